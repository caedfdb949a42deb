"""Fortifications (dust_warfare.md DW-BTL-02..05, DW-FL-02..04, D-06, D-07, §4.2): Front Lines'
minefields, barriers and Dug-In markers.

- Placement (DW-FL-04): after the terrain, each player places 3 minefield markers (2 live at
  Density 2, 1 dummy) and 2 barrier sections (barbed wire or tank traps, their choice),
  alternately from the roll-off winner; each wholly on the table and wholly outside both
  deployment zones, overlapping no terrain piece and no other minefield (a designed limit).
  Staged like a placement: `fort mine|dummy|T-WIRE|T-TRAP`, `region R`, `at X Y` (1"
  lattice), then `rotate 0|90` for a barrier. A barrier becomes a terrain piece (DW-BTL-04).
- Secrecy (§4.2): a marker's Density, or that it is a dummy, is known to its owner only until it
  is revealed; the other seat's view and events show a marker, and a determinisation re-deals
  the opponent's unrevealed live and dummy markers among their positions.
- Trigger (DW-BTL-03): at the end of any Move (orders, reactions and retreats included) in which
  a miniature's swept path overlapped a minefield's area (a Jump: only a miniature ending
  inside), the marker is revealed: a dummy is removed; a live one attacks the moving unit with
  Density dice per miniature that overlapped it, 1 damage per hit (2 to a Vehicle), armour roll
  allowed, cover ignored, Suppression as DW-SUP-02; it stays face up and triggers again.
- Dug-In (DW-FL-03, DW-BTL-05): after deployment each player may give its marker to one of their
  units deployed wholly inside a T-RUIN (never a Heavy walker): +1 cover level (DW-ATK-07) until
  any miniature of the unit moves.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from numpy.typing import NDArray
from shapely.geometry import Point, Polygon

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import DustActions, Verb
from warroom.games.dust_warfare.geometry import (
    TOL,
    Base,
    Battlefield,
    Point2,
    footprint,
    is_wholly_outside,
    is_wholly_within,
)
from warroom.games.dust_warfare.rules import placement
from warroom.games.dust_warfare.rules.attack import suppression_gain
from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll
from warroom.games.dust_warfare.table_words import piece_words, point_words, unit_title
from warroom.games.dust_warfare.words import TerrainKind

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

MINE, DUMMY = "mine", "dummy"
KINDS = (MINE, DUMMY, TerrainKind.WIRE.value, TerrainKind.TANK_TRAP.value)
ROTATIONS = (0, 90)
VEHICLE_MINE_DAMAGE = 2  # DW-BTL-03


def stock(st: DustState, seat: int) -> dict[str, int]:
    """What the seat has still to place (DW-FL-04)."""
    forts = st.game.scenario.fortifications
    assert forts is not None
    placed = [m for m in st.mines if m[0] == seat]
    barriers = sum(1 for p in st.terrain if len(p) > 4 and p[4] == seat)
    live = sum(1 for m in placed if m[3] > 0)
    return {
        MINE: forts.live - live,
        DUMMY: forts.minefields - forts.live - (len(placed) - live),
        "barrier": forts.barriers - barriers,
    }


def mine_radius(st: DustState) -> float:
    radius = st.game.content.terrain[TerrainKind.MINEFIELD].radius
    assert radius is not None
    return radius


def _zones(st: DustState) -> list[Any]:
    return st.game.zone_areas(tuple(e for e in st.edges if e is not None))


def _fits(st: DustState, kind: str, x: float, y: float, rotation: int) -> bool:
    """DW-FL-04 at one point: the piece wholly on the table, wholly outside both deployment
    zones, over no terrain piece and no other minefield. The point test: the listings ask
    `_spots`, which measures every lattice point at once and decides the same."""
    board = st.board
    if kind in (MINE, DUMMY):
        r = mine_radius(st)
        disk = Base(x, y, r, 0.0)
        if not board.is_on_table(disk) or not all(is_wholly_outside(disk, z) for z in _zones(st)):
            return False
        if any(p.polygon.distance(_point(x, y)) < r - TOL for p in board.pieces):
            return False
        return all(math.hypot(m[1] - x, m[2] - y) >= 2 * r - TOL for m in st.mines)
    size = st.game.content.terrain[TerrainKind(kind)].footprint
    assert size is not None
    polygon = footprint(size, (x, y), rotation)
    x1, y1, x2, y2 = polygon.bounds
    if x1 < -TOL or y1 < -TOL or x2 > board.width + TOL or y2 > board.depth + TOL:
        return False
    if any(polygon.intersects(z) and polygon.intersection(z).area > TOL for z in _zones(st)):
        return False
    if any(polygon.intersects(p.polygon) for p in board.pieces):
        return False
    r = mine_radius(st)
    return all(polygon.distance(_point(m[1], m[2])) >= r - TOL for m in st.mines)


def _point(x: float, y: float) -> Point:
    return Point(x, y)


def _kinds(st: DustState, seat: int) -> list[str]:
    left = stock(st, seat)
    out = [k for k in (MINE, DUMMY) if left[k] > 0]
    if left["barrier"] > 0:
        forts = st.game.scenario.fortifications
        assert forts is not None
        out += [k.value for k in forts.barrier_types]
    return out


def _lattice(st: DustState, region: int) -> list[tuple[int, int]]:
    x1, y1, x2, y2 = st.game.actions.region_box(region)
    return [
        (x, y)
        for x in range(int(x1), int(x2))
        for y in range(int(y1), int(y2))
        if (x, y) in st.game.actions.at
    ]


def _point_fits(spots: frozenset[tuple[int, int, int]], x: int, y: int) -> bool:
    return any((x, y, r) in spots for r in ROTATIONS)


def _spots(st: DustState, kind: str) -> frozenset[tuple[int, int, int]]:
    """Every lattice point (x, y, rotation) where `kind` fits now (DW-FL-04, as `_fits`), measured
    with Shapely 2's array functions over the whole 1" lattice at once (one call per zone, piece
    and minefield) instead of one point at a time, and kept while the table, the zones and the
    minefields stay as they are (a placement's three stages ask the same)."""
    zones = tuple(_zones(st))
    mines = tuple((float(m[1]), float(m[2])) for m in st.mines)
    r = mine_radius(st)
    if kind in (MINE, DUMMY):
        return _mine_spots(st.game.actions, st.board, zones, mines, r)
    size = st.game.content.terrain[TerrainKind(kind)].footprint
    assert size is not None
    return _barrier_spots(st.game.actions, st.board, zones, mines, r, size=size)


_Lattice = tuple[NDArray[np.float64], NDArray[np.float64], list[tuple[int, int]]]


@lru_cache(maxsize=8)  # per action table: its 1" lattice never changes
def _lattice_arrays(actions: DustActions) -> _Lattice:
    points = sorted(actions.at)
    xy = np.array(points, dtype=np.float64)
    return xy[:, 0], xy[:, 1], points


@lru_cache(maxsize=32)
def _mine_spots(
    actions: DustActions, board: Battlefield, zones: tuple[Polygon, ...], mines: tuple[Point2, ...], r: float
) -> frozenset[tuple[int, int, int]]:
    """`_fits` for a minefield at every lattice point: a Shapely call measures only the points
    still standing whose box comes within reach of the shape (its cost is by the point)."""
    xs, ys, points = _lattice_arrays(actions)
    ok = (xs - r >= -TOL) & (ys - r >= -TOL) & (xs + r <= board.width + TOL) & (ys + r <= board.depth + TOL)
    for mx, my in mines:
        ok &= np.hypot(mx - xs, my - ys) >= 2 * r - TOL
    centres = shapely.points(xs, ys)
    spans = (xs, ys, xs, ys)
    for z in zones:  # wholly outside (is_wholly_outside)
        at = _near(ok, spans, z.bounds, r)
        ok[at] = shapely.distance(z, centres[at]) >= r - TOL
    for piece in board.pieces:
        at = _near(ok, spans, piece.polygon.bounds, r)
        ok[at] = ~(shapely.distance(piece.polygon, centres[at]) < r - TOL)
    fitting = [p for p, fits in zip(points, ok.tolist(), strict=True) if fits]
    return frozenset((x, y, rotation) for x, y in fitting for rotation in ROTATIONS)  # a disk turns alike


@lru_cache(maxsize=32)
def _barrier_spots(
    actions: DustActions,
    board: Battlefield,
    zones: tuple[Polygon, ...],
    mines: tuple[Point2, ...],
    r: float,
    *,
    size: tuple[float, float],
) -> frozenset[tuple[int, int, int]]:
    """`_fits` for a barrier of `size` at every lattice point and rotation, measured as
    `_mine_spots` does."""
    xs, ys, points = _lattice_arrays(actions)
    out: set[tuple[int, int, int]] = set()
    for rotation in ROTATIONS:
        w, d = (size[1], size[0]) if rotation % 180 == 90 else size  # as geometry.footprint
        spans = (xs - w / 2, ys - d / 2, xs + w / 2, ys + d / 2)
        x1, y1, x2, y2 = spans
        ok = (x1 >= -TOL) & (y1 >= -TOL) & (x2 <= board.width + TOL) & (y2 <= board.depth + TOL)
        shaped = []
        for z in zones:
            if _is_box(z):  # a zone that is its own box (a long edge's strip): overlap by arithmetic
                zx1, zy1, zx2, zy2 = z.bounds
                across = np.clip(np.minimum(x2, zx2) - np.maximum(x1, zx1), 0.0, None)
                up = np.clip(np.minimum(y2, zy2) - np.maximum(y1, zy1), 0.0, None)
                ok &= ~(across * up > TOL)
            else:
                shaped.append(z)
        boxes = np.empty(len(xs), dtype=object)
        at = np.flatnonzero(ok)
        boxes[at] = shapely.box(x1[at], y1[at], x2[at], y2[at])
        for z in shaped:
            at = _near(ok, spans, z.bounds, 0.0)
            ok[at] = _no_area_in(boxes[at], z)
        for mx, my in mines:
            at = _near(ok, spans, (mx, my, mx, my), r)
            ok[at] = shapely.distance(boxes[at], Point(mx, my)) >= r - TOL
        for piece in board.pieces:
            at = _near(ok, spans, piece.polygon.bounds, 0.0)
            ok[at] = ~shapely.intersects(boxes[at], piece.polygon)
        out.update((x, y, rotation) for (x, y), fits in zip(points, ok.tolist(), strict=True) if fits)
    return frozenset(out)


_Spans = tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.float64], NDArray[np.float64]]


