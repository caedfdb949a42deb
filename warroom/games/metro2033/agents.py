"""The Metro 2033 heuristic agent: a one-step planner that plays like a sensible person.

It reads only what its seat may know (public board, own hand and scouting card, the face-up
discards) and scores each legal option of the pending decision; ties go to the earlier option.
Its plan:
- drafts any legal faction at random (seeded), so a simulation measures every faction, and the
  strongest hero left (strength 3 and a useful ability first);
- expand: the army attacks the station it most likely captures (the threat odds over the cards
  still possibly on the deck, the Polis garrison, an enemy army with the battle cards' spread),
  cheap stations near home first, and only while the capture price (1 M + 1 P) is in hand;
- keep upkeep payable: recruit towards 5 (free upkeep), beyond only with pigs to keep it;
- the hero walks to a neutral station it can take, or to a Hanza station to buy strength or a
  quest while affordable; it completes quests at once and keeps the quests it can do;
- votes for laws that help it (its own measure of each law), against the rest;
- picks its battle card by the odds against the four cards the opponent may hold (M33-BAT-02..12);
- W-BATTLE: a quest bonus or a grenade only when it turns the battle (M33-CMB-06).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING

from warroom.core.game import Action, State
from warroom.core.rng import Rng
from warroom.games.metro2033.board import BOARD, Station
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.rules.battle import ATTACKER, DEFENDER, flag_bonus, hero_strength, side_strength
from warroom.games.metro2033.rules.common import (
    AC_GARRISON,
    POLIS_GARRISON,
    RES_INDEX,
    C,
    active_law,
    can_pay,
    has_faction,
    price,
    stations_of,
    vp,
)
from warroom.games.metro2033.rules.quests import group_done
from warroom.games.metro2033.words import (
    CardKind,
    Equipment,
    Faction,
    Hero,
    Law,
    Purchase,
    QuestCondition,
    Resource,
    StationKind,
)

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

Scorer = Callable[["MetroState", int, Action], float]

STATION = 10.0  # a station: 1 VP and its income
UNIT = 1.5  # one resource
ARMY_STEP = 3.0  # one point on the army track
WOUND = 4.0  # a lost hero turn and the walk back

# Draft preferences (the rules' own measure is in the README's per-faction figures): the Red Line
# wins at 9, the Reich's attacking army and the Bandits' defending army win ties.
FACTION_PREFERENCE = {
    Faction.RL: 6,
    Faction.RE: 5,
    Faction.BN: 4,
    Faction.BA: 3,
    Faction.AC: 2,
    Faction.C05: 1,
}
HERO_PREFERENCE = {Hero.KHAN: 6, Hero.ANNA: 5, Hero.HUNTER: 4, Hero.MELNIK: 3, Hero.SASHA: 2, Hero.ARTYOM: 1}
EQUIPMENT_VALUE = {
    Equipment.RPK: 5.0, Equipment.AKM: 4.5, Equipment.SHOTGUN: 4.0, Equipment.GEIGER: 4.0,
    Equipment.FLAG: 4.0, Equipment.SVD: 3.5, Equipment.GRENADE: 3.0, Equipment.DRAISINE: 2.0,
    Equipment.EXPLOSIVES: 2.0,
}  # fmt: skip
QUEST_EASE = {
    QuestCondition.ARMY_NEUTRAL: 6, QuestCondition.HERO_NEUTRAL: 4, QuestCondition.HOLD_MUSHROOMS: 4,
    QuestCondition.HOLD_PIGS: 4, QuestCondition.HOLD_AMMO: 4, QuestCondition.ARMY_PLAYER: 3,
    QuestCondition.POLIS: 2, QuestCondition.HERO_PLAYER: 2, QuestCondition.HERO: 1,
}  # fmt: skip
LAW_VALUE = {Law.TAXATION: 2.0, Law.COLONIZATION: 1.0, Law.NON_AGGRESSION: 0.0, Law.INFLATION: -1.0,
             Law.CONVERSION: -1.5, Law.EXPANSION_LIMITS: -2.0, Law.COLLUSION: -2.5}  # fmt: skip


class HeuristicAgent:
    """choose(state) -> the best-scored legal action of the seat to decide (ties: the earlier)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        st: MetroState = state  # type: ignore[assignment]  # registered for metro2033 only
        options = st.legal_actions()
        if len(options) == 1:
            return options[0]
        decision = st.decision
        assert decision is not None, "a finished game has no options"
        if decision[0] == "faction":  # any legal faction: simulations then measure them all
            return self.rng.choice(options)
        seat = st.current_player()
        score = SCORERS.get(decision[0], _first)
        return max(options, key=lambda a: score(st, seat, a))


