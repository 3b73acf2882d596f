"""Fuzz targets: site hand histories and OHH, mutated from the fixtures, are read by the contract.

``read_histories`` never raises for bad text: every hand is a record (replayed, its players' results adding up
with the rake) or a problem; ``ohh.loads`` returns a record or raises ``InvalidHistoryError``.  Each site's
fixture folder is in ``SITES``.
"""

from __future__ import annotations

import io
from pathlib import Path

from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import InvalidHistoryError
from holdem.formats import ohh
from holdem.formats.histories import read_histories

DATA = Path(__file__).parent / "data" / "histories"
SITES = {"pokerstars": ["cash.txt", "home.txt", "old_2008.txt", "tournament.txt", "broken.txt"]}
TEXTS = [(DATA / site / name).read_text(encoding="utf-8") for site, names in SITES.items() for name in names]
TOKENS = st.one_of(
    st.sampled_from(
        ["\n", "\r\n", "\n\n", " ", ":", ": ", "$", "€", "£", ",", ".", "0", "9" * 30, "1e1000000", "-", "(", ")",
         "[", "]", "#", "*** ", " ***", "*** SUMMARY ***", "*** FLOP *** [2c 2c 2c]", "and is all-in", "raises ",
         " to ", "calls ", "bets ", "folds", "checks", "posts small & big blinds ", "posts the ante ", "Seat 1: ",
         "Seat 9: ", " in chips)", "PokerStars Hand #1: ", "Hold'em No Limit", "Omaha", "Hand cancelled",
         "collected ", " from side pot-2", "Uncalled bet (", ") returned to ", "Dealt to ", "[Ah Ah]", "[Xx Yy]",
         "\x00", "\x01", "\ufeff", "\ud7ff", "ABCDEFGHIJ" * 200, "FIRST Board [2c 3c 4c 5c 6c]"]
    ),
    st.text(max_size=4),
)


@st.composite
def mutated(draw, texts=TEXTS):
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 5))):
        position = draw(st.integers(0, len(text)))
        removed = draw(st.integers(0, 12))
        text = text[:position] + draw(st.one_of(st.just(""), TOKENS)) + text[position + removed :]
    return text


def check_reading(source):
    reader = read_histories(source)
    for record in reader:
        assert record.hand.is_over
        assert sum(record.net) + record.rake + record.jackpot == 0
        assert len(record.players) == len(record.seats) == record.hand.player_count
    assert reader.summary.read >= reader.summary.imported
    for problem in reader.problems:
        assert problem.reason and problem.line >= 0


@fuzz_settings(500)
@given(mutated())
def test_site_text(text):
    check_reading(io.StringIO(text))


@fuzz_settings(120)
@given(mutated(), st.binary(max_size=4), st.integers(0, 10**6), st.sampled_from(["utf-8", "utf-16-le", "cp1252"]))
def test_site_bytes(text, noise, where, encoding):
    data = text.encode(encoding, "replace")
    position = where % (len(data) + 1)
    check_reading(io.BytesIO(data[:position] + noise + data[position:]))


OHH_TEXTS = [ohh.dumps(record) for record in read_histories(DATA / "pokerstars" / "cash.txt")]


@fuzz_settings(250)
@given(mutated(OHH_TEXTS))
def test_ohh_text(text):
    try:
        record = ohh.loads(text)
    except InvalidHistoryError:
        return
    assert sum(record.net) + record.rake + record.jackpot == 0
    again = ohh.loads(ohh.dumps(record))
    assert again.net == record.net and again.hand.history == record.hand.history
