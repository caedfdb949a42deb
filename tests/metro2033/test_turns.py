"""Mobilization, army actions, hero movement and actions, quests and equipment in play
(metro2033.md §3.8-3.11, §3.16, §3.17, §3.20; EX-03, EDGE-07..10, EDGE-16..20, EDGE-25, EDGE-26,
EDGE-28..30, EDGE-38)."""

from __future__ import annotations

from tests.metro2033.play import EQ, QUEST, act, give, owners, run_jobs, s, settle, start, texts, top_threat
from warroom.core.engine import Decision
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.rules.common import speed, vp
from warroom.games.metro2033.rules.turns import _army_options, destinations
from warroom.games.metro2033.state import MetroState


def army_texts(st: MetroState, seat: int) -> list[str]:
    return [a.text for a in _army_options(st, Decision("army", seat))]


def hold(st: MetroState, seat: int, m: int, p: int, a: int) -> None:
    """Set a seat's resources, the reserve keeping the totals (M33-GEN-03)."""
    for i, n in enumerate((m, p, a)):
        st.reserve[i] += st.res[seat][i] - n
        st.res[seat][i] = n


# ---------------------------------------------------------------- Mobilization


def test_upkeep_ex03() -> None:
    """EX-03, M33-MOB-01, M33-MOB-02, M33-MOB-03, M33-MOB-06: army 7 with 1 P cannot stay at 7;
    6 costs the pig; 5 or less is free."""
    st = start(["RL", "BN"])
    st.army[0] = 7
    hold(st, 0, 0, 1, 0)
    run_jobs(st, ["upkeep", 0])
    assert texts(st) == [f"upkeep {n}" for n in range(6, 0, -1)]
    act(st, "upkeep 6")
    assert st.army[0] == 6 and st.res[0][1] == 0


def test_upkeep_and_recruit_edge33() -> None:
    """EDGE-33, M33-MOB-04, M33-MOB-05, M33-GEN-08: army 8, 2 P + 1 A: keep 7 (2 P), 6 (1 P) or
    1-5; choosing 5 keeps enough to recruit to 6, not charged until the next Mobilization."""
    st = start(["RL", "BN"])
    st.army[0] = 8
    hold(st, 0, 0, 2, 1)
    run_jobs(st, ["upkeep", 0])
    assert "upkeep 8" not in texts(st) and texts(st)[0] == "upkeep 7"
    act(st, "upkeep 5")
    assert texts(st) == ["recruit 0", "recruit 1"]
    act(st, "recruit 1")
    assert st.army[0] == 6 and st.res[0] == [0, 1, 0]


# ---------------------------------------------------------------- Army actions


def test_army_options_and_reach_m33_arm_01() -> None:
    """M33-ARM-01, M33-ARM-02, M33-ARM-03, M33-ARM-06, M33-ARM-07: pass, gather, attack reachable
    capturable stations (never own, Hanza or abandoned); gathering takes 1 from the reserve."""
    st = start(["RL", "BA"])
    options = army_texts(st, 0)
    assert options[:4] == ["pass", "gather M", "gather P", "gather A"]
    targets = {t.split()[1] for t in options if t.startswith("attack ") and "hero" not in t}
    assert {"LUB", "BIB", "KUR", "ARB"} <= targets
    assert not targets & {"OKH", "TEA", "PLR", "HKOM", "KOM"}
    run_jobs(st, ["army_act", 0])
    held = list(st.res[0])
    act(st, "gather A")
    assert st.res[0] == [held[0], held[1], held[2] + 1]


def test_new_order_attacks_anywhere_edge30() -> None:
    """EDGE-30, M33-ARM-04, M33-QST-16, M33-QST-06: RL discards Q-ORDER at the start of its army
    turn: its army may attack BA's ELE, still never HKUR or KOM."""
    st = start(["RL", "BA"])
    give(st, 0, "Q-ORDER", QUEST)
    assert "attack ELE" not in army_texts(st, 0)
    run_jobs(st, ["army", 0])
    assert st.decision is not None and st.decision.kind == "wown"
    act(st, "anywhere Q-ORDER discard")  # then only "done" is left: the engine takes it
    options = texts(st)
    assert "attack ELE" in options and "attack HKUR" not in options and "attack KOM" not in options
    assert st.quests[0] == [] and CARD[st.q_disc[-1]] == "Q-ORDER"


