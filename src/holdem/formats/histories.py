"""The poker sites' own hand histories: read, replayed through the engine, and checked.

:func:`read_histories` reads files, folders, or open file objects; it
recognises each site's format from the text, splits the text into hands
without ever holding more than one hand, and yields a :class:`SiteHand` for
each Texas hold'em hand that replays to the site's own result.  Every other
hand is a :class:`Problem` (file, line, hand id, site and why), and the
reading goes on.

A site module (:mod:`holdem.formats.pokerstars` is the first) only turns the
text of one hand into a :class:`ParsedHand`, the neutral form every site
shares (PokerStars' compiled reader, into the replay's own form of it,
straight), and registers itself with :func:`register` (both, and the readers of
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
import io
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from decimal import Decimal
from typing import IO, Any

from holdem.errors import InvalidHistoryError

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
from holdem.formats._histories import Lines, count_hand, import_hands, places_of, replay, text_lines, too_long
from holdem.formats._pokerstars import read_summary_seat, read_total_pot
from holdem.formats.parsing import (
    GAME_NAMES,
    LINE_TOO_LONG,
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Problem,
    Site,
    SiteHand,
    names_longest_first,
    parse_amount,
    parse_into,
    player_of,
    register,
    site_time,
    worded_decision,
)

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
    "replay",
    "register",
    "site_time",
    "worded_decision",
]

MAX_LINE = 100_000
"""The most characters a line of a hand history may have; a longer line is a problem, skipped unread."""

# ------------------------------------------------------------------ what a reader yields


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
        count_hand(self.games, self.problems, site, game, problem)

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
        return import_hands(self._sources, _open_all, self._report, self._sites, self.summary)

    def _report(self, problem: Problem) -> None:
        self._on_problem(problem)


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


def _open_all(source: object, report: Callable[[Problem], None]) -> Iterator[tuple[str, Iterator[Lines]]]:
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


def _lines(source: Any, name: str, report: Callable[[Problem], None]) -> Iterator[Lines]:
    """The lines of :func:`_file_lines`; a file that fails as it is read (a device error, a file
    closed or opened for writing) is reported as a problem, the lines before kept."""
    try:
        yield from _file_lines(source, name, report)
    except (OSError, ValueError) as error:
        report(Problem(name, 0, None, None, f"cannot be read: {error}"))


def _file_lines(source: Any, name: str, report: Callable[[Problem], None]) -> Iterator[Lines]:
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
            buffered = io.BufferedReader(_Raw(read))
            wrappers.append(buffered)
        encoding, skip = _encoding(buffered.peek(512)[:512])
        buffered.read(skip)
        if encoding == "8-bit":
            pieces, newline = iter(lambda: buffered.read(BLOCK), b""), b"\n"
        else:
            text = io.TextIOWrapper(buffered, encoding=encoding, errors="replace", newline=None)
            wrappers.insert(0, text)
            pieces, newline = _without_stray_byte(iter(lambda: text.read(BLOCK), "")), "\n"
    number = 0
    try:
        for lines in text_lines(pieces, newline, MAX_LINE):
            for index in too_long(lines):
                reason = f"line longer than {MAX_LINE:,} characters: skipped unread"
                report(Problem(name, number + index + 1, None, None, reason))
            number += len(lines)
            yield lines
    finally:
        for wrapper in wrappers:
            wrapper.detach()


class _Raw(io.RawIOBase):
    """A binary source known by its ``read`` alone (a raw file, an ``mmap``, a socket's file...) as the raw
    stream that :class:`io.BufferedReader` buffers."""

    def __init__(self, read: Callable[[int], bytes]) -> None:
        super().__init__()
        self._read = read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _without_stray_byte(pieces: Iterator[str]) -> Iterator[str]:
    """The pieces of a UTF-16 file without the replacement character that ends it after its last line's end
    when its last byte is alone (a file of an odd number of bytes): a byte that is no character, not a line
    of the last hand (a file cut inside a line keeps it, at that line's end)."""
    piece, before = next(pieces, ""), "\n"
    while piece:
        following = next(pieces, "")
        if not following and piece.endswith("\ufffd") and (piece[-2:-1] or before) == "\n":
            piece = piece[:-1]
        yield piece
        before, piece = piece[-1:] or before, following


# ------------------------------------------------------------------ replay and check


def unit_of(parsed: ParsedHand) -> Decimal:
    """The value of one chip: the finest decimal place of any amount in the hand (at least a cent in
    a currency, a whole chip otherwise).

    >>> unit_of(ParsedHand("PokerStars", "1", 1, currency="USD", small_blind=Decimal("0.5"), big_blind=Decimal(1)))
    Decimal('0.01')
    """
    return Decimal(1).scaleb(-places_of(parsed))
