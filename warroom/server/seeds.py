"""A table's seed, fair to every seat (issue 17): whoever knows the seed knows every hidden card,
since the engine run offline from it deals the other seats' hands and the deck order.

By default the server draws the seed (62 random bits) and tells every seat, from the first
message on, a commitment to it: `sha256("warroom-deal:<seed>")` (62 secret bits: too many to
search for). The seed itself is
revealed once the game is over, in the table's header and in the replay file (which is withheld
until then), so any player can check that the commitment matches and replay the deal offline:
the deck was not stacked after the start. A creator may still choose the seed (a teaching table,
a puzzle, a test); then every seat is shown, before the first move, that the creator chose it
(`chosen_by_creator`), and so may know the hidden cards.
"""

from __future__ import annotations

import hashlib

from warroom.server.protocol import Deal
from warroom.server.store import TableRecord


def commitment(seed: int) -> str:
    """The hash published at the start; 62 secret bits behind it cannot be searched for (a seed
    the creator chose may be guessed: such a table says so)."""
    return hashlib.sha256(f"warroom-deal:{seed}".encode()).hexdigest()


def deal_for(record: TableRecord, finished: bool) -> Deal:
    """What every seat (and a spectator) is told about the seed: who chose it, the commitment,
    and once the game is over the seed itself."""
    return Deal(
        chosen_by_creator=record.seed_chosen,
        commitment=commitment(record.seed),
        revealed=str(record.seed) if finished else None,
    )
