"""Game content a client may choose over the API: shipped content by name, or uploaded content,
never a path on the server (issue 17).

On the command line `scenario=` (Memoir '44) and `cards=` (WoT Rush) name a file, and keep doing
so. Over HTTP a client's word must never open a server path: naming `/dev/zero`, a FIFO or a
secrets file froze the server, grew it to gigabytes, or probed the disk through the error
messages. So over the API:

- an option the game declares in `CONTENT_OPTIONS` (warroom.core.content) accepts only the
  names of what ships with warroom (its `shipped()`), or an upload: the file's text in the
  request's `uploads`, bounded in size (`MAX_UPLOAD`), parsed off the event loop by the game's
  reader with the same validation as the command line's file (`read`), stored with the table so
  it is rebuilt from the database alone, and written into the table's replay file;
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
import threading
from collections import OrderedDict
from collections.abc import Mapping
from typing import Any

from warroom.core.content import UPLOAD_PREFIX, ContentOption, content_options, game_from_texts, upload_digest
from warroom.core.game import Game, OptionSpec
from warroom.core.registry import game_class, shared_game
from warroom.server.protocol import ServiceError
from warroom.server.schemas import MAX_UPLOAD

CACHE_SIZE = 16  # configured games kept for reuse (the registry's own cache holds 32 more)
FROZEN_LIMIT = 8  # configurations frozen out of the cyclic collector (see configured_game)


def content_option(game_id: str, name: str) -> ContentOption | None:
    """The game's content option `name` (its class's `CONTENT_OPTIONS`, warroom.core.content)."""
    return content_options(game_class(game_id)).get(name)


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
    # uploads are read by the game's own readers, as `warroom replay` reads a replay file's copy
    game = game_from_texts(cls, options, uploads) if uploads else shared_game(cls, options)
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
