"""Invariants of every Dust Warfare position, for the random-game checker (and tests).

At every step: every miniature on the table stands wholly on it (DW-GEO-16, DW-MOVE-04) and no
two bases overlap (DW-MOVE-03); a unit has no more miniatures than its data (DW-UNIT-01); a
destroyed miniature is off the table and a living one of a unit on the table is on it; damage
stays below capacity for the living (DW-UNIT-03); Suppression markers are never negative
(DW-SUP-01); a unit is destroyed exactly when no miniature is left (DW-UNIT-11), or it left the
table by a retreat; the leader, when set, is alive (DW-UNIT-07/09); orders are never negative;
minefields are no more than the scenario grants, at Density 0-3, a revealed one live (DW-BTL-03,
DW-WPN-01).
At the end, the reported Superiority Points equal those recomputed from the final position
(§3.19) and the result follows them (DW-TURN-03/04).

The checker calls this at every step, and most steps move nothing: the bases' part (on the table,
no overlap) is skipped when the statuses, places and losses are equal, by content, to those of
the last position whose bases passed it (with the same game), since its answer depends on nothing
else. A change made anywhere, even one that forgot `DustState.touch`, is seen.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING, Any

from warroom.games.dust_warfare.geometry import Crowd
from warroom.games.dust_warfare.rules import transport
from warroom.games.dust_warfare.rules.scoring import scores
from warroom.games.dust_warfare.rules.secret import bonus
from warroom.games.dust_warfare.words import Status

if TYPE_CHECKING:
    from warroom.core.game import State
    from warroom.games.dust_warfare.state import DustState


_passed = threading.local()  # .last: the last (game, status, pos, dead) whose bases passed


def _snapshot(st: DustState) -> tuple[Any, ...]:
    """What the bases' invariants read, copied: each unit's status, places and losses."""
    pos = [[None if e is None else list(e) for e in row] for row in st.pos]
    return (st.game, list(st.status), pos, [list(row) for row in st.dead])


def _bases_passed(st: DustState) -> bool:
    last = getattr(_passed, "last", None)
    return (
        last is not None
        and last[0] is st.game
        and last[1] == st.status
        and last[2] == st.pos
        and last[3] == st.dead
    )


MAX_DENSITY = 3  # DW-BTL-03: a live minefield's Density is 1-3


def _check_mines(st: DustState) -> None:
    """Minefields (DW-BTL-03, DW-FL-04, DW-WPN-01): never more markers than the scenario grants
    (the `shell mK` actions number them), each Density 0 (a dummy) to 3, and a revealed one live:
    a revealed dummy and a minefield shelled to Density 0 are removed."""
    forts = st.game.scenario.fortifications
    granted = 2 * forts.minefields if forts is not None else 0
    assert len(st.mines) <= granted, f"{len(st.mines)} minefields where the scenario grants {granted}"
    for k, (_owner, _x, _y, density, revealed) in enumerate(st.mines):
        assert 0 <= density <= MAX_DENSITY, f"minefield m{k} at Density {density}"
        assert density > 0 or not revealed, f"minefield m{k} revealed at Density 0 yet on the table"


def check(state: State) -> None:
    """Raise AssertionError naming the broken invariant."""
    st: DustState = state  # type: ignore[assignment]  # the checker passes this game's states
    board = st.board
    bases = []
    measured = not _bases_passed(st)
    assert min(st.orders) >= 0, f"negative orders {st.orders}"
    for unit in st.game.units:
        u = unit.index
        n = len(unit.models)
        assert len(st.pos[u]) == n and len(st.dmg[u]) == n and len(st.dead[u]) == n, f"u{u}: model count"
        assert st.supp[u] >= 0, f"u{u}: negative suppression"
        living = st.living(u)
        if st.status[u] == Status.TABLE:
            assert living, f"u{u} on the table with no miniature"
            assert st.leader[u] < 0 or st.leader[u] in living, f"u{u}: its leader is destroyed"
        for m in range(n):
            entry = st.pos[u][m]
            if st.dead[u][m]:
                assert entry is None, f"u{u}.{m} destroyed but on the table"
                continue
            assert st.dmg[u][m] < unit.models[m].capacity, f"u{u}.{m}: damage at capacity yet alive"
            if st.status[u] == Status.TABLE:
                assert entry is not None, f"u{u}.{m} alive but off the table"
                if measured:
                    b = st.base(u, m)
                    assert board.is_on_table(b), f"u{u}.{m} at ({b.x}, {b.y}) is off the table"
                    bases.append((u, m, b))
    transport.check(st)  # embarked and off-table units (DW-ABL-07, DW-SET-06)
    _check_mines(st)
    if measured:
        crowd = Crowd()  # the bases seen so far, filed on a grid: only near pairs are measured
        whose: dict[int, tuple[int, int]] = {}
        for u, m, a in bases:
            near = crowd.overlapping(a)
            if near is not None:
                v, k = whose[id(near)]
                gap = math.hypot(a.x - near.x, a.y - near.y) - a.r - near.r
                raise AssertionError(f'u{v}.{k} and u{u}.{m} overlap by {-gap:.3f}"')
            crowd.add(a)
            whose[id(a)] = (u, m)
        _passed.last = _snapshot(st)
    if st.scores is not None:
        _check_result(st)


def _check_result(st: DustState) -> None:
    """At the end: the reported SP recomputed from the final position, and the result from them."""
    assert st.scores == scores(st, bonus), (
        f"reported SP {st.scores} differ from recomputed {scores(st, bonus)}"
    )
    outcome = st.outcome()
    assert outcome is not None
    sa, sb = st.scores
    if st.loser >= 0:
        standing = [u for u in st.units_of(st.loser) if st.status[u] != Status.DESTROYED]
        assert not standing, f"seat {st.loser} lost with no units left, yet has {standing}"
        expected: tuple[int, ...] = (1 - st.loser,)
    else:
        expected = () if sa == sb else ((0,) if sa > sb else (1,))
    assert outcome.winners == expected, f"winners {outcome.winners} where SP {st.scores} give {expected}"
    assert st.loser >= 0 or st.turn == st.game.turns, "the game ended early with units on both sides"
