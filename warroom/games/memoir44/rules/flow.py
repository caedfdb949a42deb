"""Turn structure (M44-TURN-01..05): play a card, order, move, battle, draw; then the other
side's turn, until a side reaches its medals (M44-MEDAL-06). The core engine runs the agenda;
these are the jobs that start and end a turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.words import DRAW, SIDE_TITLES, Kind

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def turn(st: M44State, _job: list[Any]) -> None:
    """A new turn: the active side's chief plays a card (M44-TURN-02/03)."""
    n = len(st.unit_hex)
    st.turn += 1
    st.effect, st.section, st.fallback = "", -1, False
    st.quotas = [0] * len(st.quotas)
    st.chosen, st.tfh, st.air, st.moved_again = [], [], [], []
    st.ambusher = -1
    st.ordered = [False] * n
    st.moved = [-1] * n
    st.battles = [0] * n
    st.no_battle = [False] * n
    st.overrun = [False] * n
    st.commander = st.m44.chief(st.active)
    st.say("turn", ("turn {}: the {}", st.turn, SIDE_TITLES[st.active]), side=st.active, turn=st.turn)
    st.decide(Kind.CARD, st.commander)


def next_turn(st: M44State, _job: list[Any]) -> None:
    """Players alternate (M44-TURN-01); an engine bound ends an endless game as a draw."""
    st.turns_taken[st.active] += 1
    st.active = 1 - st.active
    if st.turn >= st.m44.max_turns:
        st.finish_with(DRAW, f"no side won within {st.m44.max_turns} turns: a draw")
        return
    st.push(["turn"])
