"""What every site's parser shares: the neutral form of a hand, what a reading yields (a record a hand,
a problem), the registry of sites, and the readers of amounts, cards and times as sites print them.

A site module (:mod:`holdem.formats.pokerstars` is the first) imports this
module, turns the text of one hand into a :class:`ParsedHand` (a compiled
reader, PokerStars', into the replay's own form of it) and registers
itself with :func:`register`; :mod:`holdem.formats.histories`, which imports
every site module, reads the files and replays the hands.  This module
imports no site module and no reader, so that the imports go one way: this
module, then each site, then the reader.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from holdem.cards import Card, parse_cards
from holdem.errors import HoldemError
from holdem.formats._times import site_time
from holdem.hand import Hand
from holdem.rules import Structure

if TYPE_CHECKING:
    from holdem.formats._histories import Script

__all__ = [
    "EXACT_AMOUNTS",
    "GAME_NAMES",
    "Act",
    "HandProblem",
    "LINE_TOO_LONG",
    "MAX_HAND_LINE",
    "MONTHS",
    "MAX_HAND_LINES",
    "ParsedHand",
    "Post",
    "PostKind",
    "Problem",
    "Seat",
    "Site",
    "SiteHand",
    "currency_of",
    "identify",
    "names_longest_first",
    "parse_amount",
    "parse_hand_cards",
    "parse_into",
    "player_of",
    "register",
    "site_time",
    "worded_decision",
]

MAX_HAND_LINES = 5_000
"""The most lines one hand may have (a long hand has a hundred)."""
MAX_HAND_LINE = 5_000
"""The most characters a line of a hand may have (the longest has a few hundred): a hand with a longer one is
a problem, not given to the site's parser, so that no line costs a parser more than a moment (a site that
splits its documents itself, iPoker's XML, reads them in linear time)."""
LINE_TOO_LONG = "\x01"
"""What a file's lines hold in place of a line too long to keep (``holdem.formats.histories.MAX_LINE``): no
site's line; the hand it is in is a problem, not read."""
EXACT_AMOUNTS = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)
"""The context the readers and the replay work out amounts in (sums, nets): exactly, whatever the caller's."""

# ------------------------------------------------------------------ the neutral form of a hand


class HandProblem(Exception):
    """Raised by a site's parser (or the replay) for a hand that cannot be imported: ``reason`` in
    words a person can act on, ``line`` the line number it is about (``None``: the hand's first)."""

    def __init__(
        self, reason: str, line: int | None = None, *, skipped: bool = False, game: str | None = None,
        hand_id: str | None = None,
    ) -> None:  # fmt: skip
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.game = game
        """The game, when the hand's parser knew it before it stopped."""
        self.hand_id = hand_id
        """The hand's id, when the hand's parser knew it before it stopped (else it is looked for
        after a ``#`` in the hand's first line)."""
        self.skipped = skipped
        """Whether the hand is skipped on purpose (not hold'em, cancelled), not a failure to read it."""


class PostKind:
    """The kinds of forced bet a :class:`Post` records (plain strings)."""

    ANTE = "ante"
    SMALL_BLIND = "small blind"
    BIG_BLIND = "big blind"
    STRADDLE = "straddle"
    DEAD = "dead"
    """Chips straight into the pot (a dead small blind, a missed blind posted dead)."""
    LIVE = "live"
    """A live blind posted out of position (a player coming into the game)."""
    LIVE_AND_DEAD = "live and dead"
    """A live big blind and a dead part (PokerStars' ``posts small & big blinds``)."""


@dataclasses.dataclass(slots=True)
class Post:
    """One forced bet: who, its kind (:class:`PostKind`), the live and dead amounts in the site's units."""

    name: str
    kind: str
    live: Decimal
    dead: Decimal = Decimal(0)
    line: int = 0


@dataclasses.dataclass(slots=True)
class Act:
    """One decision: ``verb`` is ``fold``, ``check``, ``call``, ``bet``, ``raise_to`` (the total for
    the street), ``raise_by`` (the increment over the bet faced), ``adds`` (the chips the player
    puts in with it: a call when they make the call or less, else a bet or raise to the player's
    bet plus them, as 888, partypoker and WPN 2016 print raises) or ``all_in`` (``adds`` of the
    rest of the player's stack, checked to be all of it, as partypoker, iPoker and WPN 2016 print
    all-ins); ``amount`` as printed."""

    name: str
    verb: str
    amount: Decimal | None = None
    line: int = 0


@dataclasses.dataclass(slots=True)
class Seat:
    """A player dealt in: the site's seat number, name and chips before the hand."""

    number: int
    name: str
    stack: Decimal
    bounty: Decimal | None = None


