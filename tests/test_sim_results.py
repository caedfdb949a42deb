"""What `warroom sim` and `warroom tournament` report and keep: draws counted wherever results are
summarised (the JSON and the tables), and a stopped run keeps the games it played (its rows in the
--out file, its report on Ctrl-C)."""

from __future__ import annotations

import csv
import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tests.toygame import INFO, ToyGame, ToyState
from warroom.cli import app
from warroom.core import Game, registry
from warroom.sim import SimConfig, game_seed, iter_results
from warroom.sim.stats import GameResult, Tally, is_draw

runner = CliRunner(env={"COLUMNS": "240"})


class DrawState(ToyState):
    """Race to Ten where going past the target is a draw (every seat 0) instead of a loss."""

    def finish_with(self, player: int, *, hit: bool) -> None:
        if hit:
            super().finish_with(player, hit=True)
            return
        self.result = [0.0] * self.game.num_players
        self.finish()


class DrawGame(ToyGame):
    info = dataclasses.replace(INFO, id="drawtoy", title="Race to Ten, busts drawn")

    def new_initial_state(self, seed: int = 0) -> ToyState:
        return DrawState(self, seed)


@pytest.fixture(autouse=True)
def drawtoy(monkeypatch: pytest.MonkeyPatch) -> None:
    classes: dict[str, type[Game[Any]]] = {"drawtoy": DrawGame}
    monkeypatch.setattr(registry, "_game_classes", lambda: classes)


def expected_results(agents: list[str], seed: int, games: int) -> list[GameResult]:
    return list(iter_results(SimConfig.create(DrawGame(), agents, seed, games)))


# -- draws ---------------------------------------------------------------------------------


def test_a_draw_is_an_equal_result_with_no_verdict_and_nobody_ahead() -> None:
    assert is_draw({}, [0.0, 0.0]) and is_draw({}, [-1.0, -1.0, -1.0])
    assert not is_draw({}, [1.0, 1.0])  # everyone ahead together: a shared win
    assert not is_draw({}, [1.0, -1.0]) and not is_draw({}, [0.0])
    assert not is_draw({"won": False}, [0.0, 0.0])  # the game's own verdict decides


