"""Two trees play the same seeded Metro 2033 games step for step (issue 12's agenda work).

    .venv/bin/python -m tests.metro2033.compare_trees OLD_TREE [--games N] [--players 2,4,6]

OLD_TREE is a checkout of an older commit (`git archive C | tar -x -C /tmp/old`). Each tree plays
the games in its own process (PYTHONPATH set to it), loud, seat choices drawn from Rng(seed + 1000)
over the listed options; at every step it writes the seat to act, the pending decision, the option
texts in order, the choice, every event (kind, text, data, who sees it), and, separately, the save.
The games match when every record is equal; saves are compared too and reported apart (a change
of what the agenda holds beneath a decision differs there and nowhere else). Prints the first
difference of each kind, or the counts that matched.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

_HERE = Path(__file__).resolve().parents[2]


def trace(players: list[int], games: int) -> dict[str, Any]:
    """In this process (whichever tree it imports): per game, the step records and the saves."""
    from warroom.core.rng import Rng
    from warroom.games.metro2033.game import Metro2033Game

    out: dict[str, Any] = {}
    for n in players:
        game = Metro2033Game(players=n)
        for seed in range(games):
            st, rng = game.new_initial_state(seed), Rng(seed + 1000)
            steps: list[str] = []
            saves: list[str] = []
            while not st.is_terminal():
                options = st.legal_actions()
                action = options[rng.below(len(options))]
                saves.append(hashlib.sha256(st.serialize().encode()).hexdigest()[:16])
                events = [
                    [e.kind, e.text, e.data, None if e.visible_to is None else sorted(e.visible_to)]
                    for e in st.apply_action(action)
                ]
                record = [
                    st.current_player(),
                    list(st.decision or ()),
                    [a.text for a in options],
                    action.text,
                    events,
                ]
                steps.append(json.dumps(record, sort_keys=True, default=str))
            out[f"{n}/{seed}"] = {"steps": steps, "saves": saves, "returns": st.returns()}
    return out


def _run(tree: Path, players: list[int], games: int) -> dict[str, Any]:
    """This file run as a script (-P: its folder not on the path) with `tree` first on the path."""
    command = [sys.executable, "-P", __file__, "--trace", str(tree), "--games", str(games),
               "--players", ",".join(map(str, players))]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)  # one tree's side
    args = parser.parse_args(argv)
    players = [int(p) for p in args.players.split(",")]
    if args.trace:
        json.dump(trace(players, args.games), sys.stdout)
        return 0
    old, new = _run(args.old, players, args.games), _run(_HERE, players, args.games)
    steps = saves = step_diffs = save_diffs = 0
    for key, was in old.items():
        now = new[key]
        steps += len(was["steps"])
        saves += len(was["saves"])
        for i, (a, b) in enumerate(zip(was["steps"], now["steps"], strict=False)):
            if a != b:
                step_diffs += 1
                if step_diffs == 1:
                    print(f"game {key} step {i} differs:\n old {a[:600]}\n new {b[:600]}")
                break
        if len(was["steps"]) != len(now["steps"]) or was["returns"] != now["returns"]:
            step_diffs += 1
            print(f"game {key}: {len(was['steps'])} vs {len(now['steps'])} steps, returns differ or not")
        differ = [i for i, (a, b) in enumerate(zip(was["saves"], now["saves"], strict=False)) if a != b]
        if differ:
            save_diffs += len(differ)
    verdict = "identical" if not step_diffs else f"{step_diffs} games differ"
    print(f"{len(old)} games, {steps} steps: {verdict} (decisions, option lists, choices, events); "
          f"saves: {saves - save_diffs} of {saves} identical")  # fmt: skip
    return 1 if step_diffs else 0


if __name__ == "__main__":
    sys.exit(main())
