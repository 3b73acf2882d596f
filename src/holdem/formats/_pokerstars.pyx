# cython: wraparound=True, boundscheck=True
# The lines of a PokerStars hand (the header, the table, the seats, the posts,
# the streets and their decisions, the showdown, the results and the summary),
# read straight into the replay's script of the hand (holdem.formats._histories'
# Script: no ParsedHand, Seat, Post or Act a hand, the ParsedHand made from it
# only when asked for): what holdem.formats.pokerstars runs over every hand
# (PokerStars' and those of the rooms on its software), compiled, since a hand
# has thirty lines.  GGPoker, which prints PokerStars' lines, reads its own into
# a ParsedHand through read_table, seat_line, read_stakes, action, a line_reader's
# decision and summary_line and the readers of the deal, collected and uncalled
# bet lines; Full Tilt its summary through read_total_pot and read_summary_seat.
# Compiler directives are set in setup.py, but for the negative indices and
# the bounds checks that the slices of a line need.

cimport cython
from cpython.datetime cimport datetime_tzinfo, import_datetime
from cpython.dict cimport PyDict_Values
from cpython.object cimport PyObject, PyTypeObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.unicode cimport (
    Py_UNICODE_ISDECIMAL, Py_UNICODE_TODECIMAL, PyUnicode_1BYTE_KIND, PyUnicode_DATA, PyUnicode_Find, PyUnicode_KIND,
    PyUnicode_READ,
)
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memchr

from holdem.formats._histories cimport *
from holdem.formats._kept cimport kept
from holdem.formats._slots cimport *
from holdem.formats._text cimport same_text, span_is as _is, starts_at
from holdem.formats._times cimport time_at

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject *type, Py_ssize_t nitems)  # as cpython.type's, with the C type
    ctypedef uint8_t Py_UCS1
    ctypedef uint16_t Py_UCS2

import dataclasses
import re
from decimal import Decimal

from holdem.formats.parsing import (
    EXACT_AMOUNTS,
    HandProblem,
    ParsedHand,
    currency_of,
    identify,
    parse_amount,
    parse_hand_cards,
)
from holdem.formats._histories import POST_KINDS, VERBS
from holdem.rules import Structure

import_datetime()

__all__ = [
    "CARDS", "STREETS", "TITLES", "Reading", "action", "blank_hand", "collected_line", "dealt_line", "header_line",
    "information_line", "line_reader", "parse", "read", "read_stakes", "read_summary_seat", "read_table",
    "read_total_pot", "returned_line", "seat_line", "shown_cards", "stakes_of", "table_line",
]

CARDS = re.compile(r"\[([^\]]*)\]")
_BOARD_WORDS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}
STREETS = {"HOLE CARDS": 0, "FLOP": 1, "TURN": 2, "RIVER": 3}
_CASH_OUT = re.compile(r"(.*) cashed out the hand for (\S+)(?: \| Cash Out Fee (\S+))?$")
_BOUNTY = re.compile(r"(.*?) wins (?:the )?(\S+) (?:bounty )?for (?:eliminating|splitting the elimination of) ")
# What ends a line of a player that says nothing of the hand's chips or cards, searched for (each end starts
# with a space, which the search looks for first): see information_line.
_INFORMATION = re.compile(
    r" (?:said, \".*\"|is sitting out|sits out|has timed out.*|is disconnected|is connected"
    r"|has returned|joins the table.*|leaves the table|will be allowed to play after the button"
    r"|was removed from the table.*|finished the tournament.*|wins the tournament.*|wins an entry to .*"
    r"|re-buys and receives .*|takes the add-on and receives .*|has \d+ seconds left to act|is feeling .*"
    r"|seconds left to act|has requested TIME|was moved to .*|is moved to .*|wins a .* ticket.*)$"
)
cdef str _CAPPED = "Betting is capped"  # a fixed-limit street's bets reached their cap
cdef frozenset _PLAYER_INFORMATION = frozenset(
    {"sits out", "is sitting out", "doesn't show hand", "is disconnected", "is connected", "has returned", "timed out"}
)
cdef tuple _POSTS = (
    ("small blind", SMALL_BLIND_POST), ("big blind", BIG_BLIND_POST), ("the ante", ANTE_POST),
    ("straddle", STRADDLE_POST),
)
cdef str _LIVE_AND_DEAD = "small & big blinds"
cdef tuple _RUN_ENDS = ("FLOP", "TURN", "RIVER", "SHOW DOWN", "SHOWDOWN")  # SHOWDOWN: Run It Once's
cdef str _ALL_IN = " and is all-in", _ONLY_ALL_IN = "and is all-in"
cdef object _ZERO = Decimal(0), _FIXED_LIMIT = Structure.FIXED_LIMIT
cdef tuple _POST_KINDS = POST_KINDS, _VERBS = VERBS
cdef tuple _STREETS = tuple(STREETS.items())  # (name, street) pairs: a tuple is read without a dict's iterator
# The amounts, cards, names and currencies met, read once (a hand repeats its amounts, a file its players and
# stakes): parse_amount's and parse_hand_cards' own caches are a Python call away, and a name made anew is
# hashed anew.  The amounts, cards and names are kept by the hash of their characters, each in a pair of slots
# of a table of C structures that hold the text itself and its value, so that a text met before is found in its
# line without being cut out of it and hashed, and without reading any object but its value (a slot of Python
# objects costs a read of memory apart for each).
cdef enum:
    _SLOT_BITS = 11
    _SLOTS = 1 << _SLOT_BITS
    _LONGEST_KEPT = 27  # the characters of the longest text kept: a slot fills 64 bytes
cdef struct _Kept:
    PyObject *value  # a reference of the slot's own; NULL: the slot is empty
    uint16_t length
    Py_UCS2 text[_LONGEST_KEPT]
cdef _Kept _AMOUNT_SLOTS[_SLOTS]
cdef _Kept _CARDS_SLOTS[_SLOTS]
cdef _Kept _TEXT_SLOTS[_SLOTS]
# Held while a slot is read or stored, so that on free-threaded Python no thread reads a slot half stored, or
# a value another has just let go of (with the GIL, an increment and a decrement of the guard).
cdef object _SLOTS_GUARD = object()
cdef dict _CURRENCIES = {}


cdef object _kept_at(_Kept *slots, str text, Py_ssize_t start, Py_ssize_t end, read):
    """``read(text[start:end])`` (``start`` not negative, ``end`` at most the text's length), kept as the text and
    its value in the pair of ``slots`` its characters' hash gives: a text read later takes the first, the text
    there moving to the second (so that two texts of one pair, met in turn, are both kept)."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef uint64_t hashed = 2166136261u  # FNV-1a's offset and prime, in 64 bits
    cdef uint32_t character, widest = 0
    cdef Py_ssize_t index, length = end - start
    cdef _Kept *pair
    cdef PyObject *before
    cdef bint found = False
    if not 0 <= length <= _LONGEST_KEPT:
        return _read_cut(text, start, end, read)
    for index in range(start, end):
        character = PyUnicode_READ(kind, data, index)
        widest |= character
        hashed = (hashed ^ character) * 16777619u
    if widest > 0xFFFF:
        return _read_cut(text, start, end, read)
    # The hash's bits spread over the slot's by Fibonacci hashing (FNV's low bits take little of the characters'
    # high ones), the pair's first slot even.
    pair = &slots[<Py_ssize_t>(hashed * 0x9E3779B97F4A7C15ULL >> (64 - _SLOT_BITS)) & ~(<Py_ssize_t>1)]
    with cython.critical_section(_SLOTS_GUARD):
        for index in range(2):
            if pair[index].value != NULL and pair[index].length == length and _kept_is(
                &pair[index], kind, data, start, length
            ):
                value, found = <object>pair[index].value, True
                break
    if found:
        return value
    value = _read_cut(text, start, end, read)
    with cython.critical_section(_SLOTS_GUARD):
        before = pair[1].value  # the second leaves the pair, the first takes its place
        pair[1] = pair[0]
        Py_INCREF(value)
        pair[0].value = <PyObject *>value
        pair[0].length = <uint16_t>length
        for index in range(length):
            pair[0].text[index] = <Py_UCS2>PyUnicode_READ(kind, data, start + index)
    Py_XDECREF(before)
    return value


cdef inline object _read_cut(str text, Py_ssize_t start, Py_ssize_t end, read):
    """``read(text[start:end])``; the text itself when ``read`` is ``None``."""
    cut = text[start:end] if end > start else ""
    return cut if read is None else read(cut)


cdef inline bint _kept_is(const _Kept *kept, unsigned int kind, const void *data, Py_ssize_t start,
                          Py_ssize_t length) noexcept:
    """Whether the slot's text is the ``length`` characters of ``data`` (of ``kind``) from ``start``."""
    cdef Py_ssize_t index
    if kind == PyUnicode_1BYTE_KIND:
        for index in range(length):
            if kept.text[index] != (<const Py_UCS1 *>data)[start + index]:
                return False
        return True
    for index in range(length):
        if kept.text[index] != PyUnicode_READ(kind, data, start + index):
            return False
    return True


cdef inline object _amount_at(str text, Py_ssize_t start, Py_ssize_t end):
    """``parse_amount(text[start:end])``, kept."""
    return _kept_at(_AMOUNT_SLOTS, text, start, end, parse_amount)


