"""Suit-isomorphic indexing, hand-strength features and buckets (holdem.isomorphism).

The indexer is checked against facts it does not use: Burnside's count of the
classes of each layout, a plain-Python canonical form (the least relabelling of
the suits), and round trips over every preflop and flop index.  The features
are checked against holdem.equity and against a brute-force enumeration over
the plain-Python evaluator of tests/reference.py.
"""

from __future__ import annotations

import itertools
import math
import os
import random
import signal
import threading
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem.errors import CardCountError, DuplicateCardError, EmptyRangeError, InvalidArrayError, IsomorphismError
from holdem.isomorphism import (
    Buckets,
    FeatureTable,
    HandIndexer,
    equity_against,
    feature_table,
    hand_features,
    kmeans_buckets,
    percentile_buckets,
)
from tests.reference import evaluate as reference_evaluate

DEFAULT = HandIndexer()
RECALL = HandIndexer(perfect_recall=True)
SIZES = {
    (False,): [169, 1_286_792, 13_960_050, 123_156_254],
    (True,): [169, 1_286_792, 55_190_538, 2_428_287_420],
}


# ------------------------------------------------------------------ sizes


def burnside_classes(sets: tuple[int, ...]) -> int:
    """The number of hands (one set of cards per entry of ``sets``) up to a relabelling of the suits.

    Burnside: the mean over the 24 relabellings of the hands each one fixes.  A
    relabelling moves the cards in cycles (13 cycles of each cycle of suits); a
    fixed hand gives each set a union of whole cycles.
    """
    total = 0
    for permutation in itertools.permutations(range(4)):
        lengths = []
        seen: set[int] = set()
        for suit in range(4):
            if suit not in seen:
                length, current = 0, suit
                while current not in seen:
                    seen.add(current)
                    current = permutation[current]
                    length += 1
                lengths += [length] * 13
        ways = Counter({(0,) * len(sets): 1})
        for length in lengths:
            grown = Counter(ways)
            for counts, number in ways.items():
                for place in range(len(sets)):
                    if counts[place] + length <= sets[place]:
                        grown[counts[:place] + (counts[place] + length,) + counts[place + 1 :]] += number
            ways = grown
        total += ways[sets]
    assert total % 24 == 0
    return total // 24


@pytest.mark.parametrize("recall", [False, True])
def test_the_sizes_of_both_hold_em_layouts(recall):
    indexer = RECALL if recall else DEFAULT
    assert [indexer.size(street) for street in range(4)] == SIZES[(recall,)]
    assert [indexer.cards(street) for street in range(4)] == [2, 5, 6, 7]


@pytest.mark.parametrize("sets", [(2,), (2, 3), (2, 4), (2, 5), (2, 3, 1), (2, 3, 1, 1), (5,), (1, 1, 1), (4, 4)])
def test_the_sizes_are_burnsides_count_of_the_classes(sets):
    indexer = HandIndexer(sets, perfect_recall=True)
    assert indexer.size(len(sets) - 1) == burnside_classes(sets)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 5), min_size=1, max_size=4).filter(lambda rounds: sum(rounds) <= 9), st.booleans())
def test_any_small_layout_indexes_burnsides_count_of_classes_densely(rounds, recall):
    indexer = HandIndexer(rounds, perfect_recall=recall)
    street = len(rounds) - 1
    sets = tuple(rounds) if recall or street == 0 else (rounds[0], sum(rounds[1:]))
    assert indexer.size(street) == burnside_classes(sets)
    indices = np.random.default_rng(len(rounds)).integers(0, indexer.size(street), 2000)
    cards = indexer.unindex_batch(street, indices)
    assert (indexer.index_batch(cards) == indices).all()
    assert (indexer.index_batch(relabel(cards, np.random.default_rng(1), sets)) == indices).all()


def test_a_layout_with_the_board_as_one_set_merges_the_rounds_after_the_first():
    indexer = HandIndexer((2, 1, 1, 1))
    assert [indexer.size(street) for street in range(4)] == [169] + [burnside_classes((2, n)) for n in (1, 2, 3)]


