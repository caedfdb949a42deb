"""Siege's cards and enemy tokens, loaded from `data/*.toml` and validated (siege.md §2.3-2.4).

Content is data; the rules that interpret a kind live in `rules/`. Every kind named in a data
file must be one the rules know, and every error names the file, the entry and the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from warroom.core.datafile import read_toml, validate
from warroom.core.errors import CorruptDataError
from warroom.games.siege.board import STRIKE_RINGS
from warroom.games.siege.words import (
    BOMBER,
    BUILD_CARDS,
    EVENTS,
    SPECIAL_CARDS,
    SPECIAL_VEHICLES,
    STARTING_VEHICLES,
    CardClass,
    Colour,
    Ring,
    TokenClass,
)

M = TypeVar("M", bound=BaseModel)
DATA = Path(__file__).parent / "data"
DECK_SIZE = 49  # (src) SG 2.1
RESERVE_SIZE = 49
_COLOURS = tuple(colour.name.lower() for colour in Colour)
_STRIKE_RINGS = tuple(ring.name.lower() for ring in STRIKE_RINGS)  # SG-ATK-01


class _CardEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    kind: str
    name: str
    text: str = Field(min_length=1)  # what the card hits and does, for a person reading it
    card_class: CardClass = Field(alias="class")
    colour: str | None = None  # a Colour's name, lower case
    ring: str | None = None  # a strike ring's name, lower case

    @field_validator("colour")
    @classmethod
    def _colour(cls, value: str | None) -> str | None:
        if value is not None and value not in _COLOURS:
            raise ValueError(f"colour must be one of {', '.join(_COLOURS)}")
        return value

    @field_validator("ring")
    @classmethod
    def _ring(cls, value: str | None) -> str | None:
        if value is not None and value not in _STRIKE_RINGS:
            raise ValueError(f"ring must be one of {', '.join(_STRIKE_RINGS)}")
        return value

    count: int = Field(ge=1)

    @model_validator(mode="after")
    def _shape(self) -> _CardEntry:
        needs = {
            CardClass.STRIKE: (True, True),
            CardClass.MULTICOLOUR: (False, True),
            CardClass.COUNTERATTACK: (True, False),
            CardClass.SPECIAL: (False, False),
            CardClass.BUILD: (False, False),
        }[self.card_class]
        for fieldname, wanted in zip(("colour", "ring"), needs, strict=True):
            if wanted != (getattr(self, fieldname) is not None):
                verb = "needs" if wanted else "must not have"
                raise ValueError(f"a {self.card_class} card {verb} a {fieldname}")
        known = {CardClass.SPECIAL: SPECIAL_CARDS, CardClass.BUILD: BUILD_CARDS}.get(self.card_class)
        if known is not None and self.kind not in known:
            raise ValueError(f"unknown {self.card_class} card kind {self.kind!r}; known: {sorted(known)}")
        return self


class _TokenEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    kind: str
    name: str
    token_class: TokenClass = Field(alias="class")
    armour: int = Field(default=0, ge=0)
    trophy: int = Field(default=0, ge=0)
    count: int = Field(ge=1)
    simple_battles_removed: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _shape(self) -> _TokenEntry:
        vehicle = self.token_class in (TokenClass.VEHICLE, TokenClass.SPECIAL)
        if vehicle != (self.armour > 0):
            raise ValueError("vehicles need armour >= 1; bombers and events have none")
        if self.simple_battles_removed > self.count:
            raise ValueError("simple_battles_removed exceeds count")
        known = {TokenClass.SPECIAL: frozenset(SPECIAL_VEHICLES), TokenClass.EVENT: EVENTS,
                 TokenClass.BOMBER: frozenset({BOMBER})}.get(self.token_class)  # fmt: skip
        if known is not None and self.kind not in known:
            raise ValueError(f"unknown {self.token_class} kind {self.kind!r}; known: {sorted(known)}")
        return self


@dataclass(frozen=True, slots=True)
class CardKind:
    index: int
    kind: str
    name: str
    card_class: CardClass
    colour: Colour | None
    ring: Ring | None
    count: int
    text: str = ""  # the card's words for a person (catalog only; no rule reads it)

    @property
    def is_strike(self) -> bool:
        """Strike, multicolour or Counterattack: deals 1 damage (SG-ATK-01/02, SG-CARD-03)."""
        return self.card_class in (CardClass.STRIKE, CardClass.MULTICOLOUR, CardClass.COUNTERATTACK)


@dataclass(frozen=True, slots=True)
class TokenKind:
    index: int
    kind: str
    name: str
    token_class: TokenClass
    armour: int
    trophy: int
    count: int
    simple_battles_removed: int

    @property
    def is_vehicle(self) -> bool:
        return self.token_class in (TokenClass.VEHICLE, TokenClass.SPECIAL)


@dataclass(frozen=True)
class Content:
    cards: tuple[CardKind, ...]
    tokens: tuple[TokenKind, ...]
    token_kind_of: tuple[int, ...]  # token id -> token kind index; ids grouped by kind in file order

    def card(self, kind: str) -> CardKind:
        return next(c for c in self.cards if c.kind == kind)

    def token(self, kind: str) -> TokenKind:
        return next(t for t in self.tokens if t.kind == kind)

    def token_ids(self, kind: str) -> list[int]:
        index = self.token(kind).index
        return [tid for tid, k in enumerate(self.token_kind_of) if k == index]


def _read(path: Path, table: str) -> list[dict[str, object]]:
    entries = read_toml(path).get(table)
    if not isinstance(entries, list):
        raise CorruptDataError(f"{path}: expected a list of [[{table}]] entries")
    return entries


def _validate(path: Path, table: str, model: type[M]) -> list[M]:
    out: list[M] = []
    for number, raw in enumerate(_read(path, table), start=1):
        out.append(validate(model, raw, f"{path.name}: [[{table}]] #{number} ({raw.get('kind', '?')})"))
    kinds = [getattr(e, "kind") for e in out]  # noqa: B009  (both models have it)
    dupes = sorted({k for k in kinds if kinds.count(k) > 1})
    if dupes:
        raise CorruptDataError(f"{path.name}: duplicate kinds {dupes}")
    return out


def load_content(data_dir: Path = DATA) -> Content:
    """Read and check both data files; the totals are the rulebook's (SG 2.1: 49 and 49)."""
    card_entries = _validate(data_dir / "cards.toml", "card", _CardEntry)
    token_entries = _validate(data_dir / "tokens.toml", "token", _TokenEntry)
    cards = tuple(
        CardKind(i, e.kind, e.name, e.card_class, Colour[e.colour.upper()] if e.colour else None,
                 Ring[e.ring.upper()] if e.ring else None, e.count, e.text)
        for i, e in enumerate(card_entries)
    )  # fmt: skip
    tokens = tuple(
        TokenKind(i, e.kind, e.name, e.token_class, e.armour, e.trophy, e.count, e.simple_battles_removed)
        for i, e in enumerate(token_entries)
    )
    _check_totals(data_dir, cards, tokens)
    kind_of = tuple(t.index for t in tokens for _ in range(t.count))
    return Content(cards, tokens, kind_of)


