"""Units on the board: placing, moving and removing them, objective and kill medals, and victory
(M44-GEN-02, M44-MEDAL-01..07, M44-OBST-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from warroom.core.engine import MUTED
from warroom.games.memoir44.board import NAMES, NEIGHBOURS
from warroom.games.memoir44.places import EventUnit, objective_words
from warroom.games.memoir44.words import RUNNING, SIDE_TITLES, Result

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

Objective = tuple[int, int, tuple[int, ...]]  # a temporary objective: its index, medals and hexes


def label(st: M44State, u: int) -> EventUnit | str:
    """Unit `u` in an event's words, found on the board without coordinates: a part of a lazy
    event text, the board as it stands now (`places.EventUnit`: the units' hexes and figures
    copied, worded only when the text is read); "" in a muted playout, whose texts nobody formats
    (nothing copied). Built here, in a compiled module, not by a call into places.py (speed,
    issue 15: an interpreted call per unit said)."""
    if st.events is MUTED:
        return ""
    return _new(EventUnit, (st.m44, tuple(st.unit_hex), tuple(st.unit_fig), u))


_new: Final = tuple.__new__  # an EventUnit without a Python-level constructor (an event's part)


def enemy_adjacent(st: M44State, h: int, side: int) -> bool:
    occ, sides = st.occ, st.m44.unit_side
    for n in NEIGHBOURS[h]:
        u = occ[n]
        if u >= 0 and sides[u] != side:
            return True
    return False


def figures(n: int) -> str:
    return f"{n} figure{'s' * (n != 1)}"


def relocate(st: M44State, u: int, to: int) -> None:
    """Move a unit one hex or along a path; the sandbags it leaves are removed (M44-OBST-05)."""
    frm = st.unit_hex[u]
    if st.sandbags[frm]:
        st.sandbags[frm] = 0
        st.say("sandbags_removed", ("{} leaves its sandbags: they are removed", label(st, u)), hex=NAMES[frm])
    side = st.m44.unit_side[u]
    watched = _temporary(st, side, frm, to)
    held = [_held(st, side, hexes) for _, _, hexes in watched]
    st.occ[frm] = -1
    st.occ[to] = u
    st.unit_hex[u] = to
    for objective, was in zip(watched, held, strict=True):
        if _held(st, side, objective[2]) != was:
            _say_temporary(st, side, objective, gained=not was)
    note_entry(st, u, to)


def _temporary(st: M44State, side: int, *at: int) -> list[Objective]:
    """The temporary objectives of `side` on any of the hexes `at` (M44-MEDAL-03): what a move
    or an elimination there may gain or lose."""
    return [(i, worth, hexes) for i, permanent, worth, hexes in st.m44.side_objectives[side]
            if not permanent and any(h in hexes for h in at)]  # fmt: skip


def _held(st: M44State, side: int, hexes: tuple[int, ...]) -> bool:
    occ, sides = st.occ, st.m44.unit_side
    return any(occ[h] >= 0 and sides[occ[h]] == side for h in hexes)


def _objective_name(st: M44State, hexes: tuple[int, ...], side: int) -> str:
    """An objective in the log's words (places.objective_words); nothing in a muted playout."""
    return "" if st.muted else objective_words(st.m44, hexes, side)


def _tally(st: M44State, side: int) -> str:
    return f"{SIDE_TITLES[side]} {medals(st, side)} of {st.m44.scenario.victory_medals[side]} medals"


def _say_temporary(st: M44State, side: int, objective: Objective, gained: bool) -> None:
    """A temporary objective medal gained by entering it or lost by leaving it (M44-MEDAL-03)."""
    i, worth, hexes = objective
    what = _objective_name(st, hexes, side)
    medal = f"{worth} medal{'s' * (worth != 1)}"
    if gained:
        text = f"the {SIDE_TITLES[side]} hold {what}: {medal} while they hold it ({_tally(st, side)})"
    else:
        text = f"the {SIDE_TITLES[side]} no longer hold {what}: {medal} lost ({_tally(st, side)})"
    st.say("medal", text, side=side, objective=i, gained=gained, medals=worth, reason="objective held")


def note_entry(st: M44State, u: int, h: int) -> None:
    """A permanent objective is gained the first time a unit of its side enters (M44-MEDAL-04)."""
    side = st.m44.unit_side[u]
    for i in st.m44.permanent_at[side][h]:
        if not st.obj_taken[i]:
            st.obj_taken[i] = True
            what = _objective_name(st, st.m44.scenario.objectives[i].hexes, side)
            st.say("objective", f"the {SIDE_TITLES[side]} take the objective, {what}, for good", side=side)
            st.say("medal", f"the {SIDE_TITLES[side]} gain a medal for good: they took {what} "
                   f"({_tally(st, side)})", side=side, objective=i, gained=True,
                   medals=st.m44.scenario.objectives[i].medals, reason="objective taken")  # fmt: skip


def lose_figures(st: M44State, u: int, n: int, by_side: int) -> bool:
    """Remove up to n figures (M44-DICE-03); at zero the unit is eliminated and the other side
    gains a medal (M44-DICE-04, M44-MEDAL-01). Returns True if it was eliminated."""
    if n <= 0 or st.unit_hex[u] < 0:
        return False
    g = st.m44
    had = st.unit_fig[u]
    unit = label(st, u)  # as the board shows it before the loss
    st.unit_fig[u] = max(0, had - n)
    h = st.unit_hex[u]
    if st.unit_fig[u] > 0:
        left = st.unit_fig[u]
        st.say("losses", ("{} loses {}, {} left", unit, figures(n), left), unit=u, figures=left)
        return False
    last = "its last figure" if had == 1 else f"its last {had} figures"
    st.say("eliminated", ("{} loses {} and is eliminated", unit, last), unit=u, hex=NAMES[h])
    side = g.unit_side[u]
    watched = _temporary(st, side, h)
    st.occ[h] = -1
    st.unit_hex[u] = -1
    if st.sandbags[h]:
        st.sandbags[h] = 0  # the hex is vacated (M44-OBST-05)
    st.kills[by_side] += 1
    tally = _tally(st, by_side)
    st.say("medal", ("the {} gain a medal: {} eliminated ({})", SIDE_TITLES[by_side], unit, tally),
           side=by_side, unit=u, gained=True, medals=1, reason="unit eliminated")  # fmt: skip
    for objective in watched:
        if not _held(st, side, objective[2]):
            _say_temporary(st, side, objective, gained=False)
    check_victory(st)
    return True


def objective_medals(st: M44State, side: int) -> int:
    """Temporary objectives held now plus permanent ones taken (M44-MEDAL-03/04)."""
    total = 0
    occ, sides = st.occ, st.m44.unit_side
    for i, permanent, worth, hexes in st.m44.side_objectives[side]:
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
    target = st.m44.scenario.victory_medals[side]
    return min(target, st.kills[side] + objective_medals(st, side))


def winner(st: M44State) -> int | None:
    """The side that has reached its target, the active side first (M44-MEDAL-06); None if neither."""
    target = st.m44.scenario.victory_medals
    for side in (st.active, 1 - st.active):
        if medals(st, side) >= target[side]:
            return side
    return None


def check_victory(st: M44State) -> None:
    """The first side to reach its target wins at once, even mid-turn (M44-MEDAL-06)."""
    if st.result != RUNNING:
        return
    side = winner(st)
    if side is not None:
        st.finish_with(Result(side), f"the {SIDE_TITLES[side]} reach {medals(st, side)} medals and win")
