"""An ACPC dealer and client over TCP.

:class:`Dealer` seats ACPC players on one port (loopback by default) in the
order they connect, each sending ``VERSION:2.0.0`` first, and plays seeded
hands of a game definition: before every action and at the end of each hand
it sends each player its match state, and reads the acting player's
response, the state followed by ``:`` and an action (``f``/``F``,
``c``/``C``/``k``/``K``, ``r``/``R``/``b``/``B``, with a size in no-limit
games).  Players change positions every hand, as with the reference dealer,
and the game definition is sent first as comment lines, which ACPC players
ignore.  The match log holds a ``STATE:`` line per hand, then the ``SCORE``.

A player that misbehaves never stops the match.  As the reference dealer
does, comments and responses to another state are skipped, a response that
cannot be read is played as a call, a no-limit raise of a size the rules do
not allow is moved to the nearest allowed size, and any other action the
rules do not allow is played as a call.  A player that does not answer in
time, or has disconnected, folds (checks when it costs nothing); the
reference dealer would end the match instead.  Each problem is kept in
:attr:`DealerResult.faults` and logged as a warning.

:func:`play_client` connects any :mod:`holdem agent <holdem.agents>` to an
ACPC dealer.
"""

from __future__ import annotations

import dataclasses
import logging
import re
import socket
import time
from collections.abc import Sequence
from fractions import Fraction
from typing import IO

from holdem.actions import ActionKind
from holdem.agents import agent_name
from holdem.cards import Rng
from holdem.errors import AcpcError, AgentError, IllegalActionError
from holdem.formats.acpc import GameDef, MatchState, apply_action, hand_values, score_line, state_line
from holdem.hand import Hand
from holdem.rules import Structure

__all__ = ["Dealer", "DealerResult", "play_client"]

logger = logging.getLogger(__name__)

_VERSION = re.compile(r"VERSION:2\.[0-9]+\.[0-9]+")
_RESPONSE = re.compile(r"([fFcCkK])|([rRbB])([0-9]*)")


class _Connection:
    """A line-based socket: lines end with ``\\r\\n``; reads stop at a deadline."""

    def __init__(self, sock: socket.socket) -> None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock = sock
        self.buffer = b""
        self.alive = True

    def send(self, line: str, timeout: float | None) -> None:
        if not self.alive:
            return
        try:
            self.sock.settimeout(timeout)
            self.sock.sendall(line.encode("ascii") + b"\r\n")
        except OSError:
            self.close()

    def read_line(self, deadline: float | None) -> str | None:
        """The next line, or ``None`` at the deadline or when the other end is gone."""
        while b"\n" not in self.buffer:
            remaining = None if deadline is None else deadline - time.monotonic()
            if not self.alive or (remaining is not None and remaining <= 0):
                return None
            try:
                self.sock.settimeout(remaining)
                data = self.sock.recv(65536)
            except TimeoutError:
                return None
            except OSError:
                data = b""
            if not data:
                self.close()
                return None
            self.buffer = (self.buffer + data)[-1_000_000:]
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("ascii", "replace").rstrip("\r")

    def close(self) -> None:
        self.alive = False
        self.sock.close()


@dataclasses.dataclass
class DealerResult:
    """A finished match: the names and total values by seat (connection order), and the faults."""

    names: list[str]
    totals: list[Fraction]
    faults: list[str]


