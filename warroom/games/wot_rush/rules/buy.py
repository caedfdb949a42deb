"""Playing cards as resources: the purchase (WOT-BUY-01..07, WOT-PLAY-07, WOT-ICON-01/02)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.engine import MUTED
from warroom.games.wot_rush.changes import SQUAD
from warroom.games.wot_rush.rules.zones import take_from_hand, take_from_reserve
from warroom.games.wot_rush.words import Kind

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def budget(st: WotState) -> tuple[int, bool]:
    """The summed resources of the hand cards that may still pay, and whether any may: cards with
    a resource icon (WOT-BUY-01), vehicles not yet played this turn (WOT-PLAY-04)."""
    res, played = st.wot.res, st.played
    total, any_payer = 0, False
    for card in st.hand[st.active]:
        r = res[card]
        if r >= 0 and card not in played:
            total += r
            any_payer = True
    return total, any_payer


def purchases(st: WotState, out: list[WotAction]) -> None:
    """`buy K` for each affordable reserve card, while purchases < the limit (WOT-BUY-02/03/06)."""
    if st.purchases >= st.limit:
        return
    total, any_payer = budget(st)
    if not any_payer:
        return  # even a cost-0 card needs a spent resource card (WOT-BUY-03)
    cost, buy = st.wot.cost, st.wot.table.buy
    out.extend(buy[card] for card in st.reserve if cost[card] <= total)


# A purchase may be taken back until its first card is paid; past this many steps of one turn
# it no longer can, so a turn of buying and cancelling still ends (the bound of WOT-PLAY-05, see
# decisions.TURN_STEP_LIMIT). No person comes near it: it only stops a random player's loop.
CANCEL_STEPS = 1_000


def start(st: WotState, card: int) -> None:
    """A reserve card chosen to buy (WOT-BUY-02); it is paid for next, card by card."""
    st.card = card
    st.paid = st.paid_total = 0
    st.decide(Kind.PAY, st.active)
    if st.events is not MUTED:  # speed: a muted playout's words are never read, not even written
        g = st.wot
        st.say("buy", f"player {st.active} buys {g.name_of[card]} (cost {g.cost[card]}), paying next", None,
               player=st.active, card=g.label_of[card])  # fmt: skip


def cancel(st: WotState) -> None:
    """The chosen card goes back to the reserve unbought, nothing paid (a player's change of mind
    before paying: no purchase is counted)."""
    g, card = st.wot, st.card
    st.say("buy_cancelled", f"player {st.active} puts {g.name_of[card]} back: no purchase", None,
           player=st.active, card=g.label_of[card])  # fmt: skip
    st.card = -1
    st.decide(Kind.MAIN, st.active)


def payments(st: WotState) -> list[WotAction]:
    """`pay K` for each eligible hand card kind; `done` once at least one card is spent and the
    total covers the cost (WOT-BUY-02/03). Any paying set can be built; the surplus is lost."""
    g = st.wot
    res, kind, table, played = g.res, g.kind, g.table, st.played
    pay = table.pay
    out: list[WotAction] = []
    for card in st.hand[st.active]:
        if res[card] >= 0 and card not in played:
            action = pay[kind[card]]
            if action not in out:  # one per kind: a hand holds a few cards (hot path)
                out.append(action)  # type: ignore[arg-type]  # res >= 0: the pay action exists
    if st.paid:
        if st.paid_total >= g.cost[st.card]:
            out.append(table.done)
    elif st.turn_steps < CANCEL_STEPS:
        out.append(table.cancel)
    return out


def pay(st: WotState, k: int) -> None:
    """One paying card goes to the warehouse (WOT-BUY-04 step 1)."""
    card = take_from_hand(st, k)  # speed (issue 18): counts the change of the squad
    st.warehouse[st.active].append(card)
    st.paid += 1
    st.paid_total += st.wot.res[card]


def complete(st: WotState) -> None:
    """The bought card goes to the warehouse and the reserve refills (WOT-BUY-04 steps 2-3);
    unused resources are lost (WOT-BUY-05)."""
    st.warehouse[st.active].append(st.card)
    st.changes[SQUAD + st.active] += 1  # speed (issue 18): the reserve's are counted by reveal
    take_from_reserve(st, st.card)
    st.purchases += 1
    st.card = -1
    st.decide(Kind.MAIN, st.active)
