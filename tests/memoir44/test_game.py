"""The game as a whole: sides and seats (M44-GEN-01..05), team play and the young generals
variant (M44-VAR-01..10), special units (M44-SPEC-01/04/09), hidden information, saving,
observations, rendering, the heuristic agent."""

from __future__ import annotations

import json

import pytest

import warroom
from tests.memoir44.conftest import decision, figures, play, pos, texts, to_battle
from warroom.agents.base import RandomAgent
from warroom.core.checker import check_random_game
from warroom.core.errors import CorruptDataError, OptionError
from warroom.core.rng import Rng
from warroom.games.memoir44 import invariants
from warroom.games.memoir44.agents import HeuristicAgent
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import import_m44
from warroom.games.memoir44.view import series_result


def test_registered_and_declared():
    """M44-GEN-01: two sides; the registry loads it with its options."""
    assert "memoir44" in warroom.games()
    game = warroom.load("memoir44", scenario="pegasus-bridge")
    assert game.num_players == 2 and game.info.rule_prefix == "M44"
    with pytest.raises(OptionError):
        warroom.load("memoir44", players=7)
    with pytest.raises(OptionError):
        warroom.load("memoir44", players=4, larger_team="axis")  # equal teams have no extra player


def test_baseline_decides_retreat_direction():
    """M44-GEN-04: a unit retreats toward its own baseline; with the Axis at the bottom, down."""
    st = pos(
        "bottom axis\naxis infantry R5C7\nallies infantry R4C7\nhand allies: probe_center\ndice: F S S\n"
    )
    to_battle(st, "probe_center", "R4C7")
    play(st, "battle R4C7 R5C7")
    assert texts(st) == ["retreat R6C6", "retreat R6C7"]


def test_first_to_the_medal_target_wins():
    """M44-GEN-05 (and M44-MEDAL-06): the first side to reach its medals wins; returns are +1/-1."""
    st = pos("medals 4 1\nallies infantry R6C7 figures=1\naxis infantry R5C7\nactive axis\n"
             "hand axis: probe_center\ndice: G\n")  # fmt: skip
    to_battle(st, "probe_center", "R5C7")
    play(st, "battle R5C7 R6C7")
    assert st.is_terminal() and st.returns() == [-1.0, 1.0]
    assert st.game.summary(st)["winner"] == "axis" and "won" not in st.game.summary(st)


