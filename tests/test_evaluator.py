import hashlib
import multiprocessing
import os
import warnings
from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference
from holdem import _core
from holdem import (
    CardCountError,
    Category,
    DuplicateCardError,
    HandRank,
    InvalidArrayError,
    InvalidCardError,
    InvalidRankError,
    Rng,
    best_five,
    evaluate,
    evaluate7,
    evaluate_batch,
    format_cards,
    parse_cards,
)

CATEGORY_NAMES = [category.name for category in Category]
FIVE_CARD_COUNTS = [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40]
SEVEN_CARD_COUNTS = [23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584]
CLASS_COUNTS = [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
# The md5 of the ranks of all 2,598,960 five-card hands in lexicographic order
# of their codes: pins the evaluator's whole order against any later change.
FIVE_CARD_DIGEST = "7a86997837cfd7366a79c1d57905ea0a"


def categories_of(ranks):
    table = np.array([0] + [HandRank(rank).category for rank in range(1, 7463)], dtype=np.int64)
    return np.bincount(table[ranks], minlength=9)


@pytest.fixture(params=["avx512", "portable"])
def batch_loop(request):
    """Run a test with each loop of evaluate_batch (the AVX-512 one where the CPU has it)."""
    if request.param == "avx512" and not _core._simd_available():
        pytest.skip("this CPU has no AVX-512")
    previous = _core._set_simd(request.param == "avx512")
    yield request.param
    _core._set_simd(previous)


@pytest.fixture(scope="module")
def all_five_card_hands():
    return np.array(list(combinations(range(52), 5)), dtype=np.uint8)


def test_all_five_card_hands_give_the_7462_classes(all_five_card_hands, batch_loop):
    ranks = evaluate_batch(all_five_card_hands)
    assert len(ranks) == 2_598_960
    assert np.array_equal(np.unique(ranks), np.arange(1, 7463))
    assert categories_of(ranks).tolist() == FIVE_CARD_COUNTS


def test_classes_per_category():
    counts = [0] * 9
    for rank in range(1, 7463):
        counts[HandRank(rank).category] += 1
    assert counts == CLASS_COUNTS


def test_every_five_card_hand_matches_the_reference(all_five_card_hands, batch_loop):
    ranks = evaluate_batch(all_five_card_hands)
    classes = reference.class_scores()
    rng = np.random.default_rng(5)
    for row in rng.choice(len(all_five_card_hands), 20_000, replace=False):
        cards = tuple(int(card) for card in all_five_card_hands[row])
        assert ranks[row] == classes[reference.score_five(cards)], format_cards(cards)


def test_five_card_order_digest(all_five_card_hands, batch_loop):
    ranks = evaluate_batch(all_five_card_hands)
    digest = hashlib.md5(ranks.astype("<u2").tobytes()).hexdigest()
    assert digest == FIVE_CARD_DIGEST


@pytest.mark.slow
def test_all_seven_card_hands_give_the_known_category_counts(batch_loop):
    five = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    starts = np.searchsorted(five[:, 0], np.arange(53))
    table = np.array([0] + [HandRank(rank).category for rank in range(1, 7463)], dtype=np.int64)
    totals = np.zeros(9, dtype=np.int64)
    for first in range(52):
        for second in range(first + 1, 52):
            tail = five[starts[second + 1]:]
            if len(tail) == 0:
                continue
            chunk = np.empty((len(tail), 7), dtype=np.uint8)
            chunk[:, 0], chunk[:, 1], chunk[:, 2:] = first, second, tail
            totals += np.bincount(table[evaluate_batch(chunk)], minlength=9)
    assert totals.sum() == 133_784_560
    assert totals.tolist() == SEVEN_CARD_COUNTS


@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_match_the_reference(size, batch_loop):
    hands = Rng(size).sample_cards(3000, size)
    ranks = evaluate_batch(hands)
    for hand, rank in zip(hands.tolist(), ranks.tolist()):
        assert rank == reference.evaluate(hand) == evaluate(hand), format_cards(hand)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_the_loops_agree_on_random_and_flush_heavy_rows(width):
    if not _core._simd_available():
        pytest.skip("this CPU has no AVX-512")
    rng = np.random.default_rng(width)
    rows = [Rng(width + 10).sample_cards(200_000, width)]
    for suits in ([0, 1], [2, 3], [0], [3]):  # five to seven cards of one suit, in every lane, in each suit
        deck = np.array([4 * rank + suit for rank in range(13) for suit in suits], dtype=np.uint8)
        rows.append(np.array([rng.choice(deck, width, replace=False) for _ in range(5_000)], dtype=np.uint8))
    for hands in rows:
        previous = _core._set_simd(True)
        try:
            simd = evaluate_batch(hands)
            _core._set_simd(False)
            portable = evaluate_batch(hands)
        finally:
            _core._set_simd(previous)
        assert np.array_equal(simd, portable)
    assert np.array_equal(portable[:200], [evaluate(hand) for hand in hands[:200].tolist()])


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
@settings(max_examples=300)
def test_single_calls_agree_with_the_batch_and_the_reference(cards):
    rank = evaluate7(*cards)
    assert rank == evaluate(cards) == evaluate(tuple(cards)) == evaluate(format_cards(cards))
    assert rank == evaluate_batch(np.array([cards], dtype=np.uint8))[0]
    assert rank == reference.evaluate(cards)


def test_random_seven_card_hands_match_phevaluator(batch_loop):
    phevaluator = pytest.importorskip("phevaluator")
    hands = Rng(77).sample_cards(20_000, 7)
    ranks = evaluate_batch(hands)
    for hand, rank in zip(hands.tolist(), ranks.tolist()):
        # phevaluator numbers the classes from 1 = royal flush; its cards use
        # the same rank * 4 + suit codes with suits in c, d, h, s order.
        assert rank == 7463 - phevaluator.evaluate_cards(*hand)


@pytest.mark.parametrize(
    ("cards", "category", "description"),
    [
        ("As Ks Qs Js Ts 2c 3d", Category.STRAIGHT_FLUSH, "Royal Flush"),
        ("9h 8h 7h 6h 5h Ah Ad", Category.STRAIGHT_FLUSH, "Straight Flush, Nine high"),
        ("Ah 2h 3h 4h 5h", Category.STRAIGHT_FLUSH, "Straight Flush, Five high"),
        ("Ac Ad Ah As Kc", Category.FOUR_OF_A_KIND, "Four of a Kind, Aces, King kicker"),
        ("Kh Kd Ks 3c 3d 9s 2h", Category.FULL_HOUSE, "Full House, Kings over Threes"),
        ("3h 3d 3s Kc Kd Ks 2h", Category.FULL_HOUSE, "Full House, Kings over Threes"),
        ("Ad Kd 8d 5d 3d", Category.FLUSH, "Flush, Ace-King-Eight-Five-Three"),
        ("Ah 2c 3d 4s 5h Kd Qd", Category.STRAIGHT, "Straight, Five high"),
        ("Th Jc Qd Ks Ah", Category.STRAIGHT, "Straight, Ace high"),
        ("7h 7c 7d As 2c", Category.THREE_OF_A_KIND, "Three of a Kind, Sevens, Ace-Two kickers"),
        ("Ah Ac 8d 8s 2c", Category.TWO_PAIR, "Two Pair, Aces and Eights, Two kicker"),
        ("9h 9c Ad Ks 2c", Category.PAIR, "Pair, Nines, Ace-King-Two kickers"),
        ("Ah Kc 9d 7s 3c", Category.HIGH_CARD, "High Card, Ace-King-Nine-Seven-Three"),
        ("7h 5c 4d 3s 2c", Category.HIGH_CARD, "High Card, Seven-Five-Four-Three-Two"),
    ],
)
def test_categories_and_descriptions(cards, category, description):
    rank = HandRank(evaluate(cards))
    assert rank.category is category
    assert rank.describe() == description


def test_seed_examples():
    # Seed 002: K-K-K-3-3 beats Q-Q-Q-A-A; A-K-8-5-3 flush beats A-9-8-5-3;
    # A-A-6-6 beats Q-Q-J-J; A-K-J-5-2 beats A-K-J-4-2.
    assert evaluate("Kh Kd Ks 3c 3d") > evaluate("Qh Qd Qs Ac Ad")
    assert evaluate("Ad Kd 8d 5d 3d") > evaluate("As 9s 8s 5s 3s")
    assert evaluate("Ah Ad 6h 6d 2c") > evaluate("Qh Qd Jh Jd Ac")
    assert evaluate("Ah Kd Jc 5s 2c") > evaluate("Ah Kd Jc 4s 2c")
    # Seed 000: a 5-9 straight beats a 4-8 straight; K-A-2-3-4 is no straight.
    assert evaluate("5h 6d 7c 8s 9h") > evaluate("4h 5d 6c 7s 8h")
    assert HandRank(evaluate("Kh Ad 2c 3s 4h")).category is Category.HIGH_CARD
    # Suits never rank: the same hand in other suits ties.
    assert evaluate("Ah Kh Qh Jh 9h") == evaluate("As Ks Qs Js 9s")
    # Only five cards count: a sixth and seventh kicker never break a tie.
    assert evaluate("Ah Ad Kc Qs Jh 4c 3d") == evaluate("Ah Ad Kc Qs Jh 5c 2d")


def test_hand_rank_reads_back():
    rank = HandRank(7274)
    assert repr(rank) == "HandRank(7274)" and rank == 7274
    assert rank.ranks == (11, 1)
    assert HandRank(1).ranks == (5, 3, 2, 1, 0)
    for bad in (0, 7463, -1):
        with pytest.raises(ValueError):
            HandRank(bad)


@pytest.mark.parametrize(
    ("cards", "best"),
    [
        ("3d Kh 3c Ks 9s Kd 2h", "Kh Ks Kd 3d 3c"),
        ("Ah 2c 3d 4s 5h Kd Qd", "5h 4s 3d 2c Ah"),
        ("As Ks Qs Js Ts 2c 3d", "As Ks Qs Js Ts"),
        ("2c 2d 9h 7s 5c Ah Kd", "2c 2d Ah Kd 9h"),
        ("4h 3h 2h 9c 8d", "9c 8d 4h 3h 2h"),
    ],
)
def test_best_five(cards, best):
    chosen = best_five(cards)
    assert format_cards(chosen, " ") == best
    assert evaluate(chosen) == evaluate(cards)


@pytest.mark.parametrize("cards", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", [], [1, 2, 3]])
def test_wrong_counts_raise_card_count_error(cards):
    with pytest.raises(CardCountError):
        evaluate(cards)


@pytest.mark.parametrize("cards", [[0, 1, 2, 3, 52], [0, 1, 2, 3, -1], [0, 1, 2, 3, 2**70], [0, 1, 2, 3, "Zz"]])
def test_bad_codes_raise_invalid_card_error(cards):
    with pytest.raises(InvalidCardError):
        evaluate(cards)


def test_duplicates_raise_duplicate_card_error():
    with pytest.raises(DuplicateCardError):
        evaluate([0, 1, 2, 3, 3])
    with pytest.raises(DuplicateCardError):
        evaluate("As Ks Qs Js As")
    with pytest.raises(DuplicateCardError):
        evaluate7(0, 1, 2, 3, 4, 5, 0)
    with pytest.raises(InvalidCardError):
        evaluate7(0, 1, 2, 3, 4, 5, 52)


@pytest.mark.parametrize("threads", [2, 3, 7])
def test_batch_threads_give_the_same_ranks(threads):
    hands = Rng(9).sample_cards(7 * 131_072 + 5, 7)  # enough rows for seven threads
    assert np.array_equal(evaluate_batch(hands, threads=threads), evaluate_batch(hands))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_threads_run_in_a_forked_child():
    hands = Rng(3).sample_cards(2 * 131_072, 7)
    expected = evaluate_batch(hands, threads=2)  # the parent's threads are not the child's
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Python 3.12+: fork of a process with threads
        with multiprocessing.get_context("fork").Pool(1) as pool:
            ranks = pool.apply_async(evaluate_batch, (hands,), {"threads": 2}).get(timeout=60)
    assert np.array_equal(ranks, expected)


def test_batch_accepts_non_contiguous_arrays_and_empty_batches():
    hands = Rng(4).sample_cards(100, 7)
    assert np.array_equal(evaluate_batch(hands[::2]), evaluate_batch(hands)[::2])
    assert evaluate_batch(np.empty((0, 6), dtype=np.uint8)).shape == (0,)


@pytest.mark.parametrize(
    ("array", "message"),
    [
        (np.zeros((3, 7), dtype=np.float64), "dtype uint8"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]), "row 1 holds a value that is no card code"),
        ([[0, 1, 2, 3, 4]], "dtype uint8"),
        (np.zeros((3, 4), dtype=np.uint8), "shape"),
        (np.zeros(7, dtype=np.uint8), "shape"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 60]], dtype=np.uint8), "row 1 holds a code above 51"),
        (np.array([[0, 1, 2, 3, 4, 5], [9, 8, 7, 6, 5, 9]], dtype=np.uint8), "row 1 holds the same card twice"),
    ],
)
def test_bad_batches_raise_invalid_array_error(array, message, batch_loop):
    with pytest.raises(InvalidArrayError, match=message):
        evaluate_batch(array)


