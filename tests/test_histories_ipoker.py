"""iPoker XML exports: the fixtures read, replayed and checked against results worked out by hand;
DTDs and entities refused; memory flat however many games a session holds."""

from __future__ import annotations

import io
import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest

import holdem
from holdem.formats import histories
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "ipoker"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "8000000001": {"Ann": "-4.50", "Bob": "0", "Cy": "4.40", "Eve": "-0.30"},
    "8000000002": {"Ann": "-7", "Bob": "-3", "Cy": "9.15"},
    "6100000001": {"Ann": "0.35", "Bob": "-0.30", "Cy": "-0.05"},
    "6100000002": {"Ann": "-0.10", "Bob": "-1.70", "Cy": "1.65"},
    "9100000001": {"Ann": "0.55", "Bob": "-0.60"},
    "9100000002": {"Ann": "0.46", "Bob": "-0.30", "Cy": "-0.20"},
    "9100000003": {"Ann": "0", "Bob": "-0.02", "Cy": "0.02"},
    "4200000001": {"Ann": "-520", "Bob": "-1080", "Cy": "1600"},
    "9800000001": {"Ann": "-0.05", "Bob": "0.05"},
    "7300000001": {"Ann": "0", "Bob": "-0.10", "Cy": "0.28", "Dan": "-0.20"},  # Eve sits out
    "7300000002": {"Ann": "0", "Bob": "0", "Cy": "-0.05", "Dan": "-0.20", "Eve": "0.23"},  # Eve posts both
    "4300000001": {"Ann": "195", "Bob": "-35", "Cy": "-160"},
    "3200000001": {"Ann": "-60", "Bob": "59"},
}
# The rake: the players' rakeamount where the export gives it, else what the pots held beyond the wins.
RAKE = {
    "8000000001": "0.40", "8000000002": "0.85", "6100000002": "0.15", "9100000001": "0.05", "9100000002": "0.04",
    "7300000001": "0.02", "7300000002": "0.02", "3200000001": "1",
}  # fmt: skip

PROBLEMS = {
    ("broken.xml", 44, "9800000002"): "a decision out of turn: Ann acts, Cy is to act",
    ("broken.xml", 57, None): "not well-formed XML: not well-formed (invalid token); the rest of the file is not read",
    ("compact.xml", 56, "7300000003"): "Dan all in by disconnect protection: holdem does not play it",
    ("skipped_five.xml", 25, "5600000001"): "not Texas hold'em: 5 cards dealt to each player",
    ("tournament_posts.xml", 60, "4300000002"): "no stakes: the session names none, and Cy's blind is all their chips",
    ("entities.xml", 2, None): "a document type declaration: holdem reads iPoker XML without a DTD or entities",
    ("other.xml", 2, None): "not an iPoker export: its root is <catalog>, not <session>",
    ("skipped.xml", 12, "9600000001"): "not Texas hold'em: Omaha PL €0,50/€1",
    ("truncated.xml", 8, None): "the document ends before its last element (the file cut short?)",
}


def test_every_hand_gives_each_player_the_result_worked_out_by_hand() -> None:
    check_fixtures(DATA, "iPoker", NET, PROBLEMS, RAKE)


