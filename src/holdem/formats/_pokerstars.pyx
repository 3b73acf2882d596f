# cython: wraparound=True, boundscheck=True
# The lines of a PokerStars hand (the header, the table, the seats, the posts,
# the streets and their decisions, the showdown, the results and the summary),
# read into the hand's ParsedHand: what holdem.formats.pokerstars runs over
# every hand (PokerStars' and those of the rooms on its software), compiled,
# since a hand has thirty lines.  GGPoker, which prints
# PokerStars' lines, reads its own through read_table, seat_line, read_stakes,
# action, decision, summary_line and the readers of the deal, collected and
# uncalled bet lines; Full Tilt its summary through read_total_pot and
# read_summary_seat.
# Compiler directives are set in setup.py, but for the negative indices and
# the bounds checks that the slices of a line need.

from cpython.object cimport PyObject, PyObject_GenericSetDict, PyTypeObject
from cpython.ref cimport Py_INCREF
from cpython.unicode cimport PyUnicode_Find

from holdem.formats._kept cimport kept

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject *type, Py_ssize_t nitems)  # as cpython.type's, with the C type
    ctypedef struct PyMemberDef:
        Py_ssize_t offset
    ctypedef struct PyMemberDescrObject:
        PyMemberDef *d_member

import dataclasses
import re
import types
from decimal import Decimal

from holdem.formats.parsing import (
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    currency_of,
    parse_amount,
    parse_hand_cards,
    site_time,
)
from holdem.rules import Structure

__all__ = [
    "CARDS", "INFORMATION", "STREETS", "TITLES", "action", "blank_hand", "collected_line", "dealt_line", "decision", "header_line",
    "read_hand", "read_lines", "read_stakes", "read_summary_seat", "read_table", "read_total_pot", "returned_line",
    "seat_line", "shown_cards", "stakes_of", "summary_line", "table_line",
]

