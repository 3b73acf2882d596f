"""iPoker hand histories: the network's XML export (every skin's), cash and tournaments.

A file holds one or more ``<session>`` documents: the session's ``<general>``
(game, stakes, currency, table, the file owner's ``nickname``, a tournament's
code) and a ``<game>`` for each hand, with its ``<players>`` (seat, stack,
``dealer``, what each put in, ``bet``, and took, ``win``) and its rounds
(``round no="0"`` the posts, then preflop to the river), in which the actions
are grouped by player and ``no`` gives their real order.  The XML is read
by :mod:`xml.parsers.expat`, a line at a time and a hand at a time, so that
memory stays flat; a document type declaration or an entity is refused
(``&amp;`` and the other four of XML itself are read).

Game names are localised (``Holdem NL``, ``SL``, ``LP``, ``БЛ``, ``L`` ...);
amounts are printed as the skin's locale has them (``€0,50``, ``1 001,24€``);
cards suit first (``S9``, ``H10``).  Calls, bets and all-ins are the chips
added; the raise code (``23``) is the street's total in older exports and
the increment over the bet faced in newer ones: the reading is the one that
makes each player's chips put in the export's own ``bet``.  The uncalled
bet is in the winner's ``win``, unless the export says
``uncalled_bet_enabled``; the rake is the players' ``rakeamount`` where the
export gives it.

>>> lines = ['<game gamecode="9">', '<general><startdate>2024-01-02 20:00:00</startdate>', '<players>',
...          '<player seat="1" name="Ann" chips="$2" dealer="1" win="$0.03" bet="$0.02"/>',
...          '<player seat="2" name="Bob" chips="$2" dealer="0" win="$0" bet="$0.02"/>', '</players></general>',
...          '<round no="0"><action no="1" player="Ann" type="1" sum="$0.01"/>',
...          '<action no="2" player="Bob" type="2" sum="$0.02"/></round>',
...          '<round no="1"><action no="4" player="Bob" type="4" sum="$0"/>',
...          '<action no="3" player="Ann" type="3" sum="$0.01"/></round>', '</game>',
...          '<general><gametype>Holdem NL $0.01/$0.02</gametype><nickname>Ann</nickname></general>']
>>> hand = parse(lines, 5)
>>> hand.hand_id, hand.big_blind, hand.hero, [(act.name, act.verb) for act in hand.streets[0]]
('9', Decimal('0.02'), 'Ann', [('Ann', 'call'), ('Bob', 'check')])
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from xml.parsers import expat

from holdem.cards import Card
from holdem.formats.parsing import (
    LINE_TOO_LONG,
    MAX_HAND_LINES,
    Act,
    HandProblem,
    ParsedHand,
    Post,
    PostKind,
    Seat,
    Site,
    currency_of,
    parse_amount,
    parse_hand_cards,
    parse_into,
    register,
    site_time,
)
from holdem.rules import Structure

__all__ = ["SITE", "parse", "split"]

SITE_NAME = "iPoker"

MAX_SESSION_LINES = 200
"""The most lines a session's ``<general>`` may have (it has about twenty)."""

# The limit of a game as the skins name it in their languages.
_LIMITS = {
    "NL": Structure.NO_LIMIT, "SL": Structure.NO_LIMIT, "БЛ": Structure.NO_LIMIT, "LZ": Structure.NO_LIMIT,
    "No limit": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "LP": Structure.POT_LIMIT,
    "Pot limit": Structure.POT_LIMIT, "L": Structure.FIXED_LIMIT, "LH": Structure.FIXED_LIMIT,
    "Limit": Structure.FIXED_LIMIT,
}  # fmt: skip
_HOLDEM = frozenset({"Holdem", "Hold'em", "Texas Holdem", "Texas Hold'em"})
_LIMIT_NAMES = {Structure.NO_LIMIT: "No Limit", Structure.POT_LIMIT: "Pot Limit", Structure.FIXED_LIMIT: "Limit"}
_GAMETYPE = re.compile(r"(?P<game>.*?) ?(?P<limit>No limit|Pot limit|Limit|NL|SL|БЛ|LZ|PL|LP|LH|L)(?: (?P<stakes>\S+/\S+))?(?: .*)?$")
_DAY_FIRST = re.compile(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})")

FOLD, SMALL_BLIND, BIG_BLIND, CALL, CHECK, BET, ALL_IN, NOT_DEALT, SITTING_OUT, ANTE, RAISE = (
    "0", "1", "2", "3", "4", "5", "7", "8", "9", "15", "23",
)  # fmt: skip
_POSTS = {SMALL_BLIND: PostKind.SMALL_BLIND, BIG_BLIND: PostKind.BIG_BLIND, ANTE: PostKind.ANTE}
_VERBS = {FOLD: "fold", SITTING_OUT: "fold", CHECK: "check", CALL: "call", BET: "bet", ALL_IN: "all_in"}