cdef inline str _kept_text(str text, Py_ssize_t start, Py_ssize_t end):
    """``text[start:end]``, kept: one string for the characters met again (a player's name, in hand after hand),
    its hash worked out once."""
    return _kept_at(_TEXT_SLOTS, text, start, end, None)


cdef inline object _amount(str text):
    return _amount_at(text, 0, len(text))


cdef inline tuple _cards_at(str text, Py_ssize_t start, Py_ssize_t end):
    """``parse_hand_cards(text[start:end])``, kept."""
    return _kept_at(_CARDS_SLOTS, text, start, end, parse_hand_cards)


cdef inline tuple _cards(str text):
    return _cards_at(text, 0, len(text))


cdef inline object _checked(parsed):
    """``parsed``, a ParsedHand (whose fields are read and written through _get and _set)."""
    if not isinstance(parsed, ParsedHand):
        raise TypeError(f"a ParsedHand is read into, not {type(parsed).__name__}")
    return parsed


cdef inline bint _decimal(Py_UCS4 mark) noexcept:
    """``mark.isdecimal()`` (a digit of any script), the ASCII digits told first."""
    return u"0" <= mark <= u"9" or (mark > 127 and Py_UNICODE_ISDECIMAL(mark))


@cython.boundscheck(False)
@cython.wraparound(False)
cdef bint _decimals(str text, Py_ssize_t start, Py_ssize_t end) noexcept:
    """``text[start:end].isdecimal()``."""
    if end <= start:
        return False
    while start < end:
        if not _decimal(text[start]):
            return False
        start += 1
    return True


@cython.boundscheck(False)
@cython.wraparound(False)
cdef object _number(str text, Py_ssize_t start, Py_ssize_t end):
    """``int(text[start:end])`` of decimal digits (of any script, as ``str.isdecimal`` takes them), which the caller
    has checked."""
    cdef long long value = 0
    if not 0 < end - start <= 18:
        return int(text[start:end])
    while start < end:
        value = 10 * value + Py_UNICODE_TODECIMAL(text[start])
        start += 1
    return value


# The string searches of the lines, a character at a time (most fail at the first) read from the strings'
# buffers, for indices that are not negative, ``end`` at most the text's length.


cdef Py_ssize_t _find(str text, Py_UCS4 mark, Py_ssize_t at, Py_ssize_t end) noexcept:
    """``text.find(mark, at, end)`` of one character."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    cdef const char *found
    if kind == PyUnicode_1BYTE_KIND:  # a text of one byte a character: searched by memchr
        if mark > 255 or at >= end:
            return -1
        found = <const char *>memchr(<const char *>data + at, <int>mark, end - at)
        return -1 if found == NULL else found - <const char *>data
    while at < end:
        if PyUnicode_READ(kind, data, at) == mark:
            return at
        at += 1
    return -1


cdef inline bint _word_at(str text, str word, Py_ssize_t at, Py_ssize_t end, Py_UCS4 final) noexcept:
    """Whether ``word`` (its last character ``final``) is at ``at`` in ``text[:end]``, its first character known to
    be: compared whole only when its last character fits."""
    return PyUnicode_READ(PyUnicode_KIND(text), PyUnicode_DATA(text), at + len(word) - 1) == final and starts_at(
        text, word, at, end
    )


cdef Py_ssize_t _search(str text, str word, Py_ssize_t at, Py_ssize_t end) noexcept:
    """``text.find(word, at, end)``, ``word`` not empty."""
    cdef unsigned int kind = PyUnicode_KIND(text), word_kind = PyUnicode_KIND(word)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_ssize_t last = end - len(word)
    cdef Py_UCS4 first = PyUnicode_READ(word_kind, PyUnicode_DATA(word), 0)
    cdef Py_UCS4 final = PyUnicode_READ(word_kind, PyUnicode_DATA(word), len(word) - 1)
    if kind == PyUnicode_1BYTE_KIND:  # each place of the first character found by memchr
        while at <= last:
            at = _find(text, first, at, last + 1)
            if at < 0 or _word_at(text, word, at, end, final):
                return at
            at += 1
        return -1
    while at <= last:
        if PyUnicode_READ(kind, data, at) == first and _word_at(text, word, at, end, final):
            return at
        at += 1
    return -1


cdef Py_ssize_t _rsearch(str text, str word, Py_ssize_t start, Py_ssize_t end) noexcept:
    """``text.rfind(word, start, end)``, ``word`` not empty."""
    cdef unsigned int kind = PyUnicode_KIND(text), word_kind = PyUnicode_KIND(word)
    cdef void *data = PyUnicode_DATA(text)
    cdef Py_ssize_t at = end - len(word)
    cdef Py_UCS4 first = PyUnicode_READ(word_kind, PyUnicode_DATA(word), 0)
    cdef Py_UCS4 final = PyUnicode_READ(word_kind, PyUnicode_DATA(word), len(word) - 1)
    if kind == PyUnicode_1BYTE_KIND:  # read a byte at a time
        while at >= start:
            if (<const unsigned char *>data)[at] == first and _word_at(text, word, at, end, final):
                return at
            at -= 1
        return -1
    while at >= start:
        if PyUnicode_READ(kind, data, at) == first and _word_at(text, word, at, end, final):
            return at
        at -= 1
    return -1


cdef Py_ssize_t _rfind(str text, Py_UCS4 mark, Py_ssize_t start, Py_ssize_t at) noexcept:
    """``text.rfind(mark, start, at)`` of one character."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    while at > start:
        at -= 1
        if PyUnicode_READ(kind, data, at) == mark:
            return at
    return -1


cdef object _match_cash_out = _CASH_OUT.match, _match_bounty = _BOUNTY.match, _search_information = _INFORMATION.search


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
    cdef _Header header
    kind = _header_at(text, 0, len(text), &header)
    return None if kind is None else (kind, text[header.number : header.number_end], text[header.rest :])


cdef struct _Header:
    # Where the parts of a hand's first line start and end: its number, and the rest after the colon and club.
    Py_ssize_t number, number_end, rest


cdef object _header_at(str text, Py_ssize_t start, Py_ssize_t end, _Header *header):
    """:func:`header_line` of the line ``text[start:end]``: its kind (``None``: no hand's first line), the other
    parts found in ``header``."""
    cdef Py_ssize_t at, number_end, close
    cdef str kind
    cdef tuple title
    for title in _TITLES:
        if starts_at(text, <str>title[0], start, end):
            break
    else:
        return None
    start += len(<str>title[0])
    for kind in <tuple>title[1]:
        at = start + 2 + len(kind)
        if starts_at(text, kind, start, end) and starts_at(text, " #", at - 2, end):
            number_end = _run(text, at, end, True)
            if number_end > at and starts_at(text, ":", number_end, end):
                close = _run(text, number_end + 1, end, False)  # where the club or the rest starts
                if starts_at(text, "{", close, end) and (found := _find(text, u"}", close + 1, end)) >= 0:
                    close = _run(text, found + 1, end, False)
                header.number, header.number_end, header.rest = at, number_end, close
                return kind
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
    cdef _Stakes stakes
    if not _stakes_at(text, 0, len(text), &stakes):
        return None
    return (
        text[stakes.start : stakes.end], text[stakes.first : stakes.slash], text[stakes.slash + 1 : stakes.second_end]
    )


cdef struct _Stakes:
    # Where the parts of a header's stakes start and end: the whole (to after its closing parenthesis), FIRST (to
    # the slash) and SECOND.
    Py_ssize_t start, end, first, slash, second_end


cdef bint _stakes_at(str text, Py_ssize_t at, Py_ssize_t size, _Stakes *stakes) except -1:
    """:func:`stakes_of` of ``text[at:size]``, its parts found in ``stakes``; whether there are any."""
    cdef Py_ssize_t start = _find(text, u"(", at, size), slash, end, close, comma
    while start >= 0:
        slash = _part_end(text, start + 1, size)
        if slash > start + 1 and slash < size and text[slash] == "/":
            end = _part_end(text, slash + 1, size)
            if end > slash + 1 and end < size and text[end] == ")":
                close = end
                if end - slash > 5 and text[end - 4] == u" " and _capital(text[end - 3]) and _capital(
                    text[end - 2]
                ) and _capital(text[end - 1]):
                    close = end - 4
                comma = PyUnicode_Find(text, ", ", start + 1, slash - 1, -1)  # the last with something after it
                stakes.start, stakes.end, stakes.slash, stakes.second_end = start, end + 1, slash, close
                stakes.first = comma + 2 if comma >= 0 else start + 1
                return True
        start = _find(text, u"(", start + 1, size)
    return False


cdef inline bint _capital(Py_UCS4 mark) noexcept:
    return u"A" <= mark <= u"Z"


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _part_end(str text, Py_ssize_t at, Py_ssize_t size) noexcept:
    """Where the run of characters of ``text[at:size]`` that are no parenthesis or slash ends."""
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
    cdef _TableLine table
    if not _table_line(text, 0, len(text), &table):
        return None
    return (
        text[table.start : table.quote], text[table.most : table.most_end] if table.most >= 0 else None,
        text[table.button : table.button_end],
    )


cdef struct _TableLine:
    # Where the parts of a table line start and end: the name (to its closing quote), the most seats (-1: not
    # printed) and the button's seat.
    Py_ssize_t start, quote, most, most_end, button, button_end


