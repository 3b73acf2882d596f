"""The ``holdem convert`` subcommand: site hand histories (files or folders) converted to PHH, OHH or JSON lines.

>>> import argparse, pathlib, tempfile
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "stars.txt").write_text('''PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2024/05/01 20:00:00 ET
... Table 'Alpha' 6-max Seat #1 is the button
... Seat 1: Ann ($2 in chips)
... Seat 2: Bob ($2 in chips)
... Bob: posts small blind $0.01
... Ann: posts big blind $0.02
... *** HOLE CARDS ***
... Bob: folds
... Uncalled bet ($0.01) returned to Ann
... Ann collected $0.02 from pot
... *** SUMMARY ***
... Total pot $0.02 | Rake $0
... ''')
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> output = str(folder / "hands.jsonl")
>>> arguments = parser.parse_args(["convert", str(folder), "--to", "jsonl", output, "--workers", "1"])
>>> arguments.run(arguments)
1 hand written to ... as JSONL, 0 problems
PokerStars, Hold'em No Limit: 1 read, 1 imported
>>> (folder / "hands.jsonl").read_text().count("\\n")
1
"""

from __future__ import annotations

import argparse
import errno
import os
import sys

from holdem.cli._game import count
from holdem.cli._output import is_stream, replaced_at_the_end
from holdem.errors import InvalidHistoryError
from holdem.formats.conversions import FORMATS, convert
from holdem.formats.histories import files_of

__all__ = ["add_to"]

SHOWN_PROBLEMS = 20
"""The most problems printed one by one; the rest are counted."""


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``convert`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "convert",
        help="convert site hand histories to PHH, OHH or JSON lines",
        description=(
            "Read the hand histories of poker sites (files, or folders and their subfolders), replay and check "
            "every hand, and write those that agree with the site's result to OUTPUT. The problems (hands not "
            "imported, and why) and a summary of counts per site and game are printed at the end."
        ),
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT", help="a hand history file or a folder of them")
    parser.add_argument("--to", choices=FORMATS, required=True, help="the format to write")
    parser.add_argument(
        "output", metavar="OUTPUT", help="the file to write (replaced once the conversion is done; a pipe is written to)"
    )
    parser.add_argument("--workers", type=int, default=None, help="processes to read the files on (default: all cores)")
    parser.add_argument(
        "--problems", type=count, default=SHOWN_PROBLEMS, help="problems to print one by one (default 20)"
    )
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    for path in arguments.inputs:
        if not os.path.exists(path):
            raise FileNotFoundError(errno.ENOENT, "no such file or folder: give hand history files or folders", path)
    target = os.path.realpath(arguments.output)
    if any(os.path.realpath(found) == target for path in arguments.inputs for found in files_of(path)):
        raise InvalidHistoryError(f"OUTPUT {arguments.output} is one of the inputs: write to another file")
    with replaced_at_the_end(arguments.output) as output:
        done = convert(arguments.inputs, arguments.to, output, workers=arguments.workers)
    for problem in done.problems[: arguments.problems]:
        print(f"problem: {problem}", file=sys.stderr)
    hidden = len(done.problems) - arguments.problems
    if hidden > 0:
        print(f"... and {hidden} more problems", file=sys.stderr)
    hands = "hand" if done.hands == 1 else "hands"
    written = f"{done.hands} {hands} written to {arguments.output} as {arguments.to.upper()}"
    counts = sys.stderr if is_stream(arguments.output) else sys.stdout  # not into the hands written to a pipe
    print(f"{written}, {len(done.problems)} problems", file=counts)
    if done.summary.games:
        print(done.summary, file=counts)
