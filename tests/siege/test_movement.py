"""Phase 5 and every other movement event (SG-MOVE-01..08) and enemies against fortifications and
DOTs (SG-FORT-01..05).

Most positions put a lone Patrol in the active player's hand: playing it empties the hand, so
phase 4 ends, phase 5 runs, and phase 6 is skipped (SG-CARD-14) -- a clean look at one movement
event. Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.., then Pz.II t27, Pz.IV t28, Maus t29,
Panther t30 (the lowest free id of the kind, in the order written).
"""

from __future__ import annotations

from tests.siege.conftest import enemy, kinds, play_out, pos, texts


def where(st, tid):
    """(sector, ring, armour) of enemy tN, or None once it left the board."""
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


def move_phase(text):
    """Build the position, play the Patrol and return (state, events of phases 4-5)."""
    st = pos(text)
    return st, st.apply_action("play patrol")


# -- SG-MOVE ----------------------------------------------------------------------------------------


def test_every_enemy_advances_one_step_except_the_hedgehog_one():
    """SG-MOVE-01, SG-DEF-04: in phase 5 each enemy on the board advances exactly one step
    (REAR->AVIATION->ARTILLERY->TANK->CITY, CITY(s)->CITY(s+1)); the hedgehog-marked one stays."""
    st, _ = move_phase("""
        hand 0: patrol
        buildings 1 2 3                 # 4, 5, 6 already gone
        forts 1 2 3 4 5                 # F(6) gone
        enemy 1 rear sdkfz              # t0
        enemy 2 aviation pz3            # t6
        enemy 3 artillery tiger         # t17
        enemy 4 city sdkfz              # t1
        enemy 6 tank pz3                # t7
        enemy 5 aviation pz3 hedgehog   # t8
    """)
    assert where(st, 0) == (1, "aviation", 1)
    assert where(st, 6) == (2, "artillery", 2)
    assert where(st, 17) == (3, "tank", 3)
    assert where(st, 1) == (5, "city", 1)
    assert where(st, 7) == (6, "city", 2)
    assert where(st, 8) == (5, "aviation", 2)


def test_outer_ring_moves_stay_in_sector_and_touch_nothing():
    """SG-MOVE-02: moves REAR->AVIATION->ARTILLERY->TANK keep the sector and change no structure
    and no armour, even in a sector with a DOT-carrying fortification."""
    text = """
        hand 0: patrol
        dots 2
        enemy 2 rear tiger              # t17
        enemy 2 aviation tiger 2        # t18
        enemy 2 artillery tiger 1       # t19
    """
    before = pos(text).view(None)
    st, events = move_phase(text)
    after = st.view(None)
    for key in ("fortifications", "dots", "buildings"):
        assert after[key] == before[key], key
    assert [where(st, t) for t in (17, 18, 19)] == [(2, "aviation", 3), (2, "artillery", 2), (2, "tank", 1)]
    assert not {"fort_destroyed", "dot_lost", "building_destroyed", "damage"} & set(kinds(events))


def test_advancing_from_tank_attacks_a_standing_fortification():
    """SG-MOVE-03, SG-FORT-01: from TANK(s) with F(s) standing the enemy attacks it instead of
    entering the city: F(s) is removed, the enemy takes 1 damage and stays in TANK(s)."""
    st, events = move_phase("""
        hand 0: patrol
        enemy 2 tank tiger              # t17
    """)
    assert st.view(None)["fortifications"][2] is False
    assert st.view(None)["buildings"][2] is True
    assert where(st, 17) == (2, "tank", 2)
    assert "fort_destroyed" in kinds(events)


def test_advancing_from_tank_without_fortification_enters_city_without_damage():
    """SG-MOVE-03, SG-CITY-06: with F(s) absent the enemy enters CITY(s) without wall damage (here
    building s is already gone, so nothing at all happens to it)."""
    st, events = move_phase("""
        hand 0: patrol
        forts 1 3 4 5 6
        buildings 1 3 4 5 6
        enemy 2 tank tiger              # t17
    """)
    assert where(st, 17) == (2, "city", 3)
    assert "damage" not in kinds(events)


def test_city_enemy_advances_clockwise_and_wraps_from_six_to_one():
    """SG-MOVE-04: an enemy in CITY(s) advances to CITY(CW(s)); CITY(6) -> CITY(1)."""
    st, _ = move_phase("""
        hand 0: patrol
        buildings 2 5
        enemy 6 city pz3                # t6
        enemy 3 city tiger              # t17
    """)
    assert where(st, 6) == (1, "city", 2)
    assert where(st, 17) == (4, "city", 3)


