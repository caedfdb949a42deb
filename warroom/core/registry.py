"""Which games exist. Games register through the `warroom.games` entry-point group, so the
core never imports a game and a third-party package can add one without touching warroom."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from importlib.metadata import entry_points
from typing import Any

from warroom.core.errors import OptionError
from warroom.core.game import Game


@cache
def _game_classes() -> dict[str, type[Game[Any]]]:
    from warroom.games import BUILTIN_GAMES  # a table of names, so running from a checkout works

    found: dict[str, str] = dict(BUILTIN_GAMES)
    for point in entry_points(group="warroom.games"):
        found.setdefault(point.name, point.value)
    classes: dict[str, type[Game[Any]]] = {}
    for name, target in found.items():
        module_name, _, attr = target.partition(":")
        module = __import__(module_name, fromlist=[attr])
        classes[name] = getattr(module, attr)
    return dict(sorted(classes.items()))


def games() -> list[str]:
    """The ids of every registered game."""
    return list(_game_classes())


def game_class(game_id: str) -> type[Game[Any]]:
    classes = _game_classes()
    if game_id not in classes:
        raise OptionError(f"unknown game {game_id!r}; known games: {', '.join(classes)}")
    return classes[game_id]


def load(game_id: str, **options: Any) -> Game[Any]:
    """A configured game; a bad option raises OptionError (a ValueError) naming the valid ones."""
    return game_class(game_id)(**options)


def shared_game(cls: type[Game[Any]], options: Mapping[str, Any]) -> Game[Any]:
    """`cls(**options)`, one instance shared by every caller with the same options (defaults
    filled in, so `{}` and the defaults spelled out are one configuration). A configured game is
    immutable and building one costs tens of milliseconds (a scenario read and validated, action
    tables laid out): as much as a random game, so the web tables and simulation workers share."""
    values = {spec.name: spec.default for spec in cls.info.options}
    values.update(options)
    return _shared_game(cls, tuple(sorted(values.items())))


@lru_cache(maxsize=32)
def _shared_game(cls: type[Game[Any]], options: tuple[tuple[str, Any], ...]) -> Game[Any]:
    return cls(**dict(options))
