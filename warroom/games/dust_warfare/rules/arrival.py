"""Where a unit that is not on the table may be placed (dust_warfare.md DW-MOVE-10, DW-ABL-02,
DW-ABL-04, DW-MOVE-11, DW-ACT-09): the legality predicates of an entry from the arrival edge, an
Air drop, a Black ops deployment and a disembarkation, each a `UnitDeployment` (a zone, legal
final bases, formation) with the rule's own extra conditions, so the staged candidate sets and
the exact-coordinate proposals of rules/placement.py use them unchanged (DW-GEO-17).

Designed readings ([gap: designed] in the digest, made exact here):
- An entering miniature's path begins on the arrival edge at the foot of the perpendicular from
  its final centre (the nearest point of the edge line, so the path "is measured from the edge
  line", DW-MOVE-10); the swept straight path from there must be clear, and its length plus
  any vertical cost must fit the allowance, halved if it touches difficult terrain unless the
  entry is a March Move (DW-TER-04).
- A disembarking miniature's path begins on the carrier's base edge at the point facing its
  final centre (DW-MOVE-11), measured and checked in the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely.geometry import Point, Polygon

from warroom.games.dust_warfare.geometry import (
    TOL,
    Base,
    Battlefield,
    MoveProfile,
    Mover,
    Placement,
    Point2,
    UnitDeployment,
    UnitMove,
    Zone,
    distance,
)
from warroom.games.dust_warfare.words import Edge, Passability, Surface

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

ENTER = "enter"  # DW-MOVE-10: an off-table unit's entry Move
DROP = "drop"  # DW-ABL-02: an Air drop
BLACK_OPS = "black_ops"  # DW-ABL-04: a Black ops unit's deployment
DISEMBARK = "disembark"  # DW-MOVE-11: a disembarking Move
SCOUT = "scout"  # DW-ABL-17 (a): a Scout vehicle's free pre-game Move (rules/scout.py)
PURPOSES = (ENTER, DROP, BLACK_OPS, DISEMBARK, SCOUT)
AIR_DROP_GAP = 6.0  # DW-ABL-02: at least 6" from every enemy miniature
BLACK_OPS_GAP = 12.0  # DW-ABL-04: more than 12" from every enemy miniature or marker
SLACK = 0.01  # the reach disks are polygons: drawn this much wider, the exact checks decide


def _finals(ctx: UnitDeployment, placement: Placement) -> tuple[Base, ...]:
    return tuple(b.at(x, y, placement.facing) for b, (x, y) in zip(ctx.bases, placement.centres, strict=True))


@dataclass(frozen=True)
class Straight:
    """A straight path from a start to a final centre, within an allowance (DW-GEO-16): `through`
    knows what the swept base may not cross, `soft` which pieces are difficult (None when
    difficult terrain does not matter, as on a March Move)."""

    through: Mover
    soft: Mover | None
    allowance: float

    def fits(self, start: Point2, end: Point2) -> bool:
        points = [start, end]
        if not self.through.is_clear_path(points):
            return False
        allowance = self.allowance
        if self.soft is not None and self.soft.touches_difficult(points):
            allowance /= 2  # DW-TER-04
        return self.through.cost(points) <= allowance + TOL


@dataclass(frozen=True)
class Entry(UnitDeployment):
    """DW-MOVE-10: every entering miniature ends wholly on the table, in formation, reached by a
    straight path from the arrival edge within its allowance (the zone is the strip it can
    reach)."""

    edge: Edge = Edge.SOUTH
    paths: tuple[Straight, ...] = ()

    def foot(self, x: float, y: float) -> Point2:
        """The point of the arrival edge line nearest a centre."""
        w, d = self.board.width, self.board.depth
        return {Edge.SOUTH: (x, 0.0), Edge.NORTH: (x, d), Edge.WEST: (0.0, y), Edge.EAST: (w, y)}[self.edge]

    def is_legal(self, placement: Placement) -> bool:
        if not super().is_legal(placement):
            return False
        return all(
            path.fits(self.foot(f.x, f.y), f.centre)
            for path, f in zip(self.paths, _finals(self, placement), strict=True)
        )


@dataclass(frozen=True)
class Drop(UnitDeployment):
    """DW-ABL-02 (gap >= 6", `strict` False) and DW-ABL-04 (gap > 12", `strict` True): every
    final base is that far, edge to edge, from every base in `away`; an Air drop never ends on
    a roof (`no_roof`)."""

    away: tuple[Base, ...] = ()
    gap: float = 0.0
    strict: bool = False
    no_roof: bool = False

    def is_legal(self, placement: Placement) -> bool:
        if not super().is_legal(placement):
            return False
        for f in _finals(self, placement):
            for e in self.away:
                d = distance(f, e)
                if (d <= self.gap + TOL) if self.strict else (d < self.gap - TOL):
                    return False
            if self.no_roof and any(p.surface is Surface.ROOF for p in self.board.pieces_overlapping(f)):
                return False
        return True


@dataclass(frozen=True)
class Disembark(UnitDeployment):
    """DW-MOVE-11: each miniature's path starts at the carrier's base edge, toward its final
    centre; the carrier itself is in `others`, so no final base overlaps it."""

    carrier: Base | None = None
    paths: tuple[Straight, ...] = ()

    def start(self, x: float, y: float) -> Point2:
        c = self.carrier
        assert c is not None
        gap = math.hypot(x - c.x, y - c.y)
        if gap <= TOL:
            return c.centre
        return (c.x + (x - c.x) * c.r / gap, c.y + (y - c.y) * c.r / gap)

    def is_legal(self, placement: Placement) -> bool:
        if not super().is_legal(placement):
            return False
        return all(
            path.fits(self.start(f.x, f.y), f.centre)
            for path, f in zip(self.paths, _finals(self, placement), strict=True)
        )


def reach_disk(board_table: Polygon, centre: Base, reach: float) -> Zone:
    """The table within `reach` of a base's edge: where a disembarking or bailing-out miniature
    may stand (its base wholly inside; the polygon is drawn SLACK wider, so the exact distance
    itself is admitted)."""
    disk: Polygon = Point(centre.x, centre.y).buffer(centre.r + reach + SLACK, quad_segs=32)
    return Zone(disk.intersection(board_table))


def straight(
    board: Battlefield,
    r: float,
    profile: MoveProfile,
    blockers: tuple[Base, ...],
    allowance: float,
    *,
    march: bool,
    leaving: bool,
) -> Straight:
    """A miniature's straight path rules: blocked by `blockers` and impassable pieces, halved by
    difficult terrain unless a March Move (DW-TER-04, DW-ACT-05)."""
    through = Mover(board, r, profile, blockers, leaving=leaving)
    has_soft = any(profile.effect(p) is Passability.DIFFICULT for p in board.pieces)
    soft = None
    if has_soft and not march:
        soft = Mover(board, r, profile, blockers, avoid_difficult=True, leaving=leaving)
    return Straight(through, soft, allowance)


def arrival_edge(st: DustState, seat: int) -> Edge:
    """DW-SET-08: the long edge of the player's deployment zone."""
    edge = st.edges[seat]
    return Edge(edge) if edge is not None else (Edge.SOUTH if seat == 0 else Edge.NORTH)


def swept(ctx: UnitDeployment | UnitMove, final: Placement) -> tuple[list[tuple[list[Point2], float]], bool]:
    """DW-BTL-03 for these Moves: each miniature's swept path with its base radius (an entry's
    from the edge, a disembarkation's from the vehicle's edge, a scouting move's along the
    engine's shortest path), and whether only where it ends counts (an Air drop, as a Jump); a
    Black ops deployment is no Move and sweeps nothing. rules/moves.py counts the minefields
    the paths touch (rules/fortify.py's `crossed`)."""
    jump = False
    paths: list[tuple[list[Point2], float]] = []
    for i, (base, end) in enumerate(zip(ctx.bases, final.centres, strict=True)):
        if isinstance(ctx, Entry):
            path = [ctx.foot(*end), end]
        elif isinstance(ctx, Disembark):
            path = [ctx.start(*end), end]
        elif isinstance(ctx, Drop) and ctx.no_roof:
            path, jump = [end, end], True
        elif isinstance(ctx, UnitMove):
            found = ctx.strides()[i].path_to(*end)
            path = list(found) if found is not None else [base.centre, end]
        else:
            return [], False
        paths.append((path, base.r))
    return paths, jump
