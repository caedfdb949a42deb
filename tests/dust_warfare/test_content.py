"""Dust Warfare's data files (dust_warfare.md §1.3, §3.3, §3.19, §3.21): every unit, weapon, army
list and scenario present with the digest's values, the army lists checked against their points
and DW-SET rules, and malformed files (copies under tmp_path) refused with an error naming the
file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from warroom.core.errors import CorruptDataError
from warroom.games.dust_warfare.content import (
    DATA,
    FISTS,
    Content,
    Dice,
    default_content,
    load_armies,
    load_content,
)
from warroom.games.dust_warfare.scenario import battlefield, load_scenario, load_scenarios, shipped
from warroom.games.dust_warfare.words import (
    Ability,
    ArmourClass,
    ArmyChoice,
    Faction,
    Geometry,
    HeroRule,
    Mount,
    Role,
    SecretObjective,
    TerrainKind,
    TerrainMethod,
    WeaponAbility,
    ZoneKind,
)

AP = {  # §3.21.1
    "U-A01": 25, "U-A02": 20, "U-A03": 20, "U-A04": 30, "U-A05": 12, "U-A06": 40, "U-A07": 40,
    "U-A08": 90, "U-A09": 30, "U-X01": 25, "U-X02": 30, "U-X03": 20, "U-X04": 20, "U-X05": 40,
    "U-X06": 40, "U-X07": 90, "U-X08": 30, "U-X09": 35, "U-X10": 25, "U-X11": 12,
}  # fmt: skip
WEAPONS = ["W-G01", *(f"W-A{i:02}" for i in range(1, 17)), *(f"W-X{i:02}" for i in range(1, 14))]


@pytest.fixture(scope="module")
def content() -> Content:
    return default_content()


@pytest.fixture
def data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def corrupt(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def refused(data: Path, *parts: str) -> None:
    with pytest.raises(CorruptDataError) as info:
        load_scenarios(data / "scenarios", load_content(data))
    for part in parts:
        assert part in str(info.value), (part, str(info.value))


# ---------------------------------------------------------------- what the files hold


def test_every_unit_of_the_roster_and_the_fixtures(content):
    """§3.21.1: 20 roster units with their AP, 3 test-only fixtures; DW-UNIT-12 (AP per unit)."""
    assert {u: content.units[u].ap for u in AP} == AP
    assert sorted(content.units) == sorted([*AP, "U-T01", "U-T02", "U-T03"])
    assert all(content.units[u].test_only for u in ("U-T01", "U-T02", "U-T03"))
    boss = content.units["U-A01"]
    assert (boss.faction, boss.role, boss.armour, boss.miniatures) == (
        Faction.ALLIES,
        Role.COMMAND,
        ArmourClass.S2,
        4,
    )
    assert (boss.move, boss.damage, boss.leadership) == (6, 1, 12)
    punisher = content.units["U-A08"]
    assert (punisher.armour, punisher.damage, punisher.carry_capacity) == (ArmourClass.V7, 10, 6)  # P16


def test_every_weapon_with_its_profile(content):
    """§3.21.3 and DW-UNIT-04: the 30 weapon lines, D/X per target class, "—" = cannot attack."""
    assert sorted(content.weapons) == sorted(WEAPONS)
    bar = content.weapons["W-A03"]
    assert bar.dice(ArmourClass.S2) == Dice(2, 1) and bar.dice(ArmourClass.V1) == Dice(1, 1)
    assert bar.dice(ArmourClass.V2) is None and bar.has(WeaponAbility.BURST)
    howitzer = content.weapons["W-A14"]
    assert (howitzer.reach.minimum, howitzer.reach.maximum) == (12, 72)
    assert howitzer.dice(ArmourClass.V10) == Dice(1, 2)
    assert content.weapons["W-A15"].reach.maximum == 1  # "C": within 1" (DW-WPN-03)


def test_artillery_minimum_range_and_close_combat_ranges(content):
    """DW-WPN-01: Artillery's range is min–max with a minimum of at least 12"; DW-WPN-03: every
    close combat weapon has range "C" and no other does."""
    for weapon in content.weapons.values():
        assert (weapon.range == "C") == weapon.has(WeaponAbility.CLOSE_COMBAT)
        if weapon.has(WeaponAbility.ARTILLERY):
            assert weapon.reach.minimum >= 12


def test_twin_mg48_cannot_hit_the_punisher(content):
    """EDGE-22 has the Punisher (V7) hit by a Twin MG 48 attack, but W-X09's line reads "—" from
    V3 on: by the data table that attack rolls no dice. The data is kept verbatim; the example is
    the inconsistent one (reported)."""
    assert content.weapons["W-X09"].dice(ArmourClass.V7) is None
    assert content.weapons["W-X05"].dice(ArmourClass.V7) is None  # MG 48 neither


def test_loadouts_leader_first_and_fists(content):
    """§3.21.2: loadout rows in unit data order, the first miniature is the default Unit Leader
    (DW-UNIT-07); DW-WPN-03: a Soldier with no Close Combat weapon also has Fists (W-G01)."""
    gunners = content.miniatures("U-A02")
    assert [m.role for m in gunners] == [
        "Sergeant (leader)",
        "BAR gunner",
        "BAR gunner",
        "Rifleman",
        "Rifleman",
    ]
    assert gunners[0].is_leader and not gunners[1].is_leader
    assert [w.id for w in gunners[1].weapons] == ["W-A03", "W-A07", FISTS]
    bbq = content.miniatures("U-A04")
    assert all(FISTS not in [w.id for w in m.weapons] for m in bbq)  # Demo charges are close combat
    pounder = content.miniatures("U-A06")[0]
    assert [(w.id, m) for w, m in zip(pounder.weapons, pounder.mounts, strict=True)] == [
        ("W-A12", Mount.TURRET),
        ("W-A10", Mount.FRONT),
    ]
    punisher = content.miniatures("U-A08")[0]
    assert [w.id for w in punisher.weapons] == ["W-A14", "W-A11", "W-A10", "W-A10"]  # W-A10 ×2
    assert punisher.mounts == (Mount.TURRET, Mount.TURRET, Mount.FRONT, Mount.FRONT)


def test_ex09_gunners_dice_against_s2(content):
    """EX-09 step 3: the Gunners roll 3 dice of W-A01 (Sergeant and two Riflemen, 1 each) and 4 of
    W-A03 (two BARs, 2 each) against the S2 Laser Grenadiers (DW-ATK-05)."""
    dice: dict[str, int] = {}
    for miniature in content.miniatures("U-A02"):
        for weapon in miniature.weapons:
            entry = weapon.dice(ArmourClass.S2)
            if entry and weapon.id in ("W-A01", "W-A03"):
                dice[weapon.id] = dice.get(weapon.id, 0) + entry.dice
    assert dice == {"W-A01": 3, "W-A03": 4}


def test_vehicles_single_miniature_with_mounts_and_walker_bases(content):
    """DW-UNIT-13 (vehicles are one-miniature units), DW-GEO-09 (each vehicle weapon's mount is
    data), DW-HVY-01 (V5+ is a Heavy walker: base 2.5", eye 5"; V1-4 medium: 1.5", 3")."""
    for unit in content.units.values():
        if not unit.is_vehicle:
            continue
        assert unit.miniatures == 1
        assert all(len(row.mounts) == len(row.weapons) for row in unit.loadout)
        kind = content.base_kind(unit.id)
        assert (kind.radius, kind.height) == ((2.5, 5.0) if unit.armour.level >= 5 else (1.5, 3.0))
        assert unit.is_heavy == (unit.armour.level >= 5)


def test_geometry_constants(content):
    """§1.3: base radius and eye height of every miniature class."""
    sizes = {k: (b.radius, b.height) for k, b in content.bases.items()}
    assert sizes == {
        Geometry.SOLDIER: (0.5, 1.0),
        Geometry.LARGE_SOLDIER: (0.75, 1.5),
        Geometry.MEDIUM_WALKER: (1.5, 3.0),
        Geometry.HEAVY_WALKER: (2.5, 5.0),
        Geometry.UNIT_MARKER: (1.0, 1.0),
    }
    assert content.base_kind("U-X09").kind is Geometry.LARGE_SOLDIER


def test_shared_abilities(content):
    """DW-ABL-00: a shared ability of one miniature (Sniper) is the whole unit's; a miniature-only
    one (Spotter, Radioman) is not."""
    snipers = content.units["U-A05"].all_abilities
    assert Ability.SNIPER in snipers and Ability.SPOTTER not in snipers
    assert Ability.RADIOMAN not in content.units["U-A01"].all_abilities


def test_terrain_catalogue(content):
    """§3.3 (DW-TER-01): every catalogue type; DW-TER-06 partially impassable: ruins stop only
    Heavy walkers, tank traps every vehicle; DW-TER-08 water."""
    assert set(content.terrain) == set(TerrainKind)
    ruin, trap = content.terrain[TerrainKind.RUIN], content.terrain[TerrainKind.TANK_TRAP]
    assert [e.value for e in ruin.effects] == ["clear", "difficult", "impassable"]
    assert [e.value for e in trap.effects] == ["clear", "impassable", "impassable"]
    deep, shallow = content.terrain[TerrainKind.DEEP_WATER], content.terrain[TerrainKind.SHALLOW_WATER]
    assert [e.value for e in deep.effects] == ["impassable", "impassable", "difficult"]
    assert [e.value for e in shallow.effects] == ["difficult", "difficult", "clear"]
    assert dict(content.placement.pool) == {"T-WOOD": 2, "T-RUIN": 2, "T-BLDG": 1, "T-WALL": 2, "T-HILL": 1}


# ---------------------------------------------------------------- army lists


def test_starter_lists_and_their_points(content):
    """§3.21.5 and DW-SET-02: both starter lists are 135 AP, 165 with the optional Hero (over the
    150 AP default, which the fixed lists of DW-FB-01 do not use); EDGE-18: the Allied list with
    Rhino is 6 units for the command pool."""
    allies, axis = content.starter(Faction.ALLIES), content.starter(Faction.AXIS)
    assert allies.unit_ids(optional_heroes=False) == ("U-A01", "U-A02", "U-A03", "U-A04", "U-A06")
    assert axis.unit_ids() == ("U-X01", "U-X02", "U-X03", "U-X04", "U-X05", "U-X08")
    for army in (allies, axis):
        assert army.points(content) == army.ap == 135
        assert army.points(content, optional_heroes=True) == 165
    assert len(allies.unit_ids()) == 6
    assert allies.platoon[0].hero is not None and allies.platoon[0].hero.joins == "U-A03"
    assert axis.platoon[0].hero is not None and axis.platoon[0].hero.joins == "U-X02"
    assert set(content.extended[Faction.ALLIES]) == {"U-A05", "U-A07", "U-A08"}
    assert set(content.extended[Faction.AXIS]) == {"U-X06", "U-X07", "U-X09", "U-X10", "U-X11"}


ARMY = """
[[army]]
id = "mine"
name = "My Allied platoon"
faction = "allies"
limit = 150

