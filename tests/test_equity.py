import itertools
import os
import random
import signal
import threading
import time
from fractions import Fraction

import numpy
import pytest

from holdem._core import Matchup, evaluate7
from holdem.cards import Rng, parse_cards
from holdem.equity import EquityError, EquityResult, equity
from holdem.errors import CardCountError, DuplicateCardError, HoldemError, InvalidSeedError
from holdem.ranges import EmptyRangeError, HandRange, InvalidRangeError


def brute_force(hands, board=(), dead=()):
    """Exact equities of known hands by dealing every board and ranking with evaluate7."""
    used = set(board) | set(dead) | {card for hand in hands for card in hand}
    deck = [card for card in range(52) if card not in used]
    shares = [Fraction(0)] * len(hands)
    count = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        cards = tuple(board) + rest
        ranks = [evaluate7(*hand, *cards) for hand in hands]
        best = max(ranks)
        winners = ranks.count(best)
        for player, rank in enumerate(ranks):
            if rank == best:
                shares[player] += Fraction(1, winners)
        count += 1
    return [share / count for share in shares]


# Win and tie counts over all 1,712,304 (heads-up) or 1,370,754 (3-way) preflop boards.
# They agree to the last bit with OMPEval and with a plain loop over a second evaluator.
PREFLOP = [
    (["AsAh", "KdKc"], [1388072, 317694], [6538, 6538]),  # AA vs KK
    (["AhKh", "QsQd"], [787966, 917606], [6732, 6732]),  # AKs vs QQ
    (["AsKd", "AhQc"], [1228082, 405624], [78598, 78598]),  # a dominated hand
    (["AsAd", "KhKc", "7s8s"], [842306, 242990, 282635], [2823, 2823, 2823]),
]


@pytest.mark.parametrize(("hands", "wins", "ties"), PREFLOP)
def test_exact_preflop(hands, wins, ties):
    result = equity(hands)
    assert result.exact and result.runouts == (1712304 if len(hands) == 2 else 1370754)
    assert [round(win * result.runouts) for win in result.win] == wins
    assert [round(tie * result.runouts) for tie in result.tie] == ties
    assert result.stderr == (0.0,) * len(hands)
    if len(hands) == 2:
        for share, win, tie in zip(result.equity, wins, ties):
            assert share == float(Fraction(2 * win + tie, 2 * result.runouts))
    assert sum(result.equity) == pytest.approx(1, abs=1e-15)


def test_three_way_all_in_on_the_flop():
    result = equity(["AsAd", "KhKc", "7s8s"], board="2s9sTc")
    assert result.runouts == 903
    assert result.equity == (393 / 903, 46 / 903, 464 / 903)
    assert result.tie == (0.0, 0.0, 0.0)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhKh", "QsQd"], "2c7dJh", ""),
        (["AsAd", "KhKc", "7s8s"], "2s9sTcJd", ""),
        (["5c4c", "5d4d", "5h4h", "5s4s"], "AcKdQh", ""),  # four-way splits
        (["Tc9c", "AhAd", "2s2d"], "8c7c2h", "Kc"),
        (["AhKh", "QsQd"], "2h7hJh3c4d", ""),
    ],
)
def test_exact_matches_brute_force(hands, board, dead):
    codes = [parse_cards(hand) for hand in hands]
    expected = brute_force(codes, parse_cards(board), parse_cards(dead))
    result = equity(hands, board, dead)
    assert result.exact
    assert result.equity == pytest.approx([float(share) for share in expected], abs=1e-15)


def test_ranges_are_weighted_averages_of_hands():
    hero, board = "AhKh", "2c7dJh3s"
    villain = HandRange("QQ+, AKo:0.5, 7s6s:0.25")
    combos = villain.combos(dead=parse_cards(hero + board))
    total = sum(weight for _, weight in combos)
    expected = sum(weight * equity([hero, list(combo)], board).equity[0] for combo, weight in combos) / total
    result = equity([hero, villain], board)
    assert result.exact and result.runouts == len(combos) * 44
    assert result.equity[0] == pytest.approx(expected, abs=1e-14)


