"""Boundary tests: each threshold of the rules tested on both sides, with outcomes asserted, not
only legality (issue 14). Medal targets (M44-MEDAL-05/06/07), hits against figures (M44-DICE-03/04),
retreat steps per flag (M44-DICE-05, M44-RETR-06/07), movement at the limit and one beyond
(M44-UNIT-01..03, M44-SPEC-02), battle range at the maximum and one beyond (M44-UNIT-04), the
engine's `max_turns` bound, and sandbags on a bridge section on a hill (M44-OBST-06). Positions
are in the public notation (warroom/games/memoir44/position.py); `dice:` fixes the next dice.
Allies at the bottom (retreat toward row 9), Axis at the top."""

from __future__ import annotations

import pytest

import warroom
from tests.memoir44.conftest import (
    QUIET_DECK,
    decision,
    dice_of,
    figures,
    moves,
    play,
    texts,
    to_battle,
)
from warroom.games.memoir44 import invariants
from warroom.games.memoir44.board import DIST, parse_hex
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.state import M44State
from warroom.games.memoir44.words import DRAW, RUNNING, Result


def position(text: str, seed: int = 0) -> M44State:
    """A position through the public entry point, with the quiet deck of conftest.pos."""
    if "deck:" not in text:
        text += "\n" + QUIET_DECK + "\n"
    state = warroom.game_class("memoir44").from_position(text, seed)
    assert isinstance(state, M44State)
    return state


# -- M44-OBST-06: sandbags on a bridge section on a hill ------------------------------------------
BRIDGE_HILL = """
terrain hill R5C7 R6C7
terrain river R4C7
bridge R4C7 R5C7
sandbags {sandbags}
axis infantry R5C7
allies infantry {attacker}
hand allies: probe_center
"""


@pytest.mark.parametrize(
    ("attacker", "sandbags", "dice"),
    [
        ("R6C7", "R5C7", 3),  # from a hill: the hill gives nothing, nor do sandbags on a hill
        ("R6C6", "R5C7", 2),  # from low ground: the hill's -1 (sandbags add nothing)
        ("R6C7", "R9C1", 3),  # the same without sandbags
    ],
)
def test_sandbags_on_a_bridge_section_on_a_hill_protect_as_on_a_hill(attacker, sandbags, dice):
    """M44-OBST-06 / M44-TERR-07: a bridge section on a hill hex (the land end of a long bridge) is
    a hill for sandbags: attacked from another hill they give no protection (3 dice), as on any hill."""
    st = position(BRIDGE_HILL.format(attacker=attacker, sandbags=sandbags))
    to_battle(st, "probe_center", attacker)
    assert dice_of(st, attacker, "R5C7") == dice


def test_sandbags_on_a_bridge_over_a_river_still_protect():
    """M44-OBST-06: sandbags on a bridge over a river protect (-1), from a hill as from anywhere."""
    st = position("terrain river R5C7\nterrain hill R6C7\nbridge R5C7\nsandbags R5C7\naxis infantry R5C7\n"
                  "allies infantry R6C7\nhand allies: probe_center\n")  # fmt: skip
    to_battle(st, "probe_center", "R6C7")
    assert dice_of(st, "R6C7", "R5C7") == 2


def medals(st: M44State) -> tuple[int, int]:
    m = st.view(None)["medals"]
    return m["allies"], m["axis"]


# -- M44-MEDAL-05/06: the game ends exactly at the medal target, not one medal early ---------------
TWO_KILLS = """
allies infantry R6C6
allies infantry R6C8
axis infantry R5C6 figures=1
axis infantry R5C8 figures=1
medals {target} 6
hand allies: direct_from_hq
dice: I I I I I I
"""


def test_one_medal_short_of_the_target_the_game_goes_on():
    """M44-MEDAL-06 (below the threshold): the first kill brings the Allies to 1 of 2 medals; the
    game runs on and the second ordered unit is offered its battle."""
    st = position(TWO_KILLS.format(target=2))
    to_battle(st, "direct_from_hq", "R6C6", "R6C8")
    play(st, "battle R6C6 R5C6")
    if decision(st) == "ground":
        play(st, "hold")
    assert medals(st) == (1, 0) and not st.is_terminal() and st.outcome() is None
    assert "battle R6C8 R5C8" in texts(st)
    invariants.check_outcome(st)


def test_the_game_ends_the_instant_the_target_is_reached():
    """M44-MEDAL-06 (at the threshold): the second kill makes 2 of 2 and the Allies win at once,
    mid-turn: no Take Ground is offered, nothing further is resolved; the outcome names them."""
    st = position(TWO_KILLS.format(target=2))
    to_battle(st, "direct_from_hq", "R6C6", "R6C8")
    play(st, "battle R6C6 R5C6")
    if decision(st) == "ground":
        play(st, "hold")
    play(st, "battle R6C8 R5C8")
    assert st.is_terminal() and st.result == Result.ALLIES and decision(st) is None
    assert medals(st) == (2, 0)
    outcome = st.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.returns == (1.0, -1.0)
    invariants.check_outcome(st)


