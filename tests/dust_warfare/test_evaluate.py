"""Dust Warfare's position evaluation for search (warroom/games/dust_warfare/evaluate.py): the fitted
weights load and their file is validated (every feature once, finite numbers, errors naming the
file and field); zero-sum and bounded on positions of seeded games, the real result once a game
is over, and obviously better positions ranked higher: the Mill held (DW-FB-06/07), an enemy
miniature destroyed or damaged (DW-UNIT-03), an enemy unit suppressed and Retreating
(DW-SUP-04)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest

from tests.dust_warfare.helpers import position
from warroom.core.errors import CorruptDataError
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.evaluate import FEATURES, MODEL_FILE, evaluate, features, load_model

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


def test_a_retreating_unit_counts_once_as_lost() -> None:
    """A Retreating unit scores its whole AP as lost (DW-SUP-04), and nothing more as worn or
    suppressed."""
    calm = features(position("turn 2 phase units\nu1 : " + FAR_ALLIES + "\nu6 : " + FAR_AXIS))
    gone = features(position("turn 2 phase units\nu1 : " + FAR_ALLIES + "\nu6 supp=6 : " + FAR_AXIS))
    ap = DustWarfareGame().units[6].ap
    named = dict(zip(FEATURES, gone, strict=True))
    assert named["lost"] - dict(zip(FEATURES, calm, strict=True))["lost"] == pytest.approx(ap / 100)
    assert named["worn"] == named["suppressed"] == 0.0


def test_the_fitted_model_loads_with_its_fit() -> None:
    model = load_model()
    assert sorted(model.weights) == sorted(FEATURES)
    assert model.fit.games > 0 and model.fit.held_out_games > 0
    assert model.fit.held_out_accuracy > model.fit.majority_accuracy  # it learned something


@pytest.mark.parametrize(
    ("spoil", "field"),
    [
        (lambda text: text.replace("worn =", "wornout ="), "weights"),  # a feature missing, one unknown
        (lambda text: re.sub(r"^lost = .*$", "lost = nan", text, flags=re.M), "weights.lost"),
        (lambda text: "extra = 1\n" + text, "extra"),
        (
            lambda text: re.sub(r"^held_out_accuracy = .*$", "held_out_accuracy = 1.5", text, flags=re.M),
            "fit.held_out_accuracy",
        ),
    ],
)
def test_a_spoilt_model_file_is_refused_naming_the_field(spoil: object, field: str, tmp_path: Path) -> None:
    path = tmp_path / MODEL_FILE.name
    path.write_text(spoil(MODEL_FILE.read_text(encoding="utf-8")), encoding="utf-8")  # type: ignore[operator]
    with pytest.raises(CorruptDataError, match=re.escape(f"{MODEL_FILE.name}, field {field}")):
        load_model(path)


def test_every_value_is_finite_and_zero_sum_for_lopsided_positions() -> None:
    for allies, axis in (("- - - - -", FAR_AXIS), (FAR_ALLIES, "- - - - -")):
        st = position("turn 5 phase units\nu1 : " + allies + "\nu6 : " + axis)
        v = evaluate(st)
        assert all(math.isfinite(x) for x in v) and v[0] == -v[1]
