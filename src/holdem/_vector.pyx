# Many independent hands held in C structs and stepped together: the core of
# holdem.vector.VectorGame.  One decision a table per step; a table whose hand
# ends deals the next one at once.  Every rule of play is the engine's
# (_engine.pxi, which holdem.Hand plays by too); this file keeps what
# batching needs: the tables' arrays, the step and observe loops, the
# streams of cards, the restocking of short seats and each table's last hand.
# Compiler directives are set in setup.py.

cimport cython
from cpython.buffer cimport PyBUF_FORMAT, PyBUF_STRIDES, PyBuffer_IsContiguous, PyBuffer_Release, PyObject_GetBuffer
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport strchr

from holdem._core cimport Rng, RngState, drawn_below, drawn_below_wide, prefetch, rank_of_cards, splitmix64
from holdem._engine cimport *

from numpy import ndarray

from holdem.errors import InvalidArrayError
from holdem.limits import MAX_CHIPS

include "_engine.pxi"

cdef int64_t _MAX_CHIPS = MAX_CHIPS

__all__ = ["VectorCore"]

cdef enum:
    FOLD = 0
    CHECK_OR_CALL = 1
    RAISE = 2

cdef enum:
    FOLDED = -1                     # a decision's code: a fold, a check or call, else the raise-to total
    CHECKED_OR_CALLED = 0
    FIRST_DECISIONS = 16            # the decisions a table's buffers hold before they grow
    AHEAD = 8                       # a step starts reading a table this many tables before playing it,
    PREFETCH_FROM = 1 << 20         # when the tables take more bytes than this (a core's L2 cache, about)

cdef uint64_t GOLDEN_GAMMA = 0x9E3779B97F4A7C15ULL  # SplitMix64's step


ctypedef struct Decisions:
    int64_t *codes                  # one a decision: FOLDED, CHECKED_OR_CALLED or the raise-to total (at least 1)
    Py_ssize_t size, capacity
    bint lost                       # a decision could not be kept (memory ran out): the record is not whole


ctypedef struct Options:
    # What the seat to act at a table may do, cached between steps; kept apart from the tables, so that
    # checking a step's decisions reads 32 bytes a table (all of them stay in cache for the step after).
    int64_t call, low, high         # the chips to call and the raise-to bounds (0, 0: no raise)
    unsigned int kinds              # the kinds allowed, a bit each (1 << FOLD, 1 << CHECK_OR_CALL, 1 << RAISE)


ctypedef struct Table:
    # What a step reads first: the betting, the deck and the hand's decisions (and the last hand's,
    # which a hand's end swaps with them: a table's memory, read at once).
    Betting b
    int next_card                   # the position after the last card dealt
    int board_size
    int board[5]                    # -1 for a card not dealt yet
    uint8_t cards[52]               # the deck, laid out as the engine deals it
    Decisions played
    Decisions last_played           # the decisions of the last hand finished
    int64_t starting[MAX_SEATS]     # the stacks before the hand
    RngState rng


ctypedef struct Kept:
    # What a table keeps of the last hand finished apart from what each step reads (a hand's end
    # only writes it): its deck and stacks before.
    bint finished
    uint8_t cards[52]
    int64_t starting[MAX_SEATS]


ctypedef struct Runs:
    # The other runs' boards of a table's hand, kept only when the board may run more than once.
    int count
    int boards[MAX_BOARDS][5]


ctypedef struct Seen:
    # The arrays of an observation, in VectorObservation's order, one row a table (C-contiguous,
    # their shapes checked): what see() writes a table's row of.
    int8_t *actor
    int8_t *button
    int8_t *position
    int8_t *street
    int8_t *hole_cards              # 2 a table
    int8_t *board                   # 5 a table
    int64_t *stacks                 # a seat's a table
    int64_t *bets
    uint8_t *folded
    int64_t *pot
    uint8_t *legal                  # 3 a table
    int64_t *call
    int64_t *min_raise_to
    int64_t *max_raise_to


