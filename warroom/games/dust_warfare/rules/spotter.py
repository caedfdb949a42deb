"""Spotters and indirect fire (dust_warfare.md DW-ABL-24, DW-WPN-01, EDGE-24/25).

A friendly Spotter miniature that sees a target lets Artillery weapons attack it even when the
firing miniature has no line of sight (DW-ABL-24): range is still measured from the firing
miniature, and line of sight counts as present for the range check (DW-WPN-01, DW-GEO-15). The
Spotter needs no action. Under Limited visibility the Spotter's sight obeys the same limits as
any miniature's: only within 12" unless the target's unit attacked earlier this turn (DW-BTL-10,
rules/night.py). Artillery never fires in a reaction (rules/attack.py), and its hits are
cover-eligible only against cover 2 or more (DW-ATK-06).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.dust_warfare.content import Weapon
from warroom.games.dust_warfare.geometry import Base
from warroom.games.dust_warfare.rules import night
from warroom.games.dust_warfare.words import Ability, WeaponAbility

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState


def spotters(st: DustState, seat: int) -> list[Base]:
    """The seat's living Spotter miniatures on the table (a miniature-only ability, §3.21.2)."""
    out = []
    for u in st.table_units(seat):
        unit = st.unit(u)
        for m in st.living(u):
            if Ability.SPOTTER in unit.models[m].abilities and st.pos[u][m] is not None:
                out.append(st.base(u, m))
    return out


def spotted(st: DustState, seat: int, target: Base, t: int) -> bool:
    """DW-ABL-24: some friendly Spotter sees the target miniature (of unit t), at night only
    within 12" unless unit t attacked this turn (DW-BTL-10)."""
    return any(night.sees(st, s, target, t) for s in spotters(st, seat))


def indirect(st: DustState, seat: int, weapon: Weapon, target: Base, t: int) -> bool:
    """DW-WPN-01: an Artillery weapon may attack a target miniature (of unit t) that a friendly
    Spotter sees (DW-ABL-24, DW-BTL-10)."""
    return weapon.has(WeaponAbility.ARTILLERY) and spotted(st, seat, target, t)
