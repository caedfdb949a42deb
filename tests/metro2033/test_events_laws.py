"""The Events phase and laws (metro2033.md §3.6 EVT, §3.7 LAW; EX-07, EDGE-05, EDGE-06, EDGE-15,
EDGE-31, EDGE-32, EDGE-37)."""

from __future__ import annotations

from tests.metro2033.play import act, give, owners, run_jobs, s, settle, start, texts, top_threat
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.rules.common import vp
from warroom.games.metro2033.rules.events import votes
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import CardKind

EQ = CardKind.EQUIPMENT


def law(card_id: str) -> int:
    return next(c for c in DECK[CardKind.LAW] if CARD[c] == card_id)


def enact(st: MetroState, card_id: str) -> None:
    card = law(card_id)
    if st.law >= 0:
        st.law_deck.insert(0, st.law)
    st.law_deck.remove(card)
    st.law = card


def income_round(st: MetroState, round_number: int) -> None:
    """Run the income of the space of `round_number` for every seat in turn order."""
    st.round = round_number
    run_jobs(st, *(["income", p] for p in range(st.game.num_players)))


def test_income_by_symbols_and_polis_choice_ex07() -> None:
    """EX-07, M33-EVT-02, M33-EVT-03, M33-EVT-04, M33-MAP-06, M33-MAP-10: on space 4 (M + A) RE
    gains 1 M (TVE) and 1 A (PUS), none from CHE (P); each Polis gives 1 of M or A, chosen."""
    st = start(["RE", "C05"])
    owners(st, 0, "TVE", "PUS", "CHE", "BOR", "ARB")
    owners(st, 1)
    st.res = [[0, 0, 0], [0, 0, 0]]
    st.reserve = [35, 35, 35]
    income_round(st, 5)  # round 5 uses space 4
    assert st.res[0] == [1, 0, 1]
    assert texts(st) == ["income M", "income A"]
    act(st, "income M")
    act(st, "income A")
    assert st.res[0] == [2, 0, 2]


def test_two_resource_space_edge32_and_law_space() -> None:
    """EDGE-32: space 7 (A + P): PUS gives A, CHE gives P, TVE nothing, BOR one of A or P; on
    space 8 (LAW + M) a Polis gives exactly 1 M with no choice (EX-07)."""
    st = start(["RE", "C05"])
    owners(st, 0, "TVE", "PUS", "CHE", "BOR")
    owners(st, 1)
    st.res, st.reserve = [[0, 0, 0], [0, 0, 0]], [35, 35, 35]
    income_round(st, 8)
    assert texts(st) == ["income A", "income P"]
    act(st, "income P")
    assert st.res[0] == [0, 2, 1]
    st.res = [[0, 0, 0], [0, 0, 0]]
    st.reserve = [35, 35, 35]
    income_round(st, 9)
    assert st.res[0] == [2, 0, 0]


def test_reserve_shortage_edge37_m33_gen_05() -> None:
    """EDGE-37, M33-GEN-05, M33-GEN-03: with 2 P left, the first player takes both; later players
    get none; the totals stay conserved."""
    st = start(["RL", "BN"])
    owners(st, 0, "OKH", "TEA", "PLR", "LUB")  # TEA and LUB produce P
    total = st.reserve[1] + st.res[0][1] + st.res[1][1]
    st.res[1][1] += st.reserve[1] - 2
    st.reserve[1] = 2
    before = list(st.res[1])
    income_round(st, 2)  # space 1: M + P
    assert st.reserve[1] == 0 and st.res[1][1] == before[1]
    assert st.reserve[1] + st.res[0][1] + st.res[1][1] == total


def _threat_round(st: MetroState) -> None:
    run_jobs(
        st,
        *(["announce", p] for p in range(st.game.num_players)),
        ["threat_reveal"],
        *(["efight", p] for p in range(st.game.num_players)),
        ["threat_discard"],
    )


def test_events_threat_min_three_and_free_capture_edge05() -> None:
    """EDGE-05, M33-EVT-07, M33-EVT-08, M33-EVT-09, M33-EVT-10, M33-CAP-07, M33-CAP-08,
    M33-CAP-11: C05 loses BAR to Bandit Gang (4 vs army 2); it takes a neutral C05 station free,
    BAR itself allowed, paying nothing even under Expansion Limits; the army stays at 2."""
    st = start(["C05", "RE"])
    enact(st, "L-LIMIT")
    give(st, 0, "Q-BORDERS", CardKind.QUEST)
    top_threat(st, "T1-GANG")
    st.army[1] = 6
    _threat_round(st)
    assert st.decision is not None and st.decision.kind == "announce" and st.decision.seat == 0
    act(st, "announce BAR army")
    act(st, "announce TVE army")
    settle(st)
    assert st.owner[s("BAR")] == -1 and vp(st, 0) == 2
    assert {t.split()[1] for t in texts(st)} == {"AER", "DIN", "BEL", "MAY", "MEN", "SAV", "BAR"}
    held = list(st.res[0])
    act(st, "claim BAR")
    assert vp(st, 0) == 3 and st.res[0] == held and st.army[0] == 2
    assert st.decision is None or st.decision.kind != "qevent"  # M33-CAP-11: no Q-BORDERS


