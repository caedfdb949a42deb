"""What every Metro 2033 rules module asks of a position: turn order, resources and the reserve,
prices under the active law, stations and VP, the equipment a hero carries, deck draws, the
stations that count as a faction's through the Draisine, and army reach (metro2033.md §3.1-3.3)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Final

from warroom.core.engine import MUTED
from warroom.games.metro2033 import names
from warroom.games.metro2033.board import BOARD, Station, from_bits, to_bits
from warroom.games.metro2033.cards import CARD, INSTANCES
from warroom.games.metro2033.changes import MARKET, SEAT
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.words import (
    RESOURCES,
    Equipment,
    Faction,
    Hero,
    Law,
    Purchase,
    Resource,
    StationKind,
)

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_HERO_KHAN: Final = Hero.KHAN
_HERO_MELNIK: Final = Hero.MELNIK
_STATION_HANZA: Final = StationKind.HANZA

C: Final = default_content()
RES_INDEX: Final[Mapping[Resource, int]] = {r: i for i, r in enumerate(RESOURCES)}
MAX_STATIONS: Final = C.inventory.faction_tokens - 2  # M33-GEN-09: 13 tokens, 2 on the tracks
ARMY_MIN: Final = C.board.army_track.minimum
ARMY_MAX: Final = C.board.army_track.maximum
POLIS_GARRISON: Final = 7  # M33-CMB-02 (rb p. 6)
AC_GARRISON: Final = 6  # M33-FAC-05
WIN_VP: Final = 10  # M33-END-02
RL_WIN_VP: Final = 9  # M33-FAC-01
STAGE_II_VP: Final = 6  # M33-STG-02
MARKET_SIZE: Final = 4  # M33-SET-10


# ---------------------------------------------------------------- seats and order


def order(st: MetroState) -> list[int]:
    """Turn order: the first player, then clockwise (to the left) (M33-GEN-02, M33-RND-02)."""
    n = st.metro.num_players
    return [(st.first + i) % n for i in range(n)]


def seat_of(st: MetroState, faction: Faction | str) -> int:
    return st.faction.index(str(faction))


def has_faction(st: MetroState, seat: int, faction: Faction) -> bool:
    return st.faction[seat] == faction  # a StrEnum member equals its value (no `.value`: hot path)


def has_hero(st: MetroState, seat: int, hero: Hero) -> bool:
    return st.hero[seat] == hero


# ---------------------------------------------------------------- resources


def gain(st: MetroState, seat: int, r: Resource, n: int = 1) -> int:
    """Take up to `n` of `r` from the reserve; a short reserve gives what it has and the rest is
    lost (M33-GEN-03, M33-GEN-05). Returns what was taken."""
    i = RES_INDEX[r]
    got = min(n, st.reserve[i])
    st.reserve[i] -= got
    st.res[seat][i] += got
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    return got


def can_pay(st: MetroState, seat: int, cost: Mapping[Resource, int]) -> bool:
    """A cost is paid in full from what the player holds, or not at all (M33-GEN-04)."""
    held = st.res[seat]
    for r, n in cost.items():  # noqa: SIM110  (a loop, not all() over a generator: speed, options ask often)
        if held[RES_INDEX[r]] < n:
            return False
    return True


def pay(st: MetroState, seat: int, cost: Mapping[Resource, int]) -> None:
    """Spent resources go back to the reserve (M33-GEN-03)."""
    assert can_pay(st, seat, cost), f"seat {seat} cannot pay {dict(cost)}"
    for r, n in cost.items():
        st.res[seat][RES_INDEX[r]] -= n
        st.reserve[RES_INDEX[r]] += n
    st.changes[SEAT + seat] += 1  # speed (issue 18)


def lose(st: MetroState, seat: int, r: Resource) -> bool:
    """One unit of `r` goes back to the reserve, if held (M33-GEN-12)."""
    i = RES_INDEX[r]
    if st.res[seat][i] <= 0:
        return False
    st.res[seat][i] -= 1
    st.reserve[i] += 1
    st.changes[SEAT + seat] += 1  # speed (issue 18)
    return True


def held(st: MetroState, seat: int, r: Resource) -> int:
    return st.res[seat][RES_INDEX[r]]


# Speed (issue 15): the law of a card instance and every (purchase, law) price are looked up,
# not rebuilt, since options listing asks for them thousands of times a game.
_LAW_OF: Final[Mapping[int, Law]] = {
    i: Law(card) for i, card in enumerate(CARD) if card in {x.value for x in Law}
}


# the Non-Aggression Pact's card instances, and what each law instance adds to a threat's
# strength: read from `st.law` without `active_law`'s call (speed, issue 12)
PACT_LAWS: Final = frozenset(i for i, law in _LAW_OF.items() if law == Law.NON_AGGRESSION)
LAW_THREAT: Final[Mapping[int, int]] = {i: C.laws[law].threat_strength for i, law in _LAW_OF.items()}


def active_law(st: MetroState) -> Law | None:
    return None if st.law < 0 else _LAW_OF[st.law]


def _price(purchase: Purchase, law: Law | None) -> dict[Resource, int]:
    """A price from the cost panel plus what the active law adds (M33-LAW-02, -04, -07)."""
    cost = dict(C.costs[purchase])
    if law is not None:
        card = C.laws[law]
        if purchase in card.extra_cost_on:
            for r, n in card.extra_cost.items():
                cost[r] = cost.get(r, 0) + n
    return cost


_PRICES: Final[Mapping[tuple[Purchase, Law | None], Mapping[Resource, int]]] = {
    (purchase, law): _price(purchase, law) for purchase in C.costs for law in (None, *Law)
}


def price(st: MetroState, purchase: Purchase) -> dict[Resource, int]:
    """A price from the cost panel plus what the active law adds (M33-LAW-02, -04, -07); a fresh
    dict the caller may change."""
    return dict(_PRICES[purchase, None if st.law < 0 else _LAW_OF[st.law]])


def cost_of(st: MetroState, purchase: Purchase) -> Mapping[Resource, int]:
    """`price` without the copy, for callers that only read it (speed: options ask often)."""
    return _PRICES[purchase, None if st.law < 0 else _LAW_OF[st.law]]


def describe_cost(cost: Mapping[Resource, int]) -> str:
    """ "1 ammo and 1 pig", "nothing" (names.amounts)."""
    return names.amounts(cost.items())


# ---------------------------------------------------------------- stations and VP


def stations_of(st: MetroState, seat: int) -> list[Station]:
    """The seat's stations in board order, a fresh list. Speed (issue 12): read from the seat's
    bit set (`MetroState.held`), each set's stations listed once and kept (`_STATIONS_OF`)."""
    bits = st.held[seat]
    found = _STATIONS_OF.get(bits)
    if found is None:
        if len(_STATIONS_OF) > _STATIONS_KEPT:
            _STATIONS_OF.clear()
        found = _STATIONS_OF[bits] = from_bits(bits)
    return list(found)


