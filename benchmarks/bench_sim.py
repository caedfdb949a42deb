"""Per game: simulation throughput with 1 and 2 worker processes (the scaling ratio), and the Ray
backend against the process pool with 2 workers.

    python benchmarks/bench_sim.py [GAME ...] [--seconds 15] [--agents random] [--no-ray] [--json]

Targets: scaling >= 1.8x from one process to two; Ray within 10% of the pool. Each batch is
sized from a short calibration run so that one process needs about `--seconds`: a batch of a
second or two would mostly time the pool's start-up, which a real 100,000-game run amortises.
The pool's start-up is inside the timed batch; Ray's (a few seconds, once per session) is not:
the local instance is started before the clock, as a cluster would be. Each round runs the
batch on 1 process, 2 processes and Ray back to back, `--repeat` rounds (default 2), and the
best of each is kept: measured minutes apart, the backends would differ by the machine's
drift. `--games N` fixes the batch size instead. Run it on an otherwise idle machine: a second
core busy with anything else is a second process that cannot scale.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

import warroom
from warroom.sim import SimConfig
from warroom.sim.backends import results


def games_per_second(config: SimConfig, jobs: int, backend: str = "process") -> float:
    start = time.perf_counter()
    count = sum(1 for _ in results(config, jobs, backend))
    return count / (time.perf_counter() - start)


def batch_size(game_id: str, agents: str, seconds: float) -> int:
    """Games one process plays in about `seconds`, from a calibration batch of ~1 s."""
    game = warroom.load(game_id)
    games, elapsed = 4, 0.0
    while elapsed < 1.0:
        games *= 2
        config = SimConfig.create(game, [agents], 99, games)
        start = time.perf_counter()
        sum(1 for _ in results(config, 1))
        elapsed = time.perf_counter() - start
    return max(8, int(games / elapsed * seconds))


def measure(game_id: str, args: argparse.Namespace, ray: Any) -> dict[str, Any]:
    """Best of `repeat` rounds, each round running 1 process, 2 processes and Ray back to back,
    so that the machine's drift over minutes falls on every backend alike."""
    count = args.games or batch_size(game_id, args.agents, args.seconds)
    config = SimConfig.create(warroom.load(game_id), [args.agents], 1, count)
    runs: list[tuple[int, str]] = [(1, "process"), (2, "process")] + ([(2, "ray")] if ray else [])
    best = [0.0] * len(runs)
    for _ in range(args.repeat):
        for i, (jobs, backend) in enumerate(runs):
            best[i] = max(best[i], games_per_second(config, jobs, backend))
    one, two = best[0], best[1]
    row: dict[str, Any] = {
        "game": game_id,
        "games": count,
        "one_process_gps": round(one, 2),
        "two_process_gps": round(two, 2),
        "scaling": round(two / one, 3),
    }
    if ray:
        row |= {"ray_gps": round(best[2], 2), "ray_over_pool": round(best[2] / two, 3)}
    return row


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game_ids", nargs="*", default=warroom.games())
    parser.add_argument("--seconds", type=float, default=15.0, help="one process's time per batch")
    parser.add_argument("--games", type=int, default=0, help="fixed batch size (0: calibrate)")
    parser.add_argument("--agents", default="random")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each batch, the best kept")
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    ray: Any = None
    if not args.no_ray:
        import ray as ray_module

        ray = ray_module
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    rows = [measure(game_id, args, ray) for game_id in args.game_ids]
    if ray is not None:
        ray.shutdown()
    if args.json:
        print(json.dumps({"agents": args.agents, "load_average": os.getloadavg()[0], "rows": rows}, indent=2))
        return
    print(f"load average at the end: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs), best of {args.repeat}")
    print(
        f"{'game':<12} {'games':>7} {'1 proc g/s':>11} {'2 proc g/s':>11} {'scaling':>8}"
        f" {'ray g/s':>9} {'ray/pool':>9}"
    )
    for row in rows:
        line = (
            f"{row['game']:<12} {row['games']:>7} {row['one_process_gps']:>11.1f}"
            f" {row['two_process_gps']:>11.1f} {row['scaling']:>7.2f}x"
        )
        if "ray_gps" in row:
            line += f" {row['ray_gps']:>9.1f} {row['ray_over_pool']:>8.0%}"
        print(line)


if __name__ == "__main__":
    main()
