"""Phase 4: playing cards (SG-PLAY-01..05), attacking (SG-ATK-01..06), every card (SG-CARD-01..19),
building fortifications (SG-BUILD-01..04), and the definitions they rely on (SG-DEF-03, 05, 06)."""

from __future__ import annotations

from tests.siege.conftest import all_cards_except, decision, enemies, enemy, enemy_id, kinds, pos, texts

RINGS = ("rear", "aviation", "artillery", "tank", "city")


def targets(state, card: str) -> set[tuple[int, str]]:
    """(sector, ring) of every enemy the card may be played on now."""
    where = {e["id"]: (e["sector"], e["ring"]) for e in enemies(state)}
    out = set()
    for text in texts(state):
        words = text.split()
        if words[0] == "play" and words[1] == card and len(words) == 3 and words[2].startswith("t"):
            out.add(where[int(words[2][1:])])
    return out


POOL = ["sdkfz"] * 6 + ["pz3"] * 11 + ["tiger"] * 10 + ["pz2", "pz4", "maus"]


def everywhere(sectors=(1, 2, 3, 4, 5, 6), buildings: str = "") -> str:
    """An enemy in every ring of the given sectors (city cells need their building gone)."""
    lines = [f"buildings {buildings}"]
    spaces = [(s, ring) for s in sectors for ring in RINGS]
    lines += [f"enemy {s} {ring} {POOL[i]}" for i, (s, ring) in enumerate(spaces)]
    return "\n".join(lines)


def at(state, sector: int, ring: str) -> int:
    """The id of the one enemy at (sector, ring)."""
    (tid,) = [e["id"] for e in enemies(state) if (e["sector"], e["ring"]) == (sector, ring)]
    return tid


# -- phase 4 in general ------------------------------------------------------------------------------


def test_play_any_number_in_any_order_then_end_phase():
    """SG-PLAY-01: the active player plays as many cards as he likes, in any order, and ends the
    phase himself (pass), after which the enemies move."""
    state = pos("""
        players 2
        hand 0: red_tank any_tank il2 hedgehogs
        enemy 1 tank tiger
        enemy 3 artillery pz3
        reserve: sdkfz sdkfz
    """)
    tiger, pz3 = enemy_id(state, "tiger", 1, "tank"), enemy_id(state, "pz3", 3, "artillery")
    for action in (f"play il2 t{pz3}", f"play any_tank t{tiger}", f"play red_tank t{tiger}"):
        events = state.apply_action(action)
        assert "move" not in kinds(events)
        assert (decision(state), state.current_player()) == ("play", 0)
    assert enemy(state, tiger)["armour"] == 1
    events = state.apply_action("pass")
    assert "fort_destroyed" in kinds(events)  # phase 5: the Tiger attacks F(1)
    assert state.view(None)["active"] == 1


def test_play_needs_a_legal_target_and_cards_go_to_discard_at_once():
    """SG-PLAY-02: a card may be played only with a legal target or effect (nothing is playable on
    an enemy in the rear, so phase 4 is skipped); a played card is in the discard pile right away."""
    state = pos("""
        players 2
        hand 0: red_aviation counter_red il2 onslaught precise_shot any_aviation
        hand 1: red_tank
        enemy 1 rear tiger
        reserve: sdkfz sdkfz sdkfz
        discard:
    """)
    assert state.view(None)["active"] == 1  # player 0's phase 4 offered nothing
    assert len(state.view(None)["hands"][0]) == 6
    played = pos("""
        players 2
        hand 0: red_aviation il2
        enemy 1 aviation tiger
        enemy 2 aviation tiger
        discard:
    """)
    tid = enemy_id(played, "tiger", 1, "aviation")
    played.apply_action(f"play red_aviation t{tid}")
    assert played.view(None)["discard"] == ["red_aviation"]