cdef bint _table_line(str text, Py_ssize_t start, Py_ssize_t size, _TableLine *table) except -1:
    """:func:`table_line` of the line ``text[start:size]``, its parts found in ``table``; whether it is such a
    line."""
    cdef Py_ssize_t at, digits, end = size
    if starts_at(text, "Table '", start, size):
        table.start = start + 7
    elif starts_at(text, "Table ID '", start, size):
        table.start = start + 10
    else:
        return False
    while True:
        table.quote = _rfind(text, u"'", table.start, end)
        if table.quote < 0:
            return False
        end = table.quote
        table.most = -1
        at = _run(text, table.quote + 1, size, False)
        digits = _run(text, at, size, True)
        if digits > at and (starts_at(text, "-max", digits, size) or starts_at(text, "-Max", digits, size)):
            table.most, table.most_end = at, digits
            at = _run(text, digits + 4, size, False)
        if starts_at(text, "(Play Money)", at, size):
            at = _run(text, at + 12, size, False)
        if starts_at(text, "Seat #", at, size):
            digits = _run(text, at + 6, size, True)
            if digits > at + 6 and starts_at(text, " is the button", digits, size):
                table.button, table.button_end = at + 6, digits
                return True


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Py_ssize_t _run(str text, Py_ssize_t at, Py_ssize_t end, bint digits) noexcept:
    """Where the run in ``text[at:end]`` (``at`` not negative) of decimal digits (``str.isdecimal``, as a regex's
    ``\\d``), or else of spaces (``str.isspace``, as ``\\s``), ends."""
    cdef Py_UCS4 mark
    while at < end:
        mark = text[at]
        if not (_decimal(mark) if digits else mark.isspace()):
            break
        at += 1
    return at


cpdef read_table(parsed, str text, Py_ssize_t number):
    """The table line (see :func:`table_line`), the hand's line ``number``, into ``parsed``: the table's name,
    its most seats and the button's seat number."""
    _checked(parsed)
    table = _table(text, 0, len(text), number)
    _set(parsed, P_TABLE, table[0])
    _set(parsed, P_MAX_SEATS, table[1])
    _set(parsed, P_BUTTON, table[2])


cdef tuple _table(str text, Py_ssize_t start, Py_ssize_t end, Py_ssize_t number):
    """The table's name (kept: a file's hands share their tables), its most seats (``None``: not printed) and the
    button's seat number of the table line ``text[start:end]``, the hand's line ``number``."""
    cdef _TableLine table
    if not _table_line(text, start, end, &table):
        raise HandProblem(f"the second line is not the table's: {text[start:end][:80]!r}", number)
    return (
        _kept_text(text, table.start, table.quote),
        _number(text, table.most, table.most_end) if table.most >= 0 else None,
        _number(text, table.button, table.button_end),
    )


cpdef tuple seat_line(str text):
    """The parts of a seat line, ``Seat N: NAME (STACK in chips[, BOUNTY bounty])`` and what follows
    (``is sitting out``...), as texts: the number, the name, the stack, the bounty (``None``: none) and
    the rest; ``None`` for another line.  The name is the longest that leaves such parentheses after it.

    >>> seat_line("Seat 2: Ann (B) ($1.50 in chips, $5 bounty) is sitting out")
    ('2', 'Ann (B)', '$1.50', '$5', 'is sitting out')
    """
    cdef _SeatLine seat
    if not _seat_line(text, 0, len(text), &seat):
        return None
    return (
        text[5 : seat.colon], text[seat.colon + 2 : seat.name], text[seat.name + 2 : seat.stack],
        None if seat.stack + 9 == seat.close else text[seat.stack + 11 : seat.close - 7], text[seat.close + 2 :],
    )


cdef struct _SeatLine:
    # Where the parts of a seat line end: its number (at the colon), the name (at the " (" before the stack),
    # the stack (at " in chips") and the parentheses.
    Py_ssize_t colon, name, stack, close


cdef bint _seat_line(str text, Py_ssize_t start, Py_ssize_t size, _SeatLine *seat) except -1:
    """Whether ``text[start:size]`` is a seat line (see :func:`seat_line`), and where its parts end into ``seat``."""
    cdef Py_ssize_t colon, at, end, close = -1, found, limit, chips
    if not starts_at(text, "Seat ", start, size):
        return False
    colon = _search(text, ": ", start + 5, size)
    if colon < 0 or not _decimals(text, start + 5, colon):
        return False
    end = limit = size
    while True:  # the name's end: the last " (" that a seat's parentheses follow
        at = _rsearch(text, " (", colon + 2, end)
        if at < 0:
            return False
        end = at + 1
        # The first ")" after the parenthesis: before the last one tried, or the one found for it
        # (each stretch of the line searched once, however many " (" it holds).
        found = _find(text, u")", at + 2, limit)
        if found >= 0:
            close = found
        limit = at + 2
        if close < 0 or 0 <= _find(text, u"(", at + 2, close) or (close + 1 < size and text[close + 1] != " "):
            continue
        chips = _in_chips(text, at + 2, close)
        if chips >= 0:
            seat.colon, seat.name, seat.stack, seat.close = colon, at, chips, close
            return True


cdef Py_ssize_t _in_chips(str text, Py_ssize_t start, Py_ssize_t end):
    """Where `` in chips`` is in ``text[start:end]``, ``STACK in chips`` or ``STACK in chips, BOUNTY bounty``
    (the first that fits); -1 for neither."""
    cdef Py_ssize_t at = _search(text, " in chips", start, end)
    cdef bint bounty = end - start >= 7 and starts_at(text, " bounty", end - 7, end)
    while at >= 0:
        if at + 9 == end or (bounty and end - at - 9 >= 9 and starts_at(text, ", ", at + 9, end)):
            return at
        at = _search(text, " in chips", at + 1, end)
    return -1


cdef Slots _PLACES  # of the fields of a ParsedHand, a Seat, an Act and a Post
cdef tuple _CLASSES = find_slots(&_PLACES)  # ParsedHand, SiteHand, Seat, Act and Post, as their slots were found
cdef type _PARSED_HAND = _CLASSES[0], _SEAT = _CLASSES[2], _ACT = _CLASSES[3], _POST = _CLASSES[4]


cdef inline object _get(parsed, Py_ssize_t index):
    """The field ``index`` (``P_*``) of ``parsed``, a ParsedHand."""
    return get_field(parsed, _PARSED_HAND, _PLACES.hand, index)


cdef inline int _set(parsed, Py_ssize_t index, value) except -1:
    """Set the field ``index`` (``P_*``) of ``parsed``, a ParsedHand, to ``value``."""
    return set_field(parsed, _PARSED_HAND, _PLACES.hand, index, value)


# A ParsedHand's fields in order: their defaults (None for the others, set for each hand), and what each
# hand makes anew: an empty dict, list or set, or the streets' list of one empty list.
cdef enum:
    DEFAULT, NEW_DICT, NEW_LIST, NEW_SET, NEW_STREETS
cdef tuple _DEFAULTS = tuple([
    None if field.default is dataclasses.MISSING else field.default for field in dataclasses.fields(ParsedHand)
])
cdef int _MADE[P_FIELDS]


cdef int _made(int *made) except -1:
    """Fill ``made`` with what each hand makes of each field of a ParsedHand (of ``P_FIELDS``: see find_slots)."""
    cdef Py_ssize_t index
    for index, field in enumerate(dataclasses.fields(ParsedHand)):
        factory = field.default_factory
        made[index] = (
            DEFAULT if factory is dataclasses.MISSING else NEW_DICT if factory is dict else NEW_LIST if factory is list
            else NEW_SET if factory is set else NEW_STREETS
        )
        if made[index] == NEW_STREETS and factory() != [[]]:
            raise ImportError("holdem.formats._pokerstars was built for a ParsedHand whose only other factory is streets' [[]]")
    return 0


_made(_MADE)


cdef object _new_object(type cls):
    """``object.__new__(cls)``, for a class of no ``__new__`` of its own, without the call of ``object.__new__``
    (which checks its arguments)."""
    return PyType_GenericAlloc(<PyTypeObject *>cls, 0)


# The seats, posts and decisions of a hand (twenty of them), made with their fields written in their slots:
# their ``__init__`` is a Python frame, and setting an attribute a lookup in the type.


cdef object _seat(number, str name, stack, bounty):
    made = _new_object(_SEAT)
    put(made, _PLACES.seat[SEAT_NUMBER], number)
    put(made, _PLACES.seat[SEAT_NAME], name)
    put(made, _PLACES.seat[SEAT_STACK], stack)
    put(made, _PLACES.seat[SEAT_BOUNTY], bounty)
    return made


cdef object _act(str name, str verb, amount, Py_ssize_t line):
    made = _new_object(_ACT)
    put(made, _PLACES.act[ACT_NAME], name)
    put(made, _PLACES.act[ACT_VERB], verb)
    put(made, _PLACES.act[ACT_AMOUNT], amount)
    put(made, _PLACES.act[ACT_LINE], line)
    return made


cdef object _post_of(str name, str kind, live, dead, Py_ssize_t line):
    made = _new_object(_POST)
    put(made, _PLACES.post[POST_NAME], name)
    put(made, _PLACES.post[POST_KIND], kind)
    put(made, _PLACES.post[POST_LIVE], live)
    put(made, _PLACES.post[POST_DEAD], dead)
    put(made, _PLACES.post[POST_LINE], line)
    return made


