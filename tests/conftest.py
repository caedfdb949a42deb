"""Suite-wide checks. Under `./dev test-build` (the whole suite against the compiled build,
docs/speed.md "Session 17") every worker first proves that it imported the build: each module
`warroom/_compiled.py` lists loaded from an extension module, else the run stops at once rather
than pass on pure Python."""

from __future__ import annotations

import os

import pytest


def pytest_sessionstart(session: pytest.Session) -> None:
    if os.environ.get("WARROOM_EXPECT_COMPILED") != "1":
        return
    from warroom import _compiled

    pure = [name for name, native in _compiled.native().items() if not native]
    if pure:
        raise pytest.UsageError(f"./dev test-build imported pure Python for {', '.join(pure)}")