CARDS = re.compile(r"\[([^\]]*)\]")
_BOARD_WORDS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_CASH_OUT = re.compile(r"(.*) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
_BOUNTY = re.compile(r"(.*?) wins (?:the )?(\S+) (?:bounty )?for (?:eliminating|splitting the elimination of) ")
# Lines that say nothing of the hand's chips or cards: of a player, or that a fixed-limit street's bets
# reached their cap.
INFORMATION = re.compile(
    r"Betting is capped$|.*(?: said, \".*\"| is sitting out| sits out| has timed out.*| is disconnected| is connected"
    r"| has returned| joins the table.*| leaves the table| will be allowed to play after the button"
    r"| was removed from the table.*| finished the tournament.*| wins the tournament.*| wins an entry to .*"
    r"| re-buys and receives .*| takes the add-on and receives .*| has \d+ seconds left to act| is feeling .*"
    r"| seconds left to act| has requested TIME| was moved to .*| is moved to .*| wins a .* ticket.*)$"
)
cdef frozenset _PLAYER_INFORMATION = frozenset(
    {"sits out", "is sitting out", "doesn't show hand", "is disconnected", "is connected", "has returned", "timed out"}
)
cdef dict _POSTS = {
    "small blind": PostKind.SMALL_BLIND,
    "big blind": PostKind.BIG_BLIND,
    "the ante": PostKind.ANTE,
    "straddle": PostKind.STRADDLE,
}
cdef str _LIVE_AND_DEAD = "small & big blinds"
cdef tuple _RUN_ENDS = ("FLOP", "TURN", "RIVER", "SHOW DOWN", "SHOWDOWN")  # SHOWDOWN: Run It Once's
cdef str _ALL_IN = " and is all-in", _ONLY_ALL_IN = "and is all-in"
cdef object _ZERO = Decimal(0)
# The amounts and cards met, read once (a hand repeats its amounts, a file its stakes): parse_amount's and
# parse_hand_cards' own caches are a Python call away.
cdef dict _AMOUNTS = {}, _CARDS = {}


cdef inline object _amount(str text):
    return kept(_AMOUNTS, text, parse_amount, 8192)


cdef inline tuple _cards(str text):
    return kept(_CARDS, text, parse_hand_cards, 8192)


cdef object _match_cash_out = _CASH_OUT.match, _match_bounty = _BOUNTY.match, _match_information = INFORMATION.match


_TOURNAMENT = re.compile(
    r"Tournament #(?P<id>\d+),\s*(?P<buy_in>.*?)\s+"
    r"(?=Hold'em|6\+ Hold'em|Split Hold'em|Omaha|Razz|Stud|Triple|5 Card|Courchevel|HORSE|8-Game|Mixed|Badugi|Single)"
)
_GAMES = (
    ("Hold'em No Limit", Structure.NO_LIMIT),
    ("Hold'em Pot Limit", Structure.POT_LIMIT),
    ("Hold'em Limit", Structure.FIXED_LIMIT),
)


cdef tuple _OTHER_HOLDEMS = ("6+ ", "Split ")  # before a game's name: short deck, two boards
TITLES = (
    ("PokerStars", "PokerStars ", ("Zoom Hand", "Home Game Hand", "Home Game", "Hand", "Game")),
    ("Full Tilt", "Full Tilt ", ("Rush Hand", "Hand")),
    ("Run It Once", "Run It Once Poker ", ("Hand",)),
    ("PokerMaster", "PokerMaster ", ("Hand",)),
    ("PokerBros", "PokerBros ", ("Hand",)),
)
"""The sites that write PokerStars' hands, PokerStars first and the rooms on its software after: each one's name,
the title its hands' first lines start with and the kinds of hand it prints after the title."""
cdef tuple _TITLES = tuple([(title, kinds) for _, title, kinds in TITLES])
cdef tuple _FAST_FOLD = ("Zoom Hand", "Rush Hand")


cpdef tuple header_line(str text):
    """The kind, the number and the rest of a hand's first line, ``TITLE KIND #NUMBER: [{CLUB}] REST``
    (``PokerStars`` and KIND ``Hand``, ``Zoom Hand``, ``Home Game Hand``, ``Home Game`` or ``Game``;
    ``Full Tilt`` and ``Hand`` or ``Rush Hand``; ``Run It Once Poker``, ``PokerMaster`` or ``PokerBros``
    and ``Hand``; spaces optional after the colon and the club), or ``None``.

    >>> header_line("PokerStars Zoom Hand #12:  Hold'em No Limit ($0.01/$0.02)")
    ('Zoom Hand', '12', "Hold'em No Limit ($0.01/$0.02)")
    """
    cdef Py_ssize_t at, end, close, start
    cdef str kind
    cdef tuple title
    for title in _TITLES:
        if text.startswith(<str>title[0]):
            break
    else:
        return None
    start = len(<str>title[0])
    for kind in <tuple>title[1]:
        at = start + 2 + len(kind)
        if text.startswith(kind, start) and text.startswith(" #", at - 2):
            end = _run(text, at, True)
            if end > at and text.startswith(":", end):
                close = _run(text, end + 1, False)  # where the club or the rest starts
                if text.startswith("{", close) and (found := text.find("}", close + 1)) >= 0:
                    close = _run(text, found + 1, False)
                return kind, text[at:end], text[close:]
    return None


cpdef tuple stakes_of(str text):
    """The first ``(FIRST/SECOND)`` in ``text`` (``(FIRST/SECOND CUR)`` with a code of three capitals
    after the second; ``(GAME, FIRST/SECOND)`` at a table of mixed games), neither part empty nor holding
    a parenthesis or a slash: the whole as printed, FIRST and SECOND; ``None`` when there is none.

    >>> stakes_of("Hold'em No Limit ($0.01/$0.02 USD) - 2024/05/01 20:00:00 ET")
    ('($0.01/$0.02 USD)', '$0.01', '$0.02')
    >>> stakes_of("Mixed NLH/PLO (Hold'em No Limit, $0.10/$0.25 USD) - 2024/05/01 20:00:00 ET")[1:]
    ('$0.10', '$0.25')
    """
    cdef Py_ssize_t start = text.find("("), slash, end, comma, size = len(text)
    cdef str second
    while start >= 0:
        slash = _part_end(text, start + 1)
        if slash > start + 1 and slash < size and text[slash] == "/":
            end = _part_end(text, slash + 1)
            if end > slash + 1 and end < size and text[end] == ")":
                second = text[slash + 1 : end]
                if len(second) > 4 and second[len(second) - 4] == " " and all(
                    [u"A" <= mark <= u"Z" for mark in second[len(second) - 3 :]]
                ):
                    second = second[: len(second) - 4]
                comma = PyUnicode_Find(text, ", ", start + 1, slash - 1, -1)  # the last with something after it
                return text[start : end + 1], text[(comma + 2 if comma >= 0 else start + 1) : slash], second
        start = text.find("(", start + 1)
    return None


cdef Py_ssize_t _part_end(str text, Py_ssize_t at):
    """Where the run of characters from ``at`` that are no parenthesis or slash ends."""
    cdef Py_ssize_t size = len(text)
    while at < size and text[at] not in u"()/":
        at += 1
    return at


cpdef tuple table_line(str text):
    """The parts of a table line, ``Table 'NAME' [N-max] [(Play Money)] Seat #B is the button`` and anything
    after (``Table ID 'NAME'`` and ``N-Max`` too; spaces optional before ``N-max``, ``(Play Money)`` and
    ``Seat``): the name (the longest that leaves such a line after it), N (``None``: not printed) and B as
    texts; ``None`` for another line.

    >>> table_line("Table 'Alpha II' 6-max Seat #3 is the button")
    ('Alpha II', '6', '3')
    """
    cdef Py_ssize_t quote, at, digits, start, end = len(text)
    if text.startswith("Table '"):
        start = 7
    elif text.startswith("Table ID '"):
        start = 10
    else:
        return None
    while True:
        quote = text.rfind("'", start, end)
        if quote < 0:
            return None
        end = quote
        most = None
        at = _run(text, quote + 1, False)
        digits = _run(text, at, True)
        if digits > at and (text.startswith("-max", digits) or text.startswith("-Max", digits)):
            most = text[at:digits]
            at = _run(text, digits + 4, False)
        if text.startswith("(Play Money)", at):
            at = _run(text, at + 12, False)
        if text.startswith("Seat #", at):
            digits = _run(text, at + 6, True)
            if digits > at + 6 and text.startswith(" is the button", digits):
                return text[start:quote], most, text[at + 6 : digits]


cdef Py_ssize_t _run(str text, Py_ssize_t at, bint digits):
    """Where the run from ``at`` of decimal digits (``str.isdecimal``, as a regex's ``\\d``), or else of
    spaces (``str.isspace``, as ``\\s``), ends."""
    cdef Py_UCS4 mark
    while at < len(text):
        mark = text[at]
        if not (mark.isdecimal() if digits else mark.isspace()):
            break
        at += 1
    return at


cpdef read_table(parsed, str text, Py_ssize_t number):
    """The table line (see :func:`table_line`), the hand's line ``number``, into ``parsed``: the table's name,
    its most seats and the button's seat number."""
    cdef tuple table = table_line(text)
    if table is None:
        raise HandProblem(f"the second line is not the table's: {text[:80]!r}", number)
    parsed.table = table[0]
    parsed.max_seats = int(table[1]) if table[1] else None
    parsed.button = int(table[2])


cpdef tuple seat_line(str text):
    """The parts of a seat line, ``Seat N: NAME (STACK in chips[, BOUNTY bounty])`` and what follows
    (``is sitting out``...), as texts: the number, the name, the stack, the bounty (``None``: none) and
    the rest; ``None`` for another line.  The name is the longest that leaves such parentheses after it.

    >>> seat_line("Seat 2: Ann (B) ($1.50 in chips, $5 bounty) is sitting out")
    ('2', 'Ann (B)', '$1.50', '$5', 'is sitting out')
    """
    cdef Py_ssize_t colon, at, end, close = -1, found, limit, size = len(text)
    if not text.startswith("Seat "):
        return None
    colon = text.find(": ", 5)
    if colon < 0 or not text[5:colon].isdecimal():
        return None
    end = limit = size
    while True:  # the name's end: the last " (" that a seat's parentheses follow
        at = text.rfind(" (", colon + 2, end)
        if at < 0:
            return None
        end = at + 1
        # The first ")" after the parenthesis: before the last one tried, or the one found for it
        # (each stretch of the line searched once, however many " (" it holds).
        found = text.find(")", at + 2, limit)
        if found >= 0:
            close = found
        limit = at + 2
        if close < 0 or 0 <= text.find("(", at + 2, close) or (close + 1 < size and text[close + 1] != " "):
            continue
        parts = _in_chips(text[at + 2 : close])
        if parts is not None:
            return text[5:colon], text[colon + 2 : at], parts[0], parts[1], text[close + 2 :]


cdef tuple _in_chips(str inside):
    """``STACK in chips`` or ``STACK in chips, BOUNTY bounty`` (the first ``in chips`` that fits): the stack
    and the bounty."""
    cdef Py_ssize_t at = inside.find(" in chips"), size = len(inside)
    cdef bint bounty = inside.endswith(" bounty")
    while at >= 0:
        if at + 9 == size:
            return inside[:at], None
        if bounty and size - at - 9 >= 9 and inside.startswith(", ", at + 9):
            return inside[:at], inside[at + 11 : size - 7]
        at = inside.find(" in chips", at + 1)
    return None


# A ParsedHand's fields in order, with their defaults (None for the others, set for each hand), and the
# factories of those made anew for each hand.
cdef dict _DEFAULTS = {
    field.name: None if field.default is dataclasses.MISSING else field.default
    for field in dataclasses.fields(ParsedHand)
}
cdef tuple _FACTORIES = tuple([
    (field.name, field.default_factory) for field in dataclasses.fields(ParsedHand)
    if field.default_factory is not dataclasses.MISSING
])


cdef object _new_object(type cls):
    """``object.__new__(cls)``, for a class of no ``__new__`` of its own, without the call of ``object.__new__``
    (which checks its arguments)."""
    return PyType_GenericAlloc(<PyTypeObject *>cls, 0)


cdef tuple _slots(type cls):
    """Where each field of a slots dataclass is kept in its objects, in the fields' order."""
    offsets = []
    for field in dataclasses.fields(cls):
        descriptor = cls.__dict__[field.name]
        if type(descriptor) is not types.MemberDescriptorType or cls.__new__ is not object.__new__:
            raise TypeError(f"{cls.__name__}.{field.name} is not a slot of a plain class")
        offsets.append((<PyMemberDescrObject *>descriptor).d_member.offset)
    return tuple(offsets)


cdef tuple _SEAT_SLOTS = _slots(Seat), _ACT_SLOTS = _slots(Act), _POST_SLOTS = _slots(Post)


cdef object _filled(type cls, tuple slots, tuple values):
    """A new ``cls`` (a slots dataclass) holding ``values``, one a field, written in its slots: its
    ``__init__`` is a Python frame, and setting an attribute a lookup in the type, for each of the
    twenty seats, posts and decisions of a hand."""
    made = _new_object(cls)
    cdef Py_ssize_t index
    for index in range(len(values)):
        value = values[index]
        Py_INCREF(value)
        (<PyObject **>((<char *><PyObject *>made) + <Py_ssize_t>slots[index]))[0] = <PyObject *>value
    return made


cdef inline object _seat(number, str name, stack, bounty):
    return _filled(Seat, _SEAT_SLOTS, (number, name, stack, bounty))


cdef inline object _act(str name, str verb, amount, Py_ssize_t line):
    return _filled(Act, _ACT_SLOTS, (name, verb, amount, line))


cdef inline object _post_of(str name, str kind, live, dead, Py_ssize_t line):
    return _filled(Post, _POST_SLOTS, (name, kind, live, dead, line))


cpdef blank_hand(str site, Py_ssize_t line):
    """``ParsedHand(site, "", line)``, made without the dataclass's ``__init__`` (a Python frame that sets
    its forty fields one at a time): a copy of the defaults as its ``__dict__`` (of every field: no key is
    added), the empty dicts, lists and sets of its factories made in C."""
    parsed = _new_object(ParsedHand)
    cdef dict fields = _DEFAULTS.copy()
    fields["site"], fields["hand_id"], fields["line"] = site, "", line
    for name, factory in _FACTORIES:
        if factory is dict:
            fields[name] = {}
        elif factory is list:
            fields[name] = []
        elif factory is set:
            fields[name] = set()
        else:
            fields[name] = factory()
    PyObject_GenericSetDict(parsed, fields, NULL)
    return parsed


def read_hand(list lines, Py_ssize_t line, parsed):
    """Read the lines of one PokerStars hand (the first at line number ``line``) into ``parsed``."""
    header = header_line(lines[0])
    if header is None:
        raise HandProblem(f"the first line is not a {parsed.site} hand's header: {lines[0][:80]!r}", line)
    parsed.hand_id, parsed.fast_fold = header[1], header[0] in _FAST_FOLD
    cdef str rest = header[2], text, game
    cdef Py_ssize_t at
    tournament = _TOURNAMENT.match(rest) if rest.startswith("Tournament #") else None
    if tournament is not None:
        parsed.tournament = tournament["id"]
    for game, structure in _GAMES:
        at = rest.find(game)
        if at == 0 or at > 0 and not rest.endswith(_OTHER_HOLDEMS, 0, at):  # a cash game's header starts with it
            parsed.game, parsed.structure = game, structure
            break
    else:
        game = rest.split(" (")[0].split(" - ")[0]
        if tournament is not None:
            game = rest[tournament.end() :].split(" - ")[0]
        raise HandProblem(f"not Texas hold'em: {game.strip()}", line, skipped=True, game=game.strip())
    stakes = stakes_of(rest)
    if stakes is None:
        raise HandProblem(f"the header gives no stakes: {lines[0][:80]!r}", line)
    if " Cap" in stakes[2]:
        cap = stakes[2].partition(" - ")[2].rstrip(" -")
        raise HandProblem(f"not a game holdem plays: {cap} {game} (capped bets)", line, skipped=True, game=game)
    read_stakes(parsed, stakes, tournament is not None)
    parsed.started = _started(rest)

    if not _holds(lines, "*** SUMMARY ***") and not _holds(lines, "Hand cancelled"):
        last = max([index for index, line_text in enumerate(lines) if line_text])
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + last)
    read_table(parsed, lines[1], line + 1)

    cdef list seated = []
    cdef set names = set()
    cdef set dealt_in = set()  # also those sitting out who post or act, as in tournaments
    cdef Py_ssize_t number, position, seated_in
    number = line + 2
    position = 2
    cdef tuple parts
    while position < len(lines) and (text := lines[position]).startswith("Seat "):
        parts = seat_line(text)
        if parts is None:
            raise HandProblem(f"a seat line that cannot be read: {text[:80]!r}", number)
        bounty = _amount(parts[3]) if parts[3] else None
        seated.append(_seat(int(parts[0]), parts[1], _amount(parts[2]), bounty))
        names.add(parts[1])
        if not parts[4]:  # neither sitting out nor out of the hand: dealt in
            dealt_in.add(parts[1])
        elif parts[4] == "[hero]":  # dealt in, the file's owner
            dealt_in.add(parts[1])
            parsed.hero = parts[1]
        position += 1
        number += 1
    if not seated:
        raise HandProblem("the hand has no seats", number)
    seated_in = len(dealt_in)

    try:
        in_summary, cancelled, returned, boards = read_lines(parsed, lines, position, number, names, dealt_in)
    except HandProblem:
        joined = _joined(lines, line)
        if joined < 0:
            raise
        raise HandProblem(
            f"the hand is cut short: line {joined} ends it with another hand's first line (files joined?)", joined
        ) from None
    if cancelled:
        raise HandProblem("cancelled: the site voided the hand", line, skipped=True, game=parsed.game)
    if not in_summary:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line)
    if parsed.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    if len(dealt_in) > seated_in:  # some player sitting out posted or acted
        _leave_out_all_in_folds(parsed, lines, line, boards)
    parsed.seats = [seat for seat in seated if seat.name in dealt_in]
    parsed.returned = returned or None  # before 2009 none is printed, and the collected amounts leave them out
    parsed.boards = [boards[run] for run in sorted(boards)]
    return parsed


