"""The tables SiegeGame builds once for the hot path (setup piles, starting placements, option
lists handed to the contract's cache) agree with the content and with listing the options anew."""

from __future__ import annotations

import inspect
import json

import pytest

from tests.siege.conftest import new_game, texts
from warroom.core.rng import Rng
from warroom.games.siege.actions import ARRANGEMENTS
from warroom.games.siege.board import SECTORS, space
from warroom.games.siege.game import SiegeGame
from warroom.games.siege.rules import dispatch
from warroom.games.siege.words import STARTING_VEHICLES, Ring


@pytest.mark.parametrize("simple_battles", [False, True])
def test_setup_piles_partition_the_tokens(simple_battles: bool) -> None:
    """SG-SETUP-04/08, SG-OPTB-02: starting vehicles, reserve and removed tokens are all 49, once."""
    game = SiegeGame(players=4, simple_battles=simple_battles)
    starting = [tid for tids in game.start_vehicles.values() for tid in tids]
    assert sorted([*starting, *game.start_reserve, *game.start_removed]) == list(range(49))
    assert len(game.start_removed) == (11 if simple_battles else 0)
    assert len(game.start_deck) == 49


def test_starting_placements_follow_the_arrangement() -> None:
    """SG-SETUP-04, D-02: each arrangement puts the named kind in each aviation space at full armour."""
    game = SiegeGame(players=4)
    content = game.content
    assert len(game.start_places) == len(ARRANGEMENTS) == 60
    for arrangement, places in zip(ARRANGEMENTS, game.start_places, strict=True):
        assert [sp for _, sp, _ in places] == [space(s, Ring.AVIATION) for s in SECTORS]
        for kind, (tid, _, armour) in zip(arrangement, places, strict=True):
            token = content.tokens[content.token_kind_of[tid]]
            assert token.kind == kind and armour == token.armour
        assert sorted(tid for tid, _, _ in places) == sorted(
            tid for kind, n in STARTING_VEHICLES.items() for tid in content.token_ids(kind)[:n]
        )


def test_options_listed_eagerly_equal_a_fresh_listing() -> None:
    """Decisions whose options are listed when asked (swap, trade, answer, play) offer exactly what
    listing them again from the position gives."""
    game = SiegeGame(players=4)
    rng = Rng(5)
    for seed in range(20):
        st = game.new_initial_state(seed)
        while not st.is_terminal():
            listed = texts(st)
            assert listed == [a.text for a in dispatch.legal(st)]
            st.apply_action(rng.choice(st.legal_actions()))


def test_a_saved_seat_is_read_as_an_int() -> None:
    """A save's decision seat comes back as an int, as current_player promises."""
    st = new_game(3)
    doc = json.loads(st.serialize())
    doc["state"]["decision"][1] = float(doc["state"]["decision"][1])
    again = SiegeGame().deserialize(json.dumps(doc))
    assert again.current_player() == st.current_player()
    assert type(again.current_player()) is int


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"players": 1},
        {"players": 6, "mode": "shoulder_to_shoulder", "running_out_of_supplies": True},
        {"players": 3, "mode": "field_marshal", "all_for_one": True},
    ],
)
def test_the_rules_facts_are_the_games_tables(options: dict[str, object]) -> None:
    """`SiegeGame.facts` (what the rules read on every step, facts.py) holds the game's own tables
    and the options and token facts they stand for, and every state and clone reads that one."""
    game = SiegeGame(**options)
    facts = game.facts
    # its attributes as data descriptors: slots in pure Python, getters of a native class on the
    # compiled build (which has no `__slots__`), so the test reads the same on both
    fields = [n for n, v in vars(type(facts)).items() if inspect.isdatadescriptor(v) and n[0] != "_"]
    same = [name for name in fields if hasattr(game, name)]
    assert len(same) > 25
    for name in same:
        assert getattr(facts, name) is getattr(game, name), name
    table, content = game.table, game.content
    for name in ("pass_", "refuse", "swap", "offer", "give", "hit", "target"):
        assert getattr(facts, name) is getattr(table, name), name
    assert facts.precise_shot is table.precise
    assert facts.token_kind_of is content.token_kind_of
    assert facts.token_kind == tuple(t.kind for t in content.tokens)
    assert facts.token_armour == tuple(t.armour for t in content.tokens)
    assert facts.shoulder_to_shoulder == (options.get("mode") == "shoulder_to_shoulder")
    assert facts.supplies_run_out == bool(options.get("running_out_of_supplies"))
    state = game.new_initial_state(3)
    assert state.facts is facts and state.clone().facts is facts
