"""Fuzz targets: site hand histories and OHH, mutated from the fixtures, are read by the contract.

``read_histories`` never raises for bad text: every hand is a record (replayed, its players' results adding up
with the rake) or a problem; ``ohh.loads`` returns a record or raises ``InvalidHistoryError``.  Each site's
fixture folder is in ``SITES``.
"""

from __future__ import annotations

import io
import json
import mmap
from decimal import Decimal
from pathlib import Path

import pytest
from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.errors import InvalidHistoryError
from holdem.formats import conversions, ohh
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


# Inputs that once broke the contract, each kept as it was found (made small).
STARS_HAND = """PokerStars Hand #7: Hold'em No Limit ($0.01/$0.02 USD) - 2024/05/01 20:00:00 ET
Table 'Alpha' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Bob: posts small blind $0.01
Ann: posts big blind $0.02
*** HOLE CARDS ***
Bob: raises $0.04 to $0.06
Ann: folds
Uncalled bet ($0.04) returned to Bob
Bob collected $0.04 from pot
*** SUMMARY ***
Total pot $0.04 | Rake $0
"""
PARTY_HAND = """***** Hand History for Game 0 *****
s Hold'em - S
Seat 4 is the button
Seat 4: Bob (5USD)
Seat 8: Cy (22USD)
Bob posts small blind[.5]
Cy posts big blind[6]
** Dealing down cards **
Bob folds
Cy wins 5"""
IPOKER_GAME = '<session><general><gametype>Holdem NL</gametype>{general}</general><game{code}>{game}</game></session>\n'


def only_problems(text):
    reader = read_histories(io.StringIO(text))
    assert list(reader) == []
    return [problem.reason for problem in reader.problems]


def test_a_hand_is_read_at_all() -> None:  # the texts below break one thing each of a hand that reads
    assert [record.net for record in read_histories(io.StringIO(STARS_HAND))] == [(Decimal("-0.02"), Decimal("0.02"))]


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        (("Seat 1: Ann", "Seat 1: Bob"), "seat 1 listed after seat 1"),
        (("Seat 255: Ann", "Seat 2: Bob"), "after seat 255"),
    ],
)
def test_seats_shared_or_out_of_order_are_problems(seats, why) -> None:
    text = STARS_HAND.replace("Seat 1: Ann", seats[0]).replace("Seat 2: Bob", seats[1])
    assert any(why in reason for reason in only_problems(text))


def test_a_rake_beyond_the_pots_won_is_a_problem() -> None:  # the uncalled bet given back pays none
    assert any("do not replay" in reason for reason in only_problems(PARTY_HAND))


@pytest.mark.parametrize(
    "text",
    [
        "<session><general></general><game/>\n",
        "<session><general></general><game/></session>\n",
        "<session><general/>\n<game/><game></game>\n</session>\n",
        IPOKER_GAME.format(general="", code="", game='<round no="0"><action no="\u00b2"/></round>'),
        IPOKER_GAME.format(general="<tablesize>\u00b2</tablesize>", code="", game=""),
    ],
)
def test_ipoker_empty_games_and_digits_of_other_kinds_are_problems(text) -> None:
    assert only_problems(text)


def test_an_ipoker_owner_not_dealt_in_is_no_hero_and_writes() -> None:
    text = (DATA / "ipoker" / "cash.xml").read_text(encoding="utf-8")
    text = text.replace("<nickname>Ann</nickname>", "<nickname>Observer</nickname>")
    records = list(read_histories(io.StringIO(text)))
    assert records and all(record.hero is None for record in records)
    assert [ohh.loads(ohh.dumps(record)).net for record in records] == [record.net for record in records]
    coded = text.replace('gamecode="', 'gamecode="\u00b2', 1)
    assert [conversions.to_phh(record).count("_hand_id") for record in read_histories(io.StringIO(coded))][0] == 1


def test_a_binary_source_known_by_its_read_alone(tmp_path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(STARS_HAND, encoding="utf-16")
    with path.open("rb") as file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
        assert [record.hand_id for record in read_histories(mapped)] == ["7"]  # type: ignore[arg-type]


OHH_VALID = OHH_TEXTS[0]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ('"bet_type": "NL"', '"bet_type": ["NL"]'),
        ('"action": "Check"', '"action": {}'),
        ('"game_type": "Holdem"', '"game_type": "Holdem", "tournament_bounties": 5'),
        ('"small_blind_amount": ', '"small_blind_amount": 9e999999, "_": '),
        ('"player_wins": [', '"player_wins": [' + '{"player_id": 0, "win_amount": 9e999999}, ' * 2),
        ('"bet_type": "NL"', '"bet_type": "FL"}, "_bets": [1, 2, 3], "_": {'),
        ('"game_type": "Holdem"', '"game_type": "Holdem", "tournament_bounties": {}'),
    ],
)
def test_ohh_fields_of_the_wrong_shape_or_size_are_refused(old, new) -> None:
    assert old in OHH_VALID
    with pytest.raises(InvalidHistoryError):
        ohh.loads(OHH_VALID.replace(old, new, 1))


def test_ohh_load_all_reads_each_line_once(monkeypatch) -> None:
    parsed = []
    loads = ohh.json.loads
    monkeypatch.setattr(ohh.json, "loads", lambda text, **options: parsed.append(len(text)) or loads(text, **options))
    with pytest.raises(InvalidHistoryError):
        list(ohh.load_all(io.StringIO("[" + "{}\n," * 2_000 + "{}\n")))  # a value still open at every line's end
    assert len(parsed) == 1
    hands = "\n".join(OHH_TEXTS[:2]) + "\n\n" + json.dumps(json.loads(OHH_TEXTS[2]), indent=1) + "\n"
    assert [record.hand_id for record in ohh.load_all(io.StringIO(hands))] == [
        json.loads(text)["ohh"]["game_number"] for text in OHH_TEXTS[:3]
    ]


def test_ohh_load_all_reads_a_bounded_line_at_a_time() -> None:
    asked = []

    class Endless:
        name = "endless.ohh"

        def readline(self, size=-1):
            asked.append(size)
            return "" if size == 0 else "{" + " " * (size - 1 if size > 0 else 10**8)

    with pytest.raises(InvalidHistoryError, match="more than 1,000,000"):
        list(ohh.load_all(Endless()))  # type: ignore[arg-type]
    assert 0 < max(asked) <= ohh.MAX_HAND_TEXT + 1
