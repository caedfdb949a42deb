"""The attack (WOT-ATK-01..12, WOT-ICON-03/13/14, WOT-CARD-13) and its reward (WOT-REW-01..05)."""

from __future__ import annotations

import pytest

from tests.wot_rush.conftest import decision, play, pos, seat, texts
from warroom.core.errors import IllegalActionError
from warroom.core.rng import Rng
from warroom.games.wot_rush import WotRushGame
from warroom.games.wot_rush.rules.attack import can_hit, open_targets, target_mask


def test_ex05_two_card_attack():
    """EX-05, WOT-ATK-04, WOT-ATK-06, WOT-ATK-07, WOT-ATK-08, WOT-ATK-09, WOT-REW-01, WOT-CARD-13:
    SU-09 destroys GE-09 (to P2's warehouse), SU-14 (Heavy) destroys the now-open base (to P1's
    warehouse); one USSR 1-medal card for the vehicle, none for the base."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-14
        bases 1: 1
        guard 1: b1=GE-09
    """)
    play(st, "attack SU-09", "add SU-14", "go")
    assert texts(st) == ["fire SU-09 p1b1", "fire SU-14 p1b1"]  # p1b1 = its defender while guarded
    play(st, "fire SU-09 p1b1")
    assert seat(st, 1)["warehouse"] == ["GE-09"]
    play(st, "fire SU-14 p1b1")
    assert "base" in seat(st, 0)["warehouse"] and "ussr_medal1" in seat(st, 0)["warehouse"]
    assert seat(st, 0)["warehouse"].count("ussr_medal1") + seat(st, 0)["warehouse"].count("ussr_medal2") == 1
    assert not seat(st, 1)["bases"][0]["standing"]


def test_ex06_reward_mix():
    """EX-06, WOT-REW-03: 3 vehicles destroyed -> 2+1 or 1+1+1, never 2+2."""
    st = pos("""
        players 3
        hand 0: SU-09 SU-10 SU-13
        guard 1: b1=GE-09 b2=GE-07
        guard 2: b1=US-09
    """)
    play(
        st,
        "attack SU-09",
        "add SU-10",
        "add SU-13",
        "go",
        "fire SU-09 p1b1",
        "fire SU-10 p1b2",
        "fire SU-13 p2b1",
    )
    assert decision(st) == "reward" and set(texts(st)) == {"medals 2+1", "medals 1+1+1"}
    play(st, "medals 2+1")
    assert sorted(seat(st, 0)["warehouse"])[-2:] == ["ussr_medal1", "ussr_medal2"]


def test_ex07_damage_then_destruction():
    """EX-07, WOT-ATK-06: GE-03 damages SU-17 (armour 2), GE-05 destroys it; 1 German medal."""
    st = pos("""
        players 3
        hand 0: GE-03 GE-05
        guard 2: b1=SU-17
    """)
    play(st, "attack GE-03", "add GE-05", "go", "fire GE-03 p2b1")
    assert seat(st, 2)["bases"][0]["defender_damaged"]
    play(st, "fire GE-05 p2b1")
    assert seat(st, 2)["warehouse"] == ["SU-17"] and "germany_medal1" in seat(st, 0)["warehouse"]


def test_edge01_illegal_attack_sets():
    """EDGE-01, WOT-ATK-01, WOT-ICON-03: mixed nations, strength 0 and spent cards cannot be declared."""
    st = pos("""
        players 2
        hand 0: SU-09 GE-09 SU-23 SU-10 engineer
        reserve: SU-02 GE-03 US-08 FR-14
    """)
    assert {"attack SU-09", "attack GE-09", "attack SU-10"} <= set(texts(st))
    assert "attack SU-23" not in texts(st) and "attack engineer" not in texts(st)
    play(st, "buy SU-02", "pay SU-10", "done", "attack SU-09")
    assert texts(st) == ["go"]  # GE-09: other nation; SU-23: strength 0; SU-10: spent


def test_attack_set_is_fixed_and_cards_count_as_played():
    """WOT-ATK-02, WOT-PLAY-03: after `go` no card can be added; declared cards are spent."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-10
    """)
    play(st, "attack SU-09", "go")
    assert all(t.startswith("fire SU-09") for t in texts(st))
    play(st, "fire SU-09 p1b1")
    assert "attack SU-10" not in texts(st) and "defend SU-10" in texts(st)


def test_edge02_order_matters_for_restricted_cards():
    """EDGE-02, WOT-ATK-03, WOT-ATK-04, WOT-ATK-10, WOT-ICON-13, WOT-ICON-14: the TD clears the defender,
    then the artillery may hit the base; the other order wastes the artillery."""
    text = """
        players 2
        hand 0: US-19 US-21
        guard 1: b1=FR-09 b2=FR-14 b3=FR-15
    """
    st = pos(text)
    assert "attack US-21" in texts(st)  # its nation has a card with a target
    play(st, "attack US-19", "add US-21", "go")
    assert "fire US-21 none" in texts(st) and "fire US-19 p1b1" in texts(st)
    play(st, "fire US-19 p1b1")
    assert "fire US-21 p1b1" in texts(st)
    play(st, "fire US-21 p1b1")
    assert seat(st, 1)["bases"][0]["damaged"]
    st = pos(text)
    play(st, "attack US-19", "add US-21", "go", "fire US-21 none")
    assert not seat(st, 1)["bases"][0]["damaged"]


