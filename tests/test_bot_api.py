"""Small traps for bot writers: rank descriptions, integer batches, fixed-limit rules, exports."""

import numpy as np
import pytest

import holdem
from holdem import HandRank, InvalidArrayError, InvalidRulesError, Rules, evaluate, evaluate_batch


def test_every_rank_has_its_own_description():
    descriptions = {HandRank(rank).describe() for rank in range(1, 7463)}
    assert len(descriptions) == 7462


def test_two_flushes_of_a_showdown_are_told_apart():
    board = "Ad 9d 6d 2c 3h"
    winner, loser = HandRank(evaluate(f"Kd 4d {board}")), HandRank(evaluate(f"Qd Jd {board}"))
    assert winner > loser
    assert (winner.describe(), loser.describe()) == ("Flush, Ace-King-Nine-Six-Four", "Flush, Ace-Queen-Jack-Nine-Six")


@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8, np.uint16, np.uint64])
def test_batches_of_any_integer_dtype_rank_as_uint8(dtype):
    hands = holdem.Rng(9).sample_cards(300, 7)
    assert np.array_equal(evaluate_batch(hands.astype(dtype)), evaluate_batch(hands))
    assert np.array_equal(evaluate_batch(hands.astype(dtype)[:, :5]), evaluate_batch(hands[:, :5]))


@pytest.mark.parametrize("value", [-1, 52, 2**40])
def test_integer_batches_outside_the_card_codes_are_refused(value):
    hands = np.array([[0, 1, 2, 3, 4], [5, 6, 7, 8, value]], dtype=np.int64)
    message = rf"row 1 holds a value that is no card code \(0 to 51\): \[5, 6, 7, 8, {value}\]"
    with pytest.raises(InvalidArrayError, match=message):
        evaluate_batch(hands)


def test_fixed_limit_takes_the_bets_and_refuses_a_small_blind_of_zero():
    assert Rules.fixed_limit(2, 4) == Rules.fixed_limit(small_bet=2, big_bet=4, small_blind=1, big_blind=2)
    assert Rules.fixed_limit(10, 20, 5, 10).small_blind == 5
    with pytest.raises(InvalidRulesError, match="small blind 0 .*takes the bets, not the blinds"):
        Rules.fixed_limit(1, 2)
    assert Rules.fixed_limit(1, 2, small_blind=0, big_blind=1).small_blind == 0


def test_owed_is_exported():
    assert holdem.Owed("dead") is holdem.table.Owed.DEAD and "Owed" in holdem.__all__
