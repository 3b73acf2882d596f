# cython: boundscheck=True, wraparound=True
# The state and the play of one hand over the one engine (_engine.pxi, shared
# with _vector.pyx): HandCore holds a hand's betting state in the engine's C
# structures, its cards and its history in Python objects, and plays every
# step through the engine's functions, the rare ones (posts, exposed cards,
# misdeals, runs agreed, showdowns that wait) included.  holdem.hand.Hand, a
# Python subclass, adds what people read: the checks of what they pass, the
# messages, the properties, logs.  The contract between the two is in
# _hand.pyi.  Compiler directives are set in setup.py, but for the first line:
# the Python lists are the hand's own, so every index is checked (an error,
# never a crash), at a cost of a few percent.

cimport cython
from cpython.long cimport PyLong_AsLongLongAndOverflow, PyLong_FromVoidPtr
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

from holdem._core cimport RngState, drawn_below, rank_of_cards, splitmix64
from holdem._engine cimport *

import threading

from holdem._core import Deck
from holdem.actions import Action, ActionKind, LegalActions
from holdem.errors import InvalidHandError
from holdem.limits import MAX_CHIPS, MAX_PLAYERS
from holdem.rules import checked_rules
from holdem.views import HIDDEN_DEALS, SEAT_POSITIONS, HandView, SeatStatus, Street

include "_engine.pxi"

__all__ = ["HandCore", "REFUSALS", "awarded", "pots_of", "raked", "record", "winners_of"]

if MAX_PLAYERS != MAX_SEATS:
    raise ImportError(f"holdem._hand was built for {MAX_SEATS} seats, holdem.limits says {MAX_PLAYERS}")

REFUSALS = {
    "NO_ACTOR": NO_ACTOR, "FOLD_FACING_NO_BET": FOLD_FACING_NO_BET, "CHECK_FACING_BET": CHECK_FACING_BET,
    "NOTHING_TO_CALL": NOTHING_TO_CALL, "STACK_ONLY_CALLS": STACK_ONLY_CALLS, "NOT_REOPENED": NOT_REOPENED,
    "CAP_REACHED": CAP_REACHED, "NO_ONE_WITH_CHIPS": NO_ONE_WITH_CHIPS, "NO_ONE_TO_ANSWER": NO_ONE_TO_ANSWER,
    "OUT_OF_BOUNDS": OUT_OF_BOUNDS,
}
"""The engine's refusal codes by name: why a decision is not legal."""


cdef extern from "Python.h":
    object PyType_GenericAlloc(type cls, Py_ssize_t size)
    void PyObject_GC_UnTrack(object made)
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
cdef object _FOLD = ActionKind.FOLD
cdef object _CHECK = ActionKind.CHECK
cdef object _CALL = ActionKind.CALL
cdef object _BET = ActionKind.BET
cdef object _RAISE = ActionKind.RAISE
cdef object _SHOW = ActionKind.SHOW
cdef object _RUNS = ActionKind.RUNS
cdef object _EXPOSE = ActionKind.EXPOSE
cdef object _MISDEAL = ActionKind.MISDEAL
# The record of each engine event (EventKind's order).
cdef tuple _EVENT_KINDS = (
    ActionKind.POST_ANTE, ActionKind.POST_BLIND, ActionKind.POST_DEAD, ActionKind.RETURN, _SHOW, ActionKind.MUCK,
    ActionKind.RAKE, ActionKind.WIN,
)
cdef tuple _NO_CARDS = ()
cdef tuple _UNKNOWN_PAIR = (-1, -1)  # a pair of hole cards not known, as the deck lays it out


cdef tuple seat_records(kind):
    """``Action(kind, seat, 0, ())`` of each seat: records that never change, made once and shared by
    hands (left out of the garbage collector's walks, as the kept deals)."""
    cdef int seat
    made = tuple([new_action(kind, seat, 0, _NO_CARDS) for seat in range(MAX_SEATS)])
    for action in made:
        PyObject_GC_UnTrack(action)
    return made


cdef tuple _FOLDS = seat_records(_FOLD)
cdef tuple _CHECKS = seat_records(_CHECK)
cdef tuple _MUCKS = seat_records(ActionKind.MUCK)
cdef tuple _UNKNOWN_DEALS = seat_records(_DEAL_HOLE)  # the deals of hole cards not known
cdef int64_t _MAX_CHIPS = MAX_CHIPS
cdef int64_t _FAR = 4 * MAX_CHIPS       # past every bound: an amount too large to be legal
DEF MAX_LINKS = 32      # the longest chain of shared history a copy makes

# What the views show (holdem.views): the view record, the streets, the seat statuses (active,
# all in, folded), each seat's hidden deal, and the seats' position names by
# [player count][button][0: small blind posted, 1: dead].
cdef object _view_cls = HandView
cdef tuple _streets = tuple(Street), _hidden = HIDDEN_DEALS
cdef tuple _status_kinds = (SeatStatus.ACTIVE, SeatStatus.ALL_IN, SeatStatus.FOLDED)
cdef tuple _positions = tuple(
    tuple((SEAT_POSITIONS[count, button, True], SEAT_POSITIONS[count, button, False]) for button in range(count))
    if count >= 2 else ()
    for count in range(MAX_SEATS + 1)
)
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


