"""Special actions and Jump (dust_warfare.md DW-ACT-07, DW-ABL-11, DW-ABL-12, DW-ABL-13, DW-ABL-20,
DW-MOVE-08,
DW-REA-02, EDGE-16), on positions in the notation with scripted dice (H = 6, B = 1). Unit
numbers: tests/dust_warfare/helpers.py."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position

KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"
LASERS = "u6 : 46,22 44,22 48,22 42,22 50,22"
UNITS = "turn 1 phase units initiator 0"


def test_abl_13_medic_returns_a_miniature_in_formation() -> None:
    """DW-ABL-13, DW-ACT-07: the Medic rolls 2 dice; a hit returns a destroyed non-Hero,
    non-Medic miniature with full capacity, within LR and not within 1" of an enemy."""
    boss = "u0 : 40,6 - 44,6 40,4"  # the Radioman is destroyed
    st = position(f"{UNITS}\ndice HB\n{boss}\n{KOMMANDO}")
    assert "medic" in options(st)
    play(st, "medic")
    assert options(st) == ["stop", "revive 1"]
    play(st, "revive 1")
    assert not st.dead[0][1] and st.dmg[0][1] == 0 and st.in_formation(0)
    assert "medic" not in options(st)  # once per activation


def test_abl_12_mechanic_repairs_a_vehicle_within_one_inch() -> None:
    """DW-ABL-12: the Mechanic (The Boss's 4th miniature) repairs a friendly Vehicle within 1":
    2 dice, 1 damage per hit (exactly 1" away); a Vehicle 1.1" away cannot be helped."""
    boss = "u0 : 40,6 38,6 42,6 44,6"
    st = position(f"{UNITS}\ndice HH\n{boss}\nu4 : 47,6/90+3\n{KOMMANDO}")
    play(st, "unit u0")
    assert "mechanic u4" in options(st)
    play(st, "mechanic u4")
    assert st.dmg[4] == [1]
    st = position(f"{UNITS}\n{boss}\nu4 : 47.1,6/90+3\n{KOMMANDO}")
    play(st, "unit u0")
    assert "mechanic u4" not in options(st)


def test_abl_20_tank_head_clears_suppression_and_repairs_one() -> None:
    """DW-ABL-20: the Panzermechaniker removes every Suppression marker of a friendly Vehicle
    within 1" and repairs 1 damage, no roll."""
    kommando = "u5 : 40,40 38,40 42,40 44,40"
    st = position(
        f"turn 1 phase units initiator 1\nu0 : 4,4 6,4 8,4 10,4\n{kommando}\nu9 supp=2 : 46.5,40/270+2"
    )
    play(st, "unit u5", "tankhead u9")
    assert st.supp[9] == 0 and st.dmg[9] == [1]


def test_abl_11_move_08_the_pounder_jumps_straight_without_pivoting() -> None:
    """DW-ABL-11: a Jump goes in a straight line within the allowance, ignoring terrain in the
    way; DW-MOVE-08: a vehicle may not pivot during a Jump; EDGE-16: a Vehicle's Jump within 12"
    of an enemy causes a Move trigger."""
    st = position(
        f"{UNITS}\nu0 : 4,4 6,4 8,4 10,4\nu4 : 30,12/90\n{KOMMANDO}\nu6 : 30,30 28,30 32,30 26,30 34,30"
    )
    play(st, "unit u4")
    assert "jump" in options(st) and "jump march" in options(st)
    play(st, "jump")
    assert not st.is_legal(st.game.read_action("place 30,18 face 0"))
    play(st, "place 30,18 face 90")  # over the wall M5 (y 15.75-16.25)
    assert st.decision.kind == "react"


def test_abl_11_edge_16_a_soldier_jump_triggers_nothing() -> None:
    """EDGE-16 (DW-ABL-11, DW-REA-02): Rhino alone jumps to 5" from the Laser Grenadiers: no
    Move trigger. A squad with a Hero that has Jump cannot jump (Jump is not shared)."""
    rangers = "u2 : - - - - - 46,14"
    lasers = f"{LASERS} 46,24"
    st = position(f"options heroes=true\n{UNITS}\nu0 : 4,4 6,4 8,4 10,4\n{rangers}\n{KOMMANDO}\n{lasers}")
    play(st, "unit u2", "jump", "place 46,16")
    assert st.decision.kind == "action" and st.activation["unit"] == 2
    rangers = "u2 : 46,8 44,8 48,8 42,8 50,8 46,10"
    st = position(f"options heroes=true\n{UNITS}\nu0 : 4,4 6,4 8,4 10,4\n{rangers}\n{KOMMANDO}")
    play(st, "unit u2")
    assert "jump" not in options(st)
