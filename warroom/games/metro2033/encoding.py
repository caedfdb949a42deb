"""Metro 2033's fixed-length numeric observation, built from a seat's view only (so it cannot
leak what the seat may not see).

Layout (floats, scaled to roughly [0, 1]); `size(n)` is the total for n seats:

| block | size | meaning |
|---|---|---|
| viewer | 7 | one-hot seat 0..5, last = spectator |
| round | 4 | round / 100, stage II, first player / 5, round-track space / 9 (S = 0) |
| stations | 78 x 8 | per station: owner one-hot seat 0..5, neutral, in play |
| heroes | 6 x 78 | per seat, the hero's station one-hot |
| seats | 6 x 12 | per seat: M, P, A / 35, army / 8, VP / 10, wounded, equipment / 4, completed quests / 4, |
|  |  | face-down quests / 4, holds a scouting card, votes / 14, faction drafted |
| law | 7 + 7 | the active law one-hot, the law put to the vote one-hot |
| market | 9 | market count per equipment kind / 2 |
| own quests | 12 | the viewer's face-down quests per quest id / 2 |
| battle hand | 7 | the viewer's dealt battle cards |
| decision | 1 | the decision is the viewer's |

`encode_into` writes the same numbers straight from the state, rewriting only the blocks whose
part of the state changed since that viewer's last observation; `Encoder` (the game's
`encoder`) calls the C writer instead (`encoding_c.pyx`, the whole observation on every call)
where the package was built with it.
`bounds(players, max_rounds)` gives each element's least and greatest value, from the rules'
own limits (the round guard, the reserve, the army track, the tokens, the condition groups, the
equipment limit, the card counts): what the research environments declare as their box.

Shaped rewards (`shaped=True`, warroom/envs/shaping.py): Metro has no evaluation, and random
players never reach a victory (every 2-seat random game ends at the round guard, paying 0), so
`potential` pays the race to M33-END-02. A seat's progress is its VP over its target (10; the
Red Line 9, M33-FAC-01) or its share of the 4 Polis stations, whichever is nearer, at most 1;
its potential is half its progress less the mean of the others': zero-sum over the seats, 0
at the start, within -0.5 .. +0.5, so the winner's +1 (the zero-sum reward) still outweighs it.
"""

from __future__ import annotations

from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from warroom.core.game import JSON
from warroom.envs import shaping
from warroom.envs.observe import (
    ZEROS,
    Counts,
    ObservationCache,
    Seen,
    copy_out,
    count_into,
    move_ones,
    native,
)
from warroom.games.metro2033.board import BOARD
from warroom.games.metro2033.cards import CARD
from warroom.games.metro2033.changes import HEROES as _HERO_CHANGES
from warroom.games.metro2033.changes import LAWS as _LAW_CHANGES
from warroom.games.metro2033.changes import MARKET as _MARKET_CHANGES
from warroom.games.metro2033.changes import SEAT as _SEAT_CHANGES
from warroom.games.metro2033.changes import STATIONS as _STATION_CHANGES
from warroom.games.metro2033.content import default_content
from warroom.games.metro2033.rules.common import (
    ARMY_MAX,
    MARKET_SIZE,
    MAX_STATIONS,
    RES_INDEX,
    RL_WIN_VP,
    WIN_VP,
    has_faction,
    vp,
)
from warroom.games.metro2033.rules.events import votes
from warroom.games.metro2033.words import RESOURCES, CardKind, Faction, QuestCondition, Resource

if TYPE_CHECKING:
    from warroom.games.metro2033.state import MetroState

C = default_content()
SEATS = 6
LAWS = [law.value for law in C.laws]
EQUIPMENT = [e.value for e in C.equipment]
QUESTS = list(C.quests)
BATTLE = list(C.battle_cards)
SPACES = ["S", *(str(i) for i in range(1, 10))]
SEAT_FIELDS = 12


