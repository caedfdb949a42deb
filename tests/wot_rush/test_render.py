"""The terminal's text (render.py, describe_action): what a person reads must name the right cards
and say the decision and the result in words."""

from __future__ import annotations

from tests.wot_rush.conftest import play, pos
from warroom.games.wot_rush.render import decision_words, render


def _finished():
    st = pos("""
        option max_rounds=1
        players 2
        first 0
        active 1
        achievements: ACH-03 ACH-06
        warehouse 0: SU-07
        hand 1:
    """)
    events = play(st, "end")
    assert st.is_terminal()
    return st, events


def test_guard_options_name_the_base_not_a_card():
    """DP-09, WOT-DEF-01: `guard bN`'s N is a base slot: the option names the defender being placed
    and what base N holds now, not a tank whose card id happens to equal the slot."""
    st = pos("""
        players 2
        hand 0: SU-05
        guard 0: b2=SU-09
    """)
    play(st, "use SU-05 rei")
    name = dict(zip(st.game.content.kind_label, st.game.content.kind_name, strict=True))
    options = {a.text: st.game.describe_action(st, a) for a in st.legal_actions()}
    assert options["guard b1"] == f"guard b1  ({name['SU-05']} guards base 1, now open)"
    st = pos("""
        players 2
        hand 0: SU-05
        guard 0: b1=SU-10 b2=SU-09 b3=SU-11
    """)
    play(st, "use SU-05 rei")
    options = {a.text: st.game.describe_action(st, a) for a in st.legal_actions()}
    assert options["guard b2"] == f"guard b2  ({name['SU-05']} guards base 2, replacing {name['SU-09']})"
    shown = {name[k] for k in ("SU-05", "SU-09", "SU-10", "SU-11")}
    for text in options.values():  # no other catalog tank (e.g. card 0, 1, 2's) sneaks in
        assert not [n for k, n in list(name.items())[:50] if f"({n} " in text and n not in shown]


def test_vehicle_options_still_spell_out_the_card():
    """describe_action keeps the catalog line for options that name a vehicle."""
    st = pos("""
        players 2
        hand 0: SU-05
    """)
    (use,) = [a for a in st.legal_actions() if a.text == "use SU-05 rei"]
    words = st.game.describe_action(st, use)
    assert "(" in words and "strength " in words and "Reinforcement 1" in words


def test_achievements_shown_by_name():
    """Table 2.5: the achievements in play are shown with their names, not only their ids."""
    st, _ = _finished()
    text = render(st, None)
    assert "ACH-03 Medium tanks" in text and "ACH-06 Auxiliary vehicles" in text


def test_end_screen_says_who_won_which_achievement():
    """WOT-SCORE-02, EDGE-13: the end screen gives each achievement's winner, or nobody."""
    st, _ = _finished()
    text = render(st, None)
    assert "ACH-03 Medium tanks: player 0" in text
    assert "ACH-06 Auxiliary vehicles: nobody" in text


def test_end_screen_round_agrees_with_the_log():
    """WOT-END-03/07: the end screen and the game_over event count the same rounds."""
    st, events = _finished()
    (over,) = [e for e in events if e.kind == "game_over"]
    assert "after 1 round:" in over.text
    assert "game over after 1 round" in render(st, None)
    assert "round 2" not in render(st, None)


def test_running_game_shows_the_round_in_progress():
    """WOT-END-07: while playing, the header shows the round being played (1-based)."""
    st = pos("""
        players 2
        first 0
        hand 0: engineer
    """)
    assert "round 1, player 0's turn" in render(st, None)


def test_decision_line_in_words():
    """The decision line is a sentence, never a printed Python dict."""
    st = pos("""
        players 2
        hand 0: SU-09
    """)
    play(st, "attack SU-09")
    line = next(x for x in render(st, None).splitlines() if x.startswith("decision:"))
    assert "{" not in line and "'" not in line
    su09 = st.game.content.kind_name[st.game.content.kind_of_label("SU-09")]
    assert line == (
        f"decision: player 0 to add vehicles to the attack or launch it; attacking with {su09} [SU-09]; "
        "0 destroyed"
    )
    paying = {
        "kind": "pay",
        "player": 1,
        "card": "SU-01",
        "pending_abilities": [],
        "paid": [],
        "paid_total": 3,
    }
    assert decision_words(paying) == "player 1 to pay for the purchase; card SU-01; paid 3 so far"
