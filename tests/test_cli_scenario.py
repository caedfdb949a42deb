"""`warroom scenario list|import` and `--scenario` on play and sim (issue 3's command line)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.memoir44.test_scenarios import M44_DOC, write
from warroom.cli import app

runner = CliRunner()


def test_scenario_list_names_the_shipped_scenarios() -> None:
    result = runner.invoke(app, ["scenario", "list"])
    assert result.exit_code == 0, result.output
    assert "pegasus-bridge" in result.output.split()


def test_scenario_import_converts_and_validates(tmp_path) -> None:
    source = write(tmp_path, M44_DOC)
    target = tmp_path / "ridge.toml"
    result = runner.invoke(app, ["scenario", "import", str(source), "-o", str(target)])
    assert result.exit_code == 0, result.output
    assert "Test Ridge" in target.read_text(encoding="utf-8")
    played = runner.invoke(
        app, ["sim", "memoir44", "--scenario", str(target), "--games", "2", "--agents", "heuristic", "--json"]
    )
    assert played.exit_code == 0, played.output
    assert json.loads(played.stdout)["options"]["scenario"] == str(target)


def test_scenario_import_refuses_a_bad_file_in_one_line(tmp_path) -> None:
    bad = tmp_path / "junk.m44"
    bad.write_text("{not json", encoding="utf-8")
    result = runner.invoke(app, ["scenario", "import", str(bad)])
    assert result.exit_code == 2
    assert "junk.m44" in result.output and "Traceback" not in result.output


def test_scenario_option_on_a_game_without_scenarios_is_refused() -> None:
    result = runner.invoke(app, ["sim", "siege", "--scenario", "x", "--games", "1"])
    assert result.exit_code == 2
    assert "no option 'scenario'" in result.output


def test_play_accepts_a_scenario_file_directly(tmp_path) -> None:
    source = write(tmp_path, M44_DOC)
    result = runner.invoke(
        app, ["play", "memoir44", "--scenario", str(source), "--seats", "random,random", "--seed", "3"]
    )
    assert result.exit_code == 0, result.output
