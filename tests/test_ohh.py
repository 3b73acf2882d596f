"""OHH and the conversions: every imported fixture hand written and read back equal; PHH both ways; a folder
converted the same on every executor; the convert command."""

from __future__ import annotations

import datetime
import io
import json
import os
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import holdem
from holdem.cli import main
from holdem.formats import conversions, ohh, phh
from holdem.formats.histories import SiteHand, read_histories
from holdem.hand import Hand
from holdem.rules import Rules

STARS = Path(__file__).parent / "data" / "histories" / "pokerstars"
RECORDS = list(read_histories(STARS.parent))  # every site's fixtures
FIELDS = ("site", "hand_id", "table", "started", "tournament", "currency", "unit", "players", "seats", "button",
          "hero", "net", "rake", "jackpot", "max_seats", "cash_outs", "cash_out_fees", "bounties")  # fmt: skip


def facts(record: SiteHand) -> dict[str, object]:
    return {name: getattr(record, name) for name in FIELDS}


def by_player(record: SiteHand) -> dict[str, object]:
    """What a record says of each player, whatever the order of its seats."""
    return {
        name: (seat, net, record.hand.starting_stacks[index], record.hand.payoffs[index], record.hand.hole_cards(index))
        for index, (name, seat, net) in enumerate(zip(record.players, record.seats, record.net))
    }


@pytest.mark.parametrize("record", RECORDS, ids=[f"{Path(r.source).name}-{r.hand_id}" for r in RECORDS])
def test_every_imported_hand_reads_back_equal_from_ohh(record: SiteHand) -> None:
    again = ohh.loads(ohh.dumps(record))
    expected = facts(record)  # but for what OHH must give: a table's size, a time in UTC
    expected["max_seats"] = record.max_seats or record.hand.player_count
    if record.started is not None and record.started.tzinfo is None:
        expected["started"] = record.started.replace(tzinfo=datetime.timezone.utc)
    assert facts(again) == expected
    assert again.hand.history == record.hand.history and again.hand.boards == record.hand.boards


@pytest.mark.parametrize("record", RECORDS, ids=[f"{Path(r.source).name}-{r.hand_id}" for r in RECORDS])
def test_every_hand_phh_holds_reads_back_equal_from_phh(record: SiteHand) -> None:
    try:
        text = conversions.to_phh(record)
    except holdem.InvalidHistoryError as error:  # runs of the board, posts, pot limit: PHH has no field for them
        assert record.hand.runs > 1 or record.hand.posts or record.hand.dead_small_blind or "pot-limit" in str(error)
        return
    again = conversions.from_phh(phh.loads(text))
    assert by_player(again) == by_player(record) and again.game == record.game
    assert {name: value for name, value in facts(again).items() if name not in ("players", "seats", "net")} == {
        name: value for name, value in facts(record).items() if name not in ("players", "seats", "net")
    }


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 9), st.integers(0, 2**32), st.data())
def test_random_hands_read_back_equal_from_ohh(players: int, seed: int, data: st.DataObject) -> None:
    rules = Rules.no_limit(1, 2, ante=data.draw(st.integers(0, 1)), call_full_big_blind=data.draw(st.booleans()))
    hand = Hand(rules, [data.draw(st.integers(2, 300)) for _ in range(players)], seed=seed)  # a big blind may be short
    while not hand.is_over:
        legal = hand.legal_actions()
        assert legal is not None
        choice = data.draw(st.sampled_from(["fold", "call", "raise"] if legal.max_raise_to else ["fold", "call"]))
        if choice == "raise":
            hand.raise_to(data.draw(st.integers(legal.min_raise_to, legal.max_raise_to)))  # type: ignore[arg-type]
        elif choice == "fold" and legal.call:
            hand.fold()
        else:
            hand.check_or_call()
    again = ohh.loads(ohh.dumps(hand))
    assert again.hand.stacks == hand.stacks and again.hand.history == hand.history


def test_ohh_amounts_are_exact_decimals_and_the_spec_names() -> None:
    record = next(record for record in RECORDS if record.hand_id == "250000000003")
    data = json.loads(ohh.dumps(record), parse_float=Decimal)["ohh"]
    assert data["currency"] == "USD" and data["dealer_seat"] == 1 and data["table_name"] == "Merope"
    raises = [action for action in data["rounds"][0]["actions"] if action["action"] == "Raise"]
    assert [action["amount"] for action in raises] == [Decimal("0.75"), Decimal("5"), Decimal("9.90"), Decimal("24.75")]
    assert data["pots"][0]["rake"] == 2 and data["pots"][0]["amount"] == 65


