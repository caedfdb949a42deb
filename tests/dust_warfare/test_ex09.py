"""EX-09, "Battle at the Mill" turn 1 (dust_warfare.md §6), played through the contract from a
position in the notation, dice scripted as the example rolls them (H = 6, B = 1): initiative
(DW-INIT-01, DW-INIT-02, DW-INIT-03, DW-INIT-04, DW-INIT-05), a Take Action attack with cover and armour
(DW-CMD-06, DW-ATK-01, DW-ATK-02, DW-ATK-03, DW-ATK-04, DW-ATK-05, DW-ATK-06, DW-ATK-07, DW-ATK-08,
DW-SUP-02, DW-WPN-02), a Radioman Regroup (DW-CMD-08, DW-CMD-07), a difficult-terrain Move
(DW-TER-04), the Move trigger and an Attack reaction with laser chains (DW-REA-02, DW-REA-03, DW-REA-04,
DW-REA-05,
DW-WPN-05), and the End phase (DW-END-01)."""

from __future__ import annotations

from tests.dust_warfare.helpers import options, play, position, texts

EX09 = """
turn 1 phase initiative
dice HB HH          # initiative: Allies HB (1), Axis HH (2)
dice BHB HBBH B     # the Gunners' attack: W-A01 x3, W-A03 x4; armour B
dice HBBB H B HB    # the reaction: 4 laser dice, chain H then B; armour HB
dice BBBH B H       # the Laser Grenadiers' attack: 4 dice, chain B; armour H
u0 : 24,8 22,8 26,8 24,6
u1 : 31,14.5 28,14.5 29.5,14.5 32.5,14.5 34,14.5
u5 : 36,40 34,40 38,40 36,42
u6 : 36,21.5 33,21.5 34.5,21.5 37.5,21.5 39,21.5
"""


def test_ex09_battle_at_the_mill_turn_1() -> None:
    st = position(EX09)
    # Initiative: fewer hits initiates; orders = hits (min 1) + 1 Command Squad
    # (DW-INIT-03, DW-INIT-04, DW-INIT-05)
    assert st.initiator == 0 and st.orders == [2, 3]
    assert st.decision is not None and st.decision.kind == "command" and st.current_player() == 0
    # The Sergeant is 8.55" from the Officer: in command range (DW-CMD-03)
    assert "take u1" in options(st)
    events = play(st, "take u1", "fire u6")
    dice = texts(events, "dice")[0]
    assert "3 hit(s), 2 cancelled by cover, 0 saved by armour, 1 unsaved" in dice
    assert options(st) == [f"hit {m}" for m in range(5)]  # the Axis assign the hit (DW-ATK-08)
    play(st, "hit 4")
    assert st.dead[6] == [False, False, False, False, True]
    assert st.supp[6] == 2  # +1 for hits, +1 for the Burst BAR (DW-SUP-02, DW-WPN-02)
    assert not st.is_retreating(6)
    assert st.reaction[1]  # Take Action gives a Reaction marker (DW-CMD-06)
    play(st, "stop")  # the second order is lost (DW-INIT-06)
    assert st.current_player() == 1 and st.decision.kind == "command"
    # L1 is 17.5" from the commander: only the Funker's Radioman order reaches it (DW-CMD-08)
    assert "regroup u6 radio" in options(st) and "regroup u6" not in options(st)
    play(st, "regroup u6 radio", "stay", "stop")
    assert st.supp[6] == 0 and not st.reaction[6]
    # Allied Unit phase: the Gunners have 1 action; crossing wall M5 halves the Move to 3"
    play(st, "unit u1")
    assert st.activation is not None and st.activation["left"] == 1
    assert "march" not in options(st)
    play(st, "move")
    assert not st.is_legal(st.game.read_action("place 31,17.6 28,17.6 29.5,17.6 32.5,17.6 34,17.6"))
    events = play(st, "place 31,17.5 28,17.5 29.5,17.5 32.5,17.5 34,17.5")
    # The Move trigger: the Laser Grenadiers are within 12" and unmarked (DW-REA-02, DW-REA-03)
    assert st.decision.kind == "react" and st.current_player() == 1
    assert "react u6 fire" in options(st)
    events = play(st, "react u6 fire")
    assert "2 hit(s), 0 cancelled by cover, 1 saved by armour, 1 unsaved" in texts(events, "dice")[0]
    play(st, "hit 4")  # the Allies remove Rifleman2
    assert st.supp[1] == 1 and st.reaction[6]
    # the Gunners' one action is spent; The Boss, the last Allied unit, activates at once
    assert st.decision.kind == "action" and st.activation["unit"] == 0
    play(st, "stop")  # The Boss passes
    # Axis Unit phase: the Laser Grenadiers (Reaction marker) attack; the Gunners cannot react
    play(st, "unit u6")
    assert st.activation["left"] == 1
    events = play(st, "fire u1")
    assert "1 hit(s), 0 cancelled by cover, 1 saved by armour, 0 unsaved" in texts(events, "dice")[0]
    assert st.supp[1] == 2
    play(st, "stop")
    play(st, "stop")  # the Kommandotrupp (the last unit: activated at once) passes
    # End phase: Reaction markers removed; turn 2 begins with initiative
    assert st.turn == 2
    assert [st.pos[1][m][1] for m in range(4)] == [17.5] * 4 and st.dead[1][4]
    assert st.supp[1] == 2 and not st.reaction[1]
    assert st.living(6) == [0, 1, 2, 3] and st.supp[6] == 0 and not st.reaction[6]
