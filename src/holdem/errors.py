"""The exceptions of :mod:`holdem`.

Every error the library raises on purpose is a :class:`HoldemError`.  Errors
caused by bad input are also :class:`ValueError`, so code that already catches
``ValueError`` keeps working.

>>> import holdem
>>> try:
...     holdem.parse_card("Xx")
... except holdem.InvalidCardError as error:
...     print(error)
invalid card 'Xx': expected a rank (2-9, T or 10, J, Q, K, A) followed by a suit (c, d, h, s)
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Sequence


class HoldemError(Exception):
    """Base class of every error raised by :mod:`holdem`."""


class InvalidRankError(HoldemError, ValueError):
    """A hand rank outside 1 (7-5-4-3-2 high) to 7462 (royal flush)."""


class InvalidCardError(HoldemError, ValueError):
    """A card (text or code) that does not name one of the 52 cards."""


class DuplicateCardError(InvalidCardError):
    """The same card appears twice where all cards must be distinct."""


class CardCountError(HoldemError, ValueError):
    """A wrong number of cards (for example 4 cards given to the evaluator)."""


class InvalidArrayError(HoldemError, ValueError):
    """A numpy array of card codes with the wrong dtype, shape or contents."""


class InvalidSeedError(HoldemError, ValueError):
    """A seed outside 0 to 2**64 - 1 (a seed that is not an integer is a ``TypeError``)."""


class RngError(HoldemError, ValueError):
    """A random generator asked for what it cannot give: a bound outside 1 to 2**32, too many streams or rows."""


class DeckError(HoldemError, ValueError):
    """Asking a deck for more cards than it holds, or for a card it does not hold."""


class InvalidRulesError(HoldemError, ValueError):
    """Rules (or a table for them) that cannot be played: bad amounts, options or player counts."""


class InvalidHandError(HoldemError, ValueError):
    """A hand that cannot be set up: a stack below 1 chip, a button off the table, clashing card sources."""


class IllegalActionError(HoldemError, ValueError):
    """An action the rules do not allow now: out of turn, a wrong amount, or after the hand ended."""


class InvalidRangeError(HoldemError, ValueError):
    """Range notation that cannot be read."""


class EmptyRangeError(InvalidRangeError):
    """A range left with no combo once known cards are removed."""


class EquityError(HoldemError, ValueError):
    """Arguments to :func:`equity` that describe no deal: player, sample or thread counts."""


class IsomorphismError(HoldemError, ValueError):
    """A bad layout, street, index or bucket count for hand indexing, or a feature table file that does not match."""


class AgentError(HoldemError):
    """An agent that raised an exception or chose an action the rules do not allow; the message names both."""


class MatchError(HoldemError, ValueError):
    """Arguments that describe no match: too few agents, a bad hand count, a bad option."""


class TableError(HoldemError, ValueError):
    """A table operation that is not allowed now: during a hand, after the session ended, too few players."""


class SeatError(TableError):
    """A seat off the table or already taken, or a player name unknown or already seated."""


class BuyInError(TableError):
    """Chips brought to the table outside the buy-in limits."""


class TournamentError(HoldemError, ValueError):
    """A tournament set up or played in a way the rules do not allow."""


class RebuyError(TournamentError):
    """A rebuy outside the rebuy period, above the stack threshold or past the allowed count."""


class InvalidHistoryError(HoldemError, ValueError):
    """A hand history that cannot be read or replayed, or a hand that PHH cannot record."""


class AivatError(HoldemError, ValueError):
    """A value function for AIVAT that raised, or answered other than one finite number a seat."""


class StatsError(HoldemError, ValueError):
    """A record :func:`holdem.stats.summarize` cannot count: not a finished hand, or names that do not fit its seats."""


class AcpcError(HoldemError, ValueError):
    """ACPC text that cannot be read (a game definition, match state or log line), or a game holdem cannot play."""


def real_number(value: object, error: type[HoldemError], message: str) -> float:
    """Return ``value`` as a finite ``float`` if it is a real number (not a bool).

    NaN and the infinities raise ``error``, any other type ``TypeError``, both with ``message``.

    >>> real_number(1800, HoldemError, "fee_period: use seconds")
    1800.0
    >>> real_number("soon", HoldemError, "end_time 'soon': use a clock reading")
    Traceback (most recent call last):
    ...
    TypeError: end_time 'soon': use a clock reading
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(message)
    number = float(value)
    if not math.isfinite(number):
        raise error(message)
    return number


def check_type(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Raise ``TypeError`` naming ``what`` and the type wanted unless ``value`` is a ``kind``.

    >>> check_type("GAMEDEF", str, "the game definition")
    >>> check_type(None, str, "the game definition")
    Traceback (most recent call last):
    ...
    TypeError: the game definition: use a str, got NoneType
    """
    if not isinstance(value, kind):
        names = " or ".join(wanted.__name__ for wanted in (kind if isinstance(kind, tuple) else (kind,)))
        raise TypeError(f"{what}: use a {names}, got {type(value).__name__}")


def name_list(names: object, what: str) -> list[str]:
    """``names`` as a list if it is a sequence of player names, strings (a string itself is not one).

    >>> name_list(("ann", "bob"), "names")
    ['ann', 'bob']
    >>> name_list("abc", "names")
    Traceback (most recent call last):
    ...
    TypeError: names 'abc': give a sequence of player names (strings), e.g. ['ann', 'bob']
    """
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence) or not all(
        isinstance(name, str) for name in names
    ):
        raise TypeError(f"{what} {names!r}: give a sequence of player names (strings), e.g. ['ann', 'bob']")
    return list(names)
