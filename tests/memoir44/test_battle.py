"""Battle: eligibility, targets and dice (M44-BATTLE-01, M44-BATTLE-02, M44-BATTLE-03, M44-BATTLE-04,
M44-BATTLE-05, M44-BATTLE-06, M44-BATTLE-07, M44-BATTLE-08, M44-BATTLE-09, M44-BATTLE-10, M44-BATTLE-11,
M44-UNIT-01, M44-UNIT-02, M44-UNIT-03, M44-UNIT-04, M44-UNIT-05, M44-UNIT-06, M44-UNIT-07, M44-DICE-01,
M44-DICE-02, M44-DICE-03, M44-DICE-04, M44-DICE-05, M44-DICE-06, M44-DICE-07, M44-DICE-08,
terrain and obstacle protection M44-TERR / M44-OBST). Allies at the bottom, Axis at the top."""

from __future__ import annotations

from tests.memoir44.conftest import decision, dice_of, figures, play, pos, targets, texts, to_battle


def test_ex04_infantry_move_one_and_battle_or_two_and_not():
    """EX-04 / M44-UNIT-01 / M44-MOVE-08: infantry moving 1 may battle, moving 2 may not;
    special forces moving 2 may (M44-SPEC-02, EX-14)."""
    text = "allies {kind} R7C7\naxis infantry R5C7\nhand allies: probe_center\n"
    st = pos(text.format(kind="infantry"))
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert dice_of(st, "R6C7", "R5C7") == 3
    st = pos(text.format(kind="infantry"))
    play(st, "play probe_center", "order R7C7", "move R7C7 R5C6")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"  # no battle was offered
    st = pos(text.format(kind="special_forces"))
    play(st, "play probe_center", "order R7C7", "move R7C7 R5C6")
    assert dice_of(st, "R5C6", "R5C7") == 3


def test_ex14_special_forces_move_two_and_close_assault():
    """EX-14: special forces R7C7 -> R5C7 then Close Assault R4C7 with 3 dice."""
    st = pos("allies special_forces R7C7\naxis infantry R4C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R5C7")
    assert dice_of(st, "R5C7", "R4C7") == 3


def test_ex05_dice_by_range():
    """EX-05 / M44-UNIT-04 / M44-UNIT-07: infantry 3/2/1 to range 3; armor 3 at 1..3; artillery
    3,3,2,2,1,1 to range 6 without LOS; M44-BATTLE-11 the count-down is the same table."""
    st = pos("""
        allies infantry R7C7
        allies armor R7C9
        allies artillery R9C7
        axis infantry R5C7
        axis infantry R3C9
        hand allies: direct_from_hq
    """)
    to_battle(st, "direct_from_hq", "R7C7", "R7C9", "R9C7")
    assert dice_of(st, "R7C7", "R5C7") == 2
    assert dice_of(st, "R7C9", "R5C7") == 3
    assert dice_of(st, "R9C7", "R5C7") == 2 and dice_of(st, "R9C7", "R3C9") == 1
    assert dice_of(st, "R7C7", "R3C9") == 0  # range 4: out of reach
    st = pos("allies infantry R7C7\naxis infantry R4C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R7C7")
    assert dice_of(st, "R7C7", "R4C7") == 1