def test_combos_are_one_action():
    """SG-PLAY-03: Precise Shot + a strike card, and Sandbags + Barbed Wire, are each played as one
    action that spends both cards."""
    state = pos("""
        players 2
        forts 2 3 4 5 6
        hand 0: precise_shot red_tank sandbags barbed_wire il2
        enemy 1 tank tiger
        enemy 2 aviation sdkfz
        discard:
    """)
    tiger = enemy_id(state, "tiger", 1, "tank")
    events = state.apply_action(f"play precise_shot+red_tank t{tiger}")
    assert next(e for e in events if e.kind == "play").data["cards"] == ["precise_shot", "red_tank"]
    assert enemy(state, tiger) is None
    events = state.apply_action("play sandbags+barbed_wire f1")
    assert next(e for e in events if e.kind == "play").data["cards"] == ["sandbags", "barbed_wire"]
    assert state.view(None)["hands"][0] == ["il2"]
    assert state.view(None)["discard"] == ["precise_shot", "red_tank", "sandbags", "barbed_wire"]


def test_cards_gained_in_phase_4_are_playable_at_once():
    """SG-PLAY-04 (SG-CARD-16): cards drawn by Modification can be played in the same phase."""
    state = pos("""
        players 4
        hand 0: modification
        enemy 3 aviation pz3
        deck: green_aviation green_aviation
    """)
    assert texts(state) == ["pass", "play modification"]
    state.apply_action("play modification")
    pz3 = enemy_id(state, "pz3", 3, "aviation")
    assert f"play green_aviation t{pz3}" in texts(state)
    state.apply_action(f"play green_aviation t{pz3}")
    state.apply_action(f"play green_aviation t{pz3}")
    assert state.view(None)["trophies"][0] == ["pz3"]


def test_no_play_outside_phase_4_and_no_empty_discards():
    """SG-PLAY-05: cards are played only in the active player's phase 4 (not in the swap or trade
    phases, not by others), and phase 4 offers no discarding without effect."""
    state = pos("""
        players 3
        phase swap
        hand 0: il2 sandbags
        hand 1: red_tank
        enemy 3 aviation pz3
    """)
    assert decision(state) == "swap" and not any(t.startswith("play") for t in texts(state))
    state.apply_action("pass")
    assert decision(state) == "trade" and not any(t.startswith("play") for t in texts(state))
    state.apply_action("offer 1 sandbags")
    assert state.current_player() == 1 and not any(t.startswith("play") for t in texts(state))
    state.apply_action("refuse")
    state.apply_action("pass")
    assert decision(state) == "play"
    pz3 = enemy_id(state, "pz3", 3, "aviation")
    assert texts(state) == ["pass", f"play il2 t{pz3}"]  # Sandbags alone: no effect, no play


# -- attacking ------------------------------------------------------------------------------------


def test_coloured_strike_hits_its_ring_and_colour_only():
    """SG-ATK-01: a coloured strike card hits only an enemy in its ring in a sector of its colour."""
    state = pos("players 2\nhand 0: red_artillery green_tank blue_aviation\n" + everywhere(buildings=""))
    assert targets(state, "red_artillery") == {(1, "artillery"), (2, "artillery")}
    assert targets(state, "green_tank") == {(3, "tank"), (4, "tank")}
    assert targets(state, "blue_aviation") == {(5, "aviation"), (6, "aviation")}


def test_multicolour_strike_hits_its_ring_in_any_sector():
    """SG-ATK-02: a multicolour strike card hits an enemy of any colour in its ring."""
    state = pos("players 2\nhand 0: any_artillery\n" + everywhere(buildings=""))
    assert targets(state, "any_artillery") == {(s, "artillery") for s in range(1, 7)}


def test_no_card_attacks_the_rear():
    """SG-ATK-03: no card attacks or destroys an enemy in the rear; only Hedgehogs may target it."""
    hand = "red_aviation any_aviation counter_red il2 onslaught precise_shot hedgehogs"
    state = pos(f"players 2\nhand 0: {hand}\nenemy 1 rear sdkfz\nenemy 1 aviation tiger")
    rear = enemy_id(state, "sdkfz", 1, "rear")
    on_rear = [t for t in texts(state) if t.endswith(f" t{rear}")]
    assert on_rear == [f"play hedgehogs t{rear}"]


def test_city_enemies_only_hit_by_city_capable_cards():
    """SG-ATK-04 (SG-CARD-03): in the city only IL-2, Hedgehogs and Onslaught act; strike cards,
    multicolour cards and Counterattack (without One for All!) do not."""
    hand = "red_tank any_tank counter_red precise_shot il2 hedgehogs onslaught"
    state = pos(f"players 2\nbuildings 2 3 4 5 6\nhand 0: {hand}\nenemy 1 city tiger\nenemy 1 tank pz3")
    city = enemy_id(state, "tiger", 1, "city")
    on_city = sorted(t for t in texts(state) if t.endswith(f" t{city}"))
    assert on_city == [f"play hedgehogs t{city}", f"play il2 t{city}", f"play onslaught t{city}"]


