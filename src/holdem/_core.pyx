# The hot paths of holdem: the hand evaluator, batch evaluation, the random
# generator, the deck and the card sampler.  Compiler directives are set in
# setup.py.
#
# Evaluator.  Every card has an additive 64-bit key: a 3-bit counter per rank
# in bits 0..38 and a 4-bit counter per suit in bits 48..63, the suit counters
# starting at 3 so that bit 3 of a suit's nibble is set exactly when the hand
# holds five or more cards of that suit.  A hand's key is the sum of its cards'
# keys, so adding a card to a partial hand is one addition.  Beside the key, a
# 64-bit mask holds one bit per card, 16 bits per suit, from which a flush's
# ranks are read.  A flush (at most one suit can have five of seven cards)
# is looked up by its 13-bit rank mask; any other hand by its rank counters,
# through a perfect hash built when the module is imported.  The tables take
# about 360 KB.

from cpython.exc cimport PyErr_CheckSignals
from cpython.long cimport PyLong_AsLongAndOverflow
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memcpy, memmove, memset

import operator
import os
import threading

from holdem.limits import integer
from holdem.errors import (
    CardCountError,
    DeckError,
    EquityError,
    InvalidArrayError,
    InvalidCardError,
    InvalidRankError,
    InvalidSeedError,
    RngError,
)

__all__ = [
    "Deck",
    "Rng",
    "class_score",
    "evaluate",
    "evaluate7",
    "evaluate_batch",
]

# ---------------------------------------------------------------- evaluator

cdef enum:
    CLASS_COUNT = 7462
    SLOT_BITS = 17         # 2**17 slots for the 73,775 rank multisets of 5-7 cards
    BUCKET_BITS = 14       # 2**14 buckets of the perfect hash, about 4.5 keys each
    SLOT_SHIFT = 64 - BUCKET_BITS - SLOT_BITS  # a key's base slot: the bits below its bucket's
    SLOT_COUNT = 1 << SLOT_BITS
    BUCKET_COUNT = 1 << BUCKET_BITS
    FLUSH_SLOT = SLOT_COUNT
    MULTISET_COUNT = 73775

# Constants as C macros, so that the compiler folds them into the hot loops.
# A code above 51 has a key of BAD_CODE_KEY (bits 40..47 are free) and a mask
# of 0, and the batch loop reports it after the fact.
cdef extern from *:
    """
    #define HOLDEM_HAND_KEY_INIT 0x3333000000000000ULL
    #define HOLDEM_FLUSH_BITS 0x8888000000000000ULL
    #define HOLDEM_RANK_BITS 0x7FFFFFFFFFULL
    #define HOLDEM_BAD_CODE_KEY (1ULL << 40)
    #define HOLDEM_BAD_CODE_BITS 0xFF0000000000ULL
    """
    const uint64_t HAND_KEY_INIT "HOLDEM_HAND_KEY_INIT"
    const uint64_t FLUSH_BITS "HOLDEM_FLUSH_BITS"
    const uint64_t RANK_BITS "HOLDEM_RANK_BITS"
    const uint64_t BAD_CODE_KEY "HOLDEM_BAD_CODE_KEY"
    const uint64_t BAD_CODE_BITS "HOLDEM_BAD_CODE_BITS"

# Indexed by any byte, so that a bad code in a batch reads the table, not
# memory outside it.
cdef uint64_t CARD_KEY[256]
cdef uint64_t CARD_MASK[256]
# The ranks of the perfect hash's slots, then of the 8,192 rank masks of a
# flush suit (from FLUSH_SLOT); the bucket after the last has displacement 0, so
# that the batch loop of _batch_simd.h reads either kind of rank the same way.
cdef uint16_t RANK_TABLE[FLUSH_SLOT + 8192]
cdef uint32_t BUCKET_DISPLACEMENT[BUCKET_COUNT + 1]
cdef uint32_t CLASS_SCORE[CLASS_COUNT + 1]
cdef uint64_t hash_multiplier


cdef inline uint32_t key_slot(uint64_t key, uint64_t mask) noexcept nogil:
    """The index in RANK_TABLE of the rank of the 5 to 7 cards summed in key and mask."""
    cdef uint64_t flush = key & FLUSH_BITS
    cdef uint64_t ranks
    cdef unsigned int suit
    if flush:
        flush >>= 51  # 1, 16, 256 or 4096: the suit with five or more cards
        suit = (flush > 1) + (flush > 16) + (flush > 256)
        return FLUSH_SLOT + ((mask >> (16 * suit)) & 0x1FFF)
    ranks = (key & RANK_BITS) * hash_multiplier
    return ((ranks >> SLOT_SHIFT) & (SLOT_COUNT - 1)) ^ BUCKET_DISPLACEMENT[ranks >> (64 - BUCKET_BITS)]


cdef inline uint16_t key_rank(uint64_t key, uint64_t mask) noexcept nogil:
    """The rank 1..7462 of the best five of the 5 to 7 cards summed in key and mask."""
    return RANK_TABLE[key_slot(key, mask)]


# A class score orders the 7,462 five-card classes: the category (0 = high card
# .. 8 = straight flush) in bits 20..23, then up to five ranks (0 = deuce ..
# 12 = ace) by significance, four bits each.

cdef inline uint32_t packed(uint32_t category, uint32_t ranks, int count) noexcept nogil:
    return (category << 20) | (ranks << (4 * (5 - count)))


