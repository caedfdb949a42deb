"""What `warroom sim dust_warfare` reports of a finished game (issue 13, "Agents and analysis"):
the turn reached and each side's Superiority Points as the end phase scored them (DW-TURN-02/03)."""

from __future__ import annotations

from warroom.agents.base import RandomAgent
from warroom.games.dust_warfare import DustWarfareGame


def test_summary_says_the_turn_reached_and_each_sides_superiority_points() -> None:
    """DW-TURN-02/03: the figures are the state's own, read once the game is over."""
    game = DustWarfareGame()
    state = game.new_initial_state(5)
    agent = RandomAgent(5)
    while not state.is_terminal():
        state.apply_action(agent.choose(state))
    summary = game.summary(state)
    assert summary == {"turns": state.turn, "allies_sp": state.scores[0], "axis_sp": state.scores[1]}
    assert summary["turns"] >= 1 and all(isinstance(p, int) for p in state.scores)