def test_transfer_dependent_events_threat_and_bandits_tie_edge06() -> None:
    """EDGE-06, M33-FAC-03, M33-THR-08, M33-EVT-10: Mushroom Mutation; RL ties at OKH (4 vs 4),
    the defending Bandits army wins its tie at NOV and takes L1 (M33-THR-04)."""
    st = start(["RL", "BN"], ["ART", "KHN"])
    st.army = [4, 4]
    top_threat(st, "T1-MUSHMUT")
    _threat_round(st)
    act(st, "announce OKH army")
    act(st, "announce NOV army")
    settle(st)
    assert st.owner[s("OKH")] == 0
    assert st.decision is not None and st.decision.kind in ("target", "lose")
    if st.decision.kind == "target":
        act(st, "target RL")
    before = sum(st.res[0])
    act(st, texts(st)[0])
    assert sum(st.res[0]) == before - 1


def test_hero_defends_events_threat_edge31() -> None:
    """EDGE-31, M33-EQP-08, M33-EQP-11, M33-EQP-04: Melnik on CHE (transfer) with Geiger (+2 vs
    radiation) and AKM (+1) = 5 vs Mutant Dog 5: a tie; without the AKM RE loses CHE."""
    for akm, kept in ((True, True), (False, False)):
        st = start(["RE", "C05"], ["MEL", "KHN"])
        give(st, 0, "EQ-GEIGER", EQ)
        if akm:
            give(st, 0, "EQ-AKM", EQ)
        st.hero_at[0] = s("CHE")
        top_threat(st, "T1-DOG")
        _threat_round(st)
        assert "announce CHE hero" in texts(st)
        act(st, "announce CHE hero")
        act(st, "announce BEG army")
        settle(st)
        assert (st.owner[s("CHE")] == 0) == kept and not st.wounded[0]


def test_lost_target_is_not_fought_m33_evt_12() -> None:
    """M33-EVT-12, M33-EVT-11: a player whose announced station is gone before its fight does
    not fight; a player owning no station announces nothing (M33-EVT-07)."""
    st = start(["RL", "BN"])
    st.ann = [s("OKH") * 2, s("NOV") * 2]
    st.set_owner(s("NOV"), -1)
    st.ethreat = top_threat(st, "T1-BEGGARS")
    st.t_deck.remove(st.ethreat)
    run_jobs(st, ["efight", 1], ["threat_discard"])
    assert st.bt == {} and [CARD[c] for c in st.t_disc] == ["T1-BEGGARS"]  # M33-DECK-06


def test_vote_tie_keeps_the_old_law_edge15() -> None:
    """EDGE-15, M33-EVT-15, M33-EVT-16, M33-EVT-17, M33-EVT-18, M33-DECK-02: 6 vs 6 rejects
    Collusion (to the bottom) and Taxation stays; more for than against enacts the new law and
    the old one goes to the bottom."""
    st = start(["RE", "RL", "BN"])
    enact(st, "L-TAX")
    owners(st, 1, "OKH", "TEA", "PLR", "LUB", "KUZ", "CHP")
    card = law("L-DARK")
    st.law_deck.remove(card)
    st.law_deck.append(card)
    run_jobs(st, ["law_reveal"], ["vote", 0], ["vote", 1], ["vote", 2], ["vote_end"])
    act(st, "vote against")
    act(st, "vote for")
    act(st, "vote against")
    assert CARD[st.law] == "L-TAX" and st.law_deck[0] == card
    st.law_deck.remove(card)
    st.law_deck.append(card)
    run_jobs(st, ["law_reveal"], ["vote", 0], ["vote", 1], ["vote", 2], ["vote_end"])
    act(st, "vote for")
    act(st, "vote for")
    act(st, "vote against")
    assert CARD[st.law] == "L-DARK" and CARD[st.law_deck[0]] == "L-TAX"


