"""The button, the blinds and the posts of a table, as pure functions, case by case."""

import pytest

from holdem.rules import Rules
from holdem.seating import Blinds, ButtonRule, Deal, Debt, Owed, first_deal, hand_button, missed, next_deal, owed

DEAD, MOVING = ButtonRule.DEAD, ButtonRule.MOVING


@pytest.mark.parametrize(
    "in_play, button, deal",
    [
        ([0, 1, 2], None, Deal(0, 1, 2, (0, 1, 2))),
        ([1, 3, 5], 3, Deal(3, 5, 1, (1, 3, 5))),
        ([1, 3, 5], 4, Deal(1, 3, 5, (1, 3, 5))),  # not a seat in play: the first one
        ([2, 7], 7, Deal(7, 7, 2, (2, 7))),  # heads-up the button posts the small blind
    ],
)
def test_the_first_deal(in_play, button, deal):
    assert first_deal(in_play, button) == deal


@pytest.mark.parametrize(
    "seat_count, in_play, waiting, rule, last, deal",
    [
        # Everyone there: the button, the blinds, one seat on.
        (6, [0, 1, 2, 3], set(), DEAD, Blinds(0, 1, 2), Deal(1, 2, 3, (0, 1, 2, 3))),
        (6, [0, 1, 2, 3], set(), MOVING, Blinds(0, 1, 2), Deal(1, 2, 3, (0, 1, 2, 3))),
        (6, [0, 2, 4], set(), DEAD, Blinds(0, 2, 4), Deal(2, 4, 0, (0, 2, 4))),  # empty seats skipped
        # The big blind (seat 2) busted: a dead small blind, then a dead button; moving, no dead blind.
        (4, [0, 1, 3], set(), DEAD, Blinds(0, 1, 2), Deal(1, None, 3, (0, 1, 3))),
        (4, [0, 1, 3], set(), DEAD, Blinds(1, 2, 3), Deal(2, 3, 0, (0, 1, 3))),
        (4, [0, 1, 3], set(), MOVING, Blinds(0, 1, 2), Deal(1, 3, 0, (0, 1, 3))),
        # The small blind (seat 1) left: the button dead on its seat.
        (4, [0, 2, 3], set(), DEAD, Blinds(0, 1, 2), Deal(1, 2, 3, (0, 2, 3))),
        # Down to two: the big blind to the player after the last one, the other on the button.
        (3, [0, 1], set(), DEAD, Blinds(0, 1, 2), Deal(1, 1, 0, (0, 1))),
        (3, [0, 1], set(), MOVING, Blinds(0, 1, 2), Deal(1, 1, 0, (0, 1))),
        (3, [1, 2], set(), DEAD, Blinds(0, 1, 2), Deal(2, 2, 1, (1, 2))),
        # A new player waits for the big blind: dealt in when it reaches them.
        (5, [0, 1, 2, 4], {1}, DEAD, Blinds(0, 2, 4), Deal(2, 4, 0, (0, 2, 4))),
        (5, [0, 1, 2, 4], {1}, DEAD, Blinds(2, 4, 0), Deal(4, 0, 1, (0, 1, 2, 4))),
        (5, [0, 1, 2, 4], {1}, MOVING, Blinds(2, 4, 0), Deal(4, 0, 1, (0, 1, 2, 4))),
        # No one to wait for: everyone in play is dealt in.
        (3, [0, 1, 2], {0, 1}, DEAD, Blinds(0, 1, 2), Deal(1, 2, 0, (0, 1, 2))),
        # Past a new player who posted (seat 1 between the big blind and the button): the button
        # goes to the player before the small blind.
        (5, [0, 1, 2, 4], set(), DEAD, Blinds(0, 2, 4), Deal(2, 4, 0, (0, 1, 2, 4))),
    ],
)
def test_the_next_deal(seat_count, in_play, waiting, rule, last, deal):
    assert next_deal(seat_count, in_play, waiting, rule, last) == deal


