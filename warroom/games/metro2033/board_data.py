"""Metro 2033's board data (metro2033.md §2.10), read from `data/board.toml` and checked:
lines, zones (§2.10.1), the 78 stations (§2.10.2), the 111 links (§2.10.3), the counts and checks of
§2.10.4 recounted from the tables, the zone borders of §2.10.5 derived from the links, the round
track (§2.10.6) and the tracks (§2.10.7). board.py turns the result into the graph.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from dataclasses import field as derived
from typing import Annotated, Any, Literal

from pydantic import Field, StrictBool, StrictInt, model_validator

from warroom.games.metro2033.graph import components, is_connected
from warroom.games.metro2033.loading import (
    Count,
    Entry,
    Pair,
    StationId,
    Text,
    fail,
    frozen,
    read_entries,
    read_table,
    unique,
)
from warroom.games.metro2033.words import (
    CAPTURABLE_KINDS,
    FACTION_ZONES,
    RESOURCES,
    Faction,
    LinkKind,
    Resource,
    StationKind,
    Symbol,
    Zone,
)

FILE = "board.toml"
LOOP_SPACES = 9  # §2.10.6: a loop of 9 spaces after the start space
LOOP_EACH = 3  # §2.10.6: over each loop each resource is produced on 3 spaces; 3 laws; 3 threats


# ---------------------------------------------------------------- the entries of board.toml


class _Line(Entry):
    id: Annotated[str, Field(pattern=r"^L[1-9][0-9]?$")]
    ru: Text
    name: Text


class _Zone(Entry):
    id: Zone
    faction: Faction | None = None
    colour: Text | None = None
    capturable: list[StationId]
    homes: list[StationId]
    hanza: list[StationId]
    abandoned: list[StationId]

    @model_validator(mode="after")
    def _shape(self) -> _Zone:
        if self.id == Zone.POLIS:
            if self.faction is not None or self.colour is not None or self.homes:
                raise ValueError("POLIS belongs to no faction: no faction, colour or homes")
        elif self.faction is None or self.faction.zone != self.id or self.colour is None:
            raise ValueError(f"zone {self.id} needs faction = {self.id!r} and a colour")
        return self


class _Station(Entry):
    id: StationId
    ru: Text
    name: Text
    line: Text
    kind: StationKind
    zone: Zone
    home_of: Faction | None = None
    res: Literal["M", "P", "A", "any"] | None = None
    xfer: StrictBool
    x: Annotated[float, Field(strict=True, ge=0, le=100)]
    y: Annotated[float, Field(strict=True, ge=0, le=100)]

    @model_validator(mode="after")
    def _shape(self) -> _Station:
        polis = self.kind == StationKind.POLIS
        if polis != (self.zone == Zone.POLIS):
            raise ValueError("exactly the polis stations lie in zone POLIS (M33-MAP-03)")
        if (self.res is not None) != (self.kind in CAPTURABLE_KINDS):
            raise ValueError("capturable and polis stations produce (res); hanza and abandoned do not")
        if polis != (self.res == "any"):
            raise ValueError("res = 'any' exactly for polis stations (M33-MAP-06, M33-MAP-10)")
        if self.home_of is not None and (
            self.kind != StationKind.CAPTURABLE or self.home_of.zone != self.zone
        ):
            raise ValueError("a home station is a capturable station of its faction's zone (M33-MAP-11)")
        return self


class _Link(Entry):
    a: StationId
    b: StationId
    kind: LinkKind
    line: Text | None = None
    hanza: StrictBool

    @model_validator(mode="after")
    def _shape(self) -> _Link:
        if self.a == self.b:
            raise ValueError("a link joins two different stations")
        if (self.line is not None) != (self.kind == LinkKind.TUNNEL):
            raise ValueError("tunnels have a line; transfers have none")
        return self


class _ZoneBorder(Entry):
    zones: tuple[Zone, Zone]
    links: list[Pair] = Field(min_length=1)


class _RoundSpace(Entry):
    space: Annotated[str, Field(pattern=r"^(S|[1-9][0-9]*)$")]
    symbols: list[Symbol] = Field(min_length=1)
    times: Annotated[StrictInt, Field(ge=1)] = 1


class _Counts(Entry):
    stations: Count
    capturable: Count
    ordinary_per_zone: Count
    producing_per_zone: Count
    homes_per_zone: Count
    polis: Count
    hanza: Count
    abandoned: Count
    abandoned_per_zone: dict[Zone, Count]
    links: Count
    tunnels: Count
    hanza_tunnels: Count
    transfers: Count
    transfer_clusters: Count
    with_transfer: Count
    capturable_without_transfer: list[StationId]
    cross_area_tunnels: Count
    cross_zone_tunnels: Count
    cross_zone_hanza_tunnels: list[Pair]
    polis_tunnels: list[Pair]
    draft_zone_sets: Count


class _ArmyTrack(Entry):
    values: list[StrictInt] = Field(min_length=1)
    upkeep: list[Count]
    start: StrictInt

    @model_validator(mode="after")
    def _shape(self) -> _ArmyTrack:
        if self.values != list(range(1, len(self.values) + 1)):
            raise ValueError("values run 1, 2, ... without gaps (M33-GEN-08)")
        if len(self.upkeep) != len(self.values):
            raise ValueError("one upkeep per value")
        if self.start not in self.values:
            raise ValueError("start is one of the values")
        return self


class _VpTrack(Entry):
    printed: list[StrictInt] = Field(min_length=1)
    trophy: StrictInt
    start: StrictInt

    @model_validator(mode="after")
    def _shape(self) -> _VpTrack:
        if self.printed != list(range(self.printed[0], self.printed[0] + len(self.printed))):
            raise ValueError("printed values run without gaps")
        if self.trophy not in self.printed or self.start not in self.printed:
            raise ValueError("trophy and start are printed values")
        return self


@dataclass(frozen=True, slots=True)
class Station:
    """One of the 78 stations (§2.10.2); `index` is its position in board.toml."""

    index: int
    id: str
    ru: str
    name: str
    line: str
    kind: StationKind
    zone: Zone
    home_of: Faction | None
    produces: tuple[Resource, ...]  # () nothing; (r,) its resource; all three: Polis (M33-EVT-04)
    has_transfer: bool
    x: float
    y: float

    @property
    def is_capturable(self) -> bool:
        """Capturable or Polis: may be attacked, captured and owned (M33-GEN-06)."""
        return self.kind in CAPTURABLE_KINDS


@dataclass(frozen=True, slots=True)
class Link:
    """One of the 111 links (§2.10.3), numbered from 1 as in the digest."""

    number: int
    a: str
    b: str
    kind: LinkKind
    line: str | None
    hanza: bool  # a Hanza tunnel (M33-MAP-12)


@dataclass(frozen=True, slots=True)
class ZoneInfo:
    """One row of §2.10.1."""

    zone: Zone
    faction: Faction | None
    colour: str | None
    capturable: tuple[str, ...]
    homes: tuple[str, ...]
    hanza: tuple[str, ...]
    abandoned: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundSpace:
    """One space of the round track (§2.10.6)."""

    space: str
    symbols: tuple[Symbol, ...]
    times: int
    # derived once from the symbols (every round's income asks): the resources stations produce
    # on this space (M33-EVT-03), whether a law is voted and whether a threat comes (M33-EVT-02)
    resources: tuple[Resource, ...] = derived(init=False)
    has_law: bool = derived(init=False)
    has_threat: bool = derived(init=False)

    def __post_init__(self) -> None:
        produced = tuple(r for s in self.symbols if (r := s.resource) is not None)
        object.__setattr__(self, "resources", produced)
        object.__setattr__(self, "has_law", Symbol.LAW in self.symbols)
        object.__setattr__(self, "has_threat", Symbol.THREAT in self.symbols)


@dataclass(frozen=True, slots=True)
class RoundTrack:
    start: RoundSpace
    loop: tuple[RoundSpace, ...]

    def space_for_round(self, round_number: int) -> RoundSpace:
        """Round 1 uses the start space; round r >= 2 uses loop space ((r - 2) mod 9) + 1, and the
        token never returns to S (M33-RND-03, §2.10.6)."""
        if round_number < 1:
            raise ValueError(f"rounds count from 1, not {round_number}")
        return self.start if round_number == 1 else self.loop[(round_number - 2) % len(self.loop)]


@dataclass(frozen=True, slots=True)
class ArmyTrack:
    minimum: int
    maximum: int
    start: int
    upkeep_by_strength: tuple[int, ...]  # index 0 = strength 1

    def upkeep(self, strength: int) -> int:
        """Pigs to keep an army of `strength` at Mobilization (M33-MOB-02, §2.10.7)."""
        if not self.minimum <= strength <= self.maximum:
            raise ValueError(f"army strength {strength} is off the track {self.minimum}..{self.maximum}")
        return self.upkeep_by_strength[strength - self.minimum]


@dataclass(frozen=True, slots=True)
class VpTrack:
    printed: tuple[int, ...]
    trophy: int
    start: int


@dataclass(frozen=True, slots=True)
class BoardData:
    """§2.10 as loaded and checked; board.py turns it into the graph."""

    lines: Mapping[str, tuple[str, str]]  # line id -> (Russian name, English name)
    zones: Mapping[Zone, ZoneInfo]
    stations: tuple[Station, ...]
    links: tuple[Link, ...]
    zone_borders: Mapping[frozenset[Zone], tuple[tuple[str, str], ...]]  # §2.10.5
    round_track: RoundTrack
    army_track: ArmyTrack
    vp_track: VpTrack


# ---------------------------------------------------------------- loading and checking


def load_board(doc: Mapping[str, Any], file: str = FILE) -> BoardData:
    """board.toml's document `doc`, checked (see the module docstring)."""
    lines = read_entries(doc, file, "line", _Line)
    unique(file, lines, lambda e: e.id, "id")
    zones = read_entries(doc, file, "zone", _Zone)
    unique(file, zones, lambda e: e.id, "id")
    if {z.id for _, z in zones} != set(Zone):
        raise fail(file, "zone", "id", f"the zones are {[z.value for z in Zone]}, each once")
    stations = read_entries(doc, file, "station", _Station)
    unique(file, stations, lambda e: e.id, "id")
    line_ids = {e.id for _, e in lines}
    for label, s in stations:
        if s.line not in line_ids:
            raise fail(file, label, "line", f"unknown line {s.line!r}")
    by_id = {s.id: s for _, s in stations}
    labels = {s.id: label for label, s in stations}
    links = read_entries(doc, file, "link", _Link)
    _check_links(file, links, by_id, labels)
    borders = read_entries(doc, file, "zone_border", _ZoneBorder)
    track = read_entries(doc, file, "round_track", _RoundSpace)
    counts = read_table(doc, file, "counts", _Counts)
    army = read_table(doc, file, "army_track", _ArmyTrack)
    vp = read_table(doc, file, "vp_track", _VpTrack)
    _check_zones(file, zones, by_id)
    _check_counts(file, counts, by_id, [e for _, e in links])
    _check_transfers(file, [e for _, e in links], by_id, labels)
    _check_borders(file, borders, by_id, [e for _, e in links])
    round_track = _round_track(file, track)
    return BoardData(
        lines=frozen({e.id: (e.ru, e.name) for _, e in lines}),
        zones=frozen({z.id: _zone_info(z) for _, z in zones}),
        stations=tuple(_station(i, s) for i, (_, s) in enumerate(stations)),
        links=tuple(Link(n, e.a, e.b, e.kind, e.line, e.hanza) for n, (_, e) in enumerate(links, start=1)),
        zone_borders=frozen({frozenset(b.zones): tuple(b.links) for _, b in borders}),
        round_track=round_track,
        army_track=ArmyTrack(army.values[0], army.values[-1], army.start, tuple(army.upkeep)),
        vp_track=VpTrack(tuple(vp.printed), vp.trophy, vp.start),
    )


