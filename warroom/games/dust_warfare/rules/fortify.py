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
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point, box

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import (
    TOL,
    Base,
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


def _point_fits(st: DustState, kind: str, x: int, y: int) -> bool:
    return any(_fits(st, kind, float(x), float(y), r) for r in ROTATIONS)


def _region_fits(st: DustState, kind: str, region: int) -> bool:
    x1, y1, x2, y2 = st.game.actions.region_box(region)
    if any(z.contains(box(x1, y1, x2, y2)) for z in _zones(st)):
        return False  # wholly inside a deployment zone: nothing there can be outside both
    return any(_point_fits(st, kind, x, y) for x, y in _lattice(st, region))


def forts_job(st: DustState, _job: list[Any]) -> None:
    """DW-FL-04: the next fortification, alternately from the roll-off winner; a player with
    nothing left (or no legal place) passes to the other."""
    for seat in (st.placer, 1 - st.placer):
        kinds = [
            k
            for k in _kinds(st, seat)
            if any(_region_fits(st, k, r) for r in range(len(st.game.actions.region)))
        ]
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
        return [table.fort[k] for k in _kinds(st, seat) if any(_region_fits(st, k, r) for r in regions)]
    if placing["point"] is not None:
        x, y = placing["point"]
        return [table.rotate[r] for r in ROTATIONS if _fits(st, kind, x, y, r)]
    if placing["region"] >= 0:
        return [table.at[(x, y)] for x, y in _lattice(st, placing["region"]) if _point_fits(st, kind, x, y)]
    return [table.region[r] for r in regions if _region_fits(st, kind, r)]


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
