"""World of Tanks: Rush, declared (wot_rush.md). The card set of the `cards` option and the
per-card lookup tables the hot path reads are computed once here."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.wot_rush import encoding
from warroom.games.wot_rush.actions import ActionTable
from warroom.games.wot_rush.content import HEAVY, AbilitySpec, Content, Restriction, content_for
from warroom.games.wot_rush.state import WotState

INFO = GameInfo(
    id="wot_rush",
    title="World of Tanks: Rush",
    min_players=2,
    max_players=5,
    cooperative=False,
    hidden_information=True,
    chance=True,
    # max_rounds (<= 500) x 5 seats x a turn's decisions (bounded by TURN_STEP_LIMIT, in practice < 60)
    max_decisions=500_000,
    min_return=0.0,
    max_return=1.0,
    rule_prefix="WOT",
    description="Competitive deck-builder: buy tanks, guard your three bases, raid the others for medals.",
    options=(
        OptionSpec("players", 2, "number of players (WOT-GEN-01)", (2, 3, 4, 5)),
        OptionSpec(
            "first_player", -1, "seat of the first player, -1 = random (WOT-SETUP-01)", (-1, 0, 1, 2, 3, 4)
        ),
        OptionSpec("max_rounds", 500, "stall guard: the game ends after this many rounds (WOT-END-07)"),
        OptionSpec("cards", "", "path of a card-set TOML file; empty = the shipped set (WOT-VAR-03)"),
    ),
)


class WotRushGame(Game[WotState]):
    info = INFO

    def __init__(self, content: Content | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.content = content or content_for(str(self.options["cards"]))
        if self.num_players > self.content.max_players:
            raise OptionError(f"this card set has bases for at most {self.content.max_players} players")
        self.table = ActionTable(self.content)
        self.seats = self.num_players  # a plain int for the hot path
        self.seat_only = tuple(frozenset({p}) for p in range(self.num_players))  # private event audiences
        self._lookups()

    def check_options(self) -> None:
        if self.options["first_player"] >= self.options["players"]:
            raise OptionError(f"first_player must be -1 or below players ({self.options['players']})")
        if self.options["max_rounds"] < 1:
            raise OptionError("max_rounds must be at least 1")

    def _lookups(self) -> None:
        """Per card instance: the attributes of its kind, as tuples the rules index directly."""
        c = self.content
        kind = c.kind
        self.kind: tuple[int, ...] = kind
        self.res: tuple[int, ...] = tuple(c.resource[k] for k in kind)
        self.cost: tuple[int, ...] = tuple(c.cost[k] for k in kind)
        self.strength: tuple[int, ...] = tuple(c.strength[k] for k in kind)
        self.arm: tuple[int, ...] = tuple(c.armour[k] for k in kind)
        self.nat: tuple[int, ...] = tuple(c.nation[k] for k in kind)
        self.veh: tuple[bool, ...] = tuple(c.is_vehicle[k] for k in kind)
        self.heavy: tuple[bool, ...] = tuple(c.card_class[k] == HEAVY for k in kind)
        self.restr: tuple[Restriction, ...] = tuple(c.restriction[k] for k in kind)
        self.abil: tuple[tuple[AbilitySpec, ...], ...] = tuple(c.abilities[k] for k in kind)
        seats = range(self.num_players)
        in_play = [*range(c.num_vehicles), *range(c.medal_start, c.base_start)]
        in_play += [card for p in seats for card in (*c.barracks_cards(p), *c.base_cards(p))]
        self.cards_in_play: frozenset[int] = frozenset(in_play)  # every card this game uses (WOT-SETUP-10)

    def all_actions(self) -> list[Action]:
        return list(self.table.all)

    def parse_action(self, state: Any, text: str) -> Action:
        """A dictionary lookup instead of the generic scan (same errors)."""
        action = self.table.by_text.get(" ".join(text.split()).lower())
        if action is not None and action in state.legal_actions():
            return action
        return super().parse_action(state, text)

    def observation_size(self) -> int:
        return encoding.size(self)

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(self, view, player)

    def new_initial_state(self, seed: int = 0) -> WotState:
        from warroom.games.wot_rush.rules import setup

        return setup.new_state(self, seed)

    def state_from_json(self, data: JSON) -> WotState:
        return WotState.from_json(self, data)

    def agents(self) -> dict[str, Callable[[int], Any]]:
        from warroom.games.wot_rush.agents import HeuristicAgent

        return {"heuristic": HeuristicAgent}

    def render(self, state: WotState, player: int | None) -> str:
        from warroom.games.wot_rush.render import render

        return render(state, player)

    def describe_action(self, state: WotState, action: Action) -> str:
        from warroom.games.wot_rush.render import describe

        return describe(state, action)

    def summary(self, state: WotState) -> JSON:
        from warroom.games.wot_rush.view import summary

        return summary(state)
