"""The ACPC protocol: game definitions, match states and match logs.

The Annual Computer Poker Competition's protocol (version 2.0.0) describes a
game in a ``GAMEDEF`` block and a hand, as one player sees it, in a match
state.  :class:`GameDef` reads and writes game definitions and maps Texas
Hold'em ones to :class:`~holdem.rules.Rules`; :class:`MatchState` reads and
writes match states and converts them to and from a :class:`~holdem.hand.Hand`.
:func:`read_log` reads a dealer's match log and checks every hand.

ACPC players are numbered from the seat left of the button, as the seats of a
:class:`~holdem.hand.Hand` are (heads-up with reverse blinds, player 0 is the
big blind).  A game definition's rules let a player re-raise after a short
all-in raise, the next minimum raise measured from it, as ACPC does
(:attr:`Reopening.ACPC <holdem.rules.Reopening>`; holdem's default is the
seeds' rule).  ACPC splits a pot that does not divide evenly into fractions
(holdem gives whole chips; the match log records ACPC's values).

>>> game = GameDef.parse('''
... GAMEDEF
... nolimit
... numPlayers = 2
... numRounds = 4
... stack = 20000 20000
... blind = 100 50
... firstPlayer = 2 1 1 1
... numSuits = 4
... numRanks = 13
... numHoleCards = 2
... numBoardCards = 0 3 1 1
... END GAMEDEF
... ''')
>>> game.rules().big_blind, game.button
(100, 1)
>>> state = MatchState.parse("MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c")
>>> hand = state.to_hand(game)
>>> hand.actor, hand.bets, hand.legal_actions().min_raise_to
(1, (150, 0), 300)
>>> _ = hand.call(), hand.deal_board("6s")
>>> str(MatchState.from_hand(hand, 0, 30))
'MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s'
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
from collections.abc import Iterable, Iterator
from fractions import Fraction
from typing import NamedTuple

from holdem._core import evaluate7
from holdem.actions import Action, ActionKind
from holdem.cards import Card, format_cards, parse_cards
from holdem.errors import AcpcError, HoldemError, InvalidRulesError, check_type
from holdem.formats.phh import HandHistory
from holdem.hand import Hand
from holdem.limits import integer
from holdem.pots import build_pots, pot_winners
from holdem.rules import Reopening, Rules, Structure
from holdem.views import HandView, SeatStatus

__all__ = [
    "AcpcError",
    "GameDef",
    "LoggedHand",
    "MatchLog",
    "MatchState",
    "apply_action",
    "hand_values",
    "read_log",
    "reference_deals",
    "score_line",
    "state_line",
]

UNLIMITED_STACK = 2**31 - 1
"""The stack of a game definition without ``stack`` (ACPC's default, ``INT32_MAX``)."""

# GAMEDEF keys and the GameDef field each fills.
_FIELDS = {
    "numPlayers": "players",
    "numRounds": "rounds",
    "stack": "stacks",
    "blind": "blinds",
    "raiseSize": "raise_sizes",
    "firstPlayer": "first_players",
    "maxRaises": "max_raises",
    "numSuits": "suits",
    "numRanks": "ranks",
    "numHoleCards": "hole_cards",
    "numBoardCards": "board_cards",
}
_BY_KEY = {key.lower(): field for key, field in _FIELDS.items()}
_KEY_OF = {field: key for key, field in _FIELDS.items()}
_SINGLE = {"players", "rounds", "suits", "ranks", "hole_cards"}
_LINE = re.compile(r"([A-Za-z]+)\s*=?\s*([-0-9\s]*)")
_NUMBER = re.compile(r"-?[0-9]{1,10}")  # ACPC numbers are 32-bit
_MOST_VALUES = 10  # ACPC's MAX_PLAYERS; MAX_ROUNDS is 4
_HOLDEM = {"rounds": 4, "suits": 4, "ranks": 13, "hole_cards": 2, "board_cards": (0, 3, 1, 1)}


@dataclasses.dataclass(frozen=True)
class GameDef:
    """An ACPC game definition; field names follow the GAMEDEF keys.

    ``first_players`` are numbered from 1, as in the file.  ``stacks`` is
    ``None`` when the definition gives none (limit games: no limit on chips);
    ``max_raises`` is ``None`` when raises are not capped.

    >>> print(GameDef("limit", 2, 4, (10, 5), (2, 1, 1, 1), raise_sizes=(10, 10, 20, 20),
    ...               max_raises=(3, 4, 4, 4)), end="")
    GAMEDEF
    limit
    numPlayers = 2
    numRounds = 4
    blind = 10 5
    raiseSize = 10 10 20 20
    firstPlayer = 2 1 1 1
    maxRaises = 3 4 4 4
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF
    """

    betting: str
    players: int
    rounds: int
    blinds: tuple[int, ...]
    first_players: tuple[int, ...]
    stacks: tuple[int, ...] | None = None
    raise_sizes: tuple[int, ...] = ()
    max_raises: tuple[int, ...] | None = None
    suits: int = 4
    ranks: int = 13
    hole_cards: int = 2
    board_cards: tuple[int, ...] = (0, 3, 1, 1)

    def __post_init__(self) -> None:
        if self.betting not in ("limit", "nolimit"):
            raise AcpcError(f"betting {self.betting!r}: use 'limit' or 'nolimit'")
        if not 2 <= self.players <= 10:
            raise AcpcError(f"numPlayers {self.players}: holdem seats 2 to 10 players")
        if not 1 <= self.rounds <= 4:
            raise AcpcError(f"numRounds {self.rounds}: an ACPC game has 1 to 4 rounds")
        per_player = {"stack": self.stacks, "blind": self.blinds}
        per_round = {"firstPlayer": self.first_players, "numBoardCards": self.board_cards}
        if self.betting == "limit":
            per_round["raiseSize"] = self.raise_sizes
        if self.max_raises is not None:
            per_round["maxRaises"] = self.max_raises
        for name, values, count in [
            *((name, values, self.players) for name, values in per_player.items()),
            *((name, values, self.rounds) for name, values in per_round.items()),
        ]:
            if values is not None and len(values) != count:
                raise AcpcError(f"{name} {_numbers(values)!r}: give {count} values")
        for first in self.first_players:
            if not 1 <= first <= self.players:
                raise AcpcError(f"firstPlayer {_numbers(self.first_players)!r}: number players 1 to {self.players}")

    @classmethod
    def parse(cls, text: str) -> GameDef:
        """Read a ``GAMEDEF`` ... ``END GAMEDEF`` block: keys in any case, ``#`` comments, ``=`` optional.

        :raises AcpcError: for an unknown key, a value that is not a number, or
            a missing or inconsistent field (the message names it).
        :raises TypeError: for ``text`` not a ``str``.
        """
        check_type(text, str, "the game definition text")
        found: dict[str, object] = {}
        betting = "limit"
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            lower = line.lower()
            if not line or lower == "gamedef":
                continue
            if lower == "end gamedef":
                break
            if lower in ("limit", "nolimit"):
                betting = lower
                continue
            match = _LINE.fullmatch(line)
            field = _BY_KEY.get(match.group(1).lower()) if match else None
            if match is None or field is None:
                raise AcpcError(
                    f"line {number} {raw.strip()!r}: expected 'limit', 'nolimit' or a key "
                    f"({', '.join(_FIELDS)}) and numbers"
                )
            texts = match.group(2).split()
            if not texts or (field in _SINGLE and len(texts) != 1) or len(texts) > _MOST_VALUES:
                wanted = "a number" if field in _SINGLE else f"1 to {_MOST_VALUES} numbers"
                raise AcpcError(f"line {number} {raw.strip()[:100]!r}: {match.group(1)} needs {wanted}")
            if not all(_NUMBER.fullmatch(text) for text in texts):
                raise AcpcError(
                    f"line {number} {raw.strip()[:100]!r}: {match.group(1)} takes whole numbers of up to 10 digits"
                )
            values = tuple(map(int, texts))
            found[field] = values[0] if field in _SINGLE else values
        for field in ("players", "rounds", "blinds"):
            if field not in found:
                raise AcpcError(f"the game definition has no {_KEY_OF[field]}: it is required")
        if not 1 <= found["rounds"] <= 4:  # type: ignore[operator]
            raise AcpcError(f"numRounds {found['rounds']}: an ACPC game has 1 to 4 rounds")
        found.setdefault("first_players", (1,) * found["rounds"])  # type: ignore[operator]
        return cls(betting, **found)  # type: ignore[arg-type]

    @classmethod
    def from_rules(cls, rules: Rules, players: int, stacks: Iterable[int] | None = None) -> GameDef:
        """The game definition of ``rules`` for ``players``, seated as ACPC seats them (the button last).

        ``stacks``, each player's chips at the start of every hand, are needed in
        no-limit (limit games may play without).  A game definition states blinds,
        straddles, stacks, bet sizes and caps; rules with more (antes, pot limit,
        rake, several runouts, ...) raise :class:`AcpcError` naming what it cannot
        state.  In ACPC every hand at showdown shows, whatever ``all_hands_show`` says.

        >>> game = GameDef.from_rules(Rules.fixed_limit(10, 20, 5, 10), 3)
        >>> game.blinds, game.first_players, game.max_raises
        ((5, 10, 0), (3, 1, 1, 1), (3, 4, 4, 4))
        >>> GameDef.from_rules(Rules.no_limit(1, 2, ante=1), 2, [200, 200])
        Traceback (most recent call last):
        ...
        holdem.errors.AcpcError: a game definition cannot state these rules' ante (1)
        """
        check_type(rules, Rules, "rules")
        players = integer(players, "players")
        stacks = None if stacks is None else tuple(integer(stack, "stack") for stack in _iterable(stacks, "stacks"))
        if stacks is not None and len(stacks) != players:
            raise AcpcError(f"{len(stacks)} stacks for {players} players: give one per player")
        rules.check_player_count(players)
        blinds = [0] * players
        if players == 2:  # the big blind is player 1; the button, the small blind, acts first preflop
            blinds[0], blinds[1] = rules.big_blind, rules.small_blind
            first = 2 if rules.small_blind < rules.big_blind else 1
        else:
            straddles = rules.at_table(players).straddles  # a button straddle by position at this size
            forced = (rules.small_blind, rules.big_blind, *straddles)
            blinds[: len(forced)] = forced
            first = (2 + len(straddles)) % players + 1
        if rules.structure is Structure.FIXED_LIMIT:
            game = cls(
                "limit", players, 4, tuple(blinds), (first, 1, 1, 1), stacks,
                raise_sizes=(rules.small_bet, rules.small_bet, rules.big_bet, rules.big_bet),
                max_raises=None if rules.max_bets is None
                else (rules.max_bets - rules.blind_counts_as_bet,) + (rules.max_bets,) * 3,
            )
        elif stacks is None:
            raise AcpcError("a no-limit game definition needs the players' stacks")
        else:
            game = cls("nolimit", players, 4, tuple(blinds), (first, 1, 1, 1), stacks)
        stated = game.rules()
        # Without a cap, whether the big blind counts as a bet changes nothing.
        wanted = dataclasses.replace(
            rules.at_table(players), all_hands_show=True, reopening=Reopening.ACPC,
            blind_counts_as_bet=rules.blind_counts_as_bet or rules.max_bets is None,
        )
        lost = [
            f"{field.name} ({getattr(wanted, field.name)})"
            for field in dataclasses.fields(Rules)
            if getattr(stated, field.name) != getattr(wanted, field.name)
        ]
        if lost:
            raise AcpcError(f"a game definition cannot state these rules' {', '.join(lost)}")
        return game

    def __str__(self) -> str:
        lines = ["GAMEDEF", self.betting, f"numPlayers = {self.players}", f"numRounds = {self.rounds}"]
        if self.stacks is not None:
            lines.append(f"stack = {_numbers(self.stacks)}")
        lines.append(f"blind = {_numbers(self.blinds)}")
        if self.betting == "limit":
            lines.append(f"raiseSize = {_numbers(self.raise_sizes)}")
        lines.append(f"firstPlayer = {_numbers(self.first_players)}")
        if self.max_raises is not None:
            lines.append(f"maxRaises = {_numbers(self.max_raises)}")
        lines += [
            f"numSuits = {self.suits}",
            f"numRanks = {self.ranks}",
            f"numHoleCards = {self.hole_cards}",
            f"numBoardCards = {_numbers(self.board_cards)}",
            "END GAMEDEF",
        ]
        return "\n".join(lines) + "\n"

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Each player's chips at the start of every hand."""
        return self.stacks if self.stacks is not None else (UNLIMITED_STACK,) * self.players

    @property
    def button(self) -> int:
        """The button's seat: the one the blinds and first players place (usually the last)."""
        return self._seating[0]

    def rules(self) -> Rules:
        """The :class:`~holdem.rules.Rules` of this game, for Texas Hold'em with a standard deck.

        Every hand that reaches showdown shows (``all_hands_show``), as in ACPC.

        >>> limit = GameDef("limit", 3, 4, (5, 10, 0), (3, 1, 1, 1), raise_sizes=(10, 10, 20, 20),
        ...                 max_raises=(3, 4, 4, 4))
        >>> rules = limit.rules()
        >>> rules.structure.value, rules.small_bet, rules.big_bet, rules.max_bets, limit.button
        ('fixed-limit', 10, 20, 4, 2)
        >>> dataclasses.replace(limit, ranks=3).rules()
        Traceback (most recent call last):
        ...
        holdem.errors.AcpcError: numRanks 3: holdem plays Texas Hold'em, which needs 13
        """
        return self._seating[1]

    @functools.cached_property
    def _seating(self) -> tuple[int, Rules]:
        """The button and the rules, found once (a game definition is immutable)."""
        for field, wanted in _HOLDEM.items():
            if getattr(self, field) != wanted:
                value = getattr(self, field)
                shown = _numbers(value) if isinstance(value, tuple) else value
                wanted_text = _numbers(wanted) if isinstance(wanted, tuple) else wanted
                raise AcpcError(f"{_KEY_OF[field]} {shown}: holdem plays Texas Hold'em, which needs {wanted_text}")
        count = self.players
        options: dict[str, object] = {"all_hands_show": True, "reopening": Reopening.ACPC, "voluntary_straddles": False}
        if self.betting == "limit":
            sizes = self.raise_sizes
            if sizes[0] != sizes[1] or sizes[2] != sizes[3] or sizes[0] > sizes[2]:
                raise AcpcError(
                    f"raiseSize {_numbers(sizes)}: holdem needs a small bet for two rounds, "
                    "then a big bet for two (as in 10 10 20 20)"
                )
            raises = self.max_raises
            if raises is None:
                options["max_bets"] = None
            elif len(set(raises[1:])) == 1 and raises[0] in (raises[1], raises[1] - 1):
                options["max_bets"] = raises[1]
                options["blind_counts_as_bet"] = raises[0] < raises[1]
            else:
                raise AcpcError(
                    f"maxRaises {_numbers(raises)}: holdem caps every round alike "
                    "(the first one may allow one raise less, the big blind counting as a bet)"
                )
        elif self.max_raises is not None:
            raise AcpcError(f"maxRaises {_numbers(self.max_raises)}: holdem caps raises in limit games only")
        seated = False
        for button in range(count):
            order = [(button + 1 + step) % count for step in range(count)]
            values = [self.blinds[seat] for seat in order]
            straddles: tuple[int, ...]
            if count == 2:
                small, big, straddles = values[1], values[0], ()
            else:
                small, big, straddles = values[0], values[1], tuple(values[2:])
                while straddles and not straddles[-1]:
                    straddles = straddles[:-1]
            try:
                if self.betting == "limit":
                    sizes = self.raise_sizes
                    rules = Rules.fixed_limit(sizes[0], sizes[2], small, big, straddles=straddles, **options)
                else:
                    rules = Rules.no_limit(small, big, min_bet=max(self.blinds), straddles=straddles, **options)
                rules.check_player_count(count)
            except InvalidRulesError:
                continue
            seated = True
            if count == 2:
                first = order[1] if small < big else order[0]
            else:
                first = order[(2 + len(straddles)) % count]
            expected = (first + 1,) + (order[0] + 1,) * 3
            if self.first_players == expected:
                return button, rules
        if not seated:
            raise AcpcError(
                f"blind {_numbers(self.blinds)}: holdem needs the small blind, the big blind and any straddles "
                "clockwise from the seat left of the button (heads-up: the big blind, then the small blind)"
            )
        raise AcpcError(
            f"firstPlayer {_numbers(self.first_players)}: holdem starts each round left of the big blind "
            "(or the last straddle), then left of the button (heads-up: the button, then the big blind)"
        )


def _numbers(values: Iterable[int]) -> str:
    return " ".join(map(str, values))


def reference_deals(game: GameDef, seed: int) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    """Each hand's cards as the ACPC reference dealer deals them for ``seed``: every player's hole cards, then the board.

    The reference seeds a 32-bit Mersenne Twister (MT19937, ``init_genrand``)
    once per match, and deals every card of every hand, played or not, each
    drawn as the next number modulo the cards left, the last card of the deck
    taking the drawn card's place.

    >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
    >>> holes, board = next(reference_deals(game, 1))
    >>> [format_cards(cards) for cards in holes], format_cards(board)
    (['8s2h', 'Kd5c'], '7hAdTd4sKc')
    """
    check_type(game, GameDef, "game")
    seed = integer(seed, "seed")
    if not 0 <= seed < 2**32:
        raise AcpcError(f"seed {seed!r}: the reference dealer's seeds are whole numbers from 0 to 2**32 - 1")
    return _reference_deals(game, seed)


def _reference_deals(game: GameDef, seed: int) -> Iterator[tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]]:
    words = [seed]
    for index in range(1, 624):
        word = words[-1]
        words.append((1812433253 * (word ^ word >> 30) + index) & 0xFFFFFFFF)
    generator = random.Random()
    generator.setstate((3, (*words, 624), None))  # CPython's random is MT19937: only its seeding differs
    draw = generator.getrandbits
    full = [rank * 4 + suit for suit in range(4 - game.suits, 4) for rank in range(13 - game.ranks, 13)]
    hole_count, players, board_count = game.hole_cards, game.players, sum(game.board_cards)
    while True:
        deck = full[:]
        dealt = []
        for left in range(len(deck), len(deck) - hole_count * players - board_count, -1):
            index = draw(32) % left
            dealt.append(deck[index])
            deck[index] = deck[left - 1]
        holes = tuple(tuple(dealt[player * hole_count : (player + 1) * hole_count]) for player in range(players))
        yield holes, tuple(dealt[hole_count * players :])


