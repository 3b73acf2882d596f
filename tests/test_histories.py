"""Site hand histories: the PokerStars fixtures read, replayed and checked against results worked out by hand;
encodings, streaming, problems and counts."""

from __future__ import annotations

import dataclasses
import io
import re
import tracemalloc
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem.formats import fulltilt, histories, parsing, pokerstars
from holdem.formats._histories import site_of
from holdem.formats.histories import HandProblem, Problem, parse_amount, read_histories

STARS = Path(__file__).parent / "data" / "histories" / "pokerstars"

# Each hand's result for each player, in the site's units, worked out from the text by hand.
NET = {
    "250000000001": {"Ann": "-0.38", "Bob": "-0.06", "Cy": "-0.01", "Dee": "0.42"},
    "250000000002": {"Ann": "9.60", "Bob": "-10", "Cy": "-0.10"},
    "250000000003": {"Ann": "14.50", "Bob": "-10", "Cy": "-25", "Dee": "18.50"},
    "250000000004": {"Ann": "-0.50", "Bob": "-0.50"},
    "250000000005": {"Ann": "-27.50", "Bob": "24.50"},
    "250000000006": {"Ann": "0", "Bob": "-0.10", "Cy": "-0.10", "Dee": "-0.10", "Eve": "0.28"},
    "250000000007": {"Ann": "0", "Bob": "0", "Dee": "0.27", "Eve": "-0.30"},
    "250000000008": {"Ann": "1.15", "Bob": "-0.10", "Cy": "-0.20", "Dee": "-0.90"},
    "250000000011": {"Ann": "0.13", "Cy": "0", "Dee": "-0.14"},
    "250000000012": {"Ann": "-50", "Bob": "-0.25", "Cy": "49.25"},
    "250000000013": {"Ann": "-0.40", "Bob": "0.46", "Cy": "-0.10"},
    "250000000014": {"Ann": "0.10", "Bob": "-0.10"},
    "17000000001": {"Ann": "0", "Bob": "0.75", "Cy": "-0.25", "Dee": "-0.50"},
    "17000000002": {"Ann": "-0.50", "Bob": "1.40", "Cy": "-0.50", "Dee": "-0.50"},
    "250000000101": {"Ann": "190", "Bob": "-5", "Cy": "-30", "Dee": "-155"},
    "250000000102": {"Ann": "960", "Bob": "-900", "Cy": "-60"},
    "250000000103": {"Ann": "-35", "Bob": "-5", "Cy": "-5", "Dee": "45"},
    "250000000201": {"Zoë": "-0.05", "José": "0.05"},
    "250000000301": {"Ann": "0.02", "Bob": "-0.02"},
    "250000000404": {"Ann": "0", "Bob": "-0.02", "Cy": "0.02"},
    "250000000501": {"Ann": "0.27", "Bob": "0", "Cy": "-0.25", "Dee": "-0.05"},
    "250000000502": {"Ann": "0.80", "Bob": "-0.10", "Cy": "-0.75"},
    "250000000506": {"Ann": "395", "Bob": "-355", "Cy": "-35", "Dee": "-5"},
    "250000000507": {"Ann": "-100", "Bob": "160", "Cy": "-60"},  # Cy's big blind all in for 60: called in full
}


def read_all(source: object) -> tuple[list[histories.SiteHand], histories.HistoryReader]:
    reader = read_histories(source)  # type: ignore[arg-type]
    return list(reader), reader


def test_every_fixture_hand_gives_each_player_the_result_worked_out_by_hand() -> None:
    records, reader = read_all(STARS)
    seen = set()
    for record in records:
        expected = {name: Decimal(net) for name, net in NET[record.hand_id].items()}
        assert dict(zip(record.players, record.net)) == expected
        assert sum(record.net) + record.rake + record.jackpot == 0
        assert record.hand.is_over
        seen.add(record.hand_id)
    assert seen == set(NET)
    assert reader.summary.imported == len(records) == 27  # one hand in four encodings


def test_the_records_fields() -> None:
    records, _ = read_all(STARS / "cash.txt")
    first = records[0]
    assert (first.site, first.table, first.currency, first.unit, first.button, first.hero) == (
        "PokerStars", "Aludra IV", "USD", Decimal("0.01"), 2, "Ann",
    )  # fmt: skip
    assert first.seats == (1, 2, 3, 5) and first.max_seats == 6 and first.tournament is None
    assert first.started.isoformat() == "2024-03-05T21:14:07+01:00"
    assert holdem.format_cards(first.hand.board) == "Kh7c2d9s3h"
    assert holdem.format_cards(first.hand.hole_cards(3)) == "Kc9h"
    zoom = records[1]
    assert zoom.fast_fold and zoom.currency == "USD"
    by_id = {record.hand_id: record for record in records}
    assert len(by_id["250000000004"].hand.boards) == 2 and len(by_id["250000000005"].hand.boards) == 3
    cash_out = by_id["250000000012"]
    assert cash_out.cash_outs == {"Ann": Decimal("78.60")} and cash_out.cash_out_fees == {"Ann": Decimal("0.80")}
    assert dict(zip(cash_out.players, cash_out.net))["Ann"] == Decimal(-50)  # the cash-out is not in net
    limit = by_id["250000000013"]
    assert limit.hand.rules.structure is holdem.Structure.FIXED_LIMIT and limit.hand.rules.small_bet == 10
    assert by_id["250000000014"].hand.rules.structure is holdem.Structure.POT_LIMIT


