# Declarations shared by the core's include files and by downstream modules
# that `cimport holdem._core`.

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t


ctypedef struct RngState:
    uint64_t s[4]        # xoshiro256** state
    bint secure          # draw from the operating system instead of the state
    uint64_t *pool       # secure mode: words read from os.urandom, or NULL
    Py_ssize_t pool_next


cdef class Rng:
    cdef RngState state
    cdef readonly object seed


cdef uint64_t secure_next(RngState *state) noexcept nogil
cdef uint16_t rank_of(uint64_t key, uint64_t mask) noexcept nogil
cdef uint16_t rank_of_cards(const uint8_t *cards, int count) noexcept nogil
cdef void rank_pairs_on_board(
    const uint8_t *board, int board_size, const uint8_t *pairs, Py_ssize_t count, uint16_t *out
) noexcept nogil
cdef uint64_t splitmix64(uint64_t *x) noexcept nogil


# A hint to the CPU to start reading a cache line (the core's batch loops, VectorGame's step).
cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define HOLDEM_PREFETCH(address) __builtin_prefetch(address)
    #elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    #include <xmmintrin.h>
    #define HOLDEM_PREFETCH(address) _mm_prefetch((const char *)(address), _MM_HINT_T0)
    #else
    #define HOLDEM_PREFETCH(address) ((void)(address))
    #endif
    """
    void prefetch "HOLDEM_PREFETCH"(const void *address) noexcept nogil


# The draws, inline here so that every module that shuffles (the core, Hand's and
# VectorGame's engine) inlines them instead of calling across extensions.

cdef inline uint64_t rotl(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline uint64_t random_bits(RngState *state) noexcept nogil:
    """The next 64 bits of xoshiro256** (or of the OS, in secure mode)."""
    return drawn_bits(state, state.secure)


cdef inline uint64_t drawn_bits(RngState *state, bint secure) noexcept nogil:
    """``random_bits``, told whether ``state`` is in secure mode: a loop that draws with a constant
    there, from a copy of the state, can keep the state in registers."""
    cdef uint64_t *s = state.s
    cdef uint64_t result, t
    if secure:
        return secure_next(state)
    result = rotl(s[1] * 5, 7) * 9
    t = s[1] << 17
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = rotl(s[3], 45)
    return result


cdef inline uint32_t random_below(RngState *state, uint32_t bound) noexcept nogil:
    """An unbiased integer in [0, bound), bound >= 1 (Lemire's multiply and reject)."""
    return drawn_below(state, bound, state.secure)


cdef inline uint32_t drawn_below(RngState *state, uint32_t bound, bint secure) noexcept nogil:
    """``random_below``, told whether ``state`` is in secure mode (as ``drawn_bits``)."""
    cdef uint64_t product = (drawn_bits(state, secure) >> 32) * bound
    cdef uint32_t threshold
    if <uint32_t>product < bound:
        threshold = (<uint32_t>(0 - bound)) % bound
        while <uint32_t>product < threshold:
            product = (drawn_bits(state, secure) >> 32) * bound
    return <uint32_t>(product >> 32)


cdef inline uint64_t drawn_below_wide(RngState *state, uint64_t bound, bint secure) noexcept nogil:
    """An unbiased integer in [0, bound), 1 <= bound <= 2**63: ``drawn_below`` up to 2**32, past it
    the bits under the bound's highest, drawn until they fall below it."""
    cdef uint64_t mask = bound - 1, value
    cdef int shift = 1
    if bound <= 0xFFFFFFFFULL:
        return drawn_below(state, <uint32_t>bound, secure)
    while shift < 64:
        mask |= mask >> shift
        shift *= 2
    value = drawn_bits(state, secure) & mask
    while value >= bound:
        value = drawn_bits(state, secure) & mask
    return value
