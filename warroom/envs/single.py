"""Single-agent Gymnasium environments: the learner holds one seat, the environment plays the
others (`opponents.py`). Registered for every game as `warroom/<game>-v0`:

    import gymnasium, warroom.envs
    env = gymnasium.make("warroom/wot_rush-v0", players=2, seat=0, opponents="heuristic")

Keyword arguments: the game's options (`players=`, `scenario=`, ...), and

- `seat` (0): the learner's seat; `opponents` ("random"): see `opponents.py`;
- `illegal` ("raise"): what an illegal action does: `"raise"` IllegalActionError and change
  nothing, or `"penalty"`: end the episode (terminated) with reward `illegal_reward` (-1.0),
  as PettingZoo's classic environments do;
- `skip_forced` (False): when the learner has a single legal action, take it for the learner
  and go on, so it is only asked when it has a choice;
- `max_steps` (None): a stall guard: after this many learner steps the episode is truncated
  (`truncated=True`, reward 0), never reported as terminated;
- `shaped` (False): add a potential-based shaping reward (Ng, Harada and Russell, 1999), the
  game's potential (`shaping.py`: the one its `encoding.py` registers, else its evaluation):
  each step pays `phi(after) - phi(before)` on top, where `phi` is the learner's estimated
  return and 0 once the game is over, so the shaping sums to `-phi(start)` over an episode and
  leaves the best policy unchanged. A game with neither refuses the option;
- `render_mode`: "ansi", "human" or "rgb_array", always as the learner's seat sees it.

Spaces, observation and rewards are `GameSpaces`' (`spaces.py`): the mask is in the observation
(`"action_mask"`), in `info["action_mask"]` and from `action_masks()` (sb3-contrib's
MaskablePPO convention, as bools). The reward is the learner's (zero-sum, for competitive
games) return, paid when the game ends; 0 before. `reset(seed=s)` replays exactly: the game and
the named opponents are seeded from `s`.
"""

from __future__ import annotations

from typing import Any, SupportsFloat, cast

import gymnasium
import numpy as np
from numpy.typing import NDArray

from warroom.core.errors import IllegalActionError, OptionError
from warroom.core.game import Action, Game, State
from warroom.core.registry import game_class, shared_game
from warroom.envs import render, shaping
from warroom.envs.opponents import Opponent, build, per_seat
from warroom.envs.spaces import GameSpaces, Observation, zero_sum

ILLEGAL = ("raise", "penalty")