@cython.final
@cython.auto_pickle(True)
cdef class RulesCore:
    """What a hand reads of its Rules, in the engine's C structure: read once per Rules object."""

    def __init__(self, rules):
        self.rules = rules
        read_rules(rules, &self.er)
        self.runs_by_agreement = rules.runs_by_agreement and rules.runouts > 1
        self.has_straddles = rules.has_straddles
        self.runs = 1 if self.runs_by_agreement else rules.runouts


# Rules are frozen: what a hand reads of them is kept by the Rules object's
# identity (the entry holds the object, so its id is not reused meanwhile).
# Reading is one dict lookup; a new entry is made under the lock, so that
# threads without a GIL never see the cache half cleared.
cdef dict _rules_cores = {}
_rules_lock = threading.Lock()


cdef RulesCore rules_core(rules):
    cdef RulesCore core = _rules_cores.get(PyLong_FromVoidPtr(<void *>rules))  # id(rules)
    if core is None:
        checked_rules(rules)
        core = RulesCore(rules)
        with _rules_lock:
            if len(_rules_cores) >= 64:
                _rules_cores.clear()
            _rules_cores[id(rules)] = core
    return core


# The cards' codes as Python ints, made once.
cdef tuple _CODES = tuple(range(52))


cdef tuple seeded_cards(uint64_t seed, int count):
    """The first ``count`` cards of ``Deck(seed)`` (the same steps of its shuffle)."""
    cdef RngState state
    cdef uint8_t cards[52]
    cdef uint64_t mixer = seed
    cdef int index
    cdef object code
    cdef tuple dealt = PyTuple_New(count)
    state.secure = False
    state.pool = NULL
    state.pool_next = 0
    for index in range(4):
        state.s[index] = splitmix64(&mixer)
    for index in range(52):
        cards[index] = index
    shuffle_deal(&state, cards, count)
    for index in range(count):
        code = _CODES[cards[index]]
        Py_INCREF(code)
        PyTuple_SET_ITEM(dealt, index, code)
    return dealt


# Each seat's deal of each ordered pair of cards, as its DEAL_HOLE record, made at its first deal
# and kept (at most 27,040 of them): records never change, so hands share them, and a deal makes
# neither a record nor a pair of cards.  Kept records are left out of the garbage collector's
# walks (no cycle passes through them).  A slot is filled once, in a critical section of the list
# (nothing with the GIL; its lock on free-threaded Python), and never replaced, so that threads
# without a GIL read it safely.
cdef list _DEALS = [None] * (MAX_SEATS * 52 * 52)


cdef object deal_record(int seat, int first, int second):
    """The DEAL_HOLE record of ``seat`` dealt the codes ``first`` then ``second`` (both known)."""
    cdef Py_ssize_t slot = (seat * 52 + first) * 52 + second
    made = _DEALS[slot]
    if made is None:
        with cython.critical_section(_DEALS):
            made = _DEALS[slot]
            if made is None:
                pair = (_CODES[first], _CODES[second])
                made = new_action(_DEAL_HOLE, seat, 0, pair)
                PyObject_GC_UnTrack(pair)
                PyObject_GC_UnTrack(made)
                _DEALS[slot] = made
    return made


cdef inline void set_item(tuple made, Py_ssize_t index, object item) noexcept:
    """Fill slot ``index`` of the new tuple ``made``."""
    Py_INCREF(item)
    PyTuple_SET_ITEM(made, index, item)


cdef bint add_new_cards(tuple cards, uint64_t *seen):
    """Add ``cards`` to the set of card codes ``seen``; False for one that is not a code or already in it."""
    cdef uint64_t bit
    cdef long long code
    cdef int overflow
    for card in cards:
        if type(card) is not int:
            return False
        code = PyLong_AsLongLongAndOverflow(card, &overflow)
        if overflow or not 0 <= code < 52:
            return False
        bit = 1ULL << code
        if seen[0] & bit:
            return False
        seen[0] |= bit
    return True


cdef tuple known_cards(int count, int button, hole_cards, board):
    """The cards in dealing order (holes in two rounds from the seat left of ``button``, then burn and
    board cards, -1 where not known) of ``hole_cards`` given as pairs of codes or ``None`` and a ``board``
    of codes or ``None``; ``None`` for any other form or a problem, which the hand's ``_card_layout``
    reads or names."""
    cdef int index, size, place
    cdef uint64_t seen = 0
    cdef tuple layout
    if (type(hole_cards) is not list and type(hole_cards) is not tuple) or len(hole_cards) != count:
        return None
    if board is None:
        board = ()
    if type(board) is not tuple or len(board) not in (0, 3, 4, 5):
        return None
    size = len(board)
    layout = PyTuple_New(2 * count + size + (size - 2 if size else 0))  # a burn card before each street
    for index in range(count):
        pair = hole_cards[(button + 1 + index) % count]
        if pair is None:
            pair = _UNKNOWN_PAIR
        elif type(pair) is not tuple or len(pair) != 2 or not add_new_cards(pair, &seen):
            return None
        set_item(layout, index, (<tuple>pair)[0])
        set_item(layout, count + index, (<tuple>pair)[1])
    if not add_new_cards(board, &seen):
        return None
    place = 2 * count
    for index in range(size):
        if index == 0 or index >= 3:  # a burn card before the flop, the turn and the river
            set_item(layout, place, -1)
            place += 1
        set_item(layout, place, (<tuple>board)[index])
        place += 1
    return layout