def test_movement_is_simultaneous_city_and_tank_enemies_hit_one_building_as_a_group():
    """SG-MOVE-05, SG-CITY-03 (EDGE-04): a Tiger walking CITY(1)->CITY(2) and a Pz.III entering from
    TANK(2) (no F(2)) strike building 2 in the same event: one group, the building falls once, the
    team picks which of them takes the 1 damage, and both end in CITY(2)."""
    st, events = move_phase("""
        hand 0: patrol
        buildings 2 3 4 5 6
        forts 1 3 4 5 6
        enemy 1 city tiger              # t17
        enemy 2 tank pz3                # t6
    """)
    assert st.view(None)["decision"] == {
        "kind": "hit", "player": 0, "structure": "building", "sector": 2, "enemies": [6, 17]
    }  # fmt: skip
    assert texts(st) == ["hit t6", "hit t17"]
    assert kinds(events).count("building_destroyed") == 1
    st.apply_action("hit t6")
    assert where(st, 6) == (2, "city", 1)
    assert where(st, 17) == (2, "city", 3)
    assert st.view(None)["buildings"][2] is False


def test_destinations_come_from_positions_before_the_event():
    """SG-MOVE-05: each enemy moves exactly one step from where it stood when the event began: an
    enemy stepping into CITY(3) is not pushed on by the one leaving CITY(3), and the enemy leaving
    TANK(3) is not stopped by the fortification the other one attacks this same event."""
    st, _ = move_phase("""
        hand 0: patrol
        buildings 1 2 6
        forts 1 2 4 5 6
        enemy 3 tank pz3                # t6  -> CITY(3)
        enemy 3 city sdkfz              # t0  -> CITY(4)
        enemy 4 tank tiger              # t17 attacks F(4)
        enemy 4 artillery pz3           # t7  -> TANK(4)
    """)
    assert where(st, 6) == (3, "city", 2)
    assert where(st, 0) == (4, "city", 1)
    assert where(st, 17) == (4, "tank", 2)
    assert where(st, 7) == (4, "tank", 2)


def test_any_number_of_enemies_share_a_space():
    """SG-MOVE-06: several enemies move into the same space and all stay there."""
    st, _ = move_phase("""
        hand 0: patrol
        enemy 1 artillery sdkfz         # t0
        enemy 1 artillery pz3           # t6
        enemy 1 artillery tiger         # t17
        enemy 1 tank pz3 hedgehog       # t7 (stays)
    """)
    assert {where(st, t) for t in (0, 6, 17, 7)} == {(1, "tank", 1), (1, "tank", 2), (1, "tank", 3)}
    assert [e["ring"] for e in st.view(None)["enemies"]] == ["tank"] * 4


def test_maus_advance_uses_full_movement_rules_with_collisions():
    """SG-MOVE-07, SG-SPEC-03: the Maus's "all advance one step" is a movement event like phase 5:
    two enemies in TANK(2) attack F(2) as one group and the team picks the damaged one."""
    st = pos("""
        phase reveal
        enemy 2 tank pz3                # t6
        enemy 2 tank sdkfz              # t0
        reserve: maus sdkfz
        dice: 4 6
    """)
    assert st.view(None)["decision"]["structure"] == "fort"
    assert texts(st) == ["hit t0", "hit t6"]
    assert st.view(None)["fortifications"][2] is False
    st.apply_action("hit t6")
    assert where(st, 6) == (2, "tank", 1)
    assert where(st, 0) == (2, "tank", 1)
    assert where(st, 29) == (4, "aviation", 3)  # the Maus advanced too
    assert where(st, 1) == (6, "rear", 1)  # the second token came after the Maus had resolved


def test_colour_event_advance_attacks_fortification_and_respects_hedgehog():
    """SG-MOVE-07, SG-EVT-01: "green sectors move" is a movement event: a Pz.III in TANK(3) attacks
    F(3) (removed, 1 damage, stays), while the hedgehog-marked Tiger in green ARTILLERY(4) stays."""
    st = pos("""
        phase reveal
        enemy 3 tank pz3                # t6
        enemy 4 artillery tiger hedgehog  # t17
        reserve: move_green
    """)
    assert st.view(None)["fortifications"][3] is False
    assert where(st, 6) == (3, "tank", 1)
    assert where(st, 17) == (4, "artillery", 3)


def test_sideways_moves_ignore_fortifications_but_collide_with_city_buildings():
    """SG-MOVE-08, SG-EVT-02 (EDGE-17): "all enemies move clockwise": TANK(6)->TANK(1) never meets
    F(6)/F(1) nor takes damage; CITY(2)->CITY(3) with building 3 standing destroys it (1 damage)."""
    st = pos("""
        phase reveal
        buildings 1 3 4 5 6
        dots 1
        enemy 6 tank pz3                # t6
        enemy 2 city tiger              # t17
        enemy 1 rear sdkfz              # t0
        reserve: move_cw
    """)
    view = st.view(None)
    assert where(st, 6) == (1, "tank", 2)
    assert view["fortifications"] == {s: True for s in range(1, 7)}
    assert view["dots"][1] is True
    assert where(st, 17) == (3, "city", 2)
    assert view["buildings"][3] is False
    assert where(st, 0) == (2, "rear", 1)


# -- SG-FORT ----------------------------------------------------------------------------------------


