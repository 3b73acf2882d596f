"""Recognising the site of each hand: no site's lines start another site's hand, and the lines some
sites print before a hand (``#Game No : N``) start none."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from holdem.formats import histories, parsing
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


def test_every_site_has_fixtures() -> None:
    assert sorted(site.name for site in parsing._SITES) == sorted(SITES.values())
    assert sorted(path.name for path in DATA.iterdir()) == sorted(SITES)


@pytest.mark.parametrize("folder", sorted(SITES))
def test_each_fixture_reads_as_its_own_site(folder: str) -> None:
    site = SITES[folder]
    reader = read_histories(DATA / folder)
    records = list(reader)
    assert records and all(record.site == site for record in records)
    for problem in reader.problems:  # a problem of no site is a file that holds no hand at all
        no_hand = problem.site is None and problem.reason.startswith("not a hand history")
        assert problem.site == site or no_hand, problem


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


@pytest.mark.parametrize("folder", sorted(SITES))
def test_no_line_of_a_site_starts_another_sites_hand(folder: str) -> None:
    site, starts = SITES[folder], 0
    for path in sorted((DATA / folder).iterdir()):
        with path.open("rb") as file:
            for block in histories._lines(file, path.name, lambda problem: None):
                for line in block:
                    starting = parsing._site_of(line)
                    assert starting is None or starting.name == site, (path.name, line)
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
    site = parsing._site_of(text.split("\n")[0])
    assert text.startswith("Hand #") and site is not None and site.name == "WPN"
    assert parsing._site_of("Hand #30000000202 has been canceled") is None
