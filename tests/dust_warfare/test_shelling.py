"""Artillery on minefield markers (dust_warfare.md DW-WPN-01's FAQ part, DW-ATK-11's one exception,
DW-BTL-03; rules/shelling.py). Only army files field Artillery (the Punisher's Twin 155 mm
howitzer: Artillery, Reloadable, 12-72", 3 dice against V2) and only Front Lines lays minefields,
so the positions are built: Front Lines with data/armies-special.toml (units:
tests/dust_warfare/test_offtable.py; Allies u1 The Gunners, u2 the Punisher, u3 the Ranger Sniper
Team with its Spotter; Axis u4 the Kommandotrupp). Minefields are `[owner, x, y, density (0: a
dummy), revealed]`. The dice are the game's own except where a test fixes the number of hits
(`_hits`) to check what the hits do.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.dust_warfare.helpers import options, play, position, texts
from tests.dust_warfare.test_offtable import ARMIES, HEAD, KOMMANDO
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.actions import DustActions, Verb
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.content import Weapon
from warroom.games.dust_warfare.geometry import distance
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.rules import attack, shelling
from warroom.games.dust_warfare.search import SearchAgent
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import WeaponAbility

BOSS = "u0 : 50,4 52,4 48,4 54,4"
PUNISHER = "u2 : 20,10/90"
ALLIES_ACT = "turn 1 phase units initiator 0"
WALL = "terrain T-BLDG 17,24 0\nterrain T-BLDG 23,24 0"  # x 14-26, y 21-27, 6" high: hides y > 27


def _table(*extra: str, mines: list[list[Any]]) -> DustState:
    st = position("\n".join([HEAD, ALLIES_ACT, BOSS, *extra, KOMMANDO]))
    st.mines = [list(m) for m in mines]
    return st


def _hits(monkeypatch: pytest.MonkeyPatch, n: int) -> None:
    """The shelling scores exactly n hits (the rest of the rule runs as written)."""

    def fixed(
        st: DustState, attacker: Any, profiles: list[tuple[Weapon, int, int]], **_: Any
    ) -> tuple[list[attack.Hit], list[str]]:
        weapon = profiles[0][0]
        return [attack.Hit(1, weapon)] * n, [f"{weapon.name} fixed"]

    monkeypatch.setattr(shelling, "roll_hits", fixed)


def test_wpn_01_atk_11_an_enemy_minefield_marker_is_a_target_for_artillery_from_12_inches() -> None:
    """DW-WPN-01, DW-ATK-11: the Punisher may shell the enemy marker 14.5" away (revealed or not),
    as a Sustained Attack too, but not the one 8" away (the 12" minimum, measured from the firing
    miniature to the marker's 3" area) nor its own side's marker; each option names the marker by
    its place and rolls the howitzer's 3 dice against V2."""
    mines = [[1, 20.0, 30.0, 2, False], [1, 20.0, 18.0, 0, False], [0, 40.0, 30.0, 2, False]]
    st = _table(PUNISHER, mines=mines)
    play(st, "unit u2")
    assert distance(st.base(2, 0), shelling.marker_base(st, 0)) == pytest.approx(14.5)
    assert distance(st.base(2, 0), shelling.marker_base(st, 1)) < 12
    shells = [a for a in st.legal_actions() if a.verb == Verb.SHELL]
    assert [a.text for a in shells] == ["shell m0", "shell m0 sustained"]
    words = st.game.describe_action(st, shells[0])
    assert words.startswith("shell m0: the minefield marker ") and words.endswith(", 3 dice against V2")
    assert "edge" in words and "20," not in words  # by its place in words, never by coordinates
    facts = st.game.consequence(st, shells[0])
    assert facts == {"minefield": 0, "class": "V2", "dice": 3, "sustained": False}
    st.mines[0][4] = True  # revealed: still a target
    assert "shell m0" in options(st)


def test_wpn_01_edge_25_the_minimum_range_holds_at_exactly_12_inches() -> None:
    """DW-WPN-01 (EDGE-25's minimum range, on a marker): 12.0" edge to edge is in range, 11.9" is
    not."""
    probe = _table(PUNISHER, mines=[[1, 20.0, 30.0, 2, False]])
    gap = 30.0 - 10.0 - distance(probe.base(2, 0), shelling.marker_base(probe, 0))  # the radii
    for edge, offered in ((12.0, True), (11.9, False)):
        st = _table(PUNISHER, mines=[[1, 20.0, 10.0 + gap + edge, 2, False]])
        play(st, "unit u2")
        assert ("shell m0" in options(st)) is offered, edge


