"""Playing cards as resources: the purchase (WOT-BUY-01..07, WOT-PLAY-07, WOT-ICON-01/02)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.wot_rush.rules.zones import take_from_reserve
from warroom.games.wot_rush.words import Kind

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def budget(st: WotState) -> tuple[int, bool]:
    """The summed resources of the hand cards that may still pay, and whether any may: cards with
    a resource icon (WOT-BUY-01), vehicles not yet played this turn (WOT-PLAY-04)."""
    res, played = st.game.res, st.played
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
    cost, buy = st.game.cost, st.game.table.buy
    out.extend(buy[card] for card in st.reserve if cost[card] <= total)


def start(st: WotState, card: int) -> None:
    st.card = card
    st.paid = st.paid_total = 0
    st.decide(Kind.PAY, st.active)
    st.say("buy", f"player {st.active} buys {st.game.label_of[card]}", None, player=st.active,
           card=st.game.label_of[card])  # fmt: skip


def payments(st: WotState) -> list[WotAction]:
    """`pay K` for each eligible hand card kind; `done` once at least one card is spent and the
    total covers the cost (WOT-BUY-02/03). Any paying set can be built; the surplus is lost."""
    g = st.game
    res, kind, pay, played = g.res, g.kind, st.game.table.pay, st.played
    seen: set[int] = set()
    out: list[WotAction] = []
    for card in st.hand[st.active]:
        k = kind[card]
        if res[card] >= 0 and card not in played and k not in seen:
            seen.add(k)
            out.append(pay[k])  # type: ignore[arg-type]  # res >= 0: the pay action exists
    if st.paid and st.paid_total >= g.cost[st.card]:
        out.append(st.game.table.done)
    return out


def pay(st: WotState, k: int) -> None:
    """One paying card goes to the warehouse (WOT-BUY-04 step 1)."""
    g = st.game
    hand = st.hand[st.active]
    card = next(c for c in hand if g.kind[c] == k and c not in st.played)
    hand.remove(card)
    st.warehouse[st.active].append(card)
    if g.veh[card]:
        st.played.add(card)
    st.paid += 1
    st.paid_total += g.res[card]


def complete(st: WotState) -> None:
    """The bought card goes to the warehouse and the reserve refills (WOT-BUY-04 steps 2-3);
    unused resources are lost (WOT-BUY-05)."""
    st.warehouse[st.active].append(st.card)
    take_from_reserve(st, st.card)
    st.purchases += 1
    st.card = -1
    st.decide(Kind.MAIN, st.active)
