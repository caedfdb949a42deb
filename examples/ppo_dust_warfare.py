"""MaskablePPO on Dust Warfare's First Battle: the learner commands seat 0 against a random opponent.
The engine decides about a hundred times per CPU second, so the run is short. Its table evaluates
the trained policy and a random one in the seat (the random row is the bar a trained seat must
clear); the heuristic in the seat costs another 400 slow games: add it with `--players`.

    python examples/ppo_dust_warfare.py           # the real run (results in examples/results/)
    python examples/ppo_dust_warfare.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config(
    "dust_warfare", {"scenario": "first_battle"}, timesteps=2_000, shaped=True, players=("trained", "random")
)

if __name__ == "__main__":
    main(CONFIG)
