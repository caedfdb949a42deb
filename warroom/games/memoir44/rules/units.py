"""Units on the board: placing, moving and removing them, objective and kill medals, and victory
(M44-GEN-02, M44-MEDAL-01..07, M44-OBST-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.memoir44.board import NAMES, NEIGHBOURS
from warroom.games.memoir44.words import RUNNING, SIDE_TITLES, Result

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def label(st: M44State, u: int) -> str:
    g = st.game
    where = NAMES[st.unit_hex[u]] if st.unit_hex[u] >= 0 else "eliminated"
    return f"{SIDE_TITLES[g.unit_side[u]]} {g.unit_noun[u]} ({st.unit_fig[u]}) at {where}"


def enemy_adjacent(st: M44State, h: int, side: int) -> bool:
    occ, sides = st.occ, st.game.unit_side
    for n in NEIGHBOURS[h]:
        u = occ[n]
        if u >= 0 and sides[u] != side:
            return True
    return False


def relocate(st: M44State, u: int, to: int) -> None:
    """Move a unit one hex or along a path; the sandbags it leaves are removed (M44-OBST-05)."""
    frm = st.unit_hex[u]
    if st.sandbags[frm]:
        st.sandbags[frm] = 0
        st.say("sandbags_removed", f"sandbags at {NAMES[frm]} removed", hex=NAMES[frm])
    st.occ[frm] = -1
    st.occ[to] = u
    st.unit_hex[u] = to
    note_entry(st, u, to)


def note_entry(st: M44State, u: int, h: int) -> None:
    """A permanent objective is gained the first time a unit of its side enters (M44-MEDAL-04)."""
    side = st.game.unit_side[u]
    for i in st.game.permanent_at[side][h]:
        if not st.obj_taken[i]:
            st.obj_taken[i] = True
            st.say("objective", f"{SIDE_TITLES[side]} take the objective at {NAMES[h]} for good", side=side)


def lose_figures(st: M44State, u: int, n: int, by_side: int) -> bool:
    """Remove up to n figures (M44-DICE-03); at zero the unit is eliminated and the other side
    gains a medal (M44-DICE-04, M44-MEDAL-01). Returns True if it was eliminated."""
    if n <= 0 or st.unit_hex[u] < 0:
        return False
    st.unit_fig[u] = max(0, st.unit_fig[u] - n)
    if st.unit_fig[u] > 0:
        st.say("losses", f"{label(st, u)} loses {n}", unit=u, figures=st.unit_fig[u])
        return False
    h = st.unit_hex[u]
    st.say("eliminated", f"{SIDE_TITLES[st.game.unit_side[u]]} {st.game.unit_kind[u].name.lower()} at "
           f"{NAMES[h]} is eliminated", unit=u, hex=NAMES[h])  # fmt: skip
    st.occ[h] = -1
    st.unit_hex[u] = -1
    if st.sandbags[h]:
        st.sandbags[h] = 0  # the hex is vacated (M44-OBST-05)
    st.kills[by_side] += 1
    check_victory(st)
    return True


def objective_medals(st: M44State, side: int) -> int:
    """Temporary objectives held now plus permanent ones taken (M44-MEDAL-03/04)."""
    total = 0
    occ, sides = st.occ, st.game.unit_side
    for i, permanent, worth, hexes in st.game.side_objectives[side]:
        if permanent:
            if st.obj_taken[i]:
                total += worth
        else:
            for h in hexes:
                u = occ[h]
                if u >= 0 and sides[u] == side:
                    total += worth
                    break
    return total


def medals(st: M44State, side: int) -> int:
    """Kills plus objectives, never counted beyond the target (M44-MEDAL-05/07)."""
    target = st.game.scenario.victory_medals[side]
    return min(target, st.kills[side] + objective_medals(st, side))


def check_victory(st: M44State) -> None:
    """The first side to reach its target wins at once, even mid-turn (M44-MEDAL-06)."""
    if st.result != RUNNING:
        return
    for side in (st.active, 1 - st.active):
        if medals(st, side) >= st.game.scenario.victory_medals[side]:
            st.finish_with(Result(side), f"the {SIDE_TITLES[side]} reach {medals(st, side)} medals and win")
            return