def _first(_st: MetroState, _seat: int, _a: Action) -> float:
    return 0.0


# ------------------------------------------------------------------ what the seat knows


def res(st: MetroState, seat: int, r: Resource) -> int:
    return st.res[seat][RES_INDEX[r]]


def need(st: MetroState, seat: int, r: Resource) -> float:
    """How much one more unit of `r` is worth now: what a capture (M + P), upkeep (P), recruiting
    (A + P) and the Hanza (M + A) ask, less what is already held."""
    want = {
        Resource.MUSHROOM: 2,
        Resource.PIG: 2 + C.board.army_track.upkeep(st.army[seat]),
        Resource.AMMO: 2,
    }
    for q in st.quests[seat]:  # a "hold 5" quest not yet done: save up for it (M33-QST-04)
        card = C.quests[CARD[q]]
        if card.hold is not None and not group_done(st, seat, card.cond):
            want[card.hold[0]] = max(want[card.hold[0]], card.hold[1])
    short = want[r] - res(st, seat, r)
    return UNIT * (1.5 if short > 0 else 0.6) + 0.1 * short


def possible_threats(st: MetroState, seat: int) -> list[str]:
    """The threat cards that may lie on top of the deck as this seat knows it: the stage's deck
    minus the face-up discard (M33-DECK-07) and the cards out of the game; its own scouting card
    is known to be in its hand."""
    stage = CardKind.THREAT_I if st.stage == 1 else CardKind.THREAT_II
    out = [CARD[c] for c in DECK[stage]]
    for c in (*st.t_disc, *st.scouts[seat]):
        if CARD[c] in out:
            out.remove(CARD[c])
    return out or [CARD[c] for c in DECK[stage]]


def threat_odds(
    st: MetroState, seat: int, station: Station, strength: int, ties: bool
) -> tuple[float, float]:
    """(P(win), P(tie)) of `strength` against the top threat card at `station` (M33-CMB-02, M33-THR-02,
    M33-LAW-05); `ties`: this side wins ties (M33-CMB-07)."""
    law = active_law(st)
    extra = C.laws[law].threat_strength if law is not None else 0
    cards = possible_threats(st, seat)
    win = tie = 0
    for cid in cards:
        t = C.threats[cid].strength_at(BOARD.has_transfer[station]) + extra
        if strength > t or (strength == t and ties):
            win += 1
        elif strength == t:
            tie += 1
    return win / len(cards), tie / len(cards)


def _card_table() -> dict[int, float]:
    """For a strength difference d (mine - theirs before cards), P(win) over every ordered pair
    of distinct battle cards, ties counted half: the spread of M33-BAT-04..12."""
    cards = list(C.battle_cards.values())
    diffs = [m.bonus_against(t.type) - t.bonus_against(m.type) for m, t in permutations(cards, 2)]
    return {d: sum((d + x > 0) + 0.5 * (d + x == 0) for x in diffs) / len(diffs) for d in range(-12, 13)}


CARD_ODDS = _card_table()


def pvp_odds(diff: int) -> float:
    return CARD_ODDS[max(-12, min(12, diff))]


def army_power(st: MetroState, seat: int) -> int:
    return st.army[seat] + flag_bonus(st, seat)


