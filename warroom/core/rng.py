"""The one random generator a game state owns.

A small counter-based generator (SplitMix64) whose whole state is one integer: it serialises
into a save in a few bytes, clones for free, and gives the same stream on every platform and
Python version, which `random.Random` does not promise for `shuffle`/`randrange`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

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