# each set of a seat's stations (bits) in board order; at most about this many kept
_STATIONS_OF: Final[dict[int, tuple[Station, ...]]] = {}
_STATIONS_KEPT: Final = 20_000


def station_count(st: MetroState, seat: int) -> int:
    return st.held[seat].bit_count()


def vp(st: MetroState, seat: int) -> int:
    """Stations owned plus quests completed (M33-GEN-07)."""
    return st.held[seat].bit_count() + len(st.done[seat])


def is_neutral(st: MetroState, s: Station) -> bool:
    """An in-play capturable station without a token (M33-GEN-06)."""
    return s in st.inplay and s in BOARD.capturable and st.owner[s] < 0  # is_capturable as a set test


def neutral_polis(st: MetroState) -> list[Station]:
    return [s for s in BOARD.polis if st.owner[s] < 0]


def say_peek(
    st: MetroState, seat: int, kinds: tuple[str, str], what: str, cards: Iterable[int], **data: str
) -> None:
    """A secret look at cards (M33-HID-05): everyone reads that `seat` looks at `what` (the first
    event kind); the seat alone reads which cards ("you see Rats", the second)."""
    st.say(kinds[0], f"{st.does(seat, 'look')} at {what}", None, player=seat)
    seen = names.listing(names.card(CARD[c]) for c in cards)
    st.say(kinds[1], f"you see {seen}", frozenset((seat,)), player=seat, **data)


def capture(st: MetroState, seat: int, s: Station, how: str) -> None:
    """Place a token, VP +1 (M33-CAP-03); the token limit is checked by the callers (M33-GEN-09)."""
    assert st.owner[s] < 0 and st.held[seat].bit_count() < MAX_STATIONS  # station_count, inlined
    st.set_owner(s, seat)
    if st.events is not MUTED:  # speed, as in battle._declare
        st.say("capture", ("{} {} ({})", st.does(seat, "capture"), names.STATION[s], how), None, player=seat,
               station=BOARD.ids[s])  # fmt: skip


def lose_station(st: MetroState, s: Station) -> None:
    """The token goes back to its owner, VP -1 (M33-CAP-06)."""
    seat = st.owner[s]
    st.set_owner(s, -1)
    if st.events is not MUTED:  # speed, as in battle._declare
        st.say("lose_station", ("{} {}", st.does(seat, "lose"), names.STATION[s]), None, player=seat,
               station=BOARD.ids[s])  # fmt: skip


def can_take_station(st: MetroState, seat: int) -> bool:
    return st.held[seat].bit_count() < MAX_STATIONS  # station_count, inlined (speed)


# ---------------------------------------------------------------- heroes and equipment


# Speed (issue 15): each equipment instance's kind and each hero's card, looked up, not rebuilt
EQUIPMENT_OF: Final[Mapping[int, Equipment]] = {
    i: Equipment(card) for i, card in enumerate(CARD) if card in C.equipment
}
HERO_OF: Final[Mapping[str, Hero]] = {h.value: h for h in Hero}