cpdef blank_hand(str site, Py_ssize_t line):
    """``ParsedHand(site, "", line)``, made without the dataclass's ``__init__`` (a Python frame that sets
    its fields one at a time): each field written in its slot, the defaults and the empty dicts, lists and sets
    of its factories (and the streets' list) made in C."""
    parsed = _new_object(_PARSED_HAND)
    cdef Py_ssize_t index
    cdef int made
    for index in range(P_FIELDS):
        made = _MADE[index]
        put(
            parsed, _PLACES.hand[index],
            _DEFAULTS[index] if made == DEFAULT else {} if made == NEW_DICT else [] if made == NEW_LIST
            else set() if made == NEW_SET else [[]],
        )  # fmt: skip
    _set(parsed, P_SITE, site)
    _set(parsed, P_HAND_ID, "")
    _set(parsed, P_LINE, line)
    return parsed


@cython.final
@cython.freelist(32)  # a batch's and more, kept for the next hands when freed
cdef class Reading:
    """A hand as its lines are read: the script the replay reads, and what is kept by the players' names until
    those dealt in are known (for a reader of one line of a ParsedHand, the ParsedHand's own cards shown and
    mucked)."""

    cdef Script script
    cdef list players, numbers, stacks  # of each seat line, in order
    cdef list seat_bounties  # the bounty of each seat line (None: no seat line has one)
    cdef set dealt_in  # the players dealt in
    cdef list order  # the index of each player dealt in among the seat lines, once known
    cdef int finest  # the finest places of the amounts read that set the unit
    cdef int streets  # the betting rounds begun (a ParsedHand's streets)
    cdef int last_street  # the betting round of the last decision
    cdef bint unordered  # whether a decision belongs to a round before the one of the decision before it
    cdef object parsed  # the ParsedHand that a reader of one line reads into (its posts and decisions), or None
    cdef object currency, small_blind, big_blind, small_bet, big_bet, total_pot, rake, jackpot
    cdef dict collected, returned, boards, cash_outs, cash_out_fees, bounties
    cdef object holes, shown, mucked  # a ParsedHand's own, for a reader of one line

    def decision(self, str name, str said, int street, Py_ssize_t number, set dealt_in):
        """A player's decision, post, show or muck (``said``: what follows ``NAME: ``, read by string operations,
        told apart by their first letter) into the ParsedHand read; ``name`` added to ``dealt_in`` when it
        deals them in."""
        _get(self.parsed, P_STREETS)[street]  # of a street the hand has begun
        if _decide(self, 0, name, said, 0, len(said), street, number):
            dealt_in.add(name)

    def summary_line(self, str text, Py_ssize_t number, dict boards):
        """A line of the summary into the ParsedHand read: the total pot and rake, the boards of each run
        (into ``boards``), the cards shown or mucked."""
        self.total_pot, self.rake, self.jackpot = None, None, _get(self.parsed, P_JACKPOT)
        _summary(self, text, 0, len(text), boards)
        if self.total_pot is not None:
            _totals_into(self, self.parsed)


cdef Reading _new_reading(str site, Py_ssize_t line):
    """A reading of nothing yet, of a hand of ``site`` whose first line is line ``line``: a ParsedHand's defaults,
    and the containers of a whole hand."""
    cdef Reading reading = Reading.__new__(Reading)
    cdef Script script = Script.__new__(Script)
    reading.script = script
    script.site, script.hand_id, script.line = site, "", line
    script.game, script.structure = _DEFAULTS[P_GAME], _DEFAULTS[P_STRUCTURE]
    script.fast_fold, script.rake_printed = False, True
    script.held = []
    reading.streets = 1
    reading.small_blind, reading.big_blind = _DEFAULTS[P_SMALL_BLIND], _DEFAULTS[P_BIG_BLIND]
    reading.rake, reading.jackpot = _DEFAULTS[P_RAKE], _DEFAULTS[P_JACKPOT]
    reading.players, reading.numbers, reading.stacks, reading.dealt_in = [], [], [], set()
    reading.holes, reading.shown, reading.collected, reading.returned, reading.boards = {}, {}, {}, {}, {}
    reading.cash_outs, reading.cash_out_fees, reading.bounties = {}, {}, {}
    return reading


cdef Reading _reading_of(parsed):
    """A reading of one line into ``parsed``, a ParsedHand (each reader of a line takes what it reads from it)."""
    cdef Reading reading = Reading.__new__(Reading)
    reading.parsed = _checked(parsed)
    return reading


cpdef line_reader(parsed):
    """The reader of a site's lines that PokerStars prints alike (GGPoker's) into ``parsed``, a ParsedHand whose
    blinds are read: its ``decision`` and ``summary_line``."""
    cdef Reading reading = _reading_of(parsed)
    _with_cards(reading, parsed)
    reading.big_blind = _get(parsed, P_BIG_BLIND)
    return reading


cdef int _with_cards(Reading reading, parsed) except -1:
    """Read the cards dealt, shown and mucked into ``parsed``'s own."""
    reading.holes, reading.shown, reading.mucked = _get(parsed, P_HOLES), _get(parsed, P_SHOWN), _get(parsed, P_MUCKED)
    return 0


cdef object _mucked(Reading reading):
    """The players who mucked (made at the first, but a ParsedHand's own)."""
    if reading.mucked is None and reading.parsed is None:
        reading.mucked = set()
    return reading.mucked


cdef int _add_decision(
    Reading reading, Py_ssize_t seat, str name, int verb, amount, int street, Py_ssize_t line
) except -1:
    """A decision of the player ``name`` of seat line ``seat``."""
    if reading.parsed is not None:
        _get(reading.parsed, P_STREETS)[street].append(_act(name, _VERBS[verb], amount, line))
        return 0
    cdef Decision *decision = reading.script.new_decision()
    decision.seat, decision.verb, decision.street, decision.line = seat, verb, street, line
    take(reading.script, amount, &decision.amount, &reading.finest)
    if street < reading.last_street:
        reading.unordered = True
    reading.last_street = street
    return 0


cdef int _add_post(Reading reading, Py_ssize_t seat, str name, int kind, live, dead, Py_ssize_t line) except -1:
    """A post of the player ``name`` of seat line ``seat``."""
    if reading.parsed is not None:
        _get(reading.parsed, P_POSTS).append(_post_of(name, _POST_KINDS[kind], live, dead, line))
        return 0
    cdef Forced *post = reading.script.new_post()
    post.seat, post.kind, post.line = seat, kind, line
    take(reading.script, live, &post.live, &reading.finest)
    take(reading.script, dead, &post.dead, &reading.finest)
    return 0


def parse(lines not None, Py_ssize_t line, str site not None = "PokerStars"):
    """Read the lines of one PokerStars hand (a list of ``str``, or the splitter's
    :class:`~holdem.formats._histories.Lines`; the first at line number ``line``), or of a room's on its software
    (``site`` the room's name), into a :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, cancelled, cut short, or has a
        line that is none of a PokerStars hand's.
    """
    return _parsed_of(_read(lines, line, site))


def read(lines not None, Py_ssize_t line, str site not None = "PokerStars"):
    """:func:`parse`, the hand as the replay reads it (what :func:`holdem.read_histories` replays)."""
    return _read(lines, line, site).script


cdef Reading _read(lines, Py_ssize_t line, str site):
    """Read the lines of one PokerStars hand (the first at line number ``line``)."""
    cdef Lines hand
    if type(lines) is Lines:
        hand = <Lines>lines
    elif type(lines) is list:
        hand = Lines.of(lines)
    else:
        raise TypeError(f"a hand's lines are a list of str, not {type(lines).__name__}")
    cdef Reading reading = _new_reading(site, line)
    try:
        _read_hand(hand, line, reading)
    except HandProblem as problem:
        identify(problem, reading.script)
        raise
    return reading


