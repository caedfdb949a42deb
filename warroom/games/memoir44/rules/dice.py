"""Battle dice (memoir44.md §2.2, M44-DICE-02): six faces, infantry twice, armor, grenade, star,
flag. A roll is a list of face codes 0..5 (die value - 1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

INF_A, INF_B, ARMOR, GRENADE, STAR, FLAG = range(6)
FACE_NAMES = ("infantry", "infantry", "armor", "grenade", "star", "flag")
LETTER = ("I", "I", "A", "G", "S", "F")
BASE_FACES = ((INF_A, INF_B), (ARMOR,), ())  # the symbol faces of infantry, armor, artillery


def roll(st: M44State, n: int) -> list[int]:
    """Roll n dice from the state's generator (no limit on n, M44-DICE-08)."""
    die = st.rng.die
    return [die(6) - 1 for _ in range(n)]


def hits(faces: list[int], base: int, stars: bool) -> int:
    """Hits on a target of this base type: its symbol and grenades, stars only when a card says
    so (M44-DICE-02, M44-TAC-02)."""
    symbol = BASE_FACES[base]
    return sum(1 for f in faces if f in symbol or f == GRENADE or (stars and f == STAR))


def names(faces: list[int]) -> str:
    return " ".join(LETTER[f] for f in faces) or "-"
