"""warroom's build: Python, the observations' C writers, and the mypyc-compiled hot modules with
WARROOM_COMPILE=1.

pyproject.toml holds the metadata; this file only adds the extension modules. Every install
builds the observations' C writers (`NATIVE` in warroom/_compiled.py: Cython, issue 18) where a C
compiler is; they are optional extensions, so on a machine without one `pip install .` still
installs, and the encoders' Python writers run instead (the same numbers, slower);
`WARROOM_NATIVE=0` leaves them out on purpose (a pure-Python wheel for any machine).
`WARROOM_COMPILE=1 pip install .` compiles the modules listed in warroom/_compiled.py with mypyc
(it fails loudly where that cannot be done: the compiled build was asked for). An editable
install never compiles: compiled `.so` files next to the `.py` files would shadow them, and an
edit would silently not take effect (docs/speed.md, "Compiling (mypyc)"). `./dev build` and
`./dev fast` drive this build into `.build/`, outside the source tree's packages.

Build knobs read from the environment (all optional):
  WARROOM_NATIVE=0          build no C writers (pure Python unless WARROOM_COMPILE=1)
  WARROOM_COMPILE=1         compile MODULES with mypyc
  WARROOM_BUILD_DIR=PATH    where the build's files go: mypyc's C, objects, metadata (default: build/)
  WARROOM_COMPILE_JOBS=N    parallel compiler jobs (default: the machine's cores)
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup

ROOT = Path(__file__).resolve().parent


def compiled_list(name: str) -> tuple[str, ...]:
    """warroom/_compiled.py's list `name` (MODULES, NATIVE), read without importing the package."""
    spec = importlib.util.spec_from_file_location("_warroom_compiled", ROOT / "warroom" / "_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(getattr(module, name))


def compiled_extensions(build_dir: str) -> list[Any]:
    from mypyc.build import mypycify

    paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in compiled_list("MODULES")]
    # separate=True: one C extension per module, compiled in parallel and rebuilt only when its C
    # changed; opt_level 3 as mypyc's default, no debug info (smaller and faster to link).
    return mypycify(
        ["--config-file", str(ROOT / "pyproject.toml"), *paths],
        opt_level="3",
        debug_level="0",
        separate=True,
        target_dir=build_dir,
    )


def native_extensions(build_dir: str) -> list[Any]:
    """The C writers (Cython), each optional: a compiler error leaves that writer out, with
    setuptools' warning, instead of failing the install."""
    try:
        from Cython.Build import cythonize
    except ImportError:  # a build without the declared build requirements (no isolation)
        print("warroom: Cython is not installed: the observations' C writers are not built", file=sys.stderr)
        return []
    from setuptools import Extension

    extensions = [
        Extension(name, [str(Path(*name.split(".")).with_suffix(".pyx"))], optional=True)
        for name in compiled_list("NATIVE")
    ]
    # the generated C goes to the build directory, not beside the .pyx files
    return list(cythonize(extensions, build_dir=os.path.join(build_dir, "cython"), quiet=True))


def main() -> None:
    compile_asked = os.environ.get("WARROOM_COMPILE", "") == "1"
    editable = any(cmd in sys.argv for cmd in ("develop", "editable_wheel"))
    options: dict[str, Any] = {}
    ext_modules: list[Any] = []
    if compile_asked and editable:
        sys.exit(
            "warroom: WARROOM_COMPILE=1 with an editable install would put compiled modules beside "
            "the .py files and shadow every later edit; use `./dev build` / `./dev fast` "
            "(docs/speed.md) or a plain `WARROOM_COMPILE=1 pip install .`"
        )
    build_dir = os.environ.get("WARROOM_BUILD_DIR", "build")
    options["build"] = {"build_base": build_dir}
    if "WARROOM_BUILD_DIR" in os.environ:  # all of a build's files there, its metadata too
        Path(build_dir).mkdir(parents=True, exist_ok=True)
        options["egg_info"] = {"egg_base": build_dir}
    # only a command that builds compiles (pip first asks for requirements and metadata: the same
    # with or without the extensions, and computing those runs mypy over the package)
    building = any(cmd in sys.argv for cmd in ("bdist_wheel", "build", "build_ext", "install"))
    if (building or editable) and os.environ.get("WARROOM_NATIVE", "") != "0":
        ext_modules = native_extensions(build_dir)
    if compile_asked and building:
        if importlib.util.find_spec("mypyc") is None:
            sys.exit("warroom: WARROOM_COMPILE=1 needs mypyc, which comes with mypy (pip install mypy)")
        jobs = int(os.environ.get("WARROOM_COMPILE_JOBS", str(os.cpu_count() or 1)))
        ext_modules += compiled_extensions(os.path.join(build_dir, "mypyc"))
        options["build_ext"] = {"parallel": jobs}
    # mypyc comes with mypy: an isolated build (plain `pip install .`) gets it as a build requirement
    setup_requires = ["mypy>=1.10"] if compile_asked else []
    setup(ext_modules=ext_modules, options=options, setup_requires=setup_requires)


main()
