"""Metro 2033's data files (metro2033.md §2): every component, faction, hero and card with its
data, the counts of §2.1 and §2.10.4, and corrupt copies refused with an error naming the file,
the entry and the field."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from warroom.core.errors import CorruptDataError
from warroom.games.metro2033.content import DATA, Content, default_content, load_content
from warroom.games.metro2033.words import (
    BattleType,
    CardKind,
    Equipment,
    Faction,
    Hero,
    Law,
    LinkKind,
    Purchase,
    QuestAbility,
    QuestCondition,
    Resource,
    Reward,
    StationKind,
    Symbol,
    ThreatType,
    Zone,
)

M, P, A = Resource.MUSHROOM, Resource.PIG, Resource.AMMO


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content(DATA)


# ---------------------------------------------------------------- §2.1 inventory


def test_inventory_2_1_card_counts_match_the_decks(content: Content) -> None:
    """§2.1: 7 laws, 18 + 18 threats, 18 equipment, 18 quests, 7 battle cards; the copies of each
    kind's cards add up to it, and each kind is its own deck."""
    expected = {CardKind.BATTLE: 7, CardKind.EQUIPMENT: 18, CardKind.QUEST: 18, CardKind.THREAT_I: 18,
                CardKind.THREAT_II: 18, CardKind.LAW: 7}  # fmt: skip
    assert dict(content.inventory.cards) == expected
    for kind, total in expected.items():
        assert len(content.deck(kind)) == total
        assert sum(card.copies for card in content.cards(kind)) == total
    assert len({*content.deck(CardKind.THREAT_I)} & {*content.deck(CardKind.THREAT_II)}) == 0


def test_inventory_2_1_tokens_and_reserve(content: Content) -> None:
    """§2.1: 6 faction cards, 6 hero cards and figures, 13 tokens per faction, 35 of each resource."""
    inv = content.inventory
    assert (inv.faction_cards, inv.hero_cards, inv.hero_figures, inv.faction_tokens) == (6, 6, 6, 13)
    assert dict(inv.resources) == {M: 35, P: 35, A: 35}
    assert len(content.factions) == 6 and len(content.heroes) == 6


def test_prices_of_the_cost_panel(content: Content) -> None:
    """§2.1's cost panel (M + A for a card, A + P for +1 army, P + M for a neutral station) and
    the prices the rule texts give (1 M for a station just taken, 1 A to refresh or reuse)."""
    assert {p: dict(c) for p, c in content.costs.items()} == {
        Purchase.EQUIPMENT: {M: 1, A: 1},
        Purchase.QUEST: {M: 1, A: 1},
        Purchase.RECRUIT: {A: 1, P: 1},
        Purchase.CAPTURE_NEUTRAL: {P: 1, M: 1},
        Purchase.CAPTURE_TAKEN: {M: 1},
        Purchase.REFRESH: {A: 1},
        Purchase.QUEST_REUSE: {A: 1},
    }


# ---------------------------------------------------------------- §2.2 factions, §2.3 heroes


def test_factions_2_2(content: Content) -> None:
    """§2.2: each faction's names, colour, home stations (M33-MAP-11) and start bonus."""
    rows = {(f.id, f.ru, f.name, f.colour, f.homes) for f in content.factions.values()}
    assert rows == {
        (Faction.RL, "Красная линия", "Red Line", "red", ("OKH", "TEA", "PLR")),
        (Faction.RE, "Четвёртый рейх", "Fourth Reich", "green", ("TVE", "PUS", "CHE")),
        (Faction.BN, "Бандиты", "Bandits", "yellow", ("TR6", "TR8", "NOV")),
        (Faction.C05, "Конфедерация 1905 года", "Confederation of 1905", "orange", ("BAR", "U19", "BEG")),
        (Faction.AC, "Арбатская конфедерация", "Arbat Confederation", "blue", ("KI4", "KI3", "SM3")),
        (Faction.BA, "Бауманский альянс", "Bauman Alliance", "brown", ("BAU", "KUR", "CHK")),
    }
    bonus = {f: content.factions[f].start_bonus for f in Faction}
    assert dict(bonus[Faction.RL].resources) == {P: 2}
    assert bonus[Faction.RE].army == 3 and not bonus[Faction.RE].resources
    assert dict(bonus[Faction.BN].resources) == {A: 2}
    assert dict(bonus[Faction.C05].resources) == {M: 2}
    assert (bonus[Faction.AC].quests, bonus[Faction.AC].equipment) == (1, 0)
    assert (bonus[Faction.BA].quests, bonus[Faction.BA].equipment) == (0, 1)
    assert "9 VP" in content.factions[Faction.RL].ability
    assert "garrison of 6" in content.factions[Faction.AC].ability


