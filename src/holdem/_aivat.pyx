# The heads-up matchups up to the suits' symmetry, which index the table of exact preflop
# equities that AIVAT's baseline value function reads (holdem/_preflop.bin).  Compiler
# directives are set in setup.py.

from libc.stdint cimport uint32_t

__all__ = ["matchup_index", "matchup_keys", "showdown_estimates"]

cdef int SUIT_ORDERS[24][4]
cdef int _count = 0
for _a in range(4):
    for _b in range(4):
        for _c in range(4):
            for _d in range(4):
                if len({_a, _b, _c, _d}) == 4:
                    SUIT_ORDERS[_count][0], SUIT_ORDERS[_count][1] = _a, _b
                    SUIT_ORDERS[_count][2], SUIT_ORDERS[_count][3] = _c, _d
                    _count += 1


cdef inline uint32_t pair_code(int first, int second) noexcept nogil:
    """Two cards as 12 bits, the higher code first."""
    if first < second:
        first, second = second, first
    return <uint32_t>(first << 6 | second)


cdef uint32_t canonical(int a, int b, int c, int d, bint *swapped) noexcept nogil:
    """The smallest key of the matchup of hand ``a b`` against hand ``c d`` over the 24 relabellings
    of the suits and the two orders of the hands (``swapped``: the second hand comes first)."""
    cdef uint32_t best = 0xFFFFFFFF, first, second, key
    cdef int order
    cdef const int *suit
    swapped[0] = False
    for order in range(24):
        suit = SUIT_ORDERS[order]
        first = pair_code(a & ~3 | suit[a & 3], b & ~3 | suit[b & 3])
        second = pair_code(c & ~3 | suit[c & 3], d & ~3 | suit[d & 3])
        key = first << 12 | second
        if key < best:
            best, swapped[0] = key, False
        key = second << 12 | first
        if key < best:
            best, swapped[0] = key, True
    return best


def matchup_keys():
    """Every heads-up matchup's key, up to the suits' symmetry, in increasing order (a ``uint32`` array):
    the order of the table of preflop equities."""
    import numpy

    cdef bint swapped
    cdef int a, b, c, d
    seen = set()
    for a in range(52):
        for b in range(a):
            for c in range(52):
                for d in range(c):
                    if c != a and c != b and d != a and d != b:
                        seen.add(canonical(a, b, c, d, &swapped))
    return numpy.array(sorted(seen), dtype=numpy.uint32)


def matchup_index(const uint32_t[::1] keys, int a, int b, int c, int d):
    """The place in ``keys`` of the matchup of hand ``a b`` against ``c d``, and whether the hands
    come there in the other order."""
    cdef bint swapped
    cdef uint32_t key = canonical(a, b, c, d, &swapped)
    cdef Py_ssize_t low = 0, high = keys.shape[0]
    while low < high:
        middle = (low + high) // 2
        if keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    if low == keys.shape[0] or keys[low] != key:
        raise ValueError(f"no matchup of {a} {b} against {c} {d}: give four distinct card codes")
    return low, swapped


# AIVAT's estimates with the baseline value function (holdem.aivat.ShowdownValue), for a batch of
# hands at once without the GIL: the fast path of holdem.aivat, which encodes each hand's history
# (the events its corrections need) into one array of codes and one of the policies' chances.
# aivat.py's _estimate, _pot_values and _equity are the reference this follows step by step.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

from holdem._core cimport rank_pairs_on_board

cdef enum:
    MAX_SEATS = 10
    CACHED = 8  # equities kept per hand: by board size and the seats folded
    MAX_RUNOUTS = 1081  # turns and rivers after a flop: 47 cards choose 2 at most
    # The events of a hand, after its header (see the encoder in aivat.py).
    END = 0
    BLIND = 1     # seat, amount
    POST = 2      # seat, amount
    DEALT = 3     # the deal's correction happens here
    DECIDE = 4    # seat, kind, amount, choices, taken; then per choice kind, amount (chances apart)
    RETURN = 5    # seat, amount
    BOARD = 6     # cards, then the cards
    # Kinds of decisions.
    FOLD = 0
    CHECK = 1
    CALL = 2

cdef double DEALS_HEADS_UP = 2 * 1712304.0