@pytest.mark.parametrize(
    "deal, before, after",
    [
        (Deal(1, 2, 3, (0, 1, 2, 3)), Blinds(0, 1, 2), Blinds(1, 2, 3)),
        (Deal(1, None, 3, (0, 1, 3)), Blinds(0, 1, 2), Blinds(1, 2, 3)),  # the dead small blind's seat
        (Deal(0, 0, 1, (0, 1)), None, Blinds(0, 0, 1)),
    ],
)
def test_the_blinds_after_a_deal(deal, before, after):
    assert Blinds.after(deal, before) == after


@pytest.mark.parametrize(
    "deal, last, seat, seat_count, expected",
    [
        (Deal(1, 2, 3, (0, 1, 2, 3)), Blinds(0, 1, 2), 4, 5, (False, False)),  # neither reached seat 4
        (Deal(2, 3, 0, (0, 2, 3)), Blinds(1, 2, 3), 4, 5, (False, True)),  # the big blind went past it
        (Deal(3, 0, 1, (0, 1, 3)), Blinds(2, 3, 0), 4, 5, (True, False)),  # then the small blind
        (Deal(3, 0, 1, (0, 1, 3)), Blinds(2, 3, 0), 2, 5, (False, False)),  # behind both
        (Deal(0, 0, 3, (0, 3)), Blinds(2, 3, 0), 1, 4, (False, True)),  # heads-up: the button posts the small blind
        (Deal(1, None, 3, (0, 1, 3)), Blinds(0, 1, 2), 2, 4, (True, False)),  # a dead small blind on the seat
    ],
)
def test_the_blinds_a_seat_not_dealt_in_misses(deal, last, seat, seat_count, expected):
    assert missed(deal, last, seat, seat_count) == expected


ANTE = Rules.no_limit(1, 2, ante=1)


@pytest.mark.parametrize(
    "debt, in_small_blind, options, chips",
    [
        (Debt(), False, {}, (0, 0)),
        (Debt(big_blind=True), False, {}, (2, 0)),  # a new player: the big blind, live
        (Debt(big_blind=True), True, {}, (1, 0)),  # in the small blind: made up to a big blind
        (Debt(big_blind=True, small_blind=True), False, {}, (2, 1)),
        (Debt(big_blind=True, small_blind=True), True, {}, (1, 1)),
        (Debt(small_blind=True), False, {}, (0, 1)),
        (Debt(antes=7), False, {}, (0, 7)),  # every missed ante, dead
        (Debt(antes=7), False, {"antes_cap": 2}, (0, 2)),
        (Debt(True, True, 3), False, {"antes_cap": 0}, (2, 1)),
        (Debt(big_blind=True), False, {"big_blind": Owed.DEAD}, (0, 2)),
        (Debt(big_blind=True), True, {"big_blind": Owed.DEAD}, (0, 2)),  # the seat's small blind stays live
        (Debt(big_blind=True), True, {"big_blind": Owed.NONE}, (0, 0)),
        (Debt(True, True, 2), False, {"small_blind": Owed.LIVE}, (3, 2)),
        (Debt(True, True, 2), False, {"small_blind": Owed.NONE, "big_blind": Owed.NONE}, (0, 2)),
    ],
)
def test_what_a_player_posting_to_come_in_owes(debt, in_small_blind, options, chips):
    assert owed(ANTE, debt, in_small_blind, **options) == chips


@pytest.mark.parametrize(
    "deal, button",
    [
        (Deal(0, 1, 2, (0, 1, 2)), 0),
        (Deal(2, 4, 0, (0, 2, 4)), 1),
        (Deal(1, None, 3, (0, 1, 3)), 1),  # the seat before the big blind acts last
        (Deal(2, 3, 0, (0, 1, 3)), 1),  # a dead button: the seat before the small blind
        (Deal(7, 7, 2, (2, 7)), 1),
    ],
)
def test_the_hands_button(deal, button):
    assert hand_button(deal) == button
