"""Batch simulation: seeding, parallel runs equal serial ones, statistics."""

from __future__ import annotations

import pytest

from tests.toygame import ToyGame
from warroom.core import OptionError, Rng
from warroom.sim import (
    GameResult,
    SimConfig,
    Tally,
    agent_seeds,
    best_agent,
    game_seed,
    is_win,
    iter_results,
    play_game,
    seat_agents,
    simulate,
    wilson_interval,
)
from warroom.sim.runner import chunk_size

# -- seeds -----------------------------------------------------------------------------


def test_game_seeds_are_the_splitmix_stream_of_the_batch_seed() -> None:
    rng = Rng(2024)
    assert [game_seed(2024, i) for i in range(50)] == [rng.next_u64() for _ in range(50)]


def test_game_and_agent_seeds_are_distinct() -> None:
    seeds = [game_seed(7, i) for i in range(2000)]
    assert len(set(seeds)) == len(seeds)
    assert not set(agent_seeds(seeds[0], 6)) & set(seeds)
    assert agent_seeds(seeds[0], 3) == agent_seeds(seeds[0], 6)[:3]


# -- agents per seat -------------------------------------------------------------------


def test_best_agent_prefers_the_games_heuristic() -> None:
    assert best_agent(ToyGame()) == "heuristic"


def test_one_agent_name_fills_every_seat() -> None:
    assert seat_agents(ToyGame(players=3), ["random"]) == ("random",) * 3
    assert seat_agents(ToyGame(), ["random", "heuristic"]) == ("random", "heuristic")


@pytest.mark.parametrize(
    ("names", "message"),
    [(["random"] * 3, "3 agents for 2 seats"), (["robot"], "unknown agent 'robot'.*random, mcts.*heuristic")],
)
def test_bad_agent_lists_are_rejected(names: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        seat_agents(ToyGame(), names)


def test_negative_game_counts_are_rejected() -> None:
    with pytest.raises(OptionError, match="0 or more"):
        SimConfig.create(ToyGame(), ["random"], 0, -1)


# -- running ---------------------------------------------------------------------------


def test_play_game_is_deterministic_per_seed() -> None:
    game = ToyGame(players=3)
    first = play_game(game, ["random"] * 3, 99)
    assert first == play_game(game, ["random"] * 3, 99)
    assert first.decisions == first.summary["turns"] > 0
    assert sorted(first.returns) in ([-1.0, -1.0, 1.0], [-1.0, 1.0, 1.0])


def test_results_come_in_index_order_with_their_seeds() -> None:
    config = SimConfig.create(ToyGame(), ["random", "heuristic"], 5, 30)
    results = list(iter_results(config))
    assert [r.index for r in results] == list(range(30))
    assert [r.seed for r in results] == [game_seed(5, i) for i in range(30)]


@pytest.mark.parametrize("jobs", [2, 3])
def test_worker_processes_give_the_same_results_as_one_process(jobs: int) -> None:
    config = SimConfig.create(ToyGame(players=3, coop=True), ["random"], 12, 157)
    assert list(iter_results(config, jobs)) == list(iter_results(config, 1))


def test_chunks_stay_small_enough_to_stream() -> None:
    assert chunk_size(10, 4) == 1
    assert chunk_size(10**7, 2) == 250


def test_simulate_folds_every_game_and_reports_progress() -> None:
    config = SimConfig.create(ToyGame(), ["heuristic"], 1, 40)
    seen: list[int] = []
    tally = simulate(config, on_game=lambda result: seen.append(result.index))
    assert seen == list(range(40))
    expected = Tally()
    for i in range(40):
        expected.add(play_game(ToyGame(), ["heuristic"] * 2, game_seed(1, i), i))
    assert tally.report() == expected.report()


def test_zero_games_give_an_empty_report() -> None:
    report = simulate(SimConfig.create(ToyGame(), ["random"], 0, 0)).report()
    assert (report["games"], report["wins"], report["win_rate_ci95"], report["summary"]) == (
        0,
        0,
        [0.0, 1.0],
        {},
    )


# -- statistics ------------------------------------------------------------------------


def test_wilson_interval_matches_known_values() -> None:
    low, high = wilson_interval(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert wilson_interval(10, 10)[1] == 1.0
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_a_win_is_the_games_verdict_else_seat_zero_ahead() -> None:
    assert is_win({"won": True}, [-1.0, -1.0])
    assert not is_win({"won": False}, [1.0, 1.0])
    assert is_win({}, [1.0, -1.0])
    assert not is_win({}, [0.0, 0.0])


def result(index: int, summary: dict[str, object], returns: tuple[float, ...] = (1.0, -1.0)) -> GameResult:
    return GameResult(index, index, 4, returns, summary)


def test_tally_averages_numbers_merges_dicts_and_counts_strings() -> None:
    tally = Tally()
    tally.add(result(0, {"won": True, "turns": 10, "trophies": {"orc": 2, "troll": 1}, "end": "breach"}))
    tally.add(result(1, {"won": False, "turns": 20, "trophies": {"orc": 1}, "end": "held", "note": [1]}))
    tally.add(result(2, {"won": True, "turns": 15, "trophies": {"goblin": 4}, "end": "held"}, (-1.0, 1.0)))
    report = tally.report()
    assert report["wins"] == 2 and report["win_rate"] == pytest.approx(2 / 3)
    assert report["mean_turns"] == 15.0 and report["mean_decisions"] == 4.0
    assert report["mean_returns"] == pytest.approx([1 / 3, -1 / 3])
    assert report["summary"] == {
        "turns": 15.0,
        "won": pytest.approx(2 / 3),
        "end": {"breach": 1, "held": 2},
        "trophies": {"goblin": 4, "orc": 3, "troll": 1},
    }


def test_mean_turns_fall_back_to_decisions() -> None:
    tally = Tally()
    tally.add(result(0, {}))
    assert tally.report()["mean_turns"] == 4.0


def test_seat_winners_top_return_or_shared_positive_result() -> None:
    from warroom.sim.stats import seat_winners

    assert seat_winners([1.0, -1.0, 0.5]) == [True, False, False]
    assert seat_winners([2.0, 2.0, 0.0]) == [True, True, False]
    assert seat_winners([1.0, 1.0]) == [True, True]  # a cooperative win
    assert seat_winners([-1.0, -1.0]) == [False, False]  # a cooperative loss
    assert seat_winners([]) == []


def test_yes_no_figures_and_seats_get_wilson_intervals() -> None:
    """A two-sided game's report gives each side's win rate with its 95% interval."""
    from warroom.sim.stats import GameResult, Tally

    tally = Tally()
    for i, allies in enumerate([True, True, False, True]):
        summary = {"allies_won": allies, "axis_won": not allies, "turns": 10}
        tally.add(GameResult(i, i, 5, (1.0, -1.0) if allies else (-1.0, 1.0), summary))
    report = tally.report()
    assert report["summary_ci95"]["allies_won"] == list(wilson_interval(3, 4))
    assert report["summary_ci95"]["axis_won"] == list(wilson_interval(1, 4))
    assert "turns" not in report["summary_ci95"]
    assert report["seat_win_rate_ci95"][1] == list(wilson_interval(1, 4))
