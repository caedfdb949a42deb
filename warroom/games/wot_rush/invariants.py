"""World of Tanks: Rush invariants, checked on load and at every step of the random-game checker:
every card in play lies in exactly one zone, medal decks hold only their own nation's cards and
never go negative, a base holds at most one defender (an armoured vehicle) and a destroyed base
none, the decision belongs to a seat, and no turn runs without end (WOT-PLAY-05); and at the end,
`check_outcome`: the game ended exactly when the rules' own end conditions say (WOT-END-01..07)
and the scores and winners recomputed from the final squads are the reported ones (WOT-SCORE).

`check` is cheap enough for every step (a few microseconds): one set built from all the zones at
C speed for the conservation check, and subset tests against per-game tables for the rest. Only
when it fails does `_explain` walk the position slot by slot to name what broke.
"""

from __future__ import annotations

from itertools import chain, compress
from operator import ne
from typing import TYPE_CHECKING, NamedTuple

from warroom.games.wot_rush.rules.decisions import TURN_STEP_LIMIT
from warroom.games.wot_rush.rules.scoring import metric

if TYPE_CHECKING:
    from warroom.games.wot_rush.game import WotRushGame
    from warroom.games.wot_rush.state import WotState


class _Tables(NamedTuple):
    expected: frozenset[int]  # the cards in play (WOT-SETUP-10)
    medal1: tuple[frozenset[int], ...]  # per nation: the cards allowed in its one-medal deck
    medal2: tuple[frozenset[int], ...]
    base_ok: frozenset[int]  # base cards, and -1 (a destroyed base)
    guard_ok: frozenset[int]  # armoured vehicles, and -1 (no defender)


_TABLES = "wot_rush.invariant_tables"  # kept in the configured game's `memo`


def _tables(g: WotRushGame) -> _Tables:
    tables: _Tables | None = g.memo.get(_TABLES)
    if tables is None:
        c, kind, cards = g.content, g.kind, g.cards_in_play
        tables = g.memo[_TABLES] = _Tables(
            expected=cards,
            medal1=tuple(frozenset(x for x in cards if kind[x] == one) for one, _ in c.medal_kinds),
            medal2=tuple(frozenset(x for x in cards if kind[x] == two) for _, two in c.medal_kinds),
            base_ok=frozenset({-1, *(x for x in cards if kind[x] == c.base_kind)}),
            guard_ok=frozenset({-1, *(x for x in cards if g.veh[x] and g.arm[x] >= 1)}),
        )
    return tables


def cards_in_play(st: WotState) -> frozenset[int]:
    """Vehicles, the seats' barracks sets, every medal card and the seats' base sets (WOT-SETUP-10)."""
    return st.wot.cards_in_play


def zones(st: WotState) -> list[int]:
    """Every card found in a zone, once per occurrence (a card being played counts as a zone)."""
    found = [*st.vdeck, *st.reserve, *st.vdiscard, *st.graveyard]
    for piles in (st.hangar, st.hand, st.warehouse, st.medal1, st.medal2):
        for pile in piles:
            found.extend(pile)
    found.extend(b for b in st.base if b >= 0)
    found.extend(g for g in st.guard if g >= 0)
    if st.card >= 0 and st.card not in st.reserve:  # a purchase target stays in the reserve
        found.append(st.card)
    return found


def _piles(st: WotState) -> list[list[int]]:
    """Every zone as a list, in a fixed order; bases and defender slots hold -1 when empty, and
    the last entry is the card being played, if any (a purchase target stays in the reserve)."""
    card = st.card
    playing = [card] if card >= 0 and card not in st.reserve else []
    return [st.vdeck, st.reserve, st.vdiscard, st.graveyard, *st.hangar, *st.hand, *st.warehouse,
            *st.medal1, *st.medal2, st.base, st.guard, playing]  # fmt: skip


def check(st: WotState) -> None:
    """All the invariants; raises AssertionError naming the first that fails."""
    t = _tables(st.wot)
    piles = _piles(st)
    # every card in exactly one zone: the distinct cards are the expected ones and their number
    # is the number of occurrences (-1 marks a destroyed base or an empty defender slot)
    found = set(chain.from_iterable(piles))
    found.discard(-1)
    total = sum(map(len, piles)) - st.base.count(-1) - st.guard.count(-1)
    if not (total == len(found) == len(t.expected) and found == t.expected and _others_hold(st, t)):
        _explain(st)
        raise AssertionError("inconsistent position")  # _explain found nothing more specific


