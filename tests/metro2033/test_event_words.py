"""Metro 2033's event texts in the box's words (issue 12): what the terminal and the logs print.

Seeded random games of every player count: no event text carries a station id, a card id, a
resource letter after an amount or a seat number once the draft is over; a faction's verb agrees
with its name ("the Bandits attack", "the Red Line attacks", names.py); the draft's lines name
the seat by its number (it has no faction yet), as the terminal's seat lines do.
"""

from __future__ import annotations

import re

import pytest

from warroom.core.rng import Rng
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.names import TITLE, conjugate, does, whose
from warroom.games.metro2033.words import Faction

STATION_IDS = frozenset(BOARD.ids)
CARD_ID = re.compile(r"\b(?:EQ|Q|BC|T1|T2|L)-[A-Z0-9/]+")
AMOUNT_LETTER = re.compile(r"\b\d+ ?[MPA]\b")
SEAT_NUMBER = re.compile(r"\bplayer \d")
DRAFT_KINDS = frozenset({"setup", "faction"})


def _events(players: int, seed: int) -> list[tuple[str, str, dict[str, object], list[str]]]:
    """(kind, text, data, each seat's faction then) of a seeded random game."""
    game = Metro2033Game(players=players, max_rounds=14)
    st = game.new_initial_state(seed)
    rng = Rng(seed)
    out = [(e.kind, e.text, dict(e.data), list(st.faction)) for e in st.events]
    while not st.is_terminal():
        options = st.legal_actions()
        events = st.apply_action(options[rng.below(len(options))])
        out += [(e.kind, e.text, dict(e.data), list(st.faction)) for e in events]
    return out


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_event_texts_name_stations_cards_resources_and_factions(players: int) -> None:
    seen: set[str] = set()
    for seed in range(4):
        for kind, text, data, factions in _events(players, seed):
            seen.add(kind)
            assert not CARD_ID.search(text), (kind, text)
            assert not AMOUNT_LETTER.search(text), (kind, text)
            ids = [w for w in re.findall(r"\b[A-Z][A-Z0-9]{1,4}\b", text) if w in STATION_IDS]
            assert not ids, (kind, text)
            if kind in DRAFT_KINDS:
                assert text.startswith(f"player {data['player']} "), text
            else:
                assert not SEAT_NUMBER.search(text), (kind, text)
            seat = data.get("player")
            if (
                isinstance(seat, int)
                and kind not in DRAFT_KINDS
                and factions[seat]
                and not text.startswith("you ")
            ):
                title = TITLE[factions[seat]]
                assert title in text, (kind, text)
    # the secret battle card's lines too (M33-HID-06: its words come from battle._card_said)
    assert {
        "attack",
        "battle",
        "capture",
        "income",
        "round",
        "move",
        "vote",
        "commit",
        "committed",
    } <= seen, sorted(seen)


@pytest.mark.parametrize("players", [3, 6])
def test_a_faction_verb_agrees_with_its_name(players: int) -> None:
    """The Bandits take a plural verb and "their"; the other five a singular one and "its"."""
    checked = {True: 0, False: 0}
    for seed in range(6):
        for kind, text, data, factions in _events(players, seed):
            seat = data.get("player")
            if not isinstance(seat, int) or kind in DRAFT_KINDS or not factions[seat]:
                continue
            title = TITLE[factions[seat]]
            if not text.startswith(title + " "):
                continue  # "the Red Line's army ...": the army is the subject
            verb = text[len(title) + 1 :].split()[0]
            plural = factions[seat] == Faction.BN
            assert verb.endswith("s") != plural, (kind, text)
            assert (" its " if plural else " their ") not in text, (kind, text)
            checked[plural] += 1
    assert checked[True] and checked[False], checked


def test_conjugation_and_seat_words() -> None:
    assert conjugate("attack", plural=False) == "attacks"
    assert conjugate("attack", plural=True) == "attack"
    assert conjugate("refresh", plural=False) == "refreshes"
    assert conjugate("pay", plural=False) == "pays"
    assert conjugate("carry", plural=False) == "carries"
    assert conjugate("have", plural=False) == "has"
    assert conjugate("blow up", plural=False) == "blows up"
    assert does(Faction.BN.value, 2, "capture") == "the Bandits capture"
    assert does(Faction.RL.value, 0, "capture") == "the Red Line captures"
    assert does("", 3, "lead") == "player 3 leads"
    assert whose(Faction.BN.value, 1) == "the Bandits'"
    assert whose(Faction.C05.value, 1) == "the Confederation of 1905's"