cdef int _read_hand(Lines hand, Py_ssize_t line, Reading reading) except -1:
    """Read the lines of one PokerStars hand (the first at line number ``line``) into ``reading``."""
    cdef Script script = reading.script
    # The first line read in place: text[start:end] (a line of its own when the hand's first is too long)
    cdef str text, game
    cdef Py_ssize_t start, end, at, rest
    cdef _Header header
    cdef _Stakes stakes
    text = _line_in_place(hand, 0, &start, &end)
    kind = _header_at(text, start, end, &header)
    if kind is None:
        raise HandProblem(f"the first line is not a {script.site} hand's header: {text[start:end][:80]!r}", line)
    script.hand_id = text[header.number : header.number_end]
    script.fast_fold = kind in _FAST_FOLD
    rest = header.rest
    cdef bint in_tournament = starts_at(text, "Tournament #", rest, end)
    for game, structure in _GAMES:
        at = _search(text, game, rest, end)
        if at == rest or at > rest and not text.endswith(_OTHER_HOLDEMS, rest, at):  # a cash game's starts with it
            script.game, script.structure = game, structure
            break
    else:
        game = text[rest:end].split(" (")[0].split(" - ")[0]
        match = _TOURNAMENT.match(text, rest, end) if in_tournament else None
        if match is not None:
            game = text[match.end() : end].split(" - ")[0]
        raise HandProblem(f"not Texas hold'em: {game.strip()}", line, skipped=True, game=game.strip())
    tournament = _tournament_id(text, rest, at, end) if in_tournament else None
    if tournament is not None:
        script.tournament = tournament
    if not _stakes_at(text, rest, end, &stakes):
        raise HandProblem(f"the header gives no stakes: {text[start:end][:80]!r}", line)
    if _search(text, " Cap", stakes.slash + 1, stakes.second_end) >= 0:
        cap = text[stakes.slash + 1 : stakes.second_end].partition(" - ")[2].rstrip(" -")
        raise HandProblem(f"not a game holdem plays: {cap} {game} (capped bets)", line, skipped=True, game=game)
    _stakes(
        reading, _amount_at(text, stakes.first, stakes.slash), _amount_at(text, stakes.slash + 1, stakes.second_end),
        None if tournament is not None else _kept_text(text, stakes.start, stakes.end), script.structure,
    )
    script.currency = reading.currency
    script.started = _started(text, rest, end)

    if not _holds(hand, "*** SUMMARY ***") and not _holds(hand, "Hand cancelled"):
        last = max([index for index in range(hand.count) if hand.line(index)])
        raise HandProblem("the hand ends before its summary (the file cut short?)", line + last)
    text = _line_in_place(hand, 1, &start, &end)
    script.table, script.max_seats, script.button = _table(text, start, end, line + 1)

    cdef Py_ssize_t number = line + 2, position = 2, seated_in
    cdef _SeatLine ends
    cdef str name
    text = hand.text
    while position < hand.count:
        start, end = hand.spans[2 * position], hand.spans[2 * position + 1]
        if not starts_at(text, "Seat ", start, end):
            break
        if not _seat_line(text, start, end, &ends):
            raise HandProblem(f"a seat line that cannot be read: {_quoted(text, start, end)}", number)
        name = _kept_text(text, ends.colon + 2, ends.name)
        if ends.close - ends.stack > 18:  # a bounty when something is between ``in chips, `` and `` bounty``
            if reading.seat_bounties is None:
                reading.seat_bounties = [None] * len(reading.players)
            reading.seat_bounties.append(_amount_at(text, ends.stack + 11, ends.close - 7))
        elif reading.seat_bounties is not None:
            reading.seat_bounties.append(None)
        reading.numbers.append(_number(text, start + 5, ends.colon))
        reading.stacks.append(_amount_at(text, ends.name + 2, ends.stack))
        reading.players.append(name)
        if ends.close + 2 >= end:  # nothing after the seat: neither sitting out nor out of the hand, dealt in
            reading.dealt_in.add(name)
        elif _is(text, ends.close + 2, end, "[hero]"):  # dealt in, the file's owner
            reading.dealt_in.add(name)
            script.hero = name
        position += 1
        number += 1
    if not reading.players:
        raise HandProblem("the hand has no seats", number)
    seated_in = len(reading.dealt_in)

    try:
        in_summary, cancelled = _read_lines(reading, hand, position, number)
    except HandProblem:
        joined = _joined(hand.as_list(), line)
        if joined < 0:
            raise
        raise HandProblem(
            f"the hand is cut short: line {joined} ends it with another hand's first line (files joined?)", joined
        ) from None
    if cancelled:
        raise HandProblem("cancelled: the site voided the hand", line, skipped=True, game=script.game)
    if not in_summary:
        raise HandProblem("the hand ends before its summary (the file cut short?)", line)
    if reading.total_pot is None:
        raise HandProblem("the summary gives no total pot", line)
    if len(reading.dealt_in) > seated_in:  # some player sitting out posted or acted
        _leave_out_all_in_folds(reading, hand, line)
    _room_rules(reading)
    return _finish(reading)


cdef str _line_in_place(Lines hand, Py_ssize_t index, Py_ssize_t *start, Py_ssize_t *end):
    """The text that holds line ``index`` of ``hand``, the line from ``start`` to ``end`` in it: the hand's text, or
    for a line too long, or past the last, what :meth:`Lines.line` gives."""
    cdef str text
    if index < hand.count and hand.spans[2 * index] >= 0:
        start[0], end[0] = hand.spans[2 * index], hand.spans[2 * index + 1]
        return hand.text
    text = hand.line(index) if index < hand.count else ""
    start[0], end[0] = 0, len(text)
    return text


cdef int _room_rules(Reading reading) except -1:
    """The rules of the rooms that differ from PokerStars': PokerMaster's big blind posted above the table's is a
    straddle; Run It Once prints no uncalled bet when the big blind takes the blinds, its excess in the collected
    amount and the total pot."""
    cdef Script script = reading.script
    cdef Py_ssize_t index
    if same_text(script.site, "PokerMaster"):
        for index in range(script.post_count):
            if script.posts[index].kind == BIG_BLIND_POST and as_printed(&script.posts[index].live) > reading.big_blind:
                script.posts[index].kind = STRADDLE_POST
    elif same_text(script.site, "Run It Once") and not reading.returned:
        script.returns_in_collected = script.returns_in_total_pot = True
    return 0


cdef int _finish(Reading reading) except -1:
    """Make the script of the hand read: its players those dealt in, the seats of its posts and decisions theirs,
    and its amounts read."""
    cdef Script script = reading.script
    cdef list players = reading.players, order = [], mapping
    cdef Py_ssize_t index, seat
    cdef int finest = reading.finest
    cdef Amount unused
    cdef list names
    for index in range(len(players)):
        if players[index] in reading.dealt_in:
            order.append(index)
    reading.order = order
    if len(order) == len(players):  # every seat dealt in: the seats are the seat lines'
        names, script.numbers = players, reading.numbers
    else:
        names = [players[index] for index in order]
        script.numbers = [reading.numbers[index] for index in order]
        mapping = [-1] * len(players)  # each seat line's seat among those dealt in
        for seat in range(len(order)):
            mapping[order[seat]] = seat
        for index in range(script.post_count):
            script.posts[index].seat = _dealt_seat(script, players, mapping, script.posts[index].seat)
        for index in range(script.decision_count):
            script.decisions[index].seat = _dealt_seat(script, players, mapping, script.decisions[index].seat)
    script.names, script.count = names, len(names)
    seat = 0
    for index in order:
        take(script, reading.stacks[index], &script.stacks[seat] if seat < MOST_SEATS else &unused, &finest)
        seat += 1
    if reading.unordered:
        _by_street(script)
    complete(
        script, finest, reading.small_blind, reading.big_blind, reading.small_bet, reading.big_bet, reading.rake,
        reading.jackpot, reading.total_pot,
        reading.returned or None,  # before 2009 none is printed, and the collected amounts leave them out
        reading.collected, reading.shown, reading.holes,
    )
    boards = reading.boards
    script.boards = PyDict_Values(boards) if len(boards) < 2 else [boards[run] for run in sorted(boards)]
    script.cash_outs, script.cash_out_fees, script.bounties = reading.cash_outs, reading.cash_out_fees, reading.bounties
    return 0


cdef int _dealt_seat(Script script, list players, list mapping, int seat) except? -1:
    """The seat among the players dealt in of the player of seat line ``seat`` (one not dealt in as a stranger)."""
    cdef int dealt = mapping[seat]
    return dealt if dealt >= 0 else stranger(script, players[seat])


cdef int _by_street(Script script) except -1:
    """Order the decisions by their betting round, each round's in the order read (a section of the betting printed
    again after a later one)."""
    cdef Py_ssize_t index, at
    cdef Decision moved
    for index in range(1, script.decision_count):
        moved = script.decisions[index]
        at = index
        while at > 0 and script.decisions[at - 1].street > moved.street:
            script.decisions[at] = script.decisions[at - 1]
            at -= 1
        script.decisions[at] = moved
    return 0


cdef object _parsed_of(Reading reading):
    """The ParsedHand of a hand read."""
    cdef Script script = reading.script
    cdef Py_ssize_t index
    parsed = blank_hand(script.site, script.line)
    _set(parsed, P_HAND_ID, script.hand_id)
    _set(parsed, P_GAME, script.game)
    _set(parsed, P_STRUCTURE, script.structure)
    _set(parsed, P_FAST_FOLD, script.fast_fold)
    _set(parsed, P_TOURNAMENT, script.tournament)
    _set(parsed, P_TABLE, script.table)
    _set(parsed, P_MAX_SEATS, script.max_seats)
    _set(parsed, P_STARTED, script.started)
    _set(parsed, P_CURRENCY, script.currency)
    _set(parsed, P_SMALL_BLIND, reading.small_blind)
    _set(parsed, P_BIG_BLIND, reading.big_blind)
    _set(parsed, P_SMALL_BET, reading.small_bet)
    _set(parsed, P_BIG_BET, reading.big_bet)
    _set(parsed, P_BUTTON, script.button)
    _set(parsed, P_SEATS, [
        _seat(
            reading.numbers[index], reading.players[index], reading.stacks[index],
            None if reading.seat_bounties is None else reading.seat_bounties[index],
        )
        for index in reading.order
    ])
    _set(parsed, P_HERO, script.hero)
    _set(parsed, P_HOLES, reading.holes)
    _set(parsed, P_STREETS, [[] for index in range(reading.streets)])
    _items_into(reading, parsed)
    _set(parsed, P_BOARDS, script.boards)
    _set(parsed, P_RETURNED, reading.returned or None)
    _set(parsed, P_RETURNS_IN_COLLECTED, script.returns_in_collected)
    _set(parsed, P_RETURNS_IN_TOTAL_POT, script.returns_in_total_pot)
    _set(parsed, P_SHOWN, reading.shown)
    if reading.mucked is not None:
        _set(parsed, P_MUCKED, reading.mucked)
    _set(parsed, P_COLLECTED, reading.collected)
    _set(parsed, P_TOTAL_POT, reading.total_pot)
    _set(parsed, P_RAKE, reading.rake)
    _set(parsed, P_JACKPOT, reading.jackpot)
    _set(parsed, P_CASH_OUTS, reading.cash_outs)
    _set(parsed, P_CASH_OUT_FEES, reading.cash_out_fees)
    _set(parsed, P_BOUNTIES, reading.bounties)
    return parsed


