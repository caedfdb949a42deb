"""Artillery on minefield markers (dust_warfare.md DW-WPN-01's FAQ part, DW-ATK-11's one
exception, DW-BTL-03, P14).

An Attack action of a unit with an Artillery weapon may target an enemy minefield marker instead
of a unit, revealed or not: the marker is a target whatever it hides, and its Density stays hidden
from the attacker until the shelling reveals it. Only the unit's Artillery weapons take part, each
as against a Vehicle 2 target (DW-WPN-01: "as if it were a Vehicle 2 target", so its V2 dice, and a
reroll of a Vehicle target's, e.g. Tank killer, applies as against any Vehicle), and only those
loaded (DW-WPN-08) and able to reach the marker as for any target (DW-GEO-15, DW-WPN-01):

- range from the firing miniature to the marker's area (T-MINE, radius 3", edge to edge as
  DW-GEO-05 measures any base), within the weapon's range, so never under the 12" minimum;
- the marker in the weapon's arc (DW-GEO-08);
- line of sight from the firing miniature, or from a friendly Spotter (DW-ABL-24), to the marker
  at its centre at ground level [gap: designed: the face-down token lies in the middle of its area];
  under Limited visibility only within 12" (DW-BTL-10: a marker never fired, so no muzzle flash).

A Sustained Attack (DW-ATK-12) is offered as for a unit. Nothing reacts (DW-REA-02: no unit is
attacked and none moved), no Suppression follows (DW-SUP-02 is a unit's), and the hits meet no
cover and no armour roll (the digest gives a marker neither; [gap: designed]: a minefield lies on
no terrain piece, DW-FL-04). The hits then act on the marker (DW-WPN-01, [gap→P14]):

- a dummy hit at least once is revealed and removed;
- a live minefield loses 1 Density a hit and is removed at Density 0; one still live after the
  hits is revealed and stays face up with its lower Density (a designed reading: a hit marker that
  stays is known to be live anyway, as a dummy hit is removed, and DW-BTL-03 keeps a revealed live
  minefield face up);
- an attack that hits nothing reveals nothing.

Markers are named by their place on the table ("the minefield marker 8.0" from the north edge
..."), as rules/fortify.py's lines say them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.dust_warfare.content import Weapon
from warroom.games.dust_warfare.geometry import TOL, Base, distance, in_fire_arc
from warroom.games.dust_warfare.rules import spotter
from warroom.games.dust_warfare.rules.attack import dice_profiles, roll_hits
from warroom.games.dust_warfare.rules.fortify import mine_radius
from warroom.games.dust_warfare.rules.night import NIGHT_SIGHT
from warroom.games.dust_warfare.table_words import point_words, unit_title
from warroom.games.dust_warfare.words import ArmourClass, Mount, WeaponAbility

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

MARKER_CLASS = ArmourClass.V2  # DW-WPN-01: a minefield marker is attacked as a Vehicle 2 target


def marker_base(st: DustState, k: int) -> Base:
    """Minefield k as a target: its area's disk (T-MINE, radius 3") at ground level."""
    _owner, x, y, *_rest = st.mines[k]
    return Base(float(x), float(y), mine_radius(st), 0.0)


def _sees(st: DustState, a: Base, marker: Base) -> bool:
    """LOS from a miniature to the marker (DW-GEO-10..13), within 12" under Limited visibility
    (DW-BTL-10)."""
    if not st.sight(a, marker):
        return False
    return not st.game.scenario.limited_visibility or distance(a, marker) <= NIGHT_SIGHT + TOL


