"""Per game: simulation throughput with 1 and 2 worker processes (the scaling ratio), and the Ray
backend against the process pool with 2 workers.

    python benchmarks/bench_sim.py [GAME ...] [--seconds 8] [--repeat 5] [--agents random] [--no-ray] [--json]

Targets: scaling >= 1.8x from one process to two; Ray within 10% of the pool. Each batch is
sized from a short calibration run so that one process needs about `--seconds`: a batch of a
second or two would mostly time the pool's start-up, which a real 100,000-game run amortises.
The pool's start-up is inside the timed batch; Ray's (a few seconds, once per session) is not:
the local instance is started before the clock, as a cluster would be, and its workers play a
few games first, because forked pool workers inherit the imported code and the configured game
that Ray's workers would otherwise import and build inside the first timed batch. Each round
runs the batch on 1 process, 2 processes and Ray back to back, `--repeat` rounds (default 5):
measured minutes apart, the backends would differ by the machine's drift. The table shows the
median games per second of each backend, the scaling and Ray/pool ratios taken round by round
(median and range), how busy the pool kept its two workers, and what a game costs in CPU time
with both cores busy against one; `--json` adds every round. `--games N` fixes the batch size
instead. Run it on an otherwise idle machine: a second core busy with anything else is a second
process that cannot scale.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any, NamedTuple

import warroom
from warroom.sim import SimConfig
from warroom.sim.backends import results


class Run(NamedTuple):
    gps: float  # games per second
    wall: float
    cpu: float  # CPU seconds of whoever played: this process (1 job) or the pool's workers


def timed(config: SimConfig, jobs: int, backend: str = "process") -> Run:
    """One batch; a pool's workers are this process's children, reaped when the pool shuts down,
    so their CPU time is in `os.times()` afterwards (Ray's workers are not: cpu is 0)."""
    before, start = os.times(), time.perf_counter()
    count = sum(1 for _ in results(config, jobs, backend))
    wall, after = time.perf_counter() - start, os.times()
    if backend != "process":
        cpu = 0.0
    elif jobs <= 1:
        cpu = after.user + after.system - before.user - before.system
    else:
        cpu = sum(after[2:4]) - sum(before[2:4])  # children_user + children_system
    return Run(count / wall, wall, cpu)


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


def warm_up(game_id: str, agents: str, ray: Any) -> None:
    """A few games in this process and on every Ray worker, so that no backend's timed batch
    pays for imports or for building the game (forked pool workers inherit both)."""
    game = warroom.load(game_id)
    sum(1 for _ in results(SimConfig.create(game, [agents], 7, 4), 1))
    if ray:
        sum(1 for _ in results(SimConfig.create(game, [agents], 7, 16), 2, "ray"))


def median_and_range(values: list[float]) -> dict[str, float]:
    return {
        "median": round(statistics.median(values), 3),
        "low": round(min(values), 3),
        "high": round(max(values), 3),
    }


def measure(game_id: str, args: argparse.Namespace, ray: Any) -> dict[str, Any]:
    """`repeat` rounds, each running 1 process, 2 processes and Ray back to back. Ratios are taken
    round by round, each round's backends running within seconds of each other, so that they
    cancel the machine's drift that comparing bests would not: on this virtual machine one
    process's speed on the same games wanders by 10-20% from minute to minute.

    Two figures tell the pool's overhead from the machine's: `pool_busy`, the share of its two
    cores the workers spent playing (the rest is start-up, hand-offs and the last chunks), and
    `cpu_per_game`, the CPU time a game costs with both cores busy over its cost on one."""
    count = args.games or batch_size(game_id, args.agents, args.seconds)
    config = SimConfig.create(warroom.load(game_id), [args.agents], 1, count)
    warm_up(game_id, args.agents, ray)
    runs: list[tuple[int, str]] = [(1, "process"), (2, "process")] + ([(2, "ray")] if ray else [])
    rounds = [[timed(config, jobs, backend) for jobs, backend in runs] for _ in range(args.repeat)]
    row: dict[str, Any] = {
        "game": game_id,
        "games": count,
        "one_process_gps": round(statistics.median(r[0].gps for r in rounds), 2),
        "two_process_gps": round(statistics.median(r[1].gps for r in rounds), 2),
        "scaling": median_and_range([r[1].gps / r[0].gps for r in rounds]),
        "pool_busy": median_and_range([r[1].cpu / (2 * r[1].wall) for r in rounds]),
        "cpu_per_game": median_and_range([r[1].cpu / r[0].cpu for r in rounds]),
        "rounds": [[round(run.gps, 2) for run in r] for r in rounds],
    }
    if ray:
        row |= {
            "ray_gps": round(statistics.median(r[2].gps for r in rounds), 2),
            "ray_over_pool": median_and_range([r[2].gps / r[1].gps for r in rounds]),
        }
    return row


def spread(ratio: dict[str, float], percent: bool) -> str:
    if percent:
        return f"{ratio['median']:.0%} ({ratio['low']:.0%}-{ratio['high']:.0%})"
    return f"{ratio['median']:.2f}x ({ratio['low']:.2f}-{ratio['high']:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game_ids", nargs="*", default=warroom.games())
    parser.add_argument("--seconds", type=float, default=8.0, help="one process's time per batch")
    parser.add_argument("--games", type=int, default=0, help="fixed batch size (0: calibrate)")
    parser.add_argument("--agents", default="random")
    parser.add_argument("--repeat", type=int, default=5, help="rounds of every backend")
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
    load = os.getloadavg()[0]
    print(f"load average at the end: {load:.2f} ({os.cpu_count()} CPUs); medians of {args.repeat} rounds")
    print(
        f"{'game':<12} {'games':>7} {'1 proc g/s':>11} {'2 proc g/s':>11} {'scaling (range)':>20}"
        f" {'pool busy':>10} {'CPU/game':>9} {'ray g/s':>9} {'ray/pool (range)':>18}"
    )
    for row in rows:
        line = (
            f"{row['game']:<12} {row['games']:>7} {row['one_process_gps']:>11.1f}"
            f" {row['two_process_gps']:>11.1f} {spread(row['scaling'], False):>20}"
            f" {row['pool_busy']['median']:>10.0%} {row['cpu_per_game']['median']:>8.2f}x"
        )
        if "ray_gps" in row:
            line += f" {row['ray_gps']:>9.1f} {spread(row['ray_over_pool'], True):>18}"
        print(line)


if __name__ == "__main__":
    main()
