"""Scenarios: warroom's own TOML format (docs/memoir44-scenarios.md), validated on load, and the
`.m44` importer (../shared/formats/m44.md) that converts a Days of Wonder editor file into it.

A scenario is data (M44-SCEN-01..08): board face, sides, hands, medals, terrain, features,
obstacles, units and objective medals. Every error names the file, the hex and the field.
"""

from __future__ import annotations

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from warroom.core.errors import CorruptDataError
from warroom.games.memoir44.board import NAMES, NEIGHBOURS, NUM_HEXES, ROW, from_m44, parse_hex
from warroom.games.memoir44.content import Content, default_content
from warroom.games.memoir44.words import OBSTACLE_KINDS, SIDE_NAMES, TERRAIN_KINDS, UNIT_KINDS, Side

SCENARIO_DIR = Path(__file__).parent / "data" / "scenarios"
MAX_TILES = 44  # terrain tiles in the box (M44-SCEN-08, a warning only)
FACES = ("countryside", "beach")
# The beach face's printed rows (M44-SETUP-02; FAQ: two ocean rows; EX-21's beach rows).
PRINTED_BEACH = {6: "beach", 7: "beach", 8: "ocean", 9: "ocean"}


@dataclass(frozen=True)
class UnitSetup:
    side: Side
    kind: int  # index into Content.units
    figures: int
    hex: int
    label: str = ""


@dataclass(frozen=True)
class Objective:
    """An objective medal (M44-MEDAL-02..04): held while a unit of `side` stands on any of the
    hexes (temporary), or kept from the first entry (permanent)."""

    hexes: tuple[int, ...]
    side: Side
    medals: int = 1
    permanent: bool = False


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    board_face: str
    bottom_side: Side
    first_player: Side
    hand_size: tuple[int, int]
    extra_draws: tuple[int, int]
    victory_medals: tuple[int, int]
    sandbag_pool: tuple[int, int]  # -1 = unlimited (M44-SCEN-07)
    terrain: tuple[int, ...]  # terrain index per hex
    bridge: tuple[bool, ...]
    bunker: tuple[int, ...]  # side allowed cover, -1 = no bunker (M44-OBST-04)
    sandbags: tuple[bool, ...]
    wire: tuple[bool, ...]
    hedgehog: tuple[bool, ...]
    units: tuple[UnitSetup, ...]
    objectives: tuple[Objective, ...]
    hill_group: tuple[int, ...]  # connected hill group per hex, -1 off the hills (M44-LOS-07)
    notes: str = ""
    source: str = ""
    warnings: tuple[str, ...] = field(default=())


def shipped() -> list[str]:
    """The names of the scenarios that ship with warroom."""
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def resolve(spec: str, content: Content | None = None) -> Scenario:
    """A shipped scenario by name, or a path to a warroom `.toml` or an `.m44` file."""
    content = content or default_content()
    if spec in shipped():
        return load_file(SCENARIO_DIR / f"{spec}.toml", content)
    path = Path(spec)
    if path.suffix.lower() in (".m44", ".toml", ".json") or path.exists():
        if not path.is_file():
            raise CorruptDataError(f"{spec}: no such scenario file")
        return load_file(path, content)
    raise CorruptDataError(f"unknown scenario {spec!r}; shipped: {', '.join(shipped())} (or a path)")


def load_file(path: Path, content: Content | None = None) -> Scenario:
    content = content or default_content()
    if path.suffix.lower() == ".m44":
        return parse_text(import_m44(path), path.name, content)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CorruptDataError(f"{path}: {exc}") from None
    return parse_text(text, path.name, content)


