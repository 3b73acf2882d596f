# The one engine of a hand: every rule of the betting, the streets, the pots
# and the award, as C functions over the structures of _engine.pxd.  Included
# by _hand.pyx (holdem.Hand) and _vector.pyx (holdem.VectorGame), so that both
# play by the same code and the functions inline.  None of them touches a
# Python object: each runs without the GIL.  A function that posts, returns or
# awards chips reports what it did as Events when given a buffer (the hand
# makes its history of them; the batched engine passes NULL).
#
# A deck is laid out as a dealer deals it: the seat left of the button gets
# cards 0 and count, the next cards 1 and count + 1, ...; then a burn and the
# flop, a burn and the turn, a burn and the river; then the other runs' boards,
# each street after a burn.

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

from holdem.errors import InvalidRulesError
from holdem.rules import OddChip, Reopening, ShowdownOrder, Structure


cdef int read_rules(rules, EngineRules *er) except -1:
    """Read what the engine needs of ``rules`` (a checked Rules) into ``er``."""
    structure = rules.structure
    er.limit = FIXED_LIMIT if structure is Structure.FIXED_LIMIT else (
        POT_LIMIT if structure is Structure.POT_LIMIT else NO_LIMIT
    )
    reopening = rules.reopening
    er.reopening = REOPEN_SEEDS if reopening is Reopening.SEEDS else (
        REOPEN_ACPC if reopening is Reopening.ACPC else REOPEN_POKERKIT
    )
    er.cap = -1 if er.limit != FIXED_LIMIT or rules.max_bets is None else rules.max_bets
    er.small_blind, er.big_blind, er.min_bet = rules.small_blind, rules.big_blind, rules.min_bet
    er.small_bet, er.big_bet, er.ante = rules.small_bet, rules.big_bet, rules.ante
    er.big_blind_ante = rules.big_blind_ante
    er.blind_counts_as_bet = rules.blind_counts_as_bet
    er.fold_without_bet = rules.fold_without_bet
    er.uncapped_heads_up = rules.uncapped_heads_up
    er.all_hands_show = rules.all_hands_show
    er.pokerkit_odd_chip = rules.odd_chip is OddChip.POKERKIT
    er.right_of_button = rules.showdown_order is ShowdownOrder.RIGHT_OF_BUTTON
    er.no_flop_no_drop = rules.no_flop_no_drop
    er.call_full_big_blind = rules.call_full_big_blind
    if rules.rake.denominator >= 2**62:
        raise InvalidRulesError(f"rake {rules.rake}: use a fraction of the pot whose denominator is below 2**62")
    er.rake_numerator, er.rake_denominator = rules.rake.numerator, rules.rake.denominator
    er.rake_cap = -1 if rules.rake_cap is None else rules.rake_cap
    er.runs = min(rules.runouts, MAX_BOARDS)
    return 0


cdef inline int64_t smaller(int64_t a, int64_t b) noexcept nogil:
    return a if a < b else b


cdef inline int64_t larger(int64_t a, int64_t b) noexcept nogil:
    return a if a > b else b


cdef inline void emit(Events *events, int kind, int seat, int64_t amount) noexcept nogil:
    if events != NULL:
        events.kind[events.size] = kind
        events.seat[events.size] = seat
        events.amount[events.size] = amount
        events.size += 1


# ------------------------------------------------------------ the deal

cdef void shuffle_deal(RngState *rng, uint8_t *cards, int count) noexcept nogil:
    """Fisher-Yates over the 52 ``cards`` as far as ``count`` cards: the first ``count`` are dealt.

    ``rng`` is a seeded generator, never one in secure mode (its callers deal from integer seeds only:
    Hand's ``seed``, VectorGame's tables, which refuse anything else): the draws are
    from a copy of it told so, which stays in registers (drawing from ``rng`` itself, each card
    stored would have its state read and written again: a byte may alias anything).
    """
    cdef RngState plain = rng[0]
    cdef int index, swap
    cdef uint8_t card
    for index in range(count):
        swap = index + drawn_below(&plain, 52 - index, False)
        card = cards[swap]
        cards[swap] = cards[index]
        cards[index] = card
    rng[0] = plain


