"""Game content a client may choose over the API: shipped content by name, or uploaded content,
never a path on the server (issue 17).

On the command line `scenario=` (Memoir '44) and `cards=` (WoT Rush) name a file, and keep doing
so. Over HTTP a client's word must never open a server path: naming `/dev/zero`, a FIFO or a
secrets file froze the server, grew it to gigabytes, or probed the disk through the error
messages. So over the API:

- an option listed in `CONTENT` accepts only the names of what ships with warroom (its
  `shipped()`), or an upload: the file's text in the request's `uploads`, bounded in size
  (`MAX_UPLOAD`), parsed off the event loop by the same reader and validation as the command
  line's file (`parse`), and stored with the table so it is rebuilt from the database alone;
- any other free-text option (a string without fixed choices, in any game, including games
  registered later) accepts only its default, since the server cannot know whether a game reads
  it as a path.

A table may upload content for each of its game's content options (Dust Warfare: an army file
and a scenario file together): each upload is parsed on its own, and the game is built once with
all of them (`configured_game`).

A configured game is built once per (game, options, uploads) and shared; the cache is bounded
(`CACHE_SIZE`), so distinct option sets cost memory only while tables use them.
"""

from __future__ import annotations

import gc
import hashlib
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from warroom.core.errors import WarroomError
from warroom.core.game import Game, OptionSpec
from warroom.core.registry import game_class, shared_game
from warroom.server.protocol import ServiceError

MAX_UPLOAD = 64 * 1024  # characters of one uploaded file
UPLOAD_PREFIX = "upload:"  # an option's stored value for uploaded content: upload:<sha256 prefix>
CACHE_SIZE = 16  # configured games kept for reuse (the registry's own cache holds 32 more)
FROZEN_LIMIT = 8  # configurations frozen out of the cyclic collector (see configured_game)


@dataclass(frozen=True)
class ContentOption:
    """An option that names content: what ships, how an upload is read and how the game takes it."""

    shipped: Callable[[], list[str]]  # the names a client may choose ([] = upload only)
    parse: Callable[[str], Any]  # an upload's text -> the game's content object (may raise)
    keyword: str  # the game class's argument that takes the parsed content
    what: str  # in words, for refusals


def _m44_shipped() -> list[str]:
    from warroom.games.memoir44.scenario import shipped

    return shipped()


def _m44_parse(text: str) -> Any:
    from warroom.games.memoir44.scenario import import_m44_text, parse_text

    if text.lstrip().startswith("{"):  # a .m44 file of the scenario editor (JSON), as `scenario import`
        return parse_text(import_m44_text(text, "upload.m44"), "upload.m44")
    return parse_text(text, "upload.toml")  # the command line's reader for a .toml scenario


def _wot_shipped() -> list[str]:
    return [""]  # the empty name is the shipped card set (WOT-VAR-03)


def _wot_parse(text: str) -> Any:
    from warroom.games.wot_rush.content import load_content

    # the command line's reader takes a path: the upload is written to a private file of ours
    # (never one the client names) so it goes through exactly the same validation
    with tempfile.TemporaryDirectory(prefix="warroom-upload-") as folder:
        path = Path(folder) / "upload.toml"
        path.write_text(text, encoding="utf-8")
        return load_content(path)


def _dust_armies_shipped() -> list[str]:
    from warroom.games.dust_warfare.content import shipped_armies

    return ["", *shipped_armies()]  # "" = the starter lists, as in the box


def _dust_armies_parse(text: str) -> Any:
    from warroom.games.dust_warfare.content import armies_from_text

    return armies_from_text(text, "upload.toml")  # the command line's checks, on the text


def _dust_scenario_parse(text: str) -> Any:
    from warroom.games.dust_warfare.scenario import scenario_from_text

    return scenario_from_text(text, "upload.toml")  # DW-CAMP-05, the command line's checks


def _upload_only() -> list[str]:
    return [""]  # the empty value is "none": the option's content comes only as an upload


CONTENT: dict[tuple[str, str], ContentOption] = {
    ("memoir44", "scenario"): ContentOption(_m44_shipped, _m44_parse, "layout", "scenario"),
    ("wot_rush", "cards"): ContentOption(_wot_shipped, _wot_parse, "content", "card set"),
    ("dust_warfare", "armies"): ContentOption(
        _dust_armies_shipped, _dust_armies_parse, "army_lists", "army list"
    ),
    ("dust_warfare", "scenario_file"): ContentOption(
        _upload_only, _dust_scenario_parse, "layout", "scenario"
    ),
}


