"""Remove the rules' change-counter lines one at a time and see test_change_counters.py fail (issue 18).

    .venv/bin/python -m tests.envs.mutate_counters [GAME] [--only PATH:LINE ...]

A counter line is one of GAME's rules (`warroom/games/GAME/`) that adds to a region's counter
(`changes[...] += 1`, or the whole list stepped, as `index_stations` does). Each is replaced by
`pass` in a copy of the tree (in a temporary directory, so the working tree is never touched)
and `tests/envs/test_change_counters.py -k GAME -x` runs on the copy: a line whose removal no test
notices is reported as SURVIVED, with the tests' time. A survivor is either a line another counter
in the same step already covers (it says so in its comment), or a gap in the tests.
Prints one line per mutation and a summary; exits 1 if any line survived.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

_HERE = Path(__file__).resolve().parents[2]
# a counter moved by one, or every counter stepped at once
_COUNTER = re.compile(r"^\s*(?:\w+\.)?(?:changes|changed)\[.+\] \+= 1\b|^\s*self\.changes = \[n \+ 1 ")


def counter_lines(game: str) -> list[tuple[Path, int]]:
    """(path relative to the tree, 1-based line) of every counter line of `game`'s rules."""
    found = []
    for path in sorted((_HERE / "warroom" / "games" / game).rglob("*.py")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if _COUNTER.match(line):
                found.append((path.relative_to(_HERE), number))
    return found


def mutated(text: str, number: int) -> str:
    """`text` with line `number` (1-based) replaced by `pass` at its indentation."""
    lines = text.splitlines(keepends=True)
    line = lines[number - 1]
    lines[number - 1] = line[: len(line) - len(line.lstrip())] + "pass\n"
    return "".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="metro2033")
    parser.add_argument("--only", nargs="*", help="PATH:LINE mutations to run (default: every counter line)")
    args = parser.parse_args()
    targets = counter_lines(args.game)
    if args.only:
        targets = [(p, n) for p, n in targets if f"{p}:{n}" in args.only]
    survived = []
    with tempfile.TemporaryDirectory(prefix="mutate-counters-") as tmp:
        tree = Path(tmp)
        for part in ("warroom", "tests"):
            shutil.copytree(_HERE / part, tree / part, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(_HERE / "pyproject.toml", tree)
        for rel, number in targets:
            original = (tree / rel).read_text()
            (tree / rel).write_text(mutated(original, number))
            began = time.monotonic()
            run = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-p", "no:xdist",
                 "tests/envs/test_change_counters.py", "-k", args.game],
                cwd=tree, capture_output=True, text=True, check=False,
            )  # fmt: skip
            (tree / rel).write_text(original)
            took = time.monotonic() - began
            line = original.splitlines()[number - 1].strip()
            if run.returncode == 0:
                survived.append(f"{rel}:{number}")
                print(f"SURVIVED {rel}:{number} ({took:.0f} s)  {line}", flush=True)
            elif run.returncode == 1:  # tests failed: the mutation was seen
                failed = next((t for t in run.stdout.splitlines() if t.startswith("FAILED")), "?")
                print(f"killed   {rel}:{number} ({took:.0f} s)  {line}  <- {failed}", flush=True)
            else:
                print(run.stdout[-2000:], run.stderr[-2000:])
                raise SystemExit(f"pytest could not run on {rel}:{number} (exit {run.returncode})")
    killed = len(targets) - len(survived)
    print(f"{killed} of {len(targets)} counter lines killed; survived: {survived or 'none'}")
    raise SystemExit(1 if survived else 0)


if __name__ == "__main__":
    main()
