"""Coverage-guided fuzz targets for long campaigns with atheris (``pip install atheris``).

    python tests/fuzz/atheris_targets.py phh -max_total_time=3600 CORPUS_DIR

The first argument picks a target (cards, ranges, phh, acpc, histories or ohh); the others go to
libFuzzer.  Each input is read as text; anything it raises other than a
HoldemError or a TypeError is a crash, which libFuzzer saves as ``crash-*``:
turn it into a regression test.  The PHH files under tests/data make a good
first corpus for ``phh``, the files under tests/data/histories for ``histories``.
"""

from __future__ import annotations

import io
import sys

import atheris

with atheris.instrument_imports():
    from holdem import HandRange, equity, evaluate, parse_cards
    from holdem.errors import HoldemError
    from holdem.formats import acpc, ohh, phh
    from holdem.formats.histories import read_histories

GAME = acpc.GameDef.parse(
    "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 20000 20000\nblind = 100 50\n"
    "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\nnumBoardCards = 0 3 1 1\nEND GAMEDEF\n"
)


def cards(text: str) -> None:
    if len(parse_cards(text)) in (5, 6, 7):
        evaluate(text)


def ranges(text: str) -> None:
    if HandRange(text).combos():
        equity([text, "random"], samples=500, seed=1)


def acpc_text(text: str) -> None:
    first, _, rest = text.partition("\n")
    if first.startswith("MATCHSTATE"):
        acpc.MatchState.parse(first).to_hand(GAME)
    elif first.startswith(("STATE", "SCORE")):
        acpc.read_log(text.splitlines(), GAME)
    else:
        acpc.GameDef.parse(text).rules


def histories(text: str) -> None:
    """The sites' histories: never an exception, whatever the text (each hand a record or a problem)."""
    for _ in read_histories(io.StringIO(text)):
        pass


TARGETS = {
    "cards": cards, "ranges": ranges, "phh": phh.loads, "acpc": acpc_text, "histories": histories, "ohh": ohh.loads,
}  # fmt: skip


def main() -> None:
    target = TARGETS[sys.argv.pop(1)]

    def one_input(data: bytes) -> None:
        text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
        try:
            target(text)
        except (HoldemError, TypeError):
            pass

    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
