"""The generic random-game checker on First Battle with Dust invariants at every step and the
outcome recomputed at the end (warroom/games/dust_warfare/invariants.py), and tests that the
invariants catch a broken position.

A game takes about 1-2 s of CPU (the checker lists every option at every step), so the suite
plays a few seeds; 1,000 per scenario (or `benchmarks/bench_dust_warfare.py --check N --start S`,
which prints a JSON line per game and resumes from a seed; the runs so far are in
docs/dust_warfare.md, "Random-game checker"). Every invariant is shown to catch a planted fault in
`test_invariant_faults.py`.

    .venv/bin/python -m tests.dust_warfare.test_random_games 1000
"""

from __future__ import annotations

import sys

import pytest

from tests.dust_warfare.helpers import position
from warroom.core.checker import check_random_game
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.geometry import Base, Crowd, overlaps
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.rules.scoring import scores
from warroom.games.dust_warfare.rules.secret import bonus

SEEDS = (0, 1)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_first_battle_keeps_every_invariant(seed: int) -> None:
    state = check_random_game(DustWarfareGame(), seed, invariant=check, deep_every=25)
    assert state.is_terminal()


def test_random_secret_mission_keeps_every_invariant() -> None:
    """Secret Mission: terrain placement, secret objectives (the leak test: a seat's view never
    changes when what it cannot see is re-drawn), 9" zones, six turns, objective scoring."""
    state = check_random_game(DustWarfareGame(scenario="secret_mission"), 4, invariant=check, deep_every=20)
    assert state.is_terminal()


def test_random_front_lines_keeps_every_invariant() -> None:
    """Front Lines: the roll-off first, terrain in the 18" bands, minefields (their secrecy under
    the leak test) and barriers, Dug-In, six turns, Breakthrough scoring."""
    state = check_random_game(DustWarfareGame(scenario="front_lines"), 5, invariant=check, deep_every=25)
    assert state.is_terminal()


def test_random_first_battle_with_heroes() -> None:
    state = check_random_game(DustWarfareGame(heroes=True), 3, invariant=check, deep_every=40)
    assert state.is_terminal()


def test_the_invariants_catch_overlapping_bases() -> None:
    st = position(
        "turn 1 phase units\nu1 : 30,10 30.5,10 28,10 26,10 24,10\nu6 : 36,30 38,30 40,30 42,30 44,30"
    )
    with pytest.raises(AssertionError, match="overlap"):
        check(st)


def test_the_invariants_catch_a_wrong_score() -> None:
    st = position("turn 5 phase end\nu1 : 30,10 32,10 28,10 26,10 24,10\nu6 : 36,30 38,30 40,30 42,30 44,30")
    assert st.is_terminal() and st.scores == scores(st, bonus)
    check(st)
    st.scores = [st.scores[0] + 1, st.scores[1]]
    with pytest.raises(AssertionError, match="reported SP"):
        check(st)


def test_the_crowd_finds_exactly_the_overlaps_a_pairwise_test_finds() -> None:
    """The invariants' and the placement predicate's grid (geometry.Crowd) against testing every
    pair: bases of mixed radii on a 0.1" grid, many touching or nearly so (DW-MOVE-03)."""
    rng = Rng(7)

    def base() -> Base:
        return Base(rng.below(200) / 10, rng.below(120) / 10, (0.5, 0.75, 1.0, 2.0)[rng.below(4)], 1.0)

    crowd_bases = [base() for _ in range(40)]
    crowd = Crowd(crowd_bases)
    found = 0
    for _ in range(2000):
        probe = base()
        expected = any(overlaps(probe, o) for o in crowd_bases)
        assert crowd.hits(probe) is expected
        near = crowd.overlapping(probe)
        assert (near is not None) is expected and (near is None or overlaps(probe, near))
        found += expected
    assert 0 < found < 2000
    touching = Base(crowd_bases[0].x + crowd_bases[0].r + 1.0, crowd_bases[0].y, 1.0, 1.0)
    assert not overlaps(touching, crowd_bases[0])  # touching is not overlapping


def main(games: int) -> None:
    scenarios = ("secret_mission", "front_lines", "night_encounter")
    for options in ({}, {"heroes": True}, *({"scenario": s} for s in scenarios)):
        game = DustWarfareGame(**options)
        for seed in range(games):
            check_random_game(game, seed, invariant=check, deep_every=50)
        print(f"{options or 'first_battle'}: {games} games, every invariant held")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
