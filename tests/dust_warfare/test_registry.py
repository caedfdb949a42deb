"""The tables lower rules own and higher rules fill (rules/__init__.py): placement's arrival
contexts (DW-SET-06/08, DW-ABL-02/04/17, DW-ACT-09: entering, Air drop, Black ops, disembarking,
scouting) and attack's wreck handlers (DW-ABL-07: passengers bail out of a destroyed vehicle).

Whoever imports `rules.placement` or `rules.attack` alone must find them filled, whatever the
import order. The game's package imports its whole Game on the way, which would hide a table
filled only by a module higher up (it was rules/decisions.py); so a fresh interpreter stands an
empty module in for the package `warroom.games.dust_warfare` and imports just the one rules
module."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

ALONE = """
import importlib, json, pathlib, sys, types
games = importlib.import_module("warroom.games")
package = types.ModuleType("warroom.games.dust_warfare")
package.__path__ = [str(pathlib.Path(games.__file__).parent / "dust_warfare")]
sys.modules["warroom.games.dust_warfare"] = package
module = importlib.import_module("warroom.games.dust_warfare.rules." + sys.argv[1])
loaded = sorted(m for m in sys.modules if m.startswith("warroom.games.dust_warfare."))
print(json.dumps({
    "arrivals": sorted(getattr(module, "_ARRIVALS", {})),
    "wrecked": [f.__module__ + "." + f.__name__ for f in getattr(module, "_WRECKED", [])],
    "loaded": loaded,
}))
"""


def imported_alone(module: str) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", ALONE, module], capture_output=True, text=True, check=True, timeout=120
    )
    found: dict[str, list[str]] = json.loads(done.stdout)
    return found


@pytest.mark.parametrize("module", ["placement", "attack"])
def test_set_06_abl_07_the_tables_are_filled_whatever_imports_first(module: str) -> None:
    """DW-SET-06/08, DW-ACT-09 (arrivals), DW-ABL-07 (bail-out): filled with the rules module
    alone imported, neither the game nor rules/decisions.py loaded."""
    found = imported_alone(module)
    assert "warroom.games.dust_warfare.game" not in found["loaded"]
    assert "warroom.games.dust_warfare.rules.decisions" not in found["loaded"]
    if module == "placement":
        assert found["arrivals"] == ["black_ops", "disembark", "drop", "enter", "scout"]
    else:
        assert found["wrecked"] == ["warroom.games.dust_warfare.rules.transport.bail_out"]