cdef inline int clockwise(int seat, int count) noexcept nogil:
    """The seat (or position) after ``seat``, of ``count``, clockwise."""
    return 0 if seat + 1 == count else seat + 1


cdef inline int cards_dealt(int count, int runs) noexcept nogil:
    """How many cards of the deck a hand may use: its holes, burns and board, or all 52 to run it more than once."""
    return 52 if runs > 1 else 2 * count + 8


cdef void start_hand(Betting *b, int count, int button, const int64_t *stacks) noexcept nogil:
    """A new hand: ``count`` seats holding ``stacks``, the button at seat ``button``; no one acts yet."""
    cdef int index, seat = button
    b.count = count
    b.button = button
    b.street = 0
    for index in range(count):
        seat = clockwise(seat, count)
        b.order[index] = seat
    void_hand(b, stacks)
    b.live = (1u << count) - 1
    b.live_count = count


cdef void void_hand(Betting *b, const int64_t *stacks) noexcept nogil:
    """Every chip back to ``stacks`` (a misdeal, or before the forced bets), and no one to act."""
    cdef int seat
    for seat in range(b.count):
        b.stacks[seat] = stacks[seat]
    for seat in range(MAX_SEATS):  # every seat's, a size the compiler writes in place (no call to memset)
        b.bets[seat] = 0
        b.contributed[seat] = 0
    b.dead = 0
    b.collected = 0
    begin(b, NULL, NULL, 0, 0, 0, 0)


cdef int post_forced_bets(Betting *b, const EngineRules *r, const int64_t *straddles, int straddle_count,
                          bint dead_small_blind, Events *events) noexcept nogil:
    """Post the antes, blinds and straddles (each of what the stack holds); return the position, from the
    seat left of the button, of the last blind or straddle."""
    cdef int64_t forced[MAX_SEATS]
    cdef int size, last, index, seat, count = b.count
    cdef int64_t amount
    if r.ante:
        if r.big_blind_ante:
            seat = b.order[0] if count == 2 or dead_small_blind else b.order[1]
            amount = smaller(r.ante, b.stacks[seat])
            b.stacks[seat] -= amount
            b.dead += amount
            b.collected += amount
            emit(events, EV_POST_ANTE, seat, amount)
        else:
            for index in range(count):
                seat = b.order[index]
                amount = smaller(r.ante, b.stacks[seat])
                b.stacks[seat] -= amount
                b.contributed[seat] += amount
                b.collected += amount
                emit(events, EV_POST_ANTE, seat, amount)
    if dead_small_blind:
        forced[0] = r.big_blind
        size = 1
        last = straddle_count
    elif count == 2:
        forced[0] = r.big_blind
        forced[1] = r.small_blind
        size = 2
        last = 0 if r.small_blind < r.big_blind else 1
    else:
        forced[0] = r.small_blind
        forced[1] = r.big_blind
        size = 2
        last = 1 + straddle_count
    for index in range(straddle_count):
        if size < count:
            forced[size] = straddles[index]
            size += 1
    for index in range(size):
        seat = b.order[index]
        amount = smaller(forced[index], b.stacks[seat])
        if amount:
            b.stacks[seat] -= amount
            b.bets[seat] = amount
            b.contributed[seat] += amount
            emit(events, EV_POST_BLIND, seat, amount)
    return last


cdef void post_out_of_position(Betting *b, const int64_t *live, const int64_t *dead, Events *events) noexcept nogil:
    """The posts of players coming in out of position, seat by seat from the left of the button: the
    ``live`` part a bet, the ``dead`` part straight into the pot (each of what the stack holds)."""
    cdef int index, seat
    cdef int64_t bet, lost
    for index in range(b.count):
        seat = b.order[index]
        bet = smaller(live[seat], b.stacks[seat])
        lost = smaller(dead[seat], b.stacks[seat] - bet)
        if bet:
            b.stacks[seat] -= bet
            b.bets[seat] += bet
            b.contributed[seat] += bet
            emit(events, EV_POST_BLIND, seat, bet)
        if lost:
            b.stacks[seat] -= lost
            b.dead += lost
            b.collected += lost
            emit(events, EV_POST_DEAD, seat, lost)