def test_the_records_fields_empty_seats_localised_games_and_raises() -> None:
    by_id = {record.hand_id: record for record in read_histories(DATA)}
    first = by_id["8000000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Lille, 500000001", "EUR", Decimal("0.01"), 4, "Ann", 6,
    )  # fmt: skip
    assert first.players == ("Ann", "Bob", "Cy", "Eve") and first.seats == (1, 2, 4, 6)  # no empty seat, no Dee
    assert first.started.isoformat() == "2023-11-12T08:17:02"  # the export names no time zone
    assert holdem.format_cards(first.hand.board) == "Kh7c2d9s"
    # the raises: the increment over the bet faced in the newer export, the street's total in the older
    assert [action.amount for action in first.hand.history if action.kind.value == "raise"][:2] == [30, 90]
    old = by_id["6100000001"]
    assert [action.amount for action in old.hand.history if action.kind.value == "raise"] == [30, 90]
    assert old.started.isoformat() == "2012-03-04T20:00:05" and old.hero == "Bob"
    games = {by_id[hand_id].game: by_id[hand_id].hand.rules.structure for hand_id in ("9100000001", "9100000002", "9100000003")}
    assert games == {
        "Hold'em Pot Limit": holdem.Structure.POT_LIMIT,  # LP
        "Hold'em Limit": holdem.Structure.FIXED_LIMIT,  # L
        "Hold'em No Limit": holdem.Structure.NO_LIMIT,  # SL
    }
    tournament = by_id["4200000001"]
    assert tournament.tournament == "4100000001" and tournament.currency is None and tournament.hand.rules.ante == 10
    assert tournament.hand.rules.big_blind == 100 and tournament.hand.stacks[2] == 2680  # "2 680" read



def test_old_exports_several_elements_a_line_posts_and_sitting_out() -> None:
    by_id = {record.hand_id: record for record in read_histories(DATA)}
    # games end and start on one line; the session still open at the end of the file is no problem
    first, both = by_id["7300000001"], by_id["7300000002"]
    assert first.players == ("Ann", "Bob", "Cy", "Dan") and first.hero == "Dan"  # Eve sits out: not dealt in
    assert (first.hand.rules.small_blind, first.hand.rules.big_blind) == (5, 10)
    assert both.players == ("Ann", "Bob", "Cy", "Dan", "Eve")  # Eve back, posting both blinds (the net: the small dead)
    # no stakes named: the blinds posted; the tournament by its name
    tournament = by_id["4300000001"]
    assert (tournament.tournament, tournament.currency) == ("Nightly 5K", None)
    rules = tournament.hand.rules
    assert (rules.small_blind, rules.big_blind, rules.ante) == (25, 50, 10)
    # the flat export: a raise given as the chips added, amounts after the currency's code
    flat = by_id["3200000001"]
    assert flat.currency == "RSD" and flat.hand.rules.big_blind == 2000 and flat.unit == Decimal("0.01")
    assert [action.amount for action in flat.hand.history if action.kind.value == "raise"] == [4000]


SESSION = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
 <general>
  <gametype>Holdem NL $0.01/$0.02</gametype>
  <currency>USD</currency>
  <nickname>Ann</nickname>
 </general>
"""
GAME = """ <game gamecode="{code}">
  <general>
   <players>
    <player seat="1" name="Ann" chips="$2" dealer="1" win="$0" bet="$0.01"/>
    <player seat="2" name="Bob" chips="$2" dealer="0" win="$0.03" bet="$0.02"/>
   </players>
  </general>
  <round no="0">
   <action no="1" player="Ann" type="1" sum="$0.01"/>
   <action no="2" player="Bob" type="2" sum="$0.02"/>
  </round>
  <round no="1">
   <action no="3" player="Ann" type="0" sum="$0"/>
  </round>
 </game>
"""


def test_memory_stays_flat_however_many_games_a_session_holds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(histories, "BLOCK", 8192)  # the file is read a block at a time: a small one here

    def peak(count: int) -> int:
        source = io.BytesIO((SESSION + "".join(GAME.format(code=code) for code in range(count)) + "</session>\n").encode())
        tracemalloc.start()
        try:
            assert sum(1 for _ in read_histories(source)) == count
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    peak(100)  # caches filled first
    small, large = peak(100), peak(500)
    assert large < small + 100_000  # five times the games, not five times the memory


def test_a_file_of_text_and_sessions_reads_both() -> None:
    game = GAME.format(code=7)
    text = SESSION + game + "</session>\njunk text\n" + SESSION + game.replace('"7"', '"8"') + "</session>\n"
    reader = read_histories(io.StringIO(text))
    assert [record.hand_id for record in reader] == ["7", "8"]
    assert [problem.reason.split(":")[0] for problem in reader.problems] == ["line 24 is not part of any hand"]
