"""Hand ranks, their categories and plain-English descriptions.

:func:`holdem.evaluate` returns a plain ``int`` for speed; wrap it in
:class:`HandRank` to read it.

>>> from holdem import evaluate
>>> rank = HandRank(evaluate("Kh Kd Ks 3c 3d 9s 2h"))
>>> rank.category
<Category.FULL_HOUSE: 6>
>>> rank.describe()
'Full House, Kings over Threes'
>>> rank
HandRank(7274)
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Sequence
from itertools import combinations

from holdem._core import class_score, evaluate
from holdem.cards import Card, CardsLike, parse_cards

__all__ = ["Category", "HandRank", "best_five"]

_SINGULAR = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
             "Jack", "Queen", "King", "Ace")
_PLURAL = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
           "Jacks", "Queens", "Kings", "Aces")


class Category(enum.IntEnum):
    """The nine categories of poker hands, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def title(self) -> str:
        """The category's name, as in ``'Three of a Kind'``."""
        return self.name.replace("_", " ").title().replace(" Of A ", " of a ")


class HandRank(int):
    """A hand's rank, 1 (7-5-4-3-2) to 7462 (royal flush); higher is stronger.

    >>> HandRank(1).describe(), HandRank(7462).describe()
    ('High Card, Seven-Five-Four-Three-Two', 'Royal Flush')
    >>> HandRank(0)
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidRankError: rank 0: a hand rank is an integer from 1 to 7462
    """

    __slots__ = ()

    def __new__(cls, rank: int) -> HandRank:
        class_score(rank)  # InvalidRankError unless an integer from 1 to 7462, TypeError unless a number
        return super().__new__(cls, operator.index(rank))

    def __repr__(self) -> str:
        return f"HandRank({int(self)})"

    @property
    def category(self) -> Category:
        """The category of the hand."""
        return Category(class_score(self) >> 20)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The ranks (0 = deuce .. 12 = ace) that decide ties, most significant first.

        >>> HandRank(7274).ranks  # kings full of threes
        (11, 1)
        """
        score = class_score(self)
        count = {0: 5, 1: 4, 2: 3, 3: 3, 4: 1, 5: 5, 6: 2, 7: 2, 8: 1}[score >> 20]
        return tuple(score >> (16 - 4 * i) & 15 for i in range(count))

    def describe(self) -> str:
        """Describe the hand in plain English, as a card room would name it.

        The description names every card that decides ties, so two hands
        of different ranks are never described alike.

        >>> HandRank(2154).describe()
        'Pair, Fives, Ace-King-Nine kickers'
        >>> HandRank(evaluate("Ad Kd 9d 6d 4d")).describe(), HandRank(evaluate("Ad Kd 9d 6d 3d")).describe()
        ('Flush, Ace-King-Nine-Six-Four', 'Flush, Ace-King-Nine-Six-Three')
        """
        category = self.category
        high, *rest = self.ranks
        if category is Category.STRAIGHT_FLUSH and high == 12:
            return "Royal Flush"
        if category is Category.FULL_HOUSE:
            return f"Full House, {_PLURAL[high]} over {_PLURAL[rest[0]]}"
        if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
            return f"{category.title}, {_SINGULAR[high]} high"
        if category in (Category.HIGH_CARD, Category.FLUSH):
            return f"{category.title}, {_cards_named(self.ranks)}"
        if category is Category.TWO_PAIR:
            made = f"{_PLURAL[high]} and {_PLURAL[rest.pop(0)]}"
        else:
            made = _PLURAL[high]
        kickers = "kicker" if len(rest) == 1 else "kickers"
        return f"{category.title}, {made}, {_cards_named(rest)} {kickers}"


def _cards_named(ranks: Sequence[int]) -> str:
    return "-".join(_SINGULAR[rank] for rank in ranks)


def best_five(cards: CardsLike) -> tuple[Card, ...]:
    """Return the best five of 5 to 7 cards, the cards that decide ties first.

    >>> from holdem import format_cards
    >>> format_cards(best_five("3d Kh 3c Ks 9s Kd 2h"), " ")
    'Kh Ks Kd 3d 3c'
    >>> format_cards(best_five("Ah 2c 3d 4s 5h Kd Qd"), " ")
    '5h 4s 3d 2c Ah'
    """
    codes = parse_cards(cards)
    evaluate(codes)  # checks the count
    best = max(combinations(codes, 5), key=evaluate)
    if HandRank(evaluate(best)).ranks[0] == 3 and any(c >> 2 == 12 for c in best):
        return tuple(sorted(best, key=lambda c: ((c >> 2) + 1) % 13, reverse=True))  # the wheel
    counts = {rank: sum(1 for c in best if c >> 2 == rank) for rank in {c >> 2 for c in best}}
    return tuple(sorted(best, key=lambda c: (counts[c >> 2], c >> 2), reverse=True))
