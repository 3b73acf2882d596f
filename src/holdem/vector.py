"""Many tables stepped at once, for reinforcement learning and self-play.

A :class:`VectorGame` holds ``tables`` independent hands in the Cython core.
Each :meth:`VectorGame.step` takes one decision per table, as arrays, plays
them, deals a new hand wherever one ended, and returns numpy arrays: no Python
object per hand.  Between steps every table waits for a decision.

Decisions are a ``kinds`` array (:data:`FOLD`, :data:`CHECK_OR_CALL`,
:data:`RAISE`) and, for raises, an ``amounts`` array of raise-to totals for the
street.  The rules of play are :class:`~holdem.hand.Hand`'s: both play by the one engine,
and :meth:`VectorGame.last_hand` gives any table's last hand as a ``Hand``.

>>> from holdem.rules import Rules
>>> game = VectorGame(Rules.no_limit(1, 2), players=2, tables=3, seed=7)
>>> seen = game.observe()
>>> seen.actor.tolist(), seen.call.tolist(), seen.max_raise_to.tolist()
([1, 1, 1], [1, 1, 1], [200, 200, 200])
>>> seen, rewards, done = game.step([FOLD, CHECK_OR_CALL, RAISE], [0, 0, 6])
>>> done.tolist(), rewards[0].tolist()
([True, False, False], [1, -1])
>>> seen.actor.tolist(), seen.bets.tolist()
([0, 0, 0], [[1, 2], [2, 2], [2, 6]])
"""

from __future__ import annotations

import os
import threading
from numbers import Integral
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy
import numpy.typing as npt

from holdem._core import Rng
from holdem._vector import VectorCore
from holdem.dealing import _hand_straddles
from holdem.errors import IllegalActionError, InvalidArrayError, InvalidHandError, InvalidRulesError, InvalidSeedError
from holdem.limits import MAX_CHIPS, integer
from holdem.rules import Rules, checked_rules

if TYPE_CHECKING:
    from holdem.hand import Hand

__all__ = ["CHECK_OR_CALL", "FOLD", "MAX_TABLES", "RAISE", "VectorGame", "VectorObservation"]

FOLD = 0
"""Decision kind: fold (only facing a bet, unless the rules allow ``fold_without_bet``)."""
CHECK_OR_CALL = 1
"""Decision kind: check, or call (all in when the stack is shorter)."""
RAISE = 2
"""Decision kind: bet or raise to the total given in ``amounts``."""
MAX_TABLES = 100_000
"""The most tables one :class:`VectorGame` holds."""

_INT8, _INT64, _BOOL = numpy.dtype(numpy.int8), numpy.dtype(numpy.int64), numpy.dtype(numpy.bool_)

Int64Array = npt.NDArray[numpy.int64]
Int8Array = npt.NDArray[numpy.int8]
BoolArray = npt.NDArray[numpy.bool_]


class VectorObservation(NamedTuple):
    """What the seat to act at each table sees: one row a table (``N`` tables of ``P`` seats).

    Seats are absolute (0 to ``P - 1``); ``position`` counts clockwise from the
    seat left of the button (the button is ``P - 1``).  Cards are codes, -1 for a
    board card not dealt yet.  ``legal`` holds, for each table, whether the seat
    may fold, check or call (always), and raise; ``min_raise_to`` and
    ``max_raise_to`` are 0 when it may not raise.  ``pot`` does not count the
    bets in front of the players.
    """

    actor: Int8Array  # (N,)
    button: Int8Array  # (N,)
    position: Int8Array  # (N,)
    street: Int8Array  # (N,) 0 preflop .. 3 river
    hole_cards: Int8Array  # (N, 2)
    board: Int8Array  # (N, 5)
    stacks: Int64Array  # (N, P)
    bets: Int64Array  # (N, P)
    folded: BoolArray  # (N, P)
    pot: Int64Array  # (N,)
    legal: BoolArray  # (N, 3): fold, check or call, raise
    call: Int64Array  # (N,) chips to call
    min_raise_to: Int64Array  # (N,)
    max_raise_to: Int64Array  # (N,)