def test_posts_out_of_position_dead_blinds_and_straddles() -> None:
    records, _ = read_all(STARS)
    by_id = {record.hand_id: record for record in records}
    posts = by_id["250000000006"].hand
    assert posts.posts == {3: (10, 0), 4: (10, 5)}  # a big blind out of position, small & big blinds
    assert by_id["250000000007"].hand.dead_small_blind
    assert by_id["250000000008"].hand.straddles == (40,)


def test_tournaments_antes_bounties_and_players_sitting_out() -> None:
    records, _ = read_all(STARS / "tournament.txt")
    first, short, bounty = records
    assert first.tournament == "3600000001" and first.currency is None and first.unit == 1
    assert first.hand.rules.ante == 5 and "Cy" in first.players  # sitting out, but dealt in
    assert bounty.bounties == {"Ann": Decimal("3.75")}


ROOMS = STARS.parent / "rooms" / "rooms.txt"
# The hands of the rooms on PokerStars' software: each player's result worked out from the text by hand.
ROOMS_NET = {
    "160000000001": {"Ann": "0.80", "Bob": "-0.10", "Cy": "-0.75"},
    "60000001": {"Ann": "210", "Bob": "-190", "Cy": "-20"},
    "60000002": {"Ann": "0", "Bob": "0", "Cy": "-0.05", "Dee": "0.05"},  # a walk: no uncalled bet printed
    "190000000001": {"Ann": "18", "Bob": "-2", "Cy": "-3", "Dee": "-13"},  # Dee's straddle of 4
    "1620000000001": {"Ann": "-0.50", "Bob": "12.15", "Cy": "-12.25"},
}
ROOMS_RAKE = {"160000000001": "0.05", "1620000000001": "0.60"}


def test_the_rooms_on_pokerstars_software_read_as_sites_of_their_own() -> None:
    records, reader = read_all(ROOMS)
    by_id = {record.hand_id: record for record in records}
    sites = ["Full Tilt", "Run It Once", "Run It Once", "PokerMaster", "PokerBros"]
    assert [record.site for record in records] == sites
    for record in records:
        expected = {name: Decimal(net) for name, net in ROOMS_NET[record.hand_id].items()}
        assert dict(zip(record.players, record.net)) == expected
        assert record.rake == Decimal(ROOMS_RAKE.get(record.hand_id, "0"))
    assert sorted(by_id) == sorted(ROOMS_NET)
    forfeit, splash = reader.problems
    assert (forfeit.line, forfeit.hand_id, forfeit.site, forfeit.skipped) == (40, "160000000002", "Full Tilt", False)
    assert forfeit.reason.startswith("Cy, all in by their posts, folds and loses them without a showdown")
    assert (splash.line, splash.hand_id, splash.site, splash.skipped) == (122, "60000003", "Run It Once", True)
    assert splash.reason == "not a game holdem plays: €1 added to the pot by the room (Splash the Pot)"
    assert by_id["160000000001"].fast_fold  # Full Tilt Rush
    tournament = by_id["60000001"]
    assert (tournament.tournament, tournament.table, tournament.max_seats) == ("170001", "60000000", 3)
    assert tournament.started.isoformat() == "2021-05-01T18:00:00+00:00"  # Run It Once prints no seconds
    assert tournament.hero == "Bob"  # the seat marked [hero], though another's cards are dealt first
    assert holdem.format_cards(tournament.hand.hole_cards(0)) == "QsQh"  # shown without a colon after the name
    yuan = by_id["190000000001"]
    assert yuan.currency == "CNY" and yuan.hand.straddles == (400,) and yuan.hand.rules.ante == 100  # in cents
    assert by_id["1620000000001"].started.isoformat() == "2021-05-02T20:00:00+00:00"
    # Full Tilt's hands of the years before keep their own reader, under the same site's name.
    assert site_of("Full Tilt Poker Game #1: Table A - $1/$2 - No Limit Hold'em - 1:00:00 ET") is fulltilt.SITE
    assert site_of("Full Tilt Hand #1:  Hold'em No Limit (5/10) - 2016/05/20 8:19:23 ET") is pokerstars.ROOMS[0]
    assert fulltilt.SITE.name == pokerstars.ROOMS[0].name == "Full Tilt"


