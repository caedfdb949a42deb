"""Secret Mission's secret objectives (dust_warfare.md DW-SM-02, DW-SM-10/11, §4.2, D-08).

Before the deployment roll-off each player secretly records one objective of the list (a secret
simultaneous choice on the core's engine: each commits hidden, both are recorded together); a
player's view shows their own, the opponent's only once the game is over. At the end each is
judged on the final position, and an achieved one is worth the scenario's SP (75).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.actions import Action
from warroom.games.dust_warfare.geometry import is_within
from warroom.games.dust_warfare.rules import scoring
from warroom.games.dust_warfare.words import Edge, Role, SecretObjective, Status

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

BREAKTHROUGH_REACH = 12.0  # SO-2
BREAKTHROUGH_UNITS = 2  # SO-2
QUARTERS_NEEDED = 3  # SO-6


def secrets_job(st: DustState, _job: list[Any]) -> None:
    """DW-SM-02: both players choose their objective in secret."""
    st.decide_together("objective", [0, 1])


def objective_options(st: DustState) -> list[Action]:
    table = st.game.actions
    return [table.objective[SecretObjective(o.id)] for o in st.game.scenario.secret_objective]


def said(st: DustState, seat: int, action: Action) -> tuple[str, str]:
    """DW-SM-10: the table reads that a side has chosen, only that side reads which objective."""
    entry = next(o for o in st.game.scenario.secret_objective if o.id == action.part("objective"))
    return f"the {st.side_name(seat)} choose their secret objective", f"you choose {entry.name}"


def reveal(st: DustState, commits: dict[int, Action]) -> None:
    """Both objectives are recorded; the table learns only that they were (§4.2)."""
    st.secret = [str(commits[0].part("objective")), str(commits[1].part("objective"))]
    st.say("objectives", "both secret objectives are recorded", None)


def _quarter(st: DustState, x: float, y: float) -> int:
    board = st.board
    return (0 if x < board.width / 2 else 1) + (0 if y < board.depth / 2 else 2)


def _army_ap(st: DustState, seat: int) -> int:
    return sum(st.unit(u).ap + st.unit(u).hero_ap for u in st.units_of(seat))


def achieved(st: DustState, seat: int, objective: SecretObjective) -> bool:
    """DW-SM-10: each objective judged on the final position (a centre exactly on x = 36 or
    y = 24 counts in the east or north quarter)."""
    enemy = 1 - seat
    if objective is SecretObjective.ASSASSINATION:
        return all(scoring.is_lost(st, u) for u in st.units_of(enemy) if st.unit(u).kind.role is Role.COMMAND)
    if objective is SecretObjective.BREAKTHROUGH:
        edge = st.edges[enemy]
        if edge is None:
            return False
        near = [
            u
            for u in st.units_of(seat)
            if st.status[u] == Status.TABLE
            and not st.is_retreating(u)
            and any(is_within(st.board.edge_distance(b, Edge(edge)), BREAKTHROUGH_REACH) for b in st.bases(u))
        ]
        return len(near) >= BREAKTHROUGH_UNITS
    if objective is SecretObjective.HOLD_THE_CENTRE:
        centre = st.game.scenario.objective[0]
        return scoring.controller(st, centre.point, centre.control) == seat
    if objective is SecretObjective.ANNIHILATION:
        return 2 * scoring.elimination(st, seat) >= _army_ap(st, enemy)
    if objective is SecretObjective.PRESERVE_THE_FORCE:
        return 4 * scoring.elimination(st, enemy) <= _army_ap(st, seat)
    quarters = {
        _quarter(st, b.x, b.y)
        for u in st.units_of(seat)
        if st.status[u] == Status.TABLE and not st.is_retreating(u)
        for b in st.bases(u)
    }
    return len(quarters) >= QUARTERS_NEEDED


def bonus(st: DustState, seat: int) -> int:
    """DW-SM-11: the scenario's SP for an achieved secret objective."""
    sp = st.game.scenario.victory.secret_objective_sp
    chosen = st.secret[seat]
    if not sp or chosen is None:
        return 0
    return sp if achieved(st, seat, SecretObjective(chosen)) else 0
