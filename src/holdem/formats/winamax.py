"""Winamax hand histories: cash games, Go Fast (fast-fold) and tournaments, 2010 to today.

A hand starts ``Winamax Poker - CashGame - HandId: #...`` (``Go Fast "POOL"`` for the fast-fold
pools, ``Tournament "NAME" buyIn: ... level: N`` for tournaments, whose id is the first part of the
hand id) and gives the game and stakes (``Holdem no limit (0.01€/0.02€)``, ``(10/50/100)`` with
the ante first; ``Holdem fixed limit (0.05€/0.10€)`` gives the small and big bets, the blinds are
as posted) and the time with its zone.  The table line reads ``Table: 'NAME' 6-max (real money)
Seat #3 is the button`` (some files lack the colon or the ``#``).  Seat lines read ``Seat 1: NAME
(STACK)``, in bounty tournaments ``(STACK, 5€ bounty)``; a seated player with no line in the hand
(sitting out, or just moved to the table) is not dealt in.  Players' lines carry no colon after
the name (names may hold spaces); the sections are ``ANTE/BLINDS``, ``PRE-FLOP``, ``FLOP``,
``TURN``, ``RIVER``, ``SHOW DOWN`` and ``SUMMARY``; raises read ``raises 0.04€ to 0.06€``.  A blind
``out of position`` is live for a big blind and dead for a small one.  No uncalled bet is printed:
it is in the winner's ``collected`` amount.  The summary's ``Total pot`` is what the players
collect, the rake after it; old tournament files print totals of a thousand chips or more rounded
(``6.27k``), which are not checked.  Amounts are printed ``0.02€`` today and ``0,02€`` in older files.

>>> hand = parse(["Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0,05€/0,10€) - 2012/03/04 20:15:00 CET",
...               "Table: 'Paris 02' 6-max (real money) Seat #1 is the button", "Seat 1: Zoé (10€)", "Seat 2: Jean Luc (12,40€)",
...               "*** ANTE/BLINDS ***", "Zoé posts small blind 0,05€", "Jean Luc posts big blind 0,10€",
...               "*** PRE-FLOP ***", "Zoé folds", "Jean Luc collected 0,15€ from pot", "*** SUMMARY ***",
...               "Total pot 0,15€ | No rake"], 1)
>>> hand.currency, hand.small_blind, hand.collected, hand.returned, hand.started.isoformat()
('EUR', Decimal('0.05'), {'Jean Luc': Decimal('0.15')}, None, '2012-03-04T20:15:00+01:00')
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.formats.parsing import (
    GAME_NAMES,
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
    site_time,
    worded_decision,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse"]

SITE_NAME = "Winamax"

_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>.*?) - HandId: #(?P<id>[\d-]+) - (?P<game>[^()]+?) \((?P<stakes>[^()]*)\)(?: - (?P<time>.*))?$"
)
_STRUCTURES = {
    "Holdem no limit": Structure.NO_LIMIT,
    "Holdem pot limit": Structure.POT_LIMIT,
    "Holdem fixed limit": Structure.FIXED_LIMIT,
}
_TABLE = re.compile(r"Table:? '(?P<name>.*)' (?P<max>\d+)-max (?:\([^()]*\) )?Seat #?(?P<button>\d+) is the button$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+?)(?:, (\S+) bounty)?\)$")
_SECTIONS = {"ANTE/BLINDS": 0, "PRE-FLOP": 0, "FLOP": 1, "TURN": 2, "RIVER": 3, "SHOW DOWN": None, "SUMMARY": None}
_COLLECTED = re.compile(r"(.+) collected (\S+) from (?:main |side )?pot(?: \d+)?$")
_DEALT = re.compile(r"Dealt to (.+) \[([^\]]*)\]$")
_SUMMARY_SEAT = re.compile(r"Seat \d+: (.+?)(?: \((?:button|small blind|big blind)\))* (showed|mucked) \[([^\]]*)\]")
_POST = re.compile(r"posts (small blind|big blind|ante) (\S+)( out of position)?$")
_POSTS = {"small blind": PostKind.SMALL_BLIND, "big blind": PostKind.BIG_BLIND, "ante": PostKind.ANTE}


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one Winamax hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cut short, or with a line that is
        none of a Winamax hand's.
    """
    parsed = ParsedHand(SITE_NAME, "", line, returned=None, returns_in_collected=True, returns_in_total_pot=True)
    return parse_into(parsed, _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    header = _HEADER.match(lines[0])
    if header is None:
        raise HandProblem(f"the first line is not a Winamax hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id = header["id"]
    kind = header["kind"]
    parsed.fast_fold = kind.startswith("Go Fast")
    if kind.startswith("Tournament"):
        parsed.tournament = parsed.hand_id.split("-")[0]
    structure = _STRUCTURES.get(header["game"])
    if structure is None:
        skipped = not header["game"].startswith("Holdem")
        reason = "not Texas hold'em" if skipped else "a hold'em game holdem does not read"
        raise HandProblem(f"{reason}: {header['game']}", line, skipped=skipped, game=header["game"])
    parsed.game, parsed.structure = GAME_NAMES[structure], structure
    stakes = header["stakes"].split("/")
    if len(stakes) not in (2, 3):
        raise HandProblem(f"the header gives no stakes: {lines[0][:80]!r}", line)
    first, second = parse_amount(stakes[-2]), parse_amount(stakes[-1])
    if structure is Structure.FIXED_LIMIT:
        parsed.small_bet, parsed.big_bet, parsed.small_blind, parsed.big_blind = first, second, Decimal(0), first
    else:
        parsed.small_blind, parsed.big_blind = first, second
    if parsed.tournament is None:
        parsed.currency = currency_of(header["stakes"])
    parsed.started = site_time(header["time"] or "")
    if "*** SUMMARY ***" not in lines:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + len(lines) - 1)
    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise HandProblem(f"the second line is not the table's: {lines[1][:80]!r}", line + 1)
    parsed.table, parsed.max_seats, parsed.button = table["name"], int(table["max"]), int(table["button"])

    position = 2
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _SEAT.match(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", line + position)
        bounty = parse_amount(seat[4]) if seat[4] else None
        parsed.seats.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3]), bounty))
        position += 1
    if not parsed.seats:
        raise HandProblem("the hand has no seats", line + position)
    seated, parsed.seats = parsed.seats, []
    names = names_longest_first(seated)
    dealt_in: set[str] = set()

    street: int | None = 0
    for offset, text in enumerate(lines[position:], position):
        number = line + offset
        if text.startswith("*** "):
            marker = text[4 : text.find(" ***", 4)] if " ***" in text[4:] else ""
            if marker not in _SECTIONS:
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
            street = _SECTIONS[marker]
            if street is not None:
                while len(parsed.streets) <= street:
                    parsed.streets.append([])
            elif marker == "SUMMARY":
                _summary(parsed, lines[offset + 1 :], number + 1)
                break
        elif (match := _COLLECTED.match(text)) and match[1] in names:
            parsed.collected[match[1]] = parsed.collected.get(match[1], Decimal(0)) + parse_amount(match[2])
        elif (match := _DEALT.match(text)) and match[1] in names:
            parsed.hero = parsed.hero or match[1]
            parsed.holes[match[1]] = parse_hand_cards(match[2])
            dealt_in.add(match[1])
        elif (name := _player_line(parsed, text, names, street, number)) is not None:
            dealt_in.add(name)
    parsed.seats = [seat for seat in seated if seat.name in dealt_in]
    return parsed