def size() -> int:
    return 7 + 4 + BOARD.size * 8 + SEATS * BOARD.size + SEATS * SEAT_FIELDS + 14 + 9 + 12 + 7 + 1


# the most equipment a hero holds at a decision: the limit (3 in stage II, Melnik one more,
# M33-EQP-02, M33-HER-03) and one card over it while choosing what to discard (M33-EQP-03)
MOST_EQUIPMENT = 3 + 1 + 1
C05_VOTES = 3  # M33-EVT-19


def bounds(players: int, max_rounds: int) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
    """Each element's (least, greatest) value for `players` seats and the round guard
    `max_rounds` (see the module docstring); every element is 0 at least."""
    high = np.ones(size(), dtype=np.float32)
    high[AT_ROUND : AT_ROUND + 3] = (max_rounds / 100, 1.0, (players - 1) / 5)  # the space's /9 is <= 1
    groups = len(QuestCondition)  # one completed quest per condition group (M33-QST-05)
    quest_cards = len(C.deck(CardKind.QUEST))
    seat = np.array(
        [
            *(C.inventory.resources[r] / 35 for r in RESOURCES),  # the whole reserve (M33-GEN-03)
            ARMY_MAX / 8,  # the army track (M33-GEN-08)
            (MAX_STATIONS + groups) / 10,  # stations (M33-GEN-09) + completed quests (M33-GEN-07)
            1.0,
            MOST_EQUIPMENT / 4,
            groups / 4,
            quest_cards / 4,  # no hand limit on face-down quests: the deck's size
            1.0,
            (MAX_STATIONS + C05_VOTES) / 14,  # M33-EVT-15, M33-EVT-19
            1.0,
        ],
        dtype=np.float32,
    )
    high[AT_SEATS : AT_SEATS + SEATS * SEAT_FIELDS] = np.tile(seat, SEATS)
    copies = C.deck(CardKind.EQUIPMENT)
    high[_MARKET:_QUESTS] = [min(MARKET_SIZE, copies.count(e)) / 2 for e in EQUIPMENT]
    quests = C.deck(CardKind.QUEST)
    high[_QUESTS:_BATTLE] = [quests.count(q) / 2 for q in QUESTS]
    return np.zeros(size(), dtype=np.float32), high


def encode(view: JSON, player: int | None) -> list[float]:
    out: list[float] = [0.0] * 7
    out[6 if player is None else player] = 1.0
    out += [
        view["round"] / 100,
        float(view["stage"] == 2),
        view["first_player"] / 5,
        SPACES.index(view["space"]) / 9,
    ]
    stations = view["stations"]
    for sid in BOARD.ids:
        block = [0.0] * 8
        info = stations[sid]
        if info["owner"] is None:
            block[6] = 1.0
        else:
            block[info["owner"]] = 1.0
        block[7] = float(info["in_play"])
        out += block
    seats = view["seats"]
    for seat in range(SEATS):
        block = [0.0] * BOARD.size
        if seat < len(seats) and seats[seat]["hero_at"] is not None:
            block[BOARD.index[seats[seat]["hero_at"]]] = 1.0
        out += block
    for seat in range(SEATS):
        if seat >= len(seats):
            out += [0.0] * SEAT_FIELDS
            continue
        s = seats[seat]
        r = s["resources"]
        out += [
            r["M"] / 35,
            r["P"] / 35,
            r["A"] / 35,
            s["army"] / 8,
            s["vp"] / 10,
            float(s["wounded"]),
            len(s["equipment"]) / 4,
            len(s["completed"]) / 4,
            s["quests_hidden"] / 4,
            float(s["scouting"] is not None),
            s["votes"] / 14,
            float(s["faction"] is not None),
        ]
    out += [float(view["law"] == law) for law in LAWS]
    out += [float(view["proposal"] == law) for law in LAWS]
    out += [view["market"].count(e) / 2 for e in EQUIPMENT]
    mine = seats[player].get("quests", []) if player is not None else []
    out += [mine.count(q) / 2 for q in QUESTS]
    hand = view["battle"]["hand"] if view["battle"] else []
    out += [float(b in hand) for b in BATTLE]
    decision = view["decision"]
    out.append(float(decision is not None and player is not None and decision["seat"] == player))
    return out


