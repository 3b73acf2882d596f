"""The options that ``holdem sim`` and ``holdem play`` share (the bots, the players, the rules, the stacks, the seed),
and the types of the options that count something."""

from __future__ import annotations

import argparse

from holdem.agents import REFERENCE_BOTS
from holdem.errors import MatchError
from holdem.rules import Rules, Structure


def positive(text: str) -> int:
    """The type of an option that counts something: a whole number of 1 or more."""
    return _whole(text, 1)


def count(text: str) -> int:
    """The type of an option that counts something there may be none of: a whole number of 0 or more."""
    return _whole(text, 0)


def _whole(text: str, least: int) -> int:
    if not text.isascii() or not text.isdigit() or int(text) < least:
        raise argparse.ArgumentTypeError(f"{text!r}: give a whole number of {least} or more")
    return int(text)


def player_count(text: str) -> int:
    """The type of ``--players``: a whole number from 2 to 10, the players a table seats."""
    if not text.isascii() or not text.isdigit() or not 2 <= int(text) <= 10:
        raise argparse.ArgumentTypeError(f"{text!r}: a table seats 2 to 10 players")
    return int(text)


def add_game_options(parser: argparse.ArgumentParser, players: int, bots: str) -> None:
    choices = ", ".join(REFERENCE_BOTS)
    parser.add_argument(
        "--bots", default=bots, help=f"reference bots seated in turn, comma-separated: {choices} (default {bots})"
    )
    parser.add_argument(
        "--players", type=player_count, default=players, help=f"players at the table, 2 to 10 (default {players})"
    )
    parser.add_argument(
        "--structure", choices=[structure.value for structure in Structure], default="no-limit",
        help="betting structure (default no-limit; fixed limit bets the big blind, twice it on the turn and river)",
    )  # fmt: skip
    parser.add_argument("--blinds", default="1/2", help="small and big blind (default 1/2)")
    parser.add_argument("--stack", type=positive, help="starting stack in chips (default 100 big blinds)")
    parser.add_argument("--seed", type=int, help="seed for the cards and the bots")


def rules_from(arguments: argparse.Namespace) -> Rules:
    try:
        small, big = (int(part) for part in arguments.blinds.split("/"))
    except ValueError:
        raise MatchError(f"blinds {arguments.blinds!r}: give the small and the big blind, as in 1/2") from None
    if small < 1 or big < 1:
        raise MatchError(f"blinds {arguments.blinds!r}: each blind is a whole number of 1 chip or more, as in 1/2")
    if arguments.structure == Structure.FIXED_LIMIT.value:
        return Rules.fixed_limit(big, 2 * big, small, big)
    return Rules(Structure(arguments.structure), small, big, big)


def bots_from(names: str, count: int) -> dict[str, object]:
    kinds = [name.strip() for name in names.split(",")]
    if len(kinds) > count:
        raise MatchError(f"--bots names {len(kinds)} bots for {count} bot seat(s): name at most {count}, or add --players")
    for kind in kinds:
        if kind not in REFERENCE_BOTS:
            raise MatchError(f"unknown bot {kind!r}: use {', '.join(REFERENCE_BOTS)}")
    seated = [kinds[seat % len(kinds)] for seat in range(count)]
    return {
        f"{kind}-{seat + 1}" if seated.count(kind) > 1 else kind: REFERENCE_BOTS[kind]()
        for seat, kind in enumerate(seated)
    }
