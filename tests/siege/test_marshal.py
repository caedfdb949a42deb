"""Field Marshal mode (SG-FM-01..19, EDGE-20, EDGE-21).

Positions use `players 3` + `mode field_marshal`: seats 0 and 1 defend, seat 2 is the Field
Marshal (FM). Seat 0 holds a lone DOT card so phase 4 waits for him; passing it ends the
defender's turn and starts the FM's (move, draw to 3, play). `marshal:` is the FM's hand and
`reserve:` the top of the reserve. Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.., Pz.II t27,
Pz.IV t28, Maus t29, Panther t30, He-111 t31.., move_red t35 t36, ..., reveal3 t47, reveal4 t48.
"""

from __future__ import annotations

from itertools import pairwise

from tests.siege.conftest import enemy, kinds, new_game, pos, texts
from warroom.core.game import events_for

FM3 = """
    players 3
    mode field_marshal
    hand 0: dot
"""


def where(st, tid):
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


def fm_turn(text):
    """The position (FM3 + text) after the defender passed phase 4: the FM's turn has begun."""
    st = pos(FM3 + text)
    return st, st.apply_action("pass")


def hand(st):
    return st.view(st.game.marshal_seat)["marshal"]["hand"]


def test_one_seat_commands_the_enemy_as_an_adversary():
    """SG-FM-01: the last seat is the Field Marshal: he decides where enemy tokens go, defenders
    never do, and his result is the opposite of theirs."""
    st = new_game(5, players=4, mode="field_marshal")
    assert st.view(None)["adversary_seats"] == [3]
    seen = set()
    while not st.is_terminal():
        who = st.current_player()
        decision = st.view(None)["decision"]["kind"]
        seen.add((who == 3, decision))
        assert (who == 3) == (decision in ("marshal", "marshal_extra")), (who, decision)
        st.apply_action(st.legal_actions()[-1])
    assert (True, "marshal") in seen
    assert st.returns()[3] == -st.returns()[0]


def test_marshal_gets_no_cards_and_three_hidden_tokens():
    """SG-FM-02: normal setup, no cards for the FM, 3 tokens drawn from the reserve into his hand."""
    st = new_game(1, players=4, mode="field_marshal")
    view = st.view(None)
    assert len(view["hands"]) == 3 and all(len(h) == 5 for h in view["hands"])
    assert view["marshal"]["hand_count"] == 3 and "hand" not in view["marshal"]
    assert len(hand(st)) == 3
    assert view["reserve_count"] == 49 - 6 - 3


def test_hand_limit_trades_and_turn_order_count_defenders_only():
    """SG-FM-03: 3 players with a FM = 2 defenders -> hand limit 6 (not 5); 6 players with a FM =
    5 defenders -> limit 5 (not 4); 2 players -> 1 defender: limit 6 and no trade phase. The FM
    is never a trade partner and turns go 0 -> 1 -> 0 among the defenders."""
    assert new_game(0, players=3, mode="field_marshal").view(None)["hand_limit"] == 6
    assert new_game(0, players=6, mode="field_marshal").view(None)["hand_limit"] == 5
    assert new_game(0, players=2, mode="field_marshal").view(None)["hand_limit"] == 6
    st = pos(FM3 + "phase trade\nhand 1: sandbags\nmarshal: tiger tiger tiger")
    assert texts(st) == ["pass", "offer 1 dot"]
    st = pos("players 2\nmode field_marshal\nphase trade\nhand 0: dot\nmarshal: tiger tiger tiger")
    assert st.view(None)["decision"]["kind"] == "play"  # no trade phase with one defender
    st = new_game(4, players=3, mode="field_marshal")
    actives = []
    while not st.is_terminal() and len(actives) < 6:
        events = st.apply_action("pass" if "pass" in texts(st) else texts(st)[0])
        actives.extend(e.data["player"] for e in events if e.kind == "turn")
    assert len(actives) >= 4, actives
    assert set(actives) == {0, 1} and all(a != b for a, b in pairwise(actives))


