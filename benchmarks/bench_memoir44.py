"""Memoir '44 random-playout speed on one core (target: 30,000 decisions/s on Pegasus Bridge),
and the heuristic agent's win rate against the random agent with sides swapped.

    python benchmarks/bench_memoir44.py [--scenario pegasus-bridge] [--seconds 10] [--games 0]
    python benchmarks/bench_memoir44.py --profile     # cProfile of the random playouts
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from warroom.agents.base import RandomAgent
from warroom.games.memoir44 import Memoir44Game
from warroom.games.memoir44.agents import HeuristicAgent


def random_playouts(scenario: str, seconds: float) -> tuple[float, int, int]:
    """Whole seeded random games; returns (decisions/s, games, decisions)."""
    game = Memoir44Game(scenario=scenario)
    decisions, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, agent = game.new_initial_state(seed), RandomAgent(seed)
        while not state.is_terminal():
            state.apply_action(agent.choose(state))
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - start), seed, decisions


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
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=0, help="heuristic-vs-random games (0: skip)")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    if args.profile:
        cProfile.runctx("random_playouts(args.scenario, args.seconds)", globals(), locals(), "/tmp/m44.prof")
        pstats.Stats("/tmp/m44.prof").sort_stats("tottime").print_stats(20)
        return
    rate, games, decisions = random_playouts(args.scenario, args.seconds)
    print(f"memoir44 {args.scenario}: {rate:,.0f} random decisions/s ({games} games, {decisions} decisions)")
    if args.games:
        wins, n = heuristic_vs_random(args.scenario, args.games)
        print(f"heuristic beat random in {wins}/{n} games ({100 * wins / n:.1f}%), sides swapped")


if __name__ == "__main__":
    main()
