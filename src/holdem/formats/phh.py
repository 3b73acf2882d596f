"""Poker Hand History (PHH): read, replay and write hands in PokerKit's open format.

A PHH file is TOML: the game (``variant``, ``antes``, ``blinds_or_straddles``,
``min_bet`` or ``small_bet`` and ``big_bet``), the ``starting_stacks``, the
``actions``, and optional fields such as ``players`` or ``finishing_stacks``.
Players are named from ``p1``, the first seat left of the button, to the
button (heads-up, ``p1`` is the big blind).  Reading replays the actions on a
:class:`~holdem.hand.Hand`, so a history that loads is a legal hand.

>>> history = loads('''
... variant = "NT"
... antes = [0, 0, 0]
... blinds_or_straddles = [1, 2, 0]
... min_bet = 2
... starting_stacks = [100, 100, 100]
... actions = ["d dh p1 AsAd", "d dh p2 KcKd", "d dh p3 7h2c", "p3 f", "p1 cbr 6", "p2 f"]
... players = ["Ann", "Bob", "Cy"]
... ''')
>>> history.hand.stacks, history.fields["players"]
((102, 98, 100), ['Ann', 'Bob', 'Cy'])
>>> print(dumps(history.hand), end="")
variant = "NT"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  "d dh p1 AsAd",
  "d dh p2 KcKd",
  "d dh p3 7h2c",
  "p3 f",
  "p1 cbr 6",
  "p2 f"
]
finishing_stacks = [102, 98, 100]

Equal antes are trimmed to what an all-in player matches and a big-blind
ante (``antes = [0, A, 0, ...]``) is dead money, whatever
``ante_trimming_status`` says.  A ``seats`` field numbering the players
clockwise from 1 places the button (``pN``'s seat); otherwise it is the last seat.
Chips are integers: an amount with a fraction (``0.25``) is refused, except in
``finishing_stacks``, where a split recorded in halves (``10112.5``) matches
the whole chips of an odd-chip rule.  Rules that PHH cannot state (PokerKit's
conventions are the defaults) are written as ``_``-prefixed fields, such as
``_odd_chip = "left-of-button"``, which PokerKit keeps as user-defined fields;
so are the records PHH has no action for: a card exposed in the deal
(``_exposed = {player = "p1", card = "Ad", replacement = "Qs"}``, the
replacement dealt in its place) and the runs of the board each player all in
asked for (``_runs = {p1 = 2, p2 = 1}``).  All-in hands may be shown before
the rest of the board or after it: both orders read.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import functools
import json
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import IO, Any

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

from holdem.actions import ActionKind
from holdem.cards import CARD_NAMES, Card, format_cards, parse_cards
from holdem.errors import HoldemError, InvalidHistoryError, check_type
from holdem.formats._toml import read_simple_toml
from holdem.hand import Hand
from holdem.limits import MAX_CHIPS
from holdem.rules import OddChip, Reopening, Rules, Structure
from holdem.views import SeatStatus

__all__ = ["HandHistory", "InvalidHistoryError", "dump", "dump_all", "dumps", "load", "load_all", "loads"]


@dataclasses.dataclass(frozen=True)
class HandHistory:
    """A hand and the optional PHH fields that came with it.

    ``hand`` is the replayed :class:`~holdem.hand.Hand` (over, or still
    running if the actions stop early).  ``fields`` holds every other field
    as read (``players``, ``event``, ``finishing_stacks``, ``_``-prefixed
    fields...).

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.no_limit(1, 2), [50, 50], seed=1)
    >>> 'players = ["Ann", "Bob"]' in dumps(HandHistory(hand, {"players": ["Ann", "Bob"]}))
    True
    """

    hand: Hand
    fields: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        check_type(self.hand, Hand, "hand")
        check_type(self.fields, dict, "fields")

    @property
    def unknown_seats(self) -> frozenset[int]:
        """The seats dealt ``????``: their hole cards are not known (and are written back as ``????``)."""
        return frozenset(
            action.seat
            for action in self.hand.history
            if action.kind is ActionKind.DEAL_HOLE and not action.cards and action.seat is not None
        )


# Rules options that PHH does not state, and what a PHH file means without them.
_OPTIONS = (
    "max_bets",
    "blind_counts_as_bet",
    "uncapped_heads_up",
    "reopening",
    "fold_without_bet",
    "all_hands_show",
    "showdown_order",
    "odd_chip",
    "rake",
    "rake_cap",
    "no_flop_no_drop",
    "call_full_big_blind",
    "runouts",
    "runs_by_agreement",
)
# Records of a hand that PHH has no action or variant for, as fields: the card exposed in the
# deal (``{player, card, replacement}``), the runs each player all in asked for (``{pN = runs}``),
# a pot-limit game (``_structure = "pot-limit"`` beside variant NT: every pot-limit action is a
# no-limit one), no small blind (``_dead_small_blind``) and the posts of players coming back
# (``{pN = [live, dead]}``).
_RECORDS = ("_exposed", "_runs", "_structure", "_dead_small_blind", "_posts")
_PHH_DEFAULTS = {
    **{field.name: field.default for field in dataclasses.fields(Rules) if field.name in _OPTIONS},
    "blind_counts_as_bet": False,
    "voluntary_straddles": False,  # a history's straddles were posted
    "reopening": Reopening.POKERKIT,
    "odd_chip": OddChip.POKERKIT,
}
_REQUIRED = {
    "NT": ("antes", "blinds_or_straddles", "min_bet", "starting_stacks", "actions"),
    "FT": ("antes", "blinds_or_straddles", "small_bet", "big_bet", "starting_stacks", "actions"),
}
_REQUIRED_SETS = {variant: frozenset(names) for variant, names in _REQUIRED.items()}
# For each player count and button: each player's seat (p1 left of the button) and each seat's player.
_SEATING = [
    [
        (
            tuple((button + 1 + player) % count for player in range(count)),
            tuple((seat - button - 1) % count for seat in range(count)),
        )
        for button in range(count)
    ]
    for count in range(11)
]
_GAME_FIELDS = {"variant", "ante_trimming_status", *_REQUIRED["NT"], *_REQUIRED["FT"]}
# The fields a HandHistory does not keep: they are in its hand.
_OPTION_FIELDS = frozenset("_" + name for name in _OPTIONS)
_NOT_KEPT = _GAME_FIELDS | _OPTION_FIELDS | set(_RECORDS)
_BLIND_FIELDS = frozenset(("_dead_small_blind", "_posts"))
_PER_PLAYER = ("players", "seats", "finishing_stacks", "winnings", "time_banks")
_AT_LINE = re.compile(r"\(at line (\d+), column (\d+)\)")
_SECTION = re.compile(r"\[\s*(\d+)\s*\]\s*(?:#.*)?$")
_DECIMAL = re.compile(r"[0-9]+\.[0-9]*")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_CODES = {name: code for code, name in enumerate(CARD_NAMES)}
_PAIRS = {
    first + second: (_CODES[first], _CODES[second]) for first in CARD_NAMES for second in CARD_NAMES if first != second
}
_FOLD_OR_CALL = {"f", "cc"}
_DECISION_VERBS = {"f", "cc", "cbr"}
# The players' names, p1 to pN, for each player count (never changed).
_PLAYERS = [{f"p{player + 1}": player for player in range(count)} for count in range(11)]
_USAGE = "use 'd dh pN CARDS', 'd db CARDS', 'pN f', 'pN cc', 'pN cbr AMOUNT' or 'pN sm [CARDS]'"


# ------------------------------------------------------------------ reading


MAX_HAND_TEXT = 1_000_000
"""The most characters one hand's text may have (a long hand takes a few thousand)."""