# ---------------------------------------------------------- round trips


@pytest.mark.parametrize("street", [0, 1])
def test_index_unindex_index_is_the_identity_on_every_preflop_and_flop_index(street):
    size = DEFAULT.size(street)
    indices = np.arange(size)
    cards = DEFAULT.unindex_batch(street, indices, threads=2)
    assert (DEFAULT.index_batch(cards, threads=2) == indices).all()


@pytest.mark.parametrize("indexer", [DEFAULT, RECALL], ids=["board as one set", "perfect recall"])
@pytest.mark.parametrize("street", [2, 3])
def test_index_unindex_index_is_the_identity_on_a_million_random_indices(indexer, street):
    indices = np.random.default_rng(street).integers(0, indexer.size(street), 1_000_000)
    cards = indexer.unindex_batch(street, indices, threads=2)
    assert (indexer.index_batch(cards, threads=2) == indices).all()


@pytest.mark.slow
@pytest.mark.parametrize("indexer", [DEFAULT, RECALL], ids=["board as one set", "perfect recall"])
@pytest.mark.parametrize("street", [2, 3])
def test_index_unindex_index_is_the_identity_on_ten_million_random_indices(indexer, street):
    indices = np.random.default_rng(10 + street).integers(0, indexer.size(street), 10_000_000, dtype=np.uint64)
    cards = indexer.unindex_batch(street, indices, threads=2)
    assert (indexer.index_batch(cards, threads=2).astype(np.uint64) == indices).all()


def test_the_extreme_indices_round_trip():
    for indexer in (DEFAULT, RECALL):
        for street in range(4):
            for index in (0, 1, indexer.size(street) - 2, indexer.size(street) - 1):
                assert indexer.index(indexer.unindex(street, index)) == index


# ------------------------------------------------------------ invariance