def test_several_strikes_on_one_or_several_enemies():
    """SG-ATK-05: strike cards can be stacked on one enemy or spread, one damage each."""
    state = pos("""
        players 2
        hand 0: red_tank red_tank any_tank hedgehogs
        enemy 1 tank tiger
        enemy 2 tank tiger
    """)
    a, b = enemy_id(state, "tiger", 1, "tank"), enemy_id(state, "tiger", 2, "tank")
    state.apply_action(f"play red_tank t{a}")
    state.apply_action(f"play red_tank t{a}")
    state.apply_action(f"play any_tank t{b}")
    assert (enemy(state, a)["armour"], enemy(state, b)["armour"]) == (1, 2)


def test_final_damage_destroys_and_gives_trophy_to_that_player():
    """SG-ATK-06 (SG-DEF-05): each damage lowers armour by 1; at 0 the enemy leaves the board and
    the player who dealt the final damage keeps it."""
    state = pos("""
        players 3
        active 1
        hand 1: green_aviation green_aviation hedgehogs
        enemy 3 aviation pz3
        trophies 0: sdkfz
    """)
    pz3 = enemy_id(state, "pz3", 3, "aviation")
    state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3)["armour"] == 1
    events = state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3) is None
    assert [e.data for e in events if e.kind == "trophy"] == [{"token": pz3, "by": 1}]
    assert state.view(None)["trophies"] == [["sdkfz"], ["pz3"], []]
    assert "pz3" not in state.view(None)["enemy_discard"][-1:]


# -- the cards one by one ---------------------------------------------------------------------------


def test_named_coloured_strike_cards():
    """SG-CARD-01: P-47 Thunderbolt = green aviation, M10 Achilles = blue artillery, Wyvern S.4 = blue
    aviation, T-34-85 = red tank, each hitting per SG-ATK-01."""
    state = pos("players 2\nhand 0: green_aviation blue_artillery blue_aviation red_tank\n" + everywhere())
    names = {c.kind: c.name for c in state.content.cards}
    assert (names["green_aviation"], names["blue_artillery"]) == ("P-47 Thunderbolt", "M10 Achilles")
    assert (names["blue_aviation"], names["red_tank"]) == ("Wyvern S.4", "T-34-85")
    assert targets(state, "green_aviation") == {(3, "aviation"), (4, "aviation")}
    assert targets(state, "blue_artillery") == {(5, "artillery"), (6, "artillery")}
    assert targets(state, "blue_aviation") == {(5, "aviation"), (6, "aviation")}
    assert targets(state, "red_tank") == {(1, "tank"), (2, "tank")}
    events = state.apply_action(f"play green_aviation t{at(state, 3, 'aviation')}")
    assert "P-47 Thunderbolt" in next(e for e in events if e.kind == "play").text


def test_multicolour_cards_lancaster_strv_is3():
    """SG-CARD-02: Lancaster B hits any aviation, Strv-81 any artillery, IS-3 any tank."""
    state = pos("players 2\nhand 0: any_aviation any_artillery any_tank\n" + everywhere())
    names = {c.kind: c.name for c in state.content.cards}
    assert [names[k] for k in ("any_aviation", "any_artillery", "any_tank")] == [
        "Lancaster B", "Strv-81", "IS-3"]  # fmt: skip
    for card, ring in (("any_aviation", "aviation"), ("any_artillery", "artillery"), ("any_tank", "tank")):
        assert targets(state, card) == {(s, ring) for s in range(1, 7)}


def test_counterattack_hits_its_colour_in_the_three_field_rings():
    """SG-CARD-03: Counterattack deals 1 damage to an enemy of its colour in aviation, artillery or
    tank; never in the rear or the city."""
    state = pos("players 2\nhand 0: counter_green\n" + everywhere())
    assert targets(state, "counter_green") == {(s, r) for s in (3, 4) for r in ("aviation", "artillery",
                                                                                   "tank")}  # fmt: skip
    tid = at(state, 4, "artillery")
    state.apply_action(f"play counter_green t{tid}")
    assert enemy(state, tid)["armour"] == enemy(state, tid)["max_armour"] - 1


