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

`SHAPES` declares them: each row a word, a verb and its parts with every value they take; the
table holds the product of each row's values. The lookup tuples at the end (`MOVE[s]`,
`GATHER[r]`, `EXCHANGES[r]` ...) are the rules' speed path (issue 15): an option list indexes
them instead of formatting and looking up a text per option.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import product

from warroom.core.actions import Action, ActionTable, Part, PartKind
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import RESOURCES, Faction, Hero, QuestAbility, Resource

MAX_EXCHANGE = 35  # a player never holds more of one resource than the reserve's 35 (M33-GEN-03)
QUEST_MODES = ("discard", "pay")  # an uncompleted quest is discarded, a completed one costs 1 A (M33-QST-06)
SIDES = ("attacker", "defender")

Dim = tuple[str, PartKind, Sequence[object]]  # a part: its role, its kind, every value it takes
Shape = tuple[str, str, tuple[Dim, ...]]  # the text's first word(s), the verb, the parts in text order


class MetroAction(Action):
    """An action plus what the rules read of it most, so they need not look its parts up: the
    board index of the station it names (-1 if none), its amount (-1 if none), its resource
    (None if none) and its card id ("" if none)."""

    __slots__ = ("amount", "card", "resource", "station")

    def __init__(self, index: int, text: str, verb: str, parts: tuple[Part, ...]) -> None:
        super().__init__(index, text, verb, parts)
        named = {p.role: p.value for p in parts}
        self.station = BOARD.index[str(named["station"])] if "station" in named else -1
        self.amount = int(named["amount"]) if "amount" in named else -1
        self.resource = Resource(named["resource"]) if "resource" in named else None
        self.card = str(named["card"]) if "card" in named else ""


class MetroTable(ActionTable):
    """The interned actions; `get(text)` is the one lookup by text the rules use."""

    all: list[MetroAction]

    def add_shape(self, word: str, verb: str, dims: tuple[Dim, ...]) -> None:
        """Every action of one shape: the product of its parts' values, in order."""
        for values in product(*(values for _role, _kind, values in dims)):
            text = " ".join((word, *(str(v) for v in values)))
            parts = tuple(Part(role, kind, v) for (role, kind, _), v in zip(dims, values, strict=True))
            self.intern(MetroAction(len(self.all), text, verb, parts))

    def get(self, text: str) -> MetroAction:
        action: MetroAction = self.by_text[text]
        return action


def _choice(role: str, *words: str) -> Dim:
    return (role, PartKind.CHOICE, words)


