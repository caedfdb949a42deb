"""World of Tanks: Rush invariants, checked on load and at every step of the random-game checker:
every card in play lies in exactly one zone, medal decks hold only their own nation's cards and
never go negative, a base holds at most one defender (an armoured vehicle) and a destroyed base
none, the decision belongs to a seat, and no turn runs without end (WOT-PLAY-05)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from warroom.games.wot_rush.rules.dispatch import TURN_STEP_LIMIT

if TYPE_CHECKING:
    from warroom.games.wot_rush.state import WotState


def cards_in_play(st: WotState) -> frozenset[int]:
    """Vehicles, the seats' barracks sets, every medal card and the seats' base sets (WOT-SETUP-10)."""
    return st.game.cards_in_play


def zones(st: WotState) -> list[int]:
    found = [*st.vdeck, *st.reserve, *st.vdiscard, *st.graveyard]
    for piles in (st.hangar, st.hand, st.warehouse, st.medal1, st.medal2):
        for pile in piles:
            found.extend(pile)
    found.extend(b for b in st.base if b >= 0)
    found.extend(g for g in st.guard if g >= 0)
    if (
        st.card >= 0 and st.card not in st.reserve
    ):  # a card being played (a purchase target stays in the reserve)
        found.append(st.card)
    return found


def check(st: WotState) -> None:
    g, c = st.game, st.game.content
    n = g.num_players
    assert len(st.hand) == n and len(st.base) == n * c.bases_per_player, "seat count mismatch"
    found = zones(st)
    expected = g.cards_in_play
    assert len(found) == len(expected) and set(found) == expected, (
        "cards not conserved: a card in no zone or two"
    )
    kind = g.kind
    for nation, (one, two) in enumerate(c.medal_kinds):
        assert {kind[x] for x in st.medal1[nation]} <= {one}, f"nation {nation}: a foreign one-medal card"
        assert {kind[x] for x in st.medal2[nation]} <= {two}, f"nation {nation}: a foreign two-medal card"
    _check_bases(st)
    assert len(st.reserve) <= c.reserve_size, "reserve too long"
    assert st.over or (0 <= st.decider < n and 0 <= st.active < n), "the decision belongs to no seat"
    assert st.turn_steps <= TURN_STEP_LIMIT, "a turn without end"
    assert st.purchases <= st.limit, "more purchases than the limit"


def _check_bases(st: WotState) -> None:
    """At most one defender per base (one slot), an armoured vehicle, never on a destroyed base."""
    g = st.game
    base_kind, kind, veh, arm = g.content.base_kind, g.kind, g.veh, g.arm
    for i, (base, guard) in enumerate(zip(st.base, st.guard, strict=True)):
        if base < 0:
            assert guard < 0 and not st.base_dmg[i], f"slot {i}: a defender or damage on a destroyed base"
        else:
            assert kind[base] == base_kind, f"slot {i}: not a base card"
        if guard >= 0:
            assert veh[guard] and arm[guard] >= 1, f"slot {i}: defender {guard} is not an armoured vehicle"
        else:
            assert not st.guard_dmg[i], f"slot {i}: damage on an empty defender slot"


def quick_check(st: WotState) -> None:
    """The cheap per-step subset of `check` for long random runs: the number of cards across all
    zones is conserved, the deciding seat exists, purchases within the limit, the turn is bounded.
    The random-game tests run it at every step and the full `check` every few steps."""
    g = st.game
    piles = [st.vdeck, st.reserve, st.vdiscard, st.graveyard, *st.hangar, *st.hand, *st.warehouse, *st.medal1]
    total = sum(map(len, piles)) + sum(map(len, st.medal2))
    total += len(st.base) - st.base.count(-1) + len(st.guard) - st.guard.count(-1)
    total += st.card >= 0 and st.card not in st.reserve
    assert total == len(g.cards_in_play), f"{total} cards in the zones, the game has {len(g.cards_in_play)}"
    assert st.over or 0 <= st.decider < g.seats, "the decision belongs to no seat"
    assert st.turn_steps <= TURN_STEP_LIMIT, "a turn without end"
    assert st.purchases <= st.limit, "more purchases than the limit"