cdef struct Deal:
    int count
    int dead_count
    uint8_t holes[2 * MAX_SEATS]
    uint64_t dead              # cards exposed and replaced
    int64_t starting[MAX_SEATS]
    uint8_t board[5]
    int board_size
    const uint32_t *keys       # the preflop table
    const uint32_t *halves
    Py_ssize_t table_size
    int cached
    int cached_board[CACHED]
    int cached_folded[CACHED]
    double cached_equity[CACHED][MAX_SEATS]


cdef void deal_rest(uint8_t *board, int size, const uint8_t *deck, int deck_size, int start,
                    const uint8_t *pairs, int live, uint64_t *tally) noexcept nogil:
    """Complete the board from the deck's cards from ``start`` on in every way, tallying for each
    live hand the boards on which it shares the best hand with k - 1 others at ``tally[p * 11 + k]``."""
    cdef uint16_t ranks[MAX_SEATS]
    cdef uint16_t best = 0
    cdef int p, winners = 0, card
    if size == 5:
        rank_pairs_on_board(board, 5, pairs, live, ranks)
        for p in range(live):
            best = max(best, ranks[p])
        for p in range(live):
            winners += ranks[p] == best
        for p in range(live):
            tally[p * (MAX_SEATS + 1) + (winners if ranks[p] == best else 0)] += 1
        return
    for card in range(start, deck_size - (4 - size)):
        board[size] = deck[card]
        deal_rest(board, size + 1, deck, deck_size, card + 1, pairs, live, tally)


cdef void deal_turn_and_river(const uint8_t *flop, const uint8_t *deck, int deck_size, const uint8_t *pairs,
                              int live, uint64_t *tally) noexcept nogil:
    """:func:`deal_rest` from the flop: each live hand and the flop as a board of five, ranked with
    every turn and river at once (two cards added a rank)."""
    cdef uint8_t runouts[2 * MAX_RUNOUTS]
    cdef uint8_t board[5]
    cdef uint16_t ranks[MAX_SEATS * MAX_RUNOUTS]
    cdef uint16_t best
    cdef int p, i, j, winners, count = 0
    cdef uint64_t first_wins, second_wins
    for i in range(deck_size):
        for j in range(i + 1, deck_size):
            runouts[2 * count], runouts[2 * count + 1] = deck[i], deck[j]
            count += 1
    board[0], board[1], board[2] = flop[0], flop[1], flop[2]
    for p in range(live):
        board[3], board[4] = pairs[2 * p], pairs[2 * p + 1]
        rank_pairs_on_board(board, 5, runouts, count, &ranks[p * MAX_RUNOUTS])
    if live == 2:  # the usual case, without branches: wins, ties and losses counted apart
        first_wins = second_wins = 0
        for i in range(count):
            first_wins += ranks[i] > ranks[MAX_RUNOUTS + i]
            second_wins += ranks[MAX_RUNOUTS + i] > ranks[i]
        tally[0], tally[1], tally[2] = second_wins, first_wins, count - first_wins - second_wins
        tally[MAX_SEATS + 1], tally[MAX_SEATS + 2], tally[MAX_SEATS + 3] = first_wins, second_wins, tally[2]
        return
    for i in range(count):
        best = winners = 0
        for p in range(live):
            best = max(best, ranks[p * MAX_RUNOUTS + i])
        for p in range(live):
            winners += ranks[p * MAX_RUNOUTS + i] == best
        for p in range(live):
            tally[p * (MAX_SEATS + 1) + (winners if ranks[p * MAX_RUNOUTS + i] == best else 0)] += 1


cdef void exact_equity(Deal *d, const int *live, int live_count, int board_size, uint64_t dead,
                       double *equity) noexcept nogil:
    """The live hands' exact equity on the first ``board_size`` cards of the board, the ``dead``
    cards (and every hole card) out of the deck: every way to complete the board, each live hand's
    boards won alone plus its shares of those it ties."""
    cdef uint8_t pairs[2 * MAX_SEATS]
    cdef uint8_t deck[52]
    cdef uint8_t board[5]
    cdef uint64_t tally[MAX_SEATS * (MAX_SEATS + 1)]
    cdef uint64_t used = dead
    cdef int p, k, card, deck_size = 0
    cdef double runouts = 0, share
    for p in range(d.count):
        used |= 1ULL << d.holes[2 * p] | 1ULL << d.holes[2 * p + 1]
    for p in range(board_size):
        board[p] = d.board[p]
        used |= 1ULL << d.board[p]
    for card in range(52):
        if not used >> card & 1:
            deck[deck_size] = card
            deck_size += 1
    for p in range(live_count):
        pairs[2 * p], pairs[2 * p + 1] = d.holes[2 * live[p]], d.holes[2 * live[p] + 1]
    for p in range(MAX_SEATS * (MAX_SEATS + 1)):
        tally[p] = 0
    if board_size == 3:
        deal_turn_and_river(board, deck, deck_size, pairs, live_count, tally)
    else:
        deal_rest(board, board_size, deck, deck_size, 0, pairs, live_count, tally)
    for k in range(live_count + 1):
        runouts += tally[k]
    for p in range(live_count):
        share = 0
        for k in range(1, live_count + 1):
            share += <double>tally[p * (MAX_SEATS + 1) + k] / k
        equity[p] = share / runouts


