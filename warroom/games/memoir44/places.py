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

Event texts are read by both sides (the terminal, the web log, the replay), so they name the
sections and count alike units from the unit's own side ("Axis infantry (3) in the town on the
Axis right flank", `event_unit`): the words of the cards (M44-BOARD-02/03), never a coordinate. A
muted playout (`TurnState.mute`) builds none of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from warroom.games.memoir44.board import COL, ROW, SECTIONS, Section
from warroom.games.memoir44.words import SIDE_ADJECTIVES, SIDE_TITLES

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game
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
# A side's own sections (M44-BOARD-02/03), as the Probe/Attack/Assault cards name them; `whose`
# is "your" in a deciding player's options, "the Allied"/"the Axis" in an event both sides read.
SECTION_WORDS = {
    Section.LEFT: "{whose} left flank",
    Section.CENTER: "the centre",
    Section.RIGHT: "{whose} right flank",
}
YOUR = "your"


def whose(side: int) -> str:
    """A side's own sections and left in words both sides read: "the Allied", "the Axis"."""
    return _WHOSE[side]


_WHOSE = tuple(f"the {adjective}" for adjective in SIDE_ADJECTIVES)


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


def section_words(st: M44State, h: int, side: int, owner: str = YOUR) -> str:
    """The hex's section from `side`'s seat; a hex on a dashed line is in both (M44-BOARD-02)."""
    return game_section_words(st.game, h, side, owner)


def game_section_words(game: Memoir44Game, h: int, side: int, owner: str = YOUR) -> str:
    """`section_words` from the game alone (no state: the catalog's objectives use it too)."""
    key = (h, game.is_bottom(side), owner)
    words = _SECTION_CACHE.get(key)
    if words is None:
        own = sorted(Section(s if key[1] else 2 - s) for s in SECTIONS[h])
        first, *second = (SECTION_WORDS[s].format(whose=owner) for s in own)
        words = (
            f"on the line between {first} and {second[0]}"
            if second
            else (("in " if own[0] == Section.CENTER else "on ") + first)
        )
        _SECTION_CACHE[key] = words
    return words


# The words depend on the hex, the seat's end of the board and whose sections: a few hundred
# entries at most, the same in every game, so kept once (the log says them at every event).
_SECTION_CACHE: dict[tuple[int, bool, str], str] = {}


def objective_words(game: Memoir44Game, hexes: Sequence[int], side: int) -> str:
    """An objective as a player finds it: the terrain of its first hex and its section, named as
    `side`'s, the side that scores it ("the bridge in the centre", "the town on the Axis left
    flank"), with how many hexes it spans (M44-MEDAL-03/04). The log's medal lines and the web
    table's objective markers and briefing (the catalog) say it alike."""
    h = hexes[0]
    kind = game.terrain_kind[h]
    terrain = "bridge" if game.scenario.bridge[h] else "open ground" if kind == "clear" else kind
    more = f" ({len(hexes)} hexes)" if len(hexes) > 1 else ""
    return f"the {terrain}{more} {game_section_words(game, h, side, whose(side))}"


def _base(st: M44State, u: int, side: int, owner: str = YOUR) -> str:
    g = st.game
    h = st.unit_hex[u]
    # a hex's words depend on the scenario, the seat and whose sections: kept per game, as the
    # log says a place at nearly every event
    key = (h, side, owner)
    place = g.place_words.get(key)
    if place is None:
        place = g.place_words[key] = f"{terrain_words(st, h)} {section_words(st, h, side, owner)}"
    return f"{SIDE_TITLES[g.unit_side[u]]} {g.unit_noun[u]} ({st.unit_fig[u]}) {place}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unit_words(st: M44State, u: int, side: int | None = None, owner: str = YOUR) -> str:
    """The unit as the deciding side finds it on the board. Units of one side that would read
    alike are counted from that player's left (then from their own edge), so no two units on the
    board share these words. `owner` names whose sections and left they are ("your")."""
    words, rank = _unit_parts(st, u, viewer_side(st) if side is None else side, owner)
    return f"{words}, the {rank}" if rank else words


def _unit_parts(st: M44State, u: int, side: int, owner: str) -> tuple[str, str | None]:
    """The unit's words and, where units of its side would read alike, its rank among them
    ("2nd of 3 from your left")."""
    if st.unit_hex[u] < 0:
        return f"{SIDE_TITLES[st.game.unit_side[u]]} {st.game.unit_noun[u]} (eliminated)", None
    words = _base(st, u, side, owner)
    hexes, figs = st.unit_hex, st.unit_fig
    # units of the same side and kind (fixed per game) and figures first, then the same place words
    alike = [v for v in st.game.unit_kin[u] if hexes[v] >= 0 and figs[v] == figs[u]]
    if len(alike) > 1:
        look = st.game.hex_look
        alike = [v for v in alike if look[hexes[v]] == look[hexes[u]]]
    if len(alike) == 1:
        return words, None
    face = _facing(st, side)
    # left to right as the player sees the board, then from their own edge forward
    alike.sort(key=lambda v: (face * COL[st.unit_hex[v]], -face * ROW[st.unit_hex[v]]))
    return words, f"{ordinal(alike.index(u) + 1)} of {len(alike)} from {owner} left"


def event_unit(st: M44State, u: int) -> str:
    """A unit in an event text both sides read: its sections and left are its own side's ("Axis
    infantry (3) in the town on the Axis right flank"); units that read alike are ranked in
    brackets, so a verb can follow ("... (2nd of 3 from the Axis left) moves"); nothing in a
    muted playout."""
    if st.muted:
        return ""
    side = st.game.unit_side[u]
    words, rank = _unit_parts(st, u, side, whose(side))
    return f"{words} ({rank})" if rank else words


def event_place(st: M44State, h: int, side: int) -> str:
    """A hex in an event text: its terrain or feature and its section from `side`'s seat, named
    as that side's ("on the bridge in the centre", "in the forest on the Allied left flank")."""
    return f"{terrain_words(st, h)} {section_words(st, h, side, whose(side))}"


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


__all__ = [
    "destination_words",
    "event_place",
    "event_unit",
    "section_words",
    "steps_words",
    "terrain_words",
    "unit_words",
    "viewer_side",
    "whose",
]
