"""Night Encounter (dust_warfare.md DW-NE-01, DW-NE-02, DW-NE-03, DW-NE-04, DW-NE-05, DW-NE-06,
DW-NE-07, DW-NE-08, DW-NE-09, DW-NE-10, DW-NE-11, DW-NE-12, DW-NE-13, DW-NE-14, DW-BTL-10, R-13,
EX-03..06, EDGE-19, EDGE-23): terrain placement, the shuffled markers, the deployment roll,
marker spacing, the arrival edge, Limited visibility, length and scoring. Unit numbers:
tests/dust_warfare/helpers.py."""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from tests.dust_warfare.helpers import options, play, position
from warroom.core.checker import check_random_game
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.rules import hidden, night
from warroom.games.dust_warfare.rules.scoring import scores
from warroom.games.dust_warfare.rules.secret import bonus
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Status

NE = "options scenario=night_encounter"
SETUP = ("terrain", "sequence", "arrival", "marker")


def deployed(seed: int = 3, *, heroes: bool = False) -> DustState:
    """A Night Encounter game played to its first turn by the first option of every setup step."""
    st = DustWarfareGame(scenario="night_encounter", heroes=heroes).new_initial_state(seed)
    while st.decision is not None and st.decision.kind in SETUP:
        st.apply_action(st.legal_actions()[0])
    return st


def checked(state: DustState) -> None:
    check(state)
    hidden.check(state)


def test_ne_01_terrain_first_then_the_deployment_roll() -> None:
    """DW-NE-01, DW-BTL-01, DW-NE-03: terrain is placed first (the roll-off winner's piece),
    then the deployment roll; no fortifications are placed."""
    st = DustWarfareGame(scenario="night_encounter").new_initial_state(1)
    assert st.decision.kind == "terrain"
    while st.decision.kind == "terrain":
        st.apply_action(st.legal_actions()[0])
    assert len(st.terrain) == 8 and st.decision.kind == "sequence" and st.mines == []


def test_ne_04_05_13_ex_03_the_winner_chooses_the_order_the_first_deployer_the_edge() -> None:
    """EX-03, DW-NE-04/05: the roll winner chooses to deploy second, so the other side places
    the first marker; DW-NE-13: that first deployer picks the arrival edge, the opponent gets
    the opposite one; then the markers alternate."""
    st = DustWarfareGame(scenario="night_encounter").new_initial_state(1)
    while st.decision.kind == "terrain":
        st.apply_action(st.legal_actions()[0])
    winner = st.current_player()
    assert options(st) == ["deploy first", "deploy second"]
    play(st, "deploy second")
    assert st.decision.kind == "arrival" and st.current_player() == 1 - winner
    play(st, "edge north")
    assert st.edges[1 - winner] == "north" and st.edges[winner] == "south"
    order = []
    while st.decision.kind == "marker":
        if st.placing is not None and st.placing["region"] < 0:
            order.append(st.current_player())
        st.apply_action(st.legal_actions()[0])
    assert order[:4] == [1 - winner, winner, 1 - winner, winner]


def test_ne_02_08_r13_every_unit_is_a_marker_hidden_from_both_players() -> None:
    """DW-NE-02/08, R-13: one marker per unit, shown by id and side only; every unit is hidden;
    no seat's view, nor a spectator's, tells which unit stands behind a marker; the deal varies
    with the seed and puts every unit behind every marker."""
    st = deployed()
    assert all(s == Status.HIDDEN for s in st.status)
    for viewer in (None, 0, 1):
        view = st.view(viewer)
        assert [m["id"] for m in view["markers"]] == [
            *(f"A-M{i}" for i in range(1, 6)),
            *(f"X-M{i}" for i in range(1, 6)),
        ]
        assert all(m["unit"] is None and m["x"] is not None for m in view["markers"])
        assert all(u["status"] == "hidden" and u["models"][0]["x"] is None for u in view["units"])
    seen: Counter[tuple[int, int]] = Counter()
    game = DustWarfareGame(scenario="night_encounter")
    for seed in range(60):
        fresh = game.new_initial_state(seed)
        while fresh.decision.kind != "marker":
            fresh.apply_action(fresh.legal_actions()[0])
        seen.update(enumerate(fresh.mapping))
    assert all(seen[(k, u)] for k in range(5) for u in range(5))


