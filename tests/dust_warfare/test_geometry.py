"""Dust Warfare's geometry model (dust_warfare.md §2, DW-GEO-01..17) on the First Battle map
(§3.21.4) and small hand-built tables: every worked example of §6 that is pure geometry, each
DW-GEO rule by a test that fails if the rule breaks, and hypothesis properties (symmetry of
distance and LOS, planned paths legal, every canonical candidate legal).

The First Battle map, for reading the positions below (y up, the south edge at the bottom):

    48 +------------------------------------------------------------------------+
       |                                                                        |
    38 |               M7 hill                                                  |
    32 |            (16-26, 30-38)     M6 wall (38-46, y 32)    M3 woods        |
    28 |                            M1 Mill ruins               (56-64, 24-32)  |
    24 | M2 woods                   (32-40, 20-28)                              |
    18 | (8-16, 16-24)                                  M4 farmhouse  M8 creek  |
    16 |                  M5 wall (26-34, y 16)         (50-56,12-18) (64-72,16-18)
    12 |- - - - - - - - - - - - south deployment strip (y <= 12) - - - - - - - - |
     0 +------------------------------------------------------------------------+
       0     8    16    26    32    40    46    50  56    64              72
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from shapely.geometry import box

from warroom.games.dust_warfare.content import default_content
from warroom.games.dust_warfare.geometry import (
    CLOSE_COMBAT,
    FACINGS,
    HEADINGS,
    TOL,
    Base,
    Battlefield,
    MoveProfile,
    Mover,
    Placement,
    Reach,
    Stride,
    UnitDeployment,
    UnitMove,
    Zone,
    deployment_zone,
    distance,
    distance_to_point,
    distance_to_shape,
    footprint,
    formation,
    formation_offsets,
    in_fire_arc,
    in_formation,
    is_wholly_outside,
    is_wholly_within,
    is_within,
    placement_is_clear,
    snap,
    unit_cover_level,
    unit_distance,
)
from warroom.games.dust_warfare.scenario import PieceEntry, battlefield, piece, shipped, zone
from warroom.games.dust_warfare.words import Cover, Edge, Formation, MoveClass, TerrainKind

CONTENT = default_content()
BOARD = battlefield(shipped()["first_battle"], CONTENT)
EMPTY = Battlefield()
SOLDIER = MoveProfile(MoveClass.SOLDIER)
WALKER = MoveProfile(MoveClass.VEHICLE)
HEAVY = MoveProfile(MoveClass.HEAVY)
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def soldier(x: float, y: float) -> Base:
    return CONTENT.base("U-A02", x, y)


def gorilla(x: float, y: float) -> Base:
    return CONTENT.base("U-X09", x, y)


def walker(x: float, y: float, facing: float = 0.0) -> Base:
    return CONTENT.base("U-X05", x, y, facing)


def heavy(x: float, y: float, facing: float = 0.0) -> Base:
    return CONTENT.base("U-A08", x, y, facing)


Rect = tuple[float, float, float, float]


def table(*pieces: tuple[str, TerrainKind, Rect], height: float | None = None) -> Battlefield:
    """A 72" × 48" table with the given rectangles (id, type, rect)."""
    entries = [PieceEntry(id=i, type=t, rect=r, height=height) for i, t, r in pieces]
    return Battlefield([piece(e, CONTENT) for e in entries])


def piece_of(board: Battlefield, ident: str):
    return next(p for p in board.pieces if p.id == ident)


# ---------------------------------------------------------------- DW-GEO-01..06


def test_geo_01_table_origin_and_edges():
    """DW-GEO-01: 72" wide (x) by 48" deep (y), origin at the lower-left corner; the long edges
    are y=0 (south) and y=48 (north); a scenario may override the size."""
    assert (BOARD.width, BOARD.depth) == (72, 48) and BOARD.table.bounds == (0, 0, 72, 48)
    a = soldier(10, 3)
    assert BOARD.edge_distance(a, Edge.SOUTH) == pytest.approx(2.5)
    assert BOARD.edge_distance(a, Edge.NORTH) == pytest.approx(44.5)
    assert BOARD.edge_distance(a, Edge.WEST) == pytest.approx(9.5)
    assert BOARD.edge_distance(a, Edge.EAST) == pytest.approx(61.5)
    assert Edge.SOUTH.is_long and not Edge.WEST.is_long and Edge.SOUTH.opposite is Edge.NORTH
    small = Battlefield(width=60, depth=44)
    assert small.edge_distance(soldier(10, 40), Edge.NORTH) == pytest.approx(3.5)
    assert BOARD.edge_strip(Edge.NORTH, 12).bounds == (0, 36, 72, 48)


def test_edge_06_07_retreat_toward_the_nearest_edge():
    """EDGE-06 / EDGE-07 (DW-SUP-06): a leader at (4.5, 30) is 4.0" from the west edge and 17.5"
    from the north, so it retreats west; one at (40, 44) is 3.5" from the north edge."""
    assert BOARD.nearest_edge(soldier(4.5, 30)) == (Edge.WEST, pytest.approx(4.0))
    assert BOARD.edge_distance(soldier(4.5, 30), Edge.NORTH) == pytest.approx(17.5)
    assert BOARD.nearest_edge(soldier(40, 44)) == (Edge.NORTH, pytest.approx(3.5))


def test_geo_02_precision_and_tolerance():
    """DW-GEO-02: submitted positions are rounded to 0.1"; comparisons use a 1e-6 tolerance and
    "≤ X" is inclusive."""
    assert [snap(v) for v in (12.34, 12.35, 8.55, 0.04, -0.15, 7.0)] == [12.3, 12.4, 8.6, 0.0, -0.2, 7.0]
    assert Placement(((12.34, 17.66), (10.05, 3.0))).snapped() == Placement(((12.3, 17.7), (10.1, 3.0)))
    assert is_within(12.0, 12) and is_within(12.0000009, 12) and not is_within(12.00001, 12)


@given(hs.floats(min_value=-100, max_value=100, allow_nan=False))
def test_geo_02_snap_is_idempotent_and_close(value):
    """DW-GEO-02: rounding to 0.1" moves a value by at most 0.05" and is stable."""
    once = snap(value)
    assert abs(once - value) <= 0.05 + 1e-9 and snap(once) == once
    assert abs(once * 10 - round(once * 10)) < 1e-9