def garrison(st: MetroState, seat: int) -> int:
    return AC_GARRISON if has_faction(st, seat, Faction.AC) else POLIS_GARRISON


def capture_cost(st: MetroState, taken: bool) -> dict[Resource, int]:
    return price(st, Purchase.CAPTURE_TAKEN if taken else Purchase.CAPTURE_NEUTRAL)


def leader(st: MetroState, seat: int) -> int:
    """The other player closest to winning (most VP)."""
    others = [q for q in range(st.metro.num_players) if q != seat]
    return max(others, key=lambda q: (vp(st, q), -q))


# ------------------------------------------------------------------ attacks


def attack_value(st: MetroState, seat: int, station: Station, unit: str) -> float:
    """Expected value of attacking `station` with the army or the hero: the capture (if its price
    is in hand) and the threat's reward when won, the setback when lost (M33-OUT-01..05)."""
    owner = st.owner[station]
    taken = owner >= 0
    affordable = can_pay(st, seat, capture_cost(st, taken))
    gain_value = (STATION if affordable else 0.0) + (
        STATION * 0.6 if taken else 0.0
    )  # the rival loses one too
    loss = ARMY_STEP if unit == "army" else WOUND
    if unit == "army":
        power = army_power(st, seat)
        ties = has_faction(st, seat, Faction.RE)
    else:
        power = hero_strength(st, seat)
        ties = has_faction(st, seat, Faction.BA)
    if taken:
        defence = army_power(st, owner)
        if st.hero_at[owner] == station:
            defence = max(defence, hero_strength(st, owner))
        p = pvp_odds(power - defence)
        return p * gain_value - (1 - p) * loss - (0.5 if vp(st, owner) < vp(st, leader(st, seat)) else 0.0)
    if BOARD.kind[station] == StationKind.POLIS:
        g = garrison(st, seat)
        win = 1.0 if power > g or (power == g and ties) else 0.0
        return win * gain_value - (1 - win) * loss if win else -loss
    p, tie = threat_odds(st, seat, station, power, ties)
    reward = 2 * UNIT
    return p * (gain_value + reward) - (1 - p - tie) * loss - (0.0 if affordable else 2.0)


def _army(st: MetroState, seat: int, a: Action) -> float:
    """M33-ARM-01..06: the best attack if it is worth it, else gather what is needed."""
    if a.verb == "gather":
        return need(st, seat, Resource(a.part("resource")))
    if a.verb == "attack":
        return attack_value(st, seat, BOARD.station(a.part("station")), "army") - 0.5
    if a.verb == "attack_hero":
        victim = st.faction.index(str(a.part("faction")))
        p = pvp_odds(army_power(st, seat) - hero_strength(st, victim))
        return p * (WOUND + 2.0) - (1 - p) * ARMY_STEP
    return 0.0


# ------------------------------------------------------------------ mobilization


def _upkeep(st: MetroState, seat: int, a: Action) -> float:
    """M33-MOB-02/03: keep the largest army whose upkeep leaves a pig for a capture."""
    s = int(a.part("amount"))
    left = res(st, seat, Resource.PIG) - C.board.army_track.upkeep(s)
    return s * ARMY_STEP - (3.0 if left < 1 and s > 5 else 0.0)


def _recruit(st: MetroState, seat: int, a: Action) -> float:
    """M33-MOB-04: towards 5 (free upkeep), then only with pigs for next round's upkeep; always
    keeping the capture price in hand when possible."""
    k = int(a.part("amount"))
    target = st.army[seat] + k
    value = 0.0
    for s in range(st.army[seat] + 1, target + 1):
        value += ARMY_STEP if s <= 5 else ARMY_STEP * 0.5
    pigs_left = res(st, seat, Resource.PIG) - k
    ammo_left = res(st, seat, Resource.AMMO) - k
    value -= k * 2 * UNIT * 0.7
    if pigs_left < 1:
        value -= 4.0
    if target > 5 and pigs_left < C.board.army_track.upkeep(target):
        value -= 6.0
    return value + 0.1 * min(ammo_left, 1)


