"""Turn structure (WOT-TURN-01..03, WOT-REPAIR-01/02), Phase III (WOT-REFR-01..05), drawing
(WOT-DRAW-01..05), the vehicle deck (WOT-VDECK-01..05) and the end of the game (WOT-END-01..07)."""

from __future__ import annotations

from tests.wot_rush.conftest import kinds, play, pos, seat


def test_ex13_end_of_turn_draw_with_reshuffle():
    """EX-13, WOT-DRAW-03, WOT-DRAW-01, WOT-REFR-03, WOT-REFR-04, WOT-DRAW-05: 1 hangar card, 5 in the
    warehouse plus 2 leftovers: take the 1, shuffle the 7, draw 2 -> hand 3, hangar 5, warehouse 0."""
    st = pos("""
        players 2
        hand 0: engineer engineer
        hangar 0: technician
        warehouse 0: SU-01 SU-02 SU-03 SU-04 SU-05
        guard 0: b1=SU-09
    """)
    play(st, "end")
    s = seat(st, 0)
    assert (s["hand_count"], s["hangar_count"], len(s["warehouse"])) == (3, 5, 0)
    assert "technician" in st.view(0)["seats"][0]["hand"]
    assert s["bases"][0]["defender"] == "SU-09"  # defenders are never reshuffled


def test_ex14_reserve_refresh():
    """EX-14, WOT-REFR-01, WOT-REFR-02, WOT-GEN-04: [a, b, c, d] -> a to the discard pile, e revealed."""
    st = pos("""
        players 2
        hand 0: engineer
        reserve: SU-01 SU-02 SU-03 SU-04
        deck: SU-05
        discard:
    """)
    play(st, "end")
    assert st.view(0)["reserve"] == ["SU-02", "SU-03", "SU-04", "SU-05"]
    assert st.view(0)["vehicle_discard"][-1] == "SU-01"


def test_edge15_vehicle_deck_empty_at_refresh():
    """EDGE-15, WOT-REFR-01, WOT-VDECK-02, WOT-VDECK-04: the oldest card goes to the discard pile first,
    then the pile (with it) becomes the new deck, so it may reappear at once."""
    st = pos("""
        players 2
        hand 0: engineer
        reserve: SU-01 SU-02 SU-03 SU-04
        deck:
        discard:
    """)
    assert st.view(0)["vehicle_deck_count"] == 0
    events = play(st, "end")
    assert "vehicle_reshuffle" in kinds(events)
    assert len(st.view(0)["reserve"]) == 4 and st.view(0)["reserve"][:3] == ["SU-02", "SU-03", "SU-04"]


def test_vdeck_and_discard_empty_reserve_stays_short():
    """WOT-VDECK-03, WOT-VDECK-05: with deck and discard pile empty no card is revealed; graveyard cards
    never come back."""
    st = pos("""
        players 2
        hand 0: engineer engineer
        reserve: SU-01 SU-02 SU-03 SU-04
        deck:
        discard:
    """)
    graveyard = st.view(0)["graveyard"]
    play(st, "buy SU-01", "pay engineer", "done")
    assert st.view(0)["reserve"] == ["SU-02", "SU-03", "SU-04"]
    assert st.view(0)["graveyard"] == graveyard


def test_edge16_nothing_to_draw():
    """EDGE-16, WOT-DRAW-04: hangar and warehouse empty: REI 1 draws nothing."""
    st = pos("""
        players 2
        hand 0: SU-05
        hangar 0:
    """)
    play(st, "use SU-05 rei", "guard b1")
    assert seat(st, 0)["hand"] == [] and seat(st, 0)["hangar_count"] == 0


def test_turn_order_and_phases():
    """WOT-TURN-01, WOT-TURN-02, WOT-REFR-05, WOT-REPAIR-02: the first player starts, the turn passes left
    after Phase III; the new active hand is face up (Phase I), the old one hidden again."""
    st = pos("""
        players 3
        first 1
        hand 1: engineer
    """)
    assert st.active == 1
    events = play(st, "end")
    assert kinds(events)[-1] == "turn" and st.active == 2
    assert "hand" in st.view(0)["seats"][2] and "hand" not in st.view(0)["seats"][1]
    play(st, "end")
    assert st.active == 0


def test_ex09_end_trigger_and_final_round():
    """EX-09, WOT-END-02, WOT-END-03, WOT-CARD-08: 4 players; P2 (seat 1) takes the last USSR one-medal
    card; seats 2 and 3 play; the game ends after seat 3, to the first player's right."""
    st = pos("""
        players 4
        first 0
        active 1
        hand 1: SU-09
        guard 2: b1=GE-09
        medals USSR: 1 3
    """)
    play(st, "attack SU-09", "go", "fire SU-09 p2b1", "end")
    assert st.view(0)["end_triggered"] and st.active == 2
    play(st, "end")
    assert st.active == 3 and not st.is_terminal()
    play(st, "end")
    assert st.is_terminal() and st.current_player() == -1 and st.legal_actions() == []


def test_trigger_in_the_last_seats_turn_ends_at_once():
    """WOT-END-04: a trigger in the last seat's turn ends the game when that turn ends."""
    st = pos("""
        players 2
        first 0
        active 1
        hand 1: SU-14
        bases 0: 1
    """)
    play(st, "attack SU-14", "go", "fire SU-14 p0b1", "end")
    assert st.is_terminal()


def test_ex10_no_bases_in_the_final_round():
    """EX-10, WOT-END-05, WOT-TURN-03, WOT-DEF-05: a seat without bases still plays; INV gives a medal and
    the armoured card goes to the warehouse."""
    st = pos("""
        players 3
        active 2
        hand 2: SU-16
        bases 2:
        triggered
    """)
    play(st, "use SU-16 inv")
    assert {"SU-16", "ussr_medal1"} <= set(seat(st, 2)["warehouse"])


def test_stall_guard_max_rounds():
    """WOT-END-07: the game ends after round `max_rounds` even without a trigger."""
    st = pos("""
        players 2
        option max_rounds=2
        first 0
        hand 0: engineer
    """)
    for _ in range(4):
        assert not st.is_terminal()
        play(st, "end")
    assert st.is_terminal() and not st.view(None)["end_triggered"]


def test_every_turn_ends_in_random_play():
    """WOT-PLAY-05, WOT-DATA-05: random turns always end (the checker's step bound never fires)."""
    from warroom.agents.base import RandomAgent
    from warroom.games.wot_rush import WotRushGame

    game = WotRushGame(players=3)
    for seed in range(5):
        st = game.new_initial_state(seed)
        agent = RandomAgent(seed)
        longest = 0
        while not st.is_terminal():
            turn = st.turn
            steps = 0
            while st.turn == turn and not st.is_terminal():
                st.apply_action(agent.choose(st))
                steps += 1
            longest = max(longest, steps)
        assert longest < 200