def test_every_home_trio_produces_one_of_each_resource(content: Content) -> None:
    """§2.2 / rb p. 5: each faction starts with one M, one P and one A station (M33-MAP-11)."""
    produces = {s.id: s.produces for s in content.board.stations}
    for faction in content.factions.values():
        assert sorted(r for h in faction.homes for r in produces[h]) == sorted([M, P, A])


def test_heroes_2_3(content: Content) -> None:
    """§2.3: names, STR and SPD (Artyom's also on the sample card: speed 3, strength 2)."""
    rows = {(h.id, h.ru, h.name, h.strength, h.speed) for h in content.heroes.values()}
    assert rows == {
        (Hero.ARTYOM, "Артём", "Artyom", 2, 3),
        (Hero.KHAN, "Хан", "Khan", 3, 3),
        (Hero.MELNIK, "Мельник", "Melnik (Miller)", 2, 3),
        (Hero.SASHA, "Саша", "Sasha", 2, 3),
        (Hero.ANNA, "Анна", "Anna", 3, 3),
        (Hero.HUNTER, "Хантер", "Hunter", 3, 3),
    }
    assert all(h.ability for h in content.heroes.values())


# ---------------------------------------------------------------- §2.4-2.9 cards


def test_battle_cards_2_4(content: Content) -> None:
    """§2.4: 3 Attack, 3 Defence and 1 Manoeuvre card, one copy each (M33-BAT-12)."""
    rows = {
        (c.id, c.name, c.type, c.bonus, c.vs, c.vs_bonus, c.copies) for c in content.battle_cards.values()
    }
    att, dfn, man = BattleType.ATTACK, BattleType.DEFENCE, BattleType.MANOEUVRE
    assert rows == {
        ("BC-MARCH", "Forced March", att, 2, None, None, 1),
        ("BC-MANEUV", "Manoeuvres", man, 1, None, None, 1),
        ("BC-HOLD", "All-Round Defence", dfn, 0, att, 4, 1),
        ("BC-SIEGE", "Siege", att, 0, dfn, 4, 1),
        ("BC-AMBUSH", "Tunnel Ambush", dfn, 1, att, 3, 1),
        ("BC-SORTIE", "Scouts' Sortie", att, 1, dfn, 3, 1),
        ("BC-COUNTER", "Counterattack", dfn, 2, None, None, 1),
    }
    assert Counter(c.type for c in content.battle_cards.values()) == {att: 3, dfn: 3, man: 1}


@pytest.mark.parametrize(
    ("card", "vs_attack", "vs_defence", "vs_manoeuvre"),
    [
        ("BC-MARCH", 2, 2, 2),  # M33-BAT-06
        ("BC-MANEUV", 1, 1, 1),  # M33-BAT-07
        ("BC-HOLD", 4, 0, 0),  # M33-BAT-08
        ("BC-SIEGE", 0, 4, 0),  # M33-BAT-09
        ("BC-AMBUSH", 3, 1, 1),  # M33-BAT-10
        ("BC-SORTIE", 1, 3, 1),  # M33-BAT-11
        ("BC-COUNTER", 2, 2, 2),  # M33-BAT-12
    ],
)
def test_battle_card_bonus_against_each_type_m33_bat_04(
    content: Content, card: str, vs_attack: int, vs_defence: int, vs_manoeuvre: int
) -> None:
    """M33-BAT-04: the "vs X" value applies when the opponent's revealed card is of type X, the
    base value otherwise; Manoeuvres never trigger a "vs" value (M33-BAT-07). EX-01: Ambush gives
    +1 against Counterattack (a Defence card), +3 against Forced March; EDGE-01: Siege +0 against
    Manoeuvres."""
    c = content.battle_cards[card]
    assert c.bonus_against(BattleType.ATTACK) == vs_attack
    assert c.bonus_against(BattleType.DEFENCE) == vs_defence
    assert c.bonus_against(BattleType.MANOEUVRE) == vs_manoeuvre


