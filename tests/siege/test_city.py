"""Enemies inside the city (SG-CITY-01..06).

As in test_movement.py, playing a lone Patrol ends phase 4, runs phase 5 and skips phase 6.
Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.. (lowest free id of the kind, in order written).
"""

from __future__ import annotations

from tests.siege.conftest import enemy, kinds, play_out, pos, texts


def where(st, tid):
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


def move_phase(text):
    st = pos(text)
    return st, st.apply_action("play patrol")


def test_city_enemy_keeps_walking_clockwise_every_movement_event():
    """SG-CITY-01: an enemy in the city moves one cell clockwise at every movement event, turn after
    turn: CITY(2) -> CITY(3) (phase 5 of turn 1) -> CITY(4) (phase 5 of turn 2)."""
    st, _ = move_phase("""
        hand 0: patrol
        buildings 1 5 6
        reserve: sdkfz sdkfz
        enemy 2 city tiger              # t17
    """)
    assert where(st, 17) == (3, "city", 3)
    play_out(st, until=lambda s: s.view(None)["turn"] == 3)
    assert where(st, 17) == (4, "city", 3)


def test_entering_a_building_cell_from_tank_destroys_it_and_costs_one_armour():
    """SG-CITY-02: F(4) absent and building 4 standing: the Tiger in TANK(4) destroys building 4,
    takes 1 damage and occupies CITY(4). (Not "enters without damage": the wall rule only spares
    it the fortification.)"""
    st, events = move_phase("""
        hand 0: patrol
        forts 1 2 3 5 6
        enemy 4 tank tiger              # t17
    """)
    assert st.view(None)["buildings"][4] is False
    assert where(st, 17) == (4, "city", 2)
    assert kinds(events).count("building_destroyed") == 1


def test_entering_a_building_cell_from_the_neighbouring_city_cell():
    """SG-CITY-02: an enemy walking CITY(5) -> CITY(6) into a standing building destroys it, takes
    1 damage and moves in."""
    st, _ = move_phase("""
        hand 0: patrol
        buildings 1 2 3 4 6
        enemy 5 city pz3                # t6
    """)
    assert st.view(None)["buildings"][6] is False
    assert where(st, 6) == (6, "city", 1)


def test_building_collision_group_one_victim_all_survivors_move_in():
    """SG-CITY-03: two enemies entering building 1's cell together (from TANK(1), no F(1)): the
    building falls once, the team (active player) picks one enemy to take the damage, all
    survivors move into CITY(1)."""
    st, events = move_phase("""
        active 1
        hand 1: patrol
        forts 2 3 4 5 6
        enemy 1 tank tiger 2            # t17
        enemy 1 tank pz3                # t6
    """)
    assert kinds(events).count("building_destroyed") == 1
    assert st.current_player() == 1
    assert texts(st) == ["hit t6", "hit t17"]
    st.apply_action("hit t17")
    assert where(st, 17) == (1, "city", 1)
    assert where(st, 6) == (1, "city", 2)


def test_building_collision_group_victim_destroyed_survivor_moves_in():
    """SG-CITY-03, SG-CITY-05: the picked Sd.Kfz dies (enemy discard), the other enters CITY(1)."""
    st, _ = move_phase("""
        hand 0: patrol
        forts 2 3 4 5 6
        enemy 1 tank sdkfz              # t0
        enemy 1 tank pz3                # t6
    """)
    st.apply_action("hit t0")
    assert where(st, 0) is None
    assert where(st, 6) == (1, "city", 2)
    assert st.view(None)["enemy_discard"][-1] == "sdkfz"


def test_destroyed_buildings_are_never_rebuilt():
    """SG-CITY-04: after building 3 falls no card restores it -- rebuilding F(3) with Sandbags +
    Barbed Wire brings back only the fortification, and the building stays gone for the rest of
    the game."""
    st, _ = move_phase("""
        hand 0: patrol
        forts 1 2 4 5 6
        enemy 3 tank tiger              # t17
    """)
    assert st.view(None)["buildings"][3] is False
    st2 = pos("""
        hand 0: sandbags barbed_wire repair il2 onslaught
        buildings 1 2 4 5 6
        forts 1 2 4 5 6
        discard: dot modification
    """)
    assert all("building" not in t for t in texts(st2))
    st2.apply_action("play sandbags+barbed_wire f3")
    view = st2.view(None)
    assert view["fortifications"][3] is True and view["buildings"][3] is False
    play_out(st2, until=lambda s: s.view(None)["turn"] >= 6)
    assert st2.view(None)["buildings"][3] is False


def test_enemy_destroyed_by_a_building_goes_to_enemy_discard_and_building_still_falls():
    """SG-CITY-05 (EDGE-01): F(4) absent, Sd.Kfz[1] in TANK(4): building 4 is destroyed and the
    Sd.Kfz too, into the enemy discard pile with no trophy for anyone."""
    st, events = move_phase("""
        hand 0: patrol
        forts 1 2 3 5 6
        reserve: tiger
        enemy 4 tank sdkfz              # t0
    """)
    view = st.view(None)
    assert view["buildings"][4] is False
    assert where(st, 0) is None
    assert view["enemy_discard"][-1] == "sdkfz"
    assert view["trophies"] == [[], [], [], []]
    assert "trophy" not in kinds(events)


def test_moving_into_an_empty_city_cell_has_no_effect_and_enemies_stack():
    """SG-CITY-06: CITY(4)'s building is gone: an enemy from CITY(3) and one from TANK(4) (no F(4))
    move in without any damage or decision and share the cell with the one already there."""
    st, events = move_phase("""
        hand 0: patrol
        buildings 1 2 5 6
        forts 1 2 3 5 6
        enemy 3 city tiger              # t17
        enemy 4 tank pz3                # t6
        enemy 4 city sdkfz hedgehog     # t0 (held in place)
    """)
    assert where(st, 17) == (4, "city", 3)
    assert where(st, 6) == (4, "city", 2)
    assert where(st, 0) == (4, "city", 1)
    assert st.view(None)["decision"]["kind"] != "hit"
    assert "damage" not in kinds(events)
