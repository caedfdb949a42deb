# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True
"""Memoir '44's observation (the layout of encoding.py) written in C, whole, on every call
(issue 18).

The Python writer (`encoding.Encoder`) keeps each viewer's last observation and rewrites only
what changed, because in Python reading the state is the cost; here reading it is a few
nanoseconds an item, so the whole observation is written on every call: the scenario's fixed
map as the viewer's side sees it (one copy), then the sandbags, wire, units, cards, medals and
turn from the state (no record, nothing kept between calls: any thread, any state). It reads
exactly what the Python writer reads (the own side's hand only, none for a spectator; the
medals by the rules' own `medals`, M44-MEDAL-03/04/05/07), and its numbers are bit for bit the
view's reference encoding (`encoding.encode`): each count summed as an integer and written as
count x worth in double precision, rounded once to float32, as the Python writers do.
tests/envs/test_observations.py holds both writers to that reference at every step.

Bounds are checked on every write to the caller's array (boundscheck=True: a hex, a unit's
base or a card kind out of the tables raises IndexError, it never writes past an array).
"""

from libc.string cimport memcpy, memset

from warroom.envs.native_counts cimport MAX_KINDS, counts

cdef enum:
    # offsets in a hex's block (encoding.py)
    SANDBAGS = 10
    WIRE = 11
    UNIT = 13
    BASE = 15
    FIGURES = 18
    ORDERED = 19
    BASES = 3  # infantry, armor, artillery


cdef class Writer:
    """One configured game's writer: the layout's offsets, the scenario's fixed map per side
    and the game's tables, read-only."""

    cdef Py_ssize_t size, hexes, per_hex, board, hand, discard, cards, medals, turn, over, kinds
    cdef float[:, ::1] fixed  # per side: the fixed map and the targets / 10, zeros elsewhere
    cdef tuple card_kind, unit_side, unit_base, seat_side, target
    cdef dict decision
    cdef object count_medals

    def __init__(self, dict layout, float[:, ::1] fixed, tuple card_kind, tuple unit_side,
                 tuple unit_base, tuple seat_side, tuple target, dict decision, count_medals):
        self.size, self.hexes, self.per_hex = layout["size"], layout["hexes"], layout["per_hex"]
        self.board, self.hand, self.discard = layout["board"], layout["hand"], layout["discard"]
        self.cards, self.medals, self.turn = layout["cards"], layout["medals"], layout["turn"]
        self.kinds, self.over = layout["kinds"], layout["over"]
        if self.kinds > MAX_KINDS:
            raise ValueError(f"{self.kinds} card kinds: at most {MAX_KINDS}")
        if fixed.shape[0] != 2 or fixed.shape[1] != self.size:
            raise ValueError("the fixed map: one row per side, the observation's size")
        if self.per_hex <= ORDERED or len(unit_side) != len(unit_base) or len(target) != 2:
            raise ValueError("a layout or table that does not fit the writer")
        self.fixed, self.card_kind, self.unit_side, self.unit_base = fixed, card_kind, unit_side, unit_base
        self.seat_side, self.target, self.decision = seat_side, target, decision
        self.count_medals = count_medals

    def write(self, st, viewer, float[::1] out):
        """`encoding.encode(game, st.view(viewer), viewer)` written into `out` (float32, the
        layout's size)."""
        cdef Py_ssize_t side = -1, me = 0
        if out.shape[0] != self.size:
            raise ValueError(f"the observation has {self.size} elements, not {out.shape[0]}")
        if viewer is not None:
            if not 0 <= <Py_ssize_t>viewer < len(self.seat_side):
                raise ValueError(f"viewer {viewer}: a seat 0..{len(self.seat_side) - 1} or None")
            side = me = self.seat_side[<Py_ssize_t>viewer]
        memcpy(&out[0], &self.fixed[me, 0], self.size * sizeof(float))
        out[2 if side < 0 else me] = 1.0
        self._marks(<list?>st.sandbags, out, SANDBAGS)
        self._marks(<list?>st.wire, out, WIRE)
        self._units(st, out, me)
        cdef list hands = st.hands
        if side >= 0:  # the own side's hand (a spectator sees none)
            counts(out, self.hand, <list?>hands[side], self.card_kind, 1.0 / 3.0, self.kinds)
        counts(out, self.discard, <list?>st.discard, self.card_kind, 1.0 / 13.0, self.kinds)
        out[self.cards] = <float>(len(<list?>st.deck) / 60.0)
        out[self.cards + 1] = <float>(len(<list?>hands[me]) / 8.0)
        out[self.cards + 2] = <float>(len(<list?>hands[1 - me]) / 8.0)
        out[self.medals] = <float>(<Py_ssize_t>self.count_medals(st, me) / <double>self.target[me])
        out[self.medals + 1] = <float>(
            <Py_ssize_t>self.count_medals(st, 1 - me) / <double>self.target[1 - me]
        )
        out[self.turn] = 1.0 if <Py_ssize_t>st.active == me else 0.0
        out[self.turn + 1] = <float>((<Py_ssize_t>st.turn) / 200.0)
        decision = st.decision
        out[self.over if decision is None else <Py_ssize_t>self.decision[decision[0]]] = 1.0

    cdef void _marks(self, list marks, float[::1] out, Py_ssize_t offset) except *:
        """A per-hex flag (sandbags, wire) into each hex's block at `offset`."""
        cdef Py_ssize_t h
        if len(marks) != self.hexes:
            raise IndexError(f"{len(marks)} hexes marked, the board has {self.hexes}")
        for h in range(self.hexes):
            if marks[h]:
                out[self.board + h * self.per_hex + offset] = 1.0

    cdef void _units(self, st, float[::1] out, Py_ssize_t me) except *:
        """Each unit on the board, in its hex's block: own or enemy, base kind, figures / 4,
        ordered."""
        cdef list hexes = st.unit_hex, figures = st.unit_fig, ordered = st.ordered
        cdef Py_ssize_t u, h, at, base
        for u in range(len(hexes)):
            h = hexes[u]
            if h < 0:
                continue
            base = self.unit_base[u]
            if not (h < self.hexes and 0 <= base < BASES):
                raise IndexError(f"unit {u} on hex {h}, base {base}: not on the board")
            at = self.board + h * self.per_hex
            out[at + UNIT + (0 if <Py_ssize_t>self.unit_side[u] == me else 1)] = 1.0
            out[at + BASE + base] = 1.0
            out[at + FIGURES] = <float>((<Py_ssize_t>figures[u]) / 4.0)
            out[at + ORDERED] = 1.0 if ordered[u] else 0.0
