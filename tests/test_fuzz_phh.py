"""Fuzz target: PHH text, mutated from real and random hands, is read by the contract."""

from __future__ import annotations

import io
import json
from pathlib import Path

from fuzzing import fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from holdem.formats import phh

DATA = Path(__file__).parent / "data"
TEXTS = [(DATA / "phh-sample" / "data" / "dwan-ivey-2009.phh").read_text()] + [
    json.loads(line)["phh"]
    for line in sorted((DATA / "random-hands").glob("*.jsonl"))[0].read_text().splitlines()[:30]
    if line
]
TOKENS = st.one_of(
    st.sampled_from(
        ["1e1000000", "-1e999999", "nan", "inf", "-inf", "9" * 30, "9" * 5000, "[", "]", "{", "}", '"', "'", "\\",
         "#", "\n", "=", ",", "-", ".", "0", "1.5", "٦", "²", "p9", "p0", "cbr", "sm", "????", "\x00", "\x7f",
         "[" * 1500, '"NT"', '"FT"', "true", "_max_bets = ", "_rake = ", "finishing_stacks = ", "seats = ",
         "variant = ", "{a = 1}", "1979-05-27", "d db ", "d dh p1 ", " f", " cc", "AsAd", "\ud7ff"]
    ),
    st.text(max_size=4),
)


@st.composite
def mutated(draw):
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 4))):
        position = draw(st.integers(0, len(text)))
        removed = draw(st.integers(0, 8))
        text = text[:position] + draw(st.one_of(st.just(""), TOKENS)) + text[position + removed :]
    return text


@fuzz_settings(3000)
@given(mutated())
def test_phh_text(text):
    try:
        history = phh.loads(text)
    except phh.InvalidHistoryError:
        return
    again = phh.loads(phh.dumps(history))
    assert again.hand.stacks == history.hand.stacks and again.hand.history == history.hand.history


@fuzz_settings(600)
@given(mutated(), st.binary(max_size=3), st.integers(0, 10**6))
def test_phh_bytes(text, noise, where):
    data = text.encode("utf-8", "surrogatepass")
    position = where % (len(data) + 1)
    data = data[:position] + noise + data[position:]
    for read in (phh.load, lambda file: list(phh.load_all(file))):
        try:
            read(io.BytesIO(data))
        except phh.InvalidHistoryError:
            pass
