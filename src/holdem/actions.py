"""Action records: what happened in a hand, one frozen record per event.

A :class:`~holdem.hand.Hand` appends an :class:`Action` to its ``history`` for
every card dealt, forced bet, player decision, showdown and award, so the
history holds everything a hand history format needs.  :class:`LegalActions`
says what the player to act may do.

>>> Action(ActionKind.RAISE, 3, 60)
Action('raise', 3, 60)
>>> Action(ActionKind.DEAL_BOARD, None, 0, (51, 46, 22))
Action('deal-board', None, 0, (51, 46, 22))
>>> Action(ActionKind.FOLD, 2).kind is ActionKind.FOLD
True
"""

from __future__ import annotations

import enum
import re
from typing import NamedTuple

from holdem.errors import IllegalActionError
from holdem.limits import integer

__all__ = ["Action", "ActionKind", "IllegalActionError", "LegalActions", "read_decision"]


class ActionKind(str, enum.Enum):
    """The kinds of :class:`Action`.

    Player decisions: ``FOLD``, ``CHECK``, ``CALL`` (amount: chips put in),
    ``BET`` and ``RAISE`` (amount: the total bet for the street, "raise to").
    Dealer events: ``DEAL_HOLE`` and ``DEAL_BOARD`` (cards; when the board is
    run more than once, ``amount`` numbers the run from 0), ``POST_ANTE`` and
    ``POST_BLIND`` (blinds, straddles and live posts), ``POST_DEAD`` (a dead
    blind, straight into the pot), ``RETURN`` (an uncalled bet given
    back), ``SHOW`` and ``MUCK`` at showdown, ``RAKE`` and ``WIN`` (chips
    awarded to a seat from the pot).  ``EXPOSE``: a hole card exposed in the
    deal (cards), replaced from the top of the deck and burned; amount is its
    place in the seat's pair.  ``MISDEAL``: the hand is void, every chip back.
    ``RUNS``: when the players all in
    agree on the runs of the board, the runs a seat asks for (amount), then
    the dealer's record (seat ``None``) of the runs dealt.
    """

    DEAL_HOLE = "deal-hole"
    DEAL_BOARD = "deal-board"
    POST_ANTE = "post-ante"
    POST_BLIND = "post-blind"
    POST_DEAD = "post-dead"
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RETURN = "return"
    RUNS = "runs"
    EXPOSE = "expose"
    MISDEAL = "misdeal"
    SHOW = "show"
    MUCK = "muck"
    RAKE = "rake"
    WIN = "win"


class _ActionFields(NamedTuple):
    kind: ActionKind
    seat: int | None
    amount: int = 0
    cards: tuple[int, ...] = ()


class Action(_ActionFields):
    """One event of a hand: its kind, the seat (``None`` for the dealer), an amount, cards.

    The kind may be given as its text, as the repr shows it:

    >>> Action("raise", 2, 10).kind is ActionKind.RAISE
    True
    """

    __slots__ = ()

    def __new__(cls, kind: ActionKind | str, seat: int | None, amount: int = 0, cards: tuple[int, ...] = ()) -> Action:
        if kind.__class__ is not ActionKind:
            kind = _kind(kind)
        return tuple.__new__(cls, (kind, seat, amount, cards))

    def __repr__(self) -> str:
        fields = [repr(self.kind.value), repr(self.seat)]
        if self.amount or self.cards:
            fields.append(repr(self.amount))
        if self.cards:
            fields.append(repr(self.cards))
        return f"Action({', '.join(fields)})"


def _kind(text: object) -> ActionKind:
    """The kind an action's text names."""
    if not isinstance(text, str):
        raise TypeError(f"an action's kind is an ActionKind or its text, not {type(text).__name__}")
    try:
        return ActionKind(text)
    except ValueError:
        names = ", ".join(kind.value for kind in ActionKind)
        raise IllegalActionError(f"unknown action kind {text!r}: use one of {names}") from None


