"""Dust Warfare's scenarios (§3.19, DW-CAMP-05): First Battle with its map (§3.21.4), Front
Lines, Night Encounter and Secret Mission, loaded from `data/scenarios/*.toml`, and any
user-written scenario file, checked entry by entry and against the content; every error names the
file, the entry and the field. A scenario becomes a `Battlefield` and deployment zones here.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator
from shapely.geometry import Polygon

from warroom.core.datafile import read_toml, read_toml_text, validate
from warroom.core.errors import CorruptDataError
from warroom.games.dust_warfare.content import (
    COVER,
    DATA,
    DEFAULT_POINTS_LIMIT,
    Content,
    StrictModel,
    default_content,
    entry_list,
    validate_entries,
)
from warroom.games.dust_warfare.geometry import Battlefield, Piece, Zone, deployment_zone, rectangle
from warroom.games.dust_warfare.words import (
    ArmyChoice,
    Edge,
    Faction,
    HeroRule,
    Initiative,
    Reserves,
    RollOffChoice,
    SecretObjective,
    TerrainKind,
    TerrainMethod,
    ZoneKind,
)

SCENARIOS = DATA / "scenarios"


class TableSize(StrictModel):
    """DW-GEO-01: 72" × 48" unless the scenario says otherwise."""

    width: float = Field(default=72.0, gt=0)
    depth: float = Field(default=48.0, gt=0)


class PieceEntry(StrictModel):
    """A map's terrain piece (DW-TER-01, §3.21.4): a rectangle (x1, y1, x2, y2) or a polygon."""

    id: str = Field(min_length=1)
    type: TerrainKind
    rect: tuple[float, float, float, float] | None = None
    polygon: tuple[tuple[float, float], ...] | None = Field(default=None, validate_default=True)
    height: float | None = Field(default=None, ge=0)
    elevation: float = Field(default=0.0, ge=0)
    note: str = ""

    @field_validator("rect")
    @classmethod
    def _rect(
        cls, value: tuple[float, float, float, float] | None
    ) -> tuple[float, float, float, float] | None:
        if value is not None and not (value[0] < value[2] and value[1] < value[3]):
            raise ValueError("need x1 < x2 and y1 < y2")
        return value

    @field_validator("polygon")
    @classmethod
    def _polygon(
        cls, value: tuple[tuple[float, float], ...] | None, info: ValidationInfo
    ) -> tuple[tuple[float, float], ...] | None:
        if (value is None) == (info.data.get("rect") is None) and "rect" in info.data:
            raise ValueError("a piece has either a rect or a polygon")
        if value is not None:
            shape = Polygon(value) if len(value) >= 3 else None
            if shape is None or not shape.is_valid or shape.area <= 0:
                raise ValueError("not a simple polygon with an area (DW-TER-01)")
        return value

    @property
    def shape(self) -> Polygon:
        if self.rect is not None:
            return rectangle(*self.rect)
        return Polygon(self.polygon or ())


class TerrainSetup(StrictModel):
    """How the terrain is set (DW-BTL-01): a fixed map of pieces, or alternate placement, with
    a scenario's restrictions (DW-FL-01 band, DW-FL-02 one ruin per half)."""

    method: TerrainMethod
    band: float | None = Field(default=None, gt=0)
    ruin_per_half: bool = False
    piece: tuple[PieceEntry, ...] = Field(default=(), validate_default=True)

    @field_validator("piece")
    @classmethod
    def _method(cls, value: tuple[PieceEntry, ...], info: ValidationInfo) -> tuple[PieceEntry, ...]:
        if "method" in info.data and (info.data["method"] is TerrainMethod.MAP) != bool(value):
            raise ValueError("a map lists its pieces; terrain placement lists none")
        return value


