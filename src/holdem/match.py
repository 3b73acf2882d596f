"""Matches: many hands between agents, reproducible from a seed, on one core or many.

:func:`play_match` seats one agent per seat and plays hand after hand, the
button moving one seat each hand.  The hands are split into chunks of
:data:`CHUNK_HANDS`, each dealt from its own random stream (``Rng(seed).spawn``),
so a seed gives the same results whether the chunks run here, on a process
pool or on a Dask cluster (``Client(...).get_executor()``).  Each chunk plays
on copies of the agents, passed to their ``reset(rng)`` with a stream of their own.

Every interval is the same: the mean of independent samples (hands, or whole
duplicate deals) plus or minus 1.96 standard errors, the sample standard
deviation over the square root of the sample count, a 95% normal interval.
With ``aivat=True`` each hand's AIVAT estimate (:mod:`holdem.aivat`) is
summed the same way beside its result.

>>> from holdem.agents import CallingStation, RandomBot
>>> result = play_match({"random": RandomBot(), "station": CallingStation()}, 1000, seed=1, workers=1)
>>> [(agent.name, agent.hands) for agent in result.agents]
[('random', 1000), ('station', 1000)]
>>> sum(agent.net for agent in result.agents)
0
"""

from __future__ import annotations

import copy
import dataclasses
import math
import operator
import os
import secrets
import sys
import time
import warnings
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass
from typing import IO, NamedTuple

from holdem.agents import Fault, _play, _seated, agent_name, ask_straddles
from holdem.aivat import ShowdownValue, ValueFunction, _Recorder, checked_value
from holdem.cards import Rng
from holdem.errors import MatchError
from holdem.formats import phh
from holdem.hand import Hand
from holdem.limits import integer
from holdem.rules import Rules, checked_rules

__all__ = ["CHUNK_HANDS", "AgentResult", "MatchError", "MatchResult", "SerialMatchWarning", "play_match"]

CHUNK_HANDS = 500
"""Hands per chunk of a match (rounded down to a whole number of duplicate deals)."""
MAX_CHUNKS = 2**20
"""The most chunks a match is played in (the random streams ``Rng.spawn`` makes at once)."""

_Z95 = 1.959963984540054


class SerialMatchWarning(UserWarning):
    """A match meant for a process pool plays in the calling process, because an agent cannot be sent there."""


