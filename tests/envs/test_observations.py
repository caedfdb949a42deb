"""The numeric observations every environment reads (issue 18): `observe_into`, written straight
from the state, equals the view's reference encoding `observe(view(seat))` along seeded random
games (`walk`), for every seat and the spectator; every value lies within the game's declared
bounds; and re-drawing what a seat cannot know leaves its observation unchanged."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import warroom
from tests.envs.configs import configurations
from warroom._compiled import NATIVE
from warroom.core.game import Game
from warroom.core.rng import Rng
from warroom.envs.observe import PYTHON_ENCODERS

EVERY_STEP = 200  # decisions checked one by one; every 10th after them, and the end


def walk(game: Game[Any], seed: int, check: Any) -> int:
    """Play a seeded random game, calling check(state) before each of its first EVERY_STEP
    decisions, then before every 10th (long games stay affordable), and at the end."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while True:
        if steps < EVERY_STEP or steps % 10 == 0 or state.is_terminal():
            check(state)
        if state.is_terminal():
            return steps
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1


# modes whose observations differ from the default's: the Field Marshal's own hand is seen by the
# marshal alone; Shoulder to Shoulder sends destroyed enemies to the enemy discard, not trophies
MODES = [
    pytest.param("siege", {"players": 3, "mode": "field_marshal"}, id="siege-3p-field_marshal"),
    pytest.param("siege", {"players": 2, "mode": "shoulder_to_shoulder"}, id="siege-2p-shoulder"),
    # Memoir '44's medals are recounted when the occupants of the temporary objectives' hexes
    # change (the default Pegasus Bridge has two such objectives); Pointe du Hoc's are all
    # permanent, so its medals change by kills and objectives taken alone
    pytest.param("memoir44", {"scenario": "pointe-du-hoc"}, id="memoir44-pointe-du-hoc"),
    pytest.param("memoir44", {"scenario": "villers-bocage"}, id="memoir44-villers-bocage"),
]


@pytest.mark.parametrize(("game_id", "options"), configurations() + MODES)
def test_observe_into_equals_the_view_encoding_in_bounds(game_id: str, options: dict[str, Any]) -> None:
    """By the game's writer: its C writer where it has one and it was built, else Python's."""
    equals_the_view_encoding_in_bounds(game_id, options)


# the games with a C writer (warroom/_compiled.py NATIVE), whose Python writer runs where it was not built
WITH_C = {name.split(".")[2] for name in NATIVE}


@pytest.mark.parametrize(
    ("game_id", "options"), [p for p in configurations() + MODES if p.values[0] in WITH_C]
)
def test_the_python_writers_equal_the_view_encoding_in_bounds(
    game_id: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the C writer was not built (no compiler at install), or WARROOM_PYTHON_ENCODERS=1:
    the Python writer gives the same numbers."""
    monkeypatch.setenv(PYTHON_ENCODERS, "1")
    equals_the_view_encoding_in_bounds(game_id, options)


def equals_the_view_encoding_in_bounds(game_id: str, options: dict[str, Any]) -> None:
    """observe_into equals observe(view) for every viewer along two seeded games, in bounds."""
    game = warroom.load(game_id, **options)
    size = game.observation_size()
    low, high = (np.asarray(b, np.float32) for b in game.observation_bounds())
    assert low.shape == high.shape == (size,) and (low <= high).all()
    out = np.full(size, np.nan, np.float32)  # stale values must all be overwritten

    def check(state: Any) -> None:
        for viewer in [None, *range(game.num_players)]:
            out.fill(np.nan)
            game.observe_into(state, viewer, out)
            reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
            assert np.array_equal(out, reference), np.flatnonzero(out != reference)[:10]
            outside = np.flatnonzero((out < low) | (out > high))
            assert not len(outside), f"outside the declared bounds at {outside[:10]}: {out[outside[:10]]}"

    assert sum(walk(game, seed, check) for seed in (1, 2)) > 20


LEAK_CASES = [pytest.param(*p.values, "default", id=p.id, marks=p.marks) for p in configurations()] + [
    pytest.param(*p.values, "python", id=f"{p.id}-python", marks=p.marks)
    for p in configurations()
    if p.values[0] in WITH_C
]


@pytest.mark.parametrize(("game_id", "options", "writer"), LEAK_CASES)
def test_observation_leaks_nothing_a_seat_cannot_see(
    game_id: str, options: dict[str, Any], writer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Re-dealing the hidden cards (deck, hangars, other hands) changes no seat's own numbers,
    by the game's writer and, for a game with a C writer, by its Python writer too."""
    if writer == "python":
        monkeypatch.setenv(PYTHON_ENCODERS, "1")
    game = warroom.load(game_id, **options)
    size = game.observation_size()
    mine, again = np.empty(size, np.float32), np.empty(size, np.float32)
    redraw = Rng(5)

    def check(state: Any) -> None:
        for viewer in [None, *range(game.num_players)]:
            game.observe_into(state, viewer, mine)
            game.observe_into(state.resample_hidden(viewer, redraw), viewer, again)
            assert np.array_equal(mine, again), np.flatnonzero(mine != again)[:10]

    walk(game, 3, check)


def test_one_thread_observes_many_games_in_turn() -> None:
    """The encoders keep each viewer's last observation to rewrite only what changed: states of
    different games and configurations observed in turn, by the same thread, never borrow each
    other's numbers (each equals its view's reference encoding)."""
    tables = [
        (warroom.load(game_id, **options), seed)
        for seed, (game_id, options) in enumerate(
            (p.values[0], p.values[1]) for p in configurations() if not p.marks
        )
    ]
    rng = np.random.default_rng(0)
    states = [game.new_initial_state(seed) for game, seed in tables]
    for _ in range(30):
        for (game, _seed), state in zip(tables, states, strict=True):
            for viewer in [None, *range(game.num_players)]:
                out = np.full(game.observation_size(), np.nan, np.float32)
                game.observe_into(state, viewer, out)
                reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
                assert np.array_equal(out, reference), (game.info.id, np.flatnonzero(out != reference)[:10])
            if not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.integers(len(legal)))])
