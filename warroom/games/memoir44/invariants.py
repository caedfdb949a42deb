"""Memoir '44 invariants, checked on load and at every step of the random checker: figure counts
never negative or above the start, one unit per hex and `occ` consistent, the deck's cards
conserved across deck, hands, discard, play and Recon, and kill medals equal to the enemy units
eliminated (medals only from kills and objectives)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.memoir44.board import NUM_HEXES
from warroom.games.memoir44.words import ARTILLERY, RUNNING, SIDES

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def check(st: M44State) -> None:
    g = st.game
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