def test_defender_turn_is_phases_one_to_four_then_the_marshal_moves_and_plays():
    """SG-FM-04, SG-FM-05: after phase 4 no token is revealed from the reserve: the enemies move
    (as phase 5), the FM tops his hand up to 3 from the reserve, and then he decides."""
    st, events = fm_turn("""
        enemy 1 aviation pz3            # t6
        marshal: tiger                  # t17
        reserve: sdkfz sdkfz pz3
    """)
    assert where(st, 6) == (1, "artillery", 2)
    assert "enemy_arrives" not in kinds(events)
    assert [e.data for e in events if e.kind == "marshal_draw"] == [{"count": 2}]
    assert st.current_player() == 2 and st.view(None)["decision"]["kind"] == "marshal"
    assert sorted(hand(st)) == ["sdkfz", "sdkfz", "tiger"]
    assert st.view(None)["reserve_count"] == 1


def test_marshal_with_three_or_more_draws_nothing_and_short_reserve_gives_what_is_left():
    """SG-FM-05: a hand of 4 draws nothing and keeps all four; with 1 token left in the reserve a
    hand of 1 draws just that one."""
    st, events = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger tiger sdkfz pz3
        reserve: sdkfz
    """)
    assert "marshal_draw" not in kinds(events)
    assert st.view(None)["marshal"]["hand_count"] == 4 and st.view(None)["reserve_count"] == 1
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger
        reserve: sdkfz
    """)
    assert sorted(hand(st)) == ["sdkfz", "tiger"] and st.view(None)["reserve_count"] == 0


