"""Rules no other test cites (dust_warfare.md DW-CMD-05, DW-CMD-11, DW-CMD-14, DW-MOVE-06,
DW-MOVE-09, DW-HERO-01, DW-UNIT-02, DW-GEN-06, DW-ATK-10, DW-SUP-09), on positions in the
notation with scripted dice (H = 6, B = 1). The army files are written per test (Front Lines
takes any list within 150 AP); unit numbers are given in each test.
"""

from __future__ import annotations

from pathlib import Path

from tests.dust_warfare.helpers import army, army_file, options, platoon, play, position
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.content import default_content
from warroom.games.dust_warfare.geometry import Base
from warroom.games.dust_warfare.rules import activation, attack, reaction, turn
from warroom.games.dust_warfare.words import ArmourClass, Cover, Role

AXIS = army("axis", "axis", platoon("U-X01", "U-X04"), name="Axis")


def armies(tmp_path: Path, *allied_platoons: str) -> str:
    """An army file: the Allied list's platoons as given, and a small Axis list."""
    path = army_file(
        tmp_path / "armies.toml", army("allies", "allies", *allied_platoons, name="Allies"), AXIS
    )
    return f"options scenario=front_lines armies={path}"


BOSS_AND_GUNNERS = platoon("U-A01", "U-A02")


def test_cmd_05_any_command_section_may_issue_an_order(tmp_path: Path) -> None:
    """DW-CMD-05: with two Command Sections (u0 and u2, Officers 50" apart), an order goes
    through either, measured from that section's commander: each far squad is in range of the
    other section (no Radioman needed); with the second section gone, only by Radioman."""
    head = armies(
        tmp_path, BOSS_AND_GUNNERS, BOSS_AND_GUNNERS
    )  # u0 Boss, u1 Gunners, u2 Boss, u3 Gunners; u4, u5 Axis
    text = (
        f"{head}\nturn 1 phase command initiator 0 orders 3 1\n"
        "u0 : 10,4 12,4 8,4 14,4\nu1 : 60,14 62,14 58,14 64,14 56,14\n"
        "u2 : 60,4 62,4 58,4 64,4\nu3 : 10,14 12,14 8,14 14,14 6,14\n"
        "u4 : 30,44 32,44 28,44 34,44\nu5 : 30,40 32,40 28,40 34,40 26,40"
    )
    st = position(text)
    assert {"take u1", "take u3"} <= set(options(st))
    st = position(text.replace("u2 : 60,4 62,4 58,4 64,4\n", ""))
    assert "take u1" not in options(st) and "take u1 radio" in options(st)


def test_cmd_11_a_hero_leading_a_command_section_commands_to_18_inches(tmp_path: Path) -> None:
    """DW-CMD-11, DW-UNIT-08: Rhino joined to The Boss is its Unit Leader, and its commander's
    LR is 18": The Gunners 16.9" away take an order directly, 18.5" away only by Radioman."""
    head = armies(
        tmp_path, platoon("U-A01", "U-A02", hero='unit = "U-A09", joins = "U-A01"')
    )  # u0 Boss + Rhino (miniature 4, the leader), u1 Gunners
    axis = "u2 : 30,44 32,44 28,44 34,44\nu3 : 30,40 32,40 28,40 34,40 26,40"
    boss = "u0 : 34,4 36,4 26,4 24,4 30,4"
    order = "turn 1 phase command initiator 0 orders 2 1"
    st = position(f"{head}\n{order}\n{boss}\nu1 : 30,21.9 32,21.9 28,21.9 34,21.9 26,21.9\n{axis}")
    assert st.leader[0] == 4 and st.leadership(0) == 18.0
    assert "take u1" in options(st)
    st = position(f"{head}\n{order}\n{boss}\nu1 : 30,23.5 32,23.5 28,23.5 34,23.5 26,23.5\n{axis}")
    assert "take u1" not in options(st) and "take u1 radio" in options(st)


