"""Dust Warfare's actions (dust_warfare.md §4.1): every listed option interned once per
configured game, and the exact-coordinate proposal built on demand (DW-GEO-17).

Texts (each parses back to its action):

    edge south | edge north            the roll-off winner's side (D-04)
    deploy first | deploy second       and deployment order (D-04)
    unit u3                            which unit to deploy or activate next (D-09, D-13)
    region 7                           where to place: a 6" x 6" cell of the table (stage 1)
    at 12 5                            the Unit Leader's lattice point in it (stage 2, DW-GEO-17 a)
    line 45 | column 90 | cluster 0    the followers' template and heading (stage 3, DW-GEO-17 b)
    face 22.5                          a vehicle's facing (stage 3, DW-GEO-17 c)
    place 12,5 14,5 10,5 [face 90]     an exact proposal: every miniature's centre, leader
                                       first, and a vehicle's facing (DW-GEO-17; any stage)
    take u3 | regroup u3 [radio]       an order (D-11), through a Radioman when out of range
    stop                               no more orders, end the activation, pass a reaction
    move | march                       a Move or a March Move (DW-ACT-05)
    fire u7 | grenades u7 | assault u7 [sustained]   an Attack on a unit (D-16)
    react u3 move | react u3 fire | react u3 assault | react u3 dirt   a reaction (D-19)
    hit 2                              the miniature that takes the next hit (D-20)
    leader 2                           a Leaderless unit's new Unit Leader (D-14)
    reload                             the Reload special action (DW-WPN-08)
    jump | jump march                  a Move or March Move declared a Jump (DW-ABL-11)
    medic | mechanic u4 | tankhead u4  the Medic, Mechanic and Tank Head specials (DW-ABL-12/13/20)
    heal 2 | revive 3                  a Medic hit: remove a damage, or return a miniature
    piece T-WOOD | rotate 90           terrain placement: the piece, then (after region and
                                       `at X Y` on the 2" lattice) its rotation (DW-BTL-01, D-05)
    objective SO-3                     a secret objective (DW-SM-02, D-08)
    fort mine|dummy|T-WIRE|T-TRAP      a fortification, then region, `at X Y` (and a rotation)
    marker A-M3 | take X-M2 [radio]    a hidden unit's marker activates, or takes an order
    hide | reveal                      a hidden unit keeps hidden or is revealed (DW-NE-14)
    stay                               a Move of 0" (DW-MOVE-07), or followers that stay put
    on table | reserve | board u4      how a picked unit deploys (D-09, DW-SET-06/07)
    enter | enter march | airdrop      an off-table unit arrives (DW-ACT-08, DW-ABL-02)
    board u4 | disembark               embark as a Move, or disembark (DW-MOVE-11)
    shell m2 [sustained]               Artillery at minefield marker 2, by its place in the
                                       state's list of minefields (DW-WPN-01, DW-ATK-11)

The fixed action space (`all_actions`, for learning environments) is this table: its placement
part is the declared discretisation of positions (6" regions, the 1" lattice, the templates
and facings); exact proposals stay open through `is_legal` and the `place` text.
"""

from __future__ import annotations

import math
from enum import StrEnum

from warroom.core.actions import Action, ActionTable, ParametricAction, PartKind, parts
from warroom.games.dust_warfare.geometry import FACINGS, HEADINGS, Placement, snap
from warroom.games.dust_warfare.words import Edge, Formation, SecretObjective, TerrainKind

REGION = 6.0  # inches: the side of a placement region (stage 1)


class Verb(StrEnum):
    EDGE = "edge"
    DEPLOY = "deploy"
    UNIT = "unit"
    REGION = "region"
    AT = "at"
    SHAPE = "shape"
    FACE = "face"
    PLACE = "place"
    TAKE = "take"
    REGROUP = "regroup"
    STOP = "stop"
    MOVE = "move"
    MARCH = "march"
    FIRE = "fire"
    GRENADES = "grenades"
    ASSAULT = "assault"
    REACT = "react"
    HIT = "hit"
    LEADER = "leader"
    RELOAD = "reload"
    STAY = "stay"
    JUMP = "jump"
    MEDIC = "medic"
    MECHANIC = "mechanic"
    TANKHEAD = "tankhead"
    HEAL = "heal"
    REVIVE = "revive"
    PIECE = "piece"
    ROTATE = "rotate"
    OBJECTIVE = "objective"
    FORT = "fort"
    ONTABLE = "on_table"
    RESERVE = "reserve"
    BOARD = "board"
    ENTER = "enter"
    AIRDROP = "airdrop"
    DISEMBARK = "disembark"
    MARKER = "marker"
    HIDE = "hide"
    REVEAL = "reveal"
    TAKE_MARKER = "take_marker"
    SHELL = "shell"