def parse_text(text: str, filename: str, content: Content | None = None) -> Scenario:
    """Parse and validate a scenario in warroom's format; errors name the file, hex and field."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CorruptDataError(f"{filename}: not valid TOML: {exc}") from None
    return _Reader(filename, doc, content or default_content()).scenario()


class _Reader:
    TOP: ClassVar[set[str]] = {
        "id", "name", "board_face", "bottom_side", "first_player", "notes", "source", *SIDE_NAMES,
        "terrain", "features", "obstacles", "units", "objective",
    }  # fmt: skip
    SIDE_KEYS: ClassVar[set[str]] = {"hand_size", "victory_medals", "extra_draws", "sandbag_pool"}

    def __init__(self, filename: str, doc: dict[str, Any], content: Content) -> None:
        self.file, self.doc, self.content = filename, doc, content
        self.warnings: list[str] = []

    def fail(self, where: str, msg: str) -> CorruptDataError:
        return CorruptDataError(f"{self.file}: {where}: {msg}")

    def get(self, key: str, kind: type, default: Any = None) -> Any:
        value = self.doc.get(key, default)
        if value is None or not isinstance(value, kind):
            raise self.fail(f"field {key}", f"expected a {kind.__name__}, got {value!r}")
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(key, str, default)
        if value not in choices:
            raise self.fail(f"field {key}", f"{value!r} is not one of {', '.join(choices)}")
        return str(value)

    def hexes(self, where: str, names: Any) -> list[int]:
        if not isinstance(names, list):
            raise self.fail(where, f'expected a list of hexes like "R3C4", got {names!r}')
        out = []
        for text in names:
            try:
                out.append(parse_hex(str(text)))
            except ValueError as exc:
                raise self.fail(where, str(exc)) from None
        return out

    def scenario(self) -> Scenario:
        unknown = set(self.doc) - self.TOP
        if unknown:
            raise self.fail(
                f"field {sorted(unknown)[0]}", f"unknown field; known: {', '.join(sorted(self.TOP))}"
            )
        face = self.choice("board_face", FACES, "countryside")
        sides = [self.side_table(s) for s in SIDE_NAMES]
        terrain = self.terrain(face)
        bridge, bunker = self.features(terrain)
        sandbags, wire, hedgehog = self.obstacles()
        units = self.units(terrain, bridge, bunker, hedgehog)
        return Scenario(
            id=self.get("id", str),
            name=self.get("name", str),
            board_face=face,
            bottom_side=Side(SIDE_NAMES.index(self.choice("bottom_side", SIDE_NAMES))),
            first_player=Side(SIDE_NAMES.index(self.choice("first_player", SIDE_NAMES))),
            hand_size=(sides[0]["hand_size"], sides[1]["hand_size"]),
            extra_draws=(sides[0]["extra_draws"], sides[1]["extra_draws"]),
            victory_medals=(sides[0]["victory_medals"], sides[1]["victory_medals"]),
            sandbag_pool=(sides[0]["sandbag_pool"], sides[1]["sandbag_pool"]),
            terrain=tuple(terrain),
            bridge=tuple(bridge),
            bunker=tuple(bunker),
            sandbags=tuple(sandbags),
            wire=tuple(wire),
            hedgehog=tuple(hedgehog),
            units=tuple(units),
            objectives=tuple(self.objectives()),
            hill_group=hill_groups(terrain, TERRAIN_KINDS.index("hill")),
            notes=str(self.doc.get("notes", "")),
            source=str(self.doc.get("source", "")),
            warnings=tuple(self.warnings),
        )

    def side_table(self, side: str) -> dict[str, int]:
        table = self.doc.get(side)
        if not isinstance(table, dict):
            raise self.fail(f"[{side}]", "missing table with hand_size and victory_medals")
        unknown = set(table) - self.SIDE_KEYS
        if unknown:
            raise self.fail(f"[{side}] field {sorted(unknown)[0]}", "unknown field")
        out = {}
        for key, default, low in (("hand_size", None, 1), ("victory_medals", None, 1),
                                  ("extra_draws", 0, 0), ("sandbag_pool", -1, -1)):  # fmt: skip
            value = table.get(key, default)
            if not isinstance(value, int) or isinstance(value, bool) or value < low or value > 99:
                raise self.fail(f"[{side}] field {key}", f"expected a whole number >= {low}, got {value!r}")
            out[key] = value
        return out

    def terrain(self, face: str) -> list[int]:
        """One base terrain per hex (M44-SCEN-02, M44-BOARD-05). Ocean and beach hexes play by their
        own rules wherever they are (M44-TERR-10..13): the beach face prints them on rows 6-9, and
        on the countryside face they are tiles like any other."""
        clear = TERRAIN_KINDS.index("clear")
        terrain = [clear] * NUM_HEXES
        if face == "beach":
            for h in range(NUM_HEXES):
                if ROW[h] + 1 in PRINTED_BEACH:
                    terrain[h] = TERRAIN_KINDS.index(PRINTED_BEACH[ROW[h] + 1])
        table = self.doc.get("terrain", {})
        if not isinstance(table, dict):
            raise self.fail("[terrain]", "expected a table of terrain kind = [hexes]")
        seen: dict[int, str] = {}
        tiles = 0
        for kind, names in table.items():
            if kind not in TERRAIN_KINDS:
                raise self.fail(
                    f"[terrain] field {kind}", f"unknown terrain; known: {', '.join(TERRAIN_KINDS)}"
                )
            printed = face == "beach" and kind in ("ocean", "beach")  # the beach face's own rows
            for h in self.hexes(f"[terrain] field {kind}", names):
                if h in seen:
                    raise self.fail(
                        f"hex {NAMES[h]}, [terrain] field {kind}", f"already {seen[h]} (M44-SCEN-02)"
                    )
                seen[h] = kind
                terrain[h] = TERRAIN_KINDS.index(kind)
                tiles += kind != "clear" and not printed
        if tiles > MAX_TILES:
            self.warnings.append(f"{self.file}: {tiles} terrain tiles placed, the box has {MAX_TILES}")
        return terrain

    def features(self, terrain: list[int]) -> tuple[list[bool], list[int]]:
        """Bridges and bunkers (M44-SCEN-03), at most one on a hex (M44-BOARD-05). A bridge makes
        a river hex passable (M44-TERR-09). A long bridge also has bridge sections on the land
        hexes at its ends: those are bridge hexes too, and as the bridge itself has no effect
        (no protection, no LOS block) their terrain keeps its own rules, as a bunker's does (EX-23)."""
        table = self.doc.get("features", {})
        if not isinstance(table, dict) or set(table) - {"bridge", "bunker_allies", "bunker_axis"}:
            raise self.fail("[features]", "expected bridge, bunker_allies and bunker_axis lists of hexes")
        bridge = [False] * NUM_HEXES
        bunker = [-1] * NUM_HEXES
        for h in self.hexes("[features] field bridge", table.get("bridge", [])):
            bridge[h] = True
        for side, key in enumerate(("bunker_allies", "bunker_axis")):
            for h in self.hexes(f"[features] field {key}", table.get(key, [])):
                if bridge[h] or bunker[h] >= 0:
                    raise self.fail(
                        f"hex {NAMES[h]}, [features] field {key}",
                        f"already a {'bridge' if bridge[h] else 'bunker'} here: one bridge or bunker per hex"
                        " (M44-BOARD-05)",
                    )
                bunker[h] = side
        for span in bridge_spans(bridge):
            if all(terrain[h] != TERRAIN_KINDS.index("river") for h in span):
                where = ", ".join(NAMES[h] for h in span)
                self.warnings.append(
                    f"{self.file}: the bridge on {where} crosses no river: it plays as the terrain under it"
                )
        return bridge, bunker

    def obstacles(self) -> tuple[list[bool], list[bool], list[bool]]:
        table = self.doc.get("obstacles", {})
        if not isinstance(table, dict):
            raise self.fail("[obstacles]", "expected a table of obstacle kind = [hexes]")
        out = {kind: [False] * NUM_HEXES for kind in OBSTACLE_KINDS}
        for kind, names in table.items():
            if kind not in OBSTACLE_KINDS:
                raise self.fail(
                    f"[obstacles] field {kind}", f"unknown obstacle; known: {', '.join(OBSTACLE_KINDS)}"
                )
            for h in self.hexes(f"[obstacles] field {kind}", names):
                out[kind][h] = True
        return out["sandbags"], out["wire"], out["hedgehog"]

    def units(
        self, terrain: list[int], bridge: list[bool], bunker: list[int], hedgehog: list[bool]
    ) -> list[UnitSetup]:
        table = self.doc.get("units", {})
        if not isinstance(table, dict) or set(table) - set(SIDE_NAMES):
            raise self.fail("[units]", 'expected allies and axis lists like ["R6C3 infantry"]')
        out: list[UnitSetup] = []
        taken: set[int] = set()
        for side, key in enumerate(SIDE_NAMES):
            for entry in table.get(key, []):
                unit = self.unit(Side(side), key, entry)
                where = f"hex {NAMES[unit.hex]}, [units] field {key}"
                self.check_unit(
                    unit, where, taken, terrain=terrain, bridge=bridge, bunker=bunker, hedgehog=hedgehog
                )
                taken.add(unit.hex)
                out.append(unit)
        return out

    def unit(self, side: Side, key: str, entry: Any) -> UnitSetup:
        """`"R6C3 infantry"`, optionally `figures=3` and `label=Rangers` (M44-SCEN-05)."""
        words = str(entry).split()
        if len(words) < 2:
            raise self.fail(f"[units] field {key}", f'{entry!r} should read like "R6C3 infantry"')
        try:
            h = parse_hex(words[0])
        except ValueError as exc:
            raise self.fail(f"[units] field {key}", str(exc)) from None
        where = f"hex {NAMES[h]}, [units] field {key}"
        if words[1] not in UNIT_KINDS:
            raise self.fail(where, f"unknown unit kind {words[1]!r}; known: {', '.join(UNIT_KINDS)}")
        kind = self.content.unit(words[1])
        extra = dict(w.split("=", 1) for w in words[2:] if "=" in w)
        if set(extra) - {"figures", "label"} or len(extra) != len(words) - 2:
            raise self.fail(where, f"{entry!r}: only figures=N and label=TEXT may follow the kind")
        figures = extra.get("figures", str(kind.figures))
        if not figures.isdigit() or not 1 <= int(figures) <= 9:
            raise self.fail(where, f"figures={figures} is not a count 1..9 (M44-UNIT-05)")
        return UnitSetup(side, kind.index, int(figures), h, extra.get("label", "").replace("_", " "))

    def check_unit(self, unit: UnitSetup, where: str, taken: set[int], *, terrain: list[int],
                   bridge: list[bool], bunker: list[int], hedgehog: list[bool]) -> None:  # fmt: skip
        """M44-SCEN-08: one unit per hex, none on an unbridged river, no armor or artillery on a
        hedgehog, no armor on a bunker."""
        base = self.content.units[unit.kind].base
        if unit.hex in taken:
            raise self.fail(where, "a second unit on this hex (M44-GEN-02)")
        if terrain[unit.hex] == TERRAIN_KINDS.index("river") and not bridge[unit.hex]:
            raise self.fail(where, "a unit on a river without a bridge: no unit may enter it (M44-TERR-09)")
        if hedgehog[unit.hex] and base != "infantry":
            raise self.fail(where, f"{base} on a hedgehog, which only infantry may enter (M44-OBST-12)")
        if bunker[unit.hex] >= 0 and base == "armor":
            raise self.fail(where, "armor on a bunker, which armor may not enter (M44-OBST-01)")

    def objectives(self) -> list[Objective]:
        entries = self.doc.get("objective", [])
        if not isinstance(entries, list):
            raise self.fail("[[objective]]", "expected a list of tables")
        out = []
        for number, raw in enumerate(entries, 1):
            where = f"[[objective]] #{number}"
            if not isinstance(raw, dict) or set(raw) - {"hexes", "side", "medals", "kind"}:
                raise self.fail(where, "fields are hexes, side, medals and kind")
            hexes = self.hexes(f"{where} field hexes", raw.get("hexes"))
            side = raw.get("side")
            if side not in SIDE_NAMES:
                raise self.fail(f"{where} field side", f"{side!r} is not allies or axis")
            kind = raw.get("kind", "temporary")
            if kind not in ("temporary", "permanent"):
                raise self.fail(f"{where} field kind", f"{kind!r} is not temporary or permanent")
            medals = raw.get("medals", 1)
            if not isinstance(medals, int) or not 1 <= medals <= 9:
                raise self.fail(f"{where} field medals", f"{medals!r} is not 1..9")
            out.append(Objective(tuple(hexes), Side(SIDE_NAMES.index(side)), medals, kind == "permanent"))
        return out


