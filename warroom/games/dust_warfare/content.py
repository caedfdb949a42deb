"""Dust Warfare's content, loaded from `data/*.toml` and validated (dust_warfare.md §1.3, §3.3,
§3.21): miniature bases, the terrain catalogue, weapons, units with their loadouts and army lists
(the scenarios are in `scenario`).

Content is data; the rules that interpret it are code. Every entry is checked by a pydantic model
(through `warroom.core.datafile`) and against the rest of the content (a unit's weapons exist, an
army list obeys DW-SET-01/02 and DW-HERO-02), and every error is one `CorruptDataError` naming
the file, the entry and the field. A user-written army file goes through the same checks
(`load_armies`, or `armies_from_text` for a file's text that never lay on disk, e.g. an upload).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any, Literal, NamedTuple, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from warroom.core.datafile import read_toml, read_toml_text, validate
from warroom.core.errors import CorruptDataError
from warroom.games.dust_warfare.geometry import CLOSE_COMBAT, Base, MoveProfile, Reach
from warroom.games.dust_warfare.words import (
    SHARED_ABILITIES,
    SOLDIER_ONLY_ABILITIES,
    VEHICLE_ONLY_ABILITIES,
    Ability,
    ArmourClass,
    Cover,
    Faction,
    Geometry,
    HeroTrait,
    LosClass,
    Mount,
    MoveClass,
    Passability,
    Role,
    Surface,
    TerrainKind,
    UnitType,
    WeaponAbility,
)

M = TypeVar("M", bound=BaseModel)
DATA = Path(__file__).parent / "data"
DEFAULT_POINTS_LIMIT = 150  # DW-SET-02
MAX_SECTIONS = 3  # DW-SET-01: 2nd to 4th Sections
MAX_SUPPORT = 3  # DW-SET-01
MIN_ARTILLERY_RANGE = 12  # DW-WPN-01
FISTS = "W-G01"  # DW-WPN-03: every Soldier without a Close Combat weapon has Fists
CoverName = Literal["none", "soft", "hard"]
_RANGE = re.compile(r"^(?:(?P<close>C)|(?:(?P<min>\d+(?:\.\d+)?)\s*[-–])?(?P<max>\d+(?:\.\d+)?))$")
_PROFILE = re.compile(r"^(?P<dice>\d+)/(?P<damage>\d+)$")
_NONE = ("—", "-")


class StrictModel(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


# ---------------------------------------------------------------- bases and terrain
#
# Checks that involve several fields sit on the field the problem is about, reading the fields
# declared before it (`info.data`), so a refusal names that field (a model-level check would
# only say "entry"). Such fields are validated even when left out (validate_default).


class BaseKind(StrictModel):
    """A §1.3 miniature class: base radius and eye height (DW-GEO-04)."""

    kind: Geometry
    name: str
    radius: float = Field(gt=0)
    height: float = Field(gt=0)


class TerrainType(StrictModel):
    """A row of the terrain catalogue (§3.3, DW-TER-01)."""

    kind: TerrainKind
    name: str
    footprint: tuple[float, float] | None = None
    radius: float | None = Field(default=None, gt=0)
    height: float = Field(ge=0)
    los: LosClass
    inside: CoverName
    behind: CoverName
    soldier: Passability
    vehicle: Passability
    heavy: Passability
    climbable: Surface

    @field_validator("footprint")
    @classmethod
    def _positive(cls, value: tuple[float, float] | None) -> tuple[float, float] | None:
        if value is not None and min(value) <= 0:
            raise ValueError("a footprint's width and depth must be positive")
        return value

    @field_validator("radius")
    @classmethod
    def _one_shape(cls, value: float | None, info: ValidationInfo) -> float | None:
        if value is not None and info.data.get("footprint") is not None:
            raise ValueError("a default footprint is a rectangle or a circle, not both")
        return value

    @property
    def effects(self) -> tuple[Passability, Passability, Passability]:
        """Per movement class, indexed by `MoveClass` (DW-TER-02/03)."""
        return self.soldier, self.vehicle, self.heavy


class PlacementRules(StrictModel):
    """DW-BTL-01: the default pool of pieces and the limits of terrain placement."""

    pool: dict[TerrainKind, int]
    spacing: float = Field(ge=0)
    lattice: float = Field(gt=0)
    rotations: tuple[int, ...] = Field(min_length=1)


# ---------------------------------------------------------------- weapons


class Dice(NamedTuple):
    """A weapon's entry for one target class: D dice per weapon, X damage per unsaved hit."""

    dice: int
    damage: int


