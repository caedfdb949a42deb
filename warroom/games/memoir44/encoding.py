"""A fixed-length numeric observation built from a seat's view only (so it cannot leak).

Layout (floats); `size(game)` is the total:

| block | size | meaning |
|---|---|---|
| viewer | 3 | one-hot: allies, axis, spectator |
| hexes | 113 x 20 | per hex: terrain one-hot (8), bridge, bunker (own cover), sandbags, wire, hedgehog; |
|  |  | unit: own/enemy, base infantry/armor/artillery, figures / 4, ordered |
| hand | 30 | own hand: count per card kind / 3 |
| discard | 30 | discard pile: count per card kind / 13 |
| cards | 3 | deck / 60, own hand size / 8, enemy hand size / 8 |
| medals | 4 | own and enemy medals / target, own and enemy target / 10 |
| turn | 2 + 15 | own turn, turn / 200; decision kind one-hot (14 + none) |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import JSON
from warroom.games.memoir44.board import BY_NAME, NUM_HEXES
from warroom.games.memoir44.words import BASE_NAMES, KINDS, SIDE_NAMES

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game

DECISIONS = KINDS
PER_HEX = 20


def size(game: Memoir44Game) -> int:
    kinds = len(game.content.cards)
    return 3 + NUM_HEXES * PER_HEX + 2 * kinds + 3 + 4 + 2 + len(DECISIONS) + 1


def encode(game: Memoir44Game, view: JSON, viewer: int | None) -> list[float]:
    sc = game.scenario
    bases = {u.kind: BASE_NAMES.index(u.base) for u in game.content.units}
    me = SIDE_NAMES.index(view["viewer_side"]) if view["viewer_side"] else 0
    out = [0.0] * 3
    out[3 - 1 if view["viewer_side"] is None else me] = 1.0
    board = [0.0] * (NUM_HEXES * PER_HEX)
    for h in range(NUM_HEXES):
        base = h * PER_HEX
        board[base + sc.terrain[h]] = 1.0
        board[base + 8] = float(sc.bridge[h])
        board[base + 9] = float(sc.bunker[h] >= 0) * (1.0 if sc.bunker[h] == me else -1.0)
        board[base + 12] = float(sc.hedgehog[h])
    for name in view["sandbags"]:
        board[BY_NAME[name] * PER_HEX + 10] = 1.0
    for name in view["wire"]:
        board[BY_NAME[name] * PER_HEX + 11] = 1.0
    for unit in view["units"]:
        if unit["hex"] is None:
            continue
        base = BY_NAME[unit["hex"]] * PER_HEX
        board[base + 13 + (unit["side"] != SIDE_NAMES[me])] = 1.0
        board[base + 15 + bases[unit["kind"]]] = 1.0
        board[base + 18] = unit["figures"] / 4
        board[base + 19] = float(unit["ordered"])
    out += board
    kinds = {c.kind: c.index for c in game.content.cards}
    hand = [0.0] * len(kinds)
    for k in view["hands"][SIDE_NAMES[me]] or []:
        hand[kinds[k]] += 1 / 3
    discard = [0.0] * len(kinds)
    for k in view["discard"]:
        discard[kinds[k]] += 1 / 13
    out += hand + discard
    sizes = view["hand_sizes"]
    out += [view["deck_count"] / 60, sizes[SIDE_NAMES[me]] / 8, sizes[SIDE_NAMES[1 - me]] / 8]
    medals, target = view["medals"], view["victory_medals"]
    own, enemy = SIDE_NAMES[me], SIDE_NAMES[1 - me]
    out += [medals[own] / target[own], medals[enemy] / target[enemy], target[own] / 10, target[enemy] / 10]
    out += [float(view["active"] == SIDE_NAMES[me]), view["turn"] / 200]
    decision = view["decision"]
    kind = [0.0] * (len(DECISIONS) + 1)
    kind[DECISIONS.index(decision["kind"]) if decision else len(DECISIONS)] = 1.0
    out += kind
    return out
