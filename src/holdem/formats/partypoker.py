"""partypoker hand histories (2005 to today): cash, fastforward, sit & gos and tournaments.

Each hand's text becomes a :class:`~holdem.formats.histories.ParsedHand`,
which :mod:`holdem.formats.histories` replays and checks; read them with
:func:`holdem.read_histories`.  A hand starts at ``***** Hand History for
Game`` (older files print ``Game #1 starts.`` and ``#Game No : 1`` before
it); its stakes are the blinds (``$0.10/$0.25 USD NL``), the bets of a limit
game (``$3/$6 USD FL``, with blinds that may be a third and two thirds of
the small bet, as posted) or, in older cash files, the buy-in (the blinds
are then those posted).  Old tournament headers name the buy-in, the level
and its blinds, or some of them; a ``Trny: 1 Level: 2`` line and a
``Blinds(10/20)`` (``Blinds-Antes``, or a limit game's ``Stakes``) line
after the seats name the level the hand is played at, over the header's.
Raises (``raises [$1 USD]``) and all-ins (``is all-In [$5 USD]``) are the
chips the player puts in with them; ``posts big blind + dead`` is a live
big blind and a dead small one, and a second ``posts small blind`` (a
player coming in) is live.  partypoker prints neither the uncalled bets
(they are in the winner's amount), the total pot nor the rake, but in the
hands that end with a summary (below).  Old tournament hands print no
blinds (at a level of ``Blinds-Antes``, the antes alone): those of the level
are posted from the button on; in any other hand a blind missing is a
problem.  The seats are listed in any order, with players who sit out, most
often without a word: those dealt in are the players who post, act, show or
win.  A player who joins the table and plays has no seat listed:
such a hand is a problem.  ``Table Closed`` hands are skipped.

Some hands (``0.10/0.25 Texas Hold'em Game Table (NL)``, and the
tournaments' ``Tourney ... Game Table``) put the button on the table's line,
print posts and calls as ``(0.25)``, raises as ``raises 0.50 to 0.75`` (the
total), and end with a summary: the pots after rake and the rake, then each
player's result, with the amount collected (the uncalled bet in it) and the
cards shown.

>>> hand = parse(["***** Hand History for Game 9 *****",
...               "$0.05/$0.10 USD NL Texas Hold'em - Friday, January 03, 21:23:45 CET 2020",
...               "Table Zamora (Real Money)", "Seat 1 is the button", "Total number of players : 2/6",
...               "Seat 1: Ann ( $10 USD )", "Seat 2: Bob ( $10 USD )", "Ann posts small blind [$0.05 USD].",
...               "Bob posts big blind [$0.10 USD].", "** Dealing down cards **", "Ann raises [$0.25 USD]",
...               "Bob folds", "Ann does not show cards.", "Ann wins $0.40 USD"], 1)
>>> hand.table, hand.max_seats, hand.button, hand.started.isoformat(), [(act.verb, act.amount) for act in hand.streets[0]]
('Zamora', 6, 1, '2020-01-03T21:23:45+01:00', [('adds', Decimal('0.25')), ('fold', None)])
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.formats.parsing import (
    MONTHS,
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
    names_longest_first,
    player_of,
    register,
    site_time,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse"]

SITE_NAME = "partypoker"

_START = re.compile(r"\*{5} Hand History [Ff]or Game (\w+) \*{5}")
_LIMITS = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT, "": Structure.FIXED_LIMIT}
_LIMIT_NAMES = {Structure.NO_LIMIT: "No Limit", Structure.POT_LIMIT: "Pot Limit", Structure.FIXED_LIMIT: "Limit"}
_CASH = re.compile(
    r"(?P<stakes>\S+?(?:/\S+?)?)(?: +(?:USD|EUR|GBP))? +(?P<fast>fastforward +)?(?:(?P<limit>NL|PL|FL) +)?"
    r"(?P<game>.+?) - (?P<time>.*)$"
)
_LEVEL = r"Trny: ?(?P<id>\d+) Level: ?\d+"
_STAKES = r"(?:Blinds(?:-Antes)?|Stakes)\((?P<small>[\d,. ]+)/(?P<big>[\d,. ]+)(?: ?-[\d,. ]+)?\)"
_TOURNAMENT = re.compile(
    r"(?=.* (?:Buy-in|Trny:))(?:(?P<limit>NL|PL|FL) )?(?P<game>.+?) +"
    r"(?:[$€£]? ?[\d.,]+ ?[$€£]?(?: [A-Z]{3})? Buy-in(?: +\+ [$€£]?[\d.,]+ Entry Fee)? +)?"
    rf"(?:{_LEVEL} +{_STAKES} +)?- (?P<time>.*)$"
)
_LEVEL_LINE = re.compile(_LEVEL)
_STAKES_LINE = re.compile(_STAKES)
_GAME_TABLE = re.compile(
    r"(?P<small>[\d,.]+)/(?P<big>[\d,.]+) (?:Tourney )?(?P<game>.+?) Game Table \((?P<limit>NL|PL|FL)\)"
    r"(?: +\((?:SNG|STT|MTT)(?: JackPot)? Tournament #(?P<id>\d+)\))?(?: +\(Buyin [^)]*\))? +- +(?P<time>.*)$"
)
_TIME = re.compile(r"(\w+) (\d{1,2}),? (\d{1,2}:\d{2}:\d{2}) (?:([A-Z]{2,4}) )?(\d{4})")
_TABLE = re.compile(
    r"Table (?P<name>.+?)(?: +\(No DP\))? +\( ?(?:Real|Play) Money ?\)(?: -- Seat (?P<button>\d+) is the button)?"
)
_SEAT = re.compile(r"[Ss]eat (\d+): (.+) \( ?(.+?) ?\)$")
_PLAYERS = re.compile(r"Total number of players ?: ?\d+(?: ?/ ?(\d+))?")
_BOARD = re.compile(r"\*\* Dealing (Flop|Turn|River) \*\*(?: :)? +\[(.*)\]$")
_POTS = re.compile(r"(?P<pots>Main Pot: \S+(?: Side Pot \d+: \S+)*)(?: Rake: (?P<rake>\S+))?")
_RESULT = re.compile(
    r"balance [^,]+, (?:sits out|didn't bet \(folded\)|lost [^ (\[]+ \(folded\)|lost [^ \[]+"
    r"|bet [^,]+, collected (?P<collected>[^,]+), net [^ \[]+)(?: ?\[ (?P<cards>[^\]]+) \] \[[^\]]*\])?"
)
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}
_WINS = re.compile(
    r"(?P<amount>[$€£]?[\d.,]+ ?[$€£]?)(?: (?:USD|EUR|GBP|chips))?"
    r"(?: +from +(?:the +)?(?:main pot|side pot(?: #?\d+)?))? *(?: with .*)?\.?$"
)
_AMOUNT = re.compile(r"[\[(]([^\])]*)[\])]\.?$")
_RAISE_TO = re.compile(r"raises [\d.,]+ to ([\d.,]+)")
_POSTS = {
    "posts small blind": PostKind.SMALL_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts big blind + dead": PostKind.LIVE_AND_DEAD,
    "posts ante": PostKind.ANTE,
}
_SHOWS = re.compile(r"(shows|doesn't show) +\[([^\]]*)\]")
_VERBS = {"calls": "call", "bets": "bet", "raises": "adds", "is all-In": "all_in"}
# What a player does that changes nothing of the hand's chips or cards.
_INFORMATION = re.compile(
    r"(?:has joined the table\.?|has left the table\.?|is sitting out\.?|has returned\.?|is disconnected.*"
    r"|has been reconnected.*|will be using (?:his|her|their) time bank.*|(?:did|could) not respond in time.*"
    r"|is connected\.?"
    r"|finished in .*|has been disconnected.*|sits out\.?|is back\.?|is all-In\.|Forward Folds)$"
)
_TABLE_INFORMATION = re.compile(
    r"(?:There is no Small Blind in this hand as the Big Blind of the previous hand left the table"
    r"|Congratulations to player .*|Player .* finished in .*|Your time bank will be activated .*"
    r"|>You have options at .*|Creating (?:Main|Side) Pot .*)$"
)
_JOINS = re.compile(r"(.+) has joined the table\.?")
_CANCELLED = ("Table Closed", "Connection Lost due to some reason")


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one partypoker hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cancelled, cut short, or has a
        line that is none of a partypoker hand's.
    """
    return parse_into(ParsedHand(SITE_NAME, "", line, returned=None, returns_in_collected=True, rake_printed=False), _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    start = _START.match(lines[0])
    if start is None or len(lines) < 2:
        raise HandProblem(f"the first line is not a partypoker hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id = start[1]
    header = lines[1]
    stakes = _header(parsed, header, line + 1)

    seated: list[Seat] = []
    joined: list[str] = []  # players not seated who join the table as the hand starts
    stack_currency = None
    antes_level = False  # a ``Blinds-Antes(...)`` line: its hands may print the antes and not the blinds
    position = 2
    for number, text in enumerate(lines[2:], line + 2):
        position += 1
        if text.startswith("** Dealing down cards **"):
            break
        if (level := _LEVEL_LINE.fullmatch(text)) is not None:
            parsed.tournament = level["id"]
        elif (blinds := _STAKES_LINE.fullmatch(text)) is not None:
            stakes = (parse_amount(blinds["small"]), parse_amount(blinds["big"]))
            antes_level = text.startswith("Blinds-Antes")
        elif (table := _TABLE.fullmatch(text)) is not None:
            parsed.table = table["name"]
            parsed.button = int(table["button"]) if table["button"] else parsed.button
        elif (button := re.fullmatch(r"Seat (\d+) is the button", text)) is not None:
            parsed.button = int(button[1])
        elif (players := _PLAYERS.fullmatch(text)) is not None:
            parsed.max_seats = int(players[1]) if players[1] else None
        elif (seat := _SEAT.match(text)) is not None:
            seated.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3].removesuffix(" chips"))))
            stack_currency = stack_currency or currency_of(seat[3])
        elif (name := player_of(text, names_longest_first(seated))) is not None:
            rest = text[len(name) + 1 :]
            if text[len(name)] == ":":
                pass  # a player's chat
            elif rest.startswith("posts"):
                post = _post(name, rest, number)
                if post.kind == PostKind.SMALL_BLIND and any(old.kind == post.kind for old in parsed.posts):
                    post.kind = PostKind.LIVE  # a second small blind, of a player coming in, plays live
                parsed.posts.append(post)
            elif not _INFORMATION.match(rest):
                raise HandProblem(f"a line that is none of a partypoker hand's: {text[:80]!r}", number)
        elif (joins := _JOINS.fullmatch(text)) is not None:
            joined.append(joins[1])
        elif text in _CANCELLED:
            raise HandProblem(f"cancelled: {text}", number, skipped=True)
        elif text and not _TABLE_INFORMATION.match(text):
            _unknown(text, joined, number)
    else:
        raise HandProblem("the hand ends before its cards are dealt (the file cut short?)", line + len(lines) - 1)
    if not seated:
        raise HandProblem("the hand has no seats", line + 2)
    if parsed.button is None:
        raise HandProblem("the hand names no button", line + 2)
    if parsed.tournament is None:  # a header that names the blinds alone: the currency of the stacks
        parsed.currency = parsed.currency or stack_currency
    names = names_longest_first(seated)

    street = 0
    won = summary = False
    for number, text in enumerate(lines[position:], line + position):
        if summary:
            won = _summary_line(parsed, text, names, number) or won
        elif text == "** Summary **":
            summary = True
            parsed.rake_printed = True
        elif (board := _BOARD.match(text)) is not None:
            street = _STREETS[board[1]]
            while len(parsed.streets) <= street:
                parsed.streets.append([])
            cards = parse_hand_cards(board[2].replace(",", " "))
            parsed.boards = [(parsed.boards[0] if parsed.boards else ()) + cards]
        elif text.startswith("Dealt to ") and (name := player_of(text[9:], names)) is not None:
            parsed.hero = parsed.hero or name
            parsed.holes[name] = parse_hand_cards(text[9 + len(name) :].strip(" []"))
        elif (name := player_of(text, names)) is not None:
            rest = text[len(name) + 1 :]
            if text[len(name)] == ":":
                pass  # a player's chat
            elif rest.startswith("wins "):
                win = _WINS.match(rest[5:])
                if win is None:
                    raise HandProblem(f"a win that cannot be read: {text[:80]!r}", number)
                parsed.collected[name] = parsed.collected.get(name, Decimal(0)) + parse_amount(win["amount"])
                won = True
            else:
                _player_line(parsed, name, rest, street, number)
        elif text in _CANCELLED:
            raise HandProblem(f"cancelled: {text}", number, skipped=True)
        elif (joins := _JOINS.fullmatch(text)) is not None:
            joined.append(joins[1])
        elif text and not _TABLE_INFORMATION.match(text):
            _unknown(text, joined, number)
    if not won:
        raise HandProblem("the hand ends before its result: no one wins (the file cut short?)", line + len(lines) - 1)
    # Players sitting out are listed with the others, most often without a word: those dealt in are
    # the players who post, act, show their cards or win.
    playing = {post.name for post in parsed.posts} | {act.name for acts in parsed.streets for act in acts}
    playing |= parsed.holes.keys() | parsed.collected.keys()
    parsed.seats = sorted((seat for seat in seated if seat.name in playing), key=lambda seat: seat.number)
    _blinds(parsed, stakes, antes_level, line + position - 1)
    return parsed


