"""Turn structure: Phase I (WOT-REPAIR), the end of Phase II, Phase III (WOT-REFR), passing the
turn (WOT-TURN-01..03) and the end of the game (WOT-END-03/04/07)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.wot_rush.rules.decisions import Decision
from warroom.games.wot_rush.rules.zones import draw, reveal

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def start_turn(st: WotState, seat: int) -> None:
    """Phase I: the active player's damage is repaired (WOT-REPAIR-01) and the hand revealed
    (WOT-REPAIR-02); the per-turn limits reset (WOT-PLAY-04/07/08)."""
    st.active = st.decider = seat
    st.turn += 1
    st.turn_steps = 0
    k = st.game.content.bases_per_player
    for i in range(seat * k, seat * k + k):
        st.base_dmg[i] = st.guard_dmg[i] = False
    st.played.clear()
    st.purchases = 0
    st.limit = 1
    st.attacked = False
    st.decision = Decision.MAIN
    st.say("turn", f"turn {st.turn}: player {seat} reveals the hand", None, player=seat, turn=st.turn)


def end_turn(st: WotState) -> None:
    """Phase III (WOT-REFR-01..05): the oldest reserve card goes to the vehicle discard pile and
    one is revealed; the leftover hand goes to the warehouse; a new hand of 3 is drawn; then the
    turn passes left, unless the game ends (WOT-END-03/04/07)."""
    seat = st.active
    if st.reserve:
        st.vdiscard.append(st.reserve.pop(0))
    reveal(st)
    st.warehouse[seat].extend(st.hand[seat])
    st.hand[seat].clear()
    drawn = draw(st, seat, st.game.content.hand_size)
    labels, kind = st.game.content.kind_label, st.game.kind
    cards = [labels[kind[c]] for c in drawn]
    st.say(
        "draw", f"player {seat} draws {', '.join(cards)}", st.game.seat_only[seat], player=seat, cards=cards
    )
    n = st.game.seats
    if seat == (st.first - 1) % n:  # the seat to the first player's right closes a round
        st.round += 1
        if st.triggered or st.round >= int(st.game.options["max_rounds"]):
            finish(st)
            return
    start_turn(st, (seat + 1) % n)


def finish(st: WotState) -> None:
    """The game ends after the round's last turn; squads are scored (WOT-SCORE)."""
    from warroom.games.wot_rush.rules.scoring import final_scores, winners

    st.over = True
    st.decision = Decision.OVER
    st.decider = -1
    st.scores = final_scores(st)
    won = sorted(winners(st))
    st.say("game_over", f"game over after {st.round} rounds: scores {st.scores}, winner(s) {won}",
           None, scores=st.scores, winners=won)  # fmt: skip
