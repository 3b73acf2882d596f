"""An ACPC dealer and client over TCP.

:class:`Dealer` plays seeded hands of a game definition with ACPC players,
each of which sends ``VERSION:2.0.0`` first.  Players sit either on one port
in the order they connect, or on one port per seat (``ports``), seat ``i`` at
``ports[i]``, as with the reference dealer.  Before every action and at the
end of each hand the dealer sends each player its match state, and reads the
acting player's response: the state followed by ``:`` and an action.
Players change positions every hand (unless ``rotate`` is off).  With
``send_definition`` (holdem's own form) the game definition is sent first as
comment lines, which ACPC players ignore and a holdem client reads; without it
the players get exactly the reference dealer's messages.  The
match log starts with comment lines (among them the reference dealer's four),
then holds a ``STATE:`` line per hand, then the ``SCORE``.

``cards="reference"`` deals the cards the ACPC reference dealer deals for the
same seed (:func:`~holdem.formats.acpc.reference_deals`); ``"holdem"`` deals
from holdem's own generator (:class:`~holdem.cards.Rng`).

Responses are read as the reference dealer reads them.  Comments (``#``,
``;``) and responses to another state are skipped; a line is read in pieces
of at most 4,095 bytes.  The action is its first character (``f``/``F``,
``c``/``C``/``k``/``K``, ``r``/``R``/``b``/``B``); a no-limit raise is followed
by its size (the raiser's total chips in the hand), read as C's ``%d`` reads
it (blanks and a sign allowed, the rest of the line ignored).  A response
without an action is played as a call, a raise size the rules do not allow is
moved to the nearest allowed size, and any other action the rules do not allow
is played as a call.  Each fault is reported once, as it happens, to
``report`` (by default a warning on this module's logger), and kept in
:attr:`DealerResult.faults`.

Time limits, in seconds: ``timeout`` for each response, ``hand_timeout`` for a
player's responses in one hand, ``per_hand_timeout`` for the average over the
match (``None``: no limit).  When a player runs out of time or disconnects,
``max_timeouts=None`` ends the match, as the reference dealer does, with an
:class:`~holdem.errors.AcpcError`; a number keeps the match going: the player
folds (checks when it costs nothing), and after that many faults in a row the
dealer gives up waiting for it and folds for it at once to the end of the
match (a player that disconnects is given up at once).

:func:`play_client` connects any :mod:`holdem agent <holdem.agents>` to an
ACPC dealer.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import selectors
import socket
import struct
import sys
import time
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import IO

from holdem.actions import ActionKind
from holdem.agents import agent_name
from holdem.cards import Rng, format_cards
from holdem.errors import AcpcError, AgentError, HoldemError, IllegalActionError, check_type
from holdem.formats.acpc import GameDef, MatchState, hand_values, reference_deals, score_line, _value_text
from holdem.hand import Hand
from holdem.limits import integer
from holdem.rules import Structure
from holdem.views import HandView, SeatStatus

__all__ = ["ClientResult", "Dealer", "DealerResult", "play_client", "read_action"]

logger = logging.getLogger(__name__)

_VERSION = re.compile(r"VERSION:2\.[0-9]+\.[0-9]+")
_LINE_LIMIT = 4095  # the longest line the reference dealer reads at once
_ACTIONS = {"f": "f", "F": "f", "c": "c", "C": "c", "k": "c", "K": "c", "r": "r", "R": "r", "b": "r", "B": "r"}
_SIZE = re.compile(r"[ \t\n\v\f\r]*([-+]?[0-9]+)")
_INT64 = 2**63
_SCALE = 2520  # the least common multiple of 1 to 10: a pot is split among at most 10 players


def read_action(text: str, limit: bool) -> tuple[str, int] | None:
    """An action as the reference dealer reads it: ``("f"|"c"|"r", size)``, or ``None`` when there is none.

    The size (of a no-limit raise only, else 0) is read as the reference's
    ``sscanf("%d")`` reads it with glibc: a number beyond 64 bits saturates,
    and the low 32 bits are kept.

    >>> read_action("r 300", False), read_action("r-5", False), read_action("K", False), read_action("r300", True)
    (('r', 300), ('r', -5), ('c', 0), ('r', 0))
    >>> read_action("r4294967596", False), read_action("r" + "9" * 30, False)
    (('r', 300), ('r', -1))
    >>> read_action("r", False) is None, read_action("x", False) is None
    (True, True)
    """
    kind = _ACTIONS.get(text[:1])
    if kind is None:
        return None
    if kind != "r" or limit:
        return kind, 0
    match = _SIZE.match(text, 1)
    if match is None:
        return None
    number = match.group(1)
    sign = -1 if number[0] == "-" else 1
    digits = number.lstrip("+-").lstrip("0")
    value = sign * _INT64 if len(digits) > 19 else sign * int(digits or "0")
    value = min(max(value, -_INT64), _INT64 - 1)
    return kind, (value + 2**31) % 2**32 - 2**31


class _Connection:
    """A line-based socket: lines end with ``\\r\\n``; reads stop at a deadline."""

    def __init__(self, sock: socket.socket, send_timeout: float | None) -> None:
        # Sends block, with a time limit in the kernel: one system call a send.
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if send_timeout is not None:
            milliseconds = min(max(round(send_timeout * 1000), 1), 2**31 - 1)
            timeval = (
                struct.pack("L", milliseconds) if sys.platform == "win32"
                else struct.pack("ll", milliseconds // 1000, milliseconds % 1000 * 1000)
            )  # fmt: skip
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, timeval)
        self.readable = selectors.DefaultSelector()
        self.readable.register(sock, selectors.EVENT_READ)
        self.sock = sock
        self.buffer = b""
        self.alive = True

    def send(self, data: bytes) -> None:
        if not self.alive:
            return
        try:
            self.sock.sendall(data)
        except OSError:
            self.close()

    def read_line(self, deadline: float | None) -> str | None:
        """The next line (a piece of at most 4,095 bytes of a longer one), or ``None`` at the deadline or the end."""
        while True:
            end = self.buffer.find(b"\n", 0, _LINE_LIMIT)
            if end >= 0 or len(self.buffer) >= _LINE_LIMIT:
                size = _LINE_LIMIT if end < 0 else end + 1
                line, self.buffer = self.buffer[:size], self.buffer[size:]
                return line.decode("latin-1").rstrip("\r\n")
            remaining = None if deadline is None else deadline - time.monotonic()
            if not self.alive or (remaining is not None and remaining <= 0):
                return None
            try:
                if remaining is not None and not self.readable.select(remaining):
                    return None
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            if not data:
                self.close()
                if self.buffer:  # the last line, without its end
                    line, self.buffer = self.buffer, b""
                    return line.decode("latin-1").rstrip("\r")
                return None
            self.buffer += data

    def close(self) -> None:
        self.alive = False
        self.readable.close()
        self.sock.close()


@dataclasses.dataclass
class DealerResult:
    """A finished match: the names and total values by seat, and the faults."""

    names: list[str]
    totals: list[Fraction]
    faults: list[str]


class _Timeout(Exception):
    """A player ran out of time or disconnected."""


class Dealer:
    """An ACPC dealer listening on ``host``: on ``port``, or on ``ports`` (one a seat; 0: any free port).

    ``connect_timeout`` bounds the wait for every player to connect (``None``:
    no limit).  :attr:`addresses` gives the ports to connect to.  Use it as a
    context manager, or call :meth:`close`.  The rest is described above.

    >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
    >>> with Dealer(game, hands=10, seed=1, connect_timeout=0.1) as dealer:
    ...     dealer.run()
    Traceback (most recent call last):
    ...
    holdem.errors.AcpcError: 0 of 2 players connected within 0.1 s
    """

    def __init__(
        self,
        game: GameDef,
        hands: int,
        seed: int | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        ports: Sequence[int] | None = None,
        cards: str = "holdem",
        rotate: bool = True,
        timeout: float = 10.0,
        hand_timeout: float | None = None,
        per_hand_timeout: float | None = None,
        max_timeouts: int | None = 3,
        connect_timeout: float | None = 60.0,
        send_definition: bool = True,
        names: Sequence[str] | None = None,
        log: IO[str] | None = None,
        match_name: str = "match",
        game_name: str = "game",
        transactions: IO[str] | None = None,
        transcript: IO[str] | None = None,
        report: Callable[[str], object] | None = None,
    ) -> None:
        check_type(game, GameDef, "game")
        self.rules = game.rules()
        hands = integer(hands, "hands")
        if not 1 <= hands < 2**32:
            raise AcpcError(f"{hands!r} hands: play 1 to 2**32 - 1")
        if cards not in ("holdem", "reference"):
            raise AcpcError(f"cards {cards!r}: use 'holdem' or 'reference'")
        if cards == "reference" and seed is None:
            raise AcpcError("the reference dealer's cards need a seed")
        if max_timeouts is not None and max_timeouts < 1:
            raise AcpcError(f"max_timeouts {max_timeouts}: use 1 or more, or None to end the match")
        names = [f"player{seat + 1}" for seat in range(game.players)] if names is None else list(names)
        if len(names) != game.players or len(set(names)) != len(names) or any(set(name) & set(":| ") for name in names):
            raise AcpcError(f"names {names!r}: give {game.players} distinct names without ':', '|' or spaces")
        if ports is not None and len(ports) != game.players:
            raise AcpcError(f"ports {list(ports)!r}: give one per seat ({game.players})")
        for seat_port in [port] if ports is None else ports:
            if not 0 <= integer(seat_port, "port") <= 65535:
                raise AcpcError(f"port {seat_port!r}: use 0 to 65535 (0: any free port)")
        for name, seconds in (("timeout", timeout), ("hand_timeout", hand_timeout), ("per_hand_timeout", per_hand_timeout)):
            if seconds is not None and not seconds > 0:
                raise AcpcError(f"{name} {seconds!r}: give a number of seconds above 0")
        self.game = game
        self.hands = hands
        self.seed = seed
        self.cards = cards
        self.rotate = rotate
        self.timeout = timeout
        self.hand_timeout = hand_timeout
        self.per_hand_timeout = per_hand_timeout
        self.max_timeouts = max_timeouts
        self.connect_timeout = connect_timeout
        self.send_definition = send_definition
        self.names = names
        self.log = log
        self.match_name = match_name
        self.game_name = game_name
        self.transactions = transactions
        self.transcript = transcript
        self.report = logger.warning if report is None else report
        self.faults: list[str] = []
        self._connections: list[_Connection] = []
        self._servers: list[socket.socket] = []
        try:
            for seat_port in [port] if ports is None else ports:
                self._servers.append(socket.create_server((host, seat_port)))
        except OSError:
            self.close()
            raise
        count = game.players
        # The order in which positions are told a state: the player to act first, so that it thinks
        # while the others are told (the last entry: no one to act).
        self._orders = [(actor, *range(actor), *range(actor + 1, count)) for actor in range(count)]
        self._orders.append(tuple(range(count)))
        self._board_splits = _board_splits(game)
        self._limit = game.betting == "limit"
        self._used_hand = [0.0] * count
        self._used_match = [0.0] * count
        self._in_a_row = [0] * count
        self._given_up = [False] * count

    @property
    def address(self) -> tuple[str, int]:
        """The host and (first) port players connect to."""
        return self.addresses[0]

    @property
    def addresses(self) -> list[tuple[str, int]]:
        """The host and port of each listening socket: one, or one a seat."""
        return [server.getsockname()[:2] for server in self._servers]

    def __enter__(self) -> Dealer:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the listening sockets and every player's connection."""
        for server in self._servers:
            server.close()
        for connection in self._connections:
            connection.close()

    def log_header(self) -> str:
        """The comment lines that start the match log, the reference dealer's four last (times in ms).

        >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
        >>> with Dealer(game, 1000, 7, hand_timeout=600, per_hand_timeout=7, match_name="m") as dealer:
        ...     print(dealer.log_header(), end="")
        # 2 players, 1000 hands, seed 7
        # name/game/hands/seed m game 1000 7
        #--t_response 10000
        #--t_hand 600000
        #--t_per_hand 7000
        """
        def milliseconds(seconds: float | None) -> int:
            return 0 if seconds is None else round(seconds * 1000)

        return (
            f"# {self.game.players} players, {self.hands} hands, seed {self.seed}\n"
            f"# name/game/hands/seed {self.match_name} {self.game_name} {self.hands} {self.seed}\n"
            f"#--t_response {milliseconds(self.timeout)}\n#--t_hand {milliseconds(self.hand_timeout)}\n"
            f"#--t_per_hand {milliseconds(self.per_hand_timeout)}\n"
        )

    def run(self) -> DealerResult:
        """Seat the players, play the match, close the connections and return the result.

        :raises AcpcError: when the players do not all connect in time, or
            (with ``max_timeouts=None``) a player runs out of time or disconnects.
        """
        try:
            self.seat_players()
            totals = self._play()
        finally:
            self.close()
            if self.log is not None:
                self.log.flush()
        return DealerResult(self.names, totals, self.faults)

    def _fault(self, message: str) -> None:
        self.faults.append(message)
        self.report(message)

    def seat_players(self) -> None:
        """Wait for every player to connect and send its version (:meth:`run` does it when it was not done).

        :raises AcpcError: when the players do not all connect in time.
        """
        count = self.game.players
        if len(self._connections) == count:
            return
        deadline = None if self.connect_timeout is None else time.monotonic() + self.connect_timeout
        while len(self._connections) < count:
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                seated = len(self._connections)
                raise AcpcError(f"{seated} of {count} players connected within {self.connect_timeout:g} s")
            server = self._servers[len(self._connections) % len(self._servers)]
            server.settimeout(remaining)
            try:
                sock, _ = server.accept()
            except TimeoutError:
                continue
            connection = _Connection(sock, self.timeout)
            line = connection.read_line(time.monotonic() + self.timeout)
            if line is None or not _VERSION.match(line):
                message = f"a player sent {line!r} instead of VERSION:2.0.0"
                connection.close()
                if len(self._servers) > 1:
                    raise AcpcError(f"seat {len(self._connections) + 1}: {message}")
                self._fault(f"{message}: not seated")
                continue
            self._connections.append(connection)
        if len(self._servers) > 1:
            for server in self._servers:
                server.close()
        if self.send_definition:
            definition = "".join(f"# {line}\r\n" for line in str(self.game).splitlines()).encode("ascii")
            for connection in self._connections:
                connection.send(definition)
        if self.transcript is not None:
            self.transcript.write(f"STARTED at {time.time():.6f}\n")

    def _play(self) -> list[Fraction]:
        game, count = self.game, self.game.players
        deals = reference_deals(game, self.seed) if self.cards == "reference" else None  # type: ignore[arg-type]
        rng = Rng(self.seed)
        stacks, button = game.starting_stacks, game.button
        scaled = [0] * count  # each seat's total times 2520, which every value's denominator divides
        if self.log is not None:
            self.log.write(self.log_header())
        for number in range(self.hands):
            shift = number if self.rotate else 0
            seats = [(position + shift) % count for position in range(count)]
            if deals is None:
                hand = Hand(self.rules, stacks, button, seed=rng.random_raw())
            else:
                holes, board = next(deals)
                hand = Hand(self.rules, stacks, button, hole_cards=holes, board=board)
            self._used_hand = [0.0] * count
            log_line = self._play_hand(hand, number, seats)
            values = hand_values(hand)
            for position, value in enumerate(values):
                scaled[seats[position]] += value.numerator * (_SCALE // value.denominator)
            if self.log is not None:
                names = "|".join(self.names[seat] for seat in seats)
                self.log.write(f"{log_line}:{'|'.join(map(_value_text, values))}:{names}\n")
            if self.transcript is not None and number % 100 == 0:
                for seat in range(count):
                    self.transcript.write(
                        f"Seconds cumulatively spent in match for seat {seat}: {int(self._used_match[seat])}\n"
                    )
        if self.transcript is not None:
            self.transcript.write(f"FINISHED at {time.time():.6f}\n")
        totals = [Fraction(total, _SCALE) for total in scaled]
        if self.log is not None:
            self.log.write(score_line(totals, self.names) + "\n")
        return totals

    def _play_hand(self, hand: Hand, number: int, seats: list[int]) -> str:
        """Play one hand; return its log line up to the values."""
        count, transcript, orders = hand.player_count, self.transcript, self._orders
        connections = [self._connections[seat] for seat in seats]
        splits = self._board_splits
        holes = [format_cards(hand.hole_cards(position)) for position in range(count)]
        prefixes = [f"MATCHSTATE:{position}:{number}:" for position in range(count)]
        own = ["|" * position + holes[position] + "|" * (count - 1 - position) for position in range(count)]
        betting, board, street, actor = "", "", 0, hand.actor
        while True:
            if actor is None:
                live = [status is not SeatStatus.FOLDED for status in hand.statuses]
                if sum(live) > 1:  # a showdown: each position sees its own cards and those still in
                    own = [
                        "|".join(cards if live[seat] or seat == position else "" for seat, cards in enumerate(holes))
                        for position in range(count)
                    ]
            states = [f"{prefixes[position]}{betting}:{own[position]}{board}" for position in range(count)]
            sent_at = time.monotonic()
            for position in orders[-1 if actor is None else actor]:
                connections[position].send(f"{states[position]}\r\n".encode("ascii"))
                if transcript is not None:
                    transcript.write(f"TO {seats[position] + 1} at {time.time():.6f} {states[position]}\r\n")
            if actor is None:
                return f"STATE:{number}:{betting}:{'|'.join(holes)}{board}"
            betting += self._act(hand, seats[actor], states[actor], number, sent_at)
            if hand.street != street:
                dealt, street = street, hand.street
                betting += "/" * (street - dealt)
                cards = hand.board
                board += "".join("/" + format_cards(cards[start:stop]) for start, stop in splits[dealt + 1 : street + 1])
            actor = hand.actor

    def _act(self, hand: Hand, seat: int, sent: str, number: int, sent_at: float) -> str:
        """Read and play the response of the player to act (at ``seat``); return the action's ACPC text."""
        try:
            if self._given_up[seat]:
                raise _Timeout()
            text = self._response(hand, seat, sent, number, sent_at)
        except _Timeout as timeout:
            problem = str(timeout)
            if problem and self.max_timeouts is None:
                raise AcpcError(
                    f"could not get action from seat {seat + 1} ({self.names[seat]}, hand {number}): {problem}: "
                    "the match ends"
                ) from None
            if problem and self.max_timeouts is not None:
                self._in_a_row[seat] += 1
                gives_up = not self._connections[seat].alive or self._in_a_row[seat] >= self.max_timeouts
                self._given_up[seat] = gives_up
                ending = "; it folds to the end of the match" if gives_up else ""
                self._fault(f"hand {number}: {self.names[seat]} {problem}: folded{ending}")
            legal = hand.legal_actions()
            record = hand.fold() if legal is not None and legal.fold else hand.check_or_call()
            return _action_text(hand, record, self._limit)
        self._in_a_row[seat] = 0
        if self.transactions is not None:
            now = time.time()
            self.transactions.write(f"{text} {number} {now - (time.monotonic() - sent_at):.6f} {now:.6f}\n")
        return text

    def _response(self, hand: Hand, seat: int, sent: str, number: int, sent_at: float) -> str:
        connection, name, limit = self._connections[seat], self.names[seat], self._limit
        expected = sent + ":"
        while True:
            line = connection.read_line(sent_at + self.timeout)
            if line is None:
                raise _Timeout("disconnected" if not connection.alive else f"did not answer within {self.timeout:g} s")
            if self.transcript is not None:
                self.transcript.write(f"FROM {seat + 1} at {time.time():.6f} {line}\r\n")
            if line[:1] in ("#", ";"):
                continue
            self._spend(seat, time.monotonic() - sent_at)
            if line.startswith(expected):
                break
            self._fault(f"hand {number}: {name} sent {line[:200]!r}, not a response to {sent!r}: ignored")
        text = line[len(expected) :]
        action = read_action(text, limit)
        if action is None:
            self._fault(f"hand {number}: {name} answered {text[:200]!r}, not an action: played as a call")
            action = ("c", 0)
        kind, size = action
        try:
            if kind == "f":
                record = hand.fold()
            elif kind == "c":
                record = hand.check_or_call()
            else:
                record = hand.raise_to(self._raise_to(hand, size, name, number, limit))
        except IllegalActionError as error:
            self._fault(f"hand {number}: {name} chose {text[:200]!r}: {error}: played as a call")
            record = hand.check_or_call()
        return _action_text(hand, record, limit)

    def _spend(self, seat: int, seconds: float) -> None:
        self._used_hand[seat] += seconds
        self._used_match[seat] += seconds
        if seconds > self.timeout:
            raise _Timeout(f"answered after {seconds:.1f} s, over the {self.timeout:g} s allowed")
        if self.hand_timeout is not None and self._used_hand[seat] > self.hand_timeout:
            raise _Timeout(f"used over the {self.hand_timeout:g} s allowed in a hand")
        if self.per_hand_timeout is not None and self._used_match[seat] > self.per_hand_timeout * self.hands:
            raise _Timeout(f"used over the {self.per_hand_timeout * self.hands:g} s allowed in the match")

    def _raise_to(self, hand: Hand, size: int, name: str, number: int, limit: bool) -> int:
        """The street total of the allowed raise nearest to ``size`` chips in the hand (in limit games, the
        raise), or -1 when the player may not raise."""
        legal, seat = hand.legal_actions(), hand.actor
        if legal is None or legal.min_raise_to is None or legal.max_raise_to is None or seat is None:
            return -1
        if limit:
            return legal.min_raise_to
        earlier = hand.starting_stacks[seat] - hand.stacks[seat] - hand.bets[seat]
        nearest = min(max(size - earlier, legal.min_raise_to), legal.max_raise_to)
        if nearest != size - earlier:
            self._fault(f"hand {number}: {name} raised to {size}: changed to {nearest + earlier}")
        return nearest


def _board_splits(game: GameDef) -> list[tuple[int, int]]:
    """Where each round's board cards start and stop in the board."""
    splits, start = [], 0
    for cards in game.board_cards:
        splits.append((start, start + cards))
        start += cards
    return splits


def _action_text(hand: Hand, record: object, limit: bool) -> str:
    """The ACPC text of an action just played on ``hand``."""
    kind, seat = record.kind, record.seat  # type: ignore[attr-defined]
    if kind is ActionKind.FOLD:
        return "f"
    if kind is ActionKind.CHECK or kind is ActionKind.CALL:
        return "c"
    return "r" if limit else f"r{hand.starting_stacks[seat] - hand.stacks[seat]}"


@dataclasses.dataclass(frozen=True)
class ClientResult:
    """What a client played: the hands finished, and its chips won in them as ACPC counts them."""

    hands: int
    total: Fraction

    def __str__(self) -> str:
        per_hand = float(self.total) / self.hands if self.hands else 0.0
        return f"{self.hands} hands played, {_value_text(self.total)} chips won ({per_hand:.4f} per hand)"


def play_client(
    host: str,
    port: int,
    agent: object,
    *,
    game: GameDef | None = None,
    timeout: float | None = None,
    report: Callable[[str], object] | None = None,
) -> ClientResult:
    """Play ``agent`` at an ACPC dealer until the match ends; return the hands played and the chips won.

    The game comes from ``game``, else from the definition a holdem dealer
    sends.  ``timeout`` bounds each wait for the dealer, in seconds.  The
    agent gets its :class:`~holdem.views.HandView` at each turn, and
    ``end_hand`` (if it has one) at the end of each hand.  The dealer's word
    is the game: a state the client cannot follow (betting the rules refuse,
    or cards missing: its own, or those a showdown must show) is reported to
    ``report`` (by default a warning on this module's logger), answered with a
    call and left out of the result.

    :raises AcpcError: when no game definition is given or sent, or for a host
        that is not a host name or address, or a port out of range.
    :raises AgentError: for an agent that raises or chooses an action the rules do not allow.
    :raises OSError: when the dealer cannot be reached or the connection fails.
    """
    check_type(host, str, "host")
    port = integer(port, "port")
    if not 0 <= port <= 65535:
        raise AcpcError(f"port {port}: use 0 to 65535")
    if game is not None:
        check_type(game, GameDef, "game")
    act: Callable[[HandView], object] = getattr(agent, "act", agent)  # type: ignore[arg-type]
    end_hand = getattr(agent, "end_hand", None)
    report = logger.warning if report is None else report
    definition: list[str] = []
    hands, total = 0, Fraction(0)
    try:
        sock = socket.create_connection((host, port), timeout=timeout)
    except UnicodeError as error:  # the resolver's: not a name it can encode (too long, not text)
        raise AcpcError(f"host {host[:100]!r}: not a host name or address ({error})") from None
    with sock:
        connection = _Connection(sock, timeout)
        connection.send(b"VERSION:2.0.0\r\n")
        while True:
            line = connection.read_line(None if timeout is None else time.monotonic() + timeout)
            if line is None:
                return ClientResult(hands, total)
            if line[:1] in ("#", ";"):
                text = line[1:].strip()
                if game is None and (definition or text.upper() == "GAMEDEF"):
                    definition.append(text)
                    if text.upper() == "END GAMEDEF":
                        game = GameDef.parse("\n".join(definition))
                continue
            if game is None:
                raise AcpcError("the dealer sent no game definition: give one")
            try:
                state = MatchState.parse(line)
                hand = state.to_hand(game)
            except HoldemError as error:
                report(f"cannot follow the dealer's {line[:200]!r}: {error}: answered with a call")
                if line.startswith("MATCHSTATE:"):
                    connection.send(f"{line}:c\r\n".encode("latin-1"))
                continue
            view = hand.view(state.position)
            if hand.is_over:
                hands += 1
                total += hand_values(hand)[state.position]
                if end_hand is not None:
                    end_hand(view)
            elif hand.actor == state.position:
                try:
                    decision = act(view)
                    connection.send(f"{line}:{_response(hand, decision)}\r\n".encode("ascii"))
                except (IllegalActionError, ValueError, TypeError) as error:
                    raise AgentError(f"agent {agent_name(agent)!r} at {state}: {error}") from error


def _response(hand: Hand, decision: object) -> str:
    """The ACPC action for an agent's decision, checked on a copy of the hand."""
    trial = hand.copy()
    record = trial.act(*decision) if isinstance(decision, tuple) else trial.act(decision)
    return _action_text(trial, record, hand.rules.structure is Structure.FIXED_LIMIT)
