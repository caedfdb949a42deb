"""The PettingZoo AEC environments: PettingZoo's own api_test on every registered game and
configuration, the order-enforcing wrapper, seeded reproducibility, masks, rewards, illegal
actions (raise or penalty), the stall guard and the renders. The single-agent Gymnasium
environments and the observations are tested in tests/envs/."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from pettingzoo.test import api_test
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import warroom
from tests.envs.configs import configurations
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


@pytest.mark.parametrize(("game_id", "options"), configurations())
def test_pettingzoo_api_test_passes_for_every_game_and_configuration(
    game_id: str, options: dict[str, Any]
) -> None:
    api_test(envs.env(game_id, **options), num_cycles=150)


def test_env_is_order_enforced() -> None:
    env = envs.env("wot_rush", players=2)
    assert isinstance(env, OrderEnforcingWrapper) and isinstance(env.unwrapped, envs.WarroomAEC)
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)


def test_pettingzoo_api_test_passes_for_the_toy_game() -> None:
    api_test(envs.WarroomAEC(ObservedToy(players=3)), num_cycles=200)


def test_pettingzoo_api_test_passes_for_a_parametric_game_with_secret_choices() -> None:
    """The discretised placement space (all_actions) and the secret bids, one agent at a time."""
    api_test(envs.WarroomAEC(ObservedBids(players=2)), num_cycles=200)
    trace = play_random(envs.WarroomAEC(ObservedBids(players=3)), 3)
    assert trace[-1][1] is None and len(trace) > 10


@pytest.mark.parametrize("game_id", [p.values[0] for p in configurations() if p.values[1]["players"] == 2])
def test_a_seeded_env_reproduces_exactly(game_id: str) -> None:
    """The same environment reset with the same seed replays the game step for step."""
    env = envs.env(game_id)
    assert play_random(env, 7) == play_random(env, 7)


def test_spaces_follow_the_game() -> None:
    game = warroom.load("siege", players=3)
    env = envs.env("siege", players=3)
    env.reset(seed=1)
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    fits = [a for a in game.all_actions() if envs.spaces.fits_table(a, 3)]
    assert env.action_space("player_1") == gymnasium.spaces.Discrete(len(fits)) and len(fits) < len(
        game.all_actions()
    )
    observation = env.observe(env.agent_selection)
    assert observation["observation"].shape == (game.observation_size(),)
    assert observation["observation"].dtype == np.float32
    box = env.observation_space("player_0")["observation"]
    low, high = game.observation_bounds()
    assert (box.low == low).all() and (box.high == high).all() and np.isfinite(box.high).all()


def test_the_mask_is_the_legal_actions_of_the_agent_to_move() -> None:
    env = envs.WarroomAEC(ObservedToy())
    env.reset(seed=3)
    state = env.state
    mover = env.agent_selection
    mask = env.observe(mover)["action_mask"]
    assert set(np.flatnonzero(mask)) == {a.index for a in state.legal_actions()}
    assert (env.action_mask(mover) == mask).all()
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


def test_an_illegal_action_with_penalty_ends_the_game_for_everyone() -> None:
    env = envs.WarroomAEC(ObservedToy(players=3), illegal="penalty", illegal_reward=-2.0)
    env.reset(seed=3)
    offender = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(offender)["action_mask"] == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values()) and env.infos[offender] == {"illegal": True}
    assert env._cumulative_rewards[offender] == -2.0
    assert sum(env._cumulative_rewards.values()) == -2.0


def test_rewards_are_zero_sum_for_a_competitive_game() -> None:
    env = envs.env("wot_rush", players=3)
    trace = play_random(env, 5)
    final = [reward for _agent, action, reward in trace if action is None]
    assert len(final) == 3 and sum(final) == pytest.approx(0.0) and max(final) > 0


def test_the_stall_guard_truncates_every_agent() -> None:
    env = envs.env("memoir44", max_steps=7)
    trace = play_random(env, 1)
    assert sum(action is not None for _agent, action, _reward in trace) == 7
    assert all(env.unwrapped.truncations.values()) and not any(env.unwrapped.terminations.values())


def test_human_render_shows_only_what_the_viewer_may_see(capsys: pytest.CaptureFixture[str]) -> None:
    """A spectator by default; 'current' the agent to move: each print is that seat's render."""
    for viewer in (None, "current", 1):
        env = envs.env("wot_rush", players=2, render_mode="human", viewer=viewer)
        env.reset(seed=2)
        raw = env.unwrapped
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
        seat = {None: None, "current": raw.state.current_player(), 1: 1}[viewer]
        assert capsys.readouterr().out == raw.game.render(raw.state, seat) + "\n"
    with pytest.raises(OptionError, match="viewer"):
        envs.env("wot_rush", players=2, viewer=7)


def test_rgb_array_render() -> None:
    env = envs.env("memoir44", render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.shape[2] == 3 and picture.shape[0] > 100