def _station(index: int, s: _Station) -> Station:
    produces = RESOURCES if s.res == "any" else (Resource(s.res),) if s.res else ()
    return Station(index, s.id, s.ru, s.name, s.line, s.kind, s.zone, s.home_of, produces, s.xfer, s.x, s.y)


def _zone_info(z: _Zone) -> ZoneInfo:
    return ZoneInfo(z.id, z.faction, z.colour, tuple(z.capturable), tuple(z.homes), tuple(z.hanza),
                    tuple(z.abandoned))  # fmt: skip


def _check_links(
    file: str, links: list[tuple[str, _Link]], by_id: Mapping[str, _Station], labels: Mapping[str, str]
) -> None:
    """Every link names existing stations, at most one link per pair; a tunnel runs along its
    line; the hanza flag is exactly "both ends Hanza" on a tunnel (M33-MAP-12); a station's xfer
    flag is exactly "has a transfer" (§2.10.2)."""
    for label, link in links:
        for end in ("a", "b"):
            if getattr(link, end) not in by_id:
                raise fail(file, label, end, f"unknown station {getattr(link, end)!r}")
        a, b = by_id[link.a], by_id[link.b]
        if link.kind == LinkKind.TUNNEL and not a.line == b.line == link.line:
            raise fail(file, label, "line", f"a {link.line} tunnel joins stations of {a.line} and {b.line}")
        hanza = link.kind == LinkKind.TUNNEL and a.kind == b.kind == StationKind.HANZA
        if link.hanza != hanza:
            raise fail(file, label, "hanza", f"should be {str(hanza).lower()} (M33-MAP-12)")
    unique(file, links, lambda e: "-".join(sorted((e.a, e.b))), "a")
    with_transfer = {end for _, e in links if e.kind == LinkKind.TRANSFER for end in (e.a, e.b)}
    for s in by_id.values():
        if s.xfer != (s.id in with_transfer):
            raise fail(file, labels[s.id], "xfer", f"should be {str(not s.xfer).lower()}: "
                        "it is derived from the transfer links (§2.10.2)")  # fmt: skip


