"""`warroom ...`: list the games, play one at the terminal, simulate many, verify a replay.

One module per command; `common` holds what they share. Everything goes through the engine
contract, so every registered game works unchanged. A user's mistake (unknown game, option,
agent, a corrupt replay) is one red `error: ...` line on stderr and a non-zero exit; a traceback
always means a bug. Heavy libraries (the server, uvicorn, ray, matplotlib, numpy) are imported
only by the commands that run them, so `warroom --help` starts fast.
"""

from __future__ import annotations

import typer

from warroom.cli import campaign, games, play, position, replay, scenario, serve, sim, tournament

app = typer.Typer(
    name="warroom",
    help="Five war board games as software: play, simulate, replay.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
app.command()(serve.serve)
app.command()(tournament.tournament)
app.command()(campaign.campaign)
app.command("games")(games.list_games)
app.command()(play.play)
app.command()(sim.sim)
app.command()(replay.replay)
app.command()(position.position)
app.add_typer(scenario.scenario_app, name="scenario")


def main() -> None:
    """The `warroom` console script and `python -m warroom`."""
    app(prog_name="warroom")