def test_range_against_range_with_card_removal():
    # KK against AA, KK on a board holding an ace: only 3 AA and 6 KK combos remain,
    # and KK against KK has a single deal.
    result = equity(["KK", "AA, KK"], board="As2c7d8h9s")
    assert result.exact and result.runouts == 6 * 3 + 6
    assert result.equity[0] == pytest.approx((6 * 3 * 0 + 6 * 0.5) / 24)


def test_random_opponent_preflop_is_sampled():
    result = equity(["AhKh", "random"], samples=50_000, seed=1)
    assert not result.exact and result.runouts == 50_000
    assert result.equity[0] == pytest.approx(0.6704, abs=4 * result.stderr[0] + 1e-4)


def test_monte_carlo_within_four_standard_errors_of_exact():
    chooser = random.Random(4)
    for _ in range(25):
        players = chooser.choice([2, 2, 3, 4, 6])
        cards = chooser.sample(range(52), 2 * players + 4)
        board = cards[2 * players : 2 * players + chooser.choice([0, 3, 4])]
        hands = [cards[2 * p : 2 * p + 2] for p in range(players)]
        exact = equity(hands, board, exact=True)
        sampled = equity(hands, board, exact=False, samples=20_000, seed=chooser.getrandbits(64))
        assert not sampled.exact and sampled.runouts == 20_000
        for share, estimate, error in zip(exact.equity, sampled.equity, sampled.stderr):
            assert abs(share - estimate) <= 4 * error + 1e-12


@pytest.mark.parametrize(
    ("players", "board", "dead"),
    [
        (["QQ+, AKs, T9s:0.5", "22-55, A5s-A2s", "KJo+"], "Th9c4d3h", ""),  # three ranges: combos drawn until they fit
        (["QQ+, AKs, T9s:0.5", "22-55, A5s-A2s, KJo+"], "Th9c4d3h", ""),  # two ranges: a pair of combos drawn at once
        (["AsKs", "TT+, AQs+", "99-66, KQo:0.3"], "2c7d8h", ""),
        # T9s keeps one combo, Th9h, once the board and the dead card are out: a known hand
        (["T9s", "88+, AT+, KT+, QT+, JT", "77+, AJ+, KJ+, T9"], "Th9d2c", "Ts"),
    ],
)
def test_monte_carlo_ranges_within_four_standard_errors_of_exact(players, board, dead):
    exact = equity(players, board, dead, exact=True)
    sampled = equity(players, board, dead, exact=False, samples=100_000, seed=9)
    for share, estimate, error in zip(exact.equity, sampled.equity, sampled.stderr):
        assert abs(share - estimate) <= 4 * error


def test_seeded_results_reproduce_whatever_the_threads():
    players = ["AhKh", "QQ+, AKo", "random"]
    one = equity(players, samples=200_001, seed=123)
    assert one == equity(players, samples=200_001, seed=123)
    assert one == equity(players, samples=200_001, seed=123, threads=2)
    assert one == equity(players, samples=200_001, seed=123, threads=3)
    assert one == equity(players, samples=200_001, seed=Rng(123))
    assert one != equity(players, samples=200_001, seed=124)


def test_exact_is_the_same_on_threads():
    players, board = ["QQ+, AKs", "AhKd", "TT-88"], "2c7dJh"
    assert equity(players, board) == equity(players, board, threads=2) == equity(players, board, threads=5)


def test_exact_choice():
    assert equity(["AhKh", "QsQd"]).exact
    assert equity(["AhKh", "random"], board="2c7dJh").exact
    assert not equity(["AhKh", "random"], samples=1000).exact
    assert not equity(["AhKh", "QsQd"], exact=False, samples=1000).exact
    assert equity(["AhKh", "random", "random"], board="2c7dJh3s4d", exact=True).exact