def test_geo_03_pre_measurement_has_no_side_effects():
    """DW-GEO-03: distance, LOS and range between two things at any time, without side effects.
    EX-09's order range: the Sergeant at (31, 14.5) is √(7² + 6.5²) − 1 = 8.55" from the Officer
    at (24, 8); BAR1 at (28, 14.5) is 7.60" from L2 at (33, 21.5), with LOS."""
    sergeant, officer = soldier(31, 14.5), soldier(24, 8)
    before = BOARD.pieces
    first = BOARD.measure(sergeant, officer)
    assert first.distance == pytest.approx(math.hypot(7, 6.5) - 1) and round(first.distance, 2) == 8.55
    assert first.line_of_sight and first.in_range is None
    gunners = [soldier(x, 14.5) for x in (31, 28, 29.5, 32.5, 34)]
    grenadiers = [soldier(x, 21.5) for x in (36, 33, 34.5, 37.5, 39)]
    bar = CONTENT.weapons["W-A03"].reach
    unit = BOARD.measure(gunners, grenadiers, bar)
    assert unit.in_range and unit.line_of_sight and unit.in_arc
    assert round(BOARD.measure(gunners[1], grenadiers[1]).distance, 2) == 7.60
    assert BOARD.measure(sergeant, officer) == first and BOARD.pieces is before
    grenade = CONTENT.weapons["W-A07"].reach  # 6": out of range at 7.6"
    assert BOARD.measure(gunners[1], grenadiers[1], grenade).in_range is False


def test_geo_04_elevation_eye_and_facing():
    """DW-GEO-04: a miniature is a circle with an eye height above its base elevation z, the top
    of a hill or roof holding its centre (otherwise 0); only vehicles have a facing."""
    assert BOARD.eye(soldier(5, 5)) == (5, 5, 1.0)
    assert BOARD.eye(soldier(21, 34)) == (21, 34, 3.0)  # on hill M7 (2")
    assert BOARD.eye(heavy(21, 34)) == (21, 34, 7.0)
    assert BOARD.eye(gorilla(53, 15)) == (53, 15, 7.5)  # on the farmhouse roof (6")
    assert BOARD.elevation(33, 24) == 0.0  # ruins are not elevated
    assert walker(1, 1, 90).is_vehicle and not soldier(1, 1).is_vehicle
    with pytest.raises(ValueError, match="DW-GEO-04"):
        CONTENT.base("U-A02", 1, 1, 90)
    with pytest.raises(ValueError, match="DW-GEO-04"):
        CONTENT.base("U-X05", 1, 1)


def test_geo_05_edge_to_edge_distance():
    """DW-GEO-05: d = max(0, |c1 − c2| − r1 − r2), 2D only; unit to unit the minimum pair.
    EX-04 (DW-NE-07): markers (r 1") centred at (20, 20) and (33, 20) are 11" apart, at (34, 20)
    12". EX-01 (DW-FL-08): distances to the north and south edges."""
    marker = CONTENT.marker
    assert distance(marker(20, 20), marker(33, 20)) == pytest.approx(11)
    assert distance(marker(20, 20), marker(34, 20)) == pytest.approx(12)
    assert distance(soldier(0, 0), soldier(0.5, 0)) == 0.0  # overlapping bases: 0
    assert distance(soldier(21, 34), soldier(30, 34)) == pytest.approx(8)  # the hill's height is ignored
    pair = unit_distance([soldier(0, 0), soldier(10, 0)], [soldier(13, 4), soldier(30, 0)])
    assert pair == pytest.approx(4)
    north = {  # EX-01: the Allies score within 12" of the north edge, the Axis of the south edge
        "Gunners": (soldier(30, 36.6), Edge.NORTH, 10.9),
        "Assault Rangers": (soldier(40, 35.2), Edge.NORTH, 12.3),
        "Pounder": (walker(60, 34.6), Edge.NORTH, 11.9),
        "Laser Grenadiers": (soldier(20, 11.2), Edge.SOUTH, 10.7),
        "Luther": (walker(44, 13.6), Edge.SOUTH, 12.1),
    }
    for name, (base, edge, want) in north.items():
        assert BOARD.edge_distance(base, edge) == pytest.approx(want), name
    assert distance_to_point(soldier(36, 26.5), 36, 24) == pytest.approx(2.0)  # EX-08: 2" from the centre
    assert distance_to_shape(soldier(30, 24), piece_of(BOARD, "M1").polygon) == pytest.approx(
        1.5
    )  # to a polygon
    assert distance_to_shape(soldier(33, 24), piece_of(BOARD, "M1").polygon) == 0.0


@given(
    hs.tuples(*[hs.floats(0, 72, allow_nan=False)] * 2, hs.sampled_from([0.5, 0.75, 1.5, 2.5])),
    hs.tuples(*[hs.floats(0, 72, allow_nan=False)] * 2, hs.sampled_from([0.5, 0.75, 1.5, 2.5])),
)
def test_geo_05_distance_symmetric_and_by_formula(a, b):
    """DW-GEO-05 as a property: symmetric, never negative, the centre distance less both radii."""
    p, q = Base(a[0], a[1], a[2], 1.0), Base(b[0], b[1], b[2], 1.0)
    assert distance(p, q) == distance(q, p) >= 0
    assert distance(p, q) == pytest.approx(max(0.0, math.hypot(a[0] - b[0], a[1] - b[1]) - a[2] - b[2]))