def test_equipment_2_5(content: Content) -> None:
    """§2.5: 9 kinds x 2, with the structured effect of each card."""
    eq = content.equipment
    assert list(eq) == list(Equipment)
    assert all(c.copies == 2 for c in eq.values())
    names = ["Grenade", "Flag", "SVD rifle", "Geiger counter", "Shotgun", "Explosives", "AKM", "Draisine",
             "RPK machine gun"]  # fmt: skip
    assert [eq[e].name for e in Equipment] == names
    assert eq[Equipment.GRENADE].ru == "Граната" and eq[Equipment.GRENADE].discard_strength == 3
    assert eq[Equipment.FLAG].flag_army == 1
    assert eq[Equipment.SVD].strength == 1  # the [gap] value
    assert eq[Equipment.EXPLOSIVES].discard_enemy_army == -2
    assert (eq[Equipment.DRAISINE].strength, eq[Equipment.DRAISINE].speed) == (0, 1)
    assert (eq[Equipment.RPK].strength, eq[Equipment.RPK].speed) == (2, -1)


@pytest.mark.parametrize(
    ("card", "values"),
    [
        (Equipment.GEIGER, (1, 1, 2, 1)),  # M33-EQP-08
        (Equipment.SHOTGUN, (1, 2, 1, 1)),  # M33-EQP-09
        (Equipment.AKM, (2, 1, 1, 1)),  # M33-EQP-11
        (Equipment.RPK, (2, 2, 2, 2)),  # M33-EQP-13
        (Equipment.SVD, (1, 1, 1, 1)),
        (Equipment.GRENADE, (0, 0, 0, 0)),
    ],
)
def test_equipment_strength_against_m33_eqp_14(
    content: Content, card: Equipment, values: tuple[int, int, int, int]
) -> None:
    """M33-EQP-14: a type value (+2) applies only against a threat of that type; against armies,
    heroes and the Polis garrison (None) only the base value. Values: against a physical, a
    biological and a radiation threat, then against anything else."""
    c = content.equipment[card]
    against = (ThreatType.PHYSICAL, ThreatType.BIOLOGICAL, ThreatType.RADIATION, None)
    assert tuple(c.strength_against(t) for t in against) == values


def test_quests_2_6(content: Content) -> None:
    """§2.6: 12 quests, 18 cards; conditions grouped as in the "Cond" column."""
    q = content.quests
    rows = {(c.id, c.name, c.cond, c.hold, c.ability_kind, c.strength, c.copies) for c in q.values()}
    tele, anywhere = QuestAbility.TELEPORT, QuestAbility.ATTACK_ANYWHERE
    army, hero = QuestAbility.ARMY_STRENGTH, QuestAbility.HERO_STRENGTH
    assert rows == {
        ("Q-HEAD", "Head Hunter", QuestCondition.HERO, None, tele, None, 2),
        ("Q-BESTDEF", "Best Defence", QuestCondition.ARMY_PLAYER, None, army, -1, 2),
        ("Q-BORDERS", "Expanding Borders", QuestCondition.ARMY_NEUTRAL, None, army, 1, 2),
        ("Q-RECON", "Reconnaissance in Force", QuestCondition.HERO_NEUTRAL, None, hero, 1, 2),
        ("Q-ALONE", "One-Man Army", QuestCondition.HERO_PLAYER, None, hero, -1, 2),
        ("Q-SWINE", "Chief Swineherd", QuestCondition.HOLD_PIGS, (P, 5), hero, 1, 1),
        ("Q-ORDER", "New Order", QuestCondition.POLIS, None, anywhere, None, 2),
        ("Q-FARMER", "Honoured Farmer", QuestCondition.HOLD_MUSHROOMS, (M, 5), hero, -1, 1),
        ("Q-PIGTRADE", "Pig Trader", QuestCondition.HOLD_PIGS, (P, 5), army, 1, 1),
        ("Q-ARSENAL", "Arsenal Guard", QuestCondition.HOLD_AMMO, (A, 5), tele, None, 1),
        ("Q-MUSHSUP", "Mushroom Supplier", QuestCondition.HOLD_MUSHROOMS, (M, 5), army, -1, 1),
        ("Q-ARMS", "Arms Dealer", QuestCondition.HOLD_AMMO, (A, 5), anywhere, None, 1),
    }
    assert q["Q-ALONE"].ru == "Один в поле воин"
    assert q["Q-ALONE"].condition == "Capture another player's station with your hero"
    assert Counter(c.cond for c in q.values() for _ in range(c.copies))[QuestCondition.HOLD_PIGS] == 2


