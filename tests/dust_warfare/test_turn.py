"""The game turn, initiative, command and end (dust_warfare.md DW-GEN, DW-TURN, DW-INIT,
DW-CMD, DW-END, DW-FB, DW-SET-05), on positions in the notation with scripted dice
(H = 6, B = 1). Unit numbers: see tests/dust_warfare/helpers.py."""

from __future__ import annotations

import json

import pytest

from tests.dust_warfare.helpers import options, play, position, texts
from warroom.core.errors import IllegalActionError
from warroom.core.rng import ScriptedRng
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.army import SEAT_FACTION
from warroom.games.dust_warfare.rules import dice
from warroom.games.dust_warfare.rules.turn import has_command_bonus, pool
from warroom.games.dust_warfare.words import Faction

BOSS = "u0 : 24,8 22,8 26,8 24,6"
GUNNERS = "u1 : 31,10 28,10 29.5,10 32.5,10 34,10"
KOMMANDO = "u5 : 36,40 34,40 38,40 36,42"
LASERS = "u6 : 36,36 33,36 34.5,36 37.5,36 39,36"
RANGERS = "u2 : 10,10 12,10 14,10 16,10 18,10"
ALLIES_REST = f"{RANGERS}\nu3 : 40,10 42,10 44,10 46,10 48,10\nu4 : 60,6/90"
AXIS_REST = "u7 : 10,40 12,40 14,40 16,40 18,40\nu8 : 50,40 52,40 54,40 56,40 58,40\nu9 : 60,44/270"
HEAD = "turn 1 phase command initiator 0"


def test_gen_01_two_players_allies_and_axis() -> None:
    """DW-GEN-01: seat 0 commands the Allies, seat 1 the Axis, each a whole army."""
    game = DustWarfareGame()
    assert SEAT_FACTION == (Faction.ALLIES, Faction.AXIS)
    assert {u.seat for u in game.units} == {0, 1}
    assert all(u.kind.faction is SEAT_FACTION[u.seat] for u in game.units)


def test_gen_02_03_combat_dice() -> None:
    """DW-GEN-02: hits on 5 and 6 only; DW-GEN-03: rolling N <= 0 dice rolls nothing."""
    assert [dice.is_hit(f) for f in range(1, 7)] == [False, False, False, False, True, True]
    rng = ScriptedRng(0, [6, 1])
    assert dice.roll(rng, 0) == [] and dice.roll(rng, -2) == []
    assert dice.roll(rng, 2) == [6, 1] and dice.hits([6, 5, 4]) == 2


def test_gen_05_roll_off_rerolls_ties() -> None:
    """DW-GEN-05: five dice each, more hits wins, ties rolled again (the Allies first)."""
    rng = ScriptedRng(0, [6, 1, 1, 1, 1, 1, 6, 1, 1, 1, 6, 6, 1, 1, 1, 1, 1, 1, 1, 6])
    winner, rolls = dice.roll_off(rng)
    assert winner == 0 and len(rolls) == 4


def test_gen_08_everything_is_public() -> None:
    """DW-GEN-08: First Battle hides nothing: every seat and a spectator see the same view."""
    st = DustWarfareGame().new_initial_state(3)
    assert st.view(0) == st.view(1) == st.view(None)
    json.dumps(st.view(None))


def test_fb_02_roll_off_winner_chooses_edge_then_order() -> None:
    """DW-FB-02, D-04: the roll-off winner picks a long edge (the other gets the opposite one)
    and whether to deploy first; deployment alternates from the first deployer (DW-SET-05)."""
    st = DustWarfareGame().new_initial_state(5)
    winner = st.current_player()
    assert options(st) == ["edge south", "edge north"]
    play(st, "edge north")
    assert st.edges[winner] == "north" and st.edges[1 - winner] == "south"
    assert options(st) == ["deploy first", "deploy second"]
    play(st, "deploy second")
    assert st.first == 1 - winner and st.current_player() == 1 - winner
    assert st.decision.kind == "pick"


