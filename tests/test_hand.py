"""The hand state machine: the seed examples and the rules that card rooms vary."""

from __future__ import annotations

import pytest

from holdem.actions import Action, ActionKind, IllegalActionError
from holdem.errors import CardCountError, DuplicateCardError, InvalidHandError, InvalidHistoryError
from holdem.hand import Hand
from holdem.rules import OddChip, Reopening, Rules
from holdem.views import SeatStatus, Street

NL = Rules.no_limit(1, 2)


def to_flop(hand: Hand) -> Hand:
    """Everyone calls or checks preflop."""
    while hand.street == Street.PREFLOP:
        hand.check_or_call()
    return hand


def snapshot(hand: Hand):
    return (hand.stacks, hand.bets, hand.history, hand.actor, hand.legal_actions(), hand.street, hand.pots)


# --- minimum raises (seed 000 and 004) --------------------------------------------


def test_min_raise_is_the_bet_10_to_20():
    hand = to_flop(Hand(NL, [1000] * 3, seed=1))
    hand.raise_to(10)
    assert hand.legal_actions().min_raise_to == 20
    with pytest.raises(IllegalActionError, match="from 20 to"):
        hand.raise_to(19)


def test_min_reraise_is_the_last_raise_10_24_38():
    hand = to_flop(Hand(NL, [1000] * 3, seed=1))
    hand.raise_to(10)
    hand.raise_to(24)
    assert hand.legal_actions().min_raise_to == 38


def test_min_reraise_20_60_100():
    hand = to_flop(Hand(NL, [1000] * 3, seed=1))
    hand.raise_to(20)
    hand.raise_to(60)
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (100, 998)


def test_min_bet_is_the_big_blind():
    hand = to_flop(Hand(NL, [1000] * 3, seed=1))
    assert hand.legal_actions().min_raise_to == 2
    assert hand.legal_actions().kinds == (ActionKind.CHECK, ActionKind.BET)


def test_short_all_in_does_not_reopen_the_betting():
    hand = to_flop(Hand(NL, [1000, 152, 1000], seed=1))
    hand.raise_to(100)
    hand.all_in()  # seat 1 to 150: a raise of 50, less than 100
    assert hand.legal_actions().min_raise_to == 250  # seat 2 has not acted: may raise
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.call == 50 and legal.min_raise_to is None
    with pytest.raises(IllegalActionError, match="short all-in"):
        hand.raise_to(300)


def test_short_all_ins_that_add_up_to_a_full_raise_reopen():
    hand = to_flop(Hand(NL, [1000, 152, 212, 1000], seed=1))
    hand.raise_to(100)
    hand.all_in()  # to 150 (+50)
    hand.all_in()  # to 210 (+60): 110 in all, a full raise
    hand.call()
    assert hand.legal_actions().seat == 0 and hand.legal_actions().min_raise_to is not None


# --- order of play ----------------------------------------------------------------


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = Hand(NL, [100, 100], seed=3)  # button is seat 1
    assert hand.bets == (2, 1) and hand.actor == 1
    hand.call()
    assert hand.actor == 0
    hand.check()
    assert hand.street == Street.FLOP and hand.actor == 0
    hand.check()
    assert hand.actor == 1


def test_big_blind_has_the_option():
    hand = Hand(NL, [100] * 3, seed=3)
    hand.call()
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 1 and legal.check and not legal.fold and legal.min_raise_to == 4


def test_button_can_be_anywhere():
    hand = Hand(NL, [100] * 4, button=1, seed=3)
    assert hand.bets == (0, 0, 1, 2) and hand.actor == 0


def test_utg_straddle_acts_last_preflop_and_sets_the_min_raise():
    hand = Hand(Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False), [100] * 4, seed=3)
    assert hand.bets == (1, 2, 4, 0) and hand.actor == 3
    assert hand.legal_actions().min_raise_to == 8
    for _ in range(3):
        hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 2 and legal.check and legal.min_raise_to == 8


def test_button_straddle_action_starts_left_of_it():
    hand = Hand(Rules.no_limit(1, 2, straddles=(0, 4), voluntary_straddles=False), [100] * 4, seed=3)
    assert hand.bets == (1, 2, 0, 4) and hand.actor == 0


def test_straddles_are_checked_whatever_their_form() -> None:
    rules = Rules.no_limit(1, 2, straddles=(4,))  # voluntary
    assert Hand(rules, [100] * 4, seed=1, straddles=(4,)).straddles == (4,)
    assert Hand(rules, [100] * 4, seed=1, straddles=[4]).straddles == (4,)
    assert Hand(rules, [100] * 2, seed=1, straddles=(4,)).straddles == ()  # heads-up: no one straddles
    with pytest.raises(InvalidHandError, match="what the rules allow"):
        Hand(rules, [100] * 4, seed=1, straddles=(6,))
    with pytest.raises(TypeError):  # equal to 4, but no whole number of chips
        Hand(rules, [100] * 4, seed=1, straddles=(4.0,))
    with pytest.raises(TypeError):
        Hand(rules, [100] * 4, seed=1, straddles=(True,))