def test_ne_06_a_joined_hero_shares_its_units_marker() -> None:
    """DW-NE-06, DW-NE-02: Heroes are attached before deployment (the game's options): Rhino
    and Sigrid are miniatures of their units, so each side still has 5 markers."""
    st = deployed(heroes=True)
    assert len(hidden.markers_of(st, 0)) == len(hidden.markers_of(st, 1)) == 5


def test_ne_07_ex_04_markers_stand_twelve_inches_apart_edge_to_edge() -> None:
    """EX-04: a marker at (20, 20); another at (33, 20) is 11" edge to edge: illegal; at (34, 20)
    exactly 12": legal; the same for one's own markers; never overlapping T-BLDG or T-WDP; on
    the table."""
    st = deployed()
    st.markers = [[0, 20.0, 20.0, False]]
    st.terrain = [["T-BLDG", 60, 40, 0]]
    assert not night.marker_spacing_ok(st, 33.0, 20.0, 12.0)
    assert night.marker_spacing_ok(st, 34.0, 20.0, 12.0)
    assert night.marker_spacing_ok(st, 20.0, 34.0, 12.0)
    assert not night.marker_spacing_ok(st, 0.5, 5.0, 12.0)  # off the table
    assert not night.marker_spacing_ok(st, 60.0, 40.0, 6.0)  # on the building
    st.markers = [[1, 20.0, 20.0, False]]
    assert not night.marker_spacing_ok(st, 33.0, 20.0, 12.0)  # an enemy marker alike


def test_ne_07_with_no_point_at_twelve_inches_the_limit_drops_to_six() -> None:
    """DW-NE-07: when no lattice point is legal at 12" the marker may be placed 6" apart."""
    st = DustWarfareGame(scenario="night_encounter").new_initial_state(3)
    while st.decision.kind != "marker":
        st.apply_action(st.legal_actions()[0])
    grid = [[0, float(x), float(y), False] for x in range(4, 72, 13) for y in range(4, 48, 13)]
    st.markers = grid
    assert night._spacing(st) == 6.0


def test_ne_placement_accepts_an_exact_proposal_checked_by_the_same_rule() -> None:
    """D-09: a marker is placed by `region`, `at X Y` or an exact `place x,y` (0.1")."""
    st = DustWarfareGame(scenario="night_encounter").new_initial_state(3)
    while st.decision.kind != "marker":
        st.apply_action(st.legal_actions()[0])
    seat = st.current_player()
    play(st, "place 36.5,24.5")
    assert st.markers[hidden.markers_of(st, seat)[0]][1:3] == [36.5, 24.5]
    assert not st.is_legal(st.game.read_action("place 40,24"))  # 3.5" from the first: too near


def test_ne_10_edge_19_limited_visibility() -> None:
    """EDGE-19, DW-BTL-10: at night a Ludwig-like target 14" away that has not attacked is not
    seen; once its unit attacked this turn (muzzle flash) it is, whatever the distance; within
    12" it always is. By day the same 14" is seen."""
    text = "turn 3 phase units\nu4 : 30,10/90\nu9 : 30,27/270"
    st = position(f"{NE}\n{text}")
    a, b = st.base(4, 0), st.base(9, 0)
    assert st.sight(a, b) and not night.sees(st, a, b, 9)
    assert not st.measure("u4", "u9").line_of_sight
    st.attacked[9] = True
    assert night.sees(st, a, b, 9) and st.measure("u4", "u9").line_of_sight
    near = position(f"{NE}\nturn 3 phase units\nu4 : 30,10/90\nu9 : 30,23/270")
    assert night.sees(near, near.base(4, 0), near.base(9, 0), 9)
    day = position(text)
    assert night.sees(day, day.base(4, 0), day.base(9, 0), 9)