def test_il2_destroys_any_enemy_outside_the_rear_even_in_city():
    """SG-CARD-04: IL-2 destroys one enemy in any space but the rear (city included), whatever its
    armour, and the player takes it as a trophy."""
    state = pos("""
        players 2
        buildings 1 3 4 5 6
        hand 0: il2
        enemy 2 rear sdkfz
        enemy 2 aviation sdkfz
        enemy 2 artillery pz3
        enemy 2 tank pz3
        enemy 2 city tiger
    """)
    assert targets(state, "il2") == {(2, r) for r in ("aviation", "artillery", "tank", "city")}
    tid = enemy_id(state, "tiger", 2, "city")
    state.apply_action(f"play il2 t{tid}")
    assert enemy(state, tid) is None
    assert state.view(None)["trophies"][0] == ["tiger"]


def test_precise_shot_destroys_instead_of_damaging():
    """SG-CARD-05: Precise Shot with a strike card destroys the struck enemy outright (full-armour
    Tiger) and the player takes the trophy."""
    state = pos("players 2\nhand 0: precise_shot blue_artillery hedgehogs\nenemy 5 artillery tiger")
    tid = enemy_id(state, "tiger", 5, "artillery")
    state.apply_action(f"play precise_shot+blue_artillery t{tid}")
    assert enemy(state, tid) is None
    assert state.view(None)["trophies"][0] == ["tiger"]
    assert state.view(None)["scores"][0] == 3


def test_precise_shot_pairs_exactly_where_the_strike_is_legal():
    """SG-CARD-06: Precise Shot goes with a coloured strike, a multicolour strike or a Counterattack,
    only on targets that card could hit alone; never with IL-2 or Hedgehogs."""
    hand = "precise_shot red_tank any_aviation counter_green il2 hedgehogs"
    state = pos(f"players 2\nhand 0: {hand}\n" + everywhere(sectors=(1, 3, 5), buildings="2 4 6"))
    options = texts(state)
    precise = {t.replace("precise_shot+", "") for t in options if "precise_shot+" in t}
    plain = {
        t
        for t in options
        if t.startswith("play ") and t.split()[1] in ("red_tank", "any_aviation", "counter_green")
    }
    assert precise == plain and plain
    assert any(t.startswith("play precise_shot+counter_green") for t in options)
    assert not any(t.startswith(("play precise_shot+il2", "play precise_shot+hedgehogs")) for t in options)


def test_hedgehogs_stop_an_enemy_in_phase_5_and_against_token_moves():
    """SG-CARD-07: Hedgehogs can go on an enemy in any space (rear and city included); that enemy
    moves neither in phase 5 nor through a token (here "red sectors move")."""
    state = pos("""
        players 2
        buildings 2 3 4 5 6
        hand 0: hedgehogs red_aviation
        enemy 1 rear pz3
        enemy 2 aviation sdkfz
        enemy 1 city tiger
        reserve: move_red sdkfz sdkfz
        dice: 6
    """)
    assert targets(state, "hedgehogs") == {(1, "rear"), (2, "aviation"), (1, "city")}
    pz3, sdkfz = enemy_id(state, "pz3", 1, "rear"), enemy_id(state, "sdkfz", 2, "aviation")
    state.apply_action(f"play hedgehogs t{pz3}")
    state.apply_action("pass")
    assert (enemy(state, pz3)["sector"], enemy(state, pz3)["ring"]) == (1, "rear")
    assert enemy(state, sdkfz)["ring"] == "tank"  # phase 5 and the red event both moved it


def test_hedgehog_protects_from_nothing_but_movement():
    """SG-CARD-09: the marked enemy can still be damaged and destroyed (the token returns to the
    supply), and Onslaught still drives a marked enemy back."""
    state = pos("""
        players 2
        hand 0: hedgehogs green_aviation green_aviation onslaught repair
        enemy 3 aviation pz3
        enemy 4 artillery tiger
        discard: il2
    """)
    pz3, tiger = enemy_id(state, "pz3", 3, "aviation"), enemy_id(state, "tiger", 4, "artillery")
    state.apply_action(f"play hedgehogs t{tiger}")
    state.apply_action(f"play onslaught t{tiger}")
    assert enemy(state, tiger)["ring"] == "rear"
    state.apply_action("play repair hedgehogs")
    state.apply_action(f"play hedgehogs t{pz3}")  # the single token moves to the new target
    assert state.view(None)["hedgehog"] == pz3
    state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3)["armour"] == 1
    state.apply_action(f"play green_aviation t{pz3}")
    assert enemy(state, pz3) is None
    assert state.view(None)["hedgehog"] is None