def test_a_hand_takes_its_straddles_from_its_own_class() -> None:
    class Unstraddled(Hand):
        __slots__ = ()

        def _hand_straddles(self, straddles: object) -> tuple[int, ...]:
            return ()

    class Overstraddled(Hand):
        __slots__ = ()

        def _hand_straddles(self, straddles: object) -> tuple[int, ...]:
            return (4,) * 40  # more than a table has seats: never posted

    rules = Rules.no_limit(1, 2, straddles=(4,))
    assert Unstraddled(rules, [100] * 4, seed=1, straddles=(4,)).straddles == ()
    assert Hand(rules, [100] * 4, seed=1, straddles=(4,)).straddles == (4,)
    with pytest.raises(InvalidHandError, match="at most 2 at 4 players"):
        Overstraddled(rules, [100] * 4, seed=1, straddles=(4,))


# --- forced bets ------------------------------------------------------------------


def test_short_blind_is_all_in():
    hand = Hand(NL, [1, 100, 100], seed=3)
    assert hand.statuses[0] is SeatStatus.ALL_IN and hand.bets == (1, 2, 0)


def test_big_blind_ante_is_dead_money():
    hand = Hand(Rules.no_limit(1, 2, ante=2, big_blind_ante=True), [100] * 3, seed=3)
    assert hand.stacks == (99, 96, 100) and hand.pot_total == 2
    hand.fold()
    hand.fold()
    assert hand.payoffs == (-1, 1, 0)


def test_ante_is_posted_before_the_blind():
    hand = Hand(Rules.no_limit(1, 2, ante=2, big_blind_ante=True), [100, 3, 100], seed=3)
    assert hand.bets == (1, 1, 0) and hand.statuses[1] is SeatStatus.ALL_IN


def test_all_in_for_less_than_the_ante_wins_only_the_matched_part():
    rules = Rules.no_limit(1, 2, ante=5)
    hand = Hand(rules, [3, 100, 100], hole_cards=["AsAh", "7c2d", "8d3c"], board="AdAcKs4h9d")
    hand.call()
    hand.check()
    while not hand.is_over:
        hand.check()
    # Seat 0 wins 3 from each opponent; seat 2's 8-kicker takes the side pot of 8.
    assert hand.payoffs == (6, -7, 1)


@pytest.mark.parametrize(("full", "call", "min_raise_to"), [(False, 13, 33), (True, 20, 40)])
def test_a_big_blind_all_in_for_less_is_called_as_posted_or_in_full(full, call, min_raise_to):
    rules = Rules.no_limit(10, 20, call_full_big_blind=full)
    hand = Hand(rules, [1000, 1000, 13], 0, hole_cards=["KsKh", "7c2d", "AsAh"], board="Ad9c5s4h2s")
    legal = hand.legal_actions()
    assert (legal.seat, legal.call, legal.current_bet, legal.min_raise_to) == (0, call, call, min_raise_to)
    hand.call(), hand.call()
    while not hand.is_over:
        hand.check()
    # Seat 2's aces win 13 from each; seat 0's kings take what the two put in beyond it.
    assert hand.payoffs == (-call + 2 * (call - 13), -call, 26)


def test_a_big_blind_all_in_for_less_is_called_in_full_only_as_far_as_a_second_player_matches_it():
    heads_up = Hand(Rules.no_limit(100, 200, call_full_big_blind=True), [4000, 150], 0)
    assert heads_up.legal_actions().call == 50  # no one could match more than the big blind's 150
    three = Hand(Rules.no_limit(100, 200, call_full_big_blind=True), [180, 4000, 150], 0)
    assert three.legal_actions().call == 180  # the button's 180 is the most a second player can put in


def test_dead_small_blind_the_big_blind_left_of_the_button_and_the_button_acts_last():
    hand = Hand(NL, [100] * 4, button=3, dead_small_blind=True, seed=3)
    assert hand.bets == (2, 0, 0, 0)
    assert [action.seat for action in hand.history if action.kind is ActionKind.POST_BLIND] == [0]
    assert hand.actor == 1
    hand.call(), hand.call(), hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 0 and legal.check and legal.min_raise_to == 4  # the big blind's option
    hand.check()
    assert hand.street == Street.FLOP and hand.pot_total == 8
    order = []
    while hand.street == Street.FLOP:
        order.append(hand.actor)
        hand.check()
    assert order == [0, 1, 2, 3]  # the button acts last


def test_dead_small_blind_with_a_big_blind_ante_and_heads_up():
    hand = Hand(Rules.no_limit(1, 2, ante=2, big_blind_ante=True), [100] * 3, dead_small_blind=True, seed=3)
    assert hand.stacks == (96, 100, 100) and hand.bets == (2, 0, 0) and hand.actor == 1
    heads_up = Hand(NL, [100, 100], dead_small_blind=True, seed=3)
    assert heads_up.bets == (2, 0) and heads_up.actor == 1


