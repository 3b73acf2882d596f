# cython: wraparound=True, boundscheck=True, cdivision=False
# What holdem.formats.histories runs for every line and every hand, compiled:
# the lines of a file's blocks, their splitting into hands, and the replay of each hand
# through the engine with its check against the site's summary.  The replay reads a
# Script of the hand (see _histories.pxd): made from a site's ParsedHand, or filled
# by a compiled reader as it reads the lines.  Compiler
# directives are set in setup.py, but for Python's negative indices, bounds
# checks and division, which this code relies on.

cimport cython
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize, PyBytes_GET_SIZE
from cpython.mem cimport PyMem_Free, PyMem_Malloc, PyMem_Realloc
from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.object cimport PyObject, PyObject_Hash, PyTypeObject
from cpython.ref cimport Py_INCREF, Py_XDECREF
from cpython.tuple cimport PyTuple_GET_ITEM
from cpython.unicode cimport (
    PyUnicode_1BYTE_KIND, PyUnicode_2BYTE_KIND, PyUnicode_DATA, PyUnicode_DecodeUTF8, PyUnicode_FindChar,
    PyUnicode_GET_LENGTH, PyUnicode_KIND, PyUnicode_New, PyUnicode_READ, PyUnicode_Substring,
)
from libc.stdint cimport INT64_MIN, int64_t, uint8_t, uint16_t, uint64_t
from libc.string cimport memchr, memcpy, memset

from holdem._hand cimport HandCore, seat_to_act
from holdem.formats._kept cimport kept
from holdem.formats._slots cimport *
from holdem.formats._text cimport same_text, span_is, starts_at

cdef extern from "Python.h":
    object PyType_GenericAlloc(PyTypeObject *type, Py_ssize_t nitems)  # as cpython.type's, with the C type
    ctypedef uint8_t Py_UCS1
    ctypedef uint16_t Py_UCS2

import itertools
import os
import re
from collections import Counter
from decimal import Decimal

from holdem.actions import ActionKind
from holdem.errors import HoldemError
from holdem.formats import parsing
from holdem.formats.parsing import (
    EXACT_AMOUNTS, LINE_TOO_LONG, MAX_HAND_LINE, MAX_HAND_LINES, HandProblem, ParsedHand, PostKind, Problem,
    SiteHand,
)
from holdem._hand import REFUSALS
from holdem.hand import Hand
from holdem.limits import MAX_CHIPS, MAX_PLAYERS
from holdem.rules import Rules, Structure
from holdem.views import SeatStatus

__all__ = [
    "POST_KINDS", "VERBS", "Script", "count_hand", "import_hands", "places_of", "replay", "site_of", "split_hands",
    "text_lines", "too_long",
]


cdef Py_ssize_t _MAX_HAND_LINES = MAX_HAND_LINES, _MAX_HAND_LINE = MAX_HAND_LINE
cdef str _LINE_TOO_LONG = LINE_TOO_LONG
_TOO_MANY_LINES = f"the hand has more than {MAX_HAND_LINES:,} lines: no hand is so long (hands run together?)"


def text_lines(pieces, newline, Py_ssize_t longest):
    """The pieces of a file (``str``, or bytes of UTF-8 or cp1252 when ``newline`` is ``b"\\n"``) as blocks of whole
    lines (:class:`Lines`), decoded, without the spaces, NULs and byte order marks around them; a line longer than
    ``longest`` is ``LINE_TOO_LONG``.  Lines end at ``"\\n"`` (``b"\\n"``), the only ``newline``."""
    if newline != "\n" and newline != b"\n":
        raise ValueError(f"newline {newline!r}: lines end at '\\n' (or b'\\n' for bytes)")
    cdef bint skipping = False  # inside a line too long, until its end
    cdef bint decode = isinstance(newline, bytes)
    cdef Py_ssize_t first, last
    cdef Lines lines
    empty = newline[:0]
    rest = empty  # the start of a line that the next piece ends
    for piece in pieces:
        if decode:
            if type(piece) is not bytes:
                piece = bytes(piece)  # a bytearray (or memoryview) a file object gave: its lines as bytes
        elif not isinstance(piece, str):
            raise TypeError(f"a text file's read gave {type(piece).__name__}, not str")
        last = _last_newline(piece, decode)
        if last < 0:  # no line ends in the piece
            if not skipping:
                rest += piece
                if len(rest) > longest:
                    rest, skipping = empty, True
            continue
        text = rest + piece if rest else piece
        last += len(text) - len(piece)
        first = _newline(text, 0, decode) + 1 if skipping else 0  # after the end of the line too long
        lines = Lines.__new__(Lines)
        if skipping:  # the line too long ends here
            lines.add(-1, -1)
            skipping = False
        if decode:
            _decoded_block(lines, text, first, last, longest)
        else:
            lines.text = text
            _block(lines, first, last, longest)
        rest = text[last + 1 :]
        if len(rest) > longest:
            rest, skipping = empty, True
        yield lines
    if skipping:
        yield Lines.of([_LINE_TOO_LONG])
    elif rest:
        yield Lines.of([_line(rest, 0, len(rest), longest, decode)])


def too_long(Lines lines not None):
    """The indices of the lines of a block (of ``text_lines``) that are ``LINE_TOO_LONG``."""
    return [index for index in range(lines.count) if _too_long(lines, index)]


cdef inline bint _too_long(Lines lines, Py_ssize_t index) noexcept:
    """Whether line ``index`` of ``lines`` is ``LINE_TOO_LONG``: a block's line past the longest, or the line itself
    (a hand's, or one of a list)."""
    cdef Py_ssize_t start = lines.spans[2 * index]
    return start < 0 or span_is(lines.text, start, lines.spans[2 * index + 1], _LINE_TOO_LONG)


@cython.final
@cython.freelist(32)  # a batch's and more, kept for the next hands when freed
cdef class Lines:
    """Lines of text as the spans of one string: a block of a file's lines, or a hand's (whose ``text`` is its
    block's, a stretch of it, or its lines joined by ``"\\n"``: only the spans tell where the lines are).
    ``lines[index]`` is a line, stripped, in the narrowest kind of ``str`` its characters allow.

    >>> lines = Lines.of(["Seat 1: Ann", "Seat 2: Bob"])
    >>> len(lines), lines[1], lines.text
    (2, 'Seat 2: Bob', 'Seat 1: Ann\\nSeat 2: Bob')
    """

    def __dealloc__(self):
        PyMem_Free(self.spans)

    @staticmethod
    def of(list lines not None):
        """The ``Lines`` of a list of lines (``str``, none holding a ``"\\n"``)."""
        cdef Lines made = Lines.__new__(Lines)
        _joined(made, lines)
        return made

    def __len__(self):
        return self.count

    def __getitem__(self, Py_ssize_t index):
        if index < 0:
            index += self.count
        if not 0 <= index < self.count:
            raise IndexError("line index out of range")
        return self.line(index)

    cdef int add(self, Py_ssize_t start, Py_ssize_t end) except -1:
        """Add the line ``text[start:end]`` (-1 and -1: a line too long)."""
        cdef Py_ssize_t *grown
        if self.count == self.room:
            self.room = 2 * self.room + 64
            grown = <Py_ssize_t *>PyMem_Realloc(self.spans, 2 * self.room * sizeof(Py_ssize_t))
            if grown == NULL:
                raise MemoryError()
            self.spans = grown
        self.spans[2 * self.count] = start
        self.spans[2 * self.count + 1] = end
        self.count += 1
        return 0

    cdef str line(self, Py_ssize_t index):
        """Line ``index`` (which is there)."""
        cdef Py_ssize_t start = self.spans[2 * index], end = self.spans[2 * index + 1]
        return _LINE_TOO_LONG if start < 0 else _stretch(self.text, start, end)

    cdef list as_list(self):
        """The lines, a ``str`` each."""
        return [self.line(index) for index in range(self.count)]


cdef int _block(Lines lines, Py_ssize_t start, Py_ssize_t last, Py_ssize_t longest) except -1:
    """Add to ``lines`` those of its text from ``start`` on that end at or before ``last`` (a ``\\n``), stripped."""
    cdef str text = lines.text
    cdef Py_ssize_t end, stop
    while start <= last:
        end = stop = _newline(text, start, False)
        if end - start > longest:
            lines.add(-1, -1)
        else:
            _strip(text, &start, &stop)
            lines.add(start, stop)
        start = end + 1
    return 0


cdef int _decoded_block(Lines lines, bytes piece, Py_ssize_t start, Py_ssize_t last, Py_ssize_t longest) except -1:
    """:func:`_block` of the bytes ``piece``, decoded: as UTF-8 at once, or, when that fails or a line is longer
    than ``longest`` bytes, a line at a time, each as UTF-8 or else cp1252 (the text of ``lines`` then its lines
    joined)."""
    cdef const char *data = PyBytes_AS_STRING(piece)
    cdef Py_ssize_t end
    cdef list decoded
    if last + 1 - start <= longest or _longest_line(piece, start, last) <= longest:
        try:
            lines.text = PyUnicode_DecodeUTF8(data + start, last + 1 - start, NULL)
        except UnicodeDecodeError:
            pass
        else:
            return _block(lines, 0, PyUnicode_GET_LENGTH(lines.text) - 1, longest)
    decoded = []
    end = _newline(piece, start, True)
    while 0 <= end <= last:
        decoded.append(_line(piece, start, end, longest, True))
        start = end + 1
        end = _newline(piece, start, True)
    return _joined(lines, decoded)


cdef Py_ssize_t _longest_line(bytes piece, Py_ssize_t start, Py_ssize_t last) except -1:
    """The length of the longest line of ``piece`` from ``start`` on that ends at or before ``last``."""
    cdef Py_ssize_t end, longest = 0
    while start <= last:
        end = _newline(piece, start, True)
        longest = max(longest, end - start)
        start = end + 1
    return longest