def test_hedgehog_does_not_protect_from_he111():
    """SG-CARD-09: the He-111 destroys a hedgehog-marked enemy in the rear; the token is freed."""
    state = pos("""
        players 2
        hand 0: hedgehogs red_aviation
        enemy 2 rear pz3
        enemy 4 aviation sdkfz
        reserve: he111 sdkfz
        dice: 2 4
    """)
    pz3 = enemy_id(state, "pz3", 2, "rear")
    events = state.apply_action(f"play hedgehogs t{pz3}")  # nothing else playable: the turn runs on
    assert enemy(state, pz3) is None
    assert {"token": pz3, "cause": "the He-111"} == {k: v for k, v in next(
        e for e in events if e.kind == "destroyed" and e.data["token"] == pz3).data.items()}  # fmt: skip
    assert state.view(None)["hedgehog"] is None


def test_dot_goes_on_a_fortification_and_absorbs_the_next_attack():
    """SG-CARD-10: DOT is put on a standing fortification; the next attack on it removes the DOT
    instead, the fortification stays, and the attacker still takes 1 damage."""
    state = pos("""
        players 2
        forts 1 2 3 5
        hand 0: dot hedgehogs
        enemy 3 tank pz3
        reserve: sdkfz sdkfz
        dice: 1 1
    """)
    assert [t for t in texts(state) if "dot" in t] == [
        "play dot f1",
        "play dot f2",
        "play dot f3",
        "play dot f5",
    ]
    state.apply_action("play dot f3")
    assert state.view(None)["dots"][3] and state.view(None)["dots_in_supply"] == 1
    pz3 = enemy_id(state, "pz3", 3, "tank")
    state.apply_action("pass")
    view = state.view(None)
    assert view["fortifications"][3] and not view["dots"][3]
    assert (enemy(state, pz3)["ring"], enemy(state, pz3)["armour"]) == ("tank", 1)


def test_dot_limits():
    """SG-CARD-11: at most one DOT per fortification and two in play; with both DOT tokens on the
    board (or every fortification already holding one) the card is unplayable."""
    state = pos("players 2\nforts 1 2 4\ndots 1\nhand 0: dot hedgehogs\nenemy 1 rear pz3")
    assert [t for t in texts(state) if "dot" in t] == ["play dot f2", "play dot f4"]
    full = pos("players 2\ndots 1 2\nhand 0: dot hedgehogs\nenemy 1 rear pz3")
    assert not any("dot" in t for t in texts(full))
    covered = pos("players 2\nforts 4\ndots 4\nhand 0: dot hedgehogs\nenemy 1 rear pz3")
    assert not any("dot" in t for t in texts(covered))


def test_onslaught_sends_an_enemy_back_to_its_rear():
    """SG-CARD-12: Onslaught moves one enemy from any space, city included, to the rear of the
    same sector (armour unchanged)."""
    state = pos("""
        players 2
        buildings 1 2 3 5 6
        hand 0: onslaught hedgehogs
        enemy 4 rear sdkfz
        enemy 4 aviation pz3
        enemy 4 artillery pz3
        enemy 4 tank tiger
        enemy 4 city tiger 2
    """)
    assert targets(state, "onslaught") == {(4, r) for r in ("aviation", "artillery", "tank", "city")}
    tid = enemy_id(state, "tiger", 4, "city")
    state.apply_action(f"play onslaught t{tid}")
    assert (enemy(state, tid)["sector"], enemy(state, tid)["ring"], enemy(state, tid)["armour"]) == (
        4, "rear", 2)  # fmt: skip