cdef Py_ssize_t _joined(list lines, Py_ssize_t line):
    """The line number of the first of ``lines`` (the first at line number ``line``) in which another hand's
    first line starts after some text, as where a file cut short was joined to another; -1 for none."""
    cdef Py_ssize_t index, at
    cdef str text
    for index in range(1, len(lines)):
        text = lines[index]
        for title, _ in _TITLES:
            at = text.find(title, 1)
            if at > 0 and header_line(text[at:]) is not None:
                return line + index
    return -1


cdef _leave_out_all_in_folds(parsed, list lines, Py_ssize_t line, dict boards):
    """Leave out the folds of the players whose posts put them all in (``lines`` the hand's, the first at line
    number ``line``): the site folds the hand of one sitting out, though they have no decision to make; left
    in, they are mucked at the showdown.  A hand that ends before the flop (no ``boards``) after such a fold
    took the player's chips without a showdown: a problem."""
    cdef set all_in = set()
    cdef str text
    for post in parsed.posts:
        text = lines[<Py_ssize_t>post.line - line]
        if text.endswith(_ALL_IN):
            all_in.add(post.name)
    if all_in:
        folds = [act for act in parsed.streets[0] if act.verb == "fold" and act.name in all_in]
        if folds and not boards:
            raise HandProblem(
                f"{folds[0].name}, all in by their posts, folds and loses them without a showdown: "
                "a forfeit holdem does not replay", folds[0].line,
            )
        parsed.streets[0] = [act for act in parsed.streets[0] if act.verb != "fold" or act.name not in all_in]


