"""Paired strength test: a candidate agent and a baseline agent play the same seeded games.

    python benchmarks/bench_strength.py siege --players 4 --candidate mcts-i16 --baseline heuristic \
        --games 60 --seed 11 --jobs 1

Game i of both batches starts from the same seed (the same deal and the same dice until play
differs), so the comparison is paired. One line per game is printed as it finishes, then both
win rates with their Wilson 95% intervals and the seeds only one side won. `--option k=v` sets
game options.

Two-sided games (not cooperative, two seats, e.g. Memoir '44) are played head to head with sides
swapped: every seed once with the candidate in seat 0 and once in seat 1, so each side of the
scenario is played equally often by both agents.

    python benchmarks/bench_strength.py memoir44 --option scenario=pegasus-bridge \
        --candidate mcts --baseline heuristic --games 30 --seed 5 --jobs 2
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import warroom
from warroom.sim import SimConfig, iter_results, wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--candidate", default="mcts")
    parser.add_argument("--baseline", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--option", action="append", default=[])
    args = parser.parse_args()
    options: dict[str, object] = {} if args.players is None else {"players": args.players}
    info = warroom.core.game_class(args.game).info
    for text in args.option:
        key, _, value = text.partition("=")
        options[key] = info.option(key).parse(value)
    game = warroom.load(args.game, **options)
    if not game.info.cooperative and game.num_players == 2:
        head_to_head(game, args.candidate, args.baseline, games=args.games, seed=args.seed, jobs=args.jobs)
        return
    base = SimConfig.create(game, [args.baseline], args.seed, args.games)
    cand = SimConfig.create(game, [args.candidate], args.seed, args.games)
    baseline = [r.won for r in iter_results(base, args.jobs)]
    wins = only_cand = only_base = 0
    start = time.perf_counter()
    for n, result in enumerate(iter_results(cand, args.jobs), start=1):
        wins += result.won
        only_cand += result.won and not baseline[result.index]
        only_base += baseline[result.index] and not result.won
        rate = wins / n
        print(
            f"game {result.index:4d} seed {result.seed}: {args.candidate} {'won ' if result.won else 'lost'}"
            f" | {args.baseline} {'won ' if baseline[result.index] else 'lost'}"
            f" | {args.candidate} {wins}/{n} = {rate:.1%}, {args.baseline} {sum(baseline[:n])}/{n}"
            f" | {time.perf_counter() - start:.0f}s",
            flush=True,
        )
    n = args.games
    for name, won in ((args.candidate, wins), (args.baseline, sum(baseline))):
        low, high = wilson_interval(won, n)
        print(f"{name}: {won}/{n} = {won / n:.1%} (95% CI {low:.1%} - {high:.1%})")
    print(f"seeds only {args.candidate} won: {only_cand}; only {args.baseline} won: {only_base}")
    sys.stdout.flush()


def head_to_head(game: Any, candidate: str, baseline: str, *, games: int, seed: int, jobs: int) -> None:
    """Candidate against baseline on `games` seeds, each seed with both seatings."""
    wins = draws = played = 0
    by_seat = [0, 0]
    start = time.perf_counter()
    for seat, agents in enumerate(([candidate, baseline], [baseline, candidate])):
        config = SimConfig.create(game, agents, seed, games)
        for result in iter_results(config, jobs):
            mine, theirs = result.returns[seat], result.returns[1 - seat]
            played += 1
            wins += mine > theirs
            by_seat[seat] += mine > theirs
            draws += mine == theirs
            print(
                f"seed {result.seed} {candidate} in seat {seat}: "
                f"{'won' if mine > theirs else 'draw' if mine == theirs else 'lost'}"
                f" | {candidate} {wins}/{played} = {wins / played:.1%} | {time.perf_counter() - start:.0f}s",
                flush=True,
            )
    low, high = wilson_interval(wins, played)
    print(
        f"{candidate} against {baseline}, sides swapped: won {wins}/{played} = {wins / played:.1%}"
        f" (95% CI {low:.1%} - {high:.1%}), draws {draws}; wins in seat 0: {by_seat[0]}/{games},"
        f" in seat 1: {by_seat[1]}/{games}"
    )


if __name__ == "__main__":
    main()
