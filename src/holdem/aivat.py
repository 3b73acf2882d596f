"""AIVAT: results of hands with the luck taken out, for evaluating agents in fewer hands.

AIVAT (Burch, Schmid, Moravčík, Morrill and Bowling, "AIVAT: A New Variance
Reduction Technique for Agent Evaluation in Imperfect Information Games", AAAI
2018) keeps each hand's result and subtracts, at every event of luck, how much
better or worse that event went than expected, as a *value function* of the
state judges it:

- at each **chance event** (the deal of the hole cards, the flop, the turn, the
  river), the value after the event minus its expectation over every possible
  outcome of the event;
- at each **decision of an agent whose policy is known** (the ``policy`` hook
  of :class:`~holdem.agents.AgentHooks`), the value after the action taken
  minus its expectation under the policy.  Decisions of other agents get no
  correction.

Each correction has expectation zero whatever the value function, so the
estimate stays unbiased: a value function only decides how much variance goes
(:class:`ZeroValue` takes none away).  :func:`estimate` gives one finished
hand's estimates; :func:`~holdem.match.play_match` with ``aivat=True`` reports
them per agent beside the plain results.

>>> from holdem.agents import CallingStation, RandomBot, play_hand
>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [200, 200], seed=4)
>>> agents = [RandomBot(seed=1), CallingStation()]
>>> play_hand(hand, agents)
[]
>>> hand.payoffs
(200, -200)
>>> [round(value, 2) for value in estimate(hand, [agent.policy for agent in agents])]
[28.81, -28.81]
>>> estimate(hand, [agent.policy for agent in agents], ZeroValue())
(200.0, -200.0)
"""

from __future__ import annotations

import array
import collections
import functools
import importlib.resources
import itertools
import math
import numbers
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from holdem._aivat import asked_of, encode, plain as _plain, showdown_estimates, uncertain as _uncertain
from holdem._aivat import unplayed as _unplayed
from holdem.actions import Action, ActionKind
from holdem.cards import Card
from holdem.errors import AgentError, AivatError, InvalidHandError
from holdem.hand import Hand
from holdem.views import HandView

if TYPE_CHECKING:
    import numpy
    import numpy.typing as npt

__all__ = ["Policy", "ShowdownValue", "Situation", "ValueFunction", "ZeroValue", "checked_value", "estimate"]

Policy = Callable[[HandView], Mapping[object, float]]
"""An agent's ``policy`` hook: the probability of each decision it may make at a view."""

_DECISIONS = frozenset((ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE))
_STREET_SIZES = (3, 4, 5)


class Situation(NamedTuple):
    """A moment of a hand as a value function sees it, every card known.

    Per seat: ``hole_cards`` (empty before the deal), ``contributed`` (the
    chips put in the hand so far, this street's bets included), ``stacks``
    (chips behind) and ``folded``.  ``board`` holds the community cards so
    far, ``dead`` the cards out of the deck that no seat holds (cards exposed
    in the deal and replaced), and ``payoffs`` the hand's result once nothing
    is left to chance (``None`` before).
    """

    hole_cards: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    contributed: tuple[int, ...]
    stacks: tuple[int, ...]
    folded: tuple[bool, ...]
    payoffs: tuple[int, ...] | None = None
    dead: tuple[Card, ...] = ()


class ValueFunction(Protocol):
    """What AIVAT judges states with: any function of a :class:`Situation`, with its exact expectation.

    ``values`` gives each seat's value (in chips, as the hand's payoffs
    count them); ``expected`` the expectation of ``values`` over every
    outcome of the next chance event, each as likely as the deck makes it:
    every deal of the hole cards when none are dealt, else every flop (from
    an empty board), turn or river.  The estimate is unbiased whatever
    ``values`` is, provided ``expected`` is its true expectation.  Each must
    answer one finite number a seat: any other answer, or an exception, is
    an :class:`~holdem.errors.AivatError` naming the method at fault.
    """

    def values(self, situation: Situation) -> Sequence[float]: ...

    def expected(self, situation: Situation) -> Sequence[float]: ...


