"""The World of Tanks: Rush heuristic agent: a one-step greedy deck-builder.

Its plan, decision by decision (no look-ahead copies, deterministic for a given state):
- attack first when the hand's best nation destroys something (bases above all: 3 medals and
  a squad card), resolving the cards in the order that finishes the most;
- resolve Research, Call and Reinforcement before buying, so the extra buys and cards count;
- buy the best value per cost it can afford, preferring classes of the achievements in play
  that it can still win, and pay with the cards it would miss least;
- thin the deck with Repair (Engineers, the Technician and Volunteer, never medals or bases);
- defend: send armoured cards to its open (or weakest-guarded) bases;
- take as many two-medal cards as possible (they feed the Double medals achievement).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from warroom.core.game import Action, State
from warroom.core.rng import Rng
from warroom.games.wot_rush.actions import WotAction
from warroom.games.wot_rush.words import HEAVY, Ability, Kind, Metric, Restriction, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState

_ABILITY_VALUE = {Ability.RES: 9.0, Ability.CALL: 6.0, Ability.REI: 7.0, Ability.INV: 8.0,
                  Ability.SAB: 5.0, Ability.REP: 4.0, Ability.REC: 0.5}  # fmt: skip
# Enum members as module constants: looking one up on its class costs about a microsecond, and
# the scorers run for every option of every decision of a search's playouts
_ATTACK, _USE, _BUY, _DEFEND, _DONE = Verb.ATTACK, Verb.USE, Verb.BUY, Verb.DEFEND, Verb.DONE
_CANCEL, _ADD, _THEN = Verb.CANCEL, Verb.ADD, Verb.THEN
_RES, _CALL, _REP = Ability.RES, Ability.CALL, Ability.REP
_NO_RESTRICTION, _ONLY_VEHICLES, _ONLY_BASE = Restriction.NONE, Restriction.VEHICLES, Restriction.BASE
_FIRE_KIND = Kind.FIRE
_VALUE_BY_NUMBER = tuple(_ABILITY_VALUE[a] for a in Ability)  # _ABILITY_VALUE[Ability(n)], by n


class HeuristicAgent:
    """choose(state) -> the best-scored legal action (ties: the earlier one)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        st: WotState = state  # type: ignore[assignment]  # registered for wot_rush only
        options: list[WotAction] = st.legal_actions()  # type: ignore[assignment]
        if len(options) == 1:
            return options[0]
        decision = st.decision
        assert decision is not None, "a finished game has no options"
        kind = decision[0]
        # FIRE: each target seat's standing worked out once per decision, not once per option
        score = _fire_scorer(st) if kind == _FIRE_KIND else _SCORERS.get(kind, _first)
        best, top = options[0], score(st, options[0])
        for option in options[1:]:  # max(key=...) written out, the first of equals kept (hot path)
            value = score(st, option)
            if value > top:
                best, top = option, value
        return best


def _first(_st: WotState, _a: WotAction) -> float:
    return 0.0


# -- values -------------------------------------------------------------------------------
def card_value(st: WotState, card: int) -> float:
    """What owning a vehicle is worth to this seat: its fighting, defending, economy and abilities,
    plus a bonus for classes of the achievements in play. It depends on nothing but the card set,
    the card and the achievements in play, so each value is worked out once per game
    (`game.card_values`): the buy scorer asks it for every reserve card of every search playout."""
    key = (card, *st.achievements)
    values = st.wot.card_values
    value = values.get(key)
    if value is None:
        value = values[key] = _card_value(st, card)
    return value


def _card_value(st: WotState, card: int) -> float:
    g = st.wot
    value = 1.5 * g.strength[card] + 1.2 * max(0, g.arm[card]) + 1.3 * max(0, g.res[card])
    value += 2.0 * g.heavy[card] + sum(_ABILITY_VALUE[a] * max(1, n) / 3 for a, n in g.abil[card])
    value -= 0.5 * (g.restr[card] != _NO_RESTRICTION)
    cls = g.content.card_class[g.kind[card]]
    for a in st.achievements:
        ach = g.content.achievements[a]
        if ach.metric == Metric.CLASS and ach.value == cls:
            value += 1.5
    return value