# ------------------------------------------------------------------ the XML, safely


class _Refused(Exception):
    """Raised out of the parser's handlers for what holdem does not read."""


def _refuse_doctype(*_: object) -> None:
    raise _Refused("a document type declaration: holdem reads iPoker XML without a DTD or entities")


def _refuse_entity(*_: object) -> int:
    raise _Refused("an entity declaration: holdem reads iPoker XML without a DTD or entities")


def _parser() -> Any:
    """An expat parser that refuses DTDs and entities, reading UTF-8 whatever the document declares
    (the framework decodes the file)."""
    parser = expat.ParserCreate("utf-8")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_entity
    parser.UnparsedEntityDeclHandler = _refuse_entity
    parser.ExternalEntityRefHandler = _refuse_entity
    return parser


@dataclasses.dataclass
class _Element:
    tag: str
    attributes: dict[str, str]
    line: int
    text: str = ""
    children: list[_Element] = dataclasses.field(default_factory=list)

    def find(self, tag: str) -> _Element | None:
        return next((child for child in self.children if child.tag == tag), None)

    def text_of(self, tag: str) -> str | None:
        child = self.find(tag)
        return child.text.strip() if child is not None else None


def _tree(lines: list[str], line: int) -> _Element:
    """The elements of one hand's lines, under a root of their own; ``line`` the number of lines[0]."""
    parser = _parser()
    top = _Element("", {}, line)
    stack = [top]

    def start(tag: str, attributes: dict[str, str]) -> None:
        element = _Element(tag, attributes, line + parser.CurrentLineNumber - 2)
        stack[-1].children.append(element)
        stack.append(element)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        stack[-1].text += data

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, text
    try:
        parser.Parse(("<hand>\n" + "\n".join(lines) + "\n</hand>").encode("utf-8", "surrogatepass"), True)
    except expat.ExpatError as error:
        raise HandProblem(f"not well-formed XML: {expat.errors.messages[error.code]}", line + error.lineno - 2) from None
    except _Refused as refused:
        raise HandProblem(str(refused), line + parser.CurrentLineNumber - 2) from None
    finally:  # no cycle of the parser and its handlers left for the collector
        parser.StartElementHandler = parser.EndElementHandler = parser.CharacterDataHandler = None
    return top.children[0]


# ------------------------------------------------------------------ the documents, a hand at a time


def split(lines: Iterator[tuple[int, str]]) -> Iterator[tuple[int, list[str]]]:
    """The hands of the iPoker documents from the first line on: each game's lines, then its
    session's ``<general>`` lines; it stops after the last document's root ends."""
    parser = _parser()
    depth = 0
    events: list[tuple[str, str]] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 1 and tag != "session":
            raise _Refused(f"not an iPoker export: its root is <{tag[:40]}>, not <session>")
        if depth == 2 and tag in ("game", "general"):
            events.append(("start", tag))

    def end(tag: str) -> None:
        nonlocal depth
        if depth == 2 and tag in ("game", "general"):
            events.append(("end", tag))
        depth -= 1
        if depth == 0:
            events.append(("end", "session"))

    parser.StartElementHandler, parser.EndElementHandler = start, end
    general: list[str] = []
    game: list[str] | None = None
    collecting: list[str] | None = None
    first = 0
    for number, line in lines:
        if line == LINE_TOO_LONG:
            raise HandProblem("a line too long to be read: the rest of the file is not read", number)
        try:
            parser.Parse((line + "\n").encode("utf-8", "surrogatepass"), False)
        except expat.ExpatError as error:
            raise HandProblem(
                f"not well-formed XML: {expat.errors.messages[error.code]}; the rest of the file is not read", number
            ) from None
        except _Refused as refused:
            raise HandProblem(f"{refused}; the rest of the file is not read", number) from None
        if collecting is not None:
            collecting.append(line)
        for kind, tag in events:
            if kind == "start" and tag == "game":
                game, first = [line], number
                collecting = game
            elif kind == "start":
                general = [line]
                collecting = general
            elif tag == "game" and game is not None:
                yield first, game + general
                game = collecting = None
            elif tag == "general":
                collecting = None
            else:  # the session's end: the next line may start another document
                return
        events.clear()
        if collecting is not None and len(collecting) > (MAX_SESSION_LINES if collecting is general else MAX_HAND_LINES):
            raise HandProblem("a game or a session's header too long to be a hand's: the rest of the file is not read", number)
    raise HandProblem("the document ends before its last element (the file cut short?)", first or None)


# ------------------------------------------------------------------ one hand


