"""End of round, victory and stage II (metro2033.md §3.21 STG, §3.22 END; EDGE-11..14), with
boundary tests on both sides of every threshold (VP 9/10 and Red Line 8/9, 6 VP for stage II,
the army track, upkeep, the station cap, the equipment limit, the minimum of three)."""

from __future__ import annotations

import pytest

from tests.metro2033.play import act, give, owners, run_jobs, s, start, texts, top_threat
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.rules.common import MAX_STATIONS, equipment_limit, vp
from warroom.games.metro2033.rules.end import round_winner
from warroom.games.metro2033.rules.outcome import free_capture_options
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import CardKind, StationKind

FREE = [BOARD.ids[x] for x in range(BOARD.size) if BOARD.kind[x] == StationKind.CAPTURABLE]


def give_vp(st: MetroState, seat: int, n: int, pool: list[str]) -> None:
    """Give `seat` n stations (its homes first, then free capturable stations from `pool`)."""
    homes = [BOARD.ids[x] for x, owner in enumerate(st.owner) if owner == seat]
    extra = [sid for sid in pool if st.owner[s(sid)] < 0 and s(sid) in st.inplay and sid not in homes]
    owners(st, seat, *(homes + extra)[:n])
    assert vp(st, seat) == n


@pytest.mark.parametrize(
    ("faction", "n", "wins"), [("RE", 9, False), ("RE", 10, True), ("RL", 8, False), ("RL", 9, True)]
)
def test_victory_threshold_edge13(faction: str, n: int, wins: bool) -> None:
    """EDGE-13, M33-END-02, M33-FAC-01, M33-END-01: 10 VP wins, 9 not; Red Line 9 wins, 8 not."""
    st = start([faction, "C05" if faction == "RE" else "BN"])
    give_vp(st, 0, n, FREE)
    run_jobs(st, ["end_round"])
    assert st.is_terminal() == wins
    if wins:
        outcome = st.outcome()
        assert outcome is not None and outcome.winners == (0,) and outcome.returns == (1.0, 0.0)


def test_victory_tie_break_edge12() -> None:
    """EDGE-12, M33-END-03: A (first), B, C, D; B and D at 10: B; with A too: A; C holding all of
    Polis and D at 10: C."""
    st = start(["C05", "RE", "RL", "BA"])
    give_vp(st, 1, 10, FREE)
    give_vp(st, 3, 10, FREE)
    assert round_winner(st) == 1
    give_vp(st, 0, 10, FREE)
    assert round_winner(st) == 0
    owners(st, 0, "BEG", "U19", "BAR")
    owners(st, 1, "TVE", "PUS", "CHE")
    owners(st, 2, "OKH", "TEA", "PLR", "ALS", "ARB", "BIB", "BOR")
    assert round_winner(st) == 2


@pytest.mark.parametrize(("polis", "wins"), [(3, False), (4, True)])
def test_polis_must_be_held_at_the_check_edge14(polis: int, wins: bool) -> None:
    """EDGE-14, M33-END-02, M33-END-09, M33-MAP-06: all four Polis stations at the end of the
    round win; three do not; nothing ends mid-round."""
    st = start(["RE", "C05"])
    owners(st, 0, "TVE", "PUS", "CHE", *["ALS", "ARB", "BIB", "BOR"][:polis])
    assert not st.is_terminal()
    run_jobs(st, ["end_round"])
    assert st.is_terminal() == wins


def test_end_of_round_resets_and_token_m33_end_05() -> None:
    """M33-END-01, M33-END-05, M33-END-06, M33-END-07, M33-RND-02: the per-round limits reset,
    wounds persist, the first player passes left, the next round uses the next space."""
    st = start(["RE", "C05", "RL"])
    st.got_quest = [True, True, False]
    st.refreshed = [True, False, False]
    st.anywhere = [False, True, False]
    st.used = [DECK[CardKind.QUEST][0]]
    st.wounded[1] = True
    st.round = 4
    run_jobs(st, ["end_round"])
    assert st.got_quest == [False] * 3 and st.refreshed == [False] * 3 and st.anywhere == [False] * 3
    assert st.used == [] and st.wounded[1] and st.first == 1 and st.round == 5
    assert st.view(None)["space"] == "4"