# ---------------------------------------------------------------- straight from the state
# Speed (issue 15): `encode_into` writes `encode(st.view(player), player)` without building the
# view, for the research environments' every step; tests/metro2033/test_speed_encoding.py holds
# the two equal over seeded games for every seat and the spectator. It reads only what the view
# shows: the viewer's own quests and dealt battle cards, public counts for everyone else.

AT_ROUND = 7  # where the round block starts (public: the bounds test reads the layout)
_STATIONS = AT_ROUND + 4
_HEROES = _STATIONS + BOARD.size * 8
AT_SEATS = _HEROES + SEATS * BOARD.size
_LAW = AT_SEATS + SEATS * SEAT_FIELDS
_PROPOSAL = _LAW + len(LAWS)
_MARKET = _PROPOSAL + len(LAWS)
_QUESTS = _MARKET + len(EQUIPMENT)
_BATTLE = _QUESTS + len(QUESTS)
_DECISION = _BATTLE + len(BATTLE)
_RES = tuple(RES_INDEX[Resource(r)] for r in "MPA")
# per card instance: its slot in a block, -1 where the card is of another kind
_LAW_SLOT = tuple(LAWS.index(c) if c in LAWS else -1 for c in CARD)
_EQUIPMENT_SLOT = tuple(EQUIPMENT.index(c) if c in EQUIPMENT else -1 for c in CARD)
_QUEST_SLOT = tuple(QUESTS.index(c) if c in QUESTS else -1 for c in CARD)
_BATTLE_SLOT = tuple(BATTLE.index(c) if c in BATTLE else -1 for c in CARD)


class Encoder:
    """A configured game's observation writers: the C writer (`native`) where it was built and
    `WARROOM_PYTHON_ENCODERS` does not ask for Python, else this module's Python writer."""

    def __init__(self) -> None:
        self.native = _native_writer()

    def encode_into(self, st: MetroState, player: int | None, out: NDArray[np.float32]) -> None:
        if self.native is not None:
            self.native.write(st, player, out)
        else:
            encode_into(st, player, out)

    def observation(self, st: MetroState, player: int | None) -> NDArray[np.float32]:
        if self.native is None:
            return observation(st, player)
        out = np.empty(size(), np.float32)
        self.native.write(st, player, out)
        return out


def _native_writer() -> Any:
    """The C writer (`encoding_c.Writer`), or None (see `observe.native`)."""
    module = native("warroom.games.metro2033.encoding_c")
    if module is None:
        return None
    layout = {
        "size": size(),
        "at_round": AT_ROUND,
        "stations": _STATIONS,
        "heroes": _HEROES,
        "board": BOARD.size,
        "seats": AT_SEATS,
        "law": _LAW,
        "proposal": _PROPOSAL,
        "market": _MARKET,
        "quests": _QUESTS,
        "battle": _BATTLE,
        "decision": _DECISION,
    }
    track = C.board.round_track
    return module.Writer(
        layout,
        _LAW_SLOT,
        _EQUIPMENT_SLOT,
        _QUEST_SLOT,
        _BATTLE_SLOT,
        _RES,
        SPACES.index(track.space_for_round(1).space),
        tuple(SPACES.index(track.space_for_round(r).space) for r in range(2, 2 + len(track.loop))),
        votes,
    )


