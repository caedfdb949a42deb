"""The Metro 2033 board as a graph, precomputed at import (metro2033.md §2.10, §3.2 MAP).

A station is an int: its index in board.toml, which lists the 78 stations in the digest's order
(§2.10.2); people and saves name it by its id ("OKH", "HKIE"): `BOARD.station("OKH")`,
`BOARD.ids[s]`. Links are tunnels and transfers; both join adjacent stations (M33-MAP-02).

The zones on the printed board (schematic x east, y south, 0-100; Polis in the middle) and the
zone graph of the faction draft (§2.10.5, M33-MAP-14), which Polis never joins:

        C05 (22,24)      RE (53,23)                         C05 ---- RE ---- RL ---- BA
                                   RL (63,35)                |               |      /
                  POLIS (38,54)             BA (85,63)       |               |     /
        AC (19,66)       BN (51,82)                         AC ------------- BN --+

The Hanza ring (13 Hanza tunnels, M33-MAP-12) runs through every faction zone: HBAR HBEL HMEN
(C05), HDOS HPRM (RE), HKOM (RL), HKUR HTAG (BA), HPAV HSER HOKT (BN), HPKU HKIE (AC).

Precomputed: the station index, each station's kind, zone, home and resources, neighbours by
tunnel and by transfer, all-pairs hop distances (plain breadth-first search) and Anna's
tunnel-only costs on the full board, the zone graph and the 31 zone sets a draft can produce.
Queries that depend on the zones in play (M33-MAP-04) take the in-play station set and cache
their tables per set.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from types import MappingProxyType

from warroom.games.metro2033.board_data import BoardData, Link, connected_zone_sets, zone_graph
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.graph import costs_from, is_connected
from warroom.games.metro2033.words import (
    CAPTURABLE_KINDS,
    Faction,
    LinkKind,
    Resource,
    StationKind,
    Zone,
)

Station = int  # index 0..77 into Board.ids (board.toml order)
Costs = tuple[tuple[int, ...], ...]  # [from][to]: cheapest cost, graph.UNREACHABLE if none


class Board:
    """The graph of one board's data; `BOARD` below is the printed board."""

    def __init__(self, data: BoardData) -> None:
        self.data = data
        self.ids: tuple[str, ...] = tuple(s.id for s in data.stations)
        self.index: Mapping[str, Station] = MappingProxyType({sid: i for i, sid in enumerate(self.ids)})
        self.size = len(self.ids)
        self.all: frozenset[Station] = frozenset(range(self.size))
        self.kind: tuple[StationKind, ...] = tuple(s.kind for s in data.stations)
        self.zone: tuple[Zone, ...] = tuple(s.zone for s in data.stations)
        self.home_of: tuple[Faction | None, ...] = tuple(s.home_of for s in data.stations)
        self.produces: tuple[tuple[Resource, ...], ...] = tuple(s.produces for s in data.stations)
        self.has_transfer: tuple[bool, ...] = tuple(s.has_transfer for s in data.stations)
        self.polis = self._of_kind(StationKind.POLIS)
        self.abandoned = self._of_kind(StationKind.ABANDONED)
        self.hanza = self._of_kind(StationKind.HANZA)
        self.capturable: frozenset[Station] = frozenset(s for s in range(self.size) if self.is_capturable(s))
        self.links: Mapping[frozenset[Station], Link] = MappingProxyType(
            {frozenset((self.index[e.a], self.index[e.b])): e for e in data.links}
        )
        self.tunnel_neighbours = self._neighbours(LinkKind.TUNNEL)
        self.transfer_neighbours = self._neighbours(LinkKind.TRANSFER)
        self.neighbours: tuple[tuple[Station, ...], ...] = tuple(
            tuple(sorted(t + x))
            for t, x in zip(self.tunnel_neighbours, self.transfer_neighbours, strict=True)
        )
        self.hanza_tunnel_neighbours: tuple[frozenset[Station], ...] = tuple(
            frozenset(v for v in self.tunnel_neighbours[u] if self.links[frozenset((u, v))].hanza)
            for u in range(self.size)
        )
        graph = zone_graph(lambda sid: self.zone[self.index[sid]], ((e.a, e.b) for e in data.links))
        self.zone_neighbours: Mapping[Zone, frozenset[Zone]] = MappingProxyType(
            {z: frozenset(n) for z, n in graph.items()}
        )
        self.draft_zone_sets: frozenset[frozenset[Zone]] = frozenset(connected_zone_sets(graph))
        # Speed (issue 15): each station's links as (neighbour, 1 if a Hanza tunnel), for army_reach
        self._reach_links: tuple[tuple[tuple[Station, int], ...], ...] = tuple(
            tuple((v, int(v in self.hanza_tunnel_neighbours[u])) for v in self.neighbours[u])
            for u in range(self.size)
        )
        self._hanza_set = frozenset(self.hanza)
        self._costs: dict[tuple[frozenset[Station], bool], Costs] = {}
        self._rows: dict[tuple[frozenset[Station], bool], list[tuple[int, ...] | None]] = {}
        # each station's links as (neighbour, cost): a transfer costs 1, or 0 for Anna (M33-HER-05)
        self._links_paid: tuple[tuple[tuple[Station, int], ...], ...] = tuple(
            (*((v, 1) for v in t), *((v, 1) for v in x))
            for t, x in zip(self.tunnel_neighbours, self.transfer_neighbours, strict=True)
        )
        self._links_free: tuple[tuple[tuple[Station, int], ...], ...] = tuple(
            (*((v, 1) for v in t), *((v, 0) for v in x))
            for t, x in zip(self.tunnel_neighbours, self.transfer_neighbours, strict=True)
        )
        # army_reach's cache: per (neutral Polis stations, stations in play), each origin's reach
        self._reach: dict[
            tuple[tuple[Station, ...], frozenset[Station]], list[frozenset[Station] | None]
        ] = {}
        # army_reach_bits's cache: per (neutral Polis bits, stations in play), each origin's reach
        self._reach_bits: dict[tuple[int, frozenset[Station]], list[int]] = {}
        self._destinations: dict[tuple[Station, int, frozenset[Station], bool], tuple[Station, ...]] = {}
        self._capturable_in: dict[frozenset[Station], tuple[Station, ...]] = {}
        self.distance: Costs = self.movement_costs(self.all)
        self.tunnel_distance: Costs = self.movement_costs(self.all, transfers_free=True)

    def _of_kind(self, kind: StationKind) -> tuple[Station, ...]:
        return tuple(s for s in range(len(self.kind)) if self.kind[s] == kind)

    def _neighbours(self, kind: LinkKind) -> tuple[tuple[Station, ...], ...]:
        out: list[set[Station]] = [set() for _ in self.ids]
        for pair, link in self.links.items():
            if link.kind == kind:
                a, b = pair
                out[a].add(b)
                out[b].add(a)
        return tuple(tuple(sorted(n)) for n in out)

    # ------------------------------------------------------------ stations

    def station(self, text: str) -> Station:
        """The station with id `text` (case-insensitive); ValueError naming the text otherwise."""
        s = self.index.get(text.strip().upper())
        if s is None:
            raise ValueError(f"{text!r} is not a station of the board (ids such as OKH, HKIE; board.toml)")
        return s

    def stations(self, ids: Iterable[str]) -> frozenset[Station]:
        return frozenset(self.station(i) for i in ids)

    def is_capturable(self, s: Station) -> bool:
        """Capturable or Polis: may be attacked, captured and owned; Hanza and abandoned
        stations never are (M33-GEN-06, M33-MAP-07, M33-MAP-08, M33-HAC-11)."""
        return self.kind[s] in CAPTURABLE_KINDS

    def homes(self, faction: Faction) -> tuple[Station, ...]:
        """The faction's 3 home stations, a fixed property of the stations (M33-MAP-11)."""
        return tuple(s for s in range(self.size) if self.home_of[s] == faction)

    def in_zone(self, zone: Zone) -> tuple[Station, ...]:
        """The stations of one zone, Hanza and abandoned ones included (M33-MAP-03)."""
        return tuple(s for s in range(self.size) if self.zone[s] == zone)

    # ------------------------------------------------------------ links

    def link(self, a: Station, b: Station) -> Link | None:
        """The tunnel or transfer joining a and b, if they are adjacent (M33-MAP-02)."""
        return self.links.get(frozenset((a, b)))

    def is_adjacent(self, a: Station, b: Station) -> bool:
        """Joined by one link, of either kind (M33-MAP-02)."""
        return frozenset((a, b)) in self.links

    def is_hanza_tunnel(self, a: Station, b: Station) -> bool:
        """A tunnel whose two ends are Hanza stations (M33-MAP-12)."""
        return b in self.hanza_tunnel_neighbours[a]

    def hanza_ring(self) -> tuple[Station, ...]:
        """The Hanza stations in ring order, starting from the first in board.toml (M33-MAP-07)."""
        ring = [self.hanza[0]]
        while len(ring) < len(self.hanza):
            ring.append(next(v for v in sorted(self.hanza_tunnel_neighbours[ring[-1]]) if v not in ring))
        return tuple(ring)

    # ------------------------------------------------------------ zones in play

    def in_play(self, factions: Iterable[Faction]) -> frozenset[Station]:
        """The stations in play: the zones of the chosen factions, Hanza and abandoned stations
        included, plus Polis, which is always in play (M33-MAP-04)."""
        zones = {Faction(f).zone for f in factions} | {Zone.POLIS}
        return frozenset(s for s in range(self.size) if self.zone[s] in zones)

    def is_connected(self, stations: Collection[Station]) -> bool:
        """True if `stations` form one piece using only links between themselves (M33-MAP-05)."""
        return is_connected(stations, self.neighbours.__getitem__)

    def draftable(self, chosen: Collection[Faction]) -> frozenset[Faction]:
        """The factions a draft may still offer: any for the first pick, afterwards those whose
        zone is adjacent to the zone of a faction already chosen (M33-SET-03, M33-MAP-14)."""
        if not chosen:
            return frozenset(Faction)
        near = {z for f in chosen for z in self.zone_neighbours[f.zone]}
        return frozenset(f for f in Faction if f not in chosen and f.zone in near)

    # ------------------------------------------------------------ hero movement

    def movement_costs(self, in_play: frozenset[Station], transfers_free: bool = False) -> Costs:
        """All-pairs cheapest movement costs inside `in_play`: 1 per tunnel and per transfer, or 0
        per transfer for Anna (M33-HMV-03, M33-HER-05); out-of-play stations are never entered or
        crossed (M33-MAP-04). Cached per (in_play, transfers_free)."""
        key = (in_play, transfers_free)
        table = self._costs.get(key)
        if table is None:
            table = tuple(self._costs_row(s, in_play, transfers_free) for s in range(self.size))
            self._costs[key] = table
        return table

    def _costs_row(
        self, start: Station, in_play: frozenset[Station], transfers_free: bool
    ) -> tuple[int, ...]:
        """One row of `movement_costs`, searched alone and cached. Speed (issue 15): a game asks
        only for the stations its heroes start a move from, so no row is searched unasked."""
        key = (in_play, transfers_free)
        rows = self._rows.get(key)
        if rows is None:
            rows = self._rows[key] = [None] * self.size
        row = rows[start]
        if row is None:
            links = self._links_free if transfers_free else self._links_paid
            row = rows[start] = costs_from(start, self.size, links, in_play)
        return row

    def hero_destinations(
        self,
        start: Station,
        speed: int,
        in_play: frozenset[Station] | None = None,
        transfers_free: bool = False,
    ) -> frozenset[Station]:
        """Every in-play station whose cheapest path from `start` costs at most `speed`, `start`
        included: the legal end points of a hero's move (M33-HMV-03, M33-HMV-05)."""
        costs = self._costs_row(start, self.all if in_play is None else in_play, transfers_free)
        return frozenset(s for s in range(self.size) if costs[s] <= speed)

    def sorted_destinations(
        self, start: Station, speed: int, in_play: frozenset[Station], transfers_free: bool
    ) -> tuple[Station, ...]:
        """`hero_destinations` in board order, cached (speed, issue 15: asked every hero turn)."""
        key = (start, speed, in_play, transfers_free)
        found = self._destinations.get(key)
        if found is None:
            found = self._destinations[key] = tuple(
                sorted(self.hero_destinations(start, speed, in_play, transfers_free))
            )
        return found

    def ordinary_in(self, in_play: frozenset[Station]) -> tuple[Station, ...]:
        """The in-play stations of the ordinary capturable kind (not Polis), in board order; cached."""
        found = self._capturable_in.get(in_play)
        if found is None:
            found = self._capturable_in[in_play] = tuple(
                s for s in sorted(in_play) if self.kind[s] == StationKind.CAPTURABLE
            )
        return found

    # ------------------------------------------------------------ army reach

    def army_reach(
        self,
        origins: Iterable[Station],
        neutral_polis: Collection[Station] = (),
        in_play: frozenset[Station] | None = None,
    ) -> frozenset[Station]:
        """Every station T army-reachable from one of `origins` (M33-MAP-13): a path of at least one
        in-play link whose intermediate stations are all Hanza stations or neutral Polis stations
        (`neutral_polis`), using at most one Hanza tunnel. Owned, abandoned and neutral non-Polis
        stations end a path; the caller filters the targets an army may attack (M33-ARM-02/03).

        Speed (issue 15): the reach of a set of origins is the union of each origin's reach (a
        path starts at one origin), and one origin's reach depends only on the neutral Polis
        stations and the stations in play, so each is searched once and cached per pair."""
        allowed = self.all if in_play is None else in_play
        key = (tuple(sorted(neutral_polis)), allowed)
        table = self._reach.get(key)
        if table is None:
            table = self._reach[key] = [None] * self.size
        reached: set[Station] = set()
        for s in origins:
            one = table[s]
            if one is None:
                one = table[s] = self._reach_from(s, frozenset(neutral_polis), allowed)
            reached |= one
        return frozenset(reached)

    def army_reach_bits(
        self, origins: Iterable[Station], neutral_polis: int, in_play: frozenset[Station]
    ) -> int:
        """`army_reach` as a bit set (bit s for station s), the neutral Polis stations given as
        one too (M33-MAP-13). Speed (issue 15): the army's option listing unions and filters
        the reach as ints, one machine word per operation; cached per origin like army_reach."""
        key = (neutral_polis, in_play)
        table = self._reach_bits.get(key)
        if table is None:
            table = self._reach_bits[key] = [-1] * self.size
        reached = 0
        for s in origins:
            one = table[s]
            if one < 0:
                polis = [p for p in self.polis if neutral_polis >> p & 1]
                one = table[s] = to_bits(self.army_reach((s,), polis, in_play))
            reached |= one
        return reached

    def _reach_from(
        self, origin: Station, neutral_polis: frozenset[Station], allowed: frozenset[Station]
    ) -> frozenset[Station]:
        """army_reach from one origin, searched: (station, Hanza tunnels used) states."""
        if origin not in allowed:
            return frozenset()
        passable = self._hanza_set | neutral_polis  # only in-play ones are ever reached
        links = self._reach_links
        todo = [(origin, 0)]
        seen: set[tuple[Station, int]] = set()
        reached: set[Station] = set()
        while todo:
            u, used = todo.pop()
            for v, hanza_tunnel in links[u]:
                tunnels = used + hanza_tunnel
                if tunnels > 1 or v not in allowed:
                    continue
                reached.add(v)
                if v in passable and (v, tunnels) not in seen:
                    seen.add((v, tunnels))
                    todo.append((v, tunnels))
        return frozenset(reached)


def to_bits(stations: Iterable[Station]) -> int:
    """A set of stations as an int with bit s set for each station s."""
    bits = 0
    for s in stations:
        bits |= 1 << s
    return bits


def from_bits(bits: int) -> tuple[Station, ...]:
    """The stations of a bit set, in board order."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return tuple(out)


BOARD = Board(default_content().board)
