"""The ``holdem sim`` subcommand: a match between reference bots.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["sim", "--hands", "200", "--players", "2", "--bots", "tight,station",
...                                "--seed", "1", "--workers", "1", "--quiet"])
>>> arguments.run(arguments)  # doctest: +ELLIPSIS
200 hands of no-limit 1/2, 100 big blinds, seed 1: ... hands/s
agent    hands  net chips  bb/100  ± (95%)  faults
tight      200        ...
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import math
import os
import re
import signal
import sys
from collections.abc import Iterator
from concurrent.futures import Executor

from holdem.cli._game import add_game_options, bots_from, positive, rules_from
from holdem.cli._output import is_stream, replaced_at_the_end
from holdem.errors import MatchError
from holdem.match import AgentResult, play_match

__all__ = ["add_to"]


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``sim`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "sim",
        help="a match between reference bots: results and hands per second",
        description="Play a match between reference bots and print each bot's results.",
    )
    add_game_options(parser, players=6, bots="random,station,tight")
    parser.add_argument("--hands", type=positive, default=10_000, help="hands to play (default 10000)")
    parser.add_argument("--duplicate", action="store_true", help="deal each deck once per seat rotation")
    parser.add_argument("--carry-stacks", action="store_true", help="carry stacks from hand to hand")
    parser.add_argument(
        "--aivat", action="store_true",
        help="play duplicate deals and print, side by side, each bot's plain interval (each hand a sample), "
        "its duplicate interval (each deal) and its AIVAT estimate and interval: the luck of the cards and of "
        "the known bots' choices taken out (--hands: a multiple of the players)",
    )  # fmt: skip
    parser.add_argument("--workers", type=positive, help="processes to play on (default: all cores)")
    parser.add_argument("--scheduler", metavar="ADDRESS", help="play on a Dask cluster (needs holdem-engine[dask])")
    parser.add_argument("--phh", metavar="FILE", help="write every hand to FILE as a .phhs hand history")
    parser.add_argument(
        "--json", metavar="FILE", help="write the settings, the seed and each bot's results to FILE as JSON"
    )
    parser.add_argument(
        "--csv", metavar="FILE", help="write each bot's results to FILE as CSV, a row a bot, with the settings and seed"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.set_defaults(run=_run)


def _run(arguments: argparse.Namespace) -> None:
    rules = rules_from(arguments)
    bots = bots_from(arguments.bots, arguments.players)
    # AIVAT comes with duplicate deals: one run gives the plain, the duplicate and the AIVAT results.
    duplicate = arguments.duplicate or arguments.aivat
    if arguments.aivat and arguments.carry_stacks:
        raise MatchError("--aivat plays duplicate deals, which start from equal stacks: drop --carry-stacks")
    if arguments.aivat and arguments.hands % len(bots):
        hands = arguments.hands // len(bots) * len(bots) or len(bots)
        raise MatchError(f"--aivat plays duplicate deals, one per seat rotation: give --hands a multiple of "
                         f"{len(bots)} (such as {hands})")  # fmt: skip
    with contextlib.ExitStack() as resources:
        # The files open first, so that a bad path stops the command before the match, not after it.
        phh_file, json_file, csv_file = (
            resources.enter_context(replaced_at_the_end(path)) if path else None
            for path in (arguments.phh, arguments.json, arguments.csv)
        )
        result = play_match(
            bots, arguments.hands, rules=rules, stack=arguments.stack, seed=arguments.seed,
            duplicate=duplicate, carry_stacks=arguments.carry_stacks, workers=1,
            executor=resources.enter_context(_executor(arguments)), phh_file=phh_file,
            progress=False if arguments.quiet else None, aivat=arguments.aivat,
        )  # fmt: skip
        stack = arguments.stack or 100 * rules.big_blind
        settings = {
            "hands": result.hands, "players": len(bots), "structure": rules.structure.value,
            "small_blind": rules.small_blind, "big_blind": rules.big_blind, "stack": stack,
            "duplicate": duplicate, "carry_stacks": arguments.carry_stacks, "seed": result.seed,
        }  # fmt: skip
        if arguments.aivat:
            settings["aivat"] = True
        rows = [_row(agent) for agent in result.agents]
        if json_file is not None:
            json.dump({"settings": settings, "agents": rows, "hands_per_second": result.hands_per_second},
                      json_file, indent=2)  # fmt: skip
            json_file.write("\n")
        if csv_file is not None:
            writer = csv.DictWriter(csv_file, list(rows[0] | settings))
            writer.writeheader()
            writer.writerows(row | settings for row in rows)
    written = [path for path in (arguments.phh, arguments.json, arguments.csv) if path]
    shown = sys.stderr if any(is_stream(path) for path in written) else sys.stdout  # not into a pipe's records
    print(
        f"{result.hands} hands of {rules.structure.value} {rules.small_blind}/{rules.big_blind}, "
        f"{stack / rules.big_blind:g} big blinds, seed {result.seed}: {result.hands_per_second:,.0f} hands/s",
        file=shown,
    )
    print(_shown(result.table()), file=shown)


def _shown(table: str) -> str:
    """The results table with each interval that cannot be computed (fewer than two samples) as ``n/a``,
    and a note saying why.

    >>> print(_shown("agent  bb/100  ± (95%)\\nann      50.0      inf"))
    agent  bb/100  ± (95%)
    ann      50.0      n/a
    n/a: an interval needs at least two samples (hands; deals for ± deals and AIVAT): play more hands
    """
    shown = re.sub(r"(?<!\S)inf(?!\S)", "n/a", table)
    if shown == table:
        return table
    return shown + "\nn/a: an interval needs at least two samples (hands; deals for ± deals and AIVAT): play more hands"


def _row(agent: AgentResult) -> dict[str, object]:
    """A bot's results (with the plain interval of a duplicate match's hands, and AIVAT's results, when
    computed); the ends of a 95% interval are None while it is unbounded (fewer than two samples)."""
    row: dict[str, object] = {
        "bot": agent.name, "hands": agent.hands, "net": agent.net, "bb_per_100": agent.bb_per_100,
        **_ends("bb_per_100", agent.interval, agent.margin), "faults": agent.faults,
    }  # fmt: skip
    if agent.hand_interval is not None and agent.hand_margin is not None:
        row |= _ends("plain_bb_per_100", agent.hand_interval, agent.hand_margin)
    if agent.aivat_interval is not None and agent.aivat_margin is not None:
        row["aivat_bb_per_100"] = agent.aivat_bb_per_100
        row |= _ends("aivat_bb_per_100", agent.aivat_interval, agent.aivat_margin)
    return row


def _ends(name: str, interval: tuple[float, float], margin: float) -> dict[str, float | None]:
    low, high = interval if math.isfinite(margin) else (None, None)
    return {f"{name}_low": low, f"{name}_high": high}


@contextlib.contextmanager
def _executor(arguments: argparse.Namespace) -> Iterator[Executor | None]:
    """Where the chunks run: a Dask cluster, a pool of processes that leave Ctrl-C to this one, or here (None)."""
    if arguments.scheduler:
        try:
            from dask.distributed import Client
        except ImportError:
            raise MatchError("--scheduler needs Dask: pip install 'holdem-engine[dask]'") from None
        with Client(arguments.scheduler) as client:  # type: ignore[no-untyped-call]
            yield client.get_executor()
        return
    workers = (os.cpu_count() or 1) if arguments.workers is None else arguments.workers
    if workers == 1:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor  # here: multiprocessing is slow to import

    pool = ProcessPoolExecutor(workers, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        yield pool
    finally:
        pool.shutdown(cancel_futures=True)
