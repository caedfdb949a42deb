"""Dust Warfare's domain words, defined once and imported everywhere else (dust_warfare.md §1-§3).

Sides, unit types and armour classes, the miniature classes of §1.3, the terrain catalogue's
kinds and their effects, the special and weapon abilities, and the words the scenarios use. Data
files hold the enum values (strings), so a member and its value are interchangeable there.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum
from functools import lru_cache


class Faction(StrEnum):
    """The two blocs (DW-GEN-01); the Allies come first in setup (§5)."""

    ALLIES = "allies"
    AXIS = "axis"


class Role(StrEnum):
    """A roster entry's role in a platoon (DW-SET-01, §3.21.1 column Role)."""

    COMMAND = "C"
    SECTION = "S"
    SUPPORT = "Sp"
    HERO = "Hero"


class UnitType(StrEnum):
    """DW-UNIT-02, §1.2: Soldiers (infantry and heroes) and Vehicles (walkers)."""

    SOLDIER = "soldier"
    VEHICLE = "vehicle"


class ArmourClass(StrEnum):
    """The 14 target classes of a weapon line (DW-UNIT-04), in the order of its columns: Soldier
    1-4 and Vehicle 1-10 (§1.2)."""

    S1 = "S1"
    S2 = "S2"
    S3 = "S3"
    S4 = "S4"
    V1 = "V1"
    V2 = "V2"
    V3 = "V3"
    V4 = "V4"
    V5 = "V5"
    V6 = "V6"
    V7 = "V7"
    V8 = "V8"
    V9 = "V9"
    V10 = "V10"

    @property
    def unit_type(self) -> UnitType:
        return UnitType.SOLDIER if self.value[0] == "S" else UnitType.VEHICLE

    @property
    def level(self) -> int:
        return int(self.value[1:])

    @property
    def column(self) -> int:
        """This class's column in a weapon line (0 = S1 ... 13 = V10)."""
        return list(ArmourClass).index(self)

    @property
    def is_heavy(self) -> bool:
        """A Vehicle of armour 5 or more is a Heavy walker (DW-HVY-01)."""
        return self.unit_type is UnitType.VEHICLE and self.level >= HEAVY_ARMOUR


HEAVY_ARMOUR = 5  # DW-HVY-01


class Geometry(StrEnum):
    """The miniature classes of §1.3 (their radius and eye height are data, units.toml)."""

    SOLDIER = "soldier"
    LARGE_SOLDIER = "large_soldier"
    MEDIUM_WALKER = "medium_walker"
    HEAVY_WALKER = "heavy_walker"
    UNIT_MARKER = "unit_marker"


class MoveClass(IntEnum):
    """Movement classes (DW-TER-02): the catalogue's S, V and H columns, in that order."""

    SOLDIER = 0
    VEHICLE = 1
    HEAVY = 2


class TerrainKind(StrEnum):
    """The terrain catalogue's type ids (§3.3)."""

    WOOD = "T-WOOD"
    RUIN = "T-RUIN"
    BUILDING = "T-BLDG"
    WALL = "T-WALL"
    HILL = "T-HILL"
    SHALLOW_WATER = "T-WSH"
    DEEP_WATER = "T-WDP"
    WIRE = "T-WIRE"
    TANK_TRAP = "T-TRAP"
    MINEFIELD = "T-MINE"


WATER = frozenset({TerrainKind.SHALLOW_WATER, TerrainKind.DEEP_WATER})  # DW-TER-08, DW-ABL-03


class LosClass(StrEnum):
    """How a piece affects line of sight (DW-GEO-11, DW-GEO-12). "blocking" and "blocking by
    height" both use the height test of DW-GEO-11; the catalogue keeps its own words."""

    OBSCURING = "obscuring"
    BLOCKING = "blocking"
    BLOCKING_BY_HEIGHT = "blocking_by_height"
    CLEAR = "clear"

    @property
    def blocks(self) -> bool:
        return self in (LosClass.BLOCKING, LosClass.BLOCKING_BY_HEIGHT)


class Cover(IntEnum):
    """Cover levels (DW-ATK-07): none 0, soft 1, hard 2; Hit the Dirt and Dug-In can reach 3."""

    NONE = 0
    SOFT = 1
    HARD = 2


MAX_COVER = 3  # DW-ATK-07


class Passability(StrEnum):
    """A piece's effect on one movement class (DW-TER-03)."""

    CLEAR = "clear"
    DIFFICULT = "difficult"
    IMPASSABLE = "impassable"


class Surface(StrEnum):
    """Whether a miniature can stand on top of a piece (DW-GEO-04 elevation, DW-TER-07): a hill
    by every class, a roof only by Climb or Jump, otherwise not at all (catalogue "Climbable")."""

    NONE = "no"
    OPEN = "yes"
    ROOF = "roof"


