"""What `warroom sim dust_warfare` reports of a finished game (issue 13, "Agents and analysis"):
the turn reached and each side's Superiority Points as the end phase scored them (DW-TURN-02/03)."""

from __future__ import annotations

from typer.testing import CliRunner

from warroom.agents.base import RandomAgent
from warroom.cli import app
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


def test_sim_table_prints_sp_and_turns_with_their_intervals() -> None:
    """DW-TURN-02, DW-FB-07: the `warroom sim dust_warfare` table gives the mean turn reached and
    each side's mean SP with a 95% interval, as `--json` does (issue 13)."""
    result = CliRunner().invoke(app, ["sim", "dust_warfare", "--games", "2", "--agents", "random,random"])
    assert result.exit_code == 0, result.output
    lines = {
        line.split("│")[1].strip(): line.split("│")[2].strip()
        for line in result.stdout.splitlines()
        if line.count("│") == 3
    }
    for figure in ("mean turns", "summary turns", "summary allies_sp", "summary axis_sp"):
        assert "(95% CI " in lines[figure], (figure, lines.get(figure))
    assert lines["win rate"].count("95% CI") == 1  # a rate keeps its Wilson interval
