"""Dust Warfare drawn for people (warroom/games/dust_warfare/render.py): the terminal map of the
First Battle table (§3.21.4) read back cell by cell, the units and their cards on a hand-built
position, options in words and the dice an attack option will roll.

Map cells are 1" wide and 2" deep, north at the top; a row is labelled with the y of its top edge.
"""

from __future__ import annotations

import pytest

from warroom.cli.play import PlaySession
from warroom.games.dust_warfare.game import DustWarfareGame
from warroom.games.dust_warfare.render import (
    LEGEND,
    OBJECTIVE,
    OPEN,
    TERRAIN_CHAR,
    ZONE,
    Mark,
    attack_dice,
    cell_of,
    consequence,
    describe,
    draw_map,
    grid_size,
    refusal,
    render,
    terrain_rows,
    unit_letter,
    vehicle_marks,
)
from warroom.games.dust_warfare.scenario import battlefield, shipped, zone
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import LONG_EDGES, TerrainKind


@pytest.fixture(scope="module")
def first_battle():  # type: ignore[no-untyped-def]
    scenario = shipped()["first_battle"]
    return scenario, battlefield(scenario)


def at(rows: list[str] | tuple[str, ...], x: float, y: float, board) -> str:  # type: ignore[no-untyped-def]
    col, row = cell_of(board, x, y)
    return rows[row][col]


def test_grid_keeps_the_table_shape(first_battle) -> None:  # type: ignore[no-untyped-def]
    """DW-GEO-01: 72" × 48" becomes 72 columns × 24 rows; (0, 0) is the bottom-left cell."""
    _, board = first_battle
    assert grid_size(board) == (72, 24)
    assert cell_of(board, 0.0, 0.0) == (0, 23)
    assert cell_of(board, 71.9, 47.9) == (71, 0)
    assert cell_of(board, 72.0, 48.0) == (71, 0)  # the far edges stay on the map
    assert cell_of(board, 36.0, 24.0) == (36, 12)  # a row holds (22, 24]: y = 24 is in it


def test_each_first_battle_piece_is_drawn_where_the_map_puts_it(first_battle) -> None:  # type: ignore[no-untyped-def]
    """§3.21.4: the Mill ruins (32-40, 20-28), woods M2 (8-16, 16-24) and M3 (56-64, 24-32), the
    farmhouse (50-56, 12-18), the hill (16-26, 30-38), the creek (64-72, 16-18); just outside
    each piece the ground is open."""
    _, board = first_battle
    rows = terrain_rows(board)
    expect = {
        (36.5, 23.0): TerrainKind.RUIN, (12.5, 20.0): TerrainKind.WOOD, (60.5, 27.0): TerrainKind.WOOD,
        (53.5, 15.0): TerrainKind.BUILDING, (20.5, 34.0): TerrainKind.HILL,
        (68.5, 17.0): TerrainKind.SHALLOW_WATER,
    }  # fmt: skip
    for (x, y), kind in expect.items():
        assert at(rows, x, y, board) == TERRAIN_CHAR[kind], (x, y)
    for x, y in ((31.5, 23.0), (40.5, 23.0), (36.5, 29.0), (49.5, 15.0), (56.5, 15.0), (26.5, 34.0)):
        assert at(rows, x, y, board) == OPEN, (x, y)
    # the ruins span 8 columns and 4 rows exactly
    assert sum(line.count(TERRAIN_CHAR[TerrainKind.RUIN]) for line in rows) == 8 * 4


def test_a_thin_wall_is_one_row_deep_and_as_long_as_it_is(first_battle) -> None:  # type: ignore[no-untyped-def]
    """M5 (26-34, y 15.75-16.25) and M6 (38-46, y 31.75-32.25) are 0.5" deep: each is drawn as
    8 `=` along its midline, in the row that holds y = 16 (resp. 32), never lost between rows."""
    _, board = first_battle
    rows = terrain_rows(board)
    wall = TERRAIN_CHAR[TerrainKind.WALL]
    assert sum(line.count(wall) for line in rows) == 16
    _, row16 = cell_of(board, 30, 16)
    _, row32 = cell_of(board, 40, 32)
    assert rows[row16][26:34] == wall * 8
    assert rows[row32][38:46] == wall * 8
    assert rows[row16][25] != wall and rows[row16][34] != wall