def test_a_returning_player_posts_a_live_big_blind_and_a_dead_small_blind():
    hand = Hand(NL, [100] * 5, button=4, posts={3: (2, 1)}, seed=3)
    assert hand.bets == (1, 2, 0, 2, 0) and hand.pot_total == 1 and hand.stacks[3] == 97
    assert hand.history[2:4] == ((ActionKind.POST_BLIND, 3, 2, ()), (ActionKind.POST_DEAD, 3, 1, ()))
    assert hand.actor == 2  # action starts left of the big blind
    hand.call()
    legal = hand.legal_actions()
    assert legal.seat == 3 and legal.check and legal.min_raise_to == 4  # the live post is a bet, with the option
    hand.check(), hand.call(), hand.call()
    assert hand.actor == 1 and hand.legal_actions().check
    hand.check()
    assert hand.street == Street.FLOP and hand.pot_total == 11
    while not hand.is_over:
        hand.check_or_call()
    assert sum(hand.payoffs) == 0 and sum(hand.stacks) == 500
    again = Hand.replay(NL, [100] * 5, hand.history, button=4, posts={3: (2, 1)})
    assert again.history == hand.history


def test_a_short_stack_posts_live_first_then_dead():
    hand = Hand(NL, [100, 100, 2, 100], posts={2: (2, 1)}, seed=3)
    assert hand.stacks[2] == 0 and hand.bets[2] == 2 and hand.pot_total == 0
    assert hand.statuses[2] is SeatStatus.ALL_IN


@pytest.mark.parametrize("posts", [{5: (2, 0)}, {-1: (2, 0)}, {1: (2,)}, {1: (-2, 0)}, {1: (2, 1.0)}, {"1": (2, 1)}])
def test_bad_posts_are_rejected(posts):
    with pytest.raises(InvalidHandError, match="posts"):
        Hand(NL, [100] * 3, posts=posts, seed=1)


# --- folding, checking, uncalled bets ---------------------------------------------


def test_fold_facing_no_bet_is_rejected_unless_allowed():
    hand = to_flop(Hand(NL, [100] * 3, seed=3))
    with pytest.raises(IllegalActionError, match="check instead"):
        hand.fold()
    loose = to_flop(Hand(Rules.no_limit(1, 2, fold_without_bet=True), [100] * 3, seed=3))
    assert loose.legal_actions().fold
    loose.fold()
    assert loose.statuses[0] is SeatStatus.FOLDED


def test_uncalled_bet_is_returned_and_hand_ends_when_all_fold():
    hand = to_flop(Hand(NL, [100] * 3, seed=3))
    hand.raise_to(50)
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.payoffs == (4, -2, -2)
    assert [action.kind for action in hand.history[-2:]] == [ActionKind.RETURN, ActionKind.WIN]
    assert not any(action.kind is ActionKind.SHOW for action in hand.history)


def test_overbet_all_in_excess_is_returned():
    hand = Hand(NL, [500, 100], seed=4)
    hand.call()  # seat 1, button
    hand.all_in()  # seat 0 to 500
    hand.all_in()  # seat 1 calls 98 all in
    assert hand.is_over and sum(hand.stacks) == 600
    assert any(action.kind is ActionKind.RETURN and action.amount == 400 for action in hand.history)


def test_rejected_actions_leave_the_state_exactly_as_it_was():
    hand = to_flop(Hand(NL, [100] * 3, seed=3))
    hand.raise_to(10)
    before = snapshot(hand)
    for bad in (lambda: hand.check(), lambda: hand.raise_to(15), lambda: hand.raise_to(1000),
                lambda: hand.raise_to("20"), lambda: hand.act("bet"), lambda: hand.act("dance")):
        with pytest.raises((IllegalActionError, TypeError)):
            bad()
        assert snapshot(hand) == before
    hand.fold()
    hand.fold()
    with pytest.raises(IllegalActionError, match="over"):
        hand.check_or_call()


# --- limits -----------------------------------------------------------------------


def raises_preflop(rules: Rules, count: int) -> int:
    hand = Hand(rules, [1000] * count, seed=5)
    raises = 0
    while hand.legal_actions().min_raise_to is not None:
        hand.raise_to(hand.legal_actions().min_raise_to)
        raises += 1
    return raises


def test_fixed_limit_cap_counts_the_big_blind():
    assert raises_preflop(Rules.fixed_limit(2, 4), 3) == 3
    assert raises_preflop(Rules.fixed_limit(2, 4, blind_counts_as_bet=False), 3) == 4
    assert raises_preflop(Rules.fixed_limit(2, 4, max_bets=5), 3) == 4


def test_fixed_limit_uncapped_heads_up():
    hand = Hand(Rules.fixed_limit(2, 4, uncapped_heads_up=True), [1000, 1000], seed=5)
    for _ in range(20):
        hand.raise_to(hand.legal_actions().min_raise_to)
    assert hand.bets[hand.actor] < hand.bets[1 - hand.actor] == 42


def test_fixed_limit_bet_sizes_by_street():
    hand = Hand(Rules.fixed_limit(2, 4), [1000] * 2, seed=5)
    assert hand.legal_actions().min_raise_to == hand.legal_actions().max_raise_to == 4
    hand.call()
    hand.check()
    assert hand.legal_actions().max_raise_to == 2
    hand.check()
    hand.check()
    assert hand.street == Street.TURN and hand.legal_actions().max_raise_to == 4


