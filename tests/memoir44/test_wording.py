"""What a person reads in the Memoir '44 log (issue 16, "Battles and results" and "Words"): cards
by their printed names and sides by their titles, dice in words with what they do, losses in
figures, every medal with its reason, and a battle step that passes without a battle said."""

from __future__ import annotations

import pytest

from tests.memoir44.conftest import play, pos, to_battle
from warroom.core.game import Event


def test_a_draw_names_the_side_and_the_printed_card_and_hides_it_from_the_other_side():
    """M44-DRAW-01: the drawing side reads the card's box name; the other side only that a card
    was drawn; the data keeps the card id for programs."""
    st = pos("""
        allies infantry R7C7
        axis infantry R3C7
        hand allies: probe_center
        deck: attack_left recon_center
    """)
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R6C7", "done")
    draws = [e for e in events if e.kind == "draw"]
    mine = next(e for e in draws if e.visible_to == frozenset({0}))
    theirs = next(e for e in draws if e.visible_to == frozenset({1}))
    assert mine.text == "the Allies draw Attack Left Flank" and mine.data["card"] == "attack_left"
    assert theirs.text == "the Allies draw a card" and "card" not in theirs.data
    assert not any("side 0" in e.text or "attack_left" in e.text for e in events)


@pytest.mark.parametrize(
    ("dice", "text"),
    [
        ("G S F", "3 dice on R5C7: grenade, star, flag — 1 figure lost; flag — retreat 1 hex"),
        ("S S S", "3 dice on R5C7: star, star, star — no hit"),
        ("F F S", "3 dice on R5C7: flag, flag, star — no hit; 2 flags — retreat 2 hexes"),
        ("I I G", "3 dice on R5C7: infantry, infantry, grenade — 3 figures lost"),
    ],
)
def test_dice_are_said_in_words_with_what_they_do(dice, text):
    """M44-DICE-02/03/05: each face by name, then the figures the hits take and the retreat the
    flags call for; the data keeps the faces, hits and flags."""
    st = pos(f"allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\ndice: {dice}\n")
    to_battle(st, "probe_center", "R6C7")
    events = play(st, "battle R6C7 R5C7")
    (roll,) = [e for e in events if e.kind == "dice"]
    assert roll.text == text
    assert set(roll.data) == {"faces", "hits", "flags", "target"}


def battle_axis_infantry_with_lost(lost: int) -> list[Event]:
    """The Allies battle a 4-figure Axis infantry that has already lost `lost` figures: 1 hit."""
    st = pos(f"""
        allies infantry R6C7
        axis infantry R5C7 figures=4 lost={lost}
        hand allies: probe_center
        dice: G S S
        medals 4 4
    """)
    to_battle(st, "probe_center", "R6C7")
    return play(st, "battle R6C7 R5C7")


def test_losses_say_figures_and_an_elimination_gives_a_medal_with_its_reason():
    """M44-DICE-03/04, M44-MEDAL-01: "loses 1 figure, 1 left", then the last figure, then the
    medal the other side gains, with the tally."""
    (loss,) = [e for e in battle_axis_infantry_with_lost(2) if e.kind == "losses"]
    assert loss.text == "Axis infantry at R5C7 loses 1 figure, 1 left"
    events = battle_axis_infantry_with_lost(3)
    kinds = [e.kind for e in events]
    assert kinds.index("dice") < kinds.index("eliminated") < kinds.index("medal")
    (gone,) = [e for e in events if e.kind == "eliminated"]
    assert gone.text == "Axis infantry at R5C7 loses its last figure and is eliminated"
    (medal,) = [e for e in events if e.kind == "medal"]
    assert medal.text == "the Allies gain a medal: Axis infantry at R5C7 eliminated (Allies 1 of 4 medals)"
    assert medal.data == {"side": 0, "unit": medal.data["unit"], "gained": True, "medals": 1,
                          "reason": "unit eliminated"}  # fmt: skip


def test_a_temporary_objective_medal_is_said_when_gained_and_when_lost():
    """M44-MEDAL-03: a unit entering a temporary objective gains its medal while it stays; the
    log says so with the objective's terrain, and says the loss when the unit leaves."""
    st = pos("""
        terrain river R5C7
        bridge R5C7
        objective allies R5C7
        allies infantry R6C7
        axis infantry R2C2
        hand allies: probe_center
        medals 4 4
    """)
    events = play(st, "play probe_center", "order R6C7", "move R6C7 R5C7")
    (gain,) = [e for e in events if e.kind == "medal"]
    assert (
        gain.text == "the Allies hold the bridge at R5C7: 1 medal while they hold it (Allies 1 of 4 medals)"
    )
    assert gain.data["reason"] == "objective held" and gain.data["gained"] is True
    st = pos("""
        objective allies R5C7
        allies infantry R5C7
        axis infantry R2C2
        hand allies: probe_center
        medals 4 4
    """)
    events = play(st, "play probe_center", "order R5C7", "move R5C7 R6C7")
    (loss,) = [e for e in events if e.kind == "medal"]
    assert loss.text.startswith("the Allies no longer hold the clear at R5C7: 1 medal lost")
    assert loss.data["gained"] is False


def test_a_permanent_objective_medal_is_said_with_its_reason():
    """M44-MEDAL-04: taken for good the first time a unit of its side enters."""
    st = pos("""
        terrain town R5C7
        objective allies R5C7 permanent
        allies infantry R6C7
        axis infantry R2C2
        hand allies: probe_center
        medals 4 4
    """)
    events = play(st, "play probe_center", "order R6C7", "move R6C7 R5C7")
    (medal,) = [e for e in events if e.kind == "medal"]
    assert medal.text == "the Allies gain a medal for good: they took the town at R5C7 (Allies 1 of 4 medals)"
    assert medal.data["reason"] == "objective taken"


def test_a_battle_step_with_no_possible_battle_is_said():
    """M44-BATTLE-01: ordered units that cannot battle (here: moved too far, M44-MOVE-08) leave no
    battle to offer; the log says the step passed and why instead of going on silently."""
    st = pos("allies infantry R7C7\naxis infantry R4C7\nhand allies: probe_center\n")
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R5C6")
    (skipped,) = [e for e in events if e.kind == "no_battle"]
    assert skipped.text.startswith("no battle this turn: none of the ordered units can battle")
    st = pos("allies infantry R7C7\naxis infantry R5C7\nhand allies: probe_center\n")
    events = play(st, "play probe_center", "order R7C7", "move R7C7 R6C7")
    assert "no_battle" not in [e.kind for e in events]  # a battle is offered: nothing to say


def test_a_battle_option_names_the_units_and_leaves_the_dice_to_its_consequence():
    st = pos("allies infantry R6C7\naxis infantry R5C7\nhand allies: probe_center\n")
    to_battle(st, "probe_center", "R6C7")
    action = st.game.parse_action(st, "battle R6C7 R5C7")
    words = st.game.describe_action(st, action)
    assert words == "battle R6C7 R5C7: Allies infantry (4) at R6C7 -> Axis infantry (4) at R5C7"
    assert st.game.consequence(st, action)["dice"] == 3
    done = st.game.parse_action(st, "done")
    assert st.game.describe_action(st, done) == "done: battle no more this turn"
