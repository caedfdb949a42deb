"""Command cards: orders (M44-CARD-01, M44-CARD-02, M44-CARD-03, M44-CARD-04, M44-CARD-05, M44-CARD-06,
M44-CARD-07, M44-CARD-08), section cards (M44-SECT-01, M44-SECT-02, M44-SECT-03, M44-SECT-04, M44-SECT-05,
M44-SECT-06, M44-SECT-07, M44-SECT-08), every tactic card
(M44-TAC-01, M44-TAC-02, M44-TAC-03, M44-TAC-04, M44-TAC-05, M44-TAC-06, M44-TAC-07, M44-TAC-08, M44-TAC-09,
M44-TAC-10, M44-TAC-11, M44-TAC-12, M44-TAC-13, M44-TAC-14, M44-TAC-15, M44-TAC-16, M44-TAC-17, M44-TAC-18,
M44-TAC-19, M44-TAC-20, M44-TAC-21, M44-TAC-22, M44-TAC-23, M44-TAC-24, M44-TAC-25, M44-TAC-26, M44-TAC-27,
M44-TAC-28, M44-TAC-29, M44-TAC-30, M44-TAC-31), drawing (M44-DRAW-01, M44-DRAW-02, M44-DRAW-03,
M44-DRAW-04) and the turn (M44-TURN-01, M44-TURN-02, M44-TURN-03, M44-TURN-04, M44-TURN-05)."""

from __future__ import annotations

from tests.memoir44.conftest import (
    decision,
    dice_of,
    figures,
    moves,
    play,
    pos,
    targets,
    texts,
    to_battle,
    to_move,
    unit_at,
)  # fmt: skip

ROW = "allies infantry R7C2\nallies infantry R7C3\nallies infantry R7C6\nallies infantry R7C7\n" \
      "allies infantry R7C11\nallies infantry R7C12\n"  # fmt: skip


def orderable(st):
    return sorted(t.split()[1] for t in texts(st) if t.startswith("order "))


def test_probe_attack_assault_limits():
    """M44-SECT-01, M44-SECT-02, M44-SECT-03, M44-CARD-01, M44-CARD-05: Probe 2, Attack 3, Assault all, in the
    named section."""
    st = pos(ROW + "hand allies: probe_left\n")
    play(st, "play probe_left")
    assert orderable(st) == ["R7C2", "R7C3"]
    play(st, "order R7C2", "order R7C3")
    assert decision(st) == "move"  # the orders ran out
    st = pos(ROW + "allies infantry R8C6\nallies infantry R8C7\nhand allies: attack_center\n")
    play(st, "play attack_center", "order R7C6", "order R7C7", "order R8C6")
    assert decision(st) == "move"
    st = pos(ROW + "allies infantry R8C6\nallies infantry R8C7\nhand allies: assault_center\n")
    play(st, "play assault_center", "order R7C6", "order R7C7", "order R8C6")
    assert orderable(st) == ["R8C7"]  # M44-SECT-03: all may be ordered (and some left out)


def test_edge02_top_player_sections_are_mirrored():
    """EDGE-02 / M44-BOARD-03: the Axis (top) Probe Left orders the bottom player's right flank."""
    st = pos(
        "axis infantry R1C10\naxis infantry R2C2\nallies infantry R9C1\nactive axis\nhand axis: probe_left\n"
    )
    play(st, "play probe_left")
    assert orderable(st) == ["R1C10"]


def test_edge01_shared_hex_counts_for_either_section():
    """EDGE-01 / M44-CARD-04, M44-CARD-07: R6C4 is left and centre; under General Advance, with two left
    units ordered, it still counts against the centre."""
    st = pos(
        "allies infantry R6C4\nallies infantry R7C2\nallies infantry R7C3\nhand allies: general_advance\n"
    )
    play(st, "play general_advance", "order R7C2", "order R7C3")
    assert orderable(st) == ["R6C4"]
    for card in ("probe_left", "probe_center"):
        st = pos(f"allies infantry R6C4\nhand allies: {card}\n")
        play(st, f"play {card}")
        assert orderable(st) == ["R6C4"]
    st = pos("allies infantry R6C4\nallies infantry R7C4\nhand allies: recon_in_force\n")
    play(st, "play recon_in_force", "order R7C4")
    assert orderable(st) == ["R6C4"]  # R7C4 took the left, R6C4 fills the centre


