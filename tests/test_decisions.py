"""Decisions in the common vocabularies, through Hand.act, agents and tables; integer types; refusals."""

import re

import numpy as np
import pytest

import holdem
from holdem import ActionKind, Hand, IllegalActionError, Rules
from holdem.agents import play_hand
from holdem.formats import acpc

NL = Rules.no_limit(1, 2)


def state(hand):
    return hand.history, hand.stacks, hand.bets, hand.actor, hand.legal_actions()


def preflop():
    """Heads-up: seat 1 (the button) to act, facing the big blind of 2."""
    return Hand(NL, [100, 100], seed=2)


def flop():
    """Heads-up on the flop, nothing bet, seat 0 to act."""
    hand = preflop()
    hand.call(), hand.check()
    return hand


@pytest.mark.parametrize(
    ("decision", "expected"),
    [
        ("fold", ("fold", 0)),
        ("FOLD", ("fold", 0)),
        ("f", ("fold", 0)),
        (ActionKind.FOLD, ("fold", 0)),
        ("call", ("call", 1)),
        ("Call", ("call", 1)),
        ("c", ("call", 1)),
        ("check_or_call", ("call", 1)),
        ("check-or-call", ("call", 1)),
        (ActionKind.CALL, ("call", 1)),
        ("raise 10", ("raise", 10)),
        ("RAISE 10", ("raise", 10)),
        ("raise to 10", ("raise", 10)),
        ("bet 10", ("raise", 10)),
        (("raise", 10), ("raise", 10)),
        (("bet", 10), ("raise", 10)),
        (("RAISE", np.int64(10)), ("raise", 10)),
        ((ActionKind.RAISE, np.uint16(10)), ("raise", 10)),
        ("r10", ("raise", 10)),
        ("all-in", ("raise", 100)),
        ("allin", ("raise", 100)),
        ("All_In", ("raise", 100)),
        (("call",), ("call", 1)),
    ],
)
def test_every_vocabulary_plays_facing_a_bet(decision, expected):
    hand = preflop()
    action = hand.act(decision)
    assert (action.kind.value, action.amount, action.seat) == (*expected, 1)


@pytest.mark.parametrize("decision", ["call", "CALL", "c", "check_or_call", ActionKind.CALL, "check", "Check"])
def test_call_facing_no_bet_is_a_check(decision):
    hand = flop()
    assert hand.act(decision) == holdem.Action(ActionKind.CHECK, 0)


@pytest.mark.parametrize("amount", [10, np.int64(10), np.int32(10), np.uint8(10)])
def test_any_integer_type_is_an_amount(amount):
    for play in (lambda hand: hand.act("bet", amount), lambda hand: hand.act(("bet", amount)),
                 lambda hand: hand.raise_to(amount)):  # fmt: skip
        hand = flop()
        action = play(hand)
        assert action == holdem.Action(ActionKind.BET, 0, 10) and type(action.amount) is int
        assert hand.stacks == (88, 98)


@pytest.mark.parametrize("amount", [10.0, 1.5, True, "10", np.float64(10)])
def test_an_amount_that_is_not_an_integer_is_a_type_error_and_changes_nothing(amount):
    hand = flop()
    before = state(hand)
    for play in (lambda: hand.act("bet", amount), lambda: hand.act(("raise", amount)), lambda: hand.raise_to(amount)):
        with pytest.raises(TypeError, match="use an integer"):
            play()
        assert state(hand) == before
    with pytest.raises(TypeError, match="chips are whole numbers"):
        hand.raise_to(10.0)


def test_a_decision_of_the_wrong_type_is_a_type_error():
    hand = preflop()
    before = state(hand)
    for decision in (None, 3, ["call"], ("raise", 6, 7), b"call"):
        with pytest.raises(TypeError, match="decision"):
            hand.act(decision)
    assert state(hand) == before


def test_an_amount_where_none_belongs_is_refused():
    hand = preflop()
    before = state(hand)
    for decision, amount in (("call", 50), ("fold", 2), ("check", 0), ("all-in", 100), ("raise 10", 10)):
        with pytest.raises(IllegalActionError, match="amount"):
            hand.act(decision, amount)
    for decision in ("call 5", ("call", 5), "fold 3"):
        with pytest.raises(IllegalActionError, match="takes no amount"):
            hand.act(decision)
    assert state(hand) == before