def loads(text: str | bytes, *, source: str = "<string>") -> HandHistory:
    """Read and replay one hand from PHH text (or UTF-8 bytes); ``source`` names it in error messages.

    :raises InvalidHistoryError: for text over ``MAX_HAND_TEXT`` characters, bytes that are not UTF-8, a syntax error,
        a missing or wrong field, an illegal action, a card dealt twice, or
        stacks that disagree with ``finishing_stacks``; the message names the
        source and the action.
    :raises TypeError: for ``text`` neither ``str`` nor ``bytes``.
    """
    return _read(checked_text(text, source), source, 0)


def load(fp: IO[str] | IO[bytes]) -> HandHistory:
    """Read and replay one hand from a PHH file opened for reading (as text or bytes).

    :raises TypeError: for anything but a file object (open a path first).
    """
    if not callable(getattr(fp, "read", None)):
        raise TypeError(f"load reads a file opened for reading, got {type(fp).__name__}: open the path first")
    return loads(fp.read(MAX_HAND_TEXT + 1), source=_name(fp))


def checked_text(text: object, source: str, kind: str = "PHH") -> str:
    """``text`` of a hand history of format ``kind`` (PHH, OHH) as a str: UTF-8 bytes decoded (a byte
    order mark left out), at most :data:`MAX_HAND_TEXT` characters.

    :raises InvalidHistoryError: for bytes that are not UTF-8, or text longer than any hand.
    :raises TypeError: for ``text`` neither ``str`` nor ``bytes``.
    """
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise InvalidHistoryError(f"{source}: not UTF-8 text: {error}") from None
    elif not isinstance(text, str):
        raise TypeError(f"{kind} text is a str or UTF-8 bytes, got {type(text).__name__}")
    if len(text) > MAX_HAND_TEXT:
        raise InvalidHistoryError(f"{source}: more than {MAX_HAND_TEXT:,} characters, longer than any hand")
    return text


