"""The ``holdem acpc-dealer`` and ``holdem acpc-client`` subcommands.

``holdem acpc-dealer`` takes holdem's form (``GAMEDEF --hands N --seed S``:
one port, players seated as they connect, holdem's cards) or the reference
dealer's (``MATCHNAME GAMEDEF HANDS SEED NAME1 NAME2 ... [options]``: a port
a seat, printed on the first line, the reference's cards and messages (no game
definition sent), ``MATCHNAME.log``, and the match ends when a player runs out
of time).

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["acpc-client", "127.0.0.1", "18791", "--agent", "station"])
>>> arguments.port, type(load_agent(arguments.agent)).__name__
(18791, 'CallingStation')
>>> load_agent("holdem.agents:TightBot").name, load_agent("json:dumps").__name__
('tight', 'dumps')
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Iterator

from holdem.agents import REFERENCE_BOTS
from holdem.errors import AcpcError, AgentError
from holdem.formats.acpc import GameDef, score_line
from holdem.formats.acpc_net import Dealer, DealerResult, play_client

__all__ = ["add_to", "load_agent"]

_REFERENCE_FORM = "MATCHNAME GAMEDEF HANDS SEED NAME1 NAME2 ..."


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``acpc-dealer`` and ``acpc-client`` to the subcommands of the ``holdem`` command."""
    dealer = subparsers.add_parser(
        "acpc-dealer",
        help="deal a match to ACPC players over TCP",
        usage=f"holdem acpc-dealer GAMEDEF [--hands N] [--seed S] ...\n"
        f"       holdem acpc-dealer {_REFERENCE_FORM} [-f] [-l|-L] [-p PORTS] [-q] [-t|-T] [-a] ...",
        description="Deal seeded hands of an ACPC game, print the SCORE line and write the match log. "
        "Holdem's form seats players on one port as they connect (within 60 s) and deals holdem's cards; the reference "
        "dealer's form (options after the arguments or before them) listens on a port a seat, prints the ports "
        "first, deals the reference's cards, writes MATCHNAME.log and ends the match when a player runs out of "
        "time or disconnects (unless --max-timeouts is given).",
    )
    dealer.add_argument("arguments", nargs="+", metavar="ARGUMENT", help=f"GAMEDEF, or {_REFERENCE_FORM}")
    own = dealer.add_argument_group("holdem's form")
    own.add_argument("--hands", type=int, default=1000, help="hands to deal (default 1000)")
    own.add_argument("--seed", type=int, help="seed for the cards")
    own.add_argument("--port", type=_port, default=0, help="port to listen on (default: any free port, printed)")
    own.add_argument("--log", metavar="FILE", help="write the match log to FILE")
    own.add_argument("--timeout", type=float, default=10.0, help="seconds a player has to answer (default 10)")
    own.add_argument("--names", help="the players' names, comma-separated, in the order they connect")
    own.add_argument(
        "--cards", choices=("holdem", "reference"), default="holdem",
        help="deal from holdem's generator (default) or as the reference dealer does",
    )  # fmt: skip
    both = dealer.add_argument_group("both forms")
    both.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    both.add_argument(
        "--max-timeouts", type=int, metavar="N",
        help="fold for a player that runs out of time or disconnects, and give up waiting for it after N "
        "faults in a row (holdem's form: default 3; the reference's form ends the match unless this is given)",
    )  # fmt: skip
    reference = dealer.add_argument_group("the reference dealer's form")
    reference.add_argument("-f", dest="fixed", action="store_true", help="fixed seats: players do not rotate")
    reference.add_argument("-l", dest="use_log", action="store_false", help="write no log file")
    reference.add_argument("-L", dest="use_log", action="store_true", default=True, help="write MATCHNAME.log")
    reference.add_argument("-p", dest="ports", metavar="PORT1,PORT2,...", help="the seats' ports (default: any)")
    reference.add_argument("-q", dest="quiet", action="store_true", help="do not print the messages to stderr")
    reference.add_argument(
        "-t", dest="use_transactions", action="store_false", default=False, help="write no transaction file (default)"
    )
    reference.add_argument(
        "-T", dest="use_transactions", action="store_true", default=False, help="write MATCHNAME.tlog"
    )
    reference.add_argument("-a", dest="append", action="store_true", help="append to the log files")
    for option, default, what in (
        ("--t_response", 600000, "per response"),
        ("--t_hand", 600000, "per player and hand"),
        ("--t_per_hand", 7000, "per hand on average over the match, per player"),
    ):
        reference.add_argument(option, type=int, default=default, metavar="MS", help=f"most time {what} (ms)")
    reference.add_argument(
        "--start_timeout", type=int, default=-1, metavar="MS", help="most time for players to connect (<0: none)"
    )
    dealer.set_defaults(run=_deal)
    client = subparsers.add_parser(
        "acpc-client",
        help="play a holdem agent at an ACPC dealer",
        description="Connect an agent to an ACPC dealer, play until the match ends and print the chips won.",
    )
    client.add_argument("host", metavar="HOST", help="the dealer's address")
    client.add_argument("port", metavar="PORT", type=_port, help="the dealer's port")
    client.add_argument(
        "--agent", default="station",
        help=f"a reference bot ({', '.join(REFERENCE_BOTS)}) or MODULE:NAME, an agent or its class (default station)",
    )  # fmt: skip
    client.add_argument(
        "--game", metavar="GAMEDEF", help="the game definition (default: the one a holdem dealer sends)"
    )
    client.set_defaults(run=_connect)


