"""The single-agent Gymnasium environments (issue 18): registered as `warroom/<game>-v0` for
every game, Gymnasium's own `check_env`, opponents by name, agent or policy (self-play), the
learner's mask three ways, illegal actions (raise or penalty), zero-sum rewards, forced
decisions skipped, the stall guard as truncation, and Gymnasium's vector environments."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import warroom
from tests.envs.configs import configurations, default_games
from tests.toygame import ToyGame
from warroom import envs
from warroom.agents.base import RandomAgent
from warroom.core import IllegalActionError, OptionError
from warroom.games.dust_warfare.actions import place
from warroom.games.dust_warfare.geometry import Placement


def play(env: Any, seed: int, pick: Any = None) -> tuple[float, int, bool, bool]:
    """One episode with a random masked policy: (total reward, steps, terminated, truncated)."""
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        mask = observation["action_mask"]
        assert (mask == info["action_mask"]).all() and (
            mask.astype(bool) == env.unwrapped.action_masks()
        ).all()
        legal = np.flatnonzero(mask)
        assert len(legal) > 0, "the learner is only asked when it has a legal action"
        if pick is not None:
            pick(legal)
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, steps, terminated, truncated


def test_every_registered_game_has_a_gymnasium_id() -> None:
    assert {envs.env_id(g) for g in warroom.games()} <= set(gymnasium.registry)


@pytest.mark.parametrize("game_id", default_games())
def test_gymnasium_check_env_passes(game_id: str) -> None:
    """check_env steps with unmasked random actions: with illegal="penalty" those end the
    episode as PettingZoo's classic envs do; the default raises instead (tested below)."""
    check_env(envs.WarroomEnv(game_id, illegal="penalty"), skip_render_check=False)


@pytest.mark.parametrize(("game_id", "options"), configurations())
def test_made_env_plays_every_configuration(game_id: str, options: dict[str, Any]) -> None:
    env = gymnasium.make(envs.env_id(game_id), **options, seat=options["players"] - 1, opponents="random")
    total, steps, terminated, truncated = play(env, 4)
    state = env.unwrapped.state
    assert terminated and not truncated and steps > 0
    assert total == envs.zero_sum(state.game, state.returns())[options["players"] - 1]
    assert env.observation_space.contains(env.unwrapped.spaces.observe(state, options["players"] - 1))


def test_a_seeded_episode_replays_exactly_with_named_opponents() -> None:
    def trace(seed: int) -> list[int]:
        env = gymnasium.make("warroom/wot_rush-v0", players=3, seat=1, opponents="heuristic")
        chosen: list[int] = []
        play(env, seed, lambda legal: chosen.append(len(legal)))
        chosen.append(len(env.unwrapped.state.serialize()))
        return chosen

    assert trace(9) == trace(9)
    assert trace(9) != trace(10)


def test_the_heuristic_opponent_is_harder_than_random() -> None:
    """Opponents by name are the game's agents: a random learner wins less against heuristic
    players than against random ones (World of Tanks: Rush, 40 seeded games each)."""

    def wins(opponents: str) -> int:
        env = envs.WarroomEnv("wot_rush", players=2, opponents=opponents)
        return sum(play(env, seed)[0] > 0 for seed in range(40))

    assert wins("heuristic") < wins("random")


def test_opponents_as_agents_policies_lists_and_dicts() -> None:
    calls: list[int] = []

    def policy(observation: dict[str, np.ndarray]) -> int:
        """A frozen policy sees its own seat's observation and mask, like the learner."""
        calls.append(1)
        assert observation["observation"].dtype == np.float32
        return int(np.flatnonzero(observation["action_mask"])[0])

    env = envs.WarroomEnv("wot_rush", players=3, opponents=[None, RandomAgent(1), policy])
    play(env, 2)
    assert calls
    env = envs.WarroomEnv("wot_rush", players=3, seat=2, opponents={0: "heuristic", 1: policy})
    play(env, 2)
    with pytest.raises(OptionError, match="no opponent for seat"):
        envs.WarroomEnv("wot_rush", players=3, opponents={1: "random"})
    with pytest.raises(OptionError, match="unknown agent"):
        envs.WarroomEnv("wot_rush", players=2, opponents="nobody").reset(seed=1)
    with pytest.raises(OptionError, match="one entry per seat"):
        envs.WarroomEnv("wot_rush", players=3, opponents=["random"])


