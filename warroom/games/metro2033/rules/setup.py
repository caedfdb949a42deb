"""Setup (metro2033.md §3.4 SET): decks, the first player, the faction draft with its start bonuses,
the hero draft in reverse order, hero placement and the Hanza market."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from warroom.core.engine import Decision
from warroom.core.rng import Rng
from warroom.games.metro2033 import names
from warroom.games.metro2033.actions import A, MetroAction
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import DECK
from warroom.games.metro2033.changes import HEROES, SEAT
from warroom.games.metro2033.rules.common import C, draw, gain, refill_market
from warroom.games.metro2033.rules.kinds import kind
from warroom.games.metro2033.words import CardKind, Faction, Hero

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

# Enum members the code below reads, one module constant each (speed, issue 15): reading a
# member off its enum class goes through EnumType.__getattr__'s slot (about 900 instructions
# a read, compiled or not); Final, mypyc keeps each in a C static
_CARD_EQUIPMENT: Final = CardKind.EQUIPMENT
_CARD_LAW: Final = CardKind.LAW
_CARD_QUEST: Final = CardKind.QUEST
_CARD_THREAT_I: Final = CardKind.THREAT_I
_CARD_THREAT_II: Final = CardKind.THREAT_II


def start(st: MetroState, seed: int) -> None:
    """M33-SET-01: shuffle the equipment, quest, law and stage-I threat decks; the stage-II deck
    waits aside. M33-SET-02: a uniformly random first player (or the `first_player` option)."""
    game = st.metro
    st.rng = Rng(seed)
    for name, deck_kind in (("eq_deck", _CARD_EQUIPMENT), ("q_deck", _CARD_QUEST),
                            ("law_deck", _CARD_LAW), ("t_deck", _CARD_THREAT_I)):  # fmt: skip
        pile: list[int] = list(DECK[deck_kind])
        st.rng.shuffle(pile)
        setattr(st, name, pile)
    st.t2_deck = list(DECK[_CARD_THREAT_II])
    chosen = int(game.options["first_player"])
    st.first = st.rng.below(game.num_players) if chosen < 0 else chosen
    st.say("setup", f"player {st.first} is the first player", None, player=st.first)
    st.push(["draft", 0])
    st.run()


def _draft(st: MetroState, job: list[Any]) -> None:
    """M33-SET-03: the first player picks first, then clockwise."""
    k = int(job[1])
    n = st.metro.num_players
    if k == n:
        st.push(["hero_draft", 0])
        return
    st.push(["draft", k + 1])
    st.decide("faction", (st.first + k) % n)


def _faction_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    """Unchosen factions whose zone borders a chosen one; any for the first pick (M33-SET-03);
    any remaining if none borders (M33-SET-04)."""
    chosen = [Faction(f) for f in st.faction if f]
    legal = BOARD.draftable(chosen) or frozenset(f for f in Faction if f not in chosen)
    return [A(f"faction {f}") for f in Faction if f in legal]


def _faction(st: MetroState, action: MetroAction, d: Decision) -> None:
    """M33-SET-05: tokens on the 3 homes, VP 3, army 2, then the start bonus (M33-FAC-07)."""
    seat = d[1]
    f = Faction(action.part("faction"))
    st.faction[seat] = f.value
    st.changes[SEAT + seat] += 1  # speed (issue 18): its army and votes, and what follows
    for s in BOARD.homes(f):
        st.set_owner(s, seat)
    card = C.factions[f]
    bonus = card.start_bonus
    st.army[seat] = bonus.army if bonus.army is not None else C.board.army_track.start
    st.say("faction", f"{names.does('', seat, 'lead')} the {card.name}", None, player=seat, faction=f.value)
    for r, n in bonus.resources.items():
        gain(st, seat, r, n)
    for _ in range(bonus.quests):  # AC: the top quest, secretly (§2.2)
        q = draw(st, st.q_deck, st.q_disc)
        if q is not None:
            st.quests[seat].append(q)
            st.changes[SEAT + seat] += 1  # speed (issue 18)
            st.show(q, seat)
    for _ in range(bonus.equipment):  # BA: the top equipment card, for its hero to come (§2.2)
        e = draw(st, st.eq_deck, st.eq_disc)
        if e is not None:
            st.equip[seat].append(e)
            st.changes[SEAT + seat] += 1  # speed (issue 18)
            st.show_all(e)


def _hero_draft(st: MetroState, job: list[Any]) -> None:
    """M33-SET-06: the player to the right of the first player picks first, then counterclockwise."""
    k = int(job[1])
    n = st.metro.num_players
    if k == n:
        st.push(["setup_end"])
        return
    seat = (st.first - 1 - k) % n
    st.push(["place", seat], ["hero_draft", k + 1])
    st.decide("hero", seat)


def _hero_options(st: MetroState, _d: Decision) -> list[MetroAction]:
    taken = set(st.hero)
    return [A(f"hero {h}") for h in Hero if h.value not in taken]


def _hero(st: MetroState, action: MetroAction, d: Decision) -> None:
    h = Hero(action.part("hero"))
    st.hero[d[1]] = h.value
    st.say(
        "hero",
        f"{st.does(d[1], 'take')} {C.heroes[h].name} as {st.its(d[1])} hero",
        None,
        player=d[1],
        hero=h.value,
    )


def _place_job(st: MetroState, job: list[Any]) -> None:
    st.decide("place", int(job[1]))


def _place_options(st: MetroState, d: Decision) -> list[MetroAction]:
    """M33-SET-07: any one of the player's home stations."""
    return [A(f"place {BOARD.ids[s]}") for s in BOARD.homes(Faction(st.faction[d[1]]))]


def _place(st: MetroState, action: MetroAction, d: Decision) -> None:
    s = action.station
    st.hero_at[d[1]] = s
    st.changes[HEROES] += 1  # speed (issue 18)
    st.say(
        "place",
        f"{st.whose(d[1])} hero starts at {names.STATION[s]}",
        None,
        player=d[1],
        station=BOARD.ids[s],
    )


def _setup_end(st: MetroState, _job: list[Any]) -> None:
    """M33-MAP-04: the unchosen zones leave play; M33-SET-10: 4 market cards face up; then round 1."""
    st.set_in_play()
    refill_market(st)
    st.push(["round"])


KINDS: Final = [
    kind("faction", _faction_options, _faction),
    kind("hero", _hero_options, _hero),
    kind("place", _place_options, _place),
]
JOBS: Final = {"draft": _draft, "hero_draft": _hero_draft, "place": _place_job, "setup_end": _setup_end}
