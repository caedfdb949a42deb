"""Attacks and weapons (dust_warfare.md DW-ATK, DW-WPN, DW-SUP-02, DW-UNIT-03, DW-UNIT-11, DW-HERO-03,
DW-ABL-08, DW-GEN-04), on positions in the notation with scripted dice (H = 6, B = 1), in the
canonical dice order of §5. Unit numbers: tests/dust_warfare/helpers.py."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position, texts
from warroom.games.dust_warfare.rules.attack import target_class
from warroom.games.dust_warfare.words import ArmourClass

BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"
GUNNERS = "u1 : 46,8 44,8 48,8 42,8 50,8"
LASERS = "u6 : 46,22 44,22 48,22 42,22 50,22"
UNITS = "turn 1 phase units initiator 0"
AXIS_TURN = "turn 1 phase units initiator 1"


def dice_line(events: list) -> str:  # type: ignore[type-arg]
    return texts(events, "dice")[0]


def test_atk_04_target_class_is_the_majority_then_the_higher() -> None:
    """DW-ATK-04: the class most living miniatures hold; a tie goes to the higher class."""
    rangers = "u2 : 46,8 44,8 48,8 42,8 50,8 46,10"  # 5 x S2 and Rhino, S3
    st = position(f"options heroes=true\n{UNITS}\n{BOSS}\n{rangers}\n{KOMMANDO}")
    assert target_class(st, 2) is ArmourClass.S2
    st.dead[2] = [True, True, True, True, False, False]
    assert target_class(st, 2) is ArmourClass.S3


def test_atk_02_11_targets_are_enemy_units_on_the_table_in_sight() -> None:
    """DW-ATK-02, DW-ATK-11: only enemy units on the table are targets, never friends."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}\nu7 reserve")
    play(st, "unit u1")
    attacks = [o for o in options(st) if o.startswith(("fire", "grenades", "assault"))]
    assert attacks == ["fire u6", "fire u6 sustained"]


def test_wpn_03_close_combat_reaches_one_inch() -> None:
    """DW-WPN-03, DW-GEO-15: range "C" is within 1" edge to edge: 1.0" yes, 1.1" no."""
    bbq = "u3 : 46,20 44,20 48,20 42,20 50,20"
    st = position(f"{UNITS}\n{BOSS}\n{bbq}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u3")
    assert "assault u6" in options(st)
    bbq = "u3 : 46,19.9 44,19.9 48,19.9 42,19.9 50,19.9"
    st = position(f"{UNITS}\n{BOSS}\n{bbq}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u3")
    assert "assault u6" not in options(st)


def test_wpn_04_grenades_alone_within_six_inches() -> None:
    """DW-WPN-04: a grenade thrower uses one Grenade weapon and nothing else: the Gunners 5.5"
    away roll 5 frag dice (2/1... 1/1 vs S2), no rifle or BAR dice."""
    gunners = "u1 : 46,15.5 44,15.5 48,15.5 42,15.5 50,15.5"
    st = position(f"{UNITS}\ndice BBBBB\n{BOSS}\n{gunners}\n{KOMMANDO}\n{LASERS}")
    events = play(st, "unit u1", "grenades u6", "stop")
    assert dice_line(events).startswith("Frag grenades BBBBB:")


def test_wpn_05_atk_12_gen_04_edge_09_sustained_lasers() -> None:
    """EDGE-09 (DW-WPN-05, DW-ATK-12, DW-GEN-04): a Sustained Attack by 5 laser rifles: HBBBB,
    laser B; the 4 misses rerolled HBBB, laser H then B: 3 hits, no laser die rerolled."""
    st = position(f"{AXIS_TURN}\ndice HBBBB B HBBB H B BBB\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u6")
    events = play(st, "fire u1 sustained", "stop")  # the Gunners do not react
    assert "3 hit(s)" in dice_line(events)


