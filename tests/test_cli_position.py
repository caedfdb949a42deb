"""`warroom position GAME FILE`: a position in each game's notation (warroom/games/*/position.py),
rendered with its numbered legal options, or as JSON; a malformed one is one red line, exit 2."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from tests.toygame import register_toy
from warroom.cli import app
from warroom.core.registry import game_class

runner = CliRunner(env={"COLUMNS": "200"})

SIEGE = """
    players 4
    active 0
    phase play
    hand 0: red_tank sandbags
    enemy 1 tank pz3
"""
MEMOIR44 = """
    allies infantry R7C7
    axis armor R5C7 figures=2
    hand allies: probe_center attack_left
"""
WOT_RUSH = """
    players 3
    active 1
    hand 1: engineer SU-09
    guard 2: b1=GE-09
"""
POSITIONS = {"siege": SIEGE, "memoir44": MEMOIR44, "wot_rush": WOT_RUSH}
# One legal option of each position, as the rules give it (sector 1's Pz III is token t6).
EXPECTED = {"siege": "play red_tank t6", "memoir44": "play attack_left", "wot_rush": "attack SU-09"}


def write(tmp_path: Path, game_id: str, text: str | None = None) -> Path:
    path = tmp_path / f"{game_id}.pos"
    path.write_text(textwrap.dedent(POSITIONS[game_id] if text is None else text), encoding="utf-8")
    return path


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_position_prints_the_board_and_numbered_options(tmp_path: Path, game_id: str) -> None:
    state = game_class(game_id).from_position(textwrap.dedent(POSITIONS[game_id]))
    result = invoke("position", game_id, str(write(tmp_path, game_id)))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(state.game.render(state, None))
    legal = state.legal_actions()
    assert f"player {state.current_player()} to move; {len(legal)} legal options:" in result.stdout
    for number, action in enumerate(legal, start=1):
        assert f"{number:>3}. {state.game.describe_action(state, action)}\n" in result.stdout
    assert EXPECTED[game_id] in [action.text for action in legal]


@pytest.mark.parametrize("game_id", sorted(POSITIONS))
def test_position_json_has_game_options_player_legal_texts_and_view(tmp_path: Path, game_id: str) -> None:
    state = game_class(game_id).from_position(textwrap.dedent(POSITIONS[game_id]), 9)
    result = invoke("position", game_id, str(write(tmp_path, game_id)), "--json", "--seed", "9")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc == {
        "game": game_id,
        "options": state.game.options,
        "current_player": state.current_player(),
        "legal": [action.text for action in state.legal_actions()],
        "view": json.loads(json.dumps(state.view(None))),
    }
    assert EXPECTED[game_id] in doc["legal"]


def test_position_reads_standard_input() -> None:
    from_file = invoke("position", "memoir44", "-", stdin=textwrap.dedent(MEMOIR44))
    assert from_file.exit_code == 0, from_file.output
    assert "  2. play attack_left" in from_file.stdout
    one_card = MEMOIR44.replace(" attack_left", "")
    single = invoke("position", "memoir44", "-", stdin=textwrap.dedent(one_card))
    assert "player 0 to move; 1 legal option:\n  1. play probe_center" in single.stdout


def test_a_seat_sees_only_its_own_view() -> None:
    """Memoir '44: the Allies' hand is theirs; the Axis player (seat 1) sees only its size."""
    text = textwrap.dedent(MEMOIR44)
    allies = json.loads(invoke("position", "memoir44", "-", "--json", "--seat", "0", stdin=text).stdout)
    axis = json.loads(invoke("position", "memoir44", "-", "--json", "--seat", "1", stdin=text).stdout)
    assert allies["view"]["hands"]["allies"] == ["attack_left", "probe_center"]
    assert axis["view"]["hands"]["allies"] is None and axis["view"]["hand_sizes"]["allies"] == 2
    state = game_class("memoir44").from_position(text)
    shown = invoke("position", "memoir44", "-", "--seat", "1", stdin=text)
    assert shown.exit_code == 0 and shown.stdout.startswith(state.game.render(state, 1))


@pytest.mark.parametrize(
    ("game_id", "text", "fragments"),
    [
        ("siege", "players 4\nfly away\n", ["position line 2: fly away"]),
        ("memoir44", "allies infantry R99C1\n", ["R99C1"]),
        ("wot_rush", "hand 0: tiger\n", ["position line 1", "tiger"]),
    ],
)
def test_a_malformed_position_is_one_red_line_and_exit_2(
    tmp_path: Path, game_id: str, text: str, fragments: list[str]
) -> None:
    assert_user_error(invoke("position", game_id, str(write(tmp_path, game_id, text))), *fragments)


def test_user_mistakes_around_the_position_are_one_red_line(tmp_path: Path) -> None:
    path = write(tmp_path, "siege")
    assert_user_error(invoke("position", "chess", str(path)), "unknown game 'chess'")
    assert_user_error(invoke("position", "siege", str(tmp_path / "missing.pos")), "missing.pos")
    assert_user_error(invoke("position", "siege", str(path), "--seat", "4"), "--seat 4", "0 to 3")
    assert_user_error(invoke("position", "siege", str(path), "--seat", "-1"), "--seat -1")
    binary = tmp_path / "binary.pos"
    binary.write_bytes(b"\xff\xfe players 4")
    assert_user_error(invoke("position", "siege", str(binary)), "binary.pos", "UTF-8")


def test_a_game_without_a_notation_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)
    result = invoke("position", "toy", str(write(tmp_path, "siege")))
    assert_user_error(result, "toy has no position notation")