cdef uint32_t top_ranks(uint32_t rank_mask, int count) noexcept nogil:
    """The highest ``count`` ranks of a rank mask, packed four bits each."""
    cdef uint32_t result = 0
    cdef int rank = 12
    while count and rank >= 0:
        if rank_mask >> rank & 1:
            result = result << 4 | rank
            count -= 1
        rank -= 1
    return result


cdef int straight_high(uint32_t rank_mask) noexcept nogil:
    """The high rank of the best straight in a rank mask, or -1."""
    cdef int high
    for high in range(12, 3, -1):
        if (rank_mask >> (high - 4)) & 0x1F == 0x1F:
            return high
    if rank_mask & 0x100F == 0x100F:
        return 3  # the wheel, five high
    return -1


cdef uint32_t flush_score(uint32_t rank_mask) noexcept nogil:
    cdef int high = straight_high(rank_mask)
    if high >= 0:
        return packed(8, high, 1)
    return packed(5, top_ranks(rank_mask, 5), 5)


cdef int highest(uint32_t rank_mask) noexcept nogil:
    cdef int rank = 12
    while rank >= 0 and not (rank_mask >> rank & 1):
        rank -= 1
    return rank


cdef struct Multiset:
    uint64_t key           # a 3-bit counter a rank, as in a hand's key
    uint32_t at_least[4]   # at_least[n]: the mask of the ranks held n + 1 times or more
    int size


cdef uint32_t plain_score(const Multiset *hand) noexcept nogil:
    """The score of the best five of 5 to 7 cards of mixed suits, from their ranks."""
    cdef uint32_t present = hand.at_least[0], pairs = hand.at_least[1]
    cdef uint32_t trips = hand.at_least[2], quads = hand.at_least[3]
    cdef int high, top, second
    if quads:
        top = highest(quads)
        return packed(7, top << 4 | highest(present & ~(1u << top)), 2)
    if trips and (pairs & ~(1u << highest(trips))):
        top = highest(trips)
        return packed(6, top << 4 | highest(pairs & ~(1u << top)), 2)
    high = straight_high(present)
    if high >= 0:
        return packed(4, high, 1)
    if trips:
        top = highest(trips)
        return packed(3, top << 8 | top_ranks(present & ~(1u << top), 2), 3)
    if pairs:
        top = highest(pairs)
        second = highest(pairs & ~(1u << top))
        if second >= 0:
            return packed(
                2, top << 8 | second << 4 | highest(present & ~(1u << top | 1u << second)), 3
            )
        return packed(1, top << 12 | top_ranks(present & ~(1u << top), 3), 4)
    return packed(0, top_ranks(present, 5), 5)


cdef int compare_scores(const void *a, const void *b) noexcept nogil:
    cdef uint32_t x = (<const uint32_t *>a)[0], y = (<const uint32_t *>b)[0]
    return (x > y) - (x < y)


cdef struct MultisetList:
    uint64_t *keys
    uint32_t *scores
    int count
    int class_count


cdef void visit_multisets(Multiset hand, int rank, MultisetList *found) noexcept nogil:
    """Store the key and score of every multiset of 5 to 7 ranks with at most four of each.

    The scores of five ranks, the five-card classes of mixed suits, are also
    counted in ``found.class_count`` and entered in CLASS_SCORE.
    """
    cdef int count
    if rank == 13:
        if hand.size >= 5:
            found.keys[found.count] = hand.key
            found.scores[found.count] = plain_score(&hand)
            if hand.size == 5:
                found.class_count += 1
                CLASS_SCORE[found.class_count] = found.scores[found.count]
            found.count += 1
        return
    visit_multisets(hand, rank + 1, found)
    for count in range(min(4, 7 - hand.size)):
        hand.at_least[count] |= 1u << rank
        hand.key += 1ULL << (3 * rank)
        hand.size += 1
        visit_multisets(hand, rank + 1, found)


# While the tables are built, the rank of a class score is found by hashing:
# open addressing with linear probing, in more than twice CLASS_COUNT slots.
cdef enum:
    SCORE_BITS = 14
    SCORE_SLOTS = 1 << SCORE_BITS


cdef struct ScoreIndex:
    uint32_t scores[SCORE_SLOTS]  # 0 in an empty slot: no class has score 0
    uint16_t ranks[SCORE_SLOTS]


cdef inline uint32_t score_slot(uint32_t score) noexcept nogil:
    return (score * 0x9E3779B1u) >> (32 - SCORE_BITS)


cdef void index_scores(ScoreIndex *index) noexcept nogil:
    """Enter every class score with its rank."""
    cdef uint32_t slot
    cdef int rank
    memset(index.scores, 0, sizeof(index.scores))
    for rank in range(1, CLASS_COUNT + 1):
        slot = score_slot(CLASS_SCORE[rank])
        while index.scores[slot]:
            slot = (slot + 1) & (SCORE_SLOTS - 1)
        index.scores[slot] = CLASS_SCORE[rank]
        index.ranks[slot] = rank


cdef inline uint16_t rank_of_score(const ScoreIndex *index, uint32_t score) noexcept nogil:
    cdef uint32_t slot = score_slot(score)
    while index.scores[slot] != score:
        slot = (slot + 1) & (SCORE_SLOTS - 1)
    return index.ranks[slot]


cdef uint64_t splitmix64(uint64_t *x) noexcept nogil:
    x[0] += 0x9E3779B97F4A7C15ULL
    cdef uint64_t z = x[0]
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    return z ^ (z >> 31)


