# The times that sites print (``2024/05/01 20:00:00 ET``), read in compiled
# code since every hand's header has one: the fixed layout at the start of
# the text in place, any other place by the regex that defines the layout.

from cpython.datetime cimport datetime_new, import_datetime
from cpython.unicode cimport Py_UNICODE_ISSPACE, PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ

cdef extern from "Python.h":
    Py_ssize_t PyUnicode_FindChar(str text, Py_UCS4 mark, Py_ssize_t start, Py_ssize_t end, int direction) except -2

import datetime
import re

import_datetime()

__all__ = ["site_time", "zone_for"]

_ZONES = {
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "GMT": "UTC",
    "UTC": "UTC",
    "BST": "Europe/London",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "MT": "America/Denver",
    "CT": "America/Chicago",
    "AT": "America/Halifax",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
    "NZT": "Pacific/Auckland",
    "IST": "Asia/Kolkata",
    "CCT": "Asia/Shanghai",
    "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul",
}
_TIME = re.compile(r"(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})[ T]+(\d{1,2}):(\d{1,2})(?::(\d{1,2}))?\s*([A-Z]{2,4})?")
# A known zone's object by the code of its name (see _capitals), made once: each thread that misses stores the
# same value.
cdef dict _zone_of = {}


cpdef object zone_for(str name):
    """The zone a site's name of it stands for (``None``: one holdem does not know, or no time zone database)."""
    cdef _Text read
    cdef long code
    if name is None:
        return None
    read.kind, read.data, read.end = PyUnicode_KIND(name), PyUnicode_DATA(name), len(name)
    if _capitals(&read, 0, &code) != len(name):  # every name holdem knows is of two to four capitals
        return None
    return _zone(code, name, 0, len(name))


cdef object _zone(long code, str text, Py_ssize_t start, Py_ssize_t end):
    """The zone that ``text[start:end]``, a name of capitals of code ``code``, stands for, as :func:`zone_for`
    gives it."""
    zone = _zone_of.get(code, _zone_of)  # the dict itself: not kept
    if zone is not _zone_of:
        return zone
    key = _ZONES.get(text[start:end])
    if key is None:  # not kept: a file may name any number of made-up zones
        return None
    zone = None
    if key == "UTC":
        zone = datetime.timezone.utc
    else:
        try:
            from zoneinfo import ZoneInfo

            zone = ZoneInfo(key)
        except (ImportError, LookupError, ValueError, OSError):  # no time zone database here
            zone = None
    _zone_of[code] = zone
    return zone


cdef struct _Text:  # a str's characters read in place, up to ``end``
    unsigned int kind
    const void *data
    Py_ssize_t end


cdef inline Py_UCS4 _at(const _Text *text, Py_ssize_t at) noexcept:
    """The character at ``at``, or 0 past the end (no character that a time holds)."""
    return PyUnicode_READ(text.kind, text.data, at) if at < text.end else 0


cdef Py_ssize_t _number(const _Text *text, Py_ssize_t at, Py_ssize_t least, Py_ssize_t most, long *value) noexcept:
    """Read from ``at`` a number of ``least`` to ``most`` ASCII digits into ``value``; return where it ends,
    or -1 if the text does not hold one there."""
    cdef Py_ssize_t end = at
    cdef Py_UCS4 mark
    value[0] = 0
    while end - at < most:
        mark = _at(text, end)
        if not u"0" <= mark <= u"9":
            break
        value[0] = 10 * value[0] + (<long>mark - 48)  # the digit's value
        end += 1
    return end if end - at >= least else -1


cdef inline bint _date_mark(Py_UCS4 mark) noexcept:
    """Whether ``mark`` separates the parts of a date."""
    return mark == u"/" or mark == u"." or mark == u"-"


