"""MaskablePPO on Metro 2033 at two players: the learner holds seat 0 against a random player,
and is evaluated against random and heuristic opponents.

    python examples/ppo_metro2033.py           # the real run (results in examples/results/)
    python examples/ppo_metro2033.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config("metro2033", {"players": 2}, timesteps=8_000, shaped=True)

if __name__ == "__main__":
    main(CONFIG)
