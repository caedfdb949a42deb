"""Dust Warfare campaigns (dust_warfare.md DW-CAMP-01..04): an ordered series of 3-5 battles
between the same two players, played here by agents.

- DW-CAMP-01: 3 to 5 battles; the default order is First Battle, Front Lines, Night Encounter,
  Secret Mission. Any shipped scenario may be listed, by file name or id.
- DW-CAMP-02: armies are rebuilt for each battle: each battle is a new game from the same army
  lists (the starter lists, or an army file's first Allied and Axis lists where the scenario
  allows chosen armies); no loss carries over.
- DW-CAMP-03: a battle's winner gains 1 Campaign Point, a draw none. The campaign winner has
  the most Campaign Points; a tie goes to the higher total SP over all battles, then it is a
  draw.
- DW-CAMP-04: the loser of the previous battle wins the next battle's deployment or side
  roll-off without rolling (the game's `roll_off` option); after a draw the roll-off is rolled.

Battle i is played from `battle_seed(seed, i)`, so `warroom play dust_warfare --scenario X
--seed S -o roll_off=R` with the reported seed and roll-off replays it.

Each battle's game is built through the registry (warroom.core.registry), as any caller outside
the game does: nothing inside a game package imports its `Game` facade (game.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from warroom.agents import make_agent
from warroom.core import registry
from warroom.core.errors import OptionError
from warroom.core.game import JSON, Game
from warroom.core.rng import Rng
from warroom.games.dust_warfare.army import SEAT_FACTION
from warroom.games.dust_warfare.scenario import shipped
from warroom.games.dust_warfare.words import ArmyChoice

DEFAULT_ORDER = ("first_battle", "front_lines", "night_encounter", "secret_mission")  # DW-CAMP-01
MIN_BATTLES, MAX_BATTLES = 3, 5  # DW-CAMP-01
GAME_ID = "dust_warfare"


def playable() -> tuple[str, ...]:
    """The scenarios the game plays: its `scenario` option's choices (DW-CAMP-01)."""
    spec = next(o for o in registry.game_class(GAME_ID).info.options if o.name == "scenario")
    assert spec.choices is not None
    return tuple(str(choice) for choice in spec.choices)


def scenario_id(name: str) -> str:
    """A scenario by its file name (night-encounter) or id (night_encounter)."""
    wanted = name.strip().replace("-", "_")
    if wanted not in playable():
        raise OptionError(f"unknown scenario {name!r}; choose from: {', '.join(playable())}")
    return wanted


@dataclass(frozen=True)
class CampaignSpec:
    """Which battles in which order, who plays each side, the seed, Heroes and army file."""

    battles: tuple[str, ...] = DEFAULT_ORDER
    agents: tuple[str, str] = ("heuristic", "heuristic")
    seed: int = 0
    heroes: bool = False
    armies: str = ""

    def __post_init__(self) -> None:
        if not MIN_BATTLES <= len(self.battles) <= MAX_BATTLES:
            raise OptionError(
                f"a campaign has {MIN_BATTLES} to {MAX_BATTLES} battles (DW-CAMP-01), not {len(self.battles)}"
            )
        for name in self.battles:
            scenario_id(name)


@dataclass
class Battle:
    """One battle's result."""

    number: int
    scenario: str
    seed: int
    roll_off: int  # the seat given the roll-off (DW-CAMP-04), -1 when rolled
    scores: list[int]
    winner: int  # -1: a draw
    turns: int


@dataclass
class Campaign:
    """The battles so far and the standings (DW-CAMP-03)."""

    spec: CampaignSpec
    battles: list[Battle] = field(default_factory=list)

    @property
    def points(self) -> list[int]:
        """Campaign Points: 1 per battle won (DW-CAMP-03)."""
        return [sum(1 for b in self.battles if b.winner == seat) for seat in (0, 1)]

    @property
    def total_sp(self) -> list[int]:
        return [sum(b.scores[seat] for b in self.battles) for seat in (0, 1)]

    @property
    def winner(self) -> int:
        """DW-CAMP-03: most Campaign Points, then most total SP, else -1 (a draw)."""
        for a, b in (self.points, self.total_sp):
            if a != b:
                return 0 if a > b else 1
        return -1

    def next_roll_off(self) -> int:
        """DW-CAMP-04: the previous battle's loser, or -1 (roll) first and after a draw."""
        if not self.battles or self.battles[-1].winner < 0:
            return -1
        return 1 - self.battles[-1].winner

    def to_json(self) -> JSON:
        return {
            "battles": [
                {
                    "number": b.number,
                    "scenario": b.scenario,
                    "seed": b.seed,
                    "roll_off": b.roll_off,
                    "scores": b.scores,
                    "winner": b.winner,
                    "turns": b.turns,
                }
                for b in self.battles
            ],
            "agents": list(self.spec.agents),
            "sides": [f.value for f in SEAT_FACTION],
            "campaign_points": self.points,
            "total_sp": self.total_sp,
            "winner": self.winner,
        }


def battle_seed(seed: int, index: int) -> int:
    """The seed of battle `index`: the (index+1)-th number of the campaign seed's stream."""
    rng = Rng(seed)
    value = 0
    for _ in range(index + 1):
        value = rng.next_u64()
    return value


def battle_game(spec: CampaignSpec, scenario: str, roll_off: int) -> Game[Any]:
    """A fresh game for one battle (DW-CAMP-02: armies rebuilt, nothing carried over)."""
    armies = spec.armies if shipped()[scenario].armies is not ArmyChoice.STARTER else ""
    return registry.load(GAME_ID, scenario=scenario, heroes=spec.heroes, armies=armies, roll_off=roll_off)


def play_battle(campaign: Campaign, index: int) -> Battle:
    spec = campaign.spec
    scenario = scenario_id(spec.battles[index])
    roll = campaign.next_roll_off()
    game = battle_game(spec, scenario, roll)
    seed = battle_seed(spec.seed, index)
    state = game.new_initial_state(seed)
    seats = [make_agent(game, name, seed + 1 + i) for i, name in enumerate(spec.agents)]
    while not state.is_terminal():
        state.apply_action(seats[state.current_player()].choose(state))
    outcome = state.outcome()
    assert outcome is not None and state.scores is not None
    winner = outcome.winners[0] if outcome.winners else -1
    return Battle(index + 1, scenario, seed, roll, list(state.scores), winner, state.turn)


def run(spec: CampaignSpec, on_battle: Callable[[Battle], None] | None = None) -> Campaign:
    """Play the campaign's battles in order, telling `on_battle` each result."""
    campaign = Campaign(spec)
    for index in range(len(spec.battles)):
        battle = play_battle(campaign, index)
        campaign.battles.append(battle)
        if on_battle is not None:
            on_battle(battle)
    return campaign
