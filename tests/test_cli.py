import json
import subprocess
import sys

import pytest

import holdem
from holdem.cli import main


def test_eval_prints_rank_category_and_best_five(capsys):
    assert main(["eval", "Kh", "Kd", "Ks", "3c", "3d", "9s", "2h"]) == 0
    out = capsys.readouterr().out
    assert "rank 7274 of 7462, Full House, Kings over Threes" in out
    assert "best five: Kh Kd Ks 3c 3d" in out


def test_bad_cards_exit_with_status_2_and_a_message(capsys):
    assert main(["eval", "As Ks Qs Js Xx"]) == 2
    assert "invalid card 'Xx'" in capsys.readouterr().err
    assert main(["eval", "As Ks Qs Js"]) == 2
    assert "5, 6 or 7 cards" in capsys.readouterr().err


def test_version(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--version"])
    assert exit.value.code == 0
    assert capsys.readouterr().out.strip() == f"holdem {holdem.__version__}"


def test_console_script_runs():
    result = subprocess.run(
        [sys.executable, "-m", "holdem", "eval", "Ah 2c 3d 4s 5h Kd Qd"],
        capture_output=True, text=True, check=True,
    )
    assert "Straight, Five high" in result.stdout


def test_bench_quick_json(capsys):
    assert main(["bench", "--quick", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["evaluate_batch_per_second"] > 0 and report["hands_per_second"] > 0


def test_bench_quick_table(capsys):
    assert main(["bench", "--quick"]) == 0
    assert "random 6-max no-limit hands" in capsys.readouterr().out
