"""docs/rules.rst documents every Rules option, and every option it names exists (issue 25, item 7:
it documented ``half_bet_reopens`` after that option was removed)."""

from __future__ import annotations

import dataclasses
import inspect
import re
from pathlib import Path

import pytest

from holdem.rules import Rules

PAGE = Path(__file__).parent.parent / "docs" / "rules.rst"
pytestmark = pytest.mark.skipif(not PAGE.exists(), reason="the documentation is not here (an installed wheel)")
FIELDS = {field.name for field in dataclasses.fields(Rules)}
CONSTRUCTORS = {"no_limit", "pot_limit", "fixed_limit"}


def terms() -> list[str]:
    """The literals of the page's definition terms (a line of literals over an indented definition),
    defaults left out: the options it documents."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    return [
        literal
        for line, following in zip(lines, lines[1:])
        if line.startswith("``") and following.startswith("   ")
        for literal in re.findall(r"``([^`]+)``", re.sub(r"\(default[^)]*\)", "", line))
    ]


def test_every_rules_option_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"[A-Za-z_]+", " ".join(re.findall(r"``([^`]+)``", text))))
    assert FIELDS - named == set()


def test_every_option_the_page_names_exists():
    assert terms(), "the page has no definition terms"
    for literal in terms():
        constructor = re.fullmatch(r"Rules\.(\w+)\(([^)]*)\)", literal)
        if constructor:
            name, arguments = constructor.groups()
            assert name in CONSTRUCTORS, literal
            parameters = inspect.signature(getattr(Rules, name)).parameters
            assert {argument.strip() for argument in arguments.split(",")} <= set(parameters), literal
        else:
            option = re.match(r"\w+", literal).group()
            assert option in FIELDS, f"{literal!r} is not a Rules option"
