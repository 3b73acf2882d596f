"""The limits every part of holdem checks, and the checks themselves, in one place.

Chips are 64-bit integers in the core: three times the chips at a table (a
pot-limit raise) must fit, so a table holds at most :data:`MAX_CHIPS`.  A hand
seats :data:`MIN_PLAYERS` to :data:`MAX_PLAYERS` players.

>>> chip_count(6, "ante", ValueError)
6
>>> chip_count(-1, "ante", ValueError)
Traceback (most recent call last):
...
ValueError: ante -1: use a whole number of chips from 0 to 2**60
"""

from __future__ import annotations

import operator

__all__ = ["MAX_CHIPS", "MAX_PLAYERS", "MIN_PLAYERS", "chip_count", "integer"]

MAX_CHIPS = 2**60
"""The most chips a rule may name, a stack hold or a table hold: the betting arithmetic is 64-bit."""

MIN_PLAYERS = 2
"""The fewest players a hand deals to."""

MAX_PLAYERS = 10
"""The most players a hand deals to (the seeds' tables seat nine or ten)."""


def integer(value: object, name: str) -> int:
    """``value`` as an ``int``: any integer type (anything with ``__index__``) but ``bool``.

    >>> import numpy
    >>> integer(numpy.int64(6), "amount")
    6
    >>> integer(6.0, "amount")
    Traceback (most recent call last):
    ...
    TypeError: amount 6.0: use an integer (chips are whole numbers)

    :raises TypeError: for anything else, naming ``name``.
    """
    if type(value) is int:
        return value
    if not isinstance(value, bool):
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            pass
    whole = " (chips are whole numbers)" if name == "amount" else ""
    raise TypeError(f"{name} {value!r}: use an integer{whole}")


def chip_count(value: object, name: str, error: type[ValueError], least: int = 0) -> int:
    """``value`` as a whole number of chips from ``least`` to :data:`MAX_CHIPS`.

    :raises error: (the caller's :class:`~holdem.errors.HoldemError` subclass) for a number out of range.
    :raises TypeError: for a value that is not an integer.
    """
    chips = integer(value, name)
    if not least <= chips <= MAX_CHIPS:
        raise error(f"{name} {value!r}: use a whole number of chips from {least} to 2**60")
    return chips