def canonical(cards: list[int], sets: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The least, over the 24 relabellings of the suits, of the hand's sets sorted."""
    best = None
    for permutation in itertools.permutations(range(4)):
        relabelled, start = [], 0
        for size in sets:
            relabelled.append(tuple(sorted(card & ~3 | permutation[card & 3] for card in cards[start : start + size])))
            start += size
        if best is None or tuple(relabelled) < best:
            best = tuple(relabelled)
    assert best is not None
    return best


def relabel(rows: np.ndarray, generator: np.random.Generator, sets: tuple[int, ...]) -> np.ndarray:
    """Each row with its suits relabelled at random and its cards shuffled within each set."""
    permutations = generator.permuted(np.tile(np.arange(4, dtype=np.uint8), (len(rows), 1)), axis=1)
    out = rows & ~np.uint8(3) | np.take_along_axis(permutations, (rows & 3).astype(np.int64), axis=1)
    start = 0
    for size in sets:
        order = np.argsort(generator.random((len(rows), size)), axis=1)
        out[:, start : start + size] = np.take_along_axis(out[:, start : start + size], order, axis=1)
        start += size
    return out


@pytest.mark.parametrize("recall", [False, True])
def test_every_suit_relabelling_and_card_order_of_a_hand_gives_the_same_index(recall):
    indexer = RECALL if recall else DEFAULT
    generator = np.random.default_rng(5)
    for street, sets in enumerate([(2,), (2, 3), (2, 3, 1) if recall else (2, 4), (2, 3, 1, 1) if recall else (2, 5)]):
        hands = holdem.Rng(street).sample_cards(20_000, sum(sets))
        expected = indexer.index_batch(hands)
        for _ in range(3):
            assert (indexer.index_batch(relabel(hands, generator, sets)) == expected).all()


def test_every_relabelling_of_one_hand_gives_the_same_index():
    cards = holdem.parse_cards("Ah Kh 2h 7c 9c Td 3s")
    for permutation in itertools.permutations(range(4)):
        relabelled = [card & ~3 | permutation[card & 3] for card in cards]
        assert DEFAULT.index(relabelled) == DEFAULT.index(cards)
        assert RECALL.index(relabelled) == RECALL.index(cards)
        assert DEFAULT.index(relabelled[1::-1] + relabelled[:1:-1]) == DEFAULT.index(cards)


@pytest.mark.parametrize("recall", [False, True])
def test_indices_are_equal_exactly_when_the_canonical_forms_are(recall):
    indexer = RECALL if recall else DEFAULT
    sets = (2, 3, 1, 1) if recall else (2, 5)
    # Hands from a deck of 12 cards (six ranks in two suits), their suits then
    # relabelled among all four: many different hands fall in one class, and
    # many near misses do not.
    generator = random.Random(7)
    small_deck = [rank * 4 + suit for rank in range(6) for suit in range(2)]
    hands = []
    for _ in range(3000):
        suits = generator.sample(range(4), 4)
        hands.append([card & ~3 | suits[card & 3] for card in generator.sample(small_deck, 7)])
    indices = indexer.index_batch(np.array(hands, dtype=np.uint8))
    forms = [canonical(hand, sets) for hand in hands]
    by_form: dict[object, set[int]] = {}
    by_index: dict[int, set[object]] = {}
    for form, index in zip(forms, indices.tolist()):
        by_form.setdefault(form, set()).add(index)
        by_index.setdefault(index, set()).add(form)
    assert all(len(values) == 1 for values in by_form.values())
    assert all(len(values) == 1 for values in by_index.values())
    assert len(by_form) < len(hands)  # some classes were met twice


def test_the_169_preflop_classes_and_their_sizes():
    pairs = np.array(list(itertools.combinations(range(52), 2)), dtype=np.uint8)
    indices = DEFAULT.index_batch(pairs)
    counts = Counter(indices.tolist())
    assert len(counts) == 169 and sorted(set(counts.values())) == [4, 6, 12]
    assert (DEFAULT.class_sizes(0, np.arange(169)) == np.array([counts[i] for i in range(169)])).all()


def test_class_sizes_add_up_to_every_hand():
    sizes = DEFAULT.class_sizes(1, np.arange(DEFAULT.size(1)))
    assert int(sizes.sum()) == math.comb(52, 2) * math.comb(50, 3)


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(52)), st.permutations(range(4)))
def test_a_relabelled_river_hand_has_the_same_index_on_every_street(deck, suits):
    cards = list(deck[:7])
    relabelled = [card & ~3 | suits[card & 3] for card in cards]
    for indexer in (DEFAULT, RECALL):
        assert indexer.index_hand(relabelled) == indexer.index_hand(cards)
        assert indexer.index_hand(cards)[3] == indexer.index(cards)
        street_cards = indexer.unindex(3, indexer.index(cards))
        assert canonical(list(street_cards), indexer_sets(indexer)) == canonical(cards, indexer_sets(indexer))


def indexer_sets(indexer: HandIndexer) -> tuple[int, ...]:
    return (2, 3, 1, 1) if indexer.perfect_recall else (2, 5)


def test_batch_forms_agree_with_the_single_calls_and_threads_change_nothing():
    hands = holdem.Rng(11).sample_cards(300_000, 7)
    one = RECALL.index_hand_batch(hands)
    assert (RECALL.index_hand_batch(hands, threads=2) == one).all()
    assert one.shape == (300_000, 4) and one.dtype == np.int64
    for row in (0, 1, 299_999):
        assert tuple(one[row].tolist()) == RECALL.index_hand(hands[row].tolist())
    assert (RECALL.index_batch(hands[:, :6]) == one[:, 2]).all()
    assert (DEFAULT.index_batch(hands.astype(np.int64)) == DEFAULT.index_batch(hands)).all()
    indices = one[:, 3].astype(np.uint64)
    assert (RECALL.unindex_batch(3, indices) == RECALL.unindex_batch(3, indices.astype(np.int64), threads=2)).all()


