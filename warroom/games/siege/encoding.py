"""Siege's fixed-length numeric observation, built from a seat's view only (so it cannot leak).

Layout (floats, counts scaled to roughly [0, 1]); `SIZE` is the total:

| block | size | meaning |
|---|---|---|
| viewer | 7 | one-hot seat 0..5, last = spectator |
| structures | 19 | buildings 1-6, fortifications 1-6, DOTs 1-6, DOTs in supply / 2 |
| enemies | 30 x 9 | per space (sector-major, ring-minor): count of each of the 7 vehicle kinds / 3, |
|  |  | total armour / 10, hedgehog there |
| hands | 6 x 25 | per seat, count of each card kind / 4 |
| piles | 3 + 25 + 19 | deck / 49, reserve / 49, marshal hand / 10; discard count per card kind / 4; |
|  |  | enemy discard per token kind / 4 |
| marshal | 19 | the marshal's own hand per token kind / 3 (zeros unless the viewer is the marshal) |
| turn | 1 + 6 + 6 + 11 | turn / 50; active seat; current seat; decision kind |
| seats | 6 + 6 + 6 | trophy points / 40, eliminated, claimed sector / 6 |
| flags | 2 | patrol played, trades done / 2 |

`encode` reads a view (the reference); `encode_into` writes the same numbers straight from the
state into a preallocated array at engine speed, reading only what the viewer may see (the
marshal's hand only for the marshal): by the C writer (`encoding_c.pyx`, the whole observation
on every call) where the package was built with it, else in Python, rewriting only the blocks
whose part of the state changed since its last observation (the board, hands and discards by the
change counters the rules move, changes.py); `bounds` gives each element's least and greatest
value from the token and card counts of the content.

Shaped rewards (`shaped=True`, warroom/envs/shaping.py): `potential` is each seat's estimated
return. At two seats or more it is the fitted model of `evaluate.py` (the defenders' chance of
winning, as an expected return; a Field Marshal gets its negation). Solo, that model (fitted to
4-seat games) barely moves while the lone defender loses, so the potential is the siege's
progress instead: the buildings standing (SG-END-01: the city falls with them) over 6, less the
share of the enemy army still to beat (SG-END-02: the reserve, the tokens on the board and those
face up to resolve, over all of them): 0 at the start, -1 .. +1.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.envs import shaping
from warroom.envs.observe import (
    ZEROS,
    Counts,
    OneHots,
    PerThread,
    Seen,
    copy_out,
    count_into,
    counts,
    hand_into,
    native,
    one_hot,
    pile_into,
)
from warroom.games.siege.board import SECTORS
from warroom.games.siege.changes import BOARD as _BOARD_CHANGES
from warroom.games.siege.changes import DISCARD as _DISCARD_CHANGES
from warroom.games.siege.changes import ENEMY_DISCARD as _ENEMY_DISCARD_CHANGES
from warroom.games.siege.changes import HAND as _HAND_CHANGES
from warroom.games.siege.content import default_content
from warroom.games.siege.evaluate import evaluate
from warroom.games.siege.view import scores
from warroom.games.siege.words import ASKS, VEHICLES, Ring

if TYPE_CHECKING:
    from warroom.games.siege.game import SiegeGame
    from warroom.games.siege.state import SiegeState

RINGS = tuple(ring.name.lower() for ring in Ring)
DECISIONS = ASKS
SEATS = 6


@cache
def _kinds() -> tuple[dict[str, int], dict[str, int]]:
    content = default_content()
    return {c.kind: c.index for c in content.cards}, {t.kind: t.index for t in content.tokens}


def _size() -> int:
    cards, tokens = _kinds()
    return (7 + 19 + 30 * (len(VEHICLES) + 2) + SEATS * len(cards) + 3 + len(cards) + len(tokens)
            + len(tokens) + 1 + 2 * SEATS + len(DECISIONS) + 1 + 3 * SEATS + 2)  # fmt: skip


SIZE = _size()


def encode(view: JSON, viewer: int | None) -> list[float]:
    cards, tokens = _kinds()
    out = one_hot(7, 6 if viewer is None else viewer)
    for key in ("buildings", "fortifications", "dots"):
        out += [float(view[key][s]) for s in SECTORS]
    out.append(view["dots_in_supply"] / 2)
    board = [0.0] * (30 * (len(VEHICLES) + 2))
    for enemy in view["enemies"]:
        base = ((enemy["sector"] - 1) * 5 + RINGS.index(enemy["ring"])) * (len(VEHICLES) + 2)
        board[base + VEHICLES.index(enemy["kind"])] += 1 / 3
        board[base + len(VEHICLES)] += enemy["armour"] / 10
        if enemy["id"] == view["hedgehog"]:
            board[base + len(VEHICLES) + 1] = 1.0
    out += board
    for seat in range(SEATS):
        hand = view["hands"][seat] if seat < len(view["hands"]) else []
        out += counts(cards, hand, 4)
    marshal = view.get("marshal", {})
    out += [view["deck_count"] / 49, view["reserve_count"] / 49, marshal.get("hand_count", 0) / 10]
    out += counts(cards, view["discard"], 4) + counts(tokens, view["enemy_discard"], 4)
    out += counts(tokens, marshal.get("hand", []), 3)
    decision = view["decision"] or {}
    out.append(view["turn"] / 50)
    out += one_hot(SEATS, view["active"]) + one_hot(SEATS, view["current_player"])
    out += one_hot(len(DECISIONS) + 1, DECISIONS.index(decision["kind"]) if decision else len(DECISIONS))
    scores, out_flags, claims = view["scores"], view["eliminated"], view["claims"] or []
    out += [scores[s] / 40 if s < len(scores) else 0.0 for s in range(SEATS)]
    out += [float(out_flags[s]) if s < len(out_flags) else 0.0 for s in range(SEATS)]
    out += [claims[s] / 6 if s < len(claims) else 0.0 for s in range(SEATS)]
    out += [float(view["patrol"]), view["trades_done"] / 2]
    return out


# -- the same layout written from the state -------------------------------------------------
PER_SPACE = len(VEHICLES) + 2
STRUCTURES = 7
BOARD = STRUCTURES + 19
HANDS = BOARD + 30 * PER_SPACE
_KINDS = len(default_content().cards)
PILES = HANDS + SEATS * _KINDS
DISCARD = PILES + 3
ENEMY_DISCARD = DISCARD + _KINDS
MARSHAL = ENEMY_DISCARD + len(default_content().tokens)
TURN = MARSHAL + len(default_content().tokens)
ACTIVE, CURRENT, DECISION = TURN + 1, TURN + 1 + SEATS, TURN + 1 + 2 * SEATS
SCORES = DECISION + len(DECISIONS) + 1
ELIMINATED, CLAIMS, FLAGS = SCORES + SEATS, SCORES + 2 * SEATS, SCORES + 3 * SEATS
ASK_SLOT = {kind: i for i, kind in enumerate(DECISIONS)}
# a token kind index -> its vehicle's slot on a space (only vehicles stand on the board)
_VEHICLE_SLOT = {t.index: VEHICLES.index(t.kind) for t in default_content().tokens if t.kind in VEHICLES}


class Encoder:
    """The layout above written from the state for one configured game: by its C writer
    (`native`) where there is one, else in Python with one record per thread (`_Seen`, what
    every viewer sees alike), brought up to the state observed and copied out."""

    def __init__(self, game: SiegeGame) -> None:
        self._record = PerThread(_Seen)
        self.ones = OneHots(ACTIVE, SCORES - ACTIVE)  # the active and current seat, the decision
        self.native = _native_writer(game)

    def encode_into(self, st: SiegeState, viewer: int | None, out: NDArray[np.float32]) -> None:
        """`encode(st.view(viewer), viewer)` written into `out` without building the view: by
        the C writer where there is one (everything, from the state), else as follows.

        Incremental: every block but the viewer's seat and the marshal's own hand is the same
        for every viewer, so one record per game and thread keeps the last observation of those
        blocks (`_Seen`). The board, the hands and the two discard piles are rewritten when the
        rules counted a change of them (`SiegeState.changes`, changes.py) since the record was
        written from the same state object (a hand that lost one card or drew some has those
        counts adjusted, `hand_into`), and written whole for a state the record has not seen (a
        new game, a clone, a loaded or re-dealt state); the structures, the piles' sizes, the
        turn and the seats' numbers, a few values each, are compared with copies (list
        comparisons run in C); the one-hots are written from a template when the decision (by
        identity: a decision without data is interned) or the active seat moved. The whole is
        copied to `out`, then the viewer's seat is set and, for the marshal alone, its hand
        counted."""
        if self.native is not None:
            self.native.write(st, viewer, out)
            return
        seen = self._update(st)
        self._viewer(st, viewer, out, copy_out(seen, out))

    def observation(self, st: SiegeState, viewer: int | None) -> NDArray[np.float32]:
        """`encode_into` into a new array: the C writer's into an empty one, or a copy of the
        record (one allocation and copy, where `encode_into` needs the caller's empty array and
        a copy into it), then the viewer's parts as `encode_into` writes them."""
        if self.native is not None:
            out = np.empty(SIZE, np.float32)
            self.native.write(st, viewer, out)
            return out
        out = self._update(st).arr.copy()
        view: Any = out.data  # a float32 array's memoryview (typed as bytes')
        self._viewer(st, viewer, out, view)
        return out

    def _viewer(
        self, st: SiegeState, viewer: int | None, out: NDArray[np.float32], view: memoryview[float]
    ) -> None:
        """The viewer's parts of `out` (`view` its memoryview), which holds the record: the
        viewer's seat and, for the marshal alone, its hand (SG-FM: only the marshal sees it)."""
        view[6 if viewer is None else viewer] = 1.0
        if viewer is not None and viewer == st.siege.marshal_seat and st.marshal_hand:
            kind_of = st.content.token_kind_of
            held = np.bincount([kind_of[tid] for tid in st.marshal_hand], minlength=_TOKENS)
            out[MARSHAL:TURN] = held * (1 / 3)  # a count times its worth, as encode has it

    def _update(self, st: SiegeState) -> _Seen:
        """This thread's record brought up to `st` (see `encode_into`)."""
        seen = self._record.record
        mv = seen.mv
        changed = st.changes
        if seen.state is not st:  # a state not seen yet: its counted regions whole
            _board(st, mv)
            seen.hands = []
            for seat, hand in enumerate(st.hands):
                count_into(mv, _HAND[seat], hand, _CARD_SLOT)
                seen.hands.append(hand[:])
            seen.discard = pile_into(mv, _DISCARD, st.discard, None, _CARD_SLOT)
            seen.enemy_discard = pile_into(
                mv, _ENEMY_DISCARD, st.enemy_discard, None, st.content.token_kind_of
            )
            seen.state, seen.stamp = st, changed[:]
        elif changed != seen.stamp:
            stamp = seen.stamp
            if changed[_BOARD_CHANGES] != stamp[_BOARD_CHANGES]:
                _board(st, mv)
            hands = seen.hands
            for seat in range(len(st.hands)):
                if changed[_HAND_CHANGES + seat] != stamp[_HAND_CHANGES + seat]:
                    hands[seat] = hand_into(mv, _HAND[seat], st.hands[seat], hands[seat], _CARD_SLOT)
            if changed[_DISCARD_CHANGES] != stamp[_DISCARD_CHANGES]:
                seen.discard = pile_into(mv, _DISCARD, st.discard, seen.discard, _CARD_SLOT)
            if changed[_ENEMY_DISCARD_CHANGES] != stamp[_ENEMY_DISCARD_CHANGES]:
                seen.enemy_discard = pile_into(
                    mv, _ENEMY_DISCARD, st.enemy_discard, seen.enemy_discard, st.content.token_kind_of
                )
            seen.stamp = changed[:]
        if st.building != seen.building or st.fort != seen.fort or st.dot != seen.dot:
            for s in range(6):
                mv[STRUCTURES + s] = float(st.building[s])
                mv[STRUCTURES + 6 + s] = float(st.fort[s])
                mv[STRUCTURES + 12 + s] = float(st.dot[s])
            mv[STRUCTURES + 18] = (2 - sum(st.dot)) / 2
            seen.building, seen.fort, seen.dot = st.building[:], st.fort[:], st.dot[:]
        sizes = (len(st.deck), len(st.reserve), len(st.marshal_hand), st.turn, st.trades_done, st.patrol)
        if sizes != seen.sizes:
            mv[PILES] = sizes[0] / 49
            mv[PILES + 1] = sizes[1] / 49
            mv[PILES + 2] = sizes[2] / 10
            mv[TURN] = st.turn / 50
            mv[FLAGS] = float(st.patrol)
            mv[FLAGS + 1] = st.trades_done / 2
            seen.sizes = sizes
        decision, active = st.decision, st.active
        if decision is not seen.decision or active != seen.active:  # the current seat is the decision's
            current = st.current_player()
            ones = (
                ACTIVE + active if 0 <= active < SEATS else -1,
                CURRENT + current if 0 <= current < SEATS else -1,
                DECISION + (ASK_SLOT[decision[0]] if decision is not None else len(DECISIONS)),
            )
            if ones != seen.ones:
                mv[ACTIVE:SCORES] = self.ones.template(ones)
                seen.ones = ones
            seen.decision, seen.active = decision, active
        if st.trophies != seen.trophies or st.out != seen.out or st.claims != seen.claims:
            _seats(st, mv)
            seen.trophies, seen.out, seen.claims = [t[:] for t in st.trophies], st.out[:], st.claims[:]
        return seen


