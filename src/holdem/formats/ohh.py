"""Open Hand History (OHH): the JSON hand histories of hh-specs.handhistory.org, read and written.

A hand is a JSON object ``{"ohh": {...}}`` with the game, the players and
their seats, the rounds of actions and the pots with each player's win.
:func:`loads` reads one, replays it through the engine and checks it against
its pots as :func:`holdem.read_histories` does a site's text, and returns a
:class:`~holdem.formats.histories.SiteHand`; :func:`load_all` reads a file of
hands (one a line, or separated by blank lines) lazily; :func:`dumps` writes
a :class:`~holdem.formats.histories.SiteHand` or a :class:`~holdem.hand.Hand`.
Amounts are decimals in the hand's currency (``unit`` times the engine's chips),
never floats.  A hand run more than once keeps each run's board in the
field ``_boards``, and one whose big blind was posted short all in says in
``_call_full_big_blind`` whether the others called it in full (the sites'
rule, and what a hand without the field is replayed under); a fixed-limit hand
whose bets are not one and two big blinds (partypoker's) gives them in
``_bets``: OHH has none of these.

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
>>> hand.raise_to(6), hand.fold(), hand.fold()
(Action('raise', 2, 6), Action('fold', 0), Action('fold', 1))
>>> record = loads(dumps(hand))
>>> record.players, record.net, record.hand.stacks == hand.stacks
(('p1', 'p2', 'p3'), (Decimal('-1'), Decimal('-2'), Decimal('3')), True)
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Iterable, Iterator
from decimal import Decimal
from typing import IO, Any

from holdem.actions import ActionKind
from holdem.cards import format_cards
from holdem.errors import InvalidHistoryError
from holdem.formats.histories import SiteHand, replay
from holdem.formats.parsing import Act, HandProblem, ParsedHand, Post, PostKind, Seat, parse_hand_cards
from holdem.formats.phh import MAX_HAND_TEXT, bounded_lines, checked_text
from holdem.hand import Hand
from holdem.rules import Structure

__all__ = ["MAX_HAND_TEXT", "dump", "dumps", "load", "load_all", "loads"]

SPEC_VERSION = "1.4.6"
_BET_TYPES = {"NL": Structure.NO_LIMIT, "PL": Structure.POT_LIMIT, "FL": Structure.FIXED_LIMIT}
_BET_TYPE_OF = {structure: name for name, structure in _BET_TYPES.items()}
_STREETS = {"Preflop": 0, "Flop": 1, "Turn": 2, "River": 3}
_STREET_NAMES = ("Preflop", "Flop", "Turn", "River")
_POSTS = {
    "Post SB": PostKind.SMALL_BLIND,
    "Post BB": PostKind.BIG_BLIND,
    "Post Ante": PostKind.ANTE,
    "Straddle": PostKind.STRADDLE,
    "Post Dead": PostKind.DEAD,
    "Post Extra Blind": PostKind.LIVE,
}
_DECISIONS = {"Fold": "fold", "Check": "check", "Call": "call", "Bet": "bet", "Raise": "raise_to"}
_IGNORED = frozenset({"Added Chips", "Sits Down", "Stands Up"})


# ------------------------------------------------------------------ reading


def loads(text: str | bytes, *, source: str = "<string>") -> SiteHand:
    """Read, replay and check one OHH hand (``{"ohh": {...}}`` or the inner object).

    :raises InvalidHistoryError: for text that is no JSON, a field missing or of the wrong kind,
        an illegal action, or pots the replay does not make (the message says which).
    :raises TypeError: for ``text`` neither ``str`` nor ``bytes``.
    """
    text = checked_text(text, source, "OHH")
    try:
        data = json.loads(text, parse_float=Decimal, parse_int=Decimal, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise InvalidHistoryError(f"{source}: not JSON: {error}") from None
    except (RecursionError, ValueError) as error:
        raise InvalidHistoryError(f"{source}: not JSON: {error}") from None
    try:
        return replay(parse(data), source)
    except HandProblem as problem:
        raise InvalidHistoryError(f"{source}: {problem.reason}") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is no amount")


def load(fp: IO[str] | IO[bytes]) -> SiteHand:
    """Read one OHH hand from a file opened for reading."""
    if not callable(getattr(fp, "read", None)):
        raise TypeError(f"load reads a file opened for reading, got {type(fp).__name__}: open the path first")
    return loads(fp.read(MAX_HAND_TEXT + 1), source=str(getattr(fp, "name", "<file>")))


def load_all(fp: Iterable[str] | Iterable[bytes]) -> Iterator[SiteHand]:
    """Yield the hands of an OHH file, one JSON object a line or objects separated by blank lines,
    reading it lazily.

    >>> import io
    >>> from holdem.hand import Hand
    >>> from holdem.rules import Rules
    >>> hands = [Hand(Rules.no_limit(1, 2), [50, 50], seed=seed) for seed in range(3)]
    >>> text = "".join(dumps(hand) + "\\n\\n" for hand in hands if hand.fold())
    >>> [record.net for record in load_all(io.StringIO(text))]
    [(Decimal('1'), Decimal('-1')), (Decimal('1'), Decimal('-1')), (Decimal('1'), Decimal('-1'))]
    """
    name = str(getattr(fp, "name", "<file>"))
    lines: list[str] = []
    size = start = depth = 0
    in_string = False
    for number, item in enumerate(bounded_lines(fp), 1):
        line = bytes(item).decode("utf-8", errors="replace") if isinstance(item, (bytes, bytearray)) else str(item)
        if not lines:
            start = number
            line = line.lstrip("\ufeff")
        if not line.strip() and not lines:
            continue
        lines.append(line)
        size += len(line)
        if size > MAX_HAND_TEXT:
            raise InvalidHistoryError(f"{name}, line {number}: a hand of more than {MAX_HAND_TEXT:,} characters")
        if line.strip():
            depth, in_string = _nesting(line, depth, in_string)
        if not line.strip() or (depth <= 0 and not in_string):  # a blank line, or the end of a whole value
            yield loads("".join(lines), source=f"{name}, line {start}")
            lines, size, depth, in_string = [], 0, 0, False
    if lines and "".join(lines).strip():
        yield loads("".join(lines), source=f"{name}, line {start}")


_MARKS = re.compile(r'["\\{}\[\]]')


def _nesting(line: str, depth: int, in_string: bool) -> tuple[int, bool]:
    """How deep JSON text is nested (objects and arrays open) after ``line``, and whether it ends inside a
    string, from ``depth`` and ``in_string`` before it: the marks alone are read, once each."""
    escaped = -1  # where a character escaped by a backslash is
    for mark in _MARKS.finditer(line):
        at, char = mark.start(), mark.group()
        if in_string:
            if at == escaped:
                continue
            if char == "\\":
                escaped = at + 1
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        else:
            depth += 1 if char in "{[" else -1
    return depth, in_string


def parse(data: object) -> ParsedHand:
    """The :class:`~holdem.formats.histories.ParsedHand` of a decoded OHH object.

    :raises HandProblem: for a field missing or of the wrong kind.
    """
    if isinstance(data, dict) and "ohh" in data:
        data = data["ohh"]
    if not isinstance(data, dict):
        raise HandProblem("not an OHH hand: expected a JSON object with the field 'ohh'")
    game_type = data.get("game_type", "Holdem")
    if game_type != "Holdem":
        raise HandProblem(f"not Texas hold'em: {game_type}", skipped=True, game=str(game_type))
    limit = _field(data, "bet_limit", dict, {})
    bet_type = limit.get("bet_type", "NL")
    if not isinstance(bet_type, str) or bet_type not in _BET_TYPES:
        raise HandProblem(f"bet_limit {bet_type!r}: OHH bet types are NL, PL and FL")
    site = str(data.get("site_name") or "OHH")
    parsed = ParsedHand(
        site, str(data.get("game_number", "")), 1, game=f"Holdem {bet_type}", structure=_BET_TYPES[bet_type]
    )
    tournament = data.get("tournament_info") if data.get("tournament") else None
    if isinstance(tournament, dict):
        parsed.tournament = str(tournament.get("tournament_number", ""))
    parsed.table = _optional_text(data.get("table_name")) or None
    size = data.get("table_size")
    if isinstance(size, Decimal) and size == size.to_integral_value() and 1 <= size <= 10:
        parsed.max_seats = int(size)
    currency = data.get("currency")
    parsed.currency = None if currency in (None, "Chips", "") or parsed.tournament else str(currency)
    parsed.started = _time(data.get("start_date_utc"))
    parsed.small_blind = _amount(data, "small_blind_amount")
    parsed.big_blind = _amount(data, "big_blind_amount")
    if parsed.structure is Structure.FIXED_LIMIT:
        fixed_bets = data.get("_bets", [parsed.big_blind, 2 * parsed.big_blind])
        if not isinstance(fixed_bets, list) or len(fixed_bets) != 2:
            raise HandProblem(f"a field of the wrong kind: _bets {fixed_bets!r} (the small bet and the big bet)")
        parsed.small_bet, parsed.big_bet = (_amount({"_bets": bet}, "_bets") for bet in fixed_bets)
        if not 0 < parsed.small_bet <= parsed.big_bet:
            raise HandProblem(f"_bets {fixed_bets!r}: a small bet above 0, and a big bet at least as big")
    dealer = data.get("dealer_seat")
    parsed.button = _integer(dealer, "dealer_seat") if dealer is not None else None

    names: dict[int, str] = {}
    for player in _field(data, "players", list, None):
        if not isinstance(player, dict):
            raise HandProblem("players: each player is an object")
        player_id = _integer(player.get("id"), "player id")
        name = str(player.get("name", f"player {player_id}"))
        names[player_id] = name
        if player.get("is_sitting_out") is True:
            continue
        bounty = player.get("player_bounty")
        parsed.seats.append(
            Seat(_integer(player.get("seat"), "seat"), name, _amount(player, "starting_stack"),
                 bounty if isinstance(bounty, Decimal) and bounty else None)
        )  # fmt: skip
    parsed.seats.sort(key=lambda seat: seat.number)
    hero = data.get("hero_player_id")
    parsed.hero = names.get(_integer(hero, "hero_player_id")) if hero is not None else None

    def name_of(action: dict[str, Any]) -> str:
        player_id = _integer(action.get("player_id"), "player_id")
        if player_id not in names:
            raise HandProblem(f"a player not dealt in: action by player {player_id}, who is not among the players")
        return names[player_id]

    board: list[int] = []
    for round_number, round_ in enumerate(_field(data, "rounds", list, [])):
        if not isinstance(round_, dict):
            raise HandProblem("rounds: each round is an object")
        street = round_.get("street")
        cards = round_.get("cards") or []
        if isinstance(cards, str):
            cards = cards.split()
        if not isinstance(cards, list):
            raise HandProblem(f"round {round_number}: cards are a list of card names")
        if cards:
            board.extend(parse_hand_cards(" ".join(map(str, cards))))
        index = _STREETS.get(street) if isinstance(street, str) else None
        if index is not None:
            while len(parsed.streets) <= index:
                parsed.streets.append([])
        elif street != "Showdown":
            raise HandProblem(f"round {round_number}: street {street!r}: use Preflop, Flop, Turn, River or Showdown")
        bets: dict[str, Decimal] = {}
        for action in _field(round_, "actions", list, []):
            if not isinstance(action, dict):
                raise HandProblem(f"round {round_number}: each action is an object")
            _action(parsed, action, name_of(action), index, bets)
    if isinstance(full := data.get("_call_full_big_blind"), bool):
        parsed.rules["call_full_big_blind"] = full
    extra = data.get("_boards")
    if isinstance(extra, list) and extra:
        parsed.boards = [parse_hand_cards(" ".join(map(str, run))) for run in extra if isinstance(run, list)]
    elif board:
        parsed.boards = [tuple(board)]
    parsed.returned = None
    total = Decimal(0)
    for pot in _field(data, "pots", list, []):
        if not isinstance(pot, dict):
            raise HandProblem("pots: each pot is an object")
        total += _amount(pot, "amount")
        parsed.rake += _amount(pot, "rake", Decimal(0))
        parsed.jackpot += _amount(pot, "jackpot", Decimal(0))
        for win in _field(pot, "player_wins", list, []):
            if not isinstance(win, dict):
                raise HandProblem("player_wins: each win is an object")
            name = name_of(win)
            parsed.collected[name] = parsed.collected.get(name, Decimal(0)) + _amount(win, "win_amount")
            cash_out = _amount(win, "cashout_amount", Decimal(0))
            if cash_out:
                parsed.cash_outs[name] = cash_out
            fee = _amount(win, "cashout_fee", Decimal(0))
            if fee or (cash_out and "cashout_fee" in win):  # a fee of a cash out, or of insurance
                parsed.cash_out_fees[name] = fee
    parsed.total_pot = total
    bounties = data.get("tournament_bounties")
    for bounty in [] if bounties is None else _field(data, "tournament_bounties", list, []):
        if isinstance(bounty, dict):
            name = name_of(bounty)
            parsed.bounties[name] = parsed.bounties.get(name, Decimal(0)) + _amount(bounty, "bounty_won")
    return parsed


def _action(
    parsed: ParsedHand, action: dict[str, Any], name: str, street: int | None, bets: dict[str, Decimal]
) -> None:
    kind = action.get("action")
    if not isinstance(kind, str):
        raise HandProblem(f"an action that is no action's name: {kind!r}")
    amount = action.get("amount")
    value = amount if isinstance(amount, Decimal) else Decimal(0)
    if not _is_amount(value):
        raise HandProblem(f"an amount that is no amount: {amount!r}")
    if kind == "Dealt Cards":
        cards = action.get("cards")
        if isinstance(cards, list) and cards:
            parsed.holes[name] = parse_hand_cards(" ".join(map(str, cards)))
    elif kind in _POSTS:
        post = _POSTS[kind]
        if post in (PostKind.DEAD,):
            parsed.posts.append(Post(name, post, Decimal(0), value))
        else:
            parsed.posts.append(Post(name, post, value))
            if post != PostKind.ANTE:
                bets[name] = bets.get(name, Decimal(0)) + value
    elif kind in _DECISIONS:
        if street is None:
            raise HandProblem(f"a decision at showdown: {name} {kind}")
        verb = _DECISIONS[kind]
        if verb in ("call", "bet", "raise_to"):
            bets[name] = bets.get(name, Decimal(0)) + value
        parsed.streets[street].append(
            Act(name, verb, bets[name] if verb in ("bet", "raise_to") else (value if verb == "call" else None))
        )
    elif kind == "Shows Cards":
        cards = action.get("cards")
        if isinstance(cards, list) and cards:
            shown = parse_hand_cards(" ".join(map(str, cards)))
            parsed.shown[name] = parsed.holes[name] = shown
    elif kind == "Mucks Cards":
        parsed.mucked.add(name)
    elif kind not in _IGNORED:
        raise HandProblem(f"an unknown action: {kind!r}")


def _field(data: dict[str, Any], name: str, kind: type, default: Any) -> Any:
    value = data.get(name, default)
    if value is None and default is None:
        raise HandProblem(f"a field missing: {name}")
    if not isinstance(value, kind):
        raise HandProblem(f"a field of the wrong kind: {name} {value!r}")
    return value


def _amount(data: dict[str, Any], name: str, default: Decimal | None = None) -> Decimal:
    value = data.get(name, default)
    if not isinstance(value, Decimal) or not _is_amount(value):
        raise HandProblem(f"an amount that is no amount: {name} {value!r}")
    return value


def _is_amount(value: Decimal) -> bool:
    """Whether ``value`` can be an amount: not negative, and of at most 40 digits either side of the point (as
    the sites' amounts are read), so that no sum of amounts overflows."""
    return value.is_finite() and value >= 0 and value.adjusted() < 40 and int(value.as_tuple().exponent) >= -40


def _integer(value: object, name: str) -> int:
    if not isinstance(value, Decimal) or value != value.to_integral_value() or value.copy_abs() > 10**9:
        raise HandProblem(f"a number that is no whole number: {name} {value!r}")
    return int(value)


def _optional_text(value: object) -> str | None:
    return None if value is None else str(value)


def _time(value: object) -> datetime.datetime | None:
    if not isinstance(value, str):
        return None
    try:
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=datetime.timezone.utc)


