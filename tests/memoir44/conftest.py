"""Shared helpers for the Memoir '44 rule tests (memoir44.md). Positions are written in the
notation of warroom/games/memoir44/position.py (hexes R<row>C<col>, Axis at the top, Allies at
the bottom unless stated) so a reader can check them against the rulebook."""

from __future__ import annotations

import textwrap
from typing import Any

from warroom.core.game import Event
from warroom.games.memoir44.position import parse_position
from warroom.games.memoir44.state import M44State

QUIET_DECK = "deck: probe_center probe_center probe_center probe_left probe_right attack_center"


def pos(text: str, seed: int = 0, quiet: bool = True) -> M44State:
    """A position from the compact notation. `quiet` fixes a short deck (the rest discarded, so
    Ambush is public and no Ambush window opens) unless the text gives its own `deck:`."""
    text = textwrap.dedent(text)
    if quiet and "deck:" not in text:
        text += "\n" + QUIET_DECK + "\n"
    return parse_position(text, seed)


def texts(state: M44State) -> list[str]:
    return [a.text for a in state.legal_actions()]


def decision(state: M44State) -> str | None:
    d = state.view(None)["decision"]
    return None if d is None else d["kind"]


def play(state: M44State, *actions: str) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events.extend(state.apply_action(action))
    return events


def unit_at(state: M44State, hexname: str) -> dict[str, Any] | None:
    return next((u for u in state.view(None)["units"] if u["hex"] == hexname), None)


def figures(state: M44State, hexname: str) -> int:
    unit = unit_at(state, hexname)
    return 0 if unit is None else int(unit["figures"])


def targets(state: M44State, attacker: str) -> list[str]:
    """The hexes the unit on `attacker` may battle now."""
    return [t.split()[2] for t in texts(state) if t.startswith(f"battle {attacker} ")]


def moves(state: M44State, unit: str) -> list[str]:
    return sorted(t.split()[2] for t in texts(state) if t.startswith(f"move {unit} "))


def dice_events(events: list[Event]) -> list[Event]:
    return [e for e in events if e.kind == "dice"]


def to_battle(state: M44State, card: str, *units: str) -> None:
    """Play `card`, order `units`, skip movement: the position waits at the battle step."""
    play(state, f"play {card}", *(f"order {u}" for u in units))
    if decision(state) == "order":
        play(state, "done")
    if decision(state) == "move":
        play(state, "done")


def dice_of(state: M44State, attacker: str, target: str) -> int:
    """The dice the legal battle `attacker -> target` would roll (0 if it is not legal)."""
    text = f"battle {attacker} {target}"
    if text not in texts(state):
        return 0
    action = state.game.parse_action(state, text)
    known = state.game.consequence(state, action)  # the option's dice, as data (not its wording)
    assert known is not None
    return int(known["dice"])


def to_move(state: M44State, card: str, *units: str) -> None:
    """Play `card` and order `units`: the position waits at the movement step."""
    play(state, f"play {card}", *(f"order {u}" for u in units))
    if decision(state) == "order":
        play(state, "done")
