"""The Ray backend on a local two-CPU Ray instance gives exactly the process pool's results."""

from __future__ import annotations

import pytest

from tests.toygame import ToyGame
from warroom.sim import SimConfig, iter_results
from warroom.sim.backends import results


def test_ray_backend_gives_the_process_pool_results() -> None:
    ray = pytest.importorskip("ray")
    config = SimConfig.create(ToyGame(players=3, coop=True), ["random", "heuristic", "random"], 12, 97)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        on_ray = list(results(config, jobs=2, backend="ray"))
    finally:
        ray.shutdown()
    assert on_ray == list(iter_results(config, 2))
