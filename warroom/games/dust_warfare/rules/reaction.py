"""Reactions (dust_warfare.md DW-REA-01..09, DW-ABL-01/10/11, D-19).

Only the player whose Unit phase it is not reacts (DW-REA-01), to (a) an enemy Move in which a
miniature began or ended within 12" of the reactor, or (b) an Attack declared on the reactor
(DW-REA-02). Actions of orders and reactions themselves trigger nothing. An eligible unit is on
the table with a Unit Leader, no Reaction or Suppression marker and not Retreating (DW-REA-03).
Per trigger the player declares one reacting unit at a time until they pass (DW-REA-07): a
single Move, a single Attack on the triggering unit, or Hit the Dirt (Soldiers, against an
Attack; DW-REA-04/09). Against a Close Combat attack: no Move (unless Agile), Close Combat
weapons only, no Hit the Dirt (DW-REA-08); Frenzy never Move-reacts (DW-ABL-10). Then the unit
gets a Reaction marker (DW-REA-05).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import Base, distance, is_within
from warroom.games.dust_warfare.rules import attack, hidden, placement
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, Phase

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

TRIGGER_RANGE = 12.0  # DW-REA-02 (a)


def can_react(st: DustState, u: int) -> bool:
    """DW-REA-03 (having activated already does not matter); a Blutkreuz zombie never reacts
    (DW-ABL-06)."""
    return (
        st.on_table(u)
        and st.leader[u] >= 0
        and not st.reaction[u]
        and st.supp[u] == 0
        and not st.is_retreating(u)
        and not st.unit(u).has(Ability.BLUTKREUZ_ZOMBIE)
    )


def offer_move(st: DustState, mover: int, origin: list[list[float]]) -> None:
    """DW-REA-02 (a): after an enemy Move, units with a miniature within 12" of where a mover's
    miniature began or ended may react (resolved after the whole Move, DW-REA-06)."""
    if st.phase != Phase.UNITS:
        return
    unit = st.unit(mover)
    begun = [
        Base(x, y, m.radius, m.height)
        for (x, y), m in zip(origin, (unit.models[k] for k in placement.order(st, mover)), strict=False)
    ]
    ended = st.bases(mover)
    reactors = []
    for r in st.table_units(1 - unit.seat):
        if not can_react(st, r):
            continue
        theirs = st.bases(r)
        if any(is_within(distance(a, b), TRIGGER_RANGE) for a in [*begun, *ended] for b in theirs):
            reactors.append(r)
    if reactors:
        _offer(st, {"kind": "move", "unit": mover, "close_combat": False, "reactors": reactors})


def offer_attack(st: DustState, attacker: int, target: int, *, close_combat: bool) -> None:
    """DW-REA-02 (b): the target of a declared Attack may react before step 2 (DW-REA-06)."""
    if st.phase != Phase.UNITS or not can_react(st, target):
        return
    _offer(st, {"kind": "attack", "unit": attacker, "close_combat": close_combat, "reactors": [target]})


def _offer(st: DustState, trigger: dict[str, Any]) -> None:
    st.trigger = trigger
    st.decide("react", 1 - st.unit(trigger["unit"]).seat)


def react_options(st: DustState) -> list[Action]:
    """D-19: pass, or a reaction by an eligible unit."""
    trigger = st.trigger
    assert trigger is not None
    table = st.game.actions
    out = [table.stop]
    source = trigger["unit"]
    cc = trigger["close_combat"]
    for r in trigger["reactors"]:
        if not can_react(st, r) or not st.on_table(source):
            continue
        unit = st.unit(r)
        if (not cc or unit.has(Ability.AGILE)) and not unit.has(Ability.FRENZY):
            out.append(table.react["move"][r])
        if not cc and attack.targets(st, r, Verb.FIRE, reaction_attack=True, only=source):
            out.append(table.react["fire"][r])
        if attack.targets(st, r, Verb.ASSAULT, reaction_attack=True, only=source):
            out.append(table.react["assault"][r])
        if trigger["kind"] == "attack" and not cc and not unit.is_vehicle:
            out.append(table.react["dirt"][r])
    return out


def react_apply(st: DustState, action: Action) -> None:
    trigger = st.trigger
    assert trigger is not None
    st.decision = None
    if action.verb == Verb.STOP:
        st.trigger = None
        return
    r = action.part("unit")
    how = action.part("reaction")
    seat = st.unit(r).seat
    name = unit_title(st, r)
    st.trigger = {**trigger, "reactors": [x for x in trigger["reactors"] if x != r]}
    st.push(["reacted", r], ["react_again"])
    if how == "move":
        st.say("reaction", f"{name} react with a Move", None, unit=r, reaction=how)
        placement.begin(st, placement.REACT, r, seat)
    elif how == "dirt":
        st.say("reaction", f"{name} Hit the Dirt!", None, unit=r, reaction=how)
        st.dirt = r
    else:
        verb = Verb.FIRE if how == "fire" else Verb.ASSAULT
        st.say("reaction", f"{name} react with an Attack", None, unit=r, reaction=how)
        attack.declare(st, r, trigger["unit"], str(verb), False, reaction_attack=True)


def reacted_job(st: DustState, job: list[Any]) -> None:
    """DW-REA-05: the reacting unit gets a Reaction marker."""
    u = job[1]
    if st.markers:
        hidden.spot(st, st.unit(u).seat)  # DW-BTL-08 (b): the end of a reaction
    if st.on_table(u):
        st.reaction[u] = True


def again_job(st: DustState, _job: list[Any]) -> None:
    """DW-REA-07: another eligible unit may react to the same trigger, until the player passes."""
    trigger = st.trigger
    if trigger is None:
        return
    if any(can_react(st, r) for r in trigger["reactors"]) and st.on_table(trigger["unit"]):
        st.decide("react", 1 - st.unit(trigger["unit"]).seat)
    else:
        st.trigger = None
