"""The checks of what a hand is dealt from: stacks, posts, straddles, table seats and cards.

:class:`~holdem.hand.Hand` takes its arguments through these (its core reads the
usual forms itself and asks these for any other, or for the message of a problem).

>>> checked_stacks([100, 50])
[100, 50]
>>> _card_layout((1, 0), None, None, ["AsAd", "KcKd"], None)  # seat 1 left of the button gets the first card
(44, 51, 45, 49)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence

from holdem._core import Deck
from holdem.cards import Card, CardsLike, format_cards, parse_cards
from holdem.errors import CardCountError, DuplicateCardError, InvalidHandError
from holdem.limits import MAX_CHIPS, integer
from holdem.rules import Rules

__all__ = ["checked_stacks"]


def _checked_posts(posts: Mapping[int, tuple[int, int]], count: int) -> dict[int, tuple[int, int]]:
    """``posts`` as ``{seat: (live, dead)}`` ints, for a hand of ``count`` seats."""
    if not isinstance(posts, Mapping):
        raise TypeError(f"posts {posts!r}: give a mapping of seats to (live, dead) chips, e.g. {{2: (2, 0)}}")
    checked = {}
    for seat, post in posts.items():
        if isinstance(seat, bool) or not hasattr(type(seat), "__index__") or not 0 <= seat < count:
            raise InvalidHandError(f"posts for seat {seat!r}: seats are 0 to {count - 1}")
        if (
            type(post) is not tuple
            or len(post) != 2
            or not all(not isinstance(chips, bool) and hasattr(type(chips), "__index__") for chips in post)
            or min(post) < 0
        ):
            raise InvalidHandError(f"posts {post!r} at seat {seat}: give (live, dead) chips")
        checked[operator.index(seat)] = (operator.index(post[0]), operator.index(post[1]))
    return checked


def checked_stacks(stacks: Sequence[int]) -> list[int]:
    """Return ``stacks`` as a list of ints, or raise :class:`InvalidHandError` for a stack a hand refuses."""
    stacks = list(stacks)
    for seat, stack in enumerate(stacks):
        if type(stack) is not int:
            if isinstance(stack, bool) or not hasattr(type(stack), "__index__"):
                raise InvalidHandError(f"stack {stack!r} at seat {seat}: stacks are integers of chips")
            stacks[seat] = stack = operator.index(stack)
        if stack < 1:
            raise InvalidHandError(f"stack {stack!r} at seat {seat}: every seat needs at least 1 chip")
    if sum(stacks) > MAX_CHIPS:
        raise InvalidHandError(f"stacks {stacks!r}: the chips at the table may add up to at most 2**60")
    return stacks


def _hand_straddles(rules: Rules, count: int, straddles: Sequence[int] | None) -> tuple[int, ...]:
    """The straddles of a hand (the rules' when they are forced, else those chosen): positions past
    the table's seats skipped, and no trailing zeros."""
    allowed = rules.straddles_at(count)
    if not rules.voluntary_straddles:
        if straddles is not None:
            raise InvalidHandError(f"straddles {straddles!r}: these rules force their straddles {allowed}")
        return allowed
    chosen = tuple(integer(amount, "straddle") for amount in straddles or ())
    for position, amount in enumerate(chosen[: count - 2]):  # positions past the table's seats are skipped
        if amount and (position >= len(allowed) or amount != allowed[position]):
            raise InvalidHandError(
                f"straddles {chosen!r}: each is 0 or what the rules allow at its position at {count} players, "
                f"{allowed}"
            )
    chosen = chosen[: count - 2]
    while chosen and not chosen[-1]:
        chosen = chosen[:-1]
    return chosen


def _straddle_seats(rules: Rules, count: int, big_blind: int) -> dict[int, tuple[int, int]]:
    """The seats in a straddle position of a hand of ``count`` players, the big blind at seat ``big_blind``:
    ``{seat: (position, amount)}``.  Position 0 is the seat after the big blind, the next clockwise after
    it; the positions are :meth:`Rules.straddles_at` ``count``, the button straddle's the button's.

    >>> _straddle_seats(Rules.no_limit(1, 2, straddles=(4, 8, 16)), 4, 3)
    {0: (0, 4), 1: (1, 8)}
    >>> _straddle_seats(Rules.no_limit(1, 2, button_straddle=4), 6, 1)
    {5: (3, 4)}
    """
    allowed = rules.straddles_at(count)
    return {(big_blind + 1 + position) % count: (position, amount) for position, amount in enumerate(allowed) if amount}


def _checked_table_seats(table_seats: Sequence[int], count: int) -> tuple[int, ...]:
    seats = tuple(integer(seat, "table seat") for seat in table_seats)
    if len(seats) != count or len(set(seats)) != count or min(seats) < 0:
        raise InvalidHandError(f"table_seats {list(table_seats)!r}: give {count} different seats from 0, one per seat")
    return seats


def _card_layout(
    order: tuple[int, ...],
    seed: int | None,
    deck: CardsLike | None,
    hole_cards: Sequence[CardsLike | None] | None,
    board: CardsLike | None,
) -> tuple[Card, ...]:
    """Return the cards in dealing order: holes (two rounds), then burn and board cards.

    Cards not known (burn cards, hole cards given as ``None``) are -1.
    """
    count = len(order)
    if hole_cards is None:
        if board is not None:
            raise InvalidHandError("a board was given without hole_cards: give both, or a deck")
        if deck is None:
            return Deck(seed).deal(52)
        if seed is not None:
            raise InvalidHandError("give a seed or a deck, not both")
        cards = parse_cards(deck)
        if len(cards) < 2 * count:
            raise CardCountError(
                f"a deck of {len(cards)} cards: {count} players need at least {2 * count} "
                "(and 8 more for a full board)"
            )
        return cards
    if deck is not None or seed is not None:
        raise InvalidHandError("give hole_cards (and board), a deck, or a seed: only one source")
    if len(hole_cards) != count:
        raise CardCountError(f"{len(hole_cards)} pairs of hole cards for {count} players: give one per seat")
    pairs = [(-1, -1) if cards is None else parse_cards(cards, count=2) for cards in hole_cards]
    board_cards = () if board is None else parse_cards(board)
    if len(board_cards) not in (0, 3, 4, 5):
        raise CardCountError(f"a board of {len(board_cards)} cards: give 0, 3, 4 or 5")
    seen = [card for pair in pairs for card in pair if card >= 0] + list(board_cards)
    if len(set(seen)) != len(seen):
        raise DuplicateCardError(f"cards {format_cards(seen, ' ')!r} repeat a card: each card may appear once")
    layout = [pairs[seat][0] for seat in order] + [pairs[seat][1] for seat in order]
    for start, stop in ((0, 3), (3, 4), (4, 5)):
        if len(board_cards) >= stop:
            layout += [-1, *board_cards[start:stop]]
    return tuple(layout)