def test_geo_06_within_wholly_within_and_inside():
    """DW-GEO-06: "within X" is ≤ X; "wholly within" means every point of the base; "inside" a
    piece means the base centre in its polygon (used for cover and "in terrain").
    EX-07 (DW-SM-06): a Gunner centred at (30, 8.6) reaches 9.1 (illegal), at (30, 8.5) it is
    wholly within the 9" zone; the Punisher (r 2.5) needs y ≤ 6.5; a hypothetical r = 5
    miniature (diameter 10 > 9) may stand touching the edge at (60, 5.0) but not at (60, 5.5)."""
    secret = zone(shipped()["secret_mission"], BOARD, Edge.SOUTH)  # the Allies chose the south edge
    assert not secret.admits(BOARD, soldier(30, 8.6)) and secret.admits(BOARD, soldier(30, 8.5))
    assert not secret.admits(BOARD, heavy(40, 7.0)) and secret.admits(BOARD, heavy(40, 6.5))
    huge = Base(60, 5.0, 5.0, 5.0)
    assert secret.admits(BOARD, huge) and not secret.admits(BOARD, Base(60, 5.5, 5.0, 5.0))
    strict = deployment_zone(BOARD, Edge.SOUTH, 9)
    assert not strict.admits(BOARD, huge)
    assert is_wholly_within(soldier(30, 11.5), BOARD.edge_strip(Edge.SOUTH, 12))
    assert not is_wholly_within(soldier(30, 11.6), BOARD.edge_strip(Edge.SOUTH, 12))
    mill = piece_of(BOARD, "M1")
    assert BOARD.pieces_at(32.2, 24) == (mill,)  # centre inside
    assert BOARD.pieces_at(31.8, 24) == ()  # the base overlaps the Mill, the centre does not
    assert mill in BOARD.pieces_overlapping(soldier(31.8, 24))
    assert BOARD.cover((20, 24), soldier(32.2, 24)) is Cover.HARD  # seen from the west
    assert BOARD.cover((20, 24), soldier(31.8, 24)) is Cover.NONE


# ---------------------------------------------------------------- DW-GEO-07..09: arcs


def test_geo_07_soldiers_fire_all_round():
    """DW-GEO-07: Soldiers have no facing and every weapon of theirs fires in 360°; only a
    vehicle's front weapon has an arc."""
    s = soldier(36, 30)
    for x, y in ((36, 26), (30, 30), (40, 34), (36, 34)):
        assert in_fire_arc(s, soldier(x, y), front=False)
    with pytest.raises(ValueError, match="DW-GEO-04"):
        in_fire_arc(s, soldier(36, 26), front=True)


def test_geo_08_edge_13_front_arc():
    """EDGE-13 (DW-GEO-08): the Luther at (36, 30) faces 90°. A target at (36, 26): dot −4 < −0.5,
    outside the front arc: the MG 48 (F) cannot fire, the twin 5 cm (T) can. (40, 30): dot 0, in
    arc; (40, 29.6): dot −0.4 ≥ −0.5, in arc; (40, 29.4): −0.6, out."""
    luther = walker(36, 30, 90)
    (miniature,) = CONTENT.miniatures("U-X05")
    mounts = dict(zip([w.id for w in miniature.weapons], miniature.mounts, strict=True))
    assert (mounts["W-X05"].value, mounts["W-X08"].value) == ("F", "T")
    assert not in_fire_arc(luther, soldier(36, 26), front=True)
    assert in_fire_arc(luther, soldier(36, 26), front=False)
    assert in_fire_arc(luther, soldier(40, 30), front=True)
    assert in_fire_arc(luther, soldier(40, 29.6), front=True)
    assert not in_fire_arc(luther, soldier(40, 29.4), front=True)
    assert in_fire_arc(luther, walker(36, 28.6, 0), front=True)  # dot −1.4 ≥ −1.5: its big base reaches
    assert not in_fire_arc(luther, walker(36, 28.4, 0), front=True)


def test_geo_09_mount_and_facing_are_explicit():
    """DW-GEO-09: nothing is inferred from a sculpt: the arc comes from the stored mount and the
    vehicle's explicit facing; turning the facing turns the arc."""
    target = soldier(36, 26)
    assert not in_fire_arc(walker(36, 30, 90), target, front=True)
    assert in_fire_arc(walker(36, 30, 270), target, front=True)


# ---------------------------------------------------------------- DW-GEO-10..15: sight


def test_geo_10_eye_to_eye_segment():
    """DW-GEO-10: LOS is the 3D segment between the eye points. Two soldiers either side of hill
    M7 (2") cannot see each other (eyes at 1"); two Heavy walkers (eyes at 5") can (DW-HVY-02)."""
    assert not BOARD.line_of_sight(soldier(14, 34), soldier(28, 34))
    assert BOARD.line_of_sight(heavy(12, 34), heavy(30, 34))
    assert not BOARD.line_of_sight(heavy(12, 34), soldier(30, 34))  # the line dips below the top


@PROPERTY
@given(
    hs.tuples(hs.floats(0.5, 71.5), hs.floats(0.5, 47.5), hs.booleans()),
    hs.tuples(hs.floats(0.5, 71.5), hs.floats(0.5, 47.5), hs.booleans()),
    hs.booleans(),
)
def test_geo_10_line_of_sight_is_symmetric(a, b, spray):
    """DW-GEO-10: one segment between the eyes, so LOS is symmetric (soldiers and Heavy walkers
    anywhere on the First Battle map, with and without Spray's DW-WPN-09)."""
    p = heavy(a[0], a[1]) if a[2] else soldier(a[0], a[1])
    q = heavy(b[0], b[1]) if b[2] else soldier(b[0], b[1])
    forth, back = (BOARD.line_of_sight(*pair, ignore_obscuring=spray) for pair in ((p, q), (q, p)))
    assert forth == back


def test_geo_11_blocking_terrain_by_height():
    """DW-GEO-11: for each crossing of a blocking piece, blocked if min(z(t0), z(t1)) ≤ its top.
    The farmhouse (6") blocks soldiers and Heavy walkers (5"); a soldier on its roof (eye 7") at
    the edge sees down, from the middle the line dips below the roof; the same on the hill.
    EX-09: the 1" eye line over wall M5 (0.75") is not blocked; a 1" wall, equal, blocks."""
    assert not BOARD.line_of_sight(soldier(48, 15), soldier(58, 15))
    assert not BOARD.line_of_sight(heavy(46, 15), heavy(60, 15))
    assert BOARD.line_of_sight(gorilla(53, 17.2), soldier(53, 25))
    assert not BOARD.line_of_sight(gorilla(53, 15), soldier(53, 25))
    assert BOARD.line_of_sight(soldier(25.5, 34), soldier(30, 34))  # at the hill's edge
    assert not BOARD.line_of_sight(soldier(21, 34), soldier(30, 34))  # from its middle
    assert BOARD.line_of_sight(soldier(28, 14.5), soldier(33, 21.5))  # EX-09: BAR1 over M5 to L2
    for height, seen in ((1.0, False), (0.99, True)):
        wall = table(("w", TerrainKind.WALL, (10, 10, 18, 10.5)), height=height)
        assert wall.line_of_sight(soldier(14, 8), soldier(14, 13)) is seen


