""".m44 files as the Days of Wonder scenario editor writes them (../shared/formats/m44.md),
imported the way `warroom scenario import` does (`Memoir44Game.import_scenario`) and played.

Each fixture in tests/memoir44/m44/ is a layout written here for one feature, using only base-game
terrain, obstacles and units:

| fixture | feature |
|---|---|
| bridge_span3.m44 | a 3-hex bridge: sections on the land at both ends of a one-hex river (M44-TERR-09) |
| wide_river.m44 | a river two hexes wide crossed by two 4-hex bridges |
| rivers.m44 | river and bend pieces in all six orientations, bridges in all six, a pond |
| objectives.m44 | every kind of objective medal marker (medal0/1/2/3/4/6/7), a marker `tagN` |
| beach_landing.m44 | the beach face: bunkers in each half, hedgehogs, wire, units in the ocean |
| allies_top.m44 | the Allies as player 1 at the top, moving first; bunkers on the middle row |
| every_piece.m44 | every base-game piece name, unit code, nation, badge and figure count |
| open_placements.m44 | placements the editor allows and the base rules play: bridge ends on a town |
| | and a forest, a bunker on a river, ocean and beach tiles on the countryside face, a lone bridge |

Every fixture imports with no error and then plays seeded random games to the end through the
generic checker with the Memoir '44 invariants at every step; the rule tests below then put units
on each imported map (written back in the position notation) where the feature matters.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tests.memoir44.conftest import dice_of, figures, moves, play, pos, targets, to_battle, to_move, unit_at
from tests.memoir44.test_random_games import Invariant
from warroom.core.checker import check_random_game
from warroom.core.errors import CorruptDataError
from warroom.games.memoir44.board import HEXES, INDEX, NAMES, NEIGHBOURS, parse_hex
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import Scenario, import_m44, parse_text
from warroom.games.memoir44.words import DRAW, OBSTACLE_KINDS, SIDE_NAMES, TERRAIN_KINDS

FIXTURES = Path(__file__).parent / "m44"
NAMES_OF = sorted(p.name for p in FIXTURES.glob("*.m44"))
SEEDS = 20  # seeded games per fixture under the 40-turn bound (test_random_games.py explains it)
FULL_SEEDS = 6  # and under the default 200-turn bound, where random play also wins
BOUND = 40


def imported(name: str) -> Scenario:
    """The fixture through the import path: .m44 -> warroom TOML -> validated scenario."""
    text, _ = Memoir44Game.import_scenario(str(FIXTURES / name))
    return parse_text(text, name)


def map_of(name: str) -> str:
    """The imported map (face, sides, terrain, features, obstacles, objectives, no units) in the
    position notation (warroom/games/memoir44/position.py), for rule tests on it."""
    sc = imported(name)
    lines = [f"face {sc.board_face}", f"bottom {SIDE_NAMES[sc.bottom_side]}"]
    kinds: dict[str, list[str]] = {}
    for h, t in enumerate(sc.terrain):
        if TERRAIN_KINDS[t] != "clear":
            kinds.setdefault(TERRAIN_KINDS[t], []).append(NAMES[h])
    lines += [f"terrain {kind} {' '.join(hexes)}" for kind, hexes in kinds.items()]
    lines += [f"bridge {NAMES[h]}" for h, b in enumerate(sc.bridge) if b]
    lines += [f"bunker {SIDE_NAMES[s]} {NAMES[h]}" for h, s in enumerate(sc.bunker) if s >= 0]
    for kind, marks in zip(OBSTACLE_KINDS, (sc.sandbags, sc.wire, sc.hedgehog), strict=True):
        lines += [f"{kind} {NAMES[h]}" for h, m in enumerate(marks) if m]
    for o in sc.objectives:
        extra = (" permanent" if o.permanent else "") + (f" medals={o.medals}" if o.medals > 1 else "")
        lines += [f"objective {SIDE_NAMES[o.side]} {NAMES[h]}{extra}" for h in o.hexes]
    return "\n".join(lines) + "\n"


def on_map(name: str, text: str, seed: int = 0):
    return pos(map_of(name) + text, seed)


def hexes(*names: str) -> set[int]:
    return {parse_hex(n) for n in names}


def medals(st) -> tuple[int, int]:
    m = st.view(None)["medals"]
    return m["allies"], m["axis"]


# -- every fixture imports and plays ------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES_OF)
def test_fixture_imports_and_plays(name, tmp_path):
    """M44-SCEN-01..08 / M44-TURN-01, M44-MEDAL-06: the file imports (`warroom scenario import`),
    the TOML it gives plays exactly as the .m44 itself, and seeded random games run to their end
    with the contract and the invariants checked at every step."""
    text, warnings = Memoir44Game.import_scenario(str(FIXTURES / name))
    converted = tmp_path / f"{Path(name).stem}.toml"
    converted.write_text(text, encoding="utf-8")
    game = Memoir44Game(scenario=str(converted), max_turns=BOUND)
    direct = Memoir44Game(scenario=str(FIXTURES / name), max_turns=BOUND)
    same = dataclasses.replace(direct.scenario, warnings=())
    assert dataclasses.replace(game.scenario, warnings=()) == same
    assert all(name in w for w in warnings)
    for seed in range(SEEDS):
        final = check_random_game(game, seed, deep_every=37, invariant=Invariant())
        assert final.is_terminal() and final.turn <= BOUND
        assert final.result != DRAW or final.turn == BOUND
    results = set()
    full = Memoir44Game(scenario=str(converted))
    for seed in range(FULL_SEEDS):
        final = check_random_game(full, seed, deep_every=97, invariant=Invariant())
        results.add(final.view(None)["result"])
    assert {"allies", "axis"} & results, "no random game was won"


def test_fixture_table_lists_every_fixture():
    assert all(name in __doc__ for name in NAMES_OF) and len(NAMES_OF) == 8


# -- long bridges (M44-TERR-09) -----------------------------------------------------------------

SPAN3 = ("R4C6", "R5C7", "R6C7")  # north land end, river, south land end
RIVER_ROW = [f"R5C{c}" for c in range(1, 14)]


def test_three_hex_span_imports_as_bridge_hexes():
    """M44-SCEN-03 / M44-TERR-09: the editor's bridge sections on the land at both ends of the bridge
    import as bridge hexes; the land keeps its terrain (clear), the river hex its river."""
    sc = imported("bridge_span3.m44")
    assert {h for h, b in enumerate(sc.bridge) if b} == hexes(*SPAN3, "R5C2")
    kinds = [TERRAIN_KINDS[sc.terrain[parse_hex(n)]] for n in SPAN3]
    assert kinds == ["clear", "river", "clear"]


def test_armor_crosses_the_three_hex_span_in_one_move():
    """M44-TERR-09, M44-UNIT-02, M44-MOVE-05: on the 3-hex bridge a unit moves as on a bridge,
    hex by hex with no stop: armor beside the south end crosses the whole span (3 hexes), armor on
    the south end goes on beyond the north end; no other river hex of the row can be entered."""
    st = on_map("bridge_span3.m44", "allies armor R7C8\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R7C8")
    reach = moves(st, "R7C8")
    assert {"R6C7", "R5C7", "R4C6"} <= set(reach)
    assert not set(reach) & (set(RIVER_ROW) - {"R5C7"})
    st = on_map("bridge_span3.m44", "allies armor R6C7\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R6C7")
    assert {"R5C7", "R4C6", "R3C6", "R3C7"} <= set(moves(st, "R6C7"))


def test_infantry_on_a_bridge_section_battles_normally():
    """M44-TERR-09 (a unit on a bridge battles normally; bridges block no LOS) / M44-UNIT-01:
    infantry stepping onto the south land section may still fire, across the river section, at
    the north end: 2 dice at range 2."""
    st = on_map(
        "bridge_span3.m44", "allies infantry R7C7\naxis infantry R4C6\nhand allies: general_advance\n"
    )
    to_move(st, "general_advance", "R7C7")
    play(st, "move R7C7 R6C7")  # its only move: the battle step follows
    assert targets(st, "R6C7") == ["R4C6"] and dice_of(st, "R6C7", "R4C6") == 2


def test_bridge_section_gives_no_cover_but_its_sandbags_do():
    """M44-TERR-09 (a bridge gives no protection) / M44-OBST-06, M44-OBST-07 (sandbags protect on a
    bridge hex): a close assault on the north land section rolls 3 dice, 2 behind sandbags."""
    units = "allies infantry R5C7\naxis infantry R4C6\nhand allies: general_advance\n"
    st = on_map("bridge_span3.m44", units)
    to_battle(st, "general_advance", "R5C7")
    assert dice_of(st, "R5C7", "R4C6") == 3
    st = on_map("bridge_span3.m44", units + "sandbags R4C6\n")
    to_battle(st, "general_advance", "R5C7")
    assert dice_of(st, "R5C7", "R4C6") == 2


def test_retreat_runs_along_the_span():
    """M44-RETR-01, M44-RETR-04: an Allied unit on the north land section retreats toward its
    baseline: of its two rearward hexes the river is closed and the bridge open, so one flag takes
    it onto the river section."""
    text = "allies infantry R4C6\naxis infantry R3C6\nactive axis\nhand axis: general_advance\ndice: F S S\n"
    st = on_map("bridge_span3.m44", text)
    to_battle(st, "general_advance", "R3C6")
    play(st, "battle R3C6 R4C6")
    assert unit_at(st, "R4C6") is None and figures(st, "R5C7") == 4


WIDE_SPAN = ("R3C7", "R4C7", "R5C8", "R6C8")
WIDE_RIVER = [f"R4C{c}" for c in range(1, 13)] + RIVER_ROW


def test_wide_river_spans_import_as_bridge_hexes():
    """M44-SCEN-03 / M44-TERR-09: both 4-hex bridges over the 2-hex river are bridge hexes."""
    sc = imported("wide_river.m44")
    assert {h for h, b in enumerate(sc.bridge) if b} == hexes(*WIDE_SPAN, "R3C3", "R4C2", "R5C2", "R6C1")
    assert all(TERRAIN_KINDS[sc.terrain[parse_hex(n)]] == "river" for n in WIDE_RIVER)


def test_armor_crosses_the_wide_river_on_the_span():
    """M44-TERR-09, M44-UNIT-02: from the south land end armor crosses both river sections to the
    north end (3 hexes); from one hex further back the north end is a 4th step, out of reach.
    The river hexes beside the span stay closed."""
    st = on_map("wide_river.m44", "allies armor R6C8\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R6C8")
    reach = set(moves(st, "R6C8"))
    assert {"R5C8", "R4C7", "R3C7"} <= reach
    assert not reach & (set(WIDE_RIVER) - set(WIDE_SPAN))
    st = on_map("wide_river.m44", "allies armor R7C8\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R7C8")
    reach = set(moves(st, "R7C8"))
    assert {"R6C8", "R5C8", "R4C7"} <= reach and "R3C7" not in reach


def test_unit_mid_span_battles_and_retreats_along_the_bridge():
    """M44-TERR-09, M44-RETR-04: an Allied unit on the northern river section fires normally
    (3 dice, close assault) and, hit by a flag, retreats onto the next section: its other
    rearward hex is river."""
    text = "allies infantry R4C7\naxis infantry R3C8\nhand allies: general_advance\n"
    st = on_map("wide_river.m44", text)
    to_battle(st, "general_advance", "R4C7")
    assert dice_of(st, "R4C7", "R3C8") == 3
    text = "allies infantry R4C7\naxis infantry R3C8\nactive axis\nhand axis: general_advance\ndice: F S S\n"
    st = on_map("wide_river.m44", text)
    to_battle(st, "general_advance", "R3C8")
    play(st, "battle R3C8 R4C7")
    assert unit_at(st, "R4C7") is None and figures(st, "R5C8") == 4


# -- rivers of every orientation (M44-TERR-09) --------------------------------------------------

RIVER_PATH = ["R5C1", "R5C2", "R6C2", "R6C3", "R5C4", "R5C5", "R4C5", "R4C6", "R5C7", "R6C7", "R6C8",
              "R5C9", "R5C10", "R4C10", "R4C11", "R5C12", "R5C13"]  # fmt: skip
POND = ["R8C2", "R8C3", "R9C2", "R9C3"]
RIVER_BRIDGES = ["R5C2", "R6C3", "R4C5", "R6C7", "R5C10", "R5C13"]


def test_river_pieces_of_every_orientation(tmp_path):
    """M44-TERR-09: `river` and `curve` pieces, each in all six orientations, and the pond's four
    bends all import as river; the six bridges (one per orientation) as bridges. Orientation is
    the picture only: the file reads the same with every orientation dropped."""
    doc = json.loads((FIXTURES / "rivers.m44").read_text(encoding="utf-8"))
    entries = doc["board"]["hexagons"]
    pieces = {(e["terrain"]["name"], e["terrain"].get("orientation")) for e in entries if "terrain" in e}
    assert {(p, o) for p in ("river", "curve") for o in range(1, 7)} <= pieces
    assert {e["rect_terrain"]["orientation"] for e in entries if "rect_terrain" in e} == set(range(1, 7))
    sc = imported("rivers.m44")
    river = {h for h, t in enumerate(sc.terrain) if TERRAIN_KINDS[t] == "river"}
    assert river == hexes(*RIVER_PATH, *POND)
    assert {h for h, b in enumerate(sc.bridge) if b} == hexes(*RIVER_BRIDGES)
    for entry in doc["board"]["hexagons"]:
        for piece in ("terrain", "rect_terrain"):
            if piece in entry:
                entry[piece].pop("orientation", None)
    plain = tmp_path / "rivers.m44"
    plain.write_text(json.dumps(doc), encoding="utf-8")
    unrotated = parse_text(import_m44(plain), "rivers.m44")
    assert (unrotated.terrain, unrotated.bridge) == (sc.terrain, sc.bridge)


def test_every_unbridged_river_piece_is_closed():
    """M44-TERR-09, M44-MOVE-05: no unit steps into a river hex without a bridge, whatever the
    piece or its orientation; a bridged one it may."""
    bridged = hexes(*RIVER_BRIDGES)
    river = hexes(*RIVER_PATH, *POND)
    for target in sorted(river):
        start = next(n for n in NEIGHBOURS[target] if n not in river)
        st = on_map("rivers.m44", f"allies infantry {NAMES[start]}\nhand allies: general_advance\n")
        to_move(st, "general_advance", NAMES[start])
        assert (NAMES[target] in moves(st, NAMES[start])) == (target in bridged), NAMES[target]


def test_fire_across_the_river_and_retreat_blocked_by_it():
    """M44-TERR-09 (rivers block no LOS), EX-20 / M44-RETR-04, M44-RETR-06: an Allied infantry fires
    across the river at range 2 with 2 dice; an Allied unit whose two rearward hexes are both river
    loses a figure for the flag it cannot take (and one for the hit)."""
    st = on_map("rivers.m44", "allies infantry R6C5\naxis infantry R4C4\nhand allies: general_advance\n")
    to_battle(st, "general_advance", "R6C5")
    assert dice_of(st, "R6C5", "R4C4") == 2
    text = "allies infantry R4C4\naxis infantry R3C4\nactive axis\nhand axis: general_advance\ndice: F I S\n"
    st = on_map("rivers.m44", text)
    to_battle(st, "general_advance", "R3C4")
    play(st, "battle R3C4 R4C4")
    assert figures(st, "R4C4") == 2


# -- objectives of every kind (M44-MEDAL-02..06) ------------------------------------------------

# hex -> (medals the Allies hold there, medals the Axis hold there)
OBJECTIVES = {
    "R5C2": (1, 0),  # medal1: Allied
    "R5C4": (1, 0),  # medal4: Allied
    "R5C6": (1, 0),  # medal6: Allied
    "R5C7": (1, 1),  # medal0: either side
    "R5C8": (0, 1),  # medal2: Axis
    "R5C10": (0, 1),  # medal7: Axis
    "R5C12": (0, 1),  # medal3: any other number is Axis
    "R6C5": (1, 0),  # medal1 with a marker tag5 beside it
    "R4C9": (1, 1),  # medal1 and medal2 on one hex
}


def test_objective_markers_import_by_kind():
    """M44-SCEN-06 / M44-MEDAL-03: each medal marker is a 1-medal temporary objective for its side
    (medal0 one for each side); the marker tag5 is noted, not played."""
    sc = imported("objectives.m44")
    got: dict[str, list[int]] = {}
    for o in sc.objectives:
        assert o.medals == 1 and not o.permanent and len(o.hexes) == 1
        got.setdefault(NAMES[o.hexes[0]], [0, 0])[o.side] += 1
    assert got == {h: list(v) for h, v in OBJECTIVES.items()}
    assert "tag5 on R6C5" in sc.notes and "2, 3 and 7 for the Axis" in sc.notes


def beside(hexname: str, row_step: int) -> str:
    """A neighbour of hexname one row up (-1) or down (+1) that is no objective."""
    row, col = HEXES[parse_hex(hexname)]
    for dc in (1, -1):
        h = INDEX.get((row + row_step, col + dc))
        if h is not None and NAMES[h] not in OBJECTIVES:
            return NAMES[h]
    raise AssertionError(hexname)


@pytest.mark.parametrize(("hexname", "side"), [(h, s) for h in OBJECTIVES for s in SIDE_NAMES])
def test_objective_scores_for_its_side_while_held(hexname, side):
    """M44-MEDAL-02, M44-MEDAL-03, M44-MEDAL-05: a unit entering an objective hex gives its side the
    objective's medal at once if the marker is that side's (or medal0), and nothing otherwise;
    the medal is lost the moment the unit leaves."""
    expected = OBJECTIVES[hexname][SIDE_NAMES.index(side)]
    index = SIDE_NAMES.index(side)
    start = beside(hexname, 1 if side == "allies" else -1)
    orders = f"active {side}\nhand {side}: general_advance\n"
    st = on_map("objectives.m44", f"{side} infantry {start}\n" + orders)
    to_move(st, "general_advance", start)
    play(st, f"move {start} {hexname}")
    assert medals(st)[index] == expected and medals(st)[1 - index] == 0
    st = on_map("objectives.m44", f"{side} infantry {hexname}\n" + orders)
    assert medals(st)[index] == expected
    to_move(st, "general_advance", hexname)
    play(st, f"move {hexname} {start}")
    assert medals(st) == (0, 0)


def test_objective_medal_wins_at_once():
    """M44-MEDAL-05, M44-MEDAL-06: with 1 medal to win, an Allied unit stepping onto the medal0 hex
    wins the game for the Allies in the middle of the turn."""
    st = on_map("objectives.m44", "allies infantry R6C7\nmedals 1 6\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R6C7")
    play(st, "move R6C7 R5C7")
    assert st.is_terminal() and st.view(None)["result"] == "allies"


# -- beach face, bunkers by half (M44-OBST-04, M44-TERR-10..12) --------------------------------


def test_beach_bunkers_cover_the_side_whose_half_they_are_in():
    """M44-OBST-04, M44-OBST-02: bunkers in the top (Axis) half cover the Axis, the one on the
    Allied beach covers the Allies only: an Axis close assault on an Allied unit there rolls 2,
    an Allied one on an Axis unit there rolls 3."""
    sc = imported("beach_landing.m44")
    assert {NAMES[h]: SIDE_NAMES[s] for h, s in enumerate(sc.bunker) if s >= 0} == {
        "R3C3": "axis", "R4C5": "axis", "R4C9": "axis", "R7C11": "allies"
    }  # fmt: skip
    text = "allies infantry R7C11\naxis infantry R6C11\nactive axis\nhand axis: general_advance\n"
    st = on_map("beach_landing.m44", text)
    to_battle(st, "general_advance", "R6C11")
    assert dice_of(st, "R6C11", "R7C11") == 2
    st = on_map(
        "beach_landing.m44", "axis infantry R7C11\nallies infantry R7C10\nhand allies: general_advance\n"
    )
    to_battle(st, "general_advance", "R7C10")
    assert dice_of(st, "R7C10", "R7C11") == 3


def test_wading_ashore_on_the_imported_beach():
    """EX-21 / M44-TERR-10, M44-TERR-12: armor in the ocean's back row moves one hex (ocean steps
    end the move); from the front row it wades onto the beach and goes at most 2 hexes."""
    st = on_map("beach_landing.m44", "allies armor R9C7\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R9C7")
    assert moves(st, "R9C7") == ["R8C6", "R8C7", "R9C6", "R9C8"]
    st = on_map("beach_landing.m44", "allies armor R8C10\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R8C10")
    reach = set(moves(st, "R8C10"))
    assert {"R7C10", "R6C10"} <= reach and "R5C10" not in reach


# -- the Allies at the top -------------------------------------------------------------------------


def test_allies_at_the_top_own_the_top_bunkers():
    """M44-SCEN-01, M44-SETUP-12 / M44-OBST-04: with the Allies as player 1 the Allies sit at the top
    and move first; the bunkers of the top half cover them, those of the bottom half the Axis,
    and each bunker on the middle row the side of the unit placed in it."""
    sc = imported("allies_top.m44")
    assert SIDE_NAMES[sc.bottom_side] == "axis" and SIDE_NAMES[sc.first_player] == "allies"
    assert {NAMES[h]: SIDE_NAMES[s] for h, s in enumerate(sc.bunker) if s >= 0} == {
        "R3C4": "allies", "R5C6": "allies", "R5C9": "axis", "R7C9": "axis"
    }  # fmt: skip
    st = Memoir44Game(scenario=str(FIXTURES / "allies_top.m44")).new_initial_state(0)
    assert st.view(None)["active"] == "allies"
    text = "allies infantry R3C4\naxis infantry R4C4\nactive axis\nhand axis: general_advance\n"
    st = on_map("allies_top.m44", text)
    to_battle(st, "general_advance", "R4C4")
    assert dice_of(st, "R4C4", "R3C4") == 2


# -- every piece ------------------------------------------------------------------------------------


def test_every_piece_name_and_unit_code():
    """M44-SCEN-05, M44-UNIT-05, M44-UNIT-06: unit codes inf/tank/gun with `2` and every nation
    suffix; badges make special forces; nbr_units sets the figures; sandbags on a bridge, wire on
    a river, bunkers on a town and on a hill (EX-23) with artillery in one."""
    sc = imported("every_piece.m44")
    game = Memoir44Game(layout=sc)
    units = {
        NAMES[u.hex]: (SIDE_NAMES[u.side], game.content.units[u.kind].kind, u.figures, u.label)
        for u in sc.units
    }
    assert units == {
        "R3C3": ("axis", "infantry", 4, ""),
        "R2C9": ("axis", "special_forces", 4, "badge4"),
        "R2C4": ("axis", "armor", 3, ""),
        "R1C8": ("axis", "elite_armor", 4, ""),
        "R3C6": ("axis", "artillery", 2, ""),
        "R4C11": ("axis", "infantry", 4, ""),
        "R3C12": ("axis", "infantry", 3, ""),
        "R2C12": ("axis", "armor", 3, ""),
        "R6C4": ("allies", "infantry", 4, ""),
        "R6C9": ("allies", "special_forces", 4, ""),
        "R7C3": ("allies", "special_forces", 4, "badge7"),
        "R8C8": ("allies", "armor", 2, ""),
        "R9C5": ("allies", "elite_armor", 4, ""),
        "R8C6": ("allies", "artillery", 2, ""),
        "R6C12": ("allies", "infantry", 4, ""),
        "R7C7": ("allies", "infantry", 4, ""),
        "R8C11": ("allies", "armor", 3, ""),
    }
    assert sc.sandbags[parse_hex("R5C7")] and sc.bridge[parse_hex("R5C7")] and sc.wire[parse_hex("R5C6")]
    assert sc.bunker[parse_hex("R2C9")] == sc.bunker[parse_hex("R3C6")] == 1
    assert TERRAIN_KINDS[sc.terrain[parse_hex("R3C6")]] == "hill" and "tag12 on R9C1" in sc.notes


# -- placements the editor allows that the base rules play ---------------------------------------


def test_open_placements_import_with_one_warning():
    """M44-BOARD-05, M44-SCEN-08: a long bridge ending in a town and a forest, a bunker on a river,
    ocean and beach tiles on the countryside face and a bridge over no river all import; only the
    last gives a warning, naming the hex."""
    _, warnings = Memoir44Game.import_scenario(str(FIXTURES / "open_placements.m44"))
    assert len(warnings) == 1 and "R8C3" in warnings[0] and "crosses no river" in warnings[0]
    sc = imported("open_placements.m44")
    assert sc.board_face == "countryside" and sc.bunker[parse_hex("R5C11")] == 1
    assert [TERRAIN_KINDS[sc.terrain[parse_hex(n)]] for n in ("R4C6", "R5C7", "R6C7", "R9C12", "R8C11")] == [
        "town", "river", "forest", "ocean", "beach"
    ]  # fmt: skip


def test_bridge_ends_keep_their_terrain():
    """M44-TERR-09 with M44-TERR-01, M44-TERR-14, M44-TERR-15: a bridge section adds nothing to the
    land it stands on. Infantry entering the forest end stops there, so the river section beyond
    is out of its 2-hex reach; a unit in the town end keeps the town's cover (2 dice, not 3)."""
    st = on_map("open_placements.m44", "allies infantry R7C8\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R7C8")
    reach = set(moves(st, "R7C8"))
    assert "R6C7" in reach and "R5C7" not in reach
    st = on_map(
        "open_placements.m44", "allies infantry R5C7\naxis infantry R4C6\nhand allies: general_advance\n"
    )
    to_battle(st, "general_advance", "R5C7")
    assert dice_of(st, "R5C7", "R4C6") == 2


