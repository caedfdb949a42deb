"""A static estimate of a Siege position's outcome, for search (`Game.evaluate`).

`features` reads what decides a siege: buildings still standing, fortifications and pillboxes,
the enemies still to come (reserve, Field Marshal's hand, staged tokens), the armour on the board
weighted by how close it stands to the city, the enemies at an open wall or inside the city next
to a standing building, and the cards in the defenders' hands. `win_probability` is a logistic
model over them whose weights were fitted (maximum likelihood) to positions sampled from 3,000
seeded games of the heuristic team, 4 players, normal mode; `evaluate` turns it into the expected
return of every seat (the defenders share it; a Field Marshal gets its negation).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from warroom.games.siege.board import RING_OF, SECTOR_OF, cw

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState

_RING_WEIGHT = (0.3, 0.6, 1.2, 2.5, 4.0)  # rear, aviation, artillery, tank, city
_TANK, _CITY = 3, 4

# intercept, then one weight per entry of `features` (fitted; see the module docstring)
WEIGHTS = (1.1917, 0.5835, 0.1780, 0.1309, -0.0914, -0.0748, -0.0712, -0.1443, 0.0347)


def features(st: SiegeState) -> tuple[float, ...]:
    buildings = sum(st.building)
    forts = sum(st.fort)
    dots = sum(st.dot)
    to_come = len(st.reserve) + len(st.marshal_hand) + len(st.staged)
    armour = st.armour
    on_board = weighted = danger = 0.0
    for tid, sp in st.pos.items():
        a = armour[tid]
        ring = RING_OF[sp]
        on_board += a
        weighted += _RING_WEIGHT[ring] * a
        s = SECTOR_OF[sp]
        at_wall = ring == _TANK and not st.fort[s - 1] and st.building[s - 1]
        if at_wall or (ring == _CITY and st.building[cw(s) - 1]):
            danger += 1.0
    cards = sum(len(hand) for hand in st.hands) / max(1, len(st.hands))
    return (float(buildings), float(forts), float(dots), float(to_come), on_board, weighted, danger, cards)


def win_probability(st: SiegeState) -> float:
    """The defenders' chance of winning from here, as the fitted model sees it."""
    if st.result:
        return 1.0 if st.result > 0 else 0.0
    z = WEIGHTS[0] + sum(w * x for w, x in zip(WEIGHTS[1:], features(st), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(st: SiegeState) -> list[float]:
    """Every seat's expected return (-1 lost .. +1 won) under `win_probability`."""
    value = 2.0 * win_probability(st) - 1.0
    out = [value] * st.siege.defenders
    if st.siege.marshal_seat >= 0:
        out.append(-value)
    return out
