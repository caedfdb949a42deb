"""Dust Warfare drawn for people: the terminal's top-down map with unit cards, options in words,
and what an attack option will roll (its consequence, for the option list and the browser).

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
from typing import TYPE_CHECKING, Any

from shapely.geometry import LineString, Point, Polygon, box

from warroom.core.game import JSON, Action
from warroom.games.dust_warfare.actions import ATTACK_VERBS, Verb, read_place
from warroom.games.dust_warfare.geometry import (
    Base,
    Battlefield,
    Piece,
    Placement,
    UnitMove,
    distance,
    is_within,
    overlaps,
)
from warroom.games.dust_warfare.rules import hidden, shelling
from warroom.games.dust_warfare.rules import placement as placing_rules
from warroom.games.dust_warfare.rules.attack import eligible, target_class
from warroom.games.dust_warfare.table_words import lying_words, point_words, unit_title
from warroom.games.dust_warfare.words import (
    Passability,
    Status,
    TerrainKind,
    facing_words,
    formation_words,
)

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

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


# ---------------------------------------------------------------- the terminal view


def render(st: DustState, player: int | None) -> str:
    """What `player` sees, as text: the turn and phase, the map with every unit on the table, the
    legend, a card per unit and who decides what. Read from `st.view(player)`, so the terminal
    shows exactly what the view allows."""
    view = st.view(player)
    board = st.board
    letters = letters_of(view)
    zones = [Polygon(z["polygon"]) for z in view["zones"]]
    objectives = [tuple(o["point"]) for o in view["objectives"]]
    marks: list[Mark] = []
    for unit in view["units"]:
        if unit["status"] != Status.TABLE:
            continue
        for model in unit["models"]:
            if model["destroyed"] or model["x"] is None:
                continue
            char = letters[unit["id"]]
            if model["facing"] is not None:
                marks += vehicle_marks(model["x"], model["y"], char, model["facing"])
            else:
                marks.append(Mark(model["x"], model["y"], char))
    hidden = [m for m in view.get("markers", []) if not m["revealed"] and m["x"] is not None]
    marks += [Mark(m["x"], m["y"], "1" if m["seat"] == 0 else "2") for m in hidden]  # DW-BTL-06
    mines = view.get("minefields", [])
    marks = [Mark(m["x"], m["y"], TERRAIN_CHAR[TerrainKind.MINEFIELD]) for m in mines] + marks  # under units
    lines = [headline(view), *draw_map(board, zones, objectives, marks), LEGEND, ""]
    if mines:  # DW-BTL-03: `shell mK` names a marker by its number here (DW-WPN-01)
        lines.append("minefield markers: " + "; ".join(mine_line(k, m, view) for k, m in enumerate(mines)))
    if hidden:  # Night Encounter: which unit is behind a marker is nobody's to see (DW-NE-02)
        lines.append(
            "unit markers (1 Allies, 2 Axis on the map): "
            + ", ".join(
                f"{m['id']} ({m['x']:g}, {m['y']:g}){' activated' if m['activated'] else ''}" for m in hidden
            )
        )
    lines += [card(unit, letters[unit["id"]]) for unit in view["units"] if unit["status"] != Status.DESTROYED]
    gone = [f"{u['label']} {u['name']}" for u in view["units"] if u["status"] == Status.DESTROYED]
    if gone:
        lines.append("destroyed: " + "; ".join(gone))
    lines.append(deciding(view))
    return "\n".join(lines)


def mine_line(k: int, mine: JSON, view: JSON) -> str:
    """A minefield marker for the terminal: its number (`shell mK`), owner and centre, and its
    Density where the viewer may know it (its owner, or anyone once it is revealed, DW-BTL-03)."""
    owner = view["players"][mine["owner"]]["name"]
    density = mine["density"]
    known = "" if density is None else ", a dummy" if density == 0 else f", Density {density}"
    face = "face up" if mine["revealed"] else "face down"
    return f"m{k} {owner} ({mine['x']:g}, {mine['y']:g}) {face}{known}"


def letters_of(view: JSON) -> dict[int, str]:
    """Each unit's map letter, by unit id: A, B, C ... in the first seat's list order, a, b, c ...
    in the second's."""
    counts = [0, 0]
    out = {}
    for unit in view["units"]:
        seat = unit["seat"]
        out[unit["id"]] = unit_letter(seat, counts[seat])
        counts[seat] += 1
    return out