def load_all(fp: Iterable[str] | Iterable[bytes]) -> Iterator[HandHistory]:
    """Yield the hands of a ``.phhs`` file (sections ``[1]``, ``[2]``, ...), reading it lazily.

    >>> import io
    >>> game = 'variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n'
    >>> hand = 'starting_stacks = [50, 50]\\nactions = ["d dh p1 AsAd", "d dh p2 KcKd", "p2 f"]\\n'
    >>> text = f"[1]\\n{game}{hand}\\n[2]\\n{game}{hand}"
    >>> [history.hand.stacks for history in load_all(io.StringIO(text))]
    [(51, 49), (51, 49)]
    """
    name = _name(fp)
    number = None
    start = 0
    lines: list[str] = []
    size = 0
    for line_number, line in enumerate(bounded_lines(fp), 1):
        line = checked_text(line, f"{name}, line {line_number}")
        section = _SECTION.match(line.strip())
        if section is None:
            lines.append(line)
            size += len(line)
            if size > MAX_HAND_TEXT:
                raise InvalidHistoryError(f"{name}, line {line_number}: a hand of more than {MAX_HAND_TEXT:,} characters")
            continue
        if number is None:
            if _parse_toml("".join(lines), name, 0):
                raise InvalidHistoryError(f"{name}: fields before the first section [1]: put each hand in a section")
        else:
            yield _read("".join(lines), f"{name}, hand {number}", start)
        number = section.group(1)
        start = line_number
        lines = []
        size = 0
    if number is not None:
        yield _read("".join(lines), f"{name}, hand {number}", start)
    elif _parse_toml("".join(lines), name, 0):
        raise InvalidHistoryError(f"{name}: no section [1]: a .phhs file holds hands in sections [1], [2], ...")


def bounded_lines(fp: Iterable[str] | Iterable[bytes]) -> Iterable[str | bytes]:
    """The lines of ``fp``: of a file, read a line of at most :data:`MAX_HAND_TEXT` characters at a time, so
    that an endless line cannot fill the memory (a longer line comes in pieces, more than a hand)."""
    readline = getattr(fp, "readline", None)
    return iter(lambda: readline(MAX_HAND_TEXT + 1), readline(0)) if callable(readline) else fp


def _name(fp: object) -> str:
    return str(getattr(fp, "name", "<file>"))


def _parse_toml(text: str, source: str, line_offset: int) -> dict[str, Any]:
    """Parse TOML: the simple form hand histories use in the core, anything else with tomllib."""
    data = read_simple_toml(text)
    if data is not None:
        return data
    try:
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as error:
        message = _AT_LINE.sub(lambda at: f"(at line {int(at[1]) + line_offset}, column {at[2]})", str(error))
        raise InvalidHistoryError(f"{source}: syntax error: {message}") from None
    except (ValueError, ArithmeticError) as error:  # an integer or exponent of too many digits
        raise InvalidHistoryError(f"{source}: a value cannot be read: {error!r}") from None
    except RecursionError:
        raise InvalidHistoryError(f"{source}: arrays or tables nested too deeply") from None


def _read(text: str, source: str, line_offset: int) -> HandHistory:
    data = _parse_toml(text, source, line_offset)
    try:
        return _replay(data)
    except HoldemError as error:
        raise InvalidHistoryError(f"{source}: {error}") from error


def _chips(value: object, what: str) -> int:
    if type(value) is int:
        return value
    if isinstance(value, Decimal) and _is_chip_count(value) and value == value.to_integral_value():
        return int(value)
    if isinstance(value, Decimal) and value.is_finite() and value.copy_abs() > MAX_CHIPS:
        raise InvalidHistoryError(f"{what} {value!r}: chip amounts are at most 2**60")
    raise InvalidHistoryError(f"{what} {value!r}: chips are whole numbers (scale fractional amounts to integers)")


def _is_chip_count(value: object) -> bool:
    """Whether a value read is an int, or a Decimal not above 2**60 chips (checked before any
    arithmetic: Decimal's raises for exponents above a million, and int() of a Decimal takes
    time quadratic in its digits)."""
    return type(value) is int or (isinstance(value, Decimal) and value.is_finite() and value.copy_abs() <= MAX_CHIPS)


def _chip_list(data: dict[str, Any], name: str) -> list[int]:
    values = data[name]
    if not isinstance(values, list):
        raise InvalidHistoryError(f"{name} {values!r}: expected a list with one value per player")
    return [value if type(value) is int else _chips(value, name) for value in values]


