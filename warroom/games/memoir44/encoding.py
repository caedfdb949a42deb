"""A fixed-length numeric observation built from a seat's view only (so it cannot leak).

Layout (floats); `size(game)` is the total:

| block | size | meaning |
|---|---|---|
| viewer | 3 | one-hot: allies, axis, spectator |
| hexes | 113 x 20 | per hex: terrain one-hot (8), bridge, bunker (own cover), sandbags, wire, hedgehog; |
|  |  | unit: own/enemy, base infantry/armor/artillery, figures / 4, ordered |
| hand | 30 | own hand: count per card kind / 3 |
| discard | 30 | discard pile: count per card kind / 13 |
| cards | 3 | deck / 60, own hand size / 8, enemy hand size / 8 |
| medals | 4 | own and enemy medals / target, own and enemy target / 10 |
| turn | 2 + 15 | own turn, turn / 200; decision kind one-hot (14 + none) |

`encode` reads a view (the reference); `Encoder.encode_into` writes the same numbers straight
from the state into a preallocated array at engine speed, reading only what the viewer may see
(the own side's hand only, none for a spectator): the scenario's fixed map is computed once per
side; the C writer (`encoding_c.pyx`, where the package was built with it) writes the rest
whole on every call, else in Python each viewer's last observation is kept so that only the
blocks whose part of the state changed are rewritten (a unit only where it moved, lost figures
or was ordered).
`Encoder.bounds` gives each element's least and greatest value (a bunker reads -1 when it
covers the enemy).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import itemgetter, ne
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.envs.observe import (
    ZEROS,
    Counts,
    ObservationCache,
    Seen,
    copy_out,
    count_into,
    native,
    pile_into,
)
from warroom.games.memoir44.board import BY_NAME, NUM_HEXES
from warroom.games.memoir44.rules.units import medals
from warroom.games.memoir44.words import BASE_NAMES, KINDS, SIDE_NAMES

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game
    from warroom.games.memoir44.state import M44State

DECISIONS = KINDS
PER_HEX = 20


def size(game: Memoir44Game) -> int:
    kinds = len(game.content.cards)
    return 3 + NUM_HEXES * PER_HEX + 2 * kinds + 3 + 4 + 2 + len(DECISIONS) + 1


def encode(game: Memoir44Game, view: JSON, viewer: int | None) -> list[float]:
    sc = game.scenario
    bases = {u.kind: BASE_NAMES.index(u.base) for u in game.content.units}
    me = SIDE_NAMES.index(view["viewer_side"]) if view["viewer_side"] else 0
    out = [0.0] * 3
    out[3 - 1 if view["viewer_side"] is None else me] = 1.0
    board = [0.0] * (NUM_HEXES * PER_HEX)
    for h in range(NUM_HEXES):
        base = h * PER_HEX
        board[base + sc.terrain[h]] = 1.0
        board[base + 8] = float(sc.bridge[h])
        board[base + 9] = float(sc.bunker[h] >= 0) * (1.0 if sc.bunker[h] == me else -1.0)
        board[base + 12] = float(sc.hedgehog[h])
    for name in view["sandbags"]:
        board[BY_NAME[name] * PER_HEX + 10] = 1.0
    for name in view["wire"]:
        board[BY_NAME[name] * PER_HEX + 11] = 1.0
    for unit in view["units"]:
        if unit["hex"] is None:
            continue
        base = BY_NAME[unit["hex"]] * PER_HEX
        board[base + 13 + (unit["side"] != SIDE_NAMES[me])] = 1.0
        board[base + 15 + bases[unit["kind"]]] = 1.0
        board[base + 18] = unit["figures"] / 4
        board[base + 19] = float(unit["ordered"])
    out += board
    kinds = {c.kind: c.index for c in game.content.cards}
    hand = [0.0] * len(kinds)
    for k in view["hands"][SIDE_NAMES[me]] or []:
        hand[kinds[k]] += 1 / 3
    discard = [0.0] * len(kinds)
    for k in view["discard"]:
        discard[kinds[k]] += 1 / 13
    out += hand + discard
    sizes = view["hand_sizes"]
    out += [view["deck_count"] / 60, sizes[SIDE_NAMES[me]] / 8, sizes[SIDE_NAMES[1 - me]] / 8]
    medals, target = view["medals"], view["victory_medals"]
    own, enemy = SIDE_NAMES[me], SIDE_NAMES[1 - me]
    out += [medals[own] / target[own], medals[enemy] / target[enemy], target[own] / 10, target[enemy] / 10]
    out += [float(view["active"] == SIDE_NAMES[me]), view["turn"] / 200]
    decision = view["decision"]
    kind = [0.0] * (len(DECISIONS) + 1)
    kind[DECISIONS.index(decision["kind"]) if decision else len(DECISIONS)] = 1.0
    out += kind
    return out


BOARD = 3
SANDBAGS, WIRE, UNIT, BASE, FIGURES, ORDERED = 10, 11, 13, 15, 18, 19  # offsets in a hex's block


class _Seen(Seen):
    """One viewer's last observation, started from the fixed map as its side sees it, and copies
    of the state's parts it was written from (None or empty: not written yet, so the first
    comparison differs)."""

    def __init__(self, encoder: Encoder, viewer: int | None) -> None:
        super().__init__(encoder.size)
        side = None if viewer is None else encoder.game.side_of_seat(viewer)
        me = 0 if side is None else side
        self.side, self.me = side, me
        self.arr[:] = encoder.fixed[me]
        self.mv[2 if side is None else me] = 1.0
        target = encoder.game.scenario.victory_medals
        self.mv[encoder.medals + 2] = target[me] / 10
        self.mv[encoder.medals + 3] = target[1 - me] / 10
        self.sandbags: list[int] | None = None
        self.wire: list[int] | None = None
        self.unit_hex: list[int] = []
        self.unit_fig: list[int] = []
        self.ordered: list[bool] = []
        self.hand: list[int] | None = None
        self.discard: list[int] | None = None
        self.sizes: tuple[int, int, int] | None = None
        self.kills: list[int] | None = None
        self.obj_taken: list[bool] | None = None
        self.held: object = None  # who stands on the temporary objectives' hexes
        self.kind = -1  # the decision kind's element set (-1: none yet)


class Encoder:
    """The layout above for one configured game, written from the state (see the docstring)."""

    def __init__(self, game: Memoir44Game) -> None:
        self.game = game
        self.size = size(game)
        self.kinds = kinds = len(game.content.cards)
        self.hand = BOARD + NUM_HEXES * PER_HEX
        self.discard = self.hand + kinds
        self.cards = self.discard + kinds
        self.medals = self.cards + 3
        self.turn = self.medals + 4
        self.decision = {kind: self.turn + 2 + i for i, kind in enumerate(DECISIONS)}
        self.card_kind = game.deck
        self.hand_block = Counts(self.hand, kinds, 1 / 3)
        self.discard_block = Counts(self.discard, kinds, 1 / 13)
        # the medals read, besides kills and permanent objectives taken, who stands on the
        # temporary objectives' hexes (M44-MEDAL-03): one C-level read of those occupants
        # decides whether they are counted again, where any unit's move did before
        hexes = sorted(
            {h for side in game.side_objectives for _, permanent, _, hs in side if not permanent for h in hs}
        )
        self.occupants: Callable[[list[int]], object] = itemgetter(*hexes) if hexes else _nobody
        self.unit_side = np.array(game.unit_side, dtype=np.intp)
        self.unit_base = np.array(game.unit_base, dtype=np.intp)
        # the scenario's fixed map, as seen by each side (bunkers are own or enemy cover)
        self.fixed = [self._fixed(me) for me in (0, 1)]
        self.native = self._native_writer()

    def _native_writer(self) -> Any:
        """The game's C writer (`encoding_c.Writer`), or None (see `observe.native`)."""
        module = native("warroom.games.memoir44.encoding_c")
        if module is None:
            return None
        g = self.game
        target = g.scenario.victory_medals
        fixed = np.stack(self.fixed)  # per side: the fixed map and both targets / 10, as `_Seen`
        for me in (0, 1):
            fixed[me, self.medals + 2 : self.medals + 4] = target[me] / 10, target[1 - me] / 10
        names = ("size", "hand", "discard", "cards", "medals", "turn", "kinds")
        layout = {name: getattr(self, name) for name in names}
        layout |= {"hexes": NUM_HEXES, "per_hex": PER_HEX, "board": BOARD}
        layout["over"] = self.turn + 2 + len(DECISIONS)  # the decision kind "none" (the game over)
        return module.Writer(
            layout,
            fixed,
            tuple(self.card_kind),
            tuple(g.unit_side),
            tuple(g.unit_base),
            tuple(g.side_of_seat(seat) for seat in range(g.num_players)),
            tuple(target),
            self.decision,
            medals,
        )

    def _fixed(self, me: int) -> NDArray[np.float32]:
        sc = self.game.scenario
        out = np.zeros(self.size, np.float32)
        board = out[BOARD : self.hand].reshape(NUM_HEXES, PER_HEX)
        board[np.arange(NUM_HEXES), sc.terrain] = 1.0
        board[:, 8] = sc.bridge
        bunker = np.array(sc.bunker)
        board[:, 9] = np.where(bunker < 0, 0.0, np.where(bunker == me, 1.0, -1.0))
        board[:, 12] = sc.hedgehog
        return out

    def encode_into(self, st: M44State, viewer: int | None, out: NDArray[np.float32]) -> None:
        """`encode(game, st.view(viewer), viewer)` written into `out` without the view.

        Incremental: each viewer keeps the observation it was last given (per thread) and copies
        of the state's parts it was written from (`_Seen`); a block is rewritten only when its
        source differs from that copy (list comparisons run in C), a unit only where it moved or
        changed, then the whole is copied to `out`. Equality, not identity, decides, so any
        state may follow any other (a reset, a clone, a re-dealt state). The C writer, where
        there is one, writes all of it from the state instead."""
        if self.native is not None:
            self.native.write(st, viewer, out)
            return
        seen = _CACHE.get(self, viewer)
        mv, arr = seen.mv, seen.arr
        me, side = seen.me, seen.side
        if st.sandbags != seen.sandbags:
            # a list of ints reads into NumPy fastest as bytes (one C call, no Python loop)
            arr[BOARD + SANDBAGS : self.hand : PER_HEX] = np.frombuffer(bytes(st.sandbags), np.uint8)
            seen.sandbags = st.sandbags[:]
        if st.wire != seen.wire:
            arr[BOARD + WIRE : self.hand : PER_HEX] = np.frombuffer(bytes(st.wire), np.uint8)
            seen.wire = st.wire[:]
        if st.unit_hex != seen.unit_hex or st.unit_fig != seen.unit_fig or st.ordered != seen.ordered:
            self._units(st, seen)
        if side is not None and st.hands[side] != seen.hand:
            count_into(mv, self.hand_block, st.hands[side], self.card_kind)
            seen.hand = st.hands[side][:]
        if st.discard != seen.discard:  # a discard mostly grows: its new cards are added
            seen.discard = pile_into(mv, self.discard_block, st.discard, seen.discard, self.card_kind)
        sizes = (len(st.deck), len(st.hands[me]), len(st.hands[1 - me]))
        if sizes != seen.sizes:
            mv[self.cards] = sizes[0] / 60
            mv[self.cards + 1] = sizes[1] / 8
            mv[self.cards + 2] = sizes[2] / 8
            seen.sizes = sizes
        held = self.occupants(st.occ)
        if held != seen.held or st.kills != seen.kills or st.obj_taken != seen.obj_taken:
            target = self.game.scenario.victory_medals
            mv[self.medals] = medals(st, me) / target[me]
            mv[self.medals + 1] = medals(st, 1 - me) / target[1 - me]
            seen.kills, seen.obj_taken, seen.held = st.kills[:], st.obj_taken[:], held
        mv[self.turn] = float(st.active == me)
        mv[self.turn + 1] = st.turn / 200
        decision = st.decision
        kind = self.decision[decision[0]] if decision is not None else self.turn + 2 + len(DECISIONS)
        if kind != seen.kind:
            if seen.kind >= 0:
                mv[seen.kind] = 0.0
            mv[kind] = 1.0
            seen.kind = kind
        copy_out(seen, out)

    def _units(self, st: M44State, seen: _Seen) -> None:
        """Each unit whose hex, figures or order changed, found by C-level iterators (`compress`
        over `map(ne, ...)`). A unit that moved has its old hex cleared, then (all cleared first:
        a unit may step where another just left) its new hex written: own or enemy, base kind,
        figures / 4, ordered. A unit that stayed has only its changed element rewritten (an
        order given or taken back, figures lost): most changes are one of these."""
        mv, me = seen.mv, seen.me
        hexes, figures, ordered = st.unit_hex, st.unit_fig, st.ordered
        was_hex = seen.unit_hex
        units = range(len(hexes))
        if not was_hex or hexes != was_hex:  # never written: every unit
            moved: Iterable[int] = units if not was_hex else list(compress(units, map(ne, hexes, was_hex)))
            for u in moved:
                if was_hex and was_hex[u] >= 0:
                    at = BOARD + was_hex[u] * PER_HEX + UNIT
                    mv[at : at + PER_HEX - UNIT] = ZEROS[: PER_HEX - UNIT]
            side, base = self.game.unit_side, self.game.unit_base
            for u in moved:
                if hexes[u] >= 0:
                    at = BOARD + hexes[u] * PER_HEX
                    mv[at + UNIT + (side[u] != me)] = 1.0
                    mv[at + BASE + base[u]] = 1.0
                    mv[at + FIGURES] = figures[u] / 4
                    mv[at + ORDERED] = float(ordered[u])
            seen.unit_hex = hexes[:]
        if figures != seen.unit_fig:
            if seen.unit_fig:
                for u in compress(units, map(ne, figures, seen.unit_fig)):
                    if hexes[u] >= 0:
                        mv[BOARD + hexes[u] * PER_HEX + FIGURES] = figures[u] / 4
            seen.unit_fig = figures[:]
        if ordered != seen.ordered:
            if seen.ordered:
                for u in compress(units, map(ne, ordered, seen.ordered)):
                    if hexes[u] >= 0:
                        mv[BOARD + hexes[u] * PER_HEX + ORDERED] = float(ordered[u])
            seen.ordered = ordered[:]

    def bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Each element's (least, greatest) value: counts by the deck's copies of a card, figures
        by the largest unit, the turn by the game's turn cap."""
        g = self.game
        copies = np.bincount(np.asarray(g.deck), minlength=self.kinds).astype(np.float32)
        low, high = np.zeros(self.size, np.float32), np.ones(self.size, np.float32)
        low[BOARD + 9 : self.hand : PER_HEX] = -1.0  # a bunker that covers the enemy
        high[BOARD + FIGURES : self.hand : PER_HEX] = max(g.unit_max) / 4
        high[self.hand : self.discard] = copies / 3
        high[self.discard : self.cards] = copies / 13
        high[self.cards : self.medals] = len(g.deck) / 60, len(g.deck) / 8, len(g.deck) / 8
        target = g.scenario.victory_medals
        high[self.medals + 2 : self.medals + 4] = max(target) / 10
        high[self.turn + 1] = g.max_turns / 200
        return low, high


def _nobody(_occ: list[int]) -> object:
    """The occupants of no hex (a scenario without temporary objectives)."""
    return ()


_CACHE = ObservationCache(_Seen)  # per thread: (the encoder, viewer) -> _Seen