@dataclass(frozen=True)
class AgentResult:
    """One agent's results: chips won, and big blinds won per 100 hands with a 95% confidence interval.

    ``margin`` is the half-width of the interval (infinite with fewer than two
    independent samples: hands, or whole duplicate deals); ``faults`` counts
    the errors played as folds.  A match played with ``aivat=True`` also has
    the AIVAT estimate of the same big blinds per 100 hands and the half-width
    of its interval, computed the same way (``None`` otherwise).  A
    duplicate match also has ``hand_margin``, the half-width of the plain
    interval of its hands (each hand a sample, as a match without duplicate
    deals counts them; ``None`` otherwise), beside ``margin``, which counts
    whole deals.
    """

    name: str
    hands: int
    net: int
    bb_per_100: float
    margin: float
    faults: int
    aivat_bb_per_100: float | None = None
    aivat_margin: float | None = None
    hand_margin: float | None = None

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of ``bb_per_100``."""
        return self.bb_per_100 - self.margin, self.bb_per_100 + self.margin

    @property
    def aivat_interval(self) -> tuple[float, float] | None:
        """The 95% confidence interval of ``aivat_bb_per_100`` (``None`` without AIVAT)."""
        if self.aivat_bb_per_100 is None or self.aivat_margin is None:
            return None
        return self.aivat_bb_per_100 - self.aivat_margin, self.aivat_bb_per_100 + self.aivat_margin

    @property
    def hand_interval(self) -> tuple[float, float] | None:
        """The 95% confidence interval of ``bb_per_100`` counting each hand as a sample (``None`` outside
        duplicate matches, where ``interval`` counts hands)."""
        if self.hand_margin is None:
            return None
        return self.bb_per_100 - self.hand_margin, self.bb_per_100 + self.hand_margin


@dataclass(frozen=True)
class MatchResult:
    """What a match gave: each agent's results, the faults, the seed that reproduces it, and its speed."""

    agents: tuple[AgentResult, ...]
    hands: int
    seed: int
    faults: tuple[Fault, ...]
    seconds: float

    @property
    def hands_per_second(self) -> float:
        """Hands played per second of wall time."""
        return self.hands / self.seconds

    def table(self) -> str:
        """The results as a text table, best first.

        >>> from holdem.agents import CallingStation, TightBot
        >>> result = play_match({"tight": TightBot(), "station": CallingStation()}, 4, seed=2, workers=1)
        >>> print(result.table())
        agent    hands  net chips  bb/100  ± (95%)  faults
        tight        4          2    25.0     84.9       0
        station      4         -2   -25.0     84.9       0

        With AIVAT, two more columns give its estimates and intervals; a
        duplicate match's table gives the plain interval of its hands
        (``± hands``) beside that of its deals (``± deals``).
        """
        width = max(5, *(len(agent.name) for agent in self.agents))
        aivat = self.agents[0].aivat_bb_per_100 is not None
        duplicate = self.agents[0].hand_margin is not None
        margins = "± hands  ± deals" if duplicate else "± (95%)"
        lines = [f"{'agent':<{width}}  hands  net chips  bb/100  {margins}  faults" + ("   aivat  ± (95%)" if aivat else "")]
        for agent in sorted(self.agents, key=lambda agent: -agent.bb_per_100):
            lines.append(
                f"{agent.name:<{width}}  {agent.hands:>5}  {agent.net:>9}  {agent.bb_per_100:>6.1f}"
                + (f"  {agent.hand_margin:>7.1f}" if duplicate else "")
                + f"  {agent.margin:>7.1f}  {agent.faults:>6}"
                + (f"  {agent.aivat_bb_per_100:>6.1f}  {agent.aivat_margin:>7.1f}" if aivat else "")
            )
        return "\n".join(lines)


class _Chunk(NamedTuple):
    """Hands ``first`` to ``first + count`` of a match, to play anywhere."""

    agents: tuple[object, ...]
    names: tuple[str, ...]
    rules: Rules
    stack: int
    seed: int
    first: int
    count: int  # type: ignore[assignment]  # a field, where tuple has a method
    duplicate: bool
    carry_stacks: bool
    fold_on_error: bool
    histories: bool
    value: ValueFunction | None  # AIVAT's, or None: no AIVAT


class _Tally(NamedTuple):
    """A chunk's sums per agent (over hands, or over duplicate deals), its faults and PHH texts."""

    net: list[int]
    squares: list[int]
    hand_squares: list[int]  # over hands, also in a duplicate match
    aivat: list[float]
    aivat_squares: list[float]
    samples: int
    faults: list[Fault]
    histories: list[str]


