# The types of the one engine of a hand (its functions are in _engine.pxi,
# included by _hand.pyx and _vector.pyx so that they inline): the rules a hand
# reads, its betting state, why a decision is refused, and the events a step
# reports.  Only declarations: no module holdem._engine exists at run time.

from libc.stdint cimport int8_t, int64_t, uint8_t

cdef enum:
    MAX_SEATS = 10          # holdem.limits.MAX_PLAYERS (checked when _hand is imported)
    MAX_POTS = MAX_SEATS + 1
    MAX_BOARDS = 24         # more than the runs of a board one deck deals (21 heads-up from the river)
    MAX_EVENTS = 64         # the most events one engine call reports

cdef enum Limit:
    NO_LIMIT, POT_LIMIT, FIXED_LIMIT

cdef enum Reopen:
    REOPEN_SEEDS, REOPEN_ACPC, REOPEN_POKERKIT

# Why a decision is refused: the check that refused it says so (holdem.hand's
# _REFUSALS maps each to its message; holdem._hand.REFUSALS names them).
cdef enum Refusal:
    LEGAL = 0
    NO_ACTOR = 1            # no one is to act
    FOLD_FACING_NO_BET = 2
    CHECK_FACING_BET = 3
    NOTHING_TO_CALL = 4
    STACK_ONLY_CALLS = 5    # the stack does not cover more than a call
    NOT_REOPENED = 6        # a short all-in did not reopen the betting to a seat that acted
    CAP_REACHED = 7
    NO_ONE_WITH_CHIPS = 8   # ACPC: every other player has folded or is all in
    NO_ONE_TO_ANSWER = 9    # no other player still in can put in more than the current bet
    OUT_OF_BOUNDS = 10      # a raise-to outside the bounds

# What an engine call reports, in order, for the history (holdem.actions.ActionKind).
cdef enum EventKind:
    EV_POST_ANTE, EV_POST_BLIND, EV_POST_DEAD, EV_RETURN, EV_SHOW, EV_MUCK, EV_RAKE, EV_WIN

# What follows the end of a street's betting.
cdef enum StreetEnd:
    NEXT_STREET, RUN_OUT, SHOWDOWN

ctypedef struct Events:
    int size
    uint8_t kind[MAX_EVENTS]
    int8_t seat[MAX_EVENTS]         # -1 for none (the rake)
    int64_t amount[MAX_EVENTS]

ctypedef struct EngineRules:
    Limit limit
    Reopen reopening
    int64_t cap                     # bets allowed per street, -1 for no cap
    int64_t small_blind, big_blind, min_bet, small_bet, big_bet, ante
    bint big_blind_ante, blind_counts_as_bet, fold_without_bet, uncapped_heads_up, all_hands_show
    bint pokerkit_odd_chip, right_of_button, no_flop_no_drop, call_full_big_blind
    int64_t rake_numerator, rake_denominator    # 0 / 1 for no rake
    int64_t rake_cap                # -1 for no cap
    int runs                        # the boards dealt when everyone is all in (at most MAX_BOARDS)

ctypedef struct Betting:
    int count, button, street
    int order[MAX_SEATS]            # the seats clockwise from the one left of the button
    int64_t stacks[MAX_SEATS]
    int64_t bets[MAX_SEATS]         # in front of each seat on this street
    int64_t contributed[MAX_SEATS]  # put in this hand, bets included
    int64_t dead                    # in the pot, no seat's (a big-blind ante, dead posts)
    int64_t collected               # in the pot before this street's bets: the dead chips, antes and bets gone in
    unsigned int live               # the seats still in, a bit each
    int live_count
    int queue[MAX_SEATS]            # the seats to act, in order: queue[head:tail]
    int head, tail
    int last_aggressor              # -1 for none
    int64_t street_min              # the smallest bet or raise size on this street
    int64_t max_bet                 # the highest bet on this street
    int64_t raise_size              # the last full raise (or the first bet) on this street
    int64_t raise_count
    int64_t short_sum               # all-ins for less than a full raise since the last full one
    unsigned int acted              # a bit for each seat that acted since the last full raise

ctypedef struct Pots:
    int size
    int64_t amount[MAX_POTS]
    unsigned int eligible[MAX_POTS]  # the live seats that may win each, a bit each
