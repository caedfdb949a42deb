"""A compact text notation for Siege positions, for rule tests, analysis and bug reports.

One statement per line; `#` starts a comment. Sectors 1-6, rings rear/aviation/artillery/tank/city.

    players 4                      # options first: players N, mode M, and optional rule names
    option one_for_all
    active 0                       # whose turn it is
    phase play                     # where the turn stands: turn|draw|swap|trade|play|move|reveal
    hand 0: sandbags blue_artillery green_aviation
    enemy 3 aviation pz3           # sector ring kind [armour] [hedgehog]
    enemy 5 artillery tiger 2
    forts 2 3 4 5 6                # standing fortifications (default: all six)
    dots 3                         # fortifications carrying a DOT
    buildings 1 2 3 4 5 6          # standing buildings (default: all six)
    deck: red_tank barbed_wire     # top card first; the other cards go to the discard
    discard: blue_aviation         # the other cards go to the deck (shuffled)
    reserve: sdkfz diversion_aviation   # next token first; the rest go to the enemy discard
    marshal: tiger reveal3         # the Field Marshal's hand
    trophies 1: pz3
    claims 0:1 1:2                 # My Home Is My Fortress claims
    patrol                         # a Patrol was played this turn
    dice: 6 2                      # the next die rolls, in order; later rolls are random

Without `deck:`/`discard:` every unlisted card is in the deck; without `reserve:` every unused
token is in the reserve (both shuffled by the seed). Enemies get the lowest free token id of
their kind, in the order written, so a test can name them `t<id>`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, cast

from warroom.core import registry
from warroom.core.errors import CorruptDataError
from warroom.core.rng import Rng, ScriptedRng
from warroom.games.siege.board import SECTORS, space
from warroom.games.siege.rules.flow import enemy_half
from warroom.games.siege.state import SiegeState
from warroom.games.siege.words import Job, Ring

if TYPE_CHECKING:
    from warroom.games.siege.game import SiegeGame

PHASES = ("turn", "draw", "swap", "trade", "play", "move", "reveal")


def parse_position(text: str, seed: int = 0) -> SiegeState:
    """Build the position; errors name the line (`SiegeGame.from_position`)."""
    lines = [(n, ln.split("#", 1)[0].strip()) for n, ln in enumerate(text.splitlines(), 1)]
    lines = [(n, ln) for n, ln in lines if ln]
    options: dict[str, Any] = {}
    body = []
    for n, ln in lines:
        word, _, rest = ln.partition(" ")
        if word == "players":
            options["players"] = int(rest)
        elif word == "mode":
            options["mode"] = rest.strip()
        elif word == "option":
            options[rest.strip()] = True
        else:
            body.append((n, word.rstrip(":"), rest.strip()))
    game = cast("SiegeGame", registry.game_class("siege")(**options))
    builder = _Builder(game, seed)
    for n, word, rest in body:
        try:
            builder.statement(word, rest)
        except (ValueError, KeyError, IndexError, StopIteration) as exc:
            raise CorruptDataError(f"position line {n}: {word} {rest}: {exc!r}") from None
    return builder.finish()


class _Builder:
    def __init__(self, game: SiegeGame, seed: int) -> None:
        self.game = game
        self.st = st = SiegeState(game)
        st.rng = Rng(seed)
        for s in SECTORS:
            st.building[s - 1] = st.fort[s - 1] = True
        self.free = list(range(len(game.content.token_kind_of)))
        self.deck: list[int] | None = None
        self.discard: list[int] | None = None
        self.reserve: list[int] | None = None
        self.phase = "play"
        self.dice: list[int] = []

    def card(self, name: str) -> int:
        return self.game.content.card(name).index

    def token(self, kind: str) -> int:
        index = self.game.content.token(kind).index
        tid = next(t for t in self.free if self.game.content.token_kind_of[t] == index)
        self.free.remove(tid)
        return tid

    def statement(self, word: str, rest: str) -> None:
        st = self.st
        args = rest.replace(":", " ").split()
        if word == "active":
            st.active = int(rest)
        elif word == "phase":
            if rest not in PHASES:
                raise ValueError(f"phase must be one of {PHASES}")
            self.phase = rest
        elif word == "hand":
            st.hands[int(args[0])] = [self.card(k) for k in args[1:]]
        elif word == "trophies":
            st.trophies[int(args[0])] = [self.token(k) for k in args[1:]]
        elif word == "enemy":
            self.enemy(args)
        elif word in ("forts", "dots", "buildings"):
            target = {"forts": st.fort, "dots": st.dot, "buildings": st.building}[word]
            for s in SECTORS:
                target[s - 1] = str(s) in args
        elif word in ("deck", "discard"):
            setattr(self, word, [self.card(k) for k in args])
        elif word == "reserve":
            self.reserve = [self.token(k) for k in args]
        elif word == "marshal":
            st.marshal_hand = [self.token(k) for k in args]
        elif word == "claims":
            for pair in rest.split():
                seat, sector = pair.split(":")
                st.claims[int(seat)] = int(sector)
        elif word == "patrol":
            st.patrol = True
        elif word == "dice":
            self.dice = [int(d) for d in args]
        else:
            raise ValueError("unknown statement")

    def enemy(self, args: list[str]) -> None:
        sector, ring, kind = int(args[0]), Ring[args[1].upper()], args[2]
        tid = self.token(kind)
        top = self.game.content.token(kind).armour
        armour = int(args[3]) if len(args) > 3 and args[3].isdigit() else top
        self.st.pos[tid] = space(sector, ring)
        self.st.armour[tid] = armour
        if "hedgehog" in args:
            self.st.hedgehog = tid

    def finish(self) -> SiegeState:
        st = self.st
        self._cards()
        if self.reserve is None:
            st.reserve = self.free[:]
            st.rng.shuffle(st.reserve)
        else:
            st.reserve = self.reserve[::-1]
            st.enemy_discard = self.free[:]
        if self.dice:
            st.rng = ScriptedRng(st.rng.state, self.dice)
        self._agenda()
        return st

    def _cards(self) -> None:
        st = self.st
        left = Counter({c.index: c.count for c in self.game.content.cards})
        for pile in [*st.hands, self.deck or [], self.discard or []]:
            left -= Counter(pile)
            if any(
                v < 0
                for v in (
                    Counter(pile) - Counter({c.index: c.count for c in self.game.content.cards})
                ).values()
            ):
                raise CorruptDataError("position uses more copies of a card than the deck has")
        rest = list(left.elements())
        st.deck = (self.deck or [])[::-1]
        st.discard = list(self.discard or [])
        if self.deck is None:
            st.deck = rest
            st.rng.shuffle(st.deck)
        elif self.discard is None:
            st.discard = rest
        elif rest:
            raise CorruptDataError("with both deck: and discard: given, every card must be placed")

    def _agenda(self) -> None:
        st = self.st
        st.turn = max(st.turn, 1)
        steps = [[Job.DRAW], [Job.SWAP], [Job.TRADE], [Job.PLAY], *enemy_half(st), [Job.END_TURN]]
        start = {"turn": 0, "draw": 0, "swap": 1, "trade": 2, "play": 3, "move": 4, "reveal": 5}[self.phase]
        jobs = steps[start:]
        if self.phase == "turn":
            st.turn = 0
            st.active = (st.active - 1) % self.game.defenders
            jobs = [[Job.END_TURN]]
        st.push(*jobs)
        st.run()
        st.check_integrity()
