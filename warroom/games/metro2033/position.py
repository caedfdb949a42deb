"""A compact text notation for Metro 2033 positions (rule tests, analysis, bug reports).

One statement per line; `#` starts a comment. Seats are 0-based; stations by their board id
(OKH, HKIE), cards by card id (EQ-AKM, Q-HEAD, T1-RATS, L-TAX), resources as M P A. The game is
set up by the engine (the factions drafted in the order given, which must be a legal draft, each
hero on its first home station, round 1's income taken), then the statements change it, and the
position starts at the turn `turn` names.

    players 3                      # options first: players N, option NAME=VALUE
    first 0                        # the first player (default 0)
    factions RL BN RE              # seat by seat (required); drafted from the first player on
    heroes ART KHN MEL             # seat by seat (default: the first free heroes in table order)
    round 4                        # the round being played (default 1)
    turn army 1                    # the pending turn: mob, army or hero, and the seat
    stations 0: LUB KUZ            # the seat's stations instead of its homes
    army 0 5                       # the army track
    res 0: 3 1 2                   # M P A held (the reserve keeps the totals)
    hero 0 LUB                     # where the hero stands; `hero 0 LUB wounded` marks it
    equip 0: EQ-AKM EQ-FLAG        # carried, replacing what the setup gave
    quests 0: Q-HEAD               # face-down quests, replacing the setup's
    done 0: Q-SWINE                # completed quests
    law L-TAX                      # the active law
    threats: T1-RATS T1-DOG        # on top of the threat deck, top first
    stage 2                        # stage II (its deck, limits 3)

A malformed position raises CorruptDataError naming the line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from warroom.core import registry
from warroom.core.errors import CorruptDataError
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import CardKind, Faction, Hero

if TYPE_CHECKING:
    from warroom.core.game import Game

TURNS = ("mob", "army", "hero")


def parse_position(text: str, seed: int = 0) -> MetroState:
    """Build the position; errors name the line."""
    options: dict[str, Any] = {}
    body: list[tuple[int, str, str]] = []
    factions: list[str] = []
    heroes: list[str] = []
    first = 0
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        word, _, rest = line.partition(" ")
        word = word.rstrip(":")
        try:
            if word == "players":
                options["players"] = int(rest)
            elif word == "option":
                name, _, value = rest.partition("=")
                spec = registry.game_class("metro2033").info.option(name.strip())
                options[name.strip()] = spec.parse(value.strip())
            elif word == "first":
                first = int(rest)
            elif word == "factions":
                factions = [Faction(f).value for f in rest.split()]
            elif word == "heroes":
                heroes = [Hero(h).value for h in rest.split()]
            else:
                body.append((n, word, rest))
        except ValueError as exc:
            raise CorruptDataError(f"line {n}: {raw.strip()!r}: {exc}") from None
    if not factions:
        raise CorruptDataError("a position needs a `factions` line")
    options.setdefault("players", len(factions))
    options["first_player"] = first
    game: Game[Any] = registry.game_class("metro2033")(**options)
    st = _set_up(game, factions, heroes, seed)
    turn: tuple[str, int] = ("mob", first)
    for n, word, rest in body:
        try:
            turn = _statement(st, word, rest, turn)
        except (ValueError, KeyError, IndexError, StopIteration) as exc:
            raise CorruptDataError(f"line {n}: {word} {rest}: {exc}") from None
    return _start_turn(st, *turn)


def _set_up(game: Game[Any], factions: list[str], heroes: list[str], seed: int) -> MetroState:
    st = game.new_initial_state(seed)
    assert isinstance(st, MetroState)
    n = game.num_players
    if len(factions) != n:
        raise CorruptDataError(f"`factions` names {len(factions)} factions for {n} players")
    while st.decision is not None and st.decision.kind == "faction":
        wanted = f"faction {factions[st.decision.seat]}"
        if wanted not in [a.text for a in st.legal_actions()]:
            break
        st.apply_action(game.parse_action(st, wanted))
    if st.faction != factions:
        raise CorruptDataError(f"the draft {factions} is not legal (zones must touch, M33-SET-03)")
    free = [h.value for h in Hero if h.value not in heroes]
    chosen = heroes or [free[i] for i in range(n)]
    while st.decision is not None and st.decision.kind in ("hero", "place"):
        seat = st.decision.seat
        if st.decision.kind == "hero":
            st.apply_action(game.parse_action(st, f"hero {chosen[seat]}"))
        else:
            home = BOARD.homes(Faction(st.faction[seat]))[0]
            st.apply_action(game.parse_action(st, f"place {BOARD.ids[home]}"))
    return st


def _seat(rest: str) -> tuple[int, str]:
    head, _, tail = rest.partition(":")
    if not tail:
        head, _, tail = rest.partition(" ")
    return int(head), tail.strip()


def _statement(st: MetroState, word: str, rest: str, turn: tuple[str, int]) -> tuple[str, int]:
    if word == "round":
        st.round = int(rest)
    elif word == "turn":
        phase, who = rest.split()
        if phase not in TURNS:
            raise ValueError(f"turn is one of {', '.join(TURNS)}")
        return phase, int(who)
    elif word == "stations":
        seat, ids = _seat(rest)
        for s, owner in enumerate(st.owner):
            if owner == seat:
                st.set_owner(s, -1)
        for sid in ids.split():
            s = BOARD.station(sid)
            if st.owner[s] >= 0 or not BOARD.is_capturable(s) or s not in st.inplay:
                raise ValueError(f"{sid} cannot be owned by seat {seat}")
            st.set_owner(s, seat)
    elif word == "army":
        seat, value = _seat(rest)
        st.army[seat] = int(value)
    elif word == "res":
        seat, values = _seat(rest)
        for i, v in enumerate(int(x) for x in values.split()):
            st.reserve[i] += st.res[seat][i] - v
            st.res[seat][i] = v
    elif word == "hero":
        seat, where = _seat(rest)
        words = where.split()
        st.hero_at[seat] = BOARD.station(words[0])
        st.wounded[seat] = words[1:] == ["wounded"]
    elif word in ("equip", "quests", "done"):
        seat, ids = _seat(rest)
        _cards(st, word, seat, ids.split())
    elif word == "law":
        card = _free(st, CardKind.LAW, rest.strip())
        st.law_deck.remove(card)
        st.law = card
    elif word == "threats":
        for card_id in reversed(rest.split()):
            kind = CardKind.THREAT_I if st.stage == 1 else CardKind.THREAT_II
            card = next(c for c in DECK[kind] if CARD[c] == card_id and c in st.t_deck + st.t_disc)
            (st.t_deck if card in st.t_deck else st.t_disc).remove(card)
            st.t_deck.append(card)
    elif word == "stage":
        if int(rest) == 2 and st.stage == 1:
            st.stage = 2
            st.gone = [*st.t_deck, *st.t_disc]
            st.show_all(*st.gone)
            st.t_deck, st.t_disc, st.t2_deck = st.t2_deck, [], []
            st.rng.shuffle(st.t_deck)
    else:
        raise ValueError("unknown statement")
    return turn


def _free(st: MetroState, kind: CardKind, card_id: str) -> int:
    piles = {
        CardKind.LAW: [st.law_deck],
        CardKind.EQUIPMENT: [st.eq_deck, st.eq_disc, st.market, *st.equip],
        CardKind.QUEST: [st.q_deck, st.q_disc, *st.quests, *st.done],
    }[kind]
    return next(c for c in DECK[kind] if CARD[c] == card_id and any(c in p for p in piles))


def _cards(st: MetroState, word: str, seat: int, ids: list[str]) -> None:
    """Replace a seat's carried equipment, face-down or completed quests (freed cards return to
    their deck)."""
    if word == "equip":
        st.eq_deck.extend(st.equip[seat])
        st.equip[seat] = []
        kind, piles = CardKind.EQUIPMENT, [st.eq_deck, st.eq_disc, st.market]
    else:
        zone = st.quests if word == "quests" else st.done
        st.q_deck.extend(zone[seat])
        zone[seat] = []
        kind, piles = CardKind.QUEST, [st.q_deck, st.q_disc]
    for card_id in ids:
        card = next(c for c in DECK[kind] if CARD[c] == card_id and any(c in p for p in piles))
        for pile in piles:
            if card in pile:
                pile.remove(card)
        if word == "equip":
            st.equip[seat].append(card)
            st.show_all(card)
        elif word == "quests":
            st.quests[seat].append(card)
            st.show(card, seat)
        else:
            st.done[seat].append(card)
            st.show_all(card)
    if word == "equip":
        while len(st.market) < 4 and st.eq_deck:
            st.market.append(st.eq_deck.pop())
            st.show_all(st.market[-1])


def _start_turn(st: MetroState, kind: str, seat: int) -> MetroState:
    """The rest of the round from `kind`'s turn of `seat`: that phase from the seat on in turn
    order, the later phases, the end of round. The position goes through a save and load (which
    checks it, M33 invariants included) and then runs to its first decision."""
    n = st.metro.num_players
    order = [(st.first + i) % n for i in range(n)]
    at = order.index(seat)
    jobs: list[list[Any]] = []
    for phase in TURNS[TURNS.index(kind) :]:
        seats = order[at:] if phase == kind else order
        jobs += [[phase, p] for p in seats]
    jobs.append(["end_round"])
    st.decision = None
    st.agenda.clear()
    st.push(*jobs)
    fresh: MetroState = st.metro.deserialize(st.serialize())
    fresh.run()
    return fresh
