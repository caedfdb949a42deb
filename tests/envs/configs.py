"""The configurations the environment tests cover: every registered game with a numeric
observation, at every player count it accepts (its other options at their defaults). A game
without an observation yet is listed apart, so its tests skip with the reason instead of
passing silently."""

from __future__ import annotations

from typing import Any

import pytest

import warroom
from warroom.core.errors import OptionError
from warroom.core.game import Game
from warroom.core.registry import game_class


def has_observation(game: Game[Any]) -> bool:
    try:
        game.observation_size()
    except NotImplementedError:
        return False
    return True


def configurations() -> list[Any]:
    """pytest params (game id, options) for every game and player count."""
    params = []
    for game_id in warroom.games():
        info = game_class(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            try:
                game = warroom.load(game_id, players=players)
            except OptionError:
                continue
            marks = () if has_observation(game) else (pytest.mark.skip(reason=f"{game_id}: no observation"),)
            params.append(
                pytest.param(game_id, {"players": players}, id=f"{game_id}-{players}p", marks=marks)
            )
    return params


def default_games() -> list[Any]:
    """pytest params (game id) of every game at its default options."""
    return [
        pytest.param(
            game_id,
            id=game_id,
            marks=()
            if has_observation(warroom.load(game_id))
            else (pytest.mark.skip(reason="no observation"),),
        )
        for game_id in warroom.games()
    ]
