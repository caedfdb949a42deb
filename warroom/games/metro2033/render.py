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
from typing import TYPE_CHECKING

from warroom.core.game import JSON, Action
from warroom.games.metro2033 import option_words
from warroom.games.metro2033.board_data import BoardData, Station
from warroom.games.metro2033.content import Content, default_content
from warroom.games.metro2033.words import CardKind, Faction, Hero, StationKind, Zone

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

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
HANZA_SUFFIX = " (Hanza)"  # how board.toml names the Hanza stations after their transfer partner
NAME = 19  # characters of a station's name in a cell (longer names end in ".")


# ------------------------------------------------------------------ the catalog (web map)


def catalog(content: Content) -> JSON:
    """The public drawing data of the board and the printed face of every card (see the module
    docstring); a pure function of the content files."""
    return {"board": board_catalog(content.board), **card_catalog(content)}


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
    """The printed face of every faction, hero and card by its id, as action texts name them, one
    mapping per kind: factions, heroes, battle_cards, equipment, quests, threats, laws."""
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
        "battle_cards": {
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
    name = (
        s.name.removesuffix(HANZA_SUFFIX) if s.kind == StationKind.HANZA else s.name
    )  # said once, as its kind
    name = name if len(name) <= NAME else name[: NAME - 1] + "."
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


# ------------------------------------------------------------------ the terminal table

# What each pending decision asks, in words (the decision kinds of rules/*.py).
ASKS: Mapping[str, str] = {
    "faction": "choose a faction",
    "hero": "choose a hero",
    "place": "place the hero on a home station",
    "tax": "take a resource (Taxation)",
    "colon": "colonize a neutral station or pass (Colonization)",
    "polis": "choose the resource a Polis station produces",
    "announce": "name the station and defender against the threat",
    "c05": "peek at the top 2 laws or not (Confederation of 1905)",
    "propose": "choose the law put to the vote",
    "vote": "vote on the law",
    "wown": "complete quests or use abilities, or go on",
    "post": "complete quests or use abilities, or end the hero turn",
    "upkeep": "pay army upkeep (or disband)",
    "recruit": "recruit army strength",
    "army": "choose the army's action",
    "pact": "pay the Non-Aggression Pact",
    "move": "move the hero",
    "act": "choose the hero's action",
    "shop": "buy equipment at the Hanza market",
    "keep": "keep one of the drawn cards",
    "defend": "defend with the army or the hero",
    "scout_use": "put the scouting card on top or keep it",
    "svd": "use the SVD on the threat deck",
    "artyom": "look at 2 threat cards or not (Artyom)",
    "fight": "choose the threat to fight",
    "card": "choose a battle card in secret",
    "wb": "play battle effects (quests, grenade) or pass",
    "capture": "pay to capture the station or leave it neutral",
    "claim": "claim a free station (minimum of three)",
    "retreat": "send the wounded hero to a station",
    "strip": "choose the beaten hero's equipment",
    "discard": "discard equipment down to the limit",
    "qevent": "complete a quest the battle met",
    "gain": "take a resource (reward)",
    "target": "choose the opponent who loses",
    "lose": "choose the resource the opponent loses",
    "seize": "choose the station the opponent loses",
    "eqq": "take a market card or the top quest (reward)",
}


def render(st: MetroState, player: int | None) -> str:
    """The table as `player` sees it (None: a spectator), from `st.view(player)`: the round and
    its symbols, the law, the market, each player's public zone (and the viewer's own hand), the
    battle in progress, the pending decision, and the map of the zones in play."""
    return "\n".join(table_lines(st.view(player), default_content(), player))


def table_lines(v: JSON, content: Content, player: int | None) -> list[str]:
    """`render`'s lines from a view: a pure function of the view and the content."""
    names = _Names(content)
    symbols = " + ".join(v["symbols"])
    if v.get("winners") is not None:
        head = f"Metro 2033 - game over after round {v['round']}"
    elif v["round"] == 0:
        head = "Metro 2033 - setup (faction and hero draft)"
    else:
        head = f"Metro 2033 - round {v['round']} (space {v['space']}: {symbols}), stage {'I' * v['stage']}"
    lines = [head + f"; first player: player {v['first_player']}"]
    law = f"law in force: {names.card(v['law'])}" if v["law"] else "no law in force"
    if v["proposal"]:
        law += f"; to the vote: {names.card(v['proposal'])} (for {v['tally'][0]}, against {v['tally'][1]})"
    lines.append(law)
    market = ", ".join(names.card(c) for c in v["market"]) or "-"
    decks = v["decks"]
    lines.append(
        f"Hanza market: {market} | decks: equipment {decks['equipment']}, quest {decks['quest']}, "
        f"threat {decks['threat']}, law {decks['law']}"
    )
    reserve = v["reserve"]
    lines.append(f"reserve: M {reserve['M']} P {reserve['P']} A {reserve['A']}")
    for seat in v["seats"]:
        lines.extend(_seat_lines(v, seat, names, player))
    lines.extend(_battle_lines(v, names))
    if v["drawn"]:
        lines.append(f"drawn for your choice: {', '.join(names.card(c) for c in v['drawn'])}")
    if v["decision"]:
        lines.append(decision_words(v, names))
    if v.get("winners"):
        lines.append(f"winner: {', '.join(names.seat(v, s) for s in v['winners'])}")
    lines.append("")
    in_play = [sid for sid, s in v["stations"].items() if s["in_play"]]
    owner = {sid: s["owner"] for sid, s in v["stations"].items() if s["owner"] is not None}
    heroes = {
        sid: [names.hero_mark(v["seats"][q]["hero"]) for q in s["heroes"]]
        for sid, s in v["stations"].items()
        if s["heroes"]
    }
    lines.extend(station_table(content, Marks(in_play=in_play, owner=owner, heroes=heroes)))
    lines.append(LEGEND)
    return lines


class _Names:
    """Printed names by id, from the content."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self.stations = {s.id: s for s in content.board.stations}
        cards: dict[str, str] = {}
        for kind in CardKind:
            for card in content.cards(kind):
                cards[str(card.id)] = card.name
        self.cards = cards

    def card(self, cid: str) -> str:
        return f"{self.cards.get(cid, cid)} ({cid})"

    def station(self, sid: str | None) -> str:
        return "-" if sid is None else f"{sid} {self.stations[sid].name}"

    def faction(self, fid: str | None) -> str:
        return "no faction yet" if fid is None else self.content.factions[Faction(fid)].name

    def hero(self, hid: str | None) -> str:
        return "no hero yet" if hid is None else self.content.heroes[Hero(hid)].name

    def hero_mark(self, hid: str | None) -> str:
        """A hero's 3-letter mark on the map: @Art, @Kha, @Mel, @Sas, @Ann, @Hun."""
        return "?" if hid is None else self.content.heroes[Hero(hid)].name[:3]

    def seat(self, v: JSON, seat: int | None) -> str:
        if seat is None:
            return "nobody"
        faction = v["seats"][seat]["faction"]
        return f"player {seat}" + (f" ({self.faction(faction)})" if faction else "")


def _seat_lines(v: JSON, s: JSON, names: _Names, player: int | None) -> list[str]:
    seat = s["seat"]
    you = " (you)" if seat == player else ""
    first = " [first]" if seat == v["first_player"] else ""
    hero = names.hero(s["hero"])
    where = f" at {names.station(s['hero_at'])}" if s["hero_at"] else ""
    wounded = " (wounded)" if s["wounded"] else ""
    goal = 9 if s["faction"] == Faction.RL.value else 10  # M33-FAC-01, M33-END-02
    r = s["resources"]
    lines = [
        f"player {seat}{you}{first}: {names.faction(s['faction'])}, {hero}{where}{wounded}",
        f"    VP {s['vp']}/{goal}  army {s['army']}  M {r['M']} P {r['P']} A {r['A']}  votes {s['votes']}"
        f"  stations {len(s['stations'])}",
    ]
    equipment = ", ".join(names.card(e) for e in s["equipment"]) or "none"
    quests = (
        ", ".join(names.card(q) for q in s["quests"]) or "none"
        if "quests" in s
        else f"{s['quests_hidden']} face down"
    )
    done = ", ".join(names.card(q) for q in s["completed"])
    line = f"    equipment: {equipment} | quests: {quests}" + (f" | completed: {done}" if done else "")
    scouting = s["scouting"]
    if scouting:
        card = f" {names.card(scouting['card'])}" if "card" in scouting else ""
        line += f" | scouting card{card} (round {scouting['round']})"
    lines.append(line)
    return lines


def _battle_lines(v: JSON, names: _Names) -> list[str]:
    b = v["battle"]
    if not b:
        return []
    att, dfn = b["attacker"], b["defender"]
    who = f"{names.seat(v, att['seat'])}'s {att['unit']}" if att["seat"] is not None else "the threat"
    against = (
        f"{names.seat(v, dfn['seat'])}'s {dfn['unit']}" if dfn["seat"] is not None else f"the {dfn['unit']}"
    )
    line = f"battle at {names.station(b['station'])}: {who} against {against}"
    if b["threat"]:
        line += f"; threat {names.card(b['threat'])}"
    if b["cards"]:
        line += f"; cards {names.card(b['cards']['attacker'])} vs {names.card(b['cards']['defender'])}"
    if any(b["modifiers"]):
        line += f"; modifiers {b['modifiers'][0]:+d} / {b['modifiers'][1]:+d}"
    lines = [line]
    if b["hand"]:
        lines.append(f"    your battle cards: {', '.join(names.card(c) for c in b['hand'])}")
    return lines


def decision_words(v: JSON, names: _Names) -> str:
    """The pending decision in words; a secret choice names who has chosen, never what."""
    d = v["decision"]
    ask = ASKS.get(d["kind"], d["kind"])
    secret = v.get("secret")
    if secret:
        waiting = ", ".join(names.seat(v, s) for s in d["waiting"]) or "nobody"
        chosen = ", ".join(names.seat(v, s) for s in secret["committed"]) or "nobody yet"
        return f"decision: {ask}; waiting for {waiting}; chosen: {chosen}"
    return f"decision: {names.seat(v, d['seat'])} to {ask}"


def describe(st: MetroState, action: Action) -> str:
    """The action's text, then what it does in words (option_words.py: every option worded)."""
    return option_words.describe(st, action)
