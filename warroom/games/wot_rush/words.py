"""World of Tanks: Rush's domain words, each defined once: nations, card classes and types,
resources, abilities, attack restrictions, achievement metrics, the kinds of decision and the
verbs of actions. Every other module of the game imports them from here.

A card's nation and class are small ints (indexes into `NATIONS` / `CLASSES`) in the flat card
tables of content.py; the `NO_*` values mark a card without that icon.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

MAX_SEATS = 5  # players at most (WOT-GEN-01)

NATIONS = ("USSR", "Germany", "USA", "France")  # WOT-GEN-05
NO_NATION = -1  # barracks and base cards

CLASSES = ("Light", "Medium", "Heavy", "SPG", "Auxiliary")  # WOT-ICON-05
HEAVY = CLASSES.index("Heavy")  # the only class that destroys an unguarded base at once (WOT-CARD-13)
NO_CLASS = -1  # not a vehicle

MAX_RESOURCE = 6  # the largest resource icon a card set may print (WOT-ICON-01)
NO_RESOURCE = -1  # no resource icon: the card never pays (WOT-BUY-01)
NO_ARMOUR = -1  # no armour icon (barracks, medals, bases): never a defender (WOT-ICON-04)


class CardType(StrEnum):
    """What a card is (wot_rush.md §2): the word a catalog shows."""

    VEHICLE = "vehicle"
    BARRACKS = "barracks"
    MEDAL = "medal"
    BASE = "base"


class Ability(IntEnum):
    """The printed abilities (WOT-ICON-06..12)."""

    REC = 0  # Reconnaissance
    REI = 1  # Reinforcement n
    INV = 2  # Invulnerability
    SAB = 3  # Sabotage
    RES = 4  # Research n
    CALL = 5  # Call
    REP = 6  # Repair n


WITH_N = frozenset({Ability.REI, Ability.RES, Ability.REP})  # the abilities printed with a number
ABILITY_NAMES = ("Reconnaissance", "Reinforcement", "Invulnerability", "Sabotage", "Research", "Call",
                 "Repair")  # by Ability, as the rulebook names them  # fmt: skip


class Restriction(IntEnum):
    """Attack restriction icons (WOT-ICON-13/14)."""

    NONE = 0
    BASE = 1  # only vs base
    VEHICLES = 2  # only vs vehicles


RESTRICTION_WORDS = ("", "base", "vehicles")  # by Restriction: the card file's and the catalog's word


class Metric(IntEnum):
    """What an achievement counts over a final squad (2.5, WOT-ACH-01..12)."""

    BASES = 0
    CLASS = 1
    NATION_MEDALS = 2
    DOUBLE_MEDALS = 3
    SQUAD = 4


METRIC_WORDS = tuple(m.name.lower() for m in Metric)  # the card file's words, by Metric
# the words an achievement's `value` names for the metrics that take one (else it is empty)
METRIC_VALUES: dict[Metric, tuple[str, ...]] = {Metric.CLASS: CLASSES, Metric.NATION_MEDALS: NATIONS}


class Kind:
    """The kinds of decision a seat can be asked for (wot_rush.md §4.1), declared in
    rules/decisions.py. Plain strings, not a StrEnum: a kind is looked up on every decision, and
    a dict of exact str keys answers faster (measured: 0.6% of a random playout's instructions)."""

    MAIN = "main"  # DP-02: the next play of Phase II, or end it
    PAY = "pay"  # DP-03: the paying cards of a purchase
    MORE = "more"  # DP-04: another printed ability of the card, or stop
    SCOUT = "scout"  # DP-05: Reconnaissance
    RESEARCH = "research"  # DP-06
    REPAIR = "repair"  # DP-07
    SABOTAGE = "sabotage"  # DP-08: a victim's discard
    PLACE = "place"  # DP-09: which base the new defender guards
    DECLARE = "declare"  # DP-10: the attacking cards
    FIRE = "fire"  # DP-11: one attack step
    REWARD = "reward"  # DP-12: the medal mix


# A save writes the pending decision's kind as its index here (the former enum's values), and a
# finished game's absent decision as OVER.
SAVED_KINDS = (Kind.MAIN, Kind.PAY, Kind.MORE, Kind.SCOUT, Kind.RESEARCH, Kind.REPAIR, Kind.SABOTAGE,
               Kind.PLACE, Kind.DECLARE, Kind.FIRE, Kind.REWARD)  # fmt: skip
OVER = len(SAVED_KINDS)
OVER_WORD = "over"  # the observation's name for "no decision: the game is over"


class Verb(IntEnum):
    """The verb of each action (actions.py lists their texts)."""

    END = 0
    BUY = 1
    PAY = 2
    DONE = 3
    USE = 4
    THEN = 5
    STOP = 6
    DEFEND = 7
    SCOUT = 8
    RESEARCH = 9
    SCRAP = 10
    DISCARD = 11
    GUARD = 12
    ATTACK = 13
    ADD = 14
    GO = 15
    FIRE = 16
    MEDALS = 17
    CANCEL = 18
