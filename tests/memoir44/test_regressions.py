"""Regressions found outside the rule tests, each on a hand-built position."""

from __future__ import annotations

from tests.memoir44.conftest import decision, play, pos


def test_barrage_with_no_enemy_on_the_board_is_played_for_nothing():
    """M44-TAC-09: a side may be left with no unit on the board but short of its medal count; a
    Barrage then has no target and must not leave the game without a legal action (found by a
    random game on an imported scenario)."""
    st = pos("allies infantry R9C7\nhand allies: barrage\n")
    play(st, "play barrage")
    assert st.legal_actions(), "a running game always offers an action"
    assert decision(st) != "barrage"
