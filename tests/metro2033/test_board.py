"""The Metro 2033 board as a graph (metro2033.md §2.10, §3.2 MAP): neighbours, distances, zones
in play, hero movement and army reach, checked against the digest's examples (EX-02, EX-04,
EDGE-03, EDGE-04, EDGE-20, EDGE-24). Stations are written by their ids."""

from __future__ import annotations

import heapq
import itertools
import random

import pytest

from warroom.games.metro2033.board import BOARD, Board
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.graph import UNREACHABLE, costs_from
from warroom.games.metro2033.words import Faction, LinkKind, StationKind, Zone

B = BOARD
RL, RE, BN, C05, AC, BA = Faction.RL, Faction.RE, Faction.BN, Faction.C05, Faction.AC, Faction.BA


def s(sid: str) -> int:
    return B.station(sid)


def ids(stations: frozenset[int] | tuple[int, ...]) -> set[str]:
    return {B.ids[x] for x in stations}


def dist(a: str, b: str) -> int:
    return B.distance[s(a)][s(b)]


# ---------------------------------------------------------------- stations and links


def test_stations_by_id_m33_map_01() -> None:
    """M33-MAP-01: exactly the 78 stations of §2.10.2, in file order, found by id."""
    assert B.size == 78 and len(set(B.ids)) == 78
    assert B.ids[0] == "OKH" and B.ids[-1] == "BOR"
    assert s("okh") == 0 and B.ids[s("HKIE")] == "HKIE"
    with pytest.raises(ValueError, match="'XYZ' is not a station"):
        B.station("XYZ")


def test_neighbours_by_tunnel_and_transfer_m33_map_02() -> None:
    """M33-MAP-02: a link is a tunnel or a transfer; two stations joined by one are adjacent, in
    either direction."""
    assert ids(B.tunnel_neighbours[s("OKH")]) == {"LUB", "BIB"}
    assert ids(B.transfer_neighbours[s("OKH")]) == {"TEA", "PLR"}
    assert ids(B.neighbours[s("OKH")]) == {"LUB", "BIB", "TEA", "PLR"}
    assert ids(B.tunnel_neighbours[s("HKIE")]) == {"HBAR", "HPKU"}
    assert ids(B.transfer_neighbours[s("HKIE")]) == {"KI3", "KI4"}
    assert ids(B.neighbours[s("TUL")]) == {"SER"}
    assert B.is_adjacent(s("BOR"), s("CHE")) and B.is_adjacent(s("CHE"), s("BOR"))
    assert not B.is_adjacent(s("OKH"), s("KI3"))
    link = B.link(s("KOM"), s("KRS"))
    assert link is not None and (link.number, link.kind, link.line) == (1, LinkKind.TUNNEL, "L1")
    assert B.link(s("OKH"), s("KI3")) is None
    for a in range(B.size):
        for b in B.neighbours[a]:
            assert a in B.neighbours[b]
    assert sum(len(n) for n in B.neighbours) == 2 * 111


def test_hop_distances_of_known_pairs() -> None:
    """All-pairs hop counts over both kinds of link (M33-MAP-02), read off the map."""
    assert dist("OKH", "OKH") == 0
    assert dist("OKH", "TEA") == 1  # transfer
    assert dist("OKH", "KI3") == 4  # OKH-BIB-ARB-SM3-KI3
    assert dist("TVE", "KI4") == 5  # EDGE-20: the cheapest path for a hero who pays for transfers
    assert dist("HBAR", "HKUR") == 6  # north half of the ring: HBEL HMEN HDOS HPRM HKOM
    assert dist("KRS", "TUL") == 8  # KRS-KOM-HKOM-HKUR-HTAG-HPAV-HSER-SER-TUL
    assert dist("RIZ", "SPO") == 11  # the two stations farthest apart
    assert max(max(row) for row in B.distance) == 11
    assert all(B.distance[a][b] == B.distance[b][a] for a in range(B.size) for b in range(B.size))


