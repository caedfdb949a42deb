"""The search agent's choices, seed for seed (issue 15): the speed work on the heuristic agents
(the search's playout policy) and on the search itself must leave every choice as it was.

The fingerprints (tests/fingerprint.py) cover a few whole games of each heuristic agent; this
covers the search on top of it: the first 12 real decisions (two or more options) of four
seeded games per game, every seat an MCTS agent of 24 iterations (paired search in Siege and
Memoir '44, tree search in World of Tanks: Rush), hashed. Recorded before the speed work."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import warroom
from warroom.agents import MctsAgent, MctsSettings

RECORDED = {
    "siege": "0011f5570306a7d8",
    "wot_rush": "043ebe1475509784",
    "memoir44": "b03b8227051da942",
}
OPTIONS: dict[str, dict[str, Any]] = {"siege": {}, "wot_rush": {"players": 2}, "memoir44": {}}


def search_picks(game_id: str, seeds: int = 4, decisions: int = 12) -> list[str]:
    game = warroom.load(game_id, **OPTIONS[game_id])
    picks: list[str] = []
    for seed in range(seeds):
        state = game.new_initial_state(seed)
        agents = [MctsAgent(seed + p, MctsSettings(iterations=24)) for p in range(game.num_players)]
        taken = 0
        while not state.is_terminal() and taken < decisions:
            many = len(state.legal_actions()) > 1
            action = agents[state.current_player()].choose(state)
            if many:
                picks.append(action.text)
                taken += 1
            state.apply_action(action)
    return picks


@pytest.mark.parametrize("game_id", sorted(RECORDED))
def test_search_choices_unchanged(game_id: str) -> None:
    digest = hashlib.sha256("\n".join(search_picks(game_id)).encode()).hexdigest()[:16]
    assert digest == RECORDED[game_id], f"{game_id}: the search now chooses differently"
