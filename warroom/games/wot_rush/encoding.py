"""World of Tanks: Rush's fixed-length numeric observation, built from a seat's view only.

Layout (floats, counts scaled to roughly [0, 1]); `size(game)` is the total, K = card kinds:

| block | size | meaning |
|---|---|---|
| viewer | 6 | one-hot seat 0..4, last = spectator |
| turn | 5 + 5 + 5 + 13 + 3 | active seat, current seat, first seat, decision kind, round / 100, |
|  |  | end triggered, purchases left / 3 |
| seats | 5 x (3 x 4 + 3 + K) | relative to the viewer: per base slot (standing, damaged, guarded, |
|  |  | defender damaged); hand, hangar, warehouse sizes / 20; warehouse counts per kind / 4 |
| own hand | K | the viewer's hand per kind / 3 (the active hand for a spectator) |
| reserve | K | reserve per kind |
| piles | K + K + 8 + A | vehicle discard and graveyard per kind, medal decks / 9, achievements |

`encode` reads a view (the reference); `Encoder.encode_into` writes the same numbers straight
from the state into a preallocated array at engine speed, reading only what the viewer may see
(a hand only when the viewer holds it or it is face up) and rewriting only the blocks whose
part of the state changed since that viewer's last observation; `Encoder.bounds` gives each
element's least and greatest value from the card set's counts and the game's round cap.

Shaped rewards (`shaped=True`, warroom/envs/shaping.py): the game has no evaluation, so
`potential` is a medal race. A seat's medals are what its squad would score if the game ended
now (WOT-SCORE-01/04: the medals of hand, warehouse and hangar, each base card's and each
achievement's medals), its share the fraction of all seats' medals (0 while no squad scores
any); its potential is half that share less the mean of the others' shares, so the potentials
sum to zero over the seats and lie in -0.5 .. +0.5. It reads the true state (the others' hands
included), as a reward may: the learner observes none of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.envs import shaping
from warroom.envs.observe import (
    Counts,
    ObservationCache,
    Seen,
    copy_out,
    count_into,
    counts,
    move_ones,
    one_hot,
    pile_into,
)
from warroom.games.wot_rush.rules.scoring import score_keys
from warroom.games.wot_rush.words import MAX_SEATS, OVER_WORD, SAVED_KINDS

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame
    from warroom.games.wot_rush.state import WotState

SEATS = MAX_SEATS
DECISIONS = [*SAVED_KINDS, OVER_WORD]


def size(game: WotRushGame) -> int:
    c = game.content
    kinds, slots = len(c.kind_label), c.bases_per_player
    return 6 + 15 + len(DECISIONS) + 3 + SEATS * (4 * slots + 3 + kinds) + 4 * kinds + 8 + len(c.achievements)


def encode(game: WotRushGame, view: JSON, viewer: int | None) -> list[float]:
    c = game.content
    index = {label: k for k, label in enumerate(c.kind_label)}
    n = view["players"]
    out = one_hot(6, 5 if viewer is None else viewer)
    decision = view["decision"] or {"kind": OVER_WORD, "player": -1}
    out += one_hot(SEATS, view["active"]) + one_hot(SEATS, view["current_player"])
    out += one_hot(SEATS, view["first_player"]) + one_hot(len(DECISIONS), DECISIONS.index(decision["kind"]))
    out += [
        view["round"] / 100,
        float(view["end_triggered"]),
        (view["purchase_limit"] - view["purchases"]) / 3,
    ]
    me = viewer if viewer is not None else view["active"]
    for rel in range(SEATS):
        seat = view["seats"][(me + rel) % n] if rel < n else None
        out += _seat(seat, c.bases_per_player, index)
    own = view["seats"][me].get("hand", [])
    out += counts(index, own, 3) + counts(index, view["reserve"], 1)
    out += counts(index, view["vehicle_discard"], 1) + counts(index, view["graveyard"], 1)
    for ones, twos in view["medal_decks"].values():
        out += [ones / 9, twos / 3]
    ach = {a.id: a.index for a in c.achievements}
    out += counts(ach, view["achievements"], 1)
    return out


def _seat(seat: JSON | None, slots: int, index: dict[str, int]) -> list[float]:
    if seat is None:
        return [0.0] * (4 * slots + 3 + len(index))
    out: list[float] = []
    for b in seat["bases"]:
        out += [float(b["standing"]), float(b["damaged"]), float(b["defender"] is not None),
                float(b["defender_damaged"])]  # fmt: skip
    out += [seat["hand_count"] / 20, seat["hangar_count"] / 20, len(seat["warehouse"]) / 20]
    return out + counts(index, seat["warehouse"], 4)


class _Seen(Seen):
    """One viewer's last observation and copies of the state's parts it was written from (None:
    not written yet, so the first comparison always differs)."""

    def __init__(self, encoder: Encoder, viewer: int | None) -> None:
        super().__init__(encoder.size)
        self.mv[5 if viewer is None else viewer] = 1.0
        self.ones = (-1, -1, -1, -1)  # the one-hots set in the turn block
        self.values: Any = None
        self.reserve: list[int] | None = None
        self.vdiscard: list[int] | None = None
        self.graveyard: list[int] | None = None
        self.achievements: list[int] | None = None
        self.medal1: Any = None
        self.medal2: Any = None
        self.forget(-1)

    def forget(self, me: int) -> None:
        """Drop the copies of the blocks laid out relative to the seat `me` (a spectator's
        seats follow the active seat)."""
        self.me = me
        self.base: list[int] | None = None
        self.base_dmg: list[bool] | None = None
        self.guard: list[int] | None = None
        self.guard_dmg: list[bool] | None = None
        self.public: bool | None = None
        self.hand: Any = None
        self.hangar: Any = None
        self.warehouse: list[list[int]] = []


class Encoder:
    """The layout above for one configured game, written from the state (see the docstring)."""

    def __init__(self, game: WotRushGame) -> None:
        c = game.content
        self.size = size(game)
        self.kind = game.kind
        self.kinds = kinds = len(c.kind_label)
        self.slots = slots = c.bases_per_player
        self.players = game.num_players
        self.decision = {kind: 6 + 3 * SEATS + i for i, kind in enumerate(DECISIONS)}
        self.turn = 6 + 3 * SEATS
        self.seats = self.turn + len(DECISIONS) + 3
        self.per_seat = 4 * slots + 3 + kinds
        self.hand = self.seats + SEATS * self.per_seat
        self.reserve = self.hand + kinds
        self.discard, self.graveyard = self.reserve + kinds, self.reserve + 2 * kinds
        self.medals = self.graveyard + kinds
        self.achievements = self.medals + 8
        self.over = self.decision[OVER_WORD]
        self.counted = {  # the blocks of counts a pile of the state is written to, each card worth 1
            "reserve": Counts(self.reserve, kinds, 1.0),
            "vdiscard": Counts(self.discard, kinds, 1.0),
            "graveyard": Counts(self.graveyard, kinds, 1.0),
            "achievements": Counts(self.achievements, len(c.achievements), 1.0),
        }
        self.own_hand = Counts(self.hand, kinds, 1 / 3)
        self.achievement_slot = range(len(c.achievements))  # an achievement is its own slot

    def encode_into(self, st: WotState, viewer: int | None, out: NDArray[np.float32]) -> None:
        """`encode(game, st.view(viewer), viewer)` written into `out` without the view.

        Incremental: each viewer keeps the observation it was last given (per thread) and what it
        was written from (`_Seen`); a block is rewritten only when its source in the state
        differs from that copy (list comparisons run in C), then the whole is copied to `out`.
        Equality, not identity, decides, so any state may follow any other (a reset, a clone, a
        re-dealt state) and the numbers are always those of the state given."""
        seen = _CACHE.get(self, viewer)
        mv = seen.mv
        self._turn(st, seen)
        me = viewer if viewer is not None else st.active
        if me != seen.me:  # the seats' order is relative to `me`: every seat block anew
            seen.forget(me)
        if (st.base != seen.base or st.base_dmg != seen.base_dmg or st.guard != seen.guard
                or st.guard_dmg != seen.guard_dmg):  # fmt: skip
            self._bases(st, mv, me)
            seen.base, seen.base_dmg = st.base[:], st.base_dmg[:]
            seen.guard, seen.guard_dmg = st.guard[:], st.guard_dmg[:]
        public = me == viewer or st.is_hand_public(me)
        if st.hand != seen.hand or public != seen.public:
            self._hands(st, mv, me, public)
            seen.hand, seen.public = [h[:] for h in st.hand], public
        if st.hangar != seen.hangar:
            self._sizes(mv, me, 1, st.hangar)
            seen.hangar = [h[:] for h in st.hangar]
        if st.warehouse != seen.warehouse:
            self._warehouses(st, mv, me, seen.warehouse)
            seen.warehouse = [w[:] for w in st.warehouse]
        counted, kind = self.counted, self.kind
        if st.reserve != seen.reserve:
            seen.reserve = pile_into(mv, counted["reserve"], st.reserve, seen.reserve, kind)
        if st.vdiscard != seen.vdiscard:
            seen.vdiscard = pile_into(mv, counted["vdiscard"], st.vdiscard, seen.vdiscard, kind)
        if st.graveyard != seen.graveyard:
            seen.graveyard = pile_into(mv, counted["graveyard"], st.graveyard, seen.graveyard, kind)
        if st.achievements != seen.achievements:
            count_into(mv, counted["achievements"], st.achievements, self.achievement_slot)
            seen.achievements = st.achievements[:]
        if st.medal1 != seen.medal1 or st.medal2 != seen.medal2:
            for i, (ones, twos) in enumerate(zip(st.medal1, st.medal2, strict=True)):
                mv[self.medals + 2 * i] = len(ones) / 9
                mv[self.medals + 2 * i + 1] = len(twos) / 3
            seen.medal1, seen.medal2 = [m[:] for m in st.medal1], [m[:] for m in st.medal2]
        copy_out(seen, out)

    def _turn(self, st: WotState, seen: _Seen) -> None:
        """The turn block: active, current and first seat and the decision kind as one-hots (the
        ones that moved are cleared and set), round, end triggered, purchases left."""
        mv = seen.mv
        decision = st.decision
        if decision is None:
            ones = (6 + st.active, 6 + 2 * SEATS + st.first, -1, self.over)
        else:
            ones = (
                6 + st.active,
                6 + 2 * SEATS + st.first,
                6 + SEATS + decision[1],
                self.decision[decision[0]],
            )
        if ones != seen.ones:  # the active, first and current seat, the decision kind: one-hots
            move_ones(mv, seen.ones, ones)
            seen.ones = ones
        values = (st.round, st.triggered, st.purchases, st.limit)
        if values != seen.values:
            turn = self.turn + len(DECISIONS)
            mv[turn] = st.round / 100
            mv[turn + 1] = float(st.triggered)
            mv[turn + 2] = (st.limit - st.purchases) / 3
            seen.values = values

    def _bases(self, st: WotState, mv: memoryview[float], me: int) -> None:
        """Per base slot of each seat (relative to `me`): standing, damaged, guarded, defender
        damaged."""
        n, slots = self.players, self.slots
        for rel in range(n):
            seat = (me + rel) % n
            at = self.seats + rel * self.per_seat
            for s in range(slots):
                i, b = seat * slots + s, at + 4 * s
                mv[b] = float(st.base[i] >= 0)
                mv[b + 1] = float(st.base_dmg[i])
                mv[b + 2] = float(st.guard[i] >= 0)
                mv[b + 3] = float(st.guard_dmg[i])

    def _sizes(self, mv: memoryview[float], me: int, j: int, piles: list[list[int]]) -> None:
        """Size `j` (hand 0, hangar 1, warehouse 2) / 20 of every seat, relative to `me`."""
        n = self.players
        for rel in range(n):
            mv[self.seats + rel * self.per_seat + 4 * self.slots + j] = len(piles[(me + rel) % n]) / 20

    def _hands(self, st: WotState, mv: memoryview[float], me: int, public: bool) -> None:
        """Hand sizes, and `me`'s hand per kind / 3 when the viewer may see it."""
        self._sizes(mv, me, 0, st.hand)
        count_into(mv, self.own_hand, st.hand[me] if public else [], self.kind)

    def _warehouses(self, st: WotState, mv: memoryview[float], me: int, before: list[list[int]]) -> None:
        """Each changed warehouse's size / 20 and its counts per kind / 4."""
        n, kinds = self.players, self.kinds
        for rel in range(n):
            seat = (me + rel) % n
            warehouse = st.warehouse[seat]
            was = before[seat] if seat < len(before) else None
            if warehouse != was:
                at = self.seats + rel * self.per_seat + 4 * self.slots
                mv[at + 2] = len(warehouse) / 20
                pile_into(mv, Counts(at + 3, kinds, 1 / 4), warehouse, was, self.kind)

    def bounds(self, game: WotRushGame) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Each element's (least, greatest) value: a kind's count by its copies in the card set,
        sizes by the number of cards, the round by the round cap, purchases by the limit (3)."""
        c = game.content
        copies = np.bincount(np.asarray(c.kind), minlength=self.kinds).astype(np.float32)
        low, high = np.zeros(self.size, np.float32), np.ones(self.size, np.float32)
        for rel in range(SEATS):
            at = self.seats + rel * self.per_seat + 4 * self.slots
            high[at : at + 3] = c.num_cards / 20
            high[at + 3 : at + 3 + self.kinds] = copies / 4
        high[self.hand : self.reserve] = copies / 3
        high[self.reserve : self.medals] = np.tile(copies, 3)
        ones_twos = [(len(ones) / 9, len(twos) / 3) for ones, twos in c.medal_cards]
        high[self.medals : self.achievements] = [x for pair in ones_twos for x in pair]
        high[self.turn + len(DECISIONS)] = game.max_rounds / 100
        return low, high


_CACHE = ObservationCache(_Seen)  # per thread: (the encoder, viewer) -> _Seen


def potential(st: WotState) -> list[float]:
    """Each seat's potential for shaped rewards: half its share of the medals the squads would
    score now, less the mean of the others' shares (see the module docstring)."""
    medals = [key[0] for key in score_keys(st)]
    whole, others = sum(medals), max(1, len(medals) - 1)
    if whole <= 0:
        return [0.0] * len(medals)
    return [0.5 * (m - (whole - m) / others) / whole for m in medals]


shaping.register("wot_rush", potential)
