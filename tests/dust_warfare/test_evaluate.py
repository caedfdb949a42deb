"""Dust Warfare's position evaluation for search (warroom/games/dust_warfare/evaluate.py): zero-sum
and bounded on positions of seeded games, the real result once a game is over, and obviously
better positions ranked higher: the Mill held (DW-FB-06/07), an enemy miniature destroyed or
damaged (DW-UNIT-03), an enemy unit suppressed and Retreating (DW-SUP-04)."""

from __future__ import annotations

import pytest

from tests.dust_warfare.helpers import position
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.evaluate import evaluate, projected

ALLIES = "u1{flags} : {allies}"
AXIS = "u6{flags} : {axis}"
FAR_ALLIES = "30,10 32,10 28,10 26,10 24,10"
FAR_AXIS = "36,40 38,40 40,40 42,40 44,40"
AT_MILL_ALLIES = "36,22 38,22 34,22 40,22 32,22"  # 1.5" from the Mill's point (36, 24): within 3"
AT_MILL_AXIS = "36,26.5 38,26.5 34,26.5 40,26.5 32,26.5"


def value(
    allies: str = FAR_ALLIES, axis: str = FAR_AXIS, *, allies_flags: str = "", axis_flags: str = ""
) -> float:
    """The Allies' value of a turn-2 Unit phase with the Gunners (u1) and the Laser Grenadiers
    (u6) alone on the table."""
    st = position(
        "turn 2 phase units\n"
        + ALLIES.format(flags=allies_flags, allies=allies)
        + "\n"
        + AXIS.format(flags=axis_flags, axis=axis)
    )
    v = evaluate(st)
    assert v[1] == -v[0]
    return v[0]


def test_zero_sum_and_bounded_on_seeded_games() -> None:
    game = DustWarfareGame()
    for seed in range(2):
        state, rng = game.new_initial_state(seed), Rng(seed)
        while not state.is_terminal():
            v = game.evaluate(state)
            assert v[0] == -v[1] and -1.0 < v[0] < 1.0
            state.apply_action(state.sample_legal(rng))
        assert game.evaluate(state) == state.returns()


def test_holding_the_objective_is_better_than_contesting_it_better_than_losing_it() -> None:
    held = value(AT_MILL_ALLIES)
    contested = value(AT_MILL_ALLIES, AT_MILL_AXIS)
    nobody = value()
    lost = value(axis=AT_MILL_AXIS)
    assert held > nobody > lost
    assert held > contested > lost
    assert contested == pytest.approx(nobody)  # a contested objective scores nobody (DW-FB-07)


def test_enemy_losses_and_damage_raise_the_value() -> None:
    whole = value()
    one_dead = value(axis="36,40 38,40 40,40 42,40 -")
    two_dead = value(axis="36,40 38,40 40,40 - -")
    assert two_dead > one_dead > whole
    own_loss = value(allies="30,10 32,10 28,10 26,10 -")
    assert own_loss < whole


def test_suppression_then_retreat_raise_the_value() -> None:
    calm = value()
    suppressed = value(axis_flags=" supp=2")
    breaking = value(axis_flags=" supp=5")
    retreating = value(axis_flags=" supp=6")  # more markers than miniatures (DW-SUP-04)
    assert calm < suppressed < breaking < retreating


def test_projection_counts_a_retreating_unit_once() -> None:
    """A Retreating unit scores its whole AP under held SP, and nothing more as a worn unit."""
    calm = projected(position("turn 2 phase units\nu1 : " + FAR_ALLIES + "\nu6 : " + FAR_AXIS))
    gone = projected(position("turn 2 phase units\nu1 : " + FAR_ALLIES + "\nu6 supp=6 : " + FAR_AXIS))
    ap = DustWarfareGame().units[6].ap
    assert gone[0] - calm[0] == pytest.approx(ap)
    assert gone[1] == calm[1]
