"""Which games exist. Games register through the `warroom.games` entry-point group, so the
core never imports a game and a third-party package can add one without touching warroom."""

from __future__ import annotations

from functools import cache
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
