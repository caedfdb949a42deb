"""Memoir '44 drawn as text for the terminal: the 13x9 hex board, short rows offset half a hex.

Each hex is 6 characters: terrain letter, feature/obstacle mark, then the unit as side letter
(a = Allies, x = Axis), kind letter and figures, e.g. `f*aI4` = forest, sandbags, Allied
infantry with 4 figures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.memoir44.actions import M44Action, Verb
from warroom.games.memoir44.board import HEXES, NAMES, NUM_HEXES, ROWS
from warroom.games.memoir44.rules.consequence import consequence
from warroom.games.memoir44.rules.units import label
from warroom.games.memoir44.words import SIDE_NAMES

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

KIND_LETTER = {"infantry": "I", "special_forces": "S", "resistance": "R", "armor": "T", "elite_armor": "E",
               "artillery": "G"}  # fmt: skip
SIDE_LETTER = ("a", "x")  # Allies, Axis
ON_A_UNIT = (Verb.ORDER, Verb.MOVE, Verb.AIR, Verb.BARRAGE, Verb.CLEAR_WIRE)  # `a` is the unit's hex
LEGEND = (
    "terrain: . clear  f forest  H hedgerow  h hill  t town  ~ river  = bridge  w ocean  b beach\n"
    "marks: * sandbags  # wire  x hedgehog  B bunker  o objective   units: a/x side + I infantry "
    "S special forces R resistance T armor E elite armor G artillery + figures"
)


def _mark(st: M44State, h: int) -> str:
    sc = st.game.scenario
    if sc.bunker[h] >= 0:
        return "B"
    if st.sandbags[h]:
        return "*"
    if st.wire[h]:
        return "#"
    if sc.hedgehog[h]:
        return "x"
    if any(h in obj.hexes for obj in sc.objectives):
        return "o"
    return " "


def cell(st: M44State, h: int) -> str:
    g = st.game
    letter = "=" if g.scenario.bridge[h] else g.content.terrain_kind(g.terrain_kind[h]).letter
    u = st.occ[h]
    unit = "   "
    if u >= 0:
        unit = f"{SIDE_LETTER[g.unit_side[u]]}{KIND_LETTER[g.unit_kind[u].kind]}{st.unit_fig[u]}"
    return f"{letter}{_mark(st, h)}{unit} "


def board(st: M44State) -> list[str]:
    lines = ["     " + "".join(f"C{c:<5}" for c in range(1, 14))]
    by_row: list[list[int]] = [[] for _ in range(ROWS)]
    for h in range(NUM_HEXES):
        by_row[HEXES[h][0]].append(h)
    for row, hexes in enumerate(by_row):
        pad = "   " if row % 2 else ""
        lines.append(f"R{row + 1}   {pad}" + "".join(cell(st, h) for h in hexes))
    return lines


def render(st: M44State, player: int | None) -> str:
    v = st.view(player)
    g = st.game
    sc = g.scenario
    top = SIDE_NAMES[1 - sc.bottom_side]
    medals = v["medals"]
    lines = [
        f"Memoir '44 - {sc.name} - turn {v['turn']}, {v['active']} to play, {v['result']}",
        f"medals: allies {medals['allies']}/{v['victory_medals']['allies']}, "
        f"axis {medals['axis']}/{v['victory_medals']['axis']}   (top edge: {top})",
        *board(st),
        LEGEND,
        f"deck {v['deck_count']}  discard {len(v['discard'])}  in play: {', '.join(v['in_play']) or '-'}"
        f"  hands: allies {v['hand_sizes']['allies']}, axis {v['hand_sizes']['axis']}",
    ]
    for side, hand in v["hands"].items():
        if hand is not None:
            lines.append(f"your hand ({side}): {', '.join(hand)}")
    return "\n".join(lines)


def describe(st: M44State, action: Action) -> str:
    """The action's text, with the units and dice spelled out for a person (the browser's board
    reads a battle's dice from the trailing `, N dice`)."""
    assert isinstance(action, M44Action)
    a, verb = action, action.verb
    if verb == Verb.BATTLE:
        known = consequence(st, a)
        if known is not None:
            u, t = st.occ[a.a], known["unit"]
            return f"{a.text}: {label(st, u)} -> {label(st, t)}, {known['dice']} dice"
    if verb in ON_A_UNIT and st.occ[a.a] >= 0:
        return f"{a.text}: {label(st, st.occ[a.a])}"
    if verb in (Verb.PLAY, Verb.KEEP):
        card = st.game.content.cards[a.a]
        return f"{a.text}: {card.text}"
    return a.text


__all__ = ["NAMES", "board", "cell", "describe", "render"]
