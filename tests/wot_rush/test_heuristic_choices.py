"""The World of Tanks: Rush heuristic's choices, position by position, and the search's own
playout loop (issue 15, session 12's speed work on the search's playouts).

`test_heuristic_choices_unchanged`: the heuristic (the search's playout policy) asked at every
position of seeded games of mixed play (each seat takes the heuristic's choice or, one time in
four, a random option, so the positions are not only the heuristic's own), 2, 3 and 4 players;
its choices hashed. Recorded before session 12's work (ce2412a). A changed scorer that picks
another option anywhere fails it.

`test_play_out_is_the_contract_loop`: `WotState.play_out`, the search's playout loop without
the contract's per-step checks, leaves the very state that the loop through `apply_action` does,
with the heuristic and with the random policy, muted as the search plays and loud.
"""

from __future__ import annotations

import hashlib

import pytest

import warroom
from warroom.agents import RandomAgent
from warroom.agents.mcts import determinise
from warroom.core.rng import Rng
from warroom.games.wot_rush.agents import HeuristicAgent

RECORDED = "df13ed6def57c0f4"
POSITIONS = 24_000


def heuristic_picks(positions: int = POSITIONS) -> tuple[list[str], int]:
    """The heuristic's choice (action text) at `positions` positions with two or more options."""
    picks: list[str] = []
    seed = 0
    while len(picks) < positions:
        game = warroom.load("wot_rush", players=2 + seed % 3)
        state = game.new_initial_state(seed)
        heuristic, rng = HeuristicAgent(seed), Rng(seed ^ 0x5EED)
        while not state.is_terminal() and len(picks) < positions:
            legal = state.legal_actions()
            action = heuristic.choose(state)
            if len(legal) > 1:
                picks.append(action.text)
                if rng.below(4) == 0:
                    action = legal[rng.below(len(legal))]
            state.apply_action(action)
        seed += 1
    return picks, seed


def test_heuristic_choices_unchanged() -> None:
    picks, games = heuristic_picks()
    assert games > 30, "the positions come from many games"
    assert len(set(picks)) > 200, "the positions ask for many different choices"
    digest = hashlib.sha256("\n".join(picks).encode()).hexdigest()[:16]
    assert digest == RECORDED, "the heuristic now chooses differently"


@pytest.mark.parametrize("policy", ["heuristic", "random"])
@pytest.mark.parametrize("muted", [True, False])
def test_play_out_is_the_contract_loop(policy: str, muted: bool) -> None:
    game = warroom.load("wot_rush", players=3)
    for seed in range(6):
        root = game.new_initial_state(seed)
        for _ in range(5 + 7 * seed):  # from a position a few decisions in
            root.apply_action(root.legal_actions()[0])
        for steps in (1, 40, 10_000):  # a cut playout, and one to the end
            world = determinise(root, root.current_player(), Rng(seed)) if muted else root.clone()
            fast, slow = world.clone(), world.clone()
            agents = [HeuristicAgent(seed) if policy == "heuristic" else RandomAgent(seed) for _ in range(2)]
            fast.play_out(agents[0].choose, steps)
            for _ in range(steps):
                if slow.is_terminal():
                    break
                slow.apply_action(agents[1].choose(slow))
            assert fast.serialize() == slow.serialize()
            assert fast.legal_actions() == slow.legal_actions()
            assert [str(e) for e in fast.events] == [str(e) for e in slow.events]
        assert fast.is_terminal(), "the longest playout reached the end"
