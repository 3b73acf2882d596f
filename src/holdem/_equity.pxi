# Equity loops for holdem.equity: exact enumeration and Monte Carlo sampling.
# Included at the end of _core.pyx, so that they call the evaluator and the
# generator directly.
#
# A deal gives every player one combo of their range (a known hand is a range
# of one combo) and completes the board.  Results are tallies: tally[p, k]
# adds up the (weighted) runouts in which player p shares the best hand with
# k - 1 others, and tally[p, 0] those in which p loses.
#
# Exact enumeration deals the board card by card, adding each card's key to
# the key of the board so far.  A suit that can no longer give anyone a flush
# (the most cards of it any player holds, plus the cards still to come, is
# below five) is irrelevant: the cards of such suits are interchangeable
# within a rank, so they are dealt as one group, once for each number of them
# taken, weighted by the number of ways to choose that many.

from libc.math cimport sqrt

cdef enum:
    MAX_PLAYERS = 10
    TALLY_WIDTH = MAX_PLAYERS + 1

cdef uint64_t BINOMIAL[5][5]
BINOMIAL[:] = [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]]


cdef struct Runout:
    # The state of one deal's board enumeration: the players' hole cards and
    # the cards left to deal.
    int players
    int deck_size
    uint8_t deck[52]
    int suit_most[4]        # the most cards of each suit any player holds, board included
    uint64_t hole_key[MAX_PLAYERS]
    uint64_t hole_mask[MAX_PLAYERS]
    uint64_t counts[MAX_PLAYERS * TALLY_WIDTH]
    uint64_t duel[3]        # heads-up: the first player wins, they tie, the second wins


cdef inline void score(Runout *r, uint64_t key, uint64_t mask, uint64_t weight) noexcept nogil:
    """Tally one complete board of ``weight`` runouts."""
    cdef uint16_t ranks[MAX_PLAYERS]
    cdef uint16_t best = 0, first, second
    cdef int p, winners = 0
    if r.players == 2:
        # Branch-free: the outcome is unpredictable, a mispredicted branch costly.
        first = key_rank(key + r.hole_key[0], mask | r.hole_mask[0])
        second = key_rank(key + r.hole_key[1], mask | r.hole_mask[1])
        r.duel[(first < second) - (first > second) + 1] += weight
        return
    for p in range(r.players):
        ranks[p] = key_rank(key + r.hole_key[p], mask | r.hole_mask[p])
        if ranks[p] > best:
            best = ranks[p]
            winners = 1
        elif ranks[p] == best:
            winners += 1
    for p in range(r.players):
        r.counts[p * TALLY_WIDTH + (winners if ranks[p] == best else 0)] += weight


cdef void deal_last(Runout *r, uint64_t key, uint64_t mask, int start, uint64_t weight) noexcept nogil:
    """Score every way to add the last board card from deck[start:]."""
    cdef int i = start, group, rank
    cdef uint8_t card, plain
    while i < r.deck_size:
        rank = r.deck[i] >> 2
        group = 0
        while i < r.deck_size and r.deck[i] >> 2 == rank:
            card = r.deck[i]
            if r.suit_most[card & 3] < 4:
                plain = card
                group += 1
            else:
                score(r, key + CARD_KEY[card], mask | CARD_MASK[card], weight)
            i += 1
        if group:
            score(r, key + CARD_KEY[plain], mask | CARD_MASK[plain], weight * group)


