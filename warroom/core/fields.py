"""A state's fields, declared once: cloning, saving and loading are generated from the list.

A game lists each field of its state with how it is held (`F.VALUE`, `F.LIST`, `F.LISTS` ...);
`Fields` then generates, with `exec` once per class, a `clone` that copies exactly as deep as
each field needs (the search's hot path: as fast as a hand-written copy, since it *is* one),
and the `save`/`load` pair that writes plain JSON and reads it back, every field required. So no
game copies its fields by hand, and a field added to the list is cloned, saved and loaded.

    FIELDS = Fields(
        F("rng", F.RNG), F("deck", F.LIST), F("hands", F.LISTS), F("turn", F.VALUE),
        F("decision", F.DECISION), F("agenda", F.AGENDA),
        F("occupied", F.LIST, saved=False),   # a cache: cloned, not saved (rebuilt on load)
    )
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from warroom.core.engine import Decision
from warroom.core.rng import Rng

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class F:
    """One declared field: its name, how it is held, and whether it is part of a save.

    `save`/`load` override the kind's JSON conversion for this field (e.g. an enum)."""

    name: str
    kind: str
    saved: bool = True
    save: Callable[[Any], Any] | None = None
    load: Callable[[Any], Any] | None = None

    VALUE = "value"  # immutable, or replaced and never mutated in place: shared by clones
    LIST = "list"  # a list of immutable items: copied one level
    LISTS = "lists"  # a list of lists of immutable items: copied two levels
    DICT = "dict"  # a dict of immutable keys and values, saved as a JSON object (str keys)
    PAIRS = "pairs"  # a dict saved as [[key, value], ...] in insertion order (int keys survive)
    SET = "set"  # a set of sortable items, saved sorted
    RNG = "rng"  # the state's Rng (a ScriptedRng keeps its script): saved as its state number
    DECISION = "decision"  # the engine's pending Decision or None
    AGENDA = "agenda"  # the engine's agenda: a list of jobs, each replaced, never mutated
    KINDS = (VALUE, LIST, LISTS, DICT, PAIRS, SET, RNG, DECISION, AGENDA)


_COPY = {
    F.VALUE: "s.{n}",
    F.LIST: "s.{n}[:]",
    F.LISTS: "[x[:] for x in s.{n}]",
    F.DICT: "s.{n}.copy()",
    F.PAIRS: "s.{n}.copy()",
    F.SET: "set(s.{n})",
    F.RNG: "s.{n}.copy()",
    F.DECISION: "s.{n}",
    F.AGENDA: "s.{n}[:]",
}


def _save_rng(rng: Rng) -> int:
    return rng.state


def _save_pairs(mapping: dict[Any, Any]) -> list[list[Any]]:
    return [[key, value] for key, value in mapping.items()]


def _load_pairs(pairs: Sequence[Sequence[Any]]) -> dict[Any, Any]:
    return {key: value for key, value in pairs}


_SAVE: dict[str, Callable[[Any], Any] | None] = {
    F.VALUE: None,
    F.LIST: None,
    F.LISTS: None,
    F.DICT: None,
    F.PAIRS: _save_pairs,
    F.SET: sorted,
    F.RNG: _save_rng,
    F.DECISION: None,
    F.AGENDA: None,
}
_LOAD: dict[str, Callable[[Any], Any]] = {
    F.VALUE: lambda v: v,
    F.LIST: list,
    F.LISTS: lambda v: [list(x) for x in v],
    F.DICT: dict,
    F.PAIRS: _load_pairs,
    F.SET: set,
    F.RNG: lambda v: Rng(int(v)),
    F.DECISION: Decision.load,
    F.AGENDA: lambda v: [list(job) for job in v],
}


class Fields:
    """The declared fields of one state class, with the generated clone, save and load."""

    def __init__(
        self, *fields: F, shared: Sequence[str] = (), fresh: Sequence[str] = (), engine: bool = True
    ) -> None:
        """`shared`: attributes clones share by reference (the game's tables); `fresh`:
        attributes a clone starts empty. `engine`: the state is a `TurnState`, whose events and
        forced steps a clone starts empty and whose secret commitments it shares (they are
        replaced, never mutated)."""
        names = [f.name for f in fields]
        if len(set(names)) != len(names):
            raise ValueError(f"a field is declared twice: {names}")
        for f in fields:
            if f.kind not in F.KINDS:
                raise ValueError(f"field {f.name}: unknown kind {f.kind!r}")
        self.fields = fields
        self.saved = tuple(f for f in fields if f.saved)
        self.names = tuple(names)
        self.shared = tuple(shared)
        self.fresh = tuple(fresh) + (("events", "forced") if engine else ())
        self.shared = self.shared + (("commits",) if engine else ())
        self.copy_into = self._generate_copy()

    def _generate_copy(self) -> Callable[[Any, Any], None]:
        lines = ["def copy_into(s, new):"]
        lines += [f"    new.{name} = s.{name}" for name in ("game", "_legal", *self.shared)]
        lines += [f"    new.{name} = []" for name in self.fresh]
        lines += [f"    new.{f.name} = {_COPY[f.kind].format(n=f.name)}" for f in self.fields]
        namespace: dict[str, Any] = {}
        exec("\n".join(lines), namespace)  # generated from the declared names only
        fn: Callable[[Any, Any], None] = namespace["copy_into"]
        return fn

    def clone(self, state: Any) -> Any:
        """A copy as deep as each field needs, sharing the game and the immutable parts."""
        cls: Any = type(state)
        new = cls.__new__(cls)
        self.copy_into(state, new)
        return new

    def save(self, state: Any) -> JSON:
        doc: JSON = {}
        for f in self.saved:
            value = getattr(state, f.name)
            convert = f.save if f.save is not None else _SAVE[f.kind]
            doc[f.name] = value if convert is None or value is None else convert(value)
        return doc

    def load(self, state: Any, doc: JSON) -> None:
        """Every saved field from `doc` (a missing one raises KeyError naming them all; the
        contract's `deserialize` reports it as a corrupt save)."""
        missing = [f.name for f in self.saved if f.name not in doc]
        if missing:
            raise KeyError(f"missing fields {missing}")
        for f in self.saved:
            value = doc[f.name]
            convert = f.load if f.load is not None else _LOAD[f.kind]
            setattr(state, f.name, None if value is None else convert(value))