def test_unindexed_cards_are_canonical_and_sorted_within_each_set():
    assert DEFAULT.unindex(1, DEFAULT.index("2c7d9d AsKs"[6:] + "2c7d9d")) == DEFAULT.unindex(1, DEFAULT.index("AsKs2c7d9d"))
    cards = RECALL.unindex(3, 2_000_000_000)
    assert list(cards[:2]) == sorted(cards[:2], reverse=True) and list(cards[2:5]) == sorted(cards[2:5], reverse=True)


# ------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: HandIndexer(()), IsomorphismError),
        (lambda: HandIndexer((2, 0)), IsomorphismError),
        (lambda: HandIndexer((30, 30)), IsomorphismError),
        (lambda: HandIndexer((13, 13, 13, 13), perfect_recall=True), IsomorphismError),
        (lambda: HandIndexer((1,) * 9), IsomorphismError),
        (lambda: HandIndexer("2311"), TypeError),
        (lambda: HandIndexer((2, 3.0)), TypeError),
        (lambda: HandIndexer((2, True)), TypeError),
        (lambda: HandIndexer(perfect_recall=1), TypeError),
        (lambda: DEFAULT.size(4), IsomorphismError),
        (lambda: DEFAULT.size(-1), IsomorphismError),
        (lambda: DEFAULT.size(1.0), TypeError),
        (lambda: DEFAULT.index("AsKs2c"), CardCountError),
        (lambda: DEFAULT.index("AsAs"), DuplicateCardError),
        (lambda: DEFAULT.index("AsXx"), holdem.InvalidCardError),
        (lambda: DEFAULT.index_hand("AsKs2c2c3c"), DuplicateCardError),
        (lambda: DEFAULT.unindex(0, 169), IsomorphismError),
        (lambda: DEFAULT.unindex(0, -1), IsomorphismError),
        (lambda: DEFAULT.unindex(0, "1"), TypeError),
        (lambda: DEFAULT.index_batch(np.zeros((2, 3), dtype=np.uint8)), InvalidArrayError),
        (lambda: DEFAULT.index_batch(np.array([[0, 0]], dtype=np.uint8)), InvalidArrayError),
        (lambda: DEFAULT.index_batch(np.array([[0, 52]], dtype=np.uint8)), InvalidArrayError),
        (lambda: DEFAULT.index_batch(np.array([[0, -1]])), InvalidArrayError),
        (lambda: DEFAULT.index_batch([[0, 1]]), InvalidArrayError),
        (lambda: DEFAULT.index_batch(None), TypeError),
        (lambda: DEFAULT.index_hand_batch("As Ks"), TypeError),
        (lambda: DEFAULT.index_batch(np.zeros((2, 2)), threads=0), InvalidArrayError),
        (lambda: DEFAULT.unindex_batch(0, np.array([169])), IsomorphismError),
        (lambda: DEFAULT.unindex_batch(0, np.array([-1])), IsomorphismError),
        (lambda: DEFAULT.unindex_batch(0, None), TypeError),
        (lambda: DEFAULT.unindex_batch(0, 5), TypeError),
        (lambda: DEFAULT.unindex_batch(0, [0, 1]), InvalidArrayError),
        (lambda: DEFAULT.unindex_batch(0, np.array([0.0])), InvalidArrayError),
        (lambda: DEFAULT.unindex_batch(0, np.zeros((1, 1), dtype=np.int64)), InvalidArrayError),
        (lambda: DEFAULT.unindex_batch(5, np.array([0])), IsomorphismError),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(call, error):
    with pytest.raises(error):
        call()


def test_any_integer_type_is_an_integer():
    assert DEFAULT.size(np.int8(1)) == 1_286_792
    assert DEFAULT.unindex(np.int64(0), np.uint32(168)) == DEFAULT.unindex(0, 168)
    assert HandIndexer((np.int64(2), np.uint8(3))).size(1) == 1_286_792