@pytest.mark.parametrize(("vp_reached", "stage"), [(5, 1), (6, 2)])
def test_stage_two_at_six_vp_edge11(vp_reached: int, stage: int) -> None:
    """EDGE-11, M33-STG-01, M33-STG-02, M33-STG-03, M33-END-08: at 6 VP (not 5) the stage-I deck,
    its discard and held scouting cards leave the game; the stage-II deck is shuffled in; limits
    rise to 3 (Melnik 4); from the new first player each draws 2 equipment and keeps 1."""
    st = start(["RE", "C05", "RL"], ["MEL", "KHN", "ART"])
    give_vp(st, 0, vp_reached, FREE)
    st.scouts[2] = [st.t_deck.pop()]
    stage_one = set(DECK[CardKind.THREAT_I])
    run_jobs(st, ["end_round"])
    assert st.stage == stage and st.first == 1
    if stage == 1:
        assert equipment_limit(st, 0) == 3 and equipment_limit(st, 1) == 2
        return
    assert (
        set(st.gone) == stage_one and set(st.t_deck) == set(DECK[CardKind.THREAT_II]) and st.scouts[2] == []
    )
    assert equipment_limit(st, 0) == 4 and equipment_limit(st, 1) == 3
    keepers = []
    while st.decision is not None and st.decision.kind == "keep":  # two equal cards: forced
        keepers.append(st.decision.seat)
        act(st, texts(st)[0])
    assert keepers == [1, 2, 0][: len(keepers)] and keepers
    assert all(len(st.equip[p]) == 1 for p in range(3))


def test_stage_two_draw_short_deck_m33_stg_04() -> None:
    """M33-STG-04, M33-DECK-04: with one equipment card left anywhere, the player keeps it."""
    st = start(["RE", "C05"])
    give_vp(st, 0, 6, FREE)
    spare = st.eq_deck.pop()
    st.gone.extend([*st.eq_deck, *st.market])  # the test takes the rest out of the game
    st.eq_deck, st.market = [spare], []
    run_jobs(st, ["end_round"])
    assert st.stage == 2 and st.equip == [[], [spare]]


def test_army_track_bounds_m33_gen_08() -> None:
    """M33-GEN-08, M33-MOB-04, M33-THR-06: recruiting stops at 8 (7 + 1, not + 2); ARMY+1 at 8
    stays at 8."""
    st = start(["RL", "BN"])
    st.army[0] = 7
    st.res[0] = [0, 5, 5]
    st.reserve = [35 - st.res[1][0], 30 - st.res[1][1], 30 - st.res[1][2]]
    run_jobs(st, ["upkeep", 0])
    act(st, "upkeep 7")
    assert texts(st) == ["recruit 0", "recruit 1"]
    st.army[0] = 8
    run_jobs(st, ["reward", 0, "ARMY+1"])
    assert st.army[0] == 8
    st.army[0] = 7
    run_jobs(st, ["reward", 0, "ARMY+1"])
    assert st.army[0] == 8


@pytest.mark.parametrize(("army", "cost"), [(5, 0), (6, 1), (7, 2), (8, 3)])
def test_upkeep_steps_m33_mob_02(army: int, cost: int) -> None:
    """M33-MOB-02: 1-5 free, 6 costs 1 P, 7 costs 2, 8 costs 3."""
    st = start(["RL", "BN"])
    st.army[0] = army
    st.reserve[1] += st.res[0][1] - 3
    st.res[0][1] = 3
    run_jobs(st, ["upkeep", 0])
    act(st, f"upkeep {army}")
    assert st.res[0][1] == 3 - cost


@pytest.mark.parametrize(("stations", "allowed"), [(MAX_STATIONS - 1, True), (MAX_STATIONS, False)])
def test_station_cap_m33_gen_09(stations: int, allowed: bool) -> None:
    """M33-GEN-09, M33-CAP-03: 11 stations at most: a capture needing a 12th token is not offered."""
    st = start(["RL", "BN"])
    give_vp(st, 0, stations, FREE)
    free = next(sid for sid in FREE if st.owner[s(sid)] < 0 and s(sid) in st.inplay)
    run_jobs(st, ["capture", 0, s(free), 0])
    assert ("capture" in texts(st)) == allowed


@pytest.mark.parametrize(("stations", "claims"), [(3, False), (2, True)])
def test_minimum_three_boundary_m33_cap_07(stations: int, claims: bool) -> None:
    """M33-CAP-07, M33-CAP-06: at 3 stations nothing happens; at 2 a free capture follows, in the
    own zone first; with none left there, any other zone; never Polis."""
    st = start(["RL", "BN"])
    owners(st, 0, *["OKH", "TEA", "PLR"][:stations])
    run_jobs(st, ["min3", 0])
    assert (st.decision is not None and st.decision.kind == "claim") == claims
    if claims:
        assert all(BOARD.zone[s(t.split()[1])].value == "RL" for t in texts(st))
        for x in range(BOARD.size):
            if BOARD.zone[x].value == "RL" and BOARD.kind[x] == StationKind.CAPTURABLE and st.owner[x] < 0:
                st.set_owner(x, 1)
        options = free_capture_options(st, 0)
        assert options and all(BOARD.kind[x] == StationKind.CAPTURABLE for x in options)


