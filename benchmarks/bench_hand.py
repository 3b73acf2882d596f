"""Whole hands: random 6-max no-limit hands per second, beside other engines.

Every engine plays the same kind of hand: six players, blinds 1/2, stacks of
100 big blinds; at each decision the player picks uniformly among the legal
action kinds (fold, check or call, bet or raise), a bet or raise uniformly
between the minimum and the maximum, until the hand is settled.  Each round
plays ``HANDS`` hands; hands per second is ``HANDS / mean round time``.
Also timed: ``Hand.copy()`` beside PokerKit's ``deepcopy`` of a state, and
``Hand.legal_actions()``.
"""

import copy
import random

import pytest

from holdem.hand import Hand
from holdem.rules import Rules

HANDS = 2_000
PLAYERS = 6
STACKS = [200] * PLAYERS
RULES = Rules.no_limit(1, 2)


def play_holdem(seed, random_fraction):
    hand = Hand(RULES, STACKS, seed=seed)
    while not hand.is_over:
        legal = hand.legal_actions()
        kinds = legal.kinds
        kind = kinds[int(random_fraction() * len(kinds))]
        if kind == "fold":
            hand.fold()
        elif kind == "check" or kind == "call":
            hand.check_or_call()
        else:
            low = legal.min_raise_to
            hand.raise_to(low + int(random_fraction() * (legal.max_raise_to - low + 1)))
    return hand


def play_pokerfast(seed, random_fraction, pokerfast):
    hand = pokerfast.FastHand(
        player_count=PLAYERS, small_blind=1, big_blind=2, min_stack=200, max_stack=200,
        rng=random.Random(seed),
    )
    while not hand.done:
        options = hand.get_action_space()
        kinds = [kind for kind in ("fold", "check", "call") if kind in options]
        if "min_bet" in options:
            kinds.append("raise")
        kind = kinds[int(random_fraction() * len(kinds))]
        if kind == "fold":
            hand.fold()
        elif kind == "check":
            hand.check()
        elif kind == "call":
            hand.call()
        else:
            low = options["min_bet"]
            hand.bet_or_raise(low + int(random_fraction() * (options["max_bet"] - low + 1)))
    return hand


def pokerkit_state(pokerkit):
    return pokerkit.NoLimitTexasHoldem.create_state(
        tuple(pokerkit.Automation), True, 0, (1, 2), 2, STACKS, PLAYERS
    )


def play_pokerkit(seed, random_fraction, pokerkit):
    state = pokerkit_state(pokerkit)
    while state.status:
        kinds = ["fold"] if state.can_fold() else []
        kinds.append("check_or_call")
        if state.can_complete_bet_or_raise_to():
            kinds.append("raise")
        kind = kinds[int(random_fraction() * len(kinds))]
        if kind == "fold":
            state.fold()
        elif kind == "check_or_call":
            state.check_or_call()
        else:
            low = state.min_completion_betting_or_raising_to_amount
            high = state.max_completion_betting_or_raising_to_amount
            state.complete_bet_or_raise_to(low + int(random_fraction() * (high - low + 1)))
    return state


def rounds_of(benchmark, play, hands, *extra):
    random_fraction = random.Random(7).random

    def run():
        for seed in range(hands):
            play(seed, random_fraction, *extra)

    benchmark.extra_info["hands_per_round"] = hands
    benchmark.pedantic(run, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info["hands_per_second"] = round(hands / benchmark.stats.stats.mean)


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_holdem_hands(benchmark):
    rounds_of(benchmark, play_holdem, HANDS)


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_pokerfast_hands(benchmark):
    pokerfast = pytest.importorskip("pokerfast")
    rounds_of(benchmark, play_pokerfast, HANDS, pokerfast)


@pytest.mark.benchmark(group="random 6-max no-limit hands")
def test_pokerkit_hands(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    rounds_of(benchmark, play_pokerkit, HANDS // 50, pokerkit)


def flop_position():
    """A 6-max hand on the flop after a raise and two calls."""
    hand = Hand(RULES, STACKS, seed=3)
    hand.raise_to(6)
    hand.call()
    for _ in range(3):
        hand.fold()
    hand.call()
    return hand


@pytest.mark.benchmark(group="copy a hand in progress")
def test_holdem_copy(benchmark):
    hand = flop_position()
    benchmark(hand.copy)


@pytest.mark.benchmark(group="copy a hand in progress")
def test_pokerkit_deepcopy(benchmark):
    pokerkit = pytest.importorskip("pokerkit")
    state = pokerkit_state(pokerkit)
    state.complete_bet_or_raise_to(6)
    state.check_or_call()
    benchmark(copy.deepcopy, state)


@pytest.mark.benchmark(group="legal actions")
def test_holdem_legal_actions(benchmark):
    hand = flop_position()
    benchmark(hand.legal_actions)