def _unknown(text: str, joined: list[str], number: int) -> None:
    """Raise the problem of a line no rule reads: most often a player who joins the table as the hand
    starts, and plays in it though the seats listed leave them out."""
    name = player_of(text, sorted(joined, key=len, reverse=True))
    if name is not None:
        raise HandProblem(
            f"{name} joins the table and plays, but has no seat in the hand: their seat and stack are unknown", number
        )
    raise HandProblem(f"a line that is none of a partypoker hand's: {text[:80]!r}", number)


def _header(parsed: ParsedHand, header: str, number: int) -> tuple[Decimal, Decimal] | None:
    """The game, structure, tournament, currency and time of the header line; the stakes it names
    (blinds, or a limit game's bets), ``None`` for a cash game named by its buy-in."""
    match = _TOURNAMENT.match(header) or _GAME_TABLE.match(header)
    if match is not None:
        parsed.tournament = match["id"]
        stakes: tuple[Decimal, Decimal] | None = None
        if match["small"]:
            stakes = (parse_amount(match["small"]), parse_amount(match["big"]))
    elif (match := _CASH.match(header)) is not None:
        parsed.currency = currency_of(match["stakes"]) or currency_of(header.split(" - ")[0])
        parsed.fast_fold = bool(match["fast"])
        first, _, second = match["stakes"].partition("/")
        stakes = (parse_amount(first), parse_amount(second)) if second else None
    else:
        raise HandProblem(f"the second line is not a partypoker hand's game: {header[:80]!r}", number)
    game = match["game"].strip()
    if game not in ("Texas Hold'em", "Texas Holdem", "Hold'em"):
        raise HandProblem(f"not Texas hold'em: {game}", number, skipped=True, game=game)
    parsed.structure = _LIMITS[match["limit"] or ""]
    parsed.game = f"Hold'em {_LIMIT_NAMES[parsed.structure]}"
    time = _TIME.search(match["time"])
    if time is not None and time[1] in MONTHS:
        month, day, clock, zone, year = MONTHS[time[1]], time[2], time[3], time[4] or "", time[5]
        parsed.started = site_time(f"{year}/{month}/{day} {clock} {zone}")
    return stakes