[[army.platoon]]
command = "U-A01"
first_section = "U-A02"
sections = ["U-A03"]
support = ["U-A05", "U-A06"]
hero = { unit = "U-A09", joins = "U-A03" }
"""


def write_army(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "my-army.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_user_army_file_loads(tmp_path, content):
    """DW-SET-01/02: a platoon within its roles and caps and 147 AP ≤ 150 loads."""
    (army,) = load_armies(write_army(tmp_path, ARMY), content)
    assert army.points(content) == 25 + 20 + 20 + 12 + 40 + 30


@pytest.mark.parametrize(
    ("old", "new", "field", "why"),
    [
        ('command = "U-A01"', 'command = "U-A99"', "platoon.0.command", "unknown unit"),
        ('first_section = "U-A02"', 'first_section = "U-A05"', "platoon.0.first_section", "needs S"),
        ('command = "U-A01"', 'command = "U-X01"', "platoon.0.command", "not in the allies roster"),
        ('support = ["U-A05", "U-A06"]', 'support = ["U-A05", "U-T01"]', "platoon.0.support.1", "test-only"),
        ('sections = ["U-A03"]', f"sections = {['U-A03'] * 4}", "platoon.0.sections", "at most 3"),
        ('support = ["U-A05", "U-A06"]', f"support = {['U-A05'] * 4}", "platoon.0.support", "at most 3"),
        ('joins = "U-A03"', 'joins = "U-A06"', "platoon.0.hero.joins", "Soldier unit"),
        ('joins = "U-A03"', 'joins = "U-A04x"', "platoon.0.hero.joins", "not a unit of this platoon"),
        ('hero = { unit = "U-A09"', 'hero = { unit = "U-A03"', "platoon.0.hero.unit", "needs Hero"),
        ("limit = 150", "limit = 140", "limit", "over its limit of 140"),
        ('name = "My Allied platoon"', 'name = "x"\nap = 100', "ap", "stated 100 AP"),
        ('faction = "allies"', 'faction = "soviets"', "faction", "allies"),
        ('name = "My Allied platoon"', 'name = "x"\ncolour = "red"', "colour", "Extra inputs"),
    ],
)
def test_bad_army_refused(tmp_path, content, *, old, new, field, why):
    """DW-SET-01 (structure, roles, faction, no fixtures), DW-HERO-02 (joins a Soldier unit of its
    platoon), DW-SET-02 (points limit): each refusal names the file, the entry and the field."""
    text = ARMY.replace(old, new, 1)
    assert text != ARMY
    with pytest.raises(CorruptDataError) as info:
        load_armies(write_army(tmp_path, text), content)
    message = str(info.value)
    assert message.startswith("my-army.toml: [[army]] #1 (mine), field "), message
    assert f"field {field}" in message and why in message, message


def test_hero_cannot_join_zombies(tmp_path, content):
    """DW-HERO-02 / DW-ABL-06: no Hero joins Blutkreuz Untertoten; DW-ABL-05: only a Blutkreuz ape
    Hero joins the Gorillas (none exists)."""
    for target in ("U-X10", "U-X09"):
        text = f"""
