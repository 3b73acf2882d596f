"""Whole hands, their construction and their copies, beside other engines.

The random-hands harness is the same loop for every engine: six players,
no-limit, blinds 1/2, 200 chips each, every hand a new object built with its
own seed (PokerKit takes no seed: it shuffles with the ``random`` module, which
is seeded before each hand).  At each decision Python's ``random`` draws
uniformly among fold (only when facing a bet), check or call, and, when a raise
is legal, a min-raise and an all-in (a raise to the most the player can).  Each
round plays ``HANDS`` hands (PokerKit fewer); hands per second is the hands of a
round over the median round time.

Also timed: ``Hand(...)`` alone; ``Hand.copy()`` at the start of a hand, on the
flop, and deep in a hand whose history holds over 1,000 records, beside
PokerKit's ``copy.deepcopy`` of a state on the flop; ``Hand.legal_actions()``.
The peers' entries record ``holdem_speedup`` (the peer's median time over
holdem's) when holdem's entry ran earlier in the same job.
"""

import copy
import random

import pytest

from holdem.hand import Hand
from holdem.rules import Rules
from holdem.views import Street

HANDS = 2_000
PLAYERS = 6
STACKS = [200] * PLAYERS
RULES = Rules.no_limit(1, 2)
DEEP_STACKS = [100_000] * PLAYERS
DEEP_RAISES = 1_000

FOLD, CALL, MIN_RAISE, ALL_IN = range(4)
CHOICES = {
    (can_fold, can_raise): (FOLD,) * can_fold + (CALL,) + (MIN_RAISE, ALL_IN) * can_raise
    for can_fold in (False, True)
    for can_raise in (False, True)
}
SECONDS_EACH: dict[str, float] = {}


def choose(draw, can_fold, can_raise):
    """FOLD, CALL, MIN_RAISE or ALL_IN, uniformly among those allowed."""
    choices = CHOICES[can_fold, can_raise]
    return choices[int(draw() * len(choices))]


def play_holdem(seed, draw):
    hand = Hand(RULES, STACKS, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        choice = choose(draw, legal.fold, legal.min_raise_to is not None)
        if choice == FOLD:
            hand.fold()
        elif choice == CALL:
            hand.check_or_call()
        elif choice == MIN_RAISE:
            hand.raise_to(legal.min_raise_to)
        else:
            hand.raise_to(legal.max_raise_to)


def play_pokerfast(seed, draw, pokerfast):
    hand = pokerfast.FastHand(
        player_count=PLAYERS, small_blind=1, big_blind=2, min_stack=200, max_stack=200,
        rng=random.Random(seed),
    )
    while not hand.done:
        options = hand.get_action_space()
        choice = choose(draw, "fold" in options, "min_bet" in options)
        if choice == FOLD:
            hand.fold()
        elif choice == CALL:
            if "call" in options:
                hand.call()
            else:
                hand.check()
        elif choice == MIN_RAISE:
            hand.bet_or_raise(options["min_bet"])  # pokerfast's amounts are chips added, not totals
        else:
            hand.bet_or_raise(options["max_bet"])


def pokerkit_state(pokerkit):
    return pokerkit.NoLimitTexasHoldem.create_state(
        tuple(pokerkit.Automation), True, 0, (1, 2), 2, STACKS, PLAYERS
    )


def play_pokerkit(seed, draw, pokerkit):
    random.seed(seed)
    state = pokerkit_state(pokerkit)
    while state.status:
        choice = choose(draw, state.can_fold(), state.can_complete_bet_or_raise_to())
        if choice == FOLD:
            state.fold()
        elif choice == CALL:
            state.check_or_call()
        elif choice == MIN_RAISE:
            state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
        else:
            state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)


def record(benchmark, name, count=1, holdem=None):
    """Keep the median time of one of ``count`` things under ``name`` and return it.

    With ``holdem``, the name of holdem's entry, also record holdem's speedup
    over this one.  Returns None when benchmarking is disabled.
    """
    if benchmark.disabled:
        return None
    each = benchmark.stats.stats.median / count
    SECONDS_EACH[name] = each
    if holdem in SECONDS_EACH:
        benchmark.extra_info["holdem_speedup"] = round(each / SECONDS_EACH[holdem], 1)
    return each


def play_rounds(benchmark, name, play, hands, *extra, holdem=None):
    def run():
        draw = random.Random(7).random
        for seed in range(hands):
            play(seed, draw, *extra)

    benchmark.extra_info["hands_per_round"] = hands
    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    each = record(benchmark, name, hands, holdem)
    if each is not None:
        benchmark.extra_info["hands_per_second"] = round(1 / each)


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_holdem_hands(benchmark):
    play_rounds(benchmark, "holdem hands", play_holdem, HANDS)


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_pokerfast_hands(benchmark):
    pokerfast = pytest.importorskip("pokerfast")
    play_rounds(benchmark, "pokerfast hands", play_pokerfast, HANDS, pokerfast, holdem="holdem hands")


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_pokerkit_hands(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    play_rounds(benchmark, "pokerkit hands", play_pokerkit, HANDS // 50, pokerkit, holdem="holdem hands")


@pytest.mark.benchmark(group="build a hand")
def test_holdem_new_hand(benchmark):
    benchmark(Hand, RULES, STACKS, seed=1)


def flop_position():
    """A 6-max hand on the flop after a raise, a call, three folds and the big blind's call."""
    hand = Hand(RULES, STACKS, seed=3)
    hand.raise_to(6)
    hand.call()
    for _ in range(3):
        hand.fold()
    hand.call()
    assert hand.street == Street.FLOP
    return hand


def deep_position():
    """A 6-max hand of deep stacks, preflop after 1,000 min-raises."""
    hand = Hand(RULES, DEEP_STACKS, seed=4)
    for _ in range(DEEP_RAISES):
        hand.raise_to(hand.legal_actions().min_raise_to)
    assert len(hand.history) > DEEP_RAISES
    return hand


@pytest.mark.benchmark(group="copy a hand in progress")
def test_holdem_copy_at_start(benchmark):
    benchmark(Hand(RULES, STACKS, seed=3).copy)


@pytest.mark.benchmark(group="copy a hand in progress")
def test_holdem_copy_on_flop(benchmark):
    benchmark(flop_position().copy)
    record(benchmark, "holdem copy on flop")


@pytest.mark.benchmark(group="copy a hand in progress")
def test_holdem_copy_deep(benchmark):
    benchmark(deep_position().copy)


@pytest.mark.benchmark(group="copy a hand in progress")
def test_pokerkit_deepcopy_on_flop(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    state = pokerkit_state(pokerkit)
    state.complete_bet_or_raise_to(6)
    state.check_or_call()
    for _ in range(3):
        state.fold()
    state.check_or_call()
    assert state.street_index == 1
    benchmark(copy.deepcopy, state)
    record(benchmark, "pokerkit deepcopy on flop", holdem="holdem copy on flop")


@pytest.mark.benchmark(group="legal actions")
def test_holdem_legal_actions(benchmark):
    benchmark(flop_position().legal_actions)
