import argparse

import pytest

from holdem.cli import equity
from holdem.errors import HoldemError


def run(*argv):
    parser = argparse.ArgumentParser(prog="holdem")
    equity.add_to(parser.add_subparsers())
    arguments = parser.parse_args(["equity", *argv])
    arguments.run(arguments)


def test_exact_table(capsys):
    run("AhKh", "QsQd", "--board", "2c7dJh")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "board 2c 7d Jh, dead -: exact over 990 runouts"
    assert lines[2].split() == ["1", "AhKh", "28.99%", "28.99%", "0.00%"]


def test_monte_carlo_table_is_seeded(capsys):
    run("AhKh", "QQ+,AKs", "random", "--samples", "20000", "--seed", "5", "--dead", "2c")
    first = capsys.readouterr().out
    run("AhKh", "QQ+,AKs", "random", "--samples", "20000", "--seed", "5", "--dead", "2c", "--threads", "2")
    assert capsys.readouterr().out == first
    assert "Monte Carlo over 20,000 samples" in first and "dead 2c" in first and "+/-" in first


def test_exact_flag(capsys):
    run("AhKh", "QsQd", "--board", "2c7dJh", "--no-exact", "--samples", "1000", "--seed", "1")
    assert "Monte Carlo over 1,000 samples" in capsys.readouterr().out


def test_errors_are_holdem_errors():
    with pytest.raises(HoldemError, match="Ah is in both"):
        run("AhKh", "AhQd")
    with pytest.raises(HoldemError, match="--plot draws a range"):
        run("AhKh", "QsQd", "--board", "2c7dJh", "--plot", "unused.png")


def test_plots(tmp_path, capsys):
    pytest.importorskip("matplotlib")
    for players in (["AhKh", "QQ+,AKs"], ["QQ+,AKs:0.5", "AhKh", "random"]):
        path = tmp_path / "grid.png"
        run(*players, "--samples", "2000", "--seed", "1", "--plot", str(path))
        assert path.read_bytes().startswith(b"\x89PNG") and f"plot saved to {path}" in capsys.readouterr().out