def carried(st: MetroState, seat: int) -> list[Equipment]:
    return [EQUIPMENT_OF[c] for c in st.equip[seat]]


def carries(st: MetroState, seat: int, e: Equipment) -> bool:
    return not INSTANCES[e].isdisjoint(st.equip[seat])


def equipment_limit(st: MetroState, seat: int) -> int:
    """2 in stage I, 3 in stage II; Melnik one more (M33-EQP-02, M33-HER-03)."""
    return (2 if st.stage == 1 else 3) + (1 if has_hero(st, seat, _HERO_MELNIK) else 0)


# Speed (issue 15): each hero's SPD and each equipment instance's speed modifier, looked up
_HERO_SPEED: Final[Mapping[str, int]] = {h.value: C.heroes[h].speed for h in Hero}
_SPEED_OF: Final[Mapping[int, int]] = {i: C.equipment[e].speed for i, e in EQUIPMENT_OF.items()}
_DRAISINES: Final = INSTANCES[Equipment.DRAISINE]


def speed(st: MetroState, seat: int) -> int:
    """Hero SPD plus equipment, never below 0 (M33-HMV-02)."""
    total = _HERO_SPEED[st.hero[seat]]
    for c in st.equip[seat]:  # a loop, not sum() over a generator (speed: every hero move)
        total += _SPEED_OF[c]
    return max(0, total)


def draisine_station(st: MetroState, seat: int) -> Station | None:
    """The neutral capturable station the seat's hero stands on with a Draisine: it counts as the
    faction's for reach, hero immunity, Khan, Sasha and the Flag only (M33-EQP-12)."""
    at = st.hero_at[seat]
    if at >= 0 and not _DRAISINES.isdisjoint(st.equip[seat]) and is_neutral(st, at):
        return at
    return None


def counts_as_own(st: MetroState, seat: int, s: Station) -> bool:
    """A station of the seat's faction, or its Draisine station (M33-GEN-13, M33-EQP-12)."""
    return st.owner[s] == seat or draisine_station(st, seat) == s


def can_trade_at(st: MetroState, seat: int) -> bool:
    """On a Hanza station; Khan also on a station of his faction (M33-HAC-04..06, M33-HER-02)."""
    at = st.hero_at[seat]
    if BOARD.kind[at] == _STATION_HANZA:
        return True
    return st.hero[seat] == _HERO_KHAN and counts_as_own(st, seat, at)  # has_hero, inlined


# ---------------------------------------------------------------- army reach


def army_origins(st: MetroState, seat: int) -> list[Station]:
    origins = stations_of(st, seat)
    extra = draisine_station(st, seat)
    if extra is not None:
        origins.append(extra)
    return origins


def army_reach(st: MetroState, seat: int) -> frozenset[Station]:
    """Stations army-reachable from the seat's stations (and Draisine station) (M33-MAP-13)."""
    return BOARD.army_reach(army_origins(st, seat), neutral_polis(st), st.inplay)


# Speed (issue 15): stations as bit sets for the army's option listing (board.to_bits)
_POLIS_BITS: Final = tuple((s, 1 << s) for s in BOARD.polis)
CAPTURABLE_BITS: Final = to_bits(BOARD.capturable)
_IN_PLAY_BITS: Final[dict[frozenset[Station], int]] = {}


def neutral_polis_bits(st: MetroState) -> int:
    """`neutral_polis` as a bit set."""
    owner, bits = st.owner, 0
    for s, bit in _POLIS_BITS:
        if owner[s] < 0:
            bits |= bit
    return bits


def in_play_bits(st: MetroState) -> int:
    """The stations in play as a bit set, cached per set (a game has one once drafted)."""
    found = _IN_PLAY_BITS.get(st.inplay)
    if found is None:
        found = _IN_PLAY_BITS[st.inplay] = to_bits(st.inplay)
    return found


# ---------------------------------------------------------------- decks


def draw(st: MetroState, deck: list[int], discard: list[int]) -> int | None:
    """The top card (the end of the list); an empty deck is first rebuilt by shuffling its
    discard (M33-DECK-03); None if both are empty (M33-DECK-04)."""
    if not deck:
        if not discard:
            return None
        deck.extend(discard)
        discard.clear()
        st.rng.shuffle(deck)
        st.forget(deck)
        st.say("reshuffle", "a discard pile is shuffled into a new deck", None)
    return deck.pop()


def can_draw(deck: list[int], discard: list[int]) -> bool:
    return bool(deck) or bool(discard)


def refill_market(st: MetroState) -> None:
    """Refill the Hanza market to 4 face-up cards (M33-SET-10, M33-HAC-04)."""
    while len(st.market) < MARKET_SIZE:
        card = draw(st, st.eq_deck, st.eq_disc)
        if card is None:
            return
        st.market.append(card)
        st.changes[MARKET] += 1  # speed (issue 18)
        st.show_all(card)


def ids(cards: Iterable[int]) -> list[str]:
    return [CARD[c] for c in cards]
