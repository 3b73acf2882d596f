"""A table: hand after hand, with seats, the button, the blinds, buy-ins and cash-outs.

A :class:`Table` seats players by name, deals each :class:`~holdem.hand.Hand`
to the players in play, carries their stacks from hand to hand and keeps every
hand.  Chips change only between hands (table stakes): buy-ins, top-ups,
cash-outs and time fees.

>>> from holdem.rules import Rules
>>> table = Table(Rules.no_limit(1, 2), seats=6, min_buy_in=40, max_buy_in=200, seed=1)
>>> table.join("ann", 0, 100); table.join("bob", 2, 100); table.join("cy", 4, 100)
>>> hand = table.start_hand()
>>> table.button, table.actor
(0, 'ann')
>>> table.act("ann", "fold"), table.act("bob", "fold")
(Action('fold', 0), Action('fold', 1))
>>> table.stacks()
{'ann': 100, 'bob': 99, 'cy': 101}
>>> _ = table.start_hand()
>>> table.button, table.actor
(2, 'bob')
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Collection, Mapping
from typing import IO, SupportsIndex, TypeVar

from holdem import seating
from holdem._core import Rng
from holdem.actions import Action, IllegalActionError
from holdem.agents import Fault, _renumbered
from holdem.dealing import checked_stacks
from holdem.errors import BuyInError, HoldemError, SeatError, TableError, real_number
from holdem.hand import Hand
from holdem.limits import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, chip_count, integer
from holdem.out_of_turn import HeldActions, OutOfTurn, decision
from holdem.players import Player, PlayerResult, checked_buy_in
from holdem.rules import Rules, checked_rules
from holdem.schedule import BlindSchedule
from holdem.seating import Blinds, ButtonRule, Deal, MisdealButton, Owed
from holdem.session import PLAY_HANDS_LIMIT, _Playable, play_table
from holdem.stats import vpip_by_seat

__all__ = [
    "BuyInError",
    "ButtonRule",
    "Deal",
    "MisdealButton",
    "OutOfTurn",
    "Owed",
    "PLAY_HANDS_LIMIT",
    "PlayerResult",
    "SeatError",
    "Table",
    "TableError",
    "TableHand",
]


@dataclasses.dataclass(frozen=True)
class TableHand:
    """One hand played at the table: its deal, the player in each of its seats, and the hand itself.

    Seat ``i`` of ``hand`` is table seat ``deal.seats[i]``, played by ``names[i]``.
    """

    number: int
    deal: Deal
    names: tuple[str, ...]
    hand: Hand


class Table:
    """A table of ``seats`` seats (2 to 10) playing hand after hand under ``rules``.

    Players join by name at a seat with a buy-in between ``min_buy_in`` and
    ``max_buy_in`` (``None``: no limit); the chips at the table add up to at
    most 2**60.  A player who joins after the first hand, or who missed a
    blind or an ante while sitting out or busted, waits for the big blind and
    then plays, or posts to play at once (``post=True``) what they owe
    (:meth:`owed`; seed 004: «debe "postear" las ciegas y antes perdidos para
    reincorporarse de inmediato, o puede esperar a que le llegue la BB»): a
    new player the big blind, a returning one each blind missed, as
    ``missed_big_blind`` and ``missed_small_blind`` say (:class:`Owed`; by
    default the big blind live, the small blind dead), and every ante missed,
    dead (at most ``missed_antes_cap`` chips, when given; with a big-blind
    ante, the ante of each big blind missed); in the small-blind seat the
    blind counts toward a big blind owed live, in the big blind nothing more
    is owed (:func:`holdem.seating.owed`).  ``button_rule`` says how the button
    moves (:class:`ButtonRule`), ``out_of_turn`` what becomes of an action out
    of turn (:class:`OutOfTurn`), ``button_after_misdeal`` where the button is
    after a :meth:`misdeal`.

    Rake per pot comes from ``rules``; ``time_fee`` chips are taken from every
    seated player with chips for each ``fee_period`` seconds begun since they
    sat down, at the start of a hand.  The session ends after ``max_hands``
    hands or once ``clock()`` reaches ``end_time``.  Hands are shuffled from
    ``seed``.  With a blind ``schedule`` (:class:`~holdem.schedule.BlindSchedule`,
    counted from the table's creation) each hand is dealt at the level's blinds
    and ante (:meth:`~holdem.schedule.BlindSchedule.rules`); a new level applies from
    the next hand, never to a hand in progress (seed 000: «el aumento solo se
    aplica a la siguiente ronda de juego ("mano")»).

    :raises TableError: for a seat count, limits, fee settings or options that make no sense.
    :raises InvalidRulesError: for a schedule with a level the rules cannot be played at.
    """

    def __init__(
        self,
        rules: Rules,
        *,
        seats: int = 10,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        button_rule: ButtonRule | str = ButtonRule.DEAD,
        missed_small_blind: Owed | str = Owed.DEAD,
        missed_big_blind: Owed | str = Owed.LIVE,
        missed_antes_cap: int | None = None,
        time_fee: int = 0,
        fee_period: float = 1800.0,
        max_hands: int | None = None,
        end_time: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed: int | None = None,
        schedule: BlindSchedule | None = None,
        out_of_turn: OutOfTurn | str = OutOfTurn.REFUSED,
        button_after_misdeal: MisdealButton | str = MisdealButton.MOVES,
    ) -> None:
        if schedule is not None and not isinstance(schedule, BlindSchedule):
            raise TableError(f"schedule {schedule!r}: give a BlindSchedule or None")
        seats = integer(seats, "seats")
        if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
            raise TableError(f"seats {seats!r}: a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats")
        min_buy_in, max_buy_in, missed_antes_cap = (
            None if value is None else chip_count(value, name, TableError, least)
            for name, value, least in (
                ("min_buy_in", min_buy_in, 1), ("max_buy_in", max_buy_in, 1), ("missed_antes_cap", missed_antes_cap, 0)
            )
        )  # fmt: skip
        if min_buy_in is not None and max_buy_in is not None and min_buy_in > max_buy_in:
            raise TableError(f"min_buy_in {min_buy_in} is above max_buy_in {max_buy_in}")
        if max_hands is not None:
            max_hands = integer(max_hands, "max_hands")
            if max_hands < 1:
                raise TableError(f"max_hands {max_hands!r}: use a positive count of hands or None")
        message = (
            f"time fee {time_fee!r} every {fee_period!r} seconds: use a non-negative integer "
            "fee and a positive period"
        )
        time_fee = chip_count(time_fee, "time_fee", TableError)
        fee_period = real_number(fee_period, TableError, message)
        if not fee_period > 0:
            raise TableError(message)
        if end_time is not None:
            end_time = real_number(end_time, TableError, f"end_time {end_time!r}: use a reading of the clock, or None")
        if not callable(clock):
            raise TypeError(f"clock {clock!r}: use a function that returns the time in seconds")
        self.button_rule = _option(ButtonRule, button_rule, "button_rule")
        self.missed_small_blind = _option(Owed, missed_small_blind, "missed_small_blind")
        self.missed_big_blind = _option(Owed, missed_big_blind, "missed_big_blind")
        self.out_of_turn = _option(OutOfTurn, out_of_turn, "out_of_turn")
        self.button_after_misdeal = _option(MisdealButton, button_after_misdeal, "button_after_misdeal")
        self.schedule = schedule
        self.rules = rules
        self.seat_count = seats
        self.min_buy_in = min_buy_in
        self.max_buy_in = max_buy_in
        self.missed_antes_cap = missed_antes_cap
        self.time_fee = time_fee
        self.fee_period = fee_period
        self.max_hands = max_hands
        self.end_time = end_time
        self._clock = clock
        self._start = clock()
        self._rng = Rng(seed)
        self._seats: dict[int, Player] = {}
        self._players: dict[str, Player] = {}
        self._hands: list[TableHand] = []
        self._misdeals: list[TableHand] = []
        self._before_hand: tuple = ()  # type: ignore[type-arg]
        self._current: TableHand | None = None
        self._first_button: int | None = None
        self._blinds: Blinds | None = None
        self._rake = 0
        self._straddling: set[str] = set()
        self._held = HeldActions()

    # -------------------------------------------------------------- reading

    @property
    def rules(self) -> Rules:
        """The rules of the next hand (changing them mid-hand raises :class:`TableError`)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        checked_rules(rules)
        if getattr(self, "_current", None) is not None:
            raise TableError("the rules change only between hands")
        if self.schedule is not None:  # every level playable, refused now rather than at its first hand
            for index in range(len(self.schedule.levels)):
                self.schedule.rules(index, rules)
        self._rules = rules

    @property
    def level(self) -> int | None:
        """The index of the schedule's level for the next hand, from hands dealt and time
        elapsed (``None`` without a schedule)."""
        if self.schedule is None:
            return None
        return self.schedule.level_at(len(self._hands), self._clock() - self._start)

    @property
    def hand(self) -> Hand | None:
        """The hand in progress, or ``None`` between hands."""
        return None if self._current is None else self._current.hand

    @property
    def hands(self) -> tuple[TableHand, ...]:
        """Every hand dealt at this table, the one in progress last."""
        return tuple(self._hands)

    @property
    def button(self) -> int | None:
        """The seat of the button in the last hand dealt (``None`` before the first)."""
        return None if self._blinds is None else self._blinds.button

    @property
    def actor(self) -> str | None:
        """The name of the player to act, or ``None``."""
        if self._current is None or self._current.hand.actor is None:
            return None
        return self._current.names[self._current.hand.actor]

    @property
    def rake(self) -> int:
        """The chips taken as rake so far."""
        return self._rake

    @property
    def fees(self) -> int:
        """The chips taken as time fees so far."""
        return sum(player.fees for player in self._players.values())

    @property
    def bought_in(self) -> int:
        """The chips brought to the table so far (buy-ins, rebuys and top-ups)."""
        return sum(player.bought_in for player in self._players.values())

    @property
    def is_over(self) -> bool:
        """Whether the session has reached its hand count or its end time."""
        return (self.max_hands is not None and len(self._hands) >= self.max_hands) or (
            self.end_time is not None and self._clock() >= self.end_time
        )

    @property
    def can_deal(self) -> bool:
        """Whether :meth:`start_hand` deals now: between hands, the session not over, two players in play."""
        return self._current is None and not self.is_over and self._in_play_count() >= 2

    def players(self) -> dict[int, str]:
        """The seated players by seat."""
        return {seat: player.name for seat, player in sorted(self._seats.items())}

    def stacks(self) -> dict[str, int]:
        """The seated players' chips, by name, in seat order (between hands: after the last hand)."""
        return {player.name: player.stack for _, player in sorted(self._seats.items())}

    def seat_of(self, name: str) -> int:
        """The seat of a seated player."""
        return self._seated(name).seat  # type: ignore[return-value]

    def is_waiting(self, name: str) -> bool:
        """Whether a seated player waits for the big blind before being dealt in (and does not post)."""
        return self._seated(name).waiting

    def missed_blinds(self, name: str) -> tuple[bool, bool]:
        """Whether a seated player has missed the small blind and the big blind since they last played
        (the antes missed too: :meth:`owed`)."""
        player = self._seated(name)
        return player.missed_small_blind, player.missed_big_blind

    def owed(self, name: str) -> seating.Debt:
        """What a seated player owes to be dealt in before the big blind reaches them
        (:class:`~holdem.seating.Debt`): a big blind (a new player's, or one missed), a small
        blind missed, and the chips of every ante missed (posting pays at most
        ``missed_antes_cap`` of them).  A player who owes anything, antes alone included, waits
        for the big blind, or posts it to come back at once (``post=True``).

        >>> table = Table(Rules.no_limit(1, 2, ante=1), seats=4, seed=1)
        >>> for seat, name in enumerate(["ann", "bob", "cy", "dee"]):
        ...     table.join(name, seat, 100)
        >>> def fold_around():
        ...     _ = table.start_hand()
        ...     while table.actor is not None:
        ...         _ = table.act(table.actor, "fold")
        >>> fold_around(); table.sit_out("ann"); fold_around()  # the blinds move on from ann's button
        >>> table.missed_blinds("ann"), table.owed("ann")
        ((False, False), Debt(big_blind=False, small_blind=False, antes=1))
        """
        return self._seated(name).debt

    def results(self) -> dict[str, PlayerResult]:
        """Every player's session so far, by name, in order of arrival."""
        return {player.name: player.result() for player in self._players.values()}

    # ----------------------------------------------------- between hands

    def join(self, name: str, seat: int, buy_in: int, *, post: bool = False) -> None:
        """Seat a player at an empty seat with ``buy_in`` chips.

        After the first hand the player waits for the big blind, or with
        ``post`` posts it to play at once.  A player who left earlier may come
        back; their session results carry on.

        :raises SeatError: for a seat off the table or taken, or a name already seated.
        :raises BuyInError: for a buy-in outside the limits.
        :raises TypeError: for a seat or a buy-in that is not an integer.
        """
        if not isinstance(name, str) or not name:
            raise SeatError(f"player name {name!r}: use a non-empty string")
        if name in self._players and self._players[name].seat is not None:
            raise SeatError(f"{name!r} is already seated at seat {self._players[name].seat}")
        seat = integer(seat, "seat")
        if not 0 <= seat < self.seat_count:
            raise SeatError(f"seat {seat!r}: seats are 0 to {self.seat_count - 1}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is taken by {self._seats[seat].name!r}: choose an empty seat")
        buy_in = self._checked_buy_in(buy_in, 0)
        player = self._players.setdefault(name, Player(name))
        player.sit_down(seat, buy_in, self._clock(), bool(self._hands), post)
        self._seats[seat] = player

    def leave(self, name: str) -> int:
        """Cash out a player not in the hand in progress; return their chips."""
        player = self._idle(name, "leave")
        del self._seats[player.seat]  # type: ignore[arg-type]
        player.seat = None
        player.cashed_out += player.stack
        chips, player.stack = player.stack, 0
        return chips

    def sit_out(self, name: str) -> None:
        """Stop dealing a player in from the next hand; they keep their seat and chips."""
        self._idle(name, "sit out").sitting_out = True

    def come_back(self, name: str, *, post: bool = False) -> None:
        """Deal a sitting-out player in again: at once if they owe nothing, else at the big blind
        (with ``post``: at once, posting the blinds and antes they missed, :meth:`owed`)."""
        player = self._seated(name)
        player.sitting_out = False
        player.posting = player.posting or post

    def add_chips(self, name: str, amount: int) -> None:
        """Rebuy or top up between hands: the stack may not pass ``max_buy_in``, and a rebuy
        from zero must be at least ``min_buy_in``.

        :raises BuyInError: for an amount outside those limits, or one that takes the
            chips at the table past 2**60.
        :raises TypeError: for an amount that is not an integer.
        """
        player = self._idle(name, "add chips")
        amount = self._checked_buy_in(amount, player.stack)
        player.stack += amount
        player.bought_in += amount

    def place_button(self, seat: int) -> None:
        """Put the button for the first hand at ``seat`` (by default: the first seat in play)."""
        if self._hands:
            raise TableError("the button is placed before the first hand only; then it moves by itself")
        seat = integer(seat, "seat")
        if seat not in self._seats:
            raise SeatError(f"seat {seat!r} is empty: the button goes to a player")
        self._first_button = seat

    def write_phh(self, fp: IO[str]) -> None:
        """Write every finished hand as a ``.phhs`` file, with the hand numbers and the players' names.

        >>> import io
        >>> from holdem.formats import phh
        >>> table = Table(Rules.no_limit(1, 2), seats=6, min_buy_in=40, max_buy_in=200, seed=1)
        >>> table.join("ann", 0, 100); table.join("bob", 2, 100)
        >>> _ = table.start_hand(); _ = table.act("ann", "fold")
        >>> out = io.StringIO()
        >>> table.write_phh(out)
        >>> [history.fields["players"] for history in phh.load_all(io.StringIO(out.getvalue()))]
        [['bob', 'ann']]

        """
        from holdem.formats import phh

        def history(played: TableHand) -> phh.HandHistory:
            hand = played.hand
            count, button = hand.player_count, hand.button
            players = [played.names[(button + 1 + player) % count] for player in range(count)]
            return phh.HandHistory(hand, {"hand": played.number, "players": players})

        phh.dump_all((history(played) for played in self._hands if played.hand.is_over), fp)

    # ------------------------------------------------------------ hands

    def next_deal(self) -> Deal:
        """Where the button and blinds would be, who would be dealt in and who would post, if a hand started now.

        :raises TableError: when fewer than two players are in play.
        """
        in_play = [seat for seat, player in sorted(self._seats.items()) if player.in_play]
        if len(in_play) < 2:
            raise TableError(f"{len(in_play)} player(s) in play: a hand needs at least 2")
        waiting = {seat for seat in in_play if self._seats[seat].waiting}
        deal = seating.next_deal(self.seat_count, in_play, waiting, self.button_rule, self._blinds, self._first_button)
        # A declared straddle is a blind: it stands for the big blind a poster owes.  In the big
        # blind a poster owes nothing more than one who waited for it.
        rules = self._next_rules()
        offers = seating.straddle_seats(rules, deal)
        straddling = [seat for seat in offers if self._seats[seat].name in self._straddling]
        posts = {
            seat: seating.owed(
                rules, self._seats[seat].debt, seat == deal.small_blind, small_blind=self.missed_small_blind,
                big_blind=self.missed_big_blind, antes_cap=self.missed_antes_cap,
            )  # fmt: skip
            for seat in deal.seats
            if self._seats[seat].posting and seat not in (deal.big_blind, *straddling)
        }
        posts = {seat: chips for seat, chips in posts.items() if any(chips)}
        return dataclasses.replace(deal, posts=posts) if posts else deal

    def start_hand(self) -> Hand:
        """Take any time fees, deal the next hand and return it.

        :raises TableError: during a hand, after the session ended, or with
            fewer than two players in play.
        """
        return self._deal(set()).hand

    def _deal(self, straddling: Collection[str]) -> TableHand:
        """:meth:`start_hand`, ``straddling`` declaring their straddles too; a refused deal changes nothing
        (those straddles are not declared), and a void one puts the table back as it was before."""
        if self._current is not None:
            raise TableError("a hand is in progress: finish it before starting the next")
        if self.is_over:
            raise TableError("the session is over: no more hands")
        before = self._snapshot()
        try:
            self._straddling.update(straddling)
            self._rules = self._next_rules()
            now = self._clock()
            for player in self._seats.values():
                player.charge(now, self.time_fee, self.fee_period)
            deal = self.next_deal()
            if self._blinds is not None:
                for seat, player in self._seats.items():
                    if not player.in_play:
                        small_blind, big_blind = seating.missed(deal, self._blinds, seat, self.seat_count)
                        # With a big-blind ante, the player who misses the big blind misses its ante.
                        ante = self._rules.ante if big_blind or not self._rules.big_blind_ante else 0
                        player.miss(ante, small_blind, big_blind)
            self._blinds = Blinds.after(deal, self._blinds)
            players = [self._seats[seat] for seat in deal.seats]
            for player in players:
                player.clear_debt()
            hand = self._hand_for(deal, [player.stack for player in players])
            self._straddling.clear()
        except HoldemError:
            self._restore(before, positions=True)
            raise
        self._before_hand = before
        self._current = TableHand(len(self._hands) + 1, deal, tuple(player.name for player in players), hand)
        self._hands.append(self._current)
        if hand.is_over:
            self._settle()
        return self._hands[-1]

    def _close(self, current: TableHand) -> None:
        """After playing ``current`` on its hand directly: settle it when it is over, else void it
        (the table as before its deal)."""
        if not current.hand.is_over:
            self._undo_current(positions=True)
        elif self._current is current:
            self._settle()

    def misdeal(self) -> Hand:
        """Declare a misdeal of the hand in progress, before its first voluntary action.

        The hand is void (:meth:`Hand.misdeal`) and counts for nothing: every chip, fee
        and debt it took goes back (what players not dealt in did at the table meanwhile
        stands), it leaves :attr:`hands` for :attr:`misdeals`, and the next deal has the
        button as ``button_after_misdeal`` says (:class:`MisdealButton`); a button that
        moves leaves owed the blinds it passed.

        >>> table = Table(Rules.no_limit(1, 2), seats=3, seed=1)
        >>> for seat, name in enumerate("ABC"):
        ...     table.join(name, seat, 100)
        >>> _ = table.start_hand()
        >>> table.misdeal().is_void, table.hands, table.stacks()
        (True, (), {'A': 100, 'B': 100, 'C': 100})

        :raises TableError: when no hand is in progress.
        :raises IllegalActionError: once a player has acted.
        """
        current = self._current
        if current is None:
            raise TableError("no hand in progress: a misdeal is declared during a hand")
        current.hand.misdeal()
        self._misdeals.append(self._undo_current(positions=self.button_after_misdeal is MisdealButton.STAYS))
        return current.hand

    def _undo_current(self, positions: bool) -> TableHand:
        """Put the table back as it was before the hand in progress (its positions too, with ``positions``),
        which leaves :attr:`hands`; return it."""
        current = self._current
        assert current is not None
        saved, players, self._straddling = self._before_hand
        if positions:
            self._blinds, self._rules = saved
        for player, before in players:
            if player.name in current.names:  # nothing but the hand touched them: all of it goes back
                vars(player).update(vars(before))
            else:
                player.undo_deal(before, positions)
        self._hands.pop()
        self._current = None
        self._held.clear()
        return current

    @property
    def misdeals(self) -> tuple[TableHand, ...]:
        """The hands declared misdeals, void."""
        return tuple(self._misdeals)

    def _snapshot(self) -> tuple:  # type: ignore[type-arg]
        """What a hand's start changes at the table, to put back."""
        players = [(player, dataclasses.replace(player)) for player in self._seats.values()]
        return (self._blinds, self._rules), players, set(self._straddling)

    def _restore(self, snapshot: tuple, positions: bool) -> None:  # type: ignore[type-arg]
        saved, players, self._straddling = snapshot
        if positions:
            self._blinds, self._rules = saved
        for player, before in players:
            vars(player).update(vars(before))

    def act(self, name: str, kind: object, amount: SupportsIndex | None = None) -> Action | None:
        """Play ``name``'s action in the hand in progress (any decision :meth:`Hand.act` reads, as it reads it).

        Out of turn, with ``out_of_turn="held"``, the action is held (``None`` is
        returned; :attr:`held` lists it) and played when the turn comes, if only
        checks, calls and folds came in between (:class:`OutOfTurn`).

        >>> table = Table(Rules.no_limit(1, 2), seats=4, seed=1, out_of_turn="held")
        >>> for seat, name in enumerate("ABCD"):
        ...     table.join(name, seat, 100)
        >>> _ = table.start_hand()
        >>> table.actor, table.act("A", "call"), table.held
        ('D', None, {'A': ('call', None)})
        >>> table.act("D", "call"), table.actor
        (Action('call', 3, 2), 'B')

        :raises IllegalActionError: when no hand is in progress, ``name`` is not
            dealt in (sitting out, waiting, busted), has no decision left this
            round, or it is not their turn (unless actions out of turn are held),
            or the action is not legal (the message names the player and their table seat).
        """
        current = self._current
        if current is None:
            raise IllegalActionError("no hand in progress: start_hand() deals one")
        player = self._player(name)
        if name not in current.names:
            why = "sitting out" if player.sitting_out else "not dealt in"
            raise IllegalActionError(f"{name!r} is {why}: only players dealt in this hand act")
        seat = current.names.index(name)
        if self.actor != name:
            if self.out_of_turn is OutOfTurn.REFUSED or current.hand.actor is None:
                raise IllegalActionError(f"{name!r} may not act now: it is {self.actor!r}'s turn")
            if not self._held.may_hold(current.hand, seat):
                raise IllegalActionError(f"{name!r} has no decision left this round: it is {self.actor!r}'s turn")
            self._held.hold(current.hand, seat, kind, amount)
            return None
        self._held.drop(seat)
        try:
            action = current.hand.act(decision(kind, amount))
        except IllegalActionError as error:
            raise _naming(error, name, current.deal.seats) from None
        self._play_held(current)
        return action

    @property
    def held(self) -> dict[str, tuple[object, SupportsIndex | None]]:
        """The actions out of turn waiting for their player's turn, by name: their kind and amount."""
        names = () if self._current is None else self._current.names
        return {names[seat]: held for seat, held in self._held.decisions.items()}

    def _play_held(self, current: TableHand) -> None:
        """Play the held actions the turn reaches unchanged (:class:`~holdem.out_of_turn.HeldActions`)."""
        self._held.play(current.hand)
        if current.hand.is_over:
            self._settle()

    def agree_runs(self, name: str, runs: int) -> Action:
        """Say how many runs of the board ``name`` wants, when the players all in agree on it
        (as :meth:`Hand.agree_runs`; ``hand.runs_pending`` lists the seats still to say).

        :raises IllegalActionError: when ``name`` is not dealt in, or has nothing to agree now.
        """
        current = self._current
        if current is None or name not in current.names:
            raise IllegalActionError(f"{name!r} is not in a hand in progress: only its players agree on runs")
        try:
            action = current.hand.agree_runs(current.names.index(name), runs)
        except IllegalActionError as error:
            raise _naming(error, name, current.deal.seats) from None
        self._play_held(current)
        return action

    def straddle(self, name: str) -> int:
        """Declare ``name``'s straddle for the next hand, before the deal; return its amount
        (at the level the hand is dealt at, with a blind schedule).

        The rules' straddles must be voluntary (seed 004: «Un straddle es una ciega
        voluntaria antes del reparto»; the default) and ``name`` in a straddle position of
        the next deal (:meth:`straddle_offers`).

        >>> table = Table(Rules.no_limit(1, 2, straddles=(4,)), seats=4, seed=1)
        >>> for seat, name in enumerate("ABCD"):
        ...     table.join(name, seat, 100)
        >>> table.straddle("D")
        4
        >>> table.start_hand().bets, table.actor
        ((0, 1, 2, 4), 'A')

        :raises TableError: for forced straddles, during a hand, or for a player
            who will not be in a straddle position.
        """
        self._seated(name)
        if not self._rules.has_straddles:
            raise TableError(
                "these rules allow no straddles: Rules(straddles=...) or Rules(button_straddle=...) allows them"
            )
        if not self._rules.voluntary_straddles:
            raise TableError("these rules force their straddles: nobody declares them")
        if self._current is not None:
            raise TableError("a straddle is declared between hands, before the deal")
        offers = self.straddle_offers()
        if name not in offers:
            raise TableError(f"{name!r} is not in a straddle position next hand: {sorted(offers)} are")
        self._straddling.add(name)
        return offers[name]

    def straddle_offers(self) -> dict[str, int]:
        """The players who may declare a straddle for the next deal, with the amount each would post
        (none with rules whose straddles are forced, during a hand, or with fewer than two in play).

        >>> table = Table(Rules.no_limit(1, 2, straddles=(4, 8)), seats=4, seed=1)
        >>> for seat, name in enumerate("ABCD"):
        ...     table.join(name, seat, 100)
        >>> table.straddle_offers()
        {'D': 4, 'A': 8}
        """
        if self._current is not None or not self._rules.voluntary_straddles or self._in_play_count() < 2:
            return {}
        offers = seating.straddle_seats(self._next_rules(), self.next_deal())
        return {self._seats[seat].name: amount for seat, (_, amount) in offers.items()}

    def show(self, name: str) -> Action:
        """Show ``name``'s hole cards in the last hand, which they won with every other player
        folded (as :meth:`Hand.show`): recorded in its history, visible to all.

        :raises IllegalActionError: when ``name`` did not win the last hand that way or has shown already.
        """
        played = self._current or (self._hands[-1] if self._hands else None)
        if played is None or name not in played.names:
            raise IllegalActionError(f"{name!r} was not dealt in the last hand: only its winner may show")
        try:
            return played.hand.show(played.names.index(name))
        except IllegalActionError as error:
            raise _naming(error, name, played.deal.seats) from None

    def play(
        self,
        agents: Mapping[str, object],
        hands: int | None = None,
        *,
        seed: int | None = None,
        fold_on_error: bool = False,
    ) -> list[Fault]:
        """Play ``hands`` hands with ``agents``, one per seated player by name (default: until the
        session is over, at most :data:`~holdem.session.PLAY_HANDS_LIMIT` hands a call, so that every
        call returns), as :func:`~holdem.session.play_table` plays them; return the faults played as
        folds with ``fold_on_error``.

        >>> from holdem.agents import CallingStation, TightBot
        >>> table = Table(Rules.no_limit(1, 2), seats=6, seed=1)
        >>> table.join("ann", 0, 100); table.join("bob", 3, 100)
        >>> table.play({"ann": CallingStation(), "bob": TightBot()}, hands=20)
        []
        >>> len(table.hands), table.stacks()
        (8, {'ann': 0, 'bob': 200})

        :raises TableError: during a hand, or for agents that are not one per seated player.
        :raises AgentError: when an agent fails, unless ``fold_on_error``; the hand in progress is void.
        :raises TypeError: for agents that are not a mapping of names to callables or objects with ``act``.
        """
        return play_table(self, agents, hands, seed=seed, fold_on_error=fold_on_error)

    # ------------------------------------------------------------ inside

    def _player(self, name: str) -> Player:
        player = self._players.get(name)
        if player is None:
            raise SeatError(f"no player named {name!r} at this table")
        return player

    def _seated(self, name: str) -> Player:
        player = self._player(name)
        if player.seat is None:
            raise SeatError(f"{name!r} is not seated")
        return player

    def _in_play_count(self) -> int:
        return sum(player.in_play for player in self._seats.values())

    def _idle(self, name: str, doing: str) -> Player:
        player = self._seated(name)
        if self._current is not None and name in self._current.names:
            raise TableError(f"{name!r} is in the hand in progress: they may {doing} only between hands")
        return player

    def _checked_buy_in(self, amount: object, stack: int) -> int:
        chips = sum(player.stack for player in self._seats.values())  # a hand in progress: as it started
        return checked_buy_in(amount, stack, self.min_buy_in, self.max_buy_in, chips)

    def _hand_for(self, deal: Deal, stacks: list[int]) -> Hand:
        seats = deal.seats
        count = len(seats)
        posts = {seats.index(seat): chips for seat, chips in deal.posts.items()}
        straddling = [seat for seat in seats if self._seats[seat].name in self._straddling]
        rules, straddles = seating.hand_straddles(self._rules, deal, straddling)
        # What the hand would refuse, refused before a seed is drawn.
        rules.check_player_count(count)
        checked_stacks(stacks)
        return Hand(
            rules, stacks, seating.hand_button(deal), seed=self._rng.random_raw(), posts=posts, table_seats=seats,
            dead_small_blind=count > 2 and deal.small_blind is None, straddles=straddles,
        )  # fmt: skip

    def _next_rules(self) -> Rules:
        """The rules the next hand is dealt at: the schedule's level (if any) applied to the table's."""
        if self.schedule is None:
            return self._rules
        return self.schedule.rules(self.level, self._rules)  # type: ignore[arg-type]

    def _settle(self) -> None:
        current = self._current
        assert current is not None
        hand = current.hand
        for index, (seat, vpip) in enumerate(zip(current.deal.seats, vpip_by_seat(hand))):
            self._seats[seat].settle(hand.stacks[index], vpip)
        self._rake += hand.rake
        self._current = None
        self._held.clear()


_Playable.register(Table)  # what play_table plays


def _naming(error: IllegalActionError, name: str, seats: tuple[int, ...]) -> IllegalActionError:
    """A hand's ``error``, naming the player and their table seat (the hand's are ``seats``)."""
    return IllegalActionError(f"{name!r}: {_renumbered(error, seats)}")


_Option = TypeVar("_Option", ButtonRule, Owed, OutOfTurn, MisdealButton)


def _option(kind: type[_Option], value: object, name: str) -> _Option:
    """A table option's ``value`` as a member of ``kind``."""
    try:
        return kind(value)
    except ValueError:
        allowed = " or ".join(repr(member.value) for member in kind)
        raise TableError(f"{name} {value!r}: use {allowed}") from None
