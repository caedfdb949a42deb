"""Dust Warfare's geometry model (dust_warfare.md §2, DW-GEO-01..17), built on Shapely.

The table, its origin and its edges (DW-GEO-01); lengths in inches, angles in degrees with 0° = +x
and counter-clockwise positive (DW-GEO-04):

    y=48 +--------------------------- north (long) edge ---------------------------+
         |                                                                         |
    west |                               · (36, 24)                                | east
    x=0  |                                                                         | x=72
         |                                                                         |
    y=0  +--------------------------- south (long) edge ---------------------------+
       (0, 0)                                                                   (72, 0)

Every miniature is a round base (centre, radius, eye height, a facing for vehicles); terrain
pieces are polygons with a height, a LOS class, cover and an effect on each movement class (§3.3).

Exactness. Predicates measure distances (exact between points, segments and polygons), never the
polygons `Point.buffer` approximates. Buffers serve where an outline is needed: a base's disk for
drawing, and the path planner's graph nodes, placed on outlines *circumscribed* about the exact
inflated obstacles so that a path along them keeps its distance. Every planned segment is then
checked by the same exact predicate as a player's own waypoints, so a planned path is always
legal; around round corners it may be up to ~0.6% longer than the true shortest one (DW-GEO-17).

The queries here have no side effects (DW-GEO-03): a `Battlefield` is immutable, and the planner
objects only cache what they computed.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import pairwise

import shapely
from shapely.geometry import LineString, Point, Polygon, box

from warroom.games.dust_warfare.words import (
    LONG_EDGES,
    MAX_COVER,
    WATER,
    Cover,
    Edge,
    Formation,
    LosClass,
    MoveClass,
    Passability,
    Surface,
    TerrainKind,
)

Point2 = tuple[float, float]

TABLE_WIDTH = 72.0  # DW-GEO-01
TABLE_DEPTH = 48.0
TENTHS = 10  # DW-GEO-02: submitted positions are rounded to 0.1" (1/TENTHS)
TOL = 1e-6  # DW-GEO-02: the comparison tolerance
OBSCURING_LIMIT = 4.0  # DW-GEO-12
BEHIND_REACH = 2.0  # DW-ATK-07 (b): a piece crossed within 2" of the target's base edge
CLOSE_RANGE = 1.0  # DW-GEO-15, DW-WPN-03: range "C"
HEADINGS = tuple(45.0 * i for i in range(8))  # DW-GEO-17 (b)
FACINGS = tuple(22.5 * i for i in range(16))  # DW-GEO-17 (c)
LINE_SPACING = 2.0  # DW-GEO-17 (b) F-LINE and F-COLUMN
CLUSTER_RINGS = ((1.5, 60.0, 6), (3.0, 30.0, 12))  # DW-GEO-17 (b) F-CLUSTER: radius, step, slots

OVERLAP_MEMORY = 200_000  # bases whose overlapping pieces (and points whose elevation) a table remembers
_QUAD_SEGS = 6  # outline vertices per quarter circle of the planner's inflated obstacles
_CIRCUMSCRIBE = 1.0 / math.cos(math.pi / (4 * _QUAD_SEGS))  # chords of that outline keep the radius
_CLEARANCE = 1e-4  # planner nodes stand this far outside the circumscribed outline


# ---------------------------------------------------------------- numbers (DW-GEO-02)


def snap(value: float) -> float:
    """A submitted coordinate rounded to 0.1", halves away from zero (DW-GEO-02)."""
    tenths = math.floor(abs(value) * TENTHS + 0.5)  # an integer count: no float drift
    return math.copysign(tenths / TENTHS, value) + 0.0


def snap_point(x: float, y: float) -> Point2:
    """Both coordinates of a submitted position rounded to 0.1" (DW-GEO-02)."""
    return snap(x), snap(y)


def is_within(d: float, limit: float) -> bool:
    """DW-GEO-06 / DW-GEO-02: "within X" is d ≤ X, inclusive, with the 1e-6 tolerance."""
    return d <= limit + TOL


# ---------------------------------------------------------------- bases (DW-GEO-04..08)


@dataclass(frozen=True, slots=True)
class Base:
    """A miniature's footprint (DW-GEO-04): centre (x, y), radius r, eye height hgt above its
    base elevation, and for a Vehicle its facing θ in degrees (None for Soldiers and unit
    markers, which have no facing, DW-GEO-07). A unit marker is a Base too (DW-BTL-06)."""

    x: float
    y: float
    r: float
    hgt: float
    facing: float | None = None

    @property
    def centre(self) -> Point2:
        return self.x, self.y

    @property
    def is_vehicle(self) -> bool:
        """Vehicles are the miniatures with a facing (DW-GEO-04)."""
        return self.facing is not None

    def at(self, x: float, y: float, facing: float | None = None) -> Base:
        """The same miniature placed at (x, y), keeping its facing unless a new one is given."""
        return Base(x, y, self.r, self.hgt, self.facing if facing is None else facing)

    def disk(self, quad_segs: int = 16) -> Polygon:
        """The base as a polygon (`Point.buffer`), for drawing and set operations; the
        predicates below measure the exact circle instead."""
        return Point(self.x, self.y).buffer(self.r, quad_segs=quad_segs)


def distance(a: Base, b: Base) -> float:
    """Edge-to-edge distance in 2D, vertical separation ignored (DW-GEO-05):
    d = max(0, |c1 − c2| − r1 − r2)."""
    return max(0.0, math.hypot(a.x - b.x, a.y - b.y) - a.r - b.r)


def distance_to_point(a: Base, x: float, y: float) -> float:
    """From the nearest point of the base to a point (DW-GEO-05)."""
    return max(0.0, math.hypot(a.x - x, a.y - y) - a.r)


def distance_to_shape(a: Base, shape: shapely.Geometry) -> float:
    """From the nearest point of the base to a polygon or line (DW-GEO-05); 0 when they touch
    or overlap."""
    return max(0.0, float(shape.distance(Point(a.x, a.y))) - a.r)


def unit_distance(us: Sequence[Base], them: Sequence[Base]) -> float:
    """Unit to unit: the minimum over all pairs of miniatures (DW-GEO-05)."""
    return min(distance(a, b) for a in us for b in them)


def overlaps(a: Base, b: Base) -> bool:
    """Two bases share area (touching is not overlapping; DW-MOVE-03, DW-GEO-16)."""
    return math.hypot(a.x - b.x, a.y - b.y) < a.r + b.r - TOL


CROWD_CELL = 4.0  # inches: the side of a Crowd's grid cells


