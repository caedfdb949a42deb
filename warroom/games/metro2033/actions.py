"""Every distinct Metro 2033 action once, interned at import (the fixed action space).

An action is a verb and typed parts with a short text that parses back. The texts name stations
by their board id ("OKH"), factions by theirs ("RL"), cards by their card id ("EQ-AKM", "Q-HEAD",
"BC-MARCH", "T1-RATS", "L-TAX") and resources by their letter ("M", "P", "A"):

    faction RL | hero ART | place OKH | move OKH | teleport Q-HEAD discard OKH
    attack OKH | attack hero RE | gather M | pass | end | done
    tax M | gain M | lose M | pay M | produce M | income M | target RE | seize OKH
    upkeep 5 | recruit 2 | vote for | vote against | colonize OKH | c05 peek | c05 skip | propose L-TAX
    announce OKH army | announce OKH hero | defend army | defend hero | card BC-MARCH
    boost Q-BORDERS pay attacker | grenade | explode | capture | decline | claim OKH | retreat OKH
    strip EQ-AKM | take EQ-AKM | none | discard EQ-AKM | keep Q-HEAD | keep EQ-AKM
    buy | quest | scout | exchange M P 2 | refresh | purchase EQ-AKM | complete Q-HEAD
    anywhere Q-ORDER pay | scout use | scout keep | svd peek | svd skip | svd top | svd bottom
    artyom peek | artyom skip | fight T1-RATS | reward EQ-AKM | reward quest
"""

from __future__ import annotations

from warroom.core.actions import Action, ActionTable, PartKind, parts
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import RESOURCES, Faction, Hero, QuestAbility

MAX_EXCHANGE = 35  # a player never holds more of one resource than the reserve's 35 (M33-GEN-03)
QUEST_MODES = ("discard", "pay")  # an uncompleted quest is discarded, a completed one costs 1 A (M33-QST-06)
SIDES = ("attacker", "defender")


class MetroTable(ActionTable):
    """The interned actions; `get(text)` is the one lookup the rules use."""

    def add(self, text: str, verb: str, *items: tuple[str, PartKind, object]) -> Action:
        action: Action = self.intern(Action(len(self.all), text, verb, parts(*items)))
        return action

    def get(self, text: str) -> Action:
        action: Action = self.by_text[text]
        return action


def _station(s: str) -> tuple[str, PartKind, object]:
    return ("station", PartKind.SPACE, s)


def _build() -> MetroTable:
    c = default_content()
    t = MetroTable()
    stations = BOARD.ids
    quests = list(c.quests)
    for verb in ("pass", "end", "done", "buy", "quest", "scout", "refresh", "capture", "decline", "none"):
        t.add(verb, verb)
    for verb in ("grenade", "explode"):
        t.add(verb, verb)
    for f in Faction:
        t.add(f"faction {f}", "faction", ("faction", PartKind.CHOICE, f.value))
    for h in Hero:
        t.add(f"hero {h}", "hero", ("hero", PartKind.CHOICE, h.value))
    for verb in ("place", "move", "attack", "colonize", "seize", "claim", "retreat"):
        for s in stations:
            t.add(f"{verb} {s}", verb, _station(s))
    for f in Faction:
        t.add(f"attack hero {f}", "attack_hero", ("faction", PartKind.CHOICE, f.value))
        t.add(f"target {f}", "target", ("faction", PartKind.CHOICE, f.value))
    for verb in ("gather", "tax", "gain", "lose", "pay", "produce", "income"):
        for r in RESOURCES:
            t.add(f"{verb} {r}", verb, ("resource", PartKind.CHOICE, r.value))
    for n in range(1, 9):
        t.add(f"upkeep {n}", "upkeep", ("amount", PartKind.AMOUNT, n))
    for n in range(8):
        t.add(f"recruit {n}", "recruit", ("amount", PartKind.AMOUNT, n))
    t.add("vote for", "vote", ("choice", PartKind.CHOICE, "for"))
    t.add("vote against", "vote", ("choice", PartKind.CHOICE, "against"))
    t.add("c05 peek", "c05", ("choice", PartKind.CHOICE, "peek"))
    t.add("c05 skip", "c05", ("choice", PartKind.CHOICE, "skip"))
    for law in c.laws:
        t.add(f"propose {law}", "propose", ("card", PartKind.CARD, law.value))
    for s in stations:
        for unit in ("army", "hero"):
            t.add(f"announce {s} {unit}", "announce", _station(s), ("unit", PartKind.CHOICE, unit))
    for unit in ("army", "hero"):
        t.add(f"defend {unit}", "defend", ("unit", PartKind.CHOICE, unit))
    for card in c.battle_cards:
        t.add(f"card {card}", "card", ("card", PartKind.CARD, card))
    for q in quests:
        qc = c.quests[q]
        if qc.ability_kind in (QuestAbility.ARMY_STRENGTH, QuestAbility.HERO_STRENGTH):
            for mode in QUEST_MODES:
                for side in SIDES:
                    t.add(
                        f"boost {q} {mode} {side}",
                        "boost",
                        ("card", PartKind.CARD, q),
                        ("mode", PartKind.CHOICE, mode),
                        ("side", PartKind.CHOICE, side),
                    )
        if qc.ability_kind == QuestAbility.ATTACK_ANYWHERE:
            for mode in QUEST_MODES:
                t.add(
                    f"anywhere {q} {mode}",
                    "anywhere",
                    ("card", PartKind.CARD, q),
                    ("mode", PartKind.CHOICE, mode),
                )
        if qc.ability_kind == QuestAbility.TELEPORT:
            for mode in QUEST_MODES:
                for s in stations:
                    t.add(
                        f"teleport {q} {mode} {s}",
                        "teleport",
                        ("card", PartKind.CARD, q),
                        ("mode", PartKind.CHOICE, mode),
                        _station(s),
                    )
        t.add(f"complete {q}", "complete", ("card", PartKind.CARD, q))
        t.add(f"keep {q}", "keep", ("card", PartKind.CARD, q))
    for e in c.equipment:
        for verb in ("strip", "take", "discard", "keep", "purchase", "reward"):
            t.add(f"{verb} {e}", verb, ("card", PartKind.CARD, e.value))
    t.add("reward quest", "reward", ("card", PartKind.CARD, "quest"))
    for x in RESOURCES:
        for y in RESOURCES:
            if x != y:
                for n in range(1, MAX_EXCHANGE + 1):
                    t.add(
                        f"exchange {x} {y} {n}",
                        "exchange",
                        ("give", PartKind.CHOICE, x.value),
                        ("get", PartKind.CHOICE, y.value),
                        ("amount", PartKind.AMOUNT, n),
                    )
    for verb, choices in (("scout", ("use", "keep")), ("svd", ("peek", "skip", "top", "bottom"))):
        for word in choices:
            t.add(f"{verb} {word}", verb, ("choice", PartKind.CHOICE, word))
    t.add("artyom peek", "artyom", ("choice", PartKind.CHOICE, "peek"))
    t.add("artyom skip", "artyom", ("choice", PartKind.CHOICE, "skip"))
    for threat in c.threats:
        t.add(f"fight {threat}", "fight", ("card", PartKind.CARD, threat))
    return t


TABLE = _build()
A = TABLE.get