cdef bint place_buckets(const uint64_t *keys, const uint16_t *ranks, int count) noexcept nogil:
    """Build the perfect hash with the current multipliers, or return False.

    Hash and displace: each key falls in a bucket; buckets are placed largest
    first, each with the smallest displacement that XORs all of its keys' base
    slots onto free slots.
    """
    cdef int *bucket_start = <int *>malloc((BUCKET_COUNT + 1) * sizeof(int))
    cdef int *bucket_fill = <int *>malloc(BUCKET_COUNT * sizeof(int))
    cdef int *members = <int *>malloc(count * sizeof(int))
    cdef int *order = <int *>malloc(BUCKET_COUNT * sizeof(int))
    cdef uint8_t *taken = <uint8_t *>malloc(SLOT_COUNT)
    cdef uint32_t bases[64]
    cdef int i, j, b, size, largest = 0, placed_count = 0
    cdef uint32_t displacement
    cdef bint ok = True, fits
    memset(bucket_fill, 0, BUCKET_COUNT * sizeof(int))
    memset(taken, 0, SLOT_COUNT)
    memset(RANK_TABLE, 0, SLOT_COUNT * sizeof(uint16_t))
    for i in range(count):
        bucket_fill[(keys[i] * hash_multiplier) >> (64 - BUCKET_BITS)] += 1
    bucket_start[0] = 0
    for b in range(BUCKET_COUNT):
        bucket_start[b + 1] = bucket_start[b] + bucket_fill[b]
        largest = max(largest, bucket_fill[b])
        bucket_fill[b] = 0
    for i in range(count):
        b = (keys[i] * hash_multiplier) >> (64 - BUCKET_BITS)
        members[bucket_start[b] + bucket_fill[b]] = i
        bucket_fill[b] += 1
    if largest > 64:
        ok = False
    size = largest
    while ok and size > 0:  # buckets by size, largest first
        for b in range(BUCKET_COUNT):
            if bucket_fill[b] == size:
                order[placed_count] = b
                placed_count += 1
        size -= 1
    for i in range(placed_count if ok else 0):
        b = order[i]
        size = bucket_fill[b]
        for j in range(size):
            bases[j] = (keys[members[bucket_start[b] + j]] * hash_multiplier) >> SLOT_SHIFT & (SLOT_COUNT - 1)
        fits = False
        displacement = 0
        while displacement < SLOT_COUNT and not fits:
            fits = True
            for j in range(size):
                if taken[bases[j] ^ displacement]:
                    fits = False
                    break
                taken[bases[j] ^ displacement] = 1
            if not fits:
                while j > 0:
                    j -= 1
                    taken[bases[j] ^ displacement] = 0
                displacement += 1
        if not fits:
            ok = False
            break
        BUCKET_DISPLACEMENT[b] = displacement
        for j in range(size):
            RANK_TABLE[bases[j] ^ displacement] = ranks[members[bucket_start[b] + j]]
    free(bucket_start)
    free(bucket_fill)
    free(members)
    free(order)
    free(taken)
    return ok


cdef void build_tables() noexcept nogil:
    global hash_multiplier
    cdef Multiset empty
    cdef MultisetList found
    cdef ScoreIndex *index = <ScoreIndex *>malloc(sizeof(ScoreIndex))
    cdef uint16_t *ranks
    cdef uint32_t rank_mask
    cdef int card, rank, bits, i
    cdef uint64_t seed = 0x686F6C64656D  # any fixed value: the tables never change
    for card in range(256):
        CARD_KEY[card] = BAD_CODE_KEY
        CARD_MASK[card] = 0
    for card in range(52):
        CARD_KEY[card] = (1ULL << (3 * (card >> 2))) + (1ULL << (48 + 4 * (card & 3)))
        CARD_MASK[card] = 1ULL << (16 * (card & 3) + (card >> 2))
    # The 7,462 classes: the 6,175 five-rank multisets of mixed suits and the
    # 1,287 flushes of five distinct ranks, sorted weakest first.
    memset(&empty, 0, sizeof(empty))
    found.keys = <uint64_t *>malloc(MULTISET_COUNT * sizeof(uint64_t))
    found.scores = <uint32_t *>malloc(MULTISET_COUNT * sizeof(uint32_t))
    found.count = 0
    found.class_count = 0
    visit_multisets(empty, 0, &found)
    for rank_mask in range(8192):
        bits = 0
        for rank in range(13):
            bits += rank_mask >> rank & 1
        if bits == 5:
            found.class_count += 1
            CLASS_SCORE[found.class_count] = flush_score(rank_mask)
    qsort(&CLASS_SCORE[1], CLASS_COUNT, sizeof(uint32_t), compare_scores)
    index_scores(index)
    for rank_mask in range(8192):
        bits = 0
        for rank in range(13):
            bits += rank_mask >> rank & 1
        RANK_TABLE[FLUSH_SLOT + rank_mask] = rank_of_score(index, flush_score(rank_mask)) if bits >= 5 else 0
    ranks = <uint16_t *>malloc(MULTISET_COUNT * sizeof(uint16_t))
    for i in range(found.count):
        ranks[i] = rank_of_score(index, found.scores[i])
    while True:
        hash_multiplier = splitmix64(&seed) | 1
        if place_buckets(found.keys, ranks, found.count):
            break
    free(found.keys)
    free(found.scores)
    free(index)
    free(ranks)


build_tables()


# The reader of cards given as text, and the cards' names: holdem.cards's, which it gives when it
# is imported (it imports this module, not the other way round).
cdef object parse_cards = None
cdef tuple CARD_NAMES = ()


def _set_card_reader(reader, tuple names):
    """Read cards that are not codes with ``reader`` (holdem.cards.parse_cards), name them with ``names``."""
    global parse_cards, CARD_NAMES
    parse_cards, CARD_NAMES = reader, names


