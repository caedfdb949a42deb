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
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from warroom import __version__
from warroom.core.errors import CorruptDataError, WarroomError
from warroom.core.game import Game, State
from warroom.core.registry import load
from warroom.core.undo import line_of_play, undo_count

MAGIC = "# warroom replay"


@dataclass
class Replay:
    game_id: str
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    version: str = __version__
    first_action_line: int = 0  # 1-based line of the first action, for error messages

    def dumps(self) -> str:
        head = [
            MAGIC,
            f"game: {self.game_id}",
            f"version: {self.version}",
            f"options: {json.dumps(self.options, sort_keys=True)}",
            f"seed: {self.seed}",
            "---",
        ]
        return "\n".join(head + self.actions) + "\n"

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def record(cls, game: Game[Any], seed: int, actions: Iterable[object]) -> Replay:
        return cls(game.info.id, dict(game.options), seed, [str(a) for a in actions])

    @classmethod
    def loads(cls, text: str, source: str = "replay") -> Replay:
        lines = text.splitlines()
        if not lines or lines[0].strip() != MAGIC:
            raise CorruptDataError(f"{source}:1: not a warroom replay (first line must be {MAGIC!r})")
        header: dict[str, str] = {}
        body_start = None
        for number, line in enumerate(lines[1:], start=2):
            if line.strip() == "---":
                body_start = number
                break
            key, sep, value = line.partition(":")
            if not sep:
                raise CorruptDataError(f"{source}:{number}: header line must be 'key: value', got {line!r}")
            header[key.strip()] = value.strip()
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

    def play(self, source: str = "replay") -> State:
        """Replay every action from the seeded start; any bad line is reported with its number."""
        try:
            game = load(self.game_id, **self.options)
        except WarroomError as exc:
            raise CorruptDataError(f"{source}: {exc}") from None
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