cdef int _joined(Lines lines, list added) except -1:
    """Make the text of ``lines`` the lines ``added`` (``str``, none holding a ``"\\n"``) joined, and add them."""
    cdef Py_ssize_t at = 0
    cdef str line
    lines.text = "\n".join(added)
    for line in added:
        lines.add(at, at + PyUnicode_GET_LENGTH(line))
        at += PyUnicode_GET_LENGTH(line) + 1
    return 0


cdef Py_ssize_t _last_newline(piece, bint decode):
    """The index of the last ``\\n`` of ``piece`` (``bytes`` when ``decode``, else ``str``), or -1."""
    if decode:
        return (<bytes>piece).rfind(b"\n")
    return PyUnicode_FindChar(piece, 10, 0, PyUnicode_GET_LENGTH(piece), -1)


cdef Py_ssize_t _newline(piece, Py_ssize_t start, bint decode) except -2:
    """The index of the first ``\\n`` of ``piece`` (``bytes`` when ``decode``, else ``str``) from ``start``, or -1."""
    cdef const char *found
    cdef const char *data
    cdef Py_ssize_t end
    cdef unsigned int kind
    if decode:
        data, end = PyBytes_AS_STRING(piece), PyBytes_GET_SIZE(piece)
    else:
        kind = PyUnicode_KIND(piece)
        if kind == PyUnicode_2BYTE_KIND:
            return _ucs2_newline(<const Py_UCS2 *>PyUnicode_DATA(piece), start, PyUnicode_GET_LENGTH(piece))
        if kind != PyUnicode_1BYTE_KIND:
            return PyUnicode_FindChar(piece, 10, start, PyUnicode_GET_LENGTH(piece), 1)
        data, end = <const char *>PyUnicode_DATA(piece), PyUnicode_GET_LENGTH(piece)
    found = <const char *>memchr(data + start, 10, end - start) if start < end else NULL
    return found - data if found != NULL else -1


@cython.cdivision(True)
cdef Py_ssize_t _ucs2_newline(const Py_UCS2 *data, Py_ssize_t start, Py_ssize_t end):
    """The index of the first ``\\n`` of ``data[start:end]``, or -1: found by its byte 10."""
    cdef const char *found
    while start < end:
        found = <const char *>memchr(data + start, 10, (end - start) * 2)
        if found == NULL:
            return -1
        start = (found - <const char *>data) // 2  # the character of that byte: \n, or one with the byte 10 above
        if data[start] == 10:
            return start
        start += 1
    return -1


cdef inline bint _strips(Py_UCS4 char):
    """Whether ``char`` is stripped from a line's ends: a space, tab, CR, NUL or byte order mark."""
    return char == 32 or char == 9 or char == 13 or char == 0 or char == 0xFEFF


cdef str _line(piece, Py_ssize_t start, Py_ssize_t end, Py_ssize_t longest, bint decode):
    """The line of ``piece[start:end]`` (bytes of UTF-8, or cp1252 where not UTF-8, when ``decode``), stripped,
    ``LINE_TOO_LONG`` when longer than ``longest``."""
    cdef const unsigned char *data
    cdef Py_ssize_t first = start, last = end
    if end - start > longest:
        return _LINE_TOO_LONG
    if decode:  # stripped as bytes, those of UTF-8's byte order mark among them
        data = <const unsigned char *>PyBytes_AS_STRING(piece)
        while True:
            if first < last and _strips(data[first]):
                first += 1
            elif last - first >= 3 and data[first] == 0xEF and data[first + 1] == 0xBB and data[first + 2] == 0xBF:
                first += 3
            else:
                break
        while True:
            if last > first and _strips(data[last - 1]):
                last -= 1
            elif last - first >= 3 and data[last - 3] == 0xEF and data[last - 2] == 0xBB and data[last - 1] == 0xBF:
                last -= 3
            else:
                break
        try:
            return _decoded(<const char *>data + first, last - first)
        except UnicodeDecodeError:
            piece = PyBytes_FromStringAndSize(<const char *>data + start, end - start)
            piece = piece.decode("cp1252", errors="replace")
            start, end = 0, len(piece)
    return _stripped(piece, start, end)


cdef str _decoded(const char *data, Py_ssize_t size):
    """The ``size`` bytes of UTF-8 at ``data`` decoded: copied when they are ASCII, as most lines are."""
    cdef unsigned char bits = 0
    cdef Py_ssize_t index
    for index in range(size):
        bits |= <unsigned char>data[index]
    if bits > 127 or size < 2:  # Python's own 0 and 1 character strings, or not ASCII
        return PyUnicode_DecodeUTF8(data, size, NULL)
    text = PyUnicode_New(size, 127)
    memcpy(PyUnicode_DATA(text), data, size)
    return text


cdef str _stretch(str text, Py_ssize_t start, Py_ssize_t end):
    """``text[start:end]`` in the narrowest kind of ``str`` it allows."""
    if PyUnicode_KIND(text) == PyUnicode_2BYTE_KIND and end - start > 1:
        return _narrowest(<const Py_UCS2 *>PyUnicode_DATA(text) + start, end - start)
    return PyUnicode_Substring(text, start, end)


cdef str _stripped(str text, Py_ssize_t start, Py_ssize_t end):
    """``text[start:end]`` without the spaces, tabs, CRs, NULs and byte order marks around it."""
    _strip(text, &start, &end)
    return _stretch(text, start, end)


cdef inline void _strip(str text, Py_ssize_t *start, Py_ssize_t *end) noexcept:
    """Move ``start`` and ``end`` past the spaces, tabs, CRs, NULs and byte order marks at the ends of
    ``text[start:end]``."""
    cdef unsigned int kind = PyUnicode_KIND(text)
    cdef void *data = PyUnicode_DATA(text)
    while start[0] < end[0] and _strips(PyUnicode_READ(kind, data, start[0])):
        start[0] += 1
    while end[0] > start[0] and _strips(PyUnicode_READ(kind, data, end[0] - 1)):
        end[0] -= 1


cdef enum:
    NARROWED = 256  # the longest line _narrowest narrows in one pass (most are shorter)


cdef str _narrowest(const Py_UCS2 *data, Py_ssize_t size):
    """The string of the ``size`` characters at ``data``, of the narrowest kind they allow (most lines of
    a block that holds a character above 255 are ASCII): a line of up to ``NARROWED`` characters narrowed
    as its largest character is found, in one pass."""
    cdef Py_UCS2 bits = 0  # at least the largest character, below 128 or 256 as it is
    cdef Py_ssize_t index
    cdef Py_UCS1 narrowed[NARROWED]
    cdef Py_UCS1 *narrow
    if size <= NARROWED:
        for index in range(size):
            bits |= data[index]
            narrowed[index] = <Py_UCS1>data[index]
        if bits <= 255:
            text = PyUnicode_New(size, bits)
            memcpy(PyUnicode_DATA(text), narrowed, size)
            return text
    else:
        for index in range(size):
            bits |= data[index]
    text = PyUnicode_New(size, bits)
    if bits > 255:
        memcpy(PyUnicode_DATA(text), data, size * 2)
    else:
        narrow = <Py_UCS1 *>PyUnicode_DATA(text)
        for index in range(size):
            narrow[index] = <Py_UCS1>data[index]
    return text


def split_hands(name, blocks, report, list pause=None):
    """The hands of a file whose lines come in ``blocks`` (:class:`Lines`, or lists of lines): the site, the first
    line's number, the hand's lines (:class:`Lines`; blank lines between hands dropped) and why the hand is not to
    be read (``None``, or the number of a line and why: a line of more than ``MAX_HAND_LINE`` characters, more
    than ``MAX_HAND_LINES`` lines); text outside any hand is given to ``report`` as a :class:`Problem` once a
    stretch, a file in which no hand starts once.  A site that splits its documents itself is given the lines of
    each of them (and gives them as a list).  ``None`` comes between them whenever ``pause`` (a list) has changed
    since the last hand or pause: a caller whose ``report`` adds to it sees each problem met."""
    cdef Py_ssize_t number, first = 0, length, start, end, paused = len(pause) if pause is not None else 0
    cdef bint started = False
    unread = None  # why the hand being gathered is not to be read
    cdef tuple preludes = parsing._ALL_PRELUDES
    cdef _Starts starts = _Starts(parsing._ALL_STARTS, parsing._SITES)
    site = None
    stray = None
    cdef _NumberedLines lines = _NumberedLines(blocks)
    cdef Lines block, hand_block = None  # the block of the hand's first line
    cdef Py_ssize_t hand_index = 0, count = 0  # that line's index in it, and the hand's lines
    cdef list later = None  # the blocks after that one that the hand's lines reach into, in turn
    while True:
        more = lines.advance()
        if pause is not None and PyList_GET_SIZE(pause) != paused:
            yield None
            paused = PyList_GET_SIZE(pause)
        if not more:
            break
        number, block = lines.number, lines.block
        start, end = block.spans[2 * lines.index], block.spans[2 * lines.index + 1]
        length = end - start if start >= 0 else len(_LINE_TOO_LONG)
        if start >= 0 and starts.of(block.text, start, end) and (
            starting := starts.site_of(block.line(lines.index))
        ) is not None:
            started = True
            if site is not None:
                yield site, first, _gathered(hand_block, hand_index, later, count, preludes), unread
                if pause is not None:
                    paused = PyList_GET_SIZE(pause)
            if stray is not None:
                report(_stray(name, stray))
                stray = None
            site = starting
            if site.split is not None:
                try:
                    for first, chunk in site.split(itertools.chain([(number, block.line(lines.index))], lines)):
                        yield site, first, chunk, None
                except HandProblem as problem:  # the rest of the file is not read
                    report(Problem(name, problem.line or number, None, site.name, problem.reason))
                    return
                site = None
                continue
            first, hand_block, hand_index, later, count, unread = number, block, lines.index, None, 1, None
            if length > _MAX_HAND_LINE:
                unread = number, "a line of the hand is too long to be read"
        elif site is not None:
            if count < _MAX_HAND_LINES:
                count += 1
                if lines.index == 0:  # the first line of the next block
                    if later is None:
                        later = []
                    later.append(block)
                if unread is None and (length > _MAX_HAND_LINE or _too_long(block, lines.index)):
                    unread = number, "a line of the hand is too long to be read"
            elif unread is None:
                unread = number, _TOO_MANY_LINES
        elif length and (start < 0 or not _starts_with_any(block.text, start, end, preludes)):
            stray = (stray[0], number) if stray else (number, number)
    if site is not None:
        yield site, first, _gathered(hand_block, hand_index, later, count, preludes), unread
    if not started:
        reason = "not a hand history: no hand of a site holdem reads starts in it"
        report(Problem(name, 1, None, None, reason))
    elif stray is not None:
        report(_stray(name, stray))


