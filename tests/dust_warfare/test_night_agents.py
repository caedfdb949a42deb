"""The heuristic agent in Night Encounter (DW-NE-07, DW-NE-12, DW-ACT-10, DW-CMD-13): it keeps its
markers hidden unless a revealed enemy is close, spreads its markers away from the enemy's, and
beats the random agent with sides swapped (the full figure, 200 games, is in docs/dust_warfare.md)."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play
from tests.dust_warfare.test_hidden import to_units_phase
from tests.dust_warfare.test_night import deployed
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.rules import hidden


def test_cmd_13_the_heuristic_keeps_its_command_section_hidden() -> None:
    st = deployed()
    assert HeuristicAgent(0).choose(st).text == "hide"


def test_act_10_the_heuristic_reveals_a_marker_only_with_an_enemy_close() -> None:
    """No revealed enemy within 10": keep hidden; one 4" away: reveal and fight."""
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    first = options(st)[0]
    play(st, first)
    agent = HeuristicAgent(0)
    assert agent.choose(st).text == "hide"
    k = hidden.find_marker(st, first.split()[1])
    enemy = hidden.markers_of(st, 1 - seat)[0]
    hidden.reveal(st, enemy, "is spotted")
    v = st.mapping[enemy]
    if st.on_table(v):
        lead = st.base(v, st.leader[v])
        st.markers[k] = [seat, lead.x + 4.0, lead.y, False]
        assert agent.choose(st).text == "reveal"


def _enemy_gap(pick_marker: bool) -> float:
    """The mean centre distance from each marker to the nearest enemy marker once all are down,
    markers placed by the heuristic or by the first listed option."""
    st = DustWarfareGame(scenario="night_encounter").new_initial_state(3)
    agent = HeuristicAgent(1)
    while st.decision.kind in ("terrain", "sequence", "arrival", "marker"):
        mine = pick_marker and st.decision.kind == "marker"
        st.apply_action(agent.choose(st) if mine else st.legal_actions()[0])
    gaps = [
        min(((a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5 for b in st.markers if b[0] != a[0])
        for a in st.markers
    ]
    return sum(gaps) / len(gaps)


def test_ne_07_the_heuristic_places_its_markers_far_from_the_enemys() -> None:
    assert _enemy_gap(True) > _enemy_gap(False) + 3.0


def test_the_heuristic_beats_random_in_night_encounter_with_sides_swapped() -> None:
    """Six games, the heuristic seated first then second: it wins every one."""
    game = DustWarfareGame(scenario="night_encounter")
    for seed in range(6):
        seat = seed % 2
        st = game.new_initial_state(seed)
        agent, rng = HeuristicAgent(seed), Rng(seed)
        while not st.is_terminal():
            st.apply_action(
                agent.choose(st) if st.current_player() == seat else rng.choice(st.legal_actions())
            )
        outcome = st.outcome()
        assert outcome is not None and outcome.winners == (seat,), (seed, st.scores)
