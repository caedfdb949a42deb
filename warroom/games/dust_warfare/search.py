"""The `search` Dust Warfare agent: the heuristic agent, improved by paired search where a choice
decides the fight.

At an activation's action (move, march, fire at whom, sustained; DW-ACT-03..05) and a reaction
(DW-REACT-01..04) it runs the core's paired search (`warroom.agents.mcts`, search "paired"): the
heuristic's own choice and the `candidates - 1` options the evaluation (evaluate.py, fitted)
likes best one step ahead are each played on in the same determinisations with the same dice,
`depth` decisions of the heuristic on both sides, then scored by `Game.evaluate`; a rival the
search prefers (its mean paired gain beats `margin` standard errors) is then **confirmed** by
the core's confirmation stage (`MctsAgent.confirmed`) on `confirm` fresh determinisations,
played `CONFIRM_DEPTH` decisions on from both with the same dice: it replaces the heuristic's
choice only when that independent gain is at least `CONFIRM_GAIN` and beats `CONFIRM_MARGIN`
standard errors. The search's estimate of its best
rival is the largest of a few noisy means, so it is biased upwards; checked with longer
playouts, about half the rivals it chose were worse than the heuristic's pick, and most real
gains were tiny next to the few large ones (docs/dust_warfare.md, Agents).

Which unit activates (DW-ACT-01) is left to the heuristic: the search's changes there were all
within noise of zero when checked with longer playouts. Everything else (deployment,
placements, command, hit allocation) is the heuristic's choice too: those are many and cheap to
get right, and a placement proposal is not one of the listed options the search compares.

The generic search levels (`mcts`, `mcts-i16`, ...) are this agent too on Dust, with the level's
settings and searching every decision but a placement (`kinds=None`): the paired search compares
the heuristic's pick with listed options, and at a placement the heuristic's pick is an exact
proposal outside the list.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial

from warroom.agents.mcts import LEVELS, MctsAgent, MctsSettings
from warroom.core.actions import Action
from warroom.core.game import State
from warroom.games.dust_warfare.agents import HeuristicAgent

SEARCHED = frozenset({"action", "react"})  # decision kinds searched (not "activate": module docstring)
PLACEMENTS = frozenset({"where", "marker"})  # the heuristic proposes exact placements there
CONFIRM_WORLDS = 6  # fresh determinisations that must confirm a rival before it replaces the pick
CONFIRM_DEPTH = 10  # heuristic decisions a confirming playout runs before the evaluation
CONFIRM_MARGIN = 1.0  # standard errors the confirmed mean paired gain must beat
CONFIRM_GAIN = 0.03  # and the gain itself, on the search's 0..1 scale: 3 points of win chance
SETTINGS = MctsSettings(
    iterations=4,
    search="paired",
    playout="heuristic",
    depth=6,
    candidates=3,
    margin=1.0,
    settle_after=0,
    confirm=CONFIRM_WORLDS,
    confirm_depth=CONFIRM_DEPTH,
    min_gain=CONFIRM_GAIN,
    confirm_margin=CONFIRM_MARGIN,
)


def confirming(settings: MctsSettings, worlds: int = CONFIRM_WORLDS) -> MctsSettings:
    """`settings` with Dust's confirmation stage: `worlds` fresh determinisations (0: none),
    playouts of at least `CONFIRM_DEPTH` decisions, `CONFIRM_GAIN` and `CONFIRM_MARGIN`."""
    return replace(
        settings,
        confirm=worlds,
        confirm_depth=max(settings.depth, CONFIRM_DEPTH),
        min_gain=CONFIRM_GAIN,
        confirm_margin=CONFIRM_MARGIN,
    )


class SearchAgent:
    """See the module docstring."""

    def __init__(
        self,
        seed: int = 0,
        settings: MctsSettings = SETTINGS,
        kinds: frozenset[str] | None = SEARCHED,
        confirm: int = CONFIRM_WORLDS,
    ) -> None:
        self.heuristic = HeuristicAgent(seed)
        self.search = MctsAgent(seed, confirming(settings, confirm))  # confirm 0: unconfirmed
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
