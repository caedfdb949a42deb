"""Siege invariants, checked on load and at every step of the random-game checker:
the 49 cards and 49 tokens are conserved across their zones, never two fortifications in a slot,
destroyed buildings never return (checked by the checker across steps), armour in range, an
enemy in CITY(s) only where building s is gone (SG-DEF-07), and a finished game's result and
returns match the end conditions (SG-END-01..04, SG-OPTX-02, SG-FM-15)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from warroom.games.siege.board import NUM_SPACES, RING_OF, SECTOR_OF, SECTORS
from warroom.games.siege.words import STARTING_VEHICLES, Ask, Result, Ring

if TYPE_CHECKING:
    from warroom.games.siege.state import SiegeState


def check(st: SiegeState) -> None:
    content = st.content
    n = st.siege.defenders
    assert len(st.hands) == n and len(st.trophies) == n and len(st.out) == n, "seat count mismatch"
    cards = Counter(st.deck) + Counter(st.discard) + Counter(st.cards_removed)
    for hand in st.hands:
        cards += Counter(hand)
    want = Counter({c.index: c.count for c in content.cards})
    assert cards == want, f"cards not conserved: {dict(cards - want)} extra, {dict(want - cards)} missing"
    zones = [*st.pos, *st.reserve, *st.marshal_hand, *st.staged, *st.enemy_discard, *st.tokens_removed]
    for pile in st.trophies:
        zones.extend(pile)
    if st.decision is not None and st.decision[0] == Ask.ARRANGE:  # starting vehicles not yet placed
        zones.extend(t for kind, k in STARTING_VEHICLES.items() for t in content.token_ids(kind)[:k])
    assert sorted(zones) == list(range(len(content.token_kind_of))), "tokens not conserved across zones"
    for tid, sp in st.pos.items():
        assert 0 <= sp < NUM_SPACES, f"t{tid} on no space ({sp})"
        top = content.tokens[content.token_kind_of[tid]].armour
        assert 0 < st.armour[tid] <= top, f"t{tid} armour {st.armour[tid]} outside 1..{top}"
        if RING_OF[sp] == Ring.CITY:
            assert not st.building[SECTOR_OF[sp] - 1], (
                f"t{tid} shares city cell {SECTOR_OF[sp]} with its building"
            )
    for flags in (st.fort, st.dot, st.building):
        assert len(flags) == 6, "structures are indexed by sector - 1 (sector 1..6)"
    for s in SECTORS:
        assert not st.dot[s - 1] or st.fort[s - 1], f"DOT without a fortification in slot {s}"
    assert sum(st.dot) <= 2, "more than two DOTs"
    assert st.hedgehog == -1 or st.hedgehog in st.pos, "hedgehog on an enemy not on the board"
    assert (st.decision is None) == (st.result != Result.RUNNING), "decision pending iff the game runs"
    check_outcome(st)


def check_outcome(st: SiegeState) -> None:
    """At a terminal state: LOST iff no building stands or every player is out (SG-END-01,
    SG-OPTX-02); otherwise WON iff the reserve is empty and no enemy is on the board (SG-END-02;
    the Field Marshal's hand does not count, SG-FM-15; loss first, SG-END-03); the returns are
    shared by the defenders, the opposite for a Field Marshal (SG-END-04)."""
    if st.result == Result.RUNNING:
        assert st.outcome() is None, "outcome of a running game"
        return
    lost = not any(st.building) or all(st.out)
    won = not lost and not st.reserve and not st.pos
    want = Result.LOST if lost else Result.WON if won else Result.RUNNING
    assert st.result == want, f"result {Result(st.result).name} but the end conditions give {want.name}"
    outcome = st.outcome()
    assert outcome is not None, "no outcome at a terminal state"
    side = float(st.result)
    g = st.siege
    want_returns = (side,) * g.defenders + ((-side,) if g.marshal_seat >= 0 else ())
    assert outcome.returns == want_returns, f"returns {outcome.returns} != {want_returns}"
    assert list(st.returns()) == list(want_returns), "returns() disagrees with outcome()"