def _rules(data: dict[str, Any], variant: str, count: int) -> Rules:
    antes = _chip_list(data, "antes")
    blinds = _chip_list(data, "blinds_or_straddles")
    for name, values in (("antes", antes), ("blinds_or_straddles", blinds)):
        if len(values) != count:
            raise InvalidHistoryError(f"{name} has {len(values)} values for {count} players: give one per player")
    bets = tuple(_chips(data[name], name) for name in _REQUIRED[variant] if name.endswith("bet"))
    options = () if _OPTION_FIELDS.isdisjoint(data) else tuple(
        (name, data["_" + name]) for name in _OPTIONS if "_" + name in data
    )
    for name, value in options:
        if not isinstance(value, (str, int, Decimal)):
            raise InvalidHistoryError(f"_{name} {value!r}: expected a string, a number or a boolean")
    structure = data.get("_structure")
    if structure is not None:
        if variant != "NT" or structure != Structure.POT_LIMIT.value:
            raise InvalidHistoryError(f'_structure {structure!r}: only "pot-limit", beside variant "NT"')
        variant = "PT"  # pot-limit Texas hold'em: holdem's own name, never in the variant field
    return _game_rules(variant, tuple(antes), tuple(blinds), bets, options)


@functools.lru_cache(maxsize=256)
def _game_rules(
    variant: str, antes: tuple[int, ...], blinds: tuple[int, ...], bets: tuple[int, ...], options: tuple[Any, ...]
) -> Rules:
    """The rules of a game; datasets repeat a few games, so the rules are made once each."""
    if len(set(antes)) == 1:
        ante, big_blind_ante = antes[0], False
    elif antes[1] and not any(antes[:1] + antes[2:]):
        ante, big_blind_ante = antes[1], True
    else:
        raise InvalidHistoryError(
            f"antes {list(antes)}: holdem plays equal antes, or a big-blind ante (second value only)"
        )
    straddles = list(blinds[2:])
    while straddles and not straddles[-1]:
        straddles.pop()
    settings: dict[str, Any] = dict(_PHH_DEFAULTS, ante=ante, big_blind_ante=big_blind_ante, straddles=straddles)
    settings.update((name, None if value == "none" else value) for name, value in options)
    try:
        if variant == "NT":
            return Rules.no_limit(blinds[0], blinds[1], min_bet=bets[0], **settings)
        if variant == "PT":
            return Rules.pot_limit(blinds[0], blinds[1], min_bet=bets[0], **settings)
        return Rules.fixed_limit(bets[0], bets[1], blinds[0], blinds[1], **settings)
    except TypeError as error:  # an option of the wrong kind, such as _max_bets = "abc"
        raise InvalidHistoryError(str(error)) from None


def _button(data: dict[str, Any], count: int) -> int:
    """The button's seat: the last one, unless ``seats`` numbers the players clockwise from 1 to ``count``."""
    seats = data.get("seats")
    if (
        isinstance(seats, list)
        and all(type(seat) is int for seat in seats)
        and sorted(seats) == list(range(1, count + 1))
        and all((seats[index] - seats[0]) % count == index for index in range(count))
    ):
        return int(seats[-1]) - 1
    return count - 1


def _fault(number: int, text: object, message: str) -> InvalidHistoryError:
    return InvalidHistoryError(f"action {number} {text!r}: {message}")


def _cards(text: str, count: int | None) -> tuple[Card, ...]:
    """Parse card names run together, quickly in the usual form (``AsKd``)."""
    codes = (
        _PAIRS.get(text)
        if count == 2
        else tuple([_CODES.get(text[index : index + 2], -1) for index in range(0, len(text), 2)])
    )
    if codes is None or -1 in codes or len(set(codes)) * 2 != len(text):
        return parse_cards(text, count=count)
    return codes


# An action: its number (from 1), its text, the player (None for the dealer),
# the verb ("dh", "db", "f", "cc", "cbr", "sm" or "muck") and its argument
# (cards, None for unknown cards, or an amount).
_Step = tuple[int, str, Any, str, Any]


def _steps(actions: list[Any], count: int) -> list[_Step]:
    players = _PLAYERS[count]
    steps: list[_Step] = []
    for number, text in enumerate(actions, 1):
        if type(text) is not str:
            raise _fault(number, text, f"actions are strings; {_USAGE}")
        words = (text[: text.index("#")] if "#" in text else text).split()
        size = len(words)
        if size == 2 and words[1] in _FOLD_OR_CALL and words[0] in players:
            steps.append((number, text, players[words[0]], words[1], None))
        elif size == 3 and words[1] == "cbr" and words[0] in players and words[2].isascii() and words[2].isdigit():
            if len(words[2]) > 19:  # checked before int(), which takes time quadratic in the digits
                raise _fault(number, text, "chip amounts are at most 2**60")
            steps.append((number, text, players[words[0]], "cbr", int(words[2])))
        elif size == 4 and words[1] == "dh" and words[0] == "d" and words[2] in players and words[3] in _PAIRS:
            steps.append((number, text, players[words[2]], "dh", _PAIRS[words[3]]))
        elif words:
            try:
                steps.append(_step(number, text, words, players))
            except InvalidHistoryError:
                raise
            except HoldemError as error:
                raise _fault(number, text, str(error)) from error
    return steps


