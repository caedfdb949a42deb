"""What a player sees of a Dust Warfare game, and the pre-measurement query (DW-GEO-03).

Everything in First Battle is public (DW-GEN-08), so every seat and a spectator get the same
view. Its JSON shape (kept stable; fields may be added, none removed or renamed):

    {
      "game": "dust_warfare",
      "scenario": {"id": "first_battle", "name": "First Battle", "turns": 5},
      "table": {"width": 72.0, "depth": 48.0},                     # inches, origin lower-left
      "terrain": [{"id": "M1", "kind": "T-RUIN", "name": "Ruins",
                   "polygon": [[32.0, 20.0], ...], "height": 4.0, "elevation": 0.0,
                   "los": "obscuring", "cover_inside": 2, "cover_behind": 2}],
      "zones": [{"seat": 0, "edge": "south", "polygon": [[x, y], ...]} | ...],  # once edges are known
      "objectives": [{"id": "mill", "name": "the Mill", "point": [36.0, 24.0],
                      "control": 3.0, "sp": 50, "controller": -1}],
      "turn": 1, "phase": "command",                 # setup | deployment | initiative | command
                                                     # | units | end | over
      "initiator": 0, "side": 0,                     # -1 when not set
      "orders": [2, 3], "edges": ["south", "north"], "first": 0,
      "players": [{"seat": 0, "faction": "allies", "name": "Allies"}, ...],
      "units": [{
          "id": 3, "label": "u3", "seat": 0, "kind": "U-A02", "name": "...",
          "type": "soldier" | "vehicle", "armour": "S2", "status": "table" | "pending" |
          "reserve" | "destroyed", "ap": 20, "hero_ap": 0,
          "leader": 0,                               # model index, -1 while Leaderless
          "leadership": 6.0 | null, "movement": 6.0,
          "suppression": 0, "reaction": false, "retreating": false,
          "activated": false, "ordered": false, "unloaded": ["1.0"], "dug_in": false,
          "where": "3\" south of the Mill" | null,   # its leader's place in table words
          "models": [{"index": 0, "role": "Sergeant", "hero": false,
                      "x": 31.0 | null, "y": 14.5 | null, "facing": 90.0 | null,
                      "radius": 0.5, "height": 1.0, "damage": 0, "capacity": 1,
                      "destroyed": false, "weapons": ["W-A01", "W-A07", "W-G01"]}]
      }],
      "decision": {"kind": "where", "seat": 0, "unit": 3,          # null once the game is over
                   "stage": "region" | "point" | "shape" | null,    # placements only
                   "purpose": "deploy" | "move" | "react" | "regroup" | "retreat" | null,
                   "point": [x, y] | null, "march": false, "jump": false},  # placements
      "activation": {"unit": 3, "left": 1, "used": ["move"], "order": false} | null,
      "attack": {"attacker": 3, "target": 7, "hits": [1, 1], "suppression": 2} | null,
      "trigger": {"kind": "move" | "attack", "unit": 7, "close_combat": false,
                  "reactors": [2, 4]} | null,
      "secret_objectives": ["SO-1" | null, null],   # Secret Mission: your own only, both
                                                    # once the game is over
      "secret_choice": {"kind", "seats", "committed", "mine"} | null,  # a choice in progress
      "minefields": [{"owner": 0, "x": 30.0, "y": 24.0, "radius": 3.0, "revealed": false,
                      "density": 2 | 0 | null}],    # Front Lines; density null when unknown
                                                    # to the viewer (0: a dummy)
      "markers": [{"id": "A-M1", "seat": 0, "x": 30.0 | null, "y": 24.0 | null, "radius": 1.0,
                   "revealed": false, "unit": 3 | null, "activated": false}],
                                                    # Night Encounter's unit markers; the unit
                                                    # only once revealed (DW-NE-02). A hidden
                                                    # unit's card says status "hidden", never
                                                    # activated; decision "marker": its id
      "scores": [90, 30] | null, "result": "..." | null
    }
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from warroom.core.game import JSON
from warroom.games.dust_warfare.geometry import Base, Measurement
from warroom.games.dust_warfare.rules import hidden, night
from warroom.games.dust_warfare.rules.fortify import mines_view
from warroom.games.dust_warfare.rules.scoring import controller
from warroom.games.dust_warfare.scenario import zone
from warroom.games.dust_warfare.table_words import standing
from warroom.games.dust_warfare.words import Edge, Mount, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState


def _polygon(shape: Any) -> list[list[float]]:
    return [[float(x), float(y)] for x, y in list(shape.exterior.coords)[:-1]]


def static(st: DustState) -> JSON:
    """The table, terrain and objectives: fixed for the configured game (also the catalog)."""
    game = st.game
    board = st.board
    content = game.content
    return {
        "scenario": {"id": game.scenario.id, "name": game.scenario.name, "turns": game.turns},
        "table": {"width": board.width, "depth": board.depth},
        "terrain": [
            {
                "id": p.id,
                "kind": p.kind.value,
                "name": content.terrain[p.kind].name,
                "polygon": _polygon(p.polygon),
                "height": p.height,
                "elevation": p.elevation,
                "los": p.los.value,
                "cover_inside": int(p.inside),
                "cover_behind": int(p.behind),
            }
            for p in board.pieces
        ],
    }


def _unit(st: DustState, u: int) -> JSON:
    unit = st.unit(u)
    models = []
    for model in unit.models:
        entry = st.pos[u][model.index]
        models.append(
            {
                "index": model.index,
                "role": model.role,
                "hero": model.hero,
                "x": None if entry is None else entry[0],
                "y": None if entry is None else entry[1],
                "facing": None if entry is None else entry[2],
                "radius": model.radius,
                "height": model.height,
                "damage": st.dmg[u][model.index],
                "capacity": model.capacity,
                "destroyed": st.dead[u][model.index],
                "weapons": [w.id for w in model.weapons],
            }
        )
    return {
        "id": u,
        "label": unit.label,
        "seat": unit.seat,
        "kind": unit.kind.id,
        "name": unit.name,
        "type": unit.kind.unit_type.value,
        "armour": unit.kind.armour.value,
        "status": st.status[u],
        "ap": unit.ap,
        "hero_ap": unit.hero_ap,
        "leader": st.leader[u],
        "leadership": st.leadership(u),
        "movement": unit.movement,
        "suppression": st.supp[u],
        "reaction": st.reaction[u],
        "retreating": st.is_retreating(u),
        "activated": st.done[u] and st.status[u] != Status.HIDDEN,  # by marker (DW-NE-02)
        "ordered": st.ordered[u],
        "unloaded": list(st.unloaded[u]),
        "dug_in": st.dug_in[u],
        "where": _where(st, u),
        "models": models,
    }


def _where(st: DustState, u: int) -> str | None:
    """Where the unit stands in a player's words (its leader, or while Leaderless its first
    living miniature; a walker with its facing: table_words.standing), as the log says it."""
    placed = [k for k in st.living(u) if st.pos[u][k] is not None] if st.on_table(u) else []
    if not placed:
        return None
    entry = st.pos[u][st.leader[u] if st.leader[u] in placed else placed[0]]
    assert entry is not None
    return standing(st, entry[0], entry[1], entry[2]) or None


def _decision(st: DustState) -> JSON | None:
    decision = st.decision
    if decision is None:
        return None
    out: JSON = {
        "kind": decision.kind,
        "seat": decision.seat,
        "unit": None,
        "stage": None,
        "purpose": None,
        "point": None,
        "marker": None,  # a hidden unit's activation (DW-NE-14): the marker id
    }
    placing = st.placing
    if decision.kind == "where" and placing is not None:
        out["unit"] = placing["unit"]
        out["purpose"] = placing["purpose"]
        out["point"] = placing["point"]
        out["march"] = bool(placing.get("march"))  # DW-ACT-05: twice the allowance
        out["jump"] = bool(placing.get("jump"))
        if placing["point"] is not None:
            out["stage"] = "shape"
        elif placing["region"] >= 0:
            out["stage"] = "point"
        else:
            out["stage"] = "region"
    elif st.activation is not None and decision.kind in ("action", "leader"):
        out["unit"] = st.activation["unit"]
    if decision.kind == "conceal" and len(decision) > 2:
        out["marker"] = hidden.marker_id(st, decision[2])
    return out


def view(st: DustState, player: int | None) -> JSON:
    """The module docstring's shape; the same for every seat (nothing is hidden)."""
    game = st.game
    zones = []
    for seat, edge in enumerate(st.edges):
        if edge is not None:
            area = zone(game.scenario, st.board, Edge(edge)).area
            zones.append({"seat": seat, "edge": edge, "polygon": _polygon(area)})
    objectives = [
        {
            "id": o.id,
            "name": o.name,
            "point": [float(o.point[0]), float(o.point[1])],
            "control": o.control,
            "sp": o.sp,
            "controller": controller(st, o.point, o.control),
        }
        for o in game.scenario.objective
    ]
    outcome = st.outcome()
    return {
        "game": game.info.id,
        **static(st),
        "zones": zones,
        "objectives": objectives,
        "turn": st.turn,
        "phase": st.phase,
        "initiator": st.initiator,
        "side": st.side,
        "orders": list(st.orders),
        "edges": list(st.edges),
        "first": st.first,
        "players": [
            {"seat": 0, "faction": "allies", "name": "Allies"},
            {"seat": 1, "faction": "axis", "name": "Axis"},
        ],
        "units": [_unit(st, u) for u in range(len(game.units))],
        "decision": _decision(st),
        "activation": st.activation,
        "attack": st.attack,
        "trigger": st.trigger,
        # DW-SM-02, §4.2: a seat sees its own secret objective, everyone sees both at the end
        "secret_objectives": [
            s if (st.scores is not None or seat == player) else None for seat, s in enumerate(st.secret)
        ],
        "secret_choice": st.secret_view(player),
        "minefields": mines_view(st, player),
        "markers": hidden.markers_view(st, player),
        "scores": None if st.scores is None else list(st.scores),
        "result": None if outcome is None else outcome.text,
    }


