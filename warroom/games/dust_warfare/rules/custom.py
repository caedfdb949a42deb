"""A custom scenario's initiative and length (dust_warfare.md DW-CAMP-05, R-12).

- Initiative: "as usual" each turn, or a fixed Initiating player in turn 1 only. The template
  names no seat, so the player who deployed first initiates turn 1 (designed: they also
  placed first); the pools are still rolled for the orders (DW-INIT-04).
- Game length: a fixed N in {5, 6, 7}, or variable: after the End phase of each turn from turn 5
  on, the Initiating player of that turn rolls one die; on a hit the game goes on, to at most
  7 turns (R-12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.dust_warfare.rules.dice import faces_text, hits, roll
from warroom.games.dust_warfare.words import Initiative

if TYPE_CHECKING:
    from warroom.games.dust_warfare.state import DustState

VARIABLE_FROM, VARIABLE_MAX = 5, 7  # DW-CAMP-05


def fixed_initiator(st: DustState) -> int | None:
    """DW-CAMP-05: turn 1's fixed Initiating player (the first deployer), else None."""
    if st.turn == 1 and st.game.scenario.initiative is Initiative.FIXED_FIRST_TURN and st.first >= 0:
        return st.first
    return None


def game_goes_on(st: DustState) -> bool:
    """After the End phase: a fixed length ends after its last turn; a variable one rolls from
    turn 5 on (a hit continues) and always ends after turn 7 (DW-CAMP-05, R-12)."""
    length = st.game.scenario.battle_length
    if length is not None:
        return st.turn < length
    if st.turn < VARIABLE_FROM:
        return True
    if st.turn >= VARIABLE_MAX:
        return False
    face = roll(st.rng, 1)
    going = hits(face) > 0
    st.say(
        "length",
        f"the {st.side_name(st.initiator)} roll for the game's length: {faces_text(face)}: "
        + ("one more turn" if going else "the game ends"),
        None,
        faces=face,
        going=going,
    )
    return going
