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

The generic search levels (`mcts`, `mcts-i16`, ...) are this agent too on Dust, with the level's
settings and searching every decision but a placement (`kinds=None`): the paired search compares
the heuristic's pick with listed options, and at a placement the heuristic's pick is an exact
proposal outside the list.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from warroom.agents.mcts import LEVELS, MctsAgent, MctsSettings
from warroom.core.actions import Action
from warroom.core.game import State
from warroom.games.dust_warfare.agents import HeuristicAgent

SEARCHED = frozenset({"action", "react", "activate"})  # decision kinds searched
PLACEMENTS = frozenset({"where", "marker"})  # the heuristic proposes exact placements there
SETTINGS = MctsSettings(
    iterations=4, search="paired", playout="heuristic", depth=6, candidates=3, margin=1.0, settle_after=0
)


class SearchAgent:
    """See the module docstring."""

    def __init__(
        self, seed: int = 0, settings: MctsSettings = SETTINGS, kinds: frozenset[str] | None = SEARCHED
    ) -> None:
        self.heuristic = HeuristicAgent(seed)
        self.search = MctsAgent(seed, settings)
        self.kinds = kinds  # the decision kinds searched; None: all but placements

    def choose(self, state: State) -> Action:
        decision = state.decision  # type: ignore[attr-defined]  # a Dust state: the engine's decision
        if decision is None or len(state.legal_actions()) < 2:
            return self.heuristic.choose(state)
        kind = decision[0]
        searched = kind not in PLACEMENTS if self.kinds is None else kind in self.kinds
        return self.search.choose(state) if searched else self.heuristic.choose(state)


def levels() -> dict[str, Callable[[int], SearchAgent]]:
    """The generic search levels, as Dust plays them (see the module docstring)."""
    return {name: partial(SearchAgent, settings=settings, kinds=None) for name, settings in LEVELS.items()}
