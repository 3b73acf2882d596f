# The betting-round bookkeeping of a hand: who acts next, the raise bounds,
# and the chips that fold, call and raise move.  A Hand keeps the cards, the
# history, the streets and the showdown in Python; a Betting shares the Hand's
# per-seat lists (stacks, bets, contributions, live seats) and changes them in
# place, and reads its cards and history to build the seats' views.  Compiler
# directives are set in setup.py.

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from holdem.actions import Action, ActionKind, LegalActions
from holdem.rules import Reopening, Structure

__all__ = ["Betting", "record"]


cdef extern from "Python.h":
    object PyType_GenericAlloc(type cls, Py_ssize_t size)
    int PY_VERSION_HEX


cpdef object record(type cls, tuple fields):
    """``tuple.__new__(cls, fields)`` for a NamedTuple ``cls``: a record made without a Python-level call."""
    cdef Py_ssize_t index
    if PY_VERSION_HEX >= 0x030E0000:
        # Python 3.14 tuples cache their hash in a field that only the tuple
        # constructors initialise.
        return tuple.__new__(cls, fields)
    record = PyType_GenericAlloc(cls, len(fields))
    for index in range(len(fields)):
        field = fields[index]
        Py_INCREF(field)
        PyTuple_SET_ITEM(record, index, field)
    return record

cdef object _FOLD = ActionKind.FOLD
cdef object _CHECK = ActionKind.CHECK
cdef object _CALL = ActionKind.CALL
cdef object _BET = ActionKind.BET
cdef object _RAISE = ActionKind.RAISE
cdef object _RETURN = ActionKind.RETURN
cdef tuple _NO_CARDS = ()
# The members compared in __init__, looked up once (an enum member's lookup is slow).
cdef object _FIXED_LIMIT = Structure.FIXED_LIMIT
cdef object _POT_LIMIT = Structure.POT_LIMIT
cdef object _SEEDS = Reopening.SEEDS
cdef object _ACPC = Reopening.ACPC

cdef enum Limit:
    NO_LIMIT, POT_LIMIT, FIXED_LIMIT

cdef enum Reopen:
    REOPEN_SEEDS, REOPEN_ACPC, REOPEN_POKERKIT


