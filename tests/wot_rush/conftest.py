"""Shared helpers for the World of Tanks: Rush rule tests (wot_rush.md). Positions are written in
the notation of warroom/games/wot_rush/position.py so a reader can check them against the digest."""

from __future__ import annotations

import textwrap
from typing import Any

from warroom.core.game import Event
from warroom.games.wot_rush.game import WotRushGame
from warroom.games.wot_rush.position import parse_position
from warroom.games.wot_rush.state import WotState


def pos(text: str, seed: int = 0) -> WotState:
    """A position from the compact notation (indentation ignored), in Phase II of the active seat."""
    return parse_position(textwrap.dedent(text), seed)


def new_game(seed: int = 0, **options: Any) -> WotState:
    return WotRushGame(**options).new_initial_state(seed)


def texts(state: WotState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def play(state: WotState, *actions: str) -> list[Event]:
    """Apply the actions in order; returns all their events."""
    out: list[Event] = []
    for text in actions:
        out.extend(state.apply_action(text))
    return out


def seat(state: WotState, p: int) -> dict[str, Any]:
    return state.view(None)["seats"][p]


def labels(state: WotState, cards: list[int]) -> list[str]:
    return [state.game.content.label(c) for c in cards]


def decision(state: WotState) -> str | None:
    d = state.view(None)["decision"]
    return None if d is None else d["kind"]
