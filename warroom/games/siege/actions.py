"""Every Siege decision as an interned action with a stable text (siege.md §4, D-02..D-11).

One table per content set holds each distinct action once; `legal_actions` hands out these
objects, so equality is identity, nothing is allocated per decision, and `index` is a fixed
action id for learning environments.

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

from warroom.core.game import Action
from warroom.games.siege.board import SECTORS, Colour
from warroom.games.siege.content import STARTING_VEHICLES, Content

LETTER = {"sdkfz": "S", "pz3": "P", "tiger": "T"}
MAX_SEATS = 6


class SiegeAction(Action):
    """An action plus the small integers the rules dispatch on (-1 where unused)."""

    __slots__ = ("a", "b", "verb")

    def __init__(self, index: int, text: str, verb: str, a: int = -1, b: int = -1) -> None:
        super().__init__(index, text)
        self.verb = verb
        self.a = a
        self.b = b


def _arrangements() -> list[tuple[str, ...]]:
    """The 60 distinct ways to put 3 Sd.Kfz, 2 Pz.III and 1 Tiger on the aviation ring (D-02)."""
    pool = [kind for kind, n in STARTING_VEHICLES.items() for _ in range(n)]
    return sorted(set(permutations(pool)))


ARRANGEMENTS = _arrangements()


class ActionTable:
    """All actions of one content set, with lookup arrays indexed by kind, token and sector."""

    def __init__(self, content: Content) -> None:
        self.all: list[SiegeAction] = []
        self.by_text: dict[str, SiegeAction] = {}
        cards = [c.kind for c in content.cards]
        tokens = [t.kind for t in content.tokens]
        n_tok = len(content.token_kind_of)
        precise = "precise_shot"
        self.pass_ = self._add("pass", "pass")
        self.refuse = self._add("refuse", "refuse")
        self.stop = self._add("stop", "stop")
        self.arrange = [self._add(f"arrange {''.join(LETTER[k] for k in arr)}", "arrange", i)
                        for i, arr in enumerate(ARRANGEMENTS)]  # fmt: skip
        self.claim = {s: self._add(f"claim {s}", "claim", s) for s in SECTORS}
        self.swap = [self._add(f"swap {k}", "swap", i) for i, k in enumerate(cards)]
        self.offer = [[self._add(f"offer {p} {k}", "offer", p, i) for i, k in enumerate(cards)]
                      for p in range(MAX_SEATS)]  # fmt: skip
        self.give = [self._add(f"give {k}", "give", i) for i, k in enumerate(cards)]
        self.discard = [self._add(f"discard {k}", "discard", i) for i, k in enumerate(cards)]
        strike = [c.index for c in content.cards if c.is_strike]
        self.strike = {i: [self._add(f"play {cards[i]} t{t}", "strike", i, t) for t in range(n_tok)]
                       for i in strike}  # fmt: skip
        self.precise = {i: [self._add(f"play {precise}+{cards[i]} t{t}", "precise", i, t)
                            for t in range(n_tok)] for i in strike}  # fmt: skip
        self.target = {verb: [self._add(f"play {verb} t{t}", verb, -1, t) for t in range(n_tok)]
                       for verb in ("il2", "hedgehogs", "onslaught")}  # fmt: skip
        self.dot = {s: self._add(f"play dot f{s}", "dot", s) for s in SECTORS}
        self.patrol = self._add("play patrol", "patrol")
        self.modification = self._add("play modification", "modification")
        self.repair = [self._add(f"play repair {k}", "repair", i) for i, k in enumerate(cards)]
        self.build = {s: self._add(f"play sandbags+barbed_wire f{s}", "build", s) for s in SECTORS}
        self.all_for_one = {c: [self._add(f"play all_for_one {c.name.lower()} t{t}", "all_for_one", c, t)
                                for t in range(n_tok)] for c in Colour}  # fmt: skip
        self.hit = [self._add(f"hit t{t}", "hit", -1, t) for t in range(n_tok)]
        self.place = [{s: self._add(f"place {k} s{s}", "place", i, s) for s in SECTORS}
                      for i, k in enumerate(tokens)]  # fmt: skip
        self.pair = [[self._add(f"pair {k1} {k2}", "pair", i, j) for j, k2 in enumerate(tokens)]
                     for i, k1 in enumerate(tokens)]  # fmt: skip
        self.single = [self._add(f"single {k}", "single", i) for i, k in enumerate(tokens)]
        self.deploy = [self._add(f"deploy {k}", "deploy", i) for i, k in enumerate(tokens)]

    def _add(self, text: str, verb: str, a: int = -1, b: int = -1) -> SiegeAction:
        action = SiegeAction(len(self.all), text, verb, a, b)
        self.all.append(action)
        self.by_text[text] = action
        return action
