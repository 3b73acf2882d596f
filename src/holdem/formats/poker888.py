"""888poker hand histories (and Pacific Poker's, on the same software): cash, Snap (fast-fold) and
tournaments.

A hand starts ``***** 888poker Hand History for Game N *****`` (some files print ``#Game No : N`` before
it, a prelude, as old partypoker files do) (``888poker Snap Poker``, ``888.com``, ``Cassava`` in older
ones), then the stakes, game and date (``$0.01/$0.02 Blinds No Limit Holdem - *** 09 12 2019 20:00:00``:
day first, no zone; ``Holdem Jackpot table`` for a table that takes a jackpot's share from the pot
with the rake; some tournaments print no date after the ``***``), the table (``Table Athens 6 Max
(Real Money)``, older ones without the size, ``(Practice Play)`` for play chips; ``Tournament #N $1 +
$0.10 - Table #3 9 Max ...``, or ``Tournament #N Free 10 Max ...`` with no table), the button, the seats
(``Seat 1: Ann ( $2.04 )``), posts (``posts dead blind [$0.01 + $0.02]``: the small blind dead, the big
one live) and decisions with amounts in brackets; cards are ``Ah`` (or, in German files, ``APik``,
``10Herz``, ``QKaro``, ``2Kreuz``).  A player who folds before the cards are dealt sits the hand out
rather than post a blind, and is not dealt in; a hand that ends there, no cards dealt, was cancelled.
Every amount is the chips the player adds with that action: ``raises [$0.17]`` from a small blind of
$0.01 is a raise to $0.18.  The summary prints what each player collected, neither the total pot nor the
rake: the rake is what the pots hold beyond it.  An unmatched bet or raise is given back outside the
collected amounts; unmatched chips are in them (a line of their own or added to a pot won) when they are
a blind's (a walk) or a preflop bet's over a big blind all in from its post (a bet after preflop no one
matched is given back apart, as ever).  Another room on the same software
(``LuckyAcePoker.com``) writes its hands the same way, under its own name.

>>> hand = parse(["***** 888poker Hand History for Game 7 *****",
...               "$0.01/$0.02 Blinds No Limit Holdem - *** 09 12 2019 20:00:00", "Table Athens 6 Max (Real Money)",
...               "Seat 1 is the button", "Total number of players : 2", "Seat 1: Ann ( $2 )", "Seat 2: Bob ( $2 )",
...               "Ann posts small blind [$0.01]", "Bob posts big blind [$0.02]", "** Dealing down cards **",
...               "Ann raises [$0.05]", "Bob folds", "** Summary **", "Ann collected [ $0.04 ]"], 1)
>>> hand.hand_id, [(act.verb, str(act.amount)) for act in hand.streets[0]], hand.rake_printed, hand.started.isoformat()
('7', [('adds', '0.05'), ('fold', 'None')], False, '2019-12-09T20:00:00')
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

from holdem.formats.parsing import (
    GAME_NAMES,
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Site,
    currency_of,
    names_longest_first,
    parse_amount,
    parse_hand_cards,
    parse_into,
    player_of,
    register,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse"]

SITE_NAME = "888poker"

_TITLE = re.compile(r"\*\*\*\*\* (?P<brand>.*?) Hand History for Game (?P<id>\d+) \*\*\*\*\*$")
_GAME = re.compile(
    r"(?P<stakes>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Limit) (?P<game>.+?) - \*\*\*(?: "
    r"(?P<day>\d{1,2}) (?P<month>\d{1,2}) (?P<year>\d{4}) (?P<hour>\d{1,2}):(?P<minute>\d{2}):(?P<second>\d{2}))?$"
)
_STRUCTURES = {
    "No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT, "Fix Limit": Structure.FIXED_LIMIT, "Limit": Structure.FIXED_LIMIT,
}  # fmt: skip
_TABLE = re.compile(
    r"(?:Table (?P<name>.+?)|Tournament #(?P<tournament>\d+) (?:.+? - Table (?P<tournament_table>.+?)|.+?))"
    r"(?: (?P<max>\d+) Max)?(?: \(.*\))?$"
)
_BUTTON = re.compile(r"Seat (\d+) is the button$")
_SEAT = re.compile(r"Seat (\d+): (.+) \( (.+) \)$")
_STREETS = {"** Dealing down cards **": 0, "** Dealing flop **": 1, "** Dealing turn **": 2, "** Dealing river **": 3}
_BRACKETS = re.compile(r"\[ ?([^\]]*?) ?\]$")
_POSTS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND, "ante": PostKind.ANTE}
_VERBS = {"calls": "call", "bets": "bet", "raises": "adds"}
_SUIT_WORDS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c"}  # German files' suits: ``[ 8Pik, QPik ]``


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one 888poker hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cut short, or with a line that is
        none of an 888poker hand's.
    """
    return parse_into(ParsedHand(SITE_NAME, "", line, returned=None, rake_printed=False), _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    title = _TITLE.match(lines[0])
    if title is None:
        raise HandProblem(f"the hand's title is not an 888poker hand's: {lines[0][:80]!r}", line)
    parsed.hand_id, parsed.fast_fold = title["id"], "Snap" in title["brand"]
    if len(lines) < 4:
        raise HandProblem("the hand ends before its seats (the file cut short?)", line + len(lines) - 1)
    game = _GAME.match(lines[1])
    if game is None:
        raise HandProblem(f"the line of the stakes and game cannot be read: {lines[1][:80]!r}", line + 1)
    if game["game"] not in ("Holdem", "Holdem Jackpot table"):
        described = f"{game['limit']} {game['game']}"
        raise HandProblem(f"not Texas hold'em: {described}", line, skipped=True, game=described)
    parsed.structure = _STRUCTURES[game["limit"]]
    parsed.game = GAME_NAMES[parsed.structure]
    stakes = game["stakes"].split("/")
    if len(stakes) != 2:
        raise HandProblem(f"the header gives no stakes: {lines[1][:80]!r}", line + 1)
    parsed.small_blind, parsed.big_blind = parse_amount(stakes[0]), parse_amount(stakes[1])
    if game["year"] is not None:
        try:
            year, month, day, hour, minute, second = (int(game[part]) for part in ("year", "month", "day", "hour", "minute", "second"))
            parsed.started = datetime.datetime(year, month, day, hour, minute, second)
        except ValueError:
            raise HandProblem(f"a date that is none: {lines[1][-19:]!r}", line + 1) from None
    table = _TABLE.match(lines[2])
    if table is None:
        raise HandProblem(f"the table's line cannot be read: {lines[2][:80]!r}", line + 2)
    parsed.table, parsed.tournament = table["name"] or table["tournament_table"], table["tournament"]
    parsed.max_seats = int(table["max"]) if table["max"] else None
    if parsed.tournament is None:
        parsed.currency = currency_of(game["stakes"])
    button = _BUTTON.match(lines[3])
    if button is None:
        raise HandProblem(f"the button's line cannot be read: {lines[3][:80]!r}", line + 3)
    parsed.button = int(button[1])
    position = 4
    if position < len(lines) and lines[position].startswith("Total number of players : "):
        position += 1
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _SEAT.match(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", line + position)
        parsed.seats.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3])))
        position += 1
    if not parsed.seats:
        raise HandProblem("the hand has no seats", line + position)
    if "** Summary **" not in lines:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + len(lines) - 1)
    names = names_longest_first(parsed.seats)

    street, dealt = 0, False
    board: list[int] = []
    for offset, text in enumerate(lines[position:], position):
        number = line + offset
        if text.startswith("** "):
            marker = text[: text.index(" **", 3) + 3] if " **" in text[3:] else text
            if marker == "** Summary **":
                street = -1
                continue
            if marker not in _STREETS:
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
            street, dealt = _STREETS[marker], True
            while len(parsed.streets) <= street:
                parsed.streets.append([])
            if street:
                board.extend(_cards(text, number))
        elif not dealt and text.endswith(" folds") and text[: -len(" folds")] in names:  # sits out rather than post
            parsed.seats = [seat for seat in parsed.seats if seat.name != text[: -len(" folds")]]
        elif text:
            _player_line(parsed, text, names, street, number)
    if not dealt and not parsed.streets[0]:
        raise HandProblem("cancelled: no cards were dealt", line, skipped=True)
    if board:
        parsed.boards = [tuple(board)]
    parsed.returns_in_collected = _unmatched_collected(parsed)
    return parsed


