"""Blind schedules: the levels of blinds and antes that rise as a tournament (or a cash table) goes on.

A level applies from the first hand dealt after it starts, never to a hand in
progress (seed 000: «el aumento solo se aplica a la siguiente ronda de juego
("mano") y nunca se introduce dentro de una ronda de juego actual»).

>>> schedule = BlindSchedule([Level(10, 20), Level(20, 40, ante=5)], hands_per_level=10)
>>> schedule.level_at(hands=25, seconds=0.0)
1
>>> schedule.rules(1, Rules.no_limit(1, 2)).ante
5
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence

from holdem.errors import TournamentError, real_number
from holdem.limits import integer
from holdem.rules import Rules, Structure, checked_rules

__all__ = ["BlindSchedule", "Level", "SmallBet"]


class SmallBet(str, enum.Enum):
    """The small bet of a fixed-limit game at each level (the big bet is twice it).

    ``BIG_BLIND`` (the default, as card rooms deal limit): the small bet is the
    big blind.  ``SMALL_BLIND`` (seed 002: the small bet «corresponde al importe
    de la ciega pequeña»): the small bet is the small blind.
    """

    BIG_BLIND = "big-blind"
    SMALL_BLIND = "small-blind"


@dataclasses.dataclass(frozen=True)
class Level:
    """One level of a blind schedule: the blinds and the ante, paid by everyone or, with
    ``big_blind_ante``, by the big blind alone.

    :raises InvalidRulesError: for blinds or an ante that no rules allow.
    :raises TypeError: for amounts that are not integers.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False

    def __post_init__(self) -> None:
        checked = Rules.no_limit(self.small_blind, self.big_blind, ante=self.ante, big_blind_ante=self.big_blind_ante)
        for name in ("small_blind", "big_blind", "ante"):
            object.__setattr__(self, name, getattr(checked, name))

    def rules(self, base: Rules, small_bet: SmallBet | str = SmallBet.BIG_BLIND) -> Rules:
        """``base`` at this level: its blinds and ante, the minimum bet of a big blind, straddles as
        many big blinds as before; in fixed limit, bets of ``small_bet`` (:class:`SmallBet`) and twice it.

        >>> Level(50, 100, ante=100, big_blind_ante=True).rules(Rules.fixed_limit(2, 4)).big_bet
        200
        >>> Level(50, 100).rules(Rules.fixed_limit(2, 4), small_bet="small-blind").big_bet
        100

        :raises TournamentError: for a ``small_bet`` that is not one of :class:`SmallBet`.
        :raises TypeError: for a ``base`` that is not :class:`Rules`.
        """
        base = checked_rules(base)
        bet = self.big_blind if _small_bet(small_bet) is SmallBet.BIG_BLIND else self.small_blind
        limit = base.structure is Structure.FIXED_LIMIT
        return dataclasses.replace(
            base, small_blind=self.small_blind, big_blind=self.big_blind, ante=self.ante,
            big_blind_ante=self.big_blind_ante, min_bet=bet if limit else self.big_blind,
            small_bet=bet if limit else base.small_bet, big_bet=2 * bet if limit else base.big_bet,
            straddles=tuple(amount * self.big_blind // base.big_blind for amount in base.straddles),
            button_straddle=base.button_straddle * self.big_blind // base.big_blind,
        )  # fmt: skip


@dataclasses.dataclass(frozen=True)
class BlindSchedule:
    """Blind levels that advance every ``hands_per_level`` hands or every ``seconds_per_level`` seconds.

    The last level lasts for ever.  A new level applies from the first hand
    dealt after it starts, never to a hand in progress.  In fixed limit each
    level's bets are of ``small_bet`` (:class:`SmallBet`) and twice it.

    >>> schedule = BlindSchedule([Level(10, 20), Level(20, 40)], seconds_per_level=600)
    >>> schedule.level_at(hands=50, seconds=599.0), schedule.level_at(hands=0, seconds=600.0)
    (0, 1)

    :raises TournamentError: for no levels, both or neither of the lengths, a length that is not
        positive, or a ``small_bet`` that is not one of :class:`SmallBet`.
    :raises TypeError: for levels that are not a sequence of :class:`Level`.
    """

    levels: Sequence[Level]
    hands_per_level: int | None = None
    seconds_per_level: float | None = None
    small_bet: SmallBet = SmallBet.BIG_BLIND

    def __post_init__(self) -> None:
        if isinstance(self.levels, (str, bytes)) or not hasattr(self.levels, "__iter__"):
            raise TypeError(f"levels {self.levels!r}: give a sequence of Level")
        object.__setattr__(self, "levels", tuple(self.levels))
        if not self.levels or not all(isinstance(level, Level) for level in self.levels):
            raise TournamentError(f"levels {self.levels!r}: give at least one Level")
        object.__setattr__(self, "small_bet", _small_bet(self.small_bet))
        if (self.hands_per_level is None) == (self.seconds_per_level is None):
            raise TournamentError("give hands_per_level or seconds_per_level: exactly one")
        length = self.hands_per_level if self.hands_per_level is not None else self.seconds_per_level
        message = f"a level of {length!r}: levels last a positive number of hands or seconds"
        if self.hands_per_level is not None:
            length = integer(length, "hands_per_level")
            object.__setattr__(self, "hands_per_level", length)
        else:
            length = real_number(length, TournamentError, message)
            object.__setattr__(self, "seconds_per_level", length)
        if not length > 0:
            raise TournamentError(message)

    def level_at(self, hands: int, seconds: float) -> int:
        """The index of the level after ``hands`` hands and ``seconds`` seconds of play."""
        if self.hands_per_level is not None:
            index = hands // self.hands_per_level
        else:
            index = int(seconds // self.seconds_per_level)  # type: ignore[operator]
        return min(index, len(self.levels) - 1)

    def rules(self, index: int, base: Rules) -> Rules:
        """``base`` at level ``index`` (:meth:`Level.rules`, with this schedule's ``small_bet``).

        >>> BlindSchedule([Level(10, 20)], hands_per_level=10).rules(1, Rules.no_limit(1, 2))
        Traceback (most recent call last):
        ...
        holdem.errors.TournamentError: level 1: this schedule's levels are 0 to 0

        :raises TournamentError: for an index that is not one of the levels.
        :raises TypeError: for an index that is not an integer, or a ``base`` that is not :class:`Rules`.
        """
        index = integer(index, "level")
        if not 0 <= index < len(self.levels):
            raise TournamentError(f"level {index}: this schedule's levels are 0 to {len(self.levels) - 1}")
        return self.levels[index].rules(base, self.small_bet)


def _small_bet(value: object) -> SmallBet:
    try:
        return SmallBet(value)
    except ValueError:
        raise TournamentError(f"small_bet {value!r}: use 'big-blind' or 'small-blind'") from None
