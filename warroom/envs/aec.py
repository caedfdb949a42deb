"""A PettingZoo AEC environment over any warroom game.

    from warroom import envs
    env = envs.env("siege", players=4)       # wrapped in PettingZoo's OrderEnforcingWrapper
    raw = envs.raw_env("siege", players=4)   # the bare WarroomAEC

Agents are `player_0` ... `player_{n-1}` after the seats. Spaces, observations and rewards are
`GameSpaces`' (`spaces.py`): `Discrete` over the actions this configuration can offer, the
observation `{"observation": float32 vector within the game's declared bounds, "action_mask":
int8}` (the mask all 0 for an agent not to move), rewards the (zero-sum, for competitive games)
returns paid when the game ends. A secret simultaneous choice is asked of one agent after
another, each seeing only its own view, so nothing leaks through the turn order.

Options: `illegal` ("raise": IllegalActionError, nothing changes; "penalty": the game ends, the
offender gets `illegal_reward` (-1.0), the others 0, as PettingZoo's classic environments do);
`max_steps` (None): a stall guard: after this many steps every agent is truncated; `shaped`
(False): every step also pays each agent `phi(after) - phi(before)`, its potential's change
(`shaping.py`: potential-based, summing to `-phi(start)` over a game; zero-sum over the seats
where the game is competitive);
`render_mode` "ansi", "human" or "rgb_array" drawn for `viewer`: None (the default) is a
spectator, who sees only public information, `"current"` the agent to move, or a seat number.

`reset(seed=s)` starts the game from seed `s`, so a seeded environment reproduces exactly; a
reset without a seed draws the next game seed from the generator of the last seed given.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from warroom.core.errors import IllegalActionError, OptionError
from warroom.core.game import Game, State
from warroom.core.registry import game_class, shared_game
from warroom.envs import render, shaping
from warroom.envs.single import ILLEGAL
from warroom.envs.spaces import GameSpaces, Observation, zero_sum


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class WarroomAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped
    """See the module docstring."""

    metadata = {"render_modes": list(render.MODES), "is_parallelizable": False}  # noqa: RUF012 (PettingZoo's API)

    def __init__(
        self,
        game: Game[Any],
        render_mode: str | None = None,
        *,
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        viewer: int | str | None = None,
        shaped: bool = False,
    ) -> None:
        super().__init__()
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if viewer not in (None, "current") and not (
            isinstance(viewer, int) and 0 <= viewer < game.num_players
        ):
            raise OptionError(f"viewer={viewer!r}: None (a spectator), 'current' or a seat number")
        render.check_mode(render_mode)
        self.game = game
        self.spaces = GameSpaces(game)
        self.metadata = {**self.metadata, "name": f"warroom_{game.info.id}_v0"}
        self.render_mode, self.viewer = render_mode, viewer
        self.illegal, self.illegal_reward, self.max_steps = illegal, float(illegal_reward), max_steps
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self.action_spaces = dict.fromkeys(self.possible_agents, self.spaces.action_space)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.spaces.observation_space)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._names = self.possible_agents
        self._seeds = np.random.default_rng()
        self.shaping = shaping.potential_of(game) if shaped else None
        self._phi: list[float] = []  # every seat's potential before the step (shaped only)
        self.state: State = game.new_initial_state(0)
        self.steps = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(0, 2**63))
        self.state = self.game.new_initial_state(game_seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.state.current_player())
        if self.shaping is not None:
            self._phi = shaping.potentials(self.shaping, self.state)

    def observe(self, agent: str) -> Observation:
        return self.spaces.observe(self.state, self._seat[agent])

    def action_mask(self, agent: str) -> np.ndarray[Any, Any]:
        """`agent`'s legal actions now (int8), without building its observation."""
        return self.spaces.mask(self.state, self._seat[agent])

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's `last`, reading the environment's own dicts directly."""
        agent = self.agent_selection
        return (
            self.spaces.observe(self.state, self._seat[agent]) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        state, spaces, index = self.state, self.spaces, int(action)
        if self.illegal == "penalty" and not spaces.is_legal(state, index):
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.rewards[agent] = self.illegal_reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[agent] = {"illegal": True}
            self._accumulate_rewards()
        else:
            # `spaces.action` inline for the usual case (an index in range whose interned action
            # is listed: one C-level identity scan); any other goes through it, which finds an
            # action listed by index or raises
            if 0 <= index < spaces.n and (chosen := spaces.actions[index]) in state.legal_actions():
                state.apply_action(chosen)
            else:
                state.apply_action(spaces.action(state, index))
            self.steps += 1
            bonus = self._shape(state) if self.shaping is not None else None
            mover = state.current_player()  # -1 once the game is over (the contract)
            if mover < 0:
                for seat, value in enumerate(zero_sum(self.game, state.returns())):
                    self.rewards[self._names[seat]] = value + (bonus[seat] if bonus else 0.0)
                self.terminations = dict.fromkeys(self.agents, True)
                self._accumulate_rewards()
            else:
                # unshaped, rewards are paid only when the game ends (all 0 before), so there
                # is nothing to accumulate on a running game's step
                if bonus is not None:
                    self.rewards = dict(zip(self._names, bonus, strict=True))
                    self._accumulate_rewards()
                self.agent_selection = self._names[mover]
                if self.max_steps is not None and self.steps >= self.max_steps:
                    self.truncations = dict.fromkeys(self.agents, True)
        if self.render_mode == "human":
            self.render()

    def _shape(self, state: State) -> list[float]:
        """Every seat's shaping for the step just taken, its potential's change."""
        assert self.shaping is not None
        before, self._phi = self._phi, shaping.potentials(self.shaping, state)
        return [after - was for after, was in zip(self._phi, before, strict=True)]

    def _viewer(self) -> int | None:
        if self.viewer == "current":
            mover = self.state.current_player()
            return mover if mover >= 0 else None
        return self.viewer if isinstance(self.viewer, int) else None

    def render(self) -> Any:
        viewer = self._viewer()
        if self.render_mode == "rgb_array":
            return render.rgb(self.game, self.state, viewer)
        picture = render.text(self.game, self.state, viewer)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture

    def close(self) -> None:
        return


def raw_env(game_id: str, render_mode: str | None = None, **options: Any) -> WarroomAEC:
    """The bare AEC environment of a game configured with `options` (environment options too:
    `illegal`, `illegal_reward`, `max_steps`, `viewer`, `shaped`)."""
    names = ("illegal", "illegal_reward", "max_steps", "viewer", "shaped")
    settings = {k: options.pop(k) for k in names if k in options}
    return WarroomAEC(shared_game(game_class(game_id), options), render_mode, **settings)


def env(game_id: str, render_mode: str | None = None, **options: Any) -> OrderEnforcingWrapper:
    """`raw_env` in PettingZoo's OrderEnforcingWrapper (what PettingZoo's own envs return): a
    step before reset, or a step of an agent out of turn, raises a clear error."""
    return Enforced(raw_env(game_id, render_mode, **options))


class Enforced(OrderEnforcingWrapper):  # type: ignore[misc]  # pettingzoo is untyped
    """PettingZoo's OrderEnforcingWrapper with the same checks, but `last()`, `step()` and
    `agent_iter()` read the environment directly instead of through the wrapper's `__getattr__` (eight
    attribute look-ups a step through two Python-level `__getattr__`s otherwise)."""

    def last(self, observe: bool = True) -> tuple[Observation | None, float, bool, bool, dict[str, Any]]:
        """`WarroomAEC.last` after the wrapper's check, written out here (one call a step less)."""
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        raw: WarroomAEC = self.env
        agent = raw.agent_selection
        return (
            raw.spaces.observe(raw.state, raw._seat[agent]) if observe else None,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            raw.infos[agent],
        )

    def step(self, action: int | None) -> None:
        """OrderEnforcingWrapper's step (the same errors and warning), reading the environment's
        agents directly instead of through two `__getattr__`s."""
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        raw: WarroomAEC = self.env
        self._has_updated = True
        if not raw.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        raw.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Agents(self, max_iter)


class _Agents(Iterator[str]):
    """PettingZoo's order-enforcing agent iterator (a step between two agents, at most
    `max_iter` of them), reading the unwrapped environment's fields directly."""

    def __init__(self, wrapper: Enforced, max_iter: int) -> None:
        self.wrapper, self.env, self.left = wrapper, wrapper.unwrapped, max_iter

    def __next__(self) -> str:
        env = self.env
        if not env.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        wrapper = self.wrapper
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        agent: str = env.agent_selection  # always a str here (`agent_name`): no str() call
        return agent

    def __iter__(self) -> Iterator[str]:
        return self
