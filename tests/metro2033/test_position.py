"""Metro 2033's position notation (position.py): each statement builds what it says, the position
starts at the named turn, and a malformed position names its line."""

from __future__ import annotations

import pytest

from warroom.core.errors import CorruptDataError
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.rules.common import vp

POSITION = """
players 3
first 1
factions RE RL BN
heroes MEL ART KHN
round 4
turn hero 0
stations 1: OKH TEA PLR LUB
army 2 5
res 0: 3 1 2
hero 0 HDOS
hero 1 OKH wounded
equip 0: EQ-AKM EQ-FLAG
quests 0: Q-HEAD
done 1: Q-SWINE
law L-TAX
threats: T1-RATS T1-DOG
"""


def test_statements_build_the_position() -> None:
    st = Metro2033Game.from_position(POSITION, 3)
    assert st.faction == ["RE", "RL", "BN"] and st.hero == ["MEL", "ART", "KHN"] and st.first == 1
    assert st.round == 4 and st.army[2] == 5 and st.res[0] == [3, 1, 2]
    assert st.owner[BOARD.station("LUB")] == 1 and vp(st, 1) == 5  # 4 stations + 1 completed quest
    assert st.wounded[1] and [CARD[c] for c in st.equip[0]] == ["EQ-AKM", "EQ-FLAG"]
    assert [CARD[c] for c in st.quests[0]] == ["Q-HEAD"] and CARD[st.law] == "L-TAX"
    assert [CARD[c] for c in st.t_deck[-2:]] == ["T1-DOG", "T1-RATS"]
    assert st.decision is not None and st.decision.seat == 0 and st.decision.kind == "wown"
    assert "teleport Q-HEAD discard OKH" in [a.text for a in st.legal_actions()]


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("factions RL BN\narmy 0", "line 2"),
        ("factions RL RE BN\nstations 0: HKIE", "line 2"),
        ("factions RL BN\nturn dance 0", "line 2"),
        ("factions RL BN\nflying 0", "line 2"),
    ],
)
def test_malformed_positions_name_the_line(text: str, line: str) -> None:
    with pytest.raises(CorruptDataError, match=line):
        Metro2033Game.from_position(text)


def test_an_illegal_draft_is_refused() -> None:
    """M33-SET-03: RE and AC do not touch, so no draft seats them alone."""
    with pytest.raises((CorruptDataError, ValueError)):
        Metro2033Game.from_position("factions RE AC")
