"""The remaining general rules: player counts, strengths floored, windows, losses of resources,
reshuffles, the draft's fallback, setup leftovers, Draisine income, Events-threat limits, battle
procedure, quest abilities by card, equipment scope, and the EQ/Q and LS1 rewards (metro2033.md
§3.1-3.4, §3.6, §3.12-3.18, §3.24)."""

from __future__ import annotations

import pytest

from tests.metro2033.play import (
    EQ,
    QUEST,
    act,
    commit_cards,
    deal,
    give,
    owners,
    run_jobs,
    s,
    settle,
    start,
    texts,
    top_threat,
)
from warroom.core.errors import OptionError
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.rules.battle import ATTACKER, DEFENDER, hero_strength, side_strength
from warroom.games.metro2033.rules.common import vp
from warroom.games.metro2033.rules.events import votes
from warroom.games.metro2033.rules.outcome import wound_places
from warroom.games.metro2033.words import CardKind, Faction


def test_player_counts_m33_gen_01_m33_var_01() -> None:
    """M33-GEN-01, M33-VAR-01: 2-6 players, one faction and one hero each; the only change with the
    count is which zones are in play."""
    for n in range(2, 7):
        st = Metro2033Game(players=n).new_initial_state(n)
        assert st.current_player() in range(n)
    for bad in (1, 7):
        with pytest.raises(OptionError):
            Metro2033Game(players=bad)
    st = start(["RL", "BN"])
    assert len(set(st.hero)) == 2 and len(set(st.faction)) == 2
    assert {BOARD.zone[x].value for x in st.inplay} == {"RL", "BN", "POLIS"}


def test_setup_leftovers_m33_set_07_m33_set_08_m33_set_09() -> None:
    """M33-SET-07 (heroes on a home), M33-SET-08 (unchosen factions and heroes leave the game: their
    zones are out of play), M33-SET-09 (the round token starts on S)."""
    st = start(["RL", "BN"], ["ART", "KHN"])
    assert st.hero_at[0] in BOARD.homes(Faction.RL) and st.hero_at[1] in BOARD.homes(Faction.BN)
    assert st.hero == ["ART", "KHN"] and s("KUR") not in st.inplay
    assert st.view(None)["space"] == "S" and st.round == 1


def test_draft_fallback_m33_set_04(monkeypatch: pytest.MonkeyPatch) -> None:
    """M33-SET-04: were no faction adjacent, any remaining one may be chosen."""
    monkeypatch.setattr(type(BOARD), "draftable", lambda _self, _chosen: frozenset())
    st = Metro2033Game(players=3, first_player=0).new_initial_state(0)
    assert len(texts(st)) == 6
    act(st, "faction RL")
    assert len(texts(st)) == 5 and "faction RL" not in texts(st)


def test_strength_floored_at_zero_m33_gen_10() -> None:
    """M33-GEN-10: a side pushed below 0 counts as 0."""
    st = start(["RL", "BN"])
    st.bt = dict(
        kind="garrison",
        events=False,
        aseat=0,
        aunit="army",
        dseat=-1,
        dunit="garrison",
        station=s("ARB"),
        threat=-1,
        ma=-20,
        md=0,
        ca="",
        cd="",
        target="station",
    )
    assert side_strength(st, ATTACKER) == 0 and side_strength(st, DEFENDER) == 7
    st.bt = {}


