import argparse
import io

import pytest

from holdem.errors import MatchError
from holdem.formats import phh
from holdem.cli.play import add_play_commands


def run(argv, monkeypatch=None, typed=None):
    parser = argparse.ArgumentParser(prog="holdem")
    add_play_commands(parser.add_subparsers())
    arguments = parser.parse_args(argv)
    if typed is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    arguments.run(arguments)


def test_play_a_full_hand_from_piped_input_and_re_ask_after_bad_commands(monkeypatch, capsys):
    typed = "x\nr 1\nf 2\nr 4000\nc\nc\nc\nc\n"
    run(["play", "--bots", "station", "--hands", "1", "--seed", "3"], monkeypatch, typed)
    out = capsys.readouterr().out
    assert "'x'? type f (fold), c (check or call)" in out
    assert out.count("bet or raise to a total from 4 to 200") == 2
    assert "'f 2'?" in out
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