def test_draisine_extends_reach_and_shields_the_hero_edge18() -> None:
    """EDGE-18, M33-EQP-12, M33-GEN-13: the BA hero with a Draisine on neutral MAR: its army may
    target TR8 and PAV from MAR but not MAR; the hero cannot be attacked there; no VP for MAR."""
    st = start(["BA", "BN"], ["ANN", "SAS"])
    give(st, 0, "EQ-DRAISINE", EQ)
    st.hero_at[0], st.hero_at[1] = s("MAR"), s("TR8")
    options = army_texts(st, 0)
    assert "attack TR8" in options and "attack PAV" in options and "attack MAR" not in options
    assert "attack hero BA" not in army_texts(st, 1) and vp(st, 0) == 3


# ---------------------------------------------------------------- hero movement


def test_anna_moves_free_through_transfers_edge20() -> None:
    """EDGE-20, M33-HER-05, M33-HMV-03, M33-HMV-05: Anna at TVE reaches KI4 and SM4; a speed-3 hero
    without her ability does not reach KI4."""
    st = start(["RE", "C05", "AC"], ["ANN", "KHN", "ART"])
    st.hero_at[0] = st.hero_at[1] = s("TVE")
    assert {s("KI4"), s("SM4")} <= set(destinations(st, 0))
    assert s("KI4") not in destinations(st, 1)


def test_speed_and_equipment_m33_hmv_02() -> None:
    """M33-HMV-02, M33-EQP-13: SPD 3, the Draisine +1, the RPK -1."""
    st = start(["RE", "C05"], ["KHN", "ART"])
    assert speed(st, 0) == 3
    give(st, 0, "EQ-DRAISINE", EQ)
    assert speed(st, 0) == 4
    give(st, 0, "EQ-RPK", EQ)
    assert speed(st, 0) == 3


def test_wounded_hero_skips_one_turn_edge09() -> None:
    """EDGE-09, M33-HMV-01: a wounded hero's turn is skipped (no move, no action) and the mark
    clears; the next turn is normal."""
    st = start(["BN", "RL"], ["SAS", "KHN"])
    st.wounded[0] = True
    run_jobs(st, ["hero", 0], ["hero", 0])
    assert not st.wounded[0]
    assert st.decision is not None and st.decision.kind == "move" and st.decision.seat == 0


# ---------------------------------------------------------------- hero actions


def test_trading_actions_need_hanza_m33_hac_04_m33_hac_06() -> None:
    """M33-HAC-01, M33-HAC-04, M33-HAC-05, M33-HAC-06, M33-HAC-11: buy, quest and exchange only on
    a Hanza station, never an attack there; Khan also on his own stations (M33-HER-02)."""
    st = start(["BN", "RL"], ["SAS", "KHN"])
    st.hero_at[0] = s("NOV")
    run_jobs(st, ["act", 0])
    assert "buy" not in texts(st) and "exchange M P 1" not in texts(st)
    st.hero_at[0] = s("HSER")
    run_jobs(st, ["act", 0])
    options = texts(st)
    assert {"buy", "quest", "exchange M P 1"} <= set(options) and "attack HSER" not in options
    st.hero_at[1] = s("OKH")
    run_jobs(st, ["act", 1])
    assert "buy" in texts(st)


def test_sasha_produces_then_gets_a_quest_edge38() -> None:
    """EDGE-38, M33-HAC-10, M33-HER-04, M33-HAC-05, M33-HID-02: Sasha on HSER produces 1 M and
    still takes her action: Get quest (1 A + 1 M), keeps 1 of 2 secretly, once a round."""
    st = start(["BN", "RL"], ["SAS", "KHN"])
    st.hero_at[0] = s("HSER")
    run_jobs(st, ["act", 0])
    held = list(st.res[0])
    act(st, "produce M")
    assert st.res[0][0] == held[0] + 1 and "produce M" not in texts(st)
    act(st, "quest")
    assert len(st.view(0)["drawn"]) == 2 and st.view(1)["drawn"] == [] and st.view(1)["drawn_count"] == 2
    keep = st.view(0)["drawn"][0]
    act(st, f"keep {keep}")
    assert [CARD[c] for c in st.quests[0]] == [keep] and len(st.q_disc) == 1
    assert st.res[0] == [held[0], held[1], held[2] - 1]
    st.hero_at[0] = s("HSER")
    run_jobs(st, ["act", 0])
    assert "quest" not in texts(st)


