"""Transports: Carry capacity, embarking, disembarking and bailing out (dust_warfare.md
DW-ABL-07, DW-SET-07, DW-MOVE-11, DW-ACT-09, DW-ATK-13, DW-CMD-12, DW-INIT-01, R-08).

A vehicle with Carry capacity X carries friendly Soldier miniatures up to X in all, a Hero
counting 1 (DW-ABL-07). A Soldier unit boards one at deployment (`board uN`, the two deployed as
one placement, DW-SET-07), or with a Move action (`board uN`) when each of its miniatures can
end that Move within 2" of the vehicle (DW-MOVE-11): it leaves the table and rides along. Aboard,
a unit cannot attack, be attacked or react (DW-ATK-13: it is not on the table, so no attack
option, target or reaction lists it); its orders are measured from the vehicle (DW-CMD-12); it
counts toward the command pool (DW-INIT-01). Its activation may `disembark`: a Move in which
each miniature's path starts at the vehicle's base edge (rules/arrival.py), then it may use any
action left (DW-ACT-09). Embarking and disembarking in one activation cannot happen: each is a
Move action, and two single Moves never do (DW-ACT-06).

When the vehicle is destroyed (by damage, or leaving the table in a retreat), its passengers
bail out (DW-ABL-07): placed wholly within 2" of its last base, in formation; those that do not
fit are destroyed; then one die per passenger miniature, each hit 1 damage, armour roll allowed,
no cover; then 1 Suppression marker. The engine places them and assigns the damage under
DW-ATK-08's constraints, the nearest free spots and the first miniature in unit data order
first: a designed stand-in for the owner's choices (D-23), as for Wiederbelebungsserum.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import (
    TOL,
    Base,
    MoveProfile,
    Stride,
    UnitDeployment,
    distance,
    is_within,
    placement_is_clear,
)
from warroom.games.dust_warfare.rules import arrival, placement
from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

EMBARK_GAP = 2.0  # DW-MOVE-11: within 2" of the vehicle
BAIL_GAP = 2.0  # DW-ABL-07: wholly within 2" of the vehicle's last base
RING = 16  # spots tried around a vehicle when checking an embarking Move can end within 2"
LATTICE = 0.5  # bail-out spots tried, in inches


def capacity(st: DustState, v: int) -> int:
    """DW-ABL-07: the vehicle's Carry capacity (0 without the ability)."""
    kind = st.unit(v).kind
    return (kind.carry_capacity or 0) if st.unit(v).has(Ability.CARRY_CAPACITY) else 0


def passengers(st: DustState, v: int) -> list[int]:
    return [u for u, c in enumerate(st.aboard) if c == v and st.status[u] == Status.EMBARKED]


def load(st: DustState, v: int) -> int:
    """Passenger miniatures aboard, each Hero counting 1 (DW-ABL-07)."""
    return sum(len(st.living(p)) for p in passengers(st, v))


def embarked(st: DustState, seat: int) -> list[int]:
    return [u for u in st.units_of(seat) if st.status[u] == Status.EMBARKED]


def carriers(st: DustState, u: int) -> list[int]:
    """Friendly vehicles on the table with room for the whole Soldier unit (DW-ABL-07)."""
    unit = st.unit(u)
    if unit.is_vehicle:
        return []
    need = len(st.living(u))
    return [
        v
        for v in st.table_units(unit.seat)
        if v != u and capacity(st, v) and capacity(st, v) - load(st, v) >= need
    ]


def board(st: DustState, u: int, v: int) -> None:
    """DW-SET-07: deployed aboard a friendly vehicle already on the table."""
    _aboard(st, u, v)
    st.say("embark", f"{unit_title(st, u)} deploy aboard {unit_title(st, v)}", None, unit=u, carrier=v)


def _aboard(st: DustState, u: int, v: int) -> None:
    st.status[u] = Status.EMBARKED.value
    st.aboard[u] = v
    st.pos[u] = [None] * len(st.pos[u])
    st.dug_in[u] = False
    st.touch()


# ---------------------------------------------------------------- embarking (DW-MOVE-11)


def can_embark(st: DustState, u: int, v: int) -> bool:
    """Every miniature of the unit can end this Move wholly on a legal spot within 2" of the
    vehicle: tried on rings around it, each reached by the miniature's shortest legal path."""
    unit = st.unit(u)
    carrier = st.base(v, 0)
    bases = st.bases(u)
    if any(distance(b, carrier) > unit.movement + EMBARK_GAP for b in bases):
        return False
    friends, enemies = st.friends_and_enemies(u)
    blockers = enemies + tuple(f for f in friends if f.is_vehicle)
    others = friends + enemies
    for b in bases:
        stride = Stride(st.board, b, unit.profile, unit.movement, blockers=blockers)
        if not any(stride.can_reach(s.x, s.y) for s in _ring(st, carrier, b, others, unit.profile)):
            return False
    return True


