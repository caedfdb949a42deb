"""Fit Dust Warfare's evaluation (warroom/games/dust_warfare/evaluate.py) to heuristic games.

`--play N --start S`: First Battle seeds S..S+N-1, the heuristic agent on both sides (seeds
seed and seed+1000), with probability `--explore` at an activation or action a random legal
option instead of the heuristic's (so the fit sees positions a little off the heuristic's path,
as the search's rivals reach them). At every `activate` decision the position's `features` are
recorded; one JSON line per game: the seed, the Allies' result (1 won, 0 lost, 0.5 drawn) and
the feature rows.

`--fit FILE ...`: a logistic regression of the Allies' result on the features (maximum
likelihood by Newton's method, a small ridge `--ridge` keeping it defined), games with
seed % 5 == 0 held out: prints the weights, the held-out accuracy and log loss (per position),
and against them a majority guess; `--write` stores them in data/evaluation.toml.

    nice -n 5 python benchmarks/fit_dust_evaluation.py --play 200 --start 0 > /tmp/fit-a.jsonl
    python benchmarks/fit_dust_evaluation.py --fit /tmp/fit-a.jsonl [--write]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from warroom.core.rng import Rng
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.evaluate import FEATURES, MODEL_FILE, features, load_model
from warroom.games.dust_warfare.game import DustWarfareGame
from warroom.games.dust_warfare.state import DustState

EXPLORED = frozenset({"activate", "action"})
HELD_OUT = 5  # games with seed % HELD_OUT == 0 are held out


def play(start: int, games: int, explore: float) -> None:
    game = DustWarfareGame()
    for seed in range(start, start + games):
        agents = (HeuristicAgent(seed), HeuristicAgent(seed + 1000))
        rng = Rng(seed + 7)
        state: DustState = game.new_initial_state(seed)
        rows = []
        while not state.is_terminal():
            assert state.decision is not None
            kind = state.decision[0]
            if kind == "activate":
                rows.append([round(x, 5) for x in features(state)] + [state.turn])
            legal = state.legal_actions()
            if kind in EXPLORED and len(legal) > 1 and rng.below(1000) < explore * 1000:
                action = rng.choice(legal)
            else:
                action = agents[state.current_player()].choose(state)
            state.apply_action(action)
        result = (state.returns()[0] + 1.0) / 2.0
        print(json.dumps({"seed": seed, "result": result, "scores": state.scores, "rows": rows}), flush=True)


def newton(x: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Logistic regression weights (first column the intercept, not penalised)."""
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], ridge)
    penalty[0] = 0.0
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        grad = x.T @ (p - y) + penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return w


def design(games: list[dict[str, object]]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for g in games:
        for row in g["rows"]:  # type: ignore[attr-defined]
            xs.append([1.0, *row[: len(FEATURES)]])
            ys.append(g["result"])
    return np.array(xs, dtype=float), np.array(ys, dtype=float)


def fit(paths: list[str], ridge: float, write: bool) -> None:
    games = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines() if line.strip()]
    train = [g for g in games if g["seed"] % HELD_OUT]
    test = [g for g in games if not g["seed"] % HELD_OUT]
    xt, yt = design(train)
    xh, yh = design(test)
    w = newton(xt, yt, ridge)
    p = np.clip(1.0 / (1.0 + np.exp(-(xh @ w))), 1e-9, 1 - 1e-9)
    decided = yh != 0.5
    accuracy = float(np.mean((p[decided] > 0.5) == (yh[decided] > 0.5)))
    log_loss = float(-np.mean(yh * np.log(p) + (1 - yh) * np.log(1 - p)))
    # the hand-set evaluation it replaces: the sign of lost + points + 0.6 worn + 0.3 suppressed
    hand = xh[:, 1] + xh[:, 2] + 0.6 * xh[:, 3] + 0.3 * xh[:, 4]
    hand_accuracy = float(np.mean((hand[decided] > 0) == (yh[decided] > 0.5)))
    majority = float(np.mean(yt) > 0.5)
    majority_accuracy = float(np.mean((yh[decided] > 0.5) == majority))
    print(f"games {len(games)} (train {len(train)}, held out {len(test)}), positions {len(yt)} + {len(yh)}")
    print("intercept", round(float(w[0]), 4))
    for name, weight in zip(FEATURES, w[1:], strict=True):
        print(f"  {name:12s} {weight:+.4f}")
    print(
        f"held-out accuracy {accuracy:.3f} (majority guess {majority_accuracy:.3f}), log loss {log_loss:.4f}"
    )
    print(f"the hand-set evaluation's held-out accuracy {hand_accuracy:.3f}")
    if write:
        lines = [
            "# Dust Warfare's evaluation (evaluate.py): a logistic model of the Allies' chance to win,",
            "# fitted by benchmarks/fit_dust_evaluation.py; every feature weighted once, numbers finite.",
            f"intercept = {float(w[0]):.4f}",
            "",
            "[weights]",
            *(f"{name} = {float(weight):.4f}" for name, weight in zip(FEATURES, w[1:], strict=True)),
            "",
            "[fit]",
            f'command = "python benchmarks/fit_dust_evaluation.py --fit ... --ridge {ridge}"',
            'scenario = "first-battle"',
            f"games = {len(train)}",
            f"positions = {len(yt)}",
            f"held_out_games = {len(test)}",
            f"held_out_positions = {len(yh)}",
            f"held_out_accuracy = {accuracy:.4f}",
            f"held_out_log_loss = {log_loss:.4f}",
            f"majority_accuracy = {majority_accuracy:.4f}",
            f"hand_set_accuracy = {hand_accuracy:.4f}",
            "",
        ]
        MODEL_FILE.write_text("\n".join(lines), encoding="utf-8")
        load_model()  # the file just written validates
        print("wrote", MODEL_FILE)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--play", type=int, default=0, help="heuristic games to record")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--explore", type=float, default=0.05, help="share of random activations/actions")
    parser.add_argument("--fit", nargs="*", default=[], help="recorded JSON-lines files to fit")
    parser.add_argument("--ridge", type=float, default=1.0, help="L2 penalty on the weights")
    parser.add_argument("--write", action="store_true", help="store the fit in data/evaluation.toml")
    args = parser.parse_args()
    if args.play:
        play(args.start, args.play, args.explore)
    elif args.fit:
        fit(args.fit, args.ridge, args.write)
    else:
        parser.print_help()
        sys.exit(2)


if __name__ == "__main__":
    main()
