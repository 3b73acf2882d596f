import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

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
    assert report["vector_decisions_per_second"] > 0


def test_bench_quick_table(capsys):
    assert main(["bench", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "random 6-max no-limit hands" in out and "VectorGame, random 6-max decisions" in out


def holdem_command(*argv, **options):
    """Run ``python -m holdem`` in a subprocess and return it finished, having checked that it printed no traceback."""
    result = subprocess.run([sys.executable, "-m", "holdem", *argv], capture_output=True, text=True, timeout=120, **options)
    assert "Traceback" not in result.stderr
    return result


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.parametrize(
    ("argv", "status", "message"),
    [
        (["eval", "As Ks Qs Js Xx"], 2, "invalid card 'Xx'"),
        (["sim", "--hands", "10", "--phh", "/nonexistent/x.phhs"], 1, "/nonexistent/x.phhs: No such file"),
        (["sim", "--hands", "10", "--workers", "0"], 2, "argument --workers: '0': give a whole number of 1 or more"),
        (["play", "--stack", "0"], 2, "argument --stack: '0': give a whole number"),
        (["sim", "--hands", "10", "--json", "/nonexistent/x.json"], 1, "/nonexistent/x.json: No such file"),
        (["sim", "--hands", "10", "--csv", "."], 1, ".: Is a directory"),
        (["sim", "--hands", "10", "--blinds", "0/2"], 2, "blinds '0/2': each blind is a whole number of 1 chip or more"),
        (["sim", "--players", "1"], 2, "argument --players: '1': a table seats 2 to 10 players"),
        (["play", "--players", "11"], 2, "argument --players: '11': a table seats 2 to 10 players"),
        (["play", "--players", "1"], 2, "argument --players: '1': a table seats 2 to 10 players"),
        (["replay", "/nonexistent/x.phh"], 1, "/nonexistent/x.phh: No such file"),
        (["replay", "."], 1, ".: Is a directory"),
        (["replay", "/dev/null"], 2, "/dev/null: the file holds no hand"),
        (["equity", "AsAd", "QQ+", "--plot", "/nonexistent/x.png"], 1, "/nonexistent/x.png: No such file"),
        (["equity", "AsAd", "QQ+", "--plot", "out.txt"], 2, "name a file ending in"),
        (["equity", "AsAd", "QQ+", "--plot", "out"], 2, "name a file ending in"),
        (["equity", "AsAd", "KsKd", "--plot", "out.png"], 2, "--plot draws a range"),
        (["icm", "--stacks", "5000", "3000", "--payouts", "50", "30", "20"], 2, "3 prizes for 2 players"),
        (["icm", "5000", "3000", "--payouts", "50", "30"], 2, "the following arguments are required: --stacks"),
        (["icm", "--payouts", "-5", "30", "--stacks", "10", "20"], 2, "payouts -5 30: give each prize as 0 or more"),
        (["icm", "--payouts", "0", "0", "--stacks", "10", "20"], 2, "at least one above 0"),
        (["seat-draw", "ann", "ann", "bob"], 2, "'ann' is named 2 times"),
        (["sim", "--bots", "tight,equity,random", "--players", "2"], 2, "--bots names 3 bots for 2 bot seat(s)"),
        (["play", "--bots", "tight,random"], 2, "--bots names 2 bots for 1 bot seat(s)"),
        (["acpc-client", "127.0.0.1", "PORT"], 1, "the dealer at 127.0.0.1 port PORT: "),  # connection refused
    ],
)
def test_a_mistake_prints_one_line_and_exits_with_its_status(argv, status, message, tmp_path):
    pytest.importorskip("matplotlib")
    port = str(free_port())
    result = holdem_command(*(port if word == "PORT" else word for word in argv), cwd=tmp_path)
    assert result.returncode == status
    assert result.stderr.count("holdem: error: ") == 1 and message.replace("PORT", port) in result.stderr
    assert not list(tmp_path.iterdir())
    assert not result.stdout  # refused before anything is printed


def test_a_busy_port_is_an_error_line():
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = str(busy.getsockname()[1])
        game = str(Path(__file__).parent.parent / "examples" / "holdem.nolimit.2p.game")
        result = holdem_command("acpc-dealer", game, "--port", port, "--hands", "1")
    assert result.returncode == 1
    assert f"holdem: error: 127.0.0.1 port {port}: " in result.stderr  # address already in use


@pytest.mark.skipif(sys.platform == "win32", reason="a closed pipe is not EPIPE on Windows")
def test_a_closed_pipe_ends_the_command_quietly():
    process = subprocess.Popen(
        [sys.executable, "-m", "holdem", "sim", "--hands", "20", "--workers", "1", "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    process.stdout.close()
    _, error = process.communicate(timeout=120)
    assert process.returncode == 141 and error == b""


@pytest.mark.skipif(sys.platform == "win32", reason="Ctrl-C is a console event on Windows, not a signal")
@pytest.mark.parametrize("argv", [["play"], ["sim", "--hands", "10000000", "--workers", "2", "--quiet"]])
def test_ctrl_c_exits_130_quietly(argv):
    process = subprocess.Popen(
        [sys.executable, "-m", "holdem", *argv],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        time.sleep(3)  # the command is under way: waiting for a move, or playing on two processes
        os.killpg(process.pid, signal.SIGINT)  # as a terminal does: to the command and the processes it started
        _, error = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130 and b"Traceback" not in error and b"KeyboardInterrupt" not in error


def test_the_console_script_finds_an_agent_in_the_current_directory():
    examples = Path(__file__).parent.parent / "examples"
    script = shutil.which("holdem", path=str(Path(sys.executable).parent))  # not python -m, which looks here anyway
    dealer = subprocess.Popen(
        [script, "acpc-dealer", "holdem.nolimit.2p.game", "--hands", "20", "--seed", "1"],
        cwd=examples, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        port = dealer.stdout.readline().split()[-1]
        clients = [
            subprocess.Popen([script, "acpc-client", "127.0.0.1", port, "--agent", agent], cwd=examples,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for agent in ("mybots:MyBot", "tight")
        ]  # fmt: skip
        for client in clients:
            out, error = client.communicate(timeout=60)
            assert client.returncode == 0 and out.startswith("20 hands played, "), error
        out, error = dealer.communicate(timeout=60)
    finally:
        dealer.kill()
    assert dealer.returncode == 0 and out.startswith("SCORE:"), error


def test_icm_takes_the_payouts_before_or_after_the_stacks():
    before = holdem_command("icm", "--payouts", "50", "30", "20", "--stacks", "5000", "3000", "2000")
    after = holdem_command("icm", "--stacks", "5000", "3000", "2000", "--payouts", "50", "30", "20")
    assert before.returncode == after.returncode == 0 and before.stdout == after.stdout
    assert "     1    5000 50.00%  38.3929" in after.stdout


def test_help_shows_what_the_command_takes():
    assert "'15%'" in holdem_command("equity", "--help").stdout
    assert "the lowest card takes seat 1" in " ".join(holdem_command("--help").stdout.split())


@pytest.mark.slow
def test_an_unreachable_scheduler_is_an_error_line():
    pytest.importorskip("dask.distributed")
    port = free_port()
    result = holdem_command("sim", "--hands", "10", "--quiet", "--scheduler", f"tcp://127.0.0.1:{port}")
    assert result.returncode == 1
    assert f"holdem: error: Timed out trying to connect to tcp://127.0.0.1:{port}" in result.stderr


def test_sim_replaces_its_results_files_only_when_it_has_results(tmp_path):
    paths = [tmp_path / name for name in ("results.json", "results.csv", "hands.phhs")]
    for path in paths:
        path.write_text("old results\n")
    options = ["--json", paths[0], "--csv", paths[1], "--phh", paths[2]]
    process = subprocess.Popen(
        [sys.executable, "-m", "holdem", "sim", "--hands", "10000000", "--workers", "1", "--quiet", *options],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )  # fmt: skip
    try:
        time.sleep(3)  # under way, the files open
        os.killpg(process.pid, signal.SIGINT)
        process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert sorted(tmp_path.iterdir()) == sorted(paths)
    assert all(path.read_text() == "old results\n" for path in paths)

    result = holdem_command("sim", "--hands", "20", "--workers", "1", "--quiet", "--seed", "1", *options)
    assert result.returncode == 0 and sorted(tmp_path.iterdir()) == sorted(paths)
    assert json.loads(paths[0].read_text())["settings"]["hands"] == 20
    assert paths[1].read_text().startswith("bot,hands,net,")
    assert paths[2].read_text().startswith("[1]\n")


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="needs /sys, a folder no user may create files in")
def test_sim_refuses_a_read_only_folder_before_the_match():
    result = holdem_command("sim", "--hands", "10000000", "--json", "/sys/kernel/results.json")
    assert result.returncode == 1 and "/sys/kernel/results.json: Permission denied" in result.stderr


def test_an_action_takes_its_kind_as_text_and_shows_it():
    action = holdem.Action("raise", 2, 10)
    assert action.kind is holdem.ActionKind.RAISE and repr(action) == "Action('raise', 2, 10)"
    assert eval(repr(action), {"Action": holdem.Action}) == action
    with pytest.raises(holdem.IllegalActionError, match="unknown action kind 'raises': use one of deal-hole"):
        holdem.Action("raises", 2, 10)
    with pytest.raises(TypeError, match="an action's kind is an ActionKind or its text, not int"):
        holdem.Action(7, 2, 10)


def test_replay_says_what_is_wrong_with_a_file_that_holds_no_hand(tmp_path):
    (tmp_path / "empty.phhs").write_text("\n")
    (tmp_path / "binary.phh").write_bytes(bytes(range(256)))
    empty = holdem_command("replay", "empty.phhs", cwd=tmp_path)
    binary = holdem_command("replay", "binary.phh", cwd=tmp_path)
    assert empty.returncode == binary.returncode == 2
    assert "holdem: error: empty.phhs: the file holds no hand" in empty.stderr
    assert "holdem: error: binary.phh: not a text file" in binary.stderr