def headline(view: JSON) -> str:
    """Scenario, turn, phase, edges, initiative and orders left, in one line."""
    scenario = view["scenario"]
    players = view["players"]
    bits = [f"{scenario['name']}: turn {view['turn']} of {scenario['turns']}, {view['phase']} phase"]
    for seat, player in enumerate(players):
        edge = view["edges"][seat]
        side = f"{player['name']}" + (f" ({edge} edge)" if edge else "")
        if view["phase"] == "command":
            side += f" {view['orders'][seat]} order(s) left"
        bits.append(side)
    if view["initiator"] >= 0:
        bits.append(f"initiative: {players[view['initiator']]['name']}")
    for objective in view["objectives"]:
        holder = objective["controller"]
        bits.append(f"{objective['name']} held by {players[holder]['name'] if holder >= 0 else 'nobody'}")
    if view["scores"] is not None:
        bits.append(f"SP {view['scores'][0]} - {view['scores'][1]}")
    return " | ".join(bits)


def card(unit: JSON, letter: str) -> str:
    """A unit's card on one line: letter, id and name, class and AP, where its leader stands,
    miniatures and damage, movement and LR, markers and whether it has activated."""
    models = [m for m in unit["models"] if not m["destroyed"]]
    head = f"{letter} {unit['label']} {unit['name']} ({unit['armour']}, {unit['ap']} AP)"
    where = unit["status"]
    leader = unit["leader"]
    lead = next((m for m in models if m["index"] == leader), None)
    if unit["status"] == Status.TABLE and lead is not None and lead["x"] is not None:
        where = f"leader at ({lead['x']:g}, {lead['y']:g})"  # the figures a proposal is typed in
        if unit.get("where"):  # and in the log's words, a walker's facing on the compass
            where += f", {unit['where']}"
        elif lead["facing"] is not None:
            where += f" {facing_words(lead['facing'])}"
    elif unit["status"] == Status.TABLE:
        where = "Leaderless"
    damage = sum(m["damage"] for m in models)
    stats = f"{len(models)}/{len(unit['models'])} miniatures" + (f", {damage} damage" if damage else "")
    stats += f', move {unit["movement"]:g}"'
    if unit["leadership"] is not None and len(unit["models"]) > 1:
        stats += f', LR {unit["leadership"]:g}"'
    markers = []
    if unit["suppression"]:
        markers.append(f"{unit['suppression']} suppression")
    if unit["reaction"]:
        markers.append("reaction marker")
    if unit["retreating"]:
        markers.append("RETREATING")
    if unit["activated"]:
        markers.append("activated")
    if unit["ordered"]:
        markers.append("ordered")
    tail = f" [{', '.join(markers)}]" if markers else ""
    return f"  {head}: {where}; {stats}{tail}"


def deciding(view: JSON) -> str:
    """Who decides what, in words."""
    decision = view["decision"]
    if decision is None:
        return f"game over: {view['result']}"
    who = view["players"][decision["seat"]]["name"]
    unit = decision["unit"]
    name = "" if unit is None else f" {view['units'][unit]['label']} {view['units'][unit]['name']}"
    what = {
        "edge": "choose your long edge",
        "sequence": "deploy first or second",
        "pick": "pick the next unit to deploy",
        "command": "issue an order or stop",
        "temporary": "name a temporary command section",
        "activate": "activate a unit",
        "leader": f"name a new Unit Leader for{name}",
        "action": f"the next action of{name}",
        "react": "react to the enemy, or stop",
        "hit": "choose the miniature that takes the hit",
    }.get(decision["kind"], decision["kind"])
    if decision["kind"] == "where":
        stage = {"region": 'a 6" region', "point": "the leader's point", "shape": "formation or facing"}
        what = f"{decision['purpose']}{name}: choose {stage.get(decision['stage'] or '', 'a placement')}"
        what += ", or type `place x,y x,y ...` (leader first)"
    return f"{who} to decide: {what}"


# ---------------------------------------------------------------- options in words


