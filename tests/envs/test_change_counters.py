"""The change counters the rules keep for the observation (issue 18): World of Tanks: Rush's
`WotState.changes` (warroom/games/wot_rush/changes.py), Siege's `SiegeState.changes`
(warroom/games/siege/changes.py) and Metro 2033's `MetroState.changes`
(warroom/games/metro2033/changes.py). Their encoders rewrite only the regions whose counters moved
since they last wrote the same state object, so a rule that changed a region without moving its
counter would leave a stale observation. These tests look for one at every step of
seeded random games, observed the ways the environments and searches do (the mover at every step,
every seat and the spectator, only now and then, a clone, a re-dealt state, a loaded save),
against the view's reference encoding `observe(view(seat))`, written by different code from the
view. `tests/envs/mutate_counters.py` removes the counter lines one at a time and runs these
tests on each and reports the lines whose removal no test noticed (docs/environments.md has
Metro 2033's result). The counters are the Python writers': Siege's and World of Tanks: Rush's C
writers (encoding_c.pyx) write every observation whole, so every game here writes in Python
(`WARROOM_PYTHON_ENCODERS=1`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import warroom
from warroom.core.game import Game, State
from warroom.core.rng import Rng
from warroom.envs.observe import PYTHON_ENCODERS


@pytest.fixture(autouse=True)
def python_writers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every encoder made in a test here writes in Python (see the module docstring)."""
    monkeypatch.setenv(PYTHON_ENCODERS, "1")


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
    *(pytest.param("metro2033", {"players": n}, id=f"metro2033-{n}p") for n in range(2, 7)),
]
# seeded games a test plays (the clones' test a quarter): a random Metro 2033 game runs to the round
# guard, 1,000-3,800 decisions, where the others end within a few hundred
SEEDS = {"metro2033": 4}


PATHS = ["observe_into", "observe_array"]  # the contract's writer; the environments' new-array path
COUNTED_PATHS = [
    pytest.param(*config.values, path, id=f"{path}-{config.id}") for path in PATHS for config in COUNTED
]


def exact(game: Game[Any], state: State, viewer: int | None, path: str = "observe_into") -> None:
    """`observe_into` (incremental), or `observe_array` (the same record copied into a new
    array, what the environments call: `spaces.fresh_observation`), equals the reference
    encoding of `viewer`'s view."""
    if path == "observe_into":
        out = np.full(game.observation_size(), np.nan, np.float32)
        game.observe_into(state, viewer, out)
    else:
        out = getattr(game, path)(state, viewer)
    reference = np.asarray(game.observe(state.view(viewer), viewer), np.float32)
    assert out.dtype == np.float32 and out.shape == reference.shape
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


@pytest.mark.parametrize(("game_id", "options", "path"), COUNTED_PATHS)
def test_the_mover_at_every_step_of_many_games(game_id: str, options: dict[str, Any], path: str) -> None:
    """As the environments observe: the seat to move at each decision (all seats at the end)."""
    game = warroom.load(game_id, **options)

    def check(state: State, _step: int) -> None:
        if state.is_terminal():
            for viewer in [None, *range(game.num_players)]:
                exact(game, state, viewer, path)
        else:
            exact(game, state, state.current_player(), path)

    assert sum(play(game, seed, 1, check) for seed in range(SEEDS.get(game_id, 12))) > 300  # decisions


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


