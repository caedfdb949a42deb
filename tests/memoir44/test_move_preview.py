"""The move preview (issue 16): each `move` option says in its consequence whether the unit may
still battle this turn once it arrives (M44-MOVE-08, M44-BATTLE-04, M44-UNIT-01..03, M44-SPEC-02,
M44-SPEC-06, M44-TAC-08, M44-TAC-10), the rules' own answer, read without changing the state.
Each case is checked against the battle step that follows the move."""

from __future__ import annotations

from tests.memoir44.conftest import decision, play, pos, to_move
from warroom.games.memoir44.state import M44State


def preview(st: M44State, unit: str) -> dict[str, bool]:
    """Destination -> may_battle, from the structured options the server sends."""
    out = {}
    for doc in st.game.option_details(st):
        if doc["verb"] == "move" and doc["text"].split()[1] == unit:
            out[doc["text"].split()[2]] = doc["consequence"]["may_battle"]
    return out


def can_battle_after(text: str, card: str, unit: str, dest: str) -> bool:
    """Make the move for real and see whether the unit is offered a battle (or the wire) next."""
    st = pos(text)
    to_move(st, card, unit)
    play(st, f"move {unit} {dest}")
    if decision(st) == "move":
        play(st, "done")
    return decision(st) == "battle" and any(
        a.text.startswith((f"battle {dest} ", f"clear_wire {dest}")) for a in st.legal_actions()
    )


ENEMY = "axis infantry R3C7\naxis infantry R3C3\naxis infantry R3C11\n"


def test_infantry_one_hex_battles_two_hexes_do_not():
    """M44-UNIT-01 / M44-MOVE-08: infantry moves 1 and battles, or 2 and does not."""
    text = "allies infantry R7C7\n" + ENEMY + "hand allies: probe_center\n"
    st = pos(text)
    to_move(st, "probe_center", "R7C7")
    shown = preview(st, "R7C7")
    assert shown["R6C7"] is True and shown["R6C6"] is True
    assert shown["R5C7"] is False and shown["R7C9"] is False
    for dest in ("R6C7", "R5C7"):
        assert shown[dest] == can_battle_after(text, "probe_center", "R7C7", dest), dest


def test_terrain_entered_forbids_battle_except_for_the_resistance():
    """M44-BATTLE-04b, M44-TERR-01, M44-TERR-14: entering forest or town ends battling this turn;
    French Resistance may battle there (M44-SPEC-06); a bunker does not stop battle (M44-OBST-01)."""
    base = (
        "terrain forest R6C7\nterrain town R7C8\nbunker allies R6C6\n" + ENEMY + "hand allies: probe_center\n"
    )
    for kind, expect in (("infantry", False), ("resistance", True)):
        text = f"allies {kind} R7C7\n" + base
        st = pos(text)
        to_move(st, "probe_center", "R7C7")
        shown = preview(st, "R7C7")
        assert shown["R6C7"] is expect and shown["R7C8"] is expect, kind
        assert shown["R6C6"] is True, kind  # a bunker: battles normally
        assert shown["R6C7"] == can_battle_after(text, "probe_center", "R7C7", "R6C7")


def test_special_forces_two_hexes_armor_three_artillery_none():
    """M44-SPEC-02 special forces move 2 and battle; M44-UNIT-02 armor 3 and battle; M44-UNIT-03
    artillery moves 1 or battles."""
    for kind, near, far, far_ok in (
        ("special_forces", "R6C7", "R5C7", True),
        ("armor", "R6C7", "R4C7", True),
        ("artillery", "R6C7", None, False),
    ):
        text = f"allies {kind} R7C7\naxis infantry R3C7\n" + "hand allies: probe_center\n"
        st = pos(text)
        to_move(st, "probe_center", "R7C7")
        shown = preview(st, "R7C7")
        assert shown[near] is (kind != "artillery"), kind
        if far is not None:
            assert shown[far] is far_ok, kind
        assert shown[near] == can_battle_after(text, "probe_center", "R7C7", near), kind


def test_behind_enemy_lines_second_move_comes_after_the_battles():
    """M44-TAC-10: move up to 3 and battle, then move again: no battle after the second move."""
    st = pos("allies infantry R8C7\naxis infantry R3C7\nhand allies: behind_enemy_lines\ndice: S S S S\n")
    to_move(st, "behind_enemy_lines", "R8C7")
    assert set(preview(st, "R8C7").values()) == {True}  # 3 hexes, terrain ignored, may battle
    play(st, "move R8C7 R5C7", "battle R5C7 R3C7")  # stars: no hit on infantry, nothing follows
    assert decision(st) == "move"
    assert preview(st, "R5C7") and set(preview(st, "R5C7").values()) == {False}


def test_the_preview_leaves_the_state_as_it_was():
    st = pos("allies infantry R7C7\n" + ENEMY + "hand allies: probe_center\n")
    to_move(st, "probe_center", "R7C7")
    before = st.serialize()
    options = [a.text for a in st.legal_actions()]
    preview(st, "R7C7")
    assert st.serialize() == before
    assert [a.text for a in st.legal_actions()] == options