def _near(
    ok: NDArray[np.bool_], spans: _Spans, bounds: tuple[float, float, float, float], reach: float
) -> NDArray[np.intp]:
    """The points still standing whose box (x1, y1, x2, y2 arrays) comes within `reach` (and a
    little) of `bounds`: the only ones a shape there can touch or come closer to than `reach`."""
    x1, y1, x2, y2 = spans
    bx1, by1, bx2, by2 = bounds
    grow = reach + 2 * TOL
    close = (x2 >= bx1 - grow) & (x1 <= bx2 + grow) & (y2 >= by1 - grow) & (y1 <= by2 + grow)
    return np.flatnonzero(ok & close)


@lru_cache(maxsize=16)
def _is_box(zone: Polygon) -> bool:
    """The zone is the rectangle of its bounds (a deployment strip along a long edge)."""
    return bool(shapely.equals(zone, shapely.box(*zone.bounds)))


def _no_area_in(boxes: NDArray[np.object_], zone: Polygon) -> NDArray[np.bool_]:
    """Which boxes share no more than an edge with the zone (their intersection's area at most
    TOL, as `_fits` asks); the area is measured only for a box across the zone's boundary (one
    within the zone overlaps it by its whole area)."""
    meets: NDArray[np.bool_] = shapely.intersects(boxes, zone)
    clear = ~meets
    across = np.flatnonzero(meets & ~shapely.within(boxes, zone))
    clear[across] = ~(shapely.area(shapely.intersection(boxes[across], zone)) > TOL)
    return clear


