"""End of the game (SG-END-01..04). Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.."""

from __future__ import annotations

from tests.siege.conftest import kinds, pos, texts


def test_losing_the_last_building_ends_the_game_at_once():
    """SG-END-01, SG-END-04: a Tiger in CITY(2) and a Pz.III from TANK(3) strike the last building
    (3) together: the game is lost on the spot -- no damage choice is asked, phase 6 never comes,
    and every seat gets the same -1."""
    st = pos("""
        hand 0: patrol
        buildings 3
        forts 1 2 4 5 6
        enemy 2 city tiger              # t17
        enemy 3 tank pz3                # t6
    """)
    reserve = st.view(None)["reserve_count"]
    events = st.apply_action("play patrol")
    assert st.is_terminal()
    view = st.view(None)
    assert view["result"] == "lost" and view["buildings"][3] is False
    assert view["decision"] is None and texts(st) == []
    assert view["reserve_count"] == reserve
    assert st.returns() == [-1.0, -1.0, -1.0, -1.0]
    assert events[-1].kind == "game_over" and events[-1].data == {"result": "lost"}
    assert view["ranking"] is None


def test_bomber_destroying_the_last_building_loses():
    """SG-END-01: the He-111 (rolled 4, no F(4)) destroys the only building left."""
    st = pos("""
        phase reveal
        forts 1 2 3 5 6
        buildings 4
        reserve: he111 sdkfz
        dice: 4
    """)
    assert st.is_terminal() and st.view(None)["result"] == "lost"
    assert st.view(None)["reserve_count"] == 1  # the second reveal never happened


def test_win_needs_empty_reserve_and_empty_board():
    """SG-END-02, SG-END-04: the last enemy dies on a fortification in phase 5 while the reserve is
    empty -> won, every seat +1. With one token still in the reserve the same kill does not win."""
    text = """
        hand 0: patrol
        enemy 2 tank sdkfz              # t0
        {reserve}
    """
    st = pos(text.format(reserve="reserve:"))
    st.apply_action("play patrol")
    assert st.is_terminal() and st.view(None)["result"] == "won"
    assert st.returns() == [1.0, 1.0, 1.0, 1.0]
    st = pos(text.format(reserve="reserve: sdkfz"))
    st.apply_action("play patrol")
    assert not st.is_terminal()
    assert st.view(None)["enemies"] == [] and st.view(None)["reserve_count"] == 1


def test_empty_reserve_with_enemy_on_board_is_not_a_win():
    """SG-END-02: the reserve is exhausted but an enemy still stands -> the game goes on."""
    st = pos("""
        hand 0: patrol
        enemy 2 aviation sdkfz          # t0
        reserve:
    """)
    st.apply_action("play patrol")
    assert not st.is_terminal()
    assert st.view(None)["result"] == "running"


def test_win_is_checked_after_each_card_and_stops_the_turn():
    """SG-END-03: reserve empty, the last enemy (Pz.III[1] in green AVIATION(3)) dies to a P-47 in
    phase 4: the game is won immediately, phases 5 and 6 do not happen, the Patrol stays in hand."""
    st = pos("""
        hand 0: green_aviation patrol
        enemy 3 aviation pz3 1          # t6
        reserve:
    """)
    events = st.apply_action("play green_aviation t6")
    assert st.is_terminal() and st.view(None)["result"] == "won"
    assert "move" not in kinds(events) and "turn" not in kinds(events)
    assert st.view(None)["hands"][0] == ["patrol"]
    assert st.returns() == [1.0] * 4


def test_win_mid_phase_six_by_the_bomber():
    """SG-END-03: the last token, a He-111 (rolled 3), destroys the last enemy in REAR(3): won."""
    st = pos("""
        phase reveal
        enemy 3 rear sdkfz              # t0
        reserve: he111
        dice: 3
    """)
    assert st.is_terminal() and st.view(None)["result"] == "won"


def test_loss_beats_win_when_one_resolution_causes_both():
    """SG-END-03 (EDGE-12): reserve empty, the only enemy Sd.Kfz[1] in CITY(5), the only building
    in cell 6: phase 5 destroys the building (and the Sd.Kfz with it) -> LOST, not won."""
    st = pos("""
        hand 0: patrol
        buildings 6
        enemy 5 city sdkfz              # t0
        reserve:
    """)
    st.apply_action("play patrol")
    assert st.is_terminal()
    assert st.view(None)["result"] == "lost"
    assert st.returns() == [-1.0] * 4


def test_bomber_empties_the_board_then_levels_the_last_building_loss():
    """SG-END-03: the last token is a He-111 on sector 2 (no F(2), building 2 gone): it destroys the
    last enemy (REAR(2)) and then the last building (5): one resolution, both outcomes -> lost."""
    st = pos("""
        phase reveal
        forts 1 3 4 5 6
        buildings 5
        enemy 2 rear sdkfz              # t0
        reserve: he111
        dice: 2
    """)
    assert st.is_terminal() and st.view(None)["result"] == "lost"


def test_everyone_shares_the_result_in_every_mode():
    """SG-END-04: all players get the same return: solo win, six-player loss, and the win of two
    defenders of a Field Marshal game (the Marshal, an adversary seat, gets the opposite)."""
    st = pos("""
        players 1
        hand 0: green_aviation
        enemy 3 aviation pz3 1
        reserve:
    """)
    st.apply_action("play green_aviation t6")
    assert st.returns() == [1.0]
    st = pos("""
        players 6
        hand 0: patrol
        buildings 1
        enemy 1 tank tiger
        forts 2 3 4 5 6
    """)
    st.apply_action("play patrol")
    assert st.returns() == [-1.0] * 6
    st = pos("""
        players 3
        mode field_marshal
        hand 0: green_aviation
        enemy 3 aviation pz3 1
        reserve:
        marshal:
    """)
    st.apply_action("play green_aviation t6")
    assert st.returns() == [1.0, 1.0, -1.0]
