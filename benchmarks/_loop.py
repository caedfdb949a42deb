"""The bench loop the per-game throughput scripts share (bench_metro2033.py; bench_siege.py is
to follow): the same seeded games played `rounds` times in this process, best CPU time kept.

Games run through `warroom.sim.play_game`, so game i starts from `game_seed(seed, i)` like
`warroom sim`; one untimed warm-up game first (imports, caches). CPU time (`time.process_time`),
because the machine is often shared: wall time would measure the neighbours.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from warroom.core.game import Game
from warroom.sim import game_seed, play_game
from warroom.sim.stats import GameResult


def bench_team(
    game: Game[Any],
    agent: str,
    games: int,
    seed: int,
    *,
    rounds: int,
    tally: tuple[str, Callable[[GameResult], bool]],
) -> dict[str, Any]:
    """Every seat played by `agent`: games/s, decisions/s (agent choices), decisions per game, and
    the share of games for which `tally = (name, predicate)` holds (a win, a winner ...), from
    the best of `rounds` timed runs."""
    seats = [agent] * game.num_players
    play_game(game, seats, game_seed(seed + 1, 0))  # warm-up
    name, counts = tally
    best = float("inf")
    decisions = counted = 0
    for _ in range(rounds):
        decisions = counted = 0
        start = time.process_time()
        for i in range(games):
            result = play_game(game, seats, game_seed(seed, i), i)
            decisions += result.decisions
            counted += counts(result)
        best = min(best, time.process_time() - start)
    return {
        "team": agent,
        "games": games,
        "seconds": round(best, 3),
        "games_per_s": round(games / best, 2),
        "decisions_per_s": round(decisions / best, 1),
        "decisions_per_game": round(decisions / games, 1),
        name: round(counted / games, 3),
    }