class Mount(StrEnum):
    """A vehicle weapon's mount (DW-GEO-08): front half-plane or 360° turret."""

    FRONT = "F"
    TURRET = "T"


class WeaponAbility(StrEnum):
    """Weapon special abilities (DW-WPN-01..10)."""

    ARTILLERY = "artillery"
    BURST = "burst"
    CLOSE_COMBAT = "close_combat"
    GRENADES = "grenades"
    LASERS = "lasers"
    PENETRATOR = "penetrator"
    PHASERS = "phasers"
    RELOADABLE = "reloadable"
    SPRAY = "spray"
    TANK_KILLER = "tank_killer"


class Ability(StrEnum):
    """Special abilities of units and miniatures (DW-ABL-01..25)."""

    AGILE = "agile"
    AIR_DROP = "air_drop"
    AMPHIBIOUS = "amphibious"
    BLACK_OPS = "black_ops"
    BLUTKREUZ_APE = "blutkreuz_ape"
    BLUTKREUZ_ZOMBIE = "blutkreuz_zombie"
    CARRY_CAPACITY = "carry_capacity"
    CHARGE = "charge"
    CLIMB = "climb"
    FRENZY = "frenzy"
    JUMP = "jump"
    MECHANIC = "mechanic"
    MEDIC = "medic"
    RADIOMAN = "radioman"
    HEROIC_STAND = "heroic_stand"
    RESERVED = "reserved"
    SCOUT_VEHICLE = "scout_vehicle"
    SELF_REPAIR = "self_repair"
    SNIPER = "sniper"
    TANK_HEAD = "tank_head"
    COMMAND_SQUAD = "command_squad"
    WHEELS = "wheels"
    WIEDERBELEBUNGSSERUM = "wiederbelebungsserum"
    SPOTTER = "spotter"
    TRACKS = "tracks"


# DW-ABL-00: "(Общий)" abilities pass from any one miniature (a joined Hero included) to its unit.
SHARED_ABILITIES = frozenset(
    {
        Ability.AGILE,
        Ability.AIR_DROP,
        Ability.AMPHIBIOUS,
        Ability.CHARGE,
        Ability.CLIMB,
        Ability.HEROIC_STAND,
        Ability.RESERVED,
        Ability.SNIPER,
        Ability.BLACK_OPS,
    }
)
SOLDIER_ONLY_ABILITIES = frozenset({Ability.CLIMB})  # DW-ABL-09
VEHICLE_ONLY_ABILITIES = frozenset(
    {Ability.CARRY_CAPACITY, Ability.SELF_REPAIR, Ability.SCOUT_VEHICLE, Ability.WHEELS, Ability.TRACKS}
)  # DW-ABL-07, -17, -18, -22, -25: each speaks of "the vehicle"


class HeroTrait(StrEnum):
    """Heroic Inspiration or Intimidation (DW-HERO-06)."""

    INSPIRATION = "inspiration"
    INTIMIDATION = "intimidation"


class Edge(StrEnum):
    """Table edges (DW-GEO-01): the long edges y=0 (south) and y=depth (north), the short edges
    x=0 (west) and x=width (east)."""

    SOUTH = "south"
    NORTH = "north"
    WEST = "west"
    EAST = "east"

    @property
    def is_long(self) -> bool:
        return self in (Edge.SOUTH, Edge.NORTH)

    @property
    def opposite(self) -> Edge:
        return {Edge.SOUTH: Edge.NORTH, Edge.NORTH: Edge.SOUTH, Edge.WEST: Edge.EAST, Edge.EAST: Edge.WEST}[
            self
        ]


LONG_EDGES = (Edge.SOUTH, Edge.NORTH)


class Formation(StrEnum):
    """The formation templates of the canonical candidate set (DW-GEO-17 (b))."""

    LINE = "line"
    COLUMN = "column"
    CLUSTER = "cluster"


class TerrainMethod(StrEnum):
    """How a scenario's terrain is set: a fixed map, or alternate placement (DW-BTL-01)."""

    MAP = "map"
    PLACEMENT = "placement"


class ArmyChoice(StrEnum):
    """Which armies a scenario plays: the fixed starter lists (DW-FB-01) or any legal list."""

    STARTER = "starter"
    ANY = "any"


class RollOffChoice(StrEnum):
    """What the deployment roll-off winner chooses (D-04): a long edge, the deployment order."""

    EDGE = "edge"
    ORDER = "order"


class ZoneKind(StrEnum):
    """Deployment zones: a strip along the owner's long edge, or anywhere (Night Encounter)."""

    EDGE_STRIP = "edge_strip"
    ANYWHERE = "anywhere"


