"""Turn structure (SG-TURN-01..04), phase 1 draw (SG-DRAW-01..04), phase 2 swap (SG-SWAP-01/02),
advancing (SG-DEF-04) and who takes team decisions (SG-DEF-10)."""

from __future__ import annotations

from tests.siege.conftest import all_cards_except, decision, enemies, enemy_id, kinds, new_game, pos, texts


def test_turn_has_six_phases_in_order():
    """SG-TURN-01: draw, optional swap, optional trade, play, move enemies, reveal 2 tokens, in
    this order."""
    state = pos("""
        players 4
        active 0
        phase turn
        hand 0: sandbags barbed_wire red_tank green_tank
        hand 1: blue_tank
        enemy 3 aviation pz3
        deck: green_aviation il2
        reserve: sdkfz pz3 tiger
        dice: 1 2
    """)
    # phase 1 already ran: the hand was filled to 5 from the deck top
    hand = ["red_tank", "green_aviation", "green_tank", "sandbags", "barbed_wire"]
    assert state.view(None)["hands"][0] == hand
    assert (decision(state), state.current_player()) == ("swap", 0)
    state.apply_action("pass")
    assert (decision(state), state.current_player()) == ("trade", 0)
    state.apply_action("pass")
    assert (decision(state), state.current_player()) == ("play", 0)
    events = state.apply_action("pass")
    order = kinds(events)
    assert order.index("move") < order.index("enemy_arrives") < order.index("turn")
    assert [e.data["kind"] for e in events if e.kind == "enemy_arrives"] == ["sdkfz", "pz3"]
    assert state.view(None)["reserve_count"] == 1


def test_hedgehog_returns_to_supply_at_start_of_next_turn():
    """SG-TURN-02 (and SG-CARD-08): the hedgehog token stays through phases 5-6 of the turn it was
    played and returns to the supply at the start of the next player's turn, before phase 1."""
    state = pos("""
        players 3
        active 0
        hand 0: hedgehogs red_tank
        enemy 1 tank tiger
        reserve: sdkfz sdkfz
        dice: 4 4
    """)
    tiger = enemy_id(state, "tiger", 1, "tank")
    state.apply_action(f"play hedgehogs t{tiger}")
    assert state.view(None)["hedgehog"] == tiger
    events = state.apply_action("pass")
    order = kinds(events)
    assert order.index("enemy_arrives") < order.index("hedgehog_removed") < order.index("turn")
    assert order.index("turn") < order.index("draw")
    assert state.view(None)["hedgehog"] is None
    assert state.view(None)["fortifications"][1]  # the Tiger never attacked F(1)
    assert enemy_id(state, "tiger", 1, "tank") == tiger


def test_turn_passes_to_the_left_after_phase_6():
    """SG-TURN-03: after phase 6 the player to the left (next seat, wrapping) starts at phase 1."""
    state = pos("""
        players 4
        active 3
        hand 3: hedgehogs
        hand 0: red_tank
        enemy 1 aviation tiger
        reserve: sdkfz sdkfz sdkfz
        dice: 5 6
    """)
    events = state.apply_action("pass")
    order = kinds(events)
    last_reveal = max(i for i, k in enumerate(order) if k == "enemy_arrives")
    turn = order.index("turn")
    assert last_reveal < turn < order.index("draw")
    assert events[turn].data["player"] == 0
    assert next(e for e in events if e.kind == "draw").data == {"player": 0, "count": 4}
    assert state.view(None)["active"] == 0 and state.current_player() == 0


def test_non_active_players_act_only_when_asked():
    """SG-TURN-04: only the active player decides, except a trade partner's answer and an event's
    discard (in turn order from the active player)."""
    state = pos("""
        players 4
        active 1
        phase trade
        hand 1: red_tank
        hand 2: il2
        hand 0: sandbags
        enemy 3 aviation pz3
        reserve: discard_one sdkfz tiger
        dice: 2
    """)
    seen = [(decision(state), state.current_player())]
    for action in ("offer 2 red_tank", "give il2", "pass", "discard il2", "discard red_tank"):
        state.apply_action(action)
        seen.append((decision(state), state.current_player()))
    assert seen == [
        ("trade", 1),
        ("answer", 2),
        ("play", 1),
        ("discard", 1),  # the event: active player first ...
        ("discard", 2),
        ("discard", 0),  # ... player 3 holds no card and is skipped
    ]


# -- phase 1: draw -------------------------------------------------------------------------------


def test_draw_fills_hand_to_the_limit():
    """SG-DRAW-01: phase 1 draws from the deck until the hand holds the hand limit (5 with 4)."""
    state = pos("""
        players 4
        active 2
        phase turn
        hand 2: sandbags
        deck: il2 repair patrol dot onslaught modification
    """)
    assert state.view(None)["hands"][2] == ["il2", "dot", "patrol", "repair", "sandbags"]
    assert state.view(None)["deck_count"] == 2


def test_draw_nothing_when_hand_at_or_above_limit():
    """SG-DRAW-01: a hand at or above the limit draws nothing and is not reduced."""
    state = pos("""
        players 4
        active 0
        phase turn
        hand 0: sandbags sandbags sandbags barbed_wire barbed_wire barbed_wire red_tank
        hand 1: red_tank red_tank red_aviation red_aviation red_aviation
    """)
    # phase 1 has run: nothing drawn, nothing discarded down; phase 2 is waiting
    assert (decision(state), state.current_player()) == ("swap", 0)
    assert len(state.view(None)["hands"][0]) == 7
    assert state.view(None)["deck_count"] == 49 - 7 - 5
    assert state.view(None)["discard"] == []
    state2 = pos("""
        players 4
        active 0
        phase turn
        hand 0: sandbags sandbags sandbags barbed_wire barbed_wire
    """)
    assert len(state2.view(None)["hands"][0]) == 5
    assert state2.view(None)["deck_count"] == 49 - 5