ATTACK_VERBS = (Verb.FIRE, Verb.GRENADES, Verb.ASSAULT)
REACTIONS = ("move", "fire", "assault", "dirt")
MAX_MODELS = 8  # no unit of the roster has more miniatures (5 + a joined Hero)


def _num(value: float) -> str:
    return f"{value:g}"


def place(placement: Placement) -> ParametricAction:
    """The exact-coordinate proposal for a placement (DW-GEO-17), its text `place x,y ...`."""
    centres = " ".join(f"{_num(x)},{_num(y)}" for x, y in placement.centres)
    text = f"place {centres}" + ("" if placement.facing is None else f" face {_num(placement.facing)}")
    items: list[tuple[str, PartKind, object]] = [("at", PartKind.POINT, c) for c in placement.centres]
    if placement.facing is not None:
        items.append(("facing", PartKind.AMOUNT, placement.facing))
    return ParametricAction(text, Verb.PLACE, parts(*items))


def read_place(text: str) -> Placement | None:
    """The placement a `place` text proposes, coordinates rounded to 0.1" (DW-GEO-02), or None."""
    words = text.split()
    if not words or words[0].lower() != Verb.PLACE:
        return None
    facing: float | None = None
    if len(words) >= 3 and words[-2].lower() == "face":
        try:
            facing = float(words[-1]) % 360.0
        except ValueError:
            return None
        words = words[:-2]
    centres = []
    for word in words[1:]:
        xy = word.split(",")
        if len(xy) != 2:
            return None
        try:
            x, y = float(xy[0]), float(xy[1])
        except ValueError:
            return None
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        centres.append((snap(x), snap(y)))
    if not centres or (facing is not None and not math.isfinite(facing)):
        return None
    return Placement(tuple(centres), facing)