cdef dict plain_posts(posts, int count):
    """``posts`` as the hand keeps them, when they are a dict of seats to ``(live, dead)`` pairs of ints;
    ``None`` for any other form or a problem, which the hand's ``_checked_posts`` (the home of the rule,
    ``holdem.dealing``) reads or names."""
    cdef dict checked = {}
    if type(posts) is not dict:
        return None
    for seat, post in (<dict>posts).items():
        if type(seat) is not int or not 0 <= seat < count or type(post) is not tuple or len(<tuple>post) != 2:
            return None
        live, dead = post
        if type(live) is not int or type(dead) is not int or live < 0 or dead < 0:
            return None
        checked[seat] = (live, dead)
    return checked


cdef tuple chip_tuple(const int64_t *chips, int count):
    cdef tuple made = PyTuple_New(count)
    cdef int seat
    cdef object amount
    for seat in range(count):
        amount = chips[seat]
        Py_INCREF(amount)
        PyTuple_SET_ITEM(made, seat, amount)
    return made


cdef int read_pots(list pots, Pots *read, int count) except -1:
    """``pots``, ``(amount, eligible seats)`` pairs of a hand of ``count`` seats, into ``read``."""
    cdef int index
    if len(pots) > MAX_POTS:
        raise InvalidHandError(f"{len(pots)} pots: a hand of {count} seats has at most {count + 1}")
    read.size = len(pots)
    for index in range(read.size):
        amount, eligible = pots[index]
        read.amount[index] = amount
        read.eligible[index] = 0
        for seat in eligible:
            if not 0 <= seat < count:
                raise InvalidHandError(f"seat {seat} of a pot: seats are 0 to {count - 1}")
            read.eligible[index] |= 1u << <int>seat
    return 0


cdef list pots_list(Pots *pots, int count):
    cdef int index, seat
    return [
        (pots.amount[index], tuple([seat for seat in range(count) if pots.eligible[index] >> seat & 1]))
        for index in range(pots.size)
    ]


def pots_of(contributions, live, int64_t dead=0):
    """The engine's main and side pots of ``contributions`` (chips put in by seat) and ``live`` (whether each seat
    is still in), ``dead`` chips in the main pot: a list of ``(amount, eligible seats)`` (see holdem.pots)."""
    cdef int64_t chips[MAX_SEATS]
    cdef unsigned int in_hand = 0
    cdef Pots pots
    cdef int seat, count = len(contributions)
    if count > MAX_SEATS or len(live) != count:
        raise InvalidHandError(f"{count} contributions for {len(live)} seats: give one each, for at most {MAX_SEATS}")
    for seat in range(count):
        chips[seat] = contributions[seat]
        if live[seat]:
            in_hand |= 1u << seat
    build_pots(chips, count, in_hand, dead, &pots)
    return pots_list(&pots, count)


def raked(list pots, int64_t rake):
    """The engine's ``pots`` (``(amount, eligible seats)`` pairs) after taking ``rake`` chips, the main pot first."""
    cdef Pots read
    read_pots(pots, &read, MAX_SEATS)
    take_rake(&read, rake)
    return [(read.amount[index], pots[index][1]) for index in range(read.size)]


def winners_of(eligible, ranks):
    """The engine's winners of a pot: the ``eligible`` seats holding the best of ``ranks``, in seat order."""
    cdef int held[MAX_SEATS]
    cdef unsigned int seats = 0, won
    cdef int seat, count = len(ranks)
    if count > MAX_SEATS:
        raise InvalidHandError(f"{count} ranks: a hand has at most {MAX_SEATS} seats")
    for seat in range(count):
        held[seat] = ranks[seat]
    for seat in eligible:
        seats |= 1u << <int>seat
    won = pot_winners(seats, held, count)
    return [seat for seat in range(count) if won >> seat & 1]


def awarded(list pots, boards, order, bint pokerkit_odd_chip):
    """The engine's award of ``pots`` (``(amount, eligible seats)`` pairs) on ``boards`` (each seat's rank on
    each board), ``order`` the seats from the left of the button: the chips each seat wins."""
    cdef Pots read
    cdef int ranks[MAX_BOARDS][MAX_SEATS]
    cdef int seats[MAX_SEATS]
    cdef int64_t won[MAX_SEATS]
    cdef int count = len(order), board, seat
    if not 1 <= len(boards) <= MAX_BOARDS or count > MAX_SEATS:
        raise InvalidHandError(f"{len(boards)} boards of {count} seats: give 1 to {MAX_BOARDS} boards, at most {MAX_SEATS} seats")
    read_pots(pots, &read, count)
    for board in range(len(boards)):
        for seat in range(count):
            ranks[board][seat] = boards[board][seat]
    for seat in range(count):
        seats[seat] = order[seat]
        won[seat] = 0
    award_pots(&read, len(boards), ranks, seats, count, pokerkit_odd_chip, won)
    return list(chip_tuple(won, count))