# ----------------------------------------------------------- match states

# Positions, hand numbers and sizes are 32-bit in ACPC: at most 10 digits.
_ROUND = re.compile(r"(?:[fc]|r[0-9]{0,10})*")
_ACTION = re.compile(r"[fc]|r[0-9]{0,10}")
_STATE = re.compile(r"MATCHSTATE:([0-9]{1,10}):([0-9]{1,10}):([^:]*):([^:]*)")


class MatchState(NamedTuple):
    """One player's view of a hand: ``MATCHSTATE:<position>:<hand>:<betting>:<cards>``.

    ``betting`` holds each round's actions (``"f"``, ``"c"``, ``"r"`` in limit
    games, ``"r<N>"`` in no-limit games where N is the raiser's total chips in
    the hand); ``hole_cards`` each position's cards (empty when unknown);
    ``board`` the cards dealt on each round after the first.

    >>> state = MatchState.parse("MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h")
    >>> state.betting, format_cards(state.hole_cards[2]), format_cards(state.board[0])
    ((('r', 'c', 'c'), ('r', 'f')), 'AsTs', '4cJh8h')
    >>> str(state)
    'MATCHSTATE:2:55:rcc/rf:||AsTs/4cJh8h'
    """

    position: int
    hand_number: int
    betting: tuple[tuple[str, ...], ...]
    hole_cards: tuple[tuple[Card, ...], ...]
    board: tuple[tuple[Card, ...], ...]

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Read a match state string (without a response or line ending).

        :raises AcpcError: when the text does not follow the protocol.
        :raises TypeError: for ``text`` not a ``str``.
        """
        check_type(text, str, "the match state")
        match = _STATE.fullmatch(text)
        if match is None:
            raise AcpcError(
                f"match state {text[:200]!r}: expected MATCHSTATE:<position>:<hand>:<betting>:<cards>"
            )
        rounds = match.group(3).split("/")
        if not all(_ROUND.fullmatch(actions) for actions in rounds):
            raise AcpcError(
                f"match state {text[:200]!r}: betting is made of f, c, r or r<N> (N of up to 10 digits), "
                "rounds separated by /"
            )
        cards = match.group(4).split("/")
        if len(cards) != len(rounds):
            raise AcpcError(f"match state {text!r}: give the board of each round after the first, separated by /")
        try:
            holes = tuple(parse_cards(part) for part in cards[0].split("|"))
            board = tuple(parse_cards(part) for part in cards[1:])
        except HoldemError as error:
            raise AcpcError(f"match state {text!r}: {error}") from None
        position = int(match.group(1))
        if position >= len(holes):
            raise AcpcError(f"match state {text!r}: position {position} has no hole cards section")
        return cls(
            position,
            int(match.group(2)),
            tuple(tuple(_ACTION.findall(actions)) for actions in rounds),
            holes,
            board,
        )

    def __str__(self) -> str:
        betting = "/".join("".join(actions) for actions in self.betting)
        cards = "|".join(map(format_cards, self.hole_cards))
        cards += "".join("/" + format_cards(round_cards) for round_cards in self.board)
        return f"MATCHSTATE:{self.position}:{self.hand_number}:{betting}:{cards}"

    @classmethod
    def from_hand(cls, hand: Hand, position: int, hand_number: int) -> MatchState:
        """What ``position`` sees of ``hand``: its own hole cards, and at showdown every hand still in.

        >>> from holdem.rules import Rules
        >>> hand = Hand(Rules.no_limit(50, 100), [20000, 20000], 1, hole_cards=["9s8h", "9c6h"],
        ...             board="8c8d5c6s2d")
        >>> _ = hand.call(), hand.check()
        >>> str(MatchState.from_hand(hand, 0, 30))
        'MATCHSTATE:0:30:cc/:9s8h|/8c8d5c'
        """
        check_type(hand, Hand, "hand")
        position, hand_number = integer(position, "position"), integer(hand_number, "hand_number")
        if not 0 <= position < hand.player_count:
            raise AcpcError(f"position {position}: the hand has positions 0 to {hand.player_count - 1}")
        if not 0 <= hand_number < 2**32:
            raise AcpcError(f"hand_number {hand_number}: ACPC numbers hands from 0 to 2**32 - 1")
        betting, board = _betting_and_board(hand)
        shown = _showdown_seats(hand)
        holes = tuple(
            hand.hole_cards(seat) if seat == position or seat in shown else ()
            for seat in range(hand.player_count)
        )
        return cls(position, hand_number, betting, holes, board)

    def to_hand(self, game: GameDef) -> Hand:
        """Replay this state on a :class:`~holdem.hand.Hand` of ``game``.

        The other players' unknown hole cards get stand-ins (the lowest cards
        not seen), which :meth:`view` never shows; the position's own cards,
        and at a showdown the cards of every player still in, must be given.

        >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
        >>> try:
        ...     MatchState.parse("MATCHSTATE:0:3:cc/cc/cc/cc:7s2h|/Kd9c4c/5c/6c").to_hand(game)
        ... except AcpcError as error:
        ...     print(str(error).split(": ")[1])
        the showdown does not show position 1's hole cards

        :raises AcpcError: for a state that ``game`` does not allow: a wrong
            number of players, cards or board cards, missing cards, or illegal betting.
        :raises TypeError: for ``game`` not a :class:`GameDef`.
        """
        check_type(game, GameDef, "game")
        rules = game.rules()
        count = game.players
        if len(self.hole_cards) != count:
            raise AcpcError(f"{self}: {len(self.hole_cards)} hole card sections for {count} players")
        if len(self.betting) > game.rounds:
            raise AcpcError(f"{self}: {len(self.betting)} rounds, the game has {game.rounds}")
        board = [card for cards in self.board for card in cards]
        for round_number, cards in enumerate(self.board, 1):
            if len(cards) != game.board_cards[round_number]:
                raise AcpcError(f"{self}: round {round_number + 1} needs {game.board_cards[round_number]} board cards")
        seen = set(board)
        for cards in self.hole_cards:
            if len(cards) not in (0, game.hole_cards):
                raise AcpcError(f"{self}: each player has {game.hole_cards} hole cards, or none shown")
            seen.update(cards)
        if not self.hole_cards[self.position]:
            raise AcpcError(f"{self}: position {self.position}'s own hole cards are missing")
        spare = (card for card in range(52) if card not in seen)
        holes = [cards or (next(spare), next(spare)) for cards in self.hole_cards]
        try:
            hand = Hand(rules, game.starting_stacks, game.button, hole_cards=holes, board=board)
            for round_number, actions in enumerate(self.betting):
                for action in actions:
                    if hand.street != round_number or hand.actor is None:
                        raise AcpcError(f"{self}: action {action!r} after round {round_number + 1} ended")
                    apply_action(hand, action)
            if hand.street != len(self.betting) - 1:
                raise AcpcError(f"{self}: round {hand.street + 1} is not over")
        except HoldemError as error:
            if isinstance(error, AcpcError):
                raise
            raise AcpcError(f"{self}: {error}") from None
        for seat in sorted(_showdown_seats(hand)):
            if not self.hole_cards[seat]:
                raise AcpcError(f"{self}: the showdown does not show position {seat}'s hole cards")
        return hand

    def view(self, game: GameDef) -> HandView:
        """The :class:`~holdem.views.HandView` of the player whose state this is.

        >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
        >>> view = MatchState.parse("MATCHSTATE:1:31:r300r900:|JdTc").view(game)
        >>> view.legal_actions.call, view.legal_actions.min_raise_to
        (600, 1500)
        """
        return self.to_hand(game).view(self.position)


def apply_action(hand: Hand, action: str) -> Action:
    """Play an ACPC action (``"f"``, ``"c"``, ``"r"`` in limit games, ``"r<N>"`` in no-limit ones) on ``hand``.

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(50, 100), [20000, 20000], 1, seed=1)
    >>> apply_action(hand, "r300"), apply_action(hand, "c"), apply_action(hand, "r900")
    (Action('raise', 1, 300), Action('call', 0, 200), Action('bet', 0, 600))

    :raises AcpcError: for text that is not an action of this game.
    :raises IllegalActionError: for an action the rules do not allow now.
    :raises TypeError: for ``hand`` not a :class:`~holdem.hand.Hand` or ``action`` not a ``str``.
    """
    check_type(hand, Hand, "hand")
    check_type(action, str, "action")
    if action == "f":
        return hand.fold()
    if action == "c":
        return hand.check_or_call()
    limit = hand.rules.structure is Structure.FIXED_LIMIT
    if limit and action == "r":
        legal = hand.legal_actions()
        return hand.raise_to(legal.min_raise_to if legal and legal.min_raise_to is not None else 0)
    if not limit and _ACTION.fullmatch(action) and len(action) > 1:
        seat = hand.actor
        if seat is None:
            return hand.raise_to(0)
        earlier = hand.starting_stacks[seat] - hand.stacks[seat] - hand.bets[seat]
        return hand.raise_to(int(action[1:]) - earlier)
    raise AcpcError(
        f"action {action!r}: use f, c or " + ("r" if limit else "r<N>, N the raiser's total chips in the hand")
    )


def _betting_and_board(hand: Hand) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[Card, ...], ...]]:
    limit = hand.rules.structure is Structure.FIXED_LIMIT
    rounds: list[list[str]] = [[]]
    board: list[tuple[Card, ...]] = []
    earlier = [0] * hand.player_count  # chips put in on earlier rounds
    street = [0] * hand.player_count
    kinds = ActionKind
    for action in hand.history:
        kind, seat, amount = action.kind, action.seat, action.amount
        if kind is kinds.FOLD:
            rounds[-1].append("f")
        elif kind is kinds.CHECK:
            rounds[-1].append("c")
        elif kind is kinds.CALL:
            rounds[-1].append("c")
            street[seat] += amount  # type: ignore[index]
        elif kind is kinds.BET or kind is kinds.RAISE:
            street[seat] = amount  # type: ignore[index]
            rounds[-1].append("r" if limit else f"r{earlier[seat] + amount}")  # type: ignore[index]
        elif kind is kinds.POST_BLIND:
            street[seat] += amount  # type: ignore[index]
        elif kind is kinds.POST_ANTE:
            earlier[seat] += amount  # type: ignore[index]
        elif kind is kinds.DEAL_BOARD and not amount:
            rounds.append([])
            board.append(action.cards)
            earlier = [put + bet for put, bet in zip(earlier, street)]
            street = [0] * hand.player_count
    return tuple(map(tuple, rounds)), tuple(board)


def _showdown_seats(hand: Hand) -> set[int]:
    """The seats whose cards everyone sees: those still in when the hand ended at showdown."""
    live = {seat for seat, status in enumerate(hand.statuses) if status is not SeatStatus.FOLDED}
    return live if hand.is_over and len(live) > 1 else set()


# ------------------------------------------------------------------- logs


def hand_values(hand: Hand) -> tuple[Fraction, ...]:
    """Each seat's result in a finished hand as ACPC counts it: a split pot is shared exactly.

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], hole_cards=["AsKd", "AhKc", "7c2d"],
    ...             board="QsJh3c4d9s")
    >>> _ = hand.raise_to(5), hand.call(), hand.call()
    >>> while not hand.is_over:
    ...     _ = hand.check()
    >>> [str(value) for value in hand_values(hand)], hand.payoffs
    (['5/2', '5/2', '-5'], (3, 2, -5))
    """
    check_type(hand, Hand, "hand")
    if not hand.is_over:
        raise AcpcError("the hand is not over: it has no value yet")
    won = [0] * hand.player_count
    for action in hand.history:
        if action.kind is ActionKind.WIN:
            won[action.seat] += action.amount  # type: ignore[index]
    put = [start - stack + gain for start, stack, gain in zip(hand.starting_stacks, hand.stacks, won)]
    live = [status is not SeatStatus.FOLDED for status in hand.statuses]
    if sum(live) == 1:  # the others folded: the one left takes every chip put in
        total = sum(put)
        return tuple(Fraction(total - amount if alive else -amount) for amount, alive in zip(put, live))
    ranks = [evaluate7(*hand.hole_cards(seat), *hand.board) if alive else -1 for seat, alive in enumerate(live)]
    values = [-Fraction(amount) for amount in put]
    for pot in build_pots(put, live):
        winners = pot_winners(pot, ranks)
        for seat in winners:
            values[seat] += Fraction(pot.amount, len(winners))
    return tuple(values)


def _value_text(value: Fraction | float) -> str:
    text = f"{float(value):.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def state_line(hand: Hand, hand_number: int, names: Iterable[str]) -> str:
    """The match log's line for a finished hand: every card, the values and the names by position.

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(50, 100), [20000, 20000], 1, hole_cards=["9s8h", "JdTc"])
    >>> _ = hand.raise_to(300), hand.fold()
    >>> state_line(hand, 0, ["Alice", "Bob"])
    'STATE:0:r300f:9s8h|JdTc:-100|100:Alice|Bob'
    """
    values = "|".join(map(_value_text, hand_values(hand)))
    hand_number = integer(hand_number, "hand_number")
    betting, board = _betting_and_board(hand)
    cards = "|".join(format_cards(hand.hole_cards(seat)) for seat in range(hand.player_count))
    cards += "".join("/" + format_cards(round_cards) for round_cards in board)
    rounds = "/".join("".join(actions) for actions in betting)
    return f"STATE:{hand_number}:{rounds}:{cards}:{values}:{_names(names, hand.player_count)}"


def score_line(totals: Iterable[Fraction | float], names: Iterable[str]) -> str:
    """The match log's last line: each player's total value, then the names.

    >>> score_line([Fraction(-201, 2), Fraction(201, 2)], ["Alice", "Bob"])
    'SCORE:-100.5|100.5:Alice|Bob'
    """
    values = []
    for total in _iterable(totals, "totals"):
        if isinstance(total, bool) or not isinstance(total, (Fraction, int, float)):
            raise TypeError(f"total {total!r}: use a number (int, float or Fraction)")
        values.append(_value_text(total))
    return f"SCORE:{'|'.join(values)}:{_names(names, len(values))}"


def _iterable(values: object, what: str) -> Iterable[object]:
    """``values`` if it is an iterable other than text, else ``TypeError`` naming ``what``."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise TypeError(f"{what}: use a list or tuple, got {type(values).__name__}")
    return values


