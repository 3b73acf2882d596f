"""The framework's options for the sites' formats, each on a hand made here: raises given as the
chips added, a rake the site does not print, lines that come before a site's hands, and sites
whose files are one document that they split themselves."""

from __future__ import annotations

import copy
import io
from collections.abc import Iterator
from decimal import Decimal

import pytest

from holdem.formats import parsing
from holdem.formats.histories import Act, HandProblem, ParsedHand, Post, PostKind, Seat, read_histories, replay


def heads_up(streets: list[list[Act]], collected: dict[str, str], **fields: object) -> ParsedHand:
    """Ann on the button (the small blind) and Bob, 1/2 no limit, 100 chips each."""
    parsed = ParsedHand(
        "Test", "1", 1, small_blind=Decimal(1), big_blind=Decimal(2), button=1,
        seats=[Seat(1, "Ann", Decimal(100)), Seat(2, "Bob", Decimal(100))],
        posts=[Post("Ann", PostKind.SMALL_BLIND, Decimal(1)), Post("Bob", PostKind.BIG_BLIND, Decimal(2))],
        streets=streets, collected={name: Decimal(amount) for name, amount in collected.items()},
        returned=None, returns_in_collected=True,
    )  # fmt: skip
    for name, value in fields.items():
        setattr(parsed, name, value)
    return parsed


def test_adds_is_the_chips_put_in_a_call_when_they_make_the_call() -> None:
    # Ann (1 in) adds 5: a raise to 6; Bob (2 in) adds 16: a raise to 18; Ann adds 12: a call.
    acts = [Act("Ann", "adds", Decimal(5)), Act("Bob", "adds", Decimal(16)), Act("Ann", "adds", Decimal(12))]
    flop = [Act("Bob", "adds", Decimal(10)), Act("Ann", "fold")]
    record = replay(heads_up([acts, flop], {"Bob": "46"}, boards=[(0, 1, 2)]))
    assert record.net == (Decimal(-18), Decimal(18))
    assert [action.amount for action in record.hand.history if action.kind.value in ("raise", "call", "bet")][:3] == [6, 18, 12]


def test_adds_of_an_all_in_for_less_is_a_call_and_a_wrong_one_is_a_problem() -> None:
    short = heads_up([[Act("Ann", "adds", Decimal(29))], [], [], []], {"Ann": "0", "Bob": "0"})
    short.seats[1].stack = Decimal(20)  # Bob can only call 18 more, all in
    short.streets[0].append(Act("Bob", "adds", Decimal(18)))
    short.boards = [tuple(range(5))]
    short.holes = {"Ann": (50, 51), "Bob": (48, 49)}
    short.shown = {"Ann": (50, 51), "Bob": (48, 49)}
    short.collected = {name: Decimal(amount) for name, amount in {"Ann": "30", "Bob": "20"}.items()}
    record = replay(short)  # a board of 2c 2d 2h 2s 3c: a tie, Ann's 10 uncalled back to her
    assert record.net == (Decimal(0), Decimal(0))
    short.streets[0][1] = Act("Bob", "adds", Decimal(17))
    with pytest.raises(HandProblem, match="a call of the wrong amount"):
        replay(short)


def test_a_rake_not_printed_is_what_the_pots_hold_beyond_the_collected_amounts() -> None:
    acts = [Act("Ann", "call", Decimal(1)), Act("Bob", "check")]
    flop = [Act("Bob", "bet", Decimal(4)), Act("Ann", "fold")]
    record = replay(heads_up([acts, flop], {"Bob": "7.50"}, boards=[(0, 1, 2)], rake_printed=False, currency="USD"))
    assert record.rake == Decimal("0.50") and record.net == (Decimal(-2), Decimal("1.50"))
    assert sum(record.net) + record.rake == 0
    for wrong in ({"Bob": "8.50"}, {"Ann": "0.50", "Bob": "7"}):  # more than the pots, or a loser collecting
        with pytest.raises(HandProblem, match="the pots do not replay"):
            replay(heads_up([acts, flop], wrong, boards=[(0, 1, 2)], rake_printed=False, currency="USD"))


@pytest.fixture
def sites(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sites' registry as it is, restored after the test."""
    monkeypatch.setattr(parsing, "_SITES", copy.copy(parsing._SITES))
    for name in ("_ALL_STARTS", "_ALL_PRELUDES"):
        monkeypatch.setattr(parsing, name, getattr(parsing, name))


def parse_one(lines: list[str], line: int) -> ParsedHand:
    """A one-line hand ``HAND id``: Ann's walk, unless the id is ``bad``."""
    if lines[0].endswith("bad") or any(lines[1:]):
        raise HandProblem("a bad hand", line)
    parsed = heads_up([[Act("Ann", "fold")]], {"Bob": "3"})
    parsed.hand_id = lines[0].split()[1]
    return parsed


def test_lines_a_site_prints_before_its_hands_are_not_stray_text(sites: None) -> None:
    parsing.register(parsing.Site("Preluded", ("HAND ",), parse_one, preludes=("Round #",)))
    reader = read_histories(io.StringIO("stray\nRound #1 starts.\n\nHAND 7\n\n"))
    assert [record.hand_id for record in reader] == ["7"]
    assert [problem.reason for problem in reader.problems] == [
        "line 1 is not part of any hand: no hand of a site holdem reads starts there"
    ]


def split_documents(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """Documents ``<doc>`` ... ``</doc>`` of ``HAND`` lines."""
    for number, line in lines:
        if line == "</doc>":
            return
        if line == "junk":
            raise HandProblem("not a document: the rest of the file is not read", number)
        if line.startswith("HAND "):
            yield number, [line]


def test_a_site_that_splits_its_documents_is_given_their_lines(sites: None) -> None:
    parsing.register(parsing.Site("Documents", ("<doc>",), parse_one, split=split_documents))
    text = "<doc>\nHAND 1\nHAND bad\n</doc>\nHAND 9\n<doc>\nHAND 2\njunk\nHAND 3\n</doc>\n"
    reader = read_histories(io.StringIO(text))
    assert [record.hand_id for record in reader] == ["1", "2"]
    assert [(problem.line, problem.reason) for problem in reader.problems] == [
        (3, "a bad hand"),
        (5, "line 5 is not part of any hand: no hand of a site holdem reads starts there"),
        (8, "not a document: the rest of the file is not read"),
    ]


def test_a_problem_names_the_hand_its_parser_knew(sites: None) -> None:
    def parse_named(lines: list[str], line: int) -> ParsedHand:
        raise HandProblem("a bad hand", line, hand_id=lines[0].split()[1])

    parsing.register(parsing.Site("Named", ("ROUND ",), parse_named))
    reader = read_histories(io.StringIO("ROUND 12\n"))
    assert list(reader) == [] and reader.problems[0].hand_id == "12"


def test_a_document_a_site_cannot_read_is_one_problem_and_text_after_it_another(sites: None) -> None:
    parsing.register(parsing.Site("Documents", ("<doc>",), parse_one, split=split_documents))
    reader = read_histories(io.StringIO("<doc>\njunk\n"))
    assert list(reader) == [] and [problem.line for problem in reader.problems] == [2]
    reader = read_histories(io.StringIO("<doc>\nHAND 1\n</doc>\nafter\n"))
    assert [record.hand_id for record in reader] == ["1"]
    assert [problem.reason for problem in reader.problems] == [
        "line 4 is not part of any hand: no hand of a site holdem reads starts there"
    ]
