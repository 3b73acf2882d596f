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


cdef Py_ssize_t _numbers(str text, Py_ssize_t at, tuple widths, str separators, list numbers):
    """Read from ``at`` into ``numbers`` a number of each (least, most) ASCII digits of ``widths``, one of
    ``separators`` between each two; return where they end, or -1 if the text does not hold them there."""
    cdef Py_ssize_t end, size = len(text), index, count = len(widths), least, most
    cdef long value
    cdef Py_UCS4 mark
    for index in range(count):
        least, most = widths[index]
        end, value = at, 0
        while end < size and end - at < most:
            mark = text[end]
            if not _digit(mark):
                break
            value = 10 * value + (<long>mark - 48)  # the digit's value
            end += 1
        if end - at < least:
            return -1
        numbers.append(value)
        if index < count - 1:
            if end >= size or text[end] not in separators:
                return -1
            end += 1
        at = end
    return at


cdef tuple _fields_at_start(str text):
    """The year, month, day, hour, minute, second and zone (or ``None``) of the time the text
    starts with, as ``_TIME`` reads them there, if it starts with one in ASCII digits; else ``None``."""
    cdef Py_ssize_t size = len(text), at, end, start
    cdef list numbers = []
    at = _numbers(text, 0, ((4, 4), (1, 2), (1, 2)), u"/.-", numbers)  # the date
    if at < 0:
        return None
    start = at
    while at < size and text[at] in u" T":
        at += 1
    if at == start:
        return None
    at = _numbers(text, at, ((1, 2), (1, 2)), u":", numbers)  # the clock: hours, minutes
    if at < 0:
        return None
    end = _numbers(text, at + 1, ((1, 2),), u"", numbers) if at < size and text[at] == u":" else -1
    if end < 0:
        numbers.append(0)  # no seconds: some sites leave them out
    else:
        at = end
    while at < size and text[at].isspace():
        at += 1
    end = at
    while end < size and end - at < 4 and u"A" <= text[end] <= u"Z":
        end += 1
    numbers.append(text[at:end] if end - at >= 2 else None)
    return tuple(numbers)


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
    if type(text) is not str and isinstance(text, str):
        text = str(text)  # a subclass of str: the compiled reader takes exact text
    fields = _fields_at_start(text)
    if fields is None:
        if ":" not in text:  # no clock: the most common text without a time, told without the regex
            return None
        match = _TIME.search(text)
        if match is None:
            return None
        fields = (*[int(number or 0) for number in match.groups()[:6]], match[7])
    name = fields[6]
    try:
        return datetime_new(
            fields[0], fields[1], fields[2], fields[3], fields[4], fields[5], 0, zone_for(name) if name else None
        )
    except ValueError:  # no such day or time
        return None
