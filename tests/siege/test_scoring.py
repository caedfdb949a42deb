"""Trophies (SG-TROPHY-01..03), scoring (SG-SCORE-01..05) and Shoulder to Shoulder (SG-S2S-01)."""

from __future__ import annotations

import pytest

from tests.siege.conftest import enemy, enemy_id, kinds, pos


@pytest.mark.parametrize(
    ("hand", "action"),
    [
        ("red_tank", "play red_tank"),
        ("counter_red", "play counter_red"),
        ("precise_shot any_tank", "play precise_shot+any_tank"),
        ("il2", "play il2"),
    ],
)
def test_card_kill_gives_trophy_to_the_player(hand, action):
    """SG-TROPHY-01: the player whose card effect destroys an enemy (final strike or Counterattack
    damage, Precise Shot, IL-2) keeps it as a trophy."""
    state = pos(f"""
        players 3
        active 2
        hand 2: {hand} hedgehogs
        enemy 1 tank tiger 1
        enemy 4 aviation sdkfz
    """)
    tiger = enemy_id(state, "tiger", 1, "tank")
    events = state.apply_action(f"{action} t{tiger}")
    assert enemy(state, tiger) is None
    assert state.view(None)["trophies"] == [[], [], ["tiger"]]
    assert "tiger" not in state.view(None)["enemy_discard"]
    assert "trophy" in kinds(events)


def test_other_kills_go_to_the_enemy_discard():
    """SG-TROPHY-02: enemies destroyed by a fortification, a building or the He-111 go to the enemy
    discard pile; nobody gets a trophy."""
    state = pos("""
        players 2
        forts 1 2 3 5 6
        hand 0: hedgehogs
        enemy 3 tank sdkfz
        enemy 4 tank pz3 1
        enemy 2 rear tiger
        reserve: he111 sdkfz
        dice: 2 1
        trophies 0:
    """)
    before = len(state.view(None)["enemy_discard"])
    events = state.apply_action("pass")
    causes = sorted(e.data["cause"] for e in events if e.kind == "destroyed")
    assert causes == ["building 4's collapse", "the He-111", "the fortification"]
    view = state.view(None)
    assert view["trophies"] == [[], []]
    assert len(view["enemy_discard"]) == before + 4  # the 3 enemies and the He-111 token
    assert {"sdkfz", "pz3", "tiger"} <= set(view["enemy_discard"][before:])


def test_no_trophies_in_shoulder_to_shoulder():
    """SG-TROPHY-03, SG-S2S-01: in Shoulder to Shoulder a card kill goes to the enemy discard pile,
    nobody takes trophies or scores, and a win ranks nobody."""
    state = pos("""
        players 2
        mode shoulder_to_shoulder
        hand 0: green_aviation green_aviation il2
        enemy 3 aviation pz3
        enemy 4 artillery tiger
        reserve:
    """)
    pz3, tiger = enemy_id(state, "pz3", 3, "aviation"), enemy_id(state, "tiger", 4, "artillery")
    before = len(state.view(None)["enemy_discard"])
    state.apply_action(f"play il2 t{tiger}")
    state.apply_action(f"play green_aviation t{pz3}")
    events = state.apply_action(f"play green_aviation t{pz3}")
    view = state.view(None)
    assert "trophy" not in kinds(events)
    assert view["trophies"] == [[], []] and view["scores"] == [0, 0]
    assert view["enemy_discard"][before:] == ["tiger", "pz3"]
    assert view["result"] == "won" and view["ranking"] is None
    assert state.returns() == [1.0, 1.0]


def winning(trophies: str, players: int = 3) -> dict:
    """A game won at once by player 0's last kill (an Sd.Kfz, 1 point), with preset trophies."""
    state = pos(f"""
        players {players}
        hand 0: green_aviation
        enemy 3 aviation sdkfz
        reserve:
        {trophies}
    """)
    before = state.view(None)
    assert before["result"] == "running" and before["ranking"] is None
    state.apply_action(f"play green_aviation t{enemy_id(state, 'sdkfz', 3, 'aviation')}")
    return state.view(None)


def test_trophy_values():
    """SG-SCORE-01: special vehicles 4, Tiger E 3, Pz.III 2, Sd.Kfz 1."""
    view = winning("trophies 1: pz2 pz4 maus panther\ntrophies 2: tiger pz3 sdkfz")
    assert view["scores"] == [1, 16, 6]


def test_highest_total_ranks_first_after_a_win():
    """SG-SCORE-02: only after a win each total is counted; the highest ranks first."""
    view = winning("trophies 1: tiger\ntrophies 2: pz3 pz3")
    assert view["result"] == "won"
    assert view["scores"] == [1, 3, 4]
    assert view["ranking"] == [3, 2, 1]


def test_points_tie_broken_by_number_of_trophies():
    """SG-SCORE-03: equal points: the player with more trophy tokens ranks higher."""
    view = winning("trophies 1: tiger pz3\ntrophies 2: pz3 pz3 sdkfz")
    assert view["scores"] == [1, 5, 5]
    assert view["ranking"] == [3, 2, 1]


def test_full_tie_shares_the_rank():
    """SG-SCORE-04: equal points and equal trophy counts share the rank."""
    view = winning("trophies 1: pz3 sdkfz\ntrophies 2: sdkfz pz3\ntrophies 3: tiger", players=4)
    assert view["scores"] == [1, 3, 3, 3]
    assert view["ranking"] == [4, 1, 1, 3]  # players 1 and 2 share first place


def test_nobody_ranked_after_a_loss():
    """SG-SCORE-05: after a loss nobody is ranked (trophies notwithstanding)."""
    state = pos("""
        players 2
        buildings 6
        hand 0: hedgehogs
        enemy 5 city sdkfz
        enemy 1 rear tiger
        trophies 0: tiger
    """)
    state.apply_action("pass")
    view = state.view(None)
    assert view["result"] == "lost"
    assert view["ranking"] is None
    assert state.returns() == [-1.0, -1.0]
