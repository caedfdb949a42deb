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
(a hand only when the viewer holds it or it is face up): by the C writer (`encoding_c.pyx`, the
whole observation on every call) where the package was built with it, else in Python, rewriting
only the regions whose change counters the rules moved since it last wrote that state
(changes.py); `Encoder.bounds` gives each element's least and greatest value from the card set's
counts and the game's round cap.

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
    OneHots,
    PerThread,
    Seen,
    copy_part,
    count_into,
    counts,
    ids_into,
    native,
    one_hot,
)
from warroom.games.wot_rush.changes import BASE, MEDALS, PILES, SQUAD
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
    """The game's one record (per thread): the observation in table order (each seat's block at
    its own seat's place; no viewer, the own-hand block zero) followed by every seat's hand
    counted per kind / 3 (the staged hands: the viewer's is copied to the own-hand block); the
    state it was last written from (None: not yet) with that state's change counters then, and
    copies of the piles, hands and warehouses the incremental writers compare with."""

    def __init__(self, encoder: Encoder) -> None:
        super().__init__(encoder.stage + SEATS * encoder.kinds)
        mv, kinds = self.mv, encoder.kinds
        self.body = mv[: encoder.size]  # the observation's part of the record
        self.body_arr = self.arr[: encoder.size]
        self.hand_of = [
            mv[at : at + kinds] for at in range(encoder.stage, encoder.stage + SEATS * kinds, kinds)
        ]
        # per viewing seat `me` > 0, the record's seat blocks from me's on, then those before it
        a, per, end = encoder.seats, encoder.per_seat, encoder.seats + encoder.players * encoder.per_seat
        self.turned = [(mv[a + me * per : end], mv[a : a + me * per]) for me in range(encoder.players)]
        self.state: WotState | None = None
        self.stamp: list[int] = []
        self.ones = (-1, -1, -1, -1)  # the one-hots set in the turn block
        self.decision: Any = _UNSEEN  # the decision, active and first seat they were set from
        self.active = self.first = -1
        self.values: Any = None
        self.piles: list[list[int] | None] = [None, None, None]  # reserve, vehicle discard, graveyard
        self.hands: list[list[int] | None] = [None] * SEATS
        self.warehouses: list[list[int] | None] = [None] * SEATS


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
        self.stage = self.size  # the staged hands, past the observation's end
        self.piles = (  # the blocks of counts a pile of the state is written to, each card worth 1
            Counts(self.reserve, kinds, 1.0),
            Counts(self.discard, kinds, 1.0),
            Counts(self.graveyard, kinds, 1.0),
        )
        self.staged = [Counts(self.stage + seat * kinds, kinds, 1 / 3) for seat in range(SEATS)]
        self.stored = [  # each seat's warehouse counts per kind / 4, in table order
            Counts(self.seats + seat * self.per_seat + 4 * slots + 3, kinds, 1 / 4) for seat in range(SEATS)
        ]
        self.achieved = Counts(self.achievements, len(c.achievements), 1.0)
        self.achievement_slot = range(len(c.achievements))  # an achievement is its own slot
        self.seat_range = range(self.players)
        self.ones = OneHots(6, self.turn + len(DECISIONS) - 6)  # the turn block's one-hots
        self._record = PerThread(lambda: _Seen(self))
        self.native = self._native_writer(game)

    def _native_writer(self, game: WotRushGame) -> Any:
        """The game's C writer (`encoding_c.Writer`), or None (see `observe.native`)."""
        module = native("warroom.games.wot_rush.encoding_c")
        if module is None:
            return None
        names = ("size", "kinds", "slots", "turn", "seats", "per_seat", "hand", "reserve", "discard",
                 "graveyard", "medals", "achievements", "over")  # fmt: skip
        layout = {name: getattr(self, name) for name in names}
        layout["achievement_count"] = len(game.content.achievements)
        return module.Writer(layout, tuple(self.kind), self.decision, self.players)

    def encode_into(self, st: WotState, viewer: int | None, out: NDArray[np.float32]) -> None:
        """`encode(game, st.view(viewer), viewer)` written into `out` without the view.

        Incremental: one record per game and thread (`_Seen`) holds the observation in table
        order; a state seen for the first time (a new game, a clone, a loaded or re-dealt state)
        is written whole, and the same state again only where the rules counted a change since
        (`WotState.changes`, changes.py: the counters a region's mutations move). Then the
        record is copied to `out` with the seats turned to the viewer's (two slice copies), the
        viewer's staged hand in the own-hand block and the viewer's one-hot set. The viewer may
        always see that hand: its own, or a spectator's active hand, face up (WOT-REPAIR-02).
        The C writer, where there is one, writes all of it from the state instead."""
        if self.native is not None:
            self.native.write(st, viewer, out)
            return
        seen = self._update(st)
        self._turned(seen, st, viewer, copy_part(seen.body, out))

    def observation(self, st: WotState, viewer: int | None) -> NDArray[np.float32]:
        """`encode_into` into a new array: the C writer's into an empty one, or a copy of the
        record's observation (one allocation and copy, where `encode_into` needs the caller's
        empty array and a copy into it), then the viewer's parts as `encode_into` writes them."""
        if self.native is not None:
            out = np.empty(self.size, np.float32)
            self.native.write(st, viewer, out)
            return out
        seen = self._update(st)
        out = seen.body_arr.copy()
        view: Any = out.data  # a float32 array's memoryview (typed as bytes')
        self._turned(seen, st, viewer, view)
        return out

    def _update(self, st: WotState) -> _Seen:
        """This thread's record brought up to `st` (see `encode_into`)."""
        seen = self._record.record
        # the turn block: active, current and first seat and the decision kind as one-hots,
        # written from a template when they moved (a decision without data is interned, so the
        # usual unchanged test is by identity); round, end triggered, purchases left
        decision, active, first = st.decision, st.active, st.first
        if decision is not seen.decision or active != seen.active or first != seen.first:
            if decision is None:
                ones = (6 + active, 6 + 2 * SEATS + first, -1, self.over)
            else:
                ones = (
                    6 + active,
                    6 + 2 * SEATS + first,
                    6 + SEATS + decision[1],
                    self.decision[decision[0]],
                )
            if ones != seen.ones:
                seen.mv[6 : self.turn + len(DECISIONS)] = self.ones.template(ones)
                seen.ones = ones
            seen.decision, seen.active, seen.first = decision, active, first
        values = (st.round, st.triggered, st.purchases, st.limit)
        if values != seen.values:
            mv, turn = seen.mv, self.turn + len(DECISIONS)
            mv[turn] = st.round / 100
            mv[turn + 1] = 1.0 if st.triggered else 0.0
            mv[turn + 2] = (st.limit - st.purchases) / 3
            seen.values = values
        changed = st.changes
        if seen.state is not st:
            self._whole(st, seen)
            seen.state, seen.stamp = st, changed[:]
        elif changed != seen.stamp:
            stamp = seen.stamp
            if changed[PILES] != stamp[PILES]:
                self._piles(st, seen)
            if changed[MEDALS] != stamp[MEDALS]:
                self._medals(st, seen.mv)
            for seat in self.seat_range:
                if changed[BASE + seat] != stamp[BASE + seat]:
                    self._base(st, seen.mv, seat)
                if changed[SQUAD + seat] != stamp[SQUAD + seat]:
                    self._squad(st, seen, seat)
            seen.stamp = changed[:]
        return seen

    def _turned(self, seen: _Seen, st: WotState, viewer: int | None, view: memoryview[float]) -> None:
        """The viewer's parts of `view`, which holds the record's observation: the seat blocks
        turned to the viewer's (the blocks of seats me.. first, then 0..me-1), its staged hand
        in the own-hand block, its one-hot."""
        me = viewer if viewer is not None else st.active
        if me:
            mine, before = seen.turned[me]
            a, cut = self.seats, self.seats + len(mine)
            view[a:cut] = mine
            view[cut : cut + len(before)] = before
        view[self.hand : self.reserve] = seen.hand_of[me]
        view[5 if viewer is None else viewer] = 1.0

    def _whole(self, st: WotState, seen: _Seen) -> None:
        """Every block of the record from `st` (the turn block is written by `_update`)."""
        mv = seen.mv
        seen.piles = [None, None, None]
        seen.hands = [None] * SEATS
        seen.warehouses = [None] * SEATS
        self._piles(st, seen)
        self._medals(st, mv)
        count_into(mv, self.achieved, st.achievements, self.achievement_slot)
        for seat in self.seat_range:
            self._base(st, mv, seat)
            self._squad(st, seen, seat)

    def _piles(self, st: WotState, seen: _Seen) -> None:
        """The reserve, vehicle discard and graveyard that differ from their copies, counted."""
        before, kind = seen.piles, self.kind
        for i, pile in enumerate((st.reserve, st.vdiscard, st.graveyard)):
            if pile != before[i]:
                before[i] = ids_into(seen.mv, self.piles[i], pile, before[i], kind)

    def _medals(self, st: WotState, mv: memoryview[float]) -> None:
        """Each nation's medal decks: one-medal cards / 9, two-medal cards / 3."""
        for i, (ones, twos) in enumerate(zip(st.medal1, st.medal2, strict=True)):
            mv[self.medals + 2 * i] = len(ones) / 9
            mv[self.medals + 2 * i + 1] = len(twos) / 3

    def _base(self, st: WotState, mv: memoryview[float], seat: int) -> None:
        """Per base slot of `seat` (at its own place): standing, damaged, guarded, defender
        damaged."""
        slots = self.slots
        at = self.seats + seat * self.per_seat
        for s in range(slots):
            i, b = seat * slots + s, at + 4 * s
            mv[b] = 1.0 if st.base[i] >= 0 else 0.0  # a conditional, not float(): no call
            mv[b + 1] = 1.0 if st.base_dmg[i] else 0.0
            mv[b + 2] = 1.0 if st.guard[i] >= 0 else 0.0
            mv[b + 3] = 1.0 if st.guard_dmg[i] else 0.0

    def _squad(self, st: WotState, seen: _Seen, seat: int) -> None:
        """`seat`'s hand, hangar and warehouse sizes / 20, its staged hand if it differs from
        its copy, its warehouse counts per kind / 4 if that differs."""
        mv = seen.mv
        hand, warehouse = st.hand[seat], st.warehouse[seat]
        at = self.seats + seat * self.per_seat + 4 * self.slots
        mv[at] = len(hand) / 20
        mv[at + 1] = len(st.hangar[seat]) / 20
        mv[at + 2] = len(warehouse) / 20
        was = seen.hands[seat]
        if hand != was:
            seen.hands[seat] = ids_into(mv, self.staged[seat], hand, was, self.kind)
        was = seen.warehouses[seat]
        if warehouse != was:
            seen.warehouses[seat] = ids_into(mv, self.stored[seat], warehouse, was, self.kind)

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


_UNSEEN = object()  # a record's decision before its first write (None is the game's end)


def potential(st: WotState) -> list[float]:
    """Each seat's potential for shaped rewards: half its share of the medals the squads would
    score now, less the mean of the others' shares (see the module docstring)."""
    medals = [key[0] for key in score_keys(st)]
    whole, others = sum(medals), max(1, len(medals) - 1)
    if whole <= 0:
        return [0.0] * len(medals)
    return [0.5 * (m - (whole - m) / others) / whole for m in medals]


shaping.register("wot_rush", potential)