def _step(number: int, text: str, words: list[str], players: dict[str, int]) -> _Step:
    size = len(words)
    verb = words[1] if size > 1 else ""
    if words[0] == "d":
        if verb == "db" and size == 3:
            return number, text, None, verb, _cards(words[2], None)
        shape_is_known = verb == "dh" and size == 4
        name = words[2] if shape_is_known else ""
    else:
        shape_is_known = (size == 2 and verb in ("f", "cc", "sm")) or (size == 3 and verb in ("cbr", "sm"))
        name = words[0]
    if not shape_is_known:
        raise _fault(number, text, f"unknown action: {_USAGE}")
    player = players.get(name)
    if player is None:
        raise _fault(number, text, f"player {name!r}: players are p1 to p{len(players)}")
    if verb == "dh":
        return number, text, player, verb, None if "?" in words[3] else _cards(words[3], 2)
    if size == 2:
        return number, text, player, "muck" if verb == "sm" else verb, None
    if verb == "sm":
        return number, text, player, verb, None if words[2] == "-" else _cards(words[2], 2)
    if words[2].isascii() and words[2].isdigit():
        if len(words[2]) > 19:  # checked before int(), which takes time quadratic in the digits
            raise _fault(number, text, "chip amounts are at most 2**60")
        return number, text, player, verb, int(words[2])
    if not _DECIMAL.fullmatch(words[2]):
        raise _fault(number, text, f"amount {words[2]!r} is not a number of chips")
    return number, text, player, verb, _chips(Decimal(words[2]), "amount")


