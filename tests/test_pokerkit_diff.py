"""Differential tests against PokerKit: same cards, same random actions, same result.

At every decision the player to act, the call amount and the raise bounds must
agree, and at the end the finishing stacks.  Rules are set to PokerKit's
conventions where card rooms differ (odd chips, the fixed-limit preflop cap,
half-bet all-ins).
"""

from __future__ import annotations

import random
import warnings

import pytest

pokerkit = pytest.importorskip("pokerkit")

from holdem._core import Deck  # noqa: E402
from holdem.cards import format_cards  # noqa: E402
from holdem.hand import Hand  # noqa: E402
from holdem.rules import OddChip, Reopening, Rules  # noqa: E402

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def random_table(rng: random.Random, fixed_limit: bool):
    """Return (our rules, a PokerKit state, stacks) for a random table."""
    count = rng.randint(2, 9)
    small_blind = rng.randint(1, 5)
    big_blind = small_blind * rng.choice((1, 2, 2, 2, 3))
    stacks = [rng.choice((rng.randint(1, 10 * big_blind), rng.randint(1, 100 * big_blind))) for _ in range(count)]
    ante_kind = rng.choice(("none", "none", "uniform", "bb"))
    ante = rng.randint(1, big_blind) if ante_kind != "none" else 0
    if ante_kind == "bb":
        antes = [0] * count
        antes[1] = ante
    else:
        antes = [ante] * count
    options = {
        "ante": ante, "big_blind_ante": ante_kind == "bb", "odd_chip": OddChip.POKERKIT, "reopening": Reopening.POKERKIT,
    }
    blinds = [small_blind, big_blind] + [0] * (count - 2)
    if fixed_limit:
        small_bet = big_blind
        rules = Rules.fixed_limit(
            small_bet, 2 * small_bet, small_blind, big_blind,
            blind_counts_as_bet=False, **options,
        )
        state = pokerkit.FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, ante_kind != "bb", antes, blinds, small_bet, 2 * small_bet, stacks, count
        )
    else:
        rules = Rules.no_limit(small_blind, big_blind, **options)
        state = pokerkit.NoLimitTexasHoldem.create_state(
            AUTOMATIONS, ante_kind != "bb", antes, blinds, big_blind, stacks, count
        )
    return rules, state, stacks


class Dealer:
    """Deals a PokerKit state the cards of a deck laid out as holdem deals it (one card a round from the
    seat left of the button, then a burn before each street)."""

    def __init__(self, cards, count: int) -> None:
        self.holes = iter(format_cards((cards[seat], cards[count + seat])) for seat in range(count))
        self.burns = iter(format_cards((cards[2 * count + offset],)) for offset in (0, 4, 6))
        self.streets = iter(
            format_cards(cards[2 * count + start : 2 * count + stop]) for start, stop in ((1, 4), (5, 6), (7, 8))
        )

    def deal(self, state) -> bool:
        """Deal what ``state`` waits for, if it waits for a card; return whether it did."""
        if state.can_deal_hole():
            state.deal_hole(next(self.holes))
        elif state.can_burn_card():
            state.burn_card(next(self.burns))
        elif state.can_deal_board():
            state.deal_board(next(self.streets))
        else:
            return False
        return True


def play_both(rng: random.Random, fixed_limit: bool, seed: int) -> None:
    rules, state, stacks = random_table(rng, fixed_limit)
    cards = Deck(seed).deal(52)
    hand = Hand(rules, stacks, deck=cards)
    dealer = Dealer(cards, len(stacks))
    while state.status:
        if dealer.deal(state):
            continue
        if state.actor_index is not None:
            legal = hand.legal_actions()
            assert legal is not None and legal.seat == state.actor_index, (hand, hand.history)
            assert legal.call == state.checking_or_calling_amount
            assert legal.fold == state.can_fold()
            can_raise = state.can_complete_bet_or_raise_to()
            assert (legal.min_raise_to is not None) == can_raise, (hand.history, legal)
            if can_raise:
                assert legal.min_raise_to == state.min_completion_betting_or_raising_to_amount
                assert legal.max_raise_to == state.max_completion_betting_or_raising_to_amount
            kind = rng.choice(legal.kinds)
            if kind in ("bet", "raise"):
                low, high = legal.min_raise_to, legal.max_raise_to
                amount = rng.choice((low, high, rng.randint(low, high)))
                hand.raise_to(amount)
                state.complete_bet_or_raise_to(amount)
            elif kind == "fold":
                hand.fold()
                state.fold()
            else:
                hand.check_or_call()
                state.check_or_call()
        else:
            raise AssertionError(f"PokerKit waits for something unexpected: {state}")
    assert hand.is_over
    assert list(hand.stacks) == list(state.stacks), hand.history


