"""The observations' C writers (issue 18): `encoding_c.pyx` of Siege, World of Tanks: Rush,
Memoir '44 and Metro 2033, built by every install where a C compiler is (warroom/_compiled.py
`NATIVE`). Their numbers are held to the view's reference encoding by test_observations.py;
here: they are built and used, `WARROOM_PYTHON_ENCODERS=1` turns them off, and bad arrays,
viewers and damaged states raise a clear error without writing outside the caller's array or changing it."""

from __future__ import annotations

import shutil
import sysconfig
from typing import Any

import numpy as np
import pytest

import warroom
from warroom._compiled import NATIVE
from warroom.envs.observe import PYTHON_ENCODERS, native

COMPILER = shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0])
GAMES = [("siege", {"players": 4}), ("wot_rush", {"players": 2}), ("memoir44", {}), ("metro2033", {})]


def mid_game(game_id: str, steps: int = 20) -> tuple[Any, Any]:
    """A configured game and one of its states `steps` random decisions in (or its end)."""
    game = warroom.load(game_id, **dict(GAMES)[game_id])
    state, rng = game.new_initial_state(7), np.random.default_rng(7)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return game, state


@pytest.mark.skipif(COMPILER is None, reason="no C compiler here: the Python writers run")
def test_every_c_writer_is_built_and_used_where_a_compiler_is() -> None:
    """./dev's install built them (so CI tests them, not only the Python writers)."""
    assert [name for name in NATIVE if native(name) is None] == []
    for game_id, options in GAMES:
        assert warroom.load(game_id, **options).encoder.native is not None, game_id


def test_a_writer_not_built_is_none_and_its_python_writer_runs() -> None:
    """An install without a C compiler has no writer module: `native` gives None, no error."""
    assert native("warroom.games.siege.no_such_writer") is None


def test_warroom_python_encoders_turns_them_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(PYTHON_ENCODERS, "1")
    assert [native(name) for name in NATIVE] == [None] * len(NATIVE)
    for game_id, options in GAMES:
        assert warroom.load(game_id, **options).encoder.native is None, game_id


def writer(game_id: str) -> tuple[Any, Any, Any]:
    game, state = mid_game(game_id)
    c = game.encoder.native
    if c is None:
        pytest.skip("the C writers were not built here")
    return game, state, c


@pytest.mark.parametrize("game_id", [g for g, _ in GAMES])
def test_bad_arrays_and_viewers_raise_and_leave_the_array_as_it_was(game_id: str) -> None:
    game, state, c = writer(game_id)
    size = game.observation_size()
    wrong: list[tuple[Any, Any, type[Exception]]] = [
        (np.full(size - 1, 7, np.float32), 0, ValueError),  # too short
        (np.full(size + 1, 7, np.float32), 0, ValueError),  # too long
        (np.full(size, 7, np.float64), 0, ValueError),  # not float32
        (np.full(2 * size, 7, np.float32)[::2], 0, ValueError),  # not contiguous
        (np.full(size, 7, np.float32), game.num_players, ValueError),  # no such seat
        (np.full(size, 7, np.float32), -1, ValueError),
        (np.full(size, 7, np.float32), "0", TypeError),
    ]
    for out, viewer, error in wrong:
        before = out.copy()
        with pytest.raises(error):
            c.write(state, viewer, out)
        assert np.array_equal(out, before)
    frozen = np.full(size, 7, np.float32)
    frozen.flags.writeable = False
    with pytest.raises(ValueError):
        c.write(state, 0, frozen)
    with pytest.raises(TypeError):
        c.write(state, 0, [0.0] * size)


def test_a_damaged_siege_state_raises_instead_of_writing_outside() -> None:
    """A token on no space, an unknown card kind: IndexError, the process unharmed."""
    game, state, c = writer("siege")
    out = np.empty(game.observation_size(), np.float32)
    damaged = state.clone()
    damaged.pos[next(iter(damaged.pos))] = 999
    with pytest.raises(IndexError):
        c.write(damaged, 0, out)
    damaged = state.clone()
    damaged.hands[0].append(10_000)
    with pytest.raises(IndexError):
        c.write(damaged, 0, out)
    c.write(state, 0, out)  # the writer is unharmed
    assert np.array_equal(out, np.asarray(game.observe(state.view(0), 0), np.float32))


def test_a_damaged_wot_rush_state_raises_instead_of_writing_outside() -> None:
    """A card id outside the card set, an active seat outside the table: IndexError."""
    game, state, c = writer("wot_rush")
    out = np.empty(game.observation_size(), np.float32)
    damaged = state.clone()
    damaged.warehouse[1].append(10_000)
    with pytest.raises(IndexError):
        c.write(damaged, 0, out)
    damaged = state.clone()
    damaged.active = 9
    with pytest.raises(IndexError):
        c.write(damaged, None, out)
    c.write(state, 1, out)
    assert np.array_equal(out, np.asarray(game.observe(state.view(1), 1), np.float32))


def test_a_damaged_memoir44_state_raises_instead_of_writing_outside() -> None:
    """A unit on a hex past the board, a card id outside the deck: IndexError."""
    game, state, c = writer("memoir44")
    out = np.empty(game.observation_size(), np.float32)
    damaged = state.clone()
    damaged.unit_hex[0] = 10_000
    with pytest.raises(IndexError):
        c.write(damaged, 0, out)
    damaged = state.clone()
    damaged.discard.append(10_000)
    with pytest.raises(IndexError):
        c.write(damaged, 0, out)
    c.write(state, 1, out)
    assert np.array_equal(out, np.asarray(game.observe(state.view(1), 1), np.float32))


def test_a_damaged_metro2033_state_raises_instead_of_writing_outside() -> None:
    """A station owned by no seat, a hero past the board, a card of another kind in the market:
    IndexError."""
    game, state, c = writer("metro2033")
    out = np.empty(game.observation_size(), np.float32)
    for damage in (
        lambda st: st.owner.__setitem__(0, 9),
        lambda st: st.hero_at.__setitem__(0, 10_000),
        lambda st: st.market.append(st.quests[0][0] if st.quests[0] else 10_000),
    ):
        damaged = state.clone()
        damage(damaged)
        with pytest.raises(IndexError):
            c.write(damaged, 0, out)
    c.write(state, 1, out)
    assert np.array_equal(out, np.asarray(game.observe(state.view(1), 1), np.float32))


@pytest.mark.parametrize("game_id", [g for g, _ in GAMES])
def test_the_c_writer_keeps_nothing_between_calls(game_id: str) -> None:
    """No record: states of two games written in turn, each into the other's last array, equal
    their references (the Python writers' per-thread records are tested in test_change_counters)."""
    game, first, c = writer(game_id)
    _, second = mid_game(game_id, steps=90)
    out = np.empty(game.observation_size(), np.float32)
    for _ in range(3):
        for state in (first, second, first):
            for viewer in [None, *range(game.num_players)]:
                c.write(state, viewer, out)
                reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
                assert np.array_equal(out, reference)
