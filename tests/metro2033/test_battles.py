"""Battles between players and against threats and garrisons (metro2033.md §3.12 CMB, §3.13 BAT,
§3.14 OUT, §3.15 CAP; EX-01, EX-05, EDGE-01, EDGE-02, EDGE-21, EDGE-22, EDGE-23, EDGE-35, EDGE-36)."""

from __future__ import annotations

import pytest

from tests.metro2033.play import (
    EQ,
    QUEST,
    act,
    commit_cards,
    give,
    owners,
    run_jobs,
    s,
    settle,
    start,
    texts,
    top_threat,
)
from warroom.core.actions import Action
from warroom.core.engine import Decision
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.rules.common import vp
from warroom.games.metro2033.rules.turns import _army_options as army_options
from warroom.games.metro2033.state import MetroState


def ex01() -> MetroState:
    """EX-01's position: RE (seat 0, Khan with an RPK) on SM3; AC (seat 2) owns its homes, army 6,
    its hero elsewhere; RE attacks SM3 with its hero. (The digest seats RE and AC alone, which no
    draft allows: their zones do not touch; C05 sits between them here and takes no part.)"""
    st = start(["RE", "C05", "AC"], ["KHN", "MEL", "ART"])
    give(st, 0, "EQ-RPK", EQ)
    st.hero_at[0], st.hero_at[2] = s("SM3"), s("KI4")
    st.army[2] = 6
    run_jobs(st, ["declare", 0, "hero", s("SM3"), -1])
    return st


def test_ex01_tie_changes_nothing() -> None:
    """EX-01, M33-BAT-01, M33-BAT-04, M33-BAT-10, M33-BAT-12, M33-CMB-02, M33-CMB-07, M33-OUT-10:
    Ambush gives its base +1 against Counterattack (a Defence card): 7 vs 7, a tie."""
    st = ex01()
    assert st.decision is not None and st.decision.kind == "card"
    assert set(st.waiting_for()) == {0, 2}
    commit_cards(st, "BC-COUNTER", "BC-AMBUSH")
    assert st.owner[s("SM3")] == 2 and not st.wounded[0] and st.army[2] == 6
    assert [CARD[c] for c in st.equip[0]] == ["EQ-RPK"]


def test_ex01_variant_a_attacking_hero_loses() -> None:
    """EX-01 variant A, M33-BAT-06, M33-OUT-05, M33-OUT-11, M33-HMV-01: March (+2) lets Ambush give
    +3: 9 vs 7; the RE hero is wounded, goes to an RE home, and AC discards its RPK."""
    st = ex01()
    commit_cards(st, "BC-MARCH", "BC-AMBUSH")
    assert st.decision is not None and st.decision.kind == "retreat" and st.decision.seat == 0
    assert sorted(texts(st)) == ["retreat CHE", "retreat PUS", "retreat TVE"]
    act(st, "retreat PUS")
    assert st.hero_at[0] == s("PUS") and st.wounded[0]
    assert st.equip[0] == [] and [CARD[c] for c in st.eq_disc] == ["EQ-RPK"]
    assert st.owner[s("SM3")] == 2


def test_ex01_variant_b_station_taken_and_free_capture() -> None:
    """EX-01 variant B, M33-BAT-08, M33-OUT-04, M33-CAP-02, M33-CAP-03, M33-CAP-04, M33-CAP-06,
    M33-CAP-07, M33-CAP-09, M33-CAP-10: Hold gives +0 against a Defence card: 6 vs 7; AC loses SM3,
    RE captures it for 1 M and its hero stays; AC takes a neutral AC station free."""
    st = ex01()
    before = list(st.res[0])
    commit_cards(st, "BC-COUNTER", "BC-HOLD")
    assert st.owner[s("SM3")] == -1 and vp(st, 2) == 2
    assert texts(st) == ["capture", "decline"]
    act(st, "capture")
    assert st.owner[s("SM3")] == 0 and st.res[0] == [before[0] - 1, before[1], before[2]]
    assert st.hero_at[0] == s("SM3") and vp(st, 0) == 4
    assert st.decision is not None and st.decision.kind == "claim" and st.decision.seat == 2
    assert {t.split()[1] for t in texts(st)} == {"SM4", "AR4", "KRO", "PKU", "FRU", "SPO"}
    act(st, "claim SM4")
    assert vp(st, 2) == 3