@pytest.mark.parametrize(
    ("decision", "says"),
    [
        ("check", r"seat 1 may not check facing a bet of 2"),
        (("raise", 3), r"seat 1 may not raise to 3: the total must be from 4 to 100"),
        ("shove", r"seat 1: unknown decision 'shove'"),
        ("raise", r"seat 1 must say how much"),
        ("raise ٦", r"seat 1: unknown decision"),
    ],
)
def test_an_illegal_decision_names_the_seat_the_decision_and_what_is_legal(decision, says):
    hand = preflop()
    before = state(hand)
    with pytest.raises(IllegalActionError, match=says + r".*\(legal: fold, call 1, or raise to 4 to 100\)$"):
        hand.act(decision)
    assert state(hand) == before


def test_a_decision_after_the_hand_says_it_is_over():
    hand = preflop()
    hand.act("fold")
    for decision in ("call", "raise 10", "r10", ActionKind.CHECK):
        with pytest.raises(IllegalActionError, match="the hand is over: no one may act$"):
            hand.act(decision)
    with pytest.raises(IllegalActionError, match="^unknown decision 'shove'"):
        hand.act("shove")


def test_acpc_raises_state_the_seats_total_for_the_hand():
    ours, theirs = (Hand(Rules.no_limit(50, 100), [20000] * 2, 1, seed=1) for _ in range(2))
    for action in ("r300", "c", "r900", "r2700", "c", "c", "r5000", "f"):
        assert ours.act(action) == acpc.apply_action(theirs, action)
    assert ours.history == theirs.history


def test_a_bet_without_an_amount_is_the_one_size_allowed():
    hand = Hand(Rules.fixed_limit(2, 4), [100, 100, 100], seed=1)
    assert hand.act("raise") == holdem.Action(ActionKind.RAISE, 2, 4)
    assert hand.act("r") == holdem.Action(ActionKind.RAISE, 0, 6)
    hand = Hand(NL, [3, 100], seed=1)
    hand.call()
    assert hand.act("raise") == holdem.Action(ActionKind.RAISE, 0, 3)


def test_show_and_muck_take_integer_seats_only():
    hand = Hand(NL, [50, 50], hole_cards=["AsAd", "KsKd"], board="2c7h9sJdQh", manual_showdown=True)
    while hand.actor is not None:
        hand.act("call")
    before = state(hand)
    for seat in (1.0, True, "1", None):
        with pytest.raises(TypeError, match="seat"):
            hand.muck(seat)
        with pytest.raises(TypeError, match="seat"):
            hand.show(seat)
    assert state(hand) == before and hand.showdown_seats == (0, 1)
    assert hand.muck(np.int64(1)) == holdem.Action(ActionKind.MUCK, 1)
    assert hand.show(np.uint8(0)).seat == 0 and hand.is_over


def test_agents_may_use_any_vocabulary():
    words = iter(["CALL", "check_or_call", "Bet 6", "c", "r20", ("RAISE", np.int64(40)), "allin", "c"])

    def chatty(view):
        return next(words)

    hand = Hand(NL, [100, 100], seed=4)
    assert play_hand(hand, [chatty, chatty]) == []
    decisions = [action for action in hand.history if action.kind in DECISIONS]
    assert decisions == [
        holdem.Action(ActionKind.CALL, 1, 1), holdem.Action(ActionKind.CHECK, 0),
        holdem.Action(ActionKind.BET, 0, 6), holdem.Action(ActionKind.CALL, 1, 6),
        holdem.Action(ActionKind.BET, 0, 12), holdem.Action(ActionKind.RAISE, 1, 40),
        holdem.Action(ActionKind.RAISE, 0, 92), holdem.Action(ActionKind.CALL, 1, 52),
    ]  # fmt: skip
    assert hand.is_over


DECISIONS = {ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE}


def test_table_act_takes_the_same_vocabulary():
    table = holdem.Table(NL, seats=3, seed=1)
    table.join("ann", 0, 100), table.join("bob", 2, 100)
    table.start_hand()
    assert table.act(table.actor, "CALL").kind is ActionKind.CALL
    assert table.act(table.actor, "call").kind is ActionKind.CHECK



# Never legal: not a decision, an amount where none belongs, a wrong type, or a total no stack reaches.
BAD = ["shove", "call 5", "fold 2", ("raise", 1.5), ("bet", True), ["call"], ("raise", 6, 7), ("raise", 10**9)]


def spent_before_this_street(hand, seat):
    return hand.starting_stacks[seat] - hand.stacks[seat] - hand.bets[seat]