def test_self_play_against_a_frozen_copy_swapped_between_episodes() -> None:
    env = envs.WarroomEnv("memoir44", opponents="random")
    play(env, 1)
    env.set_opponents(lambda obs: int(np.flatnonzero(obs["action_mask"])[-1]))
    play(env, 1)
    with pytest.raises(OptionError, match="neither"):
        env.set_opponents(3)
        env.reset(seed=1)


def test_an_illegal_action_raises_by_default_and_changes_nothing() -> None:
    env = envs.WarroomEnv("siege", players=1)
    observation, _ = env.reset(seed=3)
    before = env.state.serialize()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="outside"):
        env.step(env.action_space.n)
    assert env.state.serialize() == before


def test_step_action_plays_an_engine_action_as_step_plays_its_index() -> None:
    """`step_action` takes the engine's action (or its text) where `step` takes an index: the same
    episode either way; an illegal one raises and changes nothing, even with `illegal="penalty"`."""
    by_index = envs.WarroomEnv("wot_rush", players=2, opponents="random")
    by_action = envs.WarroomEnv("wot_rush", players=2, opponents="random", illegal="penalty")
    observation, _ = by_index.reset(seed=5)
    by_action.reset(seed=5)
    for turn in range(20):
        index = int(
            np.flatnonzero(observation["action_mask"])[turn % 3 % int(observation["action_mask"].sum())]
        )
        action = by_index.spaces.action(by_index.state, index)
        observation, reward, done, cut, _ = by_index.step(index)
        step = by_action.step_action(str(action) if turn % 2 else action)
        assert (step[1], step[2], step[3]) == (reward, done, cut)
        assert np.array_equal(step[0]["observation"], observation["observation"])
        if done or cut:
            break
    if not by_action.state.is_terminal():
        before = by_action.state.serialize()
        with pytest.raises(IllegalActionError):
            by_action.step_action("no such action")
        assert by_action.state.serialize() == before


def test_an_illegal_action_with_penalty_ends_the_episode() -> None:
    env = envs.WarroomEnv("siege", players=1, illegal="penalty", illegal_reward=-5.0)
    observation, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-5.0, True, False, True)
    with pytest.raises(OptionError, match="illegal="):
        envs.WarroomEnv("siege", players=1, illegal="ignore")


def test_rewards_are_zero_sum_for_competitive_games() -> None:
    """World of Tanks: Rush pays winners 1 and the others 0; the env pays +1/-1 at two players."""
    game = warroom.load("wot_rush", players=2)
    assert envs.zero_sum(game, [1.0, 0.0]) == [1.0, -1.0]
    assert envs.zero_sum(game, [1.0, 1.0]) == [0.0, 0.0]
    three = envs.zero_sum(warroom.load("wot_rush", players=3), [1.0, 0.0, 0.0])
    assert three == [1.0, -0.5, -0.5] and sum(three) == 0
    assert envs.zero_sum(warroom.load("memoir44"), [1.0, -1.0]) == [1.0, -1.0]
    assert envs.zero_sum(warroom.load("siege", players=2), [-1.0, -1.0]) == [-1.0, -1.0]  # cooperative
    env = envs.WarroomEnv("wot_rush", players=2)
    assert {play(env, seed)[0] for seed in range(12)} <= {-1.0, 0.0, 1.0}


def test_forced_decisions_can_be_skipped() -> None:
    """With skip_forced the learner never sees a single option; without it, it does."""
    singles = {False: 0, True: 0}
    for skip in (False, True):
        env = envs.WarroomEnv("wot_rush", players=2, skip_forced=skip)

        def count(legal: np.ndarray, skip: bool = skip) -> None:
            singles[skip] += len(legal) == 1

        for seed in range(3):
            play(env, seed, count)
    assert singles[True] == 0 < singles[False]


