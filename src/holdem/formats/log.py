"""A readable hand log: the card-room text of a hand, street by street, with pots and winners.

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], hole_cards=["AsAd", "KcKd", "7h2c"], board="Jh8d3c2s9h")
>>> _ = hand.fold(), hand.raise_to(6), hand.call(), hand.check(), hand.raise_to(10), hand.fold()
>>> print(hand_log(hand, names=["Ann", "Bob", "Cy"]))
No-limit Hold'em 1/2, 3 players
Seat 1: Ann (100 in chips)
Seat 2: Bob (100 in chips)
Seat 3: Cy (100 in chips) [button]
Ann posts the small blind 1
Bob posts the big blind 2
*** HOLE CARDS ***
Dealt to Ann (SB) [As Ad]
Dealt to Bob (BB) [Kc Kd]
Dealt to Cy (BTN) [7h 2c]
Cy folds
Ann raises to 6
Bob calls 4
*** FLOP *** [Jh 8d 3c] (pot 12)
Ann checks
Bob bets 10
Ann folds
Uncalled bet of 10 returned to Bob
Bob wins 12
*** SUMMARY ***
Total pot 12
Board [Jh 8d 3c]
Seat 1: Ann 100 -> 94 (-6)
Seat 2: Bob 100 -> 106 (+6)
Seat 3: Cy 100 -> 100 (0)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING

from holdem._core import evaluate
from holdem._hand import HandCore
from holdem.actions import Action, ActionKind
from holdem.cards import format_cards
from holdem.errors import InvalidHistoryError, check_type
from holdem.evaluation import HandRank
from holdem.pots import build_pots
from holdem.rules import Structure

if TYPE_CHECKING:
    from holdem.hand import Hand

__all__ = ["hand_log", "log_steps"]

_STRUCTURES = {Structure.NO_LIMIT: "No-limit", Structure.POT_LIMIT: "Pot-limit", Structure.FIXED_LIMIT: "Fixed-limit"}
_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}


def hand_log(hand: Hand, names: Sequence[str] | None = None, hidden: Collection[int] = ()) -> str:
    """Return the log of ``hand`` so far.

    ``names`` are the players' names by seat (default ``Player 1``...);
    the hole cards of the ``hidden`` seats are written ``[?? ??]``.
    """
    return "\n".join(log_steps(hand, names, hidden))


def log_steps(hand: Hand, names: Sequence[str] | None = None, hidden: Collection[int] = ()) -> list[str]:
    """Return the log in steps: the table, then the text of each action (a line or a few).

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> steps = log_steps(Hand(Rules.no_limit(1, 2), [50, 50], hole_cards=["AsAd", "KcKd"]))
    >>> steps[1:3]
    ['Player 1 posts the big blind 2', 'Player 2 posts the small blind 1']
    >>> steps[3]
    '*** HOLE CARDS ***\\nDealt to Player 1 (BB) [As Ad]'
    """
    if not isinstance(hand, HandCore):  # every Hand is one (holdem.hand imports this module)
        raise TypeError(f"hand: use a Hand, got {type(hand).__name__}")
    rules = hand.rules
    count = hand.player_count
    if names is None:
        names = [f"Player {seat + 1}" for seat in range(count)]
    if isinstance(names, (str, bytes)) or not isinstance(names, Sequence):
        raise TypeError(f"names: give a list of names by seat, got {type(names).__name__}")
    for name in names:
        check_type(name, str, "a player's name")
    if len(names) != count:
        raise InvalidHistoryError(f"{len(names)} names for {count} seats: give one a seat")
    stakes = (
        f"{rules.small_bet}/{rules.big_bet}"
        if rules.structure is Structure.FIXED_LIMIT
        else f"{rules.small_blind}/{rules.big_blind}"
    )
    table = [f"{_STRUCTURES[rules.structure]} Hold'em {stakes}, {count} players"]
    for seat in range(count):
        button = " [button]" if seat == hand.button else ""
        table.append(f"Seat {seat + 1}: {names[seat]} ({hand.starting_stacks[seat]} in chips){button}")
    steps = ["\n".join(table)]
    put_in = [0] * count
    street_bets = [0] * count
    live = [True] * count
    dead = 0
    board: list[int] = []
    blinds_posted = 0
    # Blinds and straddles posted from the rules; any later post is a player's post to play.
    forced = sum(1 for action in hand.history if action.kind is ActionKind.POST_BLIND) - sum(
        1 for live, _ in hand.posts.values() if live
    )
    dealt = showdown = False
    for action in hand.history:
        kind, seat, amount = action.kind, action.seat, action.amount  # type: ignore[assignment]  # checked below
        name = names[seat] if seat is not None else ""
        if kind is ActionKind.POST_ANTE:
            text = f"{name} posts the ante {amount}"
            if rules.big_blind_ante:
                dead += amount
            else:
                put_in[seat] += amount
        elif kind is ActionKind.POST_BLIND:
            blinds_posted += 1
            if blinds_posted > forced:
                text = f"{name} posts {amount} to play"
            else:
                what = _blind_name(blinds_posted, count, rules.small_blind > 0 and not hand.dead_small_blind)
                text = f"{name} posts {what} {amount}"
            put_in[seat] += amount
            street_bets[seat] += amount
        elif kind is ActionKind.POST_DEAD:
            text = f"{name} posts {amount} dead"
            dead += amount
        elif kind is ActionKind.DEAL_HOLE:
            cards = "?? ??" if seat in hidden else format_cards(action.cards, " ")
            text = f"Dealt to {name} ({hand.positions[seat]}) [{cards}]"
            if not dealt:
                text = "*** HOLE CARDS ***\n" + text
                dealt = True
        elif kind is ActionKind.DEAL_BOARD:
            if amount:
                text = f"*** RUN {amount + 1} *** [{format_cards(action.cards, ' ')}]"
            else:
                previous = f"[{format_cards(board, ' ')}] " if board else ""
                board.extend(action.cards)
                pot = sum(put_in) + dead
                text = f"*** {_STREETS[len(board)]} *** {previous}[{format_cards(action.cards, ' ')}] (pot {pot})"
                street_bets = [0] * count
        elif kind is ActionKind.FOLD:
            live[seat] = False
            text = f"{name} folds"
        elif kind is ActionKind.CHECK:
            text = f"{name} checks"
        elif kind is ActionKind.CALL:
            put_in[seat] += amount
            street_bets[seat] += amount
            text = f"{name} calls {amount}"
        elif kind is ActionKind.BET or kind is ActionKind.RAISE:
            put_in[seat] += amount - street_bets[seat]
            street_bets[seat] = amount
            text = f"{name} {'bets' if kind is ActionKind.BET else 'raises to'} {amount}"
        elif kind is ActionKind.RETURN:
            put_in[seat] -= amount
            text = f"Uncalled bet of {amount} returned to {name}"
        elif kind is ActionKind.SHOW or kind is ActionKind.MUCK:
            text = _shown(name, action, board) if kind is ActionKind.SHOW else f"{name} mucks"
            if not showdown and live.count(True) > 1:  # a winner showing after the others folded has no showdown
                pots = build_pots(put_in, live, dead)
                text = "*** SHOWDOWN *** " + _pots_text([pot.amount for pot in pots]) + "\n" + text
                showdown = True
        elif kind is ActionKind.RAKE:
            text = f"Rake {amount}"
        elif kind is ActionKind.EXPOSE:
            text = f"{name}'s card [{format_cards(action.cards)}] was exposed in the deal: burned, and replaced"
        elif kind is ActionKind.MISDEAL:
            text = "*** MISDEAL *** the hand is void: every chip goes back"
            put_in, dead = [0] * count, 0
        elif kind is ActionKind.RUNS:
            times = "once" if amount == 1 else f"{amount} times"
            text = f"{name} asks to run the board {times}" if seat is not None else f"The board is run {times}"
        else:
            text = f"{name} wins {amount}"
        steps.append(text)
    if hand.is_over:
        steps.append(_summary(hand, names, sum(put_in) + dead))
    return steps


def _blind_name(position: int, count: int, small_blind: bool) -> str:
    if count == 2:
        position = 3 - position  # heads-up the big blind posts first
    elif not small_blind:
        position += 1
    if position == 1:
        return "the small blind"
    if position <= 2:
        return "the big blind"
    return "a straddle"


def _shown(name: str, action: Action, board: list[int]) -> str:
    text = f"{name} shows [{format_cards(action.cards, ' ')}]"
    if len(board) >= 3:
        text += f" ({HandRank(evaluate([*action.cards, *board])).describe()})"
    return text


def _pots_text(amounts: list[int]) -> str:
    if len(amounts) == 1:
        return f"(pot {amounts[0]})"
    sides = ", ".join(f"side pot {index} {amount}" for index, amount in enumerate(amounts[1:], 1))
    return f"(main pot {amounts[0]}, {sides})"


def _summary(hand: Hand, names: Sequence[str], pot: int) -> str:
    lines = ["*** SUMMARY ***", f"Total pot {pot}" + (f" | Rake {hand.rake}" if hand.rake else "")]
    if hand.board:
        lines.append(f"Board [{format_cards(hand.board, ' ')}]")
    for seat, (start, end) in enumerate(zip(hand.starting_stacks, hand.stacks)):
        change = end - start
        lines.append(f"Seat {seat + 1}: {names[seat]} {start} -> {end} ({'+' if change > 0 else ''}{change})")
    return "\n".join(lines)
