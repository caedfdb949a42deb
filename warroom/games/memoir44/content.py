"""Memoir '44 units, terrain, obstacles and the 60 Command cards, loaded from `data/*.toml` and
validated (memoir44.md §2). Content is data; the rules that interpret each kind live in `rules/`.
Every kind named in a data file must be one the rules know; errors name the file, entry and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from warroom.core.datafile import read_toml, validate
from warroom.core.errors import CorruptDataError
from warroom.games.memoir44.board import Section
from warroom.games.memoir44.words import (
    EFFECTS,
    FEATURE_KINDS,
    OBSTACLE_KINDS,
    SECTION_EFFECTS,
    TERRAIN_KINDS,
    UNIT_KINDS,
)

M = TypeVar("M", bound=BaseModel)
DATA = Path(__file__).parent / "data"
DECK_SIZE = 60  # 40 section + 20 tactic cards (M44-SETUP-09, §2.3)
SECTION_CARDS = 40

BaseName = Literal["infantry", "armor", "artillery"]  # BASE_NAMES, as the data files write them


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)


class UnitKind(_Strict):
    """One unit kind (M44-UNIT-01..05, M44-SPEC-02..09)."""

    kind: str
    name: str
    base: BaseName
    figures: int = Field(ge=1)
    move: int = Field(ge=0)
    move_and_battle: int = Field(ge=0)
    dice: tuple[int, ...] = Field(min_length=1)
    needs_los: bool
    battles_on_entry: bool = False
    retreat_per_flag: int = Field(default=1, ge=1)
    index: int = 0

    @property
    def range(self) -> int:
        return len(self.dice)


class TerrainKind(_Strict):
    kind: str
    name: str
    letter: str = Field(min_length=1, max_length=1)
    must_stop: bool = False
    impassable: bool = False
    no_battle_on_entry: bool = False
    protection: tuple[int, int] = (0, 0)
    blocks_los: bool = False
    armor_battle_penalty: int = 0
    index: int = 0


class PieceKind(_Strict):
    """A fixed feature (bunker, bridge) or an obstacle (sandbags, wire, hedgehog)."""

    kind: str
    name: str
    protection: tuple[int, int] = (0, 0)
    blocks_los: bool = False
    must_stop: bool = False
    ignores_flag: Literal["any", "infantry", "none"] = "none"
    closed_to: tuple[BaseName, ...] = ()
    infantry_battle_penalty: int = 0


class CardKind(_Strict):
    kind: str
    name: str
    card_class: Literal["section", "tactic"] = Field(alias="class")
    effect: str
    section: Literal["left", "center", "right"] | None = None
    orders: int = Field(ge=-1)
    per_section: tuple[int, int, int] | None = None
    count: int = Field(ge=1)
    text: str
    index: int = 0


@dataclass(frozen=True)
class Content:
    units: tuple[UnitKind, ...]
    terrain: tuple[TerrainKind, ...]
    features: dict[str, PieceKind]
    obstacles: dict[str, PieceKind]
    cards: tuple[CardKind, ...]

    def unit(self, kind: str) -> UnitKind:
        return next(u for u in self.units if u.kind == kind)

    def terrain_kind(self, kind: str) -> TerrainKind:
        return next(t for t in self.terrain if t.kind == kind)

    def card(self, kind: str) -> CardKind:
        return next(c for c in self.cards if c.kind == kind)

    def deck(self, young_generals: bool = False) -> tuple[int, ...]:
        """Card kind per physical card (ids 0..59); young generals keep the 40 section cards (M44-VAR-07)."""
        return tuple(
            c.index
            for c in self.cards
            for _ in range(c.count)
            if not young_generals or c.card_class == "section"
        )


def _validate(
    path: Path, doc: dict[str, object], table: str, model: type[M], known: tuple[str, ...]
) -> list[M]:
    entries = doc.get(table)
    if not isinstance(entries, list):
        raise CorruptDataError(f"{path.name}: expected a list of [[{table}]] entries")
    out: list[M] = []
    for number, raw in enumerate(entries, start=1):
        label = f"{path.name}: [[{table}]] #{number} ({raw.get('kind', '?')})"
        entry = validate(model, {**raw, "index": len(out)} if "index" in model.model_fields else raw, label)
        if getattr(entry, "kind") not in known:  # noqa: B009  (every model has it)
            raise CorruptDataError(f"{label}, field kind: unknown kind; known: {', '.join(known)}")
        out.append(entry)
    kinds = [getattr(e, "kind") for e in out]  # noqa: B009
    if sorted(kinds) != sorted(set(kinds)):
        raise CorruptDataError(f"{path.name}: duplicate [[{table}]] kinds")
    return out


def load_content(data_dir: Path = DATA) -> Content:
    """Read and check the three data files; the deck is the 60 cards of appendix 4."""
    upath, tpath, cpath = data_dir / "units.toml", data_dir / "terrain.toml", data_dir / "cards.toml"
    units = _validate(upath, read_toml(upath), "unit", UnitKind, UNIT_KINDS)
    tdoc = read_toml(tpath)
    terrain = _validate(tpath, tdoc, "terrain", TerrainKind, TERRAIN_KINDS)
    features = _validate(tpath, tdoc, "feature", PieceKind, FEATURE_KINDS)
    obstacles = _validate(tpath, tdoc, "obstacle", PieceKind, OBSTACLE_KINDS)
    cards = _validate(cpath, read_toml(cpath), "card", CardKind, tuple(_card_kinds()))
    content = Content(
        tuple(units),
        tuple(terrain),
        {f.kind: f for f in features},
        {o.kind: o for o in obstacles},
        tuple(cards),
    )
    _check(data_dir, content)
    return content


def _card_kinds() -> list[str]:
    """Section cards come in one kind per section (`probe_left` ...); tactic cards are their effect."""
    sided = [f"{e}_{s.name.lower()}" for e in SECTION_EFFECTS for s in Section]
    return sided + [e for e in EFFECTS if e not in SECTION_EFFECTS]


def _check(data_dir: Path, content: Content) -> None:
    path = data_dir / "cards.toml"
    for name, have, want in (
        ("unit", {u.kind for u in content.units}, set(UNIT_KINDS)),
        ("terrain", {t.kind for t in content.terrain}, set(TERRAIN_KINDS)),
        ("card", {c.kind for c in content.cards}, set(_card_kinds())),
    ):
        if have != want:
            raise CorruptDataError(f"{data_dir}: missing {name} kinds {sorted(want - have)}")
    for card in content.cards:
        if card.effect not in EFFECTS or not card.kind.startswith(card.effect):
            raise CorruptDataError(
                f"{path.name}: [[card]] {card.kind}, field effect: {card.effect!r} does not fit"
            )
    if (n := len(content.deck())) != DECK_SIZE:
        raise CorruptDataError(f"{path.name}: {n} cards, the deck has {DECK_SIZE}")
    if (n := len(content.deck(young_generals=True))) != SECTION_CARDS:
        raise CorruptDataError(f"{path.name}: {n} section cards, the deck has {SECTION_CARDS}")


@cache
def default_content() -> Content:
    return load_content()
