"""The one random generator a game state owns.

A small counter-based generator (SplitMix64) whose whole state is one integer: it serialises
into a save in a few bytes, clones for free, and gives the same stream on every platform and
Python version, which `random.Random` does not promise for `shuffle`/`randrange`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from types import FunctionType
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64. `state` is the whole generator; equal states give equal streams."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): Lemire's multiply-shift, rejecting the few low products
        that would bias it (checked only when the low word is < n, which is rare)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if _NATIVE and n < _SMALL:
            return _below64(self, n)
        s = self.state
        while True:  # next_u64 inlined: every die roll and random-agent choice comes through here
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            m = (z ^ (z >> 31)) * n
            low = m & _MASK
            if low >= n or low >= ((1 << 64) - n) % n:
                self.state = s
                return m >> 64

    def die(self, sides: int = 6) -> int:
        """One roll of a die with faces 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place; draws exactly as `below(i + 1)` would, with the generator
        inlined because setup shuffles are a measurable share of a random playout."""
        if _NATIVE and type(items) is list and len(items) < _SMALL:
            self.state = _shuffle64(self.state, items)
            return
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            while True:
                s = (s + _GOLDEN) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                m = (z ^ (z >> 31)) * n
                low = m & _MASK
                if low >= n or low >= ((1 << 64) - n) % n:
                    break
            j = m >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one by one step)."""
        return Rng(self.next_u64())

    def copy(self) -> Rng:
        return Rng(self.state)


class ScriptedRng(Rng):
    """Rolls the listed dice first, then falls back to the seeded stream: hand-built positions
    (each game's position notation) use it to fix the dice a rule test needs."""

    __slots__ = ("script",)

    def __init__(self, seed: int, script: list[int]) -> None:
        super().__init__(seed)
        self.script = list(script)

    def die(self, sides: int = 6) -> int:
        return self.script.pop(0) if self.script else super().die(sides)

    def copy(self) -> Rng:
        """A copy that still rolls the remaining scripted dice (so they survive `clone()`)."""
        return ScriptedRng(self.state, self.script)


# -- the same draws on native 64-bit integers, for the compiled build only ----------------------
# Compiled by mypyc, the code above works on Python ints: SplitMix64's values are 64-bit, beyond
# mypyc's tagged 63-bit ints, so every operation takes the boxed slow path (docs/speed.md,
# "Compiling (mypyc)"). The functions below compute the same draws with mypyc's `i64`, which
# compiles to a C int64_t whose arithmetic wraps (CPython's builds pass gcc -fwrapv): the state's
# bits read as signed, right shifts masked to be logical, and the high word of Lemire's 128-bit
# product made from 32-bit halves (exact for n < 2**31). Interpreted, `i64` is a plain `int` that
# never wraps, so they are only called where this module runs compiled (`_NATIVE`);
# tests/test_compiled.py holds the two paths to the same streams.


def _probe() -> None:
    """Compiled, a function is no `FunctionType`: how the module tells it runs compiled."""


_NATIVE: Final = not isinstance(_probe, FunctionType)
_SMALL: Final = 1 << 31  # n below this: the 32-bit halves' products cannot overflow
_TWO64: Final = 1 << 64
_HALF: Final = 1 << 63
_GOLDEN64: Final[i64] = _GOLDEN - (1 << 64)  # the unsigned constants' bits as signed values
_MIX1: Final[i64] = 0xBF58476D1CE4E5B9 - (1 << 64)
_MIX2: Final[i64] = 0x94D049BB133111EB - (1 << 64)
_LOW32: Final[i64] = 0xFFFFFFFF
_MAX63: Final[i64] = (1 << 63) - 1


def _draw64(s: i64, n: i64) -> i64:
    """Lemire's draw below `n` from the SplitMix64 output of state `s` (already advanced), or -1
    when the low word falls among the few values `below` rejects."""
    z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MIX1
    z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MIX2
    z = z ^ ((z >> 31) & 0x1FFFFFFFF)
    low = z * n  # the product's low word (wrapped), compared as unsigned below
    if 0 <= low < n and low < ((_MAX63 % n + 1) % n * 2) % n:  # low < 2**64 % n, as `below` tests
        return -1
    high = (z >> 32) & _LOW32
    return (high * n + (((z & _LOW32) * n) >> 32)) >> 32


def _signed(state: int) -> i64:
    return state - _TWO64 if state >= _HALF else state


def _unsigned(s: i64) -> int:
    state: int = s
    return state + _TWO64 if state < 0 else state


def _below64(rng: Rng, n: i64) -> int:
    s = _signed(rng.state)
    while True:
        s += _GOLDEN64
        j = _draw64(s, n)
        if j >= 0:
            rng.state = _unsigned(s)
            return j


def _shuffle64(state: int, items: list[T]) -> int:
    """`Rng.shuffle` of a list (typed `list`: compiled, its items are read and written in place,
    not through the generic sequence protocol with a boxed index; session 13)."""
    s = _signed(state)
    i: i64 = len(items) - 1
    while i > 0:
        while True:
            s += _GOLDEN64
            j = _draw64(s, i + 1)
            if j >= 0:
                break
        items[i], items[j] = items[j], items[i]
        i -= 1
    return _unsigned(s)
