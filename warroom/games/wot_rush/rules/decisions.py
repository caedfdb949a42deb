"""Every kind of decision, declared once for the core's turn engine (wot_rush.md §4.1): how its
options are listed (the rules modules) and what an option does.

PLACE, REWARD, SABOTAGE and RESEARCH are `forced`: when they leave a single option (one base to
guard, one medal mix, one card kind to discard, nothing to research) the engine takes it at once.
Every applied action, forced or chosen, counts one step of the turn (`turn_steps`, reset when a
turn starts), which bounds a turn's length (WOT-PLAY-05). The game needs no agenda jobs: each
rule asks for its next decision directly with `st.decide`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.engine import DecisionKind, Rules
from warroom.games.wot_rush.rules import abilities, attack, buy, turn
from warroom.games.wot_rush.words import Kind, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState

TURN_STEP_LIMIT = 5_000  # no turn is this long (WOT-PLAY-05); the invariant "no turn without end"


def main_choices(st: WotState) -> list[WotAction]:
    """DP-02: purchases, ability plays, zero-ability defences, attacks, and `end` (WOT-PLAY-01/02).

    One pass over the hand gathers what each kind of play needs (this is the hot path of every
    simulation), reading the per-card tuple `game.main_info`; the rules themselves live in buy.py,
    abilities.py and attack.py (`attack.target_mask` is written out here: same mask)."""
    g = st.wot
    played, info, active = st.played, g.main_info, st.active
    plays: list[WotAction] = []
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
            plays += uses  # WOT-ABIL-01/02
        if defend is not None:
            if can_defend < 0:
                lo = active * g.bpp
                can_defend = max(st.base[lo : lo + g.bpp]) >= 0
            if can_defend:
                plays.append(defend)  # WOT-ABIL-04
        if attacker:
            attackers.append(card)  # WOT-ATK-01
    if payers and st.purchases < st.limit:  # WOT-BUY-03/06
        cost, buy = g.cost, g.table.buy
        out = [buy[c] for c in st.reserve if cost[c] <= budget]
        out += plays
    else:
        out = plays
    if attackers and not st.attacked:
        base, guard = st.base, st.guard
        targets = 0  # attack.target_mask (EDGE-17)
        for i in g.others[active]:
            if base[i] >= 0:
                targets |= 1 if guard[i] >= 0 else 2
                if targets == 3:
                    break
        if targets:
            hits, nat, buttons = g.hits, g.nat, g.table.attack
            if len(attackers) == 1:
                card = attackers[0]
                if hits[card] & targets:
                    out.append(buttons[card])
            else:
                armed = [nat[c] for c in attackers if hits[c] & targets]
                if armed:
                    out += [buttons[c] for c in attackers if nat[c] in armed]
    out.append(g.table.end)
    return out


# -- what each option does, by kind -----------------------------------------------------------
_BUY, _USE, _DEFEND, _ATTACK = Verb.BUY, Verb.USE, Verb.DEFEND, Verb.ATTACK  # constants: hot path
_PAY, _CANCEL, _THEN, _SCRAP, _ADD = Verb.PAY, Verb.CANCEL, Verb.THEN, Verb.SCRAP, Verb.ADD


def _main(st: WotState, a: WotAction) -> None:
    verb = a.verb
    if verb is _BUY:
        buy.start(st, a.a)
    elif verb is _USE:
        abilities.start(st, a.a, a.b)
    elif verb is _DEFEND:
        abilities.defend(st, a.a)
    elif verb is _ATTACK:
        attack.start(st, a.a)
    else:
        turn.end_turn(st)


def _pay(st: WotState, a: WotAction) -> None:
    if a.verb is _PAY:
        buy.pay(st, a.a)
    elif a.verb is _CANCEL:
        buy.cancel(st)
    else:
        buy.complete(st)


def _on_a(rule: Callable[[WotState, int], None]) -> Callable[[WotState, WotAction], None]:
    """An option that gives `rule` its one number `a` (a card kind, scout mask or base slot)."""

    def apply(st: WotState, a: WotAction) -> None:
        rule(st, a.a)

    return apply


def _verb_or(
    verb: Verb, rule: Callable[[WotState, WotAction], None], otherwise: Callable[[WotState], None]
) -> Callable[[WotState, WotAction], None]:
    """Options of two verbs: `verb`'s `rule`, or the closing option (`stop`, `done`, `go`)."""

    def apply(st: WotState, a: WotAction) -> None:
        if a.verb is verb:
            rule(st, a)
        else:
            otherwise(st)

    return apply


def _fire(st: WotState, a: WotAction) -> None:
    attack.fire(st, a.a, a.b, a.c)


def _reward(st: WotState, a: WotAction) -> None:
    attack.reward(st, a.a, a.b)


_more = _verb_or(_THEN, lambda st, a: abilities.then(st, a.b), abilities.stop)
_repair = _verb_or(_SCRAP, _on_a(abilities.scrap), abilities.stop_repair)
_declare = _verb_or(_ADD, _on_a(attack.add), attack.go)


def _count_step(st: WotState, _kind: Any) -> None:
    """Every applied action is one step of the turn (WOT-PLAY-05's bound, see TURN_STEP_LIMIT)."""
    st.turn_steps += 1


RULES: Rules[WotState] = Rules(
    [
        DecisionKind(Kind.MAIN, main_choices, _main),
        DecisionKind(Kind.PAY, buy.payments, _pay),
        DecisionKind(Kind.MORE, abilities.more_choices, _more),
        DecisionKind(Kind.SCOUT, abilities.scout_choices, _on_a(abilities.scout)),
        DecisionKind(Kind.RESEARCH, abilities.research_choices, _on_a(abilities.research), forced=True),
        DecisionKind(Kind.REPAIR, abilities.repair_choices, _repair),
        DecisionKind(Kind.SABOTAGE, abilities.sabotage_choices, _on_a(abilities.sabotaged), forced=True),
        DecisionKind(Kind.PLACE, abilities.place_choices, _on_a(abilities.place), forced=True),
        DecisionKind(Kind.DECLARE, attack.declare_choices, _declare),
        DecisionKind(Kind.FIRE, attack.fire_choices, _fire),
        DecisionKind(Kind.REWARD, attack.reward_choices, _reward, forced=True),
    ],
    after_apply=_count_step,
)