THREATS = [  # §2.7 and §2.8: (id, type, strength, alt strength, alt with a transfer?, reward, copies)
    ("T1-RATS", "biological", 5, None, None, "G1", 2),  # M33-THR-10
    ("T1-WEB", "biological", 4, None, None, "G1", 2),  # M33-THR-11
    ("T1-SATAN", "physical", 5, None, None, "L1", 2),  # M33-THR-12
    ("T1-GANG", "physical", 4, None, None, "L1", 2),  # M33-THR-13
    ("T1-BEGGARS", "physical", 3, None, None, "L1", 1),  # M33-THR-14
    ("T1-DARK", "physical", 6, None, None, "EQ/Q", 1),  # M33-THR-15
    ("T1-MUSHMUT", "radiation", 4, 5, False, "L1", 1),  # M33-THR-16
    ("T1-PIGMUT", "radiation", 4, 5, True, "G1", 1),  # M33-THR-17
    ("T1-WASTE", "radiation", 3, 4, True, "G1", 1),  # M33-THR-18
    ("T1-WATER", "radiation", 3, 4, False, "L1", 1),  # M33-THR-19
    ("T1-WINGED", "radiation", 5, 6, True, "G1", 1),  # M33-THR-20
    ("T1-DOG", "radiation", 5, 6, False, "L1", 1),  # M33-THR-21
    ("T1-NEWCOMER", "biological", 3, None, None, "G1", 1),  # M33-THR-22
    ("T1-EPIDEMIC", "biological", 6, None, None, "EQ/Q", 1),  # M33-THR-23
    ("T2-WORM", "physical", 7, None, None, "G2", 2),  # M33-THR-30
    ("T2-LIBR", "physical", 6, None, None, "G2", 2),  # M33-THR-31
    ("T2-GHOUL", "physical", 5, None, None, "G2", 2),  # M33-THR-32
    ("T2-CORPSE", "biological", 5, None, None, "L2", 2),  # M33-THR-33
    ("T2-GIANT", "biological", 7, None, None, "L2", 2),  # M33-THR-34
    ("T2-HORROR", "biological", 6, None, None, "L2", 2),  # M33-THR-35
    ("T2-REVENANT", "radiation", 6, 7, True, "EQ/Q", 1),  # M33-THR-36
    ("T2-TOAD", "radiation", 6, 7, False, "EQ/Q", 1),  # M33-THR-37
    ("T2-HEADLESS", "radiation", 5, 6, False, "ARMY+1", 1),  # M33-THR-38
    ("T2-SPIDER", "radiation", 5, 6, True, "ARMY+1", 1),  # M33-THR-39
    ("T2-INSECT", "radiation", 7, 8, True, "LS1", 1),  # M33-THR-40
    ("T2-KOSACH", "radiation", 7, 8, False, "LS1", 1),  # M33-THR-41
]


@pytest.mark.parametrize("row", THREATS, ids=[row[0] for row in THREATS])
def test_threat_cards_m33_thr_01(
    content: Content, row: tuple[str, str, int, int | None, bool | None, str, int]
) -> None:
    """M33-THR-01: each threat card's type, strength (fixed, or one of two values depending on a
    transfer at the battle's station) and reward, with its copies (§2.7, §2.8)."""
    card, kind, strength, alt, with_transfer, reward, copies = row
    t = content.threats[card]
    assert (t.type, t.reward, t.copies) == (ThreatType(kind), Reward(reward), copies)
    assert t.stage == (CardKind.THREAT_I if card.startswith("T1-") else CardKind.THREAT_II)
    if alt is None:
        assert t.strength_at(True) == t.strength_at(False) == strength
    else:
        assert t.strength_at(bool(with_transfer)) == alt
        assert t.strength_at(not with_transfer) == strength


