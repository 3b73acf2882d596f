"""The ``holdem eval`` subcommand: rank and describe one hand.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["eval", "Kh Kd Ks 3c 3d 9s 2h"])
>>> arguments.run(arguments)
Kh Kd Ks 3c 3d 9s 2h: rank 7274 of 7462, Full House, Kings over Threes
best five: Kh Kd Ks 3c 3d
"""

from __future__ import annotations

import argparse

from holdem import HandRank, best_five, evaluate, format_cards, parse_cards

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``eval`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser("eval", help="rank and describe a hand of 5 to 7 cards")
    parser.add_argument("cards", nargs="+", help='cards, as in "As Ks Qs Js Ts 2c 3d"')
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    cards = parse_cards(" ".join(arguments.cards))
    rank = HandRank(evaluate(cards))
    print(f"{format_cards(cards, ' ')}: rank {int(rank)} of 7462, {rank.describe()}")
    print(f"best five: {format_cards(best_five(cards), ' ')}")
