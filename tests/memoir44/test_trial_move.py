"""The heuristic's trial of a move in place (`movement.shift` / `unshift`, `agents._move`): the
search's hot path scores each destination on the position itself instead of on a copy. These
tests hold it to the copy it replaced, on every move of seeded games of every shipped scenario:
`shift` leaves the board as `apply_action` does (while the turn goes on), tells a winning move
as the copy does, `unshift` gives back the position exactly, and the heuristic picks the same
move either way. Short turn bounds put some games' last turn (played on a copy) in reach."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from warroom.agents import RandomAgent
from warroom.games.memoir44 import agents
from warroom.games.memoir44.actions import M44Action, Verb
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.rules.movement import shift, unshift
from warroom.games.memoir44.rules.units import winner
from warroom.games.memoir44.scenario import shipped
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import Kind

BOARD = ("unit_hex", "occ", "moved", "moved_again", "no_battle", "sandbags", "wire", "obj_taken")


def _move_positions(scenario: str, seeds: range, max_turns: int) -> Iterator[M44State]:
    """Every MOVE decision of seeded games, heuristic and random play mixed."""
    game = Memoir44Game(scenario=scenario, max_turns=max_turns)
    for seed in seeds:
        st = game.new_initial_state(seed)
        heuristic, rand = agents.HeuristicAgent(seed), RandomAgent(seed)
        step = 0
        while not st.is_terminal():
            if st.decision and st.decision[0] == Kind.MOVE:
                yield st
            picker = heuristic if step % 3 else rand
            st.apply_action(picker.choose(st))
            step += 1


def _board(st: M44State) -> dict[str, list[int]]:
    return {name: list(getattr(st, name)) for name in BOARD}


@pytest.mark.parametrize("scenario", shipped())
def test_shift_is_the_move_and_unshift_undoes_it(scenario: str) -> None:
    checked = 0
    for st in _move_positions(scenario, range(4), max_turns=12):
        saved, board = st.serialize(), _board(st)
        for action in st.legal_actions():
            assert isinstance(action, M44Action)
            if action.verb is not Verb.MOVE:
                continue
            trial = st.clone()
            trial.apply_action(action)
            done = shift(st, action)
            ends = winner(st) is not None
            if trial.decision and trial.decision[0] in (Kind.MOVE, Kind.BATTLE) and not trial.is_terminal():
                assert _board(st) == _board(trial), action.text
                checked += 1
            if st.turn < st.game.max_turns:
                assert ends == trial.is_terminal(), action.text  # a win, never the turn bound
            unshift(st, done)
            assert st.serialize() == saved and _board(st) == board, action.text
    assert checked > 50


@pytest.mark.parametrize("scenario", shipped())
def test_the_heuristic_moves_alike_in_place_and_on_a_copy(
    scenario: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    in_place, on_copy = agents.HeuristicAgent(0), agents.HeuristicAgent(0)
    compared = 0
    for st in _move_positions(scenario, range(4, 8), max_turns=12):
        actions = [a for a in st.legal_actions() if isinstance(a, M44Action)]
        mine = in_place._move(st, actions)
        with monkeypatch.context() as patch:
            patch.setattr(agents, "_scored_in_place", lambda _st: False)
            theirs = on_copy._move(st, actions)
        assert mine is theirs
        compared += 1
    assert compared > 50
