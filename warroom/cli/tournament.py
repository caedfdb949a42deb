"""`warroom tournament GAME --agents a,b,c --games N`: a round robin, its win-rate matrix and Elo."""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from warroom.cli.common import configure, err, out, user_errors
from warroom.core.errors import OptionError
from warroom.core.game import JSON

if TYPE_CHECKING:
    from warroom.sim.tournament import Standings, TournamentSpec


def tournament(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="A game id (see `warroom games`).")],
    *,
    agents: Annotated[str, typer.Option(help="Comma-separated agent names, two or more.")],
    games_: Annotated[int, typer.Option("--games", "-n", help="Games per pair of agents.")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of every pairing's batch.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")] = 1,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="key=value; repeatable.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Round robin between agents, seats rotated: win-rate matrix and Elo with 95% intervals."""
    # Lazy: the ratings need numpy, a tenth of a second that `warroom --help` should not pay.
    from warroom.sim.tournament import TournamentSpec, is_team_game, report

    with user_errors():
        if jobs < 0:
            raise OptionError(f"--jobs must be 0 (one per CPU) or more, not {jobs}")
        game = configure(game_id, players, option or [])
        names = tuple(name.strip() for name in agents.split(",") if name.strip())
        spec = TournamentSpec(game, names, games_, seed, jobs or os.cpu_count() or 1)
        pairs = len(names) * (len(names) - 1) // 2
        total = games_ * len(names) if is_team_game(game) else 2 * ((games_ + 1) // 2) * pairs
        standings = _with_progress(spec, err, total)
        result = report(spec, standings)
    if as_json:
        print(json.dumps(result, indent=2))
    else:
        print_tournament(out, result)


def _with_progress(spec: TournamentSpec, console: Console, total: int) -> Standings:
    from warroom.sim.tournament import play

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"{spec.game.info.id} tournament", total=total)
        return play(spec, lambda: progress.advance(task))


def print_tournament(console: Console, result: JSON) -> None:
    names: list[str] = result["agents"]
    per_pair = result["games_per_pair"]
    title = f"{result['game']} ({result['mode']}): {per_pair} games per pair, seed {result['seed']}"
    matrix = Table(
        title=escape(f"{title}\nscore of the row agent against the column agent (its wins-draws-losses)")
    )
    matrix.add_column("")
    for name in names:
        matrix.add_column(escape(name), justify="right")
    for a in names:
        cells = [(result["win_rate"][a][b], result["record"][a][b]) for b in names]
        matrix.add_row(escape(a), *("-" if rate is None else f"{rate:.1%} ({_wdl(r)})" for rate, r in cells))
    console.print(matrix)
    elo = Table(title="Elo (Bradley-Terry, mean 0; 95% bootstrap interval)")
    for column in ("agent", "elo", "95% CI", "score", "wins-draws-losses"):
        elo.add_column(column, justify="left" if column == "agent" else "right")
    for row in result["elo"]:
        low, high = row["elo_ci95"]
        elo.add_row(
            escape(row["agent"]), f"{row['elo']:+.0f}", f"{low:+.0f} .. {high:+.0f}",
            f"{row['score']:g} / {row['games']}", _wdl(row),
        )  # fmt: skip
    console.print(elo)


def _wdl(record: JSON) -> str:
    return f"{record['wins']}-{record['draws']}-{record['losses']}"
