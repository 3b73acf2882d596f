"""iPoker hand histories: the network's XML export (every skin's), cash and tournaments.

A file holds one or more ``<session>`` documents: the session's ``<general>``
(game, stakes, currency, table, the file owner's ``nickname``, a tournament's
code or name) and a ``<game>`` for each hand, with its ``<players>`` (seat, stack,
``dealer``, what each put in, ``bet``, and took, ``win``) and its rounds
(``round no="0"`` the posts, then preflop to the river), in which the actions
are grouped by player and ``no`` gives their real order.  Older exports put
many elements on a line (a game's end and the next one's start, all the
players, a round's cards and actions), and a session still being written has
no end tag yet.  The XML is read by :mod:`xml.parsers.expat`, a line at a
time and a hand at a time, so that memory stays flat; a document type
declaration or an entity is refused (``&amp;`` and the other four of XML
itself are read).

Game names are localised (``Holdem NL``, ``SL``, ``LP``, ``БЛ``, ``L`` ...);
some skins name a game by its limit alone, Omaha too (then told by its hole
cards).  Most tournaments name no stakes: the blinds are those posted.
Amounts are printed as the skin's locale has them (``€0,50``, ``1 001,24€``,
``RSD1.50``); cards suit first (``S9``, ``H10``).  Calls, bets and all-ins
are the chips added, and so is the older raise code ``6``; the raise code
``23`` is the street's total in older exports and the increment over the bet
faced in newer ones: the reading is the one that makes each player's chips
put in the export's own ``bet``.  A big blind posted with the small blind
(``type="2"``, their sum) has the small blind dead.  A player sitting out
(``9``) or not dealt in (``8``) is not in the hand; an all-in of disconnect
protection (``sum="DP"``) is not played.  The uncalled bet is in the
winner's ``win``, unless the export says ``uncalled_bet_enabled``; the rake
is the players' ``rakeamount`` where the export gives it.

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
_CODE_FIRST = re.compile(r"^\s*[A-Z]{3}(?=\d)")
_DAY_FIRST = re.compile(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})")

FOLD, SMALL_BLIND, BIG_BLIND, CALL, CHECK, BET, RAISE_ADDS, ALL_IN, NOT_DEALT, SITTING_OUT, ANTE, RAISE = (
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "15", "23",
)  # fmt: skip
_ADDING = frozenset({CALL, BET, RAISE_ADDS, ALL_IN})  # the codes whose sum is the chips added
_POSTS = {SMALL_BLIND: PostKind.SMALL_BLIND, BIG_BLIND: PostKind.BIG_BLIND, ANTE: PostKind.ANTE}
_OUT = frozenset({NOT_DEALT, SITTING_OUT})  # a player at the table not dealt in
_VERBS = {FOLD: "fold", CHECK: "check", CALL: "call", BET: "bet", RAISE_ADDS: "adds", ALL_IN: "all_in"}


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
    """The hands of the iPoker documents from the first line on: each game's text, then its
    session's ``<general>``, cut where their tags begin and end (one line may end a game and start
    the next); it stops after the last document's root ends, or at the end of the text after a
    whole game (a session still being written has no end tag yet)."""
    parser = _parser()
    depth = 0
    events: list[tuple[str, str, int]] = []  # (start or end, tag, the stream's byte offset of the tag)

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        if depth == 1 and tag != "session":
            raise _Refused(f"not an iPoker export: its root is <{tag[:40]}>, not <session>")
        if depth == 2 and tag in ("game", "general"):
            events.append(("start", tag, parser.CurrentByteIndex))

    def end(tag: str) -> None:
        nonlocal depth
        if depth == 2 and tag in ("game", "general"):
            events.append(("end", tag, parser.CurrentByteIndex))
        depth -= 1
        if depth == 0:
            events.append(("end", "session", parser.CurrentByteIndex))

    parser.StartElementHandler, parser.EndElementHandler = start, end
    general: list[str] = []
    kept: list[tuple[int, int, bytes]] = []  # (byte offset, line number, line): the element being read, or the last lines
    collecting: tuple[str, int] | None = None  # its tag and byte offset
    offset = 0
    for number, line in lines:
        if line == LINE_TOO_LONG:
            raise HandProblem("a line too long to be read: the rest of the file is not read", number)
        data = (line + "\n").encode("utf-8", "surrogatepass")
        kept.append((offset, number, data))
        offset += len(data)
        try:
            parser.Parse(data, False)
        except expat.ExpatError as error:
            raise HandProblem(
                f"not well-formed XML: {expat.errors.messages[error.code]}; the rest of the file is not read", number
            ) from None
        except _Refused as refused:
            raise HandProblem(f"{refused}; the rest of the file is not read", number) from None
        for kind, tag, at in events:
            if kind == "start":
                kept = [chunk for chunk in kept if chunk[0] + len(chunk[2]) > at]
                collecting = tag, at
            elif tag == "session":  # the next line may start another document
                return
            elif collecting is not None:
                first, text = _text(kept, tag, collecting[1], at)
                if tag == "game":
                    yield first, text + general
                else:
                    general = text
                collecting = None
        events.clear()
        if collecting is None:
            del kept[:-MAX_SESSION_LINES]  # (lines between elements; a tag may span a few)
        elif len(kept) > (MAX_SESSION_LINES if collecting[0] == "general" else MAX_HAND_LINES):
            raise HandProblem("a game or a session's header too long to be a hand's: the rest of the file is not read", number)
    try:
        parser.Parse(b"", True)
    except expat.ExpatError as error:  # "no element found" between the root's elements: a session still open
        if collecting is not None or depth != 1 or error.code != expat.errors.codes[expat.errors.XML_ERROR_NO_ELEMENTS]:
            where = kept[0][1] if collecting else None
            raise HandProblem("the document ends before its last element (the file cut short?)", where) from None


def _text(kept: list[tuple[int, int, bytes]], tag: str, begin: int, end_tag: int) -> tuple[int, list[str]]:
    """The lines of a ``tag`` element of the root from its start tag at byte ``begin`` to the end of
    its end tag at byte ``end_tag`` (or to ``end_tag`` for an empty element, ``<game/>``, which expat
    ends after its ``>``), the first line's number."""
    base = kept[0][0]
    data = b"".join(chunk[2] for chunk in kept)
    closed = data.startswith(b"</" + tag.encode(), end_tag - base)  # (what follows an empty one ends the root)
    stop = data.index(b">", end_tag - base) + 1 if closed else end_tag - base
    return kept[0][1], data[begin - base : stop].decode("utf-8", "surrogatepass").split("\n")


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
                if child.attributes.get("sum") == "DP":
                    raise HandProblem(
                        f"{child.attributes.get('player')} all in by disconnect protection: holdem does not play it", child.line
                    )
                actions.append((street, _number(child, "no"), child))
            elif child.tag == "cards":
                cards = _cards(child.text, child.line)
                owner = child.attributes.get("player", "")
                if owner and len(child.text.split()) > 2:  # the skins name Omaha by its limit alone too
                    named = f"{len(child.text.split())} cards dealt to each player"
                    raise HandProblem(f"not Texas hold'em: {named}", child.line, skipped=True, game=named)
                if owner:
                    dealt.add(owner)
                    if cards:
                        holes[owner] = cards
                else:
                    boards.extend(cards)
    actions.sort(key=lambda item: item[:2])
    acting = {action.attributes.get("player", "") for _, _, action in actions if action.attributes.get("type") not in _OUT}

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

    parsed.posts = [
        Post(action.attributes.get("player", ""), _POSTS[code], _amount(action, "sum"), Decimal(0), action.line)
        for _, _, action in actions if (code := action.attributes.get("type", "")) in _POSTS
    ]  # fmt: skip
    if not parsed.big_blind:
        _posted_blinds(parsed)
    both = parsed.small_blind + parsed.big_blind  # a big blind posted with the small, the small dead
    parsed.posts = [
        Post(post.name, post.kind, parsed.big_blind, parsed.small_blind, post.line)
        if post.kind == PostKind.BIG_BLIND and post.live == both else post
        for post in parsed.posts
    ]  # fmt: skip
    raise_verb = _raise_reading(actions, parsed.posts, listed, uncalled_apart)
    for street, _, action in actions:
        code = action.attributes.get("type", "")
        name = action.attributes.get("player", "")
        while len(parsed.streets) <= street:
            parsed.streets.append([])
        if code == RAISE:
            parsed.streets[street].append(Act(name, raise_verb, _amount(action, "sum"), action.line))
        elif code in _VERBS:
            amount = _amount(action, "sum") if code in _ADDING else None
            parsed.streets[street].append(Act(name, _VERBS[code], amount, action.line))
        elif code not in _OUT and code not in _POSTS:
            raise HandProblem(f"an action code holdem does not know: type {code!r} of {name}", action.line)
    return parsed


