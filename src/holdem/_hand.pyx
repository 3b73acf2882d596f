# cython: boundscheck=True, wraparound=True
# The engine of a hand: the deal, the forced bets, the betting on each
# street, the streets dealt, the showdown, the pots and the award.  HandCore
# holds a hand's whole state; holdem.hand.Hand, a Python subclass, adds what
# people read (the error messages, the properties, logs) and the rare paths:
# hands dealt from known cards, posts, exposed cards, misdeals, runs agreed,
# showdowns that wait for a show or a muck.  The core calls those through
# methods of the subclass (named below where they are called).  Compiler
# directives are set in setup.py, but for the first line: its lists are the
# hand's own, so every index is checked (an error, never a crash), at a cost
# of a few percent.

cimport cython
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport uint8_t, uint64_t

from holdem._core cimport RngState, rank_of_cards, rng_below, splitmix64

from holdem._core import Deck
from holdem.actions import Action, ActionKind, LegalActions
from holdem.errors import InvalidHandError
from holdem.pots import award_pots, build_pots, pot_winners, take_rake
from holdem.rules import OddChip, Reopening, ShowdownOrder, Structure, checked_rules

__all__ = ["HandCore", "configure", "record"]


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
    made = PyType_GenericAlloc(cls, len(fields))
    for index in range(len(fields)):
        field = fields[index]
        Py_INCREF(field)
        PyTuple_SET_ITEM(made, index, field)
    return made


cdef object new_action(object kind, object seat, object amount, tuple cards):
    """``Action(kind, seat, amount, cards)``, made as ``record`` makes it, without the tuple of fields."""
    if PY_VERSION_HEX >= 0x030E0000:
        return tuple.__new__(Action, (kind, seat, amount, cards))
    made = PyType_GenericAlloc(Action, 4)
    Py_INCREF(kind)
    PyTuple_SET_ITEM(made, 0, kind)
    Py_INCREF(seat)
    PyTuple_SET_ITEM(made, 1, seat)
    Py_INCREF(amount)
    PyTuple_SET_ITEM(made, 2, amount)
    Py_INCREF(cards)
    PyTuple_SET_ITEM(made, 3, cards)
    return made


cdef object _DEAL_HOLE = ActionKind.DEAL_HOLE
cdef object _DEAL_BOARD = ActionKind.DEAL_BOARD
cdef object _POST_ANTE = ActionKind.POST_ANTE
cdef object _POST_BLIND = ActionKind.POST_BLIND
cdef object _FOLD = ActionKind.FOLD
cdef object _CHECK = ActionKind.CHECK
cdef object _CALL = ActionKind.CALL
cdef object _BET = ActionKind.BET
cdef object _RAISE = ActionKind.RAISE
cdef object _RETURN = ActionKind.RETURN
cdef object _SHOW = ActionKind.SHOW
cdef object _MUCK = ActionKind.MUCK
cdef object _RAKE = ActionKind.RAKE
cdef object _WIN = ActionKind.WIN
cdef tuple _NO_CARDS = ()
cdef object _FIXED_LIMIT = Structure.FIXED_LIMIT
cdef object _POT_LIMIT = Structure.POT_LIMIT
cdef object _SEEDS = Reopening.SEEDS
cdef object _ACPC = Reopening.ACPC
cdef object _POKERKIT_ODD_CHIP = OddChip.POKERKIT
cdef object _RIGHT_OF_BUTTON = ShowdownOrder.RIGHT_OF_BUTTON
cdef long long _MAX_CHIPS = 1LL << 60
DEF MAX_SEATS = 10
DEF MAX_LINKS = 32      # the longest chain of shared history a copy makes

# Set once by holdem.hand (configure): the view record, the streets, the
# seat statuses, each seat's hidden deal and the seats' position names.
cdef object _view_cls = None
cdef tuple _streets = (), _status_kinds = (), _hidden = ()
cdef tuple _positions = ()       # [player count][button][0: small blind posted, 1: dead]
# For each table size, for each button: the seats clockwise from the one left of the button.
cdef tuple _ORDERS = tuple(
    tuple(tuple((button + 1 + step) % count for step in range(count)) for button in range(count))
    for count in range(MAX_SEATS + 1)
)
# The seats 0, 1, ... of each table size.
cdef tuple _SEAT_NUMBERS = tuple(tuple(range(count)) for count in range(MAX_SEATS + 1))
# Empty and never changed: the seats a showdown waits for and the decisions taken, before any.
cdef list _NO_SEATS = []
cdef dict _NO_DECISIONS = {}


def configure(view_cls, tuple streets, tuple status_kinds, tuple hidden, dict seat_positions):
    """Give the core what holdem.hand defines: ``HandView``, the ``Street`` members, the
    ``SeatStatus`` members (active, all in, folded), each seat's deal record with the
    cards hidden, and the position names by ``(player count, button, small blind posted)``."""
    global _view_cls, _streets, _status_kinds, _hidden, _positions
    _view_cls, _streets, _status_kinds, _hidden = view_cls, streets, status_kinds, hidden
    _positions = tuple(
        tuple((seat_positions[count, button, True], seat_positions[count, button, False]) for button in range(count))
        if count >= 2 else ()
        for count in range(MAX_SEATS + 1)
    )


cdef enum Limit:
    NO_LIMIT, POT_LIMIT, FIXED_LIMIT

cdef enum Reopen:
    REOPEN_SEEDS, REOPEN_ACPC, REOPEN_POKERKIT