def test_problems_say_file_line_hand_site_and_why() -> None:
    _, reader = read_all(STARS)
    found = {(Path(problem.file).name, problem.line, problem.hand_id): problem for problem in reader.problems}
    expected = {
        ("broken.txt", 11, "250000000401"): "a decision that cannot be read: Bob: 'folds*** FLOP *** [Kd 8d 3s]'",
        ("broken.txt", 19, "250000000402"): "board cards missing",
        ("broken.txt", 54, "250000000403"): "a decision out of turn: Ann acts, Cy is to act",
        ("broken.txt", 87, "250000000405"): "the hand is cut short: line 87 ends it with another hand's first line",
        ("junk.bin", 1, None): "not a hand history",
        ("skipped.txt", 1, "250000000009"): "cancelled",
        ("skipped.txt", 14, "250000000010"): "not Texas hold'em: Omaha Pot Limit",
        ("skipped.txt", 30, "250000000503"): "not Texas hold'em: 6+ Hold'em No Limit",
        ("skipped.txt", 47, "250000000504"): "not Texas hold'em: Split Hold'em No Limit",
        ("skipped.txt", 63, "250000000505"): "not a game holdem plays: $5 Cap Hold'em No Limit (capped bets)",
        ("truncated.txt", 30, "250000000302"): "the hand ends before its summary",
    }
    assert set(found) == set(expected)
    for key, reason in expected.items():
        assert found[key].reason.startswith(reason)
        assert found[key].site == (None if key[2] is None else "PokerStars")
    assert found[("skipped.txt", 1, "250000000009")].skipped
    assert not found[("truncated.txt", 30, "250000000302")].skipped
    summary = reader.summary
    assert summary.games[("PokerStars", "Omaha Pot Limit")]["not Texas hold'em"] == 1
    assert summary.read == 37 and summary.imported == 27
    assert "PokerStars, Hold'em No Limit: 31 read, 24 imported" in str(summary)


def test_a_callback_takes_the_problems_instead() -> None:
    taken: list[Problem] = []
    reader = read_histories(STARS / "skipped.txt", on_problem=taken.append)
    assert list(reader) == [] and len(taken) == 5 and reader.problems == []


def test_text_and_binary_file_objects_and_lists() -> None:
    text = (STARS / "old_2008.txt").read_text()
    assert [record.hand_id for record in read_histories(io.StringIO(text))] == ["17000000001", "17000000002"]
    assert len(list(read_histories(io.BytesIO(text.encode())))) == 2
    assert len(list(read_histories([STARS / "old_2008.txt", STARS / "home.txt"]))) == 3
    with open(STARS / "encoding_utf16le_bom.txt", "rb") as binary:
        assert [record.players for record in read_histories(binary)] == [("Zoë", "José")]


def test_a_huge_line_is_one_problem_and_the_next_hand_reads() -> None:
    good = (STARS / "truncated.txt").read_text().split("\n\n")[0]
    huge = good.replace("Bob: folds", 'Bob said, "' + "x" * 3_000_000 + '"\nBob: folds')
    records, reader = read_all(io.StringIO(huge + "\n\n" + good.replace("#250000000301", "#250000000399")))
    assert [record.hand_id for record in records] == ["250000000399"]
    reasons = [problem.reason for problem in reader.problems]
    assert reasons[0].startswith("line longer than") and "too long" in reasons[1]


def _everything_read(source: Path) -> list[object]:
    """Each record of ``source`` (its fields, the hand's log and payoffs) and each problem, in order."""
    found: list[object] = []
    reader = read_histories(source, on_problem=found.append)
    for record in reader:
        fields = {field.name: getattr(record, field.name) for field in dataclasses.fields(record)}
        hand = fields.pop("hand")
        found.append((hand.log(), hand.payoffs, fields))
    return [*found, reader.summary.read, reader.summary.imported]


@pytest.mark.parametrize("block", [7, 500])
def test_a_file_reads_the_same_whatever_the_size_of_its_blocks(monkeypatch: pytest.MonkeyPatch, block: int) -> None:
    """Hands whose lines straddle the blocks the file is read in (the lines of each joined into a text of the
    hand's own) read as when each lies in one block, in every site's fixtures and encodings."""
    files = sorted(path for path in (STARS.parent).rglob("*") if path.is_file())
    expected = [_everything_read(path) for path in files]
    monkeypatch.setattr(histories, "BLOCK", block)
    assert [_everything_read(path) for path in files] == expected


def test_memory_stays_flat_however_long_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = (STARS / "cash.txt").read_text().split("\n\n\n\n")[0] + "\n\n"
    monkeypatch.setattr(histories, "BLOCK", 8192)  # the file is read a block at a time: a small one here

    class Repeating(io.RawIOBase):
        """A file of ``count`` copies of a hand, made as it is read."""

        def __init__(self, count: int) -> None:
            self.left = count
            self.buffer = b""

        def readable(self) -> bool:
            return True

        def readinto(self, target: bytearray) -> int:  # type: ignore[override]
            while len(self.buffer) < len(target) and self.left:
                self.buffer += hand.encode()
                self.left -= 1
            size = min(len(target), len(self.buffer))
            target[:size] = self.buffer[:size]
            self.buffer = self.buffer[size:]
            return size

    assert sum(1 for _ in read_histories(io.BufferedReader(Repeating(20)))) == 20  # caches filled first
    count = 1000
    tracemalloc.start()
    try:
        assert sum(1 for _ in read_histories(io.BufferedReader(Repeating(count)))) == count
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < len(hand.encode()) * count / 2  # half the file at most, and the same for any longer file