def test_confederation_peeks_and_votes_m33_fac_04() -> None:
    """M33-FAC-04, M33-EVT-14, M33-HID-04, M33-EVT-19: C05 peeks at the top 2, puts one to the
    vote and the other to the bottom unseen by others; it has stations + 3 votes."""
    st = start(["C05", "RE"])
    assert votes(st, 0) == 6 and votes(st, 1) == 3
    top2 = st.law_deck[-2:]
    run_jobs(st, ["law_reveal"])
    assert texts(st) == ["c05 peek", "c05 skip"]
    act(st, "c05 peek")
    assert sorted(st.view(0)["drawn"]) == sorted(CARD[c] for c in top2) and st.view(1)["drawn"] == []
    act(st, f"propose {CARD[top2[0]]}")
    assert st.proposal == top2[0] and st.law_deck[0] == top2[1]
    assert st.knowledge.knows(0, top2[1]) and not st.knowledge.knows(1, top2[1])


def test_taxation_and_colonization_m33_law_03_m33_law_06() -> None:
    """M33-EVT-01, M33-LAW-03: Taxation gives each player 1 of its choice at the start of Events;
    M33-LAW-06: Colonization captures a neutral, army-reachable non-Polis station for 2 of each."""
    st = start(["RL", "BN"])
    enact(st, "L-TAX")
    run_jobs(st, ["start_law", 0])
    assert texts(st) == ["tax M", "tax P", "tax A"]
    before = list(st.res[0])
    act(st, "tax A")
    assert st.res[0] == [before[0], before[1], before[2] + 1]
    enact(st, "L-COLON")
    st.res[0] = [2, 2, 2]
    st.reserve = [35 - 2 - st.res[1][0], 35 - 2 - st.res[1][1], 35 - 2 - st.res[1][2]]
    run_jobs(st, ["start_law", 0])
    options = texts(st)
    assert options[0] == "pass" and "colonize LUB" in options and "colonize ARB" not in options
    assert "colonize POL" in options and "colonize SM3" not in options  # via neutral Polis; AC is out
    act(st, "colonize LUB")
    assert st.owner[s("LUB")] == 0 and st.res[0] == [0, 0, 0]
    st.res[0] = [2, 2, 1]
    run_jobs(st, ["start_law", 0])
    assert st.decision is None or st.decision.kind != "colon"  # cannot pay: no decision


def test_price_laws_m33_law_02_m33_law_04_m33_law_07() -> None:
    """M33-LAW-01, M33-LAW-02 (+1 P on equipment and quests), M33-LAW-04 (+1 M per recruit),
    M33-LAW-07 (+1 A per capture after a battle, EDGE-27)."""
    from warroom.games.metro2033.rules.common import price
    from warroom.games.metro2033.rules.outcome import capture_price
    from warroom.games.metro2033.rules.turns import recruit_cost
    from warroom.games.metro2033.words import Purchase, Resource

    st = start(["RL", "BN"])
    assert price(st, Purchase.EQUIPMENT) == {Resource.AMMO: 1, Resource.MUSHROOM: 1}
    enact(st, "L-INFL")
    assert price(st, Purchase.QUEST) == {Resource.AMMO: 1, Resource.MUSHROOM: 1, Resource.PIG: 1}
    enact(st, "L-CONV")
    assert recruit_cost(st) == {Resource.AMMO: 1, Resource.PIG: 1, Resource.MUSHROOM: 1}
    assert price(st, Purchase.QUEST) == {Resource.AMMO: 1, Resource.MUSHROOM: 1}
    enact(st, "L-LIMIT")
    assert capture_price(st, False) == {Resource.MUSHROOM: 1, Resource.PIG: 1, Resource.AMMO: 1}
    assert capture_price(st, True) == {Resource.MUSHROOM: 1, Resource.AMMO: 1}


def test_collusion_and_pact_m33_law_05_m33_law_08() -> None:
    """M33-LAW-05: threats +1, the garrison unchanged; M33-LAW-08, EDGE-17: under the Pact a player
    with nothing cannot attack players but may attack neutral stations or gather."""
    from warroom.core.engine import Decision
    from warroom.games.metro2033.rules.turns import _army_options

    st = start(["BN", "RL"], ["ART", "KHN"])
    enact(st, "L-PACT")
    st.reserve = [a + b for a, b in zip(st.reserve, st.res[0], strict=True)]
    st.res[0] = [0, 0, 0]
    st.hero_at[1] = s("LUB")
    options = [a.text for a in _army_options(st, Decision("army", 0))]
    assert "attack TEA" not in options and "attack OKT" in options and "attack PAV" in options
    assert "gather M" in options
    st.res[0] = [1, 0, 0]
    st.reserve[0] -= 1
    options = [a.text for a in _army_options(st, Decision("army", 0))]
    assert "attack TEA" in options
    act_at_army = st.decision
    assert act_at_army is not None
