"""Hand evaluation and dealing, beside the other Python poker libraries.

Each single-call benchmark ranks the same 10,000 random seven-card hands, one
call per hand, each library given the cards in its own representation, built
before timing.  Batch benchmarks rank a million hands per round.
"""

import ctypes

import pytest

import holdem
from holdem import _core

BATCH = 1_000_000


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_holdem_evaluate(benchmark, seven_card_lists):
    evaluate = holdem.evaluate
    benchmark(lambda: [evaluate(hand) for hand in seven_card_lists])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_holdem_evaluate7(benchmark, seven_card_lists):
    evaluate7 = holdem.evaluate7
    benchmark(lambda: [evaluate7(*hand) for hand in seven_card_lists])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_holdem_evaluate_text(benchmark, seven_card_lists):
    texts = [holdem.format_cards(hand) for hand in seven_card_lists[:1000]] * 10
    evaluate = holdem.evaluate
    benchmark(lambda: [evaluate(text) for text in texts])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_phevaluator_raw(benchmark, seven_card_lists):
    _pheval = pytest.importorskip("phevaluator._pheval")
    evaluate = _pheval.evaluate_7cards
    benchmark(lambda: [evaluate(*hand) for hand in seven_card_lists])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_phevaluator_api(benchmark, seven_card_lists):
    phevaluator = pytest.importorskip("phevaluator")
    evaluate = phevaluator.evaluate_cards
    benchmark(lambda: [evaluate(*hand) for hand in seven_card_lists])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_pkrbot(benchmark, seven_card_lists):
    pkrbot = pytest.importorskip("pkrbot")
    hands = [[pkrbot.Card(holdem.card_name(card)) for card in hand] for hand in seven_card_lists]
    evaluate = pkrbot.evaluate
    benchmark(lambda: [evaluate(hand) for hand in hands])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_eval7(benchmark, seven_card_lists):
    eval7 = pytest.importorskip("eval7")
    hands = [[eval7.Card(holdem.card_name(card)) for card in hand] for hand in seven_card_lists]
    evaluate = eval7.evaluate
    benchmark(lambda: [evaluate(hand) for hand in hands])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_treys(benchmark, seven_card_lists):
    treys = pytest.importorskip("treys")
    evaluator = treys.Evaluator()
    hands = [
        [treys.Card.new(holdem.card_name(card)) for card in hand] for hand in seven_card_lists[:1000]
    ]
    benchmark(lambda: [evaluator.evaluate(hand[:2], hand[2:]) for hand in hands])


@pytest.mark.benchmark(group="evaluate 7 cards, one call per hand")
def test_pokerkit(benchmark, seven_card_lists):
    pokerkit = pytest.importorskip("pokerkit")
    hands = [
        (
            list(pokerkit.Card.parse(holdem.format_cards(hand[:2]))),
            list(pokerkit.Card.parse(holdem.format_cards(hand[2:]))),
        )
        for hand in seven_card_lists[:20]
    ]
    evaluate = pokerkit.StandardHighHand.from_game
    benchmark.pedantic(lambda: [evaluate(hole, board) for hole, board in hands], rounds=3)


@pytest.fixture(scope="module")
def million_hands():
    return holdem.Rng(7).sample_cards(BATCH, 7)


@pytest.mark.benchmark(group="evaluate 7 cards, batch of 1,000,000")
@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("loop", ["avx512", "portable"])
def test_holdem_evaluate_batch(benchmark, million_hands, threads, loop):
    if loop == "avx512" and not _core._simd_available():
        pytest.skip("this CPU has no AVX-512")
    previous = _core._set_simd(loop == "avx512")
    try:
        benchmark(holdem.evaluate_batch, million_hands, threads=threads)
    finally:
        _core._set_simd(previous)


@pytest.mark.benchmark(group="evaluate 7 cards, batch of 1,000,000")
def test_pokerfast_raw_batch(benchmark, million_hands):
    equity = pytest.importorskip("pokerfast.equity")
    library = equity._load()  # the ctypes entry around OMPEval's evaluator
    out = (ctypes.c_uint16 * BATCH)()
    cards = million_hands.ctypes.data_as(ctypes.c_char_p)
    benchmark(library.pf_evaluate, cards, BATCH, 7, out)


@pytest.mark.benchmark(group="deal: shuffle, 9 hands and a board")
def test_holdem_deck(benchmark):
    deck = holdem.Deck(holdem.Rng(1))

    def deal_many():
        for _ in range(10_000):
            deck.shuffle()
            deck.deal(18)
            deck.burn()
            deck.deal(3)
            deck.burn()
            deck.deal(1)
            deck.burn()
            deck.deal(1)

    benchmark(deal_many)


@pytest.mark.benchmark(group="deal: 1,000,000 rows of 7 random cards")
def test_holdem_sample_cards(benchmark):
    rng = holdem.Rng(2)
    benchmark(rng.sample_cards, BATCH, 7)