def test_result_fields():
    result = equity(["AhKh", "AdKd", "QQ"], board="2c7dJh")
    assert isinstance(result, EquityResult)
    assert sum(result.equity) == pytest.approx(1)
    for share, win, tie in zip(result.equity, result.win, result.tie):
        assert win <= share <= win + tie
    assert result.tie[0] == result.tie[1] > 0
    with pytest.raises(AttributeError):
        result.exact = False  # type: ignore[misc]


def test_inputs_in_every_form():
    expected = equity(["AhKh", "QsQd"], board="2c7dJh").equity
    assert equity([[50, 46], "Qs Qd"], board=[0, 21, 38]).equity == expected
    assert equity([("Ah", "Kh"), HandRange("QsQd")], board="2c 7d Jh").equity == expected


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ((["AhKh"],), EquityError, "2 to 10 players"),
        ((["AhKh"] * 11,), EquityError, "2 to 10 players"),
        ((["AhKh", "AhQd"],), DuplicateCardError, "Ah is in both player 1 and player 2"),
        ((["AhKh", "QsQd"], "Kh2c3c"), DuplicateCardError, "Kh is in both the board and player 1"),
        ((["AhKh", "QsQd"], "2c3c4c", "2c"), DuplicateCardError, "2c is in both the board and the dead cards"),
        ((["AhKh", "QsQd"], "2c"), CardCountError, "0, 3, 4 or 5 cards, got 1"),
        ((["AhKh", "QsQd"], "2c3c"), CardCountError, "got 2"),
        ((["AhKh", "QsQd"], "2c3c4c5c6c7c"), CardCountError, "got 6"),
        ((["AhKhQh", "QsQd"],), CardCountError, "player 1 must hold 2 cards"),
        ((["AhKh", "QQ+, AKx"],), InvalidRangeError, "'AKx'"),
        ((["AsAh", "AA"], "Ad2c3c"), EmptyRangeError, "player 2's range 'AA' has no combo left"),
        ((["AA", "AA", "AA"],), EmptyRangeError, "no deal"),
        ((["AhKh", "QsQd"], "", [c for c in range(52) if c not in parse_cards("AhKhQsQd")][:45]),
         CardCountError, "3 cards are left in the deck, 5 are needed"),
    ],
)
def test_bad_input(arguments, error, message):
    with pytest.raises(error, match=message) as raised:
        equity(*arguments)
    assert isinstance(raised.value, HoldemError) and isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"samples": 0}, EquityError),
        ({"samples": 2.5}, TypeError),
        ({"samples": True}, TypeError),
        ({"samples": 2**63}, EquityError),
        ({"threads": 0}, EquityError),
        ({"threads": "2"}, TypeError),
        ({"threads": 2.7}, TypeError),
        ({"threads": [1]}, TypeError),
        ({"seed": -1}, InvalidSeedError),
    ],
)
def test_bad_options(options, error):
    with pytest.raises(error):
        equity(["AhKh", "random"], **options)


def test_the_matchup_leaves_out_combos_touching_known_cards():
    board = parse_cards("2c 3d 4h")
    ranged = [(51, 49, 0.5), (47, 46, 0.25), (0, 4, 0.5)]  # AsAd touches AsAh; 2c2d touches the board
    matchup = Matchup([[(51, 50, 1.0)], ranged], board, ())
    assert matchup.combo_counts == (1, 1) and matchup.has_deal
    alone = Matchup([[(51, 50, 1.0)], [(51, 49, 1.0), (50, 48, 1.0)]], board, ())
    assert alone.combo_counts == (1, 0) and not alone.has_deal
    tally = numpy.zeros((2, 3))
    with pytest.raises(ValueError, match="no combo left"):
        alone.enumerate(0, 0, tally)
    with pytest.raises(ValueError, match="no combo left"):
        alone.sample(Rng(1), 10, tally)
    clash = Matchup([[(51, 50, 1.0), (49, 48, 1.0)], [(51, 49, 1.0), (50, 48, 1.0)]], (), ())  # share an ace
    with pytest.raises(ValueError, match="no deal"):
        clash.sample(Rng(1), 10, numpy.zeros((2, 3)))


