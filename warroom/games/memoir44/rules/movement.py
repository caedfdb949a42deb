"""Step 3, movement (M44-MOVE-01..09, M44-TERR-01..13, M44-OBST-01/05/08/09/12, M44-TAC-08/10/11/22).

A move is a path of k steps into adjacent empty hexes the unit may enter; the engine offers each
reachable destination once, by its fewest steps (more steps never help: they only cost battles).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.actions import Verb
from warroom.games.memoir44.board import DIST, NAMES, NUM_HEXES
from warroom.games.memoir44.places import went
from warroom.games.memoir44.rules.units import check_victory, label, relocate
from warroom.games.memoir44.words import ARMOR, ARTILLERY, BEACH, FIRST_ONLY, INFANTRY, RUNNING, STOP, Kind

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State

NO_MOVE = ("close_assault", "firefight", "dig_in")
_CLEAR = (0,) * NUM_HEXES  # no movement flag and no wire anywhere: Behind Enemy Lines' free move
_MOVE = Verb.MOVE  # an Enum member as a module constant: cheaper than `action.verb.MOVE` (hot path)


def profile(st: M44State, u: int) -> tuple[int, int, bool]:
    """(hexes it may move, most hexes it may move and still battle, terrain limits ignored) for an
    ordered unit under the turn's card (M44-UNIT-01..03, M44-SPEC-02/08, M44-TAC-08/10/12/18/21/22)."""
    g = st.m44
    kind = g.unit_kind[u]
    base = g.unit_base[u]
    effect = "" if st.fallback else st.effect
    if effect in NO_MOVE:
        return 0, 0, False
    if effect == "infantry_assault" and base == INFANTRY:
        return 3, 2, False  # the card's limits replace the unit's own (M44-TAC-23)
    if effect == "behind_enemy_lines" and base == INFANTRY:
        return 3, 3, True
    if effect == "artillery_bombard" and base == ARTILLERY:
        return 3, 0, False
    return kind.move, kind.move_and_battle, False


def destinations(st: M44State, u: int, limit: int, free: bool) -> dict[int, int]:
    """Every hex the unit can reach in <= limit steps, with the fewest steps (M44-MOVE-03..06).

    Normal moves stop on forest, hedgerow, town, wire and ocean; a hedgerow is entered only as the
    first step and left by one step only; a step into ocean must be the first; a move that enters
    a beach is capped at 2 (M44-TERR-04/05/10/12). `free` (Behind Enemy Lines) ignores those
    limits but not impassable or occupied hexes (M44-TAC-11)."""
    g = st.m44
    start = st.unit_hex[u]
    nbrs = g.open_nbrs[g.unit_base[u]]  # neighbours not closed to the unit's type
    if free:  # only impassable and occupied hexes matter: no terrain flag, no wire
        return _plain_reach(st.occ, nbrs, start, limit, wire=_CLEAR, flags=_CLEAR)
    if g.move_flags[start] & FIRST_ONLY and g.is_hedgerow[start]:
        limit = min(limit, 1)
    if not g.has_beach:
        return _plain_reach(st.occ, nbrs, start, limit, wire=st.wire, flags=g.move_flags)
    return _beach_reach(st, nbrs, start, limit)


def _plain_reach(
    occ: list[int], nbrs: tuple[tuple[int, ...], ...], start: int, limit: int, *,
    wire: Sequence[int], flags: Sequence[int],
) -> dict[int, int]:  # fmt: skip
    """No beach cap to track: a hex is seen once, at its fewest steps. `best` is its own seen
    set (the start hex in it at 0 steps, removed at the end: the others keep their order), and
    clear terrain (no movement flag, no wire: most hexes) skips the flag tests (hot path)."""
    best: dict[int, int] = {start: 0}
    frontier = [start]
    for step in range(1, limit + 1):
        nxt = []
        for h in frontier:
            for n in nbrs[h]:
                if n in best or occ[n] >= 0:
                    continue
                f = flags[n]
                if wire[n]:
                    f |= STOP
                if not f:
                    best[n] = step
                    nxt.append(n)
                elif not (f & FIRST_ONLY and step != 1):
                    best[n] = step
                    if not f & STOP:
                        nxt.append(n)
        frontier = nxt
    del best[start]
    return best


