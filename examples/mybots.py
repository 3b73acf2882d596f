"""A bot to start from.

Run from this folder, ``holdem acpc-client 127.0.0.1 18791 --agent mybots:MyBot``
plays it at an ACPC dealer; in Python, ``holdem.play_match([MyBot(), holdem.TightBot()])``
plays it against a reference bot.
"""

from __future__ import annotations

import holdem


class MyBot:
    """Bets or raises the minimum with a pocket pair or, after the flop, a pair or better; calls small bets; folds."""

    name = "mybot"

    def act(self, view: holdem.HandView) -> holdem.Decision:
        legal = view.legal_actions
        cards = view.hole_cards + view.board
        if view.board:
            strong = holdem.HandRank(holdem.evaluate(cards)).category >= holdem.Category.PAIR
        else:
            strong = cards[0] // 4 == cards[1] // 4
        if strong and legal.min_raise_to is not None:
            return ("raise", legal.min_raise_to)
        if legal.call == 0:
            return "check"
        return "call" if strong or legal.call <= view.stacks[view.seat] // 4 else "fold"
