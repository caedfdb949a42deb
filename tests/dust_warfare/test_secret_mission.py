"""Secret Mission (dust_warfare.md DW-SM-01, DW-SM-02, DW-SM-03, DW-SM-04, DW-SM-05, DW-SM-06, DW-SM-07,
DW-SM-08, DW-SM-09, DW-SM-10, DW-SM-11, DW-BTL-01, §4.2, EX-07, EX-08): terrain
placement, secret objectives, the deployment roll-off and zones, length and scoring. Unit
numbers: tests/dust_warfare/helpers.py."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules.secret import achieved
from warroom.games.dust_warfare.rules.terrain import fits
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import SecretObjective, TerrainKind

SM = "options scenario=secret_mission"
BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"


def _placed(st: DustState) -> None:
    """Place every terrain piece by its first options."""
    while st.decision.kind == "terrain":
        st.apply_action(st.legal_actions()[0])


def test_btl_01_sm_01_terrain_placement_alternates_on_the_lattice() -> None:
    """DW-SM-01, DW-BTL-01, D-05: a roll-off winner places first, then the players alternate
    until the pool's 8 pieces are down; a piece, a region, a centre on the 2" lattice, a
    rotation of 0° or 90°."""
    st = DustWarfareGame(scenario="secret_mission").new_initial_state(2)
    first = st.current_player()
    assert st.decision.kind == "terrain"
    assert options(st) == ["piece T-WOOD", "piece T-RUIN", "piece T-BLDG", "piece T-WALL", "piece T-HILL"]
    play(st, "piece T-WOOD", "region 0")
    assert all(int(o.split()[1]) % 2 == 0 and int(o.split()[2]) % 2 == 0 for o in options(st))
    play(st, "at 4 4")
    assert options(st) == ["rotate 0", "rotate 90"]
    play(st, "rotate 90")
    assert st.terrain == [["T-WOOD", 4.0, 4.0, 90]] and st.current_player() == 1 - first
    _placed(st)
    assert len(st.terrain) == 8 and len(st.board.pieces) == 8


def test_btl_01_pieces_stand_three_inches_apart() -> None:
    """DW-BTL-01: a piece at least 3" from every other piece: 3" is legal, 2.9" is not (a wood
    8" wide beside one at (20, 20): centres 11" and 10.9" apart) and it must be on the table."""
    st = position(f"{SM}\nturn 1 phase units\nterrain T-WOOD 20,20 0\n{BOSS}\n{KOMMANDO}")
    assert fits(st, TerrainKind.WOOD, 31.0, 20.0, 0)
    assert not fits(st, TerrainKind.WOOD, 30.9, 20.0, 0)
    assert not fits(st, TerrainKind.WOOD, 2.0, 20.0, 0)


def test_sm_02_objectives_are_secret_until_the_end() -> None:
    """DW-SM-02, §4.2: each player records an objective in secret; a seat's view shows its own
    only, and nothing in the other seat's view or events tells it."""
    st = DustWarfareGame(scenario="secret_mission").new_initial_state(2)
    _placed(st)
    assert st.decision.kind == "objective" and st.waiting_for() == (0, 1)
    assert len(options(st)) == 6
    events = st.commit(1, "objective SO-4")
    assert all("SO-4" not in e.text for e in events if e.is_visible_to(0))
    st.commit(0, "objective SO-2")
    assert st.secret == ["SO-2", "SO-4"]
    assert st.view(0)["secret_objectives"] == ["SO-2", None]
    assert st.view(1)["secret_objectives"] == [None, "SO-4"]
    assert st.view(None)["secret_objectives"] == [None, None]


def test_sm_04_05_the_roll_off_winner_picks_an_edge_and_deploys_first() -> None:
    """DW-SM-04, DW-SM-05: after the objectives a roll-off; its winner chooses a long edge (the other
    takes the opposite one) and deploys first."""
    st = DustWarfareGame(scenario="secret_mission").new_initial_state(2)
    _placed(st)
    st.commit(0, "objective SO-1")
    st.commit(1, "objective SO-1")
    winner = st.current_player()
    assert options(st) == ["edge south", "edge north"]
    play(st, "edge north")
    assert st.edges[winner] == "north" and st.first == winner
    assert st.current_player() == winner and st.decision.kind == "pick"


