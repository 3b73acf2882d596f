"""GGPoker hand histories: the fixtures read, replayed and checked against results worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import holdem
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "ggpoker"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "HD100000001": {"8c66f2d0": "2.71", "Hero": "-1.50", "41ff0a42": "-1.50", "a28e4f77": "0"},
    "HD100000002": {"d971c0c0": "-1.37", "Hero": "-1.38", "7be2a9f1": "-0.25"},
    "HD100000003": {"Hero": "-6.80", "2e9d7a41": "4.80"},
    "HD100000004": {"Hero": "-6", "5d2c9e10": "-0.10", "a0b1c2d3": "-0.25", "77aa88bb": "5.73", "c3c3d4d4": "0"},
    "HD100000005": {"Hero": "0", "b1b2b3b4": "-0.25", "c1c2c3c4": "-2", "d1d2d3d4": "2.03"},
    "HD100000006": {"4d96aa58": "-44.37", "Hero": "-0.25", "d315b2d6": "40.12"},
    "HD100000007": {"Hero": "22.50", "a9a9b8b8": "-25"},
    "HD100000008": {"Hero": "-18.75", "23aca38f": "18.75"},
    "RC100000009": {"Hero": "0", "e1e1e1e1": "-0.05", "f2f2f2f2": "0.05", "9g3g3g3": "0"},
    "HD100000010": {"3a9f0c21": "-0.01", "Hero": "0.16", "b71e44d0": "-0.16"},  # the winner shows one card
    "TM200000001": {"aa11bb22": "-50", "Hero": "4610", "cc33dd44": "-250", "ee55ff66": "-4310"},
    "TM200000002": {"Hero": "-4250", "77ab12cd": "4250"},
    "TM200000003": {"aa11bb22": "-155", "Hero": "1685", "cc33dd44": "-1530"},
}


def by_id() -> dict[str, holdem.SiteHand]:
    return {record.hand_id: record for record in read_histories(DATA)}


def test_the_records_fields() -> None:
    hands = by_id()
    first = hands["HD100000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "NLHGold12", "USD", Decimal("0.01"), 1, "Hero", 6,
    )  # fmt: skip
    assert first.started is not None and first.started.isoformat() == "2026-02-17T05:56:01"  # GGPoker names no zone
    assert (first.rake, first.jackpot) == (Decimal("0.22"), Decimal("0.07"))
    assert not first.fast_fold and hands["RC100000009"].fast_fold
    tournament = hands["TM200000002"]
    assert tournament.tournament == "30000002" and tournament.currency is None and tournament.unit == 1
    assert tournament.hand.rules.ante == 250 and tournament.hand.rules.big_blind == 2000
    new_level = hands["TM200000003"].hand.rules  # the header's level 150/300, played at the posts' 125/250
    assert (new_level.small_blind, new_level.big_blind) == (125, 250)


def test_runs_of_the_board_take_the_first_boards_cards_a_later_board_leaves_out() -> None:
    hands = by_id()
    twice = hands["HD100000002"].hand
    assert [holdem.format_cards(board) for board in twice.boards] == ["3s6s2d7d6h", "3s6s2d5dKh"]
    thrice = hands["HD100000003"].hand
    assert len(thrice.boards) == 3 and holdem.format_cards(thrice.boards[2]) == "Th2s6d8cQs"


def test_straddles_and_missed_blinds() -> None:
    hands = by_id()
    assert hands["HD100000004"].hand.straddles == (50,)
    assert hands["HD100000005"].hand.posts == {3: (50, 25)}  # a live big blind and the missed small one dead


def test_cash_outs_and_insurance_are_kept_apart_from_the_pot_results() -> None:
    hands = by_id()
    assert hands["HD100000006"].cash_outs == {"4d96aa58": Decimal("40.2")}
    assert hands["HD100000007"].cash_out_fees == {"Hero": Decimal("5.15")}
    insured = hands["HD100000008"]
    assert insured.cash_out_fees == {"23aca38f": Decimal("1.25")} and insured.rake == 0


def test_every_hand_gives_the_result_worked_out_by_hand_or_its_problem() -> None:
    expected = {
        ("broken.txt", 6, "HD100000012"): "a cash drop: the site adds money no player bet to the pot",
        ("broken.txt", 22, "HD100000013"): "the pots do not replay to the site's result: collected Hero 3.5 (replay 3.25)",
        ("broken.txt", 64, "HD100000014"): "the hand ends before its summary",
        ("skipped.txt", 1, "OM100000010"): "not Texas hold'em: PLO",
        ("skipped.txt", 17, "SD100000011"): "not Texas hold'em: ShortDeck No Limit",
    }
    check_fixtures(DATA, "GGPoker", NET, expected)


def test_a_line_that_says_nothing_of_the_chips_is_read_past() -> None:
    """Chat, time-outs and comings and goings, as PokerStars prints them (``information_line``)."""
    text = (DATA / "cash.txt").read_text(encoding="utf-8").split("\n\n")[0]
    said = text.replace("a28e4f77: folds\n", 'a28e4f77: folds\n41ff0a42 has timed out\nHero said, "nh"\n')
    assert said != text
    reader = read_histories(io.StringIO(said))
    (record,) = list(reader)
    assert not reader.problems
    assert dict(zip(record.players, record.net)) == {name: Decimal(net) for name, net in NET["HD100000001"].items()}
