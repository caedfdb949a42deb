"""What each seat may see (memoir44.md §4 hidden information), and the figures of a finished game.

Public: the board, every unit and its figures, obstacles, medals, the discard pile, the card in
play, hand and deck sizes, the turn in progress. Hidden: the other side's hand (team mates share
theirs, M44-VAR-02), the deck order, and the other side's Recon draw until one is discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import JSON
from warroom.games.memoir44.board import NAMES
from warroom.games.memoir44.rules.units import medals
from warroom.games.memoir44.words import RESULT_NAMES, SIDE_NAMES, SIDES, Result

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def _card(st: M44State, c: int) -> str:
    return st.m44.content.cards[st.m44.deck[c]].kind


def view(st: M44State, player: int | None) -> JSON:
    g = st.m44
    side = None if player is None else g.side_of_seat(player)
    sc = g.scenario
    return {
        "game": "memoir44",
        "scenario": sc.id,
        "viewer_side": None if side is None else SIDE_NAMES[side],
        "turn": st.turn,
        "active": SIDE_NAMES[st.active],
        "current_player": st.current_player(),
        "decision": _decision(st),
        "result": RESULT_NAMES[st.result],
        "medals": {SIDE_NAMES[s]: medals(st, s) for s in SIDES},
        "kills": {SIDE_NAMES[s]: st.kills[s] for s in SIDES},
        "victory_medals": {SIDE_NAMES[s]: sc.victory_medals[s] for s in SIDES},
        "units": [
            {
                "id": u,
                "side": SIDE_NAMES[g.unit_side[u]],
                "kind": g.unit_kind[u].kind,
                "figures": st.unit_fig[u],
                "max": g.unit_max[u],
                "hex": NAMES[h] if h >= 0 else None,
                "ordered": st.ordered[u],
                "moved": st.moved[u],
                "battles": st.battles[u],
            }
            for u, h in enumerate(st.unit_hex)
        ],
        "sandbags": [NAMES[h] for h, b in enumerate(st.sandbags) if b],
        "wire": [NAMES[h] for h, b in enumerate(st.wire) if b],
        "sandbag_pool": {SIDE_NAMES[s]: st.sandbag_pool[s] for s in SIDES},
        "hands": {
            SIDE_NAMES[s]: sorted(_card(st, c) for c in st.hands[s]) if s == side else None for s in SIDES
        },
        "hand_sizes": {SIDE_NAMES[s]: len(st.hands[s]) for s in SIDES},
        "deck_count": len(st.deck),
        "discard": [_card(st, c) for c in st.discard],
        "in_play": [_card(st, c) for c in st.in_play],
        "recon": sorted(_card(st, c) for c in st.recon) if side == st.active else len(st.recon),
        "effect": st.effect,
        "last_effect": {SIDE_NAMES[s]: st.last_effect[s][0] for s in SIDES},
        "finest_hour": list(st.tfh),
        "air_targets": [NAMES[st.unit_hex[t]] if st.unit_hex[t] >= 0 else None for t in st.air],
        "objectives_taken": list(st.obj_taken),
    }


def _decision(st: M44State) -> dict[str, Any] | None:
    if st.decision is None:
        return None
    kind, seat, *data = st.decision
    return {"kind": kind, "player": seat, "data": [int(x) for x in data]}


def summary(st: M44State) -> JSON:
    """Sim figures: the winning side, medals per side and turns ("won" is left out on purpose: the
    game is competitive, so the generic per-seat win rate applies)."""
    return {
        "winner": RESULT_NAMES[st.result],
        "allies_medals": medals(st, 0),
        "axis_medals": medals(st, 1),
        "turns": st.turn,
        "allies_won": st.result == Result.ALLIES,
        "axis_won": st.result == Result.AXIS,
    }


def series_result(first: JSON, second: JSON) -> str:
    """A two-battle series with sides swapped (M44-VAR-06): the player with more medals over both
    battles wins; equal totals are a draw. `first`/`second` are `summary()`s; player A commands
    the Allies in the first battle and the Axis in the second. Returns "A", "B" or "draw"."""
    a = int(first["allies_medals"]) + int(second["axis_medals"])
    b = int(first["axis_medals"]) + int(second["allies_medals"])
    return "A" if a > b else "B" if b > a else "draw"
