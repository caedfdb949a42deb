"""Dust Warfare drawn for people (warroom/games/dust_warfare/render.py): the terminal map of the
First Battle table (§3.21.4) read back cell by cell, and the static table sent to the browser.

Map cells are 1" wide and 2" deep, north at the top; a row is labelled with the y of its top edge.
"""

from __future__ import annotations

import json

import pytest

from warroom.games.dust_warfare.render import (
    LEGEND,
    OBJECTIVE,
    OPEN,
    TERRAIN_CHAR,
    ZONE,
    Mark,
    cell_of,
    draw_map,
    grid_size,
    table_json,
    terrain_rows,
    unit_letter,
    vehicle_marks,
    zone_polygons,
)
from warroom.games.dust_warfare.scenario import battlefield, shipped
from warroom.games.dust_warfare.words import LONG_EDGES, Edge, TerrainKind


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
    zones = tuple(zone_polygons(scenario, board, LONG_EDGES))
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


def test_table_json_is_the_whole_static_map(first_battle) -> None:  # type: ignore[no-untyped-def]
    """The browser's table: size, 8 pieces with outlines and catalogue facts (§3.3), both
    deployment strips (DW-FB-02), the Mill with its 3" control and 50 SP (DW-FB-06/07); JSON-able."""
    scenario, _ = first_battle
    table = table_json(scenario)
    json.dumps(table)
    assert (table["width"], table["depth"], table["turns"]) == (72.0, 48.0, 5)
    pieces = {p["id"]: p for p in table["pieces"]}
    assert len(pieces) == 8
    mill = pieces["M1"]
    assert mill["kind"] == "T-RUIN" and mill["los"] == "obscuring" and mill["inside"] == "hard"
    assert sorted(map(tuple, mill["points"])) == [(32, 20), (32, 28), (40, 20), (40, 28)]
    assert (mill["vehicle"], mill["heavy"]) == ("difficult", "impassable")
    assert pieces["M4"]["los"] == "blocking" and pieces["M4"]["soldier"] == "impassable"
    assert table["zones"] == {Edge.SOUTH.value: [0, 0, 72, 12], Edge.NORTH.value: [0, 36, 72, 48]}
    assert table["objectives"] == [
        {"id": "mill", "name": "the Mill", "x": 36, "y": 24, "control": 3, "sp": 50}
    ]


def test_a_scenario_deploying_anywhere_has_no_strips() -> None:
    """DW-NE-07: Night Encounter deploys markers anywhere: no edge strips to draw."""
    night = shipped()["night_encounter"]
    assert table_json(night)["zones"] == {}
    assert zone_polygons(night, battlefield(night), LONG_EDGES) == []
