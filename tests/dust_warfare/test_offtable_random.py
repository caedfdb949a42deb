"""The random-game checker with the example lists of data/armies-special.toml, so reserves,
Air drop, Black ops, transports and indirect fire come up: every invariant at every step
(warroom/games/dust_warfare/invariants.py, with rules/transport.py's: embarked and off-table
units stand nowhere on the table, passengers ride a friendly vehicle on it within its Carry
capacity), and the statuses each unit went through, so the test fails if the features stop
being exercised.

More games, both scenarios that take army files:

    .venv/bin/python -m tests.dust_warfare.test_offtable_random 200
"""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from tests.dust_warfare.test_offtable import ARMIES
from warroom.core.checker import check_random_game
from warroom.core.game import State
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Status


def play(scenario: str, seed: int) -> Counter[str]:
    """One checked random game; the unit status changes it went through, e.g. `reserve->table`."""
    seen: Counter[str] = Counter()
    last: dict[int, str] = {}

    def invariant(state: State) -> None:
        check(state)
        st: DustState = state  # type: ignore[assignment]  # this game's states
        for u, status in enumerate(st.status):
            if last.get(u, status) != status:
                seen[f"{last[u]}->{status}"] += 1
            last[u] = status
        assert set(st.status) <= {s.value for s in Status}, st.status
        # counts conserved: a unit's miniatures are either living or destroyed, never more
        assert all(len(st.living(u)) <= len(st.unit(u).models) for u in range(len(st.status)))

    game = DustWarfareGame(scenario=scenario, armies=str(ARMIES))
    state = check_random_game(game, seed, invariant=invariant, deep_every=50)
    assert state.is_terminal()
    return seen


@pytest.mark.parametrize("seed", [0, 1])
def test_random_front_lines_with_reserves_and_transports(seed: int) -> None:
    """DW-SET-06/07, DW-ACT-08/09, DW-MOVE-10/11: in these seeds an off-table unit enters and an
    embarked unit disembarks, with every invariant held at every step."""
    seen = play("front_lines", seed)
    assert seen["reserve->table"] >= 1
    assert seen["embarked->table"] >= 1


def main(games: int) -> None:
    for scenario in ("front_lines", "secret_mission"):
        total: Counter[str] = Counter()
        for seed in range(games):
            total += play(scenario, seed)
        print(f"{scenario}: {games} games, every invariant held; status changes {dict(total)}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
