"""Shared helpers for the Siege rule tests (siege.md). Positions are written in the notation of
warroom/games/siege/position.py so a reader can check them against the rulebook.

Other test modules may append helpers here; please do not remove any."""

from __future__ import annotations

import textwrap
from typing import Any

from warroom.core.game import Event
from warroom.games.siege.content import default_content
from warroom.games.siege.game import SiegeGame
from warroom.games.siege.position import parse_position
from warroom.games.siege.state import SiegeState


def pos(text: str, seed: int = 0) -> SiegeState:
    """A position from the compact notation (indentation ignored)."""
    return parse_position(textwrap.dedent(text), seed)


def new_game(seed: int = 0, **options: Any) -> SiegeState:
    """A fresh game after setup's shuffles, waiting for the starting-vehicle arrangement."""
    return SiegeGame(**options).new_initial_state(seed)


def all_cards_except(*listed: str) -> list[str]:
    """Every card of the 49 (with repeats) minus the listed ones, e.g. to fill another hand."""
    pool = [c.kind for c in default_content().cards for _ in range(c.count)]
    for kind in listed:
        pool.remove(kind)
    return pool


def texts(state: SiegeState) -> list[str]:
    """The legal action texts."""
    return [a.text for a in state.legal_actions()]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def enemies(state: SiegeState) -> list[dict[str, Any]]:
    return state.view(None)["enemies"]


def enemy_id(state: SiegeState, kind: str, sector: int, ring: str) -> int:
    """The token id (as used in `tN` action texts) of the one enemy of `kind` at (sector, ring)."""
    found = [e["id"] for e in enemies(state) if (e["kind"], e["sector"], e["ring"]) == (kind, sector, ring)]
    assert len(found) == 1, f"expected one {kind} at {ring} {sector}, found {found}"
    return found[0]


def enemy(state: SiegeState, tid: int) -> dict[str, Any] | None:
    """The public view of enemy tN, or None if it is not on the board."""
    return next((e for e in enemies(state) if e["id"] == tid), None)


def decision(state: SiegeState) -> str | None:
    d = state.view(None)["decision"]
    return None if d is None else d["kind"]


def play_out(state: SiegeState, until: Any = None, limit: int = 500) -> list[Event]:
    """Answer every decision with `pass` (else the first legal action) until `until(state)` holds or
    the game ends; returns all events seen."""
    seen: list[Event] = []
    for _ in range(limit):
        if state.is_terminal() or (until is not None and until(state)):
            return seen
        options = texts(state)
        seen.extend(state.apply_action("pass" if "pass" in options else options[0]))
    raise AssertionError("play_out did not reach its goal")
