"""Hidden units (dust_warfare.md DW-BTL-06..09, DW-ACT-10, DW-CMD-13, DW-NE-02/08/14, §4.2).

A camouflaged unit stands on the table as a face-down unit marker, a disk of r 1" and height 1"
that is the unit's position for every measurement (DW-BTL-06). The state keeps the markers in
`markers` ([seat, x, y, revealed], x and y None until placed; a seat's markers are numbered
A-M1.. for the Allies and X-M1.. for the Axis) and the secret mapping marker -> unit in
`mapping`. While a unit is hidden its status is `hidden` and its miniatures are off the table.

- While hidden (DW-BTL-07) a unit cannot be targeted (it is no table unit, DW-ATK-11), causes
  no reaction triggers and cannot react; no miniature may overlap its disk (the disks are among
  every unit's `friends` for placements: they end on no disk but no path is blocked by them);
  it counts toward the command pool (DW-INIT-01, rules/turn.py).
- Acting (DW-BTL-08 (a), DW-ACT-10, DW-NE-14): a hidden unit activates by its marker id and its
  owner is offered exactly {keep hidden, reveal}; revealing proceeds from activation step 1. A
  Take Action order addressed to a marker reveals it first (DW-CMD-06). A hidden Command Section
  is revealed when its owner issues the first order of the phase (DW-CMD-13); since in Night
  Encounter the owner does not know which marker it is, the choice is offered without a marker:
  {stop (no orders this phase), reveal the Command Section and give orders}.
- Spotting (DW-BTL-08 (b)): at the end of every action or reaction, each marker of the other
  side is revealed if a revealed miniature of the acting side sees it within 12" (6" under
  Limited visibility, DW-BTL-10). A unit never revealed stays hidden to the end.
- Placing a revealed unit (DW-BTL-09): the marker goes; the Unit Leader stands at the legal
  position nearest the marker's centre (rings of 0.5" around it), the others in the first
  formation template and heading that is legal (a designed stand-in for the owner's choice),
  none within 1" of an enemy miniature; a unit that cannot be placed is destroyed. Revealing
  triggers no reaction.
- Secrecy (§4.2): in Night Encounter the mapping is hidden from both players (DW-NE-02): views,
  events and option lists name markers only, a hidden unit's card shows it as `hidden` (never
  activated), and a determinisation re-deals every side's unrevealed markers among its hidden
  units, carrying each marker's activated flag.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from warroom.core.actions import Action
from warroom.core.game import JSON
from warroom.core.rng import Rng
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import (
    FACINGS,
    HEADINGS,
    TOL,
    Base,
    Placement,
    UnitDeployment,
    Zone,
    distance,
    formation,
    is_within,
    snap,
)
from warroom.games.dust_warfare.table_words import point_words, unit_title
from warroom.games.dust_warfare.words import Formation, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

MARKER_RADIUS = 1.0  # §1.3: a unit marker's disk
MARKER_HEIGHT = 1.0  # §1.3
SPOTTING = 12.0  # DW-BTL-08 (b)
NIGHT_SPOTTING = 6.0  # DW-BTL-10
ENEMY_GAP = 1.0  # DW-BTL-09 step 3: none within 1" of an enemy miniature
RING = 0.5  # DW-BTL-09 step 2: the leader's candidate points, ring by ring
SEARCH = 12.0  # how far from the marker the leader is looked for
PREFIX = ("A", "X")  # marker ids: A-M1 (Allies), X-M1 (Axis)


# ---------------------------------------------------------------- reading the markers


def marker_id(st: DustState, k: int) -> str:
    """The public id of marker k: its side's letter and its number among that side's."""
    seat = st.markers[k][0]
    number = sum(1 for m in st.markers[:k] if m[0] == seat) + 1
    return f"{PREFIX[seat]}-M{number}"


def markers_of(st: DustState, seat: int) -> list[int]:
    return [k for k, m in enumerate(st.markers) if m[0] == seat]


def hidden_units(st: DustState, seat: int | None = None) -> list[int]:
    """The units still hidden (DW-BTL-08: until revealed), of one side or both."""
    return [
        u.index
        for u in st.game.units
        if st.status[u.index] == Status.HIDDEN and (seat is None or u.seat == seat)
    ]


def marker_of(st: DustState, u: int) -> int:
    """The unrevealed marker standing for hidden unit u (engine only: secret), else -1."""
    for k, m in enumerate(st.markers):
        if not m[3] and st.mapping[k] == u:
            return k
    return -1


def marker_base(st: DustState, k: int) -> Base:
    """Marker k as a base (DW-BTL-06: the unit's position for every measurement)."""
    m = st.markers[k]
    return Base(float(m[1]), float(m[2]), MARKER_RADIUS, MARKER_HEIGHT)


def disks(st: DustState) -> tuple[Base, ...]:
    """Every placed, unrevealed marker (DW-BTL-07: no miniature may overlap one)."""
    return tuple(marker_base(st, k) for k, m in enumerate(st.markers) if not m[3] and m[1] is not None)


def where(st: DustState, u: int) -> list[Base]:
    """A unit's bases, or its marker's disk while it is hidden (DW-BTL-06)."""
    if st.status[u] == Status.HIDDEN:
        k = marker_of(st, u)
        return [] if k < 0 or st.markers[k][1] is None else [marker_base(st, k)]
    return st.bases(u) if st.on_table(u) else []


def find_marker(st: DustState, text: str) -> int:
    """A marker by its id (A-M3), or -1."""
    wanted = text.strip().upper()
    return next((k for k in range(len(st.markers)) if marker_id(st, k) == wanted), -1)


# ---------------------------------------------------------------- activation (DW-ACT-10)


def waiting_markers(st: DustState, seat: int) -> list[int]:
    """The seat's placed, unrevealed markers whose unit has not activated this turn, in marker
    order (never unit order: the list must not hint at the mapping, DW-NE-14)."""
    return [
        k
        for k in markers_of(st, seat)
        if not st.markers[k][3] and st.markers[k][1] is not None and not st.done[st.mapping[k]]
    ]


def activate_marker(st: DustState, k: int) -> None:
    """D-13/D-14: marker k activates; its owner chooses to keep it hidden or reveal it."""
    seat = st.markers[k][0]
    st.decision = None
    st.done[st.mapping[k]] = True
    st.say("activate", f"marker {marker_id(st, k)} activates", None, marker=marker_id(st, k))
    st.push(["unit_phase", seat])
    st.decide("conceal", seat, k)


def conceal_options(st: DustState) -> list[Action]:
    """DW-NE-14, EDGE-23: exactly {keep hidden, reveal}, for every marker alike."""
    table = st.game.actions
    return [table.hide, table.reveal]


def conceal_apply(st: DustState, action: Action) -> None:
    """DW-ACT-10: keeping hidden ends the activation (no actions); revealing places the unit
    (DW-BTL-09) and the activation proceeds from step 1. Without a marker in the decision (a
    hidden Command Section before the first order, DW-CMD-13) `hide` means no orders this
    phase and `reveal` reveals the section and opens the phase."""
    decision = st.decision
    assert decision is not None
    seat = decision[1]
    st.decision = None
    if len(decision) < 3:  # the Command phase's muster (DW-CMD-13)
        if action.verb == Verb.HIDE:
            st.say("orders_lost", f"the {st.side_name(seat)} keep their command hidden: no orders", None)
            st.orders[seat] = 0
            return
        for u in hidden_units(st, seat):
            if st.unit(u).is_command:
                reveal(st, marker_of(st, u), "issues the first order")
        st.push(["command", seat])
        return
    k = decision[2]
    if action.verb == Verb.HIDE:
        st.say("conceal", f"marker {marker_id(st, k)} stays hidden", None, marker=marker_id(st, k))
        return
    u = st.mapping[k]
    reveal(st, k, "acts")
    if st.on_table(u):
        st.push(["steps", u])


# ---------------------------------------------------------------- orders (DW-CMD-06, DW-CMD-13)


def command_hidden(st: DustState, seat: int) -> bool:
    """DW-CMD-13: the seat has a Command Section still hidden."""
    return any(st.unit(u).is_command for u in hidden_units(st, seat))


def muster(st: DustState, seat: int) -> None:
    """DW-CMD-13: before the first order, the owner chooses whether to reveal (see the module
    docstring); the decision names no marker."""
    st.decide("conceal", seat)


def order_marker(st: DustState, action: Action) -> int | None:
    """D-11 to a marker: the unit is revealed first (DW-BTL-08 (a)); the unit that then takes
    the order's single action (DW-CMD-06, rules/command.py hands it to the activation rules),
    or None when it could not be placed: it is destroyed and the order lost."""
    k = find_marker(st, action.part("marker"))
    seat = st.markers[k][0]
    st.decision = None
    u = st.mapping[k]
    st.orders[seat] -= 1
    st.ordered[u] = True
    if action.part("radio"):
        st.radio[seat] -= 1
    st.push(["more_orders", seat])
    st.say("order", f"Take Action: marker {marker_id(st, k)}", None, marker=marker_id(st, k), order="take")
    reveal(st, k, "takes an order")
    return u if st.on_table(u) else None


# ---------------------------------------------------------------- revealing (DW-BTL-08/09)


def spot(st: DustState, seat: int) -> None:
    """DW-BTL-08 (b): at the end of an action or reaction by `seat`, reveal each marker of the
    other side that a revealed miniature of `seat` sees within the spotting distance."""
    reach = NIGHT_SPOTTING if st.game.scenario.limited_visibility else SPOTTING
    watchers = [b for u in st.table_units(seat) for b in st.bases(u)]
    if not watchers:
        return
    for k, m in enumerate(st.markers):
        if m[0] == seat or m[3] or m[1] is None:
            continue
        disk = marker_base(st, k)
        if any(is_within(distance(w, disk), reach) and st.sight(w, disk) for w in watchers):
            reveal(st, k, "is spotted")


def reveal(st: DustState, k: int, why: str) -> None:
    """DW-BTL-09: remove the marker and place the unit, or destroy it if it cannot stand."""
    u = st.mapping[k]
    name = unit_title(st, u)
    x, y = st.markers[k][1], st.markers[k][2]
    row = list(st.markers[k])
    row[3] = True
    st.markers = [*st.markers[:k], row, *st.markers[k + 1 :]]
    st.say(
        "reveal",
        f"marker {marker_id(st, k)} {why} and is revealed: {name}",
        None,
        marker=marker_id(st, k),
        unit=u,
    )
    placement = spot_for(st, u, float(x), float(y))
    if placement is None:
        st.pos[u] = [None] * len(st.pos[u])
        st.dead[u] = [True] * len(st.dead[u])
        st.status[u] = Status.DESTROYED.value
        st.touch()
        st.say("lost", f"{name} cannot be placed and are destroyed (DW-BTL-09)", None, unit=u)
        return
    vehicle = st.unit(u).is_vehicle
    rowpos = list(st.pos[u])
    living = st.living(u)
    lead = st.leader[u] if st.leader[u] >= 0 else living[0]
    for m, (px, py) in zip([lead, *(i for i in living if i != lead)], placement.centres, strict=True):
        rowpos[m] = [px, py, placement.facing if vehicle else None]
    st.pos[u] = rowpos
    st.status[u] = Status.TABLE.value
    st.touch()
    st.say("placed", f"{name} stand {point_words(st, *placement.centres[0])}", None, unit=u)


def _rings(x: float, y: float) -> list[tuple[float, float]]:
    """Candidate leader points around (x, y), nearest first (DW-BTL-09 step 2)."""
    out = [(x, y)]
    steps = int(SEARCH / RING)
    for i in range(1, steps + 1):
        r = i * RING
        count = max(8, int(2 * math.pi * r / RING))
        ring = [
            (snap(x + r * math.cos(2 * math.pi * j / count)), snap(y + r * math.sin(2 * math.pi * j / count)))
            for j in range(count)
        ]
        out += sorted(set(ring), key=lambda p: (math.hypot(p[0] - x, p[1] - y), p))
    return out


def spot_for(st: DustState, u: int, x: float, y: float) -> Placement | None:
    """DW-BTL-09 steps 2-3: the legal placement whose leader is nearest (x, y), or None."""
    unit = st.unit(u)
    living = st.living(u)
    lead = st.leader[u] if st.leader[u] >= 0 else living[0]
    models = [lead, *(m for m in living if m != lead)]
    protos = tuple(
        Base(0.0, 0.0, unit.models[m].radius, unit.models[m].height, 0.0 if unit.is_vehicle else None)
        for m in models
    )
    board = st.board
    others = tuple(st.all_bases(exclude=u)) + disks(st)
    enemies = [b for t in st.table_units(1 - unit.seat) for b in st.bases(t)]
    lr = st.leadership(u) if len(models) > 1 else None
    check = UnitDeployment(board, protos, unit.profile, Zone(board.table), others, lr)
    toward = math.degrees(math.atan2(board.depth / 2 - y, board.width / 2 - x)) % 360.0
    facings = sorted(FACINGS, key=lambda f: abs((f - toward + 180.0) % 360.0 - 180.0))
    for point in _rings(x, y):
        if unit.is_vehicle:
            shapes = [Placement((point,), f) for f in facings]
        elif len(models) == 1:
            shapes = [Placement((point,))]
        else:
            shapes = [Placement(formation(point, t, h, len(models) - 1)) for t in Formation for h in HEADINGS]
        for shape in shapes:
            if not check.is_legal(shape):
                continue
            finals = [p.at(cx, cy) for p, (cx, cy) in zip(protos, shape.centres, strict=True)]
            if all(distance(f, e) >= ENEMY_GAP - TOL for f in finals for e in enemies):
                return shape
    return None


# ---------------------------------------------------------------- what players see (§4.2)


def markers_view(st: DustState, player: int | None) -> list[JSON]:
    """Every marker, public: id, side, position, whether revealed, and the unit once revealed
    (never before: hidden from both players in Night Encounter, DW-NE-02); activated this turn."""
    out: list[JSON] = []
    for k, m in enumerate(st.markers):
        out.append(
            {
                "id": marker_id(st, k),
                "seat": m[0],
                "x": m[1],
                "y": m[2],
                "radius": MARKER_RADIUS,
                "revealed": m[3],
                "unit": st.mapping[k] if m[3] else None,
                "activated": (not m[3]) and st.done[st.mapping[k]],
            }
        )
    return out


def resample(st: DustState, rng: Rng) -> tuple[list[int], list[bool]]:
    """A determinisation (§4.2, R-13): each side's unrevealed markers re-dealt among its hidden
    units, each marker keeping its activated flag. Returns the new mapping and done flags."""
    mapping = list(st.mapping)
    done = list(st.done)
    for seat in (0, 1):
        ks = [k for k in markers_of(st, seat) if not st.markers[k][3]]
        units = [st.mapping[k] for k in ks]
        flags = [st.done[u] for u in units]
        shuffled = list(units)
        for i in range(len(shuffled) - 1, 0, -1):
            j = rng.below(i + 1)
            shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
        for k, u, flag in zip(ks, shuffled, flags, strict=True):
            mapping[k] = u
            done[u] = flag
    return mapping, done


def check(st: DustState) -> None:
    """Hidden-unit invariants for the random-game checker: a hidden unit has no miniature on the
    table and exactly one unrevealed marker; a revealed marker's unit is not hidden; the mapping
    is a bijection per side; no miniature overlaps an unrevealed marker's disk (DW-BTL-07)."""
    units = st.game.units
    assert len(set(st.mapping)) == len(st.mapping), "two markers map to one unit"
    for k, m in enumerate(st.markers):
        assert units[st.mapping[k]].seat == m[0], f"{marker_id(st, k)} maps to an enemy unit"
        if m[3]:
            assert st.status[st.mapping[k]] != Status.HIDDEN, f"{marker_id(st, k)} revealed, unit hidden"
    for u in hidden_units(st):
        assert all(p is None for p in st.pos[u]), f"u{u} hidden with a miniature on the table"
        assert marker_of(st, u) >= 0, f"u{u} hidden without a marker"
    for disk in disks(st):
        for t in st.table_units():
            for b in st.bases(t):
                gap = distance(disk, b)
                assert gap >= -TOL, f"u{t} overlaps a marker at ({disk.x}, {disk.y}) by {-gap:.3f}"


def describe(st: DustState, action: Action) -> str | None:
    """Words for the marker options (render.py asks first)."""
    if action.verb == Verb.MARKER:
        return f"activate marker {action.part('marker')}"
    if action.verb == Verb.HIDE:
        return (
            "keep hidden" if st.decision is not None and len(st.decision) > 2 else "no orders (stay hidden)"
        )
    if action.verb == Verb.REVEAL:
        return "reveal" if st.decision is not None and len(st.decision) > 2 else "reveal the Command Section"
    if action.verb == Verb.TAKE_MARKER:
        return f"Take Action: marker {action.part('marker')} (reveals it)"
    return None
