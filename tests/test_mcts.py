"""The generic ISMCTS agent: legal, deterministic, information-set honest, and it plays to win."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import warroom
from tests.toygame import ToyGame, ToyState
from warroom.agents import GENERIC_AGENTS, LEVELS, MctsAgent, MctsSettings, agent_names, make_agent, mcts
from warroom.core import Rng, State
from warroom.sim import SimConfig, simulate


def toy_position(hands: list[list[int]], played: list[int], coop: bool = False) -> ToyState:
    """A toy position with player 0 to move (turn 0 mod seats)."""
    game = ToyGame(players=len(hands), coop=coop)
    used = [card for hand in hands for card in hand] + played
    deck = list(sorted([1, 2, 3, 4] * 4))
    for card in used:
        deck.remove(card)
    return game.state_from_json(
        {"rng": 5, "deck": deck, "hands": hands, "played": played, "turn": 0, "result": None}
        | {"decision": ["play", 0], "agenda": []}
    )


def test_levels_are_registered_under_generic_names() -> None:
    for name in ("mcts", "mcts-fast", "mcts-strong", "mcts-i16", "mcts-i64"):
        assert name in GENERIC_AGENTS and name in agent_names(ToyGame())
        assert isinstance(make_agent(ToyGame(), name, 3), MctsAgent)
    assert set(LEVELS) <= set(GENERIC_AGENTS)


@pytest.mark.parametrize("coop", [False, True])
def test_takes_the_winning_move_for_itself_and_for_the_team(coop: bool) -> None:
    state = toy_position([[3, 1], [2, 2]], [4, 3], coop=coop)  # total 7: playing 3 hits ten
    agent = MctsAgent(1, MctsSettings(iterations=60, playout="random"))
    assert agent.choose(state).text == "play 3"


def test_avoids_handing_the_opponent_the_win() -> None:
    # total 5: playing 1 (-> 6) lets the opponent's 4 hit ten; playing 2 (-> 7) cannot be hit by 4s
    state = toy_position([[1, 2], [4, 4]], [3, 2])
    agent = MctsAgent(2, MctsSettings(iterations=200, playout="random", policy_prior=0.0))
    assert agent.choose(state).text == "play 2"


def test_same_seed_same_moves_and_the_state_is_left_alone() -> None:
    state = ToyGame(players=3).new_initial_state(4)
    before = state.serialize()
    picks = [MctsAgent(9, MctsSettings(iterations=40)).choose(state) for _ in range(2)]
    assert picks[0] is picks[1]
    assert state.serialize() == before


def test_every_iteration_determinises_for_the_deciding_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int | None] = []
    original = ToyState.resample_hidden

    def spy(self: ToyState, player: int | None, rng: Rng) -> ToyState:
        seen.append(player)
        return original(self, player, rng)

    monkeypatch.setattr(ToyState, "resample_hidden", spy)
    state = ToyGame().new_initial_state(1)
    state.apply_action(state.legal_actions()[0])
    MctsAgent(0, MctsSettings(iterations=12, settle_after=0)).choose(state)
    assert set(seen) == {1} and 1 < len(seen) <= 12  # one per iteration, none past the budget


def test_a_single_option_is_played_without_search() -> None:
    state = toy_position([[2, 2], [1, 1]], [3, 1])
    assert len(state.legal_actions()) == 1
    assert MctsAgent(0).choose(state).text == "play 2"


class FakeClock:
    """`time` for the search module: it moves only when a playout is charged to it."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        return self.now


