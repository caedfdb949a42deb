"""`warroom sim GAME`: many seeded AI-only games, their win rate and the game's own figures; the
batch options (--out, --plot, --vary, --backend, --address) are checked here before any game."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from warroom.cli.common import (
    GameArg,
    OptionsOpt,
    PlayersOpt,
    ScenarioOpt,
    configure,
    err,
    format_value,
    out,
    user_errors,
)
from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.sim import best_agent
from warroom.sim.batch import Run, SimRequest, Variation, run
from warroom.sim.plot import plot_runs


def sim(
    game_id: GameArg,
    *,
    games_: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    players: PlayersOpt = None,
    agents: Annotated[
        str | None, typer.Option(help="One agent for every seat, or one per seat (a,b,c).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the batch; game i's seed derives from it.")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (0: one per CPU).")] = 1,
    scenario: ScenarioOpt = None,
    option: OptionsOpt = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object instead of a table.")
    ] = False,
    out_file: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help=(
                "One row per game: a .csv file, or a .parquet directory of whole part files"
                " (readable even if the run is killed)."
            ),
        ),
    ] = None,
    plot: Annotated[Path | None, typer.Option(help="Win rate (95% band) and game lengths: .png.")] = None,
    vary: Annotated[
        str | None, typer.Option(help="KEY=v1,v2: one batch per value (option/agents/seatN).")
    ] = None,
    backend: Annotated[str, typer.Option(help="Where games run: process or ray.")] = "process",
    address: Annotated[str | None, typer.Option(help="Ray cluster address (--backend ray).")] = None,
) -> None:
    """Simulate many seeded AI-only games and report win rate and the game's own figures."""
    with user_errors():
        if jobs < 0:
            raise OptionError(f"--jobs must be 0 (one per CPU) or more, not {jobs}")
        game = configure(game_id, players, option or [], scenario)
        names = [name.strip() for name in agents.split(",")] if agents else [best_agent(game)]
        request = make_request(
            game, names, seed, games_, jobs or os.cpu_count() or 1,
            vary=vary, backend=backend, address=address, out=out_file, plot=plot,
        )  # fmt: skip
        runs: list[Run] = []
        try:
            run_with_progress(request, err, plot, runs)
        except KeyboardInterrupt:
            # a stopped run still reports (and with --out has written) every game it finished
            err.print(f"interrupted: reporting the {sum(r.tally.games for r in runs)} games played")
            _print_reports(runs, request, as_json, interrupted=True)
            raise typer.Exit(130) from None
    _print_reports(runs, request, as_json)


def _print_reports(
    runs: Sequence[Run], request: SimRequest, as_json: bool, *, interrupted: bool = False
) -> None:
    """The report of each batch, as one JSON object or one table each; an interrupted run's
    reports say so and how many games were asked for."""
    stop: JSON = {"interrupted": True, "games_asked": request.games} if interrupted else {}
    if request.vary is not None:
        batch = reports(runs, request)
        for point in batch["runs"]:
            point.update(stop)
        if as_json:
            print(json.dumps(batch, indent=2))
        for point in [] if as_json else batch["runs"]:
            print_report(point)
        return
    report = {**runs[0].report(), **stop} if runs else {}
    if as_json:
        print(json.dumps(report, indent=2))
    elif runs:
        print_report(report)


def make_request(
    game: Game[Any],
    agents: Sequence[str],
    seed: int,
    games: int,
    jobs: int,
    *,
    vary: str | None = None,
    backend: str = "process",
    address: str | None = None,
    out: Path | None = None,
    plot: Path | None = None,
) -> SimRequest:
    """Check the batch options before any game is played."""
    if plot is not None and plot.suffix.lower() != ".png":
        raise OptionError(f"--plot {plot}: use a .png file name")
    if out is not None and out.suffix.lower() not in (".csv", ".parquet", ".pq"):
        raise OptionError(f"--out {out}: use a .csv or .parquet file name")
    variation = Variation.parse(vary) if vary is not None else None
    return SimRequest(game, tuple(agents), seed, games, jobs, variation, backend, address, out)


