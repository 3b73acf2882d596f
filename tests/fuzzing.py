"""Shared pieces of the fuzz targets (tests/test_fuzz_*.py).

The suite runs each target on a few deterministic examples; set
HOLDEM_FUZZ_EXAMPLES (for example to 100000) for a longer campaign on random
inputs, new on every run.
"""

from __future__ import annotations

import contextlib
import math
import os
from decimal import Decimal
from fractions import Fraction

import numpy
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from holdem.errors import HoldemError

EXAMPLES = int(os.environ.get("HOLDEM_FUZZ_EXAMPLES", "0"))


def fuzz_settings(examples: int) -> settings:
    """``examples`` deterministic examples in the suite, HOLDEM_FUZZ_EXAMPLES on demand."""
    return settings(
        max_examples=EXAMPLES or examples,
        derandomize=not EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


@contextlib.contextmanager
def answers_by_contract():
    """Let a call return or raise a HoldemError or a TypeError; anything else fails the test."""
    try:
        yield
    except (HoldemError, TypeError):
        pass


# Values to pass where an integer is expected: the edges and the wrong types the
# contract names (floats, bools, text, numpy integers, numbers too big for C).
awkward_numbers = st.one_of(
    st.integers(-3, 300),
    st.sampled_from([0, 1, -1, 2**31, 2**63, 2**64, -(2**63), 2**70, 10**400]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, 1.0, 2.5, True, False, None, "3", "x", b"1", [1], Decimal("1"), Fraction(1, 2)]),
    st.integers(0, 300).map(numpy.int64),
    st.integers(0, 255).map(numpy.uint8),
)


def no_nan(values) -> bool:
    return all(not (isinstance(value, float) and math.isnan(value)) for value in values)
