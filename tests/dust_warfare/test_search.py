"""Dust Warfare's `search` agent and the generic search levels (warroom/games/dust_warfare/search.py):
they play placements (the heuristic's exact proposals) and searched decisions (paired search with
the game's evaluation) through the contract, always a legal action, a whole game to its end; a
rival replaces the heuristic's pick only when fresh paired playouts confirm it."""

from __future__ import annotations

import pytest

from warroom.agents.base import make_agent
from warroom.agents.mcts import MctsAgent
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.search import (
    CONFIRM_DEPTH,
    CONFIRM_GAIN,
    CONFIRM_MARGIN,
    CONFIRM_WORLDS,
    PLACEMENTS,
    SEARCHED,
    SETTINGS,
    SearchAgent,
)
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


def test_the_search_agent_plays_a_whole_game_legally() -> None:
    game = DustWarfareGame()
    agents = [make_agent(game, "search", 0), HeuristicAgent(1)]
    state = game.new_initial_state(1)
    kinds = set()
    while not state.is_terminal():
        assert state.decision is not None
        kinds.add(state.decision[0])
        action = agents[state.current_player()].choose(state)
        assert state.is_legal(action)
        state.apply_action(action)
    assert {"where", "action", "activate", "react"} <= kinds
    assert state.scores is not None and state.returns()[0] in (-1.0, 0.0, 1.0)


def test_paired_gains_are_measured_on_fresh_worlds_with_the_same_dice() -> None:
    """Firing at an enemy in range beats ending the activation unused (DW-ACT-03) on new
    determinisations played on from both with the same dice, and the gain the other way round is
    its negation on the same worlds; an option never beats itself."""
    state = _until(DustWarfareGame().new_initial_state(3), frozenset({"action"}))
    while not any(a.text.startswith("fire") for a in state.legal_actions()):
        state.apply_action(HeuristicAgent(3).choose(state))
        state = _until(state, frozenset({"action"}))
    legal = {a.text: a for a in state.legal_actions()}
    fire, stop = next(a for text, a in legal.items() if text.startswith("fire")), legal["stop"]
    gain, error = _checker().paired_gain(state, stop, fire, CONFIRM_WORLDS)
    assert gain > error > 0.0
    back, same = _checker().paired_gain(state, fire, stop, CONFIRM_WORLDS)  # the same worlds, reversed
    assert back == pytest.approx(-gain) and same == pytest.approx(error)
    assert _checker().paired_gain(state, fire, fire, CONFIRM_WORLDS) == (0.0, 0.0)
    clear = gain > CONFIRM_GAIN and gain > CONFIRM_MARGIN * error  # the stage judges these worlds
    assert SearchAgent(0).search.confirmed(state, stop, fire) is (fire if clear else stop)
    assert SearchAgent(0).search.confirmed(state, fire, stop) is fire  # a loss: the pick stays


def _checker() -> MctsAgent:
    """The search agent's confirming playouts: Dust's depth, their own random stream."""
    return SearchAgent(0).search.checker()


@pytest.mark.parametrize(
    ("gain", "error", "confirmed"),
    [
        (CONFIRM_GAIN * 2, CONFIRM_GAIN / 2, True),
        (CONFIRM_GAIN / 2, CONFIRM_GAIN / 100, False),  # sure, but too small to be worth a change
        (CONFIRM_GAIN * 2, CONFIRM_GAIN * 3, False),  # large, but within the noise
        (-CONFIRM_GAIN * 2, CONFIRM_GAIN / 2, False),
    ],
)
def test_a_rival_is_confirmed_only_by_a_clear_and_large_enough_gain(
    gain: float, error: float, confirmed: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = _until(DustWarfareGame().new_initial_state(3), frozenset({"action"}))
    first, second = state.legal_actions()[:2]
    monkeypatch.setattr(MctsAgent, "paired_gain", lambda *_: (gain, error))
    assert SearchAgent(0).search.confirmed(state, first, second) is (second if confirmed else first)
    assert SearchAgent(0, confirm=0).search.confirmed(state, first, second) is second  # no stage


def test_the_search_agent_searches_with_the_cores_confirmation_stage() -> None:
    """Dust's thresholds reach the core's paired search; the confirming playouts run deeper."""
    settings = SearchAgent(0).search.settings
    assert (settings.confirm, settings.min_gain, settings.confirm_margin) == (
        CONFIRM_WORLDS,
        CONFIRM_GAIN,
        CONFIRM_MARGIN,
    )
    assert _checker().settings.depth == max(SETTINGS.depth, CONFIRM_DEPTH) and not _checker().settings.confirm


def test_the_generic_levels_search_on_dust_but_never_a_placement() -> None:
    game = DustWarfareGame()
    state = game.new_initial_state(2)
    where = _until(state, PLACEMENTS)
    chosen = make_agent(game, "mcts-fast", 0).choose(where)
    assert where.is_legal(chosen)  # the heuristic's exact proposal, outside the listed regions
    action = _until(where, SEARCHED)
    picked = make_agent(game, "mcts-i16", 0).choose(action)
    assert picked in action.legal_actions()
