import doctest
from pathlib import Path

import pytest

import holdem._hand
import holdem._core
import holdem.formats._pokerstars
import holdem.formats._times
import holdem.formats._toml


@pytest.mark.parametrize(
    ("module", "examples"),
    [(holdem._core, 10), (holdem._hand, 3), (holdem.formats._toml, 2), (holdem.formats._times, 2),
     (holdem.formats._pokerstars, 5)],
)
def test_compiled_docstring_examples(module, examples):
    # pytest's doctest collection does not look inside compiled modules.
    results = doctest.testmod(module)
    assert results.attempted >= examples
    assert results.failed == 0


def test_readme_examples():
    readme = Path(__file__).parent.parent / "README.md"
    results = doctest.testfile(str(readme), module_relative=False)
    assert results.attempted > 5
    assert results.failed == 0
