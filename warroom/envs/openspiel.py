"""Every warroom game as an OpenSpiel Python game, so OpenSpiel's algorithms (MCTS, NFSP,
AlphaZero, ...) run on it. Needs the optional `open_spiel` package (`pip install
"warroom[openspiel]"`); importing this module without it raises ImportError.

    from warroom.envs import openspiel
    import pyspiel
    openspiel.register_games()                      # python_warroom_<game> for every game
    game = pyspiel.load_game("python_warroom_wot_rush", {"players": 3})

- **Parameters** are the game's options with their defaults (`players`, `scenario`, ...), plus
  `seed` (0): each `new_initial_state()` starts a game from the next seed of a generator seeded
  with it, so a loaded game replays the same sequence of games.
- **Chance** lives inside the warroom state (its seeded RNG), so a game with chance is declared
  `SAMPLED_STOCHASTIC`: OpenSpiel never sees chance nodes, the outcomes are drawn inside
  `apply_action`. Hidden information makes it `IMPERFECT_INFORMATION`.
- **Actions** are `GameSpaces`' (`spaces.py`): the table's actions, legal ones sorted.
- **Utility** is `GENERAL_SUM` with the game's own returns (no game's are assumed to sum to a
  constant) and terminal rewards only.
- **Observations**: `observation_tensor(player)` is the game's numeric observation
  (`observe_into`), `observation_string(player)` its terminal picture of that seat's view.
  There is no information state (perfect recall) encoding: algorithms that need one (CFR) do
  not apply to these games, which are far too large for them anyway.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from warroom.core.game import Game, State
from warroom.core.registry import game_class, games, shared_game
from warroom.envs.spaces import GameSpaces

PREFIX = "python_warroom_"


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _parameters(game_id: str) -> dict[str, Any]:
    """OpenSpiel parameters: every option of a plain type at its default, and `seed`."""
    plain = (bool, int, float, str)
    options = game_class(game_id).info.options
    return {**{spec.name: spec.default for spec in options if type(spec.default) in plain}, "seed": 0}


def game_type(game_id: str) -> pyspiel.GameType:
    info = game_class(game_id).info
    mode = pyspiel.GameType.ChanceMode
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"warroom: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if info.chance else mode.DETERMINISTIC,
        information=(
            pyspiel.GameType.Information.IMPERFECT_INFORMATION
            if info.hidden_information
            else pyspiel.GameType.Information.PERFECT_INFORMATION
        ),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game_id),
    )


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One configured warroom game behind OpenSpiel's Game API."""

    game_id: str  # set by each game's subclass (register_games)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        settings = {**_parameters(game_id), **(params or {})}
        seed = int(settings.pop("seed"))
        self.warroom: Game[Any] = shared_game(game_class(game_id), settings)
        self.spaces = GameSpaces(self.warroom)
        info = self.warroom.info
        super().__init__(
            game_type(game_id),
            pyspiel.GameInfo(
                num_distinct_actions=len(self.spaces.actions),
                max_chance_outcomes=0,
                num_players=self.warroom.num_players,
                min_utility=info.min_return,
                max_utility=info.max_return,
                utility_sum=None,
                max_game_length=info.max_decisions,
            ),
            {**settings, "seed": seed},
        )
        self.seeds = np.random.default_rng(seed)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, None)

    def next_game(self) -> State:
        """The next game of the seeded sequence."""
        state: State = self.warroom.new_initial_state(int(self.seeds.integers(0, 2**63)))
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("warroom games offer no perfect-recall information state")
        return Observer(self)


class _Shared:
    """Held by a state and handed to its clones as it is (the configured game never changes)."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Position:
    """The warroom state, cloned by its own `clone()` when OpenSpiel deep-copies a state.

    A new state's game is dealt when first read: OpenSpiel clones by making a new initial
    state and copying the attributes over it, so that state's own game is never dealt (which
    would cost a whole setup and a seed of the sequence on every clone)."""

    def __init__(self, state: State | None, game: SpielGame) -> None:
        self._state, self._game = state, game

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self._game.next_game()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.state.clone(), self._game)


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A warroom state behind OpenSpiel's State API. OpenSpiel clones a Python state by
    deep-copying its attributes into a fresh initial state: both attributes say how."""

    def __init__(self, game: SpielGame, state: State | None) -> None:
        super().__init__(game)
        self._shared, self._position = _Shared(game), _Position(state, game)

    @property
    def spiel_game(self) -> SpielGame:
        return self._shared.game

    @property
    def state(self) -> State:
        return self._position.state

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.TERMINAL) if self.state.is_terminal() else self.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        if self.state.is_terminal() or player != self.state.current_player():
            return []
        return sorted(self.spiel_game.spaces.legal(self.state))

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(self.spiel_game.spaces.action(self.state, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.spiel_game.spaces.actions[action].text

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.state.returns()]

    def __str__(self) -> str:
        return self.spiel_game.warroom.render(self.state, None)


class Observer:
    """OpenSpiel's PyObserver: the seat's numeric observation and its terminal picture."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game.warroom
        self.tensor = np.zeros(game.spaces.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        self.game.observe_into(state.state, player, self.tensor)

    def string_from(self, state: SpielState, player: int) -> str:
        return self.game.render(state.state, player)


def register_games() -> list[str]:
    """Register every warroom game not registered yet; returns the short names registered now."""
    known = set(pyspiel.registered_names())
    added = []
    for game_id in games():
        if short_name(game_id) in known:
            continue

        # a class per game, as OpenSpiel's own Python games register (a registered closure
        # crashes the interpreter at exit: OpenSpiel frees it after Python has shut down)
        cls = type(f"SpielGame_{game_id}", (SpielGame,), {"game_id": game_id})
        pyspiel.register_game(game_type(game_id), cls)
        added.append(short_name(game_id))
    return added
