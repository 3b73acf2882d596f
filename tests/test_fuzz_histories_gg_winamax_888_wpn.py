"""Fuzz targets: the GGPoker, Winamax, 888poker and WPN readers, on their fixtures' text mutated, yield only
records that balance or problems, and never raise."""

from __future__ import annotations

import io
from pathlib import Path

from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.formats.histories import read_histories

DATA = Path(__file__).parent / "data" / "histories"


def texts(folder: str) -> list[str]:
    """The fixture files of a site, decoded as the reader decodes them."""
    found = []
    for path in sorted((DATA / folder).iterdir()):
        data = path.read_bytes()
        found.append(data.decode("utf-16") if data.startswith(b"\xff\xfe") else data.decode("utf-8", errors="replace"))
    return found


TOKENS = st.one_of(
    st.sampled_from(
        ["\n", " ", "$", "€", ",", ".", "0", "9" * 30, "-1", "1e9", "[", "]", "(", ")", ":", "*** ", "** ", " and is all-in",
         " to ", "raises", "calls", "folds", "checks", "bets", "posts", "collected", "Seat 1: ", "Dealt to ", "\x00",
         "\ufeff", "Ah Kd", "[ Ah, Kd ]", "SECOND Board [2c 3d]", "Player ", "*** SUMMARY ***", "** Summary **",
         "------ Summary ------", "Uncalled bet", "straddle", "dead", "#Game No : 1\n"]
    ),
    st.text(max_size=4),
)


def mutations(folder: str) -> st.SearchStrategy[str]:
    @st.composite
    def mutated(draw: st.DrawFn) -> str:
        text = draw(st.sampled_from(texts(folder)))
        for _ in range(draw(st.integers(1, 4))):
            position = draw(st.integers(0, len(text)))
            removed = draw(st.integers(0, 12))
            text = text[:position] + draw(st.one_of(st.just(""), TOKENS)) + text[position + removed :]
        return text

    return mutated()


def reads_by_contract(text: str) -> None:
    reader = read_histories(io.StringIO(text))
    for record in reader:
        assert record.hand.is_over
        assert sum(record.net) + record.rake + record.jackpot == 0
    assert all(problem.reason and problem.line >= 1 for problem in reader.problems)


@fuzz_settings(400)
@given(mutations("ggpoker"))
def test_ggpoker_text(text: str) -> None:
    reads_by_contract(text)


@fuzz_settings(400)
@given(mutations("winamax"))
def test_winamax_text(text: str) -> None:
    reads_by_contract(text)


@fuzz_settings(400)
@given(mutations("888poker"))
def test_888poker_text(text: str) -> None:
    reads_by_contract(text)


@fuzz_settings(400)
@given(mutations("wpn"))
def test_wpn_text(text: str) -> None:
    reads_by_contract(text)
