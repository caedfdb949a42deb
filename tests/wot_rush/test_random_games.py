"""The generic random-game checker over 2,000 seeded games for each of 2, 3, 4 and 5 players, with
the game's invariants (WOT-PLAY-05, WOT-DATA-05, WOT-DEF-01, WOT-REW-05, WOT-END-07):

- at every step: the number of cards across all zones is conserved, the decision belongs to a
  seat, purchases stay within the limit, no turn runs without end;
- every FULL_EVERY steps and at the end, the full `check_integrity`: every card in exactly one zone,
  medal decks holding only their own cards, a base defended by at most one armoured vehicle.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from warroom.core.checker import CheckStats, check_random_game
from warroom.core.game import State
from warroom.games.wot_rush import WotRushGame
from warroom.games.wot_rush.invariants import quick_check

GAMES = 2_000
CHUNK = 250
FULL_EVERY = 32


def _invariant() -> Callable[[State], None]:
    steps = [0]

    def check(state: State) -> None:
        steps[0] += 1
        quick_check(state)  # type: ignore[arg-type]
        if steps[0] % FULL_EVERY == 0 or state.is_terminal():
            state.check_integrity()

    return check


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games(players: int, start: int) -> None:
    game = WotRushGame(players=players)
    stats = CheckStats()
    invariant = _invariant()
    for seed in range(start, start + CHUNK):
        check_random_game(game, seed, invariant=invariant, deep_every=397, stats=stats)
    assert stats.games == CHUNK
    assert stats.longest < game.info.max_decisions
