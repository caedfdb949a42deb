"""Round-robin tournaments between agents, a win-rate matrix and Elo ratings with intervals.

Every pair of agents plays `games` seeded games with seats rotated: half the games seat them
a, b, a, b, ... and the other half b, a, b, a, ... on the same seeds, so neither gains from the
deal or the first move. A game's winner between the two is the agent whose seats averaged the
higher return (equal: a draw, half a point each).

In a cooperative game (or a one-seat game) two agents cannot play against each other, so each
agent plays every seed as the whole team and each pair is compared seed by seed: the team that
won (or, both or neither winning, got the higher return) takes the point.

Ratings come from a Bradley-Terry fit of the pairwise scores (draws as half points), on the Elo
scale (400 * log10 odds) and centred on a mean of 0; the 95% intervals come from a seeded
parametric bootstrap of the pairwise results.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import numpy as np

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.sim.backends import results
from warroom.sim.runner import SimConfig, seat_agents
from warroom.sim.stats import GameResult, is_win

ELO_SCALE = 400.0 / math.log(10.0)
BOOTSTRAP = 200


@dataclass
class PairScore:
    """What agent `a` scored against agent `b`: points (wins + half the draws) out of games, and
    how many of those games were won and drawn."""

    points: float = 0.0
    games: int = 0
    wins: int = 0
    draws: int = 0

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws


@dataclass
class Standings:
    agents: tuple[str, ...]
    scores: dict[tuple[int, int], PairScore] = field(default_factory=dict)

    def score(self, i: int, j: int) -> PairScore:
        return self.scores.setdefault((i, j), PairScore())

    def record(self, i: int, j: int, points_i: float) -> None:
        for x, y, p in ((i, j, points_i), (j, i, 1.0 - points_i)):
            cell = self.score(x, y)
            cell.points += p
            cell.games += 1
            cell.wins += p == 1.0
            cell.draws += p == 0.5

    def rate(self, i: int, j: int) -> float | None:
        cell = self.scores.get((i, j))
        return cell.points / cell.games if cell and cell.games else None

    def record_of(self, i: int, j: int) -> JSON | None:
        """Agent i's wins, draws and losses against agent j (None: they never met, or i == j)."""
        cell = self.scores.get((i, j))
        if cell is None or not cell.games:
            return None
        return {"wins": cell.wins, "draws": cell.draws, "losses": cell.losses}

    def totals(self, i: int) -> JSON:
        """Agent i's points, games, wins, draws and losses over the whole round robin."""
        cells = [c for (k, _), c in self.scores.items() if k == i]
        wins, draws, games = (
            sum(c.wins for c in cells),
            sum(c.draws for c in cells),
            sum(c.games for c in cells),
        )
        score = sum(c.points for c in cells)
        return {"score": score, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws}


def is_team_game(game: Game[Any]) -> bool:
    return game.info.cooperative or game.num_players == 1


def seatings(players: int, a: str, b: str) -> list[tuple[str, ...]]:
    """The two seat rotations of a pair: a first, then b first."""
    first = tuple(a if seat % 2 == 0 else b for seat in range(players))
    return [first, tuple(b if name == a else a for name in first)]


def pair_points(result: GameResult, seating: Sequence[str], a: str) -> float:
    """What `a` scored in one game: 1 win, 0.5 draw, 0 loss by mean return of its seats."""
    mine = [r for r, name in zip(result.returns, seating, strict=True) if name == a]
    theirs = [r for r, name in zip(result.returns, seating, strict=True) if name != a]
    diff = sum(mine) / len(mine) - sum(theirs) / len(theirs)
    return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5


def team_key(result: GameResult) -> tuple[bool, float]:
    """How well a team did in a team game: the game's verdict, then the mean return."""
    return (is_win(result.summary, result.returns), sum(result.returns) / max(len(result.returns), 1))


@dataclass(frozen=True)
class TournamentSpec:
    game: Game[Any]
    agents: tuple[str, ...]
    games: int  # per pair (rounded up to even in head-to-head games, for the seat swap)
    seed: int = 0
    jobs: int = 1
    backend: str = "process"

    def __post_init__(self) -> None:
        if len(self.agents) < 2:
            raise OptionError("a tournament needs at least two agents")
        if len(set(self.agents)) != len(self.agents):
            raise OptionError("each agent may enter the tournament once")
        if self.games < 1:
            raise OptionError(f"--games must be 1 or more, not {self.games}")
        for name in self.agents:
            seat_agents(self.game, [name])  # unknown names fail before any game is played