# ------------------------------------------------------------------ the hero


def station_plan(st: MetroState, seat: int, s: Station) -> float:
    """What the hero could do at `s` after moving there: attack it, trade, or scout."""
    best = 0.0
    if BOARD.is_capturable(s) and st.owner[s] != seat and s in st.inplay:
        best = max(best, attack_value(st, seat, s, "hero"))
    if BOARD.kind[s] == StationKind.HANZA or (has_faction_hero(st, seat, Hero.KHAN) and st.owner[s] == seat):
        best = max(best, trade_value(st, seat))
    if st.owner[s] < 0 and BOARD.is_capturable(s) and not st.scouts[seat]:
        best = max(best, 0.5)
    return best


def has_faction_hero(st: MetroState, seat: int, hero: Hero) -> bool:
    return st.hero[seat] == hero.value


def trade_value(st: MetroState, seat: int) -> float:
    """Buying the best market card, or a quest, while keeping a capture's price."""
    cost = price(st, Purchase.EQUIPMENT)
    spare = all(
        res(st, seat, r) >= n + (1 if r in (Resource.MUSHROOM, Resource.PIG) else 0) for r, n in cost.items()
    )
    value = 0.0
    if spare and st.market:
        value = max(EQUIPMENT_VALUE[Equipment(CARD[c])] for c in st.market) * 0.8
    if not st.got_quest[seat] and can_pay(st, seat, price(st, Purchase.QUEST)):
        value = max(value, 3.5)
    return value


def _move(st: MetroState, seat: int, a: Action) -> float:
    s = BOARD.station(a.part("station"))
    value = station_plan(st, seat, s)
    if st.owner[s] not in (-1, seat):
        value -= 0.5  # an enemy station: its army may strike the hero
    return value + 0.01 * (s == st.hero_at[seat])


def _act(st: MetroState, seat: int, a: Action) -> float:
    verb = a.verb
    if verb == "complete":
        return 100.0
    if verb == "produce":
        return 50.0 + need(st, seat, Resource(a.part("resource")))
    if verb == "attack":
        return attack_value(st, seat, BOARD.station(a.part("station")), "hero")
    if verb == "attack_hero":
        victim = st.faction.index(str(a.part("faction")))
        p = pvp_odds(hero_strength(st, seat) - hero_strength(st, victim))
        return p * (WOUND + 3.0) - (1 - p) * WOUND
    if verb == "buy":
        return trade_value(st, seat) if st.market else -1.0
    if verb == "quest":
        return 3.5 if can_pay(st, seat, price(st, Purchase.QUEST)) else -1.0
    if verb == "scout":
        return 0.5
    if verb == "exchange":
        give, get, n = Resource(a.part("give")), Resource(a.part("get")), int(a.part("amount"))
        if n != 1 or res(st, seat, give) < 3:
            return -1.0
        return need(st, seat, get) - need(st, seat, give) - 0.5
    if verb == "explode":
        return 2.0
    return 0.0  # end


def _shop(st: MetroState, seat: int, a: Action) -> float:
    """M33-HAC-04: the best card while a capture's price stays in hand."""
    if a.verb == "done":
        return 0.0
    if a.verb == "refresh":
        return -1.0
    card = Equipment(a.part("card"))
    cost = price(st, Purchase.EQUIPMENT)
    spare = all(res(st, seat, r) >= n + (1 if r == Resource.MUSHROOM else 0) for r, n in cost.items())
    owned = {CARD[c] for c in st.equip[seat]}
    return EQUIPMENT_VALUE[card] - (0 if spare else 3.0) - (1.5 if card.value in owned else 0.0) - 2.0


def _keep(_st: MetroState, _seat: int, a: Action) -> float:
    cid = str(a.part("card"))
    if cid.startswith("Q-"):
        return float(QUEST_EASE.get(C.quests[cid].cond, 0))
    return EQUIPMENT_VALUE[Equipment(cid)]


