# Equity loops for holdem.equity: exact enumeration and Monte Carlo sampling.
# Included at the end of _core.pyx, so that they call the evaluator and the
# generator directly.
#
# A deal gives every player one combo of their range (a known hand is a range
# of one combo) and completes the board.  Results are tallies: tally[p, k]
# adds up the (weighted) runouts in which player p shares the best hand with
# k - 1 others, and tally[p, 0] those in which p loses.
#
# Exact enumeration splits the boards by their ranks.  Without a flush a
# hand's rank depends on its cards' ranks alone, so every multiset of ranks the
# missing board cards can take is scored once, weighted by the number of ways
# to pick cards of those ranks.  Then each suit in which someone can still
# make a flush is dealt again: its cards one by one, the other cards by rank
# as before.  Those boards were scored as if nobody held a flush; they are
# scored again with the flushes and the first score is taken back.  A flush
# needs three board cards of its suit, so a board gives a flush in one suit
# at most and no board is corrected twice.

cdef enum:
    SAMPLED = 0
    GAVE_UP = 1
    INTERRUPTED = 2
    CHECK_REJECTIONS = (1 << 20) - 1  # rejected deals between two checks for Ctrl-C: about 20 ms


cdef extern from "Python.h":
    int signals_pending "PyErr_CheckSignals"() noexcept  # -1, the exception set, after Ctrl-C


cdef int raise_pending() except -1:
    """Propagate the exception already set (by PyErr_CheckSignals)."""
    return -1


cdef enum:
    MAX_PLAYERS = 10
    MAX_COMBOS = 0xFFFF  # combos in a matchup: two combo numbers pack into 32 bits
    MAX_REJECTIONS = 10000  # sampling gives up when fewer than one deal in this many fits

from libc.stdlib cimport calloc

cdef uint64_t BINOMIAL[5][5]
BINOMIAL[:] = [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]]


cdef struct Runout:
    # The state of one deal's enumeration, or of a run of samples.  Counts
    # are modular: taking back a score adds its weight's two's complement,
    # and every count ends as the true number of runouts.
    int players
    bint correcting         # scoring flush boards: count the real outcome, take back the plain one
    uint8_t avail[13]       # cards of each rank left to deal, those of the flush suit apart when correcting
    uint64_t hole_key[MAX_PLAYERS]
    uint64_t hole_mask[MAX_PLAYERS]
    uint16_t flush[MAX_PLAYERS]  # each player's flush rank with the flush suit's cards dealt, or 0
    uint64_t wins[1 << MAX_PLAYERS]   # runouts by the set of players sharing the pot, if listed
    uint8_t listed[1 << MAX_PLAYERS]  # whether a set is in sets
    uint16_t sets[1 << MAX_PLAYERS]   # the sets with runouts, in the order met
    int set_count


cdef inline void add_set(Runout *r, int winners, uint64_t weight) noexcept nogil:
    """Tally ``weight`` runouts won by the set of players ``winners``."""
    if not r.listed[winners]:
        r.listed[winners] = True
        r.sets[r.set_count] = winners
        r.set_count += 1
        r.wins[winners] = 0
    r.wins[winners] += weight


cdef inline void add_outcome(Runout *r, const uint16_t *ranks, uint64_t weight) noexcept nogil:
    """Tally one outcome, the players' ranks, for ``weight`` runouts."""
    cdef uint16_t best = 0
    cdef int p, winners = 0
    # The set of players holding the best rank, branch-free (the outcome is
    # unpredictable, a mispredicted branch costly): a better rank clears the
    # set, as winners & -1 keeps it and winners & 0 clears it.
    if r.players == 2:
        winners = (ranks[0] >= ranks[1]) | (ranks[1] >= ranks[0]) << 1
    else:
        for p in range(r.players):
            winners = (winners & (<int>(ranks[p] > best) - 1)) | <int>(ranks[p] >= best) << p
            best = max(best, ranks[p])
    add_set(r, winners, weight)


cdef inline void score(Runout *r, uint64_t key, uint64_t mask, uint64_t weight) noexcept nogil:
    """Tally one complete board of ``weight`` runouts."""
    cdef uint16_t ranks[MAX_PLAYERS]
    cdef uint16_t first, second
    cdef int p
    if r.players == 2:
        first = key_rank(key + r.hole_key[0], mask | r.hole_mask[0])
        second = key_rank(key + r.hole_key[1], mask | r.hole_mask[1])
        add_set(r, (first >= second) | (second >= first) << 1, weight)
        return
    for p in range(r.players):
        ranks[p] = key_rank(key + r.hole_key[p], mask | r.hole_mask[p])
    add_outcome(r, ranks, weight)


