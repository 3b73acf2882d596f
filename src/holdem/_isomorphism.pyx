# The loops of holdem.isomorphism: suit-isomorphic indexing of the cards of a
# street, and the enumerations behind the hand-strength features.  Compiler
# directives are set in setup.py.
#
# Indexing.  A street's cards come in sets (the hole cards, then the board as
# one set or round by round).  Each suit holds, in each set, a set of ranks: a
# 13-bit mask.  Its pattern is the number of its ranks in each set; its index
# ranks those masks among all masks of that pattern (a colex rank of each set's
# ranks among the ranks the suit has not used in earlier sets, in mixed radix).
# A relabelling of the suits permutes the suits' (pattern, index) pairs and
# nothing else, so the index of a hand is computed from their multiset: the
# four pairs sorted, the sorted patterns (a configuration) looked up in a hash
# table, and the indices of the suits sharing a pattern ranked as a multiset.
# The configurations take consecutive ranges of indices, so the index is dense.
#
# Features.  On a complete board every hole pair of the 47 unseen cards is
# ranked (the board's key summed once, two cards added a pair), the pairs are
# sorted by rank, and one pass over them gives every pair the weight of the
# opponents' pairs it beats and ties: a running total of the lower ranks, and
# per card the part of it held by pairs with that card, which a hand's two cards
# take back out (the opponent cannot hold them).

from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from holdem._core cimport rank_pairs_on_board

import math

from holdem.errors import IsomorphismError

cdef enum:
    MAX_SETS = 8
    MAX_CODES = 1 << 15   # patterns of a street: the product of (set size + 1)
    MAX_CONFIGURATIONS = 200_000
    PAIRS = 1326
    CHECK_ROWS = 1 << 20  # rows indexed between two checks for signals (Ctrl-C): about 50 ms
    FULL = 1980           # twice the 990 opponent pairs of a hand on a complete board

MAX_INDEX_BITS = 62  # a street's size must stay below 2**62 (its indices fit int64, the ranking fits uint64)

cdef uint8_t POPCOUNT[8192]
cdef uint64_t BINOMIAL[14][14]       # BINOMIAL[n][k] = C(n, k), n <= 13
cdef uint16_t UNCOLEX[14][1716]      # UNCOLEX[k][r]: the 13-bit mask of k ranks with colex rank r
cdef uint16_t COLEX[8192]            # the colex rank of a 13-bit mask among the masks of as many ranks
cdef uint64_t PAIR_BITS[PAIRS]       # pair id a * (a - 1) / 2 + b (a > b): its two card bits
cdef uint8_t PAIR_CARDS[2 * PAIRS]


cdef void build_tables() noexcept nogil:
    cdef int mask, n, k, bits, rank, t, a, b, pair = 0
    cdef uint32_t rest
    cdef uint64_t colex
    for n in range(14):
        for k in range(14):
            BINOMIAL[n][k] = 0 if k > n else (1 if k == 0 or k == n else BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k])
    for mask in range(8192):
        bits = 0
        colex = 0
        rest = mask
        t = 0
        for rank in range(13):
            if mask >> rank & 1:
                bits += 1
                t += 1
                colex += BINOMIAL[rank][t]
        POPCOUNT[mask] = bits
        UNCOLEX[bits][colex] = mask
        COLEX[mask] = colex
    for a in range(52):
        for b in range(a):
            PAIR_BITS[pair] = (1ULL << a) | (1ULL << b)
            PAIR_CARDS[2 * pair] = a
            PAIR_CARDS[2 * pair + 1] = b
            pair += 1


build_tables()


cdef inline uint64_t choose(uint64_t n, int k) noexcept nogil:
    """C(n, k) for k <= 4 (0 when n < k), by constant divisions, which compile to multiplications.

    Each product is at most 4 * C(n, k), below 2**64 for the street sizes allowed (below 2**62).
    """
    cdef uint64_t pairs
    if k == 0:
        return 1
    if n < <uint64_t>k:
        return 0
    if k == 1:
        return n
    pairs = n * (n - 1) // 2
    if k == 2:
        return pairs
    if k == 3:
        return pairs * (n - 2) // 3
    return pairs * (n - 2) // 3 * (n - 3) // 4


