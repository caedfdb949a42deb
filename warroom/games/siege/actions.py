"""Every Siege decision as an interned action with a stable text (siege.md §4, D-02..D-11).

One table per content set holds each distinct action once; `legal_actions` hands out these
objects, so equality is identity, nothing is allocated per decision, and `index` is a fixed
action id for learning environments. Each action carries its verb and typed parts (the cards it
plays, the enemy token it aims at, the sector or fortification slot it names), built here once,
and the small integers `a`/`b` the rules dispatch on.

Texts (KIND = a card or token kind from the data files, tN = enemy token N, fN = fortification
slot N, sN = sector N):
    pass | arrange SPSPST | claim 3 | swap KIND | offer 2 KIND | give KIND | refuse
    play KIND tN | play precise_shot+KIND tN | play il2|hedgehogs|onslaught tN | play dot fN
    play patrol | play modification | play repair KIND | play sandbags+barbed_wire fN
    play all_for_one COLOUR tN | hit tN | discard KIND
    place KIND sN | pair KIND KIND | single KIND | deploy KIND | stop
"""

from __future__ import annotations

from itertools import permutations

from warroom.core.actions import Action, Part, PartKind
from warroom.core.actions import ActionTable as CoreActionTable
from warroom.games.siege.board import SECTORS
from warroom.games.siege.content import Content
from warroom.games.siege.words import LETTER, STARTING_VEHICLES, Card, Colour, Verb

MAX_SEATS = 6


class SiegeAction(Action):
    """An action plus the small integers the rules dispatch on (-1 where unused): `a` a card or
    token kind index, a sector, a seat or a colour; `b` an enemy token id or a second kind."""

    __slots__ = ("a", "b")

    def __init__(  # noqa: PLR0917  (the table builds thousands: positional keeps it short)
        self, index: int, text: str, verb: str, parts: tuple[Part, ...] = (), a: int = -1, b: int = -1
    ) -> None:
        super().__init__(index, text, verb, parts)
        self.a = a
        self.b = b


def _arrangements() -> list[tuple[str, ...]]:
    """The 60 distinct ways to put 3 Sd.Kfz, 2 Pz.III and 1 Tiger on the aviation ring (D-02)."""
    pool = [kind for kind, n in STARTING_VEHICLES.items() for _ in range(n)]
    return sorted(set(permutations(pool)))


ARRANGEMENTS = _arrangements()


def _card(kind: str, role: str = "card") -> Part:
    return Part(role, PartKind.CARD, kind)


def _token(kind: str, role: str = "token") -> Part:
    """A token kind the Field Marshal plays from his hand."""
    return Part(role, PartKind.TOKEN, kind)


def _target(tid: int) -> Part:
    """The enemy on the board an action aims at, by token id."""
    return Part("target", PartKind.TOKEN, tid)


def _sector(s: int, role: str = "sector") -> Part:
    return Part(role, PartKind.SECTOR, s)