def shapes() -> list[Shape]:
    """Every action shape of the game, from the content (cards) and the board (stations)."""
    c = default_content()
    station: Dim = ("station", PartKind.SPACE, BOARD.ids)
    faction = _choice("faction", *(f.value for f in Faction))
    resource = _choice("resource", *(r.value for r in RESOURCES))
    unit = _choice("unit", "army", "hero")
    quests = list(c.quests)

    def quests_with(*abilities: QuestAbility) -> Dim:
        return ("card", PartKind.CARD, [q for q in quests if c.quests[q].ability_kind in abilities])

    def cards(values: Iterable[object]) -> Dim:
        return ("card", PartKind.CARD, [str(v) for v in values])

    plain = ("pass", "end", "done", "buy", "quest", "scout", "refresh", "capture", "decline", "none")
    return [
        *((verb, verb, ()) for verb in (*plain, "grenade", "explode")),
        ("faction", "faction", (faction,)),
        ("hero", "hero", (_choice("hero", *(h.value for h in Hero)),)),
        *(
            (verb, verb, (station,))
            for verb in ("place", "move", "attack", "colonize", "seize", "claim", "retreat")
        ),
        ("attack hero", "attack_hero", (faction,)),
        ("target", "target", (faction,)),
        *(
            (verb, verb, (resource,))
            for verb in ("gather", "tax", "gain", "lose", "pay", "produce", "income")
        ),
        ("upkeep", "upkeep", (("amount", PartKind.AMOUNT, range(1, 9)),)),
        ("recruit", "recruit", (("amount", PartKind.AMOUNT, range(8)),)),
        ("vote", "vote", (_choice("choice", "for", "against"),)),
        ("c05", "c05", (_choice("choice", "peek", "skip"),)),
        ("propose", "propose", (cards(c.laws),)),
        ("announce", "announce", (station, unit)),
        ("defend", "defend", (unit,)),
        ("card", "card", (cards(c.battle_cards),)),
        (
            "boost",
            "boost",
            (
                quests_with(QuestAbility.ARMY_STRENGTH, QuestAbility.HERO_STRENGTH),
                _choice("mode", *QUEST_MODES),
                _choice("side", *SIDES),
            ),
        ),
        ("anywhere", "anywhere", (quests_with(QuestAbility.ATTACK_ANYWHERE), _choice("mode", *QUEST_MODES))),
        (
            "teleport",
            "teleport",
            (quests_with(QuestAbility.TELEPORT), _choice("mode", *QUEST_MODES), station),
        ),
        ("complete", "complete", (cards(quests),)),
        ("keep", "keep", (cards([*quests, *c.equipment]),)),
        *((verb, verb, (cards(c.equipment),)) for verb in ("strip", "take", "discard", "purchase")),
        ("reward", "reward", (cards([*c.equipment, "quest"]),)),
        *(
            (
                "exchange",
                "exchange",
                (
                    _choice("give", x.value),
                    _choice("get", y.value),
                    ("amount", PartKind.AMOUNT, range(1, MAX_EXCHANGE + 1)),
                ),
            )
            for x in RESOURCES
            for y in RESOURCES
            if x != y
        ),
        ("scout", "scout", (_choice("choice", "use", "keep"),)),
        ("svd", "svd", (_choice("choice", "peek", "skip", "top", "bottom"),)),
        ("artyom", "artyom", (_choice("choice", "peek", "skip"),)),
        ("fight", "fight", (cards(c.threats),)),
    ]


def _build() -> MetroTable:
    table = MetroTable()
    for word, verb, dims in shapes():
        table.add_shape(word, verb, dims)
    return table


TABLE = _build()
A = TABLE.get


# ---------------------------------------------------------------- lookups for the rules' hot paths


def _per_station(verb: str) -> tuple[MetroAction, ...]:
    return tuple(A(f"{verb} {s}") for s in BOARD.ids)


def _per_resource(verb: str) -> tuple[MetroAction, ...]:
    return tuple(A(f"{verb} {r}") for r in RESOURCES)


MOVE, ATTACK, CLAIM, RETREAT, COLONIZE = (
    _per_station(v) for v in ("move", "attack", "claim", "retreat", "colonize")
)
ATTACK_HERO: dict[str, MetroAction] = {f.value: A(f"attack hero {f.value}") for f in Faction}  # by faction
ANNOUNCE_ARMY, ANNOUNCE_HERO = (
    tuple(A(f"announce {s} {unit}") for s in BOARD.ids) for unit in ("army", "hero")
)
GATHER, PRODUCE, TAX = (_per_resource(v) for v in ("gather", "produce", "tax"))
UPKEEP: tuple[MetroAction, ...] = tuple(A(f"upkeep {n}") for n in range(1, 9))  # UPKEEP[n - 1]
RECRUIT: tuple[MetroAction, ...] = tuple(A(f"recruit {n}") for n in range(8))
# EXCHANGES[x]: giving resource x, for n = 1, 2 ... and each other resource y (the order the act
# options list them), so giving at most h is the prefix EXCHANGES[x][: 2 * h]
EXCHANGES: tuple[tuple[MetroAction, ...], ...] = tuple(
    tuple(A(f"exchange {x} {y} {n}") for n in range(1, MAX_EXCHANGE + 1) for y in RESOURCES if y != x)
    for x in RESOURCES
)
