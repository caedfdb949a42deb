"""Edge cases of the engine contract, exercised on the toy game (tests/toygame.py)."""

from __future__ import annotations

import importlib
import json

import pytest

import warroom
from tests.toygame import PLAY, ToyGame, ToyState, register_toy
from warroom import core
from warroom.core import CorruptDataError, IllegalActionError, OptionError, OptionSpec, Rng, events_for
from warroom.core.checker import CheckStats, check_random_game


def played_state(seed: int = 3, moves: int = 2) -> ToyState:
    state = ToyGame().new_initial_state(seed)
    for _ in range(moves):
        state.apply_action(state.legal_actions()[0])
    return state


def not_in_hand(state: ToyState) -> str:
    hand = state.hands[state.current_player()]
    return next(action.text for value, action in PLAY.items() if value not in hand)


# -- illegal actions ------------------------------------------------------------------


def test_illegal_action_object_leaves_state_unchanged() -> None:
    state = played_state()
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="not a legal action"):
        state.apply_action(PLAY[int(not_in_hand(state).split()[1])])
    assert state.serialize() == before


@pytest.mark.parametrize("text", ["", "play 9", "fold", "play"])
def test_illegal_action_text_leaves_state_unchanged(text: str) -> None:
    state = played_state()
    before = state.serialize()
    with pytest.raises(IllegalActionError, match="legal: play"):
        state.apply_action(text)
    assert state.serialize() == before


def test_no_action_is_legal_after_the_end() -> None:
    state = ToyGame().new_initial_state(1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[-1])
    before = state.serialize()
    assert state.legal_actions() == [] and state.current_player() == -1
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(PLAY[1])
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action("play 1")
    assert state.serialize() == before


# -- action text -----------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_every_legal_action_parses_back_to_itself(seed: int) -> None:
    game = ToyGame(players=3)
    state = game.new_initial_state(seed)
    while not state.is_terminal():
        for action in state.legal_actions():
            assert game.parse_action(state, str(action)) is action
            assert game.parse_action(state, f"  {action.text.upper()}  ") is action
        state.apply_action(state.legal_actions()[seed % len(state.legal_actions())])


# -- options ---------------------------------------------------------------------------


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(OptionError, match="valid options: players, target, coop"):
        ToyGame(colour="red")


def test_option_out_of_range_names_the_choices() -> None:
    with pytest.raises(OptionError, match="choose one of: 2, 3"):
        ToyGame(players=4)


def test_option_of_the_wrong_type_is_rejected() -> None:
    with pytest.raises(OptionError, match="must be a bool"):
        ToyGame(coop="yes")


@pytest.mark.parametrize(("text", "value"), [("true", True), ("Off", False), ("1", True), ("no", False)])
def test_option_spec_parses_command_line_booleans(text: str, value: bool) -> None:
    assert ToyGame.info.option("coop").parse(text) is value


@pytest.mark.parametrize(("spec", "text"), [("coop", "maybe"), ("target", "ten"), ("target", "8")])
def test_option_spec_rejects_bad_text(spec: str, text: str) -> None:
    with pytest.raises(OptionError, match=spec):
        ToyGame.info.option(spec).parse(text)


def test_option_spec_without_choices_checks_the_type() -> None:
    spec = OptionSpec("rounds", 3, "how many rounds")
    assert spec.parse("7") == 7
    with pytest.raises(OptionError, match="must be a int"):
        spec.validate(2.5)


def test_unknown_game_lists_the_known_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)
    assert core.games() == ["toy"]
    assert warroom.load("toy", target=7).options == {"players": 2, "target": 7, "coop": False}
    with pytest.raises(OptionError, match="known games: toy"):
        warroom.load("chess")


def test_warroom_games_stays_callable_once_the_games_package_is_imported() -> None:
    # The registry imports warroom.games (BUILTIN_GAMES); Python sets a subpackage as an attribute
    # of its parent, which must not shadow the `games()` function.
    importlib.import_module("warroom.games")
    assert callable(warroom.games)


# -- saves -----------------------------------------------------------------------------


