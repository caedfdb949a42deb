"""What the compiled build compiles with mypyc, in one place, and how to tell it is running (issue 15).

`MODULES` is the list `setup.py` hands to `mypycify` when the build is asked for with
`WARROOM_COMPILE=1`; every other module ships as plain Python in the same wheel, and a plain
`pip install .` compiles nothing. `LEFT_OUT` says, for each module tried and not compiled, why.
`./dev build` builds the compiled package into `.build/` (keyed by `source_hash()`, so an edit
makes a new build, never a stale one; mypyc's incremental C reused where it compiles, a failed
incremental build made again from clean) and `./dev fast ARGS` runs `warroom ARGS` on it; see
docs/speed.md ("Compiling (mypyc)").

This module imports nothing from warroom, so `setup.py` can read it without the package's
dependencies installed.
"""

from __future__ import annotations

import hashlib
import importlib
import sys
from pathlib import Path

# Each entry compiles as it is (mypy-strict code, no change made for mypyc) and pays in the random
# playouts of bench_vs_openspiel.py (docs/speed.md has the figures). Order: core, then per game.
MODULES: tuple[str, ...] = (
    # every die and shuffle of every game. Compiled, its draws run on mypyc's native i64 (session
    # 12: core/rng.py's second implementation, used only there and held to the same streams by
    # tests/test_compiled.py), since SplitMix64's 64-bit values do not fit mypyc's tagged 63-bit
    # ints and the Python-int code takes the boxed slow path (CPyTagged_*): a 49-card shuffle
    # 3-4 us against 23-25 us interpreted (docs/speed.md, "Session 12")
    "warroom.core.rng",
    # the contract and the turn engine every game stands on (agenda, decisions, events): native
    # classes that the games' interpreted states and games derive from (`allow_interpreted_subclasses`)
    "warroom.core.game",
    "warroom.core.engine",
    # Siege: the play phase's option lists, enemies advancing and colliding, the agenda's jobs
    "warroom.games.siege.rules.cards",
    "warroom.games.siege.rules.dispatch",
    "warroom.games.siege.rules.end",
    "warroom.games.siege.rules.enemies",
    "warroom.games.siege.rules.flow",
    "warroom.games.siege.rules.marshal",
    "warroom.games.siege.rules.setup",
    "warroom.games.siege.rules.trade",
    "warroom.games.siege.rules.zones",
    # the Siege position itself (session 12): a native class, so the compiled rules read and write
    # `st.pos`, `st.hands` ... natively instead of through an interpreted object's slots
    "warroom.games.siege.state",
    # the configured game's tables the rules read on every step (session 13): a native class, so
    # `st.facts.card_name` is a struct read where `st.siege.card_name` on the interpreted SiegeGame
    # is a generic attribute lookup
    "warroom.games.siege.facts",
    # World of Tanks: Rush: the main action's choices, attacks, the end of a turn
    "warroom.games.wot_rush.rules.abilities",
    "warroom.games.wot_rush.rules.attack",
    "warroom.games.wot_rush.rules.buy",
    "warroom.games.wot_rush.rules.decisions",
    "warroom.games.wot_rush.rules.scoring",
    "warroom.games.wot_rush.rules.setup",
    "warroom.games.wot_rush.rules.turn",
    "warroom.games.wot_rush.rules.zones",
    # ... and its heuristic, the search's playout policy (a third of a search; docs/speed.md, session 12)
    "warroom.games.wot_rush.agents",
    # the World of Tanks: Rush position itself (session 13): a native class, so the compiled rules
    # and heuristic read and write `st.hand`, `st.base` ... natively (the game read as `st.wot`)
    "warroom.games.wot_rush.state",
    # Memoir '44: movement (reach per ordered unit), battle targets and line of sight, retreats
    "warroom.games.memoir44.rules.battle",
    "warroom.games.memoir44.rules.cards",
    "warroom.games.memoir44.rules.consequence",
    "warroom.games.memoir44.rules.dice",
    "warroom.games.memoir44.rules.draw",
    "warroom.games.memoir44.rules.flow",
    "warroom.games.memoir44.rules.movement",
    "warroom.games.memoir44.rules.retreat",
    "warroom.games.memoir44.rules.setup",
    "warroom.games.memoir44.rules.units",
    # the Memoir '44 position itself (session 13): a native class, so the compiled rules read and
    # write `st.unit_hex`, `st.occ` ... natively instead of through an interpreted object's slots
    "warroom.games.memoir44.state",
    # Metro 2033: turns, battles, events, quests
    # the board's plain graph searches: a hero's reachable stations (a 0-1 breadth-first search
    # per start station and stations in play, searched once a game each), interpreted otherwise
    # inside every compiled hero turn (session 14)
    "warroom.games.metro2033.graph",
    "warroom.games.metro2033.rules.battle",
    "warroom.games.metro2033.rules.common",
    "warroom.games.metro2033.rules.decisions",
    "warroom.games.metro2033.rules.end",
    "warroom.games.metro2033.rules.events",
    "warroom.games.metro2033.rules.forecast",
    "warroom.games.metro2033.rules.kinds",
    "warroom.games.metro2033.rules.outcome",
    "warroom.games.metro2033.rules.quests",
    "warroom.games.metro2033.rules.setup",
    "warroom.games.metro2033.rules.turns",
    # the Metro 2033 position itself (session 14): a native class, so the compiled rules read and
    # write `st.owner`, `st.res` ... natively (the game read as `st.metro`)
    "warroom.games.metro2033.state",
)

