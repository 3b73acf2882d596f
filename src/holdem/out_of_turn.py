"""Actions out of turn at a table: refused, or held for the player's turn and binding if the action
did not change (seed 004: «Actuar fuera de turno puede ser vinculante si la acción no cambia de forma
material; de lo contrario, suele anularse»).

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [100] * 4, seed=1)  # seat 2 to act, then 3, 0 and 1
>>> held = HeldActions()
>>> held.hold(hand, 3, "call")
>>> held.decisions
{3: ('call', None)}
>>> hand.call(), held.play(hand)
(Action('call', 2, 2), None)
>>> hand.history[-1], held.decisions
(Action('call', 3, 2), {})
"""

from __future__ import annotations

import enum
from typing import SupportsIndex

from holdem.actions import ActionKind, IllegalActionError, read_decision
from holdem.hand import Hand
from holdem.views import SeatStatus

__all__ = ["HeldActions", "OutOfTurn", "decision"]


class OutOfTurn(str, enum.Enum):
    """What becomes of an action taken before the player's turn.

    ``REFUSED``: it raises and changes nothing.  ``HELD`` (seed 004, read as card
    rooms read «de forma material»): it waits, and binds when the action reaches
    the player with only checks, calls and folds in between; a bet or a raise
    before it voids it, and the player decides again.
    """

    REFUSED = "refused"
    HELD = "held"


# What does not change the action for a player who acted out of turn (a bet or a raise does).
_UNCHANGED = (ActionKind.CHECK, ActionKind.CALL, ActionKind.FOLD)


class HeldActions:
    """The decisions taken out of turn in one hand, by seat, each waiting for its seat's turn."""

    def __init__(self) -> None:
        # The kind and amount, and the history's length then.
        self._held: dict[int, tuple[object, SupportsIndex | None, int]] = {}

    @property
    def decisions(self) -> dict[int, tuple[object, SupportsIndex | None]]:
        """The decisions held, by seat: their kind and amount, as given."""
        return {seat: (kind, amount) for seat, (kind, amount, _) in self._held.items()}

    def hold(self, hand: Hand, seat: int, kind: object, amount: SupportsIndex | None = None) -> None:
        """Hold ``seat``'s decision (any :meth:`Hand.act <holdem.hand.Hand.act>` reads, with ``amount``
        ``None`` when none is given) until the turn reaches it.

        :raises IllegalActionError: when ``seat`` has no decision to come on this round
            (:meth:`may_hold`), or for a decision that is none.
        """
        if not self.may_hold(hand, seat):
            raise IllegalActionError(f"seat {seat} has no decision left this round")
        read_decision(kind, amount)  # a decision, held as given
        self._held[seat] = (kind, amount, len(hand.history))

    def drop(self, seat: int) -> None:
        """Forget what ``seat`` held (it acts in turn)."""
        self._held.pop(seat, None)

    def clear(self) -> None:
        """Forget every decision held (the hand is over or void)."""
        self._held.clear()

    def play(self, hand: Hand) -> None:
        """Play the decisions held that the turn reaches with the action unchanged; void the one it
        reaches otherwise (a bet or a raise since), or that is no longer legal."""
        while hand.actor is not None and hand.actor in self._held:
            kind, amount, since = self._held.pop(hand.actor)
            if any(action.kind not in _UNCHANGED for action in hand.history[since:]):
                break
            try:
                hand.act(decision(kind, amount))
            except IllegalActionError:
                break

    @staticmethod
    def may_hold(hand: Hand, seat: int) -> bool:
        """Whether ``seat`` has a decision to come on this round: in the hand with chips, and not yet
        acted on it or facing a bet it has not matched (one who acted and matched the bet acts again
        only after a raise, which would void what they held)."""
        if hand.statuses[seat] is not SeatStatus.ACTIVE:
            return False
        for action in reversed(hand.history):
            if action.kind is ActionKind.DEAL_BOARD:
                break
            if action.seat == seat and action.kind in (*_UNCHANGED, ActionKind.BET, ActionKind.RAISE):
                return hand.bets[seat] < max(hand.bets)
        return True


def decision(kind: object, amount: SupportsIndex | None) -> object:
    """A decision given as a kind and an amount (``None``: none given), as :meth:`Hand.act
    <holdem.hand.Hand.act>` reads it.

    >>> decision("raise", 6), decision("call", None)
    (('raise', 6), 'call')
    """
    return kind if amount is None else (kind, amount)
