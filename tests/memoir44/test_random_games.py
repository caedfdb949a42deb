"""Thousands of seeded random games through the generic checker (warroom.core.checker) on every
shipped scenario, with the Memoir '44 invariants at every step: figures never negative or above
the start, never two units in a hex, the command cards conserved across deck, hands, discard,
play and Recon, and kill medals equal to the enemy units eliminated.

Random play wanders: a full game runs ~180 turns. So each scenario gets 2,000 games cut at 12
turns (`max_turns`, an engine bound: every rule of the opening turns, at speed) plus full-length
games, all with the contract's deep checks (serialise, clone, resample leak test) spaced out."""

from __future__ import annotations

import pytest

from warroom.core.checker import check_random_game
from warroom.games.memoir44 import invariants
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import shipped

SHORT_GAMES = 2000
CHUNK = 500
FULL_GAMES = 12
SHORT = [(name, start) for name in shipped() for start in range(0, SHORT_GAMES, CHUNK)]


class Invariant:
    """invariants.check plus, across steps, figures never rising except by Medics & Mechanics and
    kill medals never falling."""

    def __init__(self) -> None:
        self.figures: list[int] | None = None
        self.kills: list[int] | None = None

    def __call__(self, st) -> None:
        invariants.check(st)
        if self.figures is not None and st.effect != "medics_and_mechanics":
            assert all(now <= before for now, before in zip(st.unit_fig, self.figures, strict=True))
        if self.kills is not None:
            assert all(now >= before for now, before in zip(st.kills, self.kills, strict=True))
        self.figures, self.kills = st.unit_fig[:], st.kills[:]


@pytest.mark.parametrize(("scenario", "start"), SHORT, ids=[f"{n}-{s}" for n, s in SHORT])
def test_random_openings(scenario, start):
    """M44-GEN-02, M44-DICE-03, M44-MEDAL-01, M44-SETUP-09, M44-SETUP-10: 2,000 seeded 12-turn games per
    scenario, the contract and the invariants checked at every step."""
    game = Memoir44Game(scenario=scenario, max_turns=12)
    for seed in range(start, start + CHUNK):
        final = check_random_game(game, seed, deep_every=23, invariant=Invariant())
        assert final.is_terminal()


@pytest.mark.parametrize("scenario", shipped())
def test_random_full_games(scenario):
    """Full-length random games end in a win or at the engine bound (M44-MEDAL-06)."""
    game = Memoir44Game(scenario=scenario)
    results = set()
    for seed in range(FULL_GAMES):
        final = check_random_game(game, seed, deep_every=41, invariant=Invariant())
        results.add(final.view(None)["result"])
    assert results <= {"allies", "axis", "draw"}
