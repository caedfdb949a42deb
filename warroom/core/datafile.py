"""Reading a game's data files (cards, units, terrain, card sets): a TOML document read with one
clear error, and entries checked by pydantic models with errors that name the file, the entry and
the field (DESIGN: "content is data ... validated on load")."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from warroom.core.errors import CorruptDataError

M = TypeVar("M", bound=BaseModel)


def read_toml(path: Path) -> dict[str, Any]:
    """The document, or CorruptDataError naming the file: missing, unreadable, not UTF-8, not TOML."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptDataError(f"{path}: {exc}") from None
    return read_toml_text(text, str(path))


def read_toml_text(text: str, name: str) -> dict[str, Any]:
    """A document's text read as `read_toml` reads its file (e.g. an upload that never lay on
    disk): CorruptDataError naming `name` if it is not TOML."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CorruptDataError(f"{name}: {exc}") from None


def validate(model: type[M], raw: object, label: str, whole: str = "entry") -> M:
    """`raw` as a `model`, or CorruptDataError "<label>, field <where>: <why>" for its first
    problem (`whole` names the place when the problem is the entry itself, not one field)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(part) for part in err["loc"]) or whole
        raise CorruptDataError(f"{label}, field {where}: {err['msg']}") from None