cdef bint _holds(list lines, str text):
    """Whether ``text`` is one of ``lines``, looked for from the last (where a hand's summary is)."""
    cdef Py_ssize_t index
    for index in range(len(lines) - 1, -1, -1):
        if lines[index] == text:
            return True
    return False


cpdef read_stakes(parsed, stakes, bint in_chips):
    """The blinds (a fixed-limit game's bets and big blind: its small blind, about half the small bet rounded
    down, is left to the post) of a header's ``stakes``: ``(first/second)`` as printed,
    first and second (a match, or what :func:`stakes_of` finds);
    their currency too, unless ``in_chips`` (a tournament's)."""
    first, second = _amount(stakes[1]), _amount(stakes[2])
    if not in_chips:
        parsed.currency = currency_of(stakes[0])
    if parsed.structure is Structure.FIXED_LIMIT:
        parsed.small_bet, parsed.big_bet = first, second
        parsed.small_blind, parsed.big_blind = _ZERO, first
    else:
        parsed.small_blind, parsed.big_blind = first, second


cdef object _started(str rest):
    """The hand's time: the first one printed whose zone is known, else the first."""
    first = None
    for part in rest.split(" - ")[1:]:
        for text in part.split("["):
            moment = site_time(text)
            if moment is not None and moment.tzinfo is not None:
                return moment
            first = first or moment
    return first


