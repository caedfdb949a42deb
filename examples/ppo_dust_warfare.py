"""MaskablePPO on Dust Warfare's First Battle: the learner commands seat 0 against a random opponent.
The engine decides about a hundred times per CPU second, so the run is short. Its table evaluates
the trained policy only (the baselines' rows would cost another 400 slow games).

    python examples/ppo_dust_warfare.py           # the real run (results in examples/results/)
    python examples/ppo_dust_warfare.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config(
    "dust_warfare", {"scenario": "first_battle"}, timesteps=2_000, shaped=True, players=("trained",)
)

if __name__ == "__main__":
    main(CONFIG)
