"""Board geometry and sections (M44-BOARD-01, M44-BOARD-02, M44-BOARD-03, M44-BOARD-04, M44-BOARD-05) and line
of sight (M44-LOS-01, M44-LOS-02, M44-LOS-03, M44-LOS-04, M44-LOS-05, M44-LOS-06, M44-LOS-07,
M44-LOS-08)."""

from __future__ import annotations

from tests.memoir44.conftest import pos, targets, to_battle
from warroom.games.memoir44.board import (
    DIST,
    NAMES,
    NEIGHBOURS,
    NUM_HEXES,
    REARWARD,
    SECTIONS,
    SIGHT,
    Section,
    from_m44,
    parse_hex,
    sight,
)  # fmt: skip


def h(name: str) -> int:
    return parse_hex(name)


def test_board_has_113_hexes_in_long_and_short_rows():
    """M44-BOARD-01: rows of 13 and 12 hexes, 113 in all, in .m44 doubled columns."""
    assert NUM_HEXES == 113
    assert (
        NAMES[from_m44(0, 0)] == "R1C1"
        and NAMES[from_m44(1, 1)] == "R2C1"
        and NAMES[from_m44(8, 24)] == "R9C13"
    )
    assert sorted(NAMES[n] for n in NEIGHBOURS[h("R5C7")]) == ["R4C6", "R4C7", "R5C6", "R5C8", "R6C6", "R6C7"]
    assert len(NEIGHBOURS[h("R1C1")]) == 2  # the corner: R1C2 and R2C1
    assert DIST[h("R7C7")][h("R3C7")] == 4 and DIST[h("R9C7")][h("R3C7")] == 6


def test_sections_and_shared_hexes():
    """M44-BOARD-02: long rows split 4/5/4; short-row C4 and C9 lie on the dashed lines.
    M44-BOARD-04: sections matter only for orders (units cross them freely)."""
    counts = {k: sum(1 for s in SECTIONS if s == k) for k in set(SECTIONS)}
    assert (
        counts[(Section.LEFT,)] == 32 and counts[(Section.CENTER,)] == 41 and counts[(Section.RIGHT,)] == 32
    )
    assert SECTIONS[h("R6C4")] == (Section.LEFT, Section.CENTER)
    assert SECTIONS[h("R2C9")] == (Section.CENTER, Section.RIGHT)
    assert SECTIONS[h("R5C4")] == (Section.LEFT,) and SECTIONS[h("R5C5")] == (Section.CENTER,)


def test_each_hex_has_one_base_terrain():
    """M44-BOARD-05: one base terrain per hex plus a feature and obstacles (a bunker on a hill)."""
    st = pos("""
        terrain hill R4C7
        bunker axis R4C7
        sandbags R4C7
        axis infantry R4C7
        allies infantry R6C7
    """)
    sc = st.game.scenario
    assert st.game.terrain_kind[h("R4C7")] == "hill" and sc.bunker[h("R4C7")] == 1 and st.sandbags[h("R4C7")]


def test_rearward_hexes():
    """M44-RETR-01 geometry: the two hexes straight back toward each edge."""
    assert sorted(NAMES[n] for n in REARWARD[1][h("R5C7")]) == ["R6C6", "R6C7"]
    assert sorted(NAMES[n] for n in REARWARD[0][h("R5C7")]) == ["R4C6", "R4C7"]
    assert [NAMES[n] for n in REARWARD[1][h("R8C1")]] == ["R9C1", "R9C2"]
    assert [NAMES[n] for n in REARWARD[0][h("R3C1")]] == ["R2C1"]


def test_los_geometry_reduces_to_four_cases():
    """M44-LOS-08 (and M44-LOS-04): within range 3, distance 2 has one crossed hex or an edge
    between two grazed hexes (one off-board at the edge), distance 3 exactly two crossed hexes."""
    for key, s in SIGHT.items():
        a, b = divmod(key, NUM_HEXES)
        if DIST[a][b] == 3:
            assert len(s.crossed) == 2 and not s.left and not s.right
        else:
            assert (len(s.crossed), len(s.left) + len(s.right)) in ((1, 0), (0, 2), (0, 1))
    along = sight(h("R7C7"), h("R5C7"))
    assert sorted(NAMES[x] for x in along.left + along.right) == ["R6C6", "R6C7"] and not along.crossed