cdef int fail_codes(codes, int count) except -1:
    """Raise the error that explains why ``codes`` is not ``count`` distinct cards."""
    parse_cards(codes, count=count)
    raise AssertionError("unreachable: the codes were valid")


cdef uint16_t rank_of_sequence(object cards) except? 0:
    """The rank of a list or tuple of 5 to 7 codes, or 0 if any item is not a distinct code."""
    cdef Py_ssize_t size = len(cards), i
    cdef uint64_t key = HAND_KEY_INIT, mask = 0, bit
    cdef unsigned long code
    cdef int overflow
    if size < 5 or size > 7:
        raise CardCountError(f"evaluate takes 5, 6 or 7 cards, got {size}: {cards!r}")
    for i in range(size):
        item = cards[i]
        if type(item) is not int:
            return 0
        code = <unsigned long>PyLong_AsLongAndOverflow(item, &overflow)
        if overflow or code >= 52:
            return 0
        bit = CARD_MASK[code]
        if mask & bit:
            return 0
        mask |= bit
        key += CARD_KEY[code]
    return key_rank(key, mask)


def evaluate(cards):
    """Return the rank, 1 to 7462 (higher is stronger), of the best five of 5 to 7 cards.

    ``cards`` is a list or tuple of card codes (the fast path) or anything
    :func:`holdem.parse_cards` reads.  Equal ranks tie.

    >>> evaluate("As Ks Qs Js Ts 2c 3d")
    7462
    >>> evaluate([0, 4, 8, 13, 21])  # 2c 3c 4c 5d 7d
    1
    """
    cdef uint16_t rank
    if type(cards) is tuple or type(cards) is list:
        rank = rank_of_sequence(cards)
        if rank:
            return rank
    codes = parse_cards(cards)
    rank = rank_of_sequence(codes)
    if not rank:
        fail_codes(codes, len(codes))
    return rank


# A card code from a Python int in a few instructions: a small int's one digit is read
# directly (a call to PyLong_AsLongAndOverflow per card would slow evaluate7 by 15%).
cdef extern from *:
    """
    #if !defined(PYPY_VERSION) && PY_VERSION_HEX < 0x030B0000
    #include "longintrepr.h"
    #endif
    static inline long holdem_code_of(PyObject *card) {
        if (!PyLong_CheckExact(card)) return -1;
    #if defined(PYPY_VERSION)
        int overflow;
        long value = PyLong_AsLongAndOverflow(card, &overflow);
        return overflow || value < 0 || value >= 52 ? -1 : value;
    #elif PY_VERSION_HEX >= 0x030C0000
        Py_ssize_t value;
        if (!PyUnstable_Long_IsCompact((PyLongObject *)card)) return -1;
        value = PyUnstable_Long_CompactValue((PyLongObject *)card);
        return value < 0 || value >= 52 ? -1 : (long)value;
    #else
        Py_ssize_t size = Py_SIZE(card);
        long value = size == 1 ? (long)((PyLongObject *)card)->ob_digit[0] : 0;
        return size < 0 || size > 1 || value >= 52 ? -1 : value;
    #endif
    }
    """
    long code_of "holdem_code_of"(object card) noexcept


def evaluate7(c0, c1, c2, c3, c4, c5, c6):
    """Return the rank of seven card codes: the fastest call for one hand.

    >>> evaluate7(51, 47, 43, 39, 35, 0, 5)  # As Ks Qs Js Ts 2c 3d
    7462

    Codes of another integer type (numpy's) take the slower path of
    :func:`evaluate`; anything else is a ``TypeError``.
    """
    cdef long codes[7]
    cdef uint64_t key = HAND_KEY_INIT, mask = 0, bit
    cdef int i
    codes[0] = code_of(c0); codes[1] = code_of(c1); codes[2] = code_of(c2); codes[3] = code_of(c3)
    codes[4] = code_of(c4); codes[5] = code_of(c5); codes[6] = code_of(c6)
    for i in range(7):
        if codes[i] < 0:
            return evaluate_codes((c0, c1, c2, c3, c4, c5, c6))
        bit = CARD_MASK[codes[i]]
        if mask & bit:
            fail_codes((c0, c1, c2, c3, c4, c5, c6), 7)
        mask |= bit
        key += CARD_KEY[codes[i]]
    return key_rank(key, mask)


cdef evaluate_codes(tuple cards):
    """The rank of seven integers that are not all plain int codes."""
    for card in cards:
        integer(card, "card code")
    return evaluate(cards)


def class_score(rank):
    """The class score of a rank: category (0..8) in bits 20..23, then five 4-bit ranks.

    >>> hex(class_score(7462))  # straight flush, ace high
    '0x8c0000'
    """
    if type(rank) is not int or not 1 <= rank <= CLASS_COUNT:
        message = f"rank {rank!r}: a hand rank is an integer from 1 to {CLASS_COUNT}"
        rank = integer(rank, "rank")
        if not 1 <= rank <= CLASS_COUNT:
            raise InvalidRankError(message)
    return CLASS_SCORE[<Py_ssize_t>rank]


cdef enum:
    BLOCK_ROWS = 64  # rows whose rank reads are started before the first is needed