cdef bint begin_preflop(Betting *b, const EngineRules *r, int last, int64_t top_straddle) noexcept nogil:
    """Open the betting before the flop, ``last`` the position of the last forced bet; return True when
    no one can act (the stacks are all in), so that the street is over at once."""
    cdef int queue[MAX_SEATS]
    cdef int count = b.count, step, seat, position, size = 0
    cdef int64_t street_min, raise_count = 0, max_bet = 0, shortest = -1, stack, top = -1, second = -1, total
    if r.limit == FIXED_LIMIT:
        street_min = r.small_bet
        raise_count = 1 if r.blind_counts_as_bet else 0
    else:
        street_min = r.min_bet if r.min_bet > top_straddle else top_straddle
    for seat in range(count):
        if b.bets[seat] > max_bet:
            max_bet = b.bets[seat]
        stack = b.stacks[seat]
        if shortest < 0 or stack < shortest:
            shortest = stack
        total = b.bets[seat] + stack
        if total > top:
            second = top
            top = total
        elif total > second:
            second = total
    if r.call_full_big_blind and max_bet < r.big_blind and max_bet < second:
        # The big blind all in for less: the others call it in full, or as far as a second player can match.
        max_bet = smaller(r.big_blind, second)
    if shortest > max_bet:
        # Every forced bet was posted in full: action starts after the last blind or
        # straddle (heads-up, after the big blind unless the blinds are equal).
        position = last % count
        for step in range(count):
            position = clockwise(position, count)
            queue[step] = b.order[position]
        begin(b, r, queue, count, max_bet, street_min, raise_count)
        return False
    # Short stacks: action starts after the largest forced bet (the later seat on a
    # tie), and skips seats that are all in or that no one can bet against.
    last = 0
    for position in range(1, count):
        if b.bets[b.order[position]] >= b.bets[b.order[last]]:
            last = position
    position = last
    for step in range(count):
        position = clockwise(position, count)
        seat = b.order[position]
        stack = b.stacks[seat]
        if stack and smaller(stack, second - b.bets[seat]) > 0:
            queue[size] = seat
            size += 1
    begin(b, r, queue, size, max_bet, street_min, raise_count)
    return size == 0 or (size == 1 and b.bets[queue[0]] >= max_bet)


cdef void begin(Betting *b, const EngineRules *r, const int *seats, int size, int64_t max_bet, int64_t street_min,
                int64_t raise_count) noexcept nogil:
    """Start a street facing ``max_bet``: the ``seats`` still in with chips act, in that order (``r`` NULL:
    no one acts)."""
    cdef int index
    b.head = 0
    b.tail = 0
    for index in range(size):
        queue_if_able(b, seats[index])
    b.max_bet = max_bet
    b.street_min = street_min
    b.raise_count = raise_count
    # Seeds' rule: preflop the big blind (or the last straddle) is the last full bet.
    b.raise_size = street_min if max_bet and r != NULL and r.reopening == REOPEN_SEEDS else 0
    b.short_sum = 0
    b.acted = 0
    b.last_aggressor = -1


cdef inline void queue_if_able(Betting *b, int seat) noexcept nogil:
    """Add ``seat`` to the seats to act if it is still in with chips.

    Without a branch (written in the next slot, which counts only if it is): who folded and who is
    all in are as random as the decisions, and a branch on them is often mispredicted.  The slot
    exists: a queue holds at most ``count`` seats, and each seat is offered once.
    """
    b.queue[b.tail] = seat
    b.tail += (b.live >> seat & 1) & (b.stacks[seat] != 0)


cdef void begin_street(Betting *b, const EngineRules *r) noexcept nogil:
    """Open the betting on the street just dealt: every seat in with chips, from the left of the button."""
    cdef int64_t street_min = r.min_bet
    if r.limit == FIXED_LIMIT:
        street_min = r.small_bet if b.street < 2 else r.big_bet
    begin(b, r, b.order, b.count, 0, street_min, 0)