class VectorGame:
    """``tables`` independent hands of ``players`` seats, each seat starting with ``stack`` chips.

    It plays every structure :class:`~holdem.hand.Hand` plays, by the same
    engine: no limit, pot limit and fixed limit (its caps, the big blind
    counting as a bet or not, the cap lifted heads-up), blinds, antes and
    big-blind antes, forced straddles, rake (its cap, no flop no drop), boards
    run more than once, every reopening, showdown-order and odd-chip rule.
    It refuses (:class:`~holdem.errors.InvalidRulesError`) only what a batch
    cannot wait for: runs agreed by the players and voluntary straddles (a
    choice before each deal; force them with ``voluntary_straddles=False``).
    A hand's shows and mucks change no chips and are not asked for.

    The button starts on the last seat and moves one seat each hand.  Each
    hand starts from ``stack`` chips a seat (default 100 big blinds), or with
    ``carry_stacks`` from the stacks the last hand left, seat by seat: a seat
    left with no more than the ante plus the largest blind or straddle
    (busted or nearly) is restocked to ``stack``, the others keep theirs
    (should restocking put more than 2**60 chips at the table, every seat
    starts again from ``stack``).  So every forced bet is posted in full and
    every hand waits for a decision.

    Table ``t`` (counted from ``first_table``) draws its own cards from a
    xoshiro256** generator seeded with outputs ``4t`` to ``4t + 3`` of the
    SplitMix64 stream of ``seed`` (table 0 draws as ``Rng(seed)``): the same
    ``seed`` gives the same hands at table ``t`` whatever the number of
    tables, so a batch may be split over processes by giving each part its
    ``first_table``.  A hand shuffles the table's deck by Fisher-Yates as far
    as it deals (the whole deck when the board may be run more than once) and
    deals it as a dealer does, as ``Hand(deck=...)`` reads a deck: one card a
    round from the seat left of the button, then a burn before each street.

    :meth:`step` plays with the GIL released, so games stepped on different
    threads run in parallel; calls on one game from several threads wait for
    each other.

    :raises InvalidRulesError: for rules it does not play, or a player or table
        count out of range (2 to 10 players, 1 to :data:`MAX_TABLES` tables).
    :raises InvalidHandError: for a stack too short to post every forced bet and keep a chip.
    :raises InvalidSeedError: for a seed outside 0 to 2**64 - 1 or a negative ``first_table``.
    """

    def __init__(
        self,
        rules: Rules,
        players: int = 2,
        tables: int = 1,
        *,
        stack: int | None = None,
        carry_stacks: bool = False,
        seed: int | None = None,
        first_table: int = 0,
    ) -> None:
        _check_rules(checked_rules(rules))
        players = integer(players, "players")
        rules.check_player_count(players)
        tables = _table_count(tables, "tables")
        straddles = _hand_straddles(rules, players, None)
        forced = rules.ante + max((rules.big_blind, *straddles))
        stack = 100 * rules.big_blind if stack is None else integer(stack, "stack")
        if not forced < stack <= MAX_CHIPS // players:
            raise InvalidHandError(
                f"stack {stack}: use more than the ante plus the largest blind or straddle ({forced}) "
                f"and at most {MAX_CHIPS // players} (2**60 chips at the table)"
            )
        if type(carry_stacks) is not bool:
            raise TypeError(f"carry_stacks {carry_stacks!r}: expected True or False")
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "little")
        seed = integer(seed, "seed")
        if not 0 <= seed < 2**64:
            raise InvalidSeedError(f"seed {seed}: use an integer from 0 to 2**64 - 1")
        first_table = integer(first_table, "first_table")
        if not 0 <= first_table <= 2**62 - tables:
            raise InvalidSeedError(f"first_table {first_table}: use 0 to {2**62 - tables}")
        self.rules = rules
        self.players = players
        self.tables = tables
        self.stack = stack
        self.carry_stacks = carry_stacks
        self.seed = seed
        self.first_table = first_table
        self._lock = threading.Lock()
        self._core = VectorCore(rules, players, tables, straddles, stack, carry_stacks, seed, first_table)

    def __repr__(self) -> str:
        return (
            f"VectorGame({self.rules!r}, players={self.players}, tables={self.tables}, stack={self.stack}, "
            f"carry_stacks={self.carry_stacks}, seed={self.seed}, first_table={self.first_table})"
        )

    def observe(self) -> VectorObservation:
        """What the seat to act at each table sees (new arrays)."""
        with self._lock:
            return self._observe()

    def _observe(self) -> VectorObservation:
        seen = self._new_observation()
        self._core.observe(_core_arrays(seen))
        return seen

    def _new_observation(self) -> VectorObservation:
        """A VectorObservation of new arrays, not yet written."""
        count, players, empty = self.tables, self.players, numpy.empty
        return VectorObservation(
            empty(count, _INT8),
            empty(count, _INT8),
            empty(count, _INT8),
            empty(count, _INT8),
            empty((count, 2), _INT8),
            empty((count, 5), _INT8),
            empty((count, players), _INT64),
            empty((count, players), _INT64),
            empty((count, players), _BOOL),
            empty(count, _INT64),
            empty((count, 3), _BOOL),
            empty(count, _INT64),
            empty(count, _INT64),
            empty(count, _INT64),
        )

    def step(
        self, kinds: npt.ArrayLike, amounts: npt.ArrayLike | None = None
    ) -> tuple[VectorObservation, Int64Array, BoolArray]:
        """Play one decision at every table; return the new observation, the rewards and the done flags.

        ``kinds`` holds one decision kind a table; ``amounts`` the raise-to
        totals where the kind is :data:`RAISE` (other entries are ignored; it
        may be left out when no table raises).  Both are copied before they are
        checked, and the copies played: the caller's arrays may change meanwhile.  ``rewards`` (``(N, P)`` chips)
        are the payoffs of the hands that ended, ``done`` says which tables'
        hands ended; those tables have dealt their next hand.

        :raises IllegalActionError: naming the first table whose decision the
            rules do not allow (an entry past 2**63 - 1 included); then nothing is played.
        :raises InvalidArrayError: for arrays not of one entry a table.
        :raises TypeError: for arrays that do not hold integers, and for input that is
            neither numbers nor an array of them (text, ``None``...).
        """
        kinds = _decision_array("kinds", kinds, self.tables)
        if amounts is None:
            amounts = numpy.zeros(self.tables, _INT64)
        else:
            amounts = _decision_array("amounts", amounts, self.tables)
        rewards = numpy.zeros((self.tables, self.players), _INT64)
        done = numpy.zeros(self.tables, _BOOL)
        seen = self._new_observation()
        with self._lock:
            refused = self._core.step(kinds, amounts, rewards, done.view(numpy.uint8), _core_arrays(seen))
            if refused >= 0:
                raise self._illegal(refused, int(kinds[refused]), int(amounts[refused]))
            return seen, rewards, done

    def random_decisions(self, rng: Rng) -> tuple[Int64Array, Int64Array]:
        """A random legal decision at every table, drawn from ``rng``: ``(kinds, amounts)`` for :meth:`step`.

        At each table, a kind uniformly among those the seat to act may take
        and, for a raise, a raise-to total uniformly between its bounds (the
        amount is 0 for the other kinds): the random policy of baselines and
        rollouts, drawn in the core without an observation.  Threads sharing
        ``rng`` draw from it in turn (on a free-threaded build of Python, give
        each thread its own: :meth:`holdem.Rng.spawn`).

        >>> from holdem import Rng
        >>> from holdem.rules import Rules
        >>> game = VectorGame(Rules.no_limit(1, 2), players=6, tables=1_000, seed=1)
        >>> rng = Rng(7)
        >>> kinds, amounts = game.random_decisions(rng)
        >>> kinds[:6].tolist(), amounts[:6].tolist()
        ([2, 2, 2, 0, 0, 1], [58, 197, 175, 0, 0, 0])
        >>> for _ in range(100):
        ...     seen, rewards, done = game.step(*game.random_decisions(rng))

        :raises TypeError: for ``rng`` that is not a :class:`~holdem.Rng`.
        """
        if not isinstance(rng, Rng):
            raise TypeError(f"rng {rng!r}: expected a holdem.Rng (holdem.Rng(seed) for a seeded one)")
        kinds = numpy.empty(self.tables, _INT64)
        amounts = numpy.empty(self.tables, _INT64)
        with self._lock:
            self._core.random_decisions(rng, kinds, amounts)
        return kinds, amounts

    def deals(self) -> tuple[Int8Array, Int8Array, Int64Array, Int8Array]:
        """The hands in play: every seat's hole cards ``(N, P, 2)``, the whole board ``(N, 5)``
        (dealt or not), the stacks before the hand ``(N, P)`` and the button ``(N,)``.

        For analysis and tests: an agent sees only :meth:`observe`; :meth:`last_hand` gives
        the hands finished.
        """
        count, players = self.tables, self.players
        hole_cards = numpy.empty((count, players, 2), numpy.int8)
        board = numpy.empty((count, 5), numpy.int8)
        starting = numpy.empty((count, players), numpy.int64)
        button = numpy.empty(count, numpy.int8)
        with self._lock:
            self._core.deals(hole_cards, board, starting, button)
        return hole_cards, board, starting, button

    def last_hand(self, table: int) -> Hand | None:
        """The last hand finished at ``table`` as a :class:`~holdem.hand.Hand` with its whole
        history (dealt again from the same deck, its decisions played again), or ``None``
        before the first: to inspect it, write it (:func:`holdem.phh.dumps`) or replay it.

        >>> from holdem.rules import Rules
        >>> game = VectorGame(Rules.fixed_limit(2, 4), players=2, tables=2, seed=3)
        >>> game.last_hand(0) is None
        True
        >>> _, rewards, done = game.step([FOLD, CHECK_OR_CALL])
        >>> hand = game.last_hand(0)
        >>> hand.is_over, hand.payoffs == tuple(rewards[0].tolist()), [action.kind.value for action in hand.history][-2:]
        (True, True, ['return', 'win'])

        :raises InvalidArrayError: for a table that is not one of the game's.
        :raises TypeError: for a table that is not an integer.
        :raises MemoryError: when memory ran out keeping that hand's decisions (the hand
            was played in full and the game plays on; only this record is lost).
        """
        from holdem.hand import Hand

        with self._lock:
            finished = self._core.last_hand(integer(table, "table"))
        if finished is None:
            return None
        starting, button, deck, decisions = finished
        hand = Hand(self.rules, starting, button, deck=deck)
        for kind, amount in decisions:
            play_decision(hand, kind, amount)
        return hand

    def _illegal(self, table: int, kind: int, amount: int) -> IllegalActionError:
        from holdem.hand import refusal_message

        seat, _, _, low, high = self._core.legal(table)
        if kind not in (FOLD, RAISE):
            return IllegalActionError(
                f"table {table}: seat {seat}: decision kind {kind}; "
                f"use {FOLD} (fold), {CHECK_OR_CALL} (check or call) or {RAISE} (raise)"
            )
        refusal = self._core.refusal(table, kind, amount)
        current_bet = int(self._observe().bets[table].max())
        bounds = (low, high) if high else None
        return IllegalActionError(f"table {table}: {refusal_message(refusal, seat, amount, current_bet, bounds, self.rules)}")


