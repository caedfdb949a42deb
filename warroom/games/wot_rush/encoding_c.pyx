# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True
"""World of Tanks: Rush's observation (the layout of encoding.py) written in C, whole, on every
call (issue 18).

The Python writer (`encoding.Encoder`) keeps a record in table order and rewrites only the
regions the rules' change counters say moved, because in Python reading the state is the cost;
here reading it is a few nanoseconds an item, so the whole observation is written from the state
each time, the seats already turned to the viewer's (no record, nothing kept between calls: any
thread, any state). It reads exactly what the Python writer reads (a hand only the viewer's own,
or for a spectator the active seat's, face up: WOT-REPAIR-02; of the other seats their sizes),
and its numbers are bit for bit the view's reference encoding (`encoding.encode`): each count is
summed as an integer and written as count x worth in double precision, rounded once to float32,
as the Python writers do. tests/envs/test_observations.py holds both writers to that reference
at every step.

Bounds are checked on every write to the caller's array (boundscheck=True: a card id or a kind
out of the tables raises IndexError, it never writes past an array).
"""

from libc.string cimport memset

from warroom.envs.native_counts cimport MAX_KINDS, counts

cdef enum:
    SEATS = 5


cdef class Writer:
    """One configured game's writer: the layout's offsets and the card set's tables, read-only."""

    cdef Py_ssize_t size, players, kinds, slots, turn, seats, per_seat, hand, reserve
    cdef Py_ssize_t discard, graveyard, medals, achievements, achievement_count, over
    cdef tuple kind
    cdef dict decision

    def __init__(self, dict layout, tuple kind, dict decision, Py_ssize_t players):
        self.size, self.kinds, self.slots = layout["size"], layout["kinds"], layout["slots"]
        self.turn, self.seats, self.per_seat = layout["turn"], layout["seats"], layout["per_seat"]
        self.hand, self.reserve = layout["hand"], layout["reserve"]
        self.discard, self.graveyard = layout["discard"], layout["graveyard"]
        self.medals, self.achievements = layout["medals"], layout["achievements"]
        self.achievement_count, self.over = layout["achievement_count"], layout["over"]
        if self.kinds > MAX_KINDS:
            raise ValueError(f"{self.kinds} card kinds: at most {MAX_KINDS}")
        if not 0 < players <= SEATS:
            raise ValueError(f"players={players}: 1..{SEATS}")
        self.kind, self.decision, self.players = kind, decision, players

    def write(self, st, viewer, float[::1] out):
        """`encoding.encode(game, st.view(viewer), viewer)` written into `out` (float32, the
        layout's size)."""
        cdef Py_ssize_t me, rel, seat, at, i
        cdef Py_ssize_t active = st.active, first = st.first
        cdef list hand = st.hand, hangar = st.hangar, warehouse = st.warehouse
        cdef list medal1 = st.medal1, medal2 = st.medal2
        if out.shape[0] != self.size:
            raise ValueError(f"the observation has {self.size} elements, not {out.shape[0]}")
        if viewer is None:
            me = active
        else:
            me = viewer
            if not 0 <= me < self.players:
                raise ValueError(f"viewer {viewer}: a seat 0..{self.players - 1} or None")
        memset(&out[0], 0, self.size * sizeof(float))
        out[SEATS if viewer is None else me] = 1.0
        self._turn(st, out, active, first)
        for rel in range(self.players):  # the seats from the viewer's on (the table turned)
            seat = (me + rel) % self.players
            at = self.seats + rel * self.per_seat
            self._bases(st, out, seat, at)
            at += 4 * self.slots
            out[at] = <float>(len(<list?>hand[seat]) / 20.0)
            out[at + 1] = <float>(len(<list?>hangar[seat]) / 20.0)
            out[at + 2] = <float>(len(<list?>warehouse[seat]) / 20.0)
            counts(out, at + 3, <list?>warehouse[seat], self.kind, 0.25, self.kinds)
        counts(out, self.hand, <list?>hand[me], self.kind, 1.0 / 3.0, self.kinds)
        counts(out, self.reserve, <list?>st.reserve, self.kind, 1.0, self.kinds)
        counts(out, self.discard, <list?>st.vdiscard, self.kind, 1.0, self.kinds)
        counts(out, self.graveyard, <list?>st.graveyard, self.kind, 1.0, self.kinds)
        for i in range(len(medal1)):  # each nation's medal decks: one-medal / 9, two-medal / 3
            out[self.medals + 2 * i] = <float>(len(<list?>medal1[i]) / 9.0)
            out[self.medals + 2 * i + 1] = <float>(len(<list?>medal2[i]) / 3.0)
        for item in <list?>st.achievements:
            i = item
            if not 0 <= i < self.achievement_count:
                raise IndexError(f"achievement {i} outside 0..{self.achievement_count - 1}")
            out[self.achievements + i] = 1.0

    cdef void _turn(self, st, float[::1] out, Py_ssize_t active, Py_ssize_t first) except *:
        """The active, current and first seat and the decision kind as one-hots; the round / 100,
        the end triggered, the purchases left / 3."""
        cdef Py_ssize_t at = self.turn + len(self.decision)
        if not (0 <= active < SEATS and 0 <= first < SEATS):
            raise IndexError(f"active seat {active}, first seat {first}: not seats")
        out[6 + active] = 1.0
        out[6 + 2 * SEATS + first] = 1.0
        decision = st.decision
        if decision is None:
            out[self.over] = 1.0
        else:
            out[6 + SEATS + <Py_ssize_t>decision[1]] = 1.0
            out[<Py_ssize_t>self.decision[decision[0]]] = 1.0
        out[at] = <float>((<Py_ssize_t>st.round) / 100.0)
        out[at + 1] = 1.0 if st.triggered else 0.0
        out[at + 2] = <float>((<Py_ssize_t>st.limit - <Py_ssize_t>st.purchases) / 3.0)

    cdef void _bases(self, st, float[::1] out, Py_ssize_t seat, Py_ssize_t at) except *:
        """Per base slot of `seat`, written at `at`: standing, damaged, guarded, defender damaged."""
        cdef list base = st.base, base_dmg = st.base_dmg, guard = st.guard, guard_dmg = st.guard_dmg
        cdef Py_ssize_t s, i, b
        for s in range(self.slots):
            i, b = seat * self.slots + s, at + 4 * s
            out[b] = 1.0 if <Py_ssize_t>base[i] >= 0 else 0.0
            out[b + 1] = 1.0 if base_dmg[i] else 0.0
            out[b + 2] = 1.0 if <Py_ssize_t>guard[i] >= 0 else 0.0
            out[b + 3] = 1.0 if guard_dmg[i] else 0.0
