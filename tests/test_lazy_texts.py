"""Lazy event texts (speed, issue 15): a rule may hand `TurnState.say` a text's template and parts,
`(template, *parts)`, and the text is formatted only when someone reads `event.text`.

The fingerprints and golden logs pin that every text reads as the rule's eager text did, read at
once after each step. Here: an event reads, compares, prints, copies and pickles as its words; a
text read long after its step (a replay, a log sent later) reads as it did at once, in every
game, so no part of a lazy text is the changing state; and a loud Memoir '44 playout whose
events nobody reads never words a unit.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import warroom
from warroom.core.game import Event, events_for, words
from warroom.core.rng import Rng
from warroom.games.memoir44 import places

# Run against the compiled build (docs/speed.md, "Session 17": the suite on the build), where
# `Event.__new__` checks that `data` is a dict, its declared type: an event's hash exists only for
# the undeclared `data=None`, so the hash checks are pure Python's alone.
COMPILED = warroom.core.game.__file__.endswith((".so", ".pyd"))


def _plural(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def test_a_lazy_text_reads_as_its_words() -> None:
    eager = Event("move", "2 units move", {"n": 2}, frozenset((1,)))
    formatted = Event("move", ("{} units {}", 2, "move"), {"n": 2}, frozenset((1,)))
    called = Event("move", (_plural, 2, "unit"), {"n": 2}, frozenset((1,)))
    assert formatted.text == eager.text == "2 units move"
    assert called.text == "2 units"
    assert words(("{0} and {0}", "a")) == "a and a" and words("plain") == "plain"
    assert formatted == eager and (formatted != eager) is False and called != eager
    assert formatted.to_json() == {"kind": "move", "text": "2 units move", "data": {"n": 2}}
    assert (
        repr(formatted)
        == repr(eager)
        == ("Event(kind='move', text='2 units move', data={'n': 2}, visible_to=frozenset({1}))")
    )
    assert formatted.is_visible_to(1) and not formatted.is_visible_to(0) and not formatted.is_visible_to(None)
    assert events_for([formatted, Event("x", ("{}", 1))], None) == [Event("x", "1")]
    # a copy or a pickle carries the words, no template
    for twin in (pickle.loads(pickle.dumps(formatted)), copy.deepcopy(formatted), copy.copy(called)):
        assert isinstance(twin, Event) and twin in (formatted, called)
        assert twin[1] in ("2 units move", "2 units")
    if not COMPILED:  # see COMPILED
        assert hash(Event("k", ("{}", 1), None)) == hash(Event("k", "1", None))


def test_an_event_equals_the_plain_tuple_of_its_words() -> None:
    """A plain tuple compares with an event's words (as the NamedTuple it replaced did), never
    with a lazy text's template, either way round, and hashes alike."""
    lazy = Event("move", ("{} units {}", 2, "move"), {"n": 2}, frozenset((1,)))
    plain = ("move", "2 units move", {"n": 2}, frozenset((1,)))
    assert lazy == plain and plain == lazy
    assert (lazy != plain) is False and (plain != lazy) is False
    assert lazy != ("move", ("{} units {}", 2, "move"), {"n": 2}, frozenset((1,)))
    assert lazy != ("move", "3 units move", {"n": 2}, frozenset((1,))) and lazy != "move"
    if not COMPILED:  # see COMPILED
        assert hash(Event("k", ("{}", 1), None)) == hash(("k", "1", None, None))


def _texts_at_once_and_late(game_id: str, options: dict[str, Any], seed: int) -> tuple[list[str], list[str]]:
    game = warroom.load(game_id, **options)
    state = game.new_initial_state(seed)
    rng = Rng(seed ^ 0x1A2)
    kept: list[Event] = []
    at_once: list[str] = []
    moves = 0
    while not state.is_terminal() and moves < 3000:
        options_now = state.legal_actions()
        events = state.apply_action(options_now[rng.below(len(options_now))])
        at_once += [event.text for event in events]
        kept += events
        # a clone played on must not touch the events already told
        if moves % 7 == 0 and not state.is_terminal():
            twin = state.clone()
            twin.apply_action(twin.legal_actions()[0])
        moves += 1
    return at_once, [event.text for event in kept]


CASES = [(game_id, {}) for game_id in warroom.games()] + [
    ("memoir44", {"scenario": "omaha-beach"}),
    ("memoir44", {"players": 4}),
    ("metro2033", {"players": 2}),
]


@pytest.mark.parametrize(("game_id", "options"), CASES, ids=[f"{g}-{o}" if o else g for g, o in CASES])
def test_texts_read_late_read_as_at_once(game_id: str, options: dict[str, Any]) -> None:
    for seed in range(3):
        at_once, late = _texts_at_once_and_late(game_id, options, seed)
        assert late == at_once, f"{game_id} seed {seed}: a text read late differs"
        assert at_once and all(isinstance(text, str) for text in at_once)


def test_a_memoir44_playout_nobody_reads_words_no_unit(monkeypatch: pytest.MonkeyPatch) -> None:
    worded: list[int] = []
    parts = places._unit_parts

    def counted(*args: Any, **kwargs: Any) -> tuple[str, str | None]:
        worded.append(args[3])
        return parts(*args, **kwargs)

    monkeypatch.setattr(places, "_unit_parts", counted)
    game = warroom.load("memoir44")
    state = game.new_initial_state(5)
    rng = Rng(5)
    told: list[Event] = []
    while not state.is_terminal():
        options = state.legal_actions()
        told += state.apply_action(options[rng.below(len(options))])
    units = [event for event in told if isinstance(event[1], tuple) and any(
        isinstance(part, places.EventUnit) for part in event[1][1:])]  # fmt: skip
    assert units and worded == [], "the events name units, and nobody read them"
    texts = [event.text for event in units]
    assert len(worded) >= len(units) and all(texts)
