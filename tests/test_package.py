"""The package's public names: `warroom.games()` lists the registered games, and `warroom.games`
is still the subpackage, so every way of importing a game's module works (the call once shadowed
the package, and `import warroom.games.siege as siege` raised ImportError)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import warroom
from warroom.core.registry import games
from warroom.games import BUILTIN_GAMES


def test_warroom_games_is_the_call_and_the_package() -> None:
    assert warroom.games() == games()
    assert sys.modules["warroom.games"] is vars(warroom)["games"]  # the attribute is the package
    assert BUILTIN_GAMES.keys() <= set(warroom.games())


@pytest.mark.parametrize(
    "statement",
    [
        "import warroom.games.siege.encoding as module",
        "import warroom.games.dust_warfare as module",
        "from warroom.games import memoir44 as module",
        "from warroom import games; module = games; assert 'metro2033' in games()",
    ],
)
def test_a_game_module_imports_every_way_in_a_fresh_interpreter(statement: str) -> None:
    """A fresh interpreter, so no earlier import has set the attributes up already."""
    done = subprocess.run(
        [sys.executable, "-c", f"{statement}; print(module.__name__)"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("warroom.games")