def test_zones_m33_map_03() -> None:
    """M33-MAP-03: every non-Polis station lies in one faction zone, Hanza and abandoned stations
    included; the four Polis stations belong to no faction zone."""
    assert ids(B.in_zone(Zone.RL)) == {"OKH", "TEA", "PLR", "LUB", "KUZ", "CHP", "KRV", "SRE", "TUR", "HKOM",
                                       "KOM", "KRS"}  # fmt: skip
    assert ids(B.in_zone(Zone.POLIS)) == {"ALS", "ARB", "BIB", "BOR"}
    assert sum(len(B.in_zone(z)) for z in Zone) == 78
    assert B.zone[s("HKIE")] == Zone.AC and B.zone[s("STU")] == Zone.AC


def test_polis_hanza_abandoned_m33_map_06_07_08() -> None:
    """M33-MAP-06: the Polis stations are ALS, ARB, BIB, BOR. M33-MAP-07: 13 Hanza stations, the
    ring line. M33-MAP-08: the abandoned stations KOM, KRS, TUL, STU, PIL, PRO, KRZ. Hanza and
    abandoned stations are never capturable."""
    assert ids(B.polis) == {"ALS", "ARB", "BIB", "BOR"}
    assert len(B.hanza) == 13 and all(sid.startswith("H") for sid in ids(B.hanza))
    assert ids(B.abandoned) == {"KOM", "KRS", "TUL", "STU", "PIL", "PRO", "KRZ"}
    assert all(B.is_capturable(x) for x in B.polis)
    assert not any(B.is_capturable(x) for x in (*B.hanza, *B.abandoned))
    assert sum(B.is_capturable(x) for x in range(B.size)) == 58


def test_transfer_status_m33_map_09() -> None:
    """M33-MAP-09: a station "with a transfer" has a transfer link; transfers never cross zones,
    so the status does not depend on the zones in play."""
    assert B.has_transfer[s("CHE")] and B.has_transfer[s("OKH")] and B.has_transfer[s("NOV")]
    assert not B.has_transfer[s("BEG")] and not B.has_transfer[s("SUK")]
    assert all(B.has_transfer[x] for x in B.polis)
    for a in range(B.size):
        assert B.has_transfer[a] == bool(B.transfer_neighbours[a])
        assert all(B.zone[b] == B.zone[a] for b in B.transfer_neighbours[a])


def test_transfer_dependent_threat_edge_06() -> None:
    """EDGE-06: T1-MUSHMUT is 4, or 5 at a station without a transfer (M33-THR-16):
    5 at BEG, 4 at OKH and NOV."""
    mushmut = default_content().threats["T1-MUSHMUT"]
    strength = {sid: mushmut.strength_at(B.has_transfer[s(sid)]) for sid in ("BEG", "OKH", "NOV")}
    assert strength == {"BEG": 5, "OKH": 4, "NOV": 4}


def test_home_stations_m33_map_11() -> None:
    """M33-MAP-11: each faction has exactly 3 home stations, fixed properties of the stations."""
    assert ids(B.homes(C05)) == {"BAR", "U19", "BEG"}
    assert ids(B.homes(RE)) == {"TVE", "PUS", "CHE"}
    assert all(len(B.homes(f)) == 3 for f in Faction)
    assert all(B.zone[h] == f.zone for f in Faction for h in B.homes(f))


def test_hanza_tunnels_form_the_ring_m33_map_12() -> None:
    """M33-MAP-12: a Hanza tunnel has two Hanza ends; there are 13, forming the closed ring.
    Transfers and tunnels with one Hanza end are not Hanza tunnels."""
    ring = B.hanza_ring()
    order = "HKOM HPRM HDOS HMEN HBEL HBAR HKIE HPKU HOKT HSER HPAV HTAG HKUR"
    assert [B.ids[x] for x in ring] == order.split()
    assert all(B.is_hanza_tunnel(a, b) for a, b in zip(ring, ring[1:] + ring[:1], strict=True))
    assert sum(len(n) for n in B.hanza_tunnel_neighbours) == 2 * 13
    assert B.is_hanza_tunnel(s("HTAG"), s("HPAV"))
    assert not B.is_hanza_tunnel(s("MAR"), s("HTAG"))  # a transfer
    assert not B.is_hanza_tunnel(s("TAG"), s("PRO"))


