"""Agents: bots that play hands, and four reference bots to play against.

An agent is any callable, or any object with an ``act`` method (:class:`Agent`),
that takes a seat's :class:`~holdem.views.HandView` (its own cards, the board,
stacks, bets, pots, the rules, the legal actions, the history so far with
other seats' cards hidden) and returns a decision in any of the usual words
(:meth:`Hand.act <holdem.hand.Hand.act>` reads them): ``"fold"``,
``"check"``, ``"call"``, ``"raise 60"`` or a pair such as ``("raise", 60)``
(bets and raises are stated as the total for the street), ``"all-in"``...
An agent may also have the hooks of :class:`AgentHooks`: ``end_hand(view)``,
called with its view once the hand is over (cards shown at showdown
included), ``reset(rng)``, called before a match (or each chunk of a
parallel match) or a table's or tournament's ``play`` with a
:class:`~holdem.cards.Rng` stream of its own, and, where the rules make them
choices, ``straddle`` and ``agree_runs``; an agent whose policy is known
says with ``policy(view)`` how likely each of its decisions is, which lets
:mod:`holdem.aivat` take the luck of its choices out of a match's results.
An agent never touches the :class:`~holdem.hand.Hand`.

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> def always_call(view):
...     return "call" if view.legal_actions.call else "check"
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100], seed=4)
>>> play_hand(hand, [always_call, TightBot()])
[]
>>> hand.is_over, sum(hand.payoffs)
(True, 0)
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple, Protocol, SupportsIndex, Union

from holdem.actions import ActionKind
from holdem.cards import CardsLike, Rng
from holdem.dealing import _straddle_seats
from holdem.equity import equity
from holdem.errors import AgentError, IllegalActionError, InvalidHandError
from holdem.hand import _PLAIN, Hand
from holdem.ranges import HandRange
from holdem.rules import Rules
from holdem.views import HandView, SeatStatus

__all__ = [
    "Agent",
    "AgentHooks",
    "AgentError",
    "CallingStation",
    "Decision",
    "EquityBot",
    "Fault",
    "REFERENCE_BOTS",
    "RandomBot",
    "TightBot",
    "agent_name",
    "ask_straddles",
    "play_hand",
    "pot_raise_to",
]

Decision = Union[ActionKind, str, tuple[Union[ActionKind, str], SupportsIndex]]
"""What an agent returns: words such as ``"call"`` or ``"raise 60"``, or a kind of action with the total
to bet or raise to (see :meth:`Hand.act <holdem.hand.Hand.act>`)."""


class Agent(Protocol):
    """An object that plays: ``act`` decides at its turn (a plain function of the view also works).

    It may also have the hooks of :class:`AgentHooks`.
    """

    def act(self, view: HandView) -> Decision: ...


class AgentHooks(Protocol):
    """The optional hooks of an :class:`Agent`; an agent may have any of them, or none."""

    def reset(self, rng: Rng) -> None:
        """Called before a match (each chunk of a parallel one) or a table's or tournament's ``play``,
        with a random stream of the agent's own: draw every random choice from it to be reproducible."""

    def end_hand(self, view: HandView) -> None:
        """Called once each hand is over, with the seat's final view (cards shown at showdown included)."""

    def straddle(self, seat: int, amount: int) -> bool:
        """Asked before the deal, in a voluntary straddle position (:func:`ask_straddles`): true to straddle."""

    def agree_runs(self, view: HandView, most: int) -> int:
        """Asked when the players all in agree on the runs of the board: the runs wanted, 1 to ``most``
        (an agent without this hook asks for one)."""

    def policy(self, view: HandView) -> Mapping[Decision, float]:
        """The probability of each decision ``act`` may make at this view (summing to 1; decisions it
        never makes may be left out), without drawing from the agent's stream.  Optional: an agent
        whose policy is known has it, and AIVAT (:mod:`holdem.aivat`) then corrects its decisions."""


