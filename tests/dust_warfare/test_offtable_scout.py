"""The Scout vehicle's free pre-game move (dust_warfare.md DW-ABL-17 (a), DW-SET-04 step 8,
D-10) with the example lists of data/armies-special.toml: u10 is the Test scout car (V1, 8",
base r 1.5"). Secret Mission, an empty table;
unit numbers in tests/dust_warfare/test_offtable.py.
"""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position
from tests.dust_warfare.test_offtable import ARMIES, legal
from warroom.games.dust_warfare.words import Phase

HEAD = f"options scenario=secret_mission armies={ARMIES}"
FORCES = "u0 : 40,22 42,22 38,22 44,22\nu4 : 30,44 32,44 28,44 34,44\nu10 : 40,44/270"


def test_abl_17_a_scout_moves_before_turn_one_not_within_12_of_the_enemy() -> None:
    """DW-ABL-17 (a): once everything is deployed, the scout car may make one free single Move
    that ends more than 12" from every enemy miniature: 12.1" away is allowed, 12.0" refused
    though within its 8"; `stay` keeps it put. Then turn 1 begins."""
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{FORCES}")
    assert st.decision is not None and st.decision.kind == "where" and st.decision.seat == 1
    assert st.placing is not None and st.placing["purpose"] == "scout"
    assert "stay" in options(st)
    # the Boss's Officer at (40, 22), r 0.5; the car's base r 1.5
    assert legal(st, "place 40,36.1 face 270")
    assert not legal(st, "place 40,36 face 270")
    play(st, "place 40,36.1 face 270")
    assert st.pos[10][0] == [40.0, 36.1, 270.0]
    assert st.turn == 1 and st.phase != Phase.DEPLOYMENT


def test_abl_17_a_the_scout_may_stay() -> None:
    """DW-ABL-17 (a): the move is optional."""
    st = position(f"{HEAD}\nturn 0 phase deployment side 1\n{FORCES}")
    play(st, "stay")
    assert st.pos[10][0] == [40.0, 44.0, 270.0] and st.turn == 1
