"""The round and its Events phase (metro2033.md §3.5 RND, §3.6 EVT, §3.7 LAW): the round track,
start-of-Events laws, income, the threat from the tunnels, and the law vote."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.core.engine import MUTED, Decision
from warroom.games.metro2033 import names
from warroom.games.metro2033.actions import ANNOUNCE_ARMY, ANNOUNCE_HERO, COLONIZE, TAX, A, MetroAction
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.changes import LAWS
from warroom.games.metro2033.rules.battle import fight_on
from warroom.games.metro2033.rules.common import (
    C,
    active_law,
    army_reach,
    can_pay,
    can_take_station,
    capture,
    draw,
    gain,
    has_faction,
    order,
    pay,
    say_peek,
    stations_of,
)
from warroom.games.metro2033.rules.kinds import kind
from warroom.games.metro2033.words import RESOURCES, Faction, Law, Resource, StationKind

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_FACTION_C05: Final = Faction.C05
_FACTION_C05_VALUE: Final = Faction.C05.value
_LAW_COLONIZATION: Final = Law.COLONIZATION
_LAW_TAXATION: Final = Law.TAXATION
_STATION_CAPTURABLE: Final = StationKind.CAPTURABLE

HERO_UNIT: Final = 1  # ann[seat] = station * 2 + HERO_UNIT when the hero defends (M33-EVT-07)


def _round(st: MetroState, _job: list[Any]) -> None:
    """M33-RND-01: Events, Mobilization, Army actions, Hero actions, End of round; M33-RND-03:
    the round token's space (round 1 on S, then the loop of 9)."""
    st.round += 1
    space = C.board.round_track.space_for_round(st.round)
    st.say("round", f"round {st.round} begins (space {space.space}: {_SYMBOLS[space.symbols]})", None,
           round=st.round, space=space.space)  # fmt: skip
    seats = order(st)
    # M33-EVT-01's jobs do something only under Taxation or Colonization, and nothing can pass
    # a law before they run (speed, issue 15: the agenda at every decision is the same)
    law = active_law(st)
    start_laws = law in _START_LAWS
    jobs: list[list[Any]] = [["start_law", p] for p in seats] if start_laws else []
    if space.resources and start_laws:
        jobs += [["income", p] for p in seats]
    if space.has_law:
        jobs += [["law_reveal"], *(["vote", p] for p in seats), ["vote_end"]]
    if space.has_threat:
        jobs += [*(["announce", p] for p in seats), ["threat_reveal"], *(["efight", p] for p in seats)]
        jobs.append(["threat_discard"])
    jobs += [["mob", p] for p in seats]
    jobs += [["army", p] for p in seats]
    jobs += [["hero", p] for p in seats]
    jobs.append(["end_round"])
    st.push(*jobs)
    if space.resources and not start_laws:  # the income jobs come first: they run now
        _incomes(st, seats)


def _incomes(st: MetroState, seats: list[int]) -> None:
    """Each seat's income job, run here in turn order (speed, issue 12: as the agenda would run
    them next). A Polis station's choice of resource (M33-EVT-04) schedules a job that asks;
    the later seats' income jobs then wait beneath it as the jobs they were, so the agenda at
    every decision is the one a job per seat left."""
    agenda = st.agenda
    for i, seat in enumerate(seats):
        mark = len(agenda)
        _income(st, ["income", seat])
        if len(agenda) > mark:
            agenda[mark:mark] = [["income", later] for later in reversed(seats[i + 1 :])]
            return


# ---------------------------------------------------------------- start-of-Events laws

_START_LAWS: Final = (Law.TAXATION, Law.COLONIZATION)


def _start_law(st: MetroState, job: list[Any]) -> None:
    """M33-EVT-01: Taxation or Colonization, in turn order, before the space's symbols."""
    seat = int(job[1])
    law = active_law(st)
    if law == _LAW_TAXATION:
        st.decide("tax", seat)
    elif law == _LAW_COLONIZATION and _colony_options(st, st.rules.asked["colon"][seat]) != [A("pass")]:
        st.decide("colon", seat)


def _tax_options(_st: MetroState, _d: Decision) -> list[MetroAction]:
    return list(TAX)


