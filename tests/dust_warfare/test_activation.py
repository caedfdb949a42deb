"""Activations, actions, movement, suppression, retreat and reactions (dust_warfare.md DW-ACT,
DW-MOVE, DW-TER-04, DW-UNIT-06, DW-UNIT-07, DW-UNIT-08, DW-UNIT-09, DW-UNIT-10, DW-SUP, DW-REA, DW-HERO-04,
DW-HERO-05, DW-HERO-06, DW-ABL-01, DW-ABL-15), on positions
in the notation with scripted dice (H = 6, B = 1). Unit numbers: tests/dust_warfare/helpers.py.

The open ground used below (First Battle map): y 0-12 between x 36 and 48, and the band
y 19-29 between x 41 and 55 hold no terrain."""

from __future__ import annotations

import pytest

from tests.dust_warfare.helpers import options, play, position, texts
from warroom.core.errors import IllegalActionError
from warroom.games.dust_warfare.rules.activation import actions_available, removal_dice
from warroom.games.dust_warfare.rules.attack import cover_level
from warroom.games.dust_warfare.rules.reaction import can_react

BOSS = "u0 : 4,4 6,4 8,4 10,4"
KOMMANDO = "u5 : 4,44 6,44 8,44 10,44"
GUNNERS = "u1 : 46,8 44,8 48,8 42,8 50,8"
LASERS = "u6 : 46,22 44,22 48,22 42,22 50,22"
UNITS = "turn 1 phase units initiator 0"


def test_act_01_02_04_each_side_activates_all_its_units_with_two_actions() -> None:
    """DW-ACT-01: the Initiating player activates all their units, then the other (no
    alternation); DW-ACT-02: each once, passing allowed; DW-ACT-04: 2 actions unmarked."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    assert st.current_player() == 0 and options(st) == ["unit u0", "unit u1"]
    play(st, "unit u1")
    assert st.activation["left"] == 2
    play(st, "stop")
    assert st.current_player() == 0 and st.activation["unit"] == 0  # the Boss, activated at once
    play(st, "stop")
    assert st.current_player() == 1 and st.decision.kind == "activate"


def test_act_04_one_action_under_either_marker_or_both() -> None:
    """DW-ACT-04: a Reaction or a Suppression marker (or both) leaves 1 action, never 0."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    assert actions_available(st, 1) == 2
    st.reaction[1] = True
    assert actions_available(st, 1) == 1
    st.supp[1] = 3
    assert actions_available(st, 1) == 1
    st.reaction[1] = False
    assert actions_available(st, 1) == 1


