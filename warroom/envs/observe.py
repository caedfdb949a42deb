"""The observation cache every game's `encoding.py` writes through (issue 18).

An encoder that rewrites only what changed keeps, per thread, a record of the observation it last
wrote (`Seen.arr`) and copies of the parts of the state it was written from; a block is
rewritten only when its part of the state differs from that copy. This module holds what every
such encoder shares: the record's array and its memoryview (`Seen`), and the per-thread store of
records (`ObservationCache`), keyed by an owner (the configured game, or its encoder) and a
viewer, and the writers of blocks of counts every game has (a hand, a pile, a market: how many
items of each kind, `count_into` and `pile_into`) and of one-hots (`move_ones`). Each game
subclasses `Seen` with the copies its blocks compare against; nothing else about the blocks is
shared, because each game's state is laid out its own way.

Where a game's encoder has a C writer (`<game>/encoding_c.pyx`, warroom/_compiled.py's `NATIVE`:
Siege's, World of Tanks: Rush's, Memoir '44's and Metro 2033's), `native` gives it, and the
encoder calls it instead of its Python writer; set `WARROOM_PYTHON_ENCODERS=1` to have every
encoder made afterwards write in Python (the same numbers, slower).

This module imports nothing but NumPy, so a game's encoding can use it without pulling the
environments (Gymnasium, PettingZoo) in.
"""

from __future__ import annotations

import importlib
import os
import threading
from array import array
from collections.abc import Callable, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

import numpy as np

Viewer = Any  # a seat number, None for a spectator, or a game's own key for a shared record
R = TypeVar("R", bound="Seen")


PYTHON_ENCODERS = "WARROOM_PYTHON_ENCODERS"  # "1": encoders made from now on write in Python


def native(module: str) -> Any:
    """The C writer module `module` (one of warroom/_compiled.py's `NATIVE`), or None where it
    was not built (the package was installed where no C compiler was) or `WARROOM_PYTHON_ENCODERS=1`
    asks for the Python writers."""
    if os.environ.get(PYTHON_ENCODERS, "") == "1":
        return None
    try:
        return importlib.import_module(module)
    except ImportError:
        return None


class Seen:
    """One record's last observation: `arr`, written through the memoryview `mv` (a Python-level
    element write through a memoryview costs a third of NumPy's item assignment). A subclass
    adds the copies of the state's parts it compares with (None: not written yet, so the first
    comparison always differs and every block is written once)."""

    def __init__(self, size: int) -> None:
        self.arr = np.zeros(size, np.float32)
        self.mv: memoryview[float] = self.arr.data.cast("B").cast("f")


class _Store(threading.local):
    """One thread's records: (id(owner), viewer) -> (owner, record)."""

    def __init__(self) -> None:
        self.records: dict[tuple[int, Viewer], tuple[object, Any]] = {}


class PerThread(threading.local, Generic[R]):
    """One owner's record per thread, made by `new()` on a thread's first read of `record`
    (threading.local runs `__init__` again in each thread with the same arguments). An encoder
    that keeps one record (World of Tanks: Rush's, Siege's) holds one of these: reading the
    record is one attribute look-up, where `ObservationCache.get` builds a key and looks it up
    in a per-thread dict (about 0.3 microsecond a step). The record lives as long as its owner."""

    def __init__(self, new: Callable[[], R]) -> None:
        self.record: R = new()


class ObservationCache(Generic[R]):
    """Per-thread records made by `new(owner, viewer)` on first use, so threads never share a
    cached observation. The record holds its owner, so the id in its key is never reused by
    another object while the record lives; a thread keeps at most `kept` records (a process
    that configures many games keeps only the recent ones)."""

    def __init__(self, new: Callable[[Any, Viewer], R], kept: int = 64) -> None:
        self._new, self._kept = new, kept
        self._store = _Store()

    def get(self, owner: object, viewer: Viewer) -> R:
        """This thread's record for `viewer` of `owner` (a fresh one writes every block)."""
        records = self._store.records
        key = (id(owner), viewer)
        entry = records.get(key)
        if entry is None or entry[0] is not owner:
            if len(records) >= self._kept:
                records.clear()
            entry = records[key] = (owner, self._new(owner, viewer))
        record: R = entry[1]
        return record


