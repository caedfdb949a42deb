"""Replay files: a readable header, then one action per line.

```
# warroom replay
game: siege
version: 0.1.0
options: {"mode": "normal", "players": 4}
seed: 7
---
swap red_tank
...
```
Lines after `---` are action texts; blank lines and lines starting with `#` are ignored. A line
`{"undo": n}` takes back the n moves before it (warroom.core.undo): the log stays append-only.

A game set up with content given as text (a web table's uploaded scenario, card set or army
file: warroom.core.content) has the option marked `upload:<digest>` and one more header line that
carries the texts, JSON on one line (newlines escaped), before the `---`:

```
options: {"scenario": "upload:3f2a...", ...}
uploads: {"scenario": "[scenario]\\nname = ..."}
```
Replaying reads each text with the game's own reader and validation, as content, never as a
path. A file without the line plays as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom import __version__
from warroom.core.content import UPLOAD_PREFIX, ContentError, content_options, game_from_texts, upload_digest
from warroom.core.errors import CorruptDataError, WarroomError
from warroom.core.game import Game, State
from warroom.core.registry import game_class
from warroom.core.undo import line_of_play, undo_count

MAGIC = "# warroom replay"


@dataclass
class Replay:
    game_id: str
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    version: str = __version__
    uploads: dict[str, str] = field(default_factory=dict)  # option -> content text (see above)
    first_action_line: int = 0  # 1-based line of the first action, for error messages
    uploads_line: int = 0  # 1-based line of the `uploads:` header, for error messages

    def dumps(self) -> str:
        head = [
            MAGIC,
            f"game: {self.game_id}",
            f"version: {self.version}",
            f"options: {json.dumps(self.options, sort_keys=True)}",
            f"seed: {self.seed}",
        ]
        if self.uploads:  # json.dumps escapes newlines: the texts stay on this one line
            head.append(f"uploads: {json.dumps(self.uploads, sort_keys=True)}")
        return "\n".join([*head, "---", *self.actions]) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def record(
        cls, game: Game[Any], seed: int, actions: Iterable[object], uploads: dict[str, str] | None = None
    ) -> Replay:
        """The replay of `game`; `uploads` are the texts its content options were built from."""
        return cls(
            game.info.id, dict(game.options), seed, [str(a) for a in actions], uploads=dict(uploads or {})
        )

    @classmethod
    def loads(cls, text: str, source: str = "replay") -> Replay:
        lines = text.splitlines()
        if not lines or lines[0].strip() != MAGIC:
            raise CorruptDataError(f"{source}:1: not a warroom replay (first line must be {MAGIC!r})")
        header: dict[str, str] = {}
        numbers: dict[str, int] = {}
        body_start = None
        for number, line in enumerate(lines[1:], start=2):
            if line.strip() == "---":
                body_start = number
                break
            key, sep, value = line.partition(":")
            if not sep:
                raise CorruptDataError(f"{source}:{number}: header line must be 'key: value', got {line!r}")
            header[key.strip()] = value.strip()
            numbers[key.strip()] = number
        if body_start is None:
            raise CorruptDataError(f"{source}: missing the '---' line that ends the header")
        for key in ("game", "options", "seed"):
            if key not in header:
                raise CorruptDataError(f"{source}: header has no {key!r} line")
        try:
            options = json.loads(header["options"])
            seed = int(header["seed"])
        except ValueError as exc:
            raise CorruptDataError(f"{source}: bad header value: {exc}") from None
        if not isinstance(options, dict):
            raise CorruptDataError(f"{source}: options must be a JSON object")
        replay = cls(header["game"], options, seed, version=header.get("version", "?"))
        if "uploads" in header:
            replay.uploads_line = numbers["uploads"]
            replay.uploads = _uploads(header["uploads"], f"{source}:{replay.uploads_line}")
        replay.first_action_line = body_start + 1
        replay.actions = [ln.strip() for ln in lines[body_start:]]
        return replay

    @classmethod
    def load(cls, path: str | Path) -> Replay:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise CorruptDataError(f"{path}: cannot read: {exc}") from None
        return cls.loads(text, str(path))

    def game(self, source: str = "replay") -> Game[Any]:
        """The configured game, its content options built from the carried texts by the game's
        own readers (warroom.core.content); each refusal names the file, line and option."""
        where = f"{source}:{self.uploads_line}: uploads"
        try:
            cls = game_class(self.game_id)
        except WarroomError as exc:
            raise CorruptDataError(f"{source}: {exc}") from None
        kinds = content_options(cls)
        for name, text in self.uploads.items():
            if name not in kinds:
                raise CorruptDataError(f"{where}: {self.game_id} takes no uploaded content for {name!r}")
            if self.options.get(name) != UPLOAD_PREFIX + upload_digest(text):
                raise CorruptDataError(
                    f"{where}: the text for option {name!r} is not the one the options mark "
                    f"({name} = {self.options.get(name)!r})"
                )
        for name, value in self.options.items():
            if name in kinds and str(value).startswith(UPLOAD_PREFIX) and name not in self.uploads:
                raise CorruptDataError(
                    f"{source}: option {name!r} is uploaded content ({value}) that the file does not "
                    "carry: it has no uploads line (downloaded before replay files carried them)"
                )
        try:
            return game_from_texts(cls, self.options, self.uploads)
        except ContentError as exc:
            raise CorruptDataError(f"{where}: option {exc.option!r}: {exc}") from None
        except WarroomError as exc:
            raise CorruptDataError(f"{source}: {exc}") from None

    def play(self, source: str = "replay") -> State:
        """Replay every action from the seeded start; any bad line is reported with its number."""
        game = self.game(source)
        state: State = game.new_initial_state(self.seed)
        texts: list[str] = []
        for offset, text in enumerate(self.actions):
            if not text or text.startswith("#"):
                continue
            line = self.first_action_line + offset
            texts.append(text)
            try:
                if undo_count(text) is None:
                    state.apply_action(text)
                    continue
                # a take-back (`{"undo": n}`, warroom.core.undo): the line of play without it
                state = game.new_initial_state(self.seed)
                for standing in line_of_play(texts):
                    state.apply_action(texts[standing])
            except (WarroomError, ValueError) as exc:
                raise CorruptDataError(f"{source}:{line}: {exc}") from None
        return state


def _uploads(value: str, where: str) -> dict[str, str]:
    """The `uploads:` header: a JSON object of option name -> the content's text."""
    try:
        uploads = json.loads(value)
    except ValueError as exc:
        raise CorruptDataError(f"{where}: uploads is not readable JSON: {exc}") from None
    if not isinstance(uploads, dict) or not all(isinstance(text, str) for text in uploads.values()):
        raise CorruptDataError(f"{where}: uploads must be a JSON object of option name -> file text")
    return uploads