@cython.final
cdef class RulesCore:
    """What a hand reads of its Rules, in C: read once per Rules object."""

    cdef object rules
    cdef Limit limit
    cdef Reopen reopening
    cdef long long cap              # bets allowed per street, -1 for no cap
    cdef long long small_blind, big_blind, min_bet, small_bet, big_bet, ante
    cdef bint big_blind_ante, blind_counts_as_bet, fold_without_bet, uncapped_heads_up, all_hands_show
    cdef bint runs_by_agreement, pokerkit_odd_chip, right_of_button, no_flop_no_drop, has_straddles
    cdef object runouts             # a Python int: the rules allow any number
    cdef object rake                # a Fraction, or None for no rake
    cdef object rake_cap

    def __init__(self, rules):
        structure = rules.structure
        self.rules = rules
        self.limit = FIXED_LIMIT if structure is _FIXED_LIMIT else (POT_LIMIT if structure is _POT_LIMIT else NO_LIMIT)
        reopening = rules.reopening
        self.reopening = REOPEN_SEEDS if reopening is _SEEDS else (REOPEN_ACPC if reopening is _ACPC else REOPEN_POKERKIT)
        self.cap = -1 if self.limit != FIXED_LIMIT or rules.max_bets is None else rules.max_bets
        self.small_blind, self.big_blind, self.min_bet = rules.small_blind, rules.big_blind, rules.min_bet
        self.small_bet, self.big_bet, self.ante = rules.small_bet, rules.big_bet, rules.ante
        self.big_blind_ante = rules.big_blind_ante
        self.blind_counts_as_bet = rules.blind_counts_as_bet
        self.fold_without_bet = rules.fold_without_bet
        self.uncapped_heads_up = rules.uncapped_heads_up
        self.all_hands_show = rules.all_hands_show
        self.runs_by_agreement = rules.runs_by_agreement
        self.pokerkit_odd_chip = rules.odd_chip is _POKERKIT_ODD_CHIP
        self.right_of_button = rules.showdown_order is _RIGHT_OF_BUTTON
        self.no_flop_no_drop = rules.no_flop_no_drop
        self.has_straddles = bool(rules.straddles)
        self.runouts = rules.runouts
        self.rake = rules.rake if rules.rake else None
        self.rake_cap = rules.rake_cap


# Rules are frozen: what a hand reads of them is kept by the Rules object's
# identity (the entry holds the object, so its id is not reused meanwhile).
cdef dict _rules_cores = {}


cdef RulesCore rules_core(rules):
    cdef RulesCore core = _rules_cores.get(id(rules))
    if core is None:
        checked_rules(rules)
        if len(_rules_cores) >= 64:
            _rules_cores.clear()
        core = RulesCore(rules)
        _rules_cores[id(rules)] = core
    return core


cdef tuple seeded_cards(uint64_t seed, int count):
    """The first ``count`` cards of ``Deck(seed)`` (the same steps of its shuffle)."""
    cdef RngState state
    cdef uint8_t cards[52]
    cdef uint64_t mixer = seed
    cdef int index, swap
    cdef uint8_t card
    cdef tuple dealt = PyTuple_New(count)
    state.secure = False
    state.pool = NULL
    state.pool_next = 0
    for index in range(4):
        state.s[index] = splitmix64(&mixer)
    for index in range(52):
        cards[index] = index
    for index in range(count):
        swap = index + rng_below(&state, 52 - index)
        card = cards[swap]
        cards[swap] = cards[index]
        cards[index] = card
        code = <int>card
        Py_INCREF(code)
        PyTuple_SET_ITEM(dealt, index, code)
    return dealt


cdef bint add_new_cards(tuple cards, uint64_t *seen):
    """Add ``cards`` to the set of card codes ``seen``; False for one that is not a code or already in it."""
    cdef uint64_t bit
    for card in cards:
        if type(card) is not int or not 0 <= card < 52:
            return False
        bit = 1ULL << <int>card
        if seen[0] & bit:
            return False
        seen[0] |= bit
    return True


cdef tuple known_cards(tuple order, hole_cards, board):
    """The cards in dealing order (holes in two rounds, then burn and board cards, -1 where not
    known) of ``hole_cards`` given as pairs of codes or ``None`` and a ``board`` of codes or ``None``;
    ``None`` for any other form or a problem, which the hand's ``_card_layout`` reads or names."""
    cdef int count = len(order), index, start, stop
    cdef Py_ssize_t size
    cdef uint64_t seen = 0
    cdef list layout
    if (type(hole_cards) is not list and type(hole_cards) is not tuple) or len(hole_cards) != count:
        return None
    if board is None:
        board = ()
    if type(board) is not tuple or len(board) not in (0, 3, 4, 5):
        return None
    layout = [-1] * (2 * count)
    for index in range(count):
        pair = hole_cards[<int>order[index]]
        if pair is None:
            continue
        if type(pair) is not tuple or len(pair) != 2:
            return None
        if not add_new_cards(pair, &seen):
            return None
        layout[index] = pair[0]
        layout[count + index] = pair[1]
    if not add_new_cards(board, &seen):
        return None
    size = len(board)
    for start, stop in ((0, 3), (3, 4), (4, 5)):
        if size >= stop:
            layout.append(-1)
            layout.extend(board[start:stop])
    return tuple(layout)