@cython.final
cdef class _Starts:
    """The sites' starts of a hand by their first character; below 128, with the start they share, which
    rules most lines out."""

    cdef dict starts  # the starts (a tuple) by their first character
    cdef list shared  # the start the starts of each first character below 128 share (or None), by its code
    cdef dict sites  # the sites a line may start a hand of, by its first character: see _sites
    cdef tuple anywhere  # those for any other line: the sites with an empty start

    def __init__(self, tuple starts, sites):
        self.starts, self.shared = {}, [None] * 128
        for start in starts:
            if start:  # an empty start matches no line: a line that may start a hand has a first character
                self.starts[start[0]] = self.starts.get(start[0], ()) + (start,)
        for first, possible in self.starts.items():
            if ord(first) < 128:
                self.shared[ord(first)] = os.path.commonprefix(possible)
        self.sites = {first: _sites(sites, first) for first in self.starts}
        self.anywhere = _sites(sites, None)

    cdef inline bint of(self, str text, Py_ssize_t start, Py_ssize_t end) except -1:
        """Whether the line ``text[start:end]`` starts with one of the starts."""
        cdef Py_UCS4 first
        if end == start:
            return False
        first = PyUnicode_READ(PyUnicode_KIND(text), PyUnicode_DATA(text), start)
        if first < 128:
            shared = <object>PyList_GET_ITEM(self.shared, first)
            if shared is None or not starts_at(text, shared, start, end):
                return False
        possible = self.starts.get(chr(first))
        return possible is not None and _starts_with_any(text, start, end, possible)

    cdef object site_of(self, str line):
        """The site whose hand ``line`` starts, if any: the last registered of those whose starts it starts
        with, unless that site's first line does not match it."""
        cdef tuple entry
        possible = self.sites.get(line[0]) if PyUnicode_GET_LENGTH(line) else None
        for entry in self.anywhere if possible is None else possible:
            if _starts_with_any(line, 0, PyUnicode_GET_LENGTH(line), <tuple>entry[1]):
                site, first_line = entry[0], entry[2]
                return site if first_line is None or first_line.match(line) else None
        return None


cdef tuple _sites(sites, first):
    """The sites, last registered first, with their starts and first line's pattern, that a line starting with
    ``first`` (``None``: with no other site's start's first character) may start a hand of: those with a start
    that begins with it, or an empty start."""
    return tuple([
        (site, tuple(site.starts), site.first_line) for site in reversed(sites)
        if any([not start or start[0] == first for start in site.starts])
    ])


def site_of(str line not None):
    """The site whose hand ``line`` starts, if any (as the splitter finds it)."""
    return (<_Starts>_Starts(parsing._ALL_STARTS, parsing._SITES)).site_of(line)


cdef bint _starts_with_any(str text, Py_ssize_t start, Py_ssize_t end, tuple starts):
    """``text.startswith(starts, start, end)``, compared in place."""
    cdef str word
    for word in starts:
        if starts_at(text, word, start, end):
            return True
    return False


@cython.final
cdef class _NumberedLines:
    """The lines of a file's blocks (:class:`Lines`, or lists of lines), numbered from 1: stepped through by the
    splitter, or iterated as ``(number, line)`` pairs by a site that splits its documents itself, from where
    the splitter is."""

    cdef object blocks
    cdef Lines block  # the block of the line reached
    cdef Py_ssize_t index, number  # that line's index in it, and its number

    def __init__(self, blocks):
        self.blocks, self.block, self.index, self.number = iter(blocks), Lines.of([]), -1, 0

    def __iter__(self):
        return self

    def __next__(self):
        if not self.advance():
            raise StopIteration
        return self.number, self.block.line(self.index)

    cdef inline bint advance(self) except -1:
        """Go on to the next line; False after the last."""
        self.index += 1
        while self.index >= self.block.count:
            block = next(self.blocks, None)
            if block is None:
                return False
            self.block, self.index = block if type(block) is Lines else Lines.of(list(block)), 0
        self.number += 1
        return True


cdef Lines _gathered(Lines block, Py_ssize_t index, list later, Py_ssize_t count, tuple preludes):
    """The ``count`` lines from line ``index`` of ``block`` on (and on into the blocks ``later``, unless ``None``)
    as a hand's :class:`Lines`, the next hand's preludes (and the blank lines among them) at its end left out.  Its
    text is the block's when that has one byte a character, else the hand's stretch of it, in the narrowest kind
    of ``str`` that allows (most hands of a block that holds a wider character are ASCII); the lines joined when
    they come from several blocks or one of them is too long."""
    cdef Lines hand = Lines.__new__(Lines)
    cdef Py_ssize_t *spans = block.spans + 2 * index
    cdef Py_ssize_t at, offset = 0, following = 0
    cdef bint spanned = later is None  # the hand's spans are those of its block, none a line too long
    if spanned:
        for at in range(count):
            if spans[2 * at] < 0:
                spanned = False
                break
    if spanned:
        hand.spans = <Py_ssize_t *>PyMem_Malloc(2 * count * sizeof(Py_ssize_t))
        if hand.spans == NULL:
            raise MemoryError()
        hand.count = hand.room = count
        if PyUnicode_KIND(block.text) == PyUnicode_1BYTE_KIND:
            hand.text = block.text
        else:
            offset = spans[0]
            hand.text = _stretch(block.text, offset, spans[2 * count - 1])
        for at in range(2 * count):
            hand.spans[at] = spans[at] - offset
    else:
        lines = []
        for at in range(count):
            if index >= block.count:
                block, index = later[following], 0
                following += 1
            lines.append(block.line(index))
            index += 1
        _joined(hand, lines)
    _without_preludes(hand, preludes)
    return hand


cdef int _without_preludes(Lines hand, tuple preludes) except -1:
    """Leave out the next hand's preludes (and the blank lines among them) at the end of ``hand`` (blank lines
    alone are kept)."""
    cdef Py_ssize_t end = hand.count, index
    while end > 1 and (
        hand.spans[2 * end - 1] == hand.spans[2 * end - 2]
        or _starts_with_any(hand.text, hand.spans[2 * end - 2], hand.spans[2 * end - 1], preludes)
    ):
        end -= 1
    for index in range(end, hand.count):  # a prelude in the tail: cut it off
        if hand.spans[2 * index + 1] > hand.spans[2 * index]:
            hand.count = end
            break
    return 0


cdef enum:
    BATCH = 16  # the hands read, then parsed, then replayed and checked, a stage at a time (see import_hands)


def import_hands(sources, open_all, report, set sites, summary):
    """The records of the hands of the ``sites`` named in the files of ``sources`` (``open_all(source, report)``
    gives each file's name and its lines in blocks), each replayed and checked; every other hand of theirs given
    to ``report`` as a :class:`Problem`; each counted in ``summary`` (a
    :class:`~holdem.formats.histories.Summary`).

    The hands go through in batches of ``BATCH``: each batch's are split from the text, then all parsed, then all
    replayed and checked, so that the code of each stage stays in the processor's caches from one hand to the
    next.  The problems met meanwhile wait in the batch in their place (those met with no hand waiting are given
    at once), and an ``Exception`` that is no problem of a hand is raised once the hands before it are given:
    every record, problem and exception comes, and every hand is counted, in the order the reading meets them,
    as when each hand went through alone.  A ``BaseException`` that is no ``Exception`` (an interrupt) is
    raised at once: the hands of its batch not given yet are neither given nor counted."""
    games, problems = summary.games, summary.problems
    cdef list batch = []  # the hands to import (_Pending) and the problems met, in the order of the text
    cdef Py_ssize_t hands = 0  # the hands of the batch
    cdef bint giving = False  # whether the batch is being given (an exception then is the caller's, or its own)
    failure = None  # an exception of the reading, raised once the batch before it is given
    try:
        for found in _found(sources, open_all, batch):
            if found is not None:
                name, (site, first, chunk, unread) = found
                if site.name in sites:
                    batch.append(_Pending(site, name, first, chunk, unread))
                    hands += 1
            if len(batch) >= BATCH or batch and not hands:  # full, or problems alone: given now
                giving = True
                yield from _give(batch, report, games, problems)
                giving, hands = False, 0
    except Exception as error:
        if giving:
            raise
        failure = error
    yield from _give(batch, report, games, problems)
    if failure is not None:
        raise failure


def _found(sources, open_all, list waiting):
    """The hands of the files of ``sources`` (the file's name, and the hand as :func:`split_hands` gives it);
    ``None`` wherever a problem may have been added to ``waiting`` since (the ``report`` that ``open_all`` and
    :func:`split_hands` are given appends to it): between files and sources, and as :func:`split_hands`
    pauses."""
    wait = waiting.append
    for source in sources:
        for name, blocks in open_all(source, wait):
            yield None
            for found in split_hands(name, blocks, wait, waiting):
                yield None if found is None else (name, found)
            yield None
        yield None


