"""Tournaments: the seat draw, rebuys, eliminations, payouts and ICM, over a table and a blind schedule.

>>> schedule = BlindSchedule([Level(10, 20), Level(20, 40)], hands_per_level=10)
>>> tournament = Tournament(["ann", "bob", "cy"], 1000, schedule, payouts=[70, 30], seed=3)
>>> sorted(tournament.table.players().values())
['ann', 'bob', 'cy']
>>> hand = tournament.start_hand()
>>> hand.rules.big_blind
20
>>> [round(equity, 2) for equity in icm([5000, 3000, 2000], [50, 30, 20])]
[38.39, 32.75, 28.86]
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple, SupportsIndex

from holdem._core import Deck, Rng
from holdem.actions import Action
from holdem.agents import Fault, _checked_agents
from holdem.cards import Card
from holdem.errors import BuyInError, RebuyError, TournamentError, name_list, real_number
from holdem.hand import Hand
from holdem.limits import MAX_CHIPS, MAX_PLAYERS, MIN_PLAYERS, chip_count, integer
from holdem.rules import Rules, checked_rules
from holdem.schedule import BlindSchedule, Level, SmallBet
from holdem.out_of_turn import OutOfTurn
from holdem.seating import ButtonRule, MisdealButton, Owed
from holdem.session import play_table
from holdem.table import Table

__all__ = [
    "BlindSchedule",
    "Draw",
    "Level",
    "RebuyError",
    "RebuyPolicy",
    "SmallBet",
    "Tournament",
    "TournamentError",
    "draw_button",
    "draw_seats",
    "icm",
]

# The cards of the seat draw, lowest first: A, 2, 3 ... K of spades.
_SEAT_CARDS = (51, *range(3, 51, 4))


@dataclasses.dataclass(frozen=True)
class RebuyPolicy:
    """Rebuys: before level ``until_level`` starts, at a stack of at most ``threshold``
    chips (0: only when busted), up to ``max_rebuys`` times each, for ``chips``
    chips (``None``: the starting stack) at the price of the buy-in.
    """

    until_level: int
    threshold: int = 0
    max_rebuys: int = 1
    chips: int | None = None

    def __post_init__(self) -> None:
        for name in ("until_level", "threshold", "max_rebuys", "chips"):
            value = getattr(self, name)
            if value is None and name == "chips":
                continue
            object.__setattr__(self, name, chip_count(value, name, RebuyError, int(name == "chips")))


class Draw(NamedTuple):
    """A player's card in the seat draw and the seat it gives."""

    name: str
    card: Card
    seat: int


def draw_seats(names: Sequence[str], rng: Rng, first_seat: int = 0, seat_count: int = 10) -> list[Draw]:
    """Draw for seats as the rules describe: one card per player from A, 2, 3 ... of spades.

    The lowest card takes ``first_seat`` (seed 000: «Determina a qué asiento se le
    debe asignar la tarjeta más baja»), the next the seat to its left, and so on
    clockwise; the cards are shuffled and each player, in order, draws one.
    Seats are numbered from 0, as everywhere in holdem (``holdem seat-draw``
    counts from 1: its ``--first-seat 4`` is ``first_seat=3``).

    >>> draw_seats(["ann", "bob", "cy", "dee"], Rng(2))[:2]
    [Draw(name='ann', card=3, seat=1), Draw(name='bob', card=11, seat=3)]

    :raises TournamentError: for fewer than two names, more than the seats, a name twice, a table
        of other than 2 to 10 seats, or a first seat off the table.
    :raises TypeError: for names that are not a sequence of strings, ``rng`` not an :class:`Rng`,
        or a seat count or a first seat that is not an integer.
    """
    names = name_list(names, "names")
    _check_rng(rng)
    seat_count = integer(seat_count, "seat_count")
    if not MIN_PLAYERS <= seat_count <= MAX_PLAYERS:
        raise TournamentError(f"seat_count {seat_count}: a table has {MIN_PLAYERS} to {MAX_PLAYERS} seats")
    if not MIN_PLAYERS <= len(names) <= seat_count or len(set(names)) != len(names):
        raise TournamentError(f"{len(names)} names for {seat_count} seats: give 2 to {seat_count} different names")
    first_seat = integer(first_seat, "first_seat")
    if not 0 <= first_seat < seat_count:
        raise TournamentError(f"first seat {first_seat!r}: seats are 0 to {seat_count - 1}")
    cards = list(_SEAT_CARDS[: len(names)])
    rng.shuffle(cards)
    return [
        Draw(name, card, (first_seat + _SEAT_CARDS.index(card)) % seat_count)
        for name, card in zip(names, cards)
    ]