def eligible(st: DustState, u: int, k: int, *, first: bool = False) -> list[tuple[int, Weapon]]:
    """Each (miniature, Artillery weapon) of unit u that may shell minefield k: loaded, with dice
    against V2, in range (its minimum included), arc and the firing miniature's or a friendly
    Spotter's sight of the marker (the module docstring). `first`: stop at one."""
    unit = st.unit(u)
    marker = marker_base(st, k)
    unloaded = set(st.unloaded[u])
    spotted: bool | None = None  # asked once, only when a firing miniature cannot see
    out: list[tuple[int, Weapon]] = []
    for m in st.living(u):
        if st.pos[u][m] is None:
            continue
        model = unit.models[m]
        shooter = st.base(u, m)
        for w, (weapon, mount) in enumerate(zip(model.weapons, model.mounts, strict=True)):
            if not weapon.has(WeaponAbility.ARTILLERY) or f"{m}.{w}" in unloaded:
                continue
            if weapon.dice(MARKER_CLASS) is None or not weapon.reach.covers(distance(shooter, marker)):
                continue
            if not in_fire_arc(shooter, marker, mount is Mount.FRONT):
                continue
            if not _sees(st, shooter, marker):
                if spotted is None:
                    spotted = any(_sees(st, s, marker) for s in spotter.spotters(st, unit.seat))
                if not spotted:
                    continue
            out.append((m, weapon))
            if first:
                return out
    return out


def targets(st: DustState, u: int) -> list[int]:
    """The enemy minefield markers unit u may shell now (DW-ATK-11's exception), by their place
    in the state's list; none for a unit without a loaded Artillery weapon."""
    unit = st.unit(u)
    if not any(w.has(WeaponAbility.ARTILLERY) for m in st.living(u) for w in unit.models[m].weapons):
        return []
    enemy = 1 - unit.seat
    return [k for k, mine in enumerate(st.mines) if mine[0] == enemy and eligible(st, u, k, first=True)]


def dice(st: DustState, u: int, k: int) -> int:
    """The dice the shelling will roll before rerolls and laser dice (DW-ATK-05 against V2)."""
    total = 0
    for _, weapon in eligible(st, u, k):
        entry = weapon.dice(MARKER_CLASS)
        total += 0 if entry is None else entry.dice
    return total


def marker_words(st: DustState, k: int) -> str:
    """The marker by its place on the table (as rules/fortify.py says it)."""
    _owner, x, y, *_rest = st.mines[k]
    return f"the minefield marker {point_words(st, x, y)}"


def shell(st: DustState, u: int, k: int, sustained: bool) -> None:
    """Declare and resolve unit u's Attack on minefield k (the module docstring): its Artillery's
    dice as against V2 in the canonical order (attack.roll_hits), Reloadable weapons Unloaded
    (DW-WPN-08), the unit counted as having attacked this turn (DW-BTL-10), then the hits."""
    owner, x, y, density, revealed = st.mines[k]
    where = marker_words(st, k)
    st.say(
        "attack",
        f"{unit_title(st, u)} shells {where}{' (Sustained Attack)' if sustained else ''}",
        None,
        unit=u,
        minefield=k,
        x=x,
        y=y,
        sustained=sustained,
    )
    attacker = st.unit(u)
    used = eligible(st, u, k)
    profiles = dice_profiles(used, MARKER_CLASS)
    hits, log = roll_hits(st, attacker, profiles, sustained=sustained, vehicle=True)
    unloaded = list(st.unloaded[u])
    for m, weapon in used:
        slot = f"{m}.{attacker.models[m].weapons.index(weapon)}"
        if weapon.has(WeaponAbility.RELOADABLE) and slot not in unloaded:
            unloaded.append(slot)
    st.unloaded[u] = unloaded
    st.attacked[u] = True
    n = len(hits)
    st.say(
        "dice",
        f"{'; '.join(log) or 'no weapon in range'}: {n} hit(s) on {where}",
        None,
        unit=u,
        minefield=k,
        x=x,
        y=y,
        hits=n,
    )
    if n == 0:
        return  # nothing revealed
    if density == 0:
        st.mines = [m for i, m in enumerate(st.mines) if i != k]
        st.say("minefield", f"{where} was a dummy: it is removed", None, x=x, y=y, density=0)
        return
    left = max(0, density - n)
    if left == 0:
        st.mines = [m for i, m in enumerate(st.mines) if i != k]
        st.say(
            "minefield",
            f"{where} was live (Density {density}): cleared, it is removed",
            None,
            x=x,
            y=y,
            density=0,
        )
        return
    st.mines = [[owner, x, y, left, True] if i == k else m for i, m in enumerate(st.mines)]
    was = "" if revealed else f" (it was Density {density})"
    st.say(
        "minefield",
        f"{where} is live{was}: its Density falls to {left}; it stays face up",
        None,
        x=x,
        y=y,
        density=left,
    )