@cython.final
@cython.freelist(32)  # a batch's and more, kept for the next hands when freed
cdef class _Pending:
    """A hand to import: where it is, then its parse and record, or its problem (a HandProblem), or the exception
    that is no HandProblem that its parse or replay raised."""

    cdef object site, name, chunk, unread, parsed, record, problem, hand_id, game, error
    cdef Py_ssize_t first

    def __cinit__(self, site, name, Py_ssize_t first, chunk, unread):
        self.site, self.name, self.first, self.chunk, self.unread = site, name, first, chunk, unread

    cdef bint attempt(self, bint replaying) except -1:
        """Parse the hand, or replay it once parsed (unless it is a problem already); False when it raised an
        exception that is no HandProblem (kept in ``error``), now or before."""
        if self.error is not None:
            return False
        if self.problem is not None:
            return True
        try:
            try:
                if replaying:
                    self.record = replay(self.parsed, self.name)
                elif self.unread is not None:
                    raise _unread(self.site, self.first, self.chunk, self.unread)
                elif type(self.chunk) is Lines and not self.site.spans:
                    self.parsed = self.site.parse((<Lines>self.chunk).as_list(), self.first)
                else:
                    self.parsed = self.site.parse(self.chunk, self.first)
            except HandProblem as problem:
                self.failed(problem)
        except Exception as error:
            self.error = error
            return False
        self.chunk = None
        return True

    cdef int failed(self, problem) except -1:
        """Keep ``problem`` (a HandProblem), with the hand's id and game as far as they are known."""
        parsed = self.parsed
        self.problem = problem
        self.hand_id = parsed.hand_id if parsed is not None else problem.hand_id or _hand_id(self.chunk[0])
        self.game = parsed.game if parsed is not None else problem.game or "unknown game"
        return 0


cdef int _parse_and_replay(list batch) except -1:
    """Parse every hand of ``batch``, then replay each hand parsed.  A hand whose parse or replay raises an
    ``Exception`` other than a HandProblem keeps it, and no hand after it is parsed or replayed (:func:`_give`
    raises it in its place)."""
    cdef Py_ssize_t index, end = len(batch)
    for index in range(end):
        if type(batch[index]) is _Pending and not (<_Pending>batch[index]).attempt(False):
            end = index + 1
            break
    for index in range(end):
        if type(batch[index]) is _Pending and not (<_Pending>batch[index]).attempt(True):
            break
    return 0


def _give(list batch, report, games, problems):
    """The records of the hands of ``batch``, imported, each hand counted and each problem given to ``report``, in
    order (an exception a hand kept raised in its place); the batch emptied."""
    cdef _Pending hand
    _parse_and_replay(batch)
    try:
        for index in range(len(batch)):
            item = batch[index]
            if type(item) is not _Pending:
                report(item)
                continue
            hand = <_Pending>item
            if hand.error is not None:
                raise hand.error
            if hand.problem is None:
                count_hand(games, problems, hand.site.name, hand.parsed.game, None)
                yield hand.record
            else:
                problem = hand.problem
                count_hand(games, problems, hand.site.name, hand.game, problem.reason.split(":")[0])
                report(Problem(
                    hand.name, problem.line or hand.first, hand.hand_id, hand.site.name, problem.reason,
                    problem.skipped,
                ))
    finally:
        del batch[:]


cdef type _COUNTER = Counter


cpdef count_hand(games, problems, site, game, problem):
    """Count a hand of ``site``'s ``game`` in ``games`` (a Counter by site and game) and ``problems`` (by
    kind): imported when ``problem`` is ``None``, else not, for that kind."""
    key = (site, game)
    counts = (<dict>games).get(key) if type(games) is dict else games.get(key)
    if counts is None:
        counts = games[key] = Counter()
    _count(counts, "read")
    if problem is None:
        _count(counts, "imported")
    else:
        _count(counts, problem)
        _count(problems, problem)


cdef int _count(counts, key) except -1:
    """``counts[key] += 1``; on a Counter (a dict whose items are the dict's own), with the dict's C calls."""
    if type(counts) is _COUNTER:
        (<dict>counts)[key] = (<dict>counts).get(key, 0) + 1
    else:
        counts[key] += 1
    return 0


cdef object _unread(site, Py_ssize_t first, chunk, tuple unread):
    """The problem of a hand not to be read (``unread``: the number of its first line too long, or past the most
    lines, and why), with its id and game as its lines before that one give them (or why it is skipped)."""
    problem = HandProblem(unread[1], unread[0])
    if unread[0] == first:  # the first line itself
        return problem
    try:
        parsed = site.parse(list(chunk)[: unread[0] - first], first)
    except HandProblem as before:
        if before.skipped:
            return before
        problem.hand_id, problem.game = before.hand_id, before.game
    else:
        problem.hand_id, problem.game = parsed.hand_id or None, parsed.game
    return problem


_HAND_ID = re.compile(r"#\s*(\w+)")


cdef object _hand_id(str first_line):
    """The hand's id after a ``#`` in its first line, if any."""
    match = _HAND_ID.search(first_line)
    return match[1] if match else None


cdef object _stray(name, tuple stray):
    where = f"line {stray[0]} is" if stray[0] == stray[1] else f"lines {stray[0]} to {stray[1]} are"
    reason = f"{where} not part of any hand: no hand of a site holdem reads starts there"
    return Problem(name, stray[0], None, None, reason)


cpdef int places_of(parsed) except -1:
    """The decimal places of the hand's unit: the finest of any amount of the hand."""
    return _unit_places(_script_of(_checked(parsed)))


cdef object _checked(parsed):
    """``parsed``, a ParsedHand (whose fields are read through _get)."""
    if not isinstance(parsed, ParsedHand):
        raise TypeError(f"a ParsedHand is replayed, not {type(parsed).__name__}")
    return parsed


cdef Slots _PLACES  # of the fields of a ParsedHand, a SiteHand, a Seat, an Act and a Post
cdef tuple _CLASSES = find_slots(&_PLACES)  # ParsedHand, SiteHand, Seat, Act and Post, as their slots were found
cdef type _PARSED_HAND = _CLASSES[0], _SITE_HAND = _CLASSES[1], _SEAT = _CLASSES[2], _ACT = _CLASSES[3]
cdef type _POST = _CLASSES[4]


cdef inline object _get(parsed, Py_ssize_t index):
    """The field ``index`` (``P_*``) of ``parsed``, a ParsedHand."""
    return get_field(parsed, _PARSED_HAND, _PLACES.hand, index)


cdef inline object _seat_field(seat, Py_ssize_t index):
    return get_field(seat, _SEAT, _PLACES.seat, index)


cdef inline object _act_field(act, Py_ssize_t index):
    return get_field(act, _ACT, _PLACES.act, index)


cdef inline object _post_field(post, Py_ssize_t index):
    return get_field(post, _POST, _PLACES.post, index)


cdef dict _PARTS = {}  # each amount met, worked out once (amounts repeat): see _parts
cdef int64_t _TENS[13]
for _power in range(13):
    _TENS[_power] = 10**_power
cdef int64_t _MAX_CHIPS = MAX_CHIPS
cdef int64_t NOT_CHIPS = INT64_MIN
"""What :func:`_exact_chips` gives for an amount that is no whole number of chips (no count of chips is)."""
if MOST_SEATS != MAX_PLAYERS:
    raise ImportError("holdem.formats._histories was built for another number of seats")


cdef tuple _parts(amount):
    """The decimal places ``amount`` needs and its value in units of the last of them (``None`` when it is
    not finite or past any hand's chips, 2**60)."""
    return kept(_PARTS, amount, _new_parts, 65536)


def _new_parts(amount):
    """What :func:`_parts` gives, from the amount's digits (no decimal context, no overflow)."""
    cdef Py_ssize_t zeros = 0
    if not amount.is_finite():
        return 0, None
    sign, digits, exponent = amount.as_tuple()
    while zeros < len(digits) - 1 and digits[len(digits) - 1 - zeros] == 0:
        zeros += 1
    exponent += zeros
    places = min(-exponent, 1000) if exponent < 0 else 0
    if amount.adjusted() > 18:  # no more than 2**60 chips in any case
        return places, None
    value = int("".join([str(digit) for digit in digits[: len(digits) - zeros]]))
    if exponent > 0:
        value *= 10**exponent
    if value > MAX_CHIPS:  # no more chips than that at any places
        return places, None
    return places, -value if sign else value


cdef enum:
    KEPT_BITS = 10  # 2**KEPT_BITS amounts' parts are kept by their address
    KEPT_AMOUNTS = 1 << KEPT_BITS


cdef inline Py_ssize_t _slot(uint64_t key, int bits) noexcept:
    """The slot of ``key`` in a table of ``2**bits``, by Fibonacci hashing: the key's bits spread over the slot's."""
    return <Py_ssize_t>(key * 0x9E3779B97F4A7C15ULL >> (64 - bits))


cdef struct _KeptAmount:
    PyObject *amount  # a reference of the entry's own, so that no other object takes its address; NULL: empty
    int64_t value
    int places


cdef _KeptAmount _BY_ADDRESS[KEPT_AMOUNTS]  # by the amount's address: see _amount_parts
# Held while an entry is read or stored, so that on free-threaded Python no thread reads an entry half stored
# (with the GIL, an increment and a decrement of the guard).
cdef object _BY_ADDRESS_GUARD = object()


cdef int _amount_parts(amount, int64_t *value) except -1:
    """The decimal places ``amount`` needs (as :func:`_parts`), and its value in units of the last of them in
    ``value`` (``NOT_CHIPS``: not finite, or past any hand's chips).  Kept by the amount's address first, in a
    table of C structures (read without reading any object), in the pair of entries the address gives (an amount
    met later takes the first, the one there moving to the second): a file's amounts are mostly the same objects,
    and looking one up by its value hashes a decimal, which costs more than the rest of the lookup."""
    # The address's bits spread (pymalloc lays out objects of a size at strides whose low bits repeat: two
    # amounts in use at once would take one pair in turn); the pair's first entry even.
    cdef _KeptAmount *pair = &_BY_ADDRESS[
        _slot(<uint64_t><size_t><void *>amount >> 4, KEPT_BITS) & ~(<Py_ssize_t>1)
    ]
    cdef int places = -1, index
    cdef PyObject *before
    with cython.critical_section(_BY_ADDRESS_GUARD):
        for index in range(2):
            if pair[index].amount == <PyObject *>amount:
                value[0], places = pair[index].value, pair[index].places
                break
    if places >= 0:
        return places
    parts = _parts(amount)
    places = parts[0]
    value[0] = NOT_CHIPS if parts[1] is None else <int64_t>parts[1]
    with cython.critical_section(_BY_ADDRESS_GUARD):
        before = pair[1].amount  # the second leaves the pair, the first takes its place
        pair[1] = pair[0]
        Py_INCREF(amount)
        pair[0].amount, pair[0].value, pair[0].places = <PyObject *>amount, value[0], places
    Py_XDECREF(before)
    return places