def _unmatched_collected(parsed: ParsedHand) -> bool:
    """Whether the collected amounts hold the chips no one matched: when they are a blind's (a walk, a big
    blind over an all-in small blind's call), or when they are preflop's over a big blind whose post took
    all its chips; otherwise 888 gives an unmatched bet or raise back outside them.  (Chips unmatched
    preflop leave no one to bet after it, so a bet after preflop means any unmatched chips are that
    street's, given back apart.)"""
    posts = [(post.name, post.live + post.dead) for post in parsed.posts]
    wagers = [(act.name, act.amount) for street in parsed.streets for act in street if act.amount is not None]
    big_blinds = {post.name for post in parsed.posts if post.kind == PostKind.BIG_BLIND}
    if not any(act.amount is not None for street in parsed.streets[1:] for act in street):
        for seat in parsed.seats:
            if seat.name in big_blinds and sum(amount for name, amount in posts if name == seat.name) == seat.stack:
                return True
    put_in: dict[str, Decimal] = {}
    for name, amount in posts + wagers:
        put_in[name] = put_in.get(name, Decimal(0)) + amount
    most = max(put_in, key=put_in.__getitem__, default=None)
    return all(name != most for name, _ in wagers)


def _cards(text: str, number: int) -> tuple[int, ...]:
    cards = _BRACKETS.search(text)
    if cards is None:
        raise HandProblem(f"cards that cannot be read: {text[:80]!r}", number)
    text = cards[1].replace(",", " ")
    for word, suit in _SUIT_WORDS.items():
        text = text.replace(word, suit)
    return parse_hand_cards(text)