def _discard(st: MetroState, _seat: int, a: Action) -> float:
    return -EQUIPMENT_VALUE[Equipment(a.part("card"))]


def _strip(st: MetroState, _seat: int, a: Action) -> float:
    if a.verb == "none":
        return 0.5
    return EQUIPMENT_VALUE[Equipment(a.part("card"))]


# ------------------------------------------------------------------ battles


def _card(st: MetroState, seat: int, a: Action) -> float:
    """M33-BAT-03: P(win) of this card against each card the opponent may hold (the 4 this seat
    did not get), from both sides' strengths before cards (M33-CMB-02, M33-CMB-07)."""
    bt = st.bt
    side = ATTACKER if bt["aseat"] == seat else DEFENDER
    other = DEFENDER if side == ATTACKER else ATTACKER
    mine, theirs = base_strength(st, side), base_strength(st, other)
    card = C.battle_cards[str(a.part("card"))]
    hand = st.bhand[0] if side == ATTACKER else st.bhand[1]
    unseen = [c for c in C.battle_cards.values() if c.id not in {CARD[h] for h in hand}]
    ties_mine, ties_theirs = tie_winner(st, side), tie_winner(st, other)
    total = 0.0
    for t in unseen:
        m = mine + card.bonus_against(t.type)
        o = theirs + t.bonus_against(card.type)
        if m > o or (m == o and ties_mine and not ties_theirs):
            total += 1.0
        elif m == o and ties_mine == ties_theirs:
            total += 0.4
    return total / len(unseen)


def base_strength(st: MetroState, side: str) -> int:
    """A side's strength before battle cards and W-BATTLE (M33-CMB-02)."""
    bt = st.bt
    seat, unit = (bt["aseat"], bt["aunit"]) if side == ATTACKER else (bt["dseat"], bt["dunit"])
    return army_power(st, seat) if unit == "army" else hero_strength(st, seat)


def tie_winner(st: MetroState, side: str) -> bool:
    bt = st.bt
    seat, unit = (bt["aseat"], bt["aunit"]) if side == ATTACKER else (bt["dseat"], bt["dunit"])
    if unit == "hero":
        return has_faction(st, seat, Faction.BA)
    if unit == "army":
        return has_faction(st, seat, Faction.RE if side == ATTACKER else Faction.BN)
    return False


def my_side(st: MetroState, seat: int) -> str | None:
    if st.bt.get("aseat") == seat:
        return ATTACKER
    if st.bt.get("dseat") == seat:
        return DEFENDER
    return None


def _wb(st: MetroState, seat: int, a: Action) -> float:
    """M33-CMB-06: spend a bonus only when it turns the battle for this seat: its own side from a
    loss or tie to a win, or the other side's win to a tie."""
    if a.verb == "done":
        return 0.0
    side = my_side(st, seat)
    if side is None:
        return -1.0
    before = margin(st, side)
    if a.verb == "grenade":
        delta_mine, delta_other = C.equipment[Equipment.GRENADE].discard_strength, 0
    elif a.verb == "boost":
        q = C.quests[str(a.part("card"))]
        delta = q.strength or 0
        on_mine = a.part("side") == side
        delta_mine, delta_other = (delta, 0) if on_mine else (0, delta)
        if (on_mine and delta < 0) or (not on_mine and delta > 0):
            return -5.0
    else:
        return 1.0  # explosives on the opponent's army
    after = before + delta_mine - delta_other
    cost = 1.0 if a.verb == "boost" and a.part("mode") == "pay" else 3.0
    if before <= 0 < after:
        return 6.0 - cost
    return -cost


def margin(st: MetroState, side: str) -> int:
    """This side's strength minus the other's now (cards revealed), +/-0.5 for tie-winners, as
    an integer test: > 0 wins."""
    other = DEFENDER if side == ATTACKER else ATTACKER
    diff = side_strength(st, side) - side_strength(st, other)
    if diff == 0:
        return 1 if tie_winner(st, side) and not tie_winner(st, other) else 0
    return diff


