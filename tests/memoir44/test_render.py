"""The Memoir '44 terminal view (render.py) as a new player reads it (issue 14)."""

from __future__ import annotations

import warroom
from tests.memoir44.conftest import QUIET_DECK, to_battle
from warroom.games.memoir44 import render
from warroom.games.memoir44.board import parse_hex
from warroom.games.memoir44.state import M44State

LONG_BRIDGE = """
terrain town R4C6
terrain river R5C7
terrain forest R6C7
bridge R4C6 R5C7 R6C7
sandbags R6C7
allies infantry R6C7
"""


def position(text: str) -> M44State:
    state = warroom.game_class("memoir44").from_position(text + "\n" + QUIET_DECK + "\n")
    assert isinstance(state, M44State)
    return state


def test_bridge_sections_on_land_show_their_terrain_and_the_bridge():
    """M44-TERR-09 / M44-BOARD-05: the land ends of a long bridge keep their terrain letter (town,
    forest) with the bridge as their mark; the river section stays `=`; the line under the board
    names every land section with its terrain, even when an obstacle takes the mark."""
    st = position(LONG_BRIDGE)
    assert render.cell(st, parse_hex("R4C6")) == "t=    "
    assert render.cell(st, parse_hex("R5C7")).startswith("= ")
    assert render.cell(st, parse_hex("R6C7")) == "f*aI4 "  # sandbags take the mark
    text = st.game.render(st, 0)
    assert "bridge sections on land: R4C6 (town), R6C7 (forest)" in text


def test_no_land_bridge_line_without_land_bridges():
    game = warroom.game_class("memoir44")()
    st = game.new_initial_state(0)
    assert "bridge sections on land" not in game.render(st, 0)
    assert render.cell(st, parse_hex("R3C4")).startswith("=o")  # Pegasus Bridge over the canal


def test_cards_read_as_printed_not_as_engine_ids():
    """The hand, the card in play and the card menu name cards as the box prints them ("Probe
    Center"), not by engine id ("probe_center"); the typed action text stays as it is."""
    st = position("allies infantry R7C7\nhand allies: probe_center recon_in_force\n")
    text = st.game.render(st, 0)
    assert "your hand (Allies): Probe Center, Recon in Force" in text
    assert "probe_center" not in text and "recon_in_force" not in text
    assert "card in play: -" in text
    play_card = st.game.parse_action(st, "play recon_in_force")
    assert st.game.describe_action(st, play_card).startswith("play recon_in_force: Recon in Force - Order 1")
    st.apply_action("play probe_center")
    assert "card in play: Probe Center (Order up to 2 units on the Center.)" in st.game.render(st, 0)


def test_header_and_decision_line_in_words():
    """The header names the side to play and the result in words (not `allies ... running`), and
    a decision line says who decides what, with no raw decision data."""
    st = position("allies infantry R7C7\nhand allies: probe_center\n")
    text = st.game.render(st, 0)
    assert "turn 1: the Allies to play" in text and "running" not in text
    assert "medals: Allies 0/6, Axis 0/6   (top edge: the Axis)" in text
    assert text.splitlines()[-1] == "now: the Allies (player 0): play a Command card"
    assert "[" not in text.splitlines()[-1]


def test_ordered_units_show_when_a_move_costs_the_battle():
    """M44-UNIT-01 / M44-MOVE-08: after infantry moves 2 the view says it cannot battle this turn,
    so the battle step the engine then skips is not a surprise."""
    st = position("allies infantry R7C7\nallies infantry R7C8\nhand allies: probe_center\n")
    for action in ("play probe_center", "order R7C7", "order R7C8", "move R7C7 R5C7"):
        st.apply_action(action)
    text = st.game.render(st, 0)
    assert "ordered: Allies infantry (4) at R5C7 (moved 2, cannot battle this turn); " in text
    assert "Allies infantry (4) at R7C8 (not moved)" in text
    assert "now: the Allies (player 0): move ordered units one at a time, then done" in text


def test_game_over_header():
    """A finished game's header says who won (M44-MEDAL-06), with no decision line."""
    st = position("allies infantry R6C7\naxis infantry R5C7 figures=1\nmedals 1 6\n"
                  "hand allies: probe_center\ndice: I I I\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    st.apply_action("battle R6C7 R5C7")
    assert st.is_terminal()
    text = st.game.render(st, None)
    assert "game over: the Allies win" in text and "now:" not in text
