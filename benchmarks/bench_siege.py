"""Siege throughput on one core: random playouts and the heuristic team, 4 players, normal mode.

    .venv/bin/python benchmarks/bench_siege.py [--games N] [--seed S] [--rounds R] [--json]

For each team the same seeded games are played in this process (`warroom.sim.play_game`, so game
i starts from `game_seed(seed, i)` like `warroom sim`, muted as a simulation plays); we report
games/s, decisions/s (agent choices: the forced steps the engine takes itself count in neither
this script nor bench_metro2033.py, which share benchmarks/_loop.py), the mean decisions per game
and the win rate. Timing is the best of three runs (--rounds) in CPU time (time.process_time),
after one untimed warm-up game; on a busy machine more rounds give a steadier best.
"""

from __future__ import annotations

import argparse
import json
import platform
from typing import Any

from _loop import bench_team

from warroom.games.siege.game import SiegeGame

TEAMS = ("random", "heuristic")


def bench(game: SiegeGame, agent: str, games: int, seed: int, rounds: int = 3) -> dict[str, Any]:
    """Best of `rounds` CPU-time runs of the same seeded games (benchmarks/_loop.py), with the
    share of games the team won."""
    return bench_team(
        game, agent, games, seed, rounds=rounds, tally=("win_rate", lambda r: bool(r.summary["won"]))
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per team (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs per team, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    args = parser.parse_args(argv)
    game = SiegeGame(players=4, mode="normal")
    rows = [bench(game, agent, args.games, args.seed, args.rounds) for agent in TEAMS]
    if args.json:
        doc = {
            "game": "siege",
            "players": 4,
            "mode": "normal",
            "python": platform.python_version(),
            "results": rows,
        }
        print(json.dumps(doc, indent=1))
        return
    print(
        f"siege, 4 players, normal mode, {args.games} games per team, seed {args.seed}, one core, "
        f"Python {platform.python_version()}"
    )
    head = ("team", "games/s", "decisions/s", "decisions/game", "win rate", "seconds")
    print(f"{head[0]:<10} {head[1]:>9} {head[2]:>12} {head[3]:>15} {head[4]:>9} {head[5]:>8}")
    for r in rows:
        print(
            f"{r['team']:<10} {r['games_per_s']:>9.1f} {r['decisions_per_s']:>12.0f} "
            f"{r['decisions_per_game']:>15.1f} {r['win_rate']:>9.3f} {r['seconds']:>8.2f}"
        )


if __name__ == "__main__":
    main()