class ZeroValue:
    """The value function that is zero everywhere: no correction, the plain result.

    >>> ZeroValue().values(Situation(((), ()), (), (1, 2), (99, 98), (False, False)))
    (0.0, 0.0)
    """

    def values(self, situation: Situation) -> tuple[float, ...]:
        return (0.0,) * len(situation.stacks)

    def expected(self, situation: Situation) -> tuple[float, ...]:
        return (0.0,) * len(situation.stacks)


class ShowdownValue:
    """The baseline value function: each seat's share of the pot at showdown, minus its chips in.

    The pot is counted as if every bet were called by the players still in
    (each up to the chips they have; what no one can match goes back), and
    shared by the exact showdown equity of the hands still in over every way
    to complete the board, from the turn on; before the turn, only in a pot
    dealt heads-up (no hand folded, no card exposed), from a table of the
    exact preflop equity of every heads-up matchup.  Otherwise the pot is
    shared equally (before the deal, or before the turn with three hands or
    more, or with cards out of the deck, whose exact preflop equity costs
    milliseconds).  Once the hand is over the value is its result.  The
    expectation over the next chance event is exact: an exact equity is the
    average of the exact equities one card later (the core's enumeration, or
    the table before the flop), and before the deal every seat's equity
    averages an equal share.

    >>> situation = Situation(((51, 47), (7, 2)), (50, 36, 3), (20, 20), (180, 180), (False, False))
    >>> [round(value, 2) for value in ShowdownValue().values(situation)]
    [12.04, -12.04]
    """

    def __init__(self) -> None:
        self._shares: dict[tuple[object, ...], tuple[float, ...]] = {}

    def values(self, situation: Situation) -> tuple[float, ...]:
        if situation.payoffs is not None:
            return tuple(map(float, situation.payoffs))
        live = _live(situation)
        exact = len(situation.board) >= 4 or _dealt_heads_up(situation, live)
        return _pot_values(situation, live, self._equity(situation, live) if exact else None)

    def expected(self, situation: Situation) -> tuple[float, ...]:
        live = _live(situation)
        exact = len(situation.board) >= 3 or _dealt_heads_up(situation, live)
        return _pot_values(situation, live, self._equity(situation, live) if exact else None)

    def _equity(self, situation: Situation, live: list[int]) -> tuple[float, ...] | None:
        """The exact equity of the live seats' hands on the board, or ``None`` (equal shares) before the
        deal or for a pot no one contests."""
        holes = situation.hole_cards
        if not holes[live[0]] or len(live) == 1:
            return None
        key = (holes, situation.board, situation.folded, situation.dead)
        shares = self._shares.get(key)
        if shares is None:
            dead = [card for seat, cards in enumerate(holes) if situation.folded[seat] for card in cards]
            dead += situation.dead
            if situation.board or dead or len(live) != 2:
                shares = _enumerated([holes[seat] for seat in live], situation.board, dead)
            else:
                shares = _preflop(holes[live[0]], holes[live[1]])
            if len(self._shares) >= 1024:
                self._shares.clear()
            self._shares[key] = shares
        return shares


_DEALS_HEADS_UP = 2 * 1712304  # twice the boards of a heads-up matchup before the flop: C(48, 5)


@functools.cache
def _preflop_table() -> tuple[npt.NDArray[numpy.uint32], npt.NDArray[numpy.uint32]]:
    """The heads-up matchups' keys and twice the boards each first hand wins plus those it ties,
    read from the table shipped with the package (written by :func:`_write_preflop_table`)."""
    import numpy  # here, not at import: `import holdem` stays quick

    data = numpy.frombuffer(importlib.resources.files("holdem").joinpath("_preflop.bin").read_bytes(), "<u4")
    keys, halves = numpy.split(data.astype(numpy.uint32), 2)
    return numpy.ascontiguousarray(keys), numpy.ascontiguousarray(halves)


def _preflop(first: tuple[Card, ...], second: tuple[Card, ...]) -> tuple[float, float]:
    """The exact preflop equity of two hands against each other, from the table."""
    from holdem._aivat import matchup_index

    keys, halves = _preflop_table()
    index, swapped = matchup_index(keys, *first, *second)
    share = int(halves[index]) / _DEALS_HEADS_UP
    return (1 - share, share) if swapped else (share, 1 - share)


