"""The 13x9 Memoir '44 board, precomputed at import (M44-BOARD-01/02, memoir44.md §2.5).

Hexes use the doubled-column coordinates of the `.m44` format, so imported scenarios need no
conversion: `row` 0..8 from the top edge, `col` 0..24; long rows (even) hold even columns,
short rows (odd) hold odd columns. People read and type hexes as `R<row>C<col>` (rows 1..9,
columns 1..13 on long rows and 1..12 on short rows, counted from the bottom player's left):

    col:  0   2   4   6   8  10  12  14  16  18  20  22  24
    R1   C1  C2  C3  C4  C5  C6  C7  C8  C9 C10 C11 C12 C13     row 0 (top edge: player 1)
    R2     C1  C2  C3  C4  C5  C6  C7  C8  C9 C10 C11 C12       row 1 (cols 1,3,...,23)
    R3   C1  C2  ...                                   C13     row 2
    ...
    R9   C1  C2  ...                                   C13     row 8 (bottom edge)
         |--- left ---|------ centre ------|--- right ---|
                    col 7                 col 17  (dashed lines; those hexes are in two sections)

Neighbours differ by (0, +-2) or (+-1, +-1). The centre of hex (col, row) is the integer point
(col, 3*row) and its corners are (col, 3*row +- 2), (col +- 1, 3*row +- 1): true hex geometry
with the vertical axis stretched by sqrt(3), so line-of-sight tests are exact in integers
(M44-LOS-04).
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import NamedTuple

ROWS = 9
Hex = int  # index 0..112 into HEXES


class Section(IntEnum):
    """Absolute sections, named from the bottom player's seat (M44-BOARD-02/03)."""

    LEFT = 0
    CENTER = 1
    RIGHT = 2


def _hexes() -> tuple[tuple[int, int], ...]:
    return tuple((row, col) for row in range(ROWS) for col in range(row % 2, 25, 2))


HEXES: tuple[tuple[int, int], ...] = _hexes()  # hex index -> (row, col)
NUM_HEXES = len(HEXES)  # 113 (M44-BOARD-01)
INDEX: dict[tuple[int, int], Hex] = {rc: i for i, rc in enumerate(HEXES)}
ROW: tuple[int, ...] = tuple(r for r, _ in HEXES)
COL: tuple[int, ...] = tuple(c for _, c in HEXES)


def name(h: Hex) -> str:
    """`R<row>C<col>` as printed (memoir44.md §2.5)."""
    row, col = HEXES[h]
    return f"R{row + 1}C{col // 2 + 1}"


NAMES: tuple[str, ...] = tuple(name(h) for h in range(NUM_HEXES))
BY_NAME: dict[str, Hex] = {n: i for i, n in enumerate(NAMES)}
_NAME = re.compile(r"^R(\d)C(\d{1,2})$")


def parse_hex(text: str) -> Hex:
    """The hex named `R<row>C<col>` (case-insensitive); ValueError names the text if off-board."""
    h = BY_NAME.get(text.strip().upper())
    if h is None:
        raise ValueError(f"{text!r} is not a hex of the board (R1..R9, C1..C13 on odd rows, C1..C12 on even)")
    return h


def from_m44(row: int, col: int) -> Hex:
    """The hex at `.m44` coordinates; ValueError if off the standard board."""
    h = INDEX.get((row, col))
    if h is None:
        raise ValueError(f"row {row}, col {col} is not a hex of the standard board")
    return h


def _neighbours(h: Hex) -> tuple[Hex, ...]:
    row, col = HEXES[h]
    steps = ((0, -2), (0, 2), (-1, -1), (-1, 1), (1, -1), (1, 1))
    return tuple(INDEX[(row + dr, col + dc)] for dr, dc in steps if (row + dr, col + dc) in INDEX)


