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
    # Vera, seated but not dealt in, is no player of the hand; the total pot printed 2.45k
    "500000000000000005-9-1300000009": {"Rémi": "-1207", "Sacha": "0", "Tom": "1247", "Ugo": "-40"},
    "700000000000000007-40-1660000040": {"Ana": "650", "Bea": "-125", "Cleo": "-525"},  # bounties on the seats
    # Emma's big blind out of position is live (she checks), Aline's small blind out of position dead
    "300001-11-1286000011": {"Aline": "-0.17", "Basile": "0", "Célia": "-0.02", "Denis": "-0.15", "Emma": "0.31"},
    # Basile posts both blinds: 0.07 printed as the small blind (0.02 dead, 0.05 live), 0 as the big blind
    "300001-12-1479000012": {"Aline": "-0.15", "Basile": "0.19", "Célia": "0", "Denis": "-0.05"},
    "2000020-5-1335000005": {"Ana": "0.45", "Bea": "-0.50"},  # fixed limit 0.05/0.10, blinds 0.02/0.05
    "2000021-7-1326000007": {"Ana": "-1", "Cleo": "1", "Dora": "0"},  # Bea, sitting out, denies the big blind
    # Sacha's all-in raise over Tom's all-in bet: no one can answer it, its 300 comes back as a side pot
    "500000000000000005-12-1300000012": {"Rémi": "0", "Sacha": "-900", "Tom": "900"},
}

# The rake of each hand that pays one (the summary's total pot is what the winners take, the rake apart).
RAKE = {
    "1000001-1-1700000001": "0.01",
    "4000004-3-1650000004": "0.06",
    "2000002-7-1330000000": "1",
    "300001-11-1286000011": "0.03",
    "300001-12-1479000012": "0.01",
    "2000020-5-1335000005": "0.05",
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
    assert hands["500000000000000005-9-1300000009"].hero is None  # the file's owner, not dealt in
    limit = hands["2000020-5-1335000005"].hand.rules
    assert limit.structure is holdem.Structure.FIXED_LIMIT and (limit.small_blind, limit.big_blind) == (2, 5)
    assert (limit.small_bet, limit.big_bet) == (5, 10)
    assert hands["2000021-7-1326000007"].button == 4


def test_every_hand_gives_the_result_worked_out_by_hand_or_its_problem() -> None:
    expected = {
        ("broken.txt", 1, "9000009-4-1700000009"): "board cards missing",  # the river line dropped
        ("broken.txt", 39, "9000010-4-1700000010"): "a decision that cannot be read: 'Hugo raises 0.04€ to 0.06€Inès folds'",
        ("skipped.txt", 1, "8000008-2-1700000008"): "not Texas hold'em: Omaha pot limit",
    }
    check_fixtures(DATA, "Winamax", NET, expected, RAKE)