def test_the_error_messages_say_what_is_allowed():
    with pytest.raises(IsomorphismError, match=r"index 169 on street 0: use 0 to 168"):
        DEFAULT.unindex(0, 169)
    with pytest.raises(CardCountError, match=r"3 cards are no street's: the streets hold 2, 5, 6, 7 cards"):
        DEFAULT.index("AsKs2c")
    with pytest.raises(InvalidArrayError, match=r"row 1 holds a code above 51 or a card twice: \[3, 3\]"):
        DEFAULT.index_batch(np.array([[0, 1], [3, 3]], dtype=np.uint8))


# -------------------------------------------------------------- features


def brute_force(hole: list[int], board: list[int], bins: int) -> tuple[float, float, list[float]]:
    """EHS, EHS² and the histogram of final equity by plain enumeration over the reference evaluator."""
    known = set(hole) | set(board)
    deck = [card for card in range(52) if card not in known]
    values = []
    for runout in itertools.combinations(deck, 5 - len(board)):
        full = board + list(runout)
        mine = reference_evaluate(hole + full)
        rest = [card for card in deck if card not in runout]
        score = 0.0
        for opponent in itertools.combinations(rest, 2):
            theirs = reference_evaluate(list(opponent) + full)
            score += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        values.append(score / math.comb(len(rest), 2))
    histogram = [0.0] * bins
    for value in values:
        histogram[min(int(value * bins), bins - 1)] += 1 / len(values)
    return sum(values) / len(values), sum(v * v for v in values) / len(values), histogram


@pytest.mark.parametrize(
    "hand, bins",
    [
        ("AsKs AhKd 2c 7h 9c", 5),
        ("7c2d 7h 7s 2h Td 9d", 5),
        ("5h4h 6h 7h 8h As Ks", 5),
        pytest.param("AsKs 2c 7h 9c Td", 7, marks=pytest.mark.slow),
        pytest.param("8d8c 8h 2c 2d Qs", 7, marks=pytest.mark.slow),
    ],
)
def test_river_and_turn_features_equal_a_brute_force_enumeration(hand, bins):
    cards = list(holdem.parse_cards(hand))
    features = hand_features([cards], bins=bins)
    ehs, ehs2, histogram = brute_force(cards[:2], cards[2:], bins)
    assert features.ehs[0] == pytest.approx(ehs, abs=1e-12)
    assert features.ehs2[0] == pytest.approx(ehs2, abs=1e-12)
    assert features.histogram[0].tolist() == pytest.approx(histogram, abs=1e-12)


def test_turn_features_equal_an_enumeration_over_evaluate7():
    hole, board = list(holdem.parse_cards("QhJh")), list(holdem.parse_cards("Th 9c 2h 3d"))
    deck = [card for card in range(52) if card not in hole + board]
    values = []
    for river in deck:
        full = board + [river]
        mine = holdem.evaluate7(*hole, *full)
        rest = [card for card in deck if card != river]
        ranks = [holdem.evaluate7(a, b, *full) for a, b in itertools.combinations(rest, 2)]
        values.append((sum(mine > rank for rank in ranks) + 0.5 * sum(mine == rank for rank in ranks)) / len(ranks))
    features = hand_features([hole + board], bins=3)
    assert features.ehs[0] == pytest.approx(np.mean(values), abs=1e-12)
    assert features.ehs2[0] == pytest.approx(np.mean(np.square(values)), abs=1e-12)
    expected = np.bincount(np.minimum((np.array(values) * 3).astype(int), 2), minlength=3) / len(values)
    assert features.histogram[0] == pytest.approx(expected, abs=1e-12)


def test_preflop_aces_against_a_random_hand_win_85_20_percent():
    assert round(float(equity_against(["AhAd"])[0]), 4) == 0.8520
    features = hand_features(["AhAd", "AsAc"])
    assert features.ehs[0] == features.ehs[1] == pytest.approx(0.85204, abs=5e-6)