def test_every_threat_listed(content: Content) -> None:
    """§2.7-2.8: the 26 threat cards above and no other; names as the digest gives them."""
    assert sorted(content.threats) == sorted(row[0] for row in THREATS)
    t = content.threats
    assert (t["T1-DOG"].ru, t["T1-DOG"].name) == ("Собака-мутант", "Mutant Dog")
    assert (t["T2-KOSACH"].ru, t["T2-KOSACH"].name) == ("Косяч", "Kosach")


def test_laws_2_9(content: Content) -> None:
    """§2.9: 7 laws, one copy each, with their structured effects."""
    laws = content.laws
    assert list(laws) == list(Law) and all(c.copies == 1 for c in laws.values())
    names = ["Inflation", "Taxation", "Conversion of Production", "Collusion with the Dark Ones",
             "Colonization", "Expansion Limits", "Non-Aggression Pact"]  # fmt: skip
    assert [laws[law].name for law in Law] == names
    inflation = laws[Law.INFLATION]
    assert dict(inflation.extra_cost) == {P: 1}
    assert inflation.extra_cost_on == {Purchase.EQUIPMENT, Purchase.QUEST}
    assert dict(laws[Law.CONVERSION].extra_cost) == {M: 1}
    assert laws[Law.CONVERSION].extra_cost_on == {Purchase.RECRUIT}
    assert dict(laws[Law.EXPANSION_LIMITS].extra_cost) == {A: 1}
    assert laws[Law.EXPANSION_LIMITS].extra_cost_on == {Purchase.CAPTURE_NEUTRAL, Purchase.CAPTURE_TAKEN}
    assert laws[Law.COLLUSION].threat_strength == 1
    assert laws[Law.TAXATION].events_gain == 1
    assert dict(laws[Law.COLONIZATION].colonize_cost) == {M: 2, P: 2, A: 2}
    assert laws[Law.NON_AGGRESSION].attack_cost == 1


# ---------------------------------------------------------------- §2.10 board data


def test_board_counts_2_10_4_m33_map_01(content: Content) -> None:
    """M33-MAP-01 / §2.10.4: 78 stations (58 capturable = 54 ordinary + 4 Polis, 13 Hanza,
    7 abandoned) and 111 links (69 tunnels, 13 of them Hanza tunnels, 42 transfers)."""
    b = content.board
    kinds = Counter(s.kind for s in b.stations)
    assert len(b.stations) == 78
    assert kinds == {StationKind.CAPTURABLE: 54, StationKind.POLIS: 4, StationKind.HANZA: 13,
                     StationKind.ABANDONED: 7}  # fmt: skip
    links = Counter(e.kind for e in b.links)
    assert len(b.links) == 111 and links == {LinkKind.TUNNEL: 69, LinkKind.TRANSFER: 42}
    assert sum(e.hanza for e in b.links) == 13
    assert [e.number for e in b.links] == list(range(1, 112))
    assert (b.links[0].a, b.links[0].b, b.links[-1].a, b.links[-1].b) == ("KRS", "KOM", "KRZ", "PRO")


def test_zone_make_up_2_10_4_m33_map_03(content: Content) -> None:
    """M33-MAP-03 / §2.10.4: every non-Polis station lies in one faction zone; each zone has 9
    ordinary capturable stations, 3 of them homes and 3 producing each resource; abandoned
    stations RL 2, BN 1, AC 1, BA 3; the 4 Polis stations form POLIS."""
    b = content.board
    for zone in Zone:
        here = [s for s in b.stations if s.zone == zone]
        if zone == Zone.POLIS:
            assert sorted(s.id for s in here) == ["ALS", "ARB", "BIB", "BOR"]
            continue
        ordinary = [s for s in here if s.kind == StationKind.CAPTURABLE]
        assert len(ordinary) == 9
        assert Counter(r for s in ordinary for r in s.produces) == {M: 3, P: 3, A: 3}
        assert sum(s.home_of is not None for s in here) == 3
        assert b.zones[zone].faction == Faction(zone.value)
    abandoned = Counter(s.zone for s in b.stations if s.kind == StationKind.ABANDONED)
    assert abandoned == {Zone.RL: 2, Zone.BN: 1, Zone.AC: 1, Zone.BA: 3}


