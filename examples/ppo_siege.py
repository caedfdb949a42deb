"""MaskablePPO on solo Siege: one player defends the city alone against the game's deck (no opponents:
the table compares the trained policy with a random and the heuristic player). It trains on Siege's
potential-based shaped reward (`shaped=True`: solo, the siege's progress, warroom/games/siege/
encoding.py); the table counts wins, and every game's enemies beaten (SG-END-02) is recorded
beside them as a progress measure (docs/baselines.md, session 12).

    python examples/ppo_siege.py           # the real run (results in examples/results/)
    python examples/ppo_siege.py --tiny    # seconds: what CI runs
"""

from maskable_ppo import Config, main

CONFIG = Config("siege", {"players": 1}, timesteps=10_000, shaped=True, progress="enemies beaten")

if __name__ == "__main__":
    main(CONFIG)
