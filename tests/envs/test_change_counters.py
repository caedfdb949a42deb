"""The change counters the rules keep for the observation (issue 18): World of Tanks: Rush's
`WotState.changes` (warroom/games/wot_rush/changes.py) and Siege's `SiegeState.changes`
(warroom/games/siege/changes.py). Their encoders rewrite only the regions whose counters moved
since they last wrote the same state object, so a rule that changed a region without moving its
counter would leave a stale observation. These tests look for one at every step of
seeded random games, observed the ways the environments and searches do (the mover at every step,
every seat and the spectator, only now and then, a clone, a re-dealt state, a loaded save),
against the view's reference encoding `observe(view(seat))`, written by different code from the
view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import warroom
from warroom.core.game import Game, State
from warroom.core.rng import Rng

SIEGE_RULES = {  # every optional rule at once, each played by some seeded game below
    "simple_battles": True,
    "one_for_all": True,
    "my_home_is_my_fortress": True,
    "running_out_of_supplies": True,
    "caught_off_guard": True,
    "all_for_one": True,
}
COUNTED = [
    *(pytest.param("wot_rush", {"players": n}, id=f"wot_rush-{n}p") for n in range(2, 6)),
    *(pytest.param("siege", {"players": n}, id=f"siege-{n}p") for n in range(1, 7)),
    pytest.param("siege", {"players": 3, "mode": "field_marshal"}, id="siege-3p-field_marshal"),
    pytest.param("siege", {"players": 5, "mode": "field_marshal"}, id="siege-5p-field_marshal"),
    pytest.param("siege", {"players": 2, "mode": "shoulder_to_shoulder"}, id="siege-2p-shoulder"),
    pytest.param("siege", {"players": 4, **SIEGE_RULES}, id="siege-4p-optional-rules"),
    pytest.param(
        "siege", {"players": 6, "mode": "shoulder_to_shoulder", **SIEGE_RULES}, id="siege-6p-s2s-rules"
    ),
]


def exact(game: Game[Any], state: State, viewer: int | None) -> None:
    """`observe_into` (incremental) equals the reference encoding of `viewer`'s view."""
    out = np.full(game.observation_size(), np.nan, np.float32)
    game.observe_into(state, viewer, out)
    reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
    assert np.array_equal(out, reference), np.flatnonzero(out != reference)[:10]


def play(game: Game[Any], seed: int, every: int, check: Any) -> int:
    """A seeded random game, `check(state, step)` before every `every`-th decision and at the end."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state(seed)
    steps = 0
    while not state.is_terminal():
        if steps % every == 0:
            check(state, steps)
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        steps += 1
    check(state, steps)
    return steps


@pytest.mark.parametrize(("game_id", "options"), COUNTED)
def test_the_mover_at_every_step_of_many_games(game_id: str, options: dict[str, Any]) -> None:
    """As the environments observe: the seat to move at each decision (all seats at the end)."""
    game = warroom.load(game_id, **options)

    def check(state: State, _step: int) -> None:
        if state.is_terminal():
            for viewer in [None, *range(game.num_players)]:
                exact(game, state, viewer)
        else:
            exact(game, state, state.current_player())

    assert sum(play(game, seed, 1, check) for seed in range(12)) > 300  # decisions checked


@pytest.mark.parametrize(("game_id", "options"), COUNTED)
@pytest.mark.parametrize("every", [1, 3, 7])
def test_every_viewer_now_and_then(game_id: str, options: dict[str, Any], every: int) -> None:
    """Every seat and the spectator, at every step or only every 3rd or 7th (the counters of
    several decisions add up between two observations)."""
    game = warroom.load(game_id, **options)

    def check(state: State, _step: int) -> None:
        for viewer in [None, *range(game.num_players)]:
            exact(game, state, viewer)

    play(game, 20 + every, every, check)


@pytest.mark.parametrize(("game_id", "options"), COUNTED)
def test_clones_redeals_and_loads_between_the_steps(game_id: str, options: dict[str, Any]) -> None:
    """A clone played on a step, a re-dealt state and a loaded save observed between two of the
    game's own observations: each is another state object (written whole), and the game's state
    observed again afterwards is still exact, whichever object the encoder wrote last."""
    game = warroom.load(game_id, **options)
    redraw = Rng(7)
    rng = np.random.default_rng(1)

    def check(state: State, step: int) -> None:
        mover = state.current_player() if not state.is_terminal() else None
        exact(game, state, mover)
        if step % 4 == 0 and not state.is_terminal():
            clone = state.clone()
            exact(game, clone, mover)
            legal = clone.legal_actions()
            clone.apply_action(legal[int(rng.integers(len(legal)))])
            exact(game, clone, None)
            exact(game, state, mover)
            exact(game, clone, clone.current_player() if not clone.is_terminal() else None)
        if step % 5 == 0:
            exact(game, state.resample_hidden(mover, redraw), mover)
            exact(game, state, mover)
        if step % 9 == 0:
            exact(game, game.deserialize(state.serialize()), None)
            exact(game, state, None)

    for seed in range(3):
        play(game, 40 + seed, 1, check)


def test_a_change_made_without_its_counter_is_not_seen() -> None:
    """The contract the rules keep (World of Tanks: Rush): a region changed behind the counters'
    back is not rewritten on the same state object; moving its counter makes it exact again."""
    from warroom.games.wot_rush.changes import PILES

    game = warroom.load("wot_rush", players=2)
    state: Any = game.new_initial_state(4)
    exact(game, state, 0)
    state.graveyard.append(state.reserve.pop())  # a test's move, not a rule's
    out = np.empty(game.observation_size(), np.float32)
    game.observe_into(state, 0, out)
    assert not np.array_equal(out, np.asarray(game.observe(state.view(0), 0), np.float32))
    state.changes[PILES] += 1
    exact(game, state, 0)


def test_siege_change_made_without_its_counter_is_not_seen() -> None:
    """The same for Siege: a card moved from a hand to the discard by a test, not a rule."""
    from warroom.games.siege.changes import DISCARD, HAND

    game = warroom.load("siege", players=4)
    state: Any = game.new_initial_state(4)
    exact(game, state, 0)
    state.discard.append(state.hands[1].pop())
    out = np.empty(game.observation_size(), np.float32)
    game.observe_into(state, 0, out)
    assert not np.array_equal(out, np.asarray(game.observe(state.view(0), 0), np.float32))
    state.changes[HAND + 1] += 1
    state.changes[DISCARD] += 1
    exact(game, state, 0)