def copy_out(record: Seen, out: Any) -> memoryview[float]:
    """Copy `record`'s observation into `out` (the contract's contiguous float32 vector) as one
    memoryview copy, and give `out`'s memoryview for the viewer's own elements: a third of
    `np.copyto`'s cost, whose dispatch outweighs copying a few thousand floats."""
    view: memoryview[float] = out.data
    view[:] = record.mv
    return view


def copy_part(part: memoryview[float], out: Any) -> memoryview[float]:
    """`copy_out` of a record's first part (a record that keeps more than the observation, in a
    layout of its own, past the observation's end)."""
    view: memoryview[float] = out.data
    view[:] = part
    return view


def move_ones(mv: memoryview[float], before: tuple[int, ...], now: tuple[int, ...]) -> None:
    """One-hot elements that moved: each of `before` (-1: none) that is not in its place in
    `now` is cleared, and `now`'s set. The caller compares the tuples first (one C-level test)."""
    for was, is_now in zip(before, now, strict=True):
        if was != is_now:
            if was >= 0:
                mv[was] = 0.0
            if is_now >= 0:
                mv[is_now] = 1.0


ZEROS: memoryview[float] = memoryview(array("f", bytes(4 * 65536))).cast("B").cast("f")
"""Float32 zeros to clear a block through a record's memoryview (`mv[a:b] = ZEROS[: b - a]`, one
C-level copy), longer than any game's observation; never written (an array's buffer, not bytes':
a copy from a read-only buffer costs half as much again)."""


EXACT = frozenset(2.0**-k for k in range(8))
"""Worths whose small multiples float32 holds exactly, so counts of them are summed in place."""


class Counts(NamedTuple):
    """A block of counts per kind in a layout: where it starts, how many kinds, what one item is
    worth (None: a flag, 1.0 for a kind however many are there)."""

    at: int
    width: int
    worth: float | None


def count_into(mv: memoryview[float], block: Counts, items: list[int], slot: Sequence[int]) -> None:
    """How many of `items` there are of each kind (`slot[item]`, 0 .. width - 1), written over
    `block`: each count as count x worth (the view's encodings add the worth once per item in
    float64; count x worth rounds to the same float32, where a float32 sum would not), or 1.0
    for a flag.

    Written in place, item by item, with no dict of counts (speed, issue 18): a worth that is a
    power of two (1, 1/2, 1/4: `EXACT`) is added, every partial sum a small multiple of it and
    exact in float32, so the result is count x worth bit for bit; any other worth (1/3, 1/13)
    writes (count + 1) x worth, the count read back from the record as `ids_into` does (a
    float32 multiple of a worth rounds back to its count)."""
    at, width, worth = block
    mv[at : at + width] = ZEROS[:width]
    if worth is None:
        for item in items:
            mv[at + slot[item]] = 1.0
    elif worth in EXACT:
        for item in items:
            mv[at + slot[item]] += worth
    else:
        for item in items:  # a kind met again: its count read back from the record, plus one
            i = at + slot[item]
            held = mv[i]
            mv[i] = (round(held / worth) + 1) * worth if held else worth


def pile_into(
    mv: memoryview[float], block: Counts, pile: list[int], before: list[int] | None, slot: Sequence[int]
) -> list[int]:
    """`count_into` for a pile last written from `before` (None: never), and the copy of `pile`
    to compare with next time: a pile that only grew (a discard, a warehouse: the usual change)
    adds its new items to their counts, any other change is counted anew."""
    at, _, worth = block
    if worth is not None and before is not None and len(pile) > len(before) and pile[: len(before)] == before:
        for item in pile[len(before) :]:
            i = at + slot[item]
            mv[i] = (round(mv[i] / worth) + 1) * worth  # a count times its worth, as count_into
    else:
        count_into(mv, block, pile, slot)
    return pile[:]


