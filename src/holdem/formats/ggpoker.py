"""GGPoker hand histories (GGPoker, Natural8 and the other skins of the GG Network): cash, Rush & Cash
and tournaments.

The text is PokerStars' with these differences: the header ``Poker Hand #HD...:`` (``RC``: Rush &
Cash, a fast-fold pool; ``TM``: a tournament, whose stakes are ``Level7(100/200)``, though the first
hand of a level is still played at the blinds of the level before, which its posts show), no time
zone, a ``Dealt to`` line for every player (the hidden ones without cards), ``*** SHOWDOWN ***``
whether or not cards are shown, straddles as ``NAME: straddle $0.10``, a returning player's
``posts missed blind`` (dead, beside a live big blind), anonymous names, and a summary with
``Jackpot``, ``Bingo``, ``Fortune`` and ``Tax`` beside the rake (all taken from the pot).  A
board run more than once has ``FIRST``/``SECOND``/``THIRD`` streets and boards, and the second and
third boards of the summary list only the cards that differ from the first.  EV Cashout
(``Chooses to EV Cashout``, then ``Receives Cashout ($X)`` or ``Pays Cashout Risk ($X)``) and
all-in insurance (``pay premium of all-in insurance ($X)``) settle money outside the pot: what
is received is in ``cash_outs``, what is paid in ``cash_out_fees``, neither in ``net``.  A cash
drop (money the site adds to a pot) cannot be replayed and is reported.

>>> hand = parse(["Poker Hand #RC1: Hold'em No Limit ($0.25/$0.5) - 2026/02/17 05:56:01",
...               "Table 'RushAndCash9' 6-max Seat #1 is the button", "Seat 1: Hero ($50 in chips)",
...               "Seat 2: 4f0a11c2 ($50 in chips)", "Hero: posts small blind $0.25", "4f0a11c2: posts big blind $0.5",
...               "*** HOLE CARDS ***", "Dealt to Hero [Ah Kd]", "Dealt to 4f0a11c2", "Hero: folds",
...               "Uncalled bet ($0.25) returned to 4f0a11c2", "*** SHOWDOWN ***", "4f0a11c2 collected $0.5 from pot",
...               "*** SUMMARY ***", "Total pot $0.5 | Rake $0 | Jackpot $0 | Bingo $0 | Fortune $0 | Tax $0"], 1)
>>> hand.hand_id, hand.fast_fold, hand.hero, [seat.name for seat in hand.seats], hand.collected
('RC1', True, 'Hero', ['Hero', '4f0a11c2'], {'4f0a11c2': Decimal('0.5')})
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.formats import _pokerstars
from holdem.formats.parsing import (
    GAME_NAMES,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Site,
    parse_amount,
    parse_hand_cards,
    parse_into,
    register,
    site_time,
)

__all__ = ["SITE", "parse"]

SITE_NAME = "GGPoker"

_HEADER = re.compile(r"Poker Hand #(?P<id>[A-Z]*\d+):\s*(?P<rest>.*)$")
_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+),\s*(?P<name>.*?)\s+-\s+Level\s*\d+\s*(?P<stakes>\([^()]*(?:\([^()]*\))?\))\s*-")
_STAKES = re.compile(r"\(([^()/]+)/([^()/]+?)(?:\([^()]*\))?\)")
_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_RUN_MARKERS = re.compile(r"(?:FIRST|SECOND|THIRD) (?:FLOP|TURN|RIVER|SHOWDOWN)|SHOWDOWN")
_HIDDEN_DEAL = re.compile(r"Dealt to (.+)$")
_MONEY_LINE = re.compile(r"(Receives Cashout|Pays Cashout Risk|pay premium of all-in insurance) \((\S+)\)$")
_INFORMATION = frozenset({"Chooses to EV Cashout"})


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one GGPoker hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cut short, with a cash drop, or with
        a line that is none of a GGPoker hand's.
    """
    return parse_into(_pokerstars.blank_hand(SITE_NAME, line), _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    header = _HEADER.match(lines[0])
    if header is None:
        raise HandProblem(f"the first line is not a GGPoker hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id, parsed.fast_fold = header["id"], header["id"].startswith("RC")
    rest = header["rest"]
    tournament = _TOURNAMENT.match(rest)
    described = rest.rsplit(" - ", 1)[0] if tournament is None else tournament["name"]
    if tournament is None:
        described = described.split(" (")[0]
    for structure, game in GAME_NAMES.items():
        if described.endswith(game):
            parsed.game, parsed.structure = game, structure
            break
    else:
        raise HandProblem(f"not Texas hold'em: {described.strip()}", line, skipped=True, game=described.strip())
    stakes = _STAKES.search(rest if tournament is None else tournament["stakes"])
    if stakes is None:
        raise HandProblem(f"the header gives no stakes: {lines[0][:80]!r}", line)
    if tournament is not None:
        parsed.tournament = tournament["id"]
    _pokerstars.read_stakes(parsed, stakes, tournament is not None)
    parsed.started = site_time(rest.rsplit(" - ", 1)[-1])
    if "*** SUMMARY ***" not in lines:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + len(lines) - 1)
    _pokerstars.read_table(parsed, lines[1] if len(lines) > 1 else "", line + 1)

    seated: list[Seat] = []
    names: set[str] = set()
    number = line + 2
    position = 2
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _pokerstars.seat_line(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", number)
        seated.append(Seat(int(seat[0]), seat[1], parse_amount(seat[2])))
        names.add(seat[1])
        position += 1
        number += 1
    if not seated:
        raise HandProblem("the hand has no seats", number)
    players = list(names)  # as the decision lines are matched against them

    dealt_in: set[str] = set()
    reader = _pokerstars.line_reader(parsed)
    street = 0
    in_summary = False
    returned: dict[str, Decimal] = {}
    boards: dict[int, tuple[int, ...]] = {}
    for text in lines[position:]:
        if text.startswith("*** "):
            marker = text[4 : text.find(" ***", 4)] if " ***" in text[4:] else ""
            if marker == "SUMMARY":
                in_summary = True
            elif marker in _STREETS:
                street = _STREETS[marker]
                while len(parsed.streets) <= street:
                    parsed.streets.append([])
            elif not _RUN_MARKERS.fullmatch(marker):
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
        elif in_summary:
            reader.summary_line(text, number, boards)
        elif (act := _pokerstars.action(text, players)) is not None:
            _decision(parsed, reader, act, street, number, dealt_in)
        elif (won := _pokerstars.collected_line(text)) and won[0] in names:
            parsed.collected[won[0]] = parsed.collected.get(won[0], Decimal(0)) + parse_amount(won[1])
        elif (given := _pokerstars.returned_line(text)) and given[1] in names:
            returned[given[1]] = returned.get(given[1], Decimal(0)) + parse_amount(given[0])
        elif (dealt := _pokerstars.dealt_line(text)) and dealt[0] in names:
            if parsed.hero is None:
                parsed.hero = dealt[0]
            parsed.holes[dealt[0]] = parse_hand_cards(dealt[1])
            dealt_in.add(dealt[0])
        elif (match := _HIDDEN_DEAL.match(text)) and match[1] in names:
            dealt_in.add(match[1])
        elif text.startswith("Cash Drop to Pot"):
            raise HandProblem(f"a cash drop: the site adds money no player bet to the pot ({text[:60]!r}); holdem does not replay it", number)
        elif text and not _pokerstars.information_line(text):
            raise HandProblem(f"a line that is none of a GGPoker hand's: {text[:80]!r}", number)
        number += 1
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    if tournament is not None:
        _posted_level(parsed, seated)
    parsed.seats = [seat for seat in seated if seat.name in dealt_in]
    parsed.returned = returned
    parsed.boards = _full_boards([boards[run] for run in sorted(boards)])
    return parsed


def _decision(
    parsed: ParsedHand, reader: _pokerstars.Reading, act: tuple[str, str], street: int, number: int, dealt_in: set[str]
) -> None:
    """A player's line: GGPoker's own (straddles, missed blinds, cash-outs, insurance), else PokerStars'."""
    name, said = act
    words = said.split(" ")
    verb = words[0]
    if verb == "straddle" and street == 0 and len(words) == 2:
        if any(post.name == name and post.kind == PostKind.STRADDLE for post in parsed.posts):
            raise HandProblem(f"a second straddle by one player: {name}: {said[:80]!r}", number)
        parsed.posts.append(Post(name, PostKind.STRADDLE, parse_amount(words[1]), Decimal(0), number))
    elif words[:3] == ["posts", "missed", "blind"] and len(words) == 4 and street == 0:
        parsed.posts.append(Post(name, PostKind.DEAD, Decimal(0), parse_amount(words[3]), number))
    elif (money := _MONEY_LINE.fullmatch(said)) is not None:
        kept = parsed.cash_outs if money[1] == "Receives Cashout" else parsed.cash_out_fees
        kept[name] = kept.get(name, Decimal(0)) + parse_amount(money[2])
        return
    elif said in _INFORMATION or said.startswith("get an all-in insurance "):
        return
    else:
        reader.decision(name, said, street, number, dealt_in)
        return
    dealt_in.add(name)


def _posted_level(parsed: ParsedHand, seated: list[Seat]) -> None:
    """A tournament's first hand at a new level is played at the level before, whose blinds are posted though the
    header names the new one: a big blind posted in full (not all in) below the header's is the hand's, and so is
    the small blind then posted in full."""
    left = {seat.name: seat.stack for seat in seated}
    for post in parsed.posts:
        left[post.name] -= post.live + post.dead
    full = {post.kind: post.live for post in parsed.posts if left[post.name] > 0}
    big = full.get(PostKind.BIG_BLIND)
    if big is not None and big < parsed.big_blind:
        parsed.big_blind = big
        parsed.small_blind = full.get(PostKind.SMALL_BLIND, parsed.small_blind)


def _full_boards(boards: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Each run's whole board: a later run lists only the cards it does not share with the first."""
    if not boards:
        return []
    first = boards[0]
    return [first] + [board if len(board) >= 5 else first[: 5 - len(board)] + board for board in boards[1:]]


SITE = register(Site(SITE_NAME, ("Poker Hand #",), parse))
"""The GGPoker reader, registered with :mod:`holdem.formats.histories`."""
