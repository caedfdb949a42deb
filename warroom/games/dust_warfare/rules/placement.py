"""Placing a unit at exact coordinates (dust_warfare.md DW-GEO-16/17, DW-SET-05, DW-MOVE-01..08,
DW-CMD-07, DW-SUP-06): one legality predicate per purpose, and the finite candidate set offered
in stages.

A placement is authoritative as an exact-coordinate proposal (`place x,y ... [face θ]`): every
living miniature's centre, the Unit Leader first and then the others in unit data order, and a
vehicle's facing, rounded to 0.1" (DW-GEO-02). The same predicate (`is_legal`) filters the
canonical candidates of DW-GEO-17 (the leader on the 1" lattice x formation templates x headings,
or x facings for a vehicle), which are offered in three stages so no list is large:

1. `region R`: a 6" x 6" cell of the table holding at least one legal candidate;
2. `at X Y`: a lattice point of that cell where the leader can stand with some legal template;
3. `line 45` / `column 0` / `cluster 90` / `face 22.5`: the template and heading, or facing.

A single Soldier completes at stage 2. A regroup (DW-CMD-07) and a retreat (DW-SUP-06) fix the
leader's point and start at stage 3. Any stage also accepts the exact proposal, and a Move may
`stay` (a 0" Move, DW-MOVE-07). `sample` draws a legal candidate without listing (random
playouts)."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import Verb, place, read_place
from warroom.games.dust_warfare.geometry import (
    FACINGS,
    HEADINGS,
    TOL,
    Base,
    Placement,
    UnitDeployment,
    UnitMove,
    formation,
)
from warroom.games.dust_warfare.rules import arrival
from warroom.games.dust_warfare.scenario import zone
from warroom.games.dust_warfare.words import Edge, Formation, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

Context = UnitDeployment | UnitMove
DEPLOY = "deploy"
MOVE = "move"  # a Move or March Move of an activation or a Take Action order
REACT = "react"  # a Move reaction (DW-REA-04)
REGROUP = "regroup"  # the followers' move of a Regroup order (DW-CMD-07)
RETREAT = "retreat"  # the followers' placement of a retreat move (DW-SUP-06)
REGROUP_MOVE = 6.0  # DW-CMD-07 step 3

# The predicate of an arrival purpose (arrival.PURPOSES: entry, Air drop, Black ops,
# disembarking, scouting move) from (state, placing, models in order, leadership range): built by
# the higher rules that own those purposes (rules/offtable.py), which the rules package registers
# here as it initialises (rules/__init__.py), so this module never imports them.
ArrivalContext = Callable[["DustState", dict[str, Any], list[int], float | None], "Context"]
_ARRIVALS: dict[str, ArrivalContext] = {}


def register_arrivals(build: ArrivalContext) -> None:
    """`build` makes the predicate of every arrival purpose (rules/__init__.py calls this before
    any rules module is used)."""
    for purpose in arrival.PURPOSES:
        _ARRIVALS[purpose] = build


# The staged picks that only narrow a placement in progress (D-05, D-06, D-09, DW-GEO-17: a terrain
# piece's or a fortification's kind, then a 6" region) and, for each, the part it carries and the
# `placing` key it sets. Deployments, moves, terrain, fortifications and Night Encounter's markers
# share them.
NARROWING: dict[str, tuple[str, str]] = {
    Verb.REGION: ("region", "region"),
    Verb.FORT: ("fort", "kind"),
    Verb.PIECE: ("piece", "kind"),
}


def narrow(st: DustState, action: Action) -> bool:
    """A staged pick that only narrows the placement in progress is recorded in `placing` (the
    same decision is then asked again, one stage further on); True when `action` was one."""
    pick = NARROWING.get(action.verb)
    if pick is None:
        return False
    placing = st.placing
    assert placing is not None
    part, key = pick
    st.placing = {**placing, key: action.part(part)}
    return True


def order(st: DustState, u: int) -> list[int]:
    """The living miniatures in proposal order: the Unit Leader first (the lowest living one
    while Leaderless), then the others in unit data order."""
    living = st.living(u)
    lead = st.leader[u] if st.leader[u] >= 0 else living[0]
    return [lead, *(m for m in living if m != lead)]


def begin(
    st: DustState,
    purpose: str,
    u: int,
    seat: int,
    *,
    march: bool = False,
    point: Any = None,
    jump: bool = False,
) -> None:
    """Ask `seat` where unit u goes (the caller has pushed what follows the placement)."""
    origin = [list(b.centre) for b in st.bases(u)] if st.on_table(u) else []
    st.placing = {
        "purpose": purpose,
        "unit": u,
        "march": march,
        "jump": jump,
        "region": -1,
        "point": point,
        "origin": origin,
    }
    st.decide("where", seat)


def context(st: DustState) -> Context:
    """The predicate's geometry for the placement in progress, cached until the position changes."""
    return _cached(st)[0]