class Fault(NamedTuple):
    """An agent's failure that was played as a fold: the hand's number, the agent, its seat, what went wrong."""

    hand: int
    agent: str
    seat: int
    message: str


def agent_name(agent: object) -> str:
    """A readable name for an agent: its ``name`` attribute, else its function or class name.

    >>> agent_name(RandomBot()), agent_name(len)
    ('random', 'len')
    """
    name = getattr(agent, "name", None)
    if isinstance(name, str):
        return name
    return getattr(agent, "__name__", type(agent).__name__)


def ask_straddles(agents: Sequence[object], rules: Rules, button: int | None = None) -> tuple[int, ...] | None:
    """Ask each agent in a straddle position whether it straddles the next hand; return the
    hand's ``straddles`` (``None`` when the rules' straddles are forced).

    Seat ``i`` is played by ``agents[i]``; ``button`` is the button's seat (default: the last).

    >>> from holdem.rules import Rules
    >>> class Straddler:
    ...     def straddle(self, seat, amount):
    ...         return True
    >>> rules = Rules.no_limit(1, 2, straddles=(4,))
    >>> ask_straddles([RandomBot(), RandomBot(), RandomBot(), Straddler()], rules, button=3)
    (0,)
    >>> ask_straddles([RandomBot(), RandomBot(), Straddler(), RandomBot()], rules, button=3)
    (4,)

    :raises AgentError: for a hook that raises.
    """
    if not (rules.has_straddles and rules.voluntary_straddles):
        return None
    count = len(agents)
    button = count - 1 if button is None else button
    chosen = [0] * len(rules.straddles_at(count))
    for seat, (position, amount) in _straddle_seats(rules, count, (button + 2) % count).items():
        if _wants_to_straddle(agents[seat], seat, amount, agent_name(agents[seat])):
            chosen[position] = amount
    return tuple(chosen)


def _wants_to_straddle(agent: object, seat: int, amount: int, name: str) -> bool:
    """What ``agent``'s ``straddle(seat, amount)`` hook says (no hook: no straddle).

    :raises AgentError: naming ``name``, the player, for a hook that raises.
    """
    hook = getattr(agent, "straddle", None)
    if hook is None:
        return False
    try:
        return bool(hook(seat, amount))
    except Exception as error:
        problem = f"agent {name!r} at seat {seat} raised {type(error).__name__} asked to straddle: {error}"
        raise AgentError(problem) from error


def pot_raise_to(view: HandView, fraction: float = 1.0) -> int:
    """The total to raise to for a raise of ``fraction`` of the pot (after calling), within the legal bounds.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> view = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=1).view(2)
    >>> pot_raise_to(view), pot_raise_to(view, 0.5), pot_raise_to(view, 100)
    (7, 4, 100)
    """
    legal = view.legal_actions
    if legal.min_raise_to is None or legal.max_raise_to is None:
        raise AgentError(f"seat {view.table_seat} may not bet or raise now")
    pot = view.pot + legal.call
    total = legal.current_bet + int(fraction * pot)
    return min(max(total, legal.min_raise_to), legal.max_raise_to)


def _agree_runs(
    hand: Hand,
    seat: int,
    hook: Callable[[HandView, int], int] | None,
    name: str,
    fold_on_error: bool,
    number: int,
    faults: list[Fault],
    seats: Sequence[int],
) -> None:
    """Ask ``seat``'s agent how many runs it wants (one without a hook, or when it fails and that is allowed)."""
    if hook is not None:
        shown = seats[seat]
        try:
            runs = hook(hand.view(seat), hand.rules.runouts)
        except Exception as error:
            problem, cause = f"agent {name!r} at seat {shown} raised {type(error).__name__}: {error}", error
        else:
            try:
                hand.agree_runs(seat, runs)
                return
            except (ValueError, TypeError) as error:
                problem = f"agent {name!r} at seat {shown} asked for {runs!r} runs: {_renumbered(error, seats)}"
                cause = error
        if not fold_on_error:
            raise AgentError(problem) from cause
        faults.append(Fault(number, name, shown, problem))
    hand.agree_runs(seat, 1)