def test_a_file_object_reading_bytearrays_reads_as_one_reading_bytes() -> None:
    text = (STARS / "cash.txt").read_text(encoding="utf-8-sig").replace("Ann", "José").encode()

    class Bytearrays:
        """A file object whose reads give bytearrays."""

        def __init__(self) -> None:
            self.file = io.BytesIO(text)

        def read(self, size: int = -1) -> bytearray:
            return bytearray(self.file.read(size))

        def peek(self, size: int = 0) -> bytearray:
            return bytearray(text[self.file.tell() : self.file.tell() + max(size, 1)])

    records = [(hand.hand_id, hand.players) for hand in read_histories(Bytearrays())]
    assert records == [(hand.hand_id, hand.players) for hand in read_histories(io.BytesIO(text))]
    assert any("José" in players for _, players in records)


def test_amounts_as_sites_print_them() -> None:
    assert parse_amount("$1,234,567.89") == Decimal("1234567.89")
    assert parse_amount("1.234.567,89 €") == Decimal("1234567.89")
    assert parse_amount("0,5") == Decimal("0.5")
    assert parse_amount("£12") == Decimal(12)
    for bad in ("", "$", "1e5", "nan", "1" * 50, "1..2"):
        with pytest.raises(HandProblem):
            parse_amount(bad)


def test_bad_arguments() -> None:
    with pytest.raises(TypeError):
        read_histories(42)  # type: ignore[arg-type]
    with pytest.raises(holdem.InvalidHistoryError):
        read_histories(STARS, sites=["Nowhere"])
    reader = read_histories(STARS / "does-not-exist.txt")
    assert list(reader) == [] and reader.problems[0].reason.startswith("cannot be read")


# Inputs that once escaped the contract, kept as regression tests.
DATA = Path(__file__).parent / "data" / "histories"


@pytest.mark.parametrize(
    ("fixture", "old", "new", "reason"),
    [
        ("pokerstars/cash.txt", "Total pot $0.83 | Rake $0.03", "Total pot | Rake $0.03", "total pot has no amount"),
        ("ggpoker/cash.txt", "77aa88bb: straddle $0.5", "77aa88bb: straddle", "cannot be read: 77aa88bb"),
    ],
)
def test_a_line_without_its_amount_is_a_problem(fixture, old, new, reason):
    text = (DATA / fixture).read_text(encoding="utf-8-sig")
    assert old in text
    reader = read_histories(io.StringIO(text.replace(old, new, 1)))
    records = list(reader)
    assert len(records) == len(list(read_histories(DATA / fixture))) - 1
    assert any(reason in problem.reason for problem in reader.problems)


def test_a_wpn_level_without_a_tournament_reads_in_chips():
    text = (DATA / "wpn" / "tournament.txt").read_text(encoding="utf-8-sig")
    first, rest = text.split("\n", 1)
    changed = first.replace("$2,500 GTD Tournament #27000003 - ", "")
    reader = read_histories(io.StringIO(changed + "\n" + rest))
    records = list(reader)
    assert all(record.currency is None for record in records[:1])
    assert len(records) + len(reader.problems) >= 1


def test_amounts_below_one_with_three_decimals_are_not_thousands():
    assert [parse_amount(text) for text in ("$0.125", "0,125 €", "$0.005")] == [
        Decimal("0.125"), Decimal("0.125"), Decimal("0.005")
    ]
    assert parse_amount("1.234.567") == 1234567


def test_a_file_that_fails_as_it_is_read_is_a_problem(tmp_path):
    closed = open(STARS / "cash.txt", "rb")
    closed.close()
    reader = read_histories(closed)
    assert list(reader) == [] and "cannot be read" in reader.problems[0].reason
    written = open(tmp_path / "out.txt", "w")
    try:
        reader = read_histories(written)
        assert list(reader) == [] and "cannot be read" in reader.problems[0].reason
    finally:
        written.close()


@pytest.mark.parametrize("sites", ["PokerStars", [1, "x"], [[1]]])
def test_sites_of_the_wrong_type_are_refused(sites):
    with pytest.raises(TypeError, match="site names"):
        read_histories(STARS, sites=sites)


def test_a_record_is_the_site_hand_its_fields_make():
    records = list(read_histories(STARS / "cash.txt"))
    names = [field.name for field in dataclasses.fields(histories.SiteHand)]
    for record in records:
        fields = {name: getattr(record, name) for name in names}
        assert histories.SiteHand(**fields) == record
        assert dataclasses.replace(record, rake=record.rake + 1) != record
        assert not hasattr(record, "__dict__")  # each field in its slot
    with pytest.raises(dataclasses.FrozenInstanceError):
        records[0].rake = Decimal(0)  # type: ignore[misc]


def test_a_path_given_as_a_subclass_of_str_or_as_bytes_reads_as_the_path() -> None:
    class Text(str):
        pass

    class BytesPath:
        def __fspath__(self) -> bytes:
            return bytes(STARS / "cash.txt")

    expected = [record.hand_id for record in read_all(STARS / "cash.txt")[0]]
    assert [record.hand_id for record in read_all(Text(STARS / "cash.txt"))[0]] == expected
    assert [record.hand_id for record in read_all(BytesPath())[0]] == expected


def test_the_records_type_hints_resolve() -> None:
    import typing

    assert typing.get_type_hints(histories.SiteHand)["hand"] is holdem.Hand


def test_the_replay_takes_a_parsed_hand_only():
    for wrong in (object(), {"seats": []}, None):
        with pytest.raises(TypeError, match="ParsedHand"):
            histories.replay(wrong)
        with pytest.raises(TypeError, match="ParsedHand"):
            histories.places_of(wrong)


