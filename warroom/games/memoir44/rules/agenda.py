"""The agenda's primitives: schedule jobs, ask for a decision, end the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from warroom.core.game import Action
    from warroom.games.memoir44.state import M44State


def push(st: M44State, *jobs: list[Any]) -> None:
    """Schedule jobs to run in the order given (the agenda is a stack)."""
    st.agenda.extend(reversed(jobs))


def decide(st: M44State, kind: str, seat: int, *data: Any) -> None:
    st.decision = [kind, seat, *data]


def offer(st: M44State, options: list[Action], kind: str, seat: int, *data: Any) -> None:
    """Decide with the options already computed: they become the state's cached legal actions
    (the contract's `legal_actions` cache), so the hot path lists them once per decision."""
    st.decision = [kind, seat, *data]
    st._legal = options


def end_game(st: M44State, result: int, text: str) -> None:
    """Stop at once: nothing further is resolved (M44-MEDAL-06, M44-GROUND-09)."""
    st.result = result
    st.decision = None
    st.agenda = []
    st.say("game_over", text, result=result)
