"""The compiled build gives the same games as pure Python, byte for byte (issue 15).

The modules listed in warroom/_compiled.py are compiled with mypyc into `.build/compiled-<hash>`
(the build `./dev build` and `./dev fast` use, made once per source hash, never in the package
tree). Each game with a compiled module (every game, since the core is compiled) then
replays, in a child process that imports warroom from that build (`python -P`, the build first
on PYTHONPATH), every seeded game of its fingerprints (tests/fingerprint.py's recorder: events,
option lists, saves and views; Dust Warfare's own) and its golden logs (tests/test_golden.py),
and each must equal what the pure-Python tree recorded. The
child first proves it runs the build: every listed module loaded from an extension module.

Where no compiled build can be made (no C compiler, no Python headers, no mypyc) the identity
tests skip and say why; the pure-Python wheel and the list's own checks run everywhere.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from tests.dust_warfare.test_fingerprint import DATA as DUST_DATA
from tests.dust_warfare.test_fingerprint import NAMES as DUST_NAMES
from tests.fingerprint import CONFIGS, DATA
from tests.metro2033.test_fingerprint import CONFIGS as METRO_CONFIGS
from tests.metro2033.test_fingerprint import DATA as METRO_DATA
from tests.test_golden import PLAYTHROUGHS, path_of
from warroom import _compiled
from warroom.core import registry

ROOT = Path(__file__).resolve().parent.parent
MISSING = _compiled.compiler_missing()
needs_compiler = pytest.mark.skipif(MISSING is not None, reason=f"no compiled build here: {MISSING}")

# The games whose rules are compiled: the top package of each listed game module.
COMPILED_GAMES = sorted({m.split(".")[2] for m in _compiled.MODULES if m.startswith("warroom.games.")})
# The games replayed on the build: every game once the core (its contract, turn engine, Rng) is
# compiled, since every game runs on it; else those with compiled rules.
CORE_COMPILED = any(m.startswith("warroom.core.") for m in _compiled.MODULES)
REPLAYED_GAMES = sorted(registry.games()) if CORE_COMPILED else COMPILED_GAMES

# Run inside the build: prove it is compiled, then print the fingerprints and golden logs of one game.
_REPLAY = """
import json, sys
import warroom
from warroom import _compiled
from tests.fingerprint import CONFIGS, fingerprint
from tests.metro2033.test_fingerprint import CONFIGS as METRO_CONFIGS
from tests.test_golden import PLAYTHROUGHS, render

game = sys.argv[1]
fingerprints = {c[0]: fingerprint(c) for c in [*CONFIGS, *METRO_CONFIGS] if c[1] == game}
if game == "dust_warfare":  # its own fingerprint module: listed and sampled games
    from tests.dust_warfare.test_fingerprint import NAMES, _digest
    fingerprints = {name: _digest(name) for name in NAMES}
