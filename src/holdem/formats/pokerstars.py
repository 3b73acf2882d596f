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
from decimal import Decimal

from holdem.formats.parsing import (
    LINE_TOO_LONG,
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Site,
    currency_of,
    parse_amount,
    parse_hand_cards,
    parse_into,
    read_summary_seat,
    read_total_pot,
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
_CARDS = re.compile(r"\[([^\]]*)\]")
_BOARD_WORDS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_COLLECTED = re.compile(r"(.*) collected (\S+) from (?:main pot|side pot(?:-\d+)?|pot)$")
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.*)$")
_CASH_OUT = re.compile(r"(.*) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
_BOUNTY = re.compile(r"(.*?) wins (?:the )?(\S+) (?:bounty )?for (?:eliminating|splitting the elimination of) ")
_DEALT = re.compile(r"Dealt to (.*?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
# Lines that say something of a player but nothing of the hand's chips or cards.
_INFORMATION = re.compile(
    r".*(?: said, \".*\"| is sitting out| sits out| has timed out.*| is disconnected| is connected| has returned"
    r"| joins the table.*| leaves the table| will be allowed to play after the button| was removed from the table.*"
    r"| finished the tournament.*| wins the tournament.*| wins an entry to .*| re-buys and receives .*"
    r"| takes the add-on and receives .*| has \d+ seconds left to act| is feeling .*| seconds left to act"
    r"| has requested TIME| was moved to .*| is moved to .*| wins a .* ticket.*)$"
)
_PLAYER_INFORMATION = frozenset(
    {"sits out", "is sitting out", "doesn't show hand", "is disconnected", "is connected", "has returned", "timed out"}
)


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

    street = 0
    in_summary = False
    cancelled = False
    returned: dict[str, Decimal] = {}
    boards: dict[int, tuple[int, ...]] = {}
    collected = parsed.collected
    for number, text in enumerate(lines[position:], number):
        if text.startswith("*** "):
            marker = text[4 : text.find(" ***", 4)] if " ***" in text[4:] else ""
            if marker == "SUMMARY":
                in_summary = True
            elif marker in _STREETS:
                street = _STREETS[marker]
                while len(parsed.streets) <= street:
                    parsed.streets.append([])
            elif marker.endswith(("FLOP", "TURN", "RIVER", "SHOW DOWN")):
                pass  # the runs of the board: their cards are in the summary's boards
            else:
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
        elif in_summary:
            _summary_line(parsed, text, number, boards)
        elif (act := _action(text, names)) is not None:
            name, verb, words = act
            _decision(parsed, name, verb, words, street, number, dealt_in)
        elif (match := _COLLECTED.match(text)) and match[1] in names:
            collected[match[1]] = collected.get(match[1], Decimal(0)) + parse_amount(match[2])
        elif (match := _RETURNED.match(text)) and match[2] in names:
            returned[match[2]] = returned.get(match[2], Decimal(0)) + parse_amount(match[1])
        elif (match := _DEALT.match(text)) and match[1] in names:
            cards = match[3] or match[2]
            if cards:
                if parsed.hero is None:
                    parsed.hero = match[1]
                parsed.holes[match[1]] = parse_hand_cards(cards)
            dealt_in.add(match[1])
        elif text == "Hand cancelled":
            cancelled = True
        elif (match := _CASH_OUT.match(text)) and match[1] in names:
            parsed.cash_outs[match[1]] = parse_amount(match[2])
            if match[3]:
                parsed.cash_out_fees[match[1]] = parse_amount(match[3])
        elif (match := _BOUNTY.match(text)) is not None:
            parsed.bounties[match[1]] = parsed.bounties.get(match[1], Decimal(0)) + parse_amount(match[2])
        elif text == LINE_TOO_LONG:
            raise HandProblem("a line of the hand is too long to be read", number)
        elif text and not _INFORMATION.match(text):
            raise HandProblem(f"a line that is none of a PokerStars hand's: {text[:80]!r}", number)
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


def _action(text: str, names: set[str]) -> tuple[str, str, list[str]] | None:
    """The player, verb and remaining words of a decision or post line (``NAME: verb ...``)."""
    at = text.find(": ")
    while at >= 0:
        name = text[:at]
        if name in names:
            words = text[at + 2 :].split(" ")
            return name, words[0], words
        at = text.find(": ", at + 1)
    return None


def _decision(
    parsed: ParsedHand, name: str, verb: str, words: list[str], street: int, number: int, dealt_in: set[str]
) -> None:
    if words[-1] == "all-in" and words[-3:] == ["and", "is", "all-in"]:
        words = words[:-3]
    size = len(words)
    acts = parsed.streets[street]
    if verb == "folds" and (size == 1 or words[1].startswith("[")):
        acts.append(Act(name, "fold", None, number))
        if size > 1:
            parsed.holes[name] = parse_hand_cards(" ".join(words[1:]).strip("[]"))
    elif verb == "checks" and size == 1:
        acts.append(Act(name, "check", None, number))
    elif verb == "calls" and size == 2:
        acts.append(Act(name, "call", parse_amount(words[1]), number))
    elif verb == "bets" and size == 2:
        acts.append(Act(name, "bet", parse_amount(words[1]), number))
    elif verb == "raises" and size == 4 and words[2] == "to":
        acts.append(Act(name, "raise_to", parse_amount(words[3]), number))
    elif verb == "posts" and street == 0:
        parsed.posts.append(_post(parsed, name, words, number))
    elif verb == "shows" and size >= 2:
        cards = _CARDS.match(" ".join(words[1:]))
        if cards is None:
            raise HandProblem(f"a show without cards: {name}", number)
        shown = parse_hand_cards(cards[1])
        if len(shown) == 2:
            parsed.shown[name] = shown
            parsed.holes[name] = shown
        return
    elif verb == "mucks" and words[1:] == ["hand"]:
        parsed.mucked.add(name)
        return
    elif " ".join(words) in _PLAYER_INFORMATION or verb in ("Pays", "said,"):
        return
    else:
        raise HandProblem(f"a decision that cannot be read: {name}: {' '.join(words)[:80]!r}", number)
    dealt_in.add(name)


_POSTS = {
    ("small", "blind"): PostKind.SMALL_BLIND,
    ("big", "blind"): PostKind.BIG_BLIND,
    ("the", "ante"): PostKind.ANTE,
    ("straddle",): PostKind.STRADDLE,
}


def _post(parsed: ParsedHand, name: str, words: list[str], number: int) -> Post:
    amount = parse_amount(words[-1])
    kind = tuple(words[1:-1])
    if kind == ("small", "&", "big", "blinds"):  # the big blind live, the small one dead
        live = min(amount, parsed.big_blind)
        return Post(name, PostKind.LIVE_AND_DEAD, live, amount - live, number)
    post = _POSTS.get(kind)
    if post is None:
        raise HandProblem(f"a post that cannot be read: {name}: {' '.join(words)[:80]!r}", number)
    return Post(name, post, amount, Decimal(0), number)


def _summary_line(parsed: ParsedHand, text: str, number: int, boards: dict[int, tuple[int, ...]]) -> None:
    if text.startswith("Total pot "):
        read_total_pot(parsed, text)
    elif text.startswith("Board ["):
        boards[0] = parse_hand_cards(text[7:-1])
    elif text.endswith("]") and text.split(" ", 1)[0] in _BOARD_WORDS and " Board [" in text:
        run = _BOARD_WORDS[text.split(" ", 1)[0]]
        boards[run] = parse_hand_cards(text[text.index("[") + 1 : -1])
    elif text.startswith("Seat "):
        read_summary_seat(parsed, text)
    elif text.startswith("Hand was run "):
        pass


SITE = register(Site(SITE_NAME, ("PokerStars ",), parse))
"""The PokerStars reader, registered with :mod:`holdem.formats.histories`."""
