"""The poker sites' own hand histories: read, replayed through the engine, and checked.

:func:`read_histories` reads files, folders, or open file objects; it
recognises each site's format from the text, splits the text into hands
without ever holding more than one hand, and yields a :class:`SiteHand` for
each Texas hold'em hand that replays to the site's own result.  Every other
hand is a :class:`Problem` (file, line, hand id, site and why), and the
reading goes on.

A site module (:mod:`holdem.formats.pokerstars` is the first) only turns the
text of one hand into a :class:`ParsedHand`, the neutral form every site
shares, and registers itself with :func:`register` (both, and the readers of
amounts, cards and times the sites share, live in
:mod:`holdem.formats.parsing`, which imports no site, and are importable from
here too); this module imports every site module and owns the rest:
encodings, streaming, amounts scaled to chips, the replay under the site's
rules, the checks against the site's summary, problems and counts.

>>> import io
>>> text = '''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/05/01 20:00:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Bob ($2 in chips)
... Bob: posts small blind $0.01
... Ann: posts big blind $0.02
... *** HOLE CARDS ***
... Dealt to Ann [As Ad]
... Bob: raises $0.04 to $0.06
... Ann: folds
... Uncalled bet ($0.04) returned to Bob
... Bob collected $0.04 from pot
... *** SUMMARY ***
... Total pot $0.04 | Rake $0
... Seat 1: Ann (big blind) folded before Flop
... Seat 2: Bob (small blind) collected ($0.04)
... '''
>>> reader = read_histories(io.StringIO(text))
>>> [(record.hand_id, record.players, record.net) for record in reader]
[('1', ('Ann', 'Bob'), (Decimal('-0.02'), Decimal('0.02')))]
>>> reader.summary.imported, reader.problems
(1, [])
"""

from __future__ import annotations

import codecs
import dataclasses
import datetime
import functools
import io
import itertools
import os
import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import IO, Any

from holdem.actions import ActionKind
from holdem.cards import Card
from holdem.errors import HoldemError, InvalidHistoryError

from holdem.formats import parsing
from holdem.formats import (  # noqa: F401 (each site module registers its reader as it is imported)
    fulltilt,
    ggpoker,
    ipoker,
    partypoker,
    poker888,
    pokerstars,
    winamax,
    wpn,
)
from holdem.formats.parsing import (
    GAME_NAMES,
    LINE_TOO_LONG,
    MAX_HAND_LINES,
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Site,
    names_longest_first,
    parse_amount,
    parse_into,
    player_of,
    read_summary_seat,
    read_total_pot,
    register,
    site_time,
    worded_decision,
)
from holdem.hand import Hand
from holdem.limits import MAX_CHIPS
from holdem.rules import Rules, Structure
from holdem.views import SeatStatus

__all__ = [
    "GAME_NAMES",
    "Act",
    "HandProblem",
    "HistoryReader",
    "LINE_TOO_LONG",
    "ParsedHand",
    "Post",
    "PostKind",
    "Problem",
    "Seat",
    "Site",
    "SiteHand",
    "Summary",
    "names_longest_first",
    "parse_amount",
    "parse_into",
    "player_of",
    "read_histories",
    "read_summary_seat",
    "read_total_pot",
    "register",
    "site_time",
    "worded_decision",
]

MAX_LINE = 100_000
"""The most characters a line of a hand history may have; a longer line is a problem, skipped unread."""

# ------------------------------------------------------------------ what a reader yields


@dataclasses.dataclass(frozen=True)
class SiteHand:
    """A hand read from a site's history, replayed and checked.

    ``players``, ``seats`` (the site's seat numbers) and ``net`` (each
    player's result from the pots, in the site's units, rake taken) are in seat
    order, as are the seats of ``hand``.  ``unit`` is the value of one chip of
    ``hand``: ``hand.payoffs[i] * unit`` is what player ``i`` won or lost
    before rake.  ``button`` is the site's button seat number; ``hero`` the
    player whose hole cards the file's owner saw dealt.  Cash-outs (a player
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


@dataclasses.dataclass
class Summary:
    """Counts of a reading, per site and game: hands read, imported, and the others by reason.

    >>> summary = Summary()
    >>> summary.count("PokerStars", "Hold'em No Limit", None)
    >>> summary.count("PokerStars", "Omaha Pot Limit", "not Texas hold'em")
    >>> summary.read, summary.imported, summary.problems["not Texas hold'em"]
    (2, 1, 1)
    >>> print(summary)
    PokerStars, Hold'em No Limit: 1 read, 1 imported
    PokerStars, Omaha Pot Limit: 1 read, 0 imported, 1 not Texas hold'em
    """

    games: dict[tuple[str, str], Counter[str]] = dataclasses.field(default_factory=dict)
    problems: Counter[str] = dataclasses.field(default_factory=Counter)
    """Problems by kind (their reason up to the first colon), over every site."""

    def count(self, site: str, game: str, problem: str | None) -> None:
        """Count a hand of ``site``'s ``game``: imported when ``problem`` is ``None``, else not, for that kind."""
        counts = self.games.setdefault((site, game), Counter())
        counts["read"] += 1
        if problem is None:
            counts["imported"] += 1
        else:
            counts[problem] += 1
            self.problems[problem] += 1

    def add(self, other: Summary) -> None:
        """Add the counts of another reading to these."""
        for key, counts in other.games.items():
            self.games.setdefault(key, Counter()).update(counts)
        self.problems.update(other.problems)

    @property
    def read(self) -> int:
        """The hands read (imported or not)."""
        return sum(counts["read"] for counts in self.games.values())

    @property
    def imported(self) -> int:
        """The hands imported: replayed and checked."""
        return sum(counts["imported"] for counts in self.games.values())

    def __str__(self) -> str:
        lines = []
        for (site, game), counts in sorted(self.games.items()):
            others = [f"{count} {kind}" for kind, count in counts.most_common() if kind not in ("read", "imported")]
            lines.append(
                f"{site}, {game}: " + ", ".join([f"{counts['read']} read", f"{counts['imported']} imported", *others])
            )
        return "\n".join(lines)