def _defend(st: MetroState, seat: int, a: Action) -> float:
    """M33-CMB-03: the stronger defender (a losing defending hero is not wounded, M33-OUT-06)."""
    if a.part("unit") == "hero":
        return hero_strength(st, seat) + (0.5 if has_faction(st, seat, Faction.BA) else 0.0)
    return army_power(st, seat) + (0.5 if has_faction(st, seat, Faction.BN) else 0.0)


def _announce(st: MetroState, seat: int, a: Action) -> float:
    """M33-EVT-07: the station and defender with the best odds against the threat."""
    s = BOARD.station(a.part("station"))
    if a.part("unit") == "hero":
        power, ties = hero_strength(st, seat), has_faction(st, seat, Faction.BA)
    else:
        power, ties = army_power(st, seat), has_faction(st, seat, Faction.BN)
    win, tie = threat_odds(st, seat, s, power, ties)
    return win + 0.5 * tie - 0.05 * (BOARD.home_of[s] is not None)


def _threat_pick(st: MetroState, seat: int, a: Action) -> float:
    """Scouting card, SVD, Artyom: fight the weaker threat (M33-CMB-05)."""
    here = BOARD.has_transfer[int(st.bt["station"])]
    if a.verb == "fight":
        return -C.threats[str(a.part("card"))].strength_at(here)
    choice = a.part("choice")
    if choice == "peek":
        return 1.0
    if a.verb == "scout":  # the own scouting card (M33-HAC-08)
        known = st.scouts[seat][0] if st.scouts[seat] else None
    elif choice in ("top", "bottom"):  # the SVD's peeked card lies on top (M33-EQP-07)
        known = st.t_deck[-1] if st.t_deck else None
    else:
        return 0.0
    if known is None:
        return 0.0
    weak = C.threats[CARD[known]].strength_at(here) <= mean_threat(st, seat)
    return 1.0 if (choice in ("use", "top")) == weak else 0.0


def mean_threat(st: MetroState, seat: int) -> float:
    cards = possible_threats(st, seat)
    return sum(C.threats[c].strength for c in cards) / len(cards)


# ------------------------------------------------------------------ events, laws, rewards


def _resource_choice(st: MetroState, seat: int, a: Action) -> float:
    return need(st, seat, Resource(a.part("resource")))


def _pact(st: MetroState, seat: int, a: Action) -> float:
    return -need(st, seat, Resource(a.part("resource")))


def _vote(st: MetroState, seat: int, a: Action) -> float:
    """M33-EVT-15: for a law this seat values more than the one in force."""
    new = C.laws[_law_of(CARD[st.proposal])].id if st.proposal >= 0 else None
    now = active_law(st)
    gain_ = law_value(st, seat, new) - law_value(st, seat, now)
    return gain_ if a.part("choice") == "for" else -gain_


def _law_of(cid: str) -> Law:
    return Law(cid)


def law_value(st: MetroState, seat: int, law: Law | None) -> float:
    if law is None:
        return 0.0
    value = LAW_VALUE[law]
    if law == Law.NON_AGGRESSION:
        value = 1.0 if vp(st, seat) < vp(st, leader(st, seat)) else -1.0
    if law == Law.COLONIZATION:
        value = 1.5 if sum(st.res[seat]) >= 8 else -0.5
    return value


def _propose(st: MetroState, seat: int, a: Action) -> float:
    return law_value(st, seat, Law(a.part("card")))


def _c05(_st: MetroState, _seat: int, a: Action) -> float:
    return 1.0 if a.part("choice") == "peek" else 0.0


def _colon(st: MetroState, seat: int, a: Action) -> float:
    if a.verb == "pass":
        return 0.0
    return 1.0 if sum(st.res[seat]) >= 9 else -1.0


def _capture(_st: MetroState, _seat: int, a: Action) -> float:
    return 1.0 if a.verb == "capture" else 0.0


