"""The ACPC dealer and client on loopback: whole matches, and players that misbehave."""

import dataclasses
import io
import random
import re
import socket
import threading
import time

import pytest

from holdem.agents import CallingStation, RandomBot, TightBot
from holdem.errors import AcpcError, IllegalActionError
from holdem.formats.acpc import GameDef, MatchState, apply_action, read_log
from holdem.formats.acpc_net import Dealer, play_client
from holdem.hand import Hand
from holdem.rules import Reopening

NOLIMIT_2P = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
NOLIMIT_3P = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(20000, 20000, 20000))
LIMIT_3P = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20), max_raises=(3, 4, 4, 4))
UNEQUAL_3P = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(20000, 2000, 20000))


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
    assert result.faults == [] and [client.hands for client in returned.values()] == [hands] * game.players
    # Each client's running result is its total in the dealer's SCORE.
    assert sorted(client.total for client in returned.values()) == sorted(result.totals)
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
            except OSError:  # the dealer closed the connection
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

    from holdem.cli import acpc

    parser = argparse.ArgumentParser(prog="holdem")
    acpc.add_to(parser.add_subparsers())
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
    assert "25 hands played" in output and "chips won" in output and "SCORE:" in output
    with open(tmp_path / "match.log") as log:
        assert len(read_log(log, NOLIMIT_2P).hands) == 25


def seated_match(game, hands, seed, clients, **options):
    """A dealer in the reference's manner (a port a seat, its cards) with ``clients`` in seat order; the log lines."""
    log = io.StringIO()
    returned = {}
    options = {"cards": "reference", "timeout": 5.0, "connect_timeout": 10, **options}
    names = [f"p{seat + 1}" for seat in range(game.players)]
    with Dealer(game, hands, seed, ports=[0] * game.players, names=names, log=log, **options) as dealer:
        threads = [
            threading.Thread(target=lambda index, client, address: returned.update({index: client(*address)}),
                             args=(index, client, address))
            for index, (client, address) in enumerate(zip(clients, dealer.addresses))
        ]  # fmt: skip
        for thread in threads:
            thread.start()
        try:
            result = dealer.run()
        finally:
            for thread in threads:
                thread.join(20)
    return result, log.getvalue().splitlines(), returned


# Recorded from the ACPC reference dealer (seeds 1, 7 and 71) with these holdem clients in these seats.
REFERENCE_MATCHES = [
    (NOLIMIT_2P, 1, [CallingStation, TightBot], [
        "STATE:0:f:8s2h|Kd5c:50|-50:p1|p2",
        "STATE:1:cr300c/r900c/r2700c/r8100c:JsKs|Qs8d/Qd7s9d/Ac/Td:8100|-8100:p2|p1",
        "STATE:2:f:5s6c|2c5d:50|-50:p1|p2",
        "STATE:3:cc/cc/cc/cc:2c8h|6cAs/9dKsJc/9c/Td:-100|100:p2|p1",
        "STATE:4:f:2s3h|5sAs:50|-50:p1|p2",
        "STATE:5:cc/cc/cc/cc:9h7d|Qs3h/5dKc5c/2d/Kd:-100|100:p2|p1",
        "SCORE:-7750|7750:p1|p2",
    ]),
    (LIMIT_3P, 7, [TightBot, CallingStation, TightBot], [
        "STATE:0:ff:8dJd|Td4d|As9d:-5|5|0:p1|p2|p3",
        "STATE:1:rcf/crc/crc/crc:7h2h|6d5d|QcQs/2c5c8c/Ts/5s:-70|-10|80:p2|p3|p1",
        "STATE:2:crfc/rc/rc/rc:AsJc|Tc4c|KcQh/2hQd7h/9s/Kd:-70|-10|80:p3|p1|p2",
        "STATE:3:ff:7h5d|2h5c|QdJc:-5|5|0:p1|p2|p3",
        "STATE:4:fcc/cc/cc/cc:4hQc|6cAc|9d8d/Td5h5c/Jh/8c:-10|10|0:p2|p3|p1",
        "STATE:5:crfc/rc/rc/rc:9c9d|4d2s|2c7h/6sTc7s/7c/8c:80|-10|-70:p3|p1|p2",
        "SCORE:50|-60|10:p1|p2|p3",
    ]),
    (UNEQUAL_3P, 71, [TightBot, TightBot, TightBot], [
        "STATE:0:ff:As4d|TdQh|Kd3c:-50|50|0:p1|p2|p3",
        "STATE:1:fr300f:QcJc|Js6h|Jh2d:100|-100|0:p2|p3|p1",
        "STATE:2:ff:9d4c|9c8c|2cKh:-50|50|0:p3|p1|p2",
        "STATE:3:ff:Ts8d|QhAs|Th2h:-50|50|0:p1|p2|p3",
        "STATE:4:ff:2d3d|Jd2c|4dTd:-50|50|0:p2|p3|p1",
        "STATE:5:ff:4d9h|6sJc|8h7c:-50|50|0:p3|p1|p2",
        "SCORE:0|150|-150:p1|p2|p3",
    ]),
]


