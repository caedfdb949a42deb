"""Solo (SG-SOLO-01..04) and the optional rules (SG-OPTB-01..03, SG-OPTX-01..07)."""

from __future__ import annotations

import random

import pytest

from tests.siege.conftest import (
    all_cards_except,
    decision,
    enemies,
    enemy,
    enemy_id,
    kinds,
    new_game,
    pos,
    texts,
)
from warroom.games.siege.game import MODES, OPTIONAL_RULES, SiegeGame

# -- solo ------------------------------------------------------------------------------------------


def test_solo_hand_limit_is_six():
    """SG-SOLO-01: one player alone plays the normal rules with a hand limit of 6."""
    state = new_game(3, players=1)
    assert state.view(None)["hand_limit"] == 6
    assert [len(h) for h in state.view(None)["hands"]] == [6]
    assert state.view(None)["deck_count"] == 43


def test_solo_swaps_up_to_two_cards():
    """SG-SOLO-02, SG-SOLO-03: the solo player may discard and redraw 0, 1 or 2 cards."""
    text = """
        players 1
        phase swap
        hand 0: il2 red_tank green_tank
        enemy 3 aviation pz3
        deck: repair patrol dot
    """
    two = pos(text)
    two.apply_action("swap il2")
    assert decision(two) == "swap" and "pass" in texts(two)
    events = two.apply_action("swap red_tank")
    assert [e.data.get("count") for e in events if e.kind == "draw"] == [2]
    assert sorted(two.view(None)["hands"][0]) == ["green_tank", "patrol", "repair"]
    one = pos(text)
    one.apply_action("swap il2")
    one.apply_action("pass")
    assert sorted(one.view(None)["hands"][0]) == ["green_tank", "red_tank", "repair"]
    none = pos(text)
    none.apply_action("pass")
    assert sorted(none.view(None)["hands"][0]) == ["green_tank", "il2", "red_tank"]


def test_solo_discards_both_before_drawing():
    """SG-SOLO-03: both discards come before the draws: with deck and discard empty, the two
    discarded cards are reshuffled together and both come back."""
    rest = " ".join(all_cards_except())
    state = pos(f"""
        players 1
        phase swap
        hand 0: {rest}
        enemy 3 aviation pz3
        deck:
        discard:
    """)
    state.apply_action("swap il2")
    assert state.view(None)["discard"] == ["il2"]  # no draw yet
    events = state.apply_action("swap repair")
    assert kinds(events)[:3] == ["swap", "reshuffle", "draw"]
    assert state.view(None)["discard"] == []
    assert len(state.view(None)["hands"][0]) == 49


def test_solo_no_trade_and_hedgehog_cleared_on_own_next_turn():
    """SG-SOLO-04: there is no trade phase; the hedgehog goes back at the start of the solo
    player's next turn."""
    state = pos("""
        players 1
        phase swap
        hand 0: hedgehogs red_aviation
        enemy 1 aviation tiger
        reserve: sdkfz sdkfz sdkfz
        dice: 6 6
    """)
    state.apply_action("pass")
    assert decision(state) == "play"
    tiger = enemy_id(state, "tiger", 1, "aviation")
    state.apply_action(f"play hedgehogs t{tiger}")
    events = state.apply_action("pass")
    assert enemy(state, tiger)["ring"] == "aviation"
    order = kinds(events)
    assert order.index("hedgehog_removed") < order.index("turn")
    assert events[order.index("turn")].data["player"] == 0
    assert state.view(None)["hedgehog"] is None
    assert "offer" not in " ".join(texts(state))


# -- optional rules: general -----------------------------------------------------------------


@pytest.mark.parametrize(("mode", "players"), [(m, 4) for m in MODES] + [("normal", 1)])
def test_optional_rules_combine_freely(mode, players):
    """SG-OPTB-01: the optional rules are chosen before setup and combine freely: all six at once
    are accepted with every mode, and games run to their end."""
    game = SiegeGame(players=players, mode=mode, **{name: True for name in OPTIONAL_RULES})
    assert all(game.options[name] for name in OPTIONAL_RULES)
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
            state.check_integrity()
        assert state.is_terminal()
        assert state.view(None)["tokens_removed"]  # Simple Battles took effect
        if mode != "field_marshal":
            assert state.view(None)["claims"] is not None


