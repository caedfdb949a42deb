"""The generic random-game checker over 2,000 seeded games for each of 2, 3, 4 and 5 players, with
the game's invariants at every step (WOT-PLAY-05, WOT-DATA-05, WOT-DEF-01, WOT-REW-05, WOT-END-07):
every card in exactly one zone, medal decks holding only their own cards (never negative), a base
defended by at most one armoured vehicle and a destroyed one by none, the decision belonging to a
seat, purchases within the limit, and no turn without end.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from warroom.core.checker import CheckStats, check_random_game
from warroom.core.game import State
from warroom.core.rng import Rng
from warroom.games.wot_rush import WotRushGame
from warroom.games.wot_rush.invariants import StepChecker, check
from warroom.games.wot_rush.state import WotState

GAMES = 2_000
CHUNK = 250


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games(players: int, start: int) -> None:
    game = WotRushGame(players=players)
    stats = CheckStats()
    invariant: Callable[[State], None] = StepChecker()  # type: ignore[assignment]  # WotStates only
    for seed in range(start, start + CHUNK):
        check_random_game(game, seed, invariant=invariant, deep_every=397, stats=stats)
    assert stats.games == CHUNK
    assert stats.longest < game.info.max_decisions


def _midgame(steps: int = 60) -> tuple[WotRushGame, StepChecker, WotState]:
    game = WotRushGame(players=3)
    state = game.new_initial_state(7)
    rng = Rng(7)
    checker = StepChecker()
    for _ in range(steps):
        checker(state)
        state.apply_action(rng.choice(state.legal_actions()))
    checker(state)
    return game, checker, state


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda st: st.warehouse[0].append(st.vdeck[0]),  # a card in two zones
        lambda st: st.vdeck.pop(0),  # a card in no zone
        lambda st: st.graveyard.extend(st.vdeck[-2:]),  # cards copied onto another pile's end
        lambda st: st.medal1[0].append(st.medal2[1].pop()),  # a foreign medal card
        lambda st: st.guard.__setitem__(st.guard.index(-1), st.medal1[0].pop()),  # a medal defends
        lambda st: st.guard_dmg.__setitem__(st.guard.index(-1), True),  # damage on an empty slot
        lambda st: st.hand[0].append(-1),  # a non-card in a zone
    ],
)
def test_step_checker_catches_corruption(corrupt: Callable[[WotState], object]) -> None:
    """The incremental per-step check fails when a rule breaks an invariant between two steps
    (WOT-DATA-05, WOT-DEF-01, WOT-REW-05), as the full check does."""
    _, checker, state = _midgame()
    corrupt(state)
    with pytest.raises(AssertionError):
        checker(state)
    with pytest.raises(AssertionError):
        check(state)
