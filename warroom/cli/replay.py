"""`warroom replay FILE`: a saved game replayed from its seed, every action checked; content a
web table was set up with (an uploaded scenario, card set or army file) comes from the file's
`uploads:` line (warroom.core.replay)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from warroom import __version__
from warroom.cli.common import say, user_errors
from warroom.core.replay import Replay


def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A replay saved by `play --save`.")],
) -> None:
    """Replay a saved game from its seed, checking every action; print the final position."""
    with user_errors(code=1):
        record = Replay.load(file)
        state = record.play(str(file))
    game = state.game
    actions = sum(1 for text in record.actions if text and not text.startswith("#"))
    options = json.dumps(record.options, sort_keys=True)
    say(f"{game.info.title} - seed {record.seed} - {actions} actions - options {options}")
    if record.uploads:  # content the table was set up with, carried as text by the file
        say(f"uploaded content read from the file: {', '.join(sorted(record.uploads))}")
    if record.version != __version__:
        say(f"note: recorded with warroom {record.version}, replayed with {__version__}")
    say(game.render(state, None))
    if state.is_terminal():
        say(f"final returns: {[float(r) for r in state.returns()]}")
    else:
        say(f"the replay stops before the end; player {state.current_player()} to move")