cpdef tuple read_lines(parsed, list lines, Py_ssize_t position, Py_ssize_t number, set names, set dealt_in):
    """Read ``lines[position:]`` (the first at line number ``number``) into ``parsed``: the decisions
    and posts, the cards dealt and shown, the results and the summary; return whether the hand
    reached its summary, whether it was cancelled, the uncalled bets returned and the boards by run.

    :raises HandProblem: for a line that is none of a PokerStars hand's (or of a room's on its software).
    """
    cdef int street = 0
    cdef bint in_summary = False, cancelled = False
    cdef dict returned = {}, boards = {}
    cdef dict collected = parsed.collected
    cdef list streets = parsed.streets
    cdef str text, marker
    cdef Py_ssize_t index, end
    cdef tuple act
    for index in range(position, len(lines)):
        text = lines[index]
        if text.startswith("*** "):
            end = text.find(" ***", 4)
            marker = text[4:end] if end >= 0 else ""
            if marker == "SUMMARY":
                in_summary = True
            elif marker in STREETS:
                street = STREETS[marker]
                while len(streets) <= street:
                    streets.append([])
            elif not marker.endswith(_RUN_ENDS):  # the runs of the board: their cards are in the summary's boards
                raise HandProblem(f"an unknown section: {text[:80]!r}", number)
        elif in_summary:
            summary_line(parsed, text, number, boards)
        elif (act := action(text, names)) is not None:
            decision(parsed, act[0], act[1], street, number, dealt_in)
        elif (found := collected_line(text)) is not None and found[0] in names:
            collected[found[0]] = collected.get(found[0], _ZERO) + _amount(found[1])
        elif (found := returned_line(text)) is not None and found[1] in names:
            returned[found[1]] = returned.get(found[1], _ZERO) + _amount(found[0])
        elif (found := dealt_line(text)) is not None and found[0] in names:
            cards = found[2] or found[1]
            if cards:
                if parsed.hero is None:
                    parsed.hero = found[0]
                parsed.holes[found[0]] = _cards(cards)
            dealt_in.add(found[0])
        elif text == "Hand cancelled":
            cancelled = True
        elif (found := _match_cash_out(text)) and found[1] in names:
            parsed.cash_outs[found[1]] = _amount(found[2])
            if found[3]:
                parsed.cash_out_fees[found[1]] = _amount(found[3])
        elif (found := _match_bounty(text)) is not None:
            parsed.bounties[found[1]] = parsed.bounties.get(found[1], _ZERO) + _amount(found[2])
        elif text and not _match_information(text) and not _room_line(parsed, text, street, number, names, dealt_in):
            raise HandProblem(f"a line that is none of a {parsed.site} hand's: {text[:80]!r}", number)
        number += 1
    return in_summary, cancelled, returned, boards