cdef inline void score_ranks(Runout *r, uint64_t key, uint64_t weight) noexcept nogil:
    """Tally the boards whose rank counters, board and dealt cards, are ``key``.

    ``key`` has no suit counters and the hole cards add at most two to a
    suit, so key_rank reads the ranks alone.  When correcting, the flush
    ranks replace the plain ones they beat (a flush leaves no room for a full
    house), and the plain outcome is taken back.
    """
    cdef uint16_t plain[MAX_PLAYERS]
    cdef uint16_t real[MAX_PLAYERS]
    cdef int p
    for p in range(r.players):
        plain[p] = key_rank(key + r.hole_key[p], 0)
    if r.correcting:
        for p in range(r.players):
            real[p] = max(plain[p], r.flush[p])
        add_outcome(r, real, weight)
        weight = 0 - weight
    add_outcome(r, plain, weight)


cdef void deal_ranks(Runout *r, uint64_t key, int rank, int left, uint64_t weight) noexcept nogil:
    """Score every multiset of ``left`` more ranks from ``rank`` up, weighted by the ways to deal it."""
    cdef int top, taken
    cdef uint64_t more
    if left == 0:
        score_ranks(r, key, weight)
        return
    if left == 1:
        for top in range(rank, 13):
            if r.avail[top]:
                score_ranks(r, key + (1ULL << 3 * top), weight * r.avail[top])
        return
    for top in range(rank, 13):
        more = key
        for taken in range(1, min(r.avail[top], left) + 1):
            more += 1ULL << 3 * top
            deal_ranks(r, more, top + 1, left - taken, weight * BINOMIAL[r.avail[top]][taken])


cdef void deal_flush(Runout *r, int suit, uint32_t unseen, uint32_t suited, uint64_t key, int rank,
                     int taken, int needed, int left) noexcept nogil:
    """Deal cards of ``suit`` (the ranks in ``unseen`` from ``rank`` up) and then the rest by rank.

    ``suited`` holds the ranks of the suit on the board so far; boards with
    at least ``needed`` new cards of the suit, the fewest that give someone a
    flush, are scored.
    """
    cdef int p, top
    if taken >= needed:
        for p in range(r.players):
            r.flush[p] = RANK_TABLE[FLUSH_SLOT + ((r.hole_mask[p] >> 16 * suit & 0x1FFF) | suited)]
        deal_ranks(r, key, 0, left - taken, 1)
    if taken == left:
        return
    for top in range(rank, 13):
        if unseen >> top & 1:
            deal_flush(r, suit, unseen, suited | 1u << top, key + (1ULL << 3 * top), top + 1,
                       taken + 1, needed, left)


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


cdef inline void deal_cards(uint8_t *live, int size, int count, uint32_t bits, uint64_t used, RngState *rng,
                            uint64_t *spare, uint64_t *key, uint64_t *mask, bint redraw) noexcept nogil:
    """Draw ``count`` cards of live[:size] to its front by a partial Fisher-Yates shuffle; add them to key and mask.

    The indices are the digits of the uniform fraction ``bits`` / 2**32 in the
    mixed radix size, size - 1, ...: each multiplication by a radix moves the
    next digit above the low 32 bits.  The digits are independent, so with
    ``redraw`` a card in ``used`` (held by a range's combo) can be replaced
    by a fresh draw for its place alone.
    """
    cdef uint64_t product
    cdef int i, j
    cdef uint8_t card
    for i in range(count):
        product = <uint64_t>bits * (size - i)
        bits = <uint32_t>product
        j = i + <int>(product >> 32)
        if redraw:
            while used >> live[j] & 1:
                j = i + below(rng, spare, size - i)
        card = live[j]
        live[j] = live[i]
        live[i] = card
        key[0] += CARD_KEY[card]
        mask[0] |= CARD_MASK[card]


cdef inline uint64_t slot_of(const uint64_t *keys, uint64_t slots, uint64_t key) noexcept nogil:
    """The slot of ``key`` in an open-addressing table of ``slots`` (a power of two): its own, or the empty one
    where it goes."""
    cdef uint64_t hashed = key * 0x9E3779B97F4A7C15ULL
    cdef uint64_t slot = (hashed ^ hashed >> 29) & (slots - 1)
    while keys[slot] and keys[slot] != key:
        slot = (slot + 1) & (slots - 1)
    return slot