# ------------------------------------------------------------------ reading files


class HistoryReader:
    """The hands of :func:`read_histories`: iterate it for the :class:`SiteHand` records; meanwhile
    ``problems`` collects every :class:`Problem` (unless an ``on_problem`` callback takes them)
    and ``summary`` counts the hands (:class:`Summary`)."""

    def __init__(
        self, sources: Sequence[object], on_problem: Callable[[Problem], None] | None, sites: Iterable[str] | None
    ) -> None:
        self.problems: list[Problem] = []
        self.summary = Summary()
        self._on_problem = self.problems.append if on_problem is None else on_problem
        self._sources = sources
        names = {site.name for site in parsing._SITES}
        given: list[object] = list(sites) if isinstance(sites, Iterable) and not isinstance(sites, (str, bytes)) else [None]
        if sites is not None and not all(isinstance(site, str) for site in given):
            raise TypeError(f"sites {sites!r}: give a list of site names, e.g. ['PokerStars']")
        wanted = names if sites is None else {str(site) for site in given}
        if not wanted <= names:
            raise InvalidHistoryError(
                f"sites {sorted(wanted - names)!r}: holdem reads {', '.join(sorted(names))}"
            )
        self._sites = wanted

    def __iter__(self) -> Iterator[SiteHand]:
        for source in self._sources:
            for name, lines in _open_all(source, self._report):
                yield from self._read_file(name, lines)

    def _report(self, problem: Problem) -> None:
        self._on_problem(problem)

    def _read_file(self, name: str, lines: Iterator[list[str]]) -> Iterator[SiteHand]:
        for site, first, chunk in _split(name, lines, self._report):
            if site.name not in self._sites:
                continue
            record = self._import(site, name, first, chunk)
            if record is not None:
                yield record

    def _import(self, site: Site, name: str, first: int, chunk: list[str]) -> SiteHand | None:
        parsed = None
        try:
            parsed = site.parse(chunk, first)
            record = replay(parsed, name)
        except HandProblem as problem:
            hand_id = parsed.hand_id if parsed is not None else problem.hand_id or _hand_id(chunk[0])
            game = parsed.game if parsed is not None else problem.game or "unknown game"
            kind = problem.reason.split(":")[0]
            self.summary.count(site.name, game, kind)
            self._report(Problem(name, problem.line or first, hand_id, site.name, problem.reason, problem.skipped))
            return None
        self.summary.count(site.name, parsed.game, None)
        return record


_HAND_ID = re.compile(r"#\s*(\w+)")


def _hand_id(first_line: str) -> str | None:
    match = _HAND_ID.search(first_line)
    return match[1] if match else None