def load_agent(spec: str) -> object:
    """An agent from a reference bot's name or ``MODULE:NAME``; a class is called to make one.

    ``MODULE`` is looked for in the current directory first, as ``python -m`` would.

    :raises AgentError: when the name cannot be found, or its module or its class fails (the error
        it raised is named).
    """
    if spec in REFERENCE_BOTS:
        return REFERENCE_BOTS[spec]()
    module_name, _, name = spec.partition(":")
    if not module_name or not name:
        raise AgentError(f"agent {spec!r}: use {', '.join(REFERENCE_BOTS)} or MODULE:NAME")
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        found = getattr(importlib.import_module(module_name), name)
        return found() if isinstance(found, type) else found
    except Exception as error:  # the user's code: whatever it raises, the bot failed
        raise AgentError(f"agent {spec!r}: {type(error).__name__}: {error}") from None


def _port(text: str) -> int:
    """A port number for argparse: 0 to 65535."""
    if not text.isascii() or not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"port {text[:50]!r}: give a whole number from 0 to 65535")
    return int(text)


def _read_game(path: str) -> GameDef:
    with open(path, encoding="utf-8") as file:  # a file that cannot be opened fails the command (exit 1)
        try:
            return GameDef.parse(file.read())
        except UnicodeDecodeError as error:
            raise AcpcError(f"the game definition {path!r} is not UTF-8 text: {error}") from None


def _warn(message: str) -> None:
    print(f"WARNING: {message}", file=sys.stderr, flush=True)


def _deal(arguments: argparse.Namespace) -> None:
    if len(arguments.arguments) > 1:
        _deal_as_reference(arguments)
        return
    game = _read_game(arguments.arguments[0])
    names = arguments.names.split(",") if arguments.names else None
    max_timeouts = 3 if arguments.max_timeouts is None else arguments.max_timeouts
    with contextlib.ExitStack() as files:
        files.enter_context(_network(f"{arguments.host} port {arguments.port}"))
        dealer = files.enter_context(Dealer(
            game, arguments.hands, arguments.seed, host=arguments.host, port=arguments.port, cards=arguments.cards,
            timeout=arguments.timeout, max_timeouts=max_timeouts, names=names, report=_warn,
            game_name=arguments.arguments[0],
        ))  # fmt: skip
        if arguments.log:  # opened (and emptied) only once the port is ours
            dealer.log = files.enter_context(open(arguments.log, "w", encoding="utf-8"))
        host, port = dealer.address
        print(f"dealing {arguments.hands} hands on {host} port {port}", flush=True)
        result = _match(dealer)
    print(score_line(result.totals, result.names))