def test_fixed_limit_half_bet_all_in_reopens():
    rules = Rules.fixed_limit(4, 8)
    hand = to_flop(Hand(rules, [100, 9, 100], seed=5))  # seat 1 has 5 behind after the blind
    hand.raise_to(4)
    hand.all_in()  # to 5: +1, less than half a bet
    hand.call()
    assert hand.legal_actions().min_raise_to is None
    hand = to_flop(Hand(rules, [100, 11, 100], seed=5))  # 7 behind
    hand.raise_to(4)
    hand.all_in()  # to 7: +3, at least half a bet
    hand.call()
    assert hand.legal_actions().min_raise_to == 11
    strict = to_flop(Hand(Rules.fixed_limit(4, 8, reopening=Reopening.POKERKIT), [100, 11, 100], seed=5))
    strict.raise_to(4)
    strict.all_in()
    strict.call()
    assert strict.legal_actions().min_raise_to is None


def test_pot_limit_maximum_is_the_pot_after_calling():
    hand = Hand(Rules.pot_limit(1, 2), [1000] * 3, seed=5)
    assert hand.legal_actions().max_raise_to == 7  # call 2, pot 5, raise 5
    hand.raise_to(7)
    assert hand.legal_actions().max_raise_to == 1 + 7 + 2 + 7 + 6  # seat 0: call 6 into a pot of 16


# --- showdown and awards ----------------------------------------------------------


def test_split_pot_odd_chip_goes_left_of_the_button():
    # A pot of 20 split three ways: 6 each and 2 odd chips.
    for odd_chip, expected in ((OddChip.LEFT_OF_BUTTON, (-2, 1, 1, 0)), (OddChip.POKERKIT, (-2, 2, 0, 0))):
        hand = Hand(
            Rules.no_limit(1, 2, ante=1, odd_chip=odd_chip),
            [100] * 4,
            hole_cards=["2c3d", "2d3h", "2h3s", "2s4c"],
            board="AsKsQsJsTs",
        )
        hand.raise_to(5)  # seat 2
        hand.call()  # seat 3
        hand.fold()  # seat 0
        hand.call()  # seat 1
        while not hand.is_over:
            hand.check()
        assert hand.payoffs == expected


