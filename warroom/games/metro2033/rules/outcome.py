"""What a battle does (metro2033.md §3.14 OUT, §3.15 CAP, §3.18 THR rewards): rewards, captures and
their prices, lost stations and the minimum of three, wounds, equipment discarded or taken, the
equipment limit, and quest completion right after the battle (M33-QST-03a)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.core.engine import MUTED, Decision
from warroom.games.metro2033 import names
from warroom.games.metro2033.actions import CLAIM, RETREAT, A, MetroAction
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.changes import HEROES, MARKET, SEAT
from warroom.games.metro2033.rules.battle import ATTACKER, DEFENDER, side_strength, winner
from warroom.games.metro2033.rules.common import (
    ARMY_MAX,
    ARMY_MIN,
    C,
    can_draw,
    can_pay,
    can_take_station,
    capture,
    describe_cost,
    draw,
    equipment_limit,
    gain,
    has_hero,
    lose,
    lose_station,
    pay,
    price,
    refill_market,
    stations_of,
)
from warroom.games.metro2033.rules.kinds import kind
from warroom.games.metro2033.rules.quests import completable, complete
from warroom.games.metro2033.words import (
    RESOURCES,
    Faction,
    Hero,
    Purchase,
    QuestCondition,
    Resource,
    Reward,
    StationKind,
)

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_CONDITION_ARMY_NEUTRAL: Final = QuestCondition.ARMY_NEUTRAL
_CONDITION_ARMY_PLAYER: Final = QuestCondition.ARMY_PLAYER
_CONDITION_HERO_NEUTRAL: Final = QuestCondition.HERO_NEUTRAL
_CONDITION_HERO_PLAYER: Final = QuestCondition.HERO_PLAYER
_CONDITION_HERO_VALUE: Final = QuestCondition.HERO.value
_CONDITION_POLIS: Final = QuestCondition.POLIS
_HERO_HUNTER: Final = Hero.HUNTER
_PURCHASE_CAPTURE_NEUTRAL: Final = Purchase.CAPTURE_NEUTRAL
_PURCHASE_CAPTURE_TAKEN: Final = Purchase.CAPTURE_TAKEN
_REWARD_ARMY_1: Final = Reward.ARMY_1
_REWARD_EQ_Q: Final = Reward.EQ_Q
_REWARD_G1: Final = Reward.G1
_REWARD_G2: Final = Reward.G2
_REWARD_L1: Final = Reward.L1
_REWARD_L2: Final = Reward.L2
_STATION_POLIS: Final = StationKind.POLIS

Q = QuestCondition
# a battle's result in its event text, by the winning side (None: a tie)
_SAID: Final = {None: "a tie", ATTACKER: f"the {ATTACKER} wins", DEFENDER: f"the {DEFENDER} wins"}


def _resolve(st: MetroState, _job: list[Any]) -> None:
    """M33-CMB-04 steps 5-7: compare, apply the outcome, clean up."""
    bt = st.bt
    if bt.get("kind") == "empty":
        _cleanup(st, _job)
        return
    a, d = side_strength(st, ATTACKER), side_strength(st, DEFENDER)
    won = (ATTACKER if a > d else DEFENDER) if a != d else winner(st, a, d)  # speed: ties only asked
    if st.events is not MUTED:  # speed, as in battle._declare
        said = ("battle at {}: {} vs {}, {}", names.STATION[int(bt["station"])], a, d, _SAID[won])
        st.say("battle", said, None, attacker=a, defender=d, winner=won or "")
    jobs = _outcome(st, won) if won is not None else None
    if jobs:
        st.push(*jobs, ["cleanup"])
    else:  # speed (issue 12): nothing would run between, so the cleanup runs now, not as a job
        _cleanup(st, _job)


def _outcome(st: MetroState, won: str) -> list[list[Any]]:
    bt = st.bt
    aseat, aunit, dseat, dunit = int(bt["aseat"]), str(bt["aunit"]), int(bt["dseat"]), str(bt["dunit"])
    station = int(bt["station"])
    if bt["events"]:  # M33-EVT-10: win the reward, or lose the station; nothing else
        if won == DEFENDER:
            return [["reward", dseat, _reward(st)]]
        lose_station(st, station)
        return [["min3", dseat]]
    if bt["kind"] == "threat":  # M33-OUT-01 / M33-OUT-03
        if won == ATTACKER:
            return [["reward", aseat, _reward(st)], ["capture", aseat, station, 0]]
        return _setback(st, aseat, aunit, -1)
    if bt["kind"] == "garrison":  # M33-OUT-02 / M33-OUT-03
        return [["capture", aseat, station, 0]] if won == ATTACKER else _setback(st, aseat, aunit, -1)
    if bt["target"] == "station":  # M33-OUT-04..06, M33-CAP-09
        if won == ATTACKER:
            lose_station(st, station)
            jobs: list[list[Any]] = [["capture", aseat, station, 1], ["min3", dseat]]
            if dunit == "hero":
                jobs.append(["qevents", aseat, _CONDITION_HERO_VALUE])  # M33-OUT-12
            return jobs
        jobs = _setback(st, aseat, aunit, dseat)
        if aunit == "hero":
            jobs.append(["qevents", dseat, _CONDITION_HERO_VALUE])
        return jobs
    if aunit == "army":  # M33-OUT-07 / M33-OUT-08
        if won == ATTACKER:
            return [
                ["strip", aseat, dseat, "may"],
                ["wound", dseat],
                ["qevents", aseat, _CONDITION_HERO_VALUE],
            ]
        return _setback(st, aseat, aunit, -1)
    loser, victor = (dseat, aseat) if won == ATTACKER else (aseat, dseat)  # M33-OUT-09
    return [["strip", victor, loser, "take"], ["wound", loser], ["qevents", victor, _CONDITION_HERO_VALUE]]


def _reward(st: MetroState) -> str:
    return C.threats[CARD[int(st.bt["threat"])]].reward.value


def _setback(st: MetroState, seat: int, unit: str, stripper: int) -> list[list[Any]]:
    """M33-OUT-03/05/08: an attacking army loses 1 (never below 1); an attacking hero is wounded,
    and against a player's station that player discards one of its cards."""
    if unit == "army":
        st.army[seat] = max(ARMY_MIN, st.army[seat] - 1)
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        if st.events is not MUTED:  # speed, as in battle._declare
            said = ("{} army falls to strength {}", st.whose(seat), st.army[seat])
            st.say("army_loss", said, None, player=seat)
        return []
    jobs: list[list[Any]] = []
    if stripper >= 0:
        jobs.append(["strip", stripper, seat, "must"])
    jobs.append(["wound", seat])
    return jobs