def test_a_target_of_one_ends_at_the_first_kill():
    """M44-MEDAL-06: with a target of 1 the first kill wins; the other ordered unit never battles."""
    st = position(TWO_KILLS.format(target=1))
    to_battle(st, "direct_from_hq", "R6C6", "R6C8")
    play(st, "battle R6C6 R5C6")
    assert st.result == Result.ALLIES and figures(st, "R5C8") == 1


@pytest.mark.parametrize(("target", "won"), [(3, False), (2, True)])
def test_objectives_count_toward_the_target(target, won):
    """M44-MEDAL-05 / M44-MEDAL-03: a kill plus a temporary objective held makes 2 medals: a win
    against a target of 2, one short against 3."""
    st = position(
        "allies infantry R6C6\nallies infantry R5C9\naxis infantry R5C6 figures=1\n"
        f"objective allies R5C9\nmedals {target} 6\nhand allies: probe_center\ndice: I I I\n"
    )
    assert medals(st) == (1, 0)  # the objective is held from the start
    to_battle(st, "probe_center", "R6C6")
    play(st, "battle R6C6 R5C6")
    assert st.is_terminal() is won
    assert st.result == (Result.ALLIES if won else RUNNING)
    invariants.check_outcome(st)


# -- M44-DICE-03/04: a unit of N figures survives N-1 hits and is eliminated by N -------------------
@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("hits_short", [1, 0])
def test_n_figures_survive_n_minus_1_hits_and_fall_to_n(n, hits_short):
    """M44-DICE-03 / M44-DICE-04 / M44-MEDAL-01: Close Assault (the card, +1 die: 4 dice) against
    an N-figure infantry unit; N-1 infantry symbols leave 1 figure and no medal, N eliminate it
    and the Allies gain 1 medal."""
    hits = n - hits_short
    dice = " ".join(["I"] * hits + ["S"] * (4 - hits))
    st = position(f"allies infantry R6C7\naxis infantry R5C7 figures={n}\nhand allies: close_assault\n"
                  f"dice: {dice}\n")  # fmt: skip
    play(st, "play close_assault", "order R6C7")
    if decision(st) == "order":
        play(st, "done")
    assert dice_of(st, "R6C7", "R5C7") == 4
    play(st, "battle R6C7 R5C7")
    assert figures(st, "R5C7") == n - hits
    assert medals(st) == ((0, 0) if hits_short else (1, 0))


# -- M44-DICE-05, M44-RETR-01/06/07: one retreat step per flag, losses only for steps not possible --
def retreat_all(st: M44State) -> None:
    """Take the first rearward hex offered for every retreat step asked."""
    while decision(st) == "retreat":
        play(st, texts(st)[0])


def row_of(st: M44State, unit_id: int) -> int:
    return int(str(st.view(None)["units"][unit_id]["hex"])[1])


@pytest.mark.parametrize("flags", [1, 2, 3])
def test_each_flag_is_one_step_back(flags):
    """M44-DICE-05 / M44-RETR-01: F flags move the Axis unit exactly F rows toward its edge (row
    1), not F-1 nor F+1, with no figure lost when every step is open."""
    dice = " ".join(["F"] * flags + ["S"] * (3 - flags))
    st = position(f"allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\ndice: {dice}\n")
    to_battle(st, "probe_center", "R6C7")
    play(st, "battle R6C7 R5C7")
    retreat_all(st)
    assert row_of(st, 1) == 5 - flags
    assert st.view(None)["units"][1]["figures"] == 4


@pytest.mark.parametrize(("flags", "lost"), [(1, 0), (2, 1), (3, 2)])
def test_steps_beyond_the_board_edge_cost_a_figure_each(flags, lost):
    """M44-RETR-06 / M44-RETR-07: an Axis unit one row from its edge takes the one step it can and
    loses a figure for each flag beyond it (0, 1, 2)."""
    dice = " ".join(["F"] * flags + ["S"] * (3 - flags))
    st = position(f"allies infantry R3C7\naxis infantry R2C7\nhand allies: probe_center\ndice: {dice}\n")
    to_battle(st, "probe_center", "R3C7")
    play(st, "battle R3C7 R2C7")
    retreat_all(st)
    assert row_of(st, 1) == 1
    assert st.view(None)["units"][1]["figures"] == 4 - lost


# -- M44-UNIT-01..03, M44-SPEC-02, M44-MOVE-08: movement at the limit and one beyond ---------------
@pytest.mark.parametrize(("kind", "limit"), [("infantry", 2), ("special_forces", 2), ("armor", 3),
                                             ("artillery", 1)])  # fmt: skip
