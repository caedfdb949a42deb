"""The same seeds give the same Metro 2033 games (issue 15): seeded random and heuristic games for
2-6 players hash to the fingerprint recorded before the speed work (every event with who may see
it, every legal option list in order, and for the detailed games every save and every seat's and
the spectator's view at every step; see tests/fingerprint.py, whose recorder this calls with
Metro's configurations and file).

Recorded in tests/data/fingerprints_metro2033.json; re-record only for a deliberate change of the
rules, and say so in the commit:

    .venv/bin/python -m tests.metro2033.test_fingerprint --write
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.fingerprint import fingerprint, main

DATA = Path(__file__).parent.parent / "data" / "fingerprints_metro2033.json"

# (name, game id, options, random games, of which detailed, heuristic games), as tests/fingerprint.py
CONFIGS: list[tuple[str, str, dict[str, Any], int, int, int]] = [
    ("metro-2", "metro2033", {"players": 2, "max_rounds": 30}, 8, 1, 1),
    ("metro-3", "metro2033", {"players": 3, "first_player": 1, "max_rounds": 30}, 5, 1, 1),
    ("metro-4", "metro2033", {"players": 4}, 6, 0, 0),
    ("metro-5", "metro2033", {"players": 5, "max_rounds": 30}, 5, 1, 1),
    ("metro-6", "metro2033", {"players": 6, "max_rounds": 20}, 5, 1, 1),
    ("metro-4-short", "metro2033", {"players": 4, "first_player": 2, "max_rounds": 12}, 20, 6, 2),
]


def _recorded() -> dict[str, str]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}  # type: ignore[no-any-return]


@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_seeded_games_unchanged(config: tuple) -> None:  # type: ignore[type-arg]
    assert fingerprint(config) == _recorded()[config[0]], (
        f"{config[0]}: seeded Metro games differ from the recorded fingerprint; run "
        "`python -m tests.metro2033.test_fingerprint --only NAME` and compare a game's log before and after"
    )


def test_every_config_recorded() -> None:
    assert sorted(_recorded()) == sorted(c[0] for c in CONFIGS)


if __name__ == "__main__":
    main(CONFIGS, DATA, __doc__)
