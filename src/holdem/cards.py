"""Cards as small integers, and their text form.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, with ranks from deuce
(0) to ace (12) and suits in the order clubs, diamonds, hearts, spades.

>>> parse_card("As"), parse_card("2c"), parse_card("10d")
(51, 0, 33)
>>> card_name(51)
'As'
>>> parse_cards("AsKd 7h")
(51, 45, 22)
>>> format_cards((51, 45, 22))
'AsKd7h'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeAlias, Union

from holdem import _core
from holdem._core import Deck, Rng
from holdem.limits import integer
from holdem.errors import CardCountError, DuplicateCardError, InvalidCardError

__all__ = [
    "Card",
    "CardsLike",
    "CARD_NAMES",
    "RANKS",
    "SUITS",
    "Deck",
    "Rng",
    "card_name",
    "format_cards",
    "parse_card",
    "parse_cards",
]

Card: TypeAlias = int
CardsLike: TypeAlias = Union[str, Iterable[Union[str, int]]]

RANKS = "23456789TJQKA"
SUITS = "cdhs"
CARD_NAMES: tuple[str, ...] = tuple(rank + suit for rank in RANKS for suit in SUITS)

_CARD_HELP = "expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit (c, d, h, s)"
_CODES: dict[str, int] = {}
for _code, _name in enumerate(CARD_NAMES):
    for _rank in {_name[0], _name[0].lower()} | ({"10"} if _name[0] == "T" else set()):
        for _suit in (_name[1], _name[1].upper()):
            _CODES[_rank + _suit] = _code
del _code, _name, _rank, _suit


def parse_card(card: str | int) -> Card:
    """Return the code of one card given as text (``"Td"``, ``"10d"``) or as a code.

    Integers of any type (numpy's too) are codes; a bool is not a card.

    >>> import numpy
    >>> parse_card("Td") == parse_card("10d") == parse_card(33) == parse_card(numpy.uint8(33)) == 33
    True
    >>> parse_card(True)
    Traceback (most recent call last):
    ...
    TypeError: card True: give a card as text such as 'As' or as a code 0 to 51, not a bool

    :raises InvalidCardError: for text or a code that names no card.
    :raises TypeError: for anything that is neither text nor an integer.
    """
    if type(card) is int and 0 <= card < 52:
        return card
    if isinstance(card, str):
        code = _CODES.get(card.strip())
        if code is not None:
            return code
        raise InvalidCardError(f"invalid card {card!r}: {_CARD_HELP}")
    try:
        code = integer(card, "card")
    except TypeError:
        raise TypeError(
            f"card {card!r}: give a card as text such as 'As' or as a code 0 to 51, not a {type(card).__name__}"
        ) from None
    if 0 <= code < 52:
        return code
    raise InvalidCardError(f"invalid card code {card!r}: card codes are 0 to 51")


def card_name(card: Card) -> str:
    """Return the two-character name of a card code.

    >>> card_name(0), card_name(33)
    ('2c', 'Td')
    """
    if not isinstance(card, str):
        return CARD_NAMES[parse_card(card)]
    raise InvalidCardError(f"invalid card code {card!r}: card codes are 0 to 51")


def _split_text(text: str) -> list[str]:
    compact = "".join(text.replace(",", " ").split())
    tokens = []
    position = 0
    while position < len(compact):
        width = 3 if compact.startswith("10", position) else 2
        tokens.append(compact[position : position + width])
        position += width
    return tokens


def parse_cards(cards: CardsLike, *, count: int | None = None) -> tuple[Card, ...]:
    """Return the codes of distinct cards given as text or as an iterable of cards.

    Text may run the cards together or separate them with spaces or commas.
    With ``count``, exactly that many cards are required.

    >>> parse_cards("As Kd 7h") == parse_cards("AsKd7h") == parse_cards(["As", 45, "7h"])
    True
    >>> parse_cards("AsAs")
    Traceback (most recent call last):
    ...
    holdem.errors.DuplicateCardError: duplicate card 'As' in 'AsAs': each card may appear once
    """
    items: Iterable[str | int]
    if isinstance(cards, str):
        items = _split_text(cards)
    elif type(cards) is tuple or type(cards) is list or isinstance(cards, Iterable):  # the ABC check is slow
        items = cards
    else:
        raise TypeError(f"cards {cards!r}: give text such as 'AsKd' or an iterable of cards")
    codes = tuple([parse_card(item) for item in items])
    if len(set(codes)) != len(codes):
        seen: set[int] = set()
        duplicate = next(code for code in codes if code in seen or seen.add(code))  # type: ignore[func-returns-value]
        raise DuplicateCardError(
            f"duplicate card {CARD_NAMES[duplicate]!r} in {cards!r}: each card may appear once"
        )
    if count is not None and len(codes) != count:
        raise CardCountError(f"expected {count} cards, got {len(codes)}: {cards!r}")
    return codes


def format_cards(cards: Iterable[Card], sep: str = "") -> str:
    """Return the text form of card codes, joined by ``sep``.

    >>> format_cards([51, 45], " ")
    'As Kd'
    """
    return sep.join(card_name(card) for card in cards)


_core._set_card_reader(parse_cards, CARD_NAMES)
