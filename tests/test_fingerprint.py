"""The same seeds give the same games (issue 11): every configured game's seeded random and
heuristic games hash to the fingerprint recorded before the core's turn engine took over (events,
legal option lists in order, saves and views; see tests/fingerprint.py)."""

from __future__ import annotations

import json

import pytest

from tests.fingerprint import CONFIGS, DATA, fingerprint

RECORDED: dict[str, str] = json.loads(DATA.read_text())


@pytest.mark.parametrize("config", CONFIGS, ids=[c[0] for c in CONFIGS])
def test_seeded_games_unchanged(config: tuple) -> None:  # type: ignore[type-arg]
    assert fingerprint(config) == RECORDED[config[0]], (
        f"{config[0]}: seeded games differ from the recorded fingerprint; "
        "run `python -m tests.fingerprint --only NAME` and compare a game's log before and after"
    )


def test_every_config_recorded() -> None:
    assert sorted(RECORDED) == sorted(c[0] for c in CONFIGS)
