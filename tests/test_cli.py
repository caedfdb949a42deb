"""The `warroom` command line, driven through Typer's CliRunner on the toy game."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from tests.toygame import ToyGame, ToyState, register_toy
from warroom.agents import make_agent
from warroom.cli import app
from warroom.cli.play import Keyboard, PlaySession, consequence_words, decision_key, fresh_menu
from warroom.core.game import Action
from warroom.core.registry import load
from warroom.core.replay import Replay
from warroom.sim import game_seed, play_game

runner = CliRunner(env={"COLUMNS": "200"})


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


def invoke(*args: str, stdin: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=stdin)


def assert_user_error(result: Result, *fragments: str, code: int = 2) -> None:
    assert result.exit_code == code, result.output
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.output
    for fragment in fragments:
        assert fragment in result.stderr


# -- warroom games ---------------------------------------------------------------------


def test_games_lists_players_kind_and_every_option() -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    for text in (
        "toy",
        "Race to Ten",
        "2-3",
        "no",
        "players=2 [2|3]",
        "target=10 [7|10]",
        "coop=false [true|false]",
    ):
        assert text in result.stdout


def test_python_dash_m_goes_through_main() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "warroom", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0
    assert all(command in done.stdout for command in ("games", "play", "sim", "replay"))


# -- user errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "fragments"),
    [
        (["play", "chess"], ["unknown game 'chess'", "known games: toy"]),
        (["sim", "chess"], ["unknown game 'chess'", "known games: toy"]),
        (["sim", "toy", "-o", "colour=red"], ["no option 'colour'", "valid options: players, target, coop"]),
        (["sim", "toy", "-o", "target=8"], ["choose one of: 7, 10"]),
        (["sim", "toy", "-o", "coop"], ["key=value"]),
        (["sim", "toy", "--players", "5"], ["players=5", "2, 3"]),
        (["sim", "toy", "--agents", "robot"], ["unknown agent 'robot'", "random, mcts-fast", "heuristic"]),
        (["sim", "toy", "--agents", "random,random,random"], ["3 agents for 2 seats"]),
        (["sim", "toy", "--jobs", "-1"], ["--jobs"]),
        (["play", "toy", "--seats", "human"], ["1 seats", "has 2"]),
        (
            ["play", "toy", "--seats", "human,robot"],
            ["unknown seat 'robot'", "human, random, mcts", "heuristic"],
        ),
    ],
)
def test_user_errors_are_one_red_line_and_exit_2(args: list[str], fragments: list[str]) -> None:
    assert_user_error(invoke(*args), *fragments)


# -- warroom play ----------------------------------------------------------------------


def test_play_all_ai_runs_to_the_end_and_saves_a_replay_that_verifies(tmp_path: Path) -> None:
    path = tmp_path / "toy.replay"
    result = invoke("play", "toy", "--seats", "random,heuristic", "--seed", "3", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout and "player 1 (heuristic):" in result.stdout
    state = Replay.load(path).play()
    assert state.is_terminal()
    assert f"player 0 (random): {state.returns()[0]:g}" in result.stdout
    replayed = invoke("replay", str(path))
    assert replayed.exit_code == 0 and f"final returns: {state.returns()}" in replayed.stdout


def test_play_with_the_same_seed_and_seats_is_the_same_game(tmp_path: Path) -> None:
    args = ["play", "toy", "--players", "3", "--seats", "random,random,random", "--seed", "17"]
    assert invoke(*args).stdout == invoke(*args).stdout


def test_human_picks_by_number_or_text_and_bad_input_is_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "h.replay"
    state = ToyGame().new_initial_state(5)
    first, second = state.legal_actions()[0], state.legal_actions()[-1]
    lines = ["fold", "99", "", f"  {second.text.upper()} ", *["1"] * 10]
    result = invoke("play", "toy", "--seed", "5", "--save", str(path), stdin="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "invalid: 'fold' is not a legal action" in result.stdout
    assert "invalid: choose a number shown (1, 2)" in result.stdout
    assert f"  1. {first.text}" in result.stdout
    assert Replay.load(path).actions[0] == second.text
    assert "game over" in result.stdout


@pytest.mark.parametrize("stdin", ["quit\n", "", "1\nexit\n"])
def test_quit_or_end_of_input_stops_cleanly_and_still_saves(tmp_path: Path, stdin: str) -> None:
    path = tmp_path / "q.replay"
    result = invoke("play", "toy", "--seed", "2", "--seats", "human,random", "--save", str(path), stdin=stdin)
    assert result.exit_code == 0, result.output
    assert "game abandoned." in result.stdout and "Traceback" not in result.output
    record = Replay.load(path)
    assert len(record.actions) == (2 if stdin.startswith("1") else 0)
    assert not record.play().is_terminal()


def test_a_human_sees_only_their_own_view_and_events(monkeypatch: pytest.MonkeyPatch) -> None:
    rendered_for: list[int | None] = []
    original = ToyGame.render

    def spy(self: ToyGame, state: ToyState, player: int | None) -> str:
        rendered_for.append(player)
        return original(self, state, player)

    monkeypatch.setattr(ToyGame, "render", spy)
    result = invoke("play", "toy", "--seed", "8", "--seats", "heuristic,human", stdin="1\n" * 10)
    assert result.exit_code == 0, result.output
    assert set(rendered_for) == {1}
    assert "player 1 draws" in result.stdout and "player 0 draws" not in result.stdout
    assert "player 0 plays" in result.stdout


def test_play_defaults_to_a_human_then_the_best_agent() -> None:
    result = invoke("play", "toy", "--seed", "1", stdin="quit\n")
    assert "seats: human, heuristic" in result.stdout


def test_play_takes_options(tmp_path: Path) -> None:
    path = tmp_path / "o.replay"
    result = invoke(
        "play", "toy", "-p", "3", "-o", "target=7", "--seats", "random,random,random", "--save", str(path)
    )
    assert result.exit_code == 0, result.output
    assert Replay.load(path).options == {"players": 3, "target": 7, "coop": False}


# -- warroom sim -----------------------------------------------------------------------


def sim_json(*args: str) -> dict[str, Any]:
    result = invoke("sim", "toy", "--json", *args)
    assert result.exit_code == 0, result.output
    report: dict[str, Any] = json.loads(result.stdout)
    return report


def test_sim_json_has_the_promised_fields() -> None:
    report = sim_json("--games", "50", "--seed", "4", "--agents", "random,heuristic")
    for key in ("game", "games", "wins", "win_rate", "win_rate_ci95", "mean_turns", "mean_decisions"):
        assert key in report
    assert report["game"] == "toy" and report["games"] == 50 and report["seed"] == 4
    assert report["agents"] == ["random", "heuristic"]
    assert report["options"] == {"players": 2, "target": 10, "coop": False}
    low, high = report["win_rate_ci95"]
    assert low <= report["win_rate"] == report["wins"] / 50 <= high
    assert report["summary"]["ending"]["hit"] + report["summary"]["ending"]["bust"] == 50


def test_sim_json_is_identical_whatever_the_number_of_jobs() -> None:
    args = ("--games", "60", "--seed", "9", "-p", "3", "-o", "coop=true")
    assert sim_json(*args, "--jobs", "1") == sim_json(*args, "--jobs", "2")


def test_sim_win_is_the_games_own_verdict_when_it_gives_one() -> None:
    report = sim_json("--games", "40", "-o", "coop=true", "--agents", "heuristic")
    assert report["wins"] == report["summary"]["ending"]["hit"]
    assert report["win_rate"] == report["summary"]["won"]


def test_sim_table_shows_win_rate_with_its_interval() -> None:
    result = invoke("sim", "toy", "--games", "20")
    assert result.exit_code == 0, result.output
    assert "win rate" in result.stdout and "95% CI" in result.stdout and "summary ending" in result.stdout


def test_play_with_a_sim_games_seed_replays_that_game(tmp_path: Path) -> None:
    path = tmp_path / "s.replay"
    seed = game_seed(4, 13)
    result = invoke("play", "toy", "--seats", "random,heuristic", "--seed", str(seed), "--save", str(path))
    assert result.exit_code == 0, result.output
    simulated = play_game(ToyGame(), ["random", "heuristic"], seed)
    record = Replay.load(path)
    assert (len(record.actions), tuple(record.play().returns())) == (simulated.decisions, simulated.returns)


# -- on the real games -----------------------------------------------------------------


@pytest.fixture
def real_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # drop the toy registry: the installed games only


def test_sim_on_siege_is_identical_whatever_the_number_of_jobs(real_games: None) -> None:
    args = ["sim", "siege", "--games", "20", "--seed", "5", "--players", "3", "--json"]
    serial, parallel = invoke(*args, "--jobs", "1"), invoke(*args, "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 0, serial.output + parallel.output
    report = json.loads(serial.stdout)
    assert json.loads(parallel.stdout) == report
    assert report["games"] == 20 and report["agents"] == ["heuristic"] * 3
    assert report["options"]["players"] == 3 and report["options"]["mode"] == "normal"
    assert 0 <= report["win_rate"] <= 1 and report["mean_turns"] == report["summary"]["turns"]


def test_play_siege_all_ai_saves_a_replay_that_verifies(real_games: None, tmp_path: Path) -> None:
    path = tmp_path / "siege.replay"
    result = invoke(
        "play", "siege", "--players", "2", "--seats", "random,random", "--seed", "3", "--save", str(path)
    )
    assert result.exit_code == 0, result.output
    assert "game over" in result.stdout
    replayed = invoke("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert f"final returns: {Replay.load(path).play().returns()}" in replayed.stdout


def test_siege_options_are_listed_and_checked(real_games: None) -> None:
    listing = invoke("games")
    assert "siege" in listing.stdout and "mode=normal" in listing.stdout
    assert_user_error(
        invoke("sim", "siege", "-o", "mode=blitz"), "normal, shoulder_to_shoulder, field_marshal"
    )


# -- terminal play: numbers that hold still, typed-ahead input, skipped steps (issue 14) --------


class ScriptedKeyboard(Keyboard):
    """Lines answering the prompts in turn, and lines "typed ahead" before the n-th menu."""

    def __init__(self, lines: list[str], ahead: dict[int, list[str]] | None = None) -> None:
        self.lines = list(lines)
        self.ahead = ahead or {}
        self.menus = 0

    def read(self, prompt: str) -> str | None:
        return self.lines.pop(0) if self.lines else None

    def typed_ahead(self) -> list[str]:
        self.menus += 1
        return self.ahead.get(self.menus, [])


def menu_lines(text: str) -> dict[str, int]:
    """The numbered options printed by the last menu in `text`: action text -> number."""
    shown: dict[str, int] = {}
    for line in text.splitlines():
        match = re.match(r"^\s*(\d+)\. (\S+(?: \S+)*?)(?:  \(|  \[|$)", line)
        if match:
            if int(match[1]) == 1 and shown:
                shown = {}
            shown[match[2]] = int(match[1])
    return shown


def test_a_menu_keeps_each_options_number_and_numbers_new_ones_after_the_last() -> None:
    toy = ToyGame().new_initial_state(0)
    a, b, c, d = (Action(i, f"opt {i}", "play") for i in range(4))
    first = fresh_menu(0, "k", "play", [a, b, c])
    assert first.numbers == {"opt 0": 1, "opt 1": 2, "opt 2": 3}
    second = first.renumbered(0, "k", "play", [a, c, d])  # b spent, d new
    assert second.numbers == {"opt 0": 1, "opt 2": 3, "opt 3": 4}
    assert second.action(3, [a, c, d]) is c and second.action(2, [a, c, d]) is None
    assert decision_key(toy) == decision_key(toy.clone())


def siege_session(keyboard: Keyboard) -> PlaySession:
    """Solo Siege, seed 1, after the heuristic's first three decisions: seat 0 is in phase 4 with
    many cards to play (the same decision, `play`, stays pending card after card)."""
    game = load("siege", players=1)
    session = PlaySession(game, ["human"], 1, None, keyboard)
    agent = make_agent(game, "heuristic", 1)
    for _ in range(3):
        session.state.apply_action(agent.choose(session.state))
    assert session.state.current_player() == 0 and "pass" in {a.text for a in session.state.legal_actions()}
    return session


def test_numbers_hold_still_while_the_same_decision_is_pending(
    real_games: None, capsys: pytest.CaptureFixture[str]
) -> None:
    session = siege_session(ScriptedKeyboard(["2", "quit"]))
    assert session.human_move(0)
    first = menu_lines(capsys.readouterr().out)
    assert session.history[-1].text == next(t for t, n in first.items() if n == 2)
    assert not session.human_move(0)  # the next menu, then quit
    second = menu_lines(capsys.readouterr().out)
    assert second
    for text, number in second.items():
        if text in first:
            assert first[text] == number, text  # an option still offered keeps its number
        else:
            assert number > max(first.values())  # a new one comes after the last
    assert 2 not in second.values() or first.get(session.history[-1].text) != 2


def test_a_number_typed_ahead_is_taken_while_the_same_decision_is_pending(
    real_games: None, capsys: pytest.CaptureFixture[str]
) -> None:
    session = siege_session(ScriptedKeyboard(["2"], ahead={2: ["4"]}))
    assert session.human_move(0)
    first = menu_lines(capsys.readouterr().out)
    legal = {a.text for a in session.state.legal_actions()}
    meant = next(t for t, n in first.items() if n == 4)
    assert meant in legal
    assert session.human_move(0)  # no prompt read: the typed-ahead 4 is the move
    assert session.history[-1].text == meant
    assert f"typed ahead: 4. {meant}" in capsys.readouterr().out


def test_a_number_typed_ahead_is_not_taken_once_the_decision_changed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Seat 0 answers, the other seat moves, and a `1` typed before the new menu appeared is not
    used for it: the prompt says so and asks again."""
    keyboard = ScriptedKeyboard(["1", "2"], ahead={2: ["1"]})
    session = PlaySession(ToyGame(), ["human", "heuristic"], 5, None, keyboard)
    assert session.human_move(0)
    session.agent_move(1)
    assert session.human_move(0)
    out = capsys.readouterr().out
    assert "typed ahead: 1 was meant for play (1. " in out and "choose again" in out
    assert keyboard.lines == []  # the answer came from the prompt: "2"
    assert session.history[-1].text == next(t for t, n in menu_lines(out).items() if n == 2)


