"""Where the button and the blinds go at a table, who is dealt in, and what a player coming back owes.

Pure functions of table seats (numbered clockwise from 0), which
:class:`~holdem.table.Table` calls between hands.

>>> deal = next_deal(6, [0, 2, 4], set(), ButtonRule.DEAD, Blinds(0, 2, 4))
>>> deal
Deal(button=2, small_blind=4, big_blind=0, seats=(0, 2, 4), posts={})
>>> Blinds.after(deal, Blinds(0, 2, 4))
Blinds(button=2, small_blind=4, big_blind=0)
>>> owed(Rules.no_limit(1, 2, ante=1), Debt(small_blind=True, big_blind=True, antes=3), in_small_blind=False)
(2, 4)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Collection, Sequence
from typing import NamedTuple

from holdem.dealing import _straddle_seats
from holdem.rules import Rules

__all__ = [
    "Blinds",
    "ButtonRule",
    "Deal",
    "Debt",
    "MisdealButton",
    "Owed",
    "first_deal",
    "hand_button",
    "hand_straddles",
    "missed",
    "next_deal",
    "owed",
    "straddle_seats",
]


class ButtonRule(str, enum.Enum):
    """How the button moves when players leave, bust or sit out.

    ``DEAD``: the big blind moves to the next player in play every hand; the
    small blind and the button follow to the seats where the big blind and the
    small blind were, even when those seats are now empty (a dead small blind,
    a dead button).  ``MOVING``: the button moves to the next player in play
    and the blinds are the next two players after it.  Either way, heads-up
    the button posts the small blind and the big blind alternates, so no one
    posts it twice in a row when play becomes heads-up.
    """

    DEAD = "dead"
    MOVING = "moving"


class Owed(str, enum.Enum):
    """How a player who posts to come into the game pays a blind they owe.

    ``LIVE``: as a bet of their own (it counts toward what they put in on the
    first round); ``DEAD``: straight into the pot; ``NONE``: not at all.
    """

    LIVE = "live"
    DEAD = "dead"
    NONE = "none"


class MisdealButton(str, enum.Enum):
    """Where the button is for the deal after a misdeal.

    ``MOVES`` (seed 004: «volver a repartir, moviendo el botón como correspondería»):
    as after any hand.  ``STAYS``: where it was for the misdealt hand, the blinds too.
    """

    MOVES = "moves"
    STAYS = "stays"


@dataclasses.dataclass(frozen=True)
class Deal:
    """Where one hand's button and blinds are, by table seat, and which seats are dealt in.

    ``button`` may be an empty seat (a dead button); ``small_blind`` is
    ``None`` for a dead small blind.  Heads-up the button posts the small blind.
    ``posts`` are the ``(live, dead)`` chips that players posting to come in
    owe, by seat (see :class:`~holdem.hand.Hand`).
    """

    button: int
    small_blind: int | None
    big_blind: int
    seats: tuple[int, ...]
    posts: dict[int, tuple[int, int]] = dataclasses.field(default_factory=dict)


class Blinds(NamedTuple):
    """Where the last hand's button, small blind and big blind were, by table seat.

    ``small_blind`` is the seat the small blind was due at: the big blind's of
    the hand before when the small blind was dead.
    """

    button: int
    small_blind: int
    big_blind: int

    @classmethod
    def after(cls, deal: Deal, before: Blinds | None) -> Blinds:
        """The blinds once ``deal`` is dealt, ``before`` those of the hand before it (``None``: none)."""
        small_blind = deal.small_blind
        if small_blind is None:  # a dead small blind, only ever after a first hand
            assert before is not None
            small_blind = before.big_blind
        return cls(deal.button, small_blind, deal.big_blind)


class Debt(NamedTuple):
    """What a player owes to be dealt in before the big blind reaches them: a big blind (a new player's,
    or one they missed), a small blind they missed, and the chips of the antes they missed."""

    big_blind: bool = False
    small_blind: bool = False
    antes: int = 0


def first_deal(in_play: Sequence[int], button: int | None = None) -> Deal:
    """The first hand: everyone in play (seats in order) dealt in, the button at ``button``
    (a seat in play; else the first seat in play).

    >>> first_deal([1, 3, 5], button=3)
    Deal(button=3, small_blind=5, big_blind=1, seats=(1, 3, 5), posts={})
    """
    first = button if button is not None and button in in_play else in_play[0]
    if len(in_play) == 2:
        return Deal(first, first, _next(in_play, first), tuple(in_play))
    small_blind = _next(in_play, first)
    return Deal(first, small_blind, _next(in_play, small_blind), tuple(in_play))


def next_deal(
    seat_count: int,
    in_play: Sequence[int],
    waiting: Collection[int],
    rule: ButtonRule,
    last: Blinds | None,
    first_button: int | None = None,
) -> Deal:
    """The next hand at a table of ``seat_count`` seats: ``in_play`` the seats (in order) of the players
    with chips not sitting out, ``waiting`` those of them who wait for the big blind, ``last`` the
    blinds of the last hand (``None``: this is the first, its button at ``first_button``).

    A player waiting is dealt in when the big blind reaches them (unless fewer than two would be
    dealt in: then everyone in play is).  Heads-up the button posts the small blind, and the big
    blind goes to the player after the last big blind.

    >>> next_deal(5, [0, 1, 2, 4], {1}, ButtonRule.DEAD, Blinds(4, 0, 2))
    Deal(button=0, small_blind=2, big_blind=4, seats=(0, 2, 4), posts={})
    >>> next_deal(5, [0, 1, 2, 4], {1}, ButtonRule.MOVING, Blinds(4, 0, 2))
    Deal(button=0, small_blind=2, big_blind=4, seats=(0, 2, 4), posts={})
    >>> next_deal(5, [0, 2, 4], set(), ButtonRule.DEAD, Blinds(4, 0, 1))
    Deal(button=0, small_blind=None, big_blind=2, seats=(0, 2, 4), posts={})
    """
    if last is None:
        return first_deal(in_play, first_button)
    ready = [seat for seat in in_play if seat not in waiting]
    if len(ready) < 2:
        ready = list(in_play)  # no one to wait for: everyone in play is dealt in
    if rule is ButtonRule.DEAD:
        big_blind = _next(in_play, last.big_blind)
        seats = tuple(sorted({*ready, big_blind}))
        if len(seats) == 2:
            return _heads_up(seats, last.big_blind)
        small_blind = last.big_blind if last.big_blind in seats else None
        button = last.small_blind
        if not _dead_button_fits(button, last.big_blind, big_blind, seats, seat_count):
            # Coming from heads-up, or past new players: the button goes to the player before the small blind.
            button = _previous(seats, last.big_blind)
        return Deal(button, small_blind, big_blind, seats)
    button = _next(ready, last.button)
    small_blind = _next(ready, button)
    big_blind = _next(in_play, small_blind)
    seats = tuple(sorted({*ready, big_blind}))
    if len(seats) == 2:
        return _heads_up(seats, last.big_blind)
    return Deal(button, small_blind, big_blind, seats)


def missed(deal: Deal, last: Blinds, seat: int, seat_count: int) -> tuple[bool, bool]:
    """Whether a seat not dealt in misses the small blind and the big blind in ``deal``: whether
    they passed it since ``last``.

    >>> missed(Deal(2, 3, 0, (0, 2, 3)), Blinds(1, 2, 3), 4, 5)
    (False, True)
    """
    small_blind = deal.small_blind if deal.small_blind is not None else last.big_blind
    if len(deal.seats) == 2:
        small_blind = deal.button
    return (
        _passed(last.small_blind, seat, small_blind, seat_count),
        _passed(last.big_blind, seat, deal.big_blind, seat_count),
    )


def owed(
    rules: Rules,
    debt: Debt,
    in_small_blind: bool,
    *,
    small_blind: Owed = Owed.DEAD,
    big_blind: Owed = Owed.LIVE,
    antes_cap: int | None = None,
) -> tuple[int, int]:
    """The ``(live, dead)`` chips a player posting to come in owes under ``rules``, paying a missed
    ``small_blind`` and a ``big_blind`` owed as those say (:class:`Owed`) and every missed ante dead
    (at most ``antes_cap`` chips of them, when given).

    In the small-blind seat the seat's own small blind counts toward a big blind owed live: the
    player makes it up to a big blind (the missed big blind is never forgiven, seed 004: «debe
    "postear" las ciegas y antes perdidos»).  A player in the big blind owes nothing: it is posted.

    >>> rules = Rules.no_limit(1, 2, ante=1)
    >>> owed(rules, Debt(big_blind=True), in_small_blind=True)
    (1, 0)
    >>> owed(rules, Debt(small_blind=True, big_blind=True, antes=5), in_small_blind=False, antes_cap=2)
    (2, 3)
    """
    chips = dict.fromkeys(Owed, 0)
    chips[Owed.DEAD] = debt.antes if antes_cap is None else min(debt.antes, antes_cap)
    if debt.big_blind:
        chips[big_blind] += rules.big_blind - (rules.small_blind if in_small_blind and big_blind is Owed.LIVE else 0)
    if debt.small_blind:
        chips[small_blind] += rules.small_blind
    return chips[Owed.LIVE], chips[Owed.DEAD]


def hand_button(deal: Deal) -> int:
    """The button of the hand dealt by ``deal``, as an index into ``deal.seats``: the seat dealt
    in before the blinds, which acts last after the flop (the deal's button may be dead).

    >>> hand_button(Deal(3, None, 1, (0, 1, 2)))
    0
    """
    seats = deal.seats
    if len(seats) == 2:
        return seats.index(deal.button)
    return (seats.index(deal.big_blind) - (1 if deal.small_blind is None else 2)) % len(seats)


def straddle_seats(rules: Rules, deal: Deal) -> dict[int, tuple[int, int]]:
    """The seats in a straddle position of ``deal`` under ``rules``: ``{seat: (position, amount)}``,
    position 0 the seat after the big blind (positions the seats dealt in do not reach are skipped).

    >>> straddle_seats(Rules.no_limit(1, 2, straddles=(4, 8, 16)), Deal(0, 2, 4, (0, 2, 4, 5)))
    {5: (0, 4), 0: (1, 8)}
    """
    seats = deal.seats
    offers = _straddle_seats(rules, len(seats), seats.index(deal.big_blind))
    return {seats[index]: offer for index, offer in offers.items()}


def hand_straddles(rules: Rules, deal: Deal, straddling: Collection[int]) -> tuple[Rules, list[int] | None]:
    """The rules and the ``straddles`` of the hand dealt by ``deal`` (as :class:`~holdem.hand.Hand` takes
    them): with voluntary straddles, those of the ``straddling`` seats in a straddle position; forced,
    ``None`` and the rules' straddles the seats dealt in reach.

    >>> hand_straddles(Rules.no_limit(1, 2, straddles=(4, 8)), Deal(0, 2, 4, (0, 2, 4, 5)), {5})[1]
    [4, 0]
    >>> forced = Rules.no_limit(1, 2, straddles=(4, 8), voluntary_straddles=False)
    >>> rules, straddles = hand_straddles(forced, Deal(0, 2, 4, (0, 2, 4)), ())
    >>> rules.straddles, straddles
    ((4,), None)
    """
    if rules.voluntary_straddles:
        straddles = [0] * len(rules.straddles_at(len(deal.seats)))
        for seat, (position, amount) in straddle_seats(rules, deal).items():
            if seat in straddling:
                straddles[position] = amount
        return rules, straddles
    return rules.at_table(len(deal.seats)), None  # forced straddles the table has no seats for are skipped


def _next(seats: Sequence[int], after: int) -> int:
    """The first of ``seats`` (sorted) clockwise after seat ``after``."""
    for seat in seats:
        if seat > after:
            return seat
    return seats[0]


def _previous(seats: Sequence[int], before: int) -> int:
    """The last of ``seats`` (sorted) counter-clockwise before seat ``before``."""
    for seat in reversed(seats):
        if seat < before:
            return seat
    return seats[-1]


def _heads_up(seats: tuple[int, ...], last_big_blind: int) -> Deal:
    """Heads-up the big blind goes to the player after the last big blind; the other has the button."""
    big_blind = _next(seats, last_big_blind)
    button = seats[0] if seats[1] == big_blind else seats[1]
    return Deal(button, button, big_blind, seats)


def _dead_button_fits(button: int, small_blind: int, big_blind: int, seats: Sequence[int], count: int) -> bool:
    """Whether, clockwise from ``button``, the small-blind position comes next, then the big blind."""

    def distance(seat: int) -> int:
        return (seat - button) % count

    return 0 < distance(small_blind) < distance(big_blind) and not any(
        0 < distance(seat) < distance(small_blind) for seat in seats
    )


def _passed(start: int, seat: int, end: int, count: int) -> bool:
    """Whether ``seat`` is clockwise after ``start`` and up to ``end``."""
    return 0 < (seat - start) % count <= (end - start) % count