class LegalActions(NamedTuple):
    """What the player to act may do.

    ``call`` is the chips needed to call (0 when the player can check);
    ``min_raise_to`` and ``max_raise_to`` bound a bet or raise, stated as the
    total for the street, and are ``None`` when the player may not bet or raise.
    ``current_bet`` is the highest bet in front of anyone.  In a view of a
    seat whose turn it is not, nothing is legal: no fold, no check, a call of
    0 and no bet or raise, so that :attr:`kinds` is empty.

    >>> legal = LegalActions(seat=2, fold=True, check=False, call=2, current_bet=2,
    ...                      min_raise_to=4, max_raise_to=200)
    >>> [kind.value for kind in legal.kinds]
    ['fold', 'call', 'raise']
    >>> LegalActions(seat=0, fold=False, check=False, call=0, current_bet=2,
    ...              min_raise_to=None, max_raise_to=None).kinds
    ()
    """

    seat: int
    fold: bool
    check: bool
    call: int
    current_bet: int
    min_raise_to: int | None
    max_raise_to: int | None

    @property
    def kinds(self) -> tuple[ActionKind, ...]:
        """The kinds of action allowed, in the order fold, check or call, bet or raise."""
        if not self.check and not self.call:  # not this seat's turn
            return ()
        if self.min_raise_to is None:
            aggressive = 0
        else:
            aggressive = 2 if self.current_bet else 1
        return _KINDS[self.fold][self.check][aggressive]

    def describe(self) -> str:
        """The decisions allowed, in words, with their amounts.

        >>> LegalActions(seat=2, fold=True, check=False, call=2, current_bet=2,
        ...              min_raise_to=4, max_raise_to=200).describe()
        'fold, call 2, or raise to 4 to 200'
        >>> LegalActions(seat=0, fold=False, check=True, call=0, current_bet=0,
        ...              min_raise_to=2, max_raise_to=2).describe()
        'check, or bet 2'
        >>> LegalActions(seat=1, fold=False, check=True, call=0, current_bet=0,
        ...              min_raise_to=None, max_raise_to=None).describe()
        'check'
        """
        if not self.kinds:
            return "nothing: it is not this seat's turn"
        words = ["fold"] if self.fold else []
        words.append("check" if self.check else f"call {self.call}")
        if self.min_raise_to is not None:
            verb = "raise to" if self.current_bet else "bet"
            high = "" if self.max_raise_to == self.min_raise_to else f" to {self.max_raise_to}"
            words.append(f"{verb} {self.min_raise_to}{high}")
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + ", or " + words[-1]


# _KINDS[fold][check][none, bet or raise]
_KINDS = tuple(
    tuple(
        tuple(
            ((ActionKind.FOLD,) if fold else ())
            + (ActionKind.CHECK if check else ActionKind.CALL,)
            + ((), (ActionKind.BET,), (ActionKind.RAISE,))[aggressive]
            for aggressive in range(3)
        )
        for check in (False, True)
    )
    for fold in (False, True)
)


_VERBS = {
    "fold": "fold",
    "f": "fold",
    "check": "check",
    "call": "call",
    "c": "call",
    "checkorcall": "call",
    "bet": "raise",
    "raise": "raise",
    "raiseto": "raise",
    "r": "raise",
    "allin": "all-in",
}
# A word (its parts joined by spaces, hyphens or underscores), then maybe a
# whole number of chips after spaces or underscores: no sign, no gap inside it.
_DECISION = re.compile(r"\s*([a-z]+(?:[ _-]+[a-z]+)*)(?:[ _]*([0-9]+))?\s*", re.ASCII)
_SEPARATORS = re.compile(r"[ _-]+")
# Amounts of more digits than this are more chips than any hand holds (2**60).
_MOST_DIGITS = 19
_VOCABULARY = (
    "use fold, check, call, check_or_call, bet N, raise N, all-in, ('raise', N), "
    "or ACPC's f, c, r<N> (N the seat's chips in the hand)"
)


