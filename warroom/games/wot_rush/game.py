"""World of Tanks: Rush, declared (wot_rush.md). The card set of the `cards` option and the
per-card lookup tables the hot path reads are computed once here."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from warroom.core.content import ContentOption
from warroom.core.errors import OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.wot_rush import encoding
from warroom.games.wot_rush.actions import WotAction, table_for
from warroom.games.wot_rush.agents import HeuristicAgent
from warroom.games.wot_rush.content import AbilitySpec, Content, content_for, content_from_text
from warroom.games.wot_rush.position import parse_position
from warroom.games.wot_rush.render import describe, render
from warroom.games.wot_rush.rules import setup
from warroom.games.wot_rush.rules.attack import forecast
from warroom.games.wot_rush.rules.decisions import RULES
from warroom.games.wot_rush.state import WotState
from warroom.games.wot_rush.view import summary
from warroom.games.wot_rush.words import (
    CLASSES,
    HEAVY,
    MAX_SEATS,
    NATIONS,
    RESTRICTION_WORDS,
    CardType,
    Kind,
    Restriction,
)

# per card, for DP-02: (kind, resource, its `use` actions, its `defend` action or None, attacker?)
MainInfo = tuple[int, int, tuple[WotAction, ...], WotAction | None, bool]

INFO = GameInfo(
    id="wot_rush",
    title="World of Tanks: Rush",
    min_players=2,
    max_players=MAX_SEATS,
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
        OptionSpec("players", 2, "number of players (WOT-GEN-01)", tuple(range(2, MAX_SEATS + 1))),
        OptionSpec(
            "first_player",
            -1,
            "seat of the first player, -1 = random (WOT-SETUP-01)",
            (-1, *range(MAX_SEATS)),
        ),
        OptionSpec("max_rounds", 500, "stall guard: the game ends after this many rounds (WOT-END-07)"),
        OptionSpec("cards", "", "path of a card-set TOML file; empty = the shipped set (WOT-VAR-03)"),
    ),
)


class WotRushGame(Game[WotState]):
    info = INFO
    # the empty name is the shipped card set (WOT-VAR-03); a card set's text reads as its file
    CONTENT_OPTIONS: ClassVar[dict[str, ContentOption]] = {
        "cards": ContentOption(lambda: [""], content_from_text, "content", "card set"),
    }

    def __init__(self, content: Content | None = None, **options: Any) -> None:
        super().__init__(**options)
        self.content = content or content_for(str(self.options["cards"]))
        if self.num_players > self.content.max_players:
            raise OptionError(f"this card set has bases for at most {self.content.max_players} players")
        self.table = table_for(self.content)
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
        # per card: its medals plus 3 if it is a base (WOT-SCORE-01/03), the heuristic's measure of
        # a seat's standing (agents._standing) summed over its squad with one index per card
        self.standing_of: tuple[int, ...] = tuple(c.medals[k] + 3 * int(c.is_base[k]) for k in kind)
        self._hot_path_tables()

    def _hot_path_tables(self) -> None:
        """Precomputed per card and per seat so the hot path (main_choices, end_turn) only indexes."""
        c, table = self.content, self.table
        k = c.bases_per_player
        self.bpp = k
        self.hand_size = c.hand_size
        self.max_rounds = int(self.options["max_rounds"])
        self.label_of: tuple[str, ...] = tuple(c.kind_label[kind] for kind in c.kind)
        self.name_of: tuple[str, ...] = tuple(c.kind_name[kind] for kind in c.kind)  # the log's words
        # per card: which targets it can hit, as a mask (1 = defenders, 2 = unguarded bases;
        # WOT-ICON-13/14), matching `attack.target_mask`
        self.hits: tuple[int, ...] = tuple(
            2 if r == Restriction.BASE else 1 if r == Restriction.VEHICLES else 3 for r in self.restr
        )
        info: list[MainInfo] = []
        for card, kind in enumerate(c.kind):
            uses = tuple(table.use[kind].values()) if self.abil[card] else ()
            defend = table.defend[kind] if self.arm[card] >= 1 and kind < len(table.defend) else None
            info.append((kind, self.res[card], uses, defend, self.strength[card] >= 1))
        self.main_info: tuple[MainInfo, ...] = tuple(info)
        seats = range(self.num_players)
        self.others: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in range(self.num_players * k) if i // k != p) for p in seats
        )
        # the same slots with their seat and base slot: (i, i // k, i % k)
        self.slots_of_others: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((i, i // k, i % k) for i in others) for others in self.others
        )
        self.no_damage = [False] * k
        self.main_asked = RULES.asked[Kind.MAIN]  # each seat's MAIN decision, as `decide` interns it
        # the heuristic's card values by (card, *achievements in play): agents.card_value fills it
        self.card_values: dict[tuple[int, ...], float] = {}

    def all_actions(self) -> list[Action]:
        return list(self.table.all)

    def parse_action(self, state: Any, text: str) -> Action:
        """A dictionary lookup instead of the generic scan (same errors)."""
        action: WotAction | None = self.table.find(text)
        if action is not None and action in state.legal_actions():
            return action
        return super().parse_action(state, text)

    def observation_size(self) -> int:
        return encoding.size(self)

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(self, view, player)

    def observe_into(self, state: WotState, player: int | None, out: NDArray[np.float32]) -> None:
        self.encoder.encode_into(state, player, out)

    @cached_property
    def observe_array(self) -> Callable[[WotState, int | None], NDArray[np.float32]]:
        """`observe_into` into a new array, called as `game.observe_array(state, player)` (the
        environments' fast path, warroom/envs/spaces.py): the encoder's own writer, so the
        environment calls it with no forwarding call between."""
        return self.encoder.observation

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        return self.encoder.bounds(self)

    @cached_property
    def encoder(self) -> encoding.Encoder:
        """The observation's writer (its C writer, `encoder.native`, where it was built)."""
        return encoding.Encoder(self)

    def catalog(self) -> JSON:
        """The printed face of every card kind (by the label action texts use) and the achievement
        names: public and fixed for the configured card set."""
        c = self.content
        cards: JSON = {}
        for k, label in enumerate(c.kind_label):
            cards[label] = {
                "name": c.kind_name[k],
                "type": _card_type(c, k),
                "nation": NATIONS[c.nation[k]] if c.nation[k] >= 0 else None,
                "class": CLASSES[c.card_class[k]] if c.card_class[k] >= 0 else None,
                "cost": c.cost[k] if c.is_vehicle[k] else None,
                "resource": c.resource[k] if c.resource[k] >= 0 else None,
                "strength": c.strength[k] if c.is_vehicle[k] else None,
                "armour": c.armour[k] if c.armour[k] >= 0 else None,
                "abilities": [f"{a.name} {n}" if n else a.name for a, n in c.abilities[k]],
                "restriction": RESTRICTION_WORDS[c.restriction[k]],
                "medals": c.medals[k] or None,
            }
        achievements = {a.id: a.name for a in c.achievements}
        return {"cards": cards, "achievements": achievements, "achievement_medals": c.achievement_medals}

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> WotState:
        """A position in wot_rush's notation (warroom/games/wot_rush/position.py)."""
        return parse_position(text, seed)

    def new_initial_state(self, seed: int = 0) -> WotState:
        return setup.new_state(self, seed)

    def state_from_json(self, data: JSON) -> WotState:
        return WotState.from_json(self, data)

    def agents(self) -> dict[str, Callable[[int], Any]]:
        return {"heuristic": HeuristicAgent}

    def render(self, state: WotState, player: int | None) -> str:
        return render(state, player)

    def describe_action(self, state: WotState, action: Action) -> str:
        return describe(state, action)

    def consequence(self, state: WotState, action: Action) -> JSON | None:
        """What an attack option will do (the attacking strength, and each hit's result against
        the target's armour or base), and a reward's medals; see `rules.attack.forecast`."""
        if not isinstance(action, WotAction):
            return None
        return forecast(state, action)

    def summary(self, state: WotState) -> JSON:
        return summary(state)


def _card_type(c: Content, kind: int) -> CardType:
    if c.is_vehicle[kind]:
        return CardType.VEHICLE
    if c.is_medal[kind]:
        return CardType.MEDAL
    return CardType.BASE if c.is_base[kind] else CardType.BARRACKS
