"""A static estimate of a Memoir '44 position's outcome, for search (`Game.evaluate`).

Each side's progress is its share of the medals it needs (kills and objectives, as the rules
count them) plus a tenth of its share of its starting figures still on the board; the estimate
is `tanh(3 * (own progress - enemy progress))` for every seat of a side, so a side one medal in
six ahead scores about +0.46 and the two sides always sum to zero. Hand-set, not fitted.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from warroom.games.memoir44.rules.units import medals

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def progress(st: M44State, side: int) -> float:
    scenario = st.m44.scenario
    start = alive = 0
    for u, unit in enumerate(scenario.units):
        if int(unit.side) == side:
            start += unit.figures
            if st.unit_hex[u] >= 0:
                alive += st.unit_fig[u]
    return medals(st, side) / scenario.victory_medals[side] + 0.1 * alive / max(1, start)


def evaluate(st: M44State) -> list[float]:
    """Every seat's expected return (-1 .. +1) from the medal race."""
    g = st.m44
    if st.is_terminal():
        return st.returns()
    lead = math.tanh(3.0 * (progress(st, 0) - progress(st, 1)))
    return [lead if g.side_of_seat(p) == 0 else -lead for p in range(g.num_players)]