class Crowd:
    """Bases a final position must not overlap (DW-MOVE-03, DW-GEO-16), filed on a grid of
    `CROWD_CELL` squares by the box around each base: two bases that overlap have overlapping
    boxes, so `hits` runs the exact `overlaps` only on the bases filed in the cells under the
    tested base's box: the same answer as testing every base in turn, without visiting the
    far ones."""

    __slots__ = ("bases", "grid")

    def __init__(self, bases: Sequence[Base] = ()) -> None:
        self.bases: list[Base] = []
        self.grid: dict[tuple[int, int], list[Base]] = {}
        for b in bases:
            self.add(b)

    def add(self, b: Base) -> None:
        """File one more base."""
        self.bases.append(b)
        grid = self.grid
        for i in range(math.floor((b.x - b.r) / CROWD_CELL), math.floor((b.x + b.r) / CROWD_CELL) + 1):
            for j in range(math.floor((b.y - b.r) / CROWD_CELL), math.floor((b.y + b.r) / CROWD_CELL) + 1):
                cell = grid.get((i, j))
                if cell is None:
                    grid[(i, j)] = [b]
                else:
                    cell.append(b)

    def overlapping(self, a: Base) -> Base | None:
        """A base of the crowd that the base overlaps, or None."""
        grid = self.grid
        for i in range(math.floor((a.x - a.r) / CROWD_CELL), math.floor((a.x + a.r) / CROWD_CELL) + 1):
            for j in range(math.floor((a.y - a.r) / CROWD_CELL), math.floor((a.y + a.r) / CROWD_CELL) + 1):
                for o in grid.get((i, j), ()):
                    if overlaps(a, o):
                        return o
        return None

    def hits(self, a: Base) -> bool:
        """Whether the base overlaps one of the crowd."""
        return self.overlapping(a) is not None


def is_wholly_within(a: Base, area: Polygon) -> bool:
    """Every point of the base inside `area` (DW-GEO-06 "wholly within"), boundary inclusive:
    the centre inside and at least r from the area's boundary."""
    return (
        bool(shapely.intersects_xy(area, a.x, a.y))
        and float(shapely.distance(area.boundary, Point(a.x, a.y))) >= a.r - TOL
    )


def is_wholly_outside(a: Base, area: Polygon) -> bool:
    """No point of the base inside `area` (touching its boundary allowed; DW-FL-04)."""
    return float(shapely.distance(area, Point(a.x, a.y))) >= a.r - TOL


def in_formation(leader: Base, others: Sequence[Base], leadership: float) -> bool:
    """Every miniature within its Unit Leader's leadership range (DW-UNIT-06; "within" is
    edge-to-edge distance ≤ LR, DW-GEO-06)."""
    return all(is_within(distance(leader, m), leadership) for m in others)


def in_fire_arc(shooter: Base, target: Base, front: bool) -> bool:
    """DW-GEO-07/08: a turret weapon (front=False) and every Soldier weapon fire in 360°; a front
    weapon fires into the closed half-plane ahead of the line through the vehicle's centre,
    perpendicular to its facing: dot(c_t − c_s, (cos θ, sin θ)) ≥ −r_t."""
    if not front:
        return True
    if shooter.facing is None:
        raise ValueError("a front-mounted weapon needs a vehicle with a facing (DW-GEO-04)")
    theta = math.radians(shooter.facing)
    dot = (target.x - shooter.x) * math.cos(theta) + (target.y - shooter.y) * math.sin(theta)
    return dot >= -target.r - TOL


@dataclass(frozen=True, slots=True)
class Reach:
    """A weapon's range (DW-UNIT-04): minimum and maximum edge-to-edge distance, inclusive;
    range "C" is 0-1" (DW-GEO-15, DW-WPN-03)."""

    minimum: float
    maximum: float

    def covers(self, d: float) -> bool:
        """min ≤ d ≤ max, both inclusive (DW-GEO-15, DW-GEO-02)."""
        return self.minimum - TOL <= d <= self.maximum + TOL


CLOSE_COMBAT = Reach(0.0, CLOSE_RANGE)


# ---------------------------------------------------------------- terrain (DW-TER-01)


@dataclass(frozen=True, eq=False)
class Piece:
    """One terrain piece on the table (DW-TER-01): a simple polygon with its catalogue type's
    height, LOS class, cover and effect on the S, V and H movement classes (§3.3)."""

    id: str
    kind: TerrainKind
    polygon: Polygon
    height: float
    los: LosClass
    inside: Cover
    behind: Cover
    effects: tuple[Passability, Passability, Passability]  # indexed by MoveClass
    surface: Surface = Surface.NONE
    elevation: float = 0.0

    @property
    def top(self) -> float:
        """Its base elevation plus its height (DW-GEO-11)."""
        return self.elevation + self.height


def rectangle(x1: float, y1: float, x2: float, y2: float) -> Polygon:
    """A rectangle (x1, y1)–(x2, y2), as the map tables give pieces (§3.21.4)."""
    return box(min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2))


@lru_cache(maxsize=65_536)  # terrain and fortification candidates test the same footprints again and again
def footprint(size: tuple[float, float], centre: Point2, rotation: float) -> Polygon:
    """A catalogue footprint width × depth centred on `centre`, turned by `rotation` degrees
    (DW-BTL-01 allows 0° and 90°); Shapely geometries are immutable, so one may be shared."""
    w, d = (size[1], size[0]) if round(rotation) % 180 == 90 else size
    x, y = centre
    return box(x - w / 2, y - d / 2, x + w / 2, y + d / 2)


# ---------------------------------------------------------------- the battlefield


class _Index:
    """A handful of polygons and their bounding boxes. A table holds about a dozen pieces, so a
    box test in Python and then Shapely on the few that pass beats an STRtree query, whose call
    overhead alone is larger than the whole box test; the polygons are prepared for the
    point-in-polygon tests."""

    __slots__ = ("boxes", "polygons")

    def __init__(self, polygons: Sequence[Polygon]) -> None:
        self.polygons = tuple(polygons)
        for polygon in self.polygons:
            shapely.prepare(polygon)
        self.boxes = tuple(polygon.bounds for polygon in self.polygons)

    def near(self, x1: float, y1: float, x2: float, y2: float, margin: float = 0.0) -> list[int]:
        """The polygons whose box, grown by `margin`, meets the box (x1, y1)–(x2, y2)."""
        return [
            i
            for i, (a, b, c, d) in enumerate(self.boxes)
            if a - margin <= x2 and x1 <= c + margin and b - margin <= y2 and y1 <= d + margin
        ]

    def near_segment(self, a: Point2, b: Point2, margin: float = 0.0) -> list[int]:
        """The polygons whose grown box meets the segment's box."""
        (ax, ay), (bx, by) = a, b
        return self.near(min(ax, bx), min(ay, by), max(ax, bx), max(ay, by), margin)


def _holds(polygon: Polygon, x: float, y: float) -> bool:
    """The point lies in the polygon, boundary included."""
    return bool(shapely.intersects_xy(polygon, x, y))


def _path(a: Point2, b: Point2) -> shapely.Geometry:
    """The segment a→b as a geometry (a point when a = b)."""
    return Point(*a) if a == b else LineString([a, b])


@dataclass(frozen=True, slots=True)
class Measurement:
    """The answer to a pre-measurement (DW-GEO-03): edge-to-edge distance, line of sight, and,
    when a weapon's reach was given, whether it is in range (DW-GEO-15) and in arc."""

    distance: float
    line_of_sight: bool
    in_range: bool | None = None
    in_arc: bool | None = None