def test_a_range_left_with_one_combo_is_a_known_hand():
    # AKs keeps AsKs alone on this board; the search for a deal tries it first, so four
    # random hands before it do not make the search try their every combination.
    result = equity(["random"] * 4 + ["AKs"], "KhKdKc", samples=2_000, seed=1)
    assert result.equity[4] == 1.0
    aces = [(51, 50, 1.0), (49, 48, 1.0), (45, 44, 1.0)]  # AsAh AdAc KdKc
    matchup = Matchup([[(51, 47, 1.0), (50, 46, 1.0)], aces, [(0, 1, 1.0)]], (46, 30, 20), ())
    assert matchup.combo_counts == (1, 2, 1)  # the board's Kh leaves player 1 AsKs: player 2 loses AsAh


def test_ranges_too_narrow_for_everyone_fail_fast():
    # Nine players need 18 cards; these ranges hold 16: no deal, found without trying them all.
    with pytest.raises(EmptyRangeError, match="no deal"):
        equity(["JJ+, AK, AQ, AJ, KQ, KJ, QJ"] * 9)
    # Ten players share the twenty cards of TT+, AK: deals exist, but random draws almost never fit.
    with pytest.raises(EquityError, match="exact=True"):
        equity(["TT+, AK"] * 10, exact=False, samples=1_000, seed=1)


def test_two_ranges_can_list_their_pairs_of_combos():
    two = Matchup([[(51, 50, 1.0), (49, 48, 1.0)], [(51, 49, 1.0), (47, 46, 1.0)], [(0, 1, 1.0)]], (), ())
    assert not two.pair_ranges(3)  # 2 x 2 pairs to look at
    assert two.pair_ranges(4) and two.pair_ranges(0)  # listed once, then kept
    three = Matchup([[(51, 50, 1.0), (49, 48, 1.0)]] * 3, (), ())
    assert not three.pair_ranges(100)


@pytest.mark.parametrize(
    ("combo", "message"),
    [((3, 3, 1.0), "bad combo"), ((3, 52, 1.0), "bad combo"), (("As", 3, 1.0), "bad combo"), ((3, 4, 0.0), "bad weight")],
)
def test_the_matchup_rejects_bad_combos(combo, message):
    with pytest.raises(ValueError, match=message):
        Matchup([[(51, 50, 1.0)], [combo, (40, 41, 1.0)]], (), ())


@pytest.mark.parametrize("players", [["random"] * 7, ["random"] * 3, ["random"] * 2])
def test_exact_refuses_a_job_too_big_at_once(players):
    with pytest.raises(EquityError, match="sample instead"):
        equity(players, exact=True)


def test_tiny_weights_give_no_nan():
    result = equity(["AsAh, KK:1e-6", "AsAd, QQ:1e-6", "AsAc, JJ:1e-6"], board="2c3d4h5s")
    assert all(0 < share < 1 for share in result.equity) and sum(result.equity) == pytest.approx(1)


def test_none_is_no_board_and_numpy_integers_count():
    expected = equity(["AhKh", "QsQd"], samples=1000, seed=1)
    assert equity(["AhKh", "QsQd"], board=None, dead=None, samples=numpy.int64(1000), seed=1) == expected
    assert equity(["AhKh", "QsQd"], samples=1000, seed=1, threads=10**6) == expected


def test_ctrl_c_stops_an_exact_enumeration():
    """A job of about ten seconds answers Ctrl-C at once, on the calling thread and the others."""
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            equity(["QQ+", "random", "random"], board="2c3d4h", exact=True, threads=2)
    finally:
        timer.cancel()
    # The other thread stopped too: it is free for the next call's second half.
    equity(["AA", "KK"], board="2c3d4h", exact=True, threads=2)
    assert time.monotonic() - start < 5


