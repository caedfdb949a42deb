"""What people see of Metro 2033: the catalog the web map is drawn from and the terminal map,
tested on the board data alone (metro2033.md §2.10; zones in play M33-MAP-04)."""

from __future__ import annotations

import json

from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.render import (
    CELL,
    LINE_COLOURS,
    Marks,
    catalog,
    in_play_ids,
    station_cell,
    station_table,
)
from warroom.games.metro2033.words import Zone

CONTENT = default_content()
BOARD = CONTENT.board
BY_ID = {s.id: s for s in BOARD.stations}


def test_the_catalog_holds_the_whole_board_as_json() -> None:
    """78 stations with their schematic positions, 111 links, a colour for every line and zone."""
    doc = json.loads(json.dumps(catalog(CONTENT)))  # JSON-able, as the server sends it
    board = doc["board"]
    assert len(board["stations"]) == 78 and len(board["links"]) == 111
    okh = next(s for s in board["stations"] if s["id"] == "OKH")
    assert okh == {
        "id": "OKH", "name": "Okhotny Ryad", "ru": "Охотный ряд", "line": "L1", "kind": "capturable",
        "zone": "RL", "home_of": "RL", "res": "A", "xfer": True, "x": 47.7, "y": 47.6,
    }  # fmt: skip
    assert {s["res"] for s in board["stations"] if s["kind"] == "polis"} == {"any"}  # M33-EVT-04
    assert {s["res"] for s in board["stations"] if s["kind"] in ("hanza", "abandoned")} == {None}
    assert set(board["lines"]) == set(LINE_COLOURS) == {f"L{n}" for n in range(1, 11)}
    assert sum(e["hanza"] for e in board["links"]) == 13  # M33-MAP-12
    assert set(board["zones"]) == {z.value for z in Zone}
    assert [sp["space"] for sp in board["round_track"]] == ["S", *map(str, range(1, 10))]
    assert board["army_upkeep"] == {
        "1": 0,
        "2": 0,
        "3": 0,
        "4": 0,
        "5": 0,
        "6": 1,
        "7": 2,
        "8": 3,
    }  # M33-MOB-02


def test_the_catalog_names_every_card_the_actions_name() -> None:
    cards = catalog(CONTENT)
    assert len(cards["factions"]) == 6 and len(cards["heroes"]) == 6
    assert len(cards["battle_cards"]) == 7 and cards["battle_cards"]["BC-HOLD"]["vs_bonus"] == 4  # M33-BAT-08
    assert len(cards["equipment"]) == 9 and len(cards["laws"]) == 7
    assert len(cards["quests"]) == 12 and len(cards["threats"]) == 26
    assert cards["threats"]["T1-RATS"]["stage"] == 1 and cards["threats"]["T2-WORM"]["stage"] == 2


def test_a_station_cell_names_the_station_its_resource_owner_home_and_heroes() -> None:
    marks = Marks(
        in_play={"OKH", "LUB", "HKOM", "KOM", "BOR"}, owner={"OKH": 2}, heroes={"OKH": ["Art", "Khn"]}
    )
    assert station_cell(BY_ID["OKH"], marks).split() == ["OKH", "Okhotny", "Ryad", "A", "p2*", "@Art@Khn"]
    assert station_cell(BY_ID["LUB"], marks).split() == ["LUB", "Lubyanka", "P", "--"]
    assert station_cell(BY_ID["HKOM"], marks).split() == ["HKOM", "Komsomolskaya", "hanza"]
    assert station_cell(BY_ID["KOM"], marks).split() == ["KOM", "Komsomolskaya", "aband"]
    assert station_cell(BY_ID["BOR"], marks).split() == ["BOR", "Borovitskaya", "any", "--"]
    # a long name is cut with a dot, and every cell keeps the same width
    assert "Biblioteka imeni L. any" in station_cell(BY_ID["BIB"], marks)
    assert {len(station_cell(s, marks)) for s in BOARD.stations} == {CELL}


def test_the_terminal_map_lists_only_the_zones_in_play_each_station_once() -> None:
    """A 3-player draft RL, RE, BN: 40 stations in play, C05, AC and BA left out (EDGE-24)."""
    in_play = in_play_ids(BOARD, [Zone.RL, Zone.RE, Zone.BN])
    assert len(in_play) == 40
    lines = station_table(CONTENT, Marks(in_play=in_play))
    text = "\n".join(lines)
    assert [line for line in lines if not line.startswith(" ")] == [
        "Red Line zone (red)",
        "Fourth Reich zone (green)",
        "Bandits zone (yellow)",
        "Polis",
    ]
    for s in BOARD.stations:
        found = sum(cell.split()[:1] == [s.id] for line in lines for cell in _cells(line))
        assert found == (s.id in in_play), s.id
    assert "Barrikadnaya" not in text and "Kurskaya" not in text
    assert max(len(line) for line in lines) <= 2 + 2 * CELL


def _cells(line: str) -> list[str]:
    body = line[2:]
    return [body[i : i + CELL] for i in range(0, len(body), CELL)]


def test_the_end_screen_names_the_winner_and_keeps_quests_hidden_from_a_spectator() -> None:
    """M33-END-02/03: one winner, named on the last screen; a spectator sees how many quests each
    player holds, never which (M33-HID-01)."""
    from warroom.agents import RandomAgent
    from warroom.games.metro2033.agents import HeuristicAgent
    from warroom.games.metro2033.game import Metro2033Game
    from warroom.games.metro2033.render import render

    game = Metro2033Game(players=3)
    st = game.new_initial_state(2)
    agents = [HeuristicAgent(1), RandomAgent(2), RandomAgent(3)]
    while not st.is_terminal():
        st.apply_action(agents[st.current_player()].choose(st))
    assert st.result is not None and len(st.result) == 1
    text = render(st, None)
    assert text.startswith(f"Metro 2033 - game over after round {st.round}")
    assert f"winner: player {st.result[0]}" in text
    assert text.count(" face down") == 3
