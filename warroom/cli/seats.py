"""A seat named in a terminal sentence as the web table names it (its renderers' `seatLook`).

The core knows seats by number only, so its take-back entry says "player 1 took back 1 move". The
web table names a seat by its side where the game has sides ("the Allies took back 1 move") and
the Field Marshal's seat by its role; the terminal says the same, from what the seat's own view
declares (`viewer_side`, or `players` naming each seat's side; `adversary_seats`), and "player N"
where the game has no such names.
"""

from __future__ import annotations

from warroom.core.game import State


def seat_title(state: State, seat: int) -> str:
    """ "the Allies", "the Field Marshal" or "player 2": the seat in a sentence about it. In team
    play several seats share a side, so the seat's number follows its side ("the Axis (player 3)")."""
    view = state.view(seat)
    side = view.get("viewer_side")
    if not side:  # a view naming every seat's side alike for all (Dust Warfare's `players`)
        players = view.get("players")
        named = [p for p in players if isinstance(p, dict)] if isinstance(players, list) else []
        side = next((p.get("name") for p in named if p.get("seat") == seat), None)
    if isinstance(side, str) and side:
        title = f"the {side.capitalize()}"
        return title if state.game.num_players == 2 else f"{title} (player {seat})"
    if seat in view.get("adversary_seats", ()):
        return "the Field Marshal"
    return f"player {seat}"


__all__ = ["seat_title"]
