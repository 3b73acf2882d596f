import doctest

import holdem._core


def test_core_docstring_examples():
    # pytest's doctest collection does not look inside compiled modules.
    results = doctest.testmod(holdem._core)
    assert results.attempted > 10
    assert results.failed == 0
