"""Turn structure (SG-TURN-01..04, SG-SETUP-10): the agenda jobs of a defender's turn.

Phases of a defender's turn: draw, swap, trade, play, then the enemy's half (phases 5-6, or the
Field Marshal's turn in that mode), then the turn passes left. The jobs are declared with the
decision kinds in `dispatch.py`; the core's engine runs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.core.actions import Action
from warroom.games.siege.changes import BOARD
from warroom.games.siege.rules import cards, enemies, zones
from warroom.games.siege.words import Ask, Job, Verb

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState

# Read on every turn: one module global each, cheaper than a class attribute lookup; Final, so
# that compiled each is a C static, not a lookup in the module's dict (docs/speed.md, session 13).
_SWAP: Final = Ask.SWAP
_PLAY: Final = Ask.PLAY
_SWAP_VERB: Final = Verb.SWAP
_SWAP_JOB: Final = [Job.SWAP]  # shared: jobs never change
_REVEAL_JOB: Final = [Job.REVEAL]
# Phases 5-6, or the Field Marshal's turn in their place (SG-FM-04), by "is there a marshal".
_ENEMY_HALF: Final = {False: ([Job.MOVE], [Job.REVEAL_START]), True: ([Job.MARSHAL_TURN],)}
# The jobs of phases 2-4, the enemy's half and the end of the turn; jobs are never mutated once
# scheduled (the engine's rule), so every turn schedules these very lists.
_TURN: Final = {
    marshal: ([Job.SWAP], [Job.TRADE], [Job.PLAY], *half, [Job.END_TURN])
    for marshal, half in _ENEMY_HALF.items()
}


def enemy_half(st: SiegeState) -> tuple[list[Any], ...]:
    """Phases 5-6, or the Field Marshal's turn in their place (SG-FM-04)."""
    return _ENEMY_HALF[st.facts.marshal_seat >= 0]


def turn(st: SiegeState, _job: list[Any]) -> None:
    """Start a defender's turn: the hedgehog returns to the supply first (SG-TURN-02)."""
    st.turn += 1
    if st.hedgehog >= 0:
        st.say("hedgehog_removed", "the hedgehog token returns to the supply")
        st.hedgehog = -1
        st.changes[BOARD] += 1  # speed (issue 18)
    st.trades_done = 0
    st.proposals = []
    st.swaps = 0
    st.patrol = False
    st.say("turn", f"turn {st.turn}: player {st.active}", player=st.active, turn=st.turn)
    st.push(*_TURN[st.facts.marshal_seat >= 0])
    # Phase 1 at once: it never waits for anyone, so a ["draw"] job would run next anyway.
    zones.hand_limit_draw(st, st.active)


def draw(st: SiegeState, _job: list[Any]) -> None:
    """Phase 1 as a job: for positions set up at the draw (position.py) and older saves."""
    zones.hand_limit_draw(st, st.active)


def swap(st: SiegeState, _job: list[Any]) -> None:
    """Phase 2 (SG-SWAP-01, SG-SOLO-02): offered while the player holds a card to discard."""
    limit = 2 if st.facts.solo else 1
    if st.hands[st.active] and st.swaps < limit:
        st.offer(swaps(st), _SWAP, st.active)
    elif st.swaps:  # solo, after two discards: the draws (SG-SOLO-03)
        zones.draw_cards(st, st.active, st.swaps)
        st.swaps = 0


def swaps(st: SiegeState) -> list[Action]:
    """Pass, or discard one card of a kind in hand (SG-SWAP-01)."""
    swap = st.facts.swap
    out: list[Action] = [st.facts.pass_]
    for k in sorted(set(st.hands[st.active])):
        out.append(swap[k])
    return out


def apply_swap(st: SiegeState, action: SiegeAction) -> None:
    """Discard one, draw one (SG-SWAP-01/02); solo: up to two, all discards first (SG-SOLO-02/03)."""
    st.decision = None
    if action.verb == _SWAP_VERB:
        zones.discard_from_hand(st, st.active, action.a)
        st.swaps += 1
        st.say("swap", f"player {st.active} discards {st.facts.card_name[action.a]}",
               player=st.active, card=st.facts.card_kind[action.a])  # fmt: skip
        if st.facts.solo and st.swaps < 2:
            st.agenda.append(_SWAP_JOB)
            return
    zones.draw_cards(st, st.active, st.swaps)  # all discards happen before the draws (SG-SWAP-02,
    st.swaps = 0  # SG-SOLO-03)


def play(st: SiegeState, _job: list[Any]) -> None:
    """Phase 4 (SG-PLAY-01): offered again after every card until the player passes; with no
    card to play only `pass` remains and the engine takes it (`play` is forced)."""
    st.offer(cards.legal(st), _PLAY, st.active)


def move(st: SiegeState, _job: list[Any]) -> None:
    """Phase 5: every enemy advances one step (SG-MOVE-01)."""
    enemies.advance(st, st.pos)


def reveal_start(st: SiegeState, job: list[Any]) -> None:
    """Phase 6: reveal two tokens, unless Patrol was played (SG-REVEAL-01, SG-CARD-14)."""
    if st.patrol:
        st.say("patrol", "patrol: no enemy tokens are revealed this turn")
        return
    st.reveals = 2
    reveal(st, job)  # at once: a ["reveal"] job pushed here would run next anyway


def reveal(st: SiegeState, _job: list[Any]) -> None:
    """Reveal one token and resolve it fully before the next (SG-REVEAL-01/05/06)."""
    if st.reveals <= 0 or not st.reserve:
        st.reveals = 0
        return
    st.reveals -= 1
    st.agenda.append(_REVEAL_JOB)
    enemies.resolve_token(st, st.reserve.pop(), None)


def end_turn(st: SiegeState, job: list[Any]) -> None:
    """The player to the left (next seat) takes the next turn, skipping eliminated ones (SG-TURN-03)."""
    n = st.facts.defenders
    for step in range(1, n + 1):
        p = (st.active + step) % n
        if not st.out[p]:
            st.active = p
            break
    turn(st, job)  # at once: a ["turn"] job pushed here would run next anyway


def token(st: SiegeState, job: list[Any]) -> None:
    """Resolve a token the Field Marshal played (`["token", tid, sector or 0]`, SG-FM-07)."""
    enemies.resolve_token(st, int(job[1]), int(job[2]) or None)