def test_simple_battles_removes_eleven_tokens():
    """SG-OPTB-02: Simple Battles removes Reveal 4, Pz.IV, Maus, both Diversions (tanks,
    artillery), one of each colour-move event and three He-111: reserve of 32."""
    state = new_game(5, simple_battles=True)
    view = state.view(None)
    assert view["tokens_removed"] == sorted(
        ["reveal4", "pz4", "maus", "diversion_tank", "diversion_artillery", "move_red", "move_green",
         "move_blue", "he111", "he111", "he111"]
    )  # fmt: skip
    assert view["reserve_count"] == 32
    left = [state.content.tokens[state.content.token_kind_of[t]].kind for t in state.reserve]
    assert left.count("he111") == 1 and left.count("move_red") == 1
    assert "maus" not in left and "reveal4" not in left and "diversion_aviation" in left
    assert new_game(5).view(None)["reserve_count"] == 43


def test_one_for_all_lets_counterattack_hit_the_city():
    """SG-OPTB-03: with One for All! a Counterattack may damage an enemy in a city cell of its
    colour (also with Precise Shot), not in another colour's cell; without it never."""
    text = """
        players 2
        buildings 4 5 6
        hand 0: counter_red precise_shot hedgehogs
        enemy 1 city pz3
        enemy 2 city tiger
        enemy 3 city sdkfz
    """
    state = pos("option one_for_all\n" + text)
    city = {e["sector"]: e["id"] for e in enemies(state)}
    options = texts(state)
    assert {f"play counter_red t{city[1]}", f"play counter_red t{city[2]}"} <= set(options)
    assert f"play precise_shot+counter_red t{city[2]}" in options
    assert f"play counter_red t{city[3]}" not in options
    state.apply_action(f"play counter_red t{city[2]}")
    assert enemy(state, city[2])["armour"] == 2
    plain = pos(text)
    assert not any(t.startswith("play counter_red") for t in texts(plain))


# -- optional rules for experts --------------------------------------------------------------


def test_my_home_claims_at_start():
    """SG-OPTX-01, SG-OPTX-02: with My Home Is My Fortress each player claims a distinct building,
    in turn order from the first player, before the first turn."""
    state = new_game(2, players=3, my_home_is_my_fortress=True)
    first = state.current_player()
    state.apply_action("arrange SSSPPT")
    seen = []
    for sector in (4, 1, 6):
        assert decision(state) == "claim"
        seen.append(state.current_player())
        assert f"claim {sector}" in texts(state)
        state.apply_action(f"claim {sector}")
        assert f"claim {sector}" not in texts(state)
    assert seen == [first, (first + 1) % 3, (first + 2) % 3]
    claims = state.view(None)["claims"]
    assert claims[first] == 4 and claims[(first + 1) % 3] == 1 and claims[(first + 2) % 3] == 6
    assert decision(state) == "swap"
    fm = new_game(2, players=3, mode="field_marshal", my_home_is_my_fortress=True)
    fm.apply_action("arrange SSSPPT")
    fm.apply_action("claim 1")
    fm.apply_action("claim 2")
    assert decision(fm) == "swap" and len(fm.view(None)["claims"]) == 2  # the FM claims nothing


def test_my_home_elimination():
    """SG-OPTX-01, SG-OPTX-02: a player whose building falls is out: his hand goes to the discard,
    he takes no more turns and cannot be traded with; his trophies stay; the hand limit keeps its
    setup value."""
    state = pos("""
        players 3
        option my_home_is_my_fortress
        claims 0:1 1:2 2:3
        forts 1 3 4 5 6
        hand 0: hedgehogs
        hand 1: il2 red_tank
        hand 2: sandbags
        enemy 2 tank sdkfz
        enemy 5 rear tiger
        reserve: pz3 pz3 pz3 pz3
        dice: 6 6 6 6
        trophies 1: tiger
        discard:
    """)
    events = state.apply_action("pass")
    view = state.view(None)
    assert not view["buildings"][2]
    assert view["eliminated"] == [False, True, False]
    assert view["hands"][1] == [] and sorted(view["discard"]) == ["il2", "red_tank"]
    assert view["trophies"][1] == ["tiger"] and view["scores"][1] == 3
    assert [e.data["player"] for e in events if e.kind == "turn"] == [2]  # player 1 is skipped
    assert view["hand_limit"] == 5
    assert len(view["hands"][2]) == 5
    assert not any(t.startswith("offer 1 ") for t in texts(state) + texts_after_swap(state))


def texts_after_swap(state) -> list[str]:
    clone = state.clone()
    if decision(clone) == "swap":
        clone.apply_action("pass")
    return texts(clone)


