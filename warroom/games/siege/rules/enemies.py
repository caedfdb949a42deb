"""The enemy: movement events and collisions, fortifications and DOTs, the city, reveals,
special vehicles, events and the He-111 (SG-MOVE, SG-FORT, SG-CITY, SG-REVEAL, SG-SPEC,
SG-EVT, SG-HE)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Final

from warroom.core.actions import Action
from warroom.games.siege.board import (
    ADVANCE,
    CLOCKWISE,
    COUNTER_CLOCKWISE,
    HE111_PATH,
    IN_COLOUR,
    NUM_SPACES,
    RING_OF,
    SECTOR_OF,
    SECTORS,
    colour_of,
    space,
    space_name,
)
from warroom.games.siege.changes import BOARD, ENEMY_DISCARD
from warroom.games.siege.content import RESERVE_SIZE
from warroom.games.siege.rules import marshal, zones
from warroom.games.siege.rules.end import check_win
from warroom.games.siege.words import (
    COLOUR_MOVES,
    DIVERSIONS,
    REVEALS,
    SIDEWAYS,
    Ask,
    Colour,
    Job,
    Ring,
    Site,
    Token,
    TokenClass,
)

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


# -- movement ---------------------------------------------------------------------------------
def _city_ahead(step: Sequence[int]) -> tuple[int, ...]:
    """Per space, the sector whose city cell `step` leads into from there (0: not the city).
    Only such a step can meet a structure: the building there, or, stepping in from TANK(s), the
    fortification F(s) first (SG-MOVE-03, SG-CITY-02)."""
    return tuple(SECTOR_OF[dest] if RING_OF[dest] == Ring.CITY else 0 for dest in step)


# Read on the hot path: one module global each, cheaper than a class attribute lookup; Final, so
# that compiled each is a C static, not a lookup in the module's dict (docs/speed.md, session 13).
_ADVANCE: Final = ADVANCE
_ADVANCE_CITY: Final = _city_ahead(ADVANCE)
_CW_CITY: Final = _city_ahead(CLOCKWISE)
_CCW_CITY: Final = _city_ahead(COUNTER_CLOCKWISE)
_FROM_TANK: Final = tuple(RING_OF[sp] == Ring.TANK for sp in range(NUM_SPACES))  # inward past a fortification
_SPACE: Final = Site.SPACE
_FORT: Final = Site.FORT
_BUILDING: Final = Site.BUILDING
_COLLIDE: Final = Job.COLLIDE
_HIT: Final = Ask.HIT
# "2 enemies move" by count
_MOVED: Final = tuple(f"{n} enem{'y moves' if n == 1 else 'ies move'}" for n in range(RESERVE_SIZE + 1))
# Jobs are never mutated once scheduled: one list each serves all.
_CHECK_WIN_JOB: Final = [Job.CHECK_WIN]
_REVEAL_JOB: Final = [Job.REVEAL]
_NO_FORT: Final = (False,) * NUM_SPACES  # sideways moves never attack a fortification (SG-MOVE-08)
_REAR_SPACE: Final = {s: space(s, Ring.REAR) for s in SECTORS}
_SPACE_NAME = tuple(space_name(sp) for sp in range(NUM_SPACES))
# " aviation 5 -> artillery 5" by (from, to): every move event names each step (30 x 30 texts).
_STEP_TEXT: Final = tuple(tuple(f" {_SPACE_NAME[frm]} -> {_SPACE_NAME[to]}" for to in range(NUM_SPACES))
                   for frm in range(NUM_SPACES))  # fmt: skip


def _moved_words(tags: tuple[str, ...], steps: tuple[tuple[int, int, int], ...]) -> str:
    """ "2 enemies move: Tiger E #17 aviation 5 -> artillery 5, Sd.Kfz. 140/1 #0 ..." (who moved
    where, so a person can follow the board; the count alone is the event's data) from each step's
    (token, from, to). The move event's lazy text (core `words`): worded only when read, the most
    said and longest text of a loud playout (speed, issue 15; docs/speed.md, session 13)."""
    moves = ", ".join([tags[tid] + _STEP_TEXT[frm][to] for tid, frm, to in steps])
    return f"{_MOVED[len(steps)]}: {moves}"


def _group(st: SiegeState, tids: list[int]) -> str:
    tag = st.facts.token_tag
    return ", ".join([tag[tid] for tid in tids])


def sideways(st: SiegeState, clockwise: bool) -> None:
    """All enemies step to the same ring of the next sector (SG-EVT-02/03, SG-MOVE-08)."""
    if clockwise:
        advance(st, st.pos, CLOCKWISE, _CW_CITY, _NO_FORT)
    else:
        advance(st, st.pos, COUNTER_CLOCKWISE, _CCW_CITY, _NO_FORT)


def advance(
    st: SiegeState,
    movers: Iterable[int],
    step: tuple[int, ...] = _ADVANCE,
    city_ahead: tuple[int, ...] = _ADVANCE_CITY,
    fort_ahead: tuple[bool, ...] = _FROM_TANK,
) -> None:
    """One movement event: the given enemies advance one step together (SG-MOVE-01..07), or, with
    the other tables, step sideways (`sideways`). Destinations come from the positions before the
    event; enemies hitting the same fortification or building form one group (SG-MOVE-05). The
    hedgehog's enemy stays (SG-CARD-07)."""
    groups: dict[tuple[int, Site], list[int]] = {}
    pos, fort, building, hedgehog = st.pos, st.fort, st.building, st.hedgehog
    order = sorted(movers)  # a new list: pos changes below
    steps = []  # (token, from, to) of those that step: not the hedgehog's, nor those that collide
    for tid in order:
        if tid == hedgehog:
            continue
        here = pos[tid]
        s = city_ahead[here]
        if s:
            if fort_ahead[here] and fort[s - 1]:
                groups.setdefault((s, _FORT), []).append(tid)  # attacks F(s) (SG-MOVE-03)
                continue
            if building[s - 1]:
                groups.setdefault((s, _BUILDING), []).append(tid)  # SG-CITY-02/03
                continue
        pos[tid] = to = step[here]
        steps.append((tid, here, to))
    if steps:
        st.changes[BOARD] += 1  # speed (issue 18)
        st.say("move", (_moved_words, st.facts.token_tag, tuple(steps)), count=len(steps))
    if groups:  # collisions by sector, then the win check; pushed in reverse (a stack)
        st.agenda.append(_CHECK_WIN_JOB)
        for (s, kind), tids in sorted(groups.items(), reverse=True):
            st.agenda.append([_COLLIDE, kind, s, tids])
    elif not st.pos:  # nothing to resolve: check at once what a ["check_win"] job would (it needs
        check_win(st)  # an empty board, SG-END-02)


def collide(st: SiegeState, job: list[Any]) -> None:
    """A group strikes a fortification or a building: the structure suffers once, and one enemy
    of the group takes 1 damage (SG-FORT-01..05, SG-CITY-02..05). A lone enemy takes it: there is
    nothing to pick (SG-FORT-01, SG-CITY-02). Of several the team picks one (SG-FORT-02,
    SG-CITY-03); when they are all alike that pick has one option and the engine takes it (the
    `hit` kind is forced)."""
    _, kind, s, tids = job
    who = f"{_group(st, tids)} strike{'s' * (len(tids) == 1)}"
    if kind == _FORT:
        if st.dot[s - 1]:
            st.dot[s - 1] = False  # the DOT absorbs the attack; the fortification stands (SG-FORT-03)
            st.say("dot_lost", f"{who} fortification {s}: its DOT absorbs the "
                   "attack", sector=s)  # fmt: skip
        else:
            st.fort[s - 1] = False
            st.say("fort_destroyed", f"{who} fortification {s}: it is destroyed",
                   sector=s)  # fmt: skip
    else:
        st.say("building_struck", f"{who} building {s}", sector=s, enemies=tids)
        zones.destroy_building(st, s)
        if st.result:
            return
    if len(tids) == 1:
        finish_collision(st, kind, s, tids, tids[0])
    else:
        st.decide(_HIT, st.decider(), kind, s, tids)


def _distinct(st: SiegeState, tids: list[int]) -> list[int]:
    """One representative per (kind, armour): picking between equal enemies is no choice."""
    seen: dict[tuple[int, int], int] = {}
    kind_of, armour = st.facts.token_kind_of, st.armour
    for tid in tids:
        seen.setdefault((kind_of[tid], armour[tid]), tid)
    return sorted(seen.values())


def hit_choices(st: SiegeState) -> list[Action]:
    """One enemy of each distinct (kind, armour) in the group; the first of them when all are
    alike, which is the group's first enemy (SG-FORT-02)."""
    assert st.decision is not None
    hit = st.facts.hit
    return [hit[tid] for tid in _distinct(st, st.decision[4])]


def apply_hit(st: SiegeState, action: SiegeAction) -> None:
    assert st.decision is not None
    _, _, kind, s, tids = st.decision
    st.decision = None
    finish_collision(st, kind, s, tids, action.b)


def finish_collision(st: SiegeState, kind: str, s: int, tids: list[int], victim: int) -> None:
    """Damage the chosen enemy (no trophy); survivors stay in TANK(s) after a fortification, or
    move into the ruined building's cell (SG-FORT-01/02, SG-CITY-03)."""
    zones.damage(st, victim, None, "the fortification" if kind == _FORT else f"building {s}'s collapse")
    if kind == _BUILDING:
        city = space(s, Ring.CITY)
        for tid in tids:
            if tid in st.pos:
                st.pos[tid] = city
        st.changes[BOARD] += 1  # speed (issue 18)


# -- tokens -----------------------------------------------------------------------------------
def resolve_token(st: SiegeState, tid: int, sector: int | None) -> None:
    """Resolve a token from the reserve or the Field Marshal's hand (SG-REVEAL-02..04, SG-FM-07)."""
    facts = st.facts
    kind = facts.token_kind_of[tid]
    if st.staged and tid in st.staged:
        st.staged.remove(tid)
    if facts.plain_vehicle[kind]:  # it stays on the board, so no win can follow: nothing to check
        place_vehicle(st, tid, sector, kind)
        return
    st.agenda.append(_CHECK_WIN_JOB)  # once all the resolution schedules has run (SG-END-03)
    if facts.vehicle[kind]:
        place_vehicle(st, tid, sector, kind)
        return
    token = st.content.tokens[kind]
    st.changes[ENEMY_DISCARD] += 1  # speed (issue 18): either branch discards it
    if token.token_class == TokenClass.BOMBER:
        st.enemy_discard.append(tid)
        he111(st, tid)
    else:
        st.enemy_discard.append(tid)
        st.say("event", f"event: {token.name}", token=tid, kind=token.kind)
        EVENTS[token.kind](st)


def place_vehicle(st: SiegeState, tid: int, sector: int | None, kind: int) -> None:
    """Put a vehicle (token `tid` of token kind `kind`) in REAR of a rolled (or, for the Field
    Marshal's option A, chosen) sector at full armour, then apply a special vehicle's arrival
    ability (SG-REVEAL-02/03, SG-SPEC)."""
    facts = st.facts
    rolled = sector is None
    if sector is None:
        sector = st.rng.die()
    st.pos[tid] = _REAR_SPACE[sector]
    st.armour[tid] = facts.token_armour[kind]
    st.changes[BOARD] += 1  # speed (issue 18)
    name = facts.token_kind[kind]
    st.say("enemy_arrives", facts.arrival_text[kind][sector][rolled],
           token=tid, kind=name, sector=sector, rolled=rolled)  # fmt: skip
    ability = SPECIALS.get(name)
    if ability is not None:
        ability(st, tid, sector)


def _pz2(st: SiegeState, _tid: int, _sector: int) -> None:
    """Three more tokens revealed from the reserve (SG-SPEC-01, queued per SG-REVEAL-05; fewer if
    it runs short, SG-REVEAL-06). Played by the Field Marshal it keeps this ability: the tokens
    are revealed and resolved as in phase 6, never through his hand (SG-FM-11, SG-FM-12)."""
    if st.facts.marshal_seat >= 0:  # no phase 6 in this mode: start a reveal loop (an extra one
        st.agenda.append(_REVEAL_JOB)  # inside a running loop finds the shared count and is done)
    st.reveals += 3


def _pz4(st: SiegeState, _tid: int, sector: int) -> None:
    """Enemies in sectors of its colour advance one step, itself included (SG-SPEC-02)."""
    in_colour = IN_COLOUR[colour_of(sector)]
    advance(st, [t for t, sp in st.pos.items() if in_colour[sp]])


def _maus(st: SiegeState, _tid: int, _sector: int) -> None:
    """Every enemy on the board advances one step (SG-SPEC-03)."""
    advance(st, st.pos)


def _panther(st: SiegeState, _tid: int, _sector: int) -> None:
    """Every damaged enemy regains 1 armour, never above its start (SG-SPEC-04, SG-DEF-06); the
    hedgehog does not stop it (SG-SPEC-07)."""
    kinds, tokens = st.content.token_kind_of, st.content.tokens
    healed = 0
    for tid in st.pos:
        if st.armour[tid] < tokens[kinds[tid]].armour:
            st.armour[tid] += 1
            healed += 1
    st.changes[BOARD] += 1  # speed (issue 18)
    regain = "y regains" if healed == 1 else "ies regain"
    st.say("repair_enemy", f"Panther G: {healed} damaged enem{regain} 1 armour")


SPECIALS: Final = {Token.PZ2: _pz2, Token.PZ4: _pz4, Token.MAUS: _maus, Token.PANTHER: _panther}


def extra_reveals(st: SiegeState, n: int) -> None:
    """Reveal 3/4: queue n more reveals after the current ones (SG-REVEAL-05), or in Field
    Marshal mode let him draw n and play up to n (SG-FM-10, SG-FM-12)."""
    if st.facts.marshal_seat >= 0:
        marshal.grant_extra(st, n)
    else:
        st.reveals += n


# -- events -----------------------------------------------------------------------------------
def _colour_moves(colour: Colour) -> Any:
    in_colour = IN_COLOUR[colour]

    def event(st: SiegeState) -> None:
        """Every enemy in a sector of the colour advances (SG-EVT-01)."""
        advance(st, [t for t, sp in st.pos.items() if in_colour[sp]])

    return event


def _diversion(ring: Ring) -> Any:
    def event(st: SiegeState) -> None:
        """Every defender discards the strike cards of the ring (SG-EVT-04..07, SG-FM-14)."""
        g = st.facts
        strikes = g.ring_strike[ring]  # the cards zones.is_ring_strike accepts
        for p, hand in enumerate(st.hands):
            lost = []
            for k in hand:
                if k in strikes:
                    lost.append(k)
            for k in lost:
                zones.discard_from_hand(st, p, k)
            if lost:
                names = ", ".join([g.card_name[k] for k in lost])
                st.say("diversion", f"player {p} discards {names}", player=p,
                       cards=[g.card_kind[k] for k in lost])  # fmt: skip

    return event


def _discard_one(st: SiegeState) -> None:
    st.push([Job.DISCARD_ONE, 0])


def discard_one_step(st: SiegeState, job: list[Any]) -> None:
    """Each defender with cards discards one of his choice, in turn order from the active
    player (SG-EVT-08/09)."""
    i = int(job[1])
    n = st.facts.defenders
    if i >= n:
        return
    st.push([Job.DISCARD_ONE, i + 1])
    p = (st.active + i) % n
    if st.hands[p]:
        st.decide(Ask.DISCARD, p)  # asked even with one kind in hand (not forced: see dispatch)


def discard_choices(st: SiegeState) -> list[Action]:
    p = st.current_player()
    return [st.table.discard[k] for k in sorted(set(st.hands[p]))]


def apply_discard(st: SiegeState, action: SiegeAction) -> None:
    p = st.current_player()
    zones.discard_from_hand(st, p, action.a)
    st.say("discard", f"player {p} discards {st.facts.card_name[action.a]}", player=p,
           card=st.facts.card_kind[action.a])  # fmt: skip
    st.decision = None


EVENTS: Final = {
    **{kind: _colour_moves(colour) for kind, colour in COLOUR_MOVES.items()},
    **{kind: partial(sideways, clockwise=clockwise) for kind, clockwise in SIDEWAYS.items()},
    **{kind: _diversion(ring) for kind, ring in DIVERSIONS.items()},
    Token.DISCARD_ONE: _discard_one,
    **{kind: partial(extra_reveals, n=n) for kind, n in REVEALS.items()},
}


# -- the He-111 ---------------------------------------------------------------------------------
def he111(st: SiegeState, _tid: int) -> None:
    """Roll a sector and fly the path, destroying every enemy met (hedgehog or not), until the
    first structure, which it removes (SG-HE-01..07)."""
    s = st.rng.die()
    st.say("he111", f"He-111 bomber rolls sector {s}", sector=s)
    on: dict[int, list[int]] = {}  # enemies by space, read once: the path never revisits a space
    for tid, sp in st.pos.items():
        on.setdefault(sp, []).append(tid)
    for what, x in HE111_PATH[s]:
        if what is _SPACE:
            for tid in sorted(on.get(x, ())):
                zones.destroy_otherwise(st, tid, "the He-111")
        elif what is _FORT and st.fort[x - 1]:
            if st.dot[x - 1]:
                st.dot[x - 1] = False
                st.say("dot_lost", f"the He-111 destroys the DOT on fortification {x}", sector=x)
            else:
                st.fort[x - 1] = False
                st.say("fort_destroyed", f"the He-111 destroys fortification {x}", sector=x)
            return
        elif what is _BUILDING and st.building[x - 1]:
            zones.destroy_building(st, x)
            return
    st.say("he111_through", "the He-111 flies across the whole board")
