"""Suit-isomorphic hand indexing, hand-strength features and buckets: the building blocks of abstractions.

Suits are interchangeable in hold'em, so ``AhKh`` on ``2h7c9c`` is the same
decision as ``AsKs`` on ``2s7d9d``.  A :class:`HandIndexer` numbers the distinct
classes of each street densely (Waugh's hand isomorphism), and back.  The
features of a hand's strength are exact, by enumeration of every runout and
opponent hand: equity against a random hand (the expected hand strength,
EHS), its square's mean (EHS²), the histogram of final equity over the
runouts, and equity against a :class:`~holdem.ranges.HandRange`.  Buckets
group the classes by those features.

>>> indexer = HandIndexer()
>>> [indexer.size(street) for street in range(4)]
[169, 1286792, 13960050, 123156254]
>>> indexer.index("AhKh2h7c9c") == indexer.index("AsKs2s7d9d")
True
>>> format_cards(indexer.unindex(0, indexer.index("AsKs")))  # the class's canonical cards
'AcKc'
>>> round(float(hand_features(["AhAd"]).ehs[0]), 4)
0.852
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING, Any

from holdem._core import _card_rows, _thread_count, _thread_pool
from holdem._isomorphism import FeatureSums, StreetIndexer
from holdem.cards import CardsLike, format_cards, parse_cards
from holdem.errors import CardCountError, DuplicateCardError, EmptyRangeError, InvalidArrayError, IsomorphismError
from holdem.limits import integer
from holdem.ranges import HandRange

if TYPE_CHECKING:
    import numpy
    import numpy.typing as npt

__all__ = [
    "Buckets",
    "FeatureTable",
    "HandFeatures",
    "HandIndexer",
    "IsomorphismError",
    "equity_against",
    "feature_table",
    "hand_features",
    "kmeans_buckets",
    "percentile_buckets",
]

MAX_ROUNDS = 8
MAX_BINS = 256
_FULL = 1980  # a hand's value on a board: twice the opponent pairs it beats plus those it ties, of 2 x 990
_MIN_ROWS_PER_THREAD = 1 << 16  # indexing: rows a thread gets at least, about as long to index as to wake it
_JOB_BOARDS = 1024  # boards scored by one job, tens of milliseconds: Ctrl-C and the progress bar answer between jobs
_TABLE_FORMAT = 1


class HandIndexer:
    """Dense indices of the suit-isomorphism classes of a hand's cards on each street, and back.

    ``rounds`` gives the cards dealt in each round: hold'em's ``(2, 3, 1, 1)``.
    By default the board is one set on every street (the order in which its
    cards came is forgotten): 169 / 1,286,792 / 13,960,050 / 123,156,254
    classes.  With ``perfect_recall`` every round is a set of its own (the
    turn card is told from the river card): 169 / 1,286,792 / 55,190,538 /
    2,428,287,420, Waugh's indexer.  Any layout of up to 8 rounds whose streets
    have fewer than 2**62 classes is accepted.

    Cards are given round by round (the hole cards first); the street is the
    one whose cards they are.  An index does not depend on the order of the
    cards within a set nor on a relabelling of the suits, and every index
    below ``size(street)`` is one class.  :meth:`unindex` gives a class's
    canonical cards, each set highest card first.

    >>> indexer = HandIndexer(perfect_recall=True)
    >>> indexer.size(3)
    2428287420
    >>> indexer.index_hand("AsKs Qs2d3d 4h 5c")
    (77, 499850, 49020350, 2428274267)
    >>> format_cards(indexer.unindex(1, 499850))
    'AdKdQd3c2c'

    :raises IsomorphismError: for a layout that is not 1 to 8 positive card counts totalling at most 52,
        or one with too many classes to index.
    """

    def __init__(self, rounds: Sequence[int] = (2, 3, 1, 1), *, perfect_recall: bool = False) -> None:
        if isinstance(rounds, (str, bytes)) or not isinstance(rounds, Sequence):
            raise TypeError(f"rounds must be a sequence of card counts, got {rounds!r}")
        counts = tuple(integer(count, "a round's card count") for count in rounds)
        if not 1 <= len(counts) <= MAX_ROUNDS or min(counts) < 1 or sum(counts) > 52:
            raise IsomorphismError(
                f"rounds {counts!r}: use 1 to {MAX_ROUNDS} positive card counts that total at most 52"
            )
        if not isinstance(perfect_recall, bool):
            raise TypeError(f"perfect_recall must be True or False, got {perfect_recall!r}")
        self._rounds = counts
        self._perfect_recall = perfect_recall
        layouts = [
            counts[: street + 1] if perfect_recall or street == 0 else (counts[0], sum(counts[1 : street + 1]))
            for street in range(len(counts))
        ]
        self._streets = tuple(_street_indexer(layout) for layout in layouts)

    @property
    def rounds(self) -> tuple[int, ...]:
        """The cards dealt in each round."""
        return self._rounds

    @property
    def perfect_recall(self) -> bool:
        """Whether each round's cards are a set of their own (else the board is one set)."""
        return self._perfect_recall

    @property
    def streets(self) -> int:
        """The number of streets (rounds)."""
        return len(self._rounds)

    def __repr__(self) -> str:
        return f"HandIndexer({self._rounds!r}, perfect_recall={self._perfect_recall})"

    def size(self, street: int) -> int:
        """The number of classes on ``street`` (0 for the first round).

        >>> HandIndexer().size(1)
        1286792
        """
        return int(self._street(street).size)

    def cards(self, street: int) -> int:
        """The number of cards known on ``street``.

        >>> HandIndexer().cards(3)
        7
        """
        return int(self._street(street).cards)

    def index(self, cards: CardsLike) -> int:
        """The index of a hand's cards on the street they complete (2 cards: preflop, 5: the flop...).

        >>> HandIndexer().index("AsAh")
        168

        :raises CardCountError: for a number of cards that is no street's.
        :raises DuplicateCardError: for a card given twice.
        """
        codes = parse_cards(cards)
        street = self._street_of(len(codes))
        if len(set(codes)) != len(codes):
            parse_cards(codes, count=len(codes))  # raises DuplicateCardError
        return int(self._streets[street].index(bytes(codes)))

    def index_hand(self, cards: CardsLike) -> tuple[int, ...]:
        """The index of a hand on every street up to the one its cards complete.

        >>> HandIndexer().index_hand("AsAh 2c3c4c")
        (168, 98098)
        """
        codes = parse_cards(cards)
        street = self._street_of(len(codes))
        if len(set(codes)) != len(codes):
            parse_cards(codes, count=len(codes))
        return tuple(
            int(indexer.index(bytes(codes[: indexer.cards]))) for indexer in self._streets[: street + 1]
        )

    def unindex(self, street: int, index: int) -> tuple[int, ...]:
        """The canonical cards of an index, round by round, each set highest card first.

        >>> format_cards(HandIndexer().unindex(1, 0))
        '3c2c6c5c4c'

        :raises IsomorphismError: for an index outside ``0 .. size(street) - 1``.
        """
        indexer = self._street(street)
        value = integer(index, "index")
        if not 0 <= value < indexer.size:
            raise IsomorphismError(f"index {value!r} on street {street}: use 0 to {indexer.size - 1}")
        return indexer.unindex(value)

    def index_batch(self, cards: npt.NDArray[numpy.integer[Any]], *, threads: int | None = None) -> npt.NDArray[numpy.int64]:
        """The index of every row of an ``(N, k)`` array of card codes, k the cards of a street.

        The loop runs without the GIL; ``threads`` splits the rows over up to
        that many threads (at least 65,536 rows each).

        >>> import numpy as np
        >>> HandIndexer().index_batch(np.array([[51, 50], [0, 1]], dtype=np.uint8))  # AsAh, 2d2c
        array([168,  78])

        :raises InvalidArrayError: for a wrong shape or dtype, a code above 51 or a repeated card.
        """
        rows = _card_rows(cards, "index_batch", tuple(indexer.cards for indexer in self._streets))
        return self._index_rows(self._streets[self._street_of(rows.shape[1])], rows, threads)

    def index_hand_batch(self, cards: npt.NDArray[numpy.integer[Any]], *, threads: int | None = None) -> npt.NDArray[numpy.int64]:
        """The indices of every row on each street up to its own: an ``(N, streets)`` array.

        >>> import numpy as np
        >>> HandIndexer().index_hand_batch(np.array([[51, 50, 0, 4, 8]], dtype=np.uint8))
        array([[  168, 98098]])
        """
        rows = _card_rows(cards, "index_hand_batch", tuple(indexer.cards for indexer in self._streets))
        import numpy

        street = self._street_of(rows.shape[1])
        columns = [self._index_rows(indexer, rows, threads) for indexer in self._streets[: street + 1]]
        return numpy.stack(columns, axis=1)

    def unindex_batch(
        self, street: int, indices: npt.NDArray[numpy.integer[Any]], *, threads: int | None = None
    ) -> npt.NDArray[numpy.uint8]:
        """The canonical cards of every index of an integer array, as an ``(N, k)`` uint8 array.

        >>> import numpy as np
        >>> HandIndexer().unindex_batch(0, np.array([168, 0]))  # AdAc, 3c2c
        array([[49, 48],
               [ 4,  0]], dtype=uint8)

        :raises InvalidArrayError: for an array that is not one-dimensional integers, or a list.
        :raises TypeError: for an object that is no array, list or tuple (None, a number, a str).
        :raises IsomorphismError: for an index outside ``0 .. size(street) - 1``.
        """
        import numpy

        indexer = self._street(street)
        if not isinstance(indices, numpy.ndarray) or indices.dtype.kind not in "iu" or indices.ndim != 1:
            message = f"unindex_batch takes a one-dimensional integer array, got {indices!r}"
            # Indices in a list or tuple are the right data in the wrong container; anything else is the wrong type.
            raise (InvalidArrayError if isinstance(indices, (numpy.ndarray, list, tuple)) else TypeError)(message)
        outside = (indices < 0) | (indices >= indexer.size) if indices.dtype.kind == "i" else indices >= indexer.size
        if outside.any():
            bad = int(numpy.argmax(outside))
            raise IsomorphismError(
                f"index {int(indices[bad])} (at {bad}) on street {street}: use 0 to {indexer.size - 1}"
            )
        values = numpy.ascontiguousarray(indices, dtype=numpy.uint64)
        out = numpy.empty((len(values), indexer.cards), dtype=numpy.uint8)
        _split(lambda start, stop: indexer.unindex_rows(values, out, start, stop), len(values), threads)
        return out

    def class_sizes(self, street: int, indices: npt.NDArray[numpy.integer[Any]]) -> npt.NDArray[numpy.uint64]:
        """The number of hands (sets of cards, round by round) in each class of ``indices``.

        >>> import numpy as np
        >>> indexer = HandIndexer()
        >>> indexer.class_sizes(0, np.array([indexer.index("AsAh"), indexer.index("AsKs"), indexer.index("AsKd")]))
        array([ 6,  4, 12], dtype=uint64)
        """
        rows = self.unindex_batch(street, indices)
        return self._street(street).class_sizes(rows)

    def _street(self, street: int) -> StreetIndexer:
        value = integer(street, "street")
        if not 0 <= value < len(self._streets):
            raise IsomorphismError(f"street {value!r}: use 0 to {len(self._streets) - 1}")
        return self._streets[value]

    def _street_of(self, count: int) -> int:
        for street, indexer in enumerate(self._streets):
            if indexer.cards == count:
                return street
        allowed = ", ".join(str(indexer.cards) for indexer in self._streets)
        raise CardCountError(f"{count} cards are no street's: the streets hold {allowed} cards")

    @staticmethod
    def _index_rows(indexer: StreetIndexer, rows: numpy.ndarray, threads: int | None) -> npt.NDArray[numpy.int64]:
        import numpy

        out = numpy.empty(len(rows), dtype=numpy.int64)
        bad = _split(lambda start, stop: indexer.index_rows(rows, out, start, stop), len(rows), threads)
        if bad:
            row = min(bad)
            raise InvalidArrayError(f"row {row} holds a code above 51 or a card twice: {rows[row].tolist()!r}")
        return out