def test_showdown_order_and_mucking():
    hand = Hand(NL, [100] * 3, hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c")
    to_flop(hand)
    for _ in range(7):  # flop and turn checked through, seat 0 checks the river
        hand.check()
    hand.raise_to(10)  # seat 1 bets the river
    hand.call()
    hand.call()
    shows = [(action.kind, action.seat) for action in hand.history if action.kind in ("show", "muck")]
    assert shows == [(ActionKind.SHOW, 1), (ActionKind.SHOW, 2), (ActionKind.SHOW, 0)]
    assert hand.payoffs == (24, -12, -12)

    hand = Hand(NL, [100] * 3, hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c")
    while not hand.is_over:
        hand.check_or_call()
    shows = [(action.kind, action.seat) for action in hand.history if action.kind in ("show", "muck")]
    assert shows == [(ActionKind.SHOW, 0), (ActionKind.MUCK, 1), (ActionKind.MUCK, 2)]


def check_down(hand: Hand) -> Hand:
    while hand.actor is not None:
        hand.check_or_call()
    return hand


def test_unknown_hole_cards_play_on_until_they_must_show():
    hand = Hand(NL, [100] * 3, hole_cards=["AsAh", None, "KdKc"], board="Ac8d5h4s9c")
    assert hand.hole_cards(1) == () and hand.history[3] == (ActionKind.DEAL_HOLE, 1, 0, ())
    hand.raise_to(10), hand.call(), hand.call()
    check_down(hand)
    assert hand.showdown_seats == (1,) and not hand.is_over and hand.actor is None
    before = snapshot(hand)
    with pytest.raises(IllegalActionError, match="not known: they cannot be shown, only mucked"):
        hand.show(1)
    with pytest.raises(IllegalActionError, match=r"waits for seats \[1\]"):
        hand.muck(0)
    with pytest.raises(IllegalActionError, match="showdown waits"):
        hand.check_or_call()
    assert snapshot(hand) == before
    hand.muck(1)
    assert hand.is_over and hand.payoffs == (20, -10, -10)
    assert [(action.kind, action.seat) for action in hand.history if action.kind in ("show", "muck")] == [
        (ActionKind.MUCK, 1), (ActionKind.SHOW, 0), (ActionKind.MUCK, 2)
    ]


def test_unknown_hole_cards_that_fold_need_nothing():
    hand = Hand(NL, [100] * 3, hole_cards=[None, "7c2d", None], board="Ac8d5h4s9c")
    hand.fold()
    hand.fold()
    assert hand.is_over and hand.payoffs == (-1, 1, 0)


def test_manual_showdown_a_mucked_winner_gives_up_the_pot():
    rules = Rules.no_limit(1, 2)
    hand = Hand(rules, [100, 60, 100], hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c", manual_showdown=True)
    hand.raise_to(60), hand.call(), hand.call()
    check_down(hand)
    assert set(hand.showdown_seats) == {0, 1, 2}
    hand.show(2)
    hand.muck(0)  # the best hand, mucked
    assert not hand.is_over
    hand.show(1)
    # Seat 2's kings beat seat 1's seven high: the main pot and the side pot.
    assert hand.is_over and hand.payoffs == (-60, -60, 120)
    again = Hand.replay(rules, [100, 60, 100], hand.history, manual_showdown=True)
    assert again.history == hand.history


def test_manual_showdown_when_every_hand_is_mucked_they_split():
    hand = Hand(NL, [100, 100], hole_cards=["AsAh", "7c2d"], board="Ac8d5h4s9c", manual_showdown=True)
    check_down(hand)
    hand.muck(1)
    hand.muck(0)
    assert hand.is_over and hand.payoffs == (0, 0)


def test_copy_of_a_waiting_showdown_is_independent():
    hand = check_down(Hand(NL, [100, 100], hole_cards=["AsAh", "7c2d"], board="Ac8d5h4s9c", manual_showdown=True))
    other = hand.copy()
    other.muck(0), other.show(1)
    assert other.payoffs == (-2, 2) and hand.showdown_seats == (0, 1)


def test_all_hands_show_option():
    rules = Rules.no_limit(1, 2, all_hands_show=True)
    hand = Hand(rules, [100] * 3, hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c")
    while not hand.is_over:
        hand.check_or_call()
    assert sum(action.kind is ActionKind.SHOW for action in hand.history) == 3


def test_all_in_runs_out_the_board_and_pays_side_pots():
    hand = Hand(NL, [25, 60, 100], hole_cards=["AsAh", "KdKc", "7c2d"], board="Ac8d5h4s9c")
    hand.raise_to(60)  # seat 2
    hand.call()  # seat 0, all in for 25
    hand.call()  # seat 1, all in for 60
    assert hand.is_over and hand.board == hand.boards[0] and len(hand.board) == 5
    assert hand.payoffs == (50, 10, -60)
    assert hand.stacks == (75, 70, 40)


def test_run_it_twice():
    rules = Rules.no_limit(1, 2, runouts=2)
    hand = Hand(rules, [100, 100], seed=11)
    hand.all_in()
    hand.all_in()
    assert hand.is_over and len(hand.boards) == 2
    cards = [card for board in hand.boards for card in board[len(hand.board) - 5 :]]
    dealt = list(hand.hole_cards(0) + hand.hole_cards(1)) + [c for board in hand.boards for c in board]
    assert len(set(dealt)) == len(dealt) and cards
    assert sum(hand.stacks) == 200


def test_run_it_twice_from_given_cards_asks_for_the_second_board():
    rules = Rules.no_limit(1, 2, runouts=2)
    hand = Hand(rules, [100, 100], hole_cards=["AsAh", "KdKc"], board="2c7h9s")
    hand.all_in()
    hand.all_in()
    assert hand.boards == ((0, 22, 31),) and hand.cards_needed == 1  # the turn of run 1
    hand.deal_board("Jd")
    hand.deal_board("Qh")
    assert hand.cards_needed == 5 and not hand.is_over  # all of run 2: the players went all in preflop
    with pytest.raises(DuplicateCardError, match="Qh"):
        hand.deal_board("3c4d5hQhKc")
    hand.deal_board("Kh Ks 8d 8c 3d")
    last_deal = [action for action in hand.history if action.kind is ActionKind.DEAL_BOARD][-1]
    assert hand.is_over and last_deal == Action("deal-board", None, 1, hand.boards[1])
    assert hand.stacks == (100, 100)  # each run won once: the halves come back
    again = Hand.replay(rules, [100, 100], hand.history)
    assert again.boards == hand.boards and again.stacks == hand.stacks


def test_a_deck_that_ends_within_a_street_is_not_dealt_from_again():
    # Hole cards, a burn and two cards of a flop: the flop comes from deal_board, and
    # the deck's last card, which the flop may hold, is never dealt after it.
    hand = Hand(NL, [100, 100], deck=[4, 20, 35, 31, 5, 46])
    hand.call()
    hand.check()
    assert hand.cards_needed == 3
    hand.deal_board([11, 0, 46])
    hand.check()
    hand.check()
    assert hand.cards_needed == 1 and hand.board == (11, 0, 46)


def test_runs_the_deck_cannot_hold_are_not_dealt():
    # Four hole cards, then each run of five cards and three burns: six runs fill the deck.
    hand = Hand(Rules.no_limit(1, 2, runouts=7), [100, 100], seed=1)
    hand.all_in()
    hand.all_in()
    assert hand.is_over and len(hand.boards) == 6 and sum(hand.stacks) == 200
    # From known cards the same: the dealer burns a card before each street of each run.
    hand = Hand(Rules.no_limit(1, 2, runouts=12), [100, 100], hole_cards=["AsAh", "KdKc"], board="2c7h9sJdQh")
    hand.all_in()
    hand.all_in()
    unseen = [card for card in range(52) if card not in set(hand.board) | {51, 50, 45, 44}]
    while hand.cards_needed:
        hand.deal_board(unseen[: hand.cards_needed])
        unseen = unseen[5:]
    assert hand.is_over and len(hand.boards) == 6 and sum(hand.stacks) == 200


def test_rake_with_cap_and_no_flop_no_drop():
    rules = Rules.no_limit(1, 2, rake=0.1, rake_cap=3)
    hand = Hand(rules, [100] * 2, seed=2)
    hand.raise_to(10)
    hand.fold()
    assert hand.rake == 0
    hand = Hand(rules, [100] * 2, seed=2)
    hand.raise_to(20)
    hand.call()
    hand.raise_to(20)
    hand.fold()
    assert hand.rake == 3 and sum(hand.stacks) == 197


# --- dealing, copies and views ----------------------------------------------------


def test_seeded_hands_repeat():
    first, second = Hand(NL, [100] * 6, seed=42), Hand(NL, [100] * 6, seed=42)
    assert [first.hole_cards(seat) for seat in range(6)] == [second.hole_cards(seat) for seat in range(6)]


def test_deck_order_deals_from_left_of_the_button():
    from holdem.cards import parse_cards

    deck = parse_cards("AsKsQsJsTs9s8s7s6s5s4s3s2s")
    hand = Hand(NL, [100] * 3, button=0, deck=deck)
    assert hand.hole_cards(1) == (deck[0], deck[3])
    assert hand.hole_cards(0) == (deck[2], deck[5])
    to_flop(hand)
    assert hand.board == deck[7:10]


def test_bad_setups_are_rejected():
    with pytest.raises(InvalidHandError, match="at least 1 chip"):
        Hand(NL, [100, 0])
    with pytest.raises(InvalidHandError, match="button 5"):
        Hand(NL, [100, 100], button=5)
    with pytest.raises(InvalidHandError, match="only one source"):
        Hand(NL, [100, 100], seed=1, hole_cards=["AsAh", "KsKh"])
    with pytest.raises(DuplicateCardError):
        Hand(NL, [100, 100], hole_cards=["AsAh", "AsKh"])
    with pytest.raises(CardCountError):
        Hand(NL, [100, 100], hole_cards=["AsAh", "KsKh"], board="2c3c")


def test_manual_board_entry():
    hand = Hand(NL, [100, 100], hole_cards=["AsAd", "KcKd"])
    hand.call()
    hand.check()
    assert hand.actor is None and hand.cards_needed == 3
    with pytest.raises(DuplicateCardError):
        hand.deal_board("AsQh2c")
    with pytest.raises(IllegalActionError, match="board card"):
        hand.check()
    hand.deal_board("2c7h9s")
    assert hand.actor == 0 and hand.street == Street.FLOP


def test_copy_is_independent():
    hand = Hand(NL, [100] * 3, seed=8)
    copy = hand.copy()
    copy.raise_to(10)
    copy.fold()
    assert hand.history != copy.history and hand.actor == 2 and hand.stacks == (99, 98, 100)
    assert len(hand.view(0).history) == len(hand.history) < len(copy.view(0).history) == len(copy.history)


def test_view_hides_other_hole_cards_until_shown():
    hand = Hand(NL, [100] * 3, hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c")
    view = hand.view(1)
    assert view.hole_cards == hand.hole_cards(1) and view.legal_actions.kinds == ()
    assert view.shown == {} and view.board == ()
    hidden = [action.cards for action in view.history if action.kind is ActionKind.DEAL_HOLE and action.seat != 1]
    assert hidden == [(), ()]
    assert hand.view(2).legal_actions == hand.legal_actions()
    while not hand.is_over:
        hand.check_or_call()
    assert hand.view(1).shown == {0: hand.hole_cards(0)}


@pytest.mark.parametrize("players", [2, 3, 6, 10])
def test_view_history_is_the_history_with_other_deals_hidden(players):
    for button in range(players):
        hand = Hand(Rules.no_limit(1, 2, ante=1), [50] * players, button, seed=button)
        while (actor := hand.actor) is not None:
            for seat in range(players):
                expected = tuple(
                    action._replace(cards=())
                    if action.kind is ActionKind.DEAL_HOLE and action.seat != seat
                    else action
                    for action in hand.history
                )
                assert hand.view(seat).history == expected
            assert hand._actor_view() == hand.view(actor)
            top = hand.legal_actions().max_raise_to
            hand.check_or_call() if button % 2 or top is None else hand.raise_to(top)
        assert hand._actor_view() is None


def test_log_and_str_are_the_hand_log():
    from holdem.formats.log import hand_log

    hand = Hand(NL, [100] * 3, hole_cards=["AsAh", "7c2d", "KdKc"], board="Ac8d5h4s9c")
    hand.fold()
    assert hand.log() == str(hand) == hand_log(hand) and "Player 3 folds" in hand.log()


def test_history_records_equal_and_hash_like_constructed_actions():
    hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=3)
    hand.fold()
    made = Action(ActionKind.FOLD, hand.history[-1].seat)
    assert hand.history[-1] == made and hash(hand.history[-1]) == hash(made)
    assert {made: 1}[hand.history[-1]] == 1


@pytest.mark.parametrize("seed", [3, 4, 8])
def test_replay_of_a_hand_run_many_times_ends_as_it_did(seed):
    rules = Rules.no_limit(1, 2, runouts=10)
    hand = Hand(rules, [100, 100], seed=seed)
    hand.raise_to(100)
    hand.call()
    again = Hand.replay(rules, [100, 100], hand.history)
    assert again.is_over and again.boards == hand.boards and again.history == hand.history


def test_replay_refuses_a_decision_out_of_turn():
    hand = Hand(NL, [100, 100, 100], seed=1)
    hand.fold()  # seat 2
    history = list(hand.history)
    history[-1] = Action(ActionKind.FOLD, 0)  # seat 0 was not the seat to act
    with pytest.raises(InvalidHistoryError, match="seat 0 acts out of turn"):
        Hand.replay(NL, [100, 100, 100], history)


def test_a_seeded_hand_deals_the_cards_of_its_seed():
    from holdem import Deck

    for seed in (0, 1, 7, 2**32, 2**64 - 1):
        for players in (2, 6, 10):
            hand = Hand(Rules.no_limit(1, 2), [100] * players, seed=seed)
            cards = Deck(seed).deal(2 * players + 8)
            dealt = [action.cards for action in hand.history if action.kind is ActionKind.DEAL_HOLE]
            assert dealt == [(cards[index], cards[players + index]) for index in range(players)]
            assert hand._deck == cards
    numpy = pytest.importorskip("numpy")
    assert Hand(Rules.no_limit(1, 2), [50, 50], seed=numpy.uint64(9)).history == (
        Hand(Rules.no_limit(1, 2), [50, 50], seed=9).history
    )


def test_a_pickled_hand_plays_on_as_the_original():
    import pickle

    hand = Hand(Rules.no_limit(1, 2), [100, 80, 60], seed=4)
    hand.raise_to(6)
    hand.copy()  # the history recorded so far is now shared
    again = pickle.loads(pickle.dumps(hand))
    while not hand.is_over:
        assert hand.legal_actions() == again.legal_actions()
        assert hand.all_in() == again.all_in()
    assert again.is_over and again.history == hand.history and again.stacks == hand.stacks


def test_a_history_that_shows_unknown_cards_is_refused():
    rules = Rules.no_limit(1, 2)
    hand = Hand(rules, [50, 50], hole_cards=["AsAd", None], board="2c7h9sJdQh")
    while hand.actor is not None:
        hand.check_or_call()
    with pytest.raises(IllegalActionError, match="not known"):
        Hand.replay(rules, [50, 50], [*hand.history, Action(ActionKind.SHOW, 1, 0, (0, 1))])
    exposed = Hand(rules, [50, 50], hole_cards=["AsAd", "KcKd"])
    bad = [*exposed.history, Action(ActionKind.EXPOSE, 0, 2, (51,))]
    with pytest.raises(InvalidHistoryError, match="exposed card"):
        Hand.replay(rules, [50, 50], bad)


def test_any_number_of_runouts_plays():
    hand = Hand(Rules.no_limit(1, 2, runouts=2**31), [100, 100], seed=1)
    hand.all_in()
    hand.call()
    assert hand.is_over and hand.runs == 2**31 and 1 < len(hand.boards) <= 8
    assert sum(hand.stacks) == 200


def test_a_hand_copied_at_every_step_pickles():
    import copy
    import pickle

    hand = Hand(Rules.no_limit(1, 2), [10**9, 10**9], seed=1)
    for _ in range(3_000):
        hand.raise_to(hand.legal_actions().min_raise_to)
        hand = hand.copy()
    assert pickle.loads(pickle.dumps(hand)).history == hand.history == copy.deepcopy(hand).history


def test_seats_and_stacks_take_integers_only():
    numpy = pytest.importorskip("numpy")
    rules = Rules.no_limit(1, 2)
    assert Hand(rules, [50, 50], button=numpy.int64(0), seed=1).button == 0
    assert Hand(rules, [50, 50], seed=1).view(numpy.int64(1)).seat == 1
    assert Hand(rules, [100] * 4, dead_small_blind=True, posts={numpy.int64(2): (2, 1)}, seed=1).posts == {2: (2, 1)}
    with pytest.raises(InvalidHandError, match="stack True"):
        Hand(rules, [True, 100], seed=1)
    with pytest.raises(TypeError, match="seat True"):
        Hand(rules, [50, 50], seed=1).view(True)
    with pytest.raises(TypeError, match="posts"):
        Hand(rules, [50] * 3, posts=[(2, 0)], seed=1)


def test_no_exposure_or_misdeal_once_hands_are_shown_or_the_board_is_out():
    hand = Hand(Rules.no_limit(1, 2), [1, 2], hole_cards=["AsAd", "KcKd"])  # all in on the blinds: shown
    before = hand.history
    with pytest.raises(IllegalActionError, match="too late for an exposed card"):
        hand.replace_exposed(0, "As", "2c")
    assert hand.history == before and hand.hole_cards(0) == (51, 49)  # As Ad
    hand.deal_board("2h3h4h")
    before = hand.history
    with pytest.raises(IllegalActionError, match="too late for a misdeal"):
        hand.misdeal()
    assert hand.history == before and not hand.is_void


def test_the_log_of_a_winner_who_shows_after_the_others_folded():
    hand = Hand(Rules.no_limit(1, 2), [100, 100], dead_small_blind=True, seed=1)
    hand.fold()  # the big blind is returned whole: no pot
    hand.show(0)
    assert "shows" in hand.log() and "SHOWDOWN" not in hand.log()


def test_a_history_must_deal_once_to_each_seat():
    rules = Rules.no_limit(1, 2)
    for seats in ((0, 5), (0, 0), (0, None)):
        history = [Action(ActionKind.DEAL_HOLE, seat, 0, (2 * index, 2 * index + 1)) for index, seat in enumerate(seats)]
        with pytest.raises(CardCountError, match="deal once to each of the seats"):
            Hand.replay(rules, [100, 100], history)
    with pytest.raises(TypeError, match="Action records"):
        Hand.replay(rules, [100, 100], [(1, 2)])


def test_posts_are_a_mapping():
    for posts in (0, [], "x"):
        with pytest.raises(TypeError, match="posts"):
            Hand(NL, [100] * 3, posts=posts, seed=1)


def test_uncapped_heads_up_refusal_names_the_all_in_opponent_not_the_cap():
    """The refusal is the code of the check that refused: heads-up with the cap lifted and the opponent
    all in, no one can answer a raise (the message once said the cap was reached)."""
    rules = Rules.fixed_limit(2, 4, max_bets=2, uncapped_heads_up=True)
    hand = Hand(rules, [100, 7], button=1, hole_cards=["AsAd", "KcKd"], board="2c7h9sJdQh")
    hand.raise_to(4), hand.raise_to(6), hand.raise_to(7)
    with pytest.raises(IllegalActionError, match="no other player still in can put in more") as refused:
        hand.raise_to(9)
    assert "cap" not in str(refused.value)
    capped = Hand(Rules.fixed_limit(2, 4, max_bets=2), [100, 100, 100], hole_cards=["AsAd", "KcKd", "QcQd"])
    capped.raise_to(4)
    with pytest.raises(IllegalActionError, match="the cap of 2 bets this street is reached"):
        capped.raise_to(6)


def test_hand_init_is_the_documented_signature():
    # Hand.__init__ is the core's own function: its signature is still Hand's.
    import inspect

    parameters = inspect.signature(Hand).parameters
    assert list(parameters)[:3] == ["rules", "stacks", "button"]
    assert all(parameters[name].kind is inspect.Parameter.KEYWORD_ONLY for name in list(parameters)[3:])
    with pytest.raises(TypeError):
        Hand(Rules.no_limit(1, 2), [100, 100], 0, 5)  # type: ignore[misc]
    with pytest.raises(TypeError, match="sed"):
        Hand(Rules.no_limit(1, 2), [100, 100], sed=5)  # type: ignore[call-arg]


def test_hands_dealt_the_same_cards_share_nothing_that_changes():
    rules = Rules.no_limit(1, 2)
    first = Hand(rules, [100, 100], hole_cards=["AsAd", "KcKd"])
    second = Hand(rules, [100, 100], hole_cards=["AsAd", "KcKd"])
    assert first.history == second.history
    first.replace_exposed(0, "Ad", "2c")
    again = Hand(rules, [100, 100], hole_cards=["AsAd", "KcKd"])
    assert second.hole_cards(0) == again.hole_cards(0) == (51, 49) and again.history == second.history
    assert first.hole_cards(0) == (51, 0)


def test_copy_module_copies_are_independent():
    """Issue: copy.copy(hand) took the pickled state, sharing the list of records being made: an action
    in either hand showed in the other's history."""
    import copy

    class Tagged(Hand):
        pass

    hand = Tagged(Rules.no_limit(1, 2), [100, 100, 100], seed=9)
    hand.tag = "mine"
    other = copy.copy(hand)
    other.fold()
    assert len(other.history) == len(hand.history) + 1 and hand.actor == other.history[-1].seat
    assert other.tag == "mine" and type(other) is Tagged
    hand.check_or_call()
    assert other.history[-1].kind is ActionKind.FOLD and hand.history[-1].kind is ActionKind.CALL


def test_a_wrong_call_of_hand_names_hand():
    for arguments, keywords in (((), {}), ((Rules.no_limit(1, 2),), {}), ((Rules.no_limit(1, 2), [100, 100]), {"colour": 1})):
        with pytest.raises(TypeError, match=r"^Hand\(\)") as raised:
            Hand(*arguments, **keywords)
        assert "_start" not in str(raised.value)
