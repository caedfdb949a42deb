"""warroom's random playouts against OpenSpiel's C++ chess stepped from Python, side by side.

    .venv/bin/python benchmarks/bench_vs_openspiel.py [GAME ...] [--seconds 3] [--rounds 5] [--json]
                                                      [--openspiel-python PATH] [--compiled] [--quiet]

The reference a researcher would pick instead of warroom is OpenSpiel: C++ games driven from
Python. Both sides run the same loop through their public Python API, one core, in CPU time
(`time.process_time`): `random.choice(state.legal_actions())`, `state.apply_action(action)`, a
new game from the next seed when one ends. A step is one `apply_action`.

Each round measures OpenSpiel chess, then each warroom game, every measurement in a fresh
child process of this one (one process tree, alternating, so a drift of the machine's speed
hits both sides alike). A game's ratio in a round is its steps/s over the chess figure measured
just before it; the table shows each ratio's median and range over the rounds, and the medians
of the absolute figures. Targets (issue "Speed: as fast as a C++ engine"): Siege and World of
Tanks: Rush >= 1.0x, Memoir '44 and Metro 2033 >= 0.5x, a whole random Dust Warfare game under
1 s of CPU.

`--compiled` also measures the compiled package (the modules of warroom/_compiled.py built with
mypyc by `./dev build`, into `.build/`, rebuilt when a source changed) right after the pure-Python
one in each round, and prints both ratios and compiled over pure; the compiled child runs with
`python -P` and the build first on PYTHONPATH, and refuses to measure unless every listed module
runs compiled.

`--quiet` plays every warroom game muted (the core's quiet mode, `TurnState.mute`): the
playouts `warroom sim` and the search run, whose events nobody reads; the same games move for
move (tests/test_quiet.py, tests/test_sim_quiet.py). Without it the loud contract is measured, as
a program stepping a game and reading its events gets it.

OpenSpiel is not a dependency of warroom: unless `--openspiel-python` names an interpreter
that can `import pyspiel`, the script creates `.bench/openspiel-venv` (ignored by git) once
and installs the `open_spiel` wheel from PyPI into it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import venv
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
OPENSPIEL_VENV = ROOT / ".bench" / "openspiel-venv"


def playout_rate(new_state: Any, seconds: float) -> dict[str, float]:
    """Random playouts for `seconds` of CPU time: steps/s and games/s (whole games only count
    towards games/s; steps of the unfinished last game still count as steps)."""
    import random
    import time

    rng = random.Random(0)
    steps = games = seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = new_state(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        games += 1
        seed += 1
    spent = time.process_time() - start
    return {"steps_per_s": steps / spent, "games_per_s": games / spent, "cpu_s_per_game": spent / games}


def worker_openspiel(seconds: float) -> dict[str, float]:
    import pyspiel  # type: ignore[import-not-found]  # only in the benchmark's own environment

    game = pyspiel.load_game("chess")
    return playout_rate(lambda _seed: game.new_initial_state(), seconds)


def worker_warroom(game_id: str, seconds: float) -> dict[str, float]:
    import warroom
    from warroom import _compiled

    if os.environ.get("WARROOM_BENCH_COMPILED") == "1" and not all(_compiled.native().values()):
        raise SystemExit(f"not running the compiled build: {warroom.__file__}")

    game = warroom.load(game_id)
    new_state = _muted(game.new_initial_state) if os.environ.get("WARROOM_BENCH_QUIET") == "1" else None
    new_state = new_state or game.new_initial_state
    playout_rate(new_state, min(0.3, seconds))  # warm-up: imports, caches
    return playout_rate(new_state, seconds)


def _muted(new_initial_state: Any) -> Any:
    """New games muted from the first step, as `warroom sim` plays them."""

    def new_state(seed: int) -> Any:
        state = new_initial_state(seed)
        state.mute()
        return state

    return new_state


def openspiel_python(given: str | None) -> str:
    """An interpreter that imports pyspiel: the given one, or the benchmark's own venv."""
    if given:
        return given
    python = OPENSPIEL_VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {OPENSPIEL_VENV} with open_spiel (first run only) ...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(OPENSPIEL_VENV)
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", "open_spiel"], check=True)
    return str(python)


def measure(python: str, *worker: str, compiled: Path | None = None, quiet: bool = False) -> dict[str, float]:
    """Run one measurement in a child process and read its JSON line; with `compiled` (a build
    directory) the child imports warroom from that build, not from the checkout; `quiet` mutes
    the warroom games."""
    env = dict(os.environ, WARROOM_BENCH_QUIET="1" if quiet else "0")
    command = [python, __file__, "--worker", *worker]
    if compiled is not None:
        env.update(PYTHONPATH=str(compiled), WARROOM_BENCH_COMPILED="1")
        command.insert(1, "-P")  # no script directory or checkout ahead of the build on sys.path
    else:
        # this checkout's package: run as a script, the child would otherwise import whichever
        # checkout the venv's editable install points at (another git worktree's, say)
        env.update(PYTHONPATH=str(ROOT))
    out = subprocess.run(command, check=True, capture_output=True, text=True, cwd=ROOT, env=env).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def compiled_build() -> Path:
    """The compiled package's directory, built now if the checkout changed since the last build."""
    from warroom import _compiled

    missing = _compiled.compiler_missing()
    if missing:
        raise SystemExit(f"--compiled: cannot build the compiled package: {missing}")
    print("building the compiled package if needed (./dev build) ...", file=sys.stderr)
    return _compiled.build(ROOT)


