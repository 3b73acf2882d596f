"""Fuzz targets: any sequence of calls on a Hand, a Table or a Tournament keeps the contract.

Each call returns or raises a HoldemError or a TypeError; a refused call changes
nothing; chips are conserved.
"""

from __future__ import annotations

import pytest
from fuzzing import awkward_numbers, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import HoldemError
from holdem.hand import Hand
from holdem.rules import Rules
from holdem.table import Table
from holdem.tournament import BlindSchedule, Level, Tournament

KINDS = st.sampled_from(["fold", "check", "call", "bet", "raise", "muck", "show", "all-in", "x", None, 3])


@st.composite
def rules(draw):
    small_blind = draw(st.integers(0, 5))
    big_blind = max(1, small_blind) * draw(st.sampled_from([1, 2, 3]))
    options = {
        "ante": draw(st.sampled_from([0, 0, 1, big_blind])),
        "big_blind_ante": draw(st.booleans()),
        "fold_without_bet": draw(st.booleans()),
        "all_hands_show": draw(st.booleans()),
        "runouts": draw(st.sampled_from([1, 1, 2, 3])),
        "rake": draw(st.sampled_from([0, 0.05, "1/10"])),
        "rake_cap": draw(st.sampled_from([None, 3])),
    }
    structure = draw(st.sampled_from(["no_limit", "pot_limit", "fixed_limit"]))
    if structure == "fixed_limit":
        return Rules.fixed_limit(
            big_blind, 2 * big_blind, small_blind, big_blind, max_bets=draw(st.sampled_from([None, 1, 4])), **options
        )
    return getattr(Rules, structure)(small_blind, big_blind, **options)


def amount(hand):
    legal = hand.legal_actions()
    near = [] if legal is None else [legal.min_raise_to, legal.max_raise_to, legal.call, legal.current_bet]
    return st.one_of(st.sampled_from(near + [1]), awkward_numbers)


def state(hand):
    return (hand.stacks, hand.bets, hand.statuses, hand.pot_total, hand.actor, hand.street, hand.board,
            hand.history, hand.is_over, hand.showdown_seats, hand.cards_needed, hand.rake)


def call(method, *arguments):
    """Call and return whether it was played; anything but a HoldemError or a TypeError fails."""
    try:
        method(*arguments)
    except (HoldemError, TypeError):
        return False
    return True


@fuzz_settings(800)
@given(rules(), st.lists(st.integers(1, 60), min_size=2, max_size=6), st.integers(0, 2**64 - 1),
       st.booleans(), st.data())
def test_hand_calls(rules, stacks, seed, manual_showdown, data):
    try:
        hand = Hand(rules, stacks, seed=seed, manual_showdown=manual_showdown)
    except HoldemError:
        return
    total = sum(stacks)
    for _ in range(40):
        before = state(hand)
        kind = data.draw(st.sampled_from(["act", "raise_to", "fold", "check", "call", "check_or_call", "all_in",
                                          "show", "muck", "deal_board", "view"]))
        if kind == "act":
            played = call(hand.act, data.draw(KINDS), data.draw(st.one_of(st.none(), amount(hand))))
        elif kind == "raise_to":
            played = call(hand.raise_to, data.draw(amount(hand)))
        elif kind in ("show", "muck", "view"):
            seats = st.sampled_from(hand.showdown_seats or (0,))
            played = call(getattr(hand, kind), data.draw(st.one_of(seats, awkward_numbers)))
        elif kind == "deal_board":
            played = call(hand.deal_board, data.draw(st.sampled_from(["2c3c4c", "As", "", "Zz", 5, [0, 0]])))
        else:
            played = call(getattr(hand, kind))
        if not played or kind == "view":
            assert state(hand) == before, f"the refused {kind} changed the hand"
        assert sum(hand.stacks) + sum(hand.bets) + hand.pot_total + hand.rake == total
        if hand.is_over:
            break
    str(hand), repr(hand), hand.log()


SCHEDULE = BlindSchedule([Level(1, 2), Level(2, 4, 1)], hands_per_level=3)
NAMES = ["ann", "bob", "cy", "dee"]


@fuzz_settings(300)
@given(st.integers(0, 2**64 - 1), st.data())
def test_table_operations(seed, data):
    table = Table(Rules.no_limit(1, 2), seats=6, min_buy_in=20, max_buy_in=200, seed=seed)
    for _ in range(60):
        name = data.draw(st.sampled_from(NAMES + ["", 5]))
        operation = data.draw(st.sampled_from(["join", "leave", "sit_out", "come_back", "add_chips", "start_hand",
                                               "act", "act", "act", "act", "place_button"]))
        chips = sum(table.stacks().values()) + (table.hand.pot_total + sum(table.hand.bets) if table.hand else 0)
        if operation == "join":
            played = call(table.join, name, data.draw(st.one_of(st.integers(-1, 6), awkward_numbers)),
                          data.draw(st.one_of(st.sampled_from([20, 100, 200]), awkward_numbers)))
        elif operation == "add_chips":
            played = call(table.add_chips, name, data.draw(st.one_of(st.sampled_from([10, 50]), awkward_numbers)))
        elif operation == "act":
            actor = table.actor
            played = call(table.act, actor if actor is not None else name, data.draw(KINDS),
                          data.draw(st.one_of(st.none(), st.integers(1, 200), awkward_numbers)))
        elif operation == "place_button":
            played = call(table.place_button, data.draw(st.one_of(st.integers(-1, 6), awkward_numbers)))
        elif operation == "start_hand":
            played = call(table.start_hand)
        else:
            played = call(getattr(table, operation), name)
        after = sum(table.stacks().values()) + (table.hand.pot_total + sum(table.hand.bets) if table.hand else 0)
        if not played:
            assert after == chips, f"the refused {operation} moved chips"


@fuzz_settings(150)
@given(st.integers(0, 2**64 - 1), st.data())
def test_tournament_operations(seed, data):
    tournament = Tournament(NAMES[:3], 100, SCHEDULE, buy_in=10, payouts=[7, 3], seed=seed)
    for _ in range(120):
        if tournament.is_over:
            break
        hand = tournament.table.hand
        if hand is None:
            call(tournament.start_hand)
            continue
        actor = tournament.table.actor
        if data.draw(st.booleans()):
            call(tournament.act, actor, data.draw(KINDS), data.draw(st.one_of(st.none(), st.integers(1, 300))))
        else:
            call(tournament.rebuy, data.draw(st.sampled_from(NAMES)))
        equities = tournament.icm()
        assert sum(equities.values()) == pytest.approx(tournament.prize_pool * sum(
            share for share in tournament._shares()[: len(equities)]) if equities else 0)


def test_muck_refuses_a_float_seat():
    """Found by test_hand_calls: muck(1.0) recorded Action('muck', 1.0), and str(hand) then raised TypeError."""
    hand = Hand(Rules.no_limit(0, 1), [1, 1], seed=0, manual_showdown=True)
    hand.call()
    seat = hand.showdown_seats[-1]
    with pytest.raises((HoldemError, TypeError)):
        hand.muck(float(seat))
    assert hand.showdown_seats[-1] == seat
    str(hand)
