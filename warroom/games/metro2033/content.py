"""Metro 2033's content, loaded from `data/*.toml` and validated (metro2033.md §2).

    components.toml   §2.1: the inventory (how many of each card kind, token and card) and prices
    board.toml        §2.10: lines, zones, 78 stations, 111 links, zone borders, round track, tracks
    factions.toml     §2.2: the six factions with their homes and start bonuses
    heroes.toml       §2.3: the six heroes with STR and SPD
    cards.toml        §2.4-2.9: battle cards, equipment, quests, threats of both stages, laws

Every entry is checked by a pydantic model (warroom.core.datafile), then the files are checked
against each other: every station a link, zone, faction or count names exists; every count and
check of §2.10.4 holds when recounted from the station and link tables; the zone borders of
§2.10.5 are exactly those the links make; each card kind's copies add up to §2.1's inventory.
Every error is a CorruptDataError naming the file, the entry and the field. Content is data; the
rules that interpret it live elsewhere (board.py for the graph).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, model_validator

from warroom.core.datafile import read_toml
from warroom.games.metro2033.board_data import BoardData, load_board
from warroom.games.metro2033.loading import (
    Copies,
    Cost,
    Count,
    Entry,
    M,
    StationId,
    Text,
    fail,
    frozen,
    read_entries,
    read_table,
    unique,
)
from warroom.games.metro2033.words import (
    HOLDING,
    RESOURCES,
    BattleType,
    CardKind,
    Equipment,
    Faction,
    Hero,
    Law,
    Purchase,
    QuestAbility,
    QuestCondition,
    Resource,
    Reward,
    ThreatType,
    TransferCondition,
)

DATA = Path(__file__).parent / "data"
STAGE_REWARDS = {  # §2.7 / §2.8: the rewards each stage's deck prints
    CardKind.THREAT_I: frozenset({Reward.G1, Reward.L1, Reward.EQ_Q}),
    CardKind.THREAT_II: frozenset({Reward.G2, Reward.L2, Reward.EQ_Q, Reward.ARMY_1, Reward.LS1}),
}


# ---------------------------------------------------------------- components.toml (§2.1)


class _Inventory(Entry):
    board: Count
    faction_cards: Count
    hero_cards: Count
    hero_figures: Count
    law: Count
    threat_1: Count
    threat_2: Count
    equipment: Count
    quest: Count
    battle: Count
    faction_tokens: Count
    first_player_token: Count
    round_token: Count
    dice: Count
    resources: dict[Resource, Count]

    @model_validator(mode="after")
    def _all_resources(self) -> _Inventory:
        if set(self.resources) != set(RESOURCES):
            raise ValueError("resources needs M, P and A")
        return self


class _Costs(Entry):
    """One field per Purchase (words.py), each a price in resources."""

    equipment: Cost
    quest: Cost
    recruit: Cost
    capture_neutral: Cost
    capture_taken: Cost
    refresh: Cost
    quest_reuse: Cost


# ---------------------------------------------------------------- factions.toml, heroes.toml


class _Bonus(Entry):
    resources: Cost = Field(default_factory=dict)
    army: StrictInt | None = None
    quests: Count = 0
    equipment: Count = 0

    @model_validator(mode="after")
    def _some(self) -> _Bonus:
        if not self.resources and self.army is None and not self.quests and not self.equipment:
            raise ValueError("a start bonus gives resources, army, quests or equipment (M33-SET-05)")
        return self


class _Faction(Entry):
    id: Faction
    ru: Text
    name: Text
    colour: Text
    homes: list[StationId] = Field(min_length=3, max_length=3)  # M33-MAP-11
    ability: Text
    start_bonus: _Bonus
    plural: bool = False  # the name takes a plural verb ("the Bandits attack"): event texts


class _Hero(Entry):
    id: Hero
    ru: Text
    name: Text
    strength: Count
    speed: Count
    ability: Text


# ---------------------------------------------------------------- cards.toml (§2.4-2.9)


class _Battle(Entry):
    id: Annotated[str, Field(pattern=r"^BC-[A-Z]+$")]
    ru: Text
    name: Text
    type: BattleType
    bonus: Count
    vs: BattleType | None = None
    vs_bonus: Count | None = None
    copies: Copies

    @model_validator(mode="after")
    def _shape(self) -> _Battle:
        if (self.vs is None) != (self.vs_bonus is None):
            raise ValueError("vs and vs_bonus come together")
        if self.vs_bonus is not None and self.vs_bonus <= self.bonus:
            raise ValueError("vs_bonus is the higher value (M33-BAT-04)")
        return self


class _Equipment(Entry):
    id: Equipment
    ru: Text
    name: Text
    effect: Text
    strength: StrictInt = 0
    speed: StrictInt = 0
    vs_threat: ThreatType | None = None
    strength_vs_threat: StrictInt | None = None
    discard_strength: Count = 0
    flag_army: Count = 0
    discard_enemy_army: Annotated[StrictInt, Field(le=0)] = 0
    copies: Copies

    @model_validator(mode="after")
    def _shape(self) -> _Equipment:
        if (self.vs_threat is None) != (self.strength_vs_threat is None):
            raise ValueError("vs_threat and strength_vs_threat come together")
        if self.strength_vs_threat is not None and self.strength_vs_threat <= self.strength:
            raise ValueError("strength_vs_threat is the higher value (M33-EQP-14)")
        return self


class _Quest(Entry):
    id: Annotated[str, Field(pattern=r"^Q-[A-Z]+$")]
    ru: Text
    name: Text
    condition: Text
    cond: QuestCondition
    hold: dict[Resource, Annotated[StrictInt, Field(ge=1)]] | None = None
    ability: Text
    ability_kind: QuestAbility
    strength: Literal[-1, 1] | None = None
    copies: Copies

    @model_validator(mode="after")
    def _shape(self) -> _Quest:
        holding = HOLDING.get(self.cond)
        if holding is None and self.hold is not None:
            raise ValueError(f"only the holding conditions {[c.value for c in HOLDING]} have hold")
        if holding is not None and (self.hold is None or list(self.hold) != [holding]):
            raise ValueError(f"condition {self.cond} needs hold = {{ {holding} = N }} (M33-QST-04)")
        modifier = self.ability_kind in (QuestAbility.ARMY_STRENGTH, QuestAbility.HERO_STRENGTH)
        if modifier != (self.strength is not None):
            raise ValueError("strength (+1 or -1) exactly for the army and hero strength abilities")
        return self


class _Threat(Entry):
    id: Annotated[str, Field(pattern=r"^T[12]-[A-Z]+$")]
    ru: Text
    name: Text
    type: ThreatType
    strength: Count
    strength_alt: Count | None = None
    alt_when: TransferCondition | None = None
    reward: Reward
    copies: Copies

    @model_validator(mode="after")
    def _shape(self) -> _Threat:
        if (self.strength_alt is None) != (self.alt_when is None):
            raise ValueError("strength_alt and alt_when come together (M33-THR-02)")
        if self.strength_alt is not None and self.strength_alt <= self.strength:
            raise ValueError("strength_alt is the higher value")
        return self


class _Law(Entry):
    id: Law
    ru: Text
    name: Text
    effect: Text
    extra_cost: Cost | None = None
    extra_cost_on: list[Purchase] | None = None
    threat_strength: Count = 0
    events_gain: Count = 0
    colonize_cost: Cost | None = None
    attack_cost: Count = 0
    copies: Copies

    @model_validator(mode="after")
    def _shape(self) -> _Law:
        if (self.extra_cost is None) != (self.extra_cost_on is None):
            raise ValueError("extra_cost and extra_cost_on come together")
        return self


# ---------------------------------------------------------------- the loaded content


@dataclass(frozen=True, slots=True)
class StartBonus:
    resources: Mapping[Resource, int]
    army: int | None  # the army track's starting value instead of the usual one
    quests: int
    equipment: int


@dataclass(frozen=True, slots=True)
class FactionCard:
    id: Faction
    ru: str
    name: str
    colour: str
    homes: tuple[str, ...]
    ability: str
    start_bonus: StartBonus
    plural: bool = False


@dataclass(frozen=True, slots=True)
class HeroCard:
    id: Hero
    ru: str
    name: str
    strength: int
    speed: int
    ability: str


@dataclass(frozen=True, slots=True)
class BattleCard:
    id: str
    ru: str
    name: str
    type: BattleType
    bonus: int
    vs: BattleType | None
    vs_bonus: int | None
    copies: int

    def bonus_against(self, opponent: BattleType) -> int:
        """The bonus once the opponent's card of type `opponent` is revealed: the "vs" value
        against that type, the base value otherwise (M33-BAT-04)."""
        return self.vs_bonus if self.vs == opponent and self.vs_bonus is not None else self.bonus


@dataclass(frozen=True, slots=True)
class EquipmentCard:
    id: Equipment
    ru: str
    name: str
    effect: str
    strength: int
    speed: int
    vs_threat: ThreatType | None
    strength_vs_threat: int | None
    discard_strength: int
    flag_army: int
    discard_enemy_army: int
    copies: int

    def strength_against(self, threat: ThreatType | None) -> int:
        """The STR it gives its hero against a threat of type `threat` (None: an army, a hero or
        the Polis garrison): the type value only against that type (M33-EQP-14)."""
        if threat is not None and threat == self.vs_threat and self.strength_vs_threat is not None:
            return self.strength_vs_threat
        return self.strength


@dataclass(frozen=True, slots=True)
class QuestCard:
    id: str
    ru: str
    name: str
    condition: str
    cond: QuestCondition
    hold: tuple[Resource, int] | None  # (resource, amount) of a holding condition (M33-QST-04)
    ability: str
    ability_kind: QuestAbility
    strength: int | None  # +1 / -1 of a strength ability
    copies: int


@dataclass(frozen=True, slots=True)
class ThreatCard:
    id: str
    stage: CardKind  # THREAT_I or THREAT_II
    ru: str
    name: str
    type: ThreatType
    strength: int
    strength_alt: int | None
    alt_when: TransferCondition | None
    reward: Reward
    copies: int

    def strength_at(self, has_transfer: bool) -> int:
        """Its printed strength at a station with or without a transfer (M33-THR-02, M33-MAP-09);
        laws come on top."""
        if self.strength_alt is None:
            return self.strength
        applies = has_transfer == (self.alt_when == TransferCondition.WITH_TRANSFER)
        return self.strength_alt if applies else self.strength


@dataclass(frozen=True, slots=True)
class LawCard:
    id: Law
    ru: str
    name: str
    effect: str
    extra_cost: Mapping[Resource, int]
    extra_cost_on: frozenset[Purchase]
    threat_strength: int
    events_gain: int
    colonize_cost: Mapping[Resource, int]
    attack_cost: int
    copies: int


@dataclass(frozen=True, slots=True)
class Inventory:
    """§2.1: how many of each component the box holds."""

    cards: Mapping[CardKind, int]
    faction_cards: int
    hero_cards: int
    hero_figures: int
    faction_tokens: int
    resources: Mapping[Resource, int]


@dataclass(frozen=True, slots=True)
class Content:
    """Everything in the box, checked; every mapping is read-only and in file order."""

    inventory: Inventory
    costs: Mapping[Purchase, Mapping[Resource, int]]
    board: BoardData
    factions: Mapping[Faction, FactionCard]
    heroes: Mapping[Hero, HeroCard]
    battle_cards: Mapping[str, BattleCard]
    equipment: Mapping[Equipment, EquipmentCard]
    quests: Mapping[str, QuestCard]
    threats: Mapping[str, ThreatCard]  # both stages; ThreatCard.stage tells which deck
    laws: Mapping[Law, LawCard]

    def cards(
        self, kind: CardKind
    ) -> tuple[BattleCard | EquipmentCard | QuestCard | ThreatCard | LawCard, ...]:
        """The distinct cards of one deck, in file order."""
        if kind == CardKind.BATTLE:
            return tuple(self.battle_cards.values())
        if kind == CardKind.EQUIPMENT:
            return tuple(self.equipment.values())
        if kind == CardKind.QUEST:
            return tuple(self.quests.values())
        if kind == CardKind.LAW:
            return tuple(self.laws.values())
        return tuple(t for t in self.threats.values() if t.stage == kind)

    def deck(self, kind: CardKind) -> tuple[str, ...]:
        """One deck, a card id per physical card (copies repeated), in file order: what setup
        shuffles (M33-SET-01)."""
        return tuple(str(card.id) for card in self.cards(kind) for _ in range(card.copies))


# ---------------------------------------------------------------- loading


def load_content(data_dir: Path = DATA) -> Content:
    """Read and check every data file in `data_dir` (see the module docstring)."""
    doc = read_toml(data_dir / "components.toml")
    inv = read_table(doc, "components.toml", "inventory", _Inventory)
    inventory = Inventory(
        cards=frozen({kind: getattr(inv, kind.value) for kind in CardKind}),
        faction_cards=inv.faction_cards,
        hero_cards=inv.hero_cards,
        hero_figures=inv.hero_figures,
        faction_tokens=inv.faction_tokens,
        resources=frozen(inv.resources),
    )
    prices = read_table(doc, "components.toml", "costs", _Costs)
    costs = frozen({p: frozen(getattr(prices, p.value)) for p in Purchase})
    board = load_board(read_toml(data_dir / "board.toml"))
    factions = _load_factions(read_toml(data_dir / "factions.toml"), board, inventory)
    heroes = _load_heroes(read_toml(data_dir / "heroes.toml"), inventory)
    cards = _load_cards(read_toml(data_dir / "cards.toml"), inventory)
    return Content(inventory, costs, board, factions, heroes, *cards)


@cache
def default_content() -> Content:
    """The shipped content, loaded once."""
    return load_content()


# ---------------------------------------------------------------- factions and heroes


def _load_factions(
    doc: Mapping[str, Any], board: BoardData, inventory: Inventory
) -> Mapping[Faction, FactionCard]:
    file = "factions.toml"
    entries = read_entries(doc, file, "faction", _Faction)
    unique(file, entries, lambda e: e.id, "id")
    if len(entries) != inventory.faction_cards or {e.id for _, e in entries} != set(Faction):
        raise fail(
            file, "faction", "id", f"the {inventory.faction_cards} factions are {[f.value for f in Faction]}"
        )
    stations = {s.id: s for s in board.stations}
    out: dict[Faction, FactionCard] = {}
    for label, e in entries:
        zone = board.zones[e.id.zone]
        unknown = [h for h in e.homes if h not in stations]
        if unknown:
            raise fail(file, label, "homes", f"unknown stations {unknown}")
        if sorted(e.homes) != sorted(zone.homes):
            raise fail(file, label, "homes", f"board.toml gives {sorted(zone.homes)} (M33-MAP-11)")
        if sorted(r for h in e.homes for r in stations[h].produces) != sorted(RESOURCES):
            raise fail(file, label, "homes", "the homes produce one M, one P and one A (rb p. 5)")
        if e.colour != zone.colour:
            raise fail(file, label, "colour", f"the {zone.zone} zone is {zone.colour}")
        army = e.start_bonus.army
        if army is not None and not board.army_track.minimum <= army <= board.army_track.maximum:
            raise fail(file, label, "start_bonus.army", "off the army track (M33-GEN-08)")
        bonus = StartBonus(
            frozen(e.start_bonus.resources), army, e.start_bonus.quests, e.start_bonus.equipment
        )
        out[e.id] = FactionCard(e.id, e.ru, e.name, e.colour, tuple(e.homes), e.ability, bonus, e.plural)
    return frozen(out)


def _load_heroes(doc: Mapping[str, Any], inventory: Inventory) -> Mapping[Hero, HeroCard]:
    file = "heroes.toml"
    entries = read_entries(doc, file, "hero", _Hero)
    unique(file, entries, lambda e: e.id, "id")
    if len(entries) != inventory.hero_cards or {e.id for _, e in entries} != set(Hero):
        raise fail(file, "hero", "id", f"the {inventory.hero_cards} heroes are {[h.value for h in Hero]}")
    return frozen({e.id: HeroCard(e.id, e.ru, e.name, e.strength, e.speed, e.ability) for _, e in entries})


# ---------------------------------------------------------------- cards


def _kind(
    doc: Mapping[str, Any], kind: CardKind, model: type[M], inventory: Inventory
) -> list[tuple[str, M]]:
    """The entries of one card kind, ids unique, copies adding up to §2.1's inventory."""
    file = "cards.toml"
    entries = read_entries(doc, file, kind.value, model)
    unique(file, entries, lambda e: e.id, "id")
    total = sum(getattr(e, "copies") for _, e in entries)  # noqa: B009  (every card model has it)
    if total != inventory.cards[kind]:
        raise fail(file, kind.value, "copies", f"{total} cards in all; the inventory "
                    f"(components.toml [inventory] {kind.value}) has {inventory.cards[kind]}")  # fmt: skip
    return entries