def test_geo_12_edge_26_obscuring_terrain():
    """EDGE-26 (DW-GEO-12): a shooter at (4, 20) and a target at (20, 20): 8" inside woods M2 > 4"
    → no LOS. A shooter at (10, 20), inside M2: that piece is excluded → LOS."""
    assert not BOARD.line_of_sight(soldier(4, 20), soldier(20, 20))
    assert BOARD.line_of_sight(soldier(10, 20), soldier(20, 20))
    assert BOARD.line_of_sight(soldier(20, 20), soldier(10, 20))


def test_geo_12_four_inches_total_above_the_top_and_spray():
    """DW-GEO-12: L is the total length inside obscuring pieces, blocked only if L > 4"; an
    interval above the piece's top at both ends does not count (Heavy walkers over the 4" Mill);
    Spray ignores obscuring terrain (DW-WPN-09)."""
    four = table(("a", TerrainKind.WOOD, (10, 0, 14, 40)))
    assert four.line_of_sight(soldier(5, 20), soldier(20, 20))  # exactly 4"
    wider = table(("a", TerrainKind.WOOD, (10, 0, 14.1, 40)))
    assert not wider.line_of_sight(soldier(5, 20), soldier(20, 20))
    two = table(("a", TerrainKind.WOOD, (10, 0, 12.5, 40)), ("b", TerrainKind.RUIN, (16, 0, 18, 40)))
    assert not two.line_of_sight(soldier(5, 20), soldier(25, 20))  # 2.5 + 2 = 4.5 in two pieces
    assert not BOARD.line_of_sight(soldier(30, 24), soldier(42, 24))  # 8" through the Mill
    assert BOARD.line_of_sight(heavy(28, 24), heavy(44, 24))  # eyes at 5", the Mill's top 4"
    assert not BOARD.line_of_sight(heavy(28, 24), soldier(44, 24))
    assert BOARD.line_of_sight(soldier(30, 24), soldier(42, 24), ignore_obscuring=True)
    assert not BOARD.line_of_sight(soldier(48, 15), soldier(58, 15), ignore_obscuring=True)  # blocking stays


def test_geo_13_models_never_block_walls_only_by_height():
    """DW-GEO-13: miniatures never block LOS or give cover: LOS and cover are functions of the
    table and the two ends only, so a Heavy walker standing between changes nothing; linear
    obstacles block only by DW-GEO-11's height test (wire 0.5" never blocks a 1" eye)."""
    assert BOARD.line_of_sight(soldier(2, 2), soldier(20, 2))  # whatever stands at (11, 2)
    assert BOARD.cover((2, 2), soldier(20, 2)) is Cover.NONE
    wire = table(("w", TerrainKind.WIRE, (10, 10, 16, 10.5)))
    assert wire.line_of_sight(soldier(13, 8), soldier(13, 13))


def test_geo_14_unit_sees_unit():
    """DW-GEO-14: a unit sees another if any of its miniatures has LOS to any of the other's."""
    behind = [soldier(58, 15), soldier(58, 14)]
    assert not BOARD.sees_unit([soldier(48, 15)], behind)
    assert BOARD.sees_unit([soldier(48, 15)], [*behind, soldier(48, 25)])
    assert BOARD.sees_unit([soldier(48, 15), soldier(48, 25)], behind[:1]) is False
    assert BOARD.sees_unit([soldier(48, 15), soldier(61, 20)], behind)


def test_geo_15_weapon_range_arc_and_los():
    """DW-GEO-15: a weapon reaches a unit if some miniature is in LOS, in arc and within
    min–max range, inclusive; "C" is d ≤ 1". EDGE-25 (DW-WPN-01): the Twin 155 mm (12–72") cannot
    target a unit whose nearest miniature is 10" away; at 12" it can."""
    howitzer = CONTENT.weapons["W-A14"].reach
    punisher = heavy(10, 5, 0)
    assert not EMPTY.weapon_reaches(punisher, [soldier(23, 5)], howitzer)  # 13 − 3 = 10"
    assert EMPTY.weapon_reaches(punisher, [soldier(25, 5)], howitzer)  # 12"
    assert EMPTY.weapon_reaches(punisher, [soldier(23, 5), soldier(25, 9)], howitzer)  # some miniature
    assert CLOSE_COMBAT == CONTENT.weapons["W-X11"].reach == Reach(0, 1)
    assert EMPTY.weapon_reaches(soldier(5, 5), [soldier(7, 5)], CLOSE_COMBAT)  # 1.0"
    assert not EMPTY.weapon_reaches(soldier(5, 5), [soldier(7.1, 5)], CLOSE_COMBAT)
    mg = CONTENT.weapons["W-X05"].reach
    luther = walker(36, 30, 90)
    assert not EMPTY.weapon_reaches(luther, [soldier(36, 20)], mg, front=True)  # behind it
    assert EMPTY.weapon_reaches(luther, [soldier(36, 20)], mg, front=False)
    assert not BOARD.weapon_reaches(soldier(48, 15), [soldier(58, 15)], mg)  # no LOS
    flamer = CONTENT.weapons["W-A05"].reach  # Spray: sees through the Mill (DW-WPN-09)
    assert BOARD.weapon_reaches(soldier(33, 24), [soldier(39, 24)], flamer, ignore_obscuring=True)


# ---------------------------------------------------------------- cover (DW-ATK-07)


def test_ex09_cover_inside_the_mill_and_none_from_it():
    """EX-09 step 4 (DW-ATK-07): every Laser Grenadier's centre is inside the ruins → level 2 each
    → C = 2. The reply: from L1 (36, 21.5) inside the Mill (excluded) to the Gunners at y 17.5,
    the segments never reach wall M5 (y ≤ 16.25) → C = 0."""
    grenadiers = [soldier(x, 21.5) for x in (36, 33, 34.5, 37.5, 39)]
    assert [BOARD.cover((31, 14.5), g) for g in grenadiers] == [Cover.HARD] * 5
    assert BOARD.unit_cover((31, 14.5), grenadiers) == 2
    gunners = [soldier(x, 17.5) for x in (31, 28, 29.5, 32.5)]
    assert BOARD.unit_cover((36, 21.5), gunners) == 0