# ---------------------------------------------------------------- pre-measurement (DW-GEO-03)


def _things(st: DustState, ref: str | Sequence[float]) -> tuple[list[Base], int, int]:
    """Bases named by `u3`, `u3.1`, a placed unit marker (`A-M3`, DW-BTL-06) or a point; with
    the unit and model (-1 when not named, and for a marker, which names no unit)."""
    if not isinstance(ref, str):
        x, y = float(ref[0]), float(ref[1])
        return [Base(x, y, 0.0, 0.0)], -1, -1
    k = hidden.find_marker(st, ref) if st.markers else -1
    if k >= 0:
        if st.markers[k][3] or st.markers[k][1] is None:
            raise ValueError(f"{ref!r}: that marker is not on the table")
        return [hidden.marker_base(st, k)], -1, -1
    text = ref.strip().lower().lstrip("u")
    unit_text, _, model_text = text.partition(".")
    try:
        u = int(unit_text)
        m = int(model_text) if model_text else -1
    except ValueError:
        raise ValueError(f"{ref!r}: name a unit (u3), a miniature (u3.1) or a point [x, y]") from None
    if not 0 <= u < len(st.game.units) or not st.on_table(u):
        raise ValueError(f"{ref!r}: no such unit on the table")
    if m >= 0:
        if m >= len(st.pos[u]) or st.pos[u][m] is None:
            raise ValueError(f"{ref!r}: no such miniature on the table")
        return [st.base(u, m)], u, m
    return st.bases(u), u, -1


