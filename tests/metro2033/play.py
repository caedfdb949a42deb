"""Helpers for Metro 2033 rule tests: start a game with a given draft, act by action text, and
steer a game to a decision with a fixed, rules-legal policy. Positions are then shaped by
setting the public fields the state declares (owner, res, army, hero_at ...) and running jobs,
and each test says which rule IDs it checks."""

from __future__ import annotations

from typing import Any

from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import CardKind, Faction

EQ, QUEST = CardKind.EQUIPMENT, CardKind.QUEST  # the kinds of card `give` hands out


def s(sid: str) -> int:
    return BOARD.station(sid)


def start(factions: list[str], heroes: list[str] | None = None, seed: int = 0, **options: Any) -> MetroState:
    """A game whose seat i drafted factions[i] and heroes[i] (seat 0 first), heroes on their first
    home station; stopped at the first decision of round 1."""
    n = len(factions)
    game = Metro2033Game(players=n, first_player=0, **options)
    st = game.new_initial_state(seed)
    for f in factions:
        if st.decision is not None and st.decision.kind == "faction":  # the last pick may be forced
            act(st, f"faction {f}")
    assert st.faction == factions, f"drafted {st.faction}"
    heroes = heroes or ["ART", "KHN", "MEL", "SAS", "ANN", "HUN"][:n]
    for k in range(n):
        seat = (0 - 1 - k) % n
        if st.decision is not None and st.decision.kind == "hero":
            act(st, f"hero {heroes[seat]}")
        act(st, f"place {BOARD.ids[BOARD.homes(_faction(st, seat))[0]]}")
    assert st.hero == heroes, f"heroes {st.hero}"
    return st


def _faction(st: MetroState, seat: int) -> Faction:
    return Faction(st.faction[seat])


def act(st: MetroState, text: str) -> None:
    """Apply the legal action named `text` (as a player would type it)."""
    st.apply_action(st.game.parse_action(st, text))


def texts(st: MetroState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def card(card_id: str, kind: CardKind) -> int:
    """The first instance of a card id in its deck."""
    return next(c for c in DECK[kind] if CARD[c] == card_id)


def take_out(st: MetroState, instance: int) -> None:
    """Remove a card instance from whatever pile holds it (to hand it to a player in a test)."""
    for pile in (st.eq_deck, st.eq_disc, st.market, st.q_deck, st.q_disc, st.t_deck, st.t_disc, st.t2_deck,
                 st.law_deck, *st.equip, *st.quests, *st.done, *st.scouts):  # fmt: skip
        if instance in pile:
            pile.remove(instance)
            return
    raise AssertionError(f"card {instance} is in no pile")


def advance(st: MetroState, until: str, seat: int | None = None, limit: int = 2000) -> None:
    """Take the first listed option until the pending decision is of kind `until` (for `seat`)."""
    for _ in range(limit):
        d = st.decision
        assert d is not None, "the game ended first"
        if d.kind == until and (seat is None or d.seat == seat):
            return
        st.apply_action(st.legal_actions()[0])
    raise AssertionError(f"no {until} decision within {limit} steps")


def run_jobs(st: MetroState, *jobs: list[Any]) -> None:
    """Drop the pending decision and run `jobs` on top of the agenda (then the round goes on).
    The engine's cached options belong to the dropped decision, so they go too."""
    st.decision = None
    st._legal = None  # the one private field a test helper touches: the cache of the dropped decision
    st.push(*jobs)
    st.run()


def top_threat(st: MetroState, card_id: str) -> int:
    """Put a card of the current stage's threat deck on top of it."""
    kind = CardKind.THREAT_I if st.stage == 1 else CardKind.THREAT_II
    instance = next(c for c in DECK[kind] if CARD[c] == card_id and (c in st.t_deck or c in st.t_disc))
    take_out(st, instance)
    st.t_deck.append(instance)
    return instance


def give(st: MetroState, seat: int, card_id: str, kind: CardKind) -> int:
    """Move a free card (from a deck, discard or the market) to a seat's hero or quests."""
    piles = (st.eq_deck, st.eq_disc, st.market) if kind == CardKind.EQUIPMENT else (st.q_deck, st.q_disc)
    instance = next(c for c in DECK[kind] if CARD[c] == card_id and any(c in p for p in piles))
    take_out(st, instance)
    (st.equip if kind == CardKind.EQUIPMENT else st.quests)[seat].append(instance)
    st.show(instance, seat)
    return instance


def deal(st: MetroState, attacker: str, defender: str) -> None:
    """Rig the dealt battle cards so the attacker's hand holds `attacker` and the defender's
    `defender` (the pending decision must be the secret card choice)."""
    assert st.decision is not None and st.decision.kind == "card"
    cards = list(DECK[CardKind.BATTLE])
    a = next(c for c in cards if CARD[c] == attacker)
    d = next(c for c in cards if CARD[c] == defender)
    rest = [c for c in cards if c not in (a, d)]
    st.bhand = [[a, *rest[0:2]], [d, *rest[2:4]], [rest[4]]]
    st.forget(cards)
    for card in st.bhand[0]:
        st.show(card, int(st.bt["aseat"]))
    for card in st.bhand[1]:
        st.show(card, int(st.bt["dseat"]))
    st._legal = None  # the options listed from the replaced hands


def commit_cards(st: MetroState, attacker: str, defender: str) -> None:
    deal(st, attacker, defender)
    a, d = int(st.bt["aseat"]), int(st.bt["dseat"])
    st.commit(a, f"card {attacker}")
    st.commit(d, f"card {defender}")
    settle(st)


def owners(st: MetroState, seat: int, *sids: str) -> None:
    """Give `seat` exactly the stations `sids` (all its other tokens removed)."""
    for i, owner in enumerate(st.owner):
        if owner == seat:
            st.set_owner(i, -1)
    for sid in sids:
        st.set_owner(s(sid), seat)


def settle(st: MetroState) -> None:
    """Pass every W-BATTLE turn (nobody plays an effect)."""
    while st.decision is not None and st.decision.kind == "wb":
        act(st, "done")