def test_declined_station_turns_neutral_and_can_be_reclaimed_edge21() -> None:
    """EDGE-21, M33-OUT-04, M33-CAP-09, M33-CAP-10: the winner declines; the station becomes
    neutral and the loser's free capture may take it back."""
    st = start(["RE", "C05"], ["KHN", "ART"])
    owners(st, 1, "BEG", "U19", "BAR")
    give(st, 0, "EQ-RPK", EQ)
    st.hero_at[0], st.hero_at[1], st.army[1] = s("BAR"), s("BEG"), 3
    run_jobs(st, ["declare", 0, "hero", s("BAR"), -1])
    commit_cards(st, "BC-MARCH", "BC-MANEUV")
    act(st, "decline")
    assert st.owner[s("BAR")] == -1 and st.army[1] == 3
    assert "claim BAR" in texts(st)
    act(st, "claim BAR")
    assert st.owner[s("BAR")] == 1 and vp(st, 1) == 3


def test_conditional_card_bonus_and_army_loss_edge01() -> None:
    """EDGE-01, M33-BAT-07, M33-BAT-09, M33-OUT-08 (army side), M33-OUT-03: Siege gives +0 against
    Manoeuvres: 4 vs 6; the attacking army drops to 3; the defender loses nothing."""
    st = start(["RL", "BN"], ["ART", "KHN"])
    st.army[0], st.army[1], st.hero_at[1] = 4, 5, s("TR6")
    run_jobs(st, ["declare", 0, "army", s("NOV"), -1])
    commit_cards(st, "BC-SIEGE", "BC-MANEUV")
    assert st.army == [3, 5] and st.owner[s("NOV")] == 1


def test_two_tie_winning_armies_edge02() -> None:
    """EDGE-02, M33-CMB-07, M33-FAC-02, M33-FAC-03: an attacking Reich army and a defending Bandits
    army both win ties: 7 vs 7 stays a tie."""
    st = start(["RE", "RL", "BN"], ["ART", "KHN", "MEL"])
    st.army[0], st.army[2], st.hero_at[2] = 5, 5, s("TR6")
    owners(st, 0, "TVE", "PUS", "CHE", "TEA")
    run_jobs(st, ["declare", 0, "army", s("NOV"), -1])
    commit_cards(st, "BC-MARCH", "BC-COUNTER")
    assert st.army == [5, 2, 5] and st.owner[s("NOV")] == 2


def test_reich_army_wins_ties_when_attacking_m33_fac_02() -> None:
    """M33-FAC-02, M33-CMB-01: the same 7 vs 7 against a non-Bandits army: Reich wins."""
    st = start(["RE", "RL"], ["ART", "KHN"])
    st.army[0], st.army[1] = 5, 5
    st.hero_at[1] = s("OKH")
    run_jobs(st, ["declare", 0, "army", s("TEA"), -1])
    commit_cards(st, "BC-MARCH", "BC-COUNTER")
    assert st.owner[s("TEA")] == -1


def test_bauman_hero_and_bandits_army_tie_ex05() -> None:
    """EX-05, M33-FAC-06, M33-CMB-07: the Bauman hero (Anna 3 + Manoeuvres 1) attacks a Bandits
    station defended by its army (2 + March 2): 4 vs 4 and both win ties, so it is a tie; with
    the army at 3 (5) the hero loses and is wounded."""
    for army, tie in ((2, True), (3, False)):
        st = start(["BA", "BN"], ["ANN", "KHN"])
        st.hero_at[0], st.hero_at[1], st.army[1] = s("TR8"), s("NOV"), army
        run_jobs(st, ["declare", 0, "hero", s("TR8"), -1])
        commit_cards(st, "BC-MANEUV", "BC-MARCH")
        assert st.owner[s("TR8")] == 1 and st.wounded[0] != tie


def test_defender_chooses_its_hero_edge35() -> None:
    """EDGE-35, M33-CMB-03, M33-OUT-06: the owner whose hero stands on the attacked station chooses
    army or hero publicly before the cards; Sortie vs Hold: 8 vs 8, a tie (army vs hero)."""
    st = start(["BA", "BN"], ["ANN", "SAS"])
    give(st, 1, "EQ-RPK", EQ)
    owners(st, 0, "BAU", "KUR", "CHK", "MAR")
    st.hero_at[1], st.army[0] = s("NOV"), 5
    run_jobs(st, ["declare", 0, "army", s("NOV"), -1])
    assert st.decision is not None and st.decision.kind == "defend" and st.decision.seat == 1
    act(st, "defend hero")
    commit_cards(st, "BC-SORTIE", "BC-HOLD")
    assert st.owner[s("NOV")] == 1 and st.army[0] == 5


