"""Fuzz targets: card text, range text, the evaluator and equity take any input by the contract."""

from __future__ import annotations

import math

import numpy
from fuzzing import answers_by_contract, awkward_numbers, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem import HandRange, HandRank, equity, evaluate, evaluate7, evaluate_batch, parse_card, parse_cards
from holdem.ranges import class_combos, hand_class

CARD_TEXT = st.text(alphabet="23456789TJQKAtjqka10cdhsCDHS ,:+-%.%e٦²\x00", max_size=20)
RANGE_ITEMS = st.sampled_from(
    ["AKs", "QQ+", "KTo+", "A5s-A2s", "T9s-76s", "22-55", "AsKs", "15%", "random", "any", ":", "-", "+", "%", ""]
)
RANGE_TEXT = st.one_of(
    st.text(max_size=30),
    st.lists(
        st.tuples(RANGE_ITEMS, st.sampled_from(["", ":0.5", ":1", ":0", ":1e-7", ":nan", ":1e-200", ":", "::"])).map(
            "".join
        ),
        max_size=6,
    ).map(", ".join),
)


@fuzz_settings(1500)
@given(st.one_of(CARD_TEXT, st.text(max_size=12), awkward_numbers, st.lists(awkward_numbers, max_size=8)))
def test_cards(text):
    with answers_by_contract():
        parse_card(text)
    with answers_by_contract():
        codes = parse_cards(text)
        assert all(type(code) is int and 0 <= code < 52 for code in codes)
    with answers_by_contract():
        assert 1 <= evaluate(text) <= 7462
    with answers_by_contract():
        hand_class(text)
    with answers_by_contract():
        class_combos(text)


@fuzz_settings(800)
@given(st.lists(awkward_numbers, min_size=7, max_size=7), awkward_numbers)
def test_evaluator_entry_points(codes, rank):
    with answers_by_contract():
        assert 1 <= evaluate7(*codes) <= 7462
    with answers_by_contract():
        HandRank(rank).describe()
    with answers_by_contract():
        evaluate_batch(numpy.zeros((1, 7), dtype=numpy.uint8) + numpy.arange(7, dtype=numpy.uint8), threads=rank)


@fuzz_settings(1500)
@given(RANGE_TEXT)
def test_range_text(text):
    with answers_by_contract():
        combos = HandRange(text).combos()
        assert combos and all(1e-6 <= weight <= 1 for _, weight in combos)


@fuzz_settings(200)
@given(
    st.lists(RANGE_TEXT, min_size=2, max_size=4),
    st.sampled_from(["", None, "2c3d4h", "2c3d4h5s", "2c3d4h5s6c", "2c", "AsAs2c"]),
    st.one_of(st.sampled_from([None, 1, 2, 2**6]), awkward_numbers),
    st.sampled_from([None, False, True]),
)
def test_equity(players, board, threads, exact):
    with answers_by_contract():
        result = equity(players, board=board, samples=2000, seed=1, threads=threads, exact=exact)
        for values in (result.equity, result.win, result.tie, result.stderr):
            assert all(math.isfinite(value) and 0 <= value <= 1 for value in values)
        assert math.isclose(sum(result.equity), 1)
