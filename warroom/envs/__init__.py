"""Research environments over every warroom game: PettingZoo AEC for any seat count, Gymnasium
for one-seat games. See `aec.py` for the spaces, the observation and the rewards.

    from warroom import envs
    table = envs.env("siege", players=4)
    solo = envs.gym_env("siege", players=1)
"""

from warroom.envs.aec import GameEncoding, WarroomAEC, agent_name, env
from warroom.envs.single import WarroomSingleSeat, gym_env

__all__ = ["GameEncoding", "WarroomAEC", "WarroomSingleSeat", "agent_name", "env", "gym_env"]