cdef class Betting:
    """The betting on one street: the seats still to act, in order, and what each may do.

    ``stacks``, ``bets``, ``contributed`` and ``live`` are the hand's lists,
    changed in place; ``dead`` is the dead money in the pot (pot limit counts
    it).  Nothing is to act until :meth:`begin`.

    >>> from holdem.rules import Rules
    >>> stacks, bets, live = [99, 98, 100], [1, 2, 0], [True] * 3
    >>> betting = Betting(Rules.no_limit(1, 2), stacks, bets, bets[:], live, 0)
    >>> betting.begin([2, 0, 1], 2, 2, 0)
    >>> betting.legal_actions()
    LegalActions(seat=2, fold=True, check=False, call=2, current_bet=2, min_raise_to=4, max_raise_to=100)
    >>> betting.raise_to(6), betting.fold(), betting.actor
    (Action('raise', 2, 6), Action('fold', 0), 1)
    """

    cdef list stacks, bets, contributed, live
    cdef long long dead
    cdef Limit limit
    cdef long long cap              # bets allowed per street, -1 for no cap
    cdef bint fold_without_bet, uncapped_heads_up
    cdef Reopen reopening
    cdef int count
    cdef int queue[10]              # the seats to act, in order: queue[head:tail]
    cdef int head, tail
    cdef int last_aggressor         # -1 for none
    cdef long long street_min       # the smallest bet or raise size on this street
    cdef readonly long long max_bet
    cdef readonly long long raise_size
    cdef readonly long long raise_count
    cdef readonly long long short_sum
    cdef readonly unsigned int acted
    cdef readonly int live_count
    cdef object view_cls            # what view() needs of the hand: see watch()
    cdef list holes, board, history
    cdef Py_ssize_t dealt
    cdef int button
    cdef tuple status_kinds, hidden, table_seats, positions
    cdef object rules

    def __init__(self, rules, list stacks, list bets, list contributed, list live, long long dead):
        self.stacks, self.bets, self.contributed, self.live = stacks, bets, contributed, live
        self.dead = dead
        structure = rules.structure
        self.limit = FIXED_LIMIT if structure is _FIXED_LIMIT else (POT_LIMIT if structure is _POT_LIMIT else NO_LIMIT)
        self.cap = -1 if self.limit != FIXED_LIMIT or rules.max_bets is None else rules.max_bets
        self.fold_without_bet = rules.fold_without_bet
        self.uncapped_heads_up = rules.uncapped_heads_up
        reopening = rules.reopening
        self.reopening = REOPEN_SEEDS if reopening is _SEEDS else (REOPEN_ACPC if reopening is _ACPC else REOPEN_POKERKIT)
        self.count = len(stacks)
        self.live_count = live.count(True)
        self.head = self.tail = 0
        self.last_aggressor = -1

    def copy(self, list stacks, list bets, list contributed, list live):
        """Return an independent copy that shares the given lists (copies of the hand's)."""
        cdef Betting new = Betting.__new__(Betting)
        new.stacks, new.bets, new.contributed, new.live = stacks, bets, contributed, live
        new.dead = self.dead
        new.limit = self.limit
        new.cap = self.cap
        new.fold_without_bet = self.fold_without_bet
        new.uncapped_heads_up = self.uncapped_heads_up
        new.reopening = self.reopening
        new.count = self.count
        new.queue = self.queue
        new.head = self.head
        new.tail = self.tail
        new.last_aggressor = self.last_aggressor
        new.street_min = self.street_min
        new.max_bet = self.max_bet
        new.raise_size = self.raise_size
        new.raise_count = self.raise_count
        new.short_sum = self.short_sum
        new.acted = self.acted
        new.live_count = self.live_count
        return new

    def begin(self, seats, long long max_bet, long long street_min, long long raise_count):
        """Start a street facing ``max_bet``: the ``seats`` still in with chips act, in that order."""
        cdef int seat
        self.head = 0
        self.tail = 0
        for seat in seats:
            if self.live[seat] and self.stacks[seat]:
                self.queue[self.tail] = seat
                self.tail += 1
        self.max_bet = max_bet
        self.street_min = street_min
        self.raise_count = raise_count
        # Seeds' rule: preflop the big blind (or the last straddle) is the last full bet.
        self.raise_size = street_min if max_bet and self.reopening == REOPEN_SEEDS else 0
        self.short_sum = 0
        self.acted = 0
        self.last_aggressor = -1

    def close(self):
        """End the street: no one is left to act, the bets go in.

        The part of the highest bet that no one matched goes back to its
        seat; return that ``RETURN`` record, or ``None``.
        """
        cdef list bets = self.bets
        cdef int seat, top_seat = 0
        cdef long long bet, top = 0, second = 0
        self.head = self.tail
        for seat in range(self.count):
            bet = bets[seat]
            if bet > top:
                second = top
                top = bet
                top_seat = seat
            elif bet > second:
                second = bet
            bets[seat] = 0
        # ACPC: a seat that folded above a bet a short stack lowered loses what it put in.
        if top == second or self.reopening == REOPEN_ACPC and not self.live[top_seat]:
            return None
        self.stacks[top_seat] += top - second
        self.contributed[top_seat] -= top - second
        return record(Action, (_RETURN, top_seat, top - second, _NO_CARDS))

    @property
    def seats_with_chips(self):
        """How many seats are still in the hand with chips behind."""
        cdef int seat, count = 0
        for seat in range(self.count):
            if self.live[seat] and self.stacks[seat]:
                count += 1
        return count

    def statuses(self, active, all_in, folded):
        """Each seat's status: ``folded``, else ``active`` with chips behind, else ``all_in``."""
        return self.status_tuple(active, all_in, folded)

    cdef tuple status_tuple(self, active, all_in, folded):
        cdef int seat
        cdef list stacks = self.stacks, live = self.live
        cdef tuple statuses = PyTuple_New(self.count)
        for seat in range(self.count):
            status = (active if stacks[seat] else all_in) if live[seat] else folded
            Py_INCREF(status)
            PyTuple_SET_ITEM(statuses, seat, status)
        return statuses

    def watch(self, cls, list holes, list board, list history, Py_ssize_t dealt, int button, tuple statuses,
              tuple hidden, rules, tuple table_seats, tuple positions):
        """Keep the hand's lists for :meth:`view`: ``cls`` (HandView) is the record it makes,
        ``dealt`` the length of the ``history`` up to the deal (the ``count`` records from the
        seat left of ``button``), ``statuses`` the active, all-in and folded members,
        ``hidden[seat]`` the deal to ``seat`` with its cards hidden, and ``rules``,
        ``table_seats`` and ``positions`` what the views end with."""
        self.view_cls, self.holes, self.board, self.history = cls, holes, board, history
        self.dealt, self.button, self.status_kinds, self.hidden = dealt, button, statuses, hidden
        self.rules, self.table_seats, self.positions = rules, table_seats, positions

    def view(self, int seat, street):
        """What ``seat`` may know (-1: the seat to act; ``None`` when no one is) while nothing is
        shown: the history with every other seat's deal hidden."""
        cdef int other, actor = self.queue[self.head] if self.head < self.tail else -1
        if seat < 0:
            if actor < 0:
                return None
            seat = actor
        cdef long long pot = self.dead
        cdef Py_ssize_t index, dealt = self.dealt, start = dealt - self.count
        cdef int button = self.button
        cdef list history = self.history
        cdef tuple kinds = self.status_kinds
        cdef tuple masked = PyTuple_New(len(history))
        for index in range(len(history)):
            field = history[index]
            if start <= index < dealt:
                other = (button + 1 + index - start) % self.count
                if other != seat:
                    field = self.hidden[other]
            Py_INCREF(field)
            PyTuple_SET_ITEM(masked, index, field)
        for other in range(self.count):
            pot += <long long>self.contributed[other] - <long long>self.bets[other]
        return record(self.view_cls, (
            seat, self.holes[seat], tuple(self.board), street, button, tuple(self.stacks), tuple(self.bets),
            self.status_tuple(kinds[0], kinds[1], kinds[2]), pot, None if actor < 0 else actor,
            self.legal() if actor == seat else record(LegalActions, (seat, False, False, 0, self.max_bet, None, None)),
            {}, masked,
            self.rules, self.table_seats[seat], self.positions,
        ))

    @property
    def actor(self):
        """The seat to act, or ``None``."""
        return self.queue[self.head] if self.head < self.tail else None

    @property
    def aggressor(self):
        """The seat that bet or raised last on this street, or ``None``."""
        return self.last_aggressor if self.last_aggressor >= 0 else None

    def legal_actions(self):
        """What the player to act may do, or ``None`` when no one is to act."""
        return self.legal()

    cdef object legal(self):
        cdef int seat
        cdef long long call, stack, low, high
        if self.head == self.tail:
            return None
        seat = self.queue[self.head]
        call = self.max_bet - <long long>self.bets[seat]
        stack = self.stacks[seat]
        if call > stack:
            call = stack
        fold = call != 0 or self.fold_without_bet
        if self.bounds(seat, &low, &high):
            return record(LegalActions, (seat, fold, call == 0, call, self.max_bet, low, high))
        return record(LegalActions, (seat, fold, call == 0, call, self.max_bet, None, None))

    def raise_bounds(self):
        """The smallest and largest raise-to of the player to act, or ``None`` when they may not raise."""
        cdef long long low, high
        if self.head < self.tail and self.bounds(self.queue[self.head], &low, &high):
            return low, high
        return None

    cdef bint bounds(self, int seat, long long *low, long long *high) except -1:
        cdef list stacks = self.stacks, bets = self.bets, live = self.live
        cdef long long stack = stacks[seat], bet = bets[seat], max_bet = self.max_bet, all_in, pot
        cdef int step, other
        if stack <= max_bet - bet and not (
            # ACPC, fixed limit (the reference game.c): a stack that does not cover more than the call
            # may still raise: it goes all in and its total becomes the bet, which a short stack lowers.
            self.reopening == REOPEN_ACPC and self.limit == FIXED_LIMIT
        ):
            return False
        if (
            self.cap >= 0
            and self.raise_count >= self.cap
            and not (self.uncapped_heads_up and self.live_count == 2)
        ):
            return False
        if self.short_sum and self.short_sum < self.raise_size and self.acted >> seat & 1:
            return False
        # Someone else must be able to answer the raise: ACPC asks only for
        # another player with chips behind, the others for one who can put in
        # more than the current bet.
        for step in range(1, self.count):
            other = (seat + step) % self.count
            if live[other] and (
                <long long>stacks[other] > 0 if self.reopening == REOPEN_ACPC
                else <long long>stacks[other] + <long long>bets[other] > max_bet
            ):
                break
        else:
            return False
        all_in = stack + bet
        low[0] = max_bet + (self.raise_size if self.raise_size > self.street_min else self.street_min)
        if low[0] > all_in:
            low[0] = all_in
        if self.limit == NO_LIMIT:
            high[0] = all_in
        elif self.limit == FIXED_LIMIT:
            high[0] = low[0]
        else:
            pot = 2 * max_bet - bet + self.dead
            for other in range(self.count):
                pot += <long long>self.contributed[other]
            high[0] = min(all_in, max(low[0], pot))
        return True

    def fold(self):
        """Fold for the player to act; ``None`` when no one is to act or the player faces no bet
        (and the rules do not allow that fold)."""
        cdef int seat
        if self.head == self.tail:
            return None
        seat = self.queue[self.head]
        if <long long>self.bets[seat] == self.max_bet and not self.fold_without_bet:
            return None
        self.head += 1
        self.acted |= 1u << seat
        self.live[seat] = False
        self.live_count -= 1
        return record(Action, (_FOLD, seat, 0, _NO_CARDS))

    def check(self):
        """Check for the player to act; ``None`` when no one is to act or there is a bet to call."""
        if self.head == self.tail or <long long>self.bets[self.queue[self.head]] != self.max_bet:
            return None
        return self.play_check_or_call()

    def call(self):
        """Call (all in when short) for the player to act; ``None`` when no one is to act or there is nothing to call."""
        if self.head == self.tail or <long long>self.bets[self.queue[self.head]] == self.max_bet:
            return None
        return self.play_check_or_call()

    def check_or_call(self):
        """Check or call (all in when short) for the player to act; ``None`` when no one is to act."""
        return self.play_check_or_call()

    cdef object play_check_or_call(self):
        cdef int seat
        cdef long long amount, stack
        if self.head == self.tail:
            return None
        seat = self.queue[self.head]
        self.head += 1
        self.acted |= 1u << seat
        # Negative only in ACPC's fixed limit, where a short stack's raise lowered the bet: the call
        # takes back what is above it.
        amount = self.max_bet - <long long>self.bets[seat]
        if amount == 0:
            return record(Action, (_CHECK, seat, 0, _NO_CARDS))
        stack = self.stacks[seat]
        if amount > stack:
            amount = stack
        self.bets[seat] += amount
        self.stacks[seat] = stack - amount
        self.contributed[seat] += amount
        return record(Action, (_CALL, seat, amount, _NO_CARDS))

    def raise_to(self, amount):
        """Bet or raise to ``amount`` for the player to act; ``None`` when that is not allowed."""
        cdef int seat, step, other
        cdef long long low, high, total, size, put, stack
        cdef bint full, limit_half_bet
        cdef long long increment
        cdef list stacks = self.stacks, live = self.live
        if self.head == self.tail:
            return None
        seat = self.queue[self.head]
        if not self.bounds(seat, &low, &high):
            return None
        if not isinstance(amount, int) or isinstance(amount, bool) or not low <= amount <= high:
            return None
        total = amount
        size = total - self.max_bet
        put = total - <long long>self.bets[seat]
        stacks[seat] = <long long>stacks[seat] - put
        self.bets[seat] = total
        self.contributed[seat] += put
        full = size >= self.raise_size
        # Fixed limit, card-room rule: an all-in of at least half a bet counts as a full raise.
        limit_half_bet = self.limit == FIXED_LIMIT and self.reopening == REOPEN_SEEDS
        if limit_half_bet and not full:
            full = 2 * size >= self.street_min
        if self.reopening == REOPEN_ACPC:
            # Every raise reopens; the next raise-to is at least the minimum
            # before this one and at least this raise's size above it.
            full = True
            if self.limit != FIXED_LIMIT:
                increment = self.raise_size if self.raise_size > self.street_min else self.street_min
                increment = self.max_bet + increment - total
                self.street_min = self.raise_size = size if size > increment else increment
        if full:
            self.acted = 1u << seat
            self.short_sum = 0
        else:
            # An all-in for less than a full raise; such raises in a row that
            # add up to a full raise reopen the betting.
            self.acted |= 1u << seat
            self.short_sum += size
            if self.short_sum >= self.raise_size:
                self.short_sum = 0
        if full or not limit_half_bet:
            self.raise_count += 1
        if size > self.raise_size:
            self.raise_size = size
        kind = _RAISE if self.max_bet else _BET
        self.max_bet = total
        self.last_aggressor = seat
        # Everyone else still in with chips acts again, clockwise from the raiser.
        self.head = self.tail = 0
        for step in range(1, self.count):
            other = (seat + step) % self.count
            if live[other] and stacks[other]:
                self.queue[self.tail] = other
                self.tail += 1
        return record(Action, (kind, seat, total, _NO_CARDS))