class Battlefield:
    """The table and its terrain (DW-GEO-01, DW-TER-01), with the geometric queries of §2.
    Immutable once built: every method is a query without side effects (DW-GEO-03)."""

    def __init__(
        self, pieces: Sequence[Piece] = (), width: float = TABLE_WIDTH, depth: float = TABLE_DEPTH
    ) -> None:
        self.width = float(width)
        self.depth = float(depth)
        self.table = box(0.0, 0.0, self.width, self.depth)
        self.pieces: tuple[Piece, ...] = tuple(pieces)
        self._index = _Index([p.polygon for p in self.pieces])
        self.surfaces = tuple(p for p in self.pieces if p.surface is not Surface.NONE)
        self._surface_index = _Index([p.polygon for p in self.surfaces])
        self._overlapping: dict[tuple[float, float, float], tuple[Piece, ...]] = {}
        self._elevation: dict[Point2, float] = {}

    # ------------------------------------------------------------ table and edges

    def is_on_table(self, a: Base) -> bool:
        """The base wholly on the table (DW-GEO-16, DW-MOVE-04)."""
        return (
            a.x - a.r >= -TOL
            and a.y - a.r >= -TOL
            and a.x + a.r <= self.width + TOL
            and a.y + a.r <= self.depth + TOL
        )

    def edge_distance(self, a: Base, edge: Edge) -> float:
        """From the nearest point of the base to a table edge (DW-GEO-05)."""
        gap = {
            Edge.SOUTH: a.y,
            Edge.NORTH: self.depth - a.y,
            Edge.WEST: a.x,
            Edge.EAST: self.width - a.x,
        }[edge]
        return max(0.0, gap - a.r)

    def nearest_edge(self, a: Base) -> tuple[Edge, float]:
        """The table edge closest to the base and its distance (DW-SUP-06); ties go to the
        first of south, north, west, east."""
        return min(((e, self.edge_distance(a, e)) for e in Edge), key=lambda pair: pair[1])

    def edge_strip(self, edge: Edge, depth: float) -> Polygon:
        """The band within `depth` of an edge, e.g. a 12" deployment strip (DW-FB-02)."""
        w, d = self.width, self.depth
        return {
            Edge.SOUTH: box(0.0, 0.0, w, depth),
            Edge.NORTH: box(0.0, d - depth, w, d),
            Edge.WEST: box(0.0, 0.0, depth, d),
            Edge.EAST: box(w - depth, 0.0, w, d),
        }[edge]

    # ------------------------------------------------------------ terrain at a point

    def pieces_at(self, x: float, y: float) -> tuple[Piece, ...]:
        """The pieces whose polygon holds the point, boundary included: a miniature is "inside" a
        piece when its base centre is (DW-GEO-06, DW-MOVE-09)."""
        near = self._index.near(x, y, x, y)
        return tuple(self.pieces[i] for i in near if _holds(self.pieces[i].polygon, x, y))

    def elevation(self, x: float, y: float) -> float:
        """Base elevation z: the top of any elevated terrain (hill, roof) holding the centre,
        otherwise 0 (DW-GEO-04). Remembered by point, as `pieces_overlapping` is (paths and
        sight lines start and end on the same lattice points again and again)."""
        found = self._elevation.get((x, y))
        if found is not None:
            return found
        near = self._surface_index.near(x, y, x, y)
        found = max(
            (self.surfaces[i].top for i in near if _holds(self.surfaces[i].polygon, x, y)), default=0.0
        )
        if len(self._elevation) >= OVERLAP_MEMORY:
            self._elevation.clear()
        self._elevation[(x, y)] = found
        return found

    def eye(self, a: Base) -> tuple[float, float, float]:
        """The eye point E = (x, y, z + hgt) (DW-GEO-10)."""
        return a.x, a.y, self.elevation(a.x, a.y) + a.hgt

    def pieces_overlapping(self, a: Base) -> tuple[Piece, ...]:
        """The pieces sharing area with the base (touching is not overlapping; DW-TER-05).
        Remembered by centre and radius (candidates stand on the same lattice points again and
        again); the table never changes, so the memory is only bounded, never stale."""
        key = (a.x, a.y, a.r)
        found = self._overlapping.get(key)
        if found is not None:
            return found
        near = self._index.near(a.x, a.y, a.x, a.y, a.r)
        if not near:
            found = ()
        else:
            centre = Point(a.x, a.y)
            found = tuple(self.pieces[i] for i in near if self.pieces[i].polygon.distance(centre) < a.r - TOL)
        if len(self._overlapping) >= OVERLAP_MEMORY:
            self._overlapping.clear()
        self._overlapping[key] = found
        return found

    # ------------------------------------------------------------ line of sight

    def line_of_sight(self, a: Base, b: Base, *, ignore_obscuring: bool = False) -> bool:
        """DW-GEO-10..13: LOS exists iff the 3D segment between the two eye points is not blocked.

        - Blocking pieces (DW-GEO-11): for each interval [t0, t1] where the segment's 2D
          projection crosses the polygon, blocked if min(z(t0), z(t1)) ≤ the piece's top.
        - Obscuring pieces (DW-GEO-12): L = the 2D length inside them, leaving out pieces holding
          either base centre and intervals above the piece's top at both ends; blocked if L > 4".
          `ignore_obscuring` is Spray's LOS (DW-WPN-09).
        - Miniatures never block (DW-GEO-13).
        The endpoints are put in one canonical order first, so LOS is exactly symmetric."""
        ea, eb = self.eye(a), self.eye(b)
        if eb < ea:
            ea, eb, a, b = eb, ea, b, a
        ax, ay, az = ea
        bx, by, bz = eb
        dx, dy, dz = bx - ax, by - ay, bz - az
        length2 = dx * dx + dy * dy
        near = [self.pieces[i] for i in self._index.near_segment((ax, ay), (bx, by))]
        near = [p for p in near if p.los.blocks or (p.los is LosClass.OBSCURING and not ignore_obscuring)]
        if length2 <= TOL * TOL or not near:
            return True
        segment = LineString([(ax, ay), (bx, by)])
        obscured = 0.0
        for piece in near:
            if piece.los is LosClass.OBSCURING and (
                _holds(piece.polygon, a.x, a.y) or _holds(piece.polygon, b.x, b.y)
            ):
                continue
            for t0, t1 in _intervals(segment.intersection(piece.polygon), (ax, ay), (dx, dy)):
                if min(az + t0 * dz, az + t1 * dz) > piece.top + TOL:
                    continue  # above the piece at both ends of this crossing
                if piece.los.blocks:
                    return False
                obscured += (t1 - t0) * math.sqrt(length2)
        return obscured <= OBSCURING_LIMIT + TOL

    def sees_unit(self, viewers: Sequence[Base], targets: Sequence[Base]) -> bool:
        """A unit sees another if any of its miniatures has LOS to any of the other's
        (DW-GEO-14)."""
        return any(self.line_of_sight(v, t) for v in viewers for t in targets)

    def weapon_reaches(
        self,
        shooter: Base,
        targets: Sequence[Base],
        reach: Reach,
        *,
        front: bool = False,
        ignore_obscuring: bool = False,
    ) -> bool:
        """A weapon on `shooter` is in range of the target unit if some target miniature is in
        LOS, in the weapon's arc and within min–max range (DW-GEO-15; arcs DW-GEO-08)."""
        return any(
            reach.covers(distance(shooter, t))
            and in_fire_arc(shooter, t, front)
            and self.line_of_sight(shooter, t, ignore_obscuring=ignore_obscuring)
            for t in targets
        )

    def measure(
        self,
        a: Base | Sequence[Base],
        b: Base | Sequence[Base],
        reach: Reach | None = None,
        *,
        front: bool = False,
        ignore_obscuring: bool = False,
    ) -> Measurement:
        """Pre-measurement (DW-GEO-03): distance (DW-GEO-05), line of sight (DW-GEO-10/14) and,
        given a weapon's reach, range (DW-GEO-15) and arc (DW-GEO-08) between two miniatures or
        units, at any time and without side effects."""
        us = (a,) if isinstance(a, Base) else tuple(a)
        them = (b,) if isinstance(b, Base) else tuple(b)
        los = any(self.line_of_sight(u, t, ignore_obscuring=ignore_obscuring) for u in us for t in them)
        if reach is None:
            return Measurement(unit_distance(us, them), los)
        return Measurement(
            unit_distance(us, them),
            los,
            in_range=any(
                self.weapon_reaches(u, them, reach, front=front, ignore_obscuring=ignore_obscuring)
                for u in us
            ),
            in_arc=any(in_fire_arc(u, t, front) for u in us for t in them),
        )

    # ------------------------------------------------------------ cover

    def cover(self, reference: Point2, target: Base) -> Cover:
        """One target miniature's cover level (DW-ATK-07), seen from the attacking unit's
        reference point: the best of
        (a) the "inside" cover of a piece holding the target's centre;
        (b) the "behind" cover of any piece, other than one holding the reference point, that
            the 2D segment from the reference point to the target's centre crosses within 2" of
            the target's base edge. A piece holding the target's centre gives its cover by (a)
            only (so a building's roof stays "none")."""
        holding = self.pieces_at(target.x, target.y)
        best = max((p.inside for p in holding), default=Cover.NONE)
        rx, ry = reference
        length = math.hypot(target.x - rx, target.y - ry)
        if best is Cover.HARD or length <= TOL:
            return best
        s = max(0.0, 1.0 - (target.r + BEHIND_REACH) / length)
        start = (rx + s * (target.x - rx), ry + s * (target.y - ry))
        near = [self.pieces[i] for i in self._index.near_segment(start, target.centre)]
        near = [p for p in near if p.behind > best and p not in holding]
        if not near:
            return best
        excluded = self.pieces_at(rx, ry)
        crossing = _path(start, target.centre)
        for piece in near:
            if piece not in excluded and piece.behind > best and piece.polygon.intersects(crossing):
                best = piece.behind
        return best

    def unit_cover(
        self, reference: Point2, targets: Sequence[Base], *, bonus: int = 0, heavy: bool = False
    ) -> int:
        """The target unit's cover level C (DW-ATK-07) from its miniatures' levels; see
        `unit_cover_level`."""
        if heavy:
            return 0
        return unit_cover_level([self.cover(reference, t) for t in targets], bonus=bonus)

    # ------------------------------------------------------------ terrain placement

    def can_place_piece(self, polygon: Polygon, *, spacing: float = 3.0, band: float | None = None) -> bool:
        """A terrain piece wholly on the table and at least `spacing` from every other piece
        (DW-BTL-01); with `band`, also wholly within that distance of one long edge (DW-FL-01:
        18", boundary inclusive)."""
        x1, y1, x2, y2 = polygon.bounds
        if x1 < -TOL or y1 < -TOL or x2 > self.width + TOL or y2 > self.depth + TOL:
            return False
        if band is not None and not (y2 <= band + TOL or y1 >= self.depth - band - TOL):
            return False
        return all(polygon.distance(p.polygon) >= spacing - TOL for p in self.pieces)

    # ------------------------------------------------------------ movement helpers

    def vertical_cost(self, ax: float, ay: float, bx: float, by: float) -> float:
        """DW-TER-07 / DW-MOVE-06: |Δz| of allowance each time the moving centre's elevation
        changes along the straight segment a→b (entering or leaving a hill or a roof)."""
        if not self.surfaces:
            return 0.0
        za, zb = self.elevation(ax, ay), self.elevation(bx, by)
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        if length2 <= TOL * TOL:
            return 0.0
        hits = self._surface_index.near_segment((ax, ay), (bx, by))
        if not hits:
            return abs(zb - za)
        segment = LineString([(ax, ay), (bx, by)])
        cuts = {0.0, 1.0}
        for i in hits:
            crossing = segment.intersection(self.surfaces[i].polygon.boundary)
            for x, y in shapely.get_coordinates(crossing):
                cuts.add(min(1.0, max(0.0, ((x - ax) * dx + (y - ay) * dy) / length2)))
        middles = [(t0 + t1) / 2 for t0, t1 in pairwise(sorted(cuts)) if t1 - t0 > TOL]
        heights = [za, *(self.elevation(ax + t * dx, ay + t * dy) for t in middles), zb]
        return sum(abs(h1 - h0) for h0, h1 in pairwise(heights))


