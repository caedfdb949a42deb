"""Memoir '44 invariants, checked on load and at every step of the random checker: figure counts
never negative or above the start, one unit per hex and `occ` consistent, the deck's cards
conserved across deck, hands, discard, play and Recon, and kill medals equal to the enemy units
eliminated (medals only from kills and objectives)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.memoir44.board import NUM_HEXES

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def check(st: M44State) -> None:
    g = st.game
    n = len(g.scenario.units)
    assert len(st.unit_hex) == n and len(st.unit_fig) == n, "unit count mismatch"
    cards = [*st.deck, *st.discard, *st.in_play, *st.recon, *st.hands[0], *st.hands[1]]
    assert sorted(cards) == list(range(len(g.deck))), "command cards not conserved"
    occ = [-1] * NUM_HEXES
    for u, h in enumerate(st.unit_hex):
        fig = st.unit_fig[u]
        assert 0 <= fig <= g.unit_max[u], f"unit {u} has {fig} figures (max {g.unit_max[u]})"
        assert (h < 0) == (fig == 0), f"unit {u}: hex {h} with {fig} figures"
        if h >= 0:
            assert 0 <= h < NUM_HEXES and occ[h] < 0, f"two units on hex {h}"
            occ[h] = u
            bunkered = g.unit_base[u] == 2 and g.scenario.bunker[h] >= 0  # placed there (M44-OBST-04)
            assert bunkered or not g.closed[g.unit_base[u]][h], f"unit {u} on a hex closed to it"
    assert occ == st.occ, "occupancy out of step with unit positions"
    for side in (0, 1):
        dead = sum(1 for u, h in enumerate(st.unit_hex) if h < 0 and g.unit_side[u] != side)
        assert st.kills[side] == dead, f"side {side} has {st.kills[side]} kill medals for {dead} eliminations"
    assert (st.decision is None) == (st.result >= 0), "decision pending iff the game runs"
    assert st.active in (0, 1)
