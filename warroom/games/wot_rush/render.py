"""World of Tanks: Rush drawn as text for the terminal: shared piles, then one line per seat."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.game import Action
from warroom.games.wot_rush.rules.scoring import achievement_winners
from warroom.games.wot_rush.words import CLASSES, Kind, Verb

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
    # while playing, the round in progress (1-based); at the end, the rounds played, as in the log
    state = (
        f"game over after {v['round']} rounds"
        if v["over"]
        else f"round {v['round'] + 1}, player {v['active']}'s turn"
    )
    lines = [
        f"World of Tanks: Rush - turn {v['turn']}, {state}"
        + ("  [END TRIGGERED: last round]" if v["end_triggered"] and not v["over"] else ""),
        f"reserve (oldest first): {', '.join(_card(st, k) for k in v['reserve']) or '-'}",
        f"vehicle deck {v['vehicle_deck_count']}  discard {len(v['vehicle_discard'])}  "
        f"graveyard {len(v['graveyard'])}  medals: {decks}",
        f"achievements: {', '.join(map(_achievement(st), v['achievements'])) or '-'}"
        f"   purchases {v['purchases']}/{v['purchase_limit']}"
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
        lines.append(f"decision: {decision_words(v['decision'])}")
    if v["scores"]:
        lines.append(f"final medals: {v['scores']}")
        lines.extend(_achievement_results(st))
    lines.append("(* = damaged)")
    return "\n".join(lines)


_ASKS = {
    Kind.MAIN: "play a card, buy, attack or end Phase II",
    Kind.PAY: "pay for the purchase",
    Kind.MORE: "use another ability of the card or stop",
    Kind.SCOUT: "choose reserve cards to discard (Reconnaissance)",
    Kind.RESEARCH: "choose a card to research",
    Kind.REPAIR: "scrap warehouse cards (Repair)",
    Kind.SABOTAGE: "discard a card (Sabotage)",
    Kind.PLACE: "choose the base the defender guards",
    Kind.DECLARE: "add vehicles to the attack or launch it",
    Kind.FIRE: "fire the next attacking card",
    Kind.REWARD: "choose the medal cards of the reward",
}


def decision_words(d: dict[str, Any]) -> str:
    """The view's pending decision as a sentence (no Python dict on the screen)."""
    words = [f"player {d['player']} to {_ASKS.get(d['kind'], d['kind'])}"]
    if "card" in d:
        pending = ", ".join(a.lower() for a in d["pending_abilities"])
        words.append(f"card {d['card']}" + (f" (abilities left: {pending})" if pending else ""))
    if "paid" in d:
        words.append(f"paid {d['paid_total']} so far")
    if "declared" in d:
        words.append(f"attacking with {', '.join(d['declared']) or 'nothing yet'}")
    if "destroyed" in d:
        words.append(f"{d['destroyed']} destroyed")
    if "nation" in d:
        words.append(f"medals from the {d['nation']} deck")
    if "n" in d:
        words.append(f"up to {d['n']}")
    if "victims" in d:
        words.append(f"victims still to discard: {', '.join(f'player {p}' for p in d['victims'])}")
    return "; ".join(words)


def _achievement(st: WotState) -> Callable[[str], str]:
    names = {a.id: a.name for a in st.game.content.achievements}
    return lambda ach_id: f"{ach_id} {names[ach_id]}"


def _achievement_results(st: WotState) -> list[str]:
    """Who took which achievement (WOT-SCORE-02), for the end screen."""
    achievements = st.game.content.achievements
    won = achievement_winners(st)
    return [
        f"  {achievements[a].id} {achievements[a].name}: "
        + (f"player {won[a]}" if a in won else "nobody (tie or none)")
        for a in st.achievements
    ]


def _card(st: WotState, label: str) -> str:
    c = st.game.content
    k = c.kind_of_label(label)
    return f"{label}(c{c.cost[k]})"


def describe(st: WotState, action: Action) -> str:
    """The action's text, with the vehicle it names spelled out for a person."""
    a: WotAction = action  # type: ignore[assignment]  # only WotActions reach here
    c = st.game.content
    if a.verb == Verb.GUARD:
        return f"{a.text}  ({_guard_words(st, a.a)})"
    # a.a is no card for these: a scout mask, a medal count, a base slot
    if 0 <= a.a < c.num_vehicles and a.verb not in (Verb.SCOUT, Verb.MEDALS, Verb.GUARD):
        k = a.a
        abil = ", ".join(f"{ab.name} {n}" if n else ab.name for ab, n in c.abilities[k])
        return (
            f"{a.text}  ({c.kind_name[k]}: {CLASSES[c.card_class[k]]}, "
            f"cost {c.cost[k]}, res {c.resource[k]}, str {c.strength[k]}, arm {c.armour[k]}"
            f"{', ' + abil if abil else ''})"
        )
    return a.text


def _guard_words(st: WotState, slot: int) -> str:
    """A `guard bN` option: the defender being placed and what base N holds now (`slot` is the
    0-based base slot, not a card)."""
    label = st.game.content.label
    i = st.active * st.game.content.bases_per_player + slot
    who = label(st.card) if st.card >= 0 else "the defender"
    now = st.guard[i]
    return f"{who} guards base {slot + 1}" + (f", replacing {label(now)}" if now >= 0 else ", now open")
