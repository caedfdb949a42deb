"""The Unit phase: activations and their actions (dust_warfare.md DW-ACT-01..10, DW-UNIT-09/10,
DW-SUP-03..07, DW-MOVE-01..12, DW-HERO-05/06, DW-CMD-06, D-13, D-14).

A player activates each of their units once, one at a time, in any order (DW-ACT-01/02). An
activation: (1) a Leaderless unit designates a leader, (2) out-of-formation miniatures close up
(DW-UNIT-10), (3) the suppression removal roll (DW-SUP-05), (4) 2 actions, or 1 under a Reaction
or Suppression marker (DW-ACT-04), (5) a Retreating unit makes its retreat move and is done
(DW-SUP-06), (6) otherwise actions one at a time: the legal pairs of DW-ACT-06 (no two single
Moves or two single Attacks; March Move and Sustained Attack take both actions), Reload once
(DW-ACT-07). A Take Action order (DW-CMD-06) is one single action through the same options.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import ATTACK_VERBS, Verb
from warroom.games.dust_warfare.geometry import (
    TOL,
    Placement,
    Point2,
    Stride,
    distance,
    is_within,
    placement_is_clear,
    snap,
)
from warroom.games.dust_warfare.rules import (
    attack,
    fortify,
    hidden,
    offtable,
    placement,
    reaction,
    shelling,
    specials,
    transport,
)
from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll
from warroom.games.dust_warfare.table_words import point_words, unit_title
from warroom.games.dust_warfare.words import Ability, HeroTrait, Passability, Phase, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

HERO_AURA = 6.0  # DW-HERO-06


def unit_phase_job(st: DustState, job: list[Any]) -> None:
    """DW-ACT-01/02: the player activates their next unit, until every unit has."""
    seat = job[1]
    st.phase = Phase.UNITS.value
    st.side = seat
    if _waiting(st, seat):
        st.decide("activate", seat)


def _waiting(st: DustState, seat: int) -> list[int]:
    return [
        u
        for u in st.units_of(seat)
        if not st.done[u] and st.status[u] in (Status.TABLE, Status.RESERVE, Status.HIDDEN, Status.EMBARKED)
    ]


def activate_options(st: DustState) -> list[Action]:
    """D-13: the unactivated units, then hidden units by marker id in marker order (DW-NE-14)."""
    table = st.game.actions
    seat = st.current_player()
    out = [table.unit[u] for u in _waiting(st, seat) if st.status[u] != Status.HIDDEN]
    return out + [table.marker[hidden.marker_id(st, k)] for k in hidden.waiting_markers(st, seat)]


def activate_apply(st: DustState, action: Action) -> None:
    if action.verb == Verb.MARKER:  # DW-ACT-10: keep hidden or reveal
        hidden.activate_marker(st, hidden.find_marker(st, action.part("marker")))
        return
    u = action.part("unit")
    seat = st.current_player()
    st.decision = None
    st.done[u] = True
    st.say("activate", f"{unit_title(st, u)} activates", None, unit=u)
    st.push(["steps", u], ["unit_phase", seat])


def steps_job(st: DustState, job: list[Any]) -> None:
    """DW-ACT-03 steps 1-6."""
    u = job[1]
    if st.status[u] == Status.EMBARKED:  # DW-ACT-09: aboard, no positions to regather (step 2)
        removal_roll(st, u)  # step 3 (DW-SUP-05)
        st.activation = {"unit": u, "left": actions_available(st, u), "used": [], "order": False}
        st.decide("action", st.unit(u).seat)
        return
    if st.status[u] != Status.TABLE:  # off-table (DW-ACT-08)
        offtable.activate(st, u)
        return
    seat = st.unit(u).seat
    if st.leader[u] < 0:  # step 1 (DW-UNIT-09)
        st.activation = {"unit": u, "left": 0, "used": [], "order": False, "leader_for": "activation"}
        st.push(["steps", u])
        st.decide("leader", seat)
        return
    regather(st, u)  # step 2 (DW-UNIT-10)
    removal_roll(st, u)  # step 3 (DW-SUP-05)
    left = actions_available(st, u)  # step 4 (DW-ACT-04)
    st.activation = {"unit": u, "left": left, "used": [], "order": False}
    if st.is_retreating(u):  # step 5 (DW-SUP-06)
        st.activation = None
        retreat(st, u)
        return
    st.decide("action", seat)  # step 6


def actions_available(st: DustState, u: int) -> int:
    """DW-ACT-04: 2 actions without markers, else 1 (both markers: still 1); Heroic stand with
    one miniature left ignores Suppression here (DW-ABL-15)."""
    suppressed = st.supp[u] > 0
    if suppressed and st.unit(u).has(Ability.HEROIC_STAND) and len(st.living(u)) == 1:
        suppressed = False
    return 1 if (st.reaction[u] or suppressed) else 2


def removal_dice(st: DustState, u: int) -> int:
    """DW-SUP-05 with DW-HERO-05/06: one die per marker, +1 with an unwounded Hero in the unit,
    +1 if an unwounded Inspiring Hero of another friendly unit is within 6", -1 (to 0) if an
    unwounded Intimidating enemy Hero is."""
    n = st.supp[u]
    unit = st.unit(u)
    hero = unit.hero_model
    if hero is not None and not st.dead[u][hero] and not st.is_wounded(u, hero):
        n += 1
    mine = st.bases(u)
    inspired = intimidated = False
    for other in st.table_units():
        o = st.unit(other)
        h = o.hero_model
        if other == u or h is None or st.dead[other][h] or st.is_wounded(other, h):
            continue
        near = any(is_within(distance(st.base(other, h), b), HERO_AURA) for b in mine)
        if not near:
            continue
        if o.seat == unit.seat and o.hero_trait is HeroTrait.INSPIRATION:
            inspired = True
        if o.seat != unit.seat and o.hero_trait is HeroTrait.INTIMIDATION:
            intimidated = True
    return max(0, n + int(inspired) - int(intimidated))


def removal_roll(st: DustState, u: int) -> None:
    """DW-SUP-05: remove one marker per hit, never more than the unit has; a Blutkreuz zombie
    unit removes them all without rolling (DW-ABL-06)."""
    if st.supp[u] <= 0:
        return
    name = unit_title(st, u)
    if st.unit(u).has(Ability.BLUTKREUZ_ZOMBIE):
        st.say("suppression", f"{name} shrug off {st.supp[u]} Suppression marker(s)", None, unit=u)
        st.supp[u] = 0
        return
    faces = roll(st.rng, removal_dice(st, u))
    removed = min(st.supp[u], hits(faces))
    st.supp[u] -= removed
    st.say(
        "suppression",
        f"{name} roll to remove Suppression, {faces_text(faces)}: {removed} removed, {st.supp[u]} left",
        None,
        unit=u,
        faces=faces,
        removed=removed,
    )


def regather(st: DustState, u: int) -> None:
    """DW-UNIT-10: each miniature beyond its leader's LR moves up to its Movement toward the
    leader, stopping as soon as it is within LR, else as close as it can; not an action, no
    trigger. The engine moves it along the straight line toward the leader, to the first point
    within LR whose path is legal (or the legal point nearest the leader on that line)."""
    lr = st.leadership(u)
    if lr is None or len(st.living(u)) < 2:
        return
    unit = st.unit(u)
    lead = st.base(u, st.leader[u])
    friends, enemies = st.friends_and_enemies(u)
    blockers = enemies + tuple(f for f in friends if f.is_vehicle)
    for m in st.living(u):
        if m == st.leader[u]:
            continue
        b = st.base(u, m)
        if is_within(distance(lead, b), lr):
            continue
        others = [*friends, *enemies, *(st.base(u, k) for k in st.living(u) if k != m)]
        stride = Stride(st.board, b, unit.profile, unit.movement, blockers=blockers)
        gap = math.hypot(lead.x - b.x, lead.y - b.y)
        dx, dy = (lead.x - b.x) / gap, (lead.y - b.y) / gap
        best: tuple[float, float] | None = None
        steps = int(unit.movement * 10)
        for k in range(steps, 0, -1):
            x, y = snap(b.x + dx * k / 10), snap(b.y + dy * k / 10)
            spot = b.at(x, y)
            if not placement_is_clear(st.board, spot, unit.profile, others) or not stride.can_reach(x, y):
                continue
            if is_within(distance(lead, spot), lr):
                best = (x, y)  # keep shrinking: the first point within LR
                continue
            if best is None:
                best = (x, y)
            break
        if best is not None:
            row = list(st.pos[u])
            row[m] = [best[0], best[1], None]
            st.pos[u] = row
            st.dug_in[u] = False  # DW-BTL-05
            st.touch()
            st.say(
                "regather", f"{unit_title(st, u)}: a miniature closes up on its leader", None, unit=u, model=m
            )


def leader_options(st: DustState) -> list[Action]:
    """D-14: a surviving miniature; a Hero if one is present (DW-UNIT-09)."""
    act = st.activation
    assert act is not None
    u = act["unit"]
    table = st.game.actions
    living = st.living(u)
    heroes = [m for m in living if st.unit(u).models[m].hero]
    return [table.leader[m] for m in (heroes or living)]


def leader_apply(st: DustState, action: Action) -> None:
    act = st.activation
    assert act is not None
    u = act["unit"]
    st.leader[u] = action.part("model")
    st.touch()
    st.decision = None
    st.say("leader", f"{unit_title(st, u)} has a new Unit Leader", None, unit=u, model=st.leader[u])
    if act.get("leader_for") == "regroup":
        st.activation = None


# ---------------------------------------------------------------- actions


def take_action(st: DustState, u: int) -> None:
    """DW-CMD-06: one single action whatever the markers or Retreating; then a Reaction
    marker. Nothing reacts to it (DW-CMD-02)."""
    st.push(["ordered_done", u])
    st.activation = {"unit": u, "left": 1, "used": [], "order": True}
    st.decide("action", st.unit(u).seat)


def ordered_done_job(st: DustState, job: list[Any]) -> None:
    u = job[1]
    if st.markers:
        hidden.spot(st, st.unit(u).seat)  # DW-BTL-08 (b): the end of an action
    st.activation = None
    if st.on_table(u) or st.status[u] == Status.EMBARKED:  # an order may end with it aboard
        st.reaction[u] = True


def action_options(st: DustState) -> list[Action]:
    """DW-ACT-05..07: the next action of the activation or order."""
    act = st.activation
    assert act is not None
    u, left, used = act["unit"], act["left"], act["used"]
    table = st.game.actions
    out = [table.stop]
    if act.get("charge"):  # DW-ABL-08: the bonus Close Combat attack, never Sustained
        return out + [table.attack[(Verb.ASSAULT, False)][t] for t in charge_targets(st, u)]
    if not st.on_table(u):  # off-table or embarked (DW-ACT-08/09, DW-CMD-09)
        return offtable.options(st, act)
    fresh = not used and left >= 2
    if "move" not in used:
        out.append(table.move)
        if fresh:
            out.append(table.march)
        if can_jump(st, u):
            out.append(table.jump[False])
            if fresh:
                out.append(table.jump[True])
        out += transport.embark_options(st, u)  # DW-MOVE-11
    if "attack" not in used:
        for verb in ATTACK_VERBS:
            for target in attack.targets(st, u, verb, reaction_attack=False):
                out.append(table.attack[(verb, False)][target])
                if fresh:
                    out.append(table.attack[(verb, True)][target])
        if st.mines:  # DW-WPN-01, DW-ATK-11: Artillery on an enemy minefield marker
            for k in shelling.targets(st, u):
                out.append(table.shell[False][k])
                if fresh:
                    out.append(table.shell[True][k])
    if "reload" not in used and st.unloaded[u]:
        out.append(table.reload)
    if "medic" not in used and specials.medic_work(st, u):
        out.append(table.medic)
    if "mechanic" not in used:
        out += [table.mechanic[v] for v in specials.repairable(st, u, Ability.MECHANIC)]
    if "tankhead" not in used:
        out += [table.tankhead[v] for v in specials.repairable(st, u, Ability.TANK_HEAD)]
    return out


def can_jump(st: DustState, u: int) -> bool:
    """DW-ABL-11: every miniature of the unit has Jump (not shared); never a Heavy walker
    (DW-HVY-03) or Tracks (DW-ABL-25)."""
    unit = st.unit(u)
    if unit.is_heavy or unit.has(Ability.TRACKS):
        return False
    return all(Ability.JUMP in unit.models[m].abilities for m in st.living(u))


def action_apply(st: DustState, action: Action) -> None:
    act = st.activation
    assert act is not None
    u = act["unit"]
    seat = st.unit(u).seat
    st.decision = None
    if act.get("charge"):
        st.activation = {**act, "charge": False}
        if action.verb == Verb.STOP:
            return
        target = action.part("target")
        st.say("charge", f"{unit_title(st, u)} charge {unit_title(st, target)}", None, unit=u, target=target)
        attack.declare(st, u, target, str(Verb.ASSAULT), False, reaction_attack=False)
        reaction.offer_attack(st, u, target, close_combat=True)
        return
    if action.verb == Verb.STOP:
        st.activation = None if not act["order"] else act
        return
    if action.verb in offtable.VERBS:  # enter, Air drop, embark, disembark
        offtable.apply(st, act, action)
        return
    double = (
        action.verb == Verb.MARCH
        or (action.verb == Verb.JUMP and action.part("march"))
        or (action.verb in (*ATTACK_VERBS, Verb.SHELL) and action.part("sustained"))
    )
    kind = (
        "attack"
        if action.verb in ATTACK_VERBS or action.verb == Verb.SHELL
        else "move"
        if action.verb in (Verb.MOVE, Verb.MARCH, Verb.JUMP)
        else str(action.verb)
    )
    st.activation = {**act, "left": act["left"] - (2 if double else 1), "used": [*act["used"], kind]}
    st.push(["next_action", u])
    triggers = not act["order"]  # orders never trigger reactions (DW-CMD-02, DW-REA-02)
    if kind == "move":
        jump = action.verb == Verb.JUMP
        march = action.verb == Verb.MARCH or (jump and bool(action.part("march")))
        # said once it stands, in one line (moves.where_apply: "... marches: the leader now ...")
        origin = [list(b.centre) for b in st.bases(u)]
        if march and st.unit(u).has(Ability.CHARGE):
            st.push(["charge", u])
        # DW-ABL-11, DW-REA-02 (a): a Soldier unit's Jump triggers nothing, a Vehicle's does
        st.push(["after_move", u, origin, triggers and not (jump and not st.unit(u).is_vehicle)])
        placement.begin(st, placement.MOVE, u, seat, march=march, jump=jump)
    elif action.verb == Verb.SHELL:  # nothing reacts to an attack on a marker (rules/shelling.py)
        shelling.shell(st, u, int(action.part("minefield")), bool(action.part("sustained")))
    elif kind == "attack":
        target = action.part("target")
        sustained = bool(action.part("sustained"))
        attack.declare(st, u, target, str(action.verb), sustained, reaction_attack=False)
        if triggers:
            reaction.offer_attack(st, u, target, close_combat=action.verb == Verb.ASSAULT)
    elif kind == "reload":
        reload(st, u)
    elif kind == "medic":
        specials.medic(st, u)
    else:
        specials.repair(st, u, action.part("unit"), tank_head=kind == "tankhead")


def charge_targets(st: DustState, u: int) -> list[int]:
    """DW-ABL-08: enemy units within range C of the unit's Close Combat weapons."""
    return attack.targets(st, u, Verb.ASSAULT, reaction_attack=False)