def test_sim_json_and_table_report_draws_and_losses() -> None:
    args = ["sim", "drawtoy", "--games", "40", "--seed", "3", "--agents", "random"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    played = expected_results(["random"], 3, 40)
    draws = sum(r.returns == (0.0, 0.0) for r in played)
    wins = sum(r.returns[0] > 0 for r in played)
    assert 0 < draws < 40  # the seeds give both: the test can tell draws from losses
    assert (data["wins"], data["draws"], data["losses"]) == (wins, draws, 40 - wins - draws)
    assert data["draw_rate"] == pytest.approx(draws / 40)
    table = runner.invoke(app, args)
    assert table.exit_code == 0, table.output
    assert f"{draws} of 40" in table.stdout and f"{40 - wins - draws} of 40" in table.stdout
    assert "draws" in table.stdout and "losses" in table.stdout


def test_sim_out_rows_say_which_games_were_drawn(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    result = runner.invoke(app, ["sim", "drawtoy", "--games", "30", "--agents", "random", "--out", str(path)])
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(path.open()))
    assert [row["draw"] == "True" for row in rows] == [r.drawn for r in expected_results(["random"], 0, 30)]


def test_tournament_json_and_table_report_each_pairs_draws() -> None:
    args = ["tournament", "drawtoy", "--agents", "random,heuristic", "--games", "20", "--seed", "2"]
    data = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    ours, theirs = data["record"]["heuristic"]["random"], data["record"]["random"]["heuristic"]
    assert ours["draws"] == theirs["draws"] > 0
    assert (ours["wins"], ours["losses"]) == (theirs["losses"], theirs["wins"])
    assert ours["wins"] + ours["draws"] + ours["losses"] == 20
    assert data["record"]["random"]["random"] is None
    rate = (ours["wins"] + ours["draws"] / 2) / 20
    assert data["win_rate"]["heuristic"]["random"] == pytest.approx(rate)
    row = {r["agent"]: r for r in data["elo"]}["heuristic"]
    assert (row["wins"], row["draws"], row["losses"], row["games"]) == (*ours.values(), 20)
    table = runner.invoke(app, args)
    assert table.exit_code == 0, table.output
    wdl = f"{ours['wins']}-{ours['draws']}-{ours['losses']}"
    assert f"({wdl})" in table.stdout  # the matrix cell
    assert "wins-draws-losses" in table.stdout and table.stdout.count(wdl) == 2  # and the Elo row


def test_a_tally_counts_wins_draws_and_losses_apart() -> None:
    tally = Tally()
    for returns in ((1.0, -1.0), (0.0, 0.0), (-1.0, 1.0), (0.0, 0.0)):
        tally.add(GameResult(0, 0, 3, returns, {}))
    report = tally.report()
    assert (report["wins"], report["draws"], report["losses"], report["draw_rate"]) == (1, 2, 1, 0.5)


# -- a stopped run keeps what it played --------------------------------------------------------


def test_ctrl_c_reports_and_keeps_the_games_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from warroom.sim import runner as sim_runner

    real = sim_runner.play_game

    def stop_at_33(game: Any, agents: Any, seed: int, index: int = 0, **kwargs: Any) -> GameResult:
        if index == 33:
            raise KeyboardInterrupt
        return real(game, agents, seed, index, **kwargs)

    monkeypatch.setattr(sim_runner, "play_game", stop_at_33)
    path = tmp_path / "games.csv"
    args = ["sim", "drawtoy", "--games", "1000", "--agents", "random", "--out", str(path), "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 130 and "interrupted" in result.stderr
    data = json.loads(result.stdout)
    assert (data["games"], data["games_asked"], data["interrupted"]) == (33, 1000, True)
    played = expected_results(["random"], 0, 33)
    assert data["draws"] == sum(r.drawn for r in played)
    rows = list(csv.DictReader(path.open()))
    assert [int(row["seed"]) for row in rows] == [game_seed(0, i) for i in range(33)]
    table = runner.invoke(app, args[:-1])
    assert table.exit_code == 130 and "interrupted: 33 of 1000 played" in " ".join(table.stdout.split())


def test_a_killed_run_has_already_written_its_finished_games(tmp_path: Path) -> None:
    """A real `warroom sim` process, killed outright (no chance to close its file): the CSV holds
    whole rows of the games it had finished, in order, written a small batch at a time."""
    path = tmp_path / "games.csv"
    command = [sys.executable, "-m", "warroom", "sim", "siege", "--players", "2", "--agents", "random"]
    command += ["--games", "100000", "--seed", "5", "--out", str(path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ)
    try:
        for _ in range(1200):  # polled, never timed: the test waits for rows, not for a duration
            if path.exists() and path.read_text().count("\n") > 30:
                break
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    rows = list(csv.DictReader(path.open()))
    assert len(rows) > 25  # the first small batch (BATCH rows) at least
    assert [int(row["seed"]) for row in rows] == [game_seed(5, i) for i in range(len(rows))]
    assert all(row["won"] in ("True", "False") and row["extra"] is not None for row in rows)


def test_a_killed_run_leaves_a_readable_parquet_of_its_finished_games(tmp_path: Path) -> None:
    """The same, with a Parquet `--out`: a directory of whole part files (each with its footer),
    so what a killed process wrote is read as one table, in order; a part being written is hidden
    from readers until it is whole."""
    import pyarrow.parquet as pq

    path = tmp_path / "games.parquet"
    command = [sys.executable, "-m", "warroom", "sim", "siege", "--players", "2", "--agents", "random"]
    command += ["--games", "100000", "--seed", "5", "--out", str(path)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=os.environ)
    try:
        for _ in range(1200):  # polled, never timed: the test waits for a part, not for a duration
            if path.is_dir() and any(path.glob("part-*.parquet")):
                break
            time.sleep(0.1)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait()
    rows = pq.read_table(path).to_pylist()
    assert len(rows) >= 25  # the first batch (BATCH rows) at least
    assert [row["seed"] for row in rows] == [game_seed(5, i) for i in range(len(rows))]
    assert all(isinstance(row["won"], bool) for row in rows)


def test_a_parquet_out_replaces_an_earlier_run(tmp_path: Path) -> None:
    """A second run into the same `--out` keeps only its own games: the earlier parts (or an
    older single file of that name) go."""
    import pyarrow.parquet as pq

    path = tmp_path / "games.parquet"
    path.write_bytes(b"an older single file")
    for games in ("60", "30"):
        args = ["sim", "drawtoy", "--games", games, "--agents", "random", "--out", str(path)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    rows = pq.read_table(path).to_pylist()
    assert [row["seed"] for row in rows] == [game_seed(0, i) for i in range(30)]
