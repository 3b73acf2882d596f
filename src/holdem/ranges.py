"""Hand ranges: the usual notation, weighted combos, the 13x13 grid.

A combo is a pair of card codes, higher code first.  A range maps combos to
weights from 0.000001 to 1; a weight below 1 means the hand is held that
fraction of the time (the floor keeps the product of ten players' weights a
normal float).  Items are separated by commas or spaces:

========================  ===============================================
``AsKs``                  one combo
``QQ``, ``AKs``, ``AKo``  a class: 6 pairs, 4 suited, 12 offsuit combos
``AK``                    suited and offsuit: 16 combos
``QQ+``                   QQ, KK, AA
``KTo+``                  KTo, KJo, KQo (the kicker climbs to one below)
``22-55``, ``A5s-A2s``    every class between the two, ends included
``T9s-76s``               T9s, 98s, 87s, 76s (both ranks step together)
``15%``                   the strongest classes holding about 15% of combos
``random`` (or ``any``)   all 1,326 combos
``AKs:0.5``               any item with a weight
========================  ===============================================

A combo named twice takes the weight of the last item that names it.

>>> r = HandRange("QQ+, AKs, AKo:0.5")
>>> len(r), len(r.combos(dead="Kh"))
(34, 27)
>>> len(HandRange("random"))
1326
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from holdem.cards import RANKS, Card, CardsLike, parse_cards
from holdem.errors import EmptyRangeError, InvalidCardError, InvalidRangeError

__all__ = [
    "CLASS_GRID",
    "Combo",
    "EmptyRangeError",
    "HandRange",
    "InvalidRangeError",
    "class_combos",
    "hand_class",
]

Combo = tuple[Card, Card]


# The grid: row and column 0 are aces.  Pairs lie on the diagonal, suited
# classes above it (row = high rank), offsuit classes below it.
CLASS_GRID: tuple[tuple[str, ...], ...] = tuple(
    tuple(
        RANKS[12 - row] * 2
        if row == column
        else RANKS[12 - min(row, column)] + RANKS[12 - max(row, column)] + ("s" if row < column else "o")
        for column in range(13)
    )
    for row in range(13)
)

# The 169 classes from strongest to weakest by equity against one random hand.
_STRENGTH_ORDER = """
AA KK QQ JJ TT 99 88 AKs 77 AQs AJs AKo ATs AQo AJo KQs 66 A9s ATo KJs A8s KTs KQo A7s A9o KJo
55 QJs K9s A5s A6s A8o KTo QTs A4s A7o K8s A3s QJo K9o A5o A6o Q9s K7s JTs A2s QTo 44 A4o K6s
K8o Q8s A3o K5s J9s Q9o JTo K7o A2o K4s Q7s K6o K3s T9s J8s 33 Q6s Q8o K5o J9o K2s Q5s T8s K4o
J7s Q4s Q7o T9o J8o K3o Q6o Q3s 98s T7s J6s K2o 22 Q2s Q5o J5s T8o J7o Q4o 97s J4s T6s J3s Q3o
98o 87s T7o J6o 96s J2s Q2o T5s J5o T4s 97o 86s J4o T6o 95s T3s 76s J3o 87o T2s 85s 96o J2o
T5o 94s 75s T4o 93s 86o 65s 84s 95o T3o 92s 76o 74s T2o 54s 85o 64s 83s 94o 75o 82s 73s 93o
65o 53s 63s 84o 92o 43s 74o 72s 54o 64o 52s 62s 83o 42s 82o 73o 53o 63o 32s 43o 72o 52o 62o
42o 32o
""".split()

_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)")
_NUMBER = re.compile(r"(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")  # ASCII digits only
MIN_WEIGHT = 1e-6
_NOTATION_HELP = (
    "expected items like 'QQ+', 'AKs', 'KTo+', 'A5s-A2s', 'T9s-76s', '22-55', 'AsKs', "
    "'15%' or 'random', each optionally weighted as in 'AKs:0.5'"
)


def _combo(first: Card, second: Card) -> Combo:
    return (first, second) if first > second else (second, first)


def class_combos(name: str) -> tuple[Combo, ...]:
    """Return the combos of a class such as ``"AKs"``, ``"T9o"``, ``"QQ"`` or ``"AK"``.

    >>> len(class_combos("QQ")), len(class_combos("AKs")), len(class_combos("AKo")), len(class_combos("AK"))
    (6, 4, 12, 16)
    """
    if not isinstance(name, str):
        raise TypeError(f"a hand class is text such as 'AKs', got {name!r}")
    match = _CLASS.fullmatch(name.strip())
    if not match:
        raise InvalidRangeError(f"invalid hand class {name!r}: expected two ranks and 's', 'o' or nothing")
    high, low, kind = RANKS.index(match[1]), RANKS.index(match[2]), match[3]
    if high == low and kind:
        raise InvalidRangeError(f"invalid hand class {name!r}: a pair is neither suited nor offsuit")
    return tuple(
        _combo(high * 4 + suit, low * 4 + other)
        for suit in range(4)
        for other in range(4)
        if (suit < other if high == low else (suit == other) == (kind == "s") or not kind)
    )


def hand_class(combo: Iterable[Card | str]) -> str:
    """Return the class of two cards, as named in :data:`CLASS_GRID`.

    >>> hand_class("Ah Kh"), hand_class([51, 46]), hand_class("7c7d")
    ('AKs', 'AKo', '77')
    """
    first, second = sorted(parse_cards(combo, count=2), reverse=True)
    high, low = RANKS[first // 4], RANKS[second // 4]
    if high == low:
        return high + low
    return high + low + ("s" if first % 4 == second % 4 else "o")


_CLASS_COMBOS = {name: class_combos(name) for row in CLASS_GRID for name in row}
_CLASS_COMBOS.update({name[:2]: class_combos(name[:2]) for name in _STRENGTH_ORDER if name.endswith("s")})


def _rank_pairs(text: str) -> list[str]:
    """The class names of one item of notation, without weight."""
    lowered = text.lower()
    if lowered in ("random", "any"):
        return list(_CLASS_COMBOS)
    if text.endswith("%"):
        percent = float(text[:-1]) if _NUMBER.fullmatch(text[:-1]) else -1.0
        if not 0 < percent <= 100:
            raise InvalidRangeError(f"invalid range item {text!r}: a percentage runs from 0 (excluded) to 100")
        names, total = [], 0
        for name in _STRENGTH_ORDER:
            if total >= percent / 100 * 1326:
                break
            names.append(name)
            total += len(_CLASS_COMBOS[name])
        return names
    if "-" in text:
        return _span(text)
    plus = text.endswith("+")
    match = _CLASS.fullmatch(_upper_ranks(text[:-1] if plus else text))
    if not match:
        raise InvalidRangeError(f"invalid range item {text!r}: {_NOTATION_HELP}")
    high, low, kind = _class_parts(match)
    if high == low and kind:
        raise InvalidRangeError(f"invalid range item {text!r}: a pair is neither suited nor offsuit")
    if not plus:
        return [_name(high, low, kind)]
    if high == low:
        return [_name(rank, rank, kind) for rank in range(low, 13)]
    return [_name(high, kicker, kind) for kicker in range(low, high)]


def _class_parts(match: re.Match[str]) -> tuple[int, int, str]:
    """The higher rank, the lower rank and the kind ("s", "o" or "") of a class matched by ``_CLASS``."""
    high, low = sorted((RANKS.index(match[1]), RANKS.index(match[2])), reverse=True)
    return high, low, match[3]


def _upper_ranks(text: str) -> str:
    return text[:2].upper() + text[2:]


def _name(high: int, low: int, kind: str) -> str:
    return RANKS[high] + RANKS[low] + ("" if high == low else kind)


def _span(text: str) -> list[str]:
    ends = []
    for end in text.split("-"):
        match = _CLASS.fullmatch(_upper_ranks(end.strip()))
        if not match:
            raise InvalidRangeError(f"invalid range item {text!r}: {_NOTATION_HELP}")
        ends.append(_class_parts(match))
        if ends[-1][0] == ends[-1][1] and match[3]:
            raise InvalidRangeError(f"invalid span {text!r}: a pair is neither suited nor offsuit")
    if len(ends) != 2:
        raise InvalidRangeError(f"invalid range item {text!r}: a span has two ends, as in 'A5s-A2s'")
    (high1, low1, kind1), (high2, low2, kind2) = ends
    if kind1 != kind2:
        raise InvalidRangeError(f"invalid span {text!r}: both ends must be suited, offsuit or neither")
    if high1 == low1 and high2 == low2:
        return [_name(rank, rank, "") for rank in range(min(low1, low2), max(low1, low2) + 1)]
    if high1 == high2 and high1 not in (low1, low2):
        return [_name(high1, kicker, kind1) for kicker in range(min(low1, low2), max(low1, low2) + 1)]
    if high1 - low1 == high2 - low2 and high1 != low1:
        return [_name(high, high - (high1 - low1), kind1) for high in range(min(high1, high2), max(high1, high2) + 1)]
    raise InvalidRangeError(
        f"invalid span {text!r}: the ends must be pairs ('22-55'), share their first rank ('A5s-A2s') "
        "or their gap ('T9s-76s')"
    )


class HandRange:
    """A range of two-card hands parsed from the usual notation (see :mod:`holdem.ranges`).

    >>> HandRange("AKs, QQ+:0.5")
    HandRange('AKs, QQ+:0.5')
    >>> HandRange("AKs").grid()[0][1], HandRange("AKs:0.5").grid()[0][1]
    (1.0, 0.5)
    """

    __slots__ = ("_text", "_weights", "_table")

    def __init__(self, text: str):
        if not isinstance(text, str):
            raise TypeError(f"a range is written as text, got {text!r}")
        weights: dict[Combo, float] = {}
        items = text.replace(",", " ").split()
        if not items:
            raise InvalidRangeError(f"empty range {text!r}: {_NOTATION_HELP}")
        for item in items:
            body, colon, weight_text = item.partition(":")
            if not body:
                raise InvalidRangeError(f"invalid range item {item!r}: {_NOTATION_HELP}")
            weight = 1.0
            if colon:
                weight = float(weight_text) if _NUMBER.fullmatch(weight_text) else -1.0
                if not MIN_WEIGHT <= weight <= 1:
                    raise InvalidRangeError(
                        f"invalid weight in {item!r}: a weight is a number from {MIN_WEIGHT:g} to 1"
                    )
            for combo in self._item_combos(body):
                weights[combo] = weight
        self._text = text
        self._weights = dict(sorted(weights.items(), reverse=True))  # in the order combos() gives them
        self._table: list[tuple[Card, Card, float]] | None = None

    @staticmethod
    def _item_combos(body: str) -> list[Combo]:
        if len(body) == 4:
            try:
                first, second = parse_cards(body, count=2)
            except InvalidCardError:
                pass
            else:
                return [_combo(first, second)]
        return [combo for name in _rank_pairs(body) for combo in _CLASS_COMBOS[name]]

    @property
    def text(self) -> str:
        """The notation the range was read from."""
        return self._text

    def __repr__(self) -> str:
        return f"HandRange({self._text!r})"

    def __len__(self) -> int:
        return len(self._weights)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HandRange) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(frozenset(self._weights.items()))

    def weight(self, combo: Iterable[Card | str]) -> float:
        """Return the weight of two cards in the range, 0 if absent.

        >>> HandRange("AKs:0.5").weight("KhAh"), HandRange("AKs").weight("AhKd")
        (0.5, 0)
        """
        first, second = parse_cards(combo, count=2)
        return self._weights.get(_combo(first, second), 0)

    def combos(self, dead: CardsLike = ()) -> tuple[tuple[Combo, float], ...]:
        """Return ``((card, card), weight)`` for each combo holding no card of ``dead``.

        >>> HandRange("AA").combos(dead="AsAh Kc")
        (((49, 48), 1.0),)
        """
        dead_cards = set(parse_cards(dead))
        return tuple(
            (combo, weight)
            for combo, weight in self._weights.items()
            if combo[0] not in dead_cards and combo[1] not in dead_cards
        )

    def _weighted_combos(self) -> list[tuple[Card, Card, float]]:
        """``(card, card, weight)`` for each combo: the form equity's loops take (made once)."""
        if self._table is None:
            self._table = [(first, second, weight) for (first, second), weight in self._weights.items()]
        return self._table

    def grid(self) -> tuple[tuple[float, ...], ...]:
        """Return the 13x13 grid of :data:`CLASS_GRID`: each class's share of its combos in the range.

        >>> HandRange("AKo:0.5, AsKd").grid()[1][0]
        0.5416666666666666
        """
        return tuple(
            tuple(
                sum(self._weights.get(combo, 0) for combo in _CLASS_COMBOS[name]) / len(_CLASS_COMBOS[name])
                for name in row
            )
            for row in CLASS_GRID
        )
