"""User-written army lists (the `armies` option: DW-SET-01..03, DW-HERO-02; errors name the
file, the entry and the field) and the rules of units outside the starter lists, played from
such a list: Sniper (EDGE-10, DW-ABL-19), Blutkreuz ape (EDGE-20, DW-ABL-05), damage on a
damaged miniature first (EDGE-11, DW-ATK-08a), Frenzy (DW-ABL-10), Heavy walkers (EDGE-22,
DW-HVY-01, DW-HVY-02, DW-HVY-04), Artillery (EDGE-24, EDGE-25, DW-WPN-01), Phasers (DW-WPN-07)
and Self repair (DW-ABL-18). Secret Mission positions place their own terrain.

Units of ARMIES: Allies u0 The Boss, u1 The Gunners, u2 Ranger Sniper Team (Sniper, Spotter),
u3 Punisher (heavy walker, V7); Axis u4 Kommandotrupp, u5 Gorillas (3, S3, capacity 2), u6
Königsluther (heavy walker, V7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.dust_warfare.helpers import army, army_file, options, platoon, play, position, texts
from warroom.core.errors import OptionError
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules.attack import cover_level

ARMIES = "\n".join(
    (
        army("allied_heavy", "allies", platoon("U-A01", "U-A02", "U-A05", "U-A08"), name="Allied heavy"),
        army("axis_beasts", "axis", platoon("U-X01", "U-X09", "U-X07"), name="Axis beasts"),
    )
)
BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u4 : 4,44 6,44 8,44 10,44"
UNITS = "turn 1 phase units initiator 0"
GUNNERS = "u1 : 36,14 34,14 38,14 32,14 40,14"
APES = "u5 : 36,24 34,24 38,24"
AXIS = "turn 1 phase units initiator 1"


@pytest.fixture
def armies(tmp_path: Path) -> str:
    path = army_file(tmp_path / "armies.toml", ARMIES)
    return f"options scenario=secret_mission armies={path}\nsecret - -"


def test_set_01_02_an_army_file_is_played_or_refused_by_name(tmp_path: Path) -> None:
    """DW-SET-01, DW-SET-02, DW-SET-03: a user-written list plays; a bad one is refused naming
    the file, the entry and the field; First Battle keeps its starter lists (DW-FB-01)."""
    path = tmp_path / "armies.toml"
    path.write_text(ARMIES, encoding="utf-8")
    game = DustWarfareGame(scenario="secret_mission", armies=str(path))
    assert [u.kind.id for u in game.units] == ["U-A01", "U-A02", "U-A05", "U-A08", "U-X01", "U-X09", "U-X07"]
    path.write_text(ARMIES.replace('first_section = "U-X09"', 'first_section = "U-X99"'), encoding="utf-8")
    with pytest.raises(
        OptionError, match=r"armies\.toml: \[\[army\]\] #2 \(axis_beasts\), field platoon\.0\.first_section"
    ):
        DustWarfareGame(scenario="secret_mission", armies=str(path))
    path.write_text(ARMIES.replace('support = ["U-X07"]', 'support = ["U-X07", "U-X06"]'), encoding="utf-8")
    with pytest.raises(OptionError, match="limit"):
        DustWarfareGame(scenario="secret_mission", armies=str(path))
    with pytest.raises(OptionError, match="DW-FB-01"):
        DustWarfareGame(armies=str(path))


def test_abl_19_edge_10_sniper_hits_ignore_cover_and_armour(armies: str) -> None:
    """EDGE-10 (DW-ABL-19): the Sniper Team (Sniper shared) hits Gorillas in ruins (C = 2):
    carbine H, sniper rifle H: 2 hits, none cancelled, no armour roll."""
    st = position(
        f"{armies}\n{UNITS}\ndice H H\nterrain T-RUIN 36,30 0\n{BOSS}\nu2 : 36,14 38,14\n{KOMMANDO}\n"
        "u5 : 36,30 34,30 38,30"
    )
    events = play(st, "unit u2", "fire u5", "stop")
    assert "2 hit(s), 0 cancelled by cover, 0 saved by armour, 2 unsaved" in texts(events, "dice")[0]
    assert not texts(events, "armour")


def test_atk_08a_edge_11_a_damaged_miniature_takes_the_next_hit(armies: str) -> None:
    """EDGE-11 (DW-ATK-08a): Gorillas (capacity 2) take 3 unsaved hits of 1: the first to any,
    the second must go to that damaged one (destroying it), the third to any."""
    st = position(f"{armies}\n{UNITS}\ndice HHH BB BBB\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{APES}")
    play(st, "unit u1", "fire u5", "stop")
    assert options(st) == ["hit 0", "hit 1", "hit 2"]
    play(st, "hit 1")  # the second hit goes to it at once (forced), destroying it
    assert st.dead[5] == [False, True, False] and options(st) == ["hit 0", "hit 2"]


def test_abl_05_edge_20_apes_shrug_off_a_marker(armies: str) -> None:
    """EDGE-20 (DW-ABL-05): an attack in which a Burst weapon hit gives Gorillas 1 marker, not 2."""
    st = position(f"{armies}\n{UNITS}\ndice BBB HB H\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{APES}")
    play(st, "unit u1", "fire u5", "stop")
    assert st.supp[5] == 1


def test_abl_10_frenzy_rerolls_close_combat_and_never_move_reacts(armies: str) -> None:
    """DW-ABL-10: Gorillas reroll missed Close Combat dice even in a single Attack, and may not
    make a Move reaction."""
    st = position(f"{armies}\n{AXIS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\nu5 : 36,16 34,16 38,16")
    events = play(st, "unit u5", "assault u1", "stop")
    assert "reroll" in texts(events, "dice")[0]
    st = position(f"{armies}\n{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{APES}")
    play(st, "unit u1", "fire u5")
    assert "react u5 move" not in options(st) and "react u5 fire" not in options(st)


def test_hvy_01_02_04_edge_22_heavy_walkers(armies: str) -> None:
    """DW-HVY-01: the Punisher (V7) is a Heavy walker on a 2.5" base; DW-HVY-02: it never has
    cover; EDGE-22 (DW-HVY-04): a Burst hit gives it 1 marker, and it Retreats only above 2."""
    st = position(
        f"{armies}\n{AXIS}\ndice HHHHH H\nterrain T-WALL 36,17 0\n{BOSS}\nu3 : 36,14/90\n{KOMMANDO}\n"
        "u6 : 36,30/270"  # the wall, 0.25" beyond the Punisher's base, would give a soldier cover
    )
    assert st.base(3, 0).r == 2.5 and st.unit(3).is_heavy
    assert cover_level(st, 6, 3) == 0
    play(st, "unit u6", "fire u3", "stop")
    assert st.supp[3] == 1
    st.supp[3] = 2
    assert not st.is_retreating(3)
    st.supp[3] = 3
    assert st.is_retreating(3)


def test_wpn_01_edge_24_25_artillery_range_and_cover(armies: str) -> None:
    """EDGE-25 (DW-WPN-01): the Twin 155 mm cannot reach a unit 10" away (12" minimum); EDGE-24:
    its hits on a unit in woods (C = 1) are not cancelled, in ruins (C = 2) two are."""
    near = f"{armies}\n{UNITS}\n{BOSS}\nu3 : 36,14/90\n{KOMMANDO}\nu5 : 36,27 34,27 38,27"
    st = position(near)
    play(st, "unit u3")
    assert "fire u5" in options(st)  # the .50 cal can; the howitzer cannot at 10"
    far = "u3 : 36,6/270"  # 35" away, facing off: only the howitzer (turret, 12"-72") reaches
    target = "u5 : 36,44 34,44 38,44"
    woods = f"{armies}\n{UNITS}\ndice HHH BBB\nterrain T-WOOD 36,44 0\n{BOSS}\n{far}\n{KOMMANDO}\n{target}"
    events = play(position(woods), "unit u3", "fire u5", "stop")
    assert "Twin 155 mm howitzer HHH: 3 hit(s), 0 cancelled by cover" in texts(events, "dice")[0]
    ruins = f"{armies}\n{UNITS}\ndice HHH B\nterrain T-RUIN 36,44 0\n{BOSS}\n{far}\n{KOMMANDO}\n{target}"
    events = play(position(ruins), "unit u3", "fire u5", "stop")
    assert "Twin 155 mm howitzer HHH: 3 hit(s), 2 cancelled by cover" in texts(events, "dice")[0]


def test_wpn_07_phasers_get_no_armour_roll(armies: str) -> None:
    """DW-WPN-07: the Heavy phaser's hits on the Punisher get no armour roll."""
    st = position(f"{armies}\n{AXIS}\ndice HH BBBBB\n{BOSS}\nu3 : 36,14/90\n{KOMMANDO}\nu6 : 36,30/270")
    events = play(st, "unit u6", "fire u3", "stop")
    assert "Heavy phaser HH" in texts(events, "dice")[0] and "0 saved by armour" in texts(events, "dice")[0]


