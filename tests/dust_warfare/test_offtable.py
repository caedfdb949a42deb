"""Off-table units (dust_warfare.md DW-SET-05/06/08, DW-ABL-02/04/16, DW-ACT-08, DW-MOVE-10,
DW-CMD-09, DW-INIT-01, DW-GEN-07), on positions in the notation with the example lists of
data/armies-special.toml (Front Lines, an empty table unless terrain is given).

Units: Allies u0 The Boss (Officer, Radioman, Medic, Mechanic), u1 The Gunners (5), u2 Punisher,
u3 Ranger Sniper Team (Sniper, Spotter); Axis u4 Kommandotrupp (Officer, Funker, Sanitäter,
Panzermechaniker), u5 Battle Grenadiers (5), u6 Test para squad (5: Air drop, Black ops), u7 Test
halftrack (Reserved, Tracks, Carry 6), u8 Grenadier Sniper Team (Scharfschütze, Beobachter), u9
Luther, u10 Test scout car (Wheels, Scout vehicle, Amphibious, Carry 4). The Allies hold the
south edge (y = 0), the Axis the north (y = 48).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.dust_warfare.helpers import options, play, position
from warroom.core.errors import CorruptDataError
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.content import default_content, load_armies
from warroom.games.dust_warfare.rules import offtable, turn
from warroom.games.dust_warfare.scenario import shipped
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Status

ARMIES = Path(__file__).resolve().parents[2] / "warroom/games/dust_warfare/data/armies-special.toml"
HEAD = f"options scenario=front_lines armies={ARMIES}"
BOSS = "u0 : 30,6 32,6 28,6 34,6"
KOMMANDO = "u4 : 30,44 32,44 28,44 34,44"
UNITS = "turn 1 phase units initiator 1"


def legal(st: DustState, text: str) -> bool:
    action = st.game.read_action(text)
    assert action is not None
    return st.is_legal(action)


def line(y: float, x: float = 40.0) -> str:
    """Five miniatures in a line 2" apart, the leader first (F-LINE order)."""
    return f"place {x:g},{y:g} {x + 2:g},{y:g} {x - 2:g},{y:g} {x + 4:g},{y:g} {x - 4:g},{y:g}"


def test_set_06_abl_16_02_a_reserved_or_air_drop_unit_may_start_off_table() -> None:
    """DW-SET-06, DW-ABL-16, DW-ABL-02: when picked to deploy, the halftrack (Reserved) and the
    para squad (Air drop) may be held in reserve; the Battle Grenadiers, with neither, are
    simply placed (the scenario allows reserves only through the abilities, D-09)."""
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{BOSS}\nu5 pending\nu7 pending\n{KOMMANDO}")
    play(st, "unit u7")
    assert options(st) == ["on table", "reserve"]
    play(st, "reserve")
    assert st.status[7] == Status.RESERVE and all(p is None for p in st.pos[7])
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{BOSS}\nu5 pending\n{KOMMANDO}")
    assert st.decision is not None and st.decision.kind == "where"


def test_abl_04_black_ops_deploys_last_away_from_the_enemy() -> None:
    """DW-ABL-04: the para squad is offered only once every other unit of both players is
    down; it may stand anywhere wholly outside the enemy zone (y <= 12 for the Allies) and more
    than 12" (edge to edge) from every enemy miniature: 12.0" is refused, 12.1" accepted."""
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{BOSS}\nu5 pending\nu6 pending\n{KOMMANDO}")
    assert st.placing is not None and st.placing["unit"] == 5  # the Black ops unit waits
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{BOSS}\nu6 pending\n{KOMMANDO}")
    assert options(st) == ["on table", "reserve"]
    play(st, "on table")
    # the Boss's Officer stands at (30, 6), r 0.5: a miniature at y = 19 is 12.0" from it
    assert not legal(st, line(19.0, x=30.0))
    assert legal(st, line(19.1, x=30.0))
    assert not legal(st, line(12.0, x=60.0))  # bases reach into the Allied zone (y <= 12)
    assert legal(st, line(12.5, x=60.0))  # wholly outside it, far from every enemy


def test_gen_07_precedence_scenario_over_ability_over_core_rule() -> None:
    """DW-GEN-07: the core deployment (DW-SET-05: alternate, one unit at a time) gives way to
    the Black ops ability (deploy after everyone, DW-ABL-04), which gives way to a scenario that
    deploys anywhere (Night Encounter: Black ops has no extra effect)."""
    text = f"{HEAD}\nturn 0 phase deployment side 1\n{BOSS}\nu5 pending\nu6 pending\n{KOMMANDO}"
    st = position(text)
    assert offtable.pending(st, 1) == [5]  # the ability beats the core order
    st = position(text)
    st.game.scenario = shipped()["night_encounter"]  # a scenario rule beats the ability
    assert offtable.pending(st, 1) == [5, 6]


