"""The body of `warroom sim`'s batch options (--out, --plot, --vary, --backend, --address); the
command itself (warroom/cli.py) only parses and prints."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.sim.batch import Run, SimRequest, Variation, run
from warroom.sim.plot import plot_runs


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


def run_with_progress(request: SimRequest, console: Console, plot: Path | None = None) -> list[Run]:
    """Run the request with a progress bar on `console` (shown only on a terminal), then plot."""
    points = len(request.vary.values) if request.vary is not None else 1
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(request.game.info.id, total=request.games * points)
        runs = run(request, lambda _result: progress.advance(task))
    if plot is not None:
        axis = request.vary.key if request.vary is not None else "agents"
        plot_runs(runs, plot, f"{request.game.info.id}: win rate and game length", axis)
    return runs


def reports(runs: Sequence[Run], request: SimRequest) -> JSON:
    """The JSON of a `--vary` batch: the varied key and one report per value."""
    assert request.vary is not None
    points = [{"value": value, **r.report()} for value, r in zip(request.vary.values, runs, strict=True)]
    return {"vary": request.vary.key, "runs": points}