def _range(text: str) -> Reach:
    match = _RANGE.match(text.strip())
    if match is None:
        raise ValueError(f'range {text!r} is not "C", "N" or "min–max"')
    if match["close"]:
        return CLOSE_COMBAT
    low = float(match["min"] or 0)
    high = float(match["max"])
    if not 0 <= low <= high or high <= 0:
        raise ValueError(f"range {text!r}: need 0 ≤ min ≤ max and max > 0")
    return Reach(low, high)


def _entry(text: str) -> Dice | None:
    if text.strip() in _NONE:
        return None
    match = _PROFILE.match(text.strip())
    if match is None or int(match["dice"]) < 1 or int(match["damage"]) < 1:
        raise ValueError(f'entry {text!r} is not "D/X" (D, X ≥ 1) or "—"')
    return Dice(int(match["dice"]), int(match["damage"]))


class Weapon(StrictModel):
    """A §3.21.3 weapon line (DW-UNIT-04): range and D/X per target class, with abilities."""

    id: str = Field(pattern=r"^W-[A-Z]\d\d$")
    name: str
    range: str
    profile: tuple[str, ...] = Field(min_length=len(ArmourClass), max_length=len(ArmourClass))
    abilities: tuple[WeaponAbility, ...] = Field(default=(), validate_default=True)

    @field_validator("range")
    @classmethod
    def _check_range(cls, value: str) -> str:
        _range(value)
        return value

    @field_validator("profile")
    @classmethod
    def _check_profile(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for column, text in zip(ArmourClass, value, strict=True):
            try:
                _entry(text)
            except ValueError as exc:
                raise ValueError(f"{column.value}: {exc}") from None
        if all(_entry(text) is None for text in value):
            raise ValueError("the weapon can attack no class")
        return value

    @field_validator("abilities")
    @classmethod
    def _fit_range(cls, value: tuple[WeaponAbility, ...], info: ValidationInfo) -> tuple[WeaponAbility, ...]:
        text = info.data.get("range")
        if text is None:
            return value
        if (text.strip() == "C") != (WeaponAbility.CLOSE_COMBAT in value):
            raise ValueError('range "C" and the close_combat ability go together (DW-WPN-03)')
        if WeaponAbility.ARTILLERY in value and _range(text).minimum < MIN_ARTILLERY_RANGE:
            raise ValueError(
                f"an Artillery weapon's minimum range is at least {MIN_ARTILLERY_RANGE}\" (DW-WPN-01)"
            )
        return value

    @property
    def reach(self) -> Reach:
        """Its range for DW-GEO-15 ("C" = within 1")."""
        return _range(self.range)

    def dice(self, target: ArmourClass) -> Dice | None:
        """Its D/X against a target class, None for "—" (DW-ATK-05)."""
        return _entry(self.profile[target.column])

    def has(self, ability: WeaponAbility) -> bool:
        return ability in self.abilities


# ---------------------------------------------------------------- units


class LoadoutRow(StrictModel):
    """A §3.21.2 row: `count` miniatures of one role with their weapons (and, for a vehicle,
    one mount per weapon) and miniature-only abilities."""

    role: str
    count: int = Field(ge=1)
    weapons: tuple[str, ...] = Field(min_length=1)
    mounts: tuple[Mount, ...] = ()
    abilities: tuple[Ability, ...] = ()


def _is_vehicle(info: ValidationInfo) -> bool | None:
    armour = info.data.get("armour")
    return None if armour is None else armour.unit_type is UnitType.VEHICLE


class UnitKind(StrictModel):
    """A §3.21.1 roster entry (DW-UNIT-02) with its loadout (§3.21.2)."""

    id: str = Field(pattern=r"^U-[A-Z]\d\d$")
    test_only: bool = False
    faction: Faction | None = Field(default=None, validate_default=True)
    name: str
    role: Role | None = Field(default=None, validate_default=True)
    armour: ArmourClass = Field(alias="class")
    miniatures: int = Field(ge=1)
    move: float = Field(ge=0)
    damage: int = Field(ge=1)
    base: Geometry
    leadership: float | None = Field(default=None, gt=0, validate_default=True)
    abilities: tuple[Ability, ...] = ()
    carry_capacity: int | None = Field(default=None, ge=1, validate_default=True)
    hero_trait: HeroTrait | None = Field(default=None, validate_default=True)
    ap: int | None = Field(default=None, ge=0, validate_default=True)
    evidence: str = ""
    loadout: tuple[LoadoutRow, ...] = Field(min_length=1)

    @field_validator("faction", "role", "ap")
    @classmethod
    def _roster(cls, value: object, info: ValidationInfo) -> object:
        if value is None and not info.data.get("test_only"):
            raise ValueError("required for a roster unit (§3.21.1); only test_only fixtures omit it")
        return value

    @field_validator("miniatures")
    @classmethod
    def _single_vehicle(cls, value: int, info: ValidationInfo) -> int:
        if _is_vehicle(info) and value != 1:
            raise ValueError("every vehicle is a one-miniature unit (DW-UNIT-13)")
        return value

    @field_validator("base")
    @classmethod
    def _base(cls, value: Geometry, info: ValidationInfo) -> Geometry:
        armour = info.data.get("armour")
        if armour is None:
            return value
        if armour.unit_type is UnitType.VEHICLE:
            want = {Geometry.HEAVY_WALKER if armour.is_heavy else Geometry.MEDIUM_WALKER}
        else:
            want = {Geometry.SOLDIER, Geometry.LARGE_SOLDIER}
        if value not in want:
            names = " or ".join(sorted(w.value for w in want))
            raise ValueError(f"a {armour.value} miniature has the {names} base (§1.3, DW-HVY-01)")
        return value

    @field_validator("leadership")
    @classmethod
    def _leadership(cls, value: float | None, info: ValidationInfo) -> float | None:
        if value is None and (info.data.get("miniatures", 1) > 1 or info.data.get("role") is Role.HERO):
            raise ValueError("a unit of several miniatures, or a Hero, needs a leadership range (DW-UNIT-08)")
        return value

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, value: tuple[Ability, ...], info: ValidationInfo) -> tuple[Ability, ...]:
        _fit_type(value, _is_vehicle(info))
        return value

    @field_validator("carry_capacity")
    @classmethod
    def _carry(cls, value: int | None, info: ValidationInfo) -> int | None:
        if (Ability.CARRY_CAPACITY in info.data.get("abilities", ())) != (value is not None):
            raise ValueError("carry_capacity goes with the carry_capacity ability (DW-ABL-07)")
        return value

    @field_validator("hero_trait")
    @classmethod
    def _trait(cls, value: HeroTrait | None, info: ValidationInfo) -> HeroTrait | None:
        if (info.data.get("role") is Role.HERO) != (value is not None):
            raise ValueError("a Hero, and only a Hero, has a hero_trait (DW-HERO-06)")
        return value

    @field_validator("loadout")
    @classmethod
    def _loadout(cls, value: tuple[LoadoutRow, ...], info: ValidationInfo) -> tuple[LoadoutRow, ...]:
        if "miniatures" in info.data and (n := sum(row.count for row in value)) != info.data["miniatures"]:
            raise ValueError(
                f"the loadout has {n} miniatures, the unit {info.data['miniatures']} (DW-UNIT-01)"
            )
        vehicle = _is_vehicle(info)
        for row in value:
            _fit_type(row.abilities, vehicle)
            if vehicle and len(row.mounts) != len(row.weapons):
                raise ValueError(f"{row.role}: a vehicle lists one mount per weapon (DW-GEO-09)")
            if vehicle is False and row.mounts:
                raise ValueError(f"{row.role}: only vehicle weapons have mounts (DW-GEO-07)")
        return value

    @property
    def unit_type(self) -> UnitType:
        return self.armour.unit_type

    @property
    def is_vehicle(self) -> bool:
        return self.armour.unit_type is UnitType.VEHICLE

    @property
    def is_heavy(self) -> bool:
        """A Heavy walker (DW-HVY-01)."""
        return self.armour.is_heavy

    @property
    def all_abilities(self) -> frozenset[Ability]:
        """The unit's abilities and the shared abilities of any of its miniatures (DW-ABL-00)."""
        shared = {a for row in self.loadout for a in row.abilities if a in SHARED_ABILITIES}
        return frozenset(self.abilities) | shared

    @property
    def move_class(self) -> MoveClass:
        """S, V or H (DW-TER-02)."""
        if not self.is_vehicle:
            return MoveClass.SOLDIER
        return MoveClass.HEAVY if self.is_heavy else MoveClass.VEHICLE


