"""Full Tilt Poker hand histories (2005 to 2013): cash, Rush, sit & gos and tournaments.

Each hand's text becomes a :class:`~holdem.formats.histories.ParsedHand`,
which :mod:`holdem.formats.histories` replays and checks; read them with
:func:`holdem.read_histories`.  The header is ``Full Tilt Poker Game #`` (or
``FullTiltPoker Game #`` in the first years), with the stakes before the
game (``$0.05/$0.10 - No Limit Hold'em``; from 2013 the game first, in short:
``NL Hold'em - $0.05/$0.10``; a game with capped bets, ``$20 Cap``, ``$400``
or ``CAP`` before its name, is skipped), then the time before the date
(``21:05:12 ET - 2011/07/21``, for a while in 2010 ``15:13 ET - Wed, July 21,
2010``, and from 2010 the local time first and the Eastern one in brackets).
Some tournaments print the table's size (``Seats: 9``) before the seats; some
files have a blank line after every line.  The posts come before ``The button
is in seat #`` (``posts a dead small blind`` is dead money, a bare ``posts
$0.25`` a big blind out of position); a limit game's big blind is its small
bet, its small blind half that or less, as posted (``$0.02`` at ``$0.05/$0.10``,
the half cent dropped); raises are printed as the street's total;
an uncalled bet is ``Uncalled bet of $X returned to``; a hand run twice deals
``*** FLOP 1 ***`` or, all in on the flop, ``*** TURN 1 ***`` and ``*** RIVER
2 ***``, and pays ``pot 1`` and ``pot 2``.  A canceled hand is skipped.

The summary's seat lines complete the decisions: a player sits out when their
seat line or the summary says so (``Seat 3: Cy is sitting out``) and they do
nothing.  Some tournament hands (Matrix tournaments, 2012) name the winner of
a pot no one contested in the summary only (``collected (30)``), their uncalled
bets printed or not, and leave out the folds that end them, which the summary
gives (``folded before the Flop``); any other hand (a cash hand, a tournament
hand that names its winners) that misses a fold is a problem, as any line
missing.  Archives the site sent put the
hand's ``Duration 41s`` in the summary and a line of stars (``*** # 2 ***``)
between hands.

>>> hand = parse(["Full Tilt Poker Game #9: Table Ava (6 max) - $0.05/$0.10 - No Limit Hold'em - 21:05:12 ET - 2011/07/21",
...               "Seat 1: Ann ($10)", "Seat 2: Bob ($10)", "Ann posts the small blind of $0.05",
...               "Bob posts the big blind of $0.10", "The button is in seat #1", "*** HOLE CARDS ***",
...               "Ann raises to $0.30", "Bob folds", "Uncalled bet of $0.20 returned to Ann",
...               "Ann mucks", "Ann wins the pot ($0.20)", "*** SUMMARY ***", "Total pot $0.20 | Rake $0"], 1)
>>> hand.table, hand.max_seats, hand.button, hand.started.isoformat(), [act.verb for act in hand.streets[0]]
('Ava', 6, 1, '2011-07-21T21:05:12-04:00', ['raise_to', 'fold'])
"""

from __future__ import annotations

import re
from decimal import Decimal

from holdem.cards import Card
from holdem.formats._pokerstars import read_summary_seat, read_total_pot
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

SITE_NAME = "Full Tilt"