def _cached(st: DustState) -> tuple[Context, dict[Placement, bool], dict[tuple[int, int], bool]]:
    """The context, its verdicts on placements and on leader lattice points (`_point_works`),
    kept while the placement's purpose, unit and the position are the same: the stages of one
    placement (regions, points, shapes) ask again about what the stage before tested."""
    placing = st.placing
    assert placing is not None
    key = (placing["purpose"], placing["unit"], placing["march"], placing.get("jump"), st.version)
    cached = getattr(st, "_placing_ctx", None)
    if cached is None or cached[0] != key:
        cached = (key, _build(st, placing), {}, {})
        st._placing_ctx = cached
    return cached[1], cached[2], cached[3]


def _build(st: DustState, placing: dict[str, Any]) -> Context:
    u = placing["unit"]
    unit = st.unit(u)
    board = st.board
    models = order(st, u)
    lr = st.leadership(u) if len(models) > 1 else None
    if placing["purpose"] in arrival.PURPOSES:  # entry, Air drop, Black ops, disembarking, scouting
        return _ARRIVALS[placing["purpose"]](st, placing, models, lr)
    if placing["purpose"] == DEPLOY:
        protos = tuple(
            Base(0.0, 0.0, unit.models[m].radius, unit.models[m].height, 0.0 if unit.is_vehicle else None)
            for m in models
        )
        edge = st.edges[unit.seat]
        area = zone(st.game.scenario, board, Edge(edge) if edge else Edge.SOUTH)
        return UnitDeployment(board, protos, unit.profile, area, tuple(st.all_bases(exclude=u)), lr)
    friends, enemies = st.friends_and_enemies(u)
    bases = tuple(st.base(u, m) for m in models)
    movement = REGROUP_MOVE if placing["purpose"] == REGROUP else unit.movement
    return UnitMove(
        board,
        bases,
        unit.profile,
        movement,
        march=bool(placing["march"]),
        jump=bool(placing.get("jump")),
        friends=friends,
        enemies=enemies,
        leadership=lr,
    )


def fixed_leader(st: DustState) -> bool:
    """A regroup or retreat fixes the leader's point: only the followers are placed."""
    placing = st.placing
    return placing is not None and placing["purpose"] in (REGROUP, RETREAT)


def is_legal(st: DustState, placement: Placement) -> bool:
    """The one predicate every placement passes (DW-GEO-16/17, DW-SET-05, DW-UNIT-06)."""
    placing = st.placing
    assert placing is not None
    ctx, verdicts, _ = _cached(st)
    if len(placement.centres) != len(order(st, placing["unit"])):
        return False
    if fixed_leader(st) and tuple(placement.centres[0]) != tuple(placing["point"]):
        return False
    if isinstance(ctx, UnitMove):
        vehicle = ctx.bases[0].is_vehicle
        if vehicle and placement.facing is None:
            return False
        if placing["purpose"] == RETREAT:
            # the retreat moves the leader by the engine's path (DW-SUP-06): no allowance check
            # for it; the followers move within their own allowance and end in formation
            return _followers_legal(st, ctx, placement)
    return _verdict(ctx, verdicts, placement)


