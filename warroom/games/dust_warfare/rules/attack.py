"""The Attack action (dust_warfare.md DW-ATK-01..13, DW-WPN-01..10, DW-SUP-02, DW-HVY-02/04,
DW-ABL-05/10/19, DW-REA-09, D-16, D-20).

Step 1, target: an enemy unit on the table that a miniature of the attacker sees, and the
weapons (DW-ATK-02). The options name the target and one of three weapon sets, each "every
eligible profile" of its kind: `fire` (every ranged weapon except grenades), `grenades` (each
miniature its one Grenade weapon only, DW-WPN-04) and `assault` (Close Combat weapons only,
DW-WPN-03); `sustained` makes it a Sustained Attack (DW-ATK-12). Declaring it is the Attack
trigger (DW-REA-06): reactions resolve before step 2, which then uses the current positions.
Step 2 (DW-ATK-03): per miniature and weapon, loaded and in range (DW-GEO-15; front arcs
DW-GEO-08). Step 3 (DW-ATK-05): dice in the canonical order of §5 (initial dice by weapon id,
laser chains, rerolls, laser chains of reroll hits). Step 4 (DW-ATK-06/07): cover cancels
min(C, E) cover-eligible hits, then one armour die per armour-eligible hit, highest damage
first. Step 5 (DW-ATK-08): the defender assigns each hit. Then Suppression (DW-SUP-02).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.actions import Verb
from warroom.games.dust_warfare.army import Unit
from warroom.games.dust_warfare.content import Weapon
from warroom.games.dust_warfare.geometry import distance, in_fire_arc, unit_cover_level
from warroom.games.dust_warfare.rules import night, spotter
from warroom.games.dust_warfare.rules.dice import faces_text, is_hit, roll
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability, ArmourClass, Mount, Status, WeaponAbility

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

HEAVY_MAX_SUPPRESSION = 1  # DW-HVY-04


@dataclass(frozen=True)
class Hit:
    """One hit: its damage per unsaved hit and the weapon that scored it."""

    damage: int
    weapon: Weapon


def target_class(st: DustState, u: int) -> ArmourClass:
    """DW-ATK-04: the class held by the most living miniatures; on a tie, the higher."""
    unit = st.unit(u)
    counts = Counter(unit.models[m].armour for m in st.living(u))
    return max(counts, key=lambda c: (counts[c], c.column))


def _uses(verb: str, weapon: Weapon) -> bool:
    cc = weapon.has(WeaponAbility.CLOSE_COMBAT)
    if verb == Verb.ASSAULT:
        return cc
    if verb == Verb.GRENADES:
        return weapon.has(WeaponAbility.GRENADES)
    return not cc and not weapon.has(WeaponAbility.GRENADES)


def eligible(
    st: DustState, u: int, t: int, verb: str, *, reaction_attack: bool, first: bool = False
) -> list[tuple[int, Weapon]]:
    """DW-ATK-03 with DW-GEO-15: each (miniature, weapon) of the set that is loaded, can attack
    the target's class and is in range, arc and LOS of some target miniature. Grenades: one per
    miniature (DW-WPN-04). Artillery never in a reaction (DW-WPN-01). `first`: stop at one."""
    unit = st.unit(u)
    cls = target_class(st, t)
    targets = st.bases(t)
    if not targets:
        return []
    out: list[tuple[int, Weapon]] = []
    unloaded = set(st.unloaded[u])
    for m in st.living(u):
        model = unit.models[m]
        shooter = st.base(u, m)
        for w, (weapon, mount) in enumerate(zip(model.weapons, model.mounts, strict=True)):
            if not _uses(verb, weapon) or f"{m}.{w}" in unloaded or weapon.dice(cls) is None:
                continue
            if reaction_attack and weapon.has(WeaponAbility.ARTILLERY):
                continue
            spray = weapon.has(WeaponAbility.SPRAY)
            reach = weapon.reach
            front = mount is Mount.FRONT
            if any(
                reach.covers(distance(shooter, b))
                and in_fire_arc(shooter, b, front)
                and (
                    night.sees(st, shooter, b, t, spray=spray)  # DW-BTL-10
                    or spotter.indirect(st, unit.seat, weapon, b, t)  # DW-ABL-24, DW-BTL-10
                )
                for b in targets
            ):
                out.append((m, weapon))
                if first:
                    return out
                if verb == Verb.GRENADES:
                    break
    return out


def targets(st: DustState, u: int, verb: str, *, reaction_attack: bool, only: int = -1) -> list[int]:
    """The enemy units this unit can attack with the weapon set (DW-ATK-02/11): on the table,
    with at least one eligible weapon, which needs a miniature seeing a target miniature
    (DW-GEO-14/15), so the target is seen."""
    seat = st.unit(u).seat
    out = []
    for t in st.table_units(1 - seat):
        if only >= 0 and t != only:
            continue
        if eligible(st, u, t, verb, reaction_attack=reaction_attack, first=True):
            out.append(t)
    return out


def declare(st: DustState, u: int, t: int, verb: str, sustained: bool, *, reaction_attack: bool) -> None:
    """Step 1 (DW-ATK-02): the attack is declared and scheduled; a caller that lets the target
    react offers that now, so it resolves first (DW-REA-02 b, DW-REA-06)."""
    kind = {Verb.FIRE: "fires at", Verb.GRENADES: "throws grenades at", Verb.ASSAULT: "assaults"}[Verb(verb)]
    st.say(
        "attack",
        f"{unit_title(st, u)} {kind} {unit_title(st, t)}{' (Sustained Attack)' if sustained else ''}",
        None,
        unit=u,
        target=t,
        weapons=verb,
        sustained=sustained,
    )
    st.push(["attack", u, t, verb, sustained, reaction_attack])


# ---------------------------------------------------------------- steps 2-5


def _rerolls(weapon: Weapon, *, sustained: bool, vehicle: bool, frenzy: bool) -> bool:
    """A profile's missed initial dice are rerolled once: Sustained (DW-ATK-12), Tank killer
    against a Vehicle (DW-WPN-10), Frenzy in Close Combat (DW-ABL-10); never twice (DW-GEN-04)."""
    return (
        sustained
        or (weapon.has(WeaponAbility.TANK_KILLER) and vehicle)
        or (frenzy and weapon.has(WeaponAbility.CLOSE_COMBAT))
    )


def dice_profiles(used: list[tuple[int, Weapon]], cls: ArmourClass) -> list[tuple[Weapon, int, int]]:
    """The attack's dice pooled by weapon (DW-ATK-05): (weapon, dice, damage) for each weapon
    used, its dice against `cls` summed over the miniatures firing it, in the weapons' id order
    (the canonical order `roll_hits` rolls them in)."""
    by_weapon: dict[str, tuple[Weapon, int, int]] = {}
    for _, weapon in used:
        entry = weapon.dice(cls)
        assert entry is not None  # `eligible` keeps only weapons with dice against the class
        _, n, damage = by_weapon.get(weapon.id, (weapon, 0, entry.damage))
        by_weapon[weapon.id] = (weapon, n + entry.dice, damage)
    return [by_weapon[key] for key in sorted(by_weapon)]


def roll_hits(
    st: DustState, attacker: Unit, profiles: list[tuple[Weapon, int, int]], *, sustained: bool, vehicle: bool
) -> tuple[list[Hit], list[str]]:
    """Step 3 in the canonical order of §5: initial dice per profile (ascending weapon id), laser
    chains of initial hits, rerolls of missed initial dice, laser chains of reroll hits
    (DW-WPN-05: each laser hit rolls one more laser die until one misses; laser dice are never
    rerolled, DW-GEN-04)."""
    frenzy = attacker.has(Ability.FRENZY)
    rng = st.rng
    log: list[str] = []
    initial = [roll(rng, n) for _, n, _ in profiles]
    counts = [sum(1 for f in faces if is_hit(f)) for faces in initial]
    for (weapon, _, _), faces in zip(profiles, initial, strict=True):
        log.append(f"{weapon.name} {faces_text(faces)}")

    def chains(base: list[int]) -> list[int]:
        extra = []
        for (weapon, _, _), n in zip(profiles, base, strict=True):
            gained = 0
            if weapon.has(WeaponAbility.LASERS):
                for _ in range(n):
                    while is_hit(rng.die()):
                        gained += 1
                if n:
                    log.append(f"{weapon.name} laser +{gained}")
            extra.append(gained)
        return extra

    laser = chains(counts)
    reroll_hits = []
    for (weapon, _, _), faces in zip(profiles, initial, strict=True):
        if _rerolls(weapon, sustained=sustained, vehicle=vehicle, frenzy=frenzy):
            misses = sum(1 for f in faces if not is_hit(f))
            again = roll(rng, misses)
            if misses:
                log.append(f"{weapon.name} reroll {faces_text(again)}")
            reroll_hits.append(sum(1 for f in again if is_hit(f)))
        else:
            reroll_hits.append(0)
    laser2 = chains(reroll_hits)
    out: list[Hit] = []
    for (weapon, _, damage), *ns in zip(profiles, counts, laser, reroll_hits, laser2, strict=True):
        out += [Hit(damage, weapon)] * sum(ns)
    return out, log


def attack_job(st: DustState, job: list[Any]) -> None:
    """Steps 2-4 (DW-ATK-03..07), then step 5's assignments and the Suppression."""
    _, u, t, verb, sustained, reaction_attack = job
    attacker = st.unit(u)
    target = st.unit(t)
    if not st.on_table(u) or not st.on_table(t):
        st.say("attack_void", "the attack has no target left", None, unit=u)
        st.dirt = -1
        return
    cls = target_class(st, t)
    used = eligible(st, u, t, verb, reaction_attack=bool(reaction_attack))
    profiles = dice_profiles(used, cls)
    vehicle = target.is_vehicle
    hits, log = roll_hits(st, attacker, profiles, sustained=bool(sustained), vehicle=vehicle)
    # DW-WPN-08: every Reloadable weapon that rolled dice is Unloaded now
    unloaded = list(st.unloaded[u])
    for m, weapon in used:
        w = attacker.models[m].weapons.index(weapon)
        if weapon.has(WeaponAbility.RELOADABLE) and f"{m}.{w}" not in unloaded:
            unloaded.append(f"{m}.{w}")
    st.unloaded[u] = unloaded
    st.attacked[u] = True
    rolled = len(hits)
    burst = any(h.weapon.has(WeaponAbility.BURST) for h in hits)
    saved_cover, saved_armour, remaining = save(st, u, t, hits)
    st.say(
        "dice",
        f"{'; '.join(log) or 'no weapon in range'}: {rolled} hit(s), {saved_cover} cancelled by cover, "
        f"{saved_armour} saved by armour, {len(remaining)} unsaved",
        None,
        unit=u,
        target=t,
        hits=rolled,
        cover=saved_cover,
        armour=saved_armour,
        unsaved=len(remaining),
    )
    damage = [h.damage + (1 if vehicle and h.weapon.has(WeaponAbility.PENETRATOR) else 0) for h in remaining]
    st.attack = {
        "attacker": u,
        "target": t,
        "hits": damage,
        "suppression": suppression_gain(st, t, rolled, burst),
    }
    st.push(["assign"])


