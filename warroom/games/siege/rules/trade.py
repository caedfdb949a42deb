"""Phase 3, trading one card for one card with another player (SG-TRADE-01..05, SG-FM-03, SG-SOLO-04)."""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any, Final

from warroom.core.actions import Action
from warroom.games.siege.changes import HAND
from warroom.games.siege.words import Ask, Job, Verb

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


def offers(st: SiegeState) -> list[Action]:
    """Every (partner, card to give) not yet refused this turn (SG-TRADE-05), plus pass; an accepted
    trade does not block offering another copy to the same partner (SG-TRADE-02). Partners are
    the other defenders still in who hold a card (SG-TRADE-04)."""
    out: list[Action] = [st.facts.pass_]
    table = st.facts.offer
    active, gone, hands = st.active, st.out, st.hands
    kinds = sorted(set(hands[active]))
    made = st.proposals
    every = itemgetter(*kinds) if not made and len(kinds) > 1 else None  # nothing refused yet
    for p in range(st.facts.defenders):  # plain loops: faster than comprehensions for a few items
        if p != active and not gone[p] and hands[p]:
            if every is not None:  # the usual case, gathered in C
                out += every(table[p])
                continue
            to_p = table[p]
            for k in kinds:
                if not made or [p, k] not in made:
                    out.append(to_p[k])
    return out


def offer_step(st: SiegeState, _job: list[Any]) -> None:
    """Offer the trade decision while the allowance lasts (1 trade, 2 with six players); with no
    partner left to offer to, only `pass` remains and the engine takes it (`trade` is forced)."""
    if st.trades_done < st.facts.trade_allowance and st.hands[st.active]:
        st.offer(offers(st), _TRADE, st.active)


# Read every turn: one global each (Final: compiled, a C static, not a lookup in the module's dict)
_TRADE: Final = Ask.TRADE
_PASS: Final = Verb.PASS
_REFUSE: Final = Verb.REFUSE
_TRADE_JOB: Final = [Job.TRADE]  # jobs are never mutated once scheduled: one list serves every trade


def answers(st: SiegeState) -> list[Action]:
    return _gifts(st, st.decision[1] if st.decision else -1)


def _gifts(st: SiegeState, partner: int) -> list[Action]:
    """Refuse, or give one card of a kind in the partner's hand (SG-TRADE-03)."""
    give = st.facts.give
    out: list[Action] = [st.facts.refuse]
    for k in sorted(set(st.hands[partner])):
        out.append(give[k])
    return out


def apply_trade(st: SiegeState, action: SiegeAction) -> None:
    """Pass (the phase ends), or propose a trade to a partner."""
    if action.verb == _PASS:
        st.decision = None
    else:
        apply_offer(st, action)


def apply_offer(st: SiegeState, action: SiegeAction) -> None:
    partner, kind = action.a, action.b
    g = st.facts
    st.say("trade_offer", f"player {st.active} offers {g.card_name[kind]} to player {partner}",
           player=st.active, partner=partner, card=g.card_kind[kind])  # fmt: skip
    st.offer(_gifts(st, partner), Ask.ANSWER, partner, kind)


def apply_answer(st: SiegeState, action: SiegeAction) -> None:
    """Each side chooses what it gives; either may refuse and nothing changes hands (SG-TRADE-03)."""
    assert st.decision is not None
    _, partner, offered = st.decision
    if action.verb == _REFUSE:
        st.proposals.append([partner, offered])  # a refused proposal may not be repeated (SG-TRADE-05)
        st.say("trade_refused", f"player {partner} refuses the trade", partner=partner)
    else:
        given = action.a
        mine, theirs = st.hands[st.active], st.hands[partner]
        mine.remove(offered)
        theirs.remove(given)
        theirs.append(offered)
        mine.append(given)
        changed = st.changes  # speed (issue 18)
        changed[HAND + st.active] += 1
        changed[HAND + partner] += 1
        st.trades_done += 1
        name = st.facts.card_name
        st.say("trade", f"player {st.active} gives {name[offered]}, player {partner} gives "
               f"{name[given]}", player=st.active, partner=partner)  # fmt: skip
    st.decision = None
    st.agenda.append(_TRADE_JOB)