def _region_fits(st: DustState, spots: frozenset[tuple[int, int, int]], region: int) -> bool:
    return any(_point_fits(spots, x, y) for x, y in _lattice(st, region))


def _anywhere(st: DustState, spots: frozenset[tuple[int, int, int]]) -> bool:
    """A region offers a place for the kind (its first stage has an option)."""
    return any(_region_fits(st, spots, r) for r in range(len(st.game.actions.region)))


def forts_job(st: DustState, _job: list[Any]) -> None:
    """DW-FL-04: the next fortification, alternately from the roll-off winner; a player with
    nothing left (or no legal place) passes to the other."""
    for seat in (st.placer, 1 - st.placer):
        kinds = [k for k in _kinds(st, seat) if _anywhere(st, _spots(st, k))]
        if kinds:
            st.placer = seat
            st.placing = {"purpose": "fort", "kind": None, "region": -1, "point": None}
            st.decide("fort", seat)
            return
    st.placing = None


def fort_options(st: DustState) -> list[Action]:
    placing = st.placing
    assert placing is not None
    table = st.game.actions
    seat = st.current_player()
    kind = placing["kind"]
    regions = range(len(table.region))
    if kind is None:
        return [table.fort[k] for k in _kinds(st, seat) if _anywhere(st, _spots(st, k))]
    if placing["point"] is not None:
        x, y = placing["point"]
        return [table.rotate[r] for r in ROTATIONS if _fits(st, kind, x, y, r)]
    spots = _spots(st, kind)
    if placing["region"] >= 0:
        return [table.at[(x, y)] for x, y in _lattice(st, placing["region"]) if _point_fits(spots, x, y)]
    return [table.region[r] for r in regions if _region_fits(st, spots, r)]


