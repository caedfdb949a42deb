"""A Gymnasium environment for one-seat games (solo Siege): the AEC encoding, one agent.

`step` returns the observation dict (with `"action_mask"`), the reward (the game's return when
it ends, else 0), whether the game ended, `False` (games never truncate) and an info dict that
repeats the mask under `"action_mask"` for libraries that look for it there.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium

from warroom.core.errors import OptionError
from warroom.core.game import Game, State
from warroom.core.registry import load
from warroom.envs.aec import GameEncoding, Observation


class WarroomSingleSeat(gymnasium.Env[Observation, int]):
    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium's API)

    def __init__(self, game: Game[Any], render_mode: str | None = None) -> None:
        if game.num_players != 1:
            raise OptionError(f"a Gymnasium env needs a one-seat game; {game.info.id} has {game.num_players}")
        self.game = game
        self.encoding = GameEncoding(game)
        # gymnasium types Discrete as Space[np.int64] and Dict as Space[dict[str, Any]]: the same spaces
        self.action_space = self.encoding.action_space  # type: ignore[assignment]
        self.observation_space = self.encoding.observation_space  # type: ignore[assignment]
        self.render_mode = render_mode
        self.state: State = game.new_initial_state(0)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(0, 2**63))
        self.state = self.game.new_initial_state(game_seed)
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        self.state.apply_action(self.encoding.action(self.state, int(action)))
        done = self.state.is_terminal()
        reward = float(self.state.returns()[0]) if done else 0.0
        return self._observe(), reward, done, False, self._info()

    def _observe(self) -> Observation:
        return self.encoding.observe(self.state, 0)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.encoding.mask(self.state, 0)}

    def render(self) -> str:  # ansi only: the text board
        return self.game.render(self.state, None)


def gym_env(game_id: str, render_mode: str | None = None, **options: Any) -> WarroomSingleSeat:
    """The Gymnasium environment of a one-seat configuration, e.g. `gym_env("siege", players=1)`."""
    return WarroomSingleSeat(load(game_id, **options), render_mode)
