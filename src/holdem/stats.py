"""Player statistics over any hands: what the tracking programs show, each ratio with its sample size.

:func:`summarize` reads finished hands one at a time (any iterable: a file's
hands read lazily fit in constant memory) and counts, per player, from each
hand's public history (:attr:`Hand.history <holdem.hand.Hand.history>`):

- **hands**: the hands dealt to the player.
- **vpip** (voluntarily put money in the pot): a preflop call, or any preflop
  bet or raise, over the hands where the player had a preflop decision
  (posting a blind, a straddle or an ante is not voluntary; the big blind
  whose opponents all fold had no decision).
- **pfr** (preflop raise): any preflop bet or raise, over the same hands.
- **three_bet**: at a preflop decision where exactly one bet or raise
  (another player's) has been made, a limper facing it included, the player
  re-raises; over those decisions.
- **fold_to_three_bet**: the first raiser's decision when exactly two raises
  have been made, folding; over those decisions.
- **cbet** (continuation bet): the last preflop raiser, at their first flop
  decision with no bet made yet on the flop, makes the first bet; over those
  decisions.
- **fold_to_cbet**: each other player's first flop decision after a
  continuation bet while it is still the only flop bet, folding; over those
  decisions.
- **aggression**: postflop bets and raises against postflop calls (checks
  and folds do not count), both counts kept.
- **wtsd** (went to showdown): still in at the end with two or more players
  left, over the hands in which the player saw the flop (all in or not).
- **wsd** (won at showdown): won any part of a pot at that showdown (a chop
  counts), over the showdowns.
- **net** (chips won) and **bb_per_100**: 100 times the sum over hands of
  the hand's net divided by that hand's big blind (the blind, also in limit
  games), over the hands.

Before the flop the blinds (and straddles) are the bet to raise, so the first
raise is the 2-bet and the next the 3-bet.  Every raise action counts as a
raise, as tracking programs count them: an all-in for less than a full raise
too, though it does not reopen the betting (the first raiser facing it may
only call or fold, and that is still a decision facing a 3-bet).

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> from holdem.views import position_names
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
>>> hand.raise_to(6), hand.raise_to(18), hand.fold(), hand.fold()
(Action('raise', 2, 6), Action('raise', 0, 18), Action('fold', 1), Action('fold', 2))
>>> players = summarize([hand], names=["ann", "bob", "cy"])
>>> players["ann"].three_bet, players["cy"].fold_to_three_bet
(Ratio(count=1, opportunities=1), Ratio(count=1, opportunities=1))
>>> players["bob"].vpip.fraction, players["ann"].net, players["cy"].bb_per_100
(0.0, 8, -300.0)

An all-in raise for less than a full raise is a 3-bet all the same:

>>> hand = Hand(Rules.no_limit(1, 2), [8, 100, 100], seed=1)
>>> hand.raise_to(6), hand.raise_to(8), hand.fold(), hand.fold()
(Action('raise', 2, 6), Action('raise', 0, 8), Action('fold', 1), Action('fold', 2))
>>> players = summarize([hand], names=["ann", "bob", "cy"])
>>> players["ann"].three_bet, players["cy"].fold_to_three_bet
(Ratio(count=1, opportunities=1), Ratio(count=1, opportunities=1))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from holdem.actions import ActionKind
from holdem.errors import StatsError, check_type, name_list
from holdem.hand import Hand
from holdem.views import position_names

__all__ = ["Aggression", "PlayerStats", "Ratio", "StatsError", "summarize", "vpip_by_seat"]


@dataclasses.dataclass(frozen=True)
class Ratio:
    """How often something was done (``count``) out of the times it could be (``opportunities``)."""

    count: int
    opportunities: int

    @property
    def fraction(self) -> float | None:
        """``count / opportunities``, or ``None`` with no opportunity.

        >>> Ratio(3, 12).fraction, Ratio(0, 0).fraction
        (0.25, None)
        """
        return self.count / self.opportunities if self.opportunities else None


@dataclasses.dataclass(frozen=True)
class Aggression:
    """Postflop bets and raises (``aggressive``) against postflop calls (``calls``)."""

    aggressive: int
    calls: int

    @property
    def factor(self) -> float | None:
        """``aggressive / calls``, or ``None`` with no call.

        >>> Aggression(6, 4).factor, Aggression(2, 0).factor
        (1.5, None)
        """
        return self.aggressive / self.calls if self.calls else None


@dataclasses.dataclass(frozen=True)
class PlayerStats:
    """One player's statistics (see :mod:`holdem.stats` for the definitions), over all positions or,
    when ``position`` is set, at that position only; ``positions`` holds these by position when
    :func:`summarize` was asked for them."""

    name: str
    position: str | None
    hands: int
    vpip: Ratio
    pfr: Ratio
    three_bet: Ratio
    fold_to_three_bet: Ratio
    cbet: Ratio
    fold_to_cbet: Ratio
    aggression: Aggression
    wtsd: Ratio
    wsd: Ratio
    net: int
    bb_per_100: float
    positions: dict[str, PlayerStats] = dataclasses.field(default_factory=dict)


# The counters of a player, in this order.
(_HANDS, _DECIDED, _VPIP, _PFR, _THREE_BET_CHANCES, _THREE_BETS, _FACED_THREE_BETS, _FOLDS_TO_THREE_BETS,
 _CBET_CHANCES, _CBETS, _FACED_CBETS, _FOLDS_TO_CBETS, _AGGRESSIVE, _CALLS, _FLOPS, _SHOWDOWNS, _WON_AT_SHOWDOWN,
 _NET, _COUNTERS) = range(19)  # fmt: skip
_DECISIONS = frozenset((ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE))
_AGGRESSIVE_KINDS = frozenset((ActionKind.BET, ActionKind.RAISE))
_POSITION_ORDER = (*position_names(10), "BTN/SB")  # the engine's names, clockwise from the small blind


class _Tally:
    """A player's running counts (and the sum of net over big blinds), at one position or all."""

    __slots__ = ("counts", "big_blinds")

    def __init__(self) -> None:
        self.counts = [0] * _COUNTERS
        self.big_blinds = 0.0

    def add(self, counts: list[int], big_blinds: float) -> None:
        mine = self.counts
        for index, count in enumerate(counts):
            mine[index] += count
        self.big_blinds += big_blinds

    def stats(self, name: str, position: str | None, positions: dict[str, PlayerStats]) -> PlayerStats:
        counts = self.counts
        hands, decided, flops, showdowns = counts[_HANDS], counts[_DECIDED], counts[_FLOPS], counts[_SHOWDOWNS]
        return PlayerStats(
            name, position, hands, Ratio(counts[_VPIP], decided), Ratio(counts[_PFR], decided),
            Ratio(counts[_THREE_BETS], counts[_THREE_BET_CHANCES]),
            Ratio(counts[_FOLDS_TO_THREE_BETS], counts[_FACED_THREE_BETS]),
            Ratio(counts[_CBETS], counts[_CBET_CHANCES]), Ratio(counts[_FOLDS_TO_CBETS], counts[_FACED_CBETS]),
            Aggression(counts[_AGGRESSIVE], counts[_CALLS]), Ratio(showdowns, flops),
            Ratio(counts[_WON_AT_SHOWDOWN], showdowns), counts[_NET],
            100 * self.big_blinds / hands if hands else 0.0, positions,
        )  # fmt: skip


