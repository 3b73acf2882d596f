import doctest
from pathlib import Path

import holdem._core


def test_core_docstring_examples():
    # pytest's doctest collection does not look inside compiled modules.
    results = doctest.testmod(holdem._core)
    assert results.attempted > 10
    assert results.failed == 0


def test_readme_examples():
    readme = Path(__file__).parent.parent / "README.md"
    results = doctest.testfile(str(readme), module_relative=False)
    assert results.attempted > 5
    assert results.failed == 0