@dataclasses.dataclass(slots=True)
class ParsedHand:
    """A hand as a site module reads it, before replay: the neutral form every site fills.

    Amounts are :class:`~decimal.Decimal` in the site's units, as printed;
    cards are tuples of card codes.  ``seats`` are the players dealt in, in
    seat order; ``button`` is the site's button seat number (which may be
    empty).  ``streets`` holds the decisions of each betting round (preflop
    first).  ``boards`` holds the board of each run (one unless run more than
    once), as far as it was dealt.  ``returned`` are the uncalled bets the
    site prints as given back (``None``: the site prints none);
    ``collected`` what each player took from the pots (with the uncalled bet
    folded in when ``returns_in_collected``); ``total_pot`` the pot before rake (with the
    uncalled bets in it when ``returns_in_total_pot``); ``rake`` as printed (see
    ``rake_printed``).  ``cash_outs`` and
    ``cash_out_fees`` are kept apart from the pot results.
    """

    site: str
    hand_id: str
    line: int
    game: str = "Hold'em No Limit"
    structure: Structure = Structure.NO_LIMIT
    fast_fold: bool = False
    tournament: str | None = None
    table: str | None = None
    max_seats: int | None = None
    started: datetime.datetime | None = None
    currency: str | None = None
    small_blind: Decimal = Decimal(0)
    big_blind: Decimal = Decimal(0)
    small_bet: Decimal | None = None
    big_bet: Decimal | None = None
    button: int | None = None
    seats: list[Seat] = dataclasses.field(default_factory=list)
    hero: str | None = None
    holes: dict[str, tuple[Card, ...]] = dataclasses.field(default_factory=dict)
    posts: list[Post] = dataclasses.field(default_factory=list)
    streets: list[list[Act]] = dataclasses.field(default_factory=lambda: [[]])
    boards: list[tuple[Card, ...]] = dataclasses.field(default_factory=list)
    returned: dict[str, Decimal] | None = dataclasses.field(default_factory=dict)
    returns_in_collected: bool = False
    returns_in_total_pot: bool = False
    shown: dict[str, tuple[Card, ...]] = dataclasses.field(default_factory=dict)
    mucked: set[str] = dataclasses.field(default_factory=set)
    collected: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    total_pot: Decimal | None = None
    rake: Decimal = Decimal(0)
    rake_printed: bool = True
    """Whether the site prints the rake; when it does not (partypoker), what the pots hold beyond the
    collected amounts (and the ``jackpot``) is the rake."""
    jackpot: Decimal = Decimal(0)
    cash_outs: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    cash_out_fees: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    bounties: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    rules: dict[str, Any] = dataclasses.field(default_factory=dict)
    """Rules options of this site (``reopening``, ``odd_chip``, ...), over the framework's defaults."""


@dataclasses.dataclass(frozen=True, slots=True)
class SiteHand:
    """A hand read from a site's history, replayed and checked.

    ``players``, ``seats`` (the site's seat numbers) and ``net`` (each
    player's result from the pots, in the site's units, rake taken) are in seat
    order, as are the seats of ``hand``.  ``unit`` is the value of one chip of
    ``hand``: ``hand.payoffs[i] * unit`` is what player ``i`` won or lost
    before rake.  ``button`` is the site's button seat number; ``hero`` the
    player whose hole cards the file's owner saw dealt (``None`` when the
    owner was dealt no cards: watching, or sitting out).  Cash-outs (a player
    selling the pot's result before the board) are in ``cash_outs`` and
    ``cash_out_fees``, never in ``net``.
    """

    site: str
    hand_id: str
    table: str | None
    started: datetime.datetime | None
    tournament: str | None
    currency: str | None
    unit: Decimal
    players: tuple[str, ...]
    seats: tuple[int, ...]
    button: int | None
    hero: str | None
    hand: Hand
    net: tuple[Decimal, ...]
    rake: Decimal
    jackpot: Decimal
    game: str
    fast_fold: bool = False
    max_seats: int | None = None
    cash_outs: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    cash_out_fees: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    bounties: dict[str, Decimal] = dataclasses.field(default_factory=dict)
    source: str = "<file>"
    line: int = 0


@dataclasses.dataclass(frozen=True)
class Problem:
    """A hand (or some text) that was not imported, and why.

    >>> str(Problem("a.txt", 12, "7", "PokerStars", "the hand ends before its summary"))
    'a.txt, line 12: PokerStars hand 7: the hand ends before its summary'
    """

    file: str
    line: int
    hand_id: str | None
    site: str | None
    reason: str
    skipped: bool = False
    """Whether the hand was left out on purpose (not hold'em, cancelled) rather than unreadable."""

    def __str__(self) -> str:
        what = f"{self.site or 'unknown site'} hand {self.hand_id}: " if self.hand_id else ""
        return f"{self.file}, line {self.line}: {what}{self.reason}"


