"""Thousands of seeded random games through the generic checker (warroom.core.checker) on every
shipped scenario, with the Memoir '44 invariants at every step: figures never negative or above
the start, never two units in a hex, the command cards conserved across deck, hands, discard,
play and Recon, and kill medals equal to the enemy units eliminated; and the outcome: a side has
won iff its medals (kills and objectives, recomputed from the position) reach its target, a draw
iff the turn bound was reached with neither there, and `outcome()` agrees with the result.

Every game runs to its end: a victory, or the draw at the game's declared `max_turns` bound (an
engine bound, not a rule). The trade-off: uniformly random play is not realistic Memoir '44. It
passes ("done") as often as it orders, moves units to random hexes and seldom closes in, so a
random game under the default bound of 200 turns lasts ~180 turns (~750 decisions) and about
half of them end as draws at that bound; 2,000 such games per scenario would take ~15 minutes of
CPU. Sensible play is far shorter: heuristic-vs-heuristic games (10 seeds per shipped
scenario) were all decided within 5 to 31 turns (both sides counted). So the 2,000 seeded games
per scenario use `max_turns=40`, longer than any such game: complete games, every step checked,
ending at the bound, since random play almost never wins within 40 turns (1 of 1,200 sampled
games did). A second set plays full games under the default 200-turn bound, where random play
does reach victories (objectives, kills, the mid-turn win), so that ending is covered too.
No invariant is relaxed for either; only the contract's expensive deep checks (serialise round
trip, clone independence, resample leak test) are spaced out (`deep_every`, a different prime
near 100 per chunk so they land on different steps of different games), one or two per game."""

from __future__ import annotations

import pytest

from warroom.core.checker import check_random_game
from warroom.games.memoir44 import invariants
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import shipped
from warroom.games.memoir44.words import DRAW

GAMES = 2000
CHUNK = 250
BOUND = 40  # turns, both sides counted: a long real game (see the module docstring)
FULL_GAMES = 12
DEEP_EVERY = (89, 97, 101, 103, 107, 109, 113, 127)  # one per chunk of a scenario
SEEDED = [(name, start) for name in shipped() for start in range(0, GAMES, CHUNK)]


class Invariant:
    """invariants.check and invariants.check_outcome (the result, at every step and at the end,
    agrees with the medals recomputed from the position and the turn bound) plus, across steps,
    figures never rising except by Medics & Mechanics and kill medals never falling."""

    def __init__(self) -> None:
        self.figures: list[int] | None = None
        self.kills: list[int] | None = None

    def __call__(self, st) -> None:
        invariants.check(st)
        invariants.check_outcome(st)
        if self.figures is not None and st.effect != "medics_and_mechanics":
            assert all(now <= before for now, before in zip(st.unit_fig, self.figures, strict=True))
        if self.kills is not None:
            assert all(now >= before for now, before in zip(st.kills, self.kills, strict=True))
        self.figures, self.kills = st.unit_fig[:], st.kills[:]


@pytest.mark.parametrize(("scenario", "start"), SEEDED, ids=[f"{n}-{s}" for n, s in SEEDED])
def test_random_games(scenario, start):
    """M44-GEN-02, M44-TURN-01, M44-DICE-03, M44-MEDAL-01, M44-MEDAL-06, M44-SETUP-09, M44-SETUP-10:
    2,000 seeded complete games per scenario under the 40-turn bound, the contract and the
    invariants checked at every step; each ends in a victory or in the draw at the bound."""
    game = Memoir44Game(scenario=scenario, max_turns=BOUND)
    deep_every = DEEP_EVERY[start // CHUNK % len(DEEP_EVERY)]
    for seed in range(start, start + CHUNK):
        final = check_random_game(game, seed, deep_every=deep_every, invariant=Invariant())
        assert final.is_terminal()
        assert final.turn <= BOUND
        assert final.result != DRAW or final.turn == BOUND, "a draw only at the turn bound"


@pytest.mark.parametrize("scenario", shipped())
def test_random_full_games(scenario):
    """Full-length random games under the default 200-turn bound end in a win or at the bound
    (M44-MEDAL-06), and some of them in a win."""
    game = Memoir44Game(scenario=scenario)
    results = []
    for seed in range(FULL_GAMES):
        final = check_random_game(game, seed, deep_every=41, invariant=Invariant())
        results.append(final.view(None)["result"])
    assert set(results) <= {"allies", "axis", "draw"}
    assert {"allies", "axis"} & set(results), "random play never won a 200-turn game"