def _keep_value(st: WotState, card: int) -> float:
    """How much a hand card is missed when spent as resources (lower = spend first)."""
    g = st.wot
    if not g.veh[card]:
        return 0.1 * g.res[card]
    return g.strength[card] * 0.8 + (1.0 if g.abil[card] else 0.0) + 0.2 * g.res[card]


def _main(st: WotState, a: WotAction) -> float:
    g = st.wot
    verb = a.verb
    if verb == _ATTACK:
        return 50.0 + _attack_power(st, a.a)
    if verb == _USE:
        ability = a.b  # an Ability's number (IntEnum: compares and hashes as its member)
        if ability == _RES:
            return 40.0 if any(g.cost[c] <= 4 and c < g.content.num_vehicles for c in st.reserve) else 1.0
        if ability == _CALL:
            return 38.0 if _budget(st) >= 2 else 2.0
        if ability == _REP:
            return 30.0 if _junk(st) else 1.0
        return 30.0 + _VALUE_BY_NUMBER[ability]
    if verb == _BUY:
        return 20.0 + card_value(st, a.a) + g.cost[a.a]
    if verb == _DEFEND:
        return 10.0 + g.arm[a.a] if _open_bases(st) else 3.0 + g.arm[a.a]
    return 0.0  # end


def _budget(st: WotState) -> int:
    g = st.wot
    return sum(g.res[c] for c in st.hand[st.active] if g.res[c] >= 0 and c not in st.played)


def _junk(st: WotState) -> bool:
    g = st.wot
    return any(not g.veh[c] and not g.content.is_medal[g.kind[c]] and not g.content.is_base[g.kind[c]]
               for c in st.warehouse[st.active])  # fmt: skip


def _open_bases(st: WotState) -> int:
    k = st.wot.content.bases_per_player
    lo = st.active * k
    return sum(st.base[lo + s] >= 0 and st.guard[lo + s] < 0 for s in range(k))


def _attack_power(st: WotState, card: int) -> float:
    """The first card's nation's total strength in hand, as a rough measure of the attack."""
    g = st.wot
    nation = g.nat[card]
    return sum(g.strength[c] + 2 * g.heavy[c] for c in st.hand[st.active] if g.nat[c] == nation)


def _pay(st: WotState, a: WotAction) -> float:
    """Pay with the least missed cards, and stop as soon as the cost is covered."""
    if a.verb == _DONE:
        return 100.0
    if a.verb == _CANCEL:
        return -100.0  # it chose the card on purpose: it never takes the purchase back
    g = st.wot
    card = next(c for c in st.hand[st.active] if g.kind[c] == a.a and c not in st.played)
    return 10.0 - _keep_value(st, card) + 0.5 * g.res[card]


def _declare(st: WotState, a: WotAction) -> float:
    return 10.0 if a.verb == _ADD else 1.0  # every same-nation card joins the attack


def _fire(st: WotState, a: WotAction, standing: Callable[[WotState, int], float] | None = None) -> float:
    """Destroy rather than damage; bases over vehicles; a card without target last; among equals,
    the leader first (`standing`: `_standing`, or a memo of it)."""
    if a.b < 0:
        return -10.0
    g = st.wot
    i = a.b * g.content.bases_per_player + a.c
    card = a.a
    leader = (standing or _standing)(st, a.b)
    if st.guard[i] >= 0:
        target = st.guard[i]
        kills = g.strength[card] >= g.arm[target] or st.guard_dmg[i]
        # a restricted or weak card goes first at vehicles, keeping heavies for the base behind
        bonus = 2.0 * (g.restr[card] == _ONLY_VEHICLES) + 0.01 * leader
        return (20.0 if kills else 6.0) - 3.0 * g.heavy[card] + bonus
    kills = g.heavy[card] or st.base_dmg[i]
    return (30.0 if kills else 8.0) + 2.0 * (g.restr[card] == _ONLY_BASE) + 0.01 * leader


