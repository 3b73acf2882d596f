# Many independent no-limit hands held in C structs and stepped together: the
# core of holdem.vector.VectorGame.  One decision a table per step; a table
# whose hand ends deals the next one at once.  The betting, the pots and the
# award follow Hand (hand.py, _hand.pyx) for the rules VectorGame accepts:
# no limit, blinds and antes, no straddle, one board, no rake, odd chips left
# of the button.  Compiler directives are set in setup.py.

cimport cython
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free

from holdem._core cimport RngState, rank_of_cards, rng_below, splitmix64

from holdem.errors import InvalidArrayError

__all__ = ["VectorCore"]

cdef enum:
    MAX_SEATS = 10
    FOLD = 0
    CHECK_OR_CALL = 1
    RAISE = 2

cdef uint64_t GOLDEN_GAMMA = 0x9E3779B97F4A7C15ULL  # SplitMix64's step


ctypedef struct Table:
    RngState rng
    int64_t starting[MAX_SEATS]     # the stacks before the hand
    int64_t stacks[MAX_SEATS]
    int64_t bets[MAX_SEATS]         # in front of each seat on this street
    int64_t contributed[MAX_SEATS]  # put in this hand, bets included
    int64_t dead                    # a big-blind ante: in the pot, no seat's
    int64_t max_bet
    int64_t raise_size              # the largest bet or raise size on this street
    int64_t short_sum               # all-ins short of a full raise, in a row
    int64_t call, low, high         # the actor's chips to call and raise-to bounds (0, 0: no raise)
    unsigned int acted              # seats that acted since the last full raise, one bit each
    unsigned int live               # seats still in the hand, one bit each
    int live_count
    int queue[MAX_SEATS]            # the seats to act, in order: queue[head:tail]
    int head, tail
    int street
    int button
    uint8_t cards[52]               # a shuffled deck: seat s holds cards 2s and 2s + 1, then the board