def test_abl_18_self_repair_in_the_end_phase(armies: str) -> None:
    """DW-ABL-18, DW-END-01: in the End phase the Königsluther rolls 1 die: a hit repairs 1."""
    st = position(f"{armies}\nturn 1 phase end\ndice H\n{BOSS}\n{KOMMANDO}\nu6 : 36,30/270+3")
    assert st.dmg[6] == [2]


ZOMBIES = (
    army("allied_small", "allies", platoon("U-A01", "U-A02"), name="Allied small"),
    army("axis_dead", "axis", platoon("U-X01", "U-X10"), name="Axis undead"),
)


def test_abl_06_23_zombies_never_react_shrug_off_suppression_and_come_back(tmp_path: Path) -> None:
    """DW-ABL-06: Blutkreuz zombies never react and remove every Suppression marker at
    activation step 3 without rolling; DW-ABL-23: in the End phase one die per zombie destroyed
    this turn, each hit returns one within LR (HHB: 2 of 3)."""
    path = army_file(tmp_path / "zombies.toml", *ZOMBIES)
    head = f"options scenario=secret_mission armies={path}\nsecret - -\nturn 1 phase units initiator 0"
    # units: u0 The Boss, u1 The Gunners; u2 Kommandotrupp, u3 Untertoten (5)
    st = position(
        f"{head}\ndice HHH BBBB BBB HHB\n{BOSS}\nu1 : 36,14 34,14 38,14 32,14 40,14\n"
        "u2 : 4,44 6,44 8,44 10,44\nu3 : 36,24 34,24 38,24 32,24 40,24"
    )
    play(st, "unit u1", "fire u3")  # no reaction is offered: zombies never react
    play(st, "hit 1", "hit 2", "hit 3")
    assert st.living(3) == [0, 4] and st.supp[3] == 1 and not st.is_retreating(3)
    play(st, "stop", "stop")  # the Gunners, then The Boss
    play(st, "unit u3")
    assert st.supp[3] == 0  # step 3: all removed without a roll
    play(st, "stop", "stop")  # the zombies, then the Kommandotrupp; the End phase follows
    assert st.turn == 2 and len(st.living(3)) == 4 and st.in_formation(3)