cdef bint preflop_equity(Deal *d, const int *live, double *equity) noexcept nogil:
    """Two live hands' exact preflop equity, from the table; false for a matchup not in it."""
    cdef bint swapped
    cdef const uint8_t *first = &d.holes[2 * live[0]]
    cdef const uint8_t *second = &d.holes[2 * live[1]]
    cdef uint32_t key = canonical(first[0], first[1], second[0], second[1], &swapped)
    cdef Py_ssize_t low = 0, high = d.table_size, middle
    cdef double share
    while low < high:
        middle = (low + high) // 2
        if d.keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    if low == d.table_size or d.keys[low] != key:
        return False
    share = d.halves[low] / DEALS_HEADS_UP
    equity[0], equity[1] = (1 - share, share) if swapped else (share, 1 - share)
    return True


cdef bint showdown_value(Deal *d, const int64_t *contributed, const bint *folded, bint holes_known,
                         bint expected, double *out) noexcept nogil:
    """ShowdownValue's ``values`` (or, with ``expected``, its ``expected``) of the hand with these
    chips in and these seats folded, on the board's first ``d.board_size`` cards, before the deal
    when not ``holes_known``; false for a matchup the preflop table lacks."""
    cdef int live[MAX_SEATS]
    cdef int live_count = 0, seat, index, folded_mask = 0
    cdef bint dealt_heads_up
    cdef uint64_t dead = d.dead
    cdef double *equity = NULL
    for seat in range(d.count):
        if folded[seat]:
            folded_mask |= 1 << seat
            dead |= 1ULL << d.holes[2 * seat] | 1ULL << d.holes[2 * seat + 1]
        else:
            live[live_count] = seat
            live_count += 1
    dealt_heads_up = live_count == 2 == d.count and not d.dead_count
    if holes_known and live_count > 1 and (d.board_size >= (3 if expected else 4) or dealt_heads_up):
        for index in range(d.cached):
            if d.cached_board[index] == d.board_size and d.cached_folded[index] == folded_mask:
                equity = d.cached_equity[index]
                break
        else:
            index = d.cached % CACHED
            d.cached_board[index], d.cached_folded[index] = d.board_size, folded_mask
            equity = d.cached_equity[index]
            if d.board_size or dead or live_count != 2:
                exact_equity(d, live, live_count, d.board_size, dead, equity)
            elif not preflop_equity(d, live, equity):
                return False
            d.cached = min(d.cached + 1, CACHED)
    pot_values(d, contributed, live, live_count, equity, out)
    return True


cdef void pot_values(Deal *d, const int64_t *contributed, const int *live, int live_count,
                     const double *equity, double *out) noexcept nogil:
    """Each seat's share of the pot (by ``equity`` of the live seats, else equal) less its chips
    in, every bet counted as called by the live seats as far as their chips go."""
    cdef int64_t matched[MAX_SEATS]
    cdef int64_t top = 0, highest = 0, second = 0, chips, pot = 0
    cdef int seat, index
    for index in range(live_count):
        top = max(top, contributed[live[index]])
    for seat in range(d.count):
        matched[seat] = contributed[seat]
    for index in range(live_count):
        seat = live[index]
        chips = matched[seat] = min(d.starting[seat], top)  # chips in plus stack: the starting stack
        if chips > highest:
            highest, second = chips, highest
        elif chips > second:
            second = chips
    if live_count == 1:
        second = highest
    for index in range(live_count):
        seat = live[index]
        if matched[seat] > second:
            matched[seat] = second
    for seat in range(d.count):
        pot += matched[seat]
        out[seat] = -<double>matched[seat]
    for index in range(live_count):
        out[live[index]] += pot * (1.0 / live_count if equity == NULL else equity[index])


