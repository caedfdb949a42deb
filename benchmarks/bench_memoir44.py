"""Memoir '44 random-playout speed on one core (target: 30,000 decisions/s on Pegasus Bridge),
and the heuristic agent's win rate against the random agent with sides swapped.

Speed is CPU time (`time.process_time()`), the best of several rounds of the same seeded games,
so a shared, loaded machine disturbs the figure as little as possible.

    python benchmarks/bench_memoir44.py [--scenario pegasus-bridge] [--games-per-round 30]
                                        [--rounds 5] [--games 0]
    python benchmarks/bench_memoir44.py --profile     # cProfile of one round of random playouts
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import tempfile
import time

from warroom.agents.base import RandomAgent
from warroom.games.memoir44 import Memoir44Game
from warroom.games.memoir44.agents import HeuristicAgent


def random_playouts(scenario: str, games: int) -> tuple[float, int]:
    """Seeded random games 0..games-1 played to the end; returns (CPU seconds, decisions)."""
    game = Memoir44Game(scenario=scenario)
    decisions, start = 0, time.process_time()
    for seed in range(games):
        state, agent = game.new_initial_state(seed), RandomAgent(seed)
        while not state.is_terminal():
            state.apply_action(agent.choose(state))
            decisions += 1
    return time.process_time() - start, decisions


def best_rate(scenario: str, games: int, rounds: int) -> tuple[float, list[float], int]:
    """Decisions per CPU second: (best, every round, decisions per round)."""
    rates, decisions = [], 0
    for _ in range(rounds):
        seconds, decisions = random_playouts(scenario, games)
        rates.append(decisions / seconds)
    return max(rates), rates, decisions


def heuristic_vs_random(scenario: str, games: int) -> tuple[int, int]:
    """Seeded games, the heuristic seated as Allies in even games and Axis in odd ones."""
    game = Memoir44Game(scenario=scenario)
    wins = 0
    for seed in range(games):
        seat = seed % 2
        agents = {seat: HeuristicAgent(seed), 1 - seat: RandomAgent(seed + 7)}
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        wins += state.returns()[seat] > 0
    return wins, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="pegasus-bridge")
    parser.add_argument("--games-per-round", type=int, default=30, help="seeded random games per round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the best CPU-time rate counts")
    parser.add_argument("--games", type=int, default=0, help="heuristic-vs-random games (0: skip)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        with tempfile.TemporaryDirectory(prefix="bench_memoir44_") as tmp:
            out = os.path.join(tmp, "playouts.prof")
            cProfile.runctx("random_playouts(args.scenario, args.games_per_round)", globals(), locals(), out)
            pstats.Stats(out).sort_stats("tottime").print_stats(25)
        return
    best, rates, decisions = best_rate(args.scenario, args.games_per_round, args.rounds)
    print(
        f"memoir44 {args.scenario}: {best:,.0f} random decisions per CPU second, best of {args.rounds} "
        f"rounds of {args.games_per_round} games ({decisions} decisions each; "
        f"rounds: {', '.join(f'{r:,.0f}' for r in rates)})"
    )
    if args.games:
        wins, n = heuristic_vs_random(args.scenario, args.games)
        print(f"heuristic beat random in {wins}/{n} games ({100 * wins / n:.1f}%), sides swapped")


if __name__ == "__main__":
    main()
