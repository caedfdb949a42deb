"""Gymnasium ids for every registered game: `warroom/<game>-v0` makes a `WarroomEnv`."""

from __future__ import annotations

from importlib.metadata import entry_points

import gymnasium

from warroom.games import BUILTIN_GAMES


def env_id(game_id: str) -> str:
    return f"warroom/{game_id}-v0"


def game_ids() -> list[str]:
    """The ids the core's registry knows (the built-in table and the `warroom.games` entry
    points), read by name only: registering runs when `warroom.envs` is first imported, which a
    game's encoding does (`warroom.envs.observe`), so importing the game classes here would
    import a game from inside its own import. `gymnasium.make` loads the class when called."""
    names = set(BUILTIN_GAMES)
    names.update(point.name for point in entry_points(group="warroom.games"))
    return sorted(names)


def register_games() -> list[str]:
    """Register each game not yet registered (games added later register on the next call);
    returns the ids registered now."""
    added = []
    for game_id in game_ids():
        if env_id(game_id) not in gymnasium.registry:
            gymnasium.register(
                id=env_id(game_id),
                entry_point="warroom.envs.single:WarroomEnv",
                kwargs={"game_id": game_id},
                disable_env_checker=False,
            )
            added.append(env_id(game_id))
    return added