def test_the_summary_readers_take_text_of_a_subclass_of_str():
    class Text(str):
        pass

    parsed = histories.ParsedHand("PokerStars", "1", 1)
    histories.read_total_pot(parsed, Text("Total pot $3.65 | Rake $0.10"))
    histories.read_summary_seat(parsed, Text("Seat 2: Bob (big blind) showed [7s 7h] and won ($3.55)"))
    assert (parsed.total_pot, parsed.rake, parsed.shown) == (Decimal("3.65"), Decimal("0.10"), {"Bob": (23, 22)})


def test_every_net_of_a_hand_is_in_the_hands_unit() -> None:
    # WPN's hands of tenths whose winner collected "8.50", its tournaments' "20,700.00": 8.5 and 20700, as the others
    records = list(read_histories(STARS.parent))
    assert {record.site for record in records} >= {"PokerStars", "WPN", "GGPoker", "Winamax", "iPoker"}
    for record in records:
        places = {amount.as_tuple().exponent for amount in record.net}
        assert places == {record.unit.as_tuple().exponent}, (record.site, record.hand_id, record.net)


def test_the_nets_are_exact_whatever_the_decimal_context() -> None:
    import decimal

    text = (STARS / "cash.txt").read_text(encoding="utf-8-sig")
    def nets() -> dict[str, list[str]]:
        return {record.hand_id: [str(amount) for amount in record.net] for record in read_histories(io.StringIO(text))}

    expected = nets()
    with decimal.localcontext(decimal.Context(prec=1)):  # the first hand's results replay, its nets need 2 digits
        coarse = nets()
    assert coarse and all(coarse[hand_id] == expected[hand_id] for hand_id in coarse)
    assert nets() == expected


def test_a_summary_counts_into_any_mapping() -> None:
    from collections import Counter, defaultdict

    summary = histories.Summary(games=defaultdict(Counter))
    summary.count("PokerStars", "Hold'em No Limit", None)
    assert summary.read == 1 and summary.imported == 1


def test_the_splitter_reads_a_list_block_as_it_was_when_it_reached_it() -> None:
    from holdem.formats._histories import split_hands

    first = "PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/03/05 21:14:07 ET"
    block = [first, "a", first, "b", "c"]
    hands = []
    for _, number, lines, _ in split_hands("f", iter([block, ["z"]]), lambda problem: None):
        hands.append((number, list(lines)))
        block.clear()  # the splitter goes on with the lines the block had
    assert hands == [(1, [first, "a"]), (3, [first, "b", "c", "z"])]


def test_the_splitter_takes_a_block_given_twice_as_two() -> None:
    from holdem.formats._histories import Lines, split_hands

    first = "PokerStars Hand #1:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/03/05 21:14:07 ET"
    block = Lines.of(["a"] * 63 + [first])
    hands = [(number, list(lines)) for _, number, lines, _ in split_hands("f", [block, block], lambda problem: None)]
    assert hands == [(64, [first] + ["a"] * 63), (128, [first])]
    start, other = Lines.of(["x", first, "a"]), Lines.of(["b"])
    hands = [(number, list(lines)) for _, number, lines, _ in split_hands("f", [start, other, start], lambda _: None)]
    assert hands == [(2, [first, "a", "b", "x"]), (6, [first, "a"])]


def test_a_line_of_bytes_is_too_long_by_its_bytes_however_the_file_is_cut() -> None:
    from holdem.formats._histories import text_lines

    euros = "\u20ac\u20ac".encode()  # two characters, six bytes: longer than 3
    for pieces in ([euros + b"\n"], [euros[:5], euros[5:] + b"\n"], [euros + b"\n\x80\n"]):
        lines = [line for block in text_lines(pieces, b"\n", 3) for line in block]
        assert lines[0] == parsing.LINE_TOO_LONG


@settings(deadline=None, derandomize=True, max_examples=500)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "Seat 1: Ann", "\u00e9", "\u20ac", "\U0001f0a1", " ", "\t", "\r", "\ufeff"]),
                  st.sampled_from([1, 2, 100, 300])),
        max_size=12,
    ).map(lambda parts: "".join(piece * times for piece, times in parts)),
    st.sampled_from(["\n", "\n\n", "x\u20ac\n"]),
)
def test_the_lines_of_a_text_are_its_lines_stripped_in_the_narrowest_kind(text: str, end: str) -> None:
    from holdem.formats._histories import text_lines

    whole = text + end + text  # a character above 255 in a piece (most lines are narrowed from it)
    lines = [line for block in text_lines([whole], "\n", 1_000_000) for line in block]
    expected = whole.split("\n")
    if not expected[-1]:  # a text that ends at a line end: no line after it
        expected.pop()
    # Equal strs are of one width in CPython (a line wider than its characters need is no equal), and isascii
    # reads the flag of the narrowest
    assert lines == [line.strip(" \t\r\x00\ufeff") for line in expected]
    assert [line.isascii() for line in lines] == [max(line, default="a") < "\x80" for line in lines]


def test_the_line_readers_refuse_what_is_not_text() -> None:
    from holdem.formats._histories import site_of, text_lines

    with pytest.raises(TypeError):
        site_of(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="lines end at"):
        list(text_lines(["a\rb"], "\r", 100))


