"""`warroom sim --plot FILE.png`: win rate with its 95% band, and the distribution of game length.

Left panel: the win rate of each batch (one per `--vary` value, or the single batch) with its
Wilson interval drawn as a band (and error bars). Right panel: the game-length histogram of every
batch, in turns when the game reports them, else in decisions. Matplotlib's Agg backend, so it
needs no display.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from warroom.sim.batch import Run


def plot_runs(runs: Sequence[Run], path: Path, title: str, axis_label: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    xs = list(range(len(runs)))
    reports = [run.tally.report() for run in runs]
    rates = [r["win_rate"] for r in reports]
    lows = [r["win_rate_ci95"][0] for r in reports]
    highs = [r["win_rate_ci95"][1] for r in reports]
    left.fill_between(xs, lows, highs, alpha=0.25, color="tab:blue", label="95% CI (Wilson)")
    errors = [[rate - low for rate, low in zip(rates, lows, strict=True)]]
    errors.append([high - rate for rate, high in zip(rates, highs, strict=True)])
    left.errorbar(xs, rates, yerr=errors, fmt="o-", color="tab:blue", capsize=4, label="win rate")
    left.set_xticks(xs, [run.label.split("=", 1)[-1] for run in runs], rotation=20)
    left.set_xlim(-0.5, len(runs) - 0.5)
    left.set_ylim(0, 1)
    left.set_xlabel(axis_label)
    left.set_ylabel("win rate")
    left.legend(loc="best")
    left.grid(alpha=0.3)
    unit = "turns" if all(run.tally.mean("turns") is not None for run in runs) else "decisions"
    for run in runs:
        lengths = sorted(run.lengths)  # distinct lengths, weighted by their counts
        if lengths:
            bins = min(40, max(1, lengths[-1] - lengths[0] + 1))
            weights = [run.lengths[n] for n in lengths]
            right.hist(lengths, bins=bins, weights=weights, histtype="step", linewidth=1.5, label=run.label)
    right.set_xlabel(f"game length ({unit})")
    right.set_ylabel("games")
    if len(runs) > 1:
        right.legend(loc="best", fontsize="small")
    right.grid(alpha=0.3)
    games = sum(run.tally.games for run in runs)
    fig.suptitle(f"{title} ({games} games)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