cdef void deal_board(Runout *r, uint64_t key, uint64_t mask, int left, int start, uint64_t weight) noexcept nogil:
    """Score every way to add ``left`` cards of deck[start:] to the board in key and mask."""
    cdef int i = start, j, group, taken, suit, rank
    cdef uint8_t card
    cdef uint64_t group_key, group_mask
    if left == 1:
        deal_last(r, key, mask, start, weight)
        return
    while i <= r.deck_size - left:
        card = r.deck[i]
        suit = card & 3
        rank = card >> 2
        if r.suit_most[suit] + left < 5:
            # Gather this rank's cards of irrelevant suits at deck[i:i + group].
            group = 1
            for j in range(i + 1, r.deck_size):
                if r.deck[j] >> 2 != rank:
                    break
                if r.suit_most[r.deck[j] & 3] + left < 5:
                    card = r.deck[j]
                    r.deck[j] = r.deck[i + group]
                    r.deck[i + group] = card
                    group += 1
            group_key = key
            group_mask = mask
            for taken in range(1, min(group, left) + 1):
                card = r.deck[i + taken - 1]
                group_key += CARD_KEY[card]
                group_mask |= CARD_MASK[card]
                if taken == left:
                    score(r, group_key, group_mask, weight * BINOMIAL[group][taken])
                else:
                    deal_board(r, group_key, group_mask, left - taken, i + group,
                               weight * BINOMIAL[group][taken])
            i += group
        else:
            r.suit_most[suit] += 1
            deal_board(r, key + CARD_KEY[card], mask | CARD_MASK[card], left - 1, i + 1, weight)
            r.suit_most[suit] -= 1
            i += 1


cdef inline double uniform(RngState *rng) noexcept nogil:
    return (random_bits(rng) >> 11) * (1.0 / 9007199254740992.0)


cdef inline uint32_t next_half(RngState *rng, uint64_t *spare) noexcept nogil:
    """32 random bits: each 64-bit draw serves twice, its low half kept in ``spare``."""
    cdef uint64_t bits
    if spare[0]:
        bits = spare[0]
        spare[0] = 0
        return <uint32_t>bits
    bits = random_bits(rng)
    spare[0] = (bits & 0xFFFFFFFFULL) | (1ULL << 32)
    return <uint32_t>(bits >> 32)


cdef inline uint32_t below(RngState *rng, uint64_t *spare, uint32_t bound) noexcept nogil:
    """An unbiased integer in [0, bound): Lemire's multiply and reject, as random_below, on half draws."""
    cdef uint64_t product = <uint64_t>next_half(rng, spare) * bound
    cdef uint32_t threshold
    if <uint32_t>product < bound:
        threshold = (<uint32_t>(0 - bound)) % bound
        while <uint32_t>product < threshold:
            product = <uint64_t>next_half(rng, spare) * bound
    return <uint32_t>(product >> 32)


