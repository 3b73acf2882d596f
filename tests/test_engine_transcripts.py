"""The engine over one copy of the rules plays as the engine before it did: thousands of random hands under
random rules and options, every state, view, error and message after every step (``engine_transcripts``)."""

from __future__ import annotations

import pytest

from engine_transcripts import DIGESTS, digest

RECORDED = DIGESTS.read_text().split()
# Hands whose transcript changed on purpose, by the fix named.
CHANGED: dict[int, str] = {}


@pytest.mark.parametrize("block", range(0, len(RECORDED), 250))
def test_random_hands_play_as_recorded(block):
    numbers = range(block, min(block + 250, len(RECORDED)))
    changed = [number for number in numbers if number not in CHANGED and digest(number) != RECORDED[number]]
    assert not changed, f"hands {changed} play otherwise: python tests/engine_transcripts.py {changed[0]}"
