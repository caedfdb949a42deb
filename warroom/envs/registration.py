"""Gymnasium ids for every registered game: `warroom/<game>-v0` makes a `WarroomEnv`."""

from __future__ import annotations

import gymnasium

from warroom.core.registry import games


def env_id(game_id: str) -> str:
    return f"warroom/{game_id}-v0"


def register_games() -> list[str]:
    """Register each game not yet registered (games added later register on the next call);
    returns the ids registered now."""
    added = []
    for game_id in games():
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(game_id),
                entry_point="warroom.envs.single:WarroomEnv",
                kwargs={"game_id": game_id},
                disable_env_checker=False,
            )
            added.append(env_id(game_id))
    return added