def test_surviving_attacker_stays_in_tank_until_next_movement_then_enters():
    """SG-FORT-01: the fortification is removed (rebuildable: the slot is empty), the attacker takes
    1 damage, stays in TANK(s); at the next movement event it enters the city (no wall left)."""
    st, events = move_phase("""
        hand 0: patrol
        buildings 1 2 3 4 6
        reserve: sdkfz sdkfz
        enemy 5 tank tiger              # t17
    """)
    assert where(st, 17) == (5, "tank", 2)
    assert st.view(None)["fortifications"][5] is False
    assert [e.data for e in events if e.kind == "damage"] == [{"token": 17, "armour": 2}]
    play_out(st, until=lambda s: s.view(None)["turn"] == 3)  # player 1's turn passes: phase 5 again
    assert where(st, 17) == (5, "city", 2)  # building 5 was already gone: no further damage


def test_group_attack_on_fortification_team_picks_one_victim():
    """SG-FORT-02 (EDGE-02): Pz.III[2] and Sd.Kfz[1] in TANK(3) attack F(3) together. The active
    player (here seat 2) picks the Sd.Kfz: it dies, F(3) is removed once, the Pz.III stays in
    TANK(3) at full armour."""
    st, events = move_phase("""
        active 2
        hand 2: patrol
        enemy 3 tank pz3                # t6
        enemy 3 tank sdkfz              # t0
    """)
    assert st.current_player() == 2
    assert texts(st) == ["hit t0", "hit t6"]
    assert kinds(events).count("fort_destroyed") == 1
    st.apply_action("hit t0")
    assert where(st, 0) is None
    assert where(st, 6) == (3, "tank", 2)
    assert st.view(None)["fortifications"][3] is False


def test_group_attack_other_choice_damages_only_the_picked_enemy():
    """SG-FORT-02: if the team picks the Pz.III instead, it drops to 1 and the Sd.Kfz is untouched;
    both stay in TANK(3)."""
    st, _ = move_phase("""
        hand 0: patrol
        enemy 3 tank pz3                # t6
        enemy 3 tank sdkfz              # t0
    """)
    st.apply_action("hit t6")
    assert where(st, 6) == (3, "tank", 1)
    assert where(st, 0) == (3, "tank", 1)


def test_dot_absorbs_the_attack_fortification_stays():
    """SG-FORT-03 (EDGE-03): F(3) with a DOT: the DOT returns to the supply, F(3) stays, one picked
    attacker still takes 1 damage, every survivor stays in TANK(3)."""
    st, events = move_phase("""
        hand 0: patrol
        dots 3
        enemy 3 tank pz3                # t6
        enemy 3 tank sdkfz              # t0
    """)
    view = st.view(None)
    assert view["fortifications"][3] is True and view["dots"][3] is False
    assert view["dots_in_supply"] == 2
    assert "dot_lost" in kinds(events) and "fort_destroyed" not in kinds(events)
    st.apply_action("hit t6")
    assert where(st, 6) == (3, "tank", 1)
    assert where(st, 0) == (3, "tank", 1)


def test_dot_lone_attacker_destroyed_goes_to_enemy_discard():
    """SG-FORT-03, SG-FORT-04: a lone Sd.Kfz hitting a DOT-fortification dies (enemy discard), the
    DOT is gone and the fortification stands."""
    st, _ = move_phase("""
        hand 0: patrol
        dots 4
        enemy 4 tank sdkfz              # t0
    """)
    view = st.view(None)
    assert where(st, 0) is None
    assert view["fortifications"][4] is True and view["dots"][4] is False
    assert view["enemy_discard"].count("sdkfz") == 1


def test_enemy_destroyed_by_fortification_gives_no_trophy():
    """SG-FORT-04, SG-TROPHY-02: an enemy killed by a fortification goes to the enemy discard pile;
    nobody (not the active player) takes it as a trophy."""
    text = """
        hand 0: patrol
        reserve: tiger
        enemy 6 tank pz3 1              # t6
    """
    before = pos(text).view(None)["enemy_discard"]
    st, events = move_phase(text)
    view = st.view(None)
    assert where(st, 6) is None
    assert view["enemy_discard"] == [*before, "pz3"]
    assert view["trophies"] == [[], [], [], []]
    assert "trophy" not in kinds(events)


def test_city_enemies_never_interact_with_fortifications():
    """SG-FORT-05: an enemy moving CITY(3)->CITY(4) is behind the wall: F(3), F(4) and the DOT on
    F(4) are untouched and it takes no damage."""
    st, events = move_phase("""
        hand 0: patrol
        buildings 1 2 5 6
        dots 4
        enemy 3 city tiger 2            # t17
    """)
    view = st.view(None)
    assert where(st, 17) == (4, "city", 2)
    assert view["fortifications"] == {s: True for s in range(1, 7)}
    assert view["dots"][4] is True
    assert not {"fort_destroyed", "dot_lost", "damage"} & set(kinds(events))
