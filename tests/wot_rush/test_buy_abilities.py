"""Phase II plays: purchases (WOT-BUY-01..07, WOT-PLAY-01..08), abilities (WOT-ABIL-01..07,
WOT-ICON-06..12) and base defence (WOT-DEF-01..06)."""

from __future__ import annotations

import pytest

from tests.wot_rush.conftest import decision, play, pos, seat, texts
from warroom.core.errors import IllegalActionError


def test_ex02_purchase_spends_cards_and_refills_reserve():
    """EX-02, WOT-BUY-02, WOT-BUY-04, WOT-VDECK-01, WOT-PLAY-07, WOT-ICON-01, WOT-ICON-02: E, E and SU-09
    pay 3 for US-08; all four cards go to the warehouse, the row closes up, the deck top is revealed
    at the newest end; no second purchase without a Call."""
    st = pos("""
        players 2
        hand 0: engineer engineer SU-09
        reserve: GE-03 US-08 FR-14 SU-02
        deck: US-05 US-06
    """)
    assert "buy US-08" in texts(st) and "buy FR-14" not in texts(st)  # cost 4 > 3
    play(st, "buy US-08", "pay engineer", "pay engineer")
    assert "done" not in texts(st)  # 2 < 3
    play(st, "pay SU-09", "done")
    assert sorted(seat(st, 0)["warehouse"]) == sorted(["engineer", "engineer", "SU-09", "US-08"])
    assert st.view(0)["reserve"] == ["GE-03", "FR-14", "SU-02", "US-05"]
    assert not [t for t in texts(st) if t.startswith("buy")]


def test_ex03_cost_zero_still_needs_a_resource_card():
    """EX-03, WOT-BUY-03, WOT-BUY-01, WOT-CARD-02, WOT-CARD-03: Technician and Volunteer have no
    resource icon and cannot pay; a resource-0 vehicle alone can pay for a cost-0 card."""
    st = pos("""
        players 2
        hand 0: technician volunteer
        reserve: FR-01 GE-03 US-08 FR-14
    """)
    assert not [t for t in texts(st) if t.startswith("buy")]
    st = pos("""
        players 2
        hand 0: technician volunteer SU-01
        reserve: FR-01 GE-03 US-08 FR-14
    """)
    assert [t for t in texts(st) if t.startswith("buy")] == ["buy FR-01"]
    play(st, "buy FR-01")
    assert texts(st) == ["pay SU-01", "cancel"]  # cancel: only until a card is paid
    play(st, "pay SU-01", "done")
    assert "FR-01" in seat(st, 0)["warehouse"]


def test_a_chosen_purchase_can_be_cancelled_until_its_first_card_is_paid():
    """WOT-BUY-02/04: `buy K` only starts a purchase; before any card is paid `cancel` puts K back
    (nothing moves, no purchase is counted, the same choices are open again); once a card is
    paid there is no `cancel` (the paid card is already in the warehouse)."""
    st = pos("""
        players 2
        hand 0: engineer engineer SU-09
        reserve: US-08 GE-03 FR-14 SU-02
    """)
    before = texts(st)
    view = st.view(0)
    play(st, "buy US-08")
    assert "cancel" in texts(st) and "done" not in texts(st)
    events = st.apply_action(st.game.parse_action(st, "cancel"))
    assert [e.kind for e in events] == ["buy_cancelled"]
    assert "back: no purchase" in events[0].text and events[0].data["card"] == "US-08"
    assert texts(st) == before
    after = st.view(0)
    assert after["reserve"] == view["reserve"] and after["purchases"] == view["purchases"] == 0
    assert seat(st, 0)["hand"] == view["seats"][0]["hand"] and seat(st, 0)["warehouse"] == []
    play(st, "buy US-08", "pay engineer")
    assert "cancel" not in texts(st)