cdef Py_ssize_t estimate_hand(const int64_t *codes, const double *chances, Py_ssize_t *chance,
                              Deal *d, double *out) noexcept nogil:
    """One hand's estimates into ``out``, its codes from its header on; returns the codes read, or
    -1 for a matchup the preflop table lacks."""
    cdef int64_t contributed[MAX_SEATS]
    cdef int64_t bets[MAX_SEATS]
    cdef int64_t trial_contributed[MAX_SEATS]
    cdef int64_t trial_bets[MAX_SEATS]
    cdef bint folded[MAX_SEATS]
    cdef bint trial_folded[MAX_SEATS]
    cdef double corrections[MAX_SEATS]
    cdef double after[MAX_SEATS]
    cdef double before[MAX_SEATS]
    cdef double expected[MAX_SEATS]
    cdef double taken[MAX_SEATS]
    cdef double payoffs[MAX_SEATS]
    cdef Py_ssize_t at = 0
    cdef int seat, count, size, cards, choice, choices, chosen, kind, index
    cdef int64_t event
    cdef int64_t amount
    cdef double weight
    count = d.count = <int>codes[at]
    d.dead_count = <int>codes[at + 1]
    at += 2
    d.dead = 0
    for index in range(d.dead_count):
        d.dead |= 1ULL << codes[at + index]
    at += d.dead_count
    for seat in range(count):
        d.holes[2 * seat], d.holes[2 * seat + 1] = <uint8_t>codes[at], <uint8_t>codes[at + 1]
        d.starting[seat] = codes[at + 2]
        payoffs[seat] = <double>codes[at + 3]
        at += 4
        contributed[seat] = bets[seat] = 0
        folded[seat] = False
        corrections[seat] = 0
    d.board_size = 0
    d.cached = 0
    while codes[at] != END:
        event = codes[at]
        if event == BLIND or event == POST:
            seat, amount = <int>codes[at + 1], codes[at + 2]
            contributed[seat] += amount
            if event == BLIND:
                bets[seat] += amount
            at += 3
        elif event == RETURN:
            seat, amount = <int>codes[at + 1], codes[at + 2]
            contributed[seat] -= amount
            bets[seat] -= amount
            at += 3
        elif event == DEALT:
            if not (showdown_value(d, contributed, folded, True, False, after)
                    and showdown_value(d, contributed, folded, False, True, before)):
                return -1
            for seat in range(count):
                corrections[seat] += after[seat] - before[seat]
            at += 1
        elif event == DECIDE:
            seat, kind, amount = <int>codes[at + 1], <int>codes[at + 2], codes[at + 3]
            choices, chosen = <int>codes[at + 4], <int>codes[at + 5]
            at += 6
            if choices:
                for index in range(count):
                    expected[index] = 0
                for choice in range(choices):
                    for index in range(count):
                        trial_contributed[index] = contributed[index]
                        trial_bets[index] = bets[index]
                        trial_folded[index] = folded[index]
                    apply(seat, <int>codes[at], codes[at + 1], trial_contributed, trial_bets, trial_folded)
                    at += 2
                    if not showdown_value(d, trial_contributed, trial_folded, True, False, after):
                        return -1
                    weight = chances[chance[0]]
                    chance[0] += 1
                    for index in range(count):
                        expected[index] += weight * after[index]
                    if choice == chosen:
                        for index in range(count):
                            taken[index] = after[index]
                for index in range(count):
                    corrections[index] += taken[index] - expected[index]
            apply(seat, kind, amount, contributed, bets, folded)
        else:  # BOARD
            cards = <int>codes[at + 1]
            for seat in range(count):
                bets[seat] = 0
            for index in range(min(cards, 5 - d.board_size)):
                d.board[d.board_size + index] = <uint8_t>codes[at + 2 + index]
            at += 2 + cards
            for size in range(3, 6):
                if d.board_size < size <= d.board_size + cards:
                    if not showdown_value(d, contributed, folded, True, True, before):
                        return -1
                    cards -= size - d.board_size
                    d.board_size = size
                    if not showdown_value(d, contributed, folded, True, False, after):
                        return -1
                    for seat in range(count):
                        corrections[seat] += after[seat] - before[seat]
    for seat in range(count):
        out[seat] = payoffs[seat] - corrections[seat]
    return at + 1


