"""Dust Warfare's observation along seeded random games of every playable scenario, for both
seats and the spectator: `observe_into`, written from the state, equals the view's encoding
(Night Encounter's markers included), and the declared bounds (encoding.bounds, issue 18) hold
and are finite for every element but suppression, which the rules leave unlimited (DW-SUP-01)."""

from __future__ import annotations

import numpy as np
import pytest

import warroom
from warroom.games.dust_warfare import encoding
from warroom.games.dust_warfare.game import PLAYABLE


@pytest.mark.parametrize("scenario", PLAYABLE)
def test_observe_into_equals_the_view_within_the_declared_bounds(scenario: str) -> None:
    game = warroom.load("dust_warfare", scenario=scenario)
    low, high = game.observation_bounds()
    size = game.observation_size()
    assert low.shape == high.shape == (size,) and (low <= high).all()
    suppression = [encoding.HEAD + i * encoding.PER_UNIT + 5 for i in range(len(game.units))]
    assert np.flatnonzero(~np.isfinite(high)).tolist() == suppression  # DW-SUP-01 alone
    assert np.isfinite(low).all()
    rng = np.random.default_rng(7)
    state = game.new_initial_state(7)
    out = np.empty(size, np.float32)
    seen = np.zeros(size, bool)  # elements that left zero at least once: the walk is not idle
    steps = 0
    while True:
        for viewer in (None, 0, 1):
            out.fill(np.nan)  # every element must be written
            game.observe_into(state, viewer, out)
            reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
            assert np.array_equal(out, reference), (scenario, steps, np.flatnonzero(out != reference)[:5])
            outside = np.flatnonzero((out < low) | (out > high))
            assert not len(outside), f"{scenario} step {steps}: {outside[:5]} = {out[outside[:5]]}"
            seen |= out != 0
        if state.is_terminal() or steps >= 400:
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1
    assert steps > 20 and seen.sum() > 100
