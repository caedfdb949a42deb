"""Movement and terrain (M44-MOVE-01, M44-MOVE-02, M44-MOVE-03, M44-MOVE-04, M44-MOVE-05, M44-MOVE-06,
M44-MOVE-07, M44-MOVE-08, M44-MOVE-09, M44-TERR-01, M44-TERR-02, M44-TERR-03, M44-TERR-04, M44-TERR-05,
M44-TERR-06, M44-TERR-07, M44-TERR-08, M44-TERR-09, M44-TERR-10, M44-TERR-11, M44-TERR-12, M44-TERR-13,
M44-OBST-01, M44-OBST-05, M44-OBST-08, M44-OBST-12, M44-SPEC-03, M44-SPEC-06, M44-SPEC-08)."""

from __future__ import annotations

from tests.memoir44.conftest import decision, dice_of, moves, play, pos, texts, to_move


def test_ex01_units_block_and_move_one_at_a_time():
    """EX-01 / M44-MOVE-01, M44-MOVE-04, M44-MOVE-09: A cannot pass B; after B moves away, A can reach
    R7C7."""
    st = pos("allies infantry R7C5\nallies infantry R7C6\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C5", "R7C6")
    assert "R7C7" not in moves(st, "R7C5")
    play(st, "move R7C6 R6C6")
    assert "R7C7" in moves(st, "R7C5")
    assert moves(st, "R6C6") == []  # M44-MOVE-02: a unit moves once


def test_ex02_armor_goes_round():
    """EX-02 / M44-UNIT-02: armor takes 3 steps round a unit; infantry cannot reach R7C7."""
    st = pos("allies armor R7C5\nallies infantry R7C6\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C5")
    assert "R7C7" in moves(st, "R7C5")
    st = pos("allies infantry R7C5\nallies infantry R7C6\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C5")
    assert "R7C7" not in moves(st, "R7C5")


def test_ex03_units_never_split_or_merge():
    """EX-03 / M44-GEN-02: no action splits a unit or moves onto a friend."""
    st = pos("allies infantry R7C7 figures=2\nallies infantry R7C8 figures=2\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C7")
    assert "R7C8" not in moves(st, "R7C7")
    assert all(t.split()[0] in ("move", "done") for t in texts(st))


def test_move_distances_by_type():
    """M44-MOVE-03, M44-MOVE-07, M44-UNIT-01, M44-UNIT-02, M44-UNIT-03: infantry 2, armor 3, artillery 1
    hexes."""
    st = pos("allies infantry R7C3\nallies armor R7C7\nallies artillery R7C11\nhand allies: direct_from_hq\n")
    to_move(st, "direct_from_hq", "R7C3", "R7C7", "R7C11")
    assert len(moves(st, "R7C3")) == 6 + 12 and len(moves(st, "R7C11")) == 6
    assert "R4C7" in moves(st, "R7C7") and "R3C7" not in moves(st, "R7C7")


def test_forest_and_town_stop_movement():
    """M44-MOVE-06 / M44-TERR-01, M44-TERR-14: a unit entering forest or town stops there."""
    st = pos("terrain forest R6C7\nterrain town R6C6\nallies armor R7C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C7")
    reach = moves(st, "R7C7")
    assert "R6C7" in reach and "R6C6" in reach
    st2 = pos("terrain forest R6C7 R6C6 R7C6 R7C8 R8C7 R8C6\nallies armor R7C7\nhand allies: probe_center\n")
    to_move(st2, "probe_center", "R7C7")
    assert len(moves(st2, "R7C7")) == 6  # every neighbour stops it


def test_ex17_forest_over_three_turns():
    """EX-17 / M44-TERR-01, M44-TERR-02: enter forest and stop without battling; attacked there at -1; then
    battle out of it at full dice."""
    st = pos("terrain forest R6C7\nallies infantry R7C7\naxis infantry R4C7\nhand allies: probe_center\n"
             "hand axis: probe_center\n")  # fmt: skip
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"
    play(st, "play probe_center", "order R4C7", "move R4C7 R5C7")
    assert dice_of(st, "R5C7", "R6C7") == 2


