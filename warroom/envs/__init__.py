"""Research environments over every warroom game (docs/environments.md).

    from warroom import envs
    table = envs.env("siege", players=4)              # PettingZoo AEC, order-enforced
    import gymnasium
    solo = gymnasium.make("warroom/wot_rush-v0", players=2, seat=0, opponents="heuristic")

Importing this package registers `warroom/<game>-v0` with Gymnasium for every registered game.
"""

from warroom.envs.aec import WarroomAEC, agent_name, env, raw_env
from warroom.envs.registration import env_id, register_games
from warroom.envs.single import WarroomEnv, gym_env
from warroom.envs.spaces import GameSpaces, zero_sum

register_games()

__all__ = [
    "GameSpaces",
    "WarroomAEC",
    "WarroomEnv",
    "agent_name",
    "env",
    "env_id",
    "gym_env",
    "raw_env",
    "register_games",
    "zero_sum",
]
