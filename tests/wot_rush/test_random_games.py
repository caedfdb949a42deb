"""The generic random-game checker over 2,000 seeded games for each of 2, 3, 4 and 5 players, with
the game's invariants at every step (WOT-PLAY-05, WOT-DATA-05, WOT-DEF-01, WOT-REW-05, WOT-END-07):
every card in exactly one zone, medal decks holding only their own cards (never negative), a base
defended by at most one armoured vehicle and a destroyed one by none, the decision belonging to a
seat, purchases within the limit, and no turn without end. At every end, `check_outcome`: the end
came iff a trigger condition holds (or the round cap), exactly when the trigger's round ended
(WOT-END-01..04/07), and the scores, winners and returns recomputed from the final squads are the
reported ones (WOT-SCORE-01..05).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from warroom.core.checker import CheckStats, check_random_game
from warroom.core.game import State
from warroom.core.rng import Rng
from warroom.games.wot_rush import WotRushGame
from warroom.games.wot_rush.invariants import StepChecker, check, check_outcome
from warroom.games.wot_rush.state import WotState

GAMES = 2_000
CHUNK = 250


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_games(players: int, start: int) -> None:
    game = WotRushGame(players=players)
    stats = CheckStats()
    checker = StepChecker()
    invariant: Callable[[State], None] = checker  # type: ignore[assignment]  # WotStates only
    for seed in range(start, start + CHUNK):
        final = check_random_game(game, seed, invariant=invariant, deep_every=397, stats=stats)
        check_outcome(final, checker.trigger_round)  # type: ignore[arg-type]  # a WotState
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


def _finished_game() -> tuple[WotState, int | None]:
    game = WotRushGame(players=3)
    checker = StepChecker()
    invariant: Callable[[State], None] = checker  # type: ignore[assignment]  # WotStates only
    final: WotState = check_random_game(game, 11, invariant=invariant)  # type: ignore[assignment]
    check_outcome(final, checker.trigger_round)
    return final, checker.trigger_round


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda st: st.scores.__setitem__(0, st.scores[0] + 1),  # a misreported score (WOT-SCORE-04)
        lambda st: setattr(st, "triggered", not st.triggered),  # trigger without condition (WOT-END-01/02)
        lambda st: setattr(st, "round", st.round + 1),  # one round too many (WOT-END-03)
        lambda st: setattr(st, "active", (st.active + 1) % 3),  # ended mid-round (WOT-END-03)
        lambda st: st.warehouse[0].append(st.medal2[0].pop()),  # a squad the score did not count
    ],
)
def test_outcome_check_catches_a_wrong_result(corrupt: Callable[[WotState], object]) -> None:
    """The terminal check fails when the reported result disagrees with the rules' end conditions
    or with the scores recomputed from the final squads (WOT-END-01..04, WOT-SCORE-01..05)."""
    final, trigger_round = _finished_game()
    corrupt(final)
    with pytest.raises(AssertionError):
        check_outcome(final, trigger_round)


def test_outcome_check_catches_an_early_or_late_end() -> None:
    """WOT-END-03: the game ends when the trigger's round ends: a trigger seen one round earlier or
    later than the end fails the check."""
    final, trigger_round = _finished_game()
    assert trigger_round is not None
    for wrong in (trigger_round - 1, trigger_round + 1):
        with pytest.raises(AssertionError):
            check_outcome(final, wrong)
