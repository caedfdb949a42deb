"""`--scenario` on the command line takes a scenario as its file is named (`first-battle`, as the
README and the issue write it) or as its id (`first_battle`); anything else is refused with the
choices."""

from __future__ import annotations

import pytest

from warroom.cli.common import configure
from warroom.core.errors import OptionError


@pytest.mark.parametrize("name", ["first-battle", "first_battle", "secret-mission"])
def test_a_dust_warfare_scenario_by_file_name_or_id(name: str) -> None:
    game = configure("dust_warfare", None, [], name)
    assert game.options["scenario"] == name.replace("-", "_")


def test_an_unknown_scenario_is_refused_naming_the_choices() -> None:
    with pytest.raises(OptionError, match="first_battle"):
        configure("dust_warfare", None, [], "first-contact")


def test_memoir44_names_keep_their_hyphens() -> None:
    assert configure("memoir44", None, [], "pegasus-bridge").options["scenario"] == "pegasus-bridge"
