"""The ``holdem play`` subcommand: you against reference bots, in the terminal."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from holdem.actions import Action, ActionKind
from holdem.agents import play_hand
from holdem.cards import Rng, format_cards
from holdem.cli._game import add_game_options, bots_from, rules_from
from holdem.errors import AgentError
from holdem.hand import Hand, HandView

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the subcommands of the ``holdem`` command."""
    play = subparsers.add_parser(
        "play",
        help="play against reference bots in the terminal",
        description="You sit in seat 0. At your turn type f (fold), c (check or call), r 60 (bet or raise "
        "to 60) or a (all in). Stacks carry from hand to hand; a player who busts buys in again.",
    )
    add_game_options(play, players=2, bots="random")
    play.add_argument("--hands", type=int, help="hands to play (default: until the input ends)")
    play.set_defaults(run=_play)


class _Terminal:
    """You, in seat 0, as an agent: shows what your seat may see, reads your decisions."""

    name = "you"

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.shown = 0
        self.board: tuple[int, ...] = ()

    def label(self, seat: int) -> str:
        return "you" if seat == 0 else f"seat {seat} ({self.names[seat]})"

    def report(self, view: HandView) -> None:
        """Print what happened since last time."""
        for action in view.history[self.shown :]:
            line = self.describe(action, view)
            if line:
                print(line)
        self.shown = len(view.history)

    def describe(self, action: Action, view: HandView) -> str:
        kind, amount = action.kind, action.amount
        who = "" if action.seat is None else self.label(action.seat)
        if kind is ActionKind.DEAL_HOLE:
            return f"you are dealt {format_cards(action.cards, ' ')}" if action.seat == view.seat else ""
        if kind is ActionKind.DEAL_BOARD:
            self.board += action.cards
            return f"board: {format_cards(self.board, ' ')}"
        verbs = {
            ActionKind.POST_ANTE: f"post{'s' * (who != 'you')} an ante of {amount}",
            ActionKind.POST_BLIND: f"post{'s' * (who != 'you')} {amount}",
            ActionKind.POST_DEAD: f"post{'s' * (who != 'you')} {amount} dead",
            ActionKind.FOLD: "fold" + "s" * (who != "you"),
            ActionKind.CHECK: "check" + "s" * (who != "you"),
            ActionKind.CALL: f"call{'s' * (who != 'you')} {amount}",
            ActionKind.BET: f"bet{'s' * (who != 'you')} {amount}",
            ActionKind.RAISE: f"raise{'s' * (who != 'you')} to {amount}",
            ActionKind.RETURN: f"take{'s' * (who != 'you')} back {amount} uncalled",
            ActionKind.SHOW: f"show{'s' * (who != 'you')} {format_cards(action.cards, ' ')}",
            ActionKind.MUCK: "muck" + "s" * (who != "you"),
            ActionKind.WIN: f"win{'s' * (who != 'you')} {amount}",
            ActionKind.RAKE: f"rake {amount}",
        }
        return f"{who} {verbs[kind]}" if who else verbs[kind]

    def act(self, view: HandView) -> object:
        self.report(view)
        legal = view.legal_actions
        stacks = ", ".join(f"{self.label(seat)} {stack}" for seat, stack in enumerate(view.stacks))
        print(f"pot {view.pot_total + sum(view.bets)}; stacks: {stacks}")
        options = ["f"] if legal.fold else []  # type: ignore[union-attr]
        options.append(f"c (call {legal.call})" if legal.call else "c (check)")  # type: ignore[union-attr]
        if legal.min_raise_to is not None:  # type: ignore[union-attr]
            options += [f"r {legal.min_raise_to}-{legal.max_raise_to}", "a"]  # type: ignore[union-attr]
        while True:
            print(f"your cards {format_cards(view.hole_cards, ' ')}, board {format_cards(view.board, ' ') or '-'}")
            line = input(f"your move [{', '.join(options)}]: ")
            decision, problem = _parse(line, view)
            if problem is None:
                return decision
            print(problem)

    def end_hand(self, view: HandView) -> None:
        self.report(view)
        self.shown = 0
        self.board = ()


def _parse(line: str, view: HandView) -> tuple[object, str | None]:
    """A decision from a line typed by the player, or the reason it is not one."""
    legal = view.legal_actions
    words = line.split()
    command = words[0].lower() if words else ""
    if command == "f" and len(words) == 1:
        return "fold", None if legal.fold else "nothing to call: check with c"  # type: ignore[union-attr]
    if command == "c" and len(words) == 1:
        return ("call" if legal.call else "check"), None  # type: ignore[union-attr]
    low, high = legal.min_raise_to, legal.max_raise_to  # type: ignore[union-attr]
    if command in ("a", "r") and low is None:
        return None, "you may not bet or raise now: f or c"
    if command == "a" and len(words) == 1:
        return ("raise", high), None
    if command == "r" and len(words) == 2 and words[1].isdigit():
        if low <= int(words[1]) <= high:  # type: ignore[operator]
            return ("raise", int(words[1])), None
        return None, f"bet or raise to a total from {low} to {high}"
    return None, f"{line.strip()!r}? type f (fold), c (check or call), r AMOUNT (bet or raise to AMOUNT) or a (all in)"


def _play(arguments: argparse.Namespace) -> None:
    rules = rules_from(arguments)
    bots = bots_from(arguments.bots, arguments.players - 1)
    names = ["you", *bots]
    you = _Terminal(names)
    agents = [you, *bots.values()]
    rng = Rng(arguments.seed)
    for agent in agents:
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(rng.spawn(1)[0])
    stack = arguments.stack or 100 * rules.big_blind
    stacks = [stack] * len(agents)
    number = net = 0
    while arguments.hands is None or number < arguments.hands:
        hand = Hand(rules, stacks, number % len(agents), seed=rng.random_raw())
        print(f"\nhand {number + 1}: button {you.label(hand.button)}; you have {stacks[0]}")
        try:
            play_hand(hand, agents, names=names)
        except AgentError as error:
            if isinstance(error.__cause__, EOFError):
                print("\ninput ended: you leave the table")
                break
            raise
        stacks = [left or stack for left in hand.stacks]
        net += hand.payoffs[0]
        number += 1
    print(f"you played {number} hand(s): {net:+d} chips")