def test_cover_behind_within_two_inches_and_exclusions():
    """DW-ATK-07 (b): "behind" cover from a piece the segment crosses within 2" of the target's
    base edge (inclusive), not from a piece holding the reference point (EDGE-26: M2 gives no
    cover to a target seen from inside it), nor a roof's own building; Heavy walkers never have
    cover (DW-HVY-02); Hit the Dirt and Dug-In add to at most 3 (DW-REA-09, DW-BTL-05)."""
    assert BOARD.cover((30, 5), soldier(30, 17.0)) is Cover.SOFT  # just past wall M5
    assert BOARD.cover((30, 5), soldier(30, 18.75)) is Cover.SOFT  # base edge 2.0" from the wall
    assert BOARD.cover((30, 5), soldier(30, 18.8)) is Cover.NONE
    assert BOARD.cover((4, 20), soldier(17, 20)) is Cover.SOFT  # just beyond woods M2
    assert BOARD.cover((10, 20), soldier(17, 20)) is Cover.NONE  # the shooter is inside M2
    assert BOARD.cover((10, 20), soldier(20, 20)) is Cover.NONE  # EDGE-26's target
    assert BOARD.cover((53, 5), gorilla(53, 15)) is Cover.NONE  # on the roof: none
    assert BOARD.cover((60, 15), soldier(48, 15)) is Cover.HARD  # behind the farmhouse
    assert BOARD.unit_cover((36, 8), [soldier(33, 21.5)], heavy=True) == 0
    assert BOARD.unit_cover((31, 14.5), [soldier(33, 21.5)], bonus=2) == 3


def test_edge_12_unit_cover_level():
    """EDGE-12 (DW-ATK-07): levels [2, 2, 1, 0] → 2; [2, 2, 1, 0, 0] → 1; [0] → 0."""
    assert unit_cover_level([2, 2, 1, 0]) == 2
    assert unit_cover_level([2, 2, 1, 0, 0]) == 1
    assert unit_cover_level([0]) == 0


@given(hs.lists(hs.integers(0, 2), min_size=1, max_size=12))
def test_unit_cover_level_is_the_majority_level(levels):
    """DW-ATK-07: C is the largest c that at least ⌈n/2⌉ of the n miniatures reach."""
    c, need = unit_cover_level(levels), math.ceil(len(levels) / 2)
    assert sum(level >= c for level in levels) >= need
    assert sum(level >= c + 1 for level in levels) < need


# ---------------------------------------------------------------- DW-GEO-16: paths


def test_ex09_gunners_cross_the_wall_with_half_allowance():
    """EX-09 (DW-GEO-16, DW-TER-04): the Gunners (1 action) move 3.0" north across wall M5: the
    swept path touches difficult terrain, so the allowance is 3" and y = 17.5 is legal; 3.1" is
    not (avoiding the wall round its west end is 6.1", over the full 6")."""
    bar1 = Stride(BOARD, soldier(28, 14.5), SOLDIER, 6)
    assert bar1.cost_to(28, 17.5) == pytest.approx(3.0)
    assert math.isinf(bar1.cost_to(28, 17.6))
    assert bar1.check([(28, 17.5)]) and not bar1.check([(28, 17.6)])
    assert bar1.touches_difficult([(28, 14.5), (28, 17.5)])
    gunners = tuple(soldier(x, 14.5) for x in (31, 28, 29.5, 32.5, 34))
    move = UnitMove(BOARD, gunners, SOLDIER, 6, leadership=6)
    assert move.is_legal(Placement(tuple((b.x, 17.5) for b in gunners)))
    assert not move.is_legal(Placement(tuple((b.x, 17.6) for b in gunners)))


def test_geo_16_avoiding_difficult_terrain_keeps_the_whole_allowance():
    """DW-GEO-16 / DW-TER-04: Rifleman 2 at (34, 14.5) can reach (34, 17.5) round the east end of
    M5 without touching it (3.2"), so the halving does not apply; explicit waypoints are checked
    as given: round the end is legal, cutting the corner touches the wall and is over 3"."""
    rifleman = Stride(BOARD, soldier(34, 14.5), SOLDIER, 6)
    cost = rifleman.cost_to(34, 17.5)
    assert 3.0 < cost < 3.3
    path = rifleman.path_to(34, 17.5)
    assert path is not None and not rifleman.touches_difficult(path)
    assert rifleman.check([(34.6, 15.7), (34.6, 16.3), (34, 17.5)])
    assert not rifleman.check([(34.3, 15.7), (34.3, 16.3), (34, 17.5)])


def test_geo_16_impassable_terrain_and_the_way_round():
    """DW-GEO-16 / DW-TER-05: the swept base never overlaps a piece impassable for its class: the
    farmhouse stops a soldier, who walks round it (13.65" against the straight 8")."""
    mover = Mover(BOARD, 0.5, SOLDIER)
    assert not mover.is_clear(49, 15, 57, 15)
    paths = Stride(BOARD, soldier(49, 15), SOLDIER, 20)
    path = paths.path_to(57, 15)
    assert path is not None and mover.is_clear_path(path)
    assert paths.cost_to(57, 15) == pytest.approx(mover.cost(path))
    # exact: tangent to the inflated corner (50, 12), a quarter-ish arc, 6" along y = 11.5, and back up
    arc = math.radians(270 - math.degrees(math.atan2(3, -1)) - math.degrees(math.acos(0.5 / math.sqrt(10))))
    exact = 2 * (math.sqrt(10 - 0.25) + 0.5 * arc) + 6
    assert exact - TOL <= paths.cost_to(57, 15) <= exact * 1.01
    assert not placement_is_clear(BOARD, soldier(50.3, 15), SOLDIER)
    assert placement_is_clear(BOARD, soldier(49.5, 15), SOLDIER)  # touching is not overlapping