def test_special_units():
    """M44-SPEC-01 (badge labels kept), M44-SPEC-04 (elite armor 4 figures), M44-SPEC-09 (the die
    symbol of the base type: the armor symbol hits elite armor, the infantry symbol special forces);
    M44-UNIT-06: otherwise regular units."""
    game = Memoir44Game(scenario="villers-bocage")
    tiger = next(u for u in game.scenario.units if u.label == "Tiger")
    assert tiger.figures == 4 and game.content.units[tiger.kind].kind == "elite_armor"
    st = pos("allies infantry R6C7\naxis elite_armor R5C7\naxis special_forces R5C8\n"
             "hand allies: probe_center\ndice: A I I\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == 3


def test_ocean_units_cannot_battle():
    """M44-BATTLE-04c: a unit in an ocean hex cannot battle."""
    st = pos("face beach\nallies armor R9C7\naxis infantry R7C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R9C7")
    assert decision(st) == "card"


@pytest.mark.parametrize(
    ("players", "larger", "teams"),
    [(3, "allies", (2, 1)), (3, "axis", (1, 2)), (5, "allies", (3, 2)), (5, "axis", (2, 3))],
)
def test_team_play_odd_players(players, larger, teams):
    """M44-VAR-01: with an odd number of players the extra one joins the team chosen; a team of 2
    runs as M44-VAR-04 (chief + both flanks), a team of 3 as M44-VAR-03, a lone player as in the
    two-player game; team mates share the hand (M44-VAR-02), the chief plays the card (M44-VAR-05)."""
    game = Memoir44Game(players=players, larger_team=larger)
    assert game.num_players == players
    allies, axis = list(game.seats_of(0)), list(game.seats_of(1))
    assert (len(allies), len(axis)) == teams and allies + axis == list(range(players))
    assert [game.side_of_seat(p) for p in range(players)] == [0] * teams[0] + [1] * teams[1]
    for side, seats in ((0, allies), (1, axis)):
        chief = seats[0]
        assert game.chief(side) == chief
        commanders = [game.section_commander(side, s) for s in range(3)]  # own left, centre, right
        expected = {1: [chief] * 3, 2: [chief + 1, chief, chief + 1], 3: [chief + 1, chief, chief + 2]}
        assert commanders == expected[len(seats)]
    st = game.new_initial_state(3)
    assert st.current_player() == game.chief(st.active)
    for p in range(players):
        mine = "allies" if game.side_of_seat(p) == 0 else "axis"
        other = "axis" if mine == "allies" else "allies"
        v = st.view(p)
        assert v["hands"][mine] == st.view(game.chief(game.side_of_seat(p)))["hands"][mine]
        assert v["hands"][other] is None
    short = Memoir44Game(players=players, larger_team=larger, max_turns=40)
    for seed in range(6):
        final = check_random_game(short, seed, deep_every=11, invariant=invariants.check)
        returns = final.returns()
        assert len(returns) == players
        for seats in (allies, axis):
            assert len({returns[p] for p in seats}) == 1  # a team wins or loses together


def test_team_play_commanders():
    """M44-VAR-01, M44-VAR-02, M44-VAR-03, M44-VAR-04, M44-VAR-05: 2 or 3 per side share a hand;
    the chief plays the card; a section card's commander runs it."""
    game = Memoir44Game(players=6)
    st = game.new_initial_state(4)
    assert st.current_player() == 0  # the Allied chief chooses the card
    v = st.view(1)
    assert v["hands"]["allies"] == st.view(0)["hands"]["allies"] and v["hands"]["axis"] is None
    assert (game.section_commander(0, 0), game.section_commander(0, 1), game.section_commander(0, 2)) == (
        1,
        0,
        2,
    )
    assert game.section_commander(1, 0) == 4  # the Axis left commander
    four = Memoir44Game(players=4)
    assert (four.section_commander(0, 0), four.section_commander(0, 2), four.section_commander(0, 1)) == (
        1,
        1,
        0,
    )
    st = four.new_initial_state(2)
    left = next((a for a in st.legal_actions() if a.text.endswith("_left")), None)
    if left is not None:
        st.apply_action(left)
        assert st.current_player() in (1, -1) or st.view(None)["active"] == "axis"
    st = game.new_initial_state(5)
    while not st.is_terminal() and st.turn < 6:
        st.apply_action(st.legal_actions()[0])
    assert len(st.returns()) == 6


def test_series_result():
    """M44-VAR-06: two battles with sides swapped; more medals wins; equal is a draw."""
    assert (
        series_result({"allies_medals": 4, "axis_medals": 2}, {"allies_medals": 1, "axis_medals": 3}) == "A"
    )
    assert (
        series_result({"allies_medals": 2, "axis_medals": 4}, {"allies_medals": 2, "axis_medals": 4})
        == "draw"
    )


def test_young_generals():
    """M44-VAR-07 (40 section cards only), M44-VAR-08 (optional: no Take Ground, no overrun),
    M44-VAR-09 (a uniform shuffle: every seed a different deal)."""
    game = Memoir44Game(young_generals=True)
    assert len(game.deck) == 40 and all(game.content.cards[k].card_class == "section" for k in game.deck)
    deals = {tuple(game.new_initial_state(seed).deck) for seed in range(20)}
    assert len(deals) == 20
    with pytest.raises(OptionError):
        Memoir44Game(no_take_ground=True)
    st = pos("option young_generals\noption no_take_ground\nallies armor R6C7\naxis infantry R5C7 figures=1\n"
             "hand allies: probe_center\ndice: G\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    assert decision(st) == "card"


def test_overlord_is_out_of_scope(tmp_path):
    """M44-VAR-10: Overlord boards are refused by the importer."""
    path = tmp_path / "big.m44"
    path.write_text(json.dumps({"game_info": {}, "board": {"type": "OVERLORD"}}), encoding="utf-8")
    with pytest.raises(CorruptDataError, match="OVERLORD"):
        import_m44(path)


def test_deck_is_the_sixty_command_cards():
    """M44-SETUP-07 / M44-SETUP-11 / M44-DICE-08: summary cards and the physical dice are not part
    of the game: 60 command cards, and rolls may use more than 4 dice (Medics with a big hand)."""
    assert len(Memoir44Game().deck) == 60
    st = pos("allies infantry R7C7 lost=3\nhand allies: medics_and_mechanics probe_left probe_right "
             "attack_left attack_right recon_left\ndice: S S S S S S\n")  # fmt: skip
    events = play(st, "play medics_and_mechanics", "order R7C7")
    assert len(next(e for e in events if e.kind == "dice").data["faces"]) == 6


def test_hidden_information_and_resample():
    """Hands and deck order are hidden; resample_hidden keeps every seat's view."""
    game = Memoir44Game()
    st = game.new_initial_state(9)
    for seat in (0, 1, None):
        again = st.resample_hidden(seat, Rng(1))
        assert again.view(seat) == st.view(seat)
    assert st.view(None)["hands"] == {"allies": None, "axis": None}


def test_a_resampled_position_lists_the_options_of_its_own_hand():
    """M44 hidden information (memoir44.md §4): re-drawn from the other side's point of view, the
    active side's hand changes, so the options must be listed from the new hand (a cached list of
    the true hand's cards crashed when applied) and equal those of the same position loaded afresh."""
    game = Memoir44Game()
    st = game.new_initial_state(4)
    st.legal_actions()  # fill the cache the clone would carry
    other = 1 - st.current_player()
    for seed in range(10):
        again = st.resample_hidden(other, Rng(seed))
        fresh = game.deserialize(again.serialize())
        assert again.legal_actions() == fresh.legal_actions()
        for action in again.legal_actions():
            again.clone().apply_action(action)


def test_save_round_trip_and_corrupt_save():
    game = Memoir44Game(scenario="omaha-beach")
    st = game.new_initial_state(2)
    for _ in range(30):
        st.apply_action(st.legal_actions()[-1])
    again = game.deserialize(st.serialize())
    assert again.serialize() == st.serialize()
    doc = json.loads(st.serialize())
    doc["state"]["unit_fig"][0] = 99
    with pytest.raises(CorruptDataError):
        game.deserialize(json.dumps(doc))


def test_observation_and_actions():
    game = Memoir44Game()
    st = game.new_initial_state(0)
    obs = game.observe(st.view(0), 0)
    assert len(obs) == game.observation_size()
    everything = game.all_actions()
    assert all(everything[a.index] is a for a in st.legal_actions())


def test_render_draws_the_board():
    game = Memoir44Game()
    text = game.render(game.new_initial_state(0), 0)
    assert "R9" in text and "C13" in text and "your hand (Allies)" in text
    assert len([ln for ln in text.splitlines() if ln.startswith("R")]) == 9


def test_heuristic_beats_random():
    """The heuristic agent beats the random agent with sides swapped (benchmarks run 200 games)."""
    game = Memoir44Game()
    wins = 0
    for seed in range(6):
        seat = seed % 2
        agents = {seat: HeuristicAgent(seed), 1 - seat: RandomAgent(seed)}
        st = game.new_initial_state(seed)
        while not st.is_terminal():
            st.apply_action(agents[st.current_player()].choose(st))
        wins += st.returns()[seat] > 0
    assert wins >= 5
