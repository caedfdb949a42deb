"""Turn structure and the agenda runner (SG-TURN-01..04, SG-SETUP-10, SG-END-01..04).

Phases of a defender's turn: draw, swap, trade, play, then the enemy's half (phases 5-6, or the
Field Marshal's turn in that mode), then the turn passes left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.game import Action
from warroom.games.siege.rules import cards, enemies, marshal, trade, zones
from warroom.games.siege.rules.agenda import check_win, decide, decide_among, push

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState


def run(st: SiegeState) -> None:
    """Run agenda jobs until a decision is needed or the game ends. A finished game has no
    decision and an empty agenda: `lose` and `check_win` clear this very list in place."""
    agenda, jobs = st.agenda, JOBS
    while st.decision is None and agenda:
        job = agenda.pop()
        jobs[job[0]](st, job)
    if st.decision is None and st.result == 0:
        raise AssertionError("siege agenda ran dry without a decision")  # a rules bug, not input


def _turn(st: SiegeState, _job: list[Any]) -> None:
    """Start a defender's turn: the hedgehog returns to the supply first (SG-TURN-02)."""
    st.turn += 1
    if st.hedgehog >= 0:
        st.say("hedgehog_removed", "the hedgehog token returns to the supply")
        st.hedgehog = -1
    st.trades_done = 0
    st.proposals = []
    st.swaps = 0
    st.patrol = False
    st.say("turn", f"turn {st.turn}: player {st.active}", player=st.active, turn=st.turn)
    enemy_half = [["marshal_turn"]] if st.game.marshal_seat >= 0 else [["move"], ["reveal_start"]]
    push(st, ["swap"], ["trade"], ["play"], *enemy_half, ["end_turn"])
    # Phase 1 at once: it never waits for anyone, so a ["draw"] job would run next anyway.
    zones.hand_limit_draw(st, st.active)


def _draw(st: SiegeState, _job: list[Any]) -> None:
    """Phase 1 as a job: for positions set up at the draw (position.py) and older saves."""
    zones.hand_limit_draw(st, st.active)


def _swap(st: SiegeState, _job: list[Any]) -> None:
    """Phase 2 (SG-SWAP-01, SG-SOLO-02): offered while the player holds a card to discard."""
    limit = 2 if st.game.solo else 1
    if st.hands[st.active] and st.swaps < limit:
        decide_among(st, swaps(st), "swap", st.active)
    elif st.swaps:
        _finish_swap(st)


def swaps(st: SiegeState) -> list[Action]:
    """Pass, or discard one card of a kind in hand (SG-SWAP-01)."""
    swap = st.table.swap
    out: list[Action] = [st.table.pass_]
    for k in sorted(set(st.hands[st.active])):
        out.append(swap[k])
    return out


def _finish_swap(st: SiegeState) -> None:
    """All discards happen before the draws (SG-SWAP-02, SG-SOLO-03)."""
    zones.draw_cards(st, st.active, st.swaps)
    st.swaps = 0


def _play(st: SiegeState, _job: list[Any]) -> None:
    """Phase 4 (SG-PLAY-01): offered again after every card until the player passes."""
    options = cards.legal(st)
    if len(options) > 1:
        decide_among(st, options, "play", st.active)


def _move(st: SiegeState, _job: list[Any]) -> None:
    """Phase 5: every enemy advances one step (SG-MOVE-01)."""
    enemies.advance(st, st.pos)


def _reveal_start(st: SiegeState, _job: list[Any]) -> None:
    """Phase 6: reveal two tokens, unless Patrol was played (SG-REVEAL-01, SG-CARD-14)."""
    if st.patrol:
        st.say("patrol", "patrol: no enemy tokens are revealed this turn")
        return
    st.reveals = 2
    _reveal(st, _job)  # at once: a ["reveal"] job pushed here would run next anyway


def _reveal(st: SiegeState, _job: list[Any]) -> None:
    """Reveal one token and resolve it fully before the next (SG-REVEAL-01/05/06)."""
    if st.reveals <= 0 or not st.reserve:
        st.reveals = 0
        return
    st.reveals -= 1
    st.agenda.append(["reveal"])
    enemies.resolve_token(st, st.reserve.pop(), None)


def _end_turn(st: SiegeState, _job: list[Any]) -> None:
    """The player to the left (next seat) takes the next turn, skipping eliminated ones (SG-TURN-03)."""
    n = st.game.defenders
    for step in range(1, n + 1):
        p = (st.active + step) % n
        if not st.out[p]:
            st.active = p
            break
    _turn(st, _job)  # at once: a ["turn"] job pushed here would run next anyway


def _token(st: SiegeState, job: list[Any]) -> None:
    enemies.resolve_token(st, int(job[1]), int(job[2]) or None)


JOBS: dict[str, Callable[[SiegeState, list[Any]], None]] = {
    "turn": _turn,
    "draw": _draw,
    "swap": _swap,
    "trade": trade.offer_step,
    "play": _play,
    "move": _move,
    "reveal_start": _reveal_start,
    "reveal": _reveal,
    "end_turn": _end_turn,
    "check_win": check_win,
    "collide": enemies.collide,
    "discard_one": enemies.discard_one_step,
    "token": _token,
    "marshal_turn": marshal.turn,
    "marshal_draw": marshal.draw_step,
    "marshal_play": marshal.play_step,
    "marshal_extra": marshal.extra_step,
    "claim": lambda st, job: decide(st, "claim", int(job[1])),
}


def finish_swap(st: SiegeState) -> None:
    _finish_swap(st)
