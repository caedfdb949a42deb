"""Night Encounter played by `sample_legal` (DW-NE-02 marker placement, DW-GEO-17 exact
proposals): a random playout or a search's rollout draws each hidden-unit marker's point as an
exact `place x,y` proposal the placement predicate accepts (the lattice's `at` options are not
offered at the first stage, which lists only regions, and were refused), so seeded games reach
their end."""

from __future__ import annotations

import warroom
from warroom.core.rng import Rng


def test_sampled_night_encounter_games_place_their_markers_and_end() -> None:
    game = warroom.load("dust_warfare", scenario="night_encounter")
    for seed in range(2):
        state, rng = game.new_initial_state(seed), Rng(seed)
        markers = 0
        while not state.is_terminal():
            action = state.sample_legal(rng)
            markers += action.text.startswith("place")
            state.apply_action(action)
        assert markers >= 1, "the markers were placed by exact proposals"