def cover_level(st: DustState, u: int, t: int) -> int:
    """DW-ATK-07: the unit's cover level C, seen from the attacking unit's leader (the attacking
    miniature nearest the target while Leaderless), +1 for Hit the Dirt (DW-REA-09) and +1 for
    Dug-In (DW-BTL-05), to 3;
    never for a Heavy walker (DW-HVY-02)."""
    target = st.unit(t)
    if target.is_heavy:
        return 0
    board = st.board
    bases = st.bases(t)
    if st.leader[u] >= 0:
        ref = st.base(u, st.leader[u]).centre
    else:
        ref = min(st.bases(u), key=lambda a: min(distance(a, b) for b in bases)).centre
    bonus = (1 if st.dirt == t else 0) + (1 if st.dug_in[t] else 0)  # DW-REA-09, DW-BTL-05
    return unit_cover_level([board.cover(ref, b) for b in bases], bonus=bonus)


def save(st: DustState, u: int, t: int, hits: list[Hit]) -> tuple[int, int, list[Hit]]:
    """Step 4 (DW-ATK-06): cover cancels min(C, E) cover-eligible hits (not Spray, Close Combat,
    Grenades or a Sniper unit's; Artillery only against C >= 2), highest damage first; then the
    defender rolls one die per armour-eligible hit left (not Phasers or a Sniper unit's), each
    hit cancelling one, highest damage first."""
    sniper = st.unit(u).has(Ability.SNIPER)
    c = cover_level(st, u, t)
    order = sorted(hits, key=lambda h: -h.damage)

    def cover_ok(h: Hit) -> bool:
        w = h.weapon
        if sniper or any(
            w.has(a) for a in (WeaponAbility.SPRAY, WeaponAbility.CLOSE_COMBAT, WeaponAbility.GRENADES)
        ):
            return False
        return c >= 2 or not w.has(WeaponAbility.ARTILLERY)

    cancelled = 0
    left: list[Hit] = []
    for h in order:
        if cancelled < c and cover_ok(h):
            cancelled += 1
        else:
            left.append(h)
    armour_ok = [h for h in left if not sniper and not h.weapon.has(WeaponAbility.PHASERS)]
    faces = roll(st.rng, len(armour_ok))
    saves = sum(1 for f in faces if is_hit(f))
    if armour_ok:
        st.say("armour", f"{unit_title(st, t)} armour roll {faces_text(faces)}", None, unit=t, faces=faces)
    out: list[Hit] = []
    for h in left:
        if saves and h in armour_ok:
            armour_ok.remove(h)
            saves -= 1
            continue
        out.append(h)
    armour_saved = len(left) - len(out)
    return cancelled, armour_saved, out