def test_artillery_alone_cannot_declare_without_base_targets():
    """WOT-ATK-03, WOT-ICON-13: only-vs-base cards have no target while every base is guarded."""
    st = pos("""
        players 2
        hand 0: US-21
        guard 1: b1=FR-09 b2=FR-14 b3=FR-15
    """)
    assert "attack US-21" not in texts(st)


def test_td_heavy_never_hits_bases():
    """WOT-ICON-14, WOT-ATK-05: only-vs-vehicles cards never target bases."""
    st = pos("""
        players 2
        hand 0: SU-19
        guard 1: b1=FR-09
    """)
    play(st, "attack SU-19", "go")
    assert texts(st) == ["fire SU-19 p1b1"]


def test_guarded_base_cannot_be_attacked_own_cards_never_targets():
    """WOT-DEF-03, WOT-ATK-05, WOT-DEF-04, WOT-DEF-06: a guarded base offers only its defender; own bases are
    never targets; defenders stay put and never act."""
    st = pos("""
        players 2
        hand 0: SU-07
        guard 0: b1=SU-14
        guard 1: b1=GE-14
    """)
    play(st, "attack SU-07", "go")
    assert set(texts(st)) == {"fire SU-07 p1b1", "fire SU-07 p1b2", "fire SU-07 p1b3"}
    play(st, "fire SU-07 p1b1")
    assert seat(st, 1)["bases"][0]["defender"] == "GE-14" and seat(st, 1)["bases"][0]["defender_damaged"]
    assert not seat(st, 1)["bases"][0]["damaged"]  # the base behind it is untouched
    assert seat(st, 0)["bases"][0]["defender"] == "SU-14"


def test_edge04_heavy_versus_non_heavy_on_bases():
    """EDGE-04, WOT-ATK-08, WOT-CARD-13, WOT-CARD-11: a Heavy destroys an undamaged open base; a Medium
    (strength 2) only damages it; a second non-heavy hit destroys it."""
    st = pos("""
        players 2
        hand 0: SU-14
    """)
    play(st, "attack SU-14", "go", "fire SU-14 p1b1")
    assert not seat(st, 1)["bases"][0]["standing"]
    st = pos("""
        players 2
        hand 0: SU-10 SU-09
    """)
    play(st, "attack SU-10", "add SU-09", "go", "fire SU-10 p1b1")
    assert seat(st, 1)["bases"][0]["standing"] and seat(st, 1)["bases"][0]["damaged"]
    play(st, "fire SU-09 p1b1")
    assert not seat(st, 1)["bases"][0]["standing"] and "base" in seat(st, 0)["warehouse"]


def test_edge18_damaged_base_finished_by_a_light_tank():
    """EDGE-18, WOT-ATK-08, WOT-CARD-10: a base damaged earlier falls to any strength >= 1 card."""
    st = pos("""
        players 3
        active 1
        hand 1: GE-01
        bases 2: 1* 2 3
    """)
    play(st, "attack GE-01", "go", "fire GE-01 p2b1")
    assert not seat(st, 2)["bases"][0]["standing"]


def test_edge03_damage_persists_across_other_turns():
    """EDGE-03, WOT-ATK-12, WOT-GEN-06, WOT-REPAIR-01: P1 damages P3's SU-17; P2 then destroys it before P3's
    Phase I would repair it."""
    st = pos("""
        players 3
        first 0
        hand 0: GE-03
        hand 1: FR-03
        guard 2: b1=SU-17
    """)
    play(st, "attack GE-03", "go", "fire GE-03 p2b1", "end")
    assert st.current_player() == 1 and seat(st, 2)["bases"][0]["defender_damaged"]
    play(st, "attack FR-03", "go", "fire FR-03 p2b1")
    assert seat(st, 2)["warehouse"] == ["SU-17"] and "france_medal1" in seat(st, 1)["warehouse"]


def test_edge03_phase_one_repairs_own_damage():
    """EDGE-03, WOT-REPAIR-01, WOT-GEN-06: the owner's Phase I turns its damaged base and defender upright."""
    st = pos("""
        players 2
        hand 0: engineer
        bases 1: 1* 2 3
        guard 1: b2=SU-17*
    """)
    play(st, "end")
    assert st.active == 1
    assert not seat(st, 1)["bases"][0]["damaged"] and not seat(st, 1)["bases"][1]["defender_damaged"]


def test_attack_after_a_defender_falls_its_base_is_open():
    """WOT-ATK-07, WOT-ATK-11: the defender's base is open at once to later cards of the same attack; the
    attacking cards take no damage and go to the attacker's warehouse."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-10
        bases 1: 1
        guard 1: b1=GE-09
    """)
    play(st, "attack SU-09", "add SU-10", "go", "fire SU-09 p1b1", "fire SU-10 p1b1")
    assert seat(st, 1)["bases"][0]["damaged"]
    assert {"SU-09", "SU-10"} <= set(seat(st, 0)["warehouse"])


