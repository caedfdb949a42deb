"""Scenarios: warroom's format and its validation (M44-SCEN-01, M44-SCEN-02, M44-SCEN-03, M44-SCEN-04,
M44-SCEN-05, M44-SCEN-06, M44-SCEN-07, M44-SCEN-08), setup (M44-SETUP-01, M44-SETUP-02, M44-SETUP-03,
M44-SETUP-04, M44-SETUP-05, M44-SETUP-06, M44-SETUP-07, M44-SETUP-08, M44-SETUP-09, M44-SETUP-10,
M44-SETUP-11, M44-SETUP-12),
Pegasus Bridge (M44-PEG-01, M44-PEG-02, M44-PEG-03, M44-PEG-04, M44-PEG-05, M44-PEG-06, M44-PEG-07,
M44-PEG-08, M44-PEG-09, EX-25, EDGE-22), objective medals (M44-MEDAL-02, M44-MEDAL-03, M44-MEDAL-04,
M44-MEDAL-05), and the
.m44 importer (../shared/formats/m44.md) on files written here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.memoir44.conftest import decision, play, pos, texts, to_move
from warroom.core.errors import CorruptDataError, OptionError
from warroom.games.memoir44.board import parse_hex
from warroom.games.memoir44.game import Memoir44Game
from warroom.games.memoir44.scenario import import_m44, parse_text, resolve, shipped

BASE = """
id = "t"
name = "T"
board_face = "countryside"
bottom_side = "allies"
first_player = "allies"
[allies]
hand_size = 3
victory_medals = 4
[axis]
hand_size = 3
victory_medals = 4
"""


def test_six_shipped_scenarios_cover_the_base_game():
    """M44-SETUP-01, M44-SETUP-02, M44-SETUP-03, M44-SETUP-04, M44-SETUP-05, M44-SETUP-06: at least six
    scenarios, using between them every base terrain,
    feature, obstacle and unit kind; each with a historical note and a source line."""
    names = shipped()
    assert len(names) >= 6 and "pegasus-bridge" in names
    terrain, kinds, bunkers, obstacles = set(), set(), False, set()
    for name in names:
        sc = resolve(name)
        game = Memoir44Game(scenario=name)
        terrain |= set(game.terrain_kind) | ({"bridge"} if any(sc.bridge) else set())
        kinds |= {u.kind for u in game.unit_kind}
        bunkers |= any(b >= 0 for b in sc.bunker)
        obstacles |= {k for k, v in (("sandbags", sc.sandbags), ("wire", sc.wire), ("hedgehog", sc.hedgehog))
                      if any(v)}  # fmt: skip
        assert len(sc.notes) > 100 and sc.source
    assert terrain >= {"clear", "forest", "hedgerow", "hill", "town", "river", "ocean", "beach", "bridge"}
    assert kinds == {"infantry", "special_forces", "resistance", "armor", "elite_armor", "artillery"}
    assert bunkers and obstacles == {"sandbags", "wire", "hedgehog"}


def test_ex25_pegasus_bridge_setup():
    """EX-25 / M44-PEG-01, M44-PEG-02, M44-PEG-03, M44-PEG-04, M44-PEG-05, M44-PEG-06, M44-PEG-07, M44-PEG-08,
    M44-PEG-09 / M44-SETUP-09, M44-SETUP-10, M44-SETUP-12 / M44-DRAW-04: the published layout; deck 52,
    Allies first; the Axis hand grows to 3 then 4 (extra draws)."""
    game = Memoir44Game()
    sc = game.scenario
    assert sc.board_face == "countryside" and sc.victory_medals == (4, 4) and sc.hand_size == (6, 2)
    kinds = game.terrain_kind
    assert sum(k == "river" for k in kinds) == 20 and sum(k == "town" for k in kinds) == 4
    assert sum(k == "forest" for k in kinds) == 9
    assert [h for h, b in enumerate(sc.bridge) if b] == sorted([parse_hex("R3C4"), parse_hex("R6C11")])
    assert sum(sc.wire) == 4 and sum(sc.sandbags) == 1
    assert sum(1 for u in sc.units if u.side == 0) == 9 and sum(1 for u in sc.units if u.side == 1) == 6
    assert [o.hexes for o in sc.objectives] == [(parse_hex("R3C4"),), (parse_hex("R6C11"),)]
    st = game.new_initial_state(3)
    v = st.view(None)
    assert v["deck_count"] == 52 and v["discard"] == [] and v["active"] == "allies"
    sizes = []
    while len(sizes) < 2:
        was_axis = st.view(None)["active"] == "axis"
        st.apply_action(st.legal_actions()[-1] if decision(st) != "card" else st.legal_actions()[0])
        if was_axis and st.view(None)["active"] == "allies" and decision(st) == "card":
            sizes.append(st.view(None)["hand_sizes"]["axis"])
    assert sizes == [3, 4]


def test_edge22_bridge_objective_is_temporary():
    """EDGE-22 / M44-MEDAL-03 / M44-PEG-05: a unit on the bridge scores at once; leaving loses it."""
    st = pos("""
        terrain river R3C4
        bridge R3C4
        objective allies R3C4
        allies infantry R4C4
        hand allies: probe_left probe_right
    """)
    to_move(st, "probe_left", "R4C4")
    play(st, "move R4C4 R3C4")
    assert st.view(None)["medals"]["allies"] == 1
    st.unit_hex[0] = parse_hex("R5C4")
    st.rebuild_occupancy()
    assert st.view(None)["medals"]["allies"] == 0


def test_permanent_objective_is_kept():
    """M44-MEDAL-04 / M44-MEDAL-02, M44-MEDAL-05: a permanent objective counts from the first entry on."""
    st = pos("objective allies R6C7 permanent medals=2\nallies infantry R7C7\nhand allies: probe_center\n")
    to_move(st, "probe_center", "R7C7")
    play(st, "move R7C7 R6C7")
    st.unit_hex[0] = parse_hex("R7C7")
    st.rebuild_occupancy()
    assert st.view(None)["medals"]["allies"] == 2


def test_validation_errors_name_file_hex_and_field():
    """M44-SCEN-01, M44-SCEN-02, M44-SCEN-03, M44-SCEN-04, M44-SCEN-05, M44-SCEN-06, M44-SCEN-07, M44-SCEN-08:
    malformed scenarios are refused with the file, hex and field named."""
    cases = {
        '[terrain]\nforest = ["R9C14"]\n': "[terrain] field forest",
        '[terrain]\nlava = ["R1C1"]\n': "unknown terrain",
        '[terrain]\nforest = ["R1C1"]\ntown = ["R1C1"]\n': "hex R1C1",
        '[features]\nbridge = ["R2C2"]\nbunker_axis = ["R2C2"]\n': "hex R2C2, [features] field bunker_axis",
        '[units]\nallies = ["R5C5 infantry", "R5C5 armor"]\n': "hex R5C5, [units] field allies",
        '[terrain]\nriver = ["R5C5"]\n[units]\naxis = ["R5C5 infantry"]\n': "river without a bridge",
        '[obstacles]\nhedgehog = ["R5C5"]\n[units]\naxis = ["R5C5 armor"]\n': "armor on a hedgehog",
        '[features]\nbunker_axis = ["R5C5"]\n[units]\naxis = ["R5C5 armor"]\n': "armor on a bunker",
        '[units]\naxis = ["R5C5 tiger"]\n': "unknown unit kind",
        '[units]\naxis = ["R5C5 infantry figures=x"]\n': "figures=x",
        '[[objective]]\nhexes = ["R5C5"]\nside = "both"\n': "[[objective]] #1 field side",
        '[features]\nbridge = ["R2C13"]\n': "[features] field bridge",
        'colour = "red"\n': "field colour",
    }
    for body, needle in cases.items():
        with pytest.raises(CorruptDataError) as err:
            parse_text(BASE + body, "bad.toml")
        assert "bad.toml" in str(err.value) and needle in str(err.value), (body, str(err.value))


def test_terrain_tile_count_is_a_warning():
    """M44-SCEN-08: more than 44 terrain tiles is a warning, not an error."""
    forest = [f"R{r}C{c}" for r in (1, 3, 5, 7) for c in range(1, 13)]
    sc = parse_text(BASE + f"[terrain]\nforest = {json.dumps(forest)}\n", "many.toml")
    assert sc.warnings and "48 terrain tiles" in sc.warnings[0]


def test_sandbag_pool_and_extra_draws_fields():
    """M44-SCEN-01 / M44-SCEN-07: sandbag_pool defaults to unlimited, extra_draws to 0."""
    sc = parse_text(BASE.replace("hand_size = 3\nvictory_medals = 4\n[axis]",
                                 "hand_size = 3\nvictory_medals = 4\n"
                                     "sandbag_pool = 2\n[axis]"), "p.toml")  # fmt: skip
    assert sc.sandbag_pool == (2, -1) and sc.extra_draws == (0, 0)


def test_unknown_scenario_option():
    with pytest.raises(OptionError):
        Memoir44Game(scenario="no-such-battle")


M44_DOC = {
    "meta_data": {"scenario_id": 1, "software": "sed 1.2"},
    "game_info": {
        "side_player1": "AXIS",
        "side_player2": "ALLIES",
        "cards_player1": 4,
        "cards_player2": 5,
        "victory_player1": 5,
        "victory_player2": 6,
        "starting": "PLAYER2",
        "victory_conditions": [{"standard": []}],
    },
    "board": {
        "type": "STANDARD",
        "face": "COUNTRY",
        "labels": [{"row": 0, "col": 0, "text": ["x"]}],
        "hexagons": [
            {"row": 0, "col": 0, "terrain": {"name": "woods"}, "unit": {"name": "infger"}},
            {"row": 0, "col": 2, "terrain": {"name": "hills"}, "unit": {"name": "tank2ger", "nbr_units": 4}},
            {"row": 0, "col": 4, "terrain": {"name": "buildings"}, "unit": {"name": "gunger"}},
            {
                "row": 1,
                "col": 1,
                "terrain": {"name": "river"},
                "rect_terrain": {"name": "bridge"},
                "tags": [{"name": "medal1"}],
            },
            {"row": 1, "col": 3, "terrain": {"name": "curve", "orientation": 2}},
            {
                "row": 2,
                "col": 2,
                "terrain": {"name": "hedgerow"},
                "obstacle": {"name": "sand"},
                "unit": {"name": "infus"},
            },
            {
                "row": 2,
                "col": 6,
                "rect_terrain": {"name": "bunker"},
                "unit": {"name": "inf2ger"},
                "tags": [{"name": "medal2"}],
            },
            {
                "row": 4,
                "col": 4,
                "obstacle": {"name": "wire"},
                "tags": [{"name": "medal0"}, {"name": "tag3"}],
            },
            {
                "row": 4,
                "col": 6,
                "obstacle": {"name": "hedgehog"},
                "unit": {"name": "infbrit", "badge": "badge5"},
            },
            {"row": 8, "col": 8, "unit": {"name": "tankus", "nbr_units": 2}},
            {"row": 8, "col": 10, "unit": {"name": "gunbrit"}},
            {"row": 7, "col": 9, "unit": {"name": "tank2us"}},
        ],
    },
    "text": {"en": {"name": "Test Ridge", "historical": "A made-up fight.", "description": "For tests."}},
}


def write(tmp_path: Path, doc: dict, name: str = "test.m44") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_m44_import_every_supported_name(tmp_path):
    """.m44 import (M44-SCEN-01, M44-SCEN-02, M44-SCEN-03, M44-SCEN-04, M44-SCEN-05, M44-SCEN-06): terrain
    woods/hills/buildings/river/curve/hedgerow, bridge,
    bunker, sand/wire/hedgehog, inf/tank/gun with 2 and badges and nbr_units, medal tags."""
    path = write(tmp_path, M44_DOC)
    text = import_m44(path)
    sc = parse_text(text, "imported.toml")
    game = Memoir44Game(scenario=str(path))
    kinds = {u.hex: game.content.units[u.kind].kind for u in sc.units}
    assert kinds[parse_hex("R1C1")] == "infantry" and kinds[parse_hex("R1C2")] == "elite_armor"
    assert kinds[parse_hex("R3C4")] == "special_forces" and kinds[parse_hex("R5C4")] == "special_forces"
    assert kinds[parse_hex("R9C5")] == "armor" and kinds[parse_hex("R8C5")] == "elite_armor"
    assert kinds[parse_hex("R9C6")] == "artillery"
    assert game.terrain_kind[parse_hex("R2C1")] == "river" and sc.bridge[parse_hex("R2C1")]
    assert (
        game.terrain_kind[parse_hex("R2C2")] == "river" and game.terrain_kind[parse_hex("R3C2")] == "hedgerow"
    )
    assert sc.bunker[parse_hex("R3C4")] == 1 and sc.sandbags[parse_hex("R3C2")] and sc.wire[parse_hex("R5C3")]
    assert sc.hedgehog[parse_hex("R5C4")]
    assert (
        sc.hand_size == (5, 4)
        and sc.victory_medals == (6, 5)
        and sc.first_player == 0
        and sc.bottom_side == 0
    )
    sides = sorted((o.hexes[0], int(o.side)) for o in sc.objectives)
    assert sides == sorted([(parse_hex("R2C1"), 0), (parse_hex("R3C4"), 1), (parse_hex("R5C3"), 0),
                            (parse_hex("R5C3"), 1)])  # fmt: skip
    assert next(u for u in sc.units if u.hex == parse_hex("R9C5")).figures == 2
    assert sc.name == "Test Ridge" and "made-up" in sc.notes
    game.new_initial_state(0)


def test_m44_beach_face_prints_ocean_and_beach(tmp_path):
    doc = json.loads(json.dumps(M44_DOC))
    doc["board"]["face"] = "BEACH"
    game = Memoir44Game(scenario=str(write(tmp_path, doc)))
    assert game.terrain_kind[parse_hex("R9C1")] == "ocean" and game.terrain_kind[parse_hex("R7C1")] == "beach"


def test_m44_import_errors(tmp_path):
    """Unsupported content is refused with a clear message naming it (and the hex)."""

    def broken(change) -> str:
        doc = json.loads(json.dumps(M44_DOC))
        change(doc)
        with pytest.raises(CorruptDataError) as err:
            import_m44(write(tmp_path, doc))
        return str(err.value)

    assert "BRKTHRU" in broken(lambda d: d["board"].update(type="BRKTHRU"))
    assert "DESERT" in broken(lambda d: d["board"].update(face="DESERT"))
    assert "side_player1" in broken(lambda d: d["game_info"].update(side_player1="RED"))
    assert "same side" in broken(lambda d: d["game_info"].update(side_player2="AXIS"))
    hexes = lambda d: d["board"]["hexagons"]  # noqa: E731
    assert "hex R1C1" in broken(lambda d: hexes(d)[0].update(terrain={"name": "wforest"}))
    assert "'pbunker'" in broken(lambda d: hexes(d)[0].update(rect_terrain={"name": "pbunker"}))
    assert "'mine'" in broken(lambda d: hexes(d)[0].update(obstacle={"name": "mine"}))
    assert "'infxx'" in broken(lambda d: hexes(d)[0].update(unit={"name": "infxx"}))
    assert "'gun2ger'" in broken(lambda d: hexes(d)[0].update(unit={"name": "gun2ger"}))
    assert "'exit'" in broken(lambda d: hexes(d)[0].update(tags=[{"name": "exit"}]))
    assert "row 0, col 1" in broken(lambda d: hexes(d).append({"row": 0, "col": 1}))
    assert "unknown key" in broken(lambda d: hexes(d)[0].update(rotate=1))
    assert "cards_player1" in broken(lambda d: d["game_info"].update(cards_player1="many"))
    assert "game_info" in broken(lambda d: d.pop("game_info"))
    (tmp_path / "junk.m44").write_text("{not json", encoding="utf-8")
    with pytest.raises(CorruptDataError, match=r"junk\.m44"):
        import_m44(tmp_path / "junk.m44")


def test_m44_unit_rule_violation_names_hex(tmp_path):
    """An imported layout is validated like any scenario (M44-SCEN-08)."""
    doc = json.loads(json.dumps(M44_DOC))
    doc["board"]["hexagons"][3]["unit"] = {"name": "tankus"}
    doc["board"]["hexagons"][3].pop("rect_terrain")
    with pytest.raises(CorruptDataError, match="R2C1"):
        Memoir44Game(scenario=str(write(tmp_path, doc)))


def test_setup_deals_and_hides(tmp_path):
    """M44-SETUP-08, M44-SETUP-09, M44-SETUP-10, M44-SETUP-11, M44-SETUP-12: hands dealt and hidden; the deck
    face down; the scenario's first
    player starts (Villers-Bocage: the Axis)."""
    st = Memoir44Game(scenario="villers-bocage").new_initial_state(1)
    v0, v1 = st.view(0), st.view(1)
    assert v0["hands"]["axis"] is None and v1["hands"]["allies"] is None and len(v1["hands"]["axis"]) == 5
    assert v0["active"] == "axis" and st.current_player() == 1
    assert texts(st)
