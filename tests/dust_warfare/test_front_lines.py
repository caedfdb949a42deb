"""Front Lines (dust_warfare.md DW-FL-01..08, DW-BTL-02..05, §4.2, EX-01, EX-02): the roll-off
before terrain, the 18" terrain band and a ruin per half, minefields and barriers, Dug-In, the
minefield trigger, length and Breakthrough scoring. Unit numbers: tests/dust_warfare/helpers.py."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position, texts
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules import activation
from warroom.games.dust_warfare.rules.attack import cover_level
from warroom.games.dust_warfare.rules.fortify import _fits, stock
from warroom.games.dust_warfare.rules.terrain import fits
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import TerrainKind

FL = "options scenario=front_lines"
BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"


def _through_terrain(st: DustState) -> None:
    while st.decision.kind == "terrain":
        st.apply_action(st.legal_actions()[0])


def test_fl_02_roll_off_first_then_each_player_places_a_ruin_in_their_half() -> None:
    """DW-FL-02: the roll-off comes before the terrain; its winner chooses a long edge and places
    the first piece; each player's own T-RUIN lies wholly within their half (their first
    piece here)."""
    st = DustWarfareGame(scenario="front_lines").new_initial_state(3)
    winner = st.current_player()
    assert st.decision.kind == "edge"
    play(st, "edge south")
    assert st.decision.kind == "terrain" and st.current_player() == winner
    assert options(st) == ["piece T-RUIN"]
    play(st, "piece T-RUIN")
    regions = [int(o.split()[1]) for o in options(st)]
    assert all(st.game.actions.region_box(r)[1] < 24 for r in regions)  # the south half
    _through_terrain(st)
    ruins = [p for p in st.terrain if p[0] == "T-RUIN"]
    assert len(ruins) == 2 and {p[2] < 24 for p in ruins} == {True, False}


def test_fl_01_ex_02_terrain_within_18_inches_of_a_long_edge() -> None:
    """EX-02 (DW-FL-01): woods (10, 14)-(18, 22) are illegal, (10, 10)-(18, 18) legal (the
    boundary is inclusive); a hill (40, 29)-(50, 37) illegal, (40, 30)-(50, 38) legal."""
    st = position(f"{FL}\nturn 1 phase units\n{BOSS}\n{KOMMANDO}")
    st.terrain = [["T-RUIN", 60.0, 4.0, 0], ["T-RUIN", 60.0, 44.0, 0]]  # both ruins placed
    assert not fits(st, TerrainKind.WOOD, 14.0, 18.0, 0)
    assert fits(st, TerrainKind.WOOD, 14.0, 14.0, 0)
    assert not fits(st, TerrainKind.HILL, 45.0, 33.0, 0)
    assert fits(st, TerrainKind.HILL, 45.0, 34.0, 0)


def test_fl_04_fortifications_outside_both_zones_and_their_counts() -> None:
    """DW-FL-04, DW-BTL-02, DW-BTL-04, EX-02: each player places 3 minefield markers (2 live, 1
    dummy) and 2 barriers, wholly outside both 12" zones; a minefield at (36, 24) is legal, one
    whose area reaches into a zone is not."""
    st = DustWarfareGame(scenario="front_lines").new_initial_state(3)
    play(st, "edge south")
    _through_terrain(st)
    assert st.decision.kind == "fort"
    seat = st.current_player()
    assert stock(st, seat) == {"mine": 2, "dummy": 1, "barrier": 2}
    assert set(options(st)) == {"fort mine", "fort dummy", "fort T-WIRE", "fort T-TRAP"}
    assert _fits(st, "mine", 36.0, 24.0, 0)  # the middle band holds no terrain (DW-FL-01)
    assert not _fits(st, "mine", 36.0, 14.9, 0)  # its 3" area reaches y 11.9
    while st.decision.kind == "fort":
        st.apply_action(st.legal_actions()[-1])
    assert len(st.mines) == 6 and sum(1 for p in st.terrain if len(p) > 4) == 4


def test_btl_03_minefields_are_secret_to_the_opponent() -> None:
    """§4.2, DW-BTL-03: a marker's Density shows to its owner only until it is revealed."""
    st = position(f"{FL}\nturn 1 phase units\n{BOSS}\n{KOMMANDO}")
    st.mines = [[1, 36.0, 24.0, 2, False], [1, 20.0, 24.0, 0, False]]
    assert [m["density"] for m in st.view(1)["minefields"]] == [2, 0]
    assert [m["density"] for m in st.view(0)["minefields"]] == [None, None]