def _posted_blinds(parsed: ParsedHand) -> None:
    """The blinds of a hand whose export names no stakes (most tournaments'): the smallest of each
    posted, unless it is all its poster's chips (then less than the blind, perhaps)."""
    stacks = {seat.name: seat.stack for seat in parsed.seats}
    posted: dict[str, Decimal] = {}
    for post in parsed.posts:
        posted[post.name] = posted.get(post.name, Decimal(0)) + post.live
    for kind, blind in ((PostKind.SMALL_BLIND, "small_blind"), (PostKind.BIG_BLIND, "big_blind")):
        smallest = min((post for post in parsed.posts if post.kind == kind), key=lambda post: post.live, default=None)
        if smallest is not None and posted[smallest.name] >= stacks.get(smallest.name, Decimal(0)):
            raise HandProblem(f"no stakes: the session names none, and {smallest.name}'s blind is all their chips", smallest.line)
        if smallest is not None:
            setattr(parsed, blind, smallest.live)


def _game(parsed: ParsedHand, session: _Element, details: _Element, line: int) -> None:
    """The game, its structure, stakes, currency, table, time, tournament and the file's owner."""
    gametype = session.text_of("gametype") or ""
    match = _GAMETYPE.match(gametype)
    game = match["game"].strip() if match else gametype
    if match is None or (game and game not in _HOLDEM):  # (some skins name hold'em by its limit alone)
        raise HandProblem(f"not Texas hold'em: {gametype or 'no game named'}", line, skipped=True, game=gametype or None)
    parsed.structure = _LIMITS[match["limit"]]
    parsed.game = f"Hold'em {_LIMIT_NAMES[parsed.structure]}"
    parsed.tournament = session.text_of("tournamentcode") or session.text_of("tournamentname")
    parsed.table = session.text_of("tablename")
    parsed.hero = session.text_of("nickname")
    size = session.text_of("tablesize")
    parsed.max_seats = int(size) if size and size.isascii() and size.isdigit() else None
    if parsed.tournament is None:
        parsed.currency = session.text_of("tablecurrency") or session.text_of("currency") or currency_of(gametype)
    small = details.text_of("smallblind") or session.text_of("smallblind")
    big = details.text_of("bigblind") or session.text_of("bigblind")
    stakes = match["stakes"].split("/") if match["stakes"] else None
    if parsed.structure is Structure.FIXED_LIMIT and stakes:
        parsed.small_bet, parsed.big_bet = _money(stakes[0]), _money(stakes[1])
        stakes = None
    if small and big:
        parsed.small_blind, parsed.big_blind = _money(small), _money(big)
    elif stakes:
        parsed.small_blind, parsed.big_blind = _money(stakes[0]), _money(stakes[1])
    elif parsed.small_bet is not None:
        parsed.small_blind, parsed.big_blind = parsed.small_bet / 2, parsed.small_bet
    parsed.started = _time(details.text_of("startdate") or session.text_of("startdate") or "")


