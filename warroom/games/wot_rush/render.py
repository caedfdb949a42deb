"""World of Tanks: Rush drawn as text for the terminal: shared piles, then one line per seat.

Cards read by their printed names with the id that is typed in brackets (`Char D2 [FR-07]`,
`Engineer [engineer]`); bases are `bN` as typed in `guard bN` and `fire K pNbM`."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from warroom.core.game import Action
from warroom.games.wot_rush.rules.attack import forecast
from warroom.games.wot_rush.rules.scoring import achievement_winners
from warroom.games.wot_rush.words import ABILITY_NAMES, CLASSES, Kind, Verb

if TYPE_CHECKING:
    from warroom.games.wot_rush.actions import WotAction
    from warroom.games.wot_rush.state import WotState


def _base(st: WotState, b: dict[str, Any]) -> str:
    if not b["standing"]:
        return f"b{b['slot']}:--"
    mark = "*" if b["damaged"] else ""
    guard = b["defender"]
    if guard is None:
        return f"b{b['slot']}{mark}:open"
    return f"b{b['slot']}{mark}:{_named(st, guard)}{'*' if b['defender_damaged'] else ''}"


def _named(st: WotState, label: str) -> str:
    """A card as a person reads it, with the id that is typed: "Char D2 [FR-07]"."""
    c = st.wot.content
    return f"{c.kind_name[c.kind_of_label(label)]} [{label}]"


def render(st: WotState, player: int | None) -> str:
    v = st.view(player)
    decks = "  ".join(f"{nation} {ones}x1 {twos}x2" for nation, (ones, twos) in v["medal_decks"].items())
    # while playing, the round in progress (1-based); at the end, the rounds played, as in the log
    state = (
        f"game over after {v['round']} round{'s' * (v['round'] != 1)}"
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
        hand = (
            ", ".join(_named(st, k) for k in seat["hand"])
            if "hand" in seat
            else f"{seat['hand_count']} hidden"
        )
        lines.append(
            f"player {p}{who}{first}: bases {' '.join(_base(st, b) for b in seat['bases'])} | hand {hand} | "
            f"hangar {seat['hangar_count']} | warehouse {len(seat['warehouse'])}"
        )
    if v["decision"]:
        lines.append(f"decision: {decision_words(v['decision'], lambda k: _named(st, k))}")
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


def _card_words(d: dict[str, Any], name: Callable[[str], str]) -> str:
    pending = ", ".join(a.lower() for a in d["pending_abilities"])
    return f"card {name(d['card'])}" + (f" (abilities left: {pending})" if pending else "")


# What a pending decision may carry, in the order it is said: the key the view gives it under and
# its words (the card's name and the declared attackers through the caller's `name`).
_DECISION_PARTS: tuple[tuple[str, Callable[[dict[str, Any], Callable[[str], str]], str]], ...] = (
    ("card", _card_words),
    ("paid", lambda d, _name: f"paid {d['paid_total']} so far"),
    ("declared", lambda d, name: "attacking with " + (", ".join(map(name, d["declared"])) or "nothing yet")),
    ("destroyed", lambda d, _name: f"{d['destroyed']} destroyed"),
    ("nation", lambda d, _name: f"medals from the {d['nation']} deck"),
    ("n", lambda d, _name: f"up to {d['n']}"),
    (
        "victims",
        lambda d, _name: "victims still to discard: " + ", ".join(f"player {v}" for v in d["victims"]),
    ),
)


def decision_words(d: dict[str, Any], name: Callable[[str], str] = str) -> str:
    """The view's pending decision as a sentence (no Python dict on the screen)."""
    words = [f"player {d['player']} to {_ASKS.get(d['kind'], d['kind'])}"]
    words += [say(d, name) for key, say in _DECISION_PARTS if key in d]
    return "; ".join(words)


def _achievement(st: WotState) -> Callable[[str], str]:
    names = {a.id: a.name for a in st.wot.content.achievements}
    return lambda ach_id: f"{ach_id} {names[ach_id]}"


