"""A static estimate of a Dust Warfare position's outcome, for search (`Game.evaluate`): a logistic
model of the Allies' chance to win, fitted to heuristic-vs-heuristic games.

`features` reads six numbers from a position, each the Allies' figure minus the Axis', in units
of 100 Superiority Points (§3.19):

- **lost**: the AP of the enemy's units lost as the end phase would count them (destroyed,
  Retreating or still in reserve: elimination, DW-SUP-04/DW-UNIT-11, `rules/scoring`).
- **points**: the other SP held from this very position: objectives controlled (DW-FB-06/07; a
  contested one scores nobody), Breakthrough (DW-FL-08), concealment (DW-NE-12), the secret
  objective (DW-SM-11).
- **worn**: for each enemy unit not yet lost, its AP times the share of its miniatures' damage
  capacity gone (destroyed miniatures and damage, DW-UNIT-03).
- **suppressed**: for each enemy unit not yet lost, its AP times its Suppression markers as a
  share of the count that makes it Retreat (DW-SUP-04: above the miniatures left, twice that for
  a Vehicle).
- **lost_late**, **points_late**: lost and points times the battle's progress (0 in the first
  turn, 1 in the last, DW-TURN-01): SP held late are more likely to be the SP scored.

The win probability is sigmoid(intercept + weights . features); the weights are maximum-likelihood
estimates stored in `data/evaluation.toml` with how they were fitted
(`benchmarks/fit_dust_evaluation.py`), validated on load: every feature weighted once, every
number finite. The Allies' value is 2p - 1 in (-1, 1) and the Axis' its negation (the game is
zero-sum, DW-TURN-04); a finished game returns its real result.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, field_validator

from warroom.core.datafile import read_toml, validate
from warroom.games.dust_warfare.rules.scoring import elimination, is_lost, scores
from warroom.games.dust_warfare.rules.secret import bonus
from warroom.games.dust_warfare.words import Status, UnitType

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

FEATURES = ("lost", "points", "worn", "suppressed", "lost_late", "points_late")
MODEL_FILE = Path(__file__).parent / "data" / "evaluation.toml"
SP = 100.0  # the features' unit
DEFAULT_TURNS = 6  # a variable-length battle's progress is read against this many turns (DW-CAMP-05)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Fit(_Strict):
    """How the weights were fitted (documentation, checked for sense)."""

    command: str
    scenario: str
    games: int
    positions: int
    held_out_games: int
    held_out_positions: int
    held_out_accuracy: float
    held_out_log_loss: float
    majority_accuracy: float
    hand_set_accuracy: float  # the hand-set evaluation's, on the same held-out positions

    @field_validator("held_out_accuracy", "majority_accuracy", "hand_set_accuracy")
    @classmethod
    def _share(cls, value: float) -> float:
        if not 0.0 <= value <= 1.0:
            raise ValueError("must be a share between 0 and 1")
        return value


class Model(_Strict):
    """The fitted logistic model: intercept and one weight per feature."""

    intercept: float
    weights: dict[str, float]
    fit: Fit

    @field_validator("weights")
    @classmethod
    def _every_feature(cls, value: dict[str, float]) -> dict[str, float]:
        if sorted(value) != sorted(FEATURES):
            raise ValueError(
                f"needs exactly the features {', '.join(FEATURES)}, got {', '.join(sorted(value))}"
            )
        if not all(math.isfinite(w) for w in value.values()):
            raise ValueError("every weight must be a finite number")
        return value

    def vector(self) -> tuple[float, ...]:
        """The weights in `FEATURES` order."""
        return tuple(self.weights[name] for name in FEATURES)


def load_model(path: Path = MODEL_FILE) -> Model:
    """The model file, or CorruptDataError naming the file and the field."""
    return validate(Model, read_toml(path), path.name, "model")


@cache
def default_model() -> Model:
    return load_model()


def shares(st: DustState, u: int) -> tuple[float, float]:
    """Unit u's damage share (capacity gone, 0..1) and Suppression share (of the count that makes
    it Retreat, 0..1), for a unit on the table and not yet lost; (0, 0) otherwise."""
    if st.status[u] != Status.TABLE or is_lost(st, u):
        return 0.0, 0.0
    unit = st.unit(u)
    capacity = gone = 0
    for m, model in enumerate(unit.models):
        capacity += model.capacity
        gone += model.capacity if st.dead[u][m] else st.dmg[u][m]
    damage = gone / capacity if capacity else 0.0
    supp = 0.0
    if st.supp[u]:
        alive = len(st.living(u))
        limit = 2 * alive if unit.kind.unit_type is UnitType.VEHICLE else alive
        supp = min(1.0, st.supp[u] / (limit + 1))
    return damage, supp


def progress(st: DustState) -> float:
    """0 in the first turn .. 1 in the last (DW-TURN-01)."""
    turns = st.game.scenario.battle_length or DEFAULT_TURNS
    return min(1.0, max(0.0, (st.turn - 1) / (turns - 1)))


def features(st: DustState) -> tuple[float, ...]:
    """The model's inputs in `FEATURES` order (see the module docstring)."""
    held = scores(st, bonus)
    lost = [float(elimination(st, seat)) for seat in (0, 1)]
    points = [held[seat] - lost[seat] for seat in (0, 1)]
    worn, suppressed = [0.0, 0.0], [0.0, 0.0]
    for seat in (0, 1):
        for u in st.units_of(1 - seat):
            damage, supp = shares(st, u)
            ap = st.unit(u).ap
            worn[seat] += ap * damage
            suppressed[seat] += ap * supp
    late = progress(st)
    d_lost, d_points = (lost[0] - lost[1]) / SP, (points[0] - points[1]) / SP
    return (
        d_lost,
        d_points,
        (worn[0] - worn[1]) / SP,
        (suppressed[0] - suppressed[1]) / SP,
        d_lost * late,
        d_points * late,
    )


def win_probability(st: DustState, model: Model | None = None) -> float:
    """The Allies' chance of winning from here, as the fitted model sees it."""
    m = model or default_model()
    z = m.intercept + sum(w * x for w, x in zip(m.vector(), features(st), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def evaluate(st: DustState) -> list[float]:
    """Every seat's expected return (-1 lost .. +1 won): the real one once the game is over."""
    if st.is_terminal():
        return st.returns()
    value = 2.0 * win_probability(st) - 1.0
    return [value, -value]
