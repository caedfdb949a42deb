"""Dust Warfare speed on one core (First Battle): random playouts in decisions/s and games/s, and
the time to list a move's candidates; optionally the heuristic agent against the random one with
sides swapped. Target (issue 13): a whole random game in under 1 s of CPU.
With `--check N`, instead the random-game checker (`warroom.core.checker.check_random_game` with
the Dust invariants, as `tests/dust_warfare/test_random_games.py` runs it) over seeds
start..start+N-1 of each configuration, one JSON line per game (seed, decisions, CPU seconds,
the failure if any) so long runs can go in batches and be summed. With `--search N`, the game's
`search` agent (warroom/games/dust_warfare/search.py: the heuristic improved by the core's paired
search at actions, reactions and activations, playouts of `--depth` heuristic decisions scored by
the game's evaluation) against the heuristic agent, sides swapped game by game, one JSON line per
game; `--iterations`, `--depth` and `--candidates` change its settings. With `--sim N`, `warroom sim`'s games
(the same game and agent seeds: game i of seed 0, `warroom.sim.runner`) with the final
Superiority Points and the battle turn reached, which the game's `summary` does not yet report;
`--swap` swaps the two agents' seats in odd games.

Random playouts draw each decision with `sample_legal` (what search and simulation use: a
placement is a random legal candidate, drawn without listing, DW-GEO-17). Listing times the first
stage of a Move's finite candidate set (`legal_actions()` at a `where` decision: the 6" regions
holding a legal candidate), on positions collected from seeded random games, each timed on a
fresh clone so no cache helps. Figures are CPU time (`time.process_time()`), the best of several
rounds, so a shared, loaded machine disturbs them as little as possible.

    python benchmarks/bench_dust_warfare.py [--games-per-round 5] [--rounds 3] [--listings 40]
                                            [--listing-rounds 1] [--games 0]
    python benchmarks/bench_dust_warfare.py --check 100 [--start 0] [--config front_lines]
    python benchmarks/bench_dust_warfare.py --search 10 [--start 0] [--iterations 4] [--depth 6]
                                            [--candidates 3]
    python benchmarks/bench_dust_warfare.py --sim 50 [--start 0] [--config front_lines]
                                            [--agents heuristic,random --swap]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
import traceback
from dataclasses import replace
from typing import Any

from warroom.agents.base import Agent, RandomAgent, make_agent
from warroom.agents.mcts import MctsSettings
from warroom.core.checker import CheckStats, check_random_game
from warroom.core.rng import Rng
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.game import PLAYABLE, DustWarfareGame
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.search import SETTINGS, SearchAgent
from warroom.games.dust_warfare.state import DustState
from warroom.sim.runner import agent_seeds, game_seed


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


def listing_times(positions: list[DustState], rounds: int = 1) -> list[float]:
    """CPU seconds to list each position's options, on a fresh clone, the least of `rounds`
    listings of it (on a loaded machine the least is the steadiest figure; the table's own
    memory of pieces and elevations stays warm between rounds)."""
    out = [math.inf] * len(positions)
    for _ in range(rounds):
        for i, position in enumerate(positions):
            fresh = position.game.deserialize(position.serialize())
            start = time.process_time()
            fresh.legal_actions()
            out[i] = min(out[i], time.process_time() - start)
    return out


def heuristic_vs_random(games: int) -> tuple[int, int, int]:
    """Seeded games, the heuristic seated as the Allies in even games and the Axis in odd ones:
    (wins, draws, games)."""
    game = DustWarfareGame()
    wins = draws = 0
    for seed in range(games):
        seat = seed % 2
        agents: dict[int, Agent] = {seat: HeuristicAgent(seed), 1 - seat: RandomAgent(seed + 1000)}
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            state.apply_action(agents[state.current_player()].choose(state))
        result = state.returns()[seat]
        wins += result > 0
        draws += result == 0
    return wins, draws, games


CONFIGS: dict[str, dict[str, Any]] = {
    **{name: {"scenario": name} for name in PLAYABLE},
    "first_battle_heroes": {"heroes": True},
}


def checked_games(config: str, start: int, games: int) -> None:
    """The random-game checker over seeds start..start+games-1 of one configuration, printing a
    JSON line per game; a failure is printed with its trace and the run goes on."""
    game = DustWarfareGame(**CONFIGS[config])
    for seed in range(start, start + games):
        stats = CheckStats()
        began = time.process_time()
        failure = None
        try:
            check_random_game(game, seed, invariant=check, deep_every=50, stats=stats)
        except Exception:  # a long run records every failure and goes on
            failure = traceback.format_exc()
        row = {
            "config": config,
            "seed": seed,
            "decisions": stats.decisions,
            "cpu": time.process_time() - began,
        }
        print(json.dumps({**row, "failure": failure}), flush=True)


def search_vs_heuristic(start: int, games: int, settings: MctsSettings) -> None:
    """First Battle seeds start..start+games-1, the search agent seated as the Allies in even
    seeds and the Axis in odd ones, printing a JSON line per game: the search agent's seat and
    return, the final SP, the decisions each side took and their CPU seconds."""
    game = DustWarfareGame()
    for seed in range(start, start + games):
        seat = seed % 2
        agents: dict[int, Agent] = {seat: SearchAgent(seed, settings), 1 - seat: HeuristicAgent(seed + 1000)}
        state = game.new_initial_state(seed)
        cpu, decisions = [0.0, 0.0], [0, 0]
        while not state.is_terminal():
            player = state.current_player()
            began = time.process_time()
            action = agents[player].choose(state)
            cpu[player] += time.process_time() - began
            decisions[player] += 1
            state.apply_action(action)
        row = {
            "seed": seed,
            "search_seat": seat,
            "search_return": state.returns()[seat],
            "scores": state.scores,
            "turn": state.turn,
            "decisions": decisions,
            "cpu": cpu,
        }
        print(json.dumps(row), flush=True)


def simulated_games(config: str, start: int, games: int, agents: list[str], swap: bool) -> None:
    """Games start..start+games-1 as `warroom sim dust_warfare --agents A,B` plays them (seed 0),
    the agents' seats swapped in odd games when `swap`, printing a JSON line per game."""
    game = DustWarfareGame(**CONFIGS[config])
    for index in range(start, start + games):
        names = agents[::-1] if swap and index % 2 else agents
        seed = game_seed(0, index)
        seats = [make_agent(game, name, s) for name, s in zip(names, agent_seeds(seed, 2), strict=True)]
        state, decisions, began = game.new_initial_state(seed), 0, time.process_time()
        while not state.is_terminal():
            state.apply_action(seats[state.current_player()].choose(state))
            decisions += 1
        row = {
            "config": config,
            "index": index,
            "agents": names,
            "returns": state.returns(),
            "scores": state.scores,
            "turn": state.turn,
            "decisions": decisions,
            "cpu": time.process_time() - began,
        }
        print(json.dumps(row), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-round", type=int, default=5, help="seeded random games per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds; the best CPU-time rate counts")
    parser.add_argument("--listings", type=int, default=40, help="Move positions whose options are listed")
    parser.add_argument(
        "--listing-rounds", type=int, default=1, help="listings per position; the least counts"
    )
    parser.add_argument("--games", type=int, default=0, help="heuristic-vs-random games (0: skip)")
    parser.add_argument("--check", type=int, default=0, help="random-checker games per configuration")
    parser.add_argument("--start", type=int, default=0, help="first seed of --check")
    parser.add_argument("--config", action="append", choices=sorted(CONFIGS), help="--check only these")
    parser.add_argument("--search", type=int, default=0, help="search-vs-heuristic games")
    parser.add_argument("--iterations", type=int, default=SETTINGS.iterations, help="--search: playouts")
    parser.add_argument("--depth", type=int, default=SETTINGS.depth, help="--search: playout decisions")
    parser.add_argument(
        "--candidates", type=int, default=SETTINGS.candidates, help="--search: options compared"
    )
    parser.add_argument("--sim", type=int, default=0, help="games as `warroom sim` plays them")
    parser.add_argument("--agents", default="heuristic,heuristic", help="--sim: the two seats' agents")
    parser.add_argument("--swap", action="store_true", help="--sim: swap the agents' seats in odd games")
    args = parser.parse_args()
    if args.sim:
        for config in args.config or PLAYABLE:
            simulated_games(config, args.start, args.sim, args.agents.split(","), args.swap)
        return
    if args.search:
        settings = replace(SETTINGS, iterations=args.iterations, depth=args.depth, candidates=args.candidates)
        search_vs_heuristic(args.start, args.search, settings)
        return
    if args.check:
        for config in args.config or CONFIGS:
            checked_games(config, args.start, args.check)
        return
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
    times = listing_times(move_positions(args.listings), args.listing_rounds)
    if times:
        ms = sorted(1000 * t for t in times)
        print(
            f"listing a Move's candidates (first stage, regions): median {statistics.median(ms):.1f} ms, "
            f"p90 {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms, sum {sum(ms):.0f} ms over "
            f"{len(ms)} positions, the least of {args.listing_rounds} listings each"
        )
    if args.games:
        wins, draws, n = heuristic_vs_random(args.games)
        print(
            f"heuristic beat random in {wins}/{n} games ({100 * wins / n:.1f}%), {draws} draws, "
            "sides swapped game by game"
        )


if __name__ == "__main__":
    main()
