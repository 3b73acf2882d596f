# The hand's core as compiled modules see it (holdem.formats._histories replays the sites' hands through
# it without a Python call a step): its fields and C methods, defined in _hand.pyx.

cimport cython
from libc.stdint cimport int64_t

from holdem._engine cimport MAX_BOARDS, Betting, EngineRules, Events


@cython.final
cdef class RulesCore:
    cdef object rules
    cdef EngineRules er
    cdef bint runs_by_agreement, has_straddles
    cdef object runs                    # how many times a hand runs the board: 1 when the players agree


cdef class HandCore:
    # What the hand's Python code reads (it writes none of them).
    cdef readonly object rules
    cdef RulesCore rc
    cdef Betting b                      # the engine's state of the betting and the chips
    cdef int extra[MAX_BOARDS * 5]      # the other runs' boards, five cards each
    cdef int extra_count
    cdef readonly tuple _order, _starting, _table_seats, _positions, _straddles, _deck, _exposed
    cdef readonly list _board, _hole, _waiting
    cdef readonly long long _rake
    cdef readonly Py_ssize_t _dealt
    cdef int next_card                  # the position in the deck after the last card dealt
    cdef readonly object _runout_from   # the board's length when the betting ended with players all in, or None
    cdef readonly object _runs          # how many times the board is run (a Python int: the rules' may be huge)
    cdef readonly bint _manual, _waits, _dead_small_blind, _over
    cdef readonly dict _decided, _posts, _run_requests
    cdef readonly int _cards_needed
    # The history: the records since the hand was last copied, after those it shares with its copies
    # (a chain of (earlier, records, links) tuples, never changed; links counts the chain's tuples).
    cdef list log
    cdef tuple shared

    cdef int start(self, rules, stacks, button, seed, deck, hole_cards, board, dead_small_blind, posts,
                   manual_showdown, table_seats, straddles) except -1
    cdef int checked_stacks(self, rules, stacks, int64_t *chips) except -1
    cdef tuple deal_from(self, seed, int count)
    cdef int log_events(self, Events *events) except -1
    cdef tuple status_tuple(self)
    cdef bint only_checks(self)
    cpdef object fold(self)
    cpdef object check(self)
    cpdef object call(self)
    cdef object play_check_or_call(self)
    cpdef object raise_to(self, amount)
    cpdef object _decide(self, int seat, bint shows)
    cdef int close_street(self) except -1
    cdef bint ask_for_runs(self) except -1
    cdef bint deal_street(self) except -1
    cdef bint turn_up_hands(self) except -1
    cdef int run_out(self) except -1
    cdef bint deal_extra_boards(self, int runout_from) except -1
    cdef int showdown(self) except -1
    cdef int finish_without_showdown(self) except -1
    cdef list records(self)


cdef inline int seat_to_act(HandCore hand) noexcept:
    """The seat to act, or -1 when no one is to act."""
    return hand.b.queue[hand.b.head] if hand.b.head < hand.b.tail else -1
