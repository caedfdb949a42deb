"""Setup and the start of round 1 (metro2033.md §3.4 SET, §3.5 RND, EX-04, EX-06)."""

from __future__ import annotations

from tests.metro2033.play import act, advance, start, texts
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.rules.common import vp
from warroom.games.metro2033.words import Faction


def test_draft_follows_zone_adjacency_ex04() -> None:
    """EX-04, M33-SET-03, M33-MAP-14: after C05 only RE or AC; after RE, AC or RL; then AC, BA, BN."""
    st = Metro2033Game(players=4, first_player=0).new_initial_state(0)
    assert len(texts(st)) == 6
    act(st, "faction C05")
    assert texts(st) == ["faction RE", "faction AC"]
    act(st, "faction RE")
    assert texts(st) == ["faction RL", "faction AC"]
    act(st, "faction RL")
    assert sorted(texts(st)) == ["faction AC", "faction BA", "faction BN"]


def test_first_player_is_random_m33_set_02() -> None:
    """M33-SET-02: the engine picks the first player uniformly at random (seeded)."""
    firsts = {Metro2033Game(players=4).new_initial_state(seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    first = Metro2033Game(players=4).new_initial_state(3).first
    assert Metro2033Game(players=4).new_initial_state(3).current_player() == first


def test_faction_tokens_and_start_bonuses_m33_set_05() -> None:
    """M33-SET-05, M33-FAC-07, §2.2: homes owned, army 2 (RE 3), bonuses; M33-GEN-07: 3 VP."""
    st = Metro2033Game(players=6, first_player=0).new_initial_state(1)
    for f in ("C05", "RE", "RL", "BN", "BA"):
        act(st, f"faction {f}")
    assert st.faction[5] == "AC" and st.forced  # the last faction is the only one left: forced
    seat = {f: i for i, f in enumerate(st.faction)}
    for f in Faction:
        homes = BOARD.homes(f)
        assert all(st.owner[h] == seat[f.value] for h in homes)
        assert vp(st, seat[f.value]) == 3
    assert st.army == [2, 3, 2, 2, 2, 2]
    assert st.res[seat["C05"]] == [2, 0, 0] and st.res[seat["RL"]] == [0, 2, 0]
    assert st.res[seat["BN"]] == [0, 0, 2]
    assert len(st.quests[seat["AC"]]) == 1 and len(st.equip[seat["BA"]]) == 1
    ac_quest = st.quests[seat["AC"]][0]
    assert st.knowledge.knows(seat["AC"], ac_quest) and not st.knowledge.knows(seat["RE"], ac_quest)
    assert "quests" not in st.view(seat["RE"])["seats"][seat["AC"]]  # M33-HID-01


def test_hero_draft_runs_counterclockwise_from_the_last_picker_m33_set_06() -> None:
    """M33-SET-06/07: the player right of the first picks a hero first; heroes start at a home."""
    st = Metro2033Game(players=4, first_player=1).new_initial_state(0)
    for f in ("C05", "RE", "RL", "BA"):
        act(st, f"faction {f}")
    order = []
    for _ in range(4):
        order.append(st.current_player())
        act(st, texts(st)[0])
        seat = st.current_player()
        homes = BOARD.homes(Faction(st.faction[seat]))
        assert {t.split()[1] for t in texts(st)} == {BOARD.ids[h] for h in homes}
        act(st, texts(st)[0])
    assert order == [0, 3, 2, 1]


def test_market_and_round_one_income_ex06() -> None:
    """M33-SET-10 (4 market cards), M33-SET-11 and EX-06/M33-EVT-05: round 1 gives 2 M + 2 P + 2 A
    on top of the bonus; no law, stage I, limit 2."""
    st = start(["C05", "RE"])
    assert len(st.market) == 4 and st.law == -1 and st.stage == 1
    assert st.res[0] == [4, 2, 2] and st.res[1] == [2, 2, 2]
    assert st.round == 1 and st.view(None)["space"] == "S"


def test_round_track_and_turn_order_m33_rnd_01_03() -> None:
    """M33-RND-01/02/03, M33-GEN-02: phases in order, first player first, the token passes left,
    round 2 uses space 1 and never S again; M33-MAP-04: unchosen zones are out of play."""
    st = start(["C05", "RE", "RL"])
    assert st.decision is not None and st.decision.kind == "upkeep" and st.decision.seat == 0
    assert BOARD.station("KUR") not in st.inplay and BOARD.station("HKUR") not in st.inplay
    assert BOARD.station("ALS") in st.inplay
    seats = []
    while st.decision is not None and st.decision.kind != "move":
        if st.decision.kind == "army":
            seats.append(st.decision.seat)
            act(st, "pass")
        else:
            st.apply_action(st.legal_actions()[0])
    assert seats == [0, 1, 2]
    advance(st, "upkeep")
    assert st.round == 2 and st.first == 1 and st.decision is not None and st.decision.seat == 1
    assert st.view(None)["space"] == "1"