def summarize(
    hands: Iterable[object], *, names: Sequence[str] | None = None, by_position: bool = False
) -> dict[str, PlayerStats]:
    """Each player's statistics over ``hands``, by name, in the order the players first appear.

    ``hands`` may hold :class:`~holdem.hand.Hand` objects (their players named
    by ``names``, one a seat, or else ``"seat 0"``, ``"seat 1"``...), PHH
    records (:class:`~holdem.formats.phh.HandHistory`: their ``players`` field,
    else ``p1`` to ``pN``), a :class:`~holdem.table.Table`'s or
    :class:`~holdem.tournament.Tournament`'s hands, and any record with a
    ``hand`` and the ``players`` in seat order.  Void hands (misdeals) count
    for nothing.  With ``by_position`` each player's ``positions`` holds their
    statistics at each position the engine names (``SB``, ``BB``, ``UTG`` ...
    ``BTN``; heads-up ``BB`` and ``BTN/SB``).

    :raises StatsError: for a hand that is not over, or names that are not one a seat, each different.
    :raises TypeError: for a record that holds no hand, names that are not a sequence of strings (a
        string is not one), or a ``by_position`` that is not a bool.
    """
    check_type(by_position, bool, "by_position")
    if names is not None:
        names = name_list(names, "names")
    tallies: dict[str, _Tally] = {}
    at: dict[tuple[str, str], _Tally] = {}
    for number, record in enumerate(hands, 1):
        hand, players = _hand_and_names(record, names, number)
        if hand.is_void:
            continue
        if not hand.is_over:
            raise StatsError(f"hand {number} is not over: statistics count finished hands")
        big_blind = hand.rules.big_blind
        for seat, counts in enumerate(_count(hand)):
            name = players[seat]
            tally = tallies.get(name)
            if tally is None:
                tally = tallies[name] = _Tally()
            tally.add(counts, counts[_NET] / big_blind)
            if by_position:
                key = (name, hand.positions[seat])
                tally = at.get(key)
                if tally is None:
                    tally = at[key] = _Tally()
                tally.add(counts, counts[_NET] / big_blind)
    positions: dict[str, dict[str, PlayerStats]] = {name: {} for name in tallies}
    for (name, position), tally in sorted(at.items(), key=lambda item: _POSITION_ORDER.index(item[0][1])):
        positions[name][position] = tally.stats(name, position, {})
    return {name: tally.stats(name, None, positions[name]) for name, tally in tallies.items()}


