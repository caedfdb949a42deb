"""Night Encounter (dust_warfare.md DW-NE-01..14) and Limited visibility (DW-BTL-10).

- Terrain is placed by DW-BTL-01 (rules/terrain.py), no fortifications (DW-NE-03); the
  deployment roll (DW-NE-04) gives its winner the choice to deploy first or second
  (rules/setup.py); Hero attachments are fixed before deployment by the game's options
  (DW-NE-06).
- The shuffle (DW-NE-02, R-13): each side's units are dealt at random to its markers A-M1.. /
  X-M1..; every unit is then `hidden` (DW-NE-08) and the mapping known to the engine only.
- Arrival edges (DW-NE-13): the first deployer picks a long edge, the opponent gets the other.
- Marker placement (DW-NE-05/07, D-09): alternately from the first deployer, one marker at a
  time, anywhere wholly on the table, not overlapping T-BLDG or T-WDP, and at least 12" edge to
  edge from every other marker of either side (EX-04: exactly 12" is legal); a marker with no
  legal point on the 1" lattice at 12" may use 6". Staged `region R` then `at X Y`, or an exact
  `place x,y`. A marker with no place even at 6" leaves its unit off the table in reserve (a
  designed fallback: it never happens on the 72" x 48" table with the shipped armies).
- Limited visibility (DW-BTL-10): a miniature sees another only within 12" unless the target's
  unit made an Attack action or reaction earlier this turn (muzzle flash); spotting reveals at
  6" (rules/hidden.py).
- Victory (DW-NE-12): SP = AP of enemy units destroyed or Retreating, plus 50 SP per own marker
  never revealed (rules/scoring.py adds `concealment`); a joined Hero shares its unit's marker.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from shapely.geometry import Point

from warroom.core.actions import Action
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import Verb, place, read_place
from warroom.games.dust_warfare.geometry import TOL, Base, Placement, distance
from warroom.games.dust_warfare.rules import hidden, placement
from warroom.games.dust_warfare.table_words import point_words, unit_title
from warroom.games.dust_warfare.words import Edge, Phase, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

NIGHT_SIGHT = 12.0  # DW-BTL-10


# ---------------------------------------------------------------- setup


def start(st: DustState, first: int) -> None:
    """DW-NE-02/05/13: shuffle the markers, then the first deployer's arrival edge, then the
    markers go down alternately."""
    st.first = first
    st.deployer = first
    st.phase = Phase.DEPLOYMENT.value
    markers: list[list[Any]] = []
    mapping: list[int] = []
    for seat in (0, 1):
        for u in deal(st, st.units_of(seat)):
            markers.append([seat, None, None, False])
            mapping.append(u)
            st.status[u] = Status.HIDDEN.value
    st.markers = markers
    st.mapping = mapping
    st.say(
        "markers",
        "the unit markers are shuffled face down: Allies "
        + ", ".join(hidden.marker_id(st, k) for k in hidden.markers_of(st, 0))
        + "; Axis "
        + ", ".join(hidden.marker_id(st, k) for k in hidden.markers_of(st, 1)),
        None,
    )
    if st.game.scenario.deployment.arrival == "chosen_by_first":
        st.decide("arrival", first)
    else:
        st.push(["markers"])


def deal(st: DustState, units: list[int]) -> list[int]:
    """R-13: a uniform secret deal of a side's units to its markers, in marker order."""
    units = list(units)
    for i in range(len(units) - 1, 0, -1):
        j = st.rng.below(i + 1)
        units[i], units[j] = units[j], units[i]
    return units


def arrival_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.edge[Edge.SOUTH], table.edge[Edge.NORTH]]


def arrival_apply(st: DustState, action: Action) -> None:
    """DW-NE-13: the first deployer's arrival edge; the opponent gets the opposite one."""
    seat = st.current_player()
    edge = Edge(action.part("edge"))
    edges: list[str | None] = [None, None]
    edges[seat], edges[1 - seat] = edge.value, edge.opposite.value
    st.edges = edges
    st.decision = None
    st.say("arrival", f"the {st.side_name(seat)} arrive from the {edge.value} edge", None, edge=edge.value)
    st.push(["markers"])


def markers_job(st: DustState, _job: list[Any]) -> None:
    """DW-NE-05: the next marker, alternately; the turns begin when all are down."""
    for seat in (st.deployer, 1 - st.deployer):
        waiting = [
            k for k in hidden.markers_of(st, seat) if st.markers[k][1] is None and not st.markers[k][3]
        ]
        if not waiting:
            continue
        k = waiting[0]
        spacing = _spacing(st)
        if spacing is None:
            _no_place(st, k)
            st.push(["markers"])
            return
        st.deployer = seat
        st.placing = {"purpose": "marker", "marker": k, "region": -1, "point": None, "spacing": spacing}
        st.decide("marker", seat)
        return
    st.placing = None
    st.push(["turn"])


def _no_place(st: DustState, k: int) -> None:
    u = st.mapping[k]
    row = list(st.markers[k])
    row[3] = True
    st.markers = [*st.markers[:k], row, *st.markers[k + 1 :]]
    st.status[u] = Status.RESERVE.value
    st.say(
        "reserve",
        f"marker {hidden.marker_id(st, k)} has no place: {unit_title(st, u)} start in reserve",
        None,
        unit=u,
    )


