"""Dust Warfare drawn for people: the terminal's top-down map with unit cards, and the static table
as JSON for the browser's SVG (sent once in the game's catalog).

The terminal map is the 72" × 48" table (DW-GEO-01) on a coarse character grid: one column per
inch across, one row per two inches deep (a character is about twice as tall as it is wide, so
the table keeps its shape), north at the top as the map of §3.21.4 is printed:

    y  48 +------------------------------------------------------------------------+
       46 |,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,|  north zone
       .. |                ^^^^^^^^^^           ======== wwwwwwww                   |
       24 |        wwwwwwww        rrrrrrOrrrrrr                                    |
       .. |                  =========          ######                 ~~~~~~~~~  |
       10 |,,,,,,,,,,,A,,,A,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,|  south zone
        0 +------------------------------------------------------------------------+

A cell shows the terrain piece covering at least half of it (the one covering most); a thin
linear obstacle (a wall, wire or a tank trap) is drawn along its midline, so a 0.5"-deep wall is
never lost between rows. Each row is labelled with the y of its top edge.
Open ground inside a deployment zone is `,`, elsewhere `.`; objectives are `O`. Miniatures are
drawn over the terrain: each with its unit's letter (the first player's units A, B, C ..., the
second's a, b, c ...), its Unit Leader's cell in the card list below the map, and a vehicle's
facing as an arrow in the cell it faces.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from shapely.geometry import Polygon, box

from warroom.core.game import JSON
from warroom.games.dust_warfare.content import Content, default_content
from warroom.games.dust_warfare.geometry import Battlefield, Piece
from warroom.games.dust_warfare.scenario import Scenario, battlefield, zone
from warroom.games.dust_warfare.words import LONG_EDGES, Edge, TerrainKind

INCHES_PER_COLUMN = 1.0
INCHES_PER_ROW = 2.0
TICK = 6  # an x label every 6" along the top border

TERRAIN_CHAR: Mapping[TerrainKind, str] = {
    TerrainKind.WOOD: "w",
    TerrainKind.RUIN: "r",
    TerrainKind.BUILDING: "#",
    TerrainKind.WALL: "=",
    TerrainKind.HILL: "^",
    TerrainKind.SHALLOW_WATER: "~",
    TerrainKind.DEEP_WATER: "W",
    TerrainKind.WIRE: "x",
    TerrainKind.TANK_TRAP: "+",
    TerrainKind.MINEFIELD: "m",
}
LINEAR = frozenset({TerrainKind.WALL, TerrainKind.WIRE, TerrainKind.TANK_TRAP})  # DW-TER-01
OPEN = "."
ZONE = ","
OBJECTIVE = "O"
LEGEND = (
    "terrain: . open  , deployment zone  w woods  r ruins  # building  = low wall  ^ hill  "
    "~ shallow water  W deep water  x wire  + tank trap  m minefield  O objective\n"
    "units: a letter per miniature (first player A, B, C ...; second a, b, c ...), "
    'a vehicle\'s facing > ^ < v / \\ beside it; 1 column = 1", 1 row = 2", north at the top'
)
# The cell a vehicle's facing points to, by octant of its facing (0° = +x, counter-clockwise).
FACING_ARROWS = ((">", 1, 0), ("/", 1, 1), ("^", 0, 1), ("\\", -1, 1), ("<", -1, 0), ("/", -1, -1),
                 ("v", 0, -1), ("\\", 1, -1))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Mark:
    """Something drawn over the terrain at table coordinates (x, y) in inches: a miniature's
    unit letter, a marker, an arrow."""

    x: float
    y: float
    char: str


# ---------------------------------------------------------------- the character grid


def grid_size(board: Battlefield) -> tuple[int, int]:
    """Columns and rows of the map for a table."""
    return math.ceil(board.width / INCHES_PER_COLUMN), math.ceil(board.depth / INCHES_PER_ROW)


def cell_of(board: Battlefield, x: float, y: float) -> tuple[int, int]:
    """The (column, row) holding the table point (x, y); row 0 is the north edge's row."""
    cols, rows = grid_size(board)
    col = min(cols - 1, max(0, int(x / INCHES_PER_COLUMN)))
    row = min(rows - 1, max(0, int((board.depth - y) / INCHES_PER_ROW)))
    return col, row


def _cell_box(board: Battlefield, col: int, row: int) -> Polygon:
    top = board.depth - row * INCHES_PER_ROW
    return box(col * INCHES_PER_COLUMN, top - INCHES_PER_ROW, (col + 1) * INCHES_PER_COLUMN, top)


@lru_cache(maxsize=16)
def terrain_rows(board: Battlefield, zones: tuple[Polygon, ...] = ()) -> tuple[str, ...]:
    """The map's terrain alone, one string per row (north first): a piece's letter where it
    covers at least half a cell (the most covered piece), `,` on open ground wholly inside a
    deployment zone, `.` elsewhere; then each linear obstacle along its midline. Cached per
    table: a board never changes."""
    cols, rows = grid_size(board)
    area = [p for p in board.pieces if p.kind not in LINEAR]
    lines = [
        [_cell_char(area, _cell_box(board, col, row), zones) for col in range(cols)] for row in range(rows)
    ]
    for piece in board.pieces:
        if piece.kind in LINEAR:
            for x, y in _midline(piece.polygon):
                col, row = cell_of(board, x, y)
                lines[row][col] = TERRAIN_CHAR[piece.kind]
    return tuple("".join(line) for line in lines)


