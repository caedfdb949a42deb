"""A static estimate of a Dust Warfare position's outcome, for search (`Game.evaluate`).

The estimate projects each side's Superiority Points as if the battle ended now, with partial
credit for what is on its way to scoring (§3.19):

- **Held SP**: everything the scenario's victory conditions score from this very position
  (`rules/scoring.scores`: elimination of destroyed and Retreating units, DW-SUP-04/DW-UNIT-11;
  objectives controlled, DW-FB-06/07; Breakthrough, DW-FL-08; concealment, DW-NE-12; the secret
  objective, DW-SM-11), counted in full.
- **Worn units**: an enemy unit not yet lost counts the share of its AP it has already lost: the
  fraction of its miniatures' damage capacity gone (destroyed miniatures and damage, DW-UNIT-03)
  times `WORN`, plus its Suppression markers as a fraction of the count that makes it Retreat
  (DW-SUP-04: above the miniatures left, twice that for a Vehicle) times `SUPPRESSED`. A unit
  that would be lost at the end scores its whole AP under Held SP instead, so the two never add.
- **Contested objectives** score nobody (DW-FB-07), as at the end: stepping onto an objective the
  enemy holds is worth its whole SP in the difference below, taking it from an empty one too.

The difference of the two projections, scaled by `SCALE` SP, goes through tanh: the Allies' value
is v in (-1, 1) and the Axis' is -v (the game is zero-sum, DW-TURN-04). A finished game returns its
real result. The weights are judgement, not fitted: a miniature's share of its unit is worth less
than the unit's loss (the unit still scores and fights), and suppression is worth less than
damage (it can be regrouped away, DW-CMD-07).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from warroom.games.dust_warfare.rules.scoring import is_lost, scores
from warroom.games.dust_warfare.rules.secret import bonus
from warroom.games.dust_warfare.words import Status, UnitType

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

WORN = 0.6  # a unit's lost capacity share counts this much of its AP
SUPPRESSED = 0.3  # its Suppression share of the Retreat threshold counts this much of its AP
SCALE = 60.0  # SP: a projected lead this large is worth tanh(1) = 0.76 of a win


def worn(st: DustState, u: int) -> float:
    """How much of unit u's AP the enemy has on its way (0 .. WORN + SUPPRESSED), for a unit not
    yet lost; off-table units and units still to arrive are untouched (0)."""
    if st.status[u] != Status.TABLE or is_lost(st, u):
        return 0.0
    unit = st.unit(u)
    capacity = gone = 0
    for m, model in enumerate(unit.models):
        capacity += model.capacity
        gone += model.capacity if st.dead[u][m] else st.dmg[u][m]
    share = WORN * gone / capacity if capacity else 0.0
    if st.supp[u]:
        alive = len(st.living(u))
        limit = 2 * alive if unit.kind.unit_type is UnitType.VEHICLE else alive
        share += SUPPRESSED * min(1.0, st.supp[u] / (limit + 1))
    return share


def projected(st: DustState) -> list[float]:
    """Each seat's projected SP: the SP it holds now and the enemy's worn units."""
    held = scores(st, bonus)
    return [held[seat] + sum(st.unit(u).ap * worn(st, u) for u in st.units_of(1 - seat)) for seat in (0, 1)]


def evaluate(st: DustState) -> list[float]:
    """Every seat's expected return (-1 lost .. +1 won): the real one once the game is over."""
    if st.is_terminal():
        return st.returns()
    allies, axis = projected(st)
    value = math.tanh((allies - axis) / SCALE)
    return [value, -value]
