"""The seats a single-agent environment plays itself.

An opponent is given as one of:

- an agent name the game offers (`"random"`, `"heuristic"`, `"mcts"`, ...: `warroom.agents`),
  built with a seed drawn from the environment's `reset(seed=...)`, so seeded episodes replay;
- an agent object (anything with `choose(state) -> Action`);
- a policy: a callable taking that seat's observation (the same dict the learner gets, mask
  included) and returning an action index, e.g. a frozen copy of the learner for self-play:
  `lambda obs: int(frozen.predict(obs, action_masks=obs["action_mask"])[0])`.

`opponents=` takes one of these for every other seat, or a list with one per seat (the
learner's own entry is ignored), or a dict from seat to opponent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from warroom.agents.base import make_agent
from warroom.core.errors import OptionError
from warroom.core.game import Action, Game, State
from warroom.envs.spaces import GameSpaces, Observation

Opponent = Callable[[State], Action]  # what a seat's opponent does with the state
Policy = Callable[[Observation], int]


def per_seat(spec: Any, seat: int, n: int) -> dict[int, Any]:
    """The opponent spec (a name, an agent or a policy; see above) of every seat but `seat`."""
    if isinstance(spec, Mapping):
        specs = dict(spec)
    elif isinstance(spec, Sequence) and not isinstance(spec, str):
        if len(spec) != n:
            raise OptionError(f"opponents: a list needs one entry per seat ({n}), got {len(spec)}")
        specs = dict(enumerate(spec))
    else:
        specs = dict.fromkeys(range(n), spec)
    missing = [s for s in range(n) if s != seat and s not in specs]
    if missing:
        raise OptionError(f"opponents: no opponent for seat(s) {missing}")
    return {s: specs[s] for s in range(n) if s != seat}


def build(game: Game[Any], spaces: GameSpaces, spec: Any, seat: int, seed: int) -> Opponent:
    """The opponent for `seat` from its spec; names are seeded with `seed`."""
    if isinstance(spec, str):
        agent = make_agent(game, spec, seed)
        return agent.choose
    if hasattr(spec, "choose"):
        return spec.choose  # type: ignore[no-any-return]
    if callable(spec):
        policy: Policy = spec

        def act(state: State) -> Action:
            return spaces.action(state, int(policy(spaces.observe(state, seat))))

        return act
    raise OptionError(f"opponent {spec!r} is neither an agent name, an agent nor a policy")