def _names(names: Iterable[str], count: int) -> str:
    """The players' names by position, joined with ``|``: ``count`` of them, none holding ``:``, ``|`` or a space."""
    listed = []
    for name in _iterable(names, "names"):
        check_type(name, str, "a player's name")
        listed.append(str(name))
    if len(listed) != count or any(set(name) & set(":| \r\n") for name in listed):
        raise AcpcError(f"names {listed!r}: give {count} names without ':', '|' or spaces")
    return "|".join(listed)


class LoggedHand(NamedTuple):
    """A hand read from a match log: its number, the replayed hand, the values and names by position."""

    number: int
    hand: Hand
    values: tuple[float, ...]
    names: tuple[str, ...]

    def history(self) -> HandHistory:
        """The hand as a PHH :class:`~holdem.formats.phh.HandHistory` naming the players."""
        count, button = self.hand.player_count, self.hand.button
        order = [(button + 1 + step) % count for step in range(count)]
        return HandHistory(self.hand, {"players": [self.names[seat] for seat in order]})


class MatchLog(NamedTuple):
    """A match log: its hands, and the ``SCORE`` line's totals by name (``None`` without one)."""

    hands: list[LoggedHand]
    score: dict[str, float] | None


_STATE_LINE = re.compile(r"STATE:([0-9]{1,10}):([^:]*):([^:]*):([^:]*):([^:]*)")
_VALUE = re.compile(r"-?[0-9]{1,15}(?:\.[0-9]{1,15})?")
_SCORE_LINE = re.compile(r"SCORE:([^:]*):([^:]*)")