def _fit_type(abilities: Iterable[Ability], vehicle: bool | None) -> None:
    """Climb is for Soldiers (DW-ABL-09); transport, repair, scouting and drive abilities for
    vehicles (DW-ABL-07/17/18/22/25)."""
    if vehicle is None:
        return
    wrong = SOLDIER_ONLY_ABILITIES if vehicle else VEHICLE_ONLY_ABILITIES
    if bad := sorted(a.value for a in abilities if a in wrong):
        raise ValueError(f"a {'vehicle' if vehicle else 'soldier'} unit cannot have {', '.join(bad)}")


@dataclass(frozen=True, slots=True)
class Miniature:
    """One miniature of a unit in unit data order (the first is the default Unit Leader,
    DW-UNIT-07): its role, weapons (Fists added where DW-WPN-03 gives them), their mounts (None
    for Soldiers) and its miniature-only abilities."""

    index: int
    role: str
    weapons: tuple[Weapon, ...]
    mounts: tuple[Mount | None, ...]
    abilities: tuple[Ability, ...]

    @property
    def is_leader(self) -> bool:
        return self.index == 0


# ---------------------------------------------------------------- army lists


class HeroSlot(StrictModel):
    """A platoon's Hero (DW-SET-01: 0-1) and the unit it joins before deployment (DW-HERO-02)."""

    unit: str
    joins: str | None = None
    optional: bool = False


