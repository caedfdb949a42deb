"""The engine contract: games, states, actions, events, errors, the registry, replays."""

from warroom.core.actions import ActionTable, ParametricAction, Part, PartKind
from warroom.core.errors import CorruptDataError, IllegalActionError, OptionError, WarroomError
from warroom.core.game import JSON, Action, Event, Game, GameInfo, OptionSpec, Outcome, State, events_for
from warroom.core.registry import game_class, games, load
from warroom.core.rng import Rng

__all__ = [
    "JSON",
    "Action",
    "ActionTable",
    "CorruptDataError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "ParametricAction",
    "Part",
    "PartKind",
    "Rng",
    "State",
    "WarroomError",
    "events_for",
    "game_class",
    "games",
    "load",
]