def _native_writer(game: SiegeGame) -> Any:
    """The game's C writer (`encoding_c.Writer`), or None (see `observe.native`)."""
    module = native("warroom.games.siege.encoding_c")
    if module is None:
        return None
    layout = {name: globals()[name] for name in _LAYOUT}
    layout |= {"KINDS": _KINDS, "TOKENS": _TOKENS, "ARMOUR": _ARMOUR, "HEDGEHOG": _HEDGEHOG}
    content = game.content
    return module.Writer(
        layout,
        list(content.token_kind_of),
        _vehicle_slots(content.token_kind_of),
        [content.tokens[kind].trophy for kind in content.token_kind_of],
        ASK_SLOT,
        game.num_players,
        game.marshal_seat,
        bool(game.options["my_home_is_my_fortress"]),
    )


_LAYOUT = (  # the offsets the C writer is given, by their names here
    "SIZE", "PER_SPACE", "STRUCTURES", "BOARD", "HANDS", "PILES", "DISCARD", "ENEMY_DISCARD",
    "MARSHAL", "TURN", "ACTIVE", "CURRENT", "DECISION", "SCORES", "ELIMINATED", "CLAIMS", "FLAGS",
)  # fmt: skip


def encode_into(st: SiegeState, viewer: int | None, out: NDArray[np.float32]) -> None:
    """`Encoder.encode_into` with the game's encoder."""
    st.siege.encoder.encode_into(st, viewer, out)


