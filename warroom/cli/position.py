"""`warroom position GAME FILE`: a position written in the game's notation (each game's
`position` module documents it), shown as the game renders it with its numbered legal options."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from warroom.cli.common import GameArg, say, show_menu, user_errors
from warroom.core.errors import CorruptDataError, OptionError
from warroom.core.registry import game_class

STDIN = "-"


def read_text(file: str) -> str:
    """The text of FILE, or of standard input for `-`."""
    if file == STDIN:
        return sys.stdin.read()
    try:
        return Path(file).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CorruptDataError(f"{file}: not UTF-8 text ({exc.reason})") from None


def position(
    game_id: GameArg,
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A position in the game's notation, or - for stdin.")
    ],
    *,
    seed: Annotated[
        int, typer.Option(help="Seed for what the position leaves unsaid (shuffled piles, dice).")
    ] = 0,
    seat: Annotated[int | None, typer.Option(help="Show this seat's view (default: a spectator's).")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object: game, options, legal, view.")
    ] = False,
) -> None:
    """Set up a position from its text notation; print it and its legal options."""
    with user_errors():
        state = game_class(game_id).from_position(read_text(file), seed)
        game = state.game
        if seat is not None and not 0 <= seat < game.num_players:
            raise OptionError(f"--seat {seat}: the game has seats 0 to {game.num_players - 1}")
        legal = state.legal_actions()
    if as_json:
        doc = {
            "game": game.info.id,
            "options": game.options,
            "current_player": state.current_player(),
            "legal": [action.text for action in legal],
            "view": state.view(seat),
        }
        print(json.dumps(doc, indent=2))
        return
    say(game.render(state, seat))
    if state.is_terminal():
        say(f"the game is over; returns: {[float(r) for r in state.returns()]}")
        return
    options = "1 legal option" if len(legal) == 1 else f"{len(legal)} legal options"
    say(f"player {state.current_player()} to move; {options}:")
    show_menu(game, state, legal)
