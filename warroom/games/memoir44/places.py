"""Units and hexes named as a player finds them on the board, not by coordinates (issue 16).

The web table shows hex coordinates only when the player asks for them, so the option list names
a unit by what the board shows around it, from the deciding side's seat (the side whose edge is at
the bottom of their screen, M44-BOARD-03): its side, kind and figures, its terrain or feature, and
its section ("Allies infantry (4) in the forest on your left flank"). Where two units of one side
would read alike, they are counted from the player's left ("the 2nd of 3 from your left"), so
every unit of a decision reads apart. A destination is said as the steps from the unit's hex
("1 hex ahead-left into the forest"), which is unique for every hex a unit can reach.

The typed text (`order R6C3`) keeps the coordinates: the terminal's board prints them, and the
web table shows them beside these words when its coordinates setting is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.memoir44.board import COL, ROW, SECTIONS, Section
from warroom.games.memoir44.words import SIDE_TITLES

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

# Where a unit stands, by the terrain as the box names it (data/terrain.toml; words.TERRAIN_KINDS).
IN_TERRAIN = {
    "clear": "in the open",
    "forest": "in the forest",
    "hedgerow": "in the hedgerows",
    "hill": "on the hill",
    "town": "in the town",
    "river": "in the river",
    "ocean": "in the sea",
    "beach": "on the beach",
}
# A destination's terrain, after the steps that reach it.
INTO_TERRAIN = {
    "clear": "into the open",
    "forest": "into the forest",
    "hedgerow": "into the hedgerows",
    "hill": "onto the hill",
    "town": "into the town",
    "river": "into the river",
    "ocean": "into the sea",
    "beach": "onto the beach",
}
# A side's own sections (M44-BOARD-02/03), as the Probe/Attack/Assault cards name them.
SECTION_WORDS = {
    Section.LEFT: "your left flank",
    Section.CENTER: "the centre",
    Section.RIGHT: "your right flank",
}


def viewer_side(st: M44State) -> int:
    """The side whose seat decides now (options go to that seat only); the side to play otherwise."""
    if st.decision is not None:
        return st.game.side_of_seat(int(st.decision[1]))
    return int(st.active)


def _facing(st: M44State, side: int) -> int:
    """+1 for the side at the bottom of the printed map, -1 for the top side: that side's rows
    ahead and columns to the right, as signs on the printed map's row and column."""
    return 1 if st.game.is_bottom(side) else -1


def terrain_words(st: M44State, h: int, into: bool = False) -> str:
    """A hex's terrain or feature: a bridge or bunker is what a player sees first (M44-TERR-09,
    M44-OBST-04)."""
    sc = st.game.scenario
    if sc.bridge[h]:
        return "onto the bridge" if into else "on the bridge"
    if sc.bunker[h] >= 0:
        return "into the bunker" if into else "in the bunker"
    kind = st.game.terrain_kind[h]
    return (INTO_TERRAIN if into else IN_TERRAIN)[kind]


def section_words(st: M44State, h: int, side: int) -> str:
    """The hex's section from `side`'s seat; a hex on a dashed line is in both (M44-BOARD-02)."""
    own = sorted(Section(s if st.game.is_bottom(side) else 2 - s) for s in SECTIONS[h])
    if len(own) == 2:
        return f"on the line between {SECTION_WORDS[own[0]]} and {SECTION_WORDS[own[1]]}"
    return ("in " if own[0] == Section.CENTER else "on ") + SECTION_WORDS[own[0]]


def _base(st: M44State, u: int, side: int) -> str:
    g = st.game
    h = st.unit_hex[u]
    return (
        f"{SIDE_TITLES[g.unit_side[u]]} {g.unit_noun[u]} ({st.unit_fig[u]}) "
        f"{terrain_words(st, h)} {section_words(st, h, side)}"
    )


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unit_words(st: M44State, u: int, side: int | None = None) -> str:
    """The unit as the deciding side finds it on the board. Units of one side that would read
    alike are counted from that player's left (then from their own edge), so no two units on the
    board share these words."""
    if st.unit_hex[u] < 0:
        return f"{SIDE_TITLES[st.game.unit_side[u]]} {st.game.unit_noun[u]} (eliminated)"
    side = viewer_side(st) if side is None else side
    words = _base(st, u, side)
    owner = st.game.unit_side[u]
    alike = [
        v
        for v in range(len(st.unit_hex))
        if st.unit_hex[v] >= 0 and st.game.unit_side[v] == owner and _base(st, v, side) == words
    ]
    if len(alike) == 1:
        return words
    face = _facing(st, side)
    # left to right as the player sees the board, then from their own edge forward
    alike.sort(key=lambda v: (face * COL[st.unit_hex[v]], -face * ROW[st.unit_hex[v]]))
    return f"{words}, the {ordinal(alike.index(u) + 1)} of {len(alike)} from your left"


def steps_words(st: M44State, frm: int, to: int, side: int) -> str:
    """The way from one hex to another in hex steps, from `side`'s seat: along one of the six
    directions ("2 hexes ahead-left", "1 hex to the right"), straight up the board ("2 hexes
    straight ahead", a zigzag of two rows), or a diagonal plus a straight or sideways part. Each
    hex within reach gets its own words."""
    face = _facing(st, side)
    ahead = (ROW[frm] - ROW[to]) * face  # rows toward the enemy edge
    right = (COL[to] - COL[frm]) * face  # half-hexes to the player's right
    fwd = "ahead" if ahead > 0 else "back"
    lr = "right" if right > 0 else "left"
    a, r = abs(ahead), abs(right)
    parts: list[str] = []
    diagonal = min(a, r)
    if diagonal:
        parts.append(f"{diagonal} {'hex' if diagonal == 1 else 'hexes'} {fwd}-{lr}")
    if r > a:
        side_steps = (r - a) // 2
        parts.append(f"{side_steps} {'hex' if side_steps == 1 else 'hexes'} to the {lr}")
    elif a > r:
        rows = a - r  # even: two rows straight on are two hex steps
        parts.append(f"{rows} hexes straight {fwd}")
    return " and ".join(parts)


def destination_words(st: M44State, frm: int, to: int, side: int | None = None) -> str:
    """Where a move or retreat step ends: the steps from the unit's hex and the terrain entered."""
    side = viewer_side(st) if side is None else side
    return f"{steps_words(st, frm, to, side)} {terrain_words(st, to, into=True)}"


__all__ = ["destination_words", "section_words", "terrain_words", "unit_words", "viewer_side"]