def test_corner_touch_never_blocks():
    """M44-LOS-06: hexes touched only at a corner are not listed as crossed or grazed."""
    a, b = h("R1C1"), h("R6C4")
    s = sight(a, b)
    touched = set(s.crossed + s.left + s.right)
    assert all(DIST[a][x] < DIST[a][b] for x in touched)


EX06 = """
    allies infantry R7C7
    axis infantry R5C7
    hand allies: probe_center
"""


def test_ex06_los_along_an_edge():
    """EX-06 / M44-LOS-05: grazed hexes block only with blockers on both sides of the line."""
    st = pos(EX06 + "allies infantry R6C7\n")
    to_battle(st, "probe_center", "R7C7")
    assert targets(st, "R7C7") == ["R5C7"]  # case (a): one side only
    st = pos(EX06 + "allies infantry R6C7\nallies infantry R6C6\n")
    to_battle(st, "probe_center", "R7C7")
    assert targets(st, "R7C7") == []  # case (b): units on both sides
    st = pos(EX06 + "terrain forest R6C6\nallies infantry R6C7\n")
    to_battle(st, "probe_center", "R7C7")
    assert targets(st, "R7C7") == []  # case (c): forest one side, unit the other


def test_los_crossed_hex_blocks_alone():
    """M44-LOS-02, M44-LOS-03: a unit or blocking terrain in a crossed hex blocks; the end hexes never do;
    river, wire and sandbags never block. M44-TERR-03: forest blocks."""
    base = "allies infantry R7C7\naxis infantry R4C7\nhand allies: probe_center\n"
    s = sight(h("R7C7"), h("R4C7"))
    assert sorted(NAMES[x] for x in s.crossed) == ["R5C7", "R6C7"]
    for blocker, blocked in (("terrain forest R6C7", True), ("terrain town R5C7", True),
                             ("terrain hedgerow R6C7", True), ("bunker axis R5C7", True),
                             ("terrain river R6C7", False), ("wire R6C7", False), ("sandbags R5C7", False),
                             ("terrain forest R7C7", False)):  # fmt: skip
        st = pos(base + blocker + "\n")
        to_battle(st, "probe_center", "R7C7")
        assert (targets(st, "R7C7") == []) == blocked, blocker


def test_edge11_board_edge_never_blocks():
    """EDGE-11 (M44-LOS-05): R1C1 to R3C1 grazes R2C1 and off-board space: never blocked."""
    st = pos("""
        terrain forest R2C1
        allies infantry R3C1
        axis infantry R1C1
        hand allies: probe_left
    """)
    to_battle(st, "probe_left", "R3C1")
    assert targets(st, "R3C1") == ["R1C1"]


def test_artillery_needs_no_los():
    """M44-LOS-01 / M44-BATTLE-05: artillery fires over blockers; infantry cannot."""
    st = pos("""
        terrain forest R6C7 R5C7
        allies artillery R7C7
        allies infantry R7C8
        axis infantry R3C7
        hand allies: probe_center
    """)
    to_battle(st, "probe_center", "R7C7", "R7C8")
    assert targets(st, "R7C7") == ["R3C7"] and targets(st, "R7C8") == []


def test_ex19_hills_same_height_and_plateau():
    """EX-19 / M44-LOS-07 / M44-TERR-07, M44-TERR-08: hill protection only from low ground; a plateau does not
    block its own units; a hill between low ground and a hill does."""
    st = pos("""
        terrain hill R6C5 R6C6 R6C7
        allies infantry R6C5
        axis infantry R6C7
        hand allies: probe_center
    """)
    to_battle(st, "probe_center", "R6C5")
    assert "battle R6C5 R6C7" in [a.text for a in st.legal_actions()]
    assert st.game.consequence(st, st.game.parse_action(st, "battle R6C5 R6C7"))["dice"] == 2
    st = pos("""
        terrain hill R6C5 R6C6
        allies infantry R6C4
        axis infantry R6C6
        hand allies: probe_left
    """)
    to_battle(st, "probe_left", "R6C4")
    assert targets(st, "R6C4") == []
