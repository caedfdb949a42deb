"""The regions of a World of Tanks: Rush position whose changes the rules count (speed, issue 18).

`WotState.changes` holds one counter per region; the rules add 1 to a region's counter wherever
they change it (each such line says "speed (issue 18)"), so the environments' observation
(`encoding.Encoder`) rewrites only the regions whose counters moved since it last wrote that
same state object, instead of comparing every part of the state with a copy. A counter is not
part of the position: not saved, not compared, cloned with the state (a clone is another object,
which the encoder writes whole the first time it sees it). A counter that moves without a change
only costs a rewrite; a change without its counter moving would be a stale observation, which
`tests/envs/test_change_counters.py` looks for at every step of seeded games.

| region | what it covers |
|---|---|
| `PILES` | the reserve, the vehicle discard pile, the graveyard |
| `MEDALS` | the medal decks |
| `BASE + seat` | that seat's bases and defenders and their damage |
| `SQUAD + seat` | that seat's hand, hangar and warehouse |

The achievements in play are set at setup and never change, so they have no counter.
"""

from __future__ import annotations

from warroom.games.wot_rush.words import MAX_SEATS

PILES = 0
MEDALS = 1
BASE = 2
SQUAD = BASE + MAX_SEATS
REGIONS = SQUAD + MAX_SEATS


def fresh() -> list[int]:
    """A new state's counters."""
    return [0] * REGIONS
