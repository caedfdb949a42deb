"""Per game: random-playout decisions per second on one core, and MCTS iterations per second.

    python benchmarks/bench_search.py [GAME ...] [--seconds 3] [--rounds 3] [--level mcts-strong]
                                      [--decisions 30]

Random playouts: whole seeded games with the random agent, counting decisions. MCTS: searches
of 32 iterations (no early stop) from the first real decisions of seeded games, with the
game's default playout policy (its heuristic if it has one), counting iterations. In games with
an evaluation (`Game.evaluate`: Siege, Memoir '44) the agent runs its paired search, where an
iteration is one playout cut after `depth` decisions; elsewhere one tree iteration (a whole
playout); an upper bound where a paired search ends early. Decision time: the wall time of
`--decisions` real decisions (two or more legal actions) of the `--level` agent in seat 0 of
seeded games, the other seats played by the game's heuristic (mean, p95, max).

Rates are in CPU time (`time.process_time`), the best of `--rounds`, so other jobs on a shared
machine disturb them little; decision times are wall time, since that is what a player waits
(and what the agent's own time cap measures), so take them on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import time

import warroom
from warroom.agents import MctsAgent, MctsSettings, RandomAgent, make_agent
from warroom.sim import best_agent


def random_decisions_per_second(game_id: str, seconds: float) -> float:
    game = warroom.load(game_id)
    decisions, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state, agent = game.new_initial_state(seed), RandomAgent(seed)
        while not state.is_terminal():
            state.apply_action(agent.choose(state))
            decisions += 1
        seed += 1
    return decisions / (time.process_time() - start)


def mcts_iterations_per_second(game_id: str, seconds: float, iterations: int = 32) -> float:
    game = warroom.load(game_id)
    settings = MctsSettings(iterations=iterations, settle_after=0)
    done, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state(seed)
        while len(state.legal_actions()) < 2:
            state.apply_action(state.legal_actions()[0])
        MctsAgent(seed, settings).choose(state)
        done += iterations  # an upper bound when the visit-count stop ends a search early
        seed += 1
    return done / (time.process_time() - start)


def decision_times(game_id: str, level: str, count: int) -> list[float]:
    """Wall time of `count` real decisions (two or more legal actions) of the `level` agent in
    seat 0, the other seats played by the game's best plain agent, over seeded games."""
    game = warroom.load(game_id)
    times: list[float] = []
    seed = 0
    while len(times) < count:
        state = game.new_initial_state(seed)
        others = best_agent(game)
        seats = [make_agent(game, level if p == 0 else others, seed + p) for p in range(game.num_players)]
        while not state.is_terminal() and len(times) < count:
            player = state.current_player()
            start = time.perf_counter()
            action = seats[player].choose(state)
            if player == 0 and len(state.legal_actions()) > 1:
                times.append(time.perf_counter() - start)
            state.apply_action(action)
        seed += 1
    return times


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=warroom.games())
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=1, help="measurements per rate; the best is kept")
    parser.add_argument("--level", default="mcts-strong", help="agent whose decision time is measured")
    parser.add_argument("--decisions", type=int, default=30, help="its decisions timed per game (0: none)")
    args = parser.parse_args()
    print(
        f"{'game':<12} {'random decisions/s':>20} {'MCTS iterations/s':>20}"
        f" {args.level + ' s/decision mean':>26} {'p95':>6} {'max':>6}"
    )
    for game_id in args.games:
        rate = max(random_decisions_per_second(game_id, args.seconds) for _ in range(args.rounds))
        mcts = max(mcts_iterations_per_second(game_id, args.seconds) for _ in range(args.rounds))
        line = f"{game_id:<12} {rate:>20,.0f} {mcts:>20,.1f}"
        if args.decisions:
            times = sorted(decision_times(game_id, args.level, args.decisions))
            p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
            line += f" {sum(times) / len(times):>26.2f} {p95:>6.2f} {times[-1]:>6.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
