"""Phase 6 -- revealing enemy tokens (SG-REVEAL-01..06) -- and the special vehicles' arrival
abilities (SG-SPEC-01..07).

`reveal_phase` gives the active player a lone DOT card (so phase 4 waits for him), passes, and
returns the events of phases 5 and 6; `phase reveal` positions start straight at phase 6.
Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.., Pz.II t27, Pz.IV t28, Maus t29, Panther t30.
"""

from __future__ import annotations

from tests.siege.conftest import enemy, kinds, pos, texts


def where(st, tid):
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


def reveal_phase(text):
    st = pos("hand 0: dot\n" + text)
    return st, st.apply_action("pass")


def arrivals(events):
    return [(e.data["kind"], e.data["sector"]) for e in events if e.kind == "enemy_arrives"]


# -- SG-REVEAL --------------------------------------------------------------------------------------


def test_two_tokens_revealed_one_at_a_time_each_fully_resolved_first():
    """SG-REVEAL-01: exactly two tokens leave the reserve; the first (a Maus) is placed and its
    advance resolved before the second is revealed, so the second (Sd.Kfz) is not moved by it."""
    st, events = reveal_phase("""
        enemy 1 aviation pz3            # t6
        reserve: maus sdkfz tiger
        dice: 2 5
    """)
    assert arrivals(events) == [("maus", 2), ("sdkfz", 5)]
    assert st.view(None)["reserve_count"] == 1
    assert where(st, 29) == (2, "aviation", 3)  # the Maus moved with its own advance
    assert where(st, 0) == (5, "rear", 1)  # revealed after: not moved
    assert where(st, 6) == (1, "tank", 2)  # phase 5 + the Maus's advance


def test_regular_vehicle_placed_in_rear_of_rolled_sector_at_full_armour():
    """SG-REVEAL-02: each regular vehicle is placed in REAR of the die's sector, full armour."""
    st, events = reveal_phase("""
        reserve: tiger pz3 sdkfz
        dice: 6 1
    """)
    assert arrivals(events) == [("tiger", 6), ("pz3", 1)]
    assert where(st, 17) == (6, "rear", 3)
    assert where(st, 6) == (1, "rear", 2)
    assert all(e.data["rolled"] for e in events if e.kind == "enemy_arrives")


def test_special_vehicle_placed_by_roll_then_ability_applies():
    """SG-REVEAL-03: a special vehicle is rolled and placed in REAR like a regular one, then its
    ability applies (Pz.IV placed in green sector 3 then advances itself to AVIATION(3))."""
    st, events = reveal_phase("""
        reserve: pz4 sdkfz sdkfz
        dice: 3 4
    """)
    assert arrivals(events) == [("pz4", 3), ("sdkfz", 4)]
    assert where(st, 28) == (3, "aviation", 3)
    assert where(st, 0) == (4, "rear", 1)  # revealed after the Pz.IV's advance


def test_event_and_bomber_are_applied_then_discarded_never_placed():
    """SG-REVEAL-04, SG-EVT-11: an event and a He-111 resolve and go to the enemy discard pile;
    neither ever appears on the board."""
    text = """
        enemy 2 aviation pz3            # t6 -> ARTILLERY(2) in phase 5, then "red moves" -> TANK(2)
        reserve: move_red he111 sdkfz
        dice: 4
    """
    before = pos("hand 0: dot\n" + text).view(None)["enemy_discard"]
    st, events = reveal_phase(text)
    view = st.view(None)
    assert view["enemy_discard"] == [*before, "move_red", "he111"]
    assert [e["kind"] for e in view["enemies"]] == ["pz3"]
    assert where(st, 6) == (2, "tank", 2)
    assert view["fortifications"][4] is False  # the bomber flew sector 4 and hit F(4)
    assert "event" in kinds(events) and "he111" in kinds(events)


def test_extra_reveals_are_queued_after_the_remaining_original_token():
    """SG-REVEAL-05, SG-SPEC-01 (EDGE-09): the first reveal is a Pz.II (placed by roll); the second
    original token (Tiger) comes next, then the 3 extra tokens; a sixth token stays."""
    st, events = reveal_phase("""
        reserve: pz2 tiger sdkfz sdkfz pz3 move_red
        dice: 1 2 3 4 5
    """)
    assert arrivals(events) == [("pz2", 1), ("tiger", 2), ("sdkfz", 3), ("sdkfz", 4), ("pz3", 5)]
    assert st.view(None)["reserve_count"] == 1


def test_short_reserve_skips_the_rest_of_the_queue_and_can_win_at_once():
    """SG-REVEAL-06, SG-EVT-10 (EDGE-10): reserve of 2, the first is "Reveal 4": only the one token
    left is revealed, the rest of the queue is skipped; the board is then empty -> immediate win."""
    st, events = reveal_phase("""
        reserve: reveal4 move_red
    """)
    assert st.is_terminal() and st.view(None)["result"] == "won"
    assert st.view(None)["enemy_discard"][-2:] == ["reveal4", "move_red"]
    assert st.returns() == [1.0, 1.0, 1.0, 1.0]
    assert events[-1].kind == "game_over"


def test_empty_reserve_skips_reveal_and_the_turn_goes_on():
    """SG-REVEAL-06: "Reveal 4" then a vehicle: the vehicle is placed, the 3 remaining reveals are
    skipped, and the next player's turn starts."""
    st, events = reveal_phase("""
        reserve: reveal4 sdkfz
        dice: 2
    """)
    assert arrivals(events) == [("sdkfz", 2)]
    assert not st.is_terminal()
    view = st.view(None)
    assert view["reserve_count"] == 0 and view["active"] == 1 and view["turn"] == 2