# ---------------------------------------------------------------- zones in play, draft


def test_zone_adjacency_m33_map_14() -> None:
    """M33-MAP-14 / §2.10.5: zones joined by a link of any of their stations; Polis joins none
    (BN touches Polis at BOR-POL but is not adjacent to RE or C05)."""
    table = {z: {n.value for n in near} for z, near in B.zone_neighbours.items()}
    assert table == {
        Zone.C05: {"RE", "AC"},
        Zone.RE: {"C05", "RL"},
        Zone.RL: {"RE", "BA", "BN"},
        Zone.BN: {"RL", "BA", "AC"},
        Zone.BA: {"RL", "BN"},
        Zone.AC: {"C05", "BN"},
    }


def test_faction_draft_example_ex_04_m33_set_03() -> None:
    """EX-04 / M33-SET-03: after C05 the second player may take only RE or AC; after C05 and RE,
    AC or RL; with C05, RE and RL chosen, AC, BA or BN. The first pick is free."""
    assert B.draftable([]) == set(Faction)
    assert B.draftable([C05]) == {RE, AC}
    assert B.draftable([C05, RE]) == {AC, RL}
    assert B.draftable([C05, RE, RL]) == {AC, BA, BN}
    assert B.draftable(list(Faction)) == frozenset()


def test_draft_zone_sets_stay_connected_m33_map_05() -> None:
    """M33-MAP-05 / §2.10.4: the zone graph has exactly 31 connected sets of 2-6 zones, the only
    ones a draft can produce; each leaves all its in-play stations connected."""
    assert len(B.draft_zone_sets) == 31
    assert frozenset({Zone.C05, Zone.BA}) not in B.draft_zone_sets  # not adjacent
    for zones in B.draft_zone_sets:
        factions = [Faction(z.value) for z in zones]
        assert B.is_connected(B.in_play(factions))
    assert B.is_connected(B.all)
    assert not B.is_connected(B.in_play([C05, BA]))  # the draft can never produce this pair


def test_unused_zones_edge_24_m33_map_04() -> None:
    """EDGE-24 / M33-MAP-04: with RL, RE and BN the C05, AC and BA zones are out of play, Hanza
    and abandoned stations included; 40 stations stay in play and connected; the ring is broken;
    no hero enters an out-of-play station; the Hanza tunnel HKOM-HKUR cannot be used."""
    in_play = B.in_play([RL, RE, BN])
    assert len(in_play) == 40 and B.is_connected(in_play)
    assert ids(in_play & frozenset(B.hanza)) == {"HDOS", "HPRM", "HKOM", "HOKT", "HSER", "HPAV"}
    assert not {s("BAR"), s("SM3"), s("KUR"), s("HKUR")} & in_play
    assert in_play >= set(B.polis)
    far = B.hero_destinations(s("HKOM"), 10, in_play)
    assert far <= in_play and s("HKUR") not in far
    assert B.movement_costs(in_play)[s("HKOM")][s("HPAV")] > B.distance[s("HKOM")][s("HPAV")]
    assert B.in_play([]) == frozenset(B.polis)


# ---------------------------------------------------------------- hero movement


