"""The Command phase (dust_warfare.md DW-CMD-01..14, DW-ABL-14, D-11, D-22).

The Initiating player issues all their orders one at a time, then the Responding player
(DW-CMD-01); nobody reacts to an order (DW-CMD-02). An order goes to a friendly unit with a
miniature within the commander's LR (the Unit Leader of a Command Section, DW-CMD-03/05), or
through a Radioman beyond it (DW-CMD-08); each unit takes at most one order per phase
(DW-CMD-04); a Leaderless unit only a Regroup (DW-CMD-12). Orders left at `stop` are lost
(DW-INIT-06). Without a Command Section on the table with a leader, the first order designates
a temporary one, LR 6" (DW-CMD-10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import distance, is_within
from warroom.games.dust_warfare.rules import activation, hidden, offtable, placement
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, Phase, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

TEMPORARY_LR = 6.0  # DW-UNIT-08, DW-CMD-10


def sections(st: DustState, seat: int) -> list[int]:
    """The seat's Command Sections on the table with a Unit Leader (DW-CMD-03), the temporary
    one included (DW-CMD-10)."""
    out = [u for u in st.table_units(seat) if st.unit(u).is_command and st.leader[u] >= 0]
    temp = st.temporary[seat]
    if temp >= 0 and st.on_table(temp) and st.leader[temp] >= 0 and temp not in out:
        out.append(temp)
    return out


def commander_range(st: DustState, section: int) -> float:
    """The commander's LR: the section leader's LR (12", 18" for a Hero, DW-CMD-11), 6" for a
    temporary section (DW-CMD-10)."""
    if not st.unit(section).is_command:
        return TEMPORARY_LR
    lr = st.leadership(section)
    return lr if lr is not None else 0.0


def in_command_range(st: DustState, u: int) -> bool:
    """DW-CMD-03/05: some commander's LR reaches a miniature of the unit."""
    seat = st.unit(u).seat
    targets = hidden.where(st, u) if st.status[u] == Status.HIDDEN else offtable.order_bases(st, u)
    for section in sections(st, seat):
        commander = st.base(section, st.leader[section])
        reach = commander_range(st, section)
        if any(is_within(distance(commander, b), reach) for b in targets):
            return True
    return False


def radiomen(st: DustState, seat: int) -> int:
    """DW-CMD-08, DW-ABL-14: one out-of-range order per living Radioman in a Command Section."""
    return sum(
        1
        for section in sections(st, seat)
        for m in st.living(section)
        if Ability.RADIOMAN in st.unit(section).models[m].abilities
    )


def command_job(st: DustState, job: list[Any]) -> None:
    """DW-CMD-01: this player's Command phase begins."""
    seat = job[1]
    st.phase = Phase.COMMAND.value
    st.side = seat
    st.ordered = [False] * len(st.ordered)
    st.radio[seat] = radiomen(st, seat)
    if st.orders[seat] > 0 and st.markers and hidden.command_hidden(st, seat):
        hidden.muster(st, seat)  # DW-CMD-13: ordering reveals the hidden Command Section
        return
    if st.orders[seat] > 0 and not sections(st, seat) and st.table_units(seat):
        st.decide("temporary", seat)
        return
    _next(st, seat)


def _next(st: DustState, seat: int) -> None:
    if st.orders[seat] > 0 and (st.table_units(seat) or (st.markers and hidden.hidden_units(st, seat))):
        st.decide("command", seat)
    else:
        st.orders[seat] = 0


def more_job(st: DustState, job: list[Any]) -> None:
    _next(st, job[1])


def temporary_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.unit[u] for u in st.table_units(st.current_player()) if st.leader[u] >= 0] or [table.stop]


def temporary_apply(st: DustState, action: Action) -> None:
    """DW-CMD-10: the first order designates a temporary command section (its leader is the
    commander); it keeps the role until destroyed."""
    seat = st.current_player()
    st.decision = None
    st.orders[seat] -= 1
    if action.verb == "stop":
        st.orders[seat] = 0
        return
    u = action.part("unit")
    temps = list(st.temporary)
    temps[seat] = u
    st.temporary = temps
    st.say("temporary", f"{unit_title(st, u)} becomes a temporary command section", None, unit=u)
    st.radio[seat] = radiomen(st, seat)
    _next(st, seat)


def order_options(st: DustState) -> list[Action]:
    """D-11: stop, or Take Action / Regroup to each eligible unit."""
    seat = st.current_player()
    table = st.game.actions
    out = [table.stop]
    for u in st.table_units(seat):
        if st.ordered[u]:
            continue
        radio = 0 if in_command_range(st, u) else 1
        if radio and st.radio[seat] <= 0:
            continue
        if st.leader[u] >= 0:
            out.append(table.take[radio][u])
        out.append(table.regroup[radio][u])
    for u in offtable.orderable(st, seat):  # off-table and embarked units (DW-CMD-09/12)
        if st.ordered[u]:
            continue
        radio = 0 if in_command_range(st, u) else 1
        if not radio or st.radio[seat] > 0:
            out += offtable.order_options(st, u, radio)
    for k in hidden.markers_of(st, seat) if st.markers else ():
        # DW-BTL-08 (a), DW-CMD-06: a hidden unit takes an order by its marker id, in marker
        # order; Regroup is not offered (a hidden unit has no marker to clear)
        u = st.mapping[k]
        if st.status[u] != Status.HIDDEN or st.ordered[u]:
            continue
        radio = 0 if in_command_range(st, u) else 1
        if not radio or st.radio[seat] > 0:
            out.append(table.take_marker[radio][hidden.marker_id(st, k)])
    return out


def order_apply(st: DustState, action: Action) -> None:
    seat = st.current_player()
    st.decision = None
    if action.verb == "stop":
        if st.orders[seat]:
            st.say("orders_lost", f"the {st.side_name(seat)} leave {st.orders[seat]} order(s) unused", None)
        st.orders[seat] = 0
        return
    if action.verb == Verb.TAKE_MARKER:
        revealed = hidden.order_marker(st, action)
        if revealed is not None:
            activation.take_action(st, revealed)
        return
    u = action.part("unit")
    st.orders[seat] -= 1
    st.ordered[u] = True
    if action.part("radio"):
        st.radio[seat] -= 1
    name = unit_title(st, u)
    st.push(["more_orders", seat])
    if action.verb == "take":
        st.say("order", f"Take Action: {name}", None, unit=u, order="take")
        activation.take_action(st, u)
    else:
        st.say("order", f"Regroup: {name}", None, unit=u, order="regroup")
        regroup(st, u)


def regroup(st: DustState, u: int) -> None:
    """DW-CMD-07: remove every Suppression and Reaction marker; a Leaderless unit designates a
    leader; then the followers may move up to 6" (halved in difficult terrain) and end within
    LR. Not an action, no Reaction marker (DW-SUP-08)."""
    st.supp[u] = 0
    st.reaction[u] = False
    seat = st.unit(u).seat
    st.push(["regroup_move", u])
    if st.leader[u] < 0:
        st.activation = {"unit": u, "left": 0, "used": [], "order": True, "leader_for": "regroup"}
        st.decide("leader", seat)


def regroup_move_job(st: DustState, job: list[Any]) -> None:
    u = job[1]
    if len(st.living(u)) < 2 or not st.on_table(u):  # aboard: nobody moves (DW-CMD-12)
        return
    lead = st.base(u, st.leader[u])
    placement.begin(st, placement.REGROUP, u, st.unit(u).seat, point=[lead.x, lead.y])