class Platoon(StrictModel):
    """DW-SET-01: one Command Section, one First Section, up to three more Sections, up to three
    Support units and at most one Hero."""

    command: str
    first_section: str
    sections: tuple[str, ...] = Field(default=(), max_length=MAX_SECTIONS)
    support: tuple[str, ...] = Field(default=(), max_length=MAX_SUPPORT)
    hero: HeroSlot | None = None

    def slots(self) -> Iterable[tuple[str, str, Role]]:
        """(field path, unit id, the role that slot needs) for every unit but the Hero."""
        yield "command", self.command, Role.COMMAND
        yield "first_section", self.first_section, Role.SECTION
        for i, unit in enumerate(self.sections):
            yield f"sections.{i}", unit, Role.SECTION
        for i, unit in enumerate(self.support):
            yield f"support.{i}", unit, Role.SUPPORT


class ArmyList(StrictModel):
    """An army list (DW-SET-01..03): one or more platoons, a stated AP total and a limit."""

    id: str = Field(min_length=1)
    name: str
    faction: Faction
    starter: bool = False
    fixtures: bool = False  # a test army: may field the test-only fixtures (§3.21.1)
    ap: int | None = Field(default=None, ge=0)
    limit: int = Field(default=DEFAULT_POINTS_LIMIT, ge=1)
    platoon: tuple[Platoon, ...] = Field(min_length=1)

    def unit_ids(self, *, optional_heroes: bool = True) -> tuple[str, ...]:
        """Every unit of the list, Heroes last; optional Heroes only when asked for."""
        units = [unit for p in self.platoon for _, unit, _ in p.slots()]
        heroes = [p.hero.unit for p in self.platoon if p.hero and (optional_heroes or not p.hero.optional)]
        return (*units, *heroes)

    def points(self, content: Content, *, optional_heroes: bool = False) -> int:
        """The list's AP (DW-SET-02, DW-UNIT-12)."""
        return sum(content.units[u].ap or 0 for u in self.unit_ids(optional_heroes=optional_heroes))


