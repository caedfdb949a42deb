"""Simulation at scale: per-game rows (CSV, Parquet), plots, --vary, the Ray backend, streaming."""

from __future__ import annotations

import csv
import json
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.toygame import ToyGame, register_toy
from warroom.cli import app
from warroom.core import OptionError
from warroom.sim import SimConfig, game_seed, iter_results
from warroom.sim.backends import results
from warroom.sim.batch import SimRequest, Variation, run
from warroom.sim.records import ResultWriter, flatten

runner = CliRunner(env={"COLUMNS": "200"})


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def sim(*args: str) -> Any:
    result = runner.invoke(app, ["sim", "toy", *args])
    assert result.exit_code == 0, result.output
    return result


def test_flatten_nests_with_dots_and_lists_as_json() -> None:
    assert flatten({"a": 1, "b": {"c": 2, "d": {"e": "x"}}, "f": [1, 2]}) == {
        "a": 1,
        "b.c": 2,
        "b.d.e": "x",
        "f": "[1, 2]",
    }


def test_out_csv_has_one_row_per_game_with_seed_agents_result_and_summary(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    sim("--games", "30", "--seed", "4", "--agents", "random,heuristic", "--out", str(path))
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 30
    assert [int(r["seed"]) for r in rows] == [game_seed(4, i) for i in range(30)]
    first = rows[0]
    assert (first["agent_0"], first["agent_1"]) == ("random", "heuristic")
    assert {"return_0", "return_1", "won", "decisions", "summary.turns", "summary.ending", "extra"} <= set(
        first
    )
    assert all(int(r["decisions"]) == int(r["summary.turns"]) for r in rows)


def test_out_parquet_matches_the_simulation(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    path = tmp_path / "games.parquet"
    sim("--games", "25", "--seed", "2", "--out", str(path))
    table = pq.read_table(path).to_pylist()
    expected = list(iter_results(SimConfig.create(ToyGame(), ["heuristic"], 2, 25)))
    assert [row["seed"] for row in table] == [r.seed for r in expected]
    assert [(row["return_0"], row["return_1"]) for row in table] == [r.returns for r in expected]


def test_columns_first_seen_late_go_to_extra(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("warroom.sim.records.BATCH", 5)
    path = tmp_path / "late.csv"
    config = SimConfig.create(ToyGame(), ["random"], 1, 30)
    with ResultWriter(path, config.agents) as writer:
        for result in iter_results(config):
            writer.add(result)
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 30
    late = [json.loads(r["extra"]) for r in rows if r["extra"]]
    assert all(key.startswith("summary.cards.") for extra in late for key in extra)


def test_bad_file_names_are_user_errors(tmp_path: Path) -> None:
    for flag, name in (("--out", "x.txt"), ("--plot", "x.jpg")):
        result = runner.invoke(app, ["sim", "toy", flag, str(tmp_path / name)])
        assert result.exit_code == 2 and "error:" in result.stderr


def test_vary_runs_one_batch_per_value_and_plots(tmp_path: Path) -> None:
    plot = tmp_path / "rates.png"
    out = tmp_path / "g.csv"
    result = sim("--games", "20", "--vary", "target=7,10", "--plot", str(plot), "--out", str(out), "--json")
    data = json.loads(result.stdout)
    assert data["vary"] == "target" and [p["value"] for p in data["runs"]] == ["7", "10"]
    assert [p["options"]["target"] for p in data["runs"]] == [7, 10]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (tmp_path / "g-target=7.csv").exists() and (tmp_path / "g-target=10.csv").exists()


def test_vary_agents_and_one_seat(tmp_path: Path) -> None:
    game = ToyGame()
    runs = run(SimRequest(game, ("random",), 1, 10, vary=Variation.parse("seat1=random,heuristic")))
    assert [r.config.agents for r in runs] == [("random", "random"), ("random", "heuristic")]
    runs = run(SimRequest(game, ("random",), 1, 10, vary=Variation.parse("agents=heuristic")))
    assert runs[0].config.agents == ("heuristic", "heuristic")
    for bad in ("target", "seat5=random", "colour=red"):
        with pytest.raises(OptionError):
            run(SimRequest(game, ("random",), 1, 2, vary=Variation.parse(bad)))


def test_plot_without_vary(tmp_path: Path) -> None:
    plot = tmp_path / "one.png"
    sim("--games", "15", "--plot", str(plot))
    assert plot.stat().st_size > 1000


def test_results_stream_in_bounded_memory() -> None:
    """Memory held while folding does not grow with the number of games."""

    def peak(games: int) -> int:
        request = SimRequest(ToyGame(), ("random",), 3, games)
        tracemalloc.start()
        run(request)
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    small, large = peak(200), peak(2000)
    assert large < small * 1.5 + 200_000


def test_unknown_backend_and_stray_address_are_refused() -> None:
    config = SimConfig.create(ToyGame(), ["random"], 0, 1)
    with pytest.raises(OptionError, match="unknown backend"):
        list(results(config, backend="dask"))
    with pytest.raises(OptionError, match="--address"):
        list(results(config, address="127.0.0.1:6379"))
