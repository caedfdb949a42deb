"""The `armies` and `scenario_file` options by name, by path and as parsed content (issue 13): a
shipped army file has a short name the game resolves before a path ("special" =
data/armies-special.toml), so the command line takes both; a file's text is read by the same checks
as the file (DW-SET-01/02, DW-HERO-02, DW-CAMP-05), its errors naming the entry and the field; the
game built from parsed content is the game built from the file."""

from __future__ import annotations

import pytest

from warroom.cli.common import configure
from warroom.core.errors import CorruptDataError, OptionError
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.content import DATA, armies_from_text, load_armies, shipped_armies
from warroom.games.dust_warfare.scenario import SCENARIOS, load_scenario, scenario_from_text

SPECIAL = DATA / "armies-special.toml"


def test_every_shipped_army_file_has_a_short_name_and_loads() -> None:
    assert shipped_armies() == {"special": SPECIAL}
    for name, path in shipped_armies().items():
        assert load_armies(path), name


def test_the_command_line_takes_a_shipped_name_or_a_path_alike() -> None:
    by_name = configure("dust_warfare", None, ["armies=special"], "front-lines")
    by_path = configure("dust_warfare", None, [f"armies={SPECIAL}"], "front-lines")
    assert isinstance(by_name, DustWarfareGame) and isinstance(by_path, DustWarfareGame)
    assert [u.kind.id for u in by_name.units] == [u.kind.id for u in by_path.units]
    assert "U-A08" in [u.kind.id for u in by_name.units]  # the Punisher, with its Twin 155 mm
    assert by_name.catalog() == by_path.catalog()
    with pytest.raises(OptionError, match="DW-FB-01"):
        DustWarfareGame(armies="special")  # First Battle keeps the starter lists


def test_a_files_text_reads_as_the_file_and_plays_the_same_game() -> None:
    text = SPECIAL.read_text(encoding="utf-8")
    lists = armies_from_text(text, "upload.toml")
    assert lists == load_armies(SPECIAL)
    path = SCENARIOS / "front-lines.toml"
    layout = scenario_from_text(path.read_text(encoding="utf-8"), "upload.toml")
    assert layout == load_scenario(path)
    parsed = DustWarfareGame(army_lists=lists, layout=layout, armies="upload:x", scenario_file="upload:y")
    by_file = DustWarfareGame(armies=str(SPECIAL), scenario_file=str(path))
    assert parsed.catalog() == by_file.catalog()
    first, second = parsed.new_initial_state(7), by_file.new_initial_state(7)
    assert first.view(None) == second.view(None) and first.legal_actions()
    assert [parsed.describe_action(first, a) for a in first.legal_actions()] == [
        by_file.describe_action(second, a) for a in second.legal_actions()
    ]


def test_a_bad_text_is_refused_naming_the_name_given_the_entry_and_the_field() -> None:
    text = SPECIAL.read_text(encoding="utf-8")
    with pytest.raises(CorruptDataError, match=r"^upload\.toml: "):
        armies_from_text("[[army]\n", "upload.toml")
    with pytest.raises(
        CorruptDataError,
        match=r"^upload\.toml: \[\[army\]\] #2 \(axis_fixtures\), field platoon\.0\.support\.1",
    ):
        armies_from_text(text.replace('"U-X11", "U-X05"', '"U-X11", "U-A05"'), "upload.toml")
    scenario = (SCENARIOS / "front-lines.toml").read_text(encoding="utf-8")
    with pytest.raises(CorruptDataError, match=r"^upload\.toml: scenario front_lines, field points_limit"):
        scenario_from_text(scenario.replace("points_limit = 150", "points_limit = 0"), "upload.toml")
    lists = armies_from_text(text, "upload.toml")
    with pytest.raises(OptionError, match="the uploaded army file: army allied_transport costs 147 AP"):
        small = scenario_from_text(
            scenario.replace("points_limit = 150", "points_limit = 100"), "upload.toml"
        )
        DustWarfareGame(army_lists=lists, layout=small)