def test_the_stall_guard_truncates() -> None:
    env = envs.WarroomEnv("memoir44", max_steps=5)
    total, steps, terminated, truncated = play(env, 1)
    assert (total, steps, terminated, truncated) == (0.0, 5, False, True)


def test_action_space_is_sized_for_the_table() -> None:
    solo, six = envs.WarroomEnv("siege", players=1), envs.WarroomEnv("siege", players=6)
    assert solo.action_space.n < six.action_space.n == len(six.game.all_actions())
    assert all(envs.spaces.fits_table(a, 1) for a in solo.spaces.actions)


def test_an_actions_index_in_the_space_and_what_it_cannot_hold() -> None:
    """`spaces.index` goes back from an engine action to its index in the space: each of the
    space's own actions to its place; -1 for an action left out of the table's space (a seat solo
    Siege does not have) and for a parametric action outside the game's table (a Dust Warfare
    placement off the candidate lattice, DW-GEO-17): its own index is -1, which read straight off
    `index_of` named the space's last action ("reveal") and made behaviour cloning train on it."""
    solo, six = envs.WarroomEnv("siege", players=1), envs.WarroomEnv("siege", players=6)
    assert all(solo.spaces.index(a) == i for i, a in enumerate(solo.spaces.actions))
    left_out = [a for a in six.spaces.actions if not envs.spaces.fits_table(a, 1)]
    assert left_out and all(solo.spaces.index(a) == -1 for a in left_out)
    dust = envs.WarroomEnv("dust_warfare", opponents="random")
    placement = place(Placement(((36.0, 37.5), (38.0, 37.5))))
    assert placement.index == -1 and int(dust.spaces.index_of[placement.index]) == dust.spaces.n - 1
    assert dust.spaces.index(placement) == -1


def test_gymnasium_vector_envs() -> None:
    """N environments in one (the documented way): with the same-step autoreset a finished
    episode's next observation is already the new episode's, so every mask offers a move."""
    same_step = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}
    vec = gymnasium.make_vec(
        "warroom/siege-v0", num_envs=2, vectorization_mode="sync", vector_kwargs=same_step, players=1
    )
    observations, _infos = vec.reset(seed=1)
    assert observations["observation"].shape == (2, vec.single_observation_space["observation"].shape[0])
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(mask))) for mask in observations["action_mask"]]
        observations, rewards, terminated, _truncated, _infos = vec.step(np.array(actions))
        finished += int(terminated.sum())
        assert rewards.shape == (2,) and all(rewards[terminated] != 0)
    assert finished > 0
    vec.close()


def test_render_modes() -> None:
    env = envs.WarroomEnv("wot_rush", players=2, render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert picture.dtype == np.uint8 and picture.ndim == 3 and picture.shape[2] == 3
    assert (picture < 128).any() and (picture > 128).any()  # text on a background
    ansi = envs.WarroomEnv("wot_rush", players=2, render_mode="ansi")
    ansi.reset(seed=1)
    assert ansi.render() == ansi.game.render(ansi.state, 0)  # the learner's own view
    with pytest.raises(OptionError, match="render_mode"):
        envs.WarroomEnv("wot_rush", players=2, render_mode="svg")


def test_shaped_rewards_are_potential_based() -> None:
    """Each step pays the change of the game's evaluation for the learner; over an episode the
    shaping sums to minus the first estimate, so the return is the game's plus a constant."""
    env = envs.WarroomEnv("siege", players=2, shaped=True)
    plain = envs.WarroomEnv("siege", players=2)
    observation, _ = env.reset(seed=6)
    start = env.game.evaluate(env.state)[0]
    rng = np.random.default_rng(6)
    rewards = []
    while True:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, _truncated, _info = env.step(action)
        rewards.append(float(reward))
        if terminated:
            break
    total, _steps, _, _ = play(plain, 6)
    assert sum(rewards) == pytest.approx(total - start)
    assert any(r != 0 for r in rewards[:-1])  # paid along the way, not only at the end
    with pytest.raises(OptionError, match="needs a potential or an evaluation"):
        envs.WarroomEnv(game=ToyGame(), shaped=True)  # the tests' toy game has neither
