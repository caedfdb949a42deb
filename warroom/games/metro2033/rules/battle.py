"""Battles (metro2033.md §3.12 CMB, §3.13 BAT): the opposing side, the threat card with scouting,
SVD and Artyom, the battle cards chosen in secret by both players, the W-BATTLE window, and the
comparison with the tie-winning abilities. Outcomes are in outcome.py.

`st.bt`, the battle being fought (plain values, replaced as a whole or per key):

    kind     "threat" | "garrison" | "pvp"     events  True for the Events-phase threat
    aseat    attacking seat (-1: the Events threat)   aunit  "army" | "hero" | "threat"
    dseat    defending seat (-1: threat, garrison)    dunit  "army" | "hero" | "threat" | "garrison"
    station  where the battle is          target  "station" | "hero"
    threat   the threat card instance (-1 none)       ma, md  W-BATTLE modifiers per side
    ca, cd   the battle cards played (card ids, "" none)
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any, Final

from warroom.core.actions import Action
from warroom.core.engine import MUTED, Decision, DecisionKind
from warroom.games.metro2033 import names
from warroom.games.metro2033.actions import A, MetroAction
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK, INSTANCES
from warroom.games.metro2033.changes import SEAT
from warroom.games.metro2033.rules.common import (
    AC_GARRISON,
    EQUIPMENT_OF,
    LAW_THREAT,
    POLIS_GARRISON,
    C,
    carried,
    carries,
    counts_as_own,
    draw,
    has_faction,
    has_hero,
    say_peek,
)
from warroom.games.metro2033.rules.kinds import kind
from warroom.games.metro2033.rules.quests import ABILITY_OF, ability_cards, use_quest
from warroom.games.metro2033.rules.turns import explode, explosives_target
from warroom.games.metro2033.words import CardKind, Equipment, Faction, Hero, QuestAbility, StationKind

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_ABILITY_ARMY_STRENGTH: Final = QuestAbility.ARMY_STRENGTH
_ABILITY_HERO_STRENGTH: Final = QuestAbility.HERO_STRENGTH
_CARD_BATTLE: Final = CardKind.BATTLE
_EQUIPMENT_GRENADE: Final = Equipment.GRENADE
_EQUIPMENT_GRENADE_VALUE: Final = Equipment.GRENADE.value
_EQUIPMENT_SVD: Final = Equipment.SVD
_FACTION_AC: Final = Faction.AC
_FACTION_BA: Final = Faction.BA
_FACTION_BN: Final = Faction.BN
_FACTION_RE: Final = Faction.RE
_HERO_ARTYOM: Final = Hero.ARTYOM
_STATION_POLIS: Final = StationKind.POLIS

ATTACKER: Final = "attacker"
DEFENDER: Final = "defender"


def _declare(st: MetroState, job: list[Any]) -> None:
    """M33-CMB-03/04: determine the opposing side; player battles use the battle deck."""
    seat, unit, station, target = int(job[1]), str(job[2]), int(job[3]), int(job[4])
    bt: dict[str, Any] = {"aseat": seat, "aunit": unit, "station": station, "threat": -1, "events": False,
                          "ma": 0, "md": 0, "ca": "", "cd": "", "target": "station"}  # fmt: skip
    # speed (issue 12): a muted playout builds no text here, even a lazy one (session 12: without
    # the guards at the hot texts, a muted random playout ran at 0.87x in alternating runs)
    loud = st.events is not MUTED
    where = names.STATION[station]
    if target >= 0:
        bt.update(kind="pvp", dseat=target, dunit="hero", target="hero")
        if loud:
            said = ("{} {} attacks {} hero at {}", st.whose(seat), unit, st.whose(target), where)
            st.say("attack", said, None, player=seat)
        st.bt = bt
        st.push(*_AFTER_DEAL)
        _deal(st, _NO_JOB)
    elif st.owner[station] >= 0:
        owner = st.owner[station]
        bt.update(kind="pvp", dseat=owner, dunit="army")
        if loud:
            said = ("{} {} attacks {}, held by {}", st.whose(seat), unit, where, st.name(owner))
            st.say("attack", said, None, player=seat)
        st.bt = bt
        if st.hero_at[owner] == station:  # the defender's choice first (the `defender` job's)
            st.push(["deal"], *_AFTER_DEAL)
            st.decide("defend", owner)
        else:
            st.push(*_AFTER_DEAL)
            _deal(st, _NO_JOB)
    elif BOARD.kind[station] == _STATION_POLIS:
        bt.update(kind="garrison", dseat=-1, dunit="garrison")
        if loud:
            st.say("attack", ("{} {} attacks the Polis garrison of {}", st.whose(seat), unit, where), None,
                   player=seat)  # fmt: skip
        st.bt = bt
        fight_on(st)
    else:
        bt.update(kind="threat", dseat=-1, dunit="threat")
        if loud:
            st.say("attack", ("{} {} attacks neutral {}", st.whose(seat), unit, where), None, player=seat)
        st.bt = bt
        if st.scouts[seat] or unit == "hero":  # an offer may ask (a scouting card, SVD, Artyom)
            for i, offer in enumerate(_OFFERS):
                offer(st, _NO_JOB)
                if st.decision is not None:
                    st.push(*_AFTER_OFFER[i])
                    return
        _threat_card(st, _NO_JOB)
        fight_on(st)


# Speed (issue 12): a battle's steps run in `_declare` itself, one after the other, until one
# asks a decision; the steps after it are then pushed beneath that decision as the jobs they
# were, so the agenda at every decision (and a save) is the one a job per step left, and nothing
# else runs between (the steps' order, draws and events are the same). A step the agenda held
# cost a job list, a push and a pop; a battle had up to six.
_NO_JOB: Final[list[Any]] = []  # what a step run here receives as its job: the steps read no arguments
_AFTER_DEAL: Final = (["wb_start"], ["resolve"])
_AFTER_OFFER: Final = (  # M33-CMB-05's steps after the scouting card, the SVD rifle and Artyom
    (["svd_offer"], ["artyom_offer"], ["threat_card"], *_AFTER_DEAL),
    (["artyom_offer"], ["threat_card"], *_AFTER_DEAL),
    (["threat_card"], *_AFTER_DEAL),
)


# ---------------------------------------------------------------- the defender's choice


def _defender_job(st: MetroState, _job: list[Any]) -> None:
    st.decide("defend", int(st.bt["dseat"]))


def _defend_options(_st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A("defend army"), A("defend hero")]


def _defend(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-CMB-03: the owner whose hero stands there may defend with it, publicly."""
    unit = str(action.part("unit"))
    st.bt = {**st.bt, "dunit": unit}
    st.say("defend", f"{st.does(d[1], 'defend')} with {st.its(d[1])} {unit}", None, player=d[1])


