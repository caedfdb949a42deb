"""Special actions granted by abilities (dust_warfare.md DW-ACT-07, DW-ABL-12/13/20, D-17):
Medic, Mechanic and Tank Head (Reload is in activation.py). Each is taken at most once per
activation; the miniature with the ability must be alive.

- Medic (DW-ABL-13): roll 2 dice; per hit the owner removes 1 damage from a damaged Soldier
  miniature of the unit (a Hero included) or returns a destroyed non-Hero, non-Medic miniature
  with full capacity, in formation and not within 1" of an enemy. The engine places a returned
  miniature at the first legal spot around the Unit Leader (rings of 0.5" from 1.5" out to its
  LR, every 15°): a designed stand-in for the owner's placement choice.
- Mechanic (DW-ABL-12): a friendly Vehicle with its base within 1" of the Mechanic: roll 2 dice,
  each hit repairs 1 damage.
- Tank Head (DW-ABL-20): a friendly Vehicle within 1": remove all its Suppression markers and
  repair 1 damage.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.geometry import Base, distance, is_within, placement_is_clear, snap
from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll
from warroom.games.dust_warfare.table_words import point_words, unit_title
from warroom.games.dust_warfare.words import Ability, UnitType

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

REACH = 1.0  # DW-ABL-12/20: within 1"
MEDIC_DICE = 2  # DW-ABL-13
MECHANIC_DICE = 2  # DW-ABL-12
ENEMY_GAP = 1.0  # DW-ABL-13: a returned miniature is not within 1" of an enemy


def _carriers(st: DustState, u: int, ability: Ability) -> list[int]:
    unit = st.unit(u)
    return [m for m in st.living(u) if ability in unit.models[m].abilities and st.pos[u][m] is not None]


def repairable(st: DustState, u: int, ability: Ability) -> list[int]:
    """Friendly Vehicles within 1" of a living miniature with the ability that it can help:
    damaged (Mechanic), damaged or suppressed (Tank Head)."""
    carriers = _carriers(st, u, ability)
    if not carriers:
        return []
    seat = st.unit(u).seat
    out = []
    for v in st.table_units(seat):
        if not st.unit(v).is_vehicle:
            continue
        needs = st.dmg[v][0] > 0 or (ability is Ability.TANK_HEAD and st.supp[v] > 0)
        if needs and any(is_within(distance(st.base(u, m), st.base(v, 0)), REACH) for m in carriers):
            out.append(v)
    return out


def repair(st: DustState, u: int, v: int, *, tank_head: bool) -> None:
    name = unit_title(st, v)
    if tank_head:
        st.supp[v] = 0
        fixed = min(1, st.dmg[v][0])
        st.say("tank_head", f"Tank Head: {name} loses its Suppression and repairs {fixed}", None, unit=v)
    else:
        faces = roll(st.rng, MECHANIC_DICE)
        fixed = min(hits(faces), st.dmg[v][0])
        st.say("mechanic", f"Mechanic {faces_text(faces)}: {name} repairs {fixed}", None, unit=v, faces=faces)
    st.dmg[v] = [st.dmg[v][0] - fixed]


def _healable(st: DustState, u: int) -> list[int]:
    unit = st.unit(u)
    return [
        m
        for m in st.living(u)
        if st.dmg[u][m] > 0 and unit.models[m].armour.unit_type is not UnitType.VEHICLE
    ]


def _returnable(st: DustState, u: int) -> list[int]:
    unit = st.unit(u)
    return [
        m
        for m in range(len(unit.models))
        if st.dead[u][m]
        and not unit.models[m].hero
        and Ability.MEDIC not in unit.models[m].abilities
        and return_spot(st, u, m) is not None
    ]


def medic_work(st: DustState, u: int) -> bool:
    """The Medic is alive and has something to do (DW-ABL-13)."""
    return bool(_carriers(st, u, Ability.MEDIC)) and bool(_healable(st, u) or _returnable(st, u))


def return_spot(st: DustState, u: int, m: int) -> tuple[float, float] | None:
    """Where a returned miniature stands: the first legal spot around the Unit Leader, within
    its LR and not within 1" of an enemy (DW-ABL-13)."""
    lr = st.leadership(u)
    if lr is None:
        return None
    model = st.unit(u).models[m]
    lead = st.base(u, st.leader[u])
    friends, enemies = st.friends_and_enemies(u)
    others = [*friends, *enemies, *st.bases(u)]
    board = st.board
    radius = 1.5
    while radius <= lr + lead.r + model.radius:
        for step in range(24):
            a = math.radians(15 * step)
            x, y = snap(lead.x + radius * math.cos(a)), snap(lead.y + radius * math.sin(a))
            spot = Base(x, y, model.radius, model.height)
            if not is_within(distance(lead, spot), lr):
                continue
            if any(is_within(distance(spot, e), ENEMY_GAP) for e in enemies):
                continue
            if placement_is_clear(board, spot, st.unit(u).profile, others):
                return x, y
        radius += 0.5
    return None


def medic(st: DustState, u: int) -> None:
    """DW-ABL-13: roll 2 dice; each hit is spent by the owner (the `heal` decision)."""
    faces = roll(st.rng, MEDIC_DICE)
    st.say("medic", f"{unit_title(st, u)} Medic {faces_text(faces)}", None, unit=u, faces=faces)
    if hits(faces):
        st.push(["medic_hit", u, hits(faces)])


def medic_hit_job(st: DustState, job: list[Any]) -> None:
    _, u, left = job
    if left <= 0 or not (_healable(st, u) or _returnable(st, u)):
        return
    st.push(["medic_hit", u, left - 1])
    st.decide("heal", st.unit(u).seat, u)


def heal_options(st: DustState) -> list[Action]:
    assert st.decision is not None
    u = st.decision[2]
    table = st.game.actions
    return [
        table.stop,
        *(table.heal[m] for m in _healable(st, u)),
        *(table.revive[m] for m in _returnable(st, u)),
    ]


def heal_apply(st: DustState, action: Action) -> None:
    assert st.decision is not None
    u = st.decision[2]
    st.decision = None
    if action.verb == Verb.STOP:
        return
    m = action.part("model")
    unit = st.unit(u)
    if action.verb == Verb.HEAL:
        dmg = list(st.dmg[u])
        dmg[m] -= 1
        st.dmg[u] = dmg
        st.touch()
        st.say("healed", f"{unit_title(st, u)}: {unit.models[m].role} loses 1 damage", None, unit=u, model=m)
        return
    spot = return_spot(st, u, m)
    assert spot is not None
    pos, dead, dmg = list(st.pos[u]), list(st.dead[u]), list(st.dmg[u])
    pos[m], dead[m], dmg[m] = [spot[0], spot[1], None], False, 0
    st.pos[u], st.dead[u], st.dmg[u] = pos, dead, dmg
    st.touch()
    st.say(
        "revived",
        f"{unit_title(st, u)}: {unit.models[m].role} returns {point_words(st, spot[0], spot[1])}",
        None,
        unit=u,
        model=m,
    )
