"""Metro 2033 (2nd edition, Hobby World), declared (metro2033.md)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.errors import OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.metro2033 import encoding, render
from warroom.games.metro2033.actions import TABLE
from warroom.games.metro2033.agents import HeuristicAgent
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.position import parse_position
from warroom.games.metro2033.rules import setup
from warroom.games.metro2033.rules.common import vp
from warroom.games.metro2033.rules.forecast import forecast
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import RESOURCES, Faction

MAX_SEATS = 6

INFO = GameInfo(
    id="metro2033",
    title="Metro 2033",
    min_players=2,
    max_players=MAX_SEATS,
    cooperative=False,
    hidden_information=True,
    chance=True,
    # max_rounds (<= 300) x 6 seats x a seat's decisions in one round (bounded by the cards and
    # resources it can spend; in practice under 40)
    max_decisions=300 * MAX_SEATS * 120,
    min_return=0.0,
    max_return=1.0,
    rule_prefix="M33",
    description="Area control in the Moscow metro: factions, heroes, tunnel threats, laws and quests.",
    options=(
        OptionSpec("players", 4, "number of players (M33-GEN-01)", tuple(range(2, MAX_SEATS + 1))),
        OptionSpec(
            "first_player", -1, "seat of the first player, -1 = random (M33-SET-02)", (-1, *range(MAX_SEATS))
        ),
        OptionSpec(
            "max_rounds",
            100,
            "round guard, not a rule (M33-END-09: no limit): after this many rounds without a winner "
            "the game stops as a draw",
            tuple(range(1, 301)),
        ),
    ),
)


class Metro2033Game(Game[MetroState]):
    info = INFO

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        content = default_content()
        self.reserve_start: tuple[int, ...] = tuple(content.inventory.resources[r] for r in RESOURCES)

    def check_options(self) -> None:
        if self.options["first_player"] >= self.options["players"]:
            raise OptionError(f"first_player must be -1 or below players ({self.options['players']})")

    def new_initial_state(self, seed: int = 0) -> MetroState:
        state = MetroState(self)
        setup.start(state, seed)
        return state

    def state_from_json(self, data: JSON) -> MetroState:
        return MetroState.from_json(self, data)

    def all_actions(self) -> list[Action]:
        return list(TABLE.all)

    def parse_action(self, state: Any, text: str) -> Action:
        action = TABLE.find(text)
        if action is not None and action in state.legal_actions():
            return action  # type: ignore[no-any-return]
        return super().parse_action(state, text)

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> MetroState:
        """A position in metro2033's notation (warroom/games/metro2033/position.py)."""
        return parse_position(text, seed)

    def consequence(self, state: MetroState, action: Action) -> JSON | None:
        """For an attack option: the attacker's strength before battle cards and W-BATTLE, and the
        opposing side as far as it is public (a player's army or hero, the garrison, or an
        unknown threat card); see rules/forecast.py."""
        return forecast(state, action)

    def summary(self, state: MetroState) -> JSON:
        """Figures of a finished game for simulation reports: rounds played, whether stage II
        came, the winner's VP (0 for a game stopped by the round guard), and for each faction in
        play whether it won."""
        won = state.result[0] if state.result else None
        factions = default_content().factions
        return {
            "rounds": state.round,
            "stage_two": int(state.stage == 2),
            "winner_vp": vp(state, won) if won is not None else 0,
            # one yes/no per faction in play: `warroom sim` reports each as that faction's win rate
            # with its interval, over the games it played
            **{f"{factions[Faction(f)].name} won": seat == won for seat, f in enumerate(state.faction) if f},
        }

    def observation_size(self) -> int:
        return encoding.size()

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Each element's least and greatest value in this configuration (encoding.bounds)."""
        return encoding.bounds(self.num_players, int(self.options["max_rounds"]))

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(view, player)

    def observe_into(self, state: MetroState, player: int | None, out: NDArray[np.float32]) -> None:
        """`observe(state.view(player), player)` written straight from the state (encoding.py)."""
        self.encoder.encode_into(state, player, out)

    @cached_property
    def encoder(self) -> encoding.Encoder:
        """The observation's writers (its C writer, `encoder.native`, where it was built)."""
        return encoding.Encoder()

    @cached_property
    def observe_array(self) -> Callable[[MetroState, int | None], NDArray[np.float32]]:
        """What observe_into writes, in a new array (the environments' path, warroom/envs/spaces.py
        `fresh_observation`): the C writer's into an empty array, or a copy of the Python writer's
        record; the writer's own function, so the environment calls it with no forwarding call."""
        return self.encoder.observation if self.encoder.native is not None else encoding.observation

    def catalog(self) -> JSON:
        """The board as drawing data and every card's printed face (render.catalog): public, fixed."""
        return render.catalog(default_content())

    def agents(self) -> dict[str, Callable[[int], Any]]:
        return {"heuristic": HeuristicAgent}

    def render(self, state: MetroState, player: int | None) -> str:
        return render.render(state, player)

    def describe_action(self, state: MetroState, action: Action) -> str:
        return render.describe(state, action)
