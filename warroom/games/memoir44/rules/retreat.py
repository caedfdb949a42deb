"""Retreats (M44-RETR-01..10, M44-SPEC-07): each flag is one step straight back toward the
unit's own edge; the owner chooses each step but must retreat as far as possible; every step
that cannot be taken costs a figure, and a Resistance unit may take 1 to 3 steps per flag."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.board import NAMES, REARWARD
from warroom.games.memoir44.places import went
from warroom.games.memoir44.rules.units import check_victory, figures, label, lose_figures, relocate
from warroom.games.memoir44.words import ARTILLERY, RUNNING, Kind

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State


def start(st: M44State, t: int, flags: int, by_side: int) -> None:
    """Artillery in a bunker cannot retreat: each flag costs a figure (M44-RETR-08)."""
    g = st.m44
    h = st.unit_hex[t]
    if g.unit_base[t] == ARTILLERY and g.scenario.bunker[h] >= 0:
        st.say("no_retreat", ("{} cannot leave its bunker", label(st, t)))
        lose_figures(st, t, flags, by_side)
        return
    per_flag = g.unit_kind[t].retreat_per_flag
    st.push(["retreat", t, flags, flags * per_flag, 0, by_side])


def _steps(st: M44State, t: int, h: int) -> list[int]:
    """Rearward hexes a step may enter: empty, passable for the unit, never ocean (M44-RETR-01/04/05,
    M44-TERR-11)."""
    g = st.m44
    closed = g.closed[g.unit_base[t]]
    ocean = g.is_ocean
    down = g.is_bottom(g.unit_side[t])
    return [n for n in REARWARD[down][h] if st.occ[n] < 0 and not closed[n] and not ocean[n]]


def reach(st: M44State, t: int, h: int, depth: int) -> int:
    """The most further steps possible from h, up to depth (M44-RETR-07)."""
    if depth <= 0:
        return 0
    best = 0
    for n in _steps(st, t, h):
        best = max(best, 1 + reach(st, t, n, depth - 1))
        if best == depth:
            break
    return best


def choices(st: M44State, t: int, low: int, high: int, taken: int) -> tuple[list[int], bool]:
    """The steps that keep the retreat as long as possible (at least the required minimum when it
    can be reached), and whether the owner may stop here (only past the minimum, M44-SPEC-07)."""
    h = st.unit_hex[t]
    scores = {n: 1 + reach(st, t, n, high - taken - 1) for n in _steps(st, t, h)}
    if not scores:
        return [], taken >= low
    need = max(low - taken, 0)
    bar = min(max(scores.values()), need) if need else 1
    return sorted(n for n, s in scores.items() if s >= bar), taken >= low


def retreat_job(st: M44State, job: list[Any]) -> None:
    """The next step, or the figures lost for the steps that cannot be taken (M44-RETR-06/07).
    A single step with no right to stop is taken by the engine (the kind is declared forced)."""
    t, low, high, taken, side = (int(x) for x in job[1:6])
    if st.unit_hex[t] < 0 or taken >= high:
        return
    steps, may_stop = choices(st, t, low, high, taken)
    if not steps:
        short = max(low - taken, 0)
        if short:
            st.say("retreat_blocked", ("{} cannot retreat {} more hex{}: loses {}", label(st, t), short,
                   "es" * (short != 1), figures(short)))  # fmt: skip
            lose_figures(st, t, short, side)
        return
    owner = st.m44.unit_side[t]
    seat = st.m44.hex_commander(owner, st.unit_hex[t])
    st.offer(_options(st, steps, may_stop), Kind.RETREAT, seat, t, low, high, taken, side)


def _step(st: M44State, t: int, to: int, data: list[int]) -> None:
    """Terrain never stops a retreat; leaving sandbags removes them (M44-RETR-03/09)."""
    frm = st.unit_hex[t]
    # the unit as it stood, then its way back from its own seat ("1 hex back-left into the
    # forest"): worded when read
    unit = label(st, t)
    relocate(st, t, to)
    st.say("retreat", (went, unit, "retreats", frm, to, 0), unit=t, frm=NAMES[frm], to=NAMES[to])
    check_victory(st)
    if st.result == RUNNING:
        t, low, high, taken, side = data
        st.push(["retreat", t, low, high, taken + 1, side])


def options(st: M44State) -> list[Action]:
    assert st.decision is not None
    t, low, high, taken = (int(x) for x in st.decision[2:6])
    return _options(st, *choices(st, t, low, high, taken))


def _options(st: M44State, steps: list[int], may_stop: bool) -> list[Action]:
    out: list[Action] = [st.table.retreat[h] for h in steps]
    return [*out, st.table.stop_retreat] if may_stop else out


def apply(st: M44State, action: M44Action) -> None:
    data = [int(x) for x in st.take_decision()[:5]]
    if action.verb == action.verb.RETREAT:
        _step(st, data[0], action.a, data)
