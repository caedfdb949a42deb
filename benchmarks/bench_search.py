"""Per game: random-playout decisions per second on one core, and MCTS iterations per second.

    python benchmarks/bench_search.py [GAME ...] [--seconds 3]

Random playouts: whole seeded games with the random agent, counting decisions. MCTS: searches
of 32 iterations (no early stop) from the first real decisions of seeded games, with the
game's default playout policy (its heuristic if it has one), counting iterations. In games with
an evaluation (`Game.evaluate`: Siege, Memoir '44) the agent runs its paired search, where an
iteration is one playout cut after `depth` decisions; elsewhere one tree iteration (a whole
playout); an upper bound where a paired search ends early.
"""

from __future__ import annotations

import argparse
import time

import warroom
from warroom.agents import MctsAgent, MctsSettings, RandomAgent


def random_decisions_per_second(game_id: str, seconds: float) -> float:
    game = warroom.load(game_id)
    decisions, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, agent = game.new_initial_state(seed), RandomAgent(seed)
        while not state.is_terminal():
            state.apply_action(agent.choose(state))
            decisions += 1
        seed += 1
    return decisions / (time.perf_counter() - start)


def mcts_iterations_per_second(game_id: str, seconds: float, iterations: int = 32) -> float:
    game = warroom.load(game_id)
    settings = MctsSettings(iterations=iterations, settle_after=0)
    done, seed, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed)
        while len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        MctsAgent(seed, settings).choose(state)
        done += iterations  # an upper bound when the visit-count stop ends a search early
        seed += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=warroom.games())
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    print(f"{'game':<12} {'random decisions/s':>20} {'MCTS iterations/s':>20}")
    for game_id in args.games:
        rate = random_decisions_per_second(game_id, args.seconds)
        mcts = mcts_iterations_per_second(game_id, args.seconds)
        print(f"{game_id:<12} {rate:>20,.0f} {mcts:>20,.1f}", flush=True)


if __name__ == "__main__":
    main()