def test_serialize_round_trips_exactly_and_keeps_playing_the_same() -> None:
    game = ToyGame()
    state = played_state(seed=11)
    again = game.deserialize(state.serialize())
    assert again.serialize() == state.serialize()
    while not state.is_terminal():
        action = state.legal_actions()[0]
        assert state.apply_action(action) == again.apply_action(action)
    assert again.serialize() == state.serialize()


def corrupt_variants() -> list[tuple[str, str]]:
    doc = json.loads(played_state().serialize())
    wrong_game = {**doc, "game": "chess"}
    wrong_options = {**doc, "options": {**doc["options"], "target": 7}}
    no_deck = {**doc, "state": {k: v for k, v in doc["state"].items() if k != "deck"}}
    extra_card = {**doc, "state": {**doc["state"], "deck": [*doc["state"]["deck"], 4]}}
    bad_hands = {**doc, "state": {**doc["state"], "hands": [[1, 2]]}}
    return [
        ("{not json", "corrupt toy save"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps(wrong_game), "not 'toy'"),
        (json.dumps(wrong_options), "options"),
        (json.dumps(no_deck), "KeyError"),
        (json.dumps(extra_card), "16 cards"),
        (json.dumps(bad_hands), "1 hands for 2 players"),
    ]


@pytest.mark.parametrize(("text", "reason"), corrupt_variants())
def test_corrupt_save_raises_corrupt_data_error(text: str, reason: str) -> None:
    with pytest.raises(CorruptDataError, match=reason):
        ToyGame().deserialize(text)


# -- hidden information ----------------------------------------------------------------


def test_private_events_reach_only_their_seat() -> None:
    state = ToyGame().new_initial_state(4)
    events = state.apply_action(state.legal_actions()[0])
    kinds = {player: [e.kind for e in events_for(events, player)] for player in (None, 0, 1)}
    assert kinds == {None: ["play"], 0: ["play", "draw"], 1: ["play"]}


def test_views_hide_the_other_hands() -> None:
    state = ToyGame().new_initial_state(4)
    assert state.view(0)["hand"] == sorted(state.hands[0])
    assert state.view(None)["hand"] is None
    assert "hands" not in json.dumps(state.view(1))


# -- determinism -----------------------------------------------------------------------


def test_rng_matches_the_splitmix64_reference_stream() -> None:
    rng = Rng(0)
    assert [rng.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_rng_is_deterministic_and_copies_are_independent() -> None:
    first, second = Rng(42), Rng(42)
    assert [first.below(6) for _ in range(50)] == [second.below(6) for _ in range(50)]
    copy = first.copy()
    assert [copy.die() for _ in range(20)] == [first.die() for _ in range(20)]
    items, same = list(range(20)), list(range(20))
    Rng(9).shuffle(items)
    Rng(9).shuffle(same)
    assert items == same != list(range(20))


def test_rng_below_stays_in_range_and_rejects_empty_ranges() -> None:
    rng = Rng(5)
    assert {rng.below(3) for _ in range(300)} == {0, 1, 2}
    assert all(1 <= rng.die(20) <= 20 for _ in range(300))
    with pytest.raises(ValueError, match="n > 0"):
        rng.below(0)


def test_same_seed_and_actions_give_the_same_game() -> None:
    game = ToyGame(players=3)
    a, b = game.new_initial_state(8), game.new_initial_state(8)
    while not a.is_terminal():
        action = a.legal_actions()[-1]
        assert a.apply_action(action) == b.apply_action(action.text)
        assert a.serialize() == b.serialize()
    assert game.new_initial_state(9).serialize() != game.new_initial_state(8).serialize()


# -- the generic checker ---------------------------------------------------------------


@pytest.mark.parametrize("options", [{}, {"players": 3}, {"coop": True, "target": 7}])
def test_random_game_checker_passes_on_200_seeds(options: dict[str, object]) -> None:
    game = ToyGame(**options)
    stats = CheckStats()
    for seed in range(200):
        check_random_game(game, seed, stats=stats)
    assert stats.games == 200 and 0 < stats.longest <= game.info.max_decisions