def run_with_progress(
    request: SimRequest, console: Console, plot: Path | None = None, runs: list[Run] | None = None
) -> list[Run]:
    """Run the request with a progress bar on `console` (shown only on a terminal), then plot.
    `runs` (when given) fills as the batches start (see `batch.run`)."""
    points = len(request.vary.values) if request.vary is not None else 1
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(request.game.info.id, total=request.games * points)
        runs = run(request, lambda _result: progress.advance(task), runs)
    if plot is not None:
        axis = request.vary.key if request.vary is not None else "agents"
        plot_runs(runs, plot, f"{request.game.info.id}: win rate and game length", axis)
    return runs


def reports(runs: Sequence[Run], request: SimRequest) -> JSON:
    """The JSON of a `--vary` batch: the varied key and one report per value."""
    assert request.vary is not None
    points = [{"value": value, **r.report()} for value, r in zip(request.vary.values, runs, strict=True)]
    return {"vary": request.vary.key, "runs": points}


def _format_figure(value: Any) -> str:
    if isinstance(value, bool):
        return format_value(value)
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        return ", ".join(f"{key}: {_format_figure(item)}" for key, item in value.items())
    return str(value)


def print_report(report: JSON) -> None:
    title = f"{report['game']}: {report['games']} games, agents {', '.join(report['agents'])}"
    if report.get("interrupted"):
        title += f" (interrupted: {report['games']} of {report['games_asked']} played)"
    table = Table(title=escape(title))
    table.add_column("figure")
    table.add_column("value")
    low, high = report["win_rate_ci95"]
    rows = [
        ("options", _format_figure(report["options"])),
        ("seed", str(report["seed"])),
        ("wins", f"{report['wins']} of {report['games']}"),
        ("draws", f"{report['draws']} of {report['games']}"),
        ("losses", f"{report['losses']} of {report['games']}"),
        ("win rate", f"{report['win_rate']:.1%} (95% CI {low:.1%} - {high:.1%})"),
        *(
            (key.replace("_", " "), _mean(report[key], report.get(f"{key}_ci95")))
            for key in ("mean_turns", "mean_decisions")
        ),
        ("mean returns", ", ".join(f"{value:.3g}" for value in report["mean_returns"])),
        *(_seat_rates(report)),
        *(
            (f"summary {key}", _summary_figure(report, key, value))
            for key, value in report["summary"].items()
        ),
    ]
    for name, value in rows:
        table.add_row(escape(name), escape(value))
    out.print(table)


def _rate(rate: float, ci: list[float]) -> str:
    return f"{rate:.1%} (95% CI {ci[0]:.1%} - {ci[1]:.1%})"


def _seat_rates(report: JSON) -> list[tuple[str, str]]:
    rates, cis = report.get("seat_win_rate", []), report.get("seat_win_rate_ci95", [])
    return [
        (f"seat {seat} win rate", _rate(rate, ci))
        for seat, (rate, ci) in enumerate(zip(rates, cis, strict=False))
    ]


def _mean(value: Any, ci: list[float] | None) -> str:
    """A mean with its 95% interval when the report has one (numbers only: a table stays as is)."""
    if ci is None or isinstance(value, bool) or not isinstance(value, int | float):
        return _format_figure(value)
    return f"{_format_figure(float(value))} (95% CI {ci[0]:.4g} - {ci[1]:.4g})"


def _summary_figure(report: JSON, key: str, value: Any) -> str:
    """A yes/no figure as a rate with its Wilson interval, a number as a mean with its interval."""
    ci = report.get("summary_ci95", {}).get(key)
    if ci is not None:
        return _rate(value, ci)
    return _mean(value, report.get("summary_mean_ci95", {}).get(key))