def _check_zones(file: str, zones: list[tuple[str, _Zone]], by_id: Mapping[str, _Station]) -> None:
    """§2.10.1 agrees with the station table: each zone lists exactly its stations by kind."""
    for label, z in zones:
        here = [s for s in by_id.values() if s.zone == z.id]
        expected = {
            "capturable": [s.id for s in here if s.kind in CAPTURABLE_KINDS],
            "homes": [s.id for s in here if s.home_of is not None],
            "hanza": [s.id for s in here if s.kind == StationKind.HANZA],
            "abandoned": [s.id for s in here if s.kind == StationKind.ABANDONED],
        }
        for field, ids in expected.items():
            listed: list[str] = getattr(z, field)
            if sorted(listed) != sorted(ids):
                unknown = sorted(set(listed) - set(by_id))
                why = f"unknown stations {unknown}" if unknown else f"the station table gives {sorted(ids)}"
                raise fail(file, label, field, why)


def _pair(link: _Link) -> frozenset[str]:
    return frozenset((link.a, link.b))


def _pairs(pairs: Iterable[Iterable[str]]) -> list[list[str]]:
    return sorted(sorted(p) for p in pairs)


PAIR_COUNTS = ("cross_zone_hanza_tunnels", "polis_tunnels")


def _check_counts(file: str, counts: _Counts, by_id: Mapping[str, _Station], links: list[_Link]) -> None:
    """Recount every number and list of §2.10.4 from the station and link tables and compare."""
    stations = list(by_id.values())
    kinds = Counter(s.kind for s in stations)
    tunnels = [e for e in links if e.kind == LinkKind.TUNNEL]
    cross = [e for e in tunnels if by_id[e.a].zone != by_id[e.b].zone]
    polis = [e for e in cross if Zone.POLIS in (by_id[e.a].zone, by_id[e.b].zone)]
    by_transfer = _transfer_graph(by_id, links)
    abandoned = Counter(s.zone.value for s in stations if s.kind == StationKind.ABANDONED)
    recount: dict[str, object] = {
        "stations": len(stations),
        "capturable": kinds[StationKind.CAPTURABLE] + kinds[StationKind.POLIS],
        "polis": kinds[StationKind.POLIS],
        "hanza": kinds[StationKind.HANZA],
        "abandoned": kinds[StationKind.ABANDONED],
        "abandoned_per_zone": dict(abandoned),
        "links": len(links),
        "tunnels": len(tunnels),
        "hanza_tunnels": sum(e.hanza for e in links),
        "transfers": len(links) - len(tunnels),
        "transfer_clusters": len(components([s for s in by_id if by_transfer[s]], by_transfer.__getitem__)),
        "with_transfer": sum(s.xfer for s in stations),
        "capturable_without_transfer": sorted(
            s.id for s in stations if s.kind in CAPTURABLE_KINDS and not s.xfer
        ),
        "cross_area_tunnels": len(cross),
        "cross_zone_tunnels": len(cross) - len(polis),
        "cross_zone_hanza_tunnels": _pairs(_pair(e) for e in cross if e.hanza),
        "polis_tunnels": _pairs(_pair(e) for e in polis),
    }
    listed = counts.model_dump()
    listed["abandoned_per_zone"] = {z.value: n for z, n in counts.abandoned_per_zone.items() if n}
    listed["capturable_without_transfer"] = sorted(counts.capturable_without_transfer)
    for field in PAIR_COUNTS:
        listed[field] = _pairs(listed[field])
    for field, value in recount.items():
        if listed[field] != value:
            raise fail(file, "[counts]", field, f"the tables give {value!r}, [counts] says {listed[field]!r}")
    _check_zone_make_up(file, counts, stations)
    _check_ring(file, [e for e in links if e.hanza], kinds[StationKind.HANZA])
    _check_connected(file, counts, by_id, links)


