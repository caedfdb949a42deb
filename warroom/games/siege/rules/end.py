"""The end of the game (SG-END-01..04, SG-FM-15, SG-OPTX-02): the result is set, the engine's
agenda stops (`TurnState.finish`), and the ending is told."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.games.siege.words import Result

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState

# The result is held as the plain int of a Result: compared on every step, where an exact int is
# the interpreter's fast path and an IntEnum is not (Final: compiled, a C static, not a lookup in
# the module's dict).
_RUNNING: Final = int(Result.RUNNING)
_WON: Final = int(Result.WON)
_LOST: Final = int(Result.LOST)


def lose(st: SiegeState) -> None:
    """The players lose at once (SG-END-01; also My Home with everyone out, SG-OPTX-02)."""
    st.result = _LOST
    st.finish()
    st.say("game_over", "the city has fallen: the players lose", result="lost")


def check_win(st: SiegeState, _job: list[Any] | None = None) -> None:
    """Win when the reserve is empty and no enemy is on the board (SG-END-02); tokens left in the
    Field Marshal's hand do not count, those face up on the table still to resolve do (SG-FM-15);
    checked after each resolution, so a loss in it comes first (SG-END-03)."""
    if not st.reserve and not st.pos and not st.staged and st.result == _RUNNING:
        st.result = _WON
        st.finish()
        st.say("game_over", "every enemy is destroyed: the players win", result="won")