def _tax(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-LAW-03: every player gains 1 resource of their choice."""
    r = action.resource
    assert r is not None
    got = gain(st, d[1], r)
    st.say(
        "tax",
        f"{st.does(d[1], 'take')} {names.resource(r, got)} (Taxation)",
        None,
        player=d[1],
        resource=r.value,
    )


def colony_targets(st: MetroState, seat: int) -> list[int]:
    """M33-LAW-06: in-play neutral non-Polis stations army-reachable from an owned station."""
    if not can_take_station(st, seat):
        return []
    reach = BOARD.army_reach(stations_of(st, seat), [s for s in BOARD.polis if st.owner[s] < 0], st.inplay)
    return sorted(s for s in reach if BOARD.kind[s] == _STATION_CAPTURABLE and st.owner[s] < 0)


_PASS: Final = A("pass")


def _colony_options(st: MetroState, d: Decision) -> list[MetroAction]:
    cost = C.laws[_LAW_COLONIZATION].colonize_cost
    options = [_PASS]
    if can_pay(st, d[1], cost):
        options += [COLONIZE[s] for s in colony_targets(st, d[1])]
    return options


def _colony(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-LAW-06: pay 2 M + 2 P + 2 A and capture; neither "with army" nor "with hero"."""
    if action.verb == "pass":
        return
    pay(st, d[1], C.laws[_LAW_COLONIZATION].colonize_cost)
    capture(st, d[1], action.station, "Colonization")


# ---------------------------------------------------------------- income


def _income(st: MetroState, job: list[Any]) -> None:
    """M33-EVT-03..05: each owned non-Polis station of a shown resource gives 1 (2 on S); each
    owned Polis 1 of a shown resource, chosen when two or more are shown (M33-EVT-04)."""
    seat = int(job[1])
    space = C.board.round_track.space_for_round(st.round)
    shown, times = space.resources, space.times
    # Speed (issue 15): each resource's income summed, then taken from the reserve at once (a
    # short reserve gives the same as station by station: M33-GEN-05)
    got = dict.fromkeys(shown, 0)
    for s in stations_of(st, seat):
        if _IS_POLIS[s]:
            if len(shown) == 1:
                got[shown[0]] += times
            else:
                st.push(["polis_income", seat, s])
            continue
        made = _MADE[s]
        if made is not None and made in got:
            got[made] += times
    for r, n in got.items():
        if n:
            gain(st, seat, r, n)
    if st.events is not MUTED:  # speed, as in battle._declare
        st.say("income", (_collected, st.faction[seat], seat, tuple(st.res[seat])), None, player=seat)


def _collected(faction: str, seat: int, held: tuple[int, ...]) -> str:
    """The income said, as a lazy event text words it: "the Red Line collects income and now
    holds 2 mushrooms, 1 pig and 3 ammo"."""
    return (
        f"{names.does(faction, seat, 'collect')} income and now {names.verb(faction, 'hold')} {_held(held)}"
    )


# each station: whether it is a Polis station (one of the shown resources), and the resource it
# makes at income otherwise (None if none)
_IS_POLIS: Final[tuple[bool, ...]] = tuple(BOARD.kind[s] == StationKind.POLIS for s in range(BOARD.size))
_MADE: Final[tuple[Resource | None, ...]] = tuple(
    BOARD.produces[s][0] if BOARD.produces[s] else None for s in range(BOARD.size)
)
_SYMBOLS: Final = {  # a space's symbols in words, for the round's event ("mushrooms, a law vote")
    symbols: ", ".join(names.SYMBOL_WORDS[x] for x in symbols)
    for symbols in {space.symbols for space in (C.board.round_track.start, *C.board.round_track.loop)}
}


_HELD: Final[dict[tuple[int, ...], str]] = {}  # holdings in words, built once each (speed)


def _holding(st: MetroState, seat: int) -> str:
    """ "2 mushrooms, 1 pig and 3 ammo": what the seat holds."""
    return _held(tuple(st.res[seat]))


def _held(held: tuple[int, ...]) -> str:
    """ "2 mushrooms, 1 pig and 3 ammo": resources held, by count in the order of RESOURCES."""
    said = _HELD.get(held)
    if said is None:
        said = _HELD[held] = names.amounts(zip(RESOURCES, held, strict=True))
    return said


def _polis_job(st: MetroState, job: list[Any]) -> None:
    st.decide("polis", int(job[1]), int(job[2]))


def _polis_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A(f"income {r}") for r in C.board.round_track.space_for_round(st.round).resources]