def test_marshal_options_a_b_and_c():
    """SG-FM-06, SG-FM-08: option A places one vehicle in a rear space of his choice (not events);
    option B plays any two tokens, vehicles before events; option C (pass) plays nothing."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger reveal3 move_red
        reserve: sdkfz sdkfz sdkfz
    """)
    options = texts(st)
    assert "pass" in options
    assert [t for t in options if t.startswith("place")] == [f"place tiger s{s}" for s in range(1, 7)]
    pairs = {t for t in options if t.startswith("pair")}
    assert pairs == {
        "pair tiger move_red", "pair tiger reveal3", "pair move_red reveal3", "pair reveal3 move_red"
    }  # fmt: skip
    assert not any(t.startswith("single") for t in options)
    st.apply_action("place tiger s4")
    assert where(st, 17) == (4, "rear", 3)
    assert sorted(hand(st)) == ["move_red", "reveal3"]
    assert st.current_player() != 2  # one token played: the FM's turn is over
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger reveal3 move_red
        reserve: sdkfz sdkfz sdkfz
    """)
    events = st.apply_action("pass")
    assert "marshal_pass" in kinds(events) and st.view(None)["marshal"]["hand_count"] == 3


def test_option_b_places_vehicle_by_roll_then_resolves_event():
    """SG-FM-06, SG-FM-08: "pair tiger move_red": the Tiger is rolled (1, red) and placed first, then
    "red sectors move" advances it with the other red enemies."""
    st, _ = fm_turn("""
        enemy 2 aviation pz3            # t6, red: phase 5 -> artillery, the event -> tank
        marshal: tiger move_red sdkfz
        reserve: sdkfz sdkfz sdkfz
        dice: 1
    """)
    events = st.apply_action("pair tiger move_red")
    assert [e.kind for e in events if e.kind in ("enemy_arrives", "event")] == ["enemy_arrives", "event"]
    assert where(st, 17) == (1, "aviation", 3)
    assert where(st, 6) == (2, "tank", 2)
    assert hand(st) == ["sdkfz"]


def test_option_a_special_ability_uses_the_chosen_sector():
    """SG-FM-07 (EDGE-20): the FM places a Pz.IV in REAR(3) by choice: every enemy of green sectors
    3 and 4 advances one step (the Pz.IV to AVIATION(3)); red and blue ones stay."""
    st, _ = fm_turn("""
        enemy 4 aviation pz3            # t6 green: phase 5 -> artillery, Pz.IV -> tank
        enemy 1 aviation sdkfz          # t0 red:   phase 5 -> artillery only
        marshal: pz4 he111 tiger
        reserve: sdkfz sdkfz sdkfz
    """)
    assert "place pz4 s3" in texts(st) and not any(t.startswith("place he111") for t in texts(st))
    events = st.apply_action("place pz4 s3")
    arrive = next(e for e in events if e.kind == "enemy_arrives")
    assert arrive.data["sector"] == 3 and arrive.data["rolled"] is False
    assert where(st, 28) == (3, "aviation", 3)
    assert where(st, 6) == (4, "tank", 2)
    assert where(st, 0) == (1, "artillery", 1)


def test_he111_is_an_event_for_the_marshal_and_its_sector_is_rolled():
    """SG-FM-07, SG-FM-09: the He-111 cannot be placed (option A) but pairs as an event; its sector
    is rolled (4 -> F(4) destroyed), never chosen."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: he111 move_red sdkfz
        reserve: sdkfz sdkfz sdkfz
        dice: 4
    """)
    assert not any("he111 s" in t for t in texts(st))
    assert "pair sdkfz he111" in texts(st) and "pair he111 move_red" in texts(st)
    st.apply_action("pair he111 move_red")
    assert st.view(None)["fortifications"][4] is False
    assert st.view(None)["enemy_discard"][-2:] == ["he111", "move_red"]


def test_reveal3_lets_the_marshal_draw_three_and_play_up_to_three_by_roll():
    """SG-FM-10 (EDGE-21): option B "Tiger + Reveal 3": the Tiger is rolled and placed; the FM draws
    3 (hand 1 + 3 = 4) and may play up to 3 tokens from his hand, each vehicle placed by roll; he
    may stop early, and after 3 plays he must stop even with tokens left."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger reveal3 sdkfz
        reserve: pz3 pz3 move_blue sdkfz sdkfz
        dice: 2 3 4 5
    """)
    st.apply_action("pair tiger reveal3")
    assert where(st, 17) == (2, "rear", 3)
    assert st.view(None)["marshal"]["hand_count"] == 4
    assert sorted(hand(st)) == ["move_blue", "pz3", "pz3", "sdkfz"]
    assert texts(st) == ["stop", "deploy sdkfz", "deploy pz3", "deploy move_blue"]
    st.apply_action("deploy sdkfz")
    st.apply_action("deploy pz3")
    st.apply_action("deploy pz3")
    assert [(e["kind"], e["sector"]) for e in st.view(None)["enemies"] if e["ring"] == "rear"] == [
        ("sdkfz", 3), ("pz3", 4), ("pz3", 5), ("tiger", 2)
    ]  # fmt: skip
    assert st.current_player() != 2 and hand(st) == ["move_blue"]


def test_marshal_may_play_none_of_the_drawn_tokens():
    """SG-FM-10: "may" means 0..3: stopping at once keeps all four tokens in hand."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger reveal3 sdkfz
        reserve: pz3 pz3 pz3 sdkfz sdkfz
        dice: 2
    """)
    st.apply_action("pair tiger reveal3")
    st.apply_action("stop")
    assert st.view(None)["marshal"]["hand_count"] == 4 and st.current_player() != 2


def arrivals(events):
    return [(e.data["kind"], e.data["sector"], e.data["rolled"]) for e in events if e.kind == "enemy_arrives"]


def test_pz2_played_by_marshal_reveals_three_from_the_reserve():
    """SG-FM-11, SG-SPEC-01: a Pz.II placed by the FM keeps its printed ability: 3 more tokens are
    revealed from the reserve and resolved as in phase 6 (vehicles by roll); they never pass
    through his hand, he draws nothing and is not asked to play them."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: pz2 sdkfz sdkfz
        reserve: tiger pz3 sdkfz sdkfz
        dice: 2 3 4
    """)
    events = st.apply_action("place pz2 s6")
    assert arrivals(events) == [("pz2", 6, False), ("tiger", 2, True), ("pz3", 3, True), ("sdkfz", 4, True)]
    assert "marshal_draw" not in kinds(events)
    assert sorted(hand(st)) == ["sdkfz", "sdkfz"] and st.view(None)["reserve_count"] == 1
    assert st.current_player() != 2  # his turn is over: no "marshal_extra" decision


def test_pz2_played_by_marshal_with_a_short_reserve_reveals_what_is_left():
    """SG-FM-11, SG-FM-12, SG-REVEAL-06: with 2 tokens left the Pz.II reveals those 2 and the
    third reveal is skipped; with 3 it reveals exactly 3 (the reserve is then empty, and the
    enemies on the board keep the game going)."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: pz2 sdkfz sdkfz
        reserve: tiger pz3
        dice: 2 3
    """)
    events = st.apply_action("place pz2 s6")
    assert arrivals(events) == [("pz2", 6, False), ("tiger", 2, True), ("pz3", 3, True)]
    assert st.view(None)["reserve_count"] == 0 and sorted(hand(st)) == ["sdkfz", "sdkfz"]
    assert not st.is_terminal() and st.current_player() != 2
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: pz2 sdkfz sdkfz
        reserve: tiger pz3 sdkfz
        dice: 2 3 4
    """)
    events = st.apply_action("place pz2 s6")
    assert len(arrivals(events)) == 4 and st.view(None)["reserve_count"] == 0