print(json.dumps({
    "package": warroom.__file__,
    "native": _compiled.native(),
    "fingerprints": fingerprints,
    "golden": {p.name: render(p) for p in PLAYTHROUGHS if p.game_id == game},
}))
"""


@pytest.fixture(scope="session")
def built() -> Path:
    """The compiled package of this checkout (built now unless this source hash was built)."""
    return _compiled.build(ROOT)


def in_build(built: Path, script: str, *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    """`script` run by `python -P -c` with the build first on the path, the checkout after it
    (for `tests`), from the checkout, with `extra` environment variables: its exit status and
    captured output."""
    env = {**os.environ, "PYTHONPATH": f"{built}{os.pathsep}{ROOT}", **extra}
    command = [sys.executable, "-P", "-c", script, *args]
    return subprocess.run(command, check=False, env=env, cwd=ROOT, capture_output=True, text=True)


def test_every_listed_module_exists_once() -> None:
    for name in _compiled.MODULES:
        assert (ROOT / Path(*name.split("."))).with_suffix(".py").is_file(), name
    assert len(set(_compiled.MODULES)) == len(_compiled.MODULES)
    assert not set(_compiled.MODULES) & set(_compiled.LEFT_OUT)


def test_the_core_key_follows_the_core_and_the_list_only(tmp_path: Path) -> None:
    """A build starts its reusable C and mypy cache afresh when the core or the list changed
    (stale incremental C failed to compile once the core's Decision became non-native)."""
    for name in ("warroom/core/engine.py", "warroom/_compiled.py", "warroom/games/siege/state.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes((ROOT / name).read_bytes())
    key = _compiled.core_key(tmp_path)
    (tmp_path / "warroom/games/siege/state.py").write_text("# a game's edit\n")
    assert _compiled.core_key(tmp_path) == key
    for name in ("warroom/core/engine.py", "warroom/_compiled.py"):
        (tmp_path / name).write_text((tmp_path / name).read_text() + "# an edit\n")
        assert _compiled.core_key(tmp_path) != key
        key = _compiled.core_key(tmp_path)


def test_a_failed_build_leaves_no_core_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The core key is written only by a build that succeeded: a failed or interrupted one may
    leave C that no longer compiles, so the next build must start its reusable parts afresh."""

    def fails(command: list[str], **_: object) -> None:
        raise subprocess.CalledProcessError(1, command)

    (tmp_path / "core-key").write_text("an older build's key")
    monkeypatch.setattr(subprocess, "run", fails)
    with pytest.raises(subprocess.CalledProcessError):
        _compiled.build(ROOT, tmp_path)
    assert not (tmp_path / "core-key").exists()

    def succeeds(command: list[str], **_: object) -> None:
        Path(command[command.index("--target") + 1]).mkdir()

    monkeypatch.setattr(subprocess, "run", succeeds)
    assert _compiled.build(ROOT, tmp_path).is_dir()
    assert (tmp_path / "core-key").read_text() == _compiled.core_key(tmp_path / "source")


def test_a_failed_incremental_build_is_built_again_from_clean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An incremental build that fails is made once more with no C and no mypy cache kept
    (mypyc's cached non-native classes, below); a build with nothing to reuse fails at once."""
    calls: list[tuple[bool, bool]] = []

    def fails_if_reusing(command: list[str], **_: object) -> None:
        calls.append(((tmp_path / "work").exists(), (tmp_path / "mypy-cache").exists()))
        if calls[-1] != (False, False):
            raise subprocess.CalledProcessError(1, command)
        Path(command[command.index("--target") + 1]).mkdir()

    monkeypatch.setattr(subprocess, "run", fails_if_reusing)
    (tmp_path / "core-key").write_text(_compiled.core_key(ROOT))  # the reusable parts are kept
    for reused in ("work", "mypy-cache"):
        (tmp_path / reused / "stale").mkdir(parents=True)
    assert _compiled.build(ROOT, tmp_path).is_dir()
    assert calls == [(True, True), (False, False)]

    def fails(command: list[str], **_: object) -> None:
        calls.append(((tmp_path / "work").exists(), (tmp_path / "mypy-cache").exists()))
        raise subprocess.CalledProcessError(1, command)

    calls.clear()
    for old in tmp_path.glob("compiled-*"):
        old.rename(tmp_path / "elsewhere")  # so the same sources build again
    monkeypatch.setattr(subprocess, "run", fails)
    with pytest.raises(subprocess.CalledProcessError):
        _compiled.build(ROOT, tmp_path)
    assert calls == [(False, False)]  # nothing was reused: the failure is the edit's own


# A package of two compiled modules, the second building the first's non-native class.
_TOY = {
    "warroom/__init__.py": "",
    "warroom/_compiled.py": 'MODULES = ("warroom.toy.kinds", "warroom.toy.user")\nNATIVE = ()\n',
    "warroom/toy/__init__.py": "",
    "warroom/toy/kinds.py": (
        "from dataclasses import dataclass\n\n"
        "from mypy_extensions import mypyc_attr\n\n\n"
        "@mypyc_attr(native_class=False)\n"
        "@dataclass(frozen=True)\n"
        "class Kind:\n"
        "    name: str\n"
    ),
    "warroom/toy/user.py": (
        'from warroom.toy.kinds import Kind\n\n\ndef make() -> Kind:\n    return Kind("first")\n'
    ),
}


@needs_compiler
def test_an_edit_beside_a_cached_non_native_class_builds(tmp_path: Path) -> None:
    """mypyc's incremental build compiles an edited module against its cached imports, and there
    calls a non-native class (as the games call the core's Rules, DecisionKind, Decision) through
    a native constructor its module never exported: the C does not compile. `build` then builds
    from clean, and the build runs the edit (a real build of a package of two modules)."""
    root = tmp_path / "checkout"
    for name, text in _TOY.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        (root / name).write_bytes((ROOT / name).read_bytes())
    out = tmp_path / "build"

    def made(build: Path) -> str:
        code = "from warroom.toy import user; print(user.__file__, user.make().name)"
        env = {**os.environ, "PYTHONPATH": str(build)}
        command = [sys.executable, "-P", "-c", code]
        ran = subprocess.run(command, check=False, env=env, capture_output=True, text=True)
        assert ran.returncode == 0, ran.stderr
        origin, name = ran.stdout.split()
        assert origin.endswith(".so") and origin.startswith(str(build)), origin
        return name

    assert made(_compiled.build(root, out)) == "first"
    user = root / "warroom/toy/user.py"
    user.write_text(user.read_text().replace('"first"', '"second"'))  # the core key is the same
    assert made(_compiled.build(root, out)) == "second"


def test_the_games_with_compiled_modules() -> None:
    assert COMPILED_GAMES == ["memoir44", "metro2033", "siege", "wot_rush"]
    assert CORE_COMPILED
    assert REPLAYED_GAMES == ["dust_warfare", "memoir44", "metro2033", "siege", "wot_rush"]


@needs_compiler
@pytest.mark.parametrize("game", REPLAYED_GAMES)
def test_compiled_games_equal_the_recorded_pure_python_games(built: Path, game: str) -> None:
    done = in_build(built, _REPLAY, game, PYTHONHASHSEED="0")
    assert done.returncode == 0, done.stderr[-3000:]
    replay = json.loads(done.stdout.strip().splitlines()[-1])
    assert Path(replay["package"]).is_relative_to(built), replay["package"]
    assert all(replay["native"].values()), [m for m, ok in replay["native"].items() if not ok]
    recorded = {**json.loads(DATA.read_text()), **json.loads(METRO_DATA.read_text())}
    recorded |= json.loads(DUST_DATA.read_text())
    configs = [c[0] for c in [*CONFIGS, *METRO_CONFIGS] if c[1] == game]
    configs = DUST_NAMES if game == "dust_warfare" else configs
    assert configs and sorted(replay["fingerprints"]) == sorted(configs)
    different = [name for name in configs if replay["fingerprints"][name] != recorded[name]]
    assert not different, f"{game}: the compiled build plays these seeded games differently: {different}"
    for play in PLAYTHROUGHS:
        if play.game_id == game:
            assert replay["golden"][play.name] == path_of(play).read_text(encoding="utf-8"), play.name


# Run inside the build: the compiled Rng's draws (its i64 path, core/rng.py) for `_STREAMS`.
_DRAWS = """
import json, sys
from tests.test_compiled import rng_draws
from warroom.core import rng

assert rng._NATIVE, rng.__file__
print(json.dumps(rng_draws()))
"""


# The state whose next SplitMix64 step reaches 0, whose output is 0: a draw below any n that is
# not a power of 2 then has the low word 0 < 2**64 % n, which `below` rejects (and draws again).
_REJECTED_START = -0x9E3779B97F4A7C15 & ((1 << 64) - 1)


def rng_draws() -> list[list[int]]:
    """Draws of every kind from seeds across the 64-bit range: `below` for small, large and
    huge n (past the i64 path's 2**31 limit), shuffles of 0-60 items, and draws that reject."""
    import random

    from warroom.core.rng import Rng

    pick = random.Random(15)
    seeds = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, *(pick.getrandbits(64) for _ in range(60))]
    out: list[list[int]] = []
    for seed in seeds:
        rng = Rng(seed)
        drawn = [rng.below(n) for n in (*range(1, 50), (1 << 31) - 1, 1 << 31, 1 << 40, 3 << 62)]
        for size in range(61):
            items = list(range(size))
            rng.shuffle(items)
            drawn += items
        out.append([*drawn, rng.die(), rng.next_u64(), rng.state])
    for n in (3, 7, 49, (1 << 31) - 1):
        rng = Rng(_REJECTED_START)
        out.append([rng.below(n), rng.state])
    return out


def test_the_rejecting_states_reject() -> None:
    """`_REJECTED_START` is what it says (so the draws above cover `below`'s rejection)."""
    from warroom.core.rng import Rng

    assert Rng(_REJECTED_START).next_u64() == 0
    for n in (3, 7, 49, (1 << 31) - 1):
        rng = Rng(_REJECTED_START)
        rng.below(n)
        assert rng.state != 0  # the draw at state 0 was rejected: it drew again


@needs_compiler
def test_the_compiled_rng_draws_what_the_pure_one_draws(built: Path) -> None:
    """The compiled build's Rng computes on native 64-bit integers (core/rng.py's i64 path), a
    second implementation of the same draws: they must be the same numbers."""
    done = in_build(built, _DRAWS)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == rng_draws()


# Run inside the build: every game's state cloned mid-game, and loaded from its save, plays on as
# the original does (the search clones a world per iteration; a native state class's `__new__`
# runs its `__init__`; a load builds the state through the class's `from_json`, which a build
# once broke for World of Tanks: Rush while every fingerprint, recorded without loads, passed).
_CLONES = """
import json, random
import warroom
from warroom.core import registry

out = {}
for game_id in sorted(registry.games()):
    game = warroom.load(game_id)
    state, pick, texts = game.new_initial_state(3), random.Random(3), []
    copy = loaded = None
    while not state.is_terminal() and len(texts) < 400:
        if len(texts) == 5:
            copy, loaded = state.clone(), game.deserialize(state.serialize())
        action = pick.choice(state.legal_actions())
        state.apply_action(action)
        texts.append(action.text)
    assert copy is not None and loaded is not None, game_id
    for text in texts[5:]:
        copy.apply_action(copy.game.parse_action(copy, text))
        loaded.apply_action(loaded.game.parse_action(loaded, text))
    out[game_id] = copy.serialize() == state.serialize() == loaded.serialize()
print(json.dumps(out))
"""


@needs_compiler
def test_compiled_clones_and_loads_play_on_as_the_original(built: Path) -> None:
    done = in_build(built, _CLONES)
    assert done.returncode == 0, done.stderr[-3000:]
    same = json.loads(done.stdout.strip().splitlines()[-1])
    assert sorted(same) == REPLAYED_GAMES and all(same.values()), same


# Run inside the build: configured games used by every per-game cache (the server's action
# documents, Siege's card names, World of Tanks: Rush's invariant tables) and then dropped: the
# collector must survive them. Native classes are freed
# without clearing their weak references (mypyc/mypyc#1102), so the caches once keyed by a
# WeakKeyDictionary crashed here (session 17); they live in `Game.memo` now.
_DROPPED = """
import gc
import warroom
from warroom.core import registry
from warroom.server.turns import options_for
from warroom.games.siege.render import card_names
from warroom.games.wot_rush.invariants import check

for round in range(3):
    for game_id in sorted(registry.games()):
        game = warroom.load(game_id)
        state = game.new_initial_state(round)
        options_for(game, state, state.current_player())
        if game_id == "siege":
            card_names(state)
        if game_id == "wot_rush":
            check(state)
        del game, state
        gc.collect()
print("collected")
"""


@needs_compiler
def test_compiled_games_are_freed_cleanly(built: Path) -> None:
    done = in_build(built, _DROPPED)
    assert done.returncode == 0 and "collected" in done.stdout, (done.returncode, done.stderr[-3000:])


def test_no_weak_reference_is_taken_to_a_compiled_object() -> None:
    """The package takes no weak references (`weakref`): its games and states are native classes
    on the compiled build, which mypyc frees without clearing weak references to them."""
    users = [p for p in (ROOT / "warroom").rglob("*.py") if "weakref" in p.read_text()]
    assert users == [], users


def _wheel(tmp_path: Path, **knobs: str) -> tuple[str, list[str]]:
    """The wheel a plain `pip wheel` of the checkout builds with these environment knobs (and
    no WARROOM_COMPILE): its file name and member names."""
    env = {k: v for k, v in os.environ.items() if k not in ("WARROOM_COMPILE", "WARROOM_NATIVE")}
    env |= {"WARROOM_BUILD_DIR": str(tmp_path / "work"), **knobs}
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    subprocess.run([*command, "-w", str(tmp_path), str(ROOT)], check=True, env=env, cwd=ROOT)
    (wheel,) = tmp_path.glob("warroom-*.whl")
    return wheel.name, zipfile.ZipFile(wheel).namelist()


def test_a_plain_install_compiles_only_the_observations_c_writers(tmp_path: Path) -> None:
    """Without WARROOM_COMPILE=1 the rules stay Python; the observations' C writers (`NATIVE`)
    are built where a C compiler is, and nothing else is compiled."""
    if shutil.which((sysconfig.get_config_var("CC") or "cc").split()[0]) is None:
        pytest.skip("no C compiler here: the C writers are left out (the next test's wheel)")
    name, names = _wheel(tmp_path)
    assert "warroom/_compiled.py" in names and "warroom/core/rng.py" in names
    built = sorted(n.split(".")[0].replace("/", ".") for n in names if n.endswith((".so", ".pyd")))
    assert built == sorted(_compiled.NATIVE), built
    assert not [n for n in names if n.endswith(".c")]
    assert not name.endswith("-py3-none-any.whl")  # a platform wheel: it holds extension modules


def test_warroom_native_0_builds_a_pure_python_wheel(tmp_path: Path) -> None:
    """WARROOM_NATIVE=0: nothing compiled, compiler or not: a wheel for any machine."""
    name, names = _wheel(tmp_path, WARROOM_NATIVE="0")
    assert name.endswith("-py3-none-any.whl")
    assert "warroom/_compiled.py" in names and "warroom/core/rng.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", ".c"))]


def test_an_editable_install_refuses_to_compile() -> None:
    """Compiled modules beside the .py files of an editable install would shadow later edits."""
    env = {**os.environ, "WARROOM_COMPILE": "1"}
    done = subprocess.run(
        [sys.executable, "setup.py", "develop"],
        check=False,
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert done.returncode != 0
    assert "editable install would put compiled modules beside the .py files" in done.stderr
