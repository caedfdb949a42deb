"""Metro 2033 as people see it: the terminal table, and the catalog the web map is drawn from.

Two layers, both pure functions:
- `catalog(content)`: the printed board as drawing data (every station with its schematic x, y
  on the 0-100 square, kind, zone, home and resource; every tunnel and transfer; the metro lines'
  colours; the zone colours, the round track and the army track's upkeep) and the printed face of
  every card. The web table receives it once per table, and warroom/web/renderers/metro2033.js
  draws the SVG map from it and the seat's view; nothing in it is secret.
- `station_table(board, marks)`: the terminal's map, zone by zone, every in-play station by id and
  name with its resource, owner, home mark and the heroes standing there; `render(state, player)`
  puts it under the players' public zones (VP, army, resources, hero, equipment, quests) read
  from `state.view(player)`, so it shows exactly what that seat may see (M33-HID-01..08).

The terminal map (`--` = neutral, `p2*` = player 2 owns this home station, `@Art` = Artyom):

    Red Line zone (red)
      OKH  Okhotny Ryad            A     p0*  @Art  TEA  Teatralnaya             P     p0*
      ...
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from warroom.core.game import JSON
from warroom.games.metro2033.board_data import BoardData, Station
from warroom.games.metro2033.content import Content
from warroom.games.metro2033.words import StationKind, Zone

# The Moscow metro's own line colours (the board draws each line in its colour, rb p. 2-3); used
# only for drawing, with no rules effect (§2.10.2 "Line").
LINE_COLOURS: Mapping[str, str] = {
    "L1": "#d6083b",  # Sokolnicheskaya, red
    "L2": "#0a8c3c",  # Zamoskvoretskaya, green
    "L3": "#0072ba",  # Arbatsko-Pokrovskaya, dark blue
    "L4": "#1ebcef",  # Filyovskaya, light blue
    "L5": "#8d5b2d",  # Koltsevaya, the Hanza ring, brown
    "L6": "#ed9121",  # Kaluzhsko-Rizhskaya, orange
    "L7": "#800080",  # Tagansko-Krasnopresnenskaya, purple
    "L8": "#ffcd1c",  # Kalininskaya, yellow
    "L9": "#a2a5b4",  # Serpukhovsko-Timiryazevskaya, grey
    "L10": "#b1d332",  # Lyublinsko-Dmitrovskaya, light green
}

# The zone colours named in board.toml and factions.toml (§2.10.1), as screen colours.
COLOUR_WORDS: Mapping[str, str] = {
    "red": "#c0392b",
    "green": "#3f8f3a",
    "yellow": "#d4ac0d",
    "orange": "#e67e22",
    "blue": "#2e6fba",
    "brown": "#8b5a2b",
}
POLIS_COLOUR = "#c9b458"  # the Polis area has no faction colour; drawn in the board's gold

CELL = 44  # characters per station cell of the terminal map: room for two heroes and a space
NAME = 19  # characters of a station's name in a cell (longer names end in ".")


# ------------------------------------------------------------------ the catalog (web map)


def catalog(content: Content) -> JSON:
    """The public drawing data of the board and the printed face of every card (see the module
    docstring); a pure function of the content files."""
    return {"board": board_catalog(content.board), "cards": card_catalog(content)}


def board_catalog(board: BoardData) -> JSON:
    """Stations, links, lines, zones and tracks as the web map draws them (§2.10)."""
    return {
        "stations": [_station_json(s) for s in board.stations],
        "links": [
            {"a": e.a, "b": e.b, "kind": e.kind.value, "line": e.line, "hanza": e.hanza} for e in board.links
        ],
        "lines": {
            lid: {"ru": ru, "name": name, "colour": LINE_COLOURS[lid]}
            for lid, (ru, name) in board.lines.items()
        },
        "zones": {
            z.value: {
                "faction": info.faction.value if info.faction else None,
                "colour": COLOUR_WORDS[info.colour] if info.colour else POLIS_COLOUR,
            }
            for z, info in board.zones.items()
        },
        "round_track": [
            {"space": sp.space, "symbols": [s.value for s in sp.symbols], "times": sp.times}
            for sp in (board.round_track.start, *board.round_track.loop)
        ],
        "army_upkeep": {
            str(v): board.army_track.upkeep(v)
            for v in range(board.army_track.minimum, board.army_track.maximum + 1)
        },
        "vp_track": {"printed": list(board.vp_track.printed), "start": board.vp_track.start},
    }


def _station_json(s: Station) -> JSON:
    return {
        "id": s.id,
        "name": s.name,
        "ru": s.ru,
        "line": s.line,
        "kind": s.kind.value,
        "zone": s.zone.value,
        "home_of": s.home_of.value if s.home_of else None,
        "res": _resource_word(s),
        "xfer": s.has_transfer,
        "x": s.x,
        "y": s.y,
    }


def card_catalog(content: Content) -> JSON:
    """The printed face of every faction, hero and card by its id, as action texts name them."""
    return {
        "factions": {
            f.value: {
                "name": c.name,
                "ru": c.ru,
                "colour": COLOUR_WORDS[c.colour],
                "homes": list(c.homes),
                "ability": c.ability,
            }
            for f, c in content.factions.items()
        },
        "heroes": {
            h.value: {
                "name": c.name,
                "ru": c.ru,
                "strength": c.strength,
                "speed": c.speed,
                "ability": c.ability,
            }
            for h, c in content.heroes.items()
        },
        "battle": {
            cid: {
                "name": c.name,
                "ru": c.ru,
                "type": c.type.value,
                "bonus": c.bonus,
                "vs": c.vs.value if c.vs else None,
                "vs_bonus": c.vs_bonus,
            }
            for cid, c in content.battle_cards.items()
        },
        "equipment": {
            e.value: {"name": c.name, "ru": c.ru, "effect": c.effect} for e, c in content.equipment.items()
        },
        "quests": {
            qid: {"name": c.name, "ru": c.ru, "condition": c.condition, "ability": c.ability}
            for qid, c in content.quests.items()
        },
        "threats": {
            tid: {
                "name": c.name,
                "ru": c.ru,
                "type": c.type.value,
                "strength": c.strength,
                "strength_alt": c.strength_alt,
                "alt_when": c.alt_when.value if c.alt_when else None,
                "reward": c.reward.value,
                "stage": 1 if tid.startswith("T1") else 2,
            }
            for tid, c in content.threats.items()
        },
        "laws": {w.value: {"name": c.name, "ru": c.ru, "effect": c.effect} for w, c in content.laws.items()},
    }


def _resource_word(s: Station) -> str | None:
    """M, P or A; "any" for Polis (M33-EVT-04); None for Hanza and abandoned stations."""
    if not s.produces:
        return None
    return s.produces[0].value if len(s.produces) == 1 else "any"


# ------------------------------------------------------------------ the terminal map


@dataclass(frozen=True, slots=True)
class Marks:
    """What the terminal map shows on the stations: who owns each (station id -> seat), the heroes
    standing on each (station id -> short names), and which stations are in play (M33-MAP-04)."""

    in_play: Collection[str]
    owner: Mapping[str, int] = field(default_factory=dict)
    heroes: Mapping[str, Sequence[str]] = field(default_factory=dict)


def station_cell(s: Station, marks: Marks) -> str:
    """One station of the terminal map: id, name, what it produces (or its kind), owner with `*` on
    a home station, and the heroes there (by the 3 letters of their id: @Art, @Khn); CELL
    characters wide unless three heroes stand there."""
    if s.kind == StationKind.HANZA:
        what = "hanza"
    elif s.kind == StationKind.ABANDONED:
        what = "aband"
    else:
        what = _resource_word(s) or ""
    seat = marks.owner.get(s.id)
    owner = "" if not s.is_capturable else ("--" if seat is None else f"p{seat}")
    owner += "*" if s.home_of is not None else ""
    heroes = "".join(f"@{h}" for h in marks.heroes.get(s.id, ()))
    name = s.name if len(s.name) <= NAME else s.name[: NAME - 1] + "."
    text = f"{s.id:<4} {name:<{NAME}} {what:<5} {owner:<3} {heroes}".rstrip()
    return text.ljust(CELL) if len(text) < CELL else text + " "  # crowded: still one space apart


def station_table(content: Content, marks: Marks, columns: int = 2) -> list[str]:
    """The terminal map: each zone in play with its name and colour, then its stations, `columns`
    cells to a line, in board order; zones out of play are left out (M33-MAP-04)."""
    board = content.board
    lines: list[str] = []
    for zone, info in board.zones.items():
        stations = [s for s in board.stations if s.zone == zone and s.id in marks.in_play]
        if not stations:
            continue
        faction = content.factions[info.faction] if info.faction else None
        lines.append("Polis" if faction is None else f"{faction.name} zone ({faction.colour})")
        for i in range(0, len(stations), columns):
            row = stations[i : i + columns]
            lines.append("  " + "".join(station_cell(s, marks) for s in row).rstrip())
    return lines


LEGEND = "(p2 = owned by player 2, -- = neutral, * = home station, @ = hero; M/P/A/any = produces)"


def in_play_ids(board: BoardData, zones: Iterable[Zone]) -> frozenset[str]:
    """The ids of the stations in play with these faction zones, Polis always (M33-MAP-04)."""
    chosen = {*zones, Zone.POLIS}
    return frozenset(s.id for s in board.stations if s.zone in chosen)