def _enumerated(holes: Sequence[tuple[Card, ...]], board: tuple[Card, ...], dead: Sequence[Card]) -> tuple[float, ...]:
    """The exact equity of known hands, by the core's enumeration of every runout."""
    import numpy

    from holdem._core import Matchup

    matchup = Matchup([[(cards[0], cards[1], 1.0)] for cards in holes], board, dead)
    tally = numpy.zeros((len(holes), len(holes) + 1))
    matchup.enumerate(0, 1, tally)
    rows = tally.tolist()
    runouts = sum(rows[0])
    return tuple(sum(row[winners] / winners for winners in range(1, len(row))) / runouts for row in rows)


def _write_preflop_table(path: str) -> None:
    """Write the table of exact heads-up preflop equities (a minute of work): the matchup keys, then
    for each the boards its first hand wins times two plus those it ties, as little-endian uint32."""
    import numpy

    from holdem._aivat import matchup_keys

    keys = matchup_keys()
    halves = numpy.zeros(len(keys), dtype="<u4")
    for index, key in enumerate(keys.tolist()):
        first, second = key >> 12, key & 0xFFF
        share, _ = _enumerated(((first >> 6, first & 63), (second >> 6, second & 63)), (), ())
        halves[index] = round(_DEALS_HEADS_UP * share)
    numpy.concatenate([keys.astype("<u4"), halves]).tofile(path)


def _dealt_heads_up(situation: Situation, live: list[int]) -> bool:
    """Two hands in, and no card out of the deck but theirs and the board."""
    return len(live) == 2 == len(situation.folded) and not situation.dead


def _live(situation: Situation) -> list[int]:
    return [seat for seat, folded in enumerate(situation.folded) if not folded]


def _pot_values(situation: Situation, live: list[int], equity: Sequence[float] | None) -> tuple[float, ...]:
    """Each seat's share of the pot (by ``equity`` of the ``live`` seats, else equal) less its chips in,
    every bet counted as called by the live seats as far as their chips go."""
    contributed, stacks = situation.contributed, situation.stacks
    top = max([contributed[seat] for seat in live])
    matched = list(contributed)
    highest = second = 0
    for seat in live:
        chips = matched[seat] = min(contributed[seat] + stacks[seat], top)
        if chips > highest:
            highest, second = chips, highest
        elif chips > second:
            second = chips
    if len(live) == 1:
        second = highest
    for seat in live:
        if matched[seat] > second:
            matched[seat] = second  # what no one can match goes back
    pot = sum(matched)
    values = [-float(chips) for chips in matched]
    equal = 1 / len(live)
    for index, seat in enumerate(live):
        values[seat] += pot * (equal if equity is None else equity[index])
    return tuple(values)


def estimate(
    hand: Hand,
    policies: Sequence[Policy | None] | None = None,
    value: ValueFunction | None = None,
) -> tuple[float, ...]:
    """Each seat's AIVAT estimate of its payoff in the finished ``hand``.

    ``policies`` gives each seat's ``policy`` hook, or ``None`` for a seat whose
    policy is not known (default: none known); ``value`` is the value function
    (default: :class:`ShowdownValue`).  The hand's public history is walked
    event by event: the deal, each board card dealt to the first run of the
    board (further runs get no correction), and each decision of a seat with a
    policy, asked again at the view it decided at (the hand is replayed for
    them), each of its choices valued.

    :raises InvalidHandError: for a hand not over, with hole cards not known, or
        with not one policy a seat.
    :raises AgentError: for a policy that raises, gives a decision the rules do not
        allow, chances that are not probabilities summing to 1, or no chance to
        the decision the seat made.
    :raises AivatError: for a value function that raises, or answers other than one
        finite number a seat.
    :raises TypeError: for a ``hand`` that is not a :class:`~holdem.hand.Hand`, policies
        that are not a sequence of callables or ``None``, or a ``value`` without
        ``values`` and ``expected`` methods.
    """
    if not isinstance(hand, Hand):
        raise TypeError(f"hand {hand!r}: give a finished holdem Hand")
    if isinstance(policies, (str, bytes)) or not isinstance(policies, (Sequence, type(None))) or not all(
        policy is None or callable(policy) for policy in policies or ()
    ):
        raise TypeError(f"policies {policies!r}: give a sequence of policy hooks, None for a seat whose policy is not known")
    count = hand.player_count
    policies = [None] * count if policies is None else list(policies)
    if len(policies) != count:
        raise InvalidHandError(f"{len(policies)} policies for a hand of {count} players: give one per seat")
    judge = checked_value(ShowdownValue() if value is None else value)
    holes = _checked_holes(hand)
    asked = _replayed(hand, holes, policies) if any(policies) and not hand.is_void else None
    return _estimate(hand, holes, asked, judge)