def _all_named(kind: CardKind, entries: list[tuple[str, Any]], names: Iterable[object]) -> None:
    missing = sorted(str(n) for n in set(names) - {e.id for _, e in entries})
    if missing:
        raise fail("cards.toml", kind.value, "id", f"missing {missing}")


def _load_cards(
    doc: Mapping[str, Any], inventory: Inventory
) -> tuple[
    Mapping[str, BattleCard], Mapping[Equipment, EquipmentCard], Mapping[str, QuestCard],
    Mapping[str, ThreatCard], Mapping[Law, LawCard],
]:  # fmt: skip
    battle = _kind(doc, CardKind.BATTLE, _Battle, inventory)
    equipment = _kind(doc, CardKind.EQUIPMENT, _Equipment, inventory)
    _all_named(CardKind.EQUIPMENT, equipment, Equipment)
    quests = _kind(doc, CardKind.QUEST, _Quest, inventory)
    laws = _kind(doc, CardKind.LAW, _Law, inventory)
    _all_named(CardKind.LAW, laws, Law)
    threats = {
        t.id: t for stage in (CardKind.THREAT_I, CardKind.THREAT_II) for t in _threats(doc, stage, inventory)
    }
    return (
        frozen({e.id: BattleCard(**e.model_dump()) for _, e in battle}),
        frozen({e.id: EquipmentCard(**e.model_dump()) for _, e in equipment}),
        frozen({e.id: _quest(e) for _, e in quests}),
        frozen(threats),
        frozen({e.id: _law(e) for _, e in laws}),
    )


