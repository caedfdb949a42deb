"""Per game: simulation throughput with 1 and 2 worker processes (the scaling ratio), and the Ray
backend against the process pool with 2 workers.

    python benchmarks/bench_sim.py [GAME ...] [--games 400] [--agents random] [--no-ray]

Targets: scaling >= 1.8x from one process to two; Ray within 10% of the pool. Ray's start-up
(a few seconds) is excluded: the local instance is started before the clock.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import warroom
from warroom.sim import SimConfig
from warroom.sim.backends import results


def games_per_second(config: SimConfig, jobs: int, backend: str = "process") -> float:
    start = time.perf_counter()
    count = sum(1 for _ in results(config, jobs, backend))
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=warroom.games())
    parser.add_argument("--games", dest="count", type=int, default=400)
    parser.add_argument("--agents", default="random")
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    ray: Any = None
    if not args.no_ray:
        import ray as ray_module

        ray = ray_module
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    print(f"{'game':<12} {'1 proc g/s':>11} {'2 proc g/s':>11} {'scaling':>8} {'ray g/s':>9} {'ray/pool':>9}")
    for game_id in args.games:
        config = SimConfig.create(warroom.load(game_id), [args.agents], 1, args.count)
        one, two = games_per_second(config, 1), games_per_second(config, 2)
        line = f"{game_id:<12} {one:>11.1f} {two:>11.1f} {two / one:>7.2f}x"
        if ray is not None:
            on_ray = games_per_second(config, 2, "ray")
            line += f" {on_ray:>9.1f} {on_ray / two:>8.0%}"
        print(line, flush=True)
    if ray is not None:
        ray.shutdown()


if __name__ == "__main__":
    main()