def read_histories(
    source: str | os.PathLike[str] | IO[str] | IO[bytes] | Iterable[str | os.PathLike[str] | IO[str] | IO[bytes]],
    *,
    on_problem: Callable[[Problem], None] | None = None,
    sites: Iterable[str] | None = None,
) -> HistoryReader:
    """Read the sites' hand histories from a path (a file, or a folder and its subfolders), an open
    text or binary file, or a list of these, and yield a :class:`SiteHand` for each Texas hold'em
    hand that replays to the site's own result.

    The site and format of each hand are recognised from its text; the text is
    read a line at a time, so memory stays flat however large the file.
    Encodings as sites write them are read: UTF-8 with or without a byte order
    mark, UTF-16 (little or big endian, with a mark or without), cp1252;
    CRLF or LF line ends.  Every hand not imported (cancelled, not hold'em,
    cut short, not agreeing with its summary...) and any text that is no
    hand is a :class:`Problem`, given to ``on_problem`` or, without it,
    collected in the reader's ``problems``; ``summary`` counts the hands per
    site and game.  ``sites`` limits the reading to these sites' hands.

    :raises InvalidHistoryError: for a site holdem does not read.
    :raises TypeError: for a source that is no path or file object.
    """
    if isinstance(source, (str, os.PathLike)) or callable(getattr(source, "read", None)):
        sources: list[object] = [source]
    elif isinstance(source, Iterable) and not isinstance(source, (bytes, bytearray)):
        sources = list(source)
    else:
        raise TypeError(f"read_histories reads a path, a file object or a list of them, not {type(source).__name__}")
    for item in sources:
        if not isinstance(item, (str, os.PathLike)) and not callable(getattr(item, "read", None)):
            raise TypeError(f"source {item!r}: give a path or a file object opened for reading")
    return HistoryReader(sources, on_problem, sites)


def files_of(source: str | os.PathLike[str]) -> list[str]:
    """The files a path names: itself, or those in a folder and its subfolders, sorted, hidden ones left out."""
    path = os.fspath(source)
    if not os.path.isdir(path):
        return [path]
    found: list[str] = []
    for folder, subfolders, names in os.walk(path):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        found.extend(os.path.join(folder, name) for name in sorted(names) if not name.startswith("."))
    return found


def _open_all(source: object, report: Callable[[Problem], None]) -> Iterator[tuple[str, Iterator[list[str]]]]:
    if isinstance(source, (str, os.PathLike)):
        for path in files_of(source):
            try:
                with open(path, "rb") as binary:
                    yield path, _lines(binary, path, report)
            except OSError as error:
                report(Problem(path, 0, None, None, f"cannot be read: {error.strerror or error}"))
        return
    yield str(getattr(source, "name", "<file>")), _lines(source, str(getattr(source, "name", "<file>")), report)


_BOMS = ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"))


def _encoding(head: bytes) -> tuple[str, int]:
    """The encoding of bytes from their start (a byte order mark, or the zeros of UTF-16 text)
    and the length of the mark; ``"8-bit"`` for UTF-8 or cp1252, told apart line by line."""
    for mark, name in _BOMS:
        if head.startswith(mark):
            return name, len(mark)
    sample = head[:200]
    if len(sample) >= 4:
        zeros_even = sample[0::2].count(0)
        zeros_odd = sample[1::2].count(0)
        if zeros_odd > len(sample) // 4 and zeros_even < zeros_odd // 4:
            return "utf-16-le", 0
        if zeros_even > len(sample) // 4 and zeros_odd < zeros_even // 4:
            return "utf-16-be", 0
    return "8-bit", 0


BLOCK = 1 << 16
"""How much of a file is read at a time (characters or bytes)."""


def _lines(source: Any, name: str, report: Callable[[Problem], None]) -> Iterator[list[str]]:
    """The lines of :func:`_file_lines`; a file that fails as it is read (a device error, a file
    closed or opened for writing) is reported as a problem, the lines before kept."""
    try:
        yield from _file_lines(source, name, report)
    except (OSError, ValueError) as error:
        report(Problem(name, 0, None, None, f"cannot be read: {error}"))


def _file_lines(source: Any, name: str, report: Callable[[Problem], None]) -> Iterator[list[str]]:
    """The lines of a file object, a block at a time, without their ends and the spaces, NULs and
    byte order marks around them; a line of more than ``MAX_LINE`` characters is reported and
    skipped unread.  Bytes are decoded as :func:`_encoding` finds."""
    read = source.read
    head = read(0)
    wrappers: list[Any] = []  # detached at the end, so that the caller's file stays open
    pieces: Iterator[Any]
    newline: Any
    if isinstance(head, str):
        pieces, newline = iter(lambda: read(BLOCK), ""), "\n"
    else:
        buffered = source
        if not hasattr(source, "peek"):
            buffered = io.BufferedReader(source)
            wrappers.append(buffered)
        encoding, skip = _encoding(buffered.peek(512)[:512])
        buffered.read(skip)
        if encoding == "8-bit":
            pieces, newline = iter(lambda: buffered.read(BLOCK), b""), b"\n"
        else:
            text = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline=None)
            wrappers.insert(0, text)
            pieces, newline = iter(lambda: text.read(BLOCK), ""), "\n"
    number = 0
    try:
        for block in _complete_lines(pieces, newline):
            decoded = _decode_8bit(block) if isinstance(newline, bytes) else block
            lines = [line.strip(" \t\r\x00\ufeff") for line in decoded]
            if LINE_TOO_LONG in lines:
                for index, line in enumerate(lines):
                    if line == LINE_TOO_LONG:
                        reason = f"line longer than {MAX_LINE:,} characters: skipped unread"
                        report(Problem(name, number + index + 1, None, None, reason))
            number += len(lines)
            yield lines
    finally:
        for wrapper in wrappers:
            wrapper.detach()