def _threats(doc: Mapping[str, Any], stage: CardKind, inventory: Inventory) -> list[ThreatCard]:
    """One stage's threat deck: ids T1-/T2- by stage (so unique across both), rewards of the stage."""
    prefix = "T1-" if stage == CardKind.THREAT_I else "T2-"
    out: list[ThreatCard] = []
    for label, t in _kind(doc, stage, _Threat, inventory):
        if not t.id.startswith(prefix):
            raise fail("cards.toml", label, "id", f"a {stage.value} card's id starts with {prefix}")
        if t.reward not in STAGE_REWARDS[stage]:
            rewards = sorted(r.value for r in STAGE_REWARDS[stage])
            raise fail("cards.toml", label, "reward", f"{stage.value} rewards are {rewards}")
        out.append(ThreatCard(stage=stage, **t.model_dump()))
    return out


def _quest(e: _Quest) -> QuestCard:
    hold = next(iter(e.hold.items())) if e.hold else None
    return QuestCard(**{**e.model_dump(), "hold": hold})


def _law(e: _Law) -> LawCard:
    return LawCard(
        **{
            **e.model_dump(),
            "extra_cost": frozen(e.extra_cost or {}),
            "extra_cost_on": frozenset(e.extra_cost_on or ()),
            "colonize_cost": frozen(e.colonize_cost or {}),
        }
    )
