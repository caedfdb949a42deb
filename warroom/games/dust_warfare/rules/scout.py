"""Scout vehicles' pre-game move (dust_warfare.md DW-ABL-17 (a), DW-SET-04 step 8, D-10).

After deployment (and Front Lines' Dug-In choices) and before turn 1, each Scout vehicle on the
table may make one free single Move; it may not end within 12" of any enemy miniature. The
players alternate these moves, starting with the player who deployed first. The Move is a
placement like any other (rules/placement.py, purpose `scout`), `stay` keeping the vehicle where
it is; it triggers no reactions (there is no Unit phase yet). Part (b), revealing hidden unit
markers within 12", belongs with the markers (rules/hidden.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warroom.games.dust_warfare.geometry import TOL, Base, Placement, Point2, UnitMove, distance
from warroom.games.dust_warfare.rules import arrival, placement
from warroom.games.dust_warfare.table_words import unit_title
from warroom.games.dust_warfare.words import Ability

if TYPE_CHECKING:
    from collections.abc import Sequence

    from warroom.games.dust_warfare.state import DustState

SCOUT_GAP = 12.0  # DW-ABL-17 (a): may not end within 12" of an enemy


@dataclass
class ScoutMove(UnitMove):
    """A single Move (DW-MOVE-01..08) that may not end within 12" of any base in `away`."""

    away: tuple[Base, ...] = ()

    def is_legal(self, placement: Placement, waypoints: Sequence[Sequence[Point2]] | None = None) -> bool:
        if not super().is_legal(placement, waypoints):
            return False
        finals = self._finals(placement)
        assert finals is not None
        return all(distance(f, e) > SCOUT_GAP + TOL for f in finals for e in self.away)


def scouts_job(st: DustState, _job: list[Any]) -> None:
    """DW-ABL-17 (a): each side's Scout vehicles on the table, alternating from the player who
    deployed first, each get a free Move."""
    first = st.first if st.first >= 0 else 0
    lists = [
        [u for u in st.table_units(seat) if st.unit(u).has(Ability.SCOUT_VEHICLE)]
        for seat in (first, 1 - first)
    ]
    order: list[int] = []
    for k in range(max(len(lists[0]), len(lists[1]))):
        order += [side[k] for side in lists if k < len(side)]
    st.push(*(["scout", v] for v in order))


def scout_job(st: DustState, job: list[Any]) -> None:
    v = job[1]
    if st.on_table(v):
        st.say("scout", f"{unit_title(st, v)} may make its scouting move", None, unit=v)
        placement.begin(st, arrival.SCOUT, v, st.unit(v).seat)


def context(st: DustState, placing: dict[str, Any], models: list[int], lr: float | None) -> ScoutMove:
    """The free Move's predicate: the unit's single Move, ending more than 12" from enemies."""
    u = placing["unit"]
    unit = st.unit(u)
    friends, enemies = st.friends_and_enemies(u)
    return ScoutMove(
        st.board,
        tuple(st.base(u, m) for m in models),
        unit.profile,
        unit.movement,
        friends=friends,
        enemies=enemies,
        leadership=lr,
        away=enemies,
    )
