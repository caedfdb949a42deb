"""Both sides of the WoT Rush thresholds: strength against armour (WOT-ATK-06), the medal-deck end
trigger (WOT-END-02/03) and the purchase limit (WOT-PLAY-07, WOT-BUY-06)."""

from __future__ import annotations

import pytest

from tests.wot_rush.conftest import play, pos, seat, texts


@pytest.mark.parametrize(
    ("attacker", "defender", "destroyed"),
    [
        ("SU-07", "SU-09", True),  # strength 1 = armour 1: destroyed
        ("SU-09", "SU-10", True),  # strength 2 = armour 1 + 1: destroyed
        ("SU-07", "SU-14", False),  # strength 1 = armour 2 - 1: only damaged
    ],
)
def test_strength_against_armour(attacker, defender, destroyed):
    """WOT-ATK-06: a hit destroys a defender when strength >= armour, else damages it."""
    st = pos(f"""
        players 2
        hand 0: {attacker}
        guard 1: b1={defender}
    """)
    play(st, f"attack {attacker}", "go", f"fire {attacker} p1b1")
    base = seat(st, 1)["bases"][0]
    if destroyed:
        assert base["defender"] is None and defender in seat(st, 1)["warehouse"]
    else:
        assert base["defender"] == defender and base["defender_damaged"]


@pytest.mark.parametrize(("ones_left", "triggered"), [(2, False), (1, True)])
def test_medal_trigger_exactly_at_the_last_one_medal_card(ones_left, triggered):
    """WOT-END-02, WOT-REW-05: taking the last USSR one-medal card triggers the end; taking the
    second-last does not (the game does not end one medal card early)."""
    st = pos(f"""
        players 2
        first 0
        active 0
        hand 0: SU-09
        guard 1: b1=GE-09
        medals USSR: {ones_left} 0
    """)
    play(st, "attack SU-09", "go", "fire SU-09 p1b1")
    assert st.view(0)["end_triggered"] is triggered
    play(st, "end")
    play(st, "end")  # seat 1 closes the round (WOT-END-03)
    assert st.is_terminal() is triggered


def test_purchase_limit_one_then_none():
    """WOT-PLAY-07, WOT-BUY-06: the first purchase is offered; once made, purchases = limit (1) and no
    second is offered although the hand could pay."""
    st = pos("""
        players 2
        hand 0: engineer engineer engineer engineer
        reserve: SU-01 SU-02 SU-03 SU-04
    """)
    assert any(t.startswith("buy ") for t in texts(st))
    play(st, "buy SU-01", "pay engineer", "done")
    assert st.view(0)["purchases"] == 1 == st.view(0)["purchase_limit"]
    assert not any(t.startswith("buy ") for t in texts(st))


@pytest.mark.parametrize(("bases", "triggered"), [("1 2", False), ("1", True)])
def test_base_trigger_only_at_the_last_base(bases, triggered):
    """WOT-END-01, WOT-ATK-07: destroying a base triggers the end only when it was the owner's
    last one; with a base left the game goes on past the round."""
    st = pos(f"""
        players 2
        first 0
        active 0
        hand 0: SU-14
        bases 1: {bases}
    """)
    play(st, "attack SU-14", "go", "fire SU-14 p1b1")
    assert st.view(0)["end_triggered"] is triggered
    play(st, "end", "end")
    assert st.is_terminal() is triggered