# ------------------------------------------------------------------ writing


def dumps(record: SiteHand | Hand) -> str:
    """Write a hand as OHH JSON: a :class:`~holdem.formats.histories.SiteHand` with its names,
    seats, table, time, currency and rake, or a :class:`~holdem.hand.Hand` (players ``p1`` ...
    from the seat left of the button, in chips).

    :raises InvalidHistoryError: for a hand not over or void.
    """
    if isinstance(record, Hand):
        record = _bare(record)
    hand, unit = record.hand, record.unit
    if not hand.is_over or hand.is_void:
        raise InvalidHistoryError("OHH records finished hands: this one is not over, or void")

    def money(chips: int) -> Decimal:
        return chips * unit

    rules = hand.rules
    ids = {seat: seat for seat in range(hand.player_count)}
    data: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": record.site,
        "network_name": record.site,
        "internal_version": "holdem",
        "tournament": record.tournament is not None,
        "game_number": record.hand_id,
        "start_date_utc": _utc(record.started),
        "table_name": record.table or "",
        "game_type": "Holdem",
        "bet_limit": {"bet_type": _BET_TYPE_OF[rules.structure], "bet_cap": 0},
        "table_size": record.max_seats or hand.player_count,
        "currency": record.currency or "Chips",
        "dealer_seat": record.seats[hand.button] if record.button is None else record.button,
        "small_blind_amount": money(rules.small_blind),
        "big_blind_amount": money(rules.big_blind),
        "ante_amount": money(rules.ante),
    }
    if record.tournament is not None:
        data["tournament_info"] = {"tournament_number": record.tournament}
    if record.hero in record.players:
        data["hero_player_id"] = record.players.index(record.hero)
    data["players"] = [
        {"id": ids[seat], "seat": record.seats[seat], "name": record.players[seat], "starting_stack": money(stack)}
        for seat, stack in enumerate(hand.starting_stacks)
    ]
    rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "cards": [], "actions": []}]
    showdown: list[dict[str, Any]] = []
    bets = [0] * hand.player_count
    number = 0
    straddle_seats = _straddle_seats(hand)
    short_big_blind = False  # a big blind posted all in for less: called in full or not, as the rules say
    small_seat = None
    if not hand.dead_small_blind:
        small_seat = hand.button if hand.player_count == 2 else (hand.button + 1) % hand.player_count
    for action in hand.history:
        kind, seat = action.kind, action.seat
        entry: dict[str, Any] | None = None
        if kind is ActionKind.DEAL_HOLE:
            entry = {"action": "Dealt Cards"}
            if action.cards:
                entry["cards"] = format_cards(action.cards, " ").split()
        elif kind is ActionKind.POST_ANTE:
            entry = {"action": "Post Ante", "amount": money(action.amount)}
        elif kind is ActionKind.POST_BLIND:
            if seat in hand.posts:
                name = "Post Extra Blind"
            elif seat in straddle_seats:
                name = "Straddle"
            elif seat == small_seat:
                name = "Post SB"
            else:
                name = "Post BB"
                short_big_blind = short_big_blind or action.amount < rules.big_blind
            bets[seat] += action.amount  # type: ignore[index]
            entry = {"action": name, "amount": money(action.amount)}
        elif kind is ActionKind.POST_DEAD:
            entry = {"action": "Post Dead", "amount": money(action.amount)}
        elif kind is ActionKind.DEAL_BOARD and not action.amount:
            street = len(rounds)
            bets = [0] * hand.player_count
            cards = format_cards(action.cards, " ").split()
            rounds.append({"id": street, "street": _STREET_NAMES[min(street, 3)], "cards": cards, "actions": []})
        elif kind in (ActionKind.FOLD, ActionKind.CHECK):
            entry = {"action": "Fold" if kind is ActionKind.FOLD else "Check"}
        elif kind is ActionKind.CALL:
            bets[seat] += action.amount  # type: ignore[index]
            entry = {"action": "Call", "amount": money(action.amount)}
        elif kind in (ActionKind.BET, ActionKind.RAISE):
            put = action.amount - bets[seat]  # type: ignore[index]
            bets[seat] = action.amount  # type: ignore[index]
            entry = {"action": "Bet" if kind is ActionKind.BET else "Raise", "amount": money(put)}
        elif kind in (ActionKind.SHOW, ActionKind.MUCK):
            entry = {"action": "Shows Cards" if kind is ActionKind.SHOW else "Mucks Cards"}
            if action.cards:
                entry["cards"] = format_cards(action.cards, " ").split()
            number += 1
            showdown.append({"action_number": number, "player_id": ids[seat], **entry})  # type: ignore[index]
            continue
        if entry is not None and seat is not None:
            number += 1
            rounds[-1]["actions"].append({"action_number": number, "player_id": ids[seat], **entry})
    if showdown:
        rounds.append({"id": len(rounds), "street": "Showdown", "cards": [], "actions": showdown})
    data["rounds"] = rounds
    if len(hand.boards) > 1:
        data["_boards"] = [format_cards(board, " ").split() for board in hand.boards]
    if short_big_blind:
        data["_call_full_big_blind"] = rules.call_full_big_blind
    fixed_bets = (rules.small_bet, rules.big_bet)
    if rules.structure is Structure.FIXED_LIMIT and fixed_bets != (rules.big_blind, 2 * rules.big_blind):
        data["_bets"] = [money(rules.small_bet), money(rules.big_bet)]
    won = [0] * hand.player_count
    for action in hand.history:
        if action.kind is ActionKind.WIN:
            won[action.seat] += action.amount  # type: ignore[index]
    # What each player took from the pots: the engine's award less the player's share of the rake.
    collected = [
        won[seat] * unit - (payoff * unit - net) for seat, (payoff, net) in enumerate(zip(hand.payoffs, record.net))
    ]
    data["pots"] = [
        {
            "number": 0,
            "amount": sum(collected) + record.rake + record.jackpot,
            "rake": record.rake,
            "jackpot": record.jackpot,
            "player_wins": [
                _win(ids[seat], collected[seat], record, record.players[seat])
                for seat in range(hand.player_count)
                if won[seat] or record.players[seat] in record.cash_outs or record.players[seat] in record.cash_out_fees
            ],
        }
    ]
    if record.bounties:
        data["tournament_bounties"] = [
            {"player_id": record.players.index(name), "bounty_won": amount}
            for name, amount in record.bounties.items()
            if name in record.players
        ]
    return _json({"ohh": data})