def _spacing(st: DustState) -> float | None:
    """DW-NE-07: 12", or 6" when no lattice point is legal at 12"; None when none is at 6"."""
    deploy = st.game.scenario.deployment
    for spacing in (deploy.marker_spacing, deploy.marker_spacing_fallback):
        if spacing is not None and any(_fits(st, float(x), float(y), spacing) for x, y in st.game.actions.at):
            return spacing
    return None


def _fits(st: DustState, x: float, y: float, spacing: float) -> bool:
    """DW-NE-07: wholly on the table, off T-BLDG and T-WDP, `spacing` from every marker."""
    r = hidden.MARKER_RADIUS
    disk = Base(x, y, r, hidden.MARKER_HEIGHT)
    if not st.board.is_on_table(disk):
        return False
    for m in st.markers:
        if m[1] is not None and not m[3] and math.hypot(m[1] - x, m[2] - y) - 2 * r < spacing - TOL:
            return False
    forbidden = st.game.scenario.deployment.marker_forbidden
    centre = Point(x, y)
    return not any(p.kind in forbidden and p.polygon.distance(centre) < r - TOL for p in st.board.pieces)


def marker_spacing_ok(st: DustState, x: float, y: float, spacing: float) -> bool:
    """DW-NE-07 for a test or a display: may a marker stand at (x, y)?"""
    return _fits(st, x, y, spacing)


def _cell(st: DustState, region: int) -> list[tuple[int, int]]:
    x1, y1, x2, y2 = st.game.actions.region_box(region)
    return [
        (x, y)
        for x in range(math.ceil(x1), math.ceil(x2))
        for y in range(math.ceil(y1), math.ceil(y2))
        if (x, y) in st.game.actions.at
    ]


def marker_options(st: DustState) -> list[Action]:
    """D-09 for Night Encounter: a region holding a legal lattice point, then the point."""
    placing = st.placing
    assert placing is not None
    table = st.game.actions
    spacing = placing["spacing"]
    if placing["region"] >= 0:
        return [
            table.at[p] for p in _cell(st, placing["region"]) if _fits(st, float(p[0]), float(p[1]), spacing)
        ]
    return [
        table.region[r]
        for r in range(len(table.region))
        if any(_fits(st, float(x), float(y), spacing) for x, y in _cell(st, r))
    ]


def marker_legal(st: DustState, action: Action) -> bool:
    """Listed options, and any exact `place x,y` that passes DW-NE-07 (0.1" precision)."""
    if action.verb == Verb.PLACE:
        placing = st.placing
        found = read_place(action.text)
        return (
            placing is not None
            and found is not None
            and len(found.centres) == 1
            and found.facing is None
            and _fits(st, found.centres[0][0], found.centres[0][1], placing["spacing"])
        )
    return action in st.legal_actions()


def marker_sample(st: DustState, rng: Rng) -> Action:
    """A legal marker point for a random playout, by rejection, else a listed option: an exact
    `place x,y` proposal (the first stage lists only regions, so the lattice's `at` options are not
    offered there and would be refused)."""
    placing = st.placing
    assert placing is not None
    keys = list(st.game.actions.at)
    for _ in range(60):
        x, y = keys[rng.below(len(keys))]
        if _fits(st, float(x), float(y), placing["spacing"]):
            return place(Placement(((float(x), float(y)),)))
    return rng.choice(st.legal_actions())


def marker_apply(st: DustState, action: Action) -> None:
    placing = st.placing
    assert placing is not None
    seat = st.current_player()
    if placement.narrow(st, action):
        return
    if action.verb == Verb.PLACE:
        found = read_place(action.text)
        assert found is not None
        x, y = found.centres[0]
    else:
        x, y = action.part("to")
    k = placing["marker"]
    st.markers = [*st.markers[:k], [seat, float(x), float(y), False], *st.markers[k + 1 :]]
    st.placing = None
    st.decision = None
    st.deployer = 1 - seat
    st.touch()
    st.say(
        "marker",
        f"the {st.side_name(seat)} place marker {hidden.marker_id(st, k)} {point_words(st, x, y)}",
        None,
        marker=hidden.marker_id(st, k),
        x=x,
        y=y,
    )
    st.push(["markers"])


# ---------------------------------------------------------------- limited visibility


def sees(st: DustState, a: Base, b: Base, target: int, *, spray: bool = False) -> bool:
    """LOS from miniature a to miniature b of unit `target` (DW-GEO-10..13), and under Limited
    visibility only within 12" unless that unit attacked earlier this turn (DW-BTL-10)."""
    if not st.sight(a, b, spray=spray):
        return False
    if not st.game.scenario.limited_visibility or target < 0 or st.attacked[target]:
        return True
    return distance(a, b) <= NIGHT_SIGHT + TOL


# ---------------------------------------------------------------- victory


def concealment(st: DustState, seat: int) -> int:
    """DW-NE-12: the seat's markers never revealed (a joined Hero shares its unit's: counted
    once), each worth the scenario's concealment SP."""
    return len(hidden.hidden_units(st, seat)) * st.game.scenario.victory.concealment_sp