def _replay(data: dict[str, Any]) -> HandHistory:
    variant = data.get("variant")
    if not isinstance(variant, str) or variant not in _REQUIRED:
        raise InvalidHistoryError(
            f"variant {variant!r}: holdem plays 'NT' (no-limit) and 'FT' (fixed-limit) Texas hold'em"
        )
    if not data.keys() >= _REQUIRED_SETS[variant]:
        missing = [name for name in _REQUIRED[variant] if name not in data]
        raise InvalidHistoryError(f"missing field(s) {', '.join(missing)}: variant {variant!r} needs them")
    stacks = _chip_list(data, "starting_stacks")
    count = len(stacks)
    if not 2 <= count <= 10:
        raise InvalidHistoryError(f"starting_stacks {stacks}: a hand needs 2 to 10 players")
    rules = _rules(data, variant, count)
    for name in _PER_PLAYER:
        values = data.get(name)
        if values is not None and (not isinstance(values, list) or len(values) != count):
            raise InvalidHistoryError(f"{name} {values!r}: expected a list with one value per player ({count})")
    actions = data["actions"]
    if not isinstance(actions, list):
        raise InvalidHistoryError(f"actions {actions!r}: expected a list of strings")
    steps = _steps(actions, count)

    holes: list[tuple[Card, ...] | None] = [None] * count
    dealt: list[int] = []
    for number, text, player, verb, cards in steps:
        if verb != "dh":
            break
        if player in dealt:
            raise _fault(number, text, f"p{player + 1} is dealt hole cards twice")
        holes[player] = cards
        dealt.append(player)
    if len(dealt) < count:
        undealt = min(set(range(count)) - set(dealt))
        raise InvalidHistoryError(f"p{undealt + 1} is dealt no hole cards before the first action")
    seen: dict[Card, int] = {}
    for number, text, player, verb, cards in steps:
        if cards is None or verb == "cbr":
            continue
        if verb == "sm":
            hole = holes[player]
            if hole is not None:
                if set(cards) != set(hole):
                    raise _fault(
                        number, text, f"p{player + 1} shows {format_cards(cards)} but holds {format_cards(hole)}"
                    )
                continue
            holes[player] = cards
        for card in cards:
            if card in seen:
                raise _fault(number, text, f"card {format_cards([card])} is already dealt in action {seen[card]}")
            seen[card] = number
    button = _button(data, count)
    seat_of, by_seat = _SEATING[count][button]
    exposed = _exposed(data.get("_exposed"), holes, count)
    hole_cards = [holes[player] for player in by_seat]
    if _BLIND_FIELDS.isdisjoint(data):  # the usual hand: the blinds of the rules
        hand = Hand(rules, [stacks[player] for player in by_seat], button, hole_cards=hole_cards, manual_showdown=True)
    else:
        dead_small_blind = data.get("_dead_small_blind", False)
        if type(dead_small_blind) is not bool:
            raise InvalidHistoryError(f"_dead_small_blind {dead_small_blind!r}: expected true or false")
        hand = Hand(
            rules, [stacks[player] for player in by_seat], button, hole_cards=hole_cards, manual_showdown=True,
            dead_small_blind=dead_small_blind, posts=_posts(data.get("_posts", {}), seat_of),
        )  # fmt: skip
    if exposed is not None:
        player, card, replacement = exposed
        hand.replace_exposed(seat_of[player], card, replacement)
    runs = data.get("_runs", {})
    if not isinstance(runs, dict) or not all(type(value) is int for value in runs.values()):
        raise InvalidHistoryError(f"_runs {runs!r}: expected a table of the runs each player asked for, pN = runs")
    agreeing = rules.runs_by_agreement
    # Shows and mucks, played when the showdown waits for them (players all in
    # may show before the last board cards).
    shows: list[_Step] = []
    for step in steps[count:]:
        number, text, player, verb, argument = step
        try:
            if verb in _DECISION_VERBS:
                if hand.actor != seat_of[player]:
                    actor = hand.actor
                    actor_name = "no one" if actor is None else _label(hand, actor)
                    raise _fault(number, text, f"p{player + 1} acts out of turn: {actor_name} is to act")
                if verb == "cc":
                    hand.check_or_call()
                elif verb == "f":
                    hand.fold()
                else:
                    hand.raise_to(argument)
            elif verb == "db":
                for seat in hand.showdown_seats:  # a history that shows all-in hands only after the board
                    hand.show(seat)
                hand.deal_board(argument)
            elif verb == "dh":
                raise _fault(number, text, "hole cards are dealt after the first action")
            elif verb == "sm" and seat_of[player] not in hand.showdown_seats and seat_of[player] in hand.shown_cards():
                continue  # shown at the first board card after the all-in, as seed 000 has it
            else:  # a show or a muck
                if hand.actor is not None or hand.statuses[seat_of[player]] is SeatStatus.FOLDED:
                    raise _fault(number, text, f"p{player + 1} may show or muck only at showdown")
                shows.append(step)
        except InvalidHistoryError:
            raise
        except HoldemError as error:
            raise _fault(number, text, str(error)) from error
        if agreeing:
            for seat in hand.runs_pending:
                label = _label(hand, seat)
                if label not in runs:
                    raise InvalidHistoryError(f"_runs has no answer for {label}, all in: the rules ask for one")
                hand.agree_runs(seat, runs[label])
        if shows and hand.showdown_seats:
            _show_down(hand, shows, seat_of)
            shows = []
    if shows and hand.is_over:  # a winner without a showdown who showed
        _show_down(hand, shows, seat_of)
    for seat in hand.showdown_seats:  # the history leaves these hands to show
        if not hand.hole_cards(seat):
            raise InvalidHistoryError(f"{_label(hand, seat)}'s hole cards are unknown (????) but needed at showdown")
        hand.show(seat)
    _check_finishing_stacks(data.get("finishing_stacks"), hand, seat_of)
    fields = {
        name: value
        for name, value in data.items()
        if name not in _NOT_KEPT
    }
    return HandHistory(hand, fields)


def _posts(record: object, seat_of: Sequence[int]) -> dict[int, tuple[int, int]]:
    """The posts of players coming back, by seat, from a ``_posts`` field ``{pN = [live, dead]}``."""
    players = _PLAYERS[len(seat_of)]
    if not isinstance(record, dict) or not all(
        name in players and isinstance(post, list) and len(post) == 2 for name, post in record.items()
    ):
        raise InvalidHistoryError(f"_posts {record!r}: give {{pN = [live, dead]}}, the chips each player posted")
    return {
        seat_of[players[name]]: (_chips(post[0], "_posts"), _chips(post[1], "_posts")) for name, post in record.items()
    }


def _exposed(record: object, holes: list[tuple[Card, ...] | None], count: int) -> tuple[int, Card, Card] | None:
    """The player, the card exposed in the deal and its replacement, from an ``_exposed`` field; the
    player's hole cards (dealt as corrected) are put back as first dealt."""
    if record is None:
        return None
    problem = InvalidHistoryError(
        f'_exposed {record!r}: give {{player = "pN", card = "Ad", replacement = "Qs"}}, the replacement one of '
        "pN's hole cards"
    )
    if not isinstance(record, dict) or set(record) != {"player", "card", "replacement"}:
        raise problem
    names = [f"p{number + 1}" for number in range(count)]
    try:
        card, replacement = (_cards(str(record[name]), 1)[0] for name in ("card", "replacement"))
    except HoldemError:
        raise problem from None
    player = names.index(record["player"]) if record["player"] in names else None
    hole = None if player is None else holes[player]
    if player is None or hole is None or replacement not in hole:
        raise problem
    holes[player] = tuple(card if dealt == replacement else dealt for dealt in hole)
    return player, card, replacement