def dump(record: SiteHand | Hand, fp: IO[str]) -> None:
    """Write a hand as OHH JSON to a file opened for writing, with the blank line that separates hands."""
    fp.write(dumps(record) + "\n\n")


def _win(player_id: int, amount: Decimal, record: SiteHand, name: str) -> dict[str, Any]:
    win: dict[str, Any] = {"player_id": player_id, "win_amount": amount}
    if name in record.cash_outs:
        win["cashout_amount"] = record.cash_outs[name]
    if name in record.cash_out_fees:
        win["cashout_fee"] = record.cash_out_fees[name]
    return win


def _straddle_seats(hand: Hand) -> set[int]:
    count = hand.player_count
    big = hand.button + 1 if count == 2 or hand.dead_small_blind else hand.button + 2
    return {(big + position + 1) % count for position, amount in enumerate(hand.straddles) if amount}


def _utc(moment: datetime.datetime | None) -> str:
    if moment is None:
        return ""
    if moment.tzinfo is None:
        return moment.isoformat()
    return moment.astimezone(datetime.timezone.utc).replace(tzinfo=None).isoformat() + "Z"


def _bare(hand: Hand) -> SiteHand:
    """A plain hand as a record: players ``p1`` ... from the seat left of the button, in chips."""
    count = hand.player_count
    names = tuple(f"p{(seat - hand.button - 1) % count + 1}" for seat in range(count))
    return SiteHand(
        site="holdem", hand_id="", table=None, started=None, tournament=None, currency=None, unit=Decimal(1),
        players=names, seats=tuple(range(1, count + 1)), button=hand.button + 1, hero=None, hand=hand,
        net=tuple(Decimal(payoff) for payoff in hand.payoffs), rake=Decimal(hand.rake), jackpot=Decimal(0),
        game=f"Holdem {_BET_TYPE_OF[hand.rules.structure]}",
    )  # fmt: skip


_NUMBER_MARK = "\x00\x01number:"
_MARKED = re.compile(r'"\\u0000\\u0001number:([-0-9.E+]+)"')


def _json(data: object) -> str:
    """JSON text with every Decimal written as a number, exactly (no float on the way)."""

    def marked(value: object) -> object:
        if isinstance(value, Decimal):
            return _NUMBER_MARK + str(value)
        if isinstance(value, dict):
            return {key: marked(item) for key, item in value.items()}
        if isinstance(value, list):
            return [marked(item) for item in value]
        return value

    return _MARKED.sub(lambda match: match[1], json.dumps(marked(data), ensure_ascii=False, indent=2))
