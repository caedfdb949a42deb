"""Actions as structured values: a verb and typed parts, with a stable text form.

Every game's decisions are `Action`s. A game with a finite option set interns one object per
distinct action in an `ActionTable` (so equality is identity, nothing is allocated per decision
and `index` is the fixed RL action id); a game with parametric actions (exact coordinates on a
measured table) builds them on demand and gives them value equality (`ParametricAction`).

Either way an action carries its *parts*: what it names, typed (a card, a unit, a hex, a sector,
a point, an amount ...), so a display or an API client reads `action.to_json()` instead of
parsing the text. The text is the stable short form a person types and a replay stores; it parses
back to the same action (`Game.parse_action`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum, StrEnum
from typing import Any, NamedTuple

JSON = dict[str, Any]


class PartKind(StrEnum):
    """What kind of thing a part of an action names (its value's meaning)."""

    CARD = "card"  # a card kind's id (str) or a card instance (int), as the game's catalog names it
    UNIT = "unit"  # a piece on the board (its id)
    TOKEN = "token"  # a token (its id)
    HEX = "hex"  # a hex's name, e.g. "R3C7"
    SECTOR = "sector"  # a numbered sector or section of a board
    SPACE = "space"  # a named space or slot of a board
    SEAT = "seat"  # a player's seat number
    POINT = "point"  # exact coordinates (x, y) on a measured table, in the game's unit
    AMOUNT = "amount"  # a number of something
    CHOICE = "choice"  # one word out of a fixed list (a side, a mode, a colour)


class Part(NamedTuple):
    """One named part of an action: its role in the action, its kind and its value."""

    role: str
    kind: PartKind
    value: Any

    def to_json(self) -> JSON:
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"role": self.role, "kind": self.kind.value, "value": value}


def _verb_name(verb: Any) -> str:
    return verb.name.lower() if isinstance(verb, Enum) else str(verb)


class Action:
    """A decision: `verb` and `parts` for programs, `text` for people and files.

    Interned actions keep identity equality (the hot path compares them with `is`);
    `index` is the action's id in its game's fixed action space, -1 when it has none."""

    __slots__ = ("index", "parts", "text", "verb")

    def __init__(self, index: int, text: str, verb: Any = None, parts: tuple[Part, ...] = ()) -> None:
        self.index = index
        self.text = text
        self.verb: Any = text.split(" ", 1)[0] if verb is None else verb
        self.parts = parts

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def part(self, role: str) -> Any:
        """The value of the part playing `role` (KeyError if the action has none)."""
        for part in self.parts:
            if part.role == role:
                return part.value
        raise KeyError(f"{self.text!r} has no part {role!r}")

    def to_json(self) -> JSON:
        """The structured form a display or API client reads (no text parsing needed)."""
        return {
            "text": self.text,
            "verb": _verb_name(self.verb),
            "parts": [part.to_json() for part in self.parts],
        }


class ParametricAction(Action):
    """An action built on demand from values (e.g. exact coordinates), equal by its text.

    Such actions are not listed in full: the game accepts one that passes its legality
    predicate (`State.is_legal`) and offers a finite sample of them in `legal_actions`."""

    __slots__ = ()

    def __init__(self, text: str, verb: Any, parts: tuple[Part, ...] = ()) -> None:
        super().__init__(-1, text, verb, parts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


class ActionTable:
    """The interned actions of one configured game: each distinct action once, in a fixed order
    (`all[a.index] is a`), found by its text. Games subclass it to add their lookup arrays."""

    def __init__(self) -> None:
        self.all: list[Any] = []
        self.by_text: dict[str, Any] = {}
        self._folded: dict[str, Any] = {}  # lower-cased texts, built on the first case-blind lookup

    def intern(self, action: Action) -> Any:
        """Add `action` (its index must be the table's length) and return it."""
        if action.index != len(self.all):
            raise ValueError(f"action {action.text!r} has index {action.index}, expected {len(self.all)}")
        if action.text in self.by_text:
            raise ValueError(f"two actions with the text {action.text!r}")
        self.all.append(action)
        self.by_text[action.text] = action
        return action

    def __iter__(self) -> Iterator[Any]:
        return iter(self.all)

    def __len__(self) -> int:
        return len(self.all)

    def find(self, text: str) -> Any | None:
        """The action whose text is `text` (blanks collapsed, case ignored), or None."""
        wanted = " ".join(text.split())
        found = self.by_text.get(wanted)
        if found is None:
            if len(self._folded) != len(self.by_text):
                self._folded = {key.lower(): action for key, action in self.by_text.items()}
            found = self._folded.get(wanted.lower())
        return found


def parts(*items: tuple[str, PartKind, Any]) -> tuple[Part, ...]:
    """Shorthand: `parts(("card", CARD, "red_tank"), ("target", TOKEN, 17))`."""
    return tuple(Part(role, kind, value) for role, kind, value in items)


def options_json(actions: Iterable[Action]) -> list[JSON]:
    return [action.to_json() for action in actions]
