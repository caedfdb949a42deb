"""World of Tanks: Rush's card set, loaded from `data/cards.toml` and validated (wot_rush.md §2).

Content is data; the rules that interpret it live in `rules/`. Every physical card gets a small
int *instance id*, laid out once per card set:

    0 .. V-1          vehicles, in file order (each one unique, WOT-CARD-15)
    V .. V+B*S-1      barracks: S sets (one per seat) of B cards, seat-major (WOT-SETUP-03)
    ...  +M           medal cards, nation-major, then one-medal before two-medal (2.4)
    ...  +S*K         base cards: S sets of K (WOT-SETUP-02)

Per-instance attributes are flat tuples indexed by that id, so the hot path reads `res[c]`,
never an object. Cards that are interchangeable (all Engineers, all USSR 1-medal cards, all bases)
share a *kind*, which is what action texts name; every vehicle is its own kind.
Errors name the file, the entry and the field. The domain's words (nations, classes, abilities,
restrictions, metrics) are defined once in words.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from warroom.core.datafile import read_toml, read_toml_text, validate
from warroom.core.errors import CorruptDataError
from warroom.games.wot_rush.words import (
    CLASSES,
    MAX_RESOURCE,
    METRIC_VALUES,
    METRIC_WORDS,
    NATIONS,
    NO_ARMOUR,
    NO_CLASS,
    NO_NATION,
    NO_RESOURCE,
    RESTRICTION_WORDS,
    WITH_N,
    Ability,
    CardType,
    Metric,
    Restriction,
)

M = TypeVar("M", bound=BaseModel)
DATA = Path(__file__).parent / "data"
DEFAULT_FILE = DATA / "cards.toml"
AbilitySpec = tuple[Ability, int]


def _one_of(words: tuple[str, ...]) -> AfterValidator:
    """A card-file field that must be one of the domain's `words` (words.py defines each once)."""

    def check(value: str) -> str:
        if value not in words:
            raise ValueError(f"{value!r} must be one of {list(words)}")
        return value

    return AfterValidator(check)


NationWord = Annotated[str, _one_of(NATIONS)]
ClassWord = Annotated[str, _one_of(CLASSES)]
RestrictionWord = Annotated[str, _one_of(RESTRICTION_WORDS)]
MetricWord = Annotated[str, _one_of(METRIC_WORDS)]
Resource = Annotated[int, Field(ge=0, le=MAX_RESOURCE)]


def parse_ability(text: str) -> AbilitySpec:
    """'REI 1' -> (REI, 1); 'CALL' -> (CALL, 0). Numbered abilities need their number."""
    word, *rest = text.split()
    try:
        ability = Ability[word]
    except KeyError:
        raise ValueError(f"unknown ability {word!r}; known: {[a.name for a in Ability]}") from None
    if (ability in WITH_N) != bool(rest) or len(rest) > 1:
        raise ValueError(f"ability {text!r}: REI, RES and REP take a number, the others none")
    n = int(rest[0]) if rest else 0
    if ability in WITH_N and not 1 <= n <= 9:
        raise ValueError(f"ability {text!r}: the number must be 1..9")
    return ability, n


def _abilities(value: list[str]) -> list[str]:
    specs = [parse_ability(text) for text in value]
    kinds = [a for a, _ in specs]
    if len(set(kinds)) != len(kinds):
        raise ValueError("an ability appears twice on one card")
    return value