def test_set_05_deployment_alternates_and_stays_in_the_zone() -> None:
    """DW-SET-05, DW-FB-02: one unit at a time, alternately; every base wholly within 12" of
    its own long edge; the turns begin once everything is down."""
    st = DustWarfareGame().new_initial_state(5)
    play(st, "edge south", "deploy first")
    seats = []
    while st.phase == "deployment":
        seat = st.current_player()
        if st.decision.kind == "pick":
            seats.append(seat)
        st.apply_action(st.legal_actions()[-1])
    assert seats[:4] == [st.first, 1 - st.first, st.first, 1 - st.first]
    for u in range(10):
        edge = st.edges[st.unit(u).seat]
        for b in st.bases(u):
            assert (b.y + b.r <= 12 + 1e-6) if edge == "south" else (b.y - b.r >= 36 - 1e-6)
    assert st.turn == 1


def test_set_05_an_exact_deployment_at_the_zone_limit() -> None:
    """DW-SET-05 with DW-GEO-02, DW-GEO-17: a proposal wholly within the zone is accepted at 0.1"
    precision; 0.1" beyond the 12" line it is refused."""
    st = DustWarfareGame().new_initial_state(5)
    play(st, "edge south" if st.current_player() == 0 else "edge north", "deploy first")
    assert st.edges[0] == "south"
    while st.decision.kind != "where" or st.placing["unit"] != 1:
        if st.decision.kind == "pick" and "unit u1" in options(st):
            play(st, "unit u1")
            continue
        st.apply_action(st.legal_actions()[0])
    too_far = st.game.read_action("place 30,11.6 28,11.6 32,11.6 26,11.6 34,11.6")
    assert not st.is_legal(too_far)
    with pytest.raises(IllegalActionError):
        st.apply_action(too_far)
    play(st, "place 30,11.5 28,11.5 32,11.5 26,11.5 34,11.5")
    assert st.base(1, 0).centre == (30.0, 11.5)


def test_init_01_edge_18_the_pool_counts_units_and_joined_heroes() -> None:
    """EDGE-18 (DW-INIT-01): the Allied starter list with Rhino joined rolls 5 + 1 = 6 dice;
    off-table units do not count."""
    game = DustWarfareGame(heroes=True)
    st = game.new_initial_state(1)
    for u in game.units:
        st.status[u.index] = "table"
        st.pos[u.index] = [[0.0, 0.0, None]] * len(u.models)
    assert pool(st, 0) == 6
    st.status[4] = "reserve"
    assert pool(st, 0) == 5


def test_init_edge_01_ties_reroll_and_fewer_hits_initiates() -> None:
    """EDGE-01 (DW-INIT-02, DW-INIT-03, DW-INIT-04): pools 3 vs 4 roll BBB / BBBB (tie: both reroll), then HBB
    vs
    BBBB: the Axis (0 hits) initiate; orders max(1, hits), +1 with a Command Squad."""
    st = position(
        f"turn 1 phase initiative\ndice BBB BBBB HBB BBBB\n{BOSS}\n{GUNNERS}\n"
        "u2 : 10,10 12,10 14,10 16,10 18,10\n"
        f"{KOMMANDO}\n{LASERS}\nu7 : 10,40 12,40 14,40 16,40 18,40\nu8 : 50,40 52,40 54,40 56,40 58,40"
    )
    assert st.initiator == 1
    assert st.orders == [1 + 1, 1 + 1]


def test_init_edge_02_empty_pools_use_a_roll_off() -> None:
    """EDGE-02 (DW-INIT-03, DW-INIT-04): both armies off the table: a roll-off, Allies HBBBB (1) vs
    Axis HHBBB (2): the Allies (fewer hits) initiate; 1 order each, no Command Squad bonus."""
    st = position("turn 1 phase initiative\ndice HBBBB HHBBB\nu0 reserve\nu5 reserve")
    # nobody has a decision to make: the game plays out; its first turn's orders tell
    first = next(e for e in st.events if e.kind == "orders")
    assert first.data == {"initiator": 0, "orders": [1, 1]}


