"""The ``holdem`` command: one module a subcommand (the ACPC dealer and client share one), and :func:`main`.

>>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
As Ks Qs Js Ts 2c 3d: rank 7462 of 7462, Royal Flush
best five: As Ks Qs Js Ts
0
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

import holdem
from holdem.cli import acpc, bench, convert, equity, evaluate, icm, play, replay, seat_draw, sim, stats
from holdem.errors import HoldemError

__all__ = ["build_parser", "main"]

EXIT_FAILED = 1
"""The exit status when a command could not finish: a file or a connection failed, a bot misbehaved."""
EXIT_USAGE = 2
"""The exit status when a value on the command line is refused (as argparse exits on a bad option)."""
EXIT_INTERRUPTED = 130
"""The exit status after Ctrl-C (128 plus SIGINT, as a shell reports it)."""
EXIT_PIPE_CLOSED = 141
"""The exit status when the reader of the output went away (128 plus SIGPIPE, as a shell reports it)."""


class _Parser(argparse.ArgumentParser):
    """A parser whose usage errors, like every other error of the command, begin ``holdem: error:``."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, f"holdem: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``holdem`` command, with every subcommand."""
    parser = _Parser(prog="holdem", description="A fast, correct Texas Hold'em engine.")
    parser.add_argument("--version", action="version", version=f"holdem {holdem.__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)
    for command in (evaluate, equity, sim, play, replay, convert, stats, icm, seat_draw, acpc, bench):
        command.add_to(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``holdem`` command and return its exit status.

    A refused value prints ``holdem: error: ...`` and returns 2, a command that
    could not finish (a file, a connection, a bot) returns 1, Ctrl-C returns
    130 and a closed output pipe 141, all without a traceback.
    """
    arguments = build_parser().parse_args(argv)
    try:
        arguments.run(arguments)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PIPE_CLOSED
    except (HoldemError, OSError) as error:
        print(f"holdem: error: {_message(error)}", file=sys.stderr)
        return EXIT_USAGE if isinstance(error, ValueError) and not isinstance(error, OSError) else EXIT_FAILED
    return 0


def _message(error: HoldemError | OSError) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror if error.filename is None else f"{error.filename}: {error.strerror}"
    return str(error)