def charge_job(st: DustState, job: list[Any]) -> None:
    """DW-ABL-08: after its March Move (and any reactions to it, DW-REA-06) a Charge unit may
    make one bonus Close Combat attack; it is not an action."""
    u = job[1]
    act = st.activation
    if act is None or act["unit"] != u or not st.on_table(u) or not charge_targets(st, u):
        return
    st.activation = {**act, "charge": True}
    st.decide("action", st.unit(u).seat)


def next_action_job(st: DustState, job: list[Any]) -> None:
    if st.markers:
        hidden.spot(st, st.unit(job[1]).seat)  # DW-BTL-08 (b): the end of an action
    act = st.activation
    if act is None or act["unit"] != job[1]:
        return
    u = act["unit"]
    if act["left"] > 0 and st.on_table(u) and not (act["order"] and act["used"]):
        st.decide("action", st.unit(u).seat)
    elif not act["order"]:
        st.activation = None


def reload(st: DustState, u: int) -> None:
    """DW-WPN-08: the Reload special action removes every Reload marker of the unit."""
    st.unloaded[u] = []
    st.say("reload", f"{unit_title(st, u)} reload", None, unit=u)


def after_move_job(st: DustState, job: list[Any]) -> None:
    """After a Move (not an order's): the Move trigger is offered (DW-REA-02 a)."""
    _, u, origin, triggers = job
    if st.markers:
        hidden.spot(st, st.unit(u).seat)  # DW-BTL-08 (b): the end of a Move
    if triggers and (st.on_table(u) or st.status[u] == Status.EMBARKED):  # embarking: DW-MOVE-11
        reaction.offer_move(st, u, origin)


