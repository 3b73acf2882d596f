"""Rules: constructors, defaults and validation."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy
import pytest

from holdem.errors import HoldemError
from holdem.hand import Hand
from holdem.rules import InvalidRulesError, OddChip, Reopening, Rules, Structure


def test_no_limit_defaults():
    rules = Rules.no_limit(1, 2)
    assert rules.structure is Structure.NO_LIMIT
    assert (rules.small_blind, rules.big_blind, rules.min_bet) == (1, 2, 2)
    assert rules.odd_chip is OddChip.LEFT_OF_BUTTON
    assert not rules.fold_without_bet and not rules.all_hands_show
    assert rules.runouts == 1 and rules.rake == 0


def test_pot_limit_and_fixed_limit():
    assert Rules.pot_limit(5, 10).structure is Structure.POT_LIMIT
    rules = Rules.fixed_limit(10, 20)
    assert (rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet) == (5, 10, 10, 20)
    assert rules.max_bets == 4 and rules.blind_counts_as_bet and rules.reopening is Reopening.SEEDS
    assert Rules.fixed_limit(15, 30, 10, 15).small_blind == 10


def test_rules_are_frozen_and_hashable():
    rules = Rules.no_limit(1, 2)
    with pytest.raises(AttributeError):
        rules.big_blind = 4  # type: ignore[misc]
    assert rules == Rules.no_limit(1, 2) and hash(rules) == hash(Rules.no_limit(1, 2))


def test_strings_become_enums():
    rules = Rules("pot-limit", 1, 2, 2, odd_chip="pokerkit")
    assert rules.structure is Structure.POT_LIMIT and rules.odd_chip is OddChip.POKERKIT


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: Rules.no_limit(5, 2), "below the small blind"),
        (lambda: Rules.no_limit(-1, 2), "whole number of chips from 0"),
        (lambda: Rules.no_limit(1, 2, ante=-1), "ante -1"),
        (lambda: Rules.no_limit(0, 0), "big blind 0"),
        (lambda: Rules.no_limit(1, 2, min_bet=0), "minimum bet"),
        (lambda: Rules.fixed_limit(4, 2), "small bet 4 and big bet 2"),
        (lambda: Rules.no_limit(1, 2, straddles=(2,)), "straddle 2"),
        (lambda: Rules.no_limit(1, 2, straddles=(4, 3)), "straddle 3"),
        (lambda: Rules.no_limit(1, 2, max_bets=0), "max_bets"),
        (lambda: Rules.no_limit(1, 2, runouts=0), "runouts"),
        (lambda: Rules.no_limit(1, 2, rake=1.5), "rake"),
        (lambda: Rules.no_limit(1, 2, rake_cap=-3), "rake_cap"),
        (lambda: Rules("spread-limit", 1, 2, 2), "structure 'spread-limit'"),
        (lambda: Rules.no_limit(1, 2, odd_chip="random"), "odd_chip 'random'"),
    ],
)
def test_bad_rules_are_rejected(make, words):
    with pytest.raises(InvalidRulesError, match=words) as error:
        make()
    assert isinstance(error.value, HoldemError) and isinstance(error.value, ValueError)


def test_rake_is_a_fraction():
    assert Rules.no_limit(1, 2, rake=0.05).rake == Fraction(1, 20)
    assert Rules.no_limit(1, 2, rake=Fraction(1, 10)).rake == Fraction(1, 10)


@pytest.mark.parametrize("count", [1, 11, 0])
def test_player_count_is_checked(count):
    with pytest.raises(InvalidRulesError, match="2 to 10 players"):
        Rules.no_limit(1, 2).check_player_count(count)


def test_straddle_positions_a_table_lacks_are_skipped():
    # Seed 004: a straddle position missing at this player count is skipped, never an error.
    forced = Rules.no_limit(1, 2, straddles=(4, 8), voluntary_straddles=False)
    assert Hand(forced, [100] * 4, seed=1).straddles == (4, 8)
    assert Hand(forced, [100] * 3, seed=1).straddles == (4,)
    assert Hand(forced, [100] * 2, seed=1).straddles == ()


def test_amounts_beyond_the_64_bit_arithmetic_are_refused():
    with pytest.raises(InvalidRulesError, match="2\\*\\*60"):
        Rules.no_limit(1, 2**61)


@pytest.mark.parametrize(
    "options",
    [
        {"max_bets": 2**70},
        {"rake": float("nan")},
        {"rake": float("inf")},
        {"rake": "abc"},
        {"rake": "1/0"},
        {"rake": Decimal("NaN")},
        {"rake": "1e999999999"},
        {"ante": 2**61},
    ],
)
def test_bad_values_are_refused_when_the_rules_are_made(options):
    with pytest.raises(InvalidRulesError):
        Rules.fixed_limit(2, 4, **options)


@pytest.mark.parametrize(
    "options",
    [
        {"max_bets": "x"},
        {"max_bets": 1.5},
        {"runouts": 2.0},
        {"big_blind": 2.5},
        {"rake": None},
        {"rake": True},
        {"ante": "1"},
        {"straddles": 5},
        {"all_hands_show": 1},
    ],
)
def test_values_of_the_wrong_type_raise_type_error(options):
    with pytest.raises(TypeError):
        Rules.no_limit(1, **{"big_blind": 2, **options})


def test_numpy_integers_become_ints():
    rules = Rules.fixed_limit(
        numpy.int64(2), numpy.uint16(4), max_bets=numpy.int8(3), ante=numpy.int32(1), straddles=[numpy.int64(4)]
    )
    values = (rules.small_bet, rules.big_bet, rules.max_bets, rules.ante, *rules.straddles)
    assert values == (2, 4, 3, 1, 4) and all(type(value) is int for value in values)
    assert Rules.no_limit(1, 2, rake="1/20").rake == Rules.no_limit(1, 2, rake=Decimal("0.05")).rake == Fraction(1, 20)
