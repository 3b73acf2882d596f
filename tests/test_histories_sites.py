"""Recognising the site of each hand: no site's lines start another site's hand, and the lines some
sites print before a hand (``#Game No : N``) start none."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from holdem.formats import histories, parsing
from holdem.formats._histories import site_of
from holdem.formats.histories import read_histories

DATA = Path(__file__).parent / "data" / "histories"
SITES = {
    "pokerstars": "PokerStars",
    "ggpoker": "GGPoker",
    "winamax": "Winamax",
    "888poker": "888poker",
    "wpn": "WPN",
    "partypoker": "partypoker",
    "ipoker": "iPoker",
    "fulltilt": "Full Tilt",
}
# The rooms on PokerStars' software, read by its reader as sites of their own (Full Tilt's later hands among
# them): their fixtures are in the folder rooms.
ROOMS = ("Full Tilt", "Run It Once", "PokerMaster", "PokerBros")


def sites_of(path: Path) -> set[str]:
    """The sites whose hands a fixture file holds."""
    return set(ROOMS) if path.parent.name == "rooms" else {SITES[path.parent.name]}


def test_every_site_has_fixtures() -> None:
    assert sorted(site.name for site in parsing._SITES) == sorted([*SITES.values(), *ROOMS])
    assert sorted(path.name for path in DATA.iterdir()) == sorted([*SITES, "rooms"])
    assert {record.site for record in read_histories(DATA / "rooms")} == set(ROOMS)


@pytest.mark.parametrize("folder", sorted([*SITES, "rooms"]))
def test_each_fixture_reads_as_its_own_site(folder: str) -> None:
    for path in sorted((DATA / folder).iterdir()):
        sites = sites_of(path)
        reader = read_histories(path)
        assert all(record.site in sites for record in reader)
        for problem in reader.problems:  # a problem of no site is a file that holds no hand at all
            no_hand = problem.site is None and problem.reason.startswith("not a hand history")
            assert problem.site in sites or no_hand, problem
    assert list(read_histories(DATA / folder))


@pytest.mark.parametrize("folder", sorted(set(SITES) - {"ipoker"}))
@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_of_an_odd_number_of_bytes_reads_as_its_text(folder: str, encoding: str) -> None:
    """A lone last byte (a file of an odd length) is no character: not a line of the last hand."""
    text = (DATA / folder / "cash.txt").read_text(encoding="utf-8").strip() + "\n"
    as_text = read_histories(io.StringIO(text))
    whole = [record.hand_id for record in as_text]
    reader = read_histories(io.BytesIO(text.encode(encoding) + b"\n"))
    assert [record.hand_id for record in reader] == whole and whole
    assert reader.problems == as_text.problems


@pytest.mark.parametrize("folder", sorted(set(SITES) - {"ipoker"}))
def test_a_line_longer_than_any_hands_is_a_problem_of_its_hand_alone(folder: str) -> None:
    """A line of more than ``MAX_HAND_LINE`` characters (here one that costs a site's patterns the most to try,
    parts over and over) makes its hand a problem without being parsed; the other hands read."""
    text = (DATA / folder / "cash.txt").read_text(encoding="utf-8").strip() + "\n"
    whole = list(read_histories(io.StringIO(text)))
    lines = text.split("\n")
    start = next(index for index, line in enumerate(lines) if site_of(line) is not None)
    lines.insert(start + 2, "Seat 1: " + " ( - " * (parsing.MAX_HAND_LINE // 4))
    reader = read_histories(io.StringIO("\n".join(lines)))
    assert [record.hand_id for record in reader] == [record.hand_id for record in whole[1:]]
    (problem,) = reader.problems
    assert (problem.line, problem.hand_id, problem.reason) == (start + 3, whole[0].hand_id, "a line of the hand is too long to be read")
    assert reader.summary.games[(SITES[folder], whole[0].game)]["a line of the hand is too long to be read"] == 1


def test_a_hand_of_more_lines_than_any_hands_is_a_problem_of_its_own() -> None:
    text = (DATA / "pokerstars" / "cash.txt").read_text(encoding="utf-8").strip() + "\n"
    whole = [record.hand_id for record in read_histories(io.StringIO(text))]
    first, rest = text.split("\n", 1)
    chat = "".join(f"Ann said, \"{number}\"\n" for number in range(parsing.MAX_HAND_LINES))
    reader = read_histories(io.StringIO(f"{first}\n{chat}{rest}"))
    assert [record.hand_id for record in reader] == whole[1:]
    (problem,) = reader.problems
    assert problem.line == parsing.MAX_HAND_LINES + 1 and problem.reason.startswith("the hand has more than 5,000 lines")
    padded = read_histories(io.StringIO(f"{first} {'- ' * parsing.MAX_HAND_LINE}\n{rest}"))  # its first line too long
    assert [record.hand_id for record in padded] == whole[1:]
    assert [(problem.line, problem.reason) for problem in padded.problems] == [(1, "a line of the hand is too long to be read")]
    skipped = (DATA / "pokerstars" / "skipped.txt").read_text(encoding="utf-8").split("\n")
    omaha = skipped[skipped.index(next(line for line in skipped if "Omaha" in line)) :]
    omaha.insert(3, "Ann said, \"" + "x" * parsing.MAX_HAND_LINE + "\"")  # a hand holdem skips stays skipped
    unread = read_histories(io.StringIO("\n".join(omaha)))
    assert list(unread) == []
    assert unread.problems[0].skipped and unread.problems[0].reason == "not Texas hold'em: Omaha Pot Limit"


@pytest.mark.parametrize("folder", sorted([*SITES, "rooms"]))
def test_no_line_of_a_site_starts_another_sites_hand(folder: str) -> None:
    starts = 0
    for path in sorted((DATA / folder).iterdir()):
        sites = sites_of(path)
        with path.open("rb") as file:
            for block in histories._lines(file, path.name, lambda problem: None):
                for line in block:
                    starting = site_of(line)
                    assert starting is None or starting.name in sites, (path.name, line)
                    starts += starting is not None
    assert starts


OLD_PARTYPOKER = (DATA / "partypoker" / "old_2006.txt").read_text(encoding="utf-8")
POKER888 = (DATA / "888poker" / "cash.txt").read_text(encoding="utf-8")


def test_old_partypoker_game_numbers_are_no_888_hands() -> None:
    assert "#Game No : " in OLD_PARTYPOKER
    reader = read_histories(io.StringIO(OLD_PARTYPOKER))
    records = list(reader)
    assert records and {record.site for record in records} == {"partypoker"}
    assert not reader.problems
    assert reader.summary.read == len(records)


def test_888_hands_start_at_their_title_after_a_game_number() -> None:
    lines = POKER888.split("\n")
    assert lines[0].startswith("#Game No : ") and lines[1].startswith("***** 888")
    reader = read_histories(io.StringIO(POKER888))
    records = list(reader)
    assert records and {record.site for record in records} == {"888poker"} and not reader.problems
    omaha = read_histories(io.StringIO(POKER888.replace("No Limit Holdem", "Pot Limit Omaha", 1)))
    assert len(list(omaha)) == len(records) - 1
    [problem] = omaha.problems
    assert (problem.line, problem.site, problem.hand_id, problem.skipped) == (2, "888poker", lines[1].split()[-2], True)


def test_both_sites_in_one_file() -> None:
    reader = read_histories(io.StringIO(POKER888 + "\n" + OLD_PARTYPOKER + "\n" + POKER888))
    sites = [record.site for record in reader]
    assert not reader.problems
    assert sites.count("partypoker") == len(list(read_histories(io.StringIO(OLD_PARTYPOKER))))
    assert set(sites) == {"888poker", "partypoker"}


def test_a_cancelled_full_tilt_hand_is_skipped_not_a_wpn_hand() -> None:
    text = (DATA / "fulltilt" / "skipped.txt").read_text(encoding="utf-8")
    first = "Full Tilt Poker Game #30000000202"
    hand = first + text.split(first)[1].split("\n\n")[0] + "\n"
    assert "Hand #30000000202 has been canceled" in hand
    reader = read_histories(io.StringIO(hand))
    assert list(reader) == []
    [problem] = reader.problems
    assert (problem.site, problem.hand_id, problem.line, problem.skipped) == ("Full Tilt", "30000000202", 1, True)
    assert "cancel" in problem.reason
    assert "WPN" not in str(reader.summary)


def test_a_wpn_hand_still_starts_at_its_hand_line() -> None:
    text = (DATA / "wpn" / "cash.txt").read_text(encoding="utf-8")
    site = site_of(text.split("\n")[0])
    assert text.startswith("Hand #") and site is not None and site.name == "WPN"
    assert site_of("Hand #30000000202 has been canceled") is None


def test_full_tilt_hands_of_either_format_are_full_tilt_s() -> None:
    """Full Tilt before 2016 has a reader of its own; after, on PokerStars' software, PokerStars' reader reads it."""
    old = site_of("Full Tilt Poker Game #9: Table Ava (6 max) - $0.05/$0.10 - No Limit Hold'em - 21:05:12 ET")
    new = site_of("Full Tilt Hand #9:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET")
    rush = site_of("Full Tilt Rush Hand #9:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET")
    assert old is not None and new is not None and old is not new and rush is new
    assert old.name == new.name == "Full Tilt"
