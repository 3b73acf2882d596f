"""Winning Poker Network hand histories (Americas Cardroom, Black Chip Poker, True Poker, Ya Poker): the
format of 2019 on and the older one, still written in 2016.

Today's hands start ``Hand #N - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 04:43:23 UTC``
(tournaments: ``Game Hand #N - ... Tournament #T - Holdem(No Limit) - Level 10 (3000.00/6000.00)-
...``), name the table without quotes (``Miramar 9-max Seat #1 is the button``; tournaments
``Table '99'``), post ``the small blind``, ``the big blind``, ``ante`` and ``dead`` (a missed
blind, dead; more than the big blind is both blinds at once, the big one live), raise ``$0.06 to
$0.08``, return the uncalled bet on a line of its own (but in a walk the big blind's uncalled part
is in what it won and in the total pot), and end with a summary whose ``Total pot`` is what the
winners share (rake and ``JP Fee`` already out) and whose seats say what each player won.  Cap
tables (``caps $0.55``) cannot be replayed: holdem's rules have no cap on a player's chips in a hand.

The older hands (some files put a blank line after every line) start ``Game started at: 2016/8/2
11:17:19``, then ``Game ID: N 0.10/0.25 TABLE (Hold'em)`` and the button.  That line names no
betting structure: its stakes are the blinds, and the hand is replayed as no-limit, whose rules
every raise of pot-limit keeps; but at a fixed-limit table they are the bets, and the big blind
posts the first of them, not all in (the small blind half of it, the half cent dropped: 0.02 at
0.05/0.10): such a hand is replayed as fixed-limit, its blinds as posted.  Their lines read ``Player
NAME ...``, posts are ``has small blind (0.10)``, ``has big blind (0.25)``, ``posts (0.25)`` (a live
big blind out of position), ``posts (0.10) as a dead bet``, ``straddle``, ``ante``; every amount of a
decision is the chips the player adds (``raises (0.40)`` from a small blind of 0.10 is a raise to
0.50, ``allin (N)`` the rest of a stack); a seat whose player has lost its name (``Player  is timed
out.``) is not dealt in.  A hand in which no one is dealt cards (one player posted, the others sat
out, the post given back) was cancelled.  The summary gives the pot after rake and fees (``Pot: 0.50. Rake 0``, some add ``JP fee
0.02``) and a line for each player with what it put in the pot and took from it (``Bets: 0.25.
Collects: 0.50.``; a muck may print the cards, ``mucks (does not show: [Ah Kd])``).  A jackpot table
(``JP`` in brackets in its name: ``Quartzite (JP) - 2``, ``Ruby (Short, JP)``) whose summary names no
fee takes one all the same: what the players put in beyond the pot and the rake.

>>> hand = parse(["Game started at: 2016/8/2 11:17:19", "Game ID: 5 0.10/0.25 Lancaster (Hold'em)", "Seat 1 is the button",
...               "Seat 1: Ann (25).", "Seat 2: Bob (25).", "Player Ann has small blind (0.10)", "Player Bob has big blind (0.25)",
...               "Player Ann received a card.", "Player Ann received a card.", "Player Bob received a card.",
...               "Player Bob received a card.", "Player Ann raises (0.40)", "Player Bob folds",
...               "Uncalled bet (0.25) returned to Ann", "------ Summary ------", "Pot: 0.50. Rake 0",
...               "*Player Ann mucks (does not show cards). Bets: 0.25. Collects: 0.50. Wins: 0.25.",
...               "Player Bob does not show cards.Bets: 0.25. Collects: 0. Loses: 0.25."], 1)
>>> [(act.verb, str(act.amount)) for act in hand.streets[0]], hand.returned, hand.collected, hand.total_pot
([('adds', '0.40'), ('fold', 'None')], {'Ann': Decimal('0.25')}, {'Ann': Decimal('0.50')}, Decimal('0.50'))
"""

from __future__ import annotations

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
    site_time,
    worded_decision,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse"]

SITE_NAME = "WPN"

