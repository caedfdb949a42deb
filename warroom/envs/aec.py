"""A PettingZoo AEC environment over any warroom game.

Agents are named `player_0` ... `player_{n-1}` after the seats. The action space of every agent
is `Discrete(len(game.all_actions()))`: action `i` is `game.all_actions()[i]`. Each observation is
a dict: `"observation"`, the game's own numeric encoding of the agent's `view` (a float32 vector
of `game.observation_size()`, documented by each game's encoding module), and `"action_mask"`,
1 for the actions legal now (all 0 for an agent not to move). Rewards are the game's returns,
paid when it ends; a cooperative game pays every seat the same.

Games with parametric actions (exact coordinates on a measured table) expose a finite space all
the same: `all_actions()` is the game's declared discretisation of its parameters (e.g. the
table's whole-inch points), `legal_actions()` lists the legal ones among them, and the mask
follows it. The exact values stay open to agents that use the contract directly
(`state.is_legal`, `state.sample_legal`). A secret simultaneous choice is asked of one agent
after another, each seeing only its own view, so nothing leaks through the turn order.

`reset(seed=s)` starts the game from seed `s`, so a seeded environment reproduces exactly; a
reset without a seed draws the next game seed from the generator of the last seed given.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from warroom.core.errors import IllegalActionError
from warroom.core.game import Action, Game, State
from warroom.core.registry import load

Observation = dict[str, np.ndarray[Any, Any]]


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class GameEncoding:
    """The fixed spaces of one configured game, and one seat's observation of a state."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.actions: list[Action] = list(game.all_actions())
        self.size = game.observation_size()
        self.action_space = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )

    def observe(self, state: State, seat: int) -> Observation:
        vector = np.asarray(self.game.observe(state.view(seat), seat), dtype=np.float32)
        return {"observation": vector, "action_mask": self.mask(state, seat)}

    def mask(self, state: State, seat: int) -> np.ndarray[Any, Any]:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if not state.is_terminal() and state.current_player() == seat:
            mask[[action.index for action in state.legal_actions()]] = 1
        return mask

    def action(self, state: State, index: int) -> Action:
        """The action with this index, which must be legal now (else IllegalActionError)."""
        if not 0 <= index < len(self.actions):
            raise IllegalActionError(f"action {index} is outside the action space 0-{len(self.actions) - 1}")
        action = self.actions[index]
        if action not in state.legal_actions():
            raise IllegalActionError(f"action {index} ({action}) is not legal now; mask it out")
        return action


class WarroomAEC(AECEnv[str, Observation, int]):  # type: ignore[misc]  # pettingzoo is untyped
    """See the module docstring."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}  # noqa: RUF012 (PettingZoo's API)

    def __init__(self, game: Game[Any], render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.encoding = GameEncoding(game)
        self.metadata = {**self.metadata, "name": f"warroom_{game.info.id}_v0"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(game.num_players)]
        self.action_spaces = dict.fromkeys(self.possible_agents, self.encoding.action_space)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self.encoding.observation_space)
        self._seeds = np.random.default_rng()
        self.state: State = game.new_initial_state(0)

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
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.state.current_player())

    def observe(self, agent: str) -> Observation:
        return self.encoding.observe(self.state, self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError(f"{agent} must act: None is only for finished agents")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(self.encoding.action(self.state, int(action)))
        if self.state.is_terminal():
            for seat, value in enumerate(self.state.returns()):
                self.rewards[agent_name(seat)] = float(value)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(self.state.current_player())
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.game.render(self.state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        return


def env(game_id: str, render_mode: str | None = None, **options: Any) -> WarroomAEC:
    """The PettingZoo AEC environment of a game configured with `options`."""
    return WarroomAEC(load(game_id, **options), render_mode)
