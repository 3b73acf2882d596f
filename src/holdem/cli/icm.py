"""The ``holdem icm`` subcommand.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["icm", "--stacks", "5000", "3000", "2000", "--payouts", "50", "30", "20"])
>>> arguments.run(arguments)
player   stack  chips   equity
     1    5000 50.00%  38.3929
     2    3000 30.00%  32.7500
     3    2000 20.00%  28.8571
"""

from __future__ import annotations

import argparse
import math

from holdem.errors import TournamentError
from holdem.tournament import icm

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``icm`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "icm",
        help="ICM equities of tournament stacks (Malmuth-Harville), for deal-making",
        description="Each stack's share of the prizes by the Malmuth-Harville model.",
    )
    parser.add_argument("--stacks", nargs="+", type=int, required=True, help="the chips of each player left")
    parser.add_argument("--payouts", nargs="+", type=float, required=True, help="prizes for 1st, 2nd, ... place")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    stacks = arguments.stacks
    if len(arguments.payouts) > len(stacks):
        raise TournamentError(
            f"{len(arguments.payouts)} prizes for {len(stacks)} players: ICM shares the places still to be won, "
            f"give at most {len(stacks)}"
        )
    payouts = arguments.payouts
    if not all(math.isfinite(prize) and prize >= 0 for prize in payouts) or not any(payouts):
        listed = " ".join(f"{prize:g}" for prize in payouts)
        raise TournamentError(f"payouts {listed}: give each prize as 0 or more, at least one above 0")
    equities = icm(stacks, payouts)
    total = sum(stacks)
    print("player   stack  chips   equity")
    for index, (stack, equity) in enumerate(zip(stacks, equities)):
        print(f"{index + 1:>6}  {stack:>6} {stack / total:>6.2%}  {equity:.4f}")
