"""Worked examples EX-01, EX-07, EX-08 and edge cases EDGE-11, 13, 14, 15, 19, 22, 23 of siege.md
(EDGE-18 is in test_trade.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.siege.conftest import (
    decision,
    enemies,
    enemy,
    enemy_id,
    kinds,
    new_game,
    play_out,
    pos,
    texts,
)
from warroom.core.errors import IllegalActionError

IVAN, BORIS, ANNA, OLGA = 0, 1, 2, 3


def test_ex_01_ivans_turn():
    """EX-01 (SG-DRAW-01, SG-SWAP-01, SG-TRADE-01, SG-ATK-01, SG-ATK-06, SG-BUILD-01, SG-MOVE-01,
    SG-REVEAL-02, SG-EVT-04, SG-TURN-03): Ivan's turn exactly as the rulebook tells it.

    4 players (limit 5, 1 trade). Ivan holds Sandbags, M10 Achilles, Wyvern S.4, P-47; Anna holds a
    P-47; Pz.III[2] in AVIATION(3) (green), Tiger E[3] in ARTILLERY(5) (blue); F(1) destroyed
    earlier. Deck: T-34-85, then Barbed Wire. Reserve: Sd.Kfz, then Diversion: aviation. Die: 6.
    Boris (Ivan's left neighbour) holds a full hand without aviation cards, Olga a Wyvern and IL-2.
    """
    state = pos("""
        players 4
        active 0
        phase turn
        hand 0: sandbags blue_artillery blue_aviation green_aviation
        hand 1: red_artillery green_artillery blue_tank green_tank counter_blue
        hand 2: green_aviation red_aviation
        hand 3: blue_aviation il2
        enemy 3 aviation pz3
        enemy 5 artillery tiger
        forts 2 3 4 5 6
        deck: red_tank barbed_wire
        reserve: sdkfz diversion_aviation tiger
        dice: 6
    """)
    pz3, tiger = enemy_id(state, "pz3", 3, "aviation"), enemy_id(state, "tiger", 5, "artillery")
    discard_before = Counter(state.view(None)["discard"])
    reserve_before = state.view(None)["reserve_count"]
    # 1. Phase 1: hand 4 < 5 -> draw T-34-85.
    assert state.view(None)["hands"][IVAN] == ["red_tank", "green_aviation", "blue_aviation",
                                               "blue_artillery", "sandbags"]  # fmt: skip
    # 2. Phase 2: discard Wyvern S.4, draw Barbed Wire.
    assert (decision(state), state.current_player()) == ("swap", IVAN)
    state.apply_action("swap blue_aviation")
    assert state.view(None)["hands"][IVAN] == ["red_tank", "green_aviation", "blue_artillery", "sandbags",
                                               "barbed_wire"]  # fmt: skip
    # 3. Phase 3: Ivan offers T-34-85, Anna gives a P-47.
    state.apply_action(f"offer {ANNA} red_tank")
    assert state.current_player() == ANNA
    state.apply_action("give green_aviation")
    assert state.view(None)["hands"][IVAN] == ["green_aviation", "green_aviation", "blue_artillery",
                                               "sandbags", "barbed_wire"]  # fmt: skip
    # 4. Phase 4: two P-47 on the Pz.III (2 -> 1 -> destroyed, trophy), M10 on the Tiger (3 -> 2),
    #    Sandbags + Barbed Wire rebuild F(1).
    assert decision(state) == "play"
    state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3)["armour"] == 1
    state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3) is None and state.view(None)["trophies"][IVAN] == ["pz3"]
    state.apply_action(f"play blue_artillery t{tiger}")
    assert enemy(state, tiger)["armour"] == 2
    events = state.apply_action("play sandbags+barbed_wire f1")
    # Ivan's hand is empty, so phase 4 ends; 5. the Tiger moves; 6. two reveals.
    order = kinds(events)
    assert order.index("fortify") < order.index("move") < order.index("enemy_arrives")
    assert order.index("enemy_arrives") < order.index("event") < order.index("turn")
    arrival = next(e for e in events if e.kind == "enemy_arrives")
    assert (arrival.data["kind"], arrival.data["sector"], arrival.data["rolled"]) == ("sdkfz", 6, True)
    assert next(e for e in events if e.kind == "event").data["kind"] == "diversion_aviation"
    diversion = {e.data["player"]: e.data["cards"] for e in events if e.kind == "diversion"}
    assert diversion == {ANNA: ["red_aviation"], OLGA: ["blue_aviation"]}  # Ivan and Boris lose nothing

    view = state.view(None)
    assert view["trophies"] == [["pz3"], [], [], []]
    assert all(view["fortifications"].values())
    assert sorted((e["kind"], e["armour"], e["ring"], e["sector"]) for e in enemies(state)) == [
        ("sdkfz", 1, "rear", 6), ("tiger", 2, "tank", 5)]  # fmt: skip
    assert view["reserve_count"] == reserve_before - 2
    assert view["enemy_discard"][-1] == "diversion_aviation"
    gained = Counter(view["discard"]) - discard_before
    assert gained == Counter(["blue_aviation", "green_aviation", "green_aviation", "blue_artillery",
                              "sandbags", "barbed_wire", "red_aviation", "blue_aviation"])  # fmt: skip
    assert view["hands"][IVAN] == []
    assert view["hands"][ANNA] == ["red_tank"]
    assert view["hands"][OLGA] == ["il2"]
    assert view["active"] == BORIS and (decision(state), state.current_player()) == ("swap", BORIS)


def test_ex_07_setup():
    """EX-07 (SG-SETUP-02..09): 4 players: 6 buildings, 6 fortifications, one starting vehicle per
    aviation space (Sd.Kfz in 1, 3, 5; Pz.III in 2, 4; Tiger E in 6), 5 cards face up each, deck
    29, reserve 43 face down, hedgehog and 2 DOT tokens in the supply."""
    state = new_game(0, players=4)
    state.apply_action("arrange SPSPST")
    view = state.view(None)
    assert all(view["buildings"].values()) and all(view["fortifications"].values())
    placed = {e["sector"]: (e["kind"], e["armour"]) for e in enemies(state)}
    assert placed == {
        1: ("sdkfz", 1),
        2: ("pz3", 2),
        3: ("sdkfz", 1),
        4: ("pz3", 2),
        5: ("sdkfz", 1),
        6: ("tiger", 3),
    }
    assert {e["ring"] for e in enemies(state)} == {"aviation"}
    assert [len(h) for h in view["hands"]] == [5, 5, 5, 5]
    assert state.view(1)["hands"] == view["hands"]
    assert view["deck_count"] == 29
    assert view["reserve_count"] == 43
    assert view["hedgehog"] is None and view["dots_in_supply"] == 2


def test_ex_08_damage_and_destruction():
    """EX-08 (SG-DEF-05, SG-ATK-05, SG-ATK-06, SG-CARD-03, SG-SCORE-01): Tiger E[3] in TANK(1): Red
    Tank strike -> 2, Counterattack (red) -> 1, IS-3 -> destroyed, trophy worth 3."""
    state = pos("""
        players 2
        hand 0: red_tank counter_red any_tank
        enemy 1 tank tiger
    """)
    tiger = enemy_id(state, "tiger", 1, "tank")
    state.apply_action(f"play red_tank t{tiger}")
    assert enemy(state, tiger)["armour"] == 2
    state.apply_action(f"play counter_red t{tiger}")
    assert enemy(state, tiger)["armour"] == 1
    state.apply_action(f"play any_tank t{tiger}")
    assert enemy(state, tiger) is None
    assert state.view(None)["trophies"][0] == ["tiger"]
    assert state.view(None)["scores"][0] == 3


def test_edge_11_diversion_scope():
    """EDGE-11 (SG-EVT-04, SG-EVT-07): hand {Lancaster B, IL-2, Counterattack red, Red Aviation,
    Sandbags}; Diversion: aviation discards only Lancaster B and the Red Aviation strike."""
    state = pos("""
        players 2
        hand 0: any_aviation il2 counter_red red_aviation sandbags
        enemy 3 rear pz3
        reserve: diversion_aviation sdkfz
        dice: 3
        discard:
    """)
    view = state.view(None)
    assert view["hands"][0] == ["counter_red", "il2", "sandbags"]
    assert sorted(view["discard"]) == ["any_aviation", "red_aviation"]


def test_edge_13_mid_turn_win():
    """EDGE-13 (SG-END-02, SG-END-03): reserve empty, the only enemy a Pz.III[1] in AVIATION(3);
    the P-47 destroys it and the game is won at once: phases 5-6 never happen."""
    state = pos("""
        players 3
        hand 0: green_aviation sandbags
        enemy 3 aviation pz3 1
        reserve:
    """)
    pz3 = enemy_id(state, "pz3", 3, "aviation")
    events = state.apply_action(f"play green_aviation t{pz3}")
    assert kinds(events)[-1] == "game_over" and events[-1].data["result"] == "won"
    assert "move" not in kinds(events) and "turn" not in kinds(events)
    assert state.is_terminal() and state.legal_actions() == []
    assert state.returns() == [1.0, 1.0, 1.0]
    assert state.view(None)["trophies"][0] == ["pz3"]


def test_edge_14_over_the_limit():
    """EDGE-14 (SG-DRAW-01, SG-CARD-16): limit 5; Modification leaves 6 cards at the end of the turn;
    the next own phase 1 draws nothing and nothing is discarded down."""
    state = pos("""
        players 4
        hand 0: modification sandbags sandbags sandbags sandbags
        hand 1: red_tank
        reserve: pz3 pz3 pz3 pz3 pz3 pz3 pz3 pz3 pz3 pz3
        deck: barbed_wire barbed_wire
    """)
    state.apply_action("play modification")  # nothing else is playable: the turn ends
    assert len(state.view(None)["hands"][0]) == 6
    events = play_out(state, until=lambda s: s.view(None)["active"] == 0)
    turn = max(i for i, e in enumerate(events) if e.kind == "turn")
    assert events[turn].data["player"] == 0
    assert not any(e.kind in ("draw", "discard") and e.data.get("player") == 0 for e in events[turn:])
    assert len(state.view(None)["hands"][0]) == 6
    assert (decision(state), state.current_player()) == ("swap", 0)


def test_edge_15_repair_replay():
    """EDGE-15 (SG-CARD-17, SG-PLAY-04): a P-47 played this turn is in the discard; Repair takes it
    back and it is played again in the same phase."""
    state = pos("""
        players 2
        hand 0: green_aviation repair
        enemy 3 aviation tiger
        discard:
    """)
    tiger = enemy_id(state, "tiger", 3, "aviation")
    state.apply_action(f"play green_aviation t{tiger}")
    assert state.view(None)["discard"] == ["green_aviation"]
    state.apply_action("play repair green_aviation")
    assert state.view(None)["hands"][0] == ["green_aviation"]
    state.apply_action(f"play green_aviation t{tiger}")
    assert enemy(state, tiger)["armour"] == 1


def test_edge_19_running_out_with_no_barbed_wire():
    """EDGE-19 (SG-OPTX-03): the deck is empty and the discard holds 2 Sandbags and no Barbed Wire:
    one Sandbags leaves the game, the rest is shuffled into the deck."""
    rest_in_hand_1 = "barbed_wire barbed_wire barbed_wire barbed_wire sandbags sandbags"
    state = pos(f"""
        players 4
        option running_out_of_supplies
        phase turn
        hand 0: il2
        hand 1: {rest_in_hand_1}
        deck:
    """)
    view = state.view(None)
    assert view["cards_removed"] == ["sandbags"]
    assert view["discard"] == []
    assert len(view["hands"][0]) == 5
    assert view["deck_count"] == 49 - 1 - 6 - 1 - 4
    in_play = Counter(view["hands"][0]) + Counter(state.content.cards[k].kind for k in state.deck)
    assert in_play["sandbags"] == 1 and in_play["barbed_wire"] == 0


def test_edge_22_precise_shot_with_counterattack_not_il2():
    """EDGE-22 (SG-CARD-05, SG-CARD-06): Tiger E[3] in ARTILLERY(5): Precise Shot + Counterattack
    (blue) destroys it for a 3-point trophy; Precise Shot + IL-2 is not a legal play."""
    state = pos("""
        players 2
        hand 0: precise_shot counter_blue il2
        enemy 5 artillery tiger
    """)
    tiger = enemy_id(state, "tiger", 5, "artillery")
    assert not any(t.startswith("play precise_shot+il2") for t in texts(state))
    with pytest.raises(IllegalActionError):
        state.apply_action(f"play precise_shot+il2 t{tiger}")
    state.apply_action(f"play precise_shot+counter_blue t{tiger}")
    assert enemy(state, tiger) is None
    assert state.view(None)["trophies"][0] == ["tiger"] and state.view(None)["scores"][0] == 3


def test_edge_23_wall_rebuilt_building_never():
    """EDGE-23 (SG-BUILD-03, SG-CITY-04): building 3 gone and F(3) empty: Sandbags + Barbed Wire may
    rebuild F(3), but no card restores building 3."""
    hand = "sandbags barbed_wire il2 repair dot modification onslaught patrol hedgehogs"
    state = pos(f"""
        players 2
        forts 1 2 4 5 6
        buildings 1 2 4 5 6
        hand 0: {hand}
        enemy 3 aviation pz3
    """)
    assert "play sandbags+barbed_wire f3" in texts(state)
    assert not any("building" in t or t.endswith(" b3") for t in texts(state))
    state.apply_action("play sandbags+barbed_wire f3")
    for action in ("play modification", "play repair sandbags", "play patrol"):
        state.apply_action(action)
    view = state.view(None)
    assert view["fortifications"][3] and not view["buildings"][3]