cdef inline int board_cards(int street) noexcept nogil:
    """How many board cards the street after ``street`` deals (after a burn)."""
    return 3 if street == 0 else 1


# ------------------------------------------------------------ the legal decisions

cdef inline int actor(const Betting *b) noexcept nogil:
    """The seat to act, or -1."""
    return b.queue[b.head] if b.head < b.tail else -1


cdef inline int64_t to_call(const Betting *b, int seat) noexcept nogil:
    """The chips ``seat`` puts in to call (all of its stack when shorter)."""
    return smaller(b.max_bet - b.bets[seat], b.stacks[seat])


cdef inline bint may_fold(const Betting *b, const EngineRules *r, int seat) noexcept nogil:
    return b.bets[seat] != b.max_bet or r.fold_without_bet


cdef Refusal fold_refusal(const Betting *b, const EngineRules *r) noexcept nogil:
    if b.head == b.tail:
        return NO_ACTOR
    return LEGAL if may_fold(b, r, b.queue[b.head]) else FOLD_FACING_NO_BET


cdef Refusal check_refusal(const Betting *b) noexcept nogil:
    if b.head == b.tail:
        return NO_ACTOR
    return LEGAL if b.bets[b.queue[b.head]] == b.max_bet else CHECK_FACING_BET


cdef Refusal call_refusal(const Betting *b) noexcept nogil:
    if b.head == b.tail:
        return NO_ACTOR
    return LEGAL if b.bets[b.queue[b.head]] != b.max_bet else NOTHING_TO_CALL


cdef Refusal raise_bounds(const Betting *b, const EngineRules *r, int seat, int64_t *low, int64_t *high) noexcept nogil:
    """Whether ``seat`` may bet or raise (``LEGAL``, and the smallest and largest totals it may raise to), or why not."""
    cdef int64_t stack = b.stacks[seat], bet = b.bets[seat], max_bet = b.max_bet, all_in, pot
    cdef int other, count = b.count
    cdef unsigned int others
    cdef bint acpc, answers
    if stack <= max_bet - bet and not (
        # ACPC, fixed limit (the reference game.c): a stack that does not cover more than the call
        # may still raise: it goes all in and its total becomes the bet, which a short stack lowers.
        r.reopening == REOPEN_ACPC and r.limit == FIXED_LIMIT
    ):
        return STACK_ONLY_CALLS
    if b.short_sum and b.short_sum < b.raise_size and b.acted >> seat & 1:
        return NOT_REOPENED
    if r.cap >= 0 and b.raise_count >= r.cap and not (r.uncapped_heads_up and b.live_count == 2):
        return CAP_REACHED
    # Someone else must be able to answer the raise: ACPC asks only for another
    # player with chips behind, the others for one who can put in more than the current bet.
    acpc = r.reopening == REOPEN_ACPC
    others = b.live & ~(1u << seat)
    answers = False  # asked of every seat, without a branch on each (as queue_if_able)
    for other in range(count):
        answers |= (others >> other & 1) & (
            b.stacks[other] > 0 if acpc else b.stacks[other] + b.bets[other] > max_bet
        )
    if not answers:
        return NO_ONE_WITH_CHIPS if acpc else NO_ONE_TO_ANSWER
    all_in = stack + bet
    low[0] = max_bet + (b.raise_size if b.raise_size > b.street_min else b.street_min)
    if low[0] > all_in:
        low[0] = all_in
    if r.limit == NO_LIMIT:
        high[0] = all_in
    elif r.limit == FIXED_LIMIT:
        high[0] = low[0]
    else:
        pot = 2 * max_bet - bet + b.dead
        for other in range(count):
            pot += b.contributed[other]
        high[0] = smaller(all_in, low[0] if low[0] > pot else pot)
    return LEGAL