@cython.final
@cython.freelist(32)  # a batch's and more, kept for the next hands when freed
cdef class Script:
    """A hand as the replay reads it: the players by seat, the seat of each post and decision, and every amount
    as a whole number of its own decimal places, with the finest places of them (the hand's unit's)."""

    def __dealloc__(self):
        PyMem_Free(self.posts)
        PyMem_Free(self.decisions)

    cdef int reserve(self, Py_ssize_t posts, Py_ssize_t decisions) except -1:
        """Make room for ``posts`` more posts and ``decisions`` more decisions."""
        cdef void *grown
        if self.post_count + posts > self.post_room:
            grown = PyMem_Realloc(self.posts, max(self.post_count + posts, 2 * self.post_room, 4) * sizeof(Forced))
            if grown == NULL:
                raise MemoryError()
            self.posts, self.post_room = <Forced *>grown, max(self.post_count + posts, 2 * self.post_room, 4)
        if self.decision_count + decisions > self.decision_room:
            grown = PyMem_Realloc(
                self.decisions, max(self.decision_count + decisions, 2 * self.decision_room, 16) * sizeof(Decision)
            )
            if grown == NULL:
                raise MemoryError()
            self.decisions = <Decision *>grown
            self.decision_room = max(self.decision_count + decisions, 2 * self.decision_room, 16)
        return 0

    cdef Forced *new_post(self) except NULL:
        """The next post, its room made (its fields to be written)."""
        if self.post_count == self.post_room:
            self.reserve(1, 0)
        self.post_count += 1
        return &self.posts[self.post_count - 1]

    cdef Decision *new_decision(self) except NULL:
        """The next decision, its room made (its fields to be written)."""
        if self.decision_count == self.decision_room:
            self.reserve(0, 1)
        self.decision_count += 1
        return &self.decisions[self.decision_count - 1]


cdef int take(Script script, amount, Amount *into, int *finest) except -1:
    """Read ``amount`` (``None``: none) into ``into``, its places counted in ``finest`` (the finest so far)."""
    if amount is None:
        into.value, into.places, into.printed = 0, NO_AMOUNT, NULL
        return 0
    into.places = _amount_parts(amount, &into.value)
    into.printed = <PyObject *>amount
    script.held.append(amount)
    if into.places > finest[0]:
        finest[0] = into.places
    return 0


cdef int64_t _exact_chips(const Amount *amount, int places) noexcept:
    """``amount`` in chips of ``10**-places``, or ``NOT_CHIPS`` when it is none, or no whole number of them (of at
    most 2**60)."""
    cdef int64_t scale
    if amount.places == NO_AMOUNT or amount.value == NOT_CHIPS or amount.places > places:
        return NOT_CHIPS
    scale = _TENS[places - amount.places]
    if amount.value > _MAX_CHIPS // scale or amount.value < -(_MAX_CHIPS // scale):
        return NOT_CHIPS
    return amount.value * scale


cdef int64_t _chips(const Amount *amount, str what, int places) except? -1:
    """``amount`` in chips of ``10**-places``, exactly."""
    cdef int64_t chips = _exact_chips(amount, places)
    if chips == NOT_CHIPS:
        raise HandProblem(
            f"an amount that is no whole number of chips: {what} {as_printed(amount)} (a chip is {_UNITS[places]}, "
            "and a hand has at most 2**60)"
        )
    return chips


cdef inline bint _nonzero(const Amount *amount) noexcept:
    """Whether ``amount`` is given and not zero (as the truth of a ``Decimal``: one not finite is true)."""
    return amount.places != NO_AMOUNT and amount.value != 0


cdef Script _script_of(parsed):
    """``parsed``, a ParsedHand, as the replay reads it."""
    cdef Script script = Script.__new__(Script)
    cdef int finest = 0, street = 0  # the finest places of the amounts that set the unit
    cdef Py_ssize_t index = 0, decisions = 0
    cdef Amount unused
    cdef Forced *post
    cdef Decision *decision
    script.held = []
    seats = _get(parsed, P_SEATS)
    cdef list names = [_seat_field(player, SEAT_NAME) for player in seats]
    script.names, script.count = names, len(names)
    script.numbers = [_seat_field(player, SEAT_NUMBER) for player in seats]
    for player in seats:  # only the first MOST_SEATS kept: the replay refuses more
        take(script, _seat_field(player, SEAT_STACK), &script.stacks[index] if index < MOST_SEATS else &unused, &finest)
        index += 1
    # The posts and decisions, each written in the room made for it (the lists' lengths only a first guess: the
    # objects read are a site's, or anyone's)
    posts, streets = tuple(_get(parsed, P_POSTS)), [tuple(street_acts) for street_acts in _get(parsed, P_STREETS)]
    for street_acts in streets:
        decisions += len(<tuple>street_acts)
    script.reserve(len(posts), decisions)
    for item in posts:
        post = script.new_post()
        post.live.printed = post.dead.printed = NULL
        post.seat = _seat_in(script, _post_field(item, POST_NAME))
        post.kind = forced_kind(_post_field(item, POST_KIND))
        post.line = _post_field(item, POST_LINE)
        take(script, _post_field(item, POST_LIVE), &post.live, &finest)
        take(script, _post_field(item, POST_DEAD), &post.dead, &finest)
    for street_acts in streets:
        for act in <tuple>street_acts:
            decision = script.new_decision()
            decision.amount.printed = NULL
            decision.seat = _seat_in(script, _act_field(act, ACT_NAME))
            decision.verb = _verb(script, _act_field(act, ACT_VERB), script.decision_count - 1)
            decision.street = street
            decision.line = _act_field(act, ACT_LINE)
            take(script, _act_field(act, ACT_AMOUNT), &decision.amount, &finest)
        street += 1
    script.currency, script.structure = _get(parsed, P_CURRENCY), _get(parsed, P_STRUCTURE)
    complete(
        script, finest, _get(parsed, P_SMALL_BLIND), _get(parsed, P_BIG_BLIND), _get(parsed, P_SMALL_BET),
        _get(parsed, P_BIG_BET), _get(parsed, P_RAKE), _get(parsed, P_JACKPOT), _get(parsed, P_TOTAL_POT),
        _get(parsed, P_RETURNED), _get(parsed, P_COLLECTED), _get(parsed, P_SHOWN), _get(parsed, P_HOLES),
    )
    script.boards = _get(parsed, P_BOARDS)
    script.site, script.hand_id, script.line = _get(parsed, P_SITE), _get(parsed, P_HAND_ID), _get(parsed, P_LINE)
    script.game = _get(parsed, P_GAME)
    script.fast_fold, script.tournament = _get(parsed, P_FAST_FOLD), _get(parsed, P_TOURNAMENT)
    script.table, script.max_seats = _get(parsed, P_TABLE), _get(parsed, P_MAX_SEATS)
    script.started = _get(parsed, P_STARTED)
    script.button, script.hero, script.rules = _get(parsed, P_BUTTON), _get(parsed, P_HERO), _get(parsed, P_RULES)
    script.returns_in_collected = _get(parsed, P_RETURNS_IN_COLLECTED)
    script.returns_in_total_pot = _get(parsed, P_RETURNS_IN_TOTAL_POT)
    script.rake_printed = _get(parsed, P_RAKE_PRINTED)
    script.cash_outs, script.cash_out_fees = _get(parsed, P_CASH_OUTS), _get(parsed, P_CASH_OUT_FEES)
    script.bounties = _get(parsed, P_BOUNTIES)
    return script


cdef int complete(
    Script script, int finest, small_blind, big_blind, small_bet, big_bet, rake, jackpot, total_pot, returned,
    collected, shown, holes,
) except -1:
    """Complete the script of a hand whose players, stacks, posts and decisions are in it (and its currency and
    structure): its blinds, bets and summary's amounts, what each player was given back (``returned``: ``None``
    when the site prints none) and collected, who showed, and the cards of each; ``finest`` the finest places
    of the amounts read so far that set the unit."""
    cdef int uncounted = 0
    cdef Py_ssize_t seat
    cdef Amount unused
    cdef list names = script.names
    take(script, small_blind, &script.small_blind, &finest)
    take(script, big_blind, &script.big_blind, &finest)
    take(script, small_bet, &script.small_bet, &finest)
    take(script, big_bet, &script.big_bet, &finest)
    take(script, rake, &script.rake, &finest)
    take(script, jackpot, &script.jackpot, &finest)
    take(script, total_pot, &script.total_pot, &uncounted)  # whatever its places, not the unit's
    no_amounts(script)
    script.returns_printed = returned is not None
    if returned:
        for name, amount in returned.items():
            seat = position(names, name)
            take(script, amount, &script.returned[seat] if 0 <= seat < MOST_SEATS else &unused, &finest)
    for name, amount in collected.items():
        seat = position(names, name)
        if seat < 0 and script.collector is None:
            script.collector = name
        take(script, amount, &script.collected[seat] if 0 <= seat < MOST_SEATS else &unused, &finest)
    set_places(script, finest)
    limit_bets(script)
    script.shown = []
    for name in shown:
        seat = position(names, name)
        if seat >= 0:
            script.shown.append(seat)
            if seat < MOST_SEATS:
                script.shows[seat] = True
    script.holes = [(<dict>holes).get(name) if type(holes) is dict else holes.get(name) for name in names]
    return 0


cdef int set_places(Script script, int finest) except -1:
    """Set the places of the hand's unit: ``finest``, the finest of the amounts that set it, and at least a
    cent's in a currency (the script's currency set)."""
    script.places = 2 if script.currency and finest < 2 else finest
    return 0


cdef int limit_bets(Script script) except -1:
    """A limit game's small and big bets, where not given (or zero): its big blind and twice it (the script's
    structure and blinds set)."""
    cdef int uncounted = 0
    if script.structure is not _FIXED_LIMIT:
        return 0
    if not _nonzero(&script.small_bet):
        script.small_bet = script.big_blind
    if not _nonzero(&script.big_bet):
        take(script, 2 * as_printed(&script.big_blind), &script.big_bet, &uncounted)
    return 0