def _check_totals(data_dir: Path, cards: tuple[CardKind, ...], tokens: tuple[TokenKind, ...]) -> None:
    if (n := sum(c.count for c in cards)) != DECK_SIZE:
        raise CorruptDataError(f"{data_dir / 'cards.toml'}: {n} cards, the deck has {DECK_SIZE}")
    if (n := sum(t.count for t in tokens)) != RESERVE_SIZE:
        raise CorruptDataError(f"{data_dir / 'tokens.toml'}: {n} tokens, the game has {RESERVE_SIZE}")
    have = {t.kind: t.count for t in tokens}
    for kind, need in STARTING_VEHICLES.items():
        if have.get(kind, 0) < need:
            raise CorruptDataError(f"{data_dir / 'tokens.toml'}: setup needs {need} {kind} (SG-SETUP-04)")
    missing = (SPECIAL_CARDS | BUILD_CARDS) - {c.kind for c in cards}
    if missing:
        raise CorruptDataError(f"{data_dir / 'cards.toml'}: missing card kinds {sorted(missing)}")
    missing = frozenset({*SPECIAL_VEHICLES, *EVENTS, BOMBER}) - set(have)
    if missing:
        raise CorruptDataError(f"{data_dir / 'tokens.toml'}: missing token kinds {sorted(missing)}")


@cache
def default_content() -> Content:
    return load_content()