def test_edge08_medal_shortfall():
    """EDGE-08, WOT-REW-04: only two 2-medal USSR cards left; 1 destroyed -> nothing; 3 destroyed -> one
    2-medal card, the extra medal lost."""
    st = pos("""
        players 2
        hand 0: SU-09
        guard 1: b1=GE-03
        medals USSR: 0 2
    """)
    play(st, "attack SU-09", "go", "fire SU-09 p1b1")
    assert decision(st) == "main" and "ussr_medal2" not in seat(st, 0)["warehouse"]
    st = pos("""
        players 4
        hand 0: SU-09 SU-10 SU-13
        guard 1: b1=GE-07
        guard 2: b1=GE-09
        guard 3: b1=US-09
        medals USSR: 0 2
    """)
    play(
        st,
        "attack SU-09",
        "add SU-10",
        "add SU-13",
        "go",
        "fire SU-09 p1b1",
        "fire SU-10 p2b1",
        "fire SU-13 p3b1",
    )
    assert seat(st, 0)["warehouse"].count("ussr_medal2") == 1 and decision(st) == "main"


def test_edge11_where_destroyed_cards_go():
    """EDGE-11, WOT-ATK-07, WOT-ATK-09: defender -> its owner's warehouse; base -> attacker; never the
    graveyard."""
    st = pos("""
        players 2
        hand 0: SU-15 SU-09
        bases 1: 1 2
        guard 1: b1=GE-09
    """)
    graveyard = st.view(0)["graveyard"]
    play(st, "attack SU-15", "add SU-09", "go", "fire SU-09 p1b1", "fire SU-15 p1b1")
    assert "GE-09" in seat(st, 1)["warehouse"] and "base" in seat(st, 0)["warehouse"]
    assert st.view(0)["graveyard"] == graveyard


def test_edge12_last_base_mid_attack():
    """EDGE-12, WOT-END-01, WOT-END-03: the first card destroys P2's last base; the other cards still resolve
    against other opponents; the end is triggered and the round is finished."""
    st = pos("""
        players 3
        hand 0: SU-14 SU-15
        bases 1: 1
    """)
    events = play(st, "attack SU-14", "add SU-15", "go", "fire SU-14 p1b1")
    assert "end_triggered" in [e.kind for e in events]
    assert set(texts(st)) == {"fire SU-15 p2b1", "fire SU-15 p2b2", "fire SU-15 p2b3"}
    play(st, "fire SU-15 p2b1", "end")
    assert st.active == 1 and not st.is_terminal()  # P2 still takes its turn


def test_edge17_no_attack_without_targets():
    """EDGE-17, WOT-ATK-03, WOT-END-06: opponents without bases offer no targets; no attack is offered."""
    st = pos("""
        players 2
        hand 0: SU-14
        bases 1:
    """)
    assert "attack SU-14" not in texts(st)


def test_edge19_reward_nation_is_the_attackers():
    """EDGE-19, WOT-REW-02, WOT-REW-05: a French attack destroying a German vehicle earns French medals, into
    the attacker's warehouse."""
    st = pos("""
        players 2
        hand 0: FR-09
        guard 1: b1=GE-03
    """)
    play(st, "attack FR-09", "go", "fire FR-09 p1b1")
    assert "france_medal1" in seat(st, 0)["warehouse"] and "germany_medal1" not in seat(st, 0)["warehouse"]


def test_edge21_one_attack_per_turn():
    """EDGE-21, WOT-PLAY-08: after a one-card attack, no second attack even with spare same-nation cards."""
    st = pos("""
        players 2
        hand 0: SU-09 SU-10
    """)
    play(st, "attack SU-09", "go", "fire SU-09 p1b1")
    assert not [t for t in texts(st) if t.startswith("attack")]
    with pytest.raises(IllegalActionError):
        st.apply_action("attack SU-10")


def test_last_one_medal_card_triggers_the_end():
    """WOT-END-02, WOT-REW-05: taking a nation's last one-medal card triggers the end."""
    st = pos("""
        players 2
        hand 0: SU-09
        guard 1: b1=GE-03
        medals USSR: 1 0
    """)
    events = play(st, "attack SU-09", "go", "fire SU-09 p1b1")
    assert "end_triggered" in [e.kind for e in events] and st.view(0)["end_triggered"]


def test_hot_path_target_masks_match_the_restriction_rules() -> None:
    """WOT-ICON-13/14, WOT-ATK-05: the precomputed `hits` masks and `target_mask` used by the hot
    path agree with `open_targets` and `can_hit` at every step of random games."""
    game = WotRushGame(players=4)
    rng = Rng(3)
    for seed in range(2):
        st = game.new_initial_state(seed)
        while not st.is_terminal():
            vehicles, bases = open_targets(st)
            mask = target_mask(st)
            assert mask == vehicles | bases << 1
            for card in range(game.content.num_vehicles):
                assert bool(game.hits[card] & mask) == can_hit(game.restr[card], vehicles, bases)
            st.apply_action(rng.choice(st.legal_actions()))
