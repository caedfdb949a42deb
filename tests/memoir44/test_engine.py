"""Memoir '44 on the core's turn engine: what an option will do before any die is rolled
(`Game.consequence`), the actions' verbs and typed parts, the steps the engine takes on its own
(the kinds declared forced), the one `Outcome`, and saves of finished games."""

from __future__ import annotations

import json

import warroom
from tests.memoir44.conftest import decision, dice_of, figures, play, pos, texts, to_battle
from warroom.agents.base import RandomAgent
from warroom.core.game import Action, Outcome
from warroom.games.memoir44.state import M44State


def option(st: M44State, text: str) -> Action:
    return st.game.parse_action(st, text)


def test_battle_consequence_is_the_dice_and_the_target():
    """M44-BATTLE-08/09: a battle option says the dice it will roll (the same count the board
    shows) and its target; a Close Assault is marked; `done` has nothing to say."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\naxis infantry R3C6\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R6C7")
    known = st.game.consequence(st, option(st, "battle R6C7 R5C7"))
    assert known == {"dice": 3, "target": "R5C7", "unit": 1, "close_assault": True}
    assert known["dice"] == dice_of(st, "R6C7", "R5C7")
    assert st.game.consequence(st, option(st, "done")) is None
    details = {d["text"]: d for d in st.game.option_details(st)}
    assert details["battle R6C7 R5C7"]["consequence"] == known
    assert "consequence" not in details["done"]


def test_ranged_battle_consequence_counts_range_and_cover():
    """M44-BATTLE-09 / M44-TERR-02: infantry two hexes away rolls 2, one less in a forest."""
    st = pos("allies infantry R7C7\naxis infantry R5C7\nterrain forest R5C6\naxis infantry R5C6\n"
             "hand allies: attack_center\n")  # fmt: skip
    to_battle(st, "attack_center", "R7C7")
    assert st.game.consequence(st, option(st, "battle R7C7 R5C7")) == {
        "dice": 2, "target": "R5C7", "unit": 1, "close_assault": False,
    }  # fmt: skip
    assert st.game.consequence(st, option(st, "battle R7C7 R5C6")) == {
        "dice": 1, "target": "R5C6", "unit": 2, "close_assault": False,
    }  # fmt: skip


def test_barrage_and_air_power_consequences():
    """M44-TAC-09: Barrage rolls 4 dice; M44-TAC-01: the Allies' Air Power 2 per target."""
    st = pos("allies infantry R9C7\naxis infantry R2C7\nhand allies: barrage\n")
    play(st, "play barrage")
    assert st.game.consequence(st, option(st, "barrage R2C7")) == {"dice": 4, "target": "R2C7", "unit": 1}
    st = pos("allies infantry R9C7\naxis infantry R2C7\nhand allies: air_power\n")
    play(st, "play air_power")
    assert st.game.consequence(st, option(st, "air R2C7")) == {"dice": 2, "target": "R2C7", "unit": 1}


def test_actions_carry_their_verb_and_typed_parts():
    """Displays read an option's parts instead of parsing its text."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n")
    assert option(st, "play probe_center").to_json() == {
        "text": "play probe_center",
        "verb": "play",
        "parts": [{"role": "card", "kind": "card", "value": "probe_center"}],
    }
    to_battle(st, "probe_center", "R6C7")
    battle = option(st, "battle R6C7 R5C7")
    assert battle.verb.name == "BATTLE" and battle.part("from") == "R6C7" and battle.part("target") == "R5C7"
    assert [p["kind"] for p in battle.to_json()["parts"]] == ["hex", "hex"]
    assert option(st, "done").to_json()["parts"] == []
    actions = st.game.all_actions()
    assert all(actions[a.index] is a for a in actions)
    assert warroom.load("memoir44").all_actions()[7] is actions[7]  # one table, shared by games


def test_a_single_retreat_step_is_taken_by_the_engine():
    """M44-RETR-02: with one rearward hex free and no right to stop, nothing is asked; the step
    is taken (and reported in `forced`), and play goes on to Take Ground (M44-GROUND-01)."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\naxis infantry R4C6\nhand allies: probe_center\n"
             "dice: F I S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert [(seat, action.text) for seat, action in st.forced] == [(1, "retreat R4C7")]
    assert figures(st, "R4C7") == 3 and decision(st) == "ground"
    assert texts(st) == ["take ground", "hold"]


def test_recon_of_two_same_cards_keeps_one_unasked():
    """M44-SECT-04: two cards of one kind leave nothing to choose; the engine keeps one."""
    row = "allies infantry R7C2\naxis infantry R1C12\n"
    st = pos(row + "hand allies: recon_left\ndeck: attack_left attack_left probe_center\n")
    play(st, "play recon_left", "order R7C2", "done")
    assert [action.text for _, action in st.forced] == ["keep attack_left"]
    assert decision(st) == "card" and st.view(0)["hands"]["allies"] == ["attack_left"]
    assert st.view(None)["discard"][-2:] == ["recon_left", "attack_left"]


def test_outcome_of_a_win_and_of_a_draw():
    """M44-MEDAL-06: the side reaching its medals wins, every seat of it +1; the engine's turn
    bound makes a draw (all 0, no winner)."""
    st = pos("medals 4 1\nallies infantry R6C7 figures=1\naxis infantry R5C7\nactive axis\n"
             "hand axis: probe_center\ndice: G\n")  # fmt: skip
    assert st.outcome() is None
    to_battle(st, "probe_center", "R5C7")
    play(st, "battle R5C7 R6C7")
    assert st.outcome() == Outcome((-1.0, 1.0), (1,), "the Axis reach 1 medals and win")
    game = warroom.load("memoir44", players=3, max_turns=2)
    st, agent = game.new_initial_state(5), RandomAgent(5)
    while not st.is_terminal():
        st.apply_action(agent.choose(st))
    assert st.outcome() == Outcome((0.0, 0.0, 0.0), (), "no side won within 2 turns: a draw")
    assert st.returns() == [0.0, 0.0, 0.0]


def test_a_game_won_by_a_move_saves_and_loads_unchanged():
    """M44-MEDAL-03/06: a move onto the last objective medal wins at once; the finished game's
    save loads back to the very same save (the movement step it had scheduled included)."""
    st = pos("medals 1 6\nobjective allies R5C7\nallies infantry R6C7\naxis infantry R1C1\n"
             "hand allies: probe_center\n")  # fmt: skip
    play(st, "play probe_center", "order R6C7", "move R6C7 R5C7")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]
    saved = st.serialize()
    assert json.loads(saved)["state"]["agenda"] == [["moves", 0]]
    assert st.game.deserialize(saved).serialize() == saved
    assert st.clone().serialize() == saved
