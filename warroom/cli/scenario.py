"""`warroom scenario list|import`: the scenarios shipped with a game, foreign files converted."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from warroom.cli.common import err, say, user_errors
from warroom.core.registry import game_class

scenario_app = typer.Typer(help="List shipped scenarios, import scenario files (.m44).", no_args_is_help=True)
ScenarioGame = Annotated[str, typer.Option("--game", "-g", help="The game the scenario is for.")]


@scenario_app.command("list")
def scenario_list(game_id: ScenarioGame = "memoir44") -> None:
    """The scenarios shipped with a game."""
    with user_errors():
        for name in game_class(game_id).scenarios():
            say(name)


@scenario_app.command("import")
def scenario_import(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="A scenario file to convert, e.g. FILE.m44.")],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the converted scenario here (else stdout).")
    ] = None,
    game_id: ScenarioGame = "memoir44",
) -> None:
    """Convert and validate a foreign scenario file into warroom's scenario format."""
    with user_errors():
        text, warnings = game_class(game_id).import_scenario(str(file))
        if output is None:
            print(text, end="" if text.endswith("\n") else "\n")
        else:
            output.write_text(text, encoding="utf-8")
            err.print(f"wrote {output}", markup=False)
    for warning in warnings:
        err.print(f"warning: {warning}", style="yellow", markup=False)