def _ring(
    st: DustState, carrier: Base, b: Base, others: tuple[Base, ...], profile: MoveProfile
) -> list[Base]:
    """Legal spots for the miniature within 2" of the vehicle, 0.5" and 1.5" from its edge."""
    out = []
    for gap in (0.5, EMBARK_GAP - 0.5):
        reach = carrier.r + b.r + gap
        for k in range(RING):
            a = 2 * math.pi * k / RING
            spot = b.at(round(carrier.x + reach * math.cos(a), 1), round(carrier.y + reach * math.sin(a), 1))
            if is_within(distance(spot, carrier), EMBARK_GAP) and placement_is_clear(
                st.board, spot, profile, others
            ):
                out.append(spot)
    return out


def embark_options(st: DustState, u: int) -> list[Action]:
    """DW-MOVE-11: `board uN` as the unit's Move action, for each vehicle it can reach."""
    table = st.game.actions
    return [table.board[v] for v in carriers(st, u) if can_embark(st, u, v)]


def has_room(st: DustState, u: int, purpose: str, **extra: Any) -> bool:
    """Some legal placement exists for the purpose (so the option is never a dead end)."""
    saved = st.placing
    st.placing = {
        "purpose": purpose,
        "unit": u,
        "march": bool(extra.get("march")),
        "jump": False,
        "region": -1,
        "point": None,
        "origin": [],
        **extra,
    }
    try:
        ctx = placement.context(st)
        return next(iter(ctx.candidates()), None) is not None
    finally:
        st.placing = saved


def options(st: DustState, act: dict[str, Any]) -> list[Action]:
    """An embarked unit: stay aboard, or disembark as a Move (DW-ACT-09); it cannot attack
    (DW-ATK-13)."""
    u = act["unit"]
    table = st.game.actions
    out = [table.stop]
    if "move" not in act["used"] and has_room(st, u, arrival.DISEMBARK, carrier=st.aboard[u]):
        out.append(table.disembark)
    return out


def apply(st: DustState, act: dict[str, Any], action: Action, *, triggers: bool) -> None:
    """Disembark (a Move from the vehicle's base edge) or embark (a Move ending within 2")."""
    u = act["unit"]
    seat = st.unit(u).seat
    st.activation = {**act, "left": act["left"] - 1, "used": [*act["used"], "move"]}
    st.push(["next_action", u])
    if action.verb == Verb.DISEMBARK:
        v = st.aboard[u]
        carrier = st.base(v, 0)
        st.aboard[u] = -1
        st.push(["after_move", u, [list(carrier.centre)] * len(st.living(u)), triggers])
        st.say(
            "disembark", f"{unit_title(st, u)} disembark from {unit_title(st, v)}", None, unit=u, carrier=v
        )
        placement.begin(st, arrival.DISEMBARK, u, seat)
        placing = st.placing
        assert placing is not None
        st.placing = {**placing, "carrier": v}
        return
    v = action.part("unit")
    origin = [list(b.centre) for b in st.bases(u)]
    _aboard(st, u, v)
    st.say("embark", f"{unit_title(st, u)} embark in {unit_title(st, v)}", None, unit=u, carrier=v)
    st.push(["after_move", u, origin, triggers])


def context(
    st: DustState, placing: dict[str, Any], protos: tuple[Base, ...], lr: float | None
) -> UnitDeployment:
    """DW-MOVE-11: a disembarking Move's predicate (rules/arrival.py)."""
    u = placing["unit"]
    unit = st.unit(u)
    v = placing["carrier"]
    carrier = st.base(v, 0)
    friends, enemies = st.friends_and_enemies(u)
    blockers = enemies + tuple(f for f in friends if f.is_vehicle and f != carrier)
    paths = tuple(
        arrival.straight(st.board, b.r, unit.profile, blockers, unit.movement, march=False, leaving=False)
        for b in protos
    )
    zone = arrival.reach_disk(st.board.table, carrier, unit.movement + max(b.r for b in protos))
    return arrival.Disembark(
        st.board, protos, unit.profile, zone, friends + enemies, lr, carrier=carrier, paths=paths
    )


# ---------------------------------------------------------------- bailing out (DW-ABL-07)