def test_defending_hero_that_loses_keeps_everything_m33_out_06() -> None:
    """M33-OUT-06, M33-OUT-04: the station is lost; the defending hero is not wounded and keeps
    its equipment."""
    st = start(["BA", "BN"], ["ANN", "SAS"])
    give(st, 1, "EQ-RPK", EQ)
    owners(st, 0, "BAU", "KUR", "CHK", "MAR")
    st.hero_at[1], st.army[0] = s("NOV"), 7
    run_jobs(st, ["declare", 0, "army", s("NOV"), -1])
    act(st, "defend hero")
    commit_cards(st, "BC-MARCH", "BC-COUNTER")
    assert st.owner[s("NOV")] == -1 and not st.wounded[1] and len(st.equip[1]) == 1


def test_hero_beats_hero_and_takes_equipment_edge36() -> None:
    """EDGE-36, M33-OUT-09, M33-OUT-12, M33-EQP-03, M33-HAC-03: Hunter 3+1+2 vs Artyom 2+1+1; RE
    takes the SVD, is over its limit and discards one; Artyom is wounded; RE may complete Q-HEAD."""
    st = start(["RE", "RL"], ["HUN", "ART"])
    give(st, 0, "EQ-AKM", EQ)
    give(st, 0, "EQ-GREN", EQ)
    give(st, 1, "EQ-SVD", EQ)
    give(st, 0, "Q-HEAD", QUEST)
    st.hero_at[0] = st.hero_at[1] = s("SUK")
    run_jobs(st, ["declare", 0, "hero", s("SUK"), 1])
    commit_cards(st, "BC-MARCH", "BC-MANEUV")
    assert texts(st) == ["take EQ-SVD", "none"]
    act(st, "take EQ-SVD")
    assert st.decision is not None and st.decision.kind == "discard"
    act(st, "discard EQ-GREN")
    assert sorted(CARD[c] for c in st.equip[0]) == ["EQ-AKM", "EQ-SVD"]
    assert st.wounded[1]
    act(st, texts(st)[0])  # Artyom retreats to an RL home
    assert st.decision is not None and st.decision.kind == "qevent"
    act(st, "complete Q-HEAD")
    assert vp(st, 0) == 4


def test_army_beats_hero_may_discard_and_wounds_m33_out_07() -> None:
    """M33-OUT-07, M33-ARM-05: an army attacks a hero on a reachable neutral station; the winner
    may discard one of its cards; the hero is wounded. M33-OUT-08: losing costs the army 1."""
    st = start(["RE", "RL"], ["ART", "SAS"])
    give(st, 1, "EQ-AKM", EQ)
    st.hero_at[1], st.army[0] = s("TSV"), 6
    assert "attack hero RL" in [a.text for a in _army_options(st, 0)]
    run_jobs(st, ["declare", 0, "army", s("TSV"), 1])
    commit_cards(st, "BC-MARCH", "BC-MANEUV")
    assert "none" in texts(st)
    act(st, "strip EQ-AKM")
    assert st.equip[1] == [] and st.wounded[1]
    st2 = start(["RE", "RL"], ["ART", "SAS"])
    st2.hero_at[1], st2.army[0] = s("TSV"), 1
    run_jobs(st2, ["declare", 0, "army", s("TSV"), 1])
    commit_cards(st2, "BC-MANEUV", "BC-MARCH")
    assert st2.army[0] == 1 and not st2.wounded[1]  # M33-GEN-08: never below 1


def _army_options(st: MetroState, seat: int) -> list[Action]:
    return army_options(st, Decision("army", seat))


# ---------------------------------------------------------------- threats and garrisons


def test_neutral_attack_reward_and_capture_m33_out_01() -> None:
    """M33-OUT-01, M33-THR-03, M33-THR-08, M33-CAP-02, M33-QST-12: an army beats Rats (5) and takes
    G1, then captures for 1 M + 1 P and may complete Expanding Borders."""
    st = start(["RL", "RE"], ["ART", "KHN"])
    st.army[0] = 6
    give(st, 0, "Q-BORDERS", QUEST)
    top_threat(st, "T1-RATS")
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    settle(st)
    assert st.decision is not None and st.decision.kind == "gain"
    act(st, "gain A")
    assert texts(st) == ["capture", "decline"]
    act(st, "capture")
    assert st.res[0] == [1, 3, 3] and st.owner[s("LUB")] == 0
    act(st, "complete Q-BORDERS")
    assert vp(st, 0) == 5 and [CARD[c] for c in st.t_disc] == ["T1-RATS"]  # M33-DECK-06