def test_act_08_move_10_set_08_entry_from_the_arrival_edge() -> None:
    """DW-ACT-08: an off-table unit enters with a Move or March Move, or Air drops; DW-MOVE-10,
    DW-SET-08: each miniature's path begins on its player's long edge (the Axis: y = 48), so a
    single Move reaches y = 42 and no further; a March Move doubles that."""
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    play(st, "unit u6")
    assert options(st) == ["stop", "enter", "enter march", "airdrop"]
    play(st, "enter")
    assert legal(st, line(42.0))
    assert not legal(st, line(41.9))
    assert not legal(st, line(47.6))  # a base must end wholly on the table
    play(st, line(42.0))
    assert st.status[6] == Status.TABLE and st.in_formation(6)
    assert "move" not in options(st)  # the entry was its Move (DW-ACT-06)
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    play(st, "unit u6", "enter march")
    assert legal(st, line(36.0)) and not legal(st, line(35.9))


def test_move_10_ter_04_difficult_terrain_halves_an_entry() -> None:
    """DW-MOVE-10 with DW-TER-04: entering through woods at the edge halves a single Move's
    allowance (3"); a March Move ignores it."""
    woods = "terrain T-WOOD 40,44 0"  # x 36-44, y 40-48
    st = position(f"{HEAD}\n{woods}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    play(st, "unit u6", "enter")
    assert legal(st, line(45.0)) and not legal(st, line(44.9))
    st = position(f"{HEAD}\n{woods}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    play(st, "unit u6", "enter march")
    assert legal(st, line(36.0))


def test_abl_02_air_drop_uses_both_actions_six_inches_from_the_enemy() -> None:
    """DW-ABL-02: with 2 actions the para squad drops anywhere at least 6" from every enemy
    miniature (6.0" edge to edge allowed, 5.9" refused), not on a roof; it is both actions, and
    it counts as a March Move for the Move trigger (DW-REA-02 a)."""
    st = position(f"{HEAD}\nterrain T-BLDG 60,30 0\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    play(st, "unit u6", "airdrop")
    # the Boss's Officer at (30, 6): a miniature at y = 13 is exactly 6" away edge to edge
    assert legal(st, line(13.0, x=30.0))
    assert not legal(st, line(12.9, x=30.0))
    assert not legal(st, "place 60,30 61,31 59,31 60,29 61,29")  # inside a building, never a roof
    play(st, line(13.0, x=30.0))
    assert st.status[6] == Status.TABLE
    assert st.decision is not None and st.decision.kind == "react"  # the Allies may react
    assert st.decision.seat == 0
    play(st, "stop")
    assert st.activation is None or st.activation["unit"] != 6  # both actions spent: next unit


def test_cmd_09_only_a_radioman_orders_an_off_table_unit_to_enter() -> None:
    """DW-CMD-09: an off-table unit is ordered only through a Radioman (the Funker), only to Take
    Action, and that action is an entry Move: no March, no Air drop; without a Radioman it
    cannot be ordered at all."""
    text = f"{HEAD}\nturn 1 phase command initiator 1 orders 2 2\n{BOSS}\nu6 reserve\n{KOMMANDO}"
    st = position(text)
    assert "take u6 radio" in options(st)
    assert "take u6" not in options(st) and "regroup u6 radio" not in options(st)
    play(st, "take u6 radio")
    assert options(st) == ["stop", "enter"]
    play(st, "enter", line(42.0))
    assert st.status[6] == Status.TABLE and st.reaction[6]  # DW-CMD-06: a Reaction marker
    st = position(text.replace(KOMMANDO, "u4 : 30,44 - 28,44 34,44"))  # the Funker is destroyed
    assert not any("u6" in o for o in options(st))


def test_init_01_abl_16_off_table_units_do_not_count_in_the_pool() -> None:
    """DW-INIT-01, DW-ABL-16: the command pool counts units on the table, not those off it."""
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\nu7 reserve\n{KOMMANDO}")
    assert turn.pool(st, 1) == 1
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 : 40,40 42,40 38,40 44,40 36,40\nu7 reserve\n{KOMMANDO}")
    assert turn.pool(st, 1) == 2


def test_act_02_an_off_table_unit_that_passes_stays_off_table() -> None:
    """DW-ACT-02/08: the off-table unit activates (it is offered), and `stop` keeps it off."""
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu7 reserve\n{KOMMANDO}")
    assert "unit u7" in options(st)
    play(st, "unit u7", "stop")
    assert st.status[7] == Status.RESERVE and st.done[7]


def test_the_heuristic_brings_reserves_on() -> None:
    """The heuristic agent enters with an off-table unit (DW-ACT-08) and picks a legal entry
    from the staged candidates."""
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    agent = HeuristicAgent(0)
    play(st, "unit u6")
    for _ in range(6):
        if st.status[6] == Status.TABLE:
            break
        st.apply_action(agent.choose(st))
    assert st.status[6] == Status.TABLE and st.in_formation(6)


def test_btl_03_an_entry_sets_off_a_minefield_on_its_path() -> None:
    """DW-BTL-03: a Move of any kind, entries included, reveals a minefield its swept paths
    touched: the entering line passes over an Allied dummy at (40, 45), which is removed; an
    Air drop sets one off only by ending inside it, as a Jump does."""
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    st.mines = [[0, 40.0, 45.0, 0, False]]
    events = play(st, "unit u6", "enter", line(42.0))
    assert st.mines == [] and any("dummy" in e.text for e in events if e.kind == "minefield")
    st = position(f"{HEAD}\n{UNITS}\n{BOSS}\nu6 reserve\n{KOMMANDO}")
    st.mines = [[0, 40.0, 45.0, 0, False]]
    play(st, "unit u6", "airdrop", line(36.0))  # passes over nothing: a drop has no path
    assert st.mines == [[0, 40.0, 45.0, 0, False]]


def test_set_01_02_the_example_lists_load_and_fixtures_need_a_test_army(tmp_path: Path) -> None:
    """DW-SET-01/02 (§3.21.1): data/armies-special.toml loads (a roster list with a transport
    and a Spotter, 147 AP; a test army with the fixtures); a fixture in an ordinary list is
    refused with an error naming the file, the entry and the field."""
    content = default_content()
    allied, axis = load_armies(ARMIES, content)
    assert allied.points(content) == 147 and not allied.fixtures
    assert axis.fixtures and "U-T03" in axis.unit_ids()
    bad = tmp_path / "bad.toml"
    bad.write_text(
        '[[army]]\nid = "paras"\nname = "Paras"\nfaction = "axis"\n\n[[army.platoon]]\n'
        'command = "U-X01"\nfirst_section = "U-X04"\nsections = ["U-T03"]\n'
    )
    with pytest.raises(CorruptDataError, match=r"bad\.toml.*paras.*field platoon\.0\.sections\.0.*test-only"):
        load_armies(bad, content)


def test_units_off_the_table_at_the_end_are_scored() -> None:
    """Our decision where the digest is silent (docs/dust_warfare.md, §3.19, DW-UNIT-11): after the
    End phase of the last turn (DW-SM-08: six turns), a unit still off-table in reserve counts
    as destroyed for the enemy's elimination SP (DW-SM-11); one embarked aboard a vehicle on the
    table counts as neither destroyed nor Retreating. Units not listed are destroyed."""
    sm = f"options scenario=secret_mission armies={ARMIES}"
    body = f"{BOSS}\nu1 aboard=2\nu2 : 20,10/90\n{KOMMANDO}\nu6 reserve"
    st = position(f"{sm}\nturn 6 phase end\n{body}")
    assert st.is_terminal()
    gone_axis = [u for u in st.units_of(1) if u not in (4, 6)]
    assert st.scores[0] == sum(st.unit(u).ap for u in [*gone_axis, 6])  # the para squad counts
    assert st.scores[1] == st.unit(3).ap  # the Sniper Team only: the Gunners are aboard
    on_table = position(
        f"{sm}\nturn 6 phase end\n{body.replace('u6 reserve', 'u6 : 40,40 42,40 38,40 44,40 36,40')}"
    )
    assert on_table.scores[0] == st.scores[0] - st.unit(6).ap


def test_fl_08_an_embarked_unit_breaks_through_with_its_vehicle() -> None:
    """DW-FL-08 with our decision (docs/dust_warfare.md): The Gunners aboard the Punisher score
    Breakthrough where the Punisher stands: 8" from the Axis edge both score; at 30" neither."""
    body = f"{BOSS}\nu1 aboard=2\n{KOMMANDO}"
    through = position(f"{HEAD}\nturn 6 phase end\n{body}\nu2 : 20,40/90")
    assert through.scores[0] == through.unit(1).ap + through.unit(2).ap
    short = position(f"{HEAD}\nturn 6 phase end\n{body}\nu2 : 20,18/90")
    assert short.scores[0] == 0