cdef inline void apply(int seat, int kind, int64_t amount, int64_t *contributed, int64_t *bets,
                       bint *folded) noexcept nogil:
    """Count a decision's chips in (a call's amount, a bet's or raise's total for the street)."""
    if kind == FOLD:
        folded[seat] = True
        return
    if kind != CHECK:
        if kind != CALL:
            amount -= bets[seat]
        contributed[seat] += amount
        bets[seat] += amount


def showdown_estimates(const int64_t[::1] codes, const double[::1] chances, const uint32_t[::1] keys,
                       const uint32_t[::1] halves, double[::1] out):
    """The AIVAT estimates, with the baseline value function, of the hands encoded one after the
    other in ``codes`` and ``chances`` (by holdem.aivat's encoder), into ``out``: each hand's
    seats in turn.  ``keys`` and ``halves`` are the table of preflop equities."""
    cdef Deal d
    cdef Py_ssize_t at = 0, read, chance = 0, written = 0
    d.keys, d.halves, d.table_size = &keys[0], &halves[0], keys.shape[0]
    with nogil:
        while at < codes.shape[0]:
            read = estimate_hand(&codes[at], &chances[0], &chance, &d, &out[written])
            if read < 0:
                break
            at += read
            written += d.count
    if at < codes.shape[0]:
        raise ValueError("a heads-up matchup is not in the table of preflop equities: give distinct cards")


# The encoder of a hand for showdown_estimates, and the reading of a policy's decisions that it
# shares with holdem.aivat.

import numbers
from collections.abc import Mapping

from holdem.actions import Action, ActionKind
from holdem.errors import AgentError

cdef object ACTION_KIND = ActionKind
cdef object FOLD_KIND = ActionKind.FOLD, CHECK_KIND = ActionKind.CHECK, CALL_KIND = ActionKind.CALL
cdef object BET_KIND = ActionKind.BET, RAISE_KIND = ActionKind.RAISE
cdef object POST_BLIND_KIND = ActionKind.POST_BLIND, POST_ANTE_KIND = ActionKind.POST_ANTE
cdef object POST_DEAD_KIND = ActionKind.POST_DEAD, DEAL_HOLE_KIND = ActionKind.DEAL_HOLE
cdef object EXPOSE_KIND = ActionKind.EXPOSE, RETURN_KIND = ActionKind.RETURN
cdef object DEAL_BOARD_KIND = ActionKind.DEAL_BOARD
cdef tuple KINDS_BY_CODE = (FOLD_KIND, CHECK_KIND, CALL_KIND, BET_KIND, RAISE_KIND)


cdef inline int decision_code(kind) noexcept:
    """A kind of decision's code in the events (FOLD, CHECK, CALL, 3 for a bet, 4 for a raise), or -1."""
    if kind is FOLD_KIND:
        return FOLD
    if kind is CHECK_KIND:
        return CHECK
    if kind is CALL_KIND:
        return CALL
    if kind is BET_KIND:
        return 3
    if kind is RAISE_KIND:
        return 4
    return -1


cpdef object plain(object decision, object view):
    """The action a decision given as a kind (or a kind and a total) plays, as the view's legal actions
    say; ``None`` for a decision in other words.

    :raises AgentError: for a kind or total the legal actions do not allow.
    """
    cdef int64_t amount
    legal = view.legal_actions
    code = read_decision(decision, view, legal, legal.kinds, &amount)
    return None if code < 0 else Action(KINDS_BY_CODE[code], view.seat, amount)


cdef int read_decision(object decision, object view, object legal, tuple kinds, int64_t *amount) except -2:
    """:func:`plain`'s action as the code of its kind (-1 for a decision in other words) and its
    ``amount``, the view's ``legal`` actions and their ``kinds`` given."""
    if type(decision) is tuple and len(decision) == 2 and type(decision[0]) is ACTION_KIND:
        kind, total = decision
    elif type(decision) is ACTION_KIND:
        kind, total = decision, None
    else:
        return -1
    if kind in kinds:
        if kind is BET_KIND or kind is RAISE_KIND:
            if type(total) is int and legal.min_raise_to <= total <= legal.max_raise_to:
                amount[0] = total
                return decision_code(kind)
        elif total is None:
            amount[0] = legal.call if kind is CALL_KIND else 0
            return decision_code(kind)
    raise AgentError(f"the policy of seat {view.seat} gives {decision!r}, which is not legal ({legal.describe()})")


