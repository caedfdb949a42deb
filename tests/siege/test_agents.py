"""The Siege heuristic agents (warroom/games/siege/agents.py): always legal, sensible in clear
positions, and clearly stronger than random play."""

from __future__ import annotations

import pytest

from tests.siege.conftest import pos
from warroom.games.siege.agents import HeuristicAgent, HeuristicMarshal
from warroom.games.siege.game import OPTIONAL_RULES, SiegeGame
from warroom.sim import game_seed, play_game

RULES = [None, *OPTIONAL_RULES]


def _options(mode: str, i: int) -> dict[str, object]:
    """Game i of a mode: player counts and optional rules cycle so every combination path is hit."""
    low = 2 if mode == "field_marshal" else 1
    players = low + i % (7 - low)
    rule = RULES[i % len(RULES)]
    return {"players": players, "mode": mode, **({rule: True} if rule else {})}


@pytest.mark.parametrize("mode", ["normal", "shoulder_to_shoulder", "field_marshal"])
def test_heuristic_always_chooses_a_legal_action(mode):
    """50 games per mode, every seat heuristic (the marshal seat too), each choice checked."""
    for i in range(50):
        game = SiegeGame(**_options(mode, i))
        state = game.new_initial_state(game_seed(11, i))
        agents = [HeuristicAgent(seat) for seat in range(game.num_players)]
        steps = 0
        while not state.is_terminal():
            before = state.serialize()
            action = agents[state.current_player()].choose(state)
            assert state.serialize() == before, "the agent must not change the state it is given"
            assert action in state.legal_actions()
            state.apply_action(action)
            steps += 1
            assert steps <= game.info.max_decisions


def test_heuristic_is_registered_for_every_seat():
    game = SiegeGame(players=3, mode="field_marshal")
    assert game.agents()["heuristic"] is HeuristicAgent
    state = game.new_initial_state(5)
    while state.current_player() != game.marshal_seat:
        state.apply_action(HeuristicAgent(0).choose(state))
    assert HeuristicAgent(0).choose(state) is HeuristicMarshal(0).choose(state)


def _wins(agent: str, games: int) -> int:
    game = SiegeGame(players=4)
    return sum(bool(play_game(game, [agent] * 4, game_seed(2024, i), i).summary["won"]) for i in range(games))


def test_heuristic_team_wins_clearly_more_than_random():
    """200 seeded 4-player normal games: the heuristic team won 140 of them when this test was
    written (a ~0.72 rate, in line with 1,000-game runs), random play 0. Fixed seeds make the
    count deterministic; the bar of 15% leaves room for retuning the heuristics."""
    assert _wins("random", 200) <= 2
    assert _wins("heuristic", 200) >= 30


# -- sensible choices in clear positions -------------------------------------------------------------
def test_finishes_the_kill_in_the_city_gate_first():
    """A Pz.III at 1 armour at an open wall is killed before chip damage elsewhere."""
    state = pos("""
        players 4
        active 0
        phase play
        hand 0: red_tank green_aviation
        enemy 1 tank pz3 1
        enemy 3 aviation tiger
        forts 2 3 4 5 6
    """)
    assert HeuristicAgent(0).choose(state).text.startswith("play red_tank t")


def test_precise_shot_goes_on_the_armoured_threat():
    state = pos("""
        players 4
        active 0
        phase play
        hand 0: precise_shot blue_tank
        enemy 5 tank tiger
        forts 1 2 3 4 6
    """)
    assert HeuristicAgent(0).choose(state).text.startswith("play precise_shot+blue_tank t")


def test_onslaught_or_hedgehogs_stop_an_enemy_in_the_city():
    state = pos("""
        players 4
        active 0
        phase play
        hand 0: onslaught red_aviation
        enemy 1 city tiger
        buildings 2 3 4 5 6
        forts 2 3 4 5 6
    """)
    assert HeuristicAgent(0).choose(state).text.startswith("play onslaught t")


def test_rebuilds_the_open_wall_under_threat():
    state = pos("""
        players 4
        active 0
        phase play
        hand 0: sandbags barbed_wire
        enemy 4 artillery tiger
        forts 1 2 3 5
    """)
    assert HeuristicAgent(0).choose(state).text == "play sandbags+barbed_wire f4"


def test_keeps_il2_for_a_real_threat():
    """IL-2 could destroy a distant Sd.Kfz; the agent passes and keeps it."""
    state = pos("""
        players 4
        active 0
        phase play
        hand 0: il2 red_tank
        enemy 3 aviation sdkfz
    """)
    assert HeuristicAgent(0).choose(state).text == "pass"


def test_partner_gives_a_card_that_hits_and_refuses_otherwise():
    text = """
        players 4
        active 0
        phase trade
        hand 0: sandbags red_aviation
        hand 1: {cards}
        enemy 1 tank pz3 1
    """
    state = pos(text.format(cards="red_tank green_aviation"))
    state.apply_action("offer 1 sandbags")
    assert HeuristicAgent(1).choose(state).text == "give red_tank"
    state = pos(text.format(cards="green_aviation blue_artillery"))
    state.apply_action("offer 1 sandbags")
    assert HeuristicAgent(1).choose(state).text == "refuse"


def test_active_player_trades_for_the_killing_card():
    state = pos("""
        players 4
        active 0
        phase trade
        hand 0: sandbags red_aviation
        hand 1: red_tank green_aviation
        enemy 1 tank pz3 1
    """)
    offer = HeuristicAgent(0).choose(state)
    assert offer.text in ("offer 1 sandbags", "offer 1 red_aviation")  # neither has a target
    state.apply_action(offer)
    state.apply_action(HeuristicAgent(1).choose(state))
    assert HeuristicAgent(0).choose(state).text.startswith("play red_tank t")


def test_marshal_places_where_the_wall_is_open():
    state = pos("""
        players 3
        mode field_marshal
        active 0
        phase play
        hand 0: sandbags
        marshal: tiger
        reserve: move_cw move_ccw sdkfz
        forts 1 2 3 5 6
    """)
    # Nothing to play: the defender's phase 4 is skipped, the marshal moves, draws, then plays
    # (one token stays in the reserve: drawn out on an empty board he would have lost, SG-FM-15).
    assert state.decision is not None and state.decision[0] == "marshal"
    assert HeuristicMarshal(0).choose(state).text == "place tiger s4"