def test_geo_16_bases_in_the_way():
    """DW-GEO-16: an enemy base blocks the swept path (the planner goes round it, within 1% of the
    exact tangent-arc-tangent length 2√3 + π/3); friendly Soldiers may be passed through; a
    friendly Vehicle may not; no final base overlaps another (DW-MOVE-03)."""
    start, end = soldier(10, 10), (14.0, 10.0)
    exact = 2 * math.sqrt(3) + math.pi / 3
    around = Stride(EMPTY, start, SOLDIER, 6, blockers=[soldier(12, 10)])
    assert exact - TOL <= around.cost_to(*end) <= exact * 1.01
    assert not Mover(EMPTY, 0.5, SOLDIER, [soldier(12, 10)]).is_clear(10, 10, 14, 10)
    one = (start,)
    through = UnitMove(EMPTY, one, SOLDIER, 6, friends=(soldier(12, 10),))
    assert through.is_legal(Placement((end,)), waypoints=[[]])  # straight through a friendly soldier
    assert not UnitMove(EMPTY, one, SOLDIER, 6, enemies=(soldier(12, 10),)).is_legal(Placement((end,)), [[]])
    assert UnitMove(EMPTY, one, SOLDIER, 6, enemies=(soldier(12, 10),)).is_legal(Placement((end,)))
    assert not UnitMove(EMPTY, one, SOLDIER, 6, friends=(walker(12, 10),)).is_legal(Placement((end,)))
    assert UnitMove(EMPTY, one, SOLDIER, 8, friends=(walker(12, 10),)).is_legal(Placement((end,)))
    assert not through.is_legal(Placement(((12.5, 10),)))  # would end on the friend's base


def test_geo_16_the_table_and_leaving_it():
    """DW-GEO-16 / DW-MOVE-04: the swept base stays on the table; only entry and retreat moves
    may hang over the edge (DW-MOVE-10, DW-SUP-06: `leaving`)."""
    mover = Mover(EMPTY, 0.5, SOLDIER)
    assert mover.is_clear(0.5, 10, 0.5, 20) and not mover.is_clear(0.4, 10, 0.4, 20)
    assert Mover(EMPTY, 0.5, SOLDIER, leaving=True).is_clear(0.0, 10, 5, 10)
    assert not placement_is_clear(EMPTY, soldier(0.4, 10), SOLDIER)


def test_geo_16_path_cost_includes_vertical_movement():
    """DW-GEO-16 / DW-TER-07: path cost = 2D length + |Δz|. Straight over hill M7 (2") is
    14 + 2 + 2 = 18"; where going round is cheaper (12.83" against 16") the planner goes round."""
    over = Stride(BOARD, soldier(14, 34), SOLDIER, 20)
    assert over.cost_to(28, 34) == pytest.approx(18)
    assert BOARD.vertical_cost(14, 34, 21, 34) == pytest.approx(2)  # up onto the hill
    beside = Stride(BOARD, soldier(15, 31), SOLDIER, 20)
    assert beside.cost_to(27, 31) == pytest.approx(2 * math.sqrt(2) + 10, abs=1e-3)
    assert not math.isinf(Stride(BOARD, soldier(14, 34), SOLDIER, 18).cost_to(28, 34))
    assert math.isinf(Stride(BOARD, soldier(14, 34), SOLDIER, 17.9).cost_to(28, 34))


def test_edge_14_difficult_terrain_and_march():
    """EDGE-14 (DW-TER-04, DW-MOVE-02/05): a soldier inside woods M2 moves at most 3" in a single
    Move; a March Move ignores difficult terrain and allows 12"."""
    single = Stride(BOARD, soldier(12, 20), SOLDIER, 6)
    assert single.starts_difficult and single.cost_to(12, 23) == pytest.approx(3)
    assert math.isinf(single.cost_to(12, 23.1))
    march = UnitMove(BOARD, (soldier(12, 20),), SOLDIER, 6, march=True)
    assert march.allowance == 12
    assert march.is_legal(Placement(((12.0, 32.0),))) and not march.is_legal(Placement(((12.0, 32.1),)))


def test_terrain_effects_by_class_and_ability():
    """DW-TER-03/06/08 and DW-HVY-03: woods are clear to Heavy walkers, ruins impassable to them,
    tank traps to every vehicle, shallow water difficult to soldiers; DW-ABL-01 Agile and
    DW-ABL-25 Tracks treat difficult as clear, DW-ABL-22 Wheels as impassable, DW-ABL-03
    Amphibious water as clear."""
    woods, mill, creek = piece_of(BOARD, "M2"), piece_of(BOARD, "M1"), piece_of(BOARD, "M8")
    trap = piece_of(table(("t", TerrainKind.TANK_TRAP, (10, 10, 16, 11))), "t")
    assert HEAVY.effect(woods).value == "clear" and HEAVY.effect(mill).value == "impassable"
    assert WALKER.effect(trap).value == "impassable" and SOLDIER.effect(trap).value == "clear"
    assert SOLDIER.effect(creek).value == "difficult"
    assert MoveProfile(MoveClass.SOLDIER, agile=True).effect(woods).value == "clear"
    assert MoveProfile(MoveClass.VEHICLE, tracks=True).effect(woods).value == "clear"
    assert MoveProfile(MoveClass.VEHICLE, wheels=True).effect(woods).value == "impassable"
    scout = CONTENT.move_profile("U-T01")  # Wheels and Amphibious
    assert scout.effect(creek).value == "clear" and scout.effect(woods).value == "impassable"
    recon = CONTENT.move_profile("U-X03")  # Agile: the whole 6" through the woods
    assert Stride(BOARD, soldier(12, 20), recon, 6).cost_to(12, 26) == pytest.approx(6)
    assert Stride(BOARD, heavy(4, 20), HEAVY, 6).cost_to(10, 20) == pytest.approx(6)
    assert not placement_is_clear(BOARD, heavy(30, 24), HEAVY)  # overlapping the Mill


