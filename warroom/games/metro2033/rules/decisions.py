"""Metro 2033's decision kinds and agenda jobs, declared once to the core's engine."""

from __future__ import annotations

from typing import Any, Final

from warroom.core.engine import Rules
from warroom.games.metro2033.rules import battle, end, events, outcome, setup, turns

RULES: Final[Rules[Any]] = Rules(
    [*setup.KINDS, *events.KINDS, *turns.KINDS, *battle.KINDS, battle.card_kind(), *outcome.KINDS],
    {**setup.JOBS, **events.JOBS, **turns.JOBS, **battle.JOBS, **outcome.JOBS, **end.JOBS},
)
