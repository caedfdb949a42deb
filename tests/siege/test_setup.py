"""Setup (SG-SETUP-01..11) and the basic definitions of the board and its pieces (SG-DEF-01, 02,
07, 08, 09)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.siege.conftest import decision, enemies, kinds, new_game, play_out, pos, texts
from warroom.core.errors import CorruptDataError, OptionError
from warroom.games.siege.game import SiegeGame

FULL = {"sdkfz": 1, "pz3": 2, "tiger": 3}


def test_setup_same_in_every_mode():
    """SG-SETUP-01: setup does not depend on the mode: the same seed gives the same city, hands,
    deck and reserve in normal and Shoulder to Shoulder, and Field Marshal only adds his 3 tokens."""
    normal = new_game(7, players=4).view(None)
    s2s = new_game(7, players=4, mode="shoulder_to_shoulder").view(None)
    for key in ("buildings", "fortifications", "dots", "hands", "deck_count", "reserve_count", "active"):
        assert normal[key] == s2s[key], key
    fm = new_game(7, players=5, mode="field_marshal").view(None)
    for key in ("buildings", "fortifications", "dots", "hands", "deck_count", "active"):
        assert normal[key] == fm[key], key
    assert fm["reserve_count"] == normal["reserve_count"] - 3
    assert decision(new_game(7, players=5, mode="field_marshal")) == decision(new_game(7)) == "arrange"


def test_setup_buildings_and_fortifications_in_all_six_sectors():
    """SG-SETUP-02, SG-SETUP-03: one building in each city cell, one fortification in each slot."""
    view = new_game(3).view(None)
    assert view["buildings"] == {s: True for s in range(1, 7)}
    assert view["fortifications"] == {s: True for s in range(1, 7)}


def test_setup_starting_vehicles_one_per_aviation_space():
    """SG-SETUP-04: 3 Sd.Kfz, 2 Pz.III, 1 Tiger E, exactly one in each AVIATION space at full
    armour; the team chooses among all 60 distinct arrangements (D-02)."""
    state = new_game(1)
    options = texts(state)
    assert len(options) == 60 == len(set(options))
    for text in options:
        assert Counter(text.split()[1]) == Counter("SSSPPT")
    assert enemies(state) == []
    state.apply_action("arrange TPSSPS")
    placed = enemies(state)
    assert sorted(e["sector"] for e in placed) == [1, 2, 3, 4, 5, 6]
    assert {e["ring"] for e in placed} == {"aviation"}
    by_sector = {e["sector"]: e["kind"] for e in placed}
    assert by_sector == {1: "tiger", 2: "pz3", 3: "sdkfz", 4: "sdkfz", 5: "pz3", 6: "sdkfz"}
    assert all(e["armour"] == FULL[e["kind"]] == e["max_armour"] for e in placed)


@pytest.mark.parametrize(("players", "limit"), [(1, 6), (2, 6), (3, 5), (4, 5), (5, 5), (6, 4)])
def test_setup_deals_the_hand_limit_to_every_player(players, limit):
    """SG-SETUP-05, SG-SETUP-06, SG-SETUP-07: every player is dealt the hand limit for the player
    count (2 -> 6, 3-5 -> 5, 6 -> 4, solo 6); the rest of the 49 cards form the deck; the discard
    pile starts empty."""
    state = new_game(players, players=players)
    view = state.view(None)
    assert view["hand_limit"] == limit
    assert [len(h) for h in view["hands"]] == [limit] * players
    assert view["deck_count"] == 49 - players * limit
    assert view["discard"] == []
    dealt = Counter(k for h in state.hands for k in h) + Counter(state.deck)
    assert sum(dealt.values()) == 49


def test_setup_hands_are_dealt_face_up():
    """SG-SETUP-05: hands are dealt face up: every seat (and a spectator) sees every hand."""
    state = new_game(5, players=3)
    assert state.view(0)["hands"] == state.view(1)["hands"] == state.view(None)["hands"]
    assert all(len(h) == 5 for h in state.view(2)["hands"])


def test_setup_deck_is_shuffled():
    """SG-SETUP-05: the cards are shuffled (different seeds deal different hands)."""
    hands = {tuple(map(tuple, new_game(seed).view(None)["hands"])) for seed in range(6)}
    assert len(hands) == 6


def test_setup_reserve_is_the_43_other_tokens_shuffled():
    """SG-SETUP-08: the 43 tokens other than the starting vehicles form a shuffled reserve; the
    enemy discard pile starts empty."""
    games = [new_game(seed) for seed in range(4)]
    for state in games:
        assert state.view(None)["reserve_count"] == 43
        assert state.view(None)["enemy_discard"] == []
        kinds_left = Counter(state.content.tokens[state.content.token_kind_of[t]].kind for t in state.reserve)
        assert kinds_left["sdkfz"] == 3 and kinds_left["pz3"] == 9 and kinds_left["tiger"] == 9
        assert kinds_left["he111"] == 4 and kinds_left["maus"] == 1
    assert len({tuple(s.reserve) for s in games}) == 4


def test_setup_hedgehog_and_dots_start_in_supply():
    """SG-SETUP-09: the hedgehog token and both DOT tokens start in the supply."""
    view = new_game(2).view(None)
    assert view["hedgehog"] is None
    assert view["dots_in_supply"] == 2
    assert not any(view["dots"].values())


def test_setup_first_player_random_then_turns_pass_left():
    """SG-SETUP-10: the first player is chosen at random; turns then pass to the left (next seat)."""
    firsts = {new_game(seed).view(None)["active"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = new_game(11)
    first = state.view(None)["active"]
    assert state.current_player() == first  # the first player arranges (D-02) and starts
    events = state.apply_action(texts(state)[0])
    events += play_out(state, until=lambda s: s.turn >= 4)
    seen = [e.data["player"] for e in events if e.kind == "turn"]
    assert seen == [(first + i) % 4 for i in range(4)]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_supported_player_counts(players):
    """SG-SETUP-11: 1 (solo) to 6 players are supported in the normal modes."""
    for mode in ("normal", "shoulder_to_shoulder"):
        state = new_game(0, players=players, mode=mode)
        assert len(state.view(None)["hands"]) == players


def test_setup_unsupported_player_counts_are_rejected():
    """SG-SETUP-11: more than 6 or fewer than 1 players, and a Field Marshal without a defender,
    are rejected; Field Marshal takes 1 FM + 1..5 defenders."""
    for bad in (0, 7):
        with pytest.raises(OptionError):
            SiegeGame(players=bad)
    with pytest.raises(OptionError):
        SiegeGame(players=1, mode="field_marshal")
    for players in (2, 6):
        game = SiegeGame(players=players, mode="field_marshal")
        assert game.defenders == players - 1
        assert len(game.new_initial_state(0).view(None)["hands"]) == players - 1


# -- definitions ---------------------------------------------------------------------------------


def test_board_has_30_spaces_in_five_rings():
    """SG-DEF-01: a space is (sector 1-6, ring); rings rear, aviation, artillery, tank, city: all
    30 spaces can hold an enemy and are reported back as such."""
    rings = ("rear", "aviation", "artillery", "tank", "city")
    pool = ["sdkfz"] * 6 + ["pz3"] * 11 + ["tiger"] * 10 + ["pz2", "pz4", "maus"]
    lines = [f"enemy {s} {ring} {pool[i * 5 + j]}" for i, s in enumerate(range(1, 7)) for j, ring in
             enumerate(rings)]  # fmt: skip
    state = pos("players 2\nbuildings\nhand 0: hedgehogs\n" + "\n".join(lines))
    assert sorted((e["sector"], e["ring"]) for e in enemies(state)) == sorted(
        (s, r) for s in range(1, 7) for r in rings
    )


def test_board_sector_colours():
    """SG-DEF-01: sectors 1-2 are red, 3-4 green, 5-6 blue (seen through coloured strike cards)."""
    state = pos("""
        players 2
        hand 0: red_aviation green_aviation blue_aviation
        enemy 1 aviation sdkfz
        enemy 2 aviation sdkfz
        enemy 3 aviation sdkfz
        enemy 4 aviation sdkfz
        enemy 5 aviation sdkfz
        enemy 6 aviation sdkfz
    """)
    sector = {e["id"]: e["sector"] for e in enemies(state)}
    targets: dict[str, set[int]] = {}
    for text in texts(state):
        if text.startswith("play "):
            card, tid = text.split()[1:]
            targets.setdefault(card, set()).add(sector[int(tid[1:])])
    assert targets == {"red_aviation": {1, 2}, "green_aviation": {3, 4}, "blue_aviation": {5, 6}}


def test_events_and_bombers_never_stand_on_the_board():
    """SG-DEF-02: only vehicles are enemies on the board; an event and a He-111 are resolved and
    go to the enemy discard pile, never onto the board."""
    state = pos("""
        players 2
        phase reveal
        hand 0: patrol
        enemy 3 artillery sdkfz
        reserve: move_cw he111 tiger
        dice: 1
    """)
    assert {e["kind"] for e in enemies(state)} == {"sdkfz"}
    assert len(enemies(state)) == 1
    discard = state.view(None)["enemy_discard"]
    assert "move_cw" in discard and "he111" in discard
    assert state.view(None)["reserve_count"] == 1


def test_enemy_in_city_only_where_the_building_is_gone():
    """SG-DEF-07: a position with an enemy sharing a city cell with its building is rejected."""
    with pytest.raises(CorruptDataError, match="city cell 2"):
        pos("players 2\nhand 0: hedgehogs\nbuildings 1 2 3 4 5 6\nenemy 2 city pz3")
    state = pos("players 2\nhand 0: hedgehogs\nbuildings 1 3 4 5 6\nenemy 2 city pz3")
    assert enemies(state)[0]["ring"] == "city"


def test_two_discard_piles_public_and_enemy_discard_never_reshuffled():
    """SG-DEF-08: the card discard pile and the enemy discard pile are public; when the reserve is
    empty the enemy discard pile is not reshuffled into it (nothing is revealed)."""
    state = pos("""
        players 3
        phase reveal
        hand 0: patrol
        enemy 2 rear tiger
        discard: il2 repair
        reserve:
    """)
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["discard"] == ["il2", "repair"]
        assert len(view["enemy_discard"]) == 49 - 1
    assert state.view(None)["reserve_count"] == 0
    assert [e["kind"] for e in enemies(state)] == ["tiger"]  # no token came back from the discard


def test_regular_vehicles_have_plain_armour_and_no_ability():
    """SG-DEF-09: Sd.Kfz 140/1 starts with 1 armour, Pz.III with 2, Tiger E with 3, and placing one
    does nothing else (no enemy moves, no armour changes)."""
    state = pos("""
        players 2
        hand 0: hedgehogs
        enemy 4 artillery pz3 1
        reserve: sdkfz tiger pz3
        dice: 2 5
    """)
    events = state.apply_action("pass")  # phase 4 ends; phase 5 moves the Pz.III; phase 6 reveals
    events = events[events.index(next(e for e in events if e.kind == "move")) + 1 :]
    arrived = [e for e in events if e.kind == "enemy_arrives"]
    assert [(e.data["kind"], e.data["sector"]) for e in arrived] == [("sdkfz", 2), ("tiger", 5)]
    assert "move" not in kinds(events)
    view = {(e["kind"], e["sector"], e["ring"]): e["armour"] for e in enemies(state)}
    assert view == {("pz3", 4, "tank"): 1, ("sdkfz", 2, "rear"): 1, ("tiger", 5, "rear"): 3}