def _player_line(parsed: ParsedHand, text: str, names: list[str], street: int, number: int) -> None:
    """A line about one player: a deal, post, decision, show or muck, or what they collected."""
    if text.startswith("Dealt to ") and (dealt := text[len("Dealt to ") : text.rfind(" [")]) in names:
        parsed.hero = parsed.hero or dealt
        parsed.holes[dealt] = _cards(text, number)
        return
    name = player_of(text, names)
    if name is None:
        raise HandProblem(f"a line that is none of an 888poker hand's: {text[:80]!r}", number)
    rest = text[len(name) + 1 :]
    verb = rest.split(" ", 1)[0]
    amount = _BRACKETS.search(rest)
    if verb == "collected" and amount is not None:
        parsed.collected[name] = parsed.collected.get(name, Decimal(0)) + parse_amount(amount[1])
    elif verb in ("shows", "mucks") and amount is not None:
        parsed.holes[name] = _cards(rest, number)
        if verb == "shows":
            parsed.shown[name] = parsed.holes[name]
    elif rest in ("did not show his hand", "did not show her hand", "did not show"):
        pass
    elif street == 0 and verb == "posts" and amount is not None:
        parsed.posts.append(_post(name, rest, amount[1], number))
    elif street >= 0 and rest in ("folds", "checks"):
        parsed.streets[street].append(Act(name, rest[:-1] if rest == "folds" else "check", None, number))
    elif street >= 0 and verb in _VERBS and amount is not None and rest == f"{verb} [{amount[1]}]":
        parsed.streets[street].append(Act(name, _VERBS[verb], parse_amount(amount[1]), number))
    else:
        raise HandProblem(f"a decision that cannot be read: {text[:80]!r}", number)


def _post(name: str, rest: str, amount: str, number: int) -> Post:
    kind = rest[len("posts ") : rest.rfind(" [")]
    if kind == "dead blind" and amount.count(" + ") == 1:  # a returning player's missed blinds: the small dead, the big live
        dead, _, live = amount.partition(" + ")
        return Post(name, PostKind.LIVE_AND_DEAD, parse_amount(live), parse_amount(dead), number)
    post = _POSTS.get(kind)
    if post is None:
        raise HandProblem(f"a post that cannot be read: {name} {rest[:80]!r}", number)
    return Post(name, post, parse_amount(amount), Decimal(0), number)


SITE = register(
    Site(SITE_NAME, ("***** 888", "***** Cassava", "***** LuckyAcePoker.com"), parse, preludes=("#Game No : ",))
)
"""The 888poker reader, registered with :mod:`holdem.formats.histories`."""