def test_onslaught_passes_the_wall_harmlessly_and_still_moves():
    """SG-CARD-13: Onslaught needs a target outside the rear; crossing the fortification line costs
    no damage and removes neither fortification nor DOT; the enemy moves normally in phase 5."""
    state = pos("""
        players 2
        buildings 1 2 3 5 6
        dots 4
        hand 0: onslaught hedgehogs
        enemy 4 city tiger 1
        enemy 2 rear pz3
        reserve: sdkfz sdkfz
        dice: 6 6
    """)
    tiger, pz3 = enemy_id(state, "tiger", 4, "city"), enemy_id(state, "pz3", 2, "rear")
    assert f"play onslaught t{pz3}" not in texts(state)
    state.apply_action(f"play onslaught t{tiger}")
    view = state.view(None)
    assert view["fortifications"][4] and view["dots"][4]
    assert (enemy(state, tiger)["ring"], enemy(state, tiger)["armour"]) == ("rear", 1)
    state.apply_action("pass")
    assert (enemy(state, tiger)["sector"], enemy(state, tiger)["ring"]) == (4, "aviation")


def test_patrol_skips_phase_6():
    """SG-CARD-14: after Patrol no tokens are revealed this turn."""
    state = pos("""
        players 2
        hand 0: patrol
        enemy 1 aviation tiger
        reserve: sdkfz sdkfz pz3
    """)
    events = state.apply_action("play patrol")
    assert "patrol" in kinds(events) and "enemy_arrives" not in kinds(events)
    assert "move" in kinds(events)  # phase 5 still happens
    assert state.view(None)["reserve_count"] == 3


def test_patrol_playable_with_empty_reserve_and_twice_adds_nothing():
    """SG-CARD-15: Patrol is playable even with an empty reserve; replayed via Repair it changes
    nothing more (phase 6 is skipped once)."""
    empty = pos("players 2\nhand 0: patrol\nenemy 1 aviation tiger\nreserve:")
    assert "play patrol" in texts(empty)
    state = pos("""
        players 2
        hand 0: patrol repair
        enemy 1 aviation tiger
        reserve: sdkfz sdkfz pz3
        discard: il2
    """)
    state.apply_action("play patrol")
    state.apply_action("play repair patrol")
    events = state.apply_action("play patrol")
    assert "enemy_arrives" not in kinds(events)
    assert state.view(None)["reserve_count"] == 3 and state.view(None)["active"] == 1


def test_modification_draws_two_ignoring_the_limit():
    """SG-CARD-16 (SG-DRAW-02): Modification draws 2 cards even past the hand limit (reshuffling an
    empty deck), and they can be played this phase."""
    rest = " ".join(
        all_cards_except(
            "modification",
            "sandbags",
            "sandbags",
            "sandbags",
            "barbed_wire",
            "green_aviation",
            "green_aviation",
        )
    )
    state = pos(f"""
        players 4
        hand 0: modification sandbags sandbags sandbags barbed_wire
        hand 1: {rest}
        enemy 3 aviation pz3
        deck: green_aviation
    """)
    assert state.view(None)["discard"] == ["green_aviation"]
    state.apply_action("play modification")
    hand = state.view(None)["hands"][0]
    assert len(hand) == 6 and hand.count("green_aviation") == 2
    assert state.view(None)["discard"] == ["modification"]
    pz3 = enemy_id(state, "pz3", 3, "aviation")
    assert f"play green_aviation t{pz3}" in texts(state)


def test_repair_takes_any_discarded_card_into_hand():
    """SG-CARD-17: Repair takes any one card of the discard pile into hand (one option per card in
    the pile), playable this phase."""
    state = pos("""
        players 2
        hand 0: repair
        enemy 1 artillery tiger
        discard: sandbags il2 red_artillery
    """)
    assert sorted(texts(state)) == ["pass", "play repair il2", "play repair red_artillery",
                                    "play repair sandbags"]  # fmt: skip
    state.apply_action("play repair il2")
    assert state.view(None)["hands"][0] == ["il2"]
    assert state.view(None)["discard"] == ["sandbags", "red_artillery", "repair"]
    tiger = enemy_id(state, "tiger", 1, "artillery")
    assert f"play il2 t{tiger}" in texts(state)


def test_repair_needs_another_card_in_the_discard():
    """SG-CARD-18: Repair cannot fetch itself and is unplayable with an empty discard pile."""
    state = pos("""
        players 2
        hand 0: repair hedgehogs
        enemy 1 artillery tiger
        discard:
    """)
    assert not any("repair" in t for t in texts(state))