@pytest.mark.parametrize("game, seed, agents, recorded", REFERENCE_MATCHES, ids=["nl-2p", "fl-3p", "unequal-3p"])
def test_reference_cards_give_the_reference_dealers_log(game, seed, agents, recorded):
    clients = [lambda host, port, agent=agent: play_client(host, port, agent(), timeout=10) for agent in agents]
    result, lines, returned = seated_match(game, 6, seed, clients)
    assert [line for line in lines if not line.startswith("#")] == recorded
    assert lines[1:5] == [f"# name/game/hands/seed match game 6 {seed}", "#--t_response 5000", "#--t_hand 0",
                          "#--t_per_hand 0"]
    # Each client's own result is its SCORE.
    assert [returned[seat].total for seat in range(game.players)] == result.totals


# Hands of the unequal-stack match (seed 71) as the reference dealer dealt and logged them: a short all-in
# raise to 2000, after which a player who had already raised raises again.
REOPENED = [
    "STATE:139:r1947cr2000r8565c/r20000c//:4h5s|9dTc|5d2c/4c2d6c/3h/Qd:1000|-2000|1000:p2|p3|p1",
    "STATE:570:r1427cr2000r7902c/r12952r18127c/cr19955r20000c/:Qh2h|4c6d|5d7s/2dAh9s/9d/4s:16000|4000|-20000:p1|p2|p3",
]


@pytest.mark.parametrize("line", REOPENED)
def test_acpc_games_reopen_the_betting_after_a_short_all_in(line):
    assert len(read_log([line], UNEQUAL_3P).hands) == 1
    _, number, betting, cards, _, _ = line.split(":")
    state = MatchState.parse(f"MATCHSTATE:0:{number}:{betting}:{cards}")
    rules = UNEQUAL_3P.rules()
    assert rules.reopening is Reopening.ACPC
    seeds = Hand(dataclasses.replace(rules, reopening=Reopening.SEEDS), UNEQUAL_3P.starting_stacks,
                 UNEQUAL_3P.button, seed=1)  # fmt: skip
    with pytest.raises(IllegalActionError, match="short all-in did not reopen"):
        for action in state.betting[0]:
            apply_action(seeds, action)


def test_unequal_stacks_match_with_holdem_clients():
    clients = [lambda host, port, seat=seat: play_client(host, port, RandomBot(seed=seat), timeout=10)
               for seat in range(3)]  # fmt: skip
    result, lines, returned = seated_match(UNEQUAL_3P, 300, 71, clients)
    assert result.faults == [] and len(read_log(lines, UNEQUAL_3P).hands) == 300
    assert [returned[seat].total for seat in range(3)] == result.totals