cdef int _items_into(Reading reading, parsed) except -1:
    """Add the posts and decisions read to ``parsed``'s (each decision to its street's), as Posts and Acts."""
    cdef Script script = reading.script
    cdef Py_ssize_t index
    cdef Forced *post
    cdef Decision *decision
    cdef list posts = _get(parsed, P_POSTS), streets = _get(parsed, P_STREETS)
    for index in range(script.post_count):
        post = &script.posts[index]
        posts.append(_post_of(
            _player_of(script, post.seat), _POST_KINDS[post.kind], as_printed(&post.live), as_printed(&post.dead),
            post.line,
        ))
    for index in range(script.decision_count):
        decision = &script.decisions[index]
        streets[decision.street].append(
            _act(_player_of(script, decision.seat), _VERBS[decision.verb], as_printed(&decision.amount), decision.line)
        )
    return 0


cdef inline str _player_of(Script script, int seat):
    """The player of ``seat`` (a stranger's: see Script)."""
    return script.names[seat] if seat >= 0 else script.strangers[-1 - seat]


cdef object _tournament_id(str text, Py_ssize_t rest, Py_ssize_t game, Py_ssize_t size):
    """The id of the tournament of a header's rest, ``text[rest:size]`` (which starts ``Tournament #``), its game
    at ``game``, as ``_TOURNAMENT`` finds it: read in place when the id's digits (``\\d``), a comma and a space
    before the game (and no line end between) say that it matches, by the pattern otherwise."""
    cdef Py_ssize_t end = _run(text, rest + 12, size, True)
    if rest + 12 < end < game - 1 and text[end] == u"," and text[game - 1] == u" " and _find(
        text, u"\n", end, game
    ) < 0:
        return text[rest + 12 : end]
    match = _TOURNAMENT.match(text, rest, size)
    return match["id"] if match is not None else None


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


cdef int _leave_out_all_in_folds(Reading reading, Lines hand, Py_ssize_t line) except -1:
    """Leave out the folds of the players whose posts put them all in (``hand`` the hand's lines, the first at line
    number ``line``): the site folds the hand of one sitting out, though they have no decision to make; left
    in, they are mucked at the showdown.  A hand that ends before the flop (no boards) after such a fold
    took the player's chips without a showdown: a problem."""
    cdef Script script = reading.script
    cdef set all_in = set()  # the seat lines of the players all in by their posts
    cdef Py_ssize_t index, at, start, end, kept_count = 0
    cdef Decision *decision
    for index in range(script.post_count):
        at = script.posts[index].line - line  # the post's line in the hand
        start, end = hand.spans[2 * at], hand.spans[2 * at + 1]
        if end - start >= len(_ALL_IN) and starts_at(hand.text, _ALL_IN, end - len(_ALL_IN), end):
            all_in.add(script.posts[index].seat)
    if not all_in:
        return 0
    for index in range(script.decision_count):
        decision = &script.decisions[index]
        if decision.street == 0 and decision.verb == FOLD and decision.seat in all_in:
            if not reading.boards:
                raise HandProblem(
                    f"{reading.players[decision.seat]}, all in by their posts, folds and loses them without a "
                    "showdown: a forfeit holdem does not replay", decision.line,
                )
        else:
            script.decisions[kept_count] = decision[0]
            kept_count += 1
    script.decision_count = kept_count
    return 0


cdef bint _holds(Lines hand, str text):
    """Whether ``text`` is one of the lines of ``hand``, looked for from the last (where a hand's summary is)."""
    cdef Py_ssize_t index
    for index in range(hand.count - 1, -1, -1):
        if _is(hand.text, hand.spans[2 * index], hand.spans[2 * index + 1], text):
            return True
    return False


cpdef read_stakes(parsed, stakes, bint in_chips):
    """The blinds (a fixed-limit game's bets and big blind: its small blind, about half the small bet rounded
    down, is left to the post) of a header's ``stakes``: ``(first/second)`` as printed,
    first and second (a match, or what :func:`stakes_of` finds);
    their currency too, unless ``in_chips`` (a tournament's)."""
    cdef Reading reading = _reading_of(parsed)
    structure = _get(parsed, P_STRUCTURE)
    _stakes(reading, _amount(stakes[1]), _amount(stakes[2]), None if in_chips else stakes[0], structure)
    if not in_chips:
        _set(parsed, P_CURRENCY, reading.currency)
    if structure is _FIXED_LIMIT:
        _set(parsed, P_SMALL_BET, reading.small_bet)
        _set(parsed, P_BIG_BET, reading.big_bet)
    _set(parsed, P_SMALL_BLIND, reading.small_blind)
    _set(parsed, P_BIG_BLIND, reading.big_blind)


cdef int _stakes(Reading reading, first, second, whole, structure) except -1:
    """The blinds or bets of stakes of ``first``/``second`` into ``reading``, and the currency of ``whole``, the
    stakes as printed (``None``: in chips)."""
    if whole is not None:
        reading.currency = kept(_CURRENCIES, whole, currency_of, 1024)
    if structure is _FIXED_LIMIT:
        reading.small_bet, reading.big_bet, reading.small_blind, reading.big_blind = first, second, _ZERO, first
    else:
        reading.small_blind, reading.big_blind = first, second
    return 0


cdef object _started(str text, Py_ssize_t rest, Py_ssize_t size):
    """The hand's time: the first one printed whose zone is known, else the first (each part of the header's rest,
    ``text[rest:size]``, after a `` - ``, cut at each ``[``)."""
    cdef Py_ssize_t at = _search(text, " - ", rest, size), end, stop, cut
    first = None
    while at >= 0:
        at += 3
        end = _search(text, " - ", at, size)
        stop = end if end >= 0 else size
        cut = at - 1
        while cut < stop:
            at = cut + 1
            cut = _find(text, u"[", at, stop)
            if cut < 0:
                cut = stop
            moment = time_at(text, at, cut)
            if moment is not None and datetime_tzinfo(moment) is not None:
                return moment
            first = first or moment
        at = end
    return first


cdef tuple _read_lines(Reading reading, Lines hand, Py_ssize_t position, Py_ssize_t number):
    """Read the lines of ``hand`` from line ``position`` on (that one at line number ``number``) into ``reading``:
    the decisions and posts, the cards dealt and shown, the results and the summary; return whether the hand
    reached its summary and whether it was cancelled.

    :raises HandProblem: for a line that is none of a PokerStars hand's (or of a room's on its software).
    """
    cdef int street = 0, section
    cdef bint in_summary = False, cancelled = False
    cdef list players = reading.players
    cdef str text = hand.text, line
    cdef Py_ssize_t index, start, end, close, second, said, at, seat
    for index in range(position, hand.count):
        start, end = hand.spans[2 * index], hand.spans[2 * index + 1]
        if starts_at(text, "*** ", start, end):
            close = _search(text, " ***", start + 4, end)
            if close < 0:
                close = start + 4  # no section's name
            if _is(text, start + 4, close, "SUMMARY"):
                in_summary = True
            elif (section := _street(text, start + 4, close)) >= 0:
                street = section
                if reading.streets <= street:
                    reading.streets = street + 1
            elif not text[start + 4 : close].endswith(_RUN_ENDS):  # the runs of the board: the summary has their cards
                raise HandProblem(f"an unknown section: {_quoted(text, start, end)}", number)
        elif in_summary:
            _summary(reading, text, start, end, reading.boards)
        elif (seat := _speaker(text, start, end, players, &said)) >= 0:
            if _decide(reading, seat, <str>players[seat], text, said, end, street, number):
                reading.dealt_in.add(players[seat])
        elif (at := _collected(text, start, end, &close)) >= 0 and (seat := _player(text, start, at, players)) >= 0:
            _add(reading.collected, <str>players[seat], _amount_at(text, at + 11, close))
        elif (close := _returned(text, start, end)) >= 0 and (seat := _player(text, close + 13, end, players)) >= 0:
            _add(reading.returned, <str>players[seat], _amount_at(text, start + 14, close - 1))
        elif (at := _dealt(text, start, end, &close, &second)) >= 0 and (
            seat := _player(text, start + 9, at, players)
        ) >= 0:
            if second > close + 3:  # the second cards when printed, else the first
                at, close = close + 1, second
            if close > at + 2:
                if reading.script.hero is None:
                    reading.script.hero = players[seat]
                reading.holes[players[seat]] = _cards_at(text, at + 2, close)
            reading.dealt_in.add(players[seat])
        else:
            line = hand.line(index)
            if line == "Hand cancelled":
                cancelled = True
            elif " cashed out the hand for " in line and (found := _match_cash_out(line)) and _named(found[1], players):
                reading.cash_outs[found[1]] = _amount(found[2])
                if found[3]:
                    reading.cash_out_fees[found[1]] = _amount(found[3])
            elif " wins " in line and (found := _match_bounty(line)) is not None:
                _add(reading.bounties, found[1], _amount(found[2]))
            elif line and not information_line(line) and not _room_line(reading, line, street, number):
                raise HandProblem(f"a line that is none of a {reading.script.site} hand's: {line[:80]!r}", number)
        number += 1
    return in_summary, cancelled