class Dealer:
    """An ACPC dealer listening on ``host``:``port`` (port 0: any free port, see :attr:`address`).

    ``timeout`` bounds each response and each send, in seconds;
    ``connect_timeout`` bounds the wait for every player to connect.  Use it
    as a context manager, or call :meth:`close`.

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
        timeout: float = 10.0,
        connect_timeout: float = 60.0,
        names: Sequence[str] | None = None,
        log: IO[str] | None = None,
    ) -> None:
        self.rules = game.rules()
        if hands < 1:
            raise AcpcError(f"{hands} hands: play at least one")
        names = [f"player{seat + 1}" for seat in range(game.players)] if names is None else list(names)
        if len(names) != game.players or len(set(names)) != len(names) or any(set(name) & set(":| ") for name in names):
            raise AcpcError(f"names {names!r}: give {game.players} distinct names without ':', '|' or spaces")
        self.game = game
        self.hands = hands
        self.seed = seed
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        self.names = names
        self.log = log
        self.faults: list[str] = []
        self._server = socket.create_server((host, port))
        self._connections: list[_Connection] = []

    @property
    def address(self) -> tuple[str, int]:
        """The host and port players connect to."""
        host, port = self._server.getsockname()[:2]
        return host, port

    def __enter__(self) -> Dealer:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the listening socket and every player's connection."""
        self._server.close()
        for connection in self._connections:
            connection.close()

    def run(self) -> DealerResult:
        """Seat the players, play the match, close the connections and return the result.

        :raises AcpcError: when the players do not all connect in time.
        """
        try:
            self._seat_players()
            totals = self._play()
        finally:
            self.close()
        if self.log is not None:
            self.log.flush()
        return DealerResult(self.names, totals, self.faults)

    def _fault(self, message: str) -> None:
        self.faults.append(message)
        logger.warning(message)

    def _seat_players(self) -> None:
        count = self.game.players
        deadline = time.monotonic() + self.connect_timeout
        while len(self._connections) < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                seated = len(self._connections)
                raise AcpcError(f"{seated} of {count} players connected within {self.connect_timeout:g} s")
            self._server.settimeout(remaining)
            try:
                sock, _ = self._server.accept()
            except TimeoutError:
                continue
            connection = _Connection(sock)
            line = connection.read_line(time.monotonic() + self.timeout)
            if line is None or not _VERSION.fullmatch(line):
                self._fault(f"a player sent {line!r} instead of VERSION:2.0.0: not seated")
                connection.close()
                continue
            self._connections.append(connection)
        for line in str(self.game).splitlines():
            for connection in self._connections:
                connection.send(f"# {line}", self.timeout)

    def _play(self) -> list[Fraction]:
        game, count, connections = self.game, self.game.players, self._connections
        rng = Rng(self.seed)
        totals = [Fraction(0)] * count
        if self.log is not None:
            self.log.write(f"# {count} players, {self.hands} hands, seed {self.seed}\n")
        for number in range(self.hands):
            seats = [(position + number) % count for position in range(count)]
            hand = Hand(self.rules, game.starting_stacks, game.button, seed=rng.random_raw())
            while True:
                states = [str(MatchState.from_hand(hand, position, number)) for position in range(count)]
                for position, seat in enumerate(seats):
                    connections[seat].send(states[position], self.timeout)
                if hand.is_over:
                    break
                actor = hand.actor
                seat = seats[actor]  # type: ignore[index]
                self._act(hand, connections[seat], self.names[seat], states[actor], number)  # type: ignore[index]
            for position, value in enumerate(hand_values(hand)):
                totals[seats[position]] += value
            if self.log is not None:
                self.log.write(state_line(hand, number, [self.names[seat] for seat in seats]) + "\n")
        if self.log is not None:
            self.log.write(score_line(totals, self.names) + "\n")
        return totals

    def _act(self, hand: Hand, connection: _Connection, name: str, sent: str, number: int) -> None:
        deadline = time.monotonic() + self.timeout
        while True:
            line = connection.read_line(deadline)
            if line is None:
                problem = "disconnected" if not connection.alive else f"did not answer within {self.timeout:g} s"
                self._fault(f"hand {number}: {name} {problem}: folded")
                _fold_or_check(hand)
                return
            if line[:1] in ("#", ";", ""):
                continue
            if line.startswith(sent + ":"):
                break
            self._fault(f"hand {number}: {name} sent {line[:200]!r}, not a response to {sent!r}: ignored")
        text = line[len(sent) + 1 :]
        match = _RESPONSE.fullmatch(text)
        limit = self.game.betting == "limit"
        if match is None or (match.group(2) and not limit and not match.group(3)):
            self._fault(f"hand {number}: {name} answered {text[:200]!r}, not an action: played as a call")
            hand.check_or_call()
            return
        if match.group(1):
            action = "f" if match.group(1) in "fF" else "c"
        elif limit:
            action = "r"
        else:
            action = f"r{self._nearest_raise(hand, int(match.group(3)), name, number)}"
        try:
            apply_action(hand, action)
        except IllegalActionError as error:
            self._fault(f"hand {number}: {name} chose {text!r}: {error}: played as a call")
            hand.check_or_call()

    def _nearest_raise(self, hand: Hand, total: int, name: str, number: int) -> int:
        """The allowed no-limit raise (a total in the hand) nearest to ``total``."""
        legal = hand.legal_actions()
        if legal is None or legal.min_raise_to is None:
            return total
        seat = legal.seat
        earlier = hand.starting_stacks[seat] - hand.stacks[seat] - hand.bets[seat]
        nearest = min(max(total - earlier, legal.min_raise_to), legal.max_raise_to) + earlier  # type: ignore[type-var]
        if nearest != total:
            self._fault(f"hand {number}: {name} raised to {total}: changed to {nearest}")
        return nearest