def bail_out(st: DustState, v: int, last: list[Any] | None) -> None:
    """DW-ABL-07, R-08: the destroyed vehicle's passengers are placed within 2" of its last
    base, then suffer one die each (1 damage per hit, armour roll, no cover) and 1 Suppression."""
    if last is None:
        return
    for u in passengers(st, v):
        vehicle = st.unit(v).models[0]
        spot = Base(last[0], last[1], vehicle.radius, vehicle.height, last[2])
        _place_out(st, u, spot)
        if st.on_table(u):
            _bail_attack(st, u)


def _place_out(st: DustState, u: int, vehicle: Base) -> None:
    from warroom.games.dust_warfare.rules.attack import kill

    unit = st.unit(u)
    board = st.board
    zone = arrival.reach_disk(board.table, vehicle, BAIL_GAP)
    x1, y1, x2, y2 = zone.area.bounds
    steps_x, steps_y = int((x2 - x1) / LATTICE) + 1, int((y2 - y1) / LATTICE) + 1
    points = [
        (round(x1 + i * LATTICE, 1), round(y1 + j * LATTICE, 1))
        for i in range(steps_x)
        for j in range(steps_y)
    ]
    points.sort(key=lambda p: (math.hypot(p[0] - vehicle.x, p[1] - vehicle.y), p))
    others = list(st.all_bases())
    models = placement.order(st, u)
    lr = st.leadership(u)
    row: list[Any] = [None] * len(st.pos[u])
    lead: Base | None = None
    lost = []
    for m in models:
        proto = Base(0.0, 0.0, unit.models[m].radius, unit.models[m].height, None)
        spot = None
        for x, y in points:
            b = proto.at(x, y)
            if math.hypot(x - vehicle.x, y - vehicle.y) + b.r > vehicle.r + BAIL_GAP + TOL:
                continue
            if not zone.admits(board, b) or not placement_is_clear(board, b, unit.profile, others):
                continue
            if lead is not None and lr is not None and not is_within(distance(lead, b), lr):
                continue
            spot = b
            break
        if spot is None:
            lost.append(m)
            continue
        lead = lead or spot
        others.append(spot)
        row[m] = [spot.x, spot.y, None]
    st.aboard[u] = -1
    st.status[u] = Status.TABLE.value
    st.pos[u] = row
    st.touch()
    st.say("bail_out", f"{unit_title(st, u)} bail out of the wreck", None, unit=u, lost=len(lost))
    for m in lost:
        kill(st, u, m)


def _bail_attack(st: DustState, u: int) -> None:
    from warroom.games.dust_warfare.rules.attack import kill

    unit = st.unit(u)
    faces = roll(st.rng, len(st.living(u)))
    scored = hits(faces)
    armour = roll(st.rng, scored)
    unsaved = scored - hits(armour)
    st.say(
        "bail_attack",
        f"{unit_title(st, u)} bail-out roll {faces_text(faces)}, armour {faces_text(armour)}: "
        f"{unsaved} damage",
        None,
        unit=u,
        faces=faces,
        armour=armour,
    )
    for _ in range(unsaved):
        living = st.living(u)
        if not living:
            break
        damaged = [m for m in living if st.dmg[u][m] > 0 and not unit.models[m].hero]
        plain = [m for m in living if not unit.models[m].hero]
        m = (damaged or plain or living)[0]  # DW-ATK-08 (a), (b)
        dmg = list(st.dmg[u])
        dmg[m] += 1
        st.dmg[u] = dmg
        if dmg[m] >= unit.models[m].capacity:
            kill(st, u, m)
    if st.on_table(u):
        st.supp[u] += 1
        st.say("suppressed", f"{unit_title(st, u)} gain 1 Suppression", None, unit=u, markers=st.supp[u])


# ---------------------------------------------------------------- invariants


def check(st: DustState) -> None:
    """Embarked units stand nowhere on the table and ride a friendly vehicle on it, within its
    capacity; only embarked units are aboard anything; off-table units stand nowhere."""
    placing = st.placing
    for u, status in enumerate(st.status):
        mid_disembark = placing is not None and placing.get("unit") == u and "carrier" in placing
        if status in (Status.EMBARKED, Status.RESERVE, Status.PENDING):
            assert all(p is None for p in st.pos[u]), f"u{u} is {status} yet has miniatures on the table"
        if status == Status.EMBARKED and not mid_disembark:
            v = st.aboard[u]
            assert v >= 0 and st.on_table(v), f"u{u} is aboard u{v}, which is not on the table"
            assert st.unit(v).seat == st.unit(u).seat, f"u{u} rides an enemy vehicle"
        elif status != Status.EMBARKED:
            assert st.aboard[u] < 0, f"u{u} is {status} yet aboard u{st.aboard[u]}"
    for v in range(len(st.status)):
        if capacity(st, v):
            assert load(st, v) <= capacity(st, v), f"u{v} carries {load(st, v)} over its capacity"