def _fire_scorer(st: WotState) -> Callable[[WotState, WotAction], float]:
    """`_fire` for one FIRE decision, each target seat's `_standing` summed once (its squad's
    medals and bases do not change while the options are scored): speed, since a FIRE decision
    offers every declared card against every open target of the seat."""
    known: dict[int, float] = {}

    def standing(st: WotState, seat: int) -> float:
        value = known.get(seat)
        if value is None:
            value = known[seat] = _standing(st, seat)
        return value

    def score(st: WotState, a: WotAction) -> float:
        return _fire(st, a, standing)

    return score


def _standing(st: WotState, seat: int) -> float:
    """An opponent's medals so far (hit the leader first; ties to the lower seat): its squad's
    (`scoring.squad`: hand, warehouse and hangar) medals plus 3 per base card.

    Speed (the FIRE scorer's hot path in search playouts): `medal_total + 3 * base_count`
    (scoring.py) summed from the game's per-card table `standing_of` in plain loops over the three
    piles, without joining them: 3-5x cheaper than `sum(map(table.__getitem__, cards))` twice,
    interpreted (a tuple's bound `__getitem__` is a slow call) and compiled (a typed loop). The sum
    is an exact int, so `total - 0.01 * seat` is the float `medals + 3.0 * bases - 0.01 * seat` was."""
    of = st.wot.standing_of
    total = 0
    for card in st.hand[seat]:
        total += of[card]
    for card in st.warehouse[seat]:
        total += of[card]
    for card in st.hangar[seat]:
        total += of[card]
    return total - 0.01 * seat


def _reward(_st: WotState, a: WotAction) -> float:
    return float(a.a)  # most two-medal cards (Double medals, WOT-ACH-11)


def _place(st: WotState, a: WotAction) -> float:
    """Guard an open base, else replace the weakest defender."""
    i = st.active * st.wot.content.bases_per_player + a.a
    guard = st.guard[i]
    return 10.0 if guard < 0 else -float(st.wot.arm[guard])


def _more(_st: WotState, a: WotAction) -> float:
    return 1.0 if a.verb == _THEN else 0.0


def _scout(st: WotState, a: WotAction) -> float:
    """Discard cheap reserve cards nobody wants."""
    g = st.wot
    gone = [c for i, c in enumerate(st.reserve) if a.a >> i & 1]
    return sum(2.0 - g.cost[c] for c in gone)


def _research(st: WotState, a: WotAction) -> float:
    return -1.0 if a.a < 0 else card_value(st, a.a) + st.wot.cost[a.a]


def _repair(st: WotState, a: WotAction) -> float:
    """Thin the deck: barracks cards go first, never medals, bases or vehicles."""
    if a.verb == _DONE:
        return 0.0
    c = st.wot.content
    if c.is_medal[a.a] or c.is_base[a.a] or c.is_vehicle[a.a]:
        return -5.0
    return 5.0 - (c.resource[a.a] if c.resource[a.a] >= 0 else 0)


def _sabotage(st: WotState, a: WotAction) -> float:
    """Discard what is missed least: the card of least use."""
    c = st.wot.content
    k = a.a
    if c.is_base[k]:
        return 10.0
    if not c.is_vehicle[k]:
        return 5.0 - max(0, c.resource[k])
    return -(c.strength[k] + c.armour[k] + c.resource[k] + 2.0 * (c.card_class[k] == HEAVY))


_SCORERS: dict[str, Callable[[WotState, WotAction], float]] = {
    Kind.MAIN: _main,
    Kind.PAY: _pay,
    Kind.DECLARE: _declare,
    # Kind.FIRE: `_fire_scorer(st)`, made per decision (HeuristicAgent.choose)
    Kind.REWARD: _reward,
    Kind.PLACE: _place,
    Kind.MORE: _more,
    Kind.SCOUT: _scout,
    Kind.RESEARCH: _research,
    Kind.REPAIR: _repair,
    Kind.SABOTAGE: _sabotage,
}