def _fold_or_check(hand: Hand) -> None:
    legal = hand.legal_actions()
    if legal is not None and legal.fold:
        hand.fold()
    else:
        hand.check_or_call()


def play_client(
    host: str, port: int, agent: object, *, game: GameDef | None = None, timeout: float | None = None
) -> int:
    """Play ``agent`` at an ACPC dealer until the match ends; return the number of hands played.

    The game comes from ``game``, else from the definition a holdem dealer
    sends.  ``timeout`` bounds each wait for the dealer, in seconds.  The
    agent gets its :class:`~holdem.hand.HandView` at each turn, and
    ``end_hand`` (if it has one) at the end of each hand.

    :raises AcpcError: for a message that cannot be read, or no game definition.
    :raises AgentError: for an agent that raises or chooses an action the rules do not allow.
    """
    act = getattr(agent, "act", agent)
    end_hand = getattr(agent, "end_hand", None)
    definition: list[str] = []
    hands = 0
    with socket.create_connection((host, port), timeout=timeout) as sock:
        connection = _Connection(sock)
        connection.send("VERSION:2.0.0", timeout)
        while True:
            line = connection.read_line(None if timeout is None else time.monotonic() + timeout)
            if line is None:
                return hands
            if line[:1] in ("#", ";"):
                text = line[1:].strip()
                if game is None and (definition or text.upper() == "GAMEDEF"):
                    definition.append(text)
                    if text.upper() == "END GAMEDEF":
                        game = GameDef.parse("\n".join(definition))
                continue
            if game is None:
                raise AcpcError("the dealer sent no game definition: give one")
            state = MatchState.parse(line)
            hand = state.to_hand(game)
            view = hand.view(state.position)
            if hand.is_over:
                hands += 1
                if end_hand is not None:
                    end_hand(view)
            elif hand.actor == state.position:
                try:
                    decision = act(view)
                    connection.send(f"{line}:{_response(hand, decision)}", timeout)
                except (IllegalActionError, ValueError, TypeError) as error:
                    raise AgentError(f"agent {agent_name(agent)!r} at {state}: {error}") from error


def _response(hand: Hand, decision: object) -> str:
    """The ACPC action for an agent's decision, checked on a copy of the hand."""
    seat = hand.actor
    earlier = hand.starting_stacks[seat] - hand.stacks[seat] - hand.bets[seat]  # type: ignore[index]
    trial = hand.copy()
    record = trial.act(*decision) if isinstance(decision, tuple) else trial.act(decision)  # type: ignore[arg-type]
    if record.kind is ActionKind.FOLD:
        return "f"
    if record.kind is ActionKind.CHECK or record.kind is ActionKind.CALL:
        return "c"
    return "r" if hand.rules.structure is Structure.FIXED_LIMIT else f"r{earlier + record.amount}"
