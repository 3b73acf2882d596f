"""Fuzz targets: site hand histories and OHH, mutated from the fixtures, are read by the contract.

``read_histories`` never raises for bad text: every hand is a record (replayed, its players' results adding up
with the rake) or a problem; ``ohh.loads`` returns a record or raises ``InvalidHistoryError``.  Each site's
fixture folder is in ``SITES``.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import InvalidHistoryError
from holdem.formats import ohh
from holdem.formats.histories import read_histories

DATA = Path(__file__).parent / "data" / "histories"
SITES = {
    "pokerstars": ["cash.txt", "home.txt", "old_2008.txt", "tournament.txt", "variants.txt", "broken.txt"],
    "rooms": ["rooms.txt"],
    "fulltilt": ["cash.txt", "tournament.txt", "old_2007.txt", "new_2013.txt", "terse.txt", "archive_2009.txt",
                 "double_spaced.txt", "broken.txt"],
    "partypoker": ["cash.txt", "old_2006.txt", "tournament.txt", "variants.txt", "broken.txt"],
    "ipoker": ["cash.xml", "old_2012.xml", "localised.xml", "tournament.xml", "compact.xml", "flat.xml",
               "tournament_posts.xml", "broken.xml"],
    "ggpoker": ["cash.txt", "tournament.txt", "broken.txt"],
    "winamax": ["cash.txt", "old_2012.txt", "encoding_cp1252.txt", "tournament.txt", "cash_variants.txt",
                "tournament_variants.txt", "broken.txt"],
    "888poker": ["cash.txt", "locale.txt", "old_2011.txt", "uncalled.txt", "tables.txt", "tournament.txt", "broken.txt"],
    "wpn": ["cash.txt", "old_2016_utf16le.txt", "old_double_spaced_utf16le.txt", "old_2014_jackpot.txt",
            "old_2016_limit.txt", "tournament.txt", "broken.txt"],
}


def fixture_text(site, name):
    """A fixture file's text (UTF-8, or UTF-16 LE with its mark, or cp1252), as the reader decodes it."""
    data = (DATA / site / name).read_bytes()
    if data.startswith(b"\xff\xfe"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252")


TEXTS = [fixture_text(site, name) for site, names in SITES.items() for name in names]
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


# Each site's own texts, with the pieces of its format that a mutation most likely breaks.
SITE_TOKENS = {
    "rooms": ["Run It Once Poker Hand #1: ", "Full Tilt Rush Hand #1: ", "PokerMaster Hand #1: ", "STP added: €1",
              " shows [Ah Kd] for ", "Table ID '1' 6-Max ", " [hero]", "*** SHOWDOWN ***", "¥", "posts big blind ¥8",
              " is sitting out", " and is all-in"],
    "fulltilt": ["*** TURN 1 *** [Ah 5s 4d] [Kc]", "*** RIVER 2 ***", "*** SUMMARY 2 ***", "Board: [2c 3c 4c]",
                 ", and is all in", "posts a dead small blind of $0.05", "Uncalled bet of $1 returned to ",
                 " wins pot 2 ($1)", " ties for the pot ($1)", "Full Tilt Poker Game #1: ", "The button is in seat #9"],
    "partypoker": ["raises [$1 USD]", "is all-In  [$5 USD]", "posts big blind + dead [$0.35].", " wins $1 USD",
                   "** Dealing Flop ** [ 2c, 2c, 2c ]", "** Dealing down cards **", "Seat 1 is the button",
                   "Game #1 starts.", "#Game No : 1", "***** Hand History for Game 1 *****", "Blinds(15/30)", "Table Closed"],
    "ipoker": ['<action no="1" player="Ann" type="23" sum="€1"/>', 'type="7"', 'type="6"', 'sum="1 000,5€"', "</game>",
               "</session>", "<game gamecode=\"1\">", "<!DOCTYPE x [<!ENTITY a 'b'>]>", "&a;", "&amp;", "<![CDATA[",
               'dealer="1"', 'name=""', "<cards type=\"Flop\">S10 HX C2</cards>",
               "<uncalled_bet_enabled>true</uncalled_bet_enabled>"],
    "ggpoker": ["SECOND Board [2c 3d]", "straddle $0.10", "posts missed blind $0.02", "Receives Cashout ($1)",
                "Pays Cashout Risk ($1)", "Uncalled bet ($1) returned to ", "Poker Hand #HD1: ", "Hero"],
    "winamax": ["Winamax Poker - CashGame - HandId: #1-2-3 - ", "0,02€", "0.02€", "*** PRE-FLOP ***", " and is all-in",
                "Total pot 0.04€ | No rake", "*** ANTE/BLINDS ***"],
    "888poker": ["#Game No : 1\n", "***** 888poker Hand History for Game 1 *****", "raises [$0.17]", "[$0.01 + $0.02]",
                 "** Summary **", "** Dealing flop ** [ Ah, Kd, 2c ]", "3.000 $", "collected [ $0.04 ]"],
    "wpn": ["Hand #1 - Holdem(No Limit) - ", "posts dead $0.01", "raises (0.40)", "allin (13.50)", "as a dead bet",
            "------ Summary ------", "Uncalled bet ($1) returned to ", "caps $0.55", "Game started at: "],
}


@st.composite
def site_mutated(draw, site):
    texts = [fixture_text(site, name) for name in SITES[site]]
    text = draw(st.sampled_from(texts))
    for _ in range(draw(st.integers(1, 5))):
        position = draw(st.integers(0, len(text)))
        removed = draw(st.integers(0, 12))
        token = draw(st.one_of(st.just(""), st.sampled_from(SITE_TOKENS[site]), TOKENS))
        text = text[:position] + token + text[position + removed :]
    return text


@pytest.mark.parametrize("site", sorted(SITE_TOKENS))
@fuzz_settings(300)
@given(data=st.data())
def test_each_sites_text(site, data):
    check_reading(io.StringIO(data.draw(site_mutated(site))))


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