def play(spec: TournamentSpec, on_game: Callable[[], None] | None = None) -> Standings:
    """Play the whole round robin, folding every game into the standings as it arrives."""
    standings = Standings(spec.agents)
    tick = on_game or (lambda: None)
    if is_team_game(spec.game):
        # every agent's team plays the same seeds; the pairs are then compared seed by seed
        # (one small key per game and agent is kept for that, never the games themselves)
        keys: list[list[tuple[bool, float]]] = []
        for name in spec.agents:
            keys.append([])
            for result in _stream(spec, (name,), spec.games):
                keys[-1].append(team_key(result))
                tick()
        for i, j in combinations(range(len(spec.agents)), 2):
            for key_i, key_j in zip(keys[i], keys[j], strict=True):
                standings.record(i, j, 1.0 if key_i > key_j else 0.0 if key_i < key_j else 0.5)
        return standings
    half = (spec.games + 1) // 2
    for i, j in combinations(range(len(spec.agents)), 2):
        a, b = spec.agents[i], spec.agents[j]
        for seating in seatings(spec.game.num_players, a, b):
            for result in _stream(spec, seating, half):
                standings.record(i, j, pair_points(result, seating, a))
                tick()
    return standings


def _stream(spec: TournamentSpec, agents: Sequence[str], games: int) -> Iterator[GameResult]:
    config = SimConfig.create(spec.game, agents, spec.seed, games)
    return results(config, spec.jobs, spec.backend)


def fit_elo(agents: int, scores: dict[tuple[int, int], PairScore], iterations: int = 500) -> list[float]:
    """Bradley-Terry strengths by minorisation-maximisation, as Elo (mean 0).

    A tiny prior (one drawn game against an average opponent) keeps an unbeaten or winless
    agent's rating finite."""
    strength = [1.0] * agents
    for _ in range(iterations):
        new = []
        for i in range(agents):
            wins, denominator = 0.5, 1.0 / (strength[i] + 1.0)
            for j in range(agents):
                cell = scores.get((i, j))
                if j != i and cell is not None and cell.games:
                    wins += cell.points
                    denominator += cell.games / (strength[i] + strength[j])
            new.append(wins / denominator)
        mean_log = sum(math.log(s) for s in new) / agents
        strength = [s / math.exp(mean_log) for s in new]
    return [ELO_SCALE * math.log(s) for s in strength]


def bootstrap_elo(standings: Standings, seed: int, rounds: int = BOOTSTRAP) -> list[tuple[float, float]]:
    """95% intervals: refit on pairwise scores redrawn from each pair's observed rate."""
    rng = np.random.default_rng(seed)
    n = len(standings.agents)
    samples: list[list[float]] = [[] for _ in range(n)]
    for _ in range(rounds):
        drawn: dict[tuple[int, int], PairScore] = {}
        for (i, j), cell in standings.scores.items():
            if i < j and cell.games:
                rate = cell.points / cell.games
                points = float(rng.binomial(cell.games, rate))
                drawn[(i, j)] = PairScore(points, cell.games)
                drawn[(j, i)] = PairScore(cell.games - points, cell.games)
        for k, value in enumerate(fit_elo(n, drawn, iterations=200)):
            samples[k].append(value)
    intervals = []
    for values in samples:
        values.sort()
        intervals.append((values[int(0.025 * (rounds - 1))], values[int(0.975 * (rounds - 1))]))
    return intervals


def report(spec: TournamentSpec, standings: Standings) -> JSON:
    """The win-rate matrix (row agent's score against the column agent), each pair's wins, draws
    and losses (`record`), and the Elo table with every agent's wins, draws and losses."""
    names = spec.agents
    elo = fit_elo(len(names), standings.scores)
    intervals = bootstrap_elo(standings, spec.seed)
    table: list[JSON] = [
        {
            "agent": names[k],
            "elo": elo[k],
            "elo_ci95": list(intervals[k]),
            **standings.totals(k),
        }
        for k in range(len(names))
    ]
    table.sort(key=lambda row: -row["elo"])
    return {
        "game": spec.game.info.id,
        "options": spec.game.options,
        "mode": "team" if is_team_game(spec.game) else "head-to-head",
        "agents": list(names),
        "games_per_pair": spec.games if is_team_game(spec.game) else 2 * ((spec.games + 1) // 2),
        "seed": spec.seed,
        "win_rate": {a: {b: standings.rate(i, j) for j, b in enumerate(names)} for i, a in enumerate(names)},
        "record": {
            a: {b: standings.record_of(i, j) for j, b in enumerate(names)} for i, a in enumerate(names)
        },
        "elo": table,
    }