def checked_value(value: object) -> ValueFunction:
    """``value``, a value function, with each of its answers checked: one finite number a seat.

    >>> situation = Situation(((), ()), (), (1, 2), (99, 98), (False, False))
    >>> class Short(ZeroValue):
    ...     def values(self, situation):
    ...         return [0.0]
    >>> checked_value(Short()).values(situation)
    Traceback (most recent call last):
    ...
    holdem.errors.AivatError: the value function's values gave [0.0]: give one finite number for each of the 2 seats

    :raises TypeError: for a ``value`` without ``values`` and ``expected`` methods.
    """
    if isinstance(value, _Checked):
        return value
    if isinstance(value, type) or not all(callable(getattr(value, name, None)) for name in ("values", "expected")):
        raise TypeError(f"value {value!r}: give a value function, with values(situation) and expected(situation)")
    return _Checked(value)  # type: ignore[arg-type]


class _Checked:
    """A value function whose answers are checked (:func:`checked_value`)."""

    def __init__(self, value: ValueFunction) -> None:
        self.value = value

    def values(self, situation: Situation) -> Sequence[float]:
        return _answer(self.value.values, situation, "values")

    def expected(self, situation: Situation) -> Sequence[float]:
        return _answer(self.value.expected, situation, "expected")


def _answer(method: Callable[[Situation], Sequence[float]], situation: Situation, name: str) -> Sequence[float]:
    """What a value function's ``method`` says of ``situation``, if it is one finite number a seat.

    :raises AivatError: for anything else, or an exception of the method.
    """
    try:
        answer = method(situation)
    except Exception as error:
        raise AivatError(f"the value function's {name} raised {type(error).__name__}: {error}") from error
    count = len(situation.stacks)
    if type(answer) is tuple and len(answer) == count and all(type(number) is float for number in answer):
        if math.isfinite(sum(answer)):  # the common answer, checked quickly: a sum of finite floats may
            return answer  # overflow, and then each is checked below
    try:
        fits = len(answer) == count and all(
            isinstance(number, numbers.Real) and not isinstance(number, bool) and math.isfinite(number)
            for number in answer
        )
    except TypeError:  # no length, or not iterable
        fits = False
    if not fits:
        raise AivatError(
            f"the value function's {name} gave {answer!r}: give one finite number for each of the {count} seats"
        )
    return answer


class _Recorder:
    """What the agents of a match with a ``policy`` hook say at each of their decisions, recorded as
    they decide (their ``act`` wrapped), for the estimates of the hands played without replaying
    them.  With the baseline value function the estimates are computed in the core, all the
    hands added at once (:meth:`estimates`)."""

    def __init__(self, count: int, value: ValueFunction) -> None:
        self.asked: list[collections.deque[tuple[HandView, Mapping[object, float]]]] = [
            collections.deque() for _ in range(count)
        ]
        self.value = checked_value(value)
        self.batched = type(value) is ShowdownValue
        self.done: list[tuple[float, ...] | int] = []  # each hand's estimates, or its seats while batched
        self.codes: list[int] = []
        self.chances: list[float] = []

    def wrap(self, seat: int, act: Callable[[HandView], object], policy: Policy | None) -> Callable[[HandView], object]:
        """``act``, recording the ``policy``'s chances at each view first (``act`` itself without one)."""
        if policy is None:
            return act
        asked = self.asked[seat]

        def asking(view: HandView) -> object:
            chances = policy(view)
            decision = act(view)
            asked.append((view, chances))
            return decision

        return asking

    def add(self, hand: Hand, faulted: Collection[int]) -> None:
        """Take the hand just played (its ``faulted`` seats' decisions not corrected) for :meth:`estimates`."""
        queues = self.asked
        try:
            holes = _checked_holes(hand)
            asked = asked_of(hand.history, queues, faulted)
        finally:
            for queue in queues:
                queue.clear()
        if self.batched and not hand.is_void and encode(hand, holes, iter(asked), self.codes, self.chances):
            self.done.append(hand.player_count)
        else:
            self.done.append(_estimate(hand, holes, iter(asked), self.value))

    def estimates(self) -> list[tuple[float, ...]]:
        """The estimates of the hands added, in turn, and none kept."""
        done = self.done
        if self.codes:
            import numpy

            out = numpy.empty(sum(entry for entry in done if type(entry) is int))
            codes, chances = array.array("q", self.codes), array.array("d", self.chances)
            showdown_estimates(codes, chances, *_preflop_table(), out)
            values = iter(out.tolist())
            done = [tuple(itertools.islice(values, entry)) if type(entry) is int else entry for entry in done]
        self.done, self.codes, self.chances = [], [], []
        return done  # type: ignore[return-value]