_HEADER = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<event>.*?)Tournament #(?P<tournament>\d+) - )?(?P<game>[^()]+?)\s*"
    r"\((?P<limit>[^()]+)\) - (?:Level \d+ \((?P<level>[^()/]+/[^()/]+)\)|(?P<stakes>[^ ,]+/[^ ,]+)(?:, Ante (?P<ante>\S+))?)\s*-\s*(?P<time>.*)$"
)
_STRUCTURES = {"No Limit": Structure.NO_LIMIT, "Pot Limit": Structure.POT_LIMIT, "Fixed Limit": Structure.FIXED_LIMIT}
_TABLE = re.compile(r"(?:Table '(?P<quoted>.*)'|(?P<name>.*?)) (?P<max>\d+)-max Seat #(?P<button>\d+) is the button$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)( is sitting out)?$")
_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.+)$")
_DEALT = re.compile(r"Dealt to (.+) \[([^\]]*)\]$")
_CARDS = re.compile(r"\[([^\[\]]*)\]")
_WON = re.compile(r" won (\S+)")
_SHOWED = re.compile(r" (showed|mucked) \[([^\]]*)\]")
_POSTS = {"the small blind": PostKind.SMALL_BLIND, "the big blind": PostKind.BIG_BLIND, "ante": PostKind.ANTE, "dead": PostKind.DEAD}

_OLD_GAME = re.compile(r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<table>.*) \((?P<game>[^()]*)\)(?: \d+-max)?$")
_OLD_BUTTON = re.compile(r"Seat (\d+) is the button$")
_OLD_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)\.$")
_OLD_STREET = re.compile(r"\*\*\* (FLOP|TURN|RIVER) \*\*\*: (?:\[[^\]]*\] )?\[([^\]]*)\]$")
_OLD_POSTS = {"has small blind": PostKind.SMALL_BLIND, "has big blind": PostKind.BIG_BLIND, "posts": PostKind.BIG_BLIND,
              "straddle": PostKind.STRADDLE, "ante": PostKind.ANTE}  # fmt: skip
