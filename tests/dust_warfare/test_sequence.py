"""The order of things and a few rules best seen whole (dust_warfare.md DW-TURN-02, DW-SET-04,
DW-FB-03, DW-FB-04, DW-FL-05, DW-FL-06, DW-REA-01, DW-REA-06, DW-MOVE-12, DW-UNIT-01,
DW-UNIT-05, DW-HERO-07, DW-ABL-14, DW-ABL-21, DW-ATK-08c, DW-TER-02). Unit numbers:
tests/dust_warfare/helpers.py."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position, texts
from warroom.games.dust_warfare import DustWarfareGame
from warroom.games.dust_warfare.rules.command import radiomen
from warroom.games.dust_warfare.rules.scoring import elimination

BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"
GUNNERS = "u1 : 46,8 44,8 48,8 42,8 50,8"
LASERS = "u6 : 46,22 44,22 48,22 42,22 50,22"


def test_turn_02_fb_04_phases_in_order_every_turn() -> None:
    """DW-TURN-02: initiative, the Initiating then the Responding player's Command phase, their
    Unit phases in the same order, the End phase; DW-FB-04: initiative is rolled every turn."""
    st = position(f"turn 1 phase initiative\ndice BB HH\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    seen = [(st.phase, st.current_player())]
    while st.turn == 1:
        st.apply_action(st.legal_actions()[0])
        if (st.phase, st.current_player()) != seen[-1]:
            seen.append((st.phase, st.current_player()))
    phases = [p for p, _ in seen]
    assert phases.index("command") < phases.index("units")
    assert (
        seen[0] == ("command", 0)
        and ("command", 1) in seen
        and seen.index(("command", 1)) < phases.index("units")
    )
    assert [s for p, s in seen if p == "units"][:1] == [0]
    assert st.turn == 2 and st.phase == "command"
    assert any(e.kind == "initiative" for e in st.events)  # rolled again for turn 2


def test_set_04_fb_03_fl_05_fl_06_setup_order_per_scenario() -> None:
    """DW-SET-04: the pre-game steps in order. First Battle (DW-FB-03): no terrain placement,
    no fortifications; Secret Mission: terrain, then the secret objectives, then the roll-off
    and deployment; Front Lines (DW-FL-05, DW-FL-06): the roll-off first, terrain,
    fortifications, then deployment from the winner and initiative as usual."""
    fb = DustWarfareGame().new_initial_state(1)
    assert fb.decision.kind == "edge" and fb.terrain == [] and fb.mines == []
    sm = DustWarfareGame(scenario="secret_mission").new_initial_state(1)
    kinds = []
    while sm.phase != "deployment":
        if not kinds or kinds[-1] != sm.decision.kind:
            kinds.append(sm.decision.kind)
        sm.apply_action(sm.legal_actions()[0])
    assert kinds == ["terrain", "objective", "edge"]
    fl = DustWarfareGame(scenario="front_lines").new_initial_state(1)
    winner = fl.current_player()
    kinds = []
    while fl.phase != "deployment":
        if not kinds or kinds[-1] != fl.decision.kind:
            kinds.append(fl.decision.kind)
        fl.apply_action(fl.legal_actions()[0])
    assert kinds == ["edge", "terrain", "fort"] and fl.first == winner and fl.current_player() == winner


def test_rea_01_only_the_other_player_reacts() -> None:
    """DW-REA-01: in the Allies' Unit phase only Axis units are offered reactions."""
    gunners2 = "u2 : 30,20 28,20 32,20 26,20 34,20"
    st = position(f"turn 1 phase units initiator 0\n{BOSS}\n{GUNNERS}\n{gunners2}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "move", "place 46,9 44,9 48,9 42,9 50,9")
    assert st.current_player() == 1 and all(o == "stop" or o.startswith("react u6") for o in options(st))


def test_rea_06_the_attack_goes_on_with_the_positions_after_reactions() -> None:
    """DW-REA-06: a reaction comes after the attack is declared and before range is checked;
    a target that moved out of range takes no dice, and the action is spent."""
    gunners = "u1 : 46,15.5 44,15.5 48,15.5 42,15.5 50,15.5"  # 5.5" away: in grenade range
    st = position(f"turn 1 phase units initiator 0\n{BOSS}\n{gunners}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "grenades u6", "react u6 move")
    events = play(st, "place 46,24 44,24 48,24 42,24 50,24")  # now 7.5" away
    assert "no weapon in range: 0 hit(s)" in texts(events, "dice")[0]
    assert "grenades u6" not in options(st) and "fire u6" not in options(st)


def test_move_12_a_retreat_is_a_move_that_may_trigger() -> None:
    """DW-MOVE-12, DW-SUP-06: a retreat move may cause a Move trigger."""
    st = position(
        f"turn 1 phase units initiator 0\ndice BBBBBB\n{BOSS}\nu1 supp=6 : 46,30 44,28 48,28 44,26 48,26\n"
        f"{KOMMANDO}\nu6 : 46,20 44,20 48,20 42,20 50,20"
    )
    play(st, "unit u1")
    while st.decision.kind == "where":
        st.apply_action(st.legal_actions()[0])
    assert st.decision.kind == "react" and st.current_player() == 1


def test_unit_01_05_a_joined_hero_is_a_miniature_and_each_weapon_fires_once() -> None:
    """DW-UNIT-01: a joined Hero is one more miniature of its unit; DW-UNIT-05: in one attack
    each miniature uses each weapon once (the Gunners: 3 rifle dice, 4 BAR dice vs S2)."""
    game = DustWarfareGame(heroes=True)
    rangers = game.units[2]
    assert len(rangers.models) == 6 and rangers.models[5].hero and rangers.leader == 5
    st = position(f"turn 1 phase units initiator 0\ndice BBB BBBB\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    events = play(st, "unit u1", "fire u6", "stop")
    assert texts(events, "dice")[0].startswith("M1 Garand rifle BBB; Browning Automatic Rifle BBBB")


def test_hero_07_a_joined_heroes_ap_scores_when_it_falls() -> None:
    """DW-HERO-07, DW-UNIT-12: a joined Hero's own AP scores for the enemy when the Hero is
    destroyed, even if its unit stands; the unit's AP only when the unit is lost."""
    head = f"options heroes=true\nturn 3 phase units initiator 0\n{BOSS}\n{KOMMANDO}"
    st = position(f"{head}\nu6 : 46,22 44,22 48,22 42,22 50,22 -")
    assert elimination(st, 0) == 20 + 20 + 40 + 30  # u7, u8, u9 lost, and Sigrid fell
    st2 = position(f"{head}\nu6 : 46,22 44,22 48,22 42,22 50,22 46,24")
    assert elimination(st, 0) - elimination(st2, 0) == 30


def test_abl_14_21_radioman_and_command_squad() -> None:
    """DW-ABL-14: one out-of-range order per living Radioman of a Command Section (none once it
    falls); DW-ABL-21: the Command Squad is a Command Section and gives the +1 order."""
    st = position(f"turn 1 phase units initiator 0\n{BOSS}\n{KOMMANDO}")
    assert radiomen(st, 0) == 1 and st.unit(0).is_command
    st = position(f"turn 1 phase units initiator 0\nu0 : 4,4 - 8,4 10,4\n{KOMMANDO}")
    assert radiomen(st, 0) == 0


def test_atk_08c_excess_damage_is_lost() -> None:
    """DW-ATK-08c: a 2-damage sniper-style hit on a 1-capacity soldier destroys it and the
    second point is lost: damage never exceeds capacity (the Luther takes 3 + 3 but holds 5)."""
    st = position(
        f"turn 1 phase units initiator 0\ndice HH BB\n{BOSS}\nu4 : 46,8/90\n{KOMMANDO}\nu9 : 46,30/270"
    )
    play(st, "unit u4", "fire u9", "stop")
    assert st.dmg[9] == [5]


def test_ter_02_movement_classes_heavy_walkers_avoid_ruins() -> None:
    """DW-TER-02, DW-HVY-03: the movement class decides a piece's effect: the Mill's ruins are
    difficult for a Vehicle, impassable for a Heavy walker, clear for Soldiers."""
    game = DustWarfareGame()
    mill = next(p for p in game.board.pieces if p.id == "M1")
    assert [e.value for e in mill.effects] == ["clear", "difficult", "impassable"]
    assert game.units[4].profile.effect(mill).value == "difficult"
    assert game.units[1].profile.effect(mill).value == "clear"