def encode_into(st: MetroState, player: int | None, out: NDArray[np.float32]) -> None:
    """`encode(st.view(player), player)` written into `out` (float32, `size()` long).

    Incremental: every block but the viewer's seat and its own tail (quests, battle hand, its
    turn) is the same for every viewer, so one record per game and thread keeps those blocks as
    last written, the state object they were last written from with its change counters then
    (`MetroState.changes`, changes.py), and copies of the state's parts they were written from
    (`_Seen`). For that same state object, only the regions whose counters moved are rewritten
    (`_counted`), with nothing compared; any other state (a reset, a clone, a re-dealt or loaded
    state, another game's) is compared block by block with those copies (`_compared`: list
    comparisons run in C) and rewritten where it differs, so any state may follow any other and
    the numbers are always those of the state given. The round's head (three numbers) is
    compared in both. The whole is copied to `out`, then the viewer's seat set and its tail
    copied from its own record (`_Private`)."""
    seen = _update(st)
    _viewer(st, player, seen, copy_out(seen, out))


def observation(st: MetroState, player: int | None) -> NDArray[np.float32]:
    """`encode_into` into a new array: a copy of the record (one allocation and copy, where
    `encode_into` needs the caller's empty array and a copy into it), then the viewer's parts
    as `encode_into` writes them (`Metro2033Game.observe_array`, the environments' path)."""
    seen = _update(st)
    out = seen.arr.copy()
    _viewer(st, player, seen, out.data)
    return out


def _update(st: MetroState) -> _Seen:
    """This thread's record of the game brought up to `st` (see `encode_into`)."""
    seen = _CACHE.get(st.metro, _PUBLIC)
    mv = seen.mv
    head = (st.round, st.stage, st.first)
    if head != seen.head:
        space = C.board.round_track.space_for_round(max(st.round, 1)).space
        mv[AT_ROUND] = st.round / 100
        mv[AT_ROUND + 1] = float(st.stage == 2)
        mv[AT_ROUND + 2] = st.first / 5
        mv[AT_ROUND + 3] = SPACES.index(space) / 9
        seen.head = head
    changed = st.changes
    if seen.state is not st:
        _compared(st, seen)
        seen.state, seen.stamp = st, changed[:]
    elif changed != seen.stamp:
        _counted(st, seen)
        seen.stamp = changed[:]
    return seen


def _viewer(st: MetroState, player: int | None, seen: _Seen, view: Any) -> None:
    """The viewer's parts of an observation holding the game's record `seen` (`view`, its
    float32 memoryview): its seat's one-hot and its own tail, copied from its record
    (`_Private`, kept in `seen`)."""
    view[6 if player is None else player] = 1.0
    if player is not None:
        private = seen.private
        own = private.get(player)
        if own is None:
            own = private[player] = _Private(player)
        view[_QUESTS:] = _private(st, player, own).mv


def _compared(st: MetroState, seen: _Seen) -> None:
    """Every public block of a state the record did not last write, rewritten where the state
    differs from the copies it was written from."""
    mv = seen.mv
    # the stations in play are a frozenset the state keeps (and its clones share) from the set-up
    # on: identity first, since comparing two 78-station sets costs a few microseconds
    inplay = st.inplay
    new_inplay = inplay is not seen.inplay and inplay != seen.inplay
    if new_inplay or st.owner != seen.owner:
        _stations(st, mv, seen, new_inplay)
    if st.hero_at != seen.hero_at:
        _heroes(st, seen)
    if st.owner != seen.counted or st.faction != seen.voters:
        seen.votes = [votes(st, seat) for seat in range(st.metro.num_players)]
        seen.counted, seen.voters = st.owner[:], st.faction[:]
    for seat in range(len(st.res)):
        _seat(st, seen, seat, seen.votes[seat])
    _laws(st, seen)
    if st.market != seen.market:
        _market(st, seen)