def test_wpn_01_atk_11_only_artillery_weapons_shell_a_marker() -> None:
    """DW-WPN-01, DW-ATK-11: The Gunners (no Artillery) have no marker target however close; the
    Punisher's shelling uses its Artillery weapon and nothing else (its other weapons have dice
    against V2 but roll none)."""
    st = _table("u1 : 20,20 22,20 18,20 24,20 16,20", PUNISHER, mines=[[1, 20.0, 30.0, 2, False]])
    assert shelling.targets(st, 1) == []
    play(st, "unit u1")
    assert not any(a.verb == Verb.SHELL for a in st.legal_actions())
    weapons = shelling.eligible(st, 2, 0)
    assert weapons and all(w.has(WeaponAbility.ARTILLERY) for _, w in weapons)
    others = [w for w in st.unit(2).models[0].weapons if not w.has(WeaponAbility.ARTILLERY)]
    assert any(w.dice(shelling.MARKER_CLASS) is not None for w in others)
    assert shelling.dice(st, 2, 0) == sum(
        d.dice for _, w in weapons if (d := w.dice(shelling.MARKER_CLASS)) is not None
    )


def test_wpn_01_abl_24_a_spotter_lets_artillery_shell_a_marker_it_cannot_see() -> None:
    """DW-WPN-01, DW-ABL-24: behind two buildings the marker is out of the Punisher's sight; with
    the Ranger Sniper Team's Spotter seeing it the howitzer may shell it; with the Spotter
    destroyed it may not."""
    mine = [1, 20.0, 33.0, 2, False]
    st = _table(WALL, PUNISHER, "u3 done : 40,30 41,30", mines=[mine])
    marker = shelling.marker_base(st, 0)
    assert not st.sight(st.base(2, 0), marker) and st.sight(st.base(3, 1), marker)
    play(st, "unit u2")
    assert "shell m0" in options(st)
    st = _table(WALL, PUNISHER, "u3 done : 40,30 -", mines=[mine])
    play(st, "unit u2")
    assert "shell m0" not in options(st)


def test_wpn_01_each_hit_lowers_density_and_reveals_a_live_minefield(monkeypatch: pytest.MonkeyPatch) -> None:
    """DW-WPN-01: one hit on a Density 2 minefield leaves it at Density 1, face up (revealed), and
    uses the unit's Attack: the howitzer is Unloaded (DW-WPN-08) and no second attack is offered."""
    _hits(monkeypatch, 1)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 2, False]])
    events = play(st, "unit u2", "shell m0")
    assert st.mines == [[1, 20.0, 30.0, 1, True]]
    assert "its Density falls to 1" in texts(events, "minefield")[0]
    assert st.unloaded[2] and st.attacked[2]
    assert not any(a.verb in (Verb.SHELL, Verb.FIRE) for a in st.legal_actions())


@pytest.mark.parametrize(("density", "hits"), [(1, 1), (2, 3)])
def test_wpn_01_a_live_minefield_at_density_0_is_removed(
    monkeypatch: pytest.MonkeyPatch, density: int, hits: int
) -> None:
    """DW-WPN-01: hits that bring the Density to 0 remove the minefield (extra hits are lost)."""
    _hits(monkeypatch, hits)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, density, False], [1, 40.0, 30.0, 2, False]])
    events = play(st, "unit u2", "shell m0")
    assert st.mines == [[1, 40.0, 30.0, 2, False]]
    assert "removed" in texts(events, "minefield")[0]


def test_wpn_01_a_dummy_hit_once_is_revealed_and_removed(monkeypatch: pytest.MonkeyPatch) -> None:
    """DW-WPN-01: a dummy hit at least once is revealed (the words say so) and removed."""
    _hits(monkeypatch, 1)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 0, False]])
    events = play(st, "unit u2", "shell m0")
    assert st.mines == []
    assert "was a dummy" in texts(events, "minefield")[0]


def test_wpn_01_a_shelling_that_misses_reveals_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """DW-WPN-01, DW-BTL-03: no hit, no reveal: the marker stays face down, its Density secret."""
    _hits(monkeypatch, 0)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 0, False]])
    events = play(st, "unit u2", "shell m0")
    assert st.mines == [[1, 20.0, 30.0, 0, False]] and not texts(events, "minefield")
    assert st.view(0)["minefields"][0]["density"] is None


