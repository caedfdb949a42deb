"""The README's position examples (one per game) build through the public notation
(`Game.from_position`) and offer exactly the legal options their last comment lists."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import warroom

README = (Path(__file__).parent.parent / "README.md").read_text()
SECTION = README[README.index("## Positions") : README.index("## The Python API")]
BLOCKS = re.findall(r"```text\n(.*?)```", SECTION, re.S)
GAMES = {
    "War Thunder: Siege": "siege",
    "Memoir '44": "memoir44",
    "World of Tanks: Rush": "wot_rush",
    "Dust Warfare": "dust_warfare",
    "Metro 2033": "metro2033",
}


def _game_of(block: str) -> str:
    title = block.splitlines()[0].lstrip("# ").split(":")[0]
    for name, game_id in GAMES.items():
        if title.startswith(name.split(":")[0]):
            return game_id
    raise AssertionError(f"no game named in {block.splitlines()[0]!r}")


def test_one_example_per_game() -> None:
    assert sorted(_game_of(block) for block in BLOCKS) == sorted(warroom.games())


@pytest.mark.parametrize("block", BLOCKS, ids=[_game_of(b) for b in BLOCKS])
def test_example_offers_the_options_it_lists(block: str) -> None:
    state = warroom.game_class(_game_of(block)).from_position(block, 1)
    listed = block.rstrip().splitlines()[-1].removeprefix("# legal:").split("|")
    assert [a.text for a in state.legal_actions()] == [text.strip() for text in listed]