cdef class Matchup:
    """The players' combos, the board and the dead cards, ready for the equity loops.

    ``ranges`` holds one list per player of ``(card, card, weight)`` combos,
    none of them touching the board or the dead cards, weights in (0, 1].
    :func:`holdem.equity` checks its arguments and builds this.

    >>> import numpy
    >>> matchup = Matchup([[(51, 50, 1.0)], [(47, 46, 1.0)]], (0, 5, 10, 15, 20), ())
    >>> tally = numpy.zeros((2, 3))
    >>> matchup.enumerate(0, 1, tally), tally.tolist()
    (1, [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])
    """

    cdef int players
    cdef int board_size
    cdef uint64_t board_key, board_mask
    cdef uint64_t used               # one bit per card on the board or dead
    cdef int board_suits[4]          # the board's cards of each suit
    cdef int start[MAX_PLAYERS + 1]  # player p's combos are start[p] .. start[p + 1] - 1
    cdef bint weighted[MAX_PLAYERS]
    cdef uint64_t *hole_key
    cdef uint64_t *hole_mask
    cdef uint64_t *hole_bits
    cdef uint16_t *hole_suits        # per combo: four 4-bit counts of cards by suit
    cdef double *weight

    def __cinit__(self, ranges, board, dead):
        cdef int p, total, i = 0, card
        if not 2 <= len(ranges) <= MAX_PLAYERS:
            raise ValueError(f"a matchup has 2 to {MAX_PLAYERS} players, got {len(ranges)}")
        self.players = len(ranges)
        total = sum(len(combos) for combos in ranges)
        self.hole_key = <uint64_t *>malloc(total * sizeof(uint64_t))
        self.hole_mask = <uint64_t *>malloc(total * sizeof(uint64_t))
        self.hole_bits = <uint64_t *>malloc(total * sizeof(uint64_t))
        self.hole_suits = <uint16_t *>malloc(total * sizeof(uint16_t))
        self.weight = <double *>malloc(total * sizeof(double))
        if not (self.hole_key and self.hole_mask and self.hole_bits and self.hole_suits and self.weight):
            raise MemoryError()
        self.used = 0
        for card in tuple(board) + tuple(dead):
            self.used |= 1ULL << card
        self.board_size = len(board)
        self.board_key = HAND_KEY_INIT
        self.board_mask = 0
        for card in board:
            self.board_suits[card & 3] += 1
            self.board_key += CARD_KEY[card]
            self.board_mask |= CARD_MASK[card]
        for p, combos in enumerate(ranges):
            if not combos:
                raise ValueError(f"player {p + 1} has no combo")
            self.start[p] = i
            self.weighted[p] = False
            for first, second, weight in combos:
                if not (0 < weight <= 1) or (1ULL << first | 1ULL << second) & self.used or first == second:
                    raise ValueError(f"bad combo {(first, second, weight)!r} for player {p + 1}")
                self.hole_key[i] = CARD_KEY[first] + CARD_KEY[second]
                self.hole_mask[i] = CARD_MASK[first] | CARD_MASK[second]
                self.hole_bits[i] = 1ULL << first | 1ULL << second
                self.hole_suits[i] = (1 << 4 * (first & 3)) + (1 << 4 * (second & 3))
                self.weight[i] = weight
                self.weighted[p] |= weight < 1
                i += 1
        self.start[self.players] = i

    def __dealloc__(self):
        free(self.hole_key)
        free(self.hole_mask)
        free(self.hole_bits)
        free(self.hole_suits)
        free(self.weight)

    @property
    def deals(self):
        """The number of ways to pick one combo per player, overlapping or not."""
        count = 1
        for p in range(self.players):
            count *= self.start[p + 1] - self.start[p]
        return count

    def enumerate(self, uint64_t first, uint64_t stop, double[:, ::1] tally):
        """Add up every runout of deals ``first`` to ``stop - 1`` into ``tally``.

        Deal number d picks combo d % n0 of player 0 (of n0), then (d // n0) %
        n1 of player 1, and so on.  Returns the number of those deals in which
        no two players share a card.
        """
        self.check_tally(tally)
        if stop > self.deals:
            raise ValueError(f"deals run from 0 to {self.deals}, got stop={stop}")
        cdef uint64_t deals
        with nogil:
            deals = self.enumerate_deals(first, stop, &tally[0, 0], tally.shape[1])
        return deals

    def sample(self, Rng rng, Py_ssize_t count, double[:, ::1] tally):
        """Add up ``count`` random runouts drawn with ``rng`` into ``tally``."""
        self.check_tally(tally)
        with nogil:
            self.sample_deals(&rng.state, count, &tally[0, 0], tally.shape[1])

    cdef check_tally(self, double[:, ::1] tally):
        if tally.shape[0] != self.players or tally.shape[1] != self.players + 1:
            raise ValueError(f"tally must have shape ({self.players}, {self.players + 1})")

    cdef void add_counts(self, Runout *r, double weight, double *tally, Py_ssize_t width) noexcept nogil:
        cdef int p, k
        if self.players == 2:
            r.counts[1] += r.duel[0]
            r.counts[TALLY_WIDTH] += r.duel[0]
            r.counts[2] += r.duel[1]
            r.counts[TALLY_WIDTH + 2] += r.duel[1]
            r.counts[0] += r.duel[2]
            r.counts[TALLY_WIDTH + 1] += r.duel[2]
            r.duel[0] = r.duel[1] = r.duel[2] = 0
        for p in range(self.players):
            for k in range(self.players + 1):
                tally[p * width + k] += r.counts[p * TALLY_WIDTH + k] * weight
                r.counts[p * TALLY_WIDTH + k] = 0

    cdef uint64_t enumerate_deals(self, uint64_t first, uint64_t stop, double *tally, Py_ssize_t width) noexcept nogil:
        cdef Runout r
        cdef int choice[MAX_PLAYERS]
        cdef int p, s, card, size, combo
        cdef uint64_t deal, rest = first, used, deals = 0
        cdef double weight
        memset(&r, 0, sizeof(Runout))
        r.players = self.players
        for p in range(self.players):
            size = self.start[p + 1] - self.start[p]
            choice[p] = rest % size
            rest //= size
        for deal in range(first, stop):
            used = self.used
            weight = 1
            for p in range(self.players):
                combo = self.start[p] + choice[p]
                if used & self.hole_bits[combo]:
                    break
                used |= self.hole_bits[combo]
                weight *= self.weight[combo]
                r.hole_key[p] = self.hole_key[combo]
                r.hole_mask[p] = self.hole_mask[combo]
            else:
                if self.board_size == 5:
                    score(&r, self.board_key, self.board_mask, 1)
                else:
                    for s in range(4):
                        r.suit_most[s] = 0
                        for p in range(self.players):
                            r.suit_most[s] = max(r.suit_most[s],
                                                 self.hole_suits[self.start[p] + choice[p]] >> 4 * s & 15)
                        r.suit_most[s] += self.board_suits[s]
                    r.deck_size = 0
                    for card in range(52):
                        if not used >> card & 1:
                            r.deck[r.deck_size] = card
                            r.deck_size += 1
                    deal_board(&r, self.board_key, self.board_mask, 5 - self.board_size, 0, 1)
                deals += 1
                self.add_counts(&r, weight, tally, width)
            p = 0
            while p < self.players:
                choice[p] += 1
                if choice[p] < self.start[p + 1] - self.start[p]:
                    break
                choice[p] = 0
                p += 1
        return deals

    cdef void sample_deals(self, RngState *rng, Py_ssize_t count, double *tally, Py_ssize_t width) noexcept nogil:
        cdef Runout r
        cdef uint8_t live[52]
        cdef int live_size = 0, p, i, j, size, combo, card
        cdef uint64_t fixed = self.used, used, key, mask, spare = 0
        cdef Py_ssize_t n
        memset(&r, 0, sizeof(Runout))
        r.players = self.players
        # Known hands are never dealt from the live cards; range combos are
        # drawn first, then board cards they hold are drawn again.
        for p in range(self.players):
            if self.start[p + 1] - self.start[p] == 1:
                fixed |= self.hole_bits[self.start[p]]
        for card in range(52):
            if not fixed >> card & 1:
                live[live_size] = card
                live_size += 1
        n = 0
        while n < count:
            used = fixed
            for p in range(self.players):
                size = self.start[p + 1] - self.start[p]
                combo = self.start[p]
                if size > 1:
                    combo += below(rng, &spare, size)
                    while self.weighted[p] and uniform(rng) >= self.weight[combo]:
                        combo = self.start[p] + below(rng, &spare, size)
                    if used & self.hole_bits[combo]:
                        break
                    used |= self.hole_bits[combo]
                r.hole_key[p] = self.hole_key[combo]
                r.hole_mask[p] = self.hole_mask[combo]
            else:
                key = self.board_key
                mask = self.board_mask
                for i in range(5 - self.board_size):
                    j = i + below(rng, &spare, live_size - i)
                    while used >> live[j] & 1:
                        j = i + below(rng, &spare, live_size - i)
                    card = live[j]
                    live[j] = live[i]
                    live[i] = card
                    key += CARD_KEY[card]
                    mask |= CARD_MASK[card]
                score(&r, key, mask, 1)
                n += 1
        self.add_counts(&r, 1, tally, width)