def bridge_spans(bridge: list[bool]) -> list[list[int]]:
    """The bridges as spans: each connected group of bridge hexes, in hex order."""
    seen: set[int] = set()
    spans = []
    for start in range(NUM_HEXES):
        if not bridge[start] or start in seen:
            continue
        span, stack = [], [start]
        seen.add(start)
        while stack:
            h = stack.pop()
            span.append(h)
            for n in NEIGHBOURS[h]:
                if bridge[n] and n not in seen:
                    seen.add(n)
                    stack.append(n)
        spans.append(sorted(span))
    return spans


def hill_groups(terrain: list[int], hill: int) -> tuple[int, ...]:
    """Label each connected group of hill hexes (a plateau, M44-LOS-07)."""
    group = [-1] * NUM_HEXES
    label = 0
    for start in range(NUM_HEXES):
        if terrain[start] != hill or group[start] >= 0:
            continue
        stack = [start]
        group[start] = label
        while stack:
            h = stack.pop()
            for n in NEIGHBOURS[h]:
                if terrain[n] == hill and group[n] < 0:
                    group[n] = label
                    stack.append(n)
        label += 1
    return tuple(group)


# -- the .m44 importer ------------------------------------------------------------------------

M44_TERRAIN = {"woods": "forest", "hills": "hill", "buildings": "town", "river": "river", "curve": "river",
               "hedgerow": "hedgerow", "ocean": "ocean", "beach": "beach", "coast": "beach"}  # fmt: skip