class WarroomEnv(gymnasium.Env[Observation, int]):
    """See the module docstring."""

    metadata = {"render_modes": list(render.MODES)}  # noqa: RUF012 (Gymnasium's API)

    def __init__(
        self,
        game_id: str | None = None,
        *,
        game: Game[Any] | None = None,
        seat: int = 0,
        opponents: Any = "random",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        skip_forced: bool = False,
        max_steps: int | None = None,
        shaped: bool = False,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if game is None:
            if game_id is None:
                raise OptionError("WarroomEnv needs a game id or a game")
            game = shared_game(game_class(game_id), options)
        if not 0 <= seat < game.num_players:
            raise OptionError(f"seat {seat} is not a seat of this {game.num_players}-player table")
        if illegal not in ILLEGAL:
            raise OptionError(f"illegal={illegal!r}: choose one of {', '.join(ILLEGAL)}")
        if max_steps is not None and max_steps < 1:
            raise OptionError("max_steps must be at least 1")
        render.check_mode(render_mode)
        self.shaping = shaping.potential_of(game) if shaped else None
        self.game, self.seat = game, seat
        self.spaces = GameSpaces(game)
        # gymnasium (1.3 on) types Discrete as Space[np.int64] and Dict as Space[dict[str, Any]]:
        # the same spaces; cast so the assignment checks under every gymnasium the extras allow
        self.action_space = cast(Any, self.spaces.action_space)
        self.observation_space = cast(Any, self.spaces.observation_space)
        self.opponent_specs = per_seat(opponents, seat, game.num_players)
        self.illegal, self.illegal_reward = illegal, float(illegal_reward)
        self.skip_forced, self.max_steps, self.shaped = skip_forced, max_steps, shaped
        self.potential = 0.0  # the learner's estimated return before its step (shaped only)
        self.render_mode = render_mode
        self.state: State = game.new_initial_state(0)
        self.opponents: dict[int, Opponent] = {}
        self.steps = 0

    def set_opponents(self, opponents: Any) -> None:
        """Change the other seats' players from the next `reset` on (e.g. a newer frozen copy)."""
        self.opponent_specs = per_seat(opponents, self.seat, self.game.num_players)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        while True:  # a game that ends before the learner's first decision is dealt again
            game_seed = int(self.np_random.integers(0, 2**63))
            self.state = self.game.new_initial_state(seed if seed is not None else game_seed)
            seed = None
            self.opponents = {
                s: build(self.game, self.spaces, spec, s, int(self.np_random.integers(0, 2**31)))
                for s, spec in self.opponent_specs.items()
            }
            self.steps = 0
            self._advance()
            if not self.state.is_terminal():
                self.potential = self._potential()
                return self._observe()

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_terminal():
            raise IllegalActionError("the episode is over: call reset()")
        index = int(action)
        if self.illegal == "penalty" and not self.spaces.is_legal(state, index):
            observation, info = self._observe()
            return observation, self.illegal_reward, True, False, {**info, "illegal": True}
        return self._played(self.spaces.action(state, index))

    def step_action(
        self, action: Action | str
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """`step` with an engine action (or its text) instead of an index: any action the engine
        accepts, including one the discrete space cannot hold (a Dust Warfare placement off the
        candidate lattice, DW-GEO-17), so a game's own agent can play the learner's seat, e.g. to
        evaluate it beside a trained policy. An illegal one raises IllegalActionError and changes
        nothing, whatever `illegal` says (there is no index to penalise)."""
        if self.state.is_terminal():
            raise IllegalActionError("the episode is over: call reset()")
        return self._played(action)

    def _played(self, action: Action | str) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's action, play on to its next choice, and report the step."""
        state = self.state
        state.apply_action(action)
        self.steps += 1
        self._advance()
        observation, info = self._observe()
        bonus = 0.0
        if self.shaped:
            before, self.potential = self.potential, self._potential()
            bonus = self.potential - before
        if state.is_terminal():
            reward = zero_sum(self.game, state.returns())[self.seat]
            return observation, reward + bonus, True, False, info
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        return observation, bonus, False, truncated, info

    def _potential(self) -> float:
        """The learner's estimated return (shaped rewards only; 0 once the game is over)."""
        if self.shaping is None:
            return 0.0
        return shaping.potentials(self.shaping, self.state)[self.seat]

    def _advance(self) -> None:
        """Play the other seats (and, with `skip_forced`, the learner's single options) until the
        learner has a choice or the game ends."""
        state, seat = self.state, self.seat
        while not state.is_terminal():
            mover = state.current_player()
            if mover != seat:
                state.apply_action(self.opponents[mover](state))
            elif self.skip_forced and len(state.legal_actions()) == 1:
                state.apply_action(state.legal_actions()[0])
            else:
                return

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal actions as bools (sb3-contrib's MaskablePPO reads this)."""
        return self.spaces.mask(self.state, self.seat).astype(bool)

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation, and the info dict repeating its mask."""
        observation = self.spaces.observe(self.state, self.seat)
        return observation, {"action_mask": observation["action_mask"]}

    def render(self) -> Any:
        if self.render_mode == "rgb_array":
            return render.rgb(self.game, self.state, self.seat)
        picture = render.text(self.game, self.state, self.seat)
        if self.render_mode == "human":
            print(picture)
            return None
        return picture


def gym_env(game_id: str, render_mode: str | None = None, **options: Any) -> WarroomEnv:
    """`WarroomEnv(game_id, ...)` without Gymnasium's registry, e.g. `gym_env("siege", players=1)`."""
    return WarroomEnv(game_id, render_mode=render_mode, **options)