# ---------------------------------------------------------------- the threat card


def usable_scout(st: MetroState, seat: int) -> bool:
    """M33-HAC-08: a scouting card taken last round."""
    return bool(st.scouts[seat]) and st.scout_round[seat] == st.round - 1


def _scout_offer(st: MetroState, _job: list[Any]) -> None:
    if usable_scout(st, int(st.bt["aseat"])):
        st.decide("scout_use", int(st.bt["aseat"]))


def _scout_options(_st: MetroState, _d: Decision) -> list[MetroAction]:
    return list(_SCOUT_CHOICES)


_SCOUT_CHOICES: Final = (A("scout use"), A("scout keep"))  # looked up once (speed)


def _scout_use(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-CMB-05 step 1: the scouting card goes on top of the threat deck."""
    if action.part("choice") == "use":
        st.t_deck.append(st.scouts[d[1]].pop())
        st.changes[SEAT + d[1]] += 1  # speed (issue 18)
        st.say(
            "scout_use",
            f"{st.does(d[1], 'put')} {st.its(d[1])} scouting card on top of the threat deck",
            None,
            player=d[1],
        )


def _svd_offer(st: MetroState, _job: list[Any]) -> None:
    seat = int(st.bt["aseat"])
    if st.bt["aunit"] == "hero" and carries(st, seat, _EQUIPMENT_SVD):
        st.decide("svd", seat)


def _svd_options(st: MetroState, d: Decision) -> list[MetroAction]:
    if d.data:
        return [A("svd top"), A("svd bottom")]
    return [A("svd peek"), A("svd skip")] if st.t_deck or st.t_disc else [A("svd skip")]


def _svd(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-EQP-07, M33-CMB-05 step 2: peek at the top card; keep it there or put it at the bottom."""
    choice = action.part("choice")
    if choice == "peek":
        card = draw(st, st.t_deck, st.t_disc)
        assert card is not None
        st.t_deck.append(card)
        st.show(card, d[1])
        say_peek(st, d[1], ("svd", "svd_seen"), "the top threat card (SVD rifle)", (card,), card=CARD[card])
        st.decide("svd", d[1], "placed")
    elif choice == "bottom":
        st.t_deck.insert(0, st.t_deck.pop())
        st.say("svd_bottom", f"{st.does(d[1], 'put')} it at the bottom of the threat deck", None, player=d[1])


def _artyom_offer(st: MetroState, _job: list[Any]) -> None:
    seat = int(st.bt["aseat"])
    if st.bt["aunit"] == "hero" and has_hero(st, seat, _HERO_ARTYOM):
        st.decide("artyom", seat)


def _artyom_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return [A("artyom peek"), A("artyom skip")] if st.t_deck or st.t_disc else [A("artyom skip")]


def _artyom(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-HER-01, M33-CMB-05 step 3: look at the top 2, fight either, the other to the bottom."""
    if action.part("choice") == "skip":
        return
    st.drawn = []
    for _ in range(2):
        card = draw(st, st.t_deck, st.t_disc)
        if card is not None:
            st.drawn.append(card)
            st.show(card, d[1])
    st.say("artyom", f"{st.whose(d[1])} Artyom looks at {len(st.drawn)} threat cards", None, player=d[1])
    st.decide("fight", d[1])


def _fight_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    return list(dict.fromkeys(A(f"fight {CARD[c]}") for c in st.drawn))


def _fight(st: MetroState, action: MetroAction, _d: Decision) -> None:
    wanted = str(action.part("card"))
    card = next(c for c in st.drawn if CARD[c] == wanted)
    for other in st.drawn:
        if other != card:
            st.t_deck.insert(0, other)
    st.drawn = []
    st.bt = {**st.bt, "threat": card}


_OFFERS: Final = (_scout_offer, _svd_offer, _artyom_offer)  # M33-CMB-05 steps 1-3, in order


def _threat_card(st: MetroState, _job: list[Any]) -> None:
    """M33-CMB-05 step 4: the top card is revealed and fought (unless Artyom chose one)."""
    card = int(st.bt["threat"])
    if card < 0:
        drawn = draw(st, st.t_deck, st.t_disc)
        card = -1 if drawn is None else drawn
    if card < 0:  # M33-DECK-04: no threat card exists at all; the attack finds nothing to fight
        st.bt = {**st.bt, "kind": "empty"}
        return
    st.bt = {**st.bt, "threat": card}
    st.show_all(card)
    if st.events is not MUTED:  # speed, as in _declare
        st.say("threat", ("the threat: {}", C.threats[CARD[card]].name), None, card=CARD[card])


# ---------------------------------------------------------------- battle cards (secret, simultaneous)


def _deal(st: MetroState, _job: list[Any]) -> None:
    """M33-BAT-02: the attacker shuffles all 7 and deals 3 each, alternately, 1 set aside."""
    cards = list(DECK[_CARD_BATTLE])
    st.rng.shuffle(cards)
    a, d = int(st.bt["aseat"]), int(st.bt["dseat"])
    st.bhand = [cards[0:6:2], cards[1:6:2], [cards[6]]]
    st.show_each((st.bhand[0], a), (st.bhand[1], d))
    st.decide_together("card", [a, d])


def _card_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-BAT-03: one of one's own 3 cards."""
    hand = st.bhand[0] if d[1] == st.bt["aseat"] else st.bhand[1]
    return [_PLAY[c] for c in hand]


_PLAY: Final[dict[int, MetroAction]] = {c: A(f"card {CARD[c]}") for c in DECK[CardKind.BATTLE]}  # speed


def _card_reveal(st: MetroState, chosen: dict[int, MetroAction]) -> None:
    """M33-BAT-03/05: both cards are revealed at once; the others never are."""
    a, d = int(st.bt["aseat"]), int(st.bt["dseat"])
    ca, cd = chosen[a].card, chosen[d].card
    st.bt = {**st.bt, "ca": ca, "cd": cd}
    st.show_all(*[c for c in (*st.bhand[0], *st.bhand[1]) if CARD[c] in (ca, cd)])
    if st.events is not MUTED:  # speed, as in _declare
        played = ("{} {}, {} {}", st.does(a, "play"), names.card(ca), st.does(d, "play"), names.card(cd))
        st.say("battle_cards", played, None, attacker=ca, defender=cd)


# ---------------------------------------------------------------- W-BATTLE


def fight_on(st: MetroState) -> None:
    """M33-CMB-06, then M33-CMB-04 steps 5-7: the W-BATTLE pass, then the comparison (`resolve`,
    outcome.py's job, run through the rules' job table: outcome.py imports this module). Speed
    (issue 12): both run here; when the pass asks a seat, the comparison waits beneath it as the
    job it was."""
    bt = st.bt
    if bt.get("kind") != "empty":  # as `_wb_start`
        aseat = bt["aseat"]
        if _wb_pass(st, aseat if aseat >= 0 else bt["dseat"], len(st.faction), _AFTER_PASS):
            return
    st.rules.jobs["resolve"](st, _NO_JOB)


_AFTER_PASS: Final = (["resolve"],)


def _wb_start(st: MetroState, _job: list[Any]) -> None:
    """M33-CMB-06: one pass around the table from the attacking player (Events: the defender)."""
    if st.bt.get("kind") == "empty":
        return
    aseat = int(st.bt["aseat"])
    _wb_pass(st, aseat if aseat >= 0 else int(st.bt["dseat"]), len(st.faction))  # the seat count


def _wb_job(st: MetroState, job: list[Any]) -> None:
    _wb_pass(st, int(job[1]), int(job[2]))


def _wb_pass(st: MetroState, seat: int, left: int, then: tuple[list[Any], ...] = ()) -> bool:
    """The next seat of the pass with something to do is asked; the job for the seat after it
    stays on the agenda, above the jobs `then` (what was to run after the pass). True when a
    seat was asked. Speed (issue 15): seats with nothing but "done" are passed over in this
    one call, which leaves the same agenda as one job per seat would (and `_wb_start` runs the
    pass's first job itself, which leaves the same agenda as pushing it). Before listing a
    seat's options, a cheap necessary condition for more than "done": a strength quest in hand
    or completed, or a Grenade or Explosives carried."""
    equip, quests, done = st.equip, st.quests, st.done
    if (
        _BATTLE_GEAR.isdisjoint(chain.from_iterable(equip))
        and _BOOST_QUESTS.isdisjoint(chain.from_iterable(quests))
        and _BOOST_QUESTS.isdisjoint(chain.from_iterable(done))
    ):  # nobody at the table could do anything: the common case, asked of all seats at once
        return False
    n = len(st.faction)  # the number of seats
    while left > 0:
        nxt = (seat + 1) % n
        if (
            not (
                _BATTLE_GEAR.isdisjoint(equip[seat])
                and _BOOST_QUESTS.isdisjoint(quests[seat])
                and _BOOST_QUESTS.isdisjoint(done[seat])
            )
            and len(_wb_options(st, st.rules.asked["wb"][seat])) > 1
        ):
            st.push(["wb", nxt, left - 1], *then)
            st.decide("wb", seat)
            return True
        seat, left = nxt, left - 1
    return False


_BOOSTS: Final = (QuestAbility.ARMY_STRENGTH, QuestAbility.HERO_STRENGTH)
_BOOST_QUESTS: Final = frozenset(q for q, ability in ABILITY_OF.items() if ability in _BOOSTS)
_BATTLE_GEAR: Final = INSTANCES[Equipment.GRENADE.value] | INSTANCES[Equipment.EXPLOSIVES.value]


def _side_units(st: MetroState) -> dict[str, str]:
    return {ATTACKER: str(st.bt["aunit"]), DEFENDER: str(st.bt["dunit"])}


def own_hero_side(st: MetroState, seat: int) -> str | None:
    """The side the seat's hero fights on in this battle, if any."""
    if st.bt["aseat"] == seat and st.bt["aunit"] == "hero":
        return ATTACKER
    if st.bt["dseat"] == seat and st.bt["dunit"] == "hero":
        return DEFENDER
    return None


def _wb_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-CMB-06 / DP-21: quest +-1 on a side of the matching unit (the garrison counts as an
    army, M33-CMB-08); the Grenade if one's hero fights; Explosives (M33-EQP-10)."""
    seat = d[1]
    options = [A("done")]
    units = _side_units(st)
    for ability, fits in (
        (_ABILITY_ARMY_STRENGTH, ("army", "garrison")),
        (_ABILITY_HERO_STRENGTH, ("hero",)),
    ):
        for q, mode in ability_cards(st, seat, ability):
            options += [A(f"boost {q} {mode} {side}") for side, unit in units.items() if unit in fits]
    if own_hero_side(st, seat) is not None and carries(st, seat, _EQUIPMENT_GRENADE):
        options.append(A("grenade"))
    if explosives_target(st, seat) >= 0:
        options.append(A("explode"))
    return options


def _wb(st: MetroState, action: MetroAction, d: Decision) -> None:
    seat = d[1]
    if action.verb == "done":
        return
    if action.verb == "boost":
        delta = use_quest(st, seat, str(action.part("card")), str(action.part("mode")))
        key = "ma" if action.part("side") == ATTACKER else "md"
        st.bt = {**st.bt, key: int(st.bt[key]) + delta}
    elif action.verb == "grenade":
        card = next(c for c in st.equip[seat] if CARD[c] == _EQUIPMENT_GRENADE_VALUE)
        st.equip[seat].remove(card)
        st.changes[SEAT + seat] += 1  # speed (issue 18)
        st.eq_disc.append(card)
        key = "ma" if own_hero_side(st, seat) == ATTACKER else "md"
        bonus = C.equipment[_EQUIPMENT_GRENADE].discard_strength
        st.bt = {**st.bt, key: int(st.bt[key]) + bonus}
        st.say("grenade", f"{st.does(seat, 'throw')} a grenade (+{bonus})", None, player=seat)
    else:
        explode(st, seat)
    st.decide("wb", seat)


# ---------------------------------------------------------------- strengths and the comparison


def threat_type(st: MetroState) -> Any:
    card = int(st.bt["threat"])
    return C.threats[CARD[card]].type if st.bt["kind"] == "threat" and card >= 0 else None


# Speed (issue 15): each equipment instance's Flag bonus, looked up
_FLAG_OF: Final[dict[int, int]] = {c: C.equipment[e].flag_army for c, e in EQUIPMENT_OF.items()}
_FLAGS: Final = frozenset(c for c, bonus in _FLAG_OF.items() if bonus)


def flag_bonus(st: MetroState, seat: int) -> int:
    """M33-EQP-06: +1 per Flag while the hero stands on a station of its faction."""
    if _FLAGS.isdisjoint(st.equip[seat]):  # asked first, in C: most heroes carry none
        return 0
    flags = sum(_FLAG_OF[c] for c in st.equip[seat])
    at = st.hero_at[seat]
    if at < 0 or not counts_as_own(st, seat, at):
        return 0
    return flags


def hero_strength(st: MetroState, seat: int, against: Any = None) -> int:
    """M33-CMB-02: hero STR + its equipment, type values against that threat type (M33-EQP-14)."""
    base = _HERO_STRENGTH[st.hero[seat]]
    return base + sum(C.equipment[e].strength_against(against) for e in carried(st, seat))


# Speed (issue 15): what side_strength reads from the content, looked up: each hero's STR, each
# threat card instance's strength at a station without and with a transfer, each pair of battle
# cards' bonus (mine against theirs)
_HERO_STRENGTH: Final[dict[str, int]] = {h.value: C.heroes[h].strength for h in Hero}
_THREAT_STRENGTH: Final[dict[int, tuple[int, int]]] = {
    c: (C.threats[CARD[c]].strength_at(False), C.threats[CARD[c]].strength_at(True))
    for c in range(len(CARD))
    if CARD[c] in C.threats
}
_CARD_BONUS: Final[dict[tuple[str, str], int]] = {
    (mine, theirs): C.battle_cards[mine].bonus_against(C.battle_cards[theirs].type)
    for mine in C.battle_cards
    for theirs in C.battle_cards
}


def side_strength(st: MetroState, side: str) -> int:
    """M33-CMB-02 for one side, floored at 0 (M33-GEN-10)."""
    bt = st.bt
    mods: int
    if side == ATTACKER:
        seat, unit, mods = bt["aseat"], bt["aunit"], bt["ma"]
    else:
        seat, unit, mods = bt["dseat"], bt["dunit"], bt["md"]
    value: int
    if unit == "army":
        value = st.army[seat]
        if not _FLAGS.isdisjoint(st.equip[seat]):  # flag_bonus asked only of a Flag's carrier (speed)
            value += flag_bonus(st, seat)
    elif unit == "hero":
        value = hero_strength(st, seat, threat_type(st))
    elif unit == "threat":
        value = _THREAT_STRENGTH[bt["threat"]][BOARD.has_transfer[bt["station"]]]
        if st.law >= 0:  # the active law's threat strength (active_law, looked up: speed)
            value += LAW_THREAT[st.law]
    else:
        value = AC_GARRISON if has_faction(st, bt["aseat"], _FACTION_AC) else POLIS_GARRISON
    if bt["kind"] == "pvp":
        value += _CARD_BONUS[(bt["ca"], bt["cd"]) if side == ATTACKER else (bt["cd"], bt["ca"])]
    return max(0, value + mods)


def wins_ties(st: MetroState, side: str) -> bool:
    """M33-CMB-07: a Bauman hero always; a Reich army attacking; a Bandits army defending."""
    bt = st.bt
    seat, unit = (bt["aseat"], bt["aunit"]) if side == ATTACKER else (bt["dseat"], bt["dunit"])
    if seat < 0:
        return False
    if unit == "hero":
        return has_faction(st, seat, _FACTION_BA)
    if unit == "army":
        return has_faction(st, seat, _FACTION_RE) if side == ATTACKER else has_faction(st, seat, _FACTION_BN)
    return False


def winner(st: MetroState, a: int | None = None, d: int | None = None) -> str | None:
    """M33-CMB-01/07: the higher strength; a tie goes to the one side with a tie-winning
    ability, and stays a tie if both or neither have one. None for a tie. `a`, `d`: the sides'
    strengths if the caller has them already."""
    if a is None or d is None:
        a, d = side_strength(st, ATTACKER), side_strength(st, DEFENDER)
    if a != d:
        return ATTACKER if a > d else DEFENDER
    ta, td = wins_ties(st, ATTACKER), wins_ties(st, DEFENDER)
    if ta != td:
        return ATTACKER if ta else DEFENDER
    return None


KINDS: Final[list[DecisionKind[Any]]] = [
    kind("defend", _defend_options, _defend),
    kind("scout_use", _scout_options, _scout_use),
    kind("svd", _svd_options, _svd),
    kind("artyom", _artyom_options, _artyom),
    kind("fight", _fight_options, _fight),
    kind("wb", _wb_options, _wb),
]
JOBS: Final = {
    "declare": _declare,
    "defender": _defender_job,
    "scout_offer": _scout_offer,
    "svd_offer": _svd_offer,
    "artyom_offer": _artyom_offer,
    "threat_card": _threat_card,
    "deal": _deal,
    "wb_start": _wb_start,
    "wb": _wb_job,
}


def card_kind() -> DecisionKind[Any]:
    """The secret simultaneous battle-card choice (M33-BAT-03, M33-HID-06); the engine applies
    the commitments together through `_card_reveal`, never one by one."""
    return DecisionKind.of_decision(
        "card", _card_options, lambda st, a, d: None, secret=True, reveal=_card_reveal, said=_card_said
    )


def _card_said(st: MetroState, seat: int, action: Action) -> tuple[str, str]:
    """M33-HID-06: everyone reads that a side has chosen, only the side reads which card."""
    chosen = f"{st.does(seat, 'choose')} {st.its(seat)} battle card"
    return chosen, f"you choose {names.card(action.part('card'))}"
