"""Every Memoir '44 decision as an interned action with a stable text (memoir44.md §4).

One table holds each distinct action once; `legal_actions` hands out these objects, so equality
is identity, nothing is allocated per decision, and `index` is a fixed action id.

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

from warroom.core.game import Action
from warroom.games.memoir44.board import DIST, NAMES, NUM_HEXES, WITHIN, Section
from warroom.games.memoir44.content import Content


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
    """An action plus the small integers the rules dispatch on (-1 where unused)."""

    __slots__ = ("a", "b", "verb")

    def __init__(self, index: int, text: str, verb: Verb, a: int = -1, b: int = -1) -> None:
        super().__init__(index, text)
        self.verb = verb
        self.a = a
        self.b = b


class ActionTable:
    """All actions of the game, with lookup tables indexed by card kind and hex."""

    def __init__(self, content: Content) -> None:
        self.all: list[M44Action] = []
        kinds = [c.kind for c in content.cards]
        self.play = [self._add(f"play {k}", Verb.PLAY, i) for i, k in enumerate(kinds)]
        self.section = [self._add(f"section {s.name.lower()}", Verb.SECTION, s) for s in Section]
        self.order = [self._add(f"order {NAMES[h]}", Verb.ORDER, h) for h in range(NUM_HEXES)]
        self.done = self._add("done", Verb.DONE)
        self.move: dict[int, M44Action] = {}
        self.battle: dict[int, M44Action] = {}
        for a in range(NUM_HEXES):
            for d in range(1, 4):
                for b in WITHIN[a][d]:
                    self.move[a * NUM_HEXES + b] = self._add(f"move {NAMES[a]} {NAMES[b]}", Verb.MOVE, a, b)
        for a in range(NUM_HEXES):
            for b in range(NUM_HEXES):
                if 1 <= DIST[a][b] <= 6:
                    self.battle[a * NUM_HEXES + b] = self._add(
                        f"battle {NAMES[a]} {NAMES[b]}", Verb.BATTLE, a, b
                    )
        self.clear_wire = [self._add(f"clear wire {NAMES[h]}", Verb.CLEAR_WIRE, h) for h in range(NUM_HEXES)]
        self.air = [self._add(f"air {NAMES[h]}", Verb.AIR, h) for h in range(NUM_HEXES)]
        self.barrage = [self._add(f"barrage {NAMES[h]}", Verb.BARRAGE, h) for h in range(NUM_HEXES)]
        self.ambush = self._add("ambush", Verb.AMBUSH)
        self.no_ambush = self._add("no ambush", Verb.NO_AMBUSH)
        self.ignore = self._add("ignore flag", Verb.IGNORE)
        self.accept = self._add("accept flag", Verb.ACCEPT)
        self.retreat = [self._add(f"retreat {NAMES[h]}", Verb.RETREAT, h) for h in range(NUM_HEXES)]
        self.stop_retreat = self._add("stop retreat", Verb.STOP_RETREAT)
        self.take_ground = self._add("take ground", Verb.TAKE_GROUND)
        self.hold = self._add("hold", Verb.HOLD)
        self.keep = [self._add(f"keep {k}", Verb.KEEP, i) for i, k in enumerate(kinds)]

    def _add(self, text: str, verb: Verb, a: int = -1, b: int = -1) -> M44Action:
        action = M44Action(len(self.all), text, verb, a, b)
        self.all.append(action)
        return action