cpdef bint uncertain(object chances, object taken) except -1:
    """Whether a policy's ``chances`` leave a choice (a policy certain of its decision needs no correction).

    :raises AgentError: for chances that are not probabilities summing to 1.
    """
    cdef bint fit = isinstance(chances, Mapping), floats = True
    cdef double number, total = 0
    values = chances.values() if fit else ()
    for chance in values:
        if type(chance) is float:
            number = chance
            total += number  # the sum of the chances, as sum() gives it (to rounding)
            fit = 0 <= number <= 1
        else:
            floats = False
            fit = isinstance(chance, numbers.Real) and not isinstance(chance, bool) and 0 <= chance <= 1
        if not fit:
            break
    if not fit or abs((total if floats else sum(values)) - 1) > 1e-9:
        raise AgentError(
            f"the policy of seat {taken.seat} gives chances {chances!r}: "
            "give a mapping of decisions to probabilities summing to 1"
        )
    return len(chances) > 1


cpdef object unplayed(object taken):
    """The error for a policy that gives no chance to the decision ``taken``."""
    return AgentError(f"the policy of seat {taken.seat} gives no chance to {taken!r}, which it played")


def asked_of(history, list queues, faulted):
    """For each decision of a hand's ``history`` in turn, what its seat's policy said there (taken from
    the front of the seat's queue in ``queues``), or ``None`` for a seat without a policy or in
    ``faulted``."""
    cdef list asked = []
    for action in history:
        if decision_code(action.kind) >= 0:
            seat = action.seat
            queue = queues[seat]
            asked.append(queue.popleft() if queue and seat not in faulted else None)
    return asked


def encode(hand, holes, asked, list codes, list chances):
    """Append what :func:`showdown_estimates` reads of a finished ``hand`` (not void) to ``codes`` and
    ``chances``, as holdem.aivat's ``_estimate`` walks it: its seats, dead cards, hole cards,
    starting stacks and payoffs, then its events (the chips posted and given back, the deal, the
    decisions, each with the known policy's choices from ``asked``, and the first run's board
    cards).  Appends nothing and returns false for a choice in words other than a kind of action,
    which only the hand can read.

    :raises AgentError: as ``_estimate`` does, for chances or choices that do not fit.
    """
    cdef list mine, odds = [], choices
    cdef bint dealt = False
    cdef int code, chosen, played
    cdef int64_t amount, taken
    history = hand.history
    # An action is a tuple (kind, seat, amount, cards): its fields read by place, without a lookup.
    dead = [card for action in history if (<tuple>action)[0] is EXPOSE_KIND for card in (<tuple>action)[3]]
    mine = [hand.player_count, len(dead)]
    mine += dead
    for cards, start, payoff in zip(holes, hand.starting_stacks, hand.payoffs):
        mine += (cards[0], cards[1], start, payoff)
    for action in history:
        kind, seat, amount_in, cards = <tuple>action
        if kind is POST_BLIND_KIND or kind is POST_ANTE_KIND or kind is POST_DEAD_KIND:
            mine += (BLIND if kind is POST_BLIND_KIND else POST, seat, amount_in)
            continue
        if kind is DEAL_HOLE_KIND or kind is EXPOSE_KIND:
            continue
        if not dealt:
            dealt = True
            mine.append(DEALT)
        code = decision_code(kind)
        if code >= 0:
            known = next(asked)
            choices = []
            chosen = -1
            if known is not None and uncertain(known[1], action):
                view, given = known
                legal = view.legal_actions
                kinds = legal.kinds
                taken = amount_in
                for decision, chance in given.items():
                    played = read_decision(decision, view, legal, kinds, &amount)
                    if played < 0:
                        return False
                    if played == code and amount == taken:  # the action played
                        chosen = len(choices) // 2
                    choices.append(played)
                    choices.append(amount)
                    odds.append(chance)
                if chosen < 0:
                    raise unplayed(action)
            mine += (DECIDE, seat, code, amount_in, len(choices) // 2, chosen)
            mine += choices
        elif kind is RETURN_KIND:
            mine += (RETURN, seat, amount_in)
        elif kind is DEAL_BOARD_KIND and not amount_in:
            mine += (BOARD, len(cards))
            mine += cards
    mine.append(END)
    codes += mine
    chances += odds
    return True