def test_draw_reshuffles_discard_when_deck_is_empty():
    """SG-DRAW-02: when a draw finds the deck empty the discard pile is shuffled into a new deck and
    the draw continues."""
    state = pos("""
        players 4
        active 0
        phase turn
        hand 0: sandbags barbed_wire
        deck:
    """)
    view = state.view(None)
    assert len(view["hands"][0]) == 5
    assert view["discard"] == []
    assert view["deck_count"] == 49 - 5


def test_draw_skipped_when_deck_and_discard_are_empty():
    """SG-DRAW-03: with both the deck and the discard pile empty the remaining draws are skipped."""
    rest = " ".join(all_cards_except("sandbags", "barbed_wire"))
    state = pos(f"""
        players 4
        active 0
        phase turn
        hand 0: sandbags barbed_wire
        hand 1: {rest}
        deck:
        discard:
    """)
    view = state.view(None)
    assert view["hands"][0] == ["sandbags", "barbed_wire"]
    assert view["deck_count"] == 0 and view["discard"] == []
    assert (decision(state), state.current_player()) == ("swap", 0)


def test_first_round_draws_nothing():
    """SG-DRAW-04: hands are full after the deal, so the first turn's phase 1 draws nothing."""
    state = new_game(4)
    first = state.current_player()
    events = state.apply_action("arrange SPSPST")
    assert "turn" in kinds(events)
    assert "draw" not in kinds(events)
    assert len(state.view(None)["hands"][first]) == 5
    assert (decision(state), state.current_player()) == ("swap", first)


# -- phase 2: discard one, draw one ------------------------------------------------------------------


def test_swap_is_optional_and_once_per_turn():
    """SG-SWAP-01: the active player may pass, or discard exactly one card and draw one; only once
    per turn (with 2-6 players)."""
    text = """
        players 4
        active 0
        phase swap
        hand 0: sandbags il2 red_tank
        hand 1: blue_tank
        deck: repair patrol
        enemy 3 aviation pz3
    """
    state = pos(text)
    assert sorted(texts(state)) == sorted(["pass", "swap sandbags", "swap il2", "swap red_tank"])
    events = state.apply_action("swap sandbags")
    assert kinds(events)[:2] == ["swap", "draw"]
    view = state.view(None)
    assert view["hands"][0] == ["red_tank", "il2", "repair"]
    assert "sandbags" in view["discard"]
    assert decision(state) == "trade"  # no second swap
    skip = pos(text)
    before = skip.view(None)
    skip.apply_action("pass")
    assert skip.view(None)["hands"] == before["hands"] and skip.view(None)["discard"] == before["discard"]
    assert decision(skip) == "trade"


def test_swap_discards_before_drawing():
    """SG-SWAP-02: the discard comes first, so with an empty deck the just-discarded card is part of
    the reshuffle (here the only card, so it comes straight back)."""
    rest = " ".join(all_cards_except("il2", "red_tank", "green_tank"))
    state = pos(f"""
        players 2
        active 0
        phase swap
        hand 0: il2 red_tank
        hand 1: green_tank {rest}
        deck:
        discard:
    """)
    events = state.apply_action("swap il2")
    assert kinds(events)[:3] == ["swap", "reshuffle", "draw"]
    assert state.view(None)["hands"][0] == ["red_tank", "il2"]
    assert state.view(None)["discard"] == []


# -- definitions used by the turn ----------------------------------------------------------------


def test_advance_one_step():
    """SG-DEF-04: in phase 5 an enemy outside the city moves one ring inward in its sector
    (rear -> aviation -> artillery -> tank -> city through an empty slot); an enemy in CITY(s)
    moves to CITY(s+1), and CITY(6) to CITY(1)."""
    state = pos("""
        players 2
        hand 0: hedgehogs
        forts 1 2 3 5 6
        buildings 2 3
        enemy 1 rear sdkfz
        enemy 2 aviation sdkfz
        enemy 3 artillery sdkfz
        enemy 4 tank pz3
        enemy 6 city tiger
        enemy 4 city tiger
        reserve: sdkfz
        dice: 3
    """)
    before = {e["id"]: (e["sector"], e["ring"]) for e in enemies(state)}
    state.apply_action("pass")
    after = {e["id"]: (e["sector"], e["ring"]) for e in enemies(state) if e["id"] in before}
    step = {(1, "rear"): (1, "aviation"), (2, "aviation"): (2, "artillery"), (3, "artillery"): (3, "tank"),
            (4, "tank"): (4, "city"), (6, "city"): (1, "city"), (4, "city"): (5, "city")}  # fmt: skip
    assert after == {tid: step[p] for tid, p in before.items()}
    assert all(e["armour"] == e["max_armour"] for e in enemies(state))


def test_team_decisions_taken_by_active_player():
    """SG-DEF-10: a team choice (which attacker of a fortification takes the damage) is asked of
    the active player."""
    state = pos("""
        players 4
        active 2
        phase move
        hand 0: sandbags
        enemy 3 tank pz3
        enemy 3 tank sdkfz
    """)
    assert (decision(state), state.current_player()) == ("hit", 2)
    sdkfz = enemy_id(state, "sdkfz", 3, "tank")
    assert f"hit t{sdkfz}" in texts(state)
    assert len(texts(state)) == 2