def _time(text: str) -> Any:
    day_first = _DAY_FIRST.match(text)
    if day_first is not None:  # 18.05.2021 18:26:13
        text = f"{day_first[3]}-{day_first[2]}-{day_first[1]}{text[day_first.end():]}"
    return site_time(text)


def _raise_reading(
    actions: list[tuple[int, int, _Element]], posts: list[Post], listed: list[_Element], uncalled_apart: bool
) -> str:
    """``raise_to`` or ``raise_by``: the reading of the raise code that makes each player's chips put
    in what the export's ``bet`` says (``raise_to`` when the export gives no ``bet`` or has no raise)."""
    if not any(action.attributes.get("type") == RAISE for _, _, action in actions):
        return "raise_to"
    printed = {player.attributes.get("name", ""): _amount(player, "bet") for player in listed if "bet" in player.attributes}
    if not printed:
        return "raise_to"
    for verb in ("raise_to", "raise_by"):
        totals = _put_in(actions, posts, verb)
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


def _put_in(actions: list[tuple[int, int, _Element]], posts: list[Post], verb: str) -> dict[str, Decimal]:
    """Each player's chips put in, the raise code read as ``verb``."""
    totals: dict[str, Decimal] = {}
    bets: dict[str, Decimal] = {}  # on the street being read, from the live blinds on
    for post in posts:
        totals[post.name] = totals.get(post.name, Decimal(0)) + post.dead
        into = totals if post.kind == PostKind.ANTE else bets
        into[post.name] = into.get(post.name, Decimal(0)) + post.live
    street_of = 0
    for street, _, action in actions:
        code, name = action.attributes.get("type"), action.attributes.get("player", "")
        if code not in _ADDING and code != RAISE:
            continue
        if street != street_of:
            for bettor, amount in bets.items():
                totals[bettor] = totals.get(bettor, Decimal(0)) + amount
            street_of, bets = street, {}
        amount = _amount(action, "sum")
        if code == RAISE:
            bets[name] = amount if verb == "raise_to" else max(bets.values(), default=Decimal(0)) + amount
        else:
            bets[name] = bets.get(name, Decimal(0)) + amount
    for name, amount in bets.items():
        totals[name] = totals.get(name, Decimal(0)) + amount
    return totals


def _number(element: _Element, attribute: str) -> int:
    text = element.attributes.get(attribute, "")
    if not text.isascii() or not text.isdigit() or len(text) > 18:
        raise HandProblem(f"<{element.tag}> {attribute}={text[:20]!r}: a whole number is needed", element.line)
    return int(text)


def _amount(element: _Element, attribute: str) -> Decimal:
    text = element.attributes.get(attribute, "0").strip() or "0"
    try:
        return _money(text)
    except HandProblem as problem:
        raise HandProblem(f"<{element.tag}> {attribute}: {problem.reason}", element.line) from None


def _money(text: str) -> Decimal:
    """An amount as the export prints it, a currency's code perhaps before it (``RSD1,50``)."""
    return parse_amount(_CODE_FIRST.sub("", text, count=1))


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
