"""The ``holdem stats`` subcommand: each player's statistics over the hands of PHH files.

>>> import argparse, pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hand.phh"
>>> _ = path.write_text('''variant = "NT"
... antes = [0, 0]
... blinds_or_straddles = [1, 2]
... min_bet = 2
... starting_stacks = [60, 60]
... actions = ["d dh p1 7c7d", "d dh p2 AhJc", "p2 cbr 6", "p1 cbr 18", "p2 f"]
... players = ["Cy", "Dee"]''')
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["stats", str(path)])
>>> arguments.run(arguments)
player  hands  vpip         pfr          3bet         fold 3bet    cbet         fold cbet    af           wtsd         w$sd         net  bb/100
Cy          1  100.0 (1/1)  100.0 (1/1)  100.0 (1/1)  -     (0/0)  -     (0/0)  -     (0/0)  -     (0/0)  -     (0/0)  -     (0/0)    6   300.0
Dee         1  100.0 (1/1)  100.0 (1/1)  -     (0/0)  100.0 (1/1)  -     (0/0)  -     (0/0)  -     (0/0)  -     (0/0)  -     (0/0)   -6  -300.0
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections.abc import Iterator

from holdem.cli.replay import _histories
from holdem.formats.phh import HandHistory
from holdem.stats import Aggression, PlayerStats, Ratio, StatsError, summarize

__all__ = ["add_to"]

_RATIOS = ("vpip", "pfr", "three_bet", "fold_to_three_bet", "cbet", "fold_to_cbet", "aggression", "wtsd", "wsd")
_HEADINGS = ("vpip", "pfr", "3bet", "fold 3bet", "cbet", "fold cbet", "af", "wtsd", "w$sd")


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``stats`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "stats",
        help="each player's statistics (VPIP, PFR, 3-bet, c-bet, aggression, showdowns) over PHH files",
        description=(
            "Count each player's statistics over the hands of PHH files (.phh, or .phhs with many hands): "
            "each ratio as a percentage with its count and opportunities (af: postflop bets and raises "
            "per call), chips won and big blinds won per 100 hands."
        ),
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="a .phh or .phhs file")
    parser.add_argument("--player", metavar="NAME", help="only this player")
    parser.add_argument("--by-position", action="store_true", help="also each player's statistics at each position")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON, every count and opportunity")
    output.add_argument("--csv", action="store_true", help="print CSV, a row a player (and position)")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    players = summarize(_all_hands(arguments.files), by_position=arguments.by_position)
    if arguments.player is not None:
        if arguments.player not in players:
            known = ", ".join(repr(name) for name in list(players)[:10]) + (" ..." if len(players) > 10 else "")
            raise StatsError(f"no hand of player {arguments.player!r} in the files: the players are {known}")
        players = {arguments.player: players[arguments.player]}
    ordered = sorted(players.values(), key=lambda player: -player.hands)
    rows = [row for player in ordered for row in (player, *player.positions.values())]
    if arguments.json:
        json.dump([_json(player) for player in ordered], sys.stdout, indent=2)
        print()
    elif arguments.csv:
        writer = csv.DictWriter(sys.stdout, list(_flat(rows[0])), lineterminator="\n")
        writer.writeheader()
        writer.writerows(_flat(row) for row in rows)
    else:
        print(_table(rows))


def _all_hands(paths: list[str]) -> Iterator[HandHistory]:
    for path in paths:
        yield from _histories(path)


def _cell(ratio: Ratio | Aggression) -> str:
    """A ratio as a percentage (aggression as a factor) with its counts; ``-`` without opportunity."""
    if isinstance(ratio, Aggression):
        factor = ratio.factor
        return f"{'-' if factor is None else f'{factor:.2f}':<6}({ratio.aggressive}/{ratio.calls})"
    fraction = ratio.fraction
    return f"{'-' if fraction is None else f'{100 * fraction:.1f}':<6}({ratio.count}/{ratio.opportunities})"


def _table(rows: list[PlayerStats]) -> str:
    labels = [row.name if row.position is None else f"  {row.position}" for row in rows]
    cells = [[_cell(getattr(row, name)) for name in _RATIOS] for row in rows]
    width = max(6, *map(len, labels))
    widths = [max(len(heading), *(len(line[index]) for line in cells)) for index, heading in enumerate(_HEADINGS)]
    nets = [str(row.net) for row in rows]
    net_width = max(3, *map(len, nets))
    lines = [
        f"{'player':<{width}}  hands  "
        + "  ".join(f"{heading:<{size}}" for heading, size in zip(_HEADINGS, widths))
        + f"  {'net':>{net_width}}  bb/100"
    ]
    for label, row, line, net in zip(labels, rows, cells, nets):
        lines.append(
            f"{label:<{width}}  {row.hands:>5}  "
            + "  ".join(f"{cell:<{size}}" for cell, size in zip(line, widths))
            + f"  {net:>{net_width}}  {row.bb_per_100:>6.1f}"
        )
    return "\n".join(lines)


def _json(player: PlayerStats) -> dict[str, object]:
    """A player's statistics with every count, and by position when counted."""
    record: dict[str, object] = {"player": player.name, "hands": player.hands}
    if player.position is not None:
        record = {"position": player.position, "hands": player.hands}
    for name in _RATIOS:
        ratio = getattr(player, name)
        if isinstance(ratio, Aggression):
            record[name] = {"aggressive": ratio.aggressive, "calls": ratio.calls, "factor": ratio.factor}
        else:
            record[name] = {"count": ratio.count, "opportunities": ratio.opportunities, "fraction": ratio.fraction}
    record["net"] = player.net
    record["bb_per_100"] = player.bb_per_100
    if player.positions:
        record["positions"] = [_json(at) for at in player.positions.values()]
    return record


def _flat(player: PlayerStats) -> dict[str, object]:
    """A CSV row: the player, the position (empty for all), each count and opportunity."""
    row: dict[str, object] = {"player": player.name, "position": player.position or "", "hands": player.hands}
    for name in _RATIOS:
        ratio = getattr(player, name)
        if isinstance(ratio, Aggression):
            row["aggressive"], row["calls"] = ratio.aggressive, ratio.calls
        else:
            row[name], row[f"{name}_opportunities"] = ratio.count, ratio.opportunities
    row["net"] = player.net
    row["bb_per_100"] = player.bb_per_100
    return row
