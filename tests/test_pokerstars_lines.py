"""PokerStars' header, seat, table, stakes, deal, uncalled bet, results, shown cards and information lines and
a tournament's id: what the compiled readers take apart is what the regexes that define them match."""

import re

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from holdem.formats._pokerstars import (
    action, collected_line, dealt_line, header_line, information_line, parse, returned_line, seat_line, shown_cards,
    stakes_of, table_line,
)
from holdem.formats.parsing import HandProblem, site_time

SEAT = re.compile(r"Seat (\d+): (.*) \(([^()]*?) in chips(?:, ([^()]*?) bounty)?(?:\) |\)$)(.*)")
TABLE = re.compile(r"Table (?:ID )?'(.*)'\s*(?:(\d+)-[mM]ax\s*)?(?:\(Play Money\)\s*)?Seat #(\d+) is the button")
STAKES = re.compile(r"\((?:[^()/]*, )?([^()/]+)/([^()/]+?)(?: [A-Z]{3})?\)")


def groups(pattern, text, search=False):
    match = (pattern.search if search else pattern.match)(text)
    return None if match is None else match.groups()


def texts(pieces, size=12):
    return st.lists(st.sampled_from(pieces), max_size=size).map("".join)


SEAT_PIECES = [
    "Seat ", "Seat 3: ", "12", "٣", ":", ": ", " ", "(", ")", " (", ") ", "Ann", "$1.50", "1500", " in chips",
    ", ", " bounty", ", $5 bounty", "is sitting out", "out of hand", "x",
]
TABLE_PIECES = [
    "Table '", "Table ID '", "ID ", "'", " ", "\u2003", "\t", "Alpha", "6", "٣", "-max", "-Max", "(Play Money)", "Seat #",
    "Seat", "#",
    " is the button", "is the button", "x",
]
STAKES_PIECES = [
    "(", ")", "/", "$0.01", "$0.02", " USD", " usd", " EURO", " EU", "USD", " ", "Hold'em", " - ", "10", "x", ", ", ",",
]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(SEAT_PIECES))
def test_the_seat_line_read_is_the_one_the_regex_defines(text):
    assert seat_line(text) == groups(SEAT, text)
    assert seat_line("Seat 1: " + text) == groups(SEAT, "Seat 1: " + text)


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(TABLE_PIECES))
def test_the_table_line_read_is_the_one_the_regex_defines(text):
    assert table_line(text) == groups(TABLE, text)
    assert table_line("Table '" + text) == groups(TABLE, "Table '" + text)


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(STAKES_PIECES, 14))
def test_the_stakes_read_are_the_ones_the_regex_defines(text):
    match = STAKES.search(text)
    assert stakes_of(text) == (None if match is None else (match[0], match[1], match[2]))


def test_lines_as_printed():
    for text in [
        "Seat 1: Ann ($2 in chips)",
        "Seat 2: Bob (x) (1500 in chips) is sitting out",
        "Seat 3: C (1 in chips) (2 in chips, 3 bounty) out of hand (moved from another table into small blind)",
        "Seat 4: D ( in chips)",
        "Seat 5: E (5 in chips in chips)",
        "Seat 6: F (b) (3 in chips, 2 in chips, 1 bounty)",
        # Long lines of many parentheses or many "in chips", each read in one pass.
        "Seat 7: G (" + "x in chips" * 5000 + "y) (1 in chips)",
        "Seat 8: H" + " (" * 20000 + "1 in chips)x (2 in chips)",
    ]:
        assert seat_line(text) == groups(SEAT, text) is not None
    for text in [
        "Table 'Alpha II' 6-max Seat #3 is the button",
        "Table 'Home 'x'' 9-max (Play Money) Seat #1 is the button",
        "Table '1234 5'Seat #10 is the button and more",
        "Table ID '12345' 6-Max Seat #4 is the button",
    ]:
        assert table_line(text) == groups(TABLE, text) is not None
    for text in ["Hold'em Limit ($0.10/$0.20 USD)", "(1/2)", "x (a/b/c) (10/20 EUR)", "( USD/ USD)"]:
        assert stakes_of(text) == STAKES.search(text).group(0, 1, 2)


COLLECTED = re.compile(r"(.*) collected (\S+) from (?:main pot|side pot(?:-\d+)?|pot)$")
COLLECTED_PIECES = [
    "Ann", " collected ", "collected", "$1", "\t", " ", " from ", "from", "pot", "main pot", "side pot", "-", "2",
    "٣", "side pot-", "x",
]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(COLLECTED_PIECES))
def test_the_collected_line_read_is_the_one_the_regex_defines(text):
    assert collected_line(text) == groups(COLLECTED, text)
    for pot in ("pot", "side pot-12"):
        assert collected_line(f"{text} collected $1 from {pot}") == groups(COLLECTED, f"{text} collected $1 from {pot}")