@pytest.mark.parametrize(("carried", "discard"), [(2, False), (3, True)])
def test_equipment_limit_boundary_m33_eqp_02(carried: int, discard: bool) -> None:
    """M33-EQP-02, M33-EQP-03: 2 cards in stage I are fine, a 3rd forces a discard."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    for card_id in ["EQ-AKM", "EQ-FLAG", "EQ-RPK"][:carried]:
        give(st, 0, card_id, CardKind.EQUIPMENT)
    run_jobs(st, ["limit", 0])
    assert (st.decision is not None and st.decision.kind == "discard") == discard


@pytest.mark.parametrize(("pigs", "offered"), [(4, False), (5, True)])
def test_holding_five_boundary_m33_qst_04(pigs: int, offered: bool) -> None:
    """M33-QST-04: holding 5 (not 4) of the resource completes a holding quest."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-SWINE", CardKind.QUEST)
    st.reserve[1] += st.res[0][1] - pigs
    st.res[0][1] = pigs
    run_jobs(st, ["wown", 0, "mob"])
    assert (st.decision is not None and "complete Q-SWINE" in texts(st)) == offered


def test_round_guard_is_a_draw() -> None:
    """The round guard (an engine option, not a rule, M33-END-09) ends a game without a winner."""
    st = start(["RL", "BN"], max_rounds=1)
    run_jobs(st, ["end_round"])
    outcome = st.outcome()
    assert outcome is not None and outcome.winners == () and outcome.returns == (0.0, 0.0)
    assert [CARD[c] for c in DECK[CardKind.LAW]]  # the law deck is intact (M33-SET-01)


def test_summary_of_a_finished_game() -> None:
    """The simulation figures: rounds, stage II, the winner's VP (M33-GEN-07)."""
    st = start(["RE", "C05"])
    give_vp(st, 0, 10, FREE)
    run_jobs(st, ["end_round"])
    assert st.game.summary(st) == {
        "rounds": 1,
        "stage_two": 0,
        "winner_vp": 10,
        "Fourth Reich won": True,
        "Confederation of 1905 won": False,
    }


@pytest.mark.parametrize(("held", "offered"), [((1, 1, 0), True), ((1, 0, 5), False), ((0, 1, 5), False)])
def test_capture_price_boundary_m33_cap_02(held: tuple[int, int, int], offered: bool) -> None:
    """M33-CAP-02, M33-GEN-04: exactly 1 M + 1 P captures a neutral station; one short, only decline."""
    st = start(["RL", "BN"])
    for i, n in enumerate(held):
        st.reserve[i] += st.res[0][i] - n
        st.res[0][i] = n
    run_jobs(st, ["capture", 0, s("LUB"), 0])
    assert ("capture" in texts(st)) == offered


@pytest.mark.parametrize(("held", "most"), [((0, 1, 1), 1), ((0, 0, 1), 0), ((0, 2, 2), 2)])
def test_recruit_affordability_boundary_m33_mob_04(held: tuple[int, int, int], most: int) -> None:
    """M33-MOB-04: each step costs 1 A + 1 P; the options stop at what is affordable."""
    st = start(["RL", "BN"])
    for i, n in enumerate(held):
        st.reserve[i] += st.res[0][i] - n
        st.res[0][i] = n
    run_jobs(st, ["upkeep", 0])
    act(st, "upkeep 2")
    if most == 0:  # "recruit 0" is the only option: the engine takes it
        assert st.army[0] == 2 and (st.decision is None or st.decision.kind != "recruit")
    else:
        assert texts(st)[-1] == f"recruit {most}"


@pytest.mark.parametrize(("army", "result"), [(3, "lose"), (4, "tie"), (5, "win")])
def test_army_against_a_threat_boundary_m33_cmb_01(army: int, result: str) -> None:
    """M33-CMB-01: one less loses (army -1), equal ties (nothing), one more wins (the reward)."""
    st = start(["RL", "BN"])
    st.army[0] = army
    top_threat(st, "T1-WEB")  # 4
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    expected_army = army - 1 if result == "lose" else army
    assert st.army[0] == expected_army
    assert (st.decision is not None and st.decision.kind == "gain") == (result == "win")
