"""Main and side pots: building them from what each seat put in, and awarding them.

Views of the hand engine's rules (the same code that settles every hand): a
pot is made at each all-in level and is contested only by the players still
in the hand who put in at least that much; adjacent pots contested by the
same players are one pot.  For hands of up to ten seats.

>>> pots = build_pots([25, 60, 60], [True, True, True])
>>> pots
[Pot(amount=75, eligible=(0, 1, 2)), Pot(amount=70, eligible=(1, 2))]
>>> award_pots(pots, [[5, 9, 7]], order=(0, 1, 2))
[0, 145, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from holdem import _hand
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
    return [Pot(*pot) for pot in _hand.pots_of(contributions, live, dead)]


def take_rake(pots: Sequence[Pot], rake: int) -> list[Pot]:
    """Return the pots after taking ``rake`` chips, from the main pot first.

    >>> take_rake([Pot(3, (0, 1)), Pot(10, (1, 2))], 5)
    [Pot(amount=0, eligible=(0, 1)), Pot(amount=8, eligible=(1, 2))]
    """
    return [Pot(*pot) for pot in _hand.raked(list(pots), rake)]


def pot_winners(pot: Pot, ranks: Sequence[int]) -> list[int]:
    """Return the eligible seats holding the best rank (higher is stronger), in seat order.

    >>> pot_winners(Pot(10, (0, 2, 3)), [50, 99, 50, 10])
    [0, 2]
    """
    return _hand.winners_of(pot.eligible, ranks)


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
    return _hand.awarded(list(pots), boards, order, odd_chip is OddChip.POKERKIT)