def _complete_lines(pieces: Iterator[Any], newline: Any) -> Iterator[list[Any]]:
    """Pieces of a file as lists of whole lines; a line longer than ``MAX_LINE`` becomes ``LINE_TOO_LONG``
    (as the empty text of ``newline``'s kind is ``b""`` or ``""``, so is the mark)."""
    empty = newline[:0]
    mark = LINE_TOO_LONG.encode() if isinstance(newline, bytes) else LINE_TOO_LONG
    rest = empty  # the start of a line that the next piece ends
    skipping = False  # inside a line too long, until its end
    for piece in pieces:
        parts = piece.split(newline)
        if skipping:
            if len(parts) == 1:
                continue
            parts[0], skipping = mark, False
        else:
            parts[0] = rest + parts[0]
        rest = parts.pop()
        if len(rest) > MAX_LINE:
            rest, skipping = empty, True
        lines = [mark if len(part) > MAX_LINE else part for part in parts]
        if lines:
            yield lines
    if skipping:
        yield [mark]
    elif rest:
        yield [rest]


def _decode_8bit(lines: list[bytes]) -> list[str]:
    """Lines of UTF-8, or of cp1252 where they are not UTF-8."""
    try:
        return b"\n".join(lines).decode("utf-8").split("\n")
    except UnicodeDecodeError:
        decoded = []
        for line in lines:
            try:
                decoded.append(line.decode("utf-8"))
            except UnicodeDecodeError:
                decoded.append(line.decode("cp1252", errors="replace"))
        return decoded


def _split(
    name: str, blocks: Iterator[list[str]], report: Callable[[Problem], None]
) -> Iterator[tuple[Site, int, list[str]]]:
    """The hands of a file: the site, the first line's number and the lines (blank lines between
    hands dropped); text outside any hand is reported once a stretch, a file in which no hand
    starts once.  A site that splits its documents itself is given the lines of each of them."""
    site: Site | None = None
    first = 0
    chunk: list[str] = []
    stray: tuple[int, int] | None = None
    starts = parsing._ALL_STARTS
    firsts = frozenset(start[:1] for start in starts)  # a line's first character rules most lines out at once
    preludes = parsing._ALL_PRELUDES
    too_long = False
    started = False
    lines = enumerate(itertools.chain.from_iterable(blocks), 1)
    for number, line in lines:
        if line[:1] in firsts and line.startswith(starts) and (starting := parsing._site_of(line)) is not None:
            started = True
            if site is not None:
                yield site, first, _without_preludes(chunk, preludes)
            if stray is not None:
                report(_stray(name, stray))
                stray = None
            site = starting
            if site is not None and site.split is not None:
                try:
                    for first, chunk in site.split(itertools.chain([(number, line)], lines)):
                        yield site, first, chunk
                except HandProblem as problem:  # the rest of the file is not read
                    report(Problem(name, problem.line or number, None, site.name, problem.reason))
                    return
                site = None
                continue
            first, chunk, too_long = number, [line], False
        elif site is not None:
            if len(chunk) < MAX_HAND_LINES:
                chunk.append(line)
            elif not too_long:
                too_long = True
                chunk.append(LINE_TOO_LONG)
        elif line and not (preludes and line.startswith(preludes)):
            stray = (stray[0], number) if stray else (number, number)
    if site is not None:
        yield site, first, _without_preludes(chunk, preludes)
    if not started:
        reason = "not a hand history: no hand of a site holdem reads starts in it"
        report(Problem(name, 1, None, None, reason))
    elif stray is not None:
        report(_stray(name, stray))


def _without_preludes(chunk: list[str], preludes: tuple[str, ...]) -> list[str]:
    """A hand's lines without the next hand's preludes (and the blank lines among them) at its end."""
    end = len(chunk)
    while end > 1 and (not chunk[end - 1] or (preludes and chunk[end - 1].startswith(preludes))):
        end -= 1
    if any(line for line in chunk[end:]):
        return chunk[:end]
    return chunk


def _stray(name: str, stray: tuple[int, int]) -> Problem:
    where = f"line {stray[0]} is" if stray[0] == stray[1] else f"lines {stray[0]} to {stray[1]} are"
    reason = f"{where} not part of any hand: no hand of a site holdem reads starts there"
    return Problem(name, stray[0], None, None, reason)


# ------------------------------------------------------------------ replay and check


def unit_of(parsed: ParsedHand) -> Decimal:
    """The value of one chip: the finest decimal place of any amount in the hand (at least a cent in
    a currency, a whole chip otherwise).

    >>> unit_of(ParsedHand("PokerStars", "1", 1, currency="USD", small_blind=Decimal("0.5"), big_blind=Decimal(1)))
    Decimal('0.01')
    """
    return Decimal(1).scaleb(-_places_of(parsed))


