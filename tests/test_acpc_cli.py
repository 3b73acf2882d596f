"""The ACPC commands' mistakes: an error line, the documented exit status, and no file emptied."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

GAME = str(Path(__file__).parent.parent / "examples" / "holdem.nolimit.2p.game")


def holdem(*arguments: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "holdem", *arguments]
    return subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=cwd)


def assert_error(result: subprocess.CompletedProcess[str], status: int, words: str) -> None:
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr and "holdem: error:" in result.stderr and words in result.stderr


def test_ports_out_of_range_are_usage_mistakes():
    assert_error(holdem("acpc-dealer", GAME, "--port", "99999", "--hands", "1"), 2, "0 to 65535")
    assert_error(holdem("acpc-client", "127.0.0.1", "70000"), 2, "0 to 65535")
    assert_error(holdem("acpc-dealer", "m", GAME, "5", "1", "a", "b", "-p", "1,2,3"), 2, "one port a seat")


def test_a_missing_game_definition_fails_the_command():
    assert_error(holdem("acpc-dealer", "/nonexistent.game"), 1, "No such file")
    assert_error(holdem("acpc-client", "127.0.0.1", "1", "--game", "/nonexistent.game"), 1, "No such file")


def test_a_dealer_that_cannot_listen_leaves_the_old_logs_alone(tmp_path):
    (tmp_path / "m.log").write_text("precious\n")
    (tmp_path / "own.log").write_text("precious\n")
    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = str(busy.getsockname()[1])
        result = holdem("acpc-dealer", "m", GAME, "5", "1", "a", "b", "-p", f"{port},0", "-T", cwd=tmp_path)
        assert_error(result, 1, "ddress already in use")
        result = holdem("acpc-dealer", GAME, "--port", port, "--log", "own.log", cwd=tmp_path)
        assert_error(result, 1, "ddress already in use")
    assert (tmp_path / "m.log").read_text() == (tmp_path / "own.log").read_text() == "precious\n"
    assert not (tmp_path / "m.tlog").exists()


def test_a_host_name_the_resolver_cannot_encode_is_a_refused_value():
    # Issue 25, item 6: the resolver's UnicodeError (a label over 63 characters, a byte that is not
    # text) is not an OSError; the README promises one error line, not a traceback.
    assert_error(holdem("acpc-client", "x" * 300, "1"), 2, "not a host name or address")
    assert_error(holdem("acpc-client", "\udcff", "1"), 2, "not a host name or address")


def test_an_agent_whose_constructor_raises_is_a_failed_bot(tmp_path):
    # Issue 25, item 6: the README promises one error line and status 1 when a bot fails.
    (tmp_path / "mod.py").write_text("class Boom:\n    def __init__(self):\n        raise RuntimeError('boom')\n")
    (tmp_path / "broken.py").write_text("raise ZeroDivisionError('at import')\n")
    assert_error(holdem("acpc-client", "127.0.0.1", "1", "--agent", "mod:Boom", cwd=tmp_path), 1, "RuntimeError: boom")
    assert_error(holdem("acpc-client", "127.0.0.1", "1", "--agent", "broken:Bot", cwd=tmp_path), 1, "ZeroDivisionError")
    assert_error(holdem("acpc-client", "127.0.0.1", "1", "--agent", "mod:Nobody", cwd=tmp_path), 1, "Nobody")
