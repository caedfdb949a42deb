"""Hidden information per seat (metro2033.md §3.23 HID, M33-BAT-02, M33-BAT-03, M33-BAT-05,
M33-DECK-07): what each view shows, and that `resample_hidden(p)` re-deals only what p cannot know
(the view of p is unchanged, what p has seen stays put)."""

from __future__ import annotations

from tests.metro2033.play import act, deal, give, run_jobs, s, start
from warroom.core.rng import Rng
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.state import MetroState
from warroom.games.metro2033.words import CardKind


def _pvp() -> MetroState:
    st = start(["RL", "BN"], ["KHN", "ART"])
    st.hero_at[1] = s("TR6")
    run_jobs(st, ["declare", 0, "army", s("NOV"), -1])
    return st


def test_battle_cards_are_dealt_three_three_one_and_chosen_in_secret() -> None:
    """M33-BAT-02, M33-BAT-03, M33-HID-06, M33-DECK-05: 3 + 3 dealt, 1 set aside; each seat sees its
    own 3 only; a commitment shows to others only as "chosen"; both are revealed together."""
    st = _pvp()
    hands = [st.view(p)["battle"]["hand"] for p in (0, 1)]
    assert [len(h) for h in hands] == [3, 3] and not set(hands[0]) & set(hands[1])
    assert st.view(None)["battle"]["hand"] == [] and len(st.bhand[2]) == 1
    deal(st, "BC-MARCH", "BC-HOLD")
    events = st.commit(1, "card BC-HOLD")
    assert all("BC-HOLD" not in e.text for e in events if e.is_visible_to(0))
    assert st.view(0)["secret"]["committed"] == [1] and st.view(0)["secret"]["mine"] is None
    assert st.view(1)["secret"]["mine"] == "card BC-HOLD"
    for p in (None, 0, 1):
        assert st.resample_hidden(p, Rng(3)).view(p) == st.view(p)
    st.commit(0, "card BC-MARCH")  # Hold +4 against an Attack card: 2 + 2 vs 2 + 4
    assert st.owner[s("NOV")] == 1 and st.army[0] == 1


def test_unchosen_battle_cards_are_never_revealed_m33_bat_05() -> None:
    """M33-BAT-05: after the battle the 7 cards are gathered; only the two played are known."""
    st = _pvp()
    deal(st, "BC-MARCH", "BC-HOLD")
    unplayed = [c for hand in st.bhand for c in hand if CARD[c] not in ("BC-MARCH", "BC-HOLD")]
    st.commit(0, "card BC-MARCH")
    st.commit(1, "card BC-HOLD")
    assert st.bhand == [[], [], []] and not any(st.knowledge.knows(p, c) for p in (0, 1) for c in unplayed)


def test_quests_are_seen_by_their_owner_only_m33_hid_01() -> None:
    """M33-HID-01, M33-HID-02, M33-QST-01, M33-GEN-14, M33-HID-08: face-down quests show to their
    owner; the others see how many; resampling for another seat may change them, never the
    owner's own view; public zones are the same for everyone."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-HEAD", CardKind.QUEST)
    give(st, 0, "Q-ORDER", CardKind.QUEST)
    mine, theirs = st.view(0)["seats"][0], st.view(1)["seats"][0]
    assert sorted(mine["quests"]) == ["Q-HEAD", "Q-ORDER"] and "quests" not in theirs
    assert theirs["quests_hidden"] == 2
    for key in ("resources", "army", "vp", "equipment", "completed", "stations", "hero_at"):
        assert mine[key] == theirs[key] == st.view(None)["seats"][0][key]
    assert st.resample_hidden(0, Rng(1)).quests[0] == st.quests[0]
    changed = any(st.resample_hidden(1, Rng(seed)).quests[0] != st.quests[0] for seed in range(10))
    assert changed and all(st.resample_hidden(1, Rng(seed)).view(1) == st.view(1) for seed in range(5))


def test_a_quest_redrawn_for_another_seat_is_still_known_to_its_holder_m33_hid_01() -> None:
    """M33-HID-01: in a position re-drawn as seat 1 imagines it, seat 0's face-down quests are
    other cards, but still seat 0's own and seen by it: seat 0's view of the imagined position shows
    them, and re-drawing that position again for seat 0 keeps them (before, seat 0 "knew" only
    the card ids of the truth, so its own hand of the imagined position was hidden from it and the
    undo check, which re-draws an imagined position again, judged it by a position no seat is in)."""
    st = start(["RL", "BN"])
    give(st, 0, "Q-HEAD", CardKind.QUEST)
    give(st, 0, "Q-ORDER", CardKind.QUEST)
    redrawn = [st.resample_hidden(1, Rng(seed)) for seed in range(10)]
    assert any(other.quests[0] != st.quests[0] for other in redrawn)
    for other in redrawn:
        own = other.view(0)["seats"][0]
        assert sorted(own["quests"]) == sorted(CARD[c] for c in other.quests[0])
        assert other.resample_hidden(0, Rng(5)).quests[0] == other.quests[0]
        assert other.view(1) == st.view(1)  # and seat 1 sees what it saw


def test_deck_orders_and_quest_discard_are_hidden_m33_hid_07() -> None:
    """M33-HID-07, M33-DECK-07: views show pile sizes, never deck orders or the quest discard; the
    equipment and threat discards are public."""
    st = start(["RL", "BN"])
    st.q_disc.append(st.q_deck.pop())
    view = st.view(0)
    assert view["decks"]["quest"] == len(st.q_deck) and view["discards"]["quest"] == 1
    assert isinstance(view["discards"]["equipment"], list) and isinstance(view["discards"]["threat"], list)
    other = st.resample_hidden(0, Rng(9))
    assert other.view(0) == view and other.t_deck != st.t_deck


def test_what_a_seat_saw_survives_resampling_m33_hid_05() -> None:
    """M33-HID-05, M33-HID-03: a card a seat peeked at (SVD) or scouted stays where that seat knows
    it is when resampling for that seat; for another seat it is re-dealt."""
    st = start(["BN", "RL"], ["KHN", "ART"])
    give(st, 0, "EQ-SVD", CardKind.EQUIPMENT)
    st.hero_at[0] = s("OKT")
    run_jobs(st, ["declare", 0, "hero", s("OKT"), -1])
    act(st, "svd peek")
    top = st.t_deck[-1]
    assert st.resample_hidden(0, Rng(2)).t_deck[-1] == top
    assert any(st.resample_hidden(1, Rng(seed)).t_deck[-1] != top for seed in range(10))