cdef int _unit_places(Script script) except -1:
    """The places of the hand's unit, of at most 12."""
    if script.places > 12:
        raise HandProblem("amounts finer than 10**-12 of a unit: holdem does not read them")
    return script.places


cdef int no_amounts(Script script) except -1:
    """Set every seat's collected and returned amounts to none, and its show to none."""
    cdef Py_ssize_t seat
    for seat in range(MOST_SEATS):
        script.collected[seat].places = script.returned[seat].places = NO_AMOUNT
        script.collected[seat].value = script.returned[seat].value = 0
        script.collected[seat].printed = script.returned[seat].printed = NULL
        script.shows[seat] = False
    return 0


cdef int _seat_in(Script script, name) except? -1:
    """The seat of the player ``name`` (as :func:`position` finds it); one without a seat as a stranger."""
    cdef Py_ssize_t seat = position(script.names, name)
    return seat if seat >= 0 else stranger(script, name)


cdef int stranger(Script script, name) except? -1:
    """The seat of ``name``, a player without a seat: ``-1 - index``, the index of their name in the script's
    ``strangers``."""
    if script.strangers is None:
        script.strangers = []
    script.strangers.append(name)
    return -len(script.strangers)


cdef int forced_kind(kind) except -1:
    """The ForcedKind of a post's ``kind`` (of PostKind; OTHER_POST for any other)."""
    cdef int index
    for index in range(<int>OTHER_POST):
        if same_text(kind, <str>_POST_KINDS[index]):
            return index
    return OTHER_POST


POST_KINDS = (
    PostKind.ANTE, PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE, PostKind.DEAD, PostKind.LIVE,
    PostKind.LIVE_AND_DEAD,
)
"""The kinds of post by their ForcedKind."""
cdef tuple _POST_KINDS = POST_KINDS


cdef int _verb(Script script, verb, Py_ssize_t decision) except -1:
    """The Verb of a decision's ``verb`` (an Act's), the script's decision ``decision``; one the replay does not
    know kept in its ``odd_verbs`` (by that index: the decisions of a ParsedHand are not reordered)."""
    cdef int known
    for known in range(<int>UNKNOWN_VERB):
        if same_text(verb, <str>_VERBS[known]):
            return known
    if script.odd_verbs is None:
        script.odd_verbs = {}
    script.odd_verbs[decision] = verb
    return UNKNOWN_VERB


VERBS = ("fold", "check", "call", "bet", "raise_to", "raise_by", "adds", "all_in")
"""The verbs of an Act by their Verb."""
cdef tuple _VERBS = VERBS


cdef int _seated(Script script, int seat, Py_ssize_t line) except -1:
    """``seat``, the seat of the player of a post or decision (at line ``line``), if they have one."""
    if seat < 0:
        raise HandProblem(
            f"a player not dealt in: {script.strangers[-1 - seat]!r} acts but has no seat in the hand", line
        )
    return seat


# The rules every site plays unless its ParsedHand says otherwise (a short big blind is called in full:
# PokerStars, 888poker and partypoker print it so).
cdef dict _SITE_RULES = {"fold_without_bet": True, "call_full_big_blind": True}
cdef object _FIXED_LIMIT = Structure.FIXED_LIMIT


cdef dict _RULES = {}  # the rules of each game met: a game's hands share them (a plain dict, as above)


cdef struct _Game:  # what makes a game's rules, except its straddles and options: its key, as bytes
    size_t structure  # the Structure's address
    int64_t small_blind, big_blind, small_bet, big_bet, ante, runs
    bint fixed_limit  # whether the bets are given


cdef object _rules(const _Game *game, structure, tuple straddles, tuple options):
    """The site's rules of a game, made once for each game: looked up by the bytes of ``game`` (with the straddles
    and options when there are any), no Python number made for a hand of a game met before."""
    packed = PyBytes_FromStringAndSize(<const char *>game, sizeof(_Game))
    key = packed if not straddles and not options else (packed, straddles, options)
    rules = _RULES.get(key)
    if rules is None:
        bets = (game.small_bet, game.big_bet) if game.fixed_limit else None
        rules = _new_rules(structure, game.small_blind, game.big_blind, bets, game.ante, straddles, game.runs, options)
        if len(_RULES) >= 512:
            _RULES.clear()
        _RULES[key] = rules
    return rules


cdef object _new_rules(structure, small, big, bets, ante, tuple straddles, int runouts, tuple options):
    settings = dict(_SITE_RULES)
    settings.update(options)
    settings.update(ante=ante, straddles=straddles)
    if runouts > 1:
        settings.update(runouts=runouts, runs_by_agreement=True)
    try:
        if structure is _FIXED_LIMIT:
            small_bet, big_bet = bets or (big, 2 * big)
            return Rules.fixed_limit(small_bet, big_bet, small_blind=small, big_blind=big, **settings)
        if structure is Structure.POT_LIMIT:
            return Rules.pot_limit(small, big, **settings)
        return Rules.no_limit(small, big, **settings)
    except HoldemError as error:
        raise HandProblem(f"the game's rules cannot be played: {error}") from None


cpdef replay(parsed, source="<file>"):
    """Replay a parsed hand (a ParsedHand, or the script a compiled reader gives) through the engine under the
    site's rules and check it against the site's summary; return the record, or raise :class:`HandProblem`
    saying what disagrees."""
    return _replay(parsed, source) if type(parsed) is Script else _replay_parsed(parsed, source)


cdef object _replay_parsed(parsed, source):
    """:func:`replay`."""
    return _replay(_script_of(_checked(parsed)), source)


cdef object _replay(Script script, source):
    """:func:`replay` of a hand's script."""
    cdef int count = script.count, places = _unit_places(script), button, small_seat, big_seat, runs, actor, seat
    cdef int first_small = -1, first_big = -1
    cdef unsigned int small_seats = 0, big_seats = 0  # the seats posting each blind, as bits
    cdef int64_t live, dead, ante = 0, small_blind, big_blind, stack
    cdef Py_ssize_t index, small_post = -1, big_post = -1
    cdef HandCore hand
    cdef _Game game
    cdef Forced *post
    cdef Decision *decision
    cdef bint dead_small_blind
    cdef list names = script.names, stacks, straddles, straddle_amounts
    cdef tuple straddle_tuple = ()
    cdef list printed  # what each seat posts in the history, checked against the engine's posts (exactly)
    cdef int64_t answered[MOST_SEATS]  # what a raise no one could answer put in beyond the call, given back
    cdef dict posts
    unit = _UNITS[places]
    if not 2 <= count <= MOST_SEATS:
        raise HandProblem(f"too few or too many players: {count} dealt in, holdem plays hands of 2 to 10")
    if not _distinct(names):
        raise HandProblem("two seats with one name: every player needs a name of their own")
    _in_order(script.numbers)

    stacks = [_chips(&script.stacks[seat], "stack", places) for seat in range(count)]
    for stack in stacks:
        if stack <= 0:
            raise HandProblem("a player without chips: every player dealt in needs a stack")

    # The forced bets: the button from the site's button or the blinds, the rest as posts.
    for index in range(script.post_count):
        post = &script.posts[index]
        if post.kind == SMALL_BLIND_POST or post.kind == BIG_BLIND_POST:
            seat = _seated(script, post.seat, post.line)
            if post.kind == SMALL_BLIND_POST:
                small_seats |= 1u << seat
                first_small = seat if first_small < 0 else first_small
            else:
                big_seats |= 1u << seat
                first_big = seat if first_big < 0 else first_big
    button = _button(script, first_small, first_big, small_seats, big_seats)
    small_seat = button if count == 2 else (button + 1) % count
    small_post = _post_at(script, SMALL_BLIND_POST, small_seat)
    dead_small_blind = small_post < 0
    big_seat = small_seat if dead_small_blind and count > 2 else (small_seat + 1) % count
    if dead_small_blind and count == 2:
        big_seat = (button + 1) % count
    big_post = _post_at(script, BIG_BLIND_POST, big_seat)
    posts = {}
    straddles = []
    printed = [0] * count
    for seat in range(count):
        answered[seat] = 0
    for index in range(script.post_count):
        post = &script.posts[index]
        seat = _seated(script, post.seat, post.line)
        live = _chips(&post.live, "post", places)
        dead = _chips(&post.dead, "post", places)
        printed[seat] += live + dead
        if post.kind == ANTE_POST:
            ante = max(ante, live + dead)
        elif post.kind == SMALL_BLIND_POST and seat == small_seat:
            continue
        elif post.kind == BIG_BLIND_POST and seat == big_seat:
            continue
        elif post.kind == STRADDLE_POST:
            straddles.append(((seat - big_seat) % count, live))
        else:
            if post.kind == SMALL_BLIND_POST:  # a small blind out of position is dead
                live, dead = 0, live + dead
            old = posts.get(seat, (0, 0))
            posts[seat] = (old[0] + live, old[1] + dead)
    if straddles:
        straddle_amounts = [0] * max([position for position, _ in straddles])
        for position, amount in straddles:
            if position == 0:
                raise HandProblem("a straddle in the big blind: holdem plays straddles after the big blind")
            straddle_amounts[position - 1] = amount
        straddle_tuple = tuple(straddle_amounts)
    small_blind = _chips(&script.small_blind, "small blind", places)
    big_blind = _chips(&script.big_blind, "big blind", places)
    if small_post >= 0:
        small_blind = max(small_blind, _chips(&script.posts[small_post].live, "small blind", places))
    if big_post >= 0:
        big_blind = max(big_blind, _chips(&script.posts[big_post].live, "big blind", places))
    elif not big_seats:
        raise HandProblem("no big blind: no one posts it")
    memset(&game, 0, sizeof(game))  # compared as bytes: no padding left unset
    game.structure = <size_t><void *>script.structure
    game.small_blind, game.big_blind, game.ante = small_blind, big_blind, ante
    if script.structure is _FIXED_LIMIT:
        game.fixed_limit = True
        game.small_bet = _chips(&script.small_bet, "small bet", places)
        game.big_bet = _chips(&script.big_bet, "big bet", places)
    boards, options = script.boards, script.rules
    runs = game.runs = max(1, len(boards))
    rules = _rules(&game, script.structure, straddle_tuple, tuple(sorted(options.items())) if options else ())
    board = boards[0] if boards else ()
    # Hand(rules, stacks, button, hole_cards=holes, ...), made by its type's tp_new and started without parsing
    # the arguments
    hand = (<PyTypeObject *>_HAND).tp_new(_HAND, <PyObject *>_NO_ARGUMENTS, NULL)
    try:
        hand.start(
            rules, stacks, button, None, None, script.holes, board, dead_small_blind, posts or None, True, None,
            straddle_tuple or None,
        )  # fmt: skip
    except HoldemError as error:
        raise HandProblem(f"a deal the engine refuses: {error}") from None

    shown = set()  # the seats shown (the showdown waits for each: none is shown by the engine itself)
    for index in range(script.decision_count):
        decision = &script.decisions[index]
        seat = _seated(script, decision.seat, decision.line)
        actor = seat_to_act(hand)
        if actor != seat:
            _advance(hand, script, runs, seat, shown)
            actor = seat_to_act(hand)
        if actor < 0:
            raise HandProblem(
                f"a decision after the betting: {names[seat]} acts when no one is to act", decision.line
            )
        if hand.b.street != decision.street:
            raise HandProblem(
                f"a decision after its street: {names[seat]} acts on the {_STREET_NAMES[decision.street]}, "
                "but the betting there is over "
                f"(the hand is on the {_STREET_NAMES[hand.street]})",
                decision.line,
            )
        if actor != seat:
            raise HandProblem(
                f"a decision out of turn: {names[seat]} acts, {names[actor]} is to act (a line missing?)",
                decision.line,
            )
        _play(hand, script, index, decision.verb, unit, answered)
    _advance(hand, script, runs, -1, shown)
    if not hand._over:
        waiting = "no one is to act" if hand.actor is None else f"{names[hand.actor]} is still to act"
        raise HandProblem(f"the hand stops before its end: {waiting} (a line missing, or the file cut short?)")
    for winner in script.shown:  # a winner who showed after the others folded
        if winner not in shown and hand.statuses[winner] is not _FOLDED:
            try:
                hand.show(winner)
            except HoldemError:
                pass  # a shown hand that had to be shown anyway
    return _check(hand, script, unit, source, printed, answered)