def _near_own(st: MetroState, seat: int, s: Station) -> float:
    own = set(stations_of(st, seat))
    return sum(1.0 for n in BOARD.neighbours[s] if n in own) + 0.3 * sum(
        1.0 for n in BOARD.neighbours[s] if st.owner[n] < 0 and BOARD.is_capturable(n)
    )


def _claim(st: MetroState, seat: int, a: Action) -> float:
    s = BOARD.station(a.part("station"))
    produce = BOARD.produces[s]
    return _near_own(st, seat, s) + (need(st, seat, produce[0]) if len(produce) == 1 else 0.0)


def _retreat(st: MetroState, seat: int, a: Action) -> float:
    s = BOARD.station(a.part("station"))
    return max(station_plan(st, seat, n) for n in (s, *BOARD.neighbours[s]) if n in st.inplay)


def _place(st: MetroState, seat: int, a: Action) -> float:
    s = BOARD.station(a.part("station"))
    hanza = min(BOARD.distance[s][h] for h in BOARD.hanza if h in st.inplay) if st.inplay else 9
    return _near_own(st, seat, s) - 0.5 * hanza


def _target(st: MetroState, seat: int, a: Action) -> float:
    victim = st.faction.index(str(a.part("faction")))
    return vp(st, victim) + 0.1 * sum(st.res[victim])


def _lose(st: MetroState, _seat: int, a: Action) -> float:
    victim = int(st.decision[2]) if st.decision is not None else -1
    return float(st.res[victim][RES_INDEX[Resource(a.part("resource"))]]) if victim >= 0 else 0.0


def _seize(st: MetroState, seat: int, a: Action) -> float:
    s = BOARD.station(a.part("station"))
    return _near_own(st, seat, s) - (BOARD.kind[s] == StationKind.POLIS) * -2.0


def _eqq(st: MetroState, _seat: int, a: Action) -> float:
    cid = str(a.part("card"))
    return 3.5 if cid == "quest" else EQUIPMENT_VALUE[Equipment(cid)]


def _wown(st: MetroState, seat: int, a: Action) -> float:
    """W-OWN: complete every quest at once (+1 VP, M33-QST-02); Explosives on an enemy army of 3+;
    teleport and attack-anywhere are left unused."""
    if a.verb == "complete":
        return 100.0
    if a.verb == "explode":
        return 2.0
    if a.verb == "produce":
        return 50.0 + need(st, seat, Resource(a.part("resource")))
    if a.verb == "done":
        return 0.0
    return -1.0


def _qevent(_st: MetroState, _seat: int, a: Action) -> float:
    return 100.0 if a.verb == "complete" else 0.0


def _hero(_st: MetroState, _seat: int, a: Action) -> float:
    return float(HERO_PREFERENCE[Hero(a.part("hero"))])


def _polis(st: MetroState, seat: int, a: Action) -> float:
    return need(st, seat, Resource(a.part("resource")))


SCORERS: dict[str, Scorer] = {
    "hero": _hero,
    "place": _place,
    "tax": _resource_choice,
    "gain": _resource_choice,
    "polis": _polis,
    "colon": _colon,
    "announce": _announce,
    "c05": _c05,
    "propose": _propose,
    "vote": _vote,
    "wown": _wown,
    "post": _wown,
    "upkeep": _upkeep,
    "recruit": _recruit,
    "army": _army,
    "pact": _pact,
    "move": _move,
    "act": _act,
    "shop": _shop,
    "keep": _keep,
    "defend": _defend,
    "scout_use": _threat_pick,
    "svd": _threat_pick,
    "artyom": _threat_pick,
    "fight": _threat_pick,
    "wb": _wb,
    "card": _card,
    "capture": _capture,
    "claim": _claim,
    "retreat": _retreat,
    "strip": _strip,
    "discard": _discard,
    "qevent": _qevent,
    "target": _target,
    "lose": _lose,
    "seize": _seize,
    "eqq": _eqq,
}
