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
(a hand only when the viewer holds it or it is face up), and `Encoder.bounds` gives each
element's least and greatest value from the card set's counts and the game's round cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
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


def _one_hot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def _counts(index: dict[str, int], labels: list[str], scale: float) -> list[float]:
    out = [0.0] * len(index)
    for label in labels:
        out[index[label]] += 1.0 / scale
    return out


def encode(game: WotRushGame, view: JSON, viewer: int | None) -> list[float]:
    c = game.content
    index = {label: k for k, label in enumerate(c.kind_label)}
    n = view["players"]
    out = _one_hot(6, 5 if viewer is None else viewer)
    decision = view["decision"] or {"kind": OVER_WORD, "player": -1}
    out += _one_hot(SEATS, view["active"]) + _one_hot(SEATS, view["current_player"])
    out += _one_hot(SEATS, view["first_player"]) + _one_hot(len(DECISIONS), DECISIONS.index(decision["kind"]))
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
    out += _counts(index, own, 3) + _counts(index, view["reserve"], 1)
    out += _counts(index, view["vehicle_discard"], 1) + _counts(index, view["graveyard"], 1)
    for ones, twos in view["medal_decks"].values():
        out += [ones / 9, twos / 3]
    ach = {a.id: a.index for a in c.achievements}
    out += _counts(ach, view["achievements"], 1)
    return out


def _seat(seat: JSON | None, slots: int, index: dict[str, int]) -> list[float]:
    if seat is None:
        return [0.0] * (4 * slots + 3 + len(index))
    out: list[float] = []
    for b in seat["bases"]:
        out += [float(b["standing"]), float(b["damaged"]), float(b["defender"] is not None),
                float(b["defender_damaged"])]  # fmt: skip
    out += [seat["hand_count"] / 20, seat["hangar_count"] / 20, len(seat["warehouse"]) / 20]
    return out + _counts(index, seat["warehouse"], 4)


class Encoder:
    """The layout above for one configured game, written from the state (see the docstring)."""

    def __init__(self, game: WotRushGame) -> None:
        c = game.content
        self.size = size(game)
        self.kind = game.kind
        self.kinds = kinds = len(c.kind_label)
        self.slots = slots = c.bases_per_player
        self.players = game.num_players
        self.decision = {kind: i for i, kind in enumerate(DECISIONS)}
        self.turn = 6 + 3 * SEATS
        self.seats = self.turn + len(DECISIONS) + 3
        self.per_seat = 4 * slots + 3 + kinds
        self.hand = self.seats + SEATS * self.per_seat
        self.reserve = self.hand + kinds
        self.discard, self.graveyard = self.reserve + kinds, self.reserve + 2 * kinds
        self.medals = self.graveyard + kinds
        self.achievements = self.medals + 8
        scale = np.ones(self.size)
        for rel in range(SEATS):
            warehouse = self.seats + rel * self.per_seat + 4 * slots + 3
            scale[warehouse : warehouse + kinds] = 1 / 4
        scale[self.hand : self.reserve] = 1 / 3
        self.scale = scale
        # where encode_into's other numbers go: round, purchases left, the table's sizes per
        # seat, the medal decks
        sizes = [
            self.seats + rel * self.per_seat + 4 * slots + j for rel in range(self.players) for j in range(3)
        ]
        places = [self.turn + len(DECISIONS), self.turn + len(DECISIONS) + 2, *sizes]
        self.places = np.array(places + list(range(self.medals, self.achievements)), dtype=np.intp)

    def encode_into(self, st: WotState, viewer: int | None, out: NDArray[np.float32]) -> None:
        """`encode(game, st.view(viewer), viewer)` written into `out` without the view: the
        counts and flags as indices counted by one `np.bincount`, the rest written one by one."""
        kind, n, slots = self.kind, self.players, self.slots
        decision = st.decision
        idx = [5 if viewer is None else viewer, 6 + st.active, 6 + 2 * SEATS + st.first]
        if decision is not None:
            idx.append(6 + SEATS + decision.seat)
        idx.append(6 + 3 * SEATS + self.decision[decision.kind if decision is not None else OVER_WORD])
        if st.triggered:
            idx.append(self.turn + len(DECISIONS) + 1)
        me = viewer if viewer is not None else st.active
        values = [st.round / 100, (st.limit - st.purchases) / 3]  # at self.places, in order
        for rel in range(n):
            seat = (me + rel) % n
            at = self.seats + rel * self.per_seat
            for s in range(slots):
                i, b = seat * slots + s, at + 4 * s
                if st.base[i] >= 0:
                    idx.append(b)
                if st.base_dmg[i]:
                    idx.append(b + 1)
                if st.guard[i] >= 0:
                    idx.append(b + 2)
                if st.guard_dmg[i]:
                    idx.append(b + 3)
            warehouse = st.warehouse[seat]
            values += [len(st.hand[seat]) / 20, len(st.hangar[seat]) / 20, len(warehouse) / 20]
            idx += [at + 4 * slots + 3 + kind[card] for card in warehouse]
        if me == viewer or st.is_hand_public(me):
            idx += [self.hand + kind[card] for card in st.hand[me]]
        idx += [self.reserve + kind[card] for card in st.reserve]
        idx += [self.discard + kind[card] for card in st.vdiscard]
        idx += [self.graveyard + kind[card] for card in st.graveyard]
        idx += [self.achievements + a for a in st.achievements]
        for ones, twos in zip(st.medal1, st.medal2, strict=True):
            values += [len(ones) / 9, len(twos) / 3]
        # three NumPy calls for the counts and flags, one for every other number: a NumPy call
        # costs about a microsecond, as much as the rest of a small encoding (fromiter reads a
        # list of ints three times faster than bincount's own conversion)
        counts = np.bincount(np.fromiter(idx, np.intp, len(idx)), minlength=self.size)
        np.multiply(counts, self.scale, out=out, casting="unsafe")
        out[self.places] = values

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
