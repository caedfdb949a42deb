"""Every invariant of the random-game checker (warroom/games/dust_warfare/invariants.py) catches
a fault planted on purpose: a position in the notation is broken in one way, and `check` must
raise naming that fault; the unbroken position passes first, so each fault is also a change
made in place after a passing check, without `DustState.touch`, which the bases' part (skipped
while statuses, places and losses are unchanged) must see. Two faults are planted in the rules
themselves (a Move that puts the unit off the table, one that stands it on another unit), and the
generic checker (`check_random_game`) must stop the random game that reaches them.

Units of First Battle: u1 The Gunners (Allies, 5 Soldiers), u6 Laser Grenadiers (Axis, 5
Soldiers), u4 the Pounder and u9 Luther (walkers); of Front Lines with data/armies-special.toml
(tests/dust_warfare/test_offtable.py): u0 The Boss (4), u1 The Gunners (5), u2 the Punisher
(Carry capacity 6), u4 the Kommandotrupp.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.dust_warfare.helpers import position
from tests.dust_warfare.test_offtable import HEAD
from warroom.core.checker import check_random_game
from warroom.core.game import Outcome
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.geometry import Placement
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.rules import placement
from warroom.games.dust_warfare.state import DustState
from warroom.games.dust_warfare.words import Status

GUNNERS = "u1 : 30,10 32,10 28,10 26,10 24,10"
LASERS = "u6 : 36,30 38,30 40,30 42,30 44,30"
PLAYING = f"turn 1 phase units\n{GUNNERS}\n{LASERS}\nu9 : 50,30/90"
ENDED = f"turn 5 phase end\n{GUNNERS}\n{LASERS}"
CARRIED = f"{HEAD}\nturn 1 phase units initiator 0\nu0 : 30,6 32,6 28,6 34,6\nu2 : 40,20/90\n"
CARRIED += "u4 : 30,44 32,44 28,44 34,44"

Fault = Callable[[DustState], Any]


def _embark(u: int, v: int) -> Fault:
    def fault(st: DustState) -> None:
        st.status[u] = Status.EMBARKED.value
        st.pos[u] = [None] * len(st.pos[u])
        st.aboard[u] = v

    return fault


def _set(st: DustState, **values: Any) -> None:
    for name, value in values.items():
        setattr(st, name, value)


def _stand(u: int, m: int, entry: list[Any] | None) -> Fault:
    """Miniature m of unit u stands at `entry` ([x, y, facing]; None: nowhere)."""
    return lambda st: st.pos[u].__setitem__(m, entry)


def _raise_score(st: DustState) -> None:
    assert st.scores is not None
    st.scores = [st.scores[0] + 1, st.scores[1]]


def _kill_all(st: DustState) -> None:
    st.dead[1] = [True] * 5
    st.pos[1] = [None] * 5


def _kill_leader(st: DustState) -> None:
    st.dead[1][0] = True
    st.pos[1][0] = None


def _overlap(st: DustState) -> None:
    st.pos[6][0] = [30.5, 10.0, None]  # on The Gunners' leader at (30, 10): radii 0.5 + 0.5


def _wrong_winner(st: DustState) -> None:
    honest = st.outcome()
    assert honest is not None
    wrong = (1,) if honest.winners == (0,) else (0,)
    st.outcome = lambda: Outcome(honest.returns, wrong, honest.text)  # type: ignore[method-assign]


def _lost_with_units(st: DustState) -> None:
    st.loser = 0  # The Gunners still stand


def _ended_early(st: DustState) -> None:
    st.turn = 3


# (name, position, fault, what `check` must say)
FAULTS: list[tuple[str, str, Fault, str]] = [
    ("negative orders", PLAYING, lambda st: _set(st, orders=[-1, 0]), "negative orders"),
    ("a miniature too many", PLAYING, lambda st: st.pos[1].append([20.0, 10.0, None]), "model count"),
    ("a miniature missing", PLAYING, lambda st: st.dmg[6].pop(), "model count"),
    ("negative suppression", PLAYING, lambda st: st.supp.__setitem__(6, -1), "negative suppression"),
    ("no miniature left", PLAYING, _kill_all, "on the table with no miniature"),
    ("a destroyed leader", PLAYING, _kill_leader, "its leader is destroyed"),
    ("destroyed yet standing", PLAYING, lambda st: st.dead[1].__setitem__(3, True), "destroyed but on"),
    ("damage at capacity", PLAYING, lambda st: st.dmg[6].__setitem__(2, 1), "damage at capacity"),
    ("alive yet nowhere", PLAYING, _stand(1, 2, None), "alive but off the table"),
    ("over the edge", PLAYING, _stand(1, 4, [0.3, 10.0, None]), "is off the table"),
    ("beyond the table", PLAYING, _stand(6, 4, [80.0, 30.0, None]), "is off the table"),
    ("overlapping bases", PLAYING, _overlap, "overlap by 0.500"),
    ("a walker on a soldier", PLAYING, _stand(9, 0, [30.0, 11.0, 90.0]), "overlap"),
    (
        "in reserve yet standing",
        PLAYING,
        lambda st: st.status.__setitem__(1, Status.RESERVE.value),
        "yet has",
    ),
    ("a minefield too many", CARRIED, lambda st: _set(st, mines=[[1, 30.0, 24.0, 2, False]] * 7), "grants 6"),
    ("a minefield too dense", CARRIED, lambda st: _set(st, mines=[[1, 30.0, 24.0, 4, False]]), "Density 4"),
    ("a revealed dummy left", CARRIED, lambda st: _set(st, mines=[[1, 30.0, 24.0, 0, True]]), "revealed at"),
    ("aboard while on the table", PLAYING, lambda st: st.aboard.__setitem__(1, 4), "yet aboard u4"),
    ("aboard nothing", PLAYING, _embark(1, -1), "not on the table"),
    ("aboard a destroyed vehicle", PLAYING, _embark(1, 4), "aboard u4, which is not on the table"),
    ("aboard an enemy", PLAYING, _embark(1, 9), "rides an enemy vehicle"),
    ("a wrong score", ENDED, _raise_score, "reported SP"),
    ("the wrong winner", ENDED, _wrong_winner, "winners"),
    ("a loser with units", ENDED, _lost_with_units, "lost with no units left, yet has"),
    ("an early end", ENDED, _ended_early, "ended early"),
]


@pytest.mark.parametrize(("name", "text", "fault", "message"), FAULTS, ids=[f[0] for f in FAULTS])
def test_every_invariant_catches_its_planted_fault(name: str, text: str, fault: Fault, message: str) -> None:
    st = position(text)
    check(st)  # the position as written keeps every invariant
    fault(st)
    with pytest.raises(AssertionError, match=message):
        check(st)


def test_the_carry_capacity_is_checked_alone() -> None:
    """DW-ABL-07: The Boss (4) and The Gunners (5) aboard the Punisher (capacity 6)."""
    st = position(CARRIED.replace("u0 : 30,6 32,6 28,6 34,6", "u0 aboard=2\nu1 aboard=2"))
    with pytest.raises(AssertionError, match="over its capacity"):
        check(st)
    check(position(CARRIED.replace("u0 : 30,6 32,6 28,6 34,6", "u1 aboard=2")))


def _planted_put(shift: Callable[[DustState, int, Placement], Placement]) -> Callable[..., None]:
    real = placement.put

    def put(st: DustState, u: int, where: Placement) -> None:
        real(st, u, shift(st, u, where))

    return put


def _off_the_table(st: DustState, u: int, where: Placement) -> Placement:
    """Every placement after deployment ends 100" east: off the table."""
    if st.turn < 1:
        return where
    return Placement(tuple((x + 100.0, y) for x, y in where.centres), where.facing)


def _onto_another(st: DustState, u: int, where: Placement) -> Placement:
    """Every placement after deployment ends on another unit's leader."""
    others = [v for v in st.table_units() if v != u]
    if st.turn < 1 or not others:
        return where
    leader = st.base(others[0], st.living(others[0])[0])
    return Placement(((leader.x, leader.y), *where.centres[1:]), where.facing)


@pytest.mark.parametrize(
    ("shift", "message"), [(_off_the_table, "off the table"), (_onto_another, "overlap")], ids=["off", "onto"]
)
def test_the_checker_stops_a_game_whose_rules_break_an_invariant(
    monkeypatch: pytest.MonkeyPatch, shift: Callable[[DustState, int, Placement], Placement], message: str
) -> None:
    """A fault planted in the rules (the placement of a Move) is caught by the random-game
    checker at the next step, through the contract."""
    monkeypatch.setattr(placement, "put", _planted_put(shift))
    with pytest.raises(AssertionError, match=message):
        check_random_game(DustWarfareGame(), 0, invariant=check, deep_every=10_000)
