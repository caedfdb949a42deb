"""Each seat's stations as a derived bit set (`MetroState.held`, speed issue 12): kept in step
with the tokens (`owner`) wherever a station changes hands, copied by a clone, not saved, rebuilt
on load and for a written position. The random-game checker asserts the same at every step
(invariants.check); these tests pin the places the index is made."""

from __future__ import annotations

import json

import pytest

from tests.metro2033.play import s, start
from warroom.agents.base import RandomAgent
from warroom.games.metro2033.game import Metro2033Game
from warroom.games.metro2033.invariants import check
from warroom.games.metro2033.rules.common import station_count, stations_of, vp
from warroom.games.metro2033.state import MetroState


def _bits(st: MetroState, seat: int) -> int:
    return sum(1 << x for x, owner in enumerate(st.owner) if owner == seat)


def _played(seed: int, decisions: int) -> MetroState:
    game = Metro2033Game(players=4)
    st = game.new_initial_state(seed)
    agents = [RandomAgent(seed * 10 + p) for p in range(4)]
    for _ in range(decisions):
        st.apply_action(agents[st.current_player()].choose(st))
    assert isinstance(st, MetroState)
    return st


def test_the_index_follows_every_capture_and_loss_of_a_random_game() -> None:
    """M33-CAP-03, M33-CAP-06: stations_of, station_count and vp read the index; each agrees
    with the tokens at every decision of two random games."""
    for seed in (0, 1):
        game = Metro2033Game(players=4)
        st = game.new_initial_state(seed)
        agents = [RandomAgent(seed * 10 + p) for p in range(4)]
        changed = 0
        before = list(st.owner)
        while not st.is_terminal():
            st.apply_action(agents[st.current_player()].choose(st))
            changed += st.owner != before
            before = list(st.owner)
            for seat in range(4):
                assert st.held[seat] == _bits(st, seat)
                assert stations_of(st, seat) == [x for x, o in enumerate(st.owner) if o == seat]
                assert station_count(st, seat) == st.owner.count(seat)
                assert vp(st, seat) == st.owner.count(seat) + len(st.done[seat])
        assert changed > 10  # stations did change hands


def test_a_clone_keeps_its_own_index_and_a_save_rebuilds_it() -> None:
    st = _played(3, 400)
    copy = st.clone()
    seat = next(p for p in range(4) if st.held[p])
    x = stations_of(st, seat)[0]
    copy.set_owner(x, -1)
    assert st.owner[x] == seat and st.held[seat] == _bits(st, seat)
    assert copy.held[seat] == _bits(copy, seat) != st.held[seat]
    doc = json.loads(st.serialize())
    assert "held" not in doc["state"]  # derived: never saved
    again = st.game.deserialize(st.serialize())
    assert isinstance(again, MetroState) and again.held == st.held
    check(again)


def test_the_index_is_checked_and_follows_set_owner() -> None:
    st = start(["RL", "BN"])
    home = stations_of(st, 0)
    st.set_owner(s("LUB"), 1)
    assert st.held[1] == _bits(st, 1) and s("LUB") in stations_of(st, 1)
    st.set_owner(home[0], 1)  # a token taken over: out of seat 0's set, into seat 1's
    assert stations_of(st, 0) == home[1:] and home[0] in stations_of(st, 1)
    check(st)
    st.owner[home[1]] = -1  # a token moved behind the index's back is caught by the invariants
    with pytest.raises(AssertionError, match="station index"):
        check(st)
