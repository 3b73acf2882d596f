"""Winning Poker Network hand histories, today's format and 2016's: the fixtures read, replayed and checked
against results worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import holdem
from holdem.formats import wpn
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "wpn"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "151000001": {"Rory": "0", "Sage": "-0.05", "Tate": "-0.43", "Vic": "0.44"},  # Uma sits out
    "160000002": {"Ava": "1.15", "Ben": "-1.20", "Cal": "-0.02", "Dot": "-0.05"},
    "160000005": {"Ava": "0", "Ben": "-0.05", "Cal": "-0.15", "Dot": "0.19"},  # Dot posts both blinds, dead
    "160000006": {"Ava": "0", "Ben": "0", "Cal": "-0.02", "Dot": "0.02"},  # a walk
    "170000004": {"Ann": "0.68", "Bob": "-0.70", "Cat": "-0.05"},
    "1300000003": {"Ari": "-12900", "Bo": "-900", "Hero": "20700", "Cy": "-6900"},
    "400000001": {"Gil": "0", "Hana": "-18.75", "Ivan": "18", "Jo": "-0.25"},
    "400000002": {"Gil": "-0.25", "Kim": "-3.10", "Hana": "3.35", "Ivan": "0", "Jo": "-0.10"},
    "400000003": {"Gil": "-0.10", "Hana": "3.50", "Ivan": "-3.50", "Jo": "0"},
    "400000011": {"Nell": "8.50", "Otto": "-8", "Pia": "-1"},
    "400000012": {"Nell": "-6", "Pia": "5.50"},
    "400000021": {"Ann": "-0.02", "Bob": "-0.10", "Cat": "0.11"},  # fixed limit at 0.05/0.10: the small blind 0.02
    "410000001": {"Abe": "-0.75", "Bea": "-0.75", "Cid": "2.75", "Dee": "-1.75"},  # 0.25 rake, 0.25 jackpot fee
    "410000002": {"Abe": "0.35", "Bea": "0", "Cid": "-0.10", "Dee": "-0.25"},  # no flop: no rake, no fee
}


def test_the_records_fields() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA)}
    first = hands["151000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Fort Collins", "USD", Decimal("0.01"), 1, "Vic", 6,
    )  # fmt: skip
    assert first.started is not None and first.started.isoformat() == "2019-11-08T04:43:23+00:00"
    assert (first.rake, first.jackpot) == (Decimal("0.03"), Decimal("0.01"))  # the JP Fee
    assert hands["160000002"].hand.posts == {0: (5, 2)}  # posts the big blind and dead
    assert hands["160000005"].hand.posts == {3: (5, 2)}  # posts dead both blinds: the big one live
    limit = hands["170000004"].hand.rules
    assert limit.structure is holdem.Structure.FIXED_LIMIT and (limit.small_bet, limit.big_bet, limit.big_blind) == (10, 20, 10)
    tournament = hands["1300000003"]
    assert (tournament.tournament, tournament.table, tournament.currency) == ("27000003", "99", None)
    assert tournament.hand.rules.ante == 900


def test_the_2016_format_adds_chips_with_each_action() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA / "old_2016_utf16le.txt")}
    all_in = hands["400000001"]  # UTF-16 LE with a byte order mark and CRLF
    assert all_in.game == "Hold'em" and all_in.hero == "Hana" and all_in.started is not None
    assert [action.amount for action in all_in.hand.history if action.kind.value == "raise"] == [75, 225, 2915]
    assert holdem.format_cards(all_in.hand.hole_cards(1)) == "AhQd"
    assert hands["400000002"].hand.posts == {1: (25, 10)}  # posts (0.25) and (0.10) as a dead bet
    assert hands["400000003"].hand.straddles == (50,)


def test_the_2016_format_double_spaced_and_at_a_fixed_limit_table() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA / "old_double_spaced_utf16le.txt")}
    limit = hands["400000011"]  # the header's 2/4 are the bets, the blinds post 1 and 2
    assert limit.game == "Hold'em Limit" and limit.hero == "Nell"
    rules = limit.hand.rules
    assert rules.structure is holdem.Structure.FIXED_LIMIT
    assert [amount * limit.unit for amount in (rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet)] == [1, 2, 2, 4]
    no_limit = hands["400000012"]  # 1/2, whose blinds post 1 and 2
    assert no_limit.game == "Hold'em" and no_limit.hand.rules.structure is holdem.Structure.NO_LIMIT


def test_the_2016_format_at_a_fixed_limit_table_drops_the_small_blinds_half_cent() -> None:
    limit = next(iter(read_histories(DATA / "old_2016_limit.txt")))
    rules = limit.hand.rules
    assert limit.game == "Hold'em Limit" and rules.structure is holdem.Structure.FIXED_LIMIT
    assert [amount * limit.unit for amount in (rules.small_blind, rules.big_blind, rules.small_bet, rules.big_bet)] == [
        Decimal("0.02"), Decimal("0.05"), Decimal("0.05"), Decimal("0.10"),
    ]  # fmt: skip


def test_a_time_of_digits_not_padded_is_read() -> None:
    lines = ["Game started at: 2014/3/25 19:48:2", "Game ID: 400000023 0.10/0.25 Maple (Hold'em)",
             "Seat 2 is the button",
             "Seat 1: Ann (5).", "Seat 2: Bob (5).", "Player Bob has small blind (0.10)",
             "Player Ann has big blind (0.25)", "Player Ann received a card.", "Player Ann received a card.",
             "Player Bob received a card.", "Player Bob received a card.", "Player Bob folds", "------ Summary ------",
             "Pot: 0.35. Rake 0", "*Player Ann does not show cards. Bets: 0.25. Collects: 0.35. Wins: 0.10.",
             "Player Bob does not show cards.Bets: 0.10. Collects: 0. Loses: 0.10."]  # fmt: skip
    assert wpn.parse(lines, 1).started.isoformat() == "2014-03-25T19:48:02"


def test_a_big_blind_all_in_for_half_the_stakes_leaves_the_2016_hand_no_limit() -> None:
    lines = ["Game started at: 2016/8/5 21:05:00", "Game ID: 400000022 0.10/0.20 Maple (Hold'em)", "Seat 2 is the button",
             "Seat 1: Ann (0.10).", "Seat 2: Bob (4.89).", "Player Ann has big blind (0.10)",
             "Player Ann received a card.", "Player Ann received a card.", "Player Bob received a card.",
             "Player Bob received a card.", "Player Bob folds", "------ Summary ------", "Pot: 0.10. Rake 0",
             "*Player Ann does not show cards. Bets: 0.10. Collects: 0.10. Wins: 0.",
             "Player Bob does not show cards.Bets: 0. Collects: 0. Loses: 0."]  # fmt: skip
    parsed = wpn.parse(lines, 1)  # no small blind, the big one all in for 0.10: not the bets of a fixed-limit table
    assert parsed.structure is holdem.Structure.NO_LIMIT and (parsed.small_blind, parsed.big_blind) == (
        Decimal("0.10"), Decimal("0.20"),
    )  # fmt: skip


def test_a_2014_jackpot_table_takes_a_fee_its_summary_leaves_out() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA / "old_2014_jackpot.txt")}
    raked = hands["410000001"]  # the bets add up to 5.00: 4.50 collected, 0.25 rake, the rest the fee
    assert (raked.rake, raked.jackpot, raked.table) == (Decimal("0.25"), Decimal("0.25"), "Quartzite   (JP) - 2")
    assert holdem.format_cards(raked.hand.hole_cards(3)) == "8s8d"  # mucked, yet printed in the summary
    assert hands["410000002"].jackpot == 0


def test_every_hand_gives_the_result_worked_out_by_hand_or_its_problem() -> None:
    expected = {
        ("broken.txt", 18, "190000007"): "a capped bet (a Cap table): holdem's rules have no cap",
        ("broken.txt", 96, "190000008"): "the hand ends before its summary",
        ("broken.txt", 40, "400000013"): "a line of no player dealt in: 'Player  has big blind (0.25)'",
        ("broken.txt", 68, "410000003"): "the summary gives no result for 'Bea' (the file cut short?)",
        ("broken.txt", 70, "410000004"): "the summary's bets add up to 0.35, less than its pot and rake 0.45",
        ("skipped.txt", 1, "180000005"): "not Texas hold'em: Omaha(Pot Limit)",
        ("skipped.txt", 17, "400000006"): "not Texas hold'em: Omaha",
        ("skipped.txt", 28, "410000005"): "cancelled: no cards were dealt",
    }
    check_fixtures(DATA, "WPN", NET, expected)


def test_a_level_without_two_blinds_is_a_problem() -> None:  # found by the fuzz target
    text = (DATA / "tournament.txt").read_text().replace("(3000.00/6000.00)", "(6000.00)")
    reader = read_histories(io.StringIO(text))
    assert list(reader) == [] and reader.problems[0].reason.startswith("the first line is not a WPN hand's header")
