"""World of Tanks: Rush's fixed-length numeric observation, built from a seat's view only.

Layout (floats, counts scaled to roughly [0, 1]); `size(game)` is the total, K = card kinds:

| block | size | meaning |
|---|---|---|
| viewer | 6 | one-hot seat 0..4, last = spectator |
| turn | 5 + 5 + 5 + 13 + 3 | active seat, current seat, first seat, decision kind, round / 100, |
|  |  | end triggered, purchases left / 3 |
| seats | 5 x (3 x 4 + 3 + K) | relative to the viewer: per base slot (standing, damaged, guarded, |
|  |  | defender damaged); hand, hangar, warehouse sizes / 20; warehouse counts per kind / 4 |
| own hand | K | the viewer's hand per kind / 3 (the active hand for a spectator) |
| reserve | K | reserve per kind |
| piles | K + K + 8 + A | vehicle discard and graveyard per kind, medal decks / 9, achievements |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import JSON
from warroom.games.wot_rush.words import MAX_SEATS, OVER_WORD, SAVED_KINDS

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame

SEATS = MAX_SEATS
DECISIONS = [*SAVED_KINDS, OVER_WORD]


def size(game: WotRushGame) -> int:
    c = game.content
    kinds, slots = len(c.kind_label), c.bases_per_player
    return 6 + 15 + len(DECISIONS) + 3 + SEATS * (4 * slots + 3 + kinds) + 4 * kinds + 8 + len(c.achievements)


def _one_hot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def _counts(index: dict[str, int], labels: list[str], scale: float) -> list[float]:
    out = [0.0] * len(index)
    for label in labels:
        out[index[label]] += 1.0 / scale
    return out


def encode(game: WotRushGame, view: JSON, viewer: int | None) -> list[float]:
    c = game.content
    index = {label: k for k, label in enumerate(c.kind_label)}
    n = view["players"]
    out = _one_hot(6, 5 if viewer is None else viewer)
    decision = view["decision"] or {"kind": OVER_WORD, "player": -1}
    out += _one_hot(SEATS, view["active"]) + _one_hot(SEATS, view["current_player"])
    out += _one_hot(SEATS, view["first_player"]) + _one_hot(len(DECISIONS), DECISIONS.index(decision["kind"]))
    out += [
        view["round"] / 100,
        float(view["end_triggered"]),
        (view["purchase_limit"] - view["purchases"]) / 3,
    ]
    me = viewer if viewer is not None else view["active"]
    for rel in range(SEATS):
        seat = view["seats"][(me + rel) % n] if rel < n else None
        out += _seat(seat, c.bases_per_player, index)
    own = view["seats"][me].get("hand", [])
    out += _counts(index, own, 3) + _counts(index, view["reserve"], 1)
    out += _counts(index, view["vehicle_discard"], 1) + _counts(index, view["graveyard"], 1)
    for ones, twos in view["medal_decks"].values():
        out += [ones / 9, twos / 3]
    ach = {a.id: a.index for a in c.achievements}
    out += _counts(ach, view["achievements"], 1)
    return out


def _seat(seat: JSON | None, slots: int, index: dict[str, int]) -> list[float]:
    if seat is None:
        return [0.0] * (4 * slots + 3 + len(index))
    out: list[float] = []
    for b in seat["bases"]:
        out += [float(b["standing"]), float(b["damaged"]), float(b["defender"] is not None),
                float(b["defender_damaged"])]  # fmt: skip
    out += [seat["hand_count"] / 20, seat["hangar_count"] / 20, len(seat["warehouse"]) / 20]
    return out + _counts(index, seat["warehouse"], 4)
