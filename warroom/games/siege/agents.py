"""Siege agents: a heuristic defender team member and a heuristic Field Marshal.

Both are one-step greedy policies: every legal action of the pending decision gets a score from
a direct evaluation of the position (no look-ahead copies), and the best one is played; ties go
to the earlier action in the legal list, so play is deterministic for a given state.

The defender's scale: finishing a kill is worth ~20 plus three times the target's urgency
(how soon and how badly it hurts the city, `_urgency`); chip damage a few points; passing 0.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from warroom.core.game import Action, State
from warroom.core.rng import Rng
from warroom.games.siege.actions import ARRANGEMENTS, SiegeAction
from warroom.games.siege.board import (
    ADVANCE,
    CLOCKWISE,
    COLOUR_OF_SPACE,
    COUNTER_CLOCKWISE,
    HE111_PATH,
    RING_OF,
    SECTOR_OF,
    SECTORS,
    SECTORS_OF_COLOUR,
    colour_of,
    cw,
)
from warroom.games.siege.words import (
    COLOUR_MOVES,
    DIVERSIONS,
    REVEALS,
    SIDEWAYS,
    STARTING_VEHICLES,
    Ask,
    Card,
    CardClass,
    Colour,
    Ring,
    Site,
    Token,
    TokenClass,
    Verb,
)

if TYPE_CHECKING:
    from warroom.games.siege.game import SiegeGame
    from warroom.games.siege.state import SiegeState

_REAR, _AVI, _ART, _TANK, _CITY = (int(r) for r in Ring)
_MARSHAL_KINDS = (Ask.MARSHAL, Ask.MARSHAL_EXTRA)
_SECOND_TIER = (Verb.HEDGEHOGS, Verb.ONSLAUGHT)  # played only once no damage play is worth it
# The play verbs, read for every option scored: one global each, not a class attribute lookup.
_STRIKE, _PRECISE, _IL2, _HEDGEHOGS, _ONSLAUGHT = (
    Verb.STRIKE,
    Verb.PRECISE,
    Verb.IL2,
    Verb.HEDGEHOGS,
    Verb.ONSLAUGHT,
)
_BUILD, _DOT, _PATROL, _MODIFICATION = Verb.BUILD, Verb.DOT, Verb.PATROL, Verb.MODIFICATION
_REPAIR, _ALL_FOR_ONE = Verb.REPAIR, Verb.ALL_FOR_ONE
_KEEP = {  # what holding a special card is worth when it has no good use right now
    Card.IL2: 5.0, Card.PRECISE_SHOT: 4.0, Card.ONSLAUGHT: 4.0, Card.HEDGEHOGS: 3.0, Card.DOT: 3.0,
    Card.PATROL: 3.0, Card.MODIFICATION: 6.0, Card.REPAIR: 2.0,
}  # fmt: skip
_FLEX = {CardClass.STRIKE: 0.0, CardClass.MULTICOLOUR: 0.6, CardClass.COUNTERATTACK: 0.8}


# -- reading the board --------------------------------------------------------------------------
def _urgency(st: SiegeState, sp: int) -> float:
    """How soon and how badly an enemy standing on `sp` hurts the city."""
    ring, s = RING_OF[sp], SECTOR_OF[sp]
    if ring == _CITY:
        return 10.0 if st.building[cw(s) - 1] else 6.0
    if ring == _TANK:
        if st.fort[s - 1]:
            return 3.0 if st.dot[s - 1] else 4.5
        return 9.0 if st.building[s - 1] else 6.5
    return (0.5, 1.0, 2.0)[ring]


def _sector_threat(st: SiegeState, s: int) -> float:
    """Enemies of sector s on their way to its wall, weighted by closeness and armour."""
    total = 0.0
    for tid, sp in st.pos.items():
        if SECTOR_OF[sp] == s and RING_OF[sp] != _CITY:
            total += (0.3, 0.6, 1.2, 2.5)[RING_OF[sp]] * st.armour[tid]
    return total


def _kill_value(u: float) -> float:
    return 20.0 + 3.0 * u


class _Tables:
    """What the planner reads per card kind, from the game's content: built once per game."""

    __slots__ = ("flex", "keep")

    def __init__(self, g: SiegeGame) -> None:
        cards = g.content.cards
        self.flex = tuple(_FLEX.get(card.card_class, 0.0) for card in cards)
        # what holding a special card is worth (counted once, whatever the copies), None for the rest
        self.keep = tuple(_KEEP.get(card.kind) for card in cards)