def test_roofs_climb_and_jump():
    """DW-TER-07 / DW-ABL-09 / DW-ABL-11: a roof is reached by a Climb soldier (paying the 6"
    height) or a Jump, and the base stands wholly on it; others cannot enter the building. A
    Jump goes straight, ignoring terrain, and a vehicle does not pivot during it (DW-MOVE-08)."""
    apes = CONTENT.move_profile("U-X09")
    assert placement_is_clear(BOARD, gorilla(53, 15), apes)
    assert not placement_is_clear(BOARD, gorilla(50.5, 15), apes)  # half off the roof
    assert not placement_is_clear(BOARD, gorilla(53, 15), SOLDIER)
    assert placement_is_clear(BOARD, soldier(53, 15), SOLDIER, roof=True)
    climb = Stride(BOARD, gorilla(48, 15), apes, 20)
    assert climb.cost_to(53, 15) == pytest.approx(5 + 6)
    rhino = (CONTENT.base("U-A09", 48, 15),)
    assert UnitMove(BOARD, rhino, SOLDIER, 6, jump=True).is_legal(Placement(((53.0, 15.0),)))
    assert not UnitMove(BOARD, rhino, SOLDIER, 6).is_legal(Placement(((53.0, 15.0),)))
    pounder = (walker(40, 6, 90),)
    jump = UnitMove(BOARD, pounder, CONTENT.move_profile("U-A06"), 6, jump=True)
    assert jump.is_legal(Placement(((40.0, 10.0),), 90)) and not jump.is_legal(Placement(((40.0, 10.0),), 0))
    walk = UnitMove(BOARD, pounder, CONTENT.move_profile("U-A06"), 6)
    assert walk.is_legal(Placement(((40.0, 10.0),), 0))  # a walk may pivot freely


def test_formation_within_leadership_range():
    """DW-UNIT-06: every miniature within the leader's LR, edge to edge, inclusive."""
    leader = soldier(10, 10)
    assert in_formation(leader, [soldier(17, 10)], 6)  # 7 − 1 = 6"
    assert not in_formation(leader, [soldier(17.1, 10)], 6)


@PROPERTY
@given(
    hs.tuples(hs.floats(2, 70), hs.floats(2, 46)),
    hs.tuples(hs.floats(-6, 6), hs.floats(-6, 6)),
)
def test_geo_16_planned_paths_are_legal(start, offset):
    """DW-GEO-16/17: whenever the planner finds a path, every segment passes the same exact
    predicate as a player's waypoints, and its cost is the reported one, within the allowance."""
    base = soldier(*start)
    if not placement_is_clear(BOARD, base, SOLDIER):
        return
    stride = Stride(BOARD, base, SOLDIER, 6)
    target = (start[0] + offset[0], start[1] + offset[1])
    path = stride.path_to(*target)
    if path is None:
        return
    cost = stride.through.cost(path)
    assert stride.through.is_clear_path(path)
    assert cost == pytest.approx(stride.cost_to(*target))
    assert cost <= (3 if stride.touches_difficult(path) else 6) + 1e-6
    assert stride.check(path[1:])


# ---------------------------------------------------------------- DW-GEO-17: candidates


def test_geo_17_formation_templates():
    """DW-GEO-17 (b): F-LINE ±2·⌈k/2⌉" across the heading, right then left; F-COLUMN 2k" behind;
    F-CLUSTER ring 1 (1.5" at φ+60°·i) then ring 2 (3" at φ+30°·i); rounded to 0.1"."""
    line = formation_offsets(Formation.LINE, 0, 4)
    assert [(round(x, 9) + 0.0, round(y, 9) + 0.0) for x, y in line] == [(0, -2), (0, 2), (0, -4), (0, 4)]
    column = formation_offsets(Formation.COLUMN, 90, 2)
    assert [(round(x, 9) + 0.0, round(y, 9) + 0.0) for x, y in column] == [(0, -2), (0, -4)]
    cluster = formation_offsets(Formation.CLUSTER, 0, 8)
    assert [round(math.hypot(x, y), 9) for x, y in cluster] == [1.5] * 6 + [3.0] * 2
    angles = [round(math.degrees(math.atan2(y, x))) % 360 for x, y in cluster]
    assert angles == [0, 60, 120, 180, 240, 300, 0, 30]
    assert formation((10.0, 10.0), Formation.LINE, 45, 1) == ((10.0, 10.0), (11.4, 8.6))
    assert len(HEADINGS) == 8 and len(FACINGS) == 16 and FACINGS[1] == 22.5
    with pytest.raises(ValueError, match="F-CLUSTER"):
        formation_offsets(Formation.CLUSTER, 0, 19)


def test_geo_17_move_candidates_all_legal():
    """DW-GEO-17: the Gunners' canonical Move candidates (leader on the 1" lattice × templates ×
    headings) are each accepted by the same predicate as an exact proposal, are distinct, and
    include exact coordinates off the lattice only for followers; an exact proposal off every
    lattice is judged by the same predicate."""
    gunners = tuple(soldier(x, 14.5) for x in (31, 28, 29.5, 32.5, 34))
    move = UnitMove(BOARD, gunners, SOLDIER, 6, leadership=6)
    candidates = list(move.candidates())
    assert len(candidates) == len(set(candidates)) > 50
    assert all(move.is_legal(c) for c in candidates)
    assert all(c.centres[0][0].is_integer() and c.centres[0][1].is_integer() for c in candidates)
    assert move.is_legal(Placement(((31.3, 17.2), (28.1, 17.4), (29.5, 17.5), (32.4, 17.3), (34.0, 17.5))))


def test_geo_17_vehicle_candidates_facings():
    """DW-GEO-17 (c): a vehicle's candidates come in the 16 facings; a Jump keeps its facing."""
    pounder = (walker(40, 6, 90),)
    move = UnitMove(BOARD, pounder, WALKER, 2)
    walk = list(move.candidates())
    assert all(move.is_legal(c) for c in walk)
    by_point = Counter(c.centres for c in walk)
    assert max(by_point.values()) == 16 and {c.facing for c in walk} == set(FACINGS)
    jump = list(UnitMove(BOARD, pounder, WALKER, 2, jump=True).candidates())
    assert jump and {c.facing for c in jump} == {90}


@PROPERTY
@given(hs.tuples(hs.floats(3, 69), hs.floats(3, 45)), hs.integers(1, 3), hs.sampled_from([0.0, 45.0, 90.0]))
def test_geo_17_every_candidate_passes_the_predicate(start, size, heading):
    """DW-GEO-17: from anywhere on the First Battle map, a small unit's candidates (a sample of
    them) all pass `is_legal`, the validator exact proposals use."""
    x, y = start
    bases = tuple(soldier(*p) for p in formation((x, y), Formation.LINE, heading, size - 1))
    if not all(placement_is_clear(BOARD, b, SOLDIER) for b in bases):
        return
    move = UnitMove(BOARD, bases, SOLDIER, 3, leadership=6)
    for n, candidate in enumerate(move.candidates()):
        assert move.is_legal(candidate)
        leader, *followers = (soldier(*c) for c in candidate.centres)
        assert in_formation(leader, followers, 6)
        if n >= 60:
            break


