"""Terrain placement (dust_warfare.md DW-BTL-01, DW-SM-01, D-05), for a scenario without a map.

A roll-off (DW-GEN-05); its winner places the first piece and the players alternate until the
pool (terrain.toml's [placement]: 2 woods, 2 ruins, a building, 2 low walls and a hill) is
used up. Each piece at its default footprint, rotated 0° or 90°, its centre on the 2" lattice,
wholly on the table and at least 3" from every other piece (`Battlefield.can_place_piece`). The
finite option set of D-05 is offered in stages: `piece T-WOOD` (a kind left in the pool that has
a legal place), `region R` (a 6" cell holding such a centre), `at X Y` (a lattice centre there),
`rotate 0|90`. A player with no legal place for any piece left ends the placement (a designed
guard: the default pool always fits a 72" x 48" table).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.content import COVER, Content
from warroom.games.dust_warfare.geometry import TOL, Battlefield, Piece, footprint
from warroom.games.dust_warfare.rules import placement
from warroom.games.dust_warfare.rules.dice import faces_text, roll_off
from warroom.games.dust_warfare.table_words import lying_words, piece_words, point_words
from warroom.games.dust_warfare.words import TerrainKind

if TYPE_CHECKING:
    from warroom.games.dust_warfare.actions import DustActions
    from warroom.games.dust_warfare.state import DustState

ROTATIONS = (0, 90)


def placed_board(content: Content, base: Battlefield, terrain: list[list[Any]]) -> Battlefield:
    """The scenario's table (its map pieces, none for placement) with the placed pieces."""
    pieces = list(base.pieces)
    for number, (kind_text, x, y, rotation, *_placer) in enumerate(terrain, start=1):
        kind = content.terrain[TerrainKind(kind_text)]
        assert kind.footprint is not None, f"{kind.kind} has no default footprint"
        pieces.append(
            Piece(
                f"P{number}",
                kind.kind,
                footprint(kind.footprint, (float(x), float(y)), float(rotation)),
                kind.height,
                kind.los,
                COVER[kind.inside],
                COVER[kind.behind],
                kind.effects,
                kind.climbable,
            )
        )
    return Battlefield(pieces, base.width, base.depth)


def remaining(st: DustState) -> list[TerrainKind]:
    """The pool's pieces not placed yet, in catalogue order."""
    pool = Counter({TerrainKind(k): n for k, n in st.game.content.placement.pool.items()})
    pool.subtract(TerrainKind(p[0]) for p in st.terrain)
    return [k for k in TerrainKind if pool[k] > 0]


def fits(st: DustState, kind: TerrainKind, x: float, y: float, rotation: int) -> bool:
    """DW-BTL-01: on the table, 3" from every other piece (and a scenario's band, DW-FL-01;
    a player's own ruin in their half, DW-FL-02)."""
    if owes_ruin(st, st.placer) and not in_own_half(st, st.placer, kind, (x, y), rotation):
        return False
    content = st.game.content
    size = content.terrain[kind].footprint
    if size is None:
        return False
    polygon = footprint(size, (x, y), rotation)
    band = st.game.scenario.terrain.band
    return st.board.can_place_piece(polygon, spacing=content.placement.spacing, band=band)


def _lattice(st: DustState, region: int) -> list[tuple[int, int]]:
    step = int(st.game.content.placement.lattice)
    x1, y1, x2, y2 = st.game.actions.region_box(region)
    return [
        (x, y)
        for x in range(int(x1), int(x2))
        for y in range(int(y1), int(y2))
        if x % step == 0 and y % step == 0 and (x, y) in st.game.actions.at
    ]


def _point_fits(st: DustState, kind: TerrainKind, x: int, y: int) -> bool:
    spots = _spots(st, kind)
    return any((x, y, r) in spots for r in ROTATIONS)


def _region_fits(st: DustState, kind: TerrainKind, region: int) -> bool:
    band = st.game.scenario.terrain.band
    _, y1, _, y2 = st.game.actions.region_box(region)
    if band is not None and y1 > band and y2 < st.board.depth - band:
        return False  # DW-FL-01: no centre in the empty middle band can hold a piece
    return any(_point_fits(st, kind, x, y) for x, y in _lattice(st, region))


def _spots(st: DustState, kind: TerrainKind) -> frozenset[tuple[int, int, int]]:
    """Every lattice centre and rotation (x, y, rotation) where `kind` fits now: `fits` measured
    over the whole lattice at once with Shapely 2's array functions (one distance call a piece
    on the table) instead of one point at a time, as `fortify._spots` does; the same verdicts
    (the same boxes, bounds and GEOS distances)."""
    step = int(st.game.content.placement.lattice)
    size = st.game.content.terrain[kind].footprint
    if size is None:
        return frozenset()
    half = None
    if owes_ruin(st, st.placer):  # DW-FL-02: wholly within the placer's own half
        half = "south" if st.edges[st.placer] == "south" else "north"
    spacing = st.game.content.placement.spacing
    band = st.game.scenario.terrain.band
    game = st.game
    return _lattice_spots(game.actions, st.board, step=step, size=size, spacing=spacing, band=band, half=half)


