"""The He-111 bomber (SG-HE-01..07) and the rulebook's five He-111 variants (EX-02..EX-06).

Every position starts at phase 6 with the He-111 on top of the reserve and the die scripted
(`dice: 2` -> the bomber flies sector 2 towards OPP(2) = 5); a Tiger revealed second (`dice: .. 1`
or 3) keeps the game running. Token ids: Sd.Kfz t0.., Pz.III t6.., Tiger t17.."""

from __future__ import annotations

import pytest

from tests.siege.conftest import enemy, pos, texts

OPP = {1: 4, 2: 5, 3: 6, 4: 1, 5: 2, 6: 3}
RINGS = ("rear", "aviation", "artillery", "tank", "city")


def alive(st):
    return {(e["sector"], e["ring"]) for e in st.view(None)["enemies"] if e["kind"] != "tiger"}


# -- the five variants -------------------------------------------------------------------------------


def test_variant_1_fortification_of_the_rolled_sector():
    """EX-02, SG-HE-07 (1), SG-HE-02, SG-HE-03: F(2) standing; Sd.Kfz in REAR(2) and Pz.III in
    TANK(2) are destroyed (no trophies), F(2) is removed, building 2 stays, the token is
    discarded."""
    st = pos("""
        phase reveal
        enemy 2 rear sdkfz              # t0
        enemy 2 tank pz3                # t6
        reserve: he111 tiger
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 0) is None and enemy(st, 6) is None
    assert view["fortifications"][2] is False and view["buildings"][2] is True
    assert view["fortifications"][5] is True and view["buildings"][5] is True
    assert view["trophies"] == [[], [], [], []]
    assert view["enemy_discard"][-3:] == ["he111", "sdkfz", "pz3"]


def test_variant_2_building_of_the_rolled_sector():
    """EX-03, SG-HE-07 (2): F(2) absent, building 2 standing: the Tiger in ARTILLERY(2) is
    destroyed, building 2 is destroyed, the bomber stops (sector 5 untouched)."""
    st = pos("""
        phase reveal
        forts 1 3 4 5 6
        enemy 2 artillery tiger         # t17
        enemy 5 tank pz3                # t6
        reserve: he111 sdkfz
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 17) is None
    assert view["buildings"][2] is False
    assert view["buildings"][5] is True and view["fortifications"][5] is True
    assert enemy(st, 6)["armour"] == 2


def test_variant_3_building_of_the_opposite_sector():
    """EX-04, SG-HE-07 (3): F(2) absent, building 2 gone, Pz.III[1] in CITY(2), building 5 standing,
    Tiger in TANK(5): the Pz.III and building 5 are destroyed; F(5) and the Tiger are untouched."""
    st = pos("""
        phase reveal
        forts 1 3 4 5 6
        buildings 1 3 4 5 6
        enemy 2 city pz3 1              # t6
        enemy 5 tank tiger              # t17
        reserve: he111 sdkfz
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 6) is None
    assert view["buildings"][5] is False
    assert view["fortifications"][5] is True
    assert enemy(st, 17) == {**enemy(st, 17), "sector": 5, "ring": "tank", "armour": 3}


def test_variant_4_fortification_of_the_opposite_sector():
    """EX-05, SG-HE-07 (4): F(2) absent, buildings 2 and 5 gone, F(5) standing; the Sd.Kfz in
    CITY(5) is destroyed and F(5) removed; the Pz.III in TANK(5), beyond the wall, survives."""
    st = pos("""
        phase reveal
        forts 1 3 4 5 6
        buildings 1 3 4 6
        enemy 5 city sdkfz              # t0
        enemy 5 tank pz3                # t6
        reserve: he111 tiger
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 0) is None
    assert view["fortifications"][5] is False
    assert enemy(st, 6)["ring"] == "tank" and enemy(st, 6)["armour"] == 2


def test_variant_5_flies_through_the_whole_board():
    """EX-06, SG-HE-07 (5), SG-HE-01, SG-HE-04: no structure in sectors 2 and 5; one enemy in each
    of the 10 path spaces: all 10 destroyed, no structure touched, the bomber leaves."""
    lines = [f"enemy {s} {ring} sdkfz" if i < 6 else f"enemy {s} {ring} pz3"
             for i, (s, ring) in enumerate((s, r) for s in (2, 5) for r in RINGS)]  # fmt: skip
    st = pos("\n".join(["phase reveal", "forts 1 3 4 6", "buildings 1 3 4 6", *lines,
                        "enemy 1 aviation pz3", "reserve: he111 tiger", "dice: 2 3"]))  # fmt: skip
    view = st.view(None)
    assert alive(st) == {(1, "aviation")}
    assert view["fortifications"] == {1: True, 2: False, 3: True, 4: True, 5: False, 6: True}
    assert view["buildings"] == {1: True, 2: False, 3: True, 4: True, 5: False, 6: True}
    assert view["enemy_discard"].count("he111") >= 1