def test_geo_17_deployment_candidates_in_zone():
    """DW-SET-05 / DW-GEO-17: deployment candidates lie wholly within the zone, clear of terrain
    and of bases already placed, in formation; each passes the deployment predicate."""
    corner = Zone(box(44, 6, 58, 14), Edge.SOUTH)  # a corner of the south strip by the farmhouse
    team = tuple(CONTENT.base("U-A05", 0, 0) for _ in range(2))
    placed = (soldier(50, 9),)
    deploy = UnitDeployment(BOARD, team, SOLDIER, corner, others=placed, leadership=6)
    candidates = list(deploy.candidates())
    assert candidates and all(deploy.is_legal(c) for c in candidates)
    for c in candidates:
        bases = [b.at(*p) for b, p in zip(team, c.centres, strict=True)]
        assert all(corner.admits(BOARD, b) and placement_is_clear(BOARD, b, SOLDIER, placed) for b in bases)
    assert not deploy.is_legal(Placement(((50.0, 13.0), (52.0, 13.0))))  # over the farmhouse's wall line
    assert not deploy.is_legal(Placement(((50.5, 9.0), (52.0, 9.0))))  # on the placed base


@pytest.mark.parametrize("radius", [0.5, 2.5, 5.0])
def test_set_05_the_zone_measured_on_arrays_admits_exactly_as_one_by_one(radius: float) -> None:
    """DW-SET-05 / DW-SM-06: `UnitDeployment.admit_all` (one Shapely call over every lattice
    point) decides exactly what `Zone.admits` decides point by point, on Secret Mission's zone
    whose oversize rule admits a base of diameter over 9" touching the edge (left to `admits`)."""
    secret = zone(shipped()["secret_mission"], BOARD, Edge.SOUTH)
    for area in (secret, deployment_zone(BOARD, Edge.SOUTH, 12)):
        lead = Base(0.0, 0.0, radius, 1.0)
        points = [(x / 2, y / 2) for x in range(-2, 146) for y in range(-2, 30)]
        arrays = UnitDeployment(BOARD, (lead,), SOLDIER, area)
        arrays.admit_all(points)
        for x, y in points:
            assert arrays.admits(lead.at(x, y)) is area.admits(BOARD, lead.at(x, y)), (area, x, y)
    assert any(secret.admits(BOARD, Base(x, 5.0, 5.0, 1.0)) for x in range(5, 68))  # the oversize case met


def test_geo_16_17_remembered_verdicts_equal_fresh_ones() -> None:
    """DW-GEO-16/17: a Move asked about the same candidates twice (its bases' clearance and its
    movers' segments remembered, its followers sharing movers) answers as a fresh Move does, and
    a candidate beyond the allowance in a straight line is refused."""
    team = tuple(CONTENT.base("U-A05", 0, 0).at(20 + 2 * k, 12) for k in range(3))
    blockers = (Base(22.0, 16.0, 1.0, 1.0),)

    def move() -> UnitMove:
        return UnitMove(BOARD, team, SOLDIER, 6.0, enemies=blockers, leadership=6)

    kept = move()
    asked = [
        Placement(formation((float(x), float(y)), t, h, 2))
        for x in range(16, 28, 2)
        for y in range(12, 20, 2)
        for t in Formation
        for h in HEADINGS
    ]
    first = [kept.is_legal(p) for p in asked]
    assert first == [kept.is_legal(p) for p in asked] == [move().is_legal(p) for p in asked]
    assert any(first) and not all(first)
    assert not kept.is_legal(Placement(((27.0, 12.0), (29.0, 12.0), (31.0, 12.0))))  # 7" from home
    assert kept.strides()[1].through is kept.strides()[2].through  # equal radius, one mover


# ---------------------------------------------------------------- terrain placement


def test_first_battle_pieces_three_inches_apart():
    """§3.21.4 / DW-BTL-01: all First Battle pieces are wholly on the table and at least 3" apart
    (the digest's claim, checked); a piece 2.9" from the Mill, or off the table, is refused."""
    for p in BOARD.pieces:
        others = Battlefield([q for q in BOARD.pieces if q is not p])
        assert others.can_place_piece(p.polygon), p.id
    assert BOARD.can_place_piece(box(36, 30.9, 37, 31.5), spacing=0)
    assert not BOARD.can_place_piece(box(42.9, 20, 44, 22))  # 2.9" from the Mill
    assert not EMPTY.can_place_piece(box(70, 0, 74, 4))


def test_ex02_front_lines_terrain_band_and_minefields():
    """EX-02 (DW-FL-01, DW-FL-04): woods (10, 14)–(18, 22) are illegal, (10, 10)–(18, 18) legal
    (inclusive); a hill (40, 29)–(50, 37) illegal, (40, 30)–(50, 38) legal; a minefield (r 3)
    centred at (36, 24) lies wholly outside both 12" zones."""
    woods = CONTENT.terrain[TerrainKind.WOOD].footprint
    assert woods is not None
    assert not EMPTY.can_place_piece(footprint(woods, (14, 18), 0), band=18)
    assert EMPTY.can_place_piece(footprint(woods, (14, 14), 0), band=18)
    assert not EMPTY.can_place_piece(box(40, 29, 50, 37), band=18)
    assert EMPTY.can_place_piece(box(40, 30, 50, 38), band=18)
    mine = Base(36, 24, CONTENT.terrain[TerrainKind.MINEFIELD].radius or 0, 0)
    zones = [EMPTY.edge_strip(edge, 12) for edge in (Edge.SOUTH, Edge.NORTH)]
    assert all(is_wholly_outside(mine, z) for z in zones)
    assert is_wholly_outside(Base(36, 15, 3, 0), zones[0])  # touching the zone
    assert not is_wholly_outside(Base(36, 14.9, 3, 0), zones[0])
    wall = CONTENT.terrain[TerrainKind.WALL].footprint
    assert wall is not None and footprint(wall, (10, 10), 90).bounds == (9.75, 6, 10.25, 14)
