"""The ``holdem seat-draw`` subcommand.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["seat-draw", "ann", "bob", "cy", "--seed", "1"])
>>> arguments.run(arguments)
ann  draws As: seat 1
bob  draws 2s: seat 2
cy   draws 3s: seat 3
button: cy (Qc against 4h, 2d)
"""

from __future__ import annotations

import argparse

from holdem._core import Rng
from holdem.cards import CARD_NAMES
from holdem.errors import TournamentError
from holdem.tournament import draw_button, draw_seats

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``seat-draw`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "seat-draw",
        help="draw seats (A, 2, 3 ... of spades, the lowest card takes seat 1) and a high card for the button",
    )
    parser.add_argument("names", nargs="+", help="the players, 2 to 10")
    parser.add_argument("--seed", type=int, help="seed, for a reproducible draw")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    names = arguments.names
    for name in names:
        if names.count(name) > 1:
            raise TournamentError(f"{name!r} is named {names.count(name)} times: give each player a different name")
    seat_rng, button_rng = Rng(arguments.seed).spawn(2)
    draws = draw_seats(arguments.names, seat_rng)
    width = max(len(name) for name in arguments.names)
    for draw in draws:
        print(f"{draw.name:<{width}}  draws {CARD_NAMES[draw.card]}: seat {draw.seat + 1}")
    winner, cards = draw_button(arguments.names, button_rng)
    others = ", ".join(CARD_NAMES[card] for name, card in cards.items() if name != winner)
    print(f"button: {winner} ({CARD_NAMES[cards[winner]]} against {others})")