def test_a_summary_counts_into_counters_and_into_other_mappings_alike() -> None:
    from collections import Counter, defaultdict

    from holdem.formats._histories import count_hand

    class Tally(Counter):  # a Counter of its own: counted through its item methods
        def __setitem__(self, key, value):
            super().__setitem__(key, value * 10 if key == "read" else value)

    hands = [("A", "g", None), ("A", "g", "cut short"), ("B", "g", None), ("A", "g", "cut short")]
    summary, games, problems = histories.Summary(), {("A", "g"): Tally()}, defaultdict(int)
    for hand in hands:
        summary.count(*hand)
        count_hand(games, problems, *hand)
    assert summary.games == {("A", "g"): Counter(read=3, imported=1, **{"cut short": 2}), ("B", "g"): Counter(read=1, imported=1)}
    assert summary.problems == problems == {"cut short": 2}
    assert games[("A", "g")]["read"] == 1110  # three reads, each (x + 1) * 10 through Tally's own setter
    assert games[("B", "g")] == summary.games[("B", "g")]


def test_collected_amounts_are_read_as_printed_and_summed_exactly_whatever_the_decimal_context() -> None:
    """Collected amounts of more than 28 digits were rounded by the caller's decimal context (each added to
    the player's total in it); they are read as printed and summed exactly, and a hand of amounts finer than
    10**-12 of a unit is a problem, in any context."""
    import decimal

    hands = (STARS / "cash.txt").read_text(encoding="utf-8").split("\n\n\n")
    one = hands[0].replace("Dee collected $0.80 from pot", "Dee collected $0.8000000000000000000000000000001 from pot")
    side_pots = next(hand for hand in hands if "Dee collected $29 from side pot-2" in hand)
    two = side_pots.replace("Dee collected $29 from", "Dee collected $29.000000000000000000000000000001 from")
    assert one != hands[0] and two != side_pots
    for precision in (28, 60):
        with decimal.localcontext(decimal.Context(prec=precision)):
            for fine, plain in ((one, hands[0]), (two, side_pots)):
                reader = read_histories(io.StringIO(fine))
                assert list(reader) == []
                assert [problem.reason for problem in reader.problems] == [
                    "amounts finer than 10**-12 of a unit: holdem does not read them"
                ]
                assert len(list(read_histories(io.StringIO(plain)))) == 1


def test_a_players_bounties_are_summed_exactly_whatever_the_decimal_context() -> None:
    import decimal

    line = "Ann wins $3.75 for eliminating Bob and their own bounty increases by $3.75 to $8.75"
    hands = re.split(r"\n\s*\n(?=PokerStars )", (STARS / "tournament.txt").read_text(encoding="utf-8"))
    hand = next(text for text in hands if line in text)
    fine = "Ann wins $0.0000000000000000000000000000001 for splitting the elimination of Bob"
    with decimal.localcontext(decimal.Context(prec=28)):
        (record,) = read_histories(io.StringIO(hand.replace(line, f"{line}\n{fine}")))
    assert record.bounties == {"Ann": Decimal("3.7500000000000000000000000000001")}


def test_posts_that_sum_past_any_stack_and_back_are_still_the_posts_printed():
    """A player's posts are summed exactly: thirteen antes of -2**60 and one of 5 are no ante of 5."""
    text = (STARS / "tournament.txt").read_text(encoding="utf-8")
    huge = "Ann: posts the ante -1152921504606846976\n" * 13
    reader = read_histories(io.StringIO(text.replace("Ann: posts the ante 5\n", huge + "Ann: posts the ante 5\n", 1)))
    assert len(list(reader)) == len(list(read_histories(STARS / "tournament.txt"))) - 1
    (problem,) = reader.problems
    assert "Ann posts -14987979559889010683 in the history, the replay 5" in problem.reason


def test_a_problem_that_the_callback_raises_ends_the_reading():
    """An exception from ``on_problem`` reaches the caller and the reader stops, as a generator does."""

    def refuse(problem: Problem) -> None:
        raise RuntimeError(problem.reason)

    hand = (STARS / "cash.txt").read_text(encoding="utf-8")
    reader = read_histories([io.StringIO("PokerStars Hand #1: garbage\n\n" + hand), io.StringIO(hand)], on_problem=refuse)
    hands = iter(reader)
    with pytest.raises(RuntimeError):
        next(hands)
    assert list(hands) == []


def test_records_and_problems_come_in_the_order_of_the_text_and_stop_where_the_reading_stops() -> None:
    """Hands are parsed and replayed a batch at a time; what the reader gives, records and problems, still comes
    hand by hand in the order of the text, and a reading stopped early gives nothing of the hands after it."""
    good = re.split(r"\n\s*\n(?=PokerStars )", (STARS / "old_2008.txt").read_text())[0].strip()
    hands, expected = ["text that is no hand"], [("problem", None)]
    for number in range(1, 60):
        hand_id = f"{17_100_000_000 + number}"
        text = good.replace("#17000000001", f"#{hand_id}")
        if number % 3 == 0:  # cut short: a problem
            text = text.split("*** SUMMARY")[0]
        hands.append(text)
        expected.append(("problem" if number % 3 == 0 else "record", hand_id))
    events: list[tuple[str, str | None]] = []

    def take(problem: Problem) -> None:
        events.append(("problem", problem.hand_id))

    reader = read_histories(io.StringIO("\n\n\n".join(hands)), on_problem=take)
    for record in reader:
        events.append(("record", record.hand_id))
    assert events == expected
    assert reader.summary.read == 59 and reader.summary.imported == 40

    events.clear()
    reader = read_histories(io.StringIO("\n\n\n".join(hands)), on_problem=take)
    for record in reader:
        events.append(("record", record.hand_id))
        if len(events) >= 5:
            break
    assert events == expected[:5] and reader.summary.read == 4 and reader.summary.imported == 3