def test_raise_texts_are_read_as_the_reference_reads_them():
    texts = ["r 300", "r300 ", "r-5", "r" + "9" * 1_000_000]  # the first decision of hands 0 to 3
    answered = set()

    def respond(line):
        state = MatchState.parse(line)
        hand = state.to_hand(NOLIMIT_2P)
        if hand.is_over or hand.actor != state.position:
            return None
        first = state.hand_number not in answered
        answered.add(state.hand_number)
        return f"{line}:{texts[state.hand_number] if first else 'c'}"

    clients = [raw_client(respond), lambda host, port: play_client(host, port, CallingStation(), timeout=10)]
    result, lines, _ = seated_match(NOLIMIT_2P, 4, 5, clients)
    bettings = [line.split(":")[2] for line in lines if line.startswith("STATE")]
    # r 300 and r300 are raises to 300; r-5 and a raise of a size beyond 64 bits are raises to the least, 200.
    assert bettings == ["cr300c/cc/cc/cc", "r300c/cc/cc/cc", "cr200c/cc/cc/cc", "r200c/cc/cc/cc"]
    assert sum("changed to 200" in fault for fault in result.faults) == 2


def silent_client(host, port):
    with socket.create_connection((host, port), timeout=10) as sock:
        sock.sendall(b"VERSION:2.0.0\r\n")
        while sock.recv(65536):
            pass


def test_reference_form_ends_the_match_when_a_player_runs_out_of_time():
    clients = [silent_client, lambda host, port: play_client(host, port, CallingStation(), timeout=10)]
    with pytest.raises(AcpcError, match=r"could not get action from seat 1 \(p1, hand 0\): did not answer"):
        seated_match(NOLIMIT_2P, 50, 1, clients, timeout=0.2, max_timeouts=None)


def test_fold_and_continue_gives_up_on_a_silent_player():
    reported = []
    clients = [silent_client, lambda host, port: play_client(host, port, CallingStation(), timeout=10)]
    started = time.monotonic()
    result, lines, _ = seated_match(NOLIMIT_2P, 40, 1, clients, timeout=0.2, max_timeouts=2, report=reported.append)
    assert time.monotonic() - started < 5
    assert reported == result.faults and len(result.faults) == 2
    assert result.faults[1].endswith("folded; it folds to the end of the match")
    assert len(read_log(lines, NOLIMIT_2P).hands) == 40


def test_reference_command_line(tmp_path, capsys, monkeypatch):
    from holdem.cli import main

    gamedef = tmp_path / "nl.game"
    gamedef.write_text(str(NOLIMIT_2P))
    monkeypatch.chdir(tmp_path)
    ports = []
    for _ in range(2):
        with socket.socket() as probe:  # free loopback ports
            probe.bind(("127.0.0.1", 0))
            ports.append(probe.getsockname()[1])
    arguments = ["acpc-dealer", "m", str(gamedef), "20", "1", "ann", "bob", "-q", "-f", "-T", "-p", f"{ports[0]},{ports[1]}"]
    dealer = threading.Thread(target=main, args=(arguments,))
    dealer.start()
    time.sleep(0.5)  # the dealer binds its ports
    clients = [threading.Thread(target=play_client, args=("127.0.0.1", port, RandomBot(seed=port)),
                                kwargs={"game": NOLIMIT_2P}) for port in ports]  # fmt: skip
    for thread in clients:
        thread.start()
    for thread in [dealer, *clients]:
        thread.join(20)
        assert not thread.is_alive()
    captured = capsys.readouterr()
    output = captured.out.splitlines()
    assert output[0] == f"{ports[0]} {ports[1]}" and output[-1].startswith("SCORE:")
    assert captured.err.splitlines()[0] == f"# name/game/hands/seed m {gamedef} 20 1"
    log = (tmp_path / "m.log").read_text().splitlines()
    assert log[-1] == output[-1] and len(read_log(log, NOLIMIT_2P).hands) == 20
    states = [line.split(":") for line in log if line.startswith("STATE")]
    assert {fields[-1] for fields in states} == {"ann|bob"}  # -f: the seats do not rotate
    # -T: a transaction line an action, "ACTION HAND SENT RECEIVED".
    transactions = (tmp_path / "m.tlog").read_text().splitlines()
    assert len(transactions) == sum(len(re.findall(r"[fc]|r[0-9]+", fields[2])) for fields in states)
    assert all(re.fullmatch(r"(f|c|r[0-9]+) [0-9]+ [0-9]+\.[0-9]{6} [0-9]+\.[0-9]{6}", line) for line in transactions)