def _places_of(parsed: ParsedHand) -> int:
    """The decimal places of the hand's unit."""
    places = max(map(_places, _amounts(parsed)), default=0)
    if parsed.currency and places < 2:
        places = 2
    if places > 12:
        raise HandProblem("amounts finer than 10**-12 of a unit: holdem does not read them")
    return places


@functools.lru_cache(maxsize=65536)
def _places(amount: Decimal) -> int:
    """The decimal places ``amount`` needs (amounts repeat: each is worked out once)."""
    exponent = amount.normalize().as_tuple().exponent if amount.is_finite() else 0
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0


def _amounts(parsed: ParsedHand) -> set[Decimal]:
    """Every amount of the hand, each once."""
    amounts = {parsed.small_blind, parsed.big_blind, parsed.rake, parsed.jackpot}
    if parsed.small_bet is not None:
        amounts.add(parsed.small_bet)
    if parsed.big_bet is not None:
        amounts.add(parsed.big_bet)
    amounts.update([seat.stack for seat in parsed.seats])
    amounts.update([amount for post in parsed.posts for amount in (post.live, post.dead)])
    amounts.update([act.amount for street in parsed.streets for act in street if act.amount is not None])
    if parsed.returned:
        amounts.update(parsed.returned.values())
    amounts.update(parsed.collected.values())
    return amounts


@functools.lru_cache(maxsize=65536)
def _scaled(amount: Decimal, places: int) -> int | None:
    """``amount`` times ``10**places`` as an int; ``None`` when that is no whole number of at most 2**60."""
    if not amount.is_finite():
        return None
    chips = amount.scaleb(places)
    if chips != chips.to_integral_value() or chips.copy_abs() > MAX_CHIPS:
        return None
    return int(chips)


def _to_chips(amount: Decimal, what: str, places: int) -> int:
    """``amount`` in chips of ``10**-places``, exactly."""
    chips = _scaled(amount, places)
    if chips is None:
        raise HandProblem(
            f"an amount that is no whole number of chips: {what} {amount} (a chip is {Decimal(1).scaleb(-places)}, "
            "and a hand has at most 2**60)"
        )
    return chips


# The rules every site plays unless its ParsedHand says otherwise.
_SITE_RULES: dict[str, Any] = {"fold_without_bet": True}


@functools.lru_cache(maxsize=512)
def _rules(
    structure: Structure,
    blinds: tuple[int, int],
    bets: tuple[int, int] | None,
    ante: int,
    straddles: tuple[int, ...],
    runouts: int,
    options: tuple[tuple[str, Any], ...],
) -> Rules:
    settings: dict[str, Any] = dict(_SITE_RULES)
    settings.update(options)
    settings.update(ante=ante, straddles=straddles)
    if runouts > 1:
        settings.update(runouts=runouts, runs_by_agreement=True)
    small, big = blinds
    try:
        if structure is Structure.FIXED_LIMIT:
            small_bet, big_bet = bets or (big, 2 * big)
            return Rules.fixed_limit(small_bet, big_bet, small_blind=small, big_blind=big, **settings)
        if structure is Structure.POT_LIMIT:
            return Rules.pot_limit(small, big, **settings)
        return Rules.no_limit(small, big, **settings)
    except HoldemError as error:
        raise HandProblem(f"the game's rules cannot be played: {error}") from None