def test_polis_and_resources_m33_map_06_m33_map_10(content: Content) -> None:
    """M33-MAP-06: the Polis stations ALS, ARB, BIB, BOR produce any resource (the owner's
    choice); M33-MAP-10: every other capturable station produces exactly one; Hanza and
    abandoned stations produce nothing."""
    for s in content.board.stations:
        if s.kind == StationKind.POLIS:
            assert s.produces == (M, P, A)
        elif s.kind == StationKind.CAPTURABLE:
            assert len(s.produces) == 1
        else:
            assert s.produces == ()


def test_stations_with_a_transfer_2_10_4_m33_map_09(content: Content) -> None:
    """M33-MAP-09 / §2.10.4: 55 stations have a transfer; the 20 capturable ones without are
    listed; every Polis station has one; the Xfer column is what the links make."""
    b = content.board
    with_transfer = {x for e in b.links if e.kind == LinkKind.TRANSFER for x in (e.a, e.b)}
    assert {s.id for s in b.stations if s.has_transfer} == with_transfer
    assert len(with_transfer) == 55
    without = sorted(s.id for s in b.stations if s.is_capturable and not s.has_transfer)
    assert without == ["AER", "AR4", "AVT", "BAU", "BEG", "DIN", "ELE", "FRU", "KRO", "KRV", "MAY", "POL",
                       "RIZ", "SAV", "SHA", "SM3", "SM4", "SPO", "SUK", "U19"]  # fmt: skip


def test_station_rows_2_10_2(content: Content) -> None:
    """§2.10.2: a few rows in full, the names as the digest gives them."""
    s = {st.id: st for st in content.board.stations}
    okh = s["OKH"]
    row = (okh.ru, okh.name, okh.line, okh.kind, okh.zone, okh.home_of, okh.produces, okh.has_transfer)
    assert row == (
        "Охотный ряд",
        "Okhotny Ryad",
        "L1",
        StationKind.CAPTURABLE,
        Zone.RL,
        Faction.RL,
        (A,),
        True,
    )
    assert (okh.x, okh.y) == (47.7, 47.6)
    assert (s["HDOS"].ru, s["HDOS"].kind, s["HDOS"].zone) == (
        "Достоевская (Ганза)",
        StationKind.HANZA,
        Zone.RE,
    )
    assert (s["TUL"].kind, s["TUL"].produces, s["TUL"].y) == (StationKind.ABANDONED, (), 94.5)
    assert (s["BEG"].ru, s["BEG"].home_of, s["BEG"].produces) == ("Беговая", Faction.C05, (P,))
    assert content.board.lines["L5"] == ("Кольцевая", "Koltsevaya")
    assert min(st.x for st in s.values()) == 3.0 and max(st.x for st in s.values()) == 97.0


def test_zone_borders_2_10_5(content: Content) -> None:
    """§2.10.5: 7 borders, 20 joining links; the loader has checked them against the links."""
    borders = content.board.zone_borders
    assert len(borders) == 7 and sum(len(links) for links in borders.values()) == 20
    assert borders[frozenset({Zone.C05, Zone.AC})] == (("HBAR", "HKIE"),)
    assert borders[frozenset({Zone.RL, Zone.BN})] == (("TEA", "NOV"),)


def test_round_track_m33_rnd_03(content: Content) -> None:
    """M33-RND-03 / §2.10.6: round 1 uses the start space S (all three resources, doubled);
    rounds 2-10 use spaces 1-9, round 11 space 1 again; the token never returns to S."""
    track = content.board.round_track
    assert track.space_for_round(1).space == "S"
    assert track.space_for_round(1).times == 2 and track.space_for_round(1).resources == (M, P, A)
    assert [track.space_for_round(r).space for r in range(2, 21)] == [*"123456789123456789", "1"]
    assert track.space_for_round(2).resources == (M, P)
    space2 = track.space_for_round(3)
    assert space2.has_law and space2.resources == (A,) and not space2.has_threat
    assert track.space_for_round(4).symbols == (Symbol.THREAT,) and track.space_for_round(4).resources == ()
    assert track.space_for_round(8).resources == (A, P)  # space 7 (EDGE-32)
    loop = [track.space_for_round(r) for r in range(2, 11)]
    assert Counter(sym for sp in loop for sym in sp.symbols) == dict.fromkeys(Symbol, 3)
    with pytest.raises(ValueError, match="rounds count from 1"):
        track.space_for_round(0)