def test_movement_reaches_the_limit_and_not_one_beyond(kind, limit):
    """M44-UNIT-01..03: on open ground a unit's destinations reach exactly its limit: some hex at
    that distance, none one beyond."""
    st = position(f"allies {kind} R9C7\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R9C7")
    if decision(st) == "order":
        play(st, "done")
    start = parse_hex("R9C7")
    reach = {DIST[start][parse_hex(h)] for h in moves(st, "R9C7")}
    assert max(reach) == limit and limit + 1 not in reach


@pytest.mark.parametrize(("kind", "steps", "battles"), [
    ("infantry", 1, True), ("infantry", 2, False),  # M44-UNIT-01
    ("special_forces", 2, True),  # M44-SPEC-02 (3 is beyond its move)
    ("armor", 3, True),  # M44-UNIT-02
    ("artillery", 0, True), ("artillery", 1, False),  # M44-UNIT-03
])  # fmt: skip
def test_battle_after_moving_at_the_limit_and_one_beyond(kind, steps, battles):
    """M44-MOVE-08 / M44-BATTLE-04a: moving up to the type's battle limit keeps the battle, one
    step more loses it. The enemy stays adjacent to the end hex (R{9-steps}C7 next to R{8-steps}C7)."""
    end = f"R{9 - steps}C7"
    enemy = f"R{8 - steps}C7"
    st = position(f"allies {kind} R9C7\naxis infantry {enemy}\nhand allies: probe_center\n")
    play(st, "play probe_center", "order R9C7")
    if decision(st) == "order":
        play(st, "done")
    if steps:
        play(st, f"move R9C7 {end}")
    if decision(st) == "move":
        play(st, "done")
    assert (dice_of(st, end, enemy) > 0) is battles


# -- M44-UNIT-04, M44-UNIT-07: battle range at the maximum and one beyond --------------------------
@pytest.mark.parametrize(("kind", "distance", "dice"), [
    ("infantry", 3, 1), ("infantry", 4, 0),
    ("armor", 3, 3), ("armor", 4, 0),
    ("artillery", 6, 1), ("artillery", 7, 0),
])  # fmt: skip
def test_battle_range_at_the_maximum_and_one_beyond(kind, distance, dice):
    """M44-UNIT-04: infantry and armor reach 3 hexes, artillery 6; one hex more is out of range.
    The target stands straight up the board on open ground (R(9-d)C7 is d hexes from R9C7)."""
    target = f"R{9 - distance}C7"
    assert DIST[parse_hex("R9C7")][parse_hex(target)] == distance
    st = position(f"allies {kind} R9C7\naxis infantry {target}\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R9C7")
    assert dice_of(st, "R9C7", target) == dice


# -- the engine's `max_turns` bound: a draw exactly at the bound, not one turn early --------------
def pass_turn(st: M44State) -> None:
    """Play a turn doing as little as possible: the first card, then `done` wherever offered."""
    turn = st.turn
    while not st.is_terminal() and st.turn == turn:
        options = texts(st)
        play(st, "done" if "done" in options else "hold" if "hold" in options else options[0])


@pytest.mark.parametrize("bound", [2, 3, 5])
def test_max_turns_draws_exactly_at_the_bound(bound):
    """`max_turns` (an engine bound, not a rule; both sides' turns counted): after bound-1 turns
    the game runs on into turn `bound`; when that turn ends it is a draw, every seat 0."""
    game = Memoir44Game(scenario="pegasus-bridge", max_turns=bound)
    st = game.new_initial_state(7)
    for done in range(1, bound):
        pass_turn(st)
        assert not st.is_terminal() and st.turn == done + 1  # still running, the next turn begun
        invariants.check_outcome(st)
    assert st.turn == bound and st.result == RUNNING
    pass_turn(st)
    assert st.is_terminal() and st.result == DRAW and st.turn == bound
    outcome = st.outcome()
    assert outcome is not None and outcome.returns == (0.0, 0.0) and outcome.winners == ()
    invariants.check_outcome(st)


# -- the outcome checker itself catches a result that disagrees with the end conditions ----------
def test_check_outcome_rejects_a_result_the_position_does_not_support():
    """check_outcome (the random checker's outcome invariant) fails a win without the medals, a
    draw before the bound, a running game with a side at its target, and a wrong outcome()."""
    st = position(TWO_KILLS.format(target=1))
    to_battle(st, "direct_from_hq", "R6C6", "R6C8")
    fake = st.clone()
    fake.result = int(Result.AXIS)  # the Axis have no medal
    with pytest.raises(AssertionError):
        invariants.check_outcome(fake)
    fake.result = int(DRAW)  # turn 1 of 200
    with pytest.raises(AssertionError):
        invariants.check_outcome(fake)
    play(st, "battle R6C6 R5C6")
    invariants.check_outcome(st)
    fake = st.clone()
    fake.result = int(RUNNING)  # the Allies are at their target
    with pytest.raises(AssertionError):
        invariants.check_outcome(fake)
