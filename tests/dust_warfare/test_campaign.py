"""Campaigns (dust_warfare.md DW-CAMP-01, DW-CAMP-02, DW-CAMP-03, DW-CAMP-04): 3-5 battles in
order, armies rebuilt per battle, Campaign Points with the SP tie-break, the loser's roll-off,
and the `warroom campaign` command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.dust_warfare.helpers import options
from tests.dust_warfare.test_content import SCENARIO
from warroom.cli import app
from warroom.core.errors import OptionError
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.campaign import (
    DEFAULT_ORDER,
    Battle,
    Campaign,
    CampaignSpec,
    battle_game,
    battle_seed,
    run,
)
from warroom.games.dust_warfare.rules import custom

runner = CliRunner(env={"COLUMNS": "200"})


def battle(number: int, winner: int, scores: list[int]) -> Battle:
    return Battle(number, "first_battle", number, -1, scores, winner, 5)


def test_camp_01_three_to_five_battles_in_the_default_order() -> None:
    """DW-CAMP-01: the default is First Battle, Front Lines, Night Encounter, Secret Mission;
    fewer than 3 or more than 5 battles, or an unknown scenario, are refused."""
    assert (
        CampaignSpec().battles
        == DEFAULT_ORDER
        == (
            "first_battle",
            "front_lines",
            "night_encounter",
            "secret_mission",
        )
    )
    with pytest.raises(OptionError, match="3 to 5 battles"):
        CampaignSpec(battles=("first_battle", "front_lines"))
    with pytest.raises(OptionError, match="3 to 5 battles"):
        CampaignSpec(battles=("first_battle",) * 6)
    with pytest.raises(OptionError, match="unknown scenario 'moon-base'"):
        CampaignSpec(battles=("first_battle", "front_lines", "moon-base"))
    assert (
        CampaignSpec(battles=("first-battle", "night-encounter", "secret_mission")).battles[1]
        == "night-encounter"
    )


def test_camp_02_each_battle_is_a_new_game_with_the_armies_rebuilt() -> None:
    """DW-CAMP-02: no loss carries over: each battle starts from full armies; First Battle keeps
    the fixed starter lists even when the campaign names an army file."""
    spec = CampaignSpec(armies="no-such-file.toml")
    game = battle_game(spec, "first_battle", -1)
    state = game.new_initial_state(3)
    assert not any(any(dead) for dead in state.dead) and game.options["armies"] == ""
    assert battle_seed(7, 0) != battle_seed(7, 1) and battle_seed(7, 1) == battle_seed(7, 1)


def test_camp_03_campaign_points_then_total_sp_then_a_draw() -> None:
    """DW-CAMP-03: 1 point per battle won, none for a draw; most points wins; equal points go to
    the higher total SP; equal SP too is a draw."""
    c = Campaign(CampaignSpec())
    c.battles = [battle(1, 0, [90, 30]), battle(2, 1, [0, 250]), battle(3, -1, [40, 40])]
    assert c.points == [1, 1] and c.total_sp == [130, 320] and c.winner == 1
    c.battles.append(battle(4, 0, [200, 0]))
    assert c.points == [2, 1] and c.winner == 0
    even = Campaign(CampaignSpec())
    even.battles = [battle(1, 0, [50, 0]), battle(2, 1, [0, 50]), battle(3, -1, [10, 10])]
    assert even.points == [1, 1] and even.winner == -1


def test_camp_04_the_loser_of_the_last_battle_wins_the_next_roll_off() -> None:
    """DW-CAMP-04: the loser takes the next roll-off without dice; the first battle and the one
    after a draw roll as usual. The game's roll_off option gives the choice to that seat."""
    c = Campaign(CampaignSpec())
    assert c.next_roll_off() == -1
    c.battles = [battle(1, 0, [90, 30])]
    assert c.next_roll_off() == 1
    c.battles.append(battle(2, -1, [0, 0]))
    assert c.next_roll_off() == -1
    for seat in (0, 1):
        state = DustWarfareGame(roll_off=seat).new_initial_state(11)
        assert state.current_player() == seat and options(state) == ["edge south", "edge north"]
        assert any(e.kind == "roll_off" and e.data["rolls"] == [] for e in state.events)


