"""The ``holdem acpc-dealer`` and ``holdem acpc-client`` subcommands.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_acpc_commands(parser.add_subparsers())
>>> arguments = parser.parse_args(["acpc-client", "127.0.0.1", "18791", "--agent", "station"])
>>> arguments.port, type(load_agent(arguments.agent)).__name__
(18791, 'CallingStation')
>>> load_agent("holdem.agents:TightBot").name, load_agent("json:dumps").__name__
('tight', 'dumps')
"""

from __future__ import annotations

import argparse
import importlib
import sys

from holdem.agents import REFERENCE_BOTS
from holdem.errors import AcpcError, AgentError
from holdem.formats.acpc import GameDef, score_line
from holdem.formats.acpc_net import Dealer, play_client

__all__ = ["add_acpc_commands", "load_agent"]


def add_acpc_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``acpc-dealer`` and ``acpc-client`` to the subcommands of the ``holdem`` command."""
    dealer = subparsers.add_parser(
        "acpc-dealer",
        help="deal a match to ACPC players over TCP",
        description="Seat the game's players in the order they connect, deal seeded hands, print the "
        "SCORE line and write the ACPC match log. A player that misbehaves folds or calls; see the faults.",
    )
    dealer.add_argument("gamedef", metavar="GAMEDEF", help="the ACPC game definition file")
    dealer.add_argument("--hands", type=int, default=1000, help="hands to deal (default 1000)")
    dealer.add_argument("--seed", type=int, help="seed for the cards")
    dealer.add_argument("--port", type=int, default=0, help="port to listen on (default: any free port, printed)")
    dealer.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    dealer.add_argument("--log", metavar="FILE", help="write the match log to FILE")
    dealer.add_argument("--timeout", type=float, default=10.0, help="seconds a player has to answer (default 10)")
    dealer.add_argument("--names", help="the players' names, comma-separated, in the order they connect")
    dealer.set_defaults(run=_deal)
    client = subparsers.add_parser(
        "acpc-client",
        help="play a holdem agent at an ACPC dealer",
        description="Connect an agent to an ACPC dealer and play until the match ends.",
    )
    client.add_argument("host", metavar="HOST", help="the dealer's address")
    client.add_argument("port", metavar="PORT", type=int, help="the dealer's port")
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

    :raises AgentError: when the name cannot be found.
    """
    if spec in REFERENCE_BOTS:
        return REFERENCE_BOTS[spec]()
    module_name, _, name = spec.partition(":")
    try:
        found = getattr(importlib.import_module(module_name), name) if name else None
    except (ImportError, AttributeError) as error:
        raise AgentError(f"agent {spec!r}: {error}") from None
    if found is None:
        raise AgentError(f"agent {spec!r}: use {', '.join(REFERENCE_BOTS)} or MODULE:NAME")
    return found() if isinstance(found, type) else found


def _read_game(path: str) -> GameDef:
    try:
        with open(path, encoding="utf-8") as file:
            return GameDef.parse(file.read())
    except OSError as error:
        raise AcpcError(f"cannot read the game definition {path!r}: {error.strerror}") from None


def _deal(arguments: argparse.Namespace) -> None:
    game = _read_game(arguments.gamedef)
    names = arguments.names.split(",") if arguments.names else None
    log = open(arguments.log, "w", encoding="utf-8") if arguments.log else None
    try:
        with Dealer(
            game, arguments.hands, arguments.seed, host=arguments.host, port=arguments.port,
            timeout=arguments.timeout, names=names, log=log,
        ) as dealer:  # fmt: skip
            host, port = dealer.address
            print(f"dealing {arguments.hands} hands on {host} port {port}", flush=True)
            result = dealer.run()
    finally:
        if log is not None:
            log.close()
    for fault in result.faults:
        print(f"holdem: {fault}", file=sys.stderr)
    print(score_line(result.totals, result.names))


def _connect(arguments: argparse.Namespace) -> None:
    game = _read_game(arguments.game) if arguments.game else None
    hands = play_client(arguments.host, arguments.port, load_agent(arguments.agent), game=game)
    print(f"{hands} hands played")