def test_deployment_zones_show_on_open_ground_only(first_battle) -> None:  # type: ignore[no-untyped-def]
    """DW-FB-02: the strips y ≤ 12 and y ≥ 36; a cell wholly inside shows `,`, so the rows up to
    y = 12 and from y = 36 up; the hill corner in the north strip keeps its letter."""
    scenario, board = first_battle
    zones = tuple(zone(scenario, board, edge).area for edge in LONG_EDGES)
    rows = terrain_rows(board, zones)
    assert all(set(rows[cell_of(board, 1, y)[1]]) == {ZONE} for y in (1, 5, 11, 39, 47))
    assert ZONE not in rows[cell_of(board, 1, 13)[1]] and ZONE not in rows[cell_of(board, 1, 35)[1]]
    assert at(rows, 20.5, 37, board) == TERRAIN_CHAR[TerrainKind.HILL]


def test_marks_go_over_terrain_and_objectives_are_drawn(first_battle) -> None:  # type: ignore[no-untyped-def]
    """DW-FB-06: the Mill's objective at (36, 24) is `O`; a unit letter drawn on top of terrain."""
    scenario, board = first_battle
    lines = draw_map(board, (), [o.point for o in scenario.objective], [Mark(12.2, 20.0, "A")])
    body = [line[6:-1] for line in lines[2:-1]]
    assert len(body) == 24 and all(len(line) == 72 for line in body)
    assert at(body, 36, 24, board) == OBJECTIVE
    assert at(body, 12.2, 20.0, board) == "A"
    assert lines[2].startswith("   48|") and lines[-2].startswith("    2|") and lines[-1].startswith("    0+")
    assert "72" in lines[0]


@pytest.mark.parametrize(
    ("facing", "arrow", "dx", "dy"),
    [(0, ">", 1, 0), (90, "^", 0, 2), (180, "<", -1, 0), (270, "v", 0, -2), (45, "/", 1, 2),
     (135, "\\", -1, 2), (337.5, ">", 1, 0), (-90, "v", 0, -2)],
)  # fmt: skip
def test_a_vehicle_shows_its_facing(facing: float, arrow: str, dx: float, dy: float) -> None:
    """DW-GEO-04: 0° = +x, counter-clockwise; the arrow is in the neighbouring cell it faces."""
    letter, pointer = vehicle_marks(30.0, 8.0, "E", facing)
    assert letter == Mark(30.0, 8.0, "E")
    assert pointer == Mark(30.0 + dx, 8.0 + dy, arrow)


def test_unit_letters_tell_the_players_apart() -> None:
    assert [unit_letter(0, i) for i in (0, 1, 25, 26)] == ["A", "B", "Z", "A"]
    assert [unit_letter(1, i) for i in (0, 4)] == ["a", "e"]
    assert "A, B, C" in LEGEND and "a, b, c" in LEGEND


# The Gunners (u1) 19" south of the Laser Grenadiers (u6), edge to edge; the Pounder (u4) facing
# north; the Luther (u9) facing south. Units not listed are destroyed.
FACING_OFF = """
options heroes=false
turn 1 phase units initiator 0 orders 0 0
edges south north
u1 supp=1 : 30,10 28,10 32,10 26,10 34,10
u4 : 40,8/90
u6 react : 30,30 28,30 32,30 26,30 34,30
u9 : 50,40/270
"""


@pytest.fixture
def facing_off() -> DustState:
    st = DustWarfareGame.from_position(FACING_OFF, 1)
    return st


def test_the_map_shows_every_miniature_with_its_units_letter(facing_off: DustState) -> None:
    """Units are lettered in list order per side (Allies A.., Axis a..): the Gunners are the
    second Allied unit (B), the Pounder the fifth (E), the Laser Grenadiers b, the Luther e; a
    vehicle's facing arrow stands beside it (DW-GEO-04)."""
    text = render(facing_off, 0)
    lines = text.splitlines()
    board = facing_off.game.board
    body = [line[6:-1] for line in lines[3:27]]
    assert at(body, 30, 10, board) == "B" and at(body, 26, 10, board) == "B"
    assert at(body, 40, 8, board) == "E" and at(body, 40, 10, board) == "^"
    assert at(body, 30, 30, board) == "b"
    assert at(body, 50, 40, board) == "e" and at(body, 50, 38, board) == "v"
    assert sum(line.count("B") for line in body) == 5