def run(
    games: list[str],
    seconds: float,
    rounds: int,
    spiel: str,
    compiled: Path | None = None,
    *,
    quiet: bool = False,
) -> dict[str, Any]:
    ratios: dict[str, list[float]] = {g: [] for g in games}
    native: dict[str, list[float]] = {g: [] for g in games}  # compiled ratios to chess
    figures: dict[str, list[dict[str, float]]] = {g: [] for g in ["chess", *games]}
    fast: dict[str, list[dict[str, float]]] = {g: [] for g in games}
    for r in range(rounds):
        for game_id in games:
            chess = measure(spiel, "openspiel", str(seconds))
            ours = measure(sys.executable, game_id, str(seconds), quiet=quiet)
            figures["chess"].append(chess)
            figures[game_id].append(ours)
            ratios[game_id].append(ours["steps_per_s"] / chess["steps_per_s"])
            if compiled is not None:
                built = measure(sys.executable, game_id, str(seconds), compiled=compiled, quiet=quiet)
                fast[game_id].append(built)
                native[game_id].append(built["steps_per_s"] / chess["steps_per_s"])
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)

    def median(name: str, key: str) -> float:
        return statistics.median(f[key] for f in figures[name])

    rows = [
        {
            "game": g,
            "ratio_median": round(statistics.median(ratios[g]), 3),
            "ratio_min": round(min(ratios[g]), 3),
            "ratio_max": round(max(ratios[g]), 3),
            "steps_per_s": round(median(g, "steps_per_s")),
            "cpu_s_per_game": round(median(g, "cpu_s_per_game"), 4),
        }
        for g in games
    ]
    if compiled is not None:
        for row in rows:
            g = str(row["game"])
            row["compiled_ratio_median"] = round(statistics.median(native[g]), 3)
            row["compiled_ratio_min"] = round(min(native[g]), 3)
            row["compiled_ratio_max"] = round(max(native[g]), 3)
            row["compiled_steps_per_s"] = round(statistics.median(f["steps_per_s"] for f in fast[g]))
            # compiled over pure within each round (both measured back to back), then the median
            row["compiled_speedup"] = round(
                statistics.median(b / a for a, b in zip(ratios[g], native[g], strict=True)), 3
            )
    return {
        "python": platform.python_version(),
        "seconds": seconds,
        "rounds": rounds,
        "quiet": quiet,
        "chess_steps_per_s": round(median("chess", "steps_per_s")),
        "results": rows,
    }


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--worker"]:
        kind, seconds = argv[1], float(argv[2])
        result = worker_openspiel(seconds) if kind == "openspiel" else worker_warroom(kind, seconds)
        print(json.dumps(result))
        return
    import warroom

    parser = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("games", nargs="*", default=warroom.games(), help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per measurement")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; medians are reported (default 5)")
    parser.add_argument("--openspiel-python", help="an interpreter with pyspiel (default: own venv)")
    parser.add_argument("--json", action="store_true", help="print one JSON document instead of a table")
    parser.add_argument("--compiled", action="store_true", help="also measure the mypyc-compiled build")
    parser.add_argument(
        "--quiet", action="store_true", help="play warroom games muted, as `warroom sim` does"
    )
    args = parser.parse_args(argv)
    spiel = openspiel_python(args.openspiel_python)
    build = compiled_build() if args.compiled else None
    doc = run(args.games, args.seconds, args.rounds, spiel, build, quiet=args.quiet)
    if args.json:
        print(json.dumps(doc, indent=1))
        return
    print(
        f"random playouts{' (warroom muted)' if args.quiet else ''}, one core, CPU time, "
        f"{args.rounds} rounds of {args.seconds:g} s; "
        f"OpenSpiel chess {doc['chess_steps_per_s']:,} steps/s (median); Python {doc['python']}"
    )
    extra = f" {'compiled':>9} {'range':>13} {'steps/s':>9} {'c/pure':>7}" if build else ""
    print(f"{'game':<14} {'ratio':>6} {'range':>13} {'steps/s':>9} {'CPU s/game':>11}{extra}")
    for r in doc["results"]:
        span = f"{r['ratio_min']:.2f}-{r['ratio_max']:.2f}"
        line = (
            f"{r['game']:<14} {r['ratio_median']:>5.2f}x {span:>13} {r['steps_per_s']:>9,} "
            f"{r['cpu_s_per_game']:>11.4f}"
        )
        if build:
            cspan = f"{r['compiled_ratio_min']:.2f}-{r['compiled_ratio_max']:.2f}"
            line += (
                f" {r['compiled_ratio_median']:>8.2f}x {cspan:>13} {r['compiled_steps_per_s']:>9,} "
                f"{r['compiled_speedup']:>6.2f}x"
            )
        print(line)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