def parse(lines: list[str], line: int) -> ParsedHand:
    """Read one iPoker hand: the lines of its ``<game>`` (the first at line number ``line``),
    then those of its session's ``<general>``, into a
    :class:`~holdem.formats.histories.ParsedHand`.

    :raises HandProblem: for a hand that is not Texas hold'em, is not well-formed XML, or holds
        what is none of an iPoker hand's.
    """
    parsed = ParsedHand(SITE_NAME, "", line, returned=None, rake_printed=False)
    return parse_into(parsed, lambda lines, line, parsed: _parse(_tree(lines, line), line, parsed), lines, line)


def _parse(root: _Element, line: int, parsed: ParsedHand) -> ParsedHand:
    game = root.find("game")
    if game is None:
        raise HandProblem("not an iPoker hand: no <game> element", line)
    parsed.hand_id = game.attributes.get("gamecode", "")
    session = root.find("general") or _Element("general", {}, line)
    details = game.find("general") or _Element("general", {}, line)
    _game(parsed, session, details, line)
    uncalled_apart = (session.text_of("uncalled_bet_enabled") or "").lower() == "true"
    parsed.returns_in_collected = not uncalled_apart

    players = details.find("players")
    listed = [player for player in (players.children if players is not None else []) if player.tag == "player"]
    rounds = sorted((element for element in game.children if element.tag == "round"), key=lambda element: _number(element, "no"))
    actions: list[tuple[int, int, _Element]] = []  # (street, order, action)
    holes: dict[str, tuple[Card, ...]] = {}
    dealt: set[str] = set()
    boards: list[Card] = []
    for element in rounds:
        street = max(0, _number(element, "no") - 1)
        if street > 3:
            raise HandProblem(f"a round past the river: round {element.attributes.get('no')}", element.line)
        for child in element.children:
            if child.tag == "action":
                actions.append((street, _number(child, "no"), child))
            elif child.tag == "cards":
                cards = _cards(child.text, child.line)
                owner = child.attributes.get("player", "")
                if owner:
                    dealt.add(owner)
                    if cards:
                        holes[owner] = cards
                else:
                    boards.extend(cards)
    actions.sort(key=lambda item: item[:2])
    acting = {action.attributes.get("player", "") for _, _, action in actions if action.attributes.get("type") != NOT_DEALT}

    for player in listed:
        name = player.attributes.get("name", "")
        if not name or (name not in dealt and name not in acting):
            continue  # an empty seat, or a player not dealt in
        parsed.seats.append(Seat(_number(player, "seat"), name, _amount(player, "chips")))
        if player.attributes.get("dealer") == "1":
            parsed.button = _number(player, "seat")
        won = _amount(player, "win")
        if won:
            parsed.collected[name] = won
    parsed.seats.sort(key=lambda seat: seat.number)
    parsed.holes = holes
    parsed.shown = dict(holes)  # the export keeps the cards of the showdown, and the owner's
    if boards:
        parsed.boards = [tuple(boards)]
    raking = [player for player in listed if "rakeamount" in player.attributes]
    if raking:
        parsed.rake = sum((_amount(player, "rakeamount") for player in raking), Decimal(0))
        parsed.rake_printed = True

    raise_verb = _raise_reading(actions, listed, uncalled_apart)
    for street, _, action in actions:
        code = action.attributes.get("type", "")
        name = action.attributes.get("player", "")
        amount = _amount(action, "sum")
        while len(parsed.streets) <= street:
            parsed.streets.append([])
        if code in _POSTS:
            parsed.posts.append(Post(name, _POSTS[code], amount, Decimal(0), action.line))
        elif code == RAISE:
            parsed.streets[street].append(Act(name, raise_verb, amount, action.line))
        elif code in _VERBS:
            parsed.streets[street].append(Act(name, _VERBS[code], amount if code in (CALL, BET, ALL_IN) else None, action.line))
        elif code != NOT_DEALT:
            raise HandProblem(f"an action code holdem does not know: type {code!r} of {name}", action.line)
    return parsed


def _game(parsed: ParsedHand, session: _Element, details: _Element, line: int) -> None:
    """The game, its structure, stakes, currency, table, time, tournament and the file's owner."""
    gametype = session.text_of("gametype") or ""
    match = _GAMETYPE.match(gametype)
    game = match["game"].strip() if match else gametype
    if match is None or (game and game not in _HOLDEM):  # (some skins name hold'em by its limit alone)
        raise HandProblem(f"not Texas hold'em: {gametype or 'no game named'}", line, skipped=True, game=gametype or None)
    parsed.structure = _LIMITS[match["limit"]]
    parsed.game = f"Hold'em {_LIMIT_NAMES[parsed.structure]}"
    parsed.tournament = session.text_of("tournamentcode")
    parsed.table = session.text_of("tablename")
    parsed.hero = session.text_of("nickname")
    size = session.text_of("tablesize")
    parsed.max_seats = int(size) if size and size.isdigit() else None
    if parsed.tournament is None:
        parsed.currency = session.text_of("tablecurrency") or session.text_of("currency") or currency_of(gametype)
    small = details.text_of("smallblind") or session.text_of("smallblind")
    big = details.text_of("bigblind") or session.text_of("bigblind")
    stakes = match["stakes"].split("/") if match["stakes"] else None
    if parsed.structure is Structure.FIXED_LIMIT and stakes:
        parsed.small_bet, parsed.big_bet = parse_amount(stakes[0]), parse_amount(stakes[1])
        stakes = None
    if small and big:
        parsed.small_blind, parsed.big_blind = parse_amount(small), parse_amount(big)
    elif stakes:
        parsed.small_blind, parsed.big_blind = parse_amount(stakes[0]), parse_amount(stakes[1])
    elif parsed.small_bet is not None:
        parsed.small_blind, parsed.big_blind = parsed.small_bet / 2, parsed.small_bet
    else:
        raise HandProblem(f"no stakes: the session names none ({gametype!r})", line)
    parsed.started = _time(details.text_of("startdate") or session.text_of("startdate") or "")