def test_ne_10_attacks_need_night_sight() -> None:
    """DW-BTL-10 in DW-ATK-02: the Pounder cannot target the Luther 14" away in the dark."""
    from warroom.games.dust_warfare.rules.attack import targets

    st = position(f"{NE}\nturn 3 phase units\nu4 : 30,10/90\nu9 : 30,27/270")
    assert targets(st, 4, "fire", reaction_attack=False) == []
    st.attacked[9] = True
    assert targets(st, 4, "fire", reaction_attack=False) == [9]


def test_ne_11_ex_06_five_turns() -> None:
    """DW-NE-11, EX-06: the game ends after the End phase of turn 5."""
    assert DustWarfareGame(scenario="night_encounter").turns == 5


def test_ne_12_ex_05_scoring() -> None:
    """EX-05 with the starter lists: the Allied Gunners and the Assault Rangers with Rhino joined
    never revealed (2 x 50: Rhino's marker counts once); Axis Recon Grenadiers destroyed (20);
    the Luther with 3 markers Retreating (40); the Battle Grenadiers, 2 miniatures and 2
    markers, not Retreating; the Allied Pounder (40) and BBQ (30) destroyed: Allies 160, Axis
    70."""
    st = position(
        "options scenario=night_encounter heroes=true\nturn 5 phase units\n"
        "u0 : 4,4 6,4 8,4 10,4\nu8 supp=2 : 40,40 42,40 - - -\nu9 supp=3 : 60,40/270\n"
        "u5 : 4,44 6,44 8,44 10,44\nu6 : 20,44 22,44 24,44 26,44 28,44 30,44"
    )
    for u in (1, 2):
        st.status[u] = Status.HIDDEN.value
        st.pos[u] = [None] * len(st.pos[u])
        st.dead[u] = [False] * len(st.dead[u])
    assert st.is_retreating(9) and not st.is_retreating(8)
    assert [st.status[u] for u in (3, 4, 7)] == ["destroyed"] * 3
    assert scores(st, bonus) == [160, 70]


def test_ne_random_games_keep_every_invariant() -> None:
    """The random-game checker on Night Encounter: Dust invariants and the hidden-unit ones
    (rules/hidden.check) at every step, the leak test (a seat's view unchanged when the
    markers are re-dealt) every few steps, the score recomputed at the end."""
    game = DustWarfareGame(scenario="night_encounter")
    for seed in (0, 1):
        state = check_random_game(game, seed, invariant=checked, deep_every=10)
        assert state.is_terminal() and state.turn == 5


@pytest.mark.parametrize("seed", [2])
def test_ne_random_game_with_heroes(seed: int) -> None:
    state = check_random_game(
        DustWarfareGame(scenario="night_encounter", heroes=True), seed, invariant=checked, deep_every=25
    )
    assert state.is_terminal()


def test_ne_02_the_terminal_draws_markers_and_never_their_units() -> None:
    """DW-NE-02, DW-BTL-06: the terminal map marks each marker by side and lists their ids; a
    re-dealt mapping draws the same text for every seat."""
    from warroom.core.rng import Rng

    st = deployed()
    for viewer in (None, 0, 1):
        text = st.game.render(st, viewer)
        assert "unit markers" in text and "A-M1 (" in text and "X-M5 (" in text
        assert st.game.render(st.resample_hidden(viewer, Rng(1)), viewer) == text


def main(games: int) -> None:
    """`python -m tests.dust_warfare.test_night 1000`: the checker over many seeds."""
    game = DustWarfareGame(scenario="night_encounter")
    for seed in range(games):
        check_random_game(game, seed, invariant=checked, deep_every=25)
    print(f"{games} Night Encounter games: every invariant and the leak test held")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