cdef Refusal raise_refusal(const Betting *b, const EngineRules *r, int64_t amount, int64_t *low,
                           int64_t *high) noexcept nogil:
    """Why the seat to act may not bet or raise to ``amount``, or ``LEGAL`` (the bounds in ``low``, ``high``)."""
    cdef Refusal refusal
    if b.head == b.tail:
        return NO_ACTOR
    refusal = raise_bounds(b, r, b.queue[b.head], low, high)
    if refusal == LEGAL and not low[0] <= amount <= high[0]:
        return OUT_OF_BOUNDS
    return refusal


# ------------------------------------------------------------ the decisions (each legal: checked before)
# Each returns what follows: 0 more betting, 1 the street's betting is over, 2 one player is left.

cdef int play_fold(Betting *b) noexcept nogil:
    cdef int seat = b.queue[b.head]
    b.head += 1
    b.acted |= 1u << seat
    b.live &= ~(1u << seat)
    b.live_count -= 1
    if b.live_count == 1:
        return 2
    return 1 if b.head == b.tail else 0


cdef int play_check_or_call(Betting *b, int64_t *put) noexcept nogil:
    """Check or call; ``put`` gets the chips called (0: a check)."""
    cdef int seat = b.queue[b.head]
    # Negative only in ACPC's fixed limit, where a short stack's raise lowered the bet: the call
    # takes back what is above it.
    cdef int64_t amount = b.max_bet - b.bets[seat]
    b.head += 1
    b.acted |= 1u << seat
    if amount:
        amount = smaller(amount, b.stacks[seat])
        b.bets[seat] += amount
        b.stacks[seat] -= amount
        b.contributed[seat] += amount
    put[0] = amount
    return 1 if b.head == b.tail else 0


cdef bint play_raise(Betting *b, const EngineRules *r, int64_t total) noexcept nogil:
    """Bet or raise to ``total``; return whether it was a raise (else a bet)."""
    cdef int seat = b.queue[b.head], other, count = b.count
    cdef int64_t size = total - b.max_bet, put = total - b.bets[seat], increment
    cdef bint full, limit_half_bet, raised = b.max_bet != 0
    b.stacks[seat] -= put
    b.bets[seat] = total
    b.contributed[seat] += put
    full = size >= b.raise_size
    # Fixed limit, card-room rule: an all-in of at least half a bet counts as a full raise.
    limit_half_bet = r.limit == FIXED_LIMIT and r.reopening == REOPEN_SEEDS
    if limit_half_bet and not full:
        full = 2 * size >= b.street_min
    if r.reopening == REOPEN_ACPC:
        # Every raise reopens; the next raise-to is at least the minimum before this one
        # and at least this raise's size above it.
        full = True
        if r.limit != FIXED_LIMIT:
            increment = b.raise_size if b.raise_size > b.street_min else b.street_min
            increment = b.max_bet + increment - total
            b.street_min = b.raise_size = size if size > increment else increment
    if full:
        b.acted = 1u << seat
        b.short_sum = 0
    else:
        # An all-in for less than a full raise; such raises in a row that add up to
        # a full raise reopen the betting.
        b.acted |= 1u << seat
        b.short_sum += size
        if b.short_sum >= b.raise_size:
            b.short_sum = 0
    if full or not limit_half_bet:
        b.raise_count += 1
    if size > b.raise_size:
        b.raise_size = size
    b.max_bet = total
    b.last_aggressor = seat
    # Everyone else still in with chips acts again, clockwise from the raiser.
    b.head = b.tail = 0
    for other in range(seat + 1, count):
        queue_if_able(b, other)
    for other in range(seat):
        queue_if_able(b, other)
    return raised


# ------------------------------------------------------------ the end of a street

cdef void close_bets(Betting *b, const EngineRules *r, Events *events) noexcept nogil:
    """The street's bets go in; the part of the highest bet no one matched goes back to its seat."""
    cdef int seat, top_seat = 0
    cdef int64_t bet, top = 0, second = 0
    b.head = b.tail
    for seat in range(b.count):
        # The highest bet, its seat and the second highest, kept without a branch (as queue_if_able).
        bet = b.bets[seat]
        b.collected += bet
        second = larger(second, smaller(bet, top))
        top_seat = seat if bet > top else top_seat
        top = larger(top, bet)
        b.bets[seat] = 0
    # ACPC: a seat that folded above a bet a short stack lowered loses what it put in.
    if top == second or r.reopening == REOPEN_ACPC and not b.live >> top_seat & 1:
        return
    b.stacks[top_seat] += top - second
    b.contributed[top_seat] -= top - second
    b.collected -= top - second
    emit(events, EV_RETURN, top_seat, top - second)


