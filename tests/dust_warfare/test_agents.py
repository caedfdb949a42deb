"""The `heuristic` Dust Warfare agent (warroom/games/dust_warfare/agents.py): each habit the module
docstring promises, on a hand-built First Battle position (notation: position.py), and whole
games against the random agent that end with every choice legal.

Positions: the Allies (seat 0) hold the south edge; u0 The Boss, u1 The Gunners, u2 Assault
Rangers, u4 the Pounder walker; the Axis u5 Kommandotrupp, u6 Laser Grenadiers, u9 the Luther
walker (V3). Units not listed are destroyed.
"""

from __future__ import annotations

import math

import pytest

from warroom.agents.base import RandomAgent
from warroom.games.dust_warfare.agents import HeuristicAgent
from warroom.games.dust_warfare.game import DustWarfareGame
from warroom.games.dust_warfare.state import DustState


def position(body: str, seed: int = 1) -> DustState:
    return DustWarfareGame.from_position("options heroes=false\nedges south north\n" + body, seed)


def activate(st: DustState, unit: str) -> None:
    """Activate a unit (a lone unit to activate is activated by the engine, DW-ACT-01)."""
    if st.decision is not None and st.decision[0] == "activate":
        st.apply_action(st.game.parse_action(st, f"unit {unit}"))


def test_it_regroups_the_most_suppressed_unit() -> None:
    """DW-CMD-07: of two suppressed units, the one with more markers is regrouped first; with no
    suppressed unit it keeps its orders (stop)."""
    st = position(
        """turn 1 phase command initiator 0 orders 2 2
u0 : 30,6 28,6 32,6 34,6
u1 supp=2 : 30,10 28,10 32,10 26,10 34,10
u2 supp=1 : 40,10 38,10 42,10 36,10 44,10
u6 : 30,40 28,40 32,40 26,40 34,40
"""
    )
    assert HeuristicAgent(1).choose(st).text == "regroup u1"
    calm = position(
        """turn 1 phase command initiator 0 orders 2 2
u0 : 30,6 28,6 32,6 34,6
u1 : 30,10 28,10 32,10 26,10 34,10
u6 : 30,40 28,40 32,40 26,40 34,40
"""
    )
    assert HeuristicAgent(1).choose(calm).text == "stop"


def test_it_concentrates_fire_on_the_hurt_target() -> None:
    """Two Axis squads stand at the same distance from the Gunners; the one already suppressed and
    with a loss is the target (DW-ATK-05 dice equal)."""
    st = position(
        """turn 1 phase units initiator 0 orders 0 0
u1 : 30,10 28,10 32,10 26,10 34,10
u6 supp=1 : 20,30 18,30 22,30 16,30 -
u7 : 40,30 38,30 42,30 36,30 44,30
"""
    )
    activate(st, "u1")
    options = {a.text for a in st.legal_actions()}
    assert {"fire u6", "fire u7"} <= options
    assert HeuristicAgent(1).choose(st).text.startswith("fire u6")


def test_a_soldier_moves_toward_the_objective_by_a_legal_exact_proposal() -> None:
    """With nothing in range, the Gunners march (far from the Mill) and their proposal ends nearer
    the Mill (36, 24), within the doubled allowance and accepted by the engine's predicate."""
    st = position(
        """turn 1 phase units initiator 0 orders 0 0
u1 : 30,4 28,4 32,4 26,4 34,4
u6 : 60,44 58,44 62,44 56,44 64,44
"""
    )
    agent = HeuristicAgent(1)
    activate(st, "u1")
    action = agent.choose(st)
    assert action.text == "march"
    st.apply_action(action)
    proposal = agent.choose(st)
    assert proposal.verb == "place" and st.is_legal(proposal)
    x, y = proposal.part("at")
    assert math.hypot(x - 36, y - 24) < math.hypot(30 - 36, 4 - 24) - 6
    assert math.hypot(x - 30, y - 4) <= 12 + 1e-6