class _Seen(Seen):
    """The game's last observation (what every viewer sees alike), the state it was written from
    with that state's change counters then, and copies of the few parts compared directly."""

    def __init__(self) -> None:
        super().__init__(SIZE)
        self.building: list[bool] | None = None
        self.fort: list[bool] | None = None
        self.dot: list[bool] | None = None
        self.state: SiegeState | None = None  # the state last written, and its counters then
        self.stamp: list[int] = []
        self.hands: list[list[int] | None] = []  # each seat's hand as last written
        self.discard: list[int] | None = None
        self.enemy_discard: list[int] | None = None
        self.sizes: tuple[int | bool, ...] | None = None
        self.ones = (-1, -1, -1)  # the active and current seat and the decision kind set
        self.decision: Any = _UNSEEN  # the decision and active seat they were set from
        self.active = -1
        self.trophies: list[list[int]] | None = None
        self.out: list[bool] | None = None
        self.claims: list[int] | None = None


_UNSEEN = object()  # a record's decision before its first write (None is the game's end)


def _board(st: SiegeState, mv: memoryview[float]) -> None:
    """Per space: each vehicle kind / 3, the armour there / 10, the hedgehog."""
    mv[BOARD:HANDS] = ZEROS[: HANDS - BOARD]
    vehicle_slot, armour, hedgehog = _vehicle_slots(st.content.token_kind_of), st.armour, st.hedgehog
    counts: dict[int, int] = {}  # element -> vehicles of a kind there, or armour points there
    for tid, sp in st.pos.items():
        base = BOARD + sp * PER_SPACE
        k = base + vehicle_slot[tid]
        counts[k] = counts.get(k, 0) + 1
        k = base + _ARMOUR
        counts[k] = counts.get(k, 0) + armour[tid]
        if tid == hedgehog:
            mv[base + _HEDGEHOG] = 1.0
    for k, n in counts.items():
        mv[k] = n * _SCALE[k]  # a count times its worth (float32 sums would round differently)


