"""PokerStars' seat lines: what the compiled reader takes apart is what the regex that defines the line matches."""

from hypothesis import given, settings
from hypothesis import strategies as st

import re

from holdem.formats._pokerstars import seat_line

SEAT = re.compile(r"Seat (\d+): (.*) \(([^()]*?) in chips(?:, ([^()]*?) bounty)?(?:\) |\)$)(.*)")
"""The definition of a seat line: the name as long as it can be, the stack as short."""

PIECES = st.sampled_from(
    ["Seat ", "Seat 3: ", "12", "٣", ":", ": ", " ", "(", ")", " (", ") ", "Ann", "$1.50", "1500", " in chips",
     ", ", " bounty", ", $5 bounty", "is sitting out", "out of hand", "x"]
)


def by_regex(text):
    match = SEAT.match(text)
    return None if match is None else match.groups()


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(st.lists(PIECES, max_size=12).map("".join))
def test_the_seat_line_read_is_the_one_the_regex_defines(text):
    assert seat_line(text) == by_regex(text)
    assert seat_line("Seat 1: " + text) == by_regex("Seat 1: " + text)


def test_names_with_parentheses_and_bounties():
    for text in [
        "Seat 1: Ann ($2 in chips)",
        "Seat 2: Bob (x) (1500 in chips) is sitting out",
        "Seat 3: C (1 in chips) (2 in chips, 3 bounty) out of hand (moved from another table into small blind)",
        "Seat 4: D ( in chips)",
        "Seat 5: E (5 in chips in chips)",
    ]:
        assert seat_line(text) == by_regex(text) is not None
