"""The quiet mode of the core's engine (`TurnState.mute`, issue 15): a muted state keeps no
events, and plays the same game move for move as a loud one: the rules never read events.

Every registered game, seeded random games played twice side by side, one muted from the start:
after every move the two serialize identically and list the same options; the loud one's
events are the events of a loud game (the fingerprints pin their texts), the muted one's none
(World of Tanks: Rush runs its own `_apply`, which honours the mute too).
"""

from __future__ import annotations

import pytest

import warroom
from warroom.core.engine import TurnState
from warroom.core.rng import Rng

SEEDS = range(3)


@pytest.mark.parametrize("game_id", warroom.games())
def test_muted_games_play_the_same_moves(game_id: str) -> None:
    game = warroom.load(game_id)
    for seed in SEEDS:
        loud, quiet = game.new_initial_state(seed), game.new_initial_state(seed)
        assert isinstance(quiet, TurnState)
        quiet.mute()
        assert quiet.muted and not getattr(loud, "muted", False)
        rng, said, moves = Rng(seed), 0, 0
        while not loud.is_terminal() and moves < 400:
            options = loud.legal_actions()
            assert [a.text for a in quiet.legal_actions()] == [a.text for a in options]
            action = options[rng.below(len(options))]
            said += len(loud.apply_action(action))
            told = quiet.apply_action(action.text)
            assert told == []
            assert quiet.serialize() == loud.serialize(), f"{game_id} seed {seed}: move {moves}"
            moves += 1
        assert quiet.is_terminal() == loud.is_terminal()
        assert said > 0, "a loud game tells what happens"


@pytest.mark.parametrize("game_id", ["siege", "memoir44", "metro2033"])
def test_a_muted_worlds_clones_stay_muted_and_loud_clones_loud(game_id: str) -> None:
    """The search mutes its determinised worlds and plays each candidate in a clone of one."""
    state = warroom.load(game_id).new_initial_state(7)
    assert isinstance(state, TurnState)
    loud_clone = state.clone()
    state.mute()
    muted_clone = state.clone()
    assert isinstance(loud_clone, TurnState) and isinstance(muted_clone, TurnState)
    assert muted_clone.muted and not loud_clone.muted
    action = loud_clone.legal_actions()[0]
    assert loud_clone.apply_action(action) != [] or loud_clone.is_terminal()
    assert muted_clone.apply_action(action) == []
    assert muted_clone.serialize() == loud_clone.serialize()
