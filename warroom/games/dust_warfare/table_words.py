"""Where things stand and who they are, said as a player at the table says them: the words of the
event log and of the options (dust_warfare.md DW-GEO-01, DW-GEO-05).

A unit is its card's name and side ("Laser Grenadiers (Axis)", words.unit_titles). A point of the
table is said by the nearest thing a player can point at, measured in whole inches as a tape
measures it (DW-GEO-05: from the nearest point of a piece):

- at an objective, when within 1" of its point: "at the Mill";
- in (or on) a terrain piece: "in the west woods", "on the hill";
- near an objective or a piece, within 6": '3" south-west of the Mill';
- otherwise in the open, by its nearest long and short edge: 'in the open, 10" from the south
  edge and 20" from the west edge'.

Two pieces of one kind are told apart by the part of the table they stand in, on 8 points of the
compass ("the west woods", "the east woods"; a number where even that is alike). Directions are
the 16 points of the compass of words.py; the engine's coordinates and angles stay in the events'
data, and a muted playout (`TurnState.mute`) measures nothing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from shapely.geometry import Point

from warroom.games.dust_warfare.army import SEAT_FACTION
from warroom.games.dust_warfare.geometry import Battlefield, Piece, Point2
from warroom.games.dust_warfare.words import Edge, TerrainKind, compass, facing_words, unit_titles

if TYPE_CHECKING:
    from warroom.games.dust_warfare.game import DustWarfareGame
    from warroom.games.dust_warfare.state import DustState

AT_OBJECTIVE = 1.0  # inches: a point this close to an objective's point is "at" it
NEAR = 6.0  # inches: the farthest a landmark is used to say where a point is
ON = frozenset({TerrainKind.HILL})  # a piece one stands on, not in


@dataclass(frozen=True, slots=True)
class Landmark:
    """Something on the table a player points at: its words ("the Mill", "the west woods"), its
    shape (a point or a piece's polygon) and the point directions are taken from."""

    name: str
    piece: Piece | None
    x: float
    y: float


def unit_title(st: DustState, u: int) -> str:
    """Unit u by its card's name and side, numbered when two of a side are alike."""
    return _titles(st.game)[u]


@lru_cache(maxsize=16)  # per configured game: its units never change
def _titles(game: DustWarfareGame) -> tuple[str, ...]:
    return unit_titles(tuple((unit.name, SEAT_FACTION[unit.seat]) for unit in game.units))


def piece_words(st: DustState, kind: TerrainKind | str) -> str:
    """A terrain kind by the catalogue's name ("Woods", "Tank-trap barrier")."""
    return st.game.content.terrain[TerrainKind(kind)].name


def lying_words(st: DustState, kind: TerrainKind | str, rotation: int) -> str:
    """Which way an oblong piece's long side runs once turned by `rotation` (D-05, DW-FL-04), on
    the compass: "lying east to west"; "" for a square or round piece, alike either way."""
    size = st.game.content.terrain[TerrainKind(kind)].footprint
    if size is None or size[0] == size[1]:
        return ""
    along_x = (size[0] > size[1]) != (rotation % 180 == 90)  # geometry.footprint: width along x at 0°
    return "lying east to west" if along_x else "lying north to south"


def point_words(st: DustState, x: float, y: float) -> str:
    """The point (x, y) in a player's words (the module docstring); nothing in a muted playout,
    whose words are never read (`TurnState.mute`): the measuring is left out of its hot path."""
    if st.muted:
        return ""
    return _where(_landmarks(st), st.board, x, y)


def standing(st: DustState, x: float, y: float, facing: float | None) -> str:
    """Where a miniature stands, and a walker's facing on the compass (DW-GEO-07)."""
    return point_words(st, x, y) + ("" if facing is None else f", {facing_words(facing)}")


def placed(st: DustState, u: int, verb: str, centres: Sequence[Point2], facing: float | None) -> str:
    """A unit's placement said once it stands: its title, what it did, and where its leader (the
    first centre, DW-GEO-17) now stands, a walker with its facing ("... moves: the leader now
    3" south of the Mill"; one miniature: "... moves: now in the west woods, facing north")."""
    x, y = centres[0]
    who = "now" if len(centres) == 1 else "the leader now"
    return f"{unit_title(st, u)} {verb}: {who} {standing(st, x, y, facing)}"


def _landmarks(st: DustState) -> tuple[Landmark, ...]:
    game = st.game
    objectives = tuple((o.name, float(o.point[0]), float(o.point[1])) for o in game.scenario.objective)
    names = {kind: piece_words(st, kind) for kind in TerrainKind}
    return _table_landmarks(st.board, objectives, tuple(names.items()))


@lru_cache(maxsize=64)  # per table (a Secret Mission table grows piece by piece)
def _table_landmarks(
    board: Battlefield,
    objectives: tuple[tuple[str, float, float], ...],
    names: tuple[tuple[TerrainKind, str], ...],
) -> tuple[Landmark, ...]:
    catalogue = dict(names)
    marks = [Landmark(_the(name), None, x, y) for name, x, y in objectives]
    by_kind: dict[TerrainKind, list[Piece]] = {}
    for piece in board.pieces:
        by_kind.setdefault(piece.kind, []).append(piece)
    for kind, pieces in by_kind.items():
        word = catalogue[kind].lower()  # a piece on the table: "the west woods", "the low wall"
        places = [_table_side(board, p) for p in pieces]
        for i, piece in enumerate(pieces):
            centre = piece.polygon.centroid
            if len(pieces) == 1:
                name = f"the {word}"
            elif places.count(places[i]) == 1:
                name = f"the {places[i]} {word}"
            else:
                name = f"the {word} {i + 1}"  # alike in kind and place: numbered in table order
            marks.append(Landmark(name, piece, float(centre.x), float(centre.y)))
    return tuple(marks)


def _the(name: str) -> str:
    return name if name.lower().startswith("the ") else f"the {name}"


def _table_side(board: Battlefield, piece: Piece) -> str:
    """Where a piece stands on the table, seen from its centre: a compass point, or "central"."""
    centre = piece.polygon.centroid
    dx, dy = centre.x - board.width / 2, centre.y - board.depth / 2
    if math.hypot(dx, dy) < min(board.width, board.depth) / 6:
        return "central"
    return compass(math.degrees(math.atan2(dy, dx)), points=8)


def _inches(d: float) -> str:
    return f'{max(1, round(d))}"'


def _where(marks: tuple[Landmark, ...], board: Battlefield, x: float, y: float) -> str:
    point = Point(x, y)
    best: tuple[float, Landmark] | None = None
    for mark in marks:
        if mark.piece is None:
            gap = math.hypot(x - mark.x, y - mark.y)
            if gap <= AT_OBJECTIVE:
                return f"at {mark.name}"
        else:
            gap = float(mark.piece.polygon.distance(point))
            if gap == 0.0:
                return f"{'on' if mark.piece.kind in ON else 'in'} {mark.name}"
        if gap <= NEAR and (best is None or gap < best[0]):
            best = (gap, mark)
    if best is not None:
        gap, mark = best
        return f"{_inches(gap)} {compass(math.degrees(math.atan2(y - mark.y, x - mark.x)))} of {mark.name}"
    long = Edge.SOUTH if y <= board.depth / 2 else Edge.NORTH
    short = Edge.WEST if x <= board.width / 2 else Edge.EAST
    along = y if long is Edge.SOUTH else board.depth - y
    across = x if short is Edge.WEST else board.width - x
    return (
        f"in the open, {_inches(along)} from the {long.value} edge and {_inches(across)} from the "
        f"{short.value} edge"
    )
