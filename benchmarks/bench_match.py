"""Matches: 6-max no-limit hands per second driven by agents, beside the bare hand loop.

The bare loop is :func:`holdem.bench.play_random_hands`: six players, blinds
1/2, 100 big blinds, a uniform choice among the legal kinds of action and a
uniform raise size.  ``Uniform`` is the same policy as an agent, so the
difference is the cost of the agent protocol (a view per decision, the call,
the decision played); the reference :class:`~holdem.agents.RandomBot` sizes
its bets by the pot instead.  Matches run serially and on a pool of two
processes (created before timing).  Target: agents within 1.5x of the bare
loop on one core; at least 1.7x speedup on two processes.
"""

from concurrent.futures import ProcessPoolExecutor

import pytest

import holdem
from holdem.agents import RandomBot
from holdem.bench import play_random_hands
from holdem.match import CHUNK_HANDS, play_match

HANDS = 8 * CHUNK_HANDS


class Uniform:
    """The bare loop's policy as an agent."""

    def reset(self, rng):
        self.rng = rng

    def act(self, view):
        legal = view.legal_actions
        kinds = legal.kinds
        kind = kinds[self.rng.below(len(kinds))]
        if kind == "bet" or kind == "raise":
            low = legal.min_raise_to
            return kind, low + self.rng.below(legal.max_raise_to - low + 1)
        return kind


def rounds_of(benchmark, run):
    benchmark.extra_info["hands_per_round"] = HANDS
    benchmark.pedantic(run, rounds=3, iterations=1, warmup_rounds=1)
    benchmark.extra_info["hands_per_second"] = round(HANDS / benchmark.stats.stats.mean)


def six(make):
    return {f"{seat}": make() for seat in range(6)}


@pytest.mark.benchmark(group="6-max random hands: bare loop and matches")
def test_bare_loop(benchmark):
    rounds_of(benchmark, lambda: play_random_hands(HANDS, holdem.Rng(7)))


@pytest.mark.benchmark(group="6-max random hands: bare loop and matches")
def test_match_uniform_agents_serial(benchmark):
    rounds_of(benchmark, lambda: play_match(six(Uniform), HANDS, seed=7, workers=1, progress=False))


@pytest.mark.benchmark(group="6-max random hands: bare loop and matches")
def test_match_random_bots_serial(benchmark):
    rounds_of(benchmark, lambda: play_match(six(RandomBot), HANDS, seed=7, workers=1, progress=False))


@pytest.mark.benchmark(group="6-max random hands: bare loop and matches")
def test_match_random_bots_two_processes(benchmark):
    with ProcessPoolExecutor(2) as pool:
        rounds_of(benchmark, lambda: play_match(six(RandomBot), HANDS, seed=7, executor=pool, progress=False))
