"""Spotters and indirect fire (dust_warfare.md DW-ABL-24, DW-WPN-01, EDGE-25) with the example
lists of data/armies-special.toml: the Punisher (u2) carries the Twin 155 mm howitzer
(Artillery, 12-72"); the Ranger Sniper Team (u3) is a Sniper and a Spotter; the Grenadier
Sniper Team (u8) is the target, behind two buildings (blocking, 6" high) that hide it from the
Punisher (eye 5") but not from the Spotter. Unit numbers: tests/dust_warfare/test_offtable.py.
"""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position
from tests.dust_warfare.test_offtable import ARMIES, HEAD, KOMMANDO
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.rules import attack
from warroom.games.dust_warfare.words import WeaponAbility

WALL = "terrain T-BLDG 17,24 0\nterrain T-BLDG 23,24 0"  # x 14-26, y 21-27
BOSS = "u0 : 50,4 52,4 48,4 54,4"
PUNISHER = "u2 : 20,10/90"
TARGET = "u8 : 20,34 21,34"
ALLIES_ACT = "turn 1 phase units initiator 0"


def test_abl_24_wpn_01_artillery_fires_at_what_a_spotter_sees() -> None:
    """DW-ABL-24, DW-WPN-01: the Punisher cannot see the target, but the Spotter (which has
    already activated: it need not act) does, so the howitzer, and only the howitzer, may fire;
    range is measured from the Punisher (21", within 12-72")."""
    spotters = "u3 done : 40,20 41,20"
    st = position(f"{HEAD}\n{WALL}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\n{spotters}\n{TARGET}\n{KOMMANDO}")
    assert not st.measure("u2", "u8").line_of_sight and st.measure("u3.1", "u8").line_of_sight
    play(st, "unit u2")
    assert "fire u8" in options(st)
    weapons = attack.eligible(st, 2, 8, Verb.FIRE, reaction_attack=False)
    assert [w.has(WeaponAbility.ARTILLERY) for _, w in weapons] == [True]


def test_abl_24_only_the_spotter_miniature_spots() -> None:
    """DW-ABL-24: Spotter is the Spotter miniature's own ability (§3.21.2): with the Spotter
    destroyed, the Sniper's sight of the target gives the howitzer nothing."""
    st = position(f"{HEAD}\n{WALL}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\nu3 : 40,20 -\n{TARGET}\n{KOMMANDO}")
    assert st.measure("u3.0", "u8").line_of_sight
    play(st, "unit u2")
    assert "fire u8" not in options(st)


def test_edge_25_wpn_01_indirect_fire_keeps_the_minimum_range() -> None:
    """EDGE-25, DW-WPN-01: a spotted target 9.5" from the Punisher is inside the howitzer's
    12" minimum range: indirect fire cannot reach it either."""
    wall = "terrain T-BLDG 17,17.5 0\nterrain T-BLDG 23,17.5 0"  # x 14-26, y 14.5-20.5
    near = "u3 : 40,22.5 41,22.5\nu8 : 20,23 21,23"
    st = position(f"{HEAD}\n{wall}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\n{near}\n{KOMMANDO}")
    assert st.measure("u3.1", "u8").line_of_sight and not st.measure("u2", "u8").line_of_sight
    play(st, "unit u2")
    assert "fire u8" not in options(st)


def test_wpn_01_artillery_never_fires_in_a_reaction() -> None:
    """DW-WPN-01: even spotted, the howitzer is not among a reaction's weapons."""
    st = position(f"{HEAD}\n{WALL}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\nu3 : 40,20 41,20\n{TARGET}\n{KOMMANDO}")
    assert attack.eligible(st, 2, 8, Verb.FIRE, reaction_attack=True) == []


NIGHT = f"options scenario=night_encounter armies={ARMIES}"


def test_btl_10_abl_24_a_spotter_sees_only_12_inches_at_night() -> None:
    """DW-BTL-10 with DW-ABL-24/DW-WPN-01: the Spotter's LOS for indirect fire obeys Limited
    visibility. At night the Spotter 24.4" from the target (which has not attacked) spots
    nothing, so the howitzer may not fire; moved within 12" it spots; and a target whose unit
    attacked this turn (muzzle flash) is spotted from afar."""
    far = "u3 done : 40,20 41,20"
    st = position(f"{NIGHT}\n{WALL}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\n{far}\n{TARGET}\n{KOMMANDO}")
    assert st.measure("u3.1", "u8").distance > 12 and not st.measure("u3.1", "u8").line_of_sight
    assert attack.eligible(st, 2, 8, Verb.FIRE, reaction_attack=False) == []
    st.attacked[8] = True  # DW-BTL-10's muzzle flash: normal LOS again
    assert attack.eligible(st, 2, 8, Verb.FIRE, reaction_attack=False) != []
    near = "u3 done : 30,32 31,32"
    st = position(f"{NIGHT}\n{WALL}\n{ALLIES_ACT}\n{BOSS}\n{PUNISHER}\n{near}\n{TARGET}\n{KOMMANDO}")
    assert st.measure("u3.1", "u8").line_of_sight and not st.measure("u2", "u8").line_of_sight
    play(st, "unit u2")
    assert "fire u8" in options(st)