def test_own_window_opens_at_the_start_of_a_turn_m33_gen_11() -> None:
    """M33-GEN-11: W-OWN opens at the start of the Mobilization turn, before upkeep."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-SWINE", QUEST)
    st.reserve[1] += st.res[0][1] - 5
    st.res[0][1] = 5
    run_jobs(st, ["mob", 0])
    assert st.decision is not None and st.decision.kind == "wown" and "complete Q-SWINE" in texts(st)
    act(st, "done")
    assert st.decision is not None and st.decision.kind == "upkeep"


def test_opponent_loses_resources_m33_gen_12() -> None:
    """M33-GEN-12, M33-THR-04: any opponent may be chosen, even one holding nothing (nothing is
    lost); units one at a time, fewer if short; no decision when no opponent holds anything."""
    st = start(["RL", "BN", "RE"], ["ART", "KHN", "MEL"])
    st.reserve = [a + b for a, b in zip(st.reserve, st.res[1], strict=True)]
    st.res[1] = [0, 0, 0]
    st.reserve = [a + b - c for a, b, c in zip(st.reserve, st.res[2], [1, 0, 0], strict=True)]
    st.res[2] = [1, 0, 0]
    run_jobs(st, ["reward", 0, "L2"])
    assert texts(st) == ["target BN", "target RE"]
    act(st, "target RE")
    assert st.res[2] == [0, 0, 0]
    st.reserve = [a + b for a, b in zip(st.reserve, st.res[2], strict=True)]
    run_jobs(st, ["reward", 0, "L1"])
    assert st.decision is None or st.decision.kind != "target"


def test_empty_deck_reshuffles_its_discard_m33_deck_03() -> None:
    """M33-DECK-03, M33-DECK-04: drawing from an empty deck first shuffles its discard into it."""
    st = start(["RL", "BN"])
    st.t_disc.extend(st.t_deck)
    st.t_deck = []
    st.army[0] = 8
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    settle(st)
    assert st.t_deck and len(st.t_deck) + len(st.t_disc) == 17


def test_draisine_station_gives_no_income_m33_evt_06() -> None:
    """M33-EVT-06, M33-EVT-19: the Draisine station produces nothing and gives no vote."""

    st = start(["RL", "BN"])
    give(st, 0, "EQ-DRAISINE", EQ)
    st.hero_at[0] = s("CHP")  # M, neutral
    st.res[0], st.reserve = [0, 0, 0], [35 - st.res[1][0], 35 - st.res[1][1], 35 - st.res[1][2]]
    st.round = 2  # space 1: M + P
    run_jobs(st, ["income", 0])
    assert st.res[0] == [1, 1, 0] and votes(st, 0) == 3  # PLR (M) and TEA (P) only


def test_events_threats_ignore_scouting_and_artyom_m33_evt_13() -> None:
    """M33-EVT-13: scouting cards and Artyom's peek do not apply to Events-phase threats."""
    st = start(["RL", "BN"], ["ART", "KHN"])
    st.scouts[0] = [st.t_deck.pop(0)]
    st.scout_round[0] = 1
    st.round = 2
    st.hero_at[0] = s("OKH")
    run_jobs(
        st,
        ["announce", 0],
        ["announce", 1],
        ["threat_reveal"],
        ["efight", 0],
        ["efight", 1],
        ["threat_discard"],
    )
    act(st, "announce OKH hero")
    act(st, "announce NOV army")
    kinds = set()
    while st.decision is not None and st.decision.kind not in ("upkeep",):
        kinds.add(st.decision.kind)
        act(st, texts(st)[0])
    assert not kinds & {"scout_use", "artyom", "svd"} and st.scouts[0]


def test_pact_applies_to_army_attacks_m33_arm_08() -> None:
    """M33-ARM-08, M33-LAW-08, M33-CMB-04: under the Pact the army pays 1 resource before its
    attack on a player; then the battle: opposing side, cards, W-BATTLE, comparison, outcome."""

    st = start(["RL", "BN"], ["ART", "KHN"])
    pact = next(c for c in DECK[CardKind.LAW] if CARD[c] == "L-PACT")
    st.law_deck.remove(pact)
    st.law = pact
    st.hero_at[1] = s("TR6")
    run_jobs(st, ["army_act", 0])
    act(st, "attack NOV")
    assert st.decision is not None and st.decision.kind == "pact"
    held = sum(st.res[0])
    act(st, "pay A")
    assert sum(st.res[0]) == held - 1 and st.decision is not None and st.decision.kind == "card"
    st2 = start(["RL", "BN"], ["ART", "KHN"])
    st2.hero_at[1] = s("TR6")
    run_jobs(st2, ["declare", 0, "army", s("NOV"), -1])

    deal(st2, "BC-MARCH", "BC-HOLD")
    st2.commit(0, "card BC-MARCH")
    events = st2.commit(1, "card BC-HOLD")
    kinds = [e.kind for e in events]
    assert kinds.index("battle_cards") < kinds.index("battle")


def test_hero_attacks_only_its_own_station_m33_hac_02() -> None:
    """M33-HAC-02: the hero attacks the station it stands on, nothing else."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    st.hero_at[0] = s("LUB")
    run_jobs(st, ["act", 0])
    attacks = [t for t in texts(st) if t.startswith("attack ") and "hero" not in t]
    assert attacks == ["attack LUB"]


def test_no_equipment_nothing_to_strip_m33_out_13() -> None:
    """M33-OUT-13, M33-CAP-01: a beaten hero without equipment loses none; a lost battle gives no
    capture."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    st.hero_at[0] = s("NOV")
    st.hero_at[1] = s("TR6")
    st.army[1] = 6
    run_jobs(st, ["declare", 0, "hero", s("NOV"), -1])
    commit_cards(st, "BC-MANEUV", "BC-COUNTER")
    assert st.decision is not None and st.decision.kind == "retreat"
    assert st.owner[s("NOV")] == 1