def _match(dealer: Dealer) -> DealerResult:
    """Play the match; players who never come, or a match that cannot go on, fail the command (exit 1)."""
    try:
        return dealer.run()
    except AcpcError as error:
        raise ConnectionError(f"the match stopped: {error}") from None


def _whole_number(text: str, what: str, low: int = 0, high: int = 2**32 - 1) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 10 or not low <= int(text) <= high:
        raise AcpcError(f"{what} {text[:50]!r}: give a whole number from {low} to {high}")
    return int(text)


def _deal_as_reference(arguments: argparse.Namespace) -> None:
    if len(arguments.arguments) < 4:
        raise AcpcError(f"{len(arguments.arguments)} arguments: give {_REFERENCE_FORM} or GAMEDEF alone")
    match_name, game_path, hands_text, seed_text, *names = arguments.arguments
    game = _read_game(game_path)
    if len(names) < game.players:
        raise AcpcError(f"{len(names)} names for {game.players} players: give one a seat")
    hands = _whole_number(hands_text, "hands", 1)
    seed = _whole_number(seed_text, "seed")
    ports = [0] * game.players
    if arguments.ports:
        given = arguments.ports.split(",")
        if len(given) > game.players:
            raise AcpcError(f"-p {arguments.ports}: give at most one port a seat ({game.players})")
        ports[: len(given)] = [_whole_number(port, "port", high=65535) for port in given]
    mode = "a" if arguments.append else "w"
    quiet = arguments.quiet
    with contextlib.ExitStack() as files:
        files.enter_context(_network(f"{arguments.host} ports {arguments.ports or 'chosen by the system'}"))
        dealer = files.enter_context(Dealer(
            game, hands, seed, host=arguments.host, ports=ports, cards="reference", rotate=not arguments.fixed,
            timeout=arguments.t_response / 1000, hand_timeout=arguments.t_hand / 1000,
            per_hand_timeout=arguments.t_per_hand / 1000, max_timeouts=arguments.max_timeouts,
            connect_timeout=None if arguments.start_timeout < 0 else arguments.start_timeout / 1000,
            send_definition=False,
            names=names[: game.players], match_name=match_name, game_name=game_path,
            transcript=None if quiet else sys.stderr, report=_warn,
        ))  # fmt: skip
        # The files are opened (and emptied, unless -a) only once the ports are ours.
        if arguments.use_log:
            dealer.log = files.enter_context(open(f"{match_name}.log", mode, encoding="utf-8"))
        if arguments.use_transactions:
            dealer.transactions = files.enter_context(open(f"{match_name}.tlog", mode, encoding="utf-8"))
        print(" ".join(str(port) for _, port in dealer.addresses), flush=True)
        print(dealer.log_header().split("\n", 1)[1], end="", file=sys.stderr)
        try:
            result = dealer.run()
        except AcpcError as error:
            print(f"ERROR: {error}", file=sys.stderr)
            raise SystemExit(1) from None
    score = score_line(result.totals, result.names)
    print(score, file=sys.stderr)
    print(score)


def _connect(arguments: argparse.Namespace) -> None:
    game = _read_game(arguments.game) if arguments.game else None
    agent = load_agent(arguments.agent)
    with _network(f"the dealer at {arguments.host} port {arguments.port}"):
        print(play_client(arguments.host, arguments.port, agent, game=game, report=_warn))


@contextlib.contextmanager
def _network(place: str) -> Iterator[None]:
    """Name the address that a refused connection, a busy port or a lost connection is about."""
    try:
        yield
    except OSError as error:
        raise ConnectionError(error.errno, f"{place}: {error.strerror or error}") from None