cdef inline bint evaluate_rows(
    const uint8_t *cards, uint16_t *out, Py_ssize_t rows, int width
) noexcept nogil:
    """Rank ``rows`` rows of ``width`` codes; False if any code was bad.

    Inlined with a constant width, so the compiler unrolls the inner loop.
    The checks cost two instructions a card: the masks are both summed and
    OR-ed, and the sum differs from the OR exactly when a card repeats (two
    equal bits carry); a code above 51 leaves bits in BAD_CODE_BITS.

    The rows go by blocks of BLOCK_ROWS in two passes: the first finds each
    row's slot in RANK_TABLE and prefetches it, the second reads the ranks.
    A row's rank read, a random read in a table larger than the first-level
    cache, thus overlaps the work of the next rows instead of holding them
    up (measured: about 1.2x on the AMD EPYC of benchmarks/README.md).
    """
    cdef Py_ssize_t start, row, count
    cdef int j
    cdef uint64_t key, mask, mask_sum, bad = 0
    cdef uint32_t slots[BLOCK_ROWS]
    start = 0
    while start < rows:
        count = min(<Py_ssize_t>BLOCK_ROWS, rows - start)
        for row in range(count):
            key = HAND_KEY_INIT
            mask = 0
            mask_sum = 0
            for j in range(width):
                key += CARD_KEY[cards[j]]
                mask |= CARD_MASK[cards[j]]
                mask_sum += CARD_MASK[cards[j]]
            bad |= (mask ^ mask_sum) | (key & BAD_CODE_BITS)
            slots[row] = key_slot(key, mask)
            prefetch(&RANK_TABLE[slots[row]])
            cards += width
        for row in range(count):
            out[start + row] = RANK_TABLE[slots[row]]
        start += count
    return bad == 0


cdef extern from "_batch_simd.h":
    ctypedef struct HashTables "holdem_hash_tables":
        const uint32_t *bucket_displacement
        const uint16_t *rank_table
        uint64_t hash_multiplier
        int slot_shift, slot_mask, bucket_shift, flush_bucket, flush_slot
    bint simd_available "holdem_simd_available"() noexcept nogil
    Py_ssize_t simd_rank_rows "holdem_simd_rank_rows"(
        const uint8_t *cards, uint16_t *out, Py_ssize_t rows, int width,
        const HashTables *tables, uint64_t *bad) noexcept nogil


cdef HashTables hash_tables
hash_tables.bucket_displacement = BUCKET_DISPLACEMENT
hash_tables.rank_table = RANK_TABLE
hash_tables.hash_multiplier = hash_multiplier
hash_tables.slot_shift = SLOT_SHIFT
hash_tables.slot_mask = SLOT_COUNT - 1
hash_tables.bucket_shift = 64 - BUCKET_BITS
hash_tables.flush_bucket = BUCKET_COUNT
hash_tables.flush_slot = FLUSH_SLOT

# Whether evaluate_batch takes the AVX-512 loop of _batch_simd.h.
cdef bint use_simd = simd_available()


def _simd_available():
    """Whether this CPU runs the AVX-512 batch loop."""
    return simd_available()


def _set_simd(bint enabled):
    """Turn the AVX-512 batch loop on (if available) or off; return the previous setting.

    For tests and benchmarks that compare it with the portable loop.
    """
    global use_simd
    previous = use_simd
    use_simd = enabled and simd_available()
    return previous


cdef bint evaluate_range(
    const uint8_t[:, ::1] cards, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop
) noexcept nogil:
    cdef int width = cards.shape[1]
    cdef uint64_t bad = 0
    if stop <= start:
        return True
    if use_simd:
        start += simd_rank_rows(&cards[start, 0], &out[start], stop - start, width, &hash_tables, &bad)
    if width == 7:
        return evaluate_rows(&cards[start, 0], &out[start], stop - start, 7) and bad == 0
    if width == 6:
        return evaluate_rows(&cards[start, 0], &out[start], stop - start, 6) and bad == 0
    return evaluate_rows(&cards[start, 0], &out[start], stop - start, 5) and bad == 0


cdef enum:
    CHECK_ROWS = 1 << 22  # rows ranked between two checks for signals (Ctrl-C): about 10 ms