# ------------------------------------------------------------ reference bots


class RandomBot:
    """Picks uniformly among the legal kinds of action; bets the minimum, half the pot, the pot or all in.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> RandomBot(seed=5).act(Hand(Rules.no_limit(1, 2), [100, 100], seed=1).view(1))
    (<ActionKind.RAISE: 'raise'>, 6)
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.random = random.Random(seed)

    def reset(self, rng: Rng) -> None:
        """Draw from a new stream."""
        self.random.seed(rng.random_raw())

    def act(self, view: HandView) -> Decision:
        kind = self.random.choice(view.legal_actions.kinds)
        if kind is ActionKind.BET or kind is ActionKind.RAISE:
            return kind, self.random.choice(_random_sizes(view))
        return kind

    def policy(self, view: HandView) -> dict[Decision, float]:
        """Each legal kind of action alike, a bet or raise split evenly among the four sizes.

        >>> from holdem.hand import Hand
        >>> from holdem.rules import Rules
        >>> chances = RandomBot().policy(Hand(Rules.no_limit(1, 2), [100, 100], seed=1).view(1))
        >>> {decision: round(chance, 3) for decision, chance in chances.items()}  # doctest: +NORMALIZE_WHITESPACE
        {<ActionKind.FOLD: 'fold'>: 0.333, <ActionKind.CALL: 'call'>: 0.333,
         (<ActionKind.RAISE: 'raise'>, 4): 0.167, (<ActionKind.RAISE: 'raise'>, 6): 0.083,
         (<ActionKind.RAISE: 'raise'>, 100): 0.083}
        """
        kinds = view.legal_actions.kinds
        share = 1 / len(kinds)
        chances: dict[Decision, float] = {}
        for kind in kinds:
            if kind is ActionKind.BET or kind is ActionKind.RAISE:
                for size in _random_sizes(view):
                    chances[kind, size] = chances.get((kind, size), 0.0) + share / 4
            else:
                chances[kind] = share
        return chances


def _random_sizes(view: HandView) -> tuple[int, int, int, int]:
    """The four totals :class:`RandomBot` bets or raises to: the minimum, half the pot, the pot and all in."""
    legal = view.legal_actions
    return legal.min_raise_to, pot_raise_to(view, 0.5), pot_raise_to(view), legal.max_raise_to  # type: ignore[return-value]


class CallingStation:
    """Never folds, never raises: checks or calls.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> CallingStation().act(Hand(Rules.no_limit(1, 2), [100, 100], seed=1).view(1))
    'call'
    """

    name = "station"

    def act(self, view: HandView) -> Decision:
        return "call" if view.legal_actions.call else "check"

    def policy(self, view: HandView) -> dict[Decision, float]:
        """Its one decision, for certain."""
        return {self.act(view): 1.0}


class TightBot:
    """Raise or fold by the hole cards alone: with a hand in ``hands``, raises the pot (or calls
    when it may not raise) on every street; otherwise checks or folds.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> TightBot().act(Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["7c2d", "AsAd"]).view(1))
    ('raise', 6)
    >>> TightBot().act(Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["AsAd", "7c2d"]).view(1))
    'fold'
    """

    name = "tight"

    def __init__(self, hands: str = "77+, A9s+, KTs+, QJs, AJo+, KQo") -> None:
        self.hands = HandRange(hands)

    def act(self, view: HandView) -> Decision:
        legal = view.legal_actions
        if self.hands.weight(view.hole_cards):
            if legal.min_raise_to is not None:
                return "raise", pot_raise_to(view)
            return "call" if legal.call else "check"
        return "fold" if legal.call else "check"

    def policy(self, view: HandView) -> dict[Decision, float]:
        """Its one decision, for certain."""
        return {self.act(view): 1.0}


class EquityBot:
    """Plays its equity against ``opponents`` (a range, for every opponent still in): raises the pot
    with at least ``raise_at`` times a fair share, calls when the pot odds pay, else checks or folds.

    Equity is sampled (``samples`` deals) from the bot's own random stream, so how likely each
    decision is near a threshold is not known: it has no ``policy`` hook.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["7c2d", "AsAd"])
    >>> EquityBot(seed=1).act(hand.view(1))
    ('raise', 6)
    """

    name = "equity"

    def __init__(
        self, opponents: str = "random", samples: int = 500, raise_at: float = 1.3, seed: int | None = None
    ) -> None:
        self.opponents = HandRange(opponents)
        self.samples = samples
        self.raise_at = raise_at
        self.random = random.Random(seed)

    def reset(self, rng: Rng) -> None:
        """Draw from a new stream."""
        self.random.seed(rng.random_raw())

    def act(self, view: HandView) -> Decision:
        legal = view.legal_actions
        others = sum(status is not SeatStatus.FOLDED for status in view.statuses) - 1
        players: list[str | HandRange | CardsLike] = [view.hole_cards, *[self.opponents] * others]
        share = equity(
            players, board=view.board, exact=False, samples=self.samples, seed=self.random.getrandbits(64), threads=1
        ).equity[0]
        if share * (others + 1) >= self.raise_at and legal.min_raise_to is not None:
            return "raise", pot_raise_to(view)
        if not legal.call:
            return "check"
        pot = view.pot + legal.call
        return "call" if share * pot >= legal.call else "fold"


REFERENCE_BOTS: dict[str, Callable[[], object]] = {
    "random": RandomBot,
    "station": CallingStation,
    "tight": TightBot,
    "equity": EquityBot,
}
"""The reference bots by name, as classes to call for a new bot."""


# --------------------------------------------------------------- playing


def play_hand(
    hand: Hand,
    agents: Sequence[object],
    *,
    names: Sequence[str] | None = None,
    fold_on_error: bool = False,
    number: int = 0,
) -> list[Fault]:
    """Play ``hand`` to its end, seat ``i`` played by ``agents[i]``; return the faults played as folds.

    Each agent gets ``hand.view(seat)`` at its turn.  An agent that raises or
    chooses an action the rules do not allow stops the hand with an
    :class:`AgentError` naming the agent (``names[i]``, else
    :func:`agent_name`) and the action; with ``fold_on_error`` it folds
    instead (checks when it may not fold) and a :class:`Fault` numbered
    ``number`` is returned.  Then each ``end_hand`` hook gets its seat's final view.

    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> play_hand(Hand(Rules.no_limit(1, 2), [100, 100], seed=1), [CallingStation(), lambda view: "check"])
    Traceback (most recent call last):
    ...
    holdem.errors.AgentError: agent '<lambda>' at seat 1 chose 'check': seat 1 may not check facing a bet of 2: call, raise or fold (legal: fold, call 1, or raise to 4 to 100)
    >>> faults = play_hand(Hand(Rules.no_limit(1, 2), [100, 100], seed=1),
    ...                    [CallingStation(), lambda view: "check"], fold_on_error=True)
    >>> faults[0].agent, faults[0].seat
    ('<lambda>', 1)

    :raises InvalidHandError: when there is not one agent per seat.
    :raises AgentError: for an agent's exception or illegal action, unless ``fold_on_error``.
    """
    count = hand.player_count
    if len(agents) != count:
        raise InvalidHandError(f"{len(agents)} agents for a hand of {count} players: give one per seat")
    names = [agent_name(agent) for agent in agents] if names is None else names
    return _play(hand, *_seated(agents), names, fold_on_error, number, range(count))


def _checked_agents(agents: object) -> Mapping[str, object]:
    """``agents``, a mapping of player names to agents, each a callable or an object with an ``act`` method.

    >>> _checked_agents([TightBot()])
    Traceback (most recent call last):
    ...
    TypeError: agents of type list: give a mapping of player names to agents, e.g. {'ann': TightBot()}

    :raises TypeError: for anything else.
    """
    if not isinstance(agents, Mapping):
        raise TypeError(
            f"agents of type {type(agents).__name__}: give a mapping of player names to agents, "
            "e.g. {'ann': TightBot()}"
        )
    for name, agent in agents.items():
        if not callable(getattr(agent, "act", agent)):
            raise TypeError(f"agent {agent!r} for {name!r}: give a function of the view, or an object with an act method")
    return agents


def _renumbered(error: Exception, seats: Sequence[int]) -> str:
    """A hand's ``error`` in words, the seat it begins with numbered as ``seats`` number the hand's seats.

    >>> _renumbered(IllegalActionError("seat 1 may not check facing a bet of 2"), [3, 5])
    'seat 5 may not check facing a bet of 2'
    """
    message = str(error)
    match = _LEADING_SEAT.match(message)
    if match is None or int(match[1]) >= len(seats):
        return message
    return f"seat {seats[int(match[1])]}{message[match.end():]}"


_LEADING_SEAT = re.compile(r"seat ([0-9]+)\b")


def _seated(
    agents: Sequence[object],
) -> tuple[
    list[Callable[[HandView], Decision]],
    list[tuple[int, Callable[[HandView], None]]],
    list[Callable[[HandView, int], int] | None],
]:
    """Each seat's ``act``, the seats with an ``end_hand`` hook, with the hook, and each seat's ``agree_runs``."""
    acts = [getattr(agent, "act", agent) for agent in agents]
    ends = [(seat, end) for seat, agent in enumerate(agents) if (end := getattr(agent, "end_hand", None)) is not None]
    runs = [getattr(agent, "agree_runs", None) for agent in agents]
    return acts, ends, runs  # type: ignore[return-value]


def _play(
    hand: Hand,
    acts: Sequence[Callable[[HandView], Decision]],
    ends: Sequence[tuple[int, Callable[[HandView], None]]],
    runs: Sequence[Callable[[HandView, int], int] | None],
    names: Sequence[str],
    fold_on_error: bool,
    number: int,
    seats: Sequence[int],
) -> list[Fault]:
    """:func:`play_hand` with each seat's ``act``, ``end_hand`` and ``agree_runs`` hooks (from :func:`_seated`),
    the seats numbered in messages and faults as ``seats`` number them (a table's seats)."""
    faults: list[Fault] = []
    next_view, plain = hand._actor_view, _PLAIN.get
    while True:
        view = next_view()
        if view is None:
            if not hand.runs_pending:
                break
            for seat in hand.runs_pending:
                _agree_runs(hand, seat, runs[seat], names[seat], fold_on_error, number, faults, seats)
            continue
        seat = view.seat
        shown = seats[seat]
        try:
            decision = acts[seat](view)
        except Exception as error:
            problem, cause = f"agent {names[seat]!r} at seat {shown} raised {type(error).__name__}: {error}", error
        else:
            # The usual words are played at once, the rest read by Hand.act.
            method = plain(decision) if type(decision) is str or type(decision) is ActionKind else None
            try:
                hand.act(decision) if method is None else method(hand)
                continue
            except (ValueError, TypeError) as error:
                if method is not None and isinstance(error, IllegalActionError):
                    error = hand._with_legal(error)
                problem = f"agent {names[seat]!r} at seat {shown} chose {decision!r}: {_renumbered(error, seats)}"
                cause = error
        if not fold_on_error:
            raise AgentError(problem) from cause
        faults.append(Fault(number, names[seat], shown, problem))
        if hand.legal_actions().fold:  # type: ignore[union-attr]
            hand.fold()
        else:
            hand.check_or_call()
    for seat, end_hand in ends:
        try:
            end_hand(hand.view(seat))
        except Exception as error:
            problem = (
                f"agent {names[seat]!r} at seat {seats[seat]} raised {type(error).__name__} "
                f"at the end of the hand: {error}"
            )
            if not fold_on_error:
                raise AgentError(problem) from error
            faults.append(Fault(number, names[seat], seats[seat], problem))
    return faults
