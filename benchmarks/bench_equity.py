"""Equity, exact and Monte Carlo, beside the other Python poker libraries.

Exact runs compare whole calls.  Monte Carlo runs compare the time per sample,
stored as ``ns_per_sample`` in each result's extra info: pokerfast (OMPEval)
stops on a time or error target rather than a sample count, so its sample
count is read back from the library; PokerKit is timed on a few hundred
samples only, as it is some ten thousand times slower.
"""

import ctypes

import pytest

from holdem.equity import equity
from holdem.ranges import HandRange, hand_class

SAMPLES = 100_000
HEADS_UP = ["AhKh", "QsQd"]
THREE_WAY = ["AsAd", "KhKc", "7s8s"]


def pokerfast_equity():
    pokerfast = pytest.importorskip("pokerfast.equity")
    if not pokerfast.available():
        pytest.skip("pokerfast has no native library on this platform")
    return pokerfast


def pokerfast_sampling(players, board="", seconds=0.25):
    """Run OMPEval's Monte Carlo for about ``seconds``; return the samples it drew."""
    library = pokerfast_equity()._load()
    ranges = (ctypes.c_char_p * len(players))(*[player.encode() for player in players])
    shares = (ctypes.c_double * len(players))()
    samples = ctypes.c_uint64()
    status = library.pf_equity(ranges, len(players), board.encode(), b"", 0, 1e-9, 1, seconds, shares,
                               ctypes.byref(samples))
    assert status == 0
    return samples.value


def per_sample(benchmark, run, samples_of=None, rounds=5):
    """Time ``run`` and store the time per sample in the benchmark's extra info."""
    counts = []

    def timed():
        counts.append(run())

    benchmark.pedantic(timed, rounds=rounds, iterations=1)
    samples = sum(counts) / len(counts)
    benchmark.extra_info["samples"] = samples
    benchmark.extra_info["ns_per_sample"] = benchmark.stats.stats.mean / samples * 1e9


def classes(text):
    """OMPEval's notation for a range: its classes, comma separated (it reads no spans of pairs)."""
    return ",".join(sorted({hand_class(combo) for combo, _ in HandRange(text).combos()}))


# ------------------------------------------------------------------ exact


@pytest.mark.benchmark(group="exact: AhKh vs QsQd preflop, 1,712,304 boards")
def test_exact_heads_up_holdem(benchmark):
    result = benchmark(equity, HEADS_UP)
    assert result.exact and result.runouts == 1712304


@pytest.mark.benchmark(group="exact: AhKh vs QsQd preflop, 1,712,304 boards")
def test_exact_heads_up_pokerfast(benchmark):
    pokerfast = pokerfast_equity()
    shares = benchmark(pokerfast.equity, HEADS_UP, exact=True)
    assert shares == pytest.approx(equity(HEADS_UP).equity, abs=1e-12)


@pytest.mark.benchmark(group="exact: AhKh vs QsQd preflop, 1,712,304 boards")
def test_exact_heads_up_python_loop(benchmark):
    from itertools import combinations

    from holdem._core import evaluate7

    def run():
        hero, villain = (50, 46), (43, 41)
        deck = [card for card in range(52) if card not in hero + villain]
        wins = ties = 0
        for board in combinations(deck, 5):
            first, second = evaluate7(*hero, *board), evaluate7(*villain, *board)
            wins += first > second
            ties += first == second
        return wins, ties

    assert benchmark.pedantic(run, rounds=1, iterations=1) == (787966, 6732)


@pytest.mark.parametrize("board", ["2s9sTc", "2s9sTcJd"], ids=["flop", "turn"])
@pytest.mark.benchmark(group="exact: AsAd KhKc 7s8s, flop and turn")
def test_exact_three_way_holdem(benchmark, board):
    assert benchmark(equity, THREE_WAY, board).exact


@pytest.mark.parametrize("board", ["2s9sTc", "2s9sTcJd"], ids=["flop", "turn"])
@pytest.mark.benchmark(group="exact: AsAd KhKc 7s8s, flop and turn")
def test_exact_three_way_pokerfast(benchmark, board):
    pokerfast = pokerfast_equity()
    benchmark(pokerfast.equity, THREE_WAY, board=board, exact=True)


@pytest.mark.benchmark(group="exact: AsAd KhKc 7s8s preflop, 1,370,754 boards")
def test_exact_three_way_preflop_holdem(benchmark):
    assert benchmark(equity, THREE_WAY).runouts == 1370754


@pytest.mark.benchmark(group="exact: AsAd KhKc 7s8s preflop, 1,370,754 boards")
def test_exact_three_way_preflop_pokerfast(benchmark):
    benchmark(pokerfast_equity().equity, THREE_WAY, exact=True)


# ------------------------------------------------------------ Monte Carlo


