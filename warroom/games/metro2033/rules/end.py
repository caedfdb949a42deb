"""End of round and victory (metro2033.md §3.22 END) and the move to stage II (§3.21 STG)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.changes import SEAT
from warroom.games.metro2033.rules.common import RL_WIN_VP, STAGE_II_VP, WIN_VP, draw, order, vp
from warroom.games.metro2033.words import Faction

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_FACTION_RL: Final = Faction.RL


def meets_victory(st: MetroState, seat: int) -> bool:
    """M33-END-02: 10 VP (Red Line 9, M33-FAC-01), or all 4 Polis stations."""
    target = RL_WIN_VP if st.faction[seat] == _FACTION_RL else WIN_VP  # has_faction, inlined
    if st.held[seat].bit_count() + len(st.done[seat]) >= target:  # vp(), inlined (speed, issue 15)
        return True
    owner = st.owner
    return owner[_POLIS_0] == seat and all(owner[s] == seat for s in BOARD.polis)


_POLIS_0: Final = BOARD.polis[0]  # asked first: rarely the seat's, so the rest is rarely looked at


def round_winner(st: MetroState) -> int | None:
    """M33-END-03: of those meeting a condition, the nearest the first player, clockwise."""
    n, first = len(st.faction), st.first
    for i in range(n):
        if meets_victory(st, (first + i) % n):  # turn order (common.order), without the list
            return (first + i) % n
    return None


def _end_round(st: MetroState, _job: list[Any]) -> None:
    """M33-END-01: victory, scouting expiry and resets, first player, round token, stage check."""
    won = round_winner(st)
    if won is not None:
        st.result = [won]
        st.say("victory", f"{st.does(won, 'win')} with {vp(st, won)} VP", None, player=won)
        st.finish()
        return
    for seat in range(st.metro.num_players):  # M33-END-04 / M33-HAC-09
        if st.scouts[seat] and st.scout_round[seat] < st.round:
            st.t_deck.insert(0, st.scouts[seat].pop())
            st.changes[SEAT + seat] += 1  # speed (issue 18)
            st.say(
                "scout_expires",
                f"{st.whose(seat)} scouting card goes under the threat deck",
                None,
                player=seat,
            )
    st.used = []  # M33-END-05
    n = st.metro.num_players
    st.refreshed = [False] * n
    st.got_quest = [False] * n
    st.anywhere = [False] * n
    st.first = (st.first + 1) % n  # M33-END-06
    if st.round >= int(st.metro.options["max_rounds"]):  # the round guard: no rule, see game.py
        st.result = []
        st.say("round_guard", f"the game stops after {st.round} rounds without a winner", None)
        st.finish()
        return
    draws: list[list[Any]] = []
    if st.stage == 1 and any(vp(st, seat) >= STAGE_II_VP for seat in range(n)):  # M33-STG-02
        draws = _stage_two(st)
    if draws:  # M33-END-07: the round token moves when the next round begins
        st.push(*draws, ["round"])
    else:  # speed (issue 12): the next round's job now (events.py's), as the agenda would run it
        st.rules.jobs["round"](st, _ROUND)


_ROUND: Final = ["round"]


def _stage_two(st: MetroState) -> list[list[Any]]:
    """M33-STG-03: stage-I threats (deck, discard, held scouting cards) leave the game; the
    stage-II deck is shuffled; limits rise to 3; each player draws 2 equipment and keeps 1."""
    st.stage = 2
    st.gone = [*st.gone, *st.t_deck, *st.t_disc, *(c for s in st.scouts for c in s)]
    st.show_all(*st.gone)
    st.t_deck, st.t_disc = st.t2_deck, []
    st.t2_deck = []
    st.scouts = [[] for _ in st.scouts]
    for seat in range(len(st.scouts)):  # speed (issue 18)
        st.changes[SEAT + seat] += 1
    st.rng.shuffle(st.t_deck)
    st.say("stage", "stage II begins: tougher threats, equipment limit 3", None)
    return [["stage_draw", seat] for seat in order(st)]


def _stage_draw(st: MetroState, job: list[Any]) -> None:
    """M33-STG-03 step 4 / M33-STG-04: draw 2 (or what exists), keep 1."""
    seat = int(job[1])
    st.drawn = []
    for _ in range(2):
        card = draw(st, st.eq_deck, st.eq_disc)
        if card is not None:
            st.drawn.append(card)
            st.show_all(card)
    if st.drawn:
        st.decide("keep", seat)


JOBS: Final = {"end_round": _end_round, "stage_draw": _stage_draw}