class Reserves(StrEnum):
    """Which units may start off-table (DW-SET-06): those with Reserved or Air drop only, or any."""

    ABILITIES = "abilities"
    ALLOWED = "allowed"


class Initiative(StrEnum):
    """DW-CAMP-05: initiative "as usual" each turn, or a fixed Initiating player in turn 1."""

    USUAL = "usual"
    FIXED_FIRST_TURN = "fixed_first_turn"


class HeroRule(StrEnum):
    """Whether Heroes may be fielded: freely, or by both players or neither (DW-FB-01)."""

    ALLOWED = "allowed"
    BOTH_OR_NEITHER = "both_or_neither"


class SecretObjective(StrEnum):
    """The Secret Mission Objectives list (DW-SM-10)."""

    ASSASSINATION = "SO-1"
    BREAKTHROUGH = "SO-2"
    HOLD_THE_CENTRE = "SO-3"
    ANNIHILATION = "SO-4"
    PRESERVE_THE_FORCE = "SO-5"
    RECONNAISSANCE = "SO-6"


class Status(StrEnum):
    """Where a unit is: waiting to deploy, on the table, off-table in reserve (DW-SET-06), or
    destroyed (DW-UNIT-11: no miniature left, or it left the table by a retreat)."""

    PENDING = "pending"
    TABLE = "table"
    RESERVE = "reserve"
    EMBARKED = "embarked"  # aboard a friendly vehicle (DW-ABL-07, rules/transport.py)
    DESTROYED = "destroyed"
    HIDDEN = "hidden"  # on the table as a face-down unit marker (DW-BTL-06, rules/hidden.py)


class Phase(StrEnum):
    """Where the game is (DW-SET-04, DW-TURN-02)."""

    SETUP = "setup"
    DEPLOYMENT = "deployment"
    INITIATIVE = "initiative"
    COMMAND = "command"
    UNITS = "units"
    END = "end"
    OVER = "over"


# ---------------------------------------------------------------- words a player reads
# Engine texts name units by id ("u5") and shapes by template and angle ("column 180"); the options'
# words (render.describe) and the browser's table say them as a player would, with the typed texts
# unchanged. Angles are the geometry's: degrees anticlockwise from east, so 90 faces north (the
# y = depth edge, DW-GEO-01) and the 45° headings of DW-GEO-17 (b) and 22.5° facings of
# DW-GEO-17 (c) fall on the 16 points of the compass.

COMPASS = (
    "east",
    "east-north-east",
    "north-east",
    "north-north-east",
    "north",
    "north-north-west",
    "north-west",
    "west-north-west",
    "west",
    "west-south-west",
    "south-west",
    "south-south-west",
    "south",
    "south-south-east",
    "south-east",
    "east-south-east",
)

SIDE_NAME = {Faction.ALLIES: "Allies", Faction.AXIS: "Axis"}


def compass(degrees: float, points: int = 16) -> str:
    """The compass point nearest an angle (0 east, 90 north: DW-GEO-01's axes), of 16 points or
    of the coarser 8 or 4 (which name a part of the table: "the north-east Woods")."""
    step = len(COMPASS) // points
    return COMPASS[round((degrees % 360) / (360 / points)) % points * step]


def formation_words(template: str, heading: float) -> str:
    """A follower template and heading (DW-GEO-17 (b)) as a player says it: a line or a column
    faces its heading (a column's followers file behind the leader); a cluster's rings turn with
    it, so its heading says where the first follower stands."""
    if template == Formation.CLUSTER:
        return f"clustered round the leader, the first follower to the {compass(heading)}"
    shape = "in line" if template == Formation.LINE else "in column"
    return f"{shape}, facing {compass(heading)}"


def facing_words(degrees: float) -> str:
    """A walker's facing (DW-GEO-07, DW-GEO-17 (c)) on the compass."""
    return f"facing {compass(degrees)}"


@lru_cache(maxsize=16)  # one per configured game's units
def unit_titles(units: tuple[tuple[str, Faction], ...]) -> tuple[str, ...]:
    """Each unit's name as on its card with its side, given (name, faction) in unit order: "Grenadier
    Command Squad (Kommandotrupp) (Axis)". Two units of one side with the same name are told
    apart by a number in unit order ("Laser Grenadiers 2 (Axis)"), the number the browser's board
    shows beside them."""
    counts: dict[tuple[str, Faction], int] = {}
    for key in units:
        counts[key] = counts.get(key, 0) + 1
    seen: dict[tuple[str, Faction], int] = {}
    titles = []
    for key in units:
        seen[key] = seen.get(key, 0) + 1
        number = f" {seen[key]}" if counts[key] > 1 else ""
        titles.append(f"{key[0]}{number} ({SIDE_NAME[key[1]]})")
    return tuple(titles)
