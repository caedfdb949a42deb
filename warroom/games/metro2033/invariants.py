"""What must hold in every Metro 2033 position, and at every end (the random-game checker's
Metro invariants; `check` also guards a loaded save).

`check`: resources never negative and conserved with the reserve (M33-GEN-03/04); armies on the
track 1..8 (M33-GEN-08); owned stations capturable and in play, at most 11 per faction
(M33-GEN-06, M33-GEN-09, M33-MAP-04); heroes on in-play stations; every card of every deck in
exactly one place (decks, discards, market, hands, quests, the battle, out of the game); equipment
within the limit between decisions (M33-EQP-03). VP is never stored: it is always counted from
the tokens and the completed quests (M33-GEN-07), so it cannot drift from what the rules count.

`check_outcome`: a finished game's winner is the seat nearest the first player, clockwise, that
meets a victory condition at the end of the round (M33-END-02/03), recomputed from the final
position; a game without a winner stopped only at the round guard.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD, DECK
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.rules.common import equipment_limit
from warroom.games.metro2033.rules.end import round_winner
from warroom.games.metro2033.words import CardKind, Faction

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

C = default_content()
MAX_STATIONS = C.inventory.faction_tokens - 2
# decisions never asked while an over-limit discard is pending: the limit holds at each of them
CALM = frozenset({"upkeep", "recruit", "army", "move", "vote", "announce", "tax"})


def check(st: MetroState) -> None:
    n = st.metro.num_players
    for r in range(3):
        total = st.reserve[r] + sum(st.res[seat][r] for seat in range(n))
        assert st.reserve[r] >= 0 and all(st.res[seat][r] >= 0 for seat in range(n)), "negative resources"
        assert total == list(C.inventory.resources.values())[r], f"resource {r} not conserved: {total}"
    drafted = [seat for seat in range(n) if st.faction[seat]]
    for seat in drafted:
        assert 1 <= st.army[seat] <= 8, f"army {st.army[seat]} off the track"
        assert st.owner.count(seat) <= MAX_STATIONS, "more stations than tokens"
    for s, owner in enumerate(st.owner):
        if owner >= 0:
            assert BOARD.is_capturable(s), f"{BOARD.ids[s]} is owned but not capturable"
            assert s in st.inplay, f"{BOARD.ids[s]} is owned but out of play"
            assert owner in drafted, f"{BOARD.ids[s]} owned by an undrafted seat"
    for seat in range(n):  # the derived bit sets (MetroState.held) agree with the tokens
        held = sum(1 << s for s, owner in enumerate(st.owner) if owner == seat)
        assert st.held[seat] == held, f"seat {seat}'s station index is out of step with the tokens"
    for seat in range(n):
        at = st.hero_at[seat]
        if at >= 0:
            assert at in st.inplay, f"hero of seat {seat} out of play at {BOARD.ids[at]}"
        assert len(st.scouts[seat]) <= 1, "two scouting cards"
    _cards(st)
    if st.decision is not None and st.decision.kind in CALM:
        for seat in range(n):
            if st.hero[seat]:
                assert len(st.equip[seat]) <= equipment_limit(st, seat), (
                    f"seat {seat} over its equipment limit"
                )


def _cards(st: MetroState) -> None:
    places = [st.eq_deck, st.eq_disc, st.market, st.q_deck, st.q_disc, st.t_deck, st.t_disc, st.t2_deck,
              st.gone, st.law_deck, st.drawn, *st.equip, *st.quests, *st.done, *st.scouts]  # fmt: skip
    seen = Counter(c for pile in places for c in pile)
    singles = [st.law, st.proposal, st.ethreat]
    bt_threat = int(st.bt.get("threat", -1)) if st.bt else -1
    if bt_threat >= 0 and bt_threat != st.ethreat:
        singles.append(bt_threat)
    seen.update(c for c in singles if c >= 0)
    for kind in (CardKind.EQUIPMENT, CardKind.QUEST, CardKind.THREAT_I, CardKind.THREAT_II, CardKind.LAW):
        for card in DECK[kind]:
            assert seen[card] == 1, f"{CARD[card]} (#{card}) is in {seen[card]} places"
    battle = [c for hand in st.bhand for c in hand]
    assert not battle or sorted(battle) == list(DECK[CardKind.BATTLE]), "battle cards lost"


def check_outcome(st: MetroState) -> None:
    """See the module docstring (M33-END-02/03, M33-END-09)."""
    if not st.is_terminal():
        return
    assert st.result is not None
    if not st.result:
        assert st.round >= int(st.metro.options["max_rounds"]), "no winner before the round guard"
        return
    expected = round_winner(st)
    assert expected is not None and st.result == [expected], f"winner {st.result}, rules say {expected}"
    target = 9 if st.faction[expected] == Faction.RL.value else 10
    vp = st.owner.count(expected) + len(st.done[expected])
    polis = all(st.owner[s] == expected for s in BOARD.polis)
    assert vp >= target or polis, "the winner meets no victory condition"