# -- the rules -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("s", [1, 2, 3, 4, 5, 6])
def test_path_runs_through_rolled_sector_then_the_opposite_one(s):
    """SG-HE-01, SG-HE-04: with no structure in s and OPP(s) the bomber crosses REAR(s)..CITY(s),
    CITY(OPP(s))..REAR(OPP(s)); the enemies of the four other sectors are untouched."""
    o = OPP[s]
    others = [x for x in range(1, 7) if x not in (s, o)]
    standing = " ".join(map(str, others))
    lines = [f"enemy {x} rear sdkfz\nenemy {x} tank pz3" for x in range(1, 7)]
    lines += [f"enemy {x} city pz3" for x in (s, o)]  # SG-DEF-07: only where the building is gone
    st = pos("\n".join(["phase reveal", f"forts {standing}", f"buildings {standing}", *lines,
                        "reserve: he111 tiger", f"dice: {s} {others[0]}"]))  # fmt: skip
    assert {x for x, _ in alive(st)} == set(others)


def test_bomber_destroys_hedgehog_marked_enemy_and_gives_no_trophy():
    """SG-HE-02 (EDGE-06): the hedgehog protects from movement only: the marked Pz.III in REAR(2)
    is destroyed by the He-111 (rolled 2), the hedgehog goes back to the supply, no trophy."""
    st = pos("""
        phase reveal
        enemy 2 rear pz3 hedgehog       # t6
        reserve: he111 tiger
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 6) is None
    assert view["hedgehog"] is None
    assert view["trophies"] == [[], [], [], []] and view["scores"] == [0, 0, 0, 0]
    assert view["enemy_discard"][-1] == "pz3"


def test_bomber_hitting_a_dot_removes_only_the_dot():
    """SG-HE-03: F(2) carries a DOT: the DOT is removed, F(2) stays, the bomber stops (building 2
    and everything in sector 5 untouched)."""
    st = pos("""
        phase reveal
        dots 2
        enemy 2 aviation sdkfz          # t0
        enemy 5 rear pz3                # t6
        reserve: he111 tiger
        dice: 2 1
    """)
    view = st.view(None)
    assert enemy(st, 0) is None
    assert view["dots"][2] is False and view["fortifications"][2] is True
    assert view["buildings"][2] is True
    assert enemy(st, 6) is not None


def test_spaces_after_the_stopping_structure_are_untouched():
    """SG-HE-05: F(2) intact and building 2 already gone: the enemy in CITY(2) behind the wall and
    the enemies of sector 5 survive; only TANK(2) in front of the wall is hit."""
    st = pos("""
        phase reveal
        buildings 1 3 4 6
        enemy 2 tank sdkfz              # t0
        enemy 2 city pz3                # t6
        enemy 5 rear pz3                # t7
        enemy 5 city pz3                # t8
        reserve: he111 tiger
        dice: 2 1
    """)
    assert enemy(st, 0) is None
    assert all(enemy(st, t) is not None for t in (6, 7, 8))
    assert st.view(None)["fortifications"][2] is False
    assert st.view(None)["fortifications"][5] is True


def test_only_the_bomber_destroys_enemies_in_the_rear():
    """SG-HE-06, SG-ATK-03: no damage or destroy card can target a Sd.Kfz in REAR(1) (only the
    Hedgehogs may mark it), yet the He-111 rolled on sector 1 destroys it."""
    st = pos("""
        hand 0: red_aviation any_aviation any_tank counter_red il2 onslaught precise_shot hedgehogs
        enemy 1 rear sdkfz              # t0
        reserve: he111 tiger
        dice: 1 3
    """)
    on_t0 = [t for t in texts(st) if t.endswith(" t0")]
    assert on_t0 == ["play hedgehogs t0"]
    st.apply_action("pass")  # phase 5: REAR(1) -> AVIATION(1); phase 6: the bomber rolls 1
    assert enemy(st, 0) is None
    st = pos("""
        phase reveal
        enemy 1 rear sdkfz              # t0
        reserve: he111 tiger
        dice: 1 3
    """)
    assert enemy(st, 0) is None
    assert st.view(None)["enemy_discard"][-1] == "sdkfz"