def _verdict(ctx: Context, verdicts: dict[Placement, bool], placement: Placement) -> bool:
    """The context's predicate on a placement, remembered with the context."""
    verdict = verdicts.get(placement)
    if verdict is None:
        verdict = verdicts[placement] = ctx.is_legal(placement)
    return verdict


def _followers_legal(st: DustState, ctx: UnitMove, placement: Placement) -> bool:
    lead = ctx.bases[0].at(*placement.centres[0], placement.facing)
    rest = Placement(placement.centres, placement.facing)
    finals = [lead, *(b.at(x, y) for b, (x, y) in zip(ctx.bases[1:], rest.centres[1:], strict=True))]
    if not ctx._placed(finals):
        return False
    strides = ctx.strides()
    return all(s.can_reach(f.x, f.y) for s, f in zip(strides[1:], finals[1:], strict=True))


# ---------------------------------------------------------------- candidates


def _shapes(st: DustState, point: tuple[float, float]) -> Iterator[tuple[Action, Placement]]:
    """DW-GEO-17 (b)/(c): the templates and headings, or the facings, around a leader point."""
    placing = st.placing
    assert placing is not None
    u = placing["unit"]
    unit = st.unit(u)
    table = st.game.actions
    followers = len(order(st, u)) - 1
    if unit.is_vehicle:
        facings = FACINGS
        for f in facings:
            yield table.face[f], Placement((point,), f)
        return
    if followers == 0:
        return
    for t in Formation:
        for h in HEADINGS:
            yield table.shape[(t, h)], Placement(formation(point, t, h, followers))


def _single(st: DustState) -> bool:
    placing = st.placing
    assert placing is not None
    u = placing["unit"]
    return not st.unit(u).is_vehicle and len(order(st, u)) == 1


def _leader_ok(st: DustState, ctx: Context, x: float, y: float) -> bool:
    if isinstance(ctx, UnitDeployment):
        return ctx.admits(ctx.bases[0].at(x, y))
    if ctx.jump:  # DW-ABL-11: a straight line within the allowance
        lead = ctx.bases[0]
        return math.hypot(x - lead.x, y - lead.y) <= ctx.allowance + TOL
    return ctx.strides()[0].can_reach(x, y)


def _points(st: DustState, region: int) -> Iterator[tuple[int, int]]:
    x1, y1, x2, y2 = st.game.actions.region_box(region)
    for x in range(math.ceil(x1), math.ceil(x2)):
        for y in range(math.ceil(y1), math.ceil(y2)):
            if (x, y) in st.game.actions.at:
                yield x, y


def _point_works(st: DustState, ctx: Context, x: int, y: int) -> bool:
    """The leader may stand at lattice point (x, y) with some legal template (DW-GEO-17),
    remembered for the placement's later stages."""
    works = _cached(st)[2]
    found = works.get((x, y))
    if found is None:
        found = works[(x, y)] = _works(st, ctx, float(x), float(y))
    return found


def _works(st: DustState, ctx: Context, x: float, y: float) -> bool:
    """`is_legal` of the candidates at a leader point, asking the context directly: the checks
    `is_legal` makes first (the count of centres, a fixed leader, a vehicle's facing, a
    retreat's own predicate) always pass for the lattice candidates of a placement whose leader
    is free, the only ones asked about here."""
    if not _leader_ok(st, ctx, x, y):
        return False
    verdicts = _cached(st)[1]
    if _single(st):
        return _verdict(ctx, verdicts, Placement(((x, y),)))
    shapes = [p for _, p in _shapes(st, (x, y))]
    if isinstance(ctx, UnitMove):
        # whether any works does not depend on the order: try first the shapes whose farthest
        # follower goes least far, the likeliest to be reached, so a point that works is found
        # after a few path searches, not a score
        shapes.sort(key=lambda p: _farthest(ctx.bases, p))
    return any(_verdict(ctx, verdicts, p) for p in shapes)


