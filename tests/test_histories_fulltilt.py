"""Full Tilt hand histories: the fixtures read, replayed and checked against results worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import holdem
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "fulltilt"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "30000000001": {"Ann": "1.75", "Bob": "-0.05", "Cy": "-1.80", "Eve": "0"},
    "30000000002": {"Ann": "-25.50", "Bob": "23", "Cy": "0.50"},
    "30000000003": {"Ann": "9.50", "Bob": "-10"},
    "30000000004": {"Ann": "-1", "Bob": "-1", "Cy": "-1"},
    "30000000005": {"Ann": "0", "Bob": "-0.05", "Cy": "0.05", "Dee": "0", "Eve": "-0.10"},
    "30000000401": {"Zoë": "-0.05", "José": "0.05"},
    "4000000001": {"Ann": "1.10", "Bob": "-0.25", "Cy": "-1"},
    "30000000101": {"Ann": "-60", "Bob": "180", "Cy": "-110", "Dee": "-10"},
    "30000000102": {"Ann": "150", "Bob": "-150"},
}

PROBLEMS = {
    ("broken.txt", 1, "30000000301"): "a board the streets did not deal",
    ("broken.txt", 33, "30000000302"): "a decision out of turn: Cy acts, Bob is to act",
    ("broken.txt", 51, "30000000303"): "the hand ends before its summary",
    ("skipped.txt", 1, "30000000201"): "not Texas hold'em: Pot Limit Omaha Hi",
    ("skipped.txt", 16, "30000000202"): "cancelled",
    ("skipped.txt", 25, "30000000203"): "not a game holdem plays: $20 Cap No Limit Hold'em",
}


def test_every_hand_gives_each_player_the_result_worked_out_by_hand() -> None:
    check_fixtures(DATA, "Full Tilt", NET, PROBLEMS)


def test_the_records_fields_rush_limit_runs_and_posts() -> None:
    by_id = {record.hand_id: record for record in read_histories(DATA)}
    first = by_id["30000000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Ava", "USD", Decimal("0.01"), 1, "Ann", 6,
    )  # fmt: skip
    assert first.started.isoformat() == "2011-07-21T21:05:12+02:00"  # the local time, the same as the Eastern one
    assert first.players == ("Ann", "Bob", "Cy", "Eve")  # Dee sits out
    rush = by_id["30000000002"]
    assert rush.fast_fold and rush.hand.rules.structure is holdem.Structure.POT_LIMIT
    limit = by_id["30000000003"].hand
    assert limit.rules.structure is holdem.Structure.FIXED_LIMIT and (limit.rules.small_bet, limit.rules.big_bet) == (100, 200)
    assert (limit.rules.small_blind, limit.rules.big_blind) == (50, 100)
    twice = by_id["30000000004"].hand
    assert [holdem.format_cards(board) for board in twice.boards] == ["Ah5s4dKcKd", "Ah5s4d9cJh"]
    assert by_id["30000000005"].hand.posts == {3: (10, 5), 4: (10, 0)}  # dead small blind and live posts
    tournament = by_id["30000000101"]
    assert tournament.tournament == "210000001" and tournament.currency is None and tournament.hand.rules.ante == 10
    old = by_id["4000000001"]
    assert old.started.isoformat() == "2007-05-12T22:14:40-04:00" and old.hero == "Bob"
    assert by_id["30000000401"].currency == "EUR"
