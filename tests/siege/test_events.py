"""Event tokens (SG-EVT-01..11). Positions start at phase 6 (`phase reveal`) with the event on top
of the reserve. Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.."""

from __future__ import annotations

import pytest

from tests.siege.conftest import enemy, pos, texts


def where(st, tid):
    e = enemy(st, tid)
    return None if e is None else (e["sector"], e["ring"], e["armour"])


@pytest.mark.parametrize(
    ("event", "moving"), [("move_red", {1, 2}), ("move_green", {3, 4}), ("move_blue", {5, 6})]
)
def test_colour_event_moves_exactly_the_enemies_of_its_two_sectors(event, moving):
    """SG-EVT-01, SG-DEF-03: red = sectors 1-2, green = 3-4, blue = 5-6: one Pz.III in AVIATION of
    every sector; only the two of the event's colour advance to ARTILLERY."""
    st = pos(f"""
        phase reveal
        enemy 1 aviation pz3
        enemy 2 aviation pz3
        enemy 3 aviation pz3
        enemy 4 aviation pz3
        enemy 5 aviation pz3
        enemy 6 aviation pz3
        reserve: {event}
    """)
    rings = {e["sector"]: e["ring"] for e in st.view(None)["enemies"]}
    assert rings == {s: "artillery" if s in moving else "aviation" for s in range(1, 7)}


def test_colour_event_includes_rear_and_city_and_city_enemy_crosses_colour():
    """SG-EVT-01 (EDGE-16): "blue sectors move": the enemy in blue CITY(6) walks to red CITY(1) and
    collides with building 1; the one in REAR(5) advances to AVIATION(5); red and green enemies
    stay."""
    st = pos("""
        phase reveal
        buildings 1 2 3 4 5
        enemy 6 city pz3                # t6
        enemy 5 rear sdkfz              # t0
        enemy 1 artillery tiger         # t17 red
        enemy 4 tank pz3                # t7  green
        reserve: move_blue
    """)
    assert where(st, 6) == (1, "city", 1)
    assert st.view(None)["buildings"][1] is False
    assert where(st, 0) == (5, "aviation", 1)
    assert where(st, 17) == (1, "artillery", 3)
    assert where(st, 7) == (4, "tank", 2)
    assert st.view(None)["fortifications"][4] is True


def test_clockwise_event_moves_every_enemy_sideways_except_the_hedgehog_one():
    """SG-EVT-02 (EDGE-17): REAR(1)->REAR(2), TANK(6)->TANK(1) without touching F(6)/F(1),
    CITY(2)->CITY(3) hitting building 3; the hedgehog-marked enemy does not move."""
    st = pos("""
        phase reveal
        buildings 1 3 4 5 6
        enemy 1 rear sdkfz              # t0
        enemy 6 tank pz3                # t6
        enemy 2 city tiger              # t17
        enemy 4 artillery pz3 hedgehog  # t7
        reserve: move_cw
    """)
    assert where(st, 0) == (2, "rear", 1)
    assert where(st, 6) == (1, "tank", 2)
    assert where(st, 17) == (3, "city", 2)
    assert where(st, 7) == (4, "artillery", 2)
    view = st.view(None)
    assert view["buildings"][3] is False
    assert view["fortifications"] == {s: True for s in range(1, 7)}


def test_counter_clockwise_event_moves_every_enemy_the_other_way():
    """SG-EVT-03: REAR(1)->REAR(6), AVIATION(4)->AVIATION(3), CITY(1)->CITY(6) (building 6 gone: no
    collision)."""
    st = pos("""
        phase reveal
        buildings 2 3 4 5
        enemy 1 rear sdkfz              # t0
        enemy 4 aviation pz3            # t6
        enemy 1 city tiger              # t17
        reserve: move_ccw
    """)
    assert where(st, 0) == (6, "rear", 1)
    assert where(st, 6) == (3, "aviation", 2)
    assert where(st, 17) == (6, "city", 3)


HANDS = """
    active 3
    hand 0: red_aviation any_aviation il2 counter_red sandbags
    hand 1: green_artillery any_artillery blue_aviation precise_shot
    hand 2: blue_tank any_tank red_tank counter_blue
    hand 3: green_aviation dot
    discard:
    enemy 1 aviation sdkfz
"""