GAME_NAMES = {Structure.NO_LIMIT: "Hold'em No Limit", Structure.POT_LIMIT: "Hold'em Pot Limit", Structure.FIXED_LIMIT: "Hold'em Limit"}
"""The name of each betting structure's game, as the :class:`~holdem.formats.histories.Summary` counts them,
whatever a site calls it."""


# ------------------------------------------------------------------ the sites


@dataclasses.dataclass(frozen=True)
class Site:
    """A site's reader: its ``name``, the ``starts`` of a line that begins one of its hands (as
    ``str.startswith`` takes them), and ``parse``, which turns the lines of one hand (the
    first at line number ``line``) into a :class:`ParsedHand` (or, for a compiled reader, the
    replay's own form of it) or raises :class:`HandProblem`; ``preludes`` as below."""

    name: str
    starts: tuple[str, ...]
    parse: Callable[[list[str], int], ParsedHand | Script]
    preludes: tuple[str, ...] = ()
    """The starts of lines that some versions print before each hand's first line (partypoker's
    ``Game #1 starts.``, 888's and old partypoker's ``#Game No : 1``): they belong to no hand, are
    not text outside any hand, and are never given to ``parse`` (a hand's preludes are taken off
    the end of the hand before)."""
    first_line: re.Pattern[str] | None = None
    """What a line that begins with one of ``starts`` must also match (``re.match``) to start a
    hand, when the starts alone could begin another site's line (WPN's ``Hand #N - ``, not Full
    Tilt's ``Hand #N has been canceled``)."""
    split: Callable[[Iterator[tuple[int, str]]], Iterator[tuple[int, list[str]]]] | None = None
    """For a site whose files are documents (iPoker's XML): given the numbered lines from the one
    that starts a document on, the document's hands, each as its first line's number and the lines
    ``parse`` reads; it stops after the document's last line, and raises :class:`HandProblem` for
    a document it cannot read on."""
    spans: bool = False
    """Whether ``parse`` takes a hand's lines as one :class:`~holdem.formats._histories.Lines`, the spans of one
    text as the splitter gathers them (a compiled reader's, which reads the lines in place; it takes a list of
    ``str`` too), rather than a list of ``str``."""


_SITES: list[Site] = []
_ALL_STARTS: tuple[str, ...] = ()
_ALL_PRELUDES: tuple[str, ...] = ()


def register(site: Site) -> Site:
    """Add a site's reader (each site module calls it once, at import); a line that starts the hands of
    two sites is read by the one registered last."""
    global _ALL_STARTS, _ALL_PRELUDES
    for texts in (site.starts, site.preludes):
        if not isinstance(texts, tuple) or not all(isinstance(text, str) for text in texts):
            raise TypeError(f"a site's starts and preludes are tuples of str, not {texts!r}")
    if site.first_line is not None and not isinstance(site.first_line, re.Pattern):
        raise TypeError(f"a site's first line is a compiled pattern or None, not {site.first_line!r}")
    starts, preludes = _ALL_STARTS + site.starts, _ALL_PRELUDES + site.preludes
    _SITES.append(site)
    _ALL_STARTS, _ALL_PRELUDES = starts, preludes
    return site


def parse_into(
    parsed: ParsedHand, read: Callable[[list[str], int, ParsedHand], ParsedHand], lines: list[str], line: int
) -> ParsedHand:
    """``read(lines, line, parsed)``, a site's reading of one hand into ``parsed``; a :class:`HandProblem`
    it raises is given the hand's id and game, as far as ``parsed`` holds them."""
    try:
        return read(lines, line, parsed)
    except HandProblem as problem:
        identify(problem, parsed)
        raise


def identify(problem: HandProblem, parsed: ParsedHand) -> None:
    """Give ``problem`` the hand's id and game, as far as ``parsed`` holds them (and ``problem`` does not)."""
    problem.game = problem.game or parsed.game
    problem.hand_id = problem.hand_id or parsed.hand_id or None


def names_longest_first(seats: Iterable[Seat]) -> list[str]:
    """The players' names, longest first: the order to find whose line it is when lines start with a
    name and no colon (a name may be another's start)."""
    return sorted((seat.name for seat in seats), key=len, reverse=True)


def worded_decision(name: str, words: list[str], number: int) -> Act | None:
    """A decision as most sites word it after the player's name (``and is all-in`` taken off):
    ``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to Y``; ``None`` for other words.

    >>> worded_decision("Ann", "raises $2 to $3".split(" "), 7)
    Act(name='Ann', verb='raise_to', amount=Decimal('3'), line=7)
    """
    verb, size = words[0], len(words)
    if size == 1 and verb in ("folds", "checks"):
        return Act(name, verb[:-1] if verb == "folds" else "check", None, number)
    if size == 2 and verb in ("calls", "bets"):
        return Act(name, verb[:-1], parse_amount(words[1]), number)
    if size == 4 and verb == "raises" and words[2] == "to":
        return Act(name, "raise_to", parse_amount(words[3]), number)
    return None


