# The heads-up matchups up to the suits' symmetry, which index the table of exact preflop
# equities that AIVAT's baseline value function reads (holdem/_preflop.bin).  Compiler
# directives are set in setup.py.

from libc.stdint cimport uint32_t

__all__ = ["matchup_index", "matchup_keys"]

cdef int SUIT_ORDERS[24][4]
cdef int _count = 0
for _a in range(4):
    for _b in range(4):
        for _c in range(4):
            for _d in range(4):
                if len({_a, _b, _c, _d}) == 4:
                    SUIT_ORDERS[_count][0], SUIT_ORDERS[_count][1] = _a, _b
                    SUIT_ORDERS[_count][2], SUIT_ORDERS[_count][3] = _c, _d
                    _count += 1


cdef inline uint32_t pair_code(int first, int second) noexcept nogil:
    """Two cards as 12 bits, the higher code first."""
    if first < second:
        first, second = second, first
    return <uint32_t>(first << 6 | second)


cdef uint32_t canonical(int a, int b, int c, int d, bint *swapped) noexcept nogil:
    """The smallest key of the matchup of hand ``a b`` against hand ``c d`` over the 24 relabellings
    of the suits and the two orders of the hands (``swapped``: the second hand comes first)."""
    cdef uint32_t best = 0xFFFFFFFF, first, second, key
    cdef int order
    cdef const int *suit
    swapped[0] = False
    for order in range(24):
        suit = SUIT_ORDERS[order]
        first = pair_code(a & ~3 | suit[a & 3], b & ~3 | suit[b & 3])
        second = pair_code(c & ~3 | suit[c & 3], d & ~3 | suit[d & 3])
        key = first << 12 | second
        if key < best:
            best, swapped[0] = key, False
        key = second << 12 | first
        if key < best:
            best, swapped[0] = key, True
    return best


def matchup_keys():
    """Every heads-up matchup's key, up to the suits' symmetry, in increasing order (a ``uint32`` array):
    the order of the table of preflop equities."""
    import numpy

    cdef bint swapped
    cdef int a, b, c, d
    seen = set()
    for a in range(52):
        for b in range(a):
            for c in range(52):
                for d in range(c):
                    if c != a and c != b and d != a and d != b:
                        seen.add(canonical(a, b, c, d, &swapped))
    return numpy.array(sorted(seen), dtype=numpy.uint32)


def matchup_index(const uint32_t[::1] keys, int a, int b, int c, int d):
    """The place in ``keys`` of the matchup of hand ``a b`` against ``c d``, and whether the hands
    come there in the other order."""
    cdef bint swapped
    cdef uint32_t key = canonical(a, b, c, d, &swapped)
    cdef Py_ssize_t low = 0, high = keys.shape[0]
    while low < high:
        middle = (low + high) // 2
        if keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    if low == keys.shape[0] or keys[low] != key:
        raise ValueError(f"no matchup of {a} {b} against {c} {d}: give four distinct card codes")
    return low, swapped