def _blinds(parsed: ParsedHand, stakes: tuple[Decimal, Decimal] | None, antes_level: bool, number: int) -> None:
    """The blinds and bets of the game: from the header's stakes, a limit game's bets and its blinds
    as posted; the blinds' posts of an old tournament hand that prints none (or, at a level of
    ``Blinds-Antes``, the antes alone)."""
    posted = {post.kind: post.live for post in reversed(parsed.posts) if post.kind != PostKind.ANTE}
    if parsed.structure is Structure.FIXED_LIMIT and stakes is not None:
        parsed.small_bet, parsed.big_bet = stakes
        parsed.small_blind = posted.get(PostKind.SMALL_BLIND, stakes[0] / 2)
        parsed.big_blind = posted.get(PostKind.BIG_BLIND, stakes[0])
    elif stakes is not None:
        parsed.small_blind, parsed.big_blind = stakes
    elif PostKind.BIG_BLIND in posted:
        parsed.big_blind = posted[PostKind.BIG_BLIND]
        parsed.small_blind = posted.get(PostKind.SMALL_BLIND, parsed.big_blind / 2)
    else:
        raise HandProblem("no big blind: the header names a buy-in and no one posts", number)
    for post in parsed.posts:  # "big blind + dead": the big blind live, the rest (the small blind) dead
        if post.kind == PostKind.LIVE_AND_DEAD:
            post.live, post.dead = min(post.live, parsed.big_blind), max(post.live - parsed.big_blind, Decimal(0))
    antes_alone = antes_level and all(post.kind == PostKind.ANTE for post in parsed.posts)
    if parsed.tournament is not None and (not parsed.posts or antes_alone):  # no blinds printed
        numbers = [seat.number for seat in parsed.seats]
        before = [index for index, seat in enumerate(numbers) if seat <= (parsed.button or 0)]
        count = len(numbers)
        button = before[-1] if before else count - 1
        small = button if count == 2 else (button + 1) % count
        blinds = ((small, PostKind.SMALL_BLIND, parsed.small_blind), ((small + 1) % count, PostKind.BIG_BLIND, parsed.big_blind))
        for seat, kind, amount in blinds:
            player = parsed.seats[seat]
            parsed.posts.append(Post(player.name, kind, min(amount, player.stack), Decimal(0), number))


