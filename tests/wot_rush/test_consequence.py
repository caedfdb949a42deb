"""What an option will do, told before it is taken (`Game.consequence`, `Game.option_details`):
the attacking strength and each hit's result against armour or a base (WOT-ATK-06/08, no dice in
this game), the reward's medals; and the actions' typed parts. Nothing hidden is revealed."""

from __future__ import annotations

import json
from typing import Any

from tests.wot_rush.conftest import play, pos
from warroom.games.wot_rush.state import WotState


def consequences(st: WotState) -> dict[str, Any]:
    return {doc["text"]: doc.get("consequence") for doc in st.game.option_details(st)}


def test_hit_on_a_defender_both_sides_of_its_armour():
    """EX-07, WOT-ATK-06: strength 1 < armour 2 only damages SU-17; once damaged, strength 1
    destroys it. The forecast says so before each hit."""
    st = pos("""
        players 3
        hand 0: GE-03 GE-05
        guard 2: b1=SU-17
    """)
    play(st, "attack GE-03", "add GE-05", "go")
    first = consequences(st)["fire GE-03 p2b1"]
    assert first == {
        "card": "GE-03", "strength": 1, "seat": 2, "base": 1, "target": "defender",
        "defender": "SU-17", "armour": 2, "damaged": False, "result": "damaged",
    }  # fmt: skip
    play(st, "fire GE-03 p2b1")
    assert st.view(None)["seats"][2]["bases"][0]["defender_damaged"]
    second = consequences(st)["fire GE-05 p2b1"]
    assert second["damaged"] is True and second["result"] == "destroyed"
    play(st, "fire GE-05 p2b1")
    assert st.view(None)["seats"][2]["warehouse"] == ["SU-17"]


def test_strength_equal_to_armour_destroys():
    """EX-05, WOT-ATK-06: SU-09 (strength 2) against GE-09 (armour 1), and the Heavy SU-14 then
    destroys the open base outright (WOT-ATK-08, WOT-CARD-13) where a Medium would damage it."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-14 SU-10
        bases 1: 1
        guard 1: b1=GE-09
    """)
    attack = consequences(st)["attack SU-09"]
    assert attack == {"nation": "USSR", "strength": 2, "declared_strength": 2, "may_join": ["SU-14", "SU-10"]}
    play(st, "attack SU-09")
    assert consequences(st)["add SU-14"]["declared_strength"] == 3
    play(st, "add SU-14", "add SU-10")
    assert consequences(st)["go"] == {"cards": ["SU-09", "SU-14", "SU-10"], "declared_strength": 5}
    play(st, "go")
    hit = consequences(st)["fire SU-09 p1b1"]
    assert (hit["strength"], hit["armour"], hit["result"]) == (2, 1, "destroyed")
    play(st, "fire SU-09 p1b1")
    after = consequences(st)
    heavy, medium = after["fire SU-14 p1b1"], after["fire SU-10 p1b1"]
    assert heavy["target"] == "base" and heavy["heavy"] and heavy["result"] == "destroyed"
    assert medium["target"] == "base" and not medium["heavy"] and medium["result"] == "damaged"


def test_reward_mix_medals_and_options_without_a_forecast():
    """WOT-REW-03: each mix says how many medals it takes; a purchase or `end` has no forecast."""
    st = pos("""
        players 3
        hand 0: SU-09 SU-10 SU-13 engineer
        guard 1: b1=GE-09 b2=GE-07
        guard 2: b1=US-09
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    before = consequences(st)
    assert before["end"] is None and before["buy SU-02"] is None
    play(st, "attack SU-09", "add SU-10", "add SU-13", "go")
    play(st, "fire SU-09 p1b1", "fire SU-10 p1b2", "fire SU-13 p2b1")
    mixes = consequences(st)
    assert mixes["medals 2+1"] == {"nation": "USSR", "medals": 3, "two_medal": 1, "one_medal": 1}
    assert mixes["medals 1+1+1"]["medals"] == 3


def test_forecasts_reveal_no_hidden_card():
    """WOT-INFO-01/02: an opponent's hand between its turns stays hidden in every option's
    details; the attacker's own hand is face up anyway."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-10
        hand 1: GE-02 GE-04 FR-07
        guard 1: b1=GE-09
    """)
    play(st, "attack SU-09", "add SU-10", "go")
    text = json.dumps(st.game.option_details(st))
    assert not any(label in text for label in ("GE-02", "GE-04", "FR-07"))


def test_actions_carry_typed_parts():
    """The structured form a display reads instead of the text (DP-02..DP-12)."""
    st = pos("""
        players 2
        hand 0: SU-09
        guard 1: b1=GE-09
    """)
    play(st, "attack SU-09", "go")
    fire = st.game.parse_action(st, "fire SU-09 p1b1").to_json()
    assert fire == {
        "text": "fire SU-09 p1b1",
        "verb": "fire",
        "parts": [
            {"role": "card", "kind": "card", "value": "SU-09"},
            {"role": "seat", "kind": "seat", "value": 1},
            {"role": "base", "kind": "space", "value": 1},
        ],
    }
    table = st.game.table
    assert table.scout[0b101].to_json()["parts"] == [{"role": "positions", "kind": "space", "value": [1, 3]}]
    assert table.end.to_json() == {"text": "end", "verb": "end", "parts": []}
    assert [p.value for p in table.medals[1][2].parts] == [1, 2]
