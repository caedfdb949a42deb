"""Every Metro 2033 option in words a player reads (issue 12: what a player sees is the product).

`describe(st, action)` returns the typed text (what the engine parses back, unchanged) and then,
in brackets, what the option does in the box's words: stations by name, factions and heroes by
name, cards by their printed names, resources as mushrooms, pigs and ammo, and what is paid.
The web table shows the bracketed words and keeps the typed text as the button's tooltip; the
terminal lists both. The texts themselves are the action table's (actions.py).

Words that depend on the decision (`pass`, `done`, `end`, `none`) are looked up by the pending
decision's kind, so "done" after a battle's effects reads differently from "done" at the market.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from warroom.core.game import Action
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.names import C, card, faction, noun, possessive, resource, station
from warroom.games.metro2033.rules.common import describe_cost, price
from warroom.games.metro2033.rules.turns import UPKEEP_COST
from warroom.games.metro2033.words import Hero, Purchase

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# The options whose words are fixed, by what they answer: a choice's verb and its choice
# ("vote for"), or the pending decision's kind and an option without parts ("done" after a
# battle's effects reads differently from "done" at the market; render.ASKS names the kinds).
FIXED: Mapping[tuple[str, str], str] = {
    ("vote", "for"): "vote for the law",
    ("vote", "against"): "vote against the law",
    ("c05", "peek"): "look at the top 2 laws (Confederation of 1905)",
    ("c05", "skip"): "do not look at the laws",
    ("scout", "use"): "put your scouting card on top of the threat deck",
    ("scout", "keep"): "keep your scouting card for later",
    ("svd", "peek"): "look at the top threat card (SVD rifle)",
    ("svd", "skip"): "do not use the SVD rifle",
    ("svd", "top"): "leave the threat card on top",
    ("svd", "bottom"): "put the threat card at the bottom of the deck",
    ("artyom", "peek"): "look at 2 threat cards and fight one (Artyom)",
    ("artyom", "skip"): "fight the top threat card unseen",
    ("army", "pass"): "the army does nothing this turn",
    ("colon", "pass"): "colonize no station",
    ("act", "end"): "take no hero action",
    ("post", "done"): "end the hero's turn",
    ("wown", "done"): "go on without a quest or an ability",
    ("shop", "done"): "buy nothing more",
    ("wb", "done"): "play no more battle effects",
    ("strip", "none"): "take none of the beaten hero's equipment",
}
CHOICE_VERBS = frozenset({"vote", "c05", "scout", "svd", "artyom"})  # options "VERB CHOICE"
VERB_PLAIN: Mapping[str, str] = {
    "pass": "do nothing",
    "end": "end",
    "done": "go on",
    "none": "take nothing",
    "grenade": "throw the grenade: your hero +3 strength in this battle (Grenade)",
    "explode": "blow up the station your hero stands on (Explosives)",
    "buy": "buy equipment at the Hanza market",
    "refresh": "renew the Hanza market",
    "scout": "scout the tunnels: draw a threat card as your scouting card",
    "decline": "leave the station neutral",
}


def cost(st: MetroState, purchase: Purchase) -> str:
    return " + ".join(resource(r.value, n) for r, n in price(st, purchase).items()) or describe_cost({})


def _unit(st: MetroState) -> str:
    """Who attacks: the army in the army's turn, the hero in the hero's (M33-ARM-01, M33-HAC-01)."""
    return "your army" if st.decision is not None and st.decision.kind == "army" else "your hero"


def _amount(action: Action) -> int:
    return int(action.part("amount"))


def _upkeep(st: MetroState, a: Action) -> str:
    n = _amount(a)
    paid = UPKEEP_COST[n]
    seat = st.decision.seat if st.decision is not None else -1
    kept = "keep" if seat < 0 or st.army[seat] == n else "cut your army to"
    return f"{kept} strength {n}, paying {resource('P', paid) if paid else 'nothing'}"


def _recruit(st: MetroState, a: Action) -> str:
    n = _amount(a)
    if n == 0:
        return "recruit no one"
    each = price(st, Purchase.RECRUIT)
    total = " + ".join(resource(r.value, k * n) for r, k in each.items())
    return f"army +{n} strength for {total}"


def _exchange(_st: MetroState, a: Action) -> str:
    return f"give {resource(a.part('give'), _amount(a))} for {resource(a.part('get'), _amount(a))}"


def _boost(_st: MetroState, a: Action) -> str:
    how = "discarding" if a.part("mode") == "discard" else "paying 1 ammo to reuse"
    return f"+1 or -1 strength to the {a.part('side')}, {how} {card(a.part('card'))}"


def _quest_use(a: Action) -> str:
    return "discarding" if a.part("mode") == "discard" else "paying 1 ammo to reuse"


WORDS: Mapping[str, Callable[[MetroState, Action], str]] = {
    "faction": lambda _st, a: f"lead the {faction(a.part('faction'))}",
    "hero": lambda _st, a: f"take {C.heroes[Hero(str(a.part('hero')))].name} as your hero",
    "place": lambda _st, a: f"your hero starts at {station(a.part('station'))}",
    "move": lambda _st, a: f"your hero goes to {station(a.part('station'))}",
    # "attack ..." first: the web list says the verb once ("attack — Tretyakovskaya with your army")
    "attack": lambda st, a: f"attack {station(a.part('station'))} with {_unit(st)}",
    "attack_hero": lambda st, a: f"attack the {possessive(faction(a.part('faction')))} hero with {_unit(st)}",
    "colonize": lambda st, a: f"colonize {station(a.part('station'))} (Colonization)",
    "seize": lambda _st, a: f"the opponent loses {station(a.part('station'))}",
    "claim": lambda _st, a: f"claim {station(a.part('station'))}",
    "retreat": lambda _st, a: f"your wounded hero retreats to {station(a.part('station'))}",
    "target": lambda _st, a: f"the {possessive(faction(a.part('faction')))} player loses it",
    "gather": lambda _st, a: f"the army gathers {noun(a.part('resource'))}",
    "tax": lambda _st, a: f"take {resource(a.part('resource'))} (Taxation)",
    "gain": lambda _st, a: f"take {resource(a.part('resource'))}",
    "lose": lambda _st, a: f"the opponent loses {resource(a.part('resource'))}",
    "pay": lambda _st, a: f"pay {resource(a.part('resource'))} (Non-Aggression Pact)",
    "produce": lambda _st, a: f"Sasha produces {noun(a.part('resource'))}",
    "income": lambda _st, a: f"this Polis station produces {noun(a.part('resource'))}",
    "upkeep": _upkeep,
    "recruit": _recruit,
    "exchange": _exchange,
    "propose": lambda _st, a: f"put {card(a.part('card'))} to the vote",
    "announce": lambda _st, a: (
        f"the threat strikes {station(a.part('station'))}, met by your {a.part('unit')}"
    ),
    "defend": lambda _st, a: f"defend with your {a.part('unit')}",
    "card": lambda _st, a: card(a.part("card")),
    "boost": _boost,
    "anywhere": lambda _st, a: (
        f"your army may attack any station this round, {_quest_use(a)} {card(a.part('card'))}"
    ),
    "teleport": lambda _st, a: (
        f"your hero goes to {station(a.part('station'))}, {_quest_use(a)} {card(a.part('card'))}"
    ),
    "complete": lambda _st, a: f"complete the quest {card(a.part('card'))}",
    "keep": lambda _st, a: f"keep {card(a.part('card'))}",
    "strip": lambda _st, a: f"take {card(a.part('card'))}",
    "take": lambda _st, a: f"take {card(a.part('card'))} from the beaten hero",
    "discard": lambda _st, a: f"discard {card(a.part('card'))}",
    "purchase": lambda st, a: f"buy {card(a.part('card'))} for {cost(st, Purchase.EQUIPMENT)}",
    "reward": lambda _st, a: (
        "take the top quest card"
        if a.part("card") == "quest"
        else f"take {card(a.part('card'))} from the market"
    ),
    "fight": lambda _st, a: f"fight {card(a.part('card'))}",
    "quest": lambda st, _a: f"get a quest for {cost(st, Purchase.QUEST)}",
    "refresh": lambda st, _a: f"renew the Hanza market for {cost(st, Purchase.REFRESH)}",
    "capture": lambda st, _a: _capture(st),
}


def _capture(st: MetroState) -> str:
    at = st.bt.get("station") if st.bt else None
    return f"pay to capture {station(BOARD.ids[int(at)])}" if at is not None else "pay to capture the station"


def _answers(st: MetroState, action: Action) -> tuple[str, str]:
    """What `action` answers, as FIXED keys it: (verb, choice) or (decision kind, verb)."""
    if action.verb in CHOICE_VERBS and action.parts:
        return action.verb, str(action.part("choice"))
    return st.decision.kind if st.decision is not None else "", action.verb


def words(st: MetroState, action: Action) -> str:
    """What `action` does, in the box's words, with no engine id in it."""
    verb = action.verb
    fixed = FIXED.get(_answers(st, action))
    if fixed is not None:
        return fixed
    if verb in WORDS:
        return WORDS[verb](st, action)
    return VERB_PLAIN[verb]


def describe(st: MetroState, action: Action) -> str:
    """The typed text, then its words in brackets (the other games' `describe` shape)."""
    return f"{action.text}  ({words(st, action)})"