def _post(name: str, rest: str, number: int) -> Post:
    amount = _AMOUNT.search(rest)
    kind = _POSTS.get(rest[: amount.start()].strip()) if amount is not None else None
    if amount is None or kind is None:
        raise HandProblem(f"a post that cannot be read: {name} {rest[:80]!r}", number)
    return Post(name, kind, parse_amount(amount[1]), Decimal(0), number)


def _summary_line(parsed: ParsedHand, text: str, names: list[str], number: int) -> bool:
    """A line of the summary some hands end with: the pots and the rake, the board, and each player's
    result, with the cards shown; whether it is a player's that collects."""
    if (pots := _POTS.fullmatch(text)) is not None:
        parsed.rake = parse_amount(pots["rake"]) if pots["rake"] else Decimal(0)
        amounts = re.findall(r"Pot(?: \d+)?: ([$€£]?[\d.,]+)", pots["pots"])
        parsed.total_pot = sum((parse_amount(amount) for amount in amounts), parsed.rake)
        return False
    name = player_of(text, names)
    result = _RESULT.fullmatch(text[len(name) + 1 :]) if name is not None else None
    if name is None or result is None:
        if text.startswith("Board: ") or not text:
            return False
        raise HandProblem(f"a summary line that cannot be read: {text[:80]!r}", number)
    if result["cards"]:
        parsed.holes[name] = parsed.shown[name] = parse_hand_cards(result["cards"].replace(",", " "))
    if result["collected"]:
        parsed.collected[name] = parse_amount(result["collected"])
    return bool(result["collected"])