def test_my_home_everyone_out_loses():
    """SG-OPTX-02: when every player is eliminated the game is lost, even with buildings left."""
    state = pos("""
        players 2
        option my_home_is_my_fortress
        claims 0:1 1:2
        forts 3 4 5 6
        hand 0: hedgehogs
        enemy 1 tank sdkfz
        enemy 2 tank sdkfz
    """)
    state.apply_action("pass")
    view = state.view(None)
    assert view["eliminated"] == [True, True]
    assert sum(view["buildings"].values()) == 4
    assert view["result"] == "lost" and state.is_terminal()


def test_running_out_of_supplies_removes_a_pair_on_reshuffle():
    """SG-OPTX-03: each reshuffle first takes one Sandbags and one Barbed Wire out of the game;
    without the option nothing is removed."""
    text = """
        players 4
        phase turn
        hand 0: il2
        deck:
    """
    state = pos("option running_out_of_supplies\n" + text)
    view = state.view(None)
    assert sorted(view["cards_removed"]) == ["barbed_wire", "sandbags"]
    assert view["deck_count"] + len(view["hands"][0]) == 49 - 2
    plain = pos(text).view(None)
    assert plain["cards_removed"] == [] and plain["deck_count"] + len(plain["hands"][0]) == 49


def test_caught_off_guard_no_fortifications_at_setup():
    """SG-OPTX-04: with Caught Off Guard the game starts without fortifications (buildings stand)."""
    view = new_game(1, caught_off_guard=True).view(None)
    assert view["fortifications"] == {s: False for s in range(1, 7)}
    assert all(view["buildings"].values())
    assert all(new_game(1).view(None)["fortifications"].values())


def test_all_for_one_three_strikes_destroy_any_enemy_of_the_colour():
    """SG-OPTX-05: three coloured strike cards of one colour (aviation, artillery, tank) played
    together destroy any one enemy in a sector of that colour outside the rear; trophy."""
    state = pos("""
        players 2
        option all_for_one
        hand 0: green_aviation green_artillery green_tank hedgehogs
        enemy 4 aviation tiger
        enemy 3 tank pz3
        enemy 3 rear sdkfz
        enemy 1 aviation tiger
    """)
    tiger = enemy_id(state, "tiger", 4, "aviation")
    pz3, rear = enemy_id(state, "pz3", 3, "tank"), enemy_id(state, "sdkfz", 3, "rear")
    combos = {t for t in texts(state) if "all_for_one" in t}
    assert combos == {f"play all_for_one green t{tiger}", f"play all_for_one green t{pz3}"}
    assert f"play all_for_one green t{rear}" not in combos
    state.apply_action(f"play all_for_one green t{tiger}")
    assert enemy(state, tiger) is None
    view = state.view(None)
    assert view["trophies"][0] == ["tiger"]
    assert view["hands"][0] == ["hedgehogs"]
    assert view["discard"][-3:] == ["green_aviation", "green_artillery", "green_tank"]


def test_all_for_one_coloured_cards_only_and_not_in_the_city():
    """SG-OPTX-06: multicolour cards and Counterattack do not complete the trio, and the trio
    cannot target an enemy in the city."""
    base = """
        players 2
        option all_for_one
        buildings 1 2 3 5 6
        enemy 4 city tiger
        enemy 4 artillery pz3
    """
    state = pos(base + "hand 0: green_aviation green_artillery green_tank hedgehogs")
    city, field = enemy_id(state, "tiger", 4, "city"), enemy_id(state, "pz3", 4, "artillery")
    assert {t for t in texts(state) if "all_for_one" in t} == {f"play all_for_one green t{field}"}
    assert f"play all_for_one green t{city}" not in texts(state)
    for hand in ("green_aviation green_artillery any_tank", "green_aviation counter_green green_tank"):
        other = pos(base + f"hand 0: {hand} hedgehogs")
        assert not any("all_for_one" in t for t in texts(other))


def test_all_for_one_is_expert_by_layout_only():
    """SG-OPTX-07: All for One! printed among expert rules changes nothing else: setup is identical
    with or without it, and only its own combo appears."""
    with_it = new_game(9, all_for_one=True).view(None)
    without = new_game(9).view(None)
    assert with_it == without
    trio = "hand 0: red_aviation red_artillery red_tank\nenemy 1 tank tiger"
    assert any("all_for_one" in t for t in texts(pos("players 2\noption all_for_one\n" + trio)))
    assert not any("all_for_one" in t for t in texts(pos("players 2\n" + trio)))