# ---------------------------------------------------------------- the content


@dataclass(frozen=True)
class Content:
    bases: Mapping[Geometry, BaseKind]
    terrain: Mapping[TerrainKind, TerrainType]
    placement: PlacementRules
    weapons: Mapping[str, Weapon]
    units: Mapping[str, UnitKind]
    armies: Mapping[str, ArmyList]
    extended: Mapping[Faction, tuple[str, ...]]

    def miniatures(self, unit_id: str) -> tuple[Miniature, ...]:
        """The unit's miniatures in unit data order (§3.21.2), Fists added for a Soldier with no
        Close Combat weapon (DW-WPN-03)."""
        unit = self.units[unit_id]
        out: list[Miniature] = []
        for row in unit.loadout:
            weapons = tuple(self.weapons[w] for w in row.weapons)
            mounts: tuple[Mount | None, ...] = row.mounts or (None,) * len(weapons)
            if not unit.is_vehicle and not any(w.has(WeaponAbility.CLOSE_COMBAT) for w in weapons):
                weapons, mounts = (*weapons, self.weapons[FISTS]), (*mounts, None)
            out += [
                Miniature(len(out) + k, row.role, weapons, mounts, row.abilities) for k in range(row.count)
            ]
        return tuple(out)

    def base_kind(self, unit_id: str) -> BaseKind:
        return self.bases[self.units[unit_id].base]

    def base(self, unit_id: str, x: float, y: float, facing: float | None = None) -> Base:
        """A miniature of the unit at (x, y) as geometry sees it (DW-GEO-04); vehicles need a
        facing, soldiers have none."""
        unit = self.units[unit_id]
        if unit.is_vehicle == (facing is None):
            raise ValueError(f"{unit_id}: a vehicle has a facing, a soldier none (DW-GEO-04/07)")
        kind = self.bases[unit.base]
        return Base(x, y, kind.radius, kind.height, facing)

    def marker(self, x: float, y: float) -> Base:
        """A unit marker at (x, y) (DW-BTL-06)."""
        kind = self.bases[Geometry.UNIT_MARKER]
        return Base(x, y, kind.radius, kind.height)

    def move_profile(self, unit_id: str, extra: Iterable[Ability] = ()) -> MoveProfile:
        """The unit's movement class and terrain abilities (DW-TER-02); `extra` adds shared
        abilities a joined Hero brings (DW-HERO-02)."""
        unit = self.units[unit_id]
        has = unit.all_abilities | frozenset(extra)
        return MoveProfile(
            unit.move_class,
            agile=Ability.AGILE in has,
            amphibious=Ability.AMPHIBIOUS in has,
            climb=Ability.CLIMB in has,
            tracks=Ability.TRACKS in has,
            wheels=Ability.WHEELS in has,
        )

    def starter(self, faction: Faction) -> ArmyList:
        """The faction's fixed starter list (§3.21.5, DW-FB-01)."""
        return next(a for a in self.armies.values() if a.starter and a.faction is faction)


COVER: dict[str, Cover] = {"none": Cover.NONE, "soft": Cover.SOFT, "hard": Cover.HARD}


# ---------------------------------------------------------------- loading


def entry_list(path: Path, doc: Mapping[str, Any], table: str) -> list[Any]:
    entries = doc.get(table)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CorruptDataError(f"{path.name}: expected a list of [[{table}]] entries")
    return entries


def validate_entries(path: Path, raws: list[Any], table: str, model: type[M], key: str) -> list[M]:
    """Each entry validated with a label naming the file and the entry; ids unique."""
    out: list[M] = []
    seen: set[object] = set()
    for number, raw in enumerate(raws, start=1):
        label = entry_label(path, table, number, raw, key)
        entry = validate(model, raw, label)
        ident = getattr(entry, key)
        if ident in seen:
            raise CorruptDataError(f"{label}, field {key}: duplicate {key} {ident!s}")
        seen.add(ident)
        out.append(entry)
    return out


def entry_label(path: Path, table: str, number: int, raw: Any, key: str) -> str:
    name = raw.get(key, "?") if isinstance(raw, dict) else "?"
    return f"{path.name}: [[{table}]] #{number} ({name})"


