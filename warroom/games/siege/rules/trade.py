"""Phase 3, trading one card for one card with another player (SG-TRADE-01..05, SG-FM-03, SG-SOLO-04)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core.game import Action
from warroom.games.siege.rules.agenda import decide, decide_among, push

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


def partners(st: SiegeState) -> list[int]:
    """Defenders other than the active one who are in and hold a card (SG-TRADE-04)."""
    return [p for p in range(st.game.defenders) if p != st.active and not st.out[p] and st.hands[p]]


def offers(st: SiegeState) -> list[Action]:
    """Every (partner, card to give) not yet refused this turn (SG-TRADE-05), plus pass; an accepted
    trade does not block offering another copy to the same partner (SG-TRADE-02)."""
    out: list[Action] = [st.table.pass_]
    table = st.table.offer
    kinds = sorted(set(st.hands[st.active]))
    made = st.proposals
    for p in partners(st):
        if made:
            out.extend(table[p][k] for k in kinds if [p, k] not in made)
        else:
            out.extend(table[p][k] for k in kinds)
    return out


def offer_step(st: SiegeState, _job: list[Any]) -> None:
    """Offer the trade decision while the allowance lasts (1 trade, 2 with six players)."""
    if st.trades_done < st.game.trade_allowance and st.hands[st.active]:
        options = offers(st)
        if len(options) > 1:
            decide_among(st, options, "trade", st.active)


def answers(st: SiegeState) -> list[Action]:
    partner = st.decision[1] if st.decision else -1
    return [st.table.refuse, *(st.table.give[k] for k in sorted(set(st.hands[partner])))]


def apply_offer(st: SiegeState, action: SiegeAction) -> None:
    partner, kind = action.a, action.b
    name = st.content.cards[kind].name
    st.say("trade_offer", f"player {st.active} offers {name} to player {partner}",
           player=st.active, partner=partner, card=st.content.cards[kind].kind)  # fmt: skip
    decide(st, "answer", partner, kind)


def apply_answer(st: SiegeState, action: SiegeAction) -> None:
    """Each side chooses what it gives; either may refuse and nothing changes hands (SG-TRADE-03)."""
    assert st.decision is not None
    partner, offered = st.decision[1], st.decision[2]
    if action.verb == "refuse":
        st.proposals.append([partner, offered])  # a refused proposal may not be repeated (SG-TRADE-05)
        st.say("trade_refused", f"player {partner} refuses the trade", partner=partner)
    else:
        given = action.a
        st.hands[st.active].remove(offered)
        st.hands[partner].remove(given)
        st.hands[partner].append(offered)
        st.hands[st.active].append(given)
        st.trades_done += 1
        cards = st.content.cards
        st.say("trade", f"player {st.active} gives {cards[offered].name}, player {partner} gives "
               f"{cards[given].name}", player=st.active, partner=partner)  # fmt: skip
    st.decision = None
    push(st, ["trade"])
