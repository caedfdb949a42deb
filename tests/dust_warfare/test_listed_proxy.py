"""An exact placement's listed stand-in (DW-GEO-17, `Game.listed_proxy`): at each stage of a
placement the game names the listed option nearest an exact proposal, so that a learning
environment's discrete space can show an agent that proposes coordinates off the lattice
(behaviour cloning of the heuristic, examples/behaviour_cloning.py)."""

from __future__ import annotations

import math

import warroom
from warroom.core.game import Action
from warroom.games.dust_warfare.actions import Verb, read_place
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.game import DustWarfareGame
from warroom.games.dust_warfare.rules import placement
from warroom.games.dust_warfare.state import DustState


def _first_proposal(st: DustState, agent: HeuristicAgent, skip: int = 0) -> tuple[DustState, Action]:
    """Play the heuristic's listed choices until it proposes coordinates off the lattice."""
    while True:
        action = agent.choose(st)
        if action.index < 0:
            if skip == 0:
                return st, action
            skip -= 1
        st.apply_action(action)


def test_geo_17_the_stages_proxies_land_on_the_candidate_nearest_a_proposal() -> None:
    """DW-GEO-17: the region holding the proposal's Unit Leader, the listed lattice point nearest
    it, then the template or facing: each proxy is listed at its stage, and the unit stands with
    its leader near where the heuristic proposed (a proxy that took the first listed option would
    put it elsewhere along the zone)."""
    game = DustWarfareGame(scenario="first_battle")
    table = game.actions
    agent = HeuristicAgent(7)
    for skip in range(3):  # three deployments in a row
        st, proposal = _first_proposal(game.new_initial_state(1_000_000), agent, skip)
        target = read_place(proposal.text)
        assert target is not None and st.placing is not None
        u = st.placing["unit"]
        lx, ly = target.centres[0]
        verbs = []
        while st.placing is not None and st.placing["unit"] == u:
            legal = st.legal_actions()
            stand_in = game.listed_proxy(st, proposal)
            assert stand_in is not None and stand_in in legal
            home = table.region[table.region_of(lx, ly)]
            if stand_in.verb == Verb.REGION and home in legal:  # else a neighbour: no candidate there
                assert stand_in is home
            if stand_in.verb == Verb.AT:
                points = [a.part("to") for a in legal if a.verb == Verb.AT]
                nearest = min(math.hypot(x - lx, y - ly) for x, y in points)
                x, y = stand_in.part("to")
                assert math.hypot(x - lx, y - ly) == nearest
            verbs.append(stand_in.verb)
            st.apply_action(stand_in)
            if stand_in.verb in (Verb.SHAPE, Verb.FACE):
                break
        assert verbs[:2] == [Verb.REGION, Verb.AT]
        lead = st.base(u, placement.order(st, u)[0])
        assert math.hypot(lead.x - lx, lead.y - ly) <= 2.0


def test_geo_17_no_proxy_for_a_listed_action_or_outside_a_placement() -> None:
    """Only an exact proposal asked for at a placement has a proxy; a listed action has none (it
    is its own index), and a game without parametric actions names none (the contract's default)."""
    game = warroom.load("dust_warfare", scenario="first_battle")
    st = game.new_initial_state(3)
    assert game.listed_proxy(st, st.legal_actions()[0]) is None
    siege = warroom.load("siege", players=2)
    sst = siege.new_initial_state(0)
    assert siege.listed_proxy(sst, sst.legal_actions()[0]) is None
