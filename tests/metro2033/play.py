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