def read_log(lines: Iterable[str], game: GameDef) -> MatchLog:
    """Read an ACPC match log (``STATE:`` lines, then a ``SCORE`` line), replaying and checking each hand.

    Each hand's values must be those of its replay, and the score each
    player's total.  Lines starting with ``#`` or ``;`` are comments.

    >>> game = GameDef("nolimit", 2, 4, (100, 50), (2, 1, 1, 1), stacks=(20000, 20000))
    >>> log = read_log(["STATE:0:r300f:9s8h|JdTc:-100|100:Alice|Bob",
    ...                 "STATE:1:cc/cc/cc/cc:KdKc|3s2h/8c8d5c/6s/2d:100|-100:Bob|Alice",
    ...                 "SCORE:-200|200:Alice|Bob"], game)
    >>> log.hands[1].hand.payoffs, log.score
    ((100, -100), {'Alice': -200.0, 'Bob': 200.0})
    >>> read_log(["STATE:0:r300f:9s8h|JdTc:-300|300:Alice|Bob"], game)
    Traceback (most recent call last):
    ...
    holdem.errors.AcpcError: log line 1: the values -300|300 are not the replay's -100|100

    :raises AcpcError: for a line that cannot be read, a hand that does not
        replay, or values that disagree with the replay.
    :raises TypeError: for ``lines`` not an iterable of ``str`` (a file opened as
        text, or a list: split a whole log with ``splitlines()``), or ``game`` not a :class:`GameDef`.
    """
    check_type(game, GameDef, "game")
    if isinstance(lines, str):
        raise TypeError("lines: read_log takes the log's lines (a file opened as text, or text.splitlines())")
    hands: list[LoggedHand] = []
    totals: dict[str, float] = {}
    score = None
    for number, text in enumerate(_iterable(lines, "lines"), 1):
        check_type(text, str, f"log line {number}")
        line = str(text).strip()
        if not line or line[0] in "#;":
            continue
        state = _STATE_LINE.fullmatch(line)
        final = _SCORE_LINE.fullmatch(line)
        try:
            if state is not None:
                logged = _logged_hand(state, game)
                hands.append(logged)
                for name, value in zip(logged.names, logged.values):
                    totals[name] = totals.get(name, 0.0) + value
            elif final is not None:
                score = _score(final, game, totals, len(hands))
            else:
                raise AcpcError(f"{line[:200]!r}: expected STATE:<hand>:<betting>:<cards>:<values>:<names> or SCORE")
        except AcpcError as error:
            raise AcpcError(f"log line {number}: {error}") from None
    return MatchLog(hands, score)


