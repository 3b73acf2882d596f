"""888poker hand histories: the fixtures read, replayed and checked against results worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal
from pathlib import Path

import holdem
from holdem.cards import card_name
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "888poker"

# Each hand's result for each player, in the site's units, worked out from the text by hand.  888
# prints no rake: it is what the pot holds beyond the collected amounts.
NET = {
    "1100000001": {"Vera": "-0.02", "Hero": "0.36", "Omar": "0", "Pia": "-0.38"},  # raises as chips added
    "1200000005": {"Abe": "0", "Hero": "0.14", "Cai": "-0.15"},
    "1200000006": {"Abe": "0", "Bo": "-0.10", "Cal": "-0.85", "Dan": "0.86"},
    "1200000007": {"Ana": "-1.20", "Ben": "-0.10", "Cid": "1.18"},
    "1200000018": {"Ana": "2.65", "Cid": "-3"},  # a jackpot table: the jackpot's share is in the 0.35 kept
    "1400000009": {"Ivo": "27", "Joa": "-30"},
    "1400000017": {"Ivo": "-0.02", "Joa": "0.08", "Lu": "-0.06"},  # the river's 0.10 no one called given back
    "900000001": {"Ines": "-0.50", "Remy": "-42.50", "Sol": "40"},  # the 10 beyond an all-in call given back
    "1100000002": {"Ugo": "-0.10", "Tia": "0.15", "Kai": "-0.05"},  # a raise no one called: given back
    "1100000003": {"Ugo": "-0.10", "Tia": "0.37", "Kai": "-0.30"},  # a bet no one called: given back
    "1100000004": {"Ugo": "0", "Tia": "-0.05", "Kai": "0.05"},  # a walk: the big blind collects its own 0.05 too
    "1100000005": {"Ugo": "-0.10", "Tia": "0.15", "Kai": "-0.05"},  # the big blind all in: the 0.20 over it collected
    "1100000021": {"Ugo": "-0.10", "Tia": "0.20", "Kai": "-0.10"},  # the big blind all in, the flop's 0.40 given back
    "1300000008": {"Fox": "3225", "Gus": "-3000", "Hal": "-225"},
    "1300000020": {"Fox": "260", "Gus": "-200", "Hal": "-60"},  # Hal's big blind all in for 60: called in full
    "1700000013": {"Ada": "8", "Bea": "-7", "Cy": "-1"},  # Dov folds before the deal: sits out, dealt no cards
    "1700000014": {"Eli": "900", "Fay": "-900"},
    "1700000015": {"Gil": "2000", "Hub": "-2000"},
    "1700000019": {"Ida": "-1", "Jon": "-6", "Kim": "6.50"},  # another room's title; Kim's 8 given back
}
RAKE = {"1100000001": "0.04", "1200000005": "0.01", "1200000006": "0.09", "1200000007": "0.12", "1400000009": "3",
        "900000001": "3", "1100000003": "0.03", "1200000018": "0.35", "1700000019": "0.50"}  # fmt: skip


def test_the_records_fields() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA)}
    first = hands["1100000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Athens", "USD", Decimal("0.01"), 4, "Hero", 6,
    )  # fmt: skip
    assert first.started is not None and first.started.isoformat() == "2019-12-09T20:00:00"
    assert [action.amount for action in first.hand.history if action.kind.value == "raise"] == [6, 18, 60]
    assert hands["1200000005"].fast_fold and not first.fast_fold
    assert hands["1200000006"].hand.posts == {3: (25, 10)}  # a dead blind: the small one dead, the big one live
    assert hands["1200000006"].hand.rules.structure is holdem.Structure.POT_LIMIT
    limit = hands["1200000007"].hand.rules
    assert limit.structure is holdem.Structure.FIXED_LIMIT and (limit.small_bet, limit.big_bet) == (20, 40)
    tournament = hands["1300000008"]
    assert tournament.tournament == "140000001" and tournament.currency is None and tournament.table == "#4"
    assert tournament.hand.rules.ante == 25
    short = hands["1300000020"].hand
    decisions = [(action.kind.value, action.amount) for action in short.history if action.kind.value in ("call", "raise")]
    assert decisions == [("call", 200), ("call", 100)]  # the full big blind, not a raise over the 60 posted
    assert hands["1400000009"].seats == (1, 2) and hands["1400000009"].hand.starting_stacks == (300000, 125050)  # 3.000 $
    german = hands["1400000017"]  # suits in German words
    assert [card_name(card) for card in german.hand.board] == ["Qs", "7d", "2h", "3c", "9s"]
    assert [card_name(card) for card in german.hand.hole_cards(1)] == ["Th", "Qc"]
    practice = hands["1700000013"]
    assert (practice.table, practice.max_seats, practice.currency, practice.seats) == ("Oslo", None, None, (1, 2, 4))
    free = hands["1700000014"]
    assert (free.tournament, free.table, free.max_seats, free.currency) == ("150000002", "#12", None, None)
    undated = hands["1700000015"]
    assert (undated.tournament, undated.table, undated.max_seats, undated.started) == ("150000003", None, 10, None)


def test_every_hand_gives_the_result_worked_out_by_hand_or_its_problem() -> None:
    expected = {
        ("broken.txt", 14, "1600000011"): "a decision out of turn: Hero acts, Vera is to act",  # a fold line dropped
        ("broken.txt", 32, "1600000012"): "the hand ends before its summary",
        ("skipped.txt", 2, "1500000010"): "not Texas hold'em: Pot Limit Omaha",
        ("skipped.txt", 17, "1500000016"): "cancelled: no cards were dealt",  # the big blind sits out: no hand
    }
    check_fixtures(DATA, "888poker", NET, expected, RAKE)


def test_a_game_number_line_is_no_hand_of_its_own() -> None:
    reader = read_histories(io.StringIO("#Game No : 1\nHand #5 - Holdem(No Limit) - $0.01/$0.02 - 2019/11/08 05:00:00 UTC\n"))
    assert list(reader) == []
    found = [(problem.hand_id, problem.reason.split(":")[0]) for problem in reader.problems]
    assert found == [("5", "the hand ends before its summary (the file cut short?)")]
