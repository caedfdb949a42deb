"""MaskablePPO on World of Tanks: Rush, two players: the learner holds seat 0 against random
players, and is evaluated against random and heuristic opponents.

    python examples/ppo_wot_rush.py           # the real run (results in examples/results/)
    python examples/ppo_wot_rush.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config("wot_rush", {"players": 2}, timesteps=12_000)

if __name__ == "__main__":
    main(CONFIG)