cdef struct Street:
    int sets
    int set_size[MAX_SETS]
    int cards
    uint32_t code_radix[MAX_SETS]
    const uint64_t *pattern_size      # by pattern code
    const uint8_t *pattern_counts     # by pattern code, MAX_SETS counts
    const uint64_t *config_offset     # config_count + 1 offsets, ascending
    const uint64_t *group_multiplier  # by configuration, four suit positions
    const uint8_t *group_length       # by configuration, four positions: the group starting there, or 0
    const uint16_t *config_codes      # by configuration, the four pattern codes in descending order
    const uint64_t *hash_keys         # open addressing: the packed codes, or EMPTY
    const uint32_t *hash_configs
    uint64_t hash_bits
    int config_count


cdef extern from *:
    """
    #define HOLDEM_EMPTY_SLOT 0xFFFFFFFFFFFFFFFFULL
    """
    const uint64_t EMPTY_SLOT "HOLDEM_EMPTY_SLOT"


cdef inline void exchange(uint64_t *k, int a, int b) noexcept nogil:
    """Put the larger of k[a] and k[b] first, without a branch (the order is unpredictable)."""
    cdef uint64_t x = k[a], y = k[b]
    k[a] = x if x > y else y
    k[b] = y if x > y else x


cdef inline void sort4(uint64_t *k) noexcept nogil:
    """Sort four keys in descending order (a sorting network of five exchanges)."""
    exchange(k, 0, 1)
    exchange(k, 2, 3)
    exchange(k, 0, 2)
    exchange(k, 1, 3)
    exchange(k, 1, 2)


cdef inline bint suit_keys(const Street *st, const uint8_t *cards, uint64_t *keys) noexcept nogil:
    """Each suit's pattern code (bits 40 up) and index among the masks of its pattern, sorted in
    descending order; False if a code is above 51 or a card repeats."""
    cdef uint32_t masks[4][MAX_SETS]
    cdef uint32_t used[4]
    cdef uint64_t index, radix, colex
    cdef uint32_t mask, low, seen, bit, code, rest, high_part
    cdef int s, j, c, position = 0, taken, total
    cdef uint8_t card
    used[0] = used[1] = used[2] = used[3] = 0
    for j in range(st.sets):
        masks[0][j] = masks[1][j] = masks[2][j] = masks[3][j] = 0
        for c in range(st.set_size[j]):
            card = cards[position]
            position += 1
            if card >= 52:
                return False
            bit = 1u << (card >> 2)
            if used[card & 3] & bit:
                return False
            used[card & 3] |= bit
            masks[card & 3][j] |= bit
    for s in range(4):
        seen = 0
        code = 0
        index = 0
        radix = 1
        total = 0
        for j in range(st.sets):
            mask = masks[s][j]
            taken = POPCOUNT[mask]
            code += taken * st.code_radix[j]
            # The mask among the ranks this suit has not used yet: each used rank
            # taken out, the ranks above it moved down.
            rest = seen
            while rest and mask:
                low = rest & (0 - rest)
                high_part = mask & (0 - (low << 1))
                mask = (mask & (low - 1)) | (high_part >> 1)
                rest = (rest ^ low) >> 1
            index += COLEX[mask] * radix
            radix *= BINOMIAL[13 - total][taken]
            total += taken
            seen |= masks[s][j]
        keys[s] = (<uint64_t>code << 40) | index
    sort4(keys)
    return True


cdef inline int64_t index_of(const Street *st, const uint8_t *cards) noexcept nogil:
    """The index of a street's cards, set by set; -1 if a code is above 51 or a card repeats."""
    cdef uint64_t keys[4]
    cdef uint64_t index, packed, slot, result
    cdef int c, t, g, i
    if not suit_keys(st, cards, keys):
        return -1
    packed = (keys[0] >> 40) << 48 | (keys[1] >> 40) << 32 | (keys[2] >> 40) << 16 | (keys[3] >> 40)
    slot = (packed * 0x9E3779B97F4A7C15ULL) >> (64 - st.hash_bits)
    while st.hash_keys[slot] != packed:
        if st.hash_keys[slot] == EMPTY_SLOT:
            return -1  # unreachable for valid cards: every configuration is in the table
        slot = (slot + 1) & ((1ULL << st.hash_bits) - 1)
    c = st.hash_configs[slot]
    result = st.config_offset[c]
    i = 0
    while i < 4:
        g = st.group_length[4 * c + i]
        index = 0
        for t in range(g):
            index += choose((keys[i + t] & 0xFFFFFFFFFFULL) + g - 1 - t, g - t)
        result += index * st.group_multiplier[4 * c + i]
        i += g
    return <int64_t>result


