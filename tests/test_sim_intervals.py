"""The 95% intervals of a simulation report's means (turns, decisions, the game's numeric
figures such as Dust Warfare's Superiority Points), from `warroom.sim.stats.mean_interval`."""

from __future__ import annotations

import math
import statistics

import pytest

from warroom.sim import GameResult, Tally, mean_interval
from warroom.sim.stats import Z95


def test_mean_interval_is_the_normal_interval_of_the_samples() -> None:
    samples = [3.0, 5.0, 4.0, 10.0, 8.0]
    low, high = mean_interval(sum(samples), sum(x * x for x in samples), len(samples))
    half = Z95 * statistics.stdev(samples) / math.sqrt(len(samples))
    assert (low, high) == pytest.approx((6.0 - half, 6.0 + half))


def test_mean_interval_of_constant_or_single_samples_is_the_mean() -> None:
    assert mean_interval(21.0, 3 * 49.0, 3) == pytest.approx((7.0, 7.0))
    assert mean_interval(4.0, 16.0, 1) == (4.0, 4.0)
    assert mean_interval(0.0, 0.0, 0) == (0.0, 0.0)


def test_a_report_gives_intervals_of_turns_decisions_and_numeric_figures() -> None:
    tally = Tally()
    for i, (turns, sp) in enumerate([(5, 3), (6, 7), (7, 2), (5, 9)]):
        tally.add(
            GameResult(i, i, 100 + 10 * i, (1.0, -1.0), {"turns": turns, "allies_sp": sp, "won": sp > 4})
        )
    report = tally.report()
    assert report["mean_turns_ci95"] == pytest.approx(list(mean_interval(23, 25 + 36 + 49 + 25, 4)))
    assert report["mean_decisions_ci95"] == pytest.approx(
        list(mean_interval(460, 100**2 + 110**2 + 120**2 + 130**2, 4))
    )
    low, high = report["summary_mean_ci95"]["allies_sp"]
    assert low < report["summary"]["allies_sp"] == 5.25 < high
    assert "won" not in report["summary_mean_ci95"]  # a yes/no figure has its Wilson interval instead
    assert "won" in report["summary_ci95"]


def test_without_a_turns_figure_the_turns_interval_is_the_decisions_one() -> None:
    tally = Tally()
    for i in range(3):
        tally.add(GameResult(i, i, 200 + i, (0.0, 0.0), {}))
    report = tally.report()
    assert (
        report["mean_turns_ci95"]
        == report["mean_decisions_ci95"]
        == pytest.approx(list(mean_interval(603, 200**2 + 201**2 + 202**2, 3)))
    )
    assert report["summary_mean_ci95"] == {}
