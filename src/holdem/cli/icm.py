"""The ``holdem icm`` and ``holdem seat-draw`` subcommands.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_table_commands(parser.add_subparsers())
>>> arguments = parser.parse_args(["icm", "5000", "3000", "2000", "--payouts", "50", "30", "20"])
>>> arguments.run(arguments)
player   stack  chips   equity
     1    5000 50.00%  38.3929
     2    3000 30.00%  32.7500
     3    2000 20.00%  28.8571
>>> arguments = parser.parse_args(["seat-draw", "ann", "bob", "cy", "--seed", "1"])
>>> arguments.run(arguments)
ann  draws As: seat 0
bob  draws 2s: seat 1
cy   draws 3s: seat 2
button: cy (Qc against 4h, 2d)
"""

from __future__ import annotations

import argparse

from holdem._core import Rng
from holdem.cards import CARD_NAMES
from holdem.tournament import draw_button, draw_seats, icm

__all__ = ["add_table_commands"]


def add_table_commands(subparsers: argparse._SubParsersAction) -> None:
    """Add ``icm`` and ``seat-draw`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "icm",
        help="ICM equities of tournament stacks (Malmuth-Harville), for deal-making",
        description="Each stack's share of the prizes by the Malmuth-Harville model.",
    )
    parser.add_argument("stacks", nargs="+", type=int, help="the chips of each player left")
    parser.add_argument("--payouts", nargs="+", type=float, required=True, help="prizes for 1st, 2nd, ... place")
    parser.set_defaults(run=_icm)
    parser = subparsers.add_parser(
        "seat-draw",
        help="draw seats (A, 2, 3 ... of spades, the lowest card takes seat 0) and a high card for the button",
    )
    parser.add_argument("names", nargs="+", help="the players, 2 to 10")
    parser.add_argument("--seed", type=int, help="seed, for a reproducible draw")
    parser.set_defaults(run=_seat_draw)


def _icm(arguments: argparse.Namespace) -> None:
    stacks = arguments.stacks
    equities = icm(stacks, arguments.payouts)
    total = sum(stacks)
    print("player   stack  chips   equity")
    for index, (stack, equity) in enumerate(zip(stacks, equities)):
        print(f"{index + 1:>6}  {stack:>6} {stack / total:>6.2%}  {equity:.4f}")


def _seat_draw(arguments: argparse.Namespace) -> None:
    seat_rng, button_rng = Rng(arguments.seed).spawn(2)
    draws = draw_seats(arguments.names, seat_rng)
    width = max(len(name) for name in arguments.names)
    for draw in draws:
        print(f"{draw.name:<{width}}  draws {CARD_NAMES[draw.card]}: seat {draw.seat}")
    winner, cards = draw_button(arguments.names, button_rng)
    others = ", ".join(CARD_NAMES[card] for name, card in cards.items() if name != winner)
    print(f"button: {winner} ({CARD_NAMES[cards[winner]]} against {others})")