@cython.final  # cdef methods called directly, not through a table of pointers
cdef class VectorCore:
    """``count`` tables of ``players`` seats, from table ``first_table``: see
    :class:`holdem.vector.VectorGame`, which checks the arguments."""

    cdef Table *tables
    cdef readonly Py_ssize_t count
    cdef readonly int players
    cdef int64_t small_blind, big_blind, min_bet, ante, stack
    cdef bint big_blind_ante, fold_without_bet, carry
    cdef bint blind_is_full_bet    # the seeds' reopening rule: preflop, the big blind is the last full bet

    def __cinit__(self, int players, Py_ssize_t count, int64_t small_blind, int64_t big_blind, int64_t min_bet,
                  int64_t ante, bint big_blind_ante, bint fold_without_bet, int64_t stack, bint carry,
                  uint64_t seed, uint64_t first_table, bint blind_is_full_bet):
        cdef Py_ssize_t index
        cdef uint64_t mixer
        cdef int word, card
        cdef Table *table
        if not 2 <= players <= MAX_SEATS or count < 1:
            raise InvalidArrayError(f"{players} players at {count} tables: use 2 to {MAX_SEATS} players, 1 table or more")
        self.tables = <Table *>calloc(count, sizeof(Table))
        if self.tables == NULL:
            raise MemoryError()
        self.count, self.players = count, players
        self.small_blind, self.big_blind, self.min_bet, self.ante = small_blind, big_blind, min_bet, ante
        self.big_blind_ante, self.fold_without_bet = big_blind_ante, fold_without_bet
        self.stack, self.carry = stack, carry
        self.blind_is_full_bet = blind_is_full_bet
        for index in range(count):
            table = &self.tables[index]
            mixer = seed + 4 * (first_table + <uint64_t>index) * GOLDEN_GAMMA
            for word in range(4):
                table.rng.s[word] = splitmix64(&mixer)
            for card in range(52):
                table.cards[card] = card
            table.button = players - 1
            for word in range(players):
                table.stacks[word] = stack
            self.deal(table)
            self.update_legal(table)

    def __dealloc__(self):
        free(self.tables)

    # ------------------------------------------------------------ the Python side

    def step(self, const int64_t[::1] kinds not None, const int64_t[::1] amounts not None,
             int64_t[:, ::1] rewards not None, uint8_t[::1] done not None):
        """Check every table's decision, then play them all.

        Return -1, or the first table whose decision is not legal (then
        nothing is played).  ``rewards`` (zeros) receive the payoffs of the
        hands that end, ``done`` (zeros) a 1 for each table whose hand ended.
        """
        cdef Py_ssize_t index
        cdef Table *table
        self.check_rows("kinds", kinds.shape[0], 1)
        self.check_rows("amounts", amounts.shape[0], 1)
        self.check_rows("rewards", rewards.shape[0], rewards.shape[1] == self.players)
        self.check_rows("done", done.shape[0], 1)
        for index in range(self.count):
            if not self.is_legal(&self.tables[index], kinds[index], amounts[index]):
                return index
        with nogil:
            for index in range(self.count):
                table = &self.tables[index]
                if self.play(table, kinds[index], amounts[index]):
                    self.settle(table, &rewards[index, 0])
                    self.deal(table)
                    done[index] = 1
                self.update_legal(table)
        return -1

    def legal(self, Py_ssize_t index):
        """Table ``index``'s seat to act, whether it may fold, its chips to call and raise-to bounds."""
        if not 0 <= index < self.count:
            raise InvalidArrayError(f"table {index}: use 0 to {self.count - 1}")
        cdef Table *table = &self.tables[index]
        return table.queue[table.head], self.may_fold(table), table.call, table.low, table.high

    def observe(self, int8_t[::1] actor not None, int8_t[::1] button not None, int8_t[::1] position not None,
                int8_t[::1] street not None, int8_t[:, ::1] hole_cards not None, int8_t[:, ::1] board not None,
                int64_t[:, ::1] stacks not None, int64_t[:, ::1] bets not None, uint8_t[:, ::1] folded not None,
                int64_t[::1] pot not None, uint8_t[:, ::1] legal not None, int64_t[::1] call not None,
                int64_t[::1] min_raise_to not None, int64_t[::1] max_raise_to not None):
        """Write what each table's seat to act sees into the arrays, one row a table."""
        cdef Py_ssize_t index
        cdef int seat, card, players = self.players, seen
        cdef int64_t in_pot
        cdef Table *table
        for name, rows in (("actor", actor.shape[0]), ("button", button.shape[0]), ("position", position.shape[0]),
                           ("street", street.shape[0]), ("pot", pot.shape[0]), ("call", call.shape[0]),
                           ("min_raise_to", min_raise_to.shape[0]), ("max_raise_to", max_raise_to.shape[0])):
            self.check_rows(name, rows, 1)
        self.check_rows("hole_cards", hole_cards.shape[0], hole_cards.shape[1] == 2)
        self.check_rows("board", board.shape[0], board.shape[1] == 5)
        self.check_rows("legal", legal.shape[0], legal.shape[1] == 3)
        for name, rows, columns in (("stacks", stacks.shape[0], stacks.shape[1]),
                                    ("bets", bets.shape[0], bets.shape[1]),
                                    ("folded", folded.shape[0], folded.shape[1])):
            self.check_rows(name, rows, columns == players)
        with nogil:
            for index in range(self.count):
                table = &self.tables[index]
                seat = table.queue[table.head]
                actor[index] = seat
                button[index] = table.button
                position[index] = (seat - table.button - 1 + players) % players
                street[index] = table.street
                hole_cards[index, 0] = table.cards[2 * seat]
                hole_cards[index, 1] = table.cards[2 * seat + 1]
                seen = 0 if table.street == 0 else table.street + 2
                for card in range(5):
                    board[index, card] = table.cards[2 * players + card] if card < seen else -1
                in_pot = table.dead
                for seat in range(players):
                    stacks[index, seat] = table.stacks[seat]
                    bets[index, seat] = table.bets[seat]
                    folded[index, seat] = not (table.live >> seat & 1)
                    in_pot += table.contributed[seat] - table.bets[seat]
                pot[index] = in_pot
                legal[index, 0] = self.may_fold(table)
                legal[index, 1] = 1
                legal[index, 2] = table.high > 0
                call[index] = table.call
                min_raise_to[index] = table.low
                max_raise_to[index] = table.high

    def deals(self, int8_t[:, :, ::1] hole_cards not None, int8_t[:, ::1] board not None,
              int64_t[:, ::1] starting not None, int8_t[::1] button not None):
        """Write every seat's hole cards, the whole board, the stacks before the hand and the button."""
        cdef Py_ssize_t index
        cdef int seat, card, players = self.players
        cdef Table *table
        self.check_rows("hole_cards", hole_cards.shape[0], hole_cards.shape[1] == players and hole_cards.shape[2] == 2)
        self.check_rows("board", board.shape[0], board.shape[1] == 5)
        self.check_rows("starting", starting.shape[0], starting.shape[1] == players)
        self.check_rows("button", button.shape[0], 1)
        for index in range(self.count):
            table = &self.tables[index]
            for seat in range(players):
                hole_cards[index, seat, 0] = table.cards[2 * seat]
                hole_cards[index, seat, 1] = table.cards[2 * seat + 1]
                starting[index, seat] = table.starting[seat]
            for card in range(5):
                board[index, card] = table.cards[2 * players + card]
            button[index] = table.button

    cdef int check_rows(self, str name, Py_ssize_t rows, bint columns_fit) except -1:
        """Raise InvalidArrayError unless an array has a row a table and its columns fit (``columns_fit``)."""
        if rows != self.count or not columns_fit:
            raise InvalidArrayError(f"{name}: the array's shape does not fit {self.count} tables of {self.players} seats")
        return 0

    # ------------------------------------------------------------ legality

    cdef inline bint may_fold(self, Table *table) noexcept nogil:
        return table.call > 0 or self.fold_without_bet

    cdef bint is_legal(self, Table *table, int64_t kind, int64_t amount) noexcept nogil:
        if kind == FOLD:
            return self.may_fold(table)
        if kind == CHECK_OR_CALL:
            return True
        if kind == RAISE:
            return table.high > 0 and table.low <= amount <= table.high
        return False

    cdef void update_legal(self, Table *table) noexcept nogil:
        """Cache what the seat to act may do (a hand always waits for a decision between steps)."""
        cdef int seat = table.queue[table.head], step, other, players = self.players
        cdef int64_t stack = table.stacks[seat], bet = table.bets[seat], max_bet = table.max_bet
        table.call = max_bet - bet if max_bet - bet < stack else stack
        table.low = table.high = 0
        if stack <= max_bet - bet:
            return
        if table.short_sum and table.short_sum < table.raise_size and table.acted >> seat & 1:
            return  # a short all-in did not reopen the betting to a seat that already acted
        for step in range(1, players):
            other = (seat + step) % players
            if table.live >> other & 1 and table.stacks[other] + table.bets[other] > max_bet:
                break
        else:
            return  # no one could answer a raise
        table.high = stack + bet
        table.low = max_bet + (table.raise_size if table.raise_size > self.min_bet else self.min_bet)
        if table.low > table.high:
            table.low = table.high

    # ------------------------------------------------------------ a hand's flow

    cdef void settle(self, Table *table, int64_t *rewards) noexcept nogil:
        """Add the ended hand's payoffs to ``rewards`` and move the button."""
        cdef int seat
        for seat in range(self.players):
            rewards[seat] += table.stacks[seat] - table.starting[seat]
        table.button = (table.button + 1) % self.players

    cdef void deal(self, Table *table) noexcept nogil:
        """Shuffle, post the forced bets and open the preflop betting.

        Every seat starts with more than the big blind plus the ante, so every
        forced bet is posted in full, every seat keeps chips, and action starts
        after the big blind (heads-up with equal blinds, after the button's).
        """
        cdef int players = self.players, seat, step, card, swap, last
        cdef int order[MAX_SEATS]
        cdef int seats[MAX_SEATS]
        cdef bint short = False
        for seat in range(players):
            short |= table.stacks[seat] <= self.big_blind + self.ante
        for seat in range(players):
            if short or not self.carry:
                table.stacks[seat] = self.stack
            table.starting[seat] = table.stacks[seat]
            table.bets[seat] = 0
            table.contributed[seat] = 0
        for card in range(2 * players + 5):
            swap = card + rng_below(&table.rng, 52 - card)
            table.cards[card], table.cards[swap] = table.cards[swap], table.cards[card]
        table.dead = 0
        table.live = (1u << players) - 1
        table.live_count = players
        table.street = 0
        self.seat_order(table, order)
        if self.big_blind_ante:
            seat = order[0] if players == 2 else order[1]
            table.stacks[seat] -= self.ante
            table.dead += self.ante
        elif self.ante:
            for seat in range(players):
                table.stacks[seat] -= self.ante
                table.contributed[seat] += self.ante
        if players == 2:  # the button posts the small blind
            self.post_blind(table, order[0], self.big_blind)
            self.post_blind(table, order[1], self.small_blind)
            last = 0 if self.small_blind < self.big_blind else 1
        else:
            self.post_blind(table, order[0], self.small_blind)
            self.post_blind(table, order[1], self.big_blind)
            last = 1
        for step in range(players):
            seats[step] = order[(last + 1 + step) % players]
        self.begin(table, seats, players, self.big_blind)

    cdef inline void seat_order(self, Table *table, int *order) noexcept nogil:
        """The seats clockwise from the one left of the button."""
        cdef int position
        for position in range(self.players):
            order[position] = (table.button + 1 + position) % self.players

    cdef inline void post_blind(self, Table *table, int seat, int64_t amount) noexcept nogil:
        table.stacks[seat] -= amount
        table.bets[seat] = amount
        table.contributed[seat] += amount

    cdef void begin(self, Table *table, int *seats, int count, int64_t max_bet) noexcept nogil:
        """Open a street facing ``max_bet``: the ``seats`` still in with chips act, in that order."""
        cdef int index, seat
        table.head = table.tail = 0
        for index in range(count):
            seat = seats[index]
            if table.live >> seat & 1 and table.stacks[seat]:
                table.queue[table.tail] = seat
                table.tail += 1
        table.max_bet = max_bet
        table.raise_size = self.min_bet if max_bet and self.blind_is_full_bet else 0
        table.short_sum = 0
        table.acted = 0

    cdef bint play(self, Table *table, int64_t kind, int64_t amount) noexcept nogil:
        """Play a legal decision of the seat to act; return whether the hand is over."""
        cdef int seat = table.queue[table.head], step, other, players = self.players
        cdef unsigned int bit = 1u << seat
        cdef int64_t put, size
        if kind == RAISE:
            size = amount - table.max_bet
            put = amount - table.bets[seat]
            table.stacks[seat] -= put
            table.bets[seat] = amount
            table.contributed[seat] += put
            if size >= table.raise_size:  # a full raise reopens the betting
                table.acted = bit
                table.short_sum = 0
            else:
                # An all-in short of a full raise; such raises in a row that add up
                # to a full raise reopen the betting.
                table.acted |= bit
                table.short_sum += size
                if table.short_sum >= table.raise_size:
                    table.short_sum = 0
            if size > table.raise_size:
                table.raise_size = size
            table.max_bet = amount
            # Everyone else still in with chips acts again, clockwise from the raiser.
            table.head = table.tail = 0
            for step in range(1, players):
                other = (seat + step) % players
                if table.live >> other & 1 and table.stacks[other]:
                    table.queue[table.tail] = other
                    table.tail += 1
            return False
        table.head += 1
        table.acted |= bit
        if kind == FOLD:
            table.live &= ~bit
            table.live_count -= 1
            if table.live_count == 1:
                self.win_without_showdown(table)
                return True
        else:
            put = table.max_bet - table.bets[seat]
            if put > table.stacks[seat]:
                put = table.stacks[seat]
            table.stacks[seat] -= put
            table.bets[seat] += put
            table.contributed[seat] += put
        if table.head == table.tail:
            return self.close_street(table)
        return False

    cdef void collect(self, Table *table) noexcept nogil:
        """Put the street's bets in; the part of the highest bet no one matched goes back."""
        cdef int seat, top_seat = 0
        cdef int64_t bet, top = 0, second = 0
        table.head = table.tail
        for seat in range(self.players):
            bet = table.bets[seat]
            if bet > top:
                second = top
                top = bet
                top_seat = seat
            elif bet > second:
                second = bet
            table.bets[seat] = 0
        table.stacks[top_seat] += top - second
        table.contributed[top_seat] -= top - second

    cdef bint close_street(self, Table *table) noexcept nogil:
        """End the street; return whether the hand is over (shown down)."""
        cdef int seat, with_chips = 0
        cdef int order[MAX_SEATS]
        self.collect(table)
        for seat in range(self.players):
            if table.live >> seat & 1 and table.stacks[seat]:
                with_chips += 1
        if with_chips <= 1 or table.street == 3:
            self.showdown(table)
            return True
        table.street += 1
        self.seat_order(table, order)
        self.begin(table, order, self.players, 0)
        return False

    cdef void win_without_showdown(self, Table *table) noexcept nogil:
        cdef int seat, winner = 0
        cdef int64_t total = table.dead
        self.collect(table)
        for seat in range(self.players):
            total += table.contributed[seat]
            if table.live >> seat & 1:
                winner = seat
        table.stacks[winner] += total

    cdef void showdown(self, Table *table) noexcept nogil:
        """Rank the hands still in on the whole board and award the main and side pots."""
        cdef int players = self.players, seat, card, index, pot_count = 0
        cdef int order[MAX_SEATS]
        cdef int ranks[MAX_SEATS]
        cdef int64_t pot_amounts[MAX_SEATS]
        cdef unsigned int pot_eligible[MAX_SEATS]
        cdef unsigned int eligible
        cdef uint8_t cards[7]
        cdef int64_t amount = table.dead, level = -1, previous = 0, low_live = -1, high = 0
        for card in range(5):
            cards[2 + card] = table.cards[2 * players + card]
        for seat in range(players):
            ranks[seat] = -1
            if table.live >> seat & 1:
                cards[0] = table.cards[2 * seat]
                cards[1] = table.cards[2 * seat + 1]
                ranks[seat] = rank_of_cards(cards, 7)
                if low_live < 0 or table.contributed[seat] < low_live:
                    low_live = table.contributed[seat]
            if table.contributed[seat] > high:
                high = table.contributed[seat]
        self.seat_order(table, order)
        if not table.dead and low_live == high:
            # One pot that every seat still in contests.
            for seat in range(players):
                amount += table.contributed[seat]
            self.award(table, order, ranks, amount, table.live)
            return
        # A pot at each seat's level of contribution, lowest first, for the live seats that
        # put in as much; adjacent pots for the same seats are one pot.  Chips above every
        # live seat's contribution go to the pot below them.
        while True:
            level = self.next_level(table, level)
            if level < 0:
                break
            eligible = 0
            for seat in range(players):
                if table.contributed[seat] >= level:
                    amount += level - previous
                    if table.live >> seat & 1:
                        eligible |= 1u << seat
            previous = level
            if eligible:
                while pot_count and pot_eligible[pot_count - 1] == eligible:
                    pot_count -= 1
                    amount += pot_amounts[pot_count]
                if amount:
                    pot_amounts[pot_count] = amount
                    pot_eligible[pot_count] = eligible
                    pot_count += 1
                    amount = 0
        if amount and pot_count:
            pot_amounts[pot_count - 1] += amount
        for index in range(pot_count):
            self.award(table, order, ranks, pot_amounts[index], pot_eligible[index])

    cdef int64_t next_level(self, Table *table, int64_t level) noexcept nogil:
        """The smallest contribution above ``level``, or -1 when there is none."""
        cdef int seat
        cdef int64_t found = -1
        for seat in range(self.players):
            if table.contributed[seat] > level and (found < 0 or table.contributed[seat] < found):
                found = table.contributed[seat]
        return found

    cdef void award(self, Table *table, int *order, int *ranks, int64_t amount, unsigned int eligible) noexcept nogil:
        """Split ``amount`` among the best hands of the ``eligible`` seats; odd chips one each
        to the winners clockwise from the button."""
        cdef int position, seat, best = -1, winners = 0
        cdef int64_t each, extra
        for seat in range(self.players):
            if eligible >> seat & 1:
                if ranks[seat] > best:
                    best = ranks[seat]
                    winners = 1
                elif ranks[seat] == best:
                    winners += 1
        each = amount // winners
        extra = amount - each * winners
        for position in range(self.players):
            seat = order[position]
            if eligible >> seat & 1 and ranks[seat] == best:
                table.stacks[seat] += each + (1 if extra > 0 else 0)
                extra -= 1