M44_RECT = ("bridge", "bunker")
M44_OBSTACLE = {"sand": "sandbags", "sandbag": "sandbags", "wire": "wire", "hedgehog": "hedgehog"}
ALLIES, AXIS = SIDE_NAMES
M44_NATIONS = {"ger": AXIS, "jp": AXIS, "it": AXIS, "us": ALLIES, "brit": ALLIES, "gb": ALLIES, "ru": ALLIES,
               "fr": ALLIES}  # fmt: skip
M44_UNIT = re.compile(r"^(inf|tank|gun)(2?)([a-z]+)$")
M44_FACES = {"country": "countryside", "beach": "beach"}
ALLIED_MEDALS = {1, 4, 6}
M44_BEHAVIOURS = {"bridge": ("bridge_section",)}  # piece behaviours the base game plays (a long bridge)
MIDDLE_ROW = 4  # .m44 row of R5, the row between the two halves


def import_m44(path: Path | str) -> str:
    """Convert a `.m44` file into warroom's scenario format (TOML text), refusing anything the base
    game cannot play with an error naming the file, the hex and the name."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CorruptDataError(f"{path.name}: not a readable .m44 (JSON) file: {exc}") from None
    return import_m44_text(text, path.name)


def import_m44_text(text: str, filename: str) -> str:
    """`import_m44` on a file's text (an upload over the web); errors name `filename`."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CorruptDataError(f"{filename}: not a readable .m44 (JSON) file: {exc}") from None
    if not isinstance(doc, dict):
        raise CorruptDataError(f"{filename}: a .m44 file is a JSON object")
    return _M44(filename, doc).convert()