def _cleanup(st: MetroState, _job: list[Any]) -> None:
    """M33-CMB-04 step 7, M33-DECK-06, M33-BAT-05: the threat card to the discard (the Events
    card after the last fight), the 7 battle cards gathered unrevealed."""
    bt = st.bt
    if bt.get("kind") == "threat" and not bt["events"] and int(bt["threat"]) >= 0:
        st.t_disc.append(int(bt["threat"]))
    if any(st.bhand):
        st.forget([c for hand in st.bhand for c in hand])
        st.bhand = [[], [], []]
    st.bt = {}


# ---------------------------------------------------------------- capture


def _capture_job(st: MetroState, job: list[Any]) -> None:
    seat, station = int(job[1]), int(job[2])
    if st.owner[station] < 0:
        st.decide("capture", seat, station, int(job[3]))


def capture_price(st: MetroState, taken: bool) -> dict[Resource, int]:
    """M33-CAP-02: 1 M + 1 P for a neutral station, 1 M for one just taken; +1 A under L-LIMIT."""
    return price(st, _PURCHASE_CAPTURE_TAKEN if taken else _PURCHASE_CAPTURE_NEUTRAL)


def _capture_options(st: MetroState, d: Decision) -> list[MetroAction]:
    seat, taken = d[1], bool(d.data[1])
    if can_take_station(st, seat) and can_pay(st, seat, capture_price(st, taken)):
        return [_CAPTURE, _DECLINE]
    return [_DECLINE]


_CAPTURE: Final = A("capture")  # looked up once (speed)
_DECLINE: Final = A("decline")


