# cython: language_level=3, boundscheck=True, wraparound=False, cdivision=True
"""Siege's observation (the layout of encoding.py) written in C, whole, on every call (issue 18).

The Python writer (`encoding.Encoder`) rewrites only the blocks the rules' change counters say
moved, because in Python reading the state is the cost; here reading it is a few nanoseconds an
item, so the whole observation is written from the state each time (no record, no copies, no
state kept between calls: any thread, any state). It reads exactly what the Python writer reads
(the marshal's own hand for the marshal alone, SG-FM), and its numbers are bit for bit the view's
reference encoding (`encoding.encode`): each count is summed as an integer and written as count x
worth in double precision, rounded once to float32, as the Python writers do.
tests/envs/test_observations.py holds both writers to that reference at every step.

Bounds are checked on every write to the caller's array (boundscheck=True: a token id or a
kind out of the tables raises IndexError, it never writes past an array).
"""

from libc.string cimport memset

from warroom.envs.native_counts cimport MAX_KINDS, counts

cdef enum:
    MAX_PER_SPACE = 16  # a board space's elements (vehicle kinds, armour, hedgehog); checked too
    SPACES = 30
    SEATS = 6


cdef class Writer:
    """One configured game's writer: the layout's offsets and the content's tables, read-only."""

    cdef Py_ssize_t size, players, kinds, tokens, per_space, armour, hedgehog, marshal_seat
    cdef Py_ssize_t structures, board, hands, piles, discard, enemy_discard, marshal, turn
    cdef Py_ssize_t active, current, decision, over, scores, eliminated, claims, flags
    cdef bint show_claims
    cdef list kind_of, vehicle_slot, trophy
    cdef dict ask_slot

    def __init__(self, dict layout, list kind_of, list vehicle_slot, list trophy, dict ask_slot,
                 Py_ssize_t players, Py_ssize_t marshal_seat, bint show_claims):
        self.size = layout["SIZE"]
        self.kinds, self.tokens = layout["KINDS"], layout["TOKENS"]
        self.per_space, self.armour, self.hedgehog = layout["PER_SPACE"], layout["ARMOUR"], layout["HEDGEHOG"]
        self.structures, self.board, self.hands = layout["STRUCTURES"], layout["BOARD"], layout["HANDS"]
        self.piles, self.discard = layout["PILES"], layout["DISCARD"]
        self.enemy_discard, self.marshal, self.turn = layout["ENEMY_DISCARD"], layout["MARSHAL"], layout["TURN"]
        self.active, self.current, self.decision = layout["ACTIVE"], layout["CURRENT"], layout["DECISION"]
        self.scores, self.eliminated = layout["SCORES"], layout["ELIMINATED"]
        self.claims, self.flags = layout["CLAIMS"], layout["FLAGS"]
        self.over = self.decision + len(ask_slot)
        if max(self.kinds, self.tokens) > MAX_KINDS or self.per_space > MAX_PER_SPACE:
            raise ValueError(f"a block of counts wider than {MAX_KINDS} or {MAX_PER_SPACE} per space")
        if not 0 < players <= SEATS:
            raise ValueError(f"players={players}: 1..{SEATS}")
        self.kind_of, self.vehicle_slot, self.trophy = kind_of, vehicle_slot, trophy
        self.ask_slot, self.players = ask_slot, players
        self.marshal_seat, self.show_claims = marshal_seat, show_claims

    def write(self, st, viewer, float[::1] out):
        """`encoding.encode(st.view(viewer), viewer)` written into `out` (float32, the layout's size)."""
        cdef Py_ssize_t me = -1, seat
        if out.shape[0] != self.size:
            raise ValueError(f"the observation has {self.size} elements, not {out.shape[0]}")
        if viewer is not None:
            me = viewer
            if not 0 <= me < self.players:
                raise ValueError(f"viewer {viewer}: a seat 0..{self.players - 1} or None")
        memset(&out[0], 0, self.size * sizeof(float))
        out[SEATS if viewer is None else me] = 1.0
        self._structures(st, out)
        self._board(st, out)
        cdef list hands = st.hands
        for seat in range(len(hands)):
            counts(out, self.hands + seat * self.kinds, <list?>hands[seat], None, 0.25, self.kinds)
        cdef list marshal_hand = st.marshal_hand
        out[self.piles] = <float>(len(<list?>st.deck) / 49.0)
        out[self.piles + 1] = <float>(len(<list?>st.reserve) / 49.0)
        out[self.piles + 2] = <float>(len(marshal_hand) / 10.0)
        counts(out, self.discard, <list?>st.discard, None, 0.25, self.kinds)
        counts(out, self.enemy_discard, <list?>st.enemy_discard, self.kind_of, 0.25, self.tokens)
        if me >= 0 and me == self.marshal_seat:  # SG-FM: the marshal's own hand, the marshal alone
            counts(out, self.marshal, marshal_hand, self.kind_of, 1.0 / 3.0, self.tokens)
        self._turn(st, out)
        self._seats(st, out)

    cdef void _structures(self, st, float[::1] out) except *:
        """Buildings, fortifications, DOTs per sector; the DOTs still in supply / 2."""
        cdef list building = st.building, fort = st.fort, dot = st.dot
        cdef Py_ssize_t s, at = self.structures, dots = 0
        for s in range(6):
            out[at + s] = 1.0 if building[s] else 0.0
            out[at + 6 + s] = 1.0 if fort[s] else 0.0
            if dot[s]:
                out[at + 12 + s] = 1.0
                dots += 1
        out[at + 18] = <float>((2 - dots) / 2.0)

    cdef void _board(self, st, float[::1] out) except *:
        """Per space: each vehicle kind / 3, the armour there / 10, the hedgehog."""
        cdef int on_board[SPACES * MAX_PER_SPACE]  # per space: its vehicles of each kind, its armour
        cdef dict pos = st.pos
        cdef list armour = st.armour, vehicle_slot = self.vehicle_slot
        cdef Py_ssize_t per = self.per_space, tid, space, slot, k, hedgehog = st.hedgehog
        memset(on_board, 0, SPACES * per * sizeof(int))
        for key, value in pos.items():
            tid, space = key, value
            slot = vehicle_slot[tid]
            if not (0 <= space < SPACES and 0 <= slot < self.armour):
                raise IndexError(f"token {tid} on space {space}: not a vehicle on the board")
            on_board[space * per + slot] += 1
            on_board[space * per + self.armour] += <int>armour[tid]
            if tid == hedgehog:
                out[self.board + space * per + self.hedgehog] = 1.0
        for k in range(SPACES * per):
            if on_board[k]:
                out[self.board + k] = <float>(on_board[k] * ((1.0 / 10.0) if k % per == self.armour else (1.0 / 3.0)))

    cdef void _turn(self, st, float[::1] out) except *:
        """The turn / 50; the active seat, the current seat and the decision kind as one-hots;
        patrol played, trades done / 2."""
        cdef Py_ssize_t active = st.active, current
        out[self.turn] = <float>((<Py_ssize_t>st.turn) / 50.0)
        if 0 <= active < SEATS:
            out[self.active + active] = 1.0
        decision = st.decision
        if decision is None:
            out[self.over] = 1.0
        else:
            current = decision[1]
            if 0 <= current < SEATS:
                out[self.current + current] = 1.0
            out[self.decision + <Py_ssize_t>self.ask_slot[decision[0]]] = 1.0
        out[self.flags] = 1.0 if st.patrol else 0.0
        out[self.flags + 1] = <float>((<Py_ssize_t>st.trades_done) / 2.0)

    cdef void _seats(self, st, float[::1] out) except *:
        """Trophy points / 40 (SG-SCORE-01), eliminated, claimed sector / 6 (My Home Is My
        Fortress only)."""
        cdef list trophies = st.trophies, gone = st.out, claims, trophy = self.trophy
        cdef Py_ssize_t seat, pts
        for seat in range(len(trophies)):
            pts = 0
            for tid in <list?>trophies[seat]:
                pts += <Py_ssize_t>trophy[<Py_ssize_t>tid]
            out[self.scores + seat] = <float>(pts / 40.0)
        for seat in range(len(gone)):
            out[self.eliminated + seat] = 1.0 if gone[seat] else 0.0
        if self.show_claims:
            claims = st.claims
            for seat in range(len(claims)):
                out[self.claims + seat] = <float>((<Py_ssize_t>claims[seat]) / 6.0)
