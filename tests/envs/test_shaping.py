"""Shaped rewards (issue 18, warroom/envs/shaping.py): off by default; potential-based, so an
episode's shaped rewards sum to its unshaped return less the first potential (the shaping
telescopes); every potential within its documented range; zero-sum over the seats in the
competitive games (Metro 2033, World of Tanks: Rush, Dust Warfare), shared by the defenders in
Siege. Siege solo, Metro 2033 and World of Tanks: Rush shape with the potential their encoding
registers, Dust Warfare with its evaluation; a game with neither refuses the option."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import warroom
from tests.toygame import ToyGame
from warroom import envs
from warroom.core.errors import OptionError
from warroom.envs import shaping
from warroom.games.metro2033 import encoding as metro_encoding
from warroom.games.siege import encoding as siege_encoding
from warroom.games.wot_rush import encoding as wot_encoding

SHAPED = [
    pytest.param("siege", {"players": 1}, 1.0, id="siege-1p"),
    pytest.param("metro2033", {"players": 2}, 0.5, id="metro2033-2p"),
    pytest.param("metro2033", {"players": 4}, 0.5, id="metro2033-4p"),
    pytest.param("wot_rush", {"players": 2}, 0.5, id="wot_rush-2p"),
    pytest.param("wot_rush", {"players": 3}, 0.5, id="wot_rush-3p"),
    pytest.param("dust_warfare", {}, 1.0, id="dust_warfare"),
]


def episode(env: Any, seed: int) -> tuple[list[float], float]:
    """A random masked learner's rewards over one episode, and the first potential."""
    env.reset(seed=seed)
    first = env.potential
    rng = np.random.default_rng(seed)
    rewards, done = [], False
    while not done:
        legal = np.flatnonzero(env.action_masks())
        _obs, reward, terminated, truncated, _info = env.step(int(rng.choice(legal)))
        rewards.append(float(reward))
        done = terminated or truncated
    return rewards, first


@pytest.mark.parametrize(("game_id", "options", "bound"), SHAPED)
def test_shaped_episode_sums_to_the_return_less_the_first_potential(
    game_id: str, options: dict[str, Any], bound: float
) -> None:
    shaped = envs.WarroomEnv(game_id, shaped=True, max_steps=400, **options)
    plain = envs.WarroomEnv(game_id, max_steps=400, **options)
    for seed in (1, 2):
        rewards, first = episode(shaped, seed)
        unshaped, _ = episode(plain, seed)  # the same seed: the same game, the same moves
        assert len(rewards) == len(unshaped)
        assert abs(first) <= bound
        assert all(abs(r) <= 2 * bound + 1.0 for r in rewards)
        if shaped.state.is_terminal():  # the potential is 0 at the end: the sum telescopes
            assert sum(rewards) == pytest.approx(sum(unshaped) - first, abs=1e-9)
        else:  # truncated: the potential still stands
            assert sum(rewards) == pytest.approx(sum(unshaped) + shaped.potential - first, abs=1e-9)
        assert any(r != 0.0 for r in rewards[:-1]), "the shaping paid nothing before the end"


@pytest.mark.parametrize(("game_id", "options", "bound"), SHAPED)
def test_shaping_is_off_by_default(game_id: str, options: dict[str, Any], bound: float) -> None:
    rewards, _ = episode(envs.WarroomEnv(game_id, max_steps=150, **options), 3)
    assert all(r == 0.0 for r in rewards[:-1])


@pytest.mark.parametrize(("game_id", "options", "bound"), SHAPED)
def test_potentials_are_bounded_and_zero_sum_where_the_game_is(
    game_id: str, options: dict[str, Any], bound: float
) -> None:
    game = warroom.load(game_id, **options)
    potential = shaping.potential_of(game)
    rng = np.random.default_rng(4)
    state = game.new_initial_state(4)
    seen = set()
    for _ in range(300):
        values = shaping.potentials(potential, state)
        assert len(values) == game.num_players and all(abs(v) <= bound for v in values)
        if not game.info.cooperative and game.num_players > 1:
            assert sum(values) == pytest.approx(0.0, abs=1e-9)
        seen.add(tuple(round(v, 6) for v in values))
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    assert len(seen) > 2, "the potential never moved"


def test_the_aec_shaped_rewards_are_zero_sum_and_telescope() -> None:
    """PettingZoo, Metro 2033 at 3 seats: each step's shaping sums to zero over the agents, and
    each agent's total is its final reward less its first potential."""
    env = envs.env("metro2033", players=3, shaped=True, max_steps=600)
    raw = env.unwrapped
    env.reset(seed=5)
    first = dict(zip(raw.possible_agents, raw._phi, strict=True))
    totals = dict.fromkeys(raw.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _info = env.last()
        totals[agent] += reward
        assert sum(raw.rewards.values()) == pytest.approx(0.0, abs=1e-9)
        action = None
        if not (termination or truncation):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
    assert any(totals.values())
    end = shaping.potentials(raw.shaping, raw.state)
    returns = envs.zero_sum(raw.game, raw.state.returns()) if raw.state.is_terminal() else [0.0] * 3
    for seat, agent in enumerate(raw.possible_agents):
        assert totals[agent] == pytest.approx(returns[seat] + end[seat] - first[agent], abs=1e-9)


def test_registered_potentials_and_the_fallback() -> None:
    """Siege solo, Metro 2033 and World of Tanks: Rush shape with their encodings' potentials;
    Siege at 2 seats and Dust Warfare with their evaluations; a game with neither (the tests'
    toy game) refuses `shaped=True`."""
    solo = warroom.load("siege", players=1)
    assert shaping.potential_of(solo) is siege_encoding.potential
    start = solo.new_initial_state(0)
    assert siege_encoding.potential(start) == [0.0]  # every building standing, every enemy to beat
    assert shaping.potential_of(warroom.load("metro2033")) is metro_encoding.potential
    pair = warroom.load("siege", players=2)
    state = pair.new_initial_state(0)
    assert siege_encoding.potential(state) == pair.evaluate(state)
    dust = warroom.load("dust_warfare")
    assert shaping.potentials(shaping.potential_of(dust), dust.new_initial_state(0)) == pytest.approx(
        dust.evaluate(dust.new_initial_state(0))
    )
    wot = warroom.load("wot_rush", players=2)
    assert shaping.potential_of(wot) is wot_encoding.potential
    assert wot_encoding.potential(wot.new_initial_state(0)) == [0.0, 0.0]  # no squad scores yet
    with pytest.raises(OptionError, match="neither"):
        envs.WarroomEnv(game=ToyGame(), shaped=True)


def test_the_wot_rush_potential_is_the_medal_share_race() -> None:
    """The seat with every medal so far stands at +0.5 and the others share -0.5; equal medals
    stand at 0: every value is half the seat's share of the squads' medals (WOT-SCORE-04) less
    the mean of the others', along a game."""
    game = warroom.load("wot_rush", players=3)
    state = game.new_initial_state(1)
    rng = np.random.default_rng(1)
    checked = 0
    while not state.is_terminal():
        medals = [key[0] for key in wot_encoding.score_keys(state)]
        values = wot_encoding.potential(state)
        whole = sum(medals)
        for seat, value in enumerate(values):
            share = medals[seat] / whole if whole else 0.0
            others = (1.0 - share) / 2 if whole else 0.0
            assert value == pytest.approx(0.5 * (share - others), abs=1e-12)
        if whole and max(medals) == whole:
            assert max(values) == pytest.approx(0.5) and sorted(values)[:2] == pytest.approx([-0.25, -0.25])
            checked += 1
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    assert checked, "no position where one squad held every medal"