def _capture(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-CAP-02/03/10/11: pay and capture, or leave it neutral; then the event quests."""
    seat, station, taken = d[1], int(d.data[0]), bool(d.data[1])
    if action.verb == "decline":
        st.say("decline", f"{st.does(seat, 'leave')} {names.STATION[station]} neutral", None, player=seat)
        return
    cost = capture_price(st, taken)
    pay(st, seat, cost)
    unit = str(st.bt.get("aunit", ""))
    capture(st, seat, station, f"with {st.its(seat)} {unit}, for {describe_cost(cost)}")
    conds = []
    if unit == "army":
        conds.append(_CONDITION_ARMY_PLAYER if taken else _CONDITION_ARMY_NEUTRAL)
    elif unit == "hero":
        conds.append(_CONDITION_HERO_PLAYER if taken else _CONDITION_HERO_NEUTRAL)
    if BOARD.kind[station] == _STATION_POLIS:
        conds.append(_CONDITION_POLIS)
    st.push(["qevents", seat, *(c.value for c in conds)])


# ---------------------------------------------------------------- minimum of three


def free_capture_options(st: MetroState, seat: int) -> list[int]:
    """M33-CAP-07: neutral in-play non-Polis stations of the own zone; else of any other zone."""
    if not can_take_station(st, seat):
        return []
    owner = st.owner
    own = [s for s in _ordinary_in_zone(st.inplay, st.faction[seat]) if owner[s] < 0]
    return own or [s for s in BOARD.ordinary_in(st.inplay) if owner[s] < 0]


_IN_ZONE: Final[dict[tuple[frozenset[int], str], tuple[int, ...]]] = {}


def _ordinary_in_zone(inplay: frozenset[int], faction: str) -> tuple[int, ...]:
    """Speed (issue 15): the in-play ordinary stations of the faction's zone in board order,
    cached per (stations in play, faction)."""
    found = _IN_ZONE.get((inplay, faction))
    if found is None:
        zone = Faction(faction).zone
        found = _IN_ZONE[inplay, faction] = tuple(
            s for s in BOARD.ordinary_in(inplay) if BOARD.zone[s] == zone
        )
    return found


def _min3_job(st: MetroState, job: list[Any]) -> None:
    """M33-CAP-07: below 3 stations, claim one if `free_capture_options` offers any. Speed
    (issue 15): asks only whether one neutral station exists, stopping at the first."""
    seat = int(job[1])
    if st.held[seat].bit_count() >= 3 or not can_take_station(st, seat):  # station_count, inlined
        return
    owner = st.owner
    for s in BOARD.ordinary_in(st.inplay):  # the own zone's are among these
        if owner[s] < 0:
            st.decide("claim", seat)
            return


def _claim_options(st: MetroState, d: Decision) -> list[MetroAction]:
    return [CLAIM[s] for s in free_capture_options(st, d[1])]


def _claim(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-CAP-07/08: free, repeated while below 3."""
    capture(st, d[1], action.station, "free: the minimum of three")
    _min3_job(st, ["min3", d[1]])  # the next claim's job, now: nothing would run between (speed)


# ---------------------------------------------------------------- wounds and equipment


def wound_places(st: MetroState, seat: int) -> list[int]:
    """M33-OUT-11: owned home stations, else any owned station; Hunter any owned (M33-HER-06)."""
    owned = stations_of(st, seat)
    if has_hero(st, seat, _HERO_HUNTER):
        return owned
    homes = [s for s in owned if BOARD.home_of[s] == st.faction[seat]]
    return homes or owned


def _wound_job(st: MetroState, job: list[Any]) -> None:
    seat = int(job[1])
    hunter = has_hero(st, seat, _HERO_HUNTER)
    st.wounded[seat] = not hunter
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    st.say("wound", f"{st.whose(seat)} hero is {'driven off' if hunter else 'wounded'}", None, player=seat)
    if wound_places(st, seat):
        st.decide("retreat", seat)


def _retreat_options(st: MetroState, d: Decision) -> list[MetroAction]:
    return [RETREAT[s] for s in wound_places(st, d[1])]


def _retreat(st: MetroState, action: MetroAction, d: Decision) -> None:
    st.hero_at[d[1]] = action.station
    st.changes[HEROES] += 1  # speed (issue 18)


def _strip_job(st: MetroState, job: list[Any]) -> None:
    if st.equip[int(job[2])]:
        st.decide("strip", int(job[1]), int(job[2]), str(job[3]))


def _strip_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-OUT-05 (must discard), M33-OUT-07 (may discard), M33-OUT-09 (may take), M33-OUT-13."""
    loser, mode = int(d.data[0]), str(d.data[1])
    verb = "take" if mode == "take" else "strip"
    options = list(dict.fromkeys(A(f"{verb} {CARD[c]}") for c in st.equip[loser]))
    return options if mode == "must" else [*options, A("none")]


def _strip(st: MetroState, action: MetroAction, d: Decision) -> None:
    if action.verb == "none":
        return
    loser = int(d.data[0])
    wanted = str(action.part("card"))
    card = next(c for c in st.equip[loser] if CARD[c] == wanted)
    st.equip[loser].remove(card)
    st.changes[SEAT + loser] += 1  # speed (issue 18)
    if action.verb == "take":
        st.equip[d[1]].append(card)
        st.changes[SEAT + d[1]] += 1  # speed (issue 18)
        st.say(
            "take",
            f"{st.does(d[1], 'take')} the {names.card(wanted)} from {st.name(loser)}",
            None,
            player=d[1],
            card=wanted,
        )
        st.push(["limit", d[1]])
    else:
        st.eq_disc.append(card)
        st.say(
            "strip",
            f"{st.does(d[1], 'discard')} {st.whose(loser)} {names.card(wanted)}",
            None,
            player=d[1],
            card=wanted,
        )


def _limit_job(st: MetroState, job: list[Any]) -> None:
    seat = int(job[1])
    if len(st.equip[seat]) > equipment_limit(st, seat):
        st.decide("discard", seat)


def _discard_options(st: MetroState, d: Decision) -> list[MetroAction]:
    return list(dict.fromkeys(A(f"discard {CARD[c]}") for c in st.equip[d[1]]))


def _discard(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-EQP-03: down to the limit at once, one card at a time."""
    wanted = str(action.part("card"))
    card = next(c for c in st.equip[d[1]] if CARD[c] == wanted)
    st.equip[d[1]].remove(card)
    st.changes[SEAT + d[1]] += 1  # speed (issue 18)
    st.eq_disc.append(card)
    st.say(
        "discard",
        f"{st.does(d[1], 'discard')} the {names.card(wanted)} (equipment limit)",
        None,
        player=d[1],
        card=wanted,
    )
    st.push(["limit", d[1]])


# ---------------------------------------------------------------- quests after a battle


def _qevents_job(st: MetroState, job: list[Any]) -> None:
    seat, conds = int(job[1]), [str(c) for c in job[2:]]
    if conds and completable(st, seat, [Q(c) for c in conds]):
        st.decide("qevent", seat, *conds)


def _qevent_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-QST-03a: the face-down quests whose event condition the battle just met."""
    events = [Q(c) for c in d.data]
    quests = [q for q in completable(st, d[1], events) if C.quests[CARD[q]].cond in events]
    return [A("done"), *(A(f"complete {CARD[q]}") for q in quests)]


def _qevent(st: MetroState, action: MetroAction, d: Decision) -> None:
    if action.verb == "done":
        return
    complete(st, d[1], str(action.part("card")))
    st.push(["qevents", d[1], *d.data])


# ---------------------------------------------------------------- threat rewards


def _reward_job(st: MetroState, job: list[Any]) -> None:
    """M33-THR-03..08: the reward of a beaten threat."""
    seat, reward = int(job[1]), Reward(job[2])
    st.say(
        "reward",
        f"{st.does(seat, 'win')} the reward: {names.REWARD_WORDS[reward]}",
        None,
        player=seat,
        reward=reward.value,
    )
    if reward in (_REWARD_G1, _REWARD_G2):
        st.push(*(["gain1", seat] for _ in range(1 if reward == _REWARD_G1 else 2)))
    elif reward in (_REWARD_L1, _REWARD_L2):
        if any(sum(st.res[q]) for q in range(st.metro.num_players) if q != seat):  # M33-GEN-12
            st.decide("target", seat, 1 if reward == _REWARD_L1 else 2)
    elif reward == _REWARD_EQ_Q:
        if st.market or can_draw(st.q_deck, st.q_disc):
            st.decide("eqq", seat)
    elif reward == _REWARD_ARMY_1:
        st.army[seat] = min(ARMY_MAX, st.army[seat] + 1)  # M33-THR-06
        st.changes[SEAT + seat] += 1  # speed (issue 18)
    elif any(stations_of(st, q) for q in range(st.metro.num_players) if q != seat):  # LS1
        st.decide("target", seat, 0)


def _gain_job(st: MetroState, job: list[Any]) -> None:
    st.decide("gain", int(job[1]))


def _gain_options(_st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A(f"gain {r}") for r in RESOURCES]


def _gain(st: MetroState, action: MetroAction, d: Decision) -> None:
    r = Resource(action.part("resource"))
    got = gain(st, d[1], r)
    st.say("gain", f"{st.does(d[1], 'gain')} {names.resource(r, got)}", None, player=d[1])


def _target_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-GEN-12 (any opponent, one holding nothing included) or LS1 (one with a station)."""
    n = int(d.data[0])
    seats = [q for q in range(st.metro.num_players) if q != d[1] and (n > 0 or stations_of(st, q))]
    return [A(f"target {st.faction[q]}") for q in seats]


def _target(st: MetroState, action: MetroAction, d: Decision) -> None:
    victim, n = st.faction.index(str(action.part("faction"))), int(d.data[0])
    if n == 0:
        st.decide("seize", d[1], victim)
    else:
        st.push(*(["lose1", d[1], victim] for _ in range(n)))


def _lose_job(st: MetroState, job: list[Any]) -> None:
    if sum(st.res[int(job[2])]):
        st.decide("lose", int(job[1]), int(job[2]))


def _lose_options(st: MetroState, d: Decision) -> list[MetroAction]:
    victim = int(d.data[0])
    return [A(f"lose {r}") for r in RESOURCES if st.res[victim][RESOURCES.index(r)] > 0]


def _lose(st: MetroState, action: MetroAction, d: Decision) -> None:
    victim = int(d.data[0])
    r = Resource(action.part("resource"))
    lose(st, victim, r)
    st.say("lose", f"{st.does(victim, 'lose')} {names.resource(r)}", None, player=victim)


def _seize_options(st: MetroState, d: Decision) -> list[MetroAction]:
    return [A(f"seize {BOARD.ids[s]}") for s in stations_of(st, int(d.data[0]))]


def _seize(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-THR-07: any station of the chosen opponent; then its minimum of three."""
    victim = int(d.data[0])
    lose_station(st, action.station)
    st.push(["min3", victim])


def _eqq_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    """M33-THR-05: a market card free, or the top quest card; either source if the other is empty."""
    options = list(dict.fromkeys(A(f"reward {CARD[c]}") for c in st.market))
    if can_draw(st.q_deck, st.q_disc):
        options.append(A("reward quest"))
    return options


def _eqq(st: MetroState, action: MetroAction, d: Decision) -> None:
    wanted = str(action.part("card"))
    if wanted == "quest":
        card = draw(st, st.q_deck, st.q_disc)
        assert card is not None
        st.quests[d[1]].append(card)
        st.changes[SEAT + d[1]] += 1  # speed (issue 18)
        st.show(card, d[1])
        st.say("reward_quest", f"{st.does(d[1], 'take')} the top quest card", None, player=d[1])
        return
    card = next(c for c in st.market if CARD[c] == wanted)
    st.market.remove(card)
    st.equip[d[1]].append(card)
    changed = st.changes  # speed (issue 18)
    changed[MARKET] += 1
    changed[SEAT + d[1]] += 1
    st.say("reward_card", f"{st.does(d[1], 'take')} the {names.card(wanted)}", None, player=d[1])
    refill_market(st)
    st.push(["limit", d[1]])


KINDS: Final = [
    kind("capture", _capture_options, _capture),
    kind("claim", _claim_options, _claim),
    kind("retreat", _retreat_options, _retreat),
    kind("strip", _strip_options, _strip),
    kind("discard", _discard_options, _discard),
    kind("qevent", _qevent_options, _qevent),
    kind("gain", _gain_options, _gain),
    kind("target", _target_options, _target),
    kind("lose", _lose_options, _lose),
    kind("seize", _seize_options, _seize),
    kind("eqq", _eqq_options, _eqq),
]
JOBS: Final = {
    "resolve": _resolve,
    "cleanup": _cleanup,
    "capture": _capture_job,
    "min3": _min3_job,
    "wound": _wound_job,
    "strip": _strip_job,
    "limit": _limit_job,
    "qevents": _qevents_job,
    "reward": _reward_job,
    "gain1": _gain_job,
    "lose1": _lose_job,
}
