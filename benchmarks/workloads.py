"""Fixed, seeded workloads of every hot path, for the regression gate.

``python benchmarks/workloads.py NAME`` sets the workload up and runs it once;
``--setup-only`` stops after the setup.  The gate counts the instructions of
both under cachegrind; their difference is the workload's cost.  ``NAME``
``all`` runs every workload once: the profile of the build's profile-guided
optimisation (see setup.py).

``HOLDEM_GATE_SLOWDOWN=NAME:FRACTION`` makes workload NAME do FRACTION more
work in its hot loop (0.1: ten percent more): the gate's own tests use it to
show that a slowdown fails the gate.
"""

from __future__ import annotations

import argparse
import gc
import io
import json
import os
from collections.abc import Callable
from pathlib import Path

import numpy  # imported in the setup of every workload, so no run pays for it

import holdem
from holdem import isomorphism
from holdem.bench import play_random_hands
from holdem.equity import equity

Workload = Callable[[float], Callable[[], object]]


def evaluate_single(scale: float) -> Callable[[], object]:
    hands = holdem.Rng(1).sample_cards(round(20_000 * scale), 7).tolist()
    evaluate = holdem.evaluate

    def run() -> None:
        # No list of the results: a growing list's reallocations copy more or less depending on
        # where the heap happens to have room, which moved this count by 3% with unrelated code.
        for hand in hands:
            evaluate(hand)

    return run


def evaluate_batch(scale: float) -> Callable[[], object]:
    hands = holdem.Rng(2).sample_cards(round(500_000 * scale), 7)
    return lambda: holdem.evaluate_batch(hands)


def deal(scale: float) -> Callable[[], object]:
    deck = holdem.Deck(holdem.Rng(3))

    def run() -> None:
        for _ in range(round(5_000 * scale)):
            deck.shuffle()
            deck.deal(18)
            deck.burn()
            deck.deal(3)

    return run


def sample_cards(scale: float) -> Callable[[], object]:
    rng = holdem.Rng(4)
    return lambda: rng.sample_cards(round(500_000 * scale), 7)


def equity_exact(scale: float) -> Callable[[], object]:
    # Exact three-way equity preflop (1,370,754 boards), repeated: the enumeration by ranks,
    # then by flush suits.  Each call is long, so little of the count is Python's, which
    # moves with unrelated changes (the size of a module's globals, say).
    def run() -> None:
        for _ in range(round(10 * scale)):
            equity(["AsAd", "KhKc", "7s8s"], exact=True)

    return run


def equity_monte_carlo(scale: float) -> Callable[[], object]:
    samples = round(200_000 * scale)
    return lambda: equity(["AsAd", "KhKc", "7s8s"], exact=False, samples=samples, seed=5)


def random_hands(scale: float) -> Callable[[], object]:
    return lambda: play_random_hands(round(300 * scale), holdem.Rng(6))


def phh_replay(scale: float) -> Callable[[], object]:
    data = Path(__file__).resolve().parent.parent / "tests" / "data"
    texts = [path.read_text() for path in sorted((data / "phh-sample").rglob("*.phh"))]
    for path in sorted((data / "random-hands").glob("*.jsonl")):
        texts += [json.loads(line)["phh"] for line in path.read_text().splitlines() if line]
    texts = (texts * 3)[: round(2 * len(texts) * scale)]
    loads = holdem.phh.loads  # here, so that the run does not pay for loading holdem.phh
    return lambda: [loads(text) for text in texts]


def site_histories(scale: float) -> Callable[[], object]:
    # PokerStars text read, replayed and checked: the fixtures that replay (18 hands), 20 times over.
    folder = Path(__file__).resolve().parent.parent / "tests" / "data" / "histories" / "pokerstars"
    files = ("cash.txt", "home.txt", "old_2008.txt", "tournament.txt", "encoding_utf8_bom.txt")
    text = "\n\n\n".join((folder / name).read_text(encoding="utf-8-sig").strip() for name in files) + "\n\n\n"
    source = text * round(20 * scale)
    read = holdem.read_histories

    def run() -> None:
        reader = read(io.StringIO(source))
        for _ in reader:
            pass
        assert not reader.problems, reader.problems[:1]

    return run


