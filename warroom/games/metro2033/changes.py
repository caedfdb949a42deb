"""The regions of a Metro 2033 position whose changes the rules count (speed, issue 18).

`MetroState.changes` holds one counter per region; the rules add 1 to a region's counter wherever
they change it (each such line says "speed (issue 18)"), so the environments' observation
(`encoding.encode_into`) rewrites a region only when its counter moved since it last wrote that
same state object, instead of comparing it with a copy. A counter is not part of the position:
not saved, not compared, cloned with the state (a clone is another object, which the encoder
compares block by block with what it last wrote, as before the counters). A counter that moves
without a change only costs a rewrite; a change without its counter moving would be a stale
observation, which `tests/envs/test_change_counters.py` looks for at every step of seeded games.

| region | what it covers |
|---|---|
| `STATIONS` | every station's owner (`set_owner`, the one place a token moves) and the stations in play |
| `HEROES` | where each hero figure stands |
| `MARKET` | the Hanza market |
| `LAWS` | the active law and the law put to the vote |
| `SEAT + seat` | that seat's numbers: resources, army, VP (stations and completed quests), wounded, |
|  | equipment, face-down quests (which ones, too: the seat's own observation shows them), |
|  | scouting card, votes (stations and faction), faction |

The round, stage and first player (three numbers) and the dealt battle cards are still compared
directly, so they have no counter.
"""

from __future__ import annotations

STATIONS = 0
HEROES = 1
MARKET = 2
LAWS = 3
SEAT = 4


def fresh(seats: int) -> list[int]:
    """A new state's counters for `seats` players."""
    return [0] * (SEAT + seats)
