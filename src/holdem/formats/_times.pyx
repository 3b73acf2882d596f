# The times that sites print (``2024/05/01 20:00:00 ET``), read in compiled
# code since every hand's header has one: the fixed layout at the start of
# the text by slicing, any other place by the regex that defines the layout.

from cpython.datetime cimport datetime_new, import_datetime

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
# A zone's object by its name, made once: each thread that misses stores the same value.
cdef dict _zone_of = {}


cpdef object zone_for(str name):
    """The zone a site's name of it stands for (``None``: one holdem does not know, or no time zone database)."""
    if name in _zone_of:
        return _zone_of[name]
    key = _ZONES.get(name)
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
    _zone_of[name] = zone
    return zone


cdef inline bint _digit(Py_UCS4 mark):
    return u"0" <= mark <= u"9"


cdef Py_ssize_t _number(str text, Py_ssize_t at, Py_ssize_t least, Py_ssize_t most, long *value):
    """Read from ``at`` a number of ``least`` to ``most`` ASCII digits into ``value``; return where it ends,
    or -1 if the text does not hold one there."""
    cdef Py_ssize_t end = at, size = len(text)
    cdef Py_UCS4 mark
    value[0] = 0
    while end < size and end - at < most:
        mark = text[end]
        if not _digit(mark):
            break
        value[0] = 10 * value[0] + (<long>mark - 48)  # the digit's value
        end += 1
    return end if end - at >= least else -1


cdef inline bint _date_mark(str text, Py_ssize_t at):
    """Whether ``text[at]`` (``at`` not negative) separates the parts of a date."""
    return at < len(text) and text[at] in u"/.-"


cdef inline bint _colon(str text, Py_ssize_t at):
    """Whether ``text[at]`` (``at`` not negative) is a colon."""
    return at < len(text) and text[at] == u":"


cdef Py_ssize_t _clock_at_start(str text, long *numbers) except -2:
    """Where the time the text starts with ends (its zone, if any, after), its year, month, day, hour, minute
    and second into ``numbers``, as ``_TIME`` reads them there, if it starts with one in ASCII digits; else -1."""
    cdef Py_ssize_t size = len(text), at, start, end
    at = _number(text, 0, 4, 4, &numbers[0])  # the date
    if at < 0 or not _date_mark(text, at):
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[1])
    if at < 0 or not _date_mark(text, at):
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[2])
    if at < 0:
        return -1
    start = at
    while at < size and text[at] in u" T":
        at += 1
    if at == start:
        return -1
    at = _number(text, at, 1, 2, &numbers[3])  # the clock: hours, minutes
    if at < 0 or not _colon(text, at):
        return -1
    at = _number(text, at + 1, 1, 2, &numbers[4])
    if at < 0:
        return -1
    end = _number(text, at + 1, 1, 2, &numbers[5]) if _colon(text, at) else -1
    if end < 0:
        numbers[5] = 0  # no seconds: some sites leave them out
    else:
        at = end
    return at


cdef str _zone_name(str text, Py_ssize_t at):
    """The zone's name after a time that ends at ``at``: two to four capitals after any spaces (``None``: none)."""
    cdef Py_ssize_t size = len(text), end
    while at < size and text[at].isspace():
        at += 1
    end = at
    while end < size and end - at < 4 and u"A" <= text[end] <= u"Z":
        end += 1
    return text[at:end] if end - at >= 2 else None


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
    cdef long numbers[6]
    cdef Py_ssize_t at, index
    if type(text) is not str and isinstance(text, str):
        text = str(text)  # a subclass of str: the compiled reader takes exact text
    at = _clock_at_start(text, numbers)
    if at < 0:
        if ":" not in text:  # no clock: the most common text without a time, told without the regex
            return None
        match = _TIME.search(text)
        if match is None:
            return None
        for index in range(6):
            numbers[index] = int(match[index + 1] or 0)
        name = match[7]
    else:
        name = _zone_name(text, at)
    try:
        return datetime_new(
            numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5], 0,
            zone_for(name) if name else None,
        )
    except ValueError:  # no such day or time
        return None