def _numbered_hands(count: int) -> tuple[list[str], str]:
    """The ids and the text of ``count`` hands of the 2008 fixture, numbered anew."""
    good = re.split(r"\n\s*\n(?=PokerStars )", (STARS / "old_2008.txt").read_text())[0].strip()
    ids = [f"{17_100_000_000 + number}" for number in range(1, count + 1)]
    return ids, "\n\n\n".join(good.replace("#17000000001", f"#{hand_id}") for hand_id in ids)


@pytest.mark.parametrize("before", [0, 1, 15, 16, 17])
def test_a_file_that_breaks_as_it_is_read_comes_after_the_hands_before_it(before: int) -> None:
    ids, text = _numbered_hands(before)

    class Broken(io.StringIO):
        def read(self, size: int | None = -1) -> str:
            raise RuntimeError("the device is gone")

    reader = read_histories([io.StringIO(text), Broken()])
    taken = []
    with pytest.raises(RuntimeError, match="the device is gone"):
        for record in reader:
            taken.append(record.hand_id)
    assert taken == ids and reader.summary.read == before


class _Interrupt(BaseException):
    """An interrupt of the reading, as Ctrl-C's KeyboardInterrupt."""


@pytest.mark.parametrize("faulty", [1, 4, 16, 17, 20])
@pytest.mark.parametrize("stage", ["parse", "replay", "interrupt"])
def test_a_fault_that_is_no_problem_comes_after_the_hands_before_it(faulty: int, stage: str) -> None:
    """A fault in a site's reader, as its parse or as what the replay is given, is raised where it happens in the
    text: the records and counts of the hands before it come first, wherever it falls in a batch of hands.  An
    interrupt is raised at once: the hands of its batch not given yet are neither given nor counted."""
    ids, text = _numbered_hands(20)

    def parse(lines: list[str], line: int) -> object:
        if f"#{ids[faulty - 1]}" in lines[0]:
            if stage == "parse":
                raise KeyError("a fault in the reader")
            if stage == "interrupt":
                raise _Interrupt()
            return object()  # no hand the replay takes
        return pokerstars.SITE.parse(lines, line)

    sites, starts, preludes = list(parsing._SITES), parsing._ALL_STARTS, parsing._ALL_PRELUDES
    histories.register(parsing.Site("Faulty", ("PokerStars Game #",), parse))
    expected = {"parse": KeyError, "replay": TypeError, "interrupt": _Interrupt}[stage]
    taken = []
    try:
        reader = read_histories(io.StringIO(text))
        with pytest.raises(expected):
            for record in reader:
                taken.append(record.hand_id)
    finally:
        parsing._SITES[:], parsing._ALL_STARTS, parsing._ALL_PRELUDES = sites, starts, preludes
    given = faulty - 1 if stage != "interrupt" else (faulty - 1) // 16 * 16
    assert taken == ids[:given] and reader.summary.read == given


def test_a_reading_stopped_early_reports_nothing_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """A UTF-16 file's reading closed after its first hand, more of the file unread: no problem of the file closed
    under it."""
    monkeypatch.setattr(histories, "BLOCK", 300)
    taken: list[Problem] = []
    hands = iter(read_histories(STARS.parent / "wpn" / "old_2016_utf16le.txt", on_problem=taken.append))
    next(hands)
    hands.close()
    assert taken == []


def test_problems_with_no_hand_waiting_are_given_as_they_are_met() -> None:
    """Text that holds no hand is a problem given before the next file is read; an exception that the callback
    raises reaches the caller, whatever the problem (a line too long included)."""
    opened: list[int] = []

    class Junk(io.StringIO):
        def __init__(self, number: int) -> None:
            super().__init__("no hand here\n" * 3)
            self.number = number

        def read(self, size: int | None = -1) -> str:
            if self.number not in opened:
                opened.append(self.number)
            return super().read(size)

    def stop(problem: Problem) -> None:
        raise LookupError(problem.reason)

    with pytest.raises(LookupError, match="not a hand history"):
        list(read_histories([Junk(number) for number in range(50)], on_problem=stop))
    assert opened == [0]
    opened.clear()
    with pytest.raises(LookupError, match="cannot be read"):
        list(read_histories([STARS / "no such file.txt", Junk(1)], on_problem=stop))
    assert opened == []

    given: list[str] = []

    def refuse(problem: Problem) -> None:  # a ValueError of the callback's own, not a file that cannot be read
        given.append(problem.reason)
        raise ValueError(problem.reason)

    with pytest.raises(ValueError, match="^line longer than"):
        list(read_histories(io.StringIO("x" * 100_001 + "\nmore text\n"), on_problem=refuse))
    assert len(given) == 1


