"""Main and side pots: building them from what each seat put in, and awarding them.

Pure functions over per-seat lists.  A pot is made at each all-in level and is
contested only by the players still in the hand who put in at least that much;
adjacent pots contested by the same players are one pot.

>>> pots = build_pots([25, 60, 60], [True, True, True])
>>> pots
[Pot(amount=75, eligible=(0, 1, 2)), Pot(amount=70, eligible=(1, 2))]
>>> award_pots(pots, [[5, 9, 7]], order=(0, 1, 2))
[0, 145, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from holdem.rules import OddChip

__all__ = ["Pot", "award_pots", "build_pots", "pot_winners", "take_rake"]


class Pot(NamedTuple):
    """A pot: its chips and the seats that may win it, in seat order."""

    amount: int
    eligible: tuple[int, ...]


def build_pots(contributions: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Return the main pot then the side pots.

    ``contributions`` are the chips each seat put in, ``live`` says which seats
    are still in the hand, ``dead`` is dead money (a big-blind ante) in the
    main pot, which every live seat contests.  Chips above everything a live
    seat matched go to the pot below them.

    >>> build_pots([50, 20, 50], [True, True, True])
    [Pot(amount=60, eligible=(0, 1, 2)), Pot(amount=60, eligible=(0, 2))]
    >>> build_pots([10, 40, 40], [False, True, True], dead=3)
    [Pot(amount=93, eligible=(1, 2))]
    >>> build_pots([0, 30, 30], [True, True, True], dead=5)
    [Pot(amount=5, eligible=(0, 1, 2)), Pot(amount=60, eligible=(1, 2))]
    """
    seats = range(len(contributions))
    pots: list[Pot] = []
    amount = dead
    previous = 0
    for level in sorted(set(contributions)):
        amount += (level - previous) * sum(1 for seat in seats if contributions[seat] >= level)
        previous = level
        eligible = tuple(seat for seat in seats if live[seat] and contributions[seat] >= level)
        if not eligible:
            continue
        while pots and pots[-1].eligible == eligible:
            amount += pots.pop().amount
        if amount:
            pots.append(Pot(amount, eligible))
            amount = 0
    if amount and pots:
        pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
    return pots


def take_rake(pots: Sequence[Pot], rake: int) -> list[Pot]:
    """Return the pots after taking ``rake`` chips, from the main pot first.

    >>> take_rake([Pot(3, (0, 1)), Pot(10, (1, 2))], 5)
    [Pot(amount=0, eligible=(0, 1)), Pot(amount=8, eligible=(1, 2))]
    """
    raked = []
    for pot in pots:
        taken = min(rake, pot.amount)
        rake -= taken
        raked.append(Pot(pot.amount - taken, pot.eligible))
    return raked


def pot_winners(pot: Pot, ranks: Sequence[int]) -> list[int]:
    """Return the eligible seats holding the best rank (higher is stronger), in seat order.

    >>> pot_winners(Pot(10, (0, 2, 3)), [50, 99, 50, 10])
    [0, 2]
    """
    best = max(ranks[seat] for seat in pot.eligible)
    return [seat for seat in pot.eligible if ranks[seat] == best]


def award_pots(
    pots: Sequence[Pot],
    boards: Sequence[Sequence[int]],
    order: Sequence[int],
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON,
) -> list[int]:
    """Return the chips each seat wins.

    ``boards`` holds, for each board the hand was run on, every seat's rank
    (higher is stronger; seats not eligible are ignored).  Each pot is shared
    equally between the boards (odd chips to the first board) and each share
    among that board's best hands.  ``order`` lists the seats clockwise from
    the one left of the button.  Odd chips go one each to the winners in that
    order, or all to the first of them with :attr:`OddChip.POKERKIT`.

    >>> award_pots([Pot(7, (0, 1, 2))], [[9, 9, 9]], order=(1, 2, 0))
    [2, 3, 2]
    >>> award_pots([Pot(8, (0, 1, 2))], [[9, 9, 9]], order=(1, 2, 0), odd_chip=OddChip.POKERKIT)
    [2, 4, 2]
    """
    position = {seat: index for index, seat in enumerate(order)}
    won = [0] * len(order)
    first_winner_takes_all = odd_chip is OddChip.POKERKIT
    for pot in pots:
        share, board_extra = divmod(pot.amount, len(boards))
        for board_index, ranks in enumerate(boards):
            amount = share + board_extra if board_index == 0 else share
            winners = sorted(pot_winners(pot, ranks), key=position.__getitem__)
            each, extra = divmod(amount, len(winners))
            for index, seat in enumerate(winners):
                if first_winner_takes_all:
                    won[seat] += each + extra if index == 0 else each
                else:
                    won[seat] += each + 1 if index < extra else each
    return won
