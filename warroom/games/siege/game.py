"""War Thunder: Siege, declared (siege.md). Options, player-count tables and rule lookups that
depend only on the options are computed once here."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.siege import encoding, evaluate, render, view
from warroom.games.siege.actions import ActionTable, SiegeAction
from warroom.games.siege.agents import HeuristicAgent
from warroom.games.siege.board import (
    NUM_SPACES,
    RING_OF,
    SECTOR_OF,
    SECTORS,
    STRIKE_RINGS,
    colour_of,
    space,
    space_name,
)
from warroom.games.siege.content import Content, default_content
from warroom.games.siege.facts import Facts
from warroom.games.siege.position import parse_position
from warroom.games.siege.rules import setup
from warroom.games.siege.state import SiegeState
from warroom.games.siege.words import (
    AIMED,
    STARTING_VEHICLES,
    Card,
    CardClass,
    Colour,
    Mode,
    Ring,
    TokenClass,
    Verb,
)

if TYPE_CHECKING:  # the observation array's type (numpy loads with the environments)
    import numpy as np
    from numpy.typing import NDArray

MODES = tuple(mode.value for mode in Mode)
OPTIONAL_RULES = {
    "simple_battles": "Simple Battles: 11 hard tokens leave the reserve (SG-OPTB-02)",
    "one_for_all": "One for All!: Counterattack may hit an enemy in the city (SG-OPTB-03)",
    "my_home_is_my_fortress": "My Home Is My Fortress: lose your building, leave the game (SG-OPTX-01)",
    "running_out_of_supplies": "Running Out of Supplies: each reshuffle loses a Sandbags and a Barbed Wire "
    "(SG-OPTX-03)",
    "caught_off_guard": "Caught Off Guard: no fortifications at setup (SG-OPTX-04)",
    "all_for_one": "All for One!: three strikes of one colour destroy any enemy of it (SG-OPTX-05)",
}

INFO = GameInfo(
    id="siege",
    title="War Thunder: Siege",
    min_players=1,
    max_players=6,
    cooperative=True,
    hidden_information=True,
    chance=True,
    max_decisions=20_000,
    min_return=-1.0,
    max_return=1.0,
    rule_prefix="SG",
    description="Cooperative tower defence: hold the city against German armour closing in ring by ring.",
    options=(
        OptionSpec("players", 4, "everyone at the table, the Field Marshal included", (1, 2, 3, 4, 5, 6)),
        OptionSpec(
            "mode", Mode.NORMAL.value, "normal, shoulder_to_shoulder (no trophies) or field_marshal", MODES
        ),
        *(OptionSpec(name, False, text) for name, text in OPTIONAL_RULES.items()),
    ),
)


class SiegeGame(Game[SiegeState]):
    info = INFO

    def __init__(self, content: Content | None = None, **options: Any) -> None:
        self.content = content or default_content()
        super().__init__(**options)
        self.mode = Mode(self.options["mode"])
        marshal = self.mode is Mode.FIELD_MARSHAL
        self.marshal_seat = self.num_players - 1 if marshal else -1
        self.defenders = self.num_players - 1 if marshal else self.num_players
        self.solo = self.num_players == 1
        self.hand_limit = {1: 6, 2: 6, 3: 5, 4: 5, 5: 5, 6: 4}[self.defenders]  # SG-SETUP-06, SG-FM-03
        self.trade_allowance = 0 if self.defenders == 1 else 2 if self.defenders == 6 else 1  # SG-TRADE-01/02
        self.table = ActionTable(self.content)
        self._lookups()
        self._names()
        self._setup_piles()
        self.facts = Facts(self)  # the tables above, typed, as the rules read them (facts.py)

    def check_options(self) -> None:
        if self.options["mode"] == Mode.FIELD_MARSHAL and self.options["players"] < 2:
            raise OptionError("field_marshal needs players >= 2: the Field Marshal and 1-5 defenders")

    def _lookups(self) -> None:
        card = self.content.card
        self.il2, self.precise, self.hedgehogs = (
            card(Card.IL2).index,
            card(Card.PRECISE_SHOT).index,
            card(Card.HEDGEHOGS).index,
        )
        self.onslaught, self.dot_card, self.patrol = (
            card(Card.ONSLAUGHT).index,
            card(Card.DOT).index,
            card(Card.PATROL).index,
        )
        self.modification, self.repair = card(Card.MODIFICATION).index, card(Card.REPAIR).index
        self.sandbags, self.barbed_wire = card(Card.SANDBAGS).index, card(Card.BARBED_WIRE).index
        self.can_hit: dict[int, tuple[bool, ...]] = {
            c.index: tuple(self._hits(c.card_class, c.colour, c.ring, sp) for sp in range(NUM_SPACES))
            for c in self.content.cards
            if c.is_strike
        }
        not_rear = tuple(RING_OF[sp] != Ring.REAR for sp in range(NUM_SPACES))
        # Cards aimed at one enemy, by card kind (None for the others): their action per token id
        # and, per space, whether they reach an enemy standing there (Hedgehogs, which reaches all
        # but its own enemy, is apart).
        aims: dict[int, tuple[list[SiegeAction], tuple[bool, ...]]] = {
            k: (self.table.strike[k], hits) for k, hits in self.can_hit.items()
        }
        aims[self.il2] = (self.table.target[Verb.IL2], not_rear)  # city included (SG-CARD-04)
        aims[self.onslaught] = (self.table.target[Verb.ONSLAUGHT], not_rear)  # SG-CARD-12/13
        self.aim_of = tuple(aims.get(k) for k in range(len(self.content.cards)))
        # The cards that open plays not aimed at an enemy (a Build needs Sandbags).
        self.utility = frozenset({self.dot_card, self.patrol, self.modification, self.repair, self.sandbags})
        self.all_for_one = bool(self.options["all_for_one"])
        self.trios: dict[Colour, tuple[int, ...]] = {
            colour: tuple(
                c.index for ring in STRIKE_RINGS for c in self.content.cards
                if c.card_class == CardClass.STRIKE and c.colour == colour and c.ring == ring
            )
            for colour in Colour
        }  # fmt: skip

    def _names(self) -> None:
        """Printed names and per-kind facts by index, so events and rules read a tuple instead of
        walking `content` on every use."""
        content = self.content
        self.card_name = tuple(c.name for c in content.cards)
        self.card_kind = tuple(c.kind for c in content.cards)
        self.token_name = tuple(content.tokens[k].name for k in content.token_kind_of)  # by token id
        self.token_tag = tuple(f"{name} #{tid}" for tid, name in enumerate(self.token_name))  # "Tiger E #17"
        self.vehicle = tuple(t.is_vehicle for t in content.tokens)  # by token kind
        # A vehicle's arrival by token kind, sector, and whether the sector was rolled (SG-REVEAL-02/03).
        self.arrival_text = tuple(
            {s: (f"{t.name} arrives in the rear of sector {s} (sector {s})",
                 f"{t.name} arrives in the rear of sector {s} (rolls {s})") for s in SECTORS}
            for t in content.tokens
        )  # fmt: skip
        self.plain_vehicle = tuple(t.token_class == TokenClass.VEHICLE for t in content.tokens)  # no ability
        self.ring_strike: dict[int, frozenset[int]] = {  # what each Diversion takes (SG-EVT-04..07)
            ring: frozenset(
                c.index for c in content.cards
                if c.card_class in (CardClass.STRIKE, CardClass.MULTICOLOUR) and c.ring == ring
            )
            for ring in STRIKE_RINGS
        }  # fmt: skip

    def _setup_piles(self) -> None:
        """The unshuffled deck and reserve depend only on content and options: built once
        (SG-SETUP-05/08, SG-OPTB-02); every game copies and shuffles them."""
        content = self.content
        self.start_vehicles = {
            kind: tuple(content.token_ids(kind)[:n]) for kind, n in STARTING_VEHICLES.items()
        }
        held = {tid for tids in self.start_vehicles.values() for tid in tids}
        reserve = [tid for tid in range(len(content.token_kind_of)) if tid not in held]
        removed: list[int] = []
        if self.options["simple_battles"]:
            for token in content.tokens:
                if token.simple_battles_removed:
                    ids = [tid for tid in reserve if content.token_kind_of[tid] == token.index]
                    removed.extend(ids[-token.simple_battles_removed :])
            reserve = [tid for tid in reserve if tid not in removed]
        self.start_places = setup.placements(self)
        self.placed_text = setup.placed_texts(self)
        self.start_deck = tuple(c.index for c in content.cards for _ in range(c.count))
        self.start_reserve = tuple(reserve)
        self.start_removed = tuple(removed)

    def _hits(self, cls: CardClass, colour: Colour | None, ring: Ring | None, sp: int) -> bool:
        """Where a damage card may strike (SG-ATK-01..04, SG-CARD-03, SG-OPTB-03)."""
        here = RING_OF[sp]
        same_colour = colour_of(sp // 5 + 1) == colour
        if cls == CardClass.STRIKE:
            return here == ring and same_colour
        if cls == CardClass.MULTICOLOUR:
            return here == ring
        city = here == Ring.CITY and bool(self.options["one_for_all"])
        return same_colour and (here in STRIKE_RINGS or city)

    def consequence(self, state: SiegeState, action: Action) -> JSON | None:
        """What an action aimed at an enemy does to it, known before any die is rolled (the
        board and armour are public): a strike, or a collision's hit, takes 1 armour (SG-ATK-05,
        SG-FORT-02); Precise Shot, IL-2 and All for One! destroy it (SG-CARD-04..06, SG-OPTX-05);
        Hedgehogs hold it (SG-CARD-07); Onslaught drives it back to its sector's rear (SG-CARD-12).
        A kill by a card earns its trophy, except in Shoulder to Shoulder (SG-TROPHY-01, SG-S2S-01)."""
        verb = action.verb
        tid = getattr(action, "b", -1)
        if verb not in AIMED or tid not in state.pos:
            return None
        armour = state.armour[tid]
        out: JSON = {"target": tid, "name": self.token_name[tid], "armour": armour}
        if verb == Verb.HEDGEHOGS:
            out["held"] = True
        elif verb == Verb.ONSLAUGHT:
            out["to"] = space_name(space(SECTOR_OF[state.pos[tid]], Ring.REAR))
        else:
            destroyed = verb not in (Verb.STRIKE, Verb.HIT) or armour <= 1
            out["damage"] = armour if destroyed else 1
            out["destroyed"] = destroyed
            if destroyed:
                out["trophy"] = verb != Verb.HIT and self.mode is not Mode.SHOULDER_TO_SHOULDER
        return out

    def all_actions(self) -> list[Action]:
        return list(self.table.all)

    def observation_size(self) -> int:
        return encoding.SIZE

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(view, player)

    def observe_into(self, state: SiegeState, player: int | None, out: NDArray[np.float32]) -> None:
        self.encoder.encode_into(state, player, out)

    @cached_property
    def observe_array(self) -> Callable[[SiegeState, int | None], NDArray[np.float32]]:
        """`observe_into` into a new array, called as `game.observe_array(state, player)` (the
        environments' fast path, warroom/envs/spaces.py): the encoder's own writer, so the
        environment calls it with no forwarding call between."""
        return self.encoder.observation

    @cached_property
    def encoder(self) -> encoding.Encoder:
        """The observation's writer: its C writer (`encoder.native`) where it was built, else in
        Python with its per-thread record of this configured game."""
        return encoding.Encoder(self)

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        return encoding.bounds(self.info.max_decisions)

    def catalog(self) -> JSON:
        """Printed names, classes and words of the cards, and the tokens (public, unchanging)."""
        cards = {c.kind: {"name": c.name, "text": c.text, "class": str(c.card_class),
                          "colour": c.colour.name.lower() if c.colour is not None else None,
                          "ring": c.ring.name.lower() if c.ring is not None else None}
                 for c in self.content.cards}  # fmt: skip
        tokens = {t.kind: {"name": t.name, "class": str(t.token_class), "armour": t.armour,
                           "trophy": t.trophy} for t in self.content.tokens}  # fmt: skip
        return {"cards": cards, "tokens": tokens}

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> SiegeState:
        """A position in siege's notation (warroom/games/siege/position.py)."""
        return parse_position(text, seed)

    def new_initial_state(self, seed: int = 0) -> SiegeState:
        state = SiegeState(self)
        setup.deal(state, seed)
        state.run()
        return state

    def state_from_json(self, data: JSON) -> SiegeState:
        return SiegeState.from_json(self, data)

    def agents(self) -> dict[str, Callable[[int], Any]]:
        return {"heuristic": HeuristicAgent}

    def render(self, state: SiegeState, player: int | None) -> str:
        return render.render(state, player)

    def describe_action(self, state: SiegeState, action: Action) -> str:
        return render.describe(state, action)

    def evaluate(self, state: SiegeState) -> list[float]:
        return evaluate.evaluate(state)

    def summary(self, state: SiegeState) -> JSON:
        return view.summary(state)
