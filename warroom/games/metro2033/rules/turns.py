"""The players' turns (metro2033.md §3.8 MOB, §3.9 ARM, §3.10 HMV, §3.11 HAC) and the W-OWN
window at their start (M33-GEN-11): quest completion, quest abilities and Explosives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.core.engine import MUTED, Decision
from warroom.games.metro2033 import names
from warroom.games.metro2033.actions import (
    ATTACK,
    ATTACK_HERO,
    EXCHANGES,
    GATHER,
    MAX_EXCHANGE,
    MOVE,
    PRODUCE,
    RECRUIT,
    UPKEEP,
    A,
    MetroAction,
)
from warroom.games.metro2033.board import BOARD, from_bits
from warroom.games.metro2033.cards import CARD, INSTANCES
from warroom.games.metro2033.changes import HEROES, MARKET, SEAT
from warroom.games.metro2033.rules.common import (
    ARMY_MAX,
    ARMY_MIN,
    CAPTURABLE_BITS,
    PACT_LAWS,
    RES_INDEX,
    C,
    active_law,
    army_reach,
    can_draw,
    can_pay,
    can_trade_at,
    cost_of,
    counts_as_own,
    draisine_station,
    draw,
    gain,
    has_hero,
    held,
    in_play_bits,
    is_neutral,
    neutral_polis_bits,
    pay,
    price,
    refill_market,
    speed,
)
from warroom.games.metro2033.rules.kinds import kind
from warroom.games.metro2033.rules.quests import ABILITY_OF, ability_cards, completable, complete, use_quest
from warroom.games.metro2033.words import (
    RESOURCES,
    Equipment,
    Hero,
    Law,
    Purchase,
    QuestAbility,
    Resource,
    StationKind,
)

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_ABILITY_ATTACK_ANYWHERE: Final = QuestAbility.ATTACK_ANYWHERE
_ABILITY_TELEPORT: Final = QuestAbility.TELEPORT
_EQUIPMENT_EXPLOSIVES: Final = Equipment.EXPLOSIVES
_EQUIPMENT_EXPLOSIVES_VALUE: Final = Equipment.EXPLOSIVES.value
_HERO_ANNA: Final = Hero.ANNA
_HERO_SASHA: Final = Hero.SASHA
_LAW_NON_AGGRESSION: Final = Law.NON_AGGRESSION
_PURCHASE_EQUIPMENT: Final = Purchase.EQUIPMENT
_PURCHASE_QUEST: Final = Purchase.QUEST
_PURCHASE_RECRUIT: Final = Purchase.RECRUIT
_PURCHASE_REFRESH: Final = Purchase.REFRESH
_RESOURCE_PIG: Final = Resource.PIG
_STATION_ABANDONED: Final = StationKind.ABANDONED
_STATION_HANZA: Final = StationKind.HANZA

WOWN_TELEPORT: Final = ("mob", "army", "hero")  # M33-QST-09: at the start of these turns only


# ---------------------------------------------------------------- W-OWN


def _wown_job(st: MetroState, job: list[Any]) -> None:
    seat, phase = int(job[1]), str(job[2])
    if _may_act_own(st, seat) and _wown_options(st, Decision("wown", seat, phase)) != [DONE]:
        st.decide("wown", seat, phase)


DONE: Final = A("done")
# the quest instances whose ability W-OWN may reuse once completed (teleport, attack anywhere)
_WOWN_REUSE: Final = frozenset(
    q for q, ability in ABILITY_OF.items() if ability in (_ABILITY_TELEPORT, _ABILITY_ATTACK_ANYWHERE)
)
_EXPLOSIVES: Final = INSTANCES[Equipment.EXPLOSIVES.value]
_DRAISINES: Final = INSTANCES[Equipment.DRAISINE.value]


def _may_act_own(st: MetroState, seat: int) -> bool:
    """Speed (issue 15): a cheap necessary condition for W-OWN offering more than "done" (a quest
    in hand, a completed teleport or attack-anywhere quest, or Explosives to use), so most turns
    skip listing the options."""
    return (
        bool(st.quests[seat])
        or not _WOWN_REUSE.isdisjoint(st.done[seat])
        or (not _EXPLOSIVES.isdisjoint(st.equip[seat]) and explosives_target(st, seat) >= 0)
    )


def explosives_target(st: MetroState, seat: int) -> int:
    """M33-EQP-10: the other player owning the station the seat's hero stands on, if the hero
    carries Explosives there; -1 otherwise."""
    at = st.hero_at[seat]
    if at < 0 or _EXPLOSIVES.isdisjoint(st.equip[seat]):  # carries, inlined (speed)
        return -1
    owner = st.owner[at]
    return owner if owner >= 0 and owner != seat else -1


def _wown_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-GEN-11 W-OWN: holding quests (M33-QST-03b), teleport (M33-QST-09), attack-anywhere
    before the army acts (M33-QST-16), Explosives (M33-EQP-10)."""
    seat, phase = d[1], str(d.data[0])
    options = [A("done")]
    options += [A(f"complete {CARD[q]}") for q in completable(st, seat)]
    if phase in WOWN_TELEPORT and not st.wounded[seat] and st.hero_at[seat] >= 0:
        for q, mode in ability_cards(st, seat, _ABILITY_TELEPORT):
            for s in sorted(st.inplay):
                if BOARD.kind[s] != _STATION_ABANDONED and s != st.hero_at[seat]:
                    options.append(A(f"teleport {q} {mode} {BOARD.ids[s]}"))
    if phase == "army" and not st.anywhere[seat]:
        options += [
            A(f"anywhere {q} {mode}") for q, mode in ability_cards(st, seat, _ABILITY_ATTACK_ANYWHERE)
        ]
    if explosives_target(st, seat) >= 0:
        options.append(A("explode"))
    return _unique(options)