class _M44:
    def __init__(self, filename: str, doc: dict[str, Any]) -> None:
        self.file, self.doc = filename, doc
        self.terrain: dict[str, list[str]] = {}
        self.features: dict[str, list[str]] = {}
        self.obstacles: dict[str, list[str]] = {}
        self.units: dict[str, list[str]] = {name: [] for name in SIDE_NAMES}
        self.objectives: list[tuple[str, str]] = []
        self.notes: list[str] = []
        self.top = ALLIES  # the side of player 1 (the top edge), set by convert()

    def fail(self, msg: str) -> CorruptDataError:
        return CorruptDataError(f"{self.file}: {msg}")

    def section(self, key: str) -> dict[str, Any]:
        value = self.doc.get(key)
        if not isinstance(value, dict):
            raise self.fail(f"missing or malformed {key!r} object")
        return value

    def convert(self) -> str:
        info, board = self.section("game_info"), self.section("board")
        btype = str(board.get("type", "STANDARD")).upper()
        if btype != "STANDARD":
            raise self.fail(f"board type {board.get('type')!r} is not supported (only STANDARD 13x9 boards)")
        face_name = str(board.get("face", "COUNTRY")).lower()
        if face_name not in M44_FACES:
            raise self.fail(f"board face {board.get('face')!r} is not supported (base game: COUNTRY, BEACH)")
        sides = [self.side(info, n) for n in (1, 2)]
        if sides[0] == sides[1]:
            raise self.fail("game_info: side_player1 and side_player2 are the same side")
        self.top = sides[0]
        hexagons = board.get("hexagons", [])
        if not isinstance(hexagons, list):
            raise self.fail("board.hexagons must be a list")
        for entry in hexagons:
            self.hexagon(entry)
        return self.toml(info, sides, M44_FACES[face_name])

    def side(self, info: dict[str, Any], n: int) -> str:
        side = str(info.get(f"side_player{n}", "")).lower()
        if side not in SIDE_NAMES:
            raise self.fail(f"game_info.side_player{n} {info.get(f'side_player{n}')!r} is not AXIS or ALLIES")
        return side

    def hexagon(self, entry: Any) -> None:
        if not isinstance(entry, dict):
            raise self.fail(f"a hexagon entry is not an object: {entry!r}")
        try:
            h = from_m44(int(entry["row"]), int(entry["col"]))
        except (KeyError, TypeError, ValueError) as exc:
            raise self.fail(f"hexagon {entry.get('row')},{entry.get('col')}: {exc}") from None
        where = f"hex {NAMES[h]} (row {entry['row']}, col {entry['col']})"
        unknown = set(entry) - {"row", "col", "terrain", "rect_terrain", "obstacle", "unit", "tags", "text"}
        if unknown:
            raise self.fail(f"{where}: unknown key {sorted(unknown)[0]!r}")
        for key, table, out in (
            ("terrain", M44_TERRAIN, self.terrain),
            ("obstacle", M44_OBSTACLE, self.obstacles),
        ):
            if key in entry:
                piece = self.name(entry[key], where, key)
                if piece not in table:
                    raise self.fail(
                        f"{where}: {key} {piece!r} is not supported (base game: {', '.join(table)})"
                    )
                out.setdefault(table[piece], []).append(NAMES[h])
        side = self.unit(entry["unit"], h, where) if "unit" in entry else None
        if "rect_terrain" in entry:
            piece = self.name(entry["rect_terrain"], where, "rect_terrain")
            if piece not in M44_RECT:
                raise self.fail(
                    f"{where}: rect_terrain {piece!r} is not supported (base game: bridge, bunker)"
                )
            key = "bridge" if piece == "bridge" else f"bunker_{self.bunker_side(int(entry['row']), side)}"
            self.features.setdefault(key, []).append(NAMES[h])
        for tag in entry.get("tags", []) or []:
            self.tag(self.name(tag, where, "tag"), h, where)

    def bunker_side(self, row: int, unit_side: str | None) -> str:
        """Bunkers give cover to the side whose half they are in (M44-OBST-04): rows 1-4 the top
        player's, rows 6-9 the bottom player's; on the middle row R5 the side of the unit placed in
        it, else the top player's."""
        bottom = AXIS if self.top == ALLIES else ALLIES
        if row == MIDDLE_ROW and unit_side is not None:
            return unit_side
        return self.top if row <= MIDDLE_ROW else bottom

    def name(self, piece: Any, where: str, key: str) -> str:
        """A piece's name; a `behavior` the base game does not play (anything but a long bridge's
        BRIDGE_SECTION) is refused with the hex."""
        if not isinstance(piece, dict) or not isinstance(piece.get("name"), str):
            raise self.fail(f"{where}: {key} needs a name")
        name = str(piece["name"]).lower()
        behaviour = piece.get("behavior")
        if behaviour is not None and str(behaviour).lower() not in M44_BEHAVIOURS.get(name, ()):
            raise self.fail(f"{where}: {key} {name!r} with behavior {behaviour!r} is not in the base game")
        return name

    def unit(self, piece: Any, h: int, where: str) -> str:
        """`inf|tank|gun` + optional `2` (special / elite) + nation; badge marks special forces.
        Returns the unit's side."""
        code = self.name(piece, where, "unit")
        match = M44_UNIT.match(code)
        if match is None or match.group(3) not in M44_NATIONS:
            raise self.fail(
                f"{where}: unit {code!r} is not supported (base game: inf/tank/gun + ger, us, brit, ...)"
            )
        kind_code, special, nation = match.groups()
        if kind_code == "gun" and special:
            raise self.fail(f"{where}: unit {code!r} (special artillery) is not supported")
        badge = bool(piece.get("badge"))
        kind = {"inf": "special_forces" if special or badge else "infantry",
                "tank": "elite_armor" if special else "armor", "gun": "artillery"}[kind_code]  # fmt: skip
        text = f"{NAMES[h]} {kind}"
        if "nbr_units" in piece:
            count = piece["nbr_units"]
            if not str(count).isdigit():
                raise self.fail(f"{where}: unit {code!r}: nbr_units {count!r} is not a figure count")
            text += f" figures={int(count)}"
        if badge:
            text += f" label={piece['badge']}"
        side = M44_NATIONS[nation]
        self.units[side].append(text)
        return side

    def tag(self, tag: str, h: int, where: str) -> None:
        """`medal1/4/6` Allied, `medal0` either side, other `medalN` Axis objectives; `tagN` markers."""
        if re.fullmatch(r"medal\d+", tag):
            number = int(tag[5:])
            sides = SIDE_NAMES if number == 0 else (ALLIES,) if number in ALLIED_MEDALS else (AXIS,)
            self.objectives.extend((NAMES[h], s) for s in sides)
        elif re.fullmatch(r"tag\d+", tag):
            self.notes.append(f"marker {tag} on {NAMES[h]} ignored (described in the scenario text)")
        else:
            raise self.fail(f"{where}: tag {tag!r} is not supported (medalN, tagN)")

    def toml(self, info: dict[str, Any], sides: list[str], face: str) -> str:
        top, bottom = sides
        text = self.doc.get("text", {}).get("en", {}) if isinstance(self.doc.get("text"), dict) else {}
        name = str(text.get("name") or Path(self.file).stem)
        first = sides[0] if str(info.get("starting", "PLAYER1")).upper() == "PLAYER1" else sides[1]
        parts = ("historical", "description", "victory")
        notes = " ".join(str(text.get(k, "")) for k in parts if text.get(k))
        lines = [
            f"# imported from {self.file} by warroom's .m44 importer",
            f"id = {_q(Path(self.file).stem)}",
            f"name = {_q(name)}",
            f"board_face = {_q(face)}",
            f"bottom_side = {_q(bottom)}",
            f"first_player = {_q(first)}",
            f"source = {_q('imported .m44')}",
            f"notes = {_q(' '.join([notes, *self.notes]).strip())}",
        ]
        for n, side in ((1, top), (2, bottom)):
            lines += ["", f"[{side}]", f"hand_size = {_int(info, f'cards_player{n}', self.file)}",
                      f"victory_medals = {_int(info, f'victory_player{n}', self.file)}"]  # fmt: skip
        for title, table in (
            ("terrain", self.terrain),
            ("features", self.features),
            ("obstacles", self.obstacles),
        ):
            lines += ["", f"[{title}]", *(f"{k} = {_list(v)}" for k, v in sorted(table.items()))]
        lines += ["", "[units]", *(f"{k} = {_list(v)}" for k, v in self.units.items())]
        for hexname, side in self.objectives:
            lines += ["", "[[objective]]", f"hexes = [{_q(hexname)}]", f"side = {_q(side)}"]
        return "\n".join(lines) + "\n"


def _q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _list(items: list[str]) -> str:
    return "[" + ", ".join(_q(i) for i in items) + "]"


def _int(info: dict[str, Any], key: str, filename: str) -> int:
    value = info.get(key)
    try:
        number = int(value)  # type: ignore[arg-type]  # a malformed value is reported just below
    except (TypeError, ValueError):
        raise CorruptDataError(f"{filename}: game_info.{key} {value!r} is not a number") from None
    return number