def test_ohh_problems_are_invalid_history_errors() -> None:
    for text in ("", "[]", '{"ohh": {"players": 3}}', '{"ohh": {"game_type": "Omaha"}}', "{" * 100000, '{"ohh": NaN}'):
        with pytest.raises(holdem.InvalidHistoryError):
            ohh.loads(text)
    with pytest.raises(TypeError):
        ohh.loads(3)  # type: ignore[arg-type]


def test_load_all_reads_blank_line_separated_and_one_a_line() -> None:
    texts = [ohh.dumps(record) for record in RECORDS[:4]]
    spread = "\n\n".join(texts)
    single = "\n".join(json.dumps(json.loads(text)) for text in texts)
    for text in (spread, single):
        assert [record.hand_id for record in ohh.load_all(io.StringIO(text))] == [r.hand_id for r in RECORDS[:4]]


def test_convert_gives_the_same_output_on_every_executor(tmp_path: Path) -> None:
    outputs = []
    for options in ({"workers": 1}, {"workers": 2}, {"executor": ThreadPoolExecutor(3)}):
        output = io.StringIO()
        done = conversions.convert([STARS], "ohh", output, progress=False, **options)  # type: ignore[arg-type]
        outputs.append((output.getvalue(), done.hands, [str(problem) for problem in done.problems], str(done.summary)))
    assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0][1] == 27


def test_convert_to_phh_writes_every_hand() -> None:
    # Pot-limit hands, boards run twice and dead posts too: PHH holds them in _-prefixed fields.
    output = io.StringIO()
    done = conversions.convert([STARS / "cash.txt"], "phh", output, workers=1, progress=False)
    written = list(phh.load_all(io.StringIO(output.getvalue())))
    records = list(read_histories(STARS / "cash.txt"))
    assert len(written) == done.hands == len(records) and not done.problems
    again = [conversions.from_phh(history) for history in written]
    assert [dict(zip(r.players, r.net)) for r in again] == [dict(zip(r.players, r.net)) for r in records]


def test_the_convert_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hands.jsonl"
    assert main(["convert", str(STARS / "tournament.txt"), "--to", "jsonl", str(target), "--workers", "1"]) == 0
    lines = [json.loads(line) for line in target.read_text().splitlines()]
    assert [line["net"] for line in lines][2] == ["960", "-900", "-60"]
    assert "3 hands written" in capsys.readouterr().out
    assert main(["convert", str(tmp_path / "missing"), "--to", "phh", str(tmp_path / "x.phhs")]) == 1
    assert "holdem: error:" in capsys.readouterr().err


def test_convert_on_a_dask_cluster_gives_the_same_output() -> None:
    distributed = pytest.importorskip("distributed")
    serial = io.StringIO()
    conversions.convert([STARS], "jsonl", serial, workers=1, progress=False)
    with distributed.Client(processes=False, n_workers=2, threads_per_worker=1, dashboard_address=None) as client:
        spread = io.StringIO()
        conversions.convert([STARS], "jsonl", spread, executor=client.get_executor(), progress=False)
    assert spread.getvalue() == serial.getvalue()


def test_convert_refuses_its_input_as_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    copy = tmp_path / "cash.txt"
    copy.write_bytes((STARS / "cash.txt").read_bytes())
    assert main(["convert", "--to", "jsonl", str(copy), str(copy)]) == 2
    assert "is one of the inputs" in capsys.readouterr().err
    assert copy.read_bytes() == (STARS / "cash.txt").read_bytes()


def test_convert_checks_its_arguments_before_reading() -> None:
    with pytest.raises(TypeError, match="list of files or folders"):
        conversions.convert(str(STARS / "cash.txt"), "phh", io.StringIO(), workers=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="opened for writing"):
        conversions.convert([STARS / "cash.txt"], "phh", None, workers=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="workers"):
        conversions.convert([STARS / "cash.txt"], "phh", io.StringIO(), workers="2")  # type: ignore[arg-type]
    import numpy

    done = conversions.convert([STARS / "cash.txt"], "phh", io.StringIO(), workers=numpy.int64(1), progress=False)
    assert done.hands == len(list(read_histories(STARS / "cash.txt")))