def test_a_site_that_cannot_be_registered_leaves_the_sites_as_they_were() -> None:
    sites, starts, preludes = list(parsing._SITES), parsing._ALL_STARTS, parsing._ALL_PRELUDES
    wrong = [
        {"starts": ["PokerStars Hand #"]}, {"starts": (b"ZZZ",)}, {"starts": ("ZZZ", 1)},
        {"starts": ("ZZZ",), "preludes": (1,)}, {"starts": ("ZZZ",), "first_line": "ZZZ"},
    ]
    try:
        for fields in wrong:
            with pytest.raises(TypeError):
                histories.register(parsing.Site("Mine", parse=lambda lines, line: None, **fields))  # type: ignore[arg-type]
            assert (parsing._SITES, parsing._ALL_STARTS, parsing._ALL_PRELUDES) == (sites, starts, preludes)
        assert sum(1 for _ in read_histories(STARS / "cash.txt")) > 0
    finally:
        parsing._SITES[:], parsing._ALL_STARTS, parsing._ALL_PRELUDES = sites, starts, preludes


def test_a_site_whose_starts_are_a_tuple_of_its_own_starts_its_hands() -> None:
    from holdem.formats._histories import site_of

    class Starts(tuple):
        pass

    sites, starts, preludes = list(parsing._SITES), parsing._ALL_STARTS, parsing._ALL_PRELUDES
    try:
        mine = histories.register(parsing.Site("Mine", Starts(("ZZZ Hand #",)), lambda lines, line: None))  # type: ignore[arg-type]
        assert site_of("ZZZ Hand #1") is mine
    finally:
        parsing._SITES[:], parsing._ALL_STARTS, parsing._ALL_PRELUDES = sites, starts, preludes


FIRST_HAND = (STARS / "cash.txt").read_text(encoding="utf-8").split("\n\n\n")[0] + "\n"


@pytest.mark.parametrize(
    ("ann", "dee"),
    [
        ("A" * 27, "A" * 28),  # kept, and one character longer than any name kept
        ("\u20ac" * 27, "\u20ac" * 26 + "e"),  # wide names that share all but their last character
        ("Ann\U0001f0a1", "Dee" + "\u00e9" * 24),  # a character beyond two bytes (never kept), and 27 of latin-1
    ],
)
def test_players_names_are_read_as_written_however_they_are_kept(ann: str, dee: str) -> None:
    # The names are kept as one string a player across hands: two hands, the names swapped in the second, read
    # each player by their own name
    first = re.sub(r"\bAnn\b", "\x00", FIRST_HAND).replace("Dee", dee).replace("\x00", ann)
    second = re.sub(r"\bAnn\b", "\x00", FIRST_HAND).replace("Dee", ann).replace("\x00", dee)
    second = second.replace("#250000000001", "#250000000901")
    records = list(read_histories(io.StringIO(first + "\n\n" + second)))
    assert [record.players for record in records] == [
        (ann, "Bob", "Cy", dee), (dee, "Bob", "Cy", ann)
    ]
    assert [dict(zip(record.players, record.net)) for record in records] == [
        {ann: Decimal("-0.38"), "Bob": Decimal("-0.06"), "Cy": Decimal("-0.01"), dee: Decimal("0.42")},
        {dee: Decimal("-0.38"), "Bob": Decimal("-0.06"), "Cy": Decimal("-0.01"), ann: Decimal("0.42")},
    ]


@pytest.mark.parametrize(
    ("first", "second", "later", "reason"),
    [
        # The stakes, or the table's closing quote, are looked for in their own line alone: a later line that
        # would complete them is not read
        (
            "PokerStars Hand #1: Hold'em No Limit - 2024/03/05 21:14:07 ET",
            "Table 'Aludra IV' 6-max Seat #2 is the button",
            "Eve said, \"(0.01/0.02)\"",
            "the header gives no stakes",
        ),
        (
            "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/03/05 21:14:07 ET",
            "Table 'Aludra IV 6-max Seat #2 is the button",
            "Eve said, \"' Seat #2 is the button\"",
            "the second line is not the table's",
        ),
    ],
)
def test_the_first_lines_of_a_hand_are_read_within_themselves(first: str, second: str, later: str, reason: str) -> None:
    lines = FIRST_HAND.splitlines()
    lines[0], lines[1] = first, second
    lines.append(later)
    with pytest.raises(HandProblem, match=reason):
        pokerstars.parse(lines, 1)


def test_two_names_that_share_a_pair_of_slots_are_both_kept() -> None:
    # P23 and P149 share a pair of the compiled reader's slots for kept texts: met in turn, each keeps its place,
    # so that the second hand's names are the first's strings
    hand = re.sub(r"\bAnn\b", "P23", FIRST_HAND).replace("Dee", "P149")
    records = list(read_histories(io.StringIO(hand + "\n\n" + hand.replace("#250000000001", "#250000000902"))))
    assert [record.players for record in records] == [("P23", "Bob", "Cy", "P149")] * 2
    assert all(first is second for first, second in zip(records[0].players, records[1].players))
