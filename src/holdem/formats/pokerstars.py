"""PokerStars hand histories (2005 to today): cash, Zoom, home games and tournaments.

Each hand's text becomes a :class:`~holdem.formats.histories.ParsedHand`,
which :mod:`holdem.formats.histories` replays and checks; read them with
:func:`holdem.read_histories`.  The lines a hand may hold: the header (``PokerStars
Hand #``, ``PokerStars Game #`` before 2009, ``PokerStars Zoom Hand #``,
``PokerStars Home Game Hand #``), the table and its button, the seats, the
posts (``posts small & big blinds`` is a live big blind and a dead small one;
a small blind posted out of position is dead), the streets and their
decisions (``and is all-in``), ``Uncalled bet (...) returned`` (absent before
2009: the collected amounts leave it out), the showdown, ``collected ...
from side pot-2``, runs of the board (``FIRST FLOP``, ``SECOND Board``),
bounties, cash-outs (kept apart from the pot results), chat, and the
comings and goings of players.  ``Hand cancelled`` hands are skipped.

>>> header = "PokerStars Hand #7: Tournament #9, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2024/01/02 3:04:05 ET"
>>> hand = parse([header, "Table '9 1' 9-max Seat #1 is the button",
...               "Seat 1: Ann (1500 in chips)", "Seat 2: Bob (1500 in chips)",
...               "Ann: posts small blind 10", "Bob: posts big blind 20", "*** HOLE CARDS ***", "Ann: folds",
...               "Uncalled bet (10) returned to Bob", "Bob collected 20 from pot", "*** SUMMARY ***",
...               "Total pot 20 | Rake 0"], 1)
>>> hand.tournament, hand.small_blind, hand.big_blind, hand.currency, [act.verb for act in hand.streets[0]]
('9', Decimal('10'), Decimal('20'), None, ['fold'])
"""

from __future__ import annotations

import datetime
import re

from holdem.formats._pokerstars import read_lines
from holdem.formats.parsing import (
    HandProblem,
    ParsedHand,
    Seat,
    Site,
    currency_of,
    parse_amount,
    parse_into,
    register,
    site_time,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse"]

SITE_NAME = "PokerStars"

_HEADER = re.compile(
    r"PokerStars (?P<kind>Zoom Hand|Home Game Hand|Home Game|Hand|Game) #(?P<id>\d+):\s*"
    r"(?:\{(?P<club>[^}]*)\}\s*)?(?P<rest>.*)$"
)
_TOURNAMENT = re.compile(
    r"Tournament #(?P<id>\d+),\s*(?P<buy_in>.*?)\s+"
    r"(?=Hold'em|Omaha|Razz|Stud|Triple|5 Card|Courchevel|HORSE|8-Game|Mixed|Badugi|Single)"
)
_GAMES = (
    ("Hold'em No Limit", Structure.NO_LIMIT),
    ("Hold'em Pot Limit", Structure.POT_LIMIT),
    ("Hold'em Limit", Structure.FIXED_LIMIT),
)
_STAKES = re.compile(r"\(([^()/]+)/([^()/]+?)(?: [A-Z]{3})?\)")
_TABLE = re.compile(
    r"Table '(?P<name>.*)'\s*(?:(?P<max>\d+)-max\s*)?(?:\(Play Money\)\s*)?Seat #(?P<button>\d+) is the button"
)
_SEAT = re.compile(r"Seat (\d+): (.*) \(([^()]*?) in chips(?:, ([^()]*?) bounty)?(?:\) |\)$)(.*)")


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one PokerStars hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cancelled, cut short, or has a
        line that is none of a PokerStars hand's.
    """
    return parse_into(ParsedHand(SITE_NAME, "", line), _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    header = _HEADER.match(lines[0])
    if header is None:
        raise HandProblem(f"the first line is not a PokerStars hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id, parsed.fast_fold = header["id"], header["kind"] == "Zoom Hand"
    rest = header["rest"]
    tournament = _TOURNAMENT.match(rest)
    if tournament is not None:
        parsed.tournament = tournament["id"]
    for game, structure in _GAMES:
        if game in rest:
            parsed.game, parsed.structure = game, structure
            break
    else:
        game = rest.split(" (")[0].split(" - ")[0]
        if tournament is not None:
            game = rest[tournament.end() :].split(" - ")[0]
        raise HandProblem(f"not Texas hold'em: {game.strip()}", line, skipped=True, game=game.strip())
    stakes = _STAKES.search(rest)
    if stakes is None:
        raise HandProblem(f"the header gives no stakes: {lines[0][:80]!r}", line)
    first, second = parse_amount(stakes[1]), parse_amount(stakes[2])
    if tournament is None:
        parsed.currency = currency_of(stakes[0])
    if parsed.structure is Structure.FIXED_LIMIT:
        parsed.small_bet, parsed.big_bet = first, second
        parsed.small_blind, parsed.big_blind = first / 2, first
    else:
        parsed.small_blind, parsed.big_blind = first, second
    parsed.started = _started(rest)

    if "*** SUMMARY ***" not in lines and "Hand cancelled" not in lines:
        last = max(index for index, text in enumerate(lines) if text)
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + last)
    table = _TABLE.match(lines[1])
    if table is None:
        raise HandProblem(f"the second line is not the table's: {lines[1][:80]!r}", line + 1)
    parsed.table = table["name"]
    parsed.max_seats = int(table["max"]) if table["max"] else None
    parsed.button = int(table["button"])

    seated: list[Seat] = []
    names: set[str] = set()
    dealt_in: set[str] = set()  # also those sitting out who post or act, as in tournaments
    number = line + 2
    position = 2
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _SEAT.match(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", number)
        bounty = parse_amount(seat[4]) if seat[4] else None
        seated.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3]), bounty))
        names.add(seat[2])
        if not seat[5]:  # neither sitting out nor out of the hand: dealt in
            dealt_in.add(seat[2])
        position += 1
        number += 1
    if not seated:
        raise HandProblem("the hand has no seats", number)

    in_summary, cancelled, returned, boards = read_lines(parsed, lines, position, number, names, dealt_in)
    if cancelled:
        raise HandProblem("cancelled: the site voided the hand", line, skipped=True, game=parsed.game)
    if not in_summary:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line)
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    parsed.seats = [seat for seat in seated if seat.name in dealt_in]
    parsed.returned = returned or None  # before 2009 none is printed, and the collected amounts leave them out
    parsed.boards = [boards[run] for run in sorted(boards)]
    return parsed


def _started(rest: str) -> datetime.datetime | None:
    """The hand's time: the first one printed whose zone is known, else the first."""
    first: datetime.datetime | None = None
    for part in rest.split(" - ")[1:]:
        for text in part.split("["):
            moment = site_time(text)
            if moment is not None and moment.tzinfo is not None:
                return moment
            first = first or moment
    return first


SITE = register(Site(SITE_NAME, ("PokerStars ",), parse))
"""The PokerStars reader, registered with :mod:`holdem.formats.histories`."""