def test_pincer_and_recon_in_force():
    """M44-SECT-05 / M44-SECT-07: one per section; pincer two per flank and none in the centre."""
    st = pos(ROW + "hand allies: pincer_move\n")
    play(st, "play pincer_move")
    assert orderable(st) == ["R7C11", "R7C12", "R7C2", "R7C3"]
    st = pos(ROW + "hand allies: recon_in_force\n")
    play(st, "play recon_in_force", "order R7C2")
    assert orderable(st) == ["R7C11", "R7C12", "R7C6", "R7C7"]


def test_no_unit_ordered_twice_and_zero_orders_allowed():
    """M44-CARD-02, M44-CARD-03, M44-GEN-06: name the units first; each once; none at all is allowed."""
    st = pos(ROW + "hand allies: direct_from_hq\n")
    play(st, "play direct_from_hq", "order R7C2")
    assert "R7C2" not in orderable(st)
    st = pos(ROW + "hand allies: direct_from_hq\n")
    play(st, "play direct_from_hq", "done")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"


def test_recon_draw_two_keep_one():
    """M44-SECT-04 / M44-SECT-08 / M44-DRAW-01: Recon orders 1; step 5 draws two, keeps one and
    discards the other face up."""
    st = pos(ROW + "hand allies: recon_left\ndeck: attack_left attack_right probe_center\n")
    play(st, "play recon_left", "order R7C2", "done")
    assert decision(st) == "keep" and texts(st) == ["keep attack_left", "keep attack_right"]
    play(st, "keep attack_right")
    v = st.view(0)
    assert v["hands"]["allies"] == ["attack_right"] and v["discard"][-2:] == ["recon_left", "attack_left"]


def test_edge09_recon_reshuffles_mid_draw():
    """EDGE-09 / M44-DRAW-02: one card left; draw it, shuffle the discards (Recon included), draw."""
    st = pos(ROW + "hand allies: recon_left\ndeck: attack_left\n")
    play(st, "play recon_left", "order R7C2", "done")
    assert st.view(None)["deck_count"] >= 50 and len(st.recon) == 2


def test_direct_from_hq_and_move_out():
    """M44-TAC-20: 4 units anywhere; M44-TAC-28: 4 infantry, armor not eligible."""
    st = pos(ROW + "allies armor R8C7\nhand allies: direct_from_hq\n")
    play(st, "play direct_from_hq", "order R7C2", "order R7C12", "order R8C7", "order R7C7")
    assert decision(st) == "move"
    st = pos(ROW + "allies armor R8C7\nhand allies: move_out\n")
    play(st, "play move_out")
    assert "R8C7" not in orderable(st) and len(orderable(st)) == 6


def test_card08_fallback_when_no_unit_of_the_type():
    """M44-CARD-08: Armor Assault with no armor orders 1 unit of choice under normal rules."""
    st = pos(ROW + "axis infantry R6C7\nhand allies: armor_assault\n")
    play(st, "play armor_assault", "order R7C7")
    assert decision(st) == "move"
    play(st, "done")
    assert dice_of(st, "R7C7", "R6C7") == 3  # no bonus


def test_armor_assault_plus_one_in_close_assault():
    """M44-TAC-07 / M44-GROUND-07: +1 die in Close Assault (fire unchanged), overrun included."""
    st = pos("allies armor R6C7\nallies armor R7C9\naxis infantry R5C7\naxis infantry R4C9\n"
             "hand allies: armor_assault\n")  # fmt: skip
    to_battle(st, "armor_assault", "R6C7", "R7C9")
    assert dice_of(st, "R6C7", "R5C7") == 4 and dice_of(st, "R7C9", "R4C9") == 3


def test_artillery_bombard_move_three_or_battle_twice():
    """M44-TAC-08: all artillery; move up to 3 (then no battle) or battle twice."""
    st = pos("allies artillery R8C7\nallies artillery R8C3\n"
        "axis infantry R4C7\nhand allies: artillery_bombard\n"
             "dice: S S S S\n")  # fmt: skip
    to_move(st, "artillery_bombard", "R8C7", "R8C3")
    assert "R5C3" in moves(st, "R8C3")
    play(st, "move R8C3 R5C3", "done", "battle R8C7 R4C7")
    assert targets(st, "R8C7") == ["R4C7"] and targets(st, "R5C3") == []
    play(st, "battle R8C7 R4C7")
    assert decision(st) == "card"


