"""Dust Warfare, declared (dust_warfare.md): the game's shape, its options, and the facade the
contract calls. The configured game holds everything fixed for its table: the content, the
scenario and its battlefield, both armies as numbered units, and the action table."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray
from shapely.geometry import Polygon

from warroom.core.content import ContentOption
from warroom.core.errors import CorruptDataError, OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.dust_warfare import encoding, evaluate
from warroom.games.dust_warfare.actions import DustActions, place, read_place
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.army import SEAT_FACTION, build_forces
from warroom.games.dust_warfare.content import (
    ArmyList,
    armies_from_text,
    default_content,
    load_armies,
    shipped_armies,
)
from warroom.games.dust_warfare.geometry import Battlefield
from warroom.games.dust_warfare.position import options_of, parse_position
from warroom.games.dust_warfare.render import consequence, describe, render
from warroom.games.dust_warfare.rules import placement, setup
from warroom.games.dust_warfare.rules.terrain import placed_board
from warroom.games.dust_warfare.scenario import (
    Scenario,
    battlefield,
    load_scenario,
    scenario_from_text,
    shipped,
    zone,
)
from warroom.games.dust_warfare.search import SearchAgent
from warroom.games.dust_warfare.search import levels as search_levels
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.view import static
from warroom.games.dust_warfare.words import ArmyChoice, Edge

PLAYABLE = ("first_battle", "front_lines", "night_encounter", "secret_mission")  # rules complete
BOARD_CACHE = 512  # placed-terrain tables kept per game (each a few pieces; rebuilt on a miss)

INFO = GameInfo(
    id="dust_warfare",
    title="Dust Warfare",
    min_players=2,
    max_players=2,
    cooperative=False,
    hidden_information=True,  # Secret Mission's objectives (DW-SM-02), Night Encounter's markers
    chance=True,
    # 5 turns x (orders <= 12 + 10 activations x (<= 3 actions x <= 4 placement stages + reactions
    # + hits)) is a few hundred; the bound leaves a wide margin
    max_decisions=20_000,
    min_return=-1.0,
    max_return=1.0,
    rule_prefix="DW",
    description="Miniatures skirmish on a measured table: Allies and Axis squads, walkers and heroes.",
    options=(
        OptionSpec("players", 2, "number of players (DW-GEN-01)", (2,)),
        OptionSpec("scenario", "first_battle", "the scenario (§3.19)", PLAYABLE),
        OptionSpec("heroes", False, "both armies add their optional Hero (DW-FB-01)", (False, True)),
        OptionSpec(
            "scenario_file",
            "",
            "path of a custom scenario TOML file (DW-CAMP-05) played instead of `scenario`; empty = "
            "the shipped scenario",
        ),
        OptionSpec(
            "roll_off",
            -1,
            "the seat that wins the deployment roll-off without rolling: a campaign's loser of "
            "the previous battle (DW-CAMP-04); -1 rolls",
            (-1, 0, 1),
        ),
        OptionSpec(
            "armies",
            "",
            "an army-list TOML file whose first Allied and first Axis [[army]] are played "
            "(DW-SET-01..03): a shipped file's name (special = data/armies-special.toml) or a path; "
            "empty = the starter lists",
        ),
    ),
    version="1",
)


def _army_files() -> list[str]:
    return ["", *shipped_armies()]  # "" = the starter lists, as in the box


def _armies_text(text: str) -> tuple[ArmyList, ...]:
    return armies_from_text(text, "upload.toml")  # DW-SET-01..03, the command line's checks


def _scenario_text(text: str) -> Scenario:
    return scenario_from_text(text, "upload.toml")  # DW-CAMP-05, the command line's checks


class DustWarfareGame(Game[DustState]):
    info = INFO
    # an army file and a scenario file may come as text (an upload, or a replay file's copy);
    # a scenario file has no shipped names: "" is "none", the `scenario` option's battle
    CONTENT_OPTIONS: ClassVar[dict[str, ContentOption]] = {
        "armies": ContentOption(_army_files, _armies_text, "army_lists", "army list"),
        "scenario_file": ContentOption(lambda: [""], _scenario_text, "layout", "scenario"),
    }

    def __init__(
        self, army_lists: tuple[ArmyList, ...] | None = None, layout: Scenario | None = None, **options: Any
    ) -> None:
        """`layout` (a parsed scenario file, DW-CAMP-05) and `army_lists` (a parsed army file's
        lists) come in already read, e.g. uploaded to the web table, where the `scenario_file`
        and `armies` options only mark them; else those options name them."""
        super().__init__(**options)
        self.content = default_content()
        self.scenario = layout or self._scenario(str(self.options["scenario_file"]))
        armies = self._armies(str(self.options["armies"]), army_lists)
        self.units = build_forces(self.content, armies, bool(self.options["heroes"]))
        self.board = battlefield(self.scenario, self.content)
        # the last turn there can be: a variable length ends by a roll from turn 5 (DW-CAMP-05)
        self.turns = self.scenario.battle_length or 7
        forts = self.scenario.fortifications  # each seat's minefield markers (DW-FL-04)
        mines = 2 * forts.minefields if forts is not None else 0
        self.actions = DustActions(len(self.units), self.board.width, self.board.depth, mines)
        self._boards: dict[tuple[tuple[Any, ...], ...], Battlefield] = {}
        self._zones: dict[tuple[str, ...], list[Polygon]] = {}

    def _scenario(self, path: str) -> Scenario:
        """The shipped scenario chosen, or a user-written scenario file (DW-CAMP-05) checked
        entry by entry, its errors naming the file, the entry and the field."""
        if not path:
            return shipped()[str(self.options["scenario"])]
        try:
            return load_scenario(Path(path), self.content)
        except CorruptDataError as exc:
            raise OptionError(str(exc)) from None

    def _armies(self, value: str, parsed: tuple[ArmyList, ...] | None) -> tuple[ArmyList, ArmyList]:
        """The starter lists, or an army file's first list of each faction: the parsed lists
        given, a shipped file by its short name (`shipped_armies`: "special") or a file's path.
        Each list is checked against the roster and the army rules (DW-SET-01/02, DW-HERO-02;
        errors name the file, the entry and the field) and the scenario's points limit; First
        Battle takes none (DW-FB-01)."""
        if not value and parsed is None:
            return self.content.starter(SEAT_FACTION[0]), self.content.starter(SEAT_FACTION[1])
        if self.scenario.armies is ArmyChoice.STARTER:
            raise OptionError(f"{self.scenario.name} is played with the fixed starter lists (DW-FB-01)")
        # a shipped name first, so `armies=special` works wherever a path may not be given
        path = shipped_armies().get(value, Path(value))
        name = "the uploaded army file" if parsed is not None else path.name
        if parsed is None:
            try:
                parsed = load_armies(path, self.content)
            except CorruptDataError as exc:
                raise OptionError(str(exc)) from None
        chosen = []
        for faction in SEAT_FACTION:
            army = next((a for a in parsed if a.faction is faction), None)
            if army is None:
                raise OptionError(f"{name}: no {faction.value} [[army]] list")
            cost = army.points(self.content, optional_heroes=bool(self.options["heroes"]))
            if cost > self.scenario.points_limit:
                raise OptionError(
                    f"{name}: army {army.id} costs {cost} AP, over {self.scenario.name}'s "
                    f"limit of {self.scenario.points_limit} (DW-SET-02)"
                )
            chosen.append(army)
        return chosen[0], chosen[1]

    def zone_areas(self, edges: tuple[str, ...]) -> list[Polygon]:
        """The deployment zones of the long edges given (DW-SET-05), computed once."""
        areas = self._zones.get(edges)
        if areas is None:
            areas = [zone(self.scenario, self.board, Edge(e)).area for e in edges]
            self._zones[edges] = areas
        return areas

    def board_with(self, terrain: list[list[Any]]) -> Battlefield:
        """The table with the scenario's map, or with the pieces placed so far (DW-BTL-01):
        [[kind, x, y, rotation], ...] at their catalogue footprints."""
        if not terrain:
            return self.board
        key = tuple(tuple(p) for p in terrain)
        board = self._boards.get(key)
        if board is None:
            if len(self._boards) >= BOARD_CACHE:
                self._boards.clear()
            board = placed_board(self.content, self.board, terrain)
            self._boards[key] = board
        return board

    def new_initial_state(self, seed: int = 0) -> DustState:
        st = DustState(self)
        setup.start(st, seed)
        return st

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> DustState:
        """A position in dust_warfare's notation (warroom/games/dust_warfare/position.py)."""
        return parse_position(cls(**options_of(text)), text, seed)

    def state_from_json(self, data: JSON) -> DustState:
        return DustState.from_json(self, data)

    def all_actions(self) -> list[Action]:
        """The fixed action space: every interned option, the placement part being the declared
        discretisation of positions (6" regions, the 1" lattice, templates x headings, facings);
        see actions.py."""
        return list(self.actions.all)

    def read_action(self, text: str) -> Action | None:
        """An exact-coordinate proposal `place x,y ... [face θ]` (DW-GEO-17), legal or not."""
        proposal = read_place(text)
        return None if proposal is None else place(proposal)

    def listed_proxy(self, state: DustState, action: Action) -> Action | None:
        """An exact placement's listed stand-in at the current stage (rules/placement.py `proxy`)."""
        return placement.proxy(state, action)

    def parse_action(self, state: Any, text: str) -> Action:
        action: Action | None = self.actions.find(text)
        if action is not None and action in state.legal_actions():
            return action
        return super().parse_action(state, text)

    def evaluate(self, state: DustState) -> list[float]:
        """Search's estimate of both seats' returns: projected SP (held, plus the enemy's worn
        and suppressed units) through tanh; evaluate.py."""
        return evaluate.evaluate(state)

    def summary(self, state: DustState) -> JSON:
        """The finished game's figures for `warroom sim`: the turn reached and each side's
        Superiority Points (DW-TURN-02/03; None before the end phase has scored them)."""
        points: list[int | None] = list(state.scores) if state.scores else [None, None]
        return {"turns": state.turn, "allies_sp": points[0], "axis_sp": points[1]}

    def catalog(self) -> JSON:
        """The scenario's table, terrain and objectives, and every unit's printed statistics."""
        units = {
            u.label: {
                "name": u.name,
                "seat": u.seat,
                "kind": u.kind.id,
                "armour": u.kind.armour.value,
                "movement": u.movement,
                "ap": u.ap,
                "hero_ap": u.hero_ap,
                "abilities": sorted(a.value for a in u.abilities),
            }
            for u in self.units
        }
        weapons = {
            w.id: {
                "name": w.name,
                "range": w.range,
                "profile": list(w.profile),
                "abilities": [a.value for a in w.abilities],
            }
            for w in self.content.weapons.values()
        }
        return {**_static_for(self), "units": units, "weapons": weapons}

    def agents(self) -> dict[str, Callable[[int], Any]]:
        """The heuristic, `search` (the heuristic improved by paired search) and the generic
        search levels played the same way, never searching a placement (search.py)."""
        return {"heuristic": HeuristicAgent, "search": SearchAgent, **search_levels()}

    def render(self, state: DustState, player: int | None) -> str:
        return render(state, player)

    def describe_action(self, state: DustState, action: Action) -> str:
        return describe(state, action)

    def consequence(self, state: DustState, action: Action) -> JSON | None:
        return consequence(state, action)

    def observation_size(self) -> int:
        return encoding.size(self)

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(self, view, player)

    def observe_into(self, state: DustState, player: int | None, out: NDArray[np.float32]) -> None:
        """`observe(state.view(player), player)` written straight from the state (encoding.py)."""
        encoding.encode_into(state, player, out)

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        return encoding.bounds(self)


def _static_for(game: DustWarfareGame) -> JSON:
    return static(DustState(game))