@cython.final  # cdef methods called directly, not through a table of pointers
cdef class VectorCore:
    """``count`` tables of ``players`` seats playing ``rules``, from table ``first_table``: see
    :class:`holdem.vector.VectorGame`, which checks the arguments."""

    cdef Table *tables
    cdef Options *options               # table i's are options[i]
    cdef Kept *kept                     # table i's is kept[i]
    cdef Runs *runs                     # table i's are runs[i]; NULL when the board runs once
    cdef readonly Py_ssize_t count
    cdef readonly int players
    cdef EngineRules er
    cdef int64_t straddles[MAX_SEATS]
    cdef int straddle_count
    cdef int64_t top_straddle, stack, short_stack
    cdef bint carry
    cdef bint prefetching               # too many tables to stay in cache from one step to the next

    def __cinit__(self, rules, int players, Py_ssize_t count, tuple straddles, int64_t stack, bint carry,
                  uint64_t seed, uint64_t first_table):
        cdef Py_ssize_t index
        cdef uint64_t mixer
        cdef int word, card
        cdef Table *table
        if not 2 <= players <= MAX_SEATS or count < 1 or len(straddles) > MAX_SEATS:
            raise InvalidArrayError(f"{players} players at {count} tables: use 2 to {MAX_SEATS} players, 1 table or more")
        read_rules(rules, &self.er)
        self.tables = <Table *>calloc(count, sizeof(Table))
        self.kept = <Kept *>calloc(count, sizeof(Kept))
        self.options = <Options *>calloc(count, sizeof(Options))
        if self.er.runs > 1:
            self.runs = <Runs *>calloc(count, sizeof(Runs))
        if self.tables == NULL or self.kept == NULL or self.options == NULL or (self.er.runs > 1 and self.runs == NULL):
            raise MemoryError()
        self.count, self.players = count, players
        self.prefetching = count * sizeof(Table) > PREFETCH_FROM
        self.straddle_count = len(straddles)
        self.top_straddle = 0
        for index in range(self.straddle_count):
            self.straddles[index] = straddles[index]
            self.top_straddle = max(self.top_straddle, self.straddles[index])
        self.stack, self.carry = stack, carry
        # A seat with no more than this may not post every forced bet and keep a chip: it is restocked.
        self.short_stack = self.er.ante + max(self.er.big_blind, self.top_straddle)
        for index in range(count):
            table = &self.tables[index]
            mixer = seed + 4 * (first_table + <uint64_t>index) * GOLDEN_GAMMA
            for word in range(4):
                table.rng.s[word] = splitmix64(&mixer)
            for card in range(52):
                table.cards[card] = card
            table.b.button = players - 1
            for word in range(players):
                table.b.stacks[word] = stack
            if not (allocate(&table.played, FIRST_DECISIONS) and allocate(&table.last_played, FIRST_DECISIONS)):
                raise MemoryError()
            self.deal(table, self.runs_of(index))
            self.update_legal(table, &self.options[index])

    def __dealloc__(self):
        cdef Py_ssize_t index
        if self.tables != NULL:
            for index in range(self.count):
                free(self.tables[index].played.codes)
                free(self.tables[index].last_played.codes)
        free(self.kept)
        free(self.options)
        free(self.runs)
        free(self.tables)

    # ------------------------------------------------------------ the Python side

    def step(self, kinds, amounts, rewards, done, tuple seen not None):
        """Check every table's decision, then play them all and write what each table's seat to act sees next.

        Return -1, or the first table whose decision is not legal (then
        nothing is played or written).  ``rewards`` (zeros) receive the payoffs of the
        hands that end, ``done`` (zeros) a 1 for each table whose hand ended; ``seen``
        holds the arrays of an observation (as :meth:`observe` takes them), each
        table's row written as soon as its decision is played.
        """
        cdef Py_ssize_t index, prefetch_before = self.count - AHEAD if self.prefetching else 0
        cdef Table *table
        cdef Seen arrays
        cdef const int64_t *kind = <int64_t *>self.rows(kinds, "kinds", 0, 8, True, False)
        cdef const int64_t *amount = <int64_t *>self.rows(amounts, "amounts", 0, 8, True, False)
        cdef int64_t *payoffs = <int64_t *>self.rows(rewards, "rewards", self.players, 8, True, True)
        cdef uint8_t *ended = <uint8_t *>self.rows(done, "done", 0, 1, False, True)
        self.seen_arrays(seen, &arrays)
        for index in range(self.count):
            if not is_legal(&self.options[index], kind[index], amount[index]):
                return index
        with nogil:
            for index in range(self.count):
                table = &self.tables[index]
                if index < prefetch_before:
                    self.prefetch_table(index + AHEAD)
                if self.play(table, self.runs_of(index), kind[index], amount[index]):
                    self.settle(table, &self.kept[index], &payoffs[index * self.players])
                    self.deal(table, self.runs_of(index))
                    ended[index] = 1
                self.update_legal(table, &self.options[index])
                self.see(&arrays, index, table, &self.options[index])
        return -1

    def random_decisions(self, Rng rng not None, kinds, amounts):
        """Write into ``kinds`` and ``amounts`` a random legal decision of every table's seat to act,
        drawn from ``rng``: a kind uniformly among the legal ones, a raise-to uniformly between its
        bounds (the amount 0 for a fold or a check or call).  The GIL is held throughout, so that
        threads sharing ``rng`` draw from it in turn."""
        cdef int64_t *kind = <int64_t *>self.rows(kinds, "kinds", 0, 8, True, True)
        cdef int64_t *amount = <int64_t *>self.rows(amounts, "amounts", 0, 8, True, True)
        cdef RngState drawing = rng.state  # a copy, kept in registers (as the shuffle's)
        cdef bint secure = drawing.secure
        cdef const Options *options
        cdef Py_ssize_t index
        cdef int64_t drawn
        for index in range(self.count):
            options = &self.options[index]
            drawn = drawn_below(&drawing, 1 + (options.kinds & 1) + (options.kinds >> RAISE & 1), secure) + (
                FOLD if options.kinds & 1 else CHECK_OR_CALL
            )
            kind[index] = drawn
            amount[index] = 0
            if drawn == RAISE:
                amount[index] = options.low + <int64_t>drawn_below_wide(
                    &drawing, <uint64_t>(options.high - options.low) + 1, secure
                )
        rng.state = drawing

    def legal(self, index):
        """Table ``index``'s seat to act, whether it may fold, its chips to call and raise-to bounds."""
        cdef Py_ssize_t checked = self.checked(index)
        cdef Table *table = &self.tables[checked]
        cdef Options *options = &self.options[checked]
        return table.b.queue[table.b.head], options.kinds & 1 == 1, options.call, options.low, options.high

    def refusal(self, index, int64_t kind, int64_t amount):
        """The engine's refusal code of a fold (kind 0) or a raise-to ``amount`` (kind 2) at table ``index``."""
        cdef Table *table = &self.tables[self.checked(index)]
        cdef int64_t low, high
        if kind == FOLD:
            return fold_refusal(&table.b, &self.er)
        return raise_refusal(&table.b, &self.er, amount, &low, &high)

    def observe(self, tuple seen not None):
        """Write what each table's seat to act sees into ``seen``, the arrays of an observation in
        VectorObservation's order (``folded`` and ``legal`` as uint8), one row a table."""
        cdef Py_ssize_t index
        cdef Seen arrays
        self.seen_arrays(seen, &arrays)
        with nogil:
            for index in range(self.count):
                self.see(&arrays, index, &self.tables[index], &self.options[index])

    def deals(self, int8_t[:, :, ::1] hole_cards not None, int8_t[:, ::1] board not None,
              int64_t[:, ::1] starting not None, int8_t[::1] button not None):
        """Write every seat's hole cards, the whole board, the stacks before the hand and the button."""
        cdef Py_ssize_t index
        cdef int seat, card, players = self.players, position
        cdef Table *table
        self.check_rows("hole_cards", hole_cards.shape[0], hole_cards.shape[1] == players and hole_cards.shape[2] == 2)
        self.check_rows("board", board.shape[0], board.shape[1] == 5)
        self.check_rows("starting", starting.shape[0], starting.shape[1] == players)
        self.check_rows("button", button.shape[0], 1)
        for index in range(self.count):
            table = &self.tables[index]
            for seat in range(players):
                position = (seat - table.b.button - 1 + players) % players
                hole_cards[index, seat, 0] = table.cards[position]
                hole_cards[index, seat, 1] = table.cards[players + position]
                starting[index, seat] = table.starting[seat]
            for card in range(5):
                board[index, card] = table.cards[2 * players + 1 + card + (card - 2 if card > 2 else 0)]
            button[index] = table.b.button

    def last_hand(self, index):
        """Table ``index``'s last hand finished: its stacks before, button, deck and decisions
        (``(kind, amount)`` pairs), or ``None`` before the first."""
        cdef Py_ssize_t checked = self.checked(index)
        cdef Table *table = &self.tables[checked]
        cdef Kept *kept = &self.kept[checked]
        if not kept.finished:
            return None
        if table.last_played.lost:
            raise MemoryError(f"table {index}: its last hand was played, but memory ran out keeping its decisions")
        return (
            [kept.starting[seat] for seat in range(self.players)],
            (table.b.button + self.players - 1) % self.players,
            [kept.cards[card] for card in range(52)],
            [decision(table.last_played.codes[entry]) for entry in range(table.last_played.size)],
        )

    cdef Py_ssize_t checked(self, index) except -1:
        """``index`` (any Python integer) as the index of one of the tables."""
        if not 0 <= index < self.count:
            raise InvalidArrayError(f"table {index}: use 0 to {self.count - 1}")
        return index

    cdef int check_rows(self, str name, Py_ssize_t rows, bint columns_fit) except -1:
        """Raise InvalidArrayError unless an array has a row a table and its columns fit (``columns_fit``)."""
        if rows != self.count or not columns_fit:
            raise InvalidArrayError(f"{name}: the array's shape does not fit {self.count} tables of {self.players} seats")
        return 0

    cdef int seen_arrays(self, tuple seen, Seen *arrays) except -1:
        """Check the arrays of an observation (their types, and a row a table) and point ``arrays`` at them.

        The pointers stay valid while the caller holds ``seen``: its arrays are numpy's, which do not move.
        """
        cdef Py_ssize_t players = self.players
        if len(seen) != 14:
            raise InvalidArrayError(f"{len(seen)} arrays: an observation has 14")
        arrays.actor = <int8_t *>self.rows(seen[0], "actor", 0, 1, True, True)
        arrays.button = <int8_t *>self.rows(seen[1], "button", 0, 1, True, True)
        arrays.position = <int8_t *>self.rows(seen[2], "position", 0, 1, True, True)
        arrays.street = <int8_t *>self.rows(seen[3], "street", 0, 1, True, True)
        arrays.hole_cards = <int8_t *>self.rows(seen[4], "hole_cards", 2, 1, True, True)
        arrays.board = <int8_t *>self.rows(seen[5], "board", 5, 1, True, True)
        arrays.stacks = <int64_t *>self.rows(seen[6], "stacks", players, 8, True, True)
        arrays.bets = <int64_t *>self.rows(seen[7], "bets", players, 8, True, True)
        arrays.folded = <uint8_t *>self.rows(seen[8], "folded", players, 1, False, True)
        arrays.pot = <int64_t *>self.rows(seen[9], "pot", 0, 8, True, True)
        arrays.legal = <uint8_t *>self.rows(seen[10], "legal", 3, 1, False, True)
        arrays.call = <int64_t *>self.rows(seen[11], "call", 0, 8, True, True)
        arrays.min_raise_to = <int64_t *>self.rows(seen[12], "min_raise_to", 0, 8, True, True)
        arrays.max_raise_to = <int64_t *>self.rows(seen[13], "max_raise_to", 0, 8, True, True)
        return 0

    cdef void *rows(self, array, str name, Py_ssize_t columns, Py_ssize_t size, bint signed, bint written) except NULL:
        """The data of ``array``, checked: a C-contiguous numpy array (``written``: and writable) of a row a
        table, ``columns`` entries a row (0: one, a vector), of ``size``-byte integers, ``signed`` or not.
        Only an exact ``numpy.ndarray``: its data cannot move or be freed while the caller holds it, so the
        pointer stays valid after the buffer is released.  (A typed memoryview would make and free an object
        for each array, some 1,500 instructions each step.)"""
        cdef Py_buffer view
        cdef void *data = NULL
        cdef bint fits = False, typed = False, contiguous = False, read_only = False
        if type(array) is not ndarray:
            raise TypeError(f"{name}: expected a numpy array, got {type(array).__name__}")
        try:
            PyObject_GetBuffer(array, &view, PyBUF_STRIDES | PyBUF_FORMAT)
        except (ValueError, BufferError):  # a dtype with no buffer form (datetime, ...): not integers
            pass
        else:
            data = view.buf
            fits = view.ndim == (2 if columns else 1) and view.shape[0] == self.count and (
                not columns or view.shape[1] == columns
            )
            typed = view.itemsize == size and view.format != NULL and view.format[0] != 0 and view.format[1] == 0 and (
                strchr(b"bhilq" if signed else b"BHILQ", view.format[0]) != NULL
            )
            contiguous = PyBuffer_IsContiguous(&view, b'C')
            read_only = view.readonly
            PyBuffer_Release(&view)
        if not typed:
            raise TypeError(f"{name}: its entries are not {'' if signed else 'u'}int{8 * size}")
        self.check_rows(name, self.count if fits else -1, True)
        if not contiguous:
            raise InvalidArrayError(f"{name}: the array is not C-contiguous (use numpy.ascontiguousarray)")
        if written and read_only:
            raise InvalidArrayError(f"{name}: the array is read-only")
        return data

    cdef void see(self, const Seen *arrays, Py_ssize_t index, const Table *table, const Options *options) noexcept nogil:
        """Write what table ``index``'s seat to act sees into its row of ``arrays``."""
        cdef int players = self.players, seat = table.b.queue[table.b.head], position, card
        cdef unsigned int out = ~table.b.live      # a bit for each seat that folded
        cdef int64_t *stacks = arrays.stacks + index * players
        cdef int64_t *bets = arrays.bets + index * players
        cdef uint8_t *folded = arrays.folded + index * players
        cdef int8_t *board = arrays.board + 5 * index
        cdef uint8_t *legal = arrays.legal + 3 * index
        position = seat - table.b.button - 1
        if position < 0:
            position += players
        arrays.actor[index] = seat
        arrays.button[index] = table.b.button
        arrays.position[index] = position
        arrays.street[index] = table.b.street
        arrays.hole_cards[2 * index] = table.cards[position]
        arrays.hole_cards[2 * index + 1] = table.cards[players + position]
        for card in range(5):
            board[card] = table.board[card]
        for seat in range(players):
            stacks[seat] = table.b.stacks[seat]
            bets[seat] = table.b.bets[seat]
            folded[seat] = out >> seat & 1
        arrays.pot[index] = table.b.collected
        legal[0] = options.kinds & 1
        legal[1] = 1
        legal[2] = options.kinds >> RAISE & 1
        arrays.call[index] = options.call
        arrays.min_raise_to[index] = options.low
        arrays.max_raise_to[index] = options.high

    # ------------------------------------------------------------ legality

    cdef void update_legal(self, Table *table, Options *options) noexcept nogil:
        """Cache what the seat to act may do (a hand always waits for a decision between steps)."""
        cdef int seat = table.b.queue[table.b.head]
        options.call = to_call(&table.b, seat)
        options.kinds = may_fold(&table.b, &self.er, seat) << FOLD | 1 << CHECK_OR_CALL
        if raise_bounds(&table.b, &self.er, seat, &options.low, &options.high) == LEGAL:
            options.kinds |= 1 << RAISE
        else:
            options.low = options.high = 0

    # ------------------------------------------------------------ a hand's flow

    cdef void settle(self, Table *table, Kept *kept, int64_t *rewards) noexcept nogil:
        """Add the ended hand's payoffs to ``rewards``, keep it as the table's last hand and move the button."""
        cdef int seat
        cdef Decisions emptied = table.last_played
        for seat in range(self.players):
            rewards[seat] += table.b.stacks[seat] - table.starting[seat]
            kept.starting[seat] = table.starting[seat]
        kept.cards = table.cards
        table.last_played = table.played
        table.played = emptied
        table.played.size = 0
        table.played.lost = False
        kept.finished = True
        table.b.button = clockwise(table.b.button, self.players)

    cdef void deal(self, Table *table, Runs *runs) noexcept nogil:
        """Restock the short seats, shuffle, post the forced bets and open the preflop betting.

        Every seat starts with more than the ante and the largest blind or straddle, so every
        forced bet is posted in full, every seat keeps chips, and a decision awaits.
        """
        cdef int players = self.players, seat
        cdef int64_t total = 0, stack
        for seat in range(players):
            stack = table.b.stacks[seat]
            if not self.carry or stack <= self.short_stack:
                stack = self.stack
            table.starting[seat] = stack
            total += stack
        if total > _MAX_CHIPS:  # restocking would put more chips at the table than it may hold
            for seat in range(players):
                table.starting[seat] = self.stack
        # The deck is shuffled on from the last hand's order.
        shuffle_deal(&table.rng, table.cards, cards_dealt(players, self.er.runs))
        start_hand(&table.b, players, table.b.button, table.starting)
        table.next_card = 2 * players
        table.board_size = 0
        for seat in range(5):
            table.board[seat] = -1  # not dealt yet
        if runs != NULL:
            runs.count = 0
        begin_preflop(&table.b, &self.er,
                      post_forced_bets(&table.b, &self.er, self.straddles, self.straddle_count, False, NULL),
                      self.top_straddle)

    cdef inline void prefetch_table(self, Py_ssize_t index) noexcept nogil:
        """Start reading table ``index`` and, of the table between it and the one to play, the slot of its
        next decision (its table's line is read by then)."""
        cdef const char *start = <const char *>&self.tables[index]
        cdef const Decisions *played = &self.tables[index - AHEAD // 2].played
        cdef size_t offset
        for offset in range(0, sizeof(Table), 64):
            prefetch(start + offset)
        prefetch(&played.codes[played.size])

    cdef inline Runs *runs_of(self, Py_ssize_t index) noexcept nogil:
        """Table ``index``'s other runs, or NULL when the board runs once."""
        return &self.runs[index] if self.runs != NULL else NULL

    cdef inline void keep(self, Table *table, int64_t code) noexcept nogil:
        """Add a decision's code to the hand's; when memory runs out, mark the record lost (the hand plays on)."""
        cdef Decisions *played = &table.played
        if played.size == played.capacity and not allocate(played, 2 * played.capacity):
            played.lost = True
            return
        played.codes[played.size] = code
        played.size += 1

    cdef bint play(self, Table *table, Runs *runs, int64_t kind, int64_t amount) noexcept nogil:
        """Play a legal decision of the seat to act; return whether the hand is over."""
        cdef int follows = 0
        cdef int64_t put
        cdef StreetEnd end
        self.keep(table, amount if kind == RAISE else (FOLDED if kind == FOLD else CHECKED_OR_CALLED))
        if kind == RAISE:
            play_raise(&table.b, &self.er, amount)
            return False
        if kind == FOLD:
            follows = play_fold(&table.b)
            if follows == 2:
                win_without_showdown(&table.b, &self.er, NULL)
                return True
        else:
            follows = play_check_or_call(&table.b, &put)
        if follows == 0:
            return False
        end = end_street(&table.b, &self.er, NULL)
        if end == RUN_OUT:
            self.run_out(table, runs)
            return True
        if end == SHOWDOWN:
            self.showdown(table, runs)
            return True
        self.deal_street(table)
        begin_street(&table.b, &self.er)
        return False

    cdef void deal_street(self, Table *table) noexcept nogil:
        cdef int size = board_cards(table.b.street), index
        for index in range(size):
            table.board[table.board_size + index] = table.cards[table.next_card + 1 + index]
        table.board_size += size
        table.next_card += 1 + size
        table.b.street += 1

    cdef void run_out(self, Table *table, Runs *runs) noexcept nogil:
        cdef int runout_from = table.board_size
        while table.b.street < 3:
            self.deal_street(table)
        if runs != NULL and runout_from < 5:
            deal_extra_boards(table.cards, 52, self.players, &table.next_card, self.er.runs, runout_from,
                              table.board, runs.boards, &runs.count)
        self.showdown(table, runs)

    cdef void showdown(self, Table *table, const Runs *runs) noexcept nogil:
        """Rank the hands still in on every board and award the main and side pots."""
        cdef int ranks[MAX_BOARDS][MAX_SEATS]
        cdef uint8_t cards[7]
        cdef int players = self.players, seat, board, card, position
        cdef int boards = 1 + runs.count if runs != NULL else 1
        for board in range(boards):
            for card in range(5):
                cards[2 + card] = table.board[card] if board == 0 else runs.boards[board - 1][card]
            for position in range(players):
                seat = table.b.order[position]
                ranks[board][seat] = -1
                if table.b.live >> seat & 1:
                    cards[0] = table.cards[position]
                    cards[1] = table.cards[players + position]
                    ranks[board][seat] = rank_of_cards(cards, 7)
        settle_showdown(&table.b, &self.er, boards, ranks, False, 0, NULL)


cdef inline bint is_legal(const Options *options, int64_t kind, int64_t amount) noexcept nogil:
    # Without a branch on the kind, which random decisions make unpredictable.
    return (<uint64_t>kind <= RAISE) & (options.kinds >> (kind & 3) & 1) & (
        (kind != RAISE) | ((options.low <= amount) & (amount <= options.high))
    )


cdef bint allocate(Decisions *played, Py_ssize_t capacity) noexcept nogil:
    """Give ``played`` room for ``capacity`` decisions, keeping those it holds; return False when memory runs out."""
    cdef int64_t *codes = <int64_t *>realloc(played.codes, capacity * sizeof(int64_t))
    if codes == NULL:
        return False
    played.codes = codes
    played.capacity = capacity
    return True


cdef tuple decision(int64_t code):
    """A decision's ``(kind, amount)`` from its code."""
    if code == FOLDED:
        return FOLD, 0
    if code == CHECKED_OR_CALLED:
        return CHECK_OR_CALL, 0
    return RAISE, code
