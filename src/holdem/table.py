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
import enum
import time
from collections.abc import Callable, Mapping
from typing import IO, TYPE_CHECKING, SupportsIndex

from holdem._core import Rng
from holdem.actions import Action, ActionKind, IllegalActionError, integer, read_decision
from holdem.agents import Decision, Fault, _checked_agents, _play, _renumbered, _seated, _wants_to_straddle
from holdem.errors import AgentError, BuyInError, HoldemError, SeatError, TableError, real_number
from holdem.hand import Hand, HandView, SeatStatus, _straddle_seats, checked_stacks
from holdem.rules import MAX_CHIPS, Rules

if TYPE_CHECKING:
    from holdem.tournament import BlindSchedule

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


class ButtonRule(str, enum.Enum):
    """How the button moves when players leave, bust or sit out.

    ``DEAD``: the big blind moves to the next player in play every hand; the
    small blind and the button follow to the seats where the big blind and the
    small blind were, even when those seats are now empty (a dead small blind,
    a dead button).  ``MOVING``: the button moves to the next player in play
    and the blinds are the next two players after it.  Either way, heads-up
    the button posts the small blind and the big blind alternates, so no one
    posts it twice in a row when play becomes heads-up.
    """

    DEAD = "dead"
    MOVING = "moving"


class Owed(str, enum.Enum):
    """How a player who posts to come into the game pays a blind they owe.

    ``LIVE``: as a bet of their own (it counts toward what they put in on the
    first round); ``DEAD``: straight into the pot; ``NONE``: not at all.
    """

    LIVE = "live"
    DEAD = "dead"
    NONE = "none"


class MisdealButton(str, enum.Enum):
    """Where the button is for the deal after a misdeal.

    ``MOVES`` (seed 004: «volver a repartir, moviendo el botón como correspondería»):
    as after any hand.  ``STAYS``: where it was for the misdealt hand, the blinds too.
    """

    MOVES = "moves"
    STAYS = "stays"


class OutOfTurn(str, enum.Enum):
    """What becomes of an action taken before the player's turn.

    ``REFUSED``: it raises and changes nothing.  ``HELD`` (seed 004: «Actuar fuera
    de turno puede ser vinculante si la acción no cambia de forma material; de lo
    contrario, suele anularse»): it waits, and binds when the action reaches the
    player with only checks and folds in between; otherwise it is void and the
    player decides again.
    """

    REFUSED = "refused"
    HELD = "held"


@dataclasses.dataclass(frozen=True)
class Deal:
    """Where one hand's button and blinds are, by table seat, and which seats are dealt in.

    ``button`` may be an empty seat (a dead button); ``small_blind`` is
    ``None`` for a dead small blind.  Heads-up the button posts the small blind.
    ``posts`` are the ``(live, dead)`` chips that players posting to come in
    owe, by seat (see :class:`~holdem.hand.Hand`).
    """

    button: int
    small_blind: int | None
    big_blind: int
    seats: tuple[int, ...]
    posts: dict[int, tuple[int, int]] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class TableHand:
    """One hand played at the table: its deal, the player in each of its seats, and the hand itself.

    Seat ``i`` of ``hand`` is table seat ``deal.seats[i]``, played by ``names[i]``.
    """

    number: int
    deal: Deal
    names: tuple[str, ...]
    hand: Hand


@dataclasses.dataclass(frozen=True)
class PlayerResult:
    """A player's session: chips in and out, ``net`` won, hands dealt and hands played voluntarily (VPIP)."""

    name: str
    bought_in: int
    cashed_out: int
    stack: int
    fees: int
    hands_played: int
    voluntary_hands: int

    @property
    def net(self) -> int:
        """Chips won: what the player holds or took away, minus what they brought."""
        return self.stack + self.cashed_out - self.bought_in


@dataclasses.dataclass
class _Player:
    name: str
    seat: int | None
    stack: int = 0
    bought_in: int = 0
    cashed_out: int = 0
    fees: int = 0
    fee_periods: int = 0
    fee_start: float = 0.0
    hands_played: int = 0
    voluntary_hands: int = 0
    sitting_out: bool = False
    new: bool = False
    missed_small_blind: bool = False
    missed_big_blind: bool = False
    missed_antes: int = 0
    posting: bool = False

    @property
    def in_play(self) -> bool:
        return self.stack > 0 and not self.sitting_out

    @property
    def owes(self) -> bool:
        return self.new or self.missed_small_blind or self.missed_big_blind or self.missed_antes > 0

    @property
    def waiting(self) -> bool:
        return self.owes and not self.posting


