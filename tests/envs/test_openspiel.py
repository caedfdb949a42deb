"""The OpenSpiel bridge (issue 18): every warroom game as an OpenSpiel Python game passes
OpenSpiel's own random simulation test. Skipped when the optional `open_spiel` package is
absent (`pip install "warroom[openspiel]"`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from tests.envs.configs import configurations, default_games  # noqa: E402 (after the skip: needs pyspiel)
from warroom.envs import openspiel  # noqa: E402

openspiel.register_games()


@pytest.mark.parametrize("game_id", default_games())
def test_openspiel_random_simulation_test(game_id: str) -> None:
    """One whole random game, cloned, observed and checked by OpenSpiel at every step."""
    game = pyspiel.load_game(openspiel.short_name(game_id))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "options"), configurations())
def test_openspiel_loads_every_configuration(game_id: str, options: dict[str, Any]) -> None:
    game = pyspiel.load_game(openspiel.short_name(game_id), options)
    assert game.num_players() == options["players"]
    state = game.new_initial_state()
    assert state.legal_actions() and state.current_player() in range(options["players"])


def test_states_clone_apart_and_observe_like_the_environments() -> None:
    game = pyspiel.load_game(openspiel.short_name("wot_rush"), {"players": 2, "seed": 3})
    state = game.new_initial_state()
    twin = state.clone()
    state.apply_action(state.legal_actions()[0])
    assert twin.history() == [] and state.history() != []
    warroom_game = state.state.game
    out = np.empty(warroom_game.observation_size(), np.float32)
    warroom_game.observe_into(state.state, 1, out)
    assert np.array_equal(np.asarray(state.observation_tensor(1), np.float32), out)
    assert state.observation_string(1) == warroom_game.render(state.state, 1)


def test_a_seeded_game_replays_its_games() -> None:
    def first_moves(seed: int) -> list[int]:
        game = pyspiel.load_game(openspiel.short_name("siege"), {"players": 2, "seed": seed})
        return [game.new_initial_state().legal_actions()[0] for _ in range(3)] + [
            len(str(game.new_initial_state()))
        ]

    assert first_moves(4) == first_moves(4)


def test_openspiel_mcts_plays_a_game() -> None:
    """OpenSpiel's own MCTS bot (random rollouts) plays World of Tanks: Rush to the end."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(openspiel.short_name("wot_rush"), {"players": 2, "max_rounds": 3})
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 1.4, 4, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert len(state.returns()) == 2
