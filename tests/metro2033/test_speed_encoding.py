"""The direct observation encoder equals the view-based one (issue 15): `observe_into`, written
straight from the state, gives exactly `observe(state.view(p), p)` for every seat and the
spectator at every step of seeded random games for 2-6 players (encoding.py)."""

from __future__ import annotations

import numpy as np
import pytest

from warroom.core.rng import Rng
from warroom.games.metro2033 import Metro2033Game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_observe_into_equals_the_view_encoding(players: int) -> None:
    game = Metro2033Game(players=players, max_rounds=8)
    out = np.full(game.observation_size(), -7.0, np.float32)  # stale values must be overwritten
    steps = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        rng = Rng(seed)
        while True:
            for seat in [*range(players), None]:
                expected = np.asarray(game.observe(state.view(seat), seat), np.float32)
                game.observe_into(state, seat, out)
                assert np.array_equal(out, expected), (seed, steps, seat, np.flatnonzero(out != expected))
            if state.is_terminal():
                break
            options = state.legal_actions()
            state.apply_action(options[rng.below(len(options))])
            steps += 1
    assert steps > 100