def attack_dice(st: DustState, u: int, t: int, verb: str, *, reaction_attack: bool = False) -> int:
    """The dice an attack will roll before rerolls and laser dice (DW-ATK-03/05): each eligible
    weapon's D against the target's class (DW-ATK-04)."""
    cls = target_class(st, t)
    total = 0
    for _, weapon in eligible(st, u, t, verb, reaction_attack=reaction_attack):
        dice = weapon.dice(cls)
        total += 0 if dice is None else dice.dice
    return total


def attacker(st: DustState) -> int:
    """The unit whose action or reaction is being chosen, -1 if none."""
    if st.activation is not None:
        return int(st.activation["unit"])
    return -1


def consequence(st: DustState, action: Action) -> JSON | None:
    """What an attack option will roll (all public, DW-GEN-08): its target, the target's class
    and the dice of the eligible weapons; for Artillery on a minefield marker (DW-WPN-01) the
    marker's place in the list of minefields instead of a target unit; None for other options."""
    if action.verb not in ATTACK_VERBS and action.verb != Verb.SHELL:
        return None
    u = attacker(st)
    if u < 0:
        return None
    if action.verb == Verb.SHELL:
        k = int(action.part("minefield"))
        return {
            "minefield": k,
            "class": shelling.MARKER_CLASS.value,
            "dice": shelling.dice(st, u, k),
            "sustained": bool(action.part("sustained")),
        }
    t = int(action.part("target"))
    verb = str(action.verb)
    return {
        "target": t,
        "class": target_class(st, t).value,
        "dice": attack_dice(st, u, t, verb),
        "sustained": bool(action.part("sustained")),
    }


TERRAIN_KINDS = frozenset(k.value for k in TerrainKind)
FORT_WORDS = {"mine": "a minefield marker", "dummy": "a dummy minefield marker"}  # fortify.py
REACTION_WORDS = {"move": "move", "fire": "fire", "assault": "assault", "dirt": "Hit the Dirt!"}  # D-19


def describe(st: DustState, action: Action) -> str:
    """An option in words, after its typed text: a unit by its card's name and side (never its
    id), an attack's dice, a formation and a facing on the compass, a region's extent, an exact
    proposal's leader point (words.py says them)."""
    text = action.text
    verb = action.verb
    marker_words = hidden.describe(st, action)  # hidden units by marker (DW-NE-14)
    if marker_words is not None:
        return f"{text}: {marker_words}"

    def name(u: Any) -> str:
        return unit_title(st, int(u))

    if verb in (Verb.UNIT, Verb.TAKE, Verb.REGROUP, Verb.MECHANIC, Verb.TANKHEAD, Verb.BOARD):
        radio = ", by radio" if verb in (Verb.TAKE, Verb.REGROUP) and action.part("radio") else ""
        return f"{text}: {name(action.part('unit'))}{radio}"
    if verb == Verb.REACT:
        return f"{text}: {name(action.part('unit'))}, {REACTION_WORDS[str(action.part('reaction'))]}"
    if verb == Verb.SHAPE:
        return f"{text}: {formation_words(str(action.part('formation')), float(action.part('heading')))}"
    if verb == Verb.FACE:
        return f"{text}: {facing_words(float(action.part('facing')))}"
    if verb in (Verb.HIT, Verb.LEADER):  # D-20, D-14: the miniature by its role and place
        source = st.attack if verb == Verb.HIT else st.activation
        if source is not None:
            u = int(source["target" if verb == Verb.HIT else "unit"])
            return f"{text}: {model_words(st, u, int(action.part('model')))}"
    if verb == Verb.OBJECTIVE:  # DW-SM-10: the objective's name and what achieves it
        entry = next(o for o in st.game.scenario.secret_objective if o.id == action.part("objective"))
        return f"{text}: {entry.name}: {entry.achieved_if}"
    if verb in (Verb.PIECE, Verb.FORT):  # DW-BTL-01, DW-FRT: the catalogue's name, not its id
        kind = str(action.part("piece" if verb == Verb.PIECE else "fort"))
        return f"{text}: {FORT_WORDS.get(kind) or st.game.content.terrain[TerrainKind(kind)].name}"
    if verb in ATTACK_VERBS:
        facts = consequence(st, action)
        n = facts["dice"] if facts else 0
        dice = f", {n} {'die' if n == 1 else 'dice'} against {facts['class']}" if facts else ""
        return f"{text}: {name(action.part('target'))}{dice}"
    if verb == Verb.SHELL:  # DW-WPN-01: Artillery on a minefield marker, named by its place
        facts = consequence(st, action)
        k = int(action.part("minefield"))
        n = facts["dice"] if facts else 0
        dice = f", {n} {'die' if n == 1 else 'dice'} against V2" if facts else ""
        return f"{text}: {shelling.marker_words(st, k)}{dice}"
    if verb == Verb.REGION:  # DW-GEO-17 (a): a 6" square of the table, by what is near its middle
        x1, y1, x2, y2 = st.game.actions.region_box(int(action.part("region")))
        size = f'{x2 - x1:g}"' if x2 - x1 == y2 - y1 else f'{x2 - x1:g}" by {y2 - y1:g}"'
        return f"{text}: a {size} square, its middle {point_words(st, (x1 + x2) / 2, (y1 + y2) / 2)}"
    if verb == Verb.AT:  # the leader's (or a piece's) lattice point
        x, y = action.part("to")
        return f"{text}: {point_words(st, x, y)}"
    if verb == Verb.ROTATE and st.placing is not None:  # D-05, DW-FL-04: which way the piece lies
        kind = str(st.placing["kind"])
        lying = lying_words(st, kind, int(action.part("rotation"))) if kind in TERRAIN_KINDS else ""
        return f"{text}: {lying or 'square, the same either way'}"
    if verb == Verb.PLACE:
        placement = read_place(text)
        if placement is not None:
            x, y = placement.centres[0]
            more = len(placement.centres) - 1
            words = (
                f"place the leader {point_words(st, x, y)}, with {more} more"
                if more
                else f"place it {point_words(st, x, y)}"  # a single miniature (a walker, a Hero alone)
            )
            why = refusal(st, action)
            if why is not None:
                return f"{words}: refused, {why}"
            path = leader_path(st, (x, y))
            return words if path is None else f'{words}: path {path[0]:.1f}" of {path[1]:g}"'
    return text


