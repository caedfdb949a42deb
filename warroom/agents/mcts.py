"""Information-set Monte Carlo tree search (ISMCTS) over the engine contract, for every game.

One search per decision, from the deciding seat's point of view:

1. **Determinise.** Every iteration starts from `state.resample_hidden(me, rng)`: a full state
   consistent with what `me` has seen, hidden cards and future dice re-drawn. One tree gathers
   the statistics of all these worlds, keyed by action (single-observer ISMCTS), so the search
   cannot exploit what it may not know.
2. **Select** down the tree with PUCT (the AlphaZero rule): a child's mean return for the seat
   that chooses there, plus `c * P(a) * sqrt(N) / (1 + n)`. The prior `P` puts `policy_prior`
   of its mass on the playout policy's own choice and spreads the rest evenly, so a small budget
   starts from the game's heuristic and departs from it only where the playouts say so; an
   unvisited child is valued at its parent's mean (first-play urgency).
3. **Expand** one new node, then **play out** to the end with the game's heuristic agent (or the
   random agent), at most `max_playout` decisions (an unfinished playout scores the middle of
   the return range). The worlds are muted (`TurnState.mute`): a playout keeps no events.
   A state with a `play_out(choose, steps)` method plays the playout itself (World of Tanks:
   Rush): the same moves as the loop through `apply_action`, without its per-step checks.
4. **Back up** the whole return vector: every seat maximises its own entry, so competitive,
   multi-player and cooperative games (where every seat shares one return) need no special case.

The most visited root action is played. With an iteration budget the agent is deterministic for
a given seed; a time budget (`seconds`) depends on the machine's speed and is not. Under a time
budget an iteration is begun only if the last one's time still fits before the deadline.

Games with an evaluation (`Game.evaluate`) are searched by paired playouts instead
(`_PairedSearch`): the playout policy's pick against a few rivals in the same worlds with the
same dice. With `confirm`, a rival it prefers must win again on fresh worlds from a separate
random stream by `min_gain` and `confirm_margin` standard errors (`MctsAgent.confirmed`,
`MctsAgent.paired_gain`), since the best of a few noisy means overstates its gain.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from warroom.core.engine import TurnState
from warroom.core.game import Action, Game, State
from warroom.core.rng import Rng

PLAYOUT_POLICIES = ("auto", "heuristic", "random")
SEARCHES = ("auto", "tree", "paired")


@dataclass(frozen=True, slots=True)
class MctsSettings:
    """How hard and how the agent searches."""

    iterations: int = 100  # playouts per decision
    seconds: float | None = None  # also stop after this long (not deterministic)
    exploration: float = 1.0  # PUCT's c
    policy_prior: float = 0.5  # prior mass on the playout policy's choice (0: uniform prior)
    playout: str = "auto"  # "auto": the game's heuristic agent if it has one, else random
    max_playout: int | None = None  # decisions a playout may take (None: the game's bound)
    settle_after: int = 4  # stop early once this many playouts all ended alike (0: never)
    search: str = "auto"  # "auto": "paired" for games with an evaluation (Game.evaluate), else "tree"
    depth: int = 16  # decisions a playout runs before `Game.evaluate` scores it (games with one)
    candidates: int = 6  # paired search: root actions compared (the policy's pick and the best)
    margin: float = 1.5  # paired search: standard errors a rival must beat the policy's pick by
    confirm: int = 0  # paired search: fresh determinisations that must confirm a rival (0: none)
    confirm_depth: int | None = None  # decisions a confirming playout runs (None: `depth`)
    min_gain: float = 0.0  # the least confirmed gain, on the 0..1 scale, that replaces the pick
    confirm_margin: float = 1.0  # standard errors the confirmed gain must beat

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be 1 or more, not {self.iterations}")
        if self.playout not in PLAYOUT_POLICIES:
            raise ValueError(f"playout must be one of {', '.join(PLAYOUT_POLICIES)}, not {self.playout!r}")
        if self.search not in SEARCHES:
            raise ValueError(f"search must be one of {', '.join(SEARCHES)}, not {self.search!r}")
        if self.depth < 1 or self.candidates < 2:
            raise ValueError("depth must be 1 or more and candidates 2 or more")
        if (
            self.confirm < 0
            or self.confirm == 1
            or (self.confirm_depth is not None and self.confirm_depth < 1)
        ):
            raise ValueError("confirm must be 0 (none) or 2 or more, and confirm_depth 1 or more")


LEVELS: dict[str, MctsSettings] = {
    # iteration budgets with a time cap as a safety net (the cap makes a move machine-dependent
    # only where it is reached: in slow games such as 4-player Siege with heuristic playouts)
    "mcts-fast": MctsSettings(iterations=16, seconds=0.25),
    "mcts": MctsSettings(iterations=64, seconds=0.5),
    "mcts-strong": MctsSettings(iterations=256, seconds=0.9),
    # pure iteration budgets: always reproducible from the seed, whatever the machine
    "mcts-i16": MctsSettings(iterations=16),
    "mcts-i64": MctsSettings(iterations=64),
}


def determinise(root: State, me: int, rng: Rng) -> State:
    """A determinisation of `root` for `me`, muted (`TurnState.mute`): nobody reads a playout's
    events, so none are kept, in it or in the clones made from it (the same moves either way)."""
    world = root.resample_hidden(me, rng)
    if isinstance(world, TurnState):
        world.mute()
    return world


class _Node:
    """Statistics of one action sequence from the root: visits and summed returns per seat."""

    __slots__ = ("children", "pick", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.totals = [0.0] * seats
        self.pick = -1  # the playout policy's choice here (an action index), found on first visit

    def mean(self, seat: int) -> float:
        return self.totals[seat] / self.visits


class _Search:
    """One decision's search: the tree, the budget and the scaling of returns to [0, 1]."""

    def __init__(self, agent: MctsAgent, root_state: State) -> None:
        self.agent = agent
        self.settings = agent.settings
        self.game: Game[Any] = root_state.game
        info = self.game.info
        self.low, self.span = info.min_return, (info.max_return - info.min_return) or 1.0
        self.me = root_state.current_player()
        self.root_state = root_state
        self.root = _Node(self.game.num_players)
        self.outcomes: set[tuple[float, ...]] = set()
        limit = self.settings.max_playout
        self.max_playout = info.max_decisions if limit is None else limit

    def run(self) -> Action:
        settings, rng = self.settings, self.agent.rng
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        last = 0.0  # how long the last iteration took: one is not started unless it fits the budget
        for done in range(1, settings.iterations + 1):
            began = time.perf_counter()
            if deadline is not None and done > 1 and began + last > deadline:
                break  # a whole playout (WoT Rush's are long) would overrun the cap
            self.iterate(determinise(self.root_state, self.me, rng))
            last = time.perf_counter() - began
            if deadline is not None and began + last >= deadline:
                break
            if self.is_settled(settings.iterations - done):
                break
        return self.best()

    def is_settled(self, remaining: int) -> bool:
        """Whether more iterations cannot change the move: the most visited root action stays
        ahead whatever they do, or every playout so far ended alike (the choice hardly matters)."""
        settle = self.settings.settle_after
        if settle and self.root.visits >= settle and len(self.outcomes) == 1:
            return True
        visits = sorted((child.visits for child in self.root.children.values()), reverse=True)
        first, second = [*visits, 0, 0][:2]
        return first > second + remaining

    def iterate(self, state: State) -> None:
        node, path = self.root, [self.root]
        while not state.is_terminal():
            action = self.select(node, state)
            child = node.children.get(action.index)
            state.apply_action(action)
            if child is None:
                child = node.children[action.index] = _Node(self.game.num_players)
                path.append(child)
                break
            node = child
            path.append(node)
        values = self.playout(state)
        self.outcomes.add(tuple(values))
        for visited in path:
            visited.visits += 1
            for seat, value in enumerate(values):
                visited.totals[seat] += value

    def select(self, node: _Node, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if node.pick < 0:
            node.pick = self.agent.policy(state).index
        seat = state.current_player()
        settings = self.settings
        prior = settings.policy_prior
        has_pick = any(a.index == node.pick for a in legal)
        rest = (1.0 - prior) / (len(legal) - 1) if has_pick else 1.0 / len(legal)
        first_play = node.mean(seat) if node.visits else 0.5
        scale = settings.exploration * math.sqrt(max(node.visits, 1))
        best, best_score = legal[0], -math.inf
        for action in legal:
            child = node.children.get(action.index)
            p = prior + rest if has_pick and action.index == node.pick else rest
            if child is None or child.visits == 0:
                score = first_play + scale * p
            else:
                score = child.mean(seat) + scale * p / (1 + child.visits)
            if score > best_score:
                best, best_score = action, score
        return best

    def playout(self, state: State) -> list[float]:
        """Play on with the playout policy; the returns scaled to [0, 1]. A game with an
        evaluation is scored by it after `depth` decisions; otherwise an unfinished playout
        (`max_playout`) scores 0.5."""
        return playout(self.agent, state, self.max_playout, self.low, self.span)

    def best(self) -> Action:
        """The most visited root action (ties: the higher mean, then the earlier legal action)."""
        legal = self.root_state.legal_actions()
        children = self.root.children

        def rank(action: Action) -> tuple[int, float]:
            child = children.get(action.index)
            if child is None or child.visits == 0:
                return (0, 0.0)
            return (child.visits, child.mean(self.me))

        return max(legal, key=rank)


def playout(agent: MctsAgent, state: State, limit: int, low: float, span: float) -> list[float]:
    """`state` played on by `agent`'s playout policy (it is changed): the returns scaled to [0, 1]
    by `low` and `span`, at the end, after `limit` decisions, or (games with an evaluation) after
    the settings' `depth` decisions, scored by `Game.evaluate`; unfinished and unscored: 0.5."""
    game = state.game
    choose, settings = agent.chooser(game), agent.settings  # looked up once a playout, not once a step
    evaluated = agent.evaluates(game)
    steps = min(limit, settings.depth) if evaluated else limit
    play_out: Callable[[Callable[[State], Action], int], None] | None = getattr(state, "play_out", None)
    if play_out is not None:  # the game's own loop: the same moves, without the per-step checks
        play_out(choose, steps)
    else:
        apply, is_terminal = state.apply_action, state.is_terminal
        for _ in range(steps):
            if is_terminal():
                break
            apply(choose(state))
    if state.is_terminal():
        values = state.returns()
    else:
        estimate = game.evaluate(state) if evaluated else None
        if estimate is None:
            return [0.5] * game.num_players
        values = estimate
    return [(v - low) / span for v in values]


class _PairedSearch:
    """Policy improvement by paired playouts, for games with an evaluation.

    The candidates are the playout policy's own choice and the root actions the evaluation
    likes best one step ahead (`candidates` in all). Every candidate is played in the same
    determinisations, with the same dice (common random numbers: each world is cloned, RNG
    included), so their differences are measured on matched pairs. Half the budget compares all
    candidates; the other half, on new worlds, only the policy's choice and its best rival. The
    policy's choice is kept unless a rival's mean paired gain over it exceeds `margin` standard
    errors, and (with `confirm`) the gain is confirmed on fresh worlds (`MctsAgent.confirmed`).
    """

    def __init__(self, agent: MctsAgent, root_state: State) -> None:
        self.agent, self.settings = agent, agent.settings
        self.game: Game[Any] = root_state.game
        info = self.game.info
        self.low, self.span = info.min_return, (info.max_return - info.min_return) or 1.0
        self.me = root_state.current_player()
        self.root_state = root_state
        limit = self.settings.max_playout
        self.max_playout = info.max_decisions if limit is None else limit

    def run(self) -> Action:
        settings, rng, root = self.settings, self.agent.rng, self.root_state
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        pick = self.agent.policy(root)
        alive = self.shortlist(pick, determinise(root, self.me, rng))
        values: dict[int, list[float]] = {a.index: [] for a in alive}
        budget = settings.iterations
        rounds = 2 if len(alive) > 2 else 1
        last = 0.0  # how long the last world took: one is not started unless it fits the budget
        for round_no in range(rounds):
            for _ in range(max(2, budget // (rounds * len(alive)))):
                began = time.perf_counter()
                if deadline is not None and began + last > deadline:
                    return self.agent.confirmed(root, pick, self.decide(alive, values, pick))
                scores = self.play_world(determinise(root, self.me, rng), alive, deadline)
                if scores is None:  # out of time mid-world: its unmatched scores are dropped
                    return self.agent.confirmed(root, pick, self.decide(alive, values, pick))
                for action, score in zip(alive, scores, strict=True):
                    values[action.index].append(score)
                last = time.perf_counter() - began
            base = values[pick.index]
            if all(values[a.index] == base for a in alive):
                return pick  # no candidate changes anything the playouts can see
            if round_no < rounds - 1:
                alive = self.halve(alive, values, pick)
        return self.agent.confirmed(root, pick, self.decide(alive, values, pick))

    def play_world(self, world: State, alive: list[Action], deadline: float | None) -> list[float] | None:
        """Every candidate's playout score in one determinisation (None: the time ran out)."""
        scores = []
        for action in alive:
            state = world.clone()
            state.apply_action(action)
            scores.append(self.score(state))
            if deadline is not None and time.perf_counter() >= deadline:
                return None
        return scores

    def shortlist(self, pick: Action, world: State) -> list[Action]:
        legal = world.legal_actions()
        others = [a for a in legal if a is not pick]
        room = self.settings.candidates - 1
        if len(others) > room:

            def one_step(action: Action) -> float:
                state = world.clone()
                state.apply_action(action)
                if state.is_terminal():
                    return state.returns()[self.me]
                estimate = self.game.evaluate(state)
                return -math.inf if estimate is None else estimate[self.me]

            others = sorted(others, key=one_step, reverse=True)[:room]  # stable: ties keep order
        by_index = {a.index: a for a in self.root_state.legal_actions()}
        return [by_index[pick.index], *(by_index[a.index] for a in others)]

    def score(self, state: State) -> float:
        return playout(self.agent, state, self.max_playout, self.low, self.span)[self.me]

    @staticmethod
    def mean(xs: list[float]) -> float:
        return sum(xs) / len(xs) if xs else 0.0

    def halve(self, alive: list[Action], values: dict[int, list[float]], pick: Action) -> list[Action]:
        """The policy's choice and its best rival so far."""
        rivals = sorted((a for a in alive if a is not pick), key=lambda a: -self.mean(values[a.index]))
        return [pick, rivals[0]]

    def decide(self, alive: list[Action], values: dict[int, list[float]], pick: Action) -> Action:
        n = min(len(values[a.index]) for a in alive)
        if n < 2:
            return pick
        base = values[pick.index][:n]
        best, best_gain = pick, 0.0
        for action in alive:
            if action is pick:
                continue
            diffs = [x - y for x, y in zip(values[action.index][:n], base, strict=True)]
            gain = sum(diffs) / n
            var = sum((d - gain) ** 2 for d in diffs) / (n - 1)
            if gain > best_gain and gain > self.settings.margin * math.sqrt(var / n):
                best, best_gain = action, gain
        return best


class MctsAgent:
    """An ISMCTS player for any game (see the module docstring); one method, `choose`."""

    def __init__(self, seed: int = 0, settings: MctsSettings | None = None) -> None:
        self.settings = settings or MctsSettings()
        self.rng = Rng(seed)
        self._seed = seed
        self._game: Game[Any] | None = None
        self._policy: Any = None
        self._evaluates: dict[int, bool] = {}
        self._checker: MctsAgent | None = None

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if self.paired(state):
            return _PairedSearch(self, state).run()
        return _Search(self, state).run()

    def evaluates(self, game: Game[Any]) -> bool:
        """Whether `game` scores positions (`Game.evaluate` overridden), remembered per game."""
        known = self._evaluates.get(id(game))
        if known is None:
            known = self._evaluates[id(game)] = type(game).evaluate is not Game.evaluate
        return known

    def paired(self, state: State) -> bool:
        wanted = self.settings.search
        return wanted == "paired" or (wanted == "auto" and self.evaluates(state.game))

    def confirmed(self, state: State, pick: Action, chosen: Action) -> Action:
        """The paired search's confirmation stage: `chosen` if it is the policy's `pick`, if
        `confirm` is 0, or if it beats `pick` again on `confirm` fresh determinisations by at
        least `min_gain` and by more than `confirm_margin` standard errors; otherwise `pick`.
        The search's estimate of its best rival is the largest of a few noisy means, so it is
        biased upwards; an independent sample is not. The confirming playouts are the
        checker's (`checker`): their own random stream, `confirm_depth` decisions long."""
        settings = self.settings
        if chosen.index == pick.index or not settings.confirm:
            return chosen
        gain, error = self.checker().paired_gain(state, pick, chosen, settings.confirm)
        return chosen if gain > settings.min_gain and gain > settings.confirm_margin * error else pick

    def checker(self) -> MctsAgent:
        """The agent that plays the confirming playouts (made on first use): its own seed and
        random stream, so a confirmation never shifts the search's worlds, and `confirm_depth`."""
        if self._checker is None:
            depth = self.settings.confirm_depth or self.settings.depth
            self._checker = MctsAgent(self._seed ^ 0xC0F1, replace(self.settings, depth=depth, confirm=0))
        return self._checker

    def paired_gain(self, state: State, pick: Action, rival: Action, worlds: int) -> tuple[float, float]:
        """The mean gain of `rival` over `pick` for the deciding seat, on the 0..1 scale, and its
        standard error, over `worlds` (2 or more) new determinisations from this agent's random
        stream, each played on from both with the same dice (the world is cloned, RNG included)
        by the playout policy (`playout`)."""
        me, info = state.current_player(), state.game.info
        low, span = info.min_return, (info.max_return - info.min_return) or 1.0
        diffs = []
        for _ in range(max(2, worlds)):
            world = determinise(state, me, self.rng)
            values = []
            for action in (pick, rival):
                played = world.clone()
                played.apply_action(action)
                values.append(playout(self, played, info.max_decisions, low, span)[me])
            diffs.append(values[1] - values[0])
        n = len(diffs)
        gain = sum(diffs) / n
        return gain, math.sqrt(sum((d - gain) ** 2 for d in diffs) / (n - 1) / n)

    def policy(self, state: State) -> Action:
        """The playout policy's move: the game's heuristic (if asked for and present) or random."""
        action: Action = self.chooser(state.game)(state)
        return action

    def chooser(self, game: Game[Any]) -> Callable[[State], Action]:
        """The playout policy's `choose` for `game` (made on first use, kept while the game is the same)."""
        if self._game is not game:
            self._game, self._policy = game, self._make_policy(game)
        choose: Callable[[State], Action] = self._policy.choose
        return choose

    def _make_policy(self, game: Game[Any]) -> Any:
        from warroom.agents.base import RandomAgent, make_agent

        wanted = self.settings.playout
        seed = Rng(self._seed ^ 0x5EA4C4).next_u64()
        if wanted != "random" and "heuristic" in game.agents():
            return make_agent(game, "heuristic", seed)
        if wanted == "heuristic":
            raise ValueError(f"{game.info.id} has no heuristic agent for MCTS playouts")
        return RandomAgent(seed)


def level(name: str) -> partial[MctsAgent]:
    """The agent factory (called with a seed) of a named strength level."""
    return partial(MctsAgent, settings=LEVELS[name])
