"""Round-robin tournaments: seat rotation, scoring, the Bradley-Terry Elo fit and the CLI."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

import warroom
from tests.toygame import ToyGame, register_toy
from warroom.cli import app
from warroom.core import OptionError
from warroom.sim.stats import GameResult
from warroom.sim.tournament import (
    PairScore,
    TournamentSpec,
    fit_elo,
    pair_points,
    play,
    report,
    seatings,
)

runner = CliRunner(env={"COLUMNS": "200"})


def test_seatings_rotate_the_pair_over_the_seats() -> None:
    assert seatings(2, "a", "b") == [("a", "b"), ("b", "a")]
    assert seatings(3, "a", "b") == [("a", "b", "a"), ("b", "a", "b")]


def test_pair_points_compare_mean_returns_of_each_agents_seats() -> None:
    result = GameResult(0, 0, 5, (1.0, -1.0, -1.0), {})
    assert pair_points(result, ("a", "b", "a"), "a") == 1.0  # a's seats average 0, b's -1
    assert pair_points(GameResult(0, 0, 5, (1.0, 1.0, 1.0), {}), ("a", "b", "a"), "a") == 0.5
    result = GameResult(0, 0, 5, (1.0, -1.0), {})
    assert pair_points(result, ("a", "b"), "a") == 1.0
    assert pair_points(result, ("b", "a"), "a") == 0.0


def test_elo_fit_orders_by_strength_and_is_centred() -> None:
    scores = {
        (0, 1): PairScore(75, 100), (1, 0): PairScore(25, 100),
        (1, 2): PairScore(75, 100), (2, 1): PairScore(25, 100),
        (0, 2): PairScore(90, 100), (2, 0): PairScore(10, 100),
    }  # fmt: skip
    elo = fit_elo(3, scores)
    assert elo[0] > elo[1] > elo[2]
    assert abs(sum(elo)) < 1e-6
    assert 100 < elo[0] - elo[1] < 300  # 75% is about 190 Elo points


def test_head_to_head_tournament_is_seeded_and_symmetric() -> None:
    spec = TournamentSpec(ToyGame(), ("random", "heuristic"), 40, seed=3)
    first = report(spec, play(spec))
    assert first == report(spec, play(spec))
    rates = first["win_rate"]
    assert rates["random"]["heuristic"] + rates["heuristic"]["random"] == pytest.approx(1.0)
    assert first["games_per_pair"] == 40 and first["mode"] == "head-to-head"
    row = {r["agent"]: r for r in first["elo"]}
    assert row["heuristic"]["elo_ci95"][0] <= row["heuristic"]["elo"] <= row["heuristic"]["elo_ci95"][1]


def test_cooperative_games_compare_whole_teams_seed_by_seed() -> None:
    spec = TournamentSpec(warroom.load("siege", players=2), ("random", "heuristic"), 8, seed=1)
    result = report(spec, play(spec))
    assert result["mode"] == "team" and result["games_per_pair"] == 8
    assert result["win_rate"]["heuristic"]["random"] > 0.5


@pytest.mark.parametrize(
    ("agents", "message"),
    [(("random",), "at least two"), (("random", "random"), "once"), (("random", "robot"), "unknown agent")],
)
def test_bad_entries_are_refused(agents: tuple[str, ...], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        TournamentSpec(ToyGame(), agents, 10)


def test_cli_prints_the_matrix_and_elo_and_json(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)
    args = ["tournament", "toy", "--agents", "random,heuristic,mcts-fast", "--games", "10", "--seed", "2"]
    table = runner.invoke(app, args)
    assert table.exit_code == 0, table.output
    assert "Elo" in table.stdout and "95% CI" in table.stdout and "mcts-fast" in table.stdout
    data = json.loads(runner.invoke(app, [*args, "--json", "--jobs", "2"]).stdout)
    assert [row["agent"] for row in data["elo"]] != [] and set(data["win_rate"]) == {
        "random",
        "heuristic",
        "mcts-fast",
    }
    assert data == json.loads(runner.invoke(app, [*args, "--json"]).stdout)  # jobs do not matter
    bad = runner.invoke(app, ["tournament", "toy", "--agents", "random,robot"])
    assert bad.exit_code == 2 and "unknown agent 'robot'" in bad.stderr