def test_army_upkeep_m33_mob_02(content: Content) -> None:
    """M33-MOB-02 / §2.10.7: 1-5 costs nothing, 6 costs 1 P, 7 costs 2 P, 8 costs 3 P (EX-03:
    keeping 7 needs 2 P)."""
    army = content.board.army_track
    assert (army.minimum, army.maximum, army.start) == (1, 8, 2)
    assert [army.upkeep(s) for s in range(1, 9)] == [0, 0, 0, 0, 0, 1, 2, 3]
    with pytest.raises(ValueError, match="off the track"):
        army.upkeep(9)
    vp = content.board.vp_track
    assert (vp.printed, vp.trophy, vp.start) == ((3, 4, 5, 6, 7, 8, 9, 10), 10, 3)


def test_content_is_loaded_once_and_read_only() -> None:
    content = default_content()
    assert default_content() is content
    with pytest.raises(TypeError):
        content.factions[Faction.RL] = content.factions[Faction.RE]  # type: ignore[index]
    with pytest.raises(AttributeError):
        content.board = content.board  # type: ignore[misc]


# ---------------------------------------------------------------- corrupt files


@pytest.fixture
def data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA, target)
    return target


def corrupt(path: Path, old: str, new: str, nth: int = 1) -> None:
    """Replace the nth occurrence of `old` in the file by `new`."""
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= nth, old
    head, *tails = text.split(old)
    text = head + "".join((new if i == nth - 1 else old) + tail for i, tail in enumerate(tails))
    path.write_text(text, encoding="utf-8")


def refused(data: Path, pattern: str) -> None:
    with pytest.raises(CorruptDataError, match=pattern):
        load_content(data)


def test_copied_data_loads(data: Path) -> None:
    assert load_content(data).factions[Faction.RL].name == "Red Line"


def test_missing_field_names_file_entry_and_field(data: Path) -> None:
    corrupt(data / "heroes.toml", "speed = 3\n", "")
    refused(data, r"^heroes\.toml: hero #1 \(ART\), field speed: Field required")


def test_wrong_type_names_file_entry_and_field(data: Path) -> None:
    corrupt(data / "board.toml", "x = 50.9", 'x = "50.9"')
    refused(data, r"^board\.toml: station #3 \(TEA\), field x: ")
    shutil.copy(DATA / "board.toml", data / "board.toml")
    corrupt(data / "cards.toml", "copies = 2", 'copies = "2"')
    refused(data, r"^cards\.toml: equipment #1 \(EQ-GREN\), field copies: Input should be a valid integer")


def test_unknown_value_and_unknown_field(data: Path) -> None:
    corrupt(data / "board.toml", 'kind = "hanza", zone = "RL"', 'kind = "hanza", zone = "RED"')
    refused(data, r"^board\.toml: station #10 \(HKOM\), field zone: ")
    shutil.copy(DATA / "board.toml", data / "board.toml")
    corrupt(data / "factions.toml", 'colour = "red"', 'colour = "red"\nmotto = "forward"')
    refused(data, r"^factions\.toml: faction #1 \(RL\), field motto: Extra inputs are not permitted")


def test_link_to_an_unknown_station(data: Path) -> None:
    corrupt(data / "board.toml", '{ a = "KRS", b = "KOM"', '{ a = "KRS", b = "KOX"')
    refused(data, r"^board\.toml: link #1 \(KRS-KOX\), field b: unknown station 'KOX'")


def test_duplicate_station(data: Path) -> None:
    corrupt(data / "board.toml", '{ id = "TEA"', '{ id = "OKH"')
    refused(data, r"^board\.toml: station #3 \(OKH\), field id: duplicate 'OKH', first in station #1 \(OKH\)")


def test_duplicate_link(data: Path) -> None:
    corrupt(data / "board.toml", '{ a = "KRS", b = "KOM"', '{ a = "KOM", b = "KRV"')
    refused(data, r"^board\.toml: link #2 \(KOM-KRV\), field a: duplicate 'KOM-KRV', first in link #1")


def test_card_count_against_the_inventory(data: Path) -> None:
    """§2.1: 18 equipment cards; one Grenade fewer is refused, naming the kind and its copies."""
    corrupt(data / "cards.toml", "copies = 2", "copies = 1")
    refused(data, r"^cards\.toml: equipment, field copies: 17 cards in all; the inventory .* has 18")


