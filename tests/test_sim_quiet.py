"""`warroom sim` plays its games muted (the core's quiet mode, issue 15): the same games, result
for result, as loud ones, with every agent a game offers in the seats (an agent that read a
state's events would choose differently once they are gone, and this would fail)."""

from __future__ import annotations

import pytest

import warroom
from warroom.sim.runner import game_seed, play_game


@pytest.mark.parametrize("game_id", warroom.games())
def test_simulated_games_are_the_same_muted_and_loud(game_id: str) -> None:
    game = warroom.load(game_id)
    seats = game.num_players
    agents = ["heuristic", "random"] if "heuristic" in game.agents() else ["random"]
    for index in range(2):
        lineup = [agents[(s + index) % len(agents)] for s in range(seats)]
        seed = game_seed(7, index)
        loud = play_game(game, lineup, seed, index, quiet=False)
        assert play_game(game, lineup, seed, index) == loud, f"{game_id} {lineup} seed {seed}"