def _polis(st: MetroState, action: MetroAction, d: Decision) -> None:
    r = Resource(action.part("resource"))
    times = C.board.round_track.space_for_round(st.round).times
    got = gain(st, d[1], r, times)
    st.say(
        "income",
        f"{st.does(d[1], 'take')} {names.resource(r, got)} from {names.STATION[d.data[0]]}",
        None,
        player=d[1],
    )


# ---------------------------------------------------------------- the threat from the tunnels


def _announce_job(st: MetroState, job: list[Any]) -> None:
    """M33-EVT-07: a player with no station announces nothing and does not fight."""
    seat = int(job[1])
    st.ann[seat] = -1
    if st.held[seat]:  # any station (MetroState.held, speed)
        st.decide("announce", seat)


def _announce_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-EVT-07: one owned station, defended by the army, or by the hero standing there."""
    seat = d[1]
    options = []
    for s in stations_of(st, seat):
        options.append(ANNOUNCE_ARMY[s])
        if st.hero_at[seat] == s:
            options.append(ANNOUNCE_HERO[s])
    return options


def _announce(st: MetroState, action: MetroAction, d: Decision) -> None:
    s, seat = action.station, d[1]
    unit = str(action.part("unit"))
    st.ann[seat] = s * 2 + (HERO_UNIT if unit == "hero" else 0)
    if st.events is not MUTED:  # speed, as in battle._declare
        said = ("{} {} with {} {}", st.does(seat, "defend"), names.STATION[s], st.its(seat), unit)
        st.say("announce", said, None, player=seat)


def _threat_reveal(st: MetroState, _job: list[Any]) -> None:
    """M33-EVT-08: the top threat card is revealed."""
    card = draw(st, st.t_deck, st.t_disc)
    st.ethreat = -1 if card is None else card
    if card is not None:
        st.show_all(card)
        st.say("threat", f"the threat from the tunnels: {C.threats[CARD[card]].name}", None, card=CARD[card])


def _efight(st: MetroState, job: list[Any]) -> None:
    """M33-EVT-09..12: each player fights the same card in turn, at the announced station; one
    whose station is no longer theirs does not fight."""
    seat = int(job[1])
    a = st.ann[seat]
    if a < 0 or st.ethreat < 0:
        return
    s, unit = a // 2, ("hero" if a % 2 == HERO_UNIT else "army")
    if st.owner[s] != seat:
        st.say(
            "no_fight",
            f"{st.name(seat)} no longer {st.verb(seat, 'hold')} {names.STATION[s]}: no fight",
            None,
            player=seat,
        )
        return
    st.bt = dict(
        kind="threat",
        events=True,
        aseat=-1,
        aunit="threat",
        dseat=seat,
        dunit=unit,
        station=s,
        threat=st.ethreat,
        ma=0,
        md=0,
        ca="",
        cd="",
        target="station",
    )
    fight_on(st)


def _threat_discard(st: MetroState, _job: list[Any]) -> None:
    """M33-DECK-06: the card goes to the discard after the last fight."""
    if st.ethreat >= 0:
        st.t_disc.append(st.ethreat)
        st.ethreat = -1


# ---------------------------------------------------------------- the law vote


def _law_reveal(st: MetroState, _job: list[Any]) -> None:
    """M33-EVT-14 / M33-FAC-04: the Confederation of 1905 may peek at the top 2 first."""
    if _FACTION_C05_VALUE in st.faction:
        st.decide("c05", st.faction.index(_FACTION_C05_VALUE))
    else:
        _propose(st, st.law_deck.pop())


def _c05_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A("c05 peek"), A("c05 skip")] if len(st.law_deck) >= 2 else [A("c05 skip")]


def _c05(st: MetroState, action: MetroAction, d: Decision) -> None:
    if action.part("choice") == "skip":
        _propose(st, st.law_deck.pop())
        return
    st.drawn = [st.law_deck.pop(), st.law_deck.pop()]
    for card in st.drawn:
        st.show(card, d[1])
    say_peek(st, d[1], ("c05_peek", "c05_seen"), "the top 2 law cards", st.drawn)
    st.decide("propose", d[1])


def _propose_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A(f"propose {CARD[c]}") for c in st.drawn]


def _propose_chosen(st: MetroState, action: MetroAction, _d: Decision) -> None:
    """M33-FAC-04 / M33-HID-04: the other card goes to the bottom unseen by the others."""
    wanted = action.part("card")
    chosen = next(c for c in st.drawn if CARD[c] == wanted)
    other = next(c for c in st.drawn if c != chosen)
    st.law_deck.insert(0, other)
    st.drawn = []
    _propose(st, chosen)


def _propose(st: MetroState, card: int) -> None:
    st.proposal = card
    st.changes[LAWS] += 1  # speed (issue 18)
    st.tally = [0, 0]
    st.show_all(card)
    st.say("law", f"the law put to the vote: {C.laws[Law(CARD[card])].name}", None, card=CARD[card])


def votes(st: MetroState, seat: int) -> int:
    """M33-EVT-15 / M33-EVT-19: stations owned, +3 for the Confederation of 1905. The stations
    are counted from the seat's bit set (`held`, kept with the tokens by `set_owner`), not over
    the 78 owners: the observation asks whenever a seat's numbers change (speed, issue 18)."""
    return st.held[seat].bit_count() + (3 if has_faction(st, seat, _FACTION_C05) else 0)