def _show_down(hand: Hand, shows: list[_Step], seat_of: Sequence[int]) -> None:
    for number, text, player, verb, _ in shows:
        try:
            if verb == "muck":
                hand.muck(seat_of[player])
            else:
                hand.show(seat_of[player])
        except HoldemError as error:
            raise _fault(number, text, str(error)) from error


def _label(hand: Hand, seat: int) -> str:
    return f"p{(seat - hand.button - 1) % hand.player_count + 1}"


def _check_finishing_stacks(recorded: list[Any] | None, hand: Hand, seat_of: Sequence[int]) -> None:
    if recorded is None:
        return
    if any(type(value) is not int for value in recorded) and not all(map(_is_chip_count, recorded)):
        raise InvalidHistoryError(f"finishing_stacks {recorded}: expected numbers of chips")
    if not hand.is_over:
        raise InvalidHistoryError("finishing_stacks are given, but the actions stop before the hand is over")
    final = hand.stacks
    stacks = [final[seat] for seat in seat_of]
    if stacks == recorded:
        return
    # A split recorded in fractions of a chip matches whole chips that add up.
    if sum(recorded) == sum(stacks) and all(abs(stack - value) < 1 for stack, value in zip(stacks, recorded)):
        return
    player = next(player for player in range(len(stacks)) if stacks[player] != recorded[player])
    raise InvalidHistoryError(
        f"finishing_stacks {recorded}: the replay ends with {stacks} "
        f"(p{player + 1} has {stacks[player]}, the file says {recorded[player]})"
    )


# ------------------------------------------------------------------ writing


def dumps(record: Hand | HandHistory) -> str:
    """Write a hand, finished or running, as PHH text (with the fields of a :class:`HandHistory`).

    What PHH has no variant, field or action for is written as ``_``-prefixed
    fields that :func:`loads` reads back: a pot-limit game is variant ``NT``
    (every pot-limit action is a no-limit one) with ``_structure =
    "pot-limit"``, a dead small blind ``_dead_small_blind = true``, the posts
    of players coming back ``_posts = {pN = [live, dead]}``; the boards of a
    board run more than once follow one another in the actions.

    >>> from holdem.rules import Rules
    >>> hand = Hand(Rules.pot_limit(1, 2), [100, 100, 100, 100], dead_small_blind=True, posts={2: (2, 1)}, seed=1)
    >>> text = dumps(hand)
    >>> [line for line in text.splitlines() if line.startswith(("_structure", "_dead", "_posts"))]
    ['_structure = "pot-limit"', '_dead_small_blind = true', '_posts = {p3 = [2, 1]}']
    >>> loads(text).hand.posts, loads(text).hand.rules.structure.value
    ({2: (2, 1)}, 'pot-limit')

    :raises InvalidHistoryError: for a misdeal (a void hand: PHH records hands that were
        played), or a field TOML cannot hold.
    :raises TypeError: for ``record`` neither a :class:`~holdem.hand.Hand` nor a :class:`HandHistory`.
    """
    check_type(record, (Hand, HandHistory), "record")
    history = record if isinstance(record, HandHistory) else HandHistory(record)
    hand = history.hand
    rules = hand.rules
    count, button = hand.player_count, hand.button
    order = [(button + 1 + player) % count for player in range(count)]
    label = {seat: f"p{player + 1}" for player, seat in enumerate(order)}
    if hand.is_void:
        raise InvalidHistoryError("a misdeal: PHH records hands that were played, not void ones")
    antes = [0] * count
    if rules.big_blind_ante:
        antes[1] = rules.ante
    else:
        antes = [rules.ante] * count
    blinds = [rules.small_blind, rules.big_blind, *hand.straddles]
    fields: dict[str, Any] = {
        "variant": "FT" if rules.structure is Structure.FIXED_LIMIT else "NT",
        "ante_trimming_status": not rules.big_blind_ante,
        "antes": antes,
        "blinds_or_straddles": blinds + [0] * (count - len(blinds)),
    }
    if rules.structure is Structure.FIXED_LIMIT:
        fields["small_bet"], fields["big_bet"] = rules.small_bet, rules.big_bet
    else:
        fields["min_bet"] = rules.min_bet
    fields["starting_stacks"] = [hand.starting_stacks[seat] for seat in order]
    texts = (_action_text(action, label) for action in hand.history)
    fields["actions"] = [text for text in texts if text]
    for name in _OPTIONS:
        value = getattr(rules, name)
        if value != _PHH_DEFAULTS[name]:
            fields["_" + name] = _option_text(value)
    if rules.structure is Structure.POT_LIMIT:
        fields["_structure"] = Structure.POT_LIMIT.value
    if hand.dead_small_blind:
        fields["_dead_small_blind"] = True
    if hand.posts:
        fields["_posts"] = {label[seat]: list(post) for seat, post in sorted(hand.posts.items())}
    for action in hand.history:
        seat = action.seat
        if seat is None:  # the dealer's
            continue
        if action.kind is ActionKind.EXPOSE:
            replacement = format_cards(hand.hole_cards(seat)[action.amount : action.amount + 1])
            fields["_exposed"] = {"player": label[seat], "card": format_cards(action.cards), "replacement": replacement}
        elif action.kind is ActionKind.RUNS:
            fields.setdefault("_runs", {})[label[seat]] = action.amount
    if button != count - 1 and "seats" not in history.fields:
        fields["seats"] = [seat + 1 for seat in order]
    fields.update((name, value) for name, value in history.fields.items() if name != "finishing_stacks")
    if hand.is_over:
        fields["finishing_stacks"] = [hand.stacks[seat] for seat in order]
    lines = []
    try:
        for name, value in fields.items():
            if name == "actions":
                lines.append("actions = [" + ",".join(f"\n  {_toml_value(text)}" for text in value) + "\n]")
            else:
                lines.append(f"{_toml_key(name)} = {_toml_value(value)}")
    except RecursionError:
        raise InvalidHistoryError("a field nests lists or tables too deeply to write") from None
    return "\n".join(lines) + "\n"