def test_barrage():
    """M44-TAC-09 / M44-DICE-07: any enemy, 4 dice, terrain ignored, stars miss, flag not ignorable."""
    st = pos("bunker axis R1C1\naxis infantry R1C1\naxis infantry R1C5\nallies infantry R9C7\n"
             "hand allies: barrage\ndice: G S F I\n")  # fmt: skip
    play(st, "play barrage")
    assert texts(st) == ["barrage R1C1", "barrage R1C5"]
    play(st, "barrage R1C1")
    assert figures(st, "R1C1") == 1 and decision(st) == "card"  # 2 hits, and the flag cannot go off-board


def test_edge13_air_power():
    """EDGE-13 / M44-TAC-01, M44-TAC-02, M44-TAC-03: up to 4 connected enemies, Allies 2 dice each; stars hit;
    sandbags cannot ignore the flag and are removed by the retreat."""
    st = pos("""
        sandbags R4C7
        axis infantry R4C6
        axis infantry R4C7
        axis infantry R4C8
        axis infantry R1C13
        allies infantry R9C7
        hand allies: air_power
        dice: S S F S I I
    """)
    play(st, "play air_power")
    assert len(texts(st)) == 4
    play(st, "air R4C7")
    assert sorted(texts(st)) == ["air R4C6", "air R4C8", "done"]
    play(st, "air R4C6", "air R4C8", "done")
    assert figures(st, "R4C7") == 0 or unit_at(st, "R4C7") is None or figures(st, "R4C7") < 4
    assert figures(st, "R4C6") == 2 or figures(st, "R4C7") == 2


def test_air_power_axis_rolls_one_die():
    """M44-TAC-01: the Axis roll 1 die per target."""
    st = pos("allies infantry R6C7\naxis infantry R1C1\nactive axis\nhand axis: air_power\ndice: I I\n")
    play(st, "play air_power", "air R6C7", "done")
    assert figures(st, "R6C7") == 3


def test_behind_enemy_lines_ignores_terrain_then_moves_again():
    """EDGE-23 / M44-TAC-10, M44-TAC-11: 3 hexes through forest without stopping, +1 die (town target 3),
    then 3 more; a first move ending in forest cannot battle but may still move again."""
    st = pos("terrain forest R7C7\nterrain town R4C7\nallies infantry R8C7\naxis infantry R4C7\n"
             "hand allies: behind_enemy_lines\ndice: S S S\n")  # fmt: skip
    to_move(st, "behind_enemy_lines", "R8C7")
    assert "R5C7" in moves(st, "R8C7")
    play(st, "move R8C7 R5C7")
    assert dice_of(st, "R5C7", "R4C7") == 3
    play(st, "battle R5C7 R4C7")
    assert decision(st) == "move" and len(moves(st, "R5C7")) > 6
    st = pos(
        "terrain forest R6C7\nallies infantry R8C7\naxis infantry R4C7\nhand allies: behind_enemy_lines\n"
    )
    to_move(st, "behind_enemy_lines", "R8C7")
    play(st, "move R8C7 R6C7")
    assert decision(st) == "move"  # no battle from the forest, straight to the second move


def test_close_assault_card():
    """M44-TAC-12, M44-TAC-13: infantry and armor adjacent to an enemy, no move, +1 die, take ground."""
    st = pos("allies infantry R6C7\nallies armor R6C9\nallies infantry R8C3\naxis infantry R5C7\n"
             "axis infantry R5C9\nhand allies: close_assault\n")  # fmt: skip
    play(st, "play close_assault")
    assert orderable(st) == ["R6C7", "R6C9"]
    play(st, "order R6C7", "order R6C9")
    assert decision(st) == "battle"  # no movement step
    assert dice_of(st, "R6C7", "R5C7") == 4