def test_a_campaign_runs_its_battles_and_scores_them() -> None:
    """Three battles by random agents: every battle finished, the roll-off rule applied between
    them, the standings computed from the battles."""
    spec = CampaignSpec(
        battles=("first_battle", "night_encounter", "secret_mission"), agents=("random", "random")
    )
    done = run(spec)
    assert [b.scenario for b in done.battles] == list(spec.battles)
    for before, after in zip(done.battles, done.battles[1:], strict=False):
        assert after.roll_off == (-1 if before.winner < 0 else 1 - before.winner)
    assert done.points == [sum(b.winner == s for b in done.battles) for s in (0, 1)]


def test_the_campaign_command_prints_json_and_refuses_other_games() -> None:
    result = runner.invoke(
        app,
        [
            "campaign",
            "dust_warfare",
            "--battles",
            "first-battle,front-lines,night-encounter",
            "--agents",
            "random",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [b["scenario"] for b in doc["battles"]] == ["first_battle", "front_lines", "night_encounter"]
    assert set(doc) >= {"campaign_points", "total_sp", "winner", "battles"}
    refused = runner.invoke(app, ["campaign", "siege"])
    assert refused.exit_code != 0 and "Dust Warfare" in refused.output
    short = runner.invoke(app, ["campaign", "dust_warfare", "--battles", "first-battle"])
    assert short.exit_code != 0 and "3 to 5 battles" in short.output


# ---------------------------------------------------------------- DW-CAMP-05: custom scenarios


def custom_file(tmp_path: Path, **changes: str) -> Path:
    text = SCENARIO.replace('turns = "variable"', 'turns = "variable"\ninitiative = "fixed_first_turn"')
    for old, new in changes.items():
        text = text.replace(old, new)
    path = tmp_path / "skirmish.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_camp_05_a_custom_scenario_file_is_played(tmp_path: Path) -> None:
    """DW-CAMP-05: the game's scenario_file option plays a user-written scenario: its table
    size, pieces and zones; a random game of it runs to its end (at most 7 turns)."""
    game = DustWarfareGame(scenario_file=str(custom_file(tmp_path)))
    assert game.scenario.id == "skirmish" and (game.board.width, game.board.depth) == (60, 44)
    state = game.new_initial_state(4)
    rng = Rng(4)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert 1 <= state.turn <= 7


def test_camp_05_a_broken_custom_scenario_is_refused_naming_file_entry_field(tmp_path: Path) -> None:
    path = custom_file(tmp_path, **{"point = [30, 22]": "point = [70, 22]"})
    with pytest.raises(OptionError, match=r"skirmish.toml: \[\[objective\]\] #1 \(well\), field point"):
        DustWarfareGame(scenario_file=str(path))


def test_camp_05_r_12_variable_length_rolls_from_turn_five_to_seven(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """DW-CAMP-05, R-12: before turn 5 the game goes on without a roll; from turn 5 the
    Initiating player rolls: a hit goes on, a blank ends it; after turn 7 it always ends."""
    state = DustWarfareGame(scenario_file=str(custom_file(tmp_path))).new_initial_state(4)
    state.initiator = 0
    faces: list[int] = []
    monkeypatch.setattr(custom, "roll", lambda _rng, _n: [faces.pop(0)])
    state.turn = 4
    assert custom.game_goes_on(state)
    faces[:] = [6]
    state.turn = 5
    assert custom.game_goes_on(state)
    faces[:] = [1]
    state.turn = 6
    assert not custom.game_goes_on(state)
    state.turn = 7
    assert not custom.game_goes_on(state)


def test_camp_05_a_fixed_initiator_in_turn_one_only(tmp_path: Path) -> None:
    """DW-CAMP-05: "a fixed Initiating player in turn 1 only": the first deployer initiates
    turn 1; later turns roll as usual; a shipped scenario ("as usual") never fixes it."""
    state = DustWarfareGame(scenario_file=str(custom_file(tmp_path))).new_initial_state(4)
    state.first, state.turn = 1, 1
    assert custom.fixed_initiator(state) == 1
    state.turn = 2
    assert custom.fixed_initiator(state) is None
    usual = DustWarfareGame().new_initial_state(4)
    usual.first, usual.turn = 1, 1
    assert custom.fixed_initiator(usual) is None
