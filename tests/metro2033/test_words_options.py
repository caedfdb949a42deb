"""Every Metro 2033 option in a player's words (issue 12, "what a player sees is the product"):
in seeded games of each player count, every option of every decision met reads as the box does
(stations, factions, heroes and cards by name, resources as mushrooms, pigs and ammo, what is
paid) with no engine id or snake_case word in it, and the typed text is still what the engine
parses back."""

from __future__ import annotations

import random
import re

import pytest

from tests.metro2033.play import act, start
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.option_words import words
from warroom.games.metro2033.rules.turns import UPKEEP_COST
from warroom.games.metro2033.words import Faction, Hero

STATION_IDS = frozenset(BOARD.ids)
FACTION_IDS = frozenset(f.value for f in Faction)
HERO_IDS = frozenset(h.value for h in Hero)
CARD_ID = re.compile(r"\b(EQ|Q|BC|T1|T2|L)-[A-Z]+\b")
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
RESOURCE_LETTER = re.compile(r"\b[MPA]\b")


def engine_words(text: str) -> list[str]:
    """The engine ids and snake_case words in `text` (empty when it reads as the box does)."""
    found = [w for w in re.findall(r"[A-Z0-9]{2,}\w*", text) if w in STATION_IDS | FACTION_IDS | HERO_IDS]
    for pattern in (CARD_ID, SNAKE, RESOURCE_LETTER):
        found += [m.group(0) for m in pattern.finditer(text)]
    return found


def play_options(players: int, seed: int, steps: int = 1500) -> dict[str, set[str]]:
    """A seeded random game's options, worded, by decision kind; each typed text parses back."""
    game = Metro2033Game(players=players, max_rounds=12)
    st = game.new_initial_state(seed)
    rng = random.Random(seed)
    seen: dict[str, set[str]] = {}
    for _ in range(steps):
        if st.is_terminal():
            break
        options = st.legal_actions()
        assert st.decision is not None
        for a in options:
            described = game.describe_action(st, a)
            assert described == f"{a.text}  ({words(st, a)})"
            seen.setdefault(st.decision.kind, set()).add(words(st, a))
        pick = rng.choice(options)
        assert game.parse_action(st, pick.text) is pick  # the typed text is still accepted
        st.apply_action(pick)
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_option_of_seeded_games_has_words_without_engine_ids(players):
    kinds: set[str] = set()
    for seed in range(2):
        for kind, worded in play_options(players, seed).items():
            kinds.add(kind)
            for text in worded:
                assert text.strip(), kind
                assert not engine_words(text), (kind, text, engine_words(text))
    # the draft, both turns and battles are met in every count
    assert {"faction", "hero", "place", "upkeep", "recruit", "army", "act", "card"} <= kinds


def test_the_checker_finds_engine_words():
    """The check above can fail: it catches each kind of engine word."""
    assert engine_words("attack OKH") == ["OKH"]
    assert engine_words("lead RL") == ["RL"]
    assert engine_words("take EQ-AKM") == ["EQ-AKM"]
    assert engine_words("attack_hero") == ["attack_hero"]
    assert engine_words("gain 1 M") == ["M"]
    assert engine_words("take 1 mushroom (Taxation)") == []


def test_upkeep_and_recruit_say_what_is_paid():
    """M33-MOB-02/03/04: upkeep options name the army's strength and the pigs it costs; recruit
    options the strength gained and the price (1 ammo + 1 pig a step)."""
    st = start(["RL", "BN", "BA"], seed=3)
    while st.decision is not None and st.decision.kind != "upkeep":
        act(st, st.legal_actions()[0].text)
    assert st.decision is not None
    seat = st.decision.seat
    army = st.army[seat]
    assert UPKEEP_COST[army] == 0  # a starting army costs nothing (the army track, rb p. 3)
    worded = {a.text: words(st, a) for a in st.legal_actions()}
    assert worded[f"upkeep {army}"] == f"keep strength {army}, paying nothing"
    assert worded["upkeep 1"] == "cut your army to strength 1, paying nothing"
    act(st, f"upkeep {army}")
    worded = {a.text: words(st, a) for a in st.legal_actions()}
    assert worded["recruit 0"] == "recruit no one"
    assert worded["recruit 1"] == "army +1 strength for 1 ammo + 1 pig"


def test_plain_options_read_by_the_decision_they_answer():
    """`done` and `pass` are worded by the pending decision (the market, a battle, the army)."""
    st = start(["RL", "BN"], seed=1)
    while st.decision is not None and st.decision.kind != "army":
        act(st, st.legal_actions()[0].text)
    worded = {a.text: words(st, a) for a in st.legal_actions()}
    assert worded["pass"] == "the army does nothing this turn"
    assert worded["gather M"] == "the army gathers mushrooms"
