# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True
"""Metro 2033's observation (the layout of encoding.py) written in C, whole, on every call
(issue 18).

The Python writer (`encoding.encode_into`) keeps one record per game and rewrites only the
regions the rules' change counters say moved, because in Python reading the state is the cost;
here reading it is a few nanoseconds an item, so the whole observation is written from the
state each time (no record, nothing kept between calls: any thread, any state). It reads
exactly what the Python writer reads (the viewer's own quests and dealt battle cards, public
counts for everyone else; the votes by the rules' own `votes`, M33-EVT-15/19), and its numbers
are bit for bit the view's reference encoding (`encoding.encode`): each count summed as an
integer and written as count x worth in double precision, rounded once to float32, as the
Python writers do. tests/envs/test_observations.py holds both writers to that reference at
every step.

Bounds are checked on every write to the caller's array (boundscheck=True: a station, a card or
a seat out of the tables raises IndexError, it never writes past an array).
"""

from libc.string cimport memset

from warroom.envs.native_counts cimport MAX_KINDS, counts

cdef enum:
    SEATS = 6
    SEAT_FIELDS = 12


cdef class Writer:
    """The layout's offsets and the content's tables, read-only (one for every configured game:
    the layout does not depend on the options)."""

    cdef Py_ssize_t size, at_round, stations, heroes, board, seats, law, proposal, market
    cdef Py_ssize_t quests, battle, decision, equipment_kinds, quest_kinds, battle_kinds
    cdef Py_ssize_t res_m, res_p, res_a, start_space
    cdef tuple law_slot, equipment_slot, quest_slot, battle_slot, loop_spaces
    cdef object count_votes

    def __init__(self, dict layout, tuple law_slot, tuple equipment_slot, tuple quest_slot,
                 tuple battle_slot, tuple res, Py_ssize_t start_space, tuple loop_spaces, count_votes):
        self.size, self.at_round, self.stations = layout["size"], layout["at_round"], layout["stations"]
        self.heroes, self.board, self.seats = layout["heroes"], layout["board"], layout["seats"]
        self.law, self.proposal, self.market = layout["law"], layout["proposal"], layout["market"]
        self.quests, self.battle, self.decision = layout["quests"], layout["battle"], layout["decision"]
        self.equipment_kinds = self.quests - self.market
        self.quest_kinds, self.battle_kinds = self.battle - self.quests, self.decision - self.battle
        if max(self.equipment_kinds, self.quest_kinds, self.battle_kinds) > MAX_KINDS or not loop_spaces:
            raise ValueError(f"a block of counts wider than {MAX_KINDS}, or no round track")
        self.law_slot, self.equipment_slot, self.quest_slot = law_slot, equipment_slot, quest_slot
        self.battle_slot, self.loop_spaces, self.start_space = battle_slot, loop_spaces, start_space
        self.res_m, self.res_p, self.res_a = res
        self.count_votes = count_votes

    def write(self, st, player, float[::1] out):
        """`encoding.encode(st.view(player), player)` written into `out` (float32, the layout's
        size)."""
        cdef Py_ssize_t me = -1, r, seat, s, h, owner, law
        cdef list res = st.res
        if out.shape[0] != self.size:
            raise ValueError(f"the observation has {self.size} elements, not {out.shape[0]}")
        if player is not None:
            me = player
            if not 0 <= me < len(res):
                raise ValueError(f"viewer {player}: a seat 0..{len(res) - 1} or None")
        memset(&out[0], 0, self.size * sizeof(float))
        out[SEATS if player is None else me] = 1.0
        r = max(<Py_ssize_t>st.round, 1)  # M33-RND-03: round 1 on the start space, then the loop
        out[self.at_round] = <float>((<Py_ssize_t>st.round) / 100.0)
        out[self.at_round + 1] = 1.0 if <Py_ssize_t>st.stage == 2 else 0.0
        out[self.at_round + 2] = <float>((<Py_ssize_t>st.first) / 5.0)
        s = self.start_space if r == 1 else <Py_ssize_t>self.loop_spaces[(r - 2) % len(self.loop_spaces)]
        out[self.at_round + 3] = <float>(s / 9.0)
        self._stations(st, out)
        cdef list hero_at = st.hero_at
        for seat in range(len(hero_at)):
            h = hero_at[seat]
            if h >= 0:
                if h >= self.board:
                    raise IndexError(f"hero {seat} at station {h}: not on the board")
                out[self.heroes + seat * self.board + h] = 1.0
        self._seats(st, out)
        law = st.law
        if law >= 0 and <Py_ssize_t>self.law_slot[law] >= 0:
            out[self.law + <Py_ssize_t>self.law_slot[law]] = 1.0
        law = st.proposal
        if law >= 0 and <Py_ssize_t>self.law_slot[law] >= 0:
            out[self.proposal + <Py_ssize_t>self.law_slot[law]] = 1.0
        counts(out, self.market, <list?>st.market, self.equipment_slot, 0.5, self.equipment_kinds)
        if me >= 0:
            self._own(st, out, me)

    cdef void _stations(self, st, float[::1] out) except *:
        """Per station: its owner's one-hot (a seat, or 6: nobody), whether it is in play."""
        cdef list owners = st.owner
        cdef Py_ssize_t s, owner
        if len(owners) != self.board:
            raise IndexError(f"{len(owners)} stations owned, the board has {self.board}")
        for s in range(self.board):
            owner = owners[s]
            if not -1 <= owner < SEATS:
                raise IndexError(f"station {s} owned by {owner}: not a seat")
            out[self.stations + 8 * s + (owner if owner >= 0 else 6)] = 1.0
        for station in st.inplay:  # one pass over the set, not a look-up per station
            s = station
            if not 0 <= s < self.board:
                raise IndexError(f"station {s} in play: not on the board")
            out[self.stations + 8 * s + 7] = 1.0

    cdef void _seats(self, st, float[::1] out) except *:
        """Per seat, twelve numbers: M, P, A / 35, army / 8, VP / 10 (M33-GEN-07), wounded,
        equipment / 4, completed quests / 4, face-down quests / 4, holds a scouting card,
        votes / 14 (the rules' `votes`), faction drafted."""
        cdef list res = st.res, done = st.done, held = st.held, army = st.army, wounded = st.wounded
        cdef list equip = st.equip, quests = st.quests, scouts = st.scouts, faction = st.faction
        cdef list own
        cdef Py_ssize_t seat, at, completed, stations
        if len(res) > SEATS:
            raise IndexError(f"{len(res)} seats: at most {SEATS}")
        for seat in range(len(res)):
            own = res[seat]
            completed = len(<list?>done[seat])
            stations = held[seat].bit_count()
            at = self.seats + seat * SEAT_FIELDS
            out[at] = <float>((<Py_ssize_t>own[self.res_m]) / 35.0)
            out[at + 1] = <float>((<Py_ssize_t>own[self.res_p]) / 35.0)
            out[at + 2] = <float>((<Py_ssize_t>own[self.res_a]) / 35.0)
            out[at + 3] = <float>((<Py_ssize_t>army[seat]) / 8.0)
            out[at + 4] = <float>((stations + completed) / 10.0)
            out[at + 5] = <float>(<Py_ssize_t>wounded[seat])
            out[at + 6] = <float>(len(<list?>equip[seat]) / 4.0)
            out[at + 7] = <float>(completed / 4.0)
            out[at + 8] = <float>(len(<list?>quests[seat]) / 4.0)
            out[at + 9] = 1.0 if scouts[seat] else 0.0
            out[at + 10] = <float>((<Py_ssize_t>self.count_votes(st, seat)) / 14.0)
            out[at + 11] = 1.0 if faction[seat] else 0.0

    cdef void _own(self, st, float[::1] out, Py_ssize_t me) except *:
        """What only the viewer sees: its face-down quests per quest / 2, its dealt battle cards
        (flags), whether the decision is its."""
        cdef list hand = []
        counts(out, self.quests, <list?>(<list?>st.quests)[me], self.quest_slot, 0.5, self.quest_kinds)
        bt = st.bt
        bhand = st.bhand
        if bt and any(bhand):
            if me == bt["aseat"]:
                hand = bhand[0]
            elif me == bt["dseat"]:
                hand = bhand[1]
        counts(out, self.battle, hand, self.battle_slot, 0.0, self.battle_kinds)
        decision = st.decision
        out[self.decision] = 1.0 if decision is not None and decision[1] == me else 0.0
