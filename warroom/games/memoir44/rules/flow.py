"""Turn structure and the agenda runner (M44-TURN-01..05): play a card, order, move, battle,
draw; then the other side's turn, until a side reaches its medals (M44-MEDAL-06)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.rules import battle, cards, draw, movement, retreat
from warroom.games.memoir44.rules.agenda import decide, end_game, push
from warroom.games.memoir44.rules.units import SIDE_TITLE

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State


def run(st: M44State) -> None:
    """Run agenda jobs until a decision is needed or the game ends."""
    while st.decision is None and st.result < 0:
        if not st.agenda:
            raise AssertionError("memoir44 agenda ran dry without a decision")  # a rules bug, not input
        job = st.agenda.pop()
        JOBS[job[0]](st, job)


def _turn(st: M44State, _job: list[Any]) -> None:
    """A new turn: the active side's chief plays a card (M44-TURN-02/03)."""
    n = len(st.unit_hex)
    st.turn += 1
    st.effect, st.section, st.fallback = "", -1, False
    st.quotas = [0] * 7
    st.chosen, st.tfh, st.air, st.moved_again = [], [], [], []
    st.ambusher = -1
    st.ordered = [False] * n
    st.moved = [-1] * n
    st.battles = [0] * n
    st.no_battle = [False] * n
    st.overrun = [False] * n
    st.commander = st.game.chief(st.active)
    st.say("turn", f"turn {st.turn}: the {SIDE_TITLE[st.active]}", side=st.active, turn=st.turn)
    decide(st, "card", st.commander)


def _next_turn(st: M44State, _job: list[Any]) -> None:
    """Players alternate (M44-TURN-01); an engine bound ends an endless game as a draw."""
    st.turns_taken[st.active] += 1
    st.active = 1 - st.active
    if st.turn >= st.game.max_turns:
        end_game(st, 2, f"no side won within {st.game.max_turns} turns: a draw")
        return
    push(st, ["turn"])


JOBS: dict[str, Callable[[M44State, list[Any]], None]] = {
    "turn": _turn,
    "next_turn": _next_turn,
    "orders": cards.orders_step,
    "dig_in": cards.dig_in,
    "medics": cards.medics_step,
    "air": cards.air_step,
    "air_strike": cards.air_strike,
    "barrage": cards.barrage_step,
    "moves": movement.step,
    "battles": battle.step,
    "declare": battle.declare,
    "attack": battle.attack,
    "after_ambush": battle.after_ambush,
    "flags": battle.flags_job,
    "after_attack": battle.after_attack,
    "overrun": battle.overrun_job,
    "retreat": retreat.retreat_job,
    "end_turn": draw.end_turn,
    "recon": draw.recon,
    "extra_draw": draw.extra_draw,
}