def _evaluate_slice(const uint8_t[:, ::1] cards, uint16_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
    """Rank rows start..stop of a checked array without the GIL; False on a bad code."""
    cdef bint ok = True
    cdef Py_ssize_t end
    while start < stop:
        end = min(stop, start + CHECK_ROWS)
        with nogil:
            ok &= evaluate_range(cards, out, start, end)
        PyErr_CheckSignals()
        start = end
    return ok


def _bad_row_message(cards):
    import numpy
    out_of_range = (cards > 51).any(axis=1)
    if out_of_range.any():
        row = int(numpy.argmax(out_of_range))
        return f"row {row} holds a code above 51: {cards[row].tolist()!r}"
    ordered = numpy.sort(cards, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    row = int(numpy.argmax(repeated))
    return f"row {row} holds the same card twice: {cards[row].tolist()!r}"


# Waking a waiting thread can take a few hundred microseconds: a thread gets
# at least this many rows, which take it about as long to rank.
MIN_ROWS_PER_THREAD = 131_072
MAX_THREADS = 64
"""The most threads one call of evaluate_batch or equity works on: more count as this many."""
_THREAD_POOL = []  # the one pool, once made
_THREAD_POOL_LOCK = threading.Lock()  # held while it is made: without the GIL too, one pool


def _forget_thread_pool():
    global _THREAD_POOL_LOCK
    _THREAD_POOL.clear()  # a forked child has none of its parent's threads
    _THREAD_POOL_LOCK = threading.Lock()  # nor its locks, which another thread may have held


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_thread_pool)


def _thread_pool():
    """The pool of up to MAX_THREADS - 1 threads that every call shares (with the calling
    thread, MAX_THREADS), made once: starting threads on every call would cost as much as
    the work they share on a million hands.  Threads start as work first needs them."""
    if not _THREAD_POOL:
        with _THREAD_POOL_LOCK:
            if not _THREAD_POOL:
                from concurrent.futures import ThreadPoolExecutor
                _THREAD_POOL.append(ThreadPoolExecutor(MAX_THREADS - 1, thread_name_prefix="holdem"))
    return _THREAD_POOL[0]


def _thread_count(threads, error):
    """The threads to use for a ``threads`` argument: None is 1, more than MAX_THREADS is
    MAX_THREADS.  An integer below 1 raises ``error``, anything else but an integer TypeError."""
    if threads is None:
        return 1
    message = f"threads must be a positive integer or None, got {threads!r}"
    count = integer(threads, "threads")
    if count < 1:
        raise error(message)
    return min(count, MAX_THREADS)


def _card_rows(cards, function, widths):
    """``cards`` as a C-contiguous ``(N, k)`` uint8 array, k in ``widths``: the check of every batch
    call that takes rows of card codes.  Another integer dtype converts when its values are codes;
    a row holding a code above 51 or a repeated card is left for the batch loop to report.  An
    object that is neither an array nor a list or tuple of rows (None, a str, a float) is a TypeError."""
    import numpy
    if not isinstance(cards, numpy.ndarray) or cards.dtype.kind not in "iu":
        kind = cards.dtype if isinstance(cards, numpy.ndarray) else type(cards).__name__
        message = (f"{function} takes a numpy array of integer card codes (best: dtype uint8), got {kind}; "
                   "convert with numpy.asarray(cards, dtype=numpy.uint8)")
        # Rows in lists or tuples are the right data in the wrong container; anything else is the wrong type.
        if isinstance(cards, (numpy.ndarray, list, tuple)):
            raise InvalidArrayError(message)
        raise TypeError(message)
    if cards.ndim != 2 or cards.shape[1] not in widths:
        allowed = " or ".join([", ".join(map(str, widths[:len(widths) - 1])), str(widths[len(widths) - 1])]).lstrip(" or")
        raise InvalidArrayError(f"{function} takes an (N, k) array with k = {allowed}, got shape {cards.shape}")
    if cards.dtype != numpy.uint8:
        # Other integer arrays (numpy's default is int64) convert once their values are known to be cards.
        outside = ((cards < 0) | (cards > 51)).any(axis=1)
        if outside.any():
            row = int(numpy.argmax(outside))
            raise InvalidArrayError(f"row {row} holds a value that is no card code (0 to 51): {cards[row].tolist()!r}")
        cards = cards.astype(numpy.uint8)
    return numpy.ascontiguousarray(cards)


def evaluate_batch(cards, *, threads=None):
    """Rank every row of an ``(N, k)`` uint8 array of card codes (k = 5, 6 or 7).

    Returns a uint16 array of N ranks.  The loop runs without the GIL; with
    ``threads`` greater than 1 the rows are split over up to that many threads
    (each given at least 131,072 rows; at most ``MAX_THREADS``, 64, threads).  On Linux with an AVX-512 CPU (F, BW,
    CD, DQ) it ranks eight rows at a time.

    >>> import numpy as np
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 5]], dtype=np.uint8))
    array([7462], dtype=uint16)

    Arrays of another integer dtype are converted when every value is a card code.
    """
    import numpy
    cards = _card_rows(cards, "evaluate_batch", (5, 6, 7))
    rows = cards.shape[0]
    out = numpy.empty(rows, dtype=numpy.uint16)
    count = min(_thread_count(threads, InvalidArrayError), rows // MIN_ROWS_PER_THREAD)
    if count <= 1:
        ok = _evaluate_slice(cards, out, 0, rows)
    else:
        bounds = [rows * i // count for i in range(count + 1)]
        others = _thread_pool().map(  # the calling thread ranks the first slice
            _evaluate_slice, [cards] * (count - 1), [out] * (count - 1), bounds[1:count], bounds[2:])
        ok = _evaluate_slice(cards, out, 0, bounds[1]) & all(others)
    if not ok:
        raise InvalidArrayError(_bad_row_message(cards))
    return out


# ----------------------------------------------------------------- randomness

cdef enum:
    POOL_SIZE = 256  # 64-bit words read from the OS at a time in secure mode
    MAX_STREAMS = 1 << 20  # generators one spawn makes: each is an object of about 100 bytes


cdef uint64_t secure_next(RngState *state) noexcept nogil:
    """The next 64 bits of the OS's entropy, read POOL_SIZE words at a time."""
    cdef const char *entropy
    if state.pool_next == POOL_SIZE:
        with gil:
            fresh = os.urandom(POOL_SIZE * 8)
            entropy = fresh
            memcpy(state.pool, entropy, POOL_SIZE * 8)
        state.pool_next = 0
    state.pool_next += 1
    return state.pool[state.pool_next - 1]


# The C interface declared in _core.pxd, for modules that cimport the core.
# Inside the core the inline versions are called, so that the hot loops have
# no call overhead (the draws, random_bits and random_below, are inline in
# _core.pxd itself, so that every module's shuffles inline them).

cdef uint16_t rank_of(uint64_t key, uint64_t mask) noexcept nogil:
    return key_rank(key, mask)


cdef uint16_t rank_of_cards(const uint8_t *cards, int count) noexcept nogil:
    """The rank of ``count`` (5 to 7) distinct valid card codes."""
    cdef uint64_t key = HAND_KEY_INIT, mask = 0
    cdef int i
    for i in range(count):
        key += CARD_KEY[cards[i]]
        mask |= CARD_MASK[cards[i]]
    return key_rank(key, mask)


cdef void rank_pairs_on_board(
    const uint8_t *board, int board_size, const uint8_t *pairs, Py_ssize_t count, uint16_t *out
) noexcept nogil:
    """Rank the board (3 to 5 valid codes) with each of ``count`` hole pairs (two codes each) added.

    The board's key is summed once and shared by every pair, so a rank costs
    two card additions and a lookup: the incremental evaluation that the
    enumerations of hand features run on every runout.
    """
    cdef uint64_t key = HAND_KEY_INIT, mask = 0
    cdef Py_ssize_t i
    cdef int j
    for j in range(board_size):
        key += CARD_KEY[board[j]]
        mask |= CARD_MASK[board[j]]
    for i in range(count):
        out[i] = key_rank(
            key + CARD_KEY[pairs[2 * i]] + CARD_KEY[pairs[2 * i + 1]],
            mask | CARD_MASK[pairs[2 * i]] | CARD_MASK[pairs[2 * i + 1]],
        )


cdef void rng_jump(RngState *state) noexcept nogil:
    """Advance xoshiro256** by 2**128 draws: streams a jump apart never overlap."""
    cdef uint64_t jump[4]
    cdef uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0
    cdef int i, b
    jump[0] = 0x180EC6D33CFD0ABAULL
    jump[1] = 0xD5A61266F0C9392CULL
    jump[2] = 0xA9582618E03FC9AAULL
    jump[3] = 0x39ABDC4529B1661CULL
    for i in range(4):
        for b in range(64):
            if jump[i] >> b & 1:
                s0 ^= state.s[0]
                s1 ^= state.s[1]
                s2 ^= state.s[2]
                s3 ^= state.s[3]
            random_bits(state)
    state.s[0] = s0
    state.s[1] = s1
    state.s[2] = s2
    state.s[3] = s3


cdef uint64_t card_mask_of(cards) except? 0:
    """One bit per card of ``cards`` (anything parse_cards reads), 0 for none."""
    cdef uint64_t mask = 0
    if not cards:
        return 0
    for card in parse_cards(cards):
        mask |= 1ULL << <int>card
    return mask


cdef class Rng:
    """A random generator: seeded xoshiro256**, or the OS's entropy with ``secure=True``.

    The same seed gives the same stream on every platform.  Children made by
    :meth:`spawn` draw from streams that never overlap, for parallel work.

    >>> rng = Rng(42)
    >>> rng.below(52), rng.below(52)
    (4, 19)
    >>> Rng(42).below(52)
    4
    """

    def __cinit__(self, seed=None, *, bint secure=False):
        cdef uint64_t mixer
        self.state.pool = NULL
        self.state.pool_next = POOL_SIZE
        self.state.secure = secure
        if secure:
            if seed is not None:
                raise InvalidSeedError(
                    "a secure Rng draws from the operating system and takes no seed"
                )
            self.state.pool = <uint64_t *>malloc(POOL_SIZE * sizeof(uint64_t))
            if self.state.pool == NULL:
                raise MemoryError()
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        if type(seed) is not int:
            if isinstance(seed, bool) or not hasattr(type(seed), "__index__"):
                raise TypeError(f"seed {seed!r}: use an integer from 0 to 2**64 - 1")
            seed = operator.index(seed)  # numpy integers
        if not 0 <= seed < 2 ** 64:
            raise InvalidSeedError(f"seed must be an integer from 0 to 2**64 - 1, got {seed!r}")
        self.seed = None if secure else seed
        mixer = seed
        for i in range(4):
            self.state.s[i] = splitmix64(&mixer)

    def __dealloc__(self):
        free(self.state.pool)

    def __repr__(self):
        return "Rng(secure=True)" if self.state.secure else f"Rng({self.seed!r})"

    def random_raw(self):
        """Return the next 64 random bits as an int."""
        return random_bits(&self.state)

    def below(self, bound):
        """Return an unbiased random integer from 0 to ``bound - 1`` (1 <= bound <= 2**32)."""
        if type(bound) is not int:
            bound = integer(bound, "bound")
        if not 1 <= bound <= 2 ** 32:
            raise RngError(f"bound must be from 1 to 2**32, got {bound!r}")
        if bound == 2 ** 32:
            return random_bits(&self.state) >> 32
        return random_below(&self.state, bound)

    def shuffle(self, list items):
        """Shuffle a list in place (Fisher-Yates).

        >>> seats = [1, 2, 3, 4]
        >>> Rng(7).shuffle(seats)
        >>> sorted(seats)
        [1, 2, 3, 4]
        """
        cdef Py_ssize_t i, j
        for i in range(len(items) - 1, 0, -1):
            j = random_below(&self.state, i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self, count):
        """Return ``count`` generators (up to 2**20) on streams that never overlap with each other or this one.

        >>> first, second = Rng(1).spawn(2)
        >>> first.random_raw() != second.random_raw()
        True
        """
        cdef Rng child
        count = integer(count, "count")
        if not 0 <= count <= MAX_STREAMS:
            raise RngError(f"spawn makes 0 to 2**20 generators, got {count!r}")
        children = []
        for _ in range(count):
            child = Rng(secure=True) if self.state.secure else Rng(0)
            if not self.state.secure:
                memcpy(child.state.s, self.state.s, sizeof(self.state.s))
                child.seed = self.seed
                rng_jump(&self.state)
            children.append(child)
        return children

    def sample_cards(self, rows, width, dead=()):
        """Return an ``(rows, width)`` uint8 array, each row ``width`` distinct random cards.

        Cards in ``dead`` never appear.

        >>> hands = Rng(3).sample_cards(1000, 7, dead="AsAh")
        >>> hands.shape, bool((hands == 51).any())
        ((1000, 7), False)
        """
        import numpy
        cdef uint8_t live[52]
        cdef int live_count = 0, card
        cdef uint64_t dead_mask = card_mask_of(dead)
        rows, width = integer(rows, "rows"), integer(width, "width")
        for card in range(52):
            if not dead_mask >> card & 1:
                live[live_count] = card
                live_count += 1
        if rows < 0 or width < 1 or width > live_count:
            raise DeckError(
                f"cannot sample {rows} rows of {width} distinct cards from {live_count} live cards"
            )
        try:
            out = numpy.empty((rows, width), dtype=numpy.uint8)
        except (MemoryError, ValueError):  # ValueError: more bytes than an address holds
            raise RngError(f"{rows} rows of {width} cards do not fit in memory") from None
        cdef uint8_t[:, ::1] view = out
        cdef Py_ssize_t row_count = rows
        cdef int row_width = width
        with nogil:
            sample_rows(&self.state, live, live_count, &view[0, 0] if row_count else NULL, row_count, row_width)
        return out


cdef void sample_rows(
    RngState *state, uint8_t *live, int live_count, uint8_t *out, Py_ssize_t rows, int width
) noexcept nogil:
    # A partial Fisher-Yates per row.  The live cards are left in their new
    # order between rows: Fisher-Yates from any order is uniform.
    cdef Py_ssize_t row
    cdef int i, j
    cdef uint8_t card
    for row in range(rows):
        for i in range(width):
            j = i + random_below(state, live_count - i)
            card = live[j]
            live[j] = live[i]
            live[i] = card
            out[i] = card
        out += width


cdef class Deck:
    """A deck of cards dealt from the top, shuffled by an :class:`Rng` (or a seed).

    Cards named in ``dead`` are left out of the deck.  Shuffling is lazy: each
    dealt card is the next step of a Fisher-Yates shuffle, so dealing a few
    cards costs a few random draws, not a whole shuffle.

    >>> deck = Deck(42)
    >>> deck.deal(2), deck.burn(), len(deck)
    ((4, 20), 36, 49)
    >>> Deck(42).deal(2)
    (4, 20)
    """

    cdef uint8_t cards[52]
    cdef int size       # cards in this deck: 52 minus the dead ones
    cdef int top        # the next card to deal
    cdef int settled    # positions below this are in their final shuffled place
    cdef readonly Rng rng

    def __cinit__(self, rng=None, *, dead=()):
        cdef uint64_t dead_mask = card_mask_of(dead)
        cdef int card
        self.rng = rng if isinstance(rng, Rng) else Rng(rng)
        self.size = 0
        for card in range(52):
            if not dead_mask >> card & 1:
                self.cards[self.size] = card
                self.size += 1
        self.top = 0
        self.settled = 0

    def __len__(self):
        return self.size - self.top

    def __repr__(self):
        return f"<Deck of {self.size - self.top} cards>"

    def shuffle(self):
        """Gather every card of the deck, dealt or not, and shuffle them."""
        self.top = 0
        self.settled = 0

    cdef inline uint8_t next_card(self) noexcept:
        cdef int j
        cdef uint8_t card
        if self.top >= self.settled:
            j = self.top + random_below(&self.rng.state, self.size - self.top)
            card = self.cards[j]
            self.cards[j] = self.cards[self.top]
            self.cards[self.top] = card
            self.settled = self.top + 1
        self.top += 1
        return self.cards[self.top - 1]

    def deal(self, count=1):
        """Deal ``count`` cards from the top, as a tuple of codes."""
        cdef long dealt = code_of(count)  # a small int, quickly (or -1)
        if dealt < 0 or dealt > self.size - self.top:
            count = integer(count, "count")
            if count < 0 or count > self.size - self.top:
                raise DeckError(f"cannot deal {count} cards from a deck of {self.size - self.top}")
            dealt = count
        return tuple([self.next_card() for _ in range(dealt)])

    def burn(self):
        """Deal the top card face down and return it."""
        if self.top == self.size:
            raise DeckError("cannot burn a card from an empty deck")
        return self.next_card()

    def take(self, cards):
        """Deal the named cards (for example cards entered from a live game) and return their codes.

        >>> deck = Deck(1)
        >>> deck.take("AsKs"), len(deck)
        ((51, 47), 50)
        """
        cdef int j
        codes = parse_cards(cards)
        undealt = {self.cards[j] for j in range(self.top, self.size)}
        missing = [CARD_NAMES[code] for code in codes if code not in undealt]
        if missing:
            raise DeckError(f"cannot take {' '.join(missing)}: not in the undealt deck")
        for code in codes:
            j = self.top
            while self.cards[j] != code:
                j += 1
            # Shift the cards above it down by one, keeping the settled ones in order.
            memmove(&self.cards[self.top + 1], &self.cards[self.top], j - self.top)
            self.cards[self.top] = code
            self.top += 1
            if j >= self.settled:
                self.settled += 1
            self.settled = max(self.settled, self.top)
        return codes

    @property
    def undealt(self):
        """The cards not yet dealt, in the order they will be dealt."""
        cdef int i, j
        cdef uint8_t card
        for i in range(self.settled, self.size - 1):
            j = i + random_below(&self.rng.state, self.size - i)
            card = self.cards[j]
            self.cards[j] = self.cards[i]
            self.cards[i] = card
        self.settled = self.size
        return tuple([self.cards[i] for i in range(self.top, self.size)])


# ------------------------------------------------------------------- equity

include "_equity.pxi"
