"""Combat dice (dust_warfare.md DW-GEN-02..05, §5): a d6 that hits on 5 or 6, pools of them,
rerolls and roll-offs. Every die the rules roll comes through here, from the state's generator,
in the canonical order of §5, so tests can script the faces."""

from __future__ import annotations

from warroom.core.rng import Rng

HIT_FACE = 5  # DW-GEN-02: faces 5 and 6 are hits
ROLL_OFF_DICE = 5  # DW-GEN-05


def is_hit(face: int) -> bool:
    return face >= HIT_FACE


def roll(rng: Rng, n: int) -> list[int]:
    """Roll n combat dice, their faces in order; n <= 0 rolls nothing (DW-GEN-03)."""
    return [rng.die() for _ in range(max(0, n))]


def hits(faces: list[int]) -> int:
    return sum(1 for f in faces if f >= HIT_FACE)


def roll_off(rng: Rng) -> tuple[int, list[list[int]]]:
    """DW-GEN-05: each player rolls five dice, the first-listed player first; more hits wins;
    a tie is rolled again until it breaks. Returns the winning seat and every roll made."""
    rolls: list[list[int]] = []
    while True:
        a, b = roll(rng, ROLL_OFF_DICE), roll(rng, ROLL_OFF_DICE)
        rolls += [a, b]
        if hits(a) != hits(b):
            return (0 if hits(a) > hits(b) else 1), rolls


def faces_text(faces: list[int]) -> str:
    """Dice as the digest writes them: H for a hit, B for a blank."""
    return "".join("H" if f >= HIT_FACE else "B" for f in faces) or "-"