class StepChecker:
    """`check` at every step of a game, made incremental for the random-game checker: the full
    check on the first position it sees (and on a finished one); afterwards the conservation of
    cards is proved from the previous position, which held every card exactly once: the cards
    that left the zones that changed must be exactly the cards that entered them (as multisets).
    Likewise the medal decks, bases and defender slots are re-checked when they change, and the
    remaining invariants (damage flags, the deciding seat, the turn's length...) every time."""

    def __init__(self) -> None:
        self.state: WotState | None = None
        self.prev: list[list[int]] = []
        self.index: range = range(0)
        self.slots = 0
        self.allowed: list[frozenset[int] | None] = []  # per zone: the cards it may hold, if limited
        self.trigger_round: int | None = None  # st.round (rounds completed) when the end was triggered

    def _restart(self, st: WotState, piles: list[list[int]]) -> None:
        check(st)
        if st is not self.state:
            self.trigger_round = None
        self._see_trigger(st)
        t = _tables(st.wot)
        n = st.wot.num_players
        self.state, self.prev, self.index = st, [pile[:] for pile in piles], range(len(piles))
        self.slots = len(piles) - 3  # the index of the bases, then the defender slots, then the card in play
        unlimited: list[frozenset[int] | None] = [None] * (4 + 3 * n)  # decks, hangars, hands, warehouses
        self.allowed = [*unlimited, *t.medal1, *t.medal2, t.base_ok, t.guard_ok, None]

    def __call__(self, st: WotState) -> None:
        piles = _piles(st)
        prev = self.prev
        decision = st.decision
        if st is not self.state or decision is None or len(piles) != len(prev):
            self._restart(st, piles)
            return
        if st.triggered and self.trigger_round is None:
            self._see_trigger(st)
        allowed = self.allowed
        removed: list[int] = []
        added: list[int] = []
        ok = True
        slots = self.slots
        for i in compress(self.index, map(ne, piles, prev)):  # the changed zones, found at C speed
            new, old = piles[i], prev[i]
            prev[i] = new[:]
            if i >= slots:  # bases or defender slots: -1 marks an empty one, not a card
                new, old = [c for c in new if c >= 0], [c for c in old if c >= 0]
            n_new, n_old = len(new), len(old)
            if n_new < n_old and old[:n_new] == new:  # cards taken from the end
                removed += old[n_new:]
            elif n_new > n_old and new[:n_old] == old:  # cards put on the end
                added += new[n_old:]
            else:
                removed += old
                added += new
            limit = allowed[i]
            if limit is not None and not limit.issuperset(piles[i]):
                ok = False
        if removed != added:  # the same cards in another order?
            removed.sort()
            added.sort()
        base = st.base
        g = st.wot
        if not (
            ok
            and removed == added
            and (-1 not in base or _destroyed_bases_empty(st))
            and (True not in st.guard_dmg or _damaged_guards_exist(st))
            and len(st.reserve) <= g.content.reserve_size
            and 0 <= decision[1] < g.seats
            and 0 <= st.active < g.seats
            and st.turn_steps <= TURN_STEP_LIMIT
            and st.purchases <= st.limit
        ):
            self.state = None
            _explain(st)
            raise AssertionError("cards not conserved: a card in no zone or two")

    def _see_trigger(self, st: WotState) -> None:
        """The trigger flag flips exactly when an end condition first holds (WOT-END-01/02): the
        conditions never undo themselves, so flag and condition agree from then on."""
        if st.triggered and self.trigger_round is None:
            assert end_condition(st), "end triggered without a trigger condition (WOT-END-01/02)"
            self.trigger_round = st.round


def end_condition(st: WotState) -> bool:
    """Whether a trigger condition holds: a seat has lost every base (WOT-END-01) or a nation's
    one-medal deck is empty (WOT-END-02)."""
    seats = range(st.wot.num_players)
    return any(not st.has_base(p) for p in seats) or any(not deck for deck in st.medal1)