cdef str _quoted(str text, Py_ssize_t start, Py_ssize_t end):
    """``text[start:end]``, at most its first 80 characters, quoted as a problem shows a line."""
    return repr(text[start : min(end, start + 80)])


cpdef bint information_line(str text):
    """Whether ``text`` is a line that says nothing of the hand's chips or cards: a player's chat, comings and
    goings, time-outs, or ``Betting is capped``.

    >>> information_line('Ann said, "gg"'), information_line("Ann: folds")
    (True, False)
    """
    cdef Py_ssize_t end = len(text)
    if end and text[end - 1] == u"\n":  # a final line end, which ``$`` allows
        end -= 1
    if _find(text, u"\n", 0, end) >= 0:  # two lines: neither is all of it
        return False
    return _is(text, 0, end, _CAPPED) or _search_information(text) is not None


cdef int _add(dict totals, str name, amount) except -1:
    """Add ``amount`` to ``name``'s total in ``totals``, exactly: the amount itself when it is the first (a sum is
    a new ``Decimal``, and the replay looks an amount up by the object it is)."""
    before = totals.get(name)
    totals[name] = amount if before is None else EXACT_AMOUNTS.add(before, amount)
    return 0


cdef int _street(str text, Py_ssize_t start, Py_ssize_t end) except -2:
    """The street (see ``STREETS``) that starts at a line ``*** NAME ***``, ``text[start:end]`` the name; -1 for
    none."""
    cdef tuple pair
    for pair in _STREETS:
        if _is(text, start, end, <str>pair[0]):
            return pair[1]
    return -1


cdef bint _room_line(Reading reading, str text, int street, Py_ssize_t number) except -1:
    """Whether ``text`` is a line of a room on PokerStars' software that PokerStars does not print: a show with
    no colon after the name (``NAME shows [CARDS] for ...``), read as PokerStars' show; ``STP added: AMOUNT``,
    the room's money added to the pot, which makes the hand a game holdem does not play."""
    cdef Py_ssize_t at = text.find(" shows [")
    cdef Py_ssize_t seat = _player(text, 0, at, reading.players) if at > 0 else -1
    if seat >= 0:
        _decide(reading, seat, text[:at], text, at + 1, len(text), street, number)
        return True
    if text.startswith("STP added: "):
        raise HandProblem(
            f"not a game holdem plays: {text[11:91]} added to the pot by the room (Splash the Pot)", number,
            skipped=True, game=reading.script.game,
        )
    return False


cpdef tuple dealt_line(str text):
    """The player and the cards of ``Dealt to NAME [CARDS]`` or ``Dealt to NAME [CARDS] [CARDS]`` (the second
    ``None`` when not printed; the name the shortest that leaves such a line), or ``None``.

    >>> dealt_line("Dealt to Ann [Ah Kd]")
    ('Ann', 'Ah Kd', None)
    """
    cdef Py_ssize_t first, second, at = _dealt(text, 0, len(text), &first, &second)
    if at < 0:
        return None
    return text[9:at], text[at + 2 : first], None if second < 0 else text[first + 3 : second]


cdef Py_ssize_t _dealt(str text, Py_ssize_t start, Py_ssize_t end, Py_ssize_t *first, Py_ssize_t *second):
    """Where the name ends in a line ``text[start:end]`` of :func:`dealt_line`, and where its cards end (their
    ``]``) into ``first`` and ``second`` (-1: none printed); -1 for another line."""
    cdef Py_ssize_t at
    if not starts_at(text, "Dealt to ", start, end):
        return -1
    at = _search(text, " [", start + 9, end)
    while at >= 0:
        first[0] = _find(text, u"]", at + 2, end)
        if first[0] < 0:
            return -1
        second[0] = -1
        if first[0] == end - 1:
            return at
        if starts_at(text, " [", first[0] + 1, end):
            second[0] = _find(text, u"]", first[0] + 3, end)
            if second[0] == end - 1:
                return at
        at = _search(text, " [", at + 1, end)
    return -1


cpdef tuple returned_line(str text):
    """The amount and the player of ``Uncalled bet (AMOUNT) returned to NAME`` (AMOUNT without spaces), or ``None``.

    >>> returned_line("Uncalled bet ($0.04) returned to Ann")
    ('$0.04', 'Ann')
    """
    cdef Py_ssize_t end = _returned(text, 0, len(text))
    return None if end < 0 else (text[14 : end - 1], text[end + 13 :])


cdef Py_ssize_t _returned(str text, Py_ssize_t start, Py_ssize_t size):
    """Where `` returned to `` starts in an uncalled bet's line ``text[start:size]`` (see :func:`returned_line`);
    -1 for another line."""
    cdef Py_ssize_t end = start + 14
    cdef Py_UCS4 mark
    if not starts_at(text, "Uncalled bet (", start, size):
        return -1
    while end < size:  # the run of characters that are no space: the amount and its ")"
        mark = text[end]
        if mark.isspace():
            break
        end += 1
    if end - start - 14 < 2 or text[end - 1] != u")" or not starts_at(text, " returned to ", end, size):
        return -1
    return end


cpdef tuple collected_line(str text):
    """The player and the amount of ``NAME collected AMOUNT from POT`` (``pot``, ``main pot``, ``side pot``,
    ``side pot-N``; the name the longest that leaves such a line), or ``None``.

    >>> collected_line("Ann collected $1.25 from side pot-2")
    ('Ann', '$1.25')
    """
    cdef Py_ssize_t amount, at = _collected(text, 0, len(text), &amount)
    return None if at < 0 else (text[:at], text[at + 11 : amount])


cdef Py_ssize_t _collected(str text, Py_ssize_t start, Py_ssize_t size, Py_ssize_t *amount):
    """Where `` collected `` starts in a line ``text[start:size]`` of a player collecting a pot (see
    :func:`collected_line`), where the amount ends into ``amount``; -1 for another line."""
    cdef Py_ssize_t at, pot, end = size
    cdef Py_UCS4 mark
    while True:
        at = _rsearch(text, " collected ", start, end)
        if at < 0:
            return -1
        end = at + 10
        amount[0] = at + 11
        while amount[0] < size:
            mark = text[amount[0]]
            if mark.isspace():
                break
            amount[0] += 1
        pot = amount[0] + 6  # where the pot's name starts
        if amount[0] > at + 11 and starts_at(text, " from ", amount[0], size):
            if _is(text, pot, size, "pot") or _is(text, pot, size, "main pot") or _is(text, pot, size, "side pot") or (
                starts_at(text, "side pot-", pot, size) and _run(text, pot + 9, size, True) == size > pot + 9
            ):
                return at


cdef inline bint _named(str name, list players) noexcept:
    """Whether ``name`` is one of ``players``."""
    return _player(name, 0, len(name), players) >= 0


cdef Py_ssize_t _player(str text, Py_ssize_t start, Py_ssize_t end, list players) noexcept:
    """The index of the one of ``players`` that ``text[start:end]`` is, or -1."""
    cdef Py_ssize_t index
    for index in range(len(players)):
        if _is(text, start, end, <str>players[index]):
            return index
    return -1


cpdef tuple action(str text, names):
    """The player of a decision or post line (``NAME: what they do``, one of ``names``, the players' names as a
    list or any collection) and what follows ``NAME: ``, or ``None``."""
    cdef Py_ssize_t said
    cdef list players = names if type(names) is list else list(names)
    cdef Py_ssize_t index = _speaker(text, 0, len(text), players, &said)
    return None if index < 0 else (players[index], text[said:])


cdef Py_ssize_t _speaker(str text, Py_ssize_t start, Py_ssize_t end, list players, Py_ssize_t *said) noexcept:
    """The index of the player of a decision or post line ``text[start:end]`` (``NAME: what they do``) among
    ``players``, or -1 for another line; where what follows ``NAME: `` starts into ``said``."""
    cdef Py_ssize_t at = start - 1, index
    while True:
        at = _find(text, u":", at + 1, end - 1)
        if at < 0:
            return -1
        if text[at + 1] == u" " and (index := _player(text, start, at, players)) >= 0:
            said[0] = at + 2
            return index