def hand_into(
    mv: memoryview[float], block: Counts, hand: list[int], before: list[int] | None, slot: Sequence[int]
) -> list[int]:
    """`count_into` for a hand (or any small list) last written from `before` (None: never), and
    the copy of `hand` to compare with next time: one item that left (a card played or paid:
    `before` less one occurrence of the item whose value is the difference of the two sums, the
    rest in order, checked by C-level list operations) has its count lowered; items added at the
    end (cards drawn) are counted in; any other change is counted anew."""
    at, _, worth = block
    if worth is not None and before is not None:
        n, m = len(hand), len(before)
        if n == m - 1:
            gone = sum(before) - sum(hand)
            rest = before[:]
            if gone in rest:
                rest.remove(gone)
                if rest == hand:
                    i = at + slot[gone]
                    mv[i] = (round(mv[i] / worth) - 1) * worth  # a count times its worth, as count_into
                    return rest
        elif n > m and hand[:m] == before:
            for item in hand[m:]:
                i = at + slot[item]
                mv[i] = (round(mv[i] / worth) + 1) * worth
            return hand[:]
    count_into(mv, block, hand, slot)
    return hand[:]


def ids_into(
    mv: memoryview[float], block: Counts, items: list[int], before: list[int] | None, slot: Sequence[int]
) -> list[int]:
    """`count_into` for a list of distinct items (World of Tanks: Rush's card ids: a pile, a
    hand, a warehouse) last written from `before` (None: never), and the copy of `items` to
    compare with next time: items added at the end are counted in, as `pile_into` does; else,
    for a list longer than `FEW` items, the items that left and those that came (C-level set
    differences, exact because no item is there twice) have their counts lowered and raised
    when they are a few (a card bought from the reserve and its replacement dealt, a card played
    and one drawn); any other change is counted anew. A list of `FEW` items or fewer (a hand
    holds 2 on average, the reserve 4) is counted anew: two sets and their differences cost
    more than counting a handful of items (speed, issue 18)."""
    at, _, worth = block
    if worth is not None and before is not None:
        m = len(before)
        if len(items) > m and items[:m] == before:
            for item in items[m:]:
                i = at + slot[item]
                mv[i] = (round(mv[i] / worth) + 1) * worth  # a count times its worth, as count_into
            return items[:]
        if len(items) > FEW:
            was, now = set(before), set(items)
            gone, came = was.difference(now), now.difference(was)
            if len(gone) + len(came) <= 4:
                for item in gone:
                    i = at + slot[item]
                    mv[i] = (round(mv[i] / worth) - 1) * worth
                for item in came:
                    i = at + slot[item]
                    mv[i] = (round(mv[i] / worth) + 1) * worth
                return items[:]
    count_into(mv, block, items, slot)
    return items[:]


FEW = 6
"""The longest list `ids_into` counts anew rather than by set differences (about equal at 6)."""


class OneHots:
    """A block of one-hots (several groups side by side: a seat, a decision kind...) written by
    one C-level copy of a template per set of positions, made on first use and kept (a game has
    a few hundred such sets at most; `kept` bounds them anyway): a dict look-up and a slice copy
    instead of clearing and setting each one that moved (`move_ones`)."""

    def __init__(self, at: int, width: int, kept: int = 4096) -> None:
        self.at, self.width, self.kept = at, width, kept
        self._made: dict[tuple[int, ...], memoryview[float]] = {}

    def template(self, ones: tuple[int, ...]) -> memoryview[float]:
        """The block with a 1 at each of `ones` (record positions, -1: none)."""
        made = self._made.get(ones)
        if made is None:
            block = array("f", bytes(4 * self.width))
            for i in ones:
                if i >= 0:
                    block[i - self.at] = 1.0
            if len(self._made) >= self.kept:
                self._made.clear()
            made = self._made[ones] = memoryview(block).cast("B").cast("f")
        return made


# -- the view's reference encodings (`encode`) build lists; these two pieces recur in them ----
def one_hot(n: int, i: int | None) -> list[float]:
    """`n` zeros with a 1 at `i` (none when `i` is None or outside 0..n-1)."""
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def counts(index: dict[str, int], names: list[str], scale: float) -> list[float]:
    """How many of each kind (`index[name]`) `names` holds, each worth `1 / scale`."""
    out = [0.0] * len(index)
    for name in names:
        out[index[name]] += 1.0 / scale
    return out