def recount(st: WotState) -> list[tuple[int, int, int, int]]:
    """Each seat's (total, medal-card medals, base cards, achievements), recomputed from the final
    piles without the engine's scoring: the final squad is hand + warehouse + hangar
    (WOT-SCORE-01), an achievement goes to the single strictly highest non-zero count
    (WOT-SCORE-02), total = medals + 3 x bases + 5 x achievements (WOT-SCORE-04)."""
    c = st.wot.content
    n = st.wot.num_players
    squads = [st.hand[p] + st.warehouse[p] + st.hangar[p] for p in range(n)]
    won = [0] * n
    for a in st.achievements:
        counts = [metric(st, c.achievements[a], cards) for cards in squads]
        if max(counts) > 0 and counts.count(max(counts)) == 1:
            won[counts.index(max(counts))] += 1
    keys = []
    for p, cards in enumerate(squads):
        medals = sum(c.medals[c.kind[x]] for x in cards if c.is_medal[c.kind[x]])
        bases = sum(c.is_base[c.kind[x]] for x in cards)
        total = medals + c.base_medals * bases + c.achievement_medals * won[p]
        keys.append((total, medals, bases, won[p]))
    return keys


def check_outcome(st: WotState, trigger_round: int | None) -> None:
    """A finished game's result agrees with the rules (`trigger_round`: the rounds completed when
    the end was triggered, as a `StepChecker` saw it, or None if it never was).

    - it ended iff a trigger condition holds or the round cap was reached (WOT-END-01/02/07);
    - after a trigger, it ended when that round ended, not a round early or late (WOT-END-03/04);
    - the last turn was that of the seat to the first player's right (WOT-END-03, WOT-CARD-08);
    - the reported scores, winners and returns are those recomputed from the final squads
      (WOT-SCORE-01..05)."""
    g = st.wot
    assert st.is_terminal(), "not finished"
    assert st.triggered == end_condition(st), "the end trigger disagrees with the end conditions"
    assert st.round <= g.max_rounds, "played past the round cap (WOT-END-07)"
    if st.triggered:
        assert trigger_round is not None and st.round == trigger_round + 1, (
            f"triggered in round {trigger_round} but ended after {st.round} rounds (WOT-END-03/04)"
        )
    else:
        assert st.round == g.max_rounds, "ended without a trigger before the round cap (WOT-END-07)"
    assert st.active == (st.first - 1) % g.num_players, "the round's last seat did not end it (WOT-END-03)"
    keys = recount(st)
    assert st.scores == [key[0] for key in keys], f"scores {st.scores} but recounted {keys}"
    best = max(keys)
    won = tuple(p for p, key in enumerate(keys) if key == best)
    outcome = st.outcome()
    assert outcome is not None and outcome.winners == won, f"winners {outcome} but recounted {won}"
    assert outcome.returns == tuple(1.0 if p in won else 0.0 for p in range(g.num_players)), (
        "returns disagree with the winners (WOT-SCORE-05)"
    )


def _others_hold(st: WotState, t: _Tables) -> bool:
    """Every invariant but the conservation of cards, as one boolean (cheap subset tests)."""
    g = st.wot
    base, guard, decision = st.base, st.guard, st.decision
    return (
        len(st.hand) == g.num_players
        and len(base) == g.num_players * g.bpp
        and all(map(frozenset.issuperset, t.medal1, st.medal1))  # own nation's cards only
        and all(map(frozenset.issuperset, t.medal2, st.medal2))
        and t.base_ok.issuperset(base)  # base cards on the bases
        and t.guard_ok.issuperset(guard)  # armoured vehicles as defenders
        and (-1 not in base or _destroyed_bases_empty(st))
        and (True not in st.guard_dmg or _damaged_guards_exist(st))
        and len(st.reserve) <= g.content.reserve_size
        and (decision is None or (0 <= decision[1] < g.seats and 0 <= st.active < g.seats))
        and st.turn_steps <= TURN_STEP_LIMIT
        and st.purchases <= st.limit
    )


def _destroyed_bases_empty(st: WotState) -> bool:
    guard, dmg = st.guard, st.base_dmg
    return all(guard[i] < 0 and not dmg[i] for i, b in enumerate(st.base) if b < 0)


def _damaged_guards_exist(st: WotState) -> bool:
    guard = st.guard
    return all(guard[i] >= 0 for i, d in enumerate(st.guard_dmg) if d)


def _explain(st: WotState) -> None:
    """The slow, explicit form of `check`: asserts one rule at a time with a precise message."""
    g, c = st.wot, st.wot.content
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
    decision = st.decision
    assert decision is None or (0 <= decision[1] < n and 0 <= st.active < n), (
        "the decision belongs to no seat"
    )
    assert st.turn_steps <= TURN_STEP_LIMIT, "a turn without end"
    assert st.purchases <= st.limit, "more purchases than the limit"


def _check_bases(st: WotState) -> None:
    """At most one defender per base (one slot), an armoured vehicle, never on a destroyed base."""
    g = st.wot
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