def test_cmd_14_there_are_no_special_orders() -> None:
    """DW-CMD-14: the published platoon special orders are excluded: an order is only Take
    Action or Regroup (and `stop`), through a Radioman or not."""
    st = position(
        "turn 1 phase command initiator 0 orders 3 1\nu0 : 4,4 6,4 8,4 10,4\n"
        "u1 : 46,8 44,8 48,8 42,8 50,8\nu4 : 30,30/90\nu5 : 4,44 6,44 8,44 10,44"
    )
    verbs = {o.split()[0] for o in options(st)}
    assert verbs == {"stop", "take", "regroup"}
    assert any(o.endswith("radio") for o in options(st))


def test_hero_01_a_hero_alone_is_a_unit(tmp_path: Path) -> None:
    """DW-HERO-01: Rhino joining no unit is a one-miniature Soldier unit: it counts in the
    command pool, activates, takes orders and can be attacked."""
    head = armies(
        tmp_path, platoon("U-A01", "U-A02", hero='unit = "U-A09"')
    )  # u0 Boss, u1 Gunners, u2 Rhino alone; u3, u4 Axis
    text = (
        f"{head}\nturn 1 phase command initiator 0 orders 2 1\nu0 : 30,4 32,4 28,4 34,4\n"
        "u1 : 50,4 52,4 48,4 54,4 46,4\nu2 : 30,10\nu3 : 30,44 32,44 28,44 34,44\n"
        "u4 : 30,30 32,30 28,30 34,30 26,30"
    )
    st = position(text)
    assert len(st.unit(2).models) == 1 and st.unit(2).models[0].hero
    assert turn.pool(st, 0) == 3
    assert "take u2" in options(st)
    play(st, "stop", "stop")  # no orders, Allies then Axis: the Unit phase
    assert "unit u2" in options(st)
    play(st, "unit u2")
    assert "move" in options(st)
    assert 2 in attack.targets(st, 4, Verb.FIRE, reaction_attack=False)  # the MG 48 reaches it


def test_move_06_vertical_movement_costs_allowance(tmp_path: Path) -> None:
    """DW-MOVE-06, DW-TER-07: climbing a 2" hill costs 2" of allowance: Rhino (6") reaches a
    point 5.5" away on flat ground, but not 5.5" away on the hill (5.5 + 2 > 6)."""
    head = armies(tmp_path, platoon("U-A01", "U-A02", hero='unit = "U-A09"'))
    rest = "u0 : 4,4 6,4 8,4 10,4\nu3 : 60,44 62,44 58,44 64,44\nturn 1 phase units initiator 0"
    st = position(f"{head}\nterrain T-HILL 40,30 0\n{rest}\nu2 : 40,21")  # the hill: y 26-34
    play(st, "unit u2", "move")
    assert st.is_legal(st.game.read_action("place 40,25.9"))  # type: ignore[arg-type]
    assert not st.is_legal(st.game.read_action("place 40,26.5"))  # type: ignore[arg-type]
    st = position(f"{head}\n{rest}\nu2 : 40,21")
    play(st, "unit u2", "move")
    assert st.is_legal(st.game.read_action("place 40,26.5"))  # type: ignore[arg-type]


def test_move_09_terrain_status_for_cover_is_read_at_base_centres() -> None:
    """DW-MOVE-09, DW-GEO-06: a miniature is "in" woods for cover when its base centre is: a
    base overlapping the woods with its centre outside gets no cover, one with its centre
    just inside gets the woods' soft cover."""
    table = "options scenario=front_lines\nterrain T-WOOD 40,30 0\nturn 1 phase units"
    st = position(f"{table}\nu0 : 4,4 6,4 8,4 10,4\nu5 : 4,44 6,44 8,44 10,44")
    reference = (40.0, 0.0)  # straight south: the line to the centre never crosses the woods
    assert st.board.cover(reference, Base(40.0, 25.8, 0.5, 1.0)) is Cover.NONE
    assert st.board.cover(reference, Base(40.0, 26.2, 0.5, 1.0)) is Cover.SOFT