def load_content(data_dir: Path = DATA) -> Content:
    """Read and check the content's data files: bases and units, terrain, weapons and army lists
    (the scenarios are `scenario.load_scenarios`)."""
    upath, tpath, wpath = data_dir / "units.toml", data_dir / "terrain.toml", data_dir / "weapons.toml"
    udoc, tdoc = read_toml(upath), read_toml(tpath)
    bases = validate_entries(upath, entry_list(upath, udoc, "base"), "base", BaseKind, "kind")
    terrain = validate_entries(tpath, entry_list(tpath, tdoc, "terrain"), "terrain", TerrainType, "kind")
    placement = validate(PlacementRules, tdoc.get("placement"), f"{tpath.name}: [placement]", "table")
    weapons = validate_entries(wpath, entry_list(wpath, read_toml(wpath), "weapon"), "weapon", Weapon, "id")
    units = validate_entries(upath, entry_list(upath, udoc, "unit"), "unit", UnitKind, "id")
    _require_all(upath, "base", {b.kind for b in bases}, set(Geometry))
    _require_all(tpath, "terrain", {t.kind for t in terrain}, set(TerrainKind))
    weapon_ids = {w.id for w in weapons}
    if FISTS not in weapon_ids:
        raise CorruptDataError(f"{wpath.name}: Fists ({FISTS}) are missing (DW-WPN-03)")
    for number, unit in enumerate(units, start=1):
        for r, row in enumerate(unit.loadout):
            for w, weapon in enumerate(row.weapons):
                if weapon not in weapon_ids:
                    raise CorruptDataError(
                        f"{upath.name}: [[unit]] #{number} ({unit.id}), field loadout.{r}.weapons.{w}: "
                        f"unknown weapon {weapon!r}"
                    )
    partial = Content(
        {b.kind: b for b in bases},
        {t.kind: t for t in terrain},
        placement,
        {w.id: w for w in weapons},
        {u.id: u for u in units},
        {},
        {},
    )
    apath = data_dir / "armies.toml"
    adoc = read_toml(apath)
    armies = _armies(apath, adoc, partial)
    extended = _extended(apath, adoc, partial)
    _check_starters(apath, armies)
    return replace(partial, armies={a.id: a for a in armies}, extended=extended)


def _require_all(path: Path, table: str, have: set[Any], want: set[Any]) -> None:
    if missing := sorted(str(k) for k in want - have):
        raise CorruptDataError(f"{path.name}: missing [[{table}]] kinds {missing}")


@cache
def default_content() -> Content:
    return load_content()


# ---------------------------------------------------------------- army lists


ARMY_FILES = "armies-*.toml"  # the example army files that ship in data/, named by their suffix


def shipped_armies() -> dict[str, Path]:
    """The army files that ship with the game by short name (`armies-special.toml` is "special"),
    so `armies=special` chooses one wherever a client may not name a path (the web table)."""
    return {path.stem.removeprefix("armies-"): path for path in sorted(DATA.glob(ARMY_FILES))}


def load_armies(path: Path, content: Content | None = None) -> tuple[ArmyList, ...]:
    """A user-written army file: its [[army]] lists, each checked against the roster and the
    army rules (DW-SET-01/02, DW-HERO-02); CorruptDataError names file, entry and field."""
    return tuple(_armies(path, read_toml(path), content or default_content()))


def armies_from_text(text: str, name: str, content: Content | None = None) -> tuple[ArmyList, ...]:
    """`load_armies` on a file's text (an upload), `name` standing for the file in the errors."""
    return tuple(_armies(Path(name), read_toml_text(text, name), content or default_content()))


def _armies(path: Path, doc: Mapping[str, Any], content: Content) -> list[ArmyList]:
    raws = entry_list(path, doc, "army")
    armies = validate_entries(path, raws, "army", ArmyList, "id")
    for number, army in enumerate(armies, start=1):
        check_army(army, content, entry_label(path, "army", number, raws[number - 1], "id"))
    return armies


