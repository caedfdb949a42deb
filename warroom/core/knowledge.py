"""Who has seen which hidden card: peeks, scouting, a card shown to one player.

A game keeps one `Knowledge` among its state's fields and records every look at a hidden card
(`show`), every card turned face up for all (`show_all`) and every card that goes back into
hiding (`forget`, e.g. shuffled into a deck). Its `view` shows a seat the hidden cards it knows,
and its `resample_hidden` re-deals only what the seat does not know (`redeal`), so a
determinisation never contradicts what a player saw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableSequence, Sequence
from typing import Any

from warroom.core.rng import Rng

EVERYONE = -1  # recorded for a card shown to the whole table
_NOBODY: frozenset[int] = frozenset()


class Knowledge:
    """Card instance id -> the seats that know where it is (EVERYONE for a public card)."""

    __slots__ = ("seen",)

    def __init__(self, seen: dict[int, frozenset[int]] | None = None) -> None:
        self.seen: dict[int, frozenset[int]] = dict(seen or {})

    def show(self, card: int, *seats: int) -> None:
        """`seats` look at `card` (a peek, a scout, a card passed face down)."""
        self.seen[card] = self.seen.get(card, frozenset()) | frozenset(seats)

    def show_each(self, cards: Iterable[int], *seats: int) -> None:
        """`seats` look at each of `cards` (a hand dealt): `show` for each, in one call (speed)."""
        seen, seeing = self.seen, frozenset(seats)
        for card in cards:
            seen[card] = seen.get(card, _NOBODY) | seeing

    def show_all(self, cards: Iterable[int]) -> None:
        for card in cards:
            self.seen[card] = frozenset((EVERYONE,))

    def forget(self, cards: Iterable[int]) -> None:
        """`cards` go back into hiding (shuffled into a deck): nobody knows where they are."""
        for card in cards:
            self.seen.pop(card, None)

    def knows(self, seat: int | None, card: int) -> bool:
        seats = self.seen.get(card)
        if seats is None:
            return False
        return EVERYONE in seats or (seat is not None and seat in seats)

    def known_to(self, seat: int | None) -> set[int]:
        return {card for card in self.seen if self.knows(seat, card)}

    def copy(self) -> Knowledge:
        new = Knowledge.__new__(Knowledge)  # without __init__'s call (speed: a copy per peek)
        new.seen = self.seen.copy()
        return new

    def to_json(self) -> dict[str, list[int]]:
        return {str(card): sorted(seats) for card, seats in sorted(self.seen.items())}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Knowledge:
        return cls({int(card): frozenset(int(s) for s in seats) for card, seats in doc.items()})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Knowledge) and other.seen == self.seen

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Knowledge({self.to_json()})"


def redeal(
    zones: Sequence[MutableSequence[int]],
    hidden: Callable[[int], bool],
    rng: Rng,
    knowledge: Knowledge | None = None,
) -> None:
    """Shuffle the cards for which `hidden(card)` holds among the slots they occupy across
    `zones`, in place; every other card stays exactly where it is. With
    `hidden=lambda c: not knowledge.knows(seat, c)` this re-deals what `seat` cannot know.

    `knowledge` (the re-dealt state's own copy, changed in place) moves with the slots: the seats
    that knew the card in a slot know the card dealt into it. Another seat's own hand, re-drawn as
    `seat` imagines it, is still known to its holder, so the imagined position is one its players
    could be in (a determinisation of a determinisation, as the undo check makes, stays true)."""
    slots = [(zone, i) for zone in zones for i, card in enumerate(zone) if hidden(card)]
    pool = [zone[i] for zone, i in slots]
    dealt = pool.copy()
    rng.shuffle(dealt)
    for (zone, i), card in zip(slots, dealt, strict=True):
        zone[i] = card
    if knowledge is not None:
        seen = knowledge.seen
        moved = [(card, seen.get(was)) for was, card in zip(pool, dealt, strict=True) if was != card]
        for card, seats in moved:
            if seats is None:
                seen.pop(card, None)
            else:
                seen[card] = seats