cdef bint _room_line(parsed, str text, int street, Py_ssize_t number, set names, set dealt_in) except -1:
    """Whether ``text`` is a line of a room on PokerStars' software that PokerStars does not print: a show with
    no colon after the name (``NAME shows [CARDS] for ...``), read as PokerStars' show; ``STP added: AMOUNT``,
    the room's money added to the pot, which makes the hand a game holdem does not play."""
    cdef Py_ssize_t at = text.find(" shows [")
    if at > 0 and text[:at] in names:
        decision(parsed, text[:at], text[at + 1 :], street, number, dealt_in)
        return True
    if text.startswith("STP added: "):
        raise HandProblem(
            f"not a game holdem plays: {text[11:91]} added to the pot by the room (Splash the Pot)", number,
            skipped=True, game=parsed.game,
        )
    return False


cpdef tuple dealt_line(str text):
    """The player and the cards of ``Dealt to NAME [CARDS]`` or ``Dealt to NAME [CARDS] [CARDS]`` (the second
    ``None`` when not printed; the name the shortest that leaves such a line), or ``None``.

    >>> dealt_line("Dealt to Ann [Ah Kd]")
    ('Ann', 'Ah Kd', None)
    """
    cdef Py_ssize_t at, first, second, last = len(text) - 1
    if not text.startswith("Dealt to "):
        return None
    at = text.find(" [", 9)
    while at >= 0:
        first = text.find("]", at + 2)
        if first < 0:
            return None
        if first == last:
            return text[9:at], text[at + 2 : first], None
        if text.startswith(" [", first + 1):
            second = text.find("]", first + 3)
            if second == last:
                return text[9:at], text[at + 2 : first], text[first + 3 : second]
        at = text.find(" [", at + 1)
    return None