cdef int seats_with_chips(const Betting *b) noexcept nogil:
    """How many seats are still in the hand with chips behind."""
    cdef int seat, found = 0
    for seat in range(b.count):
        found += (b.live >> seat & 1) & (b.stacks[seat] != 0)
    return found


cdef StreetEnd end_street(Betting *b, const EngineRules *r, Events *events) noexcept nogil:
    """Close the street's betting; say what follows."""
    close_bets(b, r, events)
    if seats_with_chips(b) <= 1:
        return RUN_OUT
    return SHOWDOWN if b.street == 3 else NEXT_STREET


cdef int deal_extra_boards(const uint8_t *deck, int deck_size, int count, int *next_card, int runs, int runout_from,
                           const int *board, int (*extra)[5], int *extra_count) noexcept nogil:
    """Deal the other runs' boards from ``deck`` (``next_card``: the position after the last card dealt),
    each the first ``runout_from`` cards of ``board`` and the rest, a burn before each street.  Return 0
    when done (when no cards are left for another run, the boards dealt share the pot), or how many cards
    the dealer must supply for the next run when the deck given was shorter than 52 cards."""
    cdef int needed = 5 - runout_from, run_size, position, size, cards, index
    # A run takes its cards and a burn card before each street.
    run_size = needed + (3 if runout_from == 0 else needed)
    while extra_count[0] < runs - 1 and extra_count[0] < MAX_BOARDS - 1:
        position = next_card[0]
        for index in range(runout_from):
            extra[extra_count[0]][index] = board[index]
        size = runout_from
        while size < 5:
            cards = board_cards(0 if size == 0 else 1)
            if position + 1 + cards > deck_size:
                if deck_size == 52 or 52 - (2 * count + 8 + run_size * extra_count[0]) < run_size:
                    return 0
                return needed
            for index in range(cards):
                extra[extra_count[0]][size + index] = deck[position + 1 + index]
            size += cards
            position += 1 + cards
        next_card[0] = position
        extra_count[0] += 1
    return 0


# ------------------------------------------------------------ the pots and the award

cdef void build_pots(const int64_t *contributed, int count, unsigned int live, int64_t dead, Pots *pots) noexcept nogil:
    """The main pot then the side pots: a pot at each level of contribution, for the live seats that put in as
    much; adjacent pots for the same seats are one; chips above every live seat's level go to the pot below."""
    cdef int seat, reached
    cdef int64_t level = -1, previous = 0, found, amount = dead, lowest = -1, highest = 0
    cdef unsigned int eligible
    pots.size = 0
    for seat in range(count):
        amount += contributed[seat]
        if contributed[seat] > highest:
            highest = contributed[seat]
        if live >> seat & 1 and (lowest < 0 or contributed[seat] < lowest):
            lowest = contributed[seat]
    if lowest == highest:  # every seat still in put in as much as anyone: one pot
        pots.size = 1 if amount else 0
        pots.amount[0] = amount
        pots.eligible[0] = live
        return
    amount = dead
    while True:
        found = -1
        for seat in range(count):
            if contributed[seat] > level and (found < 0 or contributed[seat] < found):
                found = contributed[seat]
        if found < 0:
            break
        level = found
        reached = 0
        eligible = 0
        for seat in range(count):
            if contributed[seat] >= level:
                reached += 1
                eligible |= 1u << seat
        amount += (level - previous) * reached
        previous = level
        eligible &= live
        if not eligible:
            continue
        while pots.size and pots.eligible[pots.size - 1] == eligible:
            pots.size -= 1
            amount += pots.amount[pots.size]
        if amount:
            pots.amount[pots.size] = amount
            pots.eligible[pots.size] = eligible
            pots.size += 1
            amount = 0
    if amount and pots.size:
        pots.amount[pots.size - 1] += amount