def _farthest(bases: tuple[Base, ...], placement: Placement) -> float:
    """The longest straight line from a follower to its place in the placement."""
    return max(
        (math.hypot(x - b.x, y - b.y) for b, (x, y) in zip(bases[1:], placement.centres[1:], strict=True)),
        default=0.0,
    )


def _regions(st: DustState, ctx: Context) -> list[int]:
    table = st.game.actions
    if isinstance(ctx, UnitDeployment):
        bx1, by1, bx2, by2 = ctx.zone.area.bounds
    else:
        lead = ctx.bases[0]
        reach = ctx.allowance
        bx1, by1, bx2, by2 = lead.x - reach, lead.y - reach, lead.x + reach, lead.y + reach
    near = []
    for r in range(len(table.region)):
        x1, y1, x2, y2 = table.region_box(r)
        if not (x2 < bx1 or x1 > bx2 or y2 < by1 or y1 > by2):
            near.append(r)
    if isinstance(ctx, UnitDeployment):  # the zone measured at every lattice point in one call
        ctx.admit_all([(float(x), float(y)) for r in near for x, y in _points(st, r)])
    return [r for r in near if any(_point_works(st, ctx, x, y) for x, y in _points(st, r))]


def options(st: DustState) -> list[Action]:
    """The current stage's options (see the module docstring)."""
    placing = st.placing
    assert placing is not None
    table = st.game.actions
    ctx = context(st)
    out: list[Action] = []
    if placing["purpose"] == RETREAT:
        # DW-SUP-06: listed nearest the edge first; a unit whose followers fit nowhere stays
        edge, _ = st.board.nearest_edge(ctx.bases[0])
        shapes = [(a, p) for a, p in _shapes(st, tuple(placing["point"])) if is_legal(st, p)]
        board = st.board
        shapes.sort(
            key=lambda ap: sum(board.edge_distance(ctx.bases[0].at(x, y), edge) for x, y in ap[1].centres)
        )
        return [a for a, _ in shapes]
    if placing["purpose"] in (MOVE, REACT, REGROUP, arrival.SCOUT):
        out.append(table.stay)
    if fixed_leader(st):
        out += [a for a, p in _shapes(st, tuple(placing["point"])) if is_legal(st, p)]
        return out
    if placing["point"] is not None:
        out += [a for a, p in _shapes(st, tuple(placing["point"])) if is_legal(st, p)]
        return out
    if placing["region"] >= 0:
        out += [table.at[(x, y)] for x, y in _points(st, placing["region"]) if _point_works(st, ctx, x, y)]
        return out
    out += [table.region[r] for r in _regions(st, ctx)]
    return out


def legal(st: DustState, action: Action) -> bool:
    """Listed options, and any exact proposal that passes the predicate (DW-GEO-17)."""
    if action.verb == Verb.PLACE:
        placement = read_place(action.text)
        return placement is not None and is_legal(st, placement)
    return action in st.legal_actions()