def model_words(st: DustState, u: int, m: int) -> str:
    """A miniature as a player points at it: its role (the roster's note on who leads dropped: the
    Unit Leader is named as such now, DW-UNIT-07), a Hero named so, and where it stands."""
    model = st.game.units[u].models[m]
    role = model.role.split(" (")[0]
    notes = [n for n, on in (("Hero", model.hero), ("Unit Leader", st.leader[u] == m)) if on]
    entry = st.pos[u][m]
    where = f" {point_words(st, entry[0], entry[1])}" if entry is not None else ""
    said = f" ({', '.join(notes)})" if notes else ""
    return f"{role}{said}{where}"


def leader_path(st: DustState, point: tuple[float, float]) -> tuple[float, float] | None:
    """The cost of the Unit Leader's shortest legal path to `point` in the Move being placed, and
    the allowance it is held to (halved by difficult terrain, DW-TER-04; doubled by a March Move,
    DW-MOVE-02): what a ruler shows. None outside a Move or beyond reach."""
    placing = st.placing
    if placing is None or placing["purpose"] in (placing_rules.DEPLOY, placing_rules.RETREAT):
        return None
    ctx = placing_rules.context(st)
    if not isinstance(ctx, UnitMove):
        return None
    stride = ctx.strides()[0]
    cost = stride.cost_to(*point)
    if math.isinf(cost):
        return None
    path = stride.path_to(*point)
    halved = not ctx.march and path is not None and stride.touches_difficult(list(path))
    return cost, ctx.allowance / 2 if halved else ctx.allowance


# ---------------------------------------------------------------- why a proposal is refused


