"""Superiority Points (dust_warfare.md §3.19, DW-FB-06/07, DW-FL-08, DW-UNIT-12, DW-HERO-07,
DW-CAMP-05): computed from the final position only, so a checker can recompute them.

- Elimination: the AP of every enemy unit destroyed or Retreating at the end (DW-SUP-04,
  DW-UNIT-11); a joined Hero's own AP counts when its miniature is destroyed or its unit is
  destroyed or Retreating (DW-HERO-07).
- Objective control: a player controls a point if at least one of their non-Retreating,
  revealed miniatures is within its control distance (3") and no such enemy miniature is; the
  controller scores the objective's SP (DW-FB-06/07).
- Breakthrough (DW-FL-08): the AP of own non-Retreating units with a miniature within the given
  distance of the enemy's long edge, a joined Hero's AP with its unit.

Units not on the table at the end (the digest is silent; our decision, docs/dust_warfare.md
"Scoring units off the table"):
- A unit still off-table in reserve (DW-SET-06: it never entered, or a Night Encounter marker
  that found no place) counts as destroyed: it never reached the battle, so the enemy scores its
  AP as for a unit that left the table (DW-UNIT-11); it scores no Breakthrough and holds no
  objective (DW-NE-13 already denies it the concealment bonus).
- An embarked unit is in the battle aboard its vehicle: it is neither destroyed nor Retreating
  (it carries no Suppression of its own while aboard and its vehicle's loss makes it bail out,
  DW-ABL-07), and for Breakthrough it stands where its vehicle stands, as orders measure it from
  the vehicle (DW-CMD-12): it scores when the vehicle has a miniature within the distance and is
  not Retreating. It controls no objective (not a revealed miniature on the table).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.games.dust_warfare.geometry import distance_to_point, is_within
from warroom.games.dust_warfare.rules import night
from warroom.games.dust_warfare.words import Edge, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState


LOST = (Status.DESTROYED, Status.RESERVE)  # DW-UNIT-11; in reserve at the end: our decision


def is_lost(st: DustState, u: int) -> bool:
    """Destroyed or Retreating at the end (§3.19), or still off-table in reserve (the module
    docstring: our decision)."""
    return st.status[u] in LOST or st.is_retreating(u)


def elimination(st: DustState, seat: int) -> int:
    """The AP of the opponent's units (and Heroes) destroyed or Retreating."""
    total = 0
    for u in st.units_of(1 - seat):
        unit = st.unit(u)
        lost = is_lost(st, u)
        if lost:
            total += unit.ap
        hero = unit.hero_model
        if unit.hero_kind is not None and hero is not None and (lost or st.dead[u][hero]):
            total += unit.hero_ap
    return total


def controller(st: DustState, point: tuple[float, float], reach: float) -> int:
    """The seat controlling a point (§3.19), or -1."""
    present = [False, False]
    for u in st.table_units():
        if st.is_retreating(u):
            continue
        seat = st.unit(u).seat
        if any(is_within(distance_to_point(b, *point), reach) for b in st.bases(u)):
            present[seat] = True
    if present[0] != present[1]:
        return 0 if present[0] else 1
    return -1


def breakthrough(st: DustState, seat: int, reach: float) -> int:
    """DW-FL-08: the AP of the seat's units through to the enemy's edge (an embarked unit with its
    vehicle, the module docstring)."""
    edge = st.edges[1 - seat]
    if edge is None:
        return 0
    total = 0
    for u in st.units_of(seat):
        ride = st.aboard[u] if st.status[u] == Status.EMBARKED else u  # aboard: where its vehicle is
        if st.status[ride] != Status.TABLE or st.is_retreating(ride):
            continue
        if any(is_within(st.board.edge_distance(b, Edge(edge)), reach) for b in st.bases(ride)):
            unit = st.unit(u)
            hero = unit.hero_model
            alive = unit.hero_kind is not None and hero is not None and not st.dead[u][hero]
            total += unit.ap + (unit.hero_ap if alive else 0)
    return total


def scores(st: DustState, bonus: Callable[[DustState, int], int] | None = None) -> list[int]:
    """Both seats' SP under the scenario's victory conditions; `bonus` adds a seat's secret
    objective (rules/secret.py, DW-SM-11)."""
    victory = st.game.scenario.victory
    out = [0, 0]
    for seat in (0, 1):
        if victory.elimination:
            out[seat] += elimination(st, seat)
        if victory.breakthrough is not None:
            out[seat] += breakthrough(st, seat, victory.breakthrough)
        if victory.concealment_sp:
            out[seat] += night.concealment(st, seat)  # DW-NE-12
    for objective in st.game.scenario.objective:
        if objective.sp:
            owner = controller(st, objective.point, objective.control)
            if owner >= 0:
                out[owner] += objective.sp
    if bonus is not None:
        out = [out[seat] + bonus(st, seat) for seat in (0, 1)]
    return out
