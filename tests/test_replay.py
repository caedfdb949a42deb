"""Replay files: record, save, load, replay exactly; corrupt files name their line."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.toygame import ToyGame, ToyState, register_toy
from warroom.cli import app
from warroom.core import CorruptDataError
from warroom.core.replay import Replay

runner = CliRunner()


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def finished_game(seed: int = 6, **options: object) -> tuple[ToyState, Replay]:
    game = ToyGame(**options)
    state = game.new_initial_state(seed)
    actions = []
    while not state.is_terminal():
        actions.append(state.legal_actions()[-1])
        state.apply_action(actions[-1])
    return state, Replay.record(game, seed, actions)


def test_replay_reproduces_the_final_state_exactly() -> None:
    state, record = finished_game(players=3)
    assert record.play().serialize() == state.serialize()


def test_replay_text_round_trips(tmp_path: Path) -> None:
    state, record = finished_game(coop=True)
    path = tmp_path / "game.replay"
    record.save(path)
    loaded = Replay.load(path)
    assert (loaded.game_id, loaded.options, loaded.seed, loaded.actions) == (
        "toy",
        {"players": 2, "target": 10, "coop": True},
        6,
        record.actions,
    )
    assert loaded.first_action_line == 7
    assert loaded.play(str(path)).serialize() == state.serialize()


def test_blank_and_comment_lines_are_ignored() -> None:
    state, record = finished_game()
    record.actions = ["# opening", "", *record.actions[:1], "   ", *record.actions[1:]]
    assert Replay.loads(record.dumps()).play().serialize() == state.serialize()


def with_line(text: str, number: int, replacement: str) -> str:
    lines = text.splitlines()
    lines[number - 1] = replacement
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("line", "replacement", "message"),
    [
        (1, "# some other file", "g.replay:1: not a warroom replay"),
        (3, "version 0.1.0", "g.replay:3: header line must be 'key: value'"),
        (5, "seed: seven", "g.replay: bad header value"),
        (4, 'options: {"players": 9}', "g.replay: option players=9 is not valid"),
        (2, "game: chess", "g.replay: unknown game 'chess'; known games: toy"),
        (8, "play 7", "g.replay:8: 'play 7' is not a legal action"),
    ],
)
def test_corrupt_replay_names_file_and_line(line: int, replacement: str, message: str) -> None:
    _, record = finished_game()
    with pytest.raises(CorruptDataError) as caught:
        Replay.loads(with_line(record.dumps(), line, replacement), "g.replay").play("g.replay")
    assert str(caught.value).startswith(message)


def with_uploads(text: str, uploads: str) -> str:
    """The file with an `uploads:` header line (line 6) before its `---`."""
    lines = text.splitlines()
    lines.insert(lines.index("---"), f"uploads: {uploads}")
    return "\n".join(lines) + "\n"


def test_a_file_without_an_uploads_line_loads_as_before_and_none_is_written() -> None:
    state, record = finished_game()
    assert record.uploads == {} and "uploads" not in record.dumps()
    assert Replay.loads(record.dumps()).play().serialize() == state.serialize()


def test_uploads_round_trip_on_one_escaped_line() -> None:
    record = Replay("toy", {}, 1, uploads={"cards": 'a = "x"\n[b]\n'})
    lines = record.dumps().splitlines()
    assert lines[5] == 'uploads: {"cards": "a = \\"x\\"\\n[b]\\n"}' and lines[6] == "---"
    loaded = Replay.loads(record.dumps())
    assert (loaded.uploads, loaded.uploads_line, loaded.first_action_line) == (record.uploads, 6, 8)


@pytest.mark.parametrize(
    ("uploads", "message"),
    [
        ('{"cards": "x"', "g.replay:6: uploads is not readable JSON"),
        ('["x"]', "g.replay:6: uploads must be a JSON object of option name -> file text"),
        ('{"cards": 3}', "g.replay:6: uploads must be a JSON object of option name -> file text"),
    ],
)
def test_a_malformed_uploads_line_names_file_and_line(uploads: str, message: str) -> None:
    _, record = finished_game()
    with pytest.raises(CorruptDataError) as caught:
        Replay.loads(with_uploads(record.dumps(), uploads), "g.replay")
    assert str(caught.value).startswith(message)


def test_uploads_for_an_option_that_takes_no_content_are_refused_naming_it(tmp_path: Path) -> None:
    _, record = finished_game()
    path = tmp_path / "g.replay"
    path.write_text(with_uploads(record.dumps(), '{"target": "12"}'))
    with pytest.raises(CorruptDataError) as caught:
        Replay.load(path).play(str(path))
    assert str(caught.value) == f"{path}:6: uploads: toy takes no uploaded content for 'target'"
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {path}:6: uploads: toy takes no")


def test_a_replay_without_its_header_end_is_rejected() -> None:
    with pytest.raises(CorruptDataError, match="missing the '---' line"):
        Replay.loads("# warroom replay\ngame: toy\n", "g.replay")


# -- warroom replay FILE ---------------------------------------------------------------


def test_cli_replay_prints_the_final_position_and_returns(tmp_path: Path) -> None:
    state, record = finished_game()
    path = tmp_path / "g.replay"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert ToyGame().render(state, None) in result.stdout
    assert f"final returns: {state.returns()}" in result.stdout


def test_cli_replay_of_an_unfinished_game_says_who_is_to_move(tmp_path: Path) -> None:
    _, record = finished_game()
    record.actions = record.actions[:1]
    path = tmp_path / "g.replay"
    record.save(path)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0
    assert "stops before the end; player 1 to move" in result.stdout


def test_cli_replay_reports_a_bad_line_in_one_line_and_exits_1(tmp_path: Path) -> None:
    _, record = finished_game()
    path = tmp_path / "g.replay"
    path.write_text(with_line(record.dumps(), 8, "play 7"))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {path}:8: 'play 7' is not a legal action")
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output


def test_cli_replay_of_a_missing_file_is_one_error_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.replay")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: {tmp_path / 'nope.replay'}: cannot read")