def test_wpn_01_the_dice_are_the_games_own_and_a_sustained_shelling_is_a_double_action() -> None:
    """DW-WPN-01, DW-ATK-12: unpatched, the hits the dice event counts are the Density lost (or the
    marker gone); a Sustained shelling rerolls the misses and takes both actions."""
    for seed in range(12):
        st = position("\n".join([HEAD, ALLIES_ACT, BOSS, PUNISHER, KOMMANDO]), seed)
        st.mines = [[1, 20.0, 30.0, 3, False]]
        events = play(st, "unit u2", "shell m0 sustained")
        n = next(e for e in events if e.kind == "dice").data["hits"]
        assert st.mines == ([[1, 20.0, 30.0, 3 - n, True]] if 0 < n < 3 else [] if n else st.mines)
        assert st.activation is None or st.activation["unit"] != 2  # both actions spent


def test_wpn_01_btl_03_the_density_stays_hidden_from_the_attacker_until_revealed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DW-WPN-01, DW-BTL-03 (§4.2): before the shelling the Allies see the Axis marker without its
    Density, in the view, the events and the options; a determinisation for the Allies re-deals
    the unrevealed markers' Densities; once a hit reveals it, the lower Density is public and kept."""
    _hits(monkeypatch, 1)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 2, False], [1, 40.0, 30.0, 0, False]])
    play(st, "unit u2")
    assert [m["density"] for m in st.view(0)["minefields"]] == [None, None]
    assert [m["density"] for m in st.view(1)["minefields"]] == [2, 0]
    assert all("Density" not in st.game.describe_action(st, a) for a in st.legal_actions())
    dealt = {tuple(st.resample_hidden(0, Rng(s)).mines[0]) for s in range(20)}
    assert {m[3] for m in dealt} == {0, 2}  # the Allies cannot tell which marker is live
    events = play(st, "shell m0")
    assert all("Density 2" not in e.text for e in events if e.kind != "minefield")
    assert [m["density"] for m in st.view(0)["minefields"]] == [1, None]
    assert all(st.resample_hidden(0, Rng(s)).mines[0] == [1, 20.0, 30.0, 1, True] for s in range(5))