_STREET_INDEXERS: dict[tuple[int, ...], StreetIndexer] = {}
_LOCK = threading.RLock()


def _street_indexer(layout: tuple[int, ...]) -> StreetIndexer:
    """The indexer of one street's sets, made once per layout (its tables never change)."""
    with _LOCK:
        if layout not in _STREET_INDEXERS:
            _STREET_INDEXERS[layout] = StreetIndexer(layout)
        return _STREET_INDEXERS[layout]


def _split(work: Callable[[int, int], int | None], rows: int, threads: int | None) -> list[int]:
    """Run ``work(start, stop)`` over slices of ``rows`` rows on up to ``threads`` threads (the
    calling thread takes the first); return the non-negative results (bad rows found)."""
    count = max(1, min(_thread_count(threads, InvalidArrayError), rows // _MIN_ROWS_PER_THREAD))
    bounds = [rows * part // count for part in range(count + 1)]
    futures = [_thread_pool().submit(work, bounds[part], bounds[part + 1]) for part in range(1, count)]
    results = [work(bounds[0], bounds[1]), *(future.result() for future in futures)]
    return [result for result in results if result is not None and result >= 0]


# ----------------------------------------------------------------- features


@dataclass(frozen=True)
class HandFeatures:
    """The strength features of some hands, one row each, against a uniformly random opponent hand.

    ``ehs`` is the expected hand strength: the mean over every runout of the
    final equity (wins plus half the ties against every opponent hand), the
    same as the equity against a random hand.  ``ehs2`` is the mean of the
    final equity's square.  ``histogram[i, b]`` is the share of runouts whose
    final equity falls in ``[b / bins, (b + 1) / bins)`` (the last bin holds 1).
    """

    ehs: npt.NDArray[numpy.float64]
    ehs2: npt.NDArray[numpy.float64]
    histogram: npt.NDArray[numpy.float64]


def hand_features(
    hands: npt.NDArray[numpy.integer[Any]] | Sequence[CardsLike],
    *,
    street: int | None = None,
    indexer: HandIndexer | None = None,
    bins: int = 10,
    threads: int | None = None,
    progress: bool | None = False,
) -> HandFeatures:
    """Return the exact :class:`HandFeatures` of hands given as cards or, with ``street``, as indices.

    ``hands`` is an ``(N, k)`` array of codes (the two hole cards, then the
    board: k = 2, 5, 6 or 7), a list of hands (``"AhKh 2c7d9d"``), or with
    ``street`` an array of indices of ``indexer`` (default: ``HandIndexer()``).
    Every runout is enumerated against every opponent hand.  Hands sharing a
    board share its work; work is split over up to ``threads`` threads and
    stops at Ctrl-C.  A flop board takes a few tens of milliseconds on one core, a turn or
    river board well under one; preflop hands take a few seconds together (the
    first time in a process: their sums are kept).
    A progress bar shows on a terminal if ``progress`` is None, always if True.

    >>> features = hand_features(["AsKs", "7c2d"], bins=4)
    >>> [round(value, 4) for value in features.ehs.tolist()]
    [0.6704, 0.3458]
    >>> features.histogram.shape
    (2, 4)
    >>> river = hand_features(["AsKs AhKd2c7h9c"], bins=4)
    >>> round(float(river.ehs[0]), 4), river.histogram[0].tolist()
    (0.9869, [0.0, 0.0, 0.0, 1.0])

    :raises IsomorphismError: for ``bins`` outside 1 to 256, or a bad street or index.
    :raises InvalidArrayError: for a bad array of codes or a row holding a card twice.
    """
    import numpy

    bin_count = _bins(bins)
    rows = _hand_rows(hands, street, indexer)
    sums = _feature_sums(rows, None, bin_count, threads, progress)
    boards = sums.boards.astype(numpy.float64)
    return HandFeatures(
        ehs=sums.value / (_FULL * boards),
        ehs2=sums.square / (float(_FULL) ** 2 * boards),
        histogram=sums.histogram / boards[:, None],
    )


def equity_against(
    hands: npt.NDArray[numpy.integer[Any]] | Sequence[CardsLike],
    opponent: HandRange | str | None = None,
    *,
    street: int | None = None,
    indexer: HandIndexer | None = None,
    threads: int | None = None,
    progress: bool | None = False,
) -> npt.NDArray[numpy.float64]:
    """Return each hand's exact equity (ties counted half) against one opponent: random, or a range.

    ``hands`` as for :func:`hand_features`.  ``opponent`` is a
    :class:`~holdem.ranges.HandRange` or its notation; ``None`` (or
    ``"random"``) is a uniformly random hand, the expected hand strength.
    Against a range, each runout counts the weight of the range's combos that
    fit it, as :func:`holdem.equity` does; preflop hands against a range
    enumerate every board (about 30 s on one core, for any number of hands).

    >>> equity_against(["AhAd"]).round(4).tolist()
    [0.852]
    >>> equity_against(["AhKh 2c7dJh"], "QQ+, AKo").round(4).tolist()
    [0.3118]

    :raises EmptyRangeError: when no combo of the range fits a hand's cards.
    """
    import numpy

    rows = _hand_rows(hands, street, indexer)
    hand_range = opponent if isinstance(opponent, HandRange) or opponent is None else HandRange(opponent)
    if hand_range is None or len(hand_range) == 1326 and all(weight == 1 for _, weight in hand_range.combos()):
        return hand_features(rows, bins=1, threads=threads, progress=progress).ehs
    weights = numpy.zeros(1326)
    for (first, second), weight in hand_range.combos():
        weights[_pair_ids(numpy.array([[first, second]]))[0]] = weight
    sums = _feature_sums(rows, weights, 1, threads, progress)
    empty = sums.weight == 0
    if empty.any():
        row = int(numpy.argmax(empty))
        raise EmptyRangeError(f"no combo of {hand_range.text!r} fits the cards {format_cards(rows[row].tolist())}")
    return sums.share / sums.weight  # type: ignore[no-any-return]


def _bins(bins: int) -> int:
    count = integer(bins, "bins")
    if not 1 <= count <= MAX_BINS:
        raise IsomorphismError(f"bins {count!r}: use 1 to {MAX_BINS}")
    return count


def _hand_rows(
    hands: npt.NDArray[numpy.integer[Any]] | Sequence[CardsLike], street: int | None, indexer: HandIndexer | None
) -> numpy.ndarray:
    """Hands as a checked ``(N, k)`` uint8 array of codes, hole cards first."""
    import numpy

    if street is not None:
        return (indexer or _DEFAULT).unindex_batch(street, hands)  # type: ignore[arg-type]
    if indexer is not None:
        raise TypeError("indexer is for hands given as indices: give street too")
    if isinstance(hands, numpy.ndarray):
        rows = _card_rows(hands, "hand_features", (2, 5, 6, 7))
    else:
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            raise TypeError(f"hands must be an array of codes or a list of hands, got {hands!r}")
        codes = [parse_cards(hand) for hand in hands]
        widths = {len(hand) for hand in codes}
        if not widths <= {2, 5, 6, 7} or len(widths) > 1:
            raise CardCountError(
                f"hands of {sorted(widths)} cards: give hands of 2, 5, 6 or 7 cards (hole cards, then the board), "
                "all of one street"
            )
        rows = numpy.array(codes, dtype=numpy.uint8).reshape(len(codes), widths.pop() if widths else 2)
    ordered = numpy.sort(rows, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        row = int(numpy.argmax(repeated))
        raise DuplicateCardError(f"row {row} holds a card twice: {format_cards(rows[row].tolist())}")
    return rows


def _pair_ids(holes: numpy.ndarray) -> numpy.ndarray:
    """The id of each row's two hole cards: ``a * (a - 1) / 2 + b`` for codes a > b."""
    import numpy

    high = holes.max(axis=1).astype(numpy.int64)
    low = holes.min(axis=1).astype(numpy.int64)
    return high * (high - 1) // 2 + low  # type: ignore[no-any-return]


_CANONICAL_BOARDS: list[tuple[numpy.ndarray, numpy.ndarray]] = []


def _canonical_boards() -> tuple[numpy.ndarray, numpy.ndarray]:
    """One five-card board of each suit class (134,459) and the number of boards in its class."""
    import numpy

    with _LOCK:
        if not _CANONICAL_BOARDS:
            indexer = StreetIndexer((5,))
            boards = numpy.empty((indexer.size, 5), dtype=numpy.uint8)
            indexer.unindex_rows(numpy.arange(indexer.size, dtype=numpy.uint64), boards, 0, indexer.size)
            _CANONICAL_BOARDS.append((boards, indexer.class_sizes(boards)))
        return _CANONICAL_BOARDS[0]


def _all_boards() -> numpy.ndarray:
    """Every five-card board (2,598,960), as rows of codes."""
    import numpy

    count = math.comb(52, 5)
    flat = numpy.fromiter(itertools.chain.from_iterable(itertools.combinations(range(52), 5)), numpy.uint8, 5 * count)
    return flat.reshape(count, 5)


@dataclass
class _Sums:
    """The features' sums of some rows (as floats), added up over the parts that shared the work."""

    value: numpy.ndarray
    square: numpy.ndarray
    histogram: numpy.ndarray
    boards: numpy.ndarray
    share: numpy.ndarray
    weight: numpy.ndarray

    @classmethod
    def added(cls, parts: Sequence[FeatureSums]) -> _Sums:
        import numpy

        names = ("value", "square", "histogram", "boards", "share", "weight")
        totals = (numpy.sum([getattr(part, name) for part in parts], axis=0, dtype=numpy.float64) for name in names)
        return cls(*(numpy.asarray(total) for total in totals))

    def picked(self, rows: numpy.ndarray) -> _Sums:
        """The sums of the given rows."""
        return _Sums(self.value[rows], self.square[rows], self.histogram[rows], self.boards[rows],
                     self.share[rows], self.weight[rows])  # fmt: skip


def _feature_sums(
    rows: numpy.ndarray, opponent: numpy.ndarray | None, bins: int, threads: int | None, progress: bool | None
) -> _Sums:
    """Score every runout of every row's board; the sums come back in the rows' order."""
    import numpy

    thread_count = _thread_count(threads, IsomorphismError)
    ranged = opponent is not None
    weights = numpy.ones(1326) if opponent is None else opponent
    if not len(rows):
        empty = numpy.zeros(0)
        return _Sums(empty, empty, numpy.zeros((0, bins)), empty, empty, empty)
    pairs = _pair_ids(rows[:, :2])
    if rows.shape[1] == 2:
        return _preflop_sums(pairs, opponent, bins, thread_count, progress)
    # After the flop: rows grouped by board (as a set of cards), each group's runouts scored once.
    board_bits = numpy.zeros(len(rows), dtype=numpy.uint64)
    for column in range(2, rows.shape[1]):
        board_bits |= numpy.left_shift(numpy.uint64(1), rows[:, column].astype(numpy.uint64))
    order = numpy.argsort(board_bits, kind="stable")
    starts = numpy.flatnonzero(numpy.r_[True, board_bits[order][1:] != board_bits[order][:-1]])
    partial = numpy.ascontiguousarray(numpy.sort(rows[order[starts], 2:], axis=1))
    row_start = numpy.r_[starts, len(rows)].astype(numpy.int64)
    part = FeatureSums(pairs[order], numpy.arange(len(rows)), len(rows), bins, weights, ranged)
    runouts = math.comb(52 - partial.shape[1], 5 - partial.shape[1])
    per_job = max(1, _JOB_BOARDS // runouts)
    jobs = -(-len(partial) // per_job)
    _run_jobs(
        lambda part, job: part.add_runouts(partial, row_start, job * per_job, min((job + 1) * per_job, len(partial))),
        jobs, [part] * thread_count, progress, per_job * runouts,
    )  # fmt: skip
    inverse = numpy.empty(len(rows), dtype=numpy.int64)
    inverse[order] = numpy.arange(len(rows))
    return _Sums.added([part]).picked(inverse)


_PREFLOP: list[_Sums] = []  # the class sums of every hole pair against a random hand, made once


def _preflop_sums(
    pairs: numpy.ndarray, opponent: numpy.ndarray | None, bins: int, thread_count: int, progress: bool | None
) -> _Sums:
    """The sums of preflop hands over every board.

    Against a random opponent one board of each suit class (134,459) stands for
    its class, weighted by its size: the sums over those boards of a preflop
    class's pairs are the sums over all boards.  They are kept with a histogram
    of every value a hand can take on a board, which any bin count sums up.
    Against a range every board (2,598,960) is scored, for the rows' pairs.
    """
    import numpy

    if opponent is not None:
        needed = numpy.unique(pairs)
        boards = _all_boards()
        total = _board_sums(boards, numpy.ones(len(boards), dtype=numpy.uint64), needed,
                            numpy.arange(len(needed)), 1, opponent, thread_count, progress)  # fmt: skip
        return total.picked(numpy.searchsorted(needed, pairs))
    every_pair = numpy.array([[a, b] for a in range(52) for b in range(a)], dtype=numpy.uint8)
    class_of = _DEFAULT.index_batch(every_pair)
    with _LOCK:
        if not _PREFLOP:
            boards, sizes = _canonical_boards()
            _PREFLOP.append(_board_sums(boards, sizes, numpy.arange(1326), class_of, _FULL + 1, None, thread_count, progress))
    total = _PREFLOP[0].picked(class_of[pairs])
    bin_of_value = numpy.minimum(numpy.arange(_FULL + 1) * bins // _FULL, bins - 1)
    total.histogram = total.histogram @ (bin_of_value[:, None] == numpy.arange(bins)[None, :])
    return total


def _board_sums(
    boards: numpy.ndarray, board_weights: numpy.ndarray, pairs: numpy.ndarray, slots: numpy.ndarray, bins: int,
    opponent: numpy.ndarray | None, thread_count: int, progress: bool | None,
) -> _Sums:
    """The sums of hole ``pairs`` over complete boards, each counted its weight times, each pair's
    added into its slot."""
    import numpy

    weights = numpy.ones(1326) if opponent is None else opponent
    slot_count = int(slots.max()) + 1
    parts = [FeatureSums(pairs, slots, slot_count, bins, weights, opponent is not None) for _ in range(thread_count)]
    chunks = range(0, len(boards), _JOB_BOARDS)
    _run_jobs(
        lambda part, job: part.add_boards(boards[chunks[job] : chunks[job] + _JOB_BOARDS],
                                          board_weights[chunks[job] : chunks[job] + _JOB_BOARDS], 0, len(pairs)),
        len(chunks), parts, progress, _JOB_BOARDS,
    )  # fmt: skip
    return _Sums.added(parts)


def _run_jobs(
    run: Callable[[FeatureSums, int], None], jobs: int, parts: list[FeatureSums], progress: bool | None, boards: int
) -> None:
    """Call ``run(part, job)`` for jobs 0 .. ``jobs - 1`` (of about ``boards`` boards each) on up to
    ``len(parts)`` threads, each adding to its own part; the calling thread shows the progress and
    answers Ctrl-C between its jobs, which stops the others."""
    import sys

    from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]  # here, not at import: stays quick

    from holdem.equity import _run

    taken = itertools.count()
    done = itertools.count(1)
    halt = threading.Event()
    show = sys.stderr.isatty() if progress is None else progress
    with tqdm(total=jobs * boards, unit=" boards", disable=not show, unit_scale=True) as bar:

        def work(part: FeatureSums, calling: bool) -> None:
            while not halt.is_set():
                job = next(taken)
                if job >= jobs:
                    return
                run(part, job)
                finished = next(done)
                if calling:
                    bar.n = min(finished * boards, jobs * boards)
                    bar.refresh()

        _run([(work, part, number == 0) for number, part in enumerate(parts[: max(1, min(len(parts), jobs))])], halt)
        bar.n = jobs * boards
        bar.refresh()


# -------------------------------------------------------------------- tables


@dataclass(frozen=True)
class FeatureTable:
    """The :class:`HandFeatures` of every class of a street, by its index in the default :class:`HandIndexer`.

    ``sizes`` holds the number of hands in each class, the weights that make
    percentiles of classes percentiles of hands.  :meth:`save` writes it as a
    numpy ``.npz`` file; :meth:`load` reads one back.
    """

    street: int
    bins: int
    ehs: npt.NDArray[numpy.float64]
    ehs2: npt.NDArray[numpy.float64]
    histogram: npt.NDArray[numpy.float64]
    sizes: npt.NDArray[numpy.uint64]

    def save(self, path: str | PathLike[str]) -> None:
        """Write the table to ``path`` (a ``.npz`` file)."""
        import numpy

        numpy.savez(
            path, format=numpy.array(_TABLE_FORMAT), street=numpy.array(self.street), bins=numpy.array(self.bins),
            ehs=self.ehs, ehs2=self.ehs2, histogram=self.histogram, sizes=self.sizes,
        )  # fmt: skip

    @classmethod
    def load(cls, path: str | PathLike[str]) -> FeatureTable:
        """Read a table written by :meth:`save`.

        :raises IsomorphismError: for a file that is not such a table, or whose arrays do not match
            the street's classes.
        """
        import numpy

        try:
            with numpy.load(path, allow_pickle=False) as data:
                arrays = {name: data[name] for name in ("format", "street", "bins", "ehs", "ehs2", "histogram", "sizes")}
        except (OSError, ValueError, KeyError, EOFError) as error:
            raise IsomorphismError(f"{path!s} is not a feature table written by FeatureTable.save: {error}") from None
        problem = _table_problem(arrays)
        if problem:
            raise IsomorphismError(f"{path!s} does not hold a feature table: {problem}")
        return cls(int(arrays["street"]), int(arrays["bins"]), arrays["ehs"], arrays["ehs2"],
                   arrays["histogram"], arrays["sizes"])  # fmt: skip


def _table_problem(arrays: dict[str, numpy.ndarray]) -> str | None:
    """What is wrong with the arrays of a table file, or None."""
    import numpy

    for name in ("format", "street", "bins"):
        if arrays[name].shape != () or arrays[name].dtype.kind not in "iu":
            return f"{name} is not an integer"
    if int(arrays["format"]) != _TABLE_FORMAT:
        return f"format {int(arrays['format'])}, this version reads format {_TABLE_FORMAT}"
    street, bins = int(arrays["street"]), int(arrays["bins"])
    if street not in _TABLE_STREETS or not 1 <= bins <= MAX_BINS:
        return f"street {street} and bins {bins}: tables cover streets 0 to 2 with 1 to {MAX_BINS} bins"
    size = _DEFAULT.size(street)
    shapes = {"ehs": (size,), "ehs2": (size,), "histogram": (size, bins), "sizes": (size,)}
    for name, shape in shapes.items():
        if arrays[name].shape != shape:
            return f"{name} has shape {arrays[name].shape}, street {street} with {bins} bins needs {shape}"
    if arrays["sizes"].dtype != numpy.uint64 or any(arrays[name].dtype != numpy.float64 for name in ("ehs", "ehs2", "histogram")):
        return "the arrays' dtypes are not float64 (sizes: uint64)"
    if not (numpy.all((arrays["ehs"] >= 0) & (arrays["ehs"] <= 1)) and numpy.all(arrays["ehs2"] <= arrays["ehs"])):
        return "equities outside 0 to 1"
    if not numpy.allclose(arrays["histogram"].sum(axis=1), 1):
        return "histograms that do not sum to 1"
    return None


_TABLE_STREETS = (0, 1, 2)


def feature_table(
    street: int, *, bins: int = 10, threads: int | None = None, progress: bool | None = None
) -> FeatureTable:
    """Compute the :class:`FeatureTable` of every class of a street: 0 (preflop), 1 (flop) or 2 (turn).

    Each board of a suit class is enumerated once, against every hole pair.
    On the two cores of the reference machine the preflop table takes a few
    seconds, the flop's 1,286,792 classes about a minute, the turn's
    13,960,050 classes a few minutes (and about 1 GB with 10 bins).  A progress bar shows
    on a terminal unless ``progress`` is false; Ctrl-C stops the work.

    >>> table = feature_table(0, bins=5, progress=False)
    >>> aces = HandIndexer().index("AsAh")
    >>> round(float(table.ehs[aces]), 4), int(table.sizes[aces])
    (0.852, 6)

    :raises IsomorphismError: for another street (river features need one board a hand:
        use :func:`hand_features`) or ``bins`` outside 1 to 256.
    """
    import numpy

    value = integer(street, "street")
    if value not in _TABLE_STREETS:
        raise IsomorphismError(
            f"street {value!r}: tables cover streets 0 to 2 (the river's features are one board a hand: "
            "use hand_features)"
        )
    bin_count = _bins(bins)
    size = _DEFAULT.size(value)
    if value == 0:
        representatives = _DEFAULT.unindex_batch(0, numpy.arange(size))
    else:
        board_indexer = StreetIndexer((value + 2,))
        boards = numpy.empty((board_indexer.size, value + 2), dtype=numpy.uint8)
        board_indexer.unindex_rows(numpy.arange(board_indexer.size, dtype=numpy.uint64), boards, 0, board_indexer.size)
        every_pair = numpy.array([[a, b] for a in range(52) for b in range(a)], dtype=numpy.uint8)
        hands = numpy.concatenate(
            [numpy.repeat(every_pair, len(boards), axis=0), numpy.tile(boards, (len(every_pair), 1))], axis=1
        )
        hands = hands[~_overlaps(hands)]
        indices = _DEFAULT.index_batch(hands, threads=threads)
        unique, first = numpy.unique(indices, return_index=True)
        if len(unique) != size:
            raise AssertionError("the canonical boards missed a class")
        representatives = hands[first]
    features = hand_features(representatives, bins=bin_count, threads=threads, progress=progress)
    sizes = _DEFAULT._streets[value].class_sizes(numpy.ascontiguousarray(representatives))
    return FeatureTable(value, bin_count, features.ehs, features.ehs2, features.histogram, sizes)


def _overlaps(hands: numpy.ndarray) -> numpy.ndarray:
    """Whether each row holds a card twice."""
    import numpy

    ordered = numpy.sort(hands, axis=1)
    return (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)  # type: ignore[no-any-return]


_DEFAULT = HandIndexer()


# ------------------------------------------------------------------- buckets


def percentile_buckets(
    values: npt.NDArray[numpy.floating[Any]], count: int, *, weights: npt.NDArray[Any] | None = None
) -> npt.NDArray[numpy.int32]:
    """Bucket 0 .. ``count - 1`` of each value, weakest first: buckets of equal weight (percentiles).

    ``weights`` (default: 1 each) are what each value stands for, such as a
    table's class ``sizes``, so that each bucket holds as many hands.  Equal
    values share a bucket.

    >>> import numpy as np
    >>> percentile_buckets(np.array([0.1, 0.9, 0.5, 0.3]), 2).tolist()
    [0, 1, 1, 0]

    :raises IsomorphismError: for a count below 1, values and weights that do not match, or NaN or
        an infinity among them.
    :raises TypeError: for values or weights that are not numbers.
    """
    import numpy

    values = _finite(values, "values")
    number = integer(count, "count")
    if number < 1 or values.ndim != 1:
        raise IsomorphismError(f"percentile_buckets takes a one-dimensional array and a count of at least 1, got {number!r}")
    mass = numpy.ones(len(values)) if weights is None else _finite(weights, "weights")
    if mass.shape != values.shape or (mass < 0).any():
        raise IsomorphismError(
            f"weights of shape {mass.shape} for values of shape {values.shape}: give one non-negative weight a value"
        )
    order = numpy.argsort(values, kind="stable")
    ordered = values[order]
    cumulative = numpy.cumsum(mass[order])
    total = cumulative[len(cumulative) - 1] if len(cumulative) else 0.0
    # a value's bucket: the share of weight strictly below it, scaled to the count
    below = cumulative - mass[order]
    first_of_value = numpy.searchsorted(ordered, ordered, side="left")
    share = below[first_of_value] / total if total else numpy.zeros(len(values))
    labels = numpy.empty(len(values), dtype=numpy.int32)
    labels[order] = numpy.minimum((share * number).astype(numpy.int64), number - 1)
    return labels


def _finite(array: object, what: str) -> npt.NDArray[numpy.float64]:
    """``array`` as float64, when it holds numbers and each is finite.

    >>> _finite([0.5, float("nan")], "values")
    Traceback (most recent call last):
    ...
    holdem.errors.IsomorphismError: values: NaN or an infinity at index (1,): buckets take finite numbers
    """
    import numpy

    try:
        data = numpy.asarray(array, dtype=numpy.float64)
    except (TypeError, ValueError):
        raise TypeError(f"{what} of type {type(array).__name__}: give an array of numbers") from None
    bad = numpy.argwhere(~numpy.isfinite(data))
    if len(bad):
        raise IsomorphismError(f"{what}: NaN or an infinity at index {tuple(int(i) for i in bad[0])}: buckets take finite numbers")
    return data


def kmeans_buckets(
    points: npt.NDArray[numpy.floating[Any]],
    count: int,
    *,
    weights: npt.NDArray[Any] | None = None,
    seed: int = 0,
    iterations: int = 30,
) -> npt.NDArray[numpy.int32]:
    """Bucket each row of ``points`` (histograms, say) by weighted k-means into ``count`` clusters.

    Seeded k-means++ starts, then Lloyd's iterations (squared Euclidean
    distance, numpy only) until nothing moves or ``iterations`` have run.
    Buckets are numbered by their centres' mean coordinate index (for
    histograms of equity: the mean bin), so that bucket 0 is the weakest.

    >>> import numpy as np
    >>> kmeans_buckets(np.array([[1.0, 0.0], [0.9, 0.1], [0.0, 1.0], [0.1, 0.9]]), 2).tolist()
    [0, 0, 1, 1]

    :raises IsomorphismError: for a count outside 1 .. the number of rows, weights that do not match,
        or NaN or an infinity among the points or weights.
    :raises TypeError: for points or weights that are not numbers.
    """
    import numpy

    data = _finite(points, "points")
    number = integer(count, "count")
    rounds = integer(iterations, "iterations")
    if data.ndim != 2 or not 1 <= number <= len(data) or rounds < 1:
        raise IsomorphismError(
            f"kmeans_buckets takes an (N, d) array, a count from 1 to N and at least 1 iteration, "
            f"got shape {data.shape}, count {number!r}, iterations {rounds!r}"
        )
    mass = numpy.ones(len(data)) if weights is None else _finite(weights, "weights")
    if mass.shape != (len(data),) or (mass < 0).any() or not mass.sum() > 0:
        raise IsomorphismError(f"weights of shape {mass.shape} for {len(data)} rows: give one non-negative weight a row")
    generator = numpy.random.default_rng(integer(seed, "seed"))
    centres = numpy.empty((number, data.shape[1]))
    centres[0] = data[generator.choice(len(data), p=mass / mass.sum())]
    nearest = _squared_distances(data, centres[:1]).min(axis=1)
    for k in range(1, number):
        chances = nearest * mass
        pick = generator.choice(len(data), p=chances / chances.sum()) if chances.sum() > 0 else int(generator.integers(len(data)))
        centres[k] = data[pick]
        nearest = numpy.minimum(nearest, _squared_distances(data, centres[k : k + 1])[:, 0])
    labels = numpy.zeros(len(data), dtype=numpy.int64)
    for round_number in range(rounds):
        fresh = _nearest(data, centres)
        if round_number and numpy.array_equal(fresh, labels):
            break
        labels = fresh
        totals = numpy.zeros_like(centres)
        numpy.add.at(totals, labels, data * mass[:, None])
        masses = numpy.bincount(labels, mass, minlength=number)
        occupied = masses > 0
        centres[occupied] = totals[occupied] / masses[occupied, None]
    strength = centres @ numpy.arange(data.shape[1]) if data.shape[1] > 1 else centres[:, 0]
    renumber = numpy.empty(number, dtype=numpy.int32)
    renumber[numpy.argsort(strength, kind="stable")] = numpy.arange(number, dtype=numpy.int32)
    return renumber[labels]


def _squared_distances(data: numpy.ndarray, centres: numpy.ndarray) -> numpy.ndarray:
    return ((data[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)  # type: ignore[no-any-return]


def _nearest(data: numpy.ndarray, centres: numpy.ndarray) -> numpy.ndarray:
    """The nearest centre of each row, a block of rows at a time (bounded memory)."""
    import numpy

    labels = numpy.empty(len(data), dtype=numpy.int64)
    block = max(1, (1 << 22) // max(1, len(centres) * data.shape[1]))
    squares = (centres**2).sum(axis=1)
    for start in range(0, len(data), block):
        rows = data[start : start + block]
        labels[start : start + block] = numpy.argmin(squares[None, :] - 2 * rows @ centres.T, axis=1)
    return labels


class Buckets:
    """The bucket of every class of a street, looked up from a hand's cards.

    ``labels[index]`` is the bucket of the class of ``indexer`` (default:
    ``HandIndexer()``) with that index on ``street``.

    >>> table = feature_table(0, bins=1, progress=False)
    >>> preflop = Buckets(0, percentile_buckets(table.ehs2, 3, weights=table.sizes))
    >>> preflop.bucket("AsAd"), preflop.bucket("7c2d"), preflop.count
    (2, 0, 3)
    """

    def __init__(self, street: int, labels: npt.NDArray[numpy.integer[Any]], indexer: HandIndexer | None = None) -> None:
        import numpy

        self._indexer = indexer or _DEFAULT
        size = self._indexer.size(street)
        labels = numpy.asarray(labels)
        if labels.shape != (size,) or labels.dtype.kind not in "iu" or (size and labels.min() < 0):
            raise IsomorphismError(
                f"labels of shape {labels.shape}: street {street} needs one non-negative integer bucket "
                f"for each of its {size} classes"
            )
        self._street = integer(street, "street")
        self._labels = labels.astype(numpy.int32)
        self._cards = self._indexer.cards(street)

    @property
    def street(self) -> int:
        """The street of the buckets."""
        return self._street

    @property
    def labels(self) -> npt.NDArray[numpy.int32]:
        """The bucket of each class, by index."""
        return self._labels

    @property
    def count(self) -> int:
        """The number of buckets: one more than the largest label."""
        return int(self._labels.max()) + 1 if len(self._labels) else 0

    def bucket(self, cards: CardsLike) -> int:
        """The bucket of one hand's cards (hole cards first)."""
        codes = parse_cards(cards)
        if len(codes) != self._cards:
            raise CardCountError(f"street {self._street} takes {self._cards} cards, got {len(codes)}: {cards!r}")
        return int(self._labels[self._indexer.index(codes)])

    def bucket_batch(self, cards: npt.NDArray[numpy.integer[Any]], *, threads: int | None = None) -> npt.NDArray[numpy.int32]:
        """The buckets of every row of an ``(N, k)`` array of codes, k the street's cards."""
        rows = _card_rows(cards, "bucket_batch", (self._cards,))
        return self._labels[self._indexer.index_batch(rows, threads=threads)]