@pytest.mark.parametrize("cards", [None, "As Ks Qs Js Ts", 1.5, 7, {"rows": 1}])
def test_batches_that_are_no_array_raise_type_error(cards):
    with pytest.raises(TypeError, match="numpy array of integer card codes") as caught:
        evaluate_batch(cards)
    assert not isinstance(caught.value, InvalidArrayError)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batches_of_any_length_match_single_calls(width, batch_loop):
    hands = Rng(width).sample_cards(140, width)
    # whole groups of eight rows and the rows after them; whole and partial blocks of 64 rows
    for rows in [*range(41), 63, 64, 65, 127, 128, 129, 140]:
        expected = [evaluate(hand) for hand in hands[:rows].tolist()]
        assert evaluate_batch(hands[:rows]).tolist() == expected


@pytest.mark.parametrize("width", [5, 6, 7])
def test_a_bad_code_or_a_repeated_card_anywhere_is_caught(width, batch_loop):
    hands = Rng(11).sample_cards(140, width)
    for row in [*range(8, 16), 64, 139]:  # every lane of a group of eight; later blocks of 64 rows
        for position in range(width):
            for code in (52, 63, 64, 255):
                bad = hands.copy()
                bad[row, position] = code
                with pytest.raises(InvalidArrayError, match=f"row {row} holds a code above 51"):
                    evaluate_batch(bad)
            for earlier in range(position):
                bad = hands.copy()
                bad[row, position] = bad[row, earlier]
                with pytest.raises(InvalidArrayError, match=f"row {row} holds the same card twice"):
                    evaluate_batch(bad)


