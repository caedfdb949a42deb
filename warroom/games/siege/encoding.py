"""Siege's fixed-length numeric observation, built from a seat's view only (so it cannot leak).

Layout (floats, counts scaled to roughly [0, 1]); `SIZE` is the total:

| block | size | meaning |
|---|---|---|
| viewer | 7 | one-hot seat 0..5, last = spectator |
| structures | 19 | buildings 1-6, fortifications 1-6, DOTs 1-6, DOTs in supply / 2 |
| enemies | 30 x 9 | per space (sector-major, ring-minor): count of each of the 7 vehicle kinds / 3, |
|  |  | total armour / 10, hedgehog there |
| hands | 6 x 25 | per seat, count of each card kind / 4 |
| piles | 3 + 25 + 19 | deck / 49, reserve / 49, marshal hand / 10; discard count per card kind / 4; |
|  |  | enemy discard per token kind / 4 |
| marshal | 19 | the marshal's own hand per token kind / 3 (zeros unless the viewer is the marshal) |
| turn | 1 + 6 + 6 + 11 | turn / 50; active seat; current seat; decision kind |
| seats | 6 + 6 + 6 | trophy points / 40, eliminated, claimed sector / 6 |
| flags | 2 | patrol played, trades done / 2 |
"""

from __future__ import annotations

from functools import cache

from warroom.core.game import JSON
from warroom.games.siege.board import SECTORS
from warroom.games.siege.content import default_content
from warroom.games.siege.words import ASKS, VEHICLES, Ring

RINGS = tuple(ring.name.lower() for ring in Ring)
DECISIONS = ASKS
SEATS = 6


@cache
def _kinds() -> tuple[dict[str, int], dict[str, int]]:
    content = default_content()
    return {c.kind: c.index for c in content.cards}, {t.kind: t.index for t in content.tokens}


def _size() -> int:
    cards, tokens = _kinds()
    return (7 + 19 + 30 * (len(VEHICLES) + 2) + SEATS * len(cards) + 3 + len(cards) + len(tokens)
            + len(tokens) + 1 + 2 * SEATS + len(DECISIONS) + 1 + 3 * SEATS + 2)  # fmt: skip


SIZE = _size()


def _one_hot(n: int, i: int | None) -> list[float]:
    out = [0.0] * n
    if i is not None and 0 <= i < n:
        out[i] = 1.0
    return out


def _counts(index: dict[str, int], names: list[str], scale: float) -> list[float]:
    out = [0.0] * len(index)
    for name in names:
        out[index[name]] += 1.0 / scale
    return out


def encode(view: JSON, viewer: int | None) -> list[float]:
    cards, tokens = _kinds()
    out = _one_hot(7, 6 if viewer is None else viewer)
    for key in ("buildings", "fortifications", "dots"):
        out += [float(view[key][s]) for s in SECTORS]
    out.append(view["dots_in_supply"] / 2)
    board = [0.0] * (30 * (len(VEHICLES) + 2))
    for enemy in view["enemies"]:
        base = ((enemy["sector"] - 1) * 5 + RINGS.index(enemy["ring"])) * (len(VEHICLES) + 2)
        board[base + VEHICLES.index(enemy["kind"])] += 1 / 3
        board[base + len(VEHICLES)] += enemy["armour"] / 10
        if enemy["id"] == view["hedgehog"]:
            board[base + len(VEHICLES) + 1] = 1.0
    out += board
    for seat in range(SEATS):
        hand = view["hands"][seat] if seat < len(view["hands"]) else []
        out += _counts(cards, hand, 4)
    marshal = view.get("marshal", {})
    out += [view["deck_count"] / 49, view["reserve_count"] / 49, marshal.get("hand_count", 0) / 10]
    out += _counts(cards, view["discard"], 4) + _counts(tokens, view["enemy_discard"], 4)
    out += _counts(tokens, marshal.get("hand", []), 3)
    decision = view["decision"] or {}
    out.append(view["turn"] / 50)
    out += _one_hot(SEATS, view["active"]) + _one_hot(SEATS, view["current_player"])
    out += _one_hot(len(DECISIONS) + 1, DECISIONS.index(decision["kind"]) if decision else len(DECISIONS))
    scores, out_flags, claims = view["scores"], view["eliminated"], view["claims"] or []
    out += [scores[s] / 40 if s < len(scores) else 0.0 for s in range(SEATS)]
    out += [float(out_flags[s]) if s < len(out_flags) else 0.0 for s in range(SEATS)]
    out += [claims[s] / 6 if s < len(claims) else 0.0 for s in range(SEATS)]
    out += [float(view["patrol"]), view["trades_done"] / 2]
    return out
