"""Moving cards between piles: drawing, the reserve, medal decks and the end triggers
(WOT-DRAW, WOT-VDECK, WOT-REW-05, WOT-END-01/02)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.wot_rush.changes import MEDALS, PILES, SQUAD
from warroom.games.wot_rush.words import NATIONS

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def take_from_hand(st: WotState, k: int) -> int:
    """The first playable card of kind k leaves the active hand; a vehicle is marked played
    this turn (WOT-PLAY-03/04, WOT-BUY-04): for an ability play and for a payment alike."""
    g = st.wot
    hand, kind, played = st.hand[st.active], g.kind, st.played
    for card in hand:  # the first unplayed card of kind k (a loop, not next(...): hot path)
        if kind[card] == k and card not in played:
            break
    hand.remove(card)
    st.changes[SQUAD + st.active] += 1  # speed (issue 18)
    if g.veh[card]:
        played.add(card)
    return card


def draw(st: WotState, seat: int, n: int) -> list[int]:
    """Draw n cards from the hangar top (WOT-DRAW-01). An empty hangar is refilled by shuffling the
    whole warehouse (WOT-DRAW-02/03); with both empty, drawing stops (WOT-DRAW-04)."""
    hangar, hand = st.hangar[seat], st.hand[seat]
    drawn: list[int] = []
    st.changes[SQUAD + seat] += 1  # speed (issue 18)
    for _ in range(n):
        if not hangar:
            store = st.warehouse[seat]
            if not store:
                break
            hangar.extend(store)
            store.clear()
            st.rng.shuffle(hangar)
            st.say("reshuffle", f"player {seat} shuffles the warehouse into a new hangar", None, player=seat)
        card = hangar.pop()
        hand.append(card)
        drawn.append(card)
    return drawn


def reveal(st: WotState) -> None:
    """Reveal the vehicle deck's top card at the newest end of the reserve (WOT-VDECK-01). An
    empty deck is rebuilt from the shuffled discard pile (WOT-VDECK-02); with both empty the
    reserve stays short (WOT-VDECK-03)."""
    st.changes[PILES] += 1  # speed (issue 18)
    if not st.vdeck:
        if not st.vdiscard:
            return
        st.vdeck, st.vdiscard = st.vdiscard, []
        st.rng.shuffle(st.vdeck)
        st.say("vehicle_reshuffle", "the vehicle discard pile is shuffled into a new vehicle deck")
    st.reserve.append(st.vdeck.pop())


def take_from_reserve(st: WotState, card: int) -> None:
    """A card leaves the reserve: the row closes up and one new card is revealed (WOT-VDECK-01)."""
    st.reserve.remove(card)
    reveal(st)


def take_medals(st: WotState, seat: int, nation: int, twos: int, ones: int) -> None:
    """Medal cards go to the seat's warehouse (WOT-REW-05); taking a nation's last one-medal card
    triggers the end (WOT-END-02)."""
    store = st.warehouse[seat]
    changed = st.changes  # speed (issue 18)
    changed[MEDALS] += 1
    changed[SQUAD + seat] += 1
    for _ in range(twos):
        store.append(st.medal2[nation].pop())
    for _ in range(ones):
        store.append(st.medal1[nation].pop())
    if ones and not st.medal1[nation]:
        trigger(st, f"the last one-medal card of {NATIONS[nation]} is taken")


def trigger(st: WotState, why: str) -> None:
    """The end is triggered: the round is played out (WOT-END-03); later triggers add nothing."""
    if not st.triggered:
        st.triggered = True
        st.say("end_triggered", f"end of game triggered: {why}; the round is played out", why=why)