[[army]]
id = "axis"
name = "Axis"
faction = "axis"
limit = 300

[[army.platoon]]
command = "U-X01"
first_section = "{target}"
hero = {{ unit = "U-X08", joins = "{target}" }}
"""
        with pytest.raises(CorruptDataError, match=r"\(axis\), field platoon.0.hero.joins: .*Blutkreuz"):
            load_armies(write_army(tmp_path, text), content)


def test_shipped_starter_list_corrupted(data):
    """The shipped armies.toml goes through the same checks: a wrong stated total is refused."""
    corrupt(data / "armies.toml", "ap = 135", "ap = 130")
    refused(
        data, "armies.toml: [[army]] #1 (allied_starter), field ap:", "stated 130 AP, the units add up to 135"
    )


# ---------------------------------------------------------------- scenarios


def test_first_battle(content):
    """DW-FB-01..07 and §3.21.4: the map's 8 pieces as rectangles with their heights, the Mill at
    (36, 24) worth 50 SP, 12" zones chosen by the roll-off winner, 5 turns, starter lists, Heroes
    by both or neither, no fortifications, elimination scoring."""
    fb = shipped()["first_battle"]
    pieces = {p.id: (p.type.value, p.rect, p.height) for p in fb.terrain.piece}
    assert pieces == {
        "M1": ("T-RUIN", (32, 20, 40, 28), 4),
        "M2": ("T-WOOD", (8, 16, 16, 24), 6),
        "M3": ("T-WOOD", (56, 24, 64, 32), 6),
        "M4": ("T-BLDG", (50, 12, 56, 18), 6),
        "M5": ("T-WALL", (26, 15.75, 34, 16.25), 0.75),
        "M6": ("T-WALL", (38, 31.75, 46, 32.25), 0.75),
        "M7": ("T-HILL", (16, 30, 26, 38), 2),
        "M8": ("T-WSH", (64, 16, 72, 18), 0),
    }
    (mill,) = fb.objective
    assert (mill.point, mill.control, mill.sp) == ((36, 24), 3, 50)
    assert fb.deployment.zone is ZoneKind.EDGE_STRIP and fb.deployment.depth == 12
    assert {c.value for c in fb.deployment.choice} == {"edge", "order"}
    assert fb.armies is ArmyChoice.STARTER and fb.heroes is HeroRule.BOTH_OR_NEITHER
    assert fb.fortifications is None and fb.victory.elimination


def test_turn_counts_and_seed_scenarios(content):
    """DW-TURN-01: Front Lines 6, Night Encounter 5, Secret Mission 6, First Battle 5; the seed
    scenarios' data: DW-FL-01 (18" band), DW-FL-04 (3 minefields, 2 live at Density 2, 2
    barriers), DW-FL-08 (12" breakthrough), DW-NE-07 (12" marker spacing, 6" fallback), DW-NE-10
    (limited visibility), DW-NE-12 (50 SP per hidden marker), DW-SM-06 (9" zones, oversize
    exception), DW-SM-09 (the public centre marker), DW-SM-10 (six objectives), DW-SM-11 (+75)."""
    turns = {s.id: s.battle_length for s in shipped().values()}
    assert turns == {"first_battle": 5, "front_lines": 6, "night_encounter": 5, "secret_mission": 6}
    fl, ne, sm = (shipped()[k] for k in ("front_lines", "night_encounter", "secret_mission"))
    assert fl.terrain.method is TerrainMethod.PLACEMENT and fl.terrain.band == 18 and fl.terrain.ruin_per_half
    assert fl.fortifications is not None
    assert (fl.fortifications.minefields, fl.fortifications.live, fl.fortifications.density) == (3, 2, 2)
    assert fl.fortifications.barriers == 2 and fl.fortifications.dug_in == 1
    assert fl.victory.breakthrough == 12 and fl.deployment.roll_off_before_terrain
    assert (ne.deployment.marker_spacing, ne.deployment.marker_spacing_fallback) == (12, 6)
    assert ne.limited_visibility and ne.camouflage and ne.victory.concealment_sp == 50
    assert ne.deployment.zone is ZoneKind.ANYWHERE
    assert sm.deployment.depth == 9 and sm.deployment.oversize_touching_edge
    assert [o.point for o in sm.objective] == [(36, 24)]
    assert [o.id for o in sm.secret_objective] == list(SecretObjective)
    assert sm.victory.secret_objective_sp == 75


HOUSE = "[[terrain.piece]] #2 (house)"
SCENARIO = """
id = "skirmish"
name = "Custom skirmish"
turns = "variable"

[table]
width = 60
depth = 44

[terrain]
method = "map"

[[terrain.piece]]
id = "hill"
type = "T-HILL"
polygon = [[10, 10], [20, 10], [15, 18]]

[[terrain.piece]]
id = "house"
type = "T-BLDG"
rect = [30, 20, 36, 26]
height = 6

[deployment]
choice = ["edge"]
first = "winner"
zone = "edge_strip"
depth = 10

[[objective]]
id = "well"
name = "the well"
point = [30, 22]
sp = 50

[victory]
elimination = true
"""


def write_scenario(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "skirmish.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_user_scenario_file_loads(tmp_path, content):
    """DW-CAMP-05: a custom scenario with its table size, a polygon map, zones and victory loads
    and becomes a battlefield."""
    scenario = load_scenario(write_scenario(tmp_path, SCENARIO), content)
    board = battlefield(scenario, content)
    assert (board.width, board.depth) == (60, 44) and scenario.battle_length is None
    assert [p.id for p in board.pieces_at(15, 12)] == ["hill"]


@pytest.mark.parametrize(
    ("old", "new", "entry", "field", "why"),
    [
        ("rect = [30, 20, 36, 26]", "rect = [56, 20, 62, 26]", HOUSE, "rect", "not wholly on"),
        ("height = 6", "height = 5", HOUSE, "height", "T-BLDG type is 6"),
        ('type = "T-BLDG"', 'type = "T-CASTLE"', HOUSE, "type", "T-WOOD"),
        ('id = "house"', 'id = "hill"', "[[terrain.piece]] #2 (hill)", "id", "duplicate"),
        (
            "polygon = [[10, 10], [20, 10], [15, 18]]",
            "polygon = [[10, 10], [20, 20], [20, 10], [10, 20]]",
            "[[terrain.piece]] #1 (hill)",
            "polygon",
            "not a simple polygon",
        ),
        ("point = [30, 22]", "point = [70, 22]", "[[objective]] #1 (well)", "point", "off the table"),
        ('turns = "variable"', "turns = 8", "scenario skirmish", "turns", "Input should be"),
        ("depth = 10", "depth = 30", "scenario skirmish", "deployment.depth", "overlap"),
        ('first = "winner"\n', "", "scenario skirmish", "deployment.first", "chooses the order"),
        (
            "sp = 50\n\n[victory]\nelimination = true",
            "sp = 0\n\n[victory]\nelimination = false",
            "scenario skirmish",
            "victory",
            "no way to score",
        ),
    ],
)
def test_bad_scenario_refused(tmp_path, content, *, old, new, entry, field, why):
    """A user-written scenario is refused naming the file, the entry and the field (DW-CAMP-05,
    DW-TER-01 heights, DW-GEO-01 table)."""
    text = SCENARIO.replace(old, new, 1)
    assert text != SCENARIO
    with pytest.raises(CorruptDataError) as info:
        load_scenario(write_scenario(tmp_path, text), content)
    message = str(info.value)
    assert message.startswith(f"skirmish.toml: {entry}, field "), message
    assert f"field {field}" in message and why in message, message


# ---------------------------------------------------------------- malformed shipped files


def test_copied_data_loads(data):
    content = load_content(data)
    assert len(content.units) == 23
    assert sorted(load_scenarios(data / "scenarios", content)) == sorted(shipped())


GUNNERS = 'miniatures = 5\nmove = 6\ndamage = 1\nbase = "soldier"\nleadership = 6\nap = 20'
PUNISHER = 'base = "heavy_walker"\nabilities = ["carry'
GARAND = '"2/1", "1/1", "1/1", "—"'
FB = "scenarios/first-battle.toml"


@pytest.mark.parametrize(
    ("file", "old", "new", "parts"),
    [
        (
            "units.toml",
            GUNNERS,
            GUNNERS.replace("= 5", "= 4"),
            ["[[unit]] #2 (U-A02), field loadout:", "5 miniatures"],
        ),
        (
            "units.toml",
            '["W-A01", "W-A07"]',
            '["W-A01", "W-Z99"]',
            ["(U-A02), field loadout.0.weapons.1: unknown"],
        ),
        ("units.toml", 'class = "S2"', 'class = "S5"', ["units.toml: [[unit]] #1 (U-A01), field class"]),
        (
            "units.toml",
            'mounts = ["T", "F"]',
            'mounts = ["T"]',
            ["(U-A06), field loadout:", "one mount per weapon"],
        ),
        ("units.toml", 'hero_trait = "inspiration"\n', "", ["(U-A09), field hero_trait:", "only a Hero"]),
        (
            "units.toml",
            "ap = 25\nevidence",
            "evidence",
            ["#1 (U-A01), field ap:", "required for a roster unit"],
        ),
        (
            "units.toml",
            PUNISHER,
            PUNISHER.replace("heavy", "medium"),
            ["(U-A08), field base:", "heavy_walker base"],
        ),
        ("units.toml", "radius = 0.5\n", "radius = -0.5\n", ["[[base]] #1 (soldier), field radius"]),
        (
            "weapons.toml",
            GARAND,
            GARAND.replace('"1/1"', '"x/1"', 1),
            ["[[weapon]] #2 (W-A01), field profile", "S2"],
        ),
        (
            "weapons.toml",
            'range = "24"\nprofile = ["2/1"',
            'range = "2 4"\nprofile = ["2/1"',
            ["(W-A01), field range"],
        ),
        ("weapons.toml", 'range = "12–72"', 'range = "6–72"', ["(W-A14), field abilities:", "DW-WPN-01"]),
        ("weapons.toml", 'range = "C"', 'range = "1"', ["(W-G01), field abilities:", "DW-WPN-03"]),
        ("weapons.toml", '["close_combat"]', '["close_combat", "sharp"]', ["(W-G01), field abilities.1"]),
        (
            "terrain.toml",
            'los = "obscuring"',
            'los = "foggy"',
            ["terrain.toml: [[terrain]] #1 (T-WOOD), field los"],
        ),
        (FB, "rect = [64, 16, 72, 18]", "rect = [64, 16, 73, 18]", ["[[terrain.piece]] #8 (M8), field rect"]),
        (FB, "turns = 5", "turns = 4", ["first-battle.toml: scenario first_battle, field turns"]),
    ],
)
def test_malformed_data_refused(data, *, file, old, new, parts):
    """Every data file is validated on load: the error names the file, the entry and the field."""
    corrupt(data / file, old, new)
    refused(data, *parts)


def test_unreadable_toml_refused(data):
    (data / "weapons.toml").write_text("[[weapon]\n", encoding="utf-8")
    refused(data, "weapons.toml")