class _Board:
    """All a hand plan reads of one board, worked out once for it: each enemy's armour and
    urgency and the strike scores that depend on them alone, the enemies each card kind can
    hit, and the plans made so far (by sorted hand). The agent keeps one per board it meets
    (`HeuristicAgent._board_of`), so a search's playouts share them."""

    __slots__ = ("armour", "chip", "finish", "il2", "kill", "pair", "plans", "tables", "targets", "urg")

    def __init__(self, st: SiegeState, tables: _Tables) -> None:
        self.tables = tables
        self.plans: dict[tuple[int, ...], float] = {}
        self.targets: dict[int, list[int]] = {}
        pos, armour = st.pos, st.armour
        self.armour = {tid: armour[tid] for tid in pos}
        self.urg = urg = {tid: _urgency(st, sp) for tid, sp in pos.items()}
        # the parts of `_Look.strike`/`precise` that depend on the enemy alone, the same floats
        self.kill = {tid: _kill_value(u) for tid, u in urg.items()}
        self.finish = {tid: 12.0 + 3.0 * u for tid, u in urg.items()}
        self.chip = {tid: 3.0 + u for tid, u in urg.items()}
        self.il2 = [tid for tid, sp in pos.items() if RING_OF[sp] != _REAR]  # IL-2's reach (SG-CARD-04)
        self.pair = 2.5 if not all(st.fort) else 1.2  # Sandbags + Barbed Wire kept for a Build