def content_option(game_id: str, name: str) -> ContentOption | None:
    return CONTENT.get((game_id, name))


def choices_for(game_id: str, spec: OptionSpec) -> list[Any] | None:
    """The values a client may pick for an option, as the lobby lists them."""
    if spec.choices is not None:
        return list(spec.choices)
    kind = content_option(game_id, spec.name)
    if kind is not None:
        return list(kind.shipped())
    if isinstance(spec.default, str):
        return [spec.default]  # a free-text option: only its default over the API
    return None


def upload_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def check_client_options(game_id: str, options: dict[str, Any], uploads: Mapping[str, str]) -> None:
    """Refuse any option value that could name a server path (see the module docstring); `options`
    are already read into their types. Uploaded content gets its marker value in `options`."""
    info = game_class(game_id).info
    for name, text in uploads.items():
        kind = content_option(game_id, name)
        if kind is None:
            raise ServiceError("bad_options", f"{game_id} takes no uploaded content for {name!r}")
        if len(text) > MAX_UPLOAD:
            raise ServiceError(
                "too_large", f"an uploaded {kind.what} is at most {MAX_UPLOAD} characters", 413
            )
        if name in options:
            raise ServiceError("bad_options", f"give {name!r} either by name or as an upload, not both")
        options[name] = UPLOAD_PREFIX + upload_digest(text)
    for name, value in options.items():
        spec = info.option(name)
        if spec.choices is not None or not isinstance(spec.default, str) or name in uploads:
            continue
        kind = content_option(game_id, name)
        allowed = kind.shipped() if kind is not None else [spec.default]
        if value not in allowed:
            # the value is not repeated back: only what the server offers is named
            if kind is None:
                raise ServiceError("bad_options", f"option {name} cannot be set over the API")
            shown = ", ".join(repr(n) for n in allowed)
            raise ServiceError(
                "bad_options",
                f"option {name} names a shipped {kind.what} ({shown}) or is uploaded in 'uploads'; "
                "server paths are not accepted",
            )


class UploadError(WarroomError):
    """Uploaded content that the game's reader refuses."""


_cache: OrderedDict[tuple[str, tuple[tuple[str, Any], ...], str], Game[Any]] = OrderedDict()
_cache_lock = threading.Lock()  # games are configured in worker threads
_frozen: set[int] = set()


def configured_game(
    game_id: str, options: Mapping[str, Any], uploads: Mapping[str, str] | None = None
) -> Game[Any]:
    """The game for these options (and uploaded content), built once and shared while it stays in
    the bounded cache. Blocking (an upload is parsed): call it off the event loop for uploads."""
    uploads = dict(uploads or {})
    digest = upload_digest(repr(sorted(uploads.items()))) if uploads else ""
    key = (game_id, tuple(sorted((k, repr(v)) for k, v in options.items())), digest)
    with _cache_lock:
        game = _cache.get(key)
        if game is not None:
            _cache.move_to_end(key)
            return game
    cls = game_class(game_id)
    if not uploads:
        game = shared_game(cls, options)
    else:
        values = {spec.name: spec.default for spec in cls.info.options}
        values.update(options)
        parsed = {}
        for name, text in uploads.items():  # each content option its own upload, read on its own
            kind = content_option(game_id, name)
            if kind is None:
                raise UploadError(f"{game_id} takes no uploaded content for {name!r}")
            try:
                parsed[kind.keyword] = kind.parse(text)
            except (WarroomError, ValueError, UnicodeError) as exc:
                raise UploadError(f"the uploaded {kind.what} is refused: {exc}") from None
        game = cls(**parsed, **values)
    with _cache_lock:
        _cache[key] = game
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        if id(game) not in _frozen and len(_frozen) < FROZEN_LIMIT:
            # Its rule tables are hundreds of thousands of references: frozen, the cyclic
            # collector never walks them again, where each full collection would otherwise pause
            # the event loop for a hundred milliseconds or more. Only the first few
            # configurations: a frozen one is never collected, and distinct option sets are
            # unbounded (a client may send any number).
            gc.freeze()
            _frozen.add(id(game))
    return game