def test_nested_reveal_grants_its_own_draw_and_the_reserve_may_run_short():
    """SG-FM-12: deploying a "Reveal 4" during a Reveal 3 draws 4 more (only 2 are left, so 2) and
    adds 4 more plays: 2 left of the first grant + 4 = 6."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger reveal3 sdkfz
        reserve: reveal4 pz3 pz3 sdkfz sdkfz
        dice: 1 1 1 1 1 1 1 1
    """)
    st.apply_action("pair tiger reveal3")  # draws reveal4 pz3 pz3; hand: sdkfz reveal4 pz3 pz3
    st.apply_action("deploy reveal4")  # draws sdkfz sdkfz (reserve empty)
    assert st.view(None)["reserve_count"] == 0
    assert sorted(hand(st)) == ["pz3", "pz3", "sdkfz", "sdkfz", "sdkfz"]
    played = 0
    while st.current_player() == 2 and st.view(None)["decision"]["kind"] == "marshal_extra":
        st.apply_action(next(t for t in texts(st) if t.startswith("deploy")))
        played += 1
    assert played == 5  # all 5 fit in the 6 plays still allowed
    assert st.view(None)["marshal"]["hand_count"] == 0


def test_patrol_limits_the_marshal_to_moving():
    """SG-FM-13: a defender played Patrol: the FM moves the enemies and neither draws nor plays."""
    st = pos("""
        players 3
        mode field_marshal
        hand 0: patrol
        enemy 1 aviation pz3            # t6
        marshal: tiger
        reserve: sdkfz sdkfz
    """)
    events = st.apply_action("play patrol")
    assert where(st, 6) == (1, "artillery", 2)
    assert "marshal_draw" not in kinds(events)
    view = st.view(None)
    assert view["marshal"]["hand_count"] == 1 and view["reserve_count"] == 2
    assert view["active"] == 1 and st.current_player() == 1


def test_hand_events_hit_defenders_only():
    """SG-FM-14: "Diversion: aviation" and "All players discard 1" played by the FM affect only the
    defenders' hands; the FM is never asked to discard and keeps his tokens."""
    st, _ = fm_turn("""
        hand 1: red_aviation sandbags
        enemy 1 artillery pz3
        marshal: diversion_aviation discard_one tiger
        reserve: sdkfz sdkfz sdkfz
    """)
    st.apply_action("pair diversion_aviation discard_one")
    assert st.view(None)["hands"][1] == ["sandbags"]
    assert st.current_player() == 0  # the active defender discards first
    st.apply_action("discard dot")
    assert st.current_player() == 1
    st.apply_action("discard sandbags")
    assert st.current_player() != 2
    assert hand(st) == ["tiger"]


def test_defenders_win_with_tokens_left_in_the_marshal_hand():
    """SG-FM-15, SG-END-02: reserve empty and the last enemy destroyed: the defenders win although
    the FM still holds tokens; his hand does not count."""
    st = pos("""
        players 3
        mode field_marshal
        hand 0: green_aviation
        enemy 3 aviation pz3 1          # t6
        marshal: sdkfz move_red
        reserve:
    """)
    st.apply_action("play green_aviation t6")
    assert st.is_terminal() and st.returns() == [1.0, 1.0, -1.0]


def test_no_win_while_an_enemy_is_on_the_board():
    """SG-FM-15: reserve empty, the FM's hand empty too, but one enemy is still on the board: the
    game goes on."""
    st = pos("""
        players 3
        mode field_marshal
        hand 0: green_aviation
        enemy 3 aviation pz3 1          # t6
        enemy 1 aviation pz3            # t7
        marshal:
        reserve:
    """)
    st.apply_action("play green_aviation t6")
    assert not st.is_terminal() and where(st, 6) is None


def test_marshal_drawing_the_last_token_onto_an_empty_board_loses():
    """SG-FM-15, SG-FM-05: his draw empties the reserve while no enemy is on the board: the
    defenders have won before he plays, whatever he holds."""
    st, _ = fm_turn("""
        marshal: move_red move_blue
        reserve: tiger
    """)
    assert st.is_terminal() and st.returns() == [1.0, 1.0, -1.0]


