import importlib
import subprocess
import sys

import pytest

import holdem

LAZY_MODULES = (
    "holdem.agents",
    "holdem.formats.acpc",
    "holdem.formats.phh",
    "holdem.match",
    "holdem.table",
    "holdem.tournament",
    "holdem.vector",
    "numpy",
)


def test_import_leaves_rarely_used_modules_unloaded():
    # A fresh interpreter: this one has loaded everything already.
    code = f"import sys, holdem; print(*[m for m in {LAZY_MODULES!r} if m in sys.modules])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == []


def test_every_public_name_is_listed_by_dir():
    assert set(holdem.__all__) <= set(dir(holdem))


def test_every_lazily_loaded_name_is_public():
    assert set(holdem._LAZY_MODULE_OF) <= set(holdem.__all__)


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("Table", "holdem.table"),
        ("play_match", "holdem.match"),
        ("GameDef", "holdem.formats.acpc"),
        ("RandomBot", "holdem.agents"),
        ("icm", "holdem.tournament"),
        ("VectorGame", "holdem.vector"),
    ],
)
def test_lazy_names_are_the_objects_of_their_modules(name, module):
    assert getattr(holdem, name) is getattr(importlib.import_module(module), name)


def test_lazy_format_modules_are_the_submodules():
    from holdem import acpc, phh

    assert acpc is sys.modules["holdem.formats.acpc"]
    assert phh is sys.modules["holdem.formats.phh"]


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="module 'holdem' has no attribute 'Nothing'"):
        getattr(holdem, "Nothing")