def _counted(st: MetroState, seen: _Seen) -> None:
    """The public blocks whose regions' counters moved since the record last wrote this same
    state (`seen.stamp`), rewritten; the copies the blocks were written from kept in step, for
    `_compared`."""
    changed, stamp = st.changes, seen.stamp
    if changed[_STATION_CHANGES] != stamp[_STATION_CHANGES]:
        inplay = st.inplay
        _stations(st, seen.mv, seen, inplay is not seen.inplay and inplay != seen.inplay)
    if changed[_HERO_CHANGES] != stamp[_HERO_CHANGES]:
        _heroes(st, seen)
    for seat in range(len(st.res)):
        if changed[_SEAT_CHANGES + seat] != stamp[_SEAT_CHANGES + seat]:
            _seat(st, seen, seat, votes(st, seat))
    if changed[_LAW_CHANGES] != stamp[_LAW_CHANGES]:
        _laws(st, seen)
    if changed[_MARKET_CHANGES] != stamp[_MARKET_CHANGES]:
        _market(st, seen)


def _heroes(st: MetroState, seen: _Seen) -> None:
    """Each hero that moved: its old station cleared, its new one set."""
    mv = seen.mv
    for seat, (before, now) in enumerate(zip(seen.hero_at, st.hero_at, strict=False)):
        if before != now:
            if before >= 0:
                mv[_HEROES + seat * BOARD.size + before] = 0.0
            if now >= 0:
                mv[_HEROES + seat * BOARD.size + now] = 1.0
    seen.hero_at = st.hero_at[:]


def _laws(st: MetroState, seen: _Seen) -> None:
    """The active law's and the proposal's one-hots, moved where they changed."""
    laws = (
        _LAW + _LAW_SLOT[st.law] if st.law >= 0 and _LAW_SLOT[st.law] >= 0 else -1,
        _PROPOSAL + _LAW_SLOT[st.proposal] if st.proposal >= 0 and _LAW_SLOT[st.proposal] >= 0 else -1,
    )
    if laws != seen.laws:
        move_ones(seen.mv, seen.laws, laws)
        seen.laws = laws


def _market(st: MetroState, seen: _Seen) -> None:
    count_into(seen.mv, Counts(_MARKET, len(EQUIPMENT), 0.5), st.market, _EQUIPMENT_SLOT)
    seen.market = st.market[:]


def _private(st: MetroState, player: int, seen: _Private) -> _Private:
    """What only `player` sees, the layout's tail from `_QUESTS` on: its quests, its battle
    hand, whether it decides now (kept per viewer in the game's record, rewritten where it
    changed)."""
    mv = seen.mv
    quests = st.quests[player]
    if quests != seen.own_quests:
        count_into(mv, Counts(0, len(QUESTS), 0.5), quests, _QUEST_SLOT)
        seen.own_quests = quests[:]
    bt = st.bt
    hand: list[int] = []
    if bt and any(st.bhand):
        hand = st.bhand[0] if player == bt["aseat"] else st.bhand[1] if player == bt["dseat"] else []
    if hand != seen.battle:
        count_into(mv, Counts(_BATTLE - _QUESTS, len(BATTLE), None), hand, _BATTLE_SLOT)  # flags
        seen.battle = hand[:]
    decision = st.decision
    mv[_DECISION - _QUESTS] = float(decision is not None and decision[1] == player)  # [1]: the seat
    return seen


def _stations(st: MetroState, mv: memoryview[float], seen: _Seen, new_inplay: bool) -> None:
    """Each changed station's owner one-hot (seat, or 6: nobody) and whether it is in play.

    Mostly one station changes hands, so the changed ones are found by C-level iterators
    (`compress` over `map(ne, ...)`); every station is written when the stations in play changed
    (the set-up) or nothing was written yet."""
    inplay, owners, before = st.inplay, st.owner, seen.owner
    stations = range(len(owners))
    changed = stations if not before or new_inplay else compress(stations, map(ne, owners, before))
    for s in changed:
        owner = owners[s]
        at = _STATIONS + 8 * s
        mv[at : at + 8] = ZEROS[:8]
        mv[at + (owner if owner >= 0 else 6)] = 1.0
        if s in inplay:
            mv[at + 7] = 1.0
    seen.owner, seen.inplay = owners[:], inplay