def vector_steps(scale: float) -> Callable[[], object]:
    # 1,000 6-max tables stepped at once, random legal decisions drawn with numpy.
    game = holdem.VectorGame(holdem.Rules.no_limit(1, 2), 6, 1_000, stack=200, seed=8)
    rng = numpy.random.default_rng(9)
    observation = game.observe()

    def run() -> None:
        seen = observation
        for _ in range(round(50 * scale)):
            kinds = (rng.random(seen.legal.shape) * seen.legal).argmax(axis=1)
            amounts = rng.integers(seen.min_raise_to, seen.max_raise_to + 1)
            seen, _, _ = game.step(kinds, amounts)

    return run


def vector_random_steps(scale: float) -> Callable[[], object]:
    # The same tables stepped with the decisions VectorGame draws itself (random_decisions).
    game = holdem.VectorGame(holdem.Rules.no_limit(1, 2), 6, 1_000, stack=200, seed=8)
    rng = holdem.Rng(9)

    def run() -> None:
        for _ in range(round(50 * scale)):
            game.step(*game.random_decisions(rng))

    return run


def new_hands(scale: float) -> Callable[[], object]:
    rules = holdem.Rules.no_limit(1, 2)
    stacks = [200] * 6
    hand = holdem.Hand

    def run() -> None:
        # Each hand kept to the end, in a list made once: a hand freed at once left a hole that
        # the next filled in more or fewer steps of the allocator, depending on the heap's
        # neighbours (1% between heaps here, 8% for the copies below).
        count = round(5_000 * scale)
        kept: list[object] = [None] * count
        for seed in range(count):
            kept[seed] = hand(rules, stacks, seed=seed)

    return run


def copy_hands(scale: float) -> Callable[[], object]:
    # A hand of deep stacks, preflop after 1,000 min-raises: copied as it is, then copied
    # and played on (the copy's first record after the history it shares).
    hand = holdem.Hand(holdem.Rules.no_limit(1, 2), [100_000] * 6, seed=10)
    for _ in range(1_000):
        hand.raise_to(hand.legal_actions().min_raise_to)

    def run() -> None:
        # Kept to the end, as the new hands above.
        copies = round(20_000 * scale)
        played = round(5_000 * scale)
        kept: list[object] = [None] * (copies + played)
        for i in range(copies):
            kept[i] = hand.copy()
        for i in range(copies, copies + played):
            copy = hand.copy()
            copy.check_or_call()
            kept[i] = copy

    return run


def index_hands(scale: float) -> Callable[[], object]:
    # Every street's index of random river hands (perfect recall), then the river classes' canonical cards.
    indexer = isomorphism.HandIndexer(perfect_recall=True)
    hands = holdem.Rng(12).sample_cards(round(200_000 * scale), 7)

    def run() -> None:
        indices = indexer.index_hand_batch(hands)
        indexer.unindex_batch(3, indices[:, 3])

    return run


def hand_features(scale: float) -> Callable[[], object]:
    # Exact features of turn hands on distinct boards: 48 river cards each, every opponent pair ranked.
    hands = holdem.Rng(13).sample_cards(round(50 * scale), 6)
    return lambda: isomorphism.hand_features(hands, bins=10)


WORKLOADS: dict[str, Workload] = {
    "evaluate_single": evaluate_single,
    "evaluate_batch": evaluate_batch,
    "deal": deal,
    "sample_cards": sample_cards,
    "equity_exact": equity_exact,
    "equity_monte_carlo": equity_monte_carlo,
    "random_hands": random_hands,
    "phh_replay": phh_replay,
    "site_histories": site_histories,
    "vector_steps": vector_steps,
    "vector_random_steps": vector_random_steps,
    "new_hands": new_hands,
    "copy_hands": copy_hands,
    "index_hands": index_hands,
    "hand_features": hand_features,
}


def scale_of(name: str) -> float:
    """1, or more for the workload that HOLDEM_GATE_SLOWDOWN names."""
    target, _, fraction = os.environ.get("HOLDEM_GATE_SLOWDOWN", "").partition(":")
    return 1.0 + float(fraction) if target == name else 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description="Run one workload of the regression gate.")
    parser.add_argument("name", choices=[*sorted(WORKLOADS), "all"])
    parser.add_argument("--setup-only", action="store_true")
    arguments = parser.parse_args()
    names = list(WORKLOADS) if arguments.name == "all" else [arguments.name]
    runs = [WORKLOADS[name](scale_of(name)) for name in names]
    # No collector passes in the run: when they come depends on how many objects the
    # interpreter's start left (the environment, an editable install or an in-place build),
    # which moved a count by 4% between two checkouts of one commit.
    gc.disable()
    if not arguments.setup_only:
        for run in runs:
            run()


if __name__ == "__main__":
    main()
