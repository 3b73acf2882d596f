"""The ACPC dealer and client on loopback: whole matches, and players that misbehave."""

import io
import random
import socket
import threading
import time

import pytest

from holdem.agents import CallingStation, RandomBot
from holdem.errors import AcpcError
from holdem.formats.acpc import GameDef, read_log
from holdem.formats.acpc_net import Dealer, play_client

NOLIMIT_2P = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
NOLIMIT_3P = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(20000, 20000, 20000))
LIMIT_3P = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20), max_raises=(3, 4, 4, 4))


def holdem_client(agent):
    return lambda host, port: play_client(host, port, agent, timeout=10)


def run_match(game, hands, clients, timeout=5.0):
    """Run a dealer and its clients on loopback; return the result, the log read back and what each client returned."""
    log = io.StringIO()
    returned, errors = {}, []

    def run(index, client, host, port):
        try:
            returned[index] = client(host, port)
        except Exception as error:  # reported below
            errors.append(error)

    with Dealer(game, hands, seed=11, timeout=timeout, connect_timeout=10, log=log) as dealer:
        threads = [
            threading.Thread(target=run, args=(index, client, *dealer.address)) for index, client in enumerate(clients)
        ]
        for thread in threads:
            thread.start()
        result = dealer.run()
    for thread in threads:
        thread.join(10)
        assert not thread.is_alive()
    assert not errors
    match_log = read_log(log.getvalue().splitlines(), game)
    assert len(match_log.hands) == hands
    assert sum(result.totals) == 0
    assert match_log.score == {name: float(total) for name, total in zip(result.names, result.totals)}
    for logged in match_log.hands:
        assert abs(sum(logged.values)) < 1e-4
    return result, match_log, returned


@pytest.mark.parametrize(
    "game, hands", [(NOLIMIT_2P, 300), (NOLIMIT_3P, 200), (LIMIT_3P, 100)], ids=["nl-2p", "nl-3p", "fl-3p"]
)
def test_holdem_clients_play_a_whole_match(game, hands):
    agents = [RandomBot(seed=seat) for seat in range(game.players)]
    result, match_log, returned = run_match(game, hands, [holdem_client(agent) for agent in agents])
    assert result.faults == [] and list(returned.values()) == [hands] * game.players
    # Positions rotate: each name sits in each position.
    assert {logged.names[0] for logged in match_log.hands} == set(result.names)


def test_the_same_seed_deals_the_same_match():
    logs = [run_match(NOLIMIT_2P, 20, [holdem_client(CallingStation())] * 2)[1] for _ in range(2)]
    assert [logged.hand.history for logged in logs[0].hands] == [logged.hand.history for logged in logs[1].hands]


def raw_client(respond, stop_after=None):
    """An ACPC client on a bare socket: ``respond(line)`` gives its answer (or None) to each match state."""

    def client(host, port):
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.sendall(b"VERSION:2.0.0\r\n")
            reader = sock.makefile("r", encoding="ascii", newline="\r\n")
            try:  # the dealer resets a connection it closes with responses unread
                for count, line in enumerate(reader):
                    line = line.rstrip("\r\n")
                    if stop_after is not None and count >= stop_after:
                        return count
                    if line.startswith("MATCHSTATE"):
                        answer = respond(line)
                        if answer is not None:
                            sock.sendall(answer.encode("ascii") + b"\r\n")
            except ConnectionResetError:
                return None
            finally:
                reader.close()
        return None

    return client


def test_garbage_and_illegal_actions_are_played_as_calls():
    choices = random.Random(3)

    def garbage(line):
        action = choices.choice(["x", "", "r", "r1", "R99999999", "f", "F", "K", "b400", "c"])
        return f"hello\r\n# comment\r\n{line}:{action}"

    result, match_log, _ = run_match(NOLIMIT_2P, 60, [raw_client(garbage), holdem_client(RandomBot(seed=1))])
    faults = " ".join(result.faults)
    assert "not an action: played as a call" in faults and "changed to" in faults and "ignored" in faults


def test_a_player_that_disconnects_folds_to_the_end():
    result, match_log, _ = run_match(
        NOLIMIT_3P, 40, [raw_client(lambda line: f"{line}:c", stop_after=30), holdem_client(CallingStation()),
                         holdem_client(RandomBot(seed=2))]
    )
    assert any("disconnected" in fault for fault in result.faults)


def test_a_slow_player_folds_and_the_match_goes_on():
    slow = {"count": 0}

    def respond(line):
        slow["count"] += 1
        if slow["count"] % 7 == 0 and slow["count"] < 60:
            time.sleep(0.3)
        return f"{line}:c"

    result, _, _ = run_match(NOLIMIT_2P, 30, [raw_client(respond), holdem_client(CallingStation())], timeout=0.2)
    assert any("did not answer within 0.2 s" in fault for fault in result.faults)


def test_a_player_without_the_version_line_is_not_seated():
    def impostor(host, port):
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.sendall(b"HELLO\r\n")
            return sock.recv(100)

    with Dealer(NOLIMIT_2P, 5, seed=1, timeout=2, connect_timeout=1) as dealer:
        thread = threading.Thread(target=impostor, args=dealer.address)
        thread.start()
        with pytest.raises(AcpcError, match="0 of 2 players"):
            dealer.run()
        thread.join(10)
    assert dealer.faults == ["a player sent 'HELLO' instead of VERSION:2.0.0: not seated"]


def test_command_line_dealer_and_client(tmp_path, capsys):
    import argparse

    from holdem.cli.acpc import add_acpc_commands

    parser = argparse.ArgumentParser(prog="holdem")
    add_acpc_commands(parser.add_subparsers())
    gamedef = tmp_path / "holdem.nolimit.2p.game"
    gamedef.write_text(str(NOLIMIT_2P))
    with socket.socket() as probe:  # a free loopback port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    dealer = parser.parse_args(
        ["acpc-dealer", str(gamedef), "--hands", "25", "--seed", "3", "--port", str(port),
         "--log", str(tmp_path / "match.log"), "--timeout", "5", "--names", "ann,bob"]
    )
    clients = [parser.parse_args(["acpc-client", "127.0.0.1", str(port), "--agent", name])
               for name in ("random", "holdem.agents:TightBot")]
    threads = [threading.Thread(target=dealer.run, args=(dealer,))]
    threads[0].start()
    time.sleep(0.5)  # the dealer binds its port
    threads += [threading.Thread(target=client.run, args=(client,)) for client in clients]
    for thread in threads[1:]:
        thread.start()
    for thread in threads:
        thread.join(20)
        assert not thread.is_alive()
    output = capsys.readouterr().out
    assert "25 hands played" in output and "SCORE:" in output
    with open(tmp_path / "match.log") as log:
        assert len(read_log(log, NOLIMIT_2P).hands) == 25
