"""Memoir '44 drawn as text for the terminal: the 13x9 hex board, short rows offset half a hex.

Each hex is 6 characters: terrain letter, feature/obstacle mark, then the unit as side letter
(a = Allies, x = Axis), kind letter and figures, e.g. `f*aI4` = forest, sandbags, Allied
infantry with 4 figures. A bridge over a river is drawn `=`; a bridge section on land (the end
of a long bridge) keeps its terrain letter, so `t=` is a bridge end in a town. Around the board,
everything reads as a player would say it: cards by their printed names, sides by their titles,
the units ordered this turn with what they did (and whether they may still battle), and a last
line naming who decides what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.memoir44.actions import M44Action, Verb
from warroom.games.memoir44.board import HEXES, NAMES, NUM_HEXES, ROWS
from warroom.games.memoir44.places import destination_words, unit_words
from warroom.games.memoir44.rules.battle import can_battle
from warroom.games.memoir44.rules.consequence import consequence
from warroom.games.memoir44.words import DRAW, RUNNING, SIDE_NAMES, SIDE_TITLES, Kind

if TYPE_CHECKING:
    from warroom.games.memoir44.state import M44State

KIND_LETTER = {"infantry": "I", "special_forces": "S", "resistance": "R", "armor": "T", "elite_armor": "E",
               "artillery": "G"}  # fmt: skip
SIDE_LETTER = ("a", "x")  # Allies, Axis
ON_A_UNIT = (Verb.ORDER, Verb.MOVE, Verb.AIR, Verb.BARRAGE, Verb.CLEAR_WIRE)  # `a` is the unit's hex
LEGEND = (
    "terrain: . clear  f forest  H hedgerow  h hill  t town  ~ river  = bridge (t= on land)  w ocean  "
    "b beach\n"
    "marks: * sandbags  # wire  x hedgehog  B bunker  o objective   units: a/x side + I infantry "
    "S special forces R resistance T armor E elite armor G artillery + figures"
)


def _mark(st: M44State, h: int) -> str:
    sc = st.m44.scenario
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
    if is_land_bridge(st, h):
        return "="
    return " "


def is_land_bridge(st: M44State, h: int) -> bool:
    """A bridge section on a land hex (the end of a long bridge): its terrain still counts."""
    return bool(st.m44.scenario.bridge[h]) and st.m44.terrain_kind[h] != "river"


def cell(st: M44State, h: int) -> str:
    """A bridge over a river is `=`; a bridge section on land keeps its terrain letter, with `=` as
    its mark unless an obstacle or objective takes the mark (the line under the board lists it)."""
    g = st.m44
    river_bridge = g.scenario.bridge[h] and not is_land_bridge(st, h)
    letter = "=" if river_bridge else g.content.terrain_kind(g.terrain_kind[h]).letter
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
    land = [f"{NAMES[h]} ({st.m44.terrain_kind[h]})" for h in range(NUM_HEXES) if is_land_bridge(st, h)]
    if land:
        lines.append(f"bridge sections on land: {', '.join(land)}")
    return lines


# what each decision asks, in words (the decision line under the board)
ASKS = {
    Kind.CARD: "play a Command card",
    Kind.SECTION: "choose the section for Infantry Assault",
    Kind.ORDER: "order units (the card says which and how many), then done",
    Kind.MEDICS: "choose the unit Medics & Mechanics heals",
    Kind.AIR: "choose Air Power's targets, then done",
    Kind.BARRAGE: "choose Barrage's target",
    Kind.MOVE: "move ordered units one at a time, then done",
    Kind.BATTLE: "battle with ordered units one at a time, then done",
    Kind.AMBUSH: "play Ambush against the Close Assault, or not",
    Kind.IGNORE: "ignore the first flag, or accept it",
    Kind.RETREAT: "retreat one hex toward your edge",
    Kind.GROUND: "take ground into the hex the enemy left, or hold",
    Kind.OVERRUN: "armor overrun: battle once more, or done",
    Kind.KEEP: "Recon: keep one of the two cards drawn",
}


def card_name(st: M44State, kind: str) -> str:
    """A card as printed on the box's card ("Probe Center"), not its engine id ("probe_center")."""
    return st.m44.content.card(kind).name


def _cards(st: M44State, kinds: list[str]) -> str:
    return ", ".join(card_name(st, k) for k in kinds) or "-"


def _result(st: M44State) -> str:
    if st.result == RUNNING:
        return f"turn {st.turn}: the {SIDE_TITLES[st.active]} to play"
    if st.result == DRAW:
        return f"game over: a draw, no side won within {st.m44.max_turns} turns"
    return f"game over: the {SIDE_TITLES[st.result]} win"


