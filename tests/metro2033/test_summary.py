"""The simulation summary of a finished Metro 2033 game: one yes/no per faction in play, true for
the winner's faction only (so `warroom sim` reports per-faction win rates, M33-END-02/03)."""

from __future__ import annotations

import pytest

import warroom
from warroom.agents import make_agent
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import Faction


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 3), (6, 5)])
def test_one_won_flag_per_faction_in_play_true_only_for_the_winner(players: int, seed: int) -> None:
    game = warroom.load("metro2033", players=players)
    state = game.new_initial_state(seed)
    seats = [make_agent(game, "heuristic", seat) for seat in range(players)]
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].choose(state))
    names = {f: default_content().factions[Faction(f)].name for f in state.faction}
    flags = {key: value for key, value in game.summary(state).items() if key.endswith(" won")}
    assert sorted(flags) == sorted(f"{name} won" for name in names.values())
    assert [key for key, value in flags.items() if value] == [
        f"{names[state.faction[seat]]} won" for seat in state.result
    ]