_LONGEST_HEADER = 500  # the header's parts are found by trial: a longer line is none (and no work to tell)
_HEADER = re.compile(
    r"(?:Full Tilt Poker|FullTiltPoker) Game #(?P<id>\d+):\s*(?:(?P<tournament>.+?) \((?P<tid>\d+)\), )?"
    r"(?:Table|Match) (?P<table>.+?)(?: \((?P<attributes>[^()]*)\))? - (?P<first>(?:(?! - ).)+) - (?P<second>(?:(?! - ).)+) - "
    r"(?P<time>\d.*)$"
)
# The stakes (``$0.05/$0.10``, ``50/100 Ante 10``), before the game or, from 2013, after it.
_STAKES = re.compile(r"(?P<small>[^\s/]+)/(?P<big>[^\s/]+)(?: Ante \S+)?")
# A game with capped bets: ``$20 Cap No Limit Hold'em``, ``$400 Pot Limit Omaha Hi``, ``CAP NL Hold'em``.
_CAPPED = re.compile(r"(?P<cap>\S+ Cap|CAP|[$€£]\S+) (?P<game>.+)")
_GAMES = {
    "No Limit Hold'em": Structure.NO_LIMIT,
    "Pot Limit Hold'em": Structure.POT_LIMIT,
    "Limit Hold'em": Structure.FIXED_LIMIT,
    "NL Hold'em": Structure.NO_LIMIT,
    "PL Hold'em": Structure.POT_LIMIT,
    "FL Hold'em": Structure.FIXED_LIMIT,
}
_TIME = re.compile(r"(\d{1,2}:\d{2}:\d{2}) ([A-Z]{2,4}) - (\d{4}/\d{1,2}/\d{1,2})")
_WORDED_TIME = re.compile(r"(\d{1,2}:\d{2}) ([A-Z]{2,4}) - [A-Z][a-z]+, ([A-Z][a-z]+) (\d{1,2}), (\d{4})$")
_SEAT = re.compile(r"Seat (\d+): (.+) \(([^()]+)\)(, is sitting out)?$")
_SIZE = re.compile(r"Seats: (\d+)$")
_BUTTON = re.compile(r"The button is in seat #(\d+)$")
_STREET = re.compile(r"\*\*\* (HOLE CARDS|FLOP|TURN|RIVER|SHOW DOWN|SUMMARY)(?: (\d))? \*\*\*(.*)$")
_STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_CARDS = re.compile(r"\[([^\]]*)\]")
_RETURNED = re.compile(r"Uncalled bet of (\S+) returned to (.+)$")
_WINS = re.compile(r"(.+?) (?:wins|ties for) (?:the )?(?:main pot|side pot(?: #?\d+)?|pot(?: \d+)?) \(([^()]+)\)")
# A run's pot, the hand's length, the stars that part the hands of an archive the site sent.
_SUMMARY_INFORMATION = re.compile(r"(?:Pot .*|Duration \d+s|\*+ # \d+ \*+)?$")
_SUMMARY_SEAT = re.compile(r"Seat (\d+): ")
_SUMMARY_WON = re.compile(r"Seat \d+: .*? (?:collected|won) \(([^()]+)\)")
_SUMMARY_OUT = re.compile(r"Seat \d+: .* is sitting out$")
_SUMMARY_FOLDED = re.compile(
    r"Seat \d+: .* (?:didn't bet \(folded\)|folded before the Flop|folded on the (Flop|Turn|River))$"
)
_DEALT = re.compile(r"Dealt to (.+?) \[([^\]]*)\]$")
_POSTS = {
    "posts the small blind of": PostKind.SMALL_BLIND,
    "posts the big blind of": PostKind.BIG_BLIND,
    "posts a dead small blind of": PostKind.DEAD,
    "posts": PostKind.BIG_BLIND,
    "antes": PostKind.ANTE,
}
# What a player does that changes nothing of the hand's chips or cards.
_INFORMATION = re.compile(
    r"(?:has \d+ seconds left to act|has timed out|is sitting out|sits out|stands up|sits down|has returned"
    r"|has been disconnected|has reconnected|is disconnected|has requested TIME|seconds left to act|adds \S+"
    r"|has \d+ seconds to reconnect|is feeling .*|has left the table|has joined the table|doesn't show|mucks"
    r"|will be allowed to play after the button|shows .*|finished in .*|wins the tournament.*)$"
)
# What the table shows that changes nothing of the hand, a newcomer's seating among it.
_TABLE_INFORMATION = re.compile(
    r"(?:Players agree to Run It Twice|The blinds are now .*|Time has expired.*|Seat \d+ is now open.*"
    r"|\d+ seconds left to act|.+ sits down|.+ adds \S+)$"
)


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read the lines of one Full Tilt hand (the first at line number ``line``) into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, canceled, cut short, or has a
        line that is none of a Full Tilt hand's.
    """
    return parse_into(ParsedHand(SITE_NAME, "", line), _parse, lines, line)


def _parse(lines: list[str], line: int, parsed: ParsedHand) -> ParsedHand:
    header = _HEADER.match(lines[0]) if len(lines[0]) <= _LONGEST_HEADER else None
    if header is None:
        raise HandProblem(f"the first line is not a Full Tilt hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id = header["id"]
    if (blinds := _STAKES.fullmatch(header["first"])) is not None:
        stakes, game = header["first"], header["second"]
    elif (blinds := _STAKES.fullmatch(header["second"])) is not None:
        stakes, game = header["second"], header["first"]
    else:
        raise HandProblem(f"a header without stakes: {lines[0][:100]!r}", line)
    capped = _CAPPED.fullmatch(game)
    if capped:
        game = capped["game"]
    structure = _GAMES.get(game)
    if structure is None:
        raise HandProblem(f"not Texas hold'em: {game}", line, skipped=True, game=game)
    parsed.game, parsed.structure = game, structure
    if capped:
        raise HandProblem(f"not a game holdem plays: {capped[0]} (capped bets)", line, skipped=True)
    parsed.tournament = header["tid"]
    parsed.table = header["table"]
    attributes = (header["attributes"] or "").lower()
    parsed.fast_fold = "rush" in attributes
    size = re.search(r"(\d+) max", attributes)
    parsed.max_seats = int(size[1]) if size else (2 if "heads up" in attributes else None)
    small, big = parse_amount(blinds["small"]), parse_amount(blinds["big"])
    if parsed.tournament is None:
        parsed.currency = currency_of(stakes)
    if structure is Structure.FIXED_LIMIT:
        parsed.small_bet, parsed.big_bet = small, big
        parsed.small_blind, parsed.big_blind = Decimal(0), small  # the small blind as posted
    else:
        parsed.small_blind, parsed.big_blind = small, big
    stamps = _TIME.findall(header["time"])
    if (worded := _WORDED_TIME.match(header["time"])) is not None and worded[3] in MONTHS:
        stamps = [(f"{worded[1]}:00", worded[2], f"{worded[5]}/{MONTHS[worded[3]]}/{worded[4]}")]
    times = [site_time(f"{date} {clock} {zone}") for clock, zone, date in stamps]
    aware = [moment for moment in times if moment is not None and moment.tzinfo is not None]
    parsed.started = aware[0] if aware else (times[0] if times else None)

    seated: list[Seat] = []
    sitting_out: set[str] = set()  # by their seat line or the summary's, unless they act
    dealt_in: set[str] = set()  # those who post, act or are dealt cards
    position = 1
    while position < len(lines) and (not lines[position] or lines[position].startswith(("Seat ", "Seats: "))):
        text = lines[position]
        if (size := _SIZE.match(text)) is not None:
            parsed.max_seats = parsed.max_seats or int(size[1])
        elif (seat := _SEAT.match(text)) is not None:
            seated.append(Seat(int(seat[1]), seat[2], parse_amount(seat[3])))
            if seat[4]:
                sitting_out.add(seat[2])
        elif text:
            raise HandProblem(f"a seat line that cannot be read: {text[:80]!r}", line + position)
        position += 1
    if not seated:
        raise HandProblem("the hand has no seats", line + position)
    names = names_longest_first(seated)
    known = set(names)

    street = 0
    section = ""
    run = 0  # the run of the board being dealt or summed up (0: the first, or the only one)
    boards: dict[int, tuple[Card, ...]] = {}
    summary_boards: dict[int, tuple[Card, ...]] = {}
    summary_seats: list[tuple[int, int, str]] = []
    returned: dict[str, Decimal] = {}
    canceled = False
    for number, text in enumerate(lines[position:], line + position):
        if text.startswith("*** "):
            marker = _STREET.match(text)
            if marker is None:
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
            section, run = marker[1], int(marker[2]) - 1 if marker[2] else 0
            if section in _STREETS:
                street = _STREETS[section]
                while len(parsed.streets) <= street:
                    parsed.streets.append([])
                if street:
                    cards = tuple(card for group in _CARDS.findall(marker[3]) for card in parse_hand_cards(group))
                    boards[run] = cards
            continue
        if section == "SUMMARY":
            _summary_line(parsed, text, number, run, summary_boards, summary_seats)
            continue
        if (match := _BUTTON.match(text)) is not None:
            parsed.button = int(match[1])
        elif (match := _RETURNED.match(text)) and match[2] in known:
            returned[match[2]] = returned.get(match[2], Decimal(0)) + parse_amount(match[1])
        elif (match := _WINS.match(text)) and match[1] in known:
            parsed.collected[match[1]] = parsed.collected.get(match[1], Decimal(0)) + parse_amount(match[2])
        elif (match := _DEALT.match(text)) and match[1] in known:
            parsed.hero = parsed.hero or match[1]
            parsed.holes[match[1]] = parse_hand_cards(match[2])
            dealt_in.add(match[1])
        elif text.startswith(f"Hand #{parsed.hand_id} has been canceled"):
            canceled = True
        elif (name := player_of(text, names)) is not None:
            if text[len(name)] == " ":  # (else a player's chat)
                _player_line(parsed, name, text[len(name) + 1 :], street, number, dealt_in)
        elif text and not _TABLE_INFORMATION.match(text):
            raise HandProblem(f"a line that is none of a Full Tilt hand's: {text[:80]!r}", number)
    if canceled:
        raise HandProblem("cancelled: the site canceled the hand", line, skipped=True)
    if section != "SUMMARY":
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + len(lines) - 1)
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    parsed.returned = returned
    _summary_seats(parsed, seated, summary_seats, sitting_out, dealt_in)
    parsed.boards = [boards[index] for index in sorted(boards)]
    for index, board in summary_boards.items():
        if index >= len(parsed.boards) or parsed.boards[index] != board:
            raise HandProblem(
                f"a board the streets did not deal: the summary's board {index + 1} is not theirs (a street missing?)", line
            )
    return parsed


def _summary_seats(
    parsed: ParsedHand, seated: list[Seat], lines: list[tuple[int, int, str]], sitting_out: set[str], dealt_in: set[str]
) -> None:
    """The players dealt in and what the summary's seat lines (seat number, line number, text) add to the
    decisions: who sat out, the folds that end a hand when the decisions leave them out, and the winners when
    only the summary names them."""
    by_number = {seat.number: seat.name for seat in seated}
    won: dict[str, Decimal] = {}
    folds: list[tuple[str, int, int]] = []
    for seat_number, number, text in lines:
        name = by_number.get(seat_number, f"seat {seat_number}")
        if _SUMMARY_OUT.match(text):
            sitting_out.add(name)
        elif (match := _SUMMARY_WON.match(text)) is not None:
            won[name] = won.get(name, Decimal(0)) + parse_amount(match[1])
        elif (match := _SUMMARY_FOLDED.match(text)) is not None:
            folds.append((name, _STREETS[match[1].upper()] if match[1] else 0, number))
    parsed.seats = [seat for seat in seated if seat.name in dealt_in or seat.name not in sitting_out]
    playing = {seat.name for seat in parsed.seats}
    if parsed.collected or parsed.tournament is None:
        return
    # A tournament hand whose body names no winner: the summary gives its winners and the folds that end it (its
    # uncalled bets printed or not); any other hand that drops a fold is a problem, as any missing line.
    parsed.collected, parsed.returned = won, None
    folded = {act.name for acts in parsed.streets for act in acts if act.verb == "fold"}
    for name, street, number in folds:  # taken as the street's last decisions: the replay checks they are
        if name in playing and name not in folded and street < len(parsed.streets):
            parsed.streets[street].append(Act(name, "fold", None, number))


def _player_line(parsed: ParsedHand, name: str, rest: str, street: int, number: int, dealt_in: set[str]) -> None:
    """A player's post, decision, show or muck; comings and goings are passed over."""
    words = rest.removesuffix(", and is all in")
    acts = parsed.streets[street]
    verb, _, amount = words.rpartition(" ")
    if words in ("folds", "checks"):
        acts.append(Act(name, words[:-1] if words == "checks" else "fold", None, number))
    elif verb in ("calls", "bets", "raises to"):
        acts.append(Act(name, {"calls": "call", "bets": "bet", "raises to": "raise_to"}[verb], parse_amount(amount), number))
    elif verb in _POSTS and street == 0:
        kind = _POSTS[verb]
        value = parse_amount(amount)
        live, dead = (Decimal(0), value) if kind == PostKind.DEAD else (value, Decimal(0))
        parsed.posts.append(Post(name, kind, live, dead, number))
    elif words.startswith("shows [") and words.find("]") > 0:
        cards = parse_hand_cards(words[7 : words.index("]")])
        parsed.shown[name] = parsed.holes[name] = cards
        return
    elif words.startswith("mucks"):
        parsed.mucked.add(name)
        return
    elif _INFORMATION.match(words):
        return
    else:
        raise HandProblem(f"a decision that cannot be read: {name} {words[:80]!r}", number)
    dealt_in.add(name)


def _summary_line(
    parsed: ParsedHand, text: str, number: int, run: int, boards: dict[int, tuple[Card, ...]], seats: list[tuple[int, int, str]]
) -> None:
    """A summary line: the total pot and rake, a run's board, or a seat's shown cards (the seat number, line
    number and text kept in ``seats``)."""
    if text.startswith("Total pot "):
        read_total_pot(parsed, text)
    elif text.startswith("Board: ["):
        boards[run] = parse_hand_cards(text[8:-1])
    elif (seat := _SUMMARY_SEAT.match(text)) is not None:
        read_summary_seat(parsed, text)
        seats.append((int(seat[1]), number, text))
    elif not _SUMMARY_INFORMATION.match(text):
        raise HandProblem(f"a summary line that is none of a Full Tilt hand's: {text[:80]!r}", number)


SITE = register(Site(SITE_NAME, ("Full Tilt Poker Game #", "FullTiltPoker Game #"), parse))
"""The Full Tilt reader, registered with :mod:`holdem.formats.histories`."""
