"""Physical card instances: every card in the box gets one int (its instance id), so decks, hands
and the core's `Knowledge` of who has seen which card all speak ints (M33-DECK-01).

    CARD[i]       the card id printed on instance i ("EQ-AKM", "Q-HEAD", "T1-RATS", "L-TAX", ...)
    DECK[kind]    the instance ids of one deck, in data-file order (what setup shuffles)
    INSTANCES[id] the instance ids of one card id (a rule asking "does this hand hold an AKM?")
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import CardKind


def _instances() -> tuple[tuple[str, ...], Mapping[CardKind, tuple[int, ...]]]:
    c = default_content()
    ids: list[str] = []
    decks: dict[CardKind, tuple[int, ...]] = {}
    for kind in CardKind:
        cards = c.deck(kind)
        decks[kind] = tuple(range(len(ids), len(ids) + len(cards)))
        ids.extend(cards)
    return tuple(ids), MappingProxyType(decks)


CARD, DECK = _instances()
KIND_OF: tuple[CardKind, ...] = tuple(kind for kind in CardKind for _ in DECK[kind])
INSTANCES: Mapping[str, frozenset[int]] = MappingProxyType(
    {card: frozenset(i for i, c in enumerate(CARD) if c == card) for card in set(CARD)}
)
