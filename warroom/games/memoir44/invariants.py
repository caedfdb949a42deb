"""Memoir '44 invariants, checked on load and at every step of the random checker: figure counts
never negative or above the start, one unit per hex and `occ` consistent, the deck's cards
conserved across deck, hands, discard, play and Recon, and kill medals equal to the enemy units
eliminated (medals only from kills and objectives). `check_outcome` holds the result to the
rules' own end conditions, recomputed from the position (M44-MEDAL-05/06, the `max_turns` bound)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.memoir44.board import NUM_HEXES
from warroom.games.memoir44.words import ARTILLERY, DRAW, RUNNING, SIDES

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def check(st: M44State) -> None:
    g = st.m44
    n = len(g.scenario.units)
    assert len(st.unit_hex) == n and len(st.unit_fig) == n, "unit count mismatch"
    cards = [*st.deck, *st.discard, *st.in_play, *st.recon, *st.hands[0], *st.hands[1]]
    # the same as sorted(cards) == [0, 1, ..., N-1]: N entries, all distinct, exactly those ids
    assert len(cards) == len(g.deck) and set(cards) == g.card_ids, "command cards not conserved"
    occ = [-1] * NUM_HEXES
    dead = [0 for _ in SIDES]  # eliminated units per side
    sides, figures, top, base, bunker, closed = (
        g.unit_side,
        st.unit_fig,
        g.unit_max,
        g.unit_base,
        g.scenario.bunker,
        g.closed,
    )
    for u, h in enumerate(st.unit_hex):
        fig = figures[u]
        assert 0 <= fig <= top[u], f"unit {u} has {fig} figures (max {top[u]})"
        assert (h < 0) == (fig == 0), f"unit {u}: hex {h} with {fig} figures"
        if h >= 0:
            assert 0 <= h < NUM_HEXES and occ[h] < 0, f"two units on hex {h}"
            occ[h] = u
            b = base[u]
            bunkered = b == ARTILLERY and bunker[h] >= 0  # placed there (M44-OBST-04)
            assert bunkered or not closed[b][h], f"unit {u} on a hex closed to it"
        else:
            dead[sides[u]] += 1
    assert occ == st.occ, "occupancy out of step with unit positions"
    for side in SIDES:
        assert st.kills[side] == dead[1 - side], (
            f"side {side} has {st.kills[side]} kill medals for {dead[1 - side]} eliminations"
        )
    assert (st.decision is None) == (st.result != RUNNING), "decision pending iff the game runs"
    assert st.active in SIDES


def medal_totals(st: M44State) -> list[int]:
    """Each side's medals as the rules count them, from the position alone (M44-MEDAL-01..05):
    enemy units eliminated, plus temporary objectives held now (a unit of the side on one of the
    objective's hexes) and permanent objectives taken; not capped at the target."""
    g = st.m44
    totals = [0 for _ in SIDES]
    for u, h in enumerate(st.unit_hex):
        if h < 0:
            totals[1 - g.unit_side[u]] += 1
    held = {(g.unit_side[u], h) for u, h in enumerate(st.unit_hex) if h >= 0}
    for i, obj in enumerate(g.scenario.objectives):
        side = int(obj.side)
        if st.obj_taken[i] if obj.permanent else any((side, h) in held for h in obj.hexes):
            totals[side] += obj.medals
    return totals


def check_outcome(st: M44State) -> None:
    """The result agrees with the end conditions: a side has won iff its medals reach its target
    (M44-MEDAL-06: the game stops the instant they do, so a running game has no side there); a
    draw iff the turn bound was reached with neither side at its target; and `outcome()` gives
    the winning side's seats +1 and the others -1, or 0 to every seat for the draw."""
    g = st.m44
    totals, targets = medal_totals(st), g.scenario.victory_medals
    reached = [s for s in SIDES if totals[s] >= targets[s]]
    outcome = st.outcome()
    if st.result == RUNNING:
        assert not reached, f"sides {reached} at their medal target {targets} but the game runs"
        assert st.turn <= g.max_turns, f"turn {st.turn} beyond the bound {g.max_turns}"
        assert outcome is None, "an outcome for a running game"
        return
    assert outcome is not None, "no outcome for a finished game"
    seats = range(g.num_players)
    if st.result == DRAW:
        assert not reached, f"a draw with sides {reached} at their medal target ({totals} of {targets})"
        assert st.turn == g.max_turns, f"a draw at turn {st.turn}, the bound is {g.max_turns}"
        assert outcome.returns == tuple(0.0 for _ in seats) and outcome.winners == (), "draw outcome"
        return
    assert reached == [st.result], f"side {st.result} won with medals {totals} of {targets}"
    returns = tuple(1.0 if g.side_of_seat(p) == st.result else -1.0 for p in seats)
    assert outcome.returns == returns, f"returns {outcome.returns} for a win of side {st.result}"
    assert outcome.winners == tuple(g.seats_of(st.result)), f"winners {outcome.winners}"
