"""Off-table units: reserves, Air drop and Black ops (dust_warfare.md DW-SET-05/06/08,
DW-ABL-02/04/16, DW-CMD-09, DW-ACT-08, DW-MOVE-10, DW-INIT-01, D-09, D-10, D-23).

Deployment (D-09): when a unit is picked to deploy, its owner chooses how when there is a
choice: `on table` (a placement in the zone), `reserve` (off-table: a unit with Reserved or Air
drop, or any unit when the scenario allows reserves, DW-SET-06, DW-ABL-16) or `board uN`
(deployed aboard a friendly vehicle, DW-SET-07, rules/transport.py). Black ops units deploy
after every other unit of both players, alternately from the player who deployed first,
anywhere wholly outside the enemy zone and more than 12" from every enemy miniature (DW-ABL-04;
no extra effect where deployment is anywhere, as in Night Encounter).

An off-table unit activates like any other (DW-ACT-02) and may `enter` (a Move, or `enter
march`, from the arrival edge: the long edge of its player's zone, DW-SET-08, DW-MOVE-10) or,
with 2 actions and Air drop, `airdrop` (both actions; placed at least 6" from every enemy
miniature and not on a roof, DW-ABL-02); otherwise it stays off-table. Both cause a Move
trigger where they end (an Air drop counts as a March Move). Only a Radioman order reaches it,
and its Take Action is an entry Move (DW-CMD-09). Off-table units do not count toward the
command pool (DW-INIT-01).

The placements themselves are rules/arrival.py's predicates through rules/placement.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import Base, UnitDeployment, UnitMove, Zone
from warroom.games.dust_warfare.rules import arrival, placement, scout, transport
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, Reserves, Status, ZoneKind

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

VERBS = (Verb.ENTER, Verb.AIRDROP, Verb.DISEMBARK, Verb.BOARD)


# ---------------------------------------------------------------- deployment (D-09, D-10)


def may_reserve(st: DustState, u: int) -> bool:
    """DW-SET-06, DW-ABL-16, DW-ABL-02: Reserved or Air drop, or any unit when the scenario
    allows reserves."""
    unit = st.unit(u)
    return (
        unit.has(Ability.RESERVED)
        or unit.has(Ability.AIR_DROP)
        or st.game.scenario.reserves is Reserves.ALLOWED
    )


def is_black_ops(st: DustState, u: int) -> bool:
    """DW-ABL-04: Black ops deploys last, except where deployment is anywhere (no extra effect)."""
    return st.unit(u).has(Ability.BLACK_OPS) and st.game.scenario.deployment.zone is not ZoneKind.ANYWHERE


def pending(st: DustState, seat: int) -> list[int]:
    """The seat's units still to deploy: Black ops units only once every other unit of both
    players is down (DW-ABL-04)."""
    waiting = [u for u in st.units_of(seat) if st.status[u] == Status.PENDING]
    others_left = any(
        st.status[u.index] == Status.PENDING and not is_black_ops(st, u.index) for u in st.game.units
    )
    return [u for u in waiting if not is_black_ops(st, u)] if others_left else waiting


def next_deployer(st: DustState, seat: int) -> int:
    """DW-SET-05: the other player deploys next; the first Black ops unit goes to the player who
    deployed first, and then they alternate (DW-ABL-04)."""
    units = [u.index for u in st.game.units]
    left = [u for u in units if st.status[u] == Status.PENDING]
    first_black_ops = not any(is_black_ops(st, u) and st.status[u] != Status.PENDING for u in units)
    if left and all(is_black_ops(st, u) for u in left) and first_black_ops:
        return st.first
    return 1 - seat


def how_options(st: DustState, u: int) -> list[Action]:
    """D-09: on the table, in reserve, or aboard a friendly vehicle."""
    table = st.game.actions
    out = [table.ontable]
    if may_reserve(st, u):
        out.append(table.reserve)
    out += [table.board[v] for v in transport.carriers(st, u)]
    return out


def pick(st: DustState, u: int, seat: int) -> None:
    """The picked unit deploys as its owner chooses (a choice only when there is one)."""
    st.placing = {"purpose": "how", "unit": u}
    if len(how_options(st, u)) > 1:
        st.decide("deploy_as", seat)
        return
    st.placing = None
    place(st, u, seat)


def how_list(st: DustState) -> list[Action]:
    placing = st.placing
    assert placing is not None
    return how_options(st, placing["unit"])


def how_apply(st: DustState, action: Action) -> None:
    placing = st.placing
    assert placing is not None
    u = placing["unit"]
    seat = st.unit(u).seat
    st.placing = None
    st.decision = None
    if action.verb == Verb.RESERVE:
        to_reserve(st, u, "is held in reserve")
    elif action.verb == Verb.BOARD:
        transport.board(st, u, action.part("unit"))
    else:
        place(st, u, seat)


def place(st: DustState, u: int, seat: int) -> None:
    """A placement in the zone (DW-SET-05), or a Black ops placement (DW-ABL-04); a unit with no
    legal placement starts in reserve (DW-SET-05)."""
    placement.begin(st, arrival.BLACK_OPS if is_black_ops(st, u) else placement.DEPLOY, u, seat)
    if not placement.options(st):
        st.placing = None
        st.decision = None
        to_reserve(st, u, "cannot be placed and starts in reserve")


def to_reserve(st: DustState, u: int, why: str) -> None:
    st.status[u] = Status.RESERVE.value
    st.say("reserve", f"{unit_title(st, u)} {why}", None, unit=u)


# ---------------------------------------------------------------- the placements


def context(
    st: DustState, placing: dict[str, Any], models: list[int], lr: float | None
) -> UnitDeployment | UnitMove:
    """The predicate of an entry, an Air drop or a Black ops deployment (rules/arrival.py), a
    disembarking Move (rules/transport.py) or a scouting move (rules/scout.py)."""
    if placing["purpose"] == arrival.SCOUT:
        return scout.context(st, placing, models, lr)
    u = placing["unit"]
    unit = st.unit(u)
    board = st.board
    protos = tuple(
        Base(0.0, 0.0, unit.models[m].radius, unit.models[m].height, 0.0 if unit.is_vehicle else None)
        for m in models
    )
    friends, enemies = st.friends_and_enemies(u)
    purpose = placing["purpose"]
    if purpose == arrival.DISEMBARK:
        return transport.context(st, placing, protos, lr)
    if purpose == arrival.ENTER:
        edge = arrival.arrival_edge(st, unit.seat)
        march = bool(placing["march"])
        allowance = unit.movement * (2 if march else 1)
        blockers = enemies + tuple(f for f in friends if f.is_vehicle)
        paths = tuple(
            arrival.straight(board, b.r, unit.profile, blockers, allowance, march=march, leaving=True)
            for b in protos
        )
        area = board.edge_strip(edge, allowance + max(b.r for b in protos))
        return arrival.Entry(
            board, protos, unit.profile, Zone(area), friends + enemies, lr, edge=edge, paths=paths
        )
    if purpose == arrival.DROP:
        zone = Zone(board.table)
        return arrival.Drop(
            board,
            protos,
            unit.profile,
            zone,
            friends + enemies,
            lr,
            away=enemies,
            gap=arrival.AIR_DROP_GAP,
            no_roof=True,
        )
    enemy_edge = st.edges[1 - unit.seat]
    area = board.table
    if enemy_edge is not None:
        area = area.difference(st.game.zone_areas((enemy_edge,))[0])
    return arrival.Drop(
        board,
        protos,
        unit.profile,
        Zone(area),
        friends + enemies,
        lr,
        away=enemies,
        gap=arrival.BLACK_OPS_GAP,
        strict=True,
    )


# ---------------------------------------------------------------- activation (DW-ACT-08)


def activate(st: DustState, u: int) -> None:
    """An off-table unit's activation (DW-ACT-08); an embarked one's is rules/activation.py's
    (DW-ACT-09)."""
    st.activation = {"unit": u, "left": 2, "used": [], "order": False}
    st.decide("action", st.unit(u).seat)


def options(st: DustState, act: dict[str, Any]) -> list[Action]:
    """The options of an activation or order of a unit not on the table: enter (a Move or March
    Move) or Air drop (both actions), DW-ACT-08, DW-CMD-09; an embarked unit's in
    rules/transport.py."""
    u = act["unit"]
    if st.status[u] == Status.EMBARKED:
        return transport.options(st, act)
    table = st.game.actions
    out = [table.stop]
    if act["used"]:
        return out
    if transport.has_room(st, u, arrival.ENTER):
        out.append(table.enter[False])
        if act["left"] >= 2 and not act["order"] and transport.has_room(st, u, arrival.ENTER, march=True):
            out.append(table.enter[True])
    air_drop = act["left"] >= 2 and not act["order"] and st.unit(u).has(Ability.AIR_DROP)
    if air_drop and transport.has_room(st, u, arrival.DROP):
        out.append(table.airdrop)
    return out


def apply(st: DustState, act: dict[str, Any], action: Action) -> None:
    """Enter, Air drop, disembark or embark: a Move action (both actions for a March entry or an
    Air drop); each ends with the Move trigger of where the unit ended (DW-REA-02 a)."""
    u = act["unit"]
    seat = st.unit(u).seat
    triggers = not act["order"]
    if action.verb in (Verb.DISEMBARK, Verb.BOARD):
        transport.apply(st, act, action, triggers=triggers)
        return
    double = action.verb == Verb.AIRDROP or bool(action.part("march"))
    st.activation = {**act, "left": act["left"] - (2 if double else 1), "used": [*act["used"], "move"]}
    st.push(["next_action", u])
    st.push(["after_move", u, [], triggers])
    if action.verb == Verb.AIRDROP:
        st.say("air_drop", f"{unit_title(st, u)} Air drop", None, unit=u)
        placement.begin(st, arrival.DROP, u, seat, march=True)
    else:
        march = bool(action.part("march"))
        st.say("enter", f"{unit_title(st, u)} enter{' (March)' if march else ''}", None, unit=u, march=march)
        placement.begin(st, arrival.ENTER, u, seat, march=march)


# ---------------------------------------------------------------- orders (DW-CMD-09/12)


def orderable(st: DustState, seat: int) -> list[int]:
    """Units an order may reach besides those on the table: embarked ones (measured from their
    vehicle, DW-CMD-12) and off-table ones (by Radioman only, DW-CMD-09)."""
    return [u for u in st.units_of(seat) if st.status[u] in (Status.RESERVE, Status.EMBARKED)]


def order_bases(st: DustState, u: int) -> list[Base]:
    """Where an order to the unit is measured to: its miniatures, its carrier's when embarked
    (DW-CMD-12), nowhere when off-table (only a Radioman reaches it, DW-CMD-09)."""
    if st.status[u] == Status.EMBARKED:
        return st.bases(st.aboard[u])
    if st.status[u] == Status.RESERVE:
        return []
    return st.bases(u)


def order_options(st: DustState, u: int, radio: int) -> list[Action]:
    """DW-CMD-09: an off-table unit takes only a Take Action through a Radioman; an embarked one
    Take Action (to disembark) or Regroup."""
    table = st.game.actions
    if st.status[u] == Status.RESERVE:
        return [table.take[1][u]] if radio else []
    return [table.take[radio][u], table.regroup[radio][u]]
