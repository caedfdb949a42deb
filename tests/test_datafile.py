"""Data files are validated on load with one clear error: every game's loader, through the shared
reader (warroom.core.datafile), names the file for bytes that are not UTF-8 or not TOML, and
the file, entry and field for an entry its model refuses."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from warroom.core.datafile import read_toml, validate
from warroom.core.errors import CorruptDataError
from warroom.games.dust_warfare import content as dust_content
from warroom.games.memoir44 import content as memoir44_content
from warroom.games.metro2033 import content as metro_content
from warroom.games.siege import content as siege_content
from warroom.games.wot_rush import content as wot_content

# each game: its loader (given the data folder), its shipped data folder, a file to spoil
LOADERS: dict[str, tuple[Callable[[Path], Any], Path, str]] = {
    "siege": (siege_content.load_content, siege_content.DATA, "cards.toml"),
    "memoir44": (memoir44_content.load_content, memoir44_content.DATA, "units.toml"),
    "wot_rush": (lambda d: wot_content.load_content(d / "cards.toml"), wot_content.DATA, "cards.toml"),
    "dust_warfare": (dust_content.load_content, dust_content.DATA, "units.toml"),
    "metro2033": (metro_content.load_content, metro_content.DATA, "cards.toml"),
}


@pytest.fixture(params=sorted(LOADERS))
def spoilt(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Callable[[Path], Any], Path, Path]:
    load, shipped, name = LOADERS[request.param]
    data = tmp_path / "data"
    shutil.copytree(shipped, data)
    return load, data, data / name


def test_bytes_that_are_not_utf8_name_the_file(spoilt: tuple[Callable[[Path], Any], Path, Path]) -> None:
    load, data, target = spoilt
    target.write_bytes(b"\xff\xfe not utf-8")
    with pytest.raises(CorruptDataError, match=re.escape(target.name)):
        load(data)


def test_text_that_is_not_toml_names_the_file(spoilt: tuple[Callable[[Path], Any], Path, Path]) -> None:
    load, data, target = spoilt
    target.write_text("[[card\nname = ", encoding="utf-8")
    with pytest.raises(CorruptDataError, match=re.escape(target.name)):
        load(data)


def test_shipped_files_still_load(spoilt: tuple[Callable[[Path], Any], Path, Path]) -> None:
    load, data, _ = spoilt
    assert load(data) is not None


def test_validate_names_label_and_field() -> None:
    from pydantic import BaseModel

    class Unit(BaseModel):
        kind: str
        dice: int

    assert validate(Unit, {"kind": "tank", "dice": 3}, "units.toml #1").dice == 3
    with pytest.raises(CorruptDataError, match=r"^units\.toml #2 \(x\), field dice: Input should be"):
        validate(Unit, {"kind": "x", "dice": "many"}, "units.toml #2 (x)")
    with pytest.raises(CorruptDataError, match=r"field table: "):
        validate(Unit, [1, 2], "rules", whole="table")


def test_read_toml_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CorruptDataError, match=r"nothing\.toml"):
        read_toml(tmp_path / "nothing.toml")