def test_btl_03_a_move_through_a_live_minefield_sets_it_off() -> None:
    """DW-BTL-03: at the end of a Move whose swept path overlapped a live minefield, Density
    dice per miniature that overlapped; 1 damage per unsaved hit; Suppression; the marker stays
    face up. A dummy is just removed."""
    gunners = "u1 : 46,12 44,12 48,12 42,12 50,12"
    st = position(f"{FL}\nturn 1 phase units\ndice HHHH BBBB HHHH BBBB\n{BOSS}\n{gunners}\n{KOMMANDO}")
    st.mines = [[1, 46.0, 20.0, 2, False]]
    play(st, "unit u1", "move")
    events = play(st, "place 46,17 44,17 48,17 42,17 50,17")  # three bases reach the 3" area
    assert texts(events, "minefield")
    assert st.mines[0][4] is True
    assert st.supp[1] == 1
    st = position(f"{FL}\nturn 1 phase units\n{BOSS}\n{gunners}\n{KOMMANDO}")
    st.mines = [[1, 46.0, 20.0, 0, False]]
    play(st, "unit u1", "move")
    events = play(st, "place 46,17 44,17 48,17 42,17 50,17")
    assert st.mines == [] and "dummy" in texts(events, "minefield")[0]


def test_fl_03_btl_05_dug_in_adds_cover_until_the_unit_moves() -> None:
    """DW-FL-03, DW-BTL-05: a unit wholly inside a ruin may dig in: +1 cover level; the marker
    goes the first time a miniature of the unit moves."""
    st = position(
        f"{FL}\nturn 1 phase units\nterrain T-RUIN 36,8 0\n{BOSS}\nu1 : 36,8 34,8 38,8 36,10 36,6\n"
        f"{KOMMANDO}\nu6 : 36,20 34,20 38,20 40,20 32,20"
    )
    base = cover_level(st, 6, 1)
    st.dug_in[1] = True
    assert cover_level(st, 6, 1) == min(3, base + 1)
    play(st, "unit u1", "move", "place 36,9 34,9 38,9 36,11 36,7")
    assert not st.dug_in[1]


def test_fl_07_08_ex_01_six_turns_and_breakthrough() -> None:
    """DW-FL-07: six turns; EX-01 (DW-FL-08): the AP of own non-Retreating units with a
    miniature within 12" of the enemy's edge, a joined Hero's with its unit: Allies 20 + 30
    (Rangers with Rhino, 10.9") + 40 (Pounder, 11.9", 2 markers) = 90; the Rangers at 12.3", the
    Retreating BBQ and the Luther at 12.1" score nothing; Axis 30 (Laser Grenadiers, 10.7")."""
    st = position(
        f"{FL} heroes=true\nturn 5 phase end\n{BOSS}\nu1 : 40,35.2 38,33 42,33 40,31 44,31\n"
        "u2 : 30,36.6 28,34 32,34 - - 30,33\n"
        "u3 supp=5 : 50,40 52,40 54,40 56,40 -\nu4 supp=2 : 60,34.6/90\n"
        f"{KOMMANDO}\nu6 : 20,11.2 22,13 24,13 26,13 28,13 -\nu9 : 44,13.6/270"
    )
    assert not st.is_terminal() and st.turn == 6
    st = position(
        f"{FL} heroes=true\nturn 6 phase end\n{BOSS}\nu1 : 40,35.2 38,33 42,33 40,31 44,31\n"
        "u2 : 30,36.6 28,34 32,34 - - 30,33\n"
        "u3 supp=5 : 50,40 52,40 54,40 56,40 -\nu4 supp=2 : 60,34.6/90\n"
        f"{KOMMANDO}\nu6 : 20,11.2 22,13 24,13 26,13 28,13 -\nu9 : 44,13.6/270"
    )
    assert st.scores == [90, 30]


def test_btl_03_a_one_miniature_retreat_sets_off_the_minefield_its_path_crosses() -> None:
    """DW-BTL-03, DW-SUP-06: a retreat is a move; a unit of one miniature is placed without the
    Move placement, and its leader's straight path to the edge still sets off a minefield it
    touches, at the end of the move (before the move's reactions)."""
    st = position(f"{FL}\nturn 1 phase units\ndice HH BB\n{BOSS}\nu1 : 46,12 - - - -\n{KOMMANDO}")
    st.mines = [[1, 46.0, 8.0, 2, False]]
    activation.retreat(st, 1)
    assert st.agenda[-1] == ["minefield", 1, 46.0, 8.0, 1]
    st.decision = None  # as when the retreat runs inside its activation's job
    st.run()
    assert st.mines[0][4] is True
    assert any("set off a minefield" in e.text for e in st.events)