def test_it_keeps_out_of_range_of_what_it_cannot_hurt() -> None:
    """The Gunners' rifles, BARs, grenades and fists have no dice against a V3 walker (§3.21.3),
    while the Luther's guns hurt them: a spot within its reach scores lower than one as far from
    the objective but out of its reach."""
    st = position(
        """turn 1 phase units initiator 0 orders 0 0
u1 : 36,10 34,10 38,10 32,10 40,10
u9 : 36,44/270
"""
    )
    agent = HeuristicAgent(1)
    goal = (36.0, 24.0)
    near = agent._score(st, 1, (36.0, 16.0), goal, [9])
    st_far = position(
        """turn 1 phase units initiator 0 orders 0 0
u1 : 36,10 34,10 38,10 32,10 40,10
u9 : 36,47/270
"""
    )
    assert near == pytest.approx(agent._score(st_far, 1, (36.0, 16.0), goal, [9]))  # both in reach
    out_of_reach = position(
        """turn 1 phase units initiator 0 orders 0 0
u1 : 36,10 34,10 38,10 32,10 40,10
u9 : 71,47/270
"""
    )
    assert agent._score(out_of_reach, 1, (36.0, 16.0), goal, [9]) > near


def test_it_fires_back_or_hits_the_dirt() -> None:
    """DW-REA-04/09: attacked by the Laser Grenadiers, the Gunners fire back at them when they can
    roll dice; out of their own range they Hit the Dirt."""
    st = position(
        """turn 1 phase units initiator 1 orders 0 0 side 1
u1 : 30,10 28,10 32,10 26,10 34,10
u6 : 30,30 28,30 32,30 26,30 34,30
"""
    )
    agent = HeuristicAgent(1)
    activate(st, "u6")
    st.apply_action(st.game.parse_action(st, "fire u1"))
    assert st.decision is not None and st.decision[0] == "react"
    assert agent.choose(st).text == "react u1 fire"


def test_hits_spare_the_leader() -> None:
    """DW-ATK-08: any miniature may take a hit; the agent never gives it to the Unit Leader by
    choice."""
    st = position(
        """turn 1 phase units initiator 0 orders 0 0
u4 : 30,8/90
u6 : 30,18 28,18 32,18 26,18 34,18
""",
        seed=3,
    )
    agent = HeuristicAgent(3)
    chosen = []
    for _ in range(400):
        if st.is_terminal() or st.turn > 1:
            break
        action = agent.choose(st)
        if st.decision is not None and st.decision[0] == "hit" and st.attack and st.attack["target"] == 6:
            chosen.append(int(action.part("model")))
            assert len(st.legal_actions()) == 1 or action.part("model") != st.leader[6]
        st.apply_action(action)
    assert chosen, "the Pounder never hit the squad"


@pytest.mark.parametrize("seed", [0, 1])
def test_whole_games_against_random_are_legal_and_end(seed: int) -> None:
    """Every choice of a whole First Battle is legal (apply_action would refuse it), sides
    alternating with the seed; the game ends after turn 5 (DW-FB-05), or earlier when a side has
    no units left (DW-TURN-03)."""
    game = DustWarfareGame()
    st = game.new_initial_state(seed)
    me = seed % 2
    agents = {me: HeuristicAgent(seed), 1 - me: RandomAgent(seed + 100)}
    for _ in range(game.info.max_decisions):
        if st.is_terminal():
            break
        st.apply_action(agents[st.current_player()].choose(st))
    assert st.is_terminal() and (st.turn == 5 or st.loser >= 0)  # DW-FB-05, or DW-TURN-03


def test_fl_08_it_goes_through_for_breakthrough() -> None:
    """DW-FL-08: in Front Lines the last turn's SP are the AP of units within 12" of the enemy's
    long edge. The Gunners, 20" from the north edge with nothing to shoot (the only enemy far
    behind them), march into that band (a Move would fall short) rather than toward the enemy,
    and score their AP; a unit already in the band holds."""
    from warroom.games.dust_warfare.rules.scoring import breakthrough

    def front_lines(y: int) -> DustState:
        return DustWarfareGame.from_position(
            f"""options scenario=front_lines
edges south north
turn 6 phase units initiator 0 orders 0 0
u1 : 30,{y} 28,{y} 32,{y} 26,{y} 34,{y}
u5 : 66,4 64,4 68,4 62,4
""",
            1,
        )

    st = front_lines(28)
    assert breakthrough(st, 0, 12.0) == 0
    agent = HeuristicAgent(1)
    activate(st, "u1")
    action = agent.choose(st)
    assert action.text == "march"
    st.apply_action(action)
    st.apply_action(agent.choose(st))
    assert breakthrough(st, 0, 12.0) == st.unit(1).ap > 0
    held = front_lines(38)
    activate(held, "u1")
    assert agent.choose(held) == held.game.actions.stop
