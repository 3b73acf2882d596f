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
from typing import NamedTuple

from holdem.errors import IllegalActionError

__all__ = ["Action", "ActionKind", "IllegalActionError", "LegalActions"]


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


class Action(NamedTuple):
    """One event of a hand: its kind, the seat (``None`` for the dealer), an amount, cards."""

    kind: ActionKind
    seat: int | None
    amount: int = 0
    cards: tuple[int, ...] = ()

    def __repr__(self) -> str:
        fields = [repr(self.kind.value), repr(self.seat)]
        if self.amount or self.cards:
            fields.append(repr(self.amount))
        if self.cards:
            fields.append(repr(self.cards))
        return f"Action({', '.join(fields)})"


class LegalActions(NamedTuple):
    """What the player to act may do.

    ``call`` is the chips needed to call (0 when the player can check);
    ``min_raise_to`` and ``max_raise_to`` bound a bet or raise, stated as the
    total for the street, and are ``None`` when the player may not bet or raise.
    ``current_bet`` is the highest bet in front of anyone.

    >>> legal = LegalActions(seat=2, fold=True, check=False, call=2, current_bet=2,
    ...                      min_raise_to=4, max_raise_to=200)
    >>> [kind.value for kind in legal.kinds]
    ['fold', 'call', 'raise']
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
        if self.min_raise_to is None:
            aggressive = 0
        else:
            aggressive = 2 if self.current_bet else 1
        return _KINDS[self.fold][self.check][aggressive]


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