def _intervals(shape: shapely.Geometry, start: Point2, step: Point2) -> Iterator[tuple[float, float]]:
    """The parameter intervals [t0, t1] of the segment start + t·step covered by `shape`, a part
    of that segment (its pieces: lines, or points where it grazes a corner)."""
    (ax, ay), (dx, dy) = start, step
    length2 = dx * dx + dy * dy
    for part in shapely.get_parts(shape):
        coords = shapely.get_coordinates(part)
        if len(coords) == 0:
            continue
        ts = ((coords[:, 0] - ax) * dx + (coords[:, 1] - ay) * dy) / length2
        yield float(ts.min()), float(ts.max())


def unit_cover_level(levels: Sequence[int], *, bonus: int = 0, heavy: bool = False) -> int:
    """DW-ATK-07: the largest c such that at least ⌈n/2⌉ of the n miniatures have level ≥ c, then
    + `bonus` (Hit the Dirt DW-REA-09, Dug-In DW-BTL-05) to at most 3; a Heavy walker never has
    cover (DW-HVY-02)."""
    if heavy or not levels:
        return 0
    need = math.ceil(len(levels) / 2)
    return min(MAX_COVER, sorted(levels, reverse=True)[need - 1] + bonus)


# ---------------------------------------------------------------- movement (DW-GEO-16)


@dataclass(frozen=True, slots=True)
class MoveProfile:
    """How terrain affects one miniature's movement: its class (DW-TER-02) and the abilities
    that change a piece's effect (DW-ABL-01 Agile, -03 Amphibious, -09 Climb, -22 Wheels,
    -25 Tracks)."""

    move_class: MoveClass
    agile: bool = False
    amphibious: bool = False
    climb: bool = False
    tracks: bool = False
    wheels: bool = False

    def effect(self, piece: Piece) -> Passability:
        """Clear, difficult or impassable (DW-TER-03..08, DW-HVY-03), after abilities: water is
        clear when Amphibious; a roof is clear (with vertical cost) for a Climb Soldier;
        difficult is clear for Agile and Tracks and impassable for Wheels."""
        effect = piece.effects[self.move_class]
        if self.amphibious and piece.kind in WATER:
            effect = Passability.CLEAR
        if self.climb and self.move_class is MoveClass.SOLDIER and piece.surface is Surface.ROOF:
            effect = Passability.CLEAR
        if effect is Passability.DIFFICULT:
            if self.agile or self.tracks:
                return Passability.CLEAR
            if self.wheels:
                return Passability.IMPASSABLE
        return effect


