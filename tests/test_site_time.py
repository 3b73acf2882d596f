"""The times sites print: the layout read by slicing at the start of a text is the one the regex defines."""

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from holdem.formats import _times
from holdem.formats.parsing import site_time


def by_regex(text):
    """What the regex alone reads (the definition of the layout)."""
    match = _times._TIME.search(text)
    if match is None:
        return None
    try:
        zone = _times.zone_for(match[7]) if match[7] else None
        return datetime.datetime(*[int(number or 0) for number in match.groups()[:6]], tzinfo=zone)
    except ValueError:
        return None


PIECES = st.sampled_from(
    ["2024", "1999", "0000", "/", ".", "-", ":", " ", "T", "\t", "1", "12", "123", "05", "9", "60", "ET", "CET",
     "CEST", "XYZW", "ABCDE", "E", "[", "]", "٣", "Level I (10/20) - "]
)


@settings(deadline=None, derandomize=True)
@given(st.lists(PIECES, max_size=16).map("".join))
def test_the_time_is_the_regexs(text):
    assert site_time(text) == by_regex(text)
    assert (site_time(text) or datetime.datetime.min).tzinfo == (by_regex(text) or datetime.datetime.min).tzinfo


def test_layouts_and_zones():
    assert site_time("2024/03/10 19:15:00 ET").isoformat() == "2024-03-10T19:15:00-04:00"
    assert site_time("2024/03/10 19:15:00 CET ").isoformat() == "2024-03-10T19:15:00+01:00"
    assert site_time("2024-3-1T7:05:09").isoformat() == "2024-03-01T07:05:09"
    assert site_time("2024/03/10 19:15:00 GMT").tzinfo is datetime.timezone.utc
    assert site_time("2024/03/10 19:15:00 XYZ").tzinfo is None  # a zone holdem does not know
    assert site_time("Level I (10/20)") is None
    assert site_time("2024/02/30 19:15:00 ET") is None  # no such day
    assert site_time("2024/03/10 24:00:00 ET") is None
    assert site_time("on 2024/03/10 19:15:00 ET").isoformat() == "2024-03-10T19:15:00-04:00"
    assert site_time("2021/04/12 16:01 UTC").isoformat() == "2021-04-12T16:01:00+00:00"  # no seconds
    assert site_time("2014/3/25 19:48:2").isoformat() == "2014-03-25T19:48:02"  # digits not padded
    assert site_time("2021/04/12 16:01:567 CET").isoformat() == "2021-04-12T16:01:56"  # no zone after a third digit


def test_text_of_a_subclass_of_str_and_unknown_zones():
    class Text(str):
        pass

    assert site_time(Text("2024/05/01 20:00:00 ET")) == site_time("2024/05/01 20:00:00 ET")
    assert site_time("2024/05/01 20:00:00 QQQ").tzinfo is None
    assert _times.zone_for("QQQ") is None


def test_what_is_not_text_is_refused():
    # No fast path answers for a list or a mapping: a TypeError, as for any wrong type.
    for wrong in (["2024/05/01 20:00:00"], ("a",), {}, 5, b"2024/05/01 20:00:00"):
        try:
            site_time(wrong)
        except TypeError:
            continue
        raise AssertionError(f"site_time({wrong!r}) was not refused")
