"""The small reading helpers the Metro 2033 loaders share (board_data.py, content.py): entries of
an array read through the core's entry validator (warroom.core.datafile), duplicates refused, and
errors that name the file, the entry and the field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Annotated, Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from warroom.core.datafile import validate
from warroom.core.errors import CorruptDataError
from warroom.games.metro2033.words import Resource

M = TypeVar("M", bound=BaseModel)
K = TypeVar("K")
V = TypeVar("V")

Count = Annotated[StrictInt, Field(ge=0)]
Copies = Annotated[StrictInt, Field(ge=1)]
Text = Annotated[str, Field(min_length=1)]
StationId = Annotated[str, Field(pattern=r"^[A-Z][A-Z0-9]{2,3}$")]
Pair = tuple[StationId, StationId]
Cost = dict[Resource, Annotated[StrictInt, Field(ge=1)]]


class Entry(BaseModel):
    """An entry of a data file: unknown fields refused, immutable once read."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def frozen(mapping: Mapping[K, V]) -> Mapping[K, V]:
    """A read-only copy."""
    return MappingProxyType(dict(mapping))


def fail(file: str, entry: str, field: str, why: str) -> CorruptDataError:
    """The error for a cross-check: "<file>: <entry>, field <field>: <why>"."""
    return CorruptDataError(f"{file}: {entry}, field {field}: {why}")


def read_entries(doc: Mapping[str, Any], file: str, table: str, model: type[M]) -> list[tuple[str, M]]:
    """Each entry of the array `table` of `file`'s document `doc`, as (entry label, model): the
    label is "<table> #<number> (<id>)", numbered from 1 in file order."""
    raw_entries = doc.get(table)
    if not isinstance(raw_entries, list) or not raw_entries:
        raise CorruptDataError(f"{file}: expected a non-empty list of {table} entries")
    out: list[tuple[str, M]] = []
    for number, raw in enumerate(raw_entries, start=1):
        if not isinstance(raw, dict):
            raise CorruptDataError(f"{file}: {table} #{number} is not a table")
        name = raw.get("id") or f"{raw.get('a', '?')}-{raw.get('b', '?')}"
        label = f"{table} #{number} ({name})"
        out.append((label, validate(model, raw, f"{file}: {label}")))
    return out


def read_table(doc: Mapping[str, Any], file: str, name: str, model: type[M]) -> M:
    """The single table `[name]` of `file`'s document `doc`."""
    return validate(model, doc.get(name), f"{file}: [{name}]", whole=f"[{name}]")


def unique(file: str, items: list[tuple[str, Any]], key: Callable[[Any], object], field: str) -> None:
    """Refuse two entries with the same `key`, naming the second and the first."""
    first: dict[object, str] = {}
    for label, item in items:
        value = key(item)
        if value in first:
            raise fail(file, label, field, f"duplicate {str(value)!r}, first in {first[value]}")
        first[value] = label