def _beach_reach(st: M44State, nbrs: tuple[tuple[int, ...], ...], start: int, limit: int) -> dict[int, int]:
    """The search over (hex, entered a beach): a path that entered a beach is capped at 2."""
    occ, wire, flags = st.occ, st.wire, st.m44.move_flags
    best: dict[int, int] = {}
    seen = {start}  # (hex, entered a beach) as hex + 1000 * flag
    frontier = [start]
    for step in range(1, limit + 1):
        nxt = []
        for key in frontier:
            h, beach = key % 1000, key >= 1000
            if beach and step > 2:
                continue
            for n in nbrs[h]:
                if occ[n] >= 0:
                    continue
                f = flags[n] | (STOP if wire[n] else 0)
                nkey = n + 1000 if beach else n
                if f:
                    if f & FIRST_ONLY and step != 1:
                        continue
                    if f & BEACH:
                        if step > 2:
                            continue
                        nkey = n + 1000
                if n not in best:
                    best[n] = step
                if nkey in seen:
                    continue
                seen.add(nkey)
                if not f & STOP:
                    nxt.append(nkey)
        frontier = nxt
    return best


def movers(st: M44State, again: bool = False) -> list[int]:
    """Ordered units that may still make their (first, or Behind Enemy Lines second) move."""
    if again:
        return [u for u in st.chosen if st.unit_hex[u] >= 0 and u not in st.moved_again]
    return [u for u in st.chosen if st.unit_hex[u] >= 0 and st.moved[u] < 0]


# A unit's reachable hexes, as cached in `st.scratch = ("move", {unit: Reach})` while a movement
# step runs: (the hexes with their fewest steps, the move actions in hex order, the step limit).
Reach = tuple[dict[int, int], list["Action"], int]


def _cached(st: M44State) -> dict[int, Reach]:
    scratch = st.scratch
    return scratch[1] if scratch is not None and scratch[0] == "move" else {}


def options(st: M44State, again: bool | None = None) -> list[Action]:
    """Every destination of every unit that may still move. Destinations found for the previous
    decision of the same step are reused when the last move happened beyond their reach."""
    if again is None:
        again = bool(st.decision and st.decision[2])
    out: list[Action] = []
    known = _cached(st)
    found: dict[int, Reach] = {}
    for u in movers(st, again):
        entry = known.get(u) or _reach(st, u)
        if entry is None:
            continue
        found[u] = entry
        out.extend(entry[1])
    if out:
        out.append(st.table.done)
    st.scratch = ("move", found)  # the apply that follows reads the step counts from here
    return out


def _reach(st: M44State, u: int) -> Reach | None:
    """A unit's destinations, their move actions and its limit; None when it may not move."""
    limit, _, free = profile(st, u)
    if limit <= 0:
        return None
    base, table = st.unit_hex[u] * NUM_HEXES, st.table.move
    reach = destinations(st, u, limit, free)
    return (reach, [table[base + dest] for dest in sorted(reach)], limit)


def step(st: M44State, job: list[Any]) -> None:
    """Offer the next move while any ordered unit can still move (M44-MOVE-01/02, M44-TURN-04)."""
    if st.result != RUNNING:
        # A winning move (M44-MEDAL-06) ends the game inside `apply`, which then schedules this
        # step. The engine before issue 11 stopped without running it and saved it on the
        # agenda; it goes back on a fresh agenda list (the runner's own list stays empty, so the
        # runner stops), keeping the saves of such games as they were.
        st.agenda = [*st.agenda, job]
        return
    again = bool(job[1])
    if can_move(st, again):
        st.decide(Kind.MOVE, st.commander, int(again))  # the options are listed when asked for


def can_move(st: M44State, again: bool) -> bool:
    """Whether any ordered unit can still move: the units' destinations are searched only until
    one has somewhere to go (kept in the position's cache for `options`). A search's trial move
    (the heuristic tries each move on a copy) then never lists the next decision's options."""
    known = _cached(st)
    added: dict[int, Reach] = {}
    found = False
    for u in movers(st, again):
        entry = known.get(u)
        if entry is None:
            entry = _reach(st, u)
            if entry is None:
                continue
            added[u] = entry
        if entry[1]:
            found = True
            break
    if added:  # a new dict: the cache is shared by clones and never changed in place
        st.scratch = ("move", {**known, **added})
    return found