def test_anna_reaches_kiev_edge_20_m33_her_05() -> None:
    """EDGE-20 / M33-HER-05 / M33-HMV-03: Anna (SPD 3) at TVE reaches KI4 at cost 2 (TVE-PUS
    transfer free, PUS-BAR, BAR-HBAR free, HBAR-HKIE, HKIE-KI4 free) and could go on to SM4 (3);
    any other hero with speed 3 cannot reach KI4 (cost 5)."""
    tve = s("TVE")
    anna = B.hero_destinations(tve, 3, transfers_free=True)
    assert B.tunnel_distance[tve][s("KI4")] == 2
    assert s("KI4") in anna and s("SM4") in anna
    assert B.tunnel_distance[tve][s("SM4")] == 3
    other = B.hero_destinations(tve, 3)
    assert s("KI4") not in other and B.distance[tve][s("KI4")] == 5


def test_hero_destinations_m33_hmv_05() -> None:
    """M33-HMV-05 / M33-HMV-03: every in-play station within the hero's speed by the cheapest
    path, the current station included (moving 0 is allowed), of any kind or owner."""
    assert B.hero_destinations(s("TUL"), 0) == {s("TUL")}
    assert ids(B.hero_destinations(s("TUL"), 1)) == {"TUL", "SER"}
    assert ids(B.hero_destinations(s("TUL"), 2)) == {"TUL", "SER", "POL", "HSER"}
    three = B.hero_destinations(s("OKH"), 3)
    assert three == {x for x in range(B.size) if B.distance[s("OKH")][x] <= 3}
    assert s("KOM") in B.hero_destinations(s("CHP"), 2)  # abandoned stations may be entered (M33-MAP-08)


# ---------------------------------------------------------------- army reach


def test_army_reach_examples_ex_02_m33_map_13() -> None:
    """EX-02 / M33-MAP-13: an army owning CHE reaches PLR through BOR and ARB only while both are
    neutral; an army owning MAR reaches PAV (MAR-HTAG-HPAV-PAV, one Hanza tunnel) but not SER
    (two Hanza tunnels); MAR reaches TR8 (tunnel) and PIL, which is abandoned and never attacked."""
    polis = set(B.polis)
    assert s("PLR") in B.army_reach([s("CHE")], polis)
    assert s("PLR") not in B.army_reach([s("CHE")], polis - {s("ARB")})
    assert s("PLR") not in B.army_reach([s("CHE")], polis - {s("BOR")})
    mar = B.army_reach([s("MAR")], polis)
    assert {s("PAV"), s("TR8"), s("PIL")} <= mar
    assert s("SER") not in mar
    assert not B.is_capturable(s("PIL"))


def test_hanza_tunnel_limit_edge_03_m33_map_07() -> None:
    """EDGE-03 / M33-MAP-07 / M33-MAP-13: AC owns KI4, KI3 and SM3, everything else neutral. Its
    army reaches BAR (HKIE-HBAR) and PKU (HKIE-HPKU) but not OKT or BEL (two Hanza tunnels); SM4
    directly; ARB, ALS, BIB, BOR, PLR, AR4, OKH, KRO, CHE and POL through neutral Polis; STU is
    adjacent but abandoned, never a target."""
    homes = B.homes(AC)
    reach = B.army_reach(homes, B.polis)
    targets = {x for x in reach if B.is_capturable(x) and x not in homes}
    assert ids(frozenset(targets)) == {"BAR", "PKU", "SM4", "ARB", "ALS", "BIB", "BOR", "PLR", "AR4", "OKH",
                                       "KRO", "CHE", "POL"}  # fmt: skip
    assert s("STU") in reach and not B.is_capturable(s("STU"))
    assert s("OKT") not in reach and s("BEL") not in reach


def test_only_neutral_polis_lets_armies_through_edge_04_m33_map_08() -> None:
    """EDGE-04 / M33-MAP-13 / M33-MAP-08: RL owns OKH, TEA, PLR. With ARB neutral its army reaches
    SM3 (PLR-ARB-SM3); once RE owns ARB, SM3 is out of reach though ARB itself may be attacked; AR4
    stays reachable through BIB and ALS while those are neutral. Abandoned and neutral non-Polis
    stations are never passed (EDGE-19: CHP lies beyond LUB)."""
    homes = B.homes(RL)
    neutral = set(B.polis)
    assert s("SM3") in B.army_reach(homes, neutral)
    owned_arb = B.army_reach(homes, neutral - {s("ARB")})
    assert s("SM3") not in owned_arb and s("ARB") in owned_arb and s("AR4") in owned_arb
    assert s("AR4") not in B.army_reach(homes, neutral - {s("ARB"), s("ALS")})
    assert s("CHP") not in B.army_reach(homes, neutral)
    assert s("KRV") not in B.army_reach([s("LUB")], neutral)  # not through a capturable station (CHP)
    assert s("KRS") not in B.army_reach([s("KRV")], neutral)  # not through abandoned KOM