def fort_apply(st: DustState, action: Action) -> None:
    placing = st.placing
    assert placing is not None
    seat = st.current_player()
    if placement.narrow(st, action):
        return
    kind = placing["kind"]
    if action.verb == Verb.AT:
        x, y = action.part("to")
        if kind in (MINE, DUMMY):
            _place_mine(st, seat, kind, x, y)
            return
        st.placing = {**placing, "point": [x, y]}
        return
    x, y = placing["point"]
    rotation = action.part("rotation")
    spot = point_words(st, x, y)  # measured on the table before the barrier stands there
    st.terrain = [*st.terrain, [kind, x, y, rotation, seat]]
    st.touch()
    st.say(
        "barrier",
        f"the {st.side_name(seat)} place a {piece_words(st, kind).lower()} {spot}",
        None,
        kind=kind,
        x=x,
        y=y,
    )
    _next(st, seat)


def _place_mine(st: DustState, seat: int, kind: str, x: float, y: float) -> None:
    forts = st.game.scenario.fortifications
    assert forts is not None
    density = forts.density if kind == MINE else 0
    st.mines = [*st.mines, [seat, x, y, density, False]]
    st.say(
        "minefield",
        f"the {st.side_name(seat)} place a minefield marker {point_words(st, x, y)}",
        None,
        x=x,
        y=y,
    )
    st.say(
        "minefield_secret", f"it is {'live' if density else 'a dummy'}", frozenset((seat,)), density=density
    )
    _next(st, seat)


def _next(st: DustState, seat: int) -> None:
    st.placing = None
    st.decision = None
    st.placer = 1 - seat
    st.push(["forts"])


# ---------------------------------------------------------------- the trigger (DW-BTL-03)


def _overlaps(path: list[Point2], r: float, mx: float, my: float, reach: float) -> bool:
    if len(path) == 1:
        return math.hypot(path[0][0] - mx, path[0][1] - my) < reach + r - TOL
    for (ax, ay), (bx, by) in pairwise(path):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((mx - ax) * dx + (my - ay) * dy) / length2))
        if math.hypot(ax + t * dx - mx, ay + t * dy - my) < reach + r - TOL:
            return True
    return False


