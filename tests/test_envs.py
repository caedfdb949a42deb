"""PettingZoo and Gymnasium environments: PettingZoo's own api_test on every registered game,
seeded reproducibility, masks, rewards, and the one-seat Gymnasium env."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test

import warroom
from tests.toy_secret import BidGame
from tests.toygame import ToyGame, ToyState
from warroom import envs
from warroom.core import JSON, IllegalActionError, OptionError


class ObservedToy(ToyGame):
    """The toy game with a numeric encoding: total, target, deck size, own hand counts by value."""

    def observation_size(self) -> int:
        return 7

    def observe(self, view: JSON, player: int | None) -> list[float]:
        hand = view["hand"] or []
        return [view["total"], view["target"], view["deck"], *(hand.count(v) for v in (1, 2, 3, 4))]


class ObservedBids(BidGame):
    """Blind Bids with a numeric encoding: round, budgets, tokens per seat, seats committed."""

    def observation_size(self) -> int:
        return 1 + 3 + 3 + 3

    def observe(self, view: JSON, player: int | None) -> list[float]:
        budget = [*view["budget"], 0, 0][:3]
        tokens = [sum(1 for *_, s in view["tokens"] if s == seat) for seat in range(3)]
        committed = (view["secret"] or {}).get("committed", [])
        return [view["round"], *budget, *tokens, *(float(seat in committed) for seat in range(3))]


def play_random(env: Any, seed: int) -> list[tuple[str, int | None, float]]:
    """The random masked policy of the README, recording (agent, action, reward) per step."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = []
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _info = env.last()
        action = None
        if not (termination or truncation):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        trace.append((agent, action, float(reward)))
        env.step(action)
    return trace


@pytest.mark.parametrize("game_id", warroom.games())
def test_pettingzoo_api_test_passes_for_every_game(game_id: str) -> None:
    api_test(envs.env(game_id), num_cycles=300)


def test_pettingzoo_api_test_passes_for_the_toy_game() -> None:
    api_test(envs.WarroomAEC(ObservedToy(players=3)), num_cycles=200)


def test_pettingzoo_api_test_passes_for_a_parametric_game_with_secret_choices() -> None:
    """The discretised placement space (all_actions) and the secret bids, one agent at a time."""
    api_test(envs.WarroomAEC(ObservedBids(players=2)), num_cycles=200)
    trace = play_random(envs.WarroomAEC(ObservedBids(players=3)), 3)
    assert trace[-1][1] is None and len(trace) > 10


@pytest.mark.parametrize("game_id", warroom.games())
def test_a_seeded_env_reproduces_exactly(game_id: str) -> None:
    first, second = envs.env(game_id), envs.env(game_id)
    assert play_random(first, 7) == play_random(second, 7)
    assert play_random(first, 7) == play_random(first, 7)


def test_spaces_follow_the_game() -> None:
    game = warroom.load("siege", players=3)
    env = envs.env("siege", players=3)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    assert env.action_space("player_1") == gymnasium.spaces.Discrete(len(game.all_actions()))
    observation = env.observe(env.agent_selection)
    assert observation["observation"].shape == (game.observation_size(),)
    assert observation["observation"].dtype == np.float32


def test_the_mask_is_the_legal_actions_of_the_agent_to_move() -> None:
    env = envs.WarroomAEC(ObservedToy())
    env.reset(seed=3)
    state = env.state
    mover = env.agent_selection
    mask = env.observe(mover)["action_mask"]
    assert set(np.flatnonzero(mask)) == {a.index for a in state.legal_actions()}
    other = "player_1" if mover == "player_0" else "player_0"
    assert not env.observe(other)["action_mask"].any()


def test_an_illegal_action_is_refused() -> None:
    env = envs.WarroomAEC(ObservedToy())
    env.reset(seed=3)
    illegal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(99)


def test_rewards_are_the_returns_paid_at_the_end() -> None:
    env = envs.WarroomAEC(ObservedToy(coop=True))
    trace = play_random(env, 11)
    state: ToyState = env.state  # type: ignore[assignment]
    final = {agent: reward for agent, action, reward in trace if action is None}
    assert final == {f"player_{s}": r for s, r in enumerate(state.returns())}
    assert all(reward == 0.0 for _agent, action, reward in trace if action is not None)


def test_gymnasium_env_for_solo_siege() -> None:
    env = envs.gym_env("siege", players=1)
    observation, info = env.reset(seed=5)
    assert env.observation_space.contains(observation)
    assert (info["action_mask"] == observation["action_mask"]).all()
    rng = np.random.default_rng(0)
    done, total, steps = False, 0.0, 0
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        assert not truncated
    assert total == env.state.returns()[0] and steps > 0
    again = envs.gym_env("siege", players=1)
    assert (again.reset(seed=5)[0]["observation"] == env.reset(seed=5)[0]["observation"]).all()


def test_gymnasium_env_needs_one_seat() -> None:
    with pytest.raises(OptionError, match="one-seat"):
        envs.gym_env("siege", players=2)