cdef inline uint64_t state_key(int level, uint64_t state) noexcept nogil:
    """The table key of the cards ``state`` (bits 0 to 51) taken before ``level``: never 0."""
    return state | <uint64_t>(level + 1) << 52


cdef inline int bit_count(uint64_t bits) noexcept nogil:
    cdef int count = 0
    while bits:
        bits &= bits - 1
        count += 1
    return count


cdef uint64_t combo_bits(combo, int player) except? 0:
    """The two card bits of a ``(card, card, weight)`` combo; ValueError if it is not two distinct codes."""
    first, second = combo[0], combo[1]
    if not (type(first) is int and type(second) is int and 0 <= first < 52 and 0 <= second < 52) or first == second:
        raise ValueError(f"bad combo {combo!r} for player {player + 1}: use two distinct codes 0..51")
    return 1ULL << <int>first | 1ULL << <int>second


cdef class Matchup:
    """The players' combos, the board and the dead cards, ready for the equity loops.

    ``ranges`` holds one sequence per player of ``(card, card, weight)``
    combos, weights in (0, 1].  A player with one combo holds a known hand;
    the other players' combos touching it, the board or the dead cards are
    left out, and each player's weights are divided by the largest it keeps.
    :func:`holdem.equity` checks its arguments and builds this.

    >>> import numpy
    >>> matchup = Matchup([[(51, 50, 1.0)], [(47, 46, 0.5), (51, 47, 0.5)]], (0, 5, 10, 15, 20), ())
    >>> matchup.combo_counts, matchup.has_deal
    ((1, 1), True)
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
    cdef uint32_t *pairs             # two ranges: the pairs of their combos that share no card, or NULL
    cdef uint32_t pair_count
    # Direct draws (plan_direct): the players with more than one combo, drawn in this order; for
    # each level, the cards of the combos of the players from it on; and a table of the total
    # weight of the ways to complete a state (the cards taken by the players before a level that
    # matter to the later ones).  direct_keys is NULL when deals are drawn by rejection.
    cdef int direct_count
    cdef int direct_players[MAX_PLAYERS]
    cdef uint64_t direct_cards[MAX_PLAYERS + 1]
    cdef uint64_t *direct_keys
    cdef double *direct_weights
    cdef uint64_t direct_slots
    cdef int deal_found              # has_deal: -1 until known, then 0 or 1

    def __cinit__(self, ranges, board, dead):
        cdef int p, total, i = 0, card, first, second
        cdef double weight
        if not 2 <= len(ranges) <= MAX_PLAYERS:
            raise ValueError(f"a matchup has 2 to {MAX_PLAYERS} players, got {len(ranges)}")
        self.players = len(ranges)
        self.deal_found = -1
        total = sum(len(combos) for combos in ranges)
        if total > MAX_COMBOS:
            raise ValueError(f"a matchup holds at most {MAX_COMBOS} combos, got {total}")
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
            self.start[p] = i
            for combo in combos:
                bits = combo_bits(combo, p)
                first, second, weight = combo
                if not 0 < weight <= 1:
                    raise ValueError(f"bad weight in {combo!r} for player {p + 1}: use a number in (0, 1]")
                if bits & self.used:
                    continue
                self.hole_key[i] = CARD_KEY[first] + CARD_KEY[second]
                self.hole_mask[i] = CARD_MASK[first] | CARD_MASK[second]
                self.hole_bits[i] = bits
                self.hole_suits[i] = (1 << 4 * (first & 3)) + (1 << 4 * (second & 3))
                self.weight[i] = weight
                i += 1
        self.start[self.players] = i
        self.leave_out_known_hands()
        self.scale_weights()

    cdef void leave_out_known_hands(self) noexcept:
        """Drop the combos touching a known hand (a player's only combo) of another player.

        That can leave another player with one combo, a known hand in turn: repeat
        until nothing changes.
        """
        cdef int p, combo, begin, end, kept
        cdef uint64_t known, own
        cdef bint changed = True
        while changed:
            changed = False
            known = 0
            for p in range(self.players):
                if self.start[p + 1] - self.start[p] == 1:
                    known |= self.hole_bits[self.start[p]]
            kept = 0
            for p in range(self.players):
                begin, end = self.start[p], self.start[p + 1]
                own = self.hole_bits[begin] if end - begin == 1 else 0
                self.start[p] = kept
                for combo in range(begin, end):
                    if self.hole_bits[combo] & known & ~own:
                        changed = True
                        continue
                    self.hole_key[kept] = self.hole_key[combo]
                    self.hole_mask[kept] = self.hole_mask[combo]
                    self.hole_bits[kept] = self.hole_bits[combo]
                    self.hole_suits[kept] = self.hole_suits[combo]
                    self.weight[kept] = self.weight[combo]
                    kept += 1
            self.start[self.players] = kept

    cdef void scale_weights(self) noexcept:
        """Divide each player's weights by the largest, so that the largest is 1."""
        cdef int p, combo
        cdef double top
        for p in range(self.players):
            top = 0
            for combo in range(self.start[p], self.start[p + 1]):
                top = max(top, self.weight[combo])
            self.weighted[p] = False
            for combo in range(self.start[p], self.start[p + 1]):
                self.weight[combo] /= top
                self.weighted[p] |= self.weight[combo] < 1

    def __dealloc__(self):
        free(self.hole_key)
        free(self.hole_mask)
        free(self.hole_bits)
        free(self.hole_suits)
        free(self.weight)
        free(self.pairs)
        free(self.direct_keys)
        free(self.direct_weights)

    @property
    def combo_counts(self):
        """How many combos each player keeps."""
        return tuple(self.start[p + 1] - self.start[p] for p in range(self.players))

    @property
    def has_deal(self):
        """Whether some choice of one combo per player uses no card twice."""
        if self.deal_found < 0:
            self.deal_found = self.deal_exists((1 << self.players) - 1, 0)
        return self.deal_found == 1

    cdef bint deal_exists(self, int waiting, uint64_t used) noexcept:
        """Whether each player of the bit set ``waiting`` can take a combo clear of ``used`` and
        of the others'.

        Depth first, the player with the fewest combos that fit first; a branch ends as soon
        as a player has none, or the cards of the combos that fit are too few for everyone.
        """
        cdef int p, combo, fewest = 0, fitting, least = MAX_COMBOS + 1, players = 0
        cdef uint64_t cards = 0
        if not waiting:
            return True
        for p in range(self.players):
            if waiting >> p & 1:
                players += 1
                fitting = 0
                for combo in range(self.start[p], self.start[p + 1]):
                    if not used & self.hole_bits[combo]:
                        fitting += 1
                        cards |= self.hole_bits[combo]
                if fitting < least:
                    least, fewest = fitting, p
        if least == 0 or bit_count(cards) < 2 * players:
            return False
        for combo in range(self.start[fewest], self.start[fewest + 1]):
            if not used & self.hole_bits[combo] and self.deal_exists(
                waiting & ~(1 << fewest), used | self.hole_bits[combo]
            ):
                return True
        return False

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
        if not self.has_deal:
            raise ValueError("no deal gives every player a combo without sharing a card")
        cdef uint64_t fixed = self.used
        for p in range(self.players):
            if self.start[p + 1] - self.start[p] == 1:
                fixed |= self.hole_bits[self.start[p]]
        if 52 - bin(fixed).count("1") < 5 - self.board_size:
            raise ValueError("too few cards are left to complete the board")
        cdef int outcome
        with nogil:
            outcome = self.sample_deals(&rng.state, count, &tally[0, 0], tally.shape[1])
        if outcome == INTERRUPTED:
            raise_pending()
        if outcome == GAVE_UP:
            raise EquityError(
                f"fewer than one random deal in {MAX_REJECTIONS:,} gives every player a combo without "
                "sharing a card: the ranges overlap too much to sample, use exact=True"
            )

    def pair_ranges(self, uint64_t most):
        """With two ranges, list the pairs of their combos that share no card, if there
        are at most ``most`` pairs to look at; return whether it did.

        :meth:`sample` then draws a pair at once instead of two combos until
        they fit: worth its cost (about 1.5 ns a pair looked at) when the pairs
        are fewer than about twice the samples.
        """
        cdef int first = -1, second = -1, p, a, b
        cdef uint64_t size
        cdef uint32_t *pairs
        cdef uint32_t count
        for p in range(self.players):
            if self.start[p + 1] - self.start[p] > 1:
                if second >= 0:
                    return False
                if first < 0:
                    first = p
                else:
                    second = p
        if second < 0 or self.pairs:
            return self.pairs != NULL
        size = <uint64_t>(self.start[first + 1] - self.start[first]) * (self.start[second + 1] - self.start[second])
        if size > most:
            return False
        pairs = <uint32_t *>malloc(size * sizeof(uint32_t))
        if not pairs:
            raise MemoryError()
        count = 0
        for a in range(self.start[first], self.start[first + 1]):
            for b in range(self.start[second], self.start[second + 1]):
                if not self.hole_bits[a] & self.hole_bits[b]:
                    pairs[count] = <uint32_t>a | <uint32_t>b << 16  # combo numbers fit 16 bits: MAX_COMBOS
                    count += 1
        self.pair_count = count
        self.pairs = pairs  # last: a thread sampling meanwhile sees no pairs or all of them
        return True

    def plan_direct(self, uint64_t most_states, double accepted_below):
        """Draw the combos of deals directly, each deal in which no two players share a card with
        probability proportional to the product of its weights, when rejection would keep fewer
        than ``accepted_below`` of the deals it draws and at most ``most_states`` partial deals
        need counting; return whether it will.

        The count: for each player in turn and each set of cards the players before have taken
        (only those the later players' combos hold matter), the total weight of the ways to
        complete the deal.  A draw then picks each player's combo with probability its weight
        times the completions it leaves, over the total: the same law as rejection, which draws
        each combo by its weight and keeps the deals that fit.  With two ranges whose pairs are
        listed (:meth:`pair_ranges`) the pairs are drawn instead.
        """
        cdef int p, combo, level = 0
        cdef uint64_t slots = 1, room = most_states, work = most_states * 64
        cdef uint64_t *keys
        cdef double *weights
        cdef double total, drawn = 1, size, states = 0, ways = 1
        if self.pairs or self.direct_keys:
            return self.direct_keys != NULL
        for p in range(self.players):
            if self.start[p + 1] - self.start[p] > 1:
                self.direct_players[level] = p
                level += 1
        if level < 2:
            return False
        self.direct_count = level
        self.direct_cards[level] = 0
        while level:
            level -= 1
            self.direct_cards[level] = self.direct_cards[level + 1]
            p = self.direct_players[level]
            size = 0
            for combo in range(self.start[p], self.start[p + 1]):
                self.direct_cards[level] |= self.hole_bits[combo]
                size += self.weight[combo]
            drawn *= size
        # The states to table at each level: at most the ways to deal the players before it, and
        # the subsets of the cards that matter to the rest.
        for level in range(1, self.direct_count):
            ways *= self.start[self.direct_players[level - 1] + 1] - self.start[self.direct_players[level - 1]]
            states += min(ways, 2.0 ** bit_count(self.direct_cards[level]))
        if states > most_states:
            return False
        while slots < 2 * most_states:
            slots <<= 1
        keys = <uint64_t *>calloc(slots, sizeof(uint64_t))
        weights = <double *>malloc(slots * sizeof(double))
        if not keys or not weights:
            free(keys)
            free(weights)
            raise MemoryError()
        with nogil:
            total = self.completions(keys, weights, slots, 0, 0, &room, &work)
        if total < 0 or total >= accepted_below * drawn:
            free(keys)
            free(weights)
            return False
        self.direct_slots = slots
        self.direct_weights = weights
        self.direct_keys = keys  # last: a thread sampling meanwhile sees no table or all of it
        return True

    cdef double completions(self, uint64_t *keys, double *weights, uint64_t slots, int level, uint64_t state,
                            uint64_t *room, uint64_t *work) noexcept nogil:
        """The total weight of the ways the players from ``level`` on can take combos clear of
        ``state``, tabled; -1 once the table or the work allowed runs out."""
        cdef int p, combo
        cdef uint64_t slot, key
        cdef double total = 0, rest
        if level == self.direct_count:
            return 1
        key = state_key(level, state)
        slot = slot_of(keys, slots, key)
        if keys[slot]:
            return weights[slot]
        p = self.direct_players[level]
        for combo in range(self.start[p], self.start[p + 1]):
            if work[0] == 0:
                return -1
            work[0] -= 1
            if not state & self.hole_bits[combo]:
                rest = self.completions(
                    keys, weights, slots, level + 1, (state | self.hole_bits[combo]) & self.direct_cards[level + 1],
                    room, work,
                )
                if rest < 0:
                    return -1
                total += self.weight[combo] * rest
        if room[0] == 0:
            return -1
        room[0] -= 1
        slot = slot_of(keys, slots, key)  # the table has grown meanwhile
        keys[slot] = key
        weights[slot] = total
        return total

    cdef uint64_t draw_direct(self, Runout *r, RngState *rng) noexcept nogil:
        """Draw the ranged players' combos by the table of :meth:`plan_direct` into ``r``; return their cards."""
        cdef int level, p, combo, chosen
        cdef uint64_t state = 0, used = 0, after
        cdef double target, weight
        for level in range(self.direct_count):
            p = self.direct_players[level]
            target = uniform(rng) * self.direct_weights[
                slot_of(self.direct_keys, self.direct_slots, state_key(level, state))
            ]
            chosen = -1
            for combo in range(self.start[p], self.start[p + 1]):
                if state & self.hole_bits[combo]:
                    continue
                after = (state | self.hole_bits[combo]) & self.direct_cards[level + 1]
                weight = self.weight[combo]
                if level + 1 < self.direct_count:
                    weight *= self.direct_weights[
                        slot_of(self.direct_keys, self.direct_slots, state_key(level + 1, after))
                    ]
                if weight > 0:
                    chosen = combo  # the last that can be completed, should rounding leave target above all
                    if target < weight:
                        break
                    target -= weight
            used |= self.hole_bits[chosen]
            state = (state | self.hole_bits[chosen]) & self.direct_cards[level + 1]
            r.hole_key[p] = self.hole_key[chosen]
            r.hole_mask[p] = self.hole_mask[chosen]
        return used

    cdef check_tally(self, double[:, ::1] tally):
        if tally.shape[0] != self.players or tally.shape[1] != self.players + 1:
            raise ValueError(f"tally must have shape ({self.players}, {self.players + 1})")
        if not self.deals:
            raise ValueError("a player has no combo left")

    cdef void add_counts(self, Runout *r, double weight, double *tally, Py_ssize_t width) noexcept nogil:
        """Add the runouts tallied in ``r``, times ``weight``, to ``tally``; clear ``r``."""
        cdef int i, p, winners, sharing
        for i in range(r.set_count):
            winners = r.sets[i]
            sharing = 0
            for p in range(self.players):
                sharing += winners >> p & 1
            for p in range(self.players):
                tally[p * width + (sharing if winners >> p & 1 else 0)] += r.wins[winners] * weight
            r.listed[winners] = False
        r.set_count = 0

    cdef void enumerate_board(self, Runout *r, uint64_t used, const int *choice) noexcept nogil:
        """Tally every way to complete the board, the players' cards and the dead cards in ``used``."""
        cdef int left = 5 - self.board_size, card, rank, suit, p, most, needed
        cdef uint64_t key = self.board_key & RANK_BITS
        cdef uint32_t unseen[4]             # the ranks of each suit left to deal
        memset(r.avail, 0, sizeof(r.avail))
        memset(unseen, 0, sizeof(unseen))
        for card in range(52):
            if not used >> card & 1:
                r.avail[card >> 2] += 1
                unseen[card & 3] |= 1u << (card >> 2)
        r.correcting = False
        deal_ranks(r, key, 0, left, 1)
        r.correcting = True
        for suit in range(4):
            most = 0
            for p in range(self.players):
                most = max(most, self.hole_suits[self.start[p] + choice[p]] >> 4 * suit & 15)
            needed = 5 - self.board_suits[suit] - most
            if needed > left:
                continue
            for rank in range(13):
                r.avail[rank] -= unseen[suit] >> rank & 1
            deal_flush(r, suit, unseen[suit], self.board_mask >> 16 * suit & 0x1FFF, key, 0, 0, needed, left)
            for rank in range(13):
                r.avail[rank] += unseen[suit] >> rank & 1

    cdef uint64_t enumerate_deals(self, uint64_t first, uint64_t stop, double *tally, Py_ssize_t width) noexcept nogil:
        cdef Runout r
        cdef int choice[MAX_PLAYERS]
        cdef int p, size, combo
        cdef uint64_t deal, rest = first, used, deals = 0
        cdef double weight
        r.players = self.players
        r.correcting = False
        r.set_count = 0
        memset(r.listed, 0, sizeof(r.listed))
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
                    self.enumerate_board(&r, used, choice)
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

    cdef int sample_deals(self, RngState *rng, Py_ssize_t count, double *tally, Py_ssize_t width) noexcept nogil:
        """Tally ``count`` runouts: SAMPLED, or GAVE_UP when deals are rejected too often, or
        INTERRUPTED by a signal (Ctrl-C), checked while rejections pile up."""
        cdef Runout r
        cdef uint8_t live[52]
        cdef int ranged[MAX_PLAYERS]     # the players with more than one combo
        cdef int live_size = 0, left = 5 - self.board_size, ranged_count = 0
        cdef int p, i, size, combo, other, card
        cdef uint64_t fixed = self.used, used, key, mask, spare = 0, boards = 1
        cdef uint32_t bits, threshold, pair
        cdef bint dealt, direct = self.direct_keys != NULL
        cdef int one_by_one  # the players whose combos are drawn one at a time
        cdef Py_ssize_t n, rejected = 0
        r.players = self.players
        r.correcting = False
        r.set_count = 0
        memset(r.listed, 0, sizeof(r.listed))
        for p in range(self.players):
            combo = self.start[p]
            if self.start[p + 1] - combo == 1:
                fixed |= self.hole_bits[combo]
                r.hole_key[p] = self.hole_key[combo]
                r.hole_mask[p] = self.hole_mask[combo]
            else:
                ranged[ranged_count] = p
                ranged_count += 1
        for card in range(52):
            if not fixed >> card & 1:
                live[live_size] = card
                live_size += 1
        # An ordered draw of the board from the live cards is one number
        # below boards = live_size * (live_size - 1) * ... (under 2**32),
        # drawn unbiased by Lemire's multiply and reject; its digits in that
        # mixed radix are the Fisher-Yates indices.  The ranges' combos are
        # drawn first; board cards they hold are drawn again.
        for i in range(left):
            boards *= live_size - i
        threshold = (1ULL << 32) % boards
        one_by_one = 0 if self.pairs or direct else ranged_count
        n = 0
        while n < count:
            used = fixed
            dealt = True
            if direct:
                used |= self.draw_direct(&r, rng)
            elif self.pairs:
                pair = self.pairs[below(rng, &spare, self.pair_count)]
                combo, other = pair & 0xFFFF, pair >> 16
                if (self.weighted[ranged[0]] or self.weighted[ranged[1]]) and (
                    uniform(rng) >= self.weight[combo] * self.weight[other]
                ):
                    dealt = False
                used |= self.hole_bits[combo] | self.hole_bits[other]
                r.hole_key[ranged[0]] = self.hole_key[combo]
                r.hole_mask[ranged[0]] = self.hole_mask[combo]
                r.hole_key[ranged[1]] = self.hole_key[other]
                r.hole_mask[ranged[1]] = self.hole_mask[other]
            for i in range(one_by_one if dealt else 0):
                p = ranged[i]
                size = self.start[p + 1] - self.start[p]
                combo = self.start[p] + below(rng, &spare, size)
                while self.weighted[p] and uniform(rng) >= self.weight[combo]:
                    combo = self.start[p] + below(rng, &spare, size)
                if used & self.hole_bits[combo]:
                    dealt = False
                    break
                used |= self.hole_bits[combo]
                r.hole_key[p] = self.hole_key[combo]
                r.hole_mask[p] = self.hole_mask[combo]
            if not dealt:
                rejected += 1
                if rejected > MAX_REJECTIONS * (n + 1):
                    self.add_counts(&r, 1, tally, width)
                    return GAVE_UP
                if not rejected & CHECK_REJECTIONS:
                    with gil:
                        if signals_pending() < 0:
                            return INTERRUPTED
                continue
            key = self.board_key
            mask = self.board_mask
            if left:
                bits = next_half(rng, &spare)
                while <uint32_t>(<uint64_t>bits * boards) < threshold:
                    bits = next_half(rng, &spare)
                if ranged_count:
                    deal_cards(live, live_size, left, bits, used, rng, &spare, &key, &mask, True)
                elif left == 5:  # known hands preflop: the loop unrolled
                    deal_cards(live, live_size, 5, bits, used, rng, &spare, &key, &mask, False)
                else:
                    deal_cards(live, live_size, left, bits, used, rng, &spare, &key, &mask, False)
            score(&r, key, mask, 1)
            n += 1
        self.add_counts(&r, 1, tally, width)
        return SAMPLED
