"""The `search` Dust Warfare agent: the heuristic agent, improved by paired search where a choice
decides the fight.

At an activation's action (move, march, fire at whom, sustained; DW-ACT-03..05) and a reaction
(DW-REACT-01..04) it runs the core's paired search (`warroom.agents.mcts`, search "paired"): the
heuristic's own choice and the `candidates - 1` options the evaluation (evaluate.py, fitted)
likes best one step ahead are each played on in the same determinisations with the same dice,
`depth` decisions of the heuristic on both sides, then scored by `Game.evaluate`; a rival the
search prefers (its mean paired gain beats `margin` standard errors) is then **confirmed** on
`confirm` fresh determinisations, played `CONFIRM_DEPTH` decisions on from both with the same
dice: it replaces the heuristic's choice only when that independent gain is at least
`CONFIRM_GAIN` and beats `CONFIRM_MARGIN` standard errors. The search's estimate of its best
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

import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from warroom.agents.mcts import LEVELS, MctsAgent, MctsSettings, _playout, _world
from warroom.core.actions import Action
from warroom.core.game import State
from warroom.games.dust_warfare.agents import HeuristicAgent

SEARCHED = frozenset({"action", "react"})  # decision kinds searched (not "activate": module docstring)
PLACEMENTS = frozenset({"where", "marker"})  # the heuristic proposes exact placements there
SETTINGS = MctsSettings(
    iterations=4, search="paired", playout="heuristic", depth=6, candidates=3, margin=1.0, settle_after=0
)
CONFIRM_WORLDS = 6  # fresh determinisations that must confirm a rival before it replaces the pick
CONFIRM_DEPTH = 10  # heuristic decisions a confirming playout runs before the evaluation
CONFIRM_MARGIN = 1.0  # standard errors the confirmed mean paired gain must beat
CONFIRM_GAIN = 0.03  # and the gain itself, on the search's 0..1 scale: 3 points of win chance


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
        self.search = MctsAgent(seed, settings)
        self.kinds = kinds  # the decision kinds searched; None: all but placements
        self.confirm = confirm  # 0: take the search's choice unconfirmed
        self.checker = MctsAgent(seed ^ 0xC0F1, replace(settings, depth=max(settings.depth, CONFIRM_DEPTH)))

    def choose(self, state: State) -> Action:
        decision = state.decision  # type: ignore[attr-defined]  # a Dust state: the engine's decision
        if decision is None or len(state.legal_actions()) < 2:
            return self.heuristic.choose(state)
        kind = decision[0]
        searched = kind not in PLACEMENTS if self.kinds is None else kind in self.kinds
        if not searched:
            return self.heuristic.choose(state)
        chosen = self.search.choose(state)
        if not self.confirm:
            return chosen
        pick = self.search.policy(state)
        return chosen if chosen is pick or self.confirmed(state, pick, chosen) else pick

    def confirmed(self, state: State, pick: Action, rival: Action) -> bool:
        """Whether `rival` beats `pick` again on `confirm` new determinisations: the search's own
        estimate of its best rival is biased upwards (it is the maximum of noisy means), an
        independent sample is not."""
        gain, error = self.paired_gain(state, pick, rival)
        return gain > CONFIRM_GAIN and gain > CONFIRM_MARGIN * error

    def paired_gain(self, state: State, pick: Action, rival: Action) -> tuple[float, float]:
        """The mean gain of `rival` over `pick` and its standard error, on the search's 0..1
        scale, over `confirm` new determinisations, each played on from both with the same dice
        for `CONFIRM_DEPTH` heuristic decisions and scored by the evaluation."""
        me, checker = state.current_player(), self.checker
        info = state.game.info
        low, span = info.min_return, (info.max_return - info.min_return) or 1.0
        diffs = []
        for _ in range(max(2, self.confirm)):
            world = _world(state, me, checker.rng)
            values = []
            for action in (pick, rival):
                played = world.clone()
                played.apply_action(action)
                values.append(_playout(checker, played, info.max_decisions, low, span)[me])
            diffs.append(values[1] - values[0])
        n = len(diffs)
        gain = sum(diffs) / n
        return gain, math.sqrt(sum((d - gain) ** 2 for d in diffs) / (n - 1) / n)


def levels() -> dict[str, Callable[[int], SearchAgent]]:
    """The generic search levels, as Dust plays them (see the module docstring)."""
    return {name: partial(SearchAgent, settings=settings, kinds=None) for name, settings in LEVELS.items()}
