"""PettingZoo's own `api_test` on Dust Warfare's environment for every playable scenario other
than First Battle (tests/test_envs.py runs the default one): the action space is the interned
option table (`all_actions()`) with the legal options as the mask, and each scenario changes
what the table holds (Front Lines' fortifications and minefields, Secret Mission's secret
objectives, Night Encounter's hidden markers). A short run per scenario keeps CI time small:
`api_test` plays random masked actions through the setup and the first turns, where the
scenario-specific decisions (terrain, fortifications, deployment) come."""

from __future__ import annotations

import pytest
from pettingzoo.test import api_test

from warroom import envs
from warroom.games.dust_warfare.game import PLAYABLE

SCENARIOS = [name for name in PLAYABLE if name != "first_battle"]


def test_every_playable_scenario_but_the_default_is_covered_here() -> None:
    assert SCENARIOS and set(SCENARIOS) | {"first_battle"} == set(PLAYABLE)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_pettingzoo_api_test_passes_for_every_dust_scenario(scenario: str) -> None:
    api_test(envs.env("dust_warfare", scenario=scenario), num_cycles=60)