PLAY_HANDS_LIMIT = 10_000
"""The most hands :meth:`Table.play` and :meth:`Tournament.play <holdem.tournament.Tournament.play>`
play in one call when not told how many: agents that never bust one another (always folding, say)
would otherwise play for ever."""

_VOLUNTARY = (ActionKind.CALL, ActionKind.BET, ActionKind.RAISE)
_UNCHANGED = (ActionKind.CHECK, ActionKind.FOLD)


class Table:
    """A table of ``seats`` seats (2 to 10) playing hand after hand under ``rules``.

    Players join by name at a seat with a buy-in between ``min_buy_in`` and
    ``max_buy_in`` (``None``: no limit).  A player who joins after the first
    hand, or who missed a blind while sitting out or busted, waits for the big
    blind: the first time the big blind reaches them they post it and play.
    Or they post to play at once (``join`` or ``come_back`` with
    ``post=True``): dealt in at the next hand, they post what they owe unless
    they sit in a blind that hand: a new player the big blind, a returning
    player each blind they missed, the big blind as ``missed_big_blind`` says
    and the small blind as ``missed_small_blind`` says (:class:`Owed`; by
    default the big blind live and the small blind dead), and the antes they
    missed, dead, at most a big blind's worth (as the missed blinds count once
    however long the absence); a poster in the small blind posts only the
    missed antes, and one in the big blind nothing more than a player who
    waited for it (seed 004: «debe "postear" las ciegas y antes perdidos para
    reincorporarse de inmediato, o puede esperar a que le llegue la BB»).
    ``button_rule`` says how the button moves (:class:`ButtonRule`),
    ``out_of_turn`` what becomes of an action out of turn (:class:`OutOfTurn`)
    and ``button_after_misdeal`` where the button is after a :meth:`misdeal`.

    Rake per pot comes from ``rules``; ``time_fee`` chips are taken from every
    seated player with chips for each ``fee_period`` seconds begun since they
    sat down, at the start of a hand.  The session ends after ``max_hands``
    hands or once ``clock()`` reaches ``end_time``.  Hands are shuffled from
    ``seed``.  With a blind ``schedule`` (:class:`~holdem.tournament.BlindSchedule`,
    counted from the table's creation) each hand is dealt at the level's blinds
    and ante (:meth:`~holdem.tournament.Level.rules`); a new level applies from
    the next hand, never to a hand in progress (seed 000: «el aumento solo se
    aplica a la siguiente ronda de juego ("mano")»).

    :raises TableError: for a seat count, limits or fee settings that make no sense.
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
        from holdem.tournament import BlindSchedule

        if schedule is not None and not isinstance(schedule, BlindSchedule):
            raise TableError(f"schedule {schedule!r}: give a BlindSchedule or None")
        message = f"seats {seats!r}: a table has 2 to 10 seats"
        seats = integer(seats, "seats")
        if not 2 <= seats <= 10:
            raise TableError(message)
        min_buy_in, max_buy_in, max_hands = (
            _positive_or_none(name, value)
            for name, value in (("min_buy_in", min_buy_in), ("max_buy_in", max_buy_in), ("max_hands", max_hands))
        )
        if min_buy_in is not None and max_buy_in is not None and min_buy_in > max_buy_in:
            raise TableError(f"min_buy_in {min_buy_in} is above max_buy_in {max_buy_in}")
        message = (
            f"time fee {time_fee!r} every {fee_period!r} seconds: use a non-negative integer "
            "fee and a positive period"
        )
        time_fee = integer(time_fee, "time_fee")
        fee_period = real_number(fee_period, TableError, message)
        if not 0 <= time_fee <= MAX_CHIPS or not fee_period > 0:
            raise TableError(message)
        if end_time is not None:
            end_time = real_number(end_time, TableError, f"end_time {end_time!r}: use a reading of the clock, or None")
        if not callable(clock):
            raise TypeError(f"clock {clock!r}: use a function that returns the time in seconds")
        try:
            self.button_rule = ButtonRule(button_rule)
        except ValueError:
            raise TableError(f"button_rule {button_rule!r}: use 'dead' or 'moving'") from None
        try:
            self.missed_small_blind, self.missed_big_blind = Owed(missed_small_blind), Owed(missed_big_blind)
        except ValueError:
            raise TableError(
                f"missed blinds {missed_small_blind!r} and {missed_big_blind!r}: use 'live', 'dead' or 'none'"
            ) from None
        try:
            self.out_of_turn = OutOfTurn(out_of_turn)
            self.button_after_misdeal = MisdealButton(button_after_misdeal)
        except ValueError:
            raise TableError(
                f"out_of_turn {out_of_turn!r}, button_after_misdeal {button_after_misdeal!r}: "
                "use 'refused' or 'held', and 'moves' or 'stays'"
            ) from None
        self.rules = rules
        self.seat_count = seats
        self.min_buy_in = min_buy_in
        self.max_buy_in = max_buy_in
        self.time_fee = time_fee
        self.fee_period = fee_period
        self.max_hands = max_hands
        self.end_time = end_time
        self._clock = clock
        self.schedule = schedule
        self._start = clock()
        self._rng = Rng(seed)
        self._seats: dict[int, _Player] = {}
        self._players: dict[str, _Player] = {}
        self._hands: list[TableHand] = []
        self._misdeals: list[TableHand] = []
        self._before_hand: tuple = ()  # type: ignore[type-arg]
        self._current: TableHand | None = None
        self._first_button: int | None = None
        self._button: int | None = None
        self._small_blind_position: int | None = None
        self._big_blind: int | None = None
        self._rake = 0
        self._straddling: set[str] = set()
        # Actions out of turn held for their player: the decision and the history length then.
        self._held: dict[str, tuple[object, SupportsIndex | None, int]] = {}

    # -------------------------------------------------------------- reading

    @property
    def rules(self) -> Rules:
        """The rules of the next hand (changing them mid-hand raises :class:`TableError`)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules) -> None:
        if type(rules) is not Rules:
            raise TableError(f"rules {rules!r}: expected a Rules, e.g. Rules.no_limit(1, 2)")
        if getattr(self, "_current", None) is not None:
            raise TableError("the rules change only between hands")
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
        return self._button

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

    def players(self) -> dict[int, str]:
        """The seated players by seat."""
        return {seat: player.name for seat, player in sorted(self._seats.items())}

    def stacks(self) -> dict[str, int]:
        """The seated players' chips, by name, in seat order (between hands: after the last hand)."""
        return {player.name: player.stack for _, player in sorted(self._seats.items())}

    def seat_of(self, name: str) -> int:
        """The seat of a seated player."""
        seat = self._player(name).seat
        if seat is None:
            raise SeatError(f"{name!r} is not seated")
        return seat

    def is_waiting(self, name: str) -> bool:
        """Whether a seated player waits for the big blind before being dealt in (and does not post)."""
        return self._seated(name).waiting

    def missed_blinds(self, name: str) -> tuple[bool, bool]:
        """Whether a seated player has missed the small blind and the big blind since they last played."""
        player = self._seated(name)
        return player.missed_small_blind, player.missed_big_blind

    def results(self) -> dict[str, PlayerResult]:
        """Every player's session so far, by name, in order of arrival."""
        return {
            player.name: PlayerResult(
                player.name,
                player.bought_in,
                player.cashed_out,
                player.stack,
                player.fees,
                player.hands_played,
                player.voluntary_hands,
            )
            for player in self._players.values()
        }

    # ----------------------------------------------------- between hands

    def join(self, name: str, seat: int, buy_in: int, *, post: bool = False) -> None:
        """Seat a player at an empty seat with ``buy_in`` chips.

        After the first hand the player waits for the big blind, or with
        ``post`` posts it to play at once.  A player who left earlier may come
        back; their session results carry on.

        :raises SeatError: for a seat off the table or taken, or a name already seated.
        :raises BuyInError: for a buy-in outside the limits.
        """
        if not isinstance(name, str) or not name:
            raise SeatError(f"player name {name!r}: use a non-empty string")
        if name in self._players and self._players[name].seat is not None:
            raise SeatError(f"{name!r} is already seated at seat {self._players[name].seat}")
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            raise SeatError(f"seat {seat!r}: seats are 0 to {self.seat_count - 1}")
        if seat in self._seats:
            raise SeatError(f"seat {seat} is taken by {self._seats[seat].name!r}: choose an empty seat")
        self._check_buy_in(buy_in, 0)
        player = self._players.setdefault(name, _Player(name, None))
        player.seat = seat
        player.stack = buy_in
        player.bought_in += buy_in
        player.fee_periods = 0
        player.fee_start = self._clock()
        player.sitting_out = False
        player.new = bool(self._hands)
        player.missed_small_blind = player.missed_big_blind = False
        player.missed_antes = 0
        player.posting = post
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
        """Deal a sitting-out player in again: at once, or at the big blind if they missed a blind
        (with ``post``: at once, posting the blinds they missed)."""
        player = self._seated(name)
        player.sitting_out = False
        player.posting = player.posting or post

    def add_chips(self, name: str, amount: int) -> None:
        """Rebuy or top up between hands: the stack may not pass ``max_buy_in``, and a rebuy
        from zero must be at least ``min_buy_in``.

        :raises BuyInError: for an amount outside those limits.
        """
        player = self._idle(name, "add chips")
        self._check_buy_in(amount, player.stack)
        player.stack += amount
        player.bought_in += amount

    def place_button(self, seat: int) -> None:
        """Put the button for the first hand at ``seat`` (by default: the first seat in play)."""
        if self._hands:
            raise TableError("the button is placed before the first hand only; then it moves by itself")
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
        deal = self._positions()
        # A declared straddle is a blind: it stands for the big blind a poster owes.  In the big
        # blind a poster owes nothing more than one who waited for it.
        straddling = [seat for seat in self._straddle_offers(deal) if self._seats[seat].name in self._straddling]
        posts = {
            seat: self._owed(self._seats[seat], seat == deal.small_blind)
            for seat in deal.seats
            if self._seats[seat].posting and seat not in (deal.big_blind, *straddling)
        }
        posts = {seat: owed for seat, owed in posts.items() if any(owed)}
        return dataclasses.replace(deal, posts=posts) if posts else deal

    def _positions(self) -> Deal:
        in_play = [seat for seat, player in sorted(self._seats.items()) if player.in_play]
        if len(in_play) < 2:
            raise TableError(f"{len(in_play)} player(s) in play: a hand needs at least 2")
        if self._big_blind is None:
            return _first_deal(in_play, self._first_button)
        ready = [seat for seat in in_play if not self._seats[seat].waiting]
        if len(ready) < 2:
            ready = in_play  # no one to wait for: everyone in play is dealt in
        if self.button_rule is ButtonRule.DEAD:
            big_blind = _next(in_play, self._big_blind)
            seats = tuple(sorted({*ready, big_blind}))
            if len(seats) == 2:
                return _heads_up(seats, self._big_blind)
            small_position = self._big_blind
            small_blind = small_position if small_position in seats else None
            button = self._small_blind_position
            if not _dead_button_fits(button, small_position, big_blind, seats, self.seat_count):  # type: ignore[arg-type]
                # Coming from heads-up, or past new players: the button goes
                # to the player before the small blind.
                button = _previous(seats, small_position)
            return Deal(button, small_blind, big_blind, seats)  # type: ignore[arg-type]
        button = _next(ready, self._button)  # type: ignore[arg-type]
        small_blind = _next(ready, button)
        big_blind = _next(in_play, small_blind)
        seats = tuple(sorted({*ready, big_blind}))
        if len(seats) == 2:
            return _heads_up(seats, self._big_blind)
        return Deal(button, small_blind, big_blind, seats)

    def start_hand(self) -> Hand:
        """Take any time fees, deal the next hand and return it.

        :raises TableError: during a hand, after the session ended, or with
            fewer than two players in play.
        """
        if self._current is not None:
            raise TableError("a hand is in progress: finish it before starting the next")
        if self.is_over:
            raise TableError("the session is over: no more hands")
        # A refused start changes nothing: the table is put back as it was.
        before = self._snapshot()
        try:
            self._rules = self._next_rules()
            self._charge_fees()
            deal = self.next_deal()
            self._record_missed_blinds(deal)
            small_position = deal.small_blind if deal.small_blind is not None else self._big_blind
            self._button, self._small_blind_position, self._big_blind = deal.button, small_position, deal.big_blind
            players = [self._seats[seat] for seat in deal.seats]
            for player in players:
                player.new = player.missed_small_blind = player.missed_big_blind = player.posting = False
                player.missed_antes = 0
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
        return hand

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
            self._button, self._small_blind_position, self._big_blind, self._rules = saved
        for player, before in players:
            if player.name in current.names:  # nothing but the hand touched them: all of it goes back
                vars(player).update(vars(before))
                continue
            # The others may have acted at the table meanwhile: only what the deal did to them goes back,
            # its time fee and missed ante (a later join clears them anyway), and, where the button
            # goes back too, the blinds it passed.
            refund, player.fees = player.fees - before.fees, before.fees
            player.fee_periods = min(player.fee_periods, before.fee_periods)
            if player.seat is None:
                player.cashed_out += refund
            else:
                player.stack += refund
            player.missed_antes = min(player.missed_antes, before.missed_antes)
            if positions:
                player.missed_small_blind &= before.missed_small_blind
                player.missed_big_blind &= before.missed_big_blind
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
        positions = (self._button, self._small_blind_position, self._big_blind, self._rules)
        players = [(player, dataclasses.replace(player)) for player in self._seats.values()]
        return positions, players, set(self._straddling)

    def _restore(self, snapshot: tuple, positions: bool) -> None:  # type: ignore[type-arg]
        saved, players, self._straddling = snapshot
        if positions:
            self._button, self._small_blind_position, self._big_blind, self._rules = saved
        for player, before in players:
            vars(player).update(vars(before))

    def act(self, name: str, kind: object, amount: SupportsIndex | None = None) -> Action | None:
        """Play ``name``'s action in the hand in progress (any decision :meth:`Hand.act` reads, as it reads it).

        Out of turn, with ``out_of_turn="held"``, the action is held (``None`` is
        returned; :attr:`held` lists it) and played when the turn comes, if only
        checks and folds came in between.

        >>> table = Table(Rules.no_limit(1, 2), seats=4, seed=1, out_of_turn="held")
        >>> for seat, name in enumerate("ABCD"):
        ...     table.join(name, seat, 100)
        >>> _ = table.start_hand()
        >>> table.actor, table.act("A", "fold"), table.held
        ('D', None, {'A': ('fold', None)})
        >>> table.act("D", "fold"), table.actor
        (Action('fold', 3), 'B')

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
        if self.actor != name:
            if self.out_of_turn is OutOfTurn.REFUSED or current.hand.actor is None:
                raise IllegalActionError(f"{name!r} may not act now: it is {self.actor!r}'s turn")
            if not self._may_hold(current, name):
                raise IllegalActionError(f"{name!r} has no decision left this round: it is {self.actor!r}'s turn")
            read_decision(kind, amount)  # a decision, held as given
            self._held[name] = (kind, amount, len(current.hand.history))
            return None
        self._held.pop(name, None)
        try:
            action = current.hand.act(_decision(kind, amount))
        except IllegalActionError as error:
            raise _naming(error, name, current.deal.seats) from None
        self._play_held(current)
        return action

    @property
    def held(self) -> dict[str, tuple[object, SupportsIndex | None]]:
        """The actions out of turn waiting for their player's turn, by name."""
        return {name: (kind, amount) for name, (kind, amount, _) in self._held.items()}

    def _may_hold(self, current: TableHand, name: str) -> bool:
        """Whether ``name`` still has a decision to come on this round: in the hand with chips, and
        not yet acted on it or facing a bet (one who acted and matched the bet acts again only
        after a raise, which would void what they held)."""
        hand = current.hand
        seat = current.names.index(name)
        if hand.statuses[seat] is not SeatStatus.ACTIVE:
            return False
        for action in reversed(hand.history):
            if action.kind is ActionKind.DEAL_BOARD:
                break
            if action.seat == seat and action.kind in (*_VOLUNTARY, *_UNCHANGED):
                return hand.bets[seat] < max(hand.bets)
        return True

    def _play_held(self, current: TableHand) -> None:
        """Play the held actions that the turn reaches unchanged; void the others that it reaches."""
        hand = current.hand
        while hand.actor is not None:
            kind, amount, since = self._held.pop(current.names[hand.actor], (None, None, -1))
            if since < 0 or any(action.kind not in _UNCHANGED for action in hand.history[since:]):
                break
            try:
                hand.act(_decision(kind, amount))
            except IllegalActionError:
                break
        if hand.is_over:
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
        voluntaria antes del reparto»; the default) and ``name`` in a straddle position of the next deal.

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
        player = self._seated(name)
        if not self._rules.straddles:
            raise TableError("these rules allow no straddles: Rules(straddles=...) allows them")
        if not self._rules.voluntary_straddles:
            raise TableError("these rules force their straddles: nobody declares them")
        if self._current is not None:
            raise TableError("a straddle is declared between hands, before the deal")
        offered = self._straddle_offers(self.next_deal())
        if player.seat not in offered:
            raise TableError(f"{name!r} is not in a straddle position next hand: seats {sorted(offered)} are")
        self._straddling.add(name)
        return offered[player.seat][1]

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
        session is over, at most :data:`PLAY_HANDS_LIMIT` hands a call, so that every call returns).

        Play stops early once fewer than two players are in play.  First each
        agent's ``reset(rng)`` hook gets a stream of its own from ``seed``
        (default: drawn from the table's generator, so that a table made with
        a seed plays the same way every time); then each hand is played as
        :func:`~holdem.agents.play_hand` plays it (the views' ``table_seat``
        is the player's seat at this table), and the faults played as folds,
        with ``fold_on_error``, are returned, numbered by hand; their seats and
        messages are table seats (a ``straddle`` hook that fails is a fault
        too, and no straddle).  An agent that fails without
        ``fold_on_error`` voids the hand in progress: the table goes back to
        as it was before that deal (stacks, button, blinds owed), the hand
        leaves :attr:`hands`, and the :class:`~holdem.errors.AgentError` is raised.

        >>> from holdem.agents import CallingStation, TightBot
        >>> table = Table(Rules.no_limit(1, 2), seats=6, seed=1)
        >>> table.join("ann", 0, 100); table.join("bob", 3, 100)
        >>> table.play({"ann": CallingStation(), "bob": TightBot()}, hands=20)
        []
        >>> len(table.hands), table.stacks()
        (8, {'ann': 0, 'bob': 200})

        :raises TableError: during a hand, or for agents that are not one per seated player.
        :raises AgentError: when an agent fails, unless ``fold_on_error``.
        :raises TypeError: for agents that are not a mapping of names to callables or objects with ``act``.
        """
        _checked_agents(agents)
        if self._current is not None:
            raise TableError("a hand is in progress: play starts between hands")
        names = set(self.stacks())
        if set(agents) != names:
            raise TableError(
                f"agents for {sorted(agents)!r} at a table of {sorted(names)!r}: give one for each seated player"
            )
        if hands is not None and integer(hands, "hands") < 0:
            raise TableError(f"hands {hands!r}: use a count of hands from 0, or None to play the session out")
        return self._play_hands(
            agents, hands, seed, fold_on_error, lambda: not self.is_over and self._in_play_count() >= 2, lambda: None
        )

    def _play_hands(
        self,
        agents: Mapping[str, object],
        hands: int | None,
        seed: int | None,
        fold_on_error: bool,
        go_on: Callable[[], bool],
        after_hand: Callable[[], None],
    ) -> list[Fault]:
        """The play loop of :meth:`play` (and a tournament's): while ``go_on()``, ask the straddles,
        deal, play the hand out and call ``after_hand()``, ``hands`` times at most."""
        hooks = self._hooks(agents, seed)
        faults: list[Fault] = []
        for _ in range(PLAY_HANDS_LIMIT if hands is None else hands):
            if not go_on():
                break
            faults += self._ask_straddles(agents, fold_on_error)
            self.start_hand()
            faults += self._play_current(*hooks, fold_on_error)
            after_hand()
        return faults

    def _hooks(
        self, agents: Mapping[str, object], seed: int | None
    ) -> tuple[
        dict[str, Callable[[HandView], Decision]],
        dict[str, Callable[[HandView], None]],
        dict[str, Callable[[HandView, int], int] | None],
    ]:
        """Reset the agents from ``seed`` (else from the table's generator); return their ``act``,
        ``end_hand`` and ``agree_runs`` hooks by name."""
        streams = Rng(self._rng.random_raw() if seed is None else seed).spawn(len(agents))
        for agent, stream in zip(agents.values(), streams):
            reset = getattr(agent, "reset", None)
            if reset is not None:
                reset(stream)
        names = list(agents)
        acts, ends, runs = _seated(list(agents.values()))
        return dict(zip(names, acts)), {names[index]: end for index, end in ends}, dict(zip(names, runs))

    def _ask_straddles(self, agents: Mapping[str, object], fold_on_error: bool) -> list[Fault]:
        """Before the deal, ask each agent in a voluntary straddle position by its ``straddle(seat, amount)``
        hook (``seat``: its table seat) whether it straddles; with ``fold_on_error`` a hook that fails
        is a fault, and no straddle."""
        faults: list[Fault] = []
        if not self._rules.voluntary_straddles or self._in_play_count() < 2:
            return faults
        straddling = []  # declared once every agent has answered: a failure without fold_on_error declares none
        for seat, (_, amount) in self._straddle_offers(self.next_deal()).items():
            name = self._seats[seat].name
            try:
                if _wants_to_straddle(agents[name], seat, amount, name):
                    straddling.append(name)
            except AgentError as error:
                if not fold_on_error:
                    raise
                faults.append(Fault(len(self._hands) + 1, name, seat, str(error)))
        self._straddling.update(straddling)
        return faults

    def _play_current(
        self,
        act_of: Mapping[str, Callable[[HandView], Decision]],
        end_of: Mapping[str, Callable[[HandView], None]],
        runs_of: Mapping[str, Callable[[HandView, int], int] | None],
        fold_on_error: bool,
    ) -> list[Fault]:
        """Play the hand just dealt to its end with each player's ``act``, ``end_hand`` and ``agree_runs`` hooks."""
        current = self._hands[-1]
        names = current.names
        ends = [(seat, end_of[name]) for seat, name in enumerate(names) if name in end_of]
        acts, runs = [act_of[name] for name in names], [runs_of[name] for name in names]
        try:
            return _play(current.hand, acts, ends, runs, names, fold_on_error, current.number, current.deal.seats)
        finally:  # an agent's failure voids a hand unfinished
            if not current.hand.is_over:
                self._undo_current(positions=True)
            elif self._current is not None:
                self._settle()

    def _in_play_count(self) -> int:
        return sum(player.in_play for player in self._seats.values())

    # ------------------------------------------------------------ inside

    def _player(self, name: str) -> _Player:
        player = self._players.get(name)
        if player is None:
            raise SeatError(f"no player named {name!r} at this table")
        return player

    def _seated(self, name: str) -> _Player:
        player = self._player(name)
        if player.seat is None:
            raise SeatError(f"{name!r} is not seated")
        return player

    def _idle(self, name: str, doing: str) -> _Player:
        player = self._seated(name)
        if self._current is not None and name in self._current.names:
            raise TableError(f"{name!r} is in the hand in progress: they may {doing} only between hands")
        return player

    def _check_buy_in(self, amount: int, stack: int) -> None:
        if type(amount) is not int or amount < 1:
            raise BuyInError(f"buy-in {amount!r}: use a positive integer of chips")
        low = self.min_buy_in if stack == 0 and self.min_buy_in is not None else 1
        high = self.max_buy_in
        if amount < low or (high is not None and stack + amount > high):
            allowed = f"{low} to {high - stack}" if high is not None else f"at least {low}"
            raise BuyInError(f"buy-in {amount} on a stack of {stack}: allowed {allowed} chips")

    def _charge_fees(self) -> None:
        if not self.time_fee:
            return
        now = self._clock()
        for player in self._seats.values():
            due = int((now - player.fee_start) // self.fee_period) + 1 - player.fee_periods
            if due > 0 and player.stack:
                fee = min(due * self.time_fee, player.stack)
                player.stack -= fee
                player.fees += fee
                player.fee_periods += due

    def _record_missed_blinds(self, deal: Deal) -> None:
        if self._big_blind is None:
            return
        small_position = deal.small_blind if deal.small_blind is not None else self._big_blind
        if len(deal.seats) == 2:
            small_position = deal.button
        ante = self._rules.ante if not self._rules.big_blind_ante else 0
        for seat, player in self._seats.items():
            if player.in_play:
                continue
            player.missed_antes += ante
            if _passed(self._small_blind_position, seat, small_position, self.seat_count):
                player.missed_small_blind = True
            if _passed(self._big_blind, seat, deal.big_blind, self.seat_count):
                player.missed_big_blind = True

    def _owed(self, player: _Player, in_blind: bool) -> tuple[int, int]:
        """The live and dead chips a player posting to come in owes (in the small blind: the missed antes only).

        The missed antes owed are at most one big blind's worth, however long the absence, as
        the missed blinds count once each: coming back never costs more than a few blinds.
        """
        rules = self._next_rules()
        owed = dict.fromkeys(Owed, 0)
        owed[Owed.DEAD] = min(player.missed_antes, rules.big_blind)
        if not in_blind:
            if player.new or player.missed_big_blind:
                owed[self.missed_big_blind] += rules.big_blind
            if player.missed_small_blind:
                owed[self.missed_small_blind] += rules.small_blind
        return owed[Owed.LIVE], owed[Owed.DEAD]

    def _hand_for(self, deal: Deal, stacks: list[int]) -> Hand:
        seats = deal.seats
        count = len(seats)
        dead_small_blind = count > 2 and deal.small_blind is None
        if count == 2:
            button = seats.index(deal.button)
        else:
            # The hand's button is the seat dealt in before the blinds, which
            # acts last after the flop (the deal's button may be dead).
            button = (seats.index(deal.big_blind) - (1 if dead_small_blind else 2)) % count
        posts = {seats.index(seat): owed for seat, owed in deal.posts.items()}
        rules, straddles = self._rules, None
        if rules.voluntary_straddles:
            straddles = [0] * len(rules.straddles)
            for seat, (position, amount) in self._straddle_offers(deal).items():
                if self._seats[seat].name in self._straddling:
                    straddles[position] = amount
        elif len(rules.straddles) > count - 2:  # forced straddles the table has no seats for are skipped
            rules = dataclasses.replace(rules, straddles=rules.straddles[: max(count - 2, 0)])
        # What the hand would refuse, refused before a seed is drawn.
        rules.check_player_count(count)
        checked_stacks(stacks)
        return Hand(
            rules, stacks, button, seed=self._rng.random_raw(), dead_small_blind=dead_small_blind, posts=posts,
            table_seats=seats, straddles=straddles,
        )  # fmt: skip

    def _next_rules(self) -> Rules:
        """The rules the next hand is dealt at: the schedule's level (if any) applied to the table's."""
        if self.schedule is None:
            return self._rules
        return self.schedule.levels[self.level].rules(self._rules)  # type: ignore[index]

    def _straddle_offers(self, deal: Deal) -> dict[int, tuple[int, int]]:
        """The table seats in a straddle position of ``deal``: ``{seat: (position, amount)}``, the amounts
        those of the next hand's rules."""
        seats = deal.seats
        offers = _straddle_seats(self._next_rules(), len(seats), seats.index(deal.big_blind))
        return {seats[index]: offer for index, offer in offers.items()}

    def _settle(self) -> None:
        current = self._current
        assert current is not None
        hand = current.hand
        voluntary = set()
        for action in hand.history:
            if action.kind is ActionKind.DEAL_BOARD:
                break
            if action.kind in _VOLUNTARY:
                voluntary.add(action.seat)
        for index, seat in enumerate(current.deal.seats):
            player = self._seats[seat]
            player.stack = hand.stacks[index]
            player.hands_played += 1
            player.voluntary_hands += index in voluntary
        self._rake += hand.rake
        self._current = None
        self._held.clear()


def _naming(error: IllegalActionError, name: str, seats: tuple[int, ...]) -> IllegalActionError:
    """A hand's ``error``, naming the player and their table seat (the hand's are ``seats``)."""
    return IllegalActionError(f"{name!r}: {_renumbered(error, seats)}")


def _decision(kind: object, amount: SupportsIndex | None) -> object:
    """The decision :meth:`Table.act` was given, as :meth:`Hand.act` reads it (``amount`` ``None``: none given)."""
    return kind if amount is None else (kind, amount)


def _next(seats: list[int], after: int) -> int:
    """The first of ``seats`` (sorted) clockwise after seat ``after``."""
    for seat in seats:
        if seat > after:
            return seat
    return seats[0]


def _heads_up(seats: tuple[int, ...], last_big_blind: int) -> Deal:
    """Heads-up the big blind goes to the player after the last big blind; the other has the button."""
    big_blind = _next(list(seats), last_big_blind)
    button = seats[0] if seats[1] == big_blind else seats[1]
    return Deal(button, button, big_blind, seats)


def _previous(seats: tuple[int, ...], before: int) -> int:
    """The last of ``seats`` (sorted) counter-clockwise before seat ``before``."""
    for seat in reversed(seats):
        if seat < before:
            return seat
    return seats[-1]


def _dead_button_fits(button: int, small_blind: int, big_blind: int, seats: tuple[int, ...], count: int) -> bool:
    """Whether, clockwise from ``button``, the small-blind position comes next, then the big blind."""
    def distance(seat: int) -> int:
        return (seat - button) % count

    return 0 < distance(small_blind) < distance(big_blind) and not any(
        0 < distance(seat) < distance(small_blind) for seat in seats
    )


def _passed(start: int | None, seat: int, end: int, count: int) -> bool:
    """Whether ``seat`` is clockwise after ``start`` and up to ``end``."""
    return start is not None and 0 < (seat - start) % count <= (end - start) % count


def _first_deal(in_play: list[int], first_button: int | None) -> Deal:
    """The first hand: everyone in play dealt in, the button where it was placed."""
    button = first_button if first_button in in_play else in_play[0]
    if len(in_play) == 2:
        other = _next(in_play, button)
        return Deal(button, button, other, tuple(in_play))
    small_blind = _next(in_play, button)
    return Deal(button, small_blind, _next(in_play, small_blind), tuple(in_play))


def _positive_or_none(name: str, value: object) -> int | None:
    """A table's optional count or chip limit: None, or an integer from 1 to 2**60."""
    if value is None:
        return None
    message = f"{name} {value!r}: use a positive integer or None"
    number = integer(value, name)
    if not 1 <= number <= MAX_CHIPS:
        raise TableError(message)
    return number
