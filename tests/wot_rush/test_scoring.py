"""Scoring (WOT-SCORE-01..05), achievements (WOT-ACH-01..12) and returns."""

from __future__ import annotations

import pytest

from tests.wot_rush.conftest import play, pos
from warroom.games.wot_rush.rules.scoring import achievement_winners, score_keys, squad, winners


def finished(text: str):
    """A position whose game ends with the active seat's `end` (max_rounds 1, last seat active)."""
    st = pos("option max_rounds=1\n" + text)
    play(st, "end")
    assert st.is_terminal()
    return st


def ach(st, ach_id: str) -> int | None:
    index = [a.id for a in st.game.content.achievements].index(ach_id)
    return achievement_winners(st).get(index)


def test_ex11_achievement_tie_nobody_gets_it():
    """EX-11, WOT-SCORE-02, WOT-ACH-04, WOT-ACH-02: heavies 3-3-1 -> nobody; lights 4-2-2 -> P1."""
    st = finished("""
        players 3
        first 0
        active 2
        achievements: ACH-02 ACH-04
        warehouse 0: SU-14 SU-15 SU-16 SU-01 SU-02 SU-03 SU-04
        warehouse 1: GE-14 GE-15 GE-16 GE-01 GE-02
        warehouse 2: US-14 US-01 US-02
        hand 2:
    """)
    assert ach(st, "ACH-04") is None and ach(st, "ACH-02") == 0


def test_ex12_scoring_and_tie_break():
    """EX-12, WOT-SCORE-04, WOT-SCORE-05, WOT-ACH-01, WOT-ACH-11: P1 9 medal-card medals + 1 base + 1
    achievement = 17; P2 12 + 0 + 1 = 17; P2 wins on medal-card medals."""
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-01 ACH-11
        warehouse 0: ussr_medal1 ussr_medal1 ussr_medal1 ussr_medal1 ussr_medal1 ussr_medal1
        warehouse 0: ussr_medal1 ussr_medal1 ussr_medal1 base
        warehouse 1: germany_medal2 germany_medal2 germany_medal2 usa_medal2 usa_medal2 usa_medal2
        bases 1: 1 2
        hand 1:
    """)
    assert ach(st, "ACH-01") == 0 and ach(st, "ACH-11") == 1
    keys = score_keys(st)
    assert keys[0][0] == keys[1][0] == 17
    assert winners(st) == {1} and st.returns() == [0.0, 1.0]


def test_full_tie_shares_the_victory():
    """WOT-SCORE-05: players tied on every key share the victory (returns 1 each)."""
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-01
        hand 1:
    """)
    assert winners(st) == {0, 1} and st.returns() == [1.0, 1.0]


def test_edge13_all_zero_achievement():
    """EDGE-13, WOT-SCORE-02, WOT-ACH-06: nobody owns an Auxiliary vehicle -> nobody gets it."""
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-06
    """)
    assert ach(st, "ACH-06") is None


def test_edge14_squad_composition():
    """EDGE-14, WOT-SCORE-01, WOT-SCORE-03, WOT-ACH-12, WOT-GEN-02, WOT-CARD-04: the final squad is
    exactly hangar + warehouse + hand; defenders on the surviving bases, the bases themselves and
    achievement cards are not counted; barracks count for the squad."""
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-12 ACH-03
        guard 0: b1=SU-09 b2=SU-10
        warehouse 0: SU-11
        hand 1:
    """)
    assert len(squad(st, 0)) == 6 + 1  # barracks + 1 warehouse vehicle; the 2 defenders are out
    assert ach(st, "ACH-12") == 0 and ach(st, "ACH-03") == 0


def test_edge14_guarding_vehicle_no_longer_wins_an_achievement():
    """EDGE-14, WOT-SCORE-01, WOT-ACH-03, G-30: seat 0's only Medium tank guards a surviving base, so
    it is not in the final squad; seat 1's Medium in the warehouse takes ACH-03 (it was a 1-1 tie
    when defenders counted, and 1-0 to seat 0 without seat 1's card)."""
    text = """
        players 2
        first 0
        active 1
        achievements: ACH-03
        guard 0: b1=SU-09
        {seat1}
        hand 1:
    """
    st = finished(text.format(seat1="warehouse 1: SU-07"))
    assert "SU-09" not in [st.game.content.label(c) for c in squad(st, 0)]
    assert ach(st, "ACH-03") == 1
    st = finished(text.format(seat1=""))
    assert ach(st, "ACH-03") is None  # 0-0: the defender does not count (it would have been 1-0)


@pytest.mark.parametrize("zone", ["hangar 0: SU-09", "warehouse 0: SU-09", "hand 0: SU-09"])
def test_edge14_vehicle_in_hangar_warehouse_or_hand_counts(zone):
    """EDGE-14, WOT-SCORE-01, WOT-ACH-03: the same Medium tank counts from the hangar, the warehouse
    or the hand, and wins ACH-03 alone."""
    st = finished(f"""
        players 2
        first 0
        active 1
        achievements: ACH-03
        {zone}
        hand 1:
    """)
    assert ach(st, "ACH-03") == 0


@pytest.mark.parametrize(
    ("ach_id", "cards"),
    [
        ("ACH-02", "SU-01"), ("ACH-03", "SU-07"), ("ACH-04", "SU-14"), ("ACH-05", "SU-19"),
        ("ACH-06", "SU-23"), ("ACH-07", "ussr_medal1"), ("ACH-08", "germany_medal1"),
        ("ACH-09", "usa_medal1"), ("ACH-10", "france_medal1"), ("ACH-11", "usa_medal2"), ("ACH-01", "base"),
    ],
)  # fmt: skip
def test_each_achievement_metric(ach_id, cards):
    """WOT-ACH-01, WOT-ACH-02, WOT-ACH-03, WOT-ACH-04, WOT-ACH-05, WOT-ACH-06, WOT-ACH-07, WOT-ACH-08,
    WOT-ACH-09,
    WOT-ACH-10, WOT-ACH-11, WOT-CARD-10, WOT-CARD-11, WOT-CARD-12, WOT-CARD-13, WOT-CARD-14, WOT-ICON-05,
    WOT-ICON-15: one card of the counted type gives seat 1 the achievement."""
    st = finished(f"""
        players 2
        first 0
        active 1
        achievements: {ach_id}
        warehouse 1: {cards}
        bases 0: 1 2
        hand 1:
    """)
    assert ach(st, ach_id) == 1


def test_nation_achievements_count_medals_not_cards():
    """WOT-ACH-07: medals are counted, not cards: one 2-medal card ties two 1-medal cards (2 = 2,
    nobody); three 1-medal cards (3) beat one 2-medal card (2)."""
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-07
        warehouse 0: ussr_medal2
        warehouse 1: ussr_medal1 ussr_medal1
        hand 1:
    """)
    assert ach(st, "ACH-07") is None
    st = finished("""
        players 2
        first 0
        active 1
        achievements: ACH-07
        warehouse 0: ussr_medal2
        warehouse 1: ussr_medal1 ussr_medal1 ussr_medal1
        hand 1:
    """)
    assert ach(st, "ACH-07") == 1


def test_returns_are_zero_while_running():
    """WOT-GEN-01: returns reflect the winner only at the end."""
    st = pos("""
        players 2
        hand 0: engineer
    """)
    assert st.returns() == [0.0, 0.0]
