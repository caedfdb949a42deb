"""Route the pending decision to the rules module that lists and applies its options.

Decisions in `AUTOMATIC` that leave a single option (one base to guard, one medal mix, one card
kind to discard, nothing to research) are taken by the engine at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.games.wot_rush.actions import Verb
from warroom.games.wot_rush.rules import abilities, attack, buy, turn
from warroom.games.wot_rush.rules.decisions import AUTOMATIC, Decision

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState

TURN_STEP_LIMIT = 5_000  # no turn is this long (WOT-PLAY-05); the invariant "no turn without end"


def main_choices(st: WotState) -> list[WotAction]:
    """DP-02: purchases, ability plays, zero-ability defences, attacks, and `end` (WOT-PLAY-01/02).

    One pass over the hand gathers what each kind of play needs (this is the hot path of every
    simulation), reading the per-card tuple `game.main_info`; the rules themselves live in buy.py,
    abilities.py and attack.py."""
    g = st.game
    played, info, active = st.played, g.main_info, st.active
    out: list[WotAction] = []
    budget, payers, attackers = 0, False, []
    seen: list[int] = []
    can_defend = -1  # computed once, on the first armoured card (WOT-ABIL-04)
    for card in st.hand[active]:
        if card in played:
            continue  # WOT-PLAY-04
        k, r, uses, defend, attacker = info[card]
        if r >= 0:
            budget += r
            payers = True
        if k in seen:
            continue
        seen.append(k)
        if uses:
            out.extend(uses)  # WOT-ABIL-01/02
        if defend is not None:
            if can_defend < 0:
                lo = active * g.bpp
                can_defend = max(st.base[lo : lo + g.bpp]) >= 0
            if can_defend:
                out.append(defend)  # WOT-ABIL-04
        if attacker:
            attackers.append(card)  # WOT-ATK-01
    if payers and st.purchases < st.limit:  # WOT-BUY-03/06
        cost, buy = g.cost, g.table.buy
        out[:0] = [buy[c] for c in st.reserve if cost[c] <= budget]
    if attackers and not st.attacked:
        targets = attack.target_mask(st)
        if targets:  # EDGE-17
            hits, nat = g.hits, g.nat
            armed = [nat[c] for c in attackers if hits[c] & targets]
            if armed:
                buttons = g.table.attack
                out.extend([buttons[c] for c in attackers if nat[c] in armed])
    out.append(g.table.end)
    return out


_LEGAL: dict[Decision, Callable[[WotState], list[WotAction]]] = {
    Decision.MAIN: main_choices,
    Decision.PAY: buy.payments,
    Decision.MORE: abilities.more_choices,
    Decision.SCOUT: abilities.scout_choices,
    Decision.RESEARCH: abilities.research_choices,
    Decision.REPAIR: abilities.repair_choices,
    Decision.SABOTAGE: abilities.sabotage_choices,
    Decision.PLACE: abilities.place_choices,
    Decision.DECLARE: attack.declare_choices,
    Decision.FIRE: attack.fire_choices,
    Decision.REWARD: attack.reward_choices,
}


# The same tables as lists indexed by the decision (an int), for the hot path.
LEGAL: list[Callable[[WotState], list[WotAction]]] = [_LEGAL[d] for d in Decision if d in _LEGAL]
AUTO: tuple[bool, ...] = tuple(d in AUTOMATIC for d in Decision)


def legal(st: WotState) -> list[WotAction]:
    return LEGAL[st.decision](st)


_END = Verb.END  # a module constant: cheaper than the enum attribute on the hot path


def _main(st: WotState, a: WotAction) -> None:
    verb = a.verb
    if verb == _END:
        turn.end_turn(st)
    elif verb == Verb.BUY:
        buy.start(st, a.a)
    elif verb == Verb.USE:
        abilities.start(st, a.a, a.b)
    elif verb == Verb.DEFEND:
        abilities.defend(st, a.a)
    else:
        attack.start(st, a.a)


def _pay(st: WotState, a: WotAction) -> None:
    if a.verb == Verb.PAY:
        buy.pay(st, a.a)
    else:
        buy.complete(st)


def _more(st: WotState, a: WotAction) -> None:
    if a.verb == Verb.THEN:
        abilities.then(st, a.b)
    else:
        st.pending = []
        abilities.after(st)


def _repair(st: WotState, a: WotAction) -> None:
    if a.verb == Verb.SCRAP:
        abilities.scrap(st, a.a)
    else:
        abilities.stop_repair(st)


def _declare(st: WotState, a: WotAction) -> None:
    if a.verb == Verb.ADD:
        attack.add(st, a.a)
    else:
        attack.go(st)


_APPLY: dict[Decision, Callable[[WotState, WotAction], None]] = {
    Decision.MAIN: _main,
    Decision.PAY: _pay,
    Decision.MORE: _more,
    Decision.SCOUT: lambda st, a: abilities.scout(st, a.a),
    Decision.RESEARCH: lambda st, a: abilities.research(st, a.a),
    Decision.REPAIR: _repair,
    Decision.SABOTAGE: lambda st, a: abilities.sabotaged(st, a.a),
    Decision.PLACE: lambda st, a: abilities.place(st, a.a),
    Decision.DECLARE: _declare,
    Decision.FIRE: lambda st, a: attack.fire(st, a.a, a.b, a.c),
    Decision.REWARD: lambda st, a: attack.reward(st, a.a, a.b),
}


APPLY: list[Callable[[WotState, WotAction], None]] = [_APPLY[d] for d in Decision if d in _APPLY]


def apply(st: WotState, action: WotAction) -> None:
    """Apply one action, then take any automatic single-option decisions that follow."""
    APPLY[st.decision](st, action)
    st.turn_steps += 1
    if AUTO[st.decision]:
        automatic(st)


def automatic(st: WotState) -> None:
    """Take the single-option automatic decisions (`AUTOMATIC`) until a real choice or another
    kind of decision comes; a real choice's options are left in the position's cache."""
    while AUTO[st.decision]:
        options = LEGAL[st.decision](st)
        if len(options) != 1:
            st._legal = options  # type: ignore[assignment]  # cached for legal_actions()
            return
        APPLY[st.decision](st, options[0])
        st.turn_steps += 1