class _Vehicle(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
    name: str
    nation: NationWord
    card_class: ClassWord = Field(alias="class")
    cost: int = Field(ge=0, le=20)
    resource: Resource
    strength: int = Field(ge=0, le=2)
    armour: int = Field(ge=0, le=2)
    abilities: list[str] = []
    restriction: RestrictionWord = ""
    slot: str = ""

    _check_abilities = field_validator("abilities")(_abilities)


class _Barracks(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    count: int = Field(ge=1, le=20)
    resource: Resource | None = None
    abilities: list[str] = []

    _check_abilities = field_validator("abilities")(_abilities)


class _Medal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    nation: NationWord
    name: str
    medals: Literal[1, 2]
    count: int = Field(ge=1, le=30)
    resource: Resource | None = None


class _Achievement(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    name: str
    metric: MetricWord
    value: str = ""


class _Rules(BaseModel):
    model_config = ConfigDict(extra="forbid")
    hand_size: int = Field(ge=1, le=10)
    reserve_size: int = Field(ge=1, le=8)
    bases_per_player: int = Field(ge=1, le=5)
    base_sets: int = Field(ge=2, le=5)
    base_medals: int = Field(ge=0)
    achievement_medals: int = Field(ge=0)


@dataclass(frozen=True)
class Achievement:
    index: int
    id: str
    name: str
    metric: Metric
    value: int  # class or nation index for CLASS / NATION_MEDALS (METRIC_VALUES), else -1


@dataclass(frozen=True)
class Content:
    """One validated card set, as flat per-instance tables (see the module docstring)."""

    source: str
    hand_size: int
    reserve_size: int
    bases_per_player: int
    max_players: int
    base_medals: int
    achievement_medals: int
    num_vehicles: int
    barracks_set: tuple[int, ...]  # kind per card of one barracks set
    barracks_size: int
    medal_start: int
    base_start: int
    num_cards: int
    # per instance id
    kind: tuple[int, ...]
    # per kind
    kind_label: tuple[str, ...]
    kind_name: tuple[str, ...]
    resource: tuple[int, ...]  # NO_RESOURCE = no resource icon (WOT-BUY-01)
    cost: tuple[int, ...]
    strength: tuple[int, ...]
    armour: tuple[int, ...]  # NO_ARMOUR = no armour icon (barracks, medals, bases)
    nation: tuple[int, ...]  # NO_NATION = no nation
    card_class: tuple[int, ...]  # NO_CLASS = not a vehicle
    restriction: tuple[Restriction, ...]
    abilities: tuple[tuple[AbilitySpec, ...], ...]
    medals: tuple[int, ...]  # medal cards only
    is_vehicle: tuple[bool, ...]
    is_base: tuple[bool, ...]
    is_medal: tuple[bool, ...]
    base_kind: int
    medal_kinds: tuple[tuple[int, int], ...]  # per nation: (one-medal kind, two-medal kind)
    medal_cards: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # per nation: (ones, twos)
    achievements: tuple[Achievement, ...]
    slot: tuple[str, ...]  # vehicles' design slot (data tests)

    def kind_of_label(self, label: str) -> int:
        wanted = label.lower()
        for k, text in enumerate(self.kind_label):
            if text.lower() == wanted:
                return k
        raise KeyError(f"no card kind {label!r}")

    def barracks_cards(self, seat: int) -> range:
        start = self.num_vehicles + seat * self.barracks_size
        return range(start, start + self.barracks_size)

    def base_cards(self, seat: int) -> range:
        start = self.base_start + seat * self.bases_per_player
        return range(start, start + self.bases_per_player)

    def label(self, card: int) -> str:
        return self.kind_label[self.kind[card]]


def _validate(path: Path, table: str, raw: object, model: type[M]) -> list[M]:
    if not isinstance(raw, list) or not raw:
        raise CorruptDataError(f"{path.name}: expected a non-empty list `{table}` of entries")
    out: list[M] = []
    for number, entry in enumerate(raw, start=1):
        name = entry.get("id", entry.get("name", "?")) if isinstance(entry, dict) else "?"
        out.append(validate(model, entry, f"{path.name}: {table} #{number} ({name})"))
    return out


def _rules(path: Path, raw: object) -> _Rules:
    return validate(_Rules, raw, f"{path.name}: [rules]", whole="table")


def load_content(path: Path | str = "") -> Content:
    """Read and check a card set. An empty path is the shipped set; a user file may leave out any
    table, which is then taken from the shipped set (WOT-VAR-03)."""
    file = Path(path) if path else DEFAULT_FILE
    return _content(file, read_toml(file) if path else {})


def content_from_text(text: str, name: str = "upload.toml") -> Content:
    """`load_content` on a card-set file's text (an upload, or its copy in a replay file), `name`
    standing for the file in the errors: the same checks, nothing written to disk."""
    return _content(Path(name), read_toml_text(text, name))


def _content(file: Path, own: dict[str, Any]) -> Content:
    """The shipped set with a user file's tables (`own`, empty for the shipped set) put over it."""
    doc = {**read_toml(DEFAULT_FILE), **own}
    unknown = sorted(set(doc) - {"vehicle", "barracks", "medal", "achievement", "rules"})
    if unknown:
        raise CorruptDataError(f"{file.name}: unknown tables {unknown}")
    vehicles = _validate(file, "vehicle", doc["vehicle"], _Vehicle)
    barracks = _validate(file, "barracks", doc["barracks"], _Barracks)
    medals = _validate(file, "medal", doc["medal"], _Medal)
    achievements = _validate(file, "achievement", doc["achievement"], _Achievement)
    rules = _rules(file, doc["rules"])
    _check_set(file, vehicles, barracks, medals, achievements)
    return _build(
        str(file), vehicles, barracks=barracks, medals=medals, achievements=achievements, rules=rules
    )


def _dupes(items: list[str]) -> list[str]:
    return sorted({x for x in items if items.count(x) > 1})


def _check_set(
    file: Path,
    vehicles: list[_Vehicle],
    barracks: list[_Barracks],
    medals: list[_Medal],
    achievements: list[_Achievement],
) -> None:
    labels = [v.id.lower() for v in vehicles] + [b.id for b in barracks]
    if dupes := _dupes(labels):
        raise CorruptDataError(f"{file.name}: duplicate card ids {dupes}")
    if dupes := _dupes([a.id for a in achievements]):
        raise CorruptDataError(f"{file.name}: duplicate achievement ids {dupes}")
    if dupes := _dupes([f"{m.nation} {m.medals}" for m in medals]):
        raise CorruptDataError(f"{file.name}: medal entries repeat a (nation, medals) pair: {dupes}")
    for nation in NATIONS:
        if not any(m.nation == nation and m.medals == 1 for m in medals):
            raise CorruptDataError(f"{file.name}: medal: {nation} has no one-medal cards (WOT-END-02)")
    for number, a in enumerate(achievements, start=1):
        choices = METRIC_VALUES.get(Metric[a.metric.upper()], ("",))
        if a.value not in choices:
            raise CorruptDataError(
                f"{file.name}: achievement #{number} ({a.id}), field value: "
                f"{a.value!r} must be one of {choices}"
            )


def _build(
    source: str,
    vehicles: list[_Vehicle],
    *,
    barracks: list[_Barracks],
    medals: list[_Medal],
    achievements: list[_Achievement],
    rules: _Rules,
) -> Content:
    kinds: list[dict[str, Any]] = []

    def kind(**attrs: Any) -> int:
        base = {"res": NO_RESOURCE, "cost": 0, "str": 0, "arm": NO_ARMOUR, "nation": NO_NATION,
                "cls": NO_CLASS, "restr": Restriction.NONE, "ab": (), "medals": 0, "veh": False,
                "base": False, "medal": False, "slot": ""}  # fmt: skip
        kinds.append(base | attrs)
        return len(kinds) - 1

    per_card: list[int] = []
    for v in vehicles:
        per_card.append(kind(
            label=v.id, name=v.name, res=v.resource, cost=v.cost, str=v.strength, arm=v.armour,
            nation=NATIONS.index(v.nation), cls=CLASSES.index(v.card_class),
            restr=Restriction(RESTRICTION_WORDS.index(v.restriction)),
            ab=tuple(parse_ability(a) for a in v.abilities), veh=True, slot=v.slot,
        ))  # fmt: skip
    one_set: list[int] = []
    for b in barracks:
        k = kind(label=b.id, name=b.name, res=NO_RESOURCE if b.resource is None else b.resource,
                 ab=tuple(parse_ability(a) for a in b.abilities))  # fmt: skip
        one_set.extend([k] * b.count)
    for _seat in range(rules.base_sets):
        per_card.extend(one_set)
    medal_start = len(per_card)
    medal_kinds: list[tuple[int, int]] = []
    medal_cards: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for n, nation in enumerate(NATIONS):
        pair: list[int] = [-1, -1]
        cards: list[tuple[int, ...]] = [(), ()]
        for m in sorted((m for m in medals if m.nation == nation), key=lambda m: m.medals):
            k = kind(label=f"{nation.lower()}_medal{m.medals}", name=m.name, nation=n, medals=m.medals,
                     res=NO_RESOURCE if m.resource is None else m.resource, medal=True)  # fmt: skip
            pair[m.medals - 1] = k
            cards[m.medals - 1] = tuple(range(len(per_card), len(per_card) + m.count))
            per_card.extend([k] * m.count)
        medal_kinds.append((pair[0], pair[1]))
        medal_cards.append((cards[0], cards[1]))
    base_kind = kind(label=CardType.BASE.value, name="Base", base=True)
    base_start = len(per_card)
    per_card.extend([base_kind] * (rules.base_sets * rules.bases_per_player))
    achs = tuple(_achievement(i, a) for i, a in enumerate(achievements))

    def col(key: str) -> tuple[Any, ...]:
        return tuple(k[key] for k in kinds)

    return Content(
        source=source, hand_size=rules.hand_size, reserve_size=rules.reserve_size,
        bases_per_player=rules.bases_per_player, max_players=rules.base_sets,
        base_medals=rules.base_medals, achievement_medals=rules.achievement_medals,
        num_vehicles=len(vehicles), barracks_set=tuple(one_set), barracks_size=len(one_set),
        medal_start=medal_start, base_start=base_start, num_cards=len(per_card), kind=tuple(per_card),
        kind_label=col("label"), kind_name=col("name"), resource=col("res"), cost=col("cost"),
        strength=col("str"), armour=col("arm"), nation=col("nation"), card_class=col("cls"),
        restriction=col("restr"), abilities=col("ab"), medals=col("medals"), is_vehicle=col("veh"),
        is_base=col("base"), is_medal=col("medal"), base_kind=base_kind, medal_kinds=tuple(medal_kinds),
        medal_cards=tuple(medal_cards), achievements=achs, slot=col("slot"),
    )  # fmt: skip


def _achievement(index: int, a: _Achievement) -> Achievement:
    metric = Metric[a.metric.upper()]
    value = METRIC_VALUES[metric].index(a.value) if a.value else -1
    return Achievement(index, a.id, a.name, metric, value)


@cache
def content_for(path: str = "") -> Content:
    """The card set of the `cards` option, loaded once per path."""
    return load_content(path)


def default_content() -> Content:
    return content_for("")
