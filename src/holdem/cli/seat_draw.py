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
>>> arguments = parser.parse_args(["seat-draw", "ann", "bob", "--seed", "1", "--seats", "6", "--first-seat", "6"])
>>> arguments.run(arguments)
ann  draws As: seat 6
bob  draws 2s: seat 1
button: ann (4h against 2d)
"""

from __future__ import annotations

import argparse

from holdem._core import Rng
from holdem.cards import CARD_NAMES
from holdem.cli._game import player_count, positive
from holdem.errors import TournamentError
from holdem.tournament import draw_button, draw_seats

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``seat-draw`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "seat-draw",
        help="draw seats (A, 2, 3 ... of spades, the lowest card takes seat 1 or --first-seat) "
        "and a high card for the button; seats count from 1",
        description="Draw seats and the button with cards.  Seats count from 1 here, as people count them; "
        "the Python API (draw_seats, Tournament's first_seat) counts from 0, so --first-seat 4 is first_seat=3.",
    )
    parser.add_argument("names", nargs="+", help="the players, 2 to 10")
    parser.add_argument("--seats", type=player_count, default=10, help="the seats at the table, 2 to 10 (default 10)")
    parser.add_argument(
        "--first-seat", type=positive, default=1,
        help="the seat the lowest card takes, counting from 1 (default 1; the API's first_seat counts from 0)",
    )
    parser.add_argument("--seed", type=int, help="seed, for a reproducible draw")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    names = arguments.names
    for name in names:
        if names.count(name) > 1:
            raise TournamentError(f"{name!r} is named {names.count(name)} times: give each player a different name")
    if arguments.first_seat > arguments.seats:
        raise TournamentError(f"--first-seat {arguments.first_seat}: the seats are 1 to {arguments.seats}")
    seat_rng, button_rng = Rng(arguments.seed).spawn(2)
    draws = draw_seats(arguments.names, seat_rng, arguments.first_seat - 1, arguments.seats)
    width = max(len(name) for name in arguments.names)
    for draw in draws:
        print(f"{draw.name:<{width}}  draws {CARD_NAMES[draw.card]}: seat {draw.seat + 1}")
    winner, cards = draw_button(arguments.names, button_rng)
    others = ", ".join(CARD_NAMES[card] for name, card in cards.items() if name != winner)
    print(f"button: {winner} ({CARD_NAMES[cards[winner]]} against {others})")
