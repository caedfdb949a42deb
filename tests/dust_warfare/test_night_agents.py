"""The heuristic agent in Night Encounter (DW-NE-07, DW-NE-12, DW-ACT-10, DW-CMD-13, DW-BTL-08): a
marker is worth 50 SP while hidden, so it reveals only when that pays back (a revealed enemy near,
an enemy marker to spot and fire at, one hunter to spot the enemy's markers); it spreads its
markers away from the enemy's, two heuristic players no longer draw every game 250-250, and it
beats the random agent with sides swapped (the full figures are in docs/dust_warfare.md)."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play
from tests.dust_warfare.test_hidden import to_units_phase
from tests.dust_warfare.test_night import deployed
from warroom.core.rng import Rng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.rules import hidden
from warroom.games.dust_warfare.state import DustState


def test_cmd_13_the_heuristic_keeps_its_command_section_hidden() -> None:
    st = deployed()
    assert HeuristicAgent(0).choose(st).text == "hide"


def _at_a_marker(reveal_one: bool) -> tuple[DustState, int, int]:
    """Night Encounter's first activation: the seat to act has activated its first marker (k)
    and is asked to keep it hidden or reveal it. With `reveal_one` another of its markers is
    revealed first (so no hunter goes out). Terrain is cleared; the side, k are returned."""
    st = deployed()
    to_units_phase(st)
    seat = st.current_player()
    first = options(st)[0]
    play(st, first)
    k = hidden.find_marker(st, first.split()[1])
    if reveal_one:
        hidden.reveal(st, hidden.markers_of(st, seat)[-1], "is spotted")
    return st, seat, k


def _move_markers(st: DustState, seat: int, k: int, gaps: list[float]) -> None:
    """Marker k to (20, 24), the side's other unrevealed markers along the west edge; the enemy's
    markers east of it, `gaps` inches away (centres), the others along the east edge."""
    st.markers[k] = [seat, 20.0, 24.0, False]
    for i, m in enumerate(hidden.markers_of(st, seat)):
        if m != k and not st.markers[m][3]:
            st.markers[m] = [seat, 2.0, 4.0 + 9 * i, False]
    for i, e in enumerate(hidden.markers_of(st, 1 - seat)):
        gap = gaps[i] if i < len(gaps) else 48.0 + 3 * i
        st.markers[e] = [1 - seat, min(70.0, 20.0 + gap), 24.0 if gap < 48 else 4.0 + 9 * i, False]


def test_act_10_the_heuristic_reveals_a_marker_with_a_revealed_enemy_close() -> None:
    """DW-ACT-10: no revealed enemy near and no enemy marker in reach: keep hidden; a revealed
    enemy 4" away: reveal and fight."""
    st, seat, k = _at_a_marker(True)
    _move_markers(st, seat, k, [30.0])
    agent = HeuristicAgent(0)
    assert agent.choose(st).text == "hide"
    enemy = hidden.markers_of(st, 1 - seat)[0]
    hidden.reveal(st, enemy, "is spotted")
    v = st.mapping[enemy]
    lead = st.base(v, st.leader[v])
    st.markers[k] = [seat, lead.x - 4.0, lead.y, False]
    assert agent.choose(st).text == "reveal"


def test_ne_12_btl_08_reveal_to_spot_an_enemy_marker_one_move_away() -> None:
    """DW-NE-12, DW-BTL-08 (b), DW-BTL-10: an enemy marker that one Move brings within 6" (its
    centre 13" away) is worth revealing for (the enemy loses its 50 SP and the unit still has an
    action to fire); 21" away it is not, unless that marker already activated this turn (a
    March Move spots it and it cannot answer before next turn), and not in the last turn."""
    st, seat, k = _at_a_marker(True)
    agent = HeuristicAgent(0)
    _move_markers(st, seat, k, [13.0])
    assert agent.choose(st).text == "reveal"
    _move_markers(st, seat, k, [19.0])
    assert agent.choose(st).text == "hide"
    enemy = hidden.markers_of(st, 1 - seat)[0]
    st.done[st.mapping[enemy]] = True  # it activated (and stayed hidden) this turn
    assert agent.choose(st).text == "reveal"
    st.turn = st.game.turns
    assert agent.choose(st).text == "hide"


def test_ne_12_btl_08_one_hunter_goes_out_nearest_the_enemy() -> None:
    """DW-NE-12, DW-BTL-08 (b): with none of its units revealed, the marker (of those yet to
    activate this turn) nearest an enemy marker reveals to hunt; any other stays hidden; none
    with fewer than two turns left."""
    st, seat, k = _at_a_marker(False)
    agent = HeuristicAgent(0)
    _move_markers(st, seat, k, [28.0])
    other = next(m for m in hidden.markers_of(st, seat) if m != k)
    assert agent.choose(st).text == "reveal"
    west = st.markers[other]
    st.markers[other] = [seat, 44.0, 24.0, False]  # 4" from the enemy marker: it is nearer
    assert agent.choose(st).text == "hide"
    st.done[st.mapping[other]] = True  # ... but it already activated (and stayed hidden)
    assert agent.choose(st).text == "reveal"
    st.markers[other] = west
    st.turn = st.game.turns - 1
    assert agent.choose(st).text == "hide"


def test_ne_12_two_heuristic_players_no_longer_always_draw() -> None:
    """DW-NE-12: with markers revealed when it pays, heuristic-vs-heuristic games differ (it was
    a 250-250 draw every game: every marker kept hidden); units are revealed and fight."""
    game = DustWarfareGame(scenario="night_encounter")
    results = set()
    for seed in range(4):
        st = game.new_initial_state(seed)
        agents = (HeuristicAgent(seed), HeuristicAgent(seed + 1000))
        while not st.is_terminal():
            st.apply_action(agents[st.current_player()].choose(st))
        results.add(tuple(st.scores))
    assert len(results) > 1 and (250, 250) not in results, results


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