def _numbers_of(text: str, count: int, what: str) -> tuple[float, ...]:
    texts = text.split("|")
    if len(texts) != count or not all(_VALUE.fullmatch(value) for value in texts):
        raise AcpcError(f"{what} {text[:200]!r}: give {count} decimal numbers separated by |")
    return tuple(map(float, texts))


def _logged_hand(match: re.Match[str], game: GameDef) -> LoggedHand:
    number, betting, cards, values_text, names_text = match.groups()
    hand = MatchState.parse(f"MATCHSTATE:0:{number}:{betting}:{cards}").to_hand(game)
    if not hand.is_over:
        raise AcpcError(f"hand {number} is not over")
    values = _numbers_of(values_text, game.players, "values")
    names = tuple(names_text.split("|"))
    if len(names) != game.players:
        raise AcpcError(f"names {names_text!r}: give {game.players} names separated by |")
    replayed = hand_values(hand)
    if any(abs(value - float(exact)) > 1e-5 for value, exact in zip(values, replayed)):
        raise AcpcError(f"the values {values_text} are not the replay's {'|'.join(map(_value_text, replayed))}")
    return LoggedHand(int(number), hand, values, names)


def _score(match: re.Match[str], game: GameDef, totals: dict[str, float], hands: int) -> dict[str, float]:
    values_text, names_text = match.groups()
    values = _numbers_of(values_text, game.players, "score")
    score = dict(zip(names_text.split("|"), values))
    if sorted(score) != sorted(totals) or any(abs(score[name] - totals[name]) > 1e-5 * (hands + 1) for name in score):
        expected = "|".join(f"{name} {_value_text(total)}" for name, total in totals.items())
        raise AcpcError(f"the score {values_text}:{names_text} is not the hands' total ({expected})")
    return score
