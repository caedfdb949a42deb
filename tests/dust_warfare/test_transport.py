"""Transports (dust_warfare.md DW-ABL-07, DW-SET-07, DW-MOVE-11, DW-ACT-09, DW-ATK-13, DW-CMD-12,
DW-INIT-01, R-08), on positions in the notation with scripted dice (H = 6, B = 1) and the
example lists of data/armies-special.toml: the Punisher (u2, Heavy walker, r 2.5", Carry
capacity 6) and The Gunners (u1, 5 Soldiers); unit numbers in tests/dust_warfare/test_offtable.py.
"""

from __future__ import annotations

import math

from tests.dust_warfare.helpers import options, play, position
from tests.dust_warfare.test_offtable import HEAD, KOMMANDO, legal
from warroom.games.dust_warfare import encoding
from warroom.games.dust_warfare.geometry import TOL
from warroom.games.dust_warfare.invariants import check
from warroom.games.dust_warfare.rules import turn
from warroom.games.dust_warfare.words import Status

BOSS = "u0 : 30,4 32,4 28,4 34,4"
GUNNERS = "u1 : 40,10 42,10 38,10 44,10 36,10"
ALLIES_ACT = "turn 1 phase units initiator 0"


def ring(cx: float, cy: float, radius: float, n: int = 5) -> str:
    """n centres on a circle around (cx, cy), 15 degrees apart from due north, rounded toward
    the centre so each stays within `radius`."""
    out = []
    for k in range(n):
        a = math.radians(90 + 15 * ((k + 1) // 2) * (1 if k % 2 else -1))
        x, y = cx + radius * math.cos(a), cy + radius * math.sin(a)
        x = math.floor(x * 10) / 10 if x > cx else math.ceil(x * 10) / 10
        y = math.floor(y * 10) / 10 if y > cy else math.ceil(y * 10) / 10
        out.append(f"{x:g},{y:g}")
    return "place " + " ".join(out)


def test_set_07_a_soldier_unit_may_deploy_aboard_a_vehicle() -> None:
    """DW-SET-07: The Gunners may deploy aboard the Punisher already on the table (D-09); they
    then stand nowhere and ride it (DW-ABL-07)."""
    st = position(f"{HEAD}\nturn 0 phase deployment side 0\n{BOSS}\nu1 pending\nu2 : 40,6/90\n{KOMMANDO}")
    assert options(st) == ["on table", "board u2"]
    play(st, "board u2")
    assert st.status[1] == Status.EMBARKED and st.aboard[1] == 2
    assert all(p is None for p in st.pos[1])
    check(st)


def test_move_11_embark_within_two_inches_as_a_move() -> None:
    """DW-MOVE-11: a Soldier unit whose miniatures can all end a Move within 2" of a friendly
    vehicle with room may embark as its Move action; it leaves the table, and the Move triggers
    enemy reactions where it began (DW-REA-02 a)."""
    grenadiers = "u5 : 40,21.5 42,21.5 38,21.5 44,21.5 36,21.5"
    text = f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\n{GUNNERS}\nu2 : 40,17/90\n{grenadiers}"
    st = position(f"{text}\n{KOMMANDO}")
    play(st, "unit u1")
    assert "board u2" in options(st)
    play(st, "board u2")
    assert st.status[1] == Status.EMBARKED and st.aboard[1] == 2
    assert st.decision is not None and st.decision.kind == "react" and st.decision.seat == 1
    far = position(f"{text.replace('u2 : 40,17/90', 'u2 : 40,30/90')}\n{KOMMANDO}")
    play(far, "unit u1")
    assert "board u2" not in options(far)  # 17.5" from its edge: more than 6" + 2"


def test_abl_07_carry_capacity_counts_miniatures() -> None:
    """DW-ABL-07: the Punisher carries 6 miniatures: with The Gunners (5) aboard, The Boss (4)
    may not board; with 4 of The Gunners left, still not (4 + 4 > 6)."""
    st = position(f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu1 aboard=2\nu2 : 30,10/90\n{KOMMANDO}")
    play(st, "unit u0")
    assert not any(o.startswith("board") for o in options(st))
    st = position(f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu2 : 30,10/90\n{KOMMANDO}")
    play(st, "unit u0")
    assert "board u2" in options(st)


def test_act_09_atk_13_disembark_from_the_vehicle_edge_then_act() -> None:
    """DW-ACT-09, DW-MOVE-11: an embarked unit may stay aboard or disembark (never attack,
    DW-ATK-13); each miniature's path starts at the vehicle's base edge, so a centre 6" from it
    is reached and 6.1" is not; then it may use its remaining action."""
    text = f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu1 aboard=2\nu2 : 40,20/90\nu5 : 40,40 42,40 38,40 44,40 36,40"
    st = position(f"{text}\n{KOMMANDO}")
    play(st, "unit u1")
    assert options(st) == ["stop", "disembark"]
    play(st, "disembark")
    assert legal(st, ring(40, 20, 2.5 + 6.0))
    assert not legal(st, ring(40, 20, 2.5 + 6.2))
    play(st, ring(40, 20, 2.5 + 6.0))
    assert st.status[1] == Status.TABLE and st.aboard[1] == -1
    assert st.decision is not None and st.decision.kind == "react"  # a Move trigger (DW-REA-02 a)
    play(st, "stop")
    assert "fire u5" in options(st) and "move" not in options(st)


def test_atk_13_passengers_are_no_targets_but_the_vehicle_fires() -> None:
    """DW-ATK-13: an embarked unit cannot be attacked; the vehicle carrying it attacks as usual."""
    text = f"{HEAD}\nturn 1 phase units initiator 1\n{BOSS}\nu1 aboard=2\nu2 : 40,20/90\n"
    st = position(f"{text}u9 : 40,36/270\n{KOMMANDO}")
    play(st, "unit u9")
    assert "fire u2" in options(st) and "fire u1" not in options(st)
    st = position(f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu1 aboard=2\nu2 : 40,20/90\nu9 : 40,36/270\n{KOMMANDO}")
    play(st, "unit u2")
    assert "fire u9" in options(st)


def test_cmd_12_orders_to_passengers_are_measured_from_the_vehicle() -> None:
    """DW-CMD-12: The Boss's Officer (LR 12") orders The Gunners aboard the Punisher when the
    Punisher is within 12" (11"), else only through the Radioman (13"); the order's single
    action can disembark."""
    order = "turn 1 phase command initiator 0 orders 2 2"
    st = position(f"{HEAD}\n{order}\n{BOSS}\nu1 aboard=2\nu2 : 30,18/90\n{KOMMANDO}")
    assert "take u1" in options(st) and "regroup u1" in options(st)
    play(st, "take u1")
    assert options(st) == ["stop", "disembark"]
    st = position(f"{HEAD}\n{order}\n{BOSS}\nu1 aboard=2\nu2 : 30,20/90\n{KOMMANDO}")
    assert "take u1" not in options(st) and "take u1 radio" in options(st)


def test_init_01_embarked_units_count_in_the_pool() -> None:
    """DW-INIT-01: units embarked in vehicles on the table count toward the command pool."""
    st = position(f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu1 aboard=2\nu2 : 40,20/90\n{KOMMANDO}")
    assert turn.pool(st, 0) == 3


def test_abl_07_passengers_bail_out_of_a_destroyed_vehicle() -> None:
    """DW-ABL-07, R-08: Luther's 5 cm gun destroys the Punisher (H, armour B: 2 + 1 Penetrator
    damage on 9); The Gunners are placed wholly within 2" of its last base, in formation; then
    one die each (HHBBB: 2 hits), an armour roll (HB: 1 saved), 1 damage: one Gunner falls;
    then 1 Suppression marker."""
    text = f"{HEAD}\nturn 1 phase units initiator 1\ndice H B HHBBB HB\n{BOSS}\nu1 aboard=2\n"
    st = position(f"{text}u2 : 40,20/90+9\nu9 : 40,36/270\n{KOMMANDO}")
    play(st, "unit u9", "fire u2", "stop")  # the Punisher does not react
    assert st.status[2] == Status.DESTROYED
    assert st.status[1] == Status.TABLE and st.aboard[1] == -1
    assert len(st.living(1)) == 4 and st.supp[1] == 1
    wreck = st.unit(2).models[0]
    for b in st.bases(1):
        assert math.hypot(b.x - 40, b.y - 20) + b.r <= wreck.radius + 2.0 + TOL
    assert st.in_formation(1)
    check(st)


def test_abl_07_sup_06_passengers_bail_out_of_a_vehicle_that_flees() -> None:
    """DW-SUP-06 with DW-ABL-07: a Retreating Punisher (3 markers on one Heavy walker,
    DW-HVY-04) 1.5" from the south edge leaves the table and counts as destroyed; its
    passengers bail out at its last base (removal roll BBB, bail-out dice BBBBB: no damage) and
    take 1 Suppression marker."""
    text = f"{HEAD}\n{ALLIES_ACT}\ndice BBB BBBBB\n{BOSS}\nu1 aboard=2\nu2 supp=3 : 40,4/90\n{KOMMANDO}"
    st = position(text)
    play(st, "unit u2")
    assert st.status[2] == Status.DESTROYED
    assert st.status[1] == Status.TABLE and len(st.living(1)) == 5 and st.supp[1] == 1
    for b in st.bases(1):
        assert math.hypot(b.x - 40, b.y - 4) + b.r <= 2.5 + 2.0 + TOL
    check(st)


def test_cmd_06_move_11_an_order_to_embark_leaves_a_reaction_marker() -> None:
    """DW-CMD-06 with DW-MOVE-11: a Take Action order whose single action embarks still gives
    the unit its Reaction marker (so it has one action when it next activates, DW-ACT-04)."""
    order = "turn 1 phase command initiator 0 orders 2 2"
    st = position(f"{HEAD}\n{order}\n{BOSS}\n{GUNNERS}\nu2 : 40,17/90\n{KOMMANDO}")
    play(st, "take u1", "board u2")
    assert st.status[1] == Status.EMBARKED and st.reaction[1]


def test_abl_07_the_observation_flags_an_embarked_unit() -> None:
    """DW-ABL-07: the learning encoding marks a unit aboard a vehicle (its unit block's last
    element) and leaves its miniature slots empty (it stands nowhere on the table)."""
    st = position(f"{HEAD}\n{ALLIES_ACT}\n{BOSS}\nu1 aboard=2\nu2 : 40,20/90\n{KOMMANDO}")
    game = st.game
    out = game.observe(st.view(0), 0)
    block = encoding.HEAD + 1 * encoding.PER_UNIT
    assert out[block + encoding.PER_UNIT - 1] == 1.0  # u1 embarked
    assert out[encoding.HEAD + encoding.PER_UNIT - 1] == 0.0  # u0 on the table
    slots = out[block + 1 + len(encoding.STATUSES) + 5 : block + encoding.PER_UNIT - 2]
    assert not any(slots)