def proxy(st: DustState, action: Action) -> Action | None:
    """The current stage's listed option that stands for the exact proposal `action` (DW-GEO-17):
    the region holding its Unit Leader's point (else the one nearest it), the lattice point
    nearest that point, then the template and heading whose centres lie nearest the proposal's
    in all (the facing nearest a vehicle's). None when `action` is no proposal or no placement is
    asked. Following the proxies stage by stage lands on the canonical candidate nearest the
    proposal that the stages offer (`Game.listed_proxy`)."""
    placing = st.placing
    target = read_place(action.text) if action.verb == Verb.PLACE else None
    if placing is None or target is None:
        return None
    options = [a for a in st.legal_actions() if a.verb != Verb.STAY]
    if not options:
        return None
    lx, ly = target.centres[0]
    table = st.game.actions
    home = table.region_of(lx, ly)
    shapes: dict[Action, Placement] = {}
    if placing["point"] is not None:
        shapes = dict(_shapes(st, tuple(placing["point"])))

    def gap(option: Action) -> float:
        if option.verb == Verb.REGION:  # a point on a cell's far edge lies in the next one (half-open)
            r = int(option.part("region"))
            x1, y1, x2, y2 = table.region_box(r)
            return -1.0 if r == home else math.hypot(max(x1 - lx, 0.0, lx - x2), max(y1 - ly, 0.0, ly - y2))
        if option.verb == Verb.AT:
            x, y = option.part("to")
            return math.hypot(x - lx, y - ly)
        candidate = shapes.get(option)
        if candidate is None:  # no placement stage's option (none is listed beside them today)
            return math.inf
        if candidate.facing is not None and target.facing is not None:
            return abs((candidate.facing - target.facing + 180.0) % 360.0 - 180.0)
        pairs = zip(candidate.centres, target.centres, strict=False)
        return sum(math.hypot(x - tx, y - ty) for (x, y), (tx, ty) in pairs)

    return min(options, key=gap)


def sample(st: DustState, rng: Rng) -> Action:
    """A legal placement for a random playout: a random canonical candidate by rejection, else
    a random listed option."""
    placing = st.placing
    assert placing is not None
    ctx = context(st)
    if not fixed_leader(st):
        if isinstance(ctx, UnitDeployment):
            x1, y1, x2, y2 = ctx.zone.area.bounds
        else:
            lead = ctx.bases[0]
            x1, y1 = lead.x - ctx.allowance, lead.y - ctx.allowance
            x2, y2 = lead.x + ctx.allowance, lead.y + ctx.allowance
        keys = list(st.game.actions.at)
        for _ in range(40):
            x, y = keys[rng.below(len(keys))]
            if not (x1 <= x <= x2 and y1 <= y <= y2):
                x = math.floor(x1 + (x2 - x1) * rng.below(1000) / 1000)
                y = math.floor(y1 + (y2 - y1) * rng.below(1000) / 1000)
            if (x, y) not in st.game.actions.at or not _leader_ok(st, ctx, float(x), float(y)):
                continue
            if _single(st):
                return place(Placement(((float(x), float(y)),)))
            shapes = list(_shapes(st, (float(x), float(y))))
            _, p = shapes[rng.below(len(shapes))]
            if is_legal(st, p):
                return place(p)
    return rng.choice(st.legal_actions())


def chosen(st: DustState, action: Action) -> Placement | None:
    """Apply one stage: narrow the placement, or return the final placement (None: ask again).
    `stay` returns the unit's current centres (a 0" Move, DW-MOVE-07)."""
    placing = st.placing
    assert placing is not None
    u = placing["unit"]
    if action.verb == Verb.PLACE:
        placement = read_place(action.text)
        assert placement is not None
        return placement
    if action.verb == Verb.STAY:
        bases = [st.base(u, m) for m in order(st, u)]
        return Placement(tuple(b.centre for b in bases), bases[0].facing)
    if narrow(st, action):
        return None
    if action.verb == Verb.AT:
        x, y = action.part("to")
        if _single(st):
            return Placement(((x, y),))
        st.placing = {**placing, "point": [x, y]}
        return None
    point = tuple(placing["point"])
    for a, p in _shapes(st, point):  # the shape or facing picked
        if a is action:
            return p
    raise AssertionError(f"{action} is not a placement option")


def put(st: DustState, u: int, placement: Placement) -> None:
    """Stand the unit's living miniatures at the placement (proposal order, DW-GEO-17)."""
    vehicle = st.unit(u).is_vehicle
    row = list(st.pos[u])
    for m, (x, y) in zip(order(st, u), placement.centres, strict=True):
        row[m] = [x, y, (placement.facing if vehicle else None)]
    if st.pos[u] != row:
        st.dug_in[u] = False  # DW-BTL-05: lost when a miniature of the unit moves
    st.pos[u] = row
    st.status[u] = Status.TABLE.value
    st.touch()
