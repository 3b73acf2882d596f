"""One hand of Texas Hold'em as a state machine, from forced bets to settlement.

A :class:`Hand` posts the antes and blinds, deals, and then waits for the
player to act.  :meth:`Hand.legal_actions` says what that player may do;
:meth:`Hand.fold`, :meth:`Hand.check_or_call`, :meth:`Hand.raise_to` (and
:meth:`Hand.act` for any of them) play it.  Streets, all-in runouts, side pots,
showdown and the award of the pots follow by themselves.

Seats are numbered clockwise; by default the button is the last seat, so seat
0 is the small blind (heads-up: the big blind, and the button posts the small
blind).  Hole cards are dealt one at a time from the seat left of the button,
with a burn card before the flop, the turn and the river.

>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
>>> hand.actor, hand.legal_actions().call
(2, 2)
>>> hand.raise_to(6)
Action('raise', 2, 6)
>>> hand.fold(), hand.fold()
(Action('fold', 0), Action('fold', 1))
>>> hand.is_over, hand.stacks, hand.payoffs
(True, (99, 98, 103), (-1, -2, 3))
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, SupportsIndex

from holdem import _hand
from holdem._hand import HandCore, record
from holdem.actions import Action, ActionKind, IllegalActionError, LegalActions, read_decision
from holdem.cards import Card, CardsLike, format_cards, parse_card, parse_cards
from holdem.dealing import (
    _card_layout,
    _checked_posts,
    _checked_table_seats,
    _hand_straddles,
    checked_stacks,
)
from holdem.errors import CardCountError, DuplicateCardError, InvalidHandError, InvalidHistoryError
from holdem.limits import integer
from holdem.pots import Pot, build_pots
from holdem.rules import Rules
from holdem.views import HIDDEN_DEALS, HandView, SeatStatus, Street

__all__ = ["Hand"]


class _Absent(enum.Enum):
    """The default of an argument left out, where ``None`` is a value that a caller may pass."""

    AMOUNT = "no amount given"


_DEAL_HOLE = ActionKind.DEAL_HOLE
_POST_BLIND = ActionKind.POST_BLIND
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_DEAL_BOARD = ActionKind.DEAL_BOARD
_SHOW = ActionKind.SHOW
_DECISIONS = frozenset((ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET, ActionKind.RAISE))
_MUCK = ActionKind.MUCK
_RUNS = ActionKind.RUNS
_EXPOSE = ActionKind.EXPOSE
_MISDEAL = ActionKind.MISDEAL
_STREETS = tuple(Street)


class Hand(HandCore):
    """One deal of Texas Hold'em.

    ``stacks`` are the seats' chips before the hand, clockwise; ``button`` is
    the dealer's seat (default: the last seat).  The cards come from a deck
    shuffled with ``seed``; or from ``deck``, all cards top first (seat left of
    the button gets ``deck[0]`` and ``deck[n]``, then a burn, the flop, a burn,
    the turn, a burn, the river, then any further boards); or from
    ``hole_cards`` (one pair per seat) and an optional ``board`` of 0, 3, 4 or
    5 cards, in which case missing board cards are entered with
    :meth:`deal_board` when the hand needs them.  A pair of hole cards may be
    ``None``: not known (its ``DEAL_HOLE`` record has no cards).  The hand
    plays on; at showdown it waits for that seat to :meth:`muck`.

    At showdown the hands show or are mucked by themselves (a hand that cannot
    win is mucked unless the rules say every hand shows).  With
    ``manual_showdown`` the showdown waits instead for each hand still in to
    :meth:`show` or :meth:`muck` (``showdown_seats`` lists them), as a
    hand history records it; a mucked hand gives up its share of the pots.

    The blinds and straddles are posted by position from the seat left of the
    button, as the rules say.  With ``dead_small_blind`` no small blind is
    posted: the first seat left of the button posts the big blind, and the
    button still acts last after the flop.  ``posts`` maps seats to the
    forced bets of players coming into the game out of position, as
    ``(live, dead)`` chips posted after the blinds: the live part is a bet
    (it counts toward the seat's bet, and the seat has the option to raise when
    the action comes back to it unraised), the dead part goes straight into
    the pot (an ``ActionKind.POST_DEAD`` record).  Action before the flop
    still starts left of the big blind (or the last straddle).  When the
    rules' straddles are voluntary, ``straddles`` are this hand's, by position
    after the big blind as in the rules: each 0 (no straddle) or the amount the
    rules allow there.

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100] * 4, dead_small_blind=True, posts={2: (2, 1)}, seed=1)
    >>> hand.bets, hand.pot_total, hand.actor
    ((2, 0, 2, 0), 1, 1)

    ``table_seats`` gives each seat's number at a table, which the seats'
    views show as ``table_seat`` (:class:`~holdem.table.Table` gives them).

    :raises InvalidRulesError: for a table the rules cannot seat.
    :raises InvalidHandError: for a stack that is not a positive integer, a
        button off the table, more than one source of cards, table seats
        that are not one different seat each, or straddles the rules do not
        allow.
    :raises InvalidCardError: for bad or repeated cards (``CardCountError`` for
        too few).
    """

    __slots__ = ()

    if not TYPE_CHECKING:  # the core's, typed in its stub: the arguments above, read without a Python frame
        __init__ = HandCore.Hand

    # ------------------------------------------------------------------ setup
    # The core deals the usual hand itself and asks these of the others.

    @staticmethod
    def _checked_stacks(stacks: Sequence[int]) -> list[int]:
        return checked_stacks(stacks)

    @staticmethod
    def _checked_button(button: object, count: int) -> int:
        seat = integer(button, "button")
        if not 0 <= seat < count:
            raise InvalidHandError(f"button {button!r}: use a seat from 0 to {count - 1}")
        return seat

    def _card_layout(
        self,
        seed: int | None,
        deck: CardsLike | None,
        hole_cards: Sequence[CardsLike | None] | None,
        board: CardsLike | None,
    ) -> tuple[Card, ...]:
        return _card_layout(self._order, seed, deck, hole_cards, board)

    def _hand_straddles(self, straddles: Sequence[int] | None) -> tuple[int, ...]:
        return _hand_straddles(self.rules, self._count, straddles)

    def _checked_table_seats(self, table_seats: Sequence[int]) -> tuple[int, ...]:
        return _checked_table_seats(table_seats, self._count)

    def _checked_posts(self, posts: Mapping[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
        return _checked_posts(posts, self._count)

    @classmethod
    def replay(
        cls,
        rules: Rules,
        stacks: Sequence[int],
        history: Iterable[Action],
        button: int | None = None,
        **options: Any,
    ) -> Hand:
        """Play a hand again from its history: its hole cards, boards and decisions.

        ``options`` are those the hand was created with (``dead_small_blind``, ``posts``,
        ``manual_showdown``, ``straddles``); the showdown takes its shows and mucks from
        the history when it waits for them, and the exposed cards, misdeals and runs
        agreed are played again from their records.

        >>> from holdem.rules import Rules
        >>> rules = Rules.no_limit(1, 2)
        >>> hand = Hand(rules, [100, 100, 100], seed=9)
        >>> while not hand.is_over:
        ...     _ = hand.check_or_call()
        >>> again = Hand.replay(rules, [100, 100, 100], hand.history)
        >>> again.history == hand.history and again.stacks == hand.stacks
        True

        :raises InvalidHistoryError: for a decision made by a seat that is not the one to act.
        """
        history = list(history)
        for action in history:
            if not isinstance(action, Action):
                raise TypeError(f"history item {action!r}: a history is a sequence of Action records")
        deals = [action.seat for action in history if action.kind is ActionKind.DEAL_HOLE]
        holes = {action.seat: action.cards for action in history if action.kind is ActionKind.DEAL_HOLE}
        board = [card for action in history if action.kind is _DEAL_BOARD and not action.amount for card in action.cards]
        if len(deals) != len(stacks) or set(deals) != set(range(len(stacks))):
            raise CardCountError(
                f"the history deals hole cards to seats {deals}: deal once to each of the seats 0 to {len(stacks) - 1}"
            )
        replacements = {}
        for action in history:
            if action.kind is _EXPOSE:  # dealt the exposed card first, then its replacement
                if action.amount not in (0, 1) or len(holes.get(action.seat, ())) != 2 or len(action.cards) != 1:
                    raise InvalidHistoryError(f"{action!r} in the history: an exposed card is one of a seat's two")
                pair = list(holes[action.seat])
                replacements[action.seat] = pair[action.amount]
                pair[action.amount] = action.cards[0]
                holes[action.seat] = tuple(pair)
        hole_cards = [holes[seat] or None for seat in range(len(stacks))]
        hand = cls(rules, stacks, button, hole_cards=hole_cards, board=board, **options)
        for action in history:
            if action.kind is _EXPOSE:
                hand.replace_exposed(action.seat, action.cards[0], replacements[action.seat])  # type: ignore[arg-type]
            elif action.kind is _MISDEAL:
                hand.misdeal()
            elif action.kind is _SHOW and hand.is_over and action.seat not in hand.shown_cards():
                hand.show(action.seat)  # type: ignore[arg-type]  # a winner without a showdown
            elif action.kind in _DECISIONS:
                if action.seat != hand.actor:
                    raise InvalidHistoryError(
                        f"{action!r} in the history: seat {action.seat} acts out of turn, "
                        f"the seat to act is {hand.actor}"
                    )
                hand.act(action.kind, action.amount if action.kind is _BET or action.kind is _RAISE else None)
            elif (action.kind is _SHOW or action.kind is _MUCK) and action.seat in hand._waiting:
                hand._show_or_muck(action.seat, action.kind is _SHOW)
            elif action.kind is _RUNS and action.seat is not None:
                hand.agree_runs(action.seat, action.amount)
            elif action.kind is _DEAL_BOARD and action.amount and hand.cards_needed:
                hand.deal_board(action.cards)  # another run's board
        return hand

    # -------------------------------------------------------------- reading

    @property
    def player_count(self) -> int:
        """The number of seats dealt in."""
        return self._count

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._button

    @property
    def straddles(self) -> tuple[int, ...]:
        """The straddles posted in this hand (asked for), by position after the big blind as in the rules."""
        return self._straddles

    @property
    def positions(self) -> tuple[str, ...]:
        """Each seat's position name (:func:`~holdem.views.position_names`), by seat.

        >>> from holdem.rules import Rules
        >>> Hand(Rules.no_limit(1, 2), [100] * 4, button=1, seed=1).positions
        ('UTG', 'BTN', 'SB', 'BB')
        """
        return self._positions

    @property
    def dead_small_blind(self) -> bool:
        """Whether the hand was dealt with no small blind (the big blind left of the button)."""
        return self._dead_small_blind

    @property
    def posts(self) -> dict[int, tuple[int, int]]:
        """The forced bets asked of seats out of position: ``{seat: (live, dead)}``."""
        return dict(self._posts)

    @property
    def street(self) -> Street:
        """The current (or, once the hand is over, the last) street."""
        return _STREETS[self._street]

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards (the first board when the hand was run more than once)."""
        return tuple(self._board)

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board dealt: one, or more when the hand was run out more than once."""
        return (tuple(self._board), *map(tuple, self._extra_boards))

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks before the hand."""
        return self._starting

    @property
    def stacks(self) -> tuple[int, ...]:
        """The chips behind each seat (the final stacks once the hand is over)."""
        return tuple(self._stacks)

    @property
    def bets(self) -> tuple[int, ...]:
        """The chips in front of each seat on this street."""
        return tuple(self._bets)

    @property
    def pot_total(self) -> int:
        """The chips in the pots, not counting the bets in front of the players."""
        if self._over:
            return 0
        return self._collected

    @property
    def pots(self) -> list[Pot]:
        """The main pot and the side pots as they stand (bets on this street not yet in).

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [25, 60, 100, 100], seed=1)
        >>> hand.raise_to(60), hand.call(), hand.call(), hand.call()
        (Action('raise', 2, 60), Action('call', 3, 60), Action('call', 0, 24), Action('call', 1, 58))
        >>> hand.street.name, hand.pots
        ('FLOP', [Pot(amount=100, eligible=(0, 1, 2, 3)), Pot(amount=105, eligible=(1, 2, 3))])
        """
        if self._over:
            return []
        collected = [put - bet for put, bet in zip(self._contributed, self._bets)]
        return build_pots(collected, self._live, self._dead)

    @property
    def cards_needed(self) -> int:
        """How many board cards :meth:`deal_board` must supply before play goes on (usually 0)."""
        return self._cards_needed

    @property
    def showdown_seats(self) -> tuple[int, ...]:
        """The seats the showdown waits for, to :meth:`show` or :meth:`muck` (usually none)."""
        return tuple(self._waiting)

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Each seat's net chips: stack now minus stack before (so far, until the hand is over)."""
        return tuple([stack + bet - start for stack, bet, start in zip(self._stacks, self._bets, self._starting)])

    @property
    def rake(self) -> int:
        """The chips taken from the pot as rake."""
        return self._rake

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The two cards dealt to ``seat``."""
        return self._hole[self._check_seat(seat)]

    def shown_cards(self) -> dict[int, tuple[Card, ...]]:
        """The hole cards shown so far (at showdown, or before an all-in run-out), by seat."""
        return {action.seat: action.cards for action in self._records() if action.kind is ActionKind.SHOW}  # type: ignore[misc]

    def view(self, seat: int) -> HandView:
        """What ``seat`` may know: never another seat's cards unless shown.

        Cheap enough to call at every decision.

        >>> from holdem.rules import Rules
        >>> view = Hand(Rules.no_limit(1, 2), [50, 50], seed=3).view(0)
        >>> [action.cards == () for action in view.history if action.kind == "deal-hole"]
        [False, True]
        """
        if type(seat) is not int or not 0 <= seat < self._count:
            seat = self._check_seat(seat)
        if self._over or self._waiting or self._decided:
            # Cards shown (at showdown, or before an all-in run-out) are no longer hidden.
            shown = self.shown_cards()
            masked = tuple(
                HIDDEN_DEALS[action.seat]  # type: ignore[index]  # a DEAL_HOLE record has a seat
                if action.kind is _DEAL_HOLE and action.seat != seat and action.seat not in shown
                else action
                for action in self._records()
            )
            actor = self.actor
            legal = self.legal_actions() if actor == seat else None
            return HandView(
                seat, self._hole[seat], self.board, self.street, self._button, self.stacks, self.bets,
                self.statuses, self.pot_total, actor,
                legal or LegalActions(seat, False, False, 0, max(self.bets), None, None), shown, masked,
                self.rules, self._table_seats[seat], self._positions,
            )  # fmt: skip
        return self._hidden_view(seat)  # type: ignore[return-value]

    def _actor_view(self) -> HandView | None:
        """``view(actor)``, or ``None`` when no one is to act: the next step of a play loop."""
        # Someone to act means nothing is shown yet.
        return self._hidden_view(-1)  # type: ignore[return-value]

    def log(self) -> str:
        """The hand so far as a readable card-room log (:func:`holdem.formats.log.hand_log`); also ``str(hand)``.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["AsAd", "KcKd"])
        >>> print(hand.log().splitlines()[3])
        Player 1 posts the big blind 2
        """
        from holdem.formats.log import hand_log

        return hand_log(self)

    __str__ = log

    def __repr__(self) -> str:
        state = "over" if self._over else f"actor={self.actor}"
        return (
            f"<Hand {self.street.name.lower()} board={format_cards(self._board)!r} "
            f"stacks={self.stacks} bets={self.bets} {state}>"
        )

    # ------------------------------------------------------------- legality

    def _no_actor(self) -> IllegalActionError:
        if self._over:
            return IllegalActionError("the hand is over: no one may act")
        if self._waiting:
            return IllegalActionError(f"the showdown waits for seats {self._waiting} to show or muck")
        if self.runs_pending:
            return IllegalActionError(f"seats {self.runs_pending} are to say how many runs (agree_runs)")
        return IllegalActionError(
            f"no one may act now: the dealer needs {self._cards_needed} board card(s) (deal_board)"
        )

    def _check_seat(self, seat: object) -> int:
        number = integer(seat, "seat")
        if not 0 <= number < self._count:
            raise IllegalActionError(f"seat {seat!r}: seats are 0 to {self._count - 1}")
        return number

    # -------------------------------------------------------------- actions
    # fold, check, call, check_or_call and raise_to are the core's; it asks these for its errors.

    def _refusal(self, refusal: int, amount: object) -> IllegalActionError:
        """The error of a decision the core refused, ``refusal`` its code (``amount``: a raise-to)."""
        seat = self.actor
        if seat is None:
            return self._no_actor()
        bounds = self._raise_bounds()
        return IllegalActionError(
            refusal_message(refusal, seat, amount, self._max_bet, bounds if isinstance(bounds, tuple) else None, self.rules)
        )

    @staticmethod
    def _integer_amount(amount: object) -> int:
        return integer(amount, "amount")

    def all_in(self) -> Action:
        """Put the whole stack in: a bet or raise when allowed, otherwise a call for the whole stack."""
        seat = self.actor
        if seat is None:
            raise self._no_actor()
        total = self._stacks[seat] + self._bets[seat]
        bounds = self._raise_bounds()
        if isinstance(bounds, tuple) and bounds[1] == total:
            return self.raise_to(total)
        if self._max_bet >= total:
            return self.check_or_call()
        raise IllegalActionError(
            f"seat {seat} may not go all in for {total}: "
            + (f"the largest raise allowed is to {bounds[1]}" if isinstance(bounds, tuple) else _NO_RAISE[bounds](self.rules))
        )

    def act(self, decision: object, amount: SupportsIndex | None | _Absent = _Absent.AMOUNT) -> Action:
        """Play a decision written in any common vocabulary (see :func:`~holdem.actions.read_decision`).

        ``"fold"``, ``"check"``, ``"call"`` (a check when there is nothing to
        call; also ``"check_or_call"``), ``"bet 10"`` or ``"raise 10"`` (or
        ``("raise", 10)``, or ``"raise"`` with ``amount``: the total for the
        street), ``"all-in"``, and ACPC's ``"f"``, ``"c"``, ``"r<N>"`` (``N``
        the seat's chips in the whole hand; ``("r", N)`` is refused, as it reads
        both ways); words in any case.  ``act(kind, amount)``
        plays as ``act((kind, amount))``: an amount of ``None`` is no amount, a ``TypeError``
        for a bet or raise.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], seed=2)
        >>> hand.act("raise", 6), hand.act("CALL"), hand.act("call")
        (Action('raise', 1, 6), Action('call', 0, 4), Action('check', 0))
        >>> hand.act("Bet 10"), hand.act("r30")
        (Action('bet', 1, 10), Action('raise', 0, 24))
        >>> hand.act("check")
        Traceback (most recent call last):
        ...
        holdem.errors.IllegalActionError: seat 1 may not check facing a bet of 24: call, raise or fold (legal: fold, call 14, or raise to 38 to 94)

        :raises IllegalActionError: for a decision the rules do not allow now (the message
            names the seat, the decision and what is legal) or words that are no decision.
        :raises TypeError: for an amount that is not an integer (``None`` included).
        """
        method = _PLAIN.get(decision) if type(decision) in _PLAIN_TYPES else None
        if amount is not _Absent.AMOUNT and (amount is not None or method is None):
            decision, method = (decision, amount), None
        try:
            if method is not None:
                return method(self)
            sized = decision[0] if type(decision) is tuple and len(decision) == 2 else None
            if type(sized) in _PLAIN_TYPES and sized in _SIZED:
                return self.raise_to(decision[1])  # type: ignore[index]
            try:
                verb, size = read_decision(decision)
            except IllegalActionError as error:
                seat = self.actor
                raise error if seat is None else IllegalActionError(f"seat {seat}: {error}") from None
            if verb == "raise":
                return self.raise_to(self._only_size() if size is None else size)
            if verb == "hand-total":
                seat = self.actor
                if seat is not None:
                    size -= self._starting[seat] - self._stacks[seat] - self._bets[seat]  # type: ignore[operator]
                return self.raise_to(size)  # type: ignore[arg-type]
            return _VERBS[verb](self)
        except IllegalActionError as error:
            raise self._with_legal(error) from None

    def _with_legal(self, error: IllegalActionError) -> IllegalActionError:
        """``error``, saying what is legal when someone is to act."""
        legal = self.legal_actions()
        return error if legal is None else IllegalActionError(f"{error} (legal: {legal.describe()})")

    def _only_size(self) -> int:
        """The total to bet or raise to when only one is allowed (fixed limit; all in)."""
        bounds = self._raise_bounds()
        if not isinstance(bounds, tuple):
            raise self._refusal(bounds, None)
        if bounds[0] != bounds[1]:
            raise IllegalActionError(f"seat {self.actor} must say how much: the total to bet or raise to")
        return bounds[0]

    def show(self, seat: SupportsIndex) -> Action:
        """Show ``seat``'s hole cards at a showdown that waits for it (see ``showdown_seats``),
        or, once every other player folded, the winner's cards if they want (seed 000: «No
        tiene que revelar sus cartas de mano, pero puede hacerlo si quiere»).

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [50, 50], hole_cards=["AsAd", "KcKd"])
        >>> hand.fold()
        Action('fold', 1)
        >>> hand.show(0), hand.view(1).shown
        (Action('show', 0, 0, (51, 49)), {0: (51, 49)})

        :raises IllegalActionError: when the showdown does not wait for
            ``seat`` and it is not such a winner yet to show, or its cards
            are not known (they can only be mucked).
        """
        seat = integer(seat, "seat")
        if self._over and self._live.count(True) == 1 and seat == self._live.index(True) and self._hole[seat]:
            if seat in self.shown_cards():
                raise IllegalActionError(f"seat {seat} has already shown its cards")
            return self._show_winner(seat)
        return self._show_or_muck(seat, True)

    def muck(self, seat: SupportsIndex) -> Action:
        """Muck ``seat``'s hand at a showdown that waits for it: it gives up its share of the pots.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [50, 50], hole_cards=["AsAd", None], board="2c7h9sJdQh")
        >>> while hand.actor is not None:
        ...     _ = hand.check_or_call()
        >>> hand.showdown_seats
        (1,)
        >>> hand.muck(1), hand.is_over, hand.stacks
        (Action('muck', 1), True, (52, 48))
        """
        return self._show_or_muck(integer(seat, "seat"), False)

    def _show_or_muck(self, seat: int, shows: bool) -> Action:
        waiting = self._waiting
        if seat not in waiting:
            raise IllegalActionError(
                f"seat {seat!r} may not show or muck now: "
                + (f"the showdown waits for seats {waiting}" if waiting else "no showdown is waiting")
            )
        if shows and not self._hole[seat]:
            raise IllegalActionError(f"seat {seat}'s hole cards are not known: they cannot be shown, only mucked")
        return self._decide(seat, shows)

    def misdeal(self) -> Action:
        """Declare a misdeal before the first voluntary action: the hand is void, every chip goes
        back (seed 004: «Son misdeals comunes: repartir un número incorrecto de cartas a un
        jugador, dar una carta a un asiento vacío o exponer cartas de forma significativa que no
        pueda corregirse. El procedimiento típico es detener la mano y volver a repartir»).

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=1)
        >>> hand.misdeal(), hand.is_over, hand.is_void, hand.stacks
        (Action('misdeal', None), True, True, (100, 100, 100))

        :raises IllegalActionError: once a player has acted, or the hand is over.
        """
        self._check_before_action("a misdeal")
        return self._void()

    @property
    def is_void(self) -> bool:
        """Whether the hand was declared a misdeal (:meth:`misdeal`)."""
        return self._over and self._last_record().kind is _MISDEAL

    def replace_exposed(self, seat: SupportsIndex, card: Card | str, replacement: Card | str | None = None) -> Action:
        """Correct a hole card exposed during the deal, as seed 004 says: «dando al jugador
        afectado una carta de reemplazo de la parte superior y usando la expuesta como burn».

        The seat gets the top card of the deck and ``card`` becomes the burn before the flop;
        a hand dealt from known cards is told the ``replacement`` card.  One exposed card is
        corrected per hand (more: declare a :meth:`misdeal`), before the first voluntary action.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["AsAd", "KcKd"])
        >>> hand.replace_exposed(0, "Ad", "2c")
        Action('expose', 0, 1, (49,))
        >>> hand.hole_cards(0), hand.view(1).history[-1]
        ((51, 0), Action('expose', 0, 1, (49,)))

        :raises IllegalActionError: once a player has acted, for a card the seat does not hold,
            a second exposure, or a replacement missing or not the deck's top card.
        :raises DuplicateCardError: for a replacement already dealt.
        """
        self._check_before_action("an exposed card")
        seat = self._check_seat(integer(seat, "seat"))
        exposed = parse_card(card)
        pair = self._hole[seat]
        if exposed not in pair:
            raise IllegalActionError(f"card {format_cards([exposed])!r} is not one of seat {seat}'s known hole cards")
        if self._exposed:
            raise IllegalActionError("one exposed card is corrected per hand: for another, declare a misdeal")
        burn = 2 * self._count  # the top card after the deal, burned before the flop
        deck = self._deck
        top = deck[burn] if len(deck) > burn else -1
        if top >= 0:
            if replacement is not None and parse_card(replacement) != top:
                named = format_cards([parse_card(replacement)])  # the top card stays hidden
                raise IllegalActionError(f"replacement {named!r} is not the top card of the deck: deal it from the top")
            given = top
        elif replacement is None:
            raise IllegalActionError("give the replacement card dealt from the top of the deck")
        else:
            given = parse_card(replacement)
            if given in set(self._board).union(*self._hole, (card for card in deck if card >= 0)):
                raise DuplicateCardError(f"card {format_cards([given])!r} is already dealt: the replacement must be new")
        return self._expose(seat, pair.index(exposed), given)

    def _check_before_action(self, what: str) -> None:
        if self._over:
            raise IllegalActionError(f"the hand is over: too late for {what}")
        for action in self._records():
            if action.kind in _DECISIONS:
                raise IllegalActionError(f"seat {action.seat} has acted: {what} is dealt with before the first action")
        if self._board or self._decided or self._waiting:
            raise IllegalActionError(f"hands are shown or board cards dealt: too late for {what}")

    def deal_board(self, cards: CardsLike) -> Action:
        """Deal the board cards the hand is waiting for (when it was created from ``hole_cards``).

        A street at a time; when the players are all in and the rules run the
        board more than once, then the rest of each further run's board at once.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(1, 2), [100, 100], hole_cards=["AsAd", "KcKd"])
        >>> hand.call(), hand.check()
        (Action('call', 1, 1), Action('check', 0))
        >>> hand.cards_needed
        3
        >>> hand.deal_board("2c7h9s")
        Action('deal-board', None, 0, (0, 22, 31))
        """
        needed = self._cards_needed
        if not needed:
            raise IllegalActionError("no board cards are needed now")
        # The replay of site histories takes this fast path too (new codes dealt by _deal_board), and comes here
        # for anything else: a check of the cards belongs in _new_board_cards or below.
        codes = self._new_board_cards(cards)
        if codes is None:
            codes = parse_cards(cards, count=needed)
            used = set(self._board).union(*self._hole, *self._extra_boards, self._exposed)
            for code in codes:
                if code in used:
                    raise DuplicateCardError(
                        f"card {format_cards([code])!r} is already dealt: board cards must be new"
                    )
        return self._deal_board(codes)

    # ------------------------------------------------------------ the flow
    # The streets, the showdown and the award are the core's; these are its rare paths.

    def agree_runs(self, seat: SupportsIndex, runs: SupportsIndex) -> Action:
        """Say how many times ``seat`` wants the board run, when the rules let the players all in
        agree on it (``runs_pending`` lists the seats still to say; 1 is no).  The board is run
        as many times as every one of them asked for, otherwise once.

        >>> from holdem.rules import Rules
        >>> rules = Rules.no_limit(1, 2, runouts=2, runs_by_agreement=True)
        >>> hand = Hand(rules, [50, 50], seed=2)
        >>> hand.all_in(), hand.call()
        (Action('raise', 1, 50), Action('call', 0, 48))
        >>> hand.runs_pending
        (0, 1)
        >>> hand.agree_runs(0, 2), hand.agree_runs(1, 2)
        (Action('runs', 0, 2), Action('runs', 1, 2))
        >>> hand.is_over, len(hand.boards)
        (True, 2)

        :raises IllegalActionError: when ``seat`` has nothing to agree now, or for a number of
            runs outside 1 to the rules' ``runouts``.
        """
        seat = integer(seat, "seat")
        if self._run_requests.get(seat, 0) is not None:
            pending = self.runs_pending
            raise IllegalActionError(
                f"seat {seat!r} has no runs to agree now: "
                + (f"seats {pending} are to say how many runs" if pending else "no agreement is waiting")
            )
        runs = integer(runs, "runs")
        if not 1 <= runs <= self.rules.runouts:
            raise IllegalActionError(f"runs {runs}: ask for 1 to {self.rules.runouts} runs of the board")
        return self._agree_runs(seat, runs)

    @property
    def runs(self) -> int:
        """How many times the board is run if the players go all in (as agreed, once agreed)."""
        return self._runs


# What each decision's verb (holdem.actions.read_decision) plays; the usual words and kinds, read at once.
_VERBS: dict[str, Callable[[Hand], Action]] = {
    "fold": Hand.fold, "check": Hand.check, "call": Hand.check_or_call, "all-in": Hand.all_in
}
_PLAIN: dict[object, Callable[[Hand], Action]] = {verb: method for verb, method in _VERBS.items()}
_PLAIN.update((ActionKind(verb), method) for verb, method in _VERBS.items() if verb != "all-in")
_PLAIN_TYPES = (str, ActionKind)
_SIZED = {"bet", "raise", ActionKind.BET, ActionKind.RAISE}


# Why the engine refused a decision (holdem._hand.REFUSALS), in words: the reason a seat may not
# bet or raise, then the message of each refusal.
_CODES = _hand.REFUSALS
_NO_RAISE: dict[int, Callable[[Rules], str]] = {
    _CODES["STACK_ONLY_CALLS"]: lambda rules: "the stack does not cover more than a call",
    _CODES["NOT_REOPENED"]: lambda rules: "a short all-in did not reopen the betting to a player who already acted",
    _CODES["CAP_REACHED"]: lambda rules: f"the cap of {rules.max_bets} bets this street is reached",
    _CODES["NO_ONE_WITH_CHIPS"]: lambda rules: "every other player has folded or is all in",
    _CODES["NO_ONE_TO_ANSWER"]: lambda rules: "no other player still in can put in more than the current bet",
}


def refusal_message(
    refusal: int, seat: int, amount: object, current_bet: int, bounds: tuple[int, int] | None, rules: Rules
) -> str:
    """Why ``seat`` may not make the decision the engine refused with code ``refusal`` (``amount``: a raise-to;
    ``bounds``: the raise-to bounds, ``None`` when it may not raise): the one table of the refusals' messages.

    >>> rules = Rules.fixed_limit(2, 4, max_bets=2)
    >>> refusal_message(_CODES["CAP_REACHED"], 1, 9, 6, None, rules)
    'seat 1 may not bet or raise now: the cap of 2 bets this street is reached'
    """
    if refusal == _CODES["FOLD_FACING_NO_BET"]:
        return f"seat {seat} may not fold facing no bet: check instead (Rules(fold_without_bet=True) allows it)"
    if refusal == _CODES["CHECK_FACING_BET"]:
        return f"seat {seat} may not check facing a bet of {current_bet}: call, raise or fold"
    if refusal == _CODES["NOTHING_TO_CALL"]:
        return f"seat {seat} has no bet to call: check instead"
    if refusal == _CODES["OUT_OF_BOUNDS"] and bounds is not None:
        verb = "raise to" if current_bet else "bet"
        return f"seat {seat} may not {verb} {amount!r}: the total must be from {bounds[0]} to {bounds[1]}"
    return f"seat {seat} may not bet or raise now: {_NO_RAISE[refusal](rules)}"