_ARMOUR, _HEDGEHOG = len(VEHICLES), len(VEHICLES) + 1  # a space's armour and hedgehog elements
_slots_of: list[tuple[tuple[int, ...], list[int]]] = []  # the last content's (kind_of, vehicle slots)


def _vehicle_slots(kind_of: tuple[int, ...]) -> list[int]:
    """Token id -> its vehicle's slot on a space (-1 for a token that is no vehicle), made once
    per content's table and kept by identity: one list index per enemy on the board where the
    board's rewrite looked up the token's kind, then the kind's slot (speed, issue 18)."""
    entry = _slots_of[0] if _slots_of else None  # read once: another thread may replace it
    if entry is None or entry[0] is not kind_of:
        entry = (kind_of, [_VEHICLE_SLOT.get(k, -1) for k in kind_of])
        _slots_of[:] = [entry]
    return entry[1]


def _seats(st: SiegeState, mv: memoryview[float]) -> None:
    """Trophy points / 40, eliminated, claimed sector / 6 (My Home Is My Fortress only)."""
    claims = st.claims if st.siege.options["my_home_is_my_fortress"] else []
    for seat, points in enumerate(scores(st)):
        mv[SCORES + seat] = points / 40
    for seat, gone in enumerate(st.out):
        mv[ELIMINATED + seat] = float(gone)
    for seat, claim in enumerate(claims):
        mv[CLAIMS + seat] = claim / 6