def replay(parsed: ParsedHand, source: str = "<file>") -> SiteHand:
    """Replay a parsed hand through the engine under the site's rules and check it against the
    site's summary; return the record, or raise :class:`HandProblem` saying what disagrees."""
    places = _places_of(parsed)
    unit = Decimal(1).scaleb(-places)
    names = [seat.name for seat in parsed.seats]
    count = len(names)
    if not 2 <= count <= 10:
        raise HandProblem(f"too few or too many players: {count} dealt in, holdem plays hands of 2 to 10")
    index = {name: seat for seat, name in enumerate(names)}
    if len(index) != count:
        raise HandProblem("two seats with one name: every player needs a name of their own")

    def seat_of(name: str, line: int) -> int:
        seat = index.get(name)
        if seat is None:
            raise HandProblem(f"a player not dealt in: {name!r} acts but has no seat in the hand", line)
        return seat

    def chips(amount: Decimal, what: str) -> int:
        value = _scaled(amount, places)
        return _to_chips(amount, what, places) if value is None else value

    stacks = [chips(seat.stack, "stack") for seat in parsed.seats]
    if min(stacks) <= 0:
        raise HandProblem("a player without chips: every player dealt in needs a stack")

    # The forced bets: the button from the site's button or the blinds, the rest as posts.
    smalls = [(seat_of(post.name, post.line), post) for post in parsed.posts if post.kind == PostKind.SMALL_BLIND]
    bigs = [(seat_of(post.name, post.line), post) for post in parsed.posts if post.kind == PostKind.BIG_BLIND]
    button = _button(parsed, count, smalls, bigs)
    small_seat = button if count == 2 else (button + 1) % count
    small_posted = any(seat == small_seat for seat, _ in smalls)
    dead_small_blind = not small_posted
    big_seat = small_seat if dead_small_blind and count > 2 else (small_seat + 1) % count
    if dead_small_blind and count == 2:
        big_seat = (button + 1) % count
    posts: dict[int, tuple[int, int]] = {}
    straddles: list[tuple[int, int]] = []
    ante = 0
    printed = [0] * count  # what each seat posts in the history, checked against the engine's posts
    for post in parsed.posts:
        seat = seat_of(post.name, post.line)
        live, dead = chips(post.live, "post"), chips(post.dead, "post")
        printed[seat] += live + dead
        kind = post.kind
        if kind == PostKind.ANTE:
            ante = max(ante, live + dead)
        elif kind == PostKind.SMALL_BLIND and seat == small_seat:
            continue
        elif kind == PostKind.BIG_BLIND and seat == big_seat:
            continue
        elif kind == PostKind.STRADDLE:
            straddles.append(((seat - big_seat) % count, live))
        else:
            if kind == PostKind.SMALL_BLIND:  # a small blind out of position is dead
                live, dead = 0, live + dead
            old = posts.get(seat, (0, 0))
            posts[seat] = (old[0] + live, old[1] + dead)
    straddle_amounts = [0] * (max((position for position, _ in straddles), default=0))
    for position, amount in straddles:
        if position == 0:
            raise HandProblem("a straddle in the big blind: holdem plays straddles after the big blind")
        straddle_amounts[position - 1] = amount
    big_post = next((post for seat, post in bigs if seat == big_seat), None)
    small_post = next((post for seat, post in smalls if seat == small_seat), None)
    small_blind = chips(parsed.small_blind, "small blind")
    big_blind = chips(parsed.big_blind, "big blind")
    if small_post is not None:
        small_blind = max(small_blind, chips(small_post.live, "small blind"))
    if big_post is not None:
        big_blind = max(big_blind, chips(big_post.live, "big blind"))
    elif not any(post.kind == PostKind.BIG_BLIND for post in parsed.posts):
        raise HandProblem("no big blind: no one posts it")
    bets = None
    if parsed.structure is Structure.FIXED_LIMIT:
        bets = (
            chips(parsed.small_bet or parsed.big_blind, "small bet"),
            chips(parsed.big_bet or 2 * parsed.big_blind, "big bet"),
        )
    runs = max(1, len(parsed.boards))
    rules = _rules(
        parsed.structure, (small_blind, big_blind), bets, ante, tuple(straddle_amounts), runs,
        tuple(sorted(parsed.rules.items())),
    )  # fmt: skip
    holes = [parsed.holes.get(name) for name in names]
    board = parsed.boards[0] if parsed.boards else ()
    try:
        hand = Hand(
            rules, stacks, button, hole_cards=holes, board=board, dead_small_blind=dead_small_blind,
            posts=posts or None, manual_showdown=True, straddles=tuple(straddle_amounts) or None,
        )  # fmt: skip
    except HoldemError as error:
        raise HandProblem(f"a deal the engine refuses: {error}") from None

    extra_boards = parsed.boards[1:]
    for street_number, street in enumerate(parsed.streets):
        for act in street:
            seat = seat_of(act.name, act.line)
            actor = hand.actor
            if actor != seat:
                _advance(hand, parsed, runs, extra_boards, seat)
                actor = hand.actor
            if actor is None:
                raise HandProblem(f"a decision after the betting: {act.name} acts when no one is to act", act.line)
            if hand._street != street_number:
                raise HandProblem(
                    f"a decision after its street: {act.name} acts on the {_STREET_NAMES[street_number]}, "
                    "but the betting there is over "
                    f"(the hand is on the {_STREET_NAMES[hand.street]})",
                    act.line,
                )
            if actor != seat:
                raise HandProblem(
                    f"a decision out of turn: {act.name} acts, {names[actor]} is to act (a line missing?)", act.line
                )
            _play(hand, act, chips, unit)
    _advance(hand, parsed, runs, extra_boards, None)
    if not hand.is_over:
        waiting = "no one is to act" if hand.actor is None else f"{names[hand.actor]} is still to act"
        raise HandProblem(f"the hand stops before its end: {waiting} (a line missing, or the file cut short?)")
    shown = hand.shown_cards() if parsed.shown else {}
    for name in parsed.shown:  # a winner who showed after the others folded
        winner = index.get(name)
        if winner is not None and winner not in shown and hand.statuses[winner] is not _FOLDED:
            try:
                hand.show(winner)
            except HoldemError:
                pass  # a shown hand that had to be shown anyway
    return _check(hand, parsed, names, unit, source, printed)