def test_captured_home_is_not_the_captors_home_m33_cap_05() -> None:
    """M33-CAP-05, M33-MAP-11: a captured enemy home never becomes the captor's home: a wounded hero
    goes only to its own faction's homes."""

    st = start(["RE", "C05"], ["KHN", "ART"])
    owners(st, 0, "TVE", "BAR")
    assert [BOARD.ids[x] for x in wound_places(st, 0)] == ["TVE"]
    owners(st, 0, "BAR", "MAY")
    assert sorted(BOARD.ids[x] for x in wound_places(st, 0)) == ["BAR", "MAY"]


def test_eq_q_reward_m33_thr_05() -> None:
    """M33-THR-05: a market card free (the market refilled to 4) or the top quest card, secretly."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    run_jobs(st, ["reward", 0, "EQ/Q"])
    assert texts(st)[-1] == "reward quest"
    card = texts(st)[0]
    act(st, card)
    assert [CARD[c] for c in st.equip[0]] == [card.split()[1]] and len(st.market) == 4
    run_jobs(st, ["reward", 0, "EQ/Q"])
    act(st, "reward quest")
    assert len(st.quests[0]) == 1 and not st.knowledge.knows(1, st.quests[0][0])


def test_ls1_reward_takes_any_station_m33_thr_07() -> None:
    """M33-THR-07: one opponent loses one station of the winner's choice, a home included, then
    its minimum of three applies."""
    st = start(["RL", "BN"])
    run_jobs(st, ["reward", 0, "LS1"])  # the only opponent: its choice is forced
    assert {t.split()[1] for t in texts(st)} == {"TR6", "TR8", "NOV"}
    act(st, "seize NOV")
    assert st.owner[s("NOV")] == -1 and st.decision is not None and st.decision.kind == "claim"


@pytest.mark.parametrize(
    ("quest", "unit", "side", "delta"),
    [
        ("Q-BESTDEF", "army", "attacker", -1),
        ("Q-MUSHSUP", "army", "attacker", -1),
        ("Q-RECON", "hero", "attacker", 1),
        ("Q-ALONE", "hero", "attacker", -1),
        ("Q-FARMER", "hero", "attacker", -1),
    ],
)
def test_quest_strength_cards(quest: str, unit: str, side: str, delta: int) -> None:
    """M33-QST-11 (Best Defence -1 army), M33-QST-20 (Mushroom Supplier -1 army), M33-QST-13
    (Reconnaissance +1 hero), M33-QST-14 (One-Man Army -1 hero), M33-QST-17 (Honoured Farmer -1
    hero): the modifier applies to the chosen side in this battle."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    give(st, 0, quest, QUEST)
    st.army[0] = 5
    st.hero_at[0] = s("LUB")
    top_threat(st, "T1-WEB")  # 4
    run_jobs(st, ["declare", 0, unit, s("LUB"), -1])
    before = side_strength(st, ATTACKER)
    assert f"boost {quest} discard {side}" in texts(st)
    events = st.apply_action(st.game.parse_action(st, f"boost {quest} discard {side}"))
    battle = next(e for e in events if e.kind == "battle")
    assert battle.data["attacker"] == before + delta


def test_arms_dealer_attacks_anywhere_m33_qst_21() -> None:
    """M33-QST-21: Arms Dealer works as New Order."""
    st = start(["RL", "BA"])
    give(st, 0, "Q-ARMS", QUEST)
    run_jobs(st, ["army", 0])
    act(st, "anywhere Q-ARMS discard")
    assert "attack ELE" in texts(st)


def test_equipment_belongs_to_its_hero_m33_eqp_01() -> None:
    """M33-EQP-01: an AKM adds to its hero, not to the army."""
    st = start(["RL", "BN"], ["KHN", "ART"])
    army_before = st.army[0]
    give(st, 0, "EQ-AKM", EQ)
    assert hero_strength(st, 0) == 4 and st.army[0] == army_before
    assert vp(st, 0) == 3


def test_attack_consequences_show_public_strengths_m33_cmb_02() -> None:
    """M33-CMB-02, M33-HID-08: an attack option shows the attacker's strength and the opposing
    side's public strength: an army with its Flag, the garrison, or an unknown threat."""
    st = start(["RL", "BN"], ["ART", "KHN"])
    st.army[0], st.army[1] = 5, 4
    give(st, 1, "EQ-FLAG", EQ)
    run_jobs(st, ["army_act", 0])
    game = st.game
    details = {d["text"]: d.get("consequence") for d in game.option_details(st)}
    assert details["attack ARB"] == {
        "unit": "army",
        "strength": 5,
        "defender": {"unit": "garrison", "strength": 7},
    }
    assert details["attack LUB"] == {
        "unit": "army",
        "strength": 5,
        "defender": {"unit": "threat", "strength": None},
    }
    nov = details["attack NOV"]  # the BN hero stands on a BN home with the Flag: army 4 + 1
    assert nov is not None and nov["defender"] == {"seat": 1, "unit": "army", "strength": 5}
    assert details["gather M"] is None