cdef Py_ssize_t _clock_at(const _Text *text, Py_ssize_t at, long *numbers) noexcept:
    """Where the time the text starts with at ``at`` ends (its zone, if any, after), its year, month, day, hour,
    minute and second into ``numbers``, as ``_TIME`` reads them there, if it starts with one in ASCII digits;
    else -1."""
    cdef Py_ssize_t start, end
    at = _number(text, at, 4, 4, &numbers[0])  # the date
    if at < 0 or not _date_mark(_at(text, at)):
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[1])
    if at < 0 or not _date_mark(_at(text, at)):
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[2])
    if at < 0:
        return -1
    start = at
    while _at(text, at) == u" " or _at(text, at) == u"T":
        at += 1
    if at == start:
        return -1
    at = _number(text, at, 1, 2, &numbers[3])  # the clock: hours, minutes
    if at < 0 or _at(text, at) != u":":
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[4])
    if at < 0:
        return -1
    end = _number(text, at + 1, 1, 2, &numbers[5]) if _at(text, at) == u":" else -1
    if end < 0:
        numbers[5] = 0  # no seconds: some sites leave them out
    else:
        at = end
    return at


cdef Py_ssize_t _capitals(const _Text *text, Py_ssize_t at, long *code) noexcept:
    """Where the run of up to four capitals from ``at`` ends; their code into ``code``, five bits each (1 to 26:
    names of other lengths have other codes)."""
    cdef Py_ssize_t end = at
    cdef Py_UCS4 mark
    code[0] = 0
    while end - at < 4:
        mark = _at(text, end)
        if not u"A" <= mark <= u"Z":
            break
        code[0] = code[0] << 5 | (<long>mark - 64)
        end += 1
    return end


cdef object _zone_at(str text, const _Text *read, Py_ssize_t at):
    """The zone named after a time that ends at ``at``: two to four capitals after any spaces, as
    :func:`zone_for` gives it (``None``: no name, or one holdem does not know)."""
    cdef Py_ssize_t end
    cdef long code
    while Py_UNICODE_ISSPACE(_at(read, at)):  # 0 past the end: no space
        at += 1
    end = _capitals(read, at, &code)
    return _zone(code, text, at, end) if end - at >= 2 else None


cdef object time_at(str text, Py_ssize_t start, Py_ssize_t end):
    """:func:`site_time` of ``text[start:end]`` (``start`` not negative, ``end`` at most the text's length),
    read in place."""
    cdef long numbers[6]
    cdef Py_ssize_t at, index
    cdef _Text read
    read.kind, read.data, read.end = PyUnicode_KIND(text), PyUnicode_DATA(text), end
    at = _clock_at(&read, start, numbers)
    if at < 0:
        if PyUnicode_FindChar(text, 58, start, end, 1) < 0:  # no clock (no ":"): the most common text without a time
            return None
        match = _TIME.search(text, start, end)  # the pattern has no anchor: as on ``text[start:end]``
        if match is None:
            return None
        for index in range(6):
            numbers[index] = int(match[index + 1] or 0)
        zone = zone_for(match[7]) if match[7] else None
    else:
        zone = _zone_at(text, &read, at)
    try:
        return datetime_new(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5], 0, zone)
    except ValueError:  # no such day or time
        return None


def site_time(text):
    """The time a site prints (``2024/05/01 20:00:00 ET``; some print ``2014/3/25 19:48:2`` or leave the
    seconds out), aware of its zone when it names one holdem knows; ``None`` when the text holds no time.

    >>> site_time("2024/05/01 20:00:00 ET").isoformat()
    '2024-05-01T20:00:00-04:00'
    >>> site_time("2024/05/01 20:00:00").isoformat()
    '2024-05-01T20:00:00'
    >>> site_time("2021/04/12 16:01 UTC").isoformat()
    '2021-04-12T16:01:00+00:00'
    """
    if type(text) is not str:
        if not isinstance(text, str):
            raise TypeError(f"a time is read from text, not {type(text).__name__}")
        text = str(text)  # a subclass of str: the compiled reader takes exact text
    return time_at(text, 0, len(text))
