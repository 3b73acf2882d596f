"""The ``holdem bench`` subcommand: a quick speed report for this machine (see :mod:`holdem.bench`)."""

from __future__ import annotations

import argparse
import json

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``bench`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser("bench", help="measure the speed of the hot paths on this machine")
    parser.add_argument("--quick", action="store_true", help="smaller workloads, a rougher report")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    from holdem.bench import format_report, run

    report = run(quick=arguments.quick)
    print(json.dumps(report, indent=2) if arguments.json else format_report(report))
