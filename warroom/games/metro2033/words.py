"""Metro 2033's domain words, defined once and imported everywhere else (metro2033.md §2, §3.2).

The resources and the round-track symbols, the kinds of stations and links, the zones and the
factions that own them, the heroes, the card kinds with the types and rewards printed on them,
the quest conditions and abilities, the equipment and laws the rules know by name. The data files
(`data/*.toml`) hold the string values, so an enum member and its value are interchangeable there.
Stations are data (board.toml), not words: 78 ids such as "OKH" or "HKIE".
"""

from __future__ import annotations

from enum import StrEnum


class Resource(StrEnum):
    """Mushrooms, pigs and ammo (M33-GEN-03), written by their letter as in the digest."""

    MUSHROOM = "M"
    PIG = "P"
    AMMO = "A"


RESOURCES: tuple[Resource, ...] = tuple(Resource)


class Symbol(StrEnum):
    """What a round-track space shows (§2.10.6, M33-EVT-02): resources, a law vote or a threat."""

    MUSHROOM = "M"
    PIG = "P"
    AMMO = "A"
    LAW = "LAW"
    THREAT = "THREAT"

    @property
    def resource(self) -> Resource | None:
        """The resource this symbol produces (M33-EVT-03), None for LAW and THREAT."""
        return Resource(self.value) if self.value in Resource._value2member_map_ else None


class StationKind(StrEnum):
    """A station's kind (§2.10.2; M33-GEN-06, M33-MAP-06..08)."""

    CAPTURABLE = "capturable"  # an ordinary station: attacked, captured, owned
    POLIS = "polis"  # one of the 4 capturable Polis stations
    HANZA = "hanza"  # a ring station: never attacked, captured or owned; trade happens here
    ABANDONED = "abandoned"  # never attacked, captured or owned; armies never pass


CAPTURABLE_KINDS = frozenset({StationKind.CAPTURABLE, StationKind.POLIS})  # M33-GEN-06


class LinkKind(StrEnum):
    """A tunnel (перегон) or a transfer (переход) between two adjacent stations (M33-MAP-02)."""

    TUNNEL = "tunnel"
    TRANSFER = "transfer"


class Zone(StrEnum):
    """A faction's coloured territory, or the four Polis stations (§2.10.1, M33-MAP-03)."""

    RL = "RL"
    RE = "RE"
    BN = "BN"
    C05 = "C05"
    AC = "AC"
    BA = "BA"
    POLIS = "POLIS"


class Faction(StrEnum):
    """The six factions (§2.2); each owns the zone of the same id."""

    RL = "RL"  # Красная линия / Red Line
    RE = "RE"  # Четвёртый рейх / Fourth Reich
    BN = "BN"  # Бандиты / Bandits
    C05 = "C05"  # Конфедерация 1905 года / Confederation of 1905
    AC = "AC"  # Арбатская конфедерация / Arbat Confederation
    BA = "BA"  # Бауманский альянс / Bauman Alliance

    @property
    def zone(self) -> Zone:
        return Zone(self.value)


FACTION_ZONES: tuple[Zone, ...] = tuple(f.zone for f in Faction)


class Hero(StrEnum):
    """The six heroes (§2.3)."""

    ARTYOM = "ART"
    KHAN = "KHN"
    MELNIK = "MEL"
    SASHA = "SAS"
    ANNA = "ANN"
    HUNTER = "HUN"


class CardKind(StrEnum):
    """The kinds of cards, each its own deck (§2.1, M33-DECK-01); the values name the tables of
    cards.toml and the inventory entries of components.toml."""

    BATTLE = "battle"
    EQUIPMENT = "equipment"
    QUEST = "quest"
    THREAT_I = "threat_1"
    THREAT_II = "threat_2"
    LAW = "law"


class BattleType(StrEnum):
    """The three battle-card types (rb p. 4: атака, защита, манёвры; M33-BAT-04)."""

    ATTACK = "attack"
    DEFENCE = "defence"
    MANOEUVRE = "manoeuvre"


class ThreatType(StrEnum):
    """The three threat types (rb p. 3; M33-THR-01): skull, biohazard, trefoil."""

    PHYSICAL = "physical"
    BIOLOGICAL = "biological"
    RADIATION = "radiation"