def test_unit_02_every_roster_unit_has_its_statistics() -> None:
    """DW-UNIT-02: type and armour class, Movement, damage capacity, the leader's LR (for units
    of several miniatures and Heroes), abilities and AP, as §3.21.1 gives them: e.g. the
    Punisher is V7, 6", 10 damage, Carry capacity 6, 90 AP."""
    content = default_content()
    roster = [u for u in content.units.values() if not u.test_only]
    assert len(roster) == 20
    for unit in roster:
        assert unit.armour in ArmourClass and unit.move > 0 and unit.damage >= 1 and unit.ap is not None
        assert unit.leadership is not None or (unit.miniatures == 1 and unit.role is not Role.HERO)
    punisher = content.units["U-A08"]
    assert (punisher.armour, punisher.move, punisher.damage, punisher.carry_capacity, punisher.ap) == (
        ArmourClass.V7,
        6,
        10,
        6,
        90,
    )


def test_gen_06_glossary_units_leaders_and_the_initiating_player() -> None:
    """DW-GEN-06: a unit is one or more miniatures acting together, each with exactly one Unit
    Leader (DW-UNIT-07); the Initiating and Responding players are set each turn by initiative
    (the Initiating player's Command phase comes first)."""
    st = position("turn 1 phase initiative\ndice HB B\nu0 : 4,4 6,4 8,4 10,4\nu5 : 4,44 6,44 8,44 10,44")
    for unit in st.game.units:
        assert len(unit.models) >= 1 and 0 <= unit.leader < len(unit.models)
    assert st.initiator == 1  # the Axis rolled fewer hits (0 against 1)
    assert st.decision is not None and st.decision.seat == 1 and st.decision.kind == "command"


def test_atk_10_the_attack_summary_is_steps_one_to_five() -> None:
    """DW-ATK-10: the "Attack action summary" card adds nothing to DW-ATK-01..09: one attack
    runs target (declared, the target may react), dice, armour, damage, then Suppression, in
    that order. The Gunners fire at the Laser Grenadiers: Garands HBB, BARs BBBB (1 hit), no
    cover, armour B: one grenadier falls, 1 Suppression."""
    st = position(
        "turn 1 phase units initiator 0\ndice HBB BBBB B\nu0 : 4,4 6,4 8,4 10,4\n"
        "u1 : 46,8 44,8 48,8 42,8 50,8\nu5 : 4,44 6,44 8,44 10,44\nu6 : 46,22 44,22 48,22 42,22 50,22"
    )
    events = play(st, "unit u1", "fire u6", "stop", "hit 1")
    kinds = [e.kind for e in events]
    steps = ["attack", "dice", "destroyed", "suppressed"]  # steps 1, 2-4, 5, then Suppression
    assert [k for k in kinds if k in steps] == steps
    assert kinds.index("armour") < kinds.index("dice")  # the armour roll is part of step 4
    dice = next(e.text for e in events if e.kind == "dice")
    assert dice.endswith("1 hit(s), 0 cancelled by cover, 0 saved by armour, 1 unsaved")
    assert st.supp[6] == 1 and len(st.living(6)) == 4


def test_sup_09_the_suppression_summary_matches_the_rules() -> None:
    """DW-SUP-09: the "Suppression summary" card adds nothing: a marker costs an action
    (DW-ACT-04) and the right to react (DW-SUP-03); more markers than miniatures is Retreating
    (DW-SUP-04); a Regroup order removes them all (DW-SUP-08)."""
    base = "turn 1 phase command initiator 0 orders 2 1\nu0 : 4,4 6,4 8,4 10,4\nu5 : 4,44 6,44 8,44 10,44"
    st = position(f"{base}\nu1 supp=1 : 10,10 12,10 8,10 14,10 6,10")
    assert activation.actions_available(st, 1) == 1 and not reaction.can_react(st, 1)
    assert not st.is_retreating(1)
    st = position(f"{base}\nu1 supp=6 : 10,10 12,10 8,10 14,10 6,10")
    assert st.is_retreating(1)
    play(st, "regroup u1")
    assert st.supp[1] == 0 and not st.is_retreating(1)