def test_buying_refresh_and_equipment_limit_edge10() -> None:
    """EDGE-10, M33-HAC-04, M33-EQP-02, M33-EQP-03, M33-HER-03: refresh once before buying (1 A);
    each purchase 1 A + 1 M; over the limit the owner discards at once, possibly the new card;
    Melnik carries 3 in stage I."""
    st = start(["RE", "C05"], ["MEL", "ART"])
    give(st, 0, "EQ-AKM", EQ)
    give(st, 0, "EQ-FLAG", EQ)
    give(st, 0, "EQ-GREN", EQ)
    hold(st, 0, 5, 0, 5)
    st.hero_at[0] = s("HDOS")
    run_jobs(st, ["act", 0])
    act(st, "buy")
    assert texts(st)[:2] == ["done", "refresh"]
    act(st, "refresh")
    assert st.res[0] == [5, 0, 4] and "refresh" not in texts(st)
    bought = texts(st)[1]
    act(st, bought)
    assert st.decision is not None and st.decision.kind == "discard"
    act(st, f"discard {bought.split()[1]}")
    assert len(st.equip[0]) == 3 and st.res[0] == [4, 0, 3]
    act(st, "done")
    assert len(st.market) == 4


def test_scouting_round_and_expiry_edge19() -> None:
    """EDGE-19, M33-HAC-07, M33-HAC-08, M33-HAC-09, M33-END-04, M33-HID-03, M33-CMB-05: the card
    taken in round r is usable only in round r + 1, before an attack on a neutral station; one at a
    time; at the end of round r + 1 it goes under the threat deck unseen."""
    st = start(["RL", "BN"])
    st.hero_at[0] = s("LUB")
    run_jobs(st, ["act", 0])
    act(st, "scout")
    card = st.scouts[0][0]
    assert st.view(0)["seats"][0]["scouting"] == {"round": 1, "card": CARD[card]}
    assert st.view(1)["seats"][0]["scouting"] == {"round": 1}
    run_jobs(st, ["act", 0])
    assert "scout" not in texts(st)
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    assert st.decision is None or st.decision.kind != "scout_use"
    st.round = 2
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    assert st.decision is not None and st.decision.kind == "scout_use"
    act(st, "scout keep")
    settle(st)
    st.round = 2
    while st.decision is not None and st.decision.kind != "upkeep":
        act(st, texts(st)[0])
    run_jobs(st, ["end_round"])
    assert st.scouts[0] == [] and st.t_deck[0] == card and not st.knowledge.knows(1, card)


def test_one_action_per_hero_turn_edge28() -> None:
    """EDGE-28, M33-HAC-01, M33-HMV-04: after an attack and its capture the hero may not buy too,
    and it cannot move after acting."""
    st = start(["RE", "C05"], ["KHN", "ART"])
    give(st, 0, "EQ-AKM", EQ)
    st.hero_at[0] = s("MAY")
    top_threat(st, "T1-NEWCOMER")
    hold(st, 0, 3, 3, 3)
    run_jobs(st, ["act", 0])
    act(st, "attack MAY")
    settle(st)
    act(st, "gain M")
    act(st, "capture")
    assert st.owner[s("MAY")] == 0
    assert st.decision is None or st.decision.kind not in ("act", "move")
    assert st.decision is None or "buy" not in texts(st)


