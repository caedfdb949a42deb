"""warroom's build: pure Python by default, the mypyc-compiled hot modules with WARROOM_COMPILE=1.

pyproject.toml holds the metadata; this file only adds the compiled extension modules when
asked. `pip install .` builds a pure-Python package on any machine, compiler or not.
`WARROOM_COMPILE=1 pip install .` compiles the modules listed in warroom/_compiled.py with mypyc
(it fails loudly where that cannot be done: the compiled build was asked for). An editable
install never compiles: compiled `.so` files next to the `.py` files would shadow them, and an
edit would silently not take effect (docs/speed.md, "Compiling (mypyc)"). `./dev build` and
`./dev fast` drive this build into `.build/`, outside the source tree's packages.

Build knobs read from the environment (all optional):
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


def compiled_modules() -> tuple[str, ...]:
    """warroom/_compiled.py's MODULES, read without importing the warroom package."""
    spec = importlib.util.spec_from_file_location("_warroom_compiled", ROOT / "warroom" / "_compiled.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(module.MODULES)


def compiled_extensions(build_dir: str) -> list[Any]:
    from mypyc.build import mypycify

    paths = [str(Path(*name.split(".")).with_suffix(".py")) for name in compiled_modules()]
    # separate=True: one C extension per module, compiled in parallel and rebuilt only when its C
    # changed; opt_level 3 as mypyc's default, no debug info (smaller and faster to link).
    return mypycify(
        ["--config-file", str(ROOT / "pyproject.toml"), *paths],
        opt_level="3",
        debug_level="0",
        separate=True,
        target_dir=build_dir,
    )


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
    if compile_asked and building:
        if importlib.util.find_spec("mypyc") is None:
            sys.exit("warroom: WARROOM_COMPILE=1 needs mypyc, which comes with mypy (pip install mypy)")
        jobs = int(os.environ.get("WARROOM_COMPILE_JOBS", str(os.cpu_count() or 1)))
        ext_modules = compiled_extensions(os.path.join(build_dir, "mypyc"))
        options["build_ext"] = {"parallel": jobs}
    # mypyc comes with mypy: an isolated build (plain `pip install .`) gets it as a build requirement
    setup_requires = ["mypy>=1.10"] if compile_asked else []
    setup(ext_modules=ext_modules, options=options, setup_requires=setup_requires)


main()
