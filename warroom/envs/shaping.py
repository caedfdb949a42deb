"""Shaped rewards: each game's potential, the learner's estimated return before the game ends.

With `shaped=True` an environment pays, on every step, `phi(after) - phi(before)` on top of the
game's reward, `phi` a seat's potential and 0 once the game is over (potential-based shaping,
Ng, Harada and Russell, 1999): over an episode the shaping sums to `-phi(start)`, so it pays
progress earlier without changing which policy is best. A game's potential is the one its
`encoding.py` registers (`register`, documented there next to the observation), else the game's
own evaluation (`Game.evaluate`, the estimate its search uses); a game with neither refuses
`shaped=True`. A competitive game's potentials sum to zero over the seats, so its shaped
rewards do too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from warroom.core.errors import OptionError
from warroom.core.game import Game, State

Potential = Callable[[Any], Sequence[float]]  # a state -> one estimated return per seat

_REGISTERED: dict[str, Potential] = {}


def register(game_id: str, potential: Potential) -> None:
    """`potential` shapes `game_id`'s rewards (a game's encoding module calls this on import)."""
    _REGISTERED[game_id] = potential


def potential_of(game: Game[Any]) -> Potential:
    """The potential `shaped=True` uses for `game` (see the module docstring); OptionError when
    the game has neither a registered potential nor an evaluation."""
    registered = _REGISTERED.get(game.info.id)
    if registered is not None:
        return registered
    if game.evaluate(game.new_initial_state(0)) is None:
        raise OptionError(f"shaped=True needs a potential or an evaluation; {game.info.id} has neither")

    def evaluation(state: State) -> Sequence[float]:
        estimate = game.evaluate(state)
        return [0.0] * game.num_players if estimate is None else estimate

    return evaluation


def potentials(potential: Potential, state: State) -> list[float]:
    """Every seat's potential now, 0 once the game is over (so the shaping telescopes to
    `-phi(start)` and the game's own reward decides the end)."""
    if state.is_terminal():
        return [0.0] * state.game.num_players
    return [float(v) for v in potential(state)]