cdef inline uint32_t spread(uint32_t compressed, uint32_t seen) noexcept nogil:
    """Place the bits of ``compressed`` on the ranks not in ``seen``, lowest first."""
    cdef uint32_t result = 0
    cdef int rank, free_rank = 0
    for rank in range(13):
        if not seen >> rank & 1:
            if compressed >> free_rank & 1:
                result |= 1u << rank
            free_rank += 1
    return result


cdef inline void unindex_into(const Street *st, uint64_t index, uint8_t *out) noexcept nogil:
    """Write the canonical cards of an index (below the street's size), set by set, each set highest first."""
    cdef int low = 0, high = st.config_count - 1, middle, c, i, g, t, k, j, s, rank, position = 0
    cdef uint64_t rest, rank_in_group, size, remaining, lo, hi, mid, values[4], v, colex, width
    cdef uint32_t masks[4][MAX_SETS]
    cdef uint32_t seen
    cdef uint16_t code
    cdef int total
    while low < high:  # the last configuration whose offset is at most index
        middle = (low + high + 1) >> 1
        if st.config_offset[middle] <= index:
            low = middle
        else:
            high = middle - 1
    c = low
    rest = index - st.config_offset[c]
    i = 0
    while i < 4:
        g = st.group_length[4 * c + i]
        code = st.config_codes[4 * c + i]
        size = st.pattern_size[code]
        rank_in_group = (rest // st.group_multiplier[4 * c + i]) % choose(size + g - 1, g)
        remaining = rank_in_group
        for t in range(g):
            k = g - t
            lo = k - 1
            hi = size + k - 2
            while lo < hi:  # the largest w with C(w, k) <= remaining
                mid = (lo + hi + 1) >> 1
                if choose(mid, k) <= remaining:
                    lo = mid
                else:
                    hi = mid - 1
            remaining -= choose(lo, k)
            values[i + t] = lo - (k - 1)
        for t in range(g):
            v = values[i + t]
            seen = 0
            total = 0
            for j in range(st.sets):
                k = st.pattern_counts[MAX_SETS * code + j]
                width = BINOMIAL[13 - total][k]
                colex = v % width
                v //= width
                masks[i + t][j] = spread(UNCOLEX[k][colex], seen)
                seen |= masks[i + t][j]
                total += k
        i += g
    for j in range(st.sets):
        for rank in range(12, -1, -1):
            for s in range(3, -1, -1):
                if masks[s][j] >> rank & 1:
                    out[position] = rank * 4 + s
                    position += 1


cdef class StreetIndexer:
    """The index of one street's cards, in sets of the given sizes (``(2, 3)``: the flop, board as one set).

    >>> flop = StreetIndexer((2, 3))
    >>> flop.size
    1286792
    >>> flop.index(bytes([51, 47, 0, 21, 30])) == flop.index(bytes([50, 46, 1, 22, 29]))
    True
    """

    cdef Street street
    cdef readonly tuple set_sizes
    cdef readonly object size
    cdef object arrays  # the numpy arrays the street's pointers read

    def __init__(self, set_sizes):
        import numpy
        set_sizes = tuple(set_sizes)
        sets = len(set_sizes)
        code_radix = [math.prod(n + 1 for n in set_sizes[:j]) for j in range(sets)]
        code_count = math.prod(n + 1 for n in set_sizes)
        if code_count > MAX_CODES:
            raise IsomorphismError(
                f"sets of sizes {set_sizes} allow {code_count} suit patterns, more than the {MAX_CODES} supported"
            )
        # Every pattern (the ranks of one suit in each set) and the number of rank masks it allows.
        pattern_size = numpy.zeros(code_count, dtype=numpy.uint64)
        pattern_counts = numpy.zeros((code_count, MAX_SETS), dtype=numpy.uint8)
        patterns = []
        for code in range(code_count):
            counts = [code // code_radix[j] % (set_sizes[j] + 1) for j in range(sets)]
            if sum(counts) > 13:
                continue
            ways, used = 1, 0
            for taken in counts:
                ways *= math.comb(13 - used, taken)
                used += taken
            pattern_size[code] = ways
            pattern_counts[code, :sets] = counts
            patterns.append((code, tuple(counts), ways))
        patterns.sort(reverse=True)
        configurations = []

        def visit(first, remaining, chosen):
            if len(chosen) == 4:
                if not any(remaining):
                    configurations.append(tuple(chosen))
                    if len(configurations) > MAX_CONFIGURATIONS:
                        raise IsomorphismError(
                            f"sets of sizes {set_sizes} have more than {MAX_CONFIGURATIONS} suit configurations"
                        )
                return
            for place in range(first, len(patterns)):
                code, counts, ways = patterns[place]
                if all(taken <= left for taken, left in zip(counts, remaining)):
                    visit(place, [left - taken for taken, left in zip(counts, remaining)], chosen + [place])

        visit(0, list(set_sizes), [])
        count = len(configurations)
        offsets = [0]
        total = 0
        multipliers = numpy.zeros((count, 4), dtype=numpy.uint64)
        lengths = numpy.zeros((count, 4), dtype=numpy.uint8)
        codes = numpy.zeros((count, 4), dtype=numpy.uint16)
        for number, places in enumerate(configurations):
            multiplier = 1
            position = 0
            while position < 4:
                length = 1
                while position + length < 4 and places[position + length] == places[position]:
                    length += 1
                ways = patterns[places[position]][2]
                multipliers[number, position] = multiplier
                lengths[number, position] = length
                multiplier *= math.comb(ways + length - 1, length)
                position += length
            codes[number] = [patterns[place][0] for place in places]
            total += multiplier
            offsets.append(total)
            if total >= 1 << MAX_INDEX_BITS:
                raise IsomorphismError(
                    f"sets of sizes {set_sizes} have more than 2**{MAX_INDEX_BITS} classes: too many to index"
                )
        hash_bits = max(4, (4 * count).bit_length())
        hash_keys = numpy.full(1 << hash_bits, EMPTY_SLOT, dtype=numpy.uint64)
        hash_configs = numpy.zeros(1 << hash_bits, dtype=numpy.uint32)
        for number in range(count):
            packed = int(codes[number, 0]) << 48 | int(codes[number, 1]) << 32 | int(codes[number, 2]) << 16 | int(codes[number, 3])
            slot = ((packed * 0x9E3779B97F4A7C15) % (1 << 64)) >> (64 - hash_bits)
            while hash_keys[slot] != EMPTY_SLOT:
                slot = (slot + 1) % (1 << hash_bits)
            hash_keys[slot] = packed
            hash_configs[slot] = number
        config_offset = numpy.array(offsets, dtype=numpy.uint64)
        self.arrays = (pattern_size, pattern_counts, config_offset, multipliers, lengths, codes, hash_keys, hash_configs)
        self.set_sizes = set_sizes
        self.size = total
        self.street.sets = sets
        self.street.cards = sum(set_sizes)
        for j in range(sets):
            self.street.set_size[j] = set_sizes[j]
            self.street.code_radix[j] = code_radix[j]
        self.street.pattern_size = <const uint64_t *><size_t>pattern_size.ctypes.data
        self.street.pattern_counts = <const uint8_t *><size_t>pattern_counts.ctypes.data
        self.street.config_offset = <const uint64_t *><size_t>config_offset.ctypes.data
        self.street.group_multiplier = <const uint64_t *><size_t>multipliers.ctypes.data
        self.street.group_length = <const uint8_t *><size_t>lengths.ctypes.data
        self.street.config_codes = <const uint16_t *><size_t>codes.ctypes.data
        self.street.hash_keys = <const uint64_t *><size_t>hash_keys.ctypes.data
        self.street.hash_configs = <const uint32_t *><size_t>hash_configs.ctypes.data
        self.street.hash_bits = hash_bits
        self.street.config_count = count

    @property
    def cards(self):
        """The number of cards of the street."""
        return self.street.cards

    def index(self, const uint8_t[::1] cards):
        """The index of one row of checked codes (a bytes object or a uint8 array), or -1 if it is not valid cards."""
        if cards.shape[0] != self.street.cards:
            return -1
        return index_of(&self.street, &cards[0])

    def index_rows(self, const uint8_t[:, :] cards, int64_t[::1] out, Py_ssize_t start, Py_ssize_t stop):
        """Index rows start..stop of an (N, k) uint8 array (k at least the street's cards: its first k
        columns) into ``out`` without the GIL; return the first row that is not valid cards, or -1."""
        cdef Py_ssize_t row, stride = cards.strides[0], step = cards.strides[1], bad = -1
        cdef uint8_t buffer[64]
        cdef int j, width = self.street.cards
        cdef const uint8_t *base
        cdef Py_ssize_t end
        if stop <= start:
            return -1
        base = &cards[0, 0]
        while start < stop:
            end = min(stop, start + CHECK_ROWS)
            with nogil:
                for row in range(start, end):
                    if step == 1:
                        out[row] = index_of(&self.street, base + row * stride)
                    else:
                        for j in range(width):
                            buffer[j] = base[row * stride + j * step]
                        out[row] = index_of(&self.street, buffer)
                    if out[row] < 0 and bad < 0:
                        bad = row
            PyErr_CheckSignals()
            start = end
        return bad

    def unindex_rows(self, const uint64_t[::1] indices, uint8_t[:, ::1] out, Py_ssize_t start, Py_ssize_t stop):
        """Write the canonical cards of checked indices start..stop into ``out`` without the GIL."""
        cdef Py_ssize_t row, end
        while start < stop:
            end = min(stop, start + CHECK_ROWS)
            with nogil:
                for row in range(start, end):
                    unindex_into(&self.street, indices[row], &out[row, 0])
            PyErr_CheckSignals()
            start = end

    def unindex(self, uint64_t index):
        """The canonical cards of a checked index, as a tuple of codes."""
        cdef uint8_t out[64]
        unindex_into(&self.street, index, out)
        return tuple([out[j] for j in range(self.street.cards)])

    def class_sizes(self, const uint8_t[:, ::1] cards):
        """The number of hands in each row's class (rows of checked codes): 24 over the number of
        relabellings of the suits that leave the row's sets unchanged."""
        import numpy
        cdef Py_ssize_t row, rows = cards.shape[0]
        cdef int s, t, same
        cdef uint64_t keys[4]
        cdef uint64_t ways
        result = numpy.empty(rows, dtype=numpy.uint64)
        cdef uint64_t[::1] out = result
        with nogil:
            for row in range(rows):
                suit_keys(&self.street, &cards[row, 0], keys)
                ways = 24
                s = 0
                while s < 4:
                    same = 1
                    while s + same < 4 and keys[s + same] == keys[s]:
                        same += 1
                    for t in range(2, same + 1):
                        ways //= t
                    s += same
                out[row] = ways
        return result


# ------------------------------------------------------------------ features

cdef struct Sums:
    # Per row: random opponent (integers: a hand's value on a board is twice
    # its wins plus its ties, out of FULL) or a weighted range (doubles).
    uint64_t *value
    uint64_t *square
    uint64_t *histogram  # rows x bins
    uint64_t *boards
    double *share        # range: sum of weight x (wins + ties / 2)
    double *weight       # range: sum of the opponents' weight
    int bins


cdef void radix_sort(uint32_t *keys, uint32_t *spare, Py_ssize_t count) noexcept nogil:
    """Sort keys (rank << 11 | place) by rank: two passes over the 13 rank bits."""
    cdef Py_ssize_t counts[128]
    cdef Py_ssize_t i, total, c
    cdef int shift, digits, pass_number
    cdef uint32_t *source = keys
    cdef uint32_t *target = spare
    cdef uint32_t *swap
    for pass_number in range(2):
        shift = 11 if pass_number == 0 else 18
        digits = 128 if pass_number == 0 else 64
        memset(counts, 0, sizeof(counts))
        for i in range(count):
            counts[(source[i] >> shift) & (digits - 1)] += 1
        total = 0
        for i in range(digits):
            c = counts[i]
            counts[i] = total
            total += c
        for i in range(count):
            c = (source[i] >> shift) & (digits - 1)
            target[counts[c]] = source[i]
            counts[c] += 1
        swap = source
        source = target
        target = swap
    # two passes: the result is back in keys


cdef void score_board(
    const uint8_t *board, uint64_t weight, const double *opponent, bint ranged,
    const uint16_t *row_pairs, const uint32_t *row_slots, Py_ssize_t first_row, Py_ssize_t stop_row, Sums *sums,
) noexcept nogil:
    """Add one complete board, counted ``weight`` times, to the sums of rows first_row..stop_row
    (each row's sums are those of its slot)."""
    cdef uint16_t live[PAIRS]
    cdef uint8_t cards[2 * PAIRS]
    cdef uint16_t ranks[PAIRS]
    cdef uint32_t keys[PAIRS]
    cdef uint32_t spare[PAIRS]
    cdef double value[PAIRS]     # by pair id: twice the weight beaten plus the weight tied
    cdef double lower[52]        # the weight of the lower pairs holding each card
    cdef double tied[52]
    cdef double lower_all = 0, tied_all, w
    cdef uint64_t used = 0, v
    cdef Py_ssize_t count = 0, i, j, t, row, slot
    cdef int p, a, b, bins = sums.bins
    cdef uint32_t rank
    cdef uint8_t unseen[52]
    cdef int unseen_count = 0
    for i in range(5):
        used |= 1ULL << board[i]
    for a in range(52):
        if not used >> a & 1:
            unseen[unseen_count] = a
            unseen_count += 1
    for i in range(1, unseen_count):  # every pair of unseen cards, higher card first
        a = unseen[i]
        for j in range(i):
            b = unseen[j]
            live[count] = a * (a - 1) // 2 + b
            cards[2 * count] = a
            cards[2 * count + 1] = b
            count += 1
    rank_pairs_on_board(board, 5, cards, count, ranks)
    for i in range(count):
        keys[i] = (<uint32_t>ranks[i] << 11) | <uint32_t>i
    radix_sort(keys, spare, count)
    memset(lower, 0, sizeof(lower))
    memset(tied, 0, sizeof(tied))
    i = 0
    while i < count:
        rank = keys[i] >> 11
        j = i
        tied_all = 0
        while j < count and keys[j] >> 11 == rank:
            p = live[keys[j] & 2047]
            w = opponent[p]
            tied_all += w
            tied[PAIR_CARDS[2 * p]] += w
            tied[PAIR_CARDS[2 * p + 1]] += w
            j += 1
        for t in range(i, j):
            p = live[keys[t] & 2047]
            a = PAIR_CARDS[2 * p]
            b = PAIR_CARDS[2 * p + 1]
            value[p] = 2 * (lower_all - lower[a] - lower[b]) + (tied_all - tied[a] - tied[b] + opponent[p])
        for t in range(i, j):
            p = live[keys[t] & 2047]
            a = PAIR_CARDS[2 * p]
            b = PAIR_CARDS[2 * p + 1]
            w = opponent[p]
            lower_all += w
            lower[a] += w
            lower[b] += w
            tied[a] = 0
            tied[b] = 0
        i = j
    # After the pass lower_all and lower[] hold every live pair's weight.
    for row in range(first_row, stop_row):
        p = row_pairs[row]
        if PAIR_BITS[p] & used:
            continue
        slot = row_slots[row]
        if ranged:
            a = PAIR_CARDS[2 * p]
            b = PAIR_CARDS[2 * p + 1]
            sums.share[slot] += weight * value[p] * 0.5
            sums.weight[slot] += weight * (lower_all - lower[a] - lower[b] + opponent[p])
        else:
            v = <uint64_t>value[p]
            sums.value[slot] += weight * v
            sums.square[slot] += weight * v * v
            sums.histogram[slot * bins + min(v * bins // FULL, <uint64_t>(bins - 1))] += weight
            sums.boards[slot] += weight


cdef class FeatureSums:
    """The integer (or, against a range, floating) sums of the features of some slots, added up board by board.

    ``row_pairs`` gives each row's hole pair (id ``a * (a - 1) / 2 + b`` for
    codes a > b) and ``row_slots`` the slot (below ``slots``) its sums go to:
    rows of one class may share a slot.  For :meth:`add_runouts` rows are
    grouped by their partial board, ``row_start[g]`` .. ``row_start[g + 1]``
    the rows of group g.
    """

    cdef readonly object value, square, histogram, boards, share, weight
    cdef Sums sums
    cdef bint ranged
    cdef const double *opponent
    cdef const uint16_t *row_pairs
    cdef const uint32_t *row_slots
    cdef object inputs  # the arrays the pointers read

    def __init__(self, row_pairs, row_slots, Py_ssize_t slots, int bins, opponent, bint ranged):
        import numpy
        pairs_array = numpy.ascontiguousarray(row_pairs, dtype=numpy.uint16)
        slots_array = numpy.ascontiguousarray(row_slots, dtype=numpy.uint32)
        opponent_array = numpy.ascontiguousarray(opponent, dtype=numpy.float64)
        if len(pairs_array) != len(slots_array) or (len(slots_array) and slots_array.max() >= slots) or len(opponent_array) != PAIRS:
            raise ValueError("one slot below the slot count a row, and one opponent weight a hole pair")
        self.inputs = (pairs_array, slots_array, opponent_array)
        self.ranged = ranged
        self.value = numpy.zeros(slots, dtype=numpy.uint64)
        self.square = numpy.zeros(slots, dtype=numpy.uint64)
        self.histogram = numpy.zeros((slots, bins), dtype=numpy.uint64)
        self.boards = numpy.zeros(slots, dtype=numpy.uint64)
        self.share = numpy.zeros(slots, dtype=numpy.float64)
        self.weight = numpy.zeros(slots, dtype=numpy.float64)
        cdef uint64_t[::1] value = self.value, square = self.square, boards = self.boards
        cdef uint64_t[:, ::1] histogram = self.histogram
        cdef double[::1] share = self.share, weight = self.weight
        cdef const uint16_t[::1] pairs = pairs_array
        cdef const uint32_t[::1] row_slots_view = slots_array
        cdef const double[::1] opponent_view = opponent_array
        self.sums.value = &value[0] if slots else NULL
        self.sums.square = &square[0] if slots else NULL
        self.sums.histogram = &histogram[0, 0] if slots else NULL
        self.sums.boards = &boards[0] if slots else NULL
        self.sums.share = &share[0] if slots else NULL
        self.sums.weight = &weight[0] if slots else NULL
        self.sums.bins = bins
        self.row_pairs = &pairs[0] if len(pairs_array) else NULL
        self.row_slots = &row_slots_view[0] if len(slots_array) else NULL
        self.opponent = &opponent_view[0]

    def add_boards(self, const uint8_t[:, ::1] boards, const uint64_t[::1] weights, Py_ssize_t first_row, Py_ssize_t stop_row):
        """Add complete boards (rows of five codes), each counted its weight times, to rows first_row..stop_row."""
        cdef Py_ssize_t i
        with nogil:
            for i in range(boards.shape[0]):
                score_board(&boards[i, 0], weights[i], self.opponent, self.ranged, self.row_pairs, self.row_slots,
                            first_row, stop_row, &self.sums)

    def add_runouts(self, const uint8_t[:, ::1] partial, const int64_t[::1] row_start, Py_ssize_t first, Py_ssize_t stop):
        """Add every completion of the partial boards (rows of 3, 4 or 5 codes) of groups first..stop to their rows."""
        cdef Py_ssize_t g
        cdef int size = partial.shape[1], c, d, j
        cdef uint8_t board[5]
        cdef uint64_t used
        with nogil:
            for g in range(first, stop):
                used = 0
                for j in range(size):
                    board[j] = partial[g, j]
                    used |= 1ULL << board[j]
                if size == 5:
                    score_board(board, 1, self.opponent, self.ranged, self.row_pairs, self.row_slots, row_start[g], row_start[g + 1], &self.sums)
                    continue
                for c in range(52):
                    if used >> c & 1:
                        continue
                    board[size] = c
                    if size == 4:
                        score_board(board, 1, self.opponent, self.ranged, self.row_pairs, self.row_slots,
                                    row_start[g], row_start[g + 1], &self.sums)
                        continue
                    for d in range(c):
                        if used >> d & 1:
                            continue
                        board[4] = d
                        score_board(board, 1, self.opponent, self.ranged, self.row_pairs, self.row_slots,
                                    row_start[g], row_start[g + 1], &self.sums)
