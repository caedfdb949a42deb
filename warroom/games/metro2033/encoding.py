"""Metro 2033's fixed-length numeric observation, built from a seat's view only (so it cannot
leak what the seat may not see).

Layout (floats, scaled to roughly [0, 1]); `size(n)` is the total for n seats:

| block | size | meaning |
|---|---|---|
| viewer | 7 | one-hot seat 0..5, last = spectator |
| round | 4 | round / 100, stage II, first player / 5, round-track space / 9 (S = 0) |
| stations | 78 x 8 | per station: owner one-hot seat 0..5, neutral, in play |
| heroes | 6 x 78 | per seat, the hero's station one-hot |
| seats | 6 x 12 | per seat: M, P, A / 35, army / 8, VP / 10, wounded, equipment / 4, completed quests / 4, |
|  |  | face-down quests / 4, holds a scouting card, votes / 14, faction drafted |
| law | 7 + 7 | the active law one-hot, the law put to the vote one-hot |
| market | 9 | market count per equipment kind / 2 |
| own quests | 12 | the viewer's face-down quests per quest id / 2 |
| battle hand | 7 | the viewer's dealt battle cards |
| decision | 1 | the decision is the viewer's |
"""

from __future__ import annotations

from warroom.core.game import JSON
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.content import default_content

C = default_content()
SEATS = 6
LAWS = [law.value for law in C.laws]
EQUIPMENT = [e.value for e in C.equipment]
QUESTS = list(C.quests)
BATTLE = list(C.battle_cards)
SPACES = ["S", *(str(i) for i in range(1, 10))]
SEAT_FIELDS = 12


def size() -> int:
    return 7 + 4 + BOARD.size * 8 + SEATS * BOARD.size + SEATS * SEAT_FIELDS + 14 + 9 + 12 + 7 + 1


def encode(view: JSON, player: int | None) -> list[float]:
    out: list[float] = [0.0] * 7
    out[6 if player is None else player] = 1.0
    out += [
        view["round"] / 100,
        float(view["stage"] == 2),
        view["first_player"] / 5,
        SPACES.index(view["space"]) / 9,
    ]
    stations = view["stations"]
    for sid in BOARD.ids:
        block = [0.0] * 8
        info = stations[sid]
        if info["owner"] is None:
            block[6] = 1.0
        else:
            block[info["owner"]] = 1.0
        block[7] = float(info["in_play"])
        out += block
    seats = view["seats"]
    for seat in range(SEATS):
        block = [0.0] * BOARD.size
        if seat < len(seats) and seats[seat]["hero_at"] is not None:
            block[BOARD.index[seats[seat]["hero_at"]]] = 1.0
        out += block
    for seat in range(SEATS):
        if seat >= len(seats):
            out += [0.0] * SEAT_FIELDS
            continue
        s = seats[seat]
        r = s["resources"]
        out += [
            r["M"] / 35,
            r["P"] / 35,
            r["A"] / 35,
            s["army"] / 8,
            s["vp"] / 10,
            float(s["wounded"]),
            len(s["equipment"]) / 4,
            len(s["completed"]) / 4,
            s["quests_hidden"] / 4,
            float(s["scouting"] is not None),
            s["votes"] / 14,
            float(s["faction"] is not None),
        ]
    out += [float(view["law"] == law) for law in LAWS]
    out += [float(view["proposal"] == law) for law in LAWS]
    out += [view["market"].count(e) / 2 for e in EQUIPMENT]
    mine = seats[player].get("quests", []) if player is not None else []
    out += [mine.count(q) / 2 for q in QUESTS]
    hand = view["battle"]["hand"] if view["battle"] else []
    out += [float(b in hand) for b in BATTLE]
    decision = view["decision"]
    out.append(float(decision is not None and player is not None and decision["seat"] == player))
    return out