class _Look:
    """The analysis of one position shared by the defender's scorers: urgencies, targets, hands.
    Hands are sorted tuples of card kinds (`_hand`), the key of a plan."""

    def __init__(self, st: SiegeState, board: _Board | None = None) -> None:
        self.st = st
        self.g = st.siege
        self.board = _Board(st, _Tables(st.siege)) if board is None else board
        self.urg = self.board.urg
        self.cards = st.content.cards
        self._targets = self.board.targets
        self._plans = self.board.plans

    def hit_targets(self, kind: int) -> list[int]:
        targets = self._targets.get(kind)
        if targets is None:
            hits = self.g.can_hit.get(kind)
            targets = [] if hits is None else [tid for tid, sp in self.st.pos.items() if hits[sp]]
            self._targets[kind] = targets
        return targets

    def cover(self, hand: Mapping[int, int]) -> dict[int, int]:
        """For each enemy, how many strike cards of `hand` can damage it."""
        out = dict.fromkeys(self.st.pos, 0)
        can_hit, known = self.g.can_hit, self._targets
        for kind, n in hand.items():
            if n > 0 and kind in can_hit:
                targets = known.get(kind)
                for tid in self.hit_targets(kind) if targets is None else targets:
                    out[tid] += n
        return out

    # -- scores of single plays --------------------------------------------------------------
    def strike(self, kind: int, tid: int, armour: int, cover: int) -> float:
        u = self.urg[tid]
        flex = _FLEX.get(self.cards[kind].card_class, 0.0)
        if armour <= 1:
            return _kill_value(u) - flex
        if armour <= cover:
            return 12.0 + 3.0 * u - armour - flex  # the rest of the hand finishes it
        return 3.0 + u - 0.5 * armour - flex

    def precise(self, tid: int, armour: int, cover: int) -> float:
        shortfall = max(0, armour - cover)
        return _kill_value(self.urg[tid]) + 5.0 * shortfall + (armour - 1) - 12.0

    def il2(self, tid: int, armour: int, cover: int) -> float:
        u = self.urg[tid]
        shortfall = max(0, armour - cover)
        return u * (2.0 + 1.5 * shortfall) + armour - 14.0

    def hedgehog(self, tid: int) -> float:
        u = self.urg[tid]
        if tid == self.st.hedgehog or u < 6.0:
            return -1.0
        return u + self.st.armour[tid] - 6.0

    def onslaught(self, tid: int) -> float:
        u = self.urg[tid]
        return u + 2.0 * self.st.armour[tid] - 7.0 if u >= 4.0 else -1.0

    def build(self, s: int) -> float:
        return 3.0 + 2.0 * _sector_threat(self.st, s) + (3.0 if self.st.building[s - 1] else 0.0)

    def dot(self, s: int) -> float:
        return 2.0 + _sector_threat(self.st, s)

    def patrol(self) -> float:
        return 1.0 + 0.5 * len(self.st.pos) if self.st.reserve or self.st.marshal_hand else -1.0

    # -- a whole hand ----------------------------------------------------------------------------
    def plan(self, hand: tuple[int, ...]) -> float:
        """What a hand (sorted card kinds) is worth now: greedy damage plays with armour
        tracked, plus keep values."""
        value = self._plans.get(hand)
        if value is None:
            value = self._plans[hand] = self._plan(hand)
        return value

    def _plan(self, key: tuple[int, ...]) -> float:
        """`plan` of the hand `key`: while a damage play scores above 0, make the best one (the
        first of equal scores: strike kinds in hand order, enemies in board order, each strike
        followed by its Precise Shot version, then IL-2), with armour and the cover (how many
        strike cards can still damage each enemy) kept up to date as cards are used; then the
        keep values of what is left. The scores are those of `strike`, `precise` and `il2`
        written out on the board's per-enemy parts (`_Board`, the same floats). The search's
        playouts spend most of their time here, hence one loop on plain dicts and lists."""
        cards: dict[int, int] = {}  # in the order `Counter(key)` would hold
        for kind in key:
            cards[kind] = cards.get(kind, 0) + 1
        board = self.board
        armour = board.armour.copy()
        cover = dict.fromkeys(armour, 0)
        strikes = self._strikes(cards, cover)
        known = self._targets  # filled for every strike kind held by `_strikes`
        precise, il2 = self.g.precise, self.g.il2
        kill, finish, chip, urg, il2_reach = board.kill, board.finish, board.chip, self.urg, board.il2
        total = 0.0
        while True:
            has_precise = cards.get(precise, 0) > 0
            best_score = 0.0  # only a positive score is a play
            best: tuple[int, int, bool, bool] | None = None  # card kind, enemy, with Precise Shot, kills
            for kind, flex, targets in strikes:
                if cards[kind] <= 0:
                    continue
                for tid in targets:
                    a = armour[tid]
                    if a <= 0:
                        continue
                    c = cover[tid]
                    if a <= 1:
                        score = kill[tid] - flex
                    elif a <= c:
                        score = finish[tid] - a - flex  # the rest of the hand finishes it
                    else:
                        score = chip[tid] - 0.5 * a - flex
                    if score > best_score:
                        best_score, best = score, (kind, tid, False, False)
                    if has_precise:
                        score = kill[tid] + 5.0 * (a - c if a > c else 0) + (a - 1) - 12.0
                        if score > best_score:
                            best_score, best = score, (kind, tid, True, True)
            if cards.get(il2, 0) > 0:
                for tid in il2_reach:
                    a = armour[tid]
                    if a > 0:
                        c = cover[tid]
                        score = urg[tid] * (2.0 + 1.5 * (a - c if a > c else 0)) + a - 14.0
                        if score > best_score:
                            best_score, best = score, (il2, tid, False, True)
            if best is None:
                break
            total += best_score
            used, tid, with_precise, kills = best
            for kind in (used, precise) if with_precise else (used,):
                cards[kind] -= 1
                for hit in known.get(kind, ()):
                    cover[hit] -= 1
            armour[tid] = 0 if kills else armour[tid] - 1
        return total + self._keep(cards)

    def _strikes(self, cards: dict[int, int], cover: dict[int, int]) -> list[tuple[int, float, list[int]]]:
        """The strike kinds of `cards` in their order, each with its flex and the enemies it can
        hit, counted into `cover` (zero for every enemy on entry) once per copy held."""
        known, can_hit, flexes = self._targets, self.g.can_hit, self.board.tables.flex
        strikes = []
        for kind, n in cards.items():
            if kind in can_hit:
                targets = known.get(kind)
                if targets is None:
                    targets = self.hit_targets(kind)
                for tid in targets:
                    cover[tid] += n
                strikes.append((kind, flexes[kind], targets))
        return strikes

    def _keep(self, cards: dict[int, int]) -> float:
        g = self.g
        keep = self.board.tables.keep
        total = 0.0
        for kind, n in cards.items():
            if n <= 0:
                continue
            once = keep[kind]
            if once is not None:
                total += once
            elif kind in (g.sandbags, g.barbed_wire):
                pair = cards.get(g.sandbags, 0) > 0 and cards.get(g.barbed_wire, 0) > 0
                total += (self.board.pair if pair else 0.6) * n
            else:
                total += 0.3 * n
        return total