_STREET_NAMES = ("preflop", "flop", "turn", "river")
cdef tuple _UNITS = tuple([Decimal(1).scaleb(-places) for places in range(13)])  # a chip's value by the unit's places
cdef type _HAND = Hand
cdef tuple _NO_ARGUMENTS = ()


cdef Py_ssize_t _post_at(Script script, int kind, int seat) noexcept:
    """The index of the first post of ``kind`` at ``seat``, or -1."""
    cdef Py_ssize_t index
    for index in range(script.post_count):
        if script.posts[index].kind == kind and script.posts[index].seat == seat:
            return index
    return -1


cdef Py_ssize_t position(list names, name) except -2:
    """The seat of ``name`` among ``names`` (the seats' players, a list of the replay's own), or -1, as a dict of the
    seats by name would give it: found by identity first (a reader's lines mostly name a player by the seat's own
    name), then by hash and equality."""
    cdef Py_ssize_t seat
    cdef Py_hash_t hashed
    for seat in range(PyList_GET_SIZE(names)):  # pointers compared: no Python code runs
        if PyList_GET_ITEM(names, seat) == <PyObject *>name:
            return seat
    hashed = PyObject_Hash(name)  # a name that cannot be a key is refused, as by a dict
    for seat in range(len(names)):
        player = names[seat]
        if PyObject_Hash(player) == hashed and player == name:
            return seat
    return -1


cdef bint _distinct(list names) except -1:
    """Whether ``names`` (the seats' players, a list of the replay's own, of at most ``MOST_SEATS`` as the replay
    has checked) are distinct, as the keys of a dict: each hashed (an unhashable one refused), then compared."""
    cdef Py_hash_t hashes[MOST_SEATS]
    cdef Py_ssize_t seat, other, count = len(names)
    if count > MOST_SEATS:
        raise ValueError(f"{count} names: at most {MOST_SEATS} are told apart")
    for seat in range(count):
        hashes[seat] = PyObject_Hash(names[seat])
    for seat in range(count):
        for other in range(seat):
            if hashes[other] == hashes[seat] and (names[other] is names[seat] or names[other] == names[seat]):
                return False
    return True


cdef int _in_order(list numbers) except -1:
    """Check that the seats' ``numbers`` are listed in order, each player in a seat of their own."""
    before = None
    for number in numbers:
        if before is not None and not number > before:
            raise HandProblem(f"seat {number} listed after seat {before}: the seats go round the table, one a player")
        before = number
    return 0


cdef int _button(
    Script script, int first_small, int first_big, unsigned int small_seats, unsigned int big_seats
) except -1:
    """The engine's button seat: the site's button (or the last player before an empty button seat),
    unless the blinds (the first seat posting each, -1 for none, and the seats posting each as bits) say
    otherwise."""
    cdef int count = script.count, before = count - 1, found = 0, button, small_seat, index
    cdef int candidates[4]
    site_button = script.button
    if site_button is not None:
        for index, number in enumerate(script.numbers):
            if number <= site_button:
                before = index
        candidates[found] = before
        found += 1
    if first_small >= 0:
        candidates[found] = first_small if count == 2 else (first_small - 1) % count
        found += 1
    if first_big >= 0:
        candidates[found] = (first_big - (1 if count == 2 else 2)) % count
        candidates[found + 1] = (first_big - 1) % count  # no small blind
        found += 2
    for index in range(found):
        button = candidates[index]
        small_seat = button if count == 2 else (button + 1) % count
        if small_seats >> small_seat & 1:
            if big_seats >> ((small_seat + 1) % count) & 1:
                return button
        elif big_seats >> ((button + 1) % count) & 1:
            return button
    if found:
        return candidates[0]
    raise HandProblem("no button and no blinds: the seats' positions are unknown")


# The kinds _check sums, looked up once (an enum's attribute is slow to look up).
cdef object _WIN = ActionKind.WIN, _RETURN = ActionKind.RETURN
cdef object _POST_ANTE = ActionKind.POST_ANTE, _POST_BLIND = ActionKind.POST_BLIND, _POST_DEAD = ActionKind.POST_DEAD
cdef object _FOLDED = SeatStatus.FOLDED
cdef object _NO_ONE_TO_ANSWER = REFUSALS["NO_ONE_TO_ANSWER"]
cdef object _ZERO = Decimal(0)
# A player's net worked out exactly, whatever the caller's decimal context.
cdef object _EXACT_MULTIPLY = EXACT_AMOUNTS.multiply
cdef enum:
    IN_UNITS_BITS = 12  # 2**IN_UNITS_BITS amounts of chips are kept
cdef list _IN_UNITS = [None] * (1 << IN_UNITS_BITS)  # (chips, places, amount) each: see _in_units


cdef object _in_units(int64_t chips, int places):
    """``chips`` of ``10**-places`` as the amount they are, a ``Decimal`` of ``places`` places (a chip's value times
    chips), kept in the slot a hash of the two gives (an amount made later takes the slot): no Python int is made
    to look it up."""
    cdef Py_ssize_t slot = _slot(<uint64_t>chips * 13 + <uint64_t>places, IN_UNITS_BITS)
    entry = _IN_UNITS[slot]
    if entry is not None and <int64_t>(<tuple>entry)[0] == chips and <int>(<tuple>entry)[1] == places:
        return (<tuple>entry)[2]
    amount = _EXACT_MULTIPLY(_UNITS[places], chips)
    _IN_UNITS[slot] = (chips, places, amount)
    return amount


cdef int _advance(HandCore hand, Script script, int runs, int seat, set shown) except -1:
    """Play what the engine waits for before ``seat``'s next decision (-1: the end of the
    hand): the runs agreed, the shows and mucks at showdown, the cards of further runs, and the
    checks sites do not print, of a player who can only check (every other player all in)."""
    while True:
        _settle(hand, script, runs, shown)
        if seat_to_act(hand) == seat or not hand.only_checks():
            return 0
        hand.check()


cdef int _settle(HandCore hand, Script script, int runs, set shown) except -1:
    """Play the runs agreed, the shows and mucks at showdown (the seats shown added to ``shown``) and the cards
    of further runs (the script's ``boards``: the history's, a board a run)."""
    boards = script.boards
    while True:
        if runs > 1 and (pending := hand.runs_pending):  # the runs are agreed only in a hand run more than once
            for seat in pending:  # waited for, and the rules run the board ``runs`` times: as Hand.agree_runs checks
                hand._agree_runs(seat, runs)
            continue
        waiting = hand._waiting  # the showdown's seats to show or muck (a list never changed in place)
        if waiting:
            for seat in waiting:  # each waited for: shown when its cards are known, as Hand.show and muck check
                try:
                    if script.shows[<int>seat] and hand._hole[seat]:
                        hand._decide(seat, True)
                        shown.add(seat)
                    else:
                        hand._decide(seat, False)
                except HoldemError as error:
                    raise HandProblem(f"a showdown that cannot be played: {script.names[seat]}: {error}") from None
            continue
        if hand._cards_needed:
            run = 1 + hand.extra_count  # the boards dealt (Hand.boards)
            if hand._runs > 1 and run < len(boards):
                board = boards[run]
                needed = hand._cards_needed
                cards = board[len(board) - needed :] if len(board) >= needed else ()
            else:
                cards = ()
            if not cards:
                raise HandProblem(
                    f"board cards missing: the hand needs {hand.cards_needed} more than the history shows "
                    "(a street missing, or the file cut short?)"
                )
            try:  # the script's codes dealt straight, when they are new cards (else Hand.deal_board names why not)
                codes = hand._new_board_cards(cards)
                if codes is None:
                    hand.deal_board(cards)
                else:
                    hand._deal_board(codes)
            except HoldemError as error:
                raise HandProblem(f"a board that cannot be dealt: run {run + 1}: {error}") from None
            continue
        return 0