def read_decision(decision: object, amount: object = None) -> tuple[str, int | None]:
    """Read a decision in any common vocabulary as ``(verb, amount)``.

    The verb is ``"fold"``, ``"check"``, ``"call"`` (a check when there is
    nothing to call), ``"raise"`` (a bet or raise to ``amount`` for the street;
    no amount: the one size allowed), ``"all-in"``, or ``"hand-total"`` (ACPC's
    ``r<N>``: a bet or raise to ``N`` chips put in over the whole hand).
    Words are read in any case, with spaces, hyphens and underscores inside
    them ignored; an amount written after the word is a whole number, with
    no sign.  ``decision`` may be an :class:`ActionKind`, or a pair ``(kind, amount)``.
    ``"r"`` with a number in the text is ACPC's whole-hand total; ``("r", N)``
    is refused, as it reads both ways: say ``("raise", N)`` or ``"r<N>"``.

    >>> read_decision("Raise 10"), read_decision(("bet", 6)), read_decision("r300")
    (('raise', 10), ('raise', 6), ('hand-total', 300))
    >>> read_decision("ALL-IN"), read_decision("check_or_call"), read_decision(ActionKind.FOLD)
    (('all-in', None), ('call', None), ('fold', None))
    >>> read_decision("call", 50)
    Traceback (most recent call last):
    ...
    holdem.errors.IllegalActionError: 'call' takes no amount (50): say 'call' alone, or ('raise', 50) to bet or raise to 50
    >>> read_decision("raise -5")
    Traceback (most recent call last):
    ...
    holdem.errors.IllegalActionError: unknown decision 'raise -5': use fold, check, call, check_or_call, bet N, raise N, all-in, ('raise', N), or ACPC's f, c, r<N> (N the seat's chips in the hand)

    :raises IllegalActionError: for words that are no decision, an amount where none
        belongs, or an amount too large for any hand.
    :raises TypeError: for a decision that is not text, an ``ActionKind`` or a pair, or an
        amount that is not an integer.
    """
    paired_with_none = False
    if type(decision) is tuple and 1 <= len(decision) <= 2 and amount is None:
        if len(decision) == 2:
            decision, amount = decision
            paired_with_none = amount is None
        else:
            (decision,) = decision
    if not isinstance(decision, str):
        raise TypeError(
            f"decision {decision!r}: give text such as 'call' or 'raise 10', or a pair such as ('raise', 10)"
        )
    if amount is not None:
        amount = integer(amount, "amount")
    words = _DECISION.fullmatch(decision.lower())
    verb = None if words is None else _VERBS.get(_SEPARATORS.sub("", words[1]))
    if verb is None:
        raise IllegalActionError(f"unknown decision {decision!r}: {_VOCABULARY}")
    digits = words[2]  # type: ignore[index]
    if paired_with_none and verb == "raise" and digits is None:
        raise TypeError(f"decision {(decision, None)!r}: give the amount as an integer")
    if digits is not None:
        if amount is not None:
            raise IllegalActionError(f"decision {decision!r} with amount {amount}: give the amount once")
        if len(digits.lstrip("0")) > _MOST_DIGITS:
            raise IllegalActionError(
                f"decision {decision!r}: the amount is too large (a hand holds at most 2**60 chips)"
            )
        amount = int(digits)
        if words[1] == "r":  # type: ignore[index]
            verb = "hand-total"
    elif amount is not None and words[1] == "r":  # type: ignore[index]
        raise IllegalActionError(
            f"decision {(decision, amount)!r}: 'r' with an amount is ambiguous; use ('raise', {amount}) "
            f"to raise to {amount} this street, or 'r{amount}' for ACPC's total of {amount} chips in the hand"
        )
    if amount is not None and verb not in ("raise", "hand-total"):
        to_raise = f", or ('raise', {amount}) to bet or raise to {amount}" if amount > 0 else ""
        raise IllegalActionError(f"{decision!r} takes no amount ({amount}): say {verb!r} alone{to_raise}")
    return verb, amount