def _achievement_results(st: WotState) -> list[str]:
    """Who took which achievement (WOT-SCORE-02), for the end screen."""
    achievements = st.wot.content.achievements
    won = achievement_winners(st)
    return [
        f"  {achievements[a].id} {achievements[a].name}: "
        + (f"player {won[a]}" if a in won else "nobody (tie or none)")
        for a in st.achievements
    ]


def _card(st: WotState, label: str) -> str:
    c = st.wot.content
    return f"{_named(st, label)} cost {c.cost[c.kind_of_label(label)]}"


def describe(st: WotState, action: Action) -> str:
    """The action's text (what is typed), then in words what it names: the card by its printed
    name and facts, the target a shot hits and what it does, the base a defender guards."""
    a: WotAction = action  # type: ignore[assignment]  # only WotActions reach here
    c = st.wot.content
    if a.verb == Verb.GUARD:
        return f"{a.text}  ({_guard_words(st, a.a)})"
    if a.verb == Verb.CANCEL and st.card >= 0:
        return f"{a.text}  (put {c.kind_name[c.kind[st.card]]} back: no purchase, nothing paid)"
    if a.verb == Verb.FIRE and 0 <= a.a < c.num_vehicles:
        return f"{a.text}  ({_fire_words(st, a)})"
    # a.a is no card for these: a scout mask, a medal count, a base slot
    if 0 <= a.a < c.num_vehicles and a.verb not in (Verb.SCOUT, Verb.MEDALS, Verb.GUARD):
        k = a.a
        abil = ", ".join(f"{ABILITY_NAMES[ab]} {n}" if n else ABILITY_NAMES[ab] for ab, n in c.abilities[k])
        return (
            f"{a.text}  ({c.kind_name[k]}: {CLASSES[c.card_class[k]]}, "
            f"cost {c.cost[k]}, resource {c.resource[k]}, strength {c.strength[k]}, armour {c.armour[k]}"
            f"{', ' + abil if abil else ''})"
        )
    if a.verb in (Verb.PAY, Verb.USE, Verb.SCRAP, Verb.DISCARD) and 0 <= a.a < len(c.kind_name):
        return f"{a.text}  ({c.kind_name[a.a]})"
    if a.verb in (Verb.END, Verb.DONE, Verb.STOP, Verb.GO) and st.decision is not None:
        return f"{a.text}  ({ENOUGH_WORDS.get(st.decision[0], 'end this step')})"
    return a.text


# What `end`, `done`, `stop` and `go` close, by decision.
ENOUGH_WORDS = {
    Kind.MAIN: "end Phase II: play nothing more this turn",
    Kind.PAY: "pay no more: the card is bought, any surplus is lost",
    Kind.MORE: "use no more abilities of this card",
    Kind.REPAIR: "scrap no more cards",
    Kind.DECLARE: "add no more vehicles: launch the attack",
}


def _fire_words(st: WotState, a: WotAction) -> str:
    """A shot in words: "Char D2 fires at player 1's base 2: its defender Tiger is destroyed"."""
    c = st.wot.content
    shooter = c.kind_name[a.a]
    known = forecast(st, a) or {}
    if a.b < 0:
        return f"{shooter} has no target: the shot is wasted"
    where = f"player {a.b}'s base {a.c + 1}"
    if known.get("target") == "defender":
        defender = c.kind_name[c.kind_of_label(known["defender"])]
        return f"{shooter} fires at {where}: its defender {defender} is {known['result']}"
    return f"{shooter} fires at {where} (unguarded): the base is {known.get('result', 'hit')}"


def _guard_words(st: WotState, slot: int) -> str:
    """A `guard bN` option: the defender being placed and what base N holds now (`slot` is the
    0-based base slot, not a card)."""
    c = st.wot.content

    def label(card: int) -> str:
        return str(c.kind_name[c.kind[card]])

    i = st.active * st.wot.content.bases_per_player + slot
    who = label(st.card) if st.card >= 0 else "the defender"
    now = st.guard[i]
    return f"{who} guards base {slot + 1}" + (f", replacing {label(now)}" if now >= 0 else ", now open")