class ActionTable(CoreActionTable):
    """All actions of one content set, with lookup arrays indexed by kind, token and sector."""

    all: list[SiegeAction]
    by_text: dict[str, SiegeAction]

    def __init__(self, content: Content) -> None:
        super().__init__()
        V, add = Verb, self._add  # noqa: N806  (short: this is the verbs' one long listing)
        cards = [c.kind for c in content.cards]
        tokens = [t.kind for t in content.tokens]
        tids = range(len(content.token_kind_of))
        self.pass_ = add("pass", V.PASS)
        self.refuse = add("refuse", V.REFUSE)
        self.stop = add("stop", V.STOP)
        self.arrange = [
            add(
                f"arrange {''.join(LETTER[k] for k in arr)}",
                V.ARRANGE,
                (Part("arrangement", PartKind.CHOICE, arr),),
                i,
            )
            for i, arr in enumerate(ARRANGEMENTS)
        ]
        self.claim = {s: add(f"claim {s}", V.CLAIM, (_sector(s),), s) for s in SECTORS}
        self.swap = [add(f"swap {k}", V.SWAP, (_card(k),), i) for i, k in enumerate(cards)]
        self.offer = [
            [
                add(f"offer {p} {k}", V.OFFER, (Part("partner", PartKind.SEAT, p), _card(k)), p, i)
                for i, k in enumerate(cards)
            ]
            for p in range(MAX_SEATS)
        ]
        self.give = [add(f"give {k}", V.GIVE, (_card(k),), i) for i, k in enumerate(cards)]
        self.discard = [add(f"discard {k}", V.DISCARD, (_card(k),), i) for i, k in enumerate(cards)]
        strike = [c.index for c in content.cards if c.is_strike]
        self.strike = {
            i: [add(f"play {cards[i]} t{t}", V.STRIKE, (_card(cards[i]), _target(t)), i, t) for t in tids]
            for i in strike
        }
        shot = _card(Card.PRECISE_SHOT)
        self.precise = {
            i: [
                add(
                    f"play {Card.PRECISE_SHOT}+{cards[i]} t{t}",
                    V.PRECISE,
                    (shot, _card(cards[i], "with"), _target(t)),
                    i,
                    t,
                )
                for t in tids
            ]
            for i in strike
        }
        self.target = {
            verb: [add(f"play {verb} t{t}", verb, (_card(verb), _target(t)), -1, t) for t in tids]
            for verb in (V.IL2, V.HEDGEHOGS, V.ONSLAUGHT)
        }
        self.dot = {
            s: add(f"play {Card.DOT} f{s}", V.DOT, (_card(Card.DOT), _sector(s, "fortification")), s)
            for s in SECTORS
        }
        self.patrol = add(f"play {Card.PATROL}", V.PATROL, (_card(Card.PATROL),))
        self.modification = add(f"play {Card.MODIFICATION}", V.MODIFICATION, (_card(Card.MODIFICATION),))
        self.repair = [
            add(f"play {Card.REPAIR} {k}", V.REPAIR, (_card(Card.REPAIR), _card(k, "take")), i)
            for i, k in enumerate(cards)
        ]
        wall = (_card(Card.SANDBAGS), _card(Card.BARBED_WIRE, "with"))
        self.build = {
            s: add(
                f"play {Card.SANDBAGS}+{Card.BARBED_WIRE} f{s}",
                V.BUILD,
                (*wall, _sector(s, "fortification")),
                s,
            )
            for s in SECTORS
        }
        self.all_for_one = {
            c: [
                add(
                    f"play all_for_one {colour} t{t}",
                    V.ALL_FOR_ONE,
                    (Part("colour", PartKind.CHOICE, colour), _target(t)),
                    c,
                    t,
                )
                for t in tids
            ]
            for c in Colour
            for colour in [c.name.lower()]
        }
        self.hit = [add(f"hit t{t}", V.HIT, (_target(t),), -1, t) for t in tids]
        self.place = [
            {s: add(f"place {k} s{s}", V.PLACE, (_token(k), _sector(s)), i, s) for s in SECTORS}
            for i, k in enumerate(tokens)
        ]
        self.pair = [
            [
                add(f"pair {k1} {k2}", V.PAIR, (_token(k1), _token(k2, "then")), i, j)
                for j, k2 in enumerate(tokens)
            ]
            for i, k1 in enumerate(tokens)
        ]
        # Never offered since a lone event became unplayable (SG-FM-16); kept so every other
        # action keeps its number (encoding, recorded games).
        self.single = [add(f"single {k}", V.SINGLE, (_token(k),), i) for i, k in enumerate(tokens)]
        self.deploy = [add(f"deploy {k}", V.DEPLOY, (_token(k),), i) for i, k in enumerate(tokens)]

    def _add(
        self, text: str, verb: str, parts: tuple[Part, ...] = (), a: int = -1, b: int = -1
    ) -> SiegeAction:
        action: SiegeAction = self.intern(SiegeAction(len(self.all), text, verb, parts, a, b))
        return action