class Deployment(StrictModel):
    """The deployment roll-off and zones (DW-SET-05, DW-GEN-05, D-04)."""

    roll_off_before_terrain: bool = False
    choice: tuple[RollOffChoice, ...] = Field(min_length=1)
    first: Literal["winner"] | None = Field(default=None, validate_default=True)
    zone: ZoneKind
    depth: float | None = Field(default=None, gt=0, validate_default=True)
    oversize_touching_edge: bool = False
    marker_spacing: float | None = Field(default=None, gt=0)
    marker_spacing_fallback: float | None = Field(default=None, gt=0)
    marker_forbidden: tuple[TerrainKind, ...] = ()
    arrival: Literal["own_edge", "chosen_by_first"] = "own_edge"

    @field_validator("choice")
    @classmethod
    def _unique(cls, value: tuple[RollOffChoice, ...]) -> tuple[RollOffChoice, ...]:
        if len(set(value)) != len(value):
            raise ValueError("an option is listed twice")
        return value

    @field_validator("first")
    @classmethod
    def _first(cls, value: str | None, info: ValidationInfo) -> str | None:
        if "choice" in info.data and (RollOffChoice.ORDER in info.data["choice"]) == (value is not None):
            raise ValueError('either the winner chooses the order (choice "order") or first = "winner"')
        return value

    @field_validator("depth")
    @classmethod
    def _depth(cls, value: float | None, info: ValidationInfo) -> float | None:
        if "zone" in info.data and (info.data["zone"] is ZoneKind.EDGE_STRIP) != (value is not None):
            raise ValueError("an edge_strip zone has a depth; deployment anywhere has none")
        return value

    @field_validator("oversize_touching_edge")
    @classmethod
    def _oversize(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("zone") is not ZoneKind.EDGE_STRIP:
            raise ValueError("needs an edge_strip zone (DW-SM-06)")
        return value


class Fortifications(StrictModel):
    """Fortifications a scenario grants (DW-BTL-02..05, DW-FL-03/04)."""

    minefields: int = Field(default=0, ge=0)
    live: int = Field(default=0, ge=0)
    density: int = Field(default=2, ge=1, le=3)
    barriers: int = Field(default=0, ge=0)
    barrier_types: tuple[TerrainKind, ...] = Field(default=(), validate_default=True)
    outside_zones: bool = True
    dug_in: int = Field(default=0, ge=0)
    dug_in_terrain: TerrainKind | None = None

    @field_validator("live")
    @classmethod
    def _live(cls, value: int, info: ValidationInfo) -> int:
        if value > info.data.get("minefields", value):
            raise ValueError("more live minefields than minefields")
        return value

    @field_validator("barrier_types")
    @classmethod
    def _barriers(cls, value: tuple[TerrainKind, ...], info: ValidationInfo) -> tuple[TerrainKind, ...]:
        if bool(info.data.get("barriers")) != bool(value):
            raise ValueError("barriers and barrier_types go together (DW-BTL-04)")
        if set(value) - {TerrainKind.WIRE, TerrainKind.TANK_TRAP}:
            raise ValueError("a barrier is T-WIRE or T-TRAP (DW-BTL-04)")
        return value


class ObjectiveEntry(StrictModel):
    """An objective point, controlled by the §3.19 rule (within `control` inches)."""

    id: str = Field(min_length=1)
    name: str
    point: tuple[float, float]
    control: float = Field(default=3.0, gt=0)
    sp: int = Field(default=0, ge=0)


class SecretObjectiveEntry(StrictModel):
    """A row of the Secret Mission Objectives list (DW-SM-10)."""

    id: SecretObjective
    name: str
    achieved_if: str


class Victory(StrictModel):
    """The victory conditions a scenario combines (DW-CAMP-05): Elimination, Breakthrough
    (distance from the enemy's long edge, DW-FL-08), objective control (each objective's sp),
    Concealment (DW-NE-12) and a secret objective (DW-SM-11)."""

    elimination: bool = False
    breakthrough: float | None = Field(default=None, gt=0)
    concealment_sp: int = Field(default=0, ge=0)
    secret_objective_sp: int = Field(default=0, ge=0)


class Scenario(StrictModel):
    """A scenario (§3.19, DW-CAMP-05): length, initiative, armies, terrain, deployment,
    fortifications, objectives and victory."""

    id: str = Field(min_length=1)
    name: str
    rules: str = ""
    turns: Literal[5, 6, 7, "variable"]
    initiative: Initiative = Initiative.USUAL
    armies: ArmyChoice = ArmyChoice.ANY
    points_limit: int = Field(default=DEFAULT_POINTS_LIMIT, ge=1)
    heroes: HeroRule = HeroRule.ALLOWED
    reserves: Reserves = Reserves.ABILITIES
    limited_visibility: bool = False
    camouflage: bool = False
    table: TableSize = TableSize()
    terrain: TerrainSetup
    objective: tuple[ObjectiveEntry, ...] = ()
    secret_objective: tuple[SecretObjectiveEntry, ...] = ()
    deployment: Deployment
    fortifications: Fortifications | None = None
    victory: Victory

    @field_validator("deployment")
    @classmethod
    def _markers(cls, value: Deployment, info: ValidationInfo) -> Deployment:
        if info.data.get("camouflage", False) != (value.marker_spacing is not None):
            raise ValueError("camouflaged deployment and marker_spacing go together (DW-NE-07)")
        return value

    @field_validator("victory")
    @classmethod
    def _victory(cls, value: Victory, info: ValidationInfo) -> Victory:
        objectives = info.data.get("objective", ())
        if not (
            value.elimination or value.breakthrough or value.concealment_sp or value.secret_objective_sp
        ) and (not any(o.sp for o in objectives)):
            raise ValueError("no way to score (DW-CAMP-05)")
        if "secret_objective" in info.data and bool(value.secret_objective_sp) != bool(
            info.data["secret_objective"]
        ):
            raise ValueError("secret_objective_sp and the secret_objective list go together (DW-SM-10/11)")
        return value

    @property
    def battle_length(self) -> int | None:
        """The fixed number of turns, or None for variable length (DW-TURN-01, DW-CAMP-05)."""
        return None if self.turns == "variable" else self.turns


# ---------------------------------------------------------------- on the table


def piece(entry: PieceEntry, content: Content) -> Piece:
    """A map entry on the table, with its catalogue type's properties (DW-TER-01)."""
    kind = content.terrain[entry.type]
    return Piece(
        entry.id,
        entry.type,
        entry.shape,
        kind.height if entry.height is None else entry.height,
        kind.los,
        COVER[kind.inside],
        COVER[kind.behind],
        kind.effects,
        kind.climbable,
        entry.elevation,
    )


def battlefield(scenario: Scenario, content: Content | None = None) -> Battlefield:
    """The scenario's table with its map's pieces (DW-GEO-01, §3.21.4); for terrain placement,
    the empty table the pieces will be placed on (DW-BTL-01)."""
    content = content or default_content()
    pieces = [piece(e, content) for e in scenario.terrain.piece]
    return Battlefield(pieces, scenario.table.width, scenario.table.depth)


def zone(scenario: Scenario, board: Battlefield, edge: Edge) -> Zone:
    """A player's deployment zone along their long edge (DW-FB-02, DW-FL-05, DW-SM-06), or the
    whole table (DW-NE-07)."""
    deploy = scenario.deployment
    if deploy.depth is None:
        return Zone(board.table)
    return deployment_zone(board, edge, deploy.depth, oversize=deploy.oversize_touching_edge)


# ---------------------------------------------------------------- loading


def load_scenarios(folder: Path = SCENARIOS, content: Content | None = None) -> dict[str, Scenario]:
    """Every scenario file of a folder, by id (ids unique)."""
    scenarios = [load_scenario(path, content) for path in sorted(folder.glob("*.toml"))]
    ids = [s.id for s in scenarios]
    if dupes := sorted({i for i in ids if ids.count(i) > 1}):
        raise CorruptDataError(f"{folder}: duplicate scenario ids {dupes}")
    return {s.id: s for s in scenarios}


@cache
def shipped() -> Mapping[str, Scenario]:
    """The shipped scenarios by id: first_battle, front_lines, night_encounter, secret_mission."""
    return load_scenarios()


def load_scenario(path: Path, content: Content | None = None) -> Scenario:
    """A scenario file, shipped or user-written (DW-CAMP-05), checked entry by entry and against
    the content: a map's pieces on the table with their catalogue height, objectives on the
    table, a deployment strip that fits. CorruptDataError names the file, the entry and the field."""
    return _scenario(path, read_toml(path), content or default_content())


def scenario_from_text(text: str, name: str, content: Content | None = None) -> Scenario:
    """`load_scenario` on a file's text (an upload), `name` standing for the file in the errors."""
    return _scenario(Path(name), read_toml_text(text, name), content or default_content())


def _scenario(path: Path, doc: dict[str, Any], content: Content) -> Scenario:
    label = f"{path.name}: scenario {doc.get('id', '?')}"
    raw = dict(doc)
    terrain = raw.get("terrain")
    if isinstance(terrain, dict) and "piece" in terrain:
        pieces = validate_entries(path, entry_list(path, terrain, "piece"), "terrain.piece", PieceEntry, "id")
        raw["terrain"] = {**terrain, "piece": pieces}
    for table, model, key in (
        ("objective", ObjectiveEntry, "id"),
        ("secret_objective", SecretObjectiveEntry, "id"),
    ):
        if table in raw:
            raw[table] = validate_entries(path, entry_list(path, raw, table), table, model, key)
    scenario = validate(Scenario, raw, label)
    _check_scenario(path, scenario, content, label)
    return scenario


def _check_scenario(path: Path, scenario: Scenario, content: Content, label: str) -> None:
    width, depth = scenario.table.width, scenario.table.depth
    for number, entry in enumerate(scenario.terrain.piece, start=1):
        where = f"{path.name}: [[terrain.piece]] #{number} ({entry.id})"
        x1, y1, x2, y2 = entry.shape.bounds
        if x1 < 0 or y1 < 0 or x2 > width or y2 > depth:
            field = "rect" if entry.rect is not None else "polygon"
            raise CorruptDataError(f'{where}, field {field}: not wholly on the {width:g}" × {depth:g}" table')
        catalogue = content.terrain[entry.type].height
        if entry.height is not None and entry.height != catalogue:
            raise CorruptDataError(
                f'{where}, field height: {entry.height:g}, the {entry.type.value} type is {catalogue:g}"'
            )
    for number, objective in enumerate(scenario.objective, start=1):
        x, y = objective.point
        if not (0 <= x <= width and 0 <= y <= depth):
            raise CorruptDataError(
                f"{path.name}: [[objective]] #{number} ({objective.id}), field point: off the table"
            )
    deploy = scenario.deployment
    if deploy.depth is not None and 2 * deploy.depth > depth:
        raise CorruptDataError(
            f'{label}, field deployment.depth: the two zones overlap on a {depth:g}" table'
        )
    band = scenario.terrain.band
    if band is not None and band > depth:
        raise CorruptDataError(f"{label}, field terrain.band: deeper than the table")
    if scenario.armies is ArmyChoice.STARTER and not all(
        any(a.starter and a.faction is f for a in content.armies.values()) for f in Faction
    ):
        raise CorruptDataError(f"{label}, field armies: the content has no starter list for each faction")
