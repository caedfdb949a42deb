"""Every World of Tanks: Rush decision as an interned action (wot_rush.md §4.1, DP-02..DP-12).

One table per card set holds each distinct action once; `legal_actions` hands out these objects,
so equality is identity, nothing is allocated per decision, and `index` is a fixed action id.

Texts (K = a card kind: a vehicle id like SU-09, or engineer, technician, volunteer,
ussr_medal1, germany_medal2 ..., base; A = an ability rec|rei|inv|sab|res|call|rep;
pN = seat N (0-based), bN = base slot N (1-based); reserve positions 1-based, oldest first):

    end                     end Phase II (DP-02)
    buy K                   start a purchase of reserve card K (DP-03) ...
    pay K | done            ... paying card by card, `done` once enough is paid
    cancel                  ... or, before any card is paid, put it back: no purchase
    use K A                 play card K for its ability A (DP-04) ...
    then A | stop           ... resolve another printed ability of it, or stop
    defend K                zero-ability play: K goes straight into defence (DP-09, WOT-ABIL-04)
    scout none | scout 1,3  Reconnaissance: reserve positions to discard (DP-05)
    research K | research none            Research (DP-06)
    scrap K | done          Repair: warehouse cards to the graveyard, one at a time (DP-07)
    discard K               a Sabotage victim's discard (DP-08)
    guard bN                where the defender goes (DP-09)
    attack K                declare an attack starting with vehicle K (DP-10) ...
    add K | go              ... add same-nation vehicles, then launch it
    fire K pNbM | fire K none             one attack step (DP-11)
    medals 2+1 | medals 1+1+1 | medals none   the reward mix (DP-12)
"""

from __future__ import annotations

from itertools import combinations

from warroom.core.actions import Action, Part, PartKind, parts
from warroom.core.actions import ActionTable as CoreTable
from warroom.games.wot_rush.content import Content
from warroom.games.wot_rush.words import MAX_SEATS, Ability, Verb

MAX_REWARD = 24  # more vehicles than any attack can destroy (5 opponents' bases never exceed this)
CARD, SEAT, SPACE = PartKind.CARD, PartKind.SEAT, PartKind.SPACE
AMOUNT, CHOICE = PartKind.AMOUNT, PartKind.CHOICE


class WotAction(Action):
    """An action plus the small integers the rules dispatch on (-1 where unused): `a` a card kind
    (or a scout mask, a base slot, a medal count), `b` an ability or a seat, `c` a base slot."""

    __slots__ = ("a", "b", "c")

    verb: Verb

    def __init__(
        self, index: int, text: str, verb: Verb, a: int = -1, b: int = -1, *, c: int = -1,
        parts: tuple[Part, ...] = (),
    ) -> None:  # fmt: skip
        super().__init__(index, text, verb, parts)
        self.a = a
        self.b = b
        self.c = c


def scout_text(positions: tuple[int, ...]) -> str:
    return "scout " + (",".join(str(p + 1) for p in positions) if positions else "none")


def medals_text(twos: int, ones: int) -> str:
    words = ["2"] * twos + ["1"] * ones
    return "medals " + ("+".join(words) if words else "none")