@pytest.mark.parametrize("chunk", range(10))
def test_no_limit_matches_pokerkit(chunk):
    rng = random.Random(1000 + chunk)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for index in range(150):
            play_both(rng, False, seed=chunk * 1000 + index)


@pytest.mark.parametrize("chunk", range(6))
def test_fixed_limit_matches_pokerkit(chunk):
    rng = random.Random(2000 + chunk)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for index in range(150):
            play_both(rng, True, seed=50000 + chunk * 1000 + index)


VECTOR_GAMES = [  # (rules, players, stack): PokerKit's conventions where card rooms differ
    (Rules.no_limit(1, 2, odd_chip=OddChip.POKERKIT, reopening=Reopening.POKERKIT), 6, 60),
    (Rules.no_limit(1, 2, odd_chip=OddChip.POKERKIT, reopening=Reopening.POKERKIT), 2, 40),
    (Rules.no_limit(1, 2, ante=1, odd_chip=OddChip.POKERKIT, reopening=Reopening.POKERKIT), 4, 50),
    (Rules.no_limit(2, 4, ante=4, big_blind_ante=True, odd_chip=OddChip.POKERKIT, reopening=Reopening.POKERKIT), 5, 90),
    (
        Rules.no_limit(1, 2, straddles=(4,), voluntary_straddles=False, odd_chip=OddChip.POKERKIT,
                       reopening=Reopening.POKERKIT),
        6, 70,
    ),
    (
        Rules.fixed_limit(2, 4, 1, 2, blind_counts_as_bet=False, odd_chip=OddChip.POKERKIT,
                          reopening=Reopening.POKERKIT),
        6, 60,
    ),
    (
        Rules.fixed_limit(2, 4, 1, 2, ante=1, blind_counts_as_bet=False, odd_chip=OddChip.POKERKIT,
                          reopening=Reopening.POKERKIT),
        3, 30,
    ),
]


def pokerkit_state(rules: Rules, starting: list[int]):
    """A PokerKit state for ``rules`` with the stacks ``starting``, in PokerKit's order (from the seat left of the button)."""
    count = len(starting)
    antes = [rules.ante] * count
    if rules.big_blind_ante:
        antes = [0] * count
        antes[0 if count == 2 else 1] = rules.ante
    blinds = [rules.small_blind, rules.big_blind, *rules.straddles_at(count)]
    blinds += [0] * (count - len(blinds))
    if rules.small_bet:
        return pokerkit.FixedLimitTexasHoldem.create_state(
            AUTOMATIONS, not rules.big_blind_ante, antes, blinds, rules.small_bet, rules.big_bet, starting, count
        )
    return pokerkit.NoLimitTexasHoldem.create_state(
        AUTOMATIONS, not rules.big_blind_ante, antes, blinds, rules.big_blind, starting, count
    )


def replay_in_pokerkit(rules: Rules, starting: list[int], button: int, deck: list[int], decisions) -> list[int]:
    """Play a finished VectorGame hand again in PokerKit from its deck and decisions; return the final stacks by seat."""
    count = len(starting)
    seats = [(button + 1 + position) % count for position in range(count)]  # PokerKit's players, as seats
    state = pokerkit_state(rules, [starting[seat] for seat in seats])
    dealer = Dealer(deck, count)
    played = iter(decisions)
    while state.status:
        if not dealer.deal(state):
            kind, amount = next(played)
            if kind == 0:
                state.fold()
            elif kind == 1:
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(amount)
    assert next(played, None) is None, "PokerKit ended the hand before its last decision"
    final = [0] * count
    for position, seat in enumerate(seats):
        final[seat] = state.stacks[position]
    return final


@pytest.mark.parametrize(("rules", "players", "stack"), VECTOR_GAMES)
def test_vector_game_hands_replay_in_pokerkit_to_the_same_chips(rules, players, stack):
    # Every hand finished at a VectorGame table, its deck and decisions played again in PokerKit.
    from holdem import Rng
    from holdem.vector import VectorGame

    game = VectorGame(rules, players, tables=40, stack=stack, carry_stacks=True, seed=players)
    rng = Rng(stack)
    replayed = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(80):
            _, rewards, done = game.step(*game.random_decisions(rng))
            for table in done.nonzero()[0].tolist():
                starting, button, deck, decisions = game._core.last_hand(table)
                final = replay_in_pokerkit(rules, starting, button, deck, decisions)
                assert [end - start for start, end in zip(starting, final)] == rewards[table].tolist()
                replayed += 1
    assert replayed > 150
