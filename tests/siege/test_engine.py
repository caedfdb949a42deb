"""Siege on the core's turn engine (issue 11): the declared decision kinds and which are forced,
the one Outcome, actions with a verb and typed parts, and the consequence of an aimed play known
before it is made. Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.."""

from __future__ import annotations

import json

from tests.siege.conftest import new_game, pos, texts
from warroom.core.engine import Decision
from warroom.core.game import Outcome
from warroom.games.siege.rules.dispatch import RULES
from warroom.games.siege.words import ASKS, JOBS, Ask


def test_every_decision_kind_and_job_is_declared_once() -> None:
    """D-02..D-11: the ten decision kinds and the agenda's jobs are the declared ones; the single
    options of play, trade and a collision's pick are forced, nothing else is."""
    assert set(RULES.kinds) == set(ASKS) and len(ASKS) == 10
    assert set(RULES.jobs) == set(JOBS)
    assert {name for name, kind in RULES.kinds.items() if kind.forced} == {Ask.PLAY, Ask.TRADE, Ask.HIT}


def test_the_pending_decision_is_the_cores_and_saves_as_a_list() -> None:
    st = new_game(3)
    assert isinstance(st.decision, Decision)
    assert (st.decision.kind, st.decision.seat) == ("arrange", st.current_player())
    assert json.loads(st.serialize())["state"]["decision"] == ["arrange", st.current_player()]


def test_a_play_phase_with_nothing_to_play_is_taken_by_the_engine() -> None:
    """SG-PLAY-01: with no card to play only `pass` is left; nobody is asked, the engine takes it
    and says so in `state.forced`, and the turn goes on to the enemy's half."""
    st = pos("""
        players 2
        hand 0: red_tank red_tank
        enemy 5 rear sdkfz
        reserve: sdkfz sdkfz sdkfz
    """)
    assert [(seat, action.text) for seat, action in st.forced] == [(0, "pass")]
    assert st.view(None)["active"] == 1 and st.decision is not None and st.decision.kind == "swap"


def test_trade_with_nobody_to_trade_with_is_forced() -> None:
    """SG-TRADE-04: partners must hold a card; with none, the trade phase is the forced pass."""
    st = pos("""
        players 2
        phase trade
        hand 0: red_tank il2
        hand 1:
        enemy 1 aviation sdkfz
        reserve: sdkfz
    """)
    assert (0, "pass") in [(seat, action.text) for seat, action in st.forced]
    assert st.decision is not None and st.decision.kind == "play"


def test_a_colliding_group_of_alike_enemies_takes_its_damage_without_a_question() -> None:
    """SG-FORT-02: two full-armour Pz.III attack F(1) together: picking between equal enemies is
    no choice, so the engine takes it; a Pz.III and a Tiger are asked about."""
    st = pos("""
        hand 0: patrol
        enemy 1 tank pz3
        enemy 1 tank pz3
    """)
    events = st.apply_action("play patrol")  # the hand is empty: the forced pass, then phase 5
    assert "fort_destroyed" in [e.kind for e in events]
    assert [action.text for _, action in st.forced if action.text.startswith("hit")] == ["hit t6"]
    st = pos("""
        hand 0: patrol
        enemy 1 tank pz3
        enemy 1 tank tiger
    """)
    st.apply_action("play patrol")
    assert st.decision is not None and st.decision.kind == "hit"
    assert texts(st) == ["hit t6", "hit t17"]


def test_outcome_of_a_win_and_of_a_loss_against_the_field_marshal() -> None:
    """SG-END-02, SG-END-04, SG-FM-15: one Outcome; returns are the contract's, the winners are the
    defenders after a win and the Field Marshal after a loss."""
    st = pos("""
        players 3
        mode field_marshal
        hand 0: green_aviation
        enemy 3 aviation pz3 1
        reserve:
        marshal:
    """)
    assert st.outcome() is None and st.returns() == [0.0, 0.0, 0.0]
    st.apply_action("play green_aviation t6")
    assert st.outcome() == Outcome((1.0, 1.0, -1.0), (0, 1), "every enemy is destroyed: the defenders win")
    assert st.returns() == [1.0, 1.0, -1.0]
    st = pos("""
        players 3
        mode field_marshal
        hand 0: patrol
        buildings 3
        forts 1 2 4 5 6
        enemy 3 tank pz3
    """)
    st.apply_action("play patrol")
    outcome = st.outcome()
    assert outcome is not None and outcome.returns == (-1.0, -1.0, 1.0) and outcome.winners == (2,)
    assert "fallen" in outcome.text