def test_ex18_hedgerow():
    """EX-18 / M44-TERR-04, M44-TERR-05, M44-TERR-06: a hedgerow is entered only as the first step, stops the
    unit, no
    battle; leaving it, only one hex."""
    st = pos("terrain hedgerow R6C7\nallies infantry R8C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R8C7")
    assert "R6C7" not in moves(st, "R8C7")
    st = pos("terrain hedgerow R6C7\nallies infantry R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert decision(st) == "card"
    st = pos("terrain hedgerow R6C7\nallies infantry R6C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R6C7")
    assert len(moves(st, "R6C7")) == 6  # one hex only


def test_ex20_river_and_bridge():
    """EX-20 / M44-TERR-09: rivers are impassable except by the bridge; they do not block LOS."""
    st = pos("""
        terrain river R6C5 R6C6 R6C7 R6C8 R6C9
        bridge R6C7
        allies armor R7C7
        allies infantry R7C5
        axis infantry R5C5
        hand allies: direct_from_hq
    """)
    to_move(st, "direct_from_hq", "R7C7", "R7C5")
    reach = moves(st, "R7C7")
    assert "R6C7" in reach and "R5C6" in reach and "R6C6" not in reach
    play(st, "done")
    assert dice_of(st, "R7C5", "R5C5") == 2


def test_ex21_ocean_and_wading_ashore():
    """EX-21 / M44-TERR-10, M44-TERR-12, M44-TERR-13: from the ocean, one hex only if it is ocean; then
    ashore,
    at most
    two hexes once a beach is entered."""
    st = pos("face beach\nallies armor R9C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R9C7")
    reach = moves(st, "R9C7")
    assert reach == sorted(["R8C6", "R8C7", "R9C6", "R9C8"])
    st = pos("face beach\nallies armor R8C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R8C7")
    reach = moves(st, "R8C7")
    assert "R6C7" in reach and "R5C7" not in reach and "R8C6" in reach


def test_ocean_step_must_be_first():
    """M44-TERR-10: a step into ocean must be the first step and ends the move."""
    st = pos("face beach\nallies infantry R7C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C7")
    reach = moves(st, "R7C7")
    assert "R8C7" in reach and "R9C7" not in reach


def test_beach_cap_only_when_entering_beach():
    """M44-TERR-12: a unit starting on the beach that enters no beach hex is not capped."""
    st = pos("face beach\nallies armor R6C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R6C7")
    assert "R3C7" in moves(st, "R6C7")


def test_bunker_and_hedgehog_closed_to_armor():
    """M44-OBST-01, M44-OBST-12: armor and artillery may not enter bunkers or hedgehogs; infantry may, and a
    bunker does not stop it."""
    st = pos("bunker axis R6C7\nhedgehog R6C6\nallies armor R7C7\nallies infantry R7C8\n"
             "hand allies: probe_center\n")  # fmt: skip
    to_move(st, "probe_center", "R7C7", "R7C8")
    assert "R6C7" not in moves(st, "R7C7") and "R6C6" not in moves(st, "R7C7")
    assert "R5C7" in moves(st, "R7C8")


def test_wire_stops_movement():
    """M44-OBST-08: entering wire ends the move."""
    st = pos("terrain river R9C2\nwire R8C1\nallies infantry R9C1\nhand allies: probe_left\n")
    to_move(st, "probe_left", "R9C1")
    assert moves(st, "R9C1") == ["R8C1"]


def test_sandbags_removed_when_the_unit_leaves():
    """M44-OBST-05: sandbags go when their unit moves away."""
    st = pos("sandbags R7C7\nallies infantry R7C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert st.view(None)["sandbags"] == []


def test_ex15_special_forces_obey_terrain():
    """EX-15 / M44-SPEC-03: special forces entering forest stop and cannot battle."""
    st = pos(
        "terrain forest R6C7\nallies special_forces R7C7\naxis infantry R5C7\nhand allies: probe_center\n"
    )
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert decision(st) == "card"


def test_resistance_battles_on_entry_but_stops():
    """M44-SPEC-06: French Resistance still stops in a village but may battle; M44-SPEC-08: after
    2 hexes it may not battle; M44-SPEC-05: 3 figures."""
    st = pos("terrain town R6C7\nallies resistance R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    assert st.view(None)["units"][0]["figures"] == 3
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert dice_of(st, "R6C7", "R5C7") == 3
    st = pos("allies resistance R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R5C6")
    assert decision(st) == "card"


def test_ordered_unit_need_not_move_or_battle():
    """M44-CARD-06: an ordered unit may skip both."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R6C7")
    play(st, "done", "done")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"