def test_the_client_answers_a_state_it_cannot_follow_with_a_call():
    received, reported = [], []
    with socket.create_server(("127.0.0.1", 0)) as server:

        def dealer():
            sock, _ = server.accept()
            with sock:
                reader = sock.makefile("rb")
                received.append(reader.readline())
                sock.sendall(b"MATCHSTATE:1:0:r20000r19000:|AsKs\r\nMATCHSTATE:1:1::|AsKs\r\n")
                received.extend([reader.readline(), reader.readline()])
                reader.close()

        thread = threading.Thread(target=dealer)
        thread.start()
        result = play_client(*server.getsockname()[:2], CallingStation(), game=NOLIMIT_2P, timeout=10,
                             report=reported.append)  # fmt: skip
        thread.join(10)
    assert received == [b"VERSION:2.0.0\r\n", b"MATCHSTATE:1:0:r20000r19000:|AsKs:c\r\n", b"MATCHSTATE:1:1::|AsKs:c\r\n"]
    assert len(reported) == 1 and "answered with a call" in reported[0]
    assert (result.hands, result.total) == (0, 0)


@pytest.mark.parametrize(("arguments", "transactions"), [([], False), (["-t"], False), (["-T"], True)])
def test_reference_form_writes_the_transaction_log_only_with_capital_t(arguments, transactions):
    import argparse

    from holdem.cli import acpc

    parser = argparse.ArgumentParser(prog="holdem")
    acpc.add_to(parser.add_subparsers())
    parsed = parser.parse_args(["acpc-dealer", "m", "nl.game", "10", "1", "ann", "bob", *arguments])
    assert parsed.use_transactions is transactions


def recording_client(lines):
    """An ACPC client that keeps every line the dealer sends and calls whenever it is to act."""

    def client(host, port):
        with socket.create_connection((host, port), timeout=10) as sock:
            sock.sendall(b"VERSION:2.0.0\r\n")
            with sock.makefile("r", encoding="ascii", newline="\r\n") as reader:
                for line in reader:
                    lines.append(line.rstrip("\r\n"))
                    if lines[-1].startswith("MATCHSTATE"):
                        state = MatchState.parse(lines[-1])
                        if state.to_hand(NOLIMIT_2P).actor == state.position:
                            sock.sendall(f"{lines[-1]}:c\r\n".encode("ascii"))

    return client


@pytest.mark.parametrize("send_definition", [True, False])
def test_the_game_definition_is_sent_only_in_holdems_form(send_definition):
    lines = []
    clients = [recording_client(lines), lambda host, port: play_client(host, port, CallingStation(), game=NOLIMIT_2P)]
    seated_match(NOLIMIT_2P, 2, 1, clients, send_definition=send_definition)
    comments = [line for line in lines if not line.startswith("MATCHSTATE:")]
    assert comments == (["# " + line for line in str(NOLIMIT_2P).splitlines()] if send_definition else [])
    assert len(lines) > len(comments)


def test_a_showdown_without_the_opponents_cards_is_reported_not_counted():
    unshown, shown = "MATCHSTATE:0:0:cc/cc/cc/cc:7s2h|/Kd9c4c/5c/6c", "MATCHSTATE:0:1:cc/cc/cc/cc:7s2h|AdAc/Kd9c4c/5c/6c"
    received, reported = [], []
    with socket.create_server(("127.0.0.1", 0)) as server:

        def dealer():
            sock, _ = server.accept()
            with sock, sock.makefile("rb") as reader:
                received.append(reader.readline())
                sock.sendall(f"{unshown}\r\n{shown}\r\n".encode("ascii"))
                received.append(reader.readline())

        thread = threading.Thread(target=dealer)
        thread.start()
        result = play_client(*server.getsockname()[:2], CallingStation(), game=NOLIMIT_2P, timeout=10,
                             report=reported.append)  # fmt: skip
        thread.join(10)
    assert len(reported) == 1 and "does not show position 1's hole cards" in reported[0]
    assert (result.hands, result.total) == (1, -100)