def vpip_by_seat(hand: Hand) -> list[Ratio]:
    """Each seat's VPIP in one finished ``hand`` (the definition :func:`summarize` counts):
    ``Ratio(1, 1)`` for chips put in voluntarily before the flop, ``Ratio(0, 1)`` for a preflop
    decision without, ``Ratio(0, 0)`` for no preflop decision (a walk).

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
    >>> hand.raise_to(6), hand.fold(), hand.fold()
    (Action('raise', 2, 6), Action('fold', 0), Action('fold', 1))
    >>> vpip_by_seat(hand)
    [Ratio(count=0, opportunities=1), Ratio(count=0, opportunities=1), Ratio(count=1, opportunities=1)]
    """
    return [Ratio(counts[_VPIP], counts[_DECIDED]) for counts in _count(hand)]


def _hand_and_names(record: object, names: list[str] | None, number: int) -> tuple[Hand, Sequence[str]]:
    """The hand of a record and its players' names by seat."""
    if isinstance(record, Hand):
        hand, players = record, names
    else:
        held = getattr(record, "hand", None)
        if not isinstance(held, Hand):
            raise TypeError(f"hand {number} is a {type(record).__name__}: give hands, or records with a hand")
        hand = held
        players = getattr(record, "players", None) or getattr(record, "names", None)
        fields = getattr(record, "fields", None)
        if players is None and isinstance(fields, dict):  # a PHH record: its players from the button's left
            from holdem.formats.phh import _SEATING

            count = hand.player_count
            listed = fields.get("players") or [f"p{player}" for player in range(1, count + 1)]
            if len(listed) == count:
                players = [str(listed[player]) for player in _SEATING[count][hand.button][1]]
            else:
                players = listed
    count = hand.player_count
    if players is None:
        return hand, [f"seat {seat}" for seat in range(count)]
    players = name_list(players, f"the names of hand {number}")
    if len(players) != count or len(set(players)) != count:
        raise StatsError(
            f"hand {number} has {count} seats and the names {players!r}: give one name a seat, each different"
        )
    return hand, players


def _count(hand: Hand) -> list[list[int]]:
    """Each seat's counters for one finished hand, from its history."""
    count = hand.player_count
    counts = [[0] * _COUNTERS for _ in range(count)]
    folded = [False] * count
    won = [False] * count
    street = 0  # 0 preflop, then the board cards dealt to the first run
    raises = 0  # bets and raises before the flop
    first_raiser = last_raiser = -1
    flop_seen: list[int] = []
    flop_bets = 0
    flop_acted = [False] * count
    cbettor = -1
    answered = [False] * count  # a decision after the continuation bet
    for action in hand.history:
        kind = action.kind
        if kind is ActionKind.DEAL_BOARD:
            if not action.amount:
                if not street:
                    flop_seen = [seat for seat in range(count) if not folded[seat]]
                street += len(action.cards)
            continue
        if kind is ActionKind.WIN:
            won[action.seat] = won[action.seat] or action.amount > 0  # type: ignore[index]
            continue
        if kind not in _DECISIONS:
            continue
        seat: int = action.seat  # type: ignore[assignment]
        mine = counts[seat]
        aggressive = kind in _AGGRESSIVE_KINDS
        if not street:
            mine[_DECIDED] = 1
            if raises == 1:
                mine[_THREE_BET_CHANCES] += 1
                mine[_THREE_BETS] += aggressive
            elif raises == 2 and seat == first_raiser:
                mine[_FACED_THREE_BETS] += 1
                mine[_FOLDS_TO_THREE_BETS] += kind is ActionKind.FOLD
            if aggressive:
                mine[_VPIP] = mine[_PFR] = 1
                raises += 1
                if raises == 1:
                    first_raiser = seat
                last_raiser = seat
            elif kind is ActionKind.CALL and action.amount:
                mine[_VPIP] = 1
        else:
            if aggressive:
                mine[_AGGRESSIVE] += 1
            elif kind is ActionKind.CALL:
                mine[_CALLS] += 1
            if street == 3:
                if cbettor >= 0 and flop_bets == 1 and seat != cbettor and not answered[seat]:
                    answered[seat] = True
                    mine[_FACED_CBETS] += 1
                    mine[_FOLDS_TO_CBETS] += kind is ActionKind.FOLD
                if seat == last_raiser and not flop_acted[seat] and not flop_bets:
                    mine[_CBET_CHANCES] += 1
                    if aggressive:
                        mine[_CBETS] += 1
                        cbettor = seat
                flop_acted[seat] = True
                flop_bets += aggressive
        if kind is ActionKind.FOLD:
            folded[seat] = True
    left = count - sum(folded)
    payoffs = hand.payoffs
    for seat in range(count):
        mine = counts[seat]
        mine[_HANDS] = 1
        mine[_NET] = payoffs[seat]
    for seat in flop_seen:
        mine = counts[seat]
        mine[_FLOPS] = 1
        if left >= 2 and not folded[seat]:
            mine[_SHOWDOWNS] = 1
            mine[_WON_AT_SHOWDOWN] = won[seat]
    return counts