cdef void take_rake(Pots *pots, int64_t rake) noexcept nogil:
    """Take ``rake`` chips from the pots, the main pot first."""
    cdef int index
    cdef int64_t taken
    for index in range(pots.size):
        taken = smaller(rake, pots.amount[index])
        rake -= taken
        pots.amount[index] -= taken


cdef unsigned int pot_winners(unsigned int eligible, const int *ranks, int count) noexcept nogil:
    """The eligible seats holding the best rank (higher is stronger), a bit each."""
    cdef int seat, best = -1
    cdef unsigned int winners = 0
    for seat in range(count):
        if eligible >> seat & 1:
            if ranks[seat] > best:
                best = ranks[seat]
                winners = 0
            if ranks[seat] == best:
                winners |= 1u << seat
    return winners


cdef void award_pots(const Pots *pots, int boards, const int (*ranks)[MAX_SEATS], const int *order, int count,
                     bint pokerkit_odd_chip, int64_t *won) noexcept nogil:
    """Add to ``won`` the chips each seat wins: each pot shared equally between the boards (odd chips to the
    first), each share among that board's best hands; odd chips one each to the winners clockwise from the
    button, or all to the first of them (PokerKit's rule)."""
    cdef int index, board, position, seat, winner_count
    cdef int64_t share, amount, each, extra
    cdef unsigned int winners
    for index in range(pots.size):
        share = pots.amount[index] // boards
        for board in range(boards):
            amount = share + (pots.amount[index] - share * boards if board == 0 else 0)
            winners = pot_winners(pots.eligible[index], ranks[board], count)
            winner_count = 0
            for seat in range(count):
                winner_count += winners >> seat & 1
            each = amount // winner_count
            extra = amount - each * winner_count
            for position in range(count):
                seat = order[position]
                if winners >> seat & 1:
                    if pokerkit_odd_chip:
                        won[seat] += each + extra
                        extra = 0
                    else:
                        won[seat] += each + (1 if extra > 0 else 0)
                        extra -= 1