def test_army_reach_in_a_three_zone_game_edge_24_m33_map_04() -> None:
    """EDGE-24 / M33-MAP-04: in a RL, RE, BN game the RE army from its homes reaches ALS, ARB, BIB,
    BOR, KUZ, OKH, PLR, POL, TEA and TSV; AR4, BAR, KRO, MAY and SM3, reachable with all six zones
    in play, are gone."""
    homes = B.homes(RE)
    in_play = B.in_play([RL, RE, BN])

    def targets(within: frozenset[int] | None) -> set[str]:
        reach = B.army_reach(homes, B.polis, within)
        return ids(frozenset(x for x in reach if B.is_capturable(x) and x not in homes))

    three = {"ALS", "ARB", "BIB", "BOR", "KUZ", "OKH", "PLR", "POL", "TEA", "TSV"}
    assert targets(in_play) == three
    assert targets(None) == three | {"AR4", "BAR", "KRO", "MAY", "SM3"}


def test_army_reach_through_hanza_with_draisine_origin() -> None:
    """EDGE-18's reach (graph part only): from MAR an army reaches TR8 by tunnel and PAV through
    HTAG and HPAV; MAR itself is reachable only back through Hanza stations."""
    reach = B.army_reach([s("MAR")], ())
    assert {s("TR8"), s("PAV"), s("TAG"), s("HTAG"), s("HPAV"), s("HKUR")} <= reach
    assert s("HSER") not in reach  # a second Hanza tunnel


def test_a_board_is_built_from_any_checked_data() -> None:
    """board.py builds its tables from the loaded data, so a test board equals the shipped one."""
    other = Board(default_content().board)
    assert other.ids == B.ids and other.distance == B.distance
    assert other.kind[other.station("PIL")] == StationKind.ABANDONED


Links = tuple[tuple[tuple[int, int], ...], ...]


def _dijkstra(start: int, links: Links, allowed: frozenset[int]) -> list[int]:
    """Cheapest costs by a plain Dijkstra: the reference `graph.costs_from` must agree with."""
    cost = [UNREACHABLE] * len(links)
    if start not in allowed:
        return cost
    cost[start] = 0
    todo = [(0, start)]
    while todo:
        d, u = heapq.heappop(todo)
        if d > cost[u]:
            continue
        for v, step in links[u]:
            if v in allowed and d + step < cost[v]:
                cost[v] = d + step
                heapq.heappush(todo, (d + step, v))
    return cost


def test_movement_costs_are_the_cheapest_paths_m33_hmv_03() -> None:
    """Every row of the hero's movement costs, with transfers paid and free (Anna, M33-HER-05),
    on the whole board, every draft's zones and random station sets, is the cheapest path's
    cost (the 0-1 search, speed issue 15, checked against a Dijkstra)."""
    rng = random.Random(15)
    drafts = (BOARD.in_play(list(f)) for k in (2, 4, 6) for f in itertools.combinations(Faction, k))
    sets = [BOARD.all, *drafts]
    sets += [frozenset(s for s in range(BOARD.size) if rng.random() < 0.7) for _ in range(20)]
    for allowed in sets:
        for free in (False, True):
            links = BOARD._links_free if free else BOARD._links_paid
            for start in range(BOARD.size):
                assert list(costs_from(start, BOARD.size, links, allowed)) == _dijkstra(start, links, allowed)
