"""What a person reads in the World of Tanks: Rush log (issue 16, "Words"): cards by their printed
names (the ids stay in the data), abilities by the rulebook's words, bases as a player says them,
a shot's result with why, the reward's medal cards, and the end in words."""

from __future__ import annotations

import re

from tests.wot_rush.conftest import play, pos
from warroom.games.wot_rush.words import ABILITY_NAMES, Ability

ID = re.compile(r"\b(SU|GE|US|FR)-\d\d\b|\bb\d\b|\[|\]")  # a card id, a `bN` slot, a printed list


def name(st, label):
    c = st.game.content
    return c.kind_name[c.kind_of_label(label)]


def test_an_attack_says_names_strength_against_armour_and_the_reward_in_medal_cards():
    """EX-05, WOT-ATK-06/08, WOT-REW-03: the attack, each destruction with the strength against the
    armour, the base by its owner and number, the medal cards taken; data keeps the ids."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-14
        bases 1: 1
        guard 1: b1=GE-09
    """)
    events = play(st, "attack SU-09", "add SU-14", "go", "fire SU-09 p1b1", "fire SU-14 p1b1")
    by_kind = {e.kind: e for e in events}
    su09, su14, ge09 = name(st, "SU-09"), name(st, "SU-14"), name(st, "GE-09")
    assert by_kind["attack"].text == f"player 0 attacks with {su09}, {su14}"
    assert by_kind["attack"].data["cards"] == ["SU-09", "SU-14"]
    g = st.game
    strength, armour = (
        g.content.strength[g.content.kind_of_label("SU-09")],
        g.content.armour[g.content.kind_of_label("GE-09")],
    )
    assert by_kind["destroyed"].text == (
        f"player 1's {ge09} is destroyed by {su09} (strength {strength} against armour {armour})"
    )
    assert by_kind["destroyed"].data["card"] == "GE-09"
    assert by_kind["base_destroyed"].text == f"player 1's base 1 is destroyed by {su14}"
    assert by_kind["reward"].text == "player 0 takes 1 one-medal card of USSR: 1 medal"  # forced: one mix
    for event in events:
        assert not ID.search(event.text), event.text


def test_abilities_and_draws_read_as_the_rulebook_names_them():
    """WOT-ICON-07 (Reinforcement n): "player 0 uses Reinforcement 1", then the card drawn by
    name (never a printed Python list)."""
    st = pos("""
        players 2
        hand 0: SU-05
        hangar 0: engineer
    """)
    events = play(st, "use SU-05 rei")
    (used,) = [e for e in events if e.kind == "ability"]
    assert used.text == f"player 0 uses {ABILITY_NAMES[Ability.REI]} 1" == "player 0 uses Reinforcement 1"
    assert used.data == {"player": 0, "ability": "REI", "n": 1}
    (drawn,) = [e for e in events if e.kind == "reinforce"]
    assert drawn.text == "player 0 draws Engineer" and drawn.data["cards"] == ["engineer"]
    assert not any(ID.search(e.text) for e in events)


def test_the_end_says_who_won_with_each_players_medals_in_words():
    """WOT-SCORE-04/05, WOT-END-07: no Python list or "winner(s)" in the last line."""
    st = pos("""
        option max_rounds=1
        players 2
        first 0
        active 1
        warehouse 0: SU-07
        hand 1:
    """)
    events = play(st, "end")
    (over,) = [e for e in events if e.kind == "game_over"]
    scores, winners = over.data["scores"], over.data["winners"]
    medals = ", ".join(f"player {p} {s}" for p, s in enumerate(scores))
    verdict = f"player {winners[0]} wins" if len(winners) == 1 else "a shared win"
    assert over.text == f"game over after 1 round: {verdict} (medals: {medals})"
    assert "[" not in over.text and "winner(s)" not in over.text


def test_a_purchase_is_said_with_the_cards_name_and_cost():
    st = pos("""
        players 2
        hand 0: engineer engineer SU-09
        reserve: US-08 GE-03 FR-14 SU-02
    """)
    (buy,) = play(st, "buy US-08")
    cost = st.game.content.cost[st.game.content.kind_of_label("US-08")]
    assert buy.text == f"player 0 buys {name(st, 'US-08')} (cost {cost}), paying next"
    assert buy.data == {"player": 0, "card": "US-08"}
    words = {a.text: st.game.describe_action(st, a) for a in st.legal_actions()}
    assert words["cancel"] == f"cancel  (put {name(st, 'US-08')} back: no purchase, nothing paid)"