# ---------------------------------------------------------------- retreat


def retreat(st: DustState, u: int) -> None:
    """DW-SUP-06/07, DW-MOVE-12: the unit's one action is a retreat move. The Unit Leader
    heads for the nearest point of the table edge closest to it (measured now) with its full
    allowance, halved if it starts in or crosses difficult terrain (DW-TER-04); if its base
    reaches the edge, the whole unit leaves the table and is destroyed. Otherwise it moves along
    the straight line toward that edge as far as its allowance and the terrain allow, and the
    others end in formation, the owner choosing among the legal placements nearest the edge; if
    none keeps formation within their allowance, they close up on the leader (DW-UNIT-10)."""
    unit = st.unit(u)
    seat = unit.seat
    models = placement.order(st, u)
    lead = st.base(u, models[0])
    board = st.board
    edge, gap = board.nearest_edge(lead)
    friends, enemies = st.friends_and_enemies(u)
    blockers = enemies + tuple(f for f in friends if f.is_vehicle)
    stride = Stride(board, lead, unit.profile, unit.movement, blockers=blockers, leaving=True)
    dx, dy = {"south": (0.0, -1.0), "north": (0.0, 1.0), "west": (-1.0, 0.0), "east": (1.0, 0.0)}[edge.value]
    edge_point = (lead.x + dx * gap, lead.y + dy * gap)
    allowance = unit.movement
    if stride.touches_difficult([edge_point]) or any(
        unit.profile.effect(p) is Passability.DIFFICULT for p in board.pieces_overlapping(lead)
    ):
        allowance /= 2
    st.say(
        "retreat", f"{unit_title(st, u)} retreat toward the {edge.value} edge", None, unit=u, edge=edge.value
    )
    if gap <= allowance + TOL and stride.through.is_clear_path([lead.centre, edge_point]):
        last = st.pos[u][0]
        st.pos[u] = [None] * len(st.pos[u])
        st.status[u] = Status.DESTROYED.value
        st.touch()
        st.say("fled", f"{unit_title(st, u)} leave the table and are destroyed", None, unit=u)
        transport.bail_out(st, u, last)  # DW-ABL-07
        return
    others = [*friends, *enemies, *(st.base(u, m) for m in models[1:])]
    dest = lead.centre
    for k in range(int(min(allowance, gap) * 10), 0, -1):
        x, y = snap(lead.x + dx * k / 10), snap(lead.y + dy * k / 10)
        if placement_is_clear(board, lead.at(x, y), unit.profile, others) and stride.check([(x, y)]):
            dest = (x, y)
            break
    st.push(["after_move", u, [list(b.centre) for b in st.bases(u)], True])
    if len(models) == 1:
        _leader_mines(st, u, lead.centre, dest, lead.r)
        placement.put(st, u, Placement((dest,), lead.facing))
        return
    placement.begin(st, placement.RETREAT, u, seat, point=[dest[0], dest[1]])
    if placement.options(st):
        return
    # No template keeps them in formation within their allowance: the leader goes alone and
    # the others close up on it as out-of-formation miniatures do (DW-UNIT-10).
    st.placing = None
    st.decision = None
    _leader_mines(st, u, lead.centre, dest, lead.r)
    row = list(st.pos[u])
    row[models[0]] = [dest[0], dest[1], lead.facing]
    st.pos[u] = row
    st.dug_in[u] = False  # DW-BTL-05
    st.touch()
    st.say(
        "placed",
        f"{unit_title(st, u)} retreat: the leader now {point_words(st, dest[0], dest[1])}",
        None,
        unit=u,
        purpose="retreat",
    )
    regather(st, u)


def _leader_mines(st: DustState, u: int, start: Point2, dest: Point2, r: float) -> None:
    """DW-BTL-03: a retreat placed without the Move placement (one miniature, or the leader of a
    unit that closes up, whose followers' close-up is no move and sets off nothing, DW-UNIT-10)
    sets off the minefields its leader's straight path touched, at the end of the move."""
    if st.mines:
        for i, n in fortify.crossed(st, [([start, dest], r)], False):
            st.push(["minefield", u, st.mines[i][1], st.mines[i][2], n])


def is_attack(action: Action) -> bool:
    return action.verb in ATTACK_VERBS
