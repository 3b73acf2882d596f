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
    "30000000501": {"Ann": "-0.75", "Bob": "0.68"},  # the game before the stakes (2013); Cy sits out
    "30000000502": {"Ann": "-15", "Bob": "-300", "Cy": "315"},
    "30000000503": {"Ann": "0", "Bob": "-15", "Cy": "15", "Dee": "0"},  # the winner in the summary only
    "30000000504": {"Ann": "45", "Bob": "0", "Cy": "-15", "Dee": "-30"},  # Dee's fold in the summary only
    "10000000505": {"Ann": "3.20", "Bob": "-0.50", "Dee": "-3"},  # Cy sits out, says the summary only
    "10000000506": {"Ann": "-1", "Bob": "0", "Dee": "0.90"},
    "30000000508": {"Ann": "-15", "Bob": "-75", "Cy": "90"},  # a blank line after each line
    "30000000509": {"Ann": "-0.02", "Bob": "0.02"},
    "30000000510": {"Ann": "0.23", "Bob": "-0.10", "Cy": "-0.15"},  # limit: a small blind of $0.02, not $0.025
}

PROBLEMS = {
    ("broken.txt", 1, "30000000301"): "a board the streets did not deal",
    ("broken.txt", 33, "30000000302"): "a decision out of turn: Cy acts, Bob is to act",
    ("broken.txt", 52, "30000000303"): "the hand ends before its summary",
    # a cash hand without its fold, uncalled-bet and win lines: the summary's fold and winner complete only
    # the tournament hands that print so
    ("broken.txt", 53, "30000000304"): "the hand stops before its end: Bob is still to act",
    ("skipped.txt", 1, "30000000201"): "not Texas hold'em: Pot Limit Omaha Hi",
    ("skipped.txt", 16, "30000000202"): "cancelled",
    ("skipped.txt", 25, "30000000203"): "not a game holdem plays: $20 Cap No Limit Hold'em",
    ("skipped.txt", 29, "30000000204"): "not a game holdem plays: CAP NL Hold'em",
    ("skipped.txt", 33, "30000000205"): "not Texas hold'em: PL 5 Card Omaha Hi",
    ("skipped.txt", 37, "30000000206"): "not Texas hold'em: Pot Limit Omaha Hi",
    ("skipped.txt", 41, "30000000207"): "not Texas hold'em: No Limit 2-7 Single Draw",  # a dash in the game
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
    assert (by_id["30000000510"].hand.rules.small_blind, by_id["30000000510"].hand.rules.big_blind) == (2, 5)
    twice = by_id["30000000004"].hand
    assert [holdem.format_cards(board) for board in twice.boards] == ["Ah5s4dKcKd", "Ah5s4d9cJh"]
    assert by_id["30000000005"].hand.posts == {3: (10, 5), 4: (10, 0)}  # dead small blind and live posts
    tournament = by_id["30000000101"]
    assert tournament.tournament == "210000001" and tournament.currency is None and tournament.hand.rules.ante == 10
    old = by_id["4000000001"]
    assert old.started.isoformat() == "2007-05-12T22:14:40-04:00" and old.hero == "Bob"
    assert by_id["30000000401"].currency == "EUR"
    new = by_id["30000000501"]
    assert (new.table, new.currency, new.max_seats, new.started.isoformat()) == ("Elm", "USD", 6, "2013-05-20T19:10:00+00:00")
    assert by_id["30000000502"].tournament == "210000005" and by_id["30000000502"].hand.rules.big_blind == 30
    assert by_id["30000000508"].max_seats == 9  # from the line ``Seats: 9``
    assert by_id["30000000509"].started.isoformat() == "2010-07-13T21:47:00-04:00"