def test_marshal_may_pass_while_an_enemy_is_on_the_board_even_with_the_reserve_empty():
    """SG-FM-06, SG-FM-16: option C stands with an enemy on the board, the reserve empty or not."""
    for reserve in ("", "sdkfz sdkfz sdkfz"):
        st, _ = fm_turn(f"""
            enemy 1 aviation pz3
            marshal: move_red reveal3 tiger
            reserve: {reserve}
        """)
        assert texts(st)[0] == "pass"
        events = st.apply_action("pass")
        assert "marshal_pass" in kinds(events) and st.view(None)["marshal"]["hand_count"] == 3
        assert not st.is_terminal()


def test_marshal_must_play_on_an_empty_board():
    """SG-FM-16 (anti-stall): no enemy on the board and a play in hand: no pass."""
    st, _ = fm_turn("""
        marshal: move_red reveal3 tiger
        reserve: sdkfz sdkfz sdkfz
    """)
    options = texts(st)
    assert "pass" not in options and "place tiger s1" in options and "pair move_red reveal3" in options


def test_a_lone_vehicle_may_be_played_but_never_a_lone_event():
    """SG-FM-16: a token played alone must be a vehicle: a lone Tiger is offered in every sector;
    a lone event is never offered, not even with the reserve empty, so only pass is left."""
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger
        reserve:
    """)
    assert texts(st) == ["pass", *(f"place tiger s{s}" for s in range(1, 7))]
    st, _ = fm_turn("""
        enemy 1 aviation pz3
        marshal: move_red
        reserve:
    """)
    assert texts(st) == ["pass"]
    st.apply_action("pass")
    assert hand(st) == ["move_red"] and not st.is_terminal()


def test_collision_choice_in_the_marshal_turn_belongs_to_the_active_defender():
    """SG-FM-17: the FM's move step sends two enemies against F(3): the active defender (seat 1),
    not the FM, picks the damaged one."""
    st = pos("""
        players 3
        mode field_marshal
        active 1
        hand 1: dot
        enemy 3 tank pz3
        enemy 3 tank sdkfz
        marshal: tiger tiger tiger
    """)
    st.apply_action("pass")
    assert st.view(None)["decision"]["kind"] == "hit" and st.current_player() == 1
    assert texts(st) == ["hit t0", "hit t6"]


def test_defenders_take_trophies_in_field_marshal_mode():
    """SG-FM-18: a defender's kill is his trophy and scores (the FM has no score entry)."""
    st = pos(
        FM3
        + """
        hand 0: blue_artillery
        enemy 5 artillery tiger 1
        marshal: tiger tiger
    """
    )
    st.apply_action("play blue_artillery t17")
    view = st.view(None)
    assert view["trophies"] == [["tiger"], []] and view["scores"] == [3, 0]


def test_hedgehog_lasts_through_the_marshal_turn_and_goes_at_the_next_defender_turn():
    """SG-FM-19: a hedgehog laid by seat 0 keeps its Tiger still in the FM's move step and against
    the Maus the FM places; at the start of seat 1's turn the token returns to the supply."""
    st = pos("""
        players 3
        mode field_marshal
        hand 0: hedgehogs sandbags
        enemy 2 artillery tiger         # t17
        enemy 4 aviation pz3            # t6
        marshal: maus sdkfz sdkfz
        reserve: tiger tiger tiger
    """)
    st.apply_action("play hedgehogs t17")  # then nothing is playable: phase 4 ends
    assert st.current_player() == 2
    assert where(st, 17) == (2, "artillery", 3) and where(st, 6) == (4, "artillery", 2)
    events = st.apply_action("place maus s1")
    assert where(st, 17) == (2, "artillery", 3) and where(st, 6) == (4, "tank", 2)
    assert where(st, 29) == (1, "aviation", 3)
    assert "hedgehog_removed" in kinds(events) and st.view(None)["hedgehog"] is None
    assert st.view(None)["active"] == 1


def test_marshal_private_draw_is_visible_to_him_only():
    """SG-FM-02, SG-FM-05: his draws are announced to everyone as a count; which tokens he drew is
    told to him alone."""
    _, events = fm_turn("""
        enemy 1 aviation pz3
        marshal: tiger
        reserve: sdkfz move_blue
    """)
    for p in (0, 1, None):
        seen = events_for(events, p)
        assert all(e.kind != "marshal_draw_private" for e in seen)
        assert all("Sd.Kfz" not in e.text and "blue" not in e.text for e in seen)
    private = [e for e in events_for(events, 2) if e.kind == "marshal_draw_private"]
    assert len(private) == 1 and "Sd.Kfz" in private[0].text