def _check_zone_make_up(file: str, counts: _Counts, stations: list[_Station]) -> None:
    """§2.10.4: each faction zone has the same make-up: 9 ordinary capturable stations, 3 of them
    homes, 3 producing each resource."""
    for z in FACTION_ZONES:
        mine = [s for s in stations if s.kind == StationKind.CAPTURABLE and s.zone == z]
        per_resource = Counter(s.res for s in mine)
        found = {
            "ordinary_per_zone": len(mine),
            "homes_per_zone": sum(s.home_of is not None for s in mine),
            **{f"producing_per_zone ({r})": per_resource[r.value] for r in RESOURCES},
        }
        for field, value in found.items():
            listed = getattr(counts, field.split(" ")[0])
            if value != listed:
                raise fail(file, "[counts]", field, f"zone {z} has {value}, [counts] says {listed}")


def _check_connected(file: str, counts: _Counts, by_id: Mapping[str, _Station], links: list[_Link]) -> None:
    """§2.10.4: the whole graph is connected; the zone graph has exactly `draft_zone_sets`
    connected sets of 2-6 zones, and each leaves its in-play stations connected (M33-MAP-05)."""
    neighbours: dict[str, set[str]] = {s: set() for s in by_id}
    for e in links:
        neighbours[e.a].add(e.b)
        neighbours[e.b].add(e.a)
    if not is_connected(list(by_id), neighbours.__getitem__):
        raise fail(file, "link", "a", "the board is not one connected graph (§2.10.4)")
    sets = connected_zone_sets(zone_graph(lambda s: by_id[s].zone, ((e.a, e.b) for e in links)))
    if len(sets) != counts.draft_zone_sets:
        why = f"the zone graph gives {len(sets)}, [counts] says {counts.draft_zone_sets}"
        raise fail(file, "[counts]", "draft_zone_sets", why)
    for zone_set in sets:
        in_play = [s.id for s in by_id.values() if s.zone in zone_set or s.zone == Zone.POLIS]
        if not is_connected(in_play, neighbours.__getitem__):
            cut = f"zones {sorted(z.value for z in zone_set)} leave in-play stations cut off (M33-MAP-05)"
            raise fail(file, "[counts]", "draft_zone_sets", cut)