@pytest.mark.parametrize("search", ["tree", "paired"])
@pytest.mark.parametrize(
    ("cost", "seconds", "started"),
    [
        (0.3, 1.0, 3),  # a 4th would start at 0.9 and end at 1.2: it does not fit, so it is not begun
        (0.25, 1.0, 4),  # the 4th ends exactly at the cap: the search stops there
        (0.3, 0.1, 1),  # the first always runs, even when it alone overruns the cap
    ],
)
def test_the_time_cap_starts_an_iteration_only_if_the_last_ones_time_still_fits(
    search: str, cost: float, seconds: float, started: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cap is kept by what is begun, not only checked after a whole playout (a long one,
    WoT Rush's, would overrun it): an iteration (tree search) or world (paired search) starts
    only if the previous one's time still fits before the deadline. A fake clock charges each
    playout a fixed time, so no wall time is measured."""
    clock, playouts = FakeClock(), []
    monkeypatch.setattr(mcts, "time", clock)
    share = 1 if search == "tree" else 2  # playouts an iteration takes: the toy's 2 options in a world
    original = mcts.playout

    def charged(*args: Any) -> list[float]:
        playouts.append(clock.now)
        values = original(*args)
        clock.now += cost / share
        return values

    monkeypatch.setattr(mcts, "playout", charged)
    state = toy_position([[3, 1], [2, 2]], [4, 3])
    settings = MctsSettings(iterations=1000, seconds=seconds, settle_after=0, search=search, playout="random")
    assert MctsAgent(0, settings).choose(state) in state.legal_actions()
    assert (len(playouts) + share - 1) // share == started


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="iterations"):
        MctsSettings(iterations=0)
    with pytest.raises(ValueError, match="playout"):
        MctsSettings(playout="greedy")
    with pytest.raises(ValueError, match="confirm"):
        MctsSettings(confirm=1)  # one world gives no standard error
    with pytest.raises(ValueError, match="confirm_depth"):
        MctsSettings(confirm=4, confirm_depth=0)


def test_beats_the_random_agent_at_the_toy_game() -> None:
    game = ToyGame()
    GENERIC_AGENTS["mcts-test"] = lambda seed: MctsAgent(seed, MctsSettings(iterations=30, playout="random"))
    try:
        first = simulate(SimConfig.create(game, ["mcts-test", "random"], 3, 60)).report()
        second = simulate(SimConfig.create(game, ["random", "mcts-test"], 3, 60)).report()
    finally:
        del GENERIC_AGENTS["mcts-test"]
    wins = first["seat_win_rate"][0] * 60 + second["seat_win_rate"][1] * 60
    assert wins / 120 > 0.6


def _first_decisions(state: State, count: int) -> list[State]:
    """Up to `count` positions with a real choice, reached by playing the first legal action."""
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply_action(state.legal_actions()[0])
    return found


@pytest.mark.parametrize("game_id", warroom.games())
def test_plays_legal_moves_in_every_registered_game(game_id: str) -> None:
    game = warroom.load(game_id)
    agent = MctsAgent(5, MctsSettings(iterations=4, max_playout=40))
    for state in _first_decisions(game.new_initial_state(2), 3):
        before = state.serialize()
        assert agent.choose(state) in state.legal_actions()
        assert state.serialize() == before


def test_the_evaluation_hook_is_optional_and_siege_scores_every_seat() -> None:
    toy = ToyGame()
    assert toy.evaluate(toy.new_initial_state(0)) is None
    for options in ({"players": 4}, {"players": 3, "mode": "field_marshal"}):
        game = warroom.load("siege", **options)
        state = game.new_initial_state(4)
        values = game.evaluate(state)
        assert values is not None and len(values) == game.num_players
        assert all(game.info.min_return <= v <= game.info.max_return for v in values)


def test_paired_search_is_reproducible_legal_and_leaves_the_state_alone() -> None:
    game = warroom.load("siege", players=2)
    settings = MctsSettings(iterations=12, depth=6)
    for state in _first_decisions(game.new_initial_state(3), 3):
        before = state.serialize()
        picks = {MctsAgent(7, settings).choose(state) for _ in range(2)}
        assert len(picks) == 1 and picks <= set(state.legal_actions())
        assert state.serialize() == before


def test_paired_search_keeps_the_policy_choice_without_evidence() -> None:
    game = warroom.load("siege", players=2)
    state = _first_decisions(game.new_initial_state(5), 1)[0]
    strict = MctsAgent(1, MctsSettings(iterations=8, depth=4, margin=1e9))
    assert strict.choose(state) is strict.policy(state)


@pytest.mark.parametrize(
    ("gain", "error", "kept"),
    [
        (0.10, 0.02, False),  # clear and large enough: the rival is played
        (0.04, 0.001, True),  # sure, but below min_gain
        (0.10, 0.20, True),  # large, but within confirm_margin standard errors
        (-0.10, 0.02, True),
    ],
)
def test_the_confirmation_stage_replaces_the_pick_only_on_a_clear_and_large_enough_gain(
    gain: float, error: float, kept: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = toy_position([[3, 1], [2, 2]], [4, 3])
    pick, rival = state.legal_actions()
    monkeypatch.setattr(MctsAgent, "paired_gain", lambda *_: (gain, error))
    agent = MctsAgent(0, MctsSettings(search="paired", confirm=4, min_gain=0.05, confirm_margin=1.0))
    assert agent.confirmed(state, pick, rival) is (pick if kept else rival)
    assert agent.confirmed(state, pick, pick) is pick
    unconfirmed = MctsAgent(0, MctsSettings(search="paired"))  # confirm 0: no stage
    assert unconfirmed.confirmed(state, pick, rival) is rival


def test_a_confirmation_plays_on_its_own_stream_and_is_an_honest_paired_gain() -> None:
    """The confirming worlds come from the checker's random stream (the search's worlds are the
    same with or without the stage); a rival against itself gains exactly nothing, and the gain
    of one option over another is the negation of the reverse on the same worlds."""
    state = toy_position([[3, 1], [2, 2]], [4, 3])
    first, second = state.legal_actions()
    settings = MctsSettings(iterations=8, search="paired", playout="random", margin=0.0)
    plain, checked = MctsAgent(3, settings), MctsAgent(3, replace(settings, confirm=6, min_gain=0.5))
    plain.choose(state), checked.choose(state)
    assert plain.rng.next_u64() == checked.rng.next_u64()
    assert MctsAgent(1).paired_gain(state, first, first, 4) == (0.0, 0.0)
    gain, error = MctsAgent(1).paired_gain(state, first, second, 8)
    back, same = MctsAgent(1).paired_gain(state, second, first, 8)
    assert back == pytest.approx(-gain) and same == pytest.approx(error)