def test_counter_attack_mirrors_the_last_card():
    """EDGE-10 / M44-TAC-14, M44-TAC-15, M44-TAC-17: Counter-Attack after the Axis' Attack Right acts as the
    Allies'
    Attack Left: the same board area, up to 3 units."""
    st = pos(ROW + "axis infantry R1C2\naxis infantry R1C12\nactive axis\nhand axis: attack_right\n"
             "hand allies: counter_attack\n")  # fmt: skip
    play(st, "play attack_right", "order R1C2", "done")
    assert st.view(None)["active"] == "allies"
    play(st, "play counter_attack")
    assert orderable(st) == ["R7C2", "R7C3"]
    st = pos(ROW + "hand allies: counter_attack\n")
    play(st, "play counter_attack")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"  # nothing to copy


def test_counter_attack_names_the_copied_card_as_the_box_prints_it():
    """M44-TAC-14..16: the log names the card copied by its printed name and the board area it
    orders as the playing side's own flank, never the effect's id ("copies attack")."""
    st = pos(ROW + "axis infantry R1C2\nactive axis\nhand axis: attack_right\nhand allies: counter_attack\n")
    play(st, "play attack_right", "order R1C2", "done")
    (said,) = [e for e in play(st, "play counter_attack") if e.kind == "counter_attack"]
    assert said.text == (
        "Counter-Attack copies Attack Right Flank, the card the Axis just played, on the Allied left flank"
    )
    assert said.data == {"effect": "attack"}
    st = pos(
        ROW + "axis infantry R1C12\nactive axis\nhand axis: infantry_assault\nhand allies: counter_attack\n"
    )
    play(st, "play infantry_assault", "section left", "order R1C12", "done")
    (said,) = [e for e in play(st, "play counter_attack") if e.kind == "counter_attack"]
    assert said.text.startswith(
        "Counter-Attack copies Infantry Assault, the card the Axis just played, on the Allied right"
    )
    st = pos(ROW + "hand allies: counter_attack\n")
    (said,) = [e for e in play(st, "play counter_attack") if e.kind == "counter_attack"]
    assert said.text == "Counter-Attack copies nothing: the last card played gives no order to copy"


def test_counter_attack_copies_infantry_assault_area():
    """M44-TAC-16: the same section of the board the opponent chose."""
    st = pos(
        ROW + "axis infantry R1C12\nactive axis\nhand axis: infantry_assault\nhand allies: counter_attack\n"
    )
    play(st, "play infantry_assault", "section left", "order R1C12", "done")
    play(st, "play counter_attack")
    assert orderable(st) == ["R7C11", "R7C12"]


def test_dig_in():
    """M44-TAC-18, M44-TAC-19: up to 4 infantry place sandbags, no move or battle; pool limits them."""
    st = pos(ROW + "hand allies: dig_in\n")
    st.sandbag_pool[0] = 1
    play(st, "play dig_in", "order R7C2", "order R7C3", "done")
    assert st.view(None)["sandbags"] == ["R7C2"] and decision(st) == "card"


def test_firefight():
    """M44-TAC-21: units not adjacent to an enemy, no move, fire only, +1 die."""
    st = pos("allies infantry R7C7\nallies infantry R5C3\naxis infantry R5C7\naxis infantry R4C3\n"
             "hand allies: firefight\n")  # fmt: skip
    play(st, "play firefight")
    assert orderable(st) == ["R7C7"]
    play(st, "order R7C7")
    assert dice_of(st, "R7C7", "R5C7") == 3


def test_infantry_assault():
    """M44-TAC-22, M44-TAC-23: one section's infantry: 2 and battle, or 3 without."""
    st = pos(ROW + "allies armor R8C7\naxis infantry R4C7\nhand allies: infantry_assault\n")
    play(st, "play infantry_assault", "section center")
    assert orderable(st) == ["R7C6", "R7C7"]
    play(st, "order R7C7", "done")
    assert "R4C6" in moves(st, "R7C7")
    play(st, "move R7C7 R5C7")
    assert dice_of(st, "R5C7", "R4C7") == 3


def test_edge16_medics_and_mechanics():
    """EDGE-16 / M44-TAC-24, M44-TAC-25, M44-TAC-26, M44-TAC-27: hand of 5 before playing; I I S G F heals 3;
    then it may act."""
    st = pos(
        "allies infantry R7C7 lost=3\nallies infantry R7C2\n"
        "hand allies: medics_and_mechanics probe_left probe_right attack_left attack_right\ndice: I I S G F\n"
    )
    play(st, "play medics_and_mechanics")
    assert texts(st) == ["order R7C7", "done"]
    play(st, "order R7C7")
    assert figures(st, "R7C7") == 4 and decision(st) == "move"