def draw_button(names: Sequence[str], rng: Rng) -> tuple[str, dict[str, Card]]:
    """High card for the button: each player draws a card; the highest rank, then suit
    (spades, hearts, diamonds, clubs), wins.

    >>> draw_button(["ann", "bob", "cy"], Rng(1))
    ('ann', {'ann': 36, 'bob': 27, 'cy': 30})

    :raises TypeError: for names that are not a sequence of strings, or ``rng`` not an :class:`Rng`.
    """
    names = name_list(names, "names")
    _check_rng(rng)
    cards = dict(zip(names, Deck(rng).deal(len(names))))
    return max(cards, key=cards.__getitem__), cards


def _check_rng(rng: object) -> None:
    if not isinstance(rng, Rng):
        raise TypeError(f"rng {rng!r}: give a holdem.Rng, e.g. Rng(1)")


ICM_EXACT_WORK = 500_000
"""icm is exact while the work of Malmuth-Harville, players x the sets of players that can
take the top paid places, is at most this (about 0.3 s); beyond, it samples."""
ICM_SAMPLES = 20_000
ICM_MAX_PLAYERS = 1000


def icm(stacks: Sequence[int], payouts: Sequence[float]) -> list[float]:
    """Each stack's share of the prizes by the Malmuth-Harville model.

    A player finishes first with probability stack / total chips; given the
    players placed above, the next place goes by stack among those left.
    ``payouts`` are the prizes for first, second, ... place.

    The model is computed exactly over the sets of players that can fill the
    paid places while that stays cheap (``ICM_EXACT_WORK``: up to 15 players
    whatever the places paid, 100 players with two places paid).  Beyond, it
    is estimated from 20,000 finishing orders drawn from the same model, the
    same ones on every call (100 players take about 0.2 s): each equity is
    then within about 0.01 of the first prize (three standard errors at most
    ``0.0035 * payouts[0]``), and the equities still add up to the prizes.
    At most 1,000 stacks.  A stack of 0 (a player busted but not yet out)
    finishes below every other, the empty stacks in a random order.

    >>> [round(equity, 2) for equity in icm([5000, 3000, 2000], [50, 30, 20])]
    [38.39, 32.75, 28.86]
    >>> icm([100, 100], [65, 35])
    [50.0, 50.0]

    :raises TournamentError: a stack below 0 or above 2**60 chips, more than 1,000 stacks,
        or a prize that is negative, infinite or NaN.
    :raises TypeError: stacks that are not integers, or prizes that are not numbers.
    """
    if isinstance(stacks, (str, bytes)) or isinstance(payouts, (str, bytes)):
        raise TypeError("icm takes a sequence of stacks and a sequence of prizes")
    message = f"stacks {stacks!r}: ICM takes up to {ICM_MAX_PLAYERS} integer stacks from 0 to 2**60 chips"
    stacks = [integer(stack, "stack") for stack in stacks]
    if len(stacks) > ICM_MAX_PLAYERS or not all(0 <= stack <= MAX_CHIPS for stack in stacks):
        raise TournamentError(message)
    message = f"payouts {payouts!r}: prizes are finite numbers from 0 up"
    prizes = [real_number(prize, TournamentError, message) for prize in payouts][: len(stacks)]
    if any(prize < 0 for prize in prizes) or not math.isfinite(sum(prizes)):
        raise TournamentError(message)
    while prizes and not prizes[-1]:
        prizes.pop()  # places that pay nothing change nothing
    count = len(stacks)
    # An empty stack weighs a trillionth of a chip: it finishes below the others (all but
    # never above), level with the other empty stacks.  Integers keep the sums exact.
    weights = [stack * 10**12 or 1 for stack in stacks]
    work = count * sum(math.comb(count, placed) for placed in range(len(prizes)))
    if work <= ICM_EXACT_WORK:
        return _exact_icm(weights, prizes)
    return _sampled_icm(weights, prizes)


def _exact_icm(stacks: list[int], prizes: list[float]) -> list[float]:
    equities = [0.0] * len(stacks)
    # For each set of players that took the top places (in any order): the probability
    # of that, and the chips of the players left.
    layer = {0: (1.0, sum(stacks))}
    for prize in prizes:
        following: dict[int, tuple[float, int]] = {}
        for placed, (probability, left) in layer.items():
            for player, stack in enumerate(stacks):
                if not placed >> player & 1:
                    chance = probability * stack / left
                    equities[player] += chance * prize
                    known = following.get(placed | 1 << player)
                    following[placed | 1 << player] = ((known[0] if known else 0.0) + chance, left - stack)
        layer = following
    return equities


