"""Retreat (M44-RETR-01, M44-RETR-02, M44-RETR-03, M44-RETR-04, M44-RETR-05, M44-RETR-06, M44-RETR-07,
M44-RETR-08, M44-RETR-09, M44-RETR-10, M44-SPEC-07), Take Ground and Armor Overrun (M44-GROUND-01,
M44-GROUND-02, M44-GROUND-03, M44-GROUND-04, M44-GROUND-05, M44-GROUND-06, M44-GROUND-07, M44-GROUND-08,
M44-GROUND-09),
victory in mid-battle (M44-MEDAL-06). Allies at the bottom retreat down, the Axis up."""

from __future__ import annotations

from tests.memoir44.conftest import decision, figures, play, pos, targets, texts, to_battle, unit_at

EX07 = "allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n"


def test_ex08_one_retreat_path():
    """EX-08 / M44-RETR-05: a unit behind leaves one rearward hex; the single step is taken."""
    st = pos(EX07 + "axis infantry R4C6\ndice: F I S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert unit_at(st, "R4C7") is not None and figures(st, "R4C7") == 3


def test_ex09_no_retreat_path_costs_a_figure():
    """EX-09 / M44-RETR-04, M44-RETR-06: both rearward hexes blocked (unit, river): 1 hit + 1 loss."""
    st = pos(EX07 + "axis infantry R4C6\nterrain river R4C7\ndice: F I S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 2


def test_edge06_retreat_as_far_as_possible():
    """EDGE-06 / M44-RETR-07: 2 flags, one step possible: 1 step to R4C7 and 1 figure lost."""
    st = pos(EX07 + "axis infantry R4C6\naxis infantry R3C7\naxis infantry R3C8\ndice: F F S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert unit_at(st, "R5C7") is None and figures(st, "R4C7") == 3


def test_edge07_each_step_is_rearward_and_longest_path_chosen():
    """EDGE-07 / M44-RETR-01, M44-RETR-07: steps go only into the two rearward hexes; with two flags the
    owner must pick the step that allows the second one."""
    st = pos(EX07 + "axis infantry R3C6\naxis infantry R3C7\ndice: F F S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    # R4C6 leads nowhere (R3C6, R3C7 taken); R4C7 leads on to R3C8: the retreat goes R4C7 -> R3C8
    assert figures(st, "R3C8") == 4 and unit_at(st, "R5C7") is None


def test_retreat_ignores_terrain_but_not_impassable():
    """M44-RETR-03, M44-RETR-04: a retreat passes forest and towns without stopping; armor cannot retreat
    into hedgehogs (EDGE-20)."""
    st = pos(EX07 + "terrain forest R4C6 R4C7\naxis infantry R3C7\ndice: F F S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert decision(st) == "retreat"
    play(st, "retreat R4C6")
    assert figures(st, "R3C6") == 4 or figures(st, "R3C5") == 4 or decision(st) == "retreat"


def test_edge20_armor_blocked_by_hedgehogs():
    """EDGE-20 / M44-OBST-12: Allied armor at R8C7, hedgehogs on R9C7 and R9C8: loses 1."""
    st = pos("""
        hedgehog R9C7 R9C8
        allies armor R8C7
        axis infantry R7C7
        hand axis: probe_center
        active axis
        dice: F S S
    """)
    to_battle(st, "probe_center", "R7C7")
    play(st, "battle R7C7 R8C7")
    assert figures(st, "R8C7") == 2


def test_ex22_retreat_blocked_by_ocean():
    """EX-22 / M44-TERR-11: an Allied unit on the beach above the ocean: Flag + Infantry = 2 lost."""
    st = pos("face beach\nterrain beach R8C6\nallies infantry R8C6\n"
        "axis infantry R7C6\nhand axis: probe_center\n"
             "active axis\ndice: F I S\n")  # fmt: skip
    to_battle(st, "probe_center", "R7C6")
    play(st, "battle R7C6 R8C6")
    assert figures(st, "R8C6") == 2


def test_ex13_resistance_retreats_one_to_three_per_flag():
    """EX-13 / M44-SPEC-07 / M44-RETR-10: two flags: 2 to 6 steps, the owner stops at will after 2."""
    st = pos("terrain town R9C7\nallies resistance R5C7\naxis infantry R4C7\nhand axis: probe_center\n"
             "active axis\ndice: F F S\n")  # fmt: skip
    to_battle(st, "probe_center", "R4C7")
    play(st, "battle R4C7 R5C7", "retreat R6C7")
    assert "stop retreat" not in texts(st)
    play(st, "retreat R7C7")
    assert "stop retreat" in texts(st)
    play(st, "retreat R8C7", "retreat R9C7")  # the edge: the retreat ends here
    assert figures(st, "R9C7") == 3 and decision(st) == "ground"


def test_retreat_losses_eliminate_for_a_medal():
    """M44-RETR-06: losses for blocked steps can eliminate; the attacker gains the medal."""
    st = pos(EX07.replace("axis infantry R5C7", "axis infantry R5C7 figures=1") +
             "axis infantry R4C6\nterrain river R4C7\ndice: F S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert unit_at(st, "R5C7") is None and st.view(None)["medals"]["allies"] == 1


def test_retreat_removes_sandbags_and_artillery_in_bunker_stays():
    """M44-RETR-09 (sandbags go when the unit retreats off them) and M44-RETR-08 (artillery in a
    bunker cannot retreat: each flag costs a figure)."""
    st = pos(
        "sandbags R5C7\nallies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\ndice: F S S\n"
    )
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "accept flag", "retreat R4C7")
    assert st.view(None)["sandbags"] == []
    st = pos("bunker axis R3C7\nallies artillery R6C7\naxis artillery R3C7\nhand allies: probe_center\n"
             "dice: F F S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R3C7", "ignore flag")
    assert figures(st, "R3C7") == 1


def test_edge21_sandbags_removed_on_elimination():
    """EDGE-21 / M44-OBST-05: the sandbags go with the eliminated unit."""
    st = pos("sandbags R5C7\nallies infantry R6C7\naxis infantry R5C7 figures=1\nhand allies: probe_center\n"
             "dice: G S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert st.view(None)["sandbags"] == []


def test_ex10_take_ground_infantry_no_second_battle():
    """EX-10 / M44-GROUND-01: after the target retreats the attacker may move in; infantry has no
    overrun."""
    st = pos(EX07 + "axis infantry R3C7\ndice: I F S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "retreat R4C6")
    assert texts(st) == ["take ground", "hold"]
    play(st, "take ground")
    assert figures(st, "R5C7") == 4 and decision(st) == "card"


def test_ex11_armor_takes_ground_into_forest_no_overrun():
    """EX-11 / M44-GROUND-03 / M44-BATTLE-04b: 1 die against forest; taking ground into the forest
    ends the armor's battles."""
    st = pos("terrain forest R5C7\nallies armor R6C7\naxis infantry R5C7\naxis infantry R4C8\n"
             "hand allies: probe_center\ndice: F\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "retreat R4C6", "take ground")
    assert decision(st) == "card"


def test_ex12_armor_overrun_then_take_ground_again():
    """EX-12 / M44-GROUND-04, M44-GROUND-05, M44-GROUND-06, M44-GROUND-08: overrun must Close Assault an
    adjacent enemy; after it, take
    ground again but no third battle."""
    st = pos("allies armor R6C7\naxis infantry R5C7\naxis infantry R3C7\nhand allies: probe_center\n"
             "dice: I F S I F S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "retreat R4C6", "take ground")
    assert decision(st) == "overrun" and texts(st) == ["battle R5C7 R4C6", "done"]
    play(st, "battle R5C7 R4C6")
    assert figures(st, "R4C6") == 0 or decision(st) in ("retreat", "ground")
    while decision(st) == "retreat":
        play(st, texts(st)[0])
    assert decision(st) == "ground"
    play(st, "take ground")
    assert decision(st) == "card" and unit_at(st, "R4C6") is not None


def test_overrun_fire_when_no_enemy_adjacent():
    """M44-GROUND-05: with no adjacent enemy after taking ground, the overrun may fire."""
    st = pos("allies armor R6C7\naxis infantry R5C7 figures=1\naxis infantry R2C7\n"
             "hand allies: probe_center\ndice: G\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "take ground")
    assert texts(st) == ["battle R5C7 R2C7", "done"]


def test_edge18_overrun_after_taking_ground():
    """EDGE-18: armor taking ground into a village cannot overrun; onto wire it can (wire removed)."""
    st = pos("terrain town R5C7\nallies armor R6C7\naxis infantry R5C7 figures=1\naxis infantry R4C7\n"
             "hand allies: probe_center\ndice: G\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    play(st, "take ground")
    assert decision(st) == "card"
    st = pos("wire R5C7\nallies armor R6C7\naxis infantry R5C7 figures=1\naxis infantry R4C7\n"
             "hand allies: probe_center\ndice: G\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "take ground")
    assert decision(st) == "overrun" and "R5C7" not in st.view(None)["wire"]


def test_take_ground_blocked_for_artillery_and_impassable():
    """M44-GROUND-02, M44-GROUND-03: artillery never takes ground; armor cannot take ground into a
    hedgehog."""
    st = pos("hedgehog R5C7\nallies armor R6C7\naxis infantry R5C7\naxis infantry R3C7\n"
             "hand allies: probe_center\ndice: F S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7", "accept flag", "retreat R4C6")
    assert decision(st) == "card"


def test_edge08_victory_stops_the_battle_sequence():
    """EDGE-08 / M44-MEDAL-06 / M44-GROUND-09: reaching the target ends the game at once: no
    Take Ground, nothing more."""
    st = pos("medals 1 4\nallies infantry R6C7\naxis infantry R5C7 figures=1\naxis infantry R4C6\n"
             "terrain river R4C7\nhand allies: probe_center\ndice: F S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert st.is_terminal() and st.returns() == [1.0, -1.0] and st.view(None)["result"] == "allies"


def test_medals_never_count_beyond_target():
    """M44-MEDAL-07 / M44-MEDAL-05: the total is capped at the target."""
    st = pos("medals 1 4\nallies infantry R6C7\naxis infantry R5C7 figures=1\nhand allies: probe_center\n"
             "dice: G S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert st.view(None)["medals"]["allies"] == 1


def test_targets_helper_sanity():
    st = pos(EX07)
    to_battle(st, "probe_center", "R6C7")
    assert targets(st, "R6C7") == ["R5C7"]
