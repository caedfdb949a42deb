"""Phase 3, trading (SG-TRADE-01..05, EDGE-18)."""

from __future__ import annotations

import pytest

from tests.siege.conftest import decision, pos, texts


def trade_position(players: int, extra: str = "") -> str:
    return f"""
        players {players}
        active 0
        phase trade
        hand 0: red_tank red_tank sandbags
        hand 1: green_aviation red_aviation
        enemy 1 tank pz3
        {extra}
    """


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_trade_one_per_turn_with_2_to_5_players(players):
    """SG-TRADE-01: with 2-5 players one card is traded for one card, at most once per turn."""
    state = pos(trade_position(players))
    state.apply_action("offer 1 sandbags")
    state.apply_action("give red_aviation")
    view = state.view(None)
    assert view["hands"][0] == ["red_aviation", "red_tank", "red_tank"]
    assert view["hands"][1] == ["green_aviation", "sandbags"]
    assert view["trades_done"] == 1
    assert decision(state) == "play"  # no second trade offered
    assert not any(t.startswith("offer") for t in texts(state))


def test_trade_two_per_turn_with_6_players_with_one_player():
    """SG-TRADE-02: with 6 players two trades are allowed, both with the same player (even giving
    two copies of the same card), each one card for one card; no third."""
    state = pos(trade_position(6, "hand 0: red_tank red_tank sandbags il2"))
    state.apply_action("offer 1 red_tank")
    state.apply_action("give green_aviation")
    assert decision(state) == "trade"
    assert "offer 1 red_tank" in texts(state)
    state.apply_action("offer 1 red_tank")
    state.apply_action("give red_aviation")
    view = state.view(None)
    assert view["hands"][0] == ["red_aviation", "green_aviation", "il2", "sandbags"]
    assert view["hands"][1] == ["red_tank", "red_tank"]
    assert view["trades_done"] == 2
    assert decision(state) == "play"


def test_trade_two_per_turn_with_6_players_with_two_players():
    """SG-TRADE-02: ... or one trade each with two different players."""
    state = pos(trade_position(6, "hand 4: il2"))
    state.apply_action("offer 4 sandbags")
    state.apply_action("give il2")
    assert decision(state) == "trade"
    state.apply_action("offer 1 red_tank")
    state.apply_action("give green_aviation")
    view = state.view(None)
    assert view["hands"][0] == ["red_tank", "green_aviation", "il2"]
    assert view["hands"][1] == ["red_aviation", "red_tank"]
    assert view["hands"][4] == ["sandbags"]
    assert decision(state) == "play"


def test_trade_each_side_chooses_and_may_refuse():
    """SG-TRADE-03: the active player chooses the card he gives, the partner the card he gives back;
    either may refuse (the active player by passing), and then nothing changes hands."""
    state = pos(trade_position(4))
    assert sorted(texts(state)) == ["offer 1 red_tank", "offer 1 sandbags", "pass"]
    state.apply_action("offer 1 red_tank")
    assert state.current_player() == 1
    assert sorted(texts(state)) == ["give green_aviation", "give red_aviation", "refuse"]
    before = state.view(None)["hands"]
    state.apply_action("refuse")
    assert state.view(None)["hands"] == before
    assert state.view(None)["trades_done"] == 0
    state.apply_action("pass")
    assert state.view(None)["hands"] == before
    assert decision(state) == "play"


def test_trade_needs_a_partner_with_cards_and_is_always_one_for_one():
    """SG-TRADE-04: no trade with a player holding no cards; no card is given without one coming
    back (the partner can only refuse or give a card; the active player must offer one)."""
    state = pos(trade_position(4, "hand 2: il2"))
    partners = {int(t.split()[1]) for t in texts(state) if t.startswith("offer")}
    assert partners == {1, 2}  # player 3 has no cards
    state.apply_action("offer 2 sandbags")
    assert texts(state) == ["refuse", "give il2"]
    state.apply_action("give il2")
    view = state.view(None)
    assert len(view["hands"][0]) == 3 and len(view["hands"][2]) == 1
    nobody = pos(trade_position(4).replace("hand 1: green_aviation red_aviation", ""))
    assert decision(nobody) == "play"  # no one to trade with: the phase is skipped


def test_trade_only_active_player_refusal_free_but_not_repeatable():
    """SG-TRADE-05: only the active player proposes trades (to others only); a refused proposal
    does not use up the trade, but the same (partner, card) proposal is not offered again."""
    state = pos(trade_position(4, "hand 2: il2"))
    assert state.current_player() == 0
    assert all(t == "pass" or t.split()[1] in ("1", "2") for t in texts(state))
    state.apply_action("offer 1 sandbags")
    state.apply_action("refuse")
    assert (decision(state), state.current_player()) == ("trade", 0)
    assert state.view(None)["trades_done"] == 0
    options = texts(state)
    assert "offer 1 sandbags" not in options
    assert {"offer 1 red_tank", "offer 2 sandbags"} <= set(options)
    state.apply_action("offer 2 sandbags")
    state.apply_action("give il2")
    assert state.view(None)["trades_done"] == 1
    assert decision(state) == "play"


def test_edge_18_trades_with_four_players():
    """EDGE-18 (SG-TRADE-01, SG-TRADE-04): 4 players; Ivan may not trade with a player holding 0
    cards, may not give without receiving, and makes only 1 accepted trade."""
    state = pos("""
        players 4
        active 0
        phase trade
        hand 0: red_tank sandbags blue_artillery
        hand 1: green_aviation
        hand 3: il2
        enemy 3 aviation pz3
    """)
    assert not any(t.startswith("offer 2 ") for t in texts(state))  # player 2 holds no cards
    state.apply_action("offer 1 red_tank")
    assert "refuse" in texts(state) and all(t == "refuse" or t.startswith("give ") for t in texts(state))
    state.apply_action("refuse")
    assert state.view(None)["hands"][0] == ["red_tank", "blue_artillery", "sandbags"]
    state.apply_action("offer 3 sandbags")
    state.apply_action("give il2")
    assert state.view(None)["hands"][3] == ["sandbags"]
    assert decision(state) == "play"
