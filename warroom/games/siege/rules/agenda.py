"""The agenda's primitives: schedule jobs, ask for a decision, end the game (SG-END-01..04)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import Action

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState


def push(st: SiegeState, *jobs: list[Any]) -> None:
    """Schedule jobs to run in the order given (the agenda is a stack, its top the list's end).
    The hot paths schedule a single job with a plain `st.agenda.append(job)`, which is the same."""
    st.agenda.extend(reversed(jobs))


def decide(st: SiegeState, kind: str, player: int, *data: Any) -> None:
    st.decision = [kind, player, *data]


def decide_among(st: SiegeState, options: list[Action], kind: str, player: int, *data: Any) -> None:
    """Ask for a decision with its options already listed: by the caller, which needed them
    anyway, or eagerly on the hot path (the agent asks at once; saves the lazy dispatch)."""
    st.decision = [kind, player, *data]
    st._legal = options  # the contract's per-position cache; valid until the next action


def lose(st: SiegeState) -> None:
    """The players lose at once (SG-END-01; also My Home with everyone out, SG-OPTX-02)."""
    st.result = -1
    st.decision = None
    st.agenda.clear()  # in place: flow.run holds this list and stops when it is empty
    st.say("game_over", "the city has fallen: the players lose", result="lost")


def check_win(st: SiegeState, _job: list[Any] | None = None) -> None:
    """Win when the reserve (and the Field Marshal's hand) is empty and no enemy is on the board
    (SG-END-02, SG-FM-15); checked after each resolution, so a loss in it comes first (SG-END-03)."""
    if st.result == 0 and not st.reserve and not st.marshal_hand and not st.staged and not st.pos:
        st.result = 1
        st.decision = None
        st.agenda.clear()
        st.say("game_over", "every enemy is destroyed: the players win", result="won")
