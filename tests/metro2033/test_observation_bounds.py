"""Metro 2033's declared observation bounds (encoding.bounds) are truthful: every observation of
seeded games for 2-6 players, random and heuristic, for every seat and the spectator, lies inside
them; and the limits they come from are reached where a position can reach them (the whole
reserve of a resource in one hand, M33-GEN-03; the top of the army track, M33-GEN-08; the last
round before the round guard)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from warroom.agents import make_agent
from warroom.core.rng import Rng
from warroom.games.metro2033 import Metro2033Game
from warroom.games.metro2033.changes import SEAT
from warroom.games.metro2033.encoding import AT_ROUND, AT_SEATS, SEAT_FIELDS
from warroom.games.metro2033.rules.common import ARMY_MAX
from warroom.games.metro2033.state import MetroState


def _outside(game: Metro2033Game, state: MetroState, out: np.ndarray[Any, Any]) -> list[str]:
    low, high = game.observation_bounds()
    found = []
    for seat in [*range(game.num_players), None]:
        game.observe_into(state, seat, out)
        for at in np.flatnonzero((out < low) | (out > high))[:5]:
            found.append(f"seat {seat} element {at}: {out[at]} not in [{low[at]}, {high[at]}]")
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_every_observation_lies_within_the_bounds(players: int, agent: str) -> None:
    game = Metro2033Game(players=players, max_rounds=25)
    low, high = game.observation_bounds()
    assert low.shape == high.shape == (game.observation_size(),) and (low <= high).all()
    out = np.empty(game.observation_size(), np.float32)
    steps = 0
    for seed in range(2):
        state = game.new_initial_state(seed)
        agents = [make_agent(game, agent, seed * 10 + seat) for seat in range(players)]
        while True:
            assert not _outside(game, state, out), (seed, steps, _outside(game, state, out))
            if state.is_terminal():
                break
            state.apply_action(agents[state.current_player()].choose(state))
            steps += 1
    assert steps > 200


def _midgame(players: int = 3) -> MetroState:
    game = Metro2033Game(players=players, max_rounds=30)
    state = game.new_initial_state(4)
    rng = Rng(4)
    while state.round < 2:
        options = state.legal_actions()
        state.apply_action(options[rng.below(len(options))])
    return state


def test_the_resource_and_army_bounds_are_reached() -> None:
    """M33-GEN-03: one seat holding a whole resource's reserve sits on its bound; M33-GEN-08:
    an army at the top of the track too. Both positions are what the rules allow."""
    state = _midgame()
    game = state.game
    for r in range(3):  # every unit of every resource to seat 0: the reserve's and the others'
        state.res[0][r] += state.reserve[r] + sum(state.res[seat][r] for seat in (1, 2))
        state.reserve[r] = state.res[1][r] = state.res[2][r] = 0
    state.army[0] = ARMY_MAX
    state.check_integrity()
    _low, high = game.observation_bounds()
    out = np.empty(game.observation_size(), np.float32)
    game.observe_into(state, 0, out)
    seat0 = slice(AT_SEATS, AT_SEATS + 4)  # M, P, A, army
    assert np.array_equal(out[seat0], high[seat0])
    assert not _outside(game, state, out)
    state.res[0][0] += 1  # one mushroom more than the box holds: outside
    state.changes[SEAT] += 1  # seat 0's counter moved, as a rule that changed it would (changes.py)
    assert _outside(game, state, out)


def test_the_round_bound_is_the_round_guard() -> None:
    game = Metro2033Game(players=2, max_rounds=3)
    state = game.new_initial_state(1)
    rng = Rng(1)
    while not state.is_terminal():
        options = state.legal_actions()
        state.apply_action(options[rng.below(len(options))])
    _low, high = game.observation_bounds()
    out = np.empty(game.observation_size(), np.float32)
    game.observe_into(state, None, out)
    assert state.round == 3 and out[AT_ROUND] == high[AT_ROUND] == np.float32(3 / 100)
    assert high[AT_SEATS + SEAT_FIELDS - 1] == 1.0  # a drafted-faction flag is a 0/1 value