def test_actions_carry_their_verb_and_typed_parts() -> None:
    st = pos("""
        hand 0: red_aviation precise_shot sandbags barbed_wire
        enemy 1 aviation tiger
    """)
    by_text = {a.text: a.to_json() for a in st.legal_actions()}
    assert by_text["play red_aviation t17"] == {
        "text": "play red_aviation t17",
        "verb": "strike",
        "parts": [
            {"role": "card", "kind": "card", "value": "red_aviation"},
            {"role": "target", "kind": "token", "value": 17},
        ],
    }
    assert [p["role"] for p in by_text["play precise_shot+red_aviation t17"]["parts"]] == [
        "card",
        "with",
        "target",
    ]
    assert by_text["pass"] == {"text": "pass", "verb": "pass", "parts": []}
    table = st.game.table
    assert table.offer[2][0].to_json()["parts"][0] == {"role": "partner", "kind": "seat", "value": 2}
    assert table.place[0][3].to_json()["parts"] == [
        {"role": "token", "kind": "token", "value": "sdkfz"},
        {"role": "sector", "kind": "sector", "value": 3},
    ]


def test_consequence_of_aimed_plays() -> None:
    """SG-ATK-05, SG-CARD-04..07/12, SG-TROPHY-01: a strike takes 1 armour and kills only at 1;
    Precise Shot and IL-2 destroy whatever the armour; Hedgehogs hold, Onslaught drives back. A
    kill by a card is a trophy. Plays aimed at nobody have none."""
    st = pos("""
        hand 0: red_aviation red_artillery precise_shot il2 hedgehogs onslaught patrol
        enemy 1 aviation tiger          # t17, armour 3
        enemy 2 artillery sdkfz         # t0, armour 1
    """)
    game = st.game
    details = {d["text"]: d for d in game.option_details(st)}
    assert details["play red_aviation t17"]["consequence"] == {
        "target": 17, "name": game.token_name[17], "armour": 3, "damage": 1, "destroyed": False,
    }  # fmt: skip
    assert details["play red_artillery t0"]["consequence"] == {
        "target": 0, "name": game.token_name[0], "armour": 1, "damage": 1, "destroyed": True, "trophy": True,
    }  # fmt: skip
    for text in ("play precise_shot+red_aviation t17", "play il2 t17"):
        seen = details[text]["consequence"]
        assert (seen["damage"], seen["destroyed"], seen["trophy"]) == (3, True, True)
    assert details["play hedgehogs t17"]["consequence"]["held"] is True
    assert details["play onslaught t17"]["consequence"]["to"] == "rear 1"
    assert "consequence" not in details["pass"] and "consequence" not in details["play patrol"]


def test_no_trophy_in_the_consequences_of_shoulder_to_shoulder_or_a_collision() -> None:
    """SG-S2S-01, SG-TROPHY-02: a kill earns no trophy there, and the consequence says so."""
    st = pos("""
        mode shoulder_to_shoulder
        hand 0: red_artillery
        enemy 2 artillery sdkfz
    """)
    (kill,) = [a for a in st.legal_actions() if a.text == "play red_artillery t0"]
    consequence = st.game.consequence(st, kill)
    assert consequence is not None and consequence["destroyed"] and consequence["trophy"] is False
    st = pos("""
        hand 0: patrol
        enemy 1 tank pz3 1
        enemy 1 tank tiger
    """)
    st.apply_action("play patrol")
    seen = {d["text"]: d["consequence"] for d in st.game.option_details(st)}
    assert seen["hit t6"]["destroyed"] and seen["hit t6"]["trophy"] is False
    assert seen["hit t17"] == {"target": 17, "name": st.game.token_name[17], "armour": 3, "damage": 1,
                               "destroyed": False}  # fmt: skip
