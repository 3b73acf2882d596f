"""Equity: each player's share of the pot at showdown, for hands and ranges.

>>> result = equity(["AhKh", "QsQd"])
>>> result.exact, result.runouts, round(result.equity[0], 4)
(True, 1712304, 0.4621)
>>> result = equity(["AhKh", "QQ+, AKo"], board="2c7dJh")
>>> result.exact, round(result.equity[0], 2)
(True, 0.31)
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem._core import Matchup, Rng, _thread_count, _thread_pool
from holdem.cards import CARD_NAMES, CardsLike, parse_cards
from holdem.limits import integer
from holdem.errors import CardCountError, DuplicateCardError, EquityError, InvalidCardError
from holdem.ranges import EmptyRangeError, HandRange

if TYPE_CHECKING:
    import numpy

__all__ = ["EquityError", "EquityResult", "equity"]

MAX_PLAYERS = 10
EXACT_LIMIT = 20_000_000  # exact=None enumerates when runouts x players stays below this
EXACT_MAX = 10**12  # exact=True refuses more work than this: a minute or two on one core
MAX_SAMPLES = 2**32
_CHUNK = 1 << 16  # samples per random stream: results do not depend on the thread count
# The work of an exact enumeration: runouts x players, plus this much per deal (choosing
# its combos and adding up its runouts cost about as much as 2,000 runouts scored);
# about 10**10 a second on one core.
_DEAL_WORK = 2000
_CHECK_WORK = 1 << 26  # work between two checks for Ctrl-C: about 10 ms
_MOST_PAIRS = 1 << 17  # pairs of combos of two ranges listed for sampling: 512 KB, which a core's cache holds
# Overlapping ranges: deals are drawn directly (Matchup.plan_direct) when rejection would keep
# fewer than a quarter of the deals it draws, and the partial deals to count fit 8 MB.
_MOST_STATES = 1 << 18
_DIRECT_BELOW = 0.25


@dataclass(frozen=True)
class EquityResult:
    """The outcome of :func:`equity`, one entry per player in each tuple.

    ``equity`` is the share of the pot (wins plus split shares), ``win`` and
    ``tie`` the chances of winning alone and of splitting.  ``runouts`` counts
    the deals enumerated (``exact``) or sampled; ``stderr`` is the standard
    error of each equity, 0 when exact.
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    exact: bool
    runouts: int


@functools.lru_cache(maxsize=256)
def _range_of(text: str) -> HandRange:
    """A range read from text, kept for the next call that names it (a range never changes)."""
    return HandRange(text)


def _player_range(player: object, index: int) -> HandRange | tuple[int, int]:
    """A known hand as two codes, or a range."""
    if isinstance(player, HandRange):
        return player
    if isinstance(player, str):
        try:
            cards = parse_cards(player)
        except InvalidCardError:
            return _range_of(player)
    else:
        try:
            cards = parse_cards(player)  # type: ignore[arg-type]
        except TypeError:
            raise TypeError(f"player {index + 1}: expected two cards or a range, got {player!r}") from None
    if len(cards) != 2:
        raise CardCountError(f"player {index + 1} must hold 2 cards, got {len(cards)}: {player!r}")
    return (cards[0], cards[1])