@pytest.mark.parametrize(
    ("event", "lost"),
    [
        (
            "diversion_aviation",
            {0: ["red_aviation", "any_aviation"], 1: ["blue_aviation"], 3: ["green_aviation"]},
        ),
        ("diversion_artillery", {1: ["green_artillery", "any_artillery"]}),
        ("diversion_tank", {2: ["blue_tank", "any_tank", "red_tank"]}),
    ],
)
def test_diversion_discards_the_ring_strike_cards_of_every_player(event, lost):
    """SG-EVT-04, SG-EVT-05, SG-EVT-06, SG-EVT-07, SG-EVT-09: every player (the active one, seat 3,
    too) discards every coloured and multicolour strike card of the ring into the card discard
    pile; IL-2 is not aviation; Counterattack, Precise Shot and Sandbags stay."""
    st = pos(HANDS + f"reserve: {event} sdkfz")
    start = st.view(None)["hands"]
    events = st.apply_action("pass")  # phase 5, then phase 6 reveals the Diversion
    got = {e.data["player"]: sorted(e.data["cards"]) for e in events if e.kind == "diversion"}
    assert got == {p: sorted(cards) for p, cards in lost.items()}
    view = st.view(None)
    for p in (1, 2, 3):  # seat 0 is next and refills his hand in phase 1 afterwards
        kept = list(start[p])
        for card in lost.get(p, []):
            kept.remove(card)
        assert view["hands"][p] == kept, p
    assert sorted(view["discard"]) == sorted(c for cards in lost.values() for c in cards)


def test_diversion_spares_counterattack_and_il2():
    """SG-EVT-04, SG-EVT-07: IL-2 and the three Counterattacks survive every Diversion."""
    for event in ("diversion_aviation", "diversion_artillery", "diversion_tank"):
        st = pos(f"""
            phase reveal
            active 1
            hand 0: il2 counter_red counter_green counter_blue
            reserve: {event}
            enemy 1 aviation sdkfz
        """)
        assert sorted(st.view(None)["hands"][0]) == ["counter_blue", "counter_green", "counter_red", "il2"]


def test_all_players_discard_one_each_chooses_players_without_cards_skip():
    """SG-EVT-08, SG-EVT-09: every player holding cards chooses one to discard, in turn order from
    the active player (seat 2 -> 3 -> 0; seat 1 has no cards and is skipped); the cards go to the
    card discard pile; then the second token is revealed."""
    st = pos("""
        phase reveal
        active 2
        hand 0: sandbags il2
        hand 2: red_tank dot
        hand 3: patrol
        discard:
        reserve: discard_one sdkfz
        dice: 4
        enemy 1 aviation pz3
    """)
    assert st.current_player() == 2
    assert sorted(texts(st)) == ["discard dot", "discard red_tank"]
    st.apply_action("discard dot")
    assert st.current_player() == 3
    assert texts(st) == ["discard patrol"]
    st.apply_action("discard patrol")
    assert st.current_player() == 0
    assert sorted(texts(st)) == ["discard il2", "discard sandbags"]
    assert enemy(st, 0) is None  # the second token waits until every discard is made
    events = st.apply_action("discard il2")
    view = st.view(None)
    assert view["discard"][:3] == ["dot", "patrol", "il2"]
    assert view["hands"][0] == ["sandbags"] and view["hands"][2] == ["red_tank"]
    assert [e.data["sector"] for e in events if e.kind == "enemy_arrives"] == [4]


@pytest.mark.parametrize(("event", "extra"), [("reveal3", 3), ("reveal4", 4)])
def test_reveal_n_event_reveals_n_additional_tokens(event, extra):
    """SG-EVT-10: "Reveal 3/4" as the first token: the second original token and then 3/4 more are
    revealed and resolved; the token after them stays in the reserve."""
    st = pos(f"""
        phase reveal
        reserve: {event} sdkfz pz3 pz3 pz3 pz3 tiger
        dice: 1 2 3 4 5
    """)
    placed = [e["kind"] for e in st.view(None)["enemies"]]
    assert sorted(placed) == sorted(["sdkfz", *["pz3"] * extra])
    assert st.view(None)["reserve_count"] == 6 - 1 - extra
    assert st.view(None)["enemy_discard"][-1] == event


def test_events_never_stand_on_the_board():
    """SG-EVT-11: after "clockwise", "discard 1" (nobody holds cards) and "Diversion" resolve, the
    board holds only the vehicles and all three event tokens are in the enemy discard pile."""
    st = pos("""
        phase reveal
        enemy 1 aviation pz3
        reserve: move_cw reveal3 discard_one diversion_tank tiger
        dice: 3
    """)
    view = st.view(None)
    assert [e["kind"] for e in view["enemies"]] == ["pz3", "tiger"]
    assert view["enemy_discard"][-4:] == ["move_cw", "reveal3", "discard_one", "diversion_tank"]