NEIGHBOURS: tuple[tuple[Hex, ...], ...] = tuple(_neighbours(h) for h in range(NUM_HEXES))
ADJACENT: tuple[frozenset[Hex], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


def _distance(a: Hex, b: Hex) -> int:
    dy = abs(ROW[a] - ROW[b])
    dx = abs(COL[a] - COL[b])
    return dy + max(0, (dx - dy) // 2)


DIST: tuple[tuple[int, ...], ...] = tuple(
    tuple(_distance(a, b) for b in range(NUM_HEXES)) for a in range(NUM_HEXES)
)
MAX_RANGE = 6
# WITHIN[a][d]: hexes at exactly distance d from a, for d = 1..6 (battle ranges)
WITHIN: tuple[tuple[tuple[Hex, ...], ...], ...] = tuple(
    tuple(tuple(b for b in range(NUM_HEXES) if DIST[a][b] == d) for d in range(MAX_RANGE + 1))
    for a in range(NUM_HEXES)
)


def sections_of(h: Hex) -> tuple[Section, ...]:
    """Absolute sections of a hex: col <= 7 left, 7..17 centre, >= 17 right (M44-BOARD-02)."""
    col = COL[h]
    out = []
    if col <= 7:
        out.append(Section.LEFT)
    if 7 <= col <= 17:
        out.append(Section.CENTER)
    if col >= 17:
        out.append(Section.RIGHT)
    return tuple(out)


SECTIONS: tuple[tuple[Section, ...], ...] = tuple(sections_of(h) for h in range(NUM_HEXES))


def mirror(section: Section) -> Section:
    """The top player's left is the bottom player's right (M44-BOARD-03)."""
    return Section(2 - section)


def _rearward(h: Hex, down: bool) -> tuple[Hex, ...]:
    row, col = HEXES[h]
    dr = 1 if down else -1
    return tuple(INDEX[(row + dr, col + dc)] for dc in (-1, 1) if (row + dr, col + dc) in INDEX)


# REARWARD[toward_bottom][h]: the two hexes "straight back" for a retreat (M44-RETR-01)
REARWARD: tuple[tuple[tuple[Hex, ...], ...], ...] = (
    tuple(_rearward(h, False) for h in range(NUM_HEXES)),
    tuple(_rearward(h, True) for h in range(NUM_HEXES)),
)


class Sight(NamedTuple):
    """The hexes a centre-to-centre line meets (M44-LOS-04): crossed through the interior, and
    grazed along an edge on its left or right side."""

    crossed: tuple[Hex, ...]
    left: tuple[Hex, ...]
    right: tuple[Hex, ...]


def _corners(h: Hex) -> tuple[tuple[int, int], ...]:
    x, y = COL[h], 3 * ROW[h]
    return ((x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1))


def sight(a: Hex, b: Hex) -> Sight:
    """Classify every hex strictly between a and b against the segment joining their centres."""
    ax, ay, bx, by = COL[a], 3 * ROW[a], COL[b], 3 * ROW[b]
    d = DIST[a][b]
    crossed: list[Hex] = []
    left: list[Hex] = []
    right: list[Hex] = []
    for h in range(NUM_HEXES):
        if h in (a, b) or DIST[a][h] >= d or DIST[h][b] >= d:
            continue
        signs = [(bx - ax) * (cy - ay) - (by - ay) * (cx - ax) for cx, cy in _corners(h)]
        pos = sum(s > 0 for s in signs)
        neg = sum(s < 0 for s in signs)
        if pos and neg:
            crossed.append(h)
        elif signs.count(0) == 2:
            (left if pos else right).append(h)
        # one zero: a corner touch, never blocks (M44-LOS-06)
    return Sight(tuple(crossed), tuple(left), tuple(right))


LOS_RANGE = 3  # the longest range of a unit that needs line of sight (M44-UNIT-04)
SIGHT: dict[int, Sight] = {
    a * NUM_HEXES + b: sight(a, b)
    for a in range(NUM_HEXES)
    for d in range(2, LOS_RANGE + 1)
    for b in WITHIN[a][d]
}


def sight_between(a: Hex, b: Hex) -> Sight:
    """Precomputed within range 3; computed on demand beyond (no rule needs it there)."""
    found = SIGHT.get(a * NUM_HEXES + b)
    return found if found is not None else sight(a, b)
