"""Boundary tests for Siege outcomes (issue 14): both sides of each threshold, built with the public
notation (`warroom.game_class("siege").from_position`, warroom/games/siege/position.py).

Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.."""

from __future__ import annotations

import textwrap

import pytest

import warroom
from warroom.games.siege.state import SiegeState


def position(text: str, seed: int = 0) -> SiegeState:
    state = warroom.game_class("siege").from_position(textwrap.dedent(text), seed)
    assert isinstance(state, SiegeState)
    return state


def view(state: SiegeState) -> dict:
    return state.view(None)


def texts(state: SiegeState) -> list[str]:
    return [a.text for a in state.legal_actions()]


# -- SG-END-01: the last building -----------------------------------------------------------------

BOMBER = """
    phase reveal
    forts 1 2 3 5 6
    buildings {buildings}
    reserve: he111 sdkfz
    dice: 4
"""


def test_sg_end_01_last_building_destroyed_loses():
    """SG-END-01: the He-111 (rolled 4, no F(4)) destroys building 4, the last one: lost."""
    state = position(BOMBER.format(buildings="4"))
    assert state.is_terminal()
    assert view(state)["result"] == "lost"
    assert state.returns() == [-1.0] * 4


def test_sg_end_01_one_building_left_standing_is_not_lost():
    """SG-END-01 (negative): the same bomb with building 5 also standing leaves one building: the
    game goes on."""
    state = position(BOMBER.format(buildings="4 5"))
    assert not state.is_terminal()
    assert view(state)["result"] == "running"
    assert view(state)["buildings"][4] is False and view(state)["buildings"][5] is True


# -- SG-END-02: empty reserve AND empty board -----------------------------------------------------


def test_sg_end_02_last_enemy_dies_with_empty_reserve_wins():
    """SG-END-02: reserve empty, the only enemy dies on a fortification in phase 5: won."""
    state = position("""
        hand 0: patrol
        enemy 2 tank sdkfz
        reserve:
    """)
    state.apply_action("play patrol")
    assert state.is_terminal() and view(state)["result"] == "won"
    assert state.returns() == [1.0] * 4


def test_sg_end_02_one_enemy_left_is_no_win():
    """SG-END-02 (negative): reserve empty, the same kill, but one enemy is still on the board."""
    state = position("""
        hand 0: patrol
        enemy 2 tank sdkfz
        enemy 4 rear tiger
        reserve:
    """)
    state.apply_action("play patrol")
    assert not state.is_terminal()
    assert view(state)["result"] == "running"
    assert len(view(state)["enemies"]) == 1


def test_sg_end_02_one_token_in_reserve_is_no_win():
    """SG-END-02 (negative): the board is cleared but one token is still in the reserve."""
    state = position("""
        hand 0: patrol
        enemy 2 tank sdkfz
        reserve: sdkfz
    """)
    state.apply_action("play patrol")
    assert not state.is_terminal()
    assert view(state)["enemies"] == [] and view(state)["reserve_count"] == 1


# -- SG-CARD-01 / SG-ATK-06: damage against armour ------------------------------------------------


@pytest.mark.parametrize(("armour", "destroyed"), [(1, True), (2, False)])
def test_sg_card_01_strike_equal_to_armour_destroys_one_less_damages(armour, destroyed):
    """SG-CARD-01 (SG-ATK-06): one P-47 strike (1 damage) destroys a Pz.III with armour 1 and only
    damages (armour 2 -> 1) a Pz.III with armour 2."""
    state = position(f"""
        hand 0: green_aviation patrol
        enemy 3 aviation pz3 {armour}
    """)
    state.apply_action("play green_aviation t6")
    left = [e for e in view(state)["enemies"] if e["id"] == 6]
    if destroyed:
        assert left == []
        assert view(state)["trophies"][0] == ["pz3"]
    else:
        assert [e["armour"] for e in left] == [armour - 1]
        assert view(state)["trophies"][0] == []


def test_sg_card_01_two_strikes_equal_to_armour_two_destroy():
    """SG-CARD-01 (SG-ATK-05/06): two strikes on a Pz.III with armour 2: the first damages, the
    second (total damage = armour) destroys."""
    state = position("""
        hand 0: green_aviation green_aviation patrol
        enemy 3 aviation pz3 2
    """)
    state.apply_action("play green_aviation t6")
    assert [e["armour"] for e in view(state)["enemies"] if e["id"] == 6] == [1]
    state.apply_action("play green_aviation t6")
    assert [e for e in view(state)["enemies"] if e["id"] == 6] == []


# -- SG-DRAW-01 / SG-SETUP-06: the hand limit -----------------------------------------------------

DECK = "deck: il2 repair patrol dot onslaught modification sandbags barbed_wire"
FILL = ["red_tank", "red_tank", "red_aviation", "red_aviation", "red_aviation", "green_tank", "green_tank"]


@pytest.mark.parametrize(("players", "limit"), [(2, 6), (4, 5), (6, 4)])
@pytest.mark.parametrize("offset", [-1, 0, 1])
def test_sg_draw_01_draws_up_to_the_limit_not_beyond(players, limit, offset):
    """SG-DRAW-01, SG-SETUP-06: one card short of the limit draws exactly one card; at the limit
    draws nothing; above the limit draws nothing and is not reduced."""
    size = limit + offset
    state = position(f"""
        players {players}
        active 1
        phase turn
        hand 1: {" ".join(FILL[:size])}
        {DECK}
    """)
    assert len(view(state)["hands"][1]) == max(size, limit)
    assert view(state)["deck_count"] == 8 - (1 if offset == -1 else 0)


# -- SG-TRADE-01/02: trades per turn --------------------------------------------------------------


def trade_position(players: int) -> str:
    return f"""
        players {players}
        active 0
        phase trade
        hand 0: red_tank red_tank sandbags il2
        hand 1: green_aviation red_aviation
        enemy 1 tank pz3
    """


@pytest.mark.parametrize("players", [2, 5])
def test_sg_trade_01_one_trade_then_no_more(players):
    """SG-TRADE-01: with 2-5 players, after one trade no further offer is possible."""
    state = position(trade_position(players))
    assert any(t.startswith("offer") for t in texts(state))
    state.apply_action("offer 1 red_tank")
    state.apply_action("give green_aviation")
    assert view(state)["trades_done"] == 1
    assert not any(t.startswith("offer") for t in texts(state))


def test_sg_trade_02_six_players_second_trade_allowed_third_not():
    """SG-TRADE-02: with 6 players a second trade is still offered after the first, not a third."""
    state = position(trade_position(6))
    state.apply_action("offer 1 red_tank")
    state.apply_action("give green_aviation")
    assert any(t.startswith("offer") for t in texts(state))
    state.apply_action("offer 1 red_tank")
    state.apply_action("give red_aviation")
    assert view(state)["trades_done"] == 2
    assert not any(t.startswith("offer") for t in texts(state))