def _cell_char(pieces: Sequence[Piece], cell: Polygon, zones: tuple[Polygon, ...]) -> str:
    best, best_area = None, 0.0
    for piece in pieces:
        if piece.polygon.intersects(cell):
            overlap = piece.polygon.intersection(cell).area
            if overlap > best_area:
                best, best_area = piece, overlap
    if best is not None and best_area >= cell.area / 2:
        return TERRAIN_CHAR[best.kind]
    return ZONE if any(z.covers(cell) for z in zones) else OPEN


def _midline(polygon: Polygon, step: float = 0.25) -> list[tuple[float, float]]:
    """Points every `step` inches along the long midline of a thin obstacle (a wall 8" × 0.5"
    is drawn one row deep, in the row its middle falls in)."""
    corners = list(polygon.minimum_rotated_rectangle.exterior.coords)[:4]
    a, b, c, _ = corners
    if math.dist(a, b) > math.dist(b, c):  # make a→b a short side, b→c a long one
        a, b, c = b, c, corners[3]
    start = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    length = math.dist(b, c)
    ux, uy = (c[0] - b[0]) / length, (c[1] - b[1]) / length
    count = max(1, math.ceil(length / step))
    # the middle of each step, so an end on a cell boundary does not spill into the next cell
    ts = [length * (i + 0.5) / count for i in range(count)]
    return [(start[0] + ux * t, start[1] + uy * t) for t in ts]


def draw_map(
    board: Battlefield,
    zones: Sequence[Polygon] = (),
    objectives: Iterable[tuple[float, float]] = (),
    marks: Iterable[Mark] = (),
) -> list[str]:
    """The table as lines of text: a ruler of x every 6" on top, y down the left, the terrain,
    the objectives and then the marks (later marks over earlier ones)."""
    grid = [list(line) for line in terrain_rows(board, tuple(zones))]
    for x, y in objectives:
        col, row = cell_of(board, x, y)
        grid[row][col] = OBJECTIVE
    for mark in marks:
        col, row = cell_of(board, mark.x, mark.y)
        grid[row][col] = mark.char
    cols = len(grid[0])
    ruler = [" "] * (cols + 1)
    for x in range(0, cols + 1, TICK):
        label = str(x)
        start = min(x, cols + 1 - len(label))
        ruler[start : start + len(label)] = label
    border = "+" + "-" * cols + "+"
    lines = ["  x  " + "".join(ruler), "  y  " + border]
    for number, cells in enumerate(grid):
        top = board.depth - number * INCHES_PER_ROW
        lines.append(f"  {top:>3g}|" + "".join(cells) + "|")
    lines.append("    0" + border)
    return lines


def vehicle_marks(x: float, y: float, char: str, facing: float) -> list[Mark]:
    """A vehicle's letter and the arrow of its facing in the neighbouring cell it points to
    (DW-GEO-04: 0° = +x, counter-clockwise)."""
    octant = round((facing % 360.0) / 45.0) % 8
    arrow, dx, dy = FACING_ARROWS[octant]
    return [Mark(x, y, char), Mark(x + dx * INCHES_PER_COLUMN, y + dy * INCHES_PER_ROW, arrow)]


def unit_letter(player: int, index: int) -> str:
    """The letter of a player's index-th unit: A, B, C ... for the first player, a, b, c ... for
    the second (26 each; a later unit repeats from the start)."""
    letter = chr(ord("A") + index % 26)
    return letter if player == 0 else letter.lower()


# ---------------------------------------------------------------- the table for the browser


def table_json(scenario: Scenario, content: Content | None = None) -> JSON:
    """The static table of a scenario for displays (the catalog's `table`): its size, each
    terrain piece's outline with its catalogue type's name, height, LOS class, cover and effect on
    each movement class (§3.3), the deployment zone along each long edge (which edge is whose is
    in the view, chosen at the roll-off), and the objectives with their control radius. Public:
    the whole map is on the table for both players (DW-GEN-08)."""
    content = content or default_content()
    board = battlefield(scenario, content)
    pieces = []
    for entry, piece in zip(scenario.terrain.piece, board.pieces, strict=True):
        kind = content.terrain[piece.kind]
        pieces.append(
            {
                "id": piece.id,
                "kind": piece.kind.value,
                "name": kind.name,
                "note": entry.note,
                "points": [[round(x, 3), round(y, 3)] for x, y in piece.polygon.exterior.coords[:-1]],
                "height": piece.height,
                "los": piece.los.value,
                "inside": piece.inside.name.lower(),
                "behind": piece.behind.name.lower(),
                "soldier": kind.soldier.value,
                "vehicle": kind.vehicle.value,
                "heavy": kind.heavy.value,
            }
        )
    zones = {}
    if scenario.deployment.depth is not None:
        for edge in LONG_EDGES:
            x1, y1, x2, y2 = zone(scenario, board, edge).area.bounds
            zones[edge.value] = [x1, y1, x2, y2]
    return {
        "id": scenario.id,
        "name": scenario.name,
        "width": board.width,
        "depth": board.depth,
        "turns": scenario.battle_length,
        "pieces": pieces,
        "zones": zones,
        "objectives": [
            {"id": o.id, "name": o.name, "x": o.point[0], "y": o.point[1], "control": o.control, "sp": o.sp}
            for o in scenario.objective
        ],
    }


def zone_polygons(scenario: Scenario, board: Battlefield, edges: Iterable[Edge]) -> list[Polygon]:
    """The deployment zones along the given edges (none for a scenario deploying anywhere)."""
    if scenario.deployment.depth is None:
        return []
    return [zone(scenario, board, edge).area for edge in edges]