_STREET_NAMES = ("preflop", "flop", "turn", "river")


def _button(
    parsed: ParsedHand, count: int, smalls: list[tuple[int, Post]], bigs: list[tuple[int, Post]]
) -> int:
    """The engine's button seat: the site's button (or the last player before an empty button seat),
    unless the blinds say otherwise."""
    numbers = [seat.number for seat in parsed.seats]
    candidates = []
    if parsed.button is not None:
        before = [seat for seat, number in enumerate(numbers) if number <= parsed.button]
        candidates.append(before[-1] if before else count - 1)
    if smalls:
        seat = smalls[0][0]
        candidates.append(seat if count == 2 else (seat - 1) % count)
    if bigs:
        candidates.append((bigs[0][0] - (1 if count == 2 else 2)) % count)
        candidates.append((bigs[0][0] - 1) % count)  # no small blind
    small_seats = {seat for seat, _ in smalls}
    big_seats = {seat for seat, _ in bigs}
    for button in candidates:
        small_seat = button if count == 2 else (button + 1) % count
        if small_seat in small_seats and (small_seat + 1) % count in big_seats:
            return button
        if small_seat not in small_seats and (button + 1) % count in big_seats:
            return button
    if candidates:
        return candidates[0]
    raise HandProblem("no button and no blinds: the seats' positions are unknown")


# The kinds _check sums, looked up once (an enum's attribute is slow to look up).
_WIN, _RETURN = ActionKind.WIN, ActionKind.RETURN
_POST_ANTE, _POST_BLIND, _POST_DEAD = ActionKind.POST_ANTE, ActionKind.POST_BLIND, ActionKind.POST_DEAD
_FOLDED = SeatStatus.FOLDED
_ZERO = Decimal(0)


def _advance(hand: Hand, parsed: ParsedHand, runs: int, extra_boards: list[tuple[Card, ...]], seat: int | None) -> None:
    """Play what the engine waits for before ``seat``'s next decision (``None``: the end of the
    hand): the runs agreed, the shows and mucks at showdown, the cards of further runs, and the
    checks sites do not print, of a player who can only check (every other player all in)."""
    while True:
        _settle(hand, parsed, runs, extra_boards)
        actor = hand.actor
        if actor is None or actor == seat:
            return
        legal = hand.legal_actions()
        if legal is None or legal.call or legal.max_raise_to is not None:
            return
        hand.check()


def _settle(hand: Hand, parsed: ParsedHand, runs: int, extra_boards: list[tuple[Card, ...]]) -> None:
    """Play the runs agreed, the shows and mucks at showdown and the cards of further runs."""
    while True:
        if runs > 1 and hand.runs_pending:  # the runs are agreed only in a hand run more than once
            for seat in hand.runs_pending:
                hand.agree_runs(seat, runs)
            continue
        waiting = hand.showdown_seats
        if waiting:
            names = [seat.name for seat in parsed.seats]
            for seat in waiting:
                name = names[seat]
                try:
                    if name in parsed.shown and hand.hole_cards(seat):
                        hand.show(seat)
                    else:
                        hand.muck(seat)
                except HoldemError as error:
                    raise HandProblem(f"a showdown that cannot be played: {name}: {error}") from None
            continue
        if hand.cards_needed:
            run = len(hand.boards)
            if hand.runs > 1 and run - 1 < len(extra_boards):
                board = extra_boards[run - 1]
                needed = hand.cards_needed
                cards = board[len(board) - needed :] if len(board) >= needed else ()
            else:
                cards = ()
            if not cards:
                raise HandProblem(
                    f"board cards missing: the hand needs {hand.cards_needed} more than the history shows "
                    "(a street missing, or the file cut short?)"
                )
            try:
                hand.deal_board(cards)
            except HoldemError as error:
                raise HandProblem(f"a board that cannot be dealt: run {run + 1}: {error}") from None
            continue
        return