def _player_line(parsed: ParsedHand, name: str, rest: str, street: int, number: int) -> None:
    """A player's decision, show or muck; chat and comings and goings are passed over."""
    acts = parsed.streets[street]
    amount = _AMOUNT.search(rest)
    verb = rest[: amount.start()].strip() if amount is not None else rest.rstrip(".")
    if verb in ("folds", "checks"):
        acts.append(Act(name, "fold" if verb == "folds" else "check", None, number))
    elif verb in _VERBS and amount is not None:
        acts.append(Act(name, _VERBS[verb], parse_amount(amount[1]), number))
    elif (raise_to := _RAISE_TO.fullmatch(rest)) is not None:
        acts.append(Act(name, "raise_to", parse_amount(raise_to[1]), number))
    elif (show := _SHOWS.match(rest)) is not None:
        cards = parse_hand_cards(show[2].replace(",", " "))
        parsed.holes[name] = cards
        if show[1] == "shows":
            parsed.shown[name] = cards
        else:
            parsed.mucked.add(name)
    elif verb in ("does not show cards", "mucks"):
        parsed.mucked.add(name)
    elif not _INFORMATION.match(rest):
        raise HandProblem(f"a decision that cannot be read: {name} {rest[:80]!r}", number)


SITE = register(
    Site(
        SITE_NAME,
        ("***** Hand History for Game ", "***** Hand History For Game "),
        parse,
        preludes=("Game #", "#Game No :"),
    )
)
"""The partypoker reader, registered with :mod:`holdem.formats.histories`."""