@lru_cache(maxsize=64)  # per table and kind: a placement's stages ask the same
def _lattice_spots(
    actions: DustActions,
    board: Battlefield,
    *,
    step: int,
    size: tuple[float, float],
    spacing: float,
    band: float | None,
    half: str | None,
) -> frozenset[tuple[int, int, int]]:
    points = sorted((x, y) for x, y in actions.at if x % step == 0 and y % step == 0)
    xy = np.array(points, dtype=np.float64).reshape(-1, 2)
    xs, ys = xy[:, 0], xy[:, 1]
    out: set[tuple[int, int, int]] = set()
    for rotation in ROTATIONS:
        w, d = (size[1], size[0]) if rotation % 180 == 90 else size  # as geometry.footprint
        x1, y1, x2, y2 = xs - w / 2, ys - d / 2, xs + w / 2, ys + d / 2
        ok = (x1 >= -TOL) & (y1 >= -TOL) & (x2 <= board.width + TOL) & (y2 <= board.depth + TOL)
        if band is not None:  # DW-FL-01
            ok &= (y2 <= band + TOL) | (y1 >= board.depth - band - TOL)
        if half is not None:  # DW-FL-02 (in_own_half)
            ok &= (y2 <= board.depth / 2 + TOL) if half == "south" else (y1 >= board.depth / 2 - TOL)
        boxes = shapely.box(x1, y1, x2, y2)
        for piece in board.pieces:  # DW-BTL-01: 3" from every other piece
            at = np.flatnonzero(ok)
            ok[at] = shapely.distance(piece.polygon, boxes[at]) >= spacing - TOL
        out.update((points[i][0], points[i][1], rotation) for i in np.flatnonzero(ok))
    return frozenset(out)


def _kind_fits(st: DustState, kind: TerrainKind) -> bool:
    return any(_region_fits(st, kind, r) for r in range(len(st.game.actions.region)))


def roll_job(st: DustState, _job: list[Any]) -> None:
    """DW-BTL-01: the terrain roll-off; its winner places the first piece."""
    winner, rolls = roll_off(st.rng)
    text = "; ".join(
        f"Allies {faces_text(a)}, Axis {faces_text(b)}" for a, b in zip(rolls[::2], rolls[1::2], strict=True)
    )
    st.say(
        "roll_off", f"terrain roll-off: {text}: the {st.side_name(winner)} place first", None, winner=winner
    )
    st.placer = winner
    st.placing = None
    st.push(["terrain_next"])


def next_job(st: DustState, _job: list[Any]) -> None:
    if not remaining(st):
        return
    st.placing = {"purpose": "terrain", "kind": None, "region": -1, "point": None}
    if not terrain_options(st):
        st.placing = None
        st.say("terrain_full", "no legal place is left for the remaining pieces", None)
        return
    st.decide("terrain", st.placer)


def owes_ruin(st: DustState, seat: int) -> bool:
    """DW-FL-02: each player places one T-RUIN wholly within their own half; here it is each
    player's first piece (a designed order: it can never be crowded out later)."""
    return bool(st.game.scenario.terrain.ruin_per_half) and len(st.terrain) < 2


def in_own_half(
    st: DustState, seat: int, kind: TerrainKind, centre: tuple[float, float], rotation: int
) -> bool:
    size = st.game.content.terrain[kind].footprint
    assert size is not None
    bounds: tuple[float, float, float, float] = footprint(size, centre, rotation).bounds
    half = st.board.depth / 2
    return bounds[3] <= half + TOL if st.edges[seat] == "south" else bounds[1] >= half - TOL


def terrain_options(st: DustState) -> list[Action]:
    placing = st.placing
    assert placing is not None
    table = st.game.actions
    kind = placing["kind"]
    if kind is None:
        kinds = [TerrainKind.RUIN] if owes_ruin(st, st.placer) else remaining(st)
        return [table.piece[k] for k in kinds if _kind_fits(st, k)]
    kind = TerrainKind(kind)
    if placing["point"] is not None:
        x, y = placing["point"]
        spots = _spots(st, kind)
        return [table.rotate[r] for r in ROTATIONS if (int(x), int(y), r) in spots]
    if placing["region"] >= 0:
        return [table.at[(x, y)] for x, y in _lattice(st, placing["region"]) if _point_fits(st, kind, x, y)]
    return [table.region[r] for r in range(len(table.region)) if _region_fits(st, kind, r)]


def terrain_apply(st: DustState, action: Action) -> None:
    if placement.narrow(st, action):  # the piece, then its region: the staged picks all placements share
        return
    placing = st.placing
    assert placing is not None
    if action.verb == Verb.AT:
        x, y = action.part("to")
        st.placing = {**placing, "point": [x, y]}
        return
    x, y = placing["point"]
    rotation = action.part("rotation")
    spot = point_words(st, x, y)  # measured on the table before the piece stands there
    st.terrain = [*st.terrain, [placing["kind"], x, y, rotation]]
    st.touch()
    seat = st.placer
    st.say(
        "terrain",
        f"the {st.side_name(seat)} place terrain: {piece_words(st, placing['kind'])}, {spot}"
        + (f", {lying}" if (lying := lying_words(st, placing["kind"], rotation)) else ""),
        None,
        kind=placing["kind"],
        x=x,
        y=y,
        rotation=rotation,
    )
    st.placing = None
    st.decision = None
    st.placer = 1 - seat
    st.push(["terrain_next"])
