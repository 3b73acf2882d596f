"""The rules of a game of Texas Hold'em: betting structure, forced bets and table options.

A :class:`Rules` is immutable and validated on creation.  Build one with
:meth:`Rules.no_limit`, :meth:`Rules.pot_limit` or :meth:`Rules.fixed_limit`.

>>> rules = Rules.no_limit(1, 2, ante=1)
>>> rules.structure, rules.small_blind, rules.big_blind, rules.min_bet
(<Structure.NO_LIMIT: 'no-limit'>, 1, 2, 2)
>>> Rules.fixed_limit(2, 4).max_bets
4
"""

from __future__ import annotations

import dataclasses
import enum
import numbers
import re
from decimal import Decimal
from fractions import Fraction

from holdem.errors import InvalidRulesError
from holdem.limits import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, chip_count, integer

__all__ = ["InvalidRulesError", "OddChip", "Reopening", "Rules", "ShowdownOrder", "Structure"]


class Structure(str, enum.Enum):
    """A betting structure."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class OddChip(str, enum.Enum):
    """Who gets the chips left over when a pot is split.

    ``LEFT_OF_BUTTON`` (the card-room rule): one odd chip each to the winners in
    seat order clockwise from the button.  ``POKERKIT``: PokerKit's rule, the
    whole remainder to the first winner left of the button, after hands that
    win nothing are killed and adjacent pots with the same players are merged.
    """

    LEFT_OF_BUTTON = "left-of-button"
    POKERKIT = "pokerkit"


class Reopening(str, enum.Enum):
    """Whether an all-in raise of less than a full raise lets players who already acted raise again.

    ``SEEDS`` (the default): «Si un jugador va all-in por menos que una subida
    completa, por lo general no reabre la acción para quienes ya actuaron»;
    preflop the big blind and each straddle count as the last full bet, and in
    fixed limit an all-in of at least half a bet counts as a full raise.
    ``ACPC``: every raise reopens the betting, and the next minimum raise is
    at least the one before and at least this raise's size again (the ACPC
    reference dealer).  ``POKERKIT``: PokerKit 0.7.7's rule, where the first bet
    or raise of a round reopens the betting whatever its size, a later one only
    when it is a full raise.
    """

    SEEDS = "seeds"
    ACPC = "acpc"
    POKERKIT = "pokerkit"


class ShowdownOrder(str, enum.Enum):
    """Who shows first at showdown when no one bet on the last betting round (the last
    aggressor always shows first), the others following clockwise.

    ``LEFT_OF_BUTTON`` (seeds 000 and 004): the first player still in left of the button.
    ``RIGHT_OF_BUTTON`` (seed 002: «el jugador posicionado a la derecha del botón deberá
    ser el primero»): the first player still in right of the button.
    """

    LEFT_OF_BUTTON = "left-of-button"
    RIGHT_OF_BUTTON = "right-of-button"


@dataclasses.dataclass(frozen=True)
class Rules:
    """The rules of one game.

    Amounts are chips.  ``straddles`` lists the straddles by position after the
    big blind (UTG first, the button last; 0 for no straddle there): ``(4,)``
    is a UTG straddle over a big blind of 2 at any number of players, and
    ``(0, 0, 0, 4)`` a button straddle at six players.  ``button_straddle``
    names the button's straddle whatever the number of players: it takes the
    button's position (:meth:`straddles_at`), above every other straddle.
    Action preflop starts left of the last straddle, which acts last (seed
    004: «la acción suele empezar a la izquierda del straddle»); a straddle
    counts as the last full raise.  By default
    straddles are voluntary (seed 004: «Un straddle es una ciega voluntaria
    antes del reparto»): they are what the house allows, and each hand the
    player in a straddle position chooses (``Hand(straddles=...)``, or
    ``Table.straddle``).  With ``voluntary_straddles=False`` they are forced on
    whoever sits there, every hand (as PHH and ACPC record them).  Either way a
    position the table does not have at its player count is skipped: heads-up
    there is none (the button is the small blind).

    ``ante`` is posted by every player, or by the big blind alone with
    ``big_blind_ante``.  A player all in for less than the ante wins only the
    matched part of the antes; a big-blind ante is dead money in the main pot.
    A stack too short for both posts the ante first, then what it can of the blind.

    Fixed limit: ``max_bets`` caps the bets per street (``None``: no cap); with
    ``blind_counts_as_bet`` the big blind is the first of them preflop (set it
    to ``False`` for PokerKit's cap); ``uncapped_heads_up`` lifts the cap while
    only two players are in the hand.  ``reopening`` says whether a short
    all-in raise lets players who already acted raise again (:class:`Reopening`).

    ``fold_without_bet`` allows a fold when the player could check (off by
    default: the fold is rejected).  ``all_hands_show`` makes every hand that
    reaches showdown show; otherwise a hand that cannot win any pot is mucked.
    ``showdown_order`` says who shows first when no one bet on the last round
    (:class:`ShowdownOrder`).
    ``runouts`` boards are dealt when every remaining player is all in before
    the river (run it twice: 2); with ``runs_by_agreement`` it is the most the
    house allows, and the players involved agree on a number of runs before
    the board is dealt, or it is run once (seed 004: «Algunas permiten "run it
    twice" cuando hay all-in si todos los implicados lo aceptan antes de
    repartir tableros adicionales»).  ``rake`` is a fraction of the pot, at most
    ``rake_cap`` chips, none when no flop is dealt with ``no_flop_no_drop``.
    A big blind posted all in for less than the big blind makes the bet to
    call what it posted; with ``call_full_big_blind`` the others still call the
    full big blind (as far as a second player's chips match it) and raise from
    it, as many card rooms and sites play it, and what they put in beyond the
    short blind is a side pot or comes back.

    >>> Rules.no_limit(1, 2, straddles=(4,)).straddles
    (4,)
    >>> Rules.no_limit(1, 2, button_straddle=4).straddles_at(6)
    (0, 0, 0, 4)
    >>> Rules.no_limit(5, 2)
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidRulesError: big blind 2 is below the small blind 5: the big blind must be at least the small blind
    """

    structure: Structure
    small_blind: int
    big_blind: int
    min_bet: int
    small_bet: int = 0
    big_bet: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    straddles: tuple[int, ...] = ()
    button_straddle: int = 0
    voluntary_straddles: bool = True
    max_bets: int | None = 4
    blind_counts_as_bet: bool = True
    uncapped_heads_up: bool = False
    reopening: Reopening = Reopening.SEEDS
    fold_without_bet: bool = False
    all_hands_show: bool = False
    showdown_order: ShowdownOrder = ShowdownOrder.LEFT_OF_BUTTON
    odd_chip: OddChip = OddChip.LEFT_OF_BUTTON
    runouts: int = 1
    runs_by_agreement: bool = False
    rake: Fraction = Fraction(0)
    rake_cap: int | None = None
    no_flop_no_drop: bool = True
    call_full_big_blind: bool = False

    def __post_init__(self) -> None:
        set_field = object.__setattr__.__get__(self)
        set_field("structure", _member(Structure, self.structure, "structure"))
        set_field("odd_chip", _member(OddChip, self.odd_chip, "odd_chip"))
        set_field("showdown_order", _member(ShowdownOrder, self.showdown_order, "showdown_order"))
        set_field("reopening", _member(Reopening, self.reopening, "reopening"))
        for name in _FLAGS:
            if not isinstance(getattr(self, name), bool):
                raise TypeError(f"{name} {getattr(self, name)!r}: use True or False")
        if isinstance(self.straddles, (str, bytes)) or not hasattr(self.straddles, "__iter__"):
            raise TypeError(f"straddles {self.straddles!r}: use a sequence of chip amounts, such as (4,)")
        straddles = tuple(chip_count(amount, "straddle", InvalidRulesError) for amount in self.straddles)
        for name in ("small_blind", "big_blind", "min_bet", "small_bet", "big_bet", "ante", "button_straddle"):
            set_field(name, chip_count(getattr(self, name), name, InvalidRulesError))
        while straddles and not straddles[-1]:  # a zero is no straddle there
            straddles = straddles[:-1]
        set_field("straddles", straddles)
        if not self.has_straddles:  # nothing to choose: rules without straddles are alike
            set_field("voluntary_straddles", True)
        if self.big_blind < self.small_blind:
            raise InvalidRulesError(
                f"big blind {self.big_blind} is below the small blind {self.small_blind}: "
                "the big blind must be at least the small blind"
            )
        if self.big_blind == 0:
            raise InvalidRulesError("big blind 0: the big blind must be at least 1 chip")
        if self.min_bet < 1:
            raise InvalidRulesError(f"minimum bet {self.min_bet}: it must be at least 1 chip")
        if self.structure is Structure.FIXED_LIMIT and not 0 < self.small_bet <= self.big_bet:
            raise InvalidRulesError(
                f"small bet {self.small_bet} and big bet {self.big_bet}: fixed limit needs "
                "0 < small bet <= big bet"
            )
        previous = self.big_blind
        for amount in self.straddles:
            if amount and amount <= previous:
                raise InvalidRulesError(
                    f"straddle {amount} is not above the forced bet before it ({previous}): "
                    "each straddle must raise the one before"
                )
            previous = amount or previous
        if self.button_straddle and self.button_straddle <= previous:
            raise InvalidRulesError(
                f"button straddle {self.button_straddle} is not above the forced bets before it ({previous}): "
                "the button's straddle, the last, must raise every other"
            )
        if self.max_bets is not None:
            message = f"max_bets {self.max_bets!r}: use a count of bets from 1 to 2**60, or None"
            max_bets = integer(self.max_bets, "max_bets")
            if not 1 <= max_bets <= MAX_CHIPS:
                raise InvalidRulesError(message)
            set_field("max_bets", max_bets)
        message = f"runouts {self.runouts!r}: use 1 or more boards"
        runouts = integer(self.runouts, "runouts")
        if runouts < 1:
            raise InvalidRulesError(message)
        set_field("runouts", runouts)
        set_field("rake", _fraction_of_pot(self.rake))
        if self.rake_cap is not None:
            set_field("rake_cap", chip_count(self.rake_cap, "rake_cap", InvalidRulesError))

    @classmethod
    def no_limit(cls, small_blind: int, big_blind: int, **options: object) -> Rules:
        """No-limit rules; the minimum bet is the big blind unless ``min_bet`` is given.

        >>> Rules.no_limit(50, 100, min_bet=200).min_bet
        200
        """
        options.setdefault("min_bet", big_blind)
        return cls(Structure.NO_LIMIT, small_blind, big_blind, **options)  # type: ignore[arg-type]

    @classmethod
    def pot_limit(cls, small_blind: int, big_blind: int, **options: object) -> Rules:
        """Pot-limit rules: a raise may be at most the pot after calling.

        >>> Rules.pot_limit(1, 2).structure.value
        'pot-limit'
        """
        options.setdefault("min_bet", big_blind)
        return cls(Structure.POT_LIMIT, small_blind, big_blind, **options)  # type: ignore[arg-type]

    @classmethod
    def fixed_limit(
        cls,
        small_bet: int,
        big_bet: int,
        small_blind: int | None = None,
        big_blind: int | None = None,
        **options: object,
    ) -> Rules:
        """Fixed-limit rules, named by their bets as card rooms name a limit game: ``fixed_limit(2, 4)``
        is "2/4 limit", bets of 2 before the turn and of 4 from the turn on.

        (:meth:`no_limit` and :meth:`pot_limit` take the blinds instead.)  The
        blinds default to half the small bet and the small bet; give
        ``small_blind`` and ``big_blind`` for other blinds, ``small_blind=0``
        for a game with no small blind.

        >>> rules = Rules.fixed_limit(2, 4)
        >>> rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet
        (1, 2, 2, 4)
        >>> Rules.fixed_limit(small_bet=10, big_bet=20, small_blind=5, big_blind=10).small_blind
        5
        >>> Rules.fixed_limit(1, 2)
        Traceback (most recent call last):
        ...
        holdem.errors.InvalidRulesError: small blind 0 (half the big blind 1): give the blinds, e.g. Rules.fixed_limit(2, 4) or Rules.fixed_limit(1, 2, small_blind=1, big_blind=1); fixed_limit takes the bets, not the blinds

        :raises InvalidRulesError: as :class:`Rules` does, and for a default small blind of 0.
        :raises TypeError: for a big blind (or, without one, a small bet) that is not an integer.
        """
        big_blind = integer(small_bet, "small_bet") if big_blind is None else integer(big_blind, "big_blind")
        if small_blind is None:
            small_blind = big_blind // 2
            if small_blind == 0:
                raise InvalidRulesError(
                    f"small blind 0 (half the big blind {big_blind}): give the blinds, e.g. Rules.fixed_limit(2, 4) "
                    "or Rules.fixed_limit(1, 2, small_blind=1, big_blind=1); fixed_limit takes the bets, not the blinds"
                )
        options.setdefault("min_bet", small_bet or 1)
        return cls(
            Structure.FIXED_LIMIT,
            small_blind,
            big_blind,
            small_bet=small_bet,
            big_bet=big_bet,
            **options,  # type: ignore[arg-type]
        )

    @property
    def has_straddles(self) -> bool:
        """Whether these rules have a straddle at some position (``straddles`` or ``button_straddle``).

        >>> Rules.no_limit(1, 2).has_straddles, Rules.no_limit(1, 2, button_straddle=4).has_straddles
        (False, True)
        """
        return bool(self.straddles or self.button_straddle)

    def straddles_at(self, player_count: int) -> tuple[int, ...]:
        """The straddles at a table of ``player_count`` players, by position after the big blind: those of
        ``straddles`` the table has seats for (at most ``player_count - 2``: never the blinds), the button's
        position, the last, holding ``button_straddle`` when there is one; no trailing zeros.

        At three players UTG is the button, and a button straddle replaces a UTG straddle; heads-up the
        button is the small blind and no one straddles.

        >>> rules = Rules.no_limit(1, 2, straddles=(4,), button_straddle=8)
        >>> rules.straddles_at(6), rules.straddles_at(4), rules.straddles_at(3), rules.straddles_at(2)
        ((4, 0, 0, 8), (4, 8), (8,), ())
        """
        count = integer(player_count, "player_count")
        self.check_player_count(count)
        seats = count - 2
        if not (self.button_straddle and seats):
            straddles = self.straddles[:seats]
        else:
            before = self.straddles[: seats - 1]
            straddles = before + (0,) * (seats - 1 - len(before)) + (self.button_straddle,)
        while straddles and not straddles[-1]:
            straddles = straddles[:-1]
        return straddles

    def at_table(self, player_count: int) -> Rules:
        """These rules as a table of ``player_count`` players plays them: the straddles by position there
        (:meth:`straddles_at`) and no straddle named by position (these rules when they are so already).

        >>> Rules.no_limit(1, 2, button_straddle=4).at_table(4).straddles
        (0, 4)
        """
        straddles = self.straddles_at(player_count)
        if straddles == self.straddles and not self.button_straddle:
            return self
        return dataclasses.replace(self, straddles=straddles, button_straddle=0)

    def check_player_count(self, player_count: int) -> None:
        """Raise :class:`InvalidRulesError` unless these rules can seat ``player_count`` players.

        >>> Rules.no_limit(1, 2).check_player_count(11)
        Traceback (most recent call last):
        ...
        holdem.errors.InvalidRulesError: 11 players: a hand needs 2 to 10 players
        """
        if not MIN_PLAYERS <= player_count <= MAX_PLAYERS:
            raise InvalidRulesError(f"{player_count} players: a hand needs {MIN_PLAYERS} to {MAX_PLAYERS} players")


def checked_rules(rules: object) -> Rules:
    """``rules`` when it is a :class:`Rules`: the one check of every entry point that takes rules.

    >>> checked_rules("nl")
    Traceback (most recent call last):
    ...
    TypeError: rules 'nl': expected a Rules, e.g. Rules.no_limit(1, 2)
    """
    if type(rules) is not Rules:
        raise TypeError(f"rules {rules!r}: expected a Rules, e.g. Rules.no_limit(1, 2)")
    return rules


def _member(kind: type[enum.Enum], value: object, name: str):  # type: ignore[no-untyped-def]
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(repr(member.value) for member in kind)
        raise InvalidRulesError(f"{name} {value!r}: use one of {allowed}") from None


_FLAGS = (
    "big_blind_ante",
    "voluntary_straddles",
    "blind_counts_as_bet",
    "uncapped_heads_up",
    "fold_without_bet",
    "all_hands_show",
    "runs_by_agreement",
    "no_flop_no_drop",
    "call_full_big_blind",
)
# A rake written as text: a fraction ("1/20") or a decimal ("0.05"), of a bounded size.
_RAKE_TEXT = re.compile(r"[0-9]{1,18}/[0-9]{1,18}|[0-9]{0,18}\.?[0-9]{1,18}")


def _fraction_of_pot(rake: object) -> Fraction:
    """A rake (a number, or text such as ``"1/20"``) as a Fraction from 0 to below 1."""
    if type(rake) is Fraction and 0 <= rake < 1:  # the default, and a Rules' own when copied
        return rake
    message = f"rake {rake!r}: use a fraction of the pot from 0 to below 1, such as 0.05 or '1/20'"
    if isinstance(rake, bool) or not isinstance(rake, (numbers.Real, Decimal, str)):
        raise TypeError(message)
    if isinstance(rake, str) and not _RAKE_TEXT.fullmatch(rake):
        raise InvalidRulesError(message)
    try:
        if isinstance(rake, numbers.Rational):
            fraction = Fraction(rake)
        else:  # a float's shortest text: 0.05 is 1/20
            fraction = Fraction(rake if isinstance(rake, str) else str(float(rake)))
    except (ValueError, ZeroDivisionError):  # NaN, infinities, 1/0
        raise InvalidRulesError(message) from None
    if not 0 <= fraction < 1:
        raise InvalidRulesError(message)
    return fraction