@pytest.mark.benchmark(group="Monte Carlo heads-up: AhKh vs QsQd, time per sample")
def test_sample_heads_up_holdem(benchmark):
    per_sample(benchmark, lambda: equity(HEADS_UP, exact=False, samples=SAMPLES, seed=1).runouts)


@pytest.mark.benchmark(group="Monte Carlo heads-up: AhKh vs QsQd, time per sample")
def test_sample_heads_up_pokerfast(benchmark):
    per_sample(benchmark, lambda: pokerfast_sampling(HEADS_UP))


@pytest.mark.filterwarnings("ignore")  # eval7's range parser uses a deprecated pyparsing API
@pytest.mark.benchmark(group="Monte Carlo heads-up: AhKh vs QsQd, time per sample")
def test_sample_heads_up_eval7(benchmark):
    eval7 = pytest.importorskip("eval7")
    hero = [eval7.Card(card) for card in ("Ah", "Kh")]
    villain = eval7.HandRange("QsQd")

    def run():
        eval7.py_hand_vs_range_monte_carlo(hero, villain, [], SAMPLES)
        return SAMPLES

    per_sample(benchmark, run)


@pytest.mark.benchmark(group="Monte Carlo heads-up: AhKh vs QsQd, time per sample")
def test_sample_heads_up_pokerkit(benchmark):
    per_sample(benchmark, lambda: pokerkit_sampling(HEADS_UP, 200), rounds=1)


@pytest.mark.benchmark(group="Monte Carlo 3-way: AsAd KhKc 7s8s, time per sample")
def test_sample_three_way_holdem(benchmark):
    per_sample(benchmark, lambda: equity(THREE_WAY, exact=False, samples=SAMPLES, seed=1).runouts)


@pytest.mark.benchmark(group="Monte Carlo 3-way: AsAd KhKc 7s8s, time per sample")
def test_sample_three_way_pokerfast(benchmark):
    per_sample(benchmark, lambda: pokerfast_sampling(THREE_WAY))


@pytest.mark.benchmark(group="Monte Carlo 3-way: AsAd KhKc 7s8s, time per sample")
def test_sample_three_way_pokerkit(benchmark):
    per_sample(benchmark, lambda: pokerkit_sampling(THREE_WAY, 100), rounds=1)


def pokerkit_sampling(players, samples):
    pokerkit = pytest.importorskip("pokerkit")
    pokerkit.calculate_equities(
        [pokerkit.parse_range(player) for player in players],
        (),
        2,
        5,
        pokerkit.Deck.STANDARD,
        (pokerkit.StandardHighHand,),
        sample_count=samples,
    )
    return samples


@pytest.mark.benchmark(group="range vs range: top 10% vs top 20%, 1,000,000 samples")
def test_ranges_holdem(benchmark):
    result = benchmark.pedantic(
        equity, (["10%", "20%"],), {"exact": False, "samples": 1_000_000, "seed": 1}, rounds=3
    )
    assert result.runouts == 1_000_000


@pytest.mark.benchmark(group="range vs range: top 10% vs top 20%, 1,000,000 samples")
def test_ranges_holdem_two_threads(benchmark):
    benchmark.pedantic(
        equity, (["10%", "20%"],), {"exact": False, "samples": 1_000_000, "seed": 1, "threads": 2}, rounds=3
    )


@pytest.mark.benchmark(group="range vs range: top 10% vs top 20%, time per sample")
def test_ranges_pokerfast(benchmark):
    players = [classes("10%"), classes("20%")]
    per_sample(benchmark, lambda: pokerfast_sampling(players))


@pytest.mark.benchmark(group="range vs range: top 10% vs top 20%, time per sample")
def test_ranges_holdem_per_sample(benchmark):
    per_sample(benchmark, lambda: equity(["10%", "20%"], exact=False, samples=SAMPLES, seed=1).runouts)


@pytest.mark.benchmark(group="six overlapping ranges: AA,KK,QQ each, time per sample")
def test_overlapping_ranges_holdem(benchmark):
    # Deals drawn directly: by rejection, fewer than one draw in a thousand fits.
    per_sample(benchmark, lambda: equity(["AA,KK,QQ"] * 6, exact=False, samples=SAMPLES, seed=1).runouts)


@pytest.mark.benchmark(group="six overlapping ranges: AA,KK,QQ each, time per sample")
def test_overlapping_ranges_pokerfast(benchmark):
    per_sample(benchmark, lambda: pokerfast_sampling(["AA,KK,QQ"] * 6))


@pytest.mark.benchmark(group="a bot's decision: AsKd against five random hands, 500 samples")
def test_bot_sized_call_holdem(benchmark):
    anyone = HandRange("random")
    benchmark(equity, ["AsKd", anyone, anyone, anyone, anyone, anyone], exact=False, samples=500, seed=1)