@pytest.mark.parametrize(("game_id", "options", "path"), COUNTED_PATHS)
def test_clones_redeals_and_loads_between_the_steps(game_id: str, options: dict[str, Any], path: str) -> None:
    """A clone played on a step, a re-dealt state and a loaded save observed between two of the
    game's own observations: each is another state object (written whole), and the game's state
    observed again afterwards is still exact, whichever object the encoder wrote last."""
    game = warroom.load(game_id, **options)
    redraw = Rng(7)
    rng = np.random.default_rng(1)

    def check(state: State, step: int) -> None:
        mover = state.current_player() if not state.is_terminal() else None
        exact(game, state, mover, path)
        if step % 4 == 0 and not state.is_terminal():
            clone = state.clone()
            exact(game, clone, mover, path)
            legal = clone.legal_actions()
            clone.apply_action(legal[int(rng.integers(len(legal)))])
            exact(game, clone, None, path)
            exact(game, state, mover, path)
            exact(game, clone, clone.current_player() if not clone.is_terminal() else None, path)
        if step % 5 == 0:
            exact(game, state.resample_hidden(mover, redraw), mover, path)
            exact(game, state, mover, path)
        if step % 9 == 0:
            exact(game, game.deserialize(state.serialize()), None, path)
            exact(game, state, None, path)

    for seed in range(SEEDS.get(game_id, 12) // 4):
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


# -- the writers the two encoders share (warroom/envs/observe.py) and the environments' path --
def _counted(block: Any, items: list[int], slot: Any) -> np.ndarray[Any, Any]:
    """`items` counted anew by `count_into` over a zero record."""
    from warroom.envs.observe import Seen, count_into

    record = Seen(block.at + block.width)
    count_into(record.mv, block, items, slot)
    return record.arr


@pytest.mark.parametrize("worth", [None, 1.0, 1 / 2, 1 / 4, 1 / 3, 1 / 13, 1 / 9])
def test_count_into_equals_the_views_float64_sums(worth: float | None) -> None:
    """`count_into` writes what the view's encodings compute (`observe.counts`: the worth added
    once per item in float64, then stored as float32), for every worth the games count in: a
    power of two summed in place (`EXACT`), the others as count x worth, a flag as 1.0; and it
    clears what the block held before. Up to 40 items of a kind, over random lists."""
    from warroom.envs.observe import EXACT, Counts, Seen, count_into

    assert (worth in EXACT) == (worth in (1.0, 1 / 2, 1 / 4))
    slot = [i % 5 for i in range(200)]  # 200 items of 5 kinds
    block = Counts(4, 5, worth)
    record = Seen(block.at + block.width + 3)
    rng = np.random.default_rng(7)
    for _ in range(300):
        record.mv[4:9] = memoryview(np.full(5, 9.5, np.float32)).cast("B").cast("f")
        items = [int(x) for x in rng.integers(0, 200, size=int(rng.integers(0, 41)))]
        count_into(record.mv, block, items, slot)
        sums = [0.0] * 5
        for item in items:
            sums[slot[item]] = 1.0 if worth is None else sums[slot[item]] + worth
        expected = np.zeros(block.at + block.width + 3, np.float32)
        expected[4:9] = sums
        assert np.array_equal(record.arr, expected), items


@pytest.mark.parametrize("worth", [1 / 4, 1 / 3, 1.0])
def test_hand_into_equals_a_recount_after_any_change(worth: float) -> None:
    """A hand written incrementally (`hand_into`) equals its recount after each of many random
    edits: one item taken from anywhere (kinds repeat, as Siege's hands hold kinds), items drawn
    at the end, and changes it must recount (one taken and one drawn, a reordering, several
    taken, emptied); the copy it returns is the hand's, not the hand itself."""
    from warroom.envs.observe import Counts, Seen, hand_into

    slot = [i % 7 for i in range(40)]  # 40 items of 7 kinds (World of Tanks: Rush: card id -> kind)
    block = Counts(3, 7, worth)
    record = Seen(block.at + block.width)
    rng = np.random.default_rng(5)
    hand: list[int] = []
    before = hand_into(record.mv, block, hand, None, slot)
    kinds = {"take": 0, "draw": 0, "other": 0}
    for _ in range(600):
        hand = hand[:]
        move = rng.integers(6)
        if move <= 1 and hand:
            hand.pop(int(rng.integers(len(hand))))
            kinds["take"] += 1
        elif move <= 3 or not hand:
            hand += [int(x) for x in rng.integers(0, 40, size=int(rng.integers(1, 3)))]
            kinds["draw"] += 1
        elif move == 4:
            hand[int(rng.integers(len(hand)))] = int(rng.integers(40))
            hand.append(int(rng.integers(40)))
            kinds["other"] += 1
        else:
            hand = hand[::-1][: int(rng.integers(len(hand) + 1))]
            kinds["other"] += 1
        was = before
        before = hand_into(record.mv, block, hand, was, slot)
        assert before == hand and before is not hand
        assert np.array_equal(record.arr, _counted(block, hand, slot)), (was, hand)
    assert min(kinds.values()) > 50


def test_one_hot_templates_set_exactly_their_ones() -> None:
    """A template is zeros with a 1 at each listed position (-1: none), the same object for the
    same positions, and the store is cleared once it holds `kept` of them."""
    from warroom.envs.observe import OneHots

    ones = OneHots(10, 8, kept=3)
    block = ones.template((11, -1, 17))
    assert list(block) == [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    assert ones.template((11, -1, 17)) is block
    assert list(ones.template((10, 12, -1))) == [1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    ones.template((13,))
    ones.template((14,))  # a fourth: the store was full, so it starts again
    assert ones.template((11, -1, 17)) is not block


def test_the_environments_take_the_new_array_path_only_where_it_is_the_writer() -> None:
    """`spaces.fresh_observation`: Siege's and World of Tanks: Rush's `observe_array`, but not
    for a game whose `observe_into` is replaced on the instance (the benchmark's view loop) or
    overridden by a subclass, whose observations must come from that `observe_into`."""
    from warroom.core.game import Game as Contract
    from warroom.envs.spaces import GameSpaces, fresh_observation
    from warroom.games.siege.game import SiegeGame

    game = warroom.load("siege", players=4)
    assert fresh_observation(game) == game.observe_array  # type: ignore[attr-defined]
    assert fresh_observation(warroom.load("wot_rush", players=2)) is not None
    assert fresh_observation(warroom.load("metro2033")) is not None
    assert fresh_observation(warroom.load("memoir44")) is None  # has none
    patched = SiegeGame(players=4)
    patched.observe_into = lambda state, player, out: Contract.observe_into(patched, state, player, out)  # type: ignore[method-assign]
    assert fresh_observation(patched) is None

    class Zeros(SiegeGame):
        def observe_into(self, state: Any, player: int | None, out: Any) -> None:
            out[:] = 0.0

    zeros = Zeros(players=4)
    assert fresh_observation(zeros) is None
    spaces = GameSpaces(zeros)
    assert not spaces.observe(zeros.new_initial_state(1), 0)["observation"].any()


@pytest.mark.parametrize("game_id", ["siege", "wot_rush", "metro2033"])
def test_observe_array_gives_a_new_array_each_call(game_id: str) -> None:
    """The learner keeps each observation: the next call neither returns nor writes the last."""
    game: Any = warroom.load(game_id)
    state = game.new_initial_state(3)
    first = game.observe_array(state, 0)
    kept = first.copy()
    legal = state.legal_actions()
    state.apply_action(legal[0])
    second = game.observe_array(state, state.current_player())
    assert second is not first and not np.shares_memory(first, second)
    assert np.array_equal(first, kept)


@pytest.mark.parametrize("game_id", ["siege", "wot_rush"])
def test_threads_keep_their_own_records(game_id: str) -> None:
    """Two threads playing their own games of one configured game, observing at every step,
    each stay exact: the per-thread record (`observe.PerThread`) is never shared. The threads
    are switched every microsecond, so a shared record would be written by one thread in the
    middle of the other's update (a record shared this way fails here)."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    game = warroom.load(game_id)

    def check(state: State, _step: int) -> None:
        exact(game, state, state.current_player() if not state.is_terminal() else None, "observe_array")

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(2) as pool:
            steps = list(pool.map(lambda seed: play(game, seed, 1, check), range(60, 66)))
    finally:
        sys.setswitchinterval(interval)
    assert min(steps) > 10


def test_ids_into_equals_a_recount_after_any_change() -> None:
    """A list of distinct items written incrementally (`ids_into`: World of Tanks: Rush's piles,
    hands and warehouses of card ids) equals its recount after each of many random edits: items
    drawn at the end, one taken from anywhere, one taken and one dealt, a reordering (no
    change to count), and changes too large to adjust (counted anew)."""
    from warroom.envs.observe import Counts, Seen, ids_into

    slot = [i % 9 for i in range(60)]  # 60 cards of 9 kinds
    block = Counts(2, 9, 1 / 4)
    record = Seen(block.at + block.width)
    rng = np.random.default_rng(6)
    items: list[int] = []
    before = ids_into(record.mv, block, items, None, slot)
    done = {"draw": 0, "take": 0, "swap": 0, "shuffle": 0, "large": 0}
    for _ in range(800):
        spare = [i for i in range(60) if i not in items]
        items = items[:]
        move = int(rng.integers(5))
        if (move == 0 or not items) and spare:
            items += [
                int(x)
                for x in rng.choice(spare, size=min(len(spare), int(rng.integers(1, 3))), replace=False)
            ]
            done["draw"] += 1
        elif move == 1:
            items.pop(int(rng.integers(len(items))))
            done["take"] += 1
        elif move == 2 and spare:
            items.pop(int(rng.integers(len(items))))
            items.insert(int(rng.integers(len(items) + 1)), int(rng.choice(spare)))
            done["swap"] += 1
        elif move == 3:
            items = [int(x) for x in rng.permutation(items)]
            done["shuffle"] += 1
        else:
            keep = items[: len(items) // 3]
            items = keep + [int(x) for x in rng.choice(spare, size=min(len(spare), 5), replace=False)]
            done["large"] += 1
        before = ids_into(record.mv, block, items, before, slot)
        assert before == items and before is not items
        assert np.array_equal(record.arr, _counted(block, items, slot)), items
    assert min(done.values()) > 50


def test_metro2033_change_made_without_its_counter_is_not_seen() -> None:
    """The same for Metro 2033: a seat's resource and a station's owner changed by a test, not
    a rule (the encoder compares nothing for a state it last wrote, so it keeps the old numbers
    until the counters move)."""
    from warroom.games.metro2033.changes import SEAT, STATIONS

    game = warroom.load("metro2033", players=4)
    state: Any = game.new_initial_state(4)
    exact(game, state, 0)
    state.res[1][0] += 1
    state.reserve[0] -= 1
    out = np.empty(game.observation_size(), np.float32)
    game.observe_into(state, 0, out)
    assert not np.array_equal(out, np.asarray(game.observe(state.view(0), 0), np.float32))
    state.changes[SEAT + 1] += 1
    exact(game, state, 0)
    station = state.owner.index(-1)
    state.owner[station] = 2
    state.index_stations()  # `held`, and every counter: exact again
    exact(game, state, 0)
    state.owner[station] = -1
    state.held[2] &= ~(1 << station)
    game.observe_into(state, 0, out)
    assert not np.array_equal(out, np.asarray(game.observe(state.view(0), 0), np.float32))
    state.changes[STATIONS] += 1
    state.changes[SEAT + 2] += 1
    exact(game, state, 0)