def test_board_count_2_10_4(data: Path) -> None:
    corrupt(data / "board.toml", "tunnels = 69", "tunnels = 68")
    refused(data, r"^board\.toml: \[counts\], field tunnels: the tables give 69, \[counts\] says 68")


def test_a_missing_link_breaks_the_counts(data: Path) -> None:
    corrupt(
        data / "board.toml", '  { a = "KRV", b = "CHP", kind = "tunnel", line = "L1", hanza = false },\n', ""
    )
    refused(data, r"^board\.toml: \[counts\], field links: the tables give 110, \[counts\] says 111")


def test_derived_flags_are_checked(data: Path) -> None:
    """§2.10.2 Xfer and §2.10.3 Hanza tunnel are derived; a wrong one is refused."""
    corrupt(
        data / "board.toml", 'zone = "RE", res = "M", xfer = false', 'zone = "RE", res = "M", xfer = true'
    )
    refused(data, r"^board\.toml: station #\d+ \(SUK\), field xfer: should be false")
    shutil.copy(DATA / "board.toml", data / "board.toml")
    corrupt(data / "board.toml", 'b = "HBEL", kind = "tunnel", line = "L5", hanza = true',
            'b = "HBEL", kind = "tunnel", line = "L5", hanza = false')  # fmt: skip
    refused(data, r"^board\.toml: link #29 \(HBAR-HBEL\), field hanza: should be true \(M33-MAP-12\)")


def test_zone_table_must_match_the_stations(data: Path) -> None:
    corrupt(data / "board.toml", 'hanza = ["HKOM"]', 'hanza = ["HKOM", "HKUR"]')
    refused(data, r"^board\.toml: zone #1 \(RL\), field hanza: the station table gives \['HKOM'\]")


def test_zone_border_must_match_the_links(data: Path) -> None:
    corrupt(data / "board.toml", '{ zones = ["RL", "BN"], links = [["TEA", "NOV"]] },\n', "")
    refused(data, r"^board\.toml: zone_border, field zones: borders \[\['BN', 'RL'\]\] are missing")


def test_faction_homes_must_be_the_zone_homes(data: Path) -> None:
    corrupt(data / "factions.toml", 'homes = ["OKH", "TEA", "PLR"]', 'homes = ["OKH", "TEA", "LUB"]')
    refused(data, r"^factions\.toml: faction #1 \(RL\), field homes: board\.toml gives")
    shutil.copy(DATA / "factions.toml", data / "factions.toml")
    corrupt(data / "factions.toml", 'homes = ["OKH", "TEA", "PLR"]', 'homes = ["OKH", "TEA", "XYZ"]')
    refused(data, r"^factions\.toml: faction #1 \(RL\), field homes: unknown stations \['XYZ'\]")


def test_threat_in_the_wrong_deck(data: Path) -> None:
    corrupt(data / "cards.toml", 'reward = "G1"', 'reward = "G2"')
    refused(data, r"^cards\.toml: threat_1 #1 \(T1-RATS\), field reward: threat_1 rewards are")


def test_quest_hold_must_fit_its_condition(data: Path) -> None:
    corrupt(data / "cards.toml", "hold = { P = 5 }", "hold = { M = 5 }")
    refused(data, r"^cards\.toml: quest #6 \(Q-SWINE\), field entry: .*C-5P needs hold = \{ P = N \}")


def test_unknown_equipment_id(data: Path) -> None:
    corrupt(data / "cards.toml", 'id = "EQ-AKM"', 'id = "EQ-AK47"')
    refused(data, r"^cards\.toml: equipment #7 \(EQ-AK47\), field id: ")


def test_missing_table_and_unparsable_file(data: Path) -> None:
    corrupt(data / "board.toml", "[vp_track]", "[vp_trak]")
    refused(data, r"^board\.toml: \[vp_track\], field \[vp_track\]: ")
    shutil.copy(DATA / "board.toml", data / "board.toml")
    corrupt(data / "components.toml", "[costs]", "[costs")
    refused(data, re.escape(str(data / "components.toml")))
    (data / "heroes.toml").unlink()
    shutil.copy(DATA / "components.toml", data / "components.toml")
    refused(data, re.escape(str(data / "heroes.toml")))
