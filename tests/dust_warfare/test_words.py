"""Dust Warfare's words for a player (words.py, render.describe): units by their card's name and
side, never by the engine's id; formations and facings on the compass (DW-GEO-01, DW-GEO-17);
the typed texts unchanged. Seeded random games of every scenario are read option by option."""

from __future__ import annotations

import random
import re

import pytest

from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.game import PLAYABLE
from warroom.games.dust_warfare.render import describe
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import (
    Faction,
    Formation,
    Status,
    compass,
    facing_words,
    formation_words,
    unit_titles,
)

# an engine id (`u5`, `SO-2`, `T-WOOD`) or a template and angle (`column 180`) left in the words
ENGINE_WORDS = re.compile(r"\bu\d+\b|\b(?:line|column|cluster) \d|\bSO-\d\b|\bT-[A-Z]+\b")
# a coordinate pair, a bare range of x or y, or an angle in degrees: engine geometry, not table words
COORDINATES = re.compile(r"\(\s*-?\d+(?:\.\d+)?,\s*-?\d+(?:\.\d+)?\s*\)|\b[xy] \d+-\d+|\d°")
# options that name a place or a turn, so their words must say it (DW-GEO-17, D-05, DW-FL-04)
PLACES = frozenset({"region", "at", "rotate", "place"})
# the staged picks each scenario reaches in a seeded game: every table has regions and lattice
# points; only a placed table (Secret Mission's terrain, Front Lines' barriers) has rotations
STAGES = {
    "first_battle": {"region", "at"},
    "front_lines": {"region", "at", "rotate"},
    "secret_mission": {"region", "at", "rotate"},
    "night_encounter": {"region", "at"},
}
DECISIONS = 400  # per game: deployment, orders, moves, attacks and reactions of the first turns


def test_the_compass_follows_the_tables_axes() -> None:
    """DW-GEO-01: y = depth is north, so 90° faces north, 0° east, 180° west, 270° south."""
    assert [compass(a) for a in (0, 90, 180, 270)] == ["east", "north", "west", "south"]
    assert compass(45) == "north-east"
    assert compass(22.5) == "east-north-east"
    assert compass(337.5) == "east-south-east"
    assert compass(-90) == "south"


def test_formations_and_facings_in_words() -> None:
    """DW-GEO-17 (b): a column's followers file behind the leader, so "column 180" faces west."""
    assert formation_words(Formation.COLUMN, 180.0) == "in column, facing west"
    assert formation_words(Formation.LINE, 90.0) == "in line, facing north"
    assert (
        formation_words(Formation.CLUSTER, 0.0)
        == "clustered round the leader, the first follower to the east"
    )
    assert facing_words(270.0) == "facing south"


def test_two_units_alike_are_numbered_on_one_side_only() -> None:
    units = (
        ("Laser Grenadiers", Faction.AXIS),
        ("Assault Ranger Squad", Faction.ALLIES),
        ("Laser Grenadiers", Faction.AXIS),
        ("Laser Grenadiers", Faction.ALLIES),
    )
    assert unit_titles(units) == (
        "Laser Grenadiers 1 (Axis)",
        "Assault Ranger Squad (Allies)",
        "Laser Grenadiers 2 (Axis)",
        "Laser Grenadiers (Allies)",
    )


def words_of(text: str, label: str) -> str:
    """What a player reads of an option: its label after the typed text (the browser's list)."""
    return label[len(text) :].lstrip(": ") if label.startswith(text) else label


@pytest.mark.parametrize("scenario", PLAYABLE)
def test_no_option_of_a_seeded_game_speaks_engine_words(scenario: str) -> None:
    """Every option of every decision of a seeded random game: its typed text still parses back
    to it, its words name no engine id, raw formation, coordinate pair or angle, an option on a
    unit or a miniature (D-14, D-20: by role and place) and a region, lattice point, rotation or
    exact proposal (DW-GEO-17, D-05: by what is near and which way it lies) has words, and (Night
    Encounter, DW-NE-02) no option names a unit still hidden under its marker."""
    game = DustWarfareGame(scenario=scenario)
    st = game.new_initial_state(3)
    assert isinstance(st, DustState)
    rng = random.Random(3)
    titles = unit_titles(tuple((u.name, Faction.ALLIES if u.seat == 0 else Faction.AXIS) for u in game.units))
    verbs: set[str] = set()
    for _ in range(DECISIONS):
        if st.is_terminal():
            break
        actions = st.legal_actions()
        hidden = [titles[u] for u in range(len(game.units)) if st.status[u] == Status.HIDDEN]
        for action in actions:
            label = describe(st, action)
            words = words_of(action.text, label)
            where = f"{scenario}: {action.text!r} -> {label!r}"
            shown = words or action.text
            assert not ENGINE_WORDS.search(shown), where
            assert not COORDINATES.search(words), where
            if any(p.role in ("unit", "target", "model") for p in action.parts) or action.verb in PLACES:
                assert words, where  # a unit, a miniature, a place or a turn is always said in words
            assert not any(title in label for title in hidden), where
            assert game.parse_action(st, action.text) == action, where
            verbs.add(str(action.verb))
        st.apply_action(rng.choice(actions))
    assert {"unit", "shape"} <= verbs  # deployment was read, followers' formations included
    assert STAGES[scenario] <= verbs, STAGES[scenario] - verbs


def test_a_secret_objective_is_chosen_in_the_tables_words() -> None:
    """DW-SM-10, D-08: each side's choice of its secret objective reads "the Allies choose their
    secret objective" to the table and names the objective to that side alone, never its id or a
    seat number (the kind's `said`, not the core's "player N has chosen")."""
    game = DustWarfareGame(scenario="secret_mission")
    st = game.new_initial_state(2)
    rng = random.Random(2)
    said = []
    while not st.is_terminal() and None in st.secret:
        actions = st.legal_actions()
        said += [e for e in st.apply_action(rng.choice(actions)) if e.kind in ("commit", "committed")]
    names = {o.name for o in game.scenario.secret_objective}
    assert [e.text for e in said if e.kind == "commit"] == [
        "the Allies choose their secret objective",
        "the Axis choose their secret objective",
    ]
    for e in said:
        assert not ENGINE_WORDS.search(e.text) and "player" not in e.text, e.text
        if e.kind == "committed":
            assert e.visible_to == frozenset({e.data["player"]})
            assert e.text.removeprefix("you choose ") in names, e.text