def test_cards_say_where_each_unit_is_and_its_markers(facing_off: DustState) -> None:
    """A card per unit left: leader's point, miniatures, movement, LR, markers (DW-SUP-01,
    DW-REA-05); the destroyed units listed once; the headline names turn, phase and edges."""
    text = render(facing_off, None)
    assert text.splitlines()[0].startswith("First Battle: turn 1 of 5, units phase")
    assert "Allies (south edge)" in text and "Axis (north edge)" in text
    gunners = next(line for line in text.splitlines() if " u1 " in line)
    assert "leader at (30, 10)" in gunners and "5/5 miniatures" in gunners and 'LR 6"' in gunners
    assert '(30, 10), 6" south of the south-west low wall;' in gunners  # and in the log's words
    assert "1 suppression" in gunners
    grenadiers = next(line for line in text.splitlines() if " u6 " in line)
    assert "reaction marker" in grenadiers
    pounder = next(line for line in text.splitlines() if " u4 " in line)
    assert "facing north" in pounder and "LR" not in pounder  # 90° on the compass (DW-GEO-01)
    assert text.count("destroyed:") == 1 and "u0 Ranger Command Squad" in text
    assert text.splitlines()[-1] == "Allies to decide: activate a unit"


def test_the_view_says_where_each_unit_stands_in_table_words(facing_off: DustState) -> None:
    """The web card's words (view "where"): the leader's place as the log says it (table_words,
    DW-GEO-05), a walker's facing on the compass (DW-GEO-01); nothing for a unit off the table."""
    units = facing_off.view(None)["units"]
    assert units[1]["where"] == '6" south of the south-west low wall'
    assert units[4]["where"] == 'in the open, 8" from the south edge and 32" from the east edge, facing north'
    assert units[0]["where"] is None  # destroyed


def test_the_terminal_names_a_seat_by_its_side_and_who_plays_it() -> None:
    """`warroom play dust_warfare`: an agent's line and the result say "the Axis (heuristic)", as
    the box names the sides, not "player 1 (heuristic)"."""
    session = PlaySession(DustWarfareGame(), ["human", "heuristic"], 3, None)
    assert [session.seat(0), session.seat(1)] == ["the Allies (human)", "the Axis (heuristic)"]


def test_an_attack_option_says_its_dice(facing_off: DustState) -> None:
    """DW-ATK-03/05: at 19" the Gunners' 3 Garands (1 die each against S2) and 2 BARs (2 each)
    reach; their grenades (6") do not: 7 dice. Nothing else is an attack option."""
    st = facing_off
    st.apply_action(st.game.parse_action(st, "unit u1"))
    fire = st.game.parse_action(st, "fire u6")
    assert consequence(st, fire) == {"target": 6, "class": "S2", "dice": 7, "sustained": False}
    assert describe(st, fire) == "fire u6: Laser Grenadiers (Axis), 7 dice against S2"
    assert attack_dice(st, 1, 6, "grenades") == 0
    assert consequence(st, st.game.parse_action(st, "stop")) is None  # suppressed: 1 action, no march
    assert describe(st, st.game.parse_action(st, "move")) == "move"


def test_options_in_words_name_units_and_places(facing_off: DustState) -> None:
    st = facing_off
    assert (
        describe(st, st.game.parse_action(st, "unit u4"))
        == 'unit u4: MCW M2 "Pounder" medium walker (Allies)'
    )
    st.apply_action(st.game.parse_action(st, "unit u1"))
    st.apply_action(st.game.parse_action(st, "move"))
    regions = [a for a in st.legal_actions() if a.verb == "region"]
    assert regions and all(': a 6" square, its middle ' in describe(st, a) for a in regions)
    assert (
        describe(st, regions[0])
        == 'region 4: a 6" square, its middle in the open, 3" from the south edge and 27" from the west edge'
    )
    proposal = st.game.parse_action(st, "place 30,12 28,12 32,12 26,12 34,12")
    assert (  # the wall M5 is (26-34, 15.75-16.25), in the table's south-west (DW-GEO-05: from its edge)
        describe(st, proposal)
        == 'place the leader 4" south of the south-west low wall, with 4 more: path 2.0" of 6"'
    )
    assert "place x,y" in render(st, 0).splitlines()[-1]