_OLD_VERBS = {"calls": "call", "bets": "bet", "raises": "adds", "allin": "all_in"}
_OLD_RESULT = re.compile(
    r"\*?Player (.*?) (?:(?:mucks \(does not show cards\)|does not show cards|doesn't show cards)\.|shows: .*? \[([^\]]*)\]\.|"
    r"mucks \(does not show: \[([^\]]*)\]\)\.)\s*Bets: (\S+)\. Collects: (\S+)\. (?:Wins|Loses): \S+\.$"
)
_RECEIVED = re.compile(r" received (?:a card\.|card: \[[^\]]*\])$")
_JACKPOT_TABLE = re.compile(r"\((?:[^()]*, )?JP\)")
_OLD_INFORMATION = re.compile(
    r"Player .* (?:received a card\.|received card: \[[^\]]*\]|is timed out\.|wait BB|sitting out|mucks cards|is disconnected|is connected)$"
)


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one WPN hand (the first at line number ``line``), of either format, into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cancelled, cut short, of a Cap table, or
        with a line that is none of a WPN hand's.
    """
    read = _parse_old if lines[0].startswith("Game started at: ") else _parse
    return parse_into(ParsedHand(SITE_NAME, "", line), read, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    header = _HEADER.match(lines[0])
    if header is None:
        raise HandProblem(f"the first line is not a WPN hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id, parsed.tournament = header["id"], header["tournament"]
    structure = _STRUCTURES.get(header["limit"])
    described = f"{header['game']}({header['limit']})"
    if header["game"] != "Holdem" or structure is None:
        raise HandProblem(f"not Texas hold'em: {described}", line, skipped=True, game=described)
    parsed.structure, parsed.game = structure, GAME_NAMES[structure]
    small, big = (parse_amount(amount) for amount in (header["level"] or header["stakes"]).split("/"))
    if structure is Structure.FIXED_LIMIT:  # the stakes are the bets, as PokerStars prints them
        parsed.small_bet, parsed.big_bet, small, big = small, big, Decimal(0), small
    parsed.small_blind, parsed.big_blind = small, big
    if parsed.tournament is None and header["stakes"] is not None:  # a level without a tournament: chips
        parsed.currency = currency_of(header["stakes"])
    parsed.started = site_time(header["time"])
    if "*** SUMMARY ***" not in lines:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + len(lines) - 1)
    table = _TABLE.match(lines[1]) if len(lines) > 1 else None
    if table is None:
        raise HandProblem(f"the second line is not the table's: {lines[1][:80]!r}", line + 1)
    parsed.table = table["quoted"] if table["quoted"] is not None else table["name"]
    parsed.max_seats, parsed.button = int(table["max"]), int(table["button"])
    position = 2
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _SEAT.match(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", line + position)
        if not seat[4]:  # a player sitting out is not dealt in
            parsed.seats.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3])))
        position += 1
    names = _names(parsed)
    returned: dict[str, Decimal] = {}
    street = 0
    summary = False
    for offset, text in enumerate(lines[position:], position):
        number = line + offset
        if text.startswith("*** "):
            marker = text[4 : text.find(" ***", 4)] if " ***" in text[4:] else ""
            summary = summary or marker == "SUMMARY"
            if marker in _STREETS:
                street = _STREETS[marker]
                while len(parsed.streets) <= street:
                    parsed.streets.append([])
            elif marker not in ("SHOW DOWN", "SUMMARY"):
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
        elif summary:
            _summary_line(parsed, text, names, number)
        elif text.startswith(("Main pot ", "Side pot")) or " collected " in text:
            pass  # the pots as they stand, and what the summary says each player won
        elif (match := _RETURNED.match(text)) and match[2] in names:
            returned[match[2]] = returned.get(match[2], Decimal(0)) + parse_amount(match[1])
        elif (match := _DEALT.match(text)) and match[1] in names:
            parsed.hero = parsed.hero or match[1]
            parsed.holes[match[1]] = parse_hand_cards(match[2])
        elif text:
            _player_line(parsed, text, names, street, number)
    parsed.returned = returned
    if not returned and all(act.verb == "fold" for street in parsed.streets for act in street):
        # a walk: the big blind's uncalled part, given back on no line, is in what it won and in the pot
        parsed.returned, parsed.returns_in_collected, parsed.returns_in_total_pot = None, True, True
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    return parsed


def _names(parsed: ParsedHand) -> list[str]:
    if not parsed.seats:
        raise HandProblem("the hand has no seats", parsed.line)
    return names_longest_first(parsed.seats)


def _player_line(parsed: ParsedHand, text: str, names: list[str], street: int, number: int) -> None:
    name = player_of(text, names)
    if name is None:
        raise HandProblem(f"a line that is none of a WPN hand's: {text[:80]!r}", number)
    words = text[len(name) + 1 :].removesuffix(" and is all-in").split(" ")
    if words[0] == "posts" and street == 0 and " ".join(words[1:-1]) in _POSTS:
        kind = _POSTS[" ".join(words[1:-1])]
        amount = parse_amount(words[-1])
        live, dead = amount, Decimal(0)
        if kind == PostKind.DEAD and amount > parsed.big_blind:  # both blinds: the big one live, the small one dead
            kind, live, dead = PostKind.LIVE_AND_DEAD, parsed.big_blind, amount - parsed.big_blind
        elif kind == PostKind.DEAD:
            live, dead = Decimal(0), amount
        parsed.posts.append(Post(name, kind, live, dead, number))
    elif (act := worded_decision(name, words, number)) is not None:
        parsed.streets[street].append(act)
    elif words[0] == "caps":
        raise HandProblem(f"a capped bet (a Cap table): holdem's rules have no cap on a player's chips in a hand: {text[:80]!r}", number)
    elif words[0] == "shows" and (cards := _CARDS.match(" ".join(words[1:]))) is not None:
        parsed.shown[name] = parsed.holes[name] = parse_hand_cards(cards[1])
    elif words not in (["does", "not", "show"], ["mucks"]):
        raise HandProblem(f"a decision that cannot be read: {text[:80]!r}", number)


def _summary_line(parsed: ParsedHand, text: str, names: list[str], number: int) -> None:
    if text.startswith("Total pot "):
        parts = text.split(" | ")
        for part in parts[1:]:
            label, _, amount = part.rpartition(" ")
            if label == "Rake":
                parsed.rake = parse_amount(amount)
            else:  # the JP Fee, for the jackpot
                parsed.jackpot += parse_amount(amount)
        parsed.total_pot = _before_fees(parsed, parts[0][len("Total pot ") :])
    elif text.startswith("Board [") and text.endswith("]"):
        parsed.boards = [parse_hand_cards(text[7:-1])]
    elif text.startswith("Seat "):
        name = next((name for name in names if text.startswith(f"{name} ", text.find(": ") + 2)), None)
        if name is None:
            raise HandProblem(f"a summary line of no player dealt in: {text[:80]!r}", number)
        if (won := _WON.search(text)) is not None:
            parsed.collected[name] = parse_amount(won[1])
        if (cards := _SHOWED.search(text)) is not None:
            parsed.holes[name] = parse_hand_cards(cards[2])
            if cards[1] == "showed":
                parsed.shown[name] = parsed.holes[name]


def _before_fees(parsed: ParsedHand, printed: str) -> Decimal:
    """The pot before rake and fees, from the pot WPN prints (what the winners share)."""
    return parse_amount(printed) + parsed.rake + parsed.jackpot


def _parse_old(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    numbers = [line + offset for offset, text in enumerate(lines) if text]  # some files leave a blank line after each
    lines = [text for text in lines if text]
    parsed.started = site_time(lines[0])
    game = _OLD_GAME.match(lines[1]) if len(lines) > 1 else None
    if game is None:
        second = lines[1][:80] if len(lines) > 1 else ""
        raise HandProblem(f"the second line is not a WPN game's: {second!r}", numbers[1] if len(lines) > 1 else line + 1)
    parsed.hand_id, parsed.table = game["id"], game["table"].strip()
    if game["game"] != "Hold'em":
        raise HandProblem(f"not Texas hold'em: {game['game']}", line, skipped=True, game=game["game"])
    parsed.game = "Hold'em"
    parsed.small_blind, parsed.big_blind = parse_amount(game["small"]), parse_amount(game["big"])
    if not any(text.startswith("------ Summary ------") for text in lines):
        raise HandProblem("the hand ends before its summary (the file cut short?)", numbers[-1])
    button = _OLD_BUTTON.match(lines[2]) if len(lines) > 2 else None
    if button is None:
        third = lines[2][:80] if len(lines) > 2 else ""
        raise HandProblem(f"the button's line cannot be read: {third!r}", numbers[2] if len(lines) > 2 else numbers[-1] + 1)
    parsed.button = int(button[1])
    position = 3
    seated: list[Seat] = []
    while position < len(lines) and lines[position].startswith("Seat "):
        seat = _OLD_SEAT.match(lines[position])
        if seat is None:
            raise HandProblem(f"a seat line that cannot be read: {lines[position][:80]!r}", numbers[position])
        seated.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3])))
        position += 1
    dealt = {_RECEIVED.sub("", text[len("Player ") :]) for text in lines if _RECEIVED.search(text)}
    parsed.seats = [seat for seat in seated if seat.name in dealt]
    if seated and not parsed.seats:
        raise HandProblem("cancelled: no cards were dealt", line, skipped=True)
    names = _names(parsed)
    returned: dict[str, Decimal] = {}
    hole: dict[str, list[int]] = {}
    street = 0
    board: tuple[int, ...] = ()
    summary = False
    bets: dict[str, Decimal] = {}  # what the summary says each player put in the pot
    for number, text in zip(numbers[position:], lines[position:]):
        if text.startswith("------ Summary ------"):
            summary = True
        elif summary:
            _old_summary_line(parsed, text, bets, number)
        elif (match := _OLD_STREET.match(text)) is not None:
            street = ("FLOP", "TURN", "RIVER").index(match[1]) + 1
            while len(parsed.streets) <= street:
                parsed.streets.append([])
            board += parse_hand_cards(match[2])
        elif (match := _RETURNED.match(text)) and match[2] in names:
            returned[match[2]] = returned.get(match[2], Decimal(0)) + parse_amount(match[1])
        elif text.startswith("Player ") and " received card: [" in text and text.endswith("]"):
            name = text[len("Player ") : text.index(" received card: [")]
            hole.setdefault(name, []).extend(parse_hand_cards(text[text.index("[") + 1 : -1]))
        elif text.startswith("Player ") and not _OLD_INFORMATION.match(text):
            _old_player_line(parsed, text[len("Player ") :], names, street, number)
        elif not text.startswith("Player "):
            raise HandProblem(f"a line that is none of a WPN hand's: {text[:80]!r}", number)
    small, big = parsed.small_blind, parsed.big_blind
    stacks = {seat.name: seat.stack for seat in parsed.seats}
    bigs = {(post.live, post.live < stacks[post.name]) for post in parsed.posts if post.kind == PostKind.BIG_BLIND}
    smalls = {post.live for post in parsed.posts if post.kind == PostKind.SMALL_BLIND}
    halves = {small / 2, (small - Decimal("0.01")) / 2}  # or, of an odd cent, the half cent dropped
    if big == 2 * small and bigs == {(small, True)} and smalls <= halves:  # a fixed-limit table: the stakes are the bets
        parsed.structure, parsed.game = Structure.FIXED_LIMIT, GAME_NAMES[Structure.FIXED_LIMIT]
        parsed.small_bet, parsed.big_bet, parsed.small_blind, parsed.big_blind = small, big, Decimal(0), small
    for name, cards in hole.items():
        parsed.hero = parsed.hero or name
        parsed.holes[name] = tuple(cards)
    parsed.returned, parsed.boards = returned, [board] if board else []
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no pot", line)
    if missing := [name for name in names if name not in bets]:
        raise HandProblem(f"the summary gives no result for {missing[0]!r} (the file cut short?)", numbers[-1])
    if _JACKPOT_TABLE.search(parsed.table) and not parsed.jackpot:  # the fee it takes is what the bets hold beyond pot and rake
        put_in = sum(bets.values(), Decimal(0))
        if put_in < parsed.total_pot:
            raise HandProblem(f"the summary's bets add up to {put_in}, less than its pot and rake {parsed.total_pot}", line)
        parsed.jackpot, parsed.total_pot = put_in - parsed.total_pot, put_in
    return parsed


def _old_player_line(parsed: ParsedHand, text: str, names: list[str], street: int, number: int) -> None:
    name = player_of(text, names)
    if name is None:
        raise HandProblem(f"a line of no player dealt in: {'Player ' + text[:80]!r}", number)
    rest = text[len(name) + 1 :]
    action, _, amount = rest.rpartition(" (")
    if amount.endswith(" as a dead bet") and action == "posts":
        parsed.posts.append(Post(name, PostKind.DEAD, Decimal(0), parse_amount(amount[: -len(") as a dead bet")]), number))
    elif action in _OLD_POSTS and amount.endswith(")") and street == 0:
        parsed.posts.append(Post(name, _OLD_POSTS[action], parse_amount(amount[:-1]), Decimal(0), number))
    elif action in _OLD_VERBS and amount.endswith(")"):
        parsed.streets[street].append(Act(name, _OLD_VERBS[action], parse_amount(amount[:-1]), number))
    elif rest in ("folds", "checks"):
        parsed.streets[street].append(Act(name, "fold" if rest == "folds" else "check", None, number))
    elif rest.startswith("shows: ") and (cards := _CARDS.search(rest)) is not None and rest.endswith("]"):
        parsed.shown[name] = parsed.holes[name] = parse_hand_cards(cards[1])
    else:
        raise HandProblem(f"a decision that cannot be read: Player {text[:80]!r}", number)


def _old_summary_line(parsed: ParsedHand, text: str, bets: dict[str, Decimal], number: int) -> None:
    if text.startswith("Pot: "):
        parts = text[len("Pot: ") :].split(". ")
        for part in parts[1:]:
            label, _, amount = part.rstrip(".").rpartition(" ")
            if label == "Rake":
                parsed.rake = parse_amount(amount)
            elif label == "JP fee":
                parsed.jackpot += parse_amount(amount)
            else:
                raise HandProblem(f"a fee the summary names that holdem does not know: {part[:40]!r}", number)
        parsed.total_pot = _before_fees(parsed, parts[0])
    elif text.startswith("Board: "):
        pass  # the streets' cards say it
    elif (result := _OLD_RESULT.match(text)) is not None:
        bets[result[1]] = parse_amount(result[4])
        collects = parse_amount(result[5])
        if collects:
            parsed.collected[result[1]] = collects
        if result[2]:
            parsed.shown[result[1]] = parsed.holes[result[1]] = parse_hand_cards(result[2])
        elif result[3]:  # mucked, its cards printed all the same
            parsed.holes[result[1]] = parse_hand_cards(result[3])
    elif text and not text.startswith("Game ended at: "):
        raise HandProblem(f"a summary line that cannot be read: {text[:80]!r}", number)


SITE = register(
    Site(
        SITE_NAME,
        ("Hand #", "Game Hand #", "Game started at: "),
        parse,
        first_line=re.compile(r"(?:Game )?Hand #\d+ - |Game started at: "),  # not Full Tilt's "Hand #N has been canceled"
    )
)
"""The WPN reader, registered with :mod:`holdem.formats.histories`."""
