"""Random-playout speed of World of Tanks: Rush on one core (issue 6: >= 60,000 decisions/s, 4 players).

    .venv/bin/python benchmarks/bench_wot_rush.py [--players 4] [--games 200] [--repeat 5] [--profile FILE]

A decision = one `legal_actions()` + one uniformly random `apply_action()`, through the public
contract only, exactly as `warroom sim` with random seats plays.

Time is the CPU time of this process (`time.process_time()`), not wall time, so a loaded shared
machine slows the figure less; the same games are played `--repeat` times and the best run is
reported (the least disturbed one), with the median for reference.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time

from warroom.core.rng import Rng
from warroom.games.wot_rush import WotRushGame


def playouts(players: int, games: int, seed: int = 0) -> tuple[int, float]:
    game = WotRushGame(players=players)
    rng = Rng(seed)
    decisions = 0
    start = time.process_time()  # CPU time of this process: one core, whatever else the machine runs
    for s in range(games):
        state = game.new_initial_state(seed + s)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5, help="runs of the same games; the best is reported")
    parser.add_argument("--profile", metavar="FILE", help="cProfile one run into FILE, print its top")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, args.players, max(20, args.games // 5))
        profiler.dump_stats(args.profile)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    playouts(args.players, 5)  # warm-up
    runs = [playouts(args.players, args.games) for _ in range(max(1, args.repeat))]
    decisions = runs[0][0]
    best = min(seconds for _, seconds in runs)
    median = statistics.median(seconds for _, seconds in runs)
    print(
        f"wot_rush {args.players} players: {args.games} random games, {decisions} decisions; "
        f"best of {len(runs)}: {best:.2f} CPU s = {decisions / best:,.0f} decisions/s "
        f"(median {decisions / median:,.0f}), {args.games / best:,.1f} games/s, "
        f"{decisions / args.games:,.0f} decisions/game"
    )


if __name__ == "__main__":
    main()
