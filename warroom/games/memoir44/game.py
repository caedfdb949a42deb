"""Memoir '44, declared (memoir44.md). The scenario and the tables that depend only on it and the
options (terrain effects per hex, unit kinds, seats) are computed once here."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from numpy.typing import NDArray

from warroom.core.content import ContentOption
from warroom.core.errors import CorruptDataError, OptionError
from warroom.core.game import JSON, Action, Game, GameInfo, OptionSpec
from warroom.games.memoir44 import catalog, encoding, evaluate, position, render, view
from warroom.games.memoir44.actions import M44Action, action_table
from warroom.games.memoir44.agents import HeuristicAgent
from warroom.games.memoir44.board import NEIGHBOURS, NUM_HEXES, SECTIONS, Section, mirror
from warroom.games.memoir44.content import Content, default_content
from warroom.games.memoir44.rules import setup
from warroom.games.memoir44.rules.consequence import consequence
from warroom.games.memoir44.scenario import (
    Scenario,
    import_m44,
    import_m44_text,
    parse_text,
    resolve,
    shipped,
)
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import BASE_NAMES, BEACH, FIRST_ONLY, SIDE_NAMES, SIDES, STOP, Side

MAX_TURNS = 200  # an engine bound, not a rule: a game still running after 200 turns is a draw

INFO = GameInfo(
    id="memoir44",
    title="Memoir '44",
    min_players=2,
    max_players=6,
    cooperative=False,
    hidden_information=True,
    chance=True,
    max_decisions=40_000,
    min_return=-1.0,
    max_return=1.0,
    rule_prefix="M44",
    description="Two-sided WWII hex wargame: command cards, battle dice, scenarios (base game).",
    options=(
        OptionSpec(
            "players",
            2,
            "2, or 3 to 6 for team play with section commanders (M44-VAR-01..05)",
            (2, 3, 4, 5, 6),
        ),
        OptionSpec(
            "larger_team",
            SIDE_NAMES[Side.ALLIES],
            "with 3 or 5 players, the side the extra player joins (M44-VAR-01)",
            SIDE_NAMES,
        ),
        OptionSpec(
            "scenario", "pegasus-bridge", "a shipped scenario name, or a path to a .toml or .m44 file"
        ),
        OptionSpec("young_generals", False, "no tactic cards: the 40 section cards only (M44-VAR-07)"),
        OptionSpec(
            "no_take_ground", False, "young generals: no Take Ground and no Armor Overrun (M44-VAR-08)"
        ),
        OptionSpec(
            "max_turns",
            MAX_TURNS,
            "engine bound, not a rule: a game still running after this many "
            "turns (both sides counted) is a draw",
        ),
    ),
)


def scenario_from_text(text: str) -> Scenario:
    """A scenario file's text (an upload, or its copy in a replay file) read as the command line
    reads the file: a .m44 file of the scenario editor (JSON) imported as `scenario import` does
    (M44-SCEN-08), else a .toml scenario."""
    if text.lstrip().startswith("{"):
        return parse_text(import_m44_text(text, "upload.m44"), "upload.m44")
    return parse_text(text, "upload.toml")


class Memoir44Game(Game[M44State]):
    info = INFO
    CONTENT_OPTIONS: ClassVar[dict[str, ContentOption]] = {
        "scenario": ContentOption(shipped, scenario_from_text, "layout", "scenario"),
    }

    def __init__(
        self, content: Content | None = None, layout: Scenario | None = None, **options: Any
    ) -> None:
        """`layout` may give the scenario directly (hand-built test positions); else the option names it."""
        self.content = content or default_content()
        super().__init__(**options)
        try:
            self.scenario: Scenario = layout or resolve(str(self.options["scenario"]), self.content)
        except CorruptDataError as exc:
            if "unknown scenario" in exc.args[0]:
                raise OptionError(f"option scenario: {exc}") from None
            raise
        self.table = action_table(self.content)
        self.deck = self.content.deck(bool(self.options["young_generals"]))
        self.card_ids = frozenset(range(len(self.deck)))  # the physical cards, for invariants
        ambush = self.content.card("ambush").index
        self.ambush_cards = frozenset(c for c, k in enumerate(self.deck) if k == ambush)
        # team sizes per side (M44-VAR-01): half each; an odd extra player joins `larger_team`
        n, extra = self.num_players, SIDE_NAMES.index(self.options["larger_team"])
        self.team = tuple(n // 2 + (n % 2 if side == extra else 0) for side in SIDES)
        self.first_seat = (0, self.team[0])  # the Allied seats come first, then the Axis seats
        self._tables()

    def check_options(self) -> None:
        if not 2 <= self.options["max_turns"] <= MAX_TURNS:
            raise OptionError(f"max_turns must be 2..{MAX_TURNS}")
        if self.options["no_take_ground"] and not self.options["young_generals"]:
            raise OptionError("no_take_ground is a young generals option: set young_generals=true too")
        if self.options["larger_team"] != SIDE_NAMES[Side.ALLIES] and self.options["players"] % 2 == 0:
            raise OptionError("larger_team is for 3 or 5 players: with an even number the teams are equal")

    def _tables(self) -> None:
        sc, content = self.scenario, self.content
        kinds = content.units
        self.unit_side = tuple(int(u.side) for u in sc.units)
        self.unit_kind = tuple(kinds[u.kind] for u in sc.units)
        self.unit_base = tuple(BASE_NAMES.index(kinds[u.kind].base) for u in sc.units)
        self.unit_max = tuple(u.figures for u in sc.units)
        terr = [content.terrain[t] for t in sc.terrain]
        self.terrain_kind = tuple(t.kind for t in terr)
        self.is_ocean = tuple(k == "ocean" for k in self.terrain_kind)
        self.is_beach = tuple(k == "beach" for k in self.terrain_kind)
        self.is_hedgerow = tuple(k == "hedgerow" for k in self.terrain_kind)
        self.is_hill = tuple(k == "hill" for k in self.terrain_kind)
        self.terrain_stop = tuple(t.must_stop for t in terr)
        self.no_battle_entry = tuple(t.no_battle_on_entry for t in terr)
        self.armor_penalty = tuple(t.armor_battle_penalty for t in terr)
        bunker = content.features["bunker"]
        river = tuple(t.impassable and not sc.bridge[h] for h, t in enumerate(terr))
        self.blocks_los = tuple(
            (t.blocks_los and t.kind != "hill") or (sc.bunker[h] >= 0 and bunker.blocks_los)
            for h, t in enumerate(terr)
        )
        # closed[base][h]: hexes a unit of that base type can never enter, even by retreat (M44-RETR-04)
        closed_armor = tuple(river[h] or sc.hedgehog[h] or sc.bunker[h] >= 0 for h in range(NUM_HEXES))
        self.closed = (river, closed_armor, closed_armor)
        self.terrain_protection = tuple(t.protection for t in terr)
        # sandbags protect only where the hex has no protection of its own (M44-OBST-06): clear,
        # beach, or a bridge over a river; a bridge section on land keeps its land's rule (a hill)
        self.sandbag_terrain = tuple(
            t.kind in ("clear", "beach") or (sc.bridge[h] and t.kind == "river") for h, t in enumerate(terr)
        )
        self.hill_group = sc.hill_group
        # movement flags per hex (words.STOP, FIRST_ONLY, BEACH); wire adds STOP as it comes and goes
        self.move_flags = tuple(
            (STOP if self.terrain_stop[h] or self.is_ocean[h] else 0)
            | (FIRST_ONLY if self.is_ocean[h] or self.is_hedgerow[h] else 0)
            | (BEACH if self.is_beach[h] else 0)
            for h in range(NUM_HEXES)
        )
        self.max_turns = int(self.options["max_turns"])
        # per side: board sections of each card's own section and of each relative section, and
        # the seats that see / do not see its private draws (hot-path lookups)
        self.card_section = tuple(
            tuple(
                -1 if c.section is None else int(self.to_absolute(side, Section[c.section.upper()]))
                for c in content.cards
            )
            for side in SIDES
        )
        self.abs_section = tuple(tuple(int(self.to_absolute(side, rel)) for rel in Section) for side in SIDES)
        self.side_seats = tuple(frozenset(self.seats_of(side)) for side in SIDES)
        # who decides, per side: for a card of each board section, for a unit on each hex (M44-VAR-03..05)
        self.board_commanders = tuple(
            tuple(self.section_commander(side, self.to_absolute(side, s)) for s in Section) for side in SIDES
        )
        self.hex_commanders = tuple(
            tuple(self._hex_commander(side, h) for h in range(NUM_HEXES)) for side in SIDES
        )
        self.other_seats = tuple(frozenset(range(self.num_players)) - self.side_seats[side] for side in SIDES)
        self.has_beach = any(self.is_beach)
        self.unit_noun = tuple(k.name.lower() for k in self.unit_kind)
        self.place_words: dict[tuple[int, int, str], str] = {}  # places.py's words of a hex, kept
        # unit_kin[u]: the units of u's side and kind, u among them; hex_look[h]: what the log says
        # of a hex (a bridge or bunker, else its terrain; its sections), so units alike in both
        # read alike there (places.terrain_words, section_words)
        self.hex_look = tuple(
            ("bridge" if self.scenario.bridge[h] else "bunker" if self.scenario.bunker[h] >= 0
             else self.terrain_kind[h], SECTIONS[h])
            for h in range(NUM_HEXES)
        )  # fmt: skip
        self.unit_kin = tuple(
            tuple(v for v in range(len(self.unit_noun)) if (self.unit_side[v], self.unit_noun[v]) == kin)
            for kin in zip(self.unit_side, self.unit_noun, strict=True)
        )
        # open_nbrs[base][h]: the neighbours a unit of that base type may ever enter (hot path)
        self.open_nbrs = tuple(
            tuple(tuple(n for n in NEIGHBOURS[h] if not closed[n]) for h in range(NUM_HEXES))
            for closed in self.closed
        )
        # objectives per side: permanent ones by hex (index list), temporary ones as hex sets
        objs = sc.objectives
        self.permanent_at = tuple(
            tuple(
                tuple(i for i, o in enumerate(objs) if o.permanent and o.side == side and h in o.hexes)
                for h in range(NUM_HEXES)
            )
            for side in SIDES
        )
        self.side_objectives = tuple(
            tuple((i, o.permanent, o.medals, tuple(o.hexes)) for i, o in enumerate(objs) if o.side == side)
            for side in SIDES
        )

    # -- seats and sections (M44-VAR-01..05) --------------------------------------------------
    def side_of_seat(self, seat: int) -> int:
        return 0 if seat < self.team[0] else 1

    def seats_of(self, side: int) -> range:
        return range(self.first_seat[side], self.first_seat[side] + self.team[side])

    def chief(self, side: int) -> int:
        """The commander-in-chief (centre) of a side: the only seat in a 2-player game."""
        return self.first_seat[side]

    def to_absolute(self, side: int, section: Section) -> Section:
        """A side's own left/centre/right as a board section (M44-BOARD-03)."""
        return section if side == self.scenario.bottom_side else mirror(section)

    def section_commander(self, side: int, relative: Section) -> int:
        """Team play: centre -> chief; flanks -> the flank commander(s) (M44-VAR-03/04)."""
        size = self.team[side]
        if size == 1 or relative == Section.CENTER:
            return self.chief(side)
        return self.chief(side) + (1 if size == 2 or relative == Section.LEFT else 2)

    def hex_commander(self, side: int, h: int) -> int:
        """Who decides for a unit of `side` on hex h: its section's commander; shared hexes the chief."""
        return self.hex_commanders[side][h]

    def _hex_commander(self, side: int, h: int) -> int:
        sections = SECTIONS[h]
        if len(sections) > 1:
            return self.chief(side)
        return self.section_commander(side, self.to_absolute(side, sections[0]))

    def is_bottom(self, side: int) -> bool:
        return side == int(self.scenario.bottom_side)

    # -- the contract ---------------------------------------------------------------------------
    def catalog(self) -> JSON:
        return catalog.catalog(self)

    @classmethod
    def scenarios(cls) -> list[str]:
        return shipped()

    @classmethod
    def import_scenario(cls, path: str) -> tuple[str, list[str]]:
        """A .m44 file as warroom's scenario TOML, validated like any scenario file."""
        text = import_m44(path)
        return text, list(parse_text(text, Path(path).name).warnings)

    def all_actions(self) -> list[Action]:
        return list(self.table.all)

    def consequence(self, state: M44State, action: Action) -> JSON | None:
        """The dice a battle, Barrage or Air Power target will roll and its target; whether a move
        still lets the unit battle this turn (all public)."""
        assert isinstance(action, M44Action)
        return consequence(state, action)

    def observation_size(self) -> int:
        return encoding.size(self)

    def observe(self, view: JSON, player: int | None) -> list[float]:
        return encoding.encode(self, view, player)

    def observe_into(self, state: M44State, player: int | None, out: NDArray[np.float32]) -> None:
        self.encoder.encode_into(state, player, out)

    def observation_bounds(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        return self.encoder.bounds()

    @cached_property
    def encoder(self) -> encoding.Encoder:
        """The observation's writer (its C writer, `encoder.native`, where it was built)."""
        return encoding.Encoder(self)

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> M44State:
        """A position in memoir44's notation (warroom/games/memoir44/position.py)."""
        return position.parse_position(text, seed)

    def new_initial_state(self, seed: int = 0) -> M44State:
        return setup.new_state(self, seed)

    def state_from_json(self, data: JSON) -> M44State:
        return M44State.from_json(self, data)

    def agents(self) -> dict[str, Callable[[int], Any]]:
        return {"heuristic": HeuristicAgent}

    def render(self, state: M44State, player: int | None) -> str:
        return render.render(state, player)

    def describe_action(self, state: M44State, action: Action) -> str:
        return render.describe(state, action)

    def evaluate(self, state: M44State) -> list[float]:
        return evaluate.evaluate(state)

    def summary(self, state: M44State) -> JSON:
        return view.summary(state)


__all__ = ["INFO", "Memoir44Game", "shipped"]