def suppression_gain(st: DustState, t: int, rolled: int, burst: bool) -> int:
    """DW-SUP-02: 1 marker if the attack rolled a hit, +1 if a Burst weapon hit (DW-WPN-02);
    Blutkreuz ape 1 fewer (DW-ABL-05); a Heavy walker at most 1 (DW-HVY-04)."""
    if rolled == 0:
        return 0
    n = 1 + (1 if burst else 0)
    target = st.unit(t)
    if target.has(Ability.BLUTKREUZ_APE):
        n = max(0, n - 1)
    if target.is_heavy:
        n = min(n, HEAVY_MAX_SUPPRESSION)
    return n


def assign_job(st: DustState, _job: list[Any]) -> None:
    """Step 5: each unsaved hit, highest damage first, to a miniature the defender picks; then
    the attack's Suppression (DW-SUP-02)."""
    att = st.attack
    assert att is not None
    t = att["target"]
    if att["hits"] and st.living(t) and st.on_table(t):
        st.decide("hit", st.unit(t).seat)
        return
    if st.on_table(t) and att["suppression"]:
        st.supp[t] += att["suppression"]
        st.say(
            "suppressed",
            f"{unit_title(st, t)} gain {att['suppression']} Suppression",
            None,
            unit=t,
            markers=st.supp[t],
        )
    st.attack = None
    st.dirt = -1