cdef bint _decide(
    Reading reading, Py_ssize_t seat, str name, str text, Py_ssize_t start, Py_ssize_t end, int street,
    Py_ssize_t number,
) except -1:
    """A decision, post, show or muck (see :meth:`Reading.decision`) of the player ``name`` of seat line ``seat``,
    ``said`` being ``text[start:end]``, into ``reading``; whether it deals the player in (a decision or a post
    does)."""
    cdef Py_ssize_t said_end = end, to  # ``end`` becomes the end of what is read: ``and is all-in`` is left out
    cdef Py_UCS4 first = u" "
    if end - start >= len(_ALL_IN) and starts_at(text, _ALL_IN, end - len(_ALL_IN), end):
        end -= len(_ALL_IN)
    elif _is(text, start, end, _ONLY_ALL_IN):
        end = start
    if end > start:
        first = text[start]
    if first == u"f" and (_is(text, start, end, "folds") or starts_at(text, "folds [", start, end)):
        _add_decision(reading, seat, name, FOLD, None, street, number)
        if end - start > 5 and len(cards := _cards(text[start + 6 : end].strip("[]"))) == 2:  # not one card shown
            reading.holes[name] = cards
    elif first == u"c" and _is(text, start, end, "checks"):
        _add_decision(reading, seat, name, CHECK, None, street, number)
    elif first == u"c" and starts_at(text, "calls ", start, end) and _find(text, u" ", start + 6, end) < 0:
        _add_decision(reading, seat, name, CALL, _amount_at(text, start + 6, end), street, number)
    elif first == u"b" and starts_at(text, "bets ", start, end) and _find(text, u" ", start + 5, end) < 0:
        _add_decision(reading, seat, name, BET, _amount_at(text, start + 5, end), street, number)
    elif first == u"r" and starts_at(text, "raises ", start, end) and (to := _raised_to(text, start + 7, end)) >= 0:
        _add_decision(reading, seat, name, RAISE_TO, _amount_at(text, to, end), street, number)
    elif first == u"p" and (_is(text, start, end, "posts") or starts_at(text, "posts ", start, end)) and street == 0:
        _post(reading, seat, name, text, start, end, number)
    elif first == u"s" and starts_at(text, "shows ", start, end):
        to = _find(text, u"]", start + 7, end) if end - start > 6 and text[start + 6] == u"[" else -1
        if to < 0:
            raise HandProblem(f"a show without cards: {name}", number)
        shown = _cards_at(text, start + 7, to)
        if len(shown) == 2:
            reading.shown[name] = shown
            reading.holes[name] = shown
        return False
    elif first == u"m" and _is(text, start, end, "mucks hand"):
        _mucked(reading).add(name)
        return False
    elif text[start:end] in _PLAYER_INFORMATION or text[start:said_end].partition(" ")[0] in ("Pays", "said,"):
        return False
    else:
        raise HandProblem(f"a decision that cannot be read: {name}: {text[start:end][:80]!r}", number)
    return True


cdef Py_ssize_t _raised_to(str text, Py_ssize_t at, Py_ssize_t end):
    """Where the total starts in ``text[at:end]``, ``AMOUNT to TOTAL`` (no other space); -1 for another text."""
    cdef Py_ssize_t to = _find(text, u" ", at, end)
    if to < 0 or not starts_at(text, " to ", to, end) or _find(text, u" ", to + 4, end) >= 0:
        return -1
    return to + 4


cdef int _post(
    Reading reading, Py_ssize_t seat, str name, str text, Py_ssize_t start, Py_ssize_t end, Py_ssize_t number
) except -1:
    """A post, ``text[start:end]`` ``posts KIND AMOUNT``."""
    cdef Py_ssize_t at = _rfind(text, u" ", start, end)  # before the amount
    amount = _amount_at(text, at + 1 if at >= 0 else start, end)
    cdef tuple kind
    if _is(text, start + 6, at, _LIVE_AND_DEAD):  # the big blind live, the small one dead
        live = min(amount, reading.big_blind)
        return _add_post(reading, seat, name, LIVE_AND_DEAD_POST, live, amount - live, number)
    for kind in _POSTS:
        if _is(text, start + 6, at, <str>kind[0]):
            return _add_post(reading, seat, name, kind[1], amount, _ZERO, number)
    raise HandProblem(f"a post that cannot be read: {name}: {text[start:end][:80]!r}", number)


cdef int _totals_into(Reading reading, parsed) except -1:
    """Set ``parsed``'s total pot, rake (if read) and jackpot to those read."""
    _set(parsed, P_TOTAL_POT, reading.total_pot)
    if reading.rake is not None:
        _set(parsed, P_RAKE, reading.rake)
    _set(parsed, P_JACKPOT, reading.jackpot)
    return 0


cdef int _summary(Reading reading, str text, Py_ssize_t start, Py_ssize_t end, dict boards) except -1:
    """A line of the summary, ``text[start:end]``, into ``reading`` (each run's board into ``boards``)."""
    cdef str line, first
    if starts_at(text, "Total pot ", start, end):
        _total_pot(reading, text, start, end)
    elif starts_at(text, "Board [", start, end):
        boards[0] = _cards_at(text, start + 7, end - 1)
    elif starts_at(text, "Seat ", start, end) and _find(text, u"[", start, end) >= 0:
        _summary_seat(reading, text, start, end)  # cards shown or mucked (a line without them says nothing more)
    elif end > start and text[end - 1] == u"]" and _search(text, " Board [", start, end) >= 0:
        line = text[start:end]
        first = line.split(" ", 1)[0]
        if first in _BOARD_WORDS:
            boards[_BOARD_WORDS[first]] = _cards(line[line.index("[") + 1 : -1])
    return 0


cpdef read_total_pot(parsed, text):
    """A summary's ``Total pot $3.65 | Rake $0.10 | Jackpot $0.05`` line (PokerStars, Full Tilt): the
    total pot, the rake, and every other fee counted in ``jackpot``.

    >>> parsed = blank_hand("PokerStars", 1)
    >>> read_total_pot(parsed, "Total pot $3.65 Main pot $3. Side pot $0.65. | Rake $0.10 | Jackpot $0.05")
    >>> parsed.total_pot, parsed.rake, parsed.jackpot
    (Decimal('3.65'), Decimal('0.10'), Decimal('0.05'))
    """
    cdef Reading reading = _reading_of(parsed)
    reading.rake, reading.jackpot = None, _get(parsed, P_JACKPOT)
    text = str(text)
    _total_pot(reading, text, 0, len(text))
    _totals_into(reading, parsed)


cdef int _total_pot(Reading reading, str text, Py_ssize_t start, Py_ssize_t size) except -1:
    """:func:`read_total_pot` of the line ``text[start:size]``: the parts between its `` | ``, the first one's
    third word (split at each space) the total pot, each other's last the amount of the fee its first words
    name."""
    cdef Py_ssize_t bar = _search(text, " | ", start, size), at, end, space
    cdef Py_ssize_t head = bar if bar >= 0 else size
    at = _find(text, u" ", start, head)
    if at >= 0:
        at = _find(text, u" ", at + 1, head)
    if at < 0:
        raise HandProblem(f"the summary's total pot has no amount: {_quoted(text, start, size)}")
    end = _find(text, u" ", at + 1, head)
    reading.total_pot = _amount_at(text, at + 1, end if end >= 0 else head)
    while bar >= 0:
        at = bar + 3
        bar = _search(text, " | ", at, size)
        end = bar if bar >= 0 else size
        space = _rfind(text, u" ", at, end)  # before the amount
        value = _amount_at(text, space + 1 if space >= 0 else at, end)
        if space - at == 4 and starts_at(text, "Rake", at, size):  # the fee named "Rake"
            reading.rake = value
        else:  # a jackpot or another fee taken from the pot
            reading.jackpot = EXACT_AMOUNTS.add(reading.jackpot, value)
    return 0


cpdef read_summary_seat(parsed, text):
    """A summary's seat line (PokerStars, Full Tilt): the cards of one who ``showed`` or ``mucked`` them
    (see :func:`shown_cards`); one card shown of two (a winner showing one) tells nothing the hand records.

    >>> parsed = blank_hand("PokerStars", 1)
    >>> read_summary_seat(parsed, "Seat 2: Bob (big blind) mucked [7s 7h] - two pair, Sevens and Fours")
    >>> parsed.holes, parsed.mucked
    ({'Bob': (23, 22)}, {'Bob'})
    """
    cdef Reading reading = _reading_of(parsed)
    _with_cards(reading, parsed)
    text = str(text)
    _summary_seat(reading, text, 0, len(text))


cdef int _summary_seat(Reading reading, str text, Py_ssize_t start, Py_ssize_t end) except -1:
    """A summary's seat line ``text[start:end]`` into ``reading`` (see :func:`read_summary_seat`)."""
    cdef tuple seat = _shown_cards(text, start, end)
    if seat is not None:
        name = seat[0]
        cards = _cards(seat[2])
        if len(cards) < 2:
            return 0
        reading.holes[name] = cards
        if seat[1]:
            reading.shown[name] = cards
        else:
            _mucked(reading).add(name)
    return 0


cdef tuple _ROLES = (" (button)", " (small blind)", " (big blind)")


cpdef tuple shown_cards(str text):
    """The player, whether they showed (else mucked) and the cards of a summary's ``Seat N: NAME [(ROLE)...]
    showed [CARDS]`` or ``... mucked [CARDS]`` and anything after (ROLE ``button``, ``small blind`` or
    ``big blind``; the name the shortest that leaves such a line), or ``None``.

    >>> shown_cards("Seat 2: Bob (big blind) showed [7s 7h] and won ($1) with a pair")
    ('Bob', True, '7s 7h')
    """
    return _shown_cards(text, 0, len(text))


cdef tuple _shown_cards(str text, Py_ssize_t start, Py_ssize_t size):
    """:func:`shown_cards` of the line ``text[start:size]``."""
    cdef Py_ssize_t colon, at, end, close
    cdef str role
    if not starts_at(text, "Seat ", start, size):
        return None
    colon = _run(text, start + 5, size, True)
    if colon == start + 5 or not starts_at(text, ": ", colon, size):
        return None
    at = colon + 2  # the name's end: the first place that such a line follows (an empty name too)
    while at >= 0:
        end = at
        while end < size and text[end] == u" ":  # the roles after the name (what follows starts with a space)
            for role in _ROLES:
                if starts_at(text, role, end, size):
                    end += len(role)
                    break
            else:
                if starts_at(text, " showed [", end, size) or starts_at(text, " mucked [", end, size):
                    close = _find(text, u"]", end + 9, size)
                    if close >= 0:
                        return text[colon + 2 : at], text[end + 1] == u"s", text[end + 9 : close]
                break
        at = _find(text, u" ", at + 1, size)
    return None
