"""Siege agents: a heuristic defender team member and a heuristic Field Marshal."""

from __future__ import annotations

from warroom.core.game import Action, State
from warroom.core.rng import Rng


class HeuristicAgent:
    """Placeholder replaced below."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        return self.rng.choice(state.legal_actions())