def _sampled_icm(stacks: list[int], prizes: list[float]) -> list[float]:
    """Finishing orders of the same model: each player draws an exponential time divided by
    the stack, and the shortest time finishes first (of those left, each is the next with
    probability proportional to the stack, as the exponential has no memory)."""
    import numpy

    count, paid = len(stacks), len(prizes)
    generator = numpy.random.PCG64(20_000)  # a BitGenerator's raw stream is fixed across numpy versions
    weights = numpy.array(stacks, dtype=float)
    totals = numpy.zeros(count)
    rows = max(1, 2_000_000 // count)  # orders drawn at a time: about 16 MB of times
    for start in range(0, ICM_SAMPLES, rows):
        size = min(rows, ICM_SAMPLES - start)
        uniform = ((generator.random_raw((size, count)) >> 11) + 1) * 2.0**-53  # in (0, 1]
        times = -numpy.log(uniform) / weights
        first = numpy.argpartition(times, paid - 1, axis=1)[:, :paid] if paid < count else numpy.argsort(times, axis=1)
        order = numpy.take_along_axis(first, numpy.argsort(numpy.take_along_axis(times, first, axis=1), axis=1), axis=1)
        totals += numpy.bincount(order.ravel(), weights=numpy.tile(prizes, size), minlength=count)
    return [float(total) for total in totals / ICM_SAMPLES]


class Tournament:
    """A single-table tournament: equal ``starting_stack`` for each name, seats and
    button drawn from ``seed``, blinds from ``schedule``, played under ``rules``
    (default no limit) at each level's blinds and ante (:meth:`BlindSchedule.rules`;
    a fixed-limit game's bets follow the schedule's ``small_bet``).

    The seat draw gives the lowest card ``first_seat``, a seat numbered from 0 (:func:`draw_seats`).
    The table's own options are given here too: ``seats``, ``button_rule``,
    ``out_of_turn``, ``button_after_misdeal``, ``missed_small_blind``,
    ``missed_big_blind`` and ``missed_antes_cap``, as :class:`~holdem.table.Table`
    takes them.

    Each entry and rebuy costs ``buy_in``; ``payouts`` are the shares of the
    prize pool for first, second, ... place.  A player with no chips is
    eliminated when the next hand starts unless they rebuy first (or at once
    when they may not); players eliminated in the same hand finish in order of
    their stacks at its start, equal stacks sharing a place.  The tournament
    ends when one player holds all the chips.

    >>> schedule = BlindSchedule([Level(10, 20)], hands_per_level=10, small_bet="small-blind")
    >>> tournament = Tournament(["ann", "bob"], 500, schedule, rules=Rules.fixed_limit(2, 4), first_seat=3,
    ...                         out_of_turn="held")
    >>> sorted(tournament.table.players()), tournament.table.out_of_turn.value, tournament.table.rules.small_bet
    ([3, 4], 'held', 10)
    """

    def __init__(
        self,
        names: Sequence[str],
        starting_stack: int,
        schedule: BlindSchedule,
        *,
        buy_in: int = 1,
        payouts: Sequence[int] = (1,),
        rebuys: RebuyPolicy | None = None,
        seats: int = 10,
        first_seat: int = 0,
        button_rule: ButtonRule | str = ButtonRule.DEAD,
        out_of_turn: OutOfTurn | str = OutOfTurn.REFUSED,
        button_after_misdeal: MisdealButton | str = MisdealButton.MOVES,
        missed_small_blind: Owed | str = Owed.DEAD,
        missed_big_blind: Owed | str = Owed.LIVE,
        missed_antes_cap: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> None:
        names = name_list(names, "names")
        rules = None if rules is None else checked_rules(rules)
        starting_stack = chip_count(starting_stack, "starting stack", TournamentError, 1)
        buy_in = chip_count(buy_in, "buy_in", TournamentError)
        if not isinstance(schedule, BlindSchedule):
            raise TypeError(f"schedule {schedule!r}: expected a BlindSchedule")
        if rebuys is not None and not isinstance(rebuys, RebuyPolicy):
            raise TypeError(f"rebuys {rebuys!r}: expected a RebuyPolicy or None")
        message = f"payouts {payouts!r}: give non-negative integer shares, first place first and above 0"
        if isinstance(payouts, (str, bytes)) or not hasattr(payouts, "__iter__"):
            raise TypeError(message)
        payouts = [integer(share, "payout share") for share in payouts]
        if not payouts or any(not 0 <= share <= MAX_CHIPS for share in payouts) or not payouts[0] > 0:
            raise TournamentError(message)
        if starting_stack * len(names) > MAX_CHIPS:
            raise TournamentError(
                f"{len(names)} starting stacks of {starting_stack}: the chips at the table may add up to at most 2**60"
            )
        self.schedule = schedule
        self.starting_stack = starting_stack
        self.buy_in = buy_in
        self.payouts = tuple(payouts)
        self.rebuys = rebuys
        self._clock = clock
        seat_rng, button_rng, shuffle_rng = Rng(seed).spawn(3)
        draws = draw_seats(names, seat_rng, first_seat, seats)
        level = schedule.levels[0]
        self.table = Table(
            schedule.rules(0, rules or Rules.no_limit(level.small_blind, level.big_blind)),
            seats=seats,
            button_rule=button_rule,
            out_of_turn=out_of_turn,
            button_after_misdeal=button_after_misdeal,
            missed_small_blind=missed_small_blind,
            missed_big_blind=missed_big_blind,
            missed_antes_cap=missed_antes_cap,
            clock=clock,
            seed=shuffle_rng.random_raw(),
            schedule=schedule,
        )
        for draw in sorted(draws, key=lambda draw: draw.seat):
            self.table.join(draw.name, draw.seat, starting_stack)
        self.draws = tuple(draws)
        self.button_draw = draw_button([draw.name for draw in self.draws], button_rng)
        self.table.place_button(self.table.seat_of(self.button_draw[0]))
        self._entries = len(draws)
        self._rebuy_counts = dict.fromkeys(self.table.stacks(), 0)
        self._places: dict[str, int] = {}

    # -------------------------------------------------------------- reading

    @property
    def level(self) -> int:
        """The index of the level for the next hand, from hands dealt and time elapsed."""
        return self.table.level  # type: ignore[return-value]

    @property
    def prize_pool(self) -> int:
        """Entries and rebuys times the buy-in."""
        return self.buy_in * (self._entries + sum(self._rebuy_counts.values()))

    @property
    def places(self) -> dict[str, int]:
        """Finishing places so far (1 is the winner), best first."""
        return dict(sorted(self._places.items(), key=lambda item: item[1]))

    @property
    def actor(self) -> str | None:
        """The name of the player to act, or ``None``."""
        return self.table.actor

    @property
    def is_over(self) -> bool:
        """Whether one player holds all the chips."""
        return len(self._places) == len(self._rebuy_counts)

    def prizes(self) -> dict[str, Fraction]:
        """The prize of each player placed so far; a shared place splits the prizes it covers."""
        shares = self._shares()
        prizes = {}
        for name, place in self._places.items():
            tied = sum(1 for other in self._places.values() if other == place)
            covered = sum(shares[place - 1 : place - 1 + tied], Fraction(0))
            prizes[name] = self.prize_pool * covered / tied
        return prizes

    def icm(self) -> dict[str, float]:
        """The remaining players' ICM equities of the prizes not yet won, for a deal."""
        stacks = {name: stack for name, stack in self.table.stacks().items() if name not in self._places}
        left = len(stacks)
        prizes = [float(self.prize_pool * share) for share in self._shares()[:left]]
        return dict(zip(stacks, icm(list(stacks.values()), prizes)))

    def _shares(self) -> list[Fraction]:
        """The share of the prize pool for each place, over the places that entrants can take."""
        paid = self.payouts[: self._entries]
        return [Fraction(share, sum(paid)) for share in paid] + [Fraction(0)] * (self._entries - len(paid))

    # -------------------------------------------------------------- playing

    def start_hand(self) -> Hand:
        """Eliminate busted players who did not rebuy, set the level's blinds and deal.

        :raises TournamentError: when the tournament is over.
        """
        if not self._go_on():
            raise TournamentError("the tournament is over: no more hands")
        hand = self.table.start_hand()
        if hand.is_over:
            self._after_hand()
        return hand

    def act(self, name: str, kind: object, amount: SupportsIndex | None = None) -> Action | None:
        """Play ``name``'s action (as :meth:`Table.act`)."""
        action = self.table.act(name, kind, amount)
        if self.table.hand is None:
            self._after_hand()
        return action

    def play(
        self,
        agents: Mapping[str, object],
        hands: int | None = None,
        *,
        seed: int | None = None,
        fold_on_error: bool = False,
    ) -> list[Fault]:
        """Play the tournament out (or ``hands`` more hands) with ``agents``, one for each player by name;
        at most :data:`~holdem.session.PLAY_HANDS_LIMIT` hands a call when ``hands`` is not given
        (check :attr:`is_over`).

        As :func:`~holdem.session.play_table` plays a table, eliminating the busted
        players before each hand: the agents' ``reset(rng)`` streams come from
        ``seed`` (default: drawn from the table's generator), the faults played as
        folds are returned, and an agent that fails without ``fold_on_error`` voids
        the hand in progress.  No rebuys are made: a player who busts is eliminated.

        >>> from holdem.agents import CallingStation, TightBot
        >>> schedule = BlindSchedule([Level(10, 20), Level(20, 40)], hands_per_level=10)
        >>> tournament = Tournament(["ann", "bob", "cy"], 500, schedule, payouts=[70, 30], seed=3)
        >>> tournament.play({"ann": TightBot(), "bob": CallingStation(), "cy": CallingStation()})
        []
        >>> tournament.is_over, tournament.places
        (True, {'ann': 1, 'bob': 2, 'cy': 3})

        :raises TournamentError: during a hand, or for agents that are not one per player.
        :raises AgentError: when an agent fails, unless ``fold_on_error``.
        :raises TypeError: for agents that are not a mapping of names to callables or objects with ``act``.
        """
        _checked_agents(agents)
        names = set(self._rebuy_counts)
        if set(agents) != names:
            raise TournamentError(
                f"agents for {sorted(agents)!r} in a tournament of {sorted(names)!r}: give one for each player"
            )
        if self.table.hand is not None:
            raise TournamentError("a hand is in progress: play starts between hands")
        if hands is not None and integer(hands, "hands") < 0:
            raise TournamentError(f"hands {hands!r}: use a count of hands from 0, or None to play it out")
        seated = {name: agents[name] for name in self.table.stacks()}  # not those out already
        return play_table(
            self.table, seated, hands, seed=seed, fold_on_error=fold_on_error, go_on=self._go_on,
            after_hand=self._after_hand,
        )  # fmt: skip

    def _go_on(self) -> bool:
        """Eliminate busted players who did not rebuy; whether the tournament goes on."""
        self._eliminate(self.table.stacks())
        return not self.is_over

    def rebuy(self, name: str) -> None:
        """Buy ``RebuyPolicy.chips`` more chips between hands.

        :raises RebuyError: outside the rebuy period, above the threshold, or past the count.
        """
        stack = self.table.stacks().get(name)
        policy = self.rebuys
        if stack is None or name in self._places:
            raise RebuyError(f"{name!r} is not playing in this tournament")
        if policy is None:
            raise RebuyError("this tournament has no rebuys")
        if self.level >= policy.until_level:
            raise RebuyError(f"the rebuy period ended with level {policy.until_level}")
        if stack > policy.threshold:
            raise RebuyError(f"{name!r} has {stack} chips: rebuys are allowed at {policy.threshold} or fewer")
        if self._rebuy_counts[name] >= policy.max_rebuys:
            raise RebuyError(f"{name!r} has used all {policy.max_rebuys} rebuy(s)")
        try:
            self.table.add_chips(name, policy.chips or self.starting_stack)
        except BuyInError as error:
            raise RebuyError(f"{name!r} may not rebuy: {error}") from None
        self._rebuy_counts[name] += 1

    def _may_rebuy(self, name: str) -> bool:
        policy = self.rebuys
        return (
            policy is not None
            and self.level < policy.until_level
            and self._rebuy_counts[name] < policy.max_rebuys
        )

    def _after_hand(self) -> None:
        stacks = self.table.stacks()
        busted = [name for name, stack in stacks.items() if not stack]
        if not any(self._may_rebuy(name) for name in busted):
            self._eliminate(stacks)

    def _eliminate(self, stacks: dict[str, int]) -> None:
        busted = [name for name, stack in stacks.items() if not stack]
        if not busted:
            return
        last = self.table.hands[-1]
        starting = dict(zip(last.names, last.hand.starting_stacks))
        busted.sort(key=lambda name: -starting[name])
        place = len(stacks) - len(busted) + 1
        for index, name in enumerate(busted):
            if index and starting[name] < starting[busted[index - 1]]:
                place = len(stacks) - len(busted) + 1 + index
            self._places[name] = place
            self.table.leave(name)
        if len(stacks) - len(busted) == 1:
            (winner,) = (name for name, stack in stacks.items() if stack)
            self._places[winner] = 1