def _ordered(st: M44State) -> str | None:
    """The units ordered this turn, each with what it has done and whether it may still battle."""
    units = [u for u, on in enumerate(st.ordered) if on and st.unit_hex[u] >= 0]
    if not units or st.result != RUNNING:
        return None
    parts = []
    for u in units:
        moved = st.moved[u]
        did = "not moved" if moved < 0 else f"moved {moved}"
        if st.battles[u]:
            did += ", battled"
        elif not can_battle(st, u):
            did += ", cannot battle this turn"
        # the terminal's board prints each hex's coordinates, so its lines name a unit by them
        g = st.m44
        unit = f"{SIDE_TITLES[g.unit_side[u]]} {g.unit_noun[u]} ({st.unit_fig[u]}) at {NAMES[st.unit_hex[u]]}"
        parts.append(f"{unit} ({did})")
    return "ordered: " + "; ".join(parts)


def _decision(st: M44State) -> str | None:
    if st.decision is None:
        return None
    kind, seat = st.decision[0], st.decision[1]
    side = st.m44.side_of_seat(seat)
    return f"now: the {SIDE_TITLES[side]} (player {seat}): {ASKS.get(kind, kind)}"


def render(st: M44State, player: int | None) -> str:
    v = st.view(player)
    sc = st.m44.scenario
    top = SIDE_TITLES[1 - sc.bottom_side]
    medals, target, sizes = v["medals"], v["victory_medals"], v["hand_sizes"]
    in_play = "-"
    if v["in_play"]:
        card = st.m44.content.card(v["in_play"][0])
        in_play = f"{card.name} ({card.text})"
    lines = [
        f"Memoir '44 - {sc.name} - {_result(st)}",
        f"medals: Allies {medals['allies']}/{target['allies']}, Axis {medals['axis']}/{target['axis']}"
        f"   (top edge: the {top})",
        *board(st),
        LEGEND,
        f"deck {v['deck_count']}  discard {len(v['discard'])}  hands: Allies {sizes['allies']}, "
        f"Axis {sizes['axis']}",
        f"card in play: {in_play}",
    ]
    for side, hand in v["hands"].items():
        if hand is not None:
            names = sorted(card_name(st, k) for k in hand)
            lines.append(f"your hand ({SIDE_TITLES[SIDE_NAMES.index(side)]}): {', '.join(names) or '-'}")
    if isinstance(v["recon"], list) and v["recon"]:
        lines.append(f"Recon drew: {_cards(st, v['recon'])}")
    lines.extend(line for line in (_ordered(st), _decision(st)) if line)
    return "\n".join(lines)


def describe(st: M44State, action: Action) -> str:
    """The action's text, with the units spelled out for a person as the board shows them (their
    terrain and section from the deciding side's seat, places.py), so the words need no hex
    coordinates: the typed text before them keeps those. A battle's dice are not repeated here:
    they are the option's consequence (`Game.consequence`), which the browser and the terminal
    show beside this wording."""
    assert isinstance(action, M44Action)
    a, verb = action, action.verb
    if verb == Verb.BATTLE:
        known = consequence(st, a)
        if known is not None:
            u, t = st.occ[a.a], known["unit"]
            return f"{a.text}: {unit_words(st, u)} -> {unit_words(st, t)}"
    if verb == Verb.MOVE and st.occ[a.a] >= 0:  # where to, so the options of one unit read apart
        return f"{a.text}: {unit_words(st, st.occ[a.a])}, {destination_words(st, a.a, a.b)}"
    if verb in ON_A_UNIT and st.occ[a.a] >= 0:
        return f"{a.text}: {unit_words(st, st.occ[a.a])}"
    if verb == Verb.RETREAT and st.decision is not None:  # the retreating unit's step (M44-RETR-02)
        t = int(st.decision[2])
        return f"{a.text}: {unit_words(st, t)}, {destination_words(st, st.unit_hex[t], a.a)}"
    if verb in (Verb.PLAY, Verb.KEEP):
        card = st.m44.content.cards[a.a]
        return f"{a.text}: {card.name} - {card.text}"
    if verb == Verb.DONE and st.decision is not None:
        return f"{a.text}: {DONE_WORDS.get(st.decision[0], 'end this step')}"
    if verb in STAY_WORDS:
        return f"{a.text}: {STAY_WORDS[verb]}"
    return a.text


# What `done` ends in each step: the explicit "stay" of movement (a unit not moved stays where it
# is and may still battle, M44-MOVE-01) and the end of ordering, battling or choosing targets.
DONE_WORDS = {
    Kind.ORDER: "order no more units",
    Kind.MOVE: "move no more: every ordered unit not moved yet stays where it is",
    Kind.BATTLE: "battle no more this turn",
    Kind.AIR: "choose no more Air Power targets",
}
STAY_WORDS = {
    Verb.HOLD: "stay in place: do not take ground",
    Verb.STOP_RETREAT: "stop here: retreat no further",
}


__all__ = ["NAMES", "board", "cell", "describe", "render"]