def test_a_step_the_engine_took_alone_is_said(real_games: None) -> None:
    """Solo Siege, seed 7: on turn 3 the only legal play is `pass`; the engine takes it (the kind
    is forced) and the terminal says so instead of moving on silently."""
    result = invoke("play", "siege", "--players", "1", "--seed", "7", stdin="1\n" * 12 + "quit\n")
    assert result.exit_code == 0, result.output
    assert "skipped: player 0's only option was 'pass  (" in result.stdout
    assert "', taken for you" in result.stdout


def test_a_battle_option_shows_its_dice_once(real_games: None) -> None:
    """Memoir '44: the wording names the units; the dice come from the consequence, once."""
    game = load("memoir44")
    state = game.new_initial_state(2)
    agent = make_agent(game, "heuristic", 2)
    while not any(a.text.startswith("battle ") for a in state.legal_actions()):
        state.apply_action(agent.choose(state))
    battle = next(a for a in state.legal_actions() if a.text.startswith("battle "))
    words = game.describe_action(state, battle)
    known = game.consequence(state, battle)
    assert known is not None and "dice" not in words
    shown = consequence_words(known)
    assert shown.startswith(f"{known['dice']} {'die' if known['dice'] == 1 else 'dice'}")


def test_quit_typed_ahead_stops_before_the_next_menu() -> None:
    keyboard = ScriptedKeyboard(["1"], ahead={2: ["quit"]})
    session = PlaySession(ToyGame(), ["human", "heuristic"], 5, None, keyboard)
    assert session.human_move(0)
    session.agent_move(1)
    assert not session.human_move(0) and len(session.history) == 2