def test_medics_nothing_to_heal():
    """M44-TAC-27: no damaged unit: the card orders nothing."""
    st = pos("allies infantry R7C7\nhand allies: medics_and_mechanics\n")
    play(st, "play medics_and_mechanics")
    assert decision(st) == "card" and st.view(None)["active"] == "axis"


def test_edge17_their_finest_hour():
    """EDGE-17 / M44-TAC-29, M44-TAC-30, M44-TAC-31: hand of 4: I A S G orders 1 infantry, 1 armor, 1 any, +1
    die;
    afterwards deck and discards are reshuffled before the draw; artillery only via stars."""
    st = pos("""
        allies infantry R7C2
        allies infantry R7C3
        allies armor R7C7
        allies artillery R8C7
        axis infantry R5C3
        hand allies: their_finest_hour probe_left probe_left probe_left
        dice: I A S G
    """)
    play(st, "play their_finest_hour")
    assert st.quotas[3:6] == [1, 1, 1]
    play(st, "order R7C2", "order R8C7")
    assert orderable(st) == ["R7C7"]  # the star went to the artillery; the armor die remains
    play(st, "done", "done")
    assert dice_of(st, "R7C2", "R5C3") == 3  # range 2: 2 + 1
    play(st, "done")
    v = st.view(None)
    assert v["discard"] == [] and v["deck_count"] == 60 - 4 - 1


def test_edge12_ambush():
    """EDGE-12 / M44-TAC-04, M44-TAC-05, M44-TAC-06 / M44-TURN-05 / M44-DRAW-03: the defender battles first; a
    flag
    sends the attacker back and cancels its attack; the ambusher draws first."""
    st = pos(
        """
        allies artillery R6C7
        axis infantry R5C7
        active axis
        hand axis: probe_center
        hand allies: ambush
        deck: attack_left attack_right
        dice: F S S
    """,
        quiet=False,
    )
    to_battle(st, "probe_center", "R5C7")
    play(st, "battle R5C7 R6C7")
    assert decision(st) == "ambush" and texts(st) == ["no ambush", "ambush"]
    play(st, "ambush")
    assert "retreat R4C6" in texts(st) or unit_at(st, "R5C7") is None
    play(st, texts(st)[0])
    v = st.view(None)
    assert figures(st, "R6C7") == 2 and v["active"] == "allies"
    assert st.view(0)["hands"]["allies"] == ["attack_left"]  # drew first (deck top)


def test_ambush_window_asked_without_the_card():
    """Hidden information: the window opens whether or not the defender holds Ambush."""
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n", quiet=False)
    play(st, "play probe_center", "order R6C7")
    if decision(st) == "move":
        play(st, "done")
    play(st, "battle R6C7 R5C7")
    assert decision(st) == "ambush" and "no ambush" in texts(st)


def test_ambush_as_turn_card_does_nothing():
    """M44-TAC-06a: played as the turn's card it orders nothing; the player draws normally."""
    st = pos("allies infantry R6C7\nhand allies: ambush\n")
    play(st, "play ambush")
    assert decision(st) == "card" and st.view(None)["hand_sizes"]["allies"] == 1


def test_turn_draw_and_hand_size():
    """M44-TURN-01, M44-TURN-02, M44-TURN-03, M44-DRAW-01, M44-DRAW-04: a card is mandatory, the played
    card is
    discarded and one
    drawn, hands stay at their size, and sides alternate."""
    st = pos("allies infantry R7C7\nhand allies: probe_left probe_right\n")
    assert texts(st) == ["play probe_left", "play probe_right"]  # no pass
    play(st, "play probe_left")
    v = st.view(None)
    assert v["active"] == "axis" and v["hand_sizes"]["allies"] == 2 and "probe_left" in v["discard"]


def test_turn04_moves_before_battles():
    """M44-TURN-04: every move comes before the first battle."""
    st = pos("allies infantry R6C7\nallies infantry R8C3\naxis infantry R5C7\nhand allies: direct_from_hq\n")
    to_move(st, "direct_from_hq", "R6C7", "R8C3")
    assert all(t.startswith("move") or t == "done" for t in texts(st))
