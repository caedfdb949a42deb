"""World of Tanks: Rush drawn as text for the terminal: shared piles, then one line per seat."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.wot_rush.words import CLASSES, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def _base(b: dict[str, object]) -> str:
    if not b["standing"]:
        return f"b{b['slot']}:--"
    mark = "*" if b["damaged"] else ""
    guard = b["defender"]
    if guard is None:
        return f"b{b['slot']}{mark}:open"
    return f"b{b['slot']}{mark}:{guard}{'*' if b['defender_damaged'] else ''}"


def render(st: WotState, player: int | None) -> str:
    v = st.view(player)
    decks = "  ".join(f"{nation} {ones}x1 {twos}x2" for nation, (ones, twos) in v["medal_decks"].items())
    state = "game over" if v["over"] else f"player {v['active']}'s turn"
    lines = [
        f"World of Tanks: Rush - turn {v['turn']}, round {v['round'] + 1}, {state}"
        + ("  [END TRIGGERED: last round]" if v["end_triggered"] and not v["over"] else ""),
        f"reserve (oldest first): {', '.join(_card(st, k) for k in v['reserve']) or '-'}",
        f"vehicle deck {v['vehicle_deck_count']}  discard {len(v['vehicle_discard'])}  "
        f"graveyard {len(v['graveyard'])}  medals: {decks}",
        f"achievements: {', '.join(v['achievements'])}   purchases {v['purchases']}/{v['purchase_limit']}"
        f"{'  attacked' if v['attacked'] else ''}",
    ]
    for p, seat in enumerate(v["seats"]):
        who = " (you)" if p == player else ""
        first = " [first]" if p == v["first_player"] else ""
        hand = ", ".join(seat["hand"]) if "hand" in seat else f"{seat['hand_count']} hidden"
        lines.append(
            f"player {p}{who}{first}: bases {' '.join(_base(b) for b in seat['bases'])} | hand {hand} | "
            f"hangar {seat['hangar_count']} | warehouse {len(seat['warehouse'])}"
        )
    if v["decision"]:
        d = v["decision"]
        extra = {k: val for k, val in d.items() if k not in ("kind", "player")}
        lines.append(f"decision: {d['kind']} for player {d['player']} {extra if extra else ''}".rstrip())
    if v["scores"]:
        lines.append(f"final medals: {v['scores']}")
    lines.append("(* = damaged)")
    return "\n".join(lines)


def _card(st: WotState, label: str) -> str:
    c = st.game.content
    k = c.kind_of_label(label)
    return f"{label}(c{c.cost[k]})"


def describe(st: WotState, action: Action) -> str:
    """The action's text, with the vehicle it names spelled out for a person."""
    a: WotAction = action  # type: ignore[assignment]  # only WotActions reach here
    c = st.game.content
    if 0 <= a.a < c.num_vehicles and a.verb not in (Verb.SCOUT, Verb.MEDALS):  # a.a is no card there
        k = a.a
        abil = ", ".join(f"{ab.name} {n}" if n else ab.name for ab, n in c.abilities[k])
        return (
            f"{a.text}  ({c.kind_name[k]}: {CLASSES[c.card_class[k]]}, "
            f"cost {c.cost[k]}, res {c.resource[k]}, str {c.strength[k]}, arm {c.armour[k]}"
            f"{', ' + abil if abil else ''})"
        )
    return a.text
