"""Edge cases of siege.md §6 not already reproduced step by step in the rule tests.

Where the rule tests already play an edge case exactly as written, they name it in their
docstring: EDGE-01 (test_city), EDGE-02/03/04 (test_movement), EDGE-06 and EX-02..EX-06
(test_he111), EDGE-08/09/10 (test_reveal), EDGE-12 (test_end), EDGE-16/17 (test_events),
EDGE-20/21 (test_marshal). Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.., Maus t29.
"""

from __future__ import annotations

from tests.siege.conftest import enemy, kinds, play_out, pos, texts


def where(st, tid):
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


def test_edge05_hedgehog_holds_against_phase_five_and_tokens_until_next_turn():
    """EDGE-05, SG-CARD-07, SG-CARD-08, SG-MOVE-01, SG-SPEC-03: the hedgehog on a Tiger in TANK(1)
    facing F(1): phase 5 brings no attack; the Maus revealed in phase 6 advances every other enemy
    but not the Tiger; when the next player's turn starts the token goes back to the supply, and in
    that turn's phase 5 the Tiger attacks F(1)."""
    st = pos("""
        hand 0: hedgehogs sandbags      # Sandbags alone is unplayable: phase 4 ends after the card
        enemy 1 tank tiger              # t17
        enemy 3 aviation pz3            # t6
        reserve: maus sdkfz tiger tiger
        dice: 5 6 2 2
    """)
    events = st.apply_action("play hedgehogs t17")
    view = st.view(None)
    assert where(st, 17) == (1, "tank", 3)
    assert view["fortifications"][1] is True
    assert where(st, 6) == (3, "tank", 2)  # phase 5 and the Maus
    assert where(st, 29) == (5, "aviation", 3)
    assert where(st, 0) == (6, "rear", 1)
    assert "hedgehog_removed" in kinds(events)
    assert view["hedgehog"] is None and view["active"] == 1
    play_out(st, until=lambda s: s.view(None)["turn"] == 3)
    assert st.view(None)["fortifications"][1] is False
    assert where(st, 17) == (1, "tank", 2)


def test_edge07_onslaught_pulls_a_city_enemy_through_the_wall_harmlessly():
    """EDGE-07, SG-CARD-12, SG-CARD-13, SG-FORT-05: Tiger E[1] in CITY(4) behind F(4) with a DOT:
    Onslaught moves it to REAR(4) with F(4) and the DOT unchanged and no damage; phase 5 then moves
    it on to AVIATION(4)."""
    st = pos("""
        hand 0: onslaught patrol
        buildings 1 2 3 5 6
        dots 4
        enemy 4 city tiger 1            # t17
    """)
    st.apply_action("play onslaught t17")
    view = st.view(None)
    assert where(st, 17) == (4, "rear", 1)
    assert view["fortifications"][4] is True and view["dots"][4] is True
    assert "play onslaught t17" not in texts(st)
    st.apply_action("play patrol")
    assert where(st, 17) == (4, "aviation", 1)
    assert st.view(None)["dots"][4] is True