def test_equity_against_a_random_hand_or_a_range_is_holdem_equity():
    generator = holdem.Rng(3)
    for board_size in (3, 4, 5):
        hands = generator.sample_cards(4, 2 + board_size)
        ours = equity_against(hands)
        assert (ours == hand_features(hands).ehs).all()
        for row, hand in enumerate(hands.tolist()):
            theirs = holdem.equity([hand[:2], "random"], board=hand[2:], exact=True).equity[0]
            assert ours[row] == pytest.approx(theirs, abs=1e-12)
        against = equity_against(hands, "QQ+, AKs, 76s:0.5, T9o:0.25")
        for row, hand in enumerate(hands.tolist()):
            theirs = holdem.equity([hand[:2], "QQ+, AKs, 76s:0.5, T9o:0.25"], board=hand[2:], exact=True).equity[0]
            assert against[row] == pytest.approx(theirs, abs=1e-12)


@pytest.mark.slow
def test_preflop_equity_against_a_range_is_holdem_equity():
    ours = equity_against(["AhKh", "7c2d"], "QQ+", threads=2)
    for row, hand in enumerate(["AhKh", "7c2d"]):
        assert ours[row] == pytest.approx(holdem.equity([hand, "QQ+"], exact=True).equity[0], abs=1e-12)
    # every combo at half weight is a random hand: the same as the suit-class shortcut
    assert equity_against(["8s8d"], "random:0.5", threads=2)[0] == pytest.approx(equity_against(["8s8d"])[0], abs=1e-12)


def test_ctrl_c_stops_the_enumeration_of_features():
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        equity_against(["AhKh"], "QQ+", threads=2)  # every board: half a minute or more
    # the other thread stopped too, and is free for the next call
    expected = holdem.equity(["AhKh", "QQ+"], board="2c7dJh").equity[0]
    assert equity_against(["AhKh 2c7dJh"], "QQ+", threads=2)[0] == pytest.approx(expected, abs=1e-12)


def test_features_of_indices_are_the_features_of_their_cards():
    indices = np.array([0, 5, 1_000_000])
    cards = DEFAULT.unindex_batch(1, indices)
    by_index = hand_features(indices, street=1, bins=3)
    by_cards = hand_features(cards, bins=3)
    assert (by_index.ehs == by_cards.ehs).all() and (by_index.histogram == by_cards.histogram).all()
    recall = hand_features(np.array([7]), street=3, indexer=RECALL)
    assert recall.ehs[0] == hand_features([RECALL.unindex(3, 7)]).ehs[0]


def test_no_hands_have_no_features():
    for width in (2, 5):
        features = hand_features(np.zeros((0, width), dtype=np.uint8), bins=3)
        assert features.ehs.shape == (0,) and features.histogram.shape == (0, 3)
    assert DEFAULT.index_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    assert DEFAULT.unindex_batch(3, np.zeros(0, dtype=np.int64)).shape == (0, 7)


def test_hands_sharing_a_board_and_threads_give_the_same_features():
    hands = np.array([holdem.parse_cards(hand) for hand in ["AsKs2c7h9c", "QdQh2c7h9c", "9c8c2c7h9d", "AsKs2c7h9d"]])
    one = hand_features(hands, bins=4)
    two = hand_features(hands, bins=4, threads=2)
    for row in range(4):
        alone = hand_features(hands[row : row + 1], bins=4)
        assert one.ehs[row] == two.ehs[row] == alone.ehs[0]
        assert (one.histogram[row] == alone.histogram[0]).all()


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: hand_features(["AsKs"], bins=0), IsomorphismError),
        (lambda: hand_features(["AsKs"], bins=257), IsomorphismError),
        (lambda: hand_features(["AsKs"], bins=2.0), TypeError),
        (lambda: hand_features(["AsKs2c"]), CardCountError),
        (lambda: hand_features(["AsKs", "AsKs2c7h9c"]), CardCountError),
        (lambda: hand_features(["AsAs"]), DuplicateCardError),
        (lambda: hand_features(np.array([[0, 1, 2, 3, 3]])), DuplicateCardError),
        (lambda: hand_features("AsKs"), TypeError),
        (lambda: hand_features(np.array([0]), street=4), IsomorphismError),
        (lambda: hand_features(np.array([169]), street=0), IsomorphismError),
        (lambda: hand_features(["AsKs"], indexer=RECALL), TypeError),
        (lambda: hand_features(["AsKs"], threads=0), IsomorphismError),
        (lambda: equity_against(["AsKs2c7h9c"], "AsKs"), EmptyRangeError),
        (lambda: equity_against(["AsKs"], "AA+-"), holdem.InvalidRangeError),
    ],
)
def test_bad_feature_input_is_refused(call, error):
    with pytest.raises(error):
        call()


