"""The observations of seeded games are the same arrays from one change of the encoders to the
next (issue 18): every configuration's environment is played with the README's random masked
policy from fixed seeds, and the SHA-256 of every observation, mask and reward it gave is
compared with the digest recorded in tests/envs/observation_fingerprints.json before the encoders and
the step were rewritten for speed. `test_observations.py` checks the values against the view's
encoding; this pins them, the masks and the rewards, seed for seed.

Re-record (only on purpose, e.g. a layout change, and say so in the commit):
    .venv/bin/python -m tests.envs.test_observation_fingerprint --write
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tests.envs.configs import configurations
from warroom import envs

RECORD = Path(__file__).resolve().parent / "observation_fingerprints.json"
SEEDS = (11, 12)
STEPS = 400  # per seed at most: long games are cut (the digest covers what was played)


def config_key(game_id: str, options: dict[str, Any]) -> str:
    return f"{game_id}-{options['players']}p"


def digest(game_id: str, options: dict[str, Any]) -> str:
    """SHA-256 over the observations (both arrays, as bytes), rewards and agents of seeded games."""
    sha = hashlib.sha256()
    env = envs.env(game_id, **options)
    for seed in SEEDS:
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for steps, agent in enumerate(env.agent_iter()):
            observation, reward, termination, truncation, _info = env.last()
            sha.update(agent.encode())
            sha.update(observation["observation"].tobytes())
            sha.update(observation["action_mask"].tobytes())
            sha.update(np.float64(reward).tobytes())
            if termination or truncation:
                env.step(None)
                continue
            if steps >= STEPS:
                break
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return sha.hexdigest()


def recorded() -> dict[str, str]:
    data: dict[str, str] = json.loads(RECORD.read_text()) if RECORD.exists() else {}
    return data


@pytest.mark.parametrize(("game_id", "options"), configurations())
def test_seeded_observations_are_unchanged(game_id: str, options: dict[str, Any]) -> None:
    key = config_key(game_id, options)
    expected = recorded().get(key)
    assert expected is not None, f"no digest recorded for {key}: run this module with --write"
    assert digest(game_id, options) == expected, (
        f"{key}: the seeded observations changed; if on purpose (a layout or rules change), "
        "re-record with `.venv/bin/python -m tests.envs.test_observation_fingerprint --write`"
    )


def main() -> None:
    if "--write" not in sys.argv:
        raise SystemExit(__doc__)
    data = {
        config_key(p.values[0], p.values[1]): digest(p.values[0], p.values[1])
        for p in configurations()
        if not p.marks
    }
    RECORD.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"{len(data)} digests written to {RECORD}")


if __name__ == "__main__":
    main()
