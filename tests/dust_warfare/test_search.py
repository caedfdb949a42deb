"""Dust Warfare's `search` agent and the generic search levels (warroom/games/dust_warfare/search.py):
they play placements (the heuristic's exact proposals) and searched decisions (paired search with
the game's evaluation) through the contract, always a legal action."""

from __future__ import annotations

from warroom.agents.base import make_agent
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.search import PLACEMENTS, SEARCHED
from warroom.games.dust_warfare.state import DustState


def _until(state: DustState, kinds: frozenset[str], limit: int = 400) -> DustState:
    """Play the heuristic on both sides until a decision of one of `kinds` with a choice."""
    heuristic = HeuristicAgent(3)
    for _ in range(limit):
        assert state.decision is not None
        if state.decision[0] in kinds and len(state.legal_actions()) > 1:
            return state
        state.apply_action(heuristic.choose(state))
    raise AssertionError(f"no {sorted(kinds)} decision in {limit} steps")


def test_the_search_agent_plays_a_game_start_legally() -> None:
    game = DustWarfareGame()
    agent = make_agent(game, "search", 0)
    state = game.new_initial_state(1)
    kinds = set()
    for _ in range(150):
        assert state.decision is not None
        kinds.add(state.decision[0])
        action = agent.choose(state)
        assert state.is_legal(action)
        state.apply_action(action)
    assert {"where", "action", "activate"} <= kinds


def test_the_generic_levels_search_on_dust_but_never_a_placement() -> None:
    game = DustWarfareGame()
    state = game.new_initial_state(2)
    where = _until(state, PLACEMENTS)
    chosen = make_agent(game, "mcts-fast", 0).choose(where)
    assert where.is_legal(chosen)  # the heuristic's exact proposal, outside the listed regions
    action = _until(where, SEARCHED)
    picked = make_agent(game, "mcts-i16", 0).choose(action)
    assert picked in action.legal_actions()
