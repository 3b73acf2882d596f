"""Hand after hand at a table, played by agents: the loop of :meth:`Table.play <holdem.table.Table.play>`
and :meth:`Tournament.play <holdem.tournament.Tournament.play>`.

>>> from holdem.agents import CallingStation, TightBot
>>> from holdem.rules import Rules
>>> from holdem.table import Table
>>> table = Table(Rules.no_limit(1, 2), seats=6, seed=1)
>>> table.join("ann", 0, 100); table.join("bob", 3, 100)
>>> play_table(table, {"ann": CallingStation(), "bob": TightBot()}, hands=5)
[]
>>> len(table.hands)
5
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from holdem._core import Rng
from holdem.agents import Fault, _checked_agents, _play, _seated, _wants_to_straddle
from holdem.errors import AgentError, TableError, check_type
from holdem.limits import integer

if TYPE_CHECKING:
    from holdem.table import Table


class _Playable(abc.ABC):
    """A :class:`~holdem.table.Table`, which registers itself here: the loop checks its argument without
    importing the table module (which imports this one), and without reading the table's properties, as a
    runtime protocol's check does on Python 3.10 and 3.11 (``hands`` copies every hand played)."""


__all__ = ["PLAY_HANDS_LIMIT", "play_table"]

PLAY_HANDS_LIMIT = 10_000
"""The most hands :func:`play_table` plays in one call when not told how many: agents that never
bust one another (always folding, say) would otherwise play for ever."""


def play_table(
    table: Table,
    agents: Mapping[str, object],
    hands: int | None = None,
    *,
    seed: int | None = None,
    fold_on_error: bool = False,
    go_on: Callable[[], bool] | None = None,
    after_hand: Callable[[], None] | None = None,
) -> list[Fault]:
    """Play ``hands`` hands at ``table`` with ``agents``, one per seated player by name (default: until
    the session is over, at most :data:`PLAY_HANDS_LIMIT` hands a call, so that every call returns).

    Before each hand ``go_on()``, when given, says whether to play it (a
    tournament eliminates its busted players there); play also stops once the
    table's session is over or fewer than two players are in play.
    ``after_hand()``, when given, is called after each hand.

    First each agent's ``reset(rng)`` hook gets a stream of its own from
    ``seed`` (default: drawn from the table's generator, so that a table made
    with a seed plays the same way every time).  Then before each deal the
    agents in a straddle position (:meth:`Table.straddle_offers
    <holdem.table.Table.straddle_offers>`) are asked by their
    ``straddle(seat, amount)`` hook (``seat``: their table seat), and each hand
    is played as :func:`~holdem.agents.play_hand` plays it (the views'
    ``table_seat`` is the player's seat at this table).  The faults played as
    folds with ``fold_on_error`` are returned, numbered by hand, their seats
    and messages table seats (a ``straddle`` hook that fails is a fault too,
    and no straddle).  An agent that fails without ``fold_on_error`` voids the
    hand in progress: the table goes back to as it was before that deal
    (stacks, button, blinds owed, straddles declared), the hand leaves
    :attr:`~holdem.table.Table.hands`, and the :class:`~holdem.errors.AgentError` is raised.

    :raises TableError: during a hand, for agents that are not one per seated player, or a negative ``hands``.
    :raises AgentError: when an agent fails, unless ``fold_on_error``.
    :raises TypeError: for a ``table`` that is not a :class:`~holdem.table.Table`, agents that are not a
        mapping of names to callables or objects with ``act``, a count of hands that is not an integer,
        a ``fold_on_error`` that is not a bool, ``go_on`` or ``after_hand`` not callable, or a ``go_on``
        that returns other than ``True`` or ``False``.
    """
    if not isinstance(table, _Playable):
        raise TypeError(f"table: use a Table, got {type(table).__name__}")
    _checked_agents(agents)
    check_type(fold_on_error, bool, "fold_on_error")
    for name, hook in (("go_on", go_on), ("after_hand", after_hand)):
        if hook is not None and not callable(hook):
            raise TypeError(f"{name} {hook!r}: give a function of no arguments, or None")
    if table.hand is not None:
        raise TableError("a hand is in progress: play starts between hands")
    names = set(table.stacks())
    if set(agents) != names:
        raise TableError(
            f"agents for {sorted(agents)!r} at a table of {sorted(names)!r}: give one for each seated player"
        )
    if hands is not None and integer(hands, "hands") < 0:
        raise TableError(f"hands {hands!r}: use a count of hands from 0, or None to play the session out")
    streams = Rng(table._rng.random_raw() if seed is None else seed).spawn(len(agents))
    for agent, stream in zip(agents.values(), streams):
        reset = getattr(agent, "reset", None)
        if reset is not None:
            reset(stream)
    acts, ends, runs = _seated(list(agents.values()))
    order = list(agents)
    act_of, runs_of = dict(zip(order, acts)), dict(zip(order, runs))
    end_of = {order[index]: end for index, end in ends}
    faults: list[Fault] = []
    for _ in range(PLAY_HANDS_LIMIT if hands is None else hands):
        if (go_on is not None and not _going_on(go_on)) or not table.can_deal:
            break
        straddling = _ask_straddles(table, agents, fold_on_error, faults)
        current = table._deal(straddling)
        names_dealt = current.names
        try:
            faults += _play(
                current.hand,
                [act_of[name] for name in names_dealt],
                [(seat, end_of[name]) for seat, name in enumerate(names_dealt) if name in end_of],
                [runs_of[name] for name in names_dealt],
                names_dealt,
                fold_on_error,
                current.number,
                current.deal.seats,
            )
        finally:  # an agent's failure voids a hand unfinished
            table._close(current)
        if after_hand is not None:
            after_hand()
    return faults


def _going_on(go_on: Callable[[], bool]) -> bool:
    """What ``go_on()`` says, a bool.

    >>> _going_on(lambda: "no")
    Traceback (most recent call last):
    ...
    TypeError: go_on returned 'no': it must return True or False
    """
    answer = go_on()
    if not isinstance(answer, bool):
        raise TypeError(f"go_on returned {answer!r}: it must return True or False")
    return answer


def _ask_straddles(table: Table, agents: Mapping[str, object], fold_on_error: bool, faults: list[Fault]) -> set[str]:
    """The players who straddle the next deal, asked by their agents' ``straddle(seat, amount)`` hooks;
    with ``fold_on_error`` a hook that fails is a fault (appended to ``faults``), and no straddle."""
    straddling = set()
    for name, amount in table.straddle_offers().items():
        seat = table.seat_of(name)
        try:
            if _wants_to_straddle(agents[name], seat, amount, name):
                straddling.add(name)
        except AgentError as error:
            if not fold_on_error:
                raise
            faults.append(Fault(len(table.hands) + 1, name, seat, str(error)))
    return straddling