def test_sandbags_and_barbed_wire_only_as_a_pair():
    """SG-CARD-19: Sandbags or Barbed Wire alone has no play; together they build."""
    for hand in ("sandbags sandbags", "barbed_wire barbed_wire"):
        state = pos(f"players 2\nforts 2 3\nhand 0: {hand} hedgehogs\nenemy 1 rear pz3")
        assert not any("sandbags" in t or "barbed" in t for t in texts(state))
    both = pos("players 2\nforts 2 3 4 5 6\nhand 0: sandbags barbed_wire hedgehogs\nenemy 1 rear pz3")
    assert "play sandbags+barbed_wire f1" in texts(both)


# -- building fortifications ------------------------------------------------------------------


def test_build_in_a_chosen_empty_slot():
    """SG-BUILD-01: Sandbags + Barbed Wire in phase 4 build one fortification in an empty slot of
    the player's choice."""
    state = pos("players 2\nforts 2 4 6\nhand 0: sandbags barbed_wire hedgehogs\nenemy 1 rear pz3")
    assert [t for t in texts(state) if "sandbags" in t] == [
        f"play sandbags+barbed_wire f{s}" for s in (1, 3, 5)
    ]
    state.apply_action("play sandbags+barbed_wire f5")
    assert state.view(None)["fortifications"] == {1: False, 2: True, 3: False, 4: True, 5: True, 6: True}


def test_no_second_fortification_in_a_slot():
    """SG-BUILD-02: a slot holding a fortification cannot receive another (all standing: no build)."""
    state = pos("players 2\nhand 0: sandbags barbed_wire hedgehogs\nenemy 1 rear pz3")
    assert not any("sandbags" in t for t in texts(state))


def test_rebuild_regardless_of_building_and_enemies():
    """SG-BUILD-03: a slot can be rebuilt with its building gone and enemies in TANK(s) and CITY(s)."""
    state = pos("""
        players 2
        forts 1 2 4 5 6
        buildings 1 2 4 5 6
        hand 0: sandbags barbed_wire hedgehogs
        enemy 3 tank tiger
        enemy 3 city pz3
    """)
    state.apply_action("play sandbags+barbed_wire f3")
    assert state.view(None)["fortifications"][3]
    assert not state.view(None)["buildings"][3]


def test_new_fortification_has_no_dot():
    """SG-BUILD-04: a rebuilt fortification comes without a DOT."""
    state = pos(
        "players 2\nforts 2 3 4 5 6\ndots 2\nhand 0: sandbags barbed_wire hedgehogs\nenemy 1 rear pz3"
    )
    state.apply_action("play sandbags+barbed_wire f1")
    view = state.view(None)
    assert view["fortifications"][1] and not view["dots"][1]
    assert view["dots_in_supply"] == 1


# -- definitions the cards rely on -------------------------------------------------------------


def test_enemy_colour_includes_rear_and_city():
    """SG-DEF-03: "enemies in red sectors" includes those in the rear and in the city of a red
    sector (the red-sectors event moves both; a green one stays)."""
    state = pos("""
        players 2
        phase reveal
        buildings 1 4 5 6
        enemy 1 rear sdkfz
        enemy 2 city pz3
        enemy 3 aviation tiger
        reserve: move_red sdkfz
        dice: 6
    """)
    where = {(e["kind"], e["sector"], e["ring"]) for e in enemies(state)}
    assert where == {("sdkfz", 1, "aviation"), ("pz3", 3, "city"), ("tiger", 3, "aviation"),
                     ("sdkfz", 6, "rear")}  # fmt: skip


def test_armour_never_exceeds_its_start():
    """SG-DEF-06: healing (Panther G) raises only damaged enemies, never above the starting armour."""
    state = pos("""
        players 2
        phase reveal
        enemy 2 artillery tiger 2
        enemy 3 artillery tiger
        enemy 4 tank pz3 1
        reserve: panther sdkfz
        dice: 1 1
    """)
    armour = {(e["kind"], e["sector"]): e["armour"] for e in enemies(state)}
    assert armour == {("tiger", 2): 3, ("tiger", 3): 3, ("pz3", 4): 2, ("panther", 1): 2, ("sdkfz", 1): 1}