def _player_line(parsed: ParsedHand, text: str, names: list[str], street: int | None, number: int) -> str | None:
    """Read a player's line (a post, a decision, a show) into ``parsed``: the player's name, ``None`` for
    an empty line or a player sitting out who declines the big blind."""
    if not text:
        return None
    name = player_of(text, names)
    if name is None:
        raise HandProblem(f"a line that is none of a Winamax hand's: {text[:80]!r}", number)
    said = text[len(name) + 1 :].removesuffix(" and is all-in")
    if said == "denies big blind" and street == 0:
        return None
    words = said.split(" ")
    if words[0] == "shows" and len(words) >= 2:
        cards = parse_hand_cards(text[text.index("[") + 1 : text.index("]")]) if "[" in text and "]" in text else ()
        if len(cards) != 2:
            raise HandProblem(f"a show without two cards: {text[:80]!r}", number)
        parsed.shown[name] = parsed.holes[name] = cards
        return name
    if street is None:
        raise HandProblem(f"a decision after the betting: {text[:80]!r}", number)
    if street == 0 and (post := _POST.match(said)) and not (post[1] == "ante" and post[3]):
        _post(parsed, name, post[1], parse_amount(post[2]), bool(post[3]), number)
    elif (act := worded_decision(name, words, number)) is not None:
        parsed.streets[street].append(act)
    else:
        raise HandProblem(f"a decision that cannot be read: {text[:80]!r}", number)
    return name


def _post(parsed: ParsedHand, name: str, blind: str, amount: Decimal, out_of_position: bool, number: int) -> None:
    """A forced bet: out of position, a small blind is dead and a big blind live; a player posting both
    at once has the sum printed as the small blind and 0 as the big blind."""
    if not out_of_position:
        parsed.posts.append(Post(name, _POSTS[blind], amount, Decimal(0), number))
    elif blind == "small blind":
        parsed.posts.append(Post(name, PostKind.DEAD, Decimal(0), amount, number))
    elif amount == 0 and parsed.posts and parsed.posts[-1].name == name and parsed.posts[-1].kind == PostKind.DEAD:
        dead = parsed.posts.pop().dead - parsed.big_blind
        if dead < 0:
            raise HandProblem(f"both blinds posted for less than the big blind: {name}", number)
        parsed.posts.append(Post(name, PostKind.LIVE_AND_DEAD, parsed.big_blind, dead, number))
    else:
        parsed.posts.append(Post(name, PostKind.LIVE, amount, Decimal(0), number))


def _summary(parsed: ParsedHand, lines: list[str], number: int) -> None:
    total: str | None = None
    for text in lines:
        if text.startswith("Total pot "):
            parts = text.split(" | ")
            total = parts[0][len("Total pot ") :]
            for part in parts[1:]:
                if part.startswith("Rake "):
                    parsed.rake = parse_amount(part[len("Rake ") :])
                elif part != "No rake":
                    raise HandProblem(f"a fee the summary names that holdem does not know: {part[:40]!r}", number)
        elif text.startswith("Board: [") and text.endswith("]"):
            parsed.boards = [parse_hand_cards(text[8:-1])]
        elif (seat := _SUMMARY_SEAT.match(text)) is not None:
            parsed.holes[seat[1]] = parse_hand_cards(seat[3])
            if seat[2] == "showed":
                parsed.shown[seat[1]] = parsed.holes[seat[1]]
        number += 1
    if total is None:
        raise HandProblem("the summary gives no total pot", number)
    collected = parse_amount(total)
    parsed.total_pot = None if total.endswith("k") else collected + parsed.rake  # 6.27k: not to the chip


SITE = register(Site(SITE_NAME, ("Winamax Poker - ",), parse))
"""The Winamax reader, registered with :mod:`holdem.formats.histories`."""
