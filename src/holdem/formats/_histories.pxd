# A file's lines as spans of its text (Lines), and a hand as the replay of holdem.formats._histories reads it
# (Script): filled from a ParsedHand there, or by a site's compiled reader (holdem.formats._pokerstars) as it reads
# the lines.

cimport cython
from cpython.object cimport PyObject
from libc.stdint cimport int64_t


cdef enum:
    MOST_SEATS = 10  # the size of a seat's arrays: holdem.limits.MAX_PLAYERS, checked at import
    NO_AMOUNT = -1  # an Amount's places when there is none


cdef enum ForcedKind:  # the kinds of post, as PostKind's (the replay posts all but the first four as they are)
    ANTE_POST, SMALL_BLIND_POST, BIG_BLIND_POST, STRADDLE_POST, DEAD_POST, LIVE_POST, LIVE_AND_DEAD_POST, OTHER_POST


cdef enum Verb:  # the verbs of an Act
    FOLD, CHECK, CALL, BET, RAISE_TO, RAISE_BY, ADDS, ALL_IN, UNKNOWN_VERB


cdef struct Amount:
    int64_t value  # in units of its own last decimal place (NOT_CHIPS: not finite, or past any hand's chips)
    int places  # those places; NO_AMOUNT when there is none
    PyObject *printed  # the amount as the history gives it (one of the script's ``held``)


cdef struct Forced:  # a post
    int seat  # the seat of its player (-1 - n: the n-th of the script's ``strangers``)
    int kind  # of ForcedKind
    Py_ssize_t line
    Amount live, dead


cdef struct Decision:
    int seat  # as a post's
    int verb  # of Verb
    int street  # the betting round it belongs to, preflop 0
    Py_ssize_t line
    Amount amount


@cython.final
cdef class Lines:
    cdef readonly str text
    cdef Py_ssize_t count, room
    cdef Py_ssize_t *spans  # the start and end of each line in ``text``; a line too long: -1 and -1

    cdef int add(self, Py_ssize_t start, Py_ssize_t end) except -1
    cdef str line(self, Py_ssize_t index)
    cdef list as_list(self)


cdef class Script:
    cdef readonly object site, hand_id, game  # what a problem in the hand names
    cdef object line, structure, fast_fold, tournament, table, max_seats, started, currency
    cdef object button, hero, rules, cash_outs, cash_out_fees, bounties
    cdef bint returns_in_collected, returns_in_total_pot, rake_printed, returns_printed
    cdef list names, numbers, holes, boards  # the players and their seats' numbers and cards; each run's board
    cdef list shown  # the seats of the players who showed, in the order the history gives them
    cdef bint shows[MOST_SEATS]  # whether each seat showed
    cdef list held  # the amounts that the Amounts print, held
    cdef list strangers  # the names of the players of posts and decisions without a seat
    cdef dict odd_verbs  # the verbs the replay does not know, by their decision's index
    cdef object collector  # the first player without a seat who collects from the pot, or None
    cdef int count, places
    cdef Py_ssize_t post_count, decision_count, post_room, decision_room
    cdef Forced *posts
    cdef Decision *decisions
    cdef Amount stacks[MOST_SEATS]
    cdef Amount collected[MOST_SEATS]
    cdef Amount returned[MOST_SEATS]
    cdef Amount small_blind, big_blind, small_bet, big_bet, rake, jackpot, total_pot

    cdef int reserve(self, Py_ssize_t posts, Py_ssize_t decisions) except -1
    cdef Forced *new_post(self) except NULL
    cdef Decision *new_decision(self) except NULL


cdef int take(Script script, amount, Amount *into, int *finest) except -1
cdef int complete(
    Script script, int finest, small_blind, big_blind, small_bet, big_bet, rake, jackpot, total_pot, returned,
    collected, shown, holes,
) except -1
cdef int stranger(Script script, name) except? -1
cdef Py_ssize_t position(list names, name) except -2


cdef inline object as_printed(const Amount *amount):
    """The amount as the history gives it (``None``: none)."""
    return None if amount.printed == NULL else <object>amount.printed
