"""The ``holdem equity`` subcommand: a table of equities, and an optional 13x13 plot.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="holdem")
>>> add_to(parser.add_subparsers())
>>> arguments = parser.parse_args(["equity", "AhKh", "QsQd", "--board", "2c7dJh"])
>>> arguments.run(arguments)
board 2c 7d Jh, dead -: exact over 990 runouts
player  hand or range  equity     win    tie
     1  AhKh           28.99%  28.99%  0.00%
     2  QsQd           71.01%  71.01%  0.00%
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import time
from typing import IO

from holdem.cards import CARD_NAMES, parse_cards
from holdem.cli._output import is_stream, replaced_at_the_end
from holdem.equity import EquityResult, equity
from holdem.errors import EquityError, HoldemError
from holdem.ranges import CLASS_GRID, HandRange, class_combos

__all__ = ["add_to"]

_CELL_SAMPLES = 20_000  # Monte Carlo samples per grid cell when a cell is not cheap to enumerate


def add_to(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``equity`` to the subcommands of the ``holdem`` command."""
    parser = subparsers.add_parser(
        "equity",
        help="equity of hands or ranges, exact or Monte Carlo",
        description="Each player's share of the pot at showdown. Players are hands (AhKh) or ranges "
        "('QQ+,AKs', 'A5s-A2s', '15%', random).",
    )
    parser.add_argument("players", nargs="+", help="one hand or range per player, 2 to 10 players")
    parser.add_argument("--board", default="", help="0, 3, 4 or 5 board cards, as in 2c7dJh")
    parser.add_argument("--dead", default="", help="cards out of the deck")
    parser.add_argument("--samples", type=int, default=200_000, help="Monte Carlo samples (default 200000)")
    parser.add_argument("--seed", type=int, help="seed, for reproducible Monte Carlo")
    parser.add_argument("--threads", type=int, help="threads to split the work over")
    parser.add_argument(
        "--exact",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="force enumeration or sampling (default: enumerate when cheap)",
    )
    parser.add_argument(
        "--plot",
        metavar="FILE",
        type=_plot_path,
        help="save a 13x13 grid as FILE (.png, .pdf, .svg, ...): the first player's equity against each class "
        "of the second player's range (heads-up), else the first range's composition; needs matplotlib",
    )
    parser.set_defaults(run=_run)


