"""A numeric encoding of a Dust Warfare view for learning environments (observe()).

Layout (all floats), for a game with U units of at most M = actions.MAX_MODELS miniatures:

    [0]        turn / scenario turns
    [1..7]     phase one-hot (setup, deployment, initiative, command, units, end, over)
    [8..9]     orders left: mine, the opponent's (÷ 10)
    [10..11]   1 if I am the Initiating player, 1 if it is my phase
    [12..33]   the pending decision's kind, one-hot (see KINDS)
    then per unit (12 + 5 M values): mine?, status one-hot (4), suppression ÷ 10, reaction,
               retreating, activated, leader index ÷ M; then per miniature slot: on the
               table, x ÷ width, y ÷ depth, damage ÷ capacity, facing ÷ 360; then 1 if the
               unit is hidden behind a marker (DW-BTL-06), 1 if it is embarked in a vehicle
               (DW-ABL-07)
    then, in a camouflage scenario (Night Encounter), per unit marker (6 values): placed,
               revealed, mine?, x ÷ width, y ÷ depth, activated; never the unit behind it

`encode_into` writes the same numbers straight from the state into the environment's array.
`bounds(game)` gives each element's least and greatest value (`Game.observation_bounds`):
0..1 for the flags, one-hots, positions (a model stands on the table), damage (never past the
miniature's capacity, DW-ATK-08) and facing (taken modulo 360); the turn reaches the
scenario's length at most; orders are at most twice the seat's units plus one (DW-INIT-01: a
die per unit on the battlefield and per joined Hero; DW-INIT-04: the hits, at least 1; DW-INIT-05:
one more for a Command Squad), taken over both seats since the block is the viewer's and the other's;
the Unit Leader is a miniature of the unit or -1 while Leaderless (DW-UNIT-09). Suppression
alone is unbounded above: a unit may carry any number of markers (DW-SUP-01).

Shaped rewards (`shaped=True`, warroom/envs/shaping.py): the potential is the game's own
evaluation (`evaluate.py`, what its search uses): a fitted model of the Allies' chance to win
from the Superiority Points lost, held, worn and suppressed on each side, as an expected return
(2p - 1; the Axis its negation): zero-sum, within -1 .. +1. No potential of its own is
registered here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.envs.observe import ZEROS
from warroom.games.dust_warfare.actions import MAX_MODELS
from warroom.games.dust_warfare.words import Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.game import DustWarfareGame
    from warroom.games.dust_warfare.state import DustState

PHASES = ("setup", "deployment", "initiative", "command", "units", "end", "over")
STATUSES = ("pending", "table", "reserve", "destroyed")
KINDS = (
    "edge",
    "sequence",
    "pick",
    "where",
    "temporary",
    "command",
    "activate",
    "leader",
    "action",
    "react",
    "hit",
    "heal",
    "terrain",
    "objective",
    "fort",
    "dig",
    "arrival",
    "marker",
    "conceal",
    "deploy_as",
)
HEAD = 1 + len(PHASES) + 2 + 2 + len(KINDS)
PER_UNIT = 1 + len(STATUSES) + 5 + 5 * MAX_MODELS + 2  # the last two: hidden, embarked


PER_MARKER = 6  # Night Encounter's unit markers: placed, revealed, mine, x, y, activated


def markers(game: DustWarfareGame) -> int:
    """One marker per unit in a camouflage scenario (DW-NE-02), else none."""
    return len(game.units) if game.scenario.camouflage else 0


def size(game: DustWarfareGame) -> int:
    return HEAD + PER_UNIT * len(game.units) + PER_MARKER * markers(game)


def encode(game: DustWarfareGame, view: JSON, player: int | None) -> list[float]:
    me = 0 if player is None else player
    out = [view["turn"] / max(1, game.turns)]
    out += [1.0 if view["phase"] == p else 0.0 for p in PHASES]
    orders = view["orders"]
    out += [orders[me] / 10, orders[1 - me] / 10]
    out += [1.0 if view["initiator"] == me else 0.0, 1.0 if view["side"] == me else 0.0]
    kind = view["decision"]["kind"] if view["decision"] else None
    out += [1.0 if kind == k else 0.0 for k in KINDS]
    width, depth = view["table"]["width"], view["table"]["depth"]
    for unit in view["units"]:
        out.append(1.0 if unit["seat"] == me else 0.0)
        out += [1.0 if unit["status"] == s else 0.0 for s in STATUSES]
        out += [
            unit["suppression"] / 10,
            1.0 if unit["reaction"] else 0.0,
            1.0 if unit["retreating"] else 0.0,
            1.0 if unit["activated"] else 0.0,
            unit["leader"] / MAX_MODELS,
        ]
        models = unit["models"]
        for k in range(MAX_MODELS):
            if k < len(models) and models[k]["x"] is not None:
                m = models[k]
                out += [
                    1.0,
                    m["x"] / width,
                    m["y"] / depth,
                    m["damage"] / m["capacity"],
                    (m["facing"] or 0.0) / 360,
                ]
            else:
                out += [0.0] * 5
        out.append(1.0 if unit["status"] == "hidden" else 0.0)
        out.append(1.0 if unit["status"] == "embarked" else 0.0)  # aboard a vehicle (DW-ABL-07)
    shown = view["markers"]
    for k in range(markers(game)):  # positions and flags only: never the unit (DW-NE-02)
        if k < len(shown) and shown[k]["x"] is not None:
            m = shown[k]
            out += [
                1.0,
                1.0 if m["revealed"] else 0.0,
                1.0 if m["seat"] == me else 0.0,
                m["x"] / width,
                m["y"] / depth,
                1.0 if m["activated"] else 0.0,
            ]
        else:
            out += [0.0] * PER_MARKER
    return out


def encode_into(st: DustState, player: int | None, out: NDArray[np.float32]) -> None:
    """`encode(game, st.view(player), player)` written straight into `out` from the state (no
    view dict, no list): the same reads as view.py's (a unit's card, the markers' public
    fields: never which unit is behind an unrevealed marker, DW-NE-02), element by element
    through a float memoryview (Dust's engine takes milliseconds a decision, so one pass over
    the layout is all an observation needs)."""
    game = st.game
    mv = out.data.cast("B").cast("f")
    mv[0 : len(mv)] = ZEROS[: len(mv)]
    me = 0 if player is None else player
    mv[0] = st.turn / max(1, game.turns)
    if st.phase in PHASES:
        mv[1 + PHASES.index(st.phase)] = 1.0
    at = 1 + len(PHASES)
    mv[at] = st.orders[me] / 10
    mv[at + 1] = st.orders[1 - me] / 10
    mv[at + 2] = float(st.initiator == me)
    mv[at + 3] = float(st.side == me)
    decision = st.decision
    if decision is not None and decision[0] in _KIND_SLOT:
        mv[at + 4 + _KIND_SLOT[decision[0]]] = 1.0
    width, depth = st.board.width, st.board.depth
    for u, unit in enumerate(game.units):
        block = HEAD + u * PER_UNIT
        status = st.status[u]
        mv[block] = float(unit.seat == me)
        if status in STATUSES:
            mv[block + 1 + STATUSES.index(status)] = 1.0
        mv[block + 5] = st.supp[u] / 10
        mv[block + 6] = float(st.reaction[u])
        mv[block + 7] = float(st.is_retreating(u))
        mv[block + 8] = float(st.done[u] and status != Status.HIDDEN)  # by marker (DW-NE-02)
        mv[block + 9] = st.leader[u] / MAX_MODELS
        places, damage = st.pos[u], st.dmg[u]
        for k, model in enumerate(unit.models[:MAX_MODELS]):
            entry = places[k]
            if entry is not None:
                slot = block + 10 + 5 * k
                mv[slot] = 1.0
                mv[slot + 1] = entry[0] / width
                mv[slot + 2] = entry[1] / depth
                mv[slot + 3] = damage[k] / model.capacity
                mv[slot + 4] = (entry[2] or 0.0) / 360
        mv[block + PER_UNIT - 2] = float(status == Status.HIDDEN)
        mv[block + PER_UNIT - 1] = float(status == Status.EMBARKED)  # aboard a vehicle (DW-ABL-07)
    base = HEAD + PER_UNIT * len(game.units)
    for k, (seat, x, y, revealed) in enumerate(st.markers[: markers(game)]):
        if x is not None:  # positions and flags only: never the unit (DW-NE-02)
            slot = base + PER_MARKER * k
            mv[slot] = 1.0
            mv[slot + 1] = float(revealed)
            mv[slot + 2] = float(seat == me)
            mv[slot + 3] = x / width
            mv[slot + 4] = y / depth
            mv[slot + 5] = float((not revealed) and st.done[st.mapping[k]])


_KIND_SLOT = {kind: i for i, kind in enumerate(KINDS)}


def bounds(game: DustWarfareGame) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Each element's (least, greatest) value in this configured game (see the docstring)."""
    n = size(game)
    low, high = np.zeros(n, np.float32), np.ones(n, np.float32)
    units = [sum(1 for unit in game.units if unit.seat == seat) for seat in (0, 1)]
    at = 1 + len(PHASES)
    high[at : at + 2] = (2 * max(units) + 1) / 10
    for i, unit in enumerate(game.units):
        block = HEAD + i * PER_UNIT
        high[block + 5] = np.inf  # suppression / 10
        low[block + 9] = -1 / MAX_MODELS  # Leaderless
        high[block + 9] = (len(unit.models) - 1) / MAX_MODELS
    return low, high
