"""Imported hands converted to PHH, OHH and JSON lines, and folders of histories converted at scale.

:func:`to_phh` writes a :class:`~holdem.formats.histories.SiteHand` as PHH
text with its names, seats, table, time, currency and rake (PHH's own fields
where it has them, ``_``-prefixed ones for the rest: ``_unit``, ``_net``,
``_rake_taken``, ...); :func:`from_phh` reads it back.  :func:`to_json` is one JSON
line of a record's facts.  :func:`convert` reads many files on a process
pool or a Dask cluster and writes the hands in the order of the files,
whatever the executor.

>>> from holdem.hand import Hand
>>> from holdem.rules import Rules
>>> hand = Hand(Rules.no_limit(1, 2), [100, 100, 100], seed=7)
>>> hand.raise_to(6), hand.fold(), hand.fold()
(Action('raise', 2, 6), Action('fold', 0), Action('fold', 1))
>>> record = ohh.loads(ohh.dumps(hand))
>>> again = from_phh(phh.loads(to_phh(record)))
>>> again.players, again.net, again.unit
(('p1', 'p2', 'p3'), (Decimal('-1'), Decimal('-2'), Decimal('3')), Decimal('1'))
"""

from __future__ import annotations

import dataclasses
import datetime
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor, as_completed
from decimal import Decimal
from typing import IO, Any

from holdem.cards import format_cards
from holdem.errors import HoldemError, InvalidHistoryError
from holdem.formats import ohh, phh
from holdem.formats.histories import Problem, SiteHand, Summary, files_of, read_histories
from holdem.limits import integer

__all__ = ["FORMATS", "Conversion", "convert", "from_phh", "to_json", "to_phh"]

FORMATS = ("phh", "ohh", "jsonl")
"""The formats :func:`convert` writes."""


def to_phh(record: SiteHand) -> str:
    """A record as PHH text (players from the seat left of the button, as PHH orders them).

    :raises InvalidHistoryError: for a hand PHH cannot record (see :func:`holdem.phh.dumps`).
    """
    hand = record.hand
    count = hand.player_count
    order = [(hand.button + 1 + player) % count for player in range(count)]
    fields: dict[str, Any] = {
        "players": [record.players[seat] for seat in order],
        "seats": [record.seats[seat] for seat in order],
        "venue": record.site,
    }
    if record.table is not None:
        fields["table"] = record.table
    if record.hand_id.isascii() and record.hand_id.isdigit() and len(record.hand_id) < 19:
        fields["hand"] = int(record.hand_id)
    else:
        fields["_hand_id"] = record.hand_id
    if record.max_seats is not None:
        fields["seat_count"] = record.max_seats
    if record.currency is not None:
        fields["currency"] = record.currency
    started = record.started
    if started is not None:
        fields.update(year=started.year, month=started.month, day=started.day, time=started.time().replace(tzinfo=None))
        if started.tzinfo is not None:
            fields["time_zone"] = str(getattr(started.tzinfo, "key", started.tzinfo))
            fields["_utc_offset"] = int((started.utcoffset() or datetime.timedelta()).total_seconds())
    if record.tournament is not None:
        fields["_tournament"] = record.tournament
    if record.hero is not None:
        fields["_hero"] = record.hero
    fields.update(
        _site_button=record.button if record.button is not None else -1,
        _game=record.game,
        _unit=record.unit,
        _net=[record.net[seat] for seat in order],
        _rake_taken=record.rake,
        _jackpot=record.jackpot,
    )
    if record.fast_fold:
        fields["_fast_fold"] = True
    for name in ("cash_outs", "cash_out_fees", "bounties"):
        value = getattr(record, name)
        if value:
            fields["_" + name] = dict(value)
    return phh.dumps(phh.HandHistory(hand, fields))


