"""The ``holdem replay`` subcommand: print the log of the hands of a PHH file, or step through it.

>>> import argparse, pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hand.phh"
>>> _ = path.write_text('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [50, 80]
... actions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 cbr 6", "p1 f"]
... players = ["Ann", "Bob"]''')
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["replay", str(path), "--step"])
>>> arguments.run(arguments)  # doctest: +ELLIPSIS
[0/9] No-limit Hold'em 1/2, 2 players
Seat 1: Ann (50 in chips)
Seat 2: Bob (80 in chips) [button]
[1/9] Ann posts the big blind 2
...
[6/9] Ann folds
[7/9] Uncalled bet of 4 returned to Bob
[8/9] Bob wins 4
[9/9] *** SUMMARY ***
...
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from typing import TextIO

from holdem.formats.log import log_steps
from holdem.formats.phh import MAX_HAND_TEXT, HandHistory, InvalidHistoryError, load_all, loads

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``replay`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "replay",
        help="replay a PHH hand history and print its log",
        description="Replay the hands of a PHH file (.phh, or .phhs with many hands) and print each hand's log.",
    )
    parser.add_argument("file", help="a .phh or .phhs file")
    parser.add_argument(
        "--step",
        action="store_true",
        help="walk the log action by action: Enter for the next one on a terminal, every step numbered otherwise",
    )
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    for number, history in enumerate(_histories(arguments.file)):
        if number:
            print()
        hand = history.hand
        count = hand.player_count
        players = history.fields.get("players")
        names = None
        if players is not None:
            names = [str(players[(seat - hand.button - 1) % count]) for seat in range(count)]
        steps = log_steps(hand, names, history.unknown_seats)
        if not arguments.step:
            print("\n".join(steps))
            continue
        interactive = sys.stdin.isatty()
        last = len(steps) - 1
        for index, step in enumerate(steps):
            print(f"[{index}/{last}] {step}")
            if interactive and index < last and _wait() == "q":
                return


def _wait() -> str:
    """Wait for Enter; return what was typed ("q" to stop, also on end of input)."""
    try:
        return input("-- Enter for the next step, q to stop -- ").strip()
    except EOFError:
        return "q"


def _histories(path: str) -> Iterator[HandHistory]:
    """The hands of the file; a file that cannot be opened raises its OSError, as every command's files do."""
    count = 0
    try:
        with open(path, encoding="utf-8") as file:
            for count, history in enumerate(load_all(file) if path.endswith(".phhs") else _one(file), 1):
                yield history
    except UnicodeDecodeError as error:
        raise InvalidHistoryError(f"{path}: not a text file ({error.reason} at byte {error.start})") from None
    if not count:
        raise InvalidHistoryError(f"{path}: the file holds no hand")


def _one(file: TextIO) -> Iterator[HandHistory]:
    """The hand of a .phh file, if it is not blank."""
    text = file.read(MAX_HAND_TEXT + 1)
    if text.strip():
        yield loads(text, source=file.name)