def _unique(options: list[MetroAction]) -> list[MetroAction]:
    return list(dict.fromkeys(options))


def _wown(st: MetroState, action: MetroAction, d: Decision) -> None:
    seat = d[1]
    if action.verb == "done":
        return
    if not wown_effect(st, seat, action):
        raise AssertionError(f"unhandled W-OWN action {action.text}")
    st.decide("wown", seat, *d.data)


def wown_effect(st: MetroState, seat: int, action: MetroAction) -> bool:
    """The effects W-OWN and the hero's action step share; False if `action` is none of them."""
    if action.verb == "complete":
        complete(st, seat, str(action.part("card")))
    elif action.verb == "teleport":
        use_quest(st, seat, str(action.part("card")), str(action.part("mode")))
        s = action.station
        st.hero_at[seat] = s
        st.changes[HEROES] += 1  # speed (issue 18)
        st.say("teleport", f"{st.whose(seat)} hero moves to {names.STATION[s]} (quest)", None, player=seat)
    elif action.verb == "anywhere":
        use_quest(st, seat, str(action.part("card")), str(action.part("mode")))
        st.anywhere[seat] = True
        st.say("anywhere", f"{st.whose(seat)} army may attack any station this round", None, player=seat)
    elif action.verb == "explode":
        explode(st, seat)
    else:
        return False
    return True


def explode(st: MetroState, seat: int) -> None:
    """M33-EQP-10: discard Explosives; that player's army -2, never below 1, permanently."""
    victim = explosives_target(st, seat)
    card = next(c for c in st.equip[seat] if CARD[c] == _EQUIPMENT_EXPLOSIVES_VALUE)
    st.equip[seat].remove(card)
    st.eq_disc.append(card)
    st.army[victim] = max(ARMY_MIN, st.army[victim] + C.equipment[_EQUIPMENT_EXPLOSIVES].discard_enemy_army)
    changed = st.changes  # speed (issue 18)
    changed[SEAT + seat] += 1
    changed[SEAT + victim] += 1
    st.say(
        "explode",
        f"{st.does(seat, 'blow up')} {st.whose(victim)} army, down to strength {st.army[victim]}",
        None,
        player=seat,
    )


# ---------------------------------------------------------------- Mobilization


def _mob(st: MetroState, job: list[Any]) -> None:
    """M33-MOB-01: upkeep, then recruiting, after W-OWN."""
    seat = int(job[1])
    if _may_act_own(st, seat):
        st.push(["wown", seat, "mob"], ["upkeep", seat])
    else:  # speed: W-OWN could only say "done"; the upkeep job would ask at once
        st.decide("upkeep", seat)


def _upkeep_job(st: MetroState, job: list[Any]) -> None:
    st.decide("upkeep", int(job[1]))