def from_phh(history: phh.HandHistory) -> SiteHand:
    """The record of a PHH hand written by :func:`to_phh` (or any PHH hand: players ``p1`` ...
    in chips when the fields are missing).

    :raises InvalidHistoryError: for fields of the wrong kind.
    """
    hand, fields = history.hand, history.fields
    count = hand.player_count
    order = [(hand.button + 1 + player) % count for player in range(count)]
    seat_of_player = {player: seat for player, seat in enumerate(order)}

    def by_seat(name: str, default: list[Any]) -> tuple[Any, ...]:
        values = fields.get(name, default)
        if not isinstance(values, list) or len(values) != count:
            raise InvalidHistoryError(f"{name} {values!r}: expected one value per player")
        return tuple(values[player] for player, _ in sorted(seat_of_player.items(), key=lambda item: item[1]))

    players = by_seat("players", [f"p{player + 1}" for player in range(count)])
    seats = by_seat("seats", [seat + 1 for seat in order])
    unit = _decimal(fields.get("_unit", 1), "_unit")
    payoffs = hand.payoffs
    net = tuple(_decimal(value, "_net") for value in by_seat("_net", [payoffs[seat] * unit for seat in order]))
    started = None
    if all(name in fields for name in ("year", "month", "day")):
        moment = fields.get("time", datetime.time())
        try:
            started = datetime.datetime.combine(datetime.date(fields["year"], fields["month"], fields["day"]), moment)
        except (TypeError, ValueError):
            raise InvalidHistoryError("year, month, day and time: not a date and time") from None
        offset = fields.get("_utc_offset")
        if isinstance(offset, int):
            zone = _zone(fields.get("time_zone"), offset)
            started = started.replace(tzinfo=zone)
    button = fields.get("_site_button", -1)
    return SiteHand(
        site=str(fields.get("venue", "PHH")),
        hand_id=str(fields.get("hand", fields.get("_hand_id", ""))),
        table=None if fields.get("table") is None else str(fields["table"]),
        started=started,
        tournament=None if fields.get("_tournament") is None else str(fields["_tournament"]),
        currency=None if fields.get("currency") is None else str(fields["currency"]),
        unit=unit,
        players=tuple(map(str, players)),
        seats=tuple(seats),
        button=None if button == -1 else button,
        hero=fields.get("_hero"),
        hand=hand,
        net=net,
        rake=_decimal(fields.get("_rake_taken", 0), "_rake_taken"),
        jackpot=_decimal(fields.get("_jackpot", 0), "_jackpot"),
        game=str(fields.get("_game", "PHH")),
        fast_fold=bool(fields.get("_fast_fold", False)),
        max_seats=fields.get("seat_count"),
        cash_outs=_amounts(fields.get("_cash_outs")),
        cash_out_fees=_amounts(fields.get("_cash_out_fees")),
        bounties=_amounts(fields.get("_bounties")),
    )


def _zone(name: object, offset: int) -> datetime.tzinfo:
    """The zone named, when it has that offset at the time; otherwise the fixed offset."""
    fixed = datetime.timezone(datetime.timedelta(seconds=offset))
    if isinstance(name, str) and name != str(fixed):
        try:
            from zoneinfo import ZoneInfo

            return ZoneInfo(name)
        except (ImportError, LookupError, ValueError, OSError):
            pass
    return fixed


