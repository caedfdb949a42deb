"""Options whose value may be content text: a scenario, a card set, an army file given as the
file's words rather than named (an upload to the web table, or the copy a replay file carries).

A game declares such options in its class attribute `CONTENT_OPTIONS` (name -> `ContentOption`):
the reader turns the text into the game's content object with the same validation as the
command line's file, and the game's constructor takes that object under `keyword` (the option
itself then only marks it, as `upload:<digest>`). The web table (warroom.server.content) and
`warroom replay` (warroom.core.replay) both build games this way, so an uploaded file and its
copy in a downloaded replay are read by one reader. The text is always read as content, never
as a path.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.game import Game

UPLOAD_PREFIX = "upload:"  # an option's value for content given as text: upload:<sha256 prefix>


@dataclass(frozen=True)
class ContentOption:
    """An option that names content: what ships, how a text is read and how the game takes it."""

    shipped: Callable[[], list[str]]  # the names a web client may choose ([] = text only)
    read: Callable[[str], Any]  # a file's text -> the game's content object (may raise)
    keyword: str  # the game class's argument that takes the content object
    what: str  # in words, for refusals


class ContentError(WarroomError):
    """Content text that the game's reader refuses, or given for an option that takes none;
    `option` names the option."""

    def __init__(self, message: str, option: str) -> None:
        super().__init__(message)
        self.option = option


def content_options(cls: type[Game[Any]]) -> Mapping[str, ContentOption]:
    """The options of `cls` that take content text; none for a game that declares none."""
    declared: Mapping[str, ContentOption] = getattr(cls, "CONTENT_OPTIONS", {})
    return declared


def upload_digest(text: str) -> str:
    """The short digest that marks content given as text in the game's options."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def read_texts(cls: type[Game[Any]], texts: Mapping[str, str]) -> dict[str, Any]:
    """Each content text read by its option's reader: the constructor's keyword arguments.
    ContentError names the option (or says it takes no content) and gives the reader's reason."""
    kinds = content_options(cls)
    parsed: dict[str, Any] = {}
    for name, text in texts.items():  # each content option its own text, read on its own
        kind = kinds.get(name)
        if kind is None:
            raise ContentError(f"{cls.info.id} takes no uploaded content for {name!r}", name)
        try:
            parsed[kind.keyword] = kind.read(text)
        except (WarroomError, ValueError, UnicodeError) as exc:
            raise ContentError(f"the uploaded {kind.what} is refused: {exc}", name) from None
    return parsed


def game_from_texts(cls: type[Game[Any]], options: Mapping[str, Any], texts: Mapping[str, str]) -> Game[Any]:
    """`cls` configured by `options`, its content options given as text (`read_texts`)."""
    parsed = read_texts(cls, texts)
    values = {spec.name: spec.default for spec in cls.info.options}
    values.update(options)
    return cls(**parsed, **values)
