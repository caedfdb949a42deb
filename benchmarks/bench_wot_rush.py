"""Random-playout speed of World of Tanks: Rush on one core (issue 6: >= 60,000 decisions/s, 4 players).

    .venv/bin/python benchmarks/bench_wot_rush.py [--players 4] [--games 200] [--profile]

A decision = one `legal_actions()` + one uniformly random `apply_action()`, through the public
contract only, exactly as `warroom sim` with random seats plays.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
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
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile run")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(playouts, args.players, max(20, args.games // 5))
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    playouts(args.players, 5)  # warm-up
    decisions, seconds = playouts(args.players, args.games)
    print(
        f"wot_rush {args.players} players: {args.games} random games, {decisions} decisions "
        f"in {seconds:.2f} CPU s "
        f"= {decisions / seconds:,.0f} decisions/s, {args.games / seconds:,.1f} games/s, "
        f"{decisions / args.games:,.0f} decisions/game"
    )


if __name__ == "__main__":
    main()
