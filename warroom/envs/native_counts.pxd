# cython: language_level=3
"""The block of counts every C writer writes (warroom/games/*/encoding_c.pyx; issue 18): how
many items of each kind a hand, a pile or a market holds, as `observe.count_into` writes it in
Python. Inline, so each writer compiles it in (a .pxd shares it without a module of its own)."""

from libc.string cimport memset

cdef enum:
    MAX_KINDS = 256  # the widest block of counts a writer may declare (each checks at set-up)


cdef inline void counts(
    float[::1] out, Py_ssize_t at, list items, object slot, double worth, Py_ssize_t width
) except *:
    """How many of `items` there are of each kind (`slot[item]`, or the item itself where
    `slot` is None), written over out[at:at + width] as count x worth in double precision,
    rounded once to float32 (the view's encodings add the worth per item in float64: the same
    float32), or 1.0 for a kind present where `worth` is 0 (a flag). `out` must be all zeros
    there: two passes over the items (count, then write each item's kind), none over the kinds,
    which usually outnumber them. A kind outside 0..width - 1 raises IndexError (bounds
    checked: no write outside the block)."""
    cdef int held[MAX_KINDS]
    cdef Py_ssize_t i, k, n = len(items)
    if not 0 <= width <= MAX_KINDS:
        raise ValueError(f"a block of {width} kinds: at most {MAX_KINDS}")
    memset(held, 0, width * sizeof(int))
    for i in range(n):
        k = <Py_ssize_t>items[i] if slot is None else <Py_ssize_t>slot[items[i]]
        if not 0 <= k < width:
            raise IndexError(f"item {items[i]} of kind {k}: not one of this block's {width} kinds")
        held[k] += 1
    for i in range(n):
        k = <Py_ssize_t>items[i] if slot is None else <Py_ssize_t>slot[items[i]]
        out[at + k] = 1.0 if worth == 0.0 else <float>(held[k] * worth)