# ---------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def preflop_table():
    return feature_table(0, bins=6, progress=False)


def test_the_preflop_table_holds_every_class_features(preflop_table):
    cards = DEFAULT.unindex_batch(0, np.arange(169))
    features = hand_features(cards, bins=6)
    assert (preflop_table.ehs == features.ehs).all() and (preflop_table.histogram == features.histogram).all()
    assert int(preflop_table.sizes.sum()) == 1326
    assert np.average(preflop_table.ehs, weights=preflop_table.sizes) == pytest.approx(0.5, abs=1e-12)


def test_a_table_saved_and_loaded_is_the_same(preflop_table, tmp_path):
    path = tmp_path / "preflop.npz"
    preflop_table.save(path)
    loaded = FeatureTable.load(path)
    assert loaded.street == 0 and loaded.bins == 6
    for name in ("ehs", "ehs2", "histogram", "sizes"):
        assert (getattr(loaded, name) == getattr(preflop_table, name)).all()


def test_a_file_that_does_not_match_is_refused(preflop_table, tmp_path):
    arrays = {name: getattr(preflop_table, name) for name in ("ehs", "ehs2", "histogram", "sizes")}
    arrays.update(format=np.array(1), street=np.array(0), bins=np.array(6))
    wrong = [
        dict(arrays, street=np.array(1)),  # shapes of the preflop on the flop
        dict(arrays, bins=np.array(5)),
        dict(arrays, format=np.array(2)),
        dict(arrays, ehs=arrays["ehs"].astype(np.float32)),
        dict(arrays, ehs=arrays["ehs"] + 1),
        dict(arrays, histogram=arrays["histogram"] * 2),
        dict(arrays, street=np.array(0.5)),
        {name: value for name, value in arrays.items() if name != "sizes"},
    ]
    for number, contents in enumerate(wrong):
        path = tmp_path / f"wrong{number}.npz"
        np.savez(path, **contents)
        with pytest.raises(IsomorphismError, match="feature table"):
            FeatureTable.load(path)
    garbage = tmp_path / "garbage.npz"
    garbage.write_bytes(b"not a table")
    for path in (garbage, tmp_path / "missing.npz"):
        with pytest.raises(IsomorphismError, match="feature table"):
            FeatureTable.load(path)


def test_tables_cover_preflop_flop_and_turn():
    with pytest.raises(IsomorphismError, match="use hand_features"):
        feature_table(3)
    with pytest.raises(IsomorphismError):
        feature_table(0, bins=0)


@pytest.mark.slow
def test_the_flop_table_holds_the_features_of_every_class():
    table = feature_table(1, bins=4, threads=2, progress=False)
    assert table.ehs.shape == (1_286_792,) and int(table.sizes.sum()) == math.comb(52, 2) * math.comb(50, 3)
    indices = np.random.default_rng(1).integers(0, 1_286_792, 200)
    features = hand_features(indices, street=1, bins=4)
    assert (table.ehs[indices] == features.ehs).all() and (table.histogram[indices] == features.histogram).all()
    assert np.average(table.ehs, weights=table.sizes) == pytest.approx(0.5, abs=1e-12)


# --------------------------------------------------------------- buckets


