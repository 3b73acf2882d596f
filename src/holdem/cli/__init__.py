"""The ``holdem`` command.

>>> main(["eval", "As Ks Qs Js Ts 2c 3d"])
As Ks Qs Js Ts 2c 3d: rank 7462 of 7462, Royal Flush
best five: As Ks Qs Js Ts
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

import holdem
from holdem.cli.acpc import add_acpc_commands
from holdem.cli.equity import add_equity_command
from holdem.cli.icm import add_table_commands
from holdem.cli.play import add_play_commands
from holdem.cli.replay import add_replay_command
from holdem.errors import HoldemError


def _evaluate(arguments: argparse.Namespace) -> None:
    cards = holdem.parse_cards(" ".join(arguments.cards))
    rank = holdem.HandRank(holdem.evaluate(cards))
    print(f"{holdem.format_cards(cards, ' ')}: rank {int(rank)} of 7462, {rank.describe()}")
    print(f"best five: {holdem.format_cards(holdem.best_five(cards), ' ')}")


def _bench(arguments: argparse.Namespace) -> None:
    from holdem.bench import format_report, run

    report = run(quick=arguments.quick)
    print(json.dumps(report, indent=2) if arguments.json else format_report(report))


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``holdem`` command, with every subcommand."""
    parser = argparse.ArgumentParser(prog="holdem", description="A fast, correct Texas Hold'em engine.")
    parser.add_argument("--version", action="version", version=f"holdem {holdem.__version__}")
    commands = parser.add_subparsers(title="commands", dest="command", required=True)
    evaluate = commands.add_parser("eval", help="rank and describe a hand of 5 to 7 cards")
    evaluate.add_argument("cards", nargs="+", help='cards, as in "As Ks Qs Js Ts 2c 3d"')
    evaluate.set_defaults(run=_evaluate)
    add_equity_command(commands)
    add_play_commands(commands)
    add_replay_command(commands)
    add_acpc_commands(commands)
    add_table_commands(commands)
    bench = commands.add_parser("bench", help="measure the speed of the hot paths on this machine")
    bench.add_argument("--quick", action="store_true", help="smaller workloads, a rougher report")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line and return its exit status."""
    parser = build_parser()
    arguments = parser.parse_args(argv)
    try:
        arguments.run(arguments)
    except HoldemError as error:
        print(f"holdem: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