class ActionTable(CoreTable):
    """All actions of one card set, with lookup lists indexed by kind, ability, seat and slot.

    Parts (built once here): `card` the card kind's label, `ability` its lower-case name, `seat`
    a seat, `base` a base slot 1..3, `positions` reserve positions (1-based, oldest first),
    `two_medal`/`one_medal` the counts of each medal card taken."""

    all: list[WotAction]

    def __init__(self, content: Content) -> None:
        super().__init__()
        labels = content.kind_label
        kinds = range(len(labels))
        vehicles = range(content.num_vehicles)
        slots = range(content.bases_per_player)

        def card(k: int) -> tuple[str, PartKind, str]:
            return ("card", CARD, labels[k])

        self.end = self._add("end", Verb.END)
        self.done = self._add("done", Verb.DONE)
        self.stop = self._add("stop", Verb.STOP)
        self.go = self._add("go", Verb.GO)
        self.buy = [self._add(f"buy {labels[k]}", Verb.BUY, k, parts=parts(card(k))) for k in vehicles]
        self.pay = [self._add(f"pay {labels[k]}", Verb.PAY, k, parts=parts(card(k)))
                    if content.resource[k] >= 0 else None for k in kinds]  # fmt: skip
        self.use = [{a: self._add(f"use {labels[k]} {a.name.lower()}", Verb.USE, k, a,
                                  parts=parts(card(k), ("ability", CHOICE, a.name.lower())))
                     for a, _ in content.abilities[k]} for k in kinds]  # fmt: skip
        self.then = {a: self._add(f"then {a.name.lower()}", Verb.THEN, -1, a,
                                  parts=parts(("ability", CHOICE, a.name.lower())))
                     for a in Ability}  # fmt: skip
        self.defend = [
            self._add(f"defend {labels[k]}", Verb.DEFEND, k, parts=parts(card(k))) for k in vehicles
        ]
        self.scout: dict[int, WotAction] = {}
        for size in range(content.reserve_size + 1):
            for combo in combinations(range(content.reserve_size), size):
                mask = sum(1 << p for p in combo)
                positions = parts(("positions", SPACE, tuple(p + 1 for p in combo)))
                self.scout[mask] = self._add(scout_text(combo), Verb.SCOUT, mask, parts=positions)
        self.research = [self._add(f"research {labels[k]}", Verb.RESEARCH, k, parts=parts(card(k)))
                         for k in vehicles]  # fmt: skip
        self.research_none = self._add("research none", Verb.RESEARCH)
        self.scrap = [self._add(f"scrap {labels[k]}", Verb.SCRAP, k, parts=parts(card(k))) for k in kinds]
        self.discard = [
            self._add(f"discard {labels[k]}", Verb.DISCARD, k, parts=parts(card(k))) for k in kinds
        ]
        self.guard = [
            self._add(f"guard b{s + 1}", Verb.GUARD, s, parts=parts(("base", SPACE, s + 1))) for s in slots
        ]
        self.attack = [
            self._add(f"attack {labels[k]}", Verb.ATTACK, k, parts=parts(card(k))) for k in vehicles
        ]
        self.add = [self._add(f"add {labels[k]}", Verb.ADD, k, parts=parts(card(k))) for k in vehicles]
        self.fire = [[[self._add(f"fire {labels[k]} p{q}b{s + 1}", Verb.FIRE, k, q, c=s,
                                 parts=parts(card(k), ("seat", SEAT, q), ("base", SPACE, s + 1)))
                       for s in slots] for q in range(MAX_SEATS)] for k in vehicles]  # fmt: skip
        self.fire_none = [
            self._add(f"fire {labels[k]} none", Verb.FIRE, k, parts=parts(card(k))) for k in vehicles
        ]
        self.medals = [[self._add(medals_text(twos, ones), Verb.MEDALS, twos, ones,
                                  parts=parts(("two_medal", AMOUNT, twos), ("one_medal", AMOUNT, ones)))
                        for ones in range(MAX_REWARD + 1)]
                       for twos in range(MAX_REWARD // 2 + 1)]  # fmt: skip
        self.cancel = self._add("cancel", Verb.CANCEL)  # last: every other action keeps its index

    def _add(
        self, text: str, verb: Verb, a: int = -1, b: int = -1, *, c: int = -1, parts: tuple[Part, ...] = ()
    ) -> WotAction:
        action: WotAction = self.intern(WotAction(len(self.all), text, verb, a, b, c=c, parts=parts))
        return action


_TABLES: dict[int, tuple[Content, ActionTable]] = {}  # id(content) -> (content, its table)


def table_for(content: Content) -> ActionTable:
    """The action table of a card set, built once per set (its ~3,000 actions and their parts
    take milliseconds, and every configured game of the set shares them). Keyed by identity:
    a Content is a large frozen dataclass, whose hash would read every table in it; the entry
    keeps its Content alive, so the id is never reused for another set."""
    entry = _TABLES.get(id(content))
    if entry is None or entry[0] is not content:
        entry = _TABLES[id(content)] = (content, ActionTable(content))
    return entry[1]