def refusal(st: DustState, action: Action) -> str | None:
    """Why the engine refuses an exact placement proposal, in words with the rule (None when it
    is legal, or not a proposal): what a display says of a rejected drop. The verdict is always
    the engine's own predicate (`is_legal`); this only finds the first reason, with the same
    geometry (DW-GEO-16/17, DW-TER-04/05, DW-SET-05, DW-UNIT-06, DW-MOVE-02)."""
    placing = st.placing
    if action.verb != Verb.PLACE or placing is None or st.decision is None or st.decision[0] != "where":
        return None
    proposal = read_place(action.text)
    if proposal is None or st.is_legal(action):
        return None
    u = int(placing["unit"])
    unit = st.unit(u)
    models = placing_rules.order(st, u)
    if len(proposal.centres) != len(models):
        return f"name all {len(models)} miniatures' centres, the leader first (DW-GEO-17)"
    if unit.is_vehicle != (proposal.facing is not None):
        return "a walker needs its facing (face θ), a soldier has none (DW-GEO-07)"
    if placing_rules.fixed_leader(st) and tuple(proposal.centres[0]) != tuple(placing["point"]):
        return "the leader's point is fixed here; only the others are placed"
    ctx = placing_rules.context(st)
    finals = [b.at(x, y, proposal.facing) for b, (x, y) in zip(ctx.bases, proposal.centres, strict=True)]
    where = _standing(st, u, finals, ctx)
    if where is not None:
        return where
    if isinstance(ctx, UnitMove) and placing["purpose"] != placing_rules.RETREAT:
        reach = _reach(st, ctx, proposal)
        if reach is not None:
            return reach
    lr = ctx.leadership
    if lr is not None:
        for i, f in enumerate(finals[1:], start=2):
            gap = distance(finals[0], f)
            if not is_within(gap, lr):
                return (
                    f'miniature {i} would be {gap:.1f}" from its leader, beyond the {lr:g}" '
                    "leadership range (DW-UNIT-06)"
                )
    return "the rules refuse this placement (DW-GEO-16/17)"


def _who(i: int) -> str:
    return "the leader" if i == 0 else f"miniature {i + 1}"


def _standing(st: DustState, u: int, finals: list[Base], ctx: Any) -> str | None:
    """Where the bases would end: on the table, in the zone, off impassable terrain and bases."""
    board = st.board
    profile = st.unit(u).profile
    others = st.all_bases(exclude=u)
    for i, f in enumerate(finals):
        if not board.is_on_table(f):
            return f"{_who(i)} would stand off the table (DW-GEO-16)"
        zone = getattr(ctx, "zone", None)
        if zone is not None and not zone.admits(board, f):
            return f"{_who(i)} would not stand wholly in the deployment zone (DW-SET-05)"
        for piece in board.pieces_overlapping(f):
            if profile.effect(piece) is Passability.IMPASSABLE:
                name = st.game.content.terrain[piece.kind].name
                return f"{_who(i)} would stand in {name} {piece.id}, impassable for it (DW-TER-05)"
        if any(overlaps(f, o) for o in [*others, *finals[:i]]):
            return f"{_who(i)} would stand on another base (DW-GEO-16)"
    return None


def _reach(st: DustState, ctx: UnitMove, proposal: Placement) -> str | None:
    """A miniature that cannot get there within its allowance: too far even in a straight line,
    difficult terrain halving it, or no legal way around terrain and bases."""
    for i, (stride, (x, y)) in enumerate(zip(ctx.strides(), proposal.centres, strict=True)):
        if stride.can_reach(x, y):
            continue
        start = stride.base
        straight = math.hypot(x - start.x, y - start.y)
        if straight > ctx.allowance:
            return f'{_who(i)} would go {straight:.1f}", beyond the {ctx.allowance:g}" allowance (DW-MOVE-02)'
        if stride.touches_difficult([start.centre, (x, y)]):
            names = _difficult_crossed(st, start, (x, y))
            crossed = f" ({', '.join(names)})" if names else ""
            return (
                f"{_who(i)}'s path touches difficult terrain{crossed}, which halves the allowance to "
                f'{ctx.allowance / 2:g}" (DW-TER-04); a March Move ignores it'
            )
        return (
            f'{_who(i)} has no legal path within {ctx.allowance:g}": terrain or bases are in the way '
            "(DW-GEO-16)"
        )
    return None


def _difficult_crossed(st: DustState, start: Base, end: tuple[float, float]) -> list[str]:
    """The pieces difficult for the moving unit that its base touches on the straight way."""
    placing = st.placing
    assert placing is not None
    profile = st.unit(int(placing["unit"])).profile
    path = Point(start.x, start.y) if (start.x, start.y) == end else LineString([(start.x, start.y), end])
    return sorted(
        f"{st.game.content.terrain[p.kind].name} {p.id}"
        for p in st.board.pieces
        if profile.effect(p) is Passability.DIFFICULT and float(p.polygon.distance(path)) < start.r
    )