# ------------------------------------------------------------------ amounts, cards, times

MONTHS = {name: number for number, names in enumerate(
    [("January", "Jan"), ("February", "Feb"), ("March", "Mar"), ("April", "Apr"), ("May",), ("June", "Jun"),
     ("July", "Jul"), ("August", "Aug"), ("September", "Sep"), ("October", "Oct"), ("November", "Nov"),
     ("December", "Dec")], 1) for name in names}  # fmt: skip
"""The months' English names, whole and short, by number: the sites that print a date in words."""

_CURRENCY_SIGNS = {"$": "USD", "€": "EUR", "£": "GBP"}
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,\u00a0 ]\d+)*|\d*[.,]\d+)[kKmM]?")
_AMOUNT_JUNK = " $€£¥\u00a0"
_SCALES = {"k": Decimal(1000), "m": Decimal(1_000_000)}


@functools.lru_cache(maxsize=8192)
def parse_amount(text: str) -> Decimal:
    """An amount as sites print it, exactly: currency signs and codes, thousands separators,
    decimal commas, ``K`` and ``M`` suffixes.

    A separator followed by exactly three digits, when it is the only kind in the
    amount, separates thousands (``3.000 $`` is three thousand); otherwise the last
    separator is the decimal point.

    >>> [str(parse_amount(text)) for text in ("$0.02", "0,02$", "3.000 $", "€1,234.50", "500K", "1.5k", "1 500")]
    ['0.02', '0.02', '3000', '1234.50', '500000', '1500.0', '1500']
    >>> [str(parse_amount(text)) for text in ("$0.125", "0,125 €", "1.234.567")]
    ['0.125', '0.125', '1234567']
    >>> parse_amount("ten")
    Traceback (most recent call last):
    ...
    holdem.formats.parsing.HandProblem: amount 'ten' is not a number
    """
    number = text.strip(_AMOUNT_JUNK).removesuffix("USD").removesuffix("EUR").removesuffix("GBP").strip(_AMOUNT_JUNK)
    if len(number) > 40 or not _NUMBER.fullmatch(number):
        raise HandProblem(f"amount {text!r} is not a number")
    scale = _SCALES.get(number[-1].lower())
    if scale is not None:
        number = number[:-1]
    marks = [mark for mark in number if not mark.isdigit() and mark not in "+-"]
    if marks:
        last = max(number.rfind("."), number.rfind(","))
        kinds = set(marks)
        first, *groups = re.split(r"[.,]", number.lstrip("+-"))
        thousands_only = (  # 0.125 is a decimal: no group of thousands starts with 0
            len(kinds) == 1 and marks[0] in ".," and 1 <= len(first) <= 3 and not first.startswith("0")
            and all(len(group) == 3 for group in groups)
        )
        spaced = kinds <= {" ", "\u00a0"}
        if thousands_only or spaced:
            number = re.sub(r"[.,\u00a0 ]", "", number)
        else:
            number = re.sub(r"[.,\u00a0 ]", "", number[:last]) + "." + number[last + 1 :]
    try:
        value = Decimal(number)
    except InvalidOperation:
        raise HandProblem(f"amount {text!r} is not a number") from None
    return value * scale if scale is not None else value


def currency_of(text: str) -> str | None:
    """The currency an amount's sign or code names (``None``: chips).

    >>> currency_of("$0.02"), currency_of("0,02 €"), currency_of("1500")
    ('USD', 'EUR', None)
    """
    for sign, code in _CURRENCY_SIGNS.items():
        if sign in text:
            return code
    for code in ("USD", "EUR", "GBP", "CAD", "INR", "CNY"):
        if code in text:
            return code
    return None


@functools.lru_cache(maxsize=4096)
def parse_hand_cards(text: str) -> tuple[Card, ...]:
    """Cards as sites print them (``Ah Kd``, ``AhKd``, ``10h``), as codes.

    >>> parse_hand_cards("Ah Kd")
    (50, 45)
    """
    try:
        return parse_cards(text)
    except HoldemError as error:
        raise HandProblem(f"cards {text!r}: {error}") from None


def player_of(text: str, names: list[str]) -> str | None:
    """The player a line is about (``NAME verb ...`` or ``NAME: chat``): the first of ``names`` (give
    the longest first) that the line starts with, before a space or a colon.

    >>> player_of("Ann B folds", ["Ann B", "Ann"]), player_of("Annie folds", ["Ann"])
    ('Ann B', None)
    """
    for name in names:
        if text.startswith(name) and text[len(name) : len(name) + 1] in (" ", ":"):
            return name
    return None
