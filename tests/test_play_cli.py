import argparse
import csv
import io
import json

import pytest

from holdem.errors import MatchError
from holdem.formats import phh
from holdem.cli import play, sim


def run(argv, monkeypatch=None, typed=None):
    parser = argparse.ArgumentParser(prog="holdem")
    subparsers = parser.add_subparsers()
    play.add_to(subparsers)
    sim.add_to(subparsers)
    arguments = parser.parse_args(argv)
    if typed is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    arguments.run(arguments)


def test_play_a_full_hand_from_piped_input_and_re_ask_after_bad_commands(monkeypatch, capsys):
    typed = "x\nr 1\nf 2\nr 4000\ncheck\nc\nc\nc\nc\n"
    run(["play", "--bots", "station", "--hands", "1", "--seed", "3"], monkeypatch, typed)
    out = capsys.readouterr().out
    assert "your move [fold, call 1, raise 4-200, all-in]: " in out
    assert "'x'? type fold, call 1, raise 4-200, all-in (f, c, r AMOUNT and a for short)" in out
    assert out.count("bet or raise to a total from 4 to 200") == 2
    assert "'f 2'?" in out and "1 to call: fold, call 1" in out
    assert "you call 1" in out and "board: " in out
    assert " wins " in out or "you win " in out
    assert "you played 1 hand(s)" in out


def test_play_shows_only_your_cards(monkeypatch, capsys):
    run(["play", "--bots", "station,tight", "--players", "3", "--hands", "1", "--seed", "5"], monkeypatch, "c\n" * 12)
    out = capsys.readouterr().out
    dealt = [line for line in out.splitlines() if "dealt" in line]
    assert dealt and all(line.startswith("you are dealt") for line in dealt)
    shown = " ".join(line for line in out.splitlines() if " shows " in line or line.startswith("you show"))
    assert "dealt" not in shown


def test_play_stops_when_the_input_ends(monkeypatch, capsys):
    run(["play", "--seed", "1"], monkeypatch, "c\n")
    out = capsys.readouterr().out
    assert "input ended: you leave the table" in out


def test_sim_prints_the_results_and_writes_phh(tmp_path, capsys):
    path = tmp_path / "hands.phhs"
    run(["sim", "--hands", "300", "--players", "3", "--seed", "9", "--workers", "1", "--quiet", "--phh", str(path)])
    out = capsys.readouterr().out
    assert "300 hands of no-limit 1/2, 100 big blinds, seed 9" in out and "hands/s" in out
    for name in ("random", "station", "tight"):
        assert f"\n{name} " in out
    with open(path, encoding="utf-8") as fp:
        assert len(list(phh.load_all(fp))) == 300


def test_sim_options(capsys):
    run(["sim", "--hands", "40", "--bots", "random", "--players", "2", "--structure", "fixed-limit",
         "--blinds", "2/4", "--duplicate", "--workers", "1", "--quiet", "--seed", "1"])  # fmt: skip
    out = capsys.readouterr().out
    assert "40 hands of fixed-limit 2/4, 100 big blinds" in out and "random-1" in out and "random-2" in out
    with pytest.raises(MatchError, match="unknown bot 'shark'"):
        run(["sim", "--bots", "random,shark"])
    with pytest.raises(MatchError, match="blinds '1-2'"):
        run(["sim", "--blinds", "1-2"])


@pytest.mark.parametrize(
    ("typed", "played"),
    [
        ("call\n", "you call 1"),
        ("CALL\n", "you call 1"),
        ("raise 10\n", "you raise to 10"),
        ("Bet 10\n", "you raise to 10"),
        ("r 10\n", "you raise to 10"),
        ("all-in\n", "you raise to 200"),
        ("all in\n", "you raise to 200"),
        ("allin\n", "you raise to 200"),
        ("a\n", "you raise to 200"),
        ("fold\n", "you fold"),
        ("f\n", "you fold"),
    ],
)
def test_play_takes_words_and_letters(monkeypatch, capsys, typed, played):
    run(["play", "--bots", "station", "--hands", "1", "--seed", "3"], monkeypatch, typed)
    assert played in capsys.readouterr().out


def test_play_seats_are_numbered_from_1(monkeypatch, capsys):
    run(["play", "--bots", "station", "--players", "3", "--hands", "1", "--seed", "3"], monkeypatch, "")
    out = capsys.readouterr().out
    assert "seat 2 (station-1)" in out and "seat 3 (station-2)" in out and "seat 0" not in out


def test_sim_writes_the_results_as_json_and_csv(tmp_path, capsys):
    json_path, csv_path = tmp_path / "results.json", tmp_path / "results.csv"
    run(["sim", "--hands", "60", "--players", "3", "--seed", "4", "--workers", "1", "--quiet", "--duplicate",
         "--json", str(json_path), "--csv", str(csv_path)])  # fmt: skip
    table = capsys.readouterr().out
    saved = json.loads(json_path.read_text())
    assert saved["settings"] == {
        "hands": 60, "players": 3, "structure": "no-limit", "small_blind": 1, "big_blind": 2, "stack": 200,
        "duplicate": True, "carry_stacks": False, "seed": 4,
    }  # fmt: skip
    with open(csv_path, newline="", encoding="utf-8") as file:
        header = next(csv.reader(file))
        file.seek(0)
        rows = list(csv.DictReader(file))
    assert len(set(header)) == len(header) and header[:2] == ["bot", "hands"]
    assert [row["bot"] for row in rows] == [bot["bot"] for bot in saved["agents"]] == ["random", "station", "tight"]
    assert sum(bot["net"] for bot in saved["agents"]) == 0
    for bot, row in zip(saved["agents"], rows):
        assert f"{bot['bb_per_100']:.1f}" in table
        assert bot["bb_per_100_low"] < bot["bb_per_100"] < bot["bb_per_100_high"]
        assert float(row["bb_per_100_high"]) == bot["bb_per_100_high"] and row["seed"] == "4"