def _plot_path(path: str) -> str:
    """The ``--plot`` file, checked before any work: a known image format."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise argparse.ArgumentTypeError("needs matplotlib: pip install 'holdem-engine[plot]'") from None
    formats = Figure().canvas.get_supported_filetypes()
    if _image_format(path) not in formats:
        raise argparse.ArgumentTypeError(f"{path!r}: name a file ending in .{', .'.join(sorted(formats))}")
    return path


def _image_format(path: str) -> str:
    """The image format a file name asks for: its suffix, as in png or svg."""
    return os.path.splitext(path)[1].lstrip(".").lower()


def _run(arguments: argparse.Namespace) -> None:
    if arguments.plot and not any(_is_range(player) for player in arguments.players):
        raise EquityError("--plot draws a range: give at least one player a range such as 'QQ+,AKs'")
    with contextlib.ExitStack() as resources:
        # The plot's file opens first, so that a bad path stops the command before the work, not after it.
        plot_file = (
            resources.enter_context(replaced_at_the_end(arguments.plot, binary=True)) if arguments.plot else None
        )
        result = equity(
            arguments.players,
            arguments.board,
            arguments.dead,
            exact=arguments.exact,
            samples=arguments.samples,
            seed=arguments.seed,
            threads=arguments.threads,
            progress=_Progress() if sys.stderr.isatty() else None,
        )
        shown = sys.stderr if arguments.plot and is_stream(arguments.plot) else sys.stdout  # not into a piped plot
        print(_table(arguments.players, arguments.board, arguments.dead, result), file=shown)
        if plot_file is not None:
            _plot(arguments, plot_file)
    if arguments.plot:
        print(f"plot saved to {arguments.plot}", file=shown)


class _Progress:
    """On a terminal: the size of the job up front, then how much is done, on one line of stderr."""

    def __init__(self) -> None:
        self.shown: float | None = 0.0  # when the line was last written; None once the job is done

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.shown is None or (0 < done < total and now - self.shown < 0.2):
            return
        self.shown = None if done == total else now
        line = f"\r{done:,} of {total:,} runouts (or samples) done, {done / total:.0%}"
        print(line, end="\n" if done == total else "", file=sys.stderr, flush=True)


def _table(players: list[str], board: str, dead: str, result: EquityResult) -> str:
    def cards(text: str) -> str:
        return " ".join(CARD_NAMES[card] for card in parse_cards(text)) or "-"

    how = (
        f"exact over {result.runouts:,} runouts"
        if result.exact
        else f"Monte Carlo over {result.runouts:,} samples (+/- one standard error)"
    )
    width = max(13, *(len(player) for player in players))
    lines = [f"board {cards(board)}, dead {cards(dead)}: {how}"]
    lines.append(f"player  {'hand or range':<{width}}  equity     win    tie" + ("" if result.exact else "  +/-"))
    for index, player in enumerate(players):
        line = (
            f"{index + 1:>6}  {player:<{width}}  {result.equity[index]:>6.2%}"
            f"  {result.win[index]:>6.2%}  {result.tie[index]:>5.2%}"
        )
        lines.append(line + ("" if result.exact else f"  {result.stderr[index]:.2%}"))
    return "\n".join(lines)


def _plot(arguments: argparse.Namespace, file: IO[bytes]) -> None:
    players = arguments.players
    ranges = [(index, HandRange(player)) for index, player in enumerate(players) if _is_range(player)]
    if len(players) == 2 and ranges and ranges[-1][0] == 1:
        grid = _equity_grid(players[0], ranges[-1][1], arguments)
        title = f"{players[0]}: equity against each class of {players[1]}"
    else:
        grid = [list(row) for row in ranges[0][1].grid()]
        title = f"player {ranges[0][0] + 1}: share of each class in {players[ranges[0][0]]}"
    from matplotlib.figure import Figure

    figure = Figure(figsize=(8, 8.4))
    axes = figure.add_subplot()
    image = axes.imshow([[math.nan if cell is None else cell for cell in row] for row in grid],
                        cmap="RdYlGn", vmin=0, vmax=1)
    for row in range(13):
        for column in range(13):
            cell = grid[row][column]
            label = CLASS_GRID[row][column] + ("" if cell is None else f"\n{cell:.0%}")
            axes.text(column, row, label, ha="center", va="center", fontsize=7)
    axes.set_xticks([])
    axes.set_yticks([])
    axes.set_title(title, fontsize=10)
    figure.colorbar(image, ax=axes, fraction=0.046, pad=0.04)
    figure.savefig(file, format=_image_format(arguments.plot), dpi=100, bbox_inches="tight")


def _is_range(player: str) -> bool:
    try:
        return len(parse_cards(player)) != 2
    except HoldemError:
        return True


def _equity_grid(hero: str, villain: HandRange, arguments: argparse.Namespace) -> list[list[float | None]]:
    """The hero's equity against each class of the villain's range that keeps a combo."""
    known = parse_cards(hero) + parse_cards(arguments.board) + parse_cards(arguments.dead)
    weights = dict(villain.combos(dead=known))
    grid: list[list[float | None]] = []
    for row in CLASS_GRID:
        cells: list[float | None] = []
        for name in row:
            combos = [(combo, weights[combo]) for combo in class_combos(name) if combo in weights]
            if not combos:
                cells.append(None)
                continue
            part = HandRange(" ".join(f"{CARD_NAMES[a]}{CARD_NAMES[b]}:{weight!r}" for (a, b), weight in combos))
            result = equity([hero, part], arguments.board, arguments.dead, samples=_CELL_SAMPLES,
                            seed=arguments.seed, threads=arguments.threads)
            cells.append(result.equity[0])
        grid.append(cells)
    return grid
