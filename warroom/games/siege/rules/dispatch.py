"""Route the pending decision to the rules module that lists and applies its options."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.siege.rules import cards, enemies, flow, marshal, setup, trade, zones
from warroom.games.siege.rules.agenda import push

if TYPE_CHECKING:
    from warroom.games.siege.actions import SiegeAction
    from warroom.games.siege.state import SiegeState


def _apply_swap(st: SiegeState, action: SiegeAction) -> None:
    """Discard one, draw one (SG-SWAP-01/02); solo: up to two, all discards first (SG-SOLO-02/03)."""
    st.decision = None
    if action.verb == "swap":
        zones.discard_from_hand(st, st.active, action.a)
        st.swaps += 1
        st.say("swap", f"player {st.active} discards {st.game.card_name[action.a]}",
               player=st.active, card=st.game.card_kind[action.a])  # fmt: skip
        if st.game.solo and st.swaps < 2:
            push(st, ["swap"])
            return
    flow.finish_swap(st)


def _apply_trade(st: SiegeState, action: SiegeAction) -> None:
    if action.verb == "pass":
        st.decision = None
    else:
        trade.apply_offer(st, action)


_LEGAL: dict[str, Callable[[SiegeState], list[Action]]] = {
    "arrange": setup.arrangements,
    "claim": setup.claims,
    "swap": flow.swaps,
    "trade": trade.offers,
    "answer": trade.answers,
    "play": cards.legal,
    "hit": enemies.hit_choices,
    "discard": enemies.discard_choices,
    "marshal": marshal.legal,
    "marshal_extra": marshal.extra_legal,
}
_APPLY: dict[str, Callable[[SiegeState, SiegeAction], None]] = {
    "arrange": setup.apply_arrange,
    "claim": setup.apply_claim,
    "swap": _apply_swap,
    "trade": _apply_trade,
    "answer": trade.apply_answer,
    "play": cards.apply,
    "hit": enemies.apply_hit,
    "discard": enemies.apply_discard,
    "marshal": marshal.apply,
    "marshal_extra": marshal.extra_apply,
}


def legal(st: SiegeState) -> list[Action]:
    assert st.decision is not None
    return _LEGAL[st.decision[0]](st)


def apply(st: SiegeState, action: SiegeAction) -> None:
    assert st.decision is not None
    _APPLY[st.decision[0]](st, action)
    flow.run(st)