def equity(
    players: Sequence[str | HandRange | CardsLike],
    board: CardsLike | None = "",
    dead: CardsLike | None = "",
    *,
    exact: bool | None = None,
    samples: int = 200_000,
    seed: int | Rng | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> EquityResult:
    """Return each player's equity: exact by enumeration, or Monte Carlo over ``samples`` deals.

    Each player is a known hand (``"AhKh"``, ``[51, 47]``) or a range
    (``"QQ+, AKs"``, a :class:`~holdem.ranges.HandRange`); ranges lose the
    combos that touch the board, the dead cards or known hands.  The board
    has 0, 3, 4 or 5 cards (``None`` is no card, as for ``dead``).
    ``exact=None`` enumerates when that is cheap (up to about 20 million hand
    evaluations), else samples; ``exact=True`` refuses a job of more than
    ``EXACT_MAX`` (10**12) units of work, a minute or two on one core: runouts
    times players, plus 2,000 a deal of combos (``["random"] * 2`` preflop is
    over, ``["AhAd", "random"]`` and any two ranges on the flop are well under).
    ``samples`` runs from 1 to 2**32.  A seed (or an :class:`~holdem.cards.Rng`)
    makes sampling reproducible, whatever the number of ``threads`` the work
    is split over (at most 64: more count as 64).  The work stops at Ctrl-C.
    ``progress(done, total)``, if given, is called on the calling thread before
    the work, now and then during it (every ~10 ms of an exact job) and at its
    end, with the runouts or samples done so far (counted from the calling
    thread's share) and the total.

    >>> result = equity(["AsAd", "KhKc", "7s8s"], board="2s9sTc")
    >>> [round(share, 4) for share in result.equity]
    [0.4352, 0.0509, 0.5138]
    >>> equity(["AhKh", "random"], samples=10_000, seed=7).stderr[0] < 0.01
    True

    :raises EquityError: fewer than 2 or more than 10 players, bad ``samples`` or ``threads``,
        or an exact job above ``EXACT_MAX``.
    :raises TypeError: a player neither cards nor a range, ``samples`` or ``threads`` not an integer.
    :raises CardCountError: a board of 1, 2 or more than 5 cards, or a hand not of 2 cards.
    :raises DuplicateCardError: a card held twice among the hands, the board and the dead cards.
    :raises InvalidRangeError: range notation that cannot be read.
    :raises EmptyRangeError: a range, or the ranges together, left without a deal.
    """
    import numpy  # here, not at import: `import holdem` stays quick

    players = list(players)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise EquityError(f"equity needs 2 to {MAX_PLAYERS} players, got {len(players)}")
    message = f"samples must be an integer from 1 to 2**32, got {samples!r}"
    samples = integer(samples, "samples")
    if not 1 <= samples <= MAX_SAMPLES:
        raise EquityError(message)
    thread_count = _thread_count(threads, EquityError)
    board_cards = parse_cards(board or ())
    if len(board_cards) not in (0, 3, 4, 5):
        raise CardCountError(f"a board has 0, 3, 4 or 5 cards, got {len(board_cards)}: {board!r}")
    dead_cards = parse_cards(dead or ())
    ranges = [_player_range(player, index) for index, player in enumerate(players)]

    owners: dict[int, str] = {}
    known = [("the board", board_cards), ("the dead cards", dead_cards)]
    known += [(f"player {index + 1}", hand) for index, hand in enumerate(ranges) if isinstance(hand, tuple)]
    for owner, cards in known:
        for card in cards:
            if card in owners:
                raise DuplicateCardError(f"{CARD_NAMES[card]} is in both {owners[card]} and {owner}")
            owners[card] = owner

    to_deal = 5 - len(board_cards)
    deck = 52 - len(board_cards) - len(dead_cards) - 2 * len(players)
    if deck < to_deal:
        raise CardCountError(f"{deck} cards are left in the deck, {to_deal} are needed to complete the board")
    matchup = Matchup(
        [[(*hand, 1.0)] if isinstance(hand, tuple) else hand._weighted_combos() for hand in ranges],
        board_cards,
        dead_cards,
    )
    for index, (hand, count) in enumerate(zip(ranges, matchup.combo_counts)):
        if not count:
            raise EmptyRangeError(
                f"player {index + 1}'s range {hand.text!r} has no combo left without the known cards "  # type: ignore[union-attr]
                f"{''.join(CARD_NAMES[card] for card in sorted(owners))}"
            )
    if not matchup.has_deal:
        raise EmptyRangeError("the ranges leave no deal in which no two players share a card")
    boards = math.comb(deck, to_deal)
    deal_work = boards * len(players) + _DEAL_WORK
    if exact is None:
        exact = matchup.deals * boards * len(players) <= EXACT_LIMIT
    elif exact and matchup.deals * deal_work > EXACT_MAX:
        raise EquityError(
            f"exact=True would take {matchup.deals * deal_work:.1e} units of work (runouts x players, "
            f"plus {_DEAL_WORK} a deal), more than the {EXACT_MAX:.0e} allowed: sample instead (exact=False)"
        )
    tallies = [numpy.zeros((len(players), len(players) + 1)) for _ in range(thread_count)]
    halt = threading.Event()
    if exact:
        bounds = [matchup.deals * part // thread_count for part in range(thread_count + 1)]
        chunk = max(1, _CHECK_WORK // deal_work)
        total = matchup.deals * boards
        report = _reporter(progress, total, boards * thread_count)
        jobs: list[tuple[Any, ...]] = [
            (_enumerate_chunks, matchup, first, stop, chunk, tally, halt, report if part == 0 else None)
            for part, (tally, first, stop) in enumerate(zip(tallies, bounds, bounds[1:]))
        ]
        deals = sum(_run(jobs, halt))
        runouts = deals * boards
    else:
        matchup.pair_ranges(min(2 * samples, _MOST_PAIRS))
        matchup.plan_direct(_MOST_STATES, _DIRECT_BELOW)
        rng = seed if isinstance(seed, Rng) else Rng(seed)
        streams = rng.spawn(-(-samples // _CHUNK))
        sizes = [min(_CHUNK, samples - start) for start in range(0, samples, _CHUNK)]
        total = samples
        report = _reporter(progress, total, _CHUNK * thread_count)
        jobs = [
            (_sample_chunks, matchup, streams[part::thread_count], sizes[part::thread_count], tally, halt,
             report if part == 0 else None)
            for part, tally in enumerate(tallies)
        ]  # fmt: skip
        _run(jobs, halt)
        runouts = samples
    if progress is not None:
        progress(total, total)
    tally = sum(tallies[1:], tallies[0])
    total = tally[0].sum()
    shares = 1 / numpy.arange(1, len(players) + 1)
    mean = tally[:, 1:] @ shares / total
    if exact:
        stderr = numpy.zeros(len(players))
    else:
        stderr = numpy.sqrt(numpy.maximum(tally[:, 1:] @ shares**2 / total - mean**2, 0) / total)
    return EquityResult(
        equity=tuple(mean.tolist()),
        win=tuple((tally[:, 1] / total).tolist()),
        tie=tuple((tally[:, 2:].sum(axis=1) / total).tolist()),
        stderr=tuple(stderr.tolist()),
        exact=bool(exact),
        runouts=runouts,
    )


def _reporter(progress: Callable[[int, int], object] | None, total: int, step: int) -> Callable[[int], object] | None:
    """``progress`` as the calling thread's job calls it: with the steps it has done, each worth
    ``step`` of the ``total`` (the other threads doing as much meanwhile)."""
    if progress is None:
        return None
    progress(0, total)
    return lambda steps: progress(min(steps * step, total), total)


def _enumerate_chunks(
    matchup: Matchup, first: int, stop: int, chunk: int, tally: numpy.ndarray, halt: threading.Event,
    report: Callable[[int], object] | None,
) -> int:
    """Enumerate deals ``first`` to ``stop - 1`` ``chunk`` at a time, stopping when ``halt`` is set;
    between chunks the calling thread answers signals (Ctrl-C) and reports the deals done."""
    deals = 0
    for start in range(first, stop, chunk):
        if halt.is_set():
            break
        deals += matchup.enumerate(start, min(start + chunk, stop), tally)
        if report is not None:
            report(deals)
    return deals


def _sample_chunks(
    matchup: Matchup, streams: list[Rng], sizes: list[int], tally: numpy.ndarray, halt: threading.Event,
    report: Callable[[int], object] | None,
) -> None:
    for done, (stream, size) in enumerate(zip(streams, sizes), 1):
        if halt.is_set():
            break
        matchup.sample(stream, size, tally)
        if report is not None:
            report(done)


def _run(jobs: list[tuple[Any, ...]], halt: threading.Event) -> list[Any]:
    """Run ``(function, *arguments)`` jobs: the first on the calling thread, the others on the
    shared threads; ``halt`` is set when the first ends, stopping the others early if it failed
    (after Ctrl-C)."""
    (function, *arguments), *others = jobs
    futures = [_thread_pool().submit(*job) for job in others]
    try:
        return [function(*arguments), *(future.result() for future in futures)]
    finally:
        halt.set()
