"""The ``holdem play`` subcommand: you against reference bots, in the terminal."""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Sequence

from holdem.actions import Action, ActionKind, LegalActions
from holdem.agents import Decision, ask_straddles, play_hand
from holdem.cards import Rng, format_cards
from holdem.cli._game import add_game_options, bots_from, positive, rules_from
from holdem.errors import AgentError
from holdem.hand import Hand
from holdem.views import HandView

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``play`` to the subcommands of the ``holdem`` command."""
    play = subparsers.add_parser(
        "play",
        help="play against reference bots in the terminal",
        description="You sit in seat 1. At your turn type fold, check, call, bet 60 or raise 60 (to a total "
        "of 60 this street), or all-in; f, c, r 60 and a for short. Stacks carry from hand to hand; a player who "
        "busts buys in again.",
    )
    add_game_options(play, players=2, bots="random")
    play.add_argument("--hands", type=positive, help="hands to play (default: until the input ends)")
    play.add_argument("--straddle", type=positive, help="allow a voluntary straddle of this size under the gun")
    play.add_argument("--runs", type=positive, help="allow running the board up to this many times when all agree")
    play.set_defaults(run=_play)


class _Terminal:
    """You, in the first seat, as an agent: shows what your seat may see, reads your decisions."""

    name = "you"

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names
        self.shown = 0
        self.board: tuple[int, ...] = ()

    def label(self, seat: int) -> str:
        return "you" if seat == 0 else f"seat {seat + 1} ({self.names[seat]})"

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
        times = "once" if amount == 1 else f"{amount} times"
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
            ActionKind.RUNS: f"ask{'s' * (who != 'you')} for {amount} run(s)" if who else f"the board is run {times}",
        }
        return f"{who} {verbs[kind]}" if who else verbs[kind]

    def act(self, view: HandView) -> Decision:
        self.report(view)
        legal = view.legal_actions
        stacks = ", ".join(f"{self.label(seat)} {stack}" for seat, stack in enumerate(view.stacks))
        print(f"pot {view.pot}; stacks: {stacks}")
        while True:
            print(f"your cards {format_cards(view.hole_cards, ' ')}, board {format_cards(view.board, ' ') or '-'}")
            decision, problem = _parse(input(f"your move [{_choices(legal)}]: "), legal)
            if decision is not None:
                return decision
            print(problem)

    def straddle(self, seat: int, amount: int) -> bool:
        return input(f"straddle {amount} under the gun? [y/N]: ").strip().lower() in ("y", "yes")

    def agree_runs(self, view: HandView, most: int) -> int:
        self.report(view)
        while True:
            line = input(f"all in: run the board how many times (1-{most})? ").strip()
            if line.isascii() and line.isdigit() and 1 <= int(line) <= most:
                return int(line)
            print(f"type a number from 1 to {most}")

    def end_hand(self, view: HandView) -> None:
        self.report(view)
        self.shown = 0
        self.board = ()


_WORDS = {
    "f": "fold", "fold": "fold", "check": "check", "c": "call", "call": "call",
    "r": "raise", "raise": "raise", "bet": "raise", "a": "all-in", "all-in": "all-in", "allin": "all-in",
}  # fmt: skip


def _choices(legal: LegalActions) -> str:
    """What the player may type now."""
    choices = ["fold"] if legal.fold else []
    choices.append(f"call {legal.call}" if legal.call else "check")
    if legal.min_raise_to is not None:
        verb = "raise" if legal.current_bet else "bet"
        choices += [f"{verb} {legal.min_raise_to}-{legal.max_raise_to}", "all-in"]
    return ", ".join(choices)


def _parse(line: str, legal: LegalActions) -> tuple[Decision | None, str]:
    """The decision in a line typed by the player, or None and what to tell them."""
    words = line.lower().replace("all in", "all-in").split()
    kind = _WORDS.get(words[0]) if words else None
    low, high = legal.min_raise_to, legal.max_raise_to
    if kind == "raise" and len(words) == 2 and words[1].isascii() and words[1].isdigit():
        if low is None or high is None:
            return None, f"you may not bet or raise now: {_choices(legal)}"
        if not low <= int(words[1]) <= high:
            return None, f"bet or raise to a total from {low} to {high}"
        return ("raise", int(words[1])), ""
    if kind is None or kind == "raise" or len(words) != 1:
        return None, f"{line.strip()!r}? type {_choices(legal)} (f, c, r AMOUNT and a for short)"
    if kind == "fold" and not legal.fold:
        return None, "nothing to call: check"
    if kind == "check" and legal.call:
        return None, f"{legal.call} to call: {_choices(legal)}"
    if kind == "all-in":
        if high is not None:
            return ("raise", high), ""
        return ("call", "") if legal.call else (None, f"you may not bet or raise now: {_choices(legal)}")
    return ("check" if kind == "call" and not legal.call else kind), ""


def _play(arguments: argparse.Namespace) -> None:
    rules = rules_from(arguments)
    if arguments.straddle:
        rules = dataclasses.replace(rules, straddles=(arguments.straddle,))
    if arguments.runs:
        rules = dataclasses.replace(rules, runouts=arguments.runs, runs_by_agreement=True)
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
        button = number % len(agents)
        print(f"\nhand {number + 1}: button {you.label(button)}; you have {stacks[0]}")
        try:
            hand = Hand(rules, stacks, button, seed=rng.random_raw(), straddles=ask_straddles(agents, rules, button))
            print(f"you are {hand.positions[0]}")
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
