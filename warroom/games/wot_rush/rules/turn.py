"""Turn structure: Phase I (WOT-REPAIR), the end of Phase II, Phase III (WOT-REFR), passing the
turn (WOT-TURN-01..03) and the end of the game (WOT-END-03/04/07)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.engine import MUTED
from warroom.core.game import Event
from warroom.games.wot_rush.changes import BASE, PILES, SQUAD
from warroom.games.wot_rush.rules.scoring import final_scores, winners
from warroom.games.wot_rush.rules.zones import draw, reveal

new_event = tuple.__new__  # Event(...) without the NamedTuple's Python-level __new__ (hot path)

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def start_turn(st: WotState, seat: int) -> None:
    """Phase I: the active player's damage is repaired (WOT-REPAIR-01) and the hand revealed
    (WOT-REPAIR-02); the per-turn limits reset (WOT-PLAY-04/07/08)."""
    g = st.wot
    st.active = seat
    st.turn = turn = st.turn + 1
    st.turn_steps = 0
    lo = seat * g.bpp
    hi = lo + g.bpp
    st.base_dmg[lo:hi] = st.guard_dmg[lo:hi] = g.no_damage
    st.changes[BASE + seat] += 1  # speed (issue 18)
    if st.played:
        st.played.clear()
    st.purchases = 0
    st.limit = 1
    st.attacked = False
    st.decision = g.main_asked[seat]  # st.decide(Kind.MAIN, seat), without the call (hot path)
    events = st.events
    if events is not MUTED:  # a muted playout's words are never read: not even written
        text = f"turn {turn}: player {seat} reveals the hand"
        events.append(new_event(Event, ("turn", text, {"player": seat, "turn": turn}, None)))


def end_turn(st: WotState) -> None:
    """Phase III (WOT-REFR-01..05): the oldest reserve card goes to the vehicle discard pile and
    one is revealed; the leftover hand goes to the warehouse; a new hand of 3 is drawn; then the
    turn passes left, unless the game ends (WOT-END-03/04/07)."""
    g = st.wot
    seat = st.active
    changed = st.changes  # speed (issue 18)
    changed[PILES] += 1
    changed[SQUAD + seat] += 1
    reserve = st.reserve
    if reserve:
        st.vdiscard.append(reserve.pop(0))
    if st.vdeck:  # the common case of `reveal`, inlined
        reserve.append(st.vdeck.pop())
    else:
        reveal(st)
    hand, hangar = st.hand[seat], st.hangar[seat]
    st.warehouse[seat].extend(hand)
    n = g.hand_size
    if len(hangar) >= n:  # the common case of `draw`, inlined: the top n cards, top first
        drawn = hangar[: -n - 1 : -1]
        del hangar[-n:]
        hand[:] = drawn
    else:
        hand.clear()
        drawn = draw(st, seat, n)
    events = st.events
    if events is MUTED:  # a muted playout's words are never read: not even written
        pass
    elif len(drawn) == 3:  # the usual hand, written out: no join, no map (hot path)
        name, label = g.name_of, g.label_of
        d0, d1, d2 = drawn
        text = f"player {seat} draws {name[d0]}, {name[d1]}, {name[d2]}"
        data = {"player": seat, "cards": [label[d0], label[d1], label[d2]]}
        events.append(new_event(Event, ("draw", text, data, g.seat_only[seat])))
    else:
        text = f"player {seat} draws {', '.join(map(g.name_of.__getitem__, drawn))}"
        data = {"player": seat, "cards": list(map(g.label_of.__getitem__, drawn))}
        events.append(new_event(Event, ("draw", text, data, g.seat_only[seat])))
    seats = g.seats
    if seat == (st.first - 1) % seats:  # the seat to the first player's right closes a round
        st.round += 1
        if st.triggered or st.round >= g.max_rounds:
            game_over(st)
            return
    start_turn(st, (seat + 1) % seats)


def game_over(st: WotState) -> None:
    """The game ends after the round's last turn; squads are scored (WOT-SCORE)."""
    st.finish()
    st.scores = final_scores(st)
    won = sorted(winners(st))
    medals = ", ".join(f"player {p} {s}" for p, s in enumerate(st.scores))
    who = " and ".join(f"player {p}" for p in won)
    verdict = f"{who} win{'s' * (len(won) == 1)}" if len(won) < len(st.scores) else "a shared win"
    rounds = f"{st.round} round{'s' * (st.round != 1)}"
    st.say("game_over", f"game over after {rounds}: {verdict} (medals: {medals})",
           None, scores=st.scores, winners=won)  # fmt: skip
