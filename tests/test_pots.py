"""Side pots from contributions, and awarding them (the seed examples)."""

from __future__ import annotations

from holdem.pots import Pot, award_pots, build_pots, pot_winners, take_rake
from holdem.rules import OddChip


def test_seed_side_pot_example():
    # A all in for 25, B for 60, C covers and calls 60: main 75, side 70 between B and C.
    pots = build_pots([25, 60, 60], [True, True, True])
    assert pots == [Pot(75, (0, 1, 2)), Pot(70, (1, 2))]
    # The side pot is read first: B beats C there; A has the best hand for the main pot.
    assert award_pots(pots, [[9, 8, 7]], order=(0, 1, 2)) == [75, 70, 0]
    assert award_pots(pots, [[1, 8, 7]], order=(0, 1, 2)) == [0, 145, 0]


def test_seed_all_in_after_blinds_example():
    # A put in 20 in blinds and 50 all in (70); B and C put in 140 each.
    pots = build_pots([70, 140, 140], [True, True, True])
    assert pots == [Pot(210, (0, 1, 2)), Pot(140, (1, 2))]
    assert award_pots(pots, [[9, 5, 7]], order=(0, 1, 2)) == [210, 0, 140]


def test_folded_money_stays_in_the_pot_it_reached():
    assert build_pots([30, 100, 100, 10], [False, True, True, False]) == [Pot(240, (1, 2))]


def test_levels_reached_only_by_folded_seats_go_to_the_pot_below():
    assert build_pots([50, 80, 30], [True, False, True]) == [Pot(90, (0, 2)), Pot(70, (0,))]


def test_dead_money_and_empty_input():
    assert build_pots([0, 0], [True, True]) == []
    assert build_pots([0, 0], [True, True], dead=4) == [Pot(4, (0, 1))]


def test_split_pot_odd_chip_left_of_button():
    # Button is seat 2: the odd chip goes to seat 0, then seat 1.
    assert award_pots([Pot(11, (0, 1, 2))], [[5, 5, 5]], order=(0, 1, 2)) == [4, 4, 3]
    assert award_pots([Pot(11, (0, 1, 2))], [[5, 5, 5]], order=(1, 2, 0)) == [3, 4, 4]


def test_split_pot_odd_chips_pokerkit():
    pots = [Pot(11, (0, 1, 2))]
    assert award_pots(pots, [[5, 5, 5]], order=(0, 1, 2), odd_chip=OddChip.POKERKIT) == [5, 3, 3]


def test_several_boards_share_each_pot():
    pots = [Pot(101, (0, 1))]
    assert award_pots(pots, [[9, 1], [1, 9]], order=(0, 1)) == [51, 50]


def test_winners_and_rake():
    assert pot_winners(Pot(10, (1, 3)), [9, 2, 9, 2]) == [1, 3]
    assert take_rake([Pot(10, (0, 1)), Pot(4, (1, 2))], 12) == [Pot(0, (0, 1)), Pot(2, (1, 2))]