def test_any_paying_set_and_lost_surplus():
    """WOT-BUY-02, WOT-BUY-05, WOT-BUY-07: any paying set may be chosen, even one larger than needed;
    the surplus is lost and does not pay a second purchase; only reserve cards can be bought."""
    st = pos("""
        players 2
        hand 0: engineer engineer volunteer ussr_medal1
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    play(st, "use volunteer call", "buy SU-02", "pay engineer")
    assert "done" in texts(st) and "pay engineer" in texts(st)
    play(st, "pay engineer", "pay ussr_medal1", "done")  # 3 paid for a cost-1 card
    assert st.view(0)["purchases"] == 1 and st.view(0)["purchase_limit"] == 2
    assert not [t for t in texts(st) if t.startswith("buy")]  # nothing left to pay with
    assert all(t.split()[1] in {"SU-02", "GE-03", "US-08", "FR-14"} for t in texts(st) if t.startswith("buy"))


def test_medal_cards_pay_and_return_to_the_warehouse():
    """WOT-CARD-06, WOT-BUY-01: a medal card is spent like any resource card."""
    st = pos("""
        players 2
        hand 0: germany_medal2
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    play(st, "buy SU-02", "pay germany_medal2", "done")
    assert "germany_medal2" in seat(st, 0)["warehouse"]


def test_ex04_defence_with_replacement():
    """EX-04, WOT-DEF-02, WOT-ICON-11, WOT-ABIL-05: all bases guarded; SU-08's Call raises the limit
    to 2, then it must defend, replacing the chosen defender, which goes to the warehouse undamaged."""
    st = pos("""
        players 2
        hand 0: SU-08
        guard 0: b1=SU-19 b2=SU-14* b3=SU-15
    """)
    play(st, "use SU-08 call")
    assert st.view(0)["purchase_limit"] == 2
    assert decision(st) == "place" and texts(st) == ["guard b1", "guard b2", "guard b3"]
    play(st, "guard b1")
    bases = seat(st, 0)["bases"]
    assert bases[0]["defender"] == "SU-08" and not bases[0]["defender_damaged"]
    assert seat(st, 0)["warehouse"] == ["SU-19"]


def test_edge05_unguarded_base_first():
    """EDGE-05, WOT-DEF-02, WOT-DEF-01: with B2 and B3 open, the new defender must go to one of them."""
    st = pos("""
        players 2
        hand 0: SU-09
        guard 0: b1=SU-14
    """)
    play(st, "defend SU-09")
    assert texts(st) == ["guard b2", "guard b3"]
    with pytest.raises(IllegalActionError):
        st.apply_action("guard b1")


def test_single_open_base_is_taken_automatically():
    """WOT-DEF-02: one open base leaves one option, which the engine takes (a forced decision)."""
    st = pos("""
        players 2
        hand 0: SU-09
        guard 0: b1=SU-14 b2=SU-15
    """)
    play(st, "defend SU-09")
    assert seat(st, 0)["bases"][2]["defender"] == "SU-09" and decision(st) == "main"


def test_edge06_mandatory_defence_and_research_to_graveyard():
    """EDGE-06, WOT-ABIL-05, WOT-ICON-04: an armoured card played for its ability must defend, it
    cannot go to the warehouse; a Research card goes to the graveyard instead, even if armoured."""
    st = pos("""
        players 2
        hand 0: SU-11
        hangar 0: engineer engineer
        bases 0: 1 2
    """)
    play(st, "use SU-11 rei")
    assert decision(st) == "place" and set(texts(st)) == {"guard b1", "guard b2"}
    st = pos("""
        players 2
        hand 0: SU-23
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    play(st, "use SU-23 res", "research US-08")
    assert "SU-23" in st.view(0)["graveyard"] and "US-08" in seat(st, 0)["warehouse"]


def test_edge23_zero_ability_needs_a_base():
    """EDGE-23, WOT-ABIL-04, WOT-DEF-05, WOT-END-05: without bases an armoured no-ability vehicle has
    no ability play; an ability card goes to the warehouse instead of defending."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-08
        bases 0:
    """)
    assert "defend SU-09" not in texts(st) and "defend SU-08" not in texts(st)
    play(st, "use SU-08 call")
    assert "SU-08" in seat(st, 0)["warehouse"] and decision(st) == "main"


def test_zero_ability_play_and_armour_zero_cannot_defend():
    """WOT-ABIL-01, WOT-ABIL-03, WOT-ABIL-04, WOT-ICON-04: an armoured vehicle may defend without its
    abilities; an armour-0 card cannot defend and has no ability play without an ability."""
    st = pos("""
        players 2
        hand 0: SU-05 SU-01 GE-04
    """)
    options = texts(st)
    assert "defend SU-05" in options and "use SU-05 rei" in options
    assert not [t for t in options if t.startswith(("defend SU-01", "use SU-01", "defend GE-04"))]
    assert "use GE-04 sab" in options


def test_abilities_in_any_order_each_once_then_stop():
    """WOT-ABIL-02, WOT-ABIL-06, WOT-ABIL-07: SU-25 (REC, REP 1) resolves one ability, then may resolve
    the other or stop; each at most once; ability plays have no per-turn limit."""
    st = pos("""
        players 2
        hand 0: SU-25 GE-06
        warehouse 0: engineer
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    play(st, "use SU-25 rep", "scrap engineer")
    assert texts(st) == ["then rec", "stop"]
    play(st, "then rec", "scout none")
    assert decision(st) == "place"
    play(st, "guard b1", "use GE-06 rec", "scout none", "guard b2")
    assert seat(st, 0)["bases"][1]["defender"] == "GE-06"


def test_ex08_once_per_turn_loop_rule():
    """EX-08, WOT-PLAY-04, WOT-PLAY-05, WOT-ICON-07, WOT-DRAW-02: a REI draw after a reshuffle may bring
    back cards spent this turn: a vehicle stays blocked, a barracks card may be played again."""
    st = pos("""
        players 2
        hand 0: SU-09 engineer SU-05 volunteer
        hangar 0:
        reserve: GE-03 US-08 FR-14 SU-02
    """)
    play(st, "use volunteer call", "buy GE-03", "pay SU-09", "pay engineer", "done")
    before = set(seat(st, 0)["warehouse"])
    assert before == {"SU-09", "engineer", "GE-03", "volunteer"}
    play(st, "use SU-05 rei", "guard b1")  # SU-05 then must defend (WOT-ABIL-05)
    drawn = seat(st, 0)["hand"]
    assert len(drawn) == 1 and drawn[0] in before
    options = texts(st)
    if drawn[0] == "SU-09":
        assert not [t for t in options if "SU-09" in t]
    if drawn[0] == "engineer":
        assert "buy SU-02" in options  # the Engineer pays again for the second purchase
    if drawn[0] == "GE-03":
        assert "attack GE-03" in options or "defend GE-03" in options


def test_ex08_every_reshuffle_outcome():
    """EX-08, WOT-PLAY-04, EDGE-07: over many seeds each of the four warehouse cards can come back, and
    the rule holds for each (a card bought this turn may be played; a played vehicle may not)."""
    seen = set()
    for seed in range(40):
        st = pos(
            """
            players 2
            hand 0: SU-09 engineer SU-05 volunteer
            hangar 0:
            reserve: GE-03 US-08 FR-14 SU-02
        """,
            seed,
        )
        play(
            st,
            "use volunteer call",
            "buy GE-03",
            "pay SU-09",
            "pay engineer",
            "done",
            "use SU-05 rei",
            "guard b1",
        )
        card = seat(st, 0)["hand"][0]
        seen.add(card)
        buys = any(t.startswith("buy") for t in texts(st))  # an Engineer's only play is paying
        playable = any(card in t.split() for t in texts(st)) or (card == "engineer" and buys)
        assert playable == (card != "SU-09"), card
    assert seen == {"SU-09", "engineer", "GE-03", "volunteer"}


def test_edge07_card_bought_this_turn_is_playable():
    """EDGE-07, WOT-PLAY-04: US-13 bought, reshuffled and drawn by REI may be played."""
    st = pos("""
        players 2
        hand 0: engineer engineer engineer engineer engineer engineer engineer US-05
        hangar 0:
        graveyard: technician volunteer
        reserve: US-13 GE-03 US-08 FR-14
    """)
    play(st, "buy US-13", *["pay engineer"] * 7, "done", "use US-05 rei")
    assert seat(st, 0)["hand"] in (["US-13"], ["engineer"])
    if seat(st, 0)["hand"] == ["US-13"]:
        assert "use US-13 inv" in texts(st)


def test_edge10_call_sequencing():
    """EDGE-10, WOT-PLAY-07, WOT-ICON-11: option A: E+E buy one cost-2 card; option B: Call, then two
    cost-1 purchases paid separately. The Volunteer never pays."""
    st = pos("""
        players 2
        hand 0: volunteer engineer engineer
        reserve: GE-03 SU-02 GE-02 FR-14
    """)
    assert "buy GE-03" in texts(st) and "pay volunteer" not in texts(st)
    play(st, "use volunteer call", "buy SU-02", "pay engineer", "done")
    assert "buy GE-03" not in texts(st) and "buy GE-02" in texts(st)
    play(st, "buy GE-02", "pay engineer", "done")
    assert sorted(seat(st, 0)["warehouse"]) == sorted(["volunteer", "engineer", "SU-02", "engineer", "GE-02"])


def test_calls_stack():
    """WOT-PLAY-07, WOT-ICON-11: each Call raises the limit by one."""
    st = pos("""
        players 2
        hand 0: volunteer US-02 engineer
    """)
    play(st, "use volunteer call", "use US-02 call")
    assert st.view(0)["purchase_limit"] == 3


def test_ex15_sabotage():
    """EX-15, WOT-ICON-09, WOT-INFO-05, WOT-GEN-07: each opponent, clockwise, discards a chosen hand card
    face up to their own warehouse with no refill; GE-04 (armour 0) goes to the warehouse."""
    st = pos("""
        players 3
        hand 0: GE-04
        hand 1: engineer SU-09 volunteer
        hand 2: technician engineer SU-01
    """)
    play(st, "use GE-04 sab")
    assert (
        st.current_player() == 1 and texts(st) == ["discard SU-09", "discard engineer", "discard volunteer"]
    ) or (sorted(texts(st)) == sorted(["discard SU-09", "discard engineer", "discard volunteer"]))
    assert "hand" not in st.view(0)["seats"][1] and "hand" in st.view(1)["seats"][1]
    play(st, "discard engineer")
    assert st.current_player() == 2
    play(st, "discard SU-01")
    assert seat(st, 1)["warehouse"] == ["engineer"] and seat(st, 2)["warehouse"] == ["SU-01"]
    assert seat(st, 1)["hand_count"] == 2 and seat(st, 2)["hand_count"] == 2
    assert "GE-04" in seat(st, 0)["warehouse"] and st.current_player() == 0


def test_edge20_sabotage_scope():
    """EDGE-20, WOT-ICON-09: only opponents discard; an empty hand is skipped."""
    st = pos("""
        players 3
        hand 0: GE-04 engineer
        hand 1:
        hand 2: engineer engineer
    """)
    play(st, "use GE-04 sab")  # seat 2 has one card kind: its discard is forced and automatic
    assert seat(st, 0)["hand"] == ["engineer"] and seat(st, 2)["hand_count"] == 1
    assert decision(st) == "main"


def test_ex16_research():
    """EX-16, WOT-ICON-10, WOT-CARD-02, WOT-ABIL-06: the Technician takes US-08 (cost 3) into the warehouse,
    the reserve refills, the Technician goes to the graveyard and a normal purchase is still open."""
    st = pos("""
        players 2
        hand 0: technician engineer
        reserve: US-08 FR-14 SU-02 GE-17
        deck: US-01
    """)
    play(st, "use technician res")
    assert texts(st) == ["research US-08", "research SU-02", "research none"]
    play(st, "research US-08")
    assert "US-08" in seat(st, 0)["warehouse"] and "technician" in st.view(0)["graveyard"]
    assert st.view(0)["reserve"] == ["FR-14", "SU-02", "GE-17", "US-01"]
    assert st.view(0)["purchases"] == 0 and "buy SU-02" in texts(st)


def test_research_with_no_eligible_card_still_costs_the_card():
    """WOT-ABIL-06, WOT-ICON-10: nothing affordable; the Technician still goes to the graveyard."""
    st = pos("""
        players 2
        hand 0: technician
        reserve: FR-14 GE-17 US-17 SU-17
    """)
    play(st, "use technician res")
    assert "technician" in st.view(0)["graveyard"] and decision(st) == "main"


def test_ex17_repair():
    """EX-17, WOT-ICON-12: SU-24 (REP 2, armour 0) moves 2 Engineers from the warehouse to the graveyard
    and goes to the warehouse."""
    st = pos("""
        players 2
        hand 0: SU-24
        warehouse 0: engineer engineer SU-09
    """)
    play(st, "use SU-24 rep", "scrap engineer", "scrap engineer")
    assert seat(st, 0)["warehouse"] == ["SU-09", "SU-24"]
    assert st.view(0)["graveyard"].count("engineer") == 2


def test_edge22_repair_may_delete_points():
    """EDGE-22, WOT-ICON-12: Repair may send a base or medal card to the graveyard; choosing none is legal."""
    st = pos("""
        players 2
        hand 0: SU-24
        warehouse 0: base ussr_medal2
        bases 1: 1 2
    """)
    play(st, "use SU-24 rep")
    assert set(texts(st)) == {"scrap base", "scrap ussr_medal2", "done"}
    play(st, "scrap base", "scrap ussr_medal2")
    assert "base" in st.view(0)["graveyard"] and "ussr_medal2" in st.view(0)["graveyard"]


def test_ex18_reconnaissance():
    """EX-18, WOT-ICON-06, WOT-VDECK-04, WOT-GEN-04: discard b and d -> [a, c, e, f], e revealed first;
    the discarded cards go to the vehicle discard pile."""
    st = pos("""
        players 2
        hand 0: GE-06
        reserve: SU-02 GE-03 US-08 FR-14
        deck: US-01 US-02
    """)
    play(st, "use GE-06 rec")
    assert len(texts(st)) == 16
    play(st, "scout 2,4")
    assert st.view(0)["reserve"] == ["SU-02", "US-08", "US-01", "US-02"]
    assert st.view(0)["vehicle_discard"][-2:] == ["GE-03", "FR-14"]
    assert decision(st) == "place"


def test_invulnerability():
    """WOT-ICON-08, EDGE-09: INV takes one one-medal card of the card's own nation, nothing if none
    is left (and it does not re-trigger the end)."""
    st = pos("""
        players 2
        hand 0: US-13 US-18
        medals USA: 1 3
    """)
    play(st, "use US-13 inv", "guard b1")
    assert "usa_medal1" in seat(st, 0)["warehouse"] and st.view(0)["end_triggered"]
    events = play(st, "use US-18 inv")
    assert "end_triggered" not in [e.kind for e in events]
    assert seat(st, 0)["warehouse"].count("usa_medal1") == 1


def test_reinforcement_draws_revealed_cards():
    """WOT-ICON-07, WOT-INFO-01: REI draws n cards that everyone sees and that may be played."""
    st = pos("""
        players 2
        hand 0: FR-25
        hangar 0: SU-09 engineer engineer
    """)
    play(st, "use FR-25 rei", "guard b1")
    assert st.view(1)["seats"][0]["hand"] == ["SU-09", "engineer"]
    assert "attack SU-09" in texts(st) or "defend SU-09" in texts(st)


def test_play_order_free_and_end_any_time():
    """WOT-PLAY-01, WOT-PLAY-02, WOT-PLAY-03, WOT-PLAY-06: each card one way at a time, in any order;
    `end` is always offered; unplayed cards stay in hand until Phase III."""
    st = pos("""
        players 2
        hand 0: SU-09 engineer engineer
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    options = texts(st)
    assert {"buy SU-02", "defend SU-09", "attack SU-09", "end"} <= set(options)
    play(st, "defend SU-09", "guard b2")
    assert "end" in texts(st) and seat(st, 0)["hand"] == ["engineer", "engineer"]
    assert not [t for t in texts(st) if "SU-09" in t]


def test_illegal_action_changes_nothing():
    """WOT-PLAY-08, WOT-BUY-06: an illegal action raises and leaves the state untouched."""
    st = pos("""
        players 2
        hand 0: engineer
        reserve: FR-14 GE-17 US-17 SU-17
    """)
    before = st.serialize()
    with pytest.raises(IllegalActionError):
        st.apply_action("buy FR-14")
    assert st.serialize() == before