@pytest.mark.parametrize(
    ("players", "chunks"),
    [
        # Too many partial deals to count, so drawn by rejection: a chunk of 65,536 samples
        # rejects millions of deals; Ctrl-C stops it within one check, every million rejections.
        (["AA, KK, QQ, JJ, TT"] * 7, 8),
        # Drawn directly (six ranges of three pairs): Ctrl-C stops it between two chunks.
        (["AA, KK, QQ"] * 6, 200),
    ],
    ids=["by rejection", "directly"],
)
def test_ctrl_c_stops_sampling_of_overlapping_ranges(players, chunks):
    # A job of several seconds; the timer is cancelled whatever happens, so that no signal
    # arrives after the test.
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            equity(players, samples=chunks * 65_536, seed=1, exact=False)
    finally:
        timer.cancel()
    assert time.monotonic() - start < 1.2


def test_a_player_neither_cards_nor_a_range_raises_type_error():
    with pytest.raises(TypeError, match="player 2: expected two cards or a range"):
        equity(["AhKh", 7])


@pytest.mark.parametrize("exact", [True, False])
def test_progress_reports_the_size_of_the_job_up_front_then_its_end(exact):
    calls = []
    result = equity(["AhKh", "QsQd"], board="2c7dJh" if exact else "", exact=exact, samples=300_000, seed=1,
                    threads=2, progress=lambda done, total: calls.append((done, total)))  # fmt: skip
    total = result.runouts
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert all(total_seen == total for _, total_seen in calls)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    plain = equity(["AhKh", "QsQd"], board="2c7dJh" if exact else "", exact=exact, samples=300_000, seed=1, threads=2)
    assert plain == result  # reporting changes nothing


OVERLAPPING = [
    (["AA,KK:0.5", "AA,KK,AKs", "KK,AA:0.3"], "2c3d4h8s9c"),
    (["AA,KK,QQ"] * 4, "2c3d4h8s9c"),
    (["AKs,AA,KK:0.4", "AK,QQ", "AA,KK,AQs:0.7", "KK,QQ,AA"], ""),
]


@pytest.mark.parametrize(("players", "board"), OVERLAPPING)
def test_overlapping_ranges_are_drawn_directly_with_the_law_of_exact_enumeration(players, board):
    # Issue 25, item 6: equity(["AA,KK,QQ"] * 6) took 7.6 s drawing deals by rejection.  Deals are
    # now drawn directly, each deal of combos that share no card with probability proportional to
    # the product of its weights: the sampled equities agree with the exact enumeration's.
    matchup = Matchup([HandRange(text)._weighted_combos() for text in players], parse_cards(board), ())
    assert matchup.plan_direct(1 << 18, 0.25)  # this case takes the direct draw
    exact = equity(players, board=board, exact=True)
    sampled = equity(players, board=board, exact=False, samples=200_000, seed=11)
    for got, wanted, error in zip(sampled.equity, exact.equity, sampled.stderr):
        assert abs(got - wanted) < 5 * error + 1e-12
    assert equity(players, board=board, exact=False, samples=1000, seed=4) == equity(
        players, board=board, exact=False, samples=1000, seed=4
    )


def test_six_overlapping_ranges_sample_without_rejection():
    matchup = Matchup([HandRange("AA,KK,QQ")._weighted_combos()] * 6, (), ())
    assert matchup.plan_direct(1 << 18, 0.25)
    result = equity(["AA,KK,QQ"] * 6, seed=1)
    assert all(abs(share - 1 / 6) < 5 * error for share, error in zip(result.equity, result.stderr))


def test_ranges_that_rarely_clash_keep_the_rejection_draw():
    # Their seeded results are as before: only deals that rejection would mostly throw away are drawn directly.
    for players in (["AA,KK", "QQ,JJ", "random"], ["random"] * 3, ["QQ+", "AKs", "22-55"]):
        matchup = Matchup([HandRange(text)._weighted_combos() for text in players], (), ())
        assert not matchup.plan_direct(1 << 18, 0.25)
