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


cdef uint64_t rng_next(RngState *state) noexcept nogil
cdef uint32_t rng_below(RngState *state, uint32_t bound) noexcept nogil
cdef uint16_t rank_of(uint64_t key, uint64_t mask) noexcept nogil
cdef uint16_t rank_of_cards(const uint8_t *cards, int count) noexcept nogil
cdef void rank_pairs_on_board(
    const uint8_t *board, int board_size, const uint8_t *pairs, Py_ssize_t count, uint16_t *out
) noexcept nogil
cdef uint64_t splitmix64(uint64_t *x) noexcept nogil