cpdef tuple returned_line(str text):
    """The amount and the player of ``Uncalled bet (AMOUNT) returned to NAME`` (AMOUNT without spaces), or ``None``.

    >>> returned_line("Uncalled bet ($0.04) returned to Ann")
    ('$0.04', 'Ann')
    """
    cdef Py_ssize_t end = 14, size = len(text)
    cdef Py_UCS4 mark
    if not text.startswith("Uncalled bet ("):
        return None
    while end < size:  # the run of characters that are no space: the amount and its ")"
        mark = text[end]
        if mark.isspace():
            break
        end += 1
    if end - 14 < 2 or text[end - 1] != u")" or not text.startswith(" returned to ", end):
        return None
    return text[14 : end - 1], text[end + 13 :]


cpdef tuple collected_line(str text):
    """The player and the amount of ``NAME collected AMOUNT from POT`` (``pot``, ``main pot``, ``side pot``,
    ``side pot-N``; the name the longest that leaves such a line), or ``None``.

    >>> collected_line("Ann collected $1.25 from side pot-2")
    ('Ann', '$1.25')
    """
    cdef Py_ssize_t at, amount, end = len(text)
    cdef Py_UCS4 mark
    cdef str pot
    while True:
        at = text.rfind(" collected ", 0, end)
        if at < 0:
            return None
        end = at + 10
        amount = at + 11
        while amount < len(text):
            mark = text[amount]
            if mark.isspace():
                break
            amount += 1
        if amount > at + 11 and text.startswith(" from ", amount):
            pot = text[amount + 6 :]
            if pot == "pot" or pot == "main pot" or pot == "side pot" or (
                pot.startswith("side pot-") and _run(pot, 9, True) == len(pot) > 9
            ):
                return text[:at], text[at + 11 : amount]


cpdef tuple action(str text, set names):
    """The player of a decision or post line (``NAME: what they do``) and what follows ``NAME: ``, or ``None``."""
    cdef Py_ssize_t at = text.find(": ")
    cdef str name
    while at >= 0:
        name = text[:at]
        if name in names:
            return name, text[at + 2 :]
        at = text.find(": ", at + 1)
    return None


cpdef decision(parsed, str name, str said, int street, Py_ssize_t number, set dealt_in):
    """A player's decision, post, show or muck (``said``: what follows ``NAME: ``, read by string operations,
    told apart by their first letter: a hand has a dozen of them) into ``parsed``."""
    cdef str whole = said  # with ``and is all-in``, which the rest is read without
    cdef list acts = parsed.streets[street]
    cdef list words
    cdef Py_UCS4 first
    if said.endswith(_ALL_IN):
        said = said[: len(said) - len(_ALL_IN)]
    elif said == _ONLY_ALL_IN:
        said = ""
    first = said[0] if said else u" "
    if first == u"f" and (said == "folds" or said.startswith("folds [")):
        acts.append(_act(name, "fold", None, number))
        if len(said) > 5 and len(cards := _cards(said[6:].strip("[]"))) == 2:  # not a single card shown
            parsed.holes[name] = cards
    elif first == u"c" and said == "checks":
        acts.append(_act(name, "check", None, number))
    elif first == u"c" and said.startswith("calls ") and said.find(" ", 6) < 0:
        acts.append(_act(name, "call", _amount(said[6:]), number))
    elif first == u"b" and said.startswith("bets ") and said.find(" ", 5) < 0:
        acts.append(_act(name, "bet", _amount(said[5:]), number))
    elif first == u"r" and said.startswith("raises ") and len(words := said.split(" ")) == 4 and words[2] == "to":
        acts.append(_act(name, "raise_to", _amount(words[3]), number))
    elif first == u"p" and (said == "posts" or said.startswith("posts ")) and street == 0:
        parsed.posts.append(_post(parsed, name, said, number))
    elif first == u"s" and said.startswith("shows "):
        cards = CARDS.match(said[6:])
        if cards is None:
            raise HandProblem(f"a show without cards: {name}", number)
        shown = _cards(cards[1])
        if len(shown) == 2:
            parsed.shown[name] = shown
            parsed.holes[name] = shown
        return
    elif first == u"m" and said == "mucks hand":
        parsed.mucked.add(name)
        return
    elif said in _PLAYER_INFORMATION or whole.partition(" ")[0] in ("Pays", "said,"):
        return
    else:
        raise HandProblem(f"a decision that cannot be read: {name}: {said[:80]!r}", number)
    dealt_in.add(name)


