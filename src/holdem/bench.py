"""A quick speed report for this machine: ``holdem bench``.

>>> report = run(quick=True)
>>> sorted(report)[:3]
['deal_per_second', 'equity_exact_ms', 'equity_monte_carlo_ms']
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

import holdem


def best_time(work: Callable[[], object], repeats: int) -> float:
    """The shortest of ``repeats`` timings of ``work()``, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def play_random_hands(count: int, rng: holdem.Rng, players: int = 6) -> None:
    """Play ``count`` no-limit hands (blinds 1/2, 100 big blinds) choosing uniformly among legal action kinds.

    >>> play_random_hands(3, holdem.Rng(1))
    """
    rules = holdem.Rules.no_limit(1, 2)
    for _ in range(count):
        hand = holdem.Hand(rules, [200] * players, seed=rng.random_raw())
        while not hand.is_over:
            legal = hand.legal_actions()
            assert legal is not None  # the hand is not over
            kinds = legal.kinds
            kind = kinds[rng.below(len(kinds))]
            if kind == "fold":
                hand.fold()
            elif kind == "check" or kind == "call":
                hand.check_or_call()
            else:
                low, high = legal.min_raise_to, legal.max_raise_to
                assert low is not None and high is not None  # a bet or a raise is allowed
                hand.raise_to(low + rng.below(high - low + 1))


def run(quick: bool = False) -> dict[str, float]:
    """Measure the hot paths; ``quick`` uses smaller workloads."""
    scale = 10 if quick else 1
    repeats = 2 if quick else 5
    rng = holdem.Rng(2024)
    hands = rng.sample_cards(1_000_000 // scale, 7)
    single = hands[: 100_000 // scale].tolist()
    threads = os.cpu_count() or 1
    deck = holdem.Deck(rng)
    deals = 100_000 // scale
    played = 2_000 // scale
    tables, steps = 1_000, 200 // scale
    game = holdem.VectorGame(holdem.Rules.no_limit(1, 2), players=6, tables=tables, seed=1)

    def deal_many() -> None:
        for _ in range(deals):
            deck.shuffle()
            deck.deal(23)

    def step_randomly() -> None:
        for _ in range(steps):
            game.step(*game.random_decisions(rng))

    evaluate = holdem.evaluate
    return {
        "evaluate_per_second": len(single) / best_time(lambda: [evaluate(h) for h in single], repeats),
        "evaluate_batch_per_second": len(hands) / best_time(lambda: holdem.evaluate_batch(hands), repeats),
        "evaluate_batch_threads": threads,
        "evaluate_batch_threaded_per_second": len(hands)
        / best_time(lambda: holdem.evaluate_batch(hands, threads=threads), repeats),
        "deal_per_second": deals / best_time(deal_many, repeats),
        "equity_exact_ms": 1000 * best_time(lambda: holdem.equity(["AhKh", "QsQd"], exact=True), repeats),
        "equity_monte_carlo_ms": 1000
        * best_time(lambda: holdem.equity(["AhKh", "QsQd"], exact=False, samples=100_000, seed=1), repeats),
        "hands_per_second": played / best_time(lambda: play_random_hands(played, holdem.Rng(7)), repeats),
        "vector_decisions_per_second": tables * steps / best_time(step_randomly, repeats),
    }


def format_report(report: dict[str, float]) -> str:
    """The report as a readable table."""
    lines = [
        ("7-card evaluate, one call per hand", f"{report['evaluate_per_second'] / 1e6:,.1f} M hands/s"),
        ("7-card evaluate_batch, 1 thread", f"{report['evaluate_batch_per_second'] / 1e6:,.0f} M hands/s"),
        (
            f"7-card evaluate_batch, {report['evaluate_batch_threads']:.0f} threads",
            f"{report['evaluate_batch_threaded_per_second'] / 1e6:,.0f} M hands/s",
        ),
        ("shuffle and deal 23 cards", f"{report['deal_per_second'] / 1e6:,.2f} M deals/s"),
        ("exact equity, AhKh vs QsQd preflop", f"{report['equity_exact_ms']:,.1f} ms"),
        ("Monte Carlo equity, 100,000 samples", f"{report['equity_monte_carlo_ms']:,.1f} ms"),
        ("random 6-max no-limit hands", f"{report['hands_per_second'] / 1e3:,.1f} K hands/s"),
        (
            "VectorGame, random 6-max decisions",
            f"{report['vector_decisions_per_second'] / 1e6:,.1f} M decisions/s",
        ),
    ]
    width = max(len(name) for name, _ in lines)
    return "\n".join(f"{name:<{width}}  {value}" for name, value in lines)
