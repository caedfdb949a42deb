"""bench_sim runs end to end and reports the figures the README quotes (no timing asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_sim.py"


def test_bench_sim_json_reports_rounds_and_paired_ratios() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "siege", "--games", "8", "--repeat", "2", "--no-ray", "--json"],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]  # the script's own error, not only its exit status
    (row,) = json.loads(done.stdout)["rows"]
    assert row["game"] == "siege" and row["games"] == 8
    assert len(row["rounds"]) == 2 and all(len(r) == 2 for r in row["rounds"])
    for figure in ("scaling", "pool_busy", "cpu_per_game"):
        assert row[figure]["low"] <= row[figure]["median"] <= row[figure]["high"]
    assert row["pool_busy"]["high"] > 0  # the pool's workers' CPU time was seen
    assert "ray_gps" not in row
