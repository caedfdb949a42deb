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
Axis right flank", `EventUnit`): the words of the cards (M44-BOARD-02/03), never a coordinate.
They are lazy event texts (`TurnState.say`): a rule hands the unit as the board stands
(`rules.units.label`, a copy of the units' hexes and figures) and the words are found only when the text
is read, so a playout that never reads its events never words them; a muted playout
(`TurnState.mute`) does not even copy the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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
        return st.m44.side_of_seat(int(st.decision[1]))
    return int(st.active)


def _facing(game: Memoir44Game, side: int) -> int:
    """+1 for the side at the bottom of the printed map, -1 for the top side: that side's rows
    ahead and columns to the right, as signs on the printed map's row and column."""
    return 1 if game.is_bottom(side) else -1


def terrain_words(st: M44State, h: int, into: bool = False) -> str:
    """A hex's terrain or feature: a bridge or bunker is what a player sees first (M44-TERR-09,
    M44-OBST-04)."""
    return game_terrain_words(st.m44, h, into)


def game_terrain_words(game: Memoir44Game, h: int, into: bool = False) -> str:
    """`terrain_words` from the game alone (no state: a lazy event text words it when read)."""
    sc = game.scenario
    if sc.bridge[h]:
        return "onto the bridge" if into else "on the bridge"
    if sc.bunker[h] >= 0:
        return "into the bunker" if into else "in the bunker"
    kind = game.terrain_kind[h]
    return (INTO_TERRAIN if into else IN_TERRAIN)[kind]


def section_words(st: M44State, h: int, side: int, owner: str = YOUR) -> str:
    """The hex's section from `side`'s seat; a hex on a dashed line is in both (M44-BOARD-02)."""
    return game_section_words(st.m44, h, side, owner)


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


def _base(
    game: Memoir44Game, hexes: Sequence[int], figs: Sequence[int], u: int, *, side: int, owner: str
) -> str:
    h = hexes[u]
    # a hex's words depend on the scenario, the seat and whose sections: kept per game, as the
    # log says a place at nearly every event
    key = (h, side, owner)
    place = game.place_words.get(key)
    if place is None:
        place = f"{game_terrain_words(game, h)} {game_section_words(game, h, side, owner)}"
        game.place_words[key] = place
    return f"{SIDE_TITLES[game.unit_side[u]]} {game.unit_noun[u]} ({figs[u]}) {place}"


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def unit_words(st: M44State, u: int, side: int | None = None, owner: str = YOUR) -> str:
    """The unit as the deciding side finds it on the board. Units of one side that would read
    alike are counted from that player's left (then from their own edge), so no two units on the
    board share these words. `owner` names whose sections and left they are ("your")."""
    side = viewer_side(st) if side is None else side
    words, rank = _unit_parts(st.m44, st.unit_hex, st.unit_fig, u, side=side, owner=owner)
    return f"{words}, the {rank}" if rank else words


def _unit_parts(
    game: Memoir44Game, hexes: Sequence[int], figs: Sequence[int], u: int, *, side: int, owner: str
) -> tuple[str, str | None]:
    """The unit's words on a board whose units stand on `hexes` with `figs` figures (the
    state's, or an event's copy of them) and, where units of its side would read alike, its
    rank among them ("2nd of 3 from your left")."""
    if hexes[u] < 0:
        return f"{SIDE_TITLES[game.unit_side[u]]} {game.unit_noun[u]} (eliminated)", None
    words = _base(game, hexes, figs, u, side=side, owner=owner)
    # units of the same side and kind (fixed per game) and figures first, then the same place words
    alike = [v for v in game.unit_kin[u] if hexes[v] >= 0 and figs[v] == figs[u]]
    if len(alike) > 1:
        look = game.hex_look
        alike = [v for v in alike if look[hexes[v]] == look[hexes[u]]]
    if len(alike) == 1:
        return words, None
    face = _facing(game, side)
    # left to right as the player sees the board, then from their own edge forward
    alike.sort(key=lambda v: (face * COL[hexes[v]], -face * ROW[hexes[v]]))
    return words, f"{ordinal(alike.index(u) + 1)} of {len(alike)} from {owner} left"


class EventUnit(tuple[Any, ...]):
    """A unit in an event text both sides read, as the board stood when the event happened:
    `(game, hexes, figures, unit)`, the units' hexes and figures copied (the state changes
    after), worded only when the text is read (`str`, or a `{}` of a lazy text's template). Its
    sections and left are its own side's ("Axis infantry (3) in the town on the Axis right
    flank"); units that read alike are ranked in brackets, so a verb can follow ("... (2nd of 3
    from the Axis left) moves")."""

    __slots__ = ()

    def __str__(self) -> str:
        game, hexes, figs, u = self
        side = game.unit_side[u]
        words, rank = _unit_parts(game, hexes, figs, u, side=side, owner=whose(side))
        return f"{words} ({rank})" if rank else words

    @property
    def game(self) -> Memoir44Game:
        game: Memoir44Game = self[0]
        return game

    @property
    def unit(self) -> int:
        return int(self[3])

    @property
    def figures(self) -> int:
        """The unit's figures when the event happened."""
        return int(self[2][self[3]])


def event_place(st: M44State, h: int, side: int) -> str:
    """A hex in an event text: its terrain or feature and its section from `side`'s seat, named
    as that side's ("on the bridge in the centre", "in the forest on the Allied left flank")."""
    return f"{terrain_words(st, h)} {section_words(st, h, side, whose(side))}"


def steps_words(st: M44State, frm: int, to: int, side: int) -> str:
    """The way from one hex to another in hex steps, from `side`'s seat: along one of the six
    directions ("2 hexes ahead-left", "1 hex to the right"), straight up the board ("2 hexes
    straight ahead", a zigzag of two rows), or a diagonal plus a straight or sideways part. Each
    hex within reach gets its own words."""
    return game_steps_words(st.m44, frm, to, side)


def game_steps_words(game: Memoir44Game, frm: int, to: int, side: int) -> str:
    """`steps_words` from the game alone (no state: a lazy event text words it when read)."""
    face = _facing(game, side)
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


def went(unit: EventUnit, verb: str, frm: int, to: int, steps: int) -> str:
    """A move or retreat in an event text (a lazy text's template, worded when read): the unit
    as it stood, then the way it went from its own seat and the terrain entered ("... moves 2
    hexes ahead-left into the forest"), and the steps of a path around something (M44-MOVE-08;
    `steps` 0: none said); "" for no way at all."""
    game = unit.game
    way = game_steps_words(game, frm, to, game.unit_side[unit.unit])
    if not way:
        return ""
    text = f"{unit} {verb} {way} {game_terrain_words(game, to, into=True)}"
    return f"{text} by a {steps}-step path" if steps else text


def destination_words(st: M44State, frm: int, to: int, side: int | None = None) -> str:
    """Where a move or retreat step ends: the steps from the unit's hex and the terrain entered."""
    side = viewer_side(st) if side is None else side
    return f"{steps_words(st, frm, to, side)} {terrain_words(st, to, into=True)}"


__all__ = [
    "EventUnit",
    "destination_words",
    "event_place",
    "section_words",
    "steps_words",
    "terrain_words",
    "unit_words",
    "viewer_side",
    "went",
    "whose",
]