def _hand(cards: Iterable[int]) -> tuple[int, ...]:
    """A hand as the planner keys it: its card kinds, sorted."""
    return tuple(sorted(cards))


def _less(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """`hand` with one copy of `kind` fewer (it holds one)."""
    i = hand.index(kind)
    return hand[:i] + hand[i + 1 :]


def _more(hand: tuple[int, ...], kind: int) -> tuple[int, ...]:
    """`hand` with one more copy of `kind`, still sorted."""
    i = bisect_right(hand, kind)
    return (*hand[:i], kind, *hand[i:])


# -- the defender -------------------------------------------------------------------------------
def _best(scored: Iterable[tuple[float, Action]]) -> Action:
    best_score, best_action = None, None
    for score, action in scored:
        if best_score is None or score > best_score:
            best_score, best_action = score, action
    assert best_action is not None
    return best_action


def _play_score(look: _Look, a: SiegeAction, cover: dict[int, int]) -> float:
    st = look.st
    verb = a.verb
    if verb == _STRIKE:
        return look.strike(a.a, a.b, st.armour[a.b], cover[a.b])
    if verb == _PRECISE:
        return look.precise(a.b, st.armour[a.b], cover[a.b])
    if verb == _IL2:
        return look.il2(a.b, st.armour[a.b], cover.get(a.b, 0))
    if verb == _HEDGEHOGS:
        return look.hedgehog(a.b)
    if verb == _ONSLAUGHT:
        return look.onslaught(a.b)
    if verb == _BUILD:
        return look.build(a.a)
    if verb == _DOT:
        return look.dot(a.a)
    if verb == _PATROL:
        return look.patrol()
    if verb == _MODIFICATION:
        return 100.0
    if verb == _REPAIR:
        return _repair_score(look, a.a)
    if verb == _ALL_FOR_ONE:
        u = look.urg[a.b]
        return _kill_value(u) + 5.0 * max(0, st.armour[a.b] - 2) - 24.0
    return 0.0  # pass


def _repair_score(look: _Look, kind: int) -> float:
    """Taking a card back is worth what the hand gains with it, less the Repair card itself."""
    hand = _less(_hand(look.st.hands[look.st.active]), look.g.repair)
    base = look.plan(hand)
    return look.plan(_more(hand, kind)) - base - 2.0


def _choose_play(look: _Look, legal: Sequence[Action]) -> Action:
    st = look.st
    cover = look.cover(Counter(st.hands[st.active]))
    first: list[tuple[float, Action]] = []
    second: list[tuple[float, Action]] = []
    for action in legal:
        a = cast(SiegeAction, action)
        score = _play_score(look, a, cover)
        (second if a.verb in _SECOND_TIER else first).append((score, action))
    if max(s for s, _ in first) > 0.0 or not second:
        return _best(first)
    return _best([(0.0, legal[0]), *second])  # legal[0] is pass


def _card_worth(look: _Look, hand: tuple[int, ...], kind: int) -> float:
    """How much the hand loses without one copy of `kind`."""
    return look.plan(hand) - look.plan(_less(hand, kind))


def _choose_swap(look: _Look, legal: Sequence[Action]) -> Action:
    hand = _hand(look.st.hands[look.st.active])
    scored = [(0.0, legal[0])]  # pass
    for action in legal[1:]:
        scored.append((1.0 - _card_worth(look, hand, cast(SiegeAction, action).a), action))
    return _best(scored)


def _choose_discard(look: _Look, legal: Sequence[Action]) -> Action:
    hand = _hand(look.st.hands[look.st.current_player()])
    return _best((-_card_worth(look, hand, cast(SiegeAction, a).a), a) for a in legal)


def _answer(look: _Look, partner: int, offered: int) -> tuple[float, int]:
    """The card the partner would give the active player for `offered` (-1: refuse), and its gain."""
    st = look.st
    mine = _hand(st.hands[st.active])
    base = look.plan(mine)
    rest = _less(mine, offered)
    keep, cards = _KEEP, look.cards
    best_gain, best_kind = 0.5, -1
    for kind in sorted(set(st.hands[partner])):
        gain = look.plan(_more(rest, kind)) - base
        loss = keep.get(cards[kind].kind, 0.5)
        if gain - loss > best_gain:
            best_gain, best_kind = gain - loss, kind
    return best_gain, best_kind


def _choose_answer(look: _Look, legal: Sequence[Action]) -> Action:
    assert look.st.decision is not None
    _, partner, offered = look.st.decision
    _, kind = _answer(look, int(partner), int(offered))
    if kind < 0:
        return legal[0]  # refuse
    return look.st.table.give[kind]


def _choose_offer(look: _Look, legal: Sequence[Action]) -> Action:
    """Offer each partner the card this hand misses least; trade where the answer helps most."""
    st = look.st
    hand = _hand(st.hands[st.active])
    worth = {kind: _card_worth(look, hand, kind) for kind in set(hand)}
    cheapest: dict[int, SiegeAction] = {}
    for action in legal[1:]:
        a = cast(SiegeAction, action)
        if a.a not in cheapest or worth[a.b] < worth[cheapest[a.a].b]:
            cheapest[a.a] = a
    scored: list[tuple[float, Action]] = [(0.0, legal[0])]  # pass
    for a in cheapest.values():
        gain, kind = _answer(look, a.a, a.b)
        if kind >= 0:
            scored.append((gain, a))
    return _best(scored)


def _choose_hit(look: _Look, legal: Sequence[Action]) -> Action:
    """Collision damage: kill if one can die, else soften the weakest so a single card finishes it."""
    st = look.st
    maxima = st.content.tokens
    kind_of = st.content.token_kind_of

    def score(a: Action) -> float:
        tid = cast(SiegeAction, a).b
        armour = st.armour[tid]
        return -10.0 * armour + maxima[kind_of[tid]].armour

    return _best((score(a), a) for a in legal)


def _choose_arrange(look: _Look, legal: Sequence[Action]) -> Action:
    """Strong starting vehicles where the first two players hold cards to hit them."""
    st = look.st
    n = st.siege.defenders
    budget = {c: 0 for c in Colour}
    for p, ring in ((st.active, Ring.AVIATION), ((st.active + 1) % n, Ring.ARTILLERY)):
        for kind in st.hands[p]:
            card = look.cards[kind]
            if card.card_class == CardClass.STRIKE and card.ring == ring and card.colour is not None:
                budget[card.colour] += 1
    armour = {k: st.content.token(k).armour for k in STARTING_VEHICLES}

    def value(i: int) -> float:
        kinds = ARRANGEMENTS[cast(SiegeAction, legal[i]).a]
        total = 0.0
        for colour, (s1, s2) in SECTORS_OF_COLOUR.items():
            left = budget[colour]
            for a in sorted(armour[kinds[s - 1]] for s in (s1, s2)):
                if a <= left:
                    left -= a
                    total += a
        return total

    return _best((value(i), legal[i]) for i in range(len(legal)) if i < len(ARRANGEMENTS))


def _choose_claim(look: _Look, legal: Sequence[Action]) -> Action:
    """My Home: the free building of the colour this player's strike cards cover best."""
    st = look.st
    hand = st.hands[st.current_player()]
    colours = Counter(look.cards[k].colour for k in hand if look.cards[k].colour is not None)
    return _best((colours[colour_of(cast(SiegeAction, a).a)], a) for a in legal)


_DEFENDER: dict[str, Callable[[_Look, Sequence[Action]], Action]] = {
    Ask.PLAY: _choose_play,
    Ask.SWAP: _choose_swap,
    Ask.TRADE: _choose_offer,
    Ask.ANSWER: _choose_answer,
    Ask.HIT: _choose_hit,
    Ask.DISCARD: _choose_discard,
    Ask.ARRANGE: _choose_arrange,
    Ask.CLAIM: _choose_claim,
}


# -- the Field Marshal ---------------------------------------------------------------------------
def _advance_value(st: SiegeState, movers: Iterable[int], step: Sequence[int] = ADVANCE) -> float:
    """What one movement event of `movers` is worth to the Field Marshal."""
    total = 0.0
    inward = step is ADVANCE
    for tid in movers:
        if tid == st.hedgehog:
            continue
        sp = st.pos[tid]
        ring, s = RING_OF[sp], SECTOR_OF[sp]
        if inward and ring == _TANK and st.fort[s - 1]:
            total += 1.0 if st.dot[s - 1] else 3.0
            continue
        dest = step[sp]
        if RING_OF[dest] == _CITY and st.building[SECTOR_OF[dest] - 1]:
            total += 8.0
        elif inward:
            total += (0.3, 0.8, 1.5, 3.0, 1.0)[ring]
    return total


def _he111_value(st: SiegeState) -> float:
    """The bomber's expected worth to the Field Marshal over the six possible rolls."""
    total = 0.0
    for s in SECTORS:
        for what, x in HE111_PATH[s]:
            if what is Site.SPACE:
                total -= sum(1.5 * st.armour[t] + 0.3 * RING_OF[sp] for t, sp in st.pos.items() if sp == x)
            elif what is Site.FORT and st.fort[x - 1]:
                total += 1.5 if st.dot[x - 1] else 3.5
                break
            elif what is Site.BUILDING and st.building[x - 1]:
                total += 50.0 if sum(st.building) == 1 else 8.0
                break
    return total / 6.0


def _ring_cards(st: SiegeState, ring: Ring) -> int:
    cards = st.content.cards
    return sum(1 for hand in st.hands for k in hand if cards[k].ring == ring)


def _colour_cards(st: SiegeState, colour: Colour) -> int:
    cards = st.content.cards
    return sum(1 for hand in st.hands for k in hand if cards[k].colour == colour)


def _weakness(st: SiegeState, s: int) -> float:
    """How well a vehicle entering the rear of sector s does: open wall, standing building, few cards."""
    open_wall = 0.0 if st.fort[s - 1] else 3.0
    dot = 1.0 if st.dot[s - 1] else 0.0
    return open_wall + (2.0 if st.building[s - 1] else 0.5) - dot - 0.4 * _colour_cards(st, colour_of(s))


def _token_value(st: SiegeState, kind: int, sector: int | None) -> float:
    token = st.content.tokens[kind]
    if token.is_vehicle:
        where = _weakness(st, sector) if sector else sum(_weakness(st, s) for s in SECTORS) / 6.0
        return 2.0 * token.armour + where + _arrival_value(st, token.kind, sector)
    if token.token_class == TokenClass.BOMBER:
        return _he111_value(st)
    return _event_value(st, token.kind)


def _arrival_value(st: SiegeState, kind: str, sector: int | None) -> float:
    if kind == Token.PZ2:
        return 9.0
    if kind == Token.MAUS:
        return _advance_value(st, list(st.pos))
    if kind == Token.PZ4:
        colours = [colour_of(sector)] if sector else list(Colour)
        best = max(
            _advance_value(st, [t for t, sp in st.pos.items() if COLOUR_OF_SPACE[sp] == c]) for c in colours
        )
        return best if sector else best / 2.0
    if kind == Token.PANTHER:
        tokens, kind_of = st.content.tokens, st.content.token_kind_of
        return 2.0 * sum(1 for t in st.pos if st.armour[t] < tokens[kind_of[t]].armour)
    return 0.0


def _event_value(st: SiegeState, kind: str) -> float:
    if kind in COLOUR_MOVES:
        colour = COLOUR_MOVES[kind]
        return _advance_value(st, [t for t, sp in st.pos.items() if COLOUR_OF_SPACE[sp] == colour])
    if kind in SIDEWAYS:
        step = CLOCKWISE if SIDEWAYS[kind] else COUNTER_CLOCKWISE
        return 0.5 + _advance_value(st, list(st.pos), step)
    if kind in DIVERSIONS:
        return 0.5 + 1.5 * _ring_cards(st, DIVERSIONS[kind])
    if kind == Token.DISCARD_ONE:
        return 1.0 * sum(1 for hand in st.hands if hand)
    return 4.0 * REVEALS.get(kind, 0)  # 12 for three more tokens, 16 for four


def _marshal_score(st: SiegeState, a: SiegeAction) -> float:
    if a.verb == Verb.PLACE:
        return _token_value(st, a.a, a.b)
    if a.verb == Verb.PAIR:
        return _token_value(st, a.a, None) + _token_value(st, a.b, None)
    if a.verb in (Verb.SINGLE, Verb.DEPLOY):
        return _token_value(st, a.a, None)
    return 0.0  # pass / stop


class HeuristicMarshal:
    """The Field Marshal: vehicles at the weakest walls, floods, and events when they hurt."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        st = cast("SiegeState", state)
        return _best((_marshal_score(st, cast(SiegeAction, a)), a) for a in st.legal_actions())


class HeuristicAgent:
    """A defender who plays for the team; hands Field Marshal decisions to `HeuristicMarshal`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.marshal = HeuristicMarshal(seed)
        self._boards: dict[tuple[object, ...], _Board] = {}
        self._tables: tuple[SiegeGame, _Tables] | None = None  # the planner's per-card tables

    def _board_of(self, st: SiegeState) -> _Board:
        """The planner's analysis of this board (`_Board`), kept with the plans made on it. A
        plan (`_Look.plan`) reads only the enemies in board order with their armour, the walls,
        DOTs and buildings, and the game's tables, so equal boards share their plans: a search's
        playouts meet the same board again and again (every candidate of a paired search is
        played in the same world). Bounded: forgotten all at once past 512 boards."""
        g, pos, armour = st.siege, st.pos, st.armour
        key = (
            g, tuple(pos.items()), tuple([armour[tid] for tid in pos]),
            tuple(st.fort), tuple(st.dot), tuple(st.building),
        )  # fmt: skip
        board = self._boards.get(key)
        if board is None:
            if len(self._boards) >= 512:
                self._boards.clear()
            tables = self._tables
            if tables is None or tables[0] is not g:
                tables = self._tables = (g, _Tables(g))
            board = self._boards[key] = _Board(st, tables[1])
        return board

    def choose(self, state: State) -> Action:
        st = cast("SiegeState", state)
        legal = st.legal_actions()
        assert st.decision is not None
        kind = str(st.decision[0])
        if kind in _MARSHAL_KINDS:
            return self.marshal.choose(st)
        if len(legal) == 1:
            return legal[0]
        return _DEFENDER[kind](_Look(st, self._board_of(st)), legal)