def _time(text: str) -> Any:
    day_first = _DAY_FIRST.match(text)
    if day_first is not None:  # 18.05.2021 18:26:13
        text = f"{day_first[3]}-{day_first[2]}-{day_first[1]}{text[day_first.end():]}"
    return site_time(text)


def _raise_reading(actions: list[tuple[int, int, _Element]], listed: list[_Element], uncalled_apart: bool) -> str:
    """``raise_to`` or ``raise_by``: the reading of the raise code that makes each player's chips put
    in what the export's ``bet`` says (``raise_to`` when the export gives no ``bet`` or has no raise)."""
    if not any(action.attributes.get("type") == RAISE for _, _, action in actions):
        return "raise_to"
    printed = {player.attributes.get("name", ""): _amount(player, "bet") for player in listed if "bet" in player.attributes}
    if not printed:
        return "raise_to"
    for verb in ("raise_to", "raise_by"):
        totals = _put_in(actions, verb)
        if uncalled_apart and totals:  # the bet no one called is not in the export's totals
            ordered = sorted(totals.values(), reverse=True)
            top = max(totals, key=lambda name: totals[name])
            totals[top] -= ordered[0] - (ordered[1] if len(ordered) > 1 else Decimal(0))
        if all(totals.get(name, Decimal(0)) == amount for name, amount in printed.items()):
            return verb
    raise HandProblem(
        "raises that no reading of the export makes: neither the street's total nor the increment gives "
        "each player's chips put in the export's bet",
        actions[0][2].line,
    )


def _put_in(actions: list[tuple[int, int, _Element]], verb: str) -> dict[str, Decimal]:
    """Each player's chips put in, the raise code read as ``verb``."""
    totals: dict[str, Decimal] = {}
    street_of = -1
    bets: dict[str, Decimal] = {}
    for street, _, action in actions:
        if street != street_of:
            for name, amount in bets.items():
                totals[name] = totals.get(name, Decimal(0)) + amount
            street_of, bets = street, {}
        code, name, amount = action.attributes.get("type"), action.attributes.get("player", ""), _amount(action, "sum")
        if code == ANTE:
            totals[name] = totals.get(name, Decimal(0)) + amount
        elif code == RAISE:
            bets[name] = amount if verb == "raise_to" else max(bets.values(), default=Decimal(0)) + amount
        elif code in (SMALL_BLIND, BIG_BLIND, CALL, BET, ALL_IN):
            bets[name] = bets.get(name, Decimal(0)) + amount
    for name, amount in bets.items():
        totals[name] = totals.get(name, Decimal(0)) + amount
    return totals


def _number(element: _Element, attribute: str) -> int:
    text = element.attributes.get(attribute, "")
    if not text.isdigit() or len(text) > 18:
        raise HandProblem(f"<{element.tag}> {attribute}={text[:20]!r}: a whole number is needed", element.line)
    return int(text)


def _amount(element: _Element, attribute: str) -> Decimal:
    text = element.attributes.get(attribute, "0").strip() or "0"
    try:
        return parse_amount(text)
    except HandProblem as problem:
        raise HandProblem(f"<{element.tag}> {attribute}: {problem.reason}", element.line) from None


def _cards(text: str, line: int) -> tuple[Card, ...]:
    """Cards as the export prints them, suit first (``S9 H10 CA``); ``X`` for a card not shown."""
    words = text.split()
    if not words or all(word.upper() == "X" for word in words):
        return ()
    try:
        return parse_hand_cards(" ".join(word[1:].replace("10", "T") + word[0].lower() for word in words))
    except HandProblem as problem:
        raise HandProblem(problem.reason, line) from None


SITE = register(Site(SITE_NAME, ("<?xml ", "<session ", "<session>"), parse, split=split))
"""The iPoker reader, registered with :mod:`holdem.formats.histories`."""
