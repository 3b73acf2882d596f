"""The players at a table: their chips, time fees, blinds owed and session results.

>>> player = Player("ann")
>>> player.sit_down(2, 100, now=0.0, new=True, post=False)
>>> player.in_play, player.waiting, player.debt
(True, True, Debt(big_blind=True, small_blind=False, antes=0))
>>> player.charge(now=3600.0, fee=2, period=1800.0)
>>> player.result()
PlayerResult(name='ann', bought_in=100, cashed_out=0, stack=94, fees=6, hands_played=0, vpip=Ratio(count=0, opportunities=0))
"""

from __future__ import annotations

import dataclasses

from holdem.errors import BuyInError
from holdem.limits import MAX_CHIPS, chip_count
from holdem.seating import Debt
from holdem.stats import Ratio

__all__ = ["Player", "PlayerResult", "checked_buy_in"]


@dataclasses.dataclass(frozen=True)
class PlayerResult:
    """A player's session: chips in and out, ``net`` won, ``hands_played`` (the hands dealt to the player)
    and ``vpip``: the hands the player put chips in voluntarily before the flop, over those with a
    preflop decision, as :func:`holdem.stats.summarize` counts them (:func:`~holdem.stats.vpip_by_seat`)."""

    name: str
    bought_in: int
    cashed_out: int
    stack: int
    fees: int
    hands_played: int
    vpip: Ratio

    @property
    def net(self) -> int:
        """Chips won: what the player holds or took away, minus what they brought."""
        return self.stack + self.cashed_out - self.bought_in


@dataclasses.dataclass
class Player:
    """One player's record at a table, seated at ``seat`` (``None``: gone)."""

    name: str
    seat: int | None = None
    stack: int = 0
    bought_in: int = 0
    cashed_out: int = 0
    fees: int = 0
    fee_periods: int = 0
    fee_start: float = 0.0
    hands_played: int = 0
    voluntary_hands: int = 0
    preflop_decisions: int = 0
    sitting_out: bool = False
    new: bool = False
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    missed_antes: int = 0
    posting: bool = False

    @property
    def in_play(self) -> bool:
        """Whether the player is dealt in, or waits for the big blind: chips, and not sitting out."""
        return self.stack > 0 and not self.sitting_out

    @property
    def debt(self) -> Debt:
        """What the player owes to be dealt in before the big blind reaches them."""
        return Debt(self.new or self.missed_big_blind, self.missed_small_blind, self.missed_antes)

    @property
    def waiting(self) -> bool:
        """Whether the player owes blinds or antes and waits for the big blind rather than post them."""
        return any(self.debt) and not self.posting

    def sit_down(self, seat: int, chips: int, now: float, new: bool, post: bool) -> None:
        """Take ``seat`` with a buy-in of ``chips`` at ``now``: ``new`` after the table's first hand
        (owing the big blind), posting it to play at once with ``post``."""
        self.seat, self.stack, self.bought_in = seat, chips, self.bought_in + chips
        self.fee_periods, self.fee_start, self.sitting_out = 0, now, False
        self.clear_debt()
        self.new, self.posting = new, post

    def clear_debt(self) -> None:
        """Dealt in: nothing owed any more."""
        self.new = self.missed_small_blind = self.missed_big_blind = self.posting = False
        self.missed_antes = 0

    def miss(self, ante: int, small_blind: bool, big_blind: bool) -> None:
        """Not in play for a deal: owe its ``ante``, and the blinds that passed the seat."""
        self.missed_antes += ante
        self.missed_small_blind |= small_blind
        self.missed_big_blind |= big_blind

    def charge(self, now: float, fee: int, period: float) -> None:
        """Take ``fee`` chips for each ``period`` seconds begun by ``now`` since the player sat down and
        not yet paid (as many as the stack holds)."""
        due = int((now - self.fee_start) // period) + 1 - self.fee_periods
        if due > 0 and self.stack and fee:
            paid = min(due * fee, self.stack)
            self.stack -= paid
            self.fees += paid
            self.fee_periods += due

    def settle(self, stack: int, vpip: Ratio) -> None:
        """A hand played: ``stack`` left, ``vpip`` the player's VPIP in it (:func:`~holdem.stats.vpip_by_seat`)."""
        self.stack = stack
        self.hands_played += 1
        self.voluntary_hands += vpip.count
        self.preflop_decisions += vpip.opportunities

    def undo_deal(self, before: Player, blinds: bool) -> None:
        """A deal the player was not dealt in is void (``before``: the record then): its time fee and the
        ante missed go back, and with ``blinds`` the blinds it passed; what the player did at the table
        meanwhile stands (a fee refunded after leaving is cashed out)."""
        refund, self.fees = self.fees - before.fees, before.fees
        self.fee_periods = min(self.fee_periods, before.fee_periods)
        if self.seat is None:
            self.cashed_out += refund
        else:
            self.stack += refund
        self.missed_antes = min(self.missed_antes, before.missed_antes)
        if blinds:
            self.missed_small_blind &= before.missed_small_blind
            self.missed_big_blind &= before.missed_big_blind

    def result(self) -> PlayerResult:
        """The player's session so far."""
        return PlayerResult(
            self.name, self.bought_in, self.cashed_out, self.stack, self.fees, self.hands_played,
            Ratio(self.voluntary_hands, self.preflop_decisions),
        )  # fmt: skip


def checked_buy_in(amount: object, stack: int, low: int | None, high: int | None, table_chips: int) -> int:
    """``amount`` of chips, if a player holding ``stack`` may buy them at a table holding ``table_chips``:
    a rebuy from zero of at least ``low``, a stack of at most ``high`` (``None``: no limit), the chips
    at the table within 2**60.

    >>> checked_buy_in(50, 0, 40, 200, 1000)
    50
    >>> checked_buy_in(150, 100, 40, 200, 1000)
    Traceback (most recent call last):
    ...
    holdem.errors.BuyInError: buy-in 150 on a stack of 100: allowed 1 to 100 chips

    :raises BuyInError: for an amount outside those limits.
    :raises TypeError: for an amount that is not an integer.
    """
    amount = chip_count(amount, "buy-in", BuyInError, 1)
    least = low if stack == 0 and low is not None else 1
    if amount < least or (high is not None and stack + amount > high):
        allowed = f"{least} to {high - stack}" if high is not None else f"at least {least}"
        raise BuyInError(f"buy-in {amount} on a stack of {stack}: allowed {allowed} chips")
    if table_chips + amount > MAX_CHIPS:
        raise BuyInError(f"buy-in {amount}: the chips at the table ({table_chips}) may add up to at most 2**60")
    return amount