def apply(st: M44State, action: M44Action) -> None:
    again = bool(st.decision and st.decision[2])
    st.decision = None
    if action.verb is not _MOVE:
        return
    frm, to = action.a, action.b
    u = st.occ[frm]
    known = _cached(st)
    entry = known.get(u)
    if entry is None:
        limit, _, free = profile(st, u)
        steps = destinations(st, u, limit, free)[to]
    else:
        steps = entry[0][to]
    if again:
        st.moved_again.append(u)
    else:
        st.moved[u] = steps
    enter(st, u, to, steps)
    # a search explores only hexes within its limit: it is unchanged unless the hex vacated or
    # entered (and its wire) lies within that distance
    where = st.unit_hex
    st.scratch = (
        "move",
        {
            v: e
            for v, e in known.items()
            if v != u and DIST[where[v]][frm] > e[2] and DIST[where[v]][to] > e[2]
        },
    )
    st.push(["moves", int(again)])


# What `shift` changed, for `unshift`: (unit, from, to, a second move, steps moved before,
# no-battle flag before, sandbags left behind, wire entered, permanent objectives taken before or
# None when the move takes none)
Shifted = tuple[int, int, int, bool, int, bool, int, int, list[bool] | None]


def shift(st: M44State, action: M44Action) -> Shifted:
    """The position right after a move, made on `st` itself and undone by `unshift`: what `apply`,
    `enter`, `relocate` and `note_entry` change on the board (the unit's hex, its steps, a hex
    that forbids battle on entry, the sandbags it leaves, wire armor removes, permanent
    objectives taken: M44-MOVE-03, M44-BATTLE-04b, M44-OBST-05/09, M44-MEDAL-04), with no event,
    no agenda and no victory check. For the heuristic, which tries every move of a decision:
    trying it in place instead of on a copy halves a Memoir '44 search."""
    g = st.m44
    frm, to = action.a, action.b
    u = st.occ[frm]
    entry = _cached(st).get(u)
    if entry is None:
        limit, _, free = profile(st, u)
        steps = destinations(st, u, limit, free)[to]
    else:
        steps = entry[0][to]
    again = bool(st.decision and st.decision[2])
    side = g.unit_side[u]
    marks = g.permanent_at[side][to]
    done: Shifted = (u, frm, to, again, st.moved[u], st.no_battle[u], st.sandbags[frm], st.wire[to],
                     st.obj_taken[:] if marks else None)  # fmt: skip
    if again:
        st.moved_again.append(u)
    else:
        st.moved[u] = steps
    st.sandbags[frm] = 0
    st.occ[frm], st.occ[to], st.unit_hex[u] = -1, u, to
    for i in marks:
        st.obj_taken[i] = True
    if g.no_battle_entry[to] and not g.unit_kind[u].battles_on_entry:
        st.no_battle[u] = True
    if g.unit_base[u] == ARMOR:
        st.wire[to] = 0
    return done


def unshift(st: M44State, done: Shifted) -> None:
    """Undo `shift`: `st` is again the position it was made on."""
    u, frm, to, again, moved, no_battle, sandbags, wire, taken = done
    if again:
        st.moved_again.pop()
    st.moved[u] = moved
    st.no_battle[u], st.sandbags[frm], st.wire[to] = no_battle, sandbags, wire
    st.occ[to], st.occ[frm], st.unit_hex[u] = -1, u, frm
    if taken is not None:
        st.obj_taken[:] = taken


def enter(st: M44State, u: int, to: int, steps: int) -> None:
    """Arrive on a hex by movement or Take Ground: forest, hedgerow and town forbid battle this
    turn (M44-BATTLE-04b; not for the Resistance, M44-SPEC-06); armor entering wire removes it
    (M44-OBST-09); temporary objectives may change hands (M44-MEDAL-03)."""
    g = st.m44
    frm = st.unit_hex[u]
    # the unit as it stood, then the way it went from its own seat ("2 hexes ahead-left into the
    # forest"), and a path around something by its steps (M44-MOVE-08): worded when read
    unit, path = label(st, u), steps if steps != DIST[frm][to] else 0
    relocate(st, u, to)
    st.say("move", (went, unit, "moves", frm, to, path), unit=u, frm=NAMES[frm], to=NAMES[to])
    if g.no_battle_entry[to] and not g.unit_kind[u].battles_on_entry:
        st.no_battle[u] = True
    if st.wire[to] and g.unit_base[u] == ARMOR:
        st.wire[to] = 0
        st.say("wire_removed", ("{} removes the wire it entered", label(st, u)), hex=NAMES[to])
    check_victory(st)