def check_army(army: ArmyList, content: Content, label: str) -> None:
    """DW-SET-01 (platoon structure, roster units of the army's faction in matching roles; no
    test-only fixture), DW-HERO-02 (a Hero joins a Soldier unit of its platoon that may take
    one), DW-SET-02 (AP within the limit, optional Heroes left out) and the stated AP total."""
    for p, platoon in enumerate(army.platoon):
        where = f"platoon.{p}"
        for field, unit_id, role in platoon.slots():
            _check_slot(army, content, label, (f"{where}.{field}", unit_id, role))
        if platoon.hero is not None:
            _check_slot(army, content, label, (f"{where}.hero.unit", platoon.hero.unit, Role.HERO))
            _check_join(platoon, content, f"{label}, field {where}.hero.joins")
    points = army.points(content)
    if army.ap is not None and army.ap != points:
        raise CorruptDataError(f"{label}, field ap: stated {army.ap} AP, the units add up to {points} AP")
    if points > army.limit:
        raise CorruptDataError(
            f"{label}, field limit: the list costs {points} AP, over its limit of {army.limit} (DW-SET-02)"
        )


def _check_slot(army: ArmyList, content: Content, label: str, slot: tuple[str, str, Role]) -> None:
    where, unit_id, role = slot
    unit = content.units.get(unit_id)
    if unit is None:
        raise CorruptDataError(f"{label}, field {where}: unknown unit {unit_id!r}")
    if unit.test_only:
        if army.fixtures:  # a fixture has no faction or role: any slot of a test army
            return
        raise CorruptDataError(f"{label}, field {where}: {unit_id} is a test-only fixture (§3.21.1)")
    if unit.faction is not army.faction:
        raise CorruptDataError(f"{label}, field {where}: {unit_id} is not in the {army.faction.value} roster")
    if unit.role is not role:
        raise CorruptDataError(
            f"{label}, field {where}: {unit_id} has role {unit.role}, the slot needs {role.value} (DW-SET-01)"
        )


def _check_join(platoon: Platoon, content: Content, where: str) -> None:
    hero = platoon.hero
    if hero is None or hero.joins is None:
        return
    if hero.joins not in [unit for _, unit, _ in platoon.slots()]:
        raise CorruptDataError(f"{where}: {hero.joins!r} is not a unit of this platoon (DW-HERO-02)")
    target = content.units[hero.joins]
    if target.is_vehicle:
        raise CorruptDataError(f"{where}: a Hero joins a Soldier unit, not {hero.joins} (DW-HERO-02)")
    if Ability.BLUTKREUZ_ZOMBIE in target.all_abilities:
        raise CorruptDataError(f"{where}: Heroes cannot join {hero.joins} (Blutkreuz zombie, DW-ABL-06)")
    if Ability.BLUTKREUZ_APE in target.all_abilities and (
        Ability.BLUTKREUZ_APE not in content.units[hero.unit].all_abilities
    ):
        raise CorruptDataError(f"{where}: only a Blutkreuz ape Hero joins {hero.joins} (DW-ABL-05)")


def _extended(path: Path, doc: Mapping[str, Any], content: Content) -> dict[Faction, tuple[str, ...]]:
    raw = doc.get("extended", {})
    if not isinstance(raw, dict):
        raise CorruptDataError(f"{path.name}: [extended] must be a table of unit lists by faction")
    out: dict[Faction, tuple[str, ...]] = {}
    for key, ids in raw.items():
        where = f"{path.name}: [extended], field {key}"
        if key not in {f.value for f in Faction} or not isinstance(ids, list):
            raise CorruptDataError(f"{where}: expected a faction's list of unit ids")
        faction = Faction(key)
        for i, unit_id in enumerate(ids):
            unit = content.units.get(unit_id) if isinstance(unit_id, str) else None
            if unit is None or unit.test_only or unit.faction is not faction:
                raise CorruptDataError(f"{where}.{i}: {unit_id!r} is not a {faction.value} roster unit")
        out[faction] = tuple(ids)
    return out


def _check_starters(path: Path, armies: list[ArmyList]) -> None:
    for faction in Faction:
        if sum(a.starter and a.faction is faction for a in armies) != 1:
            raise CorruptDataError(f"{path.name}: need exactly one {faction.value} starter list (§3.21.5)")
