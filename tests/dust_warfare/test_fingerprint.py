"""The same seeds give the same Dust Warfare games (issue 13's speed work): seeded games of every
scenario hash to the fingerprint recorded before the speed work.

Two kinds of games are hashed. The listed games are tests/fingerprint.py's (every event with who
may see it, every legal option list in order, and for the detailed games every save and every
seat's and the spectator's view at every step; random choices from the option list, plus a
game of the heuristic agents on both seats where given): they cover listing, the checker's path.
The sampled games draw every decision with `sample_legal` (the direct draw of a legal placement
that random playouts, search and the benchmarks use, DW-GEO-17) and hash each action and event
and the final save: they cover the drawing path, which lists nothing. Night Encounter's sampled
games are not recorded (its marker draw was refused when this was recorded; fixed since, see
docs/dust_warfare.md).

Recorded in tests/data/fingerprints_dust_warfare.json; re-record only for a deliberate change
of the rules, and say so in the commit:

    .venv/bin/python -m tests.dust_warfare.test_fingerprint --write
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.fingerprint import _events, _Hasher, fingerprint
from warroom.core import registry
from warroom.core.rng import Rng

DATA = Path(__file__).parent.parent / "data" / "fingerprints_dust_warfare.json"

# (name, game id, options, random games, of which detailed, heuristic games), as tests/fingerprint.py
CONFIGS: list[tuple[str, str, dict[str, Any], int, int, int]] = [
    ("dw-first-battle", "dust_warfare", {}, 4, 1, 1),
    ("dw-heroes", "dust_warfare", {"heroes": True}, 2, 0, 0),
    ("dw-front-lines", "dust_warfare", {"scenario": "front_lines"}, 2, 1, 0),
    ("dw-night", "dust_warfare", {"scenario": "night_encounter"}, 2, 1, 0),
    ("dw-secret", "dust_warfare", {"scenario": "secret_mission"}, 2, 1, 0),
]

# (name, options, games) played by `sample_legal`
SAMPLED: list[tuple[str, dict[str, Any], int]] = [
    ("dw-sampled-first-battle", {}, 6),
    ("dw-sampled-heroes", {"heroes": True}, 3),
    ("dw-sampled-front-lines", {"scenario": "front_lines"}, 3),
    ("dw-sampled-secret", {"scenario": "secret_mission"}, 3),
]


def sampled_fingerprint(options: dict[str, Any], games: int) -> str:
    """Seeded games 0..games-1 drawn decision by decision with `sample_legal`."""
    game = registry.load("dust_warfare", **options)
    hasher = _Hasher()
    for seed in range(games):
        state, rng = game.new_initial_state(seed), Rng(seed ^ 0x5A3D)
        while not state.is_terminal():
            action = state.sample_legal(rng)
            hasher.add(["choose", state.current_player(), action.text])
            _events(hasher, state.apply_action(action))
        hasher.add(["end", state.serialize()])
    return hasher.digest.hexdigest()


def _digest(name: str) -> str:
    for config in CONFIGS:
        if config[0] == name:
            return fingerprint(config)
    options, games = next((o, g) for n, o, g in SAMPLED if n == name)
    return sampled_fingerprint(options, games)


NAMES = [c[0] for c in CONFIGS] + [s[0] for s in SAMPLED]


def _recorded() -> dict[str, str]:
    recorded: dict[str, str] = json.loads(DATA.read_text()) if DATA.exists() else {}
    return recorded


@pytest.mark.parametrize("name", NAMES)
def test_seeded_games_unchanged(name: str) -> None:
    assert _digest(name) == _recorded()[name], (
        f"{name}: seeded Dust Warfare games differ from the recorded fingerprint; run "
        "`python -m tests.dust_warfare.test_fingerprint --only NAME` and compare a game's log before and "
        "after"
    )


def test_every_config_recorded() -> None:
    assert sorted(_recorded()) == sorted(NAMES)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="record the fingerprints")
    parser.add_argument("--only", help="a config name prefix")
    args = parser.parse_args()
    recorded = _recorded()
    bad = 0
    for name in NAMES:
        if args.only and not name.startswith(args.only):
            continue
        digest = _digest(name)
        same = recorded.get(name) == digest
        bad += not same
        print(f"{name:26} {digest[:16]} {'same' if same else 'DIFFERENT'}", flush=True)
        recorded[name] = digest
    if args.write:
        DATA.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n")
    sys.exit(1 if bad and not args.write else 0)


if __name__ == "__main__":
    main()
