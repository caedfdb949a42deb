"""Every Memoir '44 decision as an interned action with a stable text (memoir44.md §4).

One table holds each distinct action once; `legal_actions` hands out these objects, so equality
is identity, nothing is allocated per decision, and `index` is a fixed action id. Each action
also carries its verb and typed parts (`action.to_json()`), so no display parses the text.

Texts (H, A, B = hexes written R<row>C<col>; KIND = a card kind of data/cards.toml):
    play KIND            play a Command card (M44-TURN-03)
    section left|center|right   Infantry Assault's section, from the player's seat (M44-TAC-22)
    order H              order the unit on H (also: Medics & Mechanics' unit) (M44-CARD-02)
    done                 end the current step: ordering, moving, battling, choosing targets
    move A B             move the unit on A to B by a shortest legal path (M44-MOVE-03)
    battle A B           the unit on A battles the unit on B (M44-BATTLE-08)
    clear wire H         the infantry on H removes its wire instead of battling (M44-OBST-11)
    air H | barrage H    Air Power / Barrage target (M44-TAC-01, M44-TAC-09)
    ambush | no ambush   the defender's reaction to a Close Assault (M44-TAC-04)
    ignore flag | accept flag   the first flag, where terrain allows (M44-DICE-06)
    retreat H | stop retreat    one retreat step / end a Resistance retreat (M44-RETR-02, M44-SPEC-07)
    take ground | hold   after a successful Close Assault (M44-GROUND-01)
    keep KIND            Recon: the card kept of the two drawn (M44-SECT-04)
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

from warroom.core.actions import Action, Part, PartKind
from warroom.core.actions import ActionTable as CoreActionTable
from warroom.games.memoir44.board import DIST, NAMES, NUM_HEXES, WITHIN, Section
from warroom.games.memoir44.content import Content

CARD, HEX, SECTOR = PartKind.CARD, PartKind.HEX, PartKind.SECTOR


class Verb(IntEnum):
    PLAY = 0
    SECTION = 1
    ORDER = 2
    DONE = 3
    MOVE = 4
    BATTLE = 5
    CLEAR_WIRE = 6
    AIR = 7
    BARRAGE = 8
    AMBUSH = 9
    NO_AMBUSH = 10
    IGNORE = 11
    ACCEPT = 12
    RETREAT = 13
    STOP_RETREAT = 14
    TAKE_GROUND = 15
    HOLD = 16
    KEEP = 17


class M44Action(Action):
    """An action plus the small integers the rules dispatch on (-1 where unused): `a` the card
    kind, section or (first) hex, `b` the second hex of a move or battle."""

    __slots__ = ("a", "b")

    verb: Verb

    def __init__(
        self, index: int, text: str, verb: Verb, a: int = -1, b: int = -1, *, parts: tuple[Part, ...] = ()
    ) -> None:
        super().__init__(index, text, verb, parts)
        self.a = a
        self.b = b


class ActionTable(CoreActionTable):
    """All actions of the game, with lookup tables indexed by card kind and hex. Each action's
    verb and typed parts (card kind, section, hexes with their role) are built here, once."""

    all: list[M44Action]

    def __init__(self, kinds: tuple[str, ...]) -> None:
        """`kinds`: the card kinds in content order (`play`/`keep` actions are indexed by them)."""
        super().__init__()
        self.play = self._per_card(Verb.PLAY, "play", kinds)
        self.section = [
            self._add(f"section {name}", Verb.SECTION, s, parts=(Part("section", SECTOR, name),))
            for s in Section
            for name in (s.name.lower(),)
        ]
        self.order = self._per_hex(Verb.ORDER, "order", "unit")
        self.done = self._add("done", Verb.DONE)
        near = [(a, b) for a in range(NUM_HEXES) for d in range(1, 4) for b in WITHIN[a][d]]
        self.move = self._per_pair(Verb.MOVE, "move", "to", near)
        in_range = [(a, b) for a in range(NUM_HEXES) for b in range(NUM_HEXES) if 1 <= DIST[a][b] <= 6]
        self.battle = self._per_pair(Verb.BATTLE, "battle", "target", in_range)
        self.clear_wire = self._per_hex(Verb.CLEAR_WIRE, "clear wire", "unit")
        self.air = self._per_hex(Verb.AIR, "air", "target")
        self.barrage = self._per_hex(Verb.BARRAGE, "barrage", "target")
        self.ambush = self._add("ambush", Verb.AMBUSH)
        self.no_ambush = self._add("no ambush", Verb.NO_AMBUSH)
        self.ignore = self._add("ignore flag", Verb.IGNORE)
        self.accept = self._add("accept flag", Verb.ACCEPT)
        self.retreat = self._per_hex(Verb.RETREAT, "retreat", "to")
        self.stop_retreat = self._add("stop retreat", Verb.STOP_RETREAT)
        self.take_ground = self._add("take ground", Verb.TAKE_GROUND)
        self.hold = self._add("hold", Verb.HOLD)
        self.keep = self._per_card(Verb.KEEP, "keep", kinds)

    def _add(
        self, text: str, verb: Verb, a: int = -1, b: int = -1, *, parts: tuple[Part, ...] = ()
    ) -> M44Action:
        action: M44Action = self.intern(M44Action(len(self.all), text, verb, a, b, parts=parts))
        return action

    def _per_card(self, verb: Verb, word: str, kinds: tuple[str, ...]) -> list[M44Action]:
        """`word KIND` for every card kind, indexed by the kind's index."""
        return [
            self._add(f"{word} {k}", verb, i, parts=(Part("card", CARD, k),)) for i, k in enumerate(kinds)
        ]

    def _per_hex(self, verb: Verb, word: str, role: str) -> list[M44Action]:
        """`word H` for every hex, indexed by the hex."""
        return [
            self._add(f"{word} {name}", verb, h, parts=(Part(role, HEX, name),))
            for h, name in enumerate(NAMES)
        ]

    def _per_pair(
        self, verb: Verb, word: str, role: str, pairs: list[tuple[int, int]]
    ) -> dict[int, M44Action]:
        """`word A B` for every pair of hexes, by `A * NUM_HEXES + B`: from A, `role` B."""
        return {
            a * NUM_HEXES + b: self._add(
                f"{word} {NAMES[a]} {NAMES[b]}",
                verb,
                a,
                b,
                parts=(Part("from", HEX, NAMES[a]), Part(role, HEX, NAMES[b])),
            )
            for a, b in pairs
        }


def action_table(content: Content) -> ActionTable:
    """The actions of a game with this content: built once per set of card kinds and shared by
    every game (the table never changes, and building it is most of a game's set-up time)."""
    return _table(tuple(c.kind for c in content.cards))


@cache
def _table(kinds: tuple[str, ...]) -> ActionTable:
    return ActionTable(kinds)