def test_percentile_buckets_hold_equal_weight():
    values = np.random.default_rng(2).random(10_000)
    labels = percentile_buckets(values, 10)
    assert np.bincount(labels).tolist() == [1000] * 10
    assert (np.diff(labels[np.argsort(values)]) >= 0).all()
    weighted = percentile_buckets(np.array([0.1, 0.2, 0.3]), 2, weights=np.array([1, 1, 2]))
    assert weighted.tolist() == [0, 0, 1]
    assert percentile_buckets(np.array([0.5, 0.5, 0.5, 0.7]), 4).tolist() == [0, 0, 0, 3]


def test_kmeans_buckets_are_seeded_and_ordered_by_strength(preflop_table):
    labels = kmeans_buckets(preflop_table.histogram, 5, weights=preflop_table.sizes, seed=3)
    assert (labels == kmeans_buckets(preflop_table.histogram, 5, weights=preflop_table.sizes, seed=3)).all()
    assert sorted(set(labels.tolist())) == [0, 1, 2, 3, 4]
    aces, deuces = DEFAULT.index("AsAh"), DEFAULT.index("7c2d")
    assert labels[aces] == 4 and labels[deuces] == 0


def test_buckets_are_looked_up_one_hand_or_a_batch_at_a_time(preflop_table):
    buckets = Buckets(0, percentile_buckets(preflop_table.ehs2, 4, weights=preflop_table.sizes))
    hands = holdem.Rng(4).sample_cards(1000, 2)
    batch = buckets.bucket_batch(hands)
    assert batch.tolist() == [buckets.bucket(hand.tolist()) for hand in hands]
    assert buckets.count == 4 and buckets.street == 0 and buckets.bucket("AhAs") == 3


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: percentile_buckets(np.array([0.5]), 0), IsomorphismError),
        (lambda: percentile_buckets(np.array([[0.5]]), 2), IsomorphismError),
        (lambda: percentile_buckets(np.array([0.5]), 2, weights=np.array([1, 2])), IsomorphismError),
        (lambda: kmeans_buckets(np.zeros((3, 2)), 4), IsomorphismError),
        (lambda: kmeans_buckets(np.zeros(3), 1), IsomorphismError),
        (lambda: kmeans_buckets(np.zeros((3, 2)), 2, weights=np.zeros(3)), IsomorphismError),
        (lambda: kmeans_buckets(np.zeros((3, 2)), 2, iterations=0), IsomorphismError),
        # NaN and infinities were bucketed (issue): refused, in values, points and weights alike
        (lambda: percentile_buckets(np.array([np.nan, 0.2]), 2), IsomorphismError),
        (lambda: percentile_buckets(np.array([np.inf, 0.2]), 2), IsomorphismError),
        (lambda: percentile_buckets(np.array([0.1, 0.2]), 2, weights=np.array([1.0, np.nan])), IsomorphismError),
        (lambda: kmeans_buckets(np.array([[np.nan, 1.0], [0.0, 1.0]]), 2), IsomorphismError),
        (lambda: kmeans_buckets(np.array([[0.0, 1.0], [1.0, 0.0]]), 2, weights=np.array([-np.inf, 1.0])), IsomorphismError),
        (lambda: percentile_buckets(["weak", "strong"], 2), TypeError),
        (lambda: kmeans_buckets(np.array([["a"], ["b"]]), 1), TypeError),
        (lambda: Buckets(0, np.zeros(168, dtype=np.int32)), IsomorphismError),
        (lambda: Buckets(0, np.zeros(169)), IsomorphismError),
        (lambda: Buckets(0, np.zeros(169, dtype=np.int32)).bucket("AsKs2c7h9c"), CardCountError),
        (lambda: Buckets(0, np.zeros(169, dtype=np.int32)).bucket_batch(np.zeros((1, 5), dtype=np.uint8)), InvalidArrayError),
    ],
)
def test_bad_bucket_input_is_refused(call, error):
    with pytest.raises(error):
        call()