def hit_options(st: DustState) -> list[Action]:
    """D-20 with DW-ATK-08 (a) a damaged miniature takes the hit, (b) a Hero only when no
    other miniature is left (DW-HERO-03)."""
    att = st.attack
    assert att is not None
    t = att["target"]
    table = st.game.actions
    unit = st.unit(t)
    living = st.living(t)
    damaged = [m for m in living if st.dmg[t][m] > 0 and not unit.models[m].hero]
    plain = [m for m in living if not unit.models[m].hero]
    if damaged:
        return [table.hit[m] for m in damaged]
    if plain:
        return [table.hit[m] for m in plain]
    return [table.hit[m] for m in living]


def hit_apply(st: DustState, action: Action) -> None:
    """DW-ATK-08 (c), DW-ATK-09, DW-UNIT-03/09/11: X damage (excess lost); a miniature at its
    capacity is removed at once; a lost leader leaves the unit Leaderless; the last one lost
    destroys the unit."""
    att = st.attack
    assert att is not None
    st.decision = None
    t = att["target"]
    m = action.part("model")
    damage, *rest = att["hits"]
    st.attack = {**att, "hits": rest}
    unit = st.unit(t)
    cap = unit.models[m].capacity
    dmg = list(st.dmg[t])
    dmg[m] = min(cap, dmg[m] + damage)
    st.dmg[t] = dmg
    st.touch()
    if dmg[m] < cap:
        st.say(
            "damage",
            f"{unit_title(st, t)}: {unit.models[m].role} takes {damage} damage",
            None,
            unit=t,
            model=m,
        )
    else:
        kill(st, t, m)
    st.push(["assign"])


# What follows a vehicle's destruction, from (state, vehicle, its last position): the passengers
# bail out (DW-ABL-07). rules/transport.py owns that and itself calls `kill`, so
# the rules package (rules/__init__.py) registers it here instead of this module importing it.
Wrecked = Callable[["DustState", int, list[Any] | None], None]
_WRECKED: list[Wrecked] = []


def on_wrecked(handler: Wrecked) -> None:
    """Run `handler` whenever a vehicle is destroyed (rules/__init__.py registers transport's)."""
    if handler not in _WRECKED:
        _WRECKED.append(handler)


def kill(st: DustState, t: int, m: int) -> None:
    unit = st.unit(t)
    last = st.pos[t][m]
    dead = list(st.dead[t])
    dead[m] = True
    st.dead[t] = dead
    st.fallen[t] = [*st.fallen[t], m]
    pos = list(st.pos[t])
    pos[m] = None
    st.pos[t] = pos
    st.touch()
    st.say("destroyed", f"{unit_title(st, t)}: {unit.models[m].role} is destroyed", None, unit=t, model=m)
    if st.leader[t] == m:
        st.leader[t] = -1
    if not any(not d for d in dead):
        st.status[t] = Status.DESTROYED.value
        st.say("unit_destroyed", f"{unit_title(st, t)} is destroyed", None, unit=t)
        if unit.is_vehicle:
            for wrecked in _WRECKED:
                wrecked(st, t, last)  # DW-ABL-07: rules/transport.py's bail_out