cdef class HandCore:
    """The state and the play of one hand: see :class:`holdem.hand.Hand`, which adds the rest.

    >>> from holdem import Hand, Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
    >>> hand.raise_to(6), hand.call(), hand.fold()
    (Action('raise', 2, 6), Action('call', 0, 5), Action('fold', 1))
    >>> hand.street.name, hand.actor, hand.legal_actions().check
    ('FLOP', 0, True)
    """

    # What the hand's Python code reads; it changes only those that are public.
    cdef readonly object rules
    cdef RulesCore rc
    cdef readonly int _count, _button, _street
    cdef readonly tuple _order, _starting, _table_seats, _positions, _straddles
    cdef readonly list _stacks, _bets, _contributed, _live, _board, _extra_boards, _hole
    cdef readonly long long _rake
    cdef readonly Py_ssize_t _dealt
    cdef readonly object _runout_from   # the board's length when the betting ended with players all in, or None
    cdef readonly bint _manual, _waits, _dead_small_blind
    cdef readonly dict _decided, _posts
    cdef public int _cards_needed
    cdef public object _runs            # how many times the board is run (a Python int: the rules' may be huge)
    cdef public tuple _deck, _exposed
    cdef public list _waiting
    cdef public long long _dead
    cdef public Py_ssize_t _next_card
    cdef public bint _over
    cdef public dict _run_requests
    # The history: the records since the hand was last copied, after those it shares with its copies
    # (a chain of (earlier, records, links) tuples, never changed; links counts the chain's tuples).
    cdef list log
    cdef tuple shared
    # The betting on this street.
    cdef int queue[MAX_SEATS]           # the seats to act, in order: queue[head:tail]
    cdef int head, tail
    cdef int last_aggressor             # -1 for none
    cdef long long street_min           # the smallest bet or raise size on this street
    cdef readonly long long _max_bet       # the highest bet on this street
    cdef long long raise_size             # the last full raise (or the first bet) on this street
    cdef readonly long long _raise_count
    cdef readonly long long _short_sum    # all-ins for less than a full raise since the last full one
    cdef readonly unsigned int _acted     # a bit for each seat that acted since the last full raise
    cdef int live_count

    def _start(self, rules, stacks, button, seed, deck, hole_cards, board, dead_small_blind, posts, manual_showdown,
               table_seats, straddles):
        """Deal the hand: ``Hand(...)``'s arguments, in its order."""
        cdef RulesCore rc = rules_core(rules)
        cdef int count, last, index
        cdef list pairs, history
        cdef tuple cards, order, pair
        stacks = self.checked_stacks(stacks)
        count = len(stacks)
        if not 2 <= count <= MAX_SEATS:
            rules.check_player_count(count)
        if button is None:
            button = count - 1
        elif type(button) is not int or not 0 <= button < count:
            button = self._checked_button(button, count)
        order = _ORDERS[count][button]
        self.rules, self.rc = rules, rc
        self._count, self._button, self._order = count, button, order
        self._starting = tuple(stacks)
        if hole_cards is None and deck is None and board is None:
            cards = self.deal_from(seed, 52 if rc.runouts > 1 else 2 * count + 8)
        else:
            cards = None
            if seed is None and deck is None:
                cards = known_cards(order, hole_cards, board)
            if cards is None:
                cards = self._card_layout(seed, deck, hole_cards, board)
        self._deck = cards
        # Dealt one card a round from the seat left of the button: seat order[index] holds
        # cards[index] and cards[count + index].
        pairs = [None] * count
        for index in range(count):
            pair = (cards[index], cards[count + index])
            pairs[<int>order[index]] = pair
        self._waits = manual_showdown
        if hole_cards is not None:
            for index in range(count):
                if pairs[index][0] < 0:
                    pairs[index] = ()
                    self._waits = True
        self._hole = pairs
        self._next_card = 2 * count
        self._stacks = stacks
        self._bets = [0] * count
        self._contributed = [0] * count
        self._dead = 0
        self._live = [True] * count
        self.live_count = count
        self._board = []
        self._extra_boards = []
        self._cards_needed = 0
        self._runout_from = None
        self._street = 0
        self._rake = 0
        self._over = False
        self._manual = manual_showdown
        self._waiting = _NO_SEATS
        self._runs = 1 if rc.runs_by_agreement else rc.runouts
        self._run_requests = _NO_DECISIONS
        self._decided = _NO_DECISIONS
        self._exposed = ()
        self.log = history = []
        self.shared = None
        self._dead_small_blind = dead_small_blind
        self._straddles = () if straddles is None and not rc.has_straddles else self._hand_straddles(straddles)
        self._positions = _positions[count][button][1 if dead_small_blind else 0]
        self._posts = _NO_DECISIONS
        last = self.post_forced_bets()
        if posts is not None:
            self._posts = self._post(posts)
        for index in range(count):
            seat = order[index]
            history.append(new_action(_DEAL_HOLE, seat, 0, pairs[<int>seat]))
        self._dealt = len(history)
        self._table_seats = _SEAT_NUMBERS[count] if table_seats is None else self._checked_table_seats(table_seats)
        self.begin_preflop(last)

    cdef list checked_stacks(self, stacks):
        """``stacks`` as a new list of ints; the hand's ``_checked_stacks`` when one needs a
        conversion or a message."""
        cdef list checked
        cdef long long total = 0
        if type(stacks) is list or type(stacks) is tuple:
            checked = list(stacks)
            for stack in checked:
                if type(stack) is not int or not 1 <= stack <= _MAX_CHIPS:
                    break
                total += <long long>stack
                if total > _MAX_CHIPS:
                    break
            else:
                return checked
        return self._checked_stacks(stacks)

    cdef tuple deal_from(self, seed, int count):
        if type(seed) is int and 0 <= seed < 2**64:
            return seeded_cards(seed, count)
        return Deck(seed).deal(count)

    cdef int post_forced_bets(self) except -1:
        """Post the antes, blinds and straddles; return the position, from the seat left of
        the button, of the last blind or straddle."""
        cdef RulesCore rc = self.rc
        cdef tuple order = self._order, forced
        cdef list stacks = self._stacks, bets = self._bets, contributed = self._contributed
        cdef list history = self.log
        cdef int last, index, seat, count = self._count
        cdef long long amount, stack
        if rc.ante:
            if rc.big_blind_ante:
                seat = order[0] if count == 2 or self._dead_small_blind else order[1]
                amount = min(rc.ante, <long long>stacks[seat])
                stacks[seat] -= amount
                self._dead += amount
                history.append(new_action(_POST_ANTE, seat, amount, _NO_CARDS))
            else:
                for seat in order:
                    amount = min(rc.ante, <long long>stacks[seat])
                    stacks[seat] -= amount
                    contributed[seat] += amount
                    history.append(new_action(_POST_ANTE, seat, amount, _NO_CARDS))
        if self._dead_small_blind:
            forced = (rc.big_blind, *self._straddles)
            last = len(self._straddles)
        elif count == 2:
            forced = (rc.big_blind, rc.small_blind)
            last = 0 if rc.small_blind < rc.big_blind else 1
        else:
            forced = (rc.small_blind, rc.big_blind, *self._straddles)
            last = 1 + len(self._straddles)
        for index in range(len(forced)):
            seat = order[index]
            amount = forced[index]
            stack = stacks[seat]
            if amount > stack:
                amount = stack
            if amount:
                stacks[seat] = stack - amount
                bets[seat] = amount
                contributed[seat] += amount
                history.append(new_action(_POST_BLIND, seat, amount, _NO_CARDS))
        return last

    cdef int begin_preflop(self, int last) except -1:
        cdef RulesCore rc = self.rc
        cdef list bets = self._bets, stacks = self._stacks
        cdef tuple order = self._order
        cdef int count = self._count, step, seat, position
        cdef long long street_min, raise_count, max_bet = 0, shortest = -1, stack, top, second, total
        cdef int queue[MAX_SEATS]
        cdef int size = 0
        if rc.limit == FIXED_LIMIT:
            street_min = rc.small_bet
            raise_count = 1 if rc.blind_counts_as_bet else 0
        else:
            street_min = rc.min_bet
            for amount in self._straddles:
                if amount > street_min:
                    street_min = amount
            raise_count = 0
        for seat in range(count):
            if <long long>bets[seat] > max_bet:
                max_bet = bets[seat]
            stack = stacks[seat]
            if shortest < 0 or stack < shortest:
                shortest = stack
        if shortest > max_bet:
            # Every forced bet was posted in full: action starts after the last
            # blind or straddle (heads-up, after the big blind unless the blinds are equal).
            for step in range(count):
                queue[step] = order[(last + 1 + step) % count]
            self.begin(queue, count, max_bet, street_min, raise_count)
            return 0
        # Short stacks: action starts after the largest forced bet (the later
        # seat on a tie), and skips seats that are all in or that no one can bet against.
        last = 0
        for position in range(1, count):
            if <long long>bets[order[position]] >= <long long>bets[order[last]]:
                last = position
        top = second = -1
        for seat in range(count):
            total = <long long>bets[seat] + <long long>stacks[seat]
            if total > top:
                second = top
                top = total
            elif total > second:
                second = total
        for step in range(1, count + 1):
            seat = order[(last + step) % count]
            stack = stacks[seat]
            if stack and min(stack, second - <long long>bets[seat]) > 0:
                queue[size] = seat
                size += 1
        self.begin(queue, size, max_bet, street_min, raise_count)
        if size == 0 or (size == 1 and <long long>bets[queue[0]] >= max_bet):
            self.close_street()
        return 0

    # ------------------------------------------------------------ the betting

    cdef void begin(self, int *seats, int size, long long max_bet, long long street_min, long long raise_count):
        """Start a street facing ``max_bet``: the ``seats`` still in with chips act, in that order."""
        cdef int index, seat
        cdef list live = self._live, stacks = self._stacks
        self.head = 0
        self.tail = 0
        for index in range(size):
            seat = seats[index]
            if live[seat] is True and <long long>stacks[seat]:
                self.queue[self.tail] = seat
                self.tail += 1
        self._max_bet = max_bet
        self.street_min = street_min
        self._raise_count = raise_count
        # Seeds' rule: preflop the big blind (or the last straddle) is the last full bet.
        self.raise_size = street_min if max_bet and self.rc.reopening == REOPEN_SEEDS else 0
        self._short_sum = 0
        self._acted = 0
        self.last_aggressor = -1

    def _end_betting(self):
        """No one is to act any more (a misdeal)."""
        self.begin(NULL, 0, 0, 0, 0)

    cdef object close_bets(self):
        """End the street's betting: the bets go in, and the part of the highest bet that
        no one matched goes back to its seat; return that ``RETURN`` record, or ``None``."""
        cdef list bets = self._bets
        cdef int seat, top_seat = 0
        cdef long long bet, top = 0, second = 0
        self.head = self.tail
        for seat in range(self._count):
            bet = bets[seat]
            if bet > top:
                second = top
                top = bet
                top_seat = seat
            elif bet > second:
                second = bet
            if bet:
                bets[seat] = 0
        # ACPC: a seat that folded above a bet a short stack lowered loses what it put in.
        if top == second or self.rc.reopening == REOPEN_ACPC and self._live[top_seat] is False:
            return None
        self._stacks[top_seat] += top - second
        self._contributed[top_seat] -= top - second
        return new_action(_RETURN, top_seat, top - second, _NO_CARDS)

    cdef int seats_with_chips(self):
        """How many seats are still in the hand with chips behind."""
        cdef int seat, count = 0
        cdef list live = self._live, stacks = self._stacks
        for seat in range(self._count):
            if live[seat] is True and <long long>stacks[seat]:
                count += 1
        return count

    cdef tuple status_tuple(self):
        cdef int seat
        cdef list stacks = self._stacks, live = self._live
        cdef tuple statuses = PyTuple_New(self._count)
        for seat in range(self._count):
            status = (_status_kinds[0] if stacks[seat] else _status_kinds[1]) if live[seat] else _status_kinds[2]
            Py_INCREF(status)
            PyTuple_SET_ITEM(statuses, seat, status)
        return statuses

    @property
    def statuses(self):
        """Each seat's :class:`SeatStatus`."""
        return self.status_tuple()

    @property
    def actor(self):
        """The seat to act, or ``None`` when no one is to act."""
        return self.queue[self.head] if self.head < self.tail else None

    @property
    def is_over(self):
        """Whether the pots have been awarded."""
        return self._over

    def legal_actions(self):
        """What the player to act may do, or ``None`` when no one is to act.

        >>> from holdem import Hand, Rules
        >>> Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=1).legal_actions()
        LegalActions(seat=2, fold=True, check=False, call=2, current_bet=2, min_raise_to=4, max_raise_to=100)
        """
        cdef int seat
        cdef long long call, stack, low, high
        if self.head == self.tail:
            return None
        seat = self.queue[self.head]
        call = self._max_bet - <long long>self._bets[seat]
        stack = self._stacks[seat]
        if call > stack:
            call = stack
        fold = call != 0 or self.rc.fold_without_bet
        if self.bounds(seat, &low, &high):
            return record(LegalActions, (seat, fold, call == 0, call, self._max_bet, low, high))
        return record(LegalActions, (seat, fold, call == 0, call, self._max_bet, None, None))

    def _raise_bounds(self):
        """The smallest and largest raise-to of the player to act, or ``None`` when they may not raise."""
        cdef long long low, high
        if self.head < self.tail and self.bounds(self.queue[self.head], &low, &high):
            return low, high
        return None

    cdef bint bounds(self, int seat, long long *low, long long *high) except -1:
        cdef RulesCore rc = self.rc
        cdef list stacks = self._stacks, bets = self._bets, live = self._live
        cdef long long stack = stacks[seat], bet = bets[seat], max_bet = self._max_bet, all_in, pot
        cdef int step, other, count = self._count
        if stack <= max_bet - bet and not (
            # ACPC, fixed limit (the reference game.c): a stack that does not cover more than the call
            # may still raise: it goes all in and its total becomes the bet, which a short stack lowers.
            rc.reopening == REOPEN_ACPC and rc.limit == FIXED_LIMIT
        ):
            return False
        if rc.cap >= 0 and self._raise_count >= rc.cap and not (rc.uncapped_heads_up and self.live_count == 2):
            return False
        if self._short_sum and self._short_sum < self.raise_size and self._acted >> seat & 1:
            return False
        # Someone else must be able to answer the raise: ACPC asks only for
        # another player with chips behind, the others for one who can put in
        # more than the current bet.
        for step in range(1, count):
            other = seat + step
            if other >= count:
                other -= count
            if live[other] is True and (
                <long long>stacks[other] > 0 if rc.reopening == REOPEN_ACPC
                else <long long>stacks[other] + <long long>bets[other] > max_bet
            ):
                break
        else:
            return False
        all_in = stack + bet
        low[0] = max_bet + (self.raise_size if self.raise_size > self.street_min else self.street_min)
        if low[0] > all_in:
            low[0] = all_in
        if rc.limit == NO_LIMIT:
            high[0] = all_in
        elif rc.limit == FIXED_LIMIT:
            high[0] = low[0]
        else:
            pot = 2 * max_bet - bet + self._dead
            for other in range(count):
                pot += <long long>self._contributed[other]
            high[0] = min(all_in, max(low[0], pot))
        return True

    # ------------------------------------------------------------ the decisions

    def fold(self):
        """Fold the hand of the player to act.

        Facing no bet the fold is rejected (check instead) unless the rules
        allow it with ``fold_without_bet``.
        """
        cdef int seat
        if self.head == self.tail:
            raise self._refusal("fold")
        seat = self.queue[self.head]
        if <long long>self._bets[seat] == self._max_bet and not self.rc.fold_without_bet:
            raise self._refusal("fold")
        self.head += 1
        self._acted |= 1u << seat
        self._live[seat] = False
        self.live_count -= 1
        action = new_action(_FOLD, seat, 0, _NO_CARDS)
        self.log.append(action)
        if self.live_count == 1:
            self.win_without_showdown()
        elif self.head == self.tail:
            self.close_street()
        return action

    def check(self):
        """Check: allowed only when there is nothing to call."""
        if self.head == self.tail or <long long>self._bets[self.queue[self.head]] != self._max_bet:
            raise self._refusal("check")
        return self.play_check_or_call()

    def call(self):
        """Call the current bet (all in when the stack is shorter)."""
        if self.head == self.tail or <long long>self._bets[self.queue[self.head]] == self._max_bet:
            raise self._refusal("call")
        return self.play_check_or_call()

    def check_or_call(self):
        """Check when there is nothing to call, otherwise call."""
        if self.head == self.tail:
            raise self._refusal("call")
        return self.play_check_or_call()

    cdef object play_check_or_call(self):
        cdef int seat = self.queue[self.head]
        cdef long long amount, stack
        self.head += 1
        self._acted |= 1u << seat
        # Negative only in ACPC's fixed limit, where a short stack's raise lowered the bet: the call
        # takes back what is above it.
        amount = self._max_bet - <long long>self._bets[seat]
        if amount == 0:
            action = new_action(_CHECK, seat, 0, _NO_CARDS)
        else:
            stack = self._stacks[seat]
            if amount > stack:
                amount = stack
            self._bets[seat] += amount
            self._stacks[seat] = stack - amount
            self._contributed[seat] += amount
            action = new_action(_CALL, seat, amount, _NO_CARDS)
        self.log.append(action)
        if self.head == self.tail:
            self.close_street()
        return action

    def raise_to(self, amount):
        """Bet or raise to a total of ``amount`` for the street.

        :raises IllegalActionError: when raising is not allowed or ``amount`` is
            outside ``legal_actions()``'s ``min_raise_to`` .. ``max_raise_to``.
        :raises TypeError: for an amount that is not an integer.
        """
        cdef RulesCore rc = self.rc
        cdef int seat, step, other, count = self._count
        cdef long long low, high, total, size, put, increment
        cdef bint full, limit_half_bet
        cdef list stacks = self._stacks, live = self._live
        if type(amount) is not int:
            amount = self._integer_amount(amount)
        if self.head == self.tail:
            raise self._refusal("raise", amount)
        seat = self.queue[self.head]
        if not self.bounds(seat, &low, &high) or not low <= amount <= high:
            raise self._refusal("raise", amount)
        total = amount
        size = total - self._max_bet
        put = total - <long long>self._bets[seat]
        stacks[seat] = <long long>stacks[seat] - put
        self._bets[seat] = total
        self._contributed[seat] += put
        full = size >= self.raise_size
        # Fixed limit, card-room rule: an all-in of at least half a bet counts as a full raise.
        limit_half_bet = rc.limit == FIXED_LIMIT and rc.reopening == REOPEN_SEEDS
        if limit_half_bet and not full:
            full = 2 * size >= self.street_min
        if rc.reopening == REOPEN_ACPC:
            # Every raise reopens; the next raise-to is at least the minimum
            # before this one and at least this raise's size above it.
            full = True
            if rc.limit != FIXED_LIMIT:
                increment = self.raise_size if self.raise_size > self.street_min else self.street_min
                increment = self._max_bet + increment - total
                self.street_min = self.raise_size = size if size > increment else increment
        if full:
            self._acted = 1u << seat
            self._short_sum = 0
        else:
            # An all-in for less than a full raise; such raises in a row that
            # add up to a full raise reopen the betting.
            self._acted |= 1u << seat
            self._short_sum += size
            if self._short_sum >= self.raise_size:
                self._short_sum = 0
        if full or not limit_half_bet:
            self._raise_count += 1
        if size > self.raise_size:
            self.raise_size = size
        kind = _RAISE if self._max_bet else _BET
        self._max_bet = total
        self.last_aggressor = seat
        # Everyone else still in with chips acts again, clockwise from the raiser.
        self.head = self.tail = 0
        for step in range(1, count):
            other = seat + step
            if other >= count:
                other -= count
            if live[other] is True and <long long>stacks[other]:
                self.queue[self.tail] = other
                self.tail += 1
        action = new_action(kind, seat, total, _NO_CARDS)
        self.log.append(action)
        return action

    # ------------------------------------------------------------ the flow

    cdef int close_street(self) except -1:
        returned = self.close_bets()
        if returned is not None:
            self.log.append(returned)
        if self.seats_with_chips() <= 1:
            self._runout_from = len(self._board)
            if self._street < 3 and (
                (self.rc.runs_by_agreement and self._ask_for_runs()) or self.turn_up_hands()
            ):
                return 0
            self.run_out()
        elif self._street == 3:
            self.showdown()
        elif self.deal_street():
            self.begin_street()
        return 0

    cdef bint deal_street(self) except -1:
        cdef Py_ssize_t size = 3 if self._street == 0 else 1
        cdef Py_ssize_t start = self._next_card + 1
        cdef tuple cards = self._deck[start : start + size]
        if len(cards) < size:
            self._next_card = len(self._deck)  # spent: what is left of it is never dealt
            self._cards_needed = size
            return False
        self._next_card = start + size
        self._board += cards
        self._street += 1
        self.log.append(new_action(_DEAL_BOARD, None, 0, cards))
        return True

    cdef int begin_street(self) except -1:
        cdef RulesCore rc = self.rc
        cdef int index
        cdef int queue[MAX_SEATS]
        cdef long long street_min = rc.min_bet
        if rc.limit == FIXED_LIMIT:
            street_min = rc.small_bet if self._street < 2 else rc.big_bet
        for index in range(self._count):
            queue[index] = self._order[index]
        self.begin(queue, self._count, 0, street_min, 0)
        return 0

    def _new_board_cards(self, cards):
        """``cards`` when they are a tuple of the board cards needed, codes dealt to no one yet;
        ``None`` for any other form or a problem, which the hand names."""
        cdef uint64_t used = 0
        if type(cards) is not tuple or len(cards) != self._cards_needed:
            return None
        for pair in self._hole:
            for card in pair:
                used |= 1ULL << <int>card
        for card in self._board:
            used |= 1ULL << <int>card
        for board in self._extra_boards:
            for card in board:
                used |= 1ULL << <int>card
        for card in self._exposed:
            used |= 1ULL << <int>card
        return cards if add_new_cards(cards, &used) else None

    def _deal_board(self, tuple codes):
        """Deal ``codes``, the board cards needed, checked, and play on; return the record."""
        self._cards_needed = 0
        if self._street == 3:  # the rest of another run's board
            self._extra_boards.append(self._board[: self._runout_from] + list(codes))
            action = new_action(_DEAL_BOARD, None, len(self._extra_boards), codes)
        else:
            self._board.extend(codes)
            self._street += 1
            action = new_action(_DEAL_BOARD, None, 0, codes)
        self.log.append(action)
        if self._runout_from is None:
            self.begin_street()
        else:
            self.run_out()
        return action

    cdef bint turn_up_hands(self) except -1:
        """No more betting, the board not complete: the hands still in are shown before the
        rest of the board (seed 000).  Return True when the hand waits for some to show or muck."""
        cdef list hole = self._hole, live = self._live, waiting = [], history = self.log
        cdef dict decided = {}
        for seat in self.showdown_order():
            if live[seat] is True:
                if self._manual or not hole[seat]:
                    waiting.append(seat)
                else:
                    decided[seat] = True
                    history.append(new_action(_SHOW, seat, 0, hole[seat]))
        self._decided = decided
        self._waits = False
        self._waiting = waiting
        return bool(waiting)

    def _turn_up_hands(self):
        """Show the hands still in before the rest of the board (see ``turn_up_hands``)."""
        return self.turn_up_hands()

    cdef int run_out(self) except -1:
        while self._street < 3:
            if not self.deal_street():
                return 0
        runout_from = self._runout_from
        if self._runs > 1 and runout_from is not None and runout_from < 5:
            if not self._deal_extra_boards(runout_from):
                return 0
        self.showdown()
        return 0

    def _run_out(self):
        """Deal the rest of the board (every run of it) and settle the hand."""
        self.run_out()

    cdef tuple showdown_order(self):
        """Every seat clockwise from the one that shows first: the last aggressor, else the first
        seat still in left of the button (or right of it, as the rules say)."""
        cdef int start = self.last_aggressor, index, seat
        cdef tuple order = self._order
        if start < 0:
            start = order[0]
            if self.rc.right_of_button:
                for index in range(self._count - 1, -1, -1):
                    seat = order[index]
                    if seat != self._button and self._live[seat] is True:
                        start = seat
                        break
        return _ORDERS[self._count][(start + self._count - 1) % self._count]

    cdef int showdown(self) except -1:
        cdef int count = self._count, seat, first, board_size, index
        cdef list live = self._live, hole = self._hole, contributed = self._contributed, ranks, rankings
        cdef uint8_t cards[7]
        cdef long long lowest = -1, highest = 0, put
        if self._waits:
            # Wait (once) for the hands to show or muck: every hand, or those not known.
            self._waits = False
            self._waiting = [
                seat for seat in self.showdown_order() if live[seat] and (self._manual or not hole[seat])
            ]
            if self._waiting:
                self._decided = {}
                return 0
        decided = self._decided
        boards = [self._board, *self._extra_boards]
        rankings = []
        for board in boards:
            board_size = len(board)
            for index in range(board_size):
                cards[2 + index] = board[index]
            ranks = [-1] * count
            for seat in range(count):
                if live[seat] is True:
                    if decided and decided.get(seat, True) is False:
                        ranks[seat] = 0  # mucked: below every hand shown
                    else:
                        pair = hole[seat]
                        if len(pair) != 2:  # a hand cannot be shown, only mucked, when its cards are not known
                            raise InvalidHandError(f"seat {seat}'s hole cards are not known at the showdown")
                        cards[0] = pair[0]
                        cards[1] = pair[1]
                        ranks[seat] = rank_of_cards(cards, 2 + board_size)
            rankings.append(ranks)
        # One pot when every seat still in put in as much as anyone did.
        for seat in range(count):
            put = contributed[seat]
            if put > highest:
                highest = put
            if live[seat] is True and (lowest < 0 or put < lowest):
                lowest = put
        if len(boards) == 1 and not self._dead and lowest == highest:
            self.award_single_pot(rankings[0])
            return 0
        pots = build_pots(contributed, live, self._dead)
        self.show_or_muck(pots, rankings)
        if self.rc.pokerkit_odd_chip:
            winners = {seat for pot in pots for ranks in rankings for seat in pot_winners(pot, ranks)}
            pots = build_pots(contributed, [seat in winners for seat in range(count)], self._dead)
        self._rake = self.rake_for(sum([pot.amount for pot in pots]))
        if self._rake:
            pots = take_rake(pots, self._rake)
        self.award(award_pots(pots, rankings, self._order, self.rules.odd_chip))
        return 0

    def _showdown(self):
        """Settle the hand at showdown (or wait for the hands to show or muck)."""
        self.showdown()

    cdef int award_single_pot(self, list ranks) except -1:
        """Show or muck and award when there is one pot that every live seat contests."""
        cdef list live = self._live, hole = self._hole, history = self.log, won, winners = []
        cdef dict decided = self._decided
        cdef bint every_hand_shows = self.rc.all_hands_show or self._runout_from is not None
        cdef long long best = 0, rank, total = 0, each, extra
        cdef int seat, count = self._count, index
        for seat in self.showdown_order():
            if live[seat] is True:
                rank = ranks[seat]
                if seat in decided:
                    if rank > best:
                        best = rank
                elif every_hand_shows or rank >= best:
                    history.append(new_action(_SHOW, seat, 0, hole[seat]))
                    if rank > best:
                        best = rank
                else:
                    history.append(new_action(_MUCK, seat, 0, _NO_CARDS))
        for seat in range(count):
            total += <long long>self._contributed[seat]
        self._rake = self.rake_for(total)
        for seat in self._order:
            if <long long>ranks[seat] == best:
                winners.append(seat)
        each = (total - self._rake) // len(winners)
        extra = (total - self._rake) % len(winners)
        won = [0] * count
        for seat in winners:
            won[seat] = each
        if extra:
            if self.rc.pokerkit_odd_chip:
                won[winners[0]] += extra
            else:
                for index in range(extra):
                    won[winners[index]] += 1
        self.award(won)
        return 0

    cdef int show_or_muck(self, list pots, list rankings) except -1:
        cdef bint every_hand_shows = self.rc.all_hands_show or self._runout_from is not None or len(rankings) > 1
        cdef list ranks = rankings[0], best_shown = [-1] * len(pots), history = self.log
        for seat in self.showdown_order():
            if not self._live[seat]:
                continue
            contested = [index for index, pot in enumerate(pots) if seat in pot.eligible]
            decided = self._decided.get(seat)
            if decided is not None or every_hand_shows or any(ranks[seat] >= best_shown[index] for index in contested):
                for index in contested:
                    best_shown[index] = max(best_shown[index], ranks[seat])
                if decided is None:
                    history.append(new_action(_SHOW, seat, 0, self._hole[seat]))
            else:
                history.append(new_action(_MUCK, seat, 0, _NO_CARDS))
        return 0

    cdef long long rake_for(self, long long total) except -1:
        cdef RulesCore rc = self.rc
        if rc.rake is None or (rc.no_flop_no_drop and not self._board):
            return 0
        rake = int(total * rc.rake)
        return rake if rc.rake_cap is None else min(rake, rc.rake_cap)

    cdef int win_without_showdown(self) except -1:
        cdef int seat, count = self._count
        cdef long long total = self._dead
        returned = self.close_bets()
        if returned is not None:
            self.log.append(returned)
        for seat in range(count):
            total += <long long>self._contributed[seat]
        self._rake = self.rake_for(total)
        won = [0] * count
        won[self._live.index(True)] = total - self._rake
        self.award(won)
        return 0

    cdef int award(self, list won) except -1:
        cdef list stacks = self._stacks, history = self.log
        if self._rake:
            history.append(new_action(_RAKE, None, self._rake, _NO_CARDS))
        for seat in self._order:
            amount = won[seat]
            if amount:
                stacks[seat] += amount
                history.append(new_action(_WIN, seat, amount, _NO_CARDS))
        self._over = True
        return 0

    # ------------------------------------------------------------ the history

    cdef list records(self):
        """Every record so far, in order, as a new list."""
        cdef list chunks = [], flat = []
        node = self.shared
        while node is not None:
            chunks.append(node[1])
            node = node[0]
        if len(chunks) > 1:
            # Join the shared chain into one link, so that the next reading walks no chain.
            for index in range(len(chunks) - 1, -1, -1):
                flat.extend(chunks[index])
            self.shared = (None, tuple(flat), 1)
        elif chunks:
            flat.extend(chunks[0])
        flat.extend(self.log)
        return flat

    def _records(self):
        """Every record so far, in order, as a new list."""
        return self.records()

    def _record(self, action):
        """Add ``action`` to the history."""
        self.log.append(action)

    def _replace_hole_cards(self, int seat, tuple pair):
        """Give ``seat`` the hole cards ``pair`` (copies share the list of pairs, so it is replaced)."""
        if not 0 <= seat < self._count or len(pair) != 2:
            raise InvalidHandError(f"hole cards {pair!r} for seat {seat}: give two cards to one of the seats")
        self._hole = self._hole[:]
        self._hole[seat] = pair

    def _last_record(self):
        """The history's last record."""
        return self.log[len(self.log) - 1] if self.log else self.shared[1][len(self.shared[1]) - 1]

    def _rewrite(self, list records):
        """Replace the whole history with ``records``."""
        self.shared = None
        self.log = records

    @property
    def history(self):
        """Every event so far, in order."""
        return tuple(self.records())

    # ------------------------------------------------------------ views and copies

    def _hidden_view(self, int seat):
        """What ``seat`` may know (-1: the seat to act; ``None`` when no one is) while nothing is
        shown: the history with every other seat's deal hidden."""
        cdef int other, actor = self.queue[self.head] if self.head < self.tail else -1
        if seat < 0:
            if actor < 0:
                return None
            seat = actor
        elif seat >= self._count:
            raise InvalidHandError(f"seat {seat}: seats are 0 to {self._count - 1}")
        cdef long long pot = self._dead
        cdef Py_ssize_t index, dealt = self._dealt, start = dealt - self._count
        cdef int button = self._button
        cdef list history = self.records()
        cdef tuple masked = PyTuple_New(len(history))
        for index in range(len(history)):
            field = history[index]
            if start <= index < dealt:
                other = (button + 1 + index - start) % self._count
                if other != seat:
                    field = _hidden[other]
            Py_INCREF(field)
            PyTuple_SET_ITEM(masked, index, field)
        for other in range(self._count):
            pot += <long long>self._contributed[other] - <long long>self._bets[other]
        return record(_view_cls, (
            seat, self._hole[seat], tuple(self._board), _streets[self._street], button, tuple(self._stacks),
            tuple(self._bets), self.status_tuple(), pot, None if actor < 0 else actor,
            self.legal_actions() if actor == seat
            else record(LegalActions, (seat, False, False, 0, self._max_bet, None, None)),
            {}, masked, self.rules, self._table_seats[seat], self._positions,
        ))

    def copy(self):
        """Return an independent copy (cheap: for tree search).

        >>> from holdem import Hand, Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], seed=5)
        >>> other = hand.copy()
        >>> _ = other.fold()
        >>> hand.is_over, other.is_over
        (False, True)
        """
        cdef HandCore new = type(self).__new__(type(self))
        new.rules = self.rules
        new.rc = self.rc
        new._count = self._count
        new._button = self._button
        new._street = self._street
        new._cards_needed = self._cards_needed
        new._runs = self._runs
        new._order = self._order
        new._starting = self._starting
        new._deck = self._deck
        new._table_seats = self._table_seats
        new._positions = self._positions
        new._straddles = self._straddles
        new._exposed = self._exposed
        new._stacks = self._stacks[:]
        new._bets = self._bets[:]
        new._contributed = self._contributed[:]
        new._live = self._live[:]
        new._hole = self._hole  # never changed in place (an exposed card replaces the list)
        new._board = self._board[:]
        new._extra_boards = [board[:] for board in self._extra_boards] if self._extra_boards else []
        if self.log:
            if self.shared is not None and self.shared[2] >= MAX_LINKS:
                self.records()  # joins the chain: pickling walks it, and Python's recursion has a limit
            self.shared = (self.shared, tuple(self.log), 1 if self.shared is None else self.shared[2] + 1)
            self.log = []
        new.shared = self.shared
        new.log = []
        new._waiting = _NO_SEATS if self._waiting is _NO_SEATS else self._waiting[:]
        new._dead = self._dead
        new._rake = self._rake
        new._next_card = self._next_card
        new._dealt = self._dealt
        new._runout_from = self._runout_from
        new._over = self._over
        new._manual = self._manual
        new._waits = self._waits
        new._dead_small_blind = self._dead_small_blind
        new._decided = _NO_DECISIONS if self._decided is _NO_DECISIONS else self._decided.copy()
        new._run_requests = _NO_DECISIONS if self._run_requests is _NO_DECISIONS else self._run_requests.copy()
        new._posts = self._posts
        new.queue = self.queue
        new.head = self.head
        new.tail = self.tail
        new.last_aggressor = self.last_aggressor
        new.street_min = self.street_min
        new._max_bet = self._max_bet
        new.raise_size = self.raise_size
        new._raise_count = self._raise_count
        new._short_sum = self._short_sum
        new._acted = self._acted
        new.live_count = self.live_count
        return new