# Modules tried and kept out of MODULES, with the reason (docs/speed.md has the measurements).
LEFT_OUT: dict[str, str] = {
    "warroom.core.actions": (
        "compiles, but every game's action class derives from `Action` (and Metro's table from "
        "`ActionTable`): importing a game then fails with 'interpreted classes cannot inherit from "
        "compiled' unless the core marks them allow_interpreted_subclasses"
    ),
}

# The observations' C writers (Cython, `<module>.pyx`; issue 18), built by every install where a C
# compiler is, the compiled build's too, not only with WARROOM_COMPILE=1: an encoder written in
# Python cannot keep the environments' step within 2x a raw decision of Siege or World of Tanks:
# Rush, and leaves Memoir '44 and Metro 2033 at its edge (docs/environments.md, "Session 18").
# Each is optional: where it is not built, its game's `encoding.Encoder` runs its Python writer
# (the same numbers).
NATIVE: tuple[str, ...] = (
    "warroom.games.siege.encoding_c",
    "warroom.games.wot_rush.encoding_c",
    "warroom.games.memoir44.encoding_c",
    "warroom.games.metro2033.encoding_c",
)

# The files whose content makes a build: the package's own files (code and data) and the build's.
_BUILD_FILES = ("setup.py", "pyproject.toml")
_SKIP_SUFFIXES = (".pyc", ".so", ".pyd")


def source_hash(root: Path) -> str:
    """A hash of everything a build of the checkout at `root` is made of: every file of the
    `warroom` package (a data file is copied into the build too), setup.py, pyproject.toml, and
    the Python and mypy versions that compile it. Equal hashes, equal builds."""
    digest = hashlib.sha256()
    files = [p for p in sorted((root / "warroom").rglob("*")) if p.is_file()]
    files = [p for p in files if "__pycache__" not in p.parts and not p.name.endswith(_SKIP_SUFFIXES)]
    for path in [*files, *(root / name for name in _BUILD_FILES)]:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    digest.update(sys.version.encode())
    try:
        from importlib.metadata import version

        digest.update(version("mypy").encode())
    except ImportError:  # pragma: no cover - importlib.metadata is in every supported Python
        pass
    return digest.hexdigest()[:16]