def _transfer_graph(by_id: Mapping[str, _Station], links: list[_Link]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {s: set() for s in by_id}
    for e in links:
        if e.kind == LinkKind.TRANSFER:
            graph[e.a].add(e.b)
            graph[e.b].add(e.a)
    return graph


def _check_transfers(
    file: str, links: list[_Link], by_id: Mapping[str, _Station], labels: Mapping[str, str]
) -> None:
    """Each transfer cluster is complete and lies in one zone (Polis being one area), so a
    station's transfer status never depends on the zones in play (§2.10.4, M33-MAP-09); every
    Polis station has a transfer."""
    graph = _transfer_graph(by_id, links)
    for cluster in components([s for s in by_id if graph[s]], graph.__getitem__):
        name = "transfer cluster " + "-".join(sorted(cluster))
        if any(graph[s] != cluster - {s} for s in cluster):
            raise fail(file, name, "link", "not every pair inside it is linked (§2.10.3)")
        if len({by_id[s].zone for s in cluster}) != 1:
            raise fail(file, name, "link", "a transfer joins two zones (§2.10.4)")
    for s in by_id.values():
        if s.kind == StationKind.POLIS and not s.xfer:
            raise fail(file, labels[s.id], "xfer", "every Polis station has a transfer (§2.10.4)")


def _check_ring(file: str, hanza_tunnels: list[_Link], hanza_stations: int) -> None:
    """The Hanza tunnels form one closed ring through every Hanza station (M33-MAP-07/12)."""
    ring: dict[str, set[str]] = {}
    for e in hanza_tunnels:
        ring.setdefault(e.a, set()).add(e.b)
        ring.setdefault(e.b, set()).add(e.a)
    closed = all(len(ends) == 2 for ends in ring.values()) and is_connected(list(ring), ring.__getitem__)
    if len(ring) != hanza_stations or not closed:
        raise fail(file, "link", "hanza", "the Hanza tunnels do not form one closed ring (§2.10.4)")


def zone_graph(by_zone_of: Callable[[str], Zone], links: Iterable[tuple[str, str]]) -> dict[Zone, set[Zone]]:
    """Faction zones joined by a link between their stations; Polis never joins zones (M33-MAP-14)."""
    graph: dict[Zone, set[Zone]] = {z: set() for z in FACTION_ZONES}
    for a, b in links:
        za, zb = by_zone_of(a), by_zone_of(b)
        if za != zb and Zone.POLIS not in (za, zb):
            graph[za].add(zb)
            graph[zb].add(za)
    return graph


def connected_zone_sets(graph: Mapping[Zone, set[Zone]]) -> list[frozenset[Zone]]:
    """The connected sets of 2-6 faction zones: the only sets a faction draft can produce
    (M33-SET-03, §2.10.4)."""
    return [
        frozenset(combo)
        for size in range(2, len(FACTION_ZONES) + 1)
        for combo in itertools.combinations(FACTION_ZONES, size)
        if is_connected(combo, graph.__getitem__)
    ]


def _check_borders(
    file: str, borders: list[tuple[str, _ZoneBorder]], by_id: Mapping[str, _Station], links: list[_Link]
) -> None:
    """§2.10.5 lists exactly the zone borders the links make, each with exactly its links."""
    derived: dict[frozenset[Zone], set[frozenset[str]]] = {}
    for e in links:
        za, zb = by_id[e.a].zone, by_id[e.b].zone
        if za != zb and Zone.POLIS not in (za, zb):
            derived.setdefault(frozenset((za, zb)), set()).add(_pair(e))
    unique(file, borders, lambda b: "-".join(sorted(z.value for z in b.zones)), "zones")
    for label, border in borders:
        key = frozenset(border.zones)
        unknown = sorted({s for pair in border.links for s in pair} - set(by_id))
        if unknown:
            raise fail(file, label, "links", f"unknown stations {unknown}")
        if key not in derived:
            raise fail(file, label, "zones", "no link joins these zones (M33-MAP-14)")
        if {frozenset(p) for p in border.links} != derived[key]:
            raise fail(file, label, "links", f"the links give {sorted(sorted(p) for p in derived[key])}")
    missing = set(derived) - {frozenset(b.zones) for _, b in borders}
    if missing:
        pairs = sorted(sorted(z.value for z in key) for key in missing)
        raise fail(file, "zone_border", "zones", f"borders {pairs} are missing (M33-MAP-14)")


def _round_track(file: str, spaces: list[tuple[str, _RoundSpace]]) -> RoundTrack:
    """§2.10.6: the start space S, then the loop 1..9 in which each resource is produced on 3
    spaces and there are 3 law votes and 3 threats."""
    (start_label, start), *loop = spaces
    if start.space != "S":
        raise fail(file, start_label, "space", "the track starts with the start space S")
    for number, (label, space) in enumerate(loop, start=1):
        if space.space != str(number):
            raise fail(file, label, "space", f"expected loop space {number}")
    if len(loop) != LOOP_SPACES:
        raise fail(file, "round_track", "space", f"the loop has {LOOP_SPACES} spaces, not {len(loop)}")
    seen = Counter(symbol.value for _, space in loop for symbol in space.symbols)
    if any(seen[symbol.value] != LOOP_EACH for symbol in Symbol):
        raise fail(
            file, "round_track", "symbols", f"each symbol {LOOP_EACH} times per loop, not {dict(seen)}"
        )
    made = [RoundSpace(s.space, tuple(s.symbols), s.times) for _, s in spaces]
    return RoundTrack(made[0], tuple(made[1:]))
