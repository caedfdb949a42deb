"""Dust Warfare speed on one core (First Battle): random playouts in decisions/s and games/s, and
the time to list a move's candidates; optionally the heuristic agent against the random one with
sides swapped. Target (issue 13): a whole random game in under 1 s of CPU.

Random playouts draw each decision with `sample_legal` (what search and simulation use: a
placement is a random legal candidate, drawn without listing, DW-GEO-17). Listing times the first
stage of a Move's finite candidate set (`legal_actions()` at a `where` decision: the 6" regions
holding a legal candidate), on positions collected from seeded random games, each timed on a
fresh clone so no cache helps. Figures are CPU time (`time.process_time()`), the best of several
rounds, so a shared, loaded machine disturbs them as little as possible.

    python benchmarks/bench_dust_warfare.py [--games-per-round 5] [--rounds 3] [--listings 40]
                                            [--games 0]
"""

from __future__ import annotations

import argparse
import statistics
import time

from warroom.agents.base import RandomAgent
from warroom.core.rng import Rng
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.game import DustWarfareGame
from warroom.games.dust_warfare.state import DustState


def random_playouts(games: int) -> tuple[float, int]:
    """Seeded random games 0..games-1 to the end by `sample_legal`: (CPU seconds, decisions)."""
    game = DustWarfareGame()
    decisions, start = 0, time.process_time()
    for seed in range(games):
        state, rng = game.new_initial_state(seed), Rng(seed + 1)
        while not state.is_terminal():
            state.apply_action(state.sample_legal(rng))
            decisions += 1
    return time.process_time() - start, decisions


def move_positions(count: int) -> list[DustState]:
    """Positions at the first stage of a Move's placement, from seeded random games."""
    game = DustWarfareGame()
    found: list[DustState] = []
    seed = 0
    while len(found) < count and seed < 10 * count:
        state, rng = game.new_initial_state(seed), Rng(seed + 1)
        while not state.is_terminal() and len(found) < count:
            if _first_move_stage(state):
                found.append(state.clone())
            state.apply_action(state.sample_legal(rng))
        seed += 1
    return found


def _first_move_stage(state: DustState) -> bool:
    placing = state.placing
    return (
        state.decision is not None
        and state.decision[0] == "where"
        and placing is not None
        and placing["purpose"] == "move"
        and placing["region"] < 0
        and placing["point"] is None
    )


def listing_times(positions: list[DustState]) -> list[float]:
    """CPU seconds to list each position's options, on a fresh clone."""
    out = []
    for position in positions:
        fresh = position.game.deserialize(position.serialize())
        start = time.process_time()
        fresh.legal_actions()
        out.append(time.process_time() - start)
    return out


def heuristic_vs_random(games: int) -> tuple[int, int, int]:
    """Seeded games, the heuristic seated as the Allies in even games and the Axis in odd ones:
    (wins, draws, games)."""
    game = DustWarfareGame()
    wins = draws = 0
    for seed in range(games):
        seat = seed % 2
        agents = {seat: HeuristicAgent(seed), 1 - seat: RandomAgent(seed + 1000)}
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        result = state.returns()[seat]
        wins += result > 0
        draws += result == 0
    return wins, draws, games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-round", type=int, default=5, help="seeded random games per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best CPU-time rate counts")
    parser.add_argument("--listings", type=int, default=40, help="Move positions whose options are listed")
    parser.add_argument("--games", type=int, default=0, help="heuristic-vs-random games (0: skip)")
    args = parser.parse_args()
    rates = []
    decisions = 0
    seconds = 0.0
    for _ in range(args.rounds):
        seconds, decisions = random_playouts(args.games_per_round)
        rates.append((decisions / seconds, args.games_per_round / seconds, seconds))
    best = max(rates)
    print(
        f"dust_warfare first_battle: {best[0]:,.0f} random decisions per CPU second, "
        f"{best[1]:.3f} games/s ({best[2] / args.games_per_round:.2f} s of CPU per game, "
        f"{decisions / args.games_per_round:.0f} decisions per game), best of {args.rounds} rounds of "
        f"{args.games_per_round} games"
    )
    times = listing_times(move_positions(args.listings))
    if times:
        ms = sorted(1000 * t for t in times)
        print(
            f"listing a Move's candidates (first stage, regions): median {statistics.median(ms):.1f} ms, "
            f"p90 {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms over {len(ms)} positions"
        )
    if args.games:
        wins, draws, n = heuristic_vs_random(args.games)
        print(
            f"heuristic beat random in {wins}/{n} games ({100 * wins / n:.1f}%), {draws} draws, "
            "sides swapped game by game"
        )


if __name__ == "__main__":
    main()