def core_key(root: Path) -> str:
    """A hash of what every compiled module of the checkout at `root` is built against: the
    core's sources and this file (the list of compiled modules). A build whose key differs from
    the last one's reuses nothing of it."""
    digest = hashlib.sha256()
    for path in [root / "warroom" / "_compiled.py", *sorted((root / "warroom" / "core").glob("*.py"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def native() -> dict[str, bool]:
    """For each module of `MODULES`: is it running compiled (loaded from an extension module)?"""
    running: dict[str, bool] = {}
    for name in MODULES:
        origin = getattr(importlib.import_module(name), "__file__", None) or ""
        running[name] = origin.endswith((".so", ".pyd"))
    return running


def compiler_missing() -> str | None:
    """Why the compiled build cannot be made on this machine, or None when it can: mypyc, a C
    compiler and the Python headers are all needed."""
    import importlib.util
    import shutil
    import sysconfig

    if importlib.util.find_spec("mypyc") is None:
        return "mypyc is not installed (it comes with mypy, a dev dependency)"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler!r} not found)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "the Python headers (Python.h) are not installed"
    return None


def build(root: Path, out: Path | None = None) -> Path:
    """Build the compiled package of the checkout `root` (once per `source_hash`) and return the
    directory holding it, `<out>/compiled-<hash>` (`out` defaults to `root/.build`): put it first
    on `sys.path` (`PYTHONPATH=DIR python -P ...`) to run it. A build already made is reused;
    concurrent callers wait for one another (a lock file); older builds are removed."""
    import fcntl
    import os
    import shutil
    import subprocess

    out = (out or root / ".build").resolve()
    out.mkdir(parents=True, exist_ok=True)
    with (out / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        target = out / f"compiled-{source_hash(root)}"
        if target.is_dir():
            return target
        # Build from a copy of the sources: an edit made during the build (a shared checkout) can
        # neither mix into it nor be labelled with the wrong hash, and the checkout gets no files.
        source = out / "source"
        shutil.rmtree(source, ignore_errors=True)
        skip = shutil.ignore_patterns("__pycache__", *(f"*{suffix}" for suffix in _SKIP_SUFFIXES))
        shutil.copytree(root / "warroom", source / "warroom", ignore=skip)
        for name in (*_BUILD_FILES, "README.md"):  # README.md: the package's long description
            shutil.copy2(root / name, source / name)
        key = source_hash(source)
        target = out / f"compiled-{key}"
        if target.is_dir():  # the checkout changed back to a built state while it was copied
            return target
        partial = out / f"partial-{key}"
        work = out / "work"
        for stale in (partial, work / "lib"):
            shutil.rmtree(stale, ignore_errors=True)  # never ship a file a previous build left
        # mypyc's incremental build reuses the C of unchanged modules; after a core class changed
        # how it compiles (session 9: Decision made non-native) Metro's unchanged kinds.c and
        # turns.c no longer compiled against the new core. So the reusable parts start afresh
        # whenever the core or the module list changes.
        base = core_key(source)
        if not (out / "core-key").exists() or (out / "core-key").read_text() != base:
            for stale in (work, out / "mypy-cache"):
                shutil.rmtree(stale, ignore_errors=True)
        # the key is written back only once this build has succeeded: an interrupted or failed
        # build can leave C that no longer compiles against the core, and the next build must
        # then start afresh (seen twice in session 12 as "no member named CPyDef_...")
        (out / "core-key").unlink(missing_ok=True)
        env = {
            **os.environ,
            "WARROOM_COMPILE": "1",
            "WARROOM_BUILD_DIR": str(work),
            "MYPY_CACHE_DIR": str(out / "mypy-cache"),
        }
        command = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation"]
        command += ["--target", str(partial), str(source)]
        reused = work.exists() or (out / "mypy-cache").exists()
        try:
            subprocess.run(command, check=True, env=env, cwd=source)
        except subprocess.CalledProcessError:
            if not reused:
                raise
            # mypyc 2.4's incremental build can emit C that never compiles: a module compiled
            # afresh against a module loaded from its cache calls every class of the cached one
            # through a native constructor (`exports_<group>.CPyDef_<Class>()`), non-native
            # classes too (the core's Rules, DecisionKind, Decision, Event), and their group
            # exports none ("no member named 'CPyDef_...'"; mypyc's `load_type_map` registers
            # `ir.ctor` for every cached class, a fresh compile only for extension classes).
            # Any edit of a compiled game module that builds one of them meets it; the build
            # then fails in gcc, never miscompiles (docs/speed.md, "Compiling (mypyc)"). Once
            # from clean compiles every module afresh, so it cannot meet it again.
            print("warroom: mypyc's incremental build failed; building again from clean", file=sys.stderr)
            for stale in (partial, work, out / "mypy-cache"):
                shutil.rmtree(stale, ignore_errors=True)
            subprocess.run(command, check=True, env=env, cwd=source)
        (out / "core-key").write_text(base)
        # keep the newest older build too: a run started on it may still be importing from it
        older = sorted(out.glob("compiled-*"), key=lambda path: path.stat().st_mtime)
        for old in older[:-1]:
            shutil.rmtree(old, ignore_errors=True)
        partial.rename(target)
        return target


def main(argv: list[str] | None = None) -> None:
    """`python -m warroom._compiled build [ROOT]`: build (if needed) and print the directory;
    `python -m warroom._compiled status`: which listed modules run compiled in this process."""
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["build"]:
        root = Path(args[1]) if len(args) > 1 else Path(__file__).resolve().parent.parent
        if not (root / "setup.py").exists():
            sys.exit(f"warroom: {root} is not a warroom checkout (no setup.py)")
        missing = compiler_missing()
        if missing:
            sys.exit(f"warroom: cannot build the compiled package: {missing}")
        print(build(root))
    elif args[:1] == ["status"]:
        running = native()
        print(f"{sum(running.values())} of {len(running)} listed modules run compiled")
        for name, compiled in running.items():
            print(f"  {'compiled' if compiled else 'Python  '}  {name}")
    else:
        sys.exit("usage: python -m warroom._compiled build [ROOT] | status")


if __name__ == "__main__":
    main()