def test_sm_06_ex_07_deployment_within_nine_inches() -> None:
    """EX-07 (DW-SM-06): on the south edge a Gunner centred at y 8.5 is wholly within 9", at
    8.6 it is not."""
    st = position(f"{SM}\nsecret SO-1 SO-1\nturn 0 phase deployment side 0\nu1 pending\n{KOMMANDO}")
    assert st.decision.kind == "where" and st.placing["unit"] == 1
    bad = st.game.read_action("place 30,8.6 28,8.6 32,8.6 26,8.6 34,8.6")
    good = st.game.read_action("place 30,8.5 28,8.5 32,8.5 26,8.5 34,8.5")
    assert not st.is_legal(bad) and st.is_legal(good)


def test_sm_08_six_turns() -> None:
    """DW-SM-08: Secret Mission ends after turn 6 (DW-TURN-01), not after 5."""
    st = position(f"{SM}\nsecret SO-5 SO-5\nturn 5 phase end\n{BOSS}\n{KOMMANDO}")
    assert not st.is_terminal() and st.turn == 6
    st = position(f"{SM}\nsecret SO-5 SO-5\nturn 6 phase end\n{BOSS}\n{KOMMANDO}")
    assert st.is_terminal()


def test_sm_10_11_ex_08_secret_objectives_scored() -> None:
    """EX-08 (DW-SM-10, DW-SM-11): Allies SO-1, Axis SO-3. The Kommandotrupp (25) and the Battle
    Grenadiers (20) are destroyed, so are the BBQ Squad (30) and the Pounder (40); an Allied
    miniature is 2" from (36, 24), an Axis one 1.5": SO-1 is achieved, SO-3 fails (both sides
    are within 3"). Allies 45 + 75 = 120, Axis 70."""
    st = position(
        f"{SM}\nsecret SO-1 SO-3\nturn 6 phase end\n"
        f"{BOSS}\nu1 : 36,21.5 34,20 38,20 36,18 40,18\nu2 : 60,6 62,6 64,6 66,6 68,6\n"
        "u6 : 36,26 34,28 38,28 36,30 40,30\nu7 : 60,42 62,42 64,42 66,42 68,42\nu9 : 20,44/270"
    )
    assert st.scores == [120, 70] and st.outcome().winners == (0,)


def test_sm_10_annihilation_preservation_breakthrough_reconnaissance() -> None:
    """DW-SM-10: SO-4 needs at least half the enemy army's AP (135) destroyed or Retreating
    (60 no, 80 yes); SO-5 at most a quarter of one's own lost (20 yes, 40 no); SO-2 two units
    within 12" of the enemy's edge; SO-6 three table quarters."""
    head = f"{SM}\nsecret - -\nturn 6 phase end\n{BOSS}\n{KOMMANDO}"
    st = position(f"{head}\nu6 : 36,30 38,30 40,30 42,30 44,30\nu8 : 50,40 52,40 54,40 56,40 58,40")
    assert not achieved(st, 0, SecretObjective.ANNIHILATION)  # Axis lost u7 + u9 = 60
    st = position(f"{head}\nu6 : 36,30 38,30 40,30 42,30 44,30")
    assert achieved(st, 0, SecretObjective.ANNIHILATION)  # 80
    rest = "u2 : 50,4 52,4 54,4 56,4 58,4\nu3 : 20,4 22,4 24,4 26,4 28,4\nu4 : 60,6/90"
    st = position(f"{head}\n{rest}")
    assert achieved(st, 0, SecretObjective.PRESERVE_THE_FORCE)  # the Gunners lost: 20 <= 33.75
    st = position(f"{head}\n{rest.split(chr(10), 1)[1]}")
    assert not achieved(st, 0, SecretObjective.PRESERVE_THE_FORCE)  # and the Rangers: 40
    st = position(f"{head}\nu1 : 20,36.5 22,36.5 24,36.5 26,36.5 28,36.5\nu2 : 50,40 52,40 54,40 56,40 58,40")
    assert achieved(st, 0, SecretObjective.BREAKTHROUGH)
    assert achieved(st, 0, SecretObjective.RECONNAISSANCE)  # south-west, north-west, north-east
    st = position(f"{head}\nu1 : 20,36.5 22,36.5 24,36.5 26,36.5 28,36.5")
    assert not achieved(st, 0, SecretObjective.BREAKTHROUGH)  # one unit only
    assert not achieved(st, 0, SecretObjective.RECONNAISSANCE)  # two quarters
