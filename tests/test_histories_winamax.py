"""Winamax hand histories: the fixtures read, replayed and checked against results worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import holdem
from holdem.formats.histories import read_histories
from site_histories import check_fixtures

DATA = Path(__file__).parent / "data" / "histories" / "winamax"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "1000001-1-1700000001": {"Léa": "-0.06", "Jean Paul": "0", "Hugo": "0.06", "Inès": "-0.01"},
    "3000003-55-1600000003": {"Ana": "-0.05", "Bea": "0.05", "Cleo": "0"},
    "4000004-3-1650000004": {"Ana": "0.54", "Bea": "-0.60"},
    "7000007-1-1700000007": {"Élodie": "0.02", "Chloé": "-0.02"},
    "2000002-7-1330000000": {"Zoé": "-10", "Maël": "9.10", "Noé": "-0.10"},
    "600000000000000006-12-1500000006": {"Ana": "-800", "Bea": "-10", "Cleo": "920", "Dora": "-110"},
}


def test_the_records_fields() -> None:
    hands = {record.hand_id: record for record in read_histories(DATA)}
    first = hands["1000001-1-1700000001"]
    assert (first.table, first.currency, first.unit, first.button, first.hero, first.max_seats) == (
        "Nice 03", "EUR", Decimal("0.01"), 3, "Hugo", 5,
    )  # fmt: skip
    assert first.started is not None and first.started.isoformat() == "2023-11-14T21:10:05+00:00"
    assert hands["3000003-55-1600000003"].fast_fold and not first.fast_fold
    assert hands["4000004-3-1650000004"].hand.rules.structure is holdem.Structure.POT_LIMIT
    old = hands["2000002-7-1330000000"]  # decimal commas, and the uncalled 2,40 in the collected amount
    assert old.rake == 1 and old.started is not None and old.started.utcoffset() is not None
    tournament = hands["600000000000000006-12-1500000006"]
    assert tournament.tournament == "600000000000000006" and tournament.currency is None
    assert tournament.hand.rules.ante == 10 and tournament.hand.rules.big_blind == 100
    assert hands["7000007-1-1700000007"].players == ("Élodie", "Chloé")  # cp1252 with CRLF


def test_every_hand_gives_the_result_worked_out_by_hand_or_its_problem() -> None:
    expected = {
        ("broken.txt", 1, "9000009-4-1700000009"): "board cards missing",  # the river line dropped
        ("broken.txt", 39, "9000010-4-1700000010"): "a decision that cannot be read: 'Hugo raises 0.04€ to 0.06€Inès folds'",
        ("skipped.txt", 1, "8000008-2-1700000008"): "not Texas hold'em: Omaha pot limit",
    }
    check_fixtures(DATA, "Winamax", NET, expected)