def test_ocean_and_beach_tiles_on_the_countryside_face():
    """M44-TERR-10, M44-TERR-12: ocean and beach tiles on the countryside face play by their rules:
    a step into the ocean must be the first and ends the move, and a move that enters the beach
    goes at most 2 hexes."""
    st = on_map("open_placements.m44", "allies armor R9C11\nhand allies: general_advance\n")
    to_move(st, "general_advance", "R9C11")
    reach = set(moves(st, "R9C11"))
    assert "R9C12" in reach and not reach & {"R9C13", "R8C12"}
    assert {"R8C11", "R7C12"} <= reach and "R6C12" not in reach


def test_bunker_on_a_river_is_impassable_and_blocks_sight():
    """M44-TERR-09, M44-OBST-02: the bunker on the river hex R5C11 leaves it closed to every unit and
    blocks the line of sight across it, where a plain river hex does not."""
    text = "allies infantry R6C10\naxis infantry R4C11\naxis infantry R4C9\nhand allies: general_advance\n"
    st = on_map("open_placements.m44", text)
    to_move(st, "general_advance", "R6C10")
    assert "R5C11" not in moves(st, "R6C10")
    play(st, "done")
    assert targets(st, "R6C10") == ["R4C9"]


# -- what is refused, naming the hex and the reason -------------------------------------------------