def measure(
    st: DustState, a: str | Sequence[float], b: str | Sequence[float], weapon: str | None
) -> Measurement:
    """DW-GEO-03: distance, LOS and (given a weapon id carried by `a`) range and arc, with no
    side effects on the state."""
    ours, u, m = _things(st, a)
    theirs, t, _ = _things(st, b)
    board = st.board
    if weapon is None:
        plain = board.measure(ours, theirs)
        if st.game.scenario.limited_visibility and plain.line_of_sight:
            # DW-BTL-10: at night a miniature is seen only within 12" or after its muzzle flash
            seen = any(night.sees(st, x, y, t) for x in ours for y in theirs)
            return Measurement(plain.distance, seen, plain.in_range, plain.in_arc)
        return plain
    if u < 0:
        raise ValueError("a weapon is measured from a unit or a miniature")
    unit = st.unit(u)
    carriers = [m] if m >= 0 else [k for k in st.living(u) if st.pos[u][k] is not None]
    found = [
        (st.base(u, k), mount)
        for k in carriers
        for w, mount in zip(unit.models[k].weapons, unit.models[k].mounts, strict=True)
        if w.id == weapon
    ]
    if not found:
        raise ValueError(f"{weapon!r} is not carried by {a!r}")
    reach = st.game.content.weapons[weapon].reach
    front = any(mount is Mount.FRONT for _, mount in found)
    return board.measure([base for base, _ in found], theirs, reach, front=front)