@cython.auto_pickle(True)  # the engine's structures pickle as dicts of their fields
cdef class HandCore:
    """The state and the play of one hand: see :class:`holdem.hand.Hand`, which adds the rest.

    >>> from holdem import Hand, Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
    >>> hand.raise_to(6), hand.call(), hand.fold()
    (Action('raise', 2, 6), Action('call', 0, 5), Action('fold', 1))
    >>> hand.street.name, hand.actor, hand.legal_actions().check
    ('FLOP', 0, True)
    """

    # Its fields and C methods are declared in _hand.pxd.

    @cython.annotation_typing(False)
    def Hand(self, rules: Rules, stacks: Sequence[int], button: int | None = None, *, seed: int | None = None,
               deck: CardsLike | None = None, hole_cards: Sequence[CardsLike | None] | None = None,
               board: CardsLike | None = None, dead_small_blind: bool = False,
               posts: Mapping[int, tuple[int, int]] | None = None, manual_showdown: bool = False,
               table_seats: Sequence[int] | None = None, straddles: Sequence[int] | None = None) -> None:
        """Deal a hand of ``rules`` to players with ``stacks``: the arguments are :class:`holdem.Hand`'s."""
        # Hand.__init__ is this method itself: a Python __init__ calling it would cost a frame a hand.
        # It is named Hand for the messages of a wrong call ("Hand() takes at least 2 positional arguments").
        self.start(rules, stacks, button, seed, deck, hole_cards, board, dead_small_blind, posts, manual_showdown,
                  table_seats, straddles)

    cdef int start(self, rules, stacks, button, seed, deck, hole_cards, board, dead_small_blind, posts,
                   manual_showdown, table_seats, straddles) except -1:
        """:meth:`Hand` with its arguments in order, for compiled callers."""
        cdef RulesCore rc = rules_core(rules)
        cdef int count, last, index, seat, first, second, at
        cdef int64_t chips[MAX_SEATS]
        cdef int64_t forced[MAX_SEATS]
        cdef int64_t live_posts[MAX_SEATS]
        cdef int64_t dead_posts[MAX_SEATS]
        cdef int64_t top_straddle = 0
        cdef Events events
        cdef list pairs, history
        cdef tuple cards, deals
        count = self.checked_stacks(rules, stacks, chips)
        if button is None:
            at = count - 1
        elif type(button) is int and 0 <= button < count:
            at = button
        else:
            at = self._checked_button(button, count)
        start_hand(&self.b, count, at, chips)
        self.rules, self.rc = rules, rc
        self._order = _ORDERS[count][at]
        self._starting = chip_tuple(chips, count)
        if hole_cards is None and deck is None and board is None:
            cards = self.deal_from(seed, cards_dealt(count, rc.er.runs))
        else:
            cards = None
            if seed is None and deck is None:
                cards = known_cards(count, at, hole_cards, board)
            if cards is None:
                cards = self._card_layout(seed, deck, hole_cards, board)
        self._deck = cards
        # Dealt one card a round from the seat left of the button: the index-th seat from there
        # holds cards[index] and cards[count + index].
        self._waits = manual_showdown
        self._hole = pairs = [None] * count
        deals = PyTuple_New(count)          # the DEAL_HOLE records, in dealing order
        for index in range(count):
            seat = (at + 1 + index) % count
            first, second = cards[index], cards[count + index]
            if first >= 0 and second >= 0:
                dealt = deal_record(seat, first, second)
                pairs[seat] = (<tuple>dealt)[3]
            elif hole_cards is not None and first < 0:  # not known: the showdown waits for the seat
                pairs[seat] = _NO_CARDS
                dealt = _UNKNOWN_DEALS[seat]
                self._waits = True
            else:
                pairs[seat] = pair = (first, second)
                dealt = new_action(_DEAL_HOLE, seat, 0, pair)
            set_item(deals, index, dealt)
        self.next_card = 2 * count
        self._board = []
        self.extra_count = 0
        self._cards_needed = 0
        self._runout_from = None
        self._rake = 0
        self._over = False
        self._manual = manual_showdown
        self._waiting = _NO_SEATS
        self._runs = rc.runs
        self._run_requests = _NO_DECISIONS
        self._decided = _NO_DECISIONS
        self._exposed = ()
        self.log = history = []
        self.shared = None
        self._dead_small_blind = dead_small_blind
        self._straddles = () if straddles is None and not rc.has_straddles else self._hand_straddles(straddles)
        most = max(count - 2, 0)  # an override of _hand_straddles may ask for more than the engine posts
        if len(self._straddles) > most:
            raise InvalidHandError(f"straddles {self._straddles!r}: at most {most} at {count} players")
        self._positions = _positions[count][at][1 if dead_small_blind else 0]
        for index in range(len(self._straddles)):
            forced[index] = self._straddles[index]
            if forced[index] > top_straddle:
                top_straddle = forced[index]
        events.size = 0
        last = post_forced_bets(&self.b, &rc.er, forced, len(self._straddles), dead_small_blind, &events)
        self._posts = _NO_DECISIONS
        if posts is not None:
            checked = plain_posts(posts, count)
            self._posts = checked if checked is not None else self._checked_posts(posts)
            for index in range(count):
                live_posts[index] = dead_posts[index] = 0
            for index, (live, dead) in self._posts.items():
                live_posts[index] = min(live, _FAR)
                dead_posts[index] = min(dead, _FAR)
            post_out_of_position(&self.b, live_posts, dead_posts, &events)
        self.log_events(&events)
        history.extend(deals)
        self._dealt = len(history)
        self._table_seats = _SEAT_NUMBERS[count] if table_seats is None else self._checked_table_seats(table_seats)
        if begin_preflop(&self.b, &rc.er, last, top_straddle):
            self.close_street()
        return 0

    cdef int checked_stacks(self, rules, stacks, int64_t *chips) except -1:
        """Read ``stacks`` into ``chips`` and return their count; the hand's ``_checked_stacks`` when one
        needs a conversion or a message."""
        cdef int64_t total = 0, chip
        cdef int overflow
        cdef Py_ssize_t count, seat
        if (type(stacks) is list or type(stacks) is tuple) and 2 <= len(stacks) <= MAX_SEATS:
            count = len(stacks)
            for seat in range(count):
                stack = stacks[seat]
                if type(stack) is not int:
                    break
                chip = PyLong_AsLongLongAndOverflow(stack, &overflow)
                if overflow or not 1 <= chip <= _MAX_CHIPS:
                    break
                total += chip
                if total > _MAX_CHIPS:
                    break
                chips[seat] = chip
            else:
                return count
        stacks = self._checked_stacks(stacks)
        count = len(stacks)
        if not 2 <= count <= MAX_SEATS:
            rules.check_player_count(count)
        for seat in range(count):
            chips[seat] = stacks[seat]
        return count

    cdef tuple deal_from(self, seed, int count):
        if type(seed) is int and 0 <= seed < 2**64:
            return seeded_cards(seed, count)
        return Deck(seed).deal(count)

    cdef int log_events(self, Events *events) except -1:
        """Add the engine's ``events`` to the history."""
        cdef int index, kind
        cdef list history = self.log
        for index in range(events.size):
            kind = events.kind[index]
            if kind == EV_SHOW:
                seat = events.seat[index]
                history.append(new_action(_SHOW, seat, 0, self._hole[<int>seat]))
            elif kind == EV_RAKE:
                history.append(new_action(_EVENT_KINDS[kind], None, events.amount[index], _NO_CARDS))
            else:
                history.append(new_action(_EVENT_KINDS[kind], events.seat[index], events.amount[index], _NO_CARDS))
        events.size = 0
        return 0

    # ------------------------------------------------------------ reading the engine's state

    @property
    def _count(self):
        return self.b.count

    @property
    def _button(self):
        return self.b.button

    @property
    def _street(self):
        return self.b.street

    @property
    def _stacks(self):
        return list(chip_tuple(self.b.stacks, self.b.count))

    @property
    def _bets(self):
        return list(chip_tuple(self.b.bets, self.b.count))

    @property
    def _contributed(self):
        return list(chip_tuple(self.b.contributed, self.b.count))

    @property
    def _live(self):
        return [bool(self.b.live >> seat & 1) for seat in range(self.b.count)]

    @property
    def _dead(self):
        return self.b.dead

    @property
    def _collected(self):
        return self.b.collected

    @property
    def _max_bet(self):
        return self.b.max_bet

    @property
    def _extra_boards(self):
        return [[self.extra[5 * (board) + card] for card in range(5)] for board in range(self.extra_count)]

    cdef tuple status_tuple(self):
        cdef int seat
        cdef tuple statuses = PyTuple_New(self.b.count)
        for seat in range(self.b.count):
            status = (
                (_status_kinds[0] if self.b.stacks[seat] else _status_kinds[1]) if self.b.live >> seat & 1
                else _status_kinds[2]
            )
            Py_INCREF(status)
            PyTuple_SET_ITEM(statuses, seat, status)
        return statuses

    @property
    def statuses(self):
        """Each seat's :class:`SeatStatus`."""
        return self.status_tuple()

    @property
    def runs_pending(self):
        """The seats still to say how many runs of the board they want (:meth:`agree_runs`)."""
        return tuple([seat for seat, runs in self._run_requests.items() if runs is None])

    @property
    def actor(self):
        """The seat to act, or ``None`` when no one is to act."""
        cdef int seat = seat_to_act(self)
        return None if seat < 0 else seat

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
        cdef int64_t call, low, high
        if self.b.head == self.b.tail:
            return None
        seat = self.b.queue[self.b.head]
        call = to_call(&self.b, seat)
        fold = may_fold(&self.b, &self.rc.er, seat)
        if raise_bounds(&self.b, &self.rc.er, seat, &low, &high) == LEGAL:
            return record(LegalActions, (seat, fold, call == 0, call, self.b.max_bet, low, high))
        return record(LegalActions, (seat, fold, call == 0, call, self.b.max_bet, None, None))

    cdef bint only_checks(self):
        """Whether the player to act may only check: nothing to call and no raise open (every other player all in)."""
        cdef int seat = seat_to_act(self)
        cdef int64_t low, high
        return (
            seat >= 0 and to_call(&self.b, seat) == 0
            and raise_bounds(&self.b, &self.rc.er, seat, &low, &high) != LEGAL
        )

    def _raise_bounds(self):
        """The smallest and largest raise-to of the player to act, or the engine's refusal code when they may not raise."""
        cdef int64_t low, high
        cdef Refusal refusal
        if self.b.head == self.b.tail:
            return NO_ACTOR
        refusal = raise_bounds(&self.b, &self.rc.er, self.b.queue[self.b.head], &low, &high)
        if refusal == LEGAL:
            return low, high
        return <int>refusal

    # ------------------------------------------------------------ the decisions

    cpdef object fold(self):
        """Fold the hand of the player to act.

        Facing no bet the fold is rejected (check instead) unless the rules
        allow it with ``fold_without_bet``.
        """
        cdef Refusal refusal = fold_refusal(&self.b, &self.rc.er)
        cdef int seat, follows
        if refusal:
            raise self._refusal(refusal, None)
        seat = self.b.queue[self.b.head]
        follows = play_fold(&self.b)
        action = _FOLDS[seat]
        self.log.append(action)
        if follows == 2:
            self.finish_without_showdown()
        elif follows == 1:
            self.close_street()
        return action

    cpdef object check(self):
        """Check: allowed only when there is nothing to call."""
        cdef Refusal refusal = check_refusal(&self.b)
        if refusal:
            raise self._refusal(refusal, None)
        return self.play_check_or_call()

    cpdef object call(self):
        """Call the current bet (all in when the stack is shorter)."""
        cdef Refusal refusal = call_refusal(&self.b)
        if refusal:
            raise self._refusal(refusal, None)
        return self.play_check_or_call()

    def check_or_call(self):
        """Check when there is nothing to call, otherwise call."""
        if self.b.head == self.b.tail:
            raise self._refusal(NO_ACTOR, None)
        return self.play_check_or_call()

    cdef object play_check_or_call(self):
        cdef int seat = self.b.queue[self.b.head]
        cdef int64_t put
        cdef int follows = play_check_or_call(&self.b, &put)
        action = new_action(_CALL, seat, put, _NO_CARDS) if put else _CHECKS[seat]
        self.log.append(action)
        if follows:
            self.close_street()
        return action

    cpdef object raise_to(self, amount):
        """Bet or raise to a total of ``amount`` for the street.

        :raises IllegalActionError: when raising is not allowed or ``amount`` is
            outside ``legal_actions()``'s ``min_raise_to`` .. ``max_raise_to``.
        :raises TypeError: for an amount that is not an integer.
        """
        cdef int64_t low, high, total
        cdef Refusal refusal
        cdef int seat, overflow
        if type(amount) is not int:
            amount = self._integer_amount(amount)
        total = PyLong_AsLongLongAndOverflow(amount, &overflow)
        if overflow or not -_FAR < total < _FAR:
            total = _FAR
        refusal = raise_refusal(&self.b, &self.rc.er, total, &low, &high)
        if refusal:
            raise self._refusal(refusal, amount)
        seat = self.b.queue[self.b.head]
        kind = _RAISE if play_raise(&self.b, &self.rc.er, total) else _BET
        action = new_action(kind, seat, amount, _NO_CARDS)
        self.log.append(action)
        return action

    # ------------------------------------------------------------ the flow

    cdef int close_street(self) except -1:
        cdef Events events
        cdef StreetEnd follows
        events.size = 0
        follows = end_street(&self.b, &self.rc.er, &events)
        self.log_events(&events)
        if follows == RUN_OUT:
            self._runout_from = len(self._board)
            if self.b.street < 3 and (self.ask_for_runs() or self.turn_up_hands()):
                return 0
            self.run_out()
        elif follows == SHOWDOWN:
            self.showdown()
        elif self.deal_street():
            begin_street(&self.b, &self.rc.er)
        return 0

    cdef bint ask_for_runs(self) except -1:
        """With runs agreed: wait for each player still in to ask for a number of runs."""
        if not self.rc.runs_by_agreement:
            return False
        self._run_requests = {seat: None for seat in self._order if self.b.live >> <int>seat & 1}
        return True

    cdef bint deal_street(self) except -1:
        cdef int size = board_cards(self.b.street)
        cdef Py_ssize_t start = self.next_card + 1
        cdef tuple cards = self._deck[start : start + size]
        if len(cards) < size:
            self.next_card = len(self._deck)  # spent: what is left of it is never dealt
            self._cards_needed = size
            return False
        self.next_card = start + size
        self._board += cards
        self.b.street += 1
        self.log.append(new_action(_DEAL_BOARD, None, 0, cards))
        return True

    def _new_board_cards(self, cards):
        """``cards`` when they are a tuple of the board cards needed, codes dealt to no one yet;
        ``None`` for any other form or a problem, which the hand names."""
        cdef uint64_t used = 0
        cdef int board, card
        if type(cards) is not tuple or len(cards) != self._cards_needed:
            return None
        for pair in self._hole:
            for code in pair:
                used |= 1ULL << <int>code
        for code in self._board:
            used |= 1ULL << <int>code
        for board in range(self.extra_count):
            for card in range(5):
                used |= 1ULL << self.extra[5 * (board) + card]
        for code in self._exposed:
            used |= 1ULL << <int>code
        return cards if add_new_cards(cards, &used) else None

    def _deal_board(self, tuple codes):
        """Deal ``codes``, the board cards needed, checked, and play on; return the record."""
        cdef int index, start
        self._cards_needed = 0
        if self.b.street == 3:  # the rest of another run's board
            start = self._runout_from
            for index in range(start):
                self.extra[5 * (self.extra_count) + index] = self._board[index]
            for index in range(len(codes)):
                self.extra[5 * (self.extra_count) + start + index] = codes[index]
            self.extra_count += 1
            action = new_action(_DEAL_BOARD, None, self.extra_count, codes)
        else:
            self._board.extend(codes)
            self.b.street += 1
            action = new_action(_DEAL_BOARD, None, 0, codes)
        self.log.append(action)
        if self._runout_from is None:
            begin_street(&self.b, &self.rc.er)
        else:
            self.run_out()
        return action

    cdef bint turn_up_hands(self) except -1:
        """No more betting, the board not complete: the hands still in are shown before the
        rest of the board (seed 000).  Return True when the hand waits for some to show or muck."""
        cdef list hole = self._hole, waiting = [], history = self.log
        cdef dict decided = {}
        cdef int seats[MAX_SEATS]
        cdef int index, seat
        showdown_order(&self.b, &self.rc.er, seats)
        for index in range(self.b.count):
            seat = seats[index]
            if self.b.live >> seat & 1:
                if self._manual or not hole[seat]:
                    waiting.append(seat)
                else:
                    decided[seat] = True
                    history.append(new_action(_SHOW, seat, 0, hole[seat]))
        self._decided = decided
        self._waits = False
        self._waiting = waiting
        return bool(waiting)

    cdef int run_out(self) except -1:
        while self.b.street < 3:
            if not self.deal_street():
                return 0
        runout_from = self._runout_from
        if self._runs > 1 and runout_from is not None and runout_from < 5:
            if not self.deal_extra_boards(runout_from):
                return 0
        self.showdown()
        return 0

    cdef bint deal_extra_boards(self, int runout_from) except -1:
        """Deal the other runs' boards from the deck; return False when the hand waits for
        ``deal_board`` to supply the rest of the next run's board."""
        cdef uint8_t deck[52]
        cdef int board[5]
        cdef int index, before = self.extra_count, size = min(len(self._deck), 52), needed
        for index in range(size):
            deck[index] = <uint8_t>(<int>self._deck[index])  # an unknown card (-1) is never dealt from here
        for index in range(runout_from):
            board[index] = self._board[index]
        needed = deal_extra_boards(deck, size, self.b.count, &self.next_card, min(self._runs, MAX_BOARDS),
                                   runout_from, board, <int (*)[5]>self.extra, &self.extra_count)
        for index in range(before, self.extra_count):
            cards = tuple([self.extra[5 * (index) + card] for card in range(runout_from, 5)])
            self.log.append(new_action(_DEAL_BOARD, None, index + 1, cards))
        self._cards_needed = needed
        return needed == 0

    cdef int showdown(self) except -1:
        cdef int count = self.b.count, seat, board, size, index
        cdef int ranks[MAX_BOARDS][MAX_SEATS]
        cdef uint8_t cards[7]
        cdef unsigned int decided = 0
        cdef int seats[MAX_SEATS]
        cdef Events events
        cdef list hole = self._hole
        if self._waits:
            # Wait (once) for the hands to show or muck: every hand, or those not known.
            self._waits = False
            showdown_order(&self.b, &self.rc.er, seats)
            self._waiting = [
                seats[index] for index in range(count)
                if self.b.live >> seats[index] & 1 and (self._manual or not hole[seats[index]])
            ]
            if self._waiting:
                self._decided = {}
                return 0
        for seat in self._decided:
            decided |= 1u << <int>seat
        for board in range(1 + self.extra_count):
            if board == 0:
                size = len(self._board)
                for index in range(size):
                    cards[2 + index] = self._board[index]
            else:
                size = 5
                for index in range(5):
                    cards[2 + index] = self.extra[5 * (board - 1) + index]
            for seat in range(count):
                ranks[board][seat] = -1
                if self.b.live >> seat & 1:
                    if self._decided.get(seat, True) is False:
                        ranks[board][seat] = 0  # mucked: below every hand shown
                    else:
                        pair = hole[seat]
                        if len(pair) != 2:  # a hand cannot be shown, only mucked, when its cards are not known
                            raise InvalidHandError(f"seat {seat}'s hole cards are not known at the showdown")
                        cards[0] = pair[0]
                        cards[1] = pair[1]
                        ranks[board][seat] = rank_of_cards(cards, 2 + size)
        events.size = 0
        self._rake = settle_showdown(&self.b, &self.rc.er, 1 + self.extra_count, ranks,
                                     self._runout_from is not None, decided, &events)
        self.log_events(&events)
        self._over = True
        return 0

    cdef int finish_without_showdown(self) except -1:
        cdef Events events
        events.size = 0
        self._rake = win_without_showdown(&self.b, &self.rc.er, &events)
        self.log_events(&events)
        self._over = True
        return 0

    # ------------------------------------------------------------ the rare procedures

    def _void(self):
        """A misdeal: every chip back, no one to act, the hand over; return the record."""
        cdef int64_t chips[MAX_SEATS]
        cdef int seat
        for seat in range(self.b.count):
            chips[seat] = self._starting[seat]
        void_hand(&self.b, chips)
        self._cards_needed = 0
        self._waiting = []
        self._run_requests = {}
        action = new_action(_MISDEAL, None, 0, _NO_CARDS)
        self.log.append(action)
        self._over = True
        return action

    def _expose(self, int seat, int index, int given):
        """Correct ``seat``'s exposed hole card number ``index``: the seat gets ``given`` (the deck's top card
        after the deal, when the deck has one, which then takes the exposed card's place as the burn);
        return the record."""
        cdef int count = self.b.count, burn = 2 * count, position = self._order.index(seat)
        cdef list deck = list(self._deck), history
        pair = self._hole[seat]
        exposed = pair[index]
        deck[position + index * count] = given
        if len(deck) > burn and deck[burn] >= 0:
            deck[burn] = exposed
        self._deck = tuple(deck)
        new_pair = tuple([given if place == index else held for place, held in enumerate(pair)])
        self._hole = self._hole[:]  # copies share the list of pairs
        self._hole[seat] = new_pair
        history = self.records()
        history[self._dealt - count + position] = new_action(_DEAL_HOLE, seat, 0, new_pair)
        self.shared = None
        self.log = history
        self._exposed = (exposed,)
        action = new_action(_EXPOSE, seat, index, self._exposed)
        self.log.append(action)
        return action

    def _agree_runs(self, int seat, int runs):
        """``seat`` asks for ``runs`` runs of the board (checked: it is waited for, and the rules allow as
        many); once everyone asked, the board is run as many times as all asked for, else once."""
        self._run_requests = self._run_requests.copy()
        self._run_requests[seat] = runs
        action = new_action(_RUNS, seat, runs, _NO_CARDS)
        self.log.append(action)
        asked = [wanted for wanted in self._run_requests.values() if wanted is not None]
        if len(asked) == len(self._run_requests):
            self._runs = asked[0] if len(set(asked)) == 1 else 1
            self.log.append(new_action(_RUNS, None, self._runs, _NO_CARDS))
            if not self.turn_up_hands():
                self.run_out()
        return action

    cpdef object _decide(self, int seat, bint shows):
        """``seat``, which the showdown waits for, shows (its cards known) or mucks; return the record."""
        self._waiting = [other for other in self._waiting if other != seat]
        self._decided = self._decided.copy()
        self._decided[seat] = shows
        action = new_action(_SHOW, seat, 0, self._hole[seat]) if shows else _MUCKS[seat]
        self.log.append(action)
        if not self._waiting:
            if self._runout_from is not None and self.b.street < 3:
                self.run_out()
            else:
                self.showdown()
        return action

    def _show_winner(self, int seat):
        """The winner without a showdown shows its cards; return the record."""
        action = new_action(_SHOW, seat, 0, self._hole[seat])
        self.log.append(action)
        return action

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

    def _last_record(self):
        """The history's last record."""
        return self.log[len(self.log) - 1] if self.log else self.shared[1][len(self.shared[1]) - 1]

    @property
    def history(self):
        """Every event so far, in order."""
        return tuple(self.records())

    # ------------------------------------------------------------ views and copies

    def _hidden_view(self, int seat):
        """What ``seat`` may know (-1: the seat to act; ``None`` when no one is) while nothing is
        shown: the history with every other seat's deal hidden."""
        cdef int other, count = self.b.count, actor = self.b.queue[self.b.head] if self.b.head < self.b.tail else -1
        if seat < 0:
            if actor < 0:
                return None
            seat = actor
        elif seat >= count:
            raise InvalidHandError(f"seat {seat}: seats are 0 to {count - 1}")
        cdef Py_ssize_t index, dealt = self._dealt, start = dealt - count
        cdef int button = self.b.button
        cdef list history = self.records()
        cdef tuple masked = PyTuple_New(len(history))
        for index in range(len(history)):
            field = history[index]
            if start <= index < dealt:
                other = (button + 1 + index - start) % count
                if other != seat:
                    field = _hidden[other]
            Py_INCREF(field)
            PyTuple_SET_ITEM(masked, index, field)
        return record(_view_cls, (
            seat, self._hole[seat], tuple(self._board), _streets[self.b.street], button,
            chip_tuple(self.b.stacks, count), chip_tuple(self.b.bets, count), self.status_tuple(), self.b.collected,
            None if actor < 0 else actor,
            self.legal_actions() if actor == seat
            else record(LegalActions, (seat, False, False, 0, self.b.max_bet, None, None)),
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
        new.b = self.b
        new.extra = self.extra
        new.extra_count = self.extra_count
        new._cards_needed = self._cards_needed
        new._runs = self._runs
        new._order = self._order
        new._starting = self._starting
        new._deck = self._deck
        new._table_seats = self._table_seats
        new._positions = self._positions
        new._straddles = self._straddles
        new._exposed = self._exposed
        new._hole = self._hole  # never changed in place (an exposed card replaces the list)
        new._board = self._board[:]
        if self.log:
            if self.shared is not None and self.shared[2] >= MAX_LINKS:
                self.records()  # joins the chain: pickling walks it, and Python's recursion has a limit
            self.shared = (self.shared, tuple(self.log), 1 if self.shared is None else self.shared[2] + 1)
            self.log = []
        new.shared = self.shared
        new.log = []
        new._waiting = self._waiting  # never changed in place, like the dicts below
        new._rake = self._rake
        new.next_card = self.next_card
        new._dealt = self._dealt
        new._runout_from = self._runout_from
        new._over = self._over
        new._manual = self._manual
        new._waits = self._waits
        new._dead_small_blind = self._dead_small_blind
        new._decided = self._decided
        new._run_requests = self._run_requests
        new._posts = self._posts
        return new

    def __copy__(self):
        """``copy.copy(hand)``: :meth:`copy`, with the attributes of a subclass's instance (its
        ``__dict__``); the state a pickle copies would share the history being recorded."""
        new = self.copy()
        attributes = getattr(self, "__dict__", None)
        if attributes:
            new.__dict__.update(attributes)
        return new