BASE_DOC = json.loads((FIXTURES / "bridge_span3.m44").read_text(encoding="utf-8"))


def refused(tmp_path: Path, *entries: dict) -> str:
    doc = json.loads(json.dumps(BASE_DOC))
    doc["board"]["hexagons"].extend(entries)
    path = tmp_path / "bad.m44"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(CorruptDataError) as err:
        Memoir44Game.import_scenario(str(path))
    return str(err.value)


def at(row: int, col: int, **pieces: dict) -> dict:
    """A hexagon entry at .m44 coordinates."""
    return {"row": row, "col": col, **pieces}


INF, TANK, GUN = {"name": "infus"}, {"name": "tankus"}, {"name": "gunus"}
HEDGEHOG, BUNKER = {"name": "hedgehog"}, {"name": "bunker"}
REFUSED = [
    ([at(4, 4, unit=INF)], ["R5C3", "river without a bridge", "M44-TERR-09"]),
    ([at(6, 4, obstacle=HEDGEHOG, unit=TANK)], ["R7C3", "armor on a hedgehog", "M44-OBST-12"]),
    ([at(6, 4, obstacle=HEDGEHOG, unit=GUN)], ["R7C3", "artillery on a hedgehog"]),
    ([at(6, 4, rect_terrain=BUNKER, unit=TANK)], ["R7C3", "armor on a bunker", "M44-OBST-01"]),
    ([at(6, 4, unit=INF), at(6, 4, unit=INF)], ["R7C3", "a second unit"]),
    ([at(6, 4, terrain={"name": "woods"}), at(6, 4, terrain={"name": "hills"})], ["R7C3", "already forest"]),
    ([at(3, 11, rect_terrain=BUNKER)], ["R4C6", "one bridge or bunker per hex", "M44-BOARD-05"]),
    ([at(6, 4, terrain={"name": "hills", "behavior": "STEEP_HILL"})], ["R7C3", "'hills'", "STEEP_HILL"]),
    ([at(6, 4, terrain={"name": "wforest"})], ["R7C3", "'wforest'"]),
    ([at(6, 4, rect_terrain={"name": "ford"})], ["R7C3", "'ford'"]),
    ([at(6, 4, unit={"name": "infus", "nbr_units": 0})], ["R7C3", "figures=0"]),
    ([at(6, 4, unit={"name": "infus", "nbr_units": "x"})], ["R7C3", "nbr_units 'x'"]),
    ([at(9, 4)], ["row 9, col 4"]),
]


@pytest.mark.parametrize(("entries", "needles"), REFUSED)
def test_refused_with_hex_and_reason(tmp_path, entries, needles):
    """M44-SCEN-08, M44-BOARD-05: what the base rules cannot play is refused, naming the file, the
    hex and the reason: a unit on an unbridged river, armor or artillery on a hedgehog, armor on
    a bunker, two units or two terrains or two fixed features on a hex, expansion pieces and
    behaviours, bad figure counts, hexes off the board."""
    message = refused(tmp_path, *entries)
    assert "bad.m44" in message and all(n in message for n in needles), message


def test_bunker_on_the_middle_row_without_a_unit_is_the_top_players(tmp_path):
    """M44-OBST-04: an empty bunker on the middle row R5 covers the top player (here the Axis)."""
    doc = json.loads((FIXTURES / "objectives.m44").read_text(encoding="utf-8"))
    doc["board"]["hexagons"].append({"row": 4, "col": 0, "rect_terrain": {"name": "bunker"}})
    path = tmp_path / "mid.m44"
    path.write_text(json.dumps(doc), encoding="utf-8")
    sc = parse_text(import_m44(path), "mid.toml")
    assert sc.bunker[parse_hex("R5C1")] == 1