# Speed (issue 15): upkeep(s) for every s on the track, looked up (UPKEEP_COST[s], s >= 1).
UPKEEP_COST: Final[tuple[int, ...]] = tuple(
    C.board.army_track.upkeep(s) if s >= ARMY_MIN else 0 for s in range(ARMY_MAX + 1)
)
_PIG: Final = RES_INDEX[Resource.PIG]


def _upkeep_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-MOB-03: any s' in 1..current whose upkeep the pigs cover."""
    seat = d[1]  # d[1] without the property call (speed: every decision reads it)
    pigs = st.res[seat][_PIG]
    return [UPKEEP[s - 1] for s in range(st.army[seat], 0, -1) if UPKEEP_COST[s] <= pigs]


def _upkeep(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-MOB-02/03: pay upkeep(s') pigs and set the army to s'."""
    seat = d[1]
    s = action.amount
    cost = UPKEEP_COST[s]
    if cost:
        pay(st, seat, {_RESOURCE_PIG: cost})
    if s != st.army[seat] or cost:
        paid = names.resource(_RESOURCE_PIG, cost) if cost else "nothing"
        st.say("upkeep", f"{st.does(seat, 'keep')} an army of strength {s}, paying {paid}", None, player=seat)
    st.army[seat] = s
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    st.decide("recruit", seat)


def recruit_cost(st: MetroState) -> dict[Resource, int]:
    """M33-MOB-04: 1 A + 1 P a step, +1 M under Conversion (M33-LAW-04, in the law's data)."""
    return price(st, _PURCHASE_RECRUIT)


def _recruit_options(st: MetroState, d: Decision) -> list[MetroAction]:
    seat = d[1]
    held, most = st.res[seat], ARMY_MAX - st.army[seat]
    for r, n in cost_of(st, _PURCHASE_RECRUIT).items():  # a loop, not min() over a generator (speed)
        most = min(most, held[RES_INDEX[r]] // n)
    return list(RECRUIT[: most + 1])


def _recruit(st: MetroState, action: MetroAction, d: Decision) -> None:
    k = action.amount
    if k:
        seat = d[1]
        pay(st, seat, {r: n * k for r, n in cost_of(st, _PURCHASE_RECRUIT).items()})
        st.army[seat] += k  # counted by pay, same seat (speed, issue 18)
        if st.events is not MUTED:  # speed, as in battle._declare
            said = ("{} {}: army strength {}", st.does(seat, "recruit"), k, st.army[seat])
            st.say("recruit", said, None, player=seat)


# ---------------------------------------------------------------- Army actions


def _army(st: MetroState, job: list[Any]) -> None:
    seat = int(job[1])
    if _may_act_own(st, seat):
        st.push(["wown", seat, "army"], ["army_act", seat])
    else:  # speed, as in _mob
        st.decide("army", seat)


def _army_act_job(st: MetroState, job: list[Any]) -> None:
    st.decide("army", int(job[1]))


def pact_blocks(st: MetroState, seat: int) -> bool:
    """M33-LAW-08: under the Pact an attack on a player needs 1 resource to pay."""
    return st.law in PACT_LAWS and sum(st.res[seat]) == 0


def army_targets(st: MetroState, seat: int, reach: frozenset[int] | None = None) -> list[int]:
    """M33-ARM-02/03/04: in-play capturable stations, neutral or another's, army-reachable (any,
    with attack-anywhere); never Hanza, abandoned, own, or the own Draisine station (M33-EQP-12).
    `reach`: the seat's army reach if the caller has it already."""
    pool = (
        st.inplay if st.anywhere[seat] else army_reach(st, seat) if reach is None else reach
    ) & BOARD.capturable
    own = draisine_station(st, seat)
    owner = st.owner
    if pact_blocks(st, seat):  # neutral stations only
        return [s for s in sorted(pool) if owner[s] < 0 and s != own]
    return [s for s in sorted(pool) if owner[s] != seat and s != own]


def hero_targets_for_army(st: MetroState, seat: int, reach: frozenset[int] | None = None) -> list[int]:
    """M33-ARM-05: another player's hero on an owned or army-reachable station that is not Hanza
    and not a station of the target's faction (its Draisine station included). `reach`: the
    seat's army reach if the caller has it already."""
    if pact_blocks(st, seat):
        return []
    if reach is None:
        reach = army_reach(st, seat)
    out = []
    owner = st.owner
    for q, h in enumerate(st.hero_at):
        if q == seat or h < 0 or h in _HANZA:
            continue
        if (owner[h] == seat or h in reach) and not counts_as_own(st, q, h):
            out.append(q)
    return out


_HANZA: Final = frozenset(BOARD.hanza)


PASS: Final = A("pass")


def _army_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-ARM-01: pass, gather 1 resource, attack a station (`army_targets`), attack a hero
    (`hero_targets_for_army`). Speed (issue 15): the same lists, worked out on bit sets of
    stations (common.neutral_polis_bits, board.army_reach_bits)."""
    seat = d[1]
    options = [PASS, *GATHER]
    if st.law in PACT_LAWS and pact_blocks(st, seat):  # rare (the Pact, empty-handed): neutral
        options += [ATTACK[s] for s in army_targets(st, seat)]  # stations only, no hero
        return options
    own = st.held[seat]  # the origins: the seat's stations, and its Draisine station
    if not _DRAISINES.isdisjoint(st.equip[seat]):  # draisine_station, asked of a carrier only
        extra = draisine_station(st, seat)
        if extra is not None:
            own |= 1 << extra  # never a target either (M33-EQP-12)
    key = (own, neutral_polis_bits(st), st.inplay)
    reach = _REACH.get(key)
    if reach is None:
        if len(_REACH) > _ATTACKS_KEPT:
            _REACH.clear()
        reach = _REACH[key] = BOARD.army_reach_bits(from_bits(own), key[1], st.inplay)
    targets = (in_play_bits(st) if st.anywhere[seat] else reach) & CAPTURABLE_BITS & ~own
    found = _ATTACKS.get(targets)
    if found is None:
        if len(_ATTACKS) > _ATTACKS_KEPT:
            _ATTACKS.clear()
        found = _ATTACKS[targets] = tuple(ATTACK[s] for s in from_bits(targets))
    options += found
    owner = st.owner
    for q, h in enumerate(st.hero_at):
        if q == seat or h < 0 or h in _HANZA:
            continue
        if (owner[h] == seat or reach >> h & 1) and not counts_as_own(st, q, h):
            options.append(ATTACK_HERO[st.faction[q]])
    return options


# each set of army targets' attack options, in board order; at most about this many kept
_ATTACKS: Final[dict[int, tuple[MetroAction, ...]]] = {}
# the army reach (bits) of each set of origins (bits), neutral Polis stations (bits) and stations
# in play: one lookup where the origins' reaches were unioned each time (speed, issue 12)
_REACH: Final[dict[tuple[int, int, frozenset[int]], int]] = {}
_ATTACKS_KEPT: Final = 20_000


def _army_choice(st: MetroState, action: MetroAction, d: Decision) -> None:
    seat = d[1]
    if action.verb == "pass":
        st.say("army_pass", f"{st.whose(seat)} army stays home", None, player=seat)
    elif action.verb == "gather":
        r = action.resource
        assert r is not None
        got = gain(st, seat, r)
        if st.events is not MUTED:  # speed, as in battle._declare
            said = ("{} army gathers {}", st.whose(seat), names.resource(r, got))
            st.say("gather", said, None, player=seat)
    else:
        _declare_attack(st, seat, "army", action)


def _declare_attack(st: MetroState, seat: int, unit: str, action: MetroAction) -> None:
    """M33-CMB-04 step 1: the attacker and target; the Pact's price first (M33-LAW-08)."""
    if action.verb == "attack_hero":
        victim = st.faction.index(str(action.part("faction")))
        target, station = victim, st.hero_at[victim]
    else:
        target, station = -1, action.station
    against_player = target >= 0 or st.owner[station] >= 0
    if against_player and active_law(st) == _LAW_NON_AGGRESSION:
        st.push(["pact", seat], ["declare", seat, unit, station, target])
    else:  # speed (issue 12): the job runs now, as the agenda would run it next (battle.py)
        st.rules.jobs["declare"](st, ["declare", seat, unit, station, target])


def _pact_job(st: MetroState, job: list[Any]) -> None:
    st.decide("pact", int(job[1]))


def _pact_options(st: MetroState, d: Decision) -> list[MetroAction]:
    return [A(f"pay {r}") for r in RESOURCES if held(st, d[1], r) > 0]


def _pact(st: MetroState, action: MetroAction, d: Decision) -> None:
    r = Resource(action.part("resource"))
    pay(st, d[1], {r: 1})
    st.say("pact", f"{st.does(d[1], 'pay')} {names.resource(r)} (Non-Aggression Pact)", None, player=d[1])


# ---------------------------------------------------------------- Hero turn


def _hero_turn(st: MetroState, job: list[Any]) -> None:
    """M33-HMV-01: a wounded hero's turn is skipped (W-OWN opens without teleport)."""
    seat = int(job[1])
    st.produced = False
    if st.wounded[seat]:
        st.wounded[seat] = False
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        st.say("wounded_skip", f"{st.whose(seat)} hero is wounded and sits this turn out", None, player=seat)
        st.push(["wown", seat, "wounded"])
        return
    if _may_act_own(st, seat):
        st.push(["wown", seat, "hero"], ["move", seat], ["act", seat])
    else:  # speed, as in _mob: the move job would ask at once, the act job stays
        st.push(["act", seat])
        st.decide("move", seat)


def _move_job(st: MetroState, job: list[Any]) -> None:
    st.decide("move", int(job[1]))


def destinations(st: MetroState, seat: int) -> tuple[int, ...]:
    """M33-HMV-03/05, M33-HER-05: in-play stations within the hero's speed, Anna's transfers free."""
    anna = has_hero(st, seat, _HERO_ANNA)
    return BOARD.sorted_destinations(st.hero_at[seat], speed(st, seat), st.inplay, anna)


def _move_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-HMV-03/05 (see `destinations`). Speed (issue 15): each destination list's move
    actions are built once, cached by the same key as the board's destinations."""
    seat = d[1]
    key = (st.hero_at[seat], speed(st, seat), st.inplay, st.hero[seat] == _HERO_ANNA)  # as `destinations`
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = tuple(MOVE[s] for s in BOARD.sorted_destinations(*key))
    return list(found)


_MOVES: Final[dict[tuple[int, int, frozenset[int], bool], tuple[MetroAction, ...]]] = {}


def _move(st: MetroState, action: MetroAction, d: Decision) -> None:
    s, seat = action.station, d[1]
    if s != st.hero_at[seat]:
        st.hero_at[seat] = s
        st.changes[HEROES] += 1  # speed (issue 18)
        if st.events is not MUTED:  # speed, as in battle._declare
            st.say("move", ("{} hero moves to {}", st.whose(seat), names.STATION[s]), None, player=seat,
                   station=BOARD.ids[s])  # fmt: skip


def _act_job(st: MetroState, job: list[Any]) -> None:
    st.decide("act", int(job[1]))


def can_produce(st: MetroState, seat: int) -> bool:
    """M33-HAC-10: Sasha on a Hanza or own-faction station, once per hero turn."""
    at = st.hero_at[seat]
    if st.hero[seat] != _HERO_SASHA or st.produced or at < 0:  # has_hero, inlined (speed)
        return False
    return BOARD.kind[at] == _STATION_HANZA or counts_as_own(st, seat, at)


def hero_station_target(st: MetroState, seat: int) -> bool:
    """M33-HAC-02/11: the hero's station is capturable, neutral or another player's."""
    at = st.hero_at[seat]
    if at not in BOARD.capturable or at not in st.inplay or st.owner[at] == seat:
        return False
    return not (st.owner[at] >= 0 and pact_blocks(st, seat))


def hero_targets_for_hero(st: MetroState, seat: int) -> list[int]:
    """M33-HAC-03: another hero on the same station, not Hanza, not of the target's faction."""
    at = st.hero_at[seat]
    if st.hero_at.count(at) < 2 or at in _HANZA or pact_blocks(st, seat):  # speed: alone there
        return []
    return [q for q in range(st.metro.num_players)
            if q != seat and st.hero_at[q] == at and not counts_as_own(st, q, at)]  # fmt: skip


def _act_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-HAC-01: no action, or exactly one of the six; plus what is not an action: Sasha's
    production, quest completion and Explosives (W-OWN after movement)."""
    seat = d[1]
    options = [END]
    # Speed (issue 12): each helper below is asked only where its first, cheapest condition holds
    # (Sasha, a quest in hand, Explosives carried, no scouting card yet); mostly none does
    if st.hero[seat] == _HERO_SASHA and can_produce(st, seat):
        options += PRODUCE
    if st.quests[seat]:
        options += [A(f"complete {CARD[q]}") for q in completable(st, seat)]
    if not _EXPLOSIVES.isdisjoint(st.equip[seat]) and explosives_target(st, seat) >= 0:
        options.append(EXPLODE)
    if can_trade_at(st, seat):
        options.append(BUY)
        if (
            not st.got_quest[seat]
            and can_pay(st, seat, price(st, _PURCHASE_QUEST))
            and can_draw(st.q_deck, st.q_disc)
        ):
            options.append(GET_QUEST)
        for x, has in enumerate(st.res[seat]):
            options += EXCHANGES[x][: 2 * min(has, MAX_EXCHANGE)]  # 2 others to get per amount
    at = st.hero_at[seat]
    if not st.scouts[seat] and is_neutral(st, at) and can_draw(st.t_deck, st.t_disc):
        options.append(SCOUT)
    if hero_station_target(st, seat):
        options.append(ATTACK[at])
    heroes = hero_targets_for_hero(st, seat)
    if heroes:
        options += [ATTACK_HERO[st.faction[q]] for q in heroes]
    return options


END: Final = A("end")
EXPLODE: Final = A("explode")
BUY: Final = A("buy")
GET_QUEST: Final = A("quest")
SCOUT: Final = A("scout")


def _act(st: MetroState, action: MetroAction, d: Decision) -> None:
    seat = d[1]
    verb = action.verb
    if verb == "produce":
        r = action.resource
        assert r is not None
        got = gain(st, seat, r)
        st.produced = True
        st.say("produce", f"{st.whose(seat)} Sasha produces {names.resource(r, got)}", None, player=seat)
        st.decide("act", seat)
        return
    if wown_effect(st, seat, action):
        st.decide("act", seat)
        return
    if verb == "end":
        _post_job(st, [verb, seat])  # speed (issue 12): the window after the action, now (see below)
        return
    if verb == "exchange":
        x, y, n = Resource(action.part("give")), Resource(action.part("get")), int(action.part("amount"))
        pay(st, seat, {x: n})
        got = gain(st, seat, y, n)
        st.say(
            "exchange",
            f"{st.does(seat, 'exchange')} {names.resource(x, n)} for {names.resource(y, got)}",
            None,
            player=seat,
        )
        _post_job(st, [verb, seat])
        return
    if verb == "scout":
        _scout(st, seat)
        _post_job(st, [verb, seat])
        return
    # an action that asks or schedules more first: the window waits beneath it as a job
    st.push(["post", seat])
    if verb == "buy":
        st.push(["shop", seat, 0])
    elif verb == "quest":
        _get_quest(st, seat)
    else:
        _declare_attack(st, seat, "hero", action)


def _post_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """After the action: W-OWN again, and Sasha's production if not yet used (M33-HAC-10)."""
    options = _wown_options(st, d)
    if can_produce(st, d[1]):
        options += PRODUCE
    return options


def _get_quest(st: MetroState, seat: int) -> None:
    """M33-HAC-05: pay, draw 2, keep 1 secretly, discard the other face down; once a round."""
    pay(st, seat, price(st, _PURCHASE_QUEST))
    st.got_quest[seat] = True
    st.drawn = []
    for _ in range(2):
        card = draw(st, st.q_deck, st.q_disc)
        if card is not None:
            st.drawn.append(card)
            st.show(card, seat)
    st.say("get_quest", f"{st.does(seat, 'draw')} {len(st.drawn)} quest cards", None, player=seat)
    st.decide("keep", seat)


def _scout(st: MetroState, seat: int) -> None:
    """M33-HAC-07: the top threat card, secretly, marked with this round."""
    card = draw(st, st.t_deck, st.t_disc)
    assert card is not None
    st.scouts[seat] = [card]
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    st.scout_round[seat] = st.round
    st.show(card, seat)
    st.say("scout", f"{st.does(seat, 'scout')} the tunnels", None, player=seat)
    st.say(
        "scouted", f"you scouted {names.card(CARD[card])}", frozenset((seat,)), player=seat, card=CARD[card]
    )


def _shop_job(st: MetroState, job: list[Any]) -> None:
    st.decide("shop", int(job[1]), int(job[2]))


def _shop_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-HAC-04: refresh once a round and only before buying; buy market cards one at a time."""
    seat, bought = d[1], int(d.data[0])
    options = [A("done")]
    if not bought and not st.refreshed[seat] and can_pay(st, seat, price(st, _PURCHASE_REFRESH)):
        options.append(A("refresh"))
    if can_pay(st, seat, price(st, _PURCHASE_EQUIPMENT)):
        options += _unique([A(f"purchase {CARD[c]}") for c in st.market])
    return options


def _shop(st: MetroState, action: MetroAction, d: Decision) -> None:
    seat = d[1]
    if action.verb == "done":
        refill_market(st)
        return
    if action.verb == "refresh":
        pay(st, seat, price(st, _PURCHASE_REFRESH))
        st.refreshed[seat] = True
        st.eq_disc.extend(st.market)
        st.market = []
        st.changes[MARKET] += 1  # speed (issue 18)
        refill_market(st)
        st.say("refresh", f"{st.does(seat, 'refresh')} the Hanza market", None, player=seat)
        st.decide("shop", seat, 0)
        return
    wanted = str(action.part("card"))
    card = next(c for c in st.market if CARD[c] == wanted)
    pay(st, seat, price(st, _PURCHASE_EQUIPMENT))
    st.market.remove(card)
    st.equip[seat].append(card)
    st.changes[MARKET] += 1  # speed (issue 18); the seat's counted by pay
    st.say(
        "purchase",
        f"{st.does(seat, 'buy')} the {names.card(wanted)}",
        None,
        player=seat,
        card=wanted,
    )
    st.push(["limit", seat], ["shop", seat, 1])


def _keep_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return _unique([A(f"keep {CARD[c]}") for c in st.drawn])


def _keep(st: MetroState, action: MetroAction, d: Decision) -> None:
    """Keep one drawn card: a quest (M33-HAC-05, the other face down to the quest discard) or
    the stage-II equipment (M33-STG-03, the other to the equipment discard)."""
    seat = d[1]
    wanted = str(action.part("card"))
    card = next(c for c in st.drawn if CARD[c] == wanted)
    rest = [c for c in st.drawn if c != card]
    st.drawn = []
    if wanted.startswith("Q-"):
        st.quests[seat].append(card)
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        st.q_disc.extend(rest)
        st.say("keep_quest", f"{st.does(seat, 'keep')} a quest", None, player=seat)
    else:
        st.equip[seat].append(card)
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        st.eq_disc.extend(rest)
        st.say(
            "keep_equipment",
            f"{st.does(seat, 'keep')} the {names.card(wanted)}",
            None,
            player=seat,
            card=wanted,
        )
        st.push(["limit", seat])


def _post(st: MetroState, action: MetroAction, d: Decision) -> None:
    if action.verb == "done":
        return
    if action.verb == "produce":
        gain(st, d[1], Resource(action.part("resource")))
        st.produced = True
    else:
        wown_effect(st, d[1], action)
    st.decide("post", d[1], *d.data)


def _post_job(st: MetroState, job: list[Any]) -> None:
    """The window after the hero's action (M33-GEN-11, M33-HAC-10). Speed (issue 12): an action
    that asks nothing and schedules nothing (ending, an exchange, scouting) runs this at once
    instead of pushing it, as the agenda would have run it next."""
    seat = int(job[1])
    if not (_may_act_own(st, seat) or (st.hero[seat] == _HERO_SASHA and can_produce(st, seat))):
        return  # speed: nothing but "done" to offer
    if _post_options(st, Decision("post", seat, "post")) != [DONE]:
        st.decide("post", seat, "post")


KINDS: Final = [
    kind("wown", _wown_options, _wown),
    kind("post", _post_options, _post),
    kind("upkeep", _upkeep_options, _upkeep),
    kind("recruit", _recruit_options, _recruit),
    kind("army", _army_options, _army_choice),
    kind("pact", _pact_options, _pact),
    kind("move", _move_options, _move),
    kind("act", _act_options, _act),
    kind("shop", _shop_options, _shop),
    kind("keep", _keep_options, _keep),
]


JOBS: Final = {
    "wown": _wown_job,
    "mob": _mob,
    "upkeep": _upkeep_job,
    "army": _army,
    "army_act": _army_act_job,
    "pact": _pact_job,
    "hero": _hero_turn,
    "move": _move_job,
    "act": _act_job,
    "shop": _shop_job,
    "post": _post_job,
}