def play_match(
    agents: Mapping[str, object] | Sequence[object],
    hands: int = 10_000,
    *,
    rules: Rules | None = None,
    stack: int | None = None,
    seed: int | None = None,
    duplicate: bool = False,
    carry_stacks: bool = False,
    fold_on_error: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    phh_file: IO[str] | None = None,
    progress: bool | None = None,
    aivat: bool = False,
    value: ValueFunction | None = None,
) -> MatchResult:
    """Play ``hands`` hands between ``agents`` (one per seat, 2 to 10) and return the results.

    ``agents`` maps names to agents, or lists agents, named then by
    :func:`~holdem.agents.agent_name` and their seat (``"random-1"``).

    ``rules`` default to no-limit 1/2 and ``stack`` to 100 big blinds.  Stacks
    go back to ``stack`` every hand, or with ``carry_stacks`` carry on from hand
    to hand within a chunk, a player who busts buying in again for ``stack``.
    A ``duplicate`` match deals each deck once per seat rotation (``hands``
    must be a multiple of the agent count), so every agent plays every seat's
    cards; its confidence intervals count whole deals.  ``seed`` (default:
    random, kept in the result) fixes every card and every random choice of
    the agents.  Chunks run on ``executor``, else on a process pool of
    ``workers`` processes (default: all cores; ``workers=1`` plays here).
    Agents sent to other processes must pickle (lambdas and functions defined
    inside functions do not), and, unless the processes fork, be defined
    where they can import them (not in ``python -c``, standard input or a
    notebook): when one is not, the pool is not used and the match plays
    here, with a :class:`SerialMatchWarning`.
    ``phh_file`` receives every hand as a ``.phhs`` section, in order, with the
    players' names.  A progress bar shows on a terminal unless ``progress`` is false.
    With ``aivat``, each agent's results also hold its AIVAT estimate
    (:func:`holdem.aivat.estimate`, with ``value``, default
    :class:`~holdem.aivat.ShowdownValue`), the decisions of agents with a
    ``policy`` hook corrected.

    :raises MatchError: for fewer than 2 or more than 10 agents, a bad hand
        count, duplicate deals with carried stacks, or a process pool that breaks.
    :raises AgentError: when an agent fails, unless ``fold_on_error``.
    :raises TypeError: for a hand or worker count that is not an integer (any integer type is one).
    """
    if not isinstance(agents, Mapping):
        agents = {f"{agent_name(agent)}-{seat}": agent for seat, agent in enumerate(agents, 1)}
    if not 2 <= len(agents) <= 10:
        raise MatchError(f"{len(agents)} agents: a match needs 2 to 10")
    count = len(agents)
    group = count if duplicate else 1
    hands = integer(hands, "hands")
    if hands < 1 or hands % group:
        allowed = f"a multiple of {count} (one deal per seat rotation)" if duplicate else "a positive integer"
        raise MatchError(f"{hands!r} hands: use {allowed}")
    if duplicate and carry_stacks:
        raise MatchError("duplicate deals start from equal stacks: do not carry stacks")
    if value is not None and not aivat:
        raise MatchError("a value function is AIVAT's: pass aivat=True with it")
    if value is not None:
        checked_value(value)  # a value function of the wrong type refused before any hand is played
    judge = (ShowdownValue() if value is None else value) if aivat else None
    rules = Rules.no_limit(1, 2) if rules is None else checked_rules(rules)
    rules.check_player_count(count)
    stack = 100 * rules.big_blind if stack is None else stack
    seed = secrets.randbits(64) if seed is None else seed
    size = max(group, CHUNK_HANDS // group * group)
    if hands > MAX_CHUNKS * size:
        raise MatchError(f"hands {hands}: at most {MAX_CHUNKS * size:,} a match (play longer matches in turn)")
    starts = range(0, hands, size)
    chunk_seeds = [stream.random_raw() for stream in Rng(seed).spawn(len(starts))]
    chunks = [
        _Chunk(tuple(agents.values()), tuple(agents), rules, stack, chunk_seed, first, min(size, hands - first),
               duplicate, carry_stacks, fold_on_error, phh_file is not None, judge)
        for chunk_seed, first in zip(chunk_seeds, starts)
    ]  # fmt: skip
    show = sys.stderr.isatty() if progress is None else progress
    began = time.perf_counter()
    done: list[_Tally] = [None] * len(chunks)  # type: ignore[list-item]
    # Here, not at import: `import holdem` stays quick.  tqdm has no type hints (its stubs are
    # types-tqdm): without them the bar is Any, and with them the ignore is not needed.
    from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

    with tqdm(total=hands, unit=" hands", disable=not show) as bar:
        for index, tally in _run(chunks, executor, workers):
            done[index] = tally
            bar.update(chunks[index].count)
    seconds = time.perf_counter() - began
    if phh_file is not None:
        texts = (text for tally in done for text in tally.histories)
        phh_file.write("\n".join(f"[{number}]\n{text}" for number, text in enumerate(texts, 1)))
    faults = tuple(fault for tally in done for fault in tally.faults)
    samples = sum(tally.samples for tally in done)
    per_100 = 100 / (group * rules.big_blind)
    results = []
    for index, name in enumerate(agents):
        net = sum(tally.net[index] for tally in done)
        mean, margin = _interval(net, sum(tally.squares[index] for tally in done), samples, per_100)
        faulted = sum(fault.agent == name for fault in faults)
        result = AgentResult(name, hands, net, mean, margin, faulted)
        if duplicate:
            hand_squares = sum(tally.hand_squares[index] for tally in done)
            result = dataclasses.replace(
                result, hand_margin=_interval(net, hand_squares, hands, 100 / rules.big_blind)[1]
            )
        if aivat:
            total = math.fsum(tally.aivat[index] for tally in done)
            aivat_mean, aivat_margin = _interval(total, math.fsum(tally.aivat_squares[index] for tally in done),
                                                 samples, per_100)  # fmt: skip
            result = dataclasses.replace(result, aivat_bb_per_100=aivat_mean, aivat_margin=aivat_margin)
        results.append(result)
    return MatchResult(tuple(results), hands, seed, faults, seconds)


def _interval(total: float, squares: float, samples: int, scale: float) -> tuple[float, float]:
    """The mean of ``samples`` independent samples (their ``total`` and sum of ``squares``) and the
    half-width of its 95% normal interval, both times ``scale`` (infinite below two samples).

    >>> _interval(10, 60, 4, 1.0)
    (2.5, 3.347275742105989)
    """
    mean = total / samples
    if samples < 2:
        return mean * scale, math.inf
    variance = max(squares - samples * mean * mean, 0) / (samples - 1)
    return mean * scale, _Z95 * math.sqrt(variance / samples) * scale


def _run(chunks: list[_Chunk], executor: Executor | None, workers: int | None) -> Iterator[tuple[int, _Tally]]:
    """Yield ``(index, tally)`` for every chunk as it finishes."""
    if executor is None:
        workers = min(os.cpu_count() or 1, len(chunks)) if workers is None else integer(workers, "workers")
        if workers < 1:
            raise MatchError(f"workers {workers!r}: use 1 or more processes")
        if workers > 1 and len(chunks) > 1 and (problem := _unpicklable(chunks[0], None)):
            warnings.warn(
                f"{problem}: the match plays in this process; define agents at the top level of a "
                "module to play on a process pool, or pass workers=1 to play here without this warning",
                SerialMatchWarning,
                stacklevel=3,
            )
            workers = 1
        if workers == 1 or len(chunks) == 1:
            for index, chunk in enumerate(chunks):
                yield index, _play_chunk(copy.deepcopy(chunk))
            return
        from concurrent.futures import ProcessPoolExecutor  # here: multiprocessing is slow to import

        with ProcessPoolExecutor(workers) as pool:
            yield from _run(chunks, pool, None)
        return
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    if isinstance(executor, ProcessPoolExecutor) and (problem := _unpicklable(chunks[0], executor)):
        raise MatchError(f"{problem}: a process pool cannot take it; play here with workers=1")
    futures = {executor.submit(_play_chunk, chunk): index for index, chunk in enumerate(chunks)}
    for future in as_completed(futures):
        try:
            tally = future.result()
        except BrokenProcessPool as error:
            raise MatchError(
                f"the process pool broke ({error}): a worker could not load an agent or died; "
                "play here with workers=1"
            ) from error
        yield futures[future], tally


def _unpicklable(chunk: _Chunk, pool: Executor | None) -> str | None:
    """What keeps a chunk's agents from the processes of ``pool`` (``None``: a new pool), or ``None``
    when they all pickle and the processes can load them."""
    import multiprocessing  # here: `import holdem` stays quick
    import pickle

    for name, agent in zip(chunk.names, chunk.agents):
        try:
            pickle.dumps(agent)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            return f"agent {name!r} does not pickle ({error})"
    # A process that does not fork imports the classes and functions of agents anew: those of a
    # __main__ that is no file (python -c, standard input, a notebook) are nowhere to be found.
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if getattr(main, "__spec__", None) is not None or (path is not None and os.path.isfile(path)):
        return None
    # A pool's start method is its context's (a private attribute, with the default as a fallback).
    method = getattr(pool, "_mp_context", multiprocessing).get_start_method()
    if method == "fork":
        return None
    for name, agent in zip(chunk.names, chunk.agents):
        if getattr(agent, "__module__", None) == "__main__":
            return (
                f"agent {name!r} is defined in a __main__ that is no file (python -c, standard input, a notebook), "
                f"which the {method!r} worker processes cannot import"
            )
    return None


def _play_chunk(chunk: _Chunk) -> _Tally:
    """Play one chunk of a match, on the chunk's own copies of the agents."""
    agents, names, rules = chunk.agents, chunk.names, chunk.rules
    count = len(agents)
    rng = Rng(chunk.seed)
    for agent, stream in zip(agents, rng.spawn(count)):
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(stream)
    group = count if chunk.duplicate else 1
    # Agent i sits in seat (i + rotation) % count: by rotation, the agent in each seat and its hooks and name.
    # With AIVAT, the decisions of agents with a policy hook record what it says as they decide.
    recorder = None if chunk.value is None else _Recorder(count, chunk.value)
    seatings = []
    for rotation in range(group):
        seated = [(seat - rotation) % count for seat in range(count)]
        by_seat = [agents[index] for index in seated]
        acts, ends, runs = _seated(by_seat)
        if recorder is not None:
            acts = [recorder.wrap(seat, act, getattr(agent, "policy", None))  # type: ignore[misc]
                    for seat, (act, agent) in enumerate(zip(acts, by_seat))]  # fmt: skip
        seatings.append((acts, ends, runs, [names[index] for index in seated], by_seat))
    deals = []  # each deal's chips won, by agent
    deal_net: Sequence[int] = ()
    judged = []  # each deal's AIVAT estimates, by agent
    deal_aivat: Sequence[float] = ()
    # Seat i's stack: with carried stacks there is one rotation, agent i in seat i; else all are equal.
    stacks = [chunk.stack] * count
    faults: list[Fault] = []
    histories = []
    hand_squares = [0] * count
    for number in range(chunk.first, chunk.first + chunk.count):
        deal, rotation = divmod(number, group)
        if not rotation:
            deck_seed = rng.random_raw()
        acts, ends, runs, seat_names, by_seat = seatings[rotation]
        # The button moves one seat each deal.
        button = deal % count
        hand = Hand(rules, stacks, button, seed=deck_seed, straddles=ask_straddles(by_seat, rules, button))
        hand_faults = _play(hand, acts, ends, runs, seat_names, chunk.fold_on_error, number, range(count))
        faults += hand_faults
        payoffs = hand.payoffs
        won = payoffs[rotation:] + payoffs[:rotation]
        deal_net = [before + now for before, now in zip(deal_net, won)] if rotation else won
        hand_squares = [before + now * now for before, now in zip(hand_squares, won)]
        if recorder is not None:
            recorder.add(hand, {fault.seat for fault in hand_faults})
        if chunk.carry_stacks:
            stacks = [left or chunk.stack for left in hand.stacks]
        if chunk.histories:
            order = [(hand.button + 1 + step) % count for step in range(count)]
            players = [seat_names[seat] for seat in order]
            histories.append(phh.dumps(phh.HandHistory(hand, {"players": players})))
        if rotation == group - 1:
            deals.append(deal_net)
    # The AIVAT estimates, all computed at once, summed by deal as the chips won are.
    for number, estimates in enumerate([] if recorder is None else recorder.estimates(), chunk.first):
        rotation = number % group
        judge = estimates[rotation:] + estimates[:rotation]
        deal_aivat = [before + now for before, now in zip(deal_aivat, judge)] if rotation else judge
        if rotation == group - 1:
            judged.append(deal_aivat)
    net = [sum(column) for column in zip(*deals)]
    squares = [sum(map(operator.mul, column, column)) for column in zip(*deals)]
    aivat = [math.fsum(column) for column in zip(*judged)]
    aivat_squares = [math.fsum(map(operator.mul, column, column)) for column in zip(*judged)]
    return _Tally(net, squares, hand_squares, aivat, aivat_squares, len(deals), faults, histories)

