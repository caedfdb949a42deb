"""Metro 2033 throughput on one core: random playouts (and the heuristic agent), 4 players.

    .venv/bin/python benchmarks/bench_metro2033.py [--games N] [--seed S] [--rounds R] [--json]

For each team (every seat played by the same agent) the same seeded games are played in this
process (`warroom.sim.play_game`, so game i starts from `game_seed(seed, i)` like `warroom sim`);
we report games/s, decisions/s (agent choices), the mean decisions per game and the share of
games someone won (random play often reaches the rules' round guard with no winner). Timing is
the best of three runs (--rounds) in CPU time (time.process_time), after one untimed warm-up
game; on a busy machine more rounds give a steadier best. The heuristic team is timed only when
the game offers that agent.

    .venv/bin/python benchmarks/bench_metro2033.py --factions games.csv

instead prints each faction's win rate (with its Wilson interval) over the games it played, from
the per-game rows of `warroom sim metro2033 ... --out games.csv`: each game's draft is replayed
from its seed with the same agents and agent seeds as the sim, which gives every seat's faction
(the README's per-faction table).
"""

from __future__ import annotations

import argparse
import csv
import json
import platform
from collections import Counter
from pathlib import Path
from typing import Any

from _loop import bench_team  # benchmarks/, this script's folder, is on the path of a script

from warroom.agents import agent_names, make_agent
from warroom.games.metro2033.game import Metro2033Game
from warroom.sim import agent_seeds
from warroom.sim.stats import GameResult, wilson_interval

TEAMS = ("random", "heuristic")


def _someone_won(result: GameResult) -> bool:
    return any(r > 0 for r in result.returns)


def bench(game: Metro2033Game, agent: str, games: int, seed: int, rounds: int = 3) -> dict[str, Any]:
    """Best of `rounds` CPU-time runs of the same seeded games (_loop.bench_team)."""
    return bench_team(game, agent, games, seed, rounds=rounds, tally=("won_share", _someone_won))


def factions(path: Path) -> list[dict[str, Any]]:
    """Each faction's games, wins and win rate with its 95% Wilson interval, from a sim's rows."""
    with path.open(newline="", encoding="utf-8") as file:
        rows = list(csv.DictReader(file))
    seats = sum(1 for key in rows[0] if key.startswith("agent_"))
    game = Metro2033Game(players=seats)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    for row in rows:
        seed = int(row["seed"])
        state = game.new_initial_state(seed)
        agents = [make_agent(game, row[f"agent_{p}"], s) for p, s in enumerate(agent_seeds(seed, seats))]
        while not all(state.faction):  # the draft only: the factions are known from here on
            state.apply_action(agents[state.current_player()].choose(state))
        for p, faction in enumerate(state.faction):
            played[faction] += 1
            won[faction] += float(row[f"return_{p}"]) > 0
    out = []
    for faction in sorted(played, key=lambda f: -won[f] / played[f]):
        low, high = wilson_interval(won[faction], played[faction])
        rate = won[faction] / played[faction]
        out.append({"faction": faction, "games": played[faction], "wins": won[faction], "win_rate": rate,
                    "ci95": [low, high]})  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per team (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="batch seed (default 1)")
    parser.add_argument("--rounds", type=int, default=3, help="timed runs per team, best kept (default 3)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    parser.add_argument("--factions", type=Path, help="per-faction win rates from `warroom sim --out` rows")
    args = parser.parse_args(argv)
    if args.factions:
        for r in factions(args.factions):
            low, high = r["ci95"]
            print(f"{r['faction']:<4} games {r['games']:>5}  won {r['wins']:>5}  {r['win_rate']:6.1%}"
                  f"  95% CI {low:.1%} - {high:.1%}")  # fmt: skip
        return
    game = Metro2033Game(players=4)
    teams = [t for t in TEAMS if t in agent_names(game)]
    rows = [bench(game, agent, args.games, args.seed, args.rounds) for agent in teams]
    if args.json:
        doc = {"game": "metro2033", "players": 4, "python": platform.python_version(), "results": rows}
        print(json.dumps(doc, indent=1))
        return
    print(
        f"metro2033, 4 players, {args.games} games per team, seed {args.seed}, one core, "
        f"Python {platform.python_version()}"
    )
    head = ("team", "games/s", "decisions/s", "decisions/game", "won share", "seconds")
    print(f"{head[0]:<10} {head[1]:>9} {head[2]:>12} {head[3]:>15} {head[4]:>10} {head[5]:>8}")
    for r in rows:
        print(
            f"{r['team']:<10} {r['games_per_s']:>9.1f} {r['decisions_per_s']:>12.0f} "
            f"{r['decisions_per_game']:>15.1f} {r['won_share']:>10.3f} {r['seconds']:>8.2f}"
        )


if __name__ == "__main__":
    main()