cdef object _post(parsed, str name, str said, Py_ssize_t number):
    """A post, ``said`` ``posts KIND AMOUNT``."""
    cdef str text = said.rpartition(" ")[2]  # the amount
    amount = _amount(text)
    cdef str kind = said[6 : len(said) - len(text) - 1]
    if kind == _LIVE_AND_DEAD:  # the big blind live, the small one dead
        live = min(amount, parsed.big_blind)
        return _post_of(name, PostKind.LIVE_AND_DEAD, live, amount - live, number)
    post = _POSTS.get(kind)
    if post is None:
        raise HandProblem(f"a post that cannot be read: {name}: {said[:80]!r}", number)
    return _post_of(name, post, amount, _ZERO, number)


cpdef summary_line(parsed, str text, Py_ssize_t number, dict boards):
    """A line of the summary: the total pot and rake, the boards of each run, the cards shown or mucked."""
    cdef str first
    if text.startswith("Total pot "):
        read_total_pot(parsed, text)
    elif text.startswith("Board ["):
        boards[0] = _cards(text[7:-1])
    elif text.startswith("Seat ") and "[" in text:  # cards shown or mucked (a line without them says nothing more)
        read_summary_seat(parsed, text)
    elif text.endswith("]") and " Board [" in text:
        first = text.split(" ", 1)[0]
        if first in _BOARD_WORDS:
            boards[_BOARD_WORDS[first]] = _cards(text[text.index("[") + 1 : -1])


cpdef read_total_pot(parsed, text):
    """A summary's ``Total pot $3.65 | Rake $0.10 | Jackpot $0.05`` line (PokerStars, Full Tilt): the
    total pot, the rake, and every other fee counted in ``jackpot``.

    >>> parsed = blank_hand("PokerStars", 1)
    >>> read_total_pot(parsed, "Total pot $3.65 Main pot $3. Side pot $0.65. | Rake $0.10 | Jackpot $0.05")
    >>> parsed.total_pot, parsed.rake, parsed.jackpot
    (Decimal('3.65'), Decimal('0.10'), Decimal('0.05'))
    """
    cdef list parts = str(text).split(" | ")
    cdef list words = parts[0].split(" ", 3)
    cdef str part, label
    if len(words) < 3:
        raise HandProblem(f"the summary's total pot has no amount: {text[:80]!r}")
    parsed.total_pot = _amount(words[2])
    for part in parts[1:]:
        label, _, amount = part.rpartition(" ")
        value = _amount(amount)
        if label == "Rake":
            parsed.rake = value
        else:  # a jackpot or another fee taken from the pot
            parsed.jackpot += value


cpdef read_summary_seat(parsed, text):
    """A summary's seat line (PokerStars, Full Tilt): the cards of one who ``showed`` or ``mucked`` them
    (see :func:`shown_cards`); one card shown of two (a winner showing one) tells nothing the hand records.

    >>> parsed = blank_hand("PokerStars", 1)
    >>> read_summary_seat(parsed, "Seat 2: Bob (big blind) mucked [7s 7h] - two pair, Sevens and Fours")
    >>> parsed.holes, parsed.mucked
    ({'Bob': (23, 22)}, {'Bob'})
    """
    cdef tuple seat = shown_cards(text if type(text) is str else str(text))
    if seat is not None:
        name = seat[0]
        cards = _cards(seat[2])
        if len(cards) < 2:
            return
        parsed.holes[name] = cards
        if seat[1]:
            parsed.shown[name] = cards
        else:
            parsed.mucked.add(name)


cdef tuple _ROLES = (" (button)", " (small blind)", " (big blind)")


cpdef tuple shown_cards(str text):
    """The player, whether they showed (else mucked) and the cards of a summary's ``Seat N: NAME [(ROLE)...]
    showed [CARDS]`` or ``... mucked [CARDS]`` and anything after (ROLE ``button``, ``small blind`` or
    ``big blind``; the name the shortest that leaves such a line), or ``None``.

    >>> shown_cards("Seat 2: Bob (big blind) showed [7s 7h] and won ($1) with a pair")
    ('Bob', True, '7s 7h')
    """
    cdef Py_ssize_t colon, at, end, close, size = len(text)
    cdef str role
    if not text.startswith("Seat "):
        return None
    colon = _run(text, 5, True)
    if colon == 5 or not text.startswith(": ", colon):
        return None
    at = colon + 2  # the name's end: the first place that such a line follows (an empty name too)
    while at >= 0:
        end = at
        while True:  # the roles after the name
            for role in _ROLES:
                if text.startswith(role, end):
                    end += len(role)
                    break
            else:
                break
        if text.startswith(" showed [", end) or text.startswith(" mucked [", end):
            close = text.find("]", end + 9)
            if close >= 0:
                return text[colon + 2 : at], text[end + 1] == u"s", text[end + 9 : close]
        at = text.find(" ", at + 1)
    return None