# -- SG-SPEC ----------------------------------------------------------------------------------------


def test_pz2_reveals_three_more_tokens():
    """SG-SPEC-01: after the Pz.II is placed 3 more tokens are revealed and resolved (5 in all)."""
    st, events = reveal_phase("""
        reserve: sdkfz pz2 pz3 pz3 pz3 tiger
        dice: 1 2 3 4 5
    """)
    assert arrivals(events) == [("sdkfz", 1), ("pz2", 2), ("pz3", 3), ("pz3", 4), ("pz3", 5)]
    assert where(st, 27) == (2, "rear", 2)
    assert st.view(None)["reserve_count"] == 1


def test_pz4_advances_every_enemy_in_sectors_of_its_colour_only():
    """SG-SPEC-02: Pz.IV rolled into sector 3 (green): every enemy in green sectors 3-4 advances one
    step (REAR and CITY included, itself too; the city one walks into blue CITY(5)); red and blue
    enemies stay."""
    st = pos("""
        phase reveal
        buildings 1 2 3 6
        enemy 3 aviation sdkfz          # t0  green
        enemy 4 rear pz3                # t6  green
        enemy 4 city tiger              # t17 green (city)
        enemy 2 aviation pz3            # t7  red
        enemy 5 aviation sdkfz          # t1  blue
        reserve: pz4
        dice: 3
    """)
    assert where(st, 28) == (3, "aviation", 3)
    assert where(st, 0) == (3, "artillery", 1)
    assert where(st, 6) == (4, "aviation", 2)
    assert where(st, 17) == (5, "city", 3)
    assert where(st, 7) == (2, "aviation", 2)
    assert where(st, 1) == (5, "aviation", 1)


def test_maus_advances_every_enemy_on_the_board_itself_included():
    """SG-SPEC-03: the Maus (rolled 6) and every enemy anywhere advance one step."""
    st = pos("""
        phase reveal
        buildings 1 2 3 4 5
        enemy 1 rear sdkfz              # t0
        enemy 3 artillery pz3           # t6
        enemy 6 city tiger              # t17 (building 6 gone) -> CITY(1): collides with building 1
        reserve: maus
        dice: 6
    """)
    assert where(st, 29) == (6, "aviation", 3)
    assert where(st, 0) == (1, "aviation", 1)
    assert where(st, 6) == (3, "tank", 2)
    assert where(st, 17) == (1, "city", 2)
    assert st.view(None)["buildings"][1] is False


def test_panther_repairs_damaged_enemies_by_one_never_above_start():
    """SG-SPEC-04, SG-DEF-06 (EDGE-08): Tiger[1] -> 2, Pz.III[1] -> 2, undamaged Pz.III[2] and
    Sd.Kfz[1] unchanged, the Panther itself at its full 2."""
    st = pos("""
        phase reveal
        enemy 1 aviation tiger 1        # t17
        enemy 2 artillery pz3 2         # t6
        enemy 3 tank sdkfz 1            # t0
        enemy 4 aviation pz3 1          # t7
        reserve: panther
        dice: 5
    """)
    assert where(st, 17) == (1, "aviation", 2)
    assert where(st, 6) == (2, "artillery", 2)
    assert where(st, 0) == (3, "tank", 1)
    assert where(st, 7) == (4, "aviation", 2)
    assert where(st, 30) == (5, "rear", 2)


def test_special_vehicles_starting_armour():
    """SG-SPEC-05: Pz.II 2, Pz.IV 3, Maus 3, Panther 2 (both current and printed maximum)."""
    st = pos("""
        phase reveal
        reserve: pz4 maus
        dice: 1 4
    """)
    assert where(st, 28)[2] == 3 and where(st, 29)[2] == 3
    st = pos("""
        phase reveal
        reserve: panther pz2 sdkfz sdkfz sdkfz
        dice: 2 5 1 1 1
    """)
    assert where(st, 30) == (2, "rear", 2)
    assert where(st, 27) == (5, "rear", 2)
    assert {e["kind"]: e["max_armour"] for e in st.view(None)["enemies"]} == {
        "panther": 2, "pz2": 2, "sdkfz": 1
    }  # fmt: skip


def test_special_vehicle_fights_like_a_regular_one_and_is_worth_four():
    """SG-SPEC-06, SG-SCORE-01: a Maus in TANK(1) attacks F(1) like any enemy (F(1) removed, 1
    damage, stays); a Panther in red AVIATION(2) takes red aviation strikes and its trophy is 4."""
    st = pos("""
        hand 0: red_aviation red_aviation patrol
        enemy 1 tank maus               # t29
        enemy 2 aviation panther        # t30
    """)
    assert "play red_aviation t30" in texts(st)
    st.apply_action("play red_aviation t30")
    st.apply_action("play red_aviation t30")
    assert st.view(None)["trophies"][0] == ["panther"]
    assert st.view(None)["scores"][0] == 4
    st.apply_action("play patrol")
    assert where(st, 29) == (1, "tank", 2)
    assert st.view(None)["fortifications"][1] is False


def test_hedgehog_blocks_special_movement_but_not_panther_repair():
    """SG-SPEC-07, SG-CARD-07: the hedgehog-marked Tiger ignores the Maus's advance, yet the Panther
    revealed next still repairs it."""
    st = pos("""
        phase reveal
        enemy 2 artillery tiger 1 hedgehog   # t17
        enemy 3 artillery pz3                # t6
        reserve: maus panther
        dice: 1 1
    """)
    assert where(st, 17) == (2, "artillery", 2)
    assert where(st, 6) == (3, "tank", 2)