def test_hero_attack_restrictions_edge29() -> None:
    """EDGE-29, M33-HAC-03, M33-ARM-05: no hero attack on a Hanza station, nor on a hero standing on
    its own faction's station; on a third party's station it may be attacked."""
    from warroom.games.metro2033.rules.turns import hero_targets_for_hero

    st = start(["RE", "RL", "BN"], ["KHN", "ART", "SAS"])
    st.hero_at[0] = st.hero_at[2] = s("HPAV")
    assert hero_targets_for_hero(st, 0) == []
    st.hero_at[0] = st.hero_at[2] = s("NOV")
    assert hero_targets_for_hero(st, 0) == []
    st.hero_at[0] = st.hero_at[2] = s("LUB")
    st.set_owner(s("LUB"), 1)
    assert hero_targets_for_hero(st, 0) == [2]


# ---------------------------------------------------------------- quests and equipment


def test_holding_quest_groups_edge07() -> None:
    """EDGE-07, M33-QST-03, M33-QST-04, M33-QST-05, M33-QST-15, M33-QST-18, M33-QST-02: with 5 P a
    C-5P quest may be completed in W-OWN, nothing spent; a second C-5P quest never."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-SWINE", QUEST)
    give(st, 0, "Q-PIGTRADE", QUEST)
    hold(st, 0, 0, 4, 0)
    run_jobs(st, ["wown", 0, "mob"])
    assert st.decision is None or st.decision.kind != "wown"
    hold(st, 0, 0, 6, 0)
    run_jobs(st, ["wown", 0, "mob"])
    assert texts(st) == ["done", "complete Q-SWINE", "complete Q-PIGTRADE"]
    act(st, "complete Q-SWINE")
    assert st.decision is None or "complete Q-PIGTRADE" not in texts(st)
    assert st.res[0][1] == 6 and vp(st, 0) == 4
    assert st.view(1)["seats"][0]["completed"] == ["Q-SWINE"] and st.view(1)["seats"][0]["quests_hidden"] == 1


def test_quest_strength_abilities_in_battle_edge08() -> None:
    """EDGE-08, M33-QST-06, M33-QST-07, M33-QST-08, M33-QST-12, M33-QST-22, M33-CMB-06: in W-BATTLE
    a completed Q-BORDERS gives +1 to an army for 1 A, once a round; a face-down one is discarded
    and shown; the bonus lasts this battle only."""
    st = start(["RL", "BN"])
    q = give(st, 0, "Q-BORDERS", QUEST)
    st.quests[0].remove(q)
    st.done[0].append(q)
    give(st, 0, "Q-PIGTRADE", QUEST)
    st.army[0] = 4
    top_threat(st, "T1-RATS")
    hold(st, 0, 1, 1, 2)
    run_jobs(st, ["declare", 0, "army", s("LUB"), -1])
    assert st.decision is not None and st.decision.kind == "wb" and st.decision.seat == 0
    assert "boost Q-BORDERS pay attacker" in texts(st) and "boost Q-PIGTRADE discard attacker" in texts(st)
    act(st, "boost Q-BORDERS pay attacker")
    assert "boost Q-BORDERS pay attacker" not in texts(st) and st.res[0][2] == 1
    act(st, "boost Q-PIGTRADE discard attacker")
    assert st.bt["ma"] == 2 and st.quests[0] == [] and st.knowledge.knows(1, st.q_disc[-1])
    settle(st)
    assert st.army[0] == 4  # 6 vs 5: won, the track unchanged
    assert st.decision is not None and st.decision.kind == "gain"


def test_teleport_quest_m33_qst_09() -> None:
    """M33-QST-09, M33-QST-10, M33-QST-19: at the start of the hero turn Q-HEAD moves the hero to
    any non-abandoned in-play station; not while wounded; the hero may still move and act."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-HEAD", QUEST)
    run_jobs(st, ["hero", 0])
    assert st.decision is not None and st.decision.kind == "wown"
    assert "teleport Q-HEAD discard HSER" in texts(st) and "teleport Q-HEAD discard KOM" not in texts(st)
    act(st, "teleport Q-HEAD discard HSER")  # then only "done" is left: the engine takes it
    assert st.hero_at[0] == s("HSER") and st.decision is not None and st.decision.kind == "move"