def test_bad_thread_counts_raise():
    with pytest.raises(InvalidArrayError, match="threads"):
        evaluate_batch(np.zeros((0, 5), dtype=np.uint8), threads=0)


def test_hand_texts_are_parsed_for_every_entry_point():
    assert evaluate(parse_cards("Ah Kh Qh Jh Th")) == 7462


@pytest.mark.parametrize("rank", [0, 99999, -1, 2**70, np.int64(-3)])
def test_hand_rank_refuses_values_off_the_scale(rank):
    with pytest.raises(InvalidRankError, match="from 1 to 7462"):
        HandRank(rank)


@pytest.mark.parametrize("rank", ["7462", None, True, [1], 1.5, np.float64(3.0)])
def test_hand_rank_refuses_other_types(rank):
    with pytest.raises(TypeError, match="rank .*: use an integer"):
        HandRank(rank)


def test_integers_of_any_type_are_ranks_and_codes():
    assert HandRank(np.int16(7462)) == 7462 and type(int(HandRank(np.uint64(1)))) is int
    row = np.array([51, 47, 43, 39, 35, 0, 5], dtype=np.uint8)
    assert evaluate(row) == evaluate(list(row)) == evaluate7(*row) == 7462


@pytest.mark.parametrize(("code", "error"), [(2**40, InvalidCardError), (-2**70, InvalidCardError),
                                             (1.5, TypeError), ("As", TypeError), (True, TypeError)])
def test_evaluate7_refuses_what_is_not_a_code(code, error):
    with pytest.raises(error):
        evaluate7(0, 4, 8, 12, 17, 21, code)


@pytest.mark.parametrize(("threads", "error"), [("x", TypeError), ([1], TypeError), ("3", TypeError),
                                                (2.7, TypeError), (0, InvalidArrayError)])
def test_batch_threads_must_be_a_positive_integer(threads, error):
    with pytest.raises(error, match="threads"):
        evaluate_batch(np.zeros((1, 7), dtype=np.uint8) + np.arange(7, dtype=np.uint8), threads=threads)


def test_threads_share_one_capped_pool():
    hands = Rng(4).sample_cards(2 * 131_072, 7)
    expected = evaluate_batch(hands)
    for threads in (2, 3, np.int64(5), 10**6):
        assert (evaluate_batch(hands, threads=threads) == expected).all()
    pool = _core._thread_pool()
    assert pool is _core._thread_pool() and pool._max_workers == _core.MAX_THREADS - 1