def test_act_05_06_edge_27_legal_pairs_and_double_actions() -> None:
    """DW-ACT-05, DW-ACT-06, EDGE-27: no second single Move or second single Attack (March Move and
    Sustained Attack take both actions, only as the first action); Move then Attack is fine."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1")
    first = options(st)
    assert {"move", "march", "fire u6", "fire u6 sustained"} <= set(first)
    play(st, "move", "stay")  # 13" from the Laser Grenadiers: no reaction
    second = options(st)
    assert "move" not in second and "march" not in second
    assert "fire u6" in second and "fire u6 sustained" not in second
    with pytest.raises(IllegalActionError):
        play(st, "march")


def test_move_07_a_zero_move_still_triggers_reactions() -> None:
    """DW-MOVE-07, DW-REA-02 (a): a Move of 0" spends the action and can trigger a reaction
    from a unit within 12" (here 13" away before and after: none; 11": one)."""
    st = position(f"{UNITS}\n{BOSS}\nu1 : 46,9 44,9 48,9 42,9 50,9\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "move", "stay")
    assert st.decision.kind == "react" and st.current_player() == 1
    st = position(f"{UNITS}\n{BOSS}\nu1 : 46,7 44,7 48,7 42,7 50,7\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "move", "stay")
    assert st.decision.kind == "action" and st.activation["left"] == 1


def test_rea_02_a_move_ending_within_12_inches_triggers() -> None:
    """DW-REA-02 (a): a miniature that ends within 12" (edge to edge) of the reactor triggers:
    from 13" to exactly 12" it does, and the reaction comes after the whole Move."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u1", "move", "place 46,9 44,9 48,9 42,9 50,9")
    assert st.decision.kind == "react"
    assert set(options(st)) == {"stop", "react u6 move", "react u6 fire"}


def test_rea_03_05_edge_03_activated_units_may_still_react_once() -> None:
    """EDGE-03 (DW-REA-03, DW-REA-05): a unit that has activated may still react; it then has
    a Reaction marker and cannot react again this turn. (The digest's EDGE-03 has the Gunners
    fire at a Luther, but their rifles and BARs cannot attack V3 (§3.21.3): they Move-react.)"""
    st = position(
        f"turn 1 phase units initiator 0 side 1\n{BOSS}\nu1 done : 46,8 44,8 48,8 42,8 50,8\n"
        f"{KOMMANDO}\nu9 : 46,28/270"
    )
    assert st.decision.kind == "activate" and st.current_player() == 1
    play(st, "unit u9", "move", "place 46,23.5 face 270")  # 23.5 - 8 - 1.5 - 0.5 = 13.5": no
    assert st.decision.kind == "action" and st.activation["unit"] == 9
    st = position(
        f"turn 1 phase units initiator 0 side 1\n{BOSS}\nu1 done : 46,8 44,8 48,8 42,8 50,8\n"
        f"{KOMMANDO}\nu9 : 46,28/270"
    )
    play(st, "unit u9", "move", "place 46,22 face 270")  # exactly 12"
    assert options(st) == ["stop", "react u1 move"]
    play(st, "react u1 move", "stay")
    assert st.reaction[1] and not can_react(st, 1)


def test_rea_03_sup_03_07_markers_leader_and_retreat_bar_reactions() -> None:
    """DW-REA-03 with DW-SUP-03 and DW-SUP-07: no reaction with a Suppression or Reaction
    marker, while Leaderless (DW-UNIT-09) or Retreating."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    assert can_react(st, 6)
    st.supp[6] = 1
    assert not can_react(st, 6)
    st.supp[6] = 0
    st.reaction[6] = True
    assert not can_react(st, 6)
    st.reaction[6] = False
    st.leader[6] = -1
    assert not can_react(st, 6)


def test_rea_04_07_one_reactor_at_a_time_and_attacks_only_at_the_trigger() -> None:
    """DW-REA-04: an Attack reaction targets the triggering unit; DW-REA-07: each eligible
    unit may react in turn until the player passes."""
    recon = "u7 : 45,20 43,20 47,20 49,20 51,20"
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}\n{recon}")
    play(st, "unit u1", "move", "place 46,9 44,9 48,9 42,9 50,9")
    assert {"react u6 fire", "react u7 fire"} <= set(options(st))
    play(st, "react u6 move", "stay")
    assert st.decision.kind == "react" and "react u6 move" not in options(st)
    assert "react u7 fire" in options(st)
    play(st, "stop")
    assert st.decision.kind == "action" and st.activation["unit"] == 1


def test_rea_08_edge_08_close_combat_limits() -> None:
    """EDGE-08 (DW-REA-08): against a Close Combat attack the target may not Move-react or Hit
    the Dirt, and attacks back with Close Combat weapons only (Fists)."""
    bbq = "u3 : 46,20.5 44,20.5 48,20.5 42,20.5 50,20.5"
    st = position(f"{UNITS}\n{BOSS}\n{bbq}\n{KOMMANDO}\n{LASERS}")
    play(st, "unit u3")
    assert "assault u6" in options(st)
    play(st, "assault u6")
    assert options(st) == ["stop", "react u6 assault"]


def test_rea_08_abl_01_agile_may_move_react_to_close_combat() -> None:
    """EDGE-08 with DW-ABL-01 and DW-ABL-00: Sigrid (Agile, shared) joined to the Laser
    Grenadiers lets them Move-react to a Close Combat attack."""
    bbq = "u3 : 46,20.5 44,20.5 48,20.5 42,20.5 50,20.5"
    lasers = "u6 : 46,22 44,22 48,22 42,22 50,22 46,24"
    st = position(f"options heroes=true\n{UNITS}\n{BOSS}\n{bbq}\n{KOMMANDO}\n{lasers}")
    play(st, "unit u3", "assault u6")
    assert "react u6 move" in options(st) and "react u6 dirt" not in options(st)


def test_rea_09_hit_the_dirt_raises_cover_for_that_attack() -> None:
    """DW-REA-09, DW-REA-04: a Soldier unit attacked may Hit the Dirt: its cover level is one
    step higher for the triggering attack only."""
    st = position(f"{UNITS}\ndice HHH HHHH BBBBBB\n{BOSS}\n{GUNNERS}\n{KOMMANDO}\n{LASERS}")
    assert cover_level(st, 1, 6) == 0
    play(st, "unit u1", "fire u6")
    assert "react u6 dirt" in options(st)
    events = play(st, "react u6 dirt")
    assert "7 hit(s), 1 cancelled by cover" in texts(events, "dice")[0]
    while st.decision.kind == "hit":
        st.apply_action(st.legal_actions()[0])
    assert st.dirt == -1 and cover_level(st, 1, 6) == 0  # for that attack only


def test_sup_04_05_edge_05_retreating_threshold_and_removal_roll() -> None:
    """EDGE-05 (DW-SUP-04, DW-SUP-05): 5 miniatures with 5 markers are not Retreating, with 6 they are;
    the activation rolls 6 dice, HBBBBB removes 1: no longer Retreating, 1 action."""
    st = position(f"{UNITS}\ndice HBBBBB\n{BOSS}\nu1 supp=5 : 46,8 44,8 48,8 42,8 50,8\n{KOMMANDO}")
    assert not st.is_retreating(1)
    st.supp[1] = 6
    assert st.is_retreating(1) and removal_dice(st, 1) == 6
    play(st, "unit u1")
    assert st.supp[1] == 5 and not st.is_retreating(1) and st.activation["left"] == 1


def test_sup_06_edge_06_a_retreat_reaching_the_edge_destroys_the_unit() -> None:
    """EDGE-06 (DW-SUP-06): a Retreating leader at (4.5, 30) is 4" from the west edge (17.5"
    from the north): it retreats west, reaches the edge within 6" and the unit is destroyed."""
    st = position(f"{UNITS}\ndice BBBBBB\n{BOSS}\nu1 supp=6 : 4.5,30 6.5,30 4.5,32 6.5,32 4.5,28\n{KOMMANDO}")
    events = play(st, "unit u1")
    assert texts(events, "fled") and st.status[1] == "destroyed"


def test_sup_06_edge_07_the_nearest_edge_may_be_the_enemys() -> None:
    """EDGE-07 (DW-SUP-06): an Allied unit (south) with its leader at (40, 44) retreats to the
    north edge, 3.5" away, and leaves the table."""
    st = position(f"{UNITS}\ndice BBBBBB\n{BOSS}\nu1 supp=6 : 40,44 42,44 38,44 40,42 42,42\n{KOMMANDO}")
    events = play(st, "unit u1")
    assert (
        texts(events, "retreat") == [texts(events, "retreat")[0]] and "north" in texts(events, "retreat")[0]
    )
    assert st.status[1] == "destroyed"


def test_sup_06_a_retreat_short_of_the_edge_moves_the_full_allowance() -> None:
    """DW-SUP-06: short of the edge the leader moves its full 6" toward it; the followers end in
    formation, the placements nearest the edge listed first; then it has no other action."""
    st = position(f"{UNITS}\ndice BBBBBB\n{BOSS}\nu1 supp=6 : 46,20 44,20 48,20 44,22 48,22\n{KOMMANDO}")
    play(st, "unit u1")
    assert st.base(1, 0).centre == (46.0, 14.0) and st.in_formation(1)
    assert st.decision.kind == "action" and st.activation["unit"] == 0  # the next unit


def test_sup_06_followers_pick_a_formation_nearest_the_edge() -> None:
    """DW-SUP-06, D-21: when templates keep formation, the owner picks one, nearest the edge
    first."""
    st = position(f"{UNITS}\ndice BBBBBB\n{BOSS}\nu1 supp=6 : 46,20 44,18 48,18 44,16 48,16\n{KOMMANDO}")
    play(st, "unit u1")
    assert st.decision.kind == "where" and st.placing["point"] == [46.0, 14.0]
    play(st, options(st)[0])
    assert st.base(1, 0).centre == (46.0, 14.0) and st.in_formation(1)


def test_abl_15_heroic_stand_never_retreats_and_keeps_two_actions_alone() -> None:
    """DW-ABL-15, DW-SUP-10: a unit with Heroic stand (Rhino joined, shared) is never
    Retreating; alone, its Suppression does not cost it an action."""
    rangers = "u2 supp=9 : 46,8 44,8 48,8 42,8 50,8 46,10"
    st = position(f"options heroes=true\n{UNITS}\n{BOSS}\n{rangers}\n{KOMMANDO}")
    assert not st.is_retreating(2) and actions_available(st, 2) == 1
    st.dead[2] = [True] * 5 + [False]
    assert actions_available(st, 2) == 2


def test_hero_05_06_removal_dice_with_heroes() -> None:
    """DW-HERO-05: an unwounded Hero in the unit adds a die; DW-HERO-06: Inspiration adds one to
    other friendly units within 6", Intimidation takes one from enemy units within 6"."""
    rangers = "u2 : 46,8 44,8 48,8 42,8 50,8 46,10"  # Rhino (Inspiration) is miniature 5
    st = position(
        f"options heroes=true\n{UNITS}\n{BOSS}\nu1 supp=2 : 46,14 44,14 48,14 42,14 50,14\n{rangers}\n"
        f"{KOMMANDO}\nu6 : 46,30 44,30 48,30 42,30 50,30 46,28"
    )
    st.supp[2] = 2
    assert removal_dice(st, 2) == 3  # own Hero
    assert removal_dice(st, 1) == 3  # Rhino within 6" (14 - 10 - 1 = 3")
    st.pos[6] = [[x, y - 8, None] for x, y, _ in st.pos[6]]  # Sigrid at (46, 20): 5" from u1
    st.touch()
    assert removal_dice(st, 1) == 2  # +1 Inspiration, -1 Intimidation
    st.dmg[2] = [0, 0, 0, 0, 0, 1]  # Rhino wounded: no Inspiration, no own die (DW-HERO-04)
    assert removal_dice(st, 1) == 1 and removal_dice(st, 2) == 2


def test_hero_02_04_unit_07_a_joined_hero_leads_with_12_then_6_wounded() -> None:
    """DW-HERO-02, DW-UNIT-07: a joined Hero is its unit's Unit Leader; DW-UNIT-08: LR 12";
    DW-HERO-04: 6" while Wounded."""
    rangers = "u2 : 46,8 44,8 48,8 42,8 50,8 46,10"
    st = position(f"options heroes=true\n{UNITS}\n{BOSS}\n{rangers}\n{KOMMANDO}")
    assert st.leader[2] == 5 and st.unit(2).models[5].hero
    assert st.leadership(2) == 12.0
    st.dmg[2] = [0, 0, 0, 0, 0, 1]
    assert st.leadership(2) == 6.0


def test_unit_09_a_leaderless_unit_names_a_leader_at_activation() -> None:
    """DW-UNIT-09, DW-ACT-03 step 1: a Leaderless unit designates a surviving miniature first."""
    st = position(f"{UNITS}\n{BOSS}\nu1 leader=-1 : - 44,8 48,8 42,8 50,8\n{KOMMANDO}")
    play(st, "unit u1")
    assert st.decision.kind == "leader" and options(st) == ["leader 1", "leader 2", "leader 3", "leader 4"]
    play(st, "leader 2")
    assert st.leader[1] == 2 and st.decision.kind == "action"


def test_unit_10_out_of_formation_miniatures_close_up() -> None:
    """DW-UNIT-10, DW-ACT-03 step 2: a miniature beyond its leader's LR (6") moves toward it,
    up to its Movement, stopping once within LR."""
    st = position(f"{UNITS}\n{BOSS}\nu1 : 46,8 44,8 48,8 42,8 36.5,8\n{KOMMANDO}")
    play(st, "unit u1")
    x = st.base(1, 4).x
    assert 38.9 <= x <= 39.1 and st.in_formation(1)  # 46 - x - 1 = 6: within LR, just


def test_unit_06_move_01_a_move_out_of_formation_is_refused() -> None:
    """DW-UNIT-06, DW-MOVE-01: a Move proposal that leaves a miniature beyond the leader's LR is
    illegal; the same Move in formation is legal."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}")
    play(st, "unit u1", "move")
    bad = st.game.read_action("place 46,10 44,10 48,10 42,10 53.5,10")
    good = st.game.read_action("place 46,10 44,10 48,10 42,10 52,10")
    assert not st.is_legal(bad) and st.is_legal(good)


def test_ter_04_edge_14_difficult_terrain_halves_a_single_move_not_a_march() -> None:
    """EDGE-14 (DW-TER-04, DW-MOVE-02, DW-MOVE-05): Gunners inside woods M2 move 3" at most on a single
    Move; a March Move (12") ignores difficult terrain."""
    inside = "u1 : 12,20 10,20 14,20 11,18 13,18"
    st = position(f"{UNITS}\n{BOSS}\n{inside}\n{KOMMANDO}")
    play(st, "unit u1", "move")
    assert st.is_legal(st.game.read_action("place 12,23 10,23 14,23 11,21 13,21"))
    assert not st.is_legal(st.game.read_action("place 12,23.1 10,23.1 14,23.1 11,21.1 13,21.1"))
    st = position(f"{UNITS}\n{BOSS}\n{inside}\n{KOMMANDO}")
    play(st, "unit u1", "march")
    assert st.is_legal(st.game.read_action("place 24,20 22,20 26,20 23,18 25,18"))


def test_move_08_geo_17_a_vehicle_pivots_freely_and_lists_facings() -> None:
    """DW-MOVE-08: a vehicle may pivot any amount during its Move (a pivot alone included);
    DW-GEO-17 (c): the last stage lists its 16 facings."""
    st = position(f"{UNITS}\n{BOSS}\nu4 : 46,8/90\n{KOMMANDO}")
    play(st, "unit u4", "move")
    assert st.is_legal(st.game.read_action("place 46,8 face 270"))
    region = st.game.actions.region_of(46, 8)
    play(st, f"region {region}", "at 46 9")
    assert options(st)[:2] == ["stay", "face 0"] and len(options(st)) == 17


def test_geo_17_every_listed_stage_leads_to_a_legal_placement() -> None:
    """DW-GEO-17: each offered region has a lattice point, each point a template, and each
    template is a placement the predicate accepts."""
    st = position(f"{UNITS}\n{BOSS}\n{GUNNERS}\n{KOMMANDO}")
    play(st, "unit u1", "move")
    regions = [o for o in options(st) if o.startswith("region")]
    assert regions
    for region in regions[:4]:
        probe = st.clone()
        play(probe, region)
        point = next(o for o in options(probe) if o.startswith("at"))
        play(probe, point)
        shapes = [o for o in options(probe) if o != "stay"]
        assert shapes
        play(probe, shapes[0])
        assert probe.in_formation(1)