_TOKENS = len(default_content().tokens)
_CARD_SLOT = tuple(range(_KINDS))  # a card in a hand or pile is its kind's index already (a tuple:
# Python 3.11 specialises indexing a tuple by an int, not a range; speed, issue 18)
_DISCARD = Counts(DISCARD, _KINDS, 1 / 4)
_HAND = [Counts(HANDS + seat * _KINDS, _KINDS, 1 / 4) for seat in range(SEATS)]  # each seat's count per kind
_ENEMY_DISCARD = Counts(ENEMY_DISCARD, _TOKENS, 1 / 4)
_SCALE = [1 / 3] * SIZE  # on the board: a vehicle is worth 1/3, an armour point 1/10
_SCALE[BOARD + len(VEHICLES) : HANDS : PER_SPACE] = [1 / 10] * 30


def bounds(max_turns: int) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Each element's (least, greatest) value: counts bounded by how many of a kind exist, the
    turn by the game's declared maximum length (`max_turns`)."""
    content = default_content()
    cards = np.array([c.count for c in content.cards], dtype=np.float32)
    tokens = np.array([t.count for t in content.tokens], dtype=np.float32)
    vehicles = [content.token(kind) for kind in VEHICLES]
    space = [*(t.count / 3 for t in vehicles), sum(t.count * t.armour for t in vehicles) / 10, 1.0]
    trophies = sum(t.count * t.trophy for t in content.tokens) / 40
    high = np.ones(SIZE, dtype=np.float32)
    high[BOARD:HANDS] = np.tile(np.array(space, dtype=np.float32), 30)
    high[HANDS:PILES] = np.tile(cards / 4, SEATS)
    high[PILES + 2] = len(content.token_kind_of) / 10
    high[DISCARD:ENEMY_DISCARD] = cards / 4
    high[ENEMY_DISCARD:MARSHAL] = tokens / 4
    high[MARSHAL:TURN] = tokens / 3
    high[TURN] = max_turns / 50
    high[SCORES:ELIMINATED] = trophies
    return np.zeros(SIZE, dtype=np.float32), high


def potential(st: SiegeState) -> list[float]:
    """Each seat's potential for shaped rewards (see the module docstring)."""
    if st.siege.num_players > 1:
        return evaluate(st)
    left = len(st.reserve) + len(st.staged) + len(st.pos)
    gone = len(st.enemy_discard) + sum(len(kept) for kept in st.trophies)
    return [sum(st.building) / 6 - left / max(1, left + gone)]


shaping.register("siege", potential)
