"""Figures of many finished games, gathered one game at a time (never holding them all).

A game's `summary(state)` is aggregated by the type of each entry: numbers and booleans are
averaged over the games that report them (a boolean's mean is a rate), dicts are merged by
summing their numbers (a distribution stays a distribution), strings are counted by value.
Results are folded in game-index order, so the figures do not depend on how games were scheduled.
Every mean (turns, decisions, each numeric figure) also gets a 95% interval from the sums of
squares (`mean_interval`: the normal approximation, fine for the hundreds of games a batch plays).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from warroom.core.game import JSON

Z95 = 1.959963984540054  # the standard normal quantile for a two-sided 95% interval

Number = int | float


@dataclass(frozen=True, slots=True)
class GameResult:
    """What one simulated game leaves behind for the statistics."""

    index: int
    seed: int
    decisions: int
    returns: tuple[float, ...]
    summary: JSON

    @property
    def won(self) -> bool:
        return is_win(self.summary, self.returns)

    @property
    def drawn(self) -> bool:
        return is_draw(self.summary, self.returns)


def is_win(summary: Mapping[str, Any], returns: Sequence[float]) -> bool:
    """The game's own verdict (`summary["won"]`) if it gives one, else whether seat 0 came out ahead."""
    if "won" in summary:
        return bool(summary["won"])
    return bool(returns) and returns[0] > 0


def is_draw(summary: Mapping[str, Any], returns: Sequence[float]) -> bool:
    """A draw: the game gives no won/lost verdict of its own and every seat got the same return,
    not a positive one (nobody came out ahead; an equal positive return is a shared win, as in
    `seat_winners`). A game with a verdict (Siege's cooperative "won") is won or lost."""
    return "won" not in summary and len(returns) > 1 and min(returns) == max(returns) <= 0


def seat_winners(returns: Sequence[float]) -> list[bool]:
    """Which seats won one game: those on the top return, when someone did better than someone
    else or when everyone shares a positive result (a cooperative win)."""
    if not returns:
        return []
    top, bottom = max(returns), min(returns)
    if top == bottom:
        return [top > 0] * len(returns)
    return [r == top for r in returns]


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion; (0, 1) when there are no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At p = 0 or 1 the bound is exactly 0 or 1; rounding would otherwise leave 0.9999999999999999.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(total: float, squares: float, count: int, z: float = Z95) -> tuple[float, float]:
    """The 95% interval of a mean from the sum and the sum of squares of `count` samples:
    mean +- z * s / sqrt(n), s the sample standard deviation; the mean itself when count < 2."""
    if count == 0:
        return (0.0, 0.0)
    mean = total / count
    if count < 2:
        return (mean, mean)
    variance = max(0.0, (squares - count * mean * mean) / (count - 1))  # rounding may dip below 0
    half = z * math.sqrt(variance / count)
    return (mean - half, mean + half)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value))


def merge_into(total: JSON, extra: Mapping[str, Any]) -> None:
    """Add a summary dict into a running total: numbers summed, dicts merged, strings counted."""
    for key, value in extra.items():
        current = total.get(key)
        if _is_number(value) and (current is None or _is_number(current)):
            total[key] = (current or 0) + value
        elif isinstance(value, Mapping) and isinstance(current, dict | None):
            merge_into(total.setdefault(key, {}), value)
        elif isinstance(value, str) and isinstance(current, dict | None):
            merge_into(total.setdefault(key, {}), {value: 1})
        # anything else (lists, a key that changes type between games) has no sensible sum


def sorted_tree(tree: Mapping[str, Any]) -> JSON:
    """A copy of nested dicts with every level's keys sorted, so reports read (and diff) the same."""
    return {
        key: sorted_tree(value) if isinstance(value, Mapping) else value
        for key, value in sorted(tree.items())
    }


@dataclass
class Tally:
    """Running sums over finished games; `report()` turns them into means and rates."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    decisions: int = 0
    decision_squares: float = 0.0
    returns: list[float] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)
    scalar_sums: dict[str, float] = field(default_factory=dict)
    scalar_counts: dict[str, int] = field(default_factory=dict)
    scalar_squares: dict[str, float] = field(default_factory=dict)
    rate_keys: set[str] = field(default_factory=set)  # boolean figures: their mean is a rate
    tables: JSON = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins += result.won
        self.draws += result.drawn
        self.decisions += result.decisions
        self.decision_squares += result.decisions * result.decisions
        if len(self.returns) < len(result.returns):
            self.returns.extend([0.0] * (len(result.returns) - len(self.returns)))
            self.seat_wins.extend([0] * (len(result.returns) - len(self.seat_wins)))
        for seat, value in enumerate(result.returns):
            self.returns[seat] += value
        for seat, won in enumerate(seat_winners(result.returns)):
            self.seat_wins[seat] += won
        for key, value in result.summary.items():
            if _is_number(value):
                self.scalar_sums[key] = self.scalar_sums.get(key, 0.0) + float(value)
                self.scalar_counts[key] = self.scalar_counts.get(key, 0) + 1
                self.scalar_squares[key] = self.scalar_squares.get(key, 0.0) + float(value) ** 2
                if isinstance(value, bool):
                    self.rate_keys.add(key)
            else:
                merge_into(self.tables, {key: value})

    def mean(self, key: str) -> float | None:
        count = self.scalar_counts.get(key, 0)
        return self.scalar_sums[key] / count if count else None

    def report(self) -> JSON:
        """Means, rates and merged tables as plain JSON-able data."""
        n = max(self.games, 1)
        low, high = wilson_interval(self.wins, self.games)
        turns = self.mean("turns")
        means = {key: self.scalar_sums[key] / self.scalar_counts[key] for key in sorted(self.scalar_sums)}
        decisions_ci = list(mean_interval(self.decisions, self.decision_squares, self.games))
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": self.wins / n,
            "win_rate_ci95": [low, high],
            "draws": self.draws,
            "losses": self.games - self.wins - self.draws,
            "draw_rate": self.draws / n,
            "mean_turns": turns if turns is not None else self.decisions / n,
            "mean_decisions": self.decisions / n,
            "mean_returns": [total / n for total in self.returns],
            "seat_win_rate": [wins / n for wins in self.seat_wins],
            "seat_win_rate_ci95": [list(wilson_interval(wins, self.games)) for wins in self.seat_wins],
            "summary": {**means, **sorted_tree(self.tables)},
            "summary_ci95": {  # Wilson intervals of the game's own yes/no figures (e.g. axis_won)
                key: list(wilson_interval(round(self.scalar_sums[key]), self.scalar_counts[key]))
                for key in sorted(self.rate_keys)
            },
            "mean_turns_ci95": self._figure_interval("turns") if turns is not None else decisions_ci,
            "mean_decisions_ci95": decisions_ci,
            "summary_mean_ci95": {  # intervals of the means of the game's other numeric figures
                key: self._figure_interval(key)
                for key in sorted(self.scalar_sums)
                if key not in self.rate_keys
            },
        }

    def _figure_interval(self, key: str) -> list[float]:
        return list(mean_interval(self.scalar_sums[key], self.scalar_squares[key], self.scalar_counts[key]))
