"""The README's examples as a user's script, type-checked with ``mypy --strict`` (see test_types.py)."""

from __future__ import annotations

import io
from decimal import Decimal

import holdem

# Cards, evaluation, batches, randomness.
assert holdem.parse_cards("As Kd 7h") == (51, 45, 22)
assert holdem.format_cards((51, 45, 22)) == "AsKd7h"
rank = holdem.evaluate("Kh Kd Ks 3c 3d 9s 2h")
category: holdem.Category = holdem.HandRank(rank).category
description: str = holdem.HandRank(rank).describe()
best: str = holdem.format_cards(holdem.best_five("Ah 2c 3d 4s 5h Kd Qd"), " ")
hands = holdem.Rng(7).sample_cards(1_000, 7)
ranks = holdem.evaluate_batch(hands, threads=2)
deck = holdem.Deck(holdem.Rng(2024), dead="As")
holes = [deck.deal(2) for _ in range(3)]
burn = deck.burn()
flop: str = holdem.format_cards(deck.deal(3))

# One hand, as a state machine.
hand = holdem.Hand(holdem.Rules.no_limit(1, 2), [200, 200, 200], seed=7)
legal = hand.legal_actions()
if legal is not None and legal.min_raise_to is not None:
    hand.raise_to(legal.min_raise_to + 2)
hand.check_or_call()
hand.check_or_call()
hand.act("bet", 10)
hand.fold()
hand.fold()
payoffs: tuple[int, ...] = hand.payoffs

# Equity and ranges: a list, a tuple or any sequence of players.
players = ["AhKh", "QsQd"]
share: float = holdem.equity(players).equity[0]
result = holdem.equity(("AsAd", "QQ+, AKs"), board="Kh7c2d")
combos = len(holdem.HandRange("QQ+, AKs").combos())

# Tables and tournaments.
table = holdem.Table(holdem.Rules.no_limit(1, 2), seats=6, min_buy_in=40, max_buy_in=200, seed=1)
table.join("ann", 0, 100)
table.join("bob", 2, 100)
table.join("cy", 4, 100)
table.start_hand()
table.act("ann", "fold")
table.act("bob", "fold")
stacks: dict[str, int] = table.stacks()
prizes: list[float] = holdem.icm([5000, 3000, 2000], [50, 30, 20])

# Hand histories.
text = holdem.phh.dumps(hand)
replayed = holdem.phh.loads(text).hand.stacks
histories = list(holdem.phh.load_all(io.StringIO(f"[1]\n{text}")))

# The poker sites' hand histories, and OHH.
reader = holdem.read_histories(io.StringIO("PokerStars Hand #8: Hold'em No Limit ($0.01/$0.02 USD)\n"))
records: list[holdem.SiteHand] = list(reader)
problems: list[holdem.Problem] = reader.problems
counted: int = reader.summary.read
for record in records:
    results: tuple[Decimal, ...] = record.net
    again = holdem.ohh.loads(holdem.ohh.dumps(record))


# Bots and simulations.
def always_call(view: holdem.HandView) -> holdem.Decision:
    """Calls, or checks when there is nothing to call: the README's bot."""
    return "call" if view.legal_actions.call else "check"


class MyBot:
    """The agent protocol: ``act`` at its turn, the ``reset`` and ``end_hand`` hooks."""

    def __init__(self) -> None:
        self.rng: holdem.Rng | None = None
        self.hands = 0

    def act(self, view: holdem.HandView) -> holdem.Decision:
        legal = view.legal_actions
        if legal.min_raise_to is not None and self.rng is not None and self.rng.below(10) == 0:
            return ("raise", legal.min_raise_to)
        return "call"

    def reset(self, rng: holdem.Rng) -> None:
        self.rng = rng

    def end_hand(self, view: holdem.HandView) -> None:
        self.hands += 1


class ShortStack:
    """All in with 10 big blinds or less; otherwise calls."""

    def act(self, view: holdem.HandView) -> holdem.Decision:
        chips = view.stacks[view.seat] + view.bets[view.seat]
        return "all-in" if chips <= 10 * view.rules.big_blind else "call"


match = holdem.play_match([always_call, MyBot(), holdem.TightBot()], hands=200, seed=3, workers=1)
nets: list[int] = [agent.net for agent in match.agents]
low, high = match.agents[0].interval
cash = holdem.Table(holdem.Rules.no_limit(1, 2), seats=6, seed=2)
cash.join("ann", 1, 20)
cash.join("bob", 4, 200)
faults = cash.play({"ann": ShortStack(), "bob": holdem.TightBot()}, hands=50)
schedule = holdem.BlindSchedule([holdem.Level(10, 20), holdem.Level(25, 50)], hands_per_level=10)
tournament = holdem.Tournament(["ann", "bob", "cy"], 1000, schedule, payouts=[70, 30], seed=3)
tournament.play({"ann": ShortStack(), "bob": holdem.TightBot(), "cy": holdem.RandomBot()})
places: dict[str, int] = tournament.places

# Player statistics and AIVAT.
stats_hand = holdem.Hand(holdem.Rules.no_limit(1, 2), [100, 100, 100], seed=7)
stats_hand.raise_to(6), stats_hand.raise_to(18), stats_hand.fold(), stats_hand.fold()
summary = holdem.summarize([stats_hand], names=["ann", "bob", "cy"])
three_bets: int = summary["ann"].three_bet.count
folds: float | None = summary["cy"].fold_to_three_bet.fraction
judged = holdem.play_match([holdem.RandomBot(), holdem.CallingStation()], 50, seed=1, workers=1, aivat=True, progress=False)
aivat_interval: tuple[float, float] | None = judged.agents[0].aivat_interval
assert aivat_interval is not None and three_bets == 1 and folds == 1.0
