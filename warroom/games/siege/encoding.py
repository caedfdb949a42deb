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
marshal's hand only for the marshal), and `bounds` gives each element's least and greatest value
from the token and card counts of the content.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.games.siege.board import SECTORS
from warroom.games.siege.content import default_content
from warroom.games.siege.view import scores
from warroom.games.siege.words import ASKS, VEHICLES, Ring

if TYPE_CHECKING:
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


def _one_hot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def _counts(index: dict[str, int], names: list[str], scale: float) -> list[float]:
    out = [0.0] * len(index)
    for name in names:
        out[index[name]] += 1.0 / scale
    return out


def encode(view: JSON, viewer: int | None) -> list[float]:
    cards, tokens = _kinds()
    out = _one_hot(7, 6 if viewer is None else viewer)
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
        out += _counts(cards, hand, 4)
    marshal = view.get("marshal", {})
    out += [view["deck_count"] / 49, view["reserve_count"] / 49, marshal.get("hand_count", 0) / 10]
    out += _counts(cards, view["discard"], 4) + _counts(tokens, view["enemy_discard"], 4)
    out += _counts(tokens, marshal.get("hand", []), 3)
    decision = view["decision"] or {}
    out.append(view["turn"] / 50)
    out += _one_hot(SEATS, view["active"]) + _one_hot(SEATS, view["current_player"])
    out += _one_hot(len(DECISIONS) + 1, DECISIONS.index(decision["kind"]) if decision else len(DECISIONS))
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


def encode_into(st: SiegeState, viewer: int | None, out: NDArray[np.float32]) -> None:
    """`encode(st.view(viewer), viewer)` written into `out` without building the view.

    Speed: every count and flag becomes one index in a list of ints (a piece of armour, a card
    in a hand), counted by one `np.bincount` and scaled by the precomputed `_SCALE`; only the
    few other numbers are written one by one (a NumPy element costs as much as ten list appends).
    """
    g = st.game
    kind_of = st.content.token_kind_of
    armour, hedgehog = st.armour, st.hedgehog
    idx = [6 if viewer is None else viewer]
    idx += [STRUCTURES + s for s in range(6) if st.building[s]]
    idx += [STRUCTURES + 6 + s for s in range(6) if st.fort[s]]
    idx += [STRUCTURES + 12 + s for s in range(6) if st.dot[s]]
    for tid, sp in st.pos.items():
        base = BOARD + sp * PER_SPACE
        idx.append(base + _VEHICLE_SLOT[kind_of[tid]])
        idx += [base + len(VEHICLES)] * armour[tid]  # the armour slot counts armour points
        if tid == hedgehog:
            idx.append(base + len(VEHICLES) + 1)
    for seat, hand in enumerate(st.hands):
        idx += [HANDS + seat * _KINDS + k for k in hand]
    idx += [DISCARD + k for k in st.discard]
    idx += [ENEMY_DISCARD + kind_of[tid] for tid in st.enemy_discard]
    if viewer is not None and viewer == g.marshal_seat:
        idx += [MARSHAL + kind_of[tid] for tid in st.marshal_hand]
    if 0 <= st.active < SEATS:
        idx.append(ACTIVE + st.active)
    current = st.current_player()
    if 0 <= current < SEATS:
        idx.append(CURRENT + current)
    idx.append(DECISION + (ASK_SLOT[st.decision[0]] if st.decision is not None else len(DECISIONS)))
    idx += [ELIMINATED + seat for seat, gone in enumerate(st.out) if gone]
    if st.patrol:
        idx.append(FLAGS)
    counts = np.bincount(np.fromiter(idx, np.intp, len(idx)), minlength=SIZE)
    np.multiply(counts, _SCALE, out=out, casting="unsafe")
    # every other number in one NumPy call (a call costs about a microsecond)
    claims = st.claims if g.options["my_home_is_my_fortress"] else []
    values = [(2 - sum(st.dot)) / 2, len(st.deck) / 49, len(st.reserve) / 49, len(st.marshal_hand) / 10]
    values += [st.turn / 50, st.trades_done / 2, *(p / 40 for p in scores(st)), *(c / 6 for c in claims)]
    out[_places(len(st.trophies), len(claims))] = values


@cache
def _places(scored: int, claims: int) -> NDArray[np.intp]:
    """Where encode_into's numbers other than counts go, in its order."""
    places = [STRUCTURES + 18, PILES, PILES + 1, PILES + 2, TURN, FLAGS + 1]
    return np.array([*places, *range(SCORES, SCORES + scored), *range(CLAIMS, CLAIMS + claims)], np.intp)


def _scale() -> NDArray[np.float64]:
    """What one count is worth in each element of the layout (1 where a count is a flag)."""
    scale = np.ones(SIZE)
    space = np.full(PER_SPACE, 1 / 3)
    space[len(VEHICLES)], space[len(VEHICLES) + 1] = 1 / 10, 1.0
    scale[BOARD:HANDS] = np.tile(space, 30)
    scale[HANDS:PILES] = 1 / 4
    scale[DISCARD:MARSHAL] = 1 / 4
    scale[MARSHAL:TURN] = 1 / 3
    return scale


_SCALE = _scale()


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
