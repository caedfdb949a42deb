"""A compact text notation for Memoir '44 positions, for rule tests, analysis and bug reports.

One statement per line; `#` starts a comment; hexes are written R<row>C<col> as in the rulebook
(row 1 at the top edge, where the Axis sit unless `bottom axis` is given).

    face beach                     # board face (default countryside); beach prints ocean R8-R9,
                                   # beach R6-R7 unless overridden by `terrain`
    bottom allies                  # the side whose baseline is row 9 (default allies)
    terrain forest R6C7 R5C7       # base terrain of hexes (clear, forest, hedgerow, hill, town,
                                   # river, ocean, beach)
    bridge R6C7                    # a bridge on a river hex
    bunker axis R4C7               # a bunker giving cover to that side
    sandbags R4C4 | wire R3C6 | hedgehog R9C7
    allies infantry R7C7           # a unit: side kind hex [figures=N (its full strength)] [lost=N]
    axis armor R5C7 figures=2
    objective allies R3C4 [permanent] [medals=N]
    medals 4 4                     # medals to win: allies axis (default 6 6)
    active axis                    # whose turn it is (default allies)
    hand allies: probe_center ambush   # a side's hand (default: 1 probe_center each)
    deck: attack_left recon_center     # deck from the top; the rest of the cards form the discard
    dice: I F S                    # the next battle dice: I(nfantry) A(rmor) G(renade) S(tar) F(lag)
    option young_generals          # a boolean game option

The position starts at the active side's card choice with no card played yet.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from warroom.core import registry
from warroom.core.errors import CorruptDataError
from warroom.core.rng import Rng, ScriptedRng
from warroom.games.memoir44.board import parse_hex
from warroom.games.memoir44.rules import dice
from warroom.games.memoir44.scenario import parse_text
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import SIDE_NAMES, Side

if TYPE_CHECKING:
    from warroom.games.memoir44.game import Memoir44Game

FACE_OF = {letter: dice.LETTER.index(letter) + 1 for letter in dice.LETTER}  # die values: face + 1


def parse_position(text: str, seed: int = 0) -> M44State:
    """Build the position; errors name the line."""
    b = _Builder()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        try:
            b.statement(word.rstrip(":"), rest.strip())
        except (ValueError, KeyError, IndexError) as exc:
            raise CorruptDataError(f"position line {number}: {line}: {exc}") from None
    return b.finish(seed)


class _Builder:
    def __init__(self) -> None:
        self.face = "countryside"
        self.bottom = SIDE_NAMES[Side.ALLIES]
        self.terrain: dict[str, list[str]] = {}
        self.features: dict[str, list[str]] = {}
        self.obstacles: dict[str, list[str]] = {}
        self.units: dict[str, list[str]] = {name: [] for name in SIDE_NAMES}
        self.objectives: list[str] = []
        self.medals = (6, 6)
        self.active = SIDE_NAMES[Side.ALLIES]
        self.hands: dict[str, list[str]] = {}
        self.deck: list[str] | None = None
        self.dice: list[int] = []
        self.options: dict[str, Any] = {}
        self.lost: dict[str, int] = {}

    def statement(self, word: str, rest: str) -> None:
        args = rest.split()
        if word == "face":
            self.face = rest
        elif word == "bottom":
            self.bottom = rest
        elif word == "terrain":
            self.terrain.setdefault(args[0], []).extend(args[1:])
        elif word == "bridge":
            self.features.setdefault("bridge", []).extend(args)
        elif word == "bunker":
            self.features.setdefault(f"bunker_{args[0]}", []).extend(args[1:])
        elif word in ("sandbags", "wire", "hedgehog"):
            self.obstacles.setdefault(word, []).extend(args)
        elif word in SIDE_NAMES:
            lost = [a for a in args[2:] if a.startswith("lost=")]
            kept = [a for a in args[2:] if not a.startswith("lost=")]
            self.units[word].append(" ".join([args[1], args[0], *kept]))
            if lost:
                self.lost[args[1].upper()] = int(lost[0][5:])
        elif word == "objective":
            self._objective(args)
        elif word == "medals":
            self.medals = (int(args[0]), int(args[1]))
        elif word == "active":
            self.active = rest
        elif word == "hand":
            self.hands[args[0].rstrip(":")] = args[1:]
        elif word == "deck":
            self.deck = args
        elif word == "dice":
            self.dice = [FACE_OF[d] for d in args]
        elif word == "option":
            self.options[args[0]] = args[1] if len(args) > 1 else True
        else:
            raise ValueError("unknown statement")

    def _objective(self, args: list[str]) -> None:
        medals = next((a.split("=")[1] for a in args if a.startswith("medals=")), "1")
        kind = "permanent" if "permanent" in args else "temporary"
        self.objectives.append(
            f'[[objective]]\nhexes = ["{args[1]}"]\nside = "{args[0]}"\nmedals = {medals}\nkind = "{kind}"\n'
        )

    def scenario_text(self) -> str:
        def table(name: str, items: dict[str, list[str]]) -> str:
            rows = "\n".join(f"{k} = {[*v]!r}".replace("'", '"') for k, v in items.items())
            return f"[{name}]\n{rows}\n"

        head = (f'id = "position"\nname = "test position"\nboard_face = "{self.face}"\n'
                f'bottom_side = "{self.bottom}"\nfirst_player = "{self.active}"\n'
                f"[allies]\nhand_size = 1\nvictory_medals = {self.medals[0]}\n"
                f"[axis]\nhand_size = 1\nvictory_medals = {self.medals[1]}\n")  # fmt: skip
        body = [table("terrain", self.terrain), table("features", self.features),
                table("obstacles", self.obstacles), table("units", self.units)]  # fmt: skip
        return head + "".join(body) + "".join(self.objectives)

    def finish(self, seed: int) -> M44State:
        cls = registry.game_class("memoir44")
        game = cast("Memoir44Game", cls(layout=parse_text(self.scenario_text(), "position"), **self.options))
        st = M44State(game)
        st.rng = ScriptedRng(seed, self.dice) if self.dice else Rng(seed)
        self._cards(game, st)
        st.active = SIDE_NAMES.index(self.active)
        for name, n in self.lost.items():
            u = st.occ[parse_hex(name)]
            st.unit_fig[u] -= n
        st.push(["turn"])
        st.run()
        st.check_integrity()
        return st

    def _cards(self, game: Memoir44Game, st: M44State) -> None:
        kinds = {c.kind: c.index for c in game.content.cards}
        free: dict[int, list[int]] = {}
        for card, kind in enumerate(game.deck):
            free.setdefault(kind, []).append(card)

        def take(name: str) -> int:
            if name not in kinds or not free.get(kinds[name]):
                raise ValueError(f"no card {name!r} left to place")
            return free[kinds[name]].pop(0)

        for s, side in enumerate(SIDE_NAMES):
            st.hands[s] = [take(k) for k in self.hands.get(side, ["probe_center"])]
        rest = sorted(c for cards in free.values() for c in cards)
        if self.deck is None:
            st.deck = rest
            st.rng.shuffle(st.deck)
        else:
            top = [take(k) for k in self.deck]
            st.deck = top[::-1]
            st.discard = sorted(c for cards in free.values() for c in cards)
        assert Counter(st.deck + st.discard + st.hands[0] + st.hands[1]) == Counter(range(len(game.deck)))
