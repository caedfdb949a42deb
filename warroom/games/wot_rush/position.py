"""A compact text notation for World of Tanks: Rush positions (rule tests, analysis, bug reports).

One statement per line; `#` starts a comment. Seats are 0-based, base slots b1..b3, cards by kind
label (a vehicle id such as SU-09, engineer, technician, volunteer, ussr_medal1, base ...).
The position starts in Phase II of the active seat's turn (its hand face up, nothing played yet).

    players 3                  # options first: players N, option NAME=VALUE
    first 0                    # the first player (default 0)
    active 1                   # whose turn it is (default: the first player)
    hand 1: engineer engineer SU-09   # hand and warehouse lines add up
    hangar 1: technician       # top first; without it the seat's unlisted barracks cards go here
    warehouse 1: GE-03 base
    bases 2: 1 2*              # standing slots (default all); * = damaged
    guard 2: b1=GE-09 b2=SU-14*   # defenders; * = damaged
    reserve: GE-03 US-08 FR-14 SU-02   # oldest first
    deck: US-01 FR-02          # top first; without it the unlisted vehicles are shuffled into it
    discard: SU-01             # the vehicle discard pile; with deck: given, unlisted vehicles go here
    graveyard: engineer
    medals USSR: 9 3           # one- and two-medal cards left in that deck (default: all)
    achievements: ACH-02 ACH-04
    purchases 1 | limit 2 | attacked | triggered | round 3 | played: SU-09

Cards that the statements leave without a zone (a seat's barracks when its hangar is given,
medal cards beyond the counts, unused bases) go to the graveyard, so every card has one zone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from warroom.core import registry
from warroom.core.errors import CorruptDataError
from warroom.core.rng import Rng
from warroom.games.wot_rush.state import WotState
from warroom.games.wot_rush.words import NATIONS, Kind

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame


def parse_position(text: str, seed: int = 0) -> WotState:
    """Build the position; errors name the line."""
    lines = [(n, ln.split("#", 1)[0].strip()) for n, ln in enumerate(text.splitlines(), 1)]
    options: dict[str, Any] = {}
    body = []
    for n, ln in lines:
        if not ln:
            continue
        word, _, rest = ln.partition(" ")
        if word == "players":
            options["players"] = int(rest)
        elif word == "option":
            name, _, value = rest.partition("=")
            spec = registry.game_class("wot_rush").info.option(name.strip())
            options[name.strip()] = spec.parse(value.strip())
        else:
            body.append((n, word.rstrip(":"), rest))
    builder = _Builder(cast("WotRushGame", registry.game_class("wot_rush")(**options)), seed)
    for n, word, rest in body:
        try:
            builder.statement(word, rest.strip())
        except (ValueError, KeyError, IndexError, StopIteration) as exc:
            raise CorruptDataError(f"position line {n}: {word} {rest}: {exc!r}") from None
    return builder.finish()


class _Builder:
    def __init__(self, game: WotRushGame, seed: int) -> None:
        self.game = game
        self.st = WotState(game)
        self.st.rng = Rng(seed)
        c = game.content
        self.free: dict[int, list[int]] = {k: [] for k in range(len(c.kind_label))}  # kind -> unplaced ids
        for card in range(c.num_cards):
            self.free[c.kind[card]].append(card)
        self.hangar_given: set[int] = set()
        self.deck: list[int] | None = None
        self.discard_given = False
        self.medals: dict[int, tuple[int, int]] = {}
        self.active = -1
        self.bases: dict[int, list[str]] = {}
        self.guards: dict[int, list[str]] = {}

    def take(self, label: str, seat: int = -1) -> int:
        """An unplaced card of this kind; barracks and bases prefer the seat's own set."""
        c = self.game.content
        k = c.kind_of_label(label)
        pool = self.free[k]
        if c.is_base[k]:  # only the seats' own base sets are in play (WOT-SETUP-10)
            pool = [x for x in pool if x < c.base_start + self.game.num_players * c.bases_per_player]
        own = [x for x in pool if seat >= 0 and x in c.barracks_cards(seat)]
        if not pool:
            raise ValueError(f"no {label} card left to place")
        card: int = (own or pool)[0]
        self.free[k].remove(card)
        return card

    def cards(self, labels: list[str], seat: int = -1) -> list[int]:
        return [self.take(label, seat) for label in labels]

    def statement(self, word: str, rest: str) -> None:
        st = self.st
        args = rest.split()
        seat = int(args[0].rstrip(":")) if args and args[0].rstrip(":").isdigit() else -1
        tail = args[1:] if seat >= 0 else args
        if word in ("first", "active", "purchases", "limit", "round"):
            setattr(self if word == "active" else st, word, int(rest))
        elif word in ("attacked", "triggered"):
            setattr(st, word, True)
        elif word == "hand":
            st.hand[seat] += self.cards(tail, seat)
        elif word == "hangar":
            st.hangar[seat] = self.cards(tail, seat)[::-1]
            self.hangar_given.add(seat)
        elif word == "warehouse":
            st.warehouse[seat] += self.cards(tail, seat)
        elif word == "bases":
            self.bases[seat] = tail
        elif word == "guard":
            self.guards[seat] = tail
        elif word == "reserve":
            st.reserve = self.cards(args)
        elif word == "deck":
            self.deck = self.cards(args)[::-1]
        elif word == "discard":
            st.vdiscard = self.cards(args)
            self.discard_given = True
        elif word == "graveyard":
            st.graveyard = self.cards(args)
        elif word == "medals":
            self.medals[NATIONS.index(args[0].rstrip(":"))] = (int(args[1]), int(args[2]))
        elif word == "achievements":
            ids = [a.id for a in self.game.content.achievements]
            st.achievements = sorted(ids.index(a) for a in args)
        elif word == "played":
            st.played = {self.game.content.kind_of_label(label) for label in args}
        else:
            raise ValueError("unknown statement")

    def finish(self) -> WotState:
        st, c = self.st, self.game.content
        for seat in range(self.game.num_players):
            self._bases(seat)
        for seat in range(self.game.num_players):
            if seat not in self.hangar_given:
                own = [x for x in c.barracks_cards(seat) if x in self.free[c.kind[x]]]
                for x in own:
                    self.free[c.kind[x]].remove(x)
                st.hangar[seat] = own
                st.rng.shuffle(st.hangar[seat])
        self._medals()
        vehicles = [x for x in range(c.num_vehicles) if x in self.free[x]]
        for x in vehicles:
            self.free[x].clear()
        if self.deck is None:
            st.vdeck = vehicles
            st.rng.shuffle(st.vdeck)
        else:
            st.vdeck = self.deck
            (st.graveyard if self.discard_given else st.vdiscard).extend(vehicles)
        for seat in range(self.game.num_players):  # bases of unused sets and leftovers
            for x in c.barracks_cards(seat):
                if x in self.free[c.kind[x]]:
                    self.free[c.kind[x]].remove(x)
                    st.graveyard.append(x)
        if not st.achievements:
            st.achievements = list(range(min(self.game.num_players + 1, len(c.achievements))))
        st.graveyard.extend(x for x in self._in_play_free())
        self._start()
        st.check_integrity()
        return st

    def _bases(self, seat: int) -> None:
        st, c = self.st, self.game.content
        k = c.bases_per_player
        marks = self.bases.get(seat, [str(s + 1) for s in range(k)])
        own = list(c.base_cards(seat))
        for mark in marks:
            slot = int(mark.rstrip("*")) - 1
            spare = self.free[c.base_kind]
            card = own[slot] if own[slot] in spare else self.take("base")
            if card in spare:
                spare.remove(card)
            st.base[seat * k + slot] = card
            st.base_dmg[seat * k + slot] = mark.endswith("*")
        for item in self.guards.get(seat, []):
            where, _, label = item.partition("=")
            slot = int(where.lstrip("b")) - 1
            st.guard[seat * k + slot] = self.take(label.rstrip("*"))
            st.guard_dmg[seat * k + slot] = label.endswith("*")

    def _medals(self) -> None:
        st, c = self.st, self.game.content
        for nation, (ones, twos) in enumerate(c.medal_cards):
            left = self.medals.get(nation, (-1, -1))  # default: every card not placed elsewhere
            for pile, cards, wanted in ((st.medal1, ones, left[0]), (st.medal2, twos, left[1])):
                free = [x for x in cards if x in self.free[c.kind[x]]]
                count = len(free) if wanted < 0 else wanted
                if count > len(free):
                    raise CorruptDataError(
                        f"{NATIONS[nation]}: only {len(free)} medal cards left for the deck"
                    )
                pile[nation] = free[:count]
                for x in free:
                    self.free[c.kind[x]].remove(x)
                st.graveyard.extend(free[count:])

    def _in_play_free(self) -> list[int]:
        """Unplaced base cards of the seats' sets (the destroyed ones nobody holds)."""
        c = self.game.content
        out = []
        for seat in range(self.game.num_players):
            for x in c.base_cards(seat):
                if x in self.free[c.base_kind]:
                    self.free[c.base_kind].remove(x)
                    out.append(x)
        return out

    def _start(self) -> None:
        st = self.st
        st.active = self.active if self.active >= 0 else st.first
        st.turn = max(st.turn, 1)
        st.decide(Kind.MAIN, st.active)