def _vote_job(st: MetroState, job: list[Any]) -> None:
    st.decide("vote", int(job[1]))


_VOTES: Final = (A("vote for"), A("vote against"))
_CHOICE: Final = tuple(str(vote.part("choice")) for vote in _VOTES)  # "for", "against": a vote's words


def _vote_options(_st: MetroState, _d: Decision) -> list[MetroAction]:
    return list(_VOTES)


def _vote(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-EVT-15: all of a player's votes one way, openly, in turn order."""
    seat = d[1]
    n = votes(st, seat)
    side = 0 if action.text == "vote for" else 1  # speed: no part looked up
    st.tally = [st.tally[0] + (n if side == 0 else 0), st.tally[1] + (n if side == 1 else 0)]
    if st.events is not MUTED:  # speed, as in battle._declare
        said = ("{} {} {} {}", st.does(seat, "cast"), n, "vote" if n == 1 else "votes", _CHOICE[side])
        st.say("vote", said, None, player=seat)


def _vote_end(st: MetroState, _job: list[Any]) -> None:
    """M33-EVT-16..18: strictly more for enacts it and the old law goes to the bottom; otherwise
    the new card goes to the bottom and the old law stays (M33-DECK-02)."""
    card, (yes, no) = st.proposal, st.tally
    st.proposal, st.tally = -1, [0, 0]
    st.changes[LAWS] += 1  # speed (issue 18): the proposal, and the law if it passes
    if yes > no:
        if st.law >= 0:
            st.law_deck.insert(0, st.law)
        st.law = card
        st.say("law_passed", f"{C.laws[Law(CARD[card])].name} passes {yes}:{no}", None, card=CARD[card])
    else:
        st.law_deck.insert(0, card)
        st.say(
            "law_rejected", f"{C.laws[Law(CARD[card])].name} is rejected {yes}:{no}", None, card=CARD[card]
        )


KINDS: Final = [
    kind("tax", _tax_options, _tax),
    kind("colon", _colony_options, _colony),
    kind("polis", _polis_options, _polis),
    kind("announce", _announce_options, _announce),
    kind("c05", _c05_options, _c05),
    kind("propose", _propose_options, _propose_chosen),
    kind("vote", _vote_options, _vote),
]
JOBS: Final = {
    "round": _round,
    "start_law": _start_law,
    "income": _income,
    "polis_income": _polis_job,
    "announce": _announce_job,
    "threat_reveal": _threat_reveal,
    "efight": _efight,
    "threat_discard": _threat_discard,
    "law_reveal": _law_reveal,
    "vote": _vote_job,
    "vote_end": _vote_end,
}
__all__ = ["HERO_UNIT", "JOBS", "KINDS", "army_reach", "colony_targets", "votes"]