class TransferCondition(StrEnum):
    """When a threat's second strength applies (§2.7 "X/Y(+xfer)", "X/Y(−xfer)"; M33-MAP-09)."""

    WITH_TRANSFER = "with_transfer"
    WITHOUT_TRANSFER = "without_transfer"


class Reward(StrEnum):
    """A threat card's reward, as the digest abbreviates it (§2.7-2.8; M33-THR-03..07)."""

    G1 = "G1"  # gain 1 resource of your choice
    L1 = "L1"  # any one opponent loses 1 resource of your choice
    EQ_Q = "EQ/Q"  # 1 market equipment card of your choice free, or the top quest card
    G2 = "G2"
    L2 = "L2"
    ARMY_1 = "ARMY+1"  # your army +1 STR free (maximum 8)
    LS1 = "LS1"  # any one opponent loses 1 station of your choice


class QuestCondition(StrEnum):
    """The quest conditions, grouped as in §2.6's "Cond" column: a player never completes two
    quests of one group (M33-QST-05)."""

    HERO = "C-HERO"  # defeat another player's hero
    ARMY_PLAYER = "C-ARMY-PL"  # capture another player's station with your army
    ARMY_NEUTRAL = "C-ARMY-NEU"  # capture a neutral station with your army
    HERO_NEUTRAL = "C-HERO-NEU"  # capture a neutral station with your hero
    HERO_PLAYER = "C-HERO-PL"  # capture another player's station with your hero
    POLIS = "C-POLIS"  # capture 1 Polis station
    HOLD_PIGS = "C-5P"  # hold 5 pigs
    HOLD_MUSHROOMS = "C-5M"
    HOLD_AMMO = "C-5A"


HOLDING: dict[QuestCondition, Resource] = {  # the "hold 5" conditions (M33-QST-04)
    QuestCondition.HOLD_PIGS: Resource.PIG,
    QuestCondition.HOLD_MUSHROOMS: Resource.MUSHROOM,
    QuestCondition.HOLD_AMMO: Resource.AMMO,
}


class QuestAbility(StrEnum):
    """What a quest's special ability does (§2.6; M33-QST-09..21)."""

    TELEPORT = "teleport"  # move own hero free to any station except abandoned ones
    ARMY_STRENGTH = "army_strength"  # any army +-1 STR in the current battle
    HERO_STRENGTH = "hero_strength"  # any hero +-1 STR in the current battle
    ATTACK_ANYWHERE = "attack_anywhere"  # this round your army may attack any station


class Equipment(StrEnum):
    """The nine equipment cards (§2.5); several need rules by name (M33-EQP-05..13)."""

    GRENADE = "EQ-GREN"
    FLAG = "EQ-FLAG"
    SVD = "EQ-SVD"
    GEIGER = "EQ-GEIGER"
    SHOTGUN = "EQ-SHOTGUN"
    EXPLOSIVES = "EQ-EXPL"
    AKM = "EQ-AKM"
    DRAISINE = "EQ-DRAISINE"
    RPK = "EQ-RPK"


class Law(StrEnum):
    """The seven laws (§2.9), each with its own rule (M33-LAW-02..08)."""

    INFLATION = "L-INFL"
    TAXATION = "L-TAX"
    CONVERSION = "L-CONV"
    COLLUSION = "L-DARK"
    COLONIZATION = "L-COLON"
    EXPANSION_LIMITS = "L-LIMIT"
    NON_AGGRESSION = "L-PACT"


class Purchase(StrEnum):
    """What a player pays for (components.toml [costs]; laws add to some, M33-LAW-02/04/07)."""

    EQUIPMENT = "equipment"  # M33-HAC-04
    QUEST = "quest"  # M33-HAC-05
    RECRUIT = "recruit"  # +1 army (M33-MOB-04)
    CAPTURE_NEUTRAL = "capture_neutral"  # M33-CAP-02
    CAPTURE_TAKEN = "capture_taken"  # a station just won from another player (M33-CAP-02)
    REFRESH = "refresh"  # renew the Hanza market (M33-HAC-04)
    QUEST_REUSE = "quest_reuse"  # a completed quest's ability (M33-QST-06)
