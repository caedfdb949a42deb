"""The regions of a Siege position whose changes the rules count (speed, issue 18).

`SiegeState.changes` holds one counter per region; the rules add 1 to a region's counter wherever
they change it (each such line says "speed (issue 18)"), so the environments' observation
(`encoding.encode_into`) rewrites a region only when its counter moved since it last wrote that
same state object, instead of comparing it with a copy and copying it again. A counter is not part
of the position: not saved, not compared, cloned with the state (a clone is another object, which
the encoder writes whole the first time it sees it). A counter that moves without a change only
costs a rewrite; a change without its counter moving would be a stale observation, which
`tests/envs/test_change_counters.py` looks for at every step of seeded games.

| region | what it covers |
|---|---|
| `BOARD` | the enemies' spaces and armour, the hedgehog |
| `DISCARD` | the card discard pile |
| `ENEMY_DISCARD` | the enemy discard pile |
| `HAND + seat` | that seat's hand |

The structures, the piles' sizes, the turn and the seats' trophies and flags are few numbers the
encoder still compares directly, so they have no counter.
"""

from __future__ import annotations

from warroom.games.siege.actions import MAX_SEATS

BOARD = 0
DISCARD = 1
ENEMY_DISCARD = 2
HAND = 3
REGIONS = HAND + MAX_SEATS


def fresh() -> list[int]:
    """A new state's counters."""
    return [0] * REGIONS
