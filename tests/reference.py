"""A slow, plain-Python hand evaluator: the oracle the Cython core must agree with.

It shares nothing with the core: it scores every five-card subset by sorting
ranks, and numbers the 7,462 classes by listing and sorting them.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement


def score_five(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A tuple that orders five-card hands: category first, then ranks by significance."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_high = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_high = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        straight_high = 3
    if straight_high is not None:
        return (8 if flush else 4, straight_high)
    if flush:
        return (5, *ranks)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    ordered = tuple(rank for rank, _ in groups)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(
        tuple(shape), 0
    )
    return (category, *ordered)


@cache
def class_scores() -> dict[tuple[int, ...], int]:
    """Every five-card class's score, numbered 1 (weakest) to 7462.

    One hand stands for each rank multiset in mixed suits, and one more for
    each set of five distinct ranks in a single suit.
    """
    scores = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(Counter(ranks).values()) <= 4:
            scores.add(score_five(tuple(rank * 4 + index % 4 for index, rank in enumerate(ranks))))
            if len(set(ranks)) == 5:
                scores.add(score_five(tuple(rank * 4 for rank in ranks)))
    return {score: number for number, score in enumerate(sorted(scores), start=1)}


def evaluate(cards) -> int:
    """The rank 1..7462 of the best five of 5 to 7 card codes."""
    best = max(score_five(five) for five in combinations(tuple(cards), 5))
    return class_scores()[best]
