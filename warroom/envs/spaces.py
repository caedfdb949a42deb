"""The spaces of one configured game, shared by every environment over it.

- **Actions.** `Discrete(n)` over the game's `all_actions()` that this configuration can offer:
  an action naming a seat the table does not have (a part of kind `SEAT` at or past
  `num_players`) is left out, so solo Siege does not carry the six-seat action set. Index `i` is
  `spaces.actions[i]`; `spaces.index(action)` goes back (-1 for an action the space cannot
  hold: one left out, or a parametric action outside the game's table, whose own index is -1).
- **Observations.** `{"observation": Box(low, high, (game.observation_size(),), float32),
  "action_mask": Box(0, 1, (n,), int8)}`; the bounds are the game's declared
  `observation_bounds()`. The vector is written by `game.observe_into` straight from the state
  (at engine speed, for every game that overrides it) into a new array the learner keeps, so
  an observation is never overwritten by the next step (Siege and World of Tanks: Rush hand
  over a copy of their encoder's record instead, `observe_array`: `fresh_observation`); the
  mask, a new int8 array too, has the legal actions' elements set one by one (a decision
  offers a handful).
- **Rewards.** The game's returns, paid when it ends. A competitive game that pays only
  non-negative returns (`min_return >= 0`: World of Tanks: Rush pays 1 to each winner, 0 to the
  others) pays each seat its return less the mean of the others' (`zero_sum`): 1/0 becomes
  +1/-1 at two players, a shared win pays 0. Games that pay losses as negative returns already
  (Memoir '44's +1/-1) and cooperative games (Siege, whose Field Marshal mode pays the
  defenders +1 and the marshal -1 or the reverse) pay as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any

import numpy as np
from gymnasium import spaces
from numpy.typing import NDArray

from warroom.core.actions import PartKind
from warroom.core.errors import IllegalActionError
from warroom.core.game import Action, Game, State

Observation = dict[str, NDArray[Any]]
_action_index = attrgetter("index")
_F32, _I8 = np.dtype(np.float32), np.dtype(np.int8)  # dtype objects: NumPy converts a type on every call


def fits_table(action: Action, players: int) -> bool:
    """Whether `action` names only seats that a table of `players` has."""
    return all(part.kind != PartKind.SEAT or int(part.value) < players for part in action.parts)


def fresh_observation(game: Game[Any]) -> Callable[[State, int | None], NDArray[np.float32]] | None:
    """The game's `observe_array(state, player)` (a new array holding what `observe_into` writes,
    made as a copy of an incremental encoder's record: one allocation and copy where
    `observe_into` needs an empty array and a copy into it, about 0.5 microsecond a step), or
    None where `observe_into` might write something else: the game has none, or `observe_into`
    is replaced on the instance (as `benchmarks/bench_envs.py` does to observe through the view)
    or overridden by a class below the one that defines `observe_array`."""
    cls = type(game)
    own = getattr(game, "__dict__", {})
    if "observe_into" in own or "observe_array" in own:
        return None
    writer = next((c for c in cls.__mro__ if "observe_into" in vars(c)), None)
    if writer is None or "observe_array" not in vars(writer):
        return None
    fresh: Callable[[State, int | None], NDArray[np.float32]] = game.observe_array  # type: ignore[attr-defined]  # checked above
    return fresh


def zero_sum(game: Game[Any], returns: Sequence[float]) -> list[float]:
    """Each seat's reward: its return less the mean of the others' in a competitive game whose
    returns do not sum to zero; the returns themselves otherwise (see the module docstring)."""
    n, info = len(returns), game.info
    total = float(sum(returns))
    if info.cooperative or info.min_return < 0 or n < 2 or abs(total) < 1e-9:
        return [float(r) for r in returns]
    return [float(r) - (total - float(r)) / (n - 1) for r in returns]


class GameSpaces:
    """The action and observation spaces of one configured game, and one seat's observation."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        players = game.num_players
        every = game.all_actions()
        self.actions: tuple[Action, ...] = tuple(a for a in every if fits_table(a, players))
        self.index_of = np.full(len(every), -1, dtype=np.intp)
        self.index_of[[a.index for a in self.actions]] = np.arange(len(self.actions))
        self.n = len(self.actions)
        # read per legal action (a list is faster than the array); an action outside the space
        # maps to `n`, one past the mask's end, so writing it raises (`mask`)
        self._env_index: list[int] = np.where(self.index_of < 0, self.n, self.index_of).tolist()
        self.size = game.observation_size()
        self._fresh = fresh_observation(game)
        low, high = game.observation_bounds()
        self.low, self.high = np.asarray(low, np.float32), np.asarray(high, np.float32)
        self.action_space: spaces.Space[Any] = spaces.Discrete(len(self.actions))
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(self.low, self.high, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )

    def observe(self, state: State, seat: int | None) -> Observation:
        """`seat`'s observation (None: a spectator's, with an empty mask): `vector`'s, written
        here without the call (every step of every environment comes through here)."""
        fresh = self._fresh
        if fresh is not None:
            out = fresh(state, seat)
        else:
            out = np.empty(self.size, _F32)
            self.game.observe_into(state, seat, out)
        return {"observation": out, "action_mask": self.mask(state, seat)}

    def vector(self, state: State, seat: int | None) -> NDArray[np.float32]:
        """`seat`'s observation vector in a new array that the caller keeps: the game's
        `observe_array` where it has one (`fresh_observation`), else written by `observe_into`
        once into a new array (no intermediate buffer, no copy: every encoding writes each
        element)."""
        if self._fresh is not None:
            return self._fresh(state, seat)
        out = np.empty(self.size, _F32)
        self.game.observe_into(state, seat, out)
        return out

    def index(self, action: Action) -> int:
        """`action`'s index in the space, or -1 where the space cannot hold it: an action left out
        of this configuration, or one outside the game's action table (a parametric action such
        as a Dust Warfare placement off the candidate lattice, DW-GEO-17, whose `index` is -1:
        read straight off `index_of` it would name the space's last action)."""
        i = action.index
        return int(self.index_of[i]) if 0 <= i < len(self.index_of) else -1

    def legal(self, state: State) -> list[int]:
        """The indices of the actions legal now."""
        found = list(map(self._env_index.__getitem__, map(_action_index, state.legal_actions())))
        if self.n in found:
            self._outside()
        return found

    def mask(self, state: State, seat: int | None) -> NDArray[np.int8]:
        """1 for each action `seat` may take now (all 0 when it is not that seat's turn).

        A new array each call (the learner may keep it). A decision offers a handful of actions
        (3-9 on average in the five games), so they are set one by one: NumPy's per-call cost of
        building an index array and a fancy assignment is larger than a few item writes. A
        finished game's current player is -1 (the contract), so no seat matches it then."""
        mask = np.zeros(self.n, _I8)
        if seat is not None and state.current_player() == seat:
            index = self._env_index
            try:
                for action in state.legal_actions():
                    mask[index[action.index]] = 1
            except IndexError:  # mapped to `n`, past the mask's end: left out of the space
                self._outside()
        return mask

    def _outside(self) -> None:
        raise IllegalActionError(f"{self.game.info.id} offered an action outside its declared space")

    def action(self, state: State, index: int) -> Action:
        """The action with this index, which must be legal now (else IllegalActionError)."""
        if not 0 <= index < self.n:
            raise IllegalActionError(f"action {index} is outside the action space 0-{self.n - 1}")
        action = self.actions[index]
        if not _listed(action, state.legal_actions()):
            raise IllegalActionError(f"action {index} ({action}) is not legal now; mask it out")
        return action

    def is_legal(self, state: State, index: int) -> bool:
        if not 0 <= index < self.n or state.is_terminal():
            return False
        return _listed(self.actions[index], state.legal_actions())


def _listed(action: Action, legal: list[Action]) -> bool:
    """Whether `legal` lists `action`: the same interned object (a C-level identity scan, the
    usual case), else one with its index (the action's `index` is what the space numbers)."""
    return action in legal or action.index in map(_action_index, legal)