def _play(hand: Hand, act: Act, chips: Callable[..., int], unit: Decimal) -> None:
    verb = act.verb
    try:
        if verb == "fold":
            hand.fold()
        elif verb == "check":
            hand.check()
        elif verb == "call":
            action = hand.call()
            if act.amount is not None and action.amount != chips(act.amount, "call"):
                raise HandProblem(
                    f"a call of the wrong amount: {act.name} calls {act.amount}, the call is {action.amount * unit}",
                    act.line,
                )
        elif verb in ("bet", "raise_to"):
            if act.amount is None:
                raise HandProblem(f"a bet without an amount: {act.name}", act.line)
            hand.raise_to(chips(act.amount, "bet"))
        elif verb == "raise_by":
            if act.amount is None:
                raise HandProblem(f"a bet without an amount: {act.name}", act.line)
            hand.raise_to(max(hand.bets) + chips(act.amount, "raise"))
        elif verb in ("adds", "all_in"):
            if act.amount is None:
                raise HandProblem(f"a bet without an amount: {act.name}", act.line)
            seat: int = hand.actor  # type: ignore[assignment]
            added = chips(act.amount, "bet")
            if verb == "all_in" and added != hand.stacks[seat]:
                raise HandProblem(
                    f"an all-in of the wrong amount: {act.name} adds {act.amount}, the stack is {hand.stacks[seat] * unit}",
                    act.line,
                )
            if hand.bets[seat] + added <= max(hand.bets):
                _play(hand, Act(act.name, "call", act.amount, act.line), chips, unit)
            else:
                hand.raise_to(hand.bets[seat] + added)
        else:
            raise HandProblem(f"an unknown decision: {act.name} {verb!r}", act.line)
    except HoldemError as error:
        raise HandProblem(f"an illegal decision: {act.name}: {error}", act.line) from None


def _check(
    hand: Hand, parsed: ParsedHand, names: list[str], unit: Decimal, source: str, printed: list[int]
) -> SiteHand:
    """The record of a replayed hand, once its results agree with the site's summary (and its posts,
    ``printed`` by seat, with the engine's)."""
    won = [0] * len(names)
    returned = [0] * len(names)
    posted = [0] * len(names)
    for action in hand.history:
        kind = action.kind
        if kind is _WIN:
            won[action.seat] += action.amount  # type: ignore[index]
        elif kind is _RETURN:
            returned[action.seat] += action.amount  # type: ignore[index]
        elif kind is _POST_BLIND or kind is _POST_ANTE or kind is _POST_DEAD:
            posted[action.seat] += action.amount  # type: ignore[index]
    if posted != printed:
        seat = next(seat for seat in range(len(names)) if posted[seat] != printed[seat])
        raise HandProblem(
            f"posts that the game's rules do not make: {names[seat]} posts {printed[seat] * unit} in the history, "
            f"the replay {posted[seat] * unit}"
        )
    if parsed.returned is not None:
        for seat, name in enumerate(names):
            given_back = parsed.returned.get(name, _ZERO)
            if given_back != returned[seat] * unit:
                raise HandProblem(
                    f"an uncalled bet returned wrongly: the history returns {given_back} to {name}, "
                    f"the replay {returned[seat] * unit}"
                )
    expected = [won[seat] + (returned[seat] if parsed.returns_in_collected else 0) for seat in range(len(names))]
    collected = [parsed.collected.get(name, _ZERO) for name in names]
    for name in parsed.collected:
        if name not in names:
            raise HandProblem(f"a player not dealt in: {name!r} collects from the pot")
    shares = [expected[seat] * unit - collected[seat] for seat in range(len(names))]
    shared = sum(shares, _ZERO)
    rake = shared - parsed.jackpot if not parsed.rake_printed else parsed.rake
    taken = rake + parsed.jackpot
    if rake < 0 or min(shares) < 0 or shared != taken or any(
        share and not expected[seat] for seat, share in enumerate(shares)
    ):
        results = ", ".join(
            f"{name} {collected[seat]} (replay {expected[seat] * unit})"
            for seat, name in enumerate(names)
            if collected[seat] or expected[seat]
        )
        raise HandProblem(
            f"the pots do not replay to the site's result: collected {results}; rake and fees {taken}"
        )
    pot = (sum(won) + (sum(returned) if parsed.returns_in_total_pot else 0)) * unit
    if parsed.total_pot is not None and parsed.total_pot != pot:
        raise HandProblem(f"a total pot the replay does not make: the history says {parsed.total_pot}, the replay {pot}")
    dealt_boards = hand.boards
    for run, board in enumerate(parsed.boards):
        dealt = dealt_boards[run] if run < len(dealt_boards) else ()
        if tuple(board) != tuple(dealt):
            raise HandProblem(f"board cards the hand never reached: run {run + 1}")
    net = tuple([payoff * unit - share for payoff, share in zip(hand.payoffs, shares)])
    return SiteHand(
        site=parsed.site,
        hand_id=parsed.hand_id,
        table=parsed.table,
        started=parsed.started,
        tournament=parsed.tournament,
        currency=parsed.currency,
        unit=unit,
        players=tuple(names),
        seats=tuple([seat.number for seat in parsed.seats]),
        button=parsed.button,
        hero=parsed.hero,
        hand=hand,
        net=net,
        rake=rake,
        jackpot=parsed.jackpot,
        game=parsed.game,
        fast_fold=parsed.fast_fold,
        max_seats=parsed.max_seats,
        cash_outs=parsed.cash_outs,
        cash_out_fees=parsed.cash_out_fees,
        bounties=parsed.bounties,
        source=source,
        line=parsed.line,
    )