def test_init_05_edge_15_command_bonus_once_and_only_with_a_leader() -> None:
    """DW-INIT-05, EDGE-15: +1 order for a Command Squad on the table with a Unit Leader, once;
    not while it is Leaderless."""
    st = position(f"turn 1 phase units\n{BOSS}\n{KOMMANDO}")
    assert has_command_bonus(st, 0) and has_command_bonus(st, 1)
    st.leader[0] = -1
    assert not has_command_bonus(st, 0)


def test_init_06_unused_orders_are_lost_cmd_01_initiator_first() -> None:
    """DW-CMD-01: the Initiating player orders first, then the Responding player;
    DW-INIT-06: orders left at `stop` are lost."""
    st = position(f"turn 1 phase command initiator 1 orders 2 3\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    assert st.current_player() == 1
    events = play(st, "stop")
    assert st.orders[1] == 0 and texts(events, "orders_lost")
    assert st.current_player() == 0 and st.decision.kind == "command"


def test_cmd_03_04_edge_28_range_and_one_order_per_unit() -> None:
    """DW-CMD-03: orders reach units with a miniature within the commander's LR (12");
    DW-CMD-04, EDGE-28: a second order to the same unit is refused, even by a Radioman."""
    far = "u2 : 10,40.5 12,40.5 14,40.5 16,40.5 18,40.5"
    st = position(f"turn 1 phase command initiator 0 orders 3 1\n{BOSS}\n{GUNNERS}\n{far}\n{KOMMANDO}")
    opts = options(st)
    assert "take u1" in opts and "take u2" not in opts and "take u2 radio" in opts
    play(st, "regroup u1", "stay")
    assert "regroup u1" not in options(st) and "regroup u1 radio" not in options(st)
    play(st, "regroup u2 radio", "stay")
    assert not any(o.endswith("radio") for o in options(st))  # one Radioman, one such order


def test_cmd_02_06_take_action_never_triggers_and_gives_a_reaction_marker() -> None:
    """DW-CMD-02: no reactions in the Command phase; DW-CMD-06: Take Action is one single action
    whatever the markers, then a Reaction marker."""
    st = position(
        f"{HEAD} orders 2 2\n{BOSS}\nu1 supp=1 : 31,20 28,20 29.5,20 32.5,20 34,20\n"
        f"{KOMMANDO}\nu6 : 36,27 33,27 34.5,27 37.5,27 39,27"
    )
    play(st, "take u1")
    assert "march" not in options(st) and "fire u6 sustained" not in options(st)
    play(st, "move", "place 31,21 28,21 29.5,21 32.5,21 34,21")
    assert st.decision.kind == "command" and st.current_player() == 0  # no reaction offered
    assert st.reaction[1] and st.supp[1] == 1


def test_cmd_06_edge_04_suppressed_ordered_unit_keeps_one_action() -> None:
    """EDGE-04 (DW-CMD-06, DW-ACT-04): after Take Action a unit with 1 Suppression marker rolls
    B at activation: 1 marker stays, and it has 1 action (not 0)."""
    st = position(
        f"turn 1 phase command initiator 0 orders 1 1\ndice B\n{BOSS}\n"
        f"u1 supp=1 : 31,10 28,10 29.5,10 32.5,10 34,10\n{KOMMANDO}"
    )
    play(st, "take u1", "move", "stay")  # the Allies' only order
    play(st, "stop")  # the Axis pass
    play(st, "unit u1")
    assert st.supp[1] == 1 and st.activation["left"] == 1


def test_cmd_07_sup_08_regroup_clears_markers_without_a_reaction_marker() -> None:
    """DW-CMD-07, DW-SUP-08: Regroup removes every Suppression and Reaction marker; it is no
    action and gives no Reaction marker; followers may stay."""
    st = position(
        f"{HEAD} orders 1 1\n{BOSS}\nu1 supp=4 react : 31,10 28,10 29.5,10 32.5,10 34,10\n{KOMMANDO}"
    )
    play(st, "regroup u1")
    assert st.decision.kind == "where" and "stay" in options(st)
    play(st, "stay")
    assert st.supp[1] == 0 and not st.reaction[1]


def test_cmd_10_without_a_command_section_the_first_order_makes_one() -> None:
    """DW-CMD-10: with no Command Section on the table the first order designates a temporary
    one (LR 6"); it gives no Command Squad bonus (DW-INIT-05)."""
    st = position(f"{HEAD} orders 2 1\n{GUNNERS}\n{RANGERS}\n{KOMMANDO}")
    assert st.decision.kind == "temporary"
    play(st, "unit u1")
    assert st.temporary[0] == 1 and st.orders[0] == 1
    assert "take u1" in options(st) and "take u2" not in options(st)  # u2 is 9" away: beyond 6"
    assert not has_command_bonus(st, 0)


def test_cmd_12_edge_17_leaderless_units_only_regroup() -> None:
    """EDGE-17 (DW-UNIT-09, DW-CMD-12): a Leaderless unit may only be given Regroup, which
    designates its new leader."""
    st = position(f"{HEAD} orders 2 1\n{BOSS}\nu1 leader=-1 : - 28,10 29.5,10 32.5,10 34,10\n{KOMMANDO}")
    assert "take u1" not in options(st) and "regroup u1" in options(st)
    play(st, "regroup u1")
    assert st.decision.kind == "leader" and options(st) == ["leader 1", "leader 2", "leader 3", "leader 4"]
    play(st, "leader 3", "stay")
    assert st.leader[1] == 3


def test_turn_01_03_fb_05_first_battle_lasts_five_turns() -> None:
    """DW-TURN-01, DW-FB-05: First Battle ends after the End phase of turn 5, not before;
    DW-END-01: Reaction markers go, DW-END-02: Suppression stays."""
    st = position(
        f"turn 4 phase end\n{BOSS}\nu1 supp=2 react : 31,10 28,10 29.5,10 32.5,10 34,10\n{KOMMANDO}"
    )
    assert not st.is_terminal() and st.turn == 5
    assert not st.reaction[1] and st.supp[1] == 2
    st = position(f"turn 5 phase end\n{BOSS}\n{KOMMANDO}")
    assert st.is_terminal()


def test_turn_03_a_player_with_no_units_loses() -> None:
    """DW-TURN-03, DW-TURN-04: the game ends when a phase leaves a player with no units at all; that
    player loses whatever the score."""
    st = position("turn 2 phase units initiator 0\nu4 : 24,12/90\nu9 reserve")
    st.status[9] = "destroyed"
    st.dead[9] = [True]
    play(st, "stop")
    assert st.is_terminal() and st.loser == 1 and st.outcome().winners == (0,)


def test_fb_06_07_scoring_elimination_and_the_mill() -> None:
    """DW-FB-06, DW-FB-07: SP = AP of enemy units destroyed or Retreating + 50 for controlling the
    Mill (a non-Retreating miniature within 3" of (36, 24), none of the enemy's)."""
    st = position(
        "turn 5 phase end\n"
        f"{BOSS}\nu1 : 36,26 38,26 34,26 40,26 32,26\n"  # 1.5" from the Mill point: control
        f"{KOMMANDO}\nu6 supp=6 : 36,20 33,20 34.5,20 37.5,20 39,20"  # Retreating (6 > 5)
    )
    # Allies: the Axis lose u6 (30, Retreating) and u7, u8, u9 (20 + 20 + 40, destroyed) + Mill
    # Axis: the Allies lose u2, u3, u4 (20 + 30 + 40); u6's miniature at 3.5" does not count
    assert st.scores == [30 + 20 + 20 + 40 + 50, 20 + 30 + 40]
    assert st.outcome().winners == (0,)


def test_turn_04_equal_sp_is_a_draw() -> None:
    """DW-TURN-04: equal SP is a draw: no winner, zero returns."""
    st = position(f"turn 5 phase end\n{BOSS}\n{GUNNERS}\n{ALLIES_REST}\n{KOMMANDO}\n{LASERS}\n{AXIS_REST}")
    assert st.scores == [0, 0] and st.outcome().winners == () and st.returns() == [0.0, 0.0]