DEALT = re.compile(r"Dealt to (.*?) \[([^\]]*)\](?: \[([^\]]*)\])?$")
DEALT_PIECES = ["Dealt to ", "Ann", " ", "[", "]", " [", "] [", "Ah Kd", "x", "Dealt"]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(DEALT_PIECES))
def test_the_dealt_line_read_is_the_one_the_regex_defines(text):
    assert dealt_line(text) == groups(DEALT, text)
    assert dealt_line("Dealt to " + text) == groups(DEALT, "Dealt to " + text)


SHOWN = re.compile(r"Seat \d+: (.*?)(?: \((?:button|small blind|big blind)\))* (showed|mucked) \[([^\]]*)\]")
SHOWN_PIECES = [
    "Seat ", "1", "12", "٣", ": ", " ", "Ann", "B", " (button)", " (small blind)", " (big blind)", " (x)", " showed [",
    " mucked [", "showed", "Ah Kd", "]", "[", " and won ($1)", "x",
]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(SHOWN_PIECES))
def test_the_shown_cards_read_are_the_ones_the_regex_defines(text):
    for line in (text, "Seat 3: " + text):
        match = SHOWN.match(line)
        assert shown_cards(line) == (None if match is None else (match[1], match[2] == "showed", match[3]))


RETURNED = re.compile(r"Uncalled bet \((\S+)\) returned to (.*)$")
RETURNED_PIECES = ["Uncalled bet (", "(", ")", ") ", " ", "\t", "$1", "returned to ", " returned to ", "Ann", "x", "\u2003"]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(RETURNED_PIECES))
def test_the_uncalled_bet_read_is_the_one_the_regex_defines(text):
    for line in (text, "Uncalled bet (" + text):
        assert returned_line(line) == groups(RETURNED, line)


HEADER = re.compile(
    r"(?:PokerStars (Zoom Hand|Home Game Hand|Home Game|Hand|Game)|Full Tilt (Rush Hand|Hand)"
    r"|(?:Run It Once Poker|PokerMaster|PokerBros) (Hand)) #(\d+):\s*(?:\{[^}]*\}\s*)?(.*)$"
)
HEADER_PIECES = [
    "PokerStars ", "Full Tilt ", "Run It Once Poker ", "PokerMaster ", "PokerBros ", "Zoom ", "Rush ", "Home ",
    "Game ", "Hand", "Game", " #", "#", "12", "٣", ":", " ", "\u2003", "{", "}", "Club", "Hold'em", "x",
]


def header_groups(line):
    match = HEADER.match(line)
    return None if match is None else (match[1] or match[2] or match[3], match[4], match[5])


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(HEADER_PIECES))
def test_the_header_read_is_the_one_the_regex_defines(text):
    for line in (text, "PokerStars " + text, "PokerStars Hand #7:" + text, "Full Tilt " + text, "PokerBros " + text):
        assert header_line(line) == header_groups(line)


def test_headers_as_printed():
    for line in [
        "Full Tilt Rush Hand #12:  Hold'em No Limit (25/50)",
        "Full Tilt Hand #12: Tournament #3, 870+130 Hold'em No Limit",
        "Run It Once Poker Hand #12: Hold'em No Limit (€0.02/€0.04)",
        "PokerMaster Hand #12: Hold'em No Limit (¥2/¥4 CNY)",
        "PokerBros Hand #12: Hold'em No Limit ($0.5/$1 USD)",
    ]:
        assert header_line(line) == header_groups(line) is not None
    for line in ["Full Tilt Zoom Hand #12: x", "PokerBros Rush Hand #12: x", "Full Tilt Poker Game #12: x"]:
        assert header_line(line) is None


INFORMATION = re.compile(
    r"Betting is capped$|.*(?: said, \".*\"| is sitting out| sits out| has timed out.*| is disconnected| is connected"
    r"| has returned| joins the table.*| leaves the table| will be allowed to play after the button"
    r"| was removed from the table.*| finished the tournament.*| wins the tournament.*| wins an entry to .*"
    r"| re-buys and receives .*| takes the add-on and receives .*| has \d+ seconds left to act| is feeling .*"
    r"| seconds left to act| has requested TIME| was moved to .*| is moved to .*| wins a .* ticket.*)$"
)
INFORMATION_PIECES = [
    "Ann", " said, \"", "\"", " is sitting out", " sits out", " has timed out", " is connected", " joins the table",
    " has 12 seconds left to act", " has ٣ seconds left to act", " wins a ", " ticket", " is feeling ", " ", "\r",
    "Betting is capped", " wins an entry to ", " has requested TIME", "x", "é", "人", "\n",
]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(texts(INFORMATION_PIECES, 6))
def test_an_information_line_is_one_the_regex_defines(text):
    assert information_line(text) == bool(INFORMATION.match(text))


