"""The `search` Dust Warfare agent: the heuristic agent, improved by paired search where a choice
decides the fight.

At an activation's action (move, march, fire at whom, sustained; DW-ACT-03..05), a reaction
(DW-REACT-01..04) and the choice of which unit activates (DW-ACT-01), it runs the core's paired
search (`warroom.agents.mcts`, search "paired"): the heuristic's own choice and the
`candidates - 1` options the evaluation (evaluate.py) likes best one step ahead are each played
on in the same determinisations with the same dice, `depth` decisions of the heuristic on both
sides, then scored by `Game.evaluate`; a rival replaces the heuristic's choice only when its mean
paired gain beats `margin` standard errors. Everything else (deployment, placements, command,
hit allocation) is the heuristic's choice: those are many and cheap to get right, and a placement
proposal is not one of the listed options the search compares.
"""

from __future__ import annotations

from warroom.agents.mcts import MctsAgent, MctsSettings
from warroom.core.actions import Action
from warroom.core.game import State
from warroom.games.dust_warfare.agents import HeuristicAgent

SEARCHED = frozenset({"action", "react", "activate"})  # decision kinds searched
SETTINGS = MctsSettings(
    iterations=4, search="paired", playout="heuristic", depth=6, candidates=3, margin=1.0, settle_after=0
)


class SearchAgent:
    """See the module docstring."""

    def __init__(self, seed: int = 0, settings: MctsSettings = SETTINGS) -> None:
        self.heuristic = HeuristicAgent(seed)
        self.search = MctsAgent(seed, settings)

    def choose(self, state: State) -> Action:
        decision = state.decision  # type: ignore[attr-defined]  # a Dust state: the engine's decision
        if decision is not None and decision[0] in SEARCHED and len(state.legal_actions()) > 1:
            return self.search.choose(state)
        return self.heuristic.choose(state)
