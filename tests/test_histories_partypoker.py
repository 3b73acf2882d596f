"""partypoker hand histories: the fixtures read, replayed and checked against results worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import holdem
from holdem.formats.histories import PostKind, read_histories
from holdem.formats.partypoker import parse
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "partypoker"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "20000000001": {"Ann": "-0.25", "Bob": "-0.15", "Cy": "-0.35", "Dee": "-0.15", "Eve": "-0.10"},
    "20000000002": {"Ann": "-0.05", "Bob": "-2.30", "Cy": "2.10"},
    "20000000003": {"Ann": "-17", "Bob": "21", "Cy": "-5"},
    "20000000004": {"Ann": "-10", "Bob": "-3.20", "Cy": "12.20"},
    "20000000005": {"Ann": "0", "Bob": "0.04", "Cy": "-0.05"},
    "20000000006": {"Bob": "-0.05", "Cy": "0.05"},
    "20000000101": {"Ann": "-90", "Bob": "105", "Cy": "-15"},
    "20000000102": {"Ann": "170", "Bob": "-20", "Cy": "-150"},
    "20000000401": {"Ann": "0", "Bob": "0.04", "Cy": "-0.05"},
    "20000000501": {"Ann": "-30", "Bob": "835", "Cy": "-800", "Dan": "-5"},
    "20000000502": {"Ann": "0", "Bob": "-25", "Cy": "-50", "Dan": "75"},
    "20000000503": {"Ann": "2.75", "Cy": "-0.50", "Eve": "0", "Fay": "-2.50"},
    "20000000504": {"Ann": "-0.10", "Bob": "-10", "Cy": "9.20"},
    "20000000506": {"Ann": "-0.20", "Bob": "0.21", "Cy": "-0.02"},
    "20000000507": {"Ann": "-0.25", "Bob": "-1.50", "Cy": "1.75"},  # time bank lines: "their", not "his"
}
# The rake: what the pots held beyond what the winners took (printed only by hands that end with a summary).
RAKE = {
    "20000000001": "1", "20000000002": "0.25", "20000000003": "1", "20000000004": "1", "20000000005": "0.01",
    "20000000401": "0.01", "20000000503": "0.25", "20000000504": "0.90", "20000000506": "0.01",
}  # fmt: skip

PROBLEMS = {
    ("broken.txt", 13, "20000000301"): "a decision out of turn: Ann acts, Cy is to act",
    ("broken.txt", 33, "20000000302"): "the hand ends before its result",
    ("broken.txt", 34, "20000000303"): "no big blind: no one posts it",  # the blinds' lines dropped, the antes kept
    ("skipped.txt", 2, "20000000201"): "not Texas hold'em: Omaha Hi",
    ("skipped.txt", 25, "20000000202"): "cancelled: Table Closed",
    ("variants.txt", 130, "20000000505"): "Gus joins the table and plays, but has no seat in the hand",
}


def test_every_hand_gives_each_player_the_result_worked_out_by_hand() -> None:
    check_fixtures(DATA, "partypoker", NET, PROBLEMS, RAKE)


def test_the_records_fields_fastforward_limit_posts_and_tournaments() -> None:
    by_id = {record.hand_id: record for record in read_histories(DATA)}
    first = by_id["20000000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Clifton", "USD", Decimal("0.01"), 6, "Ann", 9,
    )  # fmt: skip
    assert first.started.isoformat() == "2018-06-19T23:12:15-04:00"
    assert first.hand.posts == {2: (25, 10)}  # "big blind + dead": the big blind live, the small one dead
    assert by_id["20000000002"].fast_fold and not first.fast_fold
    limit = by_id["20000000003"].hand.rules
    assert limit.structure is holdem.Structure.FIXED_LIMIT and (limit.small_bet, limit.big_bet) == (300, 600)
    assert (limit.small_blind, limit.big_blind) == (100, 200)  # a third and two thirds of the small bet
    assert by_id["20000000005"].hand.dead_small_blind and by_id["20000000005"].players == ("Ann", "Bob", "Cy")
    assert by_id["20000000005"].currency == "EUR" and by_id["20000000401"].currency == "EUR"  # cp1252
    old = by_id["20000000101"]  # an old tournament hand: no posts printed, the header's blinds posted
    assert old.tournament == "31000001" and old.currency is None
    assert (old.hand.rules.small_blind, old.hand.rules.big_blind) == (15, 30)
    assert by_id["20000000102"].tournament == "31000002" and by_id["20000000102"].hand.rules.ante == 20


def test_posts_of_an_old_tournament_hand_heads_up() -> None:
    lines = (DATA / "tournament.txt").read_text().split("\n\n\n")[0].splitlines()
    lines = [line for line in lines if not line.startswith(("Seat 6", "Cy "))]
    parsed = parse(lines, 1)
    assert [(post.name, post.kind, post.live) for post in parsed.posts] == [
        ("Bob", PostKind.SMALL_BLIND, Decimal(15)), ("Ann", PostKind.BIG_BLIND, Decimal(30)),
    ]  # fmt: skip


def test_a_show_without_its_closing_bracket_is_a_problem() -> None:  # found by the fuzz target
    text = (DATA / "cash.txt").read_text().split("\n\n\n")[0].replace("Dee shows [ Ad, Qh ]", "Dee shows [")
    reader = read_histories(io.StringIO(text))
    assert list(reader) == []
    assert reader.problems[0].reason.startswith("a decision that cannot be read: Dee")


def test_the_variants_levels_silent_seats_live_small_blinds_and_summaries() -> None:
    by_id = {record.hand_id: record for record in read_histories(DATA / "variants.txt")}
    level = by_id["20000000501"].hand.rules  # the level's line after the seats, over the header's
    assert (level.small_blind, level.big_blind, level.ante) == (25, 50, 5)
    assert by_id["20000000502"].tournament == "31000005"  # named only by the level's line
    cash = by_id["20000000503"]  # Bob, listed but never in a line, sits out; Cy's small blind is live
    assert (cash.table, cash.seats, cash.button) == ("Lugano", (1, 3, 5, 6), 5)
    assert cash.hand.posts == {1: (25, 0)}
    summary = by_id["20000000504"]  # the button on the table's line; Dee sits out
    assert (summary.table, summary.button, summary.currency) == ("Table Varna", 3, "USD")
    assert summary.players == ("Ann", "Bob", "Cy") and summary.hand.rules.big_blind == 25