def test_convert_refuses_a_negative_problem_count(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "hands.jsonl"
    with pytest.raises(SystemExit) as exited:
        main(["convert", str(STARS / "cash.txt"), "--to", "jsonl", str(target), "--problems", "-1"])
    assert exited.value.code == 2 and not target.exists()
    assert "holdem: error: argument --problems: '-1': give a whole number of 0 or more" in capsys.readouterr().err
    shown = ["--problems", "0", "--workers", "1"]
    assert main(["convert", str(STARS / "cash.txt"), "--to", "jsonl", str(target), *shown]) == 0


def test_the_source_may_be_any_name_of_the_text() -> None:
    text = ohh.dumps(RECORDS[0])
    assert ohh.loads(text, source=Path("a.json")).source == Path("a.json")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stack", "why"), [("1e5000000000", "no amount"), ("1e-2000000000", "no amount"), ("1e39", "no whole number of chips")]
)
def test_amounts_past_the_decimal_context_are_problems(stack: str, why: str) -> None:
    text = ohh.dumps(RECORDS[0])
    document = json.loads(text)
    inner = document.get("ohh", document)
    inner["players"][0]["starting_stack"] = 0
    text = json.dumps(document).replace('"starting_stack": 0', f'"starting_stack": {stack}', 1)
    with pytest.raises(holdem.InvalidHistoryError, match=why):
        ohh.loads(text)


@pytest.mark.skipif(os.name != "posix", reason="a file name of bytes that are not UTF-8, and a named pipe")
def test_convert_writes_any_file_name_and_never_replaces_a_pipe(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    odd = os.fsdecode(b"hands\xff.txt")
    Path(odd).write_bytes((STARS / "cash.txt").read_bytes())
    assert main(["convert", odd, "--to", "jsonl", "out.jsonl"]) == 0
    assert json.loads(Path("out.jsonl").read_text(encoding="utf-8").splitlines()[0])["source"] == "hands\ufffd.txt"
    os.mkfifo("pipe")
    read: list[bytes] = []
    reader = threading.Thread(target=lambda: read.append(Path("pipe").read_bytes()), daemon=True)
    reader.start()
    assert main(["convert", odd, "--to", "jsonl", "pipe"]) == 0
    reader.join(timeout=60)  # (a pipe replaced by a file is never written: its reader waits for ever)
    assert read == [Path("out.jsonl").read_bytes()] and Path("pipe").is_fifo()
    printed = capsys.readouterr()  # the counts kept out of what the pipe's reader reads, as out of /dev/stdout
    assert "11 hands written to pipe" in printed.err and "written to pipe" not in printed.out
    assert main(["convert", odd, "--to", "jsonl", ""]) == 1
    assert "holdem: error: an empty output name" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([odd, "out.jsonl", "pipe"])


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="links to file descriptors, as Linux has them")
def test_a_link_to_standard_output_is_a_stream_and_adds_to_what_it_is(tmp_path: Path) -> None:
    from holdem.cli._output import is_stream

    (tmp_path / "file").write_text("")
    (tmp_path / "link").symlink_to("file")
    (tmp_path / "out").symlink_to(os.path.relpath("/proc/self/fd/1", tmp_path))
    os.mkfifo(tmp_path / "pipe")
    streams = ["/dev/stdout", "/dev/fd/1", str(tmp_path / "out"), str(tmp_path / "pipe")]
    assert [is_stream(path) for path in streams] == [True] * 4
    assert [is_stream(str(tmp_path / name)) for name in ("file", "link", "missing")] == [False] * 3
    added = tmp_path / "all.jsonl"
    added.write_text("kept\n")
    with added.open("a") as output:  # `holdem convert ... /dev/stdout >> all.jsonl`
        command = [sys.executable, "-m", "holdem", "convert", str(STARS / "cash.txt"), "--to", "jsonl", "/dev/stdout"]
        subprocess.run(command, stdout=output, stderr=subprocess.DEVNULL, check=True)
    lines = added.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "kept" and len(lines) == 1 + len(list(read_histories(STARS / "cash.txt")))