cdef int _play(HandCore hand, Script script, Py_ssize_t index, int verb, unit, int64_t *answered) except -1:
    """Play the script's decision ``index`` as ``verb`` (a raise no one can answer as a call, its excess added to
    ``answered``)."""
    cdef Decision *decision = &script.decisions[index]
    cdef const Amount *amount = &decision.amount
    cdef int places = script.places, seat
    cdef int64_t added
    name = script.names[decision.seat]
    try:
        if verb == FOLD:
            hand.fold()
        elif verb == CHECK:
            hand.check()
        elif verb == CALL:
            action = hand.call()
            if amount.places != NO_AMOUNT and action.amount != _chips(amount, "call", places):
                raise HandProblem(
                    f"a call of the wrong amount: {name} calls {as_printed(amount)}, "
                    f"the call is {action.amount * unit}",
                    decision.line,
                )
        elif verb == BET or verb == RAISE_TO:
            if amount.places == NO_AMOUNT:
                raise HandProblem(f"a bet without an amount: {name}", decision.line)
            _raise_to(hand, _chips(amount, "bet", places), answered)
        elif verb == RAISE_BY:
            if amount.places == NO_AMOUNT:
                raise HandProblem(f"a bet without an amount: {name}", decision.line)
            _raise_to(hand, max(hand.bets) + _chips(amount, "raise", places), answered)
        elif verb == ADDS or verb == ALL_IN:
            if amount.places == NO_AMOUNT:
                raise HandProblem(f"a bet without an amount: {name}", decision.line)
            seat = hand.actor
            added = _chips(amount, "bet", places)
            if verb == ALL_IN and added != hand.stacks[seat]:
                raise HandProblem(
                    f"an all-in of the wrong amount: {name} adds {as_printed(amount)}, "
                    f"the stack is {hand.stacks[seat] * unit}",
                    decision.line,
                )
            if hand.bets[seat] + added <= max(hand.bets):
                _play(hand, script, index, CALL, unit, answered)
            else:
                _raise_to(hand, hand.bets[seat] + added, answered)
        else:
            raise HandProblem(f"an unknown decision: {name} {script.odd_verbs[index]!r}", decision.line)
    except HoldemError as error:
        raise HandProblem(f"an illegal decision: {name}: {error}", decision.line) from None
    return 0


cdef int _raise_to(HandCore hand, int64_t total, int64_t *answered) except -1:
    """Raise to ``total``; when no other player still in can answer a raise, call instead and add what ``total``
    puts in beyond the call to ``answered`` (sites print such an all-in as a raise and give the excess back, as an
    uncalled bet)."""
    cdef int seat
    cdef int64_t bet
    try:
        hand.raise_to(total)
    except HoldemError:
        seat, bet = hand.actor, max(hand.bets)
        if hand._raise_bounds() != _NO_ONE_TO_ANSWER or not bet < total <= hand.bets[seat] + hand.stacks[seat]:
            raise
        hand.call()  # to the bet: the stack covers more
        answered[seat] += total - bet
    return 0


cdef object _check(HandCore hand, Script script, unit, source, list printed, int64_t *answered):
    """The record of a replayed hand, once its results agree with the site's summary (and its posts,
    ``printed`` by seat, with the engine's; ``answered``, by seat, the excess of the raises no one could answer,
    given back): compared in chips, ``Decimal`` only for the record."""
    cdef Py_ssize_t count = script.count, seat
    cdef int places = script.places
    cdef list names = script.names
    cdef int64_t won[MOST_SEATS]
    cdef int64_t returned[MOST_SEATS]
    cdef int64_t posted[MOST_SEATS]
    cdef int64_t expected[MOST_SEATS]
    cdef int64_t taken[MOST_SEATS]
    cdef int64_t jackpot_chips, rake_chips, shares = 0, pot = 0
    cdef bint agree, in_collected = script.returns_in_collected, in_total_pot = script.returns_in_total_pot
    cdef const Amount *collected
    for seat in range(count):
        won[seat] = posted[seat] = 0
        returned[seat] = answered[seat]
    # Each record an Action, a tuple (kind, seat, amount, cards), read as one; a new hand's are in its log.
    for action in hand.log if hand.shared is None else hand.records():
        kind = <object>PyTuple_GET_ITEM(action, 0)
        if kind is _WIN:
            won[<Py_ssize_t><object>PyTuple_GET_ITEM(action, 1)] += <int64_t><object>PyTuple_GET_ITEM(action, 2)
        elif kind is _RETURN:
            returned[<Py_ssize_t><object>PyTuple_GET_ITEM(action, 1)] += <int64_t><object>PyTuple_GET_ITEM(action, 2)
        elif kind is _POST_BLIND or kind is _POST_ANTE or kind is _POST_DEAD:
            posted[<Py_ssize_t><object>PyTuple_GET_ITEM(action, 1)] += <int64_t><object>PyTuple_GET_ITEM(action, 2)
    for seat in range(count):
        if posted[seat] != printed[seat]:
            raise HandProblem(
                f"posts that the game's rules do not make: {names[seat]} posts {printed[seat] * unit} in the history, "
                f"the replay {posted[seat] * unit}"
            )
    if script.returns_printed:
        for seat in range(count):
            if script.returned[seat].places == NO_AMOUNT:  # none printed: none returned
                if returned[seat] == 0:
                    continue
                given_back = _ZERO
            elif _exact_chips(&script.returned[seat], places) == returned[seat]:
                continue
            else:
                given_back = as_printed(&script.returned[seat])
            raise HandProblem(
                f"an uncalled bet returned wrongly: the history returns {given_back} to {names[seat]}, "
                f"the replay {returned[seat] * unit}"
            )
    if script.collector is not None:
        raise HandProblem(f"a player not dealt in: {script.collector!r} collects from the pot")
    jackpot_chips = _exact_chips(&script.jackpot, places)
    rake_chips = _exact_chips(&script.rake, places)
    rake, jackpot = as_printed(&script.rake), as_printed(&script.jackpot)
    agree = jackpot_chips != NOT_CHIPS
    for seat in range(count):
        collected = &script.collected[seat]
        expected[seat] = won[seat] + returned[seat] if in_collected else won[seat]
        taken[seat] = 0 if collected.places == NO_AMOUNT else _exact_chips(collected, places)
        pot += won[seat] + (returned[seat] if in_total_pot else 0)
        # each player's part of the rake and fees: none from a player who won nothing, nor all of a win, nor more
        # than the pots won (an uncalled bet given back pays none)
        agree = agree and taken[seat] != NOT_CHIPS and 0 <= expected[seat] - taken[seat] <= won[seat] and (
            (expected[seat] == 0) == (taken[seat] == 0)
        )
        shares += expected[seat] - taken[seat] if agree else 0
    if agree and not script.rake_printed:  # the rake the pots keep: none in a tournament
        rake_chips = shares - jackpot_chips
        rake = rake_chips * unit
        agree = script.tournament is None or rake_chips == 0
    agree = agree and rake_chips != NOT_CHIPS and rake_chips >= 0 and shares == rake_chips + jackpot_chips
    if not agree:
        amounts = [_collected(&script.collected[seat]) for seat in range(count)]
        results = ", ".join([
            f"{name} {amounts[seat]} (replay {expected[seat] * unit})"
            for seat, name in enumerate(names)
            if amounts[seat] or expected[seat]
        ])
        fees = sum([expected[seat] * unit - amounts[seat] for seat in range(count)], _ZERO)
        if script.rake_printed:
            fees = rake + jackpot
        raise HandProblem(f"the pots do not replay to the site's result: collected {results}; rake and fees {fees}")
    if script.total_pot.places != NO_AMOUNT and _exact_chips(&script.total_pot, places) != pot:
        raise HandProblem(
            f"a total pot the replay does not make: the history says {as_printed(&script.total_pot)}, "
            f"the replay {pot * unit}"
        )
    extra_boards = None  # Hand.boards[1:], as lists, read when a second run is printed
    for run, board in enumerate(script.boards):
        if run == 0:
            dealt = hand._board
        else:
            extra_boards = extra_boards or hand._extra_boards
            dealt = extra_boards[run - 1] if run <= len(extra_boards) else ()
        if tuple(board) != tuple(dealt):
            raise HandProblem(f"board cards the hand never reached: run {run + 1}")
    hero = script.hero
    if hero is not None and position(names, hero) < 0:  # the file's owner watched, or sat out: dealt nothing
        hero = None
    starting = hand._starting  # Hand.payoffs: the hand is over, no bets are out
    # the chips won or lost, with what the site says was collected in place of what the replay awards: in the
    # hand's unit, the finest of its amounts (the collected amounts among them)
    cdef list net = [
        _in_units(hand.b.stacks[seat] - <int64_t>starting[seat] - expected[seat] + taken[seat], places)
        for seat in range(count)
    ]
    return _record((  # a SiteHand's fields, in order
        script.site, script.hand_id, script.table, script.started, script.tournament, script.currency, unit,
        tuple(names), tuple(script.numbers), script.button, hero, hand, tuple(net), rake, jackpot, script.game,
        script.fast_fold, script.max_seats, script.cash_outs, script.cash_out_fees, script.bounties, source,
        script.line,
    ))


cdef inline object _collected(const Amount *amount):
    """What a player collected, as the history gives it (``0``: nothing)."""
    return _ZERO if amount.places == NO_AMOUNT else <object>amount.printed


cdef object _record(tuple fields):
    """The SiteHand of ``fields``, all of them in order, written in its slots: the frozen dataclass's own
    ``__init__`` sets each field through ``object.__setattr__``, which costs more than the rest of the check."""
    record = PyType_GenericAlloc(<PyTypeObject *>_SITE_HAND, 0)
    cdef Py_ssize_t index
    for index in range(SITE_HAND_FIELDS):
        put(record, _PLACES.record[index], fields[index])
    return record