def test_ex07_hits_then_retreat_choice():
    """EX-07 / M44-DICE-01, M44-DICE-02, M44-DICE-05 / M44-RETR-02: Flag, Infantry, Star: one figure lost, the
    star
    misses, then the Axis player chooses R4C6 or R4C7."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\ndice: F I S\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 3
    assert decision(st) == "retreat" and st.current_player() == 1
    assert texts(st) == ["retreat R4C6", "retreat R4C7"]


def test_dice_symbols_hit_only_their_type():
    """M44-DICE-02, M44-DICE-03: the armor symbol misses infantry, grenades hit anything, stars miss; hits
    beyond the figures left do nothing. M44-GEN-03: a 1-figure unit rolls full dice."""
    st = pos("allies infantry R6C7 figures=1\naxis infantry R5C7\nhand allies: probe_center\ndice: A G S\n")
    to_battle(st, "probe_center", "R6C7")
    assert dice_of(st, "R6C7", "R5C7") == 3
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 3
    st = pos("allies armor R6C7\naxis artillery R5C7\nhand allies: probe_center\ndice: I A G\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 1  # only the grenade hits artillery


def test_edge05_extra_hits_and_flags_ignored_on_elimination():
    """EDGE-05 / M44-DICE-04 / M44-MEDAL-01: a 2-figure unit takes G I I F: eliminated, the extra
    hit and the flag ignored, 1 medal, Take Ground offered."""
    st = pos(
        "allies infantry R6C7\naxis infantry R5C7 figures=2\nhand allies: attack_center\ndice: G I I F\n"
    )
    st.game.scenario  # noqa: B018
    to_battle(st, "attack_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 0 and st.view(None)["medals"]["allies"] == 1
    assert decision(st) == "ground"


def test_battle06_adjacent_enemy_forces_close_assault():
    """EDGE-03 / M44-BATTLE-06: with an adjacent enemy only it may be targeted."""
    st = pos("allies infantry R5C5\naxis infantry R4C5\naxis infantry R3C6\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R5C5")
    assert targets(st, "R5C5") == ["R4C5"]


def test_edge04_zero_dice_no_target_and_no_distant_fire():
    """EDGE-04 / M44-BATTLE-07 / M44-BATTLE-10: armor in a village against armor in a village rolls
    3 - 2 - 2 < 1: no legal target, and no fire at a farther unit either."""
    st = pos("""
        terrain town R5C7 R4C7
        allies armor R5C7
        axis armor R4C7
        axis infantry R3C9
        hand allies: probe_center
    """)
    to_battle(st, "probe_center", "R5C7")
    assert targets(st, "R5C7") == []


def test_ex16_town_protection_and_armor_in_town():
    """EX-16 / M44-TERR-14: infantry 2 dice, armor 1, artillery at range 2 full 3; armor battling
    from a town rolls 2 fewer (M44-BATTLE-09 attacker-hex penalty)."""
    st = pos("""
        terrain town R4C7
        allies infantry R5C7
        allies armor R5C8
        allies artillery R6C8
        axis infantry R4C7
        hand allies: direct_from_hq
    """)
    to_battle(st, "direct_from_hq", "R5C7", "R5C8", "R6C8")
    assert (dice_of(st, "R5C7", "R4C7"), dice_of(st, "R5C8", "R4C7"), dice_of(st, "R6C8", "R4C7")) == (
        2,
        1,
        3,
    )
    st = pos("terrain town R5C7\nallies armor R5C7\naxis infantry R3C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R5C7")
    assert dice_of(st, "R5C7", "R3C7") == 1


def test_forest_and_hedgerow_protection():
    """M44-TERR-02 / M44-TERR-06: forest and hedgerow: infantry -1, armor -2, artillery 0."""
    for terrain in ("forest", "hedgerow"):
        st = pos(f"""
            terrain {terrain} R4C7
            allies infantry R5C7
            allies armor R5C8
            allies artillery R6C7
            axis infantry R4C7
            hand allies: direct_from_hq
        """)
        to_battle(st, "direct_from_hq", "R5C7", "R5C8", "R6C7")
        assert (dice_of(st, "R5C7", "R4C7"), dice_of(st, "R5C8", "R4C7"), dice_of(st, "R6C7", "R4C7")) == (
            2,
            1,
            3,
        )


def test_ex23_bunker_on_hill_reductions_do_not_stack():
    """EX-23 / M44-TERR-15 / M44-OBST-02: armor 3 - max(2, 1) = 1; infantry 3 - max(1, 1) = 2."""
    st = pos("""
        terrain hill R4C7
        bunker axis R4C7
        allies armor R5C7
        allies infantry R5C8
        axis infantry R4C7
        hand allies: direct_from_hq
    """)
    to_battle(st, "direct_from_hq", "R5C7", "R5C8")
    assert (dice_of(st, "R5C7", "R4C7"), dice_of(st, "R5C8", "R4C7")) == (1, 2)


def test_hill_protection_only_from_low_ground():
    """M44-TERR-07: attacking up a hill -1 for infantry and armor; from a hill, none."""
    st = pos("""
        terrain hill R6C6 R6C7
        allies infantry R7C7
        allies infantry R6C6
        axis infantry R6C7
        hand allies: probe_center
    """)
    to_battle(st, "probe_center", "R7C7", "R6C6")
    assert (dice_of(st, "R7C7", "R6C7"), dice_of(st, "R6C6", "R6C7")) == (2, 3)


def test_ex24_sandbags_in_village_and_flag_ignore():
    """EX-24 / M44-OBST-06, M44-OBST-07: sandbags add nothing in a village (infantry 2, armor 1) but let the
    unit ignore one flag; on clear ground they give -1 (M44-OBST-13: only to the unit there)."""
    st = pos("""
        terrain town R4C7
        sandbags R4C7
        allies infantry R5C7
        allies armor R5C8
        axis infantry R4C7
        hand allies: direct_from_hq
        dice: F S S
    """)
    to_battle(st, "direct_from_hq", "R5C7", "R5C8")
    assert (dice_of(st, "R5C7", "R4C7"), dice_of(st, "R5C8", "R4C7")) == (2, 1)
    play(st, "battle R5C7 R4C7")
    assert decision(st) == "ignore" and st.current_player() == 1
    play(st, "ignore flag")
    assert figures(st, "R4C7") == 4 and st.view(None)["units"][2]["hex"] == "R4C7"
    st = pos(
        "sandbags R4C7\nallies infantry R5C7\nallies armor R5C8\n"
        "axis infantry R4C7\nhand allies: direct_from_hq"
    )
    to_battle(st, "direct_from_hq", "R5C7", "R5C8")
    assert (dice_of(st, "R5C7", "R4C7"), dice_of(st, "R5C8", "R4C7")) == (2, 2)


def test_sandbags_on_hill_give_no_extra_protection():
    """M44-OBST-06: on a hill attacked from a hill, sandbags add no dice protection."""
    st = pos(
        "terrain hill R4C7 R5C7\nsandbags R4C7\nallies infantry R5C7\n"
        "axis infantry R4C7\nhand allies: probe_center"
    )
    to_battle(st, "probe_center", "R5C7")
    assert dice_of(st, "R5C7", "R4C7") == 3


def test_flag_ignore_is_optional_and_only_one():
    """M44-DICE-06 / M44-OBST-03: a unit in its own bunker may ignore only the first of two flags,
    and may decline."""
    st = pos(
        "bunker axis R4C7\nallies infantry R5C7\naxis infantry R4C7\nhand allies: probe_center\ndice: F F S\n"
    )
    to_battle(st, "probe_center", "R5C7")
    play(st, "battle R5C7 R4C7", "ignore flag")
    assert decision(st) == "retreat"  # one flag still owed
    st = pos(
        "bunker axis R4C7\nallies infantry R5C7\naxis infantry R4C7\nhand allies: probe_center\ndice: F S\n"
    )
    to_battle(st, "probe_center", "R5C7")
    play(st, "battle R5C7 R4C7")
    assert texts(st) == ["ignore flag", "accept flag"]


def test_edge19_enemy_bunker_gives_no_cover():
    """EDGE-19 / M44-OBST-04: an Allied unit in an Axis bunker gets no protection and no flag
    ignore; the bunker still blocks LOS; M44-OBST-01 infantry may enter a bunker and battle."""
    st = pos("bunker axis R5C7\nallies infantry R6C7\naxis armor R4C7\nhand allies: probe_center\ndice: F\n")
    play(st, "play probe_center", "order R6C7", "move R6C7 R5C7")
    assert dice_of(st, "R5C7", "R4C7") == 3
    play(st, "battle R5C7 R4C7")
    st2 = pos(
        "bunker axis R5C7\nallies infantry R5C7\naxis armor R4C7\n"
        "hand axis: probe_center\nactive axis\ndice: F\n"
    )
    to_battle(st2, "probe_center", "R4C7")
    assert dice_of(st2, "R4C7", "R5C7") == 3
    play(st2, "battle R4C7 R5C7")
    assert decision(st2) != "ignore"


def test_edge14_wire():
    """EDGE-14 / M44-OBST-08, M44-OBST-09, M44-OBST-10, M44-OBST-11: armor entering wire removes it, stops,
    battles with 3;
    infantry on wire battles at -1 or may remove the wire instead, even next to an enemy."""
    st = pos("wire R6C7\nallies armor R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert "R6C7" not in st.view(None)["wire"] and dice_of(st, "R6C7", "R5C7") == 3
    st = pos("wire R6C7\nallies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R6C7")
    assert dice_of(st, "R6C7", "R5C7") == 2 and "clear wire R6C7" in texts(st)
    play(st, "clear wire R6C7")
    assert "R6C7" not in st.view(None)["wire"] and decision(st) == "card"


def test_battle_once_per_turn_and_in_any_order():
    """M44-BATTLE-01, M44-BATTLE-02, M44-BATTLE-03: one battle per ordered unit, one target, the player picks
    the order."""
    st = pos("allies infantry R6C7\nallies infantry R6C8\naxis infantry R5C7\naxis infantry R5C8\n"
             "hand allies: probe_center\ndice: S S S S S S\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7", "R6C8")
    assert targets(st, "R6C7") == ["R5C7", "R5C8"]
    play(st, "battle R6C7 R5C8")
    assert (targets(st, "R6C7") == [] and targets(st, "R6C8") == ["R5C8", "R5C9"]) or targets(st, "R6C8") == [
        "R5C8"
    ]


def test_battle04_no_battle_cases():
    """M44-BATTLE-04 (a) moved too far, (b) entered forest/town/hedgerow, (c) in the ocean,
    (d) the card forbids it (Dig-In); M44-TERR-01, M44-TERR-14."""
    st = pos("terrain forest R6C7\nallies infantry R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert decision(st) == "card"  # (b): the battle step had nothing to offer
    st = pos("terrain town R6C7\nallies armor R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert decision(st) == "card"
    st = pos("face beach\nallies infantry R8C7\naxis infantry R7C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R8C7")
    assert decision(st) == "card"  # (c) ocean: M44-TERR-11
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: dig_in\n")
    play(st, "play dig_in", "order R6C7")
    assert decision(st) == "card" and "R6C7" in st.view(None)["sandbags"]


def test_edge15_artillery():
    """EDGE-15 / M44-UNIT-03: artillery that moved cannot battle; unmoved at range 4 it rolls 2
    over forest and units; adjacent it must Close Assault with 3 and cannot take ground
    (M44-GROUND-02)."""
    st = pos("allies artillery R8C7\naxis infantry R5C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R8C7", "move R8C7 R7C7")
    assert decision(st) == "card"
    st = pos("terrain forest R6C7\nallies infantry R5C8\nallies artillery R8C7\naxis infantry R4C7\n"
             "axis infantry R3C7\nhand allies: probe_center\n")  # fmt: skip
    to_battle(st, "probe_center", "R8C7")
    assert dice_of(st, "R8C7", "R4C7") == 2 and dice_of(st, "R8C7", "R3C7") == 1
    st = pos(
        "allies artillery R6C7\naxis infantry R5C7\naxis infantry R3C7\n"
        "hand allies: probe_center\ndice: G G\n"
    )
    to_battle(st, "probe_center", "R6C7")
    assert targets(st, "R6C7") == ["R5C7"] and dice_of(st, "R6C7", "R5C7") == 3
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 0 or figures(st, "R5C7") == 2
    assert decision(st) != "ground"


def test_battle05_artillery_range_and_protection_ignored():
    """M44-BATTLE-05, M44-BATTLE-08, M44-BATTLE-09: artillery ignores target protection; attacker penalties
    still apply."""
    st = pos("terrain forest R3C7\nallies artillery R8C7\naxis infantry R3C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R8C7")
    assert dice_of(st, "R8C7", "R3C7") == 1  # range 5, forest ignored