def _checked_holes(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """Every seat's hole cards, of a hand that is over.

    :raises InvalidHandError: for a hand not over, or with hole cards not known.
    """
    if not hand.is_over:
        raise InvalidHandError("the hand is not over: AIVAT estimates finished hands")
    holes = tuple(hand.hole_cards(seat) for seat in range(hand.player_count))
    if not hand.is_void and not all(holes):
        raise InvalidHandError("a seat's hole cards are not known: AIVAT needs every card")
    return holes


Asked = Iterator["tuple[HandView, Mapping[object, float]] | None"]
"""For each decision of a hand in turn: the view it was made at and the chances its seat's policy gave
there, or ``None`` for a seat whose policy is not known."""


def _replayed(hand: Hand, holes: tuple[tuple[Card, ...], ...], policies: Sequence[Policy | None]) -> Asked:
    """Each decision's view and its policy's chances, by replaying the hand on a copy dealt as it was."""
    again = _dealt_again(hand, holes)
    for action in hand.history:
        if action.kind in _DECISIONS:
            seat: int = action.seat  # type: ignore[assignment]
            policy = policies[seat]
            if policy is None:
                yield None
            else:
                view = again.view(seat)
                try:
                    chances = policy(view)
                except Exception as error:
                    raise AgentError(f"the policy of seat {seat} raised {type(error).__name__}: {error}") from error
                yield view, chances
        _step(again, action)


def _dealt_again(hand: Hand, holes: tuple[tuple[Card, ...], ...]) -> Hand:
    """A new hand dealt the cards ``hand`` was dealt, at its start."""
    board = [card for action in hand.history if action.kind is ActionKind.DEAL_BOARD and not action.amount
             for card in action.cards]  # fmt: skip
    rules = hand.rules
    return Hand(
        rules, hand.starting_stacks, hand.button, hole_cards=holes, board=board,
        dead_small_blind=hand.dead_small_blind, posts=hand.posts,
        straddles=hand.straddles if rules.voluntary_straddles else None,
    )  # fmt: skip


def _step(again: Hand, action: Action) -> None:
    """Play a record of the first hand's history on the hand dealt again: its decisions, the runs agreed
    and the boards of further runs (the rest it deals and awards by itself)."""
    kind = action.kind
    if kind in _DECISIONS:
        again.act(kind, action.amount if kind is ActionKind.BET or kind is ActionKind.RAISE else None)
    elif kind is ActionKind.RUNS and action.seat is not None:
        again.agree_runs(action.seat, action.amount)
    elif kind is ActionKind.DEAL_BOARD and again.cards_needed:
        again.deal_board(action.cards)


def _estimate(hand: Hand, holes: tuple[tuple[Card, ...], ...], asked: Asked | None, value: ValueFunction) -> tuple[float, ...]:
    """:func:`estimate` of a finished hand, the known policies' chances at its decisions from ``asked``."""
    payoffs = hand.payoffs
    if hand.is_void:
        return tuple(map(float, payoffs))
    count = hand.player_count
    history = hand.history
    dead = tuple(card for action in history if action.kind is ActionKind.EXPOSE for card in action.cards)
    contributed, bets, folded = [0] * count, [0] * count, [False] * count
    board: tuple[Card, ...] = ()
    starting = hand.starting_stacks
    corrections = [0.0] * count
    dealt = False

    def situation(cards: tuple[tuple[Card, ...], ...] = holes) -> Situation:
        stacks = tuple(start - chips for start, chips in zip(starting, contributed))
        return Situation(cards, board, tuple(contributed), stacks, tuple(folded), None, dead)

    def correct(after: Sequence[float], expected: Sequence[float]) -> None:
        for seat in range(count):
            corrections[seat] += after[seat] - expected[seat]

    for action in history:
        kind = action.kind
        if kind is ActionKind.POST_BLIND or kind is ActionKind.POST_ANTE or kind is ActionKind.POST_DEAD:
            contributed[action.seat] += action.amount  # type: ignore[index]
            if kind is ActionKind.POST_BLIND:
                bets[action.seat] += action.amount  # type: ignore[index]
            continue
        if kind is ActionKind.DEAL_HOLE or kind is ActionKind.EXPOSE:
            continue
        if not dealt:
            dealt = True
            correct(value.values(situation()), value.expected(situation(((),) * count)))
        if kind in _DECISIONS:
            known = None if asked is None else next(asked)
            if known is not None and _uncertain(known[1], action):
                correct(*_action_values(*known, action, value, situation(), bets, hand))
            _apply(action, contributed, bets, folded)
        elif kind is ActionKind.RETURN:
            contributed[action.seat] -= action.amount  # type: ignore[index]
            bets[action.seat] -= action.amount  # type: ignore[index]
        elif kind is ActionKind.DEAL_BOARD and not action.amount:
            bets = [0] * count
            cards = board + action.cards
            for size in _STREET_SIZES:
                if len(board) < size <= len(cards):
                    before = situation()
                    board = cards[:size]
                    correct(value.values(situation()), value.expected(before))
    return tuple(payoff - correction for payoff, correction in zip(payoffs, corrections))


def _apply(action: Action, contributed: list[int], bets: list[int], folded: list[bool]) -> None:
    """Count a decision's chips in (a call's amount, a bet's or raise's total for the street)."""
    seat: int = action.seat  # type: ignore[assignment]
    if action.kind is ActionKind.FOLD:
        folded[seat] = True
        return
    added = action.amount if action.kind is ActionKind.CALL else action.amount - bets[seat]
    if action.kind is not ActionKind.CHECK:
        contributed[seat] += added
        bets[seat] += added


def _action_values(
    view: HandView, chances: Mapping[object, float], taken: Action, value: ValueFunction, now: Situation,
    bets: list[int], hand: Hand,
) -> tuple[Sequence[float], list[float]]:
    """The values after the action ``taken`` and their expectation under the policy's ``chances`` at
    ``view``.  A decision in words other than a kind of action is read by playing it on a copy of the
    hand at that point (``hand`` replayed)."""
    seat: int = taken.seat  # type: ignore[assignment]
    count = len(now.stacks)
    expected = [0.0] * count
    after: Sequence[float] | None = None
    starting = hand.starting_stacks
    at: Hand | None = None
    for decision, chance in chances.items():
        played = _plain(decision, view)
        payoffs = None
        if played is None:  # other words: the hand reads them, on a copy
            at = _at_decision(hand, view) if at is None else at
            trial = at.copy()
            try:
                played = trial.act(decision)
            except (ValueError, TypeError) as error:
                raise AgentError(f"the policy of seat {seat} gives {decision!r}: {error}") from error
            if trial.is_over and trial.boards == at.boards:  # over with nothing more to chance
                payoffs = trial.payoffs
        contributed, street, folded = list(now.contributed), list(bets), list(now.folded)
        _apply(played, contributed, street, folded)
        stacks = tuple(start - chips for start, chips in zip(starting, contributed))
        values = value.values(
            Situation(now.hole_cards, now.board, tuple(contributed), stacks, tuple(folded), payoffs, now.dead)
        )
        for index in range(count):
            expected[index] += chance * values[index]
        if played == taken:
            after = values
    if after is None:
        raise _unplayed(taken)
    return after, expected


def _at_decision(hand: Hand, view: HandView) -> Hand:
    """The hand replayed to the decision of ``view``: its history's records up to there."""
    again = _dealt_again(hand, tuple(hand.hole_cards(seat) for seat in range(hand.player_count)))
    for action in hand.history[: len(view.history)]:
        _step(again, action)
    return again