class DustActions(ActionTable):
    """The interned options of one configured game (table size, number of units and of
    minefield markers fixed)."""

    def __init__(self, units: int, width: float, depth: float, mines: int = 0) -> None:
        super().__init__()
        self.edge = {
            e: self._add(f"edge {e.value}", Verb.EDGE, ("edge", PartKind.CHOICE, e.value)) for e in Edge
        }
        self.deploy = {
            first: self._add(
                f"deploy {'first' if first else 'second'}", Verb.DEPLOY, ("order", PartKind.CHOICE, first)
            )
            for first in (True, False)
        }
        self.unit = [self._add(f"unit u{u}", Verb.UNIT, ("unit", PartKind.UNIT, u)) for u in range(units)]
        self.columns = math.ceil(width / REGION)
        self.rows = math.ceil(depth / REGION)
        self.region = [
            self._add(f"region {r}", Verb.REGION, ("region", PartKind.SECTOR, r))
            for r in range(self.columns * self.rows)
        ]
        self.at = {
            (x, y): self._add(f"at {x} {y}", Verb.AT, ("to", PartKind.POINT, (float(x), float(y))))
            for x in range(math.floor(width) + 1)
            for y in range(math.floor(depth) + 1)
        }
        self.shape = {
            (t, h): self._add(
                f"{t.value} {_num(h)}",
                Verb.SHAPE,
                ("formation", PartKind.CHOICE, t.value),
                ("heading", PartKind.AMOUNT, h),
            )
            for t in Formation
            for h in HEADINGS
        }
        self.face = {
            f: self._add(f"face {_num(f)}", Verb.FACE, ("facing", PartKind.AMOUNT, f)) for f in FACINGS
        }
        self.take = [
            [
                self._add(
                    f"take u{u}{r}",
                    Verb.TAKE,
                    ("unit", PartKind.UNIT, u),
                    ("radio", PartKind.CHOICE, bool(r)),
                )
                for u in range(units)
            ]
            for r in ("", " radio")
        ]
        self.regroup = [
            [
                self._add(
                    f"regroup u{u}{r}",
                    Verb.REGROUP,
                    ("unit", PartKind.UNIT, u),
                    ("radio", PartKind.CHOICE, bool(r)),
                )
                for u in range(units)
            ]
            for r in ("", " radio")
        ]
        self.stop = self._add("stop", Verb.STOP)
        self.move = self._add("move", Verb.MOVE)
        self.march = self._add("march", Verb.MARCH)
        self.attack = {
            (verb, sustained): [
                self._add(
                    f"{verb.value} u{u}{' sustained' if sustained else ''}",
                    verb,
                    ("target", PartKind.UNIT, u),
                    ("sustained", PartKind.CHOICE, sustained),
                )
                for u in range(units)
            ]
            for verb in ATTACK_VERBS
            for sustained in (False, True)
        }
        self.react = {
            how: [
                self._add(
                    f"react u{u} {how}",
                    Verb.REACT,
                    ("unit", PartKind.UNIT, u),
                    ("reaction", PartKind.CHOICE, how),
                )
                for u in range(units)
            ]
            for how in REACTIONS
        }
        self.hit = [self._add(f"hit {m}", Verb.HIT, ("model", PartKind.AMOUNT, m)) for m in range(MAX_MODELS)]
        self.leader = [
            self._add(f"leader {m}", Verb.LEADER, ("model", PartKind.AMOUNT, m)) for m in range(MAX_MODELS)
        ]
        self.reload = self._add("reload", Verb.RELOAD)
        self.stay = self._add("stay", Verb.STAY)
        self.jump = {
            march: self._add("jump march" if march else "jump", Verb.JUMP, ("march", PartKind.CHOICE, march))
            for march in (False, True)
        }
        self.medic = self._add("medic", Verb.MEDIC)
        self.mechanic = [
            self._add(f"mechanic u{u}", Verb.MECHANIC, ("unit", PartKind.UNIT, u)) for u in range(units)
        ]
        self.tankhead = [
            self._add(f"tankhead u{u}", Verb.TANKHEAD, ("unit", PartKind.UNIT, u)) for u in range(units)
        ]
        self.heal = [
            self._add(f"heal {m}", Verb.HEAL, ("model", PartKind.AMOUNT, m)) for m in range(MAX_MODELS)
        ]
        self.piece = {
            k: self._add(f"piece {k.value}", Verb.PIECE, ("piece", PartKind.CHOICE, k.value))
            for k in TerrainKind
        }
        self.rotate = {
            r: self._add(f"rotate {r}", Verb.ROTATE, ("rotation", PartKind.AMOUNT, r)) for r in (0, 90)
        }
        self.objective = {
            o: self._add(f"objective {o.value}", Verb.OBJECTIVE, ("objective", PartKind.CHOICE, o.value))
            for o in SecretObjective
        }
        self.fort = {
            k: self._add(f"fort {k}", Verb.FORT, ("fort", PartKind.CHOICE, k))
            for k in ("mine", "dummy", TerrainKind.WIRE.value, TerrainKind.TANK_TRAP.value)
        }
        self.revive = [
            self._add(f"revive {m}", Verb.REVIVE, ("model", PartKind.AMOUNT, m)) for m in range(MAX_MODELS)
        ]
        # off-table units and transports (rules/offtable.py, rules/transport.py)
        self.ontable = self._add("on table", Verb.ONTABLE)
        self.reserve = self._add("reserve", Verb.RESERVE)
        self.board = [self._add(f"board u{u}", Verb.BOARD, ("unit", PartKind.UNIT, u)) for u in range(units)]
        self.enter = {
            march: self._add(
                "enter march" if march else "enter", Verb.ENTER, ("march", PartKind.CHOICE, march)
            )
            for march in (False, True)
        }
        self.airdrop = self._add("airdrop", Verb.AIRDROP)
        self.disembark = self._add("disembark", Verb.DISEMBARK)
        # hidden units (rules/hidden.py): markers by id, A-M1.. Allies and X-M1.. Axis
        ids = [f"{side}-M{i}" for side in ("A", "X") for i in range(1, units + 1)]
        self.marker = {k: self._add(f"marker {k}", Verb.MARKER, ("marker", PartKind.TOKEN, k)) for k in ids}
        self.take_marker = [
            {
                k: self._add(
                    f"take {k}{r}",
                    Verb.TAKE_MARKER,
                    ("marker", PartKind.TOKEN, k),
                    ("radio", PartKind.CHOICE, bool(r)),
                )
                for k in ids
            }
            for r in ("", " radio")
        ]
        self.hide = self._add("hide", Verb.HIDE)
        self.reveal = self._add("reveal", Verb.REVEAL)
        # Artillery on a minefield marker (rules/shelling.py), by the marker's place in the
        # state's list; only where the scenario grants minefields, and last, so that every other
        # action keeps its index (seeded games, saves and the environments' action spaces)
        self.shell = {
            sustained: [
                self._add(
                    f"shell m{k}{' sustained' if sustained else ''}",
                    Verb.SHELL,
                    ("minefield", PartKind.TOKEN, k),
                    ("sustained", PartKind.CHOICE, sustained),
                )
                for k in range(mines)
            ]
            for sustained in (False, True)
        }

    def _add(self, text: str, verb: Verb, *items: tuple[str, PartKind, object]) -> Action:
        action: Action = self.intern(Action(len(self.all), text, verb, parts(*items)))
        return action

    def region_of(self, x: float, y: float) -> int:
        """The region holding a point (cells are half-open: [x0, x0 + 6) x [y0, y0 + 6))."""
        col = min(self.columns - 1, int(x // REGION))
        row = min(self.rows - 1, int(y // REGION))
        return row * self.columns + col

    def region_box(self, region: int) -> tuple[float, float, float, float]:
        row, col = divmod(region, self.columns)
        return col * REGION, row * REGION, (col + 1) * REGION, (row + 1) * REGION