def dump(record: Hand | HandHistory, fp: IO[str]) -> None:
    """Write a hand as PHH text to a file opened for writing.

    :raises TypeError: for ``fp`` without a ``write`` method (open a path first).
    """
    _check_writable(fp)
    fp.write(dumps(record))


def _check_writable(fp: object) -> None:
    if not callable(getattr(fp, "write", None)):
        raise TypeError(f"PHH is written to a file opened for writing, got {type(fp).__name__}: open the path first")


def dump_all(records: Iterable[Hand | HandHistory], fp: IO[str]) -> None:
    """Write hands as a ``.phhs`` file, in sections ``[1]``, ``[2]``, ...

    >>> import io
    >>> from holdem.rules import Rules
    >>> out = io.StringIO()
    >>> dump_all([Hand(Rules.no_limit(1, 2), [50, 50], seed=number) for number in range(3)], out)
    >>> [len(list(history.hand.history)) for history in load_all(io.StringIO(out.getvalue()))]
    [4, 4, 4]
    """
    _check_writable(fp)
    if isinstance(records, (Hand, HandHistory)) or not isinstance(records, Iterable):
        raise TypeError(f"records: give an iterable of hands, got {type(records).__name__}")
    for number, record in enumerate(records, 1):
        fp.write(f"{chr(10) if number > 1 else ''}[{number}]\n{dumps(record)}")


def _action_text(action: Any, label: dict[int, str]) -> str:
    kind = action.kind
    if kind is ActionKind.DEAL_HOLE:
        return f"d dh {label[action.seat]} {format_cards(action.cards) or '????'}"
    if kind is ActionKind.DEAL_BOARD:
        return f"d db {format_cards(action.cards)}"
    if kind is ActionKind.FOLD:
        return f"{label[action.seat]} f"
    if kind is ActionKind.CHECK or kind is ActionKind.CALL:
        return f"{label[action.seat]} cc"
    if kind is ActionKind.BET or kind is ActionKind.RAISE:
        return f"{label[action.seat]} cbr {action.amount}"
    if kind is ActionKind.SHOW:
        return f"{label[action.seat]} sm {format_cards(action.cards)}"
    if kind is ActionKind.MUCK:
        return f"{label[action.seat]} sm"
    return ""  # forced bets, returns, rake and awards follow from the rules


def _option_text(value: object) -> object:
    if value is None:
        return "none"
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Fraction):
        return str(value)
    return value


def _toml_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _toml_string(key)


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")  # TOML escapes DEL too


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        value = Decimal(repr(value))  # the shortest text that reads back as the same float
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value.is_signed() else "inf"
        return str(value)  # exponent form for large and small numbers, unlike format(value, "f")
    if isinstance(value, str):
        return _toml_string(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(map(_toml_value, value)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(key)} = {_toml_value(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    raise InvalidHistoryError(f"field value {value!r}: PHH holds numbers, strings, booleans, dates, lists and tables")