def crossed(st: DustState, paths: list[tuple[list[Point2], float]], jump: bool) -> list[list[int]]:
    """[mine index, miniatures that overlapped it] for each minefield the Move touched."""
    reach = mine_radius(st)
    out = []
    for i, (_, mx, my, *_rest) in enumerate(st.mines):
        n = 0
        for path, r in paths:
            if jump:
                end = path[-1]
                n += math.hypot(end[0] - mx, end[1] - my) <= reach + TOL
            else:
                n += _overlaps(path, r, mx, my, reach)
        if n:
            out.append([i, n])
    return out


def minefield_job(st: DustState, job: list[Any]) -> None:
    """DW-BTL-03: a touched minefield is revealed; a dummy goes, a live one attacks the unit."""
    _, u, x, y, n = job
    found = [i for i, m in enumerate(st.mines) if m[1] == x and m[2] == y]
    if not found or not st.on_table(u):
        return
    i = found[0]
    density = st.mines[i][3]
    if density == 0:
        st.mines = [m for k, m in enumerate(st.mines) if k != i]
        st.say("minefield", f"the minefield marker {point_words(st, x, y)} was a dummy", None, x=x, y=y)
        return
    st.mines = [[*m[:4], True] if k == i else m for k, m in enumerate(st.mines)]
    faces = roll(st.rng, density * n)
    rolled = hits(faces)
    saves = roll(st.rng, rolled)
    unsaved = rolled - hits(saves)
    unit = st.unit(u)
    damage = VEHICLE_MINE_DAMAGE if unit.is_vehicle else 1
    st.say(
        "minefield",
        f"{unit_title(st, u)} set off a minefield: {faces_text(faces)}, armour {faces_text(saves)}: "
        f"{unsaved} unsaved",
        None,
        unit=u,
        faces=faces,
    )
    st.attack = {
        "attacker": -1,
        "target": u,
        "hits": [damage] * unsaved,
        "suppression": suppression_gain(st, u, rolled, False),
    }
    st.push(["assign"])


# ---------------------------------------------------------------- Dug-In (DW-FL-03, DW-BTL-05)


def dug_in_candidates(st: DustState, seat: int) -> list[int]:
    ruins = [p.polygon for p in st.board.pieces if p.kind is TerrainKind.RUIN]
    return [
        u
        for u in st.table_units(seat)
        if not st.unit(u).is_heavy and any(all(is_wholly_within(b, r) for b in st.bases(u)) for r in ruins)
    ]


def dig_job(st: DustState, job: list[Any]) -> None:
    if dug_in_candidates(st, job[1]):
        st.decide("dig", job[1])


def dig_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.stop, *(table.unit[u] for u in dug_in_candidates(st, st.current_player()))]


def dig_apply(st: DustState, action: Action) -> None:
    st.decision = None
    if action.verb == Verb.STOP:
        return
    u = action.part("unit")
    st.dug_in[u] = True
    st.say("dug_in", f"{unit_title(st, u)} dig in", None, unit=u)


# ---------------------------------------------------------------- secrecy (§4.2)


def resample(st: DustState, player: int | None, rng: Rng) -> list[list[Any]]:
    """The opponent's unrevealed markers' live / dummy status re-dealt among their positions."""
    mines = [list(m) for m in st.mines]
    for owner in (0, 1):
        if owner == player:
            continue
        hidden = [i for i, m in enumerate(mines) if m[0] == owner and not m[4]]
        densities = [mines[i][3] for i in hidden]
        rng.shuffle(densities)
        for i, d in zip(hidden, densities, strict=True):
            mines[i][3] = d
    return mines


def mines_view(st: DustState, player: int | None) -> list[dict[str, Any]]:
    return [
        {
            "owner": owner,
            "x": x,
            "y": y,
            "radius": mine_radius(st),
            "revealed": revealed,
            "density": density if (revealed or owner == player) else None,
        }
        for owner, x, y, density, revealed in st.mines
    ]