def test_neutral_attack_lost_m33_out_03() -> None:
    """M33-OUT-03, M33-OUT-11: a lost neutral attack costs the army 1, or wounds the hero."""
    st = start(["RL", "RE"], ["ART", "KHN"])
    top_threat(st, "T1-DARK")
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    settle(st)
    assert st.army[0] == 1 and st.owner[s("LUB")] == -1
    st.hero_at[1] = s("SUK")
    top_threat(st, "T1-EPIDEMIC")
    run_jobs(st, ["declare", 1, "hero", s("SUK"), -1])
    settle(st)
    act(st, "retreat PUS")
    assert st.wounded[1] and st.hero_at[1] == s("PUS") and st.owner[s("SUK")] == -1


def test_type_bonus_and_bauman_tie_edge22() -> None:
    """EDGE-22, M33-EQP-09, M33-EQP-14, M33-FAC-06: Anna 3 + Shotgun 2 vs Rats 5: the Bauman hero
    wins the tie; an RL hero in the same fight ties and nothing happens."""
    st = start(["BA", "RL"], ["ANN", "KHN"])
    give(st, 0, "EQ-SHOTGUN", EQ)
    st.hero_at[0] = s("ELE")
    top_threat(st, "T1-RATS")
    run_jobs(st, ["declare", 0, "hero", s("ELE"), -1])
    settle(st)
    assert st.decision is not None and st.decision.kind == "gain"
    st2 = start(["RL", "BA"], ["ANN", "KHN"])
    give(st2, 0, "EQ-SHOTGUN", EQ)
    st2.hero_at[0] = s("LUB")
    top_threat(st2, "T1-RATS")
    run_jobs(st2, ["declare", 0, "hero", s("LUB"), -1])
    settle(st2)
    assert st2.decision is not None and st2.decision.kind != "gain" and not st2.wounded[0]
    assert st2.owner[s("LUB")] == -1


@pytest.mark.parametrize(
    ("faction", "army", "won"),
    [("AC", 6, None), ("AC", 7, True), ("RE", 7, True), ("RL", 7, None), ("RL", 8, True)],
)
def test_polis_garrison_edge23(faction: str, army: int, won: bool | None) -> None:
    """EDGE-23, M33-CMB-02, M33-FAC-05, M33-OUT-02, M33-CMB-08: the garrison is 7 (6 against AC),
    no threat card is drawn; a Reich army wins 7 vs 7 as an attacker."""
    other = "C05" if faction == "RE" else "BN"
    st = start([faction, other])
    st.army[0] = army
    deck = list(st.t_deck)
    run_jobs(st, ["declare", 0, "army", s("ARB"), -1])
    settle(st)
    assert st.t_deck == deck
    if won:
        assert texts(st) == ["capture", "decline"]
    else:
        assert st.army[0] == army and st.owner[s("ARB")] == -1


def test_transfer_dependent_threats_edge06() -> None:
    """EDGE-06, M33-THR-02, M33-MAP-09, M33-THR-16, M33-LAW-05: Mushroom Mutation is 5 at BEG (no
    transfer), 4 at OKH; +1 under Collusion."""
    card = default_content().threats["T1-MUSHMUT"]
    assert card.strength_at(BOARD.has_transfer[s("BEG")]) == 5
    assert card.strength_at(BOARD.has_transfer[s("OKH")]) == 4


def test_hero_loses_to_a_players_army_edge34() -> None:
    """EDGE-34, M33-OUT-05, M33-OUT-11, M33-OUT-12, M33-QST-10: Artyom (AC) with an AKM and a Flag
    attacks RE's CHE and loses to the RE army: he goes to an AC home AC still owns, wounded; RE
    chooses which card is discarded; the AC army is unchanged; RE may complete Head Hunter."""
    st = start(["AC", "C05", "RE"], ["ART", "MEL", "KHN"])
    give(st, 0, "EQ-AKM", EQ)
    give(st, 0, "EQ-FLAG", EQ)
    give(st, 2, "Q-HEAD", QUEST)
    st.hero_at[0], st.hero_at[2], st.army[2] = s("CHE"), s("TVE"), 6
    owners(st, 0, "KI4", "KI3", "SM4")
    run_jobs(st, ["declare", 0, "hero", s("CHE"), -1])
    commit_cards(st, "BC-MANEUV", "BC-COUNTER")
    assert st.decision is not None and st.decision.kind == "strip" and st.decision.seat == 2
    assert texts(st) == ["strip EQ-AKM", "strip EQ-FLAG"]
    act(st, "strip EQ-FLAG")
    assert sorted(texts(st)) == ["retreat KI3", "retreat KI4"]
    act(st, "retreat KI3")
    assert st.wounded[0] and [CARD[c] for c in st.equip[0]] == ["EQ-AKM"] and st.army[0] == 2
    act(st, "complete Q-HEAD")
    assert vp(st, 2) == 4
