"""Player names chosen in the lobby (issue 16): one per seat a person plays, optional, stored with
the table and shown at it ("Anna (Allies)").

A name is what another person will read on their screen, so it is cleaned here before it is
stored: Unicode NFC, no control or format characters (a right-to-left override would turn the
text around it), white space collapsed, at most MAX_NAME characters. It is only ever shown as
text: the browser client builds its page from text nodes, never from markup (its linter forbids
innerHTML), so "<b>" in a name is shown as the four characters it is.
"""

from __future__ import annotations

import unicodedata

from warroom.server.live import HUMAN
from warroom.server.protocol import ServiceError

MAX_NAME = 24  # characters, after cleaning: fits the banner and a result table's column


def clean_name(raw: str | None) -> str | None:
    """`raw` as it may be shown, or None for no name (absent, or nothing left once cleaned)."""
    if raw is None:
        return None
    text = unicodedata.normalize("NFC", raw)
    # every "other" character (Cc control, Cf format, Co private use, Cn unassigned, Cs
    # surrogate) goes; any kind of space becomes a plain one
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or not unicodedata.category(ch).startswith("C")
    )
    name = " ".join(kept.split())
    if len(name) > MAX_NAME:
        raise ServiceError("bad_names", f"a player's name is at most {MAX_NAME} characters")
    return name or None


def player_names(names: list[str | None], seats: list[str]) -> list[str | None]:
    """One cleaned name (or None) per seat; a name is for a seat a person plays, not an AI's."""
    if len(names) > len(seats):
        raise ServiceError("bad_names", f"{len(names)} names given for {len(seats)} seats")
    cleaned = [clean_name(name) for name in names] + [None] * (len(seats) - len(names))
    for seat, (name, kind) in enumerate(zip(cleaned, seats, strict=True)):
        if name is not None and kind != HUMAN:
            raise ServiceError(
                "bad_names", f"seat {seat} is played by an AI ({kind}): a name is for a person"
            )
    return cleaned
