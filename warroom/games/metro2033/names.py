"""Metro 2033's things named as the box names them, for event texts and option words (issue 12).

Stations by their printed name ("Teatralnaya"), cards by theirs ("Tunnel Ambush"), resources as
mushrooms, pigs and ammo, a faction with its article and the number its verb takes ("the Red
Line attacks", "the Bandits attack": factions.toml's `plural`). A seat before the draft has no
faction yet and is "player N", as the terminal's seat lines number it. Everything here is a pure
function of the content: the tables are built at import, and the phrases that vary (amounts, a
faction with a verb) once each on first use (event texts are on the hot path, issue 12).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import CardKind, Faction, Resource, Reward, Symbol

C = default_content()
STATION_NAMES: Mapping[str, str] = {s.id: s.name for s in C.board.stations}
STATION: tuple[str, ...] = tuple(STATION_NAMES[sid] for sid in BOARD.ids)  # by board index
CARD_NAMES: Mapping[str, str] = {str(card.id): card.name for kind in CardKind for card in C.cards(kind)}
RESOURCE_WORDS: Mapping[str, tuple[str, str]] = {  # one, many (M33-GEN-03)
    Resource.MUSHROOM.value: ("mushroom", "mushrooms"),
    Resource.PIG.value: ("pig", "pigs"),
    Resource.AMMO.value: ("ammo", "ammo"),
}
SYMBOL_WORDS: Mapping[str, str] = {  # a round-track space's symbols (M33-EVT-02)
    **{r: many for r, (_one, many) in RESOURCE_WORDS.items()},
    Symbol.LAW.value: "a law vote",
    Symbol.THREAT.value: "a threat",
}
REWARD_WORDS: Mapping[str, str] = {  # a threat card's reward (§2.7-2.8; M33-THR-03..07)
    Reward.G1.value: "gain 1 resource",
    Reward.G2.value: "gain 2 resources",
    Reward.L1.value: "an opponent loses 1 resource",
    Reward.L2.value: "an opponent loses 2 resources",
    Reward.EQ_Q.value: "a market equipment card or the top quest",
    Reward.ARMY_1.value: "army +1 strength",
    Reward.LS1.value: "an opponent loses 1 station",
}
TITLE: Mapping[str, str] = {f.value: f"the {C.factions[f].name}" for f in Faction}  # "the Bandits"
PLURAL: Mapping[str, bool] = {f.value: C.factions[f].plural for f in Faction}


def station(sid: object) -> str:
    return STATION_NAMES[str(sid)]


def card(cid: object) -> str:
    return CARD_NAMES.get(str(cid), str(cid))


def faction(fid: object) -> str:
    return C.factions[Faction(str(fid))].name


_AMOUNT: dict[tuple[object, int], str] = {}  # (resource, n) -> "2 pigs", built once each (speed)


def resource(r: object, n: int = 1) -> str:
    """ "1 pig", "2 mushrooms", "3 ammo" (a Resource and its letter are the same key)."""
    said = _AMOUNT.get((r, n))
    if said is None:
        one, many = RESOURCE_WORDS[str(r)]
        said = _AMOUNT[r, n] = f"{n} {one if n == 1 else many}"
    return said


def noun(r: object) -> str:
    """A resource as a kind: mushrooms, pigs, ammo."""
    return RESOURCE_WORDS[str(r)][1]


def listing(words: Iterable[str], empty: str = "nothing") -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(words)
    if not items:
        return empty
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def amounts(pairs: Iterable[tuple[object, int]]) -> str:
    """ "2 mushrooms, 1 pig and 2 ammo" for (resource, count) pairs; "nothing" if none."""
    return listing(resource(r, n) for r, n in pairs)


def possessive(name: str) -> str:
    """ "the Bandits' hero", "the Red Line's hero"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def conjugate(verb: str, plural: bool) -> str:
    """`verb` (its plain form, "defend", "blow up") as a singular or plural subject takes it:
    the first word gets the third person's -s (-es after a hiss or an o, -ies after a consonant's
    y; "have" is "has")."""
    if plural:
        return verb
    first, _, rest = verb.partition(" ")
    if first == "have":
        first = "has"
    elif first.endswith(("s", "sh", "ch", "x", "z", "o")):
        first += "es"
    elif first.endswith("y") and first[-2:-1] not in ("a", "e", "i", "o", "u"):
        first = first[:-1] + "ies"
    else:
        first += "s"
    return f"{first} {rest}" if rest else first


WHOSE: Mapping[str, str] = {f: possessive(t) for f, t in TITLE.items()}  # "the Bandits'"
DOES: dict[tuple[str, str], str] = {}  # (faction, verb) -> "the Bandits attack", built once each


def title(faction: str, seat: int) -> str:
    """A seat in a sentence: its drafted faction ("the Red Line"), "player N" before the draft."""
    return TITLE[faction] if faction else f"player {seat}"


def whose(faction: str, seat: int) -> str:
    """ "the Red Line's", "the Bandits'", "player 2's"."""
    return WHOSE[faction] if faction else f"player {seat}'s"


def its(faction: str) -> str:
    return "their" if faction and PLURAL[faction] else "its"


def verb(faction: str, verb: str) -> str:
    """`verb` (plain form) as the seat's faction name takes it: "holds", "hold" (the Bandits)."""
    return conjugate(verb, bool(faction) and PLURAL[faction])


def does(faction: str, seat: int, verb: str) -> str:
    """The seat and `verb` (its plain form) in agreement: "the Red Line attacks", "the Bandits
    attack", "player 2 leads"."""
    if not faction:
        return f"player {seat} {conjugate(verb, False)}"
    said = DOES.get((faction, verb))
    if said is None:
        said = DOES[faction, verb] = f"{TITLE[faction]} {conjugate(verb, PLURAL[faction])}"
    return said