TOURNAMENT = re.compile(
    r"Tournament #(?P<id>\d+),\s*(?P<buy_in>.*?)\s+"
    r"(?=Hold'em|6\+ Hold'em|Split Hold'em|Omaha|Razz|Stud|Triple|5 Card|Courchevel|HORSE|8-Game|Mixed|Badugi|Single)"
)
TOURNAMENT_IDS = ["12", "٣", "7", "x", ","]
TOURNAMENT_PIECES = [",", ", ", " ", "\u2003", "\n", "$1+$0.10 USD", "Freeroll", "Hold'em ", "Omaha ", "x"]
HAND = [
    "Table '9 1' 9-max Seat #1 is the button", "Seat 1: Ann (1500 in chips)", "Seat 2: Bob (1500 in chips)",
    "Ann: posts small blind 10", "Bob: posts big blind 20", "*** HOLE CARDS ***", "Ann: folds",
    "Uncalled bet (10) returned to Bob", "Bob collected 20 from pot", "*** SUMMARY ***", "Total pot 20 | Rake 0",
]


@settings(deadline=None, derandomize=True, max_examples=1000)
@given(texts(TOURNAMENT_IDS, 3), texts(TOURNAMENT_PIECES, 5))
@example("12", ", $1+$0.10 USD ")  # as printed: read in place
@example("12", ", ")
@example("12", ",  Freeroll\u2003")
@example("12", ", x\n$1+$0.10 USD ")  # a line end inside: the pattern's dot stops there
@example("٣", ", $1+$0.10 USD ")  # digits of another script: by the pattern
def test_the_tournament_read_is_the_one_the_regex_defines(number, text):
    rest = f"Tournament #{number}{text}Hold'em No Limit - Level I (10/20) - 2024/01/02 3:04:05 ET"
    match = TOURNAMENT.match(rest)
    try:
        hand = parse([f"PokerStars Hand #7: {rest}", *HAND], 1)
    except HandProblem:  # a header whose game or stakes are not where they should be
        return
    assert hand.tournament == (None if match is None else match["id"])


TIME_PIECES = [
    "2024", "/", ".", "-", ":", " ", "T", "\u2003", "03", "5", "21", "14:07", " CET", " ET", "XYZ", "\u0663", "x",
]


@settings(deadline=None, derandomize=True, max_examples=2000)
@given(texts(TIME_PIECES), texts(TIME_PIECES))
@example("2024/03/05 21:14:07 CET ", "2024/03/05 15:14:07 ET")  # as printed: the first zone known
@example("2024/03/05 21:14:07 XYZ ", "2024/03/05 15:14:07 ET")  # the first zone known, in the second part
@example("2024/03/05 21:14:07 XYZ ", "2024/03/05 15:14:07 XYZ")  # no zone known: the first time
def test_the_headers_time_is_the_first_of_its_parts_read_alone(first, second):
    assume(" - " not in first + "[" + second)  # the parts the header is cut into: these two
    header = f"PokerStars Hand #7: Tournament #1, Freeroll Hold'em No Limit - Level I (10/20) - {first}[{second}]"
    try:
        hand = parse([header, *HAND], 1)
    except HandProblem:  # a header that the pieces make into no PokerStars hand's
        return
    times = [site_time(first), site_time(second + "]")]
    aware = [time for time in times if time is not None and time.tzinfo is not None]
    assert hand.started == (aware or [time for time in times if time is not None] or [None])[0]
    assert (hand.started and hand.started.tzinfo) == ((aware or [None])[0] and aware[0].tzinfo)


NAME_PIECES = ["a", "b", "ab", "é", "Ж", "abcdefg", "Жжжж", ":", " "]


@settings(deadline=None, derandomize=True, max_examples=3000)
@given(st.lists(texts(NAME_PIECES, 8), min_size=1, max_size=4), texts(NAME_PIECES, 8), texts(["folds", "x", ": "], 3))
@example(["abcdefgh1", "abcdefgh2"], "abcdefgh2", "folds")  # nine characters, the last apart
@example(["1abcdefgh", "2abcdefgh"], "2abcdefgh", "folds")  # the first
@example(["abcdefgh1abcdefgh", "abcdefgh2abcdefgh"], "abcdefgh2abcdefgh", "folds")  # seventeen, the ninth
@example(["abcd1", "abcd2"], "abcd2", "folds")  # five, the last
@example(["1abcd", "2abcd"], "2abcd", "folds")  # five, the first
@example(["ab1", "ab2"], "ab2", "folds")  # three, the last
@example(["1b", "2b"], "2b", "folds")  # two, the first
@example(["Жж1", "Жж2"], "Жж2", "folds")  # two bytes a character
@example(["Жжжжжж1", "Жжжжжж2"], "Жжжжжж2", "folds")
@example(["\U0001f600\U0001f6001", "\U0001f600\U0001f6002"], "\U0001f600\U0001f6002", "folds")  # four bytes
def test_the_player_a_line_names_is_the_one_python_finds(names, name, rest):
    # Names that differ in one character of any place, of one, two or four bytes a character: told apart.
    text = f"{name}: {rest}"
    expected = None
    for at in range(len(text) - 1):
        if text[at : at + 2] == ": " and text[:at] in names:
            expected = (names[names.index(text[:at])], text[at + 2 :])
            break
    assert action(text, names) == expected