def test_grenade_and_flag_m33_eqp_05_m33_eqp_06() -> None:
    """M33-EQP-05: the Grenade is discarded in W-BATTLE for +3 to its hero; M33-EQP-06: a Flag gives
    the army +1 while the hero stands on a station of its faction."""
    from warroom.games.metro2033.rules.battle import flag_bonus

    st = start(["RL", "BN"], ["KHN", "ART"])
    give(st, 0, "EQ-FLAG", EQ)
    st.hero_at[0] = s("OKH")
    assert flag_bonus(st, 0) == 1
    st.hero_at[0] = s("LUB")
    assert flag_bonus(st, 0) == 0
    give(st, 0, "EQ-GREN", EQ)
    top_threat(st, "T1-DARK")
    run_jobs(st, ["declare", 0, "hero", s("LUB"), -1])
    assert "grenade" in texts(st)
    act(st, "grenade")  # Khan 3 + 3 = 6 vs the Dark One 6: a tie instead of a wound
    assert not st.wounded[0] and [CARD[c] for c in st.equip[0]] == ["EQ-FLAG"]
    assert [CARD[c] for c in st.eq_disc] == ["EQ-GREN"]


def test_explosives_edge25_and_army_floor_edge16() -> None:
    """EDGE-25, EDGE-16, M33-EQP-10: on an opponent's station Explosives (W-OWN, not an action)
    drop that army by 2, never below 1; on a neutral station they cannot be used."""
    st = start(["BN", "RL", "RE"], ["SAS", "ART", "KHN"])
    give(st, 2, "EQ-EXPL", EQ)
    give(st, 2, "EQ-EXPL", EQ)
    st.hero_at[2] = s("SUK")
    run_jobs(st, ["act", 2])
    assert "explode" not in texts(st)
    st.hero_at[2] = s("NOV")
    st.army[0] = 3
    run_jobs(st, ["act", 2])
    act(st, "explode")
    assert st.army[0] == 1 and st.decision is not None and st.decision.kind == "act"
    act(st, "explode")
    assert st.army[0] == 1


def test_artyom_and_svd_peeks_edge26() -> None:
    """EDGE-26, M33-HER-01, M33-CMB-05, M33-EQP-07, M33-HID-05: scouting card X on top; Artyom
    peeks at X and Y and fights Y; X goes to the bottom, seen only by his owner."""
    st = start(["BN", "RL"], ["ART", "KHN"])
    x = top_threat(st, "T1-RATS")
    st.t_deck.remove(x)
    st.scouts[0] = [x]
    st.scout_round[0] = 1
    st.round = 2
    y = top_threat(st, "T1-BEGGARS")
    st.hero_at[0] = s("OKT")
    run_jobs(st, ["declare", 0, "hero", s("OKT"), -1])
    act(st, "scout use")
    assert texts(st) == ["artyom peek", "artyom skip"]
    act(st, "artyom peek")
    assert sorted(texts(st)) == ["fight T1-BEGGARS", "fight T1-RATS"]
    act(st, "fight T1-BEGGARS")
    assert st.t_deck[0] == x and st.bt["threat"] == y
    assert st.knowledge.knows(0, x) and not st.knowledge.knows(1, x)
    st2 = start(["BN", "RL"], ["KHN", "ART"])
    give(st2, 0, "EQ-SVD", EQ)
    top = top_threat(st2, "T1-DARK")
    st2.hero_at[0] = s("OKT")
    run_jobs(st2, ["declare", 0, "hero", s("OKT"), -1])
    act(st2, "svd peek")
    assert st2.view(0)["battle"] is not None and st2.knowledge.knows(0, top)
    act(st2, "svd bottom")
    assert st2.t_deck[0] == top


def test_hunter_is_driven_off_not_wounded_m33_her_06() -> None:
    """M33-HER-06, M33-OUT-11: Hunter, beaten, goes to any owned station and is not marked."""
    st = start(["RE", "C05"], ["HUN", "ART"])
    owners(st, 0, "TVE", "PUS", "CHE", "SUK")
    st.hero_at[0] = s("TSV")
    top_threat(st, "T1-DARK")
    run_jobs(st, ["declare", 0, "hero", s("TSV"), -1])
    settle(st)
    assert "retreat SUK" in texts(st)
    act(st, "retreat SUK")
    assert st.hero_at[0] == s("SUK") and not st.wounded[0]
