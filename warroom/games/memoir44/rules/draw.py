"""Step 5: discarding the played card and drawing (M44-DRAW-01..04, M44-SECT-04, M44-TAC-06/30)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.games.memoir44.words import SIDE_TITLES, Kind

if TYPE_CHECKING:
    from warroom.games.memoir44.actions import M44Action
    from warroom.games.memoir44.state import M44State


def draw_card(st: M44State) -> int | None:
    """The top card; an empty deck is rebuilt from the shuffled discards first (M44-DRAW-02)."""
    if not st.deck:
        if not st.discard:
            return None
        st.deck, st.discard = st.discard, []
        st.rng.shuffle(st.deck)
        st.say("reshuffle", f"the discard pile is shuffled into a new deck of {len(st.deck)}")
    return st.deck.pop()


def draw_into_hand(st: M44State, side: int) -> None:
    card = draw_card(st)
    if card is None:
        return
    st.hands[side].append(card)
    printed = st.m44.content.cards[st.m44.deck[card]]
    kind, title = printed.kind, SIDE_TITLES[side]
    st.say("draw", ("the {} draw {}", title, printed.name), st.m44.side_seats[side], side=side, card=kind)
    st.say("draw", ("the {} draw a card", title), st.m44.other_seats[side], side=side)


def end_turn(st: M44State, _job: list[Any]) -> None:
    """Discard the played card; Their Finest Hour reshuffles everything (M44-TAC-30); an
    ambusher draws first (M44-DRAW-03, M44-TAC-06); then the active side draws, two and keeping
    one after Recon (M44-SECT-04), plus any scenario extra draw (M44-DRAW-04)."""
    st.discard.extend(st.in_play)
    st.in_play = []
    if st.effect == "their_finest_hour":
        st.deck.extend(st.discard)
        st.discard = []
        st.rng.shuffle(st.deck)
        st.say("reshuffle", "Their Finest Hour: deck and discards shuffled together")
    if st.ambusher >= 0 and st.ambusher != st.active:
        draw_into_hand(st, st.ambusher)
    if st.effect == "recon":
        st.push(["recon"], ["extra_draw"], ["next_turn"])
    else:
        draw_into_hand(st, st.active)
        st.push(["extra_draw"], ["next_turn"])


def recon(st: M44State, _job: list[Any]) -> None:
    """Draw two, keep one (M44-SECT-04); a second draw may need a reshuffle (EDGE-09). Two cards
    of one kind leave nothing to choose: the engine keeps one (the kind is declared forced)."""
    for _ in range(2):
        card = draw_card(st)
        if card is not None:
            st.recon.append(card)
    seats = st.m44.side_seats[st.active]
    drawn = [st.m44.content.cards[st.m44.deck[c]] for c in st.recon]
    names = [card.kind for card in drawn]
    printed = " and ".join(card.name for card in drawn)
    st.say("recon", f"Recon: the {SIDE_TITLES[st.active]} draw {printed}, to keep one", seats, cards=names)
    if st.recon:
        st.offer(keep_options(st), Kind.KEEP, st.commander)


def keep(st: M44State, kind: int) -> None:
    """Keep one of the two Recon cards; the other is discarded face up (M44-SECT-08)."""
    card = next(c for c in st.recon if st.m44.deck[c] == kind)
    st.recon.remove(card)
    st.hands[st.active].append(card)
    st.discard.extend(st.recon)
    for other in st.recon:
        printed = st.m44.content.cards[st.m44.deck[other]]
        st.say("discard", f"Recon: the {SIDE_TITLES[st.active]} discard {printed.name}", card=printed.kind)
    st.recon = []


def apply_keep(st: M44State, action: M44Action) -> None:
    st.decision = None
    keep(st, action.a)


def keep_options(st: M44State) -> list[Any]:
    return [st.table.keep[k] for k in sorted({st.m44.deck[c] for c in st.recon})]


def extra_draw(st: M44State, _job: list[Any]) -> None:
    """A scenario's extra draws for a side's first turns (M44-DRAW-04, M44-PEG-09)."""
    if st.turns_taken[st.active] < st.m44.scenario.extra_draws[st.active]:
        draw_into_hand(st, st.active)