def _decimal(value: object, name: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
        raise InvalidHistoryError(f"{name} {value!r}: expected a number")
    return Decimal(value)


def _amounts(value: object) -> dict[str, Decimal]:
    if not isinstance(value, dict):
        return {}
    return {str(name): _decimal(amount, "amount") for name, amount in value.items()}


def to_json(record: SiteHand) -> str:
    """One JSON line of a record's facts: who, where, when, the cards, each player's result.

    Amounts are written as strings of decimals, exactly.
    """
    hand = record.hand
    data = {
        "site": record.site,
        "hand_id": record.hand_id,
        "game": record.game,
        "table": record.table,
        "started": None if record.started is None else record.started.isoformat(),
        "tournament": record.tournament,
        "currency": record.currency,
        "unit": str(record.unit),
        "players": list(record.players),
        "seats": list(record.seats),
        "button": record.button,
        "hero": record.hero,
        "stacks": [str(stack * record.unit) for stack in hand.starting_stacks],
        "hole_cards": [format_cards(hand.hole_cards(seat)) or None for seat in range(hand.player_count)],
        "boards": [format_cards(board) for board in hand.boards],
        "net": [str(net) for net in record.net],
        "rake": str(record.rake),
        "jackpot": str(record.jackpot),
        "cash_outs": {name: str(amount) for name, amount in record.cash_outs.items()},
        "bounties": {name: str(amount) for name, amount in record.bounties.items()},
        "source": _text_of(record.source),
        "line": record.line,
    }
    return json.dumps(data, ensure_ascii=False)


def _text_of(source: object) -> str:
    """``source``, a file's name, as text that UTF-8 can write: a lone surrogate (a byte of a name that is not
    UTF-8, as Python keeps it) shown as a replacement character."""
    return _SURROGATE.sub("\ufffd", str(source))


_SURROGATE = re.compile("[\ud800-\udfff]")


_WRITERS = {"phh": to_phh, "ohh": ohh.dumps, "jsonl": to_json}


# ------------------------------------------------------------------ at scale


@dataclasses.dataclass
class Conversion:
    """What :func:`convert` did: the ``hands`` written, the ``summary`` of the reading and every ``problem``."""

    hands: int
    summary: Summary
    problems: list[Problem]


@dataclasses.dataclass(frozen=True)
class _Part:
    """One file's hands in the output format, with its counts and problems."""

    texts: list[str]
    summary: Summary
    problems: list[Problem]


def _convert_file(path: str, to: str) -> _Part:
    reader = read_histories(path)
    write = _WRITERS[to]
    texts = []
    problems = reader.problems
    for record in reader:
        try:
            texts.append(write(record))
        except HoldemError as error:
            reason = f"not written as {to.upper()}: {error}"
            problems.append(Problem(path, record.line, record.hand_id, record.site, reason))
            reader.summary.problems[f"not written as {to.upper()}"] += 1
    return _Part(texts, reader.summary, problems)


def convert(
    inputs: Sequence[str | os.PathLike[str]],
    to: str,
    output: IO[str],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | None = None,
) -> Conversion:
    """Read the hand histories of ``inputs`` (files, or folders and their subfolders) and write every
    imported hand to ``output`` as ``to`` (``"phh"``: a ``.phhs`` file of sections ``[1]``, ``[2]``
    ...; ``"ohh"``: JSON objects separated by blank lines; ``"jsonl"``: :func:`to_json` lines).

    The files are read on ``executor`` (a process pool, or a Dask cluster's
    ``Client(...).get_executor()``), else on a process pool of ``workers``
    processes (default: all cores; ``workers=1`` reads here).  The hands are
    written in the order of the files, and in each file in its order, whatever
    the executor.  A progress bar counts the files on a terminal unless
    ``progress`` is false.

    :raises InvalidHistoryError: for an unknown format or no input.
    :raises TypeError: for ``inputs`` not a list of paths, an ``output`` without ``write``, or
        ``workers`` not an integer.
    """
    paths_given = not isinstance(inputs, (str, bytes, os.PathLike)) and isinstance(inputs, Sequence)
    if not paths_given or not all(isinstance(path, (str, os.PathLike)) for path in inputs):
        raise TypeError(f"inputs {inputs!r}: give a list of files or folders, e.g. ['hands/']")
    if not callable(getattr(output, "write", None)):
        raise TypeError(f"output {output!r}: give a text file opened for writing")
    if to not in _WRITERS:
        raise InvalidHistoryError(f"format {to!r}: holdem writes {', '.join(FORMATS)}")
    if workers is not None:
        workers = integer(workers, "workers")
    paths = [path for source in inputs for path in files_of(source)]
    if not paths:
        raise InvalidHistoryError("no input: give files or folders of hand histories")
    summary = Summary()
    problems: list[Problem] = []
    hands = 0
    show = sys.stderr.isatty() if progress is None else progress
    # Here, not at import: `import holdem` stays quick.
    from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

    with tqdm(total=len(paths), unit=" files", disable=not show) as bar:
        for part in _parts(paths, to, executor, workers, bar.update):
            for text in part.texts:
                hands += 1
                if to == "phh":
                    output.write(f"{chr(10) if hands > 1 else ''}[{hands}]\n{text}")
                elif to == "ohh":
                    output.write(text + "\n\n")
                else:
                    output.write(text + "\n")
            summary.add(part.summary)
            problems.extend(part.problems)
    return Conversion(hands, summary, problems)


def _parts(
    paths: list[str], to: str, executor: Executor | None, workers: int | None, done: Any
) -> Iterator[_Part]:
    """Each file's part, in the order of ``paths``, as soon as it and those before it are read."""
    if executor is None:
        workers = min(os.cpu_count() or 1, len(paths)) if workers is None else workers
        if workers < 1:
            raise InvalidHistoryError(f"workers {workers!r}: use 1 or more processes")
        if workers == 1 or len(paths) == 1:
            for path in paths:
                part = _convert_file(path, to)
                done(1)
                yield part
            return
        from concurrent.futures import ProcessPoolExecutor  # here: multiprocessing is slow to import

        with ProcessPoolExecutor(workers) as pool:
            yield from _parts(paths, to, pool, None, done)
        return
    futures = {executor.submit(_convert_file, path, to): index for index, path in enumerate(paths)}
    waiting: dict[int, _Part] = {}
    following = 0
    for future in as_completed(futures):
        waiting[futures[future]] = future.result()
        done(1)
        while following in waiting:
            yield waiting.pop(following)
            following += 1