def _seat(st: MetroState, seen: _Seen, seat: int, seat_votes: int) -> None:
    """The seat's twelve numbers (resources, army, points, wounded, cards, votes, faction),
    written where they changed.

    The numbers are read as integers first and compared with those last written: that costs
    less than comparing and copying the nine per-seat lists they come from, and only the
    numbers that differ are written (found by C-level iterators, as in `_stations`: mostly one
    resource or two). The votes (M33-EVT-15) are the caller's: `_compared` counts them again
    only when the owners or the factions changed, `_counted` only for a seat whose counter
    moved."""
    res = st.res[seat]
    m, p, a = _RES
    stations = st.held[seat].bit_count()
    key = (
        res[m],
        res[p],
        res[a],
        st.army[seat],
        stations + len(st.done[seat]),  # vp (M33-GEN-07), inlined
        st.wounded[seat],
        len(st.equip[seat]),
        len(st.done[seat]),
        len(st.quests[seat]),
        bool(st.scouts[seat]),
        seat_votes,
        bool(st.faction[seat]),
    )
    known = seen.seats
    before = known.get(seat)
    if before != key:
        mv = seen.mv
        at = AT_SEATS + seat * SEAT_FIELDS
        fields = _FIELDS if before is None else compress(_FIELDS, map(ne, key, before))
        for i in fields:
            mv[at + i] = key[i] / _SEAT_SCALE[i]
        known[seat] = key


# what each of a seat's numbers is divided by (the layout's seat block)
_SEAT_SCALE = (35, 35, 35, 8, 10, 1, 4, 4, 4, 1, 14, 1)
_FIELDS = range(SEAT_FIELDS)


class _Seen(Seen):
    """One viewer's last observation and copies of the state's parts it was written from (None
    or empty: not written yet, so the first comparison differs)."""

    def __init__(self, game: Any, key: str) -> None:
        super().__init__(size())
        self.head: tuple[int, int, int] | None = None
        self.owner: list[int] = []
        self.inplay: frozenset[int] = frozenset()
        self.hero_at: list[int] = [-1] * SEATS
        self.state: MetroState | None = None  # the state last written, and its counters then
        self.stamp: list[int] = []
        self.counted: Any = None  # the owners and factions `votes` were counted from (`_compared`)
        self.voters: Any = None
        self.votes: list[int] = []
        self.seats: dict[int, tuple[int, ...]] = {}  # each seat's numbers last written, as read
        self.laws = (-1, -1)
        self.market: list[int] | None = None
        self.private: dict[int, _Private] = {}  # each seat's own tail, kept with the game's record


class _Private(Seen):
    """One seat's own tail of the layout (from `_QUESTS`) and what it was written from."""

    def __init__(self, player: int) -> None:
        super().__init__(size() - _QUESTS)
        self.own_quests: list[int] | None = None
        self.battle: list[int] | None = None


_CACHE = ObservationCache(_Seen)  # per thread: (the game, _PUBLIC) -> _Seen (the layout's seats follow it)
_PUBLIC = "public"  # the one record of a game: what every viewer sees alike


def progress(st: MetroState, seat: int) -> float:
    """How near `seat` stands to M33-END-02's victory: VP over its target (M33-FAC-01's 9 for the
    Red Line) or its share of the Polis stations, whichever is nearer, at most 1."""
    target = RL_WIN_VP if has_faction(st, seat, Faction.RL) else WIN_VP
    polis = sum(1 for s in BOARD.polis if st.owner[s] == seat) / len(BOARD.polis)
    return min(1.0, max(vp(st, seat) / target, polis))


def potential(st: MetroState) -> list[float]:
    """Each seat's potential for shaped rewards: half its progress less the mean of the others'
    (zero-sum; see the module docstring)."""
    mine = [progress(st, seat) for seat in range(len(st.faction))]
    total, others = sum(mine), max(1, len(mine) - 1)
    return [0.5 * (p - (total - p) / others) for p in mine]


shaping.register("metro2033", potential)
