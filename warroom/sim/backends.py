"""Where a batch runs: this machine's worker processes, or a Ray cluster.

Both cut the batch into the same chunks and hand results back in game-index order, and every
game is seeded by its index alone, so a seed gives the same results on either backend.
Ray is an optional extra (`pip install warroom[ray]`); it is imported only when asked for.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from typing import Any

from warroom.core.errors import OptionError
from warroom.sim.runner import _CHUNKS_PER_JOB, SimConfig, _chunks, _run_chunk, chunk_size, iter_results
from warroom.sim.stats import GameResult

BACKENDS = ("process", "ray")


def results(
    config: SimConfig, jobs: int = 1, backend: str = "process", address: str | None = None
) -> Iterator[GameResult]:
    """Every game's result in index order from the chosen backend."""
    if backend == "process":
        if address is not None:
            raise OptionError("--address is for --backend ray")
        return iter_results(config, jobs)
    if backend == "ray":
        return iter_results_ray(config, jobs, address)
    raise OptionError(f"unknown backend {backend!r}; choose one of: {', '.join(BACKENDS)}")


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise OptionError("the ray backend needs Ray: pip install 'warroom[ray]'") from None
    return ray


def iter_results_ray(config: SimConfig, jobs: int = 0, address: str | None = None) -> Iterator[GameResult]:
    """The batch on Ray: `address` joins a running cluster (None: the one already initialised in
    this process, else a new local one). `jobs` sizes the chunks (0: the cluster's CPU count)."""
    ray = _ray()
    started = False
    if not ray.is_initialized():
        ray.init(address=address, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        workers = jobs or int(ray.cluster_resources().get("CPU", 1))
        run = ray.remote(_run_chunk)
        pending: deque[Any] = deque()
        for start, stop in _chunks(config.games, chunk_size(config.games, workers)):
            pending.append(run.remote(config, start, stop))
            if len(pending) >= workers * _CHUNKS_PER_JOB:
                yield from ray.get(pending.popleft())
        while pending:
            yield from ray.get(pending.popleft())
    finally:
        if started:
            ray.shutdown()