def placement_is_clear(
    board: Battlefield,
    a: Base,
    profile: MoveProfile,
    others: Sequence[Base] = (),
    *,
    roof: bool = False,
    crowd: Crowd | None = None,
) -> bool:
    """A base's final position (DW-GEO-16 end conditions, DW-MOVE-03/04, DW-TER-05): wholly on
    the table, overlapping no piece impassable for its class and no other base (`others`, and
    the `crowd` when given). A base on a roof (reached by Climb, or by a Jump when `roof`,
    DW-ABL-11) stands wholly on it."""
    if not board.is_on_table(a):
        return False
    if any(overlaps(a, o) for o in others):
        return False
    if crowd is not None and crowd.hits(a):
        return False
    for piece in board.pieces_overlapping(a):
        on_roof = piece.surface is Surface.ROOF and (roof or profile.effect(piece) is Passability.CLEAR)
        if on_roof:
            if not is_wholly_within(a, piece.polygon):
                return False
        elif profile.effect(piece) is Passability.IMPASSABLE:
            return False
    return True


def _point_segment_distance(p: Point2, a: Point2, b: Point2) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0.0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


class Mover:
    """What one miniature's swept base may cross (DW-GEO-16): the table (unless `leaving`, for
    entry and retreat, DW-MOVE-10, DW-SUP-06, when only the centre must stay on it), pieces
    impassable for its profile, the `blockers` (enemy bases and friendly Vehicle bases: friendly
    Soldiers never block a path) and, when `avoid_difficult`, pieces difficult for it (any
    touch counts, DW-TER-04)."""

    def __init__(
        self,
        board: Battlefield,
        r: float,
        profile: MoveProfile,
        blockers: Sequence[Base] = (),
        *,
        avoid_difficult: bool = False,
        leaving: bool = False,
    ) -> None:
        self.board = board
        self.r = r
        self.profile = profile
        margin = 0.0 if leaving else r
        self.region = (margin, margin, board.width - margin, board.depth - margin)
        self.blockers = tuple((b.x, b.y, b.r + r) for b in blockers)
        walls = [p for p in board.pieces if profile.effect(p) is Passability.IMPASSABLE]
        soft = (
            [p for p in board.pieces if profile.effect(p) is Passability.DIFFICULT] if avoid_difficult else []
        )
        self._walls = _Index([p.polygon for p in walls])
        self._soft = _Index([p.polygon for p in soft])
        self._outlines = [(p.polygon, r) for p in walls] + [(p.polygon, r + TOL) for p in soft]
        self._nodes: list[Point2] | None = None
        self._seen: dict[tuple[float, float, float, float], bool] = {}

    def sees(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """`is_clear`, remembered by segment: the path searches of a unit's miniatures, which
        share their mover (`Stride`), test the same segments between the same graph nodes."""
        key = (ax, ay, bx, by)
        found = self._seen.get(key)
        if found is None:
            found = self._seen[key] = self.is_clear(ax, ay, bx, by)
        return found

    def is_clear(self, ax: float, ay: float, bx: float, by: float) -> bool:
        """The base swept along the segment a→b crosses nothing it may not (DW-GEO-16)."""
        x1, y1, x2, y2 = self.region
        for x, y in ((ax, ay), (bx, by)):
            if not (x1 - TOL <= x <= x2 + TOL and y1 - TOL <= y <= y2 + TOL):
                return False
        lo_x, hi_x = (ax, bx) if ax <= bx else (bx, ax)
        lo_y, hi_y = (ay, by) if ay <= by else (by, ay)
        for cx, cy, reach in self.blockers:
            # a blocker whose reach misses the segment's box cannot touch it (cheap test first)
            if cx + reach < lo_x or cx - reach > hi_x or cy + reach < lo_y or cy - reach > hi_y:
                continue
            if _point_segment_distance((cx, cy), (ax, ay), (bx, by)) < reach - TOL:
                return False
        walls = self._walls.near_segment((ax, ay), (bx, by), self.r)
        soft = self._soft.near_segment((ax, ay), (bx, by), self.r + TOL)
        if not walls and not soft:
            return True
        path = _path((ax, ay), (bx, by))
        if any(self._walls.polygons[i].distance(path) < self.r - TOL for i in walls):
            return False
        return not any(self._soft.polygons[i].distance(path) <= self.r + TOL for i in soft)

    def _touches_soft(self, path: shapely.Geometry) -> bool:
        x1, y1, x2, y2 = path.bounds
        near = self._soft.near(x1, y1, x2, y2, self.r + TOL)
        return any(self._soft.polygons[i].distance(path) <= self.r + TOL for i in near)

    def touches_difficult(self, points: Sequence[Point2]) -> bool:
        """DW-TER-04: the base, swept along the path (its start included), touches a piece that
        is difficult for it (only known to a mover made with `avoid_difficult`)."""
        if len(set(points)) == 1:
            return self._touches_soft(Point(*points[0]))
        return self._touches_soft(LineString(points))

    def is_clear_path(self, points: Sequence[Point2]) -> bool:
        """Every segment of the polyline traced by the centre is clear (DW-GEO-16)."""
        return all(self.is_clear(*a, *b) for a, b in pairwise(points))

    def cost(self, points: Sequence[Point2]) -> float:
        """Path cost = 2D length + vertical cost (DW-GEO-16, DW-TER-07)."""
        return sum(
            math.hypot(bx - ax, by - ay) + self.board.vertical_cost(ax, ay, bx, by)
            for (ax, ay), (bx, by) in pairwise(points)
        )

    def nodes(self, near: tuple[float, float, float] | None = None) -> list[Point2]:
        """The visibility graph's nodes (DW-GEO-17): the vertices of every obstacle inflated by
        the mover's reach on a circumscribed outline, and the corners of hills and roofs (a path
        may go round them to save vertical cost), where a centre may stand. With `near` = (x, y,
        radius), only the nodes within that distance of (x, y) (a search within a budget needs
        no other; obstacles wholly farther away are not even outlined)."""
        if near is None and self._nodes is not None:
            return self._nodes
        found: list[Point2] = []
        for polygon, reach in self._outlines:
            if near is not None and polygon.distance(Point(near[0], near[1])) > near[2] + reach + 1.0:
                continue
            outline = polygon.buffer(reach * _CIRCUMSCRIBE + _CLEARANCE, quad_segs=_QUAD_SEGS)
            found += [(float(x), float(y)) for x, y in shapely.get_coordinates(outline)[:-1]]
        steps = 4 * _QUAD_SEGS
        for cx, cy, reach in self.blockers:
            if near is not None and math.hypot(cx - near[0], cy - near[1]) > near[2] + reach + 1.0:
                continue
            ring = reach * _CIRCUMSCRIBE + _CLEARANCE
            angles = (2 * math.pi * k / steps for k in range(steps))
            found += [(cx + ring * math.cos(a), cy + ring * math.sin(a)) for a in angles]
        for piece in self.board.surfaces:
            outline = piece.polygon.buffer(_CLEARANCE, join_style="mitre")
            found += [(float(x), float(y)) for x, y in shapely.get_coordinates(outline)[:-1]]
        if near is not None:
            x0, y0, radius = near
            found = [p for p in found if math.hypot(p[0] - x0, p[1] - y0) <= radius]
        nodes = sorted({p for p in found if self.is_clear(*p, *p)})
        if near is None:
            self._nodes = nodes
        return nodes


class Paths:
    """Shortest legal paths from one start within a budget (DW-GEO-16/17): a visibility graph
    over the mover's nodes, searched by Dijkstra (a binary heap); a target is reached straight or
    from a settled node it can see. Lazy: nothing is searched until a target needs it."""

    def __init__(self, mover: Mover, start: Point2, budget: float) -> None:
        self.mover = mover
        self.start = start
        self.budget = budget
        self._graph: tuple[list[Point2], list[float], list[int], list[int]] | None = None
        self._cache: dict[Point2, tuple[float, int]] = {}

    def _search(self) -> tuple[list[Point2], list[float], list[int], list[int]]:
        if self._graph is not None:
            return self._graph
        sx, sy = self.start
        limit = self.budget + TOL
        nodes = self.mover.nodes((sx, sy, limit))
        cost = [math.inf] * len(nodes)
        parent = [-1] * len(nodes)
        done = [False] * len(nodes)
        settled: list[int] = []
        heap: list[tuple[float, int]] = [(0.0, -1)]
        while heap:
            d, u = heapq.heappop(heap)
            if u >= 0:
                if done[u]:
                    continue
                done[u] = True
                settled.append(u)
            ux, uy = self.start if u < 0 else nodes[u]
            for v, (vx, vy) in enumerate(nodes):
                if done[v]:
                    continue
                c = d + math.hypot(vx - ux, vy - uy)
                if c > limit or c >= cost[v] - TOL or not self.mover.sees(ux, uy, vx, vy):
                    continue
                c += self.mover.board.vertical_cost(ux, uy, vx, vy)
                if c <= limit and c < cost[v]:
                    cost[v], parent[v] = c, u
                    heapq.heappush(heap, (c, v))
        self._graph = (nodes, cost, parent, settled)
        return self._graph

    def _best(self, x: float, y: float) -> tuple[float, int]:
        """(cost, last node or -1 for straight from the start); cost inf if beyond the budget."""
        key = (x, y)
        if key in self._cache:
            return self._cache[key]
        sx, sy = self.start
        best, via = math.inf, -2
        straight = math.hypot(x - sx, y - sy)
        if straight <= self.budget + TOL and self.mover.is_clear(sx, sy, x, y):
            vertical = self.mover.board.vertical_cost(sx, sy, x, y)
            best, via = straight + vertical, -1
            if vertical == 0.0:
                self._cache[key] = (best, via)
                return best, via
        if straight <= self.budget + TOL:
            nodes, cost, _, settled = self._search()
            for v in settled:
                vx, vy = nodes[v]
                c = cost[v] + math.hypot(x - vx, y - vy)
                if c < best - TOL and c <= self.budget + TOL and self.mover.sees(vx, vy, x, y):
                    c += self.mover.board.vertical_cost(vx, vy, x, y)
                    if c < best:
                        best, via = c, v
        result = (best if best <= self.budget + TOL else math.inf, via)
        self._cache[key] = result
        return result

    def cost_to(self, x: float, y: float) -> float:
        """The shortest legal path cost to (x, y), or inf if none is within the budget."""
        return self._best(x, y)[0]

    def path_to(self, x: float, y: float) -> tuple[Point2, ...] | None:
        """The waypoints of that path, start and end included, or None."""
        best, via = self._best(x, y)
        if math.isinf(best):
            return None
        tail: list[Point2] = [(x, y)]
        if via >= 0:
            nodes, _, parent, _ = self._search()
            while via >= 0:
                tail.append(nodes[via])
                via = parent[via]
        tail.append(self.start)
        return tuple(reversed(tail))


class Stride:
    """Where one miniature may go in one Move (DW-GEO-16, DW-MOVE-02/05, DW-TER-04): a path
    that touches no piece difficult for it may use the whole allowance; one that starts in or
    touches such a piece only half of it, unless the Move is a March Move (`ignore_difficult`)."""

    def __init__(
        self,
        board: Battlefield,
        base: Base,
        profile: MoveProfile,
        allowance: float,
        *,
        ignore_difficult: bool = False,
        blockers: Sequence[Base] = (),
        leaving: bool = False,
        movers: dict[float, tuple[Mover, Mover | None]] | None = None,
    ) -> None:
        """`movers`, by radius: the movers already made for the other miniatures of the same
        Move (same table, profile, blockers and flags), shared so their memory is too."""
        self.base = base
        self.allowance = allowance
        self.ignore_difficult = ignore_difficult
        made = movers.get(base.r) if movers is not None else None
        if made is None:
            through = Mover(board, base.r, profile, blockers, leaving=leaving)
            has_difficult = any(profile.effect(p) is Passability.DIFFICULT for p in board.pieces)
            avoid = None
            if has_difficult and not ignore_difficult:
                avoid = Mover(board, base.r, profile, blockers, avoid_difficult=True, leaving=leaving)
            made = (through, avoid)
            if movers is not None:
                movers[base.r] = made
        self.through: Mover = made[0]
        self.avoid: Mover | None = made[1]
        start = base.centre
        self.starts_difficult = self.avoid is not None and self.avoid.touches_difficult([start])
        self._full = None if self.starts_difficult else Paths(self.avoid or self.through, start, allowance)
        self._half = Paths(self.through, start, allowance / 2) if self.avoid is not None else None

    def touches_difficult(self, points: Sequence[Point2]) -> bool:
        """DW-TER-04: the swept path (the start base included) touches a piece difficult for it."""
        return self.avoid is not None and self.avoid.touches_difficult(points)

    def cost_to(self, x: float, y: float) -> float:
        """The cheapest legal path cost to (x, y) within its allowance, else inf."""
        full = self._full.cost_to(x, y) if self._full is not None else math.inf
        if not math.isinf(full):
            return full
        return self._half.cost_to(x, y) if self._half is not None else math.inf

    def can_reach(self, x: float, y: float) -> bool:
        return not math.isinf(self.cost_to(x, y))

    def path_to(self, x: float, y: float) -> tuple[Point2, ...] | None:
        """The engine's shortest legal path to (x, y) (DW-GEO-17), or None."""
        if self._full is not None and (path := self._full.path_to(x, y)) is not None:
            return path
        return self._half.path_to(x, y) if self._half is not None else None

    def check(self, waypoints: Sequence[Point2]) -> bool:
        """A path given by the player (start, waypoints..., end): legal and within the allowance,
        halved when it touches difficult terrain (DW-GEO-16, DW-TER-04)."""
        points = [self.base.centre, *waypoints]
        if not self.through.is_clear_path(points):
            return False
        allowance = self.allowance / 2 if self.touches_difficult(points) else self.allowance
        return self.through.cost(points) <= allowance + TOL


# ---------------------------------------------------------------- units (DW-GEO-17)


@dataclass(frozen=True, slots=True)
class Placement:
    """Final centres of a unit's miniatures in unit data order, leader first, and a vehicle's
    facing: an exact-coordinate proposal or a canonical candidate (DW-GEO-17)."""

    centres: tuple[Point2, ...]
    facing: float | None = None

    def snapped(self) -> Placement:
        """Every coordinate rounded to 0.1" (DW-GEO-02)."""
        return Placement(tuple(snap_point(x, y) for x, y in self.centres), self.facing)


@lru_cache(maxsize=1024)
def formation_offsets(template: Formation, heading: float, followers: int) -> tuple[Point2, ...]:
    """DW-GEO-17 (b): where the 1st..n-th followers stand relative to the leader at heading φ.
    F-LINE: ±2·⌈k/2⌉" along the axis φ+90°, right (φ−90°) for odd k, left for even k;
    F-COLUMN: 2k" behind, along φ+180°; F-CLUSTER: ring 1 (1.5" at φ+60°·i), then ring 2
    (3" at φ+30°·i)."""
    phi = math.radians(heading)
    out: list[Point2] = []
    if template is Formation.LINE:
        ax, ay = -math.sin(phi), math.cos(phi)  # the axis φ+90° (left)
        for k in range(1, followers + 1):
            step = LINE_SPACING * math.ceil(k / 2) * (-1 if k % 2 else 1)
            out.append((step * ax, step * ay))
    elif template is Formation.COLUMN:
        back = (-math.cos(phi), -math.sin(phi))  # φ+180°
        out = [(LINE_SPACING * k * back[0], LINE_SPACING * k * back[1]) for k in range(1, followers + 1)]
    else:
        angles = [
            (radius, phi + math.radians(step * i))
            for radius, step, count in CLUSTER_RINGS
            for i in range(count)
        ]
        slots = [(radius * math.cos(a), radius * math.sin(a)) for radius, a in angles]
        if followers > len(slots):
            raise ValueError(f"F-CLUSTER holds {len(slots)} followers, not {followers}")
        out = slots[:followers]
    return tuple(out)


@lru_cache(maxsize=65_536)  # candidates lay the same templates on the same lattice points again and again
def formation(leader: Point2, template: Formation, heading: float, followers: int) -> tuple[Point2, ...]:
    """The leader and its followers' centres for a template, rounded to 0.1" (DW-GEO-17 (b))."""
    x, y = leader
    return (
        leader,
        *(snap_point(x + dx, y + dy) for dx, dy in formation_offsets(template, heading, followers)),
    )


def _lattice_around(board: Battlefield, x: float, y: float, radius: float, margin: float) -> list[Point2]:
    """Points of the integer 1" lattice within `radius` of (x, y) where a base of radius
    `margin` fits on the table (DW-GEO-17 (a))."""
    lo_x, hi_x = (
        max(math.ceil(margin), math.ceil(x - radius)),
        min(math.floor(board.width - margin), math.floor(x + radius)),
    )
    lo_y, hi_y = (
        max(math.ceil(margin), math.ceil(y - radius)),
        min(math.floor(board.depth - margin), math.floor(y + radius)),
    )
    points = [(float(i), float(j)) for i in range(lo_x, hi_x + 1) for j in range(lo_y, hi_y + 1)]
    return [p for p in points if math.hypot(p[0] - x, p[1] - y) <= radius + TOL]


@dataclass
class UnitMove:
    """One unit's Move action in context (DW-MOVE-01..08, DW-GEO-16/17).

    `bases` are the unit's miniatures where they stand, in unit data order with the Unit Leader
    first; `friends` and `enemies` every other base on the table. A swept path may cross friendly
    Soldiers but not enemies or friendly Vehicles; no final base may overlap any base
    (DW-GEO-16). `leadership` is the leader's LR (None: not checked, as for a one-miniature or
    Leaderless unit, DW-UNIT-06). A March Move doubles the allowance and ignores difficult
    terrain (DW-ACT-05); a Jump (DW-ABL-11) goes straight, ignoring terrain, bases, vertical cost
    and difficult terrain, may end on a roof, and never pivots a vehicle (DW-MOVE-08)."""

    board: Battlefield
    bases: tuple[Base, ...]
    profile: MoveProfile
    movement: float
    march: bool = False
    jump: bool = False
    friends: tuple[Base, ...] = ()
    enemies: tuple[Base, ...] = ()
    leadership: float | None = None
    _strides: list[Stride] | None = field(default=None, init=False, repr=False)
    # (x, y, r) -> the base standing there is clear of the table's edges, terrain and `crowd`:
    # candidates put followers on the same points again and again (the finals' own overlaps are
    # not in it: they differ per candidate)
    _clear: dict[tuple[float, float, float], bool] = field(default_factory=dict, init=False, repr=False)

    @property
    def allowance(self) -> float:
        """Movement, doubled for a March Move (DW-MOVE-02)."""
        return self.movement * (2 if self.march else 1)

    def strides(self) -> list[Stride]:
        """Each miniature's Move, blocked by enemies and friendly Vehicles (DW-GEO-16)."""
        if self._strides is None:
            blockers = self.enemies + tuple(f for f in self.friends if f.is_vehicle)
            movers: dict[float, tuple[Mover, Mover | None]] = {}
            self._strides = [
                Stride(
                    self.board,
                    b,
                    self.profile,
                    self.allowance,
                    ignore_difficult=self.march,
                    blockers=blockers,
                    movers=movers,
                )
                for b in self.bases
            ]
        return self._strides

    def _finals(self, placement: Placement, *, straight: bool = False) -> tuple[Base, ...] | None:
        """The final bases, or None when the placement does not fit the unit; with `straight`,
        also None when a centre is beyond the allowance in a straight line (`_within_budget`,
        measured before any base is made)."""
        if len(placement.centres) != len(self.bases):
            return None
        vehicle = self.bases[0].is_vehicle
        if vehicle != (placement.facing is not None):
            return None
        if self.jump and vehicle and placement.facing != self.bases[0].facing:
            return None  # DW-MOVE-08: no pivot during a Jump
        if straight and not self._within_budget(placement.centres):
            return None
        return tuple(
            b.at(x, y, placement.facing) for b, (x, y) in zip(self.bases, placement.centres, strict=True)
        )

    @cached_property
    def crowd(self) -> Crowd:
        """Every other base, which no final base may overlap."""
        return Crowd(self.friends + self.enemies)

    def _placed(self, finals: Sequence[Base]) -> bool:
        """Every final base legal where it stands (`placement_is_clear`, remembered by place) and
        clear of the finals before it, and the unit in formation."""
        clear = self._clear
        for i, f in enumerate(finals):
            key = (f.x, f.y, f.r)
            ok = clear.get(key)
            if ok is None:
                ok = clear[key] = placement_is_clear(
                    self.board, f, self.profile, roof=self.jump, crowd=self.crowd
                )
            if not ok or any(overlaps(f, o) for o in finals[:i]):
                return False
        return self.leadership is None or in_formation(finals[0], finals[1:], self.leadership)

    def _within_budget(self, centres: Sequence[Point2]) -> bool:
        """Every final centre within the allowance of its start in a straight line: what any path
        within it needs, and the first thing a `Stride` measures (the same sum), so it refuses
        a far candidate before its finals are placed or its paths searched."""
        limit = self.allowance + TOL
        return all(
            math.hypot(x - b.x, y - b.y) <= limit for (x, y), b in zip(centres, self.bases, strict=True)
        )

    def is_legal(self, placement: Placement, waypoints: Sequence[Sequence[Point2]] | None = None) -> bool:
        """An exact-coordinate proposal (DW-GEO-17): every final base legal and the unit in
        formation; each miniature's path either its given waypoints (checked as given) or the
        engine's shortest legal path, within its allowance."""
        # a Jump's whole distance test (DW-ABL-11) and an engine path's first, before all else
        finals = self._finals(placement, straight=self.jump or waypoints is None)
        if finals is None or not self._placed(finals):
            return False
        if self.jump:
            return True
        strides = self.strides()
        if waypoints is not None:
            if len(waypoints) != len(finals):
                return False
            return all(s.check([*w, f.centre]) for s, w, f in zip(strides, waypoints, finals, strict=True))
        return all(s.can_reach(f.x, f.y) for s, f in zip(strides, finals, strict=True))

    def candidates(self) -> Iterator[Placement]:
        """The canonical candidate set (DW-GEO-17): leader destinations on the 1" lattice within
        reach × formation templates × headings (followers) or × facings (vehicles), each kept
        only if `is_legal` accepts it."""
        leader = self.bases[0]
        facings: tuple[float | None, ...] = (None,)
        if leader.is_vehicle:
            facings = (leader.facing,) if self.jump else FACINGS
        seen: set[Placement] = set()
        for point in _lattice_around(self.board, leader.x, leader.y, self.allowance, leader.r):
            if not self._leader_reaches(point):
                continue
            for centres in self._formations(point):
                for facing in facings:
                    candidate = Placement(centres, facing)
                    if candidate not in seen and self.is_legal(candidate):
                        seen.add(candidate)
                        yield candidate

    def _leader_reaches(self, point: Point2) -> bool:
        leader = self.bases[0]
        if self.jump:
            return math.hypot(point[0] - leader.x, point[1] - leader.y) <= self.allowance + TOL
        return self.strides()[0].can_reach(*point)

    def _formations(self, point: Point2) -> Iterator[tuple[Point2, ...]]:
        followers = len(self.bases) - 1
        if followers == 0:
            yield (point,)
            return
        for template in Formation:
            for heading in HEADINGS:
                yield formation(point, template, heading, followers)


@dataclass(frozen=True)
class Zone:
    """A deployment zone (DW-SET-05): every base wholly within `area`; with `oversize`, a base
    whose diameter exceeds it may instead stand touching `edge` (DW-SM-06)."""

    area: Polygon
    edge: Edge | None = None
    oversize: float | None = None

    def admits(self, board: Battlefield, a: Base) -> bool:
        if is_wholly_within(a, self.area):
            return True
        return (
            self.oversize is not None
            and self.edge is not None
            and 2 * a.r > self.oversize + TOL
            and board.is_on_table(a)
            and board.edge_distance(a, self.edge) <= TOL
            and bool(shapely.intersects_xy(self.area, a.x, a.y))
        )


def deployment_zone(board: Battlefield, edge: Edge, depth: float, *, oversize: bool = False) -> Zone:
    """The strip wholly within `depth` of a long edge (DW-FB-02, DW-FL-05, DW-SM-06)."""
    if edge not in LONG_EDGES:
        raise ValueError("deployment zones lie along a long edge (DW-GEO-01)")
    return Zone(board.edge_strip(edge, depth), edge, depth if oversize else None)


@dataclass(frozen=True)
class UnitDeployment:
    """One unit's placement at deployment (DW-SET-05): in formation, every base wholly within
    the zone, on a legal position (DW-GEO-16 end conditions). `bases` give each miniature's
    radius, eye height and (for a vehicle, any) facing; their positions are ignored."""

    board: Battlefield
    bases: tuple[Base, ...]
    profile: MoveProfile
    zone: Zone
    others: tuple[Base, ...] = ()
    leadership: float | None = None

    def is_legal(self, placement: Placement) -> bool:
        if len(placement.centres) != len(self.bases):
            return False
        if self.bases[0].is_vehicle != (placement.facing is not None):
            return False
        finals = tuple(
            b.at(x, y, placement.facing) for b, (x, y) in zip(self.bases, placement.centres, strict=True)
        )
        for i, f in enumerate(finals):
            if not self.stands(f) or any(overlaps(f, o) for o in finals[:i]):
                return False
        return self.leadership is None or in_formation(finals[0], finals[1:], self.leadership)

    def admits(self, a: Base) -> bool:
        """The zone admits the base (DW-SET-05), remembered by place (the zone is measured
        exactly, and candidates stand on the same points again and again)."""
        key = (a.x, a.y, a.r)
        ok = self._admitted.get(key)
        if ok is None:
            ok = self._admitted[key] = self.zone.admits(self.board, a)
        return ok

    def admit_all(self, points: Sequence[Point2]) -> None:
        """Decide `admits` for the Unit Leader at many lattice points at once: Shapely 2 on arrays,
        the same two GEOS measurements per point as `is_wholly_within` makes one by one; a point
        the zone's oversize rule (DW-SM-06) may still admit is left to `admits`."""
        r = self.bases[0].r
        admitted = self._admitted
        todo = [(x, y) for x, y in points if (x, y, r) not in admitted]
        if not todo:
            return
        xs = [x for x, _ in todo]
        ys = [y for _, y in todo]
        area = self.zone.area
        inside = shapely.intersects_xy(area, xs, ys)
        gaps = shapely.distance(area.boundary, shapely.points(xs, ys))
        for (x, y), held, gap in zip(todo, inside, gaps, strict=True):
            if held and float(gap) >= r - TOL:
                admitted[(x, y, r)] = True
            elif self.zone.oversize is None:
                admitted[(x, y, r)] = False

    def stands(self, a: Base) -> bool:
        """The base may stand there whatever the rest of the unit does: admitted by the zone and
        clear of the table's edges, terrain and the bases already on the table (DW-GEO-16);
        remembered by place."""
        key = (a.x, a.y, a.r)
        ok = self._clear.get(key)
        if ok is None:
            ok = self._clear[key] = self.admits(a) and placement_is_clear(
                self.board, a, self.profile, crowd=self.crowd
            )
        return ok

    @cached_property
    def crowd(self) -> Crowd:
        """The bases already on the table, which no final base may overlap."""
        return Crowd(self.others)

    @cached_property
    def _admitted(self) -> dict[tuple[float, float, float], bool]:
        return {}

    @cached_property
    def _clear(self) -> dict[tuple[float, float, float], bool]:
        return {}

    def candidates(self) -> Iterator[Placement]:
        """Leader on the 1" lattice inside the zone × templates × headings, or × facings for a
        vehicle (DW-GEO-17), each kept only if `is_legal` accepts it."""
        leader = self.bases[0]
        x1, y1, x2, y2 = self.zone.area.bounds
        facings: tuple[float | None, ...] = FACINGS if leader.is_vehicle else (None,)
        followers = len(self.bases) - 1
        seen: set[Placement] = set()
        for i in range(math.ceil(x1), math.floor(x2) + 1):
            for j in range(math.ceil(y1), math.floor(y2) + 1):
                point = (float(i), float(j))
                if not self.admits(leader.at(*point)):
                    continue
                shapes: list[tuple[Point2, ...]] = [(point,)]
                if followers:
                    shapes = [formation(point, t, h, followers) for t in Formation for h in HEADINGS]
                for centres in shapes:
                    for facing in facings:
                        candidate = Placement(centres, facing)
                        if candidate not in seen and self.is_legal(candidate):
                            seen.add(candidate)
                            yield candidate
