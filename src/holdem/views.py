"""What a hand shows: its streets, the seats' statuses, a seat's view, and the positions' names.

The hand's core reads these to make its views; :class:`~holdem.hand.Hand` returns them.

>>> Street.FLOP, SeatStatus.ALL_IN.value, position_names(3)
(<Street.FLOP: 1>, 'all-in', ('SB', 'BB', 'BTN'))
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from holdem.actions import Action, ActionKind, LegalActions
from holdem.cards import Card
from holdem.errors import InvalidHandError
from holdem.limits import MAX_PLAYERS, MIN_PLAYERS, integer
from holdem.rules import Rules

__all__ = ["HIDDEN_DEALS", "HandView", "SEAT_POSITIONS", "SeatStatus", "Street", "position_names"]


class Street(enum.IntEnum):
    """A betting round."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class SeatStatus(str, enum.Enum):
    """Where a seat stands in the hand."""

    ACTIVE = "active"
    ALL_IN = "all-in"
    FOLDED = "folded"


class HandView(NamedTuple):
    """What one seat may know: its own cards, the public state, and cards shown at showdown.

    ``seat`` is the seat in the hand, whose index reads the per-seat tuples
    (``stacks``: chips behind; ``bets``: chips in front on this street;
    ``statuses``); ``table_seat`` is the same seat as the table numbers it
    (the hand's seat when there is no table).  ``pot_total`` is the chips
    collected in the pots from earlier streets (antes and dead blinds
    included, this street's bets not); :attr:`pot` is everything in the
    middle, this street's bets included.  ``legal_actions`` says what
    ``seat`` may do: nothing (no :attr:`~holdem.actions.LegalActions.kinds`)
    unless it is the ``actor``.  ``shown`` holds
    the cards shown at showdown by seat; ``history`` every event, other seats'
    hole cards hidden.  ``rules`` are the hand's rules: the blinds, the
    structure, the antes.  ``positions`` are the seats' position names
    (:func:`position_names`).

    >>> from holdem.hand import Hand
    >>> view = Hand(Rules.no_limit(1, 2, ante=1), [100, 100, 100], seed=1).view(2)
    >>> view.pot_total, view.bets, view.pot, view.stacks[view.seat] / view.rules.big_blind
    (3, (1, 2, 0), 6, 49.5)
    """

    seat: int
    hole_cards: tuple[Card, ...]
    board: tuple[Card, ...]
    street: Street
    button: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    statuses: tuple[SeatStatus, ...]
    pot_total: int
    actor: int | None
    legal_actions: LegalActions
    shown: dict[int, tuple[Card, ...]]
    history: tuple[Action, ...]
    rules: Rules
    table_seat: int
    positions: tuple[str, ...]

    @property
    def pot(self) -> int:
        """All the chips in the middle: the pots and this street's bets."""
        return self.pot_total + sum(self.bets)


HIDDEN_DEALS = tuple(Action(ActionKind.DEAL_HOLE, seat) for seat in range(MAX_PLAYERS))
"""Each seat's deal record with its cards hidden, as other seats see it."""
_LATE_POSITIONS = ("MP", "LJ", "HJ", "CO")


def position_names(player_count: int, *, small_blind: bool = True) -> tuple[str, ...]:
    """The position names of a hand of ``player_count`` players, clockwise from the seat left
    of the button (the button last), as seed 004 names them: «Under the Gun (UTG), UTG2,
    UTG3, Middle Position (MP), Lowjack (LJ), Hijack (HJ) y Cutoff (CO)»; with fewer
    players the early positions go first.  Heads-up the button posts the small blind
    (``BTN/SB``).  With ``small_blind=False`` (a dead small blind) the seat left of the
    button is the big blind.  Only the text's names are used: ten players with a dead
    small blind leave eight seats between the big blind and the button, one more than
    it names, and the extra seat is a second ``MP``, the one name of the text for a
    stretch of seats (the middle ones) rather than a single seat.

    >>> position_names(10)
    ('SB', 'BB', 'UTG', 'UTG2', 'UTG3', 'MP', 'LJ', 'HJ', 'CO', 'BTN')
    >>> position_names(6), position_names(2)
    (('SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'), ('BB', 'BTN/SB'))
    >>> position_names(11)
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidHandError: 11 players: a hand needs 2 to 10 players

    :raises InvalidHandError: for fewer than 2 or more than 10 players.
    :raises TypeError: for a count that is not an integer.
    """
    player_count = integer(player_count, "player_count")
    if not MIN_PLAYERS <= player_count <= MAX_PLAYERS:
        raise InvalidHandError(f"{player_count} players: a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
    if player_count == 2:
        return ("BB", "BTN/SB" if small_blind else "BTN")
    blinds = ("SB", "BB") if small_blind else ("BB",)
    middle = player_count - len(blinds) - 1
    late = min(middle - 1, 4) if middle else 0
    early = min(middle - late, 3)
    names = tuple("UTG" if number == 1 else f"UTG{number}" for number in range(1, early + 1))
    extra = ("MP",) * (middle - late - early)
    return (*blinds, *names, *extra, *_LATE_POSITIONS[4 - late :], "BTN")


SEAT_POSITIONS = {
    (count, button, small_blind): tuple(
        position_names(count, small_blind=small_blind)[(seat - button - 1) % count] for seat in range(count)
    )
    for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    for button in range(count)
    for small_blind in (True, False)
}
"""Each seat's position name, by ``(player count, button, small blind posted)``."""