def test_wpn_01_a_save_mid_game_loads_with_the_marker_and_its_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DW-WPN-01: a save before and after a shelling loads to the same state: the marker targets
    offered again, the lowered, revealed Density and the Unloaded howitzer kept."""
    _hits(monkeypatch, 1)
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 2, False]])
    play(st, "unit u2")
    before = st.game.deserialize(st.serialize())
    assert options(before) == options(st) and "shell m0" in options(before)
    play(st, "shell m0")
    after = st.game.deserialize(st.serialize())
    assert after.serialize() == st.serialize()
    assert after.mines == [[1, 20.0, 30.0, 1, True]] and after.unloaded[2] == st.unloaded[2]


def test_wpn_01_marker_actions_are_appended_only_where_minefields_are_granted() -> None:
    """The action table: First Battle has no marker action (its table and the environments' action
    space unchanged); Front Lines appends 2 x 6 (each seat's 3 markers, plain and Sustained) after
    every other action, which keeps its index."""
    first = DustWarfareGame()
    assert not any(a.verb == Verb.SHELL for a in first.actions.all)
    front = DustWarfareGame(scenario="front_lines")
    plain = DustActions(len(front.units), front.board.width, front.board.depth)
    n = len(plain.all)
    assert [a.text for a in front.actions.all[:n]] == [a.text for a in plain.all]
    assert [a.text for a in front.actions.all[n:]] == [f"shell m{k}" for k in range(6)] + [
        f"shell m{k} sustained" for k in range(6)
    ]


HIDE = "terrain T-BLDG 40,20 0"  # x 37-43, y 17-23, 6" high: the Kommandotrupp behind it
SHELTERED = "u4 : 40,30 42,30 38,30 40,32"


def test_wpn_01_the_heuristic_shells_a_minefield_in_a_friendly_units_way() -> None:
    """DW-WPN-01, the heuristic agent: with no unit to shoot at (the enemy behind a building) and
    its Move made, the Punisher shells the Axis marker on The Boss's way north, not the one off
    every friendly unit's way; it reads no hidden Density."""
    mines = [[1, 10.0, 30.0, 2, False], [1, 51.0, 28.0, 2, False]]
    st = position("\n".join([HEAD, ALLIES_ACT, HIDE, BOSS, "u2 : 40,10/90", SHELTERED]))
    st.mines = [list(m) for m in mines]
    play(st, "unit u2", "move", "stay")
    assert not any(a.verb == Verb.FIRE for a in st.legal_actions())
    assert {"shell m0", "shell m1"} <= set(options(st))
    assert HeuristicAgent(0).choose(st).text == "shell m1"
    st.mines[0][3] = 0  # what the marker hides does not change the choice
    st.mines[1][3] = 0
    assert HeuristicAgent(0).choose(st).text == "shell m1"


def test_wpn_01_the_heuristic_prefers_a_unit_to_a_minefield() -> None:
    """DW-WPN-01, the heuristic agent: with an enemy unit in its sights it fires at the unit."""
    st = position("\n".join([HEAD, ALLIES_ACT, BOSS, "u2 : 40,10/90", SHELTERED]))
    st.mines = [[1, 51.0, 28.0, 2, False]]
    play(st, "unit u2", "move", "stay")
    assert "shell m0" in options(st)
    assert HeuristicAgent(0).choose(st).verb == Verb.FIRE


def test_wpn_01_the_search_agent_weighs_a_shelling_among_its_options() -> None:
    """DW-WPN-01, the search agent: at an action with marker targets it searches (its
    determinisations re-deal the unrevealed Densities, its playouts shell with the heuristic) and
    returns a legal option the game plays on from."""
    st = position("\n".join([HEAD, ALLIES_ACT, HIDE, BOSS, "u2 : 40,10/90", SHELTERED]))
    st.mines = [[1, 10.0, 30.0, 2, False], [1, 51.0, 28.0, 2, False]]
    play(st, "unit u2", "move", "stay")
    choice = SearchAgent(0).choose(st)
    assert choice in st.legal_actions()
    play(st, choice.text)  # and the game plays on from it


def test_wpn_01_btl_03_the_terminal_draws_and_numbers_the_markers() -> None:
    """DW-WPN-01, DW-BTL-03: the terminal draws each minefield marker (`m`) and lists it by the
    number `shell mK` uses, its Density shown to its owner only until revealed."""
    st = _table(PUNISHER, mines=[[1, 20.0, 30.0, 2, False], [1, 40.0, 30.0, 1, True]])
    allies, axis = st.game.render(st, 0), st.game.render(st, 1)
    line = next(x for x in allies.splitlines() if x.startswith("minefield markers: "))
    assert line == "minefield markers: m0 Axis (20, 30) face down; m1 Axis (40, 30) face up, Density 1"
    assert "m0 Axis (20, 30) face down, Density 2" in axis
    row = next(x for x in allies.splitlines() if x.lstrip().startswith("30|"))
    assert row[row.index("|") + 1 + 20] == "m"


def test_wpn_01_random_front_lines_games_shell_markers_under_every_invariant() -> None:
    """DW-WPN-01 in play: random Front Lines games with the example lists (the Punisher fields the
    howitzer), each option drawn uniformly from the list, hold every invariant at every step
    (invariants.py: minefields no more than granted, Density 0-3, a revealed one live) and shell a
    marker; the test fails if shelling stops being offered or taken."""
    game = DustWarfareGame(scenario="front_lines", armies=str(ARMIES))
    shelled = 0
    for seed in (0, 1):
        st = game.new_initial_state(seed)
        rng = Rng(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            action = legal[rng.below(len(legal))]
            shelled += action.verb == Verb.SHELL
            st.apply_action(action)
            check(st)
    assert shelled >= 1


@pytest.mark.parametrize("heroes", [False, True])
def test_wpn_01_no_starter_unit_fields_artillery_so_no_starter_game_shells(heroes: bool) -> None:
    """DW-WPN-01: the starter armies (First Battle's, and every scenario's default) carry no
    Artillery weapon, so `shelling.targets` is empty for each of their units and no starter game
    lists a marker target: their seeded games are unchanged by the rule."""
    game = DustWarfareGame(scenario="front_lines", heroes=heroes)
    st = game.new_initial_state(0)
    assert not any(
        w.has(WeaponAbility.ARTILLERY) for unit in game.units for model in unit.models for w in model.weapons
    )
    st.mines = [[1 - unit.seat, 30.0, 24.0, 2, False] for unit in game.units[:1]]
    assert all(shelling.targets(st, unit.index) == [] for unit in game.units)