@pytest.mark.parametrize("rules", [NL, Rules.pot_limit(1, 2), Rules.fixed_limit(2, 4)])
def test_refusals_in_random_play_change_nothing_and_say_what_is_legal(rules):
    rng = holdem.Rng(21)
    words = {"fold": ("fold", "F", "f"), "check": ("check", "call", "c"), "call": ("call", "CALL", "check_or_call")}
    for number in range(60):
        hand = Hand(rules, [20 + rng.below(200) for _ in range(4)], number % 4, seed=rng.random_raw())
        while not hand.is_over:
            legal = hand.legal_actions()
            before = state(hand)
            for bad in BAD + (["check"] if legal.call else []):
                try:
                    hand.act(bad)
                except IllegalActionError as error:
                    assert str(error).startswith(f"seat {legal.seat}")
                    assert str(error).endswith(f"(legal: {legal.describe()})")
                except TypeError:
                    pass
                assert state(hand) == before
            kinds = [kind.value for kind in legal.kinds]
            kind = kinds[rng.below(len(kinds))]
            if kind in ("bet", "raise"):
                total = legal.min_raise_to + rng.below(legal.max_raise_to - legal.min_raise_to + 1)
                in_hand = total + spent_before_this_street(hand, legal.seat)
                choice = [f"raise {total}", ("bet", np.int64(total)), f"r{in_hand}"][rng.below(3)]
            else:
                choice = words[kind][rng.below(3)]
            assert hand.act(choice).seat == legal.seat
        assert sum(hand.payoffs) == 0


@pytest.mark.parametrize(
    "decision", ["raise -5", "bet -10", "r-5", "R -5", "raise 1 0", "r 1 0", "raise +10", "raise 10-", "bet - 10"]
)
def test_a_sign_or_a_gap_in_an_amount_is_refused(decision):
    hand = preflop()
    before = state(hand)
    with pytest.raises(IllegalActionError, match=re.escape(f"unknown decision {decision!r}")):
        hand.act(decision)
    assert state(hand) == before


@pytest.mark.parametrize(
    ("decision", "expected"),
    [(" raise 10 ", ("raise", 10)), ("raise_10", ("raise", 10)), ("Raise-To 10", ("raise", 10)),
     ("r 10", ("raise", 10)), ("R10", ("raise", 10)), ("all - in", ("raise", 100))],
)  # fmt: skip
def test_separators_are_ignored_in_the_word_only(decision, expected):
    action = preflop().act(decision)
    assert (action.kind.value, action.amount) == expected


@pytest.mark.parametrize("play", [lambda hand: hand.act("r", 10), lambda hand: hand.act(("r", 10)),
                                  lambda hand: hand.act(("R", np.int64(10)))])  # fmt: skip
def test_r_with_a_separate_amount_is_refused_as_ambiguous(play):
    hand = flop()
    hand.act("bet 4"), hand.act("call")  # on the turn each seat has 6 chips in the hand
    before = state(hand)
    with pytest.raises(IllegalActionError, match=r"use \('raise', 10\) .* this street, or 'r10' for ACPC's total"):
        play(hand)
    assert state(hand) == before
    assert hand.act("r10") == holdem.Action(ActionKind.BET, 0, 4)


def test_an_amount_of_none_is_a_type_error_as_in_play_hand():
    hand = preflop()
    before = state(hand)
    with pytest.raises(TypeError, match="use an integer"):
        hand.act("raise", None)
    assert state(hand) == before
    with pytest.raises(holdem.AgentError, match="use an integer"):
        play_hand(hand, [lambda view: "call", lambda view: ("raise", None)])


def test_an_amount_of_zero_where_none_belongs_suggests_no_raise():
    with pytest.raises(IllegalActionError, match=r"'fold 0' takes no amount \(0\): say 'fold' alone \(legal"):
        preflop().act("fold 0")


@pytest.mark.parametrize("digits", [20, 31, 5000])
def test_an_amount_of_too_many_digits_is_too_large(digits):
    hand = preflop()
    before = state(hand)
    with pytest.raises(IllegalActionError, match="the amount is too large"):
        hand.act("raise " + "9" * digits)
    assert state(hand) == before
    assert hand.act("raise " + "0" * 30 + "10") == holdem.Action(ActionKind.RAISE, 1, 10)


def test_fixed_limit_default_small_blind_from_any_integer_type():
    rules = Rules.fixed_limit(2, 4, big_blind=np.int64(2))
    assert (rules.small_blind, rules.big_blind, type(rules.big_blind)) == (1, 2, int)
    for blind in (True, 2.0):
        with pytest.raises(TypeError, match="big_blind"):
            Rules.fixed_limit(2, 4, big_blind=blind)