def _core_arrays(seen: VectorObservation) -> tuple[npt.NDArray[numpy.generic], ...]:
    """The arrays of ``seen`` as the core writes them: its booleans as bytes."""
    return (*seen[:8], seen.folded.view(numpy.uint8), seen.pot, seen.legal.view(numpy.uint8), *seen[11:])


def play_decision(hand: Hand, kind: int, amount: int) -> None:
    """Play one of :class:`VectorGame`'s decisions (``kind`` and, for a raise, its ``amount``) on ``hand``."""
    if kind == FOLD:
        hand.fold()
    elif kind == CHECK_OR_CALL:
        hand.check_or_call()
    else:
        hand.raise_to(amount)


def _table_count(value: object, name: str) -> int:
    """``value`` as a count of tables, 1 to :data:`MAX_TABLES` (``name``: the caller's word for it).

    >>> _table_count(0, "num_envs")
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidRulesError: num_envs 0: use 1 to 100,000
    """
    tables = integer(value, name)
    if not 1 <= tables <= MAX_TABLES:
        raise InvalidRulesError(f"{name} {tables}: use 1 to {MAX_TABLES:,}")
    return tables


def _decision_array(name: str, values: npt.ArrayLike, tables: int) -> Int64Array:
    """A copy of ``values``, one integer a table, as int64 (made once; then checked).

    >>> _decision_array("kinds", [], 2)
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidArrayError: kinds of shape (0,): give one entry a table, shape (2,)
    >>> _decision_array("kinds", [1, [1], 1], 3)
    Traceback (most recent call last):
    ...
    holdem.errors.InvalidArrayError: kinds [1, [1], 1]: give one integer a table, shape (3,)
    >>> _decision_array("kinds", "abc", 2)
    Traceback (most recent call last):
    ...
    TypeError: kinds of dtype <U3: expected integers
    >>> _decision_array("amounts", numpy.array([6, 2**64 - 1], numpy.uint64), 2)
    Traceback (most recent call last):
    ...
    holdem.errors.IllegalActionError: table 1: amounts entry 18446744073709551615 is out of range (-2**63 to 2**63 - 1)
    >>> _decision_array("amounts", [6, 2**70], 2)
    Traceback (most recent call last):
    ...
    holdem.errors.IllegalActionError: table 1: amounts entry 1180591620717411303424 is out of range (-2**63 to 2**63 - 1)

    :raises InvalidArrayError: for a shape other than ``(tables,)``.
    :raises TypeError: for entries that are not integers (text or other objects, of any shape, included).
    :raises IllegalActionError: for an entry past 2**63 - 1.
    """
    if type(values) is numpy.ndarray and values.dtype == _INT64 and values.shape == (tables,):
        return values.copy()  # what a driver drawing with numpy gives: nothing to convert or check
    try:
        array = numpy.array(values, order="C")
    except ValueError:  # a ragged list
        raise InvalidArrayError(f"{name} {values!r}: give one integer a table, shape ({tables},)") from None
    # Numbers of another shape are a shape error; anything but numbers (text, objects) is a wrong type.
    if array.dtype.kind in "biufc" and array.shape != (tables,):
        raise InvalidArrayError(f"{name} of shape {array.shape}: give one entry a table, shape ({tables},)")
    entries: list[Any] = list(values) if array.dtype.kind in "Of" and array.shape == (tables,) else []  # type: ignore[arg-type]
    if entries and all(isinstance(entry, Integral) for entry in entries):
        array = numpy.array(entries, object)  # integers numpy did not hold as int64 or uint64 (mixed, or past both)
    elif array.dtype.kind not in "iu":
        raise TypeError(f"{name} of dtype {array.dtype}: expected integers")
    if array.dtype.kind in "uO":  # entries that may be past int64, compared as Python integers (exactly)
        past = next((table for table, entry in enumerate(array.tolist()) if not -(2**63) <= entry < 2**63), None)
        if past is not None:
            raise IllegalActionError(f"table {past}: {name} entry {array[past]} is out of range (-2**63 to 2**63 - 1)")
    return array.astype(numpy.int64, copy=False)


def _check_rules(rules: Rules) -> None:
    """Raise :class:`InvalidRulesError` for rules that a :class:`VectorGame` cannot play: those that wait
    for a choice no batch makes."""
    if rules.runs_by_agreement and rules.runouts > 1:
        raise InvalidRulesError(
            "runs by agreement: VectorGame does not wait for players to agree; "
            "give runs_by_agreement=False to run the board runouts times"
        )
    if rules.has_straddles and rules.voluntary_straddles:
        raise InvalidRulesError(
            "voluntary straddles: VectorGame asks no one whether to straddle; "
            "give voluntary_straddles=False to post them every hand"
        )