cdef int64_t scaled(int64_t total, int64_t numerator, int64_t denominator) noexcept nogil:
    """``total * numerator // denominator`` exactly, for ``0 <= total`` and ``0 <= numerator < denominator < 2**63``."""
    cdef uint64_t quotient = <uint64_t>total // <uint64_t>denominator
    cdef uint64_t rest = <uint64_t>total % <uint64_t>denominator, d = <uint64_t>denominator, n = <uint64_t>numerator
    cdef uint64_t low, high, cross, remainder = 0, part = 0, bit
    cdef int index
    if d < (1ULL << 31):
        return <int64_t>(quotient * n + rest * n // d)
    # rest * n as 128 bits (high, low), then divided by d one bit at a time.
    low = (rest & 0xFFFFFFFFULL) * (n & 0xFFFFFFFFULL)
    cross = (rest >> 32) * (n & 0xFFFFFFFFULL) + (low >> 32)
    high = (rest >> 32) * (n >> 32) + (cross >> 32)
    cross = (cross & 0xFFFFFFFFULL) + (rest & 0xFFFFFFFFULL) * (n >> 32)
    high += cross >> 32
    low = (cross << 32) | (low & 0xFFFFFFFFULL)
    for index in range(127, -1, -1):
        bit = (high >> (index - 64)) & 1 if index >= 64 else (low >> index) & 1
        remainder = (remainder << 1) | bit
        part <<= 1
        if remainder >= d:
            remainder -= d
            part |= 1
    return <int64_t>(quotient * n + part)


cdef int64_t rake_of(const Betting *b, const EngineRules *r, int64_t total) noexcept nogil:
    """The rake taken from a pot of ``total`` chips: none without a flop when there is no flop, no drop."""
    cdef int64_t rake
    if not r.rake_numerator or (r.no_flop_no_drop and b.street == 0):
        return 0
    rake = scaled(total, r.rake_numerator, r.rake_denominator)
    return rake if r.rake_cap < 0 or rake < r.rake_cap else r.rake_cap


cdef void showdown_order(const Betting *b, const EngineRules *r, int *seats) noexcept nogil:
    """Every seat clockwise from the one that shows first: the last aggressor, else the first seat still
    in left of the button (or right of it, as the rules say)."""
    cdef int start = b.last_aggressor, index, seat, count = b.count
    if start < 0:
        start = b.order[0]
        if r.right_of_button:
            for index in range(count - 1, -1, -1):
                seat = b.order[index]
                if seat != b.button and b.live >> seat & 1:
                    start = seat
                    break
    for index in range(count):
        seats[index] = (start + index) % count


cdef void pay(Betting *b, int64_t rake, const int64_t *won, Events *events) noexcept nogil:
    """Take the rake and pay each seat what it won, from the left of the button."""
    cdef int index, seat
    if rake:
        emit(events, EV_RAKE, -1, rake)
    for index in range(b.count):
        seat = b.order[index]
        if won[seat]:
            b.stacks[seat] += won[seat]
            emit(events, EV_WIN, seat, won[seat])


cdef int64_t win_without_showdown(Betting *b, const EngineRules *r, Events *events) noexcept nogil:
    """Everyone else folded: the uncalled bet back, the rest (less the rake) to the last seat in; return the rake."""
    cdef int seat
    cdef int64_t total, rake
    cdef int64_t won[MAX_SEATS]
    close_bets(b, r, events)
    total = b.collected
    for seat in range(b.count):
        won[seat] = 0
    rake = rake_of(b, r, total)
    for seat in range(b.count):
        if b.live >> seat & 1:
            won[seat] = total - rake
    pay(b, rake, won, events)
    return rake


cdef int64_t settle_showdown(Betting *b, const EngineRules *r, int boards, const int (*ranks)[MAX_SEATS],
                             bint every_hand_shows, unsigned int decided, Events *events) noexcept nogil:
    """Show or muck the hands still in (``decided``: seats that already showed or mucked), then award the pots
    of ``boards`` boards (each seat's rank on each, 0 for a hand mucked); return the rake."""
    cdef Pots pots
    cdef int seats[MAX_SEATS]
    cdef int64_t best_shown[MAX_POTS]
    cdef int64_t won[MAX_SEATS]
    cdef int64_t total = 0, rake
    cdef int index, seat, board, count = b.count
    cdef unsigned int winners = 0, bit
    cdef bint shows
    build_pots(b.contributed, count, b.live, b.dead, &pots)
    if events != NULL:
        # A hand that cannot win a pot it contests is mucked, unless every hand shows.
        every_hand_shows = every_hand_shows or r.all_hands_show or boards > 1
        for index in range(pots.size):
            best_shown[index] = -1
        showdown_order(b, r, seats)
        for index in range(count):
            seat = seats[index]
            bit = 1u << seat
            if not b.live & bit:
                continue
            shows = decided & bit or every_hand_shows
            for board in range(pots.size):
                if pots.eligible[board] & bit and ranks[0][seat] >= best_shown[board]:
                    shows = True
            if shows:
                for board in range(pots.size):
                    if pots.eligible[board] & bit and ranks[0][seat] > best_shown[board]:
                        best_shown[board] = ranks[0][seat]
                if not decided & bit:
                    emit(events, EV_SHOW, seat, 0)
            else:
                emit(events, EV_MUCK, seat, 0)
    if r.pokerkit_odd_chip:
        # PokerKit's rule: hands that win nothing are killed and the pots made again.
        for index in range(pots.size):
            for board in range(boards):
                winners |= pot_winners(pots.eligible[index], ranks[board], count)
        build_pots(b.contributed, count, winners, b.dead, &pots)
    for index in range(pots.size):
        total += pots.amount[index]
    rake = rake_of(b, r, total)
    take_rake(&pots, rake)
    for seat in range(count):
        won[seat] = 0
    award_pots(&pots, boards, ranks, b.order, count, r.pokerkit_odd_chip, won)
    pay(b, rake, won, events)
    return rake
