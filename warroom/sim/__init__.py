"""Batch simulation of AI-only games: seeded, parallel, aggregated as results stream in."""

from warroom.sim.runner import (
    SimConfig,
    agent_seeds,
    best_agent,
    game_seed,
    iter_results,
    play_game,
    seat_agents,
    simulate,
)
from warroom.sim.stats import GameResult, Tally, is_win, mean_interval, wilson_interval

__all__ = [
    "GameResult",
    "SimConfig",
    "Tally",
    "agent_seeds",
    "best_agent",
    "game_seed",
    "is_win",
    "iter_results",
    "mean_interval",
    "play_game",
    "seat_agents",
    "simulate",
    "wilson_interval",
]