# Recorded from the ACPC reference dealer (seed 5, 300 hands) with RandomBot(seed=0..2) in seats 1 to 3.
SHORT_STACKS_3P = GameDef("nolimit", 3, 4, (50, 100, 0), (3, 1, 1, 1), stacks=(500, 1200, 3000))
SHORT_STACKS_RECORDED = [
    "STATE:16:r225r500r1200f///:Js2d|3dTs|7h9d/9sJc4c/Td/7c:725|-500|-225:p2|p3|p1",
    "STATE:98:ccc/cr1200r3000c//:5c3h|KdJs|8h7d/8c3c8d/6c/Qh:-500|-1200|1700:p3|p1|p2",
    "STATE:116:ccc/r500r1050c/r1200f/:7s3s|7h2c|2hJh/JcJd8c/Ac/9c:-500|1550|-1050:p3|p1|p2",
    "SCORE:-1687|10700|-9013:p1|p2|p3",
]


# The same with a limit game of short stacks (200 hands): in hands 15, 21 and 44 a stack short of
# the call raises all in, lowering the bet.
LIMIT_SHORT_STACKS_3P = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20),
                                max_raises=(3, 4, 4, 4), stacks=(35, 60, 1000))  # fmt: skip
LIMIT_SHORT_STACKS_RECORDED = [
    "STATE:15:crrcc/crrrcc/rrrc/:JcAc|6c7s|Qs9d/6h5s7d/8h/5c:-35|-60|95:p1|p2|p3",
    "STATE:21:frc/cc/cc/crrc:Js8h|TdJd|Jc6d/4d4hKc/Ac/9d:0|0|0:p1|p2|p3",
    "STATE:44:ccc/ccc/rrcrcrc/crf:9sJd|TcJc|8cAc/2dJs6h/Kd/Ah:-35|-55|90:p3|p1|p2",
    "SCORE:-490|595|-105:p1|p2|p3",
]


@pytest.mark.parametrize(
    ("game", "hands", "recorded"),
    [(SHORT_STACKS_3P, 300, SHORT_STACKS_RECORDED), (LIMIT_SHORT_STACKS_3P, 200, LIMIT_SHORT_STACKS_RECORDED)],
    ids=["nl", "fl"],
)
def test_raises_with_short_stacks_match_the_reference(game, hands, recorded):
    # No-limit hand 98: after an all-in to 1200, the 3000 stack raises to 3000 and the 500 stack (400 behind) calls.
    clients = [lambda host, port, seat=seat: play_client(host, port, RandomBot(seed=seat), timeout=10)
               for seat in range(3)]  # fmt: skip
    result, lines, _ = seated_match(game, hands, 5, clients)
    assert result.faults == []
    prefixes = tuple(":".join(line.split(":")[:2]) + ":" for line in recorded[:-1])  # "STATE:<hand>:"
    assert [line for line in lines if line.startswith((*prefixes, "SCORE"))] == recorded



@pytest.mark.parametrize(
    "options, words",
    [({"port": 65536}, "port 65536"), ({"ports": [1, -1]}, "port -1"), ({"timeout": 0}, "timeout 0"),
     ({"hand_timeout": -5.0}, "hand_timeout -5.0")],
)  # fmt: skip
def test_a_dealer_refuses_ports_and_times_it_cannot_use(options, words):
    with pytest.raises(AcpcError, match=words):
        Dealer(NOLIMIT_2P, 10, 1, **options)
