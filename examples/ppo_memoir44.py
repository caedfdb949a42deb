"""MaskablePPO on Memoir '44's Pegasus Bridge: the learner commands the Allies (seat 0) against a
random Axis, and is evaluated against random and heuristic opponents. It trains on Memoir '44's
potential-based shaped reward (its medal race, `shaped=True`); the table counts wins only.

    python examples/ppo_memoir44.py           # the real run (results in examples/results/)
    python examples/ppo_memoir44.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config("memoir44", {"scenario": "pegasus-bridge"}, timesteps=10_000, shaped=True)

if __name__ == "__main__":
    main(CONFIG)