# The Gunners (u1) about to Move, south of the low wall M5 (26-34, y 15.75-16.25); the Laser
# Grenadiers (u6) stand at (40, 10) onwards, the Luther far away.
MOVING = """
options heroes=false
turn 1 phase units initiator 0 orders 0 0
edges south north
u1 : 30,12 28,12 32,12 26,12 34,12
u6 : 40,6 42,6 44,6 46,6 48,6
u9 : 60,44/270
"""


@pytest.fixture
def moving() -> DustState:
    st = DustWarfareGame.from_position(MOVING, 1)
    if st.decision is not None and st.decision[0] == "activate":
        st.apply_action(st.game.parse_action(st, "unit u1"))
    st.apply_action(st.game.parse_action(st, "move"))
    assert st.decision is not None and st.decision[0] == "where"
    return st


def shifted(dx: float, dy: float, leader: tuple[float, float] | None = None) -> str:
    """The Gunners' proposal moved by (dx, dy), the leader optionally elsewhere."""
    centres = [
        (30 + dx, 12 + dy),
        (28 + dx, 12 + dy),
        (32 + dx, 12 + dy),
        (26 + dx, 12 + dy),
        (34 + dx, 12 + dy),
    ]
    if leader is not None:
        centres[0] = leader
    return "place " + " ".join(f"{x:g},{y:g}" for x, y in centres)


def why(st: DustState, text: str) -> str | None:
    action = st.game.read_action(text)
    assert action is not None
    return refusal(st, action)


def test_a_legal_proposal_says_its_path_against_the_allowance(moving: DustState) -> None:
    """DW-GEO-17, DW-MOVE-02: no refusal, and the leader's shortest legal path against its 6"."""
    assert why(moving, shifted(0, -2)) is None
    proposal = moving.game.read_action(shifted(-4, -3))
    assert proposal is not None
    assert describe(moving, proposal) == (
        'place the leader in the open, 9" from the south edge and 26" from the west edge, with 4 more: '
        'path 5.0" of 6"'
    )


def test_too_far_even_in_a_straight_line(moving: DustState) -> None:
    """DW-MOVE-02: 6.5" south is beyond the Gunners' 6" Move, whatever the path."""
    assert why(moving, shifted(0, -6.5)) == 'the leader would go 6.5", beyond the 6" allowance (DW-MOVE-02)'


def test_difficult_terrain_halves_the_allowance(moving: DustState) -> None:
    """DW-TER-04: 5" north crosses the low wall M5 (difficult for soldiers): 3" is all they have;
    the same 5" away from the wall is legal."""
    words = why(moving, shifted(0, 5))
    assert words is not None and "difficult terrain (Low wall M5)" in words and 'to 3"' in words
    assert "DW-TER-04" in words and "March" in words
    assert why(moving, shifted(-5, 0)) is None


def test_standing_places_off_the_table_in_a_building_or_on_a_base(moving: DustState) -> None:
    """DW-GEO-16, DW-TER-05: no part of a base off the table, in impassable terrain or on another base."""
    assert why(moving, shifted(0, -11.8)) == "the leader would stand off the table (DW-GEO-16)"
    on_base = why(moving, shifted(4, -6, leader=(40.3, 6.5)))
    assert on_base is not None and "on another base" in on_base


def test_out_of_formation(moving: DustState) -> None:
    """DW-UNIT-06: the leader 5" east with the others left behind: (28, 12) is 6.3" from it."""
    words = why(moving, shifted(0, 0, leader=(35, 10)))
    assert words == 'miniature 2 would be 6.3" from its leader, beyond the 6" leadership range (DW-UNIT-06)'


def test_not_a_proposal_or_not_placing_has_no_refusal(facing_off: DustState) -> None:
    stop = facing_off.game.actions.stop
    assert refusal(facing_off, stop) is None
    proposal = facing_off.game.read_action("place 1,1")
    assert proposal is not None and refusal(facing_off, proposal) is None