def test_wpn_02_sup_02_burst_adds_a_marker() -> None:
    """DW-SUP-02: an attack that rolled a hit gives 1 Suppression marker, +1 when a Burst weapon
    hit (DW-WPN-02), even if every hit is saved; an attack without hits gives none."""
    st = position(f"{UNITS}\ndice BBB HBBB H\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "fire u6", "stop")
    assert st.supp[6] == 2  # the BAR (Burst) hit; its hit was saved
    st = position(f"{UNITS}\ndice HBB BBBB H\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "fire u6", "stop")
    assert st.supp[6] == 1  # only a rifle hit
    st = position(f"{UNITS}\ndice BBB BBBB\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "fire u6", "stop")
    assert st.supp[6] == 0


def test_wpn_06_unit_03_11_penetrator_damage_accumulates_and_destroys() -> None:
    """DW-WPN-06: the 17-pdr's unsaved hits on a Vehicle do 2 + 1 damage; DW-UNIT-03: damage
    accumulates; DW-ATK-08 (c): the excess is lost; DW-UNIT-11: the Luther (capacity 5) is
    destroyed."""
    st = position(f"{UNITS}\ndice HH BB\n{BOSS}\nu4 : 46,8/90\n{KOMMANDO}\nu9 : 46,30/270")
    events = play(st, "unit u4", "fire u9", "stop")  # the Luther does not react
    assert "2 unsaved" in dice_line(events)
    assert st.status[9] == "destroyed" and st.dmg[9] == [5]
    assert texts(events, "unit_destroyed")


def test_wpn_08_10_edge_21_reloadable_tank_killer() -> None:
    """DW-WPN-10: the Panzerschreck rerolls its miss against a Vehicle (B, then H);
    DW-WPN-08, EDGE-21: it is Unloaded after rolling, and Reload (a Special action) then an
    Attack is a legal pair."""
    grenadiers = "u8 : 46,30 44,30 48,30 42,30 50,30"
    st = position(f"{AXIS_TURN}\ndice B H B\n{BOSS}\nu4 : 46,16/90\n{KOMMANDO}\n{grenadiers}")
    play(st, "unit u8")
    events = play(st, "fire u4", "stop")
    assert "Panzerschreck B" in dice_line(events) and "reroll H" in dice_line(events)
    assert st.unloaded[8] == ["2.0"]
    assert "reload" in options(st)
    play(st, "stop")
    st.done[8] = False
    st2 = position(f"{AXIS_TURN}\n{BOSS}\nu4 : 46,16/90\n{KOMMANDO}\n{grenadiers}")
    st2.unloaded[8] = ["2.0"]
    play(st2, "unit u8", "reload")
    assert st2.unloaded[8] == [] and "fire u4" in options(st2) and "move" in options(st2)


def test_wpn_09_spray_hits_ignore_cover() -> None:
    """DW-WPN-09, DW-ATK-06: the flamethrower's hits on grenadiers in the Mill (hard cover) are
    never cancelled by cover; the shotguns' are."""
    lasers = "u6 : 36,26 34,26 38,26 35,24 37,24"  # inside the Mill ruins
    bbq = "u3 : 36,18 34,18 38,18 35,17 37,16.5"  # 5.5" to 7.5" away
    st = position(f"{UNITS}\ndice BBBBBBBBBBBB HHHH BBBB\n{BOSS}\n{bbq}\n{KOMMANDO}\n{lasers}")
    events = play(st, "unit u3", "fire u6", "stop")
    assert "4 hit(s), 0 cancelled by cover" in dice_line(events)


def test_atk_06_cover_cancels_then_armour_highest_damage_first() -> None:
    """DW-ATK-06, DW-ATK-07: inside the Mill (C = 2) two hits are cancelled, then one armour die per
    remaining hit."""
    lasers = "u6 : 36,26 34,26 38,26 35,24 37,24"
    gunners = "u1 : 36,14.5 34,14.5 38,14.5 35,13 37,13"
    st = position(f"{UNITS}\ndice HHH HHHH BBBBB\n{BOSS}\n{gunners}\n{KOMMANDO}\n{lasers}")
    events = play(st, "unit u1", "fire u6", "stop")
    assert "7 hit(s), 2 cancelled by cover, 0 saved by armour, 5 unsaved" in dice_line(events)


def test_atk_08_09_hero_03_defender_assigns_hits_hero_last_leader_lost() -> None:
    """DW-ATK-08, DW-ATK-09, DW-HERO-03: the defender picks the miniature for each hit, a joined Hero
    only when no other is left; a destroyed leader leaves the unit Leaderless (DW-UNIT-09)."""
    lasers = "u6 : 46,22 44,22 48,22 42,22 50,22 46,24"  # Sigrid (miniature 5) leads
    gunners = "u1 : 46,8 44,8 48,8 42,8 50,8"
    st = position(
        f"options heroes=true\n{UNITS}\ndice HHH HHHH BBBBBBB\n{BOSS}\n{gunners}\n{KOMMANDO}\n{lasers}"
    )
    play(st, "unit u1", "fire u6", "stop")
    assert options(st) == ["hit 0", "hit 1", "hit 2", "hit 3", "hit 4"]
    play(st, "hit 0", "hit 1", "hit 2", "hit 3")  # the last grenadier and then Sigrid: forced
    assert st.dmg[6][5] == 2 and st.leader[6] == 5  # Sigrid took the last two hits
    st2 = position(
        f"{UNITS}\ndice HBB BBBB B\n{BOSS}\n{gunners}\n{KOMMANDO}\nu6 : 46,22 44,22 48,22 42,22 50,22"
    )
    play(st2, "unit u1", "fire u6", "stop", "hit 0")
    assert st2.leader[6] == -1


def test_abl_08_charge_after_a_march_move() -> None:
    """DW-ABL-08: after a March Move a Charge unit may make one bonus Close Combat attack on a
    unit within 1"; it is not an action and causes an Attack trigger."""
    rangers = "u2 : 46,11 44,11 48,11 42,11 50,11"
    st = position(f"{UNITS}\n{BOSS}\n{rangers}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u2", "march")
    play(st, "place 46,20.5 44,20.5 48,20.5 42,20.5 50,20.5")
    assert st.decision.kind == "react"
    play(st, "stop")
    assert st.decision.kind == "action" and options(st) == ["stop", "assault u6"]
    play(st, "assault u6")
    assert st.decision.kind == "react" and options(st) == ["stop", "react u6 assault"